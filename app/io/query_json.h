// app/io/query_json.h: query results and recorded traces (collide/query.h) as JSON, for `collision-lab query`
// and `collision-lab trace`.
//
// A pair in: {"id": 7, "a": SHAPE, "b": SHAPE} (SHAPE as in shape_json.h).
// A result: {"hit": true, "depth": 0.5, "normal": [1, 0], "point_a": [..], "point_b": [..], "iterations": 3,
// "status": "converged", "stop": "converged"}, with only the fields the algorithm computed, or
// {"error": "sat takes polytopes only ..."} when the algorithm refused the pair.
// A trace: {"algorithm": "epa", "result": RESULT, "gjk": [STEP...], "epa": [STEP...]} with every field of every
// step (world frame). Numbers are written with the shortest text that reads back to the same value (a float's as
// the double it is exactly: jsonNumber).
#pragma once

#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "collide/cast.h"
#include "collide/query.h"
#include "collide/query3.h"
#include "io/shape_json.h"

namespace lab {

// One input of `query` and `trace`: {"id": any JSON value (optional), "a": SHAPE, "b": SHAPE}, in the plane
// (QueryPair) or in space (QueryPair3).
template <class Collider>
struct PairOf {
  Json id;  // null when absent
  Collider a;
  Collider b;
  // What was read as written but is likely not what was meant, field first (rotationWarnings); answers carry it
  // as "warnings".
  std::vector<std::string> warnings;
};
using QueryPair = PairOf<collide::Collider<double>>;
using QueryPair3 = PairOf<collide::Collider3<double>>;

// A pair in the plane or in space, as its shapes' fields say (shapeDimension, shape_json.h); both shapes must be
// in the same one. Throws JsonFieldError naming the field ("a.radius: ...", "c: unknown field ..."). A rotation of
// [0, 0, 0, 1] or [0, 0, 0, -1] is read as written (a half turn about z) with a warning: it is an engine's identity
// in x, y, z, w order, the likeliest way a pasted pair goes wrong in silence.
[[nodiscard]] std::variant<QueryPair, QueryPair3> queryPairFromJson(const Json& line);

// One input of `cast` (and a pasted cast line): {"id", "a": SHAPE, "b": SHAPE, "motion_a": MOTION, "motion_b":
// MOTION}, the MOTION objects kept as read (null when absent) and parsed by castMotionFromJson once the dimension
// is known, so a bad shape is reported before a bad motion. Throws JsonFieldError naming the field.
template <class Collider>
struct CastPair {
  PairOf<Collider> pair;
  Json motionA;
  Json motionB;
};
using CastLine = std::variant<CastPair<collide::Collider<double>>, CastPair<collide::Collider3<double>>>;
[[nodiscard]] CastLine castPairFromJson(const Json& line);
// MOTION = {"velocity": [..], "angular_velocity": w (2D) or [wx, wy, wz] (3D)}, both optional; null is no motion.
// `field` ("motion_a") prefixes messages.
template <collide::Vector V>
[[nodiscard]] collide::Motion<V> castMotionFromJson(const Json& value, const std::string& field);

// A number or vector as JSON: a float as the double it is exactly, -0 as 0, NaN or infinity as null.
template <collide::Scalar S>
[[nodiscard]] Json jsonNumber(S value);
template <collide::Scalar S>
[[nodiscard]] Json jsonVector(collide::Vec2<S> v) {
  return Json::array({jsonNumber(v.x), jsonNumber(v.y)});
}
template <collide::Scalar S>
[[nodiscard]] Json jsonVector(collide::Vec3<S> v) {
  return Json::array({jsonNumber(v.x), jsonNumber(v.y), jsonNumber(v.z)});
}

template <collide::Vector V>
[[nodiscard]] Json queryResultToJson(const collide::QueryResultOf<V>& result);

// A refusal in the CLI's words: the library's reason with the JSON field it is about ("b: sector half_angle 2 rad
// is over 90 degrees, ..."; "a.radius" style for fieldPath).
[[nodiscard]] std::string refusalToText(const collide::Refusal& refusal);
// The JSON field of a shape property ("half_angle", "position"); empty for the shape as a whole.
[[nodiscard]] std::string_view shapeFieldJsonName(collide::ShapeField field);

// Throws JsonFieldError ("a.position: 1e+39 is too large: ... limited to 1e+09 in magnitude in float") when a or
// b, computed in scalar S, is not valid (collide::isValid): as read, in double, then as S will see it (float takes
// coordinates up to 1e9). The reason is worded in S, with the number as read: float's copy of 1e39 is infinite.
template <collide::Scalar S, class Collider>
void requireValidIn(const Collider& a, const Collider& b);

template <collide::Scalar S>
[[nodiscard]] Json queryTraceToJson(const collide::QueryTrace<S>& trace);
template <collide::Scalar S>
[[nodiscard]] Json queryTraceToJson(const collide::QueryTrace3<S>& trace);

// Why `algorithm` refuses the pair (double colliders, as read) in scalar S: double's reason first, which names the
// number past its limit, worded in S ("1e+39 is too large: ... limited to 1e+09 in magnitude in float"; float's
// copy is infinite, only "not finite"), then S's own (float refuses 1e10, double takes it). Empty when S takes it.
template <collide::Scalar S, class Collider>
[[nodiscard]] collide::Refusal refusalIn(collide::Algorithm algorithm, const Collider& a, const Collider& b) {
  collide::Refusal why = collide::refusal(algorithm, a, b);
  if (why.empty()) return collide::refusal(algorithm, collide::castCollider<S>(a), collide::castCollider<S>(b));
  const collide::ShapeCheck check = why.side == collide::Side::A   ? collide::isValid(a)
                                    : why.side == collide::Side::B ? collide::isValid(b)
                                                                   : collide::ShapeCheck{};
  if (!check) why.detail = collide::describe<S>(check);
  return why;
}

// `algorithm` recorded on the pair in scalar S; a refusal says refusalIn's reason.
template <collide::Scalar S, class Collider>
[[nodiscard]] auto recordQueryIn(collide::Algorithm algorithm, const Collider& a, const Collider& b) {
  auto trace = collide::recordQuery(algorithm, collide::castCollider<S>(a), collide::castCollider<S>(b));
  if (!trace.result.ok) {
    if (collide::Refusal why = refusalIn<S>(algorithm, a, b); !why.empty()) {
      trace.result.error = collide::sentence(why);
      trace.result.refusal = std::move(why);
    }
  }
  return trace;
}

// The document `collision-lab trace` writes for one pair: {"id", "scalar", "a", "b", then queryTraceToJson's
// "algorithm", "result" and steps}; the app's File > Export trace writes the same.
template <collide::Scalar S, class Pair>
[[nodiscard]] Json traceDocument(const Pair& pair, collide::Algorithm algorithm) {
  const auto trace = recordQueryIn<S>(algorithm, pair.a, pair.b);
  Json out = Json::object();
  out["id"] = pair.id;
  out["scalar"] = std::is_same_v<S, float> ? "float" : "double";
  out["a"] = colliderToJson(pair.a);
  out["b"] = colliderToJson(pair.b);
  if (!pair.warnings.empty()) out["warnings"] = pair.warnings;
  const Json recorded = queryTraceToJson(trace);
  for (const auto& [key, value] : recorded.items()) out[key] = value;
  return out;
}

}  // namespace lab
