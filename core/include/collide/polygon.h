// collide/polygon.h: building convex polygons: validating an outline, or building its convex hull.
//
// A Polygon (shapes.h) is convex, counter-clockwise, without duplicate or collinear vertices, with unit outward
// edge normals and its area centroid. makePolygon is the only way the app and the JSON loader make one, so every
// algorithm downstream may rely on those invariants.
//
// Tolerances are relative: two vertices are duplicates, and a vertex is collinear with its neighbours, when the
// distance involved is at most kPolygonRelativeTolerance times the outline's size (the larger of its bounding-box
// diagonal and its largest coordinate, so rounding at large offsets is covered too).
#pragma once

#include <optional>
#include <span>
#include <type_traits>
#include <string>
#include <vector>

#include "collide/math.h"
#include "collide/shapes.h"

namespace collide {

// sqrt(epsilon): about 1.5e-8 for double, 3.5e-4 for float.
template <Scalar S>
inline constexpr S kPolygonRelativeTolerance = std::is_same_v<S, float> ? S(3.4526698e-4) : S(1.4901161193847656e-8);

enum class PolygonBuild {
  Validate,  // refuse an outline that is not already a valid convex polygon, naming the bad vertex
  Hull,      // build the convex hull of the points instead (dropping inner, duplicate and collinear points)
};

template <Scalar S>
struct PolygonBuildResult {
  std::optional<Polygon<S>> polygon;  // set on success
  std::string error;                  // empty on success; otherwise a sentence that names the problem
  int badVertex = -1;                 // the input index the error names, or -1 when it names no vertex
};

// Validate refuses, in this order: fewer than 3 or more than kMaxPolygonVertices points; "vertex i is not finite";
// "vertex j duplicates vertex i"; "the outline has zero area"; "vertices are clockwise; list them
// counter-clockwise" (refused rather than silently reversed, so indices in later messages match the input);
// "vertex i is collinear with its neighbours"; "vertex i makes the outline non-convex" (a clockwise turn at i,
// or i lying outside another edge of a self-intersecting star).
// Hull refuses non-finite points, and point sets whose hull has zero area or too many vertices.
template <Scalar S>
[[nodiscard]] PolygonBuildResult<S> makePolygon(std::span<const Vec2<S>> points,
                                                PolygonBuild mode = PolygonBuild::Validate);

// Andrew's monotone chain: counter-clockwise from the leftmost point (lowest among ties), exactly collinear and duplicate
// points dropped. Non-finite points are skipped. Fewer than 3 results when the points are all collinear.
template <Scalar S>
[[nodiscard]] std::vector<Vec2<S>> convexHull(std::span<const Vec2<S>> points);

// A rectangle centred on the origin, corners counter-clockwise from (-x, -y) like Box::corners().
template <Scalar S>
[[nodiscard]] Polygon<S> makeBox(Vec2<S> halfExtents);

// A regular polygon centred on the origin with its first vertex at (radius, 0). vertexCount is clamped to
// [3, kMaxPolygonVertices].
template <Scalar S>
[[nodiscard]] Polygon<S> makeRegularPolygon(int vertexCount, S radius);

// A polygon from an outline its maker guarantees: 3 to kMaxPolygonVertices points, strictly convex and
// counter-clockwise (points on a circle in angle order, a hull already cleaned). No checks, so generators of
// millions of shapes skip makePolygon's quadratic validation; Box2D's b2MakePolygon trusts its b2Hull likewise.
template <Scalar S>
[[nodiscard]] Polygon<S> makeConvexPolygon(std::span<const Vec2<S>> outline);

// Signed area of a closed outline: > 0 counter-clockwise.
template <Scalar S>
[[nodiscard]] S signedArea(std::span<const Vec2<S>> points);

// Explicit instantiations live in core/src/polygon.cpp.
#define COLLIDE_POLYGON_EXTERN(S)                                                                       \
  extern template PolygonBuildResult<S> makePolygon<S>(std::span<const Vec2<S>>, PolygonBuild);        \
  extern template std::vector<Vec2<S>> convexHull<S>(std::span<const Vec2<S>>);                       \
  extern template Polygon<S> makeBox<S>(Vec2<S>);                                                      \
  extern template Polygon<S> makeRegularPolygon<S>(int, S);                                            \
  extern template Polygon<S> makeConvexPolygon<S>(std::span<const Vec2<S>>);                           \
  extern template S signedArea<S>(std::span<const Vec2<S>>);
COLLIDE_POLYGON_EXTERN(float)
COLLIDE_POLYGON_EXTERN(double)
#undef COLLIDE_POLYGON_EXTERN

}  // namespace collide
