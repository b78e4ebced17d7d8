// Analytic tests in space (analytic3.h): hand values for every test and every Voronoi region, then random cases
// against GJK distance (gjk.h) and the independent references of support/reference3.h, degenerate and invalid
// input, and recorded == unrecorded.
//
// [SECTION] Helpers
// [SECTION] Hand values
// [SECTION] Random cases against GJK distance and the references
// [SECTION] Degenerate and invalid input, traces
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>
#include <string_view>
#include <vector>

#include "collide/analytic3.h"
#include "collide/gjk.h"
#include "collide/shapes3.h"
#include "support/core_test_support.h"
#include "support/reference3.h"
#include "workloads/random_shapes3.h"

namespace collide {
namespace {

using test::Scalars;

template <class S>
class Analytic3Test : public ::testing::Test {};
TYPED_TEST_SUITE(Analytic3Test, Scalars);

// [SECTION] Helpers

template <Scalar S>
Transform3<S> at(S x, S y, S z, Quat<S> q = Quat<S>::identity()) {
  return {{x, y, z}, q};
}

template <Scalar S>
constexpr S kTight = std::is_same_v<S, float> ? S(2e-6) : S(1e-14);

template <Scalar S>
void expectNear(Vec3<S> actual, Vec3<S> expected, S tolerance, const char* what) {
  EXPECT_NEAR(actual.x, expected.x, tolerance) << what;
  EXPECT_NEAR(actual.y, expected.y, tolerance) << what;
  EXPECT_NEAR(actual.z, expected.z, tolerance) << what;
}

// The conventions every result keeps (analytic3.h's header): unit normal, distance/depth signs, and the witness
// relation pointB + depth * normal == pointA when hit.
template <Scalar S>
void expectConventions(const AnalyticResult3<S>& r, S tolerance) {
  EXPECT_EQ(r.status, Status::Converged);
  EXPECT_NEAR(length(r.normal), S(1), tolerance);
  EXPECT_GE(r.distance, S(0));
  EXPECT_GE(r.depth, S(0));
  if (r.hit) {
    EXPECT_EQ(r.distance, S(0));
    expectNear(r.pointB + r.depth * r.normal, r.pointA, tolerance * (S(1) + length(r.pointA)), "push");
  } else {
    EXPECT_EQ(r.depth, S(0));
    EXPECT_NEAR(length(r.pointB - r.pointA), r.distance, tolerance * (S(1) + r.distance));
  }
}

// A cube of half extent h as a hull with faces (by brute force: 12 triangles).
Hull<double> cubeHull(double h) {
  std::vector<Vec3<double>> corners;
  for (const Vec3<double>& c : Box3<double>{{h, h, h}}.corners()) corners.push_back(c);
  return test::hullWithFaces(corners);
}

// [SECTION] Hand values

TYPED_TEST(Analytic3Test, SphereVsSphereSeparatedOverlappingTouching) {
  using S = TypeParam;
  const Sphere<S> a{{}, S(1)};
  const Sphere<S> b{{}, S(0.5)};
  const AnalyticResult3<S> apart = sphereVsSphere(a, at<S>(0, 0, 0), b, at<S>(0, 3, 0));
  EXPECT_FALSE(apart.hit);
  EXPECT_NEAR(apart.distance, S(1.5), kTight<S>);
  expectNear(apart.normal, Vec3<S>{0, 1, 0}, kTight<S>, "normal");
  expectNear(apart.pointA, Vec3<S>{0, 1, 0}, kTight<S>, "pointA");
  expectNear(apart.pointB, Vec3<S>{0, S(2.5), 0}, kTight<S>, "pointB");
  expectConventions(apart, kTight<S>);
  const AnalyticResult3<S> deep = sphereVsSphere(a, at<S>(0, 0, 0), b, at<S>(0, 0, S(-1)));
  EXPECT_TRUE(deep.hit);
  EXPECT_NEAR(deep.depth, S(0.5), kTight<S>);
  expectNear(deep.normal, Vec3<S>{0, 0, -1}, kTight<S>, "deep normal");
  expectConventions(deep, kTight<S>);
  const AnalyticResult3<S> touching = sphereVsSphere(a, at<S>(0, 0, 0), b, at<S>(S(1.5), 0, 0));
  EXPECT_TRUE(touching.hit);
  EXPECT_EQ(touching.depth, S(0));
  // Coincident centres: no direction, world +x.
  const AnalyticResult3<S> same = sphereVsSphere(a, at<S>(1, 2, 3), b, at<S>(1, 2, 3));
  EXPECT_TRUE(same.hit);
  EXPECT_EQ(same.normal, (Vec3<S>{1, 0, 0}));
  EXPECT_NEAR(same.depth, S(1.5), kTight<S>);
}

TYPED_TEST(Analytic3Test, SphereVsAabbClampsOutsideAndPushesThroughTheNearestFaceInside) {
  using S = TypeParam;
  const Aabb3<S> box{{-1, -1, -1}, {1, 1, 1}};
  // Beyond a corner: the corner is the closest point.
  const AnalyticResult3<S> corner = sphereVsAabb(Sphere<S>{{}, S(0.5)}, at<S>(2, 2, 2), box);
  EXPECT_FALSE(corner.hit);
  EXPECT_NEAR(corner.distance, std::sqrt(S(3)) - S(0.5), kTight<S>);
  expectNear(corner.pointB, Vec3<S>{1, 1, 1}, kTight<S>, "corner");
  expectConventions(corner, kTight<S>);
  // Beyond an edge (x and z out, y within).
  const AnalyticResult3<S> edge = sphereVsAabb(Sphere<S>{{}, S(0.25)}, at<S>(2, S(0.5), -3), box);
  EXPECT_NEAR(edge.distance, std::sqrt(S(5)) - S(0.25), kTight<S>);
  expectNear(edge.pointB, Vec3<S>{1, S(0.5), -1}, kTight<S>, "edge");
  // Inside, nearest to the +z face.
  const AnalyticResult3<S> inside = sphereVsAabb(Sphere<S>{{}, S(0.25)}, at<S>(S(0.1), S(-0.2), S(0.7)), box);
  EXPECT_TRUE(inside.hit);
  EXPECT_NEAR(inside.depth, S(0.3) + S(0.25), kTight<S>);
  expectNear(inside.normal, Vec3<S>{0, 0, -1}, kTight<S>, "inside normal");
  expectNear(inside.pointB, Vec3<S>{S(0.1), S(-0.2), 1}, kTight<S>, "inside pointB");
  expectConventions(inside, kTight<S>);
}

TYPED_TEST(Analytic3Test, SphereVsBoxWorksInTheBoxFrame) {
  using S = TypeParam;
  const Box3<S> box{{1, S(0.5), S(0.25)}};
  const Quat<S> turned = Quat<S>::fromAxisAngle({0, 0, 1}, std::numbers::pi_v<S> / 2);  // local x along world y
  const AnalyticResult3<S> r = sphereVsBox(Sphere<S>{{}, S(0.5)}, at<S>(0, 3, 0), box, at<S>(0, 0, 0, turned));
  EXPECT_FALSE(r.hit);
  EXPECT_NEAR(r.distance, S(1.5), 4 * kTight<S>);
  expectNear(r.normal, Vec3<S>{0, -1, 0}, 4 * kTight<S>, "normal");
  expectNear(r.pointB, Vec3<S>{0, 1, 0}, 4 * kTight<S>, "pointB");
  // Inside, nearest to the local +z face (0.25 away): world +z as well.
  const AnalyticResult3<S> inside =
      sphereVsBox(Sphere<S>{{}, S(0.1)}, at<S>(S(0.2), S(-0.3), S(0.1)), box, at<S>(0, 0, 0, turned));
  EXPECT_TRUE(inside.hit);
  EXPECT_NEAR(inside.depth, S(0.15) + S(0.1), 4 * kTight<S>);
  expectNear(inside.normal, Vec3<S>{0, 0, -1}, 4 * kTight<S>, "inside normal");
  expectConventions(inside, 4 * kTight<S>);
}

TYPED_TEST(Analytic3Test, SphereVsCapsuleOnTheCoreAndPastItsEnds) {
  using S = TypeParam;
  const Capsule3<S> capsule{{0, -1, 0}, {0, 1, 0}, S(0.25)};
  const AnalyticResult3<S> side = sphereVsCapsule(Sphere<S>{{}, S(0.5)}, at<S>(2, S(0.5), 0), capsule, at<S>(0, 0, 0));
  EXPECT_NEAR(side.distance, S(1.25), kTight<S>);
  expectNear(side.normal, Vec3<S>{-1, 0, 0}, kTight<S>, "side normal");
  const AnalyticResult3<S> pastEnd = sphereVsCapsule(Sphere<S>{{}, S(0.5)}, at<S>(0, 0, 3), capsule, at<S>(0, 2, 0));
  // The core runs from (0, 1, 0) to (0, 3, 0); the centre (0, 0, 3) projects before its first end.
  EXPECT_NEAR(pastEnd.distance, std::hypot(S(1), S(3)) - S(0.75), 4 * kTight<S>);
  expectConventions(pastEnd, 4 * kTight<S>);
  // The centre on the core: pushed along a perpendicular of the core, depth = both radii.
  const AnalyticResult3<S> onCore = sphereVsCapsule(Sphere<S>{{}, S(0.5)}, at<S>(0, S(0.3), 0), capsule, at<S>(0, 0, 0));
  EXPECT_TRUE(onCore.hit);
  EXPECT_NEAR(onCore.depth, S(0.75), kTight<S>);
  EXPECT_NEAR(dot(onCore.normal, Vec3<S>{0, 1, 0}), S(0), kTight<S>);
  expectConventions(onCore, kTight<S>);
}

// All seven Voronoi regions of Ericson 5.1.5 (triangle a = origin, b = +x, c = +y, in the z = 0 plane).
TYPED_TEST(Analytic3Test, SphereVsTriangleInEveryVoronoiRegion) {
  using S = TypeParam;
  const Triangle3<S> triangle{{0, 0, 0}, {2, 0, 0}, {0, 2, 0}};
  const Sphere<S> sphere{{}, S(0.1)};
  struct Case {
    Vec3<S> center;
    Vec3<S> closest;
    TriangleRegion region;
  };
  const Case cases[] = {
      {{-1, -1, 1}, {0, 0, 0}, TriangleRegion::VertexA},
      {{3, -1, 0}, {2, 0, 0}, TriangleRegion::VertexB},
      {{-1, 3, 2}, {0, 2, 0}, TriangleRegion::VertexC},
      {{1, -1, 1}, {1, 0, 0}, TriangleRegion::EdgeAB},
      {{-1, 1, -1}, {0, 1, 0}, TriangleRegion::EdgeAC},
      {{2, 2, 1}, {1, 1, 0}, TriangleRegion::EdgeBC},
      {{S(0.5), S(0.5), 2}, {S(0.5), S(0.5), 0}, TriangleRegion::Face},
  };
  for (const Case& c : cases) {
    const TriangleClosestPoint<S> closest = closestPointOnTriangle(c.center, triangle.a, triangle.b, triangle.c);
    EXPECT_EQ(closest.region, c.region) << triangleRegionName(c.region);
    expectNear(closest.point, c.closest, kTight<S>, triangleRegionName(c.region).data());
    Recorder<AnalyticStep3<S>> trace;
    const AnalyticResult3<S> r = sphereVsTriangle(sphere, at(c.center.x, c.center.y, c.center.z), triangle,
                                                  Transform3<S>::identity(), trace);
    EXPECT_NEAR(r.distance, length(c.center - c.closest) - S(0.1), 4 * kTight<S>);
    expectConventions(r, 4 * kTight<S>);
    ASSERT_EQ(trace.steps.size(), 2u);
    EXPECT_EQ(trace.steps[0].feature, static_cast<int>(c.region));
    EXPECT_TRUE(trace.steps[1].decided);
  }
  // The centre on the triangle: depth is the radius, B pushed along minus the triangle's normal (+z here).
  const AnalyticResult3<S> on = sphereVsTriangle(sphere, at<S>(S(0.5), S(0.5), 0), triangle, Transform3<S>::identity());
  EXPECT_TRUE(on.hit);
  EXPECT_NEAR(on.depth, S(0.1), kTight<S>);
  expectNear(on.normal, Vec3<S>{0, 0, -1}, kTight<S>, "on-triangle normal");
  // Just below the face: the normal points from the centre to the face, +z.
  const AnalyticResult3<S> below =
      sphereVsTriangle(sphere, at<S>(S(0.5), S(0.5), S(-0.05)), triangle, Transform3<S>::identity());
  EXPECT_TRUE(below.hit);
  EXPECT_NEAR(below.depth, S(0.05), kTight<S>);
  expectNear(below.normal, Vec3<S>{0, 0, 1}, kTight<S>, "below normal");
}

TYPED_TEST(Analytic3Test, AabbVsAabbMeasuresTheGapAndTheLeastOverlap) {
  using S = TypeParam;
  const Aabb3<S> a{{0, 0, 0}, {1, 1, 1}};
  // Apart on x and z by 1 and 2: gap sqrt(5).
  const AnalyticResult3<S> apart = aabbVsAabb(a, Aabb3<S>{{2, S(0.5), 3}, {3, 2, 4}});
  EXPECT_FALSE(apart.hit);
  EXPECT_NEAR(apart.distance, std::sqrt(S(5)), kTight<S>);
  expectConventions(apart, kTight<S>);
  // Overlapping by 0.5, 0.25 and 0.75: the least is y, B pushed toward +y.
  const AnalyticResult3<S> overlap = aabbVsAabb(a, Aabb3<S>{{S(0.5), S(0.75), S(0.25)}, {2, 2, 2}});
  EXPECT_TRUE(overlap.hit);
  EXPECT_NEAR(overlap.depth, S(0.25), kTight<S>);
  EXPECT_EQ(overlap.normal, (Vec3<S>{0, 1, 0}));
  expectConventions(overlap, kTight<S>);
  // Touching faces count.
  EXPECT_TRUE(aabbVsAabb(a, Aabb3<S>{{1, 0, 0}, {2, 1, 1}}).hit);
  Recorder<AnalyticStep3<S>> trace;
  (void)aabbVsAabb(a, Aabb3<S>{{S(0.5), 5, 0}, {2, 6, 1}}, trace);
  ASSERT_EQ(trace.steps.size(), 2u);  // x overlaps, y decides
  EXPECT_TRUE(trace.steps[1].decided);
  EXPECT_FALSE(trace.steps[1].hit);
}

TEST(Analytic3PointInHull, InsideOnAndOutsideACube) {
  const Hull<double> cube = cubeHull(1);
  ASSERT_TRUE(isValid(cube));
  const Quat<double> turned = Quat<double>::fromAxisAngle(normalize(Vec3<double>{1, 1, 0}), 0.3);
  const Transform3<double> pose{{5, -2, 1}, turned};
  // Inside, 0.25 below the local +y face.
  const Vec3<double> inside = pose.apply({0.2, 0.75, -0.1});
  const AnalyticResult3<double> in = pointInHull(inside, cube, pose);
  EXPECT_TRUE(in.hit);
  EXPECT_NEAR(in.depth, 0.25, 1e-12);
  expectNear(in.normal, turned.apply({0, -1, 0}), 1e-12, "inside normal");
  expectConventions(in, 1e-12);
  // On a face: touching.
  EXPECT_TRUE(pointInHull(pose.apply({0.3, 1, 0.2}), cube, pose).hit);
  // Outside beyond a vertex, an edge and a face.
  const AnalyticResult3<double> vertex = pointInHull(pose.apply({2, 2, 2}), cube, pose);
  EXPECT_FALSE(vertex.hit);
  EXPECT_NEAR(vertex.distance, std::sqrt(3.0), 1e-12);
  expectNear(vertex.pointB, pose.apply({1, 1, 1}), 1e-12, "vertex");
  const AnalyticResult3<double> edge = pointInHull(pose.apply({2, 0.5, 3}), cube, pose);
  EXPECT_NEAR(edge.distance, std::sqrt(5.0), 1e-12);
  const AnalyticResult3<double> face = pointInHull(pose.apply({0.1, -0.2, -4}), cube, pose);
  EXPECT_NEAR(face.distance, 3.0, 1e-12);
  expectConventions(face, 1e-12);
}

// [SECTION] Random cases against GJK distance and the references

// Every sphere test against gjkDistance on the same shapes: the same hit (away from touching), the same gap to
// 1e-9 relative; and point in hull against the brute-force reference of support/reference3.h.
TEST(Analytic3Random, AgreesWithGjkDistance) {
  SplitMix64 random{9};
  const auto agree = [](const AnalyticResult3<double>& analytic, const DistanceResult<Vec3<double>>& gjk, int trial,
                        const char* what) {
    ASSERT_EQ(analytic.status, Status::Converged) << what << " " << trial;
    ASSERT_EQ(gjk.status, Status::Converged) << what << " " << trial;
    const double tolerance = 1e-9 * (1.0 + analytic.distance);
    if (analytic.hit) {
      EXPECT_LE(gjk.distance, tolerance) << what << " " << trial;
    } else {
      EXPECT_NEAR(gjk.distance, analytic.distance, tolerance) << what << " " << trial;
      // Closest points are unique when one side is strictly convex (the spheres); two boxes can have many.
      if (analytic.distance > 1e-6 && std::string_view(what) != "aabb-aabb") {
        EXPECT_NEAR(distance(gjk.pointA, analytic.pointA), 0.0, 1e-6) << what << " " << trial;
        EXPECT_NEAR(distance(gjk.pointB, analytic.pointB), 0.0, 1e-6) << what << " " << trial;
      }
    }
  };
  for (int trial = 0; trial < 400; ++trial) {
    const Sphere<double> sphere = randomSphere<double>(random, 1.0);
    const Transform3<double> xfA = randomPose3<double>(random, 2.0);
    const Transform3<double> xfB = randomPose3<double>(random, 1.0);
    const Transformed<Sphere<double>> placedA{sphere, xfA};
    const Sphere<double> other = randomSphere<double>(random, 1.0);
    agree(sphereVsSphere(sphere, xfA, other, xfB), gjkDistance(placedA, Transformed{other, xfB}), trial, "sphere");
    const Box3<double> box = randomBox3<double>(random, 1.0);
    agree(sphereVsBox(sphere, xfA, box, xfB), gjkDistance(placedA, Transformed{box, xfB}), trial, "box");
    const Aabb3<double> aabb{xfB.p - box.halfExtents, xfB.p + box.halfExtents};
    agree(sphereVsAabb(sphere, xfA, aabb), gjkDistance(placedA, aabb), trial, "aabb");
    const Capsule3<double> capsule = randomCapsule3<double>(random, 1.0);
    agree(sphereVsCapsule(sphere, xfA, capsule, xfB), gjkDistance(placedA, Transformed{capsule, xfB}), trial,
          "capsule");
    const Triangle3<double> triangle{randomDirection(random), randomDirection(random), randomDirection(random)};
    agree(sphereVsTriangle(sphere, xfA, triangle, xfB), gjkDistance(placedA, Transformed{triangle, xfB}), trial,
          "triangle");
    const Aabb3<double> other3{xfA.p - Vec3<double>{0.5, 0.7, 0.3}, xfA.p + Vec3<double>{0.6, 0.2, 0.9}};
    agree(aabbVsAabb(other3, aabb), gjkDistance(other3, aabb), trial, "aabb-aabb");
  }
}

TEST(Analytic3Random, PointInHullAgreesWithTheBruteForceReference) {
  SplitMix64 random{10};
  for (int trial = 0; trial < 200; ++trial) {
    const Hull<double> cloud = randomHull<double>(random, random.integer(8, 20), 1.0);
    const Hull<double> hull = test::hullWithFaces(cloud.vertices);
    const Transform3<double> pose = randomPose3<double>(random, 1.0);
    const Vec3<double> point = pose.p + random.uniform(0.0, 1.5) * randomDirection(random);
    const AnalyticResult3<double> r = pointInHull(point, hull, pose);
    ASSERT_EQ(r.status, Status::Converged);
    test::Core pointCore;
    pointCore.points = {point};
    const test::ReferenceDistance reference = test::referenceDistance(pointCore, test::coreOf(cloud, pose));
    if (reference.overlap) {
      EXPECT_TRUE(r.hit) << trial;
    } else {
      EXPECT_FALSE(r.hit) << trial;
      EXPECT_NEAR(r.distance, reference.distance, 1e-12 * (1 + reference.distance)) << trial;
    }
    // Inside, the depth is the distance to the boundary: the nearest of the reference's triangles (not its points:
    // a few of the cloud's points lie inside).
    if (reference.overlap) {
      const test::Core hullCore = test::coreOf(cloud, pose);
      double boundary = std::numeric_limits<double>::infinity();
      for (const auto& t : hullCore.triangles) {
        const Vec3<double> q = test::referencePointTriangle(point, hullCore.points[t[0]], hullCore.points[t[1]],
                                                            hullCore.points[t[2]]);
        boundary = std::min(boundary, distance(point, q));
      }
      EXPECT_NEAR(r.depth, boundary, 1e-12) << trial;
    }
  }
}

// [SECTION] Degenerate and invalid input, traces

TYPED_TEST(Analytic3Test, InvalidInputIsRefusedWithAStatus) {
  using S = TypeParam;
  const S nan = std::numeric_limits<S>::quiet_NaN();
  const S inf = std::numeric_limits<S>::infinity();
  const Sphere<S> good{{}, S(1)};
  for (const S bad : {nan, inf, -inf}) {
    const Sphere<S> badSphere{{bad, 0, 0}, S(1)};
    const Transform3<S> badPose{{0, bad, 0}, {}};
    const AnalyticResult3<S> results[] = {
        sphereVsSphere(badSphere, at<S>(0, 0, 0), good, at<S>(1, 0, 0)),
        sphereVsSphere(good, badPose, good, at<S>(1, 0, 0)),
        sphereVsAabb(good, at<S>(0, 0, 0), Aabb3<S>{{0, 0, 0}, {bad, 1, 1}}),
        sphereVsBox(good, at<S>(0, 0, 0), Box3<S>{{1, bad, 1}}, at<S>(0, 0, 0)),
        sphereVsCapsule(good, at<S>(0, 0, 0), Capsule3<S>{{0, 0, 0}, {0, 0, bad}, S(1)}, at<S>(0, 0, 0)),
        sphereVsTriangle(good, at<S>(0, 0, 0), Triangle3<S>{{0, 0, 0}, {1, 0, 0}, {0, bad, 0}}, at<S>(0, 0, 0)),
        aabbVsAabb(Aabb3<S>{{0, 0, 0}, {1, 1, 1}}, Aabb3<S>{{bad, 0, 0}, {1, 1, 1}}),
        sphereVsSphere(Sphere<S>{{}, bad}, at<S>(0, 0, 0), good, at<S>(1, 0, 0)),
    };
    for (const AnalyticResult3<S>& r : results) {
      EXPECT_EQ(r.status, Status::InvalidInput);
      EXPECT_FALSE(r.hit);
      EXPECT_FALSE(std::isnan(r.distance) || std::isnan(r.normal.x));
    }
  }
  EXPECT_EQ(sphereVsSphere(Sphere<S>{{}, S(-1)}, at<S>(0, 0, 0), good, at<S>(1, 0, 0)).status, Status::InvalidInput);
  EXPECT_EQ(aabbVsAabb(Aabb3<S>{{1, 0, 0}, {0, 1, 1}}, Aabb3<S>{}).status, Status::InvalidInput);
  const Transform3<S> zeroRotation{{}, {0, 0, 0, 0}};
  EXPECT_EQ(sphereVsBox(good, at<S>(0, 0, 0), Box3<S>{}, zeroRotation).status, Status::InvalidInput);
}

TEST(Analytic3PointInHull, RefusesAHullWithoutFacesAndNonFinitePoints) {
  Hull<double> pointsOnly;
  pointsOnly.vertices = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  EXPECT_EQ(pointInHull(Vec3<double>{0.1, 0.1, 0.1}, pointsOnly, Transform3<double>::identity()).status,
            Status::InvalidInput);
  const Hull<double> cube = cubeHull(1);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(pointInHull(Vec3<double>{nan, 0, 0}, cube, Transform3<double>::identity()).status, Status::InvalidInput);
}

// Degenerate shapes: zero radii, a zero-length capsule, a collinear triangle, a flat box.
TEST(Analytic3Degenerate, ZeroSizesKeepTheConventions) {
  const Transform3<double> identity = Transform3<double>::identity();
  const Sphere<double> point{{}, 0};
  const AnalyticResult3<double> pointPair = sphereVsSphere(point, at(0.0, 0.0, 0.0), point, at(0.0, 0.0, 0.0));
  EXPECT_TRUE(pointPair.hit);
  EXPECT_EQ(pointPair.depth, 0.0);
  const Capsule3<double> ball{{1, 1, 1}, {1, 1, 1}, 0.5};
  const AnalyticResult3<double> onBall = sphereVsCapsule(Sphere<double>{{}, 0.5}, at(1.0, 1.0, 1.0), ball, identity);
  EXPECT_TRUE(onBall.hit);
  EXPECT_NEAR(onBall.depth, 1.0, 1e-15);
  EXPECT_EQ(onBall.normal, (Vec3<double>{1, 0, 0}));
  const Triangle3<double> line{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}};
  const AnalyticResult3<double> nearLine = sphereVsTriangle(Sphere<double>{{}, 0.1}, at(1.5, 1.0, 0.0), line, identity);
  EXPECT_NEAR(nearLine.distance, 0.9, 1e-15);
  const AnalyticResult3<double> onLine = sphereVsTriangle(Sphere<double>{{}, 0.1}, at(1.0, 0.0, 0.0), line, identity);
  EXPECT_TRUE(onLine.hit);
  EXPECT_NEAR(length(onLine.normal), 1.0, 1e-15);
  const Box3<double> flat{{1, 1, 0}};
  const AnalyticResult3<double> onFlat = sphereVsBox(Sphere<double>{{}, 0.25}, at(0.5, 0.0, 0.0), flat, identity);
  EXPECT_TRUE(onFlat.hit);
  EXPECT_NEAR(onFlat.depth, 0.25, 1e-15);
}

// Large coordinates cancel first: the same configuration at 1e5 gives the same answer to 1e-9 relative.
TEST(Analytic3Degenerate, TranslatedFarAway) {
  const Sphere<double> sphere{{0.1, 0, 0}, 0.5};
  const Box3<double> box{{1, 0.5, 0.25}};
  const Quat<double> q = Quat<double>::fromAxisAngle(normalize(Vec3<double>{1, 2, 3}), 0.7);
  const AnalyticResult3<double> near = sphereVsBox(sphere, at(1.5, 0.4, 0.3), box, at(0.0, 0.0, 0.0, q));
  for (const double far : {1e3, 1e5}) {
    const AnalyticResult3<double> moved =
        sphereVsBox(sphere, at(far + 1.5, far + 0.4, far + 0.3), box, at(far, far, far, q));
    EXPECT_EQ(moved.hit, near.hit);
    EXPECT_NEAR(moved.distance, near.distance, 1e-16 * far * 64);
    EXPECT_NEAR(moved.depth, near.depth, 1e-16 * far * 64);
  }
}

TEST(Analytic3Trace, RecordedEqualsUnrecordedBitForBit) {
  SplitMix64 random{11};
  const auto same = [](const AnalyticResult3<double>& a, const AnalyticResult3<double>& b) {
    const auto bits = [](Vec3<double> x, Vec3<double> y) {
      return test::sameBits(x.x, y.x) && test::sameBits(x.y, y.y) && test::sameBits(x.z, y.z);
    };
    return a.hit == b.hit && test::sameBits(a.distance, b.distance) && test::sameBits(a.depth, b.depth) &&
           bits(a.normal, b.normal) && bits(a.pointA, b.pointA) && bits(a.pointB, b.pointB) && a.status == b.status;
  };
  const Hull<double> cube = cubeHull(0.75);
  for (int trial = 0; trial < 300; ++trial) {
    Recorder<AnalyticStep3<double>> trace;
    const Sphere<double> a = randomSphere<double>(random, 1.0);
    const Transform3<double> xfA = randomPose3<double>(random, 1.5);
    const Transform3<double> xfB = randomPose3<double>(random, 0.5);
    const Sphere<double> sphere = randomSphere<double>(random, 1.0);
    const Box3<double> box = randomBox3<double>(random, 1.0);
    const Capsule3<double> capsule = randomCapsule3<double>(random, 1.0);
    const Triangle3<double> triangle{randomDirection(random), randomDirection(random), randomDirection(random)};
    const Aabb3<double> aabb{xfB.p - box.halfExtents, xfB.p + box.halfExtents};
    const Aabb3<double> aabbA{xfA.p - Vec3<double>{0.5, 0.5, 0.5}, xfA.p + Vec3<double>{0.5, 0.5, 0.5}};
    EXPECT_TRUE(same(sphereVsSphere(a, xfA, sphere, xfB, trace), sphereVsSphere(a, xfA, sphere, xfB)));
    EXPECT_TRUE(same(sphereVsAabb(a, xfA, aabb, trace), sphereVsAabb(a, xfA, aabb)));
    EXPECT_TRUE(same(sphereVsBox(a, xfA, box, xfB, trace), sphereVsBox(a, xfA, box, xfB)));
    EXPECT_TRUE(same(sphereVsCapsule(a, xfA, capsule, xfB, trace), sphereVsCapsule(a, xfA, capsule, xfB)));
    EXPECT_TRUE(same(sphereVsTriangle(a, xfA, triangle, xfB, trace), sphereVsTriangle(a, xfA, triangle, xfB)));
    EXPECT_TRUE(same(aabbVsAabb(aabbA, aabb, trace), aabbVsAabb(aabbA, aabb)));
    EXPECT_TRUE(same(pointInHull(xfA.p, cube, xfB, trace), pointInHull(xfA.p, cube, xfB)));
    ASSERT_FALSE(trace.steps.empty());
    for (const auto& step : trace.steps) EXPECT_FALSE(step.title.empty());
    EXPECT_TRUE(trace.steps.back().decided);
  }
}

}  // namespace
}  // namespace collide
