#include "render/offscreen.h"

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

// libstb (pulled in by imgui's pkg-config) already contains the implementation; only the declarations here.
#include <stb/stb_image_write.h>

#include "io/text_io.h"

namespace lab {

namespace {
// A framebuffer with a colour and a depth-stencil renderbuffer of `samples` samples (0: single-sampled).
bool makeFramebuffer(int width, int height, int samples, GLuint& framebuffer, GLuint& color, GLuint* depthStencil) {
  glGenFramebuffers(1, &framebuffer);
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
  glGenRenderbuffers(1, &color);
  glBindRenderbuffer(GL_RENDERBUFFER, color);
  glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_RGBA8, width, height);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color);
  if (depthStencil) {
    glGenRenderbuffers(1, depthStencil);
    glBindRenderbuffer(GL_RENDERBUFFER, *depthStencil);
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_DEPTH24_STENCIL8, width, height);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, *depthStencil);
  }
  return glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
}
}  // namespace

OffscreenTarget::OffscreenTarget(int width, int height) : width_(width), height_(height) {
  glGetIntegerv(GL_FRAMEBUFFER_BINDING, &previousFramebuffer_);
  glGetIntegerv(GL_VIEWPORT, previousViewport_);
  GLint maxSamples = 0;
  glGetIntegerv(GL_MAX_SAMPLES, &maxSamples);
  samples_ = std::min(kSamples, static_cast<int>(maxSamples));
  if (samples_ > 1) {
    complete_ = makeFramebuffer(width, height, 0, resolveFramebuffer_, resolveColor_, nullptr) &&
                makeFramebuffer(width, height, samples_, framebuffer_, color_, &depthStencil_);
  }
  if (!complete_) {  // no multisampling here: one sample, still with a depth buffer
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &framebuffer_);
    glDeleteFramebuffers(1, &resolveFramebuffer_);
    const GLuint renderbuffers[] = {color_, depthStencil_, resolveColor_};
    glDeleteRenderbuffers(3, renderbuffers);
    framebuffer_ = color_ = depthStencil_ = resolveFramebuffer_ = resolveColor_ = 0;
    samples_ = 0;
    complete_ = makeFramebuffer(width, height, 0, framebuffer_, color_, &depthStencil_);
  }
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_);
  glViewport(0, 0, width, height);
}

OffscreenTarget::~OffscreenTarget() {
  glBindFramebuffer(GL_FRAMEBUFFER, GLuint(previousFramebuffer_));
  glViewport(previousViewport_[0], previousViewport_[1], previousViewport_[2], previousViewport_[3]);
  const GLuint framebuffers[] = {framebuffer_, resolveFramebuffer_};
  glDeleteFramebuffers(2, framebuffers);
  const GLuint renderbuffers[] = {color_, depthStencil_, resolveColor_};
  glDeleteRenderbuffers(3, renderbuffers);
}

void OffscreenTarget::readPixels(unsigned char* rgba) const {
  if (samples_ > 0) {
    glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer_);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, resolveFramebuffer_);
    glBlitFramebuffer(0, 0, width_, height_, 0, 0, width_, height_, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, resolveFramebuffer_);
  } else {
    glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer_);
  }
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width_, height_, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_);
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
