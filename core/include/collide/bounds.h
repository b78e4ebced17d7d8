// collide/bounds.h: Bounds<S, Dim>, the one axis-aligned box type: the bounding box of a placed shape
// (bounds() in shapes.h) and the proxy of every broad phase (broadphase.h).
#pragma once

#include <algorithm>
#include <array>
#include <cmath>

#include "collide/math.h"

namespace collide {

// An axis-aligned box in Dim dimensions (2 or 3), world coordinates: a shape's bounding box (bounds() in
// shapes.h) and every broad phase's proxy. Not the Aabb shape of shapes.h, which is a shape with a support
// function; this one is a box around something. Valid when finite and min <= max.
template <Scalar S, int Dim>
struct Bounds {
  static_assert(Dim == 2 || Dim == 3, "broad phases are 2D or 3D");
  using Scalar = S;
  static constexpr int kDimensions = Dim;
  std::array<S, Dim> min{};
  std::array<S, Dim> max{};

  friend constexpr bool operator==(const Bounds&, const Bounds&) = default;
};

template <Scalar S, int Dim>
[[nodiscard]] bool isValid(const Bounds<S, Dim>& box) {
  for (int axis = 0; axis < Dim; ++axis) {
    if (!std::isfinite(box.min[axis]) || !std::isfinite(box.max[axis]) || !(box.min[axis] <= box.max[axis])) {
      return false;
    }
  }
  return true;
}

// Closed intervals on every axis: touching boxes overlap (Ericson 4.2.1, with <= instead of <).
template <Scalar S, int Dim>
[[nodiscard]] constexpr bool overlaps(const Bounds<S, Dim>& a, const Bounds<S, Dim>& b) {
  for (int axis = 0; axis < Dim; ++axis) {
    if (a.max[axis] < b.min[axis] || b.max[axis] < a.min[axis]) return false;
  }
  return true;
}

template <Scalar S, int Dim>
[[nodiscard]] constexpr bool contains(const Bounds<S, Dim>& outer, const Bounds<S, Dim>& inner) {
  for (int axis = 0; axis < Dim; ++axis) {
    if (inner.min[axis] < outer.min[axis] || outer.max[axis] < inner.max[axis]) return false;
  }
  return true;
}

template <Scalar S, int Dim>
[[nodiscard]] constexpr Bounds<S, Dim> merged(const Bounds<S, Dim>& a, const Bounds<S, Dim>& b) {
  Bounds<S, Dim> result;
  for (int axis = 0; axis < Dim; ++axis) {
    result.min[axis] = std::min(a.min[axis], b.min[axis]);
    result.max[axis] = std::max(a.max[axis], b.max[axis]);
  }
  return result;
}

template <Scalar S, int Dim>
[[nodiscard]] constexpr Bounds<S, Dim> enlarged(const Bounds<S, Dim>& box, S margin) {
  Bounds<S, Dim> result = box;
  for (int axis = 0; axis < Dim; ++axis) {
    result.min[axis] -= margin;
    result.max[axis] += margin;
  }
  return result;
}

// The surface-area heuristic's measure: the perimeter in 2D, the surface area in 3D (RTR collision summary, SAH; Box2D's
// b2AABB::GetPerimeter plays the same role).
template <Scalar S, int Dim>
[[nodiscard]] constexpr S surfaceMeasure(const Bounds<S, Dim>& box) {
  if constexpr (Dim == 2) {
    return S(2) * ((box.max[0] - box.min[0]) + (box.max[1] - box.min[1]));
  } else {
    const S x = box.max[0] - box.min[0];
    const S y = box.max[1] - box.min[1];
    const S z = box.max[2] - box.min[2];
    return S(2) * (x * y + y * z + z * x);
  }
}

template <Scalar S, int Dim>
[[nodiscard]] constexpr S largestExtent(const Bounds<S, Dim>& box) {
  S extent = 0;
  for (int axis = 0; axis < Dim; ++axis) extent = std::max(extent, box.max[axis] - box.min[axis]);
  return extent;
}

}  // namespace collide
