#include "render/offscreen.h"

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

// libstb (pulled in by imgui's pkg-config) already contains the implementation; only the declarations here.
#include <stb/stb_image_write.h>

#include "io/text_io.h"

namespace lab {

OffscreenTarget::OffscreenTarget(int width, int height) : width_(width), height_(height) {
  glGetIntegerv(GL_FRAMEBUFFER_BINDING, &previousFramebuffer_);
  glGetIntegerv(GL_VIEWPORT, previousViewport_);
  glGenFramebuffers(1, &framebuffer_);
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_);
  glGenRenderbuffers(1, &color_);
  glBindRenderbuffer(GL_RENDERBUFFER, color_);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color_);
  // Depth for the spatial views, as the window has.
  glGenRenderbuffers(1, &depthStencil_);
  glBindRenderbuffer(GL_RENDERBUFFER, depthStencil_);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, width, height);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, depthStencil_);
  complete_ = glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
  glViewport(0, 0, width, height);
}

OffscreenTarget::~OffscreenTarget() {
  glBindFramebuffer(GL_FRAMEBUFFER, GLuint(previousFramebuffer_));
  glViewport(previousViewport_[0], previousViewport_[1], previousViewport_[2], previousViewport_[3]);
  glDeleteFramebuffers(1, &framebuffer_);
  const GLuint renderbuffers[] = {color_, depthStencil_};
  glDeleteRenderbuffers(2, renderbuffers);
}

void OffscreenTarget::readPixels(unsigned char* rgba) const {
  glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer_);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width_, height_, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
}

bool OffscreenTarget::writePng(const std::string& path, std::string& error) const {
  std::vector<unsigned char> pixels(std::size_t(width_) * std::size_t(height_) * 4);
  readPixels(pixels.data());
  for (std::size_t i = 3; i < pixels.size(); i += 4) pixels[i] = 255;  // opaque PNG
  // Encoded in memory, then written like every other output file (OutputSink: a temporary file, every write
  // checked, renamed over the old picture only when complete), so a full disk never leaves half a PNG.
  std::string png;
  const auto append = [](void* context, void* data, int size) {
    static_cast<std::string*>(context)->append(static_cast<const char*>(data), std::size_t(size));
  };
  stbi_flip_vertically_on_write(1);  // GL rows run bottom-up
  const bool encoded = stbi_write_png_to_func(append, &png, width_, height_, 4, pixels.data(), width_ * 4) != 0;
  stbi_flip_vertically_on_write(0);
  if (!encoded) {
    error = path + ": cannot encode the PNG";
    return false;
  }
  try {
    OutputSink sink(path);
    sink.stream().write(png.data(), std::streamsize(png.size()));
    sink.finish();
  } catch (const std::runtime_error& writeError) {
    error = writeError.what();
    return false;
  }
  return true;
}

}  // namespace lab
