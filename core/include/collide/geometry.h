// collide/geometry.h: closest-point helpers shared by the analytic tests, SAT and the labs, and the one convex
// hull kernel.
//
// Shape intersection tests, "circle vs capsule": project the point onto the segment's line, clamp the parameter to [0, 1],
// and the distance to that point is the distance to the segment (Ericson 5.1.2). Compare squared lengths when
// only a yes/no is needed.
#pragma once

#include <limits>

#include "collide/math.h"
#include "collide/vector.h"

namespace collide {

// The point of segment ab closest to p, and its parameter t in [0, 1] (point = a + t * (b - a)), in the plane or in
// space (Ericson 5.1.2).
template <Vector V>
struct SegmentClosestPoint {
  V point{};
  ScalarOf<V> t{};
};

// A zero-length segment (a == b) answers a with t = 0.
template <Vector V>
[[nodiscard]] inline SegmentClosestPoint<V> closestPointOnSegment(V p, V a, V b) {
  using S = ScalarOf<V>;
  const V ab = b - a;
  const S lengthSq = dot(ab, ab);
  if (!(lengthSq > std::numeric_limits<S>::min())) return {a, S(0)};
  // Clamp before multiplying so the end points are returned exactly (Shape intersection tests, step 2: "clamp to the segment").
  const S t = clamp(dot(p - a, ab) / lengthSq, S(0), S(1));
  if (t == S(0)) return {a, t};
  if (t == S(1)) return {b, t};
  return {a + t * ab, t};
}

template <Scalar S>
[[nodiscard]] inline S distanceSquaredPointSegment(Vec2<S> p, Vec2<S> a, Vec2<S> b) {
  return lengthSquared(p - closestPointOnSegment(p, a, b).point);
}

template <Scalar S>
[[nodiscard]] inline S distancePointSegment(Vec2<S> p, Vec2<S> a, Vec2<S> b) {
  return length(p - closestPointOnSegment(p, a, b).point);
}

// The point of the axis-aligned box [low, high] closest to p: clamp each coordinate (Shape intersection tests, circle-AABB).
template <Scalar S>
[[nodiscard]] constexpr Vec2<S> closestPointOnAabb(Vec2<S> p, Vec2<S> low, Vec2<S> high) {
  return {clamp(p.x, low.x, high.x), clamp(p.y, low.y, high.y)};
}

// [SECTION] Convex hull kernel

// Andrew's monotone chain (Andrew 1979; de Berg et al., Computational Geometry, 1.1) over `count` items already
// sorted by (x, y) with exact duplicates removed; pointOf(item) gives an item's Vec2. Writes the counter-clockwise
// hull from the leftmost point into `out` (room for 2 * count items) and returns its size; every point that does
// not make a strict left turn is dropped, so no two hull edges are collinear. The one hull of the library: polygon
// outlines (convexHull, polygon.h) and EPA's start polygon (epa.h) both call it.
template <class Item, class PointOf>
[[nodiscard]] int monotoneChain(const Item* sorted, int count, Item* out, PointOf pointOf) {
  if (count < 3) {
    for (int i = 0; i < count; ++i) out[i] = sorted[i];
    return count;
  }
  int size = 0;
  const auto turnsLeft = [&](const Item& next) {
    const auto last = pointOf(out[size - 1]);
    return cross(last - pointOf(out[size - 2]), pointOf(next) - last) > decltype(last.x)(0);
  };
  for (int i = 0; i < count; ++i) {  // lower chain, left to right
    while (size >= 2 && !turnsLeft(sorted[i])) --size;
    out[size++] = sorted[i];
  }
  const int lowerSize = size + 1;
  for (int i = count - 1; i-- > 0;) {  // upper chain, right to left
    while (size >= lowerSize && !turnsLeft(sorted[i])) --size;
    out[size++] = sorted[i];
  }
  return size - 1;  // the last point repeats the first
}

}  // namespace collide
