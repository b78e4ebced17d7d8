// [SECTION] Parts and picking
// [SECTION] Drawing
// [SECTION] Dragging
#include "widgets/gizmo3.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numbers>

#include "collide/geometry.h"

namespace lab {

namespace {

constexpr int kRingSegments = 64;
constexpr double kTwoPi = 2 * std::numbers::pi;
constexpr std::array<GizmoPart, 6> kParts = {GizmoPart::TranslateX, GizmoPart::TranslateY, GizmoPart::TranslateZ,
                                             GizmoPart::RotateX,    GizmoPart::RotateY,    GizmoPart::RotateZ};

// Two unit vectors spanning the plane perpendicular to a world axis, right-handed with it (u x v = axis).
std::pair<Vec3d, Vec3d> ringBasis(Vec3d axis) {
  if (axis.x != 0) return {{0, 1, 0}, {0, 0, 1}};
  if (axis.y != 0) return {{0, 0, 1}, {1, 0, 0}};
  return {{1, 0, 0}, {0, 1, 0}};
}

Color partColor(GizmoPart part) {
  switch (part) {
    case GizmoPart::TranslateX:
    case GizmoPart::RotateX: return rgb(0xe5645c);
    case GizmoPart::TranslateY:
    case GizmoPart::RotateY: return rgb(0x6cc75f);
    default: return rgb(0x5b8cff);
  }
}

// World units per window pixel at the gizmo's centre: its handles keep their screen size.
double unitsPerPixel(const OrbitCamera& camera, Vec3d center) { return camera.pixelSizeAt(center); }

// The distance on screen from `screen` to the projected polyline, over the parts in front of the near plane.
double screenDistance(const OrbitCamera& camera, const Vec3d* points, int count, bool closed, Vec2d screen) {
  double best = std::numeric_limits<double>::infinity();
  const int segments = closed ? count : count - 1;
  for (int i = 0; i < segments; ++i) {
    const Projected a = camera.project(points[i]);
    const Projected b = camera.project(points[(i + 1) % count]);
    if (!a.inFront || !b.inFront) continue;
    best = std::min(best, collide::length(screen - collide::closestPointOnSegment(screen, a.screen, b.screen).point));
  }
  return best;
}

std::array<Vec3d, kRingSegments> ringPoints(Vec3d center, Vec3d axis, double radius) {
  const auto [u, v] = ringBasis(axis);
  std::array<Vec3d, kRingSegments> points{};
  for (int i = 0; i < kRingSegments; ++i) {
    const double t = kTwoPi * i / kRingSegments;
    points[static_cast<std::size_t>(i)] = center + radius * (std::cos(t) * u + std::sin(t) * v);
  }
  return points;
}

}  // namespace

// [SECTION] Parts and picking

Vec3d gizmoAxis(GizmoPart part) {
  switch (part) {
    case GizmoPart::TranslateX:
    case GizmoPart::RotateX: return {1, 0, 0};
    case GizmoPart::TranslateY:
    case GizmoPart::RotateY: return {0, 1, 0};
    case GizmoPart::TranslateZ:
    case GizmoPart::RotateZ: return {0, 0, 1};
    case GizmoPart::None: break;
  }
  return {};
}

bool isRotation(GizmoPart part) {
  return part == GizmoPart::RotateX || part == GizmoPart::RotateY || part == GizmoPart::RotateZ;
}

GizmoPart pickGizmo(const OrbitCamera& camera, const Pose3& pose, Vec2d screen, const GizmoSize& size) {
  if (!collide::isFinite(pose.p) || !collide::isFinite(screen)) return GizmoPart::None;
  const double unit = unitsPerPixel(camera, pose.p);
  GizmoPart best = GizmoPart::None;
  double bestDistance = size.pickPixels;
  // The arrows (listed first) before the rings: a ring crosses two shafts, and a press on a shaft there moves
  // along it (it turned the shape; review s35 A10). A ring is picked only where no arrow is within reach.
  for (const GizmoPart part : kParts) {
    if (best != GizmoPart::None && !isRotation(best) && isRotation(part)) break;
    const Vec3d axis = gizmoAxis(part);
    double distance = 0;
    if (isRotation(part)) {
      const auto ring = ringPoints(pose.p, axis, size.ringPixels * unit);
      distance = screenDistance(camera, ring.data(), kRingSegments, true, screen);
    } else {
      const Vec3d shaft[2] = {pose.p + 0.18 * size.arrowPixels * unit * axis, pose.p + size.arrowPixels * unit * axis};
      distance = screenDistance(camera, shaft, 2, false, screen);
    }
    if (distance <= bestDistance) {
      bestDistance = distance;
      best = part;
    }
  }
  return best;
}

// [SECTION] Drawing

void drawGizmo(Renderer3D& renderer, const Pose3& pose, GizmoPart highlighted, const GizmoSize& size) {
  if (!collide::isFinite(pose.p)) return;
  const double unit = unitsPerPixel(renderer.camera(), pose.p);
  // Solid over everything, shapes included (on the on-top layer it was dashed inside a shape, read as hidden or
  // disabled: review s35 A10); rings first, then the arrows over them as picking prefers them, the lit part last.
  Renderer3D::HandleLayer handles(renderer);
  std::array<GizmoPart, 7> order{};
  int count = 0;
  for (const GizmoPart part : {GizmoPart::RotateX, GizmoPart::RotateY, GizmoPart::RotateZ, GizmoPart::TranslateX,
                               GizmoPart::TranslateY, GizmoPart::TranslateZ})
    if (part != highlighted) order[static_cast<std::size_t>(count++)] = part;
  if (highlighted != GizmoPart::None) order[static_cast<std::size_t>(count++)] = highlighted;
  for (int k = 0; k < count; ++k) {
    const GizmoPart part = order[static_cast<std::size_t>(k)];
    const bool lit = part == highlighted;
    const Color color = lit ? Color{1.0f, 0.95f, 0.55f, 1.0f} : partColor(part).withAlpha(0.9f);
    const Vec3d axis = gizmoAxis(part);
    if (isRotation(part)) {
      const auto ring = ringPoints(pose.p, axis, size.ringPixels * unit);
      renderer.polyline(ring, true, color, Style3{lit ? 3.5f : 2.0f, 0, 0, true});
    } else {
      renderer.arrow(pose.p + 0.18 * size.arrowPixels * unit * axis, pose.p + size.arrowPixels * unit * axis, color,
                     lit ? 4.0f : 2.5f, 14.0f, true);
    }
  }
  renderer.point(pose.p, palette::kSelection, 3.5f, true);
}

// [SECTION] Dragging

GizmoDrag::GizmoDrag(const OrbitCamera& camera, const Pose3& pose, GizmoPart part, Vec2d screen)
    : part_(part), start_(pose), axis_(gizmoAxis(part)) {
  if (part == GizmoPart::None) return;
  if (isRotation(part)) {
    onScreen_ = std::abs(collide::dot(camera.ray(screen).direction, axis_)) <= 0.1;
    lastAngle_ = ringAngle(camera, screen);
    valid_ = std::isfinite(lastAngle_);
  } else {
    valid_ = axisParameter(camera, screen, startParameter_);
  }
}

// The parameter t of the point start + t axis nearest the mouse ray (closest points of two lines, Ericson 5.1.8).
bool GizmoDrag::axisParameter(const OrbitCamera& camera, Vec2d screen, double& t) const {
  const Ray3 ray = camera.ray(screen);
  const Vec3d r = start_.p - ray.origin;
  const double b = collide::dot(axis_, ray.direction);  // both unit
  const double denominator = 1 - b * b;
  // The axis along the line of sight: the mouse cannot say where along it (about 1.8 degrees).
  if (!(denominator > 1e-3)) return false;
  t = (b * collide::dot(ray.direction, r) - collide::dot(axis_, r)) / denominator;
  return std::isfinite(t);
}

// The mouse's angle about the ring's axis: where its ray meets the ring's plane, or, when the plane is seen
// edge-on, its angle around the projected centre on screen (signed so that both turn the same way).
double GizmoDrag::ringAngle(const OrbitCamera& camera, Vec2d screen) const {
  const auto [u, v] = ringBasis(axis_);
  const Ray3 ray = camera.ray(screen);
  const double facing = collide::dot(ray.direction, axis_);
  if (!onScreen_ && facing != 0) {
    const double t = collide::dot(start_.p - ray.origin, axis_) / facing;
    const Vec3d offset = ray.origin + t * ray.direction - start_.p;
    return std::atan2(collide::dot(offset, v), collide::dot(offset, u));
  }
  const Vec2d center = camera.project(start_.p).screen;
  const Vec2d offset = screen - center;
  // Screen y grows downward; an axis pointing at the viewer turns counter-clockwise on screen for positive angles.
  const double sign = collide::dot(axis_, camera.forward()) < 0 ? 1.0 : -1.0;
  return sign * std::atan2(-offset.y, offset.x);
}

Pose3 GizmoDrag::update(const OrbitCamera& camera, Vec2d screen) {
  if (!valid_ || !collide::isFinite(screen)) return start_;
  Pose3 pose = start_;
  if (isRotation(part_)) {
    const double angle = ringAngle(camera, screen);
    if (!std::isfinite(angle)) return start_;
    // Unwrapped: each step adds the short way round, so whole turns accumulate.
    sweep_ += std::remainder(angle - lastAngle_, kTwoPi);
    lastAngle_ = angle;
    pose.q = (collide::Quat<double>::fromAxisAngle(axis_, sweep_) * start_.q).normalized();
    return pose;
  }
  double t = 0;
  if (!axisParameter(camera, screen, t)) return start_;
  pose.p = start_.p + (t - startParameter_) * axis_;
  return pose;
}

Vec3d dragPointInView(const OrbitCamera& camera, Vec3d start, Vec2d screenStart, Vec2d screen, bool alongView) {
  if (!collide::isFinite(start) || !collide::isFinite(screenStart) || !collide::isFinite(screen)) return start;
  const Vec3d forward = camera.forward();
  if (alongView) {
    // Along the ray through the point's pixel, so it stays on that pixel: away as the mouse goes up.
    const Vec3d direction = camera.projection() == Projection::Orthographic ? forward : collide::normalize(start - camera.eye());
    const double perPixel = camera.pixelSizeAt(start);
    return start + (screenStart.y - screen.y) * perPixel * direction;
  }
  // The plane through the point facing the camera: where the rays through both mouse positions meet it.
  const auto onPlane = [&](Vec2d pixel) {
    const Ray3 ray = camera.ray(pixel);
    const double t = collide::dot(start - ray.origin, forward) / collide::dot(ray.direction, forward);
    return ray.origin + t * ray.direction;
  };
  const Vec3d moved = start + (onPlane(screen) - onPlane(screenStart));
  return collide::isFinite(moved) ? moved : start;
}

}  // namespace lab
