// The 3D dispatch (query3.h): refusals in words, recorded == unrecorded, results in the world frame, and the
// algorithms agreeing with each other through the dispatch on random pairs a broad phase would pass.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <optional>
#include <string>

#include "collide/query3.h"
#include "support/core_test_support.h"
#include "workloads/random_shapes3.h"

namespace collide {
namespace {

using C = Collider3<double>;
using V = Vec3<double>;

C placedAt(Shape3<double> shape, V position, Quat<double> rotation = Quat<double>::identity()) {
  return {std::move(shape), {position, rotation}};
}

Hull<double> cube() {
  const std::vector<V> corners = {{1, 1, 1},  {1, 1, -1},  {1, -1, 1},  {1, -1, -1},
                                  {-1, 1, 1}, {-1, 1, -1}, {-1, -1, 1}, {-1, -1, -1}};
  return *makeHull<double>(corners).hull;
}

// [SECTION] Refusals

TEST(Query3Refusal, SaysWhatAndWhy) {
  const C box = placedAt(Box3<double>{}, {});
  const C sphere = placedAt(Sphere<double>{}, {0.5, 0, 0});
  const C mesh = placedAt(Mesh<double>{{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, {{0, 1, 2}}}, {});
  EXPECT_TRUE(refusal(Algorithm::Epa, box, sphere).empty());
  EXPECT_EQ(sentence(refusal(Algorithm::Sat, box, sphere)),
            "shape B: sat takes polytopes only (point, segment, triangle, aabb, box, hull); a sphere has a curved "
            "surface and no finite set of axes");
  EXPECT_NE(sentence(refusal(Algorithm::Gjk, mesh, sphere)).find("a mesh is not convex"), std::string::npos);
  EXPECT_EQ(refusal(Algorithm::Gjk, mesh, sphere).side, Side::A);
  EXPECT_NE(sentence(refusal(Algorithm::SatLite, box, placedAt(cube(), {}))).find("takes boxes only"),
            std::string::npos);
  EXPECT_NE(sentence(refusal(Algorithm::Analytic, box, placedAt(cube(), {}))).find("no analytic test for box vs hull"),
            std::string::npos);
  // sat-lite runs in 3D only: the plane's dispatch refuses it by name.
  const Collider<double> square{Box<double>{}, {}};
  EXPECT_NE(sentence(refusal(Algorithm::SatLite, square, square)).find("runs on 3D shapes only"), std::string::npos);
}

TEST(Query3Refusal, InvalidInputNamesTheField) {
  const C nan = placedAt(Sphere<double>{{}, std::numeric_limits<double>::quiet_NaN()}, {});
  const QueryResult3<double> result = runQuery(Algorithm::Distance, nan, placedAt(Box3<double>{}, {}));
  EXPECT_FALSE(result.ok);
  EXPECT_EQ(result.refusal.field, ShapeField::Radius);
  EXPECT_EQ(result.error, "shape A: the sphere's radius is not finite");
  C turned = placedAt(Box3<double>{}, {});
  turned.transform.q = {0, 0, 0, 0};
  EXPECT_EQ(runQuery(Algorithm::Gjk, turned, turned).refusal.field, ShapeField::Rotation);
}

// [SECTION] Recorded runs, world frame

// Boxes, hulls, spheres and capsules: the shapes whose answers are exact (spheres and capsules through their
// cores); cylinders converge to a tolerance instead and have their own tests (gjk3_properties_test, epa3_test).
Shape3<double> exactShape(SplitMix64& random) {
  switch (random.integer(0, 3)) {
    case 0: return randomBox3<double>(random, 1.0);
    case 1: return randomHull<double>(random, random.integer(8, 32), 1.0);
    case 2: return randomSphere<double>(random, 1.0);
    default: return randomCapsule3<double>(random, 1.0);
  }
}

template <class Check>
void forRandomPairs(int count, std::uint64_t seed, bool exactOnly, Check check) {
  const auto pairs = makePairs3(seed, count, 10.0, 0.25, [exactOnly](SplitMix64& r) {
    return exactOnly ? exactShape(r) : randomShape3<double>(r, 1.0);
  }, [exactOnly](SplitMix64& r) { return exactOnly ? exactShape(r) : randomShape3<double>(r, 1.0); });
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    check(C{pairs[i].a, pairs[i].poseA}, C{pairs[i].b, pairs[i].poseB}, i);
  }
}

bool sameOptional(const std::optional<double>& a, const std::optional<double>& b) {
  return a.has_value() == b.has_value() && (!a || test::sameBits(*a, *b));
}

bool sameOptional(const std::optional<V>& a, const std::optional<V>& b) {
  return a.has_value() == b.has_value() && (!a || test::sameBits(*a, *b));
}

TEST(Query3Recording, RecordedEqualsUnrecordedBitForBit) {
  forRandomPairs(test::propertyPairs(300), 71, false, [](const C& a, const C& b, std::size_t i) {
    for (const Algorithm algorithm : kAlgorithmsIn<3>) {
      const QueryResult3<double> plain = runQuery(algorithm, a, b);
      const QueryTrace3<double> traced = recordQuery(algorithm, a, b);
      const QueryResult3<double>& recorded = traced.result;
      ASSERT_EQ(plain.ok, recorded.ok) << i;
      ASSERT_EQ(plain.error, recorded.error) << i;
      EXPECT_EQ(plain.hit, recorded.hit) << i << " " << algorithmName(algorithm);
      EXPECT_TRUE(sameOptional(plain.distance, recorded.distance)) << i << " " << algorithmName(algorithm);
      EXPECT_TRUE(sameOptional(plain.depth, recorded.depth)) << i << " " << algorithmName(algorithm);
      EXPECT_TRUE(sameOptional(plain.normal, recorded.normal)) << i << " " << algorithmName(algorithm);
      EXPECT_TRUE(sameOptional(plain.pointA, recorded.pointA)) << i << " " << algorithmName(algorithm);
      EXPECT_EQ(plain.iterations, recorded.iterations) << i << " " << algorithmName(algorithm);
      if (plain.ok && (algorithm == Algorithm::Gjk || algorithm == Algorithm::Distance)) {
        EXPECT_FALSE(traced.gjk.empty()) << i;
      }
      // EPA's start is one step of its own, before its iterations, whenever EPA ran.
      EXPECT_LE(traced.epaStart.size(), 1u) << i;
      if (!traced.epa.empty()) {
        EXPECT_EQ(traced.epaStart.size(), 1u) << i;
      }
    }
  });
}

// Moving both shapes by the same rigid motion moves the answer with them: the dispatch works in A's frame and
// reports in the world.
TEST(Query3WorldFrame, ResultsFollowARigidMotion) {
  const Transform3<double> motion{{3.0, -2.0, 5.0}, Quat<double>::fromAxisAngle(normalize(V{1, 2, 3}), 0.7)};
  forRandomPairs(test::propertyPairs(200), 72, true, [&](const C& a, const C& b, std::size_t i) {
    const C movedA{a.shape, motion * a.transform};
    const C movedB{b.shape, motion * b.transform};
    for (const Algorithm algorithm : {Algorithm::Distance, Algorithm::Epa}) {
      const QueryResult3<double> before = runQuery(algorithm, a, b);
      const QueryResult3<double> after = runQuery(algorithm, movedA, movedB);
      ASSERT_TRUE(before.ok && after.ok) << i;
      ASSERT_EQ(before.hit, after.hit) << i;
      if (before.distance) {
        EXPECT_NEAR(*before.distance, *after.distance, 1e-9) << i;
      }
      if (before.depth) {
        EXPECT_NEAR(*before.depth, *after.depth, 1e-6) << i;
      }
      // Separated: the closest points may slide along parallel faces, but their difference is unique and turns
      // with the motion.
      if (!before.hit && before.normal) {
        EXPECT_NEAR(length(motion.q.apply(*before.normal) - *after.normal), 0.0, 1e-9) << i;
        EXPECT_NEAR(length(*after.pointB - *after.pointA), *after.distance, 1e-9) << i;
      }
    }
  });
}

// [SECTION] Agreement through the dispatch

TEST(Query3Dispatch, AlgorithmsAgreeOnRandomPairs) {
  const auto polytope = [](SplitMix64& r) -> Shape3<double> {
    if (r.integer(0, 1) == 0) return randomBox3<double>(r, 1.0);
    return randomHull<double>(r, r.integer(8, 32), 1.0);
  };
  const auto pairs = makePairs3(73, test::propertyPairs(400), 10.0, 0.25, polytope, polytope);
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const C a{pairs[i].a, pairs[i].poseA};
    const C b{pairs[i].b, pairs[i].poseB};
    const QueryResult3<double> gjk = runQuery(Algorithm::Gjk, a, b);
    const QueryResult3<double> distance = runQuery(Algorithm::Distance, a, b);
    const QueryResult3<double> sat = runQuery(Algorithm::Sat, a, b);
    const QueryResult3<double> epa = runQuery(Algorithm::Epa, a, b);
    ASSERT_TRUE(gjk.ok && distance.ok && sat.ok && epa.ok) << i;
    // Away from touching, every boolean answer agrees.
    if (distance.distance && *distance.distance > 1e-9) {
      EXPECT_FALSE(gjk.hit || sat.hit || epa.hit) << i;
    }
    if (sat.hit && *sat.depth > 1e-9) {
      EXPECT_TRUE(gjk.hit && distance.hit && epa.hit) << i;
      // EPA's depth is SAT's minimum translation, the normal the same axis (up to a tie between axes).
      EXPECT_NEAR(*epa.depth, *sat.depth, 1e-6 * (1.0 + *sat.depth)) << i;
    }
  }
}

TEST(Query3Dispatch, AnalyticMatchesDistanceForSpheres) {
  const auto pairs = makePairs3(74, test::propertyPairs(400), 10.0, 0.5,
                                [](SplitMix64& r) { return randomSphere<double>(r, 1.0); },
                                [](SplitMix64& r) -> Shape3<double> {
                                  switch (r.integer(0, 3)) {
                                    case 0: return randomSphere<double>(r, 1.0);
                                    case 1: return randomBox3<double>(r, 1.0);
                                    case 2: return randomCapsule3<double>(r, 1.0);
                                    default: return Triangle3<double>{{-1, 0, -1}, {1, 0.2, -1}, {0, 0, 1}};
                                  }
                                });
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const C a{Shape3<double>{pairs[i].a}, pairs[i].poseA};
    const C b{pairs[i].b, pairs[i].poseB};
    // Both orders: the dispatch swaps the roles back when the sphere is B.
    for (const bool swap : {false, true}) {
      const C& first = swap ? b : a;
      const C& second = swap ? a : b;
      const QueryResult3<double> analytic = runQuery(Algorithm::Analytic, first, second);
      const QueryResult3<double> distance = runQuery(Algorithm::Distance, first, second);
      ASSERT_TRUE(analytic.ok && distance.ok) << i;
      if (!distance.hit && *distance.distance > 1e-9) {
        EXPECT_FALSE(analytic.hit) << i;
        EXPECT_NEAR(*analytic.distance, *distance.distance, 1e-9 * (1.0 + *distance.distance)) << i;
        EXPECT_NEAR(length(*analytic.normal - *distance.normal), 0.0, 1e-6) << i;
      }
    }
  }
}

