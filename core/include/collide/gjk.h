// collide/gjk.h: GJK, boolean and distance, with traces and warm start, written once over the vector type.
//
// Both queries walk a simplex of support points of A - B toward the origin. Each step asks one question, "which
// feature of this simplex is closest to the origin?", answered by one solver (closestOnSimplex, Ericson,
// Real-Time Collision Detection, 5.1; Jolt's ClosestPoint.h does the same for GJKClosestPoint.h). Boolean GJK
// asks it knowing the newest vertex is kept (the support passed the origin); distance GJK asks it in full.
// The per-dimension geometry is a set of overloads: a point and a segment in any dimension, a triangle in the
// plane, a triangle and a tetrahedron in space.
//
// [SECTION] Options, stop reasons, step events, results
// [SECTION] The closest point on a simplex (Ericson 5.1): kernels and the solver
// [SECTION] Shared helpers (tolerance, simplex bookkeeping, first direction)
// [SECTION] Boolean GJK (gjkIntersect)
// [SECTION] Distance GJK (gjkDistance)
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <limits>
#include <string_view>
#include <type_traits>

#include "collide/math.h"
#include "collide/simplex.h"
#include "collide/support.h"
#include "collide/trace.h"
#include "collide/vector.h"

namespace collide {

// [SECTION] Options, stop reasons, step events, results

// Why a GJK run stopped; set on the last trace step and in the result.
enum class GjkStop : std::uint8_t {
  None,             // still running (every step but the last)
  Separated,        // boolean: dot(w, d) < 0, the new support did not reach the origin: no overlap
  ContainsOrigin,   // the origin is inside the simplex: overlap
  DuplicateSupport, // distance: w was a vertex of the simplex before its last reduction: nothing left to gain
  NoProgress,       // distance: relative progress below tolerance (van den Bergen's termination test)
  OriginOnSimplex,  // the origin is on a vertex or edge: touching, the next direction would be zero
  MaxIterations,    // the cap; the result is the best so far
  InvalidInput,     // NaN or infinite support points
  Overflow,         // distance: a squared length overflows the scalar (the shapes are too far apart for it)
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
    case GjkStop::Overflow: return "overflow";
  }
  return "unknown";
}

struct GjkOptions {
  int maxIterations = 64;
  double relativeTolerance = 0.0;  // 0 = a default for the scalar
};

// One GJK iteration, everything the picture and the narration need.
template <Vector V>
struct GjkStep {
  int iteration = 0;
  V direction{};                  // d, search direction this iteration
  SupportPoint<V> support{};      // w with its witnesses on A and B
  ScalarOf<V> supportDotDirection{};  // dot(w, d): boolean GJK's "did w pass the origin"
  Simplex<V> simplexBefore{};     // with w added, before reduction
  SimplexRegion region{};         // region of simplexBefore holding the origin (boolean) / closest point (distance)
  std::uint8_t droppedMask = 0;   // bit i: simplexBefore.vertices[i] dropped
  Simplex<V> simplexAfter{};
  V closestPoint{};               // closest point of simplexAfter to the origin
  ScalarOf<V> distance{};         // its length (distance GJK's estimate; for cores, before radii)
  V nextDirection{};
  GjkStop stop = GjkStop::None;   // set on the last step: why it stopped
};

template <Vector V>
struct GjkBooleanResult {
  bool hit = false;  // overlap or touching (origin in A - B, boundary included)
  int iterations = 0;
  Status status{};
  GjkStop stop{};
  Simplex<V> simplex{};  // the final simplex; EPA starts from it
};

template <Vector V>
struct DistanceResult {
  ScalarOf<V> distance{};  // >= 0; 0 when the shapes overlap
  V pointA{}, pointB{};    // closest points (witnesses) on A and B
  V normal{};              // unit, from A toward B; zero when overlapping
  bool overlap = false;
  int iterations = 0;
  Status status{};
  GjkStop stop{};
  Simplex<V> simplex{};  // final simplex of the cores
};

// [SECTION] The closest point on a simplex (Ericson 5.1): kernels and the solver

