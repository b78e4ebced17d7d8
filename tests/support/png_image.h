// tests/support/png_image.h: the app's PNG output as pixels, for the tests that check pictures
// (screenshots, plots): load, read a pixel, count the pixels near a colour. Written once here.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdlib>
#include <string>
#include <vector>

#include <stb/stb_image.h>

namespace lab::test {

struct Rgb {
  int r = 0, g = 0, b = 0;
};

// `top` drawn with `alpha` over `bottom`, rounded as the GPU's 8-bit blending does.
inline Rgb blend(Rgb top, double alpha, Rgb bottom) {
  auto mix = [alpha](int a, int b) { return static_cast<int>(std::lround(alpha * a + (1 - alpha) * b)); };
  return {mix(top.r, bottom.r), mix(top.g, bottom.g), mix(top.b, bottom.b)};
}

// Every channel within `tolerance`.
inline bool near(Rgb a, Rgb b, int tolerance) {
  return std::abs(a.r - b.r) <= tolerance && std::abs(a.g - b.g) <= tolerance && std::abs(a.b - b.b) <= tolerance;
}

struct RgbImage {
  int width = 0;
  int height = 0;
  std::vector<unsigned char> rgb;  // rows top to bottom, 3 bytes a pixel

  [[nodiscard]] Rgb at(int x, int y) const {
    const std::size_t i = (static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)) * 3;
    return {rgb[i], rgb[i + 1], rgb[i + 2]};
  }
  // Pixels within `tolerance` of `colour` in the (2 * radius + 1)^2 patch around (x, y).
  [[nodiscard]] int countNear(double x, double y, Rgb colour, int tolerance, int radius = 3) const {
    int count = 0;
    for (int dy = -radius; dy <= radius; ++dy)
      for (int dx = -radius; dx <= radius; ++dx) {
        const int px = static_cast<int>(std::lround(x)) + dx;
        const int py = static_cast<int>(std::lround(y)) + dy;
        if (px >= 0 && py >= 0 && px < width && py < height && near(at(px, py), colour, tolerance)) ++count;
      }
    return count;
  }
  // Pixels within `tolerance` of `colour` in rows [top, bottom) (bottom -1: to the last row).
  [[nodiscard]] int count(Rgb colour, int tolerance, int top = 0, int bottom = -1) const {
    int total = 0;
    for (int y = top; y < (bottom < 0 ? height : bottom); ++y)
      for (int x = 0; x < width; ++x) total += near(at(x, y), colour, tolerance);
    return total;
  }
};

// The PNG at `path` as RGB; false when it cannot be read.
inline bool loadPng(const std::string& path, RgbImage& image) {
  int channels = 0;
  unsigned char* data = stbi_load(path.c_str(), &image.width, &image.height, &channels, 3);
  if (!data) return false;
  image.rgb.assign(data, data + static_cast<std::size_t>(image.width) * static_cast<std::size_t>(image.height) * 3);
  stbi_image_free(data);
  return true;
}

}  // namespace lab::test
