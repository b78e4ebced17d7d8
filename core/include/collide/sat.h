// collide/sat.h: the separating axis test on convex polytopes, with the minimum translation vector (Collision detection notes)
// and the OBB shortcut by projection radius (Collision detection notes; Shape intersection tests).
//
// Works on Point, Segment, Aabb, Box and Polygon, in any pair. Everything is computed in A's local frame (large
// world coordinates cancel first, DESIGN.md); results and trace steps are reported in the world frame.
//
// Conventions:
//   overlap on an axis = min(maxA - minB, maxB - minA): > 0 overlap, == 0 touching, < 0 a gap of -overlap.
//   touching is a hit (overlap >= 0 on every axis), like the analytic tests (analytic.h).
//   normal points from A toward B: moving B by translation = depth * normal separates them (B leaves A on the
//   side where it already sticks out the least); when not hit it is the separating axis, oriented A toward B.
//   The first separating axis ends the test (early exit, Collision detection notes), so `separation` is that axis' gap, not
//   necessarily the largest one.
//   Two coincident points have no axis at all: hit, depth 0, normal A's +x.
//   A shape or transform that isValid (shapes.h) refuses: NaN or infinite input, numbers beyond kMaxCoordinate, a
//   polygon outside 3..kMaxPolygonVertices vertices, an Aabb with min > max or a Box with negative half extents:
//   hit = false, status = Status::InvalidInput, no axis tested. Polygons are
//   expected from makePolygon (polygon.h): SAT trusts their unit normals.
//
// [SECTION] Axis sources, step events, results
// [SECTION] Polytope views (the vertex lists SAT projects)
// [SECTION] Generic SAT (sat, satPolygons)
// [SECTION] OBB shortcut (satBoxes) and AABB (satAabbs)
// [SECTION] Colliders (satColliders)
#pragma once

#include <array>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <limits>
#include <string_view>
#include <type_traits>
#include <variant>

#include "collide/math.h"
#include "collide/shapes.h"
#include "collide/trace.h"

