#version 330 core
// One instance per circle, disc or arc: a screen-aligned quad around it, shaded by its signed distance.
layout(location = 0) in vec4 inGeometry;   // center.xy, radius, stroke width (pixels)
layout(location = 1) in vec4 inFill;       // fill colour (alpha 0: outline only)
layout(location = 2) in vec4 inStroke;     // stroke colour (alpha 0: no outline)
layout(location = 3) in vec2 inArc;        // start angle, span (radians, y up, counter-clockwise)

uniform vec2 uFramebufferSize;

out vec2 vLocal;
flat out vec4 vGeometry;
flat out vec4 vFill;
flat out vec4 vStroke;
flat out vec2 vArc;

void main() {
  float extent = inGeometry.z + 0.5 * inGeometry.w + 1.0;
  vec2 corner = vec2(gl_VertexID & 1, gl_VertexID >> 1) * 2.0 - 1.0;
  vec2 pixel = inGeometry.xy + corner * extent;
  vLocal = vec2(corner.x, -corner.y) * extent;  // y up, so angles read like the world's
  vGeometry = inGeometry;
  vFill = inFill;
  vStroke = inStroke;
  vArc = inArc;
  vec2 ndc = pixel / uFramebufferSize * 2.0 - 1.0;
  gl_Position = vec4(ndc.x, -ndc.y, 0.0, 1.0);
}
