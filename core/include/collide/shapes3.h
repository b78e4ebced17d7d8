// collide/shapes3.h: the ten 3D shapes, each a plain struct in its local frame, and Collider3 (shape + pose).
//
// The same three questions as the 2D shapes (shapes.h): support(d), coreSupport(d), coreRadius(). A sphere and a
// capsule are rounded (their cores are a point and a segment); a cylinder's support is exact without a core (its
// rim is a circle, not a rounding). A hull keeps its faces and edges, which SAT reads; a mesh is not convex and
// has no support function: the support-based algorithms refuse it, the mid phase takes it.
//
// [SECTION] Point3, Segment3, Triangle3, Sphere
// [SECTION] Aabb3, Box3
// [SECTION] Capsule3, Cylinder
// [SECTION] Hull
// [SECTION] Mesh
// [SECTION] Shape3 variant and Collider3
// [SECTION] Placement
// [SECTION] Validity
// [SECTION] Bounds of a placed shape
// [SECTION] Scalar conversion
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "collide/bounds.h"
#include "collide/math.h"
#include "collide/shapes.h"

namespace collide {

namespace detail {
template <Scalar S>
[[nodiscard]] inline Vec3<S> roundSupport(Vec3<S> corePoint, S radius, Vec3<S> direction) {
  if (radius == S(0)) return corePoint;
  const S length = collide::length(direction);
  if (!(length > S(0))) return corePoint;
  return corePoint + (radius / length) * direction;
}

template <Scalar S>
[[nodiscard]] constexpr Vec3<S> farther(Vec3<S> a, Vec3<S> b, Vec3<S> direction) {
  return dot(b, direction) > dot(a, direction) ? b : a;
}

}  // namespace detail

// [SECTION] Point3, Segment3, Triangle3, Sphere

template <Scalar S>
struct Point3 {
  using Scalar = S;
  Vec3<S> position{};

  [[nodiscard]] Vec3<S> coreSupport(Vec3<S>) const { return position; }
  [[nodiscard]] S coreRadius() const { return S(0); }
  [[nodiscard]] Vec3<S> support(Vec3<S>) const { return position; }
  [[nodiscard]] Vec3<S> centroid() const { return position; }
};

template <Scalar S>
struct Segment3 {
  using Scalar = S;
  Vec3<S> a{-1, 0, 0};
  Vec3<S> b{1, 0, 0};

  [[nodiscard]] Vec3<S> coreSupport(Vec3<S> d) const { return detail::farther(a, b, d); }
  [[nodiscard]] S coreRadius() const { return S(0); }
  [[nodiscard]] Vec3<S> support(Vec3<S> d) const { return coreSupport(d); }
  [[nodiscard]] Vec3<S> centroid() const { return S(0.5) * (a + b); }
};

template <Scalar S>
struct Triangle3 {
  using Scalar = S;
  Vec3<S> a{-1, 0, -1};
  Vec3<S> b{1, 0, -1};
  Vec3<S> c{0, 0, 1};

  [[nodiscard]] Vec3<S> coreSupport(Vec3<S> d) const { return detail::farther(detail::farther(a, b, d), c, d); }
  [[nodiscard]] S coreRadius() const { return S(0); }
  [[nodiscard]] Vec3<S> support(Vec3<S> d) const { return coreSupport(d); }
  [[nodiscard]] Vec3<S> centroid() const { return (a + b + c) / S(3); }
};

template <Scalar S>
struct Sphere {
  using Scalar = S;
  Vec3<S> center{};
  S radius{1};

  [[nodiscard]] Vec3<S> coreSupport(Vec3<S>) const { return center; }
  [[nodiscard]] S coreRadius() const { return radius; }
  [[nodiscard]] Vec3<S> support(Vec3<S> d) const { return detail::roundSupport(center, radius, d); }
  [[nodiscard]] Vec3<S> centroid() const { return center; }
};

// [SECTION] Aabb3, Box3

// Axis-aligned box in world coordinates: no transform of its own (placement() below).
template <Scalar S>
struct Aabb3 {
  using Scalar = S;
  Vec3<S> min{-1, -1, -1};
  Vec3<S> max{1, 1, 1};

