// app/io/shape_json.h: the SHAPE JSON format to and from collide::Collider<double>.
//
// One format everywhere: `collision-lab query` and `trace` read it, scene files embed it, the GUI saves it.
//   {"type": T, "position": [x, y], "angle": radians, ...}
//   point    nothing more
//   segment  "a": [x, y], "b": [x, y]                 (local frame)
//   circle   "radius": r >= 0
//   aabb     "min": [x, y], "max": [x, y]             (world coordinates; no position or angle)
//   box      "half_extents": [hx, hy]                 (both > 0)
//   capsule  "a": [x, y], "b": [x, y], "radius": r >= 0
//   polygon  "vertices": [[x, y], ...]                (local frame, 3 to 64, convex counter-clockwise;
//            "hull": true builds the convex hull of the points instead of refusing them)
//   sector   "radius": r > 0, "half_angle": radians in (0, pi]   (apex at position, axis along angle)
// "position" and "angle" default to 0. Unknown fields are refused, so a typo never passes silently.
//
// In space (collider3FromJson) the same form with 3 numbers per point:
//   {"type": T, "position": [x, y, z], "rotation": [w, x, y, z], ...}   (rotation: a quaternion, normalised on
//   read, identity by default; zero or non-finite refused; "angle" is refused in 3D)
//   point, segment ("a", "b"), triangle ("a", "b", "c"), sphere ("radius"), aabb ("min", "max"; world, no pose),
//   box ("half_extents": [hx, hy, hz]), capsule ("a", "b", "radius"), cylinder ("half_height", "radius"; axis
//   along local y), hull ("points": [[x, y, z], ...], at least 4 not in one plane; the convex hull is built, and
//   the points it drops are kept and written back; with "as_given": true each point must already be a vertex),
//   mesh ("vertices", "triangles": [[i, j, k], ...]).
// shapeDimension says which form a SHAPE is in, from its type, its "angle" or "rotation", or the length of its
// first vector field.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "collide/shapes.h"
#include "collide/shapes3.h"
#include "lab/vocabulary.h"

namespace lab {

// Parses a SHAPE; `field` names it in messages ("a", "b"). Throws JsonFieldError.
[[nodiscard]] collide::Collider<double> colliderFromJson(const Json& shape, std::string_view field);

// Writes a SHAPE that colliderFromJson reads back to the same collider (the angle to within rounding).
[[nodiscard]] Json colliderToJson(const collide::Collider<double>& collider);

// A 3D SHAPE (format above); `field` names it in messages. Throws JsonFieldError.
[[nodiscard]] collide::Collider3<double> collider3FromJson(const Json& shape, std::string_view field);

// What a 3D SHAPE read as `collider` holds that was read as written but may not be what was meant, each naming
// `field`'s member: a "rotation" of [0, 0, 0, 1] or [0, 0, 0, -1] (a valid half turn about z, but what an engine
// that writes x, y, z, w, as Unity, Bullet, Jolt and Eigen's coeffs() do, writes for no rotation at all); a hull's
// points that are not vertices ("a.points: 16 points given: 8 vertices; dropped: ...", hullDroppedPoints).
[[nodiscard]] std::vector<std::string> shape3Warnings(const Json& shape, const collide::Collider3<double>& collider,
                                                      std::string_view field);

// Which of a hull's given points Quickhull dropped, and why (collide::HullBuildResult::dropped); empty when every
// point is a vertex (givenPoints empty).
[[nodiscard]] std::string hullDroppedPoints(const collide::Hull<double>& hull);

// Writes a 3D SHAPE that collider3FromJson reads back to the same collider.
[[nodiscard]] Json colliderToJson(const collide::Collider3<double>& collider);

// Which space a SHAPE's fields put it in: 2 or 3 with the field that says so and why ("position", "has 3
// numbers, so it is a 3D shape"), or 0 when they fit both (a point with no position).
struct ShapeDimension {
  int dimension = 0;
  std::string field;
  std::string reason;
};
[[nodiscard]] ShapeDimension shapeDimension(const Json& shape);

// Shared by the scene and query readers: "got <value>" as the JSON text of the value, shortened.
[[nodiscard]] std::string describeJsonValue(const Json& value);

// A finite number at `field`, or JsonFieldError.
[[nodiscard]] double finiteNumberFromJson(const Json& value, std::string_view field);

}  // namespace lab
