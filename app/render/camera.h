// app/render/camera.h: the mapping between world coordinates (y up) and screen pixels (y down) for one
// viewport, with pan, zoom about a point and fit-to-rectangle. Screen pixels are ImGui's (window) coordinates;
// the renderer scales them to framebuffer pixels for high-DPI displays.
#pragma once

#include "lab/vocabulary.h"

namespace lab {

// A rectangle on the screen, in window pixels.
struct ScreenRect {
  double x = 0;
  double y = 0;
  double width = 1;
  double height = 1;

  [[nodiscard]] bool contains(Vec2d p) const { return p.x >= x && p.y >= y && p.x < x + width && p.y < y + height; }
  [[nodiscard]] Vec2d center() const { return {x + 0.5 * width, y + 0.5 * height}; }
  [[nodiscard]] Vec2d min() const { return {x, y}; }
  [[nodiscard]] Vec2d max() const { return {x + width, y + height}; }
};

// An axis-aligned box in world coordinates.
struct WorldBounds {
  Vec2d min{0, 0};
  Vec2d max{0, 0};
  void include(Vec2d p);
  void include(const WorldBounds& other);
  [[nodiscard]] bool empty() const { return min.x > max.x || min.y > max.y; }
  [[nodiscard]] static WorldBounds none();
};

class Camera {
 public:
  static constexpr double kMinPixelsPerUnit = 1e-3;
  static constexpr double kMaxPixelsPerUnit = 1e7;

  void setRect(const ScreenRect& rect) { rect_ = rect; }
  [[nodiscard]] const ScreenRect& rect() const { return rect_; }
  [[nodiscard]] Vec2d center() const { return center_; }
  [[nodiscard]] double pixelsPerUnit() const { return pixelsPerUnit_; }
  void setView(Vec2d center, double pixelsPerUnit);

  [[nodiscard]] Vec2d worldToScreen(Vec2d world) const;
  [[nodiscard]] Vec2d screenToWorld(Vec2d screen) const;
  [[nodiscard]] double worldToPixels(double length) const { return length * pixelsPerUnit_; }
  [[nodiscard]] double pixelsToWorld(double pixels) const { return pixels / pixelsPerUnit_; }
  // The world rectangle the viewport shows.
  [[nodiscard]] WorldBounds visibleBounds() const;

  // Moves the view by a screen-space mouse delta (the world follows the mouse).
  void pan(Vec2d screenDelta);
  // Zooms by `factor`, keeping the world point under `screenAnchor` fixed.
  void zoomAt(Vec2d screenAnchor, double factor);
  // Shows `bounds` whole, centred, with `marginPixels` free on every side.
  void fit(const WorldBounds& bounds, double marginPixels);
  // Whether `bounds` lies whole `marginPixels` or more inside the view (what fit guarantees).
  [[nodiscard]] bool shows(const WorldBounds& bounds, double marginPixels) const;

 private:
  ScreenRect rect_{};
  Vec2d center_{0, 0};
  double pixelsPerUnit_ = 60;
};

}  // namespace lab