  [[nodiscard]] Vec3<S> coreSupport(Vec3<S> d) const {
    return {d.x >= S(0) ? max.x : min.x, d.y >= S(0) ? max.y : min.y, d.z >= S(0) ? max.z : min.z};
  }
  [[nodiscard]] S coreRadius() const { return S(0); }
  [[nodiscard]] Vec3<S> support(Vec3<S> d) const { return coreSupport(d); }
  [[nodiscard]] Vec3<S> centroid() const { return S(0.5) * (min + max); }
  [[nodiscard]] Vec3<S> halfExtents() const { return S(0.5) * (max - min); }
};

// Oriented box centred on its local origin; the collider's transform orients it.
template <Scalar S>
struct Box3 {
  using Scalar = S;
  Vec3<S> halfExtents{1, 1, 1};

  [[nodiscard]] Vec3<S> coreSupport(Vec3<S> d) const {
    const Vec3<S> h = halfExtents;
    return {d.x >= S(0) ? h.x : -h.x, d.y >= S(0) ? h.y : -h.y, d.z >= S(0) ? h.z : -h.z};
  }
  [[nodiscard]] S coreRadius() const { return S(0); }
  [[nodiscard]] Vec3<S> support(Vec3<S> d) const { return coreSupport(d); }
  [[nodiscard]] Vec3<S> centroid() const { return {}; }
  // Corner i has the sign of +x when bit 0 of i is set, +y for bit 1, +z for bit 2.
  [[nodiscard]] std::array<Vec3<S>, 8> corners() const {
    std::array<Vec3<S>, 8> result{};
    for (int i = 0; i < 8; ++i) {
      result[i] = {(i & 1) ? halfExtents.x : -halfExtents.x, (i & 2) ? halfExtents.y : -halfExtents.y,
                   (i & 4) ? halfExtents.z : -halfExtents.z};
    }
    return result;
  }
};

// [SECTION] Capsule3, Cylinder

template <Scalar S>
struct Capsule3 {
  using Scalar = S;
  Vec3<S> a{0, -1, 0};
  Vec3<S> b{0, 1, 0};
  S radius{S(0.5)};

  [[nodiscard]] Vec3<S> coreSupport(Vec3<S> d) const { return detail::farther(a, b, d); }
  [[nodiscard]] S coreRadius() const { return radius; }
  [[nodiscard]] Vec3<S> support(Vec3<S> d) const { return detail::roundSupport(coreSupport(d), radius, d); }
  [[nodiscard]] Vec3<S> centroid() const { return S(0.5) * (a + b); }
};

// A solid cylinder along local y, centred on the origin. Its support is exact: the cap along sign(d.y), then the
// rim point along d's part in the xz plane (van den Bergen 2003, 4.3.2: a cylinder's support mapping).
template <Scalar S>
struct Cylinder {
  using Scalar = S;
  static constexpr bool kCurved = true;  // its rims: EPA closes in on them (kCurvedSupport, epa3.h)
  S halfHeight{1};
  S radius{S(0.5)};