namespace detail {

// What a step asks of the solver.
//   Closest         the full Voronoi search: every feature may hold the closest point (distance GJK, warm start).
//   ContainsOrigin  boolean GJK: the newest vertex passed the origin, so only features through it can hold the
//                   origin (Jolt's MustIncludeC), and the origin on the boundary counts as inside (touching is a hit).
enum class SimplexQuery : std::uint8_t { Closest, ContainsOrigin };

// The points of a simplex, newest first; what the solver reads.
template <Vector V>
using SimplexPoints = std::array<V, kMaxSimplexVertices<V>>;

// The solver's answer: the feature holding the closest point, the vertices that do not support it, the barycentric
// weights of the kept ones (in order) and the point itself. Holds no vertices, so distance GJK solves without
// copying the simplex around (Box2D's b2Simplex solves in place too).
template <Vector V>
struct ClosestOnSimplex {
  std::array<ScalarOf<V>, kMaxSimplexVertices<V>> weights{};
  V closestPoint{};
  SimplexRegion region{};
  std::uint8_t droppedMask = 0;  // bits of the input's vertices that were dropped
};

// The answer for the kept vertices (those whose bit is clear in droppedMask) with their weights, in order.
template <Vector V>
[[nodiscard]] [[gnu::always_inline]] inline ClosestOnSimplex<V> answerOf(
    const SimplexPoints<V>& points, int count, SimplexFeature feature, std::uint8_t droppedMask,
    std::array<ScalarOf<V>, kMaxSimplexVertices<V>> keptWeights) {
  const auto kept = static_cast<std::uint8_t>(~droppedMask & ((1u << count) - 1u));
  ClosestOnSimplex<V> answer{keptWeights, {}, {kept, feature}, droppedMask};
  for (int i = 0, k = 0; i < count; ++i)
    if ((droppedMask & (1u << i)) == 0) answer.closestPoint += keptWeights[k++] * points[i];
  return answer;
}

// Segment points[indexA] to points[indexB], in any dimension (Ericson 5.1.2). alsoDropped: the input's other
// vertices, already known not to support the answer.
template <Vector V>
[[nodiscard]] [[gnu::always_inline]] inline ClosestOnSimplex<V> closestOnSegment(const SimplexPoints<V>& points,
                                                                                 int count, int indexA, int indexB,
                                                                                 std::uint8_t alsoDropped) {
  using S = ScalarOf<V>;
  const V a = points[indexA];
  const V b = points[indexB];
  const V edge = b - a;
  const S weightOfB = -dot(a, edge);  // > 0: the origin projects past A toward B
  const S weightOfA = dot(b, edge);   // > 0: the origin projects before B
  const auto bitA = static_cast<std::uint8_t>(1u << indexA);
  const auto bitB = static_cast<std::uint8_t>(1u << indexB);
  if (weightOfB <= S(0)) return answerOf(points, count, SimplexFeature::Vertex, std::uint8_t(alsoDropped | bitB), {S(1)});
  if (weightOfA <= S(0)) return answerOf(points, count, SimplexFeature::Vertex, std::uint8_t(alsoDropped | bitA), {S(1)});
  const S inverse = S(1) / (weightOfA + weightOfB);
  // Kept vertices stay in index order, so the smaller index comes first.
  if (indexA < indexB)
    return answerOf(points, count, SimplexFeature::Edge, alsoDropped, {weightOfA * inverse, weightOfB * inverse});
  return answerOf(points, count, SimplexFeature::Edge, alsoDropped, {weightOfB * inverse, weightOfA * inverse});
}

// Triangle A, B, C (points[0..2], A newest) in the plane: Ericson 5.1.5's Voronoi regions with the plane's signed
// areas (Box2D's b2Simplex::Solve3). The origin inside is the triangle's interior.
template <SimplexQuery Query, Scalar S>
[[nodiscard]] [[gnu::always_inline]] inline ClosestOnSimplex<Vec2<S>> closestOnTriangle(
    const SimplexPoints<Vec2<S>>& points) {
  using F = SimplexFeature;
  const Vec2<S> a = points[0];
  const Vec2<S> b = points[1];
  const Vec2<S> c = points[2];
  const Vec2<S> ab = b - a;
  const Vec2<S> ac = c - a;
  const S area = cross(ab, ac);  // twice the signed area; > 0 counter-clockwise
  // Triangle numerators: signed areas of the sub-triangles opposite each vertex, times the orientation; the one
  // for C is <= 0 when the origin lies outside edge AB, and so on.
  const S triangleForA = area * cross(b, c);
  const S triangleForB = area * cross(c, a);
  const S triangleForC = area * cross(a, b);

  if constexpr (Query == SimplexQuery::ContainsOrigin) {
    // Only edge AB, edge AC or the interior can hold the origin (A lies past the origin along BC's normal). The
    // edges win only strictly outside: the origin on an edge is inside, touching. A flat triangle (only by
    // rounding) has no outside: it is its edge AB.
    if (area == S(0)) return closestOnSegment(points, 3, 0, 1, 0b100);
    if (triangleForC < S(0)) return closestOnSegment(points, 3, 0, 1, 0b100);
    if (triangleForB < S(0)) return closestOnSegment(points, 3, 0, 2, 0b010);
    // The closest point is the origin itself; a weighted sum would only add rounding.
    const S inverse = S(1) / (triangleForA + triangleForB + triangleForC);
    return {{triangleForA * inverse, triangleForB * inverse, triangleForC * inverse}, {}, {0b111, F::Interior}, 0};
  } else {
    const Vec2<S> bc = c - b;
    // Edge barycentric numerators: abForA > 0 and abForB > 0 when the origin projects inside AB, and so on.
    const S abForA = dot(b, ab);
    const S abForB = -dot(a, ab);
    const S acForA = dot(c, ac);
    const S acForC = -dot(a, ac);
    const S bcForB = dot(c, bc);
    const S bcForC = -dot(b, bc);
    // Regions through A first: with A newest they are the likely ones.
    if (abForB <= S(0) && acForC <= S(0)) return answerOf(points, 3, F::Vertex, 0b110, {S(1)});
    if (abForA > S(0) && abForB > S(0) && triangleForC <= S(0)) {
      const S inverse = S(1) / (abForA + abForB);
      return answerOf(points, 3, F::Edge, 0b100, {abForA * inverse, abForB * inverse});
    }
    if (acForA > S(0) && acForC > S(0) && triangleForB <= S(0)) {
      const S inverse = S(1) / (acForA + acForC);
      return answerOf(points, 3, F::Edge, 0b010, {acForA * inverse, acForC * inverse});
    }
    if (abForA <= S(0) && bcForC <= S(0)) return answerOf(points, 3, F::Vertex, 0b101, {S(1)});
    if (acForA <= S(0) && bcForB <= S(0)) return answerOf(points, 3, F::Vertex, 0b011, {S(1)});
    if (bcForB > S(0) && bcForC > S(0) && triangleForA <= S(0)) {
      const S inverse = S(1) / (bcForB + bcForC);
      return answerOf(points, 3, F::Edge, 0b001, {bcForB * inverse, bcForC * inverse});
    }
    const S total = triangleForA + triangleForB + triangleForC;
    if (!(total > S(0))) {
      // A flat triangle that slipped past every edge test by rounding: fall back to its longest edge from A.
      if (lengthSquared(ac) > lengthSquared(ab)) return closestOnSegment(points, 3, 0, 2, 0b010);
      return closestOnSegment(points, 3, 0, 1, 0b100);
    }
    const S inverse = S(1) / total;
    return {{triangleForA * inverse, triangleForB * inverse, triangleForC * inverse}, {}, {0b111, F::Interior}, 0};
  }
}

template <Scalar S>
[[nodiscard]] ClosestOnSimplex<Vec3<S>> closestOnTriangleFromItsWidestCorner(const SimplexPoints<Vec3<S>>& points,
                                                                             int count, int i, int j, int k,
                                                                             std::uint8_t alsoDropped,
                                                                             bool abIsLonger);

// Triangle points[i], points[j], points[k] (i < j < k) in space: Ericson 5.1.5's ClosestPtPointTriangle with the
// origin as the query point. alsoDropped: the input's other vertices. A flat triangle (collinear within rounding)
// falls back to the nearest of its three edges. A sliver whose corner at A is nearly closed is solved from its
// widest corner instead (below).
template <Scalar S>
[[nodiscard]] inline ClosestOnSimplex<Vec3<S>> closestOnTriangleInSpace(const SimplexPoints<Vec3<S>>& points,
                                                                        int count, int i, int j, int k,
                                                                        std::uint8_t alsoDropped) {
  using F = SimplexFeature;
  const Vec3<S> a = points[i];
  const Vec3<S> b = points[j];
  const Vec3<S> c = points[k];
  const auto bit = [](int index) { return static_cast<std::uint8_t>(1u << index); };
  const auto drop = [&](std::uint8_t bits) { return static_cast<std::uint8_t>(alsoDropped | bits); };
  const Vec3<S> ab = b - a;
  const Vec3<S> ac = c - a;
  // Every test below is a 2x2 determinant of dot products along AB and AC, so its rounding is epsilon times
  // |AB|^2 |AC|^2 against a value of |AB|^2 |AC|^2 sin^2(A): with A the lone far vertex of a sliver (two long,
  // nearly parallel edges from A, as GJK builds when supports crowd at both ends of a rim-to-rim contact) the
  // weights lose 1 / sin^2(A) of their precision (1e-6 on a 1.4 x 1e-5 sliver: the closest point 6e-6 off for a
  // distance of 3e-5, its direction 0.2 rad off). From the corner facing the longest edge (at least 60 degrees)
  // the same tests are well conditioned (Catto, "Troublesome triangle", 2014; Jolt's GetClosestPointOnTriangle
  // takes the shortest edges for the normal). Only for corners under about 1.8 degrees, so well-shaped
  // triangles keep their answers bit for bit.
  const S abLengthSquared = lengthSquared(ab);
  const S acLengthSquared = lengthSquared(ac);
  const S abDotAc = dot(ab, ac);
  if (abDotAc > S(0) && abDotAc * abDotAc > (S(1) - S(1) / S(1024)) * abLengthSquared * acLengthSquared)
    return closestOnTriangleFromItsWidestCorner(points, count, i, j, k, alsoDropped,
                                                abLengthSquared >= acLengthSquared);
  const S d1 = -dot(ab, a);
  const S d2 = -dot(ac, a);
  if (d1 <= S(0) && d2 <= S(0)) return answerOf(points, count, F::Vertex, drop(bit(j) | bit(k)), {S(1)});
  const S d3 = -dot(ab, b);
  const S d4 = -dot(ac, b);
  if (d3 >= S(0) && d4 <= d3) return answerOf(points, count, F::Vertex, drop(bit(i) | bit(k)), {S(1)});
  const S vc = d1 * d4 - d3 * d2;
  if (vc <= S(0) && d1 >= S(0) && d3 <= S(0)) {
    const S v = d1 / (d1 - d3);
    return answerOf(points, count, F::Edge, drop(bit(k)), {S(1) - v, v});
  }
  const S d5 = -dot(ab, c);
  const S d6 = -dot(ac, c);
  if (d6 >= S(0) && d5 <= d6) return answerOf(points, count, F::Vertex, drop(bit(i) | bit(j)), {S(1)});
  const S vb = d5 * d2 - d1 * d6;
  if (vb <= S(0) && d2 >= S(0) && d6 <= S(0)) {
    const S w = d2 / (d2 - d6);
    return answerOf(points, count, F::Edge, drop(bit(j)), {S(1) - w, w});
  }
  const S va = d3 * d6 - d5 * d4;
  if (va <= S(0) && d4 - d3 >= S(0) && d5 - d6 >= S(0)) {
    const S w = (d4 - d3) / ((d4 - d3) + (d5 - d6));
    return answerOf(points, count, F::Edge, drop(bit(i)), {S(1) - w, w});
  }
  // va + vb + vc is |ab x ac|^2 formed by cancellation: within rounding of the products it came from, the triangle
  // is flat (collinear or nearly so) and the weights are noise, possibly far off the triangle. Then the closest
  // point lies on one of its three edges: the nearest of them.
  const S total = va + vb + vc;
  const S cancellation = std::abs(d3 * d6) + std::abs(d5 * d4) + std::abs(d5 * d2) + std::abs(d1 * d6) +
                         std::abs(d1 * d4) + std::abs(d3 * d2);
  if (!(total > S(16) * kEpsilon<S> * cancellation)) {
    const ClosestOnSimplex<Vec3<S>> edges[3] = {closestOnSegment(points, count, i, j, drop(bit(k))),
                                                closestOnSegment(points, count, i, k, drop(bit(j))),
                                                closestOnSegment(points, count, j, k, drop(bit(i)))};
    int nearest = 0;
    for (int e = 1; e < 3; ++e)
      if (lengthSquared(edges[e].closestPoint) < lengthSquared(edges[nearest].closestPoint)) nearest = e;
    return edges[nearest];
  }
  const S inverse = S(1) / total;
  return answerOf(points, count, F::Face, alsoDropped, {va * inverse, vb * inverse, vc * inverse});
}

// The sliver of closestOnTriangleInSpace relabelled: A swaps places with the vertex facing the longest edge (C when
// AB is the longer of AB and AC, else B), whose corner is the widest; the answer's bits and weights are then
// swapped back, so the caller sees its own vertex order.
template <Scalar S>
[[nodiscard]] ClosestOnSimplex<Vec3<S>> closestOnTriangleFromItsWidestCorner(const SimplexPoints<Vec3<S>>& points,
                                                                             int count, int i, int j, int k,
                                                                             std::uint8_t alsoDropped,
                                                                             bool abIsLonger) {
  const int widest = abIsLonger ? k : j;
  SimplexPoints<Vec3<S>> swapped = points;
  swapped[i] = points[widest];
  swapped[widest] = points[i];
  const ClosestOnSimplex<Vec3<S>> answer = closestOnTriangleInSpace(swapped, count, i, j, k, alsoDropped);
  const auto swapBits = [i, widest](std::uint8_t bits) {
    const unsigned atI = (bits >> i) & 1u;
    const unsigned atWidest = (bits >> widest) & 1u;
    return static_cast<std::uint8_t>((bits & ~((1u << i) | (1u << widest))) | (atI << widest) | (atWidest << i));
  };
  // Weights per slot, swapped, then packed again in index order (answerOf's layout).
  std::array<S, kMaxSimplexVertices<Vec3<S>>> perSlot{};
  for (int slot = 0, kept = 0; slot < count; ++slot)
    if ((answer.droppedMask & (1u << slot)) == 0) perSlot[slot] = answer.weights[kept++];
  std::swap(perSlot[i], perSlot[widest]);
  ClosestOnSimplex<Vec3<S>> result = answer;
  result.droppedMask = swapBits(answer.droppedMask);
  result.region.kept = swapBits(answer.region.kept);
  result.weights = {};
  for (int slot = 0, kept = 0; slot < count; ++slot)
    if ((result.droppedMask & (1u << slot)) == 0) result.weights[kept++] = perSlot[slot];
  return result;
}

// In space both queries take the full search: the triangle is a face, never an interior.
template <SimplexQuery, Scalar S>
[[nodiscard]] inline ClosestOnSimplex<Vec3<S>> closestOnTriangle(const SimplexPoints<Vec3<S>>& points) {
  return closestOnTriangleInSpace(points, 3, 0, 1, 2, 0);
}

// Tetrahedron A, B, C, D (points[0..3]): Ericson 5.1.6. The closest point lies on a face whose plane separates
// the origin from the opposite vertex; of those faces' closest points the nearest wins. Inside every face plane:
// the origin is in the interior. A face whose opposite vertex lies within rounding of its plane (a flat
// tetrahedron) separates nothing: it is tried too.
template <SimplexQuery, Scalar S>
[[nodiscard]] inline ClosestOnSimplex<Vec3<S>> closestOnTetrahedron(const SimplexPoints<Vec3<S>>& points) {
  struct Face {
    int i, j, k, opposite;
  };
  constexpr Face kFaces[4] = {{0, 1, 2, 3}, {0, 1, 3, 2}, {0, 2, 3, 1}, {1, 2, 3, 0}};
  ClosestOnSimplex<Vec3<S>> best{};
  S bestLengthSquared = std::numeric_limits<S>::infinity();
  bool outsideAny = false;
  for (const Face& face : kFaces) {
    const Vec3<S> a = points[face.i];
    const Vec3<S> ab = points[face.j] - a;
    const Vec3<S> ac = points[face.k] - a;
    const Vec3<S> normal = cross(ab, ac);
    const S originSide = -dot(a, normal);
    const Vec3<S> toOpposite = points[face.opposite] - a;
    const S oppositeSide = dot(toOpposite, normal);
    // The opposite vertex within rounding of this face's plane (a flat tetrahedron, e.g. four corners of one box
    // face): its side says nothing, so the face is tried (trying a face is always safe: the nearest one wins).
    // The rounding of the normal is epsilon times |ab| |ac|, not times |normal|: on a sliver face (two long, nearly
    // parallel edges, as GJK builds when supports crowd on a cylinder's rim) the cross product cancels and its
    // direction is noise far above epsilon |normal| (Higham, Accuracy and Stability of Numerical Algorithms, 3.1:
    // the error of a sum is relative to the sum of the magnitudes).
    const S flatness = S(64) * kEpsilon<S>;
    const bool flat = oppositeSide * oppositeSide <=
                      flatness * flatness * lengthSquared(ab) * lengthSquared(ac) * lengthSquared(toOpposite);
    if (!(originSide * oppositeSide < S(0)) && !flat) continue;
    outsideAny = true;
    const ClosestOnSimplex<Vec3<S>> candidate =
        closestOnTriangleInSpace(points, 4, face.i, face.j, face.k, static_cast<std::uint8_t>(1u << face.opposite));
    const S candidateLengthSquared = lengthSquared(candidate.closestPoint);
    if (candidateLengthSquared < bestLengthSquared) {
      best = candidate;
      bestLengthSquared = candidateLengthSquared;
    }
  }
  if (!outsideAny) {
    // Barycentric weights from the signed volumes of the sub-tetrahedra opposite each vertex.
    const auto volume = [](Vec3<S> p, Vec3<S> q, Vec3<S> r, Vec3<S> s) { return dot(q - p, cross(r - p, s - p)); };
    const Vec3<S> o{};
    const S total = volume(points[0], points[1], points[2], points[3]);
    const S inverse = S(1) / total;
    return {{volume(o, points[1], points[2], points[3]) * inverse, volume(points[0], o, points[2], points[3]) * inverse,
             volume(points[0], points[1], o, points[3]) * inverse, volume(points[0], points[1], points[2], o) * inverse},
            {},
            {0b1111, SimplexFeature::Interior},
            0};
  }
  return best;
}

// The one solver: the feature of the simplex (points[0..count), newest first) closest to the origin.
//   count 1: the point itself;  count 2: closestOnSegment;  count 3: closestOnTriangle (overloaded per dimension);
//   count 4 (space only): closestOnTetrahedron.
template <SimplexQuery Query = SimplexQuery::Closest, Vector V>
[[nodiscard]] [[gnu::always_inline]] inline ClosestOnSimplex<V> closestOnSimplex(const SimplexPoints<V>& points,
                                                                                 int count) {
  using S = ScalarOf<V>;
  if (count == 1) return {{S(1)}, points[0], {0b0001, SimplexFeature::Vertex}, 0};
  if (count == 2) return closestOnSegment(points, 2, 0, 1, 0);
  if constexpr (kMaxSimplexVertices<V> >= 4) {
    if (count == 4) return closestOnTetrahedron<Query>(points);
  }
  return closestOnTriangle<Query>(points);
}

}  // namespace detail

