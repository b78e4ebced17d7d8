// collide/shapes.h: the eight 2D shapes, each a plain struct in its local frame, and Collider (shape + pose).
//
// Every convex shape answers three questions that GJK and EPA need (the SupportShape concept in support.h):
//   support(d)      the farthest point of the whole shape along d (Collision detection notes: "support function");
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
// [SECTION] Placement: the one place an Aabb ignores its transform
// [SECTION] Validity: isValid(shape) with the reason
// [SECTION] Bounds of a placed shape
#pragma once

#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numbers>
#include <type_traits>
#include <string>
#include <string_view>
#include <variant>

#include "collide/bounds.h"
#include "collide/math.h"
#include "collide/vector.h"

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

// The point of points[0..count) (count >= 1) farthest along d: the first of equals, as a plain scan keeping the
// best so far finds it (a NaN product is passed over, one at points[0] is kept). Two such scans run side by side,
// over the odd and the even points, and the better of their answers is taken: one scan is a chain of compare-and-max
// steps, each waiting for the last (about 7 cycles a point), and that chain was most of GJK's time on 8-gons. Two
// chains of half the length give the same point in about half the time.
template <Vector V>
[[nodiscard]] inline V farthestOf(const V* points, int count, V d) {
  using S = ScalarOf<V>;
  int even = 0;
  S evenValue = dot(points[0], d);
  int odd = count;  // none yet: loses every tie
  S oddValue = -std::numeric_limits<S>::infinity();
  int i = 1;
  for (; i + 1 < count; i += 2) {
    const S oddCandidate = dot(points[i], d);
    const S evenCandidate = dot(points[i + 1], d);
    if (oddCandidate > oddValue) {
      odd = i;
      oddValue = oddCandidate;
    }
    if (evenCandidate > evenValue) {
      even = i + 1;
      evenValue = evenCandidate;
    }
  }
  if (i < count) {
    const S oddCandidate = dot(points[i], d);
    if (oddCandidate > oddValue) {
      odd = i;
      oddValue = oddCandidate;
    }
  }
  const bool oddWins = oddValue > evenValue || (oddValue == evenValue && odd < even);
  return points[oddWins ? odd : even];
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

  [[nodiscard]] Vec2<S> coreSupport(Vec2<S> d) const { return detail::farthestOf(vertices.data(), count, d); }
  [[nodiscard]] S coreRadius() const { return S(0); }
  [[nodiscard]] Vec2<S> support(Vec2<S> d) const { return coreSupport(d); }
  [[nodiscard]] Vec2<S> centroid() const { return center; }
};

// [SECTION] Sector

// A circular sector ("fan"): apex at the local origin, axis along local +x, spanning +-halfAngle.
// Convex only while halfAngle <= 90 degrees; wider ones are refused by the support-based algorithms
// (GJK, EPA, SAT) and handled by the analytic circle-sector test alone (Shape intersection tests).
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

// A shape placed in the world. For an Aabb the transform is unused: its corners are already in world space
// (placement() below is where that rule lives).
template <Scalar S>
struct Collider {
  using Scalar = S;
  Shape<S> shape{Circle<S>{}};
  Transform<S> transform{};
};

// [SECTION] Placement: the one place an Aabb ignores its transform

// Whether a shape type is placed by a collider's transform. An Aabb is not: its min and max are world
// coordinates, so it has no position or angle of its own (it would not stay axis-aligned under a rotation).
template <class T>
inline constexpr bool kIsPlaced = !std::is_same_v<T, Aabb<typename T::Scalar>>;

template <Scalar S>
[[nodiscard]] bool isPlaced(const Shape<S>& shape) {
  return !std::holds_alternative<Aabb<S>>(shape);
}

// The transform that takes the shape's local frame to the world: the collider's, or the identity for an Aabb.
// Every algorithm and every picture reads a collider's pose through this.
template <Scalar S>
[[nodiscard]] Transform<S> placement(const Collider<S>& collider) {
  return isPlaced(collider.shape) ? collider.transform : Transform<S>::identity();
}

// [SECTION] Validity: isValid(shape) with the reason

