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
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

#include "collide/shapes.h"
#include "lab/vocabulary.h"

namespace lab {

// Parses a SHAPE; `field` names it in messages ("a", "b"). Throws JsonFieldError.
[[nodiscard]] collide::Collider<double> colliderFromJson(const Json& shape, std::string_view field);

// Writes a SHAPE that colliderFromJson reads back to the same collider (the angle to within rounding).
[[nodiscard]] Json colliderToJson(const collide::Collider<double>& collider);

// Shared by the scene and query readers: "got <value>" as the JSON text of the value, shortened.
[[nodiscard]] std::string describeJsonValue(const Json& value);

// A finite number at `field`, or JsonFieldError.
[[nodiscard]] double finiteNumberFromJson(const Json& value, std::string_view field);

}  // namespace lab
