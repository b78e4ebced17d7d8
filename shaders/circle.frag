#version 330 core
// Disc and ring coverage from the distance to the centre; an arc keeps only its angular span, with
// round ends where the stroke stops.
in vec2 vLocal;
flat in vec4 vGeometry;
flat in vec4 vFill;
flat in vec4 vStroke;
flat in vec2 vArc;

out vec4 outColor;

const float kTwoPi = 6.28318530718;

void main() {
  float radius = vGeometry.z;
  float halfStroke = 0.5 * vGeometry.w;
  float distanceToCentre = length(vLocal);
  float start = vArc.x;
  float span = vArc.y;
  bool fullCircle = span >= kTwoPi - 1e-4;
  bool inSpan = true;
  if (!fullCircle) {
    float angle = atan(vLocal.y, vLocal.x);
    inSpan = mod(angle - start + 2.0 * kTwoPi, kTwoPi) <= span;
  }

  float fillCoverage = inSpan ? clamp(radius - distanceToCentre + 0.5, 0.0, 1.0) : 0.0;
  float ringDistance;
  if (inSpan) {
    ringDistance = abs(distanceToCentre - radius);
  } else {
    vec2 startPoint = radius * vec2(cos(start), sin(start));
    vec2 endPoint = radius * vec2(cos(start + span), sin(start + span));
    ringDistance = min(length(vLocal - startPoint), length(vLocal - endPoint));
  }
  float strokeCoverage = halfStroke > 0.0 ? clamp(halfStroke - ringDistance + 0.5, 0.0, 1.0) : 0.0;

  vec4 fill = vec4(vFill.rgb, vFill.a * fillCoverage);
  vec4 stroke = vec4(vStroke.rgb, vStroke.a * strokeCoverage);
  // Stroke over fill ("over" compositing, straight alpha).
  float alpha = stroke.a + fill.a * (1.0 - stroke.a);
  if (alpha <= 0.0) discard;
  vec3 rgb = (stroke.rgb * stroke.a + fill.rgb * fill.a * (1.0 - stroke.a)) / alpha;
  outColor = vec4(rgb, alpha);
}