// The largest magnitude of a coordinate, size or position the algorithms take. Beyond it the products they form
// can overflow: the Minkowski difference of two placed shapes spans up to 4 M, squared lengths reach 16 M^2, and
// the closest-point solver on a triangle multiplies two areas, (4 M)^4 (Ericson, Real-Time Collision Detection,
// 5.1.5; van den Bergen 2003, 4.3.3). 1e18 in double keeps that near 1e75; 1e9 in float keeps it at 2.6e38, under
// float's largest finite number, 3.4e38. README.md, "Command line", states the range.
template <Scalar S>
inline constexpr S kMaxCoordinate = std::is_same_v<S, float> ? S(1e9) : S(1e18);

// The property of a shape (or of its placement) that a check or a refusal is about.
enum class ShapeField : std::uint8_t {
  Whole,        // the shape as a whole
  Position,     // the placement's translation
  Angle,        // the placement's rotation
  Center,       // a circle's centre
  Radius,       // circle, capsule, sector
  EndA,         // segment, capsule: first end
  EndB,         // segment, capsule: second end
  Min,          // aabb
  Max,          // aabb
  HalfExtents,  // box
  Vertices,     // polygon, mesh
  HalfAngle,    // sector
  EndC,         // triangle (3D): third corner
  HalfHeight,   // cylinder (3D)
  Points,       // hull (3D)
  Triangles,    // mesh (3D): the index triples
  Rotation,     // a 3D placement's quaternion
};

enum class ShapeFault : std::uint8_t {
  None,
  NotFinite,       // NaN or infinite
  TooLarge,        // finite, but beyond kMaxCoordinate
  Negative,        // a radius or half extent below 0
  MinAboveMax,     // an aabb's min exceeds its max on some axis
  AngleRange,      // a sector's half angle outside [0, pi]
  VertexCount,     // a polygon with fewer than 3 or more than kMaxPolygonVertices vertices; a hull or mesh too small
  IndexRange,      // a hull face or mesh triangle names a vertex that does not exist
  NotUnit,         // a quaternion far from unit length (|q|^2 in value)
};

// What isValid found: ok() or the fault, the field and the number at fault. No allocation: the kernels (SAT, the
// analytic tests) check every call; describe() (query.h) turns it into a sentence.
struct ShapeCheck {
  ShapeFault fault = ShapeFault::None;
  ShapeField field = ShapeField::Whole;
  double value = 0;  // TooLarge, Negative, AngleRange, NotUnit: the number; VertexCount: the count; IndexRange: the index
  int vertex = -1;   // Vertices, Points: the vertex at fault; Triangles: the triangle at fault

  [[nodiscard]] constexpr bool ok() const { return fault == ShapeFault::None; }
  constexpr explicit operator bool() const { return ok(); }
};

namespace detail {

// One comparison on the valid path (NaN and infinity fail it too): the kernels check every call.
template <Scalar S>
[[nodiscard]] inline ShapeCheck checkNumber(S value, ShapeField field) {
  if (std::abs(value) <= kMaxCoordinate<S>) [[likely]] return {};
  if (!std::isfinite(value)) return {ShapeFault::NotFinite, field};
  return {ShapeFault::TooLarge, field, static_cast<double>(value)};
}

// |x| as an integer that orders like it: IEEE 754 orders non-negative numbers as their bit patterns read as
// integers, with infinity above every finite number and NaN above infinity (IEEE 754-2019, 3.4 "Binary interchange
// format encodings"). So |x| <= limit, for a finite limit, is an integer test that NaN and infinity fail, without
// the floating-point comparison and flag read per number that kept the polygon check at 14 instructions a vertex.
template <Scalar S>
using MagnitudeBits = std::conditional_t<sizeof(S) == 4, std::int32_t, std::int64_t>;

template <Scalar S>
[[nodiscard]] constexpr MagnitudeBits<S> magnitudeBits(S value) {
  using Bits = MagnitudeBits<S>;
  return std::bit_cast<Bits>(value) & std::numeric_limits<Bits>::max();  // the sign bit cleared
}

template <Scalar S>
[[nodiscard]] inline ShapeCheck checkPoint(Vec2<S> point, ShapeField field) {
  const ShapeCheck x = checkNumber(point.x, field);
  return x ? checkNumber(point.y, field) : x;
}

template <Scalar S>
[[nodiscard]] inline ShapeCheck checkSize(S value, ShapeField field) {
  if (value >= S(0) && value <= kMaxCoordinate<S>) [[likely]] return {};
  const ShapeCheck number = checkNumber(value, field);
  if (number && value < S(0)) return {ShapeFault::Negative, field, static_cast<double>(value)};
  return number;
}

}  // namespace detail

