// collide/support.h: the SupportShape concept and the wrappers that compose support functions.
//
// GJK and EPA are written once against SupportShape. Transformed<Shape> places a local shape by a transform;
// MinkowskiDifference<A, B> gives the support point of A - B together with its witnesses on A and on B
// (article 000: "support(A, d) - support(B, -d)").
#pragma once

#include <concepts>

#include "collide/math.h"
#include "collide/shapes.h"

namespace collide {

template <class T>
concept SupportShape = requires(const T& shape, Vec2<typename T::Scalar> direction) {
  typename T::Scalar;
  { shape.support(direction) } -> std::same_as<Vec2<typename T::Scalar>>;
  { shape.coreSupport(direction) } -> std::same_as<Vec2<typename T::Scalar>>;
  { shape.coreRadius() } -> std::same_as<typename T::Scalar>;
  { shape.centroid() } -> std::same_as<Vec2<typename T::Scalar>>;
};

// A shape seen through a rigid transform: directions go in through the inverse rotation, points come out
// through the transform. Holds a reference, so it lives no longer than the shape it wraps.
template <SupportShape Shape>
struct Transformed {
  using Scalar = typename Shape::Scalar;
  const Shape& shape;
  Transform<Scalar> transform;

  [[nodiscard]] Vec2<Scalar> support(Vec2<Scalar> d) const {
    return transform.apply(shape.support(transform.q.applyInverse(d)));
  }
  [[nodiscard]] Vec2<Scalar> coreSupport(Vec2<Scalar> d) const {
    return transform.apply(shape.coreSupport(transform.q.applyInverse(d)));
  }
  [[nodiscard]] Scalar coreRadius() const { return shape.coreRadius(); }
  [[nodiscard]] Vec2<Scalar> centroid() const { return transform.apply(shape.centroid()); }
};

template <SupportShape Shape>
Transformed(const Shape&, Transform<typename Shape::Scalar>) -> Transformed<Shape>;

// A vertex of the Minkowski difference A - B with the points of A and B that made it.
template <Scalar S>
struct SupportPoint {
  Vec2<S> pointA{};  // on A, in the frame the algorithm works in
  Vec2<S> pointB{};  // on B, same frame
  Vec2<S> point{};   // pointA - pointB
  friend constexpr bool operator==(const SupportPoint&, const SupportPoint&) = default;
};

// Which support a Minkowski difference uses: the whole shapes, or their polytope cores (see shapes.h).
enum class SupportKind { Whole, Core };

template <SupportShape A, SupportShape B>
  requires std::same_as<typename A::Scalar, typename B::Scalar>
struct MinkowskiDifference {
  using Scalar = typename A::Scalar;
  const A& a;
  const B& b;
  SupportKind kind = SupportKind::Whole;

  [[nodiscard]] SupportPoint<Scalar> supportPoint(Vec2<Scalar> d) const {
    SupportPoint<Scalar> result;
    if (kind == SupportKind::Core) {
      result.pointA = a.coreSupport(d);
      result.pointB = b.coreSupport(-d);
    } else {
      result.pointA = a.support(d);
      result.pointB = b.support(-d);
    }
    result.point = result.pointA - result.pointB;
    return result;
  }
  [[nodiscard]] Vec2<Scalar> support(Vec2<Scalar> d) const { return supportPoint(d).point; }
  // A point inside A - B, where GJK starts looking.
  [[nodiscard]] Vec2<Scalar> centroid() const { return a.centroid() - b.centroid(); }
};

}  // namespace collide
