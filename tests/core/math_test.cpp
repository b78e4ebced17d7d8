// Vectors, rotations, transforms and the support functions of every shape.
#include <gtest/gtest.h>

#include <numbers>

#include "collide/math.h"
#include "collide/shapes.h"
#include "collide/support.h"
#include "support/core_test_support.h"

namespace collide {
namespace {

using namespace collide::test;  // Scalars, kClose, at, placed, sameBits

template <class S>
class MathTest : public ::testing::Test {};
TYPED_TEST_SUITE(MathTest, Scalars);

TYPED_TEST(MathTest, TransformRoundTripsAndComposes) {
  using S = TypeParam;
  const auto a = Transform<S>::fromPose({S(3), S(-2)}, S(0.7));
  const auto b = Transform<S>::fromPose({S(-1), S(5)}, S(-2.1));
  const Vec2<S> v{S(0.25), S(1.5)};
  const Vec2<S> back = a.applyInverse(a.apply(v));
  EXPECT_NEAR(back.x, v.x, 1e-5);
  EXPECT_NEAR(back.y, v.y, 1e-5);
  // invMul(a, b) maps b's local frame into a's: a * invMul(a, b) == b.
  const Transform<S> relative = invMul(a, b);
  const Vec2<S> viaA = a.apply(relative.apply(v));
  const Vec2<S> direct = b.apply(v);
  EXPECT_NEAR(viaA.x, direct.x, 1e-5);
  EXPECT_NEAR(viaA.y, direct.y, 1e-5);
  EXPECT_NEAR((a * relative).q.angle(), S(-2.1), 1e-5);
}

TYPED_TEST(MathTest, CrossAndTripleProduct) {
  using S = TypeParam;
  EXPECT_EQ(cross(Vec2<S>{1, 0}, Vec2<S>{0, 1}), S(1));
  EXPECT_EQ(leftPerp(Vec2<S>{1, 0}), (Vec2<S>{0, 1}));
  // tripleProduct(ab, ao, ab) is perpendicular to ab and points toward the origin (Collision detection notes, 2.3).
  const Vec2<S> a{S(2), S(1)}, b{S(-2), S(1)};
  const Vec2<S> ab = b - a, ao = -a;
  const Vec2<S> towardOrigin = tripleProduct(ab, ao, ab);
  EXPECT_NEAR(dot(towardOrigin, ab), 0, 1e-6);
  EXPECT_GT(dot(towardOrigin, ao), 0);
}

TYPED_TEST(MathTest, NormalizeOfZeroIsZeroNotNaN) {
  using S = TypeParam;
  EXPECT_EQ(normalize(Vec2<S>{}), (Vec2<S>{}));
  EXPECT_NEAR(length(normalize(Vec2<S>{S(3e-20), S(4e-20)})), 1, 1e-6);
}

TYPED_TEST(MathTest, RoundedSupportIsCorePlusRadius) {
  using S = TypeParam;
  const Capsule<S> capsule{{S(-1), S(0)}, {S(1), S(0)}, S(0.5)};
  const Vec2<S> up = capsule.support({S(0.2), S(1)});
  EXPECT_EQ(capsule.coreSupport({S(0.2), S(1)}), (Vec2<S>{S(1), S(0)}));
  EXPECT_NEAR(length(up - Vec2<S>{S(1), S(0)}), 0.5, 1e-6);
  const Circle<S> circle{{S(2), S(3)}, S(2)};
  const Vec2<S> left = circle.support({S(-5), S(0)});
  EXPECT_NEAR(left.x, 0, 1e-6);
  EXPECT_NEAR(left.y, 3, 1e-6);
}

TYPED_TEST(MathTest, SectorSupportCoversApexArcAndEnds) {
  using S = TypeParam;
  const Sector<S> sector{S(2), std::numbers::pi_v<S> / S(4)};
  const Vec2<S> alongAxis = sector.support({S(1), S(0)});
  EXPECT_NEAR(alongAxis.x, 2, 1e-6);
  EXPECT_NEAR(sector.support({S(-1), S(0)}).x, 0, 1e-6);  // apex is the farthest point backwards
  const Vec2<S> up = sector.support({S(0), S(1)});        // outside the arc's span: the upper arc end
  EXPECT_NEAR(up.x, std::sqrt(S(2)), 1e-5);
  EXPECT_NEAR(up.y, std::sqrt(S(2)), 1e-5);
  EXPECT_TRUE(sector.isConvex());
  EXPECT_FALSE((Sector<S>{S(1), S(2)}.isConvex()));
}

TYPED_TEST(MathTest, TransformedAndMinkowskiSupport) {
  using S = TypeParam;
  const Box<S> box{{S(1), S(2)}};
  const Transformed placed{box, Transform<S>::fromPose({S(10), S(0)}, std::numbers::pi_v<S> / S(2))};
  // Rotated by 90 degrees, the box's long side lies along x.
  EXPECT_NEAR(placed.support({S(1), S(0.01)}).x, 12, 1e-5);
  const Circle<S> circle{{}, S(1)};
  const MinkowskiDifference<decltype(placed), Circle<S>> difference{placed, circle};
  const SupportPoint<Vec2<S>> w = difference.supportPoint({S(1), S(0)});
  EXPECT_NEAR(w.point.x, 13, 1e-5);  // 12 on the box, minus -1 on the circle
  EXPECT_EQ(w.point, w.pointA - w.pointB);
}

}  // namespace
}  // namespace collide
