// Properties of GJK and EPA over 100,000 random pairs per family, in double, against brute force:
//   gjkDistance == the exact polygon distance (1e-9 relative to the larger of the distance and the pair's size),
//   gjkIntersect == (brute distance == 0), decided by SAT over every edge normal,
//   EPA depth == SAT's minimum translation over every edge normal of both shapes, and its normal realises it,
//   every run ends by its own stop reason, never by the cap.
// Pairs closer to touching than 1e-10 of their size are left out of the boolean comparison: there, the rounding
// of either method decides, and neither is wrong.
//
// [SECTION] Brute force on vertex lists
// [SECTION] Random shapes
// [SECTION] Families
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <random>
#include <span>
#include <vector>

#include "collide/epa.h"
#include "collide/gjk.h"
#include "collide/polygon.h"
#include "collide/shapes.h"
#include "collide/support.h"

namespace collide {
namespace {

using V = Vec2<double>;
constexpr int kPairs = 100000;
constexpr double kRelative = 1e-9;
constexpr double kAmbiguous = 1e-10;

// [SECTION] Brute force on vertex lists

// Outward (or, for a two-point segment, either) unit normals of a counter-clockwise outline.
std::vector<V> edgeNormals(const std::vector<V>& outline) {
  std::vector<V> normals;
  const std::size_t count = outline.size();
  for (std::size_t i = 0; i < (count == 2 ? 1 : count); ++i) normals.push_back(normalize(rightPerp(outline[(i + 1) % count] - outline[i])));
  return normals;
}

struct Interval {
  double low = std::numeric_limits<double>::infinity();
  double high = -std::numeric_limits<double>::infinity();
};

Interval project(const std::vector<V>& outline, V axis) {
  Interval interval;
  for (const V& p : outline) {
    interval.low = std::min(interval.low, dot(p, axis));
    interval.high = std::max(interval.high, dot(p, axis));
  }
  return interval;
}

// SAT: the smallest overlap over every edge normal of both outlines, in either direction. Negative: separated.
// For overlapping convex outlines it is the minimum translation distance.
double satMinimumOverlap(const std::vector<V>& a, const std::vector<V>& b) {
  double best = std::numeric_limits<double>::infinity();
  for (const auto* outline : {&a, &b}) {
    for (const V& axis : edgeNormals(*outline)) {
      const Interval ia = project(a, axis);
      const Interval ib = project(b, axis);
      best = std::min(best, std::min(ia.high - ib.low, ib.high - ia.low));
    }
  }
  return best;
}

double pointSegmentDistance(V p, V a, V b) {
  const V edge = b - a;
  const double t = clamp(dot(p - a, edge) / lengthSquared(edge), 0.0, 1.0);
  return length(p - (a + t * edge));
}

// Exact distance between convex outlines: 0 when SAT finds no separating axis, else the closest vertex-edge pair.
double bruteDistance(const std::vector<V>& a, const std::vector<V>& b) {
  if (satMinimumOverlap(a, b) >= 0.0) return 0.0;
  double best = std::numeric_limits<double>::infinity();
  for (int pass = 0; pass < 2; ++pass) {
    const std::vector<V>& points = pass == 0 ? a : b;
    const std::vector<V>& edges = pass == 0 ? b : a;
    for (const V& p : points)
      for (std::size_t i = 0; i < edges.size(); ++i)
        best = std::min(best, pointSegmentDistance(p, edges[i], edges[(i + 1) % edges.size()]));
  }
  return best;
}

double size(const std::vector<V>& outline) {
  double result = 0.0;
  for (const V& p : outline) result = std::max(result, length(p));
  return result;
}

// [SECTION] Random shapes

struct Random {
  std::mt19937_64 engine;
  double uniform(double low, double high) { return std::uniform_real_distribution<double>(low, high)(engine); }
  int integer(int low, int high) { return std::uniform_int_distribution<int>(low, high)(engine); }
  Transform<double> pose(double reach) {
    return Transform<double>::fromPose({uniform(-reach, reach), uniform(-reach, reach)},
                                       uniform(-std::numbers::pi, std::numbers::pi));
  }
};

// A random convex polygon: the hull of 3 to 12 points in a disc of random radius around a random centre.
Polygon<double> randomPolygon(Random& random) {
  for (;;) {
    const double radius = random.uniform(0.2, 3.0);
    const V centre{random.uniform(-0.5, 0.5), random.uniform(-0.5, 0.5)};
    std::vector<V> points(static_cast<std::size_t>(random.integer(3, 12)));
    for (V& p : points) {
      const double angle = random.uniform(0.0, 2.0 * std::numbers::pi);
      const double r = radius * std::sqrt(random.uniform(0.0, 1.0));
      p = centre + V{r * std::cos(angle), r * std::sin(angle)};
    }
    auto built = makePolygon<double>(std::span<const V>(points), PolygonBuild::Hull);
    if (built.polygon) return *built.polygon;
  }
}

std::vector<V> outlineOf(const Polygon<double>& polygon, const Transform<double>& pose) {
  std::vector<V> outline;
  for (int i = 0; i < polygon.count; ++i) outline.push_back(pose.apply(polygon.vertices[i]));
  return outline;
}

std::vector<V> outlineOf(const Box<double>& box, const Transform<double>& pose) {
  std::vector<V> outline;
  for (const V& corner : box.corners()) outline.push_back(pose.apply(corner));
  return outline;
}

// [SECTION] Families

struct Tally {
  int separated = 0;
  int overlapping = 0;
  int ambiguous = 0;
  int maxGjkIterations = 0;
  int maxDistanceIterations = 0;
  int maxEpaIterations = 0;
};

// One pair: A in its own frame, B placed in A's frame (DESIGN.md), their outlines in that same frame.
template <SupportShape A, SupportShape B>
void checkPair(const A& a, const B& b, const std::vector<V>& outlineA, const std::vector<V>& outlineB,
               double radiusB, Tally& tally, int pair) {
  const double scale = std::max(size(outlineA), size(outlineB)) + radiusB;
  const double coreDistance = bruteDistance(outlineA, outlineB);
  const double expected = std::max(0.0, coreDistance - radiusB);
  const double overlap = coreDistance > 0.0 ? radiusB - coreDistance : satMinimumOverlap(outlineA, outlineB) + radiusB;

  const DistanceResult<Vec2<double>> distance = gjkDistance(a, b);
  ASSERT_NE(distance.stop, GjkStop::MaxIterations) << "pair " << pair;
  ASSERT_EQ(distance.status, Status::Converged) << "pair " << pair;
  tally.maxDistanceIterations = std::max(tally.maxDistanceIterations, distance.iterations);
  if (expected > 0.0) {
    ASSERT_NEAR(distance.distance, expected, kRelative * std::max(expected, scale)) << "pair " << pair;
    ASSERT_NEAR(length(distance.pointA - distance.pointB), distance.distance, kRelative * scale) << "pair " << pair;
  }

  if (std::abs(overlap) <= kAmbiguous * scale) {
    ++tally.ambiguous;
    return;
  }
  const bool expectHit = overlap > 0.0;
  const GjkBooleanResult<Vec2<double>> boolean = gjkIntersect(a, b);
  ASSERT_NE(boolean.stop, GjkStop::MaxIterations) << "pair " << pair;
  ASSERT_EQ(boolean.hit, expectHit) << "pair " << pair << " overlap " << overlap;
  ASSERT_EQ(distance.overlap, expectHit) << "pair " << pair;
  tally.maxGjkIterations = std::max(tally.maxGjkIterations, boolean.iterations);
  if (!expectHit) {
    ++tally.separated;
    return;
  }
  ++tally.overlapping;
  // gjkEpa: boolean GJK then EPA for polygons, the cores' distance or EPA on the cores for rounded shapes.
  const PenetrationResult<double> penetration = gjkEpa(a, b);
  ASSERT_TRUE(penetration.hit) << "pair " << pair;
  ASSERT_NE(penetration.stop, EpaStop::MaxIterations) << "pair " << pair;
  ASSERT_EQ(penetration.status, Status::Converged) << "pair " << pair;
  tally.maxEpaIterations = std::max(tally.maxEpaIterations, penetration.iterations);
  ASSERT_NEAR(penetration.depth, overlap, kRelative * scale) << "pair " << pair;
  // The normal realises the depth: A - B reaches exactly depth along it, so B moved by depth * normal touches A.
  // (outlineB is B's core: its surface reaches radiusB farther.)
  const Interval alongA = project(outlineA, penetration.normal);
  const Interval alongB = project(outlineB, penetration.normal);
  ASSERT_NEAR(alongA.high - alongB.low + radiusB, penetration.depth, kRelative * scale) << "pair " << pair;
}

void report(const char* family, const Tally& tally) {
  std::printf("[ %s ] %d separated, %d overlapping, %d too close to call; max iterations: GJK boolean %d, "
              "distance %d, EPA %d\n",
              family, tally.separated, tally.overlapping, tally.ambiguous, tally.maxGjkIterations,
              tally.maxDistanceIterations, tally.maxEpaIterations);
}

void expectMixedAndFew(const Tally& tally) {
  EXPECT_GT(tally.separated, kPairs / 10);
  EXPECT_GT(tally.overlapping, kPairs / 10);
  EXPECT_LT(tally.ambiguous, kPairs / 1000);
}

TEST(GjkProperties, RandomBoxes) {
  Random random{std::mt19937_64{20261121}};
  Tally tally;
  for (int pair = 0; pair < kPairs; ++pair) {
    const Box<double> boxA{{random.uniform(0.1, 2.0), random.uniform(0.1, 2.0)}};
    const Box<double> boxB{{random.uniform(0.1, 2.0), random.uniform(0.1, 2.0)}};
    const Transform<double> poseA = random.pose(3.0);
    const Transform<double> relative = invMul(poseA, random.pose(3.0));
    const Transformed<Box<double>> placedB{boxB, relative};
    checkPair(boxA, placedB, outlineOf(boxA, Transform<double>{}), outlineOf(boxB, relative), 0.0, tally, pair);
    if (::testing::Test::HasFatalFailure()) return;
  }
  report("boxes", tally);
  expectMixedAndFew(tally);
}

TEST(GjkProperties, RandomPolygons) {
  Random random{std::mt19937_64{7}};
  Tally tally;
  for (int pair = 0; pair < kPairs; ++pair) {
    const Polygon<double> polygonA = randomPolygon(random);
    const Polygon<double> polygonB = randomPolygon(random);
    const Transform<double> relative = random.pose(4.0);
    const Transformed<Polygon<double>> placedB{polygonB, relative};
    checkPair(polygonA, placedB, outlineOf(polygonA, Transform<double>{}), outlineOf(polygonB, relative), 0.0,
              tally, pair);
    if (::testing::Test::HasFatalFailure()) return;
  }
  report("polygons", tally);
  expectMixedAndFew(tally);
}

// Rounded shapes: GJK distance runs on the capsule's segment and subtracts its radius, so it stays exact; so does the
// depth (the cores' distance, or EPA on the cores plus the radius).
TEST(GjkProperties, RandomPolygonsAgainstCapsules) {
  Random random{std::mt19937_64{99}};
  Tally tally;
  for (int pair = 0; pair < kPairs; ++pair) {
    const Polygon<double> polygon = randomPolygon(random);
    const double halfLength = random.uniform(0.01, 2.0);
    const Capsule<double> capsule{{-halfLength, 0.0}, {halfLength, 0.0}, random.uniform(0.05, 1.0)};
    const Transform<double> relative = random.pose(4.0);
    const Transformed<Capsule<double>> placed{capsule, relative};
    const std::vector<V> core{relative.apply(capsule.a), relative.apply(capsule.b)};
    checkPair(polygon, placed, outlineOf(polygon, Transform<double>{}), core, capsule.radius, tally, pair);
    if (::testing::Test::HasFatalFailure()) return;
  }
  report("polygon-capsule", tally);
  expectMixedAndFew(tally);
}

}  // namespace
}  // namespace collide
