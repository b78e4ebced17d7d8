// core/src/query_common.h: what the dispatches of the plane (query_impl.h) and of space (query3_impl.h) share,
// over the vector type: the mapping of GJK's support points, simplices and steps from A's local frame to the
// world, and the guard that no result carries NaN or infinity.
#pragma once

#include <cmath>
#include <optional>

#include "collide/gjk.h"
#include "collide/query.h"
#include "collide/vector.h"

namespace collide::detail {

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