namespace collide {

// [SECTION] Axis sources, step events, results

// Where a candidate axis came from.
enum class AxisSource : std::uint8_t {
  EdgeOfA,           // outward normal of edge `edge` of A (a Box or Aabb: edge 1 for its x axis, 2 for y)
  EdgeOfB,           // same for B
  WorldX,            // satAabbs: the world x axis
  WorldY,            // satAabbs: the world y axis
  SegmentDirectionA, // A is a segment: its direction (needed when A - B is itself flat, e.g. collinear segments)
  SegmentDirectionB,
  CenterLine,        // both shapes are points or segments: the line between their centroids
};

[[nodiscard]] constexpr std::string_view axisSourceName(AxisSource source) {
  switch (source) {
    case AxisSource::EdgeOfA: return "edge of A";
    case AxisSource::EdgeOfB: return "edge of B";
    case AxisSource::WorldX: return "world x";
    case AxisSource::WorldY: return "world y";
    case AxisSource::SegmentDirectionA: return "segment direction of A";
    case AxisSource::SegmentDirectionB: return "segment direction of B";
    case AxisSource::CenterLine: return "centre line";
  }
  return "unknown";
}

// One tested axis: everything the picture (the two shadows on the axis) and the narration need. World frame.
template <Scalar S>
struct SatAxisStep {
  int axisIndex = 0;          // 0, 1, ... in test order
  Vec2<S> axis{};             // unit, world frame
  AxisSource source{};
  int edge = -1;              // edge of A or B the axis is the normal of, -1 for other sources
  S minA{}, maxA{}, minB{}, maxB{};  // projection intervals on the axis (world coordinates along it)
  S overlap{};                // > 0 overlap length, == 0 touching, < 0 minus the gap
  bool separating = false;    // overlap < 0: this axis separates, the test stops here
  int bestAxisIndex = -1;     // the minimum-overlap axis so far, this one included (itself when separating)
  S bestOverlap{};
};

template <Scalar S>
struct SatResult {
  bool hit = false;        // overlap or touching
  S depth{};               // hit: the minimum overlap (the MTV length)
  Vec2<S> normal{};        // unit, world, A toward B: the minimum-overlap axis, or the separating axis
  Vec2<S> translation{};   // hit: the MTV, depth * normal; move B by it to separate
  S separation{};          // not hit: the gap (> 0) along the separating axis found
  int axesTested = 0;
  int bestAxisIndex = -1;  // hit: the minimum-overlap axis; not hit: the separating axis
  AxisSource bestSource{};
  int bestEdge = -1;
  Status status = Status::Converged;  // InvalidInput for NaN / infinite / malformed shapes
};

// [SECTION] Polytope views (the vertex lists SAT projects)

template <class T>
concept PolytopeShape = Scalar<typename T::Scalar> &&
    (std::same_as<T, Point<typename T::Scalar>> || std::same_as<T, Segment<typename T::Scalar>> ||
     std::same_as<T, Aabb<typename T::Scalar>> || std::same_as<T, Box<typename T::Scalar>> ||
     std::same_as<T, Polygon<typename T::Scalar>>);

namespace detail {

// A candidate axis of one shape, in that shape's local frame.
template <Scalar S>
struct LocalAxis {
  Vec2<S> axis{};
  bool direction = false;  // true: a segment direction rather than an edge normal
  int edge = -1;
};

template <Scalar S>
struct Interval {
  S min{};
  S max{};
};

// The small "vertex list view": how many vertices, vertex i, how many axes, axis i; all in the shape's frame.
template <Scalar S>
[[nodiscard]] constexpr int vertexCount(const Point<S>&) { return 1; }
template <Scalar S>
[[nodiscard]] constexpr Vec2<S> vertexAt(const Point<S>& p, int) { return p.position; }
template <Scalar S>
[[nodiscard]] constexpr int axisCount(const Point<S>&) { return 0; }
template <Scalar S>
[[nodiscard]] constexpr LocalAxis<S> axisAt(const Point<S>&, int) { return {}; }

template <Scalar S>
[[nodiscard]] constexpr int vertexCount(const Segment<S>&) { return 2; }
template <Scalar S>
[[nodiscard]] constexpr Vec2<S> vertexAt(const Segment<S>& s, int i) { return i == 0 ? s.a : s.b; }
template <Scalar S>
[[nodiscard]] constexpr int axisCount(const Segment<S>&) { return 2; }
template <Scalar S>
[[nodiscard]] inline LocalAxis<S> axisAt(const Segment<S>& s, int i) {
  const Vec2<S> direction = normalize(s.b - s.a);
  if (i == 0) return {rightPerp(direction), false, 0};  // the normal of edge a -> b
  return {direction, true, -1};
}

// Box and Aabb: corners counter-clockwise from (-x, -y); parallel edges share an axis, so 2 axes each:
// edge 1 (normal +x) and edge 2 (normal +y).
template <Scalar S>
[[nodiscard]] constexpr int vertexCount(const Box<S>&) { return 4; }
template <Scalar S>
[[nodiscard]] constexpr Vec2<S> vertexAt(const Box<S>& b, int i) {
  const Vec2<S> h = b.halfExtents;
  return {(i == 1 || i == 2) ? h.x : -h.x, i >= 2 ? h.y : -h.y};
}
template <Scalar S>
[[nodiscard]] constexpr int axisCount(const Box<S>&) { return 2; }
template <Scalar S>
[[nodiscard]] constexpr LocalAxis<S> axisAt(const Box<S>&, int i) {
  return i == 0 ? LocalAxis<S>{{S(1), S(0)}, false, 1} : LocalAxis<S>{{S(0), S(1)}, false, 2};
}

template <Scalar S>
[[nodiscard]] constexpr int vertexCount(const Aabb<S>&) { return 4; }
template <Scalar S>
[[nodiscard]] constexpr Vec2<S> vertexAt(const Aabb<S>& b, int i) {
  return {(i == 1 || i == 2) ? b.max.x : b.min.x, i >= 2 ? b.max.y : b.min.y};
}
template <Scalar S>
[[nodiscard]] constexpr int axisCount(const Aabb<S>&) { return 2; }
template <Scalar S>
[[nodiscard]] constexpr LocalAxis<S> axisAt(const Aabb<S>&, int i) {
  return i == 0 ? LocalAxis<S>{{S(1), S(0)}, false, 1} : LocalAxis<S>{{S(0), S(1)}, false, 2};
}

template <Scalar S>
[[nodiscard]] constexpr int vertexCount(const Polygon<S>& p) { return p.count; }
template <Scalar S>
[[nodiscard]] constexpr Vec2<S> vertexAt(const Polygon<S>& p, int i) { return p.vertices[i]; }
template <Scalar S>
[[nodiscard]] constexpr int axisCount(const Polygon<S>& p) { return p.count; }
template <Scalar S>
[[nodiscard]] constexpr LocalAxis<S> axisAt(const Polygon<S>& p, int i) { return {p.normals[i], false, i}; }

template <class Shape>
inline constexpr bool kIsThin = std::same_as<Shape, Point<typename Shape::Scalar>> ||
                                std::same_as<Shape, Segment<typename Shape::Scalar>>;

// Projection of a shape onto `axis` given in the shape's own frame.
template <PolytopeShape Shape, Scalar S = typename Shape::Scalar>
[[nodiscard]] inline Interval<S> project(const Shape& shape, Vec2<S> axis) {
  S low = dot(vertexAt(shape, 0), axis);
  S high = low;
  const int count = vertexCount(shape);
  for (int i = 1; i < count; ++i) {
    const S value = dot(vertexAt(shape, i), axis);
    low = value < low ? value : low;
    high = value > high ? value : high;
  }
  return {low, high};
}

// The placement rule of shapes.h (kIsPlaced): an Aabb's frame is the world whatever the transform says.
template <PolytopeShape Shape>
[[nodiscard]] inline Transform<typename Shape::Scalar> effectiveTransform(const Shape&,
                                                                          const Transform<typename Shape::Scalar>& xf) {
  if constexpr (kIsPlaced<Shape>) {
    return xf;
  } else {
    return Transform<typename Shape::Scalar>::identity();
  }
}

}  // namespace detail

// [SECTION] Generic SAT (sat, satPolygons)

// Collision detection notes: every edge normal of A, then of B (plus segment directions, and the centre line for two thin
// shapes); project both, stop at the first gap, otherwise keep the minimum overlap as the MTV.
template <PolytopeShape A, PolytopeShape B, class Trace = NoTrace>
  requires std::same_as<typename A::Scalar, typename B::Scalar>
[[nodiscard]] SatResult<typename A::Scalar> sat(const A& shapeA, const Transform<typename A::Scalar>& transformA,
                                                const B& shapeB, const Transform<typename A::Scalar>& transformB,
                                                Trace& trace) {
  using S = typename A::Scalar;
  SatResult<S> result;
  if (!allValid(shapeA, shapeB, transformA, transformB)) {
    result.status = Status::InvalidInput;
    return result;
  }
  const Transform<S> xfA = detail::effectiveTransform(shapeA, transformA);
  const Transform<S> xfB = detail::effectiveTransform(shapeB, transformB);
  const Transform<S> relative = invMul(xfA, xfB);  // B's frame in A's frame

  S bestOverlap = std::numeric_limits<S>::infinity();
  Vec2<S> bestNormal{S(1), S(0)};  // in A's frame, oriented A toward B; stays +x when no axis exists

  // Tests one axis (unit, in A's frame). Returns false when it separates.
  const auto testAxis = [&](Vec2<S> axis, AxisSource source, int edge) -> bool {
    const detail::Interval<S> a = detail::project(shapeA, axis);
    const detail::Interval<S> bLocal = detail::project(shapeB, relative.q.applyInverse(axis));
    const S offset = dot(relative.p, axis);
    const detail::Interval<S> b{bLocal.min + offset, bLocal.max + offset};
    const S pushForward = a.max - b.min;   // move B by +axis this far to separate
    const S pushBackward = b.max - a.min;  // or by -axis this far
    const bool forward = pushForward <= pushBackward;
    const S overlap = forward ? pushForward : pushBackward;
    const int index = result.axesTested++;
    const bool separating = overlap < S(0);
    if (separating || overlap < bestOverlap) {
      bestOverlap = overlap;
      bestNormal = forward ? axis : -axis;
      result.bestAxisIndex = index;
      result.bestSource = source;
      result.bestEdge = edge;
    }
    if constexpr (Trace::enabled) {
      const Vec2<S> worldAxis = xfA.q.apply(axis);
      const S worldOffset = dot(xfA.p, worldAxis);
      trace(SatAxisStep<S>{index, worldAxis, source, edge, a.min + worldOffset, a.max + worldOffset,
                           b.min + worldOffset, b.max + worldOffset, overlap, separating, result.bestAxisIndex,
                           bestOverlap});
    }
    return !separating;
  };

  bool separated = false;
  for (int i = 0; i < detail::axisCount(shapeA) && !separated; ++i) {
    const detail::LocalAxis<S> local = detail::axisAt(shapeA, i);
    if (local.axis == Vec2<S>{}) continue;  // a zero-length segment has no direction
    separated = !testAxis(local.axis, local.direction ? AxisSource::SegmentDirectionA : AxisSource::EdgeOfA,
                          local.edge);
  }
  for (int i = 0; i < detail::axisCount(shapeB) && !separated; ++i) {
    const detail::LocalAxis<S> local = detail::axisAt(shapeB, i);
    if (local.axis == Vec2<S>{}) continue;
    separated = !testAxis(relative.q.apply(local.axis),
                          local.direction ? AxisSource::SegmentDirectionB : AxisSource::EdgeOfB, local.edge);
  }
  if constexpr (detail::kIsThin<A> && detail::kIsThin<B>) {
    // Two points, or a point on a segment's line: A - B may be a single point, whose only axis is this one.
    const Vec2<S> centerLine = normalize(relative.apply(shapeB.centroid()) - shapeA.centroid());
    if (!separated && centerLine != Vec2<S>{}) separated = !testAxis(centerLine, AxisSource::CenterLine, -1);
  }

  result.normal = xfA.q.apply(bestNormal);
  if (separated) {
    result.separation = -bestOverlap;
  } else {
    result.hit = true;
    // No axis at all (two coincident points): they touch, depth 0, normal A's +x.
    result.depth = result.axesTested > 0 ? bestOverlap : S(0);
    result.translation = result.depth * result.normal;
  }
  return result;
}

template <PolytopeShape A, PolytopeShape B>
  requires std::same_as<typename A::Scalar, typename B::Scalar>
[[nodiscard]] SatResult<typename A::Scalar> sat(const A& shapeA, const Transform<typename A::Scalar>& transformA,
                                                const B& shapeB, const Transform<typename A::Scalar>& transformB) {
  NoTrace trace;
  return sat(shapeA, transformA, shapeB, transformB, trace);
}

template <Scalar S, class Trace = NoTrace>
[[nodiscard]] SatResult<S> satPolygons(const Polygon<S>& a, const Transform<S>& xfA, const Polygon<S>& b,
                                       const Transform<S>& xfB, Trace& trace) {
  return sat(a, xfA, b, xfB, trace);
}

template <Scalar S>
[[nodiscard]] SatResult<S> satPolygons(const Polygon<S>& a, const Transform<S>& xfA, const Polygon<S>& b,
                                       const Transform<S>& xfB) {
  NoTrace trace;
  return sat(a, xfA, b, xfB, trace);
}

// [SECTION] OBB shortcut (satBoxes) and AABB (satAabbs)

// Collision detection notes 1.1 / Shape intersection tests "OBB vs OBB": only the 2 axes of each box; a box's shadow on an axis n is
// its centre's projection plus or minus the projection radius hx |n . ux| + hy |n . uy|. Same conventions and
// same results as sat() on the two boxes (tested), about half the work.
template <Scalar S, class Trace = NoTrace>
[[nodiscard]] SatResult<S> satBoxes(const Box<S>& a, const Transform<S>& xfA, const Box<S>& b,
                                    const Transform<S>& xfB, Trace& trace) {
  SatResult<S> result;
  if (!allValid(a, b, xfA, xfB)) {
    result.status = Status::InvalidInput;
    return result;
  }
  const Transform<S> relative = invMul(xfA, xfB);
  const Vec2<S> axisBx = relative.q.xAxis();
  const Vec2<S> axisBy = relative.q.yAxis();
  const Vec2<S> centerB = relative.p;  // A's centre is the origin of A's frame

  const std::array<Vec2<S>, 4> axes = {Vec2<S>{S(1), S(0)}, Vec2<S>{S(0), S(1)}, axisBx, axisBy};
  S bestOverlap = std::numeric_limits<S>::infinity();
  Vec2<S> bestNormal{};
  for (int i = 0; i < 4; ++i) {
    const Vec2<S> axis = axes[i];
    const S radiusA = a.halfExtents.x * std::abs(axis.x) + a.halfExtents.y * std::abs(axis.y);
    const S radiusB = b.halfExtents.x * std::abs(dot(axis, axisBx)) + b.halfExtents.y * std::abs(dot(axis, axisBy));
    const S centerDistance = dot(centerB, axis);
    const S overlap = radiusA + radiusB - std::abs(centerDistance);
    const bool separating = overlap < S(0);
    const AxisSource source = i < 2 ? AxisSource::EdgeOfA : AxisSource::EdgeOfB;
    const int edge = (i % 2 == 0) ? 1 : 2;
    result.axesTested = i + 1;
    if (separating || overlap < bestOverlap) {
      bestOverlap = overlap;
      bestNormal = centerDistance >= S(0) ? axis : -axis;
      result.bestAxisIndex = i;
      result.bestSource = source;
      result.bestEdge = edge;
    }
    if constexpr (Trace::enabled) {
      const Vec2<S> worldAxis = xfA.q.apply(axis);
      const S worldOffset = dot(xfA.p, worldAxis);
      trace(SatAxisStep<S>{i, worldAxis, source, edge, worldOffset - radiusA, worldOffset + radiusA,
                           worldOffset + centerDistance - radiusB, worldOffset + centerDistance + radiusB, overlap,
                           separating, result.bestAxisIndex, bestOverlap});
    }
    if (separating) break;
  }
  result.normal = xfA.q.apply(bestNormal);
  if (bestOverlap < S(0)) {
    result.separation = -bestOverlap;
  } else {
    result.hit = true;
    result.depth = bestOverlap;
    result.translation = result.depth * result.normal;
  }
  return result;
}

template <Scalar S>
[[nodiscard]] SatResult<S> satBoxes(const Box<S>& a, const Transform<S>& xfA, const Box<S>& b,
                                    const Transform<S>& xfB) {
  NoTrace trace;
  return satBoxes(a, xfA, b, xfB, trace);
}

// Shape intersection tests "AABB vs AABB" / Collision shapes basics: the world x and y axes only. Touching is a hit.
template <Scalar S, class Trace = NoTrace>
[[nodiscard]] SatResult<S> satAabbs(const Aabb<S>& a, const Aabb<S>& b, Trace& trace) {
  SatResult<S> result;
  if (!allValid(a, b)) {
    result.status = Status::InvalidInput;
    return result;
  }
  S bestOverlap = std::numeric_limits<S>::infinity();
  Vec2<S> bestNormal{};
  for (int i = 0; i < 2; ++i) {
    const Vec2<S> axis = i == 0 ? Vec2<S>{S(1), S(0)} : Vec2<S>{S(0), S(1)};
    const S minA = i == 0 ? a.min.x : a.min.y;
    const S maxA = i == 0 ? a.max.x : a.max.y;
    const S minB = i == 0 ? b.min.x : b.min.y;
    const S maxB = i == 0 ? b.max.x : b.max.y;
    const S pushForward = maxA - minB;
    const S pushBackward = maxB - minA;
    const bool forward = pushForward <= pushBackward;
    const S overlap = forward ? pushForward : pushBackward;
    const bool separating = overlap < S(0);
    const AxisSource source = i == 0 ? AxisSource::WorldX : AxisSource::WorldY;
    result.axesTested = i + 1;
    if (separating || overlap < bestOverlap) {
      bestOverlap = overlap;
      bestNormal = forward ? axis : -axis;
      result.bestAxisIndex = i;
      result.bestSource = source;
      result.bestEdge = -1;
    }
    if constexpr (Trace::enabled) {
      trace(SatAxisStep<S>{i, axis, source, -1, minA, maxA, minB, maxB, overlap, separating, result.bestAxisIndex,
                           bestOverlap});
    }
    if (separating) break;
  }
  result.normal = bestNormal;
  if (bestOverlap < S(0)) {
    result.separation = -bestOverlap;
  } else {
    result.hit = true;
    result.depth = bestOverlap;
    result.translation = result.depth * result.normal;
  }
  return result;
}

template <Scalar S>
[[nodiscard]] SatResult<S> satAabbs(const Aabb<S>& a, const Aabb<S>& b) {
  NoTrace trace;
  return satAabbs(a, b, trace);
}

// [SECTION] Colliders (satColliders)

// SAT on two colliders of any type: the generic test when both are polytopes (Point, Segment, Aabb, Box,
// Polygon); Circle, Capsule and Sector have curved boundaries and no finite axis set: status InvalidInput.
template <Scalar S, class Trace = NoTrace>
[[nodiscard]] SatResult<S> satColliders(const Collider<S>& a, const Collider<S>& b, Trace& trace) {
  return std::visit(
      [&](const auto& shapeA, const auto& shapeB) -> SatResult<S> {
        using A = std::decay_t<decltype(shapeA)>;
        using B = std::decay_t<decltype(shapeB)>;
        if constexpr (PolytopeShape<A> && PolytopeShape<B>) {
          return sat(shapeA, a.transform, shapeB, b.transform, trace);
        } else {
          SatResult<S> invalid;
          invalid.status = Status::InvalidInput;
          return invalid;
        }
      },
      a.shape, b.shape);
}

template <Scalar S>
[[nodiscard]] SatResult<S> satColliders(const Collider<S>& a, const Collider<S>& b) {
  NoTrace trace;
  return satColliders(a, b, trace);
}

}  // namespace collide
