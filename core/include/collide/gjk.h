// collide/gjk.h: GJK, boolean (article 000) and distance (article 002), with traces and warm start.
//
// [SECTION] Options, stop reasons, step events, results
// [SECTION] Shared helpers (tolerance, simplex solver: Ericson 5.1)
// [SECTION] Boolean GJK (gjkIntersect)
// [SECTION] Distance GJK (gjkDistance)
#pragma once

#include <array>
#include <concepts>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string_view>
#include <type_traits>

#include "collide/math.h"
#include "collide/simplex.h"
#include "collide/support.h"
#include "collide/trace.h"

namespace collide {

// [SECTION] Options, stop reasons, step events, results

// Why a GJK run stopped; set on the last trace step and in the result.
enum class GjkStop : std::uint8_t {
  None,             // still running (every step but the last)
  Separated,        // boolean: dot(w, d) < 0, the new support did not reach the origin: no overlap
  ContainsOrigin,   // the origin is inside the simplex: overlap
  DuplicateSupport, // distance: the new support is already in the simplex, nothing left to gain
  NoProgress,       // distance: relative progress below tolerance (article 002: "stop when no progress")
  OriginOnSimplex,  // the origin is on a vertex or edge: touching, the next direction would be zero
  MaxIterations,    // the cap; the result is the best so far
  InvalidInput,     // NaN or infinite support points
};

[[nodiscard]] constexpr std::string_view stopName(GjkStop stop) {
  switch (stop) {
    case GjkStop::None: return "none";
    case GjkStop::Separated: return "separated";
    case GjkStop::ContainsOrigin: return "contains origin";
    case GjkStop::DuplicateSupport: return "duplicate support";
    case GjkStop::NoProgress: return "no progress";
    case GjkStop::OriginOnSimplex: return "origin on simplex";
    case GjkStop::MaxIterations: return "max iterations";
    case GjkStop::InvalidInput: return "invalid input";
  }
  return "unknown";
}

struct GjkOptions {
  int maxIterations = 64;
  double relativeTolerance = 0.0;  // 0 = a default for the scalar
};

// One GJK iteration, everything the picture and the narration need.
template <Scalar S>
struct GjkStep {
  int iteration = 0;
  Vec2<S> direction{};           // d, search direction this iteration
  SupportPoint<S> support{};     // w with its witnesses on A and B
  S supportDotDirection{};       // dot(w, d): boolean GJK's "did w pass the origin"
  Simplex<S> simplexBefore{};    // with w added, before reduction
  SimplexRegion region{};        // region of simplexBefore holding the origin (boolean) / closest point (distance)
  std::uint8_t droppedMask = 0;  // bit i: simplexBefore.vertices[i] dropped
  Simplex<S> simplexAfter{};
  Vec2<S> closestPoint{};        // closest point of simplexAfter to the origin
  S distance{};                  // its length (distance GJK's estimate; for cores, before radii)
  Vec2<S> nextDirection{};
  GjkStop stop = GjkStop::None;  // set on the last step: why it stopped
};

template <Scalar S>
struct GjkBooleanResult {
  bool hit = false;  // overlap or touching (origin in A - B, boundary included)
  int iterations = 0;
  Status status{};
  GjkStop stop{};
  Simplex<S> simplex{};  // the final simplex; EPA starts from it
};

template <Scalar S>
struct DistanceResult {
  S distance{};                // >= 0; 0 when the shapes overlap
  Vec2<S> pointA{}, pointB{};  // closest points (witnesses) on A and B
  Vec2<S> normal{};            // unit, from A toward B; zero when overlapping
  bool overlap = false;
  int iterations = 0;
  Status status{};
  GjkStop stop{};
  Simplex<S> simplex{};  // final simplex of the cores
};


// [SECTION] Shared helpers (tolerance, simplex solver: Ericson 5.1)

namespace detail {

// Default relative tolerance: a few hundred ulps, well above rounding yet far below any visible distance.
template <Scalar S>
inline constexpr S kDefaultRelativeTolerance = S(256) * kEpsilon<S>;

// options.relativeTolerance, or the scalar's default for 0; negative or non-finite values are refused (NaN).
template <Scalar S>
[[nodiscard]] inline S resolveTolerance(double requested) {
  if (requested == 0.0) return kDefaultRelativeTolerance<S>;
  if (!(requested > 0.0) || !std::isfinite(requested)) return std::numeric_limits<S>::quiet_NaN();
  return static_cast<S>(requested);
}

// The newest vertex goes first; the others keep their order (vertices[0] is always "A"). Built from a copy with
// fixed indices rather than a zero-filled temporary, so it stays in registers (no rep stos per call).
template <Scalar S>
[[nodiscard]] [[gnu::always_inline]] inline Simplex<S> pushFront(const Simplex<S>& simplex,
                                                                 const SupportPoint<S>& newest) {
  Simplex<S> result = simplex;
  result.vertices[2] = simplex.count >= 2 ? simplex.vertices[1] : SupportPoint<S>{};
  result.vertices[1] = simplex.count >= 1 ? simplex.vertices[0] : SupportPoint<S>{};
  result.vertices[0] = newest;
  result.count = simplex.count < 3 ? simplex.count + 1 : 3;
  return result;
}

template <Scalar S>
[[nodiscard]] inline bool containsPoint(const Simplex<S>& simplex, Vec2<S> point) {
  for (int i = 0; i < simplex.count; ++i)
    if (simplex.vertices[i].point == point) return true;
  return false;
}

// Keeps the first `count` items whose bit is clear in droppedMask, in order; the unused tail is reset to its zero
// value (the trace compares whole simplices). One case per mask with fixed indices, so the arrays stay in
// registers: a variable-index store would go through memory and stall the loads after it.
template <class Item>
[[nodiscard]] [[gnu::always_inline]] inline std::array<Item, 3> keepItems(const std::array<Item, 3>& items, int count,
                                                                          std::uint8_t droppedMask) {
  switch (~droppedMask & ((1u << count) - 1u) & 0b111u) {
    case 0b001: return {items[0], Item{}, Item{}};
    case 0b010: return {items[1], Item{}, Item{}};
    case 0b100: return {items[2], Item{}, Item{}};
    case 0b011: return {items[0], items[1], Item{}};
    case 0b101: return {items[0], items[2], Item{}};
    case 0b110: return {items[1], items[2], Item{}};
    case 0b111: return items;
    default: return {};
  }
}

// How many of the first `count` items survive droppedMask (no std::popcount: without -mpopcnt it is a call).
[[nodiscard]] constexpr int keptCount(int count, std::uint8_t droppedMask) {
  int dropped = 0;
  for (int i = 0; i < count; ++i) dropped += (droppedMask >> i) & 1u;
  return count - dropped;
}

template <Scalar S>
[[nodiscard]] [[gnu::always_inline]] inline Simplex<S> keepVertices(const Simplex<S>& simplex,
                                                                    std::uint8_t droppedMask) {
  Simplex<S> result;
  result.vertices = keepItems(simplex.vertices, simplex.count, droppedMask);
  result.count = keptCount(simplex.count, droppedMask);
  return result;
}

// The region of a kept simplex once a rejected newest vertex is put in front of it: its vertex is "B",
// its edge is "BC". Used when a step's support is not kept (separated, duplicate, no progress).
[[nodiscard]] constexpr SimplexRegion regionBehindNewest(int keptCount) {
  return keptCount >= 2 ? SimplexRegion::EdgeBC : (keptCount == 1 ? SimplexRegion::VertexB : SimplexRegion::VertexA);
}

// Where a simplex's closest point to the origin lies (Ericson 5.1; Box2D b2Simplex Solve2/Solve3): its region,
// the vertices that do not support it, the barycentric weights of the kept ones (in order) and the point itself.
// Holds no vertices, so distance GJK solves without copying the simplex around (Box2D solves in place too).
template <Scalar S>
struct SimplexFeature {
  std::array<S, 3> weights{};
  Vec2<S> closestPoint{};
  SimplexRegion region = SimplexRegion::VertexA;
  std::uint8_t droppedMask = 0;  // bits of the input's vertices that were dropped
};

// The points of a simplex, newest first; what the solver reads.
template <Scalar S>
using SimplexPoints = std::array<Vec2<S>, 3>;

template <Scalar S>
[[nodiscard]] [[gnu::always_inline]] inline SimplexFeature<S> featureOf(const SimplexPoints<S>& points, int count,
                                                                        SimplexRegion region, std::uint8_t droppedMask,
                                                                        std::array<S, 3> keptWeights) {
  SimplexFeature<S> feature{keptWeights, {}, region, droppedMask};
  for (int i = 0, kept = 0; i < count; ++i)
    if ((droppedMask & (1u << i)) == 0) feature.closestPoint += keptWeights[kept++] * points[i];
  return feature;
}

// Segment A (points[indexA]) to B (points[indexB]); regionA/B/AB name them for the caller.
template <Scalar S>
[[nodiscard]] [[gnu::always_inline]] inline SimplexFeature<S> locateOnSegment(const SimplexPoints<S>& points, int count,
                                                                              int indexA, int indexB,
                                                                              SimplexRegion regionA,
                                                                              SimplexRegion regionB,
                                                                              SimplexRegion regionAB,
                                                                              std::uint8_t alsoDropped) {
  const Vec2<S> a = points[indexA];
  const Vec2<S> b = points[indexB];
  const Vec2<S> edge = b - a;
  const S weightOfB = -dot(a, edge);  // > 0: the origin projects past A toward B
  const S weightOfA = dot(b, edge);   // > 0: the origin projects before B
  const auto bitA = static_cast<std::uint8_t>(1u << indexA);
  const auto bitB = static_cast<std::uint8_t>(1u << indexB);
  if (weightOfB <= S(0)) return featureOf(points, count, regionA, std::uint8_t(alsoDropped | bitB), {S(1)});
  if (weightOfA <= S(0)) return featureOf(points, count, regionB, std::uint8_t(alsoDropped | bitA), {S(1)});
  const S inverse = S(1) / (weightOfA + weightOfB);
  // Kept vertices stay in index order, so the smaller index comes first.
  if (indexA < indexB)
    return featureOf(points, count, regionAB, alsoDropped, {weightOfA * inverse, weightOfB * inverse});
  return featureOf(points, count, regionAB, alsoDropped, {weightOfB * inverse, weightOfA * inverse});
}

template <Scalar S>
[[nodiscard]] [[gnu::always_inline]] inline SimplexFeature<S> locateClosest(const SimplexPoints<S>& points, int count) {
  using R = SimplexRegion;
  if (count == 1) return featureOf(points, count, R::VertexA, 0, {S(1)});
  if (count == 2) return locateOnSegment(points, count, 0, 1, R::VertexA, R::VertexB, R::EdgeAB, 0);

  const Vec2<S> a = points[0];
  const Vec2<S> b = points[1];
  const Vec2<S> c = points[2];
  const Vec2<S> ab = b - a;
  const Vec2<S> ac = c - a;
  const Vec2<S> bc = c - b;
  // Edge barycentric numerators: abForA > 0 and abForB > 0 when the origin projects inside AB, and so on.
  const S abForA = dot(b, ab);
  const S abForB = -dot(a, ab);
  const S acForA = dot(c, ac);
  const S acForC = -dot(a, ac);
  const S bcForB = dot(c, bc);
  const S bcForC = -dot(b, bc);
  // Triangle numerators: signed areas of the sub-triangles opposite each vertex, times the orientation.
  const S area = cross(ab, ac);
  const S triangleForA = area * cross(b, c);
  const S triangleForB = area * cross(c, a);
  const S triangleForC = area * cross(a, b);

  if (abForB <= S(0) && acForC <= S(0)) return featureOf(points, count, R::VertexA, 0b110, {S(1)});
  if (abForA > S(0) && abForB > S(0) && triangleForC <= S(0)) {
    const S inverse = S(1) / (abForA + abForB);
    return featureOf(points, count, R::EdgeAB, 0b100, {abForA * inverse, abForB * inverse});
  }
  if (acForA > S(0) && acForC > S(0) && triangleForB <= S(0)) {
    const S inverse = S(1) / (acForA + acForC);
    return featureOf(points, count, R::EdgeAC, 0b010, {acForA * inverse, acForC * inverse});
  }
  if (abForA <= S(0) && bcForC <= S(0)) return featureOf(points, count, R::VertexB, 0b101, {S(1)});
  if (acForA <= S(0) && bcForB <= S(0)) return featureOf(points, count, R::VertexC, 0b011, {S(1)});
  if (bcForB > S(0) && bcForC > S(0) && triangleForA <= S(0)) {
    const S inverse = S(1) / (bcForB + bcForC);
    return featureOf(points, count, R::EdgeBC, 0b001, {bcForB * inverse, bcForC * inverse});
  }
  const S total = triangleForA + triangleForB + triangleForC;
  if (!(total > S(0))) {
    // A flat triangle that slipped past every edge test by rounding: fall back to its longest edge from A.
    if (lengthSquared(ac) > lengthSquared(ab))
      return locateOnSegment(points, count, 0, 2, R::VertexA, R::VertexC, R::EdgeAC, 0b010);
    return locateOnSegment(points, count, 0, 1, R::VertexA, R::VertexB, R::EdgeAB, 0b100);
  }
  const S inverse = S(1) / total;
  // The closest point is the origin itself; a weighted sum would only add rounding.
  return {{triangleForA * inverse, triangleForB * inverse, triangleForC * inverse}, {}, R::Interior, 0};
}

template <Scalar S>
[[nodiscard]] [[gnu::always_inline]] inline SimplexPoints<S> pointsOf(const Simplex<S>& simplex) {
  return {simplex.vertices[0].point, simplex.vertices[1].point, simplex.vertices[2].point};
}

template <Scalar S>
[[nodiscard]] inline SimplexFeature<S> locateClosest(const Simplex<S>& input) {
  return locateClosest(pointsOf(input), input.count);
}

// A solved simplex: the kept vertices (newest first) with their feature.
template <Scalar S>
struct SimplexSolution {
  Simplex<S> simplex{};         // the vertices that support the closest point, newest first
  std::array<S, 3> weights{};   // barycentric weights of simplex.vertices
  SimplexRegion region = SimplexRegion::VertexA;
  std::uint8_t droppedMask = 0; // bits of the input's vertices that were dropped
  Vec2<S> closestPoint{};
};

template <Scalar S>
[[nodiscard]] inline SimplexSolution<S> solveSimplex(const Simplex<S>& input) {
  const SimplexFeature<S> feature = locateClosest(input);
  return {keepVertices(input, feature.droppedMask), feature.weights, feature.region, feature.droppedMask,
          feature.closestPoint};
}

template <Scalar S>
[[nodiscard]] inline S maxVertexLengthSquared(const SimplexPoints<S>& points, int count) {
  S result = S(0);
  for (int i = 0; i < count; ++i) {
    const S value = lengthSquared(points[i]);
    if (value > result) result = value;
  }
  return result;
}

// First search direction: from a point inside A - B toward the origin, or +x when that is undefined.
template <Scalar S>
[[nodiscard]] inline Vec2<S> initialDirection(Vec2<S> insidePoint) {
  const Vec2<S> direction = -insidePoint;
  if (!isFinite(direction) || direction == Vec2<S>{}) return {S(1), S(0)};
  return direction;
}

}  // namespace detail

// [SECTION] Boolean GJK (gjkIntersect)

namespace detail {

// Article 000's simplex step for boolean GJK: which region of the simplex (newest vertex A first) holds the origin,
// which vertices to drop, and the next direction, by triple products. The origin can only be in 3 of the
// triangle's 7 regions (edge AB, edge AC, interior), because A was found past the origin along the normal of BC.
template <Scalar S>
struct BooleanReduction {
  SimplexRegion region = SimplexRegion::VertexA;
  std::uint8_t droppedMask = 0;
  Vec2<S> nextDirection{};
  GjkStop stop = GjkStop::None;  // ContainsOrigin, OriginOnSimplex or None
};

template <Scalar S>
[[nodiscard]] inline BooleanReduction<S> reduceSegment(Vec2<S> a, Vec2<S> b, std::uint8_t alsoDropped) {
  BooleanReduction<S> reduction;
  const Vec2<S> ab = b - a;
  const Vec2<S> ao = -a;
  if (dot(ab, ao) <= S(0)) {  // only by rounding: A is the closest feature
    reduction.region = SimplexRegion::VertexA;
    reduction.droppedMask = std::uint8_t(alsoDropped | 0b010);
    reduction.nextDirection = ao;
  } else if (dot(a - b, -b) <= S(0)) {  // only by rounding: B is the closest feature
    reduction.region = SimplexRegion::VertexB;
    reduction.droppedMask = std::uint8_t(alsoDropped | 0b001);
    reduction.nextDirection = -b;
  } else {
    reduction.region = SimplexRegion::EdgeAB;
    reduction.droppedMask = alsoDropped;
    // The origin on the segment itself: touching. Tested with the exact sign of the cross product, since the
    // triple product below can round to a tiny non-zero vector (article 000's collinear-squares pitfall).
    if (cross(ab, ao) == S(0)) {
      reduction.stop = GjkStop::OriginOnSimplex;
      return reduction;
    }
    reduction.nextDirection = tripleProduct(ab, ao, ab);  // perpendicular to AB, toward the origin
  }
  if (reduction.nextDirection == Vec2<S>{}) reduction.stop = GjkStop::OriginOnSimplex;
  return reduction;
}

template <Scalar S>
[[nodiscard]] inline BooleanReduction<S> reduceBoolean(const Simplex<S>& simplex) {
  const Vec2<S> a = simplex.vertices[0].point;
  if (simplex.count == 1) {
    BooleanReduction<S> reduction;
    reduction.nextDirection = -a;
    if (a == Vec2<S>{}) reduction.stop = GjkStop::OriginOnSimplex;
    return reduction;
  }
  const Vec2<S> b = simplex.vertices[1].point;
  if (simplex.count == 2) return reduceSegment(a, b, 0);

  const Vec2<S> c = simplex.vertices[2].point;
  const Vec2<S> ab = b - a;
  const Vec2<S> ac = c - a;
  const Vec2<S> ao = -a;
  // A flat triangle cannot arise in exact arithmetic (A lies strictly past BC); after rounding, drop C.
  if (cross(ab, ac) == S(0)) return reduceSegment(a, b, 0b100);
  const Vec2<S> abPerp = tripleProduct(ac, ab, ab);  // perpendicular to AB, away from C
  const Vec2<S> acPerp = tripleProduct(ab, ac, ac);  // perpendicular to AC, away from B
  BooleanReduction<S> reduction;
  if (dot(abPerp, ao) > S(0)) {
    reduction.region = SimplexRegion::EdgeAB;
    reduction.droppedMask = 0b100;
    reduction.nextDirection = abPerp;
  } else if (dot(acPerp, ao) > S(0)) {
    reduction.region = SimplexRegion::EdgeAC;
    reduction.droppedMask = 0b010;
    reduction.nextDirection = acPerp;
  } else {
    reduction.region = SimplexRegion::Interior;  // inside or on the boundary: touching counts
    reduction.stop = GjkStop::ContainsOrigin;
  }
  return reduction;
}

// The closest point of a simplex to the origin, for the trace only.
template <Scalar S>
[[nodiscard]] inline Vec2<S> closestPointForTrace(const Simplex<S>& simplex) {
  if (simplex.count == 0) return {};
  return solveSimplex(simplex).closestPoint;
}

template <Scalar S>
[[nodiscard]] constexpr Status booleanStatus(GjkStop stop) {
  switch (stop) {
    case GjkStop::MaxIterations: return Status::MaxIterations;
    case GjkStop::InvalidInput: return Status::InvalidInput;
    case GjkStop::DuplicateSupport: return Status::Degenerate;
    default: return Status::Converged;
  }
}

}  // namespace detail

// Does A overlap B? Article 000's GJK on whole-shape supports (SupportKind::Whole), both shapes in one frame
// (place B in A's frame with Transformed). Touching counts as a hit, like SAT's overlap >= 0: the support test
// rejects only dot(w, d) < 0, and an origin exactly on a vertex or edge of the simplex stops with
// OriginOnSimplex. Outcomes:
//   Separated        hit = false, status Converged: a support fell short of the origin.
//   ContainsOrigin   hit = true, status Converged: simplex is a triangle holding the origin (EPA starts from it).
//   OriginOnSimplex  hit = true, status Converged: touching; simplex is the point or segment through the origin.
//   DuplicateSupport hit = false, status Degenerate: rounding produced a support already in the simplex.
//   MaxIterations    hit = false: not proven to overlap within the cap (curved shapes that just touch).
//   InvalidInput     hit = false: a support was NaN or infinite, or options.maxIterations < 1.
template <SupportShape A, SupportShape B, class Trace = NoTrace>
  requires std::same_as<typename A::Scalar, typename B::Scalar>
[[nodiscard]] GjkBooleanResult<typename A::Scalar> gjkIntersect(const A& a, const B& b, const GjkOptions& options,
                                                                Trace& trace) {
  using S = typename A::Scalar;
  GjkBooleanResult<S> result;
  if (options.maxIterations < 1) {
    result.stop = GjkStop::InvalidInput;
    result.status = Status::InvalidInput;
    return result;
  }
  const MinkowskiDifference<A, B> difference{a, b, SupportKind::Whole};
  Simplex<S> simplex;
  Vec2<S> direction = detail::initialDirection(difference.centroid());
  GjkStop stop = GjkStop::MaxIterations;

  for (int iteration = 1; iteration <= options.maxIterations; ++iteration) {
    result.iterations = iteration;
    GjkStep<S> step;
    step.iteration = iteration;
    step.direction = direction;
    step.support = difference.supportPoint(direction);
    step.supportDotDirection = dot(step.support.point, direction);
    step.simplexBefore = detail::pushFront(simplex, step.support);

    bool keepSupport = false;
    if (!isFinite(step.support.point) || !std::isfinite(step.supportDotDirection)) {
      step.stop = GjkStop::InvalidInput;
    } else if (step.supportDotDirection < S(0)) {
      step.stop = GjkStop::Separated;  // the farthest point along d falls short of the origin
    } else if (detail::containsPoint(simplex, step.support.point)) {
      step.stop = GjkStop::DuplicateSupport;
    } else {
      keepSupport = true;
    }

    if (keepSupport) {
      const detail::BooleanReduction<S> reduction = detail::reduceBoolean(step.simplexBefore);
      step.region = reduction.region;
      step.droppedMask = reduction.droppedMask;
      step.stop = reduction.stop;
      simplex = detail::keepVertices(step.simplexBefore, reduction.droppedMask);
      direction = reduction.nextDirection;
      if (reduction.stop == GjkStop::None) step.nextDirection = direction;
    } else {
      step.region = detail::regionBehindNewest(simplex.count);
      step.droppedMask = 0b001;
    }
    step.simplexAfter = simplex;
    if constexpr (Trace::enabled) {
      step.closestPoint = detail::closestPointForTrace(simplex);
      step.distance = length(step.closestPoint);
      if (step.stop == GjkStop::None && iteration == options.maxIterations) step.stop = GjkStop::MaxIterations;
      trace(step);
    }
    if (step.stop != GjkStop::None) {
      stop = step.stop;
      break;
    }
  }
  result.stop = stop;
  result.status = detail::booleanStatus<S>(stop);
  result.hit = stop == GjkStop::ContainsOrigin || stop == GjkStop::OriginOnSimplex;
  result.simplex = simplex;
  return result;
}

template <SupportShape A, SupportShape B>
  requires std::same_as<typename A::Scalar, typename B::Scalar>
[[nodiscard]] GjkBooleanResult<typename A::Scalar> gjkIntersect(const A& a, const B& b,
                                                                const GjkOptions& options = {}) {
  NoTrace trace;
  return gjkIntersect(a, b, options, trace);
}

// [SECTION] Distance GJK (gjkDistance)

namespace detail {

// Next search direction from a solved simplex (Box2D b2ComputeSimplexSearchDirection): for an edge, its exact
// perpendicular toward the origin rather than -closestPoint, which loses precision on long edges. Zero when the
// origin lies on the simplex.
template <Scalar S>
[[nodiscard]] [[gnu::always_inline]] inline Vec2<S> searchDirection(const SimplexPoints<S>& points, int count,
                                                                    Vec2<S> closestPoint) {
  if (count == 2) {
    const Vec2<S> a = points[0];
    const Vec2<S> edge = points[1] - a;
    const S side = cross(edge, -a);
    if (side > S(0)) return leftPerp(edge);
    if (side < S(0)) return rightPerp(edge);
    return {};
  }
  return -closestPoint;
}

template <Scalar S>
[[nodiscard]] inline bool validRadius(S radius) {
  return radius >= S(0) && std::isfinite(radius);
}

// Stands in for GjkStep when nothing is traced, so the untraced loop builds no step at all.
struct NoStep {};

// Distance GJK on the cores, before the radii: shared by gjkDistance and gjkEpa on rounded shapes.
template <Scalar S>
struct CoreDistance {
  Simplex<S> simplex{};      // the final simplex of the cores
  Vec2<S> closestPoint{};    // its closest point to the origin: coreA - coreB
  Vec2<S> coreA{}, coreB{};  // the witnesses on the cores
  int iterations = 0;
  GjkStop stop = GjkStop::None;
  [[nodiscard]] bool coresOverlap() const {
    return stop == GjkStop::ContainsOrigin || stop == GjkStop::OriginOnSimplex;
  }
  // |closestPoint| by sqrt, like Box2D: its square is finite (the loop refuses an overflowing one), so hypot's
  // overflow care buys nothing and costs about 5% of a call on 8-gons.
  [[nodiscard]] static S lengthOf(Vec2<S> point) { return std::sqrt(lengthSquared(point)); }
  [[nodiscard]] S distance() const { return lengthOf(closestPoint); }
};

// The loop of gjkDistance (documented there). The state lives in locals and the simplex is solved without copying
// it through memory; every trace-only value is computed inside `if constexpr (Trace::enabled)`, from the same
// locals, so traced and untraced runs give bitwise the same answer.
template <SupportShape A, SupportShape B, class Trace>
[[nodiscard]] [[gnu::always_inline]] inline CoreDistance<typename A::Scalar> coreDistance(
    const A& a, const B& b, const GjkOptions& options, SimplexCache<typename A::Scalar>* cache, Trace& trace) {
  using S = typename A::Scalar;
  // Built only at the end: a zero-filled result up front costs a rep stos per call.
  const auto refuse = [] {
    CoreDistance<S> refused;
    refused.stop = GjkStop::InvalidInput;
    return refused;
  };
  const S tolerance = resolveTolerance<S>(options.relativeTolerance);
  if (options.maxIterations < 1 || !(tolerance > S(0))) return refuse();
  const MinkowskiDifference<A, B> difference{a, b, SupportKind::Core};

  // State: the simplex's points (newest first), the slot of witnesses each came from, the direction each was found
  // along (for the cache), and the closest point. Witnesses stay in their slot until the end, so a step moves
  // only points and small indices (Box2D's b2Simplex keeps its vertices in place the same way).
  std::array<SupportPoint<S>, 3> witnesses{};
  SimplexPoints<S> points{};
  std::array<int, 3> slots{};
  int count = 0;
  std::array<S, 3> weights{};
  Vec2<S> closestPoint{};
  std::array<Vec2<S>, 3> directions{};
  S closestLengthSquared = std::numeric_limits<S>::infinity();
  int stalledSteps = 0;
  int iterations = 0;
  GjkStop stop = GjkStop::None;
  Vec2<S> direction = initialDirection(difference.centroid());
  const auto currentSimplex = [&witnesses, &slots, &count] {
    const auto vertex = [&](int i) { return i < count ? witnesses[slots[i]] : SupportPoint<S>{}; };
    return Simplex<S>{{vertex(0), vertex(1), vertex(2)}, count};
  };

  // Warm start (article 004): re-evaluate the supports along last call's directions on today's geometry.
  if (cache != nullptr && cache->count > 0) {
    Simplex<S> start;
    std::array<Vec2<S>, 3> startDirections{};
    for (int i = 0; i < cache->count && i < 3; ++i) {
      const Vec2<S> cachedDirection = cache->directions[i];
      if (!isFinite(cachedDirection) || cachedDirection == Vec2<S>{}) continue;
      const SupportPoint<S> support = difference.supportPoint(cachedDirection);
      if (!isFinite(support.point)) return refuse();
      if (containsPoint(start, support.point)) continue;
      startDirections[start.count] = cachedDirection;
      start.vertices[start.count++] = support;
    }
    if (start.count > 0) {
      const SimplexFeature<S> feature = locateClosest(start);
      witnesses = start.vertices;
      points = keepItems(pointsOf(start), start.count, feature.droppedMask);
      slots = keepItems(std::array<int, 3>{0, 1, 2}, start.count, feature.droppedMask);
      directions = keepItems(startDirections, start.count, feature.droppedMask);
      count = keptCount(start.count, feature.droppedMask);
      weights = feature.weights;
      closestPoint = feature.closestPoint;
      closestLengthSquared = lengthSquared(closestPoint);
      direction = searchDirection(points, count, closestPoint);
      if (feature.region == SimplexRegion::Interior) stop = GjkStop::ContainsOrigin;
      else if (direction == Vec2<S>{}) stop = GjkStop::OriginOnSimplex;
    }
  }

  for (int iteration = 1; stop == GjkStop::None && iteration <= options.maxIterations; ++iteration) {
    iterations = iteration;
    const SupportPoint<S> support = difference.supportPoint(direction);
    [[maybe_unused]] std::conditional_t<Trace::enabled, GjkStep<S>, NoStep> step{};
    if constexpr (Trace::enabled) {
      step.iteration = iteration;
      step.direction = direction;
      step.support = support;
      step.supportDotDirection = dot(support.point, direction);
      step.simplexBefore = pushFront(currentSimplex(), support);
    }

    GjkStop stepStop = GjkStop::None;
    bool accepted = false;
    bool duplicate = false;
    for (int i = 0; i < count; ++i) duplicate = duplicate || points[i] == support.point;
    if (!isFinite(support.point)) {
      stepStop = GjkStop::InvalidInput;
    } else if (duplicate) {
      stepStop = GjkStop::DuplicateSupport;
    } else {
      // Van den Bergen's bound: no point of A - B is closer than dot(v, w) / |v|, so when |v|^2 - dot(v, w) is
      // small the distance is known. It is not the end yet: the distance barely changes, but the closest feature
      // (and so the witnesses) still can, e.g. from a vertex to the nearly parallel edge beside it. Polygons then
      // end on a duplicate support like Box2D; only a second stalled step in a row (curves) ends the run.
      const bool distanceKnown = count > 0 && closestLengthSquared - dot(closestPoint, support.point) <=
                                                  tolerance * closestLengthSquared;
      const SimplexPoints<S> before{support.point, points[0], points[1]};
      const int beforeCount = count < 3 ? count + 1 : 3;
      const SimplexFeature<S> candidate = locateClosest(before, beforeCount);
      const S candidateLengthSquared = lengthSquared(candidate.closestPoint);
      // Kept even when rounding makes it a hair farther (Box2D keeps every new support too): the stalled-step
      // count below ends such runs. Only an overflow, which no further step can mend, keeps the previous simplex.
      if (!std::isfinite(candidateLengthSquared)) {
        stepStop = GjkStop::NoProgress;
      } else {
        accepted = true;
        const S previousLengthSquared = closestLengthSquared;
        // The new support goes to the slot no kept vertex uses (at most 2 are kept before a step).
        const int freeSlot = count == 0 ? 0 : (count == 1 ? (slots[0] + 1) % 3 : 3 - slots[0] - slots[1]);
        witnesses[freeSlot] = support;
        directions = keepItems(std::array<Vec2<S>, 3>{direction, directions[0], directions[1]}, beforeCount,
                               candidate.droppedMask);
        slots = keepItems(std::array<int, 3>{freeSlot, slots[0], slots[1]}, beforeCount, candidate.droppedMask);
        points = keepItems(before, beforeCount, candidate.droppedMask);
        count = keptCount(beforeCount, candidate.droppedMask);
        weights = candidate.weights;
        closestPoint = candidate.closestPoint;
        closestLengthSquared = candidateLengthSquared;
        if constexpr (Trace::enabled) {
          step.region = candidate.region;
          step.droppedMask = candidate.droppedMask;
        }
        direction = searchDirection(points, count, closestPoint);
        // Touching: the origin on the simplex, exactly or within rounding of its vertices' size (Jolt).
        const S rounding = S(4) * kEpsilon<S>;
        if (candidate.region == SimplexRegion::Interior) {
          stepStop = GjkStop::ContainsOrigin;
        } else if (direction == Vec2<S>{} ||
                   candidateLengthSquared <= rounding * rounding * maxVertexLengthSquared(before, beforeCount)) {
          stepStop = GjkStop::OriginOnSimplex;
        } else {
          // Known to tolerance, or |v|^2 stalled at rounding (Jolt's relative test on squared lengths).
          const bool stalled = distanceKnown || (std::isfinite(previousLengthSquared) &&
                                                 previousLengthSquared - candidateLengthSquared <=
                                                     kEpsilon<S> * previousLengthSquared);
          stalledSteps = stalled ? stalledSteps + 1 : 0;
          if (stalledSteps >= 2) stepStop = GjkStop::NoProgress;
          else if constexpr (Trace::enabled) step.nextDirection = direction;
        }
      }
    }
    if (stepStop == GjkStop::None && iteration == options.maxIterations) stepStop = GjkStop::MaxIterations;
    if constexpr (Trace::enabled) {
      if (!accepted) {
        step.region = regionBehindNewest(count);
        step.droppedMask = 0b001;
      }
      step.stop = stepStop;
      step.simplexAfter = currentSimplex();
      step.closestPoint = closestPoint;
      step.distance = CoreDistance<S>::lengthOf(closestPoint);
      trace(step);
    }
    stop = stepStop;
  }
  Vec2<S> coreA{};
  Vec2<S> coreB{};
  if (stop != GjkStop::InvalidInput) {
    if (cache != nullptr) {
      cache->directions = directions;
      cache->count = count;
    }
    for (int i = 0; i < count; ++i) {
      coreA += weights[i] * witnesses[slots[i]].pointA;
      coreB += weights[i] * witnesses[slots[i]].pointB;
    }
  }
  return {currentSimplex(), closestPoint, coreA, coreB, iterations, stop};
}

}  // namespace detail

// Distance between A and B (article 002 in 2D). Runs on the cores (SupportKind::Core) and subtracts both core
// radii, so circles and capsules are exact (Box2D's distance proxies do the same). Each iteration adds the
// support w along d = -v (v: closest point of the simplex), keeps only the vertices that support the new closest
// point (Ericson 5.1), and stops when (checked in this order):
//   InvalidInput      a support is NaN or infinite, radii negative/non-finite, maxIterations < 1, bad tolerance;
//   DuplicateSupport  w is already a simplex vertex (the usual end on polygons);
//   ContainsOrigin    the triangle holds the origin: the cores overlap;
//   OriginOnSimplex   the origin is on a vertex or edge of the cores' simplex: the cores touch;
//   NoProgress        a second step in a row stalled (w kept): before it |v|^2 - dot(v, w) <= tolerance * |v|^2
//                     (van den Bergen's relative test, squared, NaN-safe: a NaN compares false and falls through
//                     to the cap), or |v|^2 fell by no more than epsilon * |v|^2 (Jolt). Curved shapes (Sector) end
//                     here; one stalled step alone does not end a run, so polygons still reach their exact feature.
//                     Also when the new closest point overflows (w dropped, the previous simplex kept);
//   MaxIterations     the cap; the result is the best so far (status MaxIterations).
// All but InvalidInput and MaxIterations report Status::Converged.
// Results: distance = max(0, |v| - radiusA - radiusB). Separated: pointA/pointB are the witnesses on the
// surfaces, normal = unit from A toward B. Overlapping (distance 0, overlap = true, touching included): normal is
// zero; pointA = pointB = the midpoint of the core witnesses when the cores are apart (rounded shapes), else the
// cores' common point.
// cache (optional, caller-owned): when cache->count > 0 the start simplex is rebuilt from supports along its
// directions (not counted in iterations); on return it holds the directions of the final simplex.
template <SupportShape A, SupportShape B, class Trace = NoTrace>
  requires std::same_as<typename A::Scalar, typename B::Scalar>
[[nodiscard]] DistanceResult<typename A::Scalar> gjkDistance(const A& a, const B& b, const GjkOptions& options,
                                                             SimplexCache<typename A::Scalar>* cache, Trace& trace) {
  using S = typename A::Scalar;
  const S radiusA = a.coreRadius();
  const S radiusB = b.coreRadius();
  if (!detail::validRadius(radiusA) || !detail::validRadius(radiusB)) {
    DistanceResult<S> refused;
    refused.stop = GjkStop::InvalidInput;
    refused.status = Status::InvalidInput;
    return refused;
  }
  const detail::CoreDistance<S> core = detail::coreDistance(a, b, options, cache, trace);
  const Status status = core.stop == GjkStop::InvalidInput    ? Status::InvalidInput
                        : core.stop == GjkStop::MaxIterations ? Status::MaxIterations
                                                              : Status::Converged;
  const bool coresOverlap = core.coresOverlap();
  const S coreDistance = coresOverlap || core.stop == GjkStop::InvalidInput ? S(0) : core.distance();
  // Each outcome built whole, not a zero-filled result patched field by field (that costs a rep stos per call).
  if (core.stop == GjkStop::InvalidInput) {
    return {S(0), {}, {}, {}, false, core.iterations, status, core.stop, core.simplex};
  }
  if (coreDistance > radiusA + radiusB) {
    const Vec2<S> normal = -core.closestPoint / coreDistance;  // closestPoint = coreA - coreB
    return {coreDistance - radiusA - radiusB, core.coreA + radiusA * normal, core.coreB - radiusB * normal, normal,
            false, core.iterations, status, core.stop, core.simplex};
  }
  const Vec2<S> middle = coresOverlap ? core.coreA : S(0.5) * (core.coreA + core.coreB);
  return {S(0), middle, middle, {}, true, core.iterations, status, core.stop, core.simplex};
}

template <SupportShape A, SupportShape B>
  requires std::same_as<typename A::Scalar, typename B::Scalar>
[[nodiscard]] DistanceResult<typename A::Scalar> gjkDistance(const A& a, const B& b, const GjkOptions& options = {},
                                                             SimplexCache<typename A::Scalar>* cache = nullptr) {
  NoTrace trace;
  return gjkDistance(a, b, options, cache, trace);
}

}  // namespace collide
