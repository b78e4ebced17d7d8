#version 330 core
// One instance per segment of a spatial view: the quad around the capsule a-b in framebuffer pixels (as
// shaders/line.vert), with each end's depth; along the segment the depth is affine in screen space.
layout(location = 0) in vec4 inEndpoints;  // a.xy, b.xy (pixels)
layout(location = 1) in vec2 inDepths;     // depth of a, depth of b, in [0, 1]
layout(location = 2) in vec4 inColor;
layout(location = 3) in vec4 inStyle;      // width, dash length, gap length (dash 0 = solid), dash phase
layout(location = 4) in vec4 inFade;       // |c|^2, c.d, |d|^2, inverse depth of b over a's (zero: no fade)

uniform vec2 uFramebufferSize;
// How far the quad reaches past half the width: half a pixel holds every pixel centre the anti-aliased edge
// touches (shaders/line3.frag); multisampled, a pixel whose centre is just outside has samples inside, so a pixel.
uniform float uMargin;

out vec2 vPixel;
flat out vec4 vEndpoints;
flat out vec4 vColor;
flat out vec4 vStyle;
flat out vec4 vFade;

void main() {
  vec2 a = inEndpoints.xy;
  vec2 b = inEndpoints.zw;
  vec2 along = b - a;
  float len = length(along);
  vec2 axis = len > 1e-4 ? along / len : vec2(1.0, 0.0);
  vec2 normal = vec2(-axis.y, axis.x);
  float extent = 0.5 * inStyle.x + uMargin;
  vec2 corner = vec2(gl_VertexID & 1, gl_VertexID >> 1);  // (0,0) (1,0) (0,1) (1,1): a triangle strip
  vec2 pixel = mix(a - axis * extent, b + axis * extent, corner.x) + normal * mix(-extent, extent, corner.y);
  // The depth where the quad's corner projects onto the segment, clamped to the segment's ends.
  float s = len > 1e-4 ? clamp(dot(pixel - a, axis) / len, 0.0, 1.0) : 0.0;
  float depth = mix(inDepths.x, inDepths.y, s);
  vPixel = pixel;
  vEndpoints = inEndpoints;
  vColor = inColor;
  vStyle = inStyle;
  vFade = inFade;
  vec2 ndc = pixel / uFramebufferSize * 2.0 - 1.0;
  gl_Position = vec4(ndc.x, -ndc.y, depth * 2.0 - 1.0, 1.0);
}
