#include "render/offscreen.h"

#include <cstddef>
#include <vector>

// libstb (pulled in by imgui's pkg-config) already contains the implementation; only the declarations here.
#include <stb/stb_image_write.h>

namespace lab {

OffscreenTarget::OffscreenTarget(int width, int height) : width_(width), height_(height) {
  glGetIntegerv(GL_FRAMEBUFFER_BINDING, &previousFramebuffer_);
  glGetIntegerv(GL_VIEWPORT, previousViewport_);
  glGenFramebuffers(1, &framebuffer_);
  glGenRenderbuffers(1, &color_);
  glBindRenderbuffer(GL_RENDERBUFFER, color_);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color_);
  complete_ = glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
  glViewport(0, 0, width, height);
}

OffscreenTarget::~OffscreenTarget() {
  glBindFramebuffer(GL_FRAMEBUFFER, GLuint(previousFramebuffer_));
  glViewport(previousViewport_[0], previousViewport_[1], previousViewport_[2], previousViewport_[3]);
  glDeleteFramebuffers(1, &framebuffer_);
  glDeleteRenderbuffers(1, &color_);
}

bool OffscreenTarget::writePng(const std::string& path, std::string& error) const {
  std::vector<unsigned char> pixels(std::size_t(width_) * std::size_t(height_) * 4);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width_, height_, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  for (std::size_t i = 3; i < pixels.size(); i += 4) pixels[i] = 255;  // opaque PNG
  stbi_flip_vertically_on_write(1);  // GL rows run bottom-up
  const bool written = stbi_write_png(path.c_str(), width_, height_, 4, pixels.data(), width_ * 4) != 0;
  stbi_flip_vertically_on_write(0);
  if (!written) error = "cannot write " + path;
  return written;
}

}  // namespace lab
