// app/widgets/shape_drag3.h: picking and dragging shapes in a spatial view, shared by the 3D labs that move shapes
// with the mouse (narrow phase 3D: the pair; continuous collision 3D: each shape's start and end pose). A press on
// the selected shape's gizmo drags that handle (gizmo3.h); a press on a shape selects it and drags it on the plane
// facing the camera (Shift: along the line of sight); a press on empty space is the shell's (it orbits).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "lab/vocabulary.h"
#include "render/orbit_camera.h"
#include "widgets/gizmo3.h"

namespace lab {

// Where the gizmo sits and what it turns: the transform, or an aabb's centre (it has no rotation).
[[nodiscard]] Pose3 poseOf(const Collider3& collider);
// Moves the shape's origin (an aabb's centre) to `position`.
void moveTo(Collider3& collider, Vec3d position);
// moveTo, and the rotation for a shape that has one.
void placeAt(Collider3& collider, const Pose3& pose);
// A collider of `shape` at `position`, turned by Euler angles in degrees (the labs' presets).
[[nodiscard]] Collider3 placedCollider(collide::Shape3<double> shape, Vec3d position, Vec3d eulerDegrees = {0, 0, 0});

// The first of `shapes` the pointer's ray meets (sphere tracing by GJK distance from the ray's points), with the ray
// parameter there in `hitDistance`; -1 when it meets none. Of shapes hit at the same depth the first listed wins.
[[nodiscard]] int pickShape(const SpatialPointer& pointer, std::span<const Collider3> shapes, double* hitDistance = nullptr);

// One line under a view's title while a shape (or pose) is selected: what is selected and what each drag does
// (`turns`: it has rings, an aabb has none). "B selected: drag moves in the view plane, ...; Esc deselects".
[[nodiscard]] std::string selectionStatus3(std::string_view name, bool turns);

// The mouse's state over the shapes: which is selected and hovered, and the drag under way.
struct ShapeDrag3 {
  int selected = -1;
  int hovered = -1;
  GizmoPart hoveredPart = GizmoPart::None;
  int dragging = -1;  // the shape being dragged, -1 for none

  // A press in the view: true when it takes it (the gizmo or a shape).
  bool press(const OrbitCamera& camera, const MouseEvent& event, std::span<const Collider3> shapes);
  // A move: while dragging, the dragged shape's new pose; otherwise the hover is updated and nothing returned.
  [[nodiscard]] std::optional<Pose3> move(const OrbitCamera& camera, const MouseEvent& event,
                                          std::span<const Collider3> shapes);
  void release();
  // The gizmo part to draw bright: the one dragged, else the one under the mouse.
  [[nodiscard]] GizmoPart highlightedPart() const { return gizmo_ ? gizmo_->part() : hoveredPart; }

 private:
  std::optional<GizmoDrag> gizmo_;
  Pose3 startPose_{};
  Vec3d grab_{};  // the point of the shape under the press
  Vec2d startScreen_{};
  bool alongView_ = false;
};

}  // namespace lab
