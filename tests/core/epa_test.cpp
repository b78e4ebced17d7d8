// EPA (Collision detection notes, 2.5) after boolean GJK: depth and normal, its pitfalls (two 2x2 squares at the
// origin, edges through the origin, touching shapes), rounded shapes through their cores (exact against the analytic
// answers), every stop reason, scale, invalid input, trace identity.
//
// [SECTION] Helpers
// [SECTION] Depth, normal and witnesses
// [SECTION] Rounded shapes (circles, capsules): exact through their cores
// [SECTION] EPA's pitfalls (Collision detection notes, 2.5)
// [SECTION] Stop reasons
// [SECTION] Invalid input
// [SECTION] Trace
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <algorithm>
#include <limits>
#include <numbers>
#include <random>
#include <vector>

#include "collide/analytic.h"
#include "collide/epa.h"
#include "collide/polygon.h"
#include "collide/shapes.h"
#include "collide/support.h"
#include "support/core_test_support.h"

namespace collide {
namespace {

using namespace collide::test;  // Scalars, kClose, at, placed, sameBits

// [SECTION] Helpers

template <class S>
class EpaTest : public ::testing::Test {};
TYPED_TEST_SUITE(EpaTest, Scalars);

// A support function that lies: it answers for a direction turned by a fixed angle. EPA must still end.
template <Scalar S>
struct SkewedSquare {
  using Scalar = S;
  Rot<S> skew = Rot<S>::fromAngle(S(1.2));
  [[nodiscard]] Vec2<S> support(Vec2<S> d) const {
    const Vec2<S> turned = skew.apply(d);
    return {turned.x >= S(0) ? S(1) : S(-1), turned.y >= S(0) ? S(1) : S(-1)};
  }
  [[nodiscard]] Vec2<S> coreSupport(Vec2<S> d) const { return support(d); }
  [[nodiscard]] S coreRadius() const { return S(0); }
  [[nodiscard]] Vec2<S> centroid() const { return {}; }
};

template <Scalar S>
void expectSeparatesByDepth(const PenetrationResult<S>& result, double tolerance) {
  EXPECT_NEAR(length(result.normal), 1.0, tolerance);
  const Vec2<S> implied = result.pointA - result.depth * result.normal;  // the documented convention
  EXPECT_NEAR(implied.x, result.pointB.x, tolerance);
  EXPECT_NEAR(implied.y, result.pointB.y, tolerance);
}

// [SECTION] Depth, normal and witnesses

TYPED_TEST(EpaTest, OverlappingBoxesGiveTheMinimumTranslation) {
  using S = TypeParam;
  const Box<S> box{{1, 1}};
  const auto result = gjkEpa(placed<S>(box, 0, 0), placed<S>(box, S(1.5), S(0.25)));
  EXPECT_TRUE(result.hit);
  EXPECT_EQ(result.status, Status::Converged);
  EXPECT_NEAR(result.depth, 0.5, kClose<S>);
  EXPECT_NEAR(result.normal.x, 1.0, kClose<S>);  // from A toward B
  EXPECT_NEAR(result.normal.y, 0.0, kClose<S>);
  EXPECT_GT(result.gjkIterations, 0);
  expectSeparatesByDepth(result, 1e-5);
  // Moving B by depth * normal leaves the boxes touching: boolean GJK still hits, a bit more and it misses.
  const Vec2<S> moved = Vec2<S>{S(1.5), S(0.25)} + S(1.01) * result.depth * result.normal;
  EXPECT_FALSE(gjkIntersect(placed<S>(box, 0, 0), placed<S>(box, moved.x, moved.y)).hit);
}

TYPED_TEST(EpaTest, RotatedPolygonAndCircle) {
  using S = TypeParam;
  const Polygon<S> hexagon = makeRegularPolygon<S>(6, S(1));
  const Circle<S> circle{{0, 0}, S(0.5)};
  // The circle's centre sits 0.2 inside the flat edge at x = cos(30 deg): depth 0.7 along +x.
  const S apothem = std::cos(std::numbers::pi_v<S> / S(6));
  const auto result = gjkEpa(placed<S>(hexagon, 0, 0, std::numbers::pi_v<S> / S(6)),
                             placed<S>(circle, apothem + S(0.3), 0));
  EXPECT_TRUE(result.hit);
  EXPECT_NEAR(result.depth, 0.2, (std::is_same_v<S, float> ? 1e-4 : 1e-9));
  EXPECT_NEAR(result.normal.x, 1.0, 1e-4);
  expectSeparatesByDepth(result, 1e-4);
}

TYPED_TEST(EpaTest, RelativeToleranceAtLargeAndSmallScales) {
  using S = TypeParam;
  for (const S scale : {S(1e-6), S(1e6)}) {
    const Box<S> box{{scale, scale}};
    const auto result = gjkEpa(placed<S>(box, 0, 0), placed<S>(box, S(1.75) * scale, S(0.5) * scale));
    EXPECT_TRUE(result.hit) << scale;
    EXPECT_NE(result.stop, EpaStop::MaxIterations) << scale;
    EXPECT_NEAR(result.depth / scale, 0.25, 1e3 * kClose<S>) << scale;
    const Circle<S> circle{{0, 0}, scale};
    const auto round = gjkEpa(placed<S>(circle, 0, 0), placed<S>(circle, S(1.5) * scale, 0));
    EXPECT_NEAR(round.depth / scale, 0.5, (std::is_same_v<S, float> ? 1e-3 : 1e-6)) << scale;
    EXPECT_NE(round.stop, EpaStop::MaxIterations) << scale;
  }
}

// [SECTION] Rounded shapes (circles, capsules): exact through their cores

// Segment-segment distance (0 when they cross) and, when they cross, the penetration of the cores' difference:
// a parallelogram whose edge normals are the two segments' perpendiculars (SAT on those two axes).
template <Scalar S>
double segmentDistance(Vec2<S> p0, Vec2<S> p1, Vec2<S> q0, Vec2<S> q1) {
  const auto side = [](Vec2<S> a, Vec2<S> b, Vec2<S> c) { return cross(b - a, c - a); };
  if (side(p0, p1, q0) * side(p0, p1, q1) < 0 && side(q0, q1, p0) * side(q0, q1, p1) < 0) return 0.0;
  return std::min({double(distancePointSegment(p0, q0, q1)), double(distancePointSegment(p1, q0, q1)),
                   double(distancePointSegment(q0, p0, p1)), double(distancePointSegment(q1, p0, p1))});
}

template <Scalar S>
double crossingOverlap(Vec2<S> p0, Vec2<S> p1, Vec2<S> q0, Vec2<S> q1) {
  double best = std::numeric_limits<double>::infinity();
  for (const Vec2<S> edge : {p1 - p0, q1 - q0}) {
    const Vec2<S> axis = normalize(leftPerp(edge));
    const auto low = [&axis](Vec2<S> a, Vec2<S> b) { return double(std::min(dot(a, axis), dot(b, axis))); };
    const auto high = [&axis](Vec2<S> a, Vec2<S> b) { return double(std::max(dot(a, axis), dot(b, axis))); };
    best = std::min({best, high(p0, p1) - low(q0, q1), high(q0, q1) - low(p0, p1)});
  }
  return best;
}

TYPED_TEST(EpaTest, CircleCapsuleDepthIsTheAnalyticAnswer) {
  using S = TypeParam;
  std::mt19937_64 random{41};
  std::uniform_real_distribution<double> unit{0.0, 1.0};
  const auto uniform = [&](double low, double high) { return S(low + (high - low) * unit(random)); };
  int hits = 0;
  for (int i = 0; i < 500; ++i) {
    const Circle<S> circle{{uniform(-0.2, 0.2), uniform(-0.2, 0.2)}, uniform(0.05, 1.0)};
    const S halfLength = uniform(0.0, 1.5);
    const Capsule<S> capsule{{-halfLength, 0}, {halfLength, 0}, uniform(0.05, 1.0)};
    const Transform<S> poseA = Transform<S>::fromPose({uniform(-5, 5), uniform(-5, 5)}, uniform(-3, 3));
    const Transform<S> poseB = Transform<S>::fromPose(poseA.p + Vec2<S>{uniform(-2, 2), uniform(-2, 2)}, uniform(-3, 3));
    const AnalyticResult<S> expected = circleVsCapsule(circle, poseA, capsule, poseB);
    const auto result = gjkEpa(Transformed<Circle<S>>{circle, poseA}, Transformed<Capsule<S>>{capsule, poseB});
    ASSERT_EQ(result.hit, expected.hit) << i;
    if (!result.hit) continue;
    ++hits;
    EXPECT_EQ(result.stop, EpaStop::RoundedCores) << i;  // a point core is never inside a segment's area
    EXPECT_EQ(result.iterations, 0) << i;
    EXPECT_NEAR(result.depth, expected.depth, 1e2 * kClose<S>) << i;
    if (expected.depth < circle.radius + capsule.radius - S(1e-3)) {  // the centre off the core: a unique normal
      EXPECT_NEAR(result.normal.x, expected.normal.x, 1e3 * kClose<S>) << i;
      EXPECT_NEAR(result.normal.y, expected.normal.y, 1e3 * kClose<S>) << i;
    }
    expectSeparatesByDepth(result, 1e2 * kClose<S>);
  }
  EXPECT_GT(hits, 100);
}

TYPED_TEST(EpaTest, CapsuleCapsuleDepthIsTheAnalyticAnswer) {
  using S = TypeParam;
  std::mt19937_64 random{42};
  std::uniform_real_distribution<double> unit{0.0, 1.0};
  const auto uniform = [&](double low, double high) { return S(low + (high - low) * unit(random)); };
  int apart = 0;
  int crossing = 0;
  for (int i = 0; i < 1000; ++i) {
    const auto makeCapsule = [&] {
      const S halfLength = uniform(0.0, 1.5);
      return Capsule<S>{{-halfLength, 0}, {halfLength, 0}, uniform(0.05, 1.0)};
    };
    const Capsule<S> capsuleA = makeCapsule();
    const Capsule<S> capsuleB = makeCapsule();
    const Transform<S> poseA = Transform<S>::fromPose({uniform(-5, 5), uniform(-5, 5)}, uniform(-3, 3));
    const Transform<S> poseB = Transform<S>::fromPose(poseA.p + Vec2<S>{uniform(-2.5, 2.5), uniform(-2.5, 2.5)},
                                                      uniform(-3, 3));
    const Vec2<S> p0 = poseA.apply(capsuleA.a), p1 = poseA.apply(capsuleA.b);
    const Vec2<S> q0 = poseB.apply(capsuleB.a), q1 = poseB.apply(capsuleB.b);
    const double radii = double(capsuleA.radius) + double(capsuleB.radius);
    const double coreDistance = segmentDistance(p0, p1, q0, q1);
    const double expected = coreDistance > 0.0 ? radii - coreDistance : radii + crossingOverlap(p0, p1, q0, q1);
    if (std::abs(expected) < 1e-3) continue;  // too close to touching to call the hit in float
    const auto result = gjkEpa(Transformed<Capsule<S>>{capsuleA, poseA}, Transformed<Capsule<S>>{capsuleB, poseB});
    ASSERT_EQ(result.hit, expected > 0.0) << i;
    if (!result.hit) continue;
    EXPECT_NE(result.stop, EpaStop::MaxIterations) << i;
    EXPECT_EQ(result.status, Status::Converged) << i;
    EXPECT_NEAR(result.depth, expected, 1e2 * kClose<S>) << i << " core distance " << coreDistance;
    expectSeparatesByDepth(result, 1e2 * kClose<S>);
    if (coreDistance > 0.0) ++apart;
    else ++crossing;
  }
  EXPECT_GT(apart, 100);
  EXPECT_GT(crossing, 20);
}

TYPED_TEST(EpaTest, RoundedTraceHoldsTheCoresDistanceStepsThenCoreEpa) {
  using S = TypeParam;
  // Cores 0.3 apart, radii 1.5: the depth 1.2 comes from GJK distance on the cores, without EPA.
  const Circle<S> circle{{0, 0}, S(1)};
  const Capsule<S> capsule{{-1, 0}, {1, 0}, S(0.5)};
  Recorder<GjkStep<Vec2<S>>> gjkTrace;
  Recorder<EpaStep<S>> epaTrace;
  const auto apart = gjkEpa(circle, placed<S>(capsule, S(0.4), S(0.3)), GjkOptions{}, EpaOptions{}, gjkTrace, epaTrace);
  EXPECT_EQ(apart.stop, EpaStop::RoundedCores);
  EXPECT_NEAR(apart.depth, 1.2, kClose<S>);
  ASSERT_FALSE(gjkTrace.steps.empty());
  EXPECT_EQ(static_cast<int>(gjkTrace.steps.size()), apart.gjkIterations);
  EXPECT_NEAR(gjkTrace.steps.back().distance, 0.3, kClose<S>);  // distance GJK's steps, on the cores
  EXPECT_TRUE(epaTrace.steps.empty());
  EXPECT_EQ(apart.iterations, 0);
  // Cores that overlap: the same GJK distance steps, then EPA on the cores.
  const Box<S> box{{1, 1}};
  gjkTrace.steps.clear();
  const auto deep = gjkEpa(box, placed<S>(capsule, S(0.5), S(0.25), S(0.3)), GjkOptions{}, EpaOptions{}, gjkTrace,
                           epaTrace);
  EXPECT_TRUE(deep.hit);
  EXPECT_EQ(deep.stop, EpaStop::DuplicateSupport);
  EXPECT_EQ(gjkTrace.steps.back().stop, GjkStop::ContainsOrigin);
  EXPECT_EQ(static_cast<int>(epaTrace.steps.size()), deep.iterations);
  EXPECT_NEAR(deep.depth, epaTrace.steps.back().edgeDistance + S(0.5), kClose<S>);
}

// [SECTION] EPA's pitfalls (Collision detection notes, 2.5)

TYPED_TEST(EpaTest, TwoSquaresAtTheOriginHaveDepthTwo) {
  using S = TypeParam;
  // Collision detection notes, 2.5: two 2x2 squares, both at the origin. GJK ends on a segment through the origin.
  const Box<S> square{{1, 1}};
  Recorder<GjkStep<Vec2<S>>> gjkTrace;
  Recorder<EpaStep<S>> epaTrace;
  const auto result = gjkEpa(square, square, GjkOptions{}, EpaOptions{}, gjkTrace, epaTrace);
  EXPECT_TRUE(result.hit);
  EXPECT_EQ(result.status, Status::Converged);
  EXPECT_NEAR(result.depth, 2.0, kClose<S>);
  EXPECT_NEAR(std::abs(result.normal.x) + std::abs(result.normal.y), 1.0, kClose<S>);  // an axis
  ASSERT_FALSE(epaTrace.steps.empty());
  EXPECT_GE(epaTrace.steps.front().polytope.size(), 3u);
  EXPECT_EQ(epaTrace.steps.back().stop, result.stop);
}

TYPED_TEST(EpaTest, IdenticalShapesAtOnePosition) {
  using S = TypeParam;
  const Polygon<S> heptagon = makeRegularPolygon<S>(7, S(1));
  const auto polygons = gjkEpa(placed<S>(heptagon, 2, 3, S(0.4)), placed<S>(heptagon, 2, 3, S(0.4)));
  EXPECT_TRUE(polygons.hit);
  // The smallest width of a regular heptagon of circumradius 1 is 1 + cos(pi / 7).
  EXPECT_NEAR(polygons.depth, 1.0 + std::cos(std::numbers::pi / 7.0), 1e3 * kClose<S>);
  // Concentric circles were EPA's worst case (every direction equally deep: the cap stopped it at 1.9976). Their
  // cores are one point, so the depth is the radius sum exactly, along the documented +x of A's frame.
  const Circle<S> circle{{0, 0}, S(1)};
  Recorder<GjkStep<Vec2<S>>> gjkTrace;
  Recorder<EpaStep<S>> epaTrace;
  const auto circles = gjkEpa(circle, circle, GjkOptions{}, EpaOptions{}, gjkTrace, epaTrace);
  EXPECT_TRUE(circles.hit);
  EXPECT_EQ(circles.stop, EpaStop::RoundedCores);
  EXPECT_EQ(circles.status, Status::Converged);
  EXPECT_EQ(circles.depth, S(2));
  EXPECT_EQ(circles.normal, (Vec2<S>{1, 0}));
  EXPECT_EQ(circles.pointA, (Vec2<S>{1, 0}));  // on A's surface along the normal
  EXPECT_EQ(circles.pointB, (Vec2<S>{-1, 0}));
  EXPECT_TRUE(epaTrace.steps.empty());
  EXPECT_EQ(static_cast<int>(gjkTrace.steps.size()), circles.gjkIterations);
  // Capsules on one line: the cores' difference is a segment through the origin, the depth is the radius sum
  // across it.
  const Capsule<S> capsule{{-1, 0}, {1, 0}, S(0.25)};
  const auto capsules = gjkEpa(placed<S>(capsule, 2, 3, S(0.4)), placed<S>(capsule, 2, 3, S(0.4)));
  EXPECT_TRUE(capsules.hit);
  EXPECT_EQ(capsules.stop, EpaStop::RoundedCores);
  EXPECT_NEAR(capsules.depth, 0.5, kClose<S>);
  EXPECT_NEAR(std::abs(dot(capsules.normal, Vec2<S>{std::cos(S(0.4)), std::sin(S(0.4))})), 0.0, 1e-5);
  expectSeparatesByDepth(capsules, 1e-5);
}

TYPED_TEST(EpaTest, TouchingShapesHaveZeroDepth) {
  using S = TypeParam;
  const Box<S> box{{1, 1}};
  for (const Vec2<S> offset : {Vec2<S>{2, S(0.5)}, Vec2<S>{2, 2}, Vec2<S>{0, -2}}) {
    const auto result = gjkEpa(placed<S>(box, 0, 0), placed<S>(box, offset.x, offset.y));
    EXPECT_TRUE(result.hit);
    EXPECT_NEAR(result.depth, 0.0, kClose<S>);
    EXPECT_NEAR(length(result.normal), 1.0, kClose<S>);
    EXPECT_GE(dot(result.normal, offset), S(0));  // from A toward B
  }
}

TYPED_TEST(EpaTest, StartFromAPointOrSegmentThroughTheOrigin) {
  using S = TypeParam;
  const Box<S> box{{1, 1}};
  const auto a = placed<S>(box, 0, 0);
  const auto b = placed<S>(box, S(0.5), 0);
  // A single support point that happens to be the origin: B's corner (-0.5, 1) sits on A's top edge.
  Simplex<Vec2<S>> point;
  point.count = 1;
  point.vertices[0].pointA = {S(-0.5), 1};
  point.vertices[0].pointB = {S(-0.5), 1};
  const auto fromPoint = epaPenetration(a, b, point);
  EXPECT_TRUE(fromPoint.hit);
  EXPECT_NEAR(fromPoint.depth, 1.5, kClose<S>);
  // A segment through the origin (its normal from a triple product would vanish).
  Simplex<Vec2<S>> segment;
  segment.count = 2;
  segment.vertices[0].point = {S(1.5), 0};
  segment.vertices[1].point = {S(-2.5), 0};
  const auto fromSegment = epaPenetration(a, b, segment);
  EXPECT_TRUE(fromSegment.hit);
  EXPECT_NEAR(fromSegment.depth, 1.5, kClose<S>);
  EXPECT_NEAR(fromSegment.normal.x, 1.0, kClose<S>);
}

TYPED_TEST(EpaTest, FlatDifferenceIsDegenerateWithZeroDepth) {
  using S = TypeParam;
  // Two collinear overlapping segments: A - B is itself a segment, so there is no area to expand into.
  const Segment<S> segment{{-1, 0}, {1, 0}};
  const auto result = gjkEpa(segment, placed<S>(segment, S(0.5), 0));
  EXPECT_TRUE(result.hit);
  EXPECT_EQ(result.stop, EpaStop::Degenerate);
  EXPECT_EQ(result.status, Status::Degenerate);
  EXPECT_EQ(result.depth, S(0));
  EXPECT_NEAR(std::abs(result.normal.y), 1.0, kClose<S>);
  // The witnesses are one point on both: in the overlap [-0.5, 1] (the first vertex's point on A, (-1, 0), lay off
  // B; review s31 A10).
  EXPECT_NEAR(result.pointA.x, result.pointB.x, kClose<S>);
  EXPECT_NEAR(result.pointA.y, 0, kClose<S>);
  EXPECT_NEAR(result.pointB.y, 0, kClose<S>);
  EXPECT_GE(result.pointA.x, S(-0.5) - kClose<S>);
  EXPECT_LE(result.pointA.x, S(1) + kClose<S>);
  const Point<S> point{};
  const auto points = gjkEpa(point, point);
  EXPECT_TRUE(points.hit);
  EXPECT_EQ(points.stop, EpaStop::Degenerate);
  EXPECT_NEAR(length(points.normal), 1.0, kClose<S>);
}

// [SECTION] Stop reasons

TYPED_TEST(EpaTest, EveryStopReason) {
  using S = TypeParam;
  EXPECT_EQ(epaStopName(EpaStop::None), "none");
  EXPECT_EQ(epaStopName(EpaStop::Converged), "converged");
  EXPECT_EQ(epaStopName(EpaStop::DuplicateSupport), "duplicate support");
  EXPECT_EQ(epaStopName(EpaStop::MaxIterations), "max iterations");
  EXPECT_EQ(epaStopName(EpaStop::Degenerate), "degenerate");
  EXPECT_EQ(epaStopName(EpaStop::InvalidInput), "invalid input");
  EXPECT_EQ(epaStopName(EpaStop::RoundedCores), "rounded cores");

  // Sectors are curved but not rounded (no core radius): whole-shape EPA, ended by its tolerance or its cap.
  const Sector<S> sector{};
  EpaOptions capped;
  capped.maxIterations = 3;
  NoTrace gjkTrace;
  Recorder<EpaStep<S>> trace;
  const auto limited = gjkEpa(sector, placed<S>(sector, S(0.3), S(0.1), S(0.5)), GjkOptions{}, capped, gjkTrace, trace);
  EXPECT_TRUE(limited.hit);
  EXPECT_EQ(limited.stop, EpaStop::MaxIterations);
  EXPECT_EQ(limited.status, Status::MaxIterations);
  EXPECT_EQ(limited.iterations, 3);
  EXPECT_EQ(trace.steps.back().stop, EpaStop::MaxIterations);
  const auto full = gjkEpa(sector, placed<S>(sector, S(0.3), S(0.1), S(0.5)));
  EXPECT_LE(limited.depth, full.depth * S(1.0001));  // a lower bound

  // Polygons end when the support is a vertex the polytope already has.
  const Box<S> box{{1, 1}};
  const auto boxes = gjkEpa(placed<S>(box, 0, 0), placed<S>(box, S(1.5), S(0.25), S(0.2)));
  EXPECT_EQ(boxes.stop, EpaStop::DuplicateSupport);
  EXPECT_EQ(boxes.status, Status::Converged);
  // Curves end by the relative tolerance.
  EXPECT_EQ(full.stop, EpaStop::Converged);
  EXPECT_EQ(full.status, Status::Converged);
  // A support function that lies still ends, by a stop reason, within the cap.
  const auto lied = gjkEpa(SkewedSquare<S>{}, box);
  EXPECT_NE(lied.stop, EpaStop::None);
  EXPECT_LE(lied.iterations, EpaOptions{}.maxIterations);

  // A start that does not hold the origin.
  Simplex<Vec2<S>> away;
  away.count = 3;
  away.vertices[0].point = {S(3), S(3)};
  away.vertices[1].point = {S(4), S(3)};
  away.vertices[2].point = {S(3), S(4)};
  const auto outside = epaPenetration(box, placed<S>(box, S(-10), S(-10)), away);
  EXPECT_FALSE(outside.hit);
  EXPECT_EQ(outside.stop, EpaStop::Degenerate);

  // No overlap: GJK's answer passes through, EPA does not run.
  Recorder<EpaStep<S>> unused;
  const auto miss = gjkEpa(box, placed<S>(box, 5, 0), GjkOptions{}, EpaOptions{}, gjkTrace, unused);
  EXPECT_FALSE(miss.hit);
  EXPECT_EQ(miss.stop, EpaStop::None);
  EXPECT_EQ(miss.status, Status::Converged);
  EXPECT_TRUE(unused.steps.empty());
}

// [SECTION] Invalid input

TYPED_TEST(EpaTest, NonFiniteInputIsRefusedWithoutHanging) {
  using S = TypeParam;
  const S nan = std::numeric_limits<S>::quiet_NaN();
  const S inf = std::numeric_limits<S>::infinity();
  const Box<S> box{{1, 1}};
  for (const Circle<S>& bad : {Circle<S>{{nan, 0}, 1}, Circle<S>{{0, 0}, inf}}) {
    const auto result = gjkEpa(box, bad);
    EXPECT_FALSE(result.hit);
    EXPECT_EQ(result.status, Status::InvalidInput);
    EXPECT_EQ(result.stop, EpaStop::InvalidInput);
  }
  Simplex<Vec2<S>> nanStart;
  nanStart.count = 1;
  nanStart.vertices[0].point = {nan, 0};
  EXPECT_EQ(epaPenetration(box, box, nanStart).stop, EpaStop::InvalidInput);
  EXPECT_EQ(epaPenetration(box, box, Simplex<Vec2<S>>{}).stop, EpaStop::InvalidInput);
  // A shape that turns non-finite only along some directions: found during the expansion.
  Simplex<Vec2<S>> origin;
  origin.count = 1;
  EXPECT_EQ(epaPenetration(box, Circle<S>{{0, 0}, inf}, origin).status, Status::InvalidInput);
  EpaOptions noIterations;
  noIterations.maxIterations = 0;
  EXPECT_EQ(gjkEpa(box, box, GjkOptions{}, noIterations).status, Status::InvalidInput);
}

// [SECTION] Trace

TYPED_TEST(EpaTest, TraceShowsACounterClockwisePolytopeGrowingBetweenEdgeEnds) {
  using S = TypeParam;
  const Polygon<S> octagon = makeRegularPolygon<S>(8, S(1));
  const Capsule<S> capsule{{-1, 0}, {1, 0}, S(0.4)};
  Recorder<GjkStep<Vec2<S>>> gjkTrace;
  Recorder<EpaStep<S>> trace;
  const auto result = gjkEpa(placed<S>(octagon, 0, 0, S(0.1)), placed<S>(capsule, S(0.6), S(1.1), S(0.7)),
                             GjkOptions{}, EpaOptions{}, gjkTrace, trace);
  ASSERT_TRUE(result.hit);
  ASSERT_FALSE(trace.steps.empty());
  EXPECT_EQ(static_cast<int>(trace.steps.size()), result.iterations);
  EXPECT_EQ(static_cast<int>(gjkTrace.steps.size()), result.gjkIterations);
  for (std::size_t k = 0; k < trace.steps.size(); ++k) {
    const EpaStep<S>& step = trace.steps[k];
    const std::size_t count = step.polytope.size();
    for (std::size_t i = 0; i < count; ++i) {  // strictly convex, counter-clockwise
      const Vec2<S> p = step.polytope[i].point;
      const Vec2<S> q = step.polytope[(i + 1) % count].point;
      const Vec2<S> r = step.polytope[(i + 2) % count].point;
      EXPECT_GT(cross(q - p, r - q), S(0));
    }
    EXPECT_NEAR(length(step.edgeNormal), 1.0, 1e-5);
    EXPECT_NEAR(step.gap, step.supportDistance - step.edgeDistance, 1e-6);
    const Vec2<S> edgeStart = step.polytope[static_cast<std::size_t>(step.closestEdge)].point;
    EXPECT_NEAR(dot(edgeStart, step.edgeNormal), step.edgeDistance, 1e-5);
    if (step.inserted) {
      ASSERT_LT(k + 1, trace.steps.size());
      const auto& next = trace.steps[k + 1].polytope;
      EXPECT_EQ(next.size(), count + 1 - static_cast<std::size_t>(step.removed));
      // The new vertex sits right after the closest edge's start (Collision detection notes, 2.5: Insert at closestEdge + 1).
      const Vec2<S> edgeEnd = step.polytope[(static_cast<std::size_t>(step.closestEdge) + 1) % count].point;
      for (std::size_t i = 0; i < next.size(); ++i) {
        if (next[i].point == step.support.point) {
          const Vec2<S> before = next[(i + next.size() - 1) % next.size()].point;
          const Vec2<S> after = next[(i + 1) % next.size()].point;
          if (step.removed == 0) {
            EXPECT_EQ(before, edgeStart);
            EXPECT_EQ(after, edgeEnd);
          }
        }
      }
    }
  }
  EXPECT_EQ(trace.steps.back().stop, result.stop);
}

TYPED_TEST(EpaTest, TracedAndUntracedRunsAreBitwiseIdentical) {
  using S = TypeParam;
  const Polygon<S> hexagon = makeRegularPolygon<S>(6, S(1));
  const Capsule<S> capsule{{-1, 0}, {1, 0}, S(0.3)};
  for (int i = 0; i < 40; ++i) {
    const S angle = S(0.37) * S(i);
    const S reach = S(0.05) * S(i);
    const auto a = placed<S>(hexagon, 0, 0, S(0.1) * S(i));
    const auto b = placed<S>(capsule, reach * std::cos(angle), reach * std::sin(angle), -angle);
    Recorder<GjkStep<Vec2<S>>> gjkTrace;
    Recorder<EpaStep<S>> epaTrace;
    const auto plain = gjkEpa(a, b);
    const auto traced = gjkEpa(a, b, GjkOptions{}, EpaOptions{}, gjkTrace, epaTrace);
    EXPECT_EQ(plain.hit, traced.hit);
    EXPECT_TRUE(sameBits(plain.depth, traced.depth));
    EXPECT_TRUE(sameBits(plain.normal.x, traced.normal.x) && sameBits(plain.normal.y, traced.normal.y));
    EXPECT_TRUE(sameBits(plain.pointA.x, traced.pointA.x) && sameBits(plain.pointA.y, traced.pointA.y));
    EXPECT_TRUE(sameBits(plain.pointB.x, traced.pointB.x) && sameBits(plain.pointB.y, traced.pointB.y));
    EXPECT_EQ(plain.iterations, traced.iterations);
    EXPECT_EQ(plain.gjkIterations, traced.gjkIterations);
    EXPECT_EQ(plain.status, traced.status);
    EXPECT_EQ(plain.stop, traced.stop);
  }
}

}  // namespace
}  // namespace collide
