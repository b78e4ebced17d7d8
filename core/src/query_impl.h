// core/src/query_impl.h: the dispatch of collide/query.h. query.cpp instantiates it for double and
// query_float.cpp for float: two translation units, so the 8 x 8 shape pairs compile on two cores at once.
//
// [SECTION] Shape pairs: what is curved, what has an analytic test
// [SECTION] Refusals
// [SECTION] Frames: A's local frame and back to the world
// [SECTION] Support-based algorithms (gjk, distance, epa)
// [SECTION] SAT
// [SECTION] Analytic
// [SECTION] runQuery and recordQuery
#pragma once

#include "collide/query.h"

#include <array>
#include <cmath>
#include <numbers>
#include <cstdio>
#include <optional>
#include <type_traits>
#include <utility>
#include <variant>

#include "collide/support.h"
#include "query_common.h"

namespace collide {

namespace {

// [SECTION] Shape pairs: what is curved, what has an analytic test

template <Scalar S>
bool isCurved(const Shape<S>& shape) {
  return std::holds_alternative<Circle<S>>(shape) || std::holds_alternative<Capsule<S>>(shape) ||
         std::holds_alternative<Sector<S>>(shape);
}

// The Shape intersection tests' closed-form tests take a circle as A. A point is a circle of radius 0 and a segment a capsule of
// radius 0, so every pair with a circle or a point on either side has one; so do two aabbs.
template <class T>
constexpr bool kIsRound = std::is_same_v<T, Circle<typename T::Scalar>> || std::is_same_v<T, Point<typename T::Scalar>>;

template <Scalar S>
bool hasAnalyticTest(const Shape<S>& a, const Shape<S>& b) {
  const auto round = [](const Shape<S>& shape) {
    return std::holds_alternative<Circle<S>>(shape) || std::holds_alternative<Point<S>>(shape);
  };
  return round(a) || round(b) || (std::holds_alternative<Aabb<S>>(a) && std::holds_alternative<Aabb<S>>(b));
}

constexpr const char* kAnalyticPairs = "the analytic tests take a circle or a point against any shape, and aabb vs aabb";

// [SECTION] Refusals

template <Scalar S>
std::string formatNumber(S value) {
  char text[32];
  std::snprintf(text, sizeof(text), "%.4g", static_cast<double>(value));
  return text;
}

template <Scalar S>
Refusal invalidShape(Side side, const Shape<S>& shape, const ShapeCheck& check) {
  return {side, shapeTypeName(shape), check.field, describe<S>(check)};
}

// What the algorithm's table entry does not accept about one shape; empty when it accepts it.
template <Scalar S>
Refusal notAccepted(const AlgorithmInfo& info, Side side, const Shape<S>& shape) {
  if (info.accepts == Accepts::Polytopes && isCurved(shape)) {
    return {side, shapeTypeName(shape), ShapeField::Whole, polytopesOnly(info.name, shape)};
  }
  if (info.accepts == Accepts::ConvexShapes) {
    const auto* sector = std::get_if<Sector<S>>(&shape);
    if (sector != nullptr && !sector->isConvex()) {
      return {side, shapeTypeName(shape), ShapeField::HalfAngle,
              formatNumber(sector->halfAngle * (S(180) / std::numbers::pi_v<S>)) + " degrees (" +
                  formatNumber(sector->halfAngle) +
                  " rad) is over 90 degrees, so the sector is not convex; only the analytic test takes it"};
    }
  }
  return {};
}

}  // namespace

template <Scalar S>
std::string describe(const ShapeCheck& check) {
  // A listed item at fault is named first: "vertex 3", "point 3" (a hull's input), "triangle 3" (a mesh).
  const std::string item =
      check.vertex < 0 ? std::string()
                       : std::string(check.field == ShapeField::Points      ? "point "
                                     : check.field == ShapeField::Triangles ? "triangle "
                                                                            : "vertex ") +
                             std::to_string(check.vertex);
  switch (check.fault) {
    case ShapeFault::None: return {};
    case ShapeFault::NotFinite: return item.empty() ? "is not finite" : item + " is not finite";
    case ShapeFault::TooLarge:
      return (item.empty() ? std::string() : item + ": ") + formatNumber(check.value) +
             " is too large: coordinates and sizes are limited to " + formatNumber(kMaxCoordinate<S>) +
             " in magnitude in " + (std::is_same_v<S, float> ? "float" : "double") +
             ", so that no product the algorithms form overflows";
    case ShapeFault::Negative: return formatNumber(check.value) + " is negative";
    case ShapeFault::MinAboveMax: return "exceeds the max on some axis";
    case ShapeFault::AngleRange: return formatNumber(check.value) + " rad is outside [0, pi]";
    case ShapeFault::VertexCount:
      if (check.field == ShapeField::Points) {
        return "make a hull of " + formatNumber(check.value) +
               " vertices; a hull has at least 4 points not all in one plane (build it with makeHull)";
      }
      if (check.field == ShapeField::Vertices || check.field == ShapeField::Triangles) return "are empty";
      return "the polygon has " + formatNumber(check.value) + " vertices; a polygon has 3 to " +
             std::to_string(kMaxPolygonVertices) + " (build it with makePolygon)";
    case ShapeFault::IndexRange:
      return (item.empty() ? std::string() : item + " ") + "names vertex " + formatNumber(check.value) +
             ", which does not exist";
    case ShapeFault::NotUnit:
      return "has squared length " + formatNumber(check.value) + "; a rotation is a unit quaternion";
  }
  return {};
}

template <Scalar S>
Refusal refusal(Algorithm algorithm, const Collider<S>& a, const Collider<S>& b) {
  const std::pair<Side, const Collider<S>*> sides[] = {{Side::A, &a}, {Side::B, &b}};
  for (const auto& [side, collider] : sides) {
    if (const ShapeCheck check = isValid(*collider); !check) return invalidShape(side, collider->shape, check);
  }
  const AlgorithmInfo& info = algorithmInfo(algorithm);
  if (!runsIn(algorithm, 2)) {
    return {Side::Pair, {}, ShapeField::Whole,
            std::string(info.name) + " runs on 3D shapes only; in the plane use " + algorithmNameList(false, 2)};
  }
  for (const auto& [side, collider] : sides) {
    if (Refusal why = notAccepted(info, side, collider->shape); !why.empty()) return why;
  }
  if (info.accepts == Accepts::AnalyticPairs && !hasAnalyticTest(a.shape, b.shape)) {
    return {Side::Pair, {}, ShapeField::Whole,
            "no analytic test for " + std::string(shapeTypeName(a.shape)) + " vs " +
                std::string(shapeTypeName(b.shape)) + "; " + kAnalyticPairs + "; use gjk, distance or epa"};
  }
  return {};
}

namespace {

// [SECTION] Frames: A's local frame and back to the world

template <Scalar S>
EpaStep<S> toWorld(const Transform<S>& frame, EpaStep<S> step) {
  for (SupportPoint<Vec2<S>>& vertex : step.polytope) vertex = detail::toWorld(frame, vertex);
  step.edgeNormal = frame.q.apply(step.edgeNormal);
  step.support = detail::toWorld(frame, step.support);
  return step;
}

template <Scalar S>
EpaStart<S> toWorld(const Transform<S>& frame, EpaStart<S> start) {
  start.simplex = detail::toWorld(frame, start.simplex);
  for (Vec2<S>& direction : start.directions) direction = frame.q.apply(direction);
  for (SupportPoint<Vec2<S>>& support : start.supports) support = detail::toWorld(frame, support);
  for (SupportPoint<Vec2<S>>& vertex : start.polygon) vertex = detail::toWorld(frame, vertex);
  return start;
}

// The trace sinks of one run: all NoTrace for runQuery, recorders for recordQuery.
struct PlainSinks {
  NoTrace gjk, epa, sat, analytic;
};

template <Scalar S>
struct RecordingSinks {
  Recorder<GjkStep<Vec2<S>>> gjk;
  EpaRecorder<S> epa;
  Recorder<SatAxisStep<S>> sat;
  Recorder<AnalyticStep<S>> analytic;
};

// [SECTION] Support-based algorithms (gjk, distance, epa)

// A is used in its own frame, B through Transformed by B's frame in A's frame.
template <Scalar S, class Sinks>
void runSupportBased(Algorithm algorithm, const Collider<S>& a, const Collider<S>& b, const QueryOptions& options,
                     SimplexCache<Vec2<S>>* cache, Sinks& sinks, QueryResult<S>& result) {
  const Transform<S> frameA = placement(a);
  const Transform<S> bInA = invMul(frameA, placement(b));
  std::visit(
      [&](const auto& shapeA, const auto& shapeB) {
        const Transformed placedB{shapeB, bInA};
        if (algorithm == Algorithm::Gjk) {
          detail::takeBoolean(gjkIntersect(shapeA, placedB, options.gjk, sinks.gjk), result);
        } else if (algorithm == Algorithm::Distance) {
          detail::takeDistance(gjkDistance(shapeA, placedB, options.gjk, cache, sinks.gjk), frameA, result);
        } else {
          detail::takePenetration(gjkEpa(shapeA, placedB, options.gjk, options.epa, sinks.gjk, sinks.epa), frameA,
                                  result);
        }
      },
      a.shape, b.shape);
}

// [SECTION] SAT

// Polytope pairs only (refusal() turned the curved ones away). Two boxes take the projection-radius shortcut and
// two aabbs the world axes, as Collision detection notes teaches; everything else the generic edge-normal test. sat.h works
// in A's frame itself and reports in the world.
template <Scalar S, class Sinks>
void runSat(const Collider<S>& a, const Collider<S>& b, Sinks& sinks, QueryResult<S>& result) {
  const SatResult<S> run = std::visit(
      [&](const auto& shapeA, const auto& shapeB) -> SatResult<S> {
        using A = std::decay_t<decltype(shapeA)>;
        using B = std::decay_t<decltype(shapeB)>;
        if constexpr (std::is_same_v<A, Box<S>> && std::is_same_v<B, Box<S>>) {
          return satBoxes(shapeA, a.transform, shapeB, b.transform, sinks.sat);
        } else if constexpr (std::is_same_v<A, Aabb<S>> && std::is_same_v<B, Aabb<S>>) {
          return satAabbs(shapeA, shapeB, sinks.sat);
        } else if constexpr (PolytopeShape<A> && PolytopeShape<B>) {
          return sat(shapeA, a.transform, shapeB, b.transform, sinks.sat);
        } else {
          SatResult<S> invalid;  // refusal() turned this pair away already
          invalid.status = Status::InvalidInput;
          return invalid;
        }
      },
      a.shape, b.shape);
  detail::takeSat(run, result);
}

// [SECTION] Analytic

template <Scalar S>
Circle<S> asCircle(const Circle<S>& circle) {
  return circle;
}

template <Scalar S>
Circle<S> asCircle(const Point<S>& point) {
  return {point.position, S(0)};
}

template <Scalar S, class Other, class Trace>
AnalyticResult<S> circleVsShape(const Circle<S>& circle, const Transform<S>& xfCircle, const Other& other,
                                const Transform<S>& xfOther, Trace& trace) {
  if constexpr (kIsRound<Other>) {
    return circleVsCircle(circle, xfCircle, asCircle(other), xfOther, trace);
  } else if constexpr (std::is_same_v<Other, Segment<S>>) {
    return circleVsCapsule(circle, xfCircle, Capsule<S>{other.a, other.b, S(0)}, xfOther, trace);
  } else if constexpr (std::is_same_v<Other, Aabb<S>>) {
    return circleVsAabb(circle, xfCircle, other, trace);
  } else if constexpr (std::is_same_v<Other, Box<S>>) {
    return circleVsBox(circle, xfCircle, other, xfOther, trace);
  } else if constexpr (std::is_same_v<Other, Capsule<S>>) {
    return circleVsCapsule(circle, xfCircle, other, xfOther, trace);
  } else if constexpr (std::is_same_v<Other, Sector<S>>) {
    return circleVsSector(circle, xfCircle, other, xfOther, trace);
  } else {
    return circleVsPolygon(circle, xfCircle, other, xfOther, trace);
  }
}

template <Scalar S, class Sinks>
void runAnalytic(const Collider<S>& a, const Collider<S>& b, Sinks& sinks, QueryResult<S>& result) {
  const AnalyticResult<S> run = std::visit(
      [&](const auto& shapeA, const auto& shapeB) -> AnalyticResult<S> {
        using A = std::decay_t<decltype(shapeA)>;
        using B = std::decay_t<decltype(shapeB)>;
        if constexpr (kIsRound<A>) {
          return circleVsShape(asCircle(shapeA), a.transform, shapeB, b.transform, sinks.analytic);
        } else if constexpr (kIsRound<B>) {
          // B is the circle: run it as A, then swap the roles back so the normal points from A toward B.
          AnalyticResult<S> swapped =
              circleVsShape(asCircle(shapeB), b.transform, shapeA, a.transform, sinks.analytic);
          swapped.normal = -swapped.normal;
          std::swap(swapped.pointA, swapped.pointB);
          return swapped;
        } else if constexpr (std::is_same_v<A, Aabb<S>> && std::is_same_v<B, Aabb<S>>) {
          return aabbVsAabb(shapeA, shapeB, sinks.analytic);
        } else {
          AnalyticResult<S> invalid;  // refusal() turned this pair away already
          invalid.status = Status::InvalidInput;
          return invalid;
        }
      },
      a.shape, b.shape);
  detail::takeAnalytic(run, result);
}

// [SECTION] runQuery and recordQuery

// The function of each entry of kAlgorithmTable (query.h), in table order: one signature, so the dispatch is an
// index into this list.
template <Scalar S, class Sinks>
using Runner = void (*)(const Collider<S>&, const Collider<S>&, const QueryOptions&, SimplexCache<Vec2<S>>*, Sinks&,
                        QueryResult<S>&);

template <Scalar S, class Sinks, Algorithm kAlgorithm>
void runSupport(const Collider<S>& a, const Collider<S>& b, const QueryOptions& options, SimplexCache<Vec2<S>>* cache,
                Sinks& sinks, QueryResult<S>& result) {
  runSupportBased(kAlgorithm, a, b, options, cache, sinks, result);
}

template <Scalar S, class Sinks>
void runSatEntry(const Collider<S>& a, const Collider<S>& b, const QueryOptions&, SimplexCache<Vec2<S>>*, Sinks& sinks,
                 QueryResult<S>& result) {
  runSat(a, b, sinks, result);
}

template <Scalar S, class Sinks>
void runAnalyticEntry(const Collider<S>& a, const Collider<S>& b, const QueryOptions&, SimplexCache<Vec2<S>>*,
                      Sinks& sinks, QueryResult<S>& result) {
  runAnalytic(a, b, sinks, result);
}

// A 3D-only entry: refusal() turned it away before the dispatch.
template <Scalar S, class Sinks>
void runNothing(const Collider<S>&, const Collider<S>&, const QueryOptions&, SimplexCache<Vec2<S>>*, Sinks&,
                QueryResult<S>& result) {
  result.status = Status::InvalidInput;
}

template <Scalar S, class Sinks>
constexpr std::array<Runner<S, Sinks>, kAlgorithmTable.size()> kRunners = {
    runSupport<S, Sinks, Algorithm::Gjk>, runSupport<S, Sinks, Algorithm::Distance>,
    runSupport<S, Sinks, Algorithm::Epa>, runSatEntry<S, Sinks>, runAnalyticEntry<S, Sinks>,
    runNothing<S, Sinks>};

template <Scalar S, class Sinks>
QueryResult<S> execute(Algorithm algorithm, const Collider<S>& a, const Collider<S>& b, const QueryOptions& options,
                       SimplexCache<Vec2<S>>* cache, Sinks& sinks) {
  QueryResult<S> result;
  result.algorithm = algorithm;
  result.refusal = refusal(algorithm, a, b);
  if (!result.refusal.empty()) {
    result.error = sentence(result.refusal);
    return result;
  }
  result.ok = true;
  kRunners<S, Sinks>[static_cast<std::size_t>(algorithm)](a, b, options, cache, sinks, result);
  detail::refuseIfNotFinite(result);
  return result;
}

}  // namespace

template <Scalar S>
QueryResult<S> runQuery(Algorithm algorithm, const Collider<S>& a, const Collider<S>& b, const QueryOptions& options,
                        SimplexCache<Vec2<S>>* cache) {
  PlainSinks sinks;
  return execute(algorithm, a, b, options, cache, sinks);
}

template <Scalar S>
QueryTrace<S> recordQuery(Algorithm algorithm, const Collider<S>& a, const Collider<S>& b,
                          const QueryOptions& options) {
  RecordingSinks<S> sinks;
  QueryTrace<S> trace;
  trace.result = execute(algorithm, a, b, options, static_cast<SimplexCache<Vec2<S>>*>(nullptr), sinks);
  // GJK and EPA record in A's frame; SAT and the analytic tests already report in the world.
  const Transform<S> frameA = placement(a);
  trace.gjk.reserve(sinks.gjk.steps.size());
  for (const GjkStep<Vec2<S>>& step : sinks.gjk.steps) trace.gjk.push_back(detail::toWorld(frameA, step));
  for (const EpaStart<S>& start : sinks.epa.starts) trace.epaStart.push_back(toWorld(frameA, start));
  trace.epa.reserve(sinks.epa.steps.size());
  for (const EpaStep<S>& step : sinks.epa.steps) trace.epa.push_back(toWorld(frameA, step));
  trace.sat = std::move(sinks.sat.steps);
  trace.analytic = std::move(sinks.analytic.steps);
  return trace;
}

#define COLLIDE_QUERY_INSTANTIATE(S)                                                                           \
  template Refusal refusal<S>(Algorithm, const Collider<S>&, const Collider<S>&);                            \
  template std::string describe<S>(const ShapeCheck&);                                                       \
  template QueryResult<S> runQuery<S>(Algorithm, const Collider<S>&, const Collider<S>&, const QueryOptions&,  \
                                      SimplexCache<Vec2<S>>*);                                                       \
  template QueryTrace<S> recordQuery<S>(Algorithm, const Collider<S>&, const Collider<S>&, const QueryOptions&);

}  // namespace collide
