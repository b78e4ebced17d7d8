// app/io/query_json.cpp: QueryResult and QueryTrace as JSON (format in query_json.h).
//
// [SECTION] Numbers and vectors
// [SECTION] Pairs
// [SECTION] Results
// [SECTION] Steps
// [SECTION] Traces
#include "io/query_json.h"

#include "collide/simplex_names.h"

#include "io/text_io.h"

#include <charconv>
#include <cstdlib>
#include <string>
#include <type_traits>
#include <variant>

namespace lab {

using collide::Scalar;
using collide::Vec2;

// [SECTION] Numbers and vectors

// JSON readers read doubles, so a float is written as the double it is exactly (0.1f as 0.10000000149011612): a
// reader then gets the numbers the float run computed, and point_b - point_a is the distance it reports. Its shortest
// float text (0.1) reads back to the same float but, read as a double, is off by up to half a float step (at 1e6,
// 1000001.125 was written 1000001.1).
template <Scalar S>
Json jsonNumber(S value) {
  if (!std::isfinite(value)) return nullptr;
  if (value == S(0)) return 0.0;  // -0 reads as noise in a result: write 0
  return static_cast<double>(value);
}
template Json jsonNumber(float);
template Json jsonNumber(double);

namespace {

template <collide::Vector V>
Json supportPoint(const collide::SupportPoint<V>& support) {
  return {{"point", jsonVector(support.point)}, {"point_a", jsonVector(support.pointA)}, {"point_b", jsonVector(support.pointB)}};
}

// Simplex vertices are named by the support they came from, "w0" the run's first, as the labs name them
// (collide/simplex_names.h); a slot with no such support (none in a run from a cold start) has no name.
template <collide::Vector V>
Json simplex(const collide::Simplex<V>& simplex, const collide::SupportNames& names) {
  Json vertices = Json::array();
  for (int i = 0; i < simplex.count; ++i) {
    Json vertex = supportPoint(simplex.vertices[i]);
    if (names[static_cast<std::size_t>(i)] >= 0) vertex["name"] = collide::supportName(names[static_cast<std::size_t>(i)]);
    vertices.push_back(std::move(vertex));
  }
  return vertices;
}

}  // namespace

// [SECTION] Pairs

std::variant<QueryPair, QueryPair3> queryPairFromJson(const Json& line) {
  if (!line.is_object()) {
    throw JsonFieldError("expected an object {\"id\": ..., \"a\": SHAPE, \"b\": SHAPE}, got " + describeJsonValue(line));
  }
  for (const auto& [key, value] : line.items()) {
    if (key != "id" && key != "a" && key != "b") {
      throw JsonFieldError(boundedText(key) + ": unknown field (known: id, a, b)");
    }
  }
  Json id;
  if (const auto it = line.find("id"); it != line.end()) id = *it;
  const auto side = [&line](const char* name) -> const Json& {
    const auto it = line.find(name);
    if (it == line.end()) throw JsonFieldError(std::string(name) + ": missing; expected a shape object");
    return *it;
  };
  const Json& a = side("a");
  const Json& b = side("b");
  const ShapeDimension dimensionA = shapeDimension(a);
  const ShapeDimension dimensionB = shapeDimension(b);
  if (dimensionA.dimension != 0 && dimensionB.dimension != 0 && dimensionA.dimension != dimensionB.dimension) {
    const bool aInSpace = dimensionA.dimension == 3;
    const ShapeDimension& space = aInSpace ? dimensionA : dimensionB;
    const ShapeDimension& plane = aInSpace ? dimensionB : dimensionA;
    throw JsonFieldError(std::string(aInSpace ? "a." : "b.") + space.field + ": " + space.reason + ", but " +
                         (aInSpace ? "b." : "a.") + plane.field + " " + plane.reason +
                         "; a pair is two 2D shapes or two 3D shapes");
  }
  if (dimensionA.dimension == 3 || dimensionB.dimension == 3) {
    QueryPair3 pair{id, collider3FromJson(a, "a"), collider3FromJson(b, "b"), {}};
    for (const auto& [shape, field] : {std::pair<const Json&, const char*>{a, "a"}, {b, "b"}}) {
      for (std::string& warning : shape3Warnings(shape, field[0] == 'a' ? pair.a : pair.b, field)) pair.warnings.push_back(std::move(warning));
    }
    return pair;
  }
  return QueryPair{id, colliderFromJson(a, "a"), colliderFromJson(b, "b"), {}};
}

CastLine castPairFromJson(const Json& line) {
  if (!line.is_object()) {
    throw JsonFieldError(
        "expected an object {\"id\": ..., \"a\": SHAPE, \"b\": SHAPE, \"motion_a\": MOTION, \"motion_b\": MOTION}, got " +
        describeJsonValue(line));
  }
  Json shapes = Json::object();
  Json motionA, motionB;
  for (const auto& [key, value] : line.items()) {
    if (key == "motion_a") motionA = value;
    else if (key == "motion_b") motionB = value;
    else if (key == "id" || key == "a" || key == "b") shapes[key] = value;
    else throw JsonFieldError(boundedText(key) + ": unknown field (known: id, a, b, motion_a, motion_b)");
  }
  return std::visit(
      [&](auto&& pair) -> CastLine {
        using Pair = std::decay_t<decltype(pair)>;
        if constexpr (std::is_same_v<Pair, QueryPair>) return CastPair<collide::Collider<double>>{pair, motionA, motionB};
        else return CastPair<collide::Collider3<double>>{pair, motionA, motionB};
      },
      queryPairFromJson(shapes));
}

namespace {

template <class V>
V vectorFromJson(const Json& value, const std::string& field) {
  constexpr int kSize = collide::kDimension<V>;
  if (!value.is_array() || value.size() != static_cast<std::size_t>(kSize)) {
    throw JsonFieldError(field + ": expected " + (kSize == 2 ? "[x, y]" : "[x, y, z]") + " (the pair is " +
                         std::to_string(kSize) + "D), got " + describeJsonValue(value));
  }
  V v{};
  v.x = finiteNumberFromJson(value[0], field + "[0]");
  v.y = finiteNumberFromJson(value[1], field + "[1]");
  if constexpr (kSize == 3) v.z = finiteNumberFromJson(value[2], field + "[2]");
  return v;
}

}  // namespace

template <collide::Vector V>
collide::Motion<V> castMotionFromJson(const Json& value, const std::string& field) {
  collide::Motion<V> motion;
  if (value.is_null()) return motion;
  if (!value.is_object()) {
    throw JsonFieldError(field + ": expected {\"velocity\": [..], \"angular_velocity\": ..}, got " + describeJsonValue(value));
  }
  for (const auto& [key, item] : value.items()) {
    const std::string where = field + "." + boundedText(key);
    if (key == "velocity") {
      motion.velocity = vectorFromJson<V>(item, where);
    } else if (key == "angular_velocity") {
      if constexpr (collide::kDimension<V> == 2) {
        if (!item.is_number()) throw JsonFieldError(where + ": expected radians per unit time (a number) in 2D, got " + describeJsonValue(item));
        motion.angularVelocity = finiteNumberFromJson(item, where);
      } else {
        motion.angularVelocity = vectorFromJson<V>(item, where);
      }
    } else {
      throw JsonFieldError(where + ": unknown field (known: velocity, angular_velocity)");
    }
  }
  return motion;
}

template collide::Motion<collide::Vec2<double>> castMotionFromJson<collide::Vec2<double>>(const Json&, const std::string&);
template collide::Motion<collide::Vec3<double>> castMotionFromJson<collide::Vec3<double>>(const Json&, const std::string&);

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

template <collide::Scalar S, class Collider>
void requireValidIn(const Collider& a, const Collider& b) {
  for (const auto& [side, collider] : {std::pair{"a", &a}, std::pair{"b", &b}}) {
    collide::ShapeCheck check = collide::isValid(*collider);
    if (check) check = collide::isValid(collide::castCollider<S>(*collider));
    if (check) continue;
    std::string field = side;
    if (const std::string_view name = shapeFieldJsonName(check.field); !name.empty()) field.append(".").append(name);
    throw JsonFieldError(field + ": " + collide::describe<S>(check));
  }
}

template void requireValidIn<float>(const collide::Collider<double>&, const collide::Collider<double>&);
template void requireValidIn<double>(const collide::Collider<double>&, const collide::Collider<double>&);
template void requireValidIn<float>(const collide::Collider3<double>&, const collide::Collider3<double>&);
template void requireValidIn<double>(const collide::Collider3<double>&, const collide::Collider3<double>&);

template <collide::Vector V>
Json queryResultToJson(const collide::QueryResultOf<V>& result) {
  if (!result.ok) return {{"error", refusalToText(result.refusal)}};
  Json out = {{"hit", result.hit}};
  if (result.distance) out["distance"] = jsonNumber(*result.distance);
  if (result.separation) out["separation"] = jsonNumber(*result.separation);
  if (result.depth) out["depth"] = jsonNumber(*result.depth);
  if (result.normal) out["normal"] = jsonVector(*result.normal);
  if (result.pointA) out["point_a"] = jsonVector(*result.pointA);
  if (result.pointB) out["point_b"] = jsonVector(*result.pointB);
  if (result.iterations) out["iterations"] = *result.iterations;
  if (result.gjkIterations) out["gjk_iterations"] = *result.gjkIterations;
  if (result.status) out["status"] = std::string(collide::statusName(*result.status));
  if (!result.stopReason.empty()) out["stop"] = std::string(result.stopReason);
  if (result.faceAxesFooled) out["face_axes_fooled"] = *result.faceAxesFooled;
  return out;
}

// [SECTION] Steps

namespace {

// Step `index` of a GJK run: its support is w<index>, and its simplices, region and dropped vertices are named as the
// labs name them.
template <collide::Vector V>
Json gjkStep(const std::vector<collide::GjkStep<V>>& steps, int index) {
  const collide::GjkStep<V>& step = steps[static_cast<std::size_t>(index)];
  const collide::SupportNames names = collide::simplexSupportIndices(steps, index);
  Json dropped = Json::array();
  for (int i = 0; i < step.simplexBefore.count; ++i) {
    if (step.droppedMask & (1u << i)) dropped.push_back(collide::supportName(names[static_cast<std::size_t>(i)]));
  }
  Json support = supportPoint(step.support);
  support["name"] = collide::supportName(index);
  // A first support that already falls short of the origin leaves no simplex: no closest point, no distance
  // (they read 0, as if the shapes touched).
  const bool empty = step.simplexAfter.count == 0;
  return {{"iteration", step.iteration},
          {"direction", jsonVector(step.direction)},
          {"support", std::move(support)},
          {"support_dot_direction", jsonNumber(step.supportDotDirection)},
          {"simplex_before", simplex(step.simplexBefore, names)},
          {"region", collide::regionName(step.region, names)},
          {"dropped", std::move(dropped)},
          {"simplex_after", simplex(step.simplexAfter, collide::simplexSupportIndicesAfter(steps, index, step.simplexAfter))},
          {"closest_point", empty ? Json(nullptr) : jsonVector(step.closestPoint)},
          {"distance", empty ? Json(nullptr) : jsonNumber(step.distance)},
          {"next_direction", jsonVector(step.nextDirection)},
          {"stop", std::string(collide::stopName(step.stop))}};
}

// EPA starts from GJK's last simplex: its vertices keep the names GJK's last step gave them.
template <collide::Vector V>
collide::SupportNames epaStartNames(const std::vector<collide::GjkStep<V>>& steps, const collide::Simplex<V>& start) {
  return collide::simplexSupportIndicesAfter(steps, static_cast<int>(steps.size()) - 1, start);
}

template <Scalar S>
Json epaStart(const collide::EpaStart<S>& start, const collide::SupportNames& names) {
  Json directions = Json::array();
  for (const auto& direction : start.directions) directions.push_back(jsonVector(direction));
  const auto points = [](const std::vector<collide::SupportPoint<collide::Vec2<S>>>& list) {
    Json array = Json::array();
    for (const auto& point : list) array.push_back(supportPoint(point));
    return array;
  };
  return {{"simplex", simplex(start.simplex, names)},
          {"directions", std::move(directions)},
          {"supports", points(start.supports)},
          {"polygon", points(start.polygon)}};
}

template <Scalar S>
Json epaStep(const collide::EpaStep<S>& step) {
  Json polytope = Json::array();
  for (const auto& vertex : step.polytope) polytope.push_back(supportPoint(vertex));
  return {{"iteration", step.iteration},
          {"polytope", std::move(polytope)},
          {"closest_edge", step.closestEdge},
          {"edge_normal", jsonVector(step.edgeNormal)},
          {"edge_distance", jsonNumber(step.edgeDistance)},
          {"support", supportPoint(step.support)},
          {"support_distance", jsonNumber(step.supportDistance)},
          {"gap", jsonNumber(step.gap)},
          {"inserted", step.inserted},
          {"stop", std::string(collide::epaStopName(step.stop))}};
}

template <Scalar S>
Json epaFace(const collide::EpaFace3<S>& face) {
  return {{"vertices", Json::array({face.vertices[0], face.vertices[1], face.vertices[2]})},
          {"normal", jsonVector(face.normal)},
          {"distance", jsonNumber(face.distance)},
          {"iteration", face.iteration},
          {"degenerate", face.degenerate}};
}

// In space: the start polytope's vertices and faces in place of the polygon.
template <Scalar S>
Json epaStart(const collide::EpaStart3<S>& start, const collide::SupportNames& names) {
  Json directions = Json::array();
  for (const auto& direction : start.directions) directions.push_back(jsonVector(direction));
  const auto points = [](const std::vector<collide::SupportPoint<collide::Vec3<S>>>& list) {
    Json array = Json::array();
    for (const auto& point : list) array.push_back(supportPoint(point));
    return array;
  };
  Json faces = Json::array();
  for (const auto& face : start.faces) faces.push_back(epaFace(face));
  return {{"simplex", simplex(start.simplex, names)},
          {"directions", std::move(directions)},
          {"supports", points(start.supports)},
          {"vertices", points(start.vertices)},
          {"faces", std::move(faces)}};
}

template <Scalar S>
Json epaStep(const collide::EpaStep3<S>& step) {
  Json vertices = Json::array();
  for (const auto& vertex : step.vertices) vertices.push_back(supportPoint(vertex));
  const auto faces = [](const std::vector<collide::EpaFace3<S>>& list) {
    Json array = Json::array();
    for (const auto& face : list) array.push_back(epaFace(face));
    return array;
  };
  Json horizon = Json::array();
  for (const auto& edge : step.horizon) horizon.push_back(Json::array({edge[0], edge[1]}));
  return {{"iteration", step.iteration},
          {"vertices", std::move(vertices)},
          {"faces", faces(step.faces)},
          {"closest_face", step.closestFace},
          {"face_normal", jsonVector(step.faceNormal)},
          {"face_distance", jsonNumber(step.faceDistance)},
          {"support", supportPoint(step.support)},
          {"support_distance", jsonNumber(step.supportDistance)},
          {"gap", jsonNumber(step.gap)},
          {"inserted", step.inserted},
          {"removed_faces", step.removedFaces},
          {"horizon", std::move(horizon)},
          {"added_faces", faces(step.addedFaces)},
          {"stop", std::string(collide::epaStopName(step.stop))}};
}

// One SAT axis in either dimension: `feature` (the edge, or the two features in space, the axis came from)
// follows the source, and `afterSeparating` (in space: whether the Gauss map pruned it) follows separating. A
// pruned candidate was never projected: its intervals and overlap are null, not 0 (which reads as touching), and so
// is the axis of two parallel edges, which have no cross product.
template <class Step>
Json satAxisStep(const Step& step, const Json& feature, const Json& afterSeparating, bool pruned = false) {
  const bool noAxis = pruned && step.axis == decltype(step.axis){};
  Json out = {{"axis_index", step.axisIndex},
              {"axis", noAxis ? Json(nullptr) : jsonVector(step.axis)},
              {"source", std::string(collide::axisSourceName(step.source))}};
  out.update(feature);
  out["interval_a"] = pruned ? Json(nullptr) : Json::array({jsonNumber(step.minA), jsonNumber(step.maxA)});
  out["interval_b"] = pruned ? Json(nullptr) : Json::array({jsonNumber(step.minB), jsonNumber(step.maxB)});
  out["overlap"] = pruned ? Json(nullptr) : jsonNumber(step.overlap);
  out["separating"] = step.separating;
  out.update(afterSeparating);
  out["best_axis_index"] = step.bestAxisIndex;
  out["best_overlap"] = jsonNumber(step.bestOverlap);
  return out;
}

template <Scalar S>
Json satStep(const collide::SatAxisStep<S>& step) {
  return satAxisStep(step, {{"edge", step.edge}}, Json::object());
}

template <Scalar S>
Json satStep(const collide::SatAxisStep3<S>& step) {
  return satAxisStep(step, {{"index_a", step.indexA}, {"index_b", step.indexB}}, {{"pruned", step.pruned}}, step.pruned);
}

template <Scalar S>
Json analyticStep(const collide::AnalyticStep3<S>& step) {
  return {{"index", step.index},
          {"title", std::string(step.title)},
          {"point", jsonVector(step.point)},
          {"closest", jsonVector(step.closest)},
          {"value", jsonNumber(step.value)},
          {"decided", step.decided},
          {"hit", step.hit},
          {"feature", step.feature}};
}

template <Scalar S>
Json analyticStep(const collide::AnalyticStep<S>& step) {
  return {{"index", step.index},
          {"title", std::string(step.title)},
          {"point", jsonVector(step.point)},
          {"closest", jsonVector(step.closest)},
          {"value", jsonNumber(step.value)},
          {"decided", step.decided},
          {"hit", step.hit},
          {"edge", step.edge}};
}

// [SECTION] Traces

// Both dimensions' traces hold the same lists (gjk, epa, sat, analytic) of their own step types.
template <class Trace>
Json traceToJson(const Trace& trace) {
  Json out = {{"algorithm", std::string(collide::algorithmName(trace.result.algorithm))},
              {"result", queryResultToJson(trace.result)}};
  const auto list = [&out](const char* key, const auto& steps, auto convert) {
    if (steps.empty()) return;
    Json array = Json::array();
    for (const auto& step : steps) array.push_back(convert(step));
    out[key] = std::move(array);
  };
  if (!trace.gjk.empty()) {
    Json gjk = Json::array();
    for (int i = 0; i < static_cast<int>(trace.gjk.size()); ++i) gjk.push_back(gjkStep(trace.gjk, i));
    out["gjk"] = std::move(gjk);
  }
  list("epa_start", trace.epaStart, [&trace](const auto& start) { return epaStart(start, epaStartNames(trace.gjk, start.simplex)); });
  list("epa", trace.epa, [](const auto& step) { return epaStep(step); });
  list("sat", trace.sat, [](const auto& step) { return satStep(step); });
  list("analytic", trace.analytic, [](const auto& step) { return analyticStep(step); });
  return out;
}

}  // namespace

template <Scalar S>
Json queryTraceToJson(const collide::QueryTrace<S>& trace) {
  return traceToJson(trace);
}

template <Scalar S>
Json queryTraceToJson(const collide::QueryTrace3<S>& trace) {
  return traceToJson(trace);
}

template Json queryResultToJson(const collide::QueryResult<float>&);
template Json queryResultToJson(const collide::QueryResult<double>&);
template Json queryResultToJson(const collide::QueryResult3<float>&);
template Json queryResultToJson(const collide::QueryResult3<double>&);
template Json queryTraceToJson(const collide::QueryTrace<float>&);
template Json queryTraceToJson(const collide::QueryTrace<double>&);
template Json queryTraceToJson(const collide::QueryTrace3<float>&);
template Json queryTraceToJson(const collide::QueryTrace3<double>&);

}  // namespace lab
