// app/render/offscreen.h: drawing into an off-screen framebuffer and saving it as a PNG. The screenshot
// command and the plot export both render the real frame this way, so tests and docs see real pixels.
#pragma once

#include <glad/gl.h>

#include <string>

namespace lab {

// A colour framebuffer bound (with a matching viewport) while it lives; the previous binding and viewport
// come back afterwards.
class OffscreenTarget {
 public:
  OffscreenTarget(int width, int height);
  OffscreenTarget(const OffscreenTarget&) = delete;
  OffscreenTarget& operator=(const OffscreenTarget&) = delete;
  ~OffscreenTarget();

  [[nodiscard]] bool complete() const { return complete_; }
  // Reads the bound framebuffer and writes it as an opaque PNG; false with `error` naming the path.
  [[nodiscard]] bool writePng(const std::string& path, std::string& error) const;

 private:
  int width_ = 0;
  int height_ = 0;
  GLuint framebuffer_ = 0;
  GLuint color_ = 0;
  GLint previousFramebuffer_ = 0;
  GLint previousViewport_[4] = {};
  bool complete_ = false;
};

}  // namespace lab
