// app/widgets/shape_inspector.h: the side panel's exact editor of one collider (type, pose, every dimension,
// polygon vertices), shared by every lab. Edits that would break a shape (a non-convex outline, min > max) are
// refused and the reason is left in `error`, shown under the fields until the next good edit.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "render/shape_drawing.h"

namespace lab {

// Draws the fields inside the current ImGui window; returns true when `shape` changed this frame. `name` is the
// shape's as the lab shows it ("A", "B", "box 2"): what inspectorFieldRects files the fields under.
bool drawShapeInspector(Collider& shape, std::string& error, std::string_view name);

// The same for a 3D collider: type (every type with a support function), position, rotation as Euler angles in
// degrees (x, then y, then z, about the world axes; the quaternion is what is stored), every dimension, and a
// hull's points as a list (each edit rebuilt by Quickhull; a refused build keeps the old hull and names the point).
bool drawShapeInspector(Collider3& shape, std::string& error, std::string_view name);

// Where the inspectors drew their number fields in this frame (window pixels), by the shape's name, then the field's
// label, one rect per number ("B", "Position": x's, then y's). --dump-state writes them ("inspector"), so a GUI test
// aims at a field rather than at a place that moves with the panel. The shell clears them as each frame begins.
using InspectorFieldRects = std::map<std::string, std::map<std::string, std::vector<ScreenRect>, std::less<>>, std::less<>>;
[[nodiscard]] const InspectorFieldRects& inspectorFieldRects();
// Where a field drawn beside an inspector (a continuous lab's Velocity) files its rects, under the same shape.
[[nodiscard]] std::vector<ScreenRect>* inspectorFieldSlot(const std::string& shape, const std::string& field);
void clearInspectorFieldRects();

// A shape of variant index `type` (collide::kShape3TypeNames) of about unit size at the origin of its frame.
[[nodiscard]] collide::Shape3<double> defaultShape3(std::size_t type);

// Euler angles (radians; roll about x, pitch about y, yaw about z, applied in that order about the world axes) of
// a rotation, the inverse of Quat::fromEuler away from pitch = +-90 degrees.
[[nodiscard]] Vec3d eulerAngles(const collide::Quat<double>& q);
// What the inspector's rotation fields show: eulerAngles in degrees, with rounding noise (below 1e-9 degrees) shown
// as 0; a turn of 0 worked out from a quaternion comes back as 2.7e-11, which a field cuts to "2.66626e-1".
[[nodiscard]] Vec3d displayedEulerDegrees(const collide::Quat<double>& q);

}  // namespace lab