template <Scalar S>
[[nodiscard]] ShapeCheck isValid(const Point<S>& point) {
  return detail::checkPoint(point.position, ShapeField::Position);
}

template <Scalar S>
[[nodiscard]] ShapeCheck isValid(const Segment<S>& segment) {
  const ShapeCheck a = detail::checkPoint(segment.a, ShapeField::EndA);
  return a ? detail::checkPoint(segment.b, ShapeField::EndB) : a;
}

template <Scalar S>
[[nodiscard]] ShapeCheck isValid(const Circle<S>& circle) {
  const ShapeCheck center = detail::checkPoint(circle.center, ShapeField::Center);
  return center ? detail::checkSize(circle.radius, ShapeField::Radius) : center;
}

template <Scalar S>
[[nodiscard]] ShapeCheck isValid(const Aabb<S>& aabb) {
  if (const ShapeCheck min = detail::checkPoint(aabb.min, ShapeField::Min); !min) return min;
  if (const ShapeCheck max = detail::checkPoint(aabb.max, ShapeField::Max); !max) return max;
  if (!(aabb.min.x <= aabb.max.x && aabb.min.y <= aabb.max.y)) return {ShapeFault::MinAboveMax, ShapeField::Min};
  return {};
}

template <Scalar S>
[[nodiscard]] ShapeCheck isValid(const Box<S>& box) {
  const ShapeCheck x = detail::checkSize(box.halfExtents.x, ShapeField::HalfExtents);
  return x ? detail::checkSize(box.halfExtents.y, ShapeField::HalfExtents) : x;
}

template <Scalar S>
[[nodiscard]] ShapeCheck isValid(const Capsule<S>& capsule) {
  if (const ShapeCheck a = detail::checkPoint(capsule.a, ShapeField::EndA); !a) return a;
  if (const ShapeCheck b = detail::checkPoint(capsule.b, ShapeField::EndB); !b) return b;
  return detail::checkSize(capsule.radius, ShapeField::Radius);
}

namespace detail {

// Whether the polygon has 3 to kMaxPolygonVertices vertices, each within kMaxCoordinate, and finite normals: the
// valid path of isValid without a branch or a floating-point comparison per number (magnitudeBits), since SAT checks
// both polygons on every call.
template <Scalar S>
[[nodiscard]] inline bool polygonInRange(const Polygon<S>& polygon) {
  if (polygon.count < 3 || polygon.count > kMaxPolygonVertices) return false;
  using Bits = MagnitudeBits<S>;
  constexpr Bits kVertexLimit = magnitudeBits(kMaxCoordinate<S>);
  constexpr Bits kNormalLimit = magnitudeBits(std::numeric_limits<S>::max());  // finite, as the reason loop asks
  // limit - |x| as integers is negative exactly when |x| > limit (both lie in [0, max], so it cannot overflow): OR
  // them together and the sign says whether any number is out of range. Whole blocks of four slots, so that they
  // run side by side: the arrays hold kMaxPolygonVertices slots, a multiple of 4, and the slots of the last block
  // past count are masked out.
  static_assert(kMaxPolygonVertices % 4 == 0);
  Bits outside = 0;
  for (int first = 0; first < polygon.count; first += 4) {
    for (int i = first; i < first + 4; ++i) {
      const Vec2<S> v = polygon.vertices[i];
      const Vec2<S> n = polygon.normals[i];
      const Bits used = -Bits(i < polygon.count);  // all ones, or zero past count
      outside |= used & ((kVertexLimit - magnitudeBits(v.x)) | (kVertexLimit - magnitudeBits(v.y)) |
                         (kNormalLimit - magnitudeBits(n.x)) | (kNormalLimit - magnitudeBits(n.y)));
    }
  }
  return outside >= 0;
}

}  // namespace detail

template <Scalar S>
[[nodiscard]] ShapeCheck isValid(const Polygon<S>& polygon) {
  if (detail::polygonInRange(polygon)) [[likely]] return {};
  if (polygon.count < 3 || polygon.count > kMaxPolygonVertices) {
    return {ShapeFault::VertexCount, ShapeField::Whole, static_cast<double>(polygon.count)};
  }
  for (int i = 0; i < polygon.count; ++i) {
    ShapeCheck vertex = detail::checkPoint(polygon.vertices[i], ShapeField::Vertices);
    if (vertex && !(std::isfinite(polygon.normals[i].x) && std::isfinite(polygon.normals[i].y))) {
      vertex = {ShapeFault::NotFinite, ShapeField::Vertices};
    }
    if (!vertex) {
      vertex.vertex = i;
      return vertex;
    }
  }
  return {};
}

