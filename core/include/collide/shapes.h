// collide/shapes.h: the eight 2D shapes, each a plain struct in its local frame, and Collider (shape + pose).
//
// Every convex shape answers three questions that GJK and EPA need (the SupportShape concept in support.h):
//   support(d)      the farthest point of the whole shape along d (article 000: "support function");
//   coreSupport(d)  the farthest point of its polytope core (a circle's centre, a capsule's segment);
//   coreRadius()    the rounding around that core, so that support(d) = coreSupport(d) + coreRadius() * d/|d|.
// GJK distance runs on cores and subtracts the radii, exact and fast (Box2D's b2DistanceProxy does the same);
// GJK boolean and EPA use the whole shape, as the article does.
//
// [SECTION] Point, Segment, Circle
// [SECTION] Aabb, Box
// [SECTION] Capsule
// [SECTION] Polygon
// [SECTION] Sector
// [SECTION] Shape variant and Collider
#pragma once

#include <array>
#include <numbers>
#include <string>
#include <string_view>
#include <variant>

#include "collide/math.h"

namespace collide {

namespace detail {
template <Scalar S>
[[nodiscard]] inline Vec2<S> roundSupport(Vec2<S> corePoint, S radius, Vec2<S> direction) {
  if (radius == S(0)) return corePoint;
  return corePoint + radius * normalize(direction);
}

template <Scalar S>
[[nodiscard]] constexpr Vec2<S> farther(Vec2<S> a, Vec2<S> b, Vec2<S> direction) {
  return dot(b, direction) > dot(a, direction) ? b : a;
}
}  // namespace detail

// [SECTION] Point, Segment, Circle

template <Scalar S>
struct Point {
  using Scalar = S;
  Vec2<S> position{};  // local frame; usually the origin, the collider's transform places it

  [[nodiscard]] Vec2<S> coreSupport(Vec2<S>) const { return position; }
  [[nodiscard]] S coreRadius() const { return S(0); }
  [[nodiscard]] Vec2<S> support(Vec2<S>) const { return position; }
  [[nodiscard]] Vec2<S> centroid() const { return position; }
};

template <Scalar S>
struct Segment {
  using Scalar = S;
  Vec2<S> a{-1, 0};
  Vec2<S> b{1, 0};

  [[nodiscard]] Vec2<S> coreSupport(Vec2<S> d) const { return detail::farther(a, b, d); }
  [[nodiscard]] S coreRadius() const { return S(0); }
  [[nodiscard]] Vec2<S> support(Vec2<S> d) const { return coreSupport(d); }
  [[nodiscard]] Vec2<S> centroid() const { return S(0.5) * (a + b); }
};

template <Scalar S>
struct Circle {
  using Scalar = S;
  Vec2<S> center{};
  S radius{1};

  [[nodiscard]] Vec2<S> coreSupport(Vec2<S>) const { return center; }
  [[nodiscard]] S coreRadius() const { return radius; }
  [[nodiscard]] Vec2<S> support(Vec2<S> d) const { return detail::roundSupport(center, radius, d); }
  [[nodiscard]] Vec2<S> centroid() const { return center; }
};

// [SECTION] Aabb, Box

// Axis-aligned box in world coordinates: it has no transform of its own (a Collider's transform is ignored).
template <Scalar S>
struct Aabb {
  using Scalar = S;
  Vec2<S> min{-1, -1};
  Vec2<S> max{1, 1};

  [[nodiscard]] Vec2<S> coreSupport(Vec2<S> d) const {
    return {d.x >= S(0) ? max.x : min.x, d.y >= S(0) ? max.y : min.y};
  }
  [[nodiscard]] S coreRadius() const { return S(0); }
  [[nodiscard]] Vec2<S> support(Vec2<S> d) const { return coreSupport(d); }
  [[nodiscard]] Vec2<S> centroid() const { return S(0.5) * (min + max); }
  [[nodiscard]] Vec2<S> center() const { return centroid(); }
  [[nodiscard]] Vec2<S> halfExtents() const { return S(0.5) * (max - min); }
};

// Oriented box centred on its local origin; the collider's transform orients it.
template <Scalar S>
struct Box {
  using Scalar = S;
  Vec2<S> halfExtents{1, 1};

  [[nodiscard]] Vec2<S> coreSupport(Vec2<S> d) const {
    return {d.x >= S(0) ? halfExtents.x : -halfExtents.x, d.y >= S(0) ? halfExtents.y : -halfExtents.y};
  }
  [[nodiscard]] S coreRadius() const { return S(0); }
  [[nodiscard]] Vec2<S> support(Vec2<S> d) const { return coreSupport(d); }
  [[nodiscard]] Vec2<S> centroid() const { return {}; }
  // Corners counter-clockwise from (-x, -y), in the local frame.
  [[nodiscard]] std::array<Vec2<S>, 4> corners() const {
    const Vec2<S> h = halfExtents;
    return {Vec2<S>{-h.x, -h.y}, Vec2<S>{h.x, -h.y}, Vec2<S>{h.x, h.y}, Vec2<S>{-h.x, h.y}};
  }
};

// [SECTION] Capsule

template <Scalar S>
struct Capsule {
  using Scalar = S;
  Vec2<S> a{-1, 0};
  Vec2<S> b{1, 0};
  S radius{S(0.5)};

