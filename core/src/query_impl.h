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

#include <cmath>
#include <cstdio>
#include <numbers>
#include <type_traits>
#include <utility>
#include <variant>

#include "collide/support.h"

namespace collide {

namespace {

// [SECTION] Shape pairs: what is curved, what has an analytic test

template <Scalar S>
bool isCurved(const Shape<S>& shape) {
  return std::holds_alternative<Circle<S>>(shape) || std::holds_alternative<Capsule<S>>(shape) ||
         std::holds_alternative<Sector<S>>(shape);
}

// Article 001's closed-form tests take a circle as A. A point is a circle of radius 0 and a segment a capsule of
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
bool finite(S value) {
  return std::isfinite(value);
}

template <Scalar S>
bool finite(Vec2<S> value) {
  return isFinite(value);
}

// What is wrong with a collider whatever the algorithm: empty when nothing is.
template <Scalar S>
std::string malformed(const Collider<S>& collider) {
  const Transform<S>& xf = collider.transform;
  const bool placed = !std::holds_alternative<Aabb<S>>(collider.shape);
  if (placed && !(finite(xf.p) && finite(xf.q.c) && finite(xf.q.s))) return "the position or angle is not finite";
  return std::visit(
      [](const auto& shape) -> std::string {
        using T = std::decay_t<decltype(shape)>;
        if constexpr (std::is_same_v<T, Point<S>>) {
          if (!finite(shape.position)) return "the point is not finite";
        } else if constexpr (std::is_same_v<T, Segment<S>>) {
          if (!finite(shape.a) || !finite(shape.b)) return "the segment's ends are not finite";
        } else if constexpr (std::is_same_v<T, Circle<S>>) {
          if (!finite(shape.center) || !finite(shape.radius)) return "the circle is not finite";
          if (shape.radius < S(0)) return "the circle's radius " + formatNumber(shape.radius) + " is negative";
        } else if constexpr (std::is_same_v<T, Aabb<S>>) {
          if (!finite(shape.min) || !finite(shape.max)) return "the aabb's min or max is not finite";
          if (!(shape.min.x <= shape.max.x && shape.min.y <= shape.max.y)) return "the aabb's min exceeds its max";
        } else if constexpr (std::is_same_v<T, Box<S>>) {
          if (!finite(shape.halfExtents)) return "the box's half extents are not finite";
          if (shape.halfExtents.x < S(0) || shape.halfExtents.y < S(0)) return "the box's half extents are negative";
        } else if constexpr (std::is_same_v<T, Capsule<S>>) {
          if (!finite(shape.a) || !finite(shape.b) || !finite(shape.radius)) return "the capsule is not finite";
          if (shape.radius < S(0)) return "the capsule's radius " + formatNumber(shape.radius) + " is negative";
        } else if constexpr (std::is_same_v<T, Polygon<S>>) {
          if (shape.count < 3 || shape.count > kMaxPolygonVertices) {
            return "the polygon has " + std::to_string(shape.count) + " vertices; build it with makePolygon";
          }
          for (int i = 0; i < shape.count; ++i) {
            if (!finite(shape.vertices[i]) || !finite(shape.normals[i])) {
              return "polygon vertex " + std::to_string(i) + " is not finite";
            }
          }
        } else {
          if (!finite(shape.radius) || !finite(shape.halfAngle)) return "the sector is not finite";
          if (shape.radius < S(0)) return "the sector's radius " + formatNumber(shape.radius) + " is negative";
          if (!(shape.halfAngle >= S(0) && shape.halfAngle <= std::numbers::pi_v<S>)) {
            return "the sector's half_angle " + formatNumber(shape.halfAngle) + " rad is outside [0, pi]";
          }
        }
        return {};
      },
      collider.shape);
}

template <Scalar S>
std::string nonConvexSector(const Shape<S>& shape) {
  const auto* sector = std::get_if<Sector<S>>(&shape);
  if (sector == nullptr || sector->isConvex()) return {};
  return "sector half_angle " + formatNumber(sector->halfAngle) +
         " rad is over 90 degrees, so the sector is not convex; only the analytic test takes it";
}

}  // namespace

template <Scalar S>
std::string refusal(Algorithm algorithm, const Collider<S>& a, const Collider<S>& b) {
  const std::pair<const char*, const Collider<S>*> sides[] = {{"a", &a}, {"b", &b}};
  for (const auto& [name, collider] : sides) {
    if (std::string why = malformed(*collider); !why.empty()) return std::string(name) + ": " + why;
  }
  if (algorithm == Algorithm::Sat) {
    for (const auto& [name, collider] : sides) {
      if (isCurved(collider->shape)) {
        return std::string(name) + ": sat takes polytopes only (point, segment, aabb, box, polygon); a " +
               std::string(shapeTypeName(collider->shape)) + " has a curved boundary and no finite set of axes";
      }
    }
  }
  if (algorithm == Algorithm::Gjk || algorithm == Algorithm::Distance || algorithm == Algorithm::Epa) {
    for (const auto& [name, collider] : sides) {
      if (std::string why = nonConvexSector(collider->shape); !why.empty()) return std::string(name) + ": " + why;
    }
  }
  if (algorithm == Algorithm::Analytic && !hasAnalyticTest(a.shape, b.shape)) {
    return "no analytic test for " + std::string(shapeTypeName(a.shape)) + " vs " +
           std::string(shapeTypeName(b.shape)) + "; " + kAnalyticPairs + "; use gjk, distance or epa";
  }
  return {};
}

namespace {

// [SECTION] Frames: A's local frame and back to the world

// An Aabb's corners are world coordinates: its frame is the world whatever its transform says.
template <Scalar S>
Transform<S> frameOf(const Collider<S>& collider) {
  return std::holds_alternative<Aabb<S>>(collider.shape) ? Transform<S>::identity() : collider.transform;
}

// Points of A and B go through A's transform; vectors (directions, normals, and the Minkowski-difference points,
// which are differences of two points) only through its rotation.
template <Scalar S>
SupportPoint<Vec2<S>> toWorld(const Transform<S>& frame, const SupportPoint<Vec2<S>>& support) {
  return {frame.apply(support.pointA), frame.apply(support.pointB), frame.q.apply(support.point)};
}

template <Scalar S>
Simplex<Vec2<S>> toWorld(const Transform<S>& frame, Simplex<Vec2<S>> simplex) {
  for (int i = 0; i < simplex.count; ++i) simplex.vertices[i] = toWorld(frame, simplex.vertices[i]);
  return simplex;
}

template <Scalar S>
GjkStep<Vec2<S>> toWorld(const Transform<S>& frame, GjkStep<Vec2<S>> step) {
  step.direction = frame.q.apply(step.direction);
  step.support = toWorld(frame, step.support);
  step.simplexBefore = toWorld(frame, step.simplexBefore);
  step.simplexAfter = toWorld(frame, step.simplexAfter);
  step.closestPoint = frame.q.apply(step.closestPoint);
  step.nextDirection = frame.q.apply(step.nextDirection);
  return step;
}

template <Scalar S>
EpaStep<S> toWorld(const Transform<S>& frame, EpaStep<S> step) {
  for (SupportPoint<Vec2<S>>& vertex : step.polytope) vertex = toWorld(frame, vertex);
  step.edgeNormal = frame.q.apply(step.edgeNormal);
  step.support = toWorld(frame, step.support);
  return step;
}

// The trace sinks of one run: all NoTrace for runQuery, recorders for recordQuery.
struct PlainSinks {
  NoTrace gjk, epa, sat, analytic;
};

template <Scalar S>
struct RecordingSinks {
  Recorder<GjkStep<Vec2<S>>> gjk;
  Recorder<EpaStep<S>> epa;
  Recorder<SatAxisStep<S>> sat;
  Recorder<AnalyticStep<S>> analytic;
};

// [SECTION] Support-based algorithms (gjk, distance, epa)

// A is used in its own frame, B through Transformed by B's frame in A's frame.
template <Scalar S, class Sinks>
void runSupportBased(Algorithm algorithm, const Collider<S>& a, const Collider<S>& b, const QueryOptions& options,
                     Sinks& sinks, QueryResult<S>& result) {
  const Transform<S> frameA = frameOf(a);
  const Transform<S> bInA = invMul(frameA, frameOf(b));
  std::visit(
      [&](const auto& shapeA, const auto& shapeB) {
        const Transformed placedB{shapeB, bInA};
        if (algorithm == Algorithm::Gjk) {
          const GjkBooleanResult<Vec2<S>> run = gjkIntersect(shapeA, placedB, options.gjk, sinks.gjk);
          result.hit = run.hit;
          result.iterations = run.iterations;
          result.status = run.status;
          result.stopReason = stopName(run.stop);
        } else if (algorithm == Algorithm::Distance) {
          const DistanceResult<Vec2<S>> run = gjkDistance(shapeA, placedB, options.gjk, nullptr, sinks.gjk);
          result.hit = run.overlap;
          result.distance = run.distance;
          if (!run.overlap) {
            result.normal = frameA.q.apply(run.normal);
            result.pointA = frameA.apply(run.pointA);
            result.pointB = frameA.apply(run.pointB);
          }
          result.iterations = run.iterations;
          result.status = run.status;
          result.stopReason = stopName(run.stop);
        } else {
          const PenetrationResult<S> run = gjkEpa(shapeA, placedB, options.gjk, options.epa, sinks.gjk, sinks.epa);
          result.hit = run.hit;
          if (run.hit) {
            result.depth = run.depth;
            result.normal = frameA.q.apply(run.normal);
            result.pointA = frameA.apply(run.pointA);
            result.pointB = frameA.apply(run.pointB);
          }
          result.iterations = run.iterations;
          result.gjkIterations = run.gjkIterations;
          result.status = run.status;
          result.stopReason = epaStopName(run.stop);
        }
      },
      a.shape, b.shape);
}

// [SECTION] SAT

// Polytope pairs only (refusal() turned the curved ones away). Two boxes take the projection-radius shortcut and
// two aabbs the world axes, as article 000 teaches; everything else the generic edge-normal test. sat.h works
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
  result.hit = run.hit;
  result.normal = run.normal;
  if (run.hit) {
    result.depth = run.depth;
  } else {
    result.separation = run.separation;
  }
  result.iterations = run.axesTested;
  result.status = run.status;
  result.stopReason = run.hit ? "every axis overlaps" : "separating axis found";
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
  result.hit = run.hit;
  if (run.hit) {
    result.depth = run.depth;
  } else {
    result.distance = run.distance;
  }
  result.normal = run.normal;
  result.pointA = run.pointA;
  result.pointB = run.pointB;
  result.status = run.status;
}

// [SECTION] runQuery and recordQuery

template <Scalar S, class Sinks>
QueryResult<S> execute(Algorithm algorithm, const Collider<S>& a, const Collider<S>& b, const QueryOptions& options,
                       Sinks& sinks) {
  QueryResult<S> result;
  result.algorithm = algorithm;
  result.error = refusal(algorithm, a, b);
  if (!result.error.empty()) return result;
  result.ok = true;
  switch (algorithm) {
    case Algorithm::Gjk:
    case Algorithm::Distance:
    case Algorithm::Epa: runSupportBased(algorithm, a, b, options, sinks, result); break;
    case Algorithm::Sat: runSat(a, b, sinks, result); break;
    case Algorithm::Analytic: runAnalytic(a, b, sinks, result); break;
  }
  return result;
}

}  // namespace

