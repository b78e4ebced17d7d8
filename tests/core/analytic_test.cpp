// Analytic shape-pair tests (Shape intersection tests): hand cases, a brute-force reference over random cases (the
// boundary sampled densely, inside decided independently), the sector's four steps at every half-angle, degenerate
// input.
//
// [SECTION] Brute-force reference
// [SECTION] Random cases against the reference
// [SECTION] Hand cases and conventions
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <numbers>
#include <random>
#include <type_traits>
#include <vector>

#include "collide/analytic.h"
#include "collide/polygon.h"
#include "support/core_test_support.h"

namespace collide {
namespace {

using namespace collide::test;  // Scalars, kClose, at, placed, sameBits

template <class S>
class AnalyticTest : public ::testing::Test {};
TYPED_TEST_SUITE(AnalyticTest, Scalars);

// [SECTION] Brute-force reference

// B in its own frame: dense boundary samples and an inside test written independently of the library.
struct Reference {
  std::vector<Vec2<double>> boundary;
  std::function<bool(Vec2<double>)> inside;
  double spacing = 0;  // largest gap between neighbouring samples: the reference's own error bound
};

void addSegment(Reference& ref, Vec2<double> a, Vec2<double> b, int samples) {
  for (int i = 0; i <= samples; ++i) ref.boundary.push_back(lerp(a, b, double(i) / samples));
  ref.spacing = std::max(ref.spacing, length(b - a) / samples);
}

void addArc(Reference& ref, Vec2<double> center, double radius, double from, double to, int samples) {
  for (int i = 0; i <= samples; ++i) {
    const double angle = from + (to - from) * i / samples;
    ref.boundary.push_back(center + radius * Vec2<double>{std::cos(angle), std::sin(angle)});
  }
  ref.spacing = std::max(ref.spacing, radius * std::abs(to - from) / samples);
}

double signedDistance(const Reference& ref, Vec2<double> p) {
  double nearest = std::numeric_limits<double>::infinity();
  for (const Vec2<double>& s : ref.boundary) nearest = std::min(nearest, lengthSquared(p - s));
  nearest = std::sqrt(nearest);
  return ref.inside(p) ? -nearest : nearest;
}

Reference circleReference(const Circle<double>& c) {
  Reference ref;
  addArc(ref, c.center, c.radius, 0, 2 * std::numbers::pi, 4000);
  ref.inside = [c](Vec2<double> p) { return length(p - c.center) <= c.radius; };
  return ref;
}

Reference boxReference(Vec2<double> low, Vec2<double> high) {
  Reference ref;
  addSegment(ref, low, {high.x, low.y}, 1500);
  addSegment(ref, {high.x, low.y}, high, 1500);
  addSegment(ref, high, {low.x, high.y}, 1500);
  addSegment(ref, {low.x, high.y}, low, 1500);
  ref.inside = [low, high](Vec2<double> p) { return p.x >= low.x && p.x <= high.x && p.y >= low.y && p.y <= high.y; };
  return ref;
}

// A capsule's boundary is the set at distance r from its core: sample the core, subtract r.
double capsuleSignedDistance(const Capsule<double>& c, Vec2<double> p) {
  double nearest = std::numeric_limits<double>::infinity();
  for (int i = 0; i <= 6000; ++i) nearest = std::min(nearest, length(p - lerp(c.a, c.b, i / 6000.0)));
  return nearest - c.radius;
}

Reference sectorReference(const Sector<double>& s) {
  Reference ref;
  const Vec2<double> upper = s.radius * Vec2<double>{std::cos(s.halfAngle), std::sin(s.halfAngle)};
  addSegment(ref, {}, upper, 1500);
  addSegment(ref, {}, {upper.x, -upper.y}, 1500);
  addArc(ref, {}, s.radius, -s.halfAngle, s.halfAngle, 3000);
  ref.inside = [s](Vec2<double> p) {
    return length(p) <= s.radius && std::abs(std::atan2(p.y, p.x)) <= s.halfAngle;
  };
  return ref;
}

Reference polygonReference(const Polygon<double>& polygon) {
  Reference ref;
  for (int i = 0; i < polygon.count; ++i) {
    addSegment(ref, polygon.vertices[i], polygon.vertices[(i + 1) % polygon.count], 800);
  }
  ref.inside = [polygon](Vec2<double> p) { return pointInPolygon(polygon, p, PointInPolygonMethod::RayCast); };
  return ref;
}

// Rounding allowed in pointA / pointB and the normal's length, beyond the reference's own sampling error.
template <class S>
constexpr double kRounding = std::is_same_v<S, float> ? 5e-5 : 1e-9;

// Checks one analytic result against the reference's signed distance of the circle's centre (in B's frame).
template <class S>
void expectMatchesReference(const AnalyticResult<S>& result, double referenceSignedDistance, double radius,
                            Vec2<double> centerWorld, double tolerance, int trial) {
  ASSERT_EQ(result.status, Status::Converged) << trial;
  const double referenceGap = referenceSignedDistance - radius;
  const double gap = result.hit ? -double(result.depth) : double(result.distance);
  if (std::abs(referenceGap) > tolerance) {
    ASSERT_EQ(result.hit, referenceGap <= 0) << trial << " reference gap " << referenceGap;
  }
  ASSERT_NEAR(gap, referenceGap, tolerance) << trial;
  ASSERT_GE(result.distance, S(0)) << trial;
  ASSERT_GE(result.depth, S(0)) << trial;
  const Vec2<double> normal = result.normal.template cast<double>();
  ASSERT_NEAR(length(normal), 1, kRounding<S>) << trial;
  const Vec2<double> pointA = result.pointA.template cast<double>();
  const Vec2<double> pointB = result.pointB.template cast<double>();
  const Vec2<double> expectedPointA = centerWorld + radius * normal;
  ASSERT_NEAR(pointA.x, expectedPointA.x, kRounding<S>) << trial;
  ASSERT_NEAR(pointA.y, expectedPointA.y, kRounding<S>) << trial;
  // pointB is where B's boundary meets pointA after the push (or the closest point when apart).
  const Vec2<double> fromA = pointA + gap * normal;
  ASSERT_NEAR(fromA.x, pointB.x, kRounding<S>) << trial;
  ASSERT_NEAR(fromA.y, pointB.y, kRounding<S>) << trial;
}

// The shapes are drawn in double, then rounded to the scalar under test; the reference uses the rounded values.
template <class S>
Circle<S> rounded(const Circle<double>& c) { return {c.center.cast<S>(), S(c.radius)}; }
template <class S>
Aabb<S> rounded(const Aabb<double>& b) { return {b.min.cast<S>(), b.max.cast<S>()}; }
template <class S>
Box<S> rounded(const Box<double>& b) { return {b.halfExtents.cast<S>()}; }
template <class S>
Capsule<S> rounded(const Capsule<double>& c) { return {c.a.cast<S>(), c.b.cast<S>(), S(c.radius)}; }
template <class S>
Sector<S> rounded(const Sector<double>& s) { return {S(s.radius), S(s.halfAngle)}; }
template <class S>
Transform<S> rounded(const Transform<double>& xf) { return xf.cast<S>(); }
template <class S>
Circle<double> widened(const Circle<S>& c) { return {c.center.template cast<double>(), double(c.radius)}; }
template <class S>
Aabb<double> widened(const Aabb<S>& b) { return {b.min.template cast<double>(), b.max.template cast<double>()}; }
template <class S>
Box<double> widened(const Box<S>& b) { return {b.halfExtents.template cast<double>()}; }
template <class S>
Capsule<double> widened(const Capsule<S>& c) {
  return {c.a.template cast<double>(), c.b.template cast<double>(), double(c.radius)};
}
template <class S>
Sector<double> widened(const Sector<S>& s) { return {double(s.radius), double(s.halfAngle)}; }
template <class S>
Transform<double> widened(const Transform<S>& xf) { return xf.template cast<double>(); }

struct RandomCase {
  Circle<double> circle;
  Transform<double> circleTransform;
  Transform<double> shapeTransform;
};

RandomCase randomCase(std::mt19937_64& random) {
  std::uniform_real_distribution<double> unit(0, 1);
  std::uniform_real_distribution<double> position(-3, 3);
  std::uniform_real_distribution<double> angle(-std::numbers::pi, std::numbers::pi);
  RandomCase c;
  c.circle.radius = unit(random) < 0.1 ? 0.0 : 1.5 * unit(random);  // zero radius: a point
  c.circle.center = {0.3 * position(random), 0.3 * position(random)};
  c.circleTransform = Transform<double>::fromPose({position(random), position(random)}, angle(random));
  c.shapeTransform = Transform<double>::fromPose({position(random), position(random)}, angle(random));
  return c;
}

// The case rounded to S and back, so the reference sees exactly the shapes the test under S sees.
template <class S>
RandomCase roundedCase(const RandomCase& c) {
  return {widened(rounded<S>(c.circle)), widened(rounded<S>(c.circleTransform)),
          widened(rounded<S>(c.shapeTransform))};
}

Vec2<double> centerInShapeFrame(const RandomCase& c) {
  return c.shapeTransform.applyInverse(c.circleTransform.apply(c.circle.center));
}

// [SECTION] Random cases against the reference

constexpr int kRandomCases = 1500;

template <class S>
class AnalyticReference : public ::testing::Test {};
TYPED_TEST_SUITE(AnalyticReference, Scalars);

// Calls test(circle, circleTransform, shape, shapeTransform) on the case and shape rounded to S.
#define CALL_ROUNDED(test, c, shape) \
  test(rounded<S>((c).circle), rounded<S>((c).circleTransform), rounded<S>(shape), rounded<S>((c).shapeTransform))

TYPED_TEST(AnalyticReference, CircleVsCircle) {
  using S = TypeParam;
  std::mt19937_64 random(31);
  std::uniform_real_distribution<double> unit(0, 1);
  for (int trial = 0; trial < kRandomCases; ++trial) {
    const RandomCase c = roundedCase<S>(randomCase(random));
    const Circle<double> b = widened(rounded<S>(Circle<double>{{unit(random) - 0.5, unit(random) - 0.5}, 2 * unit(random)}));
    const Reference ref = circleReference(b);
    const auto result = CALL_ROUNDED(circleVsCircle, c, b);
    expectMatchesReference(result, signedDistance(ref, centerInShapeFrame(c)), c.circle.radius,
                           c.circleTransform.apply(c.circle.center), 2 * ref.spacing, trial);
  }
}

TYPED_TEST(AnalyticReference, CircleVsAabb) {
  using S = TypeParam;
  std::mt19937_64 random(32);
  std::uniform_real_distribution<double> unit(0, 1);
  for (int trial = 0; trial < kRandomCases; ++trial) {
    const RandomCase c = roundedCase<S>(randomCase(random));
    const Vec2<double> low{-2 * unit(random), -2 * unit(random)};
    const Aabb<double> b =
        widened(rounded<S>(Aabb<double>{low, low + Vec2<double>{0.1 + 2 * unit(random), 0.1 + 2 * unit(random)}}));
    const Reference ref = boxReference(b.min, b.max);
    const Vec2<double> center = c.circleTransform.apply(c.circle.center);
    const auto result = circleVsAabb(rounded<S>(c.circle), rounded<S>(c.circleTransform), rounded<S>(b));
    expectMatchesReference(result, signedDistance(ref, center), c.circle.radius, center, 2 * ref.spacing, trial);
  }
}

TYPED_TEST(AnalyticReference, CircleVsBox) {
  using S = TypeParam;
  std::mt19937_64 random(33);
  std::uniform_real_distribution<double> unit(0, 1);
  for (int trial = 0; trial < kRandomCases; ++trial) {
    const RandomCase c = roundedCase<S>(randomCase(random));
    const Box<double> b = widened(rounded<S>(Box<double>{{0.05 + 1.5 * unit(random), 0.05 + 1.5 * unit(random)}}));
    const Reference ref = boxReference(-b.halfExtents, b.halfExtents);
    const auto result = CALL_ROUNDED(circleVsBox, c, b);
    expectMatchesReference(result, signedDistance(ref, centerInShapeFrame(c)), c.circle.radius,
                           c.circleTransform.apply(c.circle.center), 2 * ref.spacing, trial);
  }
}

TYPED_TEST(AnalyticReference, CircleVsCapsule) {
  using S = TypeParam;
  std::mt19937_64 random(34);
  std::uniform_real_distribution<double> unit(0, 1);
  for (int trial = 0; trial < kRandomCases; ++trial) {
    const RandomCase c = roundedCase<S>(randomCase(random));
    Capsule<double> b = widened(rounded<S>(
        Capsule<double>{{-2 * unit(random), unit(random) - 0.5}, {2 * unit(random), unit(random) - 0.5}, unit(random)}));
    if (trial % 10 == 0) b.b = b.a;  // a zero-length core: a circle
    const auto result = CALL_ROUNDED(circleVsCapsule, c, b);
    expectMatchesReference(result, capsuleSignedDistance(b, centerInShapeFrame(c)), c.circle.radius,
                           c.circleTransform.apply(c.circle.center), 2e-3, trial);
  }
}

TYPED_TEST(AnalyticReference, CircleVsSectorAtEveryHalfAngle) {
  using S = TypeParam;
  std::mt19937_64 random(35);
  std::uniform_real_distribution<double> unit(0, 1);
  const double pi = std::numbers::pi;
  const double special[] = {0.0, pi / 4, pi / 2, 3 * pi / 4, pi};
  for (int trial = 0; trial < 3 * kRandomCases; ++trial) {
    const RandomCase c = roundedCase<S>(randomCase(random));
    const double halfAngle = trial % 3 == 0 ? special[(trial / 3) % 5] : pi * unit(random);
    // Rounded to S; float(pi) is slightly more than pi, so the widest sector keeps pi itself.
    Sector<S> sector = rounded<S>(Sector<double>{0.2 + 2 * unit(random), halfAngle});
    sector.halfAngle = std::min(sector.halfAngle, std::numbers::pi_v<S>);
    const Sector<double> b = widened(sector);
    const Reference ref = sectorReference(b);
    const auto result = circleVsSector(rounded<S>(c.circle), rounded<S>(c.circleTransform), sector,
                                       rounded<S>(c.shapeTransform));
    const double reference = signedDistance(ref, centerInShapeFrame(c));
    if (b.halfAngle > pi / 2 && result.hit) {
      // Not convex: the depth is a minimum translation (AnalyticPush.WideSectorsDepthIsTheLeastPushThatSeparates),
      // at least the nearest boundary point's.
      ASSERT_GE(double(result.depth), c.circle.radius - reference - 2 * ref.spacing) << trial;
      continue;
    }
    expectMatchesReference(result, reference, c.circle.radius, c.circleTransform.apply(c.circle.center), 2 * ref.spacing, trial);
  }
}

TYPED_TEST(AnalyticReference, CircleVsPolygonWithEveryInsideMethod) {
  using S = TypeParam;
  std::mt19937_64 random(36);
  std::uniform_real_distribution<double> coordinate(-1.5, 1.5);
  const PointInPolygonMethod methods[] = {PointInPolygonMethod::AngleSum, PointInPolygonMethod::AreaSum,
                                          PointInPolygonMethod::CrossSign, PointInPolygonMethod::RayCast};
  for (int trial = 0; trial < kRandomCases; ++trial) {
    const RandomCase c = roundedCase<S>(randomCase(random));
    std::vector<Vec2<S>> cloud(8);
    for (auto& p : cloud) p = {S(coordinate(random)), S(coordinate(random))};
    const auto built = makePolygon<S>(std::span<const Vec2<S>>(cloud), PolygonBuild::Hull);
    if (!built.polygon) continue;
    std::vector<Vec2<double>> outline;
    for (int i = 0; i < built.polygon->count; ++i) outline.push_back(built.polygon->vertices[i].template cast<double>());
    const Reference ref = polygonReference(*makePolygon<double>(std::span<const Vec2<double>>(outline)).polygon);
    const double reference = signedDistance(ref, centerInShapeFrame(c));
    for (PointInPolygonMethod method : methods) {
      const auto result = circleVsPolygon(rounded<S>(c.circle), rounded<S>(c.circleTransform), *built.polygon,
                                          rounded<S>(c.shapeTransform), method);
      expectMatchesReference(result, reference, c.circle.radius, c.circleTransform.apply(c.circle.center),
                             2 * ref.spacing, trial);
    }
  }
}

// For convex B the normal and depth are a true minimum translation: pushing B by a hair more separates.
TEST(AnalyticPush, PushingBAlongTheNormalSeparatesConvexPairs) {
  std::mt19937_64 random(37);
  std::uniform_real_distribution<double> unit(0, 1);
  int pushes = 0;
  for (int trial = 0; trial < kRandomCases; ++trial) {
    const RandomCase c = randomCase(random);
    const Box<double> box{{0.1 + unit(random), 0.1 + unit(random)}};
    const Capsule<double> capsule{{-1, 0}, {1, 0.5}, 0.4};
    const Sector<double> sector{1.5, 1.5 * unit(random)};  // convex: at most 90 degrees
    const Circle<double> circle{{}, unit(random)};
    const auto check = [&](const AnalyticResult<double>& result, const auto& rerun) {
      if (!result.hit || result.depth < 1e-6) return;
      ++pushes;
      Transform<double> moved = c.shapeTransform;
      moved.p += (result.depth * (1 + 1e-9) + 1e-12) * result.normal;
      EXPECT_FALSE(rerun(moved).hit) << trial;
      moved.p = c.shapeTransform.p + result.depth * (1 - 1e-6) * result.normal;
      EXPECT_TRUE(rerun(moved).hit) << trial;
    };
    check(circleVsBox(c.circle, c.circleTransform, box, c.shapeTransform),
          [&](const Transform<double>& xf) { return circleVsBox(c.circle, c.circleTransform, box, xf); });
    check(circleVsCapsule(c.circle, c.circleTransform, capsule, c.shapeTransform),
          [&](const Transform<double>& xf) { return circleVsCapsule(c.circle, c.circleTransform, capsule, xf); });
    check(circleVsSector(c.circle, c.circleTransform, sector, c.shapeTransform),
          [&](const Transform<double>& xf) { return circleVsSector(c.circle, c.circleTransform, sector, xf); });
    check(circleVsCircle(c.circle, c.circleTransform, circle, c.shapeTransform),
          [&](const Transform<double>& xf) { return circleVsCircle(c.circle, c.circleTransform, circle, xf); });
  }
  EXPECT_GT(pushes, 500);
}

// A sector wider than 90 degrees is not convex: pushing the circle off the nearest boundary point can land it on
// the far edge of the notch (newcomer review s31, A1: r 0.3 at (0.5, 0) in a half angle 2 sector gave depth 0.8
// along +x, and B moved by that still overlapped by 0.027). The depth is the least push that clears B: B moved by
// it along the normal touches at most, by a hair less it overlaps, and no direction clears it in less.
TEST(AnalyticPush, WideSectorsDepthIsTheLeastPushThatSeparates) {
  std::mt19937_64 random(38);
  std::uniform_real_distribution<double> unit(0, 1);
  const double pi = std::numbers::pi;
  const auto rerun = [](const Circle<double>& circle, const Transform<double>& xfA, const Sector<double>& sector,
                        const Transform<double>& xfB) { return circleVsSector(circle, xfA, sector, xfB); };
  int pushes = 0;
  for (int trial = 0; trial < 4000; ++trial) {
    const Sector<double> sector{0.5 + 1.5 * unit(random), pi / 2 + (pi / 2) * unit(random)};
    const Circle<double> circle{{}, 0.05 + 0.8 * unit(random)};
    // Centres near the apex and the notch, where the nearest boundary point misleads.
    const double angle = 2 * pi * unit(random), reach = 1.2 * sector.radius * unit(random);
    const Transform<double> xfA{{reach * std::cos(angle), reach * std::sin(angle)}, {}};
    const Transform<double> xfB{};
    const AnalyticResult<double> result = rerun(circle, xfA, sector, xfB);
    if (!result.hit || result.depth < 1e-6) continue;
    ++pushes;
    ASSERT_NEAR(length(result.normal), 1, 1e-12);
    // Pushed by the depth the pair touches at most: into the notch's corner, where the two edges' offsets meet, a
    // push a hair longer along the same line can touch the far edge again, so touching is the check there.
    Transform<double> moved = xfB;
    moved.p = xfB.p + (result.depth * (1 + 1e-9) + 1e-12) * result.normal;
    const AnalyticResult<double> pushed = rerun(circle, xfA, sector, moved);
    ASSERT_TRUE(!pushed.hit || pushed.depth < 1e-8) << trial << " still " << pushed.depth << " deep";
    moved.p = xfB.p + result.depth * (1 - 1e-6) * result.normal;
    ASSERT_TRUE(rerun(circle, xfA, sector, moved).hit) << trial;
    for (int k = 0; k < 64; ++k) {
      const double turn = 2 * pi * k / 64;
      moved.p = xfB.p + result.depth * (1 - 1e-6) * Vec2<double>{std::cos(turn), std::sin(turn)};
      ASSERT_TRUE(rerun(circle, xfA, sector, moved).hit) << trial << " a shorter push along " << turn << " separates";
    }
    EXPECT_NEAR(length(result.pointA - result.pointB), result.depth, 1e-9);
  }
  EXPECT_GT(pushes, 1000);
  // The review's two cases by hand: the centre on the apex leaves through the notch's corner, r / sin(alpha) away.
  const Sector<double> wide{1, 2};
  const AnalyticResult<double> onApex = circleVsSector(Circle<double>{{}, 1}, Transform<double>{}, wide, Transform<double>{});
  EXPECT_NEAR(onApex.depth, 1 / std::sin(2.0), 1e-12);
  EXPECT_NEAR(onApex.normal.x, 1, 1e-12);
  const AnalyticResult<double> nearApex =
      circleVsSector(Circle<double>{{}, 0.3}, Transform<double>{{0.5, 0}, {}}, Sector<double>{2, 2}, Transform<double>{});
  EXPECT_NEAR(nearApex.depth, 0.5 + 0.3 / std::sin(2.0), 1e-12);
}

// [SECTION] Hand cases and conventions

TYPED_TEST(AnalyticTest, CircleVsCircleSeparatedOverlappingTouching) {
  using S = TypeParam;
  const Circle<S> unit{{}, 1};
  const AnalyticResult<S> apart = circleVsCircle(unit, at<S>(0, 0), unit, at<S>(3, 4));
  EXPECT_FALSE(apart.hit);
  EXPECT_NEAR(apart.distance, 3, 1e-6);
  EXPECT_NEAR(apart.normal.x, 0.6, 1e-6);
  EXPECT_NEAR(apart.pointB.x, 3 - 0.6, 1e-6);
  const AnalyticResult<S> overlapping = circleVsCircle(unit, at<S>(0, 0), unit, at<S>(S(1.5), 0));
  EXPECT_TRUE(overlapping.hit);
  EXPECT_NEAR(overlapping.depth, 0.5, 1e-6);
  const AnalyticResult<S> touching = circleVsCircle(unit, at<S>(0, 0), unit, at<S>(2, 0));
  EXPECT_TRUE(touching.hit);
  EXPECT_EQ(touching.depth, S(0));
  EXPECT_EQ(touching.distance, S(0));
}

TYPED_TEST(AnalyticTest, CoincidentCentresAndZeroRadii) {
  using S = TypeParam;
  const AnalyticResult<S> same = circleVsCircle(Circle<S>{{}, 1}, at<S>(5, 5), Circle<S>{{}, 2}, at<S>(5, 5));
  EXPECT_TRUE(same.hit);
  EXPECT_EQ(same.depth, S(3));
  EXPECT_EQ(same.normal, (Vec2<S>{1, 0}));  // documented fallback
  const AnalyticResult<S> points = circleVsCircle(Circle<S>{{}, 0}, at<S>(1, 1), Circle<S>{{}, 0}, at<S>(1, 1));
  EXPECT_TRUE(points.hit);
  EXPECT_EQ(points.depth, S(0));
  // A capsule of radius 0 is its segment; a sector of radius 0 is its apex.
  const Capsule<S> segment{{-1, 0}, {1, 0}, 0};
  EXPECT_TRUE(circleVsCapsule(Circle<S>{{}, S(0.5)}, at<S>(0, S(0.5)), segment, at<S>(0, 0)).hit);
  EXPECT_FALSE(circleVsCapsule(Circle<S>{{}, S(0.5)}, at<S>(0, S(0.6)), segment, at<S>(0, 0)).hit);
  const Sector<S> apex{0, 1};
  const AnalyticResult<S> onApex = circleVsSector(Circle<S>{{}, 1}, at<S>(S(0.6), S(0.8)), apex, at<S>(0, 0));
  EXPECT_TRUE(onApex.hit);
  EXPECT_NEAR(onApex.depth, 0, 1e-6);
  EXPECT_FALSE(circleVsSector(Circle<S>{{}, 1}, at<S>(S(0.6), S(0.9)), apex, at<S>(0, 0)).hit);
  // A zero-radius circle against a polygon is point in polygon.
  const Polygon<S> hexagon = makeRegularPolygon<S>(6, 1);
  EXPECT_TRUE(circleVsPolygon(Circle<S>{{}, 0}, at<S>(S(0.5), 0), hexagon, at<S>(0, 0)).hit);
  EXPECT_FALSE(circleVsPolygon(Circle<S>{{}, 0}, at<S>(S(1.5), 0), hexagon, at<S>(0, 0)).hit);
}

TYPED_TEST(AnalyticTest, CircleVsAabbClampsOutsideAndPushesThroughTheNearestFaceInside) {
  using S = TypeParam;
  const Aabb<S> box{{0, 0}, {4, 2}};
  const AnalyticResult<S> corner = circleVsAabb(Circle<S>{{}, 1}, at<S>(5, 3), box);
  EXPECT_FALSE(corner.hit);
  EXPECT_NEAR(corner.distance, std::sqrt(2.0) - 1, 1e-6);
  EXPECT_EQ(corner.pointB, (Vec2<S>{4, 2}));
  // Centre inside, nearest the right face (distance 0.5): B must move left by 0.5 + r.
  const AnalyticResult<S> inside = circleVsAabb(Circle<S>{{}, 1}, at<S>(S(3.5), 1), box);
  EXPECT_TRUE(inside.hit);
  EXPECT_NEAR(inside.depth, 1.5, 1e-6);
  EXPECT_EQ(inside.normal, (Vec2<S>{-1, 0}));
  EXPECT_EQ(inside.pointB, (Vec2<S>{4, 1}));
  // Centre exactly on the top face: the fallback normal is the face's inward direction.
  const AnalyticResult<S> onFace = circleVsAabb(Circle<S>{{}, S(0.25)}, at<S>(1, 2), box);
  EXPECT_TRUE(onFace.hit);
  EXPECT_NEAR(onFace.depth, 0.25, 1e-6);
  EXPECT_EQ(onFace.normal, (Vec2<S>{0, -1}));
  // Touching a face from outside.
  const AnalyticResult<S> touching = circleVsAabb(Circle<S>{{}, 1}, at<S>(5, 1), box);
  EXPECT_TRUE(touching.hit);
  EXPECT_EQ(touching.depth, S(0));
}

TYPED_TEST(AnalyticTest, CircleVsBoxWorksInTheBoxFrame) {
  using S = TypeParam;
  const S quarter = std::numbers::pi_v<S> / 4;
  // A box turned 45 degrees: its corner points along +x at distance sqrt(2).
  const AnalyticResult<S> result = circleVsBox(Circle<S>{{}, S(0.5)}, at<S>(2, 0), Box<S>{{1, 1}}, at<S>(0, 0, quarter));
  EXPECT_FALSE(result.hit);
  EXPECT_NEAR(result.distance, 2 - std::sqrt(2.0) - 0.5, 1e-5);
  EXPECT_NEAR(result.normal.x, -1, 1e-5);
  EXPECT_NEAR(result.pointB.x, std::sqrt(2.0), 1e-5);
}

TYPED_TEST(AnalyticTest, CircleVsCapsuleOnTheCoreAndPastItsEnds) {
  using S = TypeParam;
  const Capsule<S> capsule{{-1, 0}, {1, 0}, S(0.5)};
  const AnalyticResult<S> side = circleVsCapsule(Circle<S>{{}, S(0.25)}, at<S>(S(0.3), 2), capsule, at<S>(0, 0));
  EXPECT_FALSE(side.hit);
  EXPECT_NEAR(side.distance, 1.25, 1e-6);
  EXPECT_NEAR(side.normal.y, -1, 1e-6);
  const AnalyticResult<S> end = circleVsCapsule(Circle<S>{{}, S(0.25)}, at<S>(S(1.6), 0), capsule, at<S>(0, 0));
  EXPECT_TRUE(end.hit);
  EXPECT_NEAR(end.depth, 0.15, 1e-6);
  // Exactly on the core (0.5 is exact along the segment): pushed sideways off its left (+y), depth r + R.
  const AnalyticResult<S> core = circleVsCapsule(Circle<S>{{}, S(0.25)}, at<S>(S(0.5), 0), capsule, at<S>(0, 0));
  EXPECT_TRUE(core.hit);
  EXPECT_NEAR(core.depth, 0.75, 1e-6);
  EXPECT_NEAR(core.normal.y, 1, 1e-6);
}

TYPED_TEST(AnalyticTest, SectorStepsFollowTheArticle) {
  using S = TypeParam;
  const Sector<S> sector{2, std::numbers::pi_v<S> / 6};  // 30 degrees each side of +x
  const Circle<S> circle{{}, S(0.5)};
  {
    Recorder<AnalyticStep<S>> trace;  // 1. too far from the apex
    const AnalyticResult<S> result = circleVsSector(circle, at<S>(3, 0), sector, at<S>(0, 0), trace);
    EXPECT_FALSE(result.hit);
    ASSERT_EQ(trace.steps.size(), 1u);
    EXPECT_TRUE(trace.steps[0].decided);
  }
  {
    Recorder<AnalyticStep<S>> trace;  // 3. inside the span, within R + r: hit
    const AnalyticResult<S> result = circleVsSector(circle, at<S>(S(2.3), S(-0.2)), sector, at<S>(0, 0), trace);
    EXPECT_TRUE(result.hit);
    ASSERT_EQ(trace.steps.size(), 3u);
    EXPECT_TRUE(trace.steps[2].decided);
    EXPECT_TRUE(trace.steps[2].hit);
  }
  {
    Recorder<AnalyticStep<S>> trace;  // 4. outside the span: the straight edge decides
    const AnalyticResult<S> near = circleVsSector(circle, at<S>(S(0.8), S(0.9)), sector, at<S>(0, 0), trace);
    ASSERT_EQ(trace.steps.size(), 4u);
    EXPECT_EQ(trace.steps[3].hit, near.hit);
    EXPECT_TRUE(near.hit);
    Recorder<AnalyticStep<S>> farTrace;
    const AnalyticResult<S> far = circleVsSector(circle, at<S>(S(0.2), S(1.5)), sector, at<S>(0, 0), farTrace);
    EXPECT_FALSE(far.hit);
    ASSERT_EQ(farTrace.steps.size(), 4u);
  }
}

TYPED_TEST(AnalyticTest, WideSectorsAreNotConvexButStillExact) {
  using S = TypeParam;
  const S pi = std::numbers::pi_v<S>;
  // Half-angle 150 degrees: a disc with a 60-degree notch on the -x side.
  const Sector<S> pacman{2, pi * 5 / 6};
  EXPECT_FALSE(circleVsSector(Circle<S>{{}, S(0.1)}, at<S>(S(-1.5), 0), pacman, at<S>(0, 0)).hit);  // in the notch
  EXPECT_TRUE(circleVsSector(Circle<S>{{}, S(0.1)}, at<S>(S(-1.5), S(1)), pacman, at<S>(0, 0)).hit);
  EXPECT_TRUE(circleVsSector(Circle<S>{{}, S(0.1)}, at<S>(0, S(-1.9)), pacman, at<S>(0, 0)).hit);
  // Half-angle pi: the full disc, even on its -x axis.
  const Sector<S> disc{2, pi};
  EXPECT_TRUE(circleVsSector(Circle<S>{{}, S(0.1)}, at<S>(S(-1.5), 0), disc, at<S>(0, 0)).hit);
  EXPECT_FALSE(circleVsSector(Circle<S>{{}, S(0.1)}, at<S>(S(-2.5), 0), disc, at<S>(0, 0)).hit);
  // Half-angle 0: a segment along +x.
  const Sector<S> needle{2, 0};
  EXPECT_TRUE(circleVsSector(Circle<S>{{}, S(0.1)}, at<S>(1, S(0.05)), needle, at<S>(0, 0)).hit);
  EXPECT_FALSE(circleVsSector(Circle<S>{{}, S(0.1)}, at<S>(1, S(0.2)), needle, at<S>(0, 0)).hit);
  // The centre on the apex.
  EXPECT_TRUE(circleVsSector(Circle<S>{{}, 0}, at<S>(0, 0), pacman, at<S>(0, 0)).hit);
}

TYPED_TEST(AnalyticTest, CircleVsPolygonInsideGivesTheNearestEdge) {
  using S = TypeParam;
  const Polygon<S> box = makeBox<S>({2, 1});
  Recorder<AnalyticStep<S>> trace;
  const AnalyticResult<S> result = circleVsPolygon(Circle<S>{{}, S(0.5)}, at<S>(0, S(0.75)), box, at<S>(0, 0), trace);
  EXPECT_TRUE(result.hit);
  EXPECT_NEAR(result.depth, 0.75, 1e-6);
  EXPECT_NEAR(result.normal.y, -1, 1e-6);
  ASSERT_EQ(trace.steps.size(), 1u + 4u + 1u);  // inside?, 4 edges, verdict
  for (int i = 0; i < 4; ++i) EXPECT_EQ(trace.steps[1 + i].edge, i);
  EXPECT_NEAR(trace.steps[3].value, 0.25, 1e-6);  // edge 2 is the top, y = 1
  EXPECT_TRUE(trace.steps.back().decided);
  EXPECT_EQ(trace.steps.back().edge, 2);
}

TYPED_TEST(AnalyticTest, AabbVsAabbAgreesWithSatAndMeasuresTheGap) {
  using S = TypeParam;
  const Aabb<S> a{{0, 0}, {2, 1}};
  const Aabb<S> overlapping{{S(1.5), S(0.75)}, {3, 3}};
  const AnalyticResult<S> hit = aabbVsAabb(a, overlapping);
  const SatResult<S> sat = satAabbs(a, overlapping);
  EXPECT_TRUE(hit.hit);
  EXPECT_EQ(hit.depth, sat.depth);
  EXPECT_EQ(hit.normal, sat.normal);
  EXPECT_NEAR((hit.pointA - hit.pointB).y, hit.depth, 1e-6);
  // Apart diagonally: the gap is the distance between the nearest corners.
  const AnalyticResult<S> apart = aabbVsAabb(a, Aabb<S>{{5, 5}, {6, 6}});
  EXPECT_FALSE(apart.hit);
  EXPECT_NEAR(apart.distance, 5, 1e-6);
  EXPECT_EQ(apart.pointA, (Vec2<S>{2, 1}));
  EXPECT_EQ(apart.pointB, (Vec2<S>{5, 5}));
  EXPECT_NEAR(apart.normal.x, 0.6, 1e-6);
  // Apart along x only: the gap is the x gap.
  const AnalyticResult<S> side = aabbVsAabb(a, Aabb<S>{{3, S(0.5)}, {4, 4}});
  EXPECT_NEAR(side.distance, 1, 1e-6);
  EXPECT_EQ(side.normal, (Vec2<S>{1, 0}));
  EXPECT_TRUE(aabbVsAabb(a, Aabb<S>{{2, 1}, {3, 3}}).hit);  // corner touching
}

TEST(AnalyticTestDouble, LargeAndTinyCoordinates) {
  const Box<double> box{{1, 0.5}};
  const Circle<double> circle{{}, 0.4};
  const AnalyticResult<double> near = circleVsBox(circle, at(1.2, 0.7, 0.0), box, at(0.0, 0.0, 0.3));
  const AnalyticResult<double> far = circleVsBox(circle, at(1e6 + 1.2, 1e6 + 0.7, 0.0), box, at(1e6, 1e6, 0.3));
  EXPECT_EQ(near.hit, far.hit);
  EXPECT_NEAR(near.depth, far.depth, 1e-9);
  EXPECT_NEAR(near.distance, far.distance, 1e-9);
  // Everything a million times smaller: the same answer, scaled.
  const AnalyticResult<double> tiny =
      circleVsBox(Circle<double>{{}, 0.4e-6}, at(1.2e-6, 0.7e-6, 0.0), Box<double>{{1e-6, 0.5e-6}}, at(0.0, 0.0, 0.3));
  EXPECT_EQ(near.hit, tiny.hit);
  EXPECT_NEAR(tiny.depth * 1e6, near.depth, 1e-9);
  EXPECT_NEAR(tiny.distance * 1e6, near.distance, 1e-9);
  const AnalyticResult<double> farCircles =
      circleVsCircle(circle, at(1e6, -1e6), Circle<double>{{}, 0.6}, at(1e6 + 1.0, -1e6));
  EXPECT_TRUE(farCircles.hit);
  EXPECT_EQ(farCircles.depth, 0.0);  // exactly touching, still exact at 1e6
}

TYPED_TEST(AnalyticTest, InvalidInputIsRefusedNotCrashed) {
  using S = TypeParam;
  const S nan = std::numeric_limits<S>::quiet_NaN();
  const S inf = std::numeric_limits<S>::infinity();
  const Circle<S> good{{}, 1};
  const Circle<S> nanRadius{{}, nan};
  const Circle<S> negative{{}, -1};
  const Transform<S> origin = at<S>(0, 0);
  const Transform<S> nanPose = at<S>(nan, 0);
  Polygon<S> brokenPolygon = makeBox<S>({1, 1});
  brokenPolygon.vertices[1].y = inf;
  for (const AnalyticResult<S>& result : {
           circleVsCircle(nanRadius, origin, good, origin), circleVsCircle(negative, origin, good, origin),
           circleVsCircle(good, nanPose, good, origin), circleVsAabb(good, origin, Aabb<S>{{0, 0}, {nan, 1}}),
           circleVsAabb(good, origin, Aabb<S>{{1, 1}, {0, 0}}), circleVsBox(good, origin, Box<S>{{1, inf}}, origin),
           circleVsCapsule(good, origin, Capsule<S>{{0, 0}, {1, 0}, -1}, origin),
           circleVsCapsule(good, origin, Capsule<S>{}, nanPose),
           circleVsSector(good, origin, Sector<S>{1, S(4)}, origin), circleVsSector(good, origin, Sector<S>{nan, 1}, origin),
           circleVsPolygon(good, origin, brokenPolygon, origin), circleVsPolygon(good, origin, Polygon<S>{}, origin),
           aabbVsAabb(Aabb<S>{{0, 0}, {1, 1}}, Aabb<S>{{nan, 0}, {1, 1}})}) {
    EXPECT_FALSE(result.hit);
    EXPECT_EQ(result.status, Status::InvalidInput);
  }
}

// Any mix of huge, tiny, zero, negative, infinite and NaN values: every test here and in sat.h and polygon.h
// returns (no crash, no hang), and non-finite input is always reported as InvalidInput.
TYPED_TEST(AnalyticTest, ExtremeValuesNeverCrashAndNonFiniteIsAlwaysRefused) {
  using S = TypeParam;
  const S values[] = {S(0),    S(1),      S(-1),   S(1e-30), std::numeric_limits<S>::denorm_min(),
                      S(1e30), -S(1e30),  std::numeric_limits<S>::max(), std::numeric_limits<S>::infinity(),
                      std::numeric_limits<S>::quiet_NaN()};
  std::mt19937_64 random(39);
  std::uniform_int_distribution<int> pick(0, 9);
  std::uniform_real_distribution<double> unit(0, 1);
  const auto value = [&] { return unit(random) < 0.5 ? values[pick(random)] : S(unit(random) * 4 - 2); };
  for (int trial = 0; trial < 20000; ++trial) {
    const Circle<S> circle{{value(), value()}, value()};
    const Transform<S> xfA{{value(), value()}, Rot<S>::fromAngle(value())};
    const Transform<S> xfB{{value(), value()}, Rot<S>::fromAngle(value())};
    const Box<S> box{{value(), value()}};
    const Capsule<S> capsule{{value(), value()}, {value(), value()}, value()};
    const Sector<S> sector{value(), value()};
    const Aabb<S> aabb{{value(), value()}, {value(), value()}};
    const std::vector<Vec2<S>> outline = {{value(), value()}, {value(), value()}, {value(), value()}, {value(), value()}};
    const bool finiteTransforms = isFinite(xfA.p) && isFinite(xfB.p) && std::isfinite(xfA.q.c) && std::isfinite(xfB.q.c);
    // circleVsAabb has no transform for B: only the circle's own pose matters there.
    const bool finiteCircleAlone = isFinite(circle.center) && std::isfinite(circle.radius) && isFinite(xfA.p) &&
                                   std::isfinite(xfA.q.c);
    const bool finiteCircle = finiteCircleAlone && finiteTransforms;
    int call = 0;
    const auto expectRefusedIfNonFinite = [&](const AnalyticResult<S>& result, bool finite) {
      ++call;
      if (!finite) {
        EXPECT_EQ(result.status, Status::InvalidInput) << "trial " << trial << " call " << call;
        EXPECT_FALSE(result.hit) << "trial " << trial << " call " << call;
      }
    };
    expectRefusedIfNonFinite(circleVsCircle(circle, xfA, circle, xfB), finiteCircle);
    expectRefusedIfNonFinite(circleVsAabb(circle, xfA, aabb), finiteCircleAlone && isFinite(aabb.min) && isFinite(aabb.max));
    expectRefusedIfNonFinite(circleVsBox(circle, xfA, box, xfB), finiteCircle && isFinite(box.halfExtents));
    expectRefusedIfNonFinite(circleVsCapsule(circle, xfA, capsule, xfB),
                             finiteCircle && isFinite(capsule.a) && isFinite(capsule.b) && std::isfinite(capsule.radius));
    expectRefusedIfNonFinite(circleVsSector(circle, xfA, sector, xfB),
                             finiteCircle && std::isfinite(sector.radius) && std::isfinite(sector.halfAngle));
    expectRefusedIfNonFinite(aabbVsAabb(aabb, aabb), isFinite(aabb.min) && isFinite(aabb.max));
    const auto built = makePolygon<S>(std::span<const Vec2<S>>(outline), PolygonBuild::Hull);
    if (built.polygon) {
      expectRefusedIfNonFinite(circleVsPolygon(circle, xfA, *built.polygon, xfB), finiteCircle);
      const SatResult<S> polygons = satPolygons(*built.polygon, xfA, *built.polygon, xfB);
      if (!finiteTransforms) {
        EXPECT_EQ(polygons.status, Status::InvalidInput) << trial;
      }
    } else {
      EXPECT_FALSE(built.error.empty());
    }
    const SatResult<S> boxes = satBoxes(box, xfA, box, xfB);
    if (!finiteTransforms || !isFinite(box.halfExtents)) {
      EXPECT_EQ(boxes.status, Status::InvalidInput) << trial;
    }
    (void)makePolygon<S>(std::span<const Vec2<S>>(outline));
    (void)convexHull<S>(std::span<const Vec2<S>>(outline));
  }
}

TEST(AnalyticTestDouble, TraceDoesNotChangeTheResult) {
  std::mt19937_64 random(38);
  std::uniform_real_distribution<double> unit(0, 1);
  // Field by field, bit for bit (a whole-struct memcmp would also compare padding bytes).
  const auto bits = [](double x, double y) { return std::memcmp(&x, &y, sizeof(double)) == 0; };
  const auto same = [&](const AnalyticResult<double>& a, const AnalyticResult<double>& b) {
    return a.hit == b.hit && bits(a.distance, b.distance) && bits(a.depth, b.depth) && bits(a.normal.x, b.normal.x) &&
           bits(a.normal.y, b.normal.y) && bits(a.pointA.x, b.pointA.x) && bits(a.pointA.y, b.pointA.y) &&
           bits(a.pointB.x, b.pointB.x) && bits(a.pointB.y, b.pointB.y) && a.status == b.status;
  };
  for (int trial = 0; trial < 300; ++trial) {
    const RandomCase c = randomCase(random);
    Recorder<AnalyticStep<double>> trace;
    const Circle<double> circle{{}, unit(random)};
    const Box<double> box{{unit(random) + 0.1, unit(random) + 0.1}};
    const Capsule<double> capsule{{-1, 0}, {1, 0}, unit(random)};
    const Sector<double> sector{2, std::numbers::pi * unit(random)};
    const Polygon<double> polygon = makeRegularPolygon<double>(3 + trial % 10, 1 + unit(random));
    const Aabb<double> aabb{{-1, -1}, {unit(random), unit(random)}};
    const auto& a = c.circle;
    const auto& xfA = c.circleTransform;
    const auto& xfB = c.shapeTransform;
    EXPECT_TRUE(same(circleVsCircle(a, xfA, circle, xfB, trace), circleVsCircle(a, xfA, circle, xfB)));
    EXPECT_TRUE(same(circleVsAabb(a, xfA, aabb, trace), circleVsAabb(a, xfA, aabb)));
    EXPECT_TRUE(same(circleVsBox(a, xfA, box, xfB, trace), circleVsBox(a, xfA, box, xfB)));
    EXPECT_TRUE(same(circleVsCapsule(a, xfA, capsule, xfB, trace), circleVsCapsule(a, xfA, capsule, xfB)));
    EXPECT_TRUE(same(circleVsSector(a, xfA, sector, xfB, trace), circleVsSector(a, xfA, sector, xfB)));
    EXPECT_TRUE(same(circleVsPolygon(a, xfA, polygon, xfB, trace), circleVsPolygon(a, xfA, polygon, xfB)));
    EXPECT_TRUE(same(aabbVsAabb(aabb, Aabb<double>{{0, 0}, {1, 1}}, trace), aabbVsAabb(aabb, Aabb<double>{{0, 0}, {1, 1}})));
    EXPECT_FALSE(trace.steps.empty());
    for (const auto& step : trace.steps) EXPECT_FALSE(step.title.empty());
  }
}

}  // namespace
}  // namespace collide
