#include "widgets/shape_drag3.h"

#include <algorithm>
#include <limits>
#include <numbers>
#include <utility>
#include <variant>

#include "collide/query3.h"
#include "render/shape_drawing3.h"

namespace lab {

Pose3 poseOf(const Collider3& collider) {
  if (const auto* aabb = std::get_if<collide::Aabb3<double>>(&collider.shape)) {
    return {0.5 * (aabb->min + aabb->max), collide::Quat<double>::identity()};
  }
  return collider.transform;
}

void moveTo(Collider3& collider, Vec3d position) {
  if (auto* aabb = std::get_if<collide::Aabb3<double>>(&collider.shape)) {
    const Vec3d shift = position - 0.5 * (aabb->min + aabb->max);
    aabb->min = aabb->min + shift;
    aabb->max = aabb->max + shift;
  } else {
    collider.transform.p = position;
  }
}

void placeAt(Collider3& collider, const Pose3& pose) {
  moveTo(collider, pose.p);
  if (collide::isPlaced(collider.shape)) collider.transform.q = pose.q;
}

Collider3 placedCollider(collide::Shape3<double> shape, Vec3d position, Vec3d eulerDegrees) {
  constexpr double kRadians = std::numbers::pi / 180.0;
  Collider3 collider;
  collider.shape = std::move(shape);
  collider.transform.p = position;
  collider.transform.q =
      collide::Quat<double>::fromEuler(eulerDegrees.x * kRadians, eulerDegrees.y * kRadians, eulerDegrees.z * kRadians);
  return collider;
}

int pickShape(const SpatialPointer& pointer, std::span<const Collider3> shapes, double* hitDistance) {
  constexpr int kMaxMarches = 64;
  int best = -1;
  double bestT = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < shapes.size(); ++i) {
    const WorldBounds3 box = shapeBounds3(shapes[i]);
    const double size = std::max(collide::length(box.max - box.min), 1e-9);
    const double tolerance = std::max(2.0 * pointer.pixelSize, 1e-6 * size);
    // Start where the ray enters the bounding sphere of the shape's box (the eye may be far away).
    const Vec3d center = 0.5 * (box.min + box.max);
    double t = std::max(0.0, collide::dot(center - pointer.origin, pointer.direction) - size);
    Collider3 probe;
    for (int march = 0; march < kMaxMarches; ++march) {
      probe.shape = collide::Point3<double>{pointer.origin + t * pointer.direction};
      const collide::QueryResult3<double> r = collide::runQuery<double>(collide::Algorithm::Distance, probe, shapes[i]);
      if (!r.ok) break;
      const double d = r.hit ? 0.0 : r.distance.value_or(0.0);
      if (d <= tolerance) {
        if (t < bestT - tolerance) {  // a tie keeps the first listed (a start pose over its end pose)
          bestT = t;
          best = static_cast<int>(i);
        }
        break;
      }
      t += d;
      if (t > collide::dot(center - pointer.origin, pointer.direction) + size) break;  // past the shape
    }
  }
  if (hitDistance != nullptr) *hitDistance = bestT;
  return best;
}

std::string selectionStatus3(std::string_view name, bool turns) {
  return std::string(name) + " selected: drag moves in the view plane, Shift toward/away, arrows along an axis" +
         (turns ? ", rings turn" : "") + "; Esc deselects";
}

bool ShapeDrag3::press(const OrbitCamera& camera, const MouseEvent& event, std::span<const Collider3> shapes) {
  if (event.button != MouseButton::Left || event.modifiers.alt) return false;
  if (selected >= 0 && selected < static_cast<int>(shapes.size())) {
    const Collider3& shape = shapes[static_cast<std::size_t>(selected)];
    GizmoPart part = pickGizmo(camera, poseOf(shape), event.screen);
    if (isRotation(part) && !collide::isPlaced(shape.shape)) part = GizmoPart::None;
    if (part != GizmoPart::None) {
      gizmo_.emplace(camera, poseOf(shape), part, event.screen);
      dragging = selected;
      startPose_ = poseOf(shape);
      return true;
    }
  }
  double t = 0;
  const int shape = pickShape(event.spatial, shapes, &t);
  if (shape < 0) return false;
  selected = shape;
  dragging = shape;
  startPose_ = poseOf(shapes[static_cast<std::size_t>(shape)]);
  grab_ = event.spatial.origin + t * event.spatial.direction;
  startScreen_ = event.screen;
  alongView_ = event.modifiers.shift;
  return true;
}

std::optional<Pose3> ShapeDrag3::move(const OrbitCamera& camera, const MouseEvent& event,
                                      std::span<const Collider3> shapes) {
  if (dragging < 0) {
    hovered = pickShape(event.spatial, shapes);
    hoveredPart = selected >= 0 && selected < static_cast<int>(shapes.size())
                      ? pickGizmo(camera, poseOf(shapes[static_cast<std::size_t>(selected)]), event.screen)
                      : GizmoPart::None;
    return std::nullopt;
  }
  if (gizmo_) return gizmo_->update(camera, event.screen);
  const Vec3d grabbed = dragPointInView(camera, grab_, startScreen_, event.screen, alongView_);
  return Pose3{startPose_.p + (grabbed - grab_), startPose_.q};
}

void ShapeDrag3::release() {
  dragging = -1;
  gizmo_.reset();
}

}  // namespace lab
