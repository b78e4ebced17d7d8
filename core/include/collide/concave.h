// collide/concave.h: concave polygons in the plane, made usable by every 2D narrow-phase algorithm by cutting
// them into convex parts.
//
// A concave polygon is a simple outline, counter-clockwise. decomposeConcave checks it (self-intersections are
// refused naming the two edges), triangulates it by ear clipping (Eberly, "Triangulation by Ear Clipping", 2002;
// Ericson 12.5.1), then merges triangles back into convex parts by Hertel and Mehlhorn's rule ("Fast
// Triangulation of Simple Polygons", 1983): remove every diagonal whose removal leaves both of its ends convex.
// Why Hertel-Mehlhorn and not Bayazit's decomposition: it is linear after the triangulation, it never adds
// vertices (every part's corners are outline vertices, so a part is traced back to its outline), and it is
// provably within 4 times the fewest parts (at most 2r + 1 parts for r reflex vertices); Bayazit usually gives
// fewer parts but adds Steiner points and has no such bound. Each part is a Polygon (makePolygon's invariants),
// so GJK, EPA, SAT and the analytic tests take it unchanged. overlappingParts is the 2D mid phase over two of them.
#pragma once

#include <array>
#include <span>
#include <string>
#include <vector>

#include "collide/math.h"
#include "collide/shapes.h"
#include "collide/trace.h"

namespace collide {

inline constexpr int kMaxConcaveVertices = 1024;

template <Scalar S>
struct ConvexDecomposition {
  std::string error;  // empty on success; otherwise a sentence naming the problem
  int edgeA = -1;     // a self-intersection: the two edges (edge i runs from vertex i to vertex i + 1)
  int edgeB = -1;
  int vertex = -1;    // a bad vertex (not finite, repeated)
  std::vector<std::array<int, 3>> triangles;  // ear clipping, counter-clockwise outline indices
  std::vector<std::vector<int>> parts;        // Hertel-Mehlhorn: convex parts, counter-clockwise outline indices
  std::vector<Polygon<S>> polygons;           // the parts as polygons (collinear corners dropped)
  int reflexVertices = 0;
  [[nodiscard]] bool ok() const { return error.empty(); }
};

// Refuses, in this order: fewer than 3 or more than kMaxConcaveVertices points; "vertex i is not finite"; "vertex
// i repeats vertex i - 1" (a zero-length edge); "edges i and j intersect" (any two edges that share a point other
// than the corner between neighbours, including an edge folding back over its neighbour); "vertices are
// clockwise" (refused, not reversed, so the indices in messages and parts are the caller's).
template <Scalar S>
[[nodiscard]] ConvexDecomposition<S> decomposeConcave(std::span<const Vec2<S>> outline);

// The 2D mid phase on two decomposed polygons: a tree over each one's placed parts (their world AABBs, binned
// SAH), the two trees descended together on box overlap, then boolean GJK on each pair of parts whose boxes
// touch. `pairs` are (part of A, part of B), sorted.
template <Scalar S>
struct ConcavePairs {
  Status status = Status::Converged;  // InvalidInput: a decomposition that failed, or a bad transform
  std::vector<std::array<int, 2>> pairs;
  int bvTests = 0;    // node pairs tested
  int partTests = 0;  // GJK calls
};

template <Scalar S>
[[nodiscard]] ConcavePairs<S> overlappingParts(const ConvexDecomposition<S>& a, const Transform<S>& xfA,
                                               const ConvexDecomposition<S>& b, const Transform<S>& xfB);

#define COLLIDE_CONCAVE_EXTERN(S)                                                                          \
  extern template ConvexDecomposition<S> decomposeConcave<S>(std::span<const Vec2<S>>);                   \
  extern template ConcavePairs<S> overlappingParts<S>(const ConvexDecomposition<S>&, const Transform<S>&, \
                                                      const ConvexDecomposition<S>&, const Transform<S>&);
COLLIDE_CONCAVE_EXTERN(float)
COLLIDE_CONCAVE_EXTERN(double)
#undef COLLIDE_CONCAVE_EXTERN

}  // namespace collide
