#include "render/gl_util.h"

#include <cmath>
#include <stdexcept>

#include "resources/embedded.h"

namespace lab {

namespace {
// The shaders are built into the executable (resources/embedded.h), so no file is read at run time.
// `defines` go after the #version line, which must come first.
GLuint compileShader(GLenum stage, const std::string& path, const std::string& defines) {
  const EmbeddedFile* file = findEmbeddedFile(path);
  if (!file) throw std::runtime_error("shader " + path + " is not built into the executable");
  const GLuint shader = glCreateShader(stage);
  std::string text(file->contents);
  if (!defines.empty()) text.insert(text.find('\n') + 1, defines);
  const char* source = text.c_str();
  const auto length = static_cast<GLint>(text.size());
  glShaderSource(shader, 1, &source, &length);
  glCompileShader(shader);
  GLint ok = 0;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    char log[4096] = {};
    glGetShaderInfoLog(shader, sizeof log, nullptr, log);
    glDeleteShader(shader);
    throw std::runtime_error("shader " + path + " failed to compile:\n" + log);
  }
  return shader;
}
}  // namespace

GLuint linkProgram(const std::string& name, const std::string& defines) {
  const GLuint vertex = compileShader(GL_VERTEX_SHADER, "shaders/" + name + ".vert", defines);
  const GLuint fragment = compileShader(GL_FRAGMENT_SHADER, "shaders/" + name + ".frag", defines);
  const GLuint program = glCreateProgram();
  glAttachShader(program, vertex);
  glAttachShader(program, fragment);
  glLinkProgram(program);
  glDeleteShader(vertex);
  glDeleteShader(fragment);
  GLint ok = 0;
  glGetProgramiv(program, GL_LINK_STATUS, &ok);
  if (!ok) {
    char log[4096] = {};
    glGetProgramInfoLog(program, sizeof log, nullptr, log);
    glDeleteProgram(program);
    throw std::runtime_error("shaders/" + name + ".{vert,frag} failed to link:\n" + log);
  }
  return program;
}

void floatAttribute(GLuint location, int components, std::size_t stride, std::size_t offset, bool instanced) {
  glEnableVertexAttribArray(location);
  glVertexAttribPointer(location, components, GL_FLOAT, GL_FALSE, static_cast<GLsizei>(stride),
                        reinterpret_cast<const void*>(offset));
  glVertexAttribDivisor(location, instanced ? 1 : 0);
}

void clearRect(const ScreenRect& rect, Color color, double scale, int framebufferHeight) {
  const auto x0 = static_cast<GLint>(std::lround(rect.x * scale));
  const auto y0 = static_cast<GLint>(std::lround(rect.y * scale));
  const auto x1 = static_cast<GLint>(std::lround((rect.x + rect.width) * scale));
  const auto y1 = static_cast<GLint>(std::lround((rect.y + rect.height) * scale));
  if (x1 <= x0 || y1 <= y0) return;
  GLfloat previous[4] = {};
  glGetFloatv(GL_COLOR_CLEAR_VALUE, previous);
  const GLboolean scissored = glIsEnabled(GL_SCISSOR_TEST);
  glEnable(GL_SCISSOR_TEST);
  glScissor(x0, framebufferHeight - y1, x1 - x0, y1 - y0);
  glClearColor(color.r, color.g, color.b, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  glClearColor(previous[0], previous[1], previous[2], previous[3]);
  if (!scissored) glDisable(GL_SCISSOR_TEST);
}

}  // namespace lab
