// app/render/offscreen.h: drawing into an off-screen framebuffer and saving it as a PNG. The screenshot
// command and the plot export both render the real frame this way, so tests and docs see real pixels.
#pragma once

#include <glad/gl.h>

#include <string>

namespace lab {

// A framebuffer with colour, depth and stencil, bound (with a matching viewport) while it lives; the previous
// binding and viewport come back afterwards. Single-sampled like the window (Renderer3D multisamples the spatial
// views itself and resolves them into it).
class OffscreenTarget {
 public:
  OffscreenTarget(int width, int height);
  OffscreenTarget(const OffscreenTarget&) = delete;
  OffscreenTarget& operator=(const OffscreenTarget&) = delete;
  ~OffscreenTarget();

  [[nodiscard]] bool complete() const { return complete_; }
  // Reads the bound framebuffer and writes it as an opaque PNG; false with `error` naming the path.
  [[nodiscard]] bool writePng(const std::string& path, std::string& error) const;
  // The pixels, RGBA, rows bottom-up as GL reads them (tests check pixels with it).
  void readPixels(unsigned char* rgba) const;
  [[nodiscard]] int width() const { return width_; }
  [[nodiscard]] int height() const { return height_; }

 private:
  int width_ = 0;
  int height_ = 0;
  GLuint framebuffer_ = 0;
  GLuint color_ = 0;
  GLuint depthStencil_ = 0;
  GLint previousFramebuffer_ = 0;
  GLint previousViewport_[4] = {};
  bool complete_ = false;
};

}  // namespace lab