TEST(Query3Dispatch, SatLiteOnAabbsAndTheFooledFlag) {
  const C a = placedAt(Aabb3<double>{{0, 0, 0}, {1, 1, 1}}, {});
  const C b = placedAt(Aabb3<double>{{0.5, 0.5, 0.75}, {2, 2, 2}}, {});
  const QueryResult3<double> lite = runQuery(Algorithm::SatLite, a, b);
  ASSERT_TRUE(lite.ok);
  EXPECT_TRUE(lite.hit);
  EXPECT_NEAR(*lite.depth, 0.25, 1e-12);
  EXPECT_EQ(lite.faceAxesFooled, false);
  // Two cubes turned 45 degrees about z and about y, 0.1 apart along x: only an edge axis separates them.
  const double quarter = std::acos(-1.0) / 4;
  const C turnedA = placedAt(Box3<double>{}, {}, Quat<double>::fromAxisAngle({0, 0, 1}, quarter));
  const C turnedB =
      placedAt(Box3<double>{}, {2 * std::sqrt(2.0) + 0.1, 0, 0}, Quat<double>::fromAxisAngle({0, 1, 0}, quarter));
  const QueryResult3<double> fooled = runQuery(Algorithm::SatLite, turnedA, turnedB);
  EXPECT_TRUE(fooled.hit);
  EXPECT_EQ(fooled.faceAxesFooled, true);
  EXPECT_FALSE(runQuery(Algorithm::Sat, turnedA, turnedB).hit);
}

}  // namespace
}  // namespace collide
