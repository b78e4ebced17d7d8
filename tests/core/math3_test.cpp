// Vec3, Quat and Transform3: the 3D math the spatial algorithms build on, in float and double.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>

#include "collide/math.h"
#include "collide/vector.h"

namespace collide {
namespace {

template <class S>
class Math3Test : public ::testing::Test {};
using Scalars = ::testing::Types<float, double>;
TYPED_TEST_SUITE(Math3Test, Scalars);

// A few ulps of a unit-sized result.
template <class S>
constexpr double kTolerance = std::is_same_v<S, float> ? 1e-5 : 1e-12;

template <class S>
void expectNear(Vec3<S> actual, Vec3<S> expected, double tolerance = kTolerance<S>) {
  EXPECT_NEAR(actual.x, expected.x, tolerance);
  EXPECT_NEAR(actual.y, expected.y, tolerance);
  EXPECT_NEAR(actual.z, expected.z, tolerance);
}

// The same rotation: q and -q rotate alike, so compare through the rotated axes.
template <class S>
void expectSameRotation(Quat<S> actual, Quat<S> expected) {
  expectNear(actual.xAxis(), expected.xAxis());
  expectNear(actual.yAxis(), expected.yAxis());
  expectNear(actual.zAxis(), expected.zAxis());
}

static_assert(kDimension<Vec2<float>> == 2 && kDimension<Vec3<double>> == 3);
static_assert(std::is_same_v<ScalarOf<Vec3<float>>, float> && std::is_same_v<ScalarOf<Vec2<double>>, double>);
static_assert(std::is_same_v<TransformOf<Vec2<double>>, Transform<double>>);
static_assert(std::is_same_v<TransformOf<Vec3<float>>, Transform3<float>>);
static_assert(kMaxSimplexVertices<Vec2<double>> == 3 && kMaxSimplexVertices<Vec3<double>> == 4);
static_assert(Vector<Vec3<float>> && !Vector<float>);

TYPED_TEST(Math3Test, ArithmeticDotCrossLength) {
  using S = TypeParam;
  using V = Vec3<S>;
  const V a{S(1), S(2), S(3)};
  const V b{S(-4), S(5), S(0.5)};
  EXPECT_EQ(a + b, (V{S(-3), S(7), S(3.5)}));
  EXPECT_EQ(a - b, (V{S(5), S(-3), S(2.5)}));
  EXPECT_EQ(S(2) * a, (V{S(2), S(4), S(6)}));
  EXPECT_EQ(a * S(2), S(2) * a);
  EXPECT_EQ(a / S(2), (V{S(0.5), S(1), S(1.5)}));
  EXPECT_EQ(-a, (V{S(-1), S(-2), S(-3)}));
  V c = a;
  c += b;
  c -= a;
  c *= S(2);
  EXPECT_EQ(c, S(2) * b);
  EXPECT_EQ(dot(a, b), S(-4 + 10 + 1.5));
  // Right-handed, and the cross product is perpendicular to both.
  EXPECT_EQ(cross(V{1, 0, 0}, V{0, 1, 0}), (V{0, 0, 1}));
  EXPECT_EQ(cross(V{0, 1, 0}, V{0, 0, 1}), (V{1, 0, 0}));
  EXPECT_EQ(cross(V{0, 0, 1}, V{1, 0, 0}), (V{0, 1, 0}));
  const V n = cross(a, b);
  EXPECT_NEAR(dot(n, a), 0.0, kTolerance<S> * 10);
  EXPECT_NEAR(dot(n, b), 0.0, kTolerance<S> * 10);
  EXPECT_EQ(cross(b, a), -n);
  EXPECT_EQ(lengthSquared(V{S(2), S(3), S(6)}), S(49));
  EXPECT_NEAR(length(V{S(2), S(3), S(6)}), 7.0, kTolerance<S> * 7);
  EXPECT_NEAR(distance(V{S(1), S(1), S(1)}, V{S(3), S(4), S(7)}), 7.0, kTolerance<S> * 7);
  EXPECT_EQ(lerp(a, b, S(0.5)), (V{S(-1.5), S(3.5), S(1.75)}));
  EXPECT_EQ((a.template cast<double>()), (Vec3<double>{1, 2, 3}));
}

TYPED_TEST(Math3Test, LengthAndNormalizeSurviveHugeAndTinyVectors) {
  using S = TypeParam;
  using V = Vec3<S>;
  const S huge = std::numeric_limits<S>::max() / S(4);
  EXPECT_TRUE(std::isfinite(length(V{huge, huge, huge})));  // squaring would overflow
  expectNear(normalize(V{huge, S(0), S(0)}), V{1, 0, 0});
  expectNear(normalize(V{S(0), S(3), S(-4)}), V{S(0), S(0.6), S(-0.8)});
  EXPECT_EQ(normalize(V{}), V{});
  EXPECT_NEAR(length(normalize(V{S(1e-20), S(2e-20), S(-3e-20)})), 1.0, kTolerance<S>);
  EXPECT_TRUE(isFinite(V{S(1), S(2), S(3)}));
  EXPECT_FALSE(isFinite(V{S(1), std::numeric_limits<S>::quiet_NaN(), S(3)}));
  EXPECT_FALSE(isFinite(V{S(1), S(2), std::numeric_limits<S>::infinity()}));
}

TYPED_TEST(Math3Test, OrthonormalBasisIsRightHandedForEveryDirection) {
  using S = TypeParam;
  using V = Vec3<S>;
  // Axis-aligned (both signs of z, where the formula switches branch), diagonal and nearly -z directions.
  const V directions[] = {{1, 0, 0},  {0, 1, 0},   {0, 0, 1},   {0, 0, -1},
                          {1, 1, 1},  {-1, 2, -3}, {S(1e-4), S(-1e-4), -1}, {S(0.3), S(-0.2), S(1e-7)}};
  for (const V raw : directions) {
    SCOPED_TRACE(::testing::Message() << raw.x << ", " << raw.y << ", " << raw.z);
    const V n = normalize(raw);
    const OrthonormalBasis<S> basis = orthonormalBasis(n);
    EXPECT_NEAR(length(basis.tangent), 1.0, kTolerance<S>);
    EXPECT_NEAR(length(basis.bitangent), 1.0, kTolerance<S>);
    EXPECT_NEAR(dot(basis.tangent, n), 0.0, kTolerance<S>);
    EXPECT_NEAR(dot(basis.bitangent, n), 0.0, kTolerance<S>);
    EXPECT_NEAR(dot(basis.tangent, basis.bitangent), 0.0, kTolerance<S>);
    expectNear(cross(basis.tangent, basis.bitangent), n);
    const V p = perpendicular(raw);
    EXPECT_NEAR(length(p), 1.0, kTolerance<S>);
    EXPECT_NEAR(dot(p, n), 0.0, kTolerance<S>);
  }
  EXPECT_EQ(perpendicular(V{}), V{});
}

TYPED_TEST(Math3Test, AxisAngleRotatesLikeTheRightHandRule) {
  using S = TypeParam;
  using V = Vec3<S>;
  const S quarter = std::numbers::pi_v<S> / S(2);
  expectNear(Quat<S>::fromAxisAngle({0, 0, 1}, quarter).apply({1, 0, 0}), V{0, 1, 0});
  expectNear(Quat<S>::fromAxisAngle({1, 0, 0}, quarter).apply({0, 1, 0}), V{0, 0, 1});
  expectNear(Quat<S>::fromAxisAngle({0, 1, 0}, quarter).apply({0, 0, 1}), V{1, 0, 0});
  // A third of a turn about the diagonal cycles the axes.
  const Quat<S> cycle = Quat<S>::fromAxisAngle(normalize(V{1, 1, 1}), S(2) * std::numbers::pi_v<S> / S(3));
  expectNear(cycle.apply({1, 0, 0}), V{0, 1, 0});
  expectNear(cycle.apply({0, 1, 0}), V{0, 0, 1});
  // Points on the axis stay; lengths are kept; applyInverse undoes apply.
  const Quat<S> q = Quat<S>::fromAxisAngle(normalize(V{S(0.3), S(-2), S(1)}), S(1.234));
  expectNear(q.apply(V{S(0.3), S(-2), S(1)}), V{S(0.3), S(-2), S(1)});
  const V v{S(-1.5), S(0.25), S(4)};
  EXPECT_NEAR(length(q.apply(v)), length(v), kTolerance<S> * 10);
  expectNear(q.applyInverse(q.apply(v)), v, kTolerance<S> * 10);
  expectNear(Quat<S>::identity().apply(v), v, 0.0);
  EXPECT_NEAR(std::sqrt(q.lengthSquared()), 1.0, kTolerance<S>);
}

TYPED_TEST(Math3Test, ProductComposesFirstRightThenLeft) {
  using S = TypeParam;
  using V = Vec3<S>;
  const Quat<S> a = Quat<S>::fromAxisAngle(normalize(V{1, 2, 3}), S(0.7));
  const Quat<S> b = Quat<S>::fromAxisAngle(normalize(V{-2, 0, 1}), S(-2.1));
  const V v{S(0.5), S(-1), S(2)};
  expectNear((a * b).apply(v), a.apply(b.apply(v)), kTolerance<S> * 10);
  expectNear(invMul(a, b).apply(v), a.applyInverse(b.apply(v)), kTolerance<S> * 10);
  expectSameRotation(a * invMul(a, b), b);
  expectSameRotation(a * a.conjugate(), Quat<S>::identity());
  // Same axis: the angles add.
  const V axis = normalize(V{S(0.2), S(1), S(-0.4)});
  expectSameRotation(Quat<S>::fromAxisAngle(axis, S(0.4)) * Quat<S>::fromAxisAngle(axis, S(0.9)),
                     Quat<S>::fromAxisAngle(axis, S(1.3)));
}

TYPED_TEST(Math3Test, EulerIsRollThenPitchThenYaw) {
  using S = TypeParam;
  using V = Vec3<S>;
  const S roll = S(0.3), pitch = S(-1.1), yaw = S(2.5);
  const Quat<S> expected = Quat<S>::fromAxisAngle({0, 0, 1}, yaw) * Quat<S>::fromAxisAngle({0, 1, 0}, pitch) *
                           Quat<S>::fromAxisAngle({1, 0, 0}, roll);
  expectSameRotation(Quat<S>::fromEuler(roll, pitch, yaw), expected);
  expectSameRotation(Quat<S>::fromEuler(0, 0, 0), Quat<S>::identity());
  expectNear(Quat<S>::fromEuler(0, 0, std::numbers::pi_v<S> / S(2)).apply({1, 0, 0}), V{0, 1, 0});
}

TYPED_TEST(Math3Test, MatrixColumnsRoundTrip) {
  using S = TypeParam;
  using V = Vec3<S>;
  // Each branch of Shepperd's method: a small angle (trace largest) and half turns about x, y and z (one diagonal
  // term largest), plus general rotations.
  const Quat<S> rotations[] = {
      Quat<S>::fromAxisAngle(normalize(V{1, 2, 3}), S(0.1)),  Quat<S>::fromAxisAngle({1, 0, 0}, S(3.1)),
      Quat<S>::fromAxisAngle({0, 1, 0}, S(3.1)),              Quat<S>::fromAxisAngle({0, 0, 1}, S(3.1)),
      Quat<S>::fromEuler(S(0.3), S(-1.1), S(2.5)),            Quat<S>::fromEuler(S(-2.9), S(0.2), S(-0.4)),
      Quat<S>::identity()};
  for (const Quat<S>& q : rotations) {
    SCOPED_TRACE(::testing::Message() << q.x << ", " << q.y << ", " << q.z << ", " << q.w);
    // The columns are the rotated axes.
    expectNear(q.xAxis(), q.apply({1, 0, 0}));
    expectNear(q.yAxis(), q.apply({0, 1, 0}));
    expectNear(q.zAxis(), q.apply({0, 0, 1}));
    expectNear(cross(q.xAxis(), q.yAxis()), q.zAxis());
    const Quat<S> back = Quat<S>::fromColumns(q.xAxis(), q.yAxis(), q.zAxis());
    expectSameRotation(back, q);
    EXPECT_NEAR(std::sqrt(back.lengthSquared()), 1.0, kTolerance<S>);
  }
}

TYPED_TEST(Math3Test, NormalizeRestoresUnitLength) {
  using S = TypeParam;
  const Quat<S> drifted{S(0.2), S(-0.4), S(0.1), S(1.9)};
  const Quat<S> unit = drifted.normalized();
  EXPECT_NEAR(std::sqrt(unit.lengthSquared()), 1.0, kTolerance<S>);
  EXPECT_NEAR(unit.w / unit.x, drifted.w / drifted.x, kTolerance<S> * 10);
  EXPECT_EQ((Quat<S>{0, 0, 0, 0}.normalized()), Quat<S>::identity());
  EXPECT_TRUE(isFinite(unit));
  EXPECT_FALSE(isFinite(Quat<S>{0, std::numeric_limits<S>::quiet_NaN(), 0, 1}));
  EXPECT_EQ((unit.template cast<double>().template cast<S>()), unit);
}

TYPED_TEST(Math3Test, TransformRoundTripsComposesAndWorksInALocalFrame) {
  using S = TypeParam;
  using V = Vec3<S>;
  const Transform3<S> a{{S(3), S(-2), S(1)}, Quat<S>::fromEuler(S(0.7), S(-0.2), S(1.4))};
  const Transform3<S> b{{S(-1), S(5), S(0.5)}, Quat<S>::fromAxisAngle(normalize(V{1, -1, 2}), S(-2.1))};
  const V v{S(0.25), S(1.5), S(-0.75)};
  const double tolerance = kTolerance<S> * 20;
  expectNear(a.applyInverse(a.apply(v)), v, tolerance);
  expectNear(a.apply(v), a.q.apply(v) + a.p, 0.0);
  expectNear((a * b).apply(v), a.apply(b.apply(v)), tolerance);
  // invMul(a, b) maps b's local frame into a's: a * invMul(a, b) == b.
  const Transform3<S> relative = invMul(a, b);
  expectNear(a.apply(relative.apply(v)), b.apply(v), tolerance);
  expectNear((a * relative).p, b.p, tolerance);
  expectSameRotation((a * relative).q, b.q);
  EXPECT_EQ(Transform3<S>::identity().apply(v), v);
  EXPECT_EQ((a.template cast<double>().template cast<S>()), a);
}

}  // namespace
}  // namespace collide