// [SECTION] Shared helpers (tolerance, simplex bookkeeping, first direction)

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

// The newest vertex goes first; the others keep their order (vertices[0] is always "A"); a full simplex loses its
// oldest. Built from a copy with fixed indices rather than a zero-filled temporary, so it stays in registers.
template <Vector V>
[[nodiscard]] [[gnu::always_inline]] inline Simplex<V> pushFront(const Simplex<V>& simplex,
                                                                 const SupportPoint<V>& newest) {
  constexpr int kCapacity = Simplex<V>::kCapacity;
  Simplex<V> result = simplex;
  for (int i = kCapacity - 1; i >= 1; --i)
    result.vertices[i] = simplex.count >= i ? simplex.vertices[i - 1] : SupportPoint<V>{};
  result.vertices[0] = newest;
  result.count = simplex.count < kCapacity ? simplex.count + 1 : kCapacity;
  return result;
}

// Same for the plain arrays distance GJK keeps (points, directions, witness slots).
template <class Item, std::size_t N>
[[nodiscard]] [[gnu::always_inline]] inline std::array<Item, N> pushFront(const std::array<Item, N>& items,
                                                                          const Item& newest) {
  std::array<Item, N> result{};
  result[0] = newest;
  for (std::size_t i = 1; i < N; ++i) result[i] = items[i - 1];
  return result;
}

