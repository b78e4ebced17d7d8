// app/io/query_json.h: query results and recorded traces (collide/query.h) as JSON, for `collision-lab query`
// and `collision-lab trace`.
//
// A pair in: {"id": 7, "a": SHAPE, "b": SHAPE} (SHAPE as in shape_json.h).
// A result: {"hit": true, "depth": 0.5, "normal": [1, 0], "point_a": [..], "point_b": [..], "iterations": 3,
// "status": "converged", "stop": "converged"}, with only the fields the algorithm computed, or
// {"error": "sat takes polytopes only ..."} when the algorithm refused the pair.
// A trace: {"algorithm": "epa", "result": RESULT, "gjk": [STEP...], "epa": [STEP...]} with every field of every
// step (world frame). Numbers are written with the shortest text that reads back to the same value.
#pragma once

#include <type_traits>
#include <variant>

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
};
using QueryPair = PairOf<collide::Collider<double>>;
using QueryPair3 = PairOf<collide::Collider3<double>>;

// A pair in the plane or in space, as its shapes' fields say (shapeDimension, shape_json.h); both shapes must be
// in the same one. Throws JsonFieldError naming the field ("a.radius: ...", "c: unknown field ...").
[[nodiscard]] std::variant<QueryPair, QueryPair3> queryPairFromJson(const Json& line);

template <collide::Vector V>
[[nodiscard]] Json queryResultToJson(const collide::QueryResultOf<V>& result);

// A refusal in the CLI's words: the library's reason with the JSON field it is about ("b: sector half_angle 2 rad
// is over 90 degrees, ..."; "a.radius" style for fieldPath).
[[nodiscard]] std::string refusalToText(const collide::Refusal& refusal);
// The JSON field of a shape property ("half_angle", "position"); empty for the shape as a whole.
[[nodiscard]] std::string_view shapeFieldJsonName(collide::ShapeField field);

// Throws JsonFieldError ("a.position: 1.798e+308 is too large: ...") when a or b, in scalar S, is not valid
// (collide::isValid): the numbers the JSON reader took may still be beyond what S can compute with.
template <class Collider>
void requireValid(const Collider& a, const Collider& b);

template <collide::Scalar S>
[[nodiscard]] Json queryTraceToJson(const collide::QueryTrace<S>& trace);
template <collide::Scalar S>
[[nodiscard]] Json queryTraceToJson(const collide::QueryTrace3<S>& trace);

// The document `collision-lab trace` writes for one pair: {"id", "scalar", "a", "b", then queryTraceToJson's
// "algorithm", "result" and steps}; the app's File > Export trace writes the same.
template <collide::Scalar S, class Pair>
[[nodiscard]] Json traceDocument(const Pair& pair, collide::Algorithm algorithm) {
  const auto trace = collide::recordQuery(algorithm, collide::castCollider<S>(pair.a), collide::castCollider<S>(pair.b));
  Json out = Json::object();
  out["id"] = pair.id;
  out["scalar"] = std::is_same_v<S, float> ? "float" : "double";
  out["a"] = colliderToJson(pair.a);
  out["b"] = colliderToJson(pair.b);
  const Json recorded = queryTraceToJson(trace);
  for (const auto& [key, value] : recorded.items()) out[key] = value;
  return out;
}

}  // namespace lab
