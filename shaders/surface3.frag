#version 330 core
// uHidden: (1, alpha factor, ...) for the on-top layer's arrow heads behind a surface (shaders/line3.frag); zero:
// as given.
in vec4 vColor;
out vec4 outColor;

uniform vec4 uHidden;

void main() {
  outColor = uHidden.x > 0.0 ? vec4(vColor.rgb, vColor.a * uHidden.y) : vColor;
}