template <Vector V>
[[nodiscard]] inline bool containsPoint(const Simplex<V>& simplex, V point) {
  for (int i = 0; i < simplex.count; ++i)
    if (simplex.vertices[i].point == point) return true;
  return false;
}

// Keeps the first `count` items whose bit is clear in droppedMask, in order; the unused tail is reset to its zero
// value (the trace compares whole simplices). For three slots, one case per mask with fixed indices, so the arrays
// stay in registers: a variable-index store would go through memory and stall the loads after it. (A table of
// source indices read through a padded copy removes the jump on the mask, but its stores and loads made the
// recorded run 1.2 to 1.4 times slower in collide_bench and the plain run no faster.)
template <class Item, std::size_t N>
[[nodiscard]] [[gnu::always_inline]] inline std::array<Item, N> keepItems(const std::array<Item, N>& items, int count,
                                                                          std::uint8_t droppedMask) {
  if constexpr (N == 3) {
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
  } else {
    std::array<Item, N> result{};
    for (int i = 0, k = 0; i < count; ++i)
      if ((droppedMask & (1u << i)) == 0) result[static_cast<std::size_t>(k++)] = items[static_cast<std::size_t>(i)];
    return result;
  }
}

// How many of the first `count` (at most 4) items survive droppedMask: the kept bits added with fixed shifts, no
// loop on count (and no std::popcount: without -mpopcnt it is a call).
[[nodiscard]] constexpr int keptCount(int count, std::uint8_t droppedMask) {
  const unsigned kept = ~unsigned(droppedMask) & ((1u << count) - 1u);
  return static_cast<int>((kept & 1u) + ((kept >> 1) & 1u) + ((kept >> 2) & 1u) + ((kept >> 3) & 1u));
}

template <Vector V>
[[nodiscard]] [[gnu::always_inline]] inline Simplex<V> keepVertices(const Simplex<V>& simplex,
                                                                    std::uint8_t droppedMask) {
  Simplex<V> result;
  result.vertices = keepItems(simplex.vertices, simplex.count, droppedMask);
  result.count = keptCount(simplex.count, droppedMask);
  return result;
}

template <Vector V>
[[nodiscard]] [[gnu::always_inline]] inline SimplexPoints<V> pointsOf(const Simplex<V>& simplex) {
  SimplexPoints<V> points{};
  for (int i = 0; i < Simplex<V>::kCapacity; ++i) points[i] = simplex.vertices[i].point;
  return points;
}

template <SimplexQuery Query = SimplexQuery::Closest, Vector V>
[[nodiscard]] inline ClosestOnSimplex<V> closestOnSimplex(const Simplex<V>& simplex) {
  return closestOnSimplex<Query>(pointsOf(simplex), simplex.count);
}

// The region of a kept simplex once a rejected newest vertex is put in front of it: its vertex is "B", its edge
// "BC". Used when a step's support is not kept (separated, duplicate, no progress); before any vertex, "vertex A".
template <Vector V>
[[nodiscard]] constexpr SimplexRegion regionBehindNewest(int keptCount) {
  if (keptCount == 0) return {0b0001, SimplexFeature::Vertex};
  return regionOf(static_cast<std::uint8_t>(((1u << keptCount) - 1u) << 1), kDimension<V>);
}

template <Vector V>
[[nodiscard]] inline ScalarOf<V> maxVertexLengthSquared(const SimplexPoints<V>& points, int count) {
  ScalarOf<V> result{0};
  for (int i = 0; i < count; ++i) {
    const ScalarOf<V> value = lengthSquared(points[i]);
    if (value > result) result = value;
  }
  return result;
}

// Stands in for GjkStep when nothing is traced, so the untraced loop builds no step at all.
struct NoStep {};

// The witness slot no kept vertex uses (a step keeps at most kCapacity - 1 vertices before adding one).
template <std::size_t N>
[[nodiscard]] [[gnu::always_inline]] inline int freeSlot(const std::array<int, N>& slots, int count) {
  if constexpr (N == 3) {
    return count == 0 ? 0 : (count == 1 ? (slots[0] + 1) % 3 : 3 - slots[0] - slots[1]);
  } else {
    unsigned used = 0;
    for (int i = 0; i < count; ++i) used |= 1u << slots[static_cast<std::size_t>(i)];
    int slot = 0;
    while (used & (1u << slot)) ++slot;
    return slot;
  }
}

// +x: the first search direction when none is defined.
template <Vector V>
[[nodiscard]] constexpr V unitX() {
  V x{};
  x.x = ScalarOf<V>(1);
  return x;
}

// First search direction: from a point inside A - B toward the origin, or +x when that is undefined.
template <Vector V>
[[nodiscard]] inline V initialDirection(V insidePoint) {
  const V direction = -insidePoint;
  if (!isFinite(direction) || direction == V{}) return unitX<V>();
  return direction;
}

}  // namespace detail

// [SECTION] Boolean GJK (gjkIntersect)

