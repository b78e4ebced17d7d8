#version 330 core
// Signed distance to a capsule (the segment a-b with round caps); dashes are capsules along it (as
// shaders/line.frag, with a phase so a dashed polyline's dashes run on across its corners). uHidden: the look of
// the on-top layer's parts behind a surface: (1, alpha factor, dash, gap), solid lines dashed; zero: as given.
// Compiled twice: with SOLID defined, for the lines with no dash and no fade drawn as given.
in vec2 vPixel;
flat in vec4 vEndpoints;
flat in vec4 vColor;
flat in vec4 vStyle;
// A fading line (Renderer3D::fadingLine): its point at world parameter u is c + u d in units of the fade radius,
// and vFade holds |c|^2, c.d, |d|^2 and the ratio k of the ends' inverse view depths. At screen parameter t,
// u = t k / ((1 - t) + t k): screen-space interpolation is affine in the inverse depth, not in the world.
flat in vec4 vFade;

uniform vec4 uHidden;

out vec4 outColor;

void main() {
  vec2 a = vEndpoints.xy;
  vec2 b = vEndpoints.zw;
  vec2 along = b - a;
  float len = length(along);
  vec2 axis = len > 1e-4 ? along / len : vec2(1.0, 0.0);
  vec2 offset = vPixel - a;
  float s = dot(offset, axis);
  float perpendicular = abs(dot(offset, vec2(-axis.y, axis.x)));
  float outside = s < 0.0 ? -s : max(s - len, 0.0);
#ifdef SOLID
  // Renderer3D's solid lines, not fading and drawn as given (most of them): the coverage alone, without the
  // dash and fade code below.
  float fade = 1.0;
  bool hidden = false;
#else
  bool hidden = uHidden.x > 0.0;
  float dash = hidden && vStyle.y <= 0.0 ? uHidden.z : vStyle.y;
  float gap = hidden && vStyle.y <= 0.0 ? uHidden.w : vStyle.z;
  if (dash > 0.0 && s >= 0.0 && s <= len) {
    float period = dash + gap;
    float phase = mod(s + vStyle.w, period);
    outside = phase <= dash ? 0.0 : min(phase - dash, period - phase);
  }
  // Only the fading lines pay for the fade (the flat vFade is the same over a whole instance, so a software
  // rasteriser skips the branch for every other line).
  float fade = 1.0;
  if (vFade.w > 0.0) {
    float t = len > 1e-4 ? clamp(s / len, 0.0, 1.0) : 0.0;
    float u = t * vFade.w / max(1.0 - t + t * vFade.w, 1e-6);
    fade = clamp(1.0 - sqrt(max(vFade.x + u * (2.0 * vFade.y + u * vFade.z), 0.0)), 0.0, 1.0);
    fade *= fade;
  }
#endif
  float distanceToEdge = length(vec2(outside, perpendicular)) - 0.5 * vStyle.x;
  float coverage = clamp(0.5 - distanceToEdge, 0.0, 1.0);
  if (coverage <= 0.0) discard;
  outColor = vec4(vColor.rgb, vColor.a * coverage * fade * (hidden ? uHidden.y : 1.0));
}