template <Scalar S>
[[nodiscard]] ShapeCheck isValid(const Sector<S>& sector) {
  if (const ShapeCheck radius = detail::checkSize(sector.radius, ShapeField::Radius); !radius) return radius;
  if (!(sector.halfAngle >= S(0) && sector.halfAngle <= std::numbers::pi_v<S>)) {
    if (!std::isfinite(sector.halfAngle)) return {ShapeFault::NotFinite, ShapeField::HalfAngle};
    return {ShapeFault::AngleRange, ShapeField::HalfAngle, static_cast<double>(sector.halfAngle)};
  }
  return {};
}

// A placement: a position within kMaxCoordinate and a finite rotation.
template <Scalar S>
[[nodiscard]] ShapeCheck isValid(const Transform<S>& transform) {
  if (const ShapeCheck position = detail::checkPoint(transform.p, ShapeField::Position); !position) return position;
  if (!std::isfinite(transform.q.c) || !std::isfinite(transform.q.s)) return {ShapeFault::NotFinite, ShapeField::Angle};
  return {};
}

template <Scalar S>
[[nodiscard]] ShapeCheck isValid(const Shape<S>& shape) {
  return std::visit([](const auto& alternative) { return isValid(alternative); }, shape);
}

// The shape and, unless it is an Aabb, its transform.
template <Scalar S>
[[nodiscard]] ShapeCheck isValid(const Collider<S>& collider) {
  if (isPlaced(collider.shape)) {
    if (const ShapeCheck transform = isValid(collider.transform); !transform) return transform;
  }
  return isValid(collider.shape);
}

namespace detail {

// isValid(item).ok() as one bool, for the guard the kernels run on every call: a polygon and a transform, the
// common arguments, without building a ShapeCheck or a branch per number (magnitudeBits).
template <class Item>
[[nodiscard]] inline bool validItem(const Item& item) {
  return isValid(item).ok();
}

template <Scalar S>
[[nodiscard]] inline bool validItem(const Polygon<S>& polygon) {
  return polygonInRange(polygon);
}

template <Scalar S>
[[nodiscard]] inline bool validItem(const Transform<S>& transform) {
  using Bits = MagnitudeBits<S>;
  constexpr Bits kLimit = magnitudeBits(kMaxCoordinate<S>);
  constexpr Bits kInfinity = magnitudeBits(std::numeric_limits<S>::infinity());
  return (magnitudeBits(transform.p.x) <= kLimit) & (magnitudeBits(transform.p.y) <= kLimit) &
         (magnitudeBits(transform.q.c) < kInfinity) & (magnitudeBits(transform.q.s) < kInfinity);
}

}  // namespace detail

// Every argument (shapes and transforms) isValid: the guard at the top of each kernel (SAT, the analytic tests).
template <class... Items>
[[nodiscard]] inline bool allValid(const Items&... items) {
  return (detail::validItem(items) && ...);
}

// [SECTION] Bounds of a placed shape

// The world bounding box of a collider: the extreme points of the placed shape along the world axes, by its
// support function (Ericson, Real-Time Collision Detection, 4.2.6: an AABB from extreme points). A sector wider
// than 90 degrees is bounded through its convex hull, which has the same box.
template <Scalar S>
[[nodiscard]] Bounds<S, 2> bounds(const Collider<S>& collider) {
  if (const auto* aabb = std::get_if<Aabb<S>>(&collider.shape)) return {{aabb->min.x, aabb->min.y}, {aabb->max.x, aabb->max.y}};
  const Transform<S>& xf = collider.transform;
  return std::visit(
      [&](const auto& shape) -> Bounds<S, 2> {
        const auto extreme = [&](Vec2<S> worldDirection) {
          return xf.apply(shape.support(xf.q.applyInverse(worldDirection)));
        };
        const Vec2<S> right = extreme({S(1), S(0)});
        const Vec2<S> left = extreme({S(-1), S(0)});
        const Vec2<S> up = extreme({S(0), S(1)});
        const Vec2<S> down = extreme({S(0), S(-1)});
        return {{left.x, down.y}, {right.x, up.y}};
      },
      collider.shape);
}

}  // namespace collide
