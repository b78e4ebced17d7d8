// collide/query.h: refusals, the world frame of results and traces, recorded == unrecorded, and the dispatch
// agreeing with itself across algorithms (swapped analytic pairs, sat vs epa, distance vs analytic).
//
// [SECTION] Random colliders
// [SECTION] Refusals
// [SECTION] Recorded and unrecorded runs are bitwise identical
// [SECTION] World frame
// [SECTION] Algorithms agree through the dispatch
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <numbers>
#include <random>
#include <vector>

#include "collide/polygon.h"
#include "collide/query.h"

namespace collide {
namespace {

// [SECTION] Random colliders

class RandomColliders {
 public:
  explicit RandomColliders(unsigned seed) : engine_(seed) {}

  double uniform(double low, double high) { return std::uniform_real_distribution<double>(low, high)(engine_); }

  Collider<double> make(int typeIndex) {
    Collider<double> collider;
    collider.transform = Transform<double>::fromPose({uniform(-3, 3), uniform(-3, 3)}, uniform(-3.2, 3.2));
    switch (typeIndex) {
      case 0: collider.shape = Point<double>{}; break;
      case 1: collider.shape = Segment<double>{{uniform(-2, 0), uniform(-1, 1)}, {uniform(0, 2), uniform(-1, 1)}}; break;
      case 2: collider.shape = Circle<double>{{}, uniform(0.2, 2)}; break;
      case 3: {
        const Vec2<double> min{uniform(-4, 2), uniform(-4, 2)};
        collider.shape = Aabb<double>{min, min + Vec2<double>{uniform(0.2, 3), uniform(0.2, 3)}};
        break;
      }
      case 4: collider.shape = Box<double>{{uniform(0.2, 2), uniform(0.2, 2)}}; break;
      case 5: collider.shape = Capsule<double>{{uniform(-1, 0), 0}, {uniform(0, 1), uniform(-0.5, 0.5)}, uniform(0.1, 1)}; break;
      case 6: {
        std::vector<Vec2<double>> points;
        for (int i = 0; i < 12; ++i) points.push_back({uniform(-2, 2), uniform(-2, 2)});
        collider.shape = *makePolygon<double>(points, PolygonBuild::Hull).polygon;
        break;
      }
      default: collider.shape = Sector<double>{uniform(0.5, 3), uniform(0.2, 1.5)}; break;
    }
    return collider;
  }

