#version 330 core
// Triangles of a spatial view, projected and lit on the CPU (Renderer3D): framebuffer pixels, origin top-left,
// and a depth in [0, 1] that is affine in screen space (1/z for perspective), so the rasteriser interpolates it
// exactly with w = 1.
layout(location = 0) in vec3 inPosition;  // pixel x, pixel y, depth
layout(location = 1) in vec4 inColor;     // lit colour, straight alpha

uniform vec2 uFramebufferSize;

out vec4 vColor;

void main() {
  vColor = inColor;
  vec2 ndc = inPosition.xy / uFramebufferSize * 2.0 - 1.0;
  gl_Position = vec4(ndc.x, -ndc.y, inPosition.z * 2.0 - 1.0, 1.0);
}
