// collide/simplex.h: the GJK simplex, the region of it that holds the closest point, and the warm-start cache,
// over any vector type (vector.h): up to 3 vertices in the plane, 4 in space.
//
// [SECTION] Simplex
// [SECTION] SimplexRegion
// [SECTION] SimplexCache
#pragma once

#include <array>
#include <compare>
#include <cstdint>
#include <string_view>

#include "collide/math.h"
#include "collide/support.h"
#include "collide/vector.h"

namespace collide {

// [SECTION] Simplex

// Up to kDimension + 1 support points of the Minkowski difference A - B. vertices[0] is the newest; the steps
// keep that order, so the newest vertex is always first. Letters A, B, C, D name vertices[0], [1], [2], [3].
template <Vector V>
struct Simplex {
  static constexpr int kCapacity = kMaxSimplexVertices<V>;
  std::array<SupportPoint<V>, kCapacity> vertices{};
  int count = 0;
  friend constexpr bool operator==(const Simplex&, const Simplex&) = default;
};

// [SECTION] SimplexRegion

// The feature of a simplex whose Voronoi region holds the origin (boolean GJK) or the closest point (distance
// GJK): a vertex, an edge, a face (a triangle in space), or the interior (of a triangle in the plane, of a
// tetrahedron in space), where the origin itself lies. Ericson, Real-Time Collision Detection, 5.1.
enum class SimplexFeature : std::uint8_t { Vertex, Edge, Face, Interior };

// A region: the vertices kept (bit i: vertices[i]) and the feature they span.
struct SimplexRegion {
  std::uint8_t kept = 0b0001;
  SimplexFeature feature = SimplexFeature::Vertex;
  friend constexpr bool operator==(SimplexRegion, SimplexRegion) = default;
  friend constexpr auto operator<=>(SimplexRegion, SimplexRegion) = default;

  [[nodiscard]] constexpr bool keeps(int vertex) const { return (kept >> vertex) & 1u; }
};

// The feature spanned by `count` vertices of a simplex in a space of `dimension`: a full simplex is the interior.
[[nodiscard]] constexpr SimplexFeature featureOfCount(int count, int dimension) {
  if (count > dimension) return SimplexFeature::Interior;
  return count == 1 ? SimplexFeature::Vertex : (count == 2 ? SimplexFeature::Edge : SimplexFeature::Face);
}

// The region spanned by the kept vertices (bit i: vertices[i]) in a space of `dimension`.
[[nodiscard]] constexpr SimplexRegion regionOf(std::uint8_t kept, int dimension) {
  int count = 0;
  for (int i = 0; i < 4; ++i) count += (kept >> i) & 1u;
  return {kept, featureOfCount(count, dimension)};
}

// "vertex A", "edge AC", "face BCD", "interior": the feature and the letters of its vertices.
[[nodiscard]] constexpr std::string_view regionName(SimplexRegion region) {
  constexpr std::string_view kNames[16] = {"none",     "vertex A", "vertex B", "edge AB",  "vertex C", "edge AC",
                                           "edge BC",  "face ABC", "vertex D", "edge AD",  "edge BD",  "face ABD",
                                           "edge CD",  "face ACD", "face BCD", "interior"};
  if (region.feature == SimplexFeature::Interior) return "interior";
  return kNames[region.kept & 0b1111u];
}

// [SECTION] SimplexCache

// Warm start (temporal coherence; Box2D's b2SimplexCache, van den Bergen 2003): the search directions that
// produced the last simplex, in A's frame. The next call re-evaluates supports along them on the current geometry,
// so a slightly moved pair starts next to its answer. Owned by the caller; count == 0 means a cold start.
//
// Box2D's cache proper holds vertex indices and rebuilds the simplex from them without searching (b2Simplex::
// ReadCache): `points` are the final simplex's witnesses, written by every call. A caller that moves the shapes
// rigidly between calls may re-place them (they stay points of A and of B) and set `fromPoints`: the next call then
// starts from those points instead of searching along `directions`.
template <Vector V>
struct SimplexCache {
  std::array<V, kMaxSimplexVertices<V>> directions{};
  int count = 0;
  std::array<SupportPoint<V>, kMaxSimplexVertices<V>> points{};
  bool fromPoints = false;
};

}  // namespace collide
