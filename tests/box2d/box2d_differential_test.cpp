// Differential test against Box2D 2.4.1, in float, on random polygon (3 to 8 vertices), circle and capsule pairs.
//
// Box2D gets proxies built straight from our vertices (b2DistanceProxy::Set(vertices, count, radius): a circle is
// one vertex with a radius, a capsule two), the same world transforms bit for bit, useRadii = true and a cold
// simplex cache. We run gjkDistance in A's frame (B placed by invMul(poseA, poseB)); Box2D's world witness points
// are mapped into A's frame in double. Compared, relative to the pair's scale (the distances of both poses from
// the world origin plus both shapes' extents, since Box2D rounds in world coordinates):
//   distance                 within kDistanceTolerance;
//   overlap (distance == 0)  equal, except pairs closer to touching than kAmbiguous, where rounding decides;
//   witness points           (separated pairs) within kWitnessTolerance, where both libraries put them on the
//                            rounded surfaces; where the closest features are parallel the pair is not unique, so a
//                            different pair is accepted only when its separation vector pointB - pointA (unique:
//                            the common normal times the distance) agrees and both points lie on their surfaces;
//                            such pairs must stay rare.
// b2TestOverlap (shapes with our vertices, polygons without Box2D's 0.01 skin) is compared with gjkIntersect.
// One family sits 10,000 from the origin and is compared with Box2D run in A's frame, at the local scale; another
// holds only the 8-gon pairs a broad phase passes on (world bounding boxes overlap), mostly overlapping ones.
// Each family also prints both libraries' support searches per query (Box2D's output.iterations).
// Seeded and deterministic: a failure names the family seed and the pair index.
//
// [SECTION] Helpers
// [SECTION] Distance against b2Distance
// [SECTION] Overlap against b2TestOverlap
#include <gtest/gtest.h>

#include <box2d/b2_collision.h>
#include <box2d/b2_distance.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "bench_inputs.h"
#include "collide/gjk.h"
#include "collide/math.h"
#include "collide/shapes.h"
#include "collide/support.h"