  [[nodiscard]] Vec3<S> support(Vec3<S> d) const {
    const S y = d.y >= S(0) ? halfHeight : -halfHeight;
    const S radial = std::sqrt(d.x * d.x + d.z * d.z);
    if (!(radial > S(0))) return {S(0), y, S(0)};  // d along the axis: the cap's centre
    const S scale = radius / radial;
    return {scale * d.x, y, scale * d.z};
  }
  [[nodiscard]] Vec3<S> coreSupport(Vec3<S> d) const { return support(d); }
  [[nodiscard]] S coreRadius() const { return S(0); }
  [[nodiscard]] Vec3<S> centroid() const { return {}; }
};

// [SECTION] Hull

// A face of a hull: its outward unit normal and plane offset (dot(normal, p) = offset on the face), and its
// vertices, counter-clockwise seen from outside, as indices into Hull::faceVertices[first, first + count).
template <Scalar S>
struct HullFace {
  Vec3<S> normal{};
  S offset{};
  int first = 0;
  int count = 0;
};

// An edge of a hull, each once: its two vertices and the two faces that meet there (SAT's edge axes and the Gauss
// map's arcs between face normals). a -> b runs counter-clockwise in faceA (b -> a in faceB), so the direction
// b - a is parallel to cross(faceA normal, faceB normal).
struct HullEdge {
  int a = 0, b = 0;
  int faceA = 0, faceB = 0;
};

namespace detail {
// A hull's support: the same vertex as farthestOf (shapes.h), the first of largest dot product with a NaN product
// passed over (and vertices[0] kept when its own is NaN), found without a branch on the data. The arg-max's
// branches follow the direction, which GJK and EPA change at every call: in gjkEpa3 on 32-point hulls they
// mispredicted so often that the whole query cost 1.1 us more than its two halves timed apart. So the scan runs
// in SSE2 lanes (every x86-64 processor has them), four points at a time, each lane a compare, a max and a masked
// index; the lanes are merged at the end with ties to the lower index, so the answer is the first maximum. The
// products are formed as dot() forms them, (x dx + y dy) + z dz, so the values are the same bits. The scan reads
// the hull's `lanes`, its vertices stored as four x, four y, four z (Jolt's ConvexHullShape scans its points in
// the same blocks): transposing them from the stored Vec3s took five shuffles per four points, a third of the scan.
// Without SSE2 (or in long double) it is farthestOf itself.

// The vertices in blocks of four points, x0 x1 x2 x3 y0 y1 y2 y3 z0 z1 z2 z3, the last block padded with copies of
// vertex 0 (which never beat vertex 0 itself: a tie goes to the lower index).
[[nodiscard]] constexpr std::size_t laneSize(std::size_t vertexCount) { return 12 * ((vertexCount + 3) / 4); }

template <Scalar S>
[[nodiscard]] inline std::vector<S> supportLanes(const std::vector<Vec3<S>>& vertices) {
  std::vector<S> lanes(laneSize(vertices.size()));
  for (std::size_t block = 0; block * 4 < vertices.size(); ++block) {
    for (std::size_t k = 0; k < 4; ++k) {
      const std::size_t i = block * 4 + k;
      const Vec3<S> v = i < vertices.size() ? vertices[i] : vertices[0];
      lanes[12 * block + k] = v.x;
      lanes[12 * block + 4 + k] = v.y;
      lanes[12 * block + 8 + k] = v.z;
    }
  }
  return lanes;
}

#if defined(__SSE2__)
// The index of the farthest vertex along d, from supportLanes() of count >= 1 vertices.
[[nodiscard]] [[gnu::always_inline]] inline int farthestLaneIndex(const float* lanes, int count, Vec3<float> d) {
  const float first = (lanes[0] * d.x + lanes[4] * d.y) + lanes[8] * d.z;  // dot(vertices[0], d)
  if (std::isnan(first)) return 0;
  const __m128 dx = _mm_set1_ps(d.x), dy = _mm_set1_ps(d.y), dz = _mm_set1_ps(d.z);
  __m128 best = _mm_set1_ps(first);
  __m128i bestIndex = _mm_setzero_si128();
  __m128i index = _mm_setr_epi32(0, 1, 2, 3);
  const float* const end = lanes + laneSize(static_cast<std::size_t>(count));
  for (const float* p = lanes; p != end; p += 12) {
    const __m128 value = _mm_add_ps(_mm_add_ps(_mm_mul_ps(_mm_loadu_ps(p), dx), _mm_mul_ps(_mm_loadu_ps(p + 4), dy)),
                                    _mm_mul_ps(_mm_loadu_ps(p + 8), dz));
    const __m128i wins = _mm_castps_si128(_mm_cmpgt_ps(value, best));  // false on NaN
    best = _mm_max_ps(value, best);                                     // best on NaN
    bestIndex = _mm_or_si128(_mm_and_si128(wins, index), _mm_andnot_si128(wins, bestIndex));
    index = _mm_add_epi32(index, _mm_set1_epi32(4));
  }
  // The lanes merged without a branch (a branch here follows the direction, as the scan's would): the largest
  // value into every lane, then the smallest index among the lanes that hold it (a lane never holds NaN).
  __m128 top = _mm_max_ps(best, _mm_shuffle_ps(best, best, _MM_SHUFFLE(2, 3, 0, 1)));
  top = _mm_max_ps(top, _mm_shuffle_ps(top, top, _MM_SHUFFLE(1, 0, 3, 2)));
  const __m128i holds = _mm_castps_si128(_mm_cmpeq_ps(best, top));
  __m128i at = _mm_or_si128(_mm_and_si128(holds, bestIndex), _mm_andnot_si128(holds, _mm_set1_epi32(0x7fffffff)));
  const auto lower = [](__m128i a, __m128i b) {
    const __m128i less = _mm_cmplt_epi32(b, a);
    return _mm_or_si128(_mm_and_si128(less, b), _mm_andnot_si128(less, a));
  };
  at = lower(at, _mm_shuffle_epi32(at, _MM_SHUFFLE(2, 3, 0, 1)));
  at = lower(at, _mm_shuffle_epi32(at, _MM_SHUFFLE(1, 0, 3, 2)));
  return _mm_cvtsi128_si32(at);
}

[[nodiscard]] [[gnu::always_inline]] inline int farthestLaneIndex(const double* lanes, int count, Vec3<double> d) {
  const double first = (lanes[0] * d.x + lanes[4] * d.y) + lanes[8] * d.z;  // dot(vertices[0], d)
  if (std::isnan(first)) return 0;
  const __m128d dx = _mm_set1_pd(d.x), dy = _mm_set1_pd(d.y), dz = _mm_set1_pd(d.z);
  // Two points per register: lanes 0-1 and lanes 2-3 of each block, indices held as doubles (exact).
  __m128d best[2] = {_mm_set1_pd(first), _mm_set1_pd(first)};
  __m128d bestIndex[2] = {_mm_setzero_pd(), _mm_setzero_pd()};
  __m128d index[2] = {_mm_setr_pd(0.0, 1.0), _mm_setr_pd(2.0, 3.0)};
  const double* const end = lanes + laneSize(static_cast<std::size_t>(count));
  for (const double* p = lanes; p != end; p += 12) {
    for (int half = 0; half < 2; ++half) {
      const double* q = p + 2 * half;
      const __m128d value = _mm_add_pd(_mm_add_pd(_mm_mul_pd(_mm_loadu_pd(q), dx), _mm_mul_pd(_mm_loadu_pd(q + 4), dy)),
                                       _mm_mul_pd(_mm_loadu_pd(q + 8), dz));
      const __m128d wins = _mm_cmpgt_pd(value, best[half]);
      best[half] = _mm_max_pd(value, best[half]);
      bestIndex[half] = _mm_or_pd(_mm_and_pd(wins, index[half]), _mm_andnot_pd(wins, bestIndex[half]));
      index[half] = _mm_add_pd(index[half], _mm_set1_pd(4.0));
    }
  }
  // Merged as the float lanes are: the largest value, then the smallest index that holds it.
  __m128d top = _mm_max_pd(best[0], best[1]);
  top = _mm_max_pd(top, _mm_shuffle_pd(top, top, 1));
  const auto indexIfTop = [top](__m128d value, __m128d at) {
    const __m128d holds = _mm_cmpeq_pd(value, top);
    return _mm_or_pd(_mm_and_pd(holds, at), _mm_andnot_pd(holds, _mm_set1_pd(std::numeric_limits<double>::infinity())));
  };
  __m128d at = _mm_min_pd(indexIfTop(best[0], bestIndex[0]), indexIfTop(best[1], bestIndex[1]));
  at = _mm_min_pd(at, _mm_shuffle_pd(at, at, 1));
  return static_cast<int>(_mm_cvtsd_f64(at));
}
#endif

// The farthest of vertices[0, count) along d, scanning `lanes` when they are supportLanes() of those vertices.
// Forced inline, scan and all: called, it returned its Vec3 through memory and GJK distance on 32-point float hulls
// ran 16% slower (1380 against 1155 ns).
template <Scalar S>
[[nodiscard]] [[gnu::always_inline]] inline Vec3<S> farthestVertex(const std::vector<Vec3<S>>& vertices,
                                                                   const std::vector<S>& lanes, Vec3<S> d) {
  const int count = static_cast<int>(vertices.size());
#if defined(__SSE2__)
  if constexpr (std::is_same_v<S, float> || std::is_same_v<S, double>) {
    if (count > 0 && lanes.size() == laneSize(vertices.size())) {
      // Read back from the lanes, the same numbers as vertices[i] and already in cache (the vertices are not).
      const auto i = static_cast<std::size_t>(farthestLaneIndex(lanes.data(), count, d));
      const S* const x = lanes.data() + 12 * (i / 4) + i % 4;
      return {x[0], x[4], x[8]};
    }
  }
#endif
  return farthestOf(vertices.data(), count, d);
}
}  // namespace detail

// A convex polyhedron in its local frame. Build it with makeHull (hull3.h): Quickhull over a point cloud, or the
// points kept as given when they already are a hull. The fields are public for reading; `lanes` is written with
// `vertices` (makeHull, castShape), so a hull whose vertices change is built again, not edited in place.
template <Scalar S>
struct Hull {
  using Scalar = S;
  std::vector<Vec3<S>> vertices;
  std::vector<HullFace<S>> faces;
  std::vector<int> faceVertices;
  std::vector<HullEdge> edges;
  Vec3<S> center{};    // the vertices' mean: a point strictly inside
  std::vector<S> lanes;  // detail::supportLanes(vertices), what the support scans; without it, the plain scan
  // The points the hull was built from when Quickhull dropped some (inner, duplicate, on a face): what a scene saves,
  // so the input is not lost with them. Empty when every point given is a vertex. No algorithm reads it.
  std::vector<Vec3<S>> givenPoints;

