// app/render/gl_util.h: the few OpenGL chores both renderers and the shell share: linking a program from the
// shaders built into the executable, pointing a float attribute at a buffer, streaming a vector into a buffer, and
// filling a rectangle by a clear.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include <glad/gl.h>

#include "render/camera.h"
#include "render/color.h"

namespace lab {

// Compiles shaders/<name>.vert and shaders/<name>.frag (resources/embedded.h) and links them; throws
// std::runtime_error naming the file and the GL log. `defines` ("#define X\n" lines) go after each #version line.
[[nodiscard]] GLuint linkProgram(const std::string& name, const std::string& defines = {});

// Float attribute `location` with `components` floats at `offset` bytes; `instanced` advances per instance.
void floatAttribute(GLuint location, int components, std::size_t stride, std::size_t offset, bool instanced);

template <class T>
void upload(GLuint buffer, const std::vector<T>& data) {
  glBindBuffer(GL_ARRAY_BUFFER, buffer);
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(data.size() * sizeof(T)), data.data(), GL_STREAM_DRAW);
}

// Fills `rect` (window pixels, origin top-left; times `scale` in the bound framebuffer of height
// `framebufferHeight`) with an opaque colour by a scissored clear: no fragment is shaded, which a software
// rasteriser such as Mesa's llvmpipe does at memory speed, where a quad is shaded and blended pixel by pixel.
void clearRect(const ScreenRect& rect, Color color, double scale, int framebufferHeight);

}  // namespace lab