namespace collide {
namespace {

using bench::fromBox2d;
using bench::makeBoundsOverlappingPairs;
using bench::makePairs;
using bench::proxyVertices;
using bench::Random;
using bench::ShapePair;
using bench::toBox2d;

constexpr int kPairsPerFamily = 5000;
constexpr double kSize = 1.0;    // shapes about 1 across
constexpr double kSpread = 20.0; // A anywhere in [-20, 20]^2
constexpr double kReach = 2.5;   // B within 2.5 of A: about a third of the pairs overlap
// Relative to the pair's scale. Both libraries round in float: Box2D in world coordinates, we in A's frame.
constexpr double kDistanceTolerance = 16.0 * FLT_EPSILON;
constexpr double kAmbiguous = 64.0 * FLT_EPSILON;
constexpr double kWitnessTolerance = 64.0 * FLT_EPSILON;
constexpr double kMaxNonUniqueFraction = 0.01;

// [SECTION] Helpers

double extent(const Polygon<float>& polygon) {
  double result = 0.0;
  for (int i = 0; i < polygon.count; ++i) result = std::max(result, static_cast<double>(length(polygon.vertices[static_cast<std::size_t>(i)])));
  return result;
}
double extent(const Circle<float>& circle) { return length(circle.center) + circle.radius; }
double extent(const Capsule<float>& capsule) { return std::max(length(capsule.a), length(capsule.b)) + capsule.radius; }

Polygon<float> randomPolygon(Random& random) { return bench::randomPolygon<float>(random, random.integer(3, 8), kSize); }
Polygon<float> randomOctagon(Random& random) { return bench::randomPolygon<float>(random, 8, kSize); }
Circle<float> randomCircle(Random& random) { return bench::randomCircle<float>(random, kSize); }
Capsule<float> randomCapsule(Random& random) { return bench::randomCapsule<float>(random, kSize); }

template <class ShapeA, class ShapeB>
double pairScale(const ShapePair<ShapeA, ShapeB>& pair) {
  return length(pair.poseA.p) + length(pair.poseB.p) + extent(pair.a) + extent(pair.b);
}

// Box2D's distance between a world point and a proxy's core (no radius), for the non-unique witness check.
double coreDistance(Vec2<double> pointInA, const bench::ProxyVertices& vertices, const b2Transform& transform,
                    const Transform<double>& poseA) {
  const Vec2<double> world = poseA.apply(pointInA);
  const b2Vec2 point{static_cast<float>(world.x), static_cast<float>(world.y)};
  b2DistanceInput input;
  input.proxyA.Set(&point, 1, 0.0f);
  input.proxyB = vertices.proxy();
  input.transformA.SetIdentity();
  input.transformB = transform;
  input.useRadii = false;
  b2SimplexCache cache;
  cache.count = 0;
  b2DistanceOutput output;
  b2Distance(&output, &cache, &input);
  return output.distance;
}

// [SECTION] Distance against b2Distance

struct DistanceReport {
  int separated = 0;
  int overlapping = 0;
  int ambiguous = 0;
  int nonUnique = 0;
  double maxDistanceError = 0.0;  // relative to the pair's scale
  double maxWitnessError = 0.0;   // same, over the pairs whose witnesses agree
  long long ourSearches = 0;      // support searches: our iterations
  long long box2dSearches = 0;    // Box2D's output.iterations (its first vertex pair is no search)
};

// Where Box2D works: World gets the world poses (Box2D rounds at the world's scale); AFrame gets A at the identity
// and B at the relative pose computed in double, which is where we work, so the tolerance is the pair's local scale.
enum class Box2dFrame { World, AFrame };

template <class ShapeA, class ShapeB>
void compareDistances(const char* family, const std::vector<ShapePair<ShapeA, ShapeB>>& pairs,
                      Box2dFrame frame = Box2dFrame::World) {
  DistanceReport report;
  for (std::size_t index = 0; index < pairs.size(); ++index) {
    const ShapePair<ShapeA, ShapeB>& pair = pairs[index];
    SCOPED_TRACE(std::string(family) + " pair " + std::to_string(index));
    const Transform<double> relativeInDouble =
        invMul(pair.poseA.template cast<double>(), pair.poseB.template cast<double>());
    const double scale = frame == Box2dFrame::World
                             ? pairScale(pair)
                             : length(relativeInDouble.p) + extent(pair.a) + extent(pair.b);

    const Transform<float> relative = invMul(pair.poseA, pair.poseB);
    const Transformed<ShapeB> placedB{pair.b, relative};
    const DistanceResult<Vec2<float>> ours = gjkDistance(pair.a, placedB);
    EXPECT_EQ(ours.status, Status::Converged) << stopName(ours.stop);

    const bench::ProxyVertices verticesA = proxyVertices(pair.a);
    const bench::ProxyVertices verticesB = proxyVertices(pair.b);
    b2DistanceInput input;
    input.proxyA = verticesA.proxy();
    input.proxyB = verticesB.proxy();
    if (frame == Box2dFrame::World) {
      input.transformA = toBox2d(pair.poseA);
      input.transformB = toBox2d(pair.poseB);
    } else {
      input.transformA.SetIdentity();
      input.transformB = toBox2d(relativeInDouble.template cast<float>());
    }
    input.useRadii = true;
    b2SimplexCache cache;
    cache.count = 0;
    b2DistanceOutput output;
    b2Distance(&output, &cache, &input);
    report.ourSearches += ours.iterations;
    report.box2dSearches += output.iterations;

    const double distanceError = std::abs(static_cast<double>(ours.distance) - output.distance) / scale;
    report.maxDistanceError = std::max(report.maxDistanceError, distanceError);
    EXPECT_LE(distanceError, kDistanceTolerance) << "ours " << ours.distance << ", Box2D " << output.distance;

    const bool box2dOverlap = output.distance == 0.0f;
    if (ours.overlap != box2dOverlap) {
      ++report.ambiguous;
      EXPECT_LE(std::max(static_cast<double>(ours.distance), static_cast<double>(output.distance)), kAmbiguous * scale)
          << "overlap: ours " << ours.overlap << ", Box2D " << box2dOverlap;
      continue;
    }
    if (ours.overlap) {
      ++report.overlapping;
      continue;
    }
    ++report.separated;

    // Witness points in A's frame: Box2D's world points mapped back in double.
    const Transform<double> poseA =
        frame == Box2dFrame::World ? pair.poseA.template cast<double>() : Transform<double>::identity();
    const Vec2<double> box2dPointA = poseA.applyInverse(fromBox2d(output.pointA).cast<double>());
    const Vec2<double> box2dPointB = poseA.applyInverse(fromBox2d(output.pointB).cast<double>());
    const Vec2<double> ourPointA = ours.pointA.cast<double>();
    const Vec2<double> ourPointB = ours.pointB.cast<double>();
    const double witnessError =
        std::max(distance(ourPointA, box2dPointA), distance(ourPointB, box2dPointB)) / scale;
    if (witnessError <= kWitnessTolerance) {
      report.maxWitnessError = std::max(report.maxWitnessError, witnessError);
      continue;
    }
    // Parallel closest features: the witnesses may slide along them, but the separation vector pointB - pointA
    // (the common normal times the distance) is unique, and each witness must lie on its shape's surface.
    ++report.nonUnique;
    const double separationError = distance(ourPointB - ourPointA, box2dPointB - box2dPointA) / scale;
    const double onA = coreDistance(ourPointA, verticesA, input.transformA, poseA) - verticesA.radius;
    const double onB = coreDistance(ourPointB, verticesB, input.transformB, poseA) - verticesB.radius;
    EXPECT_LE(separationError, kWitnessTolerance)
        << "witnesses differ by " << witnessError * scale << " and so do the separation vectors: ours ("
        << ourPointA.x << ", " << ourPointA.y << ") -> (" << ourPointB.x << ", " << ourPointB.y << "), Box2D ("
        << box2dPointA.x << ", " << box2dPointA.y << ") -> (" << box2dPointB.x << ", " << box2dPointB.y
        << "); gjkDistance stopped by " << stopName(ours.stop) << " after " << ours.iterations << " iterations";
    EXPECT_LE(std::abs(onA) / scale, kWitnessTolerance) << "our witness on A is off A's surface by " << onA;
    EXPECT_LE(std::abs(onB) / scale, kWitnessTolerance) << "our witness on B is off B's surface by " << onB;
  }
  const auto perPair = [&](long long total) { return static_cast<double>(total) / static_cast<double>(pairs.size()); };
  std::printf("[ %s ] %zu pairs: %d separated, %d overlapping, %d within rounding of touching, %d non-unique "
              "witnesses; max distance error %.3g, max witness error %.3g (relative to scale, FLT_EPSILON %.3g); "
              "support searches per query: ours %.3f, Box2D %.3f\n",
              family, pairs.size(), report.separated, report.overlapping, report.ambiguous, report.nonUnique,
              report.maxDistanceError, report.maxWitnessError, static_cast<double>(FLT_EPSILON),
              perPair(report.ourSearches), perPair(report.box2dSearches));
  EXPECT_LE(report.nonUnique, kMaxNonUniqueFraction * static_cast<double>(pairs.size()));
  // Both outcomes must be well represented, or the family tests less than it claims.
  EXPECT_GT(report.separated, static_cast<int>(pairs.size()) / 5);
  EXPECT_GT(report.overlapping, static_cast<int>(pairs.size()) / 10);
}

TEST(Box2dDistance, PolygonPolygon) {
  compareDistances("polygon-polygon", makePairs(101, kPairsPerFamily, kSpread, kReach, randomPolygon, randomPolygon));
}
TEST(Box2dDistance, PolygonCircle) {
  compareDistances("polygon-circle", makePairs(102, kPairsPerFamily, kSpread, kReach, randomPolygon, randomCircle));
}
TEST(Box2dDistance, PolygonCapsule) {
  compareDistances("polygon-capsule", makePairs(103, kPairsPerFamily, kSpread, kReach, randomPolygon, randomCapsule));
}
TEST(Box2dDistance, CirclePolygon) {
  compareDistances("circle-polygon", makePairs(104, kPairsPerFamily, kSpread, kReach, randomCircle, randomPolygon));
}
TEST(Box2dDistance, CircleCircle) {
  compareDistances("circle-circle", makePairs(105, kPairsPerFamily, kSpread, kReach, randomCircle, randomCircle));
}
TEST(Box2dDistance, CircleCapsule) {
  compareDistances("circle-capsule", makePairs(106, kPairsPerFamily, kSpread, kReach, randomCircle, randomCapsule));
}
TEST(Box2dDistance, CapsulePolygon) {
  compareDistances("capsule-polygon", makePairs(107, kPairsPerFamily, kSpread, kReach, randomCapsule, randomPolygon));
}
TEST(Box2dDistance, CapsuleCapsule) {
  compareDistances("capsule-capsule", makePairs(108, kPairsPerFamily, kSpread, kReach, randomCapsule, randomCapsule));
}

// What a broad phase passes on: 8-gon pairs whose world bounding boxes overlap (about three quarters overlap).
TEST(Box2dDistance, BroadPhaseOctagons) {
  compareDistances("8-gon pairs with overlapping bounds",
                   makeBoundsOverlappingPairs(111, kPairsPerFamily, kSpread, kReach, randomOctagon, randomOctagon));
}

// A at up to 10,000 from the world origin, where a float's spacing is 1e-3: placing B in A's frame first keeps
// our answer as precise as near the origin (DESIGN.md), so it must match Box2D run in A's frame at the local scale.
TEST(Box2dDistance, FarFromOriginInAFrame) {
  constexpr double kFarSpread = 1.0e4;
  compareDistances("polygon-polygon far, A's frame",
                   makePairs(109, kPairsPerFamily, kFarSpread, kReach, randomPolygon, randomPolygon), Box2dFrame::AFrame);
  compareDistances("capsule-circle far, A's frame",
                   makePairs(110, kPairsPerFamily, kFarSpread, kReach, randomCapsule, randomCircle), Box2dFrame::AFrame);
}

// [SECTION] Overlap against b2TestOverlap

// b2TestOverlap says "overlap" when b2Distance (with radii) is under 10 * b2_epsilon; gjkIntersect counts touching.
// Pairs within kAmbiguous of touching (by Box2D's own distance) are left out: there rounding decides.
template <class ShapeA, class ShapeB>
void compareOverlaps(const char* family, const std::vector<ShapePair<ShapeA, ShapeB>>& pairs) {
  int hits = 0;
  int ambiguous = 0;
  for (std::size_t index = 0; index < pairs.size(); ++index) {
    const ShapePair<ShapeA, ShapeB>& pair = pairs[index];
    SCOPED_TRACE(std::string(family) + " pair " + std::to_string(index));
    const auto shapeA = bench::box2dShape(pair.a);
    const auto shapeB = bench::box2dShape(pair.b);
    const b2Transform transformA = toBox2d(pair.poseA);
    const b2Transform transformB = toBox2d(pair.poseB);
    const bool box2dHit = b2TestOverlap(&shapeA, 0, &shapeB, 0, transformA, transformB);

    const bench::ProxyVertices verticesA = proxyVertices(pair.a);
    const bench::ProxyVertices verticesB = proxyVertices(pair.b);
    b2DistanceInput input;
    input.proxyA = verticesA.proxy();
    input.proxyB = verticesB.proxy();
    input.transformA = transformA;
    input.transformB = transformB;
    input.useRadii = false;
    b2SimplexCache cache;
    cache.count = 0;
    b2DistanceOutput output;
    b2Distance(&output, &cache, &input);
    // Overlapping cores give exactly 0 and say nothing about touching; only rounded shapes measure a depth here.
    const double radii = static_cast<double>(verticesA.radius) + verticesB.radius;
    const double gap = output.distance - radii;
    const bool coresOverlapWithoutRadii = output.distance == 0.0f && radii == 0.0;
    if (!coresOverlapWithoutRadii && std::abs(gap) <= kAmbiguous * pairScale(pair)) {
      ++ambiguous;
      continue;
    }

    const Transformed<ShapeB> placedB{pair.b, invMul(pair.poseA, pair.poseB)};
    const GjkBooleanResult<Vec2<float>> ours = gjkIntersect(pair.a, placedB);
    EXPECT_EQ(ours.hit, box2dHit) << "gjkIntersect stopped by " << stopName(ours.stop) << "; Box2D gap " << gap;
    EXPECT_NE(ours.status, Status::MaxIterations);
    hits += box2dHit ? 1 : 0;
  }
  std::printf("[ %s ] %zu pairs: %d overlap per b2TestOverlap, %d within rounding of touching left out\n", family,
              pairs.size(), hits, ambiguous);
  EXPECT_GT(hits, static_cast<int>(pairs.size()) / 10);
  EXPECT_LT(hits, static_cast<int>(pairs.size()) * 9 / 10);
}

TEST(Box2dOverlap, PolygonPolygon) {
  compareOverlaps("polygon-polygon", makePairs(201, kPairsPerFamily, kSpread, kReach, randomPolygon, randomPolygon));
}
TEST(Box2dOverlap, PolygonCircle) {
  compareOverlaps("polygon-circle", makePairs(202, kPairsPerFamily, kSpread, kReach, randomPolygon, randomCircle));
}
TEST(Box2dOverlap, PolygonCapsule) {
  compareOverlaps("polygon-capsule", makePairs(203, kPairsPerFamily, kSpread, kReach, randomPolygon, randomCapsule));
}
TEST(Box2dOverlap, BroadPhaseOctagons) {
  compareOverlaps("8-gon pairs with overlapping bounds",
                  makeBoundsOverlappingPairs(205, kPairsPerFamily, kSpread, kReach, randomOctagon, randomOctagon));
}
TEST(Box2dOverlap, CapsuleCircle) {
  compareOverlaps("capsule-circle", makePairs(204, kPairsPerFamily, kSpread, kReach, randomCapsule, randomCircle));
}

}  // namespace
}  // namespace collide
