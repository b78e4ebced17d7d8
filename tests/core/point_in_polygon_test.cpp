// Point in polygon: the four methods of Shape intersection tests, 4.6 (angle sum, area sum, cross sign, ray cast) agree.
#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <random>
#include <vector>

#include "collide/analytic.h"
#include "collide/geometry.h"
#include "collide/polygon.h"
#include "support/core_test_support.h"

namespace collide {
namespace {

using namespace collide::test;  // Scalars, kClose, at, placed, sameBits

template <class S>
class PointInPolygonTest : public ::testing::Test {};
TYPED_TEST_SUITE(PointInPolygonTest, Scalars);

constexpr PointInPolygonMethod kMethods[] = {PointInPolygonMethod::AngleSum, PointInPolygonMethod::AreaSum,
                                             PointInPolygonMethod::CrossSign, PointInPolygonMethod::RayCast};

TYPED_TEST(PointInPolygonTest, ClearInsideAndOutsidePoints) {
  using S = TypeParam;
  const Polygon<S> hexagon = makeRegularPolygon<S>(6, S(2));
  for (PointInPolygonMethod method : kMethods) {
    SCOPED_TRACE(std::string(pointInPolygonMethodName(method)));
    EXPECT_TRUE(pointInPolygon(hexagon, Vec2<S>{0, 0}, method));
    EXPECT_TRUE(pointInPolygon(hexagon, Vec2<S>{S(1.5), S(0.2)}, method));
    EXPECT_FALSE(pointInPolygon(hexagon, Vec2<S>{S(2.5), 0}, method));
    EXPECT_FALSE(pointInPolygon(hexagon, Vec2<S>{0, S(1.9)}, method));  // above the top edge at y = sqrt(3)
    EXPECT_FALSE(pointInPolygon(hexagon, Vec2<S>{-100, 50}, method));
  }
}

TYPED_TEST(PointInPolygonTest, RayThroughAVertexCountsItOnce) {
  using S = TypeParam;
  // The hexagon has vertices at y = 0 (x = +-2): rays at y = 0 pass exactly through them.
  const Polygon<S> hexagon = makeRegularPolygon<S>(6, S(2));
  EXPECT_TRUE(pointInPolygon(hexagon, Vec2<S>{S(-1), 0}, PointInPolygonMethod::RayCast));
  EXPECT_FALSE(pointInPolygon(hexagon, Vec2<S>{S(-3), 0}, PointInPolygonMethod::RayCast));
  EXPECT_FALSE(pointInPolygon(hexagon, Vec2<S>{S(3), 0}, PointInPolygonMethod::RayCast));
}

TYPED_TEST(PointInPolygonTest, CrossSignCountsTheBoundaryAsInside) {
  using S = TypeParam;
  const Polygon<S> box = makeBox<S>({1, 1});
  EXPECT_TRUE(pointInPolygon(box, Vec2<S>{1, 0}, PointInPolygonMethod::CrossSign));
  EXPECT_TRUE(pointInPolygon(box, Vec2<S>{1, 1}, PointInPolygonMethod::CrossSign));
}

TYPED_TEST(PointInPolygonTest, NonFinitePointsAndEmptyPolygonsContainNothing) {
  using S = TypeParam;
  const Polygon<S> box = makeBox<S>({1, 1});
  const S nan = std::numeric_limits<S>::quiet_NaN();
  const S inf = std::numeric_limits<S>::infinity();
  for (PointInPolygonMethod method : kMethods) {
    SCOPED_TRACE(std::string(pointInPolygonMethodName(method)));
    EXPECT_FALSE(pointInPolygon(box, Vec2<S>{nan, 0}, method));
    EXPECT_FALSE(pointInPolygon(box, Vec2<S>{0, inf}, method));
    EXPECT_FALSE(pointInPolygon(Polygon<S>{}, Vec2<S>{0, 0}, method));
  }
}

TYPED_TEST(PointInPolygonTest, AllFourMethodsAgreeOnRandomPoints) {
  using S = TypeParam;
  std::mt19937_64 random(21);
  std::uniform_real_distribution<double> coordinate(-3, 3);
  std::uniform_int_distribution<int> cloudSize(3, 40);
  // Points closer to the boundary than this (relative to the polygon's size) are skipped: there the methods may
  // round differently, and which answer is right is a matter of convention.
  const double boundaryBand = std::is_same_v<S, float> ? 1e-4 : 1e-10;
  int tested = 0;
  int inside = 0;
  for (int polygonIndex = 0; polygonIndex < 1000; ++polygonIndex) {
    std::vector<Vec2<S>> cloud(static_cast<std::size_t>(cloudSize(random)));
    for (auto& p : cloud) p = {S(coordinate(random) * 0.7), S(coordinate(random) * 0.7)};
    const auto built = makePolygon<S>(std::span<const Vec2<S>>(cloud), PolygonBuild::Hull);
    if (!built.polygon) continue;
    const Polygon<S>& polygon = *built.polygon;
    Vec2<S> low = polygon.vertices[0], high = polygon.vertices[0];
    for (int i = 1; i < polygon.count; ++i) {
      low = {std::min(low.x, polygon.vertices[i].x), std::min(low.y, polygon.vertices[i].y)};
      high = {std::max(high.x, polygon.vertices[i].x), std::max(high.y, polygon.vertices[i].y)};
    }
    const S skipWithin = S(boundaryBand) * length(high - low);
    for (int k = 0; k < 100; ++k) {
      const Vec2<S> point{S(coordinate(random)), S(coordinate(random))};
      S nearest = std::numeric_limits<S>::infinity();
      for (int i = 0; i < polygon.count; ++i) {
        nearest = std::min(nearest, distancePointSegment(point, polygon.vertices[i],
                                                         polygon.vertices[(i + 1) % polygon.count]));
      }
      if (nearest <= skipWithin) continue;
      ++tested;
      const bool reference = pointInPolygon(polygon, point, PointInPolygonMethod::CrossSign);
      inside += reference ? 1 : 0;
      for (PointInPolygonMethod method : kMethods) {
        ASSERT_EQ(pointInPolygon(polygon, point, method), reference)
            << pointInPolygonMethodName(method) << " polygon " << polygonIndex << " point " << point.x << ", "
            << point.y;
      }
    }
  }
  EXPECT_GT(tested, 99000);
  EXPECT_GT(inside, 10000);  // both answers are well represented
  EXPECT_LT(inside, tested - 10000);
}

}  // namespace
}  // namespace collide
