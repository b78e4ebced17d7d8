#include "render/grid.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace lab {

double gridSpacing(double pixelsPerUnit, double minimumPixels) {
  const double worldMinimum = minimumPixels / pixelsPerUnit;
  const double power = std::pow(10.0, std::floor(std::log10(worldMinimum)));
  for (double step : {1.0, 2.0, 5.0, 10.0})
    if (step * power >= worldMinimum) return step * power;
  return 10.0 * power;
}

namespace {
constexpr long long kMaxLines = 2000;

// "%g" prints 0.30000000000000004 for 3 * 0.1; snap to the spacing first.
std::string formatTick(double value, double spacing) {
  const double snapped = std::round(value / spacing) * spacing;
  return formatCoordinate(std::abs(snapped) < 1e-3 * spacing ? 0.0 : snapped, spacing);
}
}  // namespace

std::string formatCoordinate(double value, double resolution) {
  char text[64];
  if (!(std::abs(value) >= 1e4) || std::abs(value) >= 1e15 || !(resolution > 0)) {
    std::snprintf(text, sizeof text, "%g", value);
  } else {
    const int decimals = std::clamp(static_cast<int>(std::ceil(-std::log10(resolution) - 1e-9)), 0, 9);
    std::snprintf(text, sizeof text, "%.*f", decimals, value);
  }
  return text;
}

void drawGrid(Renderer2D& renderer, const Camera& camera, bool showLines) {
  const WorldBounds visible = camera.visibleBounds();
  const double minor = gridSpacing(camera.pixelsPerUnit());
  const double major = 5 * minor;
  const LineStyle thin{1.0f};
  if (showLines) {
    // Integer line indices (not x += minor) so far from the origin the loop neither drifts nor stalls.
    const auto firstX = static_cast<long long>(std::floor(visible.min.x / minor));
    const auto lastX = static_cast<long long>(std::ceil(visible.max.x / minor));
    const auto firstY = static_cast<long long>(std::floor(visible.min.y / minor));
    const auto lastY = static_cast<long long>(std::ceil(visible.max.y / minor));
    // Two passes so major lines are never painted over by a later minor one.
    for (int pass = 0; pass < 2; ++pass) {
      for (long long i = firstX; i <= lastX && i - firstX < kMaxLines; ++i) {
        const bool isMajor = i % 5 == 0;
        if (isMajor != (pass == 1)) continue;
        const double x = static_cast<double>(i) * minor;
        renderer.line({x, visible.min.y}, {x, visible.max.y}, isMajor ? palette::kGridMajor : palette::kGridMinor,
                      thin);
      }
      for (long long i = firstY; i <= lastY && i - firstY < kMaxLines; ++i) {
        const bool isMajor = i % 5 == 0;
        if (isMajor != (pass == 1)) continue;
        const double y = static_cast<double>(i) * minor;
        renderer.line({visible.min.x, y}, {visible.max.x, y}, isMajor ? palette::kGridMajor : palette::kGridMinor,
                      thin);
      }
    }
  }

  // Axes and the origin.
  const LineStyle axis{1.5f};
  renderer.line({visible.min.x, 0}, {visible.max.x, 0}, palette::kAxisX.withAlpha(0.8f), axis);
  renderer.line({0, visible.min.y}, {0, visible.max.y}, palette::kAxisY.withAlpha(0.8f), axis);
  renderer.screenDisc({0, 0}, 3.5f, palette::kText, palette::kBackground, 1.0f);

  // Numbers at the major lines, along the axes (or along the viewport edge when an axis is off-screen).
  if (!showLines) return;
  const double labelY = std::clamp(0.0, visible.min.y + camera.pixelsToWorld(18), visible.max.y);
  const double labelX = std::clamp(0.0, visible.min.x, visible.max.x - camera.pixelsToWorld(80));
  const Color tickColor = palette::kTextDim.withAlpha(0.85f);
  for (long long i = static_cast<long long>(std::ceil(visible.min.x / major)), count = 0;
       static_cast<double>(i) * major <= visible.max.x && count < kMaxLines; ++i, ++count) {
    const double x = static_cast<double>(i) * major;
    if (i == 0) continue;
    renderer.yieldingText(camera.worldToScreen({x, labelY}) + Vec2d{3, 2}, formatTick(x, major), tickColor);
  }
  for (long long i = static_cast<long long>(std::ceil(visible.min.y / major)), count = 0;
       static_cast<double>(i) * major <= visible.max.y && count < kMaxLines; ++i, ++count) {
    const double y = static_cast<double>(i) * major;
    if (i == 0) continue;
    renderer.yieldingText(camera.worldToScreen({labelX, y}) + Vec2d{4, -16}, formatTick(y, major), tickColor);
  }
  renderer.yieldingText(camera.worldToScreen({0, 0}) + Vec2d{4, 2}, "0", tickColor);
}

}  // namespace lab