  [[nodiscard]] Vec3<S> coreSupport(Vec3<S> d) const { return detail::farthestVertex(vertices, lanes, d); }
  [[nodiscard]] S coreRadius() const { return S(0); }
  [[nodiscard]] Vec3<S> support(Vec3<S> d) const { return coreSupport(d); }
  [[nodiscard]] Vec3<S> centroid() const { return center; }
};

// [SECTION] Mesh

// A triangle mesh: not convex, so no support function (GJK, EPA and SAT refuse it; the mid phase takes it).
template <Scalar S>
struct Mesh {
  using Scalar = S;
  std::vector<Vec3<S>> vertices;
  std::vector<std::array<int, 3>> triangles;  // indices into vertices, counter-clockwise seen from outside
};

// [SECTION] Shape3 variant and Collider3

template <Scalar S>
using Shape3 = std::variant<Point3<S>, Segment3<S>, Triangle3<S>, Sphere<S>, Aabb3<S>, Box3<S>, Capsule3<S>,
                            Cylinder<S>, Hull<S>, Mesh<S>>;

// The names used by the JSON format and the CLI, in variant order.
inline constexpr std::array<std::string_view, 10> kShape3TypeNames = {
    "point", "segment", "triangle", "sphere", "aabb", "box", "capsule", "cylinder", "hull", "mesh"};

template <Scalar S>
[[nodiscard]] std::string_view shapeTypeName(const Shape3<S>& shape) {
  return kShape3TypeNames[shape.index()];
}

// Whether a shape has a support function (every 3D shape but the mesh).
template <class T>
inline constexpr bool kHasSupport = !std::is_same_v<T, Mesh<typename T::Scalar>>;

// A shape placed in space. For an Aabb3 the transform is unused (placement() below).
template <Scalar S>
struct Collider3 {
  using Scalar = S;
  Shape3<S> shape{Sphere<S>{}};
  Transform3<S> transform{};
};

// [SECTION] Placement

template <Scalar S>
[[nodiscard]] bool isPlaced(const Shape3<S>& shape) {
  return !std::holds_alternative<Aabb3<S>>(shape);
}

// The transform from the shape's local frame to the world: the collider's, or the identity for an Aabb3.
template <Scalar S>
[[nodiscard]] Transform3<S> placement(const Collider3<S>& collider) {
  return isPlaced(collider.shape) ? collider.transform : Transform3<S>::identity();
}

// [SECTION] Validity

namespace detail {
template <Scalar S>
[[nodiscard]] inline ShapeCheck checkPoint(Vec3<S> point, ShapeField field) {
  if (const ShapeCheck x = checkNumber(point.x, field); !x) return x;
  if (const ShapeCheck y = checkNumber(point.y, field); !y) return y;
  return checkNumber(point.z, field);
}

// Every point finite and in range; the first bad one is named by its index.
template <Scalar S>
[[nodiscard]] inline ShapeCheck checkPoints(const std::vector<Vec3<S>>& points, ShapeField field) {
  for (std::size_t i = 0; i < points.size(); ++i) {
    ShapeCheck check = checkPoint(points[i], field);
    if (!check) {
      check.vertex = static_cast<int>(i);
      return check;
    }
  }
  return {};
}
}  // namespace detail

template <Scalar S>
[[nodiscard]] ShapeCheck isValid(const Point3<S>& point) {
  return detail::checkPoint(point.position, ShapeField::Position);
}

template <Scalar S>
[[nodiscard]] ShapeCheck isValid(const Segment3<S>& segment) {
  const ShapeCheck a = detail::checkPoint(segment.a, ShapeField::EndA);
  return a ? detail::checkPoint(segment.b, ShapeField::EndB) : a;
}

template <Scalar S>
[[nodiscard]] ShapeCheck isValid(const Triangle3<S>& triangle) {
  if (const ShapeCheck a = detail::checkPoint(triangle.a, ShapeField::EndA); !a) return a;
  if (const ShapeCheck b = detail::checkPoint(triangle.b, ShapeField::EndB); !b) return b;
  return detail::checkPoint(triangle.c, ShapeField::EndC);
}

template <Scalar S>
[[nodiscard]] ShapeCheck isValid(const Sphere<S>& sphere) {
  const ShapeCheck center = detail::checkPoint(sphere.center, ShapeField::Center);
  return center ? detail::checkSize(sphere.radius, ShapeField::Radius) : center;
}

template <Scalar S>
[[nodiscard]] ShapeCheck isValid(const Aabb3<S>& aabb) {
  if (const ShapeCheck min = detail::checkPoint(aabb.min, ShapeField::Min); !min) return min;
  if (const ShapeCheck max = detail::checkPoint(aabb.max, ShapeField::Max); !max) return max;
  if (!(aabb.min.x <= aabb.max.x && aabb.min.y <= aabb.max.y && aabb.min.z <= aabb.max.z)) {
    return {ShapeFault::MinAboveMax, ShapeField::Min};
  }
  return {};
}

template <Scalar S>
[[nodiscard]] ShapeCheck isValid(const Box3<S>& box) {
  if (const ShapeCheck x = detail::checkSize(box.halfExtents.x, ShapeField::HalfExtents); !x) return x;
  if (const ShapeCheck y = detail::checkSize(box.halfExtents.y, ShapeField::HalfExtents); !y) return y;
  return detail::checkSize(box.halfExtents.z, ShapeField::HalfExtents);
}

template <Scalar S>
[[nodiscard]] ShapeCheck isValid(const Capsule3<S>& capsule) {
  if (const ShapeCheck a = detail::checkPoint(capsule.a, ShapeField::EndA); !a) return a;
  if (const ShapeCheck b = detail::checkPoint(capsule.b, ShapeField::EndB); !b) return b;
  return detail::checkSize(capsule.radius, ShapeField::Radius);
}

template <Scalar S>
[[nodiscard]] ShapeCheck isValid(const Cylinder<S>& cylinder) {
  const ShapeCheck height = detail::checkSize(cylinder.halfHeight, ShapeField::HalfHeight);
  return height ? detail::checkSize(cylinder.radius, ShapeField::Radius) : height;
}

// A hull as makeHull builds it: at least 4 vertices and 4 faces, every vertex in range, every face index valid,
// every face normal finite, every edge naming existing vertices and faces (SAT reads them without checks).
template <Scalar S>
[[nodiscard]] ShapeCheck isValid(const Hull<S>& hull) {
  if (hull.vertices.size() < 4 || hull.faces.size() < 4) {
    return {ShapeFault::VertexCount, ShapeField::Points, static_cast<double>(hull.vertices.size())};
  }
  if (const ShapeCheck points = detail::checkPoints(hull.vertices, ShapeField::Points); !points) return points;
  for (std::size_t i = 0; i < hull.faceVertices.size(); ++i) {
    const int index = hull.faceVertices[i];
    if (index < 0 || static_cast<std::size_t>(index) >= hull.vertices.size()) {
      return {ShapeFault::IndexRange, ShapeField::Points, static_cast<double>(index), static_cast<int>(i)};
    }
  }
  for (const HullFace<S>& face : hull.faces) {
    if (!isFinite(face.normal) || !std::isfinite(face.offset)) return {ShapeFault::NotFinite, ShapeField::Points};
  }
  const auto outside = [](int index, std::size_t count) { return index < 0 || static_cast<std::size_t>(index) >= count; };
  for (std::size_t i = 0; i < hull.edges.size(); ++i) {
    const HullEdge& edge = hull.edges[i];
    if (outside(edge.a, hull.vertices.size()) || outside(edge.b, hull.vertices.size()) ||
        outside(edge.faceA, hull.faces.size()) || outside(edge.faceB, hull.faces.size())) {
      return {ShapeFault::IndexRange, ShapeField::Points, static_cast<double>(i), static_cast<int>(i)};
    }
  }
  return {};
}

// A mesh: vertices in range and every triangle's indices naming a vertex (`vertex` is the triangle at fault).
template <Scalar S>
[[nodiscard]] ShapeCheck isValid(const Mesh<S>& mesh) {
  if (mesh.vertices.empty() || mesh.triangles.empty()) {
    return {ShapeFault::VertexCount, mesh.vertices.empty() ? ShapeField::Vertices : ShapeField::Triangles, 0.0};
  }
  if (const ShapeCheck points = detail::checkPoints(mesh.vertices, ShapeField::Vertices); !points) return points;
  for (std::size_t t = 0; t < mesh.triangles.size(); ++t) {
    for (const int index : mesh.triangles[t]) {
      if (index < 0 || static_cast<std::size_t>(index) >= mesh.vertices.size()) {
        return {ShapeFault::IndexRange, ShapeField::Triangles, static_cast<double>(index), static_cast<int>(t)};
      }
    }
  }
  return {};
}

// A placement: a position in range and a finite, non-zero rotation (readers normalise it; see normalized()).
template <Scalar S>
[[nodiscard]] ShapeCheck isValid(const Transform3<S>& transform) {
  if (const ShapeCheck position = detail::checkPoint(transform.p, ShapeField::Position); !position) return position;
  if (!isFinite(transform.q)) return {ShapeFault::NotFinite, ShapeField::Rotation};
  const S norm = transform.q.x * transform.q.x + transform.q.y * transform.q.y + transform.q.z * transform.q.z +
                 transform.q.w * transform.q.w;
  if (!(std::abs(norm - S(1)) <= S(1e-3))) return {ShapeFault::NotUnit, ShapeField::Rotation, static_cast<double>(norm)};
  return {};
}

template <Scalar S>
[[nodiscard]] ShapeCheck isValid(const Shape3<S>& shape) {
  return std::visit([](const auto& alternative) { return isValid(alternative); }, shape);
}

template <Scalar S>
[[nodiscard]] ShapeCheck isValid(const Collider3<S>& collider) {
  if (isPlaced(collider.shape)) {
    if (const ShapeCheck transform = isValid(collider.transform); !transform) return transform;
  }
  return isValid(collider.shape);
}

// [SECTION] Bounds of a placed shape

// The world box of a collider: extreme points along the six world axes by the support function (Ericson 4.2.6);
// a mesh by its vertices.
template <Scalar S>
[[nodiscard]] Bounds<S, 3> bounds(const Collider3<S>& collider) {
  const Transform3<S> xf = placement(collider);
  return std::visit(
      [&](const auto& shape) -> Bounds<S, 3> {
        using T = std::decay_t<decltype(shape)>;
        Bounds<S, 3> box;
        if constexpr (kHasSupport<T>) {
          for (int axis = 0; axis < 3; ++axis) {
            Vec3<S> direction{};
            (axis == 0 ? direction.x : (axis == 1 ? direction.y : direction.z)) = S(1);
            const Vec3<S> high = xf.apply(shape.support(xf.q.applyInverse(direction)));
            const Vec3<S> low = xf.apply(shape.support(xf.q.applyInverse(-direction)));
            box.min[axis] = axis == 0 ? low.x : (axis == 1 ? low.y : low.z);
            box.max[axis] = axis == 0 ? high.x : (axis == 1 ? high.y : high.z);
          }
        } else {
          for (int axis = 0; axis < 3; ++axis) {
            box.min[axis] = std::numeric_limits<S>::infinity();
            box.max[axis] = -std::numeric_limits<S>::infinity();
          }
          for (const Vec3<S>& local : shape.vertices) {
            const Vec3<S> p = xf.apply(local);
            const S coordinates[3] = {p.x, p.y, p.z};
            for (int axis = 0; axis < 3; ++axis) {
              box.min[axis] = std::min(box.min[axis], coordinates[axis]);
              box.max[axis] = std::max(box.max[axis], coordinates[axis]);
            }
          }
        }
        return box;
      },
      collider.shape);
}

// [SECTION] Scalar conversion

// The same shape in another scalar, field by field (a hull's normals renormalised in the new scalar).
template <Scalar T, Scalar S>
[[nodiscard]] Shape3<T> castShape(const Shape3<S>& shape) {
  const auto points = [](const std::vector<Vec3<S>>& source) {
    std::vector<Vec3<T>> out;
    out.reserve(source.size());
    for (const Vec3<S>& p : source) out.push_back(p.template cast<T>());
    return out;
  };
  return std::visit(
      [&](const auto& s) -> Shape3<T> {
        using Source = std::decay_t<decltype(s)>;
        if constexpr (std::is_same_v<Source, Point3<S>>) {
          return Point3<T>{s.position.template cast<T>()};
        } else if constexpr (std::is_same_v<Source, Segment3<S>>) {
          return Segment3<T>{s.a.template cast<T>(), s.b.template cast<T>()};
        } else if constexpr (std::is_same_v<Source, Triangle3<S>>) {
          return Triangle3<T>{s.a.template cast<T>(), s.b.template cast<T>(), s.c.template cast<T>()};
        } else if constexpr (std::is_same_v<Source, Sphere<S>>) {
          return Sphere<T>{s.center.template cast<T>(), static_cast<T>(s.radius)};
        } else if constexpr (std::is_same_v<Source, Aabb3<S>>) {
          return Aabb3<T>{s.min.template cast<T>(), s.max.template cast<T>()};
        } else if constexpr (std::is_same_v<Source, Box3<S>>) {
          return Box3<T>{s.halfExtents.template cast<T>()};
        } else if constexpr (std::is_same_v<Source, Capsule3<S>>) {
          return Capsule3<T>{s.a.template cast<T>(), s.b.template cast<T>(), static_cast<T>(s.radius)};
        } else if constexpr (std::is_same_v<Source, Cylinder<S>>) {
          return Cylinder<T>{static_cast<T>(s.halfHeight), static_cast<T>(s.radius)};
        } else if constexpr (std::is_same_v<Source, Hull<S>>) {
          Hull<T> out;
          out.vertices = points(s.vertices);
          out.lanes = detail::supportLanes(out.vertices);
          out.faceVertices = s.faceVertices;
          out.edges = s.edges;
          out.center = s.center.template cast<T>();
          out.givenPoints = points(s.givenPoints);
          for (const HullFace<S>& face : s.faces) {
            out.faces.push_back({normalize(face.normal.template cast<T>()), static_cast<T>(face.offset), face.first,
                                 face.count});
          }
          return out;
        } else {
          return Mesh<T>{points(s.vertices), s.triangles};
        }
      },
      shape);
}

template <Scalar T, Scalar S>
[[nodiscard]] Collider3<T> castCollider(const Collider3<S>& collider) {
  return {castShape<T>(collider.shape), collider.transform.template cast<T>()};
}

}  // namespace collide
