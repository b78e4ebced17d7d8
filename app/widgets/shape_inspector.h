// app/widgets/shape_inspector.h: the side panel's exact editor of one collider (type, pose, every dimension,
// polygon vertices), shared by every lab. Edits that would break a shape (a non-convex outline, min > max) are
// refused and the reason is left in `error`, shown under the fields until the next good edit.
#pragma once

#include <string>

#include "render/shape_drawing.h"

namespace lab {

// Draws the fields inside the current ImGui window; returns true when `shape` changed this frame.
bool drawShapeInspector(Collider& shape, std::string& error);

// The same for a 3D collider: type (every type with a support function), position, rotation as Euler angles in
// degrees (x, then y, then z, about the world axes; the quaternion is what is stored), every dimension, and a
// hull's points as a list (each edit rebuilt by Quickhull; a refused build keeps the old hull and names the point).
bool drawShapeInspector(Collider3& shape, std::string& error);

// A shape of variant index `type` (collide::kShape3TypeNames) of about unit size at the origin of its frame.
[[nodiscard]] collide::Shape3<double> defaultShape3(std::size_t type);

// Euler angles (radians; roll about x, pitch about y, yaw about z, applied in that order about the world axes) of
// a rotation, the inverse of Quat::fromEuler away from pitch = +-90 degrees.
[[nodiscard]] Vec3d eulerAngles(const collide::Quat<double>& q);
// What the inspector's rotation fields show: eulerAngles in degrees, with rounding noise (below 1e-9 degrees) shown
// as 0; a turn of 0 worked out from a quaternion comes back as 2.7e-11, which a field cuts to "2.66626e-1".
[[nodiscard]] Vec3d displayedEulerDegrees(const collide::Quat<double>& q);

}  // namespace lab
