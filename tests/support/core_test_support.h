// tests/support/core_test_support.h: what the core tests share, written once: the scalar types every typed
// suite runs on, the tolerance for order-one results, poses and placed shapes, and bitwise comparison (traced
// and untraced runs must agree bit for bit).
#pragma once

#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <cstdlib>
#include <type_traits>

#include "collide/math.h"
#include "collide/support.h"

namespace collide::test {

// Every typed suite: TYPED_TEST_SUITE(GjkTest, collide::test::Scalars).
using Scalars = ::testing::Types<float, double>;

// Tolerance for comparing results of order-one geometry: a few thousand ulps of the scalar.
template <Scalar S>
inline constexpr double kClose = std::is_same_v<S, float> ? 2e-5 : 1e-12;

// The pose (x, y, angle) as a transform.
template <Scalar S>
[[nodiscard]] Transform<S> at(S x, S y, S angle = S(0)) {
  return Transform<S>::fromPose({x, y}, angle);
}

// `shape` placed at (x, y), turned by `angle`.
template <Scalar S, SupportShape Shape>
[[nodiscard]] Transformed<Shape> placed(const Shape& shape, S x, S y, S angle = S(0)) {
  return Transformed<Shape>{shape, at(x, y, angle)};
}

template <Scalar S>
[[nodiscard]] bool sameBits(S a, S b) {
  using Bits = std::conditional_t<std::is_same_v<S, float>, std::uint32_t, std::uint64_t>;
  return std::bit_cast<Bits>(a) == std::bit_cast<Bits>(b);
}

template <Scalar S>
[[nodiscard]] bool sameBits(Vec2<S> a, Vec2<S> b) {
  return sameBits(a.x, b.x) && sameBits(a.y, b.y);
}

template <Scalar S>
[[nodiscard]] bool sameBits(Vec3<S> a, Vec3<S> b) {
  return sameBits(a.x, b.x) && sameBits(a.y, b.y) && sameBits(a.z, b.z);
}

// Random pairs per family in a property test: `defaultCount` (what CI runs), or COLLIDE_PROPERTY_PAIRS when set
// (the nightly run sets 100000; tests/CMakeLists.txt, nightly.properties3).
[[nodiscard]] inline int propertyPairs(int defaultCount) {
  const char* value = std::getenv("COLLIDE_PROPERTY_PAIRS");
  if (value == nullptr) return defaultCount;
  const int count = std::atoi(value);
  return count > 0 ? count : defaultCount;
}

}  // namespace collide::test
