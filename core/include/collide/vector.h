// collide/vector.h: what an algorithm written once over the vector type asks of it.
//
// GJK's vocabulary (support.h, simplex.h, gjk.h) is written over V = Vec2<S> or Vec3<S>. These traits name the
// dimension, the scalar and the rigid transform that places a shape, so a template needs nothing else:
//   template <class V> struct Simplex { std::array<SupportPoint<V>, kDimension<V> + 1> vertices; ... };
// Per-dimension geometry (the closest point on a triangle, a tetrahedron) stays as overloads on the vector type.
#pragma once

#include <concepts>

#include "collide/math.h"

namespace collide {

template <class V>
struct VectorTraits;  // specialised below for each vector type

template <Scalar S>
struct VectorTraits<Vec2<S>> {
  static constexpr int kDimension = 2;
  using Scalar = S;
  using Transform = collide::Transform<S>;  // rotation Rot<S>
};

template <Scalar S>
struct VectorTraits<Vec3<S>> {
  static constexpr int kDimension = 3;
  using Scalar = S;
  using Transform = Transform3<S>;  // rotation Quat<S>
};

// A vector type the algorithms accept: Vec2<float>, Vec2<double>, Vec3<float>, Vec3<double>.
template <class V>
concept Vector = requires { VectorTraits<V>::kDimension; };

template <Vector V>
inline constexpr int kDimension = VectorTraits<V>::kDimension;

template <Vector V>
using ScalarOf = typename VectorTraits<V>::Scalar;

// The rigid transform of V's space: Transform<S> (rotation Rot) in the plane, Transform3<S> (rotation Quat) in space.
template <Vector V>
using TransformOf = typename VectorTraits<V>::Transform;

// Most vertices a simplex in V's space holds: a triangle in the plane, a tetrahedron in space.
template <Vector V>
inline constexpr int kMaxSimplexVertices = kDimension<V> + 1;

}  // namespace collide
