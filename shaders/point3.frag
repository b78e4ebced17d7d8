#version 330 core
// A disc with a rim, by its distance to the centre (as shaders/circle.frag, full circles only).
in vec2 vLocal;
flat in float vRadius;
flat in vec4 vFill;
flat in vec4 vRim;

uniform float uRimWidth;

out vec4 outColor;

void main() {
  float distanceToCentre = length(vLocal);
  float fillCoverage = clamp(vRadius - distanceToCentre + 0.5, 0.0, 1.0);
  float rimCoverage = clamp(0.5 * uRimWidth - abs(distanceToCentre - vRadius) + 0.5, 0.0, 1.0);
  vec4 fill = vec4(vFill.rgb, vFill.a * fillCoverage);
  vec4 rim = vec4(vRim.rgb, vRim.a * rimCoverage);
  float alpha = rim.a + fill.a * (1.0 - rim.a);
  if (alpha <= 0.0) discard;
  outColor = vec4((rim.rgb * rim.a + fill.rgb * fill.a * (1.0 - rim.a)) / alpha, alpha);
}