 private:
  std::mt19937 engine_;
};

Collider<double> circleAt(Vec2<double> position, double radius) {
  return {Circle<double>{{}, radius}, Transform<double>::fromPose(position, 0.0)};
}

Collider<double> boxAt(Vec2<double> position, double angle, Vec2<double> halfExtents) {
  return {Box<double>{halfExtents}, Transform<double>::fromPose(position, angle)};
}

// [SECTION] Refusals

TEST(QueryRefusal, NanAnywhereIsRefusedByEveryAlgorithm) {
  Collider<double> a = circleAt({0, 0}, 1);
  const Collider<double> b = boxAt({1, 0}, 0, {1, 1});
  a.transform.p.x = std::numeric_limits<double>::quiet_NaN();
  for (const Algorithm algorithm : kAlgorithms) {
    const QueryResult<double> result = runQuery(algorithm, a, b);
    EXPECT_FALSE(result.ok) << algorithmName(algorithm);
    EXPECT_EQ(result.error, "shape A: the circle's position is not finite");
    EXPECT_EQ(result.refusal.side, Side::A);
    EXPECT_EQ(result.refusal.field, ShapeField::Position);
  }
  Collider<double> polygon{makeBox<double>({1, 1}), {}};
  std::get<Polygon<double>>(polygon.shape).vertices[2].y = std::numeric_limits<double>::infinity();
  EXPECT_EQ(runQuery(Algorithm::Distance, a, polygon).error.substr(0, 8), "shape A:");
  EXPECT_EQ(runQuery(Algorithm::Gjk, circleAt({0, 0}, 1), polygon).error,
            "shape B: the polygon's vertex 2 is not finite");
}

TEST(QueryRefusal, WideSectorOnlyForTheAnalyticTest) {
  const Collider<double> circle = circleAt({0.5, 0.5}, 0.25);
  const Collider<double> sector{Sector<double>{1.0, 2.0}, {}};
  for (const Algorithm algorithm : {Algorithm::Gjk, Algorithm::Distance, Algorithm::Epa}) {
    const QueryResult<double> result = runQuery(algorithm, circle, sector);
    EXPECT_FALSE(result.ok);
    EXPECT_EQ(result.error,
              "shape B: the sector's half angle 114.6 degrees (2 rad) is over 90 degrees, so the sector is not convex; only the "
              "analytic test takes it");
    EXPECT_EQ(result.refusal.field, ShapeField::HalfAngle);
  }
  const QueryResult<double> analytic = runQuery(Algorithm::Analytic, circle, sector);
  ASSERT_TRUE(analytic.ok) << analytic.error;
  EXPECT_TRUE(analytic.hit);
  // A sector of exactly 90 degrees is convex and taken.
  const Collider<double> quarter{Sector<double>{1.0, std::numbers::pi / 2}, {}};
  EXPECT_TRUE(runQuery(Algorithm::Epa, circle, quarter).ok);
}

TEST(QueryRefusal, SatOnCurvedShapesAndAnalyticWithoutATest) {
  const QueryResult<double> sat = runQuery(Algorithm::Sat, boxAt({0, 0}, 0, {1, 1}), circleAt({1, 0}, 1));
  EXPECT_FALSE(sat.ok);
  EXPECT_EQ(sat.error, "shape B: sat takes polytopes only (point, segment, aabb, box, polygon); a circle has a curved "
                       "boundary and no finite set of axes");
  const QueryResult<double> analytic =
      runQuery(Algorithm::Analytic, boxAt({0, 0}, 0, {1, 1}), Collider<double>{makeBox<double>({1, 1}), {}});
  EXPECT_FALSE(analytic.ok);
  EXPECT_NE(analytic.error.find("no analytic test for box vs polygon"), std::string::npos) << analytic.error;
  EXPECT_TRUE(
      refusal(Algorithm::Analytic, Collider<double>{Aabb<double>{}, {}}, Collider<double>{Aabb<double>{}, {}}).empty());
}

TEST(QueryRefusal, EmptyPolygonAndNegativeRadius) {
  const Collider<double> empty{Polygon<double>{}, {}};
  EXPECT_EQ(runQuery(Algorithm::Sat, empty, boxAt({0, 0}, 0, {1, 1})).error,
            "shape A: the polygon has 0 vertices; a polygon has 3 to 64 (build it with makePolygon)");
  EXPECT_EQ(runQuery(Algorithm::Gjk, circleAt({0, 0}, 1), circleAt({0, 0}, -1)).error,
            "shape B: the circle's radius -1 is negative");
}

// Finite numbers whose products would overflow are refused up front, naming the property (README.md, "Command
// line": the supported range); no result carries NaN or infinity.
TEST(QueryRefusal, NumbersBeyondTheSupportedRangeAreRefused) {
  const Collider<double> far{Sector<double>{9.2e18, 0.3}, Transform<double>::fromPose({1.7976931348623157e308, 10}, 0)};
  for (const Algorithm algorithm : kAlgorithms) {
    const QueryResult<double> result = runQuery(algorithm, far, circleAt({0, 0}, 1));
    EXPECT_FALSE(result.ok);
    EXPECT_EQ(result.refusal.field, ShapeField::Position) << result.error;
    EXPECT_NE(result.error.find("is too large"), std::string::npos) << result.error;
  }
  const Collider<double> wide{Circle<double>{{}, 9.2e18}, {}};
  EXPECT_EQ(runQuery(Algorithm::Distance, circleAt({0, 0}, 1), wide).refusal.field, ShapeField::Radius);
  // In float the limit is lower: boxes 6e38 apart are refused, never reported as a hit.
  const Collider<float> left{Box<float>{{1, 1}}, Transform<float>::fromPose({-3e38f, 0}, 0)};
  const Collider<float> right{Box<float>{{1, 1}}, Transform<float>::fromPose({3e38f, 0}, 0)};
  const QueryResult<float> sat = runQuery(Algorithm::Sat, left, right);
  EXPECT_FALSE(sat.ok);
  EXPECT_FALSE(sat.hit);
  const Collider<float> nearLimit{Box<float>{{1, 1}}, Transform<float>::fromPose({kMaxCoordinate<float>, 0}, 0)};
  const Collider<float> otherSide{Box<float>{{1, 1}}, Transform<float>::fromPose({-kMaxCoordinate<float>, 0}, 0)};
  for (const Algorithm algorithm : {Algorithm::Gjk, Algorithm::Distance, Algorithm::Epa, Algorithm::Sat}) {
    const QueryResult<float> result = runQuery(algorithm, nearLimit, otherSide);
    ASSERT_TRUE(result.ok) << result.error;
    EXPECT_FALSE(result.hit) << algorithmName(algorithm);
    if (result.distance) {
      EXPECT_TRUE(std::isfinite(*result.distance));
    }
  }
}

// The algorithm table: names round-trip, the iterative ones are those experiments take.
TEST(AlgorithmTable, NamesAndKinds) {
  for (const AlgorithmInfo& info : kAlgorithmTable) {
    EXPECT_EQ(parseAlgorithm(info.name), info.algorithm);
    EXPECT_EQ(&algorithmInfo(info.algorithm), &info);
  }
  EXPECT_EQ(algorithmNameList(), "gjk, distance, epa, sat, analytic, sat-lite");
  EXPECT_EQ(algorithmNameList(false, 2), "gjk, distance, epa, sat, analytic");
  EXPECT_EQ(algorithmNameList(true, 2), "gjk, distance, epa, sat");
  EXPECT_EQ(algorithmNameList(true, 3), "gjk, distance, epa, sat, sat-lite");
  EXPECT_FALSE(parseAlgorithm("GJK").has_value());
}

// [SECTION] Recorded and unrecorded runs are bitwise identical

template <class T>
bool sameBits(const std::optional<T>& a, const std::optional<T>& b) {
  if (a.has_value() != b.has_value()) return false;
  if (!a) return true;
  if constexpr (std::is_floating_point_v<T>) {
    return std::bit_cast<std::uint64_t>(static_cast<double>(*a)) == std::bit_cast<std::uint64_t>(static_cast<double>(*b));
  } else if constexpr (std::is_same_v<T, Vec2<typename T::Scalar>>) {
    return sameBits(std::optional(a->x), std::optional(b->x)) && sameBits(std::optional(a->y), std::optional(b->y));
  } else {
    return *a == *b;
  }
}

template <Scalar S>
void expectIdentical(const QueryResult<S>& plain, const QueryResult<S>& recorded) {
  EXPECT_EQ(plain.ok, recorded.ok);
  EXPECT_EQ(plain.error, recorded.error);
  EXPECT_EQ(plain.hit, recorded.hit);
  EXPECT_TRUE(sameBits(plain.distance, recorded.distance));
  EXPECT_TRUE(sameBits(plain.separation, recorded.separation));
  EXPECT_TRUE(sameBits(plain.depth, recorded.depth));
  EXPECT_TRUE(sameBits(plain.normal, recorded.normal));
  EXPECT_TRUE(sameBits(plain.pointA, recorded.pointA));
  EXPECT_TRUE(sameBits(plain.pointB, recorded.pointB));
  EXPECT_EQ(plain.iterations, recorded.iterations);
  EXPECT_EQ(plain.gjkIterations, recorded.gjkIterations);
  EXPECT_EQ(plain.status, recorded.status);
  EXPECT_EQ(plain.stopReason, recorded.stopReason);
}

template <Scalar S>
void checkRecordedEqualsPlain(unsigned seed) {
  RandomColliders random(seed);
  int recordedSteps = 0;
  for (int round = 0; round < 40; ++round) {
    for (int typeA = 0; typeA < 8; ++typeA) {
      for (int typeB = 0; typeB < 8; ++typeB) {
        const Collider<S> a = castCollider<S>(random.make(typeA));
        const Collider<S> b = castCollider<S>(random.make(typeB));
        for (const Algorithm algorithm : kAlgorithms) {
          SCOPED_TRACE(std::string(algorithmName(algorithm)) + " " + std::string(kShapeTypeNames[typeA]) + " vs " +
                       std::string(kShapeTypeNames[typeB]));
          const QueryResult<S> plain = runQuery(algorithm, a, b);
          const QueryTrace<S> trace = recordQuery(algorithm, a, b);
          expectIdentical(plain, trace.result);
          recordedSteps += static_cast<int>(trace.gjk.size() + trace.epa.size() + trace.sat.size() +
                                            trace.analytic.size());
          if (!plain.ok) continue;
          EXPECT_NE(plain.status, Status::InvalidInput);
          // Only the lists of the algorithm that ran are filled.
          EXPECT_EQ(trace.gjk.empty(), algorithm == Algorithm::Sat || algorithm == Algorithm::Analytic);
          EXPECT_EQ(trace.sat.empty(), algorithm != Algorithm::Sat);
          EXPECT_EQ(trace.analytic.empty(), algorithm != Algorithm::Analytic);
          if (algorithm != Algorithm::Epa) {
            EXPECT_TRUE(trace.epa.empty());
          }
        }
      }
    }
  }
  EXPECT_GT(recordedSteps, 10000);
}

TEST(QueryRecording, RecordedAndUnrecordedResultsAreBitwiseIdenticalDouble) { checkRecordedEqualsPlain<double>(11); }
TEST(QueryRecording, RecordedAndUnrecordedResultsAreBitwiseIdenticalFloat) { checkRecordedEqualsPlain<float>(12); }

// [SECTION] World frame

Vec2<double> moved(const Transform<double>& motion, Vec2<double> point) { return motion.apply(point); }

// The same pair moved rigidly gives the same answer moved the same way, because the work happens in A's frame.
TEST(QueryWorldFrame, ResultsFollowARigidMotionOfThePair) {
  RandomColliders random(21);
  const Transform<double> motion = Transform<double>::fromPose({1e3, -2e3}, 0.9);
  int compared = 0;
  for (int round = 0; round < 60; ++round) {
    for (int typeA = 0; typeA < 8; ++typeA) {
      for (int typeB = 0; typeB < 8; ++typeB) {
        if (typeA == 3 || typeB == 3) continue;  // an aabb does not rotate; see the next test
        const Collider<double> a = random.make(typeA);
        const Collider<double> b = random.make(typeB);
        const Collider<double> a2{a.shape, motion * a.transform};
        const Collider<double> b2{b.shape, motion * b.transform};
        for (const Algorithm algorithm : kAlgorithms) {
          const QueryResult<double> here = runQuery(algorithm, a, b);
          const QueryResult<double> there = runQuery(algorithm, a2, b2);
          ASSERT_EQ(here.ok, there.ok);
          if (!here.ok) continue;
          SCOPED_TRACE(std::string(algorithmName(algorithm)) + " " + std::string(kShapeTypeNames[typeA]) + " vs " +
                       std::string(kShapeTypeNames[typeB]) + " round " + std::to_string(round));
          // Near-touching pairs may flip; compare the clear ones.
          const double gap = here.distance.value_or(0) + here.separation.value_or(0) + here.depth.value_or(0);
          if (gap < 1e-6) continue;
          EXPECT_EQ(here.hit, there.hit);
          constexpr double kTolerance = 1e-9;
          if (here.distance) {
            EXPECT_NEAR(*here.distance, *there.distance, kTolerance);
          }
          if (here.depth) {
            EXPECT_NEAR(*here.depth, *there.depth, kTolerance);
          }
          if (here.separation) {
            EXPECT_NEAR(*here.separation, *there.separation, kTolerance);
          }
          // Normals and witnesses are unique only for strictly convex contact; compare the distance ones, the
          // analytic ones, and EPA's where the depth leaves no tie.
          if (here.normal && algorithm != Algorithm::Sat && algorithm != Algorithm::Epa) {
            const Vec2<double> rotated = motion.q.apply(*here.normal);
            EXPECT_NEAR(rotated.x, there.normal->x, 1e-7);
            EXPECT_NEAR(rotated.y, there.normal->y, 1e-7);
          }
          if (here.pointA && algorithm == Algorithm::Distance) {
            EXPECT_NEAR(distance(moved(motion, *here.pointA), *there.pointA), 0.0, 1e-7);
            EXPECT_NEAR(distance(moved(motion, *here.pointB), *there.pointB), 0.0, 1e-7);
          }
          ++compared;
        }
      }
    }
  }
  EXPECT_GT(compared, 5000);
}

TEST(QueryWorldFrame, AabbPairsFollowATranslation) {
  const Vec2<double> shift{1e3, -2e3};
  const Collider<double> a{Aabb<double>{{0, 0}, {2, 1}}, {}};
  const Collider<double> b = boxAt({2.5, 0.5}, 0.3, {1, 0.5});
  const Collider<double> a2{Aabb<double>{{shift.x, shift.y}, Vec2<double>{2, 1} + shift}, {}};
  const Collider<double> b2 = boxAt(Vec2<double>{2.5, 0.5} + shift, 0.3, {1, 0.5});
  for (const Algorithm algorithm : {Algorithm::Gjk, Algorithm::Distance, Algorithm::Epa, Algorithm::Sat}) {
    const QueryResult<double> here = runQuery(algorithm, a, b);
    const QueryResult<double> there = runQuery(algorithm, a2, b2);
    ASSERT_TRUE(here.ok && there.ok) << here.error << there.error;
    EXPECT_EQ(here.hit, there.hit);
    if (here.depth) {
      EXPECT_NEAR(*here.depth, *there.depth, 1e-9);
    }
    if (here.pointA) {
      EXPECT_NEAR(distance(*here.pointA + shift, *there.pointA), 0.0, 1e-9);
    }
  }
}

// Trace steps come out in the world: a GJK support point on A is a world vertex of A, and the Minkowski point
// is the difference of its witnesses; EPA's contact point lies on A's world boundary.
TEST(QueryWorldFrame, TraceStepsAreInTheWorldFrame) {
  const Transform<double> poseA = Transform<double>::fromPose({1e3, -2e3}, 0.4);
  const Collider<double> a{Box<double>{{1, 0.5}}, poseA};
  const Collider<double> b = boxAt({1e3 + 1.2, -2e3 + 0.3}, -0.2, {0.7, 0.7});
  const QueryTrace<double> trace = recordQuery(Algorithm::Epa, a, b);
  ASSERT_TRUE(trace.result.ok && trace.result.hit);
  ASSERT_FALSE(trace.gjk.empty());
  ASSERT_FALSE(trace.epa.empty());
  const auto corners = Box<double>{{1, 0.5}}.corners();
  const auto isCornerOfA = [&](Vec2<double> point) {
    for (const Vec2<double> corner : corners) {
      if (distance(poseA.apply(corner), point) < 1e-9) return true;
    }
    return false;
  };
  for (const GjkStep<Vec2<double>>& step : trace.gjk) {
    EXPECT_TRUE(isCornerOfA(step.support.pointA));
    EXPECT_NEAR(distance(step.support.point, step.support.pointA - step.support.pointB), 0.0, 1e-9);
    for (int i = 0; i < step.simplexAfter.count; ++i) EXPECT_TRUE(isCornerOfA(step.simplexAfter.vertices[i].pointA));
  }
  for (const EpaStep<double>& step : trace.epa) {
    EXPECT_NEAR(length(step.edgeNormal), 1.0, 1e-12);
    EXPECT_TRUE(isCornerOfA(step.support.pointA));
  }
  // The contact point on A, taken back to A's frame, is on the box's boundary.
  const Vec2<double> local = poseA.applyInverse(*trace.result.pointA);
  EXPECT_NEAR(std::max(std::abs(local.x) - 1.0, std::abs(local.y) - 0.5), 0.0, 1e-9);
  // The separating direction, at least one axis of the pair: moving B by depth * normal makes them touch.
  Collider<double> separated = b;
  separated.transform.p += *trace.result.depth * *trace.result.normal;
  EXPECT_NEAR(runQuery(Algorithm::Sat, a, separated).depth.value_or(0), 0.0, 1e-9);
}

// [SECTION] Algorithms agree through the dispatch

// Swapping A and B runs the analytic test the other way round inside; the normal must still point from A to B.
TEST(QueryDispatch, AnalyticNormalPointsFromAToBInBothOrders) {
  const Collider<double> circle = circleAt({3, 0}, 1);
  const Collider<double> box = boxAt({0, 0}, 0, {1, 1});
  const QueryResult<double> circleFirst = runQuery(Algorithm::Analytic, circle, box);
  const QueryResult<double> boxFirst = runQuery(Algorithm::Analytic, box, circle);
  ASSERT_TRUE(circleFirst.ok && boxFirst.ok);
  EXPECT_NEAR(*circleFirst.distance, 1.0, 1e-12);
  EXPECT_NEAR(circleFirst.normal->x, -1.0, 1e-12);
  EXPECT_NEAR(boxFirst.normal->x, 1.0, 1e-12);
  EXPECT_NEAR(boxFirst.pointA->x, 1.0, 1e-12);  // on the box
  EXPECT_NEAR(boxFirst.pointB->x, 2.0, 1e-12);  // on the circle
}

TEST(QueryDispatch, AlgorithmsAgreeOnRandomPairs) {
  RandomColliders random(31);
  int checked = 0;
  for (int round = 0; round < 80; ++round) {
    for (int typeA = 0; typeA < 8; ++typeA) {
      for (int typeB = 0; typeB < 8; ++typeB) {
        const Collider<double> a = random.make(typeA);
        const Collider<double> b = random.make(typeB);
        const QueryResult<double> distanceResult = runQuery(Algorithm::Distance, a, b);
        const QueryResult<double> epa = runQuery(Algorithm::Epa, a, b);
        ASSERT_TRUE(distanceResult.ok && epa.ok) << distanceResult.error << epa.error;
        const bool clear = *distanceResult.distance > 1e-6 || epa.depth.value_or(0) > 1e-6;
        if (!clear) continue;
        SCOPED_TRACE(std::string(kShapeTypeNames[typeA]) + " vs " + std::string(kShapeTypeNames[typeB]));
        EXPECT_EQ(distanceResult.hit, epa.hit);
        EXPECT_EQ(runQuery(Algorithm::Gjk, a, b).hit, epa.hit);
        const QueryResult<double> sat = runQuery(Algorithm::Sat, a, b);
        if (sat.ok) {
          EXPECT_EQ(sat.hit, epa.hit);
          if (sat.hit) {
            EXPECT_NEAR(*sat.depth, *epa.depth, 1e-6 * (1 + *epa.depth));
          }
        }
        const QueryResult<double> analytic = runQuery(Algorithm::Analytic, a, b);
        if (analytic.ok) {
          EXPECT_EQ(analytic.hit, epa.hit);
          if (!analytic.hit) {
            EXPECT_NEAR(*analytic.distance, *distanceResult.distance, 1e-9);
            EXPECT_NEAR(dot(*analytic.normal, *distanceResult.normal), 1.0, 1e-6);
          } else if (typeA != 7 && typeB != 7) {
            EXPECT_NEAR(*analytic.depth, *epa.depth, 1e-6 * (1 + *epa.depth));
          }
        }
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 3000);
}

// The float copy is the same geometry to float precision: its distance to a far circle matches the double one.
TEST(QueryScalar, CastColliderKeepsEveryField) {
  RandomColliders random(41);
  const Collider<double> far = circleAt({12, -7}, 1.5);
  for (int round = 0; round < 20; ++round) {
    for (int type = 0; type < 8; ++type) {
      const Collider<double> original = random.make(type);
      const Collider<float> single = castCollider<float>(original);
      EXPECT_EQ(single.shape.index(), original.shape.index());
      const QueryResult<double> exact = runQuery(Algorithm::Distance, original, far);
      const QueryResult<float> rounded = runQuery(Algorithm::Distance, single, castCollider<float>(far));
      ASSERT_TRUE(exact.ok && rounded.ok);
      EXPECT_NEAR(*exact.distance, *rounded.distance, 1e-4) << kShapeTypeNames[type];
      // A witness on a sector's arc is found only to GJK's distance tolerance, which float makes coarse.
      if (type != 7) {
        EXPECT_NEAR(exact.pointA->x, rounded.pointA->x, 1e-3) << kShapeTypeNames[type];
      }
    }
  }
}

}  // namespace
}  // namespace collide
