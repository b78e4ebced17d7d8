#version 330 core
// One instance per point of a spatial view: a screen-aligned quad at the point's depth.
layout(location = 0) in vec4 inGeometry;  // center.xy (pixels), depth in [0, 1], radius (pixels)
layout(location = 1) in vec4 inFill;
layout(location = 2) in vec4 inRim;       // rim colour; its width is uRimWidth

uniform vec2 uFramebufferSize;
uniform float uRimWidth;

out vec2 vLocal;
flat out float vRadius;
flat out vec4 vFill;
flat out vec4 vRim;

void main() {
  float extent = inGeometry.w + 0.5 * uRimWidth + 1.0;
  vec2 corner = vec2(gl_VertexID & 1, gl_VertexID >> 1) * 2.0 - 1.0;
  vec2 pixel = inGeometry.xy + corner * extent;
  vLocal = corner * extent;
  vRadius = inGeometry.w;
  vFill = inFill;
  vRim = inRim;
  vec2 ndc = pixel / uFramebufferSize * 2.0 - 1.0;
  gl_Position = vec4(ndc.x, -ndc.y, inGeometry.z * 2.0 - 1.0, 1.0);
}
