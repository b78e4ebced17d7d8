// collide/support.h: the SupportShape concept and the adaptors that compose support functions, over any vector
// type (vector.h): Vec2 shapes in the plane today, Vec3 shapes in space with the same templates.
//
// GJK and EPA are written once against SupportShape. Transformed<Shape> places a local shape by a rigid transform
// (Rot in the plane, Quat in space); CoreShape<Shape> is a rounded shape's polytope core; MinkowskiDifference<A, B>
// gives the support point of A - B with its witnesses on A and on B: support(A, d) - support(B, -d)
// (Gilbert, Johnson and Keerthi 1988; van den Bergen, Collision Detection in Interactive 3D Environments, 4.3).
//
// [SECTION] SupportShape
// [SECTION] Transformed, CoreShape
// [SECTION] SupportPoint, MinkowskiDifference
#pragma once

#include <concepts>
#include <type_traits>
#include <utility>

#include "collide/math.h"
#include "collide/shapes.h"
#include "collide/vector.h"

namespace collide {

// [SECTION] SupportShape

// The vector type a shape lives in: what its centroid() returns.
template <class Shape>
using ShapeVector = std::remove_cvref_t<decltype(std::declval<const Shape&>().centroid())>;

// A convex shape GJK and EPA can run on (shapes.h explains the three questions).
template <class T>
concept SupportShape = requires(const T& shape) {
  typename T::Scalar;
  { shape.centroid() } -> Vector;
} && std::same_as<typename T::Scalar, ScalarOf<ShapeVector<T>>> && requires(const T& shape, ShapeVector<T> direction) {
  { shape.support(direction) } -> std::same_as<ShapeVector<T>>;
  { shape.coreSupport(direction) } -> std::same_as<ShapeVector<T>>;
  { shape.coreRadius() } -> std::same_as<typename T::Scalar>;
};

// A shape whose support traces a curve that EPA must close in on one support at a time (a cylinder's rims; spheres
// and capsules reach EPA as their point and segment cores). A shape says so with `static constexpr bool kCurved`.
template <class Shape>
inline constexpr bool kCurvedSupport = requires { requires Shape::kCurved; };

// [SECTION] Transformed, CoreShape

// A shape seen through a rigid transform: directions go in through the inverse rotation, points come out
// through the transform. Holds a reference, so it lives no longer than the shape it wraps. In space the rotation is
// applied as its matrix, built once here: GJK and EPA rotate two vectors per support, and through the quaternion
// each rotation cost two cross products where the matrix costs three dot products. The transform is const, so the
// matrix cannot fall out of step with it: a new pose is a new Transformed.
template <SupportShape Shape>
struct Transformed {
  using Scalar = typename Shape::Scalar;
  using V = ShapeVector<Shape>;
  static constexpr bool kCurved = kCurvedSupport<Shape>;
  const Shape& shape;
  const TransformOf<V> transform;

  Transformed(const Shape& placed, TransformOf<V> pose) : shape(placed), transform(pose), axes(axesOf(pose)) {}

  [[nodiscard]] V support(V d) const { return toParent(shape.support(toLocal(d))); }
  [[nodiscard]] V coreSupport(V d) const { return toParent(shape.coreSupport(toLocal(d))); }
  [[nodiscard]] Scalar coreRadius() const { return shape.coreRadius(); }
  [[nodiscard]] V centroid() const { return toParent(shape.centroid()); }

 private:
  // The rotation's columns (the local axes in the parent frame) in space; nothing in the plane, where the rotation
  // is already a cosine and a sine.
  struct Axes {
    V x{}, y{}, z{};
  };
  struct NoAxes {};
  static constexpr bool kMatrix = kDimension<V> == 3;
  using AxesType = std::conditional_t<kMatrix, Axes, NoAxes>;
  [[no_unique_address]] AxesType axes;

  [[nodiscard]] static AxesType axesOf(const TransformOf<V>& pose) {
    if constexpr (kMatrix) return {pose.q.xAxis(), pose.q.yAxis(), pose.q.zAxis()};
    else return {};
  }
  [[nodiscard]] V toLocal(V d) const {
    if constexpr (kMatrix) return {dot(axes.x, d), dot(axes.y, d), dot(axes.z, d)};
    else return transform.q.applyInverse(d);
  }
  [[nodiscard]] V toParent(V local) const {
    if constexpr (kMatrix) return local.x * axes.x + local.y * axes.y + local.z * axes.z + transform.p;
    else return transform.apply(local);
  }
};

template <SupportShape Shape>
Transformed(const Shape&, TransformOf<ShapeVector<Shape>>) -> Transformed<Shape>;

// A shape's polytope core as a shape of its own (a circle's centre, a capsule's segment; radius 0), so GJK and EPA
// can run on the cores of rounded shapes (Box2D's distance proxies, Jolt's convex radius).
template <SupportShape Shape>
struct CoreShape {
  using Scalar = typename Shape::Scalar;
  using V = ShapeVector<Shape>;
  static constexpr bool kCurved = kCurvedSupport<Shape>;
  const Shape& shape;
  [[nodiscard]] V support(V d) const { return shape.coreSupport(d); }
  [[nodiscard]] V coreSupport(V d) const { return shape.coreSupport(d); }
  [[nodiscard]] Scalar coreRadius() const { return Scalar(0); }
  [[nodiscard]] V centroid() const { return shape.centroid(); }
};

// [SECTION] SupportPoint, MinkowskiDifference

// A vertex of the Minkowski difference A - B with the points of A and B that made it.
template <Vector V>
struct SupportPoint {
  V pointA{};  // on A, in the frame the algorithm works in
  V pointB{};  // on B, same frame
  V point{};   // pointA - pointB
  friend constexpr bool operator==(const SupportPoint&, const SupportPoint&) = default;
};

// Which support a Minkowski difference uses: the whole shapes, or their polytope cores (see shapes.h).
enum class SupportKind { Whole, Core };

template <SupportShape A, SupportShape B>
  requires std::same_as<ShapeVector<A>, ShapeVector<B>>
struct MinkowskiDifference {
  using Scalar = typename A::Scalar;
  using V = ShapeVector<A>;
  const A& a;
  const B& b;
  SupportKind kind = SupportKind::Whole;

  [[nodiscard]] SupportPoint<V> supportPoint(V d) const {
    SupportPoint<V> result;
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
  [[nodiscard]] V support(V d) const { return supportPoint(d).point; }
  // A point inside A - B, where GJK starts looking.
  [[nodiscard]] V centroid() const { return a.centroid() - b.centroid(); }
};

}  // namespace collide
