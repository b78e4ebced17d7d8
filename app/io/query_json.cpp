// app/io/query_json.cpp: QueryResult and QueryTrace as JSON (format in query_json.h).
//
// [SECTION] Numbers and vectors
// [SECTION] Pairs
// [SECTION] Results
// [SECTION] Steps
// [SECTION] Traces
#include "io/query_json.h"

#include "io/text_io.h"

#include <charconv>
#include <cstdlib>
#include <string>

namespace lab {

using collide::Scalar;
using collide::Vec2;

// [SECTION] Numbers and vectors

namespace {

// JSON numbers are doubles. A float goes through its own shortest decimal text first, so 0.1f is written "0.1"
// (not 0.10000000149011612) and still reads back to the same float.
template <Scalar S>
Json number(S value) {
  if (value == S(0)) return 0.0;  // -0 reads as noise in a result: write 0
  if constexpr (std::is_same_v<S, float>) {
    char text[32];
    const auto written = std::to_chars(text, text + sizeof(text) - 1, value);
    *written.ptr = '\0';
    return std::strtod(text, nullptr);
  } else {
    return value;
  }
}

template <Scalar S>
Json vec(Vec2<S> v) {
  return Json::array({number(v.x), number(v.y)});
}

template <Scalar S>
Json supportPoint(const collide::SupportPoint<collide::Vec2<S>>& support) {
  return {{"point", vec(support.point)}, {"point_a", vec(support.pointA)}, {"point_b", vec(support.pointB)}};
}

// Simplex vertices are named A (newest), B, C as in Collision detection notes and in the region names.
constexpr std::array<const char*, 3> kVertexLetters = {"A", "B", "C"};

template <Scalar S>
Json simplex(const collide::Simplex<collide::Vec2<S>>& simplex) {
  Json vertices = Json::array();
  for (int i = 0; i < simplex.count; ++i) {
    Json vertex = supportPoint(simplex.vertices[i]);
    vertex["name"] = kVertexLetters[i];
    vertices.push_back(std::move(vertex));
  }
  return vertices;
}

}  // namespace

// [SECTION] Pairs

QueryPair queryPairFromJson(const Json& line) {
  if (!line.is_object()) {
    throw JsonFieldError("expected an object {\"id\": ..., \"a\": SHAPE, \"b\": SHAPE}, got " + describeJsonValue(line));
  }
  for (const auto& [key, value] : line.items()) {
    if (key != "id" && key != "a" && key != "b") {
      throw JsonFieldError(boundedText(key) + ": unknown field (known: id, a, b)");
    }
  }
  QueryPair pair;
  if (const auto it = line.find("id"); it != line.end()) pair.id = *it;
  for (const char* side : {"a", "b"}) {
    const auto it = line.find(side);
    if (it == line.end()) throw JsonFieldError(std::string(side) + ": missing; expected a shape object");
    (side[0] == 'a' ? pair.a : pair.b) = colliderFromJson(*it, side);
  }
  return pair;
}

// [SECTION] Results

std::string_view shapeFieldJsonName(collide::ShapeField field) {
  switch (field) {
    case collide::ShapeField::Whole: return {};
    case collide::ShapeField::Position: return "position";
    case collide::ShapeField::Angle: return "angle";
    case collide::ShapeField::Center: return "position";
    case collide::ShapeField::Radius: return "radius";
    case collide::ShapeField::EndA: return "a";
    case collide::ShapeField::EndB: return "b";
    case collide::ShapeField::Min: return "min";
    case collide::ShapeField::Max: return "max";
    case collide::ShapeField::HalfExtents: return "half_extents";
    case collide::ShapeField::Vertices: return "vertices";
    case collide::ShapeField::HalfAngle: return "half_angle";
    case collide::ShapeField::EndC: return "c";
    case collide::ShapeField::HalfHeight: return "half_height";
    case collide::ShapeField::Points: return "points";
    case collide::ShapeField::Triangles: return "triangles";
    case collide::ShapeField::Rotation: return "rotation";
  }
  return {};
}

std::string refusalToText(const collide::Refusal& refusal) {
  if (refusal.side == collide::Side::Pair) return refusal.detail;
  std::string text = refusal.side == collide::Side::A ? "a: " : "b: ";
  if (refusal.field != collide::ShapeField::Whole) {
    text.append(refusal.shapeType).append(" ").append(shapeFieldJsonName(refusal.field)).append(" ");
  }
  return text + refusal.detail;
}

template <collide::Scalar S>
void requireValid(const collide::Collider<S>& a, const collide::Collider<S>& b) {
  for (const auto& [side, collider] : {std::pair{"a", &a}, std::pair{"b", &b}}) {
    const collide::ShapeCheck check = collide::isValid(*collider);
    if (check) continue;
    std::string field = side;
    if (const std::string_view name = shapeFieldJsonName(check.field); !name.empty()) field.append(".").append(name);
    throw JsonFieldError(field + ": " + collide::describe<S>(check));
  }
}

template void requireValid<float>(const collide::Collider<float>&, const collide::Collider<float>&);
template void requireValid<double>(const collide::Collider<double>&, const collide::Collider<double>&);

template <Scalar S>
Json queryResultToJson(const collide::QueryResult<S>& result) {
  if (!result.ok) return {{"error", refusalToText(result.refusal)}};
  Json out = {{"hit", result.hit}};
  if (result.distance) out["distance"] = number(*result.distance);
  if (result.separation) out["separation"] = number(*result.separation);
  if (result.depth) out["depth"] = number(*result.depth);
  if (result.normal) out["normal"] = vec(*result.normal);
  if (result.pointA) out["point_a"] = vec(*result.pointA);
  if (result.pointB) out["point_b"] = vec(*result.pointB);
  if (result.iterations) out["iterations"] = *result.iterations;
  if (result.gjkIterations) out["gjk_iterations"] = *result.gjkIterations;
  if (result.status) out["status"] = std::string(collide::statusName(*result.status));
  if (!result.stopReason.empty()) out["stop"] = std::string(result.stopReason);
  return out;
}

// [SECTION] Steps

namespace {

template <Scalar S>
Json gjkStep(const collide::GjkStep<collide::Vec2<S>>& step) {
  Json dropped = Json::array();
  for (int i = 0; i < step.simplexBefore.count; ++i) {
    if (step.droppedMask & (1u << i)) dropped.push_back(kVertexLetters[i]);
  }
  return {{"iteration", step.iteration},
          {"direction", vec(step.direction)},
          {"support", supportPoint(step.support)},
          {"support_dot_direction", number(step.supportDotDirection)},
          {"simplex_before", simplex(step.simplexBefore)},
          {"region", std::string(collide::regionName(step.region))},
          {"dropped", std::move(dropped)},
          {"simplex_after", simplex(step.simplexAfter)},
          {"closest_point", vec(step.closestPoint)},
          {"distance", number(step.distance)},
          {"next_direction", vec(step.nextDirection)},
          {"stop", std::string(collide::stopName(step.stop))}};
}

template <Scalar S>
Json epaStep(const collide::EpaStep<S>& step) {
  Json polytope = Json::array();
  for (const auto& vertex : step.polytope) polytope.push_back(supportPoint(vertex));
  return {{"iteration", step.iteration},
          {"polytope", std::move(polytope)},
          {"closest_edge", step.closestEdge},
          {"edge_normal", vec(step.edgeNormal)},
          {"edge_distance", number(step.edgeDistance)},
          {"support", supportPoint(step.support)},
          {"support_distance", number(step.supportDistance)},
          {"gap", number(step.gap)},
          {"inserted", step.inserted},
          {"stop", std::string(collide::epaStopName(step.stop))}};
}

template <Scalar S>
Json satStep(const collide::SatAxisStep<S>& step) {
  return {{"axis_index", step.axisIndex},
          {"axis", vec(step.axis)},
          {"source", std::string(collide::axisSourceName(step.source))},
          {"edge", step.edge},
          {"interval_a", Json::array({number(step.minA), number(step.maxA)})},
          {"interval_b", Json::array({number(step.minB), number(step.maxB)})},
          {"overlap", number(step.overlap)},
          {"separating", step.separating},
          {"best_axis_index", step.bestAxisIndex},
          {"best_overlap", number(step.bestOverlap)}};
}

template <Scalar S>
Json analyticStep(const collide::AnalyticStep<S>& step) {
  return {{"index", step.index},
          {"title", std::string(step.title)},
          {"point", vec(step.point)},
          {"closest", vec(step.closest)},
          {"value", number(step.value)},
          {"decided", step.decided},
          {"hit", step.hit},
          {"edge", step.edge}};
}

}  // namespace

// [SECTION] Traces

template <Scalar S>
Json queryTraceToJson(const collide::QueryTrace<S>& trace) {
  Json out = {{"algorithm", std::string(collide::algorithmName(trace.result.algorithm))},
              {"result", queryResultToJson(trace.result)}};
  const auto list = [&out](const char* key, const auto& steps, auto convert) {
    if (steps.empty()) return;
    Json array = Json::array();
    for (const auto& step : steps) array.push_back(convert(step));
    out[key] = std::move(array);
  };
  list("gjk", trace.gjk, [](const auto& step) { return gjkStep(step); });
  list("epa", trace.epa, [](const auto& step) { return epaStep(step); });
  list("sat", trace.sat, [](const auto& step) { return satStep(step); });
  list("analytic", trace.analytic, [](const auto& step) { return analyticStep(step); });
  return out;
}

template Json queryResultToJson<float>(const collide::QueryResult<float>&);
template Json queryResultToJson<double>(const collide::QueryResult<double>&);
template Json queryTraceToJson<float>(const collide::QueryTrace<float>&);
template Json queryTraceToJson<double>(const collide::QueryTrace<double>&);

}  // namespace lab