namespace detail {

// Boolean GJK's next search direction, from the solver's answer, with the vector triple products of the boolean
// GJK article (Muratori, "Implementing GJK"; (a x b) x c = b dot(a, c) - a dot(b, c) in the plane):
//   interior                   stop: the origin is inside (ContainsOrigin);
//   vertex P                   -P, toward the origin;
//   edge PQ of a segment       tripleProduct(PQ, PO, PQ), perpendicular to PQ toward the origin;
//   edge AP of a triangle ABC  perpendicular to AP away from the dropped vertex (the origin is on that side).
// The origin on a vertex, or within rounding of the kept edge's line (8 epsilon of the vertices' size, as in space):
// stop, touching or overlapping (OriginOnSimplex). Within rounding the triple product is rounding noise, not a
// perpendicular (the collinear-squares pitfall): two boxes with centres 1e-16 apart gave a segment through the
// origin, a "perpendicular" 40 degrees off it, a support already in the simplex and "apart" for boxes overlapping
// by 0.96 (experiment boxes, gap -2 to -1.5: 69 of 5,000 pairs).
template <Vector V>
struct BooleanNext {
  V direction{};
  GjkStop stop = GjkStop::None;
};

template <Scalar S>
[[nodiscard]] [[gnu::always_inline]] inline BooleanNext<Vec2<S>> booleanNextDirection(
    const SimplexPoints<Vec2<S>>& points, int count, const ClosestOnSimplex<Vec2<S>>& answer) {
  const SimplexRegion region = answer.region;
  if (region.feature == SimplexFeature::Interior) return {{}, GjkStop::ContainsOrigin};
  if (region.feature == SimplexFeature::Vertex) {
    const Vec2<S> toOrigin = -points[region.keeps(0) ? 0 : (region.keeps(1) ? 1 : 2)];
    return {toOrigin, toOrigin == Vec2<S>{} ? GjkStop::OriginOnSimplex : GjkStop::None};
  }
  const Vec2<S> a = points[0];
  const Vec2<S> ab = points[1] - a;
  const Vec2<S> ac = points[2] - a;
  // Is the origin within rounding of the line through a and a + edge?
  const auto onLine = [&a](Vec2<S> edge, Vec2<S> other) {
    const S side = cross(edge, -a);  // |edge| times the origin's distance to the line
    const S rounding = S(8) * kEpsilon<S>;
    return side * side <= rounding * rounding * lengthSquared(edge) * std::max(lengthSquared(a), lengthSquared(other));
  };
  if (count == 3 && cross(ab, ac) != S(0)) {
    const bool edgeAB = region.kept == 0b011;
    if (edgeAB ? onLine(ab, points[1]) : onLine(ac, points[2])) return {{}, GjkStop::OriginOnSimplex};
    if (edgeAB) return {tripleProduct(ac, ab, ab), GjkStop::None};  // edge AB, away from C
    return {tripleProduct(ab, ac, ac), GjkStop::None};              // edge AC, away from B
  }
  if (onLine(ab, points[1])) return {{}, GjkStop::OriginOnSimplex};
  const Vec2<S> ao = -a;
  const Vec2<S> toOrigin = tripleProduct(ab, ao, ab);
  return {toOrigin, toOrigin == Vec2<S>{} ? GjkStop::OriginOnSimplex : GjkStop::None};
}

// In space the same rule one dimension up (Muratori's tetrahedron case; Jolt's GJK uses -closestPoint instead):
//   interior (of the tetrahedron)  stop: the origin is inside (ContainsOrigin);
//   vertex P                       -P;
//   edge PQ                        (PQ x PO) x PQ, perpendicular to PQ toward the origin;
//   face PQR                       its normal on the origin's side.
// A zero direction means the origin lies on that feature: stop, touching (OriginOnSimplex); so does an origin within
// rounding of the edge's line or the face's plane.
template <Scalar S>
[[nodiscard]] inline BooleanNext<Vec3<S>> booleanNextDirection(const SimplexPoints<Vec3<S>>& points, int,
                                                          const ClosestOnSimplex<Vec3<S>>& answer) {
  const SimplexRegion region = answer.region;
  if (region.feature == SimplexFeature::Interior) return {{}, GjkStop::ContainsOrigin};
  std::array<Vec3<S>, 3> kept{};
  for (int i = 0, k = 0; i < 4 && k < 3; ++i)
    if (region.keeps(i)) kept[k++] = points[i];
  // The origin within rounding of the edge's line or the face's plane (8 epsilon of the vertices' size, as distance
  // GJK's touching test): the direction would be rounding noise, and a support along it can be dropped again at
  // once, step after step until the cap (two overlapping spheres whose first segment passes through the origin).
  // The origin is then on the simplex within rounding: touching or overlapping, a hit either way.
  const S rounding = S(8) * kEpsilon<S>;
  Vec3<S> toOrigin{};
  if (region.feature == SimplexFeature::Vertex) {
    toOrigin = -kept[0];
  } else if (region.feature == SimplexFeature::Edge) {
    const Vec3<S> edge = kept[1] - kept[0];
    toOrigin = cross(cross(edge, -kept[0]), edge);  // length: |edge|^2 times the origin's distance to the line
    const S edgeSquared = lengthSquared(edge);
    const S size = std::max(lengthSquared(kept[0]), lengthSquared(kept[1]));
    if (lengthSquared(toOrigin) <= rounding * rounding * edgeSquared * edgeSquared * size) toOrigin = {};
  } else {
    const Vec3<S> normal = cross(kept[1] - kept[0], kept[2] - kept[0]);
    const S side = dot(normal, -kept[0]);  // |normal| times the origin's distance to the plane
    const S size = std::max({lengthSquared(kept[0]), lengthSquared(kept[1]), lengthSquared(kept[2])});
    const bool onPlane = side * side <= rounding * rounding * lengthSquared(normal) * size;
    toOrigin = onPlane ? Vec3<S>{} : (side > S(0) ? normal : -normal);
  }
  return {toOrigin, toOrigin == Vec3<S>{} ? GjkStop::OriginOnSimplex : GjkStop::None};
}

[[nodiscard]] constexpr Status booleanStatus(GjkStop stop) {
  switch (stop) {
    case GjkStop::MaxIterations: return Status::MaxIterations;
    case GjkStop::InvalidInput: return Status::InvalidInput;
    case GjkStop::DuplicateSupport: return Status::Degenerate;
    default: return Status::Converged;
  }
}

// The loop of gjkIntersect (documented there). Forced inline with everything it calls, so its speed does not
// depend on how much else the including translation unit holds (GCC's inline-unit-growth limit otherwise stops
// inlining the solver in large files such as the CLI's query dispatch). The state lives in locals as in distance
// GJK: the simplex's points (newest first) and the slot of witnesses each came from, so a step moves points and
// small indices, never a whole Simplex (288 bytes in space, copied twice per step through memory). Every
// trace-only value is built inside `if constexpr (Trace::enabled)` from the same locals.
template <SupportShape A, SupportShape B, class Trace>
[[nodiscard]] [[gnu::always_inline]] inline GjkBooleanResult<ShapeVector<A>> booleanGjk(const A& a, const B& b,
                                                                                      const GjkOptions& options,
                                                                                      Trace& trace) {
  using V = ShapeVector<A>;
  using S = ScalarOf<V>;
  constexpr int kCapacity = kMaxSimplexVertices<V>;
  using Slots = std::array<int, kCapacity>;
  GjkBooleanResult<V> result;
  if (options.maxIterations < 1) {
    result.stop = GjkStop::InvalidInput;
    result.status = Status::InvalidInput;
    return result;
  }
  const MinkowskiDifference<A, B> difference{a, b, SupportKind::Whole};
  std::array<SupportPoint<V>, kCapacity> witnesses{};
  SimplexPoints<V> points{};
  Slots slots{};
  int count = 0;
  V direction = initialDirection(difference.centroid());
  GjkStop stop = GjkStop::MaxIterations;
  const auto currentSimplex = [&witnesses, &slots, &count] {
    Simplex<V> simplex;
    for (int i = 0; i < count; ++i) simplex.vertices[i] = witnesses[slots[i]];
    simplex.count = count;
    return simplex;
  };

  // loop:
  //   w = support(A - B, d)
  //   if dot(w, d) < 0: separated (the farthest point along d falls short of the origin)
  //   add w; ask the solver which feature through w holds the origin; keep its vertices
  //   interior: overlap; else d = the feature's perpendicular toward the origin
  for (int iteration = 1; iteration <= options.maxIterations; ++iteration) {
    result.iterations = iteration;
    const SupportPoint<V> support = difference.supportPoint(direction);
    const S supportDotDirection = dot(support.point, direction);
    [[maybe_unused]] std::conditional_t<Trace::enabled, GjkStep<V>, NoStep> step{};
    if constexpr (Trace::enabled) {
      step.iteration = iteration;
      step.direction = direction;
      step.support = support;
      step.supportDotDirection = supportDotDirection;
      step.simplexBefore = pushFront(currentSimplex(), support);
    }

    GjkStop stepStop = GjkStop::None;
    bool inSimplex = false;
    for (int i = 0; i < count; ++i) inSimplex = inSimplex || points[i] == support.point;
    bool keepSupport = false;
    if (!isFinite(support.point) || !std::isfinite(supportDotDirection)) {
      stepStop = GjkStop::InvalidInput;
    } else if (supportDotDirection < S(0)) {
      stepStop = GjkStop::Separated;
    } else if (inSimplex) {
      stepStop = GjkStop::DuplicateSupport;
    } else {
      keepSupport = true;
    }

    [[maybe_unused]] ClosestOnSimplex<V> answer{};
    if (keepSupport) {
      // The new support goes to the slot no kept vertex uses.
      const int slot = freeSlot(slots, count);
      witnesses[slot] = support;
      const SimplexPoints<V> candidatePoints = pushFront(points, support.point);
      const int candidateCount = count < kCapacity ? count + 1 : kCapacity;
      answer = closestOnSimplex<SimplexQuery::ContainsOrigin>(candidatePoints, candidateCount);
      const BooleanNext<V> next = booleanNextDirection(candidatePoints, candidateCount, answer);
      stepStop = next.stop;
      points = keepItems(candidatePoints, candidateCount, answer.droppedMask);
      slots = keepItems(pushFront(slots, slot), candidateCount, answer.droppedMask);
      count = keptCount(candidateCount, answer.droppedMask);
      direction = next.direction;
      if constexpr (Trace::enabled) {
        step.region = answer.region;
        step.droppedMask = answer.droppedMask;
        if (next.stop == GjkStop::None) step.nextDirection = direction;
      }
    }
    if constexpr (Trace::enabled) {
      if (!keepSupport) {
        step.region = regionBehindNewest<V>(count);
        step.droppedMask = 0b001;
      }
      step.simplexAfter = currentSimplex();
      // The trace shows the solver's closest point; a rejected support leaves the simplex, so solve that again.
      step.closestPoint = keepSupport ? answer.closestPoint
                                      : (count == 0 ? V{} : closestOnSimplex(step.simplexAfter).closestPoint);
      step.distance = length(step.closestPoint);
      step.stop = stepStop;
      if (step.stop == GjkStop::None && iteration == options.maxIterations) step.stop = GjkStop::MaxIterations;
      trace(step);
    }
    if (stepStop != GjkStop::None) {
      stop = stepStop;
      break;
    }
  }
  result.stop = stop;
  result.status = booleanStatus(stop);
  result.hit = stop == GjkStop::ContainsOrigin || stop == GjkStop::OriginOnSimplex;
  result.simplex = currentSimplex();
  return result;
}

}  // namespace detail

