#version 330 core
// One instance per segment: a quad around the capsule a-b, expanded by half the width plus a pixel for
// anti-aliasing. Coordinates are framebuffer pixels, origin top-left.
layout(location = 0) in vec4 inEndpoints;  // a.xy, b.xy
layout(location = 1) in vec4 inColor;
layout(location = 2) in vec3 inStyle;      // width, dash length, gap length (dash 0 = solid)

uniform vec2 uFramebufferSize;

out vec2 vPixel;
flat out vec4 vEndpoints;
flat out vec4 vColor;
flat out vec3 vStyle;

void main() {
  vec2 a = inEndpoints.xy;
  vec2 b = inEndpoints.zw;
  vec2 along = b - a;
  float len = length(along);
  vec2 axis = len > 1e-4 ? along / len : vec2(1.0, 0.0);
  vec2 normal = vec2(-axis.y, axis.x);
  float extent = 0.5 * inStyle.x + 1.0;
  vec2 corner = vec2(gl_VertexID & 1, gl_VertexID >> 1);  // (0,0) (1,0) (0,1) (1,1): a triangle strip
  vec2 pixel = mix(a - axis * extent, b + axis * extent, corner.x) + normal * mix(-extent, extent, corner.y);
  vPixel = pixel;
  vEndpoints = inEndpoints;
  vColor = inColor;
  vStyle = inStyle;
  vec2 ndc = pixel / uFramebufferSize * 2.0 - 1.0;
  gl_Position = vec4(ndc.x, -ndc.y, 0.0, 1.0);
}