  [[nodiscard]] Vec2<S> coreSupport(Vec2<S> d) const { return detail::farther(a, b, d); }
  [[nodiscard]] S coreRadius() const { return radius; }
  [[nodiscard]] Vec2<S> support(Vec2<S> d) const { return detail::roundSupport(coreSupport(d), radius, d); }
  [[nodiscard]] Vec2<S> centroid() const { return S(0.5) * (a + b); }
};

// [SECTION] Polygon

inline constexpr int kMaxPolygonVertices = 64;

// A convex polygon, counter-clockwise, no duplicate or collinear vertices. Build it with makePolygon
// (polygon.h), which validates the outline or builds the hull; the fields are public for reading.
template <Scalar S>
struct Polygon {
  using Scalar = S;
  std::array<Vec2<S>, kMaxPolygonVertices> vertices{};
  std::array<Vec2<S>, kMaxPolygonVertices> normals{};  // normals[i]: outward unit normal of edge i -> i+1
  Vec2<S> center{};                                    // area centroid
  int count = 0;

  [[nodiscard]] Vec2<S> coreSupport(Vec2<S> d) const {
    int best = 0;
    S bestValue = dot(vertices[0], d);
    for (int i = 1; i < count; ++i) {
      const S value = dot(vertices[i], d);
      if (value > bestValue) {
        best = i;
        bestValue = value;
      }
    }
    return vertices[best];
  }
  [[nodiscard]] S coreRadius() const { return S(0); }
  [[nodiscard]] Vec2<S> support(Vec2<S> d) const { return coreSupport(d); }
  [[nodiscard]] Vec2<S> centroid() const { return center; }
};

// [SECTION] Sector

// A circular sector ("fan"): apex at the local origin, axis along local +x, spanning +-halfAngle.
// Convex only while halfAngle <= 90 degrees; wider ones are refused by the support-based algorithms
// (GJK, EPA, SAT) and handled by the analytic circle-sector test alone (article 001).
template <Scalar S>
struct Sector {
  using Scalar = S;
  S radius{1};
  S halfAngle{std::numbers::pi_v<S> / S(4)};

  [[nodiscard]] bool isConvex() const { return halfAngle <= std::numbers::pi_v<S> / S(2) * (S(1) + kEpsilon<S>); }
  [[nodiscard]] Vec2<S> arcStart() const { return radius * Vec2<S>{std::cos(halfAngle), -std::sin(halfAngle)}; }
  [[nodiscard]] Vec2<S> arcEnd() const { return radius * Vec2<S>{std::cos(halfAngle), std::sin(halfAngle)}; }

  // Farthest point of the sector's convex hull: the apex, an arc end, or the arc point along d.
  [[nodiscard]] Vec2<S> support(Vec2<S> d) const {
    const Vec2<S> unit = normalize(d);
    if (unit.x >= std::cos(halfAngle)) return radius * unit;  // d points inside the arc's span
    const Vec2<S> end = detail::farther(arcStart(), arcEnd(), d);
    return dot(end, d) > S(0) ? end : Vec2<S>{};
  }
  [[nodiscard]] Vec2<S> coreSupport(Vec2<S> d) const { return support(d); }
  [[nodiscard]] S coreRadius() const { return S(0); }
  [[nodiscard]] Vec2<S> centroid() const { return {S(0.5) * radius, S(0)}; }
};

// [SECTION] Shape variant and Collider

template <Scalar S>
using Shape = std::variant<Point<S>, Segment<S>, Circle<S>, Aabb<S>, Box<S>, Capsule<S>, Polygon<S>, Sector<S>>;

// The names used by the JSON format, the CLI and the app, in variant order.
inline constexpr std::array<std::string_view, 8> kShapeTypeNames = {"point", "segment", "circle", "aabb",
                                                                    "box",   "capsule", "polygon", "sector"};

template <Scalar S>
[[nodiscard]] std::string_view shapeTypeName(const Shape<S>& shape) {
  return kShapeTypeNames[shape.index()];
}

// The rounding around a shape's polytope core (a circle's or capsule's radius; 0 for the others).
template <Scalar S>
[[nodiscard]] S coreRadius(const Shape<S>& shape) {
  return std::visit([](const auto& alternative) { return alternative.coreRadius(); }, shape);
}

// A shape placed in the world. For an Aabb the transform is unused: its corners are already in world space.
template <Scalar S>
struct Collider {
  using Scalar = S;
  Shape<S> shape{Circle<S>{}};
  Transform<S> transform{};
};

}  // namespace collide
