#include "render/camera.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace lab {

void WorldBounds::include(Vec2d p) {
  min = {std::min(min.x, p.x), std::min(min.y, p.y)};
  max = {std::max(max.x, p.x), std::max(max.y, p.y)};
}

void WorldBounds::include(const WorldBounds& other) {
  if (other.empty()) return;
  include(other.min);
  include(other.max);
}

WorldBounds WorldBounds::none() {
  constexpr double kHuge = std::numeric_limits<double>::max();
  return {{kHuge, kHuge}, {-kHuge, -kHuge}};
}

void Camera::setView(Vec2d center, double pixelsPerUnit) {
  if (collide::isFinite(center)) center_ = center;
  if (std::isfinite(pixelsPerUnit)) pixelsPerUnit_ = std::clamp(pixelsPerUnit, kMinPixelsPerUnit, kMaxPixelsPerUnit);
}

Vec2d Camera::worldToScreen(Vec2d world) const {
  const Vec2d middle = rect_.center();
  return {middle.x + (world.x - center_.x) * pixelsPerUnit_, middle.y - (world.y - center_.y) * pixelsPerUnit_};
}

Vec2d Camera::screenToWorld(Vec2d screen) const {
  const Vec2d middle = rect_.center();
  return {center_.x + (screen.x - middle.x) / pixelsPerUnit_, center_.y - (screen.y - middle.y) / pixelsPerUnit_};
}

WorldBounds Camera::visibleBounds() const {
  WorldBounds bounds = WorldBounds::none();
  bounds.include(screenToWorld(rect_.min()));
  bounds.include(screenToWorld(rect_.max()));
  return bounds;
}

bool Camera::shows(const WorldBounds& bounds, double marginPixels) const {
  if (bounds.empty()) return true;
  const Vec2d margin{pixelsToWorld(marginPixels), pixelsToWorld(marginPixels)};
  const WorldBounds visible = visibleBounds();
  return bounds.min.x >= visible.min.x + margin.x && bounds.min.y >= visible.min.y + margin.y &&
         bounds.max.x <= visible.max.x - margin.x && bounds.max.y <= visible.max.y - margin.y;
}

void Camera::pan(Vec2d screenDelta) {
  center_ = {center_.x - screenDelta.x / pixelsPerUnit_, center_.y + screenDelta.y / pixelsPerUnit_};
}

void Camera::zoomAt(Vec2d screenAnchor, double factor) {
  const Vec2d anchorWorld = screenToWorld(screenAnchor);
  pixelsPerUnit_ = std::clamp(pixelsPerUnit_ * factor, kMinPixelsPerUnit, kMaxPixelsPerUnit);
  // Move the centre so the anchor maps back to the same screen point.
  const Vec2d anchorAfter = screenToWorld(screenAnchor);
  center_ += anchorWorld - anchorAfter;
}

void Camera::fit(const WorldBounds& bounds, double marginPixels) {
  if (bounds.empty()) return;
  const double usableWidth = std::max(rect_.width - 2 * marginPixels, 1.0);
  const double usableHeight = std::max(rect_.height - 2 * marginPixels, 1.0);
  // A point or a line still gets a sensible zoom: give the box at least one unit of size.
  const double worldWidth = std::max(bounds.max.x - bounds.min.x, 1e-9);
  const double worldHeight = std::max(bounds.max.y - bounds.min.y, 1e-9);
  double scale = std::min(usableWidth / worldWidth, usableHeight / worldHeight);
  if (bounds.max.x - bounds.min.x < 1e-9 && bounds.max.y - bounds.min.y < 1e-9) scale = 60;
  setView(0.5 * (bounds.min + bounds.max), scale);
}

}  // namespace lab
