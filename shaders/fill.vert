#version 330 core
// Filled triangles (convex polygons are fanned on the CPU); coordinates are framebuffer pixels.
layout(location = 0) in vec2 inPosition;
layout(location = 1) in vec4 inColor;

uniform vec2 uFramebufferSize;

out vec4 vColor;

void main() {
  vColor = inColor;
  vec2 ndc = inPosition / uFramebufferSize * 2.0 - 1.0;
  gl_Position = vec4(ndc.x, -ndc.y, 0.0, 1.0);
}
