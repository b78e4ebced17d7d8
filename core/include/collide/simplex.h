// collide/simplex.h: the GJK simplex, its Voronoi regions, and the caller-owned warm-start cache.
//
// [SECTION] Simplex
// [SECTION] SimplexRegion
// [SECTION] SimplexCache
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "collide/math.h"
#include "collide/support.h"

namespace collide {

// [SECTION] Simplex

// Up to three support points of the Minkowski difference A - B. vertices[0] is the newest ("A" in article 000),
// then B, then C; reductions keep that order, so the newest vertex is always first.
template <Scalar S>
struct Simplex {
  std::array<SupportPoint<S>, 3> vertices{};
  int count = 0;
  friend constexpr bool operator==(const Simplex&, const Simplex&) = default;
};

// [SECTION] SimplexRegion

// The Voronoi region of the simplex holding the origin (boolean GJK) or the closest point (distance GJK).
// Letters name vertices[0], [1], [2]. Article 000: a triangle has 7 regions; with A newest, the origin can only
// be in edge AB, edge AC or the interior.
enum class SimplexRegion : std::uint8_t { VertexA, VertexB, VertexC, EdgeAB, EdgeAC, EdgeBC, Interior };

[[nodiscard]] constexpr std::string_view regionName(SimplexRegion region) {
  switch (region) {
    case SimplexRegion::VertexA: return "vertex A";
    case SimplexRegion::VertexB: return "vertex B";
    case SimplexRegion::VertexC: return "vertex C";
    case SimplexRegion::EdgeAB: return "edge AB";
    case SimplexRegion::EdgeAC: return "edge AC";
    case SimplexRegion::EdgeBC: return "edge BC";
    case SimplexRegion::Interior: return "interior";
  }
  return "unknown";
}

// [SECTION] SimplexCache

// Warm start (article 004, temporal coherence): the search directions that produced the last simplex, in A's
// frame. The next call re-evaluates supports along them on the current geometry, so a slightly moved pair
// starts next to its answer. Owned by the caller; count == 0 means a cold start.
template <Scalar S>
struct SimplexCache {
  std::array<Vec2<S>, 3> directions{};
  int count = 0;
};

}  // namespace collide
