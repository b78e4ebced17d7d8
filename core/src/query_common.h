// core/src/query_common.h: what the dispatches of the plane (query_impl.h) and of space (query3_impl.h) share,
// over the vector type: the mapping of GJK's support points, simplices and steps from A's local frame to the
// world, the fill of a QueryResultOf from each kind of algorithm result, and the guard that no result carries NaN
// or infinity.
//
// [SECTION] Frames
// [SECTION] Results into QueryResultOf: one fill per kind of result, both dimensions.
// [SECTION] The guard against non-finite results
#pragma once

#include <cmath>
#include <optional>

#include "collide/epa.h"
#include "collide/gjk.h"
#include "collide/query.h"
#include "collide/vector.h"

namespace collide::detail {

// [SECTION] Frames

// Points of A and B go through A's transform; vectors (directions, normals, and the Minkowski-difference points,
// which are differences of two points) only through its rotation.
template <Vector V>
SupportPoint<V> toWorld(const TransformOf<V>& frame, const SupportPoint<V>& support) {
  return {frame.apply(support.pointA), frame.apply(support.pointB), frame.q.apply(support.point)};
}

template <Vector V>
Simplex<V> toWorld(const TransformOf<V>& frame, Simplex<V> simplex) {
  for (int i = 0; i < simplex.count; ++i) simplex.vertices[i] = toWorld(frame, simplex.vertices[i]);
  return simplex;
}

template <Vector V>
GjkStep<V> toWorld(const TransformOf<V>& frame, GjkStep<V> step) {
  step.direction = frame.q.apply(step.direction);
  step.support = toWorld(frame, step.support);
  step.simplexBefore = toWorld(frame, step.simplexBefore);
  step.simplexAfter = toWorld(frame, step.simplexAfter);
  step.closestPoint = frame.q.apply(step.closestPoint);
  step.nextDirection = frame.q.apply(step.nextDirection);
  return step;
}

// [SECTION] Results into QueryResultOf: one fill per kind of result, both dimensions.

template <Vector V>
void takeBoolean(const GjkBooleanResult<V>& run, QueryResultOf<V>& result) {
  result.hit = run.hit;
  result.iterations = run.iterations;
  result.status = run.status;
  result.stopReason = stopName(run.stop);
}

// A's frame to the world: points through frameA, the normal through its rotation.
template <Vector V>
void takeDistance(const DistanceResult<V>& run, const TransformOf<V>& frameA, QueryResultOf<V>& result) {
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
}

// EPA's result in the plane (PenetrationResult) or in space (PenetrationResult3).
template <class Penetration, Vector V>
void takePenetration(const Penetration& run, const TransformOf<V>& frameA, QueryResultOf<V>& result) {
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

// SAT's result (SatResult, SatResult3): already in the world.
template <class Sat, Vector V>
void takeSat(const Sat& run, QueryResultOf<V>& result) {
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

// An analytic test's result (AnalyticResult, AnalyticResult3): already in the world.
template <class Analytic, Vector V>
void takeAnalytic(const Analytic& run, QueryResultOf<V>& result) {
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

// [SECTION] The guard against non-finite results

template <Scalar S>
bool finite(const std::optional<S>& value) {
  return !value || std::isfinite(*value);
}

template <Vector V>
bool finite(const std::optional<V>& value) {
  return !value || isFinite(*value);
}

// Valid input within kMaxCoordinate keeps every number finite; this is the guard that a result never carries
// NaN or infinity even if an algorithm's arithmetic does overflow. Such a result is replaced by a refusal.
template <Vector V>
void refuseIfNotFinite(QueryResultOf<V>& result) {
  if (finite(result.distance) && finite(result.separation) && finite(result.depth) && finite(result.normal) &&
      finite(result.pointA) && finite(result.pointB)) {
    return;
  }
  const Algorithm which = result.algorithm;
  result = {};
  result.algorithm = which;
  result.refusal = {Side::Pair, {}, ShapeField::Whole,
                    "the computation overflowed for this pair; scale the shapes down or move them closer"};
  result.error = sentence(result.refusal);
}

}  // namespace collide::detail
