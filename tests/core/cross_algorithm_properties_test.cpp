// Properties across algorithms on random mixed pairs, in double, through the one dispatch the CLI and the app
// use (query.h): boolean GJK == GJK distance's overlap == EPA == SAT == the analytic test wherever each
// applies; EPA depth == SAT's minimum translation; analytic distance and depth == GJK distance and EPA.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <numbers>
#include <vector>

#include "collide/polygon.h"
#include "collide/query.h"
#include "workloads/random.h"

namespace collide {
namespace {

using Random = SplitMix64;

// An index in [0, count), from one uniform draw.
int below(Random& random, int count) { return std::min(count - 1, static_cast<int>(random.uniform(0, count))); }

enum class Family { Circles, Mixed };

Shape<double> randomShape(Random& random, Family family) {
  if (family == Family::Circles) return Circle<double>{{}, random.uniform(0.2, 1.5)};
  switch (below(random, 6)) {
    case 0: return Point<double>{};
    case 1: return Segment<double>{{-random.uniform(0.2, 1), 0}, {random.uniform(0.2, 1), 0}};
    case 2: return Circle<double>{{}, random.uniform(0.2, 1.5)};
    case 3: return Box<double>{{random.uniform(0.2, 1.2), random.uniform(0.2, 1.2)}};
    case 4: return Capsule<double>{{-random.uniform(0.1, 1), 0}, {random.uniform(0.1, 1), 0}, random.uniform(0.1, 0.8)};
    default: {
      std::vector<Vec2<double>> cloud(static_cast<std::size_t>(4 + below(random, 12)));
      for (Vec2<double>& point : cloud) point = {random.uniform(-1.2, 1.2), random.uniform(-1.2, 1.2)};
      PolygonBuildResult<double> built = makePolygon<double>(cloud, PolygonBuild::Hull);
      if (built.polygon) return *built.polygon;
      return Box<double>{{0.5, 0.5}};
    }
  }
}

Collider<double> randomCollider(Random& random, Family family) {
  const double angle = random.uniform(-std::numbers::pi, std::numbers::pi);
  return {randomShape(random, family), Transform<double>::fromPose({random.uniform(-2.5, 2.5), random.uniform(-2.5, 2.5)}, angle)};
}

struct Tally {
  int pairs = 0;
  int skippedNearTouching = 0;
  int satCompared = 0;
  int analyticCompared = 0;
};

Tally checkFamily(Family family, std::uint64_t seed, int pairCount) {
  constexpr double kTolerance = 1e-9;     // relative to the scene's size (about 1)
  constexpr double kAmbiguous = 1e-7;     // a pair this close to touching is skipped: either answer is right
  Random random(seed);
  Tally tally;
  for (int i = 0; i < pairCount; ++i) {
    const Collider<double> a = randomCollider(random, family);
    const Collider<double> b = randomCollider(random, family);
    const QueryResult<double> gjk = runQuery(Algorithm::Gjk, a, b);
    const QueryResult<double> distance = runQuery(Algorithm::Distance, a, b);
    const QueryResult<double> epa = runQuery(Algorithm::Epa, a, b);
    const QueryResult<double> sat = runQuery(Algorithm::Sat, a, b);
    const QueryResult<double> analytic = runQuery(Algorithm::Analytic, a, b);
    ++tally.pairs;
    EXPECT_TRUE(gjk.ok && distance.ok && epa.ok) << "pair " << i;
    EXPECT_EQ(gjk.status, Status::Converged) << "pair " << i;
    EXPECT_EQ(distance.status, Status::Converged) << "pair " << i;
    EXPECT_EQ(epa.status, Status::Converged) << "pair " << i;
    const double separation = distance.hit ? -epa.depth.value_or(0) : distance.distance.value_or(0);
    if (std::abs(separation) < kAmbiguous) {
      ++tally.skippedNearTouching;
      continue;
    }
    const bool hit = separation < 0;
    EXPECT_EQ(gjk.hit, hit) << "pair " << i << ": boolean GJK disagrees with GJK distance";
    EXPECT_EQ(epa.hit, hit) << "pair " << i;
    if (sat.ok) {
      ++tally.satCompared;
      EXPECT_EQ(sat.hit, hit) << "pair " << i << ": SAT disagrees with GJK";
      if (hit) {
        EXPECT_NEAR(*sat.depth, *epa.depth, kTolerance) << "pair " << i << ": EPA depth != SAT's MTV";
      }
    }
    if (analytic.ok) {
      ++tally.analyticCompared;
      EXPECT_EQ(analytic.hit, hit) << "pair " << i << ": the analytic test disagrees with GJK";
      if (!hit && analytic.distance) {
        EXPECT_NEAR(*analytic.distance, *distance.distance, kTolerance) << "pair " << i;
      }
      if (hit && analytic.depth) {
        EXPECT_NEAR(*analytic.depth, *epa.depth, kTolerance) << "pair " << i;
      }
    }
    if (::testing::Test::HasFailure()) break;  // one pair's story is enough to debug
  }
  return tally;
}

TEST(CrossAlgorithmProperties, HundredThousandCirclePairs) {
  const Tally tally = checkFamily(Family::Circles, 7, 100'000);
  EXPECT_EQ(tally.analyticCompared + tally.skippedNearTouching, tally.pairs);
  EXPECT_LT(tally.skippedNearTouching, tally.pairs / 1000);
}

TEST(CrossAlgorithmProperties, HundredThousandMixedPairs) {
  const Tally tally = checkFamily(Family::Mixed, 8, 100'000);
  // Every comparison actually happened many times (points, segments, boxes and polygons take SAT; circles and
  // points take the analytic test).
  EXPECT_GT(tally.satCompared, 20'000);
  EXPECT_GT(tally.analyticCompared, 20'000);
  EXPECT_LT(tally.skippedNearTouching, tally.pairs / 100);
}

}  // namespace
}  // namespace collide
