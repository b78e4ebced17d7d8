#version 330 core
// A disc with a rim, by its distance to the centre (as shaders/circle.frag, full circles only). uHidden: the look
// of the on-top layer's points behind a surface: (1, unused, fill factor, 0), a ring; zero: as given.
in vec2 vLocal;
flat in float vRadius;
flat in vec4 vFill;
flat in vec4 vRim;

uniform float uRimWidth;
uniform vec4 uHidden;

out vec4 outColor;

void main() {
  float distanceToCentre = length(vLocal);
  float fillCoverage = clamp(vRadius - distanceToCentre + 0.5, 0.0, 1.0);
  bool hidden = uHidden.x > 0.0;
  float rimWidth = hidden ? 2.0 * uRimWidth : uRimWidth;  // still within the quad (shaders/point3.vert)
  float rimCoverage = clamp(0.5 * rimWidth - abs(distanceToCentre - vRadius) + 0.5, 0.0, 1.0);
  vec4 fill = vec4(vFill.rgb, vFill.a * fillCoverage * (hidden ? uHidden.z : 1.0));
  // Hidden, the rim takes the fill's colour, so a ring of the point's colour around a faint centre is left.
  vec4 rim = hidden ? vec4(vFill.rgb, vFill.a * rimCoverage) : vec4(vRim.rgb, vRim.a * rimCoverage);
  float alpha = rim.a + fill.a * (1.0 - rim.a);
  if (alpha <= 0.0) discard;
  outColor = vec4((rim.rgb * rim.a + fill.rgb * fill.a * (1.0 - rim.a)) / alpha, alpha);
}
