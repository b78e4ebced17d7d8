// collide/hull3.h: building a convex hull (shapes3.h's Hull) from a point cloud with Quickhull.
//
// Quickhull (Barber, Dobkin and Huhdanpaa, "The Quickhull Algorithm for Convex Hulls", ACM TOMS 1996): start from
// a tetrahedron of extreme points, give every outside point to the face it is farthest above, then repeatedly add
// the farthest point of a face, remove the faces it sees and close the horizon with a fan of new triangles
// (Gregorius, "Implementing Quickhull", GDC 2014). Afterwards adjacent triangles in one plane are merged into one
// face, so a box has 6 quads and 12 edges: SAT (sat3.h) tests each true face and each true edge once.
//
// Guarantees of a built hull:
//   - every vertex is an input point (bit for bit), listed in input order;
//   - faces are loops counter-clockwise seen from outside, flat and convex within the tolerance, with unit
//     outward normals; a face's offset is the largest dot(normal, v) over all vertices, so every vertex is inside
//     or on every face plane (each face plane is a supporting plane, which SAT relies on);
//   - no vertex lies on an edge or inside a face (each vertex has at least 3 faces around it);
//   - edges are listed once each: edge.a -> edge.b runs counter-clockwise in face edge.faceA, b -> a in faceB;
//   - V - E + F = 2, F <= 2V - 4, E <= 3V - 6.
//
// Tolerances are relative: a point within kHullRelativeTolerance times the cloud's size of a face plane counts as
// on it (not a new vertex), and triangles within that distance of one plane merge. The size is the larger of the
// cloud's bounding-box diagonal and its largest coordinate, as makePolygon (polygon.h) measures an outline. The
// build runs in double for float input too (the conversion is exact). A thin cloud (a plate) takes a tolerance of
// kHullThinFraction of its width instead when that is smaller, its width being the least of the start
// tetrahedron's three spans (its longest edge, the third point's distance from it, the fourth's from their plane):
// a unit plate 1e-8 thick was refused as coplanar under a tolerance of 2e-8, while a box 1e-9 thick works. Only a
// cloud narrower than kHullMinRelativeWidth times its size, where the double build's rounding is too near, is
// refused (coincide, collinear, coplanar).
//
// Known limit: points are tested against faces with the tolerance, so each step may leave an edge concave by up
// to the tolerance (Gregorius merges such faces during the build; here coplanar ones merge afterwards). On clouds
// curved at the tolerance's own scale this can add up; the tests bound it on 1024 points on a sphere.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <type_traits>

#include "collide/math.h"
#include "collide/shapes3.h"

namespace collide {

// The most points makeHull takes: a hull has at most 2n - 4 faces and 3n - 6 edges.
inline constexpr int kMaxHullPoints = 1024;

// Double: sqrt(epsilon), the polygon builder's 1.5e-8. Float: 32 epsilons, 3.8e-6, enough for the rounding of
// float input (a float box's corners are coplanar to a few epsilons); the build itself runs in double either way,
// and a looser float tolerance would flatten curved clouds (1024 points on a sphere) at their own scale.
template <Scalar S>
inline constexpr S kHullRelativeTolerance = std::is_same_v<S, float> ? S(32) * kEpsilon<float> : S(1.4901161193847656e-8);

// A thin cloud's tolerance: this fraction of its width (see above), when smaller than kHullRelativeTolerance's.
inline constexpr double kHullThinFraction = 0.01;
// The narrowest cloud makeHull builds, relative to its size: 1e-12, so its tolerance (a hundredth of that) stays
// well above double's rounding of the planes (2.2e-16 of the size).
inline constexpr double kHullMinRelativeWidth = 1e-12;

enum class HullBuild : std::uint8_t {
  Quickhull,  // the convex hull of the points: inner, duplicate and on-face points dropped
  Validate,   // keep the points as given: each one must be a vertex of its hull (vertex i is point i)
};

template <Scalar S>
struct HullBuildResult {
  std::optional<Hull<S>> hull;  // set on success
  std::string error;            // empty on success; otherwise a sentence that names the problem
  int badPoint = -1;            // the input index the error names, or -1 when it names no point
  // On success, when Quickhull dropped points that are not vertices: which and why, by input index ("16 points given:
  // 8 vertices; dropped: points 8 and 9 (= point 6), 10-14 on a face or an edge, 15 inside"). Empty otherwise.
  std::string dropped;
};

// Refuses, in this order: fewer than 4 or more than kMaxHullPoints points; "point i is not finite" (or beyond the
// coordinate range, kMaxCoordinate); "all points coincide"; "all points are collinear"; "all points are coplanar"
// (each naming the width under which it says so). Validate also refuses "point j duplicates point i" and "point i
// is not a vertex of the hull (it lies inside it, or on a face or an edge)". Quickhull keeps the points in the
// hull's givenPoints when it drops some, and says which in `dropped`.
template <Scalar S>
[[nodiscard]] HullBuildResult<S> makeHull(std::span<const Vec3<S>> points, HullBuild mode = HullBuild::Quickhull);

// Explicit instantiations live in core/src/hull3.cpp.
extern template HullBuildResult<float> makeHull<float>(std::span<const Vec3<float>>, HullBuild);
extern template HullBuildResult<double> makeHull<double>(std::span<const Vec3<double>>, HullBuild);

}  // namespace collide
