// Building polygons: every refusal names the right vertex, hulls of random clouds, boxes, regular polygons.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <type_traits>
#include <vector>

#include "collide/polygon.h"
#include "support/core_test_support.h"

namespace collide {
namespace {

using namespace collide::test;  // Scalars, kClose, at, placed, sameBits

template <class S>
class PolygonTest : public ::testing::Test {};
TYPED_TEST_SUITE(PolygonTest, Scalars);

template <class S>
PolygonBuildResult<S> build(std::vector<Vec2<S>> points, PolygonBuild mode = PolygonBuild::Validate) {
  return makePolygon<S>(std::span<const Vec2<S>>(points), mode);
}

template <class S>
void expectRefused(const PolygonBuildResult<S>& result, const std::string& error, int badVertex) {
  EXPECT_FALSE(result.polygon.has_value());
  EXPECT_EQ(result.error, error);
  EXPECT_EQ(result.badVertex, badVertex);
}

TYPED_TEST(PolygonTest, ValidOutlineGetsOutwardNormalsAndAreaCentroid) {
  using S = TypeParam;
  // A right trapezoid: the area centroid (not the vertex average) is what we store.
  const auto result = build<S>({{0, 0}, {4, 0}, {2, 2}, {0, 2}});
  ASSERT_TRUE(result.polygon.has_value()) << result.error;
  const Polygon<S>& polygon = *result.polygon;
  EXPECT_EQ(polygon.count, 4);
  EXPECT_TRUE(result.error.empty());
  EXPECT_NEAR(polygon.normals[0].x, 0, 1e-6);
  EXPECT_NEAR(polygon.normals[0].y, -1, 1e-6);
  EXPECT_NEAR(polygon.normals[1].x, std::sqrt(0.5), 1e-6);
  EXPECT_NEAR(polygon.normals[1].y, std::sqrt(0.5), 1e-6);
  // Square [0,2]^2 (area 4, centroid (1,1)) plus triangle (2,0),(4,0),(2,2) (area 2, centroid (8/3, 2/3)).
  EXPECT_NEAR(polygon.center.x, (4 * 1.0 + 2 * 8.0 / 3.0) / 6.0, 1e-5);
  EXPECT_NEAR(polygon.center.y, (4 * 1.0 + 2 * 2.0 / 3.0) / 6.0, 1e-5);
}

TYPED_TEST(PolygonTest, RefusesTooFewAndTooManyVertices) {
  using S = TypeParam;
  expectRefused(build<S>({{0, 0}, {1, 0}}), "a polygon needs at least 3 vertices, got 2", -1);
  std::vector<Vec2<S>> many;
  for (int i = 0; i < kMaxPolygonVertices + 1; ++i) {
    const double angle = 2 * std::numbers::pi * i / (kMaxPolygonVertices + 1);
    many.push_back({S(std::cos(angle)), S(std::sin(angle))});
  }
  expectRefused(build<S>(many), "a polygon has at most 64 vertices, got 65", -1);
}

TYPED_TEST(PolygonTest, RefusesNonFiniteVertexByIndex) {
  using S = TypeParam;
  const S nan = std::numeric_limits<S>::quiet_NaN();
  const S inf = std::numeric_limits<S>::infinity();
  expectRefused(build<S>({{0, 0}, {1, 0}, {1, nan}, {0, 1}}), "vertex 2 is not finite", 2);
  expectRefused(build<S>({{inf, 0}, {1, 0}, {0, 1}}), "vertex 0 is not finite", 0);
  expectRefused(build<S>({{0, 0}, {1, 0}, {0, -inf}}, PolygonBuild::Hull), "vertex 2 is not finite", 2);
}

TYPED_TEST(PolygonTest, RefusesDuplicateVertexNamingBoth) {
  using S = TypeParam;
  // Within the relative tolerance, not only bit-equal.
  const S nearly = S(1) + S(0.1) * kPolygonRelativeTolerance<S>;
  expectRefused(build<S>({{0, 0}, {1, 0}, {nearly, 0}, {1, 1}, {0, 1}}), "vertex 2 duplicates vertex 1", 2);
  expectRefused(build<S>({{0, 0}, {1, 0}, {1, 1}, {0, 1}, {0, 0}}), "vertex 4 duplicates vertex 0", 4);
}

TYPED_TEST(PolygonTest, RefusesClockwiseOutline) {
  using S = TypeParam;
  expectRefused(build<S>({{0, 0}, {0, 1}, {1, 1}, {1, 0}}), "vertices are clockwise; list them counter-clockwise",
                -1);
}

TYPED_TEST(PolygonTest, RefusesCollinearVertex) {
  using S = TypeParam;
  expectRefused(build<S>({{0, 0}, {2, 0}, {2, 2}, {0, 2}, {0, 1}}), "vertex 4 is collinear with its neighbours", 4);
  // Off the line by less than the relative tolerance still counts as collinear.
  const S offset = S(0.5) * kPolygonRelativeTolerance<S>;
  expectRefused(build<S>({{0, 0}, {1, -offset}, {2, 0}, {2, 2}, {0, 2}}), "vertex 1 is collinear with its neighbours",
                1);
}

TYPED_TEST(PolygonTest, RefusesReflexVertex) {
  using S = TypeParam;
  expectRefused(build<S>({{0, 0}, {2, 0}, {2, 2}, {S(1), S(0.5)}, {0, 2}}), "vertex 3 makes the outline non-convex",
                3);
}

TYPED_TEST(PolygonTest, RefusesStarThatTurnsLeftEverywhere) {
  using S = TypeParam;
  // A pentagram: every turn is to the left and its signed area is positive, yet it winds twice.
  std::vector<Vec2<S>> star;
  for (int i = 0; i < 5; ++i) {
    const double angle = 2 * std::numbers::pi * (2 * i) / 5;
    star.push_back({S(std::cos(angle)), S(std::sin(angle))});
  }
  const auto result = build<S>(star);
  EXPECT_FALSE(result.polygon.has_value());
  ASSERT_GE(result.badVertex, 0);
  EXPECT_EQ(result.error, "vertex " + std::to_string(result.badVertex) + " makes the outline non-convex");
}

TYPED_TEST(PolygonTest, RefusesZeroArea) {
  using S = TypeParam;
  expectRefused(build<S>({{0, 0}, {1, 1}, {3, 3}}), "the outline has zero area (all vertices collinear)", -1);
  expectRefused(build<S>({{0, 0}, {1, 1}, {3, 3}}, PolygonBuild::Hull),
                "the points have zero area (all coincident or collinear)", -1);
  expectRefused(build<S>({{1, 1}, {1, 1}, {1, 1}}, PolygonBuild::Hull),
                "the points have zero area (all coincident or collinear)", -1);
}

TYPED_TEST(PolygonTest, AcceptsTinyAndLargeOutlines) {
  using S = TypeParam;
  // Tolerances are relative, so a micro-scale square is as valid as a unit one.
  const S tiny = S(1e-6);
  EXPECT_TRUE(build<S>({{0, 0}, {tiny, 0}, {tiny, tiny}, {0, tiny}}).polygon.has_value());
  const S huge = S(1e6);
  EXPECT_TRUE(build<S>({{-huge, -huge}, {huge, -huge}, {huge, huge}, {-huge, huge}}).polygon.has_value());
}

TEST(PolygonTestDouble, UnitSquareFarFromTheOriginIsValid) {
  const double offset = 1e6;
  const auto result = makePolygon<double>(std::vector<Vec2<double>>{
      {offset, offset}, {offset + 1, offset}, {offset + 1, offset + 1}, {offset, offset + 1}});
  ASSERT_TRUE(result.polygon.has_value()) << result.error;
  EXPECT_NEAR(result.polygon->center.x, offset + 0.5, 1e-9);
}

TYPED_TEST(PolygonTest, HullModeReordersAndDropsInnerDuplicateAndCollinearPoints) {
  using S = TypeParam;
  // Clockwise, with an inner point, a duplicate and a point on an edge: Hull builds the square anyway.
  const auto result =
      build<S>({{0, 0}, {0, 2}, {S(0.5), S(0.5)}, {2, 2}, {2, 2}, {2, 1}, {2, 0}}, PolygonBuild::Hull);
  ASSERT_TRUE(result.polygon.has_value()) << result.error;
  const Polygon<S>& polygon = *result.polygon;
  ASSERT_EQ(polygon.count, 4);
  EXPECT_EQ(polygon.vertices[0], (Vec2<S>{0, 0}));
  EXPECT_EQ(polygon.vertices[1], (Vec2<S>{2, 0}));
  EXPECT_EQ(polygon.vertices[2], (Vec2<S>{2, 2}));
  EXPECT_EQ(polygon.vertices[3], (Vec2<S>{0, 2}));
  EXPECT_NEAR(polygon.center.x, 1, 1e-6);
  EXPECT_NEAR(polygon.center.y, 1, 1e-6);
}

TYPED_TEST(PolygonTest, HullModeRefusesTooManyHullVertices) {
  using S = TypeParam;
  std::vector<Vec2<S>> circle;
  for (int i = 0; i < 100; ++i) {
    const double angle = 2 * std::numbers::pi * i / 100;
    circle.push_back({S(std::cos(angle)), S(std::sin(angle))});
  }
  expectRefused(build<S>(circle, PolygonBuild::Hull), "the convex hull has 100 vertices, at most 64 are allowed", -1);
}

TYPED_TEST(PolygonTest, HullOfRandomCloudsIsConvexCounterClockwiseAndContainsAllPoints) {
  using S = TypeParam;
  std::mt19937_64 random(7);
  std::uniform_real_distribution<double> coordinate(-10, 10);
  std::uniform_int_distribution<int> size(1, 200);
  for (int trial = 0; trial < 500; ++trial) {
    std::vector<Vec2<S>> cloud(static_cast<std::size_t>(size(random)));
    for (auto& p : cloud) p = {S(coordinate(random)), S(coordinate(random))};
    const std::vector<Vec2<S>> hull = convexHull<S>(cloud);
    if (cloud.size() >= 3) {
      ASSERT_GE(hull.size(), 3u);
    }
    if (hull.size() < 3) continue;
    const std::size_t n = hull.size();
    // Leftmost (lowest among ties) first.
    for (const auto& p : cloud) EXPECT_TRUE(hull[0].x < p.x || (hull[0].x == p.x && hull[0].y <= p.y));
    for (std::size_t i = 0; i < n; ++i) {
      const Vec2<S> a = hull[i], b = hull[(i + 1) % n], c = hull[(i + 2) % n];
      ASSERT_GT(cross(b - a, c - b), S(0)) << "trial " << trial << " vertex " << i;  // strict left turn
      // Every point is left of (or on, up to rounding) every edge.
      const S edgeLength = length(b - a);
      for (const auto& p : cloud) {
        ASSERT_GE(cross(b - a, p - a) / edgeLength, (std::is_same_v<S, float> ? S(-1e-5) : S(-1e-12)))
            << "trial " << trial;
      }
    }
    // Hull vertices are input points.
    for (const auto& h : hull) EXPECT_NE(std::find(cloud.begin(), cloud.end(), h), cloud.end());
    // And makePolygon(Hull) accepts clouds whose hull fits.
    if (n <= static_cast<std::size_t>(kMaxPolygonVertices)) {
      const auto built = makePolygon<S>(std::span<const Vec2<S>>(cloud), PolygonBuild::Hull);
      ASSERT_TRUE(built.polygon.has_value()) << built.error;
      EXPECT_GT(signedArea<S>(std::span<const Vec2<S>>(built.polygon->vertices.data(),
                                                       static_cast<std::size_t>(built.polygon->count))),
                S(0));
    }
  }
}

// Half a million points along a square's edges, each bulging outward by far less than the tolerance: the hull
// keeps them all (none is exactly collinear), the clean-up must drop them in one linear pass, not one restart
// per point (quadratic: about a minute here).
TEST(PolygonTestDouble, HullCleanUpOfManyNearlyCollinearPointsIsLinear) {
  constexpr int kPerEdge = 125000;
  std::vector<Vec2<double>> points;
  points.reserve(4 * kPerEdge);
  for (int i = 0; i < kPerEdge; ++i) {
    const double t = -1.0 + 2.0 * i / kPerEdge;
    const double bulge = 1e-13 * (1.0 - t * t);  // a very flat outward arc: strictly convex
    points.push_back({t, -1.0 - bulge});
    points.push_back({1.0 + bulge, t});
    points.push_back({-t, 1.0 + bulge});
    points.push_back({-1.0 - bulge, -t});
  }
  const PolygonBuildResult<double> built = build(points, PolygonBuild::Hull);
  ASSERT_TRUE(built.polygon.has_value()) << built.error;
  EXPECT_EQ(built.polygon->count, 4);
}

TYPED_TEST(PolygonTest, HullSkipsNonFinitePointsAndCollapsesCollinearOnes) {
  using S = TypeParam;
  const S nan = std::numeric_limits<S>::quiet_NaN();
  const std::vector<Vec2<S>> line = {{0, 0}, {nan, 1}, {1, 1}, {2, 2}, {3, 3}};
  const std::vector<Vec2<S>> hull = convexHull<S>(line);
  ASSERT_EQ(hull.size(), 2u);
  EXPECT_EQ(hull[0], (Vec2<S>{0, 0}));
  EXPECT_EQ(hull[1], (Vec2<S>{3, 3}));
}

TYPED_TEST(PolygonTest, MakeBoxMatchesBoxCorners) {
  using S = TypeParam;
  const Polygon<S> box = makeBox<S>({S(2), S(0.5)});
  const auto corners = Box<S>{{S(2), S(0.5)}}.corners();
  ASSERT_EQ(box.count, 4);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(box.vertices[i], corners[i]);
  EXPECT_EQ(box.normals[1], (Vec2<S>{1, 0}));
  EXPECT_EQ(box.normals[2], (Vec2<S>{0, 1}));
  EXPECT_EQ(box.center, (Vec2<S>{}));
}

TYPED_TEST(PolygonTest, RegularPolygonPassesValidationAndClampsItsCount) {
  using S = TypeParam;
  for (int n : {3, 5, 8, 64}) {
    const Polygon<S> polygon = makeRegularPolygon<S>(n, S(3));
    ASSERT_EQ(polygon.count, n);
    const auto rebuilt =
        makePolygon<S>(std::span<const Vec2<S>>(polygon.vertices.data(), static_cast<std::size_t>(n)));
    ASSERT_TRUE(rebuilt.polygon.has_value()) << n << ": " << rebuilt.error;
    EXPECT_NEAR(rebuilt.polygon->center.x, 0, 1e-5);
    EXPECT_NEAR(rebuilt.polygon->center.y, 0, 1e-5);
    for (int i = 0; i < n; ++i) EXPECT_NEAR(length(polygon.normals[i]), 1, 1e-6);
  }
  EXPECT_EQ(makeRegularPolygon<S>(1, S(1)).count, 3);
  EXPECT_EQ(makeRegularPolygon<S>(1000, S(1)).count, kMaxPolygonVertices);
}

}  // namespace
}  // namespace collide