// Does A overlap B? Boolean GJK (Gilbert, Johnson and Keerthi 1988; Muratori, "Implementing GJK") on whole-shape
// supports (SupportKind::Whole), both shapes in one frame (place B in A's frame with Transformed). Touching counts
// as a hit, like SAT's overlap >= 0: the support test rejects only dot(w, d) < 0, and an origin exactly on a vertex
// or edge of the simplex stops with OriginOnSimplex. Outcomes:
//   Separated        hit = false, status Converged: a support fell short of the origin.
//   ContainsOrigin   hit = true, status Converged: the full simplex (a triangle in the plane) holds the origin;
//                    EPA starts from it.
//   OriginOnSimplex  hit = true, status Converged: touching; simplex is the point or segment through the origin.
//   DuplicateSupport hit = false, status Degenerate: rounding produced a support already in the simplex.
//   MaxIterations    hit = false: not proven to overlap within the cap (curved shapes that just touch).
//   InvalidInput     hit = false: a support was NaN or infinite, or options.maxIterations < 1.
template <SupportShape A, SupportShape B, class Trace = NoTrace>
  requires std::same_as<ShapeVector<A>, ShapeVector<B>>
[[nodiscard]] [[gnu::flatten]] GjkBooleanResult<ShapeVector<A>> gjkIntersect(const A& a, const B& b,
                                                                             const GjkOptions& options, Trace& trace) {
  return detail::booleanGjk(a, b, options, trace);
}

template <SupportShape A, SupportShape B>
  requires std::same_as<ShapeVector<A>, ShapeVector<B>>
[[nodiscard]] GjkBooleanResult<ShapeVector<A>> gjkIntersect(const A& a, const B& b, const GjkOptions& options = {}) {
  NoTrace trace;
  return gjkIntersect(a, b, options, trace);
}

// [SECTION] Distance GJK (gjkDistance)

