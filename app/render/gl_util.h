// app/render/gl_util.h: the few OpenGL chores both renderers share: linking a program from the shaders built into
// the executable, pointing a float attribute at a buffer, and streaming a vector into a buffer.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include <glad/gl.h>

namespace lab {

// Compiles shaders/<name>.vert and shaders/<name>.frag (resources/embedded.h) and links them; throws
// std::runtime_error naming the file and the GL log.
[[nodiscard]] GLuint linkProgram(const std::string& name);

// Float attribute `location` with `components` floats at `offset` bytes; `instanced` advances per instance.
void floatAttribute(GLuint location, int components, std::size_t stride, std::size_t offset, bool instanced);

template <class T>
void upload(GLuint buffer, const std::vector<T>& data) {
  glBindBuffer(GL_ARRAY_BUFFER, buffer);
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(data.size() * sizeof(T)), data.data(), GL_STREAM_DRAW);
}

}  // namespace lab