template <Scalar S>
QueryResult<S> runQuery(Algorithm algorithm, const Collider<S>& a, const Collider<S>& b, const QueryOptions& options) {
  PlainSinks sinks;
  return execute(algorithm, a, b, options, sinks);
}

template <Scalar S>
QueryTrace<S> recordQuery(Algorithm algorithm, const Collider<S>& a, const Collider<S>& b,
                          const QueryOptions& options) {
  RecordingSinks<S> sinks;
  QueryTrace<S> trace;
  trace.result = execute(algorithm, a, b, options, sinks);
  // GJK and EPA record in A's frame; SAT and the analytic tests already report in the world.
  const Transform<S> frameA = frameOf(a);
  trace.gjk.reserve(sinks.gjk.steps.size());
  for (const GjkStep<Vec2<S>>& step : sinks.gjk.steps) trace.gjk.push_back(toWorld(frameA, step));
  trace.epa.reserve(sinks.epa.steps.size());
  for (const EpaStep<S>& step : sinks.epa.steps) trace.epa.push_back(toWorld(frameA, step));
  trace.sat = std::move(sinks.sat.steps);
  trace.analytic = std::move(sinks.analytic.steps);
  return trace;
}

#define COLLIDE_QUERY_INSTANTIATE(S)                                                                           \
  template std::string refusal<S>(Algorithm, const Collider<S>&, const Collider<S>&);                        \
  template QueryResult<S> runQuery<S>(Algorithm, const Collider<S>&, const Collider<S>&, const QueryOptions&); \
  template QueryTrace<S> recordQuery<S>(Algorithm, const Collider<S>&, const Collider<S>&, const QueryOptions&);

}  // namespace collide