namespace detail {

// The perpendicular of segment AB pointing at the origin, exact in the plane (Box2D's
// b2ComputeSimplexSearchDirection); zero when the origin lies on AB's line.
template <Scalar S>
[[nodiscard]] [[gnu::always_inline]] inline Vec2<S> edgeNormalTowardOrigin(Vec2<S> a, Vec2<S> b) {
  const Vec2<S> edge = b - a;
  const S side = cross(edge, -a);
  if (side > S(0)) return leftPerp(edge);
  if (side < S(0)) return rightPerp(edge);
  return {};
}

// In space: (AB x AO) x AB, in the plane of AB and the origin (van den Bergen 2003, 4.3.4).
template <Scalar S>
[[nodiscard]] [[gnu::always_inline]] inline Vec3<S> edgeNormalTowardOrigin(Vec3<S> a, Vec3<S> b) {
  const Vec3<S> edge = b - a;
  return cross(cross(edge, -a), edge);
}

// Next search direction from a solved simplex: for an edge, its exact perpendicular toward the origin rather than
// -closestPoint, which loses precision on long edges. Zero when the origin lies on the simplex.
template <Vector V>
[[nodiscard]] [[gnu::always_inline]] inline V searchDirection(const SimplexPoints<V>& points, int count,
                                                              V closestPoint) {
  if (count == 2) return edgeNormalTowardOrigin(points[0], points[1]);
  return -closestPoint;
}

template <Scalar S>
[[nodiscard]] inline bool validRadius(S radius) {
  return radius >= S(0) && std::isfinite(radius);
}

// Distance GJK on the cores, before the radii: shared by gjkDistance and gjkEpa on rounded shapes.
template <Vector V>
struct CoreDistance {
  using S = ScalarOf<V>;
  Simplex<V> simplex{};  // the final simplex of the cores
  V closestPoint{};      // its closest point to the origin: coreA - coreB
  V coreA{}, coreB{};    // the witnesses on the cores
  int iterations = 0;
  GjkStop stop = GjkStop::None;
  [[nodiscard]] bool coresOverlap() const {
    return stop == GjkStop::ContainsOrigin || stop == GjkStop::OriginOnSimplex;
  }
  // |closestPoint| by sqrt, like Box2D: its square is finite (the loop refuses an overflowing one), so hypot's
  // overflow care buys nothing and costs about 5% of a call on 8-gons.
  [[nodiscard]] static S lengthOf(V point) { return std::sqrt(lengthSquared(point)); }
  [[nodiscard]] S distance() const { return lengthOf(closestPoint); }
};

// The loop of gjkDistance (documented there, with its pseudo-code). The state lives in locals and the simplex is
// solved without copying it through memory; every trace-only value is computed inside `if constexpr
// (Trace::enabled)`, from the same locals, so traced and untraced runs give bitwise the same answer.
template <SupportShape A, SupportShape B, class Trace>
[[nodiscard]] [[gnu::always_inline]] inline CoreDistance<ShapeVector<A>> coreDistance(
    const A& a, const B& b, const GjkOptions& options, SimplexCache<ShapeVector<A>>* cache, Trace& trace) {
  using V = ShapeVector<A>;
  using S = ScalarOf<V>;
  constexpr int kCapacity = kMaxSimplexVertices<V>;
  using Slots = std::array<int, kCapacity>;
  // Built only at the end: a zero-filled result up front costs a rep stos per call.
  const auto refuse = [](GjkStop why) {
    CoreDistance<V> refused;
    refused.stop = why;
    return refused;
  };
  const S tolerance = resolveTolerance<S>(options.relativeTolerance);
  if (options.maxIterations < 1 || !(tolerance > S(0))) return refuse(GjkStop::InvalidInput);
  const MinkowskiDifference<A, B> difference{a, b, SupportKind::Core};

  // State: the simplex's points (newest first), the slot of witnesses each came from, the direction each was found
  // along (for the cache), and the closest point. Witnesses stay in their slot until the end, so a step moves
  // only points and small indices (Box2D's b2Simplex keeps its vertices in place the same way). `before` is the
  // last simplex before its reduction: a support equal to one of its points was already tried.
  std::array<SupportPoint<V>, kCapacity> witnesses{};
  SimplexPoints<V> points{};
  Slots slots{};
  int count = 0;
  SimplexPoints<V> before{};
  int beforeCount = 0;
  std::array<S, kCapacity> weights{};
  V closestPoint{};
  std::array<V, kCapacity> directions{};
  S closestLengthSquared = std::numeric_limits<S>::infinity();
  S bestLengthSquared = std::numeric_limits<S>::infinity();  // the closest |v|^2 any step reached
  int stalledSteps = 0;
  int iterations = 0;
  GjkStop stop = GjkStop::None;
  V direction = initialDirection(difference.centroid());
  const auto currentSimplex = [&witnesses, &slots, &count] {
    Simplex<V> simplex;
    for (int i = 0; i < count; ++i) simplex.vertices[i] = witnesses[slots[i]];
    simplex.count = count;
    return simplex;
  };

  // Warm start (Box2D's b2SimplexCache): re-evaluate the supports along last call's directions on today's geometry,
  // or start from the points the caller re-placed.
  if (cache != nullptr && cache->count > 0) {
    Simplex<V> start;
    std::array<V, kCapacity> startDirections{};
    for (int i = 0; i < cache->count && i < kCapacity; ++i) {
      const V cachedDirection = cache->directions[i];
      SupportPoint<V> support;
      if (cache->fromPoints) {
        support = cache->points[i];
        support.point = support.pointA - support.pointB;
      } else {
        if (!isFinite(cachedDirection) || cachedDirection == V{}) continue;
        support = difference.supportPoint(cachedDirection);
      }
      if (!isFinite(support.point)) return refuse(GjkStop::InvalidInput);
      if (containsPoint(start, support.point)) continue;
      startDirections[start.count] = cachedDirection;
      start.vertices[start.count++] = support;
    }
    if (start.count > 0) {
      const ClosestOnSimplex<V> answer = closestOnSimplex(start);
      if (!std::isfinite(lengthSquared(answer.closestPoint))) return refuse(GjkStop::Overflow);
      Slots identity{};
      for (int i = 0; i < kCapacity; ++i) identity[i] = i;
      witnesses = start.vertices;
      before = pointsOf(start);
      beforeCount = start.count;
      points = keepItems(before, start.count, answer.droppedMask);
      slots = keepItems(identity, start.count, answer.droppedMask);
      directions = keepItems(startDirections, start.count, answer.droppedMask);
      count = keptCount(start.count, answer.droppedMask);
      weights = answer.weights;
      closestPoint = answer.closestPoint;
      closestLengthSquared = lengthSquared(closestPoint);
      bestLengthSquared = closestLengthSquared;
      direction = searchDirection(points, count, closestPoint);
      if (answer.region.feature == SimplexFeature::Interior) stop = GjkStop::ContainsOrigin;
      else if (direction == V{}) stop = GjkStop::OriginOnSimplex;
    }
  }

  // loop (van den Bergen 2003, 4.3; Box2D's b2ShapeDistance; Jolt's GJKClosestPoint::GetClosestPoints):
  //   w = support(A - B, d)
  //   if w was a vertex of the last simplex before its reduction and brings v no closer: stop (nothing new)
  //   add w; v = the closest point of the simplex to the origin (the solver); keep the vertices supporting v
  //   stop if the simplex holds the origin, or v is the origin, or v stalled twice in a row
  //   d = the perpendicular of v's feature toward the origin
  for (int iteration = 1; stop == GjkStop::None && iteration <= options.maxIterations; ++iteration) {
    iterations = iteration;
    const SupportPoint<V> support = difference.supportPoint(direction);
    [[maybe_unused]] std::conditional_t<Trace::enabled, GjkStep<V>, NoStep> step{};
    if constexpr (Trace::enabled) {
      step.iteration = iteration;
      step.direction = direction;
      step.support = support;
      step.supportDotDirection = dot(support.point, direction);
      step.simplexBefore = pushFront(currentSimplex(), support);
    }

    GjkStop stepStop = GjkStop::None;
    bool accepted = false;
    bool inSimplex = false;
    for (int i = 0; i < count; ++i) inSimplex = inSimplex || points[i] == support.point;
    const auto triedBefore = [&before, &beforeCount](V point) {
      bool found = false;
      for (int i = 0; i < beforeCount; ++i) found = found || before[i] == point;
      return found;
    };
    if (!isFinite(support.point)) {
      stepStop = GjkStop::InvalidInput;
    } else if (inSimplex) {
      stepStop = GjkStop::DuplicateSupport;
    } else {
      // Van den Bergen's bound: no point of A - B is closer than dot(v, w) / |v|, so when |v|^2 - dot(v, w) is
      // small the distance is known. It is not the end yet: the distance barely changes, but the closest feature
      // (and so the witnesses) still can, e.g. from a vertex to the nearly parallel edge beside it. Polygons then
      // end on a duplicate support like Box2D; only a second stalled step in a row (curves) ends the run.
      const bool distanceKnown = count > 0 && closestLengthSquared - dot(closestPoint, support.point) <=
                                                  tolerance * closestLengthSquared;
      const SimplexPoints<V> candidatePoints = pushFront(points, support.point);
      const int candidateCount = count < kCapacity ? count + 1 : kCapacity;
      const ClosestOnSimplex<V> candidate = closestOnSimplex(candidatePoints, candidateCount);
      const S candidateLengthSquared = lengthSquared(candidate.closestPoint);
      if (!std::isfinite(candidateLengthSquared)) {
        // |v|^2 overflows the scalar: no step can mend it, and a distance from it would be wrong. Refused.
        stepStop = GjkStop::Overflow;
      } else if (!(candidateLengthSquared < closestLengthSquared) && triedBefore(support.point)) {
        // w was dropped by the last reduction and taking it back gains nothing: two supports on nearly parallel
        // edges of A - B would otherwise take turns until the cap (Box2D's duplicate test against the simplex
        // saved before solving; Jolt's "v not getting closer"). The current simplex is the answer.
        stepStop = GjkStop::DuplicateSupport;
      } else {
        // Kept even when rounding makes it a hair farther (Box2D keeps every new support too): the stalled-step
        // count below ends such runs.
        accepted = true;
        const S previousLengthSquared = closestLengthSquared;
        // The new support goes to the slot no kept vertex uses.
        const int slot = freeSlot(slots, count);
        witnesses[slot] = support;
        directions = keepItems(pushFront(directions, direction), candidateCount, candidate.droppedMask);
        slots = keepItems(pushFront(slots, slot), candidateCount, candidate.droppedMask);
        before = candidatePoints;
        beforeCount = candidateCount;
        points = keepItems(candidatePoints, candidateCount, candidate.droppedMask);
        count = keptCount(candidateCount, candidate.droppedMask);
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
        if (candidate.region.feature == SimplexFeature::Interior) {
          stepStop = GjkStop::ContainsOrigin;
        } else if (direction == V{} || candidateLengthSquared <= rounding * rounding *
                                                                     maxVertexLengthSquared(candidatePoints,
                                                                                            candidateCount)) {
          stepStop = GjkStop::OriginOnSimplex;
        } else {
          // Known to tolerance, or |v|^2 stalled at rounding (Jolt's relative test on squared lengths), or |v|
          // came no closer than the tolerance times the size of the coordinates the supports come from (van den
          // Bergen 2003, 4.3: the absolute tolerance; each support is only known to epsilon of |a| + |b|). The
          // last ends a rim against a rim (cylinders): when the gap is small next to the shapes, GJK closes in on
          // the curved boundary linearly and the solver's rounding on its thin triangles (epsilon of the
          // coordinates, not of |v|) keeps |v| moving, up and down, by more than either relative test allows.
          // Measured against the closest |v| so far, so that such a wobble counts as no progress. Squared, with
          // |v_best|^2 - |v|^2 ~ 2 |v| (|v_best| - |v|): progress^2 <= 4 tolerance^2 |v|^2 size^2.
          const S progress = bestLengthSquared - candidateLengthSquared;
          const S sizeSquared = std::max(lengthSquared(support.pointA), lengthSquared(support.pointB));
          const bool stalled =
              distanceKnown ||
              (std::isfinite(previousLengthSquared) &&
               (previousLengthSquared - candidateLengthSquared <= kEpsilon<S> * previousLengthSquared ||
                progress <= S(0) ||
                progress * progress <= S(4) * tolerance * tolerance * candidateLengthSquared * sizeSquared));
          bestLengthSquared = std::min(bestLengthSquared, candidateLengthSquared);
          stalledSteps = stalled ? stalledSteps + 1 : 0;
          if (stalledSteps >= 2) stepStop = GjkStop::NoProgress;
          else if constexpr (Trace::enabled) step.nextDirection = direction;
        }
      }
    }
    if (stepStop == GjkStop::None && iteration == options.maxIterations) stepStop = GjkStop::MaxIterations;
    if constexpr (Trace::enabled) {
      if (!accepted) {
        step.region = regionBehindNewest<V>(count);
        step.droppedMask = 0b001;
      }
      step.stop = stepStop;
      step.simplexAfter = currentSimplex();
      step.closestPoint = closestPoint;
      step.distance = CoreDistance<V>::lengthOf(closestPoint);
      trace(step);
    }
    stop = stepStop;
  }
  if (stop == GjkStop::InvalidInput || stop == GjkStop::Overflow) {
    CoreDistance<V> refused = refuse(stop);
    refused.iterations = iterations;
    refused.simplex = currentSimplex();
    return refused;
  }
  if (cache != nullptr) {
    cache->directions = directions;
    cache->count = count;
    for (int i = 0; i < count; ++i) cache->points[i] = witnesses[slots[i]];
  }
  V coreA{};
  V coreB{};
  for (int i = 0; i < count; ++i) {
    coreA += weights[i] * witnesses[slots[i]].pointA;
    coreB += weights[i] * witnesses[slots[i]].pointB;
  }
  return {currentSimplex(), closestPoint, coreA, coreB, iterations, stop};
}

}  // namespace detail

// Distance between A and B (van den Bergen, Collision Detection in Interactive 3D Environments, 4.3; Box2D's
// b2ShapeDistance; Jolt's GJKClosestPoint::GetClosestPoints). Runs on the cores (SupportKind::Core) and subtracts
// both core radii, so circles and capsules are exact (Box2D's distance proxies do the same). Each iteration adds
// the support w along d = -v (v: closest point of the simplex), keeps only the vertices that support the new
// closest point (closestOnSimplex, Ericson 5.1), and stops when (checked in this order):
//   InvalidInput      a support is NaN or infinite, radii negative/non-finite, maxIterations < 1, bad tolerance;
//   DuplicateSupport  w is already a simplex vertex (the usual end on polygons), or w was dropped by the last
//                     reduction and taking it back brings v no closer (Box2D's duplicate test);
//   Overflow          |v|^2 overflows the scalar (shapes about 1e154 apart in double, 1e19 in float): refused;
//   ContainsOrigin    the simplex holds the origin: the cores overlap;
//   OriginOnSimplex   the origin is on a vertex or edge of the cores' simplex: the cores touch;
//   NoProgress        a second step in a row stalled (w kept): before it |v|^2 - dot(v, w) <= tolerance * |v|^2
//                     (van den Bergen's relative test, squared, NaN-safe: a NaN compares false and falls through
//                     to the cap), or |v|^2 fell by no more than epsilon * |v|^2 (Jolt). Curved shapes (Sector) end
//                     here; one stalled step alone does not end a run, so polygons still reach their exact feature;
//   MaxIterations     the cap; the result is the best so far (status MaxIterations).
// InvalidInput and Overflow report Status::InvalidInput, MaxIterations Status::MaxIterations, the rest Converged.
// Results: distance = max(0, |v| - radiusA - radiusB). Separated: pointA/pointB are the witnesses on the
// surfaces, normal = unit from A toward B. Overlapping (distance 0, overlap = true, touching included): normal is
// zero; pointA = pointB = the midpoint of the core witnesses when the cores are apart (rounded shapes), else the
// cores' common point.
// cache (optional, caller-owned): when cache->count > 0 the start simplex is rebuilt from supports along its
// directions, or from its points when cache->fromPoints (not counted in iterations); on return it holds the
// directions and the witnesses of the final simplex.
template <SupportShape A, SupportShape B, class Trace = NoTrace>
  requires std::same_as<ShapeVector<A>, ShapeVector<B>>
[[nodiscard]] DistanceResult<ShapeVector<A>> gjkDistance(const A& a, const B& b, const GjkOptions& options,
                                                         SimplexCache<ShapeVector<A>>* cache, Trace& trace) {
  using V = ShapeVector<A>;
  using S = ScalarOf<V>;
  const S radiusA = a.coreRadius();
  const S radiusB = b.coreRadius();
  if (!detail::validRadius(radiusA) || !detail::validRadius(radiusB)) {
    DistanceResult<V> refused;
    refused.stop = GjkStop::InvalidInput;
    refused.status = Status::InvalidInput;
    return refused;
  }
  const detail::CoreDistance<V> core = detail::coreDistance(a, b, options, cache, trace);
  const bool refused = core.stop == GjkStop::InvalidInput || core.stop == GjkStop::Overflow;
  const Status status = refused                               ? Status::InvalidInput
                        : core.stop == GjkStop::MaxIterations ? Status::MaxIterations
                                                              : Status::Converged;
  const bool coresOverlap = core.coresOverlap();
  // Each outcome built whole, not a zero-filled result patched field by field (that costs a rep stos per call).
  if (refused) return {S(0), {}, {}, {}, false, core.iterations, status, core.stop, core.simplex};
  const S coreDistance = coresOverlap ? S(0) : core.distance();
  if (coreDistance > radiusA + radiusB) {
    const V normal = -core.closestPoint / coreDistance;  // closestPoint = coreA - coreB
    return {coreDistance - radiusA - radiusB, core.coreA + radiusA * normal, core.coreB - radiusB * normal, normal,
            false, core.iterations, status, core.stop, core.simplex};
  }
  const V middle = coresOverlap ? core.coreA : S(0.5) * (core.coreA + core.coreB);
  return {S(0), middle, middle, {}, true, core.iterations, status, core.stop, core.simplex};
}

template <SupportShape A, SupportShape B>
  requires std::same_as<ShapeVector<A>, ShapeVector<B>>
[[nodiscard]] DistanceResult<ShapeVector<A>> gjkDistance(const A& a, const B& b, const GjkOptions& options = {},
                                                         SimplexCache<ShapeVector<A>>* cache = nullptr) {
  NoTrace trace;
  return gjkDistance(a, b, options, cache, trace);
}

}  // namespace collide
