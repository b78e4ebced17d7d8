// Continuous collision (cast.h, cast_query.h): ray casts against exact answers, the GJK ray cast against the closed
// forms, linear casts against the moving-sphere quadratic and slab intervals, time of impact against dense
// sampling, dynamic SAT, the moving-sphere tests, the response, the status semantics and the peers' failures as
// cases (Box2D #115, rotation tunnelling, Jolt #1786's touching start, parry #429's large target, zero motion).
//
// [SECTION] Helpers
// [SECTION] Ray casts: closed forms against exact answers
// [SECTION] Ray casts: the GJK ray cast against the closed forms
// [SECTION] Ray casts: status semantics and degenerate input
// [SECTION] Linear cast
// [SECTION] Time of impact with rotation
// [SECTION] Dynamic SAT
// [SECTION] Moving spheres and response
// [SECTION] The dispatch: refusals, agreement, traces
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <vector>

#include "collide/cast.h"
#include "collide/cast_query.h"
#include "collide/hull3.h"
#include "collide/polygon.h"
#include "support/core_test_support.h"
#include "workloads/random.h"
#include "workloads/random_shapes.h"

namespace collide {
namespace {

using test::propertyPairs;
using V2 = Vec2<double>;
using V3 = Vec3<double>;

// [SECTION] Helpers

void expectRelative(double actual, double expected, double relative, const char* what) {
  EXPECT_NEAR(actual, expected, relative * std::max(1.0, std::abs(expected))) << what;
}

Polygon<double> regularPolygon(int count, double radius) {
  std::vector<V2> points;
  for (int i = 0; i < count; ++i) {
    const double angle = 2.0 * std::numbers::pi * i / count;
    points.push_back({radius * std::cos(angle), radius * std::sin(angle)});
  }
  return *makePolygon<double>(points).polygon;
}

Hull<double> boxHull(V3 half) {
  std::vector<V3> points;
  for (int i = 0; i < 8; ++i) {
    points.push_back({(i & 1) ? half.x : -half.x, (i & 2) ? half.y : -half.y, (i & 4) ? half.z : -half.z});
  }
  return *makeHull<double>(points).hull;
}

template <class Collider>
double gjkDistanceAt(const Collider& a, V2 velocityA, double angularA, const Collider& b, V2 velocityB,
                     double angularB, double t) {
  return std::visit(
      [&](const auto& sa, const auto& sb) {
        const Transform<double> pa = poseAt(placement(a), Motion<V2>{velocityA, angularA}, t);
        const Transform<double> pb = poseAt(placement(b), Motion<V2>{velocityB, angularB}, t);
        return gjkDistance(Transformed{sa, pa}, Transformed{sb, pb}).distance;
      },
      a.shape, b.shape);
}

bool finite(const CastResult<V2>& r) { return std::isfinite(r.fraction) && isFinite(r.point) && isFinite(r.normal); }
bool finite(const CastResult<V3>& r) { return std::isfinite(r.fraction) && isFinite(r.point) && isFinite(r.normal); }

// [SECTION] Ray casts: closed forms against exact answers

TEST(RayCast, CircleAtHeightHitsWhereThePythagoreanTheoremSays) {
  SplitMix64 random{11};
  for (int i = 0; i < 200; ++i) {
    const double r = random.uniform(0.1, 10.0);
    const double h = random.uniform(-0.99, 0.99) * r;
    const double start = -random.uniform(1.5, 50.0) * r;
    const double travel = random.uniform(2.0, 4.0) * std::abs(start);
    const CastResult<V2> hit = raySphere(Ray<V2>{{start, h}, {travel, 0}}, V2{}, r);
    ASSERT_EQ(hit.status, CastStatus::Hit);
    expectRelative(hit.fraction, (-std::sqrt(r * r - h * h) - start) / travel, 1e-9, "fraction");
    EXPECT_NEAR(length(hit.normal), 1.0, 1e-12);
    EXPECT_NEAR(hit.normal.y, h / r, 1e-9);
  }
}

TEST(RayCast, SlabIntervalsOfABoxAreExact) {
  // A box [-1, 3] x [-2, 2]: a ray from (-5, y) along x at speed 8 enters at x = -1: t = 4 / 8.
  const CastResult<V2> hit = raySlab(Ray<V2>{{-5, 0.5}, {8, 1}}, V2{-1, -2}, V2{3, 2});
  ASSERT_EQ(hit.status, CastStatus::Hit);
  EXPECT_EQ(hit.fraction, 0.5);
  EXPECT_EQ(hit.normal, (V2{-1, 0}));
  // Entering through the top face: y from 6 down to 2 over 4 of 8.
  const CastResult<V3> top = raySlab(Ray<V3>{{0.5, 6, 0}, {0, -8, 0.25}}, V3{-1, -2, -1}, V3{3, 2, 1});
  ASSERT_EQ(top.status, CastStatus::Hit);
  EXPECT_EQ(top.fraction, 0.5);
  EXPECT_EQ(top.normal, (V3{0, 1, 0}));
  // Parallel to a slab and outside it: a miss, without dividing by zero.
  EXPECT_EQ(raySlab(Ray<V2>{{-5, 3}, {10, 0}}, V2{-1, -2}, V2{3, 2}).status, CastStatus::Miss);
}

TEST(RayCast, EveryShapeByItsClosedFormInThePlane) {
  const Transform<double> pose = Transform<double>::fromPose({2, -1}, 0.7);
  const Ray<V2> worldRay{pose.apply({-6, 0.25}), pose.q.apply({12, 0})};
  const auto cast = [&](Shape<double> shape) { return rayCast(worldRay, Collider<double>{shape, pose}); };
  // In the local frame the ray runs along y = 0.25 from x = -6 over 12.
  const CastResult<V2> circle = cast(Circle<double>{{0, 0}, 1});
  expectRelative(circle.fraction, (6 - std::sqrt(1 - 0.0625)) / 12, 1e-12, "circle");
  const CastResult<V2> box = cast(Box<double>{{2, 1}});
  expectRelative(box.fraction, 4.0 / 12, 1e-12, "box");
  expectRelative(dot(box.normal, pose.q.apply({-1, 0})), 1.0, 1e-12, "box normal");
  const CastResult<V2> capsule = cast(Capsule<double>{{-1, 0}, {1, 0}, 0.5});  // the cap at (-1, 0)
  expectRelative(capsule.fraction, (5 - std::sqrt(0.25 - 0.0625)) / 12, 1e-12, "capsule cap");
  const CastResult<V2> side = cast(Capsule<double>{{0, -3}, {0, 3}, 0.5});  // the side x = -0.5
  expectRelative(side.fraction, 5.5 / 12, 1e-12, "capsule side");
  const CastResult<V2> segment = cast(Segment<double>{{-1, -1}, {-1, 1}});
  expectRelative(segment.fraction, 5.0 / 12, 1e-12, "segment");
  const CastResult<V2> polygon = cast(regularPolygon(4, std::sqrt(2.0)));  // a diamond: |x| + |y| = sqrt 2
  expectRelative(polygon.fraction, (6 - (std::sqrt(2.0) - 0.25)) / 12, 1e-12, "polygon");
  const CastResult<V2> sector = cast(Sector<double>{2.0, std::numbers::pi / 4});  // GJK: the apex side edge
  EXPECT_EQ(sector.status, CastStatus::Hit);
  expectRelative(sector.fraction, (6 + 0.25) / 12, 1e-9, "sector");
  for (const CastResult<V2>& r : {circle, box, capsule, side, segment, polygon, sector}) {
    EXPECT_EQ(r.status, CastStatus::Hit);
    EXPECT_TRUE(finite(r));
    EXPECT_LT(dot(r.normal, worldRay.translation), 0.0) << "the surface normal faces the ray";
  }
  // An aabb ignores the pose: world coordinates.
  const CastResult<V2> aabb = rayCast(Ray<V2>{{-6, 0.25}, {12, 0}}, Collider<double>{Aabb<double>{{-1, -1}, {1, 1}}, pose});
  expectRelative(aabb.fraction, 5.0 / 12, 1e-15, "aabb");
}

TEST(RayCast, EveryShapeByItsClosedFormInSpace) {
  const Transform3<double> pose{{1, 2, 3}, Quat<double>::fromEuler(0.3, -0.2, 0.9)};
  const Ray<V3> worldRay{pose.apply({-6, 0.25, 0}), pose.q.apply({12, 0, 0})};
  const auto cast = [&](Shape3<double> shape) { return rayCast(worldRay, Collider3<double>{std::move(shape), pose}); };
  expectRelative(cast(Sphere<double>{{0, 0, 0}, 1}).fraction, (6 - std::sqrt(1 - 0.0625)) / 12, 1e-12, "sphere");
  expectRelative(cast(Box3<double>{{2, 1, 1}}).fraction, 4.0 / 12, 1e-12, "box");
  expectRelative(cast(boxHull({2, 1, 1})).fraction, 4.0 / 12, 1e-12, "hull");
  expectRelative(cast(Capsule3<double>{{-1, 0, 0}, {1, 0, 0}, 0.5}).fraction, (5 - std::sqrt(0.25 - 0.0625)) / 12,
                 1e-12, "capsule");
  expectRelative(cast(Triangle3<double>{{-1, -1, -1}, {-1, 1, -1}, {-1, 0, 2}}).fraction, 5.0 / 12, 1e-12,
                 "triangle");
  const CastResult<V3> cylinder = cast(Cylinder<double>{2.0, 1.0});  // axis along y: the side x = -1 at z = 0
  EXPECT_EQ(cylinder.status, CastStatus::Hit);
  expectRelative(cylinder.fraction, 5.0 / 12, 1e-9, "cylinder (GJK ray cast)");
}

// [SECTION] Ray casts: the GJK ray cast against the closed forms

TEST(GjkRayCast, AgreesWithTheClosedFormsOnRandomRays) {
  SplitMix64 random{5};
  const int count = propertyPairs(300);
  int hits = 0;
  for (int i = 0; i < count; ++i) {
    const Polygon<double> polygon = randomPolygon<double>(random, 3 + i % 6, random.uniform(0.2, 5.0));
    const Capsule<double> capsule = randomCapsule<double>(random, random.uniform(0.2, 5.0));
    const Transform<double> pose = randomPose<double>(random, 10);
    const V2 origin = pose.p + V2{random.uniform(-15, 15), random.uniform(-15, 15)};
    const V2 target = pose.p + V2{random.uniform(-3, 3), random.uniform(-3, 3)};
    const Ray<V2> ray{origin, 1.5 * (target - origin)};
    const auto compare = [&](const auto& shape, const Shape<double>& variant) {
      const CastResult<V2> closed = rayCast(ray, Collider<double>{variant, pose});
      const CastResult<V2> gjk = gjkRayCast(Transformed{shape, pose}, ray);
      ASSERT_EQ(closed.hit, gjk.hit) << "pair " << i;
      if (closed.status == CastStatus::Hit && gjk.status == CastStatus::Hit) {
        ++hits;
        EXPECT_NEAR(closed.fraction, gjk.fraction, 1e-9) << "pair " << i;
        EXPECT_NEAR(dot(closed.normal, gjk.normal), 1.0, 1e-6) << "pair " << i;
      }
    };
    compare(polygon, polygon);
    compare(capsule, capsule);
  }
  EXPECT_GT(hits, count / 4);
}

// [SECTION] Ray casts: status semantics and degenerate input

TEST(RayCast, StartInsideIsOverlappingOnTheSurfaceTouching) {
  const Collider<double> box{Box<double>{{1, 1}}, {}};
  const CastResult<V2> inside = rayCast(Ray<V2>{{0.5, 0}, {3, 0}}, box);
  EXPECT_EQ(inside.status, CastStatus::Overlapping);
  EXPECT_TRUE(inside.hit);
  EXPECT_EQ(inside.fraction, 0.0);
  const CastResult<V2> surface = rayCast(Ray<V2>{{-1, 0}, {3, 0}}, box);
  EXPECT_EQ(surface.status, CastStatus::Touching);
  EXPECT_EQ(surface.normal, (V2{-1, 0}));
  for (const Shape<double>& shape : std::vector<Shape<double>>{Circle<double>{{}, 1}, regularPolygon(6, 1),
                                                                Capsule<double>{{-0.5, 0}, {0.5, 0}, 0.5}}) {
    const CastResult<V2> r = rayCast(Ray<V2>{{0.1, 0.05}, {3, 0}}, Collider<double>{shape, {}});
    EXPECT_EQ(r.status, CastStatus::Overlapping) << shapeTypeName(shape);
  }
  const CastResult<V2> gjk = gjkRayCast(Transformed{regularPolygon(6, 1), Transform<double>{}}, Ray<V2>{{0.1, 0}, {3, 0}});
  EXPECT_EQ(gjk.status, CastStatus::Overlapping);
}

TEST(RayCast, ZeroLengthRaysAndZeroSizeShapesGiveNoNaN) {
  const std::vector<Shape<double>> shapes = {Circle<double>{{}, 0}, Box<double>{{0, 0}}, Segment<double>{{0, 0}, {0, 0}},
                                             Capsule<double>{{0, 0}, {0, 0}, 0}, Point<double>{},
                                             Circle<double>{{}, 1}, regularPolygon(5, 1)};
  for (const Shape<double>& shape : shapes) {
    for (const Ray<V2>& ray : {Ray<V2>{{-3, 0}, {0, 0}}, Ray<V2>{{-3, 0}, {6, 0}}, Ray<V2>{{-3, 0.5}, {6, 0}},
                               Ray<V2>{{0, 0}, {0, 0}}}) {
      const CastResult<V2> r = rayCast(ray, Collider<double>{shape, {}});
      EXPECT_TRUE(finite(r)) << shapeTypeName(shape);
      EXPECT_NE(r.status, CastStatus::InvalidInput) << shapeTypeName(shape);
      if (ray.translation == V2{} && ray.origin.x != 0) {
        EXPECT_EQ(r.status, CastStatus::Miss) << shapeTypeName(shape);
      }
    }
  }
  // A zero-radius circle on the ray's line is hit exactly there.
  const CastResult<V2> point = rayCast(Ray<V2>{{-3, 0}, {6, 0}}, Collider<double>{Circle<double>{{}, 0}, {}});
  EXPECT_EQ(point.status, CastStatus::Hit);
  EXPECT_EQ(point.fraction, 0.5);
  // NaN in: InvalidInput, never a NaN out.
  const CastResult<V2> nan = rayCast(Ray<V2>{{std::nan(""), 0}, {1, 0}}, Collider<double>{Circle<double>{}, {}});
  EXPECT_EQ(nan.status, CastStatus::InvalidInput);
}

TEST(GjkRayCast, TheCapReportsTheBoundReached) {
  CastOptions options;
  options.maxIterations = 1;
  const CastResult<V2> capped =
      gjkRayCast(Transformed{Circle<double>{{}, 1}, Transform<double>{}}, Ray<V2>{{-5, 0.3}, {10, 0}}, options);
  EXPECT_EQ(capped.status, CastStatus::MaxIterations);
  EXPECT_FALSE(capped.hit);
  EXPECT_LE(capped.fraction, (5 - std::sqrt(1 - 0.09)) / 10);  // a lower bound on the hit
}

// [SECTION] Linear cast

TEST(LinearCast, MovingCirclesMatchTheQuadratic) {
  SplitMix64 random{7};
  const int count = propertyPairs(300);
  int hits = 0;
  for (int i = 0; i < count; ++i) {
    const Circle<double> a{{0, 0}, random.uniform(0.1, 3)};
    const Circle<double> b{{0, 0}, random.uniform(0.1, 3)};
    const Transform<double> poseA = randomPose<double>(random, 20);
    const Transform<double> poseB = randomPose<double>(random, 20);
    const V2 velocityA{random.uniform(-40, 40), random.uniform(-40, 40)};
    const V2 velocityB{random.uniform(-10, 10), random.uniform(-10, 10)};
    // |s + t v| = r: the quadratic in closed form.
    const V2 s = poseA.p - poseB.p;
    const V2 v = velocityA - velocityB;
    const double r = a.radius + b.radius;
    const double qa = dot(v, v), qb = dot(s, v), qc = dot(s, s) - r * r;
    const double disc = qb * qb - qa * qc;
    const bool expectHit = qc > 0 && qb < 0 && disc >= 0 && (-qb - std::sqrt(disc)) / qa <= 1;
    const CastResult<V2> cast = linearCast(a, poseA, velocityA, b, poseB, velocityB);
    if (qc <= 0) continue;
    ASSERT_EQ(cast.hit, expectHit) << "pair " << i;
    if (!expectHit) continue;
    ++hits;
    const double exact = (-qb - std::sqrt(disc)) / qa;
    expectRelative(cast.fraction, exact, 1e-9, "fraction");
    EXPECT_NEAR(dot(cast.normal, normalize(-(s + exact * v))), 1.0, 1e-9);
  }
  EXPECT_GT(hits, count / 20);
}

TEST(LinearCast, TranslatingBoxesMatchTheSlabIntervals) {
  SplitMix64 random{8};
  for (int i = 0; i < propertyPairs(300); ++i) {
    const Box<double> a{{random.uniform(0.1, 3), random.uniform(0.1, 3)}};
    const Box<double> b{{random.uniform(0.1, 3), random.uniform(0.1, 3)}};
    const V2 pa{random.uniform(-20, 20), random.uniform(-20, 20)};
    const V2 pb{random.uniform(-20, 20), random.uniform(-20, 20)};
    const V2 va{random.uniform(-60, 60), random.uniform(-60, 60)};
    // Per axis: B's interval minus A's moving at -v: overlap while |pa + t va - pb| <= ha + hb.
    double enter = -1e300, exit = 1e300;
    for (int axis = 0; axis < 2; ++axis) {
      const double gap = axis == 0 ? pa.x - pb.x : pa.y - pb.y;
      const double speed = axis == 0 ? va.x : va.y;
      const double reach = axis == 0 ? a.halfExtents.x + b.halfExtents.x : a.halfExtents.y + b.halfExtents.y;
      const double t0 = (-reach - gap) / speed, t1 = (reach - gap) / speed;
      enter = std::max(enter, std::min(t0, t1));
      exit = std::min(exit, std::max(t0, t1));
    }
    if (enter <= 0) continue;  // overlapping at the start: another test
    const bool expectHit = enter <= exit && enter <= 1;
    const Transform<double> poseA{pa, {}}, poseB{pb, {}};
    const CastResult<V2> cast = linearCast(a, poseA, va, b, poseB, V2{});
    ASSERT_EQ(cast.hit, expectHit) << "pair " << i;
    if (expectHit) expectRelative(cast.fraction, enter, 1e-9, "fraction");
    // Dynamic SAT sees the same intervals.
    const CastResult<V2> sat = runCast(CastAlgorithm::DynamicSat, Collider<double>{a, poseA}, Motion<V2>{va, 0},
                                       Collider<double>{b, poseB}, Motion<V2>{});
    ASSERT_EQ(sat.hit, expectHit) << "pair " << i;
    if (expectHit) expectRelative(sat.fraction, enter, 1e-12, "dynamic SAT fraction");
  }
}

TEST(LinearCast, PlacedPolygonsAnswerAsTheGenericSupports) {
  // Two polygons take the placed-vertex path (detail::PlacedPolygon); through runCast the same polygons are seen
  // through the generic support of a collider. Both run the same loop: same outcome, times within the tolerance.
  SplitMix64 random{21};
  int hits = 0;
  for (int i = 0; i < propertyPairs(300); ++i) {
    const Polygon<double> a = randomPolygon<double>(random, 3 + i % 6, 1.0);
    const Polygon<double> b = randomPolygon<double>(random, 3 + (i / 6) % 6, 1.0);
    const Transform<double> poseA = randomPose<double>(random, 8.0), poseB = randomPose<double>(random, 8.0);
    const V2 velocityA = 1.3 * (poseB.p - poseA.p) + V2{random.uniform(-2, 2), random.uniform(-2, 2)};
    const V2 velocityB{random.uniform(-1, 1), random.uniform(-1, 1)};
    const CastResult<V2> placed = linearCast(a, poseA, velocityA, b, poseB, velocityB);
    const CastResult<V2> generic = runCast(CastAlgorithm::Linear, Collider<double>{a, poseA}, Motion<V2>{velocityA, 0},
                                           Collider<double>{b, poseB}, Motion<V2>{velocityB, 0});
    ASSERT_EQ(placed.status, generic.status) << "pair " << i;
    if (placed.status != CastStatus::Hit) continue;
    ++hits;
    EXPECT_NEAR(placed.fraction, generic.fraction, 1e-9) << "pair " << i;
    EXPECT_NEAR(dot(placed.normal, generic.normal), 1.0, 1e-6) << "pair " << i;
    EXPECT_LT(length(placed.point - generic.point), 1e-6) << "pair " << i;
  }
  EXPECT_GT(hits, propertyPairs(300) / 5);
  // The placed support reaches the polygon's own maximum in every direction.
  for (int i = 0; i < 200; ++i) {
    const Polygon<double> polygon = randomPolygon<double>(random, 3 + i % 10, 2.0);
    const Transform<double> pose = randomPose<double>(random, 50.0);
    const detail::PlacedPolygon<double> placed{polygon, pose};
    const V2 d{random.uniform(-1, 1), random.uniform(-1, 1)};
    const V2 expected = pose.apply(polygon.support(pose.q.applyInverse(d)));
    EXPECT_NEAR(dot(placed.support(d), d), dot(expected, d), 1e-12 * (1 + length(pose.p))) << "polygon " << i;
  }
}

TEST(LinearCast, ParallelEdgesOfTwoPolygonsEndTheLoopAtTheContact) {
  // Pair 13954 of PlacedPolygonsAnswerAsTheGenericSupports at 100,000 pairs: at the contact two edges of A and B
  // are nearly parallel, so A - B has three nearly collinear vertices. With |v| left at 3.5e-13 by rounding (the
  // tolerance is 2.5e-13) the loop asked for the third vertex, the solver dropped it, and the same step repeated
  // up to the cap. At that stall the plane test along the edge's own normal reaches dynamic SAT's exact time.
  const std::vector<V2> outlineA{{-0.39097698846270634, -0.69168447371129649}, {0.17729381924607479, -0.80369370881594082},
                                 {0.83286078681729014, -0.13185677263995577}, {0.80687826862204737, 0.16300158172027007},
                                 {0.16425552674022412, 0.78440263563615498},  {-0.5584989668971414, 0.63956636420200641},
                                 {-0.83436632255197618, -0.007999383863660503}};
  const std::vector<V2> outlineB{{-0.67758613506568799, 0.094793040088340108}, {-0.59227202258719724, -0.62929450371209072},
                                 {-0.31441542188773702, -0.79583944397188844}, {0.48466186163019254, -0.44287908575560186},
                                 {0.71169571218441141, 0.3837552018559014},    {0.096035670851165766, 0.80145863883082336}};
  const Polygon<double> a = *makePolygon<double>(outlineA).polygon;
  const Polygon<double> b = *makePolygon<double>(outlineB).polygon;
  const Transform<double> poseA{{2.1508599192309159, 2.5235679062373464}, {0.90713697502282331, 0.42083548869652337}};
  const Transform<double> poseB{{5.6806569251102363, 0.51919936891340335}, {0.8773828610339176, -0.47979090775455224}};
  const V2 velocityA{2.8216636433759925, -1.8785613897328846};
  const V2 velocityB{-0.60630509055145976, -0.69736759113966573};
  const Collider<double> colliderA{a, poseA}, colliderB{b, poseB};
  const CastResult<V2> placed = linearCast(a, poseA, velocityA, b, poseB, velocityB);
  const CastResult<V2> generic =
      runCast(CastAlgorithm::Linear, colliderA, Motion<V2>{velocityA, 0}, colliderB, Motion<V2>{velocityB, 0});
  const CastResult<V2> exact =
      runCast(CastAlgorithm::DynamicSat, colliderA, Motion<V2>{velocityA, 0}, colliderB, Motion<V2>{velocityB, 0});
  ASSERT_EQ(exact.status, CastStatus::Hit);
  ASSERT_EQ(placed.status, CastStatus::Hit);
  ASSERT_EQ(generic.status, CastStatus::Hit);
  EXPECT_LT(placed.iterations, 10);
  EXPECT_NEAR(placed.fraction, exact.fraction, 1e-12);
  EXPECT_NEAR(generic.fraction, exact.fraction, 1e-12);
  EXPECT_NEAR(dot(placed.normal, exact.normal), 1.0, 1e-9);
  // Sampled: apart just before, overlapping just after.
  EXPECT_GT(gjkDistanceAt(colliderA, velocityA, 0, colliderB, velocityB, 0, exact.fraction - 1e-6), 0.0);
  EXPECT_EQ(gjkDistanceAt(colliderA, velocityA, 0, colliderB, velocityB, 0, exact.fraction + 1e-6), 0.0);
}

TEST(LinearCast, TouchingAtTheStartIsAHitAtZero) {
  // Jolt #1786: a box resting on another and cast into it returned no hit. Here: Touching at t = 0.
  const Box<double> box{{1, 1}};
  const CastResult<V2> down = linearCast(box, Transform<double>{{0, 2}, {}}, V2{0, -1}, box, Transform<double>{}, V2{});
  EXPECT_TRUE(down.hit);
  EXPECT_EQ(down.status, CastStatus::Touching);
  EXPECT_EQ(down.fraction, 0.0);
  // Sliding along the face, still touching at the start.
  const CastResult<V2> slide = linearCast(box, Transform<double>{{0, 2}, {}}, V2{3, 0}, box, Transform<double>{}, V2{});
  EXPECT_EQ(slide.status, CastStatus::Touching);
  // Circles touching: the same.
  const Circle<double> circle{{}, 1};
  EXPECT_EQ(linearCast(circle, Transform<double>{{2, 0}, {}}, V2{-1, 0}, circle, Transform<double>{}, V2{}).status,
            CastStatus::Touching);
  // Overlapping is not touching.
  const CastResult<V2> deep = linearCast(box, Transform<double>{{0, 1.5}, {}}, V2{0, -1}, box, Transform<double>{}, V2{});
  EXPECT_EQ(deep.status, CastStatus::Overlapping);
  EXPECT_EQ(deep.fraction, 0.0);
  EXPECT_EQ(down.normal, (V2{0, -1})) << "the touching normal, from A (above) toward B";
}

TEST(LinearCast, ZeroMotionGivesAMissWithoutNaN) {
  const Box<double> box{{1, 1}};
  const CastResult<V2> still = linearCast(box, Transform<double>{{5, 0}, {}}, V2{}, box, Transform<double>{}, V2{});
  EXPECT_EQ(still.status, CastStatus::Miss);
  EXPECT_TRUE(finite(still));
  // Parallel motion along a face: never closes.
  const CastResult<V2> parallel =
      linearCast(box, Transform<double>{{0, 2.5}, {}}, V2{10, 0}, box, Transform<double>{}, V2{});
  EXPECT_EQ(parallel.status, CastStatus::Miss);
}

TEST(LinearCast, ALargeTargetKeepsItsRelativeAccuracy) {
  // parry #429: the error grew with the target's size. A 500-unit slab, a unit circle falling from 300 above;
  // again 10,000 units from the origin.
  for (const V2 offset : {V2{0, 0}, V2{1e4, -1e4}}) {
    const Box<double> ground{{500, 0.5}};
    const Circle<double> ball{{}, 1};
    const CastResult<V2> cast = linearCast(ball, Transform<double>{offset + V2{123, 300}, {}}, V2{-50, -600}, ground,
                                           Transform<double>{offset, {}}, V2{});
    ASSERT_EQ(cast.status, CastStatus::Hit);
    expectRelative(cast.fraction, (300 - 1.5) / 600, 1e-10, "fraction");
    EXPECT_NEAR(cast.normal.y, -1.0, 1e-12);
    EXPECT_LT(cast.iterations, 6);
  }
}

// ccd_05: a box sliding along another's top face meets its corner at t = 0.25. The ray ends on a vertex of A - B;
// the simplex's normal there was (-0.894, 0.447), which a response bounces the slider back along. The face it slides
// along gives (0, 1), as dynamic SAT and conservative advancement do; in space too, along a face or an edge, turned
// anywhere. A vertex met head on keeps a normal of that vertex, facing the motion.
TEST(LinearCast, ASliderMeetingACornerTakesTheNormalOfTheFaceItSlidesAlong) {
  const Collider<double> a{Box<double>{{1, 1}}, {}};
  const Collider<double> b{Box<double>{{0.5, 0.5}}, Transform<double>{{-3, 1.5}, {}}};
  const Motion<V2> slide{{6, 0}, 0};
  const CastResult<V2> linear = runCast(CastAlgorithm::Linear, a, Motion<V2>{}, b, slide);
  ASSERT_EQ(linear.status, CastStatus::Hit);
  EXPECT_NEAR(linear.fraction, 0.25, 1e-12);
  EXPECT_EQ(linear.normal, (V2{0, 1}));
  EXPECT_EQ(runCast(CastAlgorithm::DynamicSat, a, Motion<V2>{}, b, slide).normal, linear.normal);
  // The same pair as two polygons (the placed-vertex path) with the slider as A, then all of it turned.
  const Polygon<double> square = *makePolygon<double>(std::vector<V2>{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}}).polygon;
  const Polygon<double> small =
      *makePolygon<double>(std::vector<V2>{{-0.5, -0.5}, {0.5, -0.5}, {0.5, 0.5}, {-0.5, 0.5}}).polygon;
  const CastResult<V2> placed =
      linearCast(small, Transform<double>{{-3, 1.5}, {}}, V2{6, 0}, square, Transform<double>{}, V2{});
  ASSERT_EQ(placed.status, CastStatus::Hit);
  EXPECT_EQ(placed.normal, (V2{0, -1})) << "from A (the slider) toward B";
  const Rot<double> turn = Rot<double>::fromAngle(0.7);
  const CastResult<V2> turned =
      runCast(CastAlgorithm::Linear, Collider<double>{Box<double>{{1, 1}}, Transform<double>{{}, turn}}, Motion<V2>{},
              Collider<double>{Box<double>{{0.5, 0.5}}, Transform<double>{turn.apply(V2{-3, 1.5}), turn}},
              Motion<V2>{turn.apply(V2{6, 0}), 0});
  ASSERT_EQ(turned.status, CastStatus::Hit);
  EXPECT_NEAR(turned.fraction, 0.25, 1e-12);
  EXPECT_NEAR(dot(turned.normal, turn.apply(V2{0, 1})), 1.0, 1e-12);

  // In space: along the top face, along the edge where the top and a side face meet, then all of it turned.
  const auto cast3 = [](V3 position, V3 velocity, const Quat<double>& q) {
    const Collider3<double> fixed{Box3<double>{{1, 1, 1}}, Transform3<double>{{}, q}};
    const Collider3<double> moving{Box3<double>{{0.5, 0.5, 0.5}}, Transform3<double>{q.apply(position), q}};
    return runCast(CastAlgorithm::Linear, fixed, Motion<V3>{}, moving, Motion<V3>{q.apply(velocity), {}});
  };
  for (const Quat<double>& q : {Quat<double>{}, Quat<double>::fromEuler(0.3, -0.5, 1.1)}) {
    const CastResult<V3> face = cast3({-3, 0.2, 1.5}, {6, 0, 0}, q);
    ASSERT_EQ(face.status, CastStatus::Hit);
    EXPECT_NEAR(face.fraction, 0.25, 1e-12);
    EXPECT_NEAR(dot(face.normal, q.apply(V3{0, 0, 1})), 1.0, 1e-12);
    const CastResult<V3> edge = cast3({-3, 1.5, 1.5}, {6, 0, 0}, q);
    ASSERT_EQ(edge.status, CastStatus::Hit);
    EXPECT_NEAR(edge.fraction, 0.25, 1e-12);
    const V3 local = q.applyInverse(edge.normal);
    EXPECT_TRUE(std::abs(local.y - 1) < 1e-12 || std::abs(local.z - 1) < 1e-12)
        << "a face along the edge: " << local.x << ", " << local.y << ", " << local.z;
  }
  // Head on at a corner: not sliding, so a normal of the corner (between the faces that meet there), facing the
  // motion, finite and unit.
  const CastResult<V2> corner = runCast(CastAlgorithm::Linear, a, Motion<V2>{},
                                        Collider<double>{Box<double>{{0.5, 0.5}}, Transform<double>{{-3, 2}, {}}},
                                        Motion<V2>{{3, -1}, 0});
  ASSERT_EQ(corner.status, CastStatus::Hit);
  EXPECT_NEAR(corner.fraction, 0.5, 1e-12);
  EXPECT_NEAR(length(corner.normal), 1.0, 1e-12);
  EXPECT_LE(corner.normal.x, 1e-12);
  EXPECT_GE(corner.normal.y, -1e-12);
  EXPECT_LT(dot(corner.normal, V2{3, -1}), 0.0);
  const CastResult<V3> corner3 = cast3({-3, 2, 2}, {3, -1, -1}, Quat<double>{});
  ASSERT_EQ(corner3.status, CastStatus::Hit);
  EXPECT_NEAR(corner3.fraction, 0.5, 1e-12);
  EXPECT_NEAR(length(corner3.normal), 1.0, 1e-12);
  EXPECT_LE(corner3.normal.x, 1e-12);
  EXPECT_GE(corner3.normal.y, -1e-12);
  EXPECT_GE(corner3.normal.z, -1e-12);
  EXPECT_LT(dot(corner3.normal, V3{3, -1, -1}), 0.0);
}

// The step that ends a linear cast in a miss claims no closest points: the loop stops before solving the simplex at
// the new lambda, and the last solve's distance (|v| at the start, 2.054) was not the gap there (4.10) (newcomer
// review s32 A8). A miss by a plane the motion runs away from, and one past lambda 1, both say so.
TEST(LinearCast, TheMissStepClaimsNoClosestPoints) {
  const Collider<double> a{Circle<double>{{}, 0.3}, {}};
  const Collider<double> b{Box<double>{{2.5, 0.08}}, Transform<double>{{-0.5, -2.3}, {}}};
  for (const V2 velocity : {V2{1, 0}, V2{0, -1}}) {
    CastRecorder<V2> trace;
    const CastResult<V2> miss = runCast(CastAlgorithm::Linear, a, Motion<V2>{}, b, Motion<V2>{velocity, 0}, {}, &trace);
    ASSERT_EQ(miss.status, CastStatus::Miss);
    ASSERT_FALSE(trace.ray.empty());
    const RayCastStep<V2>& last = trace.ray.back();
    EXPECT_TRUE(last.last);
    EXPECT_TRUE(std::isnan(last.distance)) << last.distance;
    EXPECT_TRUE(std::isnan(last.pointA.x) && std::isnan(last.pointB.y));
    for (std::size_t i = 0; i + 1 < trace.ray.size(); ++i) EXPECT_TRUE(std::isfinite(trace.ray[i].distance));
  }
}

// [SECTION] Time of impact with rotation

TEST(TimeOfImpact, ASpinningBarDoesNotPassThroughAPost) {
  // A thin bar 4 long turning a third of a turn sweeps over a post; translation alone never brings them closer.
  const Box<double> bar{{2, 0.05}};
  const Box<double> post{{0.1, 0.1}};
  const Transform<double> barPose{}, postPose{{1.5, 1.0}, {}};
  const Motion<V2> spin{{0, 0}, 2.0};
  const CastResult<V2> linear = linearCast(bar, barPose, V2{}, post, postPose, V2{});
  EXPECT_EQ(linear.status, CastStatus::Miss) << "the linear cast misses the rotation";
  Recorder<AdvanceStep<V2>> trace;
  const CastResult<V2> toi = timeOfImpact(bar, barPose, spin, post, postPose, Motion<V2>{}, CastOptions{}, trace);
  ASSERT_EQ(toi.status, CastStatus::Hit);
  // The corner (1.6, 0.9) of the post meets the bar's upper face: angle atan2(0.9, 1.6) - asin(0.05 / |corner|).
  const double corner = std::hypot(1.6, 0.9);
  const double exact = (std::atan2(0.9, 1.6) - std::asin(0.05 / corner)) / 2.0;
  expectRelative(toi.fraction, exact, 1e-9, "time of impact");
  // The trace: time rises, each step is (distance - target) / bound, the last one stops at the contact. The
  // spin's share of the bound is below Mirtich's |w| r: the bar's extent along n can only grow at |w|
  // sqrt(r^2 - h^2), h its support along n (its half thickness while its face looks at the post).
  ASSERT_FALSE(trace.steps.empty());
  for (std::size_t i = 1; i < trace.steps.size(); ++i) {
    const AdvanceStep<V2>& before = trace.steps[i - 1];
    EXPECT_GT(trace.steps[i].time, before.time);
    EXPECT_NEAR(trace.steps[i].time, before.time + before.distance / before.bound, 1e-12);
    EXPECT_GT(before.angularBound, 0.0);
    EXPECT_LE(before.angularBound, 2.0 * farthestRadius(bar));
  }
  EXPECT_TRUE(trace.steps.back().last);
}

// Samples the gap densely over every traced step [time, time + step] of a time of impact: it never falls below
// the target the step was taken for.
template <class ShapeA, class ShapeB>
void expectStepsSafe(const ShapeA& a, const Transform<double>& poseA, const Motion<V2>& motionA, const ShapeB& b,
                     const Transform<double>& poseB, const Motion<V2>& motionB, const CastOptions& options,
                     double size, int pair) {
  Recorder<AdvanceStep<V2>> trace;
  const CastResult<V2> toi = timeOfImpact(a, poseA, motionA, b, poseB, motionB, options, trace);
  ASSERT_NE(toi.status, CastStatus::InvalidInput);
  const double target = options.relativeTarget * size;
  for (const AdvanceStep<V2>& s : trace.steps) {
    if (!(s.step > 0.0)) continue;  // arrived (a hit, or a start within the target) or separating
    for (int k = 1; k <= 64; ++k) {
      const double t = std::min(1.0, s.time + s.step * k / 64.0);
      const double gap = gjkDistance(Transformed{a, poseAt(poseA, motionA, t)},
                                     Transformed{b, poseAt(poseB, motionB, t)}).distance;
      ASSERT_GE(gap, target - 1e-9 * size) << "pair " << pair << ", step " << s.iteration << " at t = " << t;
    }
  }
}

TEST(TimeOfImpact, NoStepCrossesTheTargetGapOnRandomSweeps) {
  // The tightened bound on the turns (an extent grows at most at |w| sqrt(r^2 - h^2) and by at most r - h): every
  // step keeps the gap at or above the target, for turning centres inside, at the edge of and outside the shapes,
  // and for rounded shapes.
  SplitMix64 random{33};
  const int count = propertyPairs(60);
  CastOptions options;
  options.relativeTarget = 1e-3;
  options.relativeTolerance = 2.5e-4;
  for (int i = 0; i < count; ++i) {
    const Polygon<double> polygon = randomPolygon<double>(random, 3 + i % 6, 1.0);
    // The same polygon with its turning centre up to 1.5 away: often outside it.
    const V2 shift{random.uniform(-1.5, 1.5), random.uniform(-1.5, 1.5)};
    std::vector<V2> shifted;
    for (int k = 0; k < polygon.count; ++k) shifted.push_back(polygon.vertices[k] + shift);
    const Polygon<double> offCentre = *makePolygon<double>(shifted).polygon;
    const Capsule<double> capsule{{random.uniform(-1, 1), 0.2}, {random.uniform(-1, 1), -0.3}, random.uniform(0.05, 0.4)};
    const Circle<double> circle{{random.uniform(-1, 1), random.uniform(-1, 1)}, random.uniform(0.1, 0.5)};
    const Transform<double> poseA = randomPose<double>(random, 3);
    const Transform<double> poseB = randomPose<double>(random, 3);
    const Motion<V2> ma{{random.uniform(-6, 6), random.uniform(-6, 6)}, random.uniform(-8, 8)};
    const Motion<V2> mb{{random.uniform(-6, 6), random.uniform(-6, 6)}, random.uniform(-8, 8)};
    const auto check = [&](const auto& a, const auto& b) {
      const double size = std::max(detail::supportHalfDiagonal(Transformed{a, poseA}),
                                   detail::supportHalfDiagonal(Transformed{b, poseB}));
      expectStepsSafe(a, poseA, ma, b, poseB, mb, options, size, i);
    };
    check(polygon, offCentre);
    check(offCentre, capsule);
    check(circle, polygon);
    check(capsule, circle);
    if (HasFatalFailure()) return;
  }
}

TEST(TimeOfImpact, NeverLaterThanATrueContactOnRandomSweeps) {
  SplitMix64 random{21};
  const int count = propertyPairs(60);
  int hits = 0;
  int capped = 0;
  for (int i = 0; i < count; ++i) {
    const Collider<double> a{randomPolygon<double>(random, 3 + i % 6, 1.0), randomPose<double>(random, 3)};
    const Collider<double> b{randomPolygon<double>(random, 3 + (i / 6) % 6, 1.0), randomPose<double>(random, 3)};
    const Motion<V2> ma{{random.uniform(-6, 6), random.uniform(-6, 6)}, random.uniform(-6, 6)};
    const Motion<V2> mb{{random.uniform(-6, 6), random.uniform(-6, 6)}, random.uniform(-6, 6)};
    // Box2D's target and tolerance (a few linear slops on unit shapes): with rotation conservative advancement
    // converges linearly, so touching exactly can take many steps.
    CastOptions options;
    options.relativeTarget = 1e-3;
    options.relativeTolerance = 2.5e-4;
    const CastResult<V2> toi = runCast(CastAlgorithm::TimeOfImpact, a, ma, b, mb, options);
    ASSERT_NE(toi.status, CastStatus::InvalidInput);
    if (toi.status == CastStatus::Overlapping || toi.status == CastStatus::Touching) continue;
    // Grazing sweeps (the gap's minimum just above the target) make conservative advancement creep: the cap then
    // reports the time reached, still safe. Such sweeps must stay rare.
    capped += toi.status == CastStatus::MaxIterations ? 1 : 0;
    // Dense sampling before the reported time finds no contact; at it the gap is within tolerance.
    const double end = toi.hit || toi.status == CastStatus::MaxIterations ? toi.fraction : 1.0;
    for (int k = 0; k < 400; ++k) {
      const double t = end * k / 400.0;
      ASSERT_GT(gjkDistanceAt(a, ma.velocity, ma.angularVelocity, b, mb.velocity, mb.angularVelocity, t), 0.0)
          << "pair " << i << " touches at " << t << " before " << end;
    }
    if (toi.hit) {
      ++hits;
      EXPECT_LT(gjkDistanceAt(a, ma.velocity, ma.angularVelocity, b, mb.velocity, mb.angularVelocity, toi.fraction),
                2e-3);
    }
  }
  EXPECT_GT(hits, count / 10);
  EXPECT_LE(capped, count / 100);
}

TEST(TimeOfImpact, TheLoopingSweepOfBox2dIssue115Ends) {
  // Box2D #115: a 25 x 5 box and a 2.5 x 2.5 box whose sweep made b2TimeOfImpact loop. The small box falls and
  // turns onto the large one; the cast ends with a status and its answer is checked by sampling.
  const Collider<double> ground{Box<double>{{12.5, 2.5}}, Transform<double>::fromPose({0, 0}, 0.0)};
  const Collider<double> block{Box<double>{{1.25, 1.25}}, Transform<double>::fromPose({-0.2, 20}, 0.1)};
  const Motion<V2> fall{{0.6, -40}, 13.0};
  const CastResult<V2> toi = runCast(CastAlgorithm::TimeOfImpact, block, fall, ground, Motion<V2>{});
  ASSERT_EQ(toi.status, CastStatus::Hit);
  for (int k = 0; k < 2000; ++k) {
    const double t = toi.fraction * k / 2000.0;
    ASSERT_GT(gjkDistanceAt(block, fall.velocity, fall.angularVelocity, ground, V2{}, 0.0, t), 0.0) << t;
  }
  EXPECT_LT(gjkDistanceAt(block, fall.velocity, fall.angularVelocity, ground, V2{}, 0.0, toi.fraction), 1e-9);
}

TEST(TimeOfImpact, TheTargetSeparationStopsShortAndTheCapReportsTheTimeReached) {
  const Box<double> bar{{2, 0.05}};
  const Box<double> post{{0.1, 0.1}};
  CastOptions options;
  options.relativeTarget = 0.01;
  const CastResult<V2> early = timeOfImpact(bar, Transform<double>{}, Motion<V2>{{}, 2.0}, post,
                                            Transform<double>{{1.5, 1.0}, {}}, Motion<V2>{}, options);
  ASSERT_EQ(early.status, CastStatus::Hit);
  const double size = std::hypot(2.0, 0.05);
  const double gap = gjkDistanceAt(Collider<double>{bar, {}}, V2{}, 2.0, Collider<double>{post, {{1.5, 1.0}, {}}}, V2{},
                                   0.0, early.fraction);
  EXPECT_NEAR(gap, 0.01 * size, 1e-9);
  options = {};
  options.maxIterations = 2;
  const CastResult<V2> capped = timeOfImpact(bar, Transform<double>{}, Motion<V2>{{}, 2.0}, post,
                                             Transform<double>{{1.5, 1.0}, {}}, Motion<V2>{}, options);
  EXPECT_EQ(capped.status, CastStatus::MaxIterations);
  EXPECT_FALSE(capped.hit);
  const CastResult<V2> exact = timeOfImpact(bar, Transform<double>{}, Motion<V2>{{}, 2.0}, post,
                                            Transform<double>{{1.5, 1.0}, {}}, Motion<V2>{});
  EXPECT_LT(capped.fraction, exact.fraction) << "the time reached is before the contact";
}

TEST(TimeOfImpact, InSpaceATurningBoxMeetsAWall) {
  // A box 4 long turning about z meets a wall at x = 1.5: its corner reaches it when 2 cos(a) + ... is first 1.5.
  const Collider3<double> bar{Box3<double>{{2, 0.1, 0.1}}, Transform3<double>{{0, 0, 0}, Quat<double>::fromAxisAngle({0, 0, 1}, 1.2)}};
  const Collider3<double> wall{Box3<double>{{0.5, 5, 5}}, Transform3<double>{{2.0, 0, 0}, {}}};
  const Motion<V3> turn{{0, 0, 0}, {0, 0, -2}};
  const CastResult<V3> toi = runCast(CastAlgorithm::TimeOfImpact, bar, turn, wall, Motion<V3>{});
  ASSERT_EQ(toi.status, CastStatus::Hit);
  // The bar's corner (2, -0.1) at angle a has x = 2 cos(a) + 0.1 sin(a) = 1.5.
  double lo = 0, hi = 1.2;
  for (int k = 0; k < 200; ++k) {
    const double mid = 0.5 * (lo + hi);
    (2 * std::cos(mid) + 0.1 * std::sin(mid) > 1.5 ? lo : hi) = mid;
  }
  expectRelative(toi.fraction, (1.2 - hi) / 2, 1e-9, "time of impact in space");
  EXPECT_NEAR(toi.normal.x, 1.0, 1e-6);
  // The linear cast does not see the rotation.
  EXPECT_EQ(runCast(CastAlgorithm::Linear, bar, Motion<V3>{}, wall, Motion<V3>{}).status, CastStatus::Miss);
}

// Arrived overlapping at t > 0 where the penetration finds no contact (a thin bar turning into a cylinder's side):
// the contact point was the penetration's empty one, A's origin (session 29, found by the 3D continuous lab).
TEST(TimeOfImpact, ArrivingOverlappedWithoutAPenetrationKeepsTheClosestPoints) {
  const Collider3<double> post{Cylinder<double>{1.0, 0.3}, Transform3<double>{}};
  const Collider3<double> bar{Box3<double>{{2.5, 0.08, 0.08}}, Transform3<double>{{-0.5, 0, 2.3}, {}}};
  const Motion<V3> sweep{{1, 0, 0}, {0, 3, 0}};
  const CastResult<V3> toi = runCast(CastAlgorithm::TimeOfImpact, post, Motion<V3>{}, bar, sweep);
  ASSERT_EQ(toi.status, CastStatus::Hit);
  EXPECT_GT(toi.fraction, 0.4);
  // On the post's side (0.3 from its axis), not at its centre.
  EXPECT_NEAR(std::hypot(toi.point.x, toi.point.z), 0.3, 0.02) << toi.point.x << " " << toi.point.y << " " << toi.point.z;
}

// [SECTION] Dynamic SAT

TEST(DynamicSat, TracesEveryAxisAndExitsEarly) {
  const Collider<double> a{Box<double>{{1, 1}}, Transform<double>{{-5, 0.3}, {}}};
  const Collider<double> b{Box<double>{{1, 1}}, {}};
  CastRecorder<V2> trace;
  const CastResult<V2> hit = runCast(CastAlgorithm::DynamicSat, a, Motion<V2>{{10, 0}, 0}, b, Motion<V2>{}, {}, &trace);
  ASSERT_EQ(hit.status, CastStatus::Hit);
  EXPECT_EQ(hit.fraction, 0.3);
  EXPECT_EQ(hit.normal, (V2{1, 0}));
  ASSERT_EQ(trace.axes.size(), 4u);
  EXPECT_EQ(trace.axes[0].tEnter, 0.3);
  EXPECT_EQ(trace.axes[0].tExit, 0.7);
  // Moving away along y: the y axis never overlaps again, the early exit stops the test there.
  CastRecorder<V2> missTrace;
  const CastResult<V2> miss = runCast(CastAlgorithm::DynamicSat, a, Motion<V2>{{10, 5}, 0},
                                      Collider<double>{Box<double>{{1, 1}}, Transform<double>{{0, -3}, {}}},
                                      Motion<V2>{}, {}, &missTrace);
  EXPECT_EQ(miss.status, CastStatus::Miss);
  EXPECT_TRUE(missTrace.axes.back().earlyExit);
}

// ccd_05: a box sliding along another's top face meets its corner at t = 0.25. The x axis enters then (the largest
// tEnter) and the y axis touches for the whole motion; dynamic SAT gave the corner's x normal (-1, 0), so the
// response bounced the slider back, where conservative advancement gives the face's (0, 1) and it slides on.
TEST(DynamicSat, ASliderMeetingAFaceCornerTouchesAlongTheFace) {
  const Collider<double> a{Box<double>{{1, 1}}, {}};
  const Collider<double> b{Box<double>{{0.5, 0.5}}, Transform<double>{{-3, 1.5}, {}}};
  const Motion<V2> slide{{6, 0}, 0};
  const CastResult<V2> sat = runCast(CastAlgorithm::DynamicSat, a, Motion<V2>{}, b, slide);
  ASSERT_EQ(sat.status, CastStatus::Hit);
  EXPECT_EQ(sat.fraction, 0.25);
  EXPECT_EQ(sat.normal, (V2{0, 1}));
  const CastResult<V2> toi = runCast(CastAlgorithm::TimeOfImpact, a, Motion<V2>{}, b, slide);
  ASSERT_EQ(toi.status, CastStatus::Hit);
  EXPECT_NEAR(dot(toi.normal, sat.normal), 1.0, 1e-9);
  // Nothing to reflect: B goes on as it was.
  const Impact<V2> impact = impactResponse(V2{}, 0.0, slide.velocity, 1.0, sat.normal, 0.6);
  EXPECT_EQ(impact.velocityB, slide.velocity);
  // A box entering along x at a height where both axes overlap keeps the entry axis.
  const Collider<double> low{Box<double>{{0.5, 0.5}}, Transform<double>{{-3, 0.5}, {}}};
  EXPECT_EQ(runCast(CastAlgorithm::DynamicSat, a, Motion<V2>{}, low, slide).normal, (V2{-1, 0}));
}

// A point is an aabb of zero size (review s31 A9: it was refused as "no finite set of axes", while query's sat takes
// it): against a turned box, a polygon, a segment, another point, and in space a hull, a triangle and a segment, its
// first contact is the ray cast's (the point as the ray), and the linear cast's.
TEST(DynamicSat, APointMeetsWhatTheRayMeets) {
  SplitMix64 random{47};
  const auto agree = [](const auto& point, const auto& motion, const auto& other, const char* what, int i) {
    using Motion = std::decay_t<decltype(motion)>;
    EXPECT_FALSE(castRefusal(CastAlgorithm::DynamicSat, point, motion, other, Motion{})) << what;
    EXPECT_FALSE(castRefusal(CastAlgorithm::DynamicSat, other, Motion{}, point, motion)) << what;
    const auto sat = runCast(CastAlgorithm::DynamicSat, point, motion, other, Motion{});
    const auto ray = runCast(CastAlgorithm::Ray, point, motion, other, Motion{});
    ASSERT_NE(sat.status, CastStatus::InvalidInput) << what << " " << i;
    ASSERT_EQ(sat.hit, ray.hit) << what << " " << i;
    if (sat.status == CastStatus::Hit && ray.status == CastStatus::Hit) {
      EXPECT_NEAR(sat.fraction, ray.fraction, 1e-9) << what << " " << i;
      EXPECT_NEAR(dot(sat.normal, ray.normal), 1.0, 1e-6) << what << " " << i;
    }
    // B moving instead of A: the same time.
    const auto swapped = runCast(CastAlgorithm::DynamicSat, other, Motion{}, point, motion);
    EXPECT_EQ(swapped.hit, sat.hit) << what << " " << i;
    if (swapped.hit) {
      EXPECT_NEAR(swapped.fraction, sat.fraction, 1e-9) << what << " " << i;
    }
  };
  // The review's pair: a point at the origin moving by (10, 0) meets the box [4, 6] x [-1, 1] at t = 0.4.
  const Collider<double> origin{Point<double>{}, {}};
  const CastResult<V2> review = runCast(CastAlgorithm::DynamicSat, origin, Motion<V2>{{10, 0}, 0},
                                        Collider<double>{Box<double>{{1, 1}}, {{5, 0}, {}}}, Motion<V2>{});
  ASSERT_EQ(review.status, CastStatus::Hit);
  EXPECT_DOUBLE_EQ(review.fraction, 0.4);
  EXPECT_EQ(review.normal, (V2{1, 0}));
  for (int i = 0; i < propertyPairs(200); ++i) {
    const Collider<double> point{Point<double>{}, {{random.uniform(-6, 6), random.uniform(-6, 6)}, {}}};
    const Motion<V2> motion{-2.0 * point.transform.p + V2{random.uniform(-2, 2), random.uniform(-2, 2)}, 0};
    agree(point, motion, Collider<double>{Box<double>{{random.uniform(0.2, 2), random.uniform(0.2, 2)}}, {{}, Rot<double>::fromAngle(random.angle())}}, "box", i);
    agree(point, motion, Collider<double>{*makePolygon<double>(std::vector<V2>{{-1, -1}, {2, -0.5}, {0.5, 1.5}}).polygon, {{}, Rot<double>::fromAngle(random.angle())}}, "polygon", i);
  }
  // Points and segments have no area: a point moving along x through another, or through a segment's middle.
  agree(Collider<double>{Point<double>{}, {{-3, 0}, {}}}, Motion<V2>{{6, 0}, 0}, origin, "point", 0);
  agree(Collider<double>{Point<double>{}, {{0, -3}, {}}}, Motion<V2>{{0, 6}, 0},
        Collider<double>{Segment<double>{{-1, 0}, {1, 0}}, {}}, "segment", 0);
  // In space: against a triangle and a segment its own axes crossed with their edges separate it (the other's
  // faces alone would not, in the triangle's plane or around the segment).
  const Collider3<double> triangle{Triangle3<double>{{0, 0, 0}, {2, 0, 0}, {0, 2, 0}}, {}};
  agree(Collider3<double>{Point3<double>{}, {{3, 3, 0}, {}}}, Motion<V3>{{-3, -3, 0}, {}}, triangle, "triangle, in its plane", 0);
  agree(Collider3<double>{Point3<double>{}, {{3, 0.5, 0}, {}}}, Motion<V3>{{-6, 0, 0}, {}}, triangle, "triangle, through its edge", 0);
  agree(Collider3<double>{Point3<double>{}, {{1.5, 1.5, 0}, {}}}, Motion<V3>{{6, 6, 0}, {}}, triangle, "triangle, leaving", 0);
  const Collider3<double> segment{Segment3<double>{{-1, 0, 0}, {1, 0, 0}}, {}};
  agree(Collider3<double>{Point3<double>{}, {{0.5, -3, 0}, {}}}, Motion<V3>{{0, 6, 0}, {}}, segment, "segment", 0);
  agree(Collider3<double>{Point3<double>{}, {{0.5, -3, 0.1}, {}}}, Motion<V3>{{0, 6, 0}, {}}, segment, "segment, passing", 0);
  for (int i = 0; i < propertyPairs(100); ++i) {
    const Collider3<double> point{Point3<double>{}, {{random.uniform(-6, 6), random.uniform(-6, 6), random.uniform(-6, 6)}, {}}};
    const Motion<V3> motion{-2.0 * point.transform.p + V3{random.uniform(-2, 2), random.uniform(-2, 2), random.uniform(-2, 2)}, {}};
    agree(point, motion, Collider3<double>{boxHull({random.uniform(0.2, 2), random.uniform(0.2, 2), random.uniform(0.2, 2)}),
                                           Transform3<double>{{}, Quat<double>::fromEuler(random.angle(), random.angle(), random.angle())}},
          "hull", i);
  }
}

// What dynamic SAT refuses it names by type, with the casts that take it.
TEST(DynamicSat, ACurvedShapeIsRefusedByName) {
  const auto curved = castRefusal(CastAlgorithm::DynamicSat, Collider<double>{Circle<double>{{}, 1}, {}}, Motion<V2>{},
                                  Collider<double>{Point<double>{}, {}}, Motion<V2>{{1, 0}, 0});
  ASSERT_TRUE(curved);
  EXPECT_EQ(curved->reason, "dynamic-sat takes polytopes only (point, segment, aabb, box, polygon); a circle has a curved "
                            "boundary and no finite set of axes (linear and toi take it)");
  const auto sphere = castRefusal(CastAlgorithm::DynamicSat, Collider3<double>{Point3<double>{}, {}}, Motion<V3>{},
                                  Collider3<double>{Sphere<double>{{}, 1}, {}}, Motion<V3>{});
  ASSERT_TRUE(sphere);
  EXPECT_EQ(sphere->subject, CastSubject::ShapeB);
  EXPECT_NE(sphere->reason.find("a sphere has a curved surface"), std::string::npos) << sphere->reason;
}

TEST(DynamicSat, BoxesAndHullsInSpaceAgreeWithTheLinearCast) {
  SplitMix64 random{31};
  for (int i = 0; i < propertyPairs(100); ++i) {
    const Collider3<double> a{Box3<double>{{random.uniform(0.2, 2), random.uniform(0.2, 2), random.uniform(0.2, 2)}},
                              Transform3<double>{{random.uniform(-8, 8), random.uniform(-8, 8), random.uniform(-8, 8)},
                                                 Quat<double>::fromEuler(random.angle(), random.angle(), random.angle())}};
    const Collider3<double> b{boxHull({random.uniform(0.2, 2), random.uniform(0.2, 2), random.uniform(0.2, 2)}),
                              Transform3<double>{{0, 0, 0}, Quat<double>::fromEuler(random.angle(), random.angle(), random.angle())}};
    const Motion<V3> motion{-2.0 * a.transform.p + V3{random.uniform(-2, 2), random.uniform(-2, 2), random.uniform(-2, 2)}, {}};
    const CastResult<V3> sat = runCast(CastAlgorithm::DynamicSat, a, motion, b, Motion<V3>{});
    const CastResult<V3> linear = runCast(CastAlgorithm::Linear, a, motion, b, Motion<V3>{});
    ASSERT_EQ(sat.hit, linear.hit) << "pair " << i;
    if (sat.status == CastStatus::Hit) {
      EXPECT_NEAR(sat.fraction, linear.fraction, 1e-9) << "pair " << i;
      EXPECT_TRUE(finite(sat));
    }
  }
}

TEST(DynamicSat, BoxesMeetingHullsWhereTheLinearCastStalledAgree) {
  // Pairs of BoxesAndHullsInSpaceAgreeWithTheLinearCast at 100,000 pairs. Dynamic SAT's times are exact (the slab
  // intervals of 15 axes). The linear cast's supports stopped changing the simplex while |v| was still above the
  // tolerance (6.1e-13 and 7.4e-13), rounding making v's direction too noisy to certify the last plane:
  //   1805: the ray's point 4.9 units out, |v| stuck at 1.4e-12; each support was dropped and the step repeated up
  //         to the cap (max_iterations: no hit);
  //   10739: a support already held at |v| = 1.7e-8, taken as the contact: t 1.25e-9 early.
  // The plane test along the simplex face's own normal reaches both times. And once B's rotation became a matrix
  // (support.h), rounding differently:
  //   87219: |v| stuck at 1.27e-12 with two supports on one face of A - B replacing each other, v the same to the
  //          last bit, up to the cap; a support the last reduction dropped now counts as a stall.
  struct Case {
    int pair;
    V3 halfA, positionA;
    Quat<double> rotationA;
    V3 halfB;
    Quat<double> rotationB;
    V3 velocityA;
    double exact;
  };
  const Case cases[] = {
      {1805, {0.66570217902969597, 1.0564986297158341, 1.7912880025007907},
       {-5.479786019749854, 5.4440404586429381, 0.83173836496683862},
       {-0.68350762972141588, -0.7014706026114218, -0.0920415406498796, 0.17967934934036633},
       {0.54763672605917546, 1.3952671299569908, 0.9385757136393269},
       {0.72894602285069088, 0.17205182077640324, -0.4741709488704669, 0.46281505807932155},
       {11.043731979748582, -9.7089947851319174, -2.8567298738641789}, 0.327968809898745},
      {10739, {1.3501971972600428, 0.90688170214021158, 1.5830700886349109},
       {7.4756032335917055, 2.6066553082815691, -0.056603989906811591},
       {0.22472963839653728, -0.078314001199335542, -0.54701905029606324, 0.80257938265040485},
       {1.6193779693770032, 1.91547289754578, 0.7756643521089468},
       {-0.120212331691345, 0.62621101609583563, 0.13947261338618558, 0.75759893660483624},
       {-13.3555718082215, -5.3491145505759787, 1.5291205776511188}, 0.40957655382985},
      {87219, {0.62027539497205442, 0.627297829600861, 0.94710857738397736},
       {-1.7453875951874611, 7.3215636663743773, -6.0803785524439906},
       {-0.41045467146932474, -0.38878723936076398, -0.82484631596834912, 1.4583793862932293e-05},
       {1.0485200787470785, 1.7718634716259991, 0.30341908347698243},
       {0.023473767558860839, 0.85280899990534842, 0.071401287650587869, 0.51678588219771449},
       {4.7132087080336333, -13.824665959370609, 12.149110697238623}, 0.370051251019839},
  };
  for (const Case& c : cases) {
    const Collider3<double> a{Box3<double>{c.halfA}, Transform3<double>{c.positionA, c.rotationA}};
    const Collider3<double> b{boxHull(c.halfB), Transform3<double>{{0, 0, 0}, c.rotationB}};
    const Motion<V3> motion{c.velocityA, {}};
    const CastResult<V3> sat = runCast(CastAlgorithm::DynamicSat, a, motion, b, Motion<V3>{});
    const CastResult<V3> linear = runCast(CastAlgorithm::Linear, a, motion, b, Motion<V3>{});
    ASSERT_EQ(sat.status, CastStatus::Hit) << "pair " << c.pair;
    ASSERT_EQ(linear.status, CastStatus::Hit) << "pair " << c.pair;
    EXPECT_LT(linear.iterations, 16) << "pair " << c.pair;
    EXPECT_NEAR(sat.fraction, c.exact, 1e-12) << "pair " << c.pair;
    EXPECT_NEAR(linear.fraction, sat.fraction, 1e-12) << "pair " << c.pair;
    EXPECT_NEAR(dot(linear.normal, sat.normal), 1.0, 1e-9) << "pair " << c.pair;
    EXPECT_TRUE(finite(linear)) << "pair " << c.pair;
  }
}

// [SECTION] Moving spheres and response

TEST(MovingSpheres, TheQuadraticAndItsStepsAreTraced) {
  CastRecorder<V2> trace;
  const CastResult<V2> hit =
      movingSpheres(V2{-5, 0.3}, 1.0, V2{10, 0}, V2{}, 1.0, V2{}, CastOptions{}, trace);
  ASSERT_EQ(hit.status, CastStatus::Hit);
  expectRelative(hit.fraction, (5 - std::sqrt(4 - 0.09)) / 10, 1e-14, "fraction");
  ASSERT_EQ(trace.sweep.size(), 3u);
  EXPECT_EQ(trace.sweep[0].part, SweepPart::RelativeMotion);
  EXPECT_EQ(trace.sweep[1].part, SweepPart::MinkowskiSum);
  EXPECT_EQ(trace.sweep[1].radius, 2.0);
  const SweepStep<V2>& quadratic = trace.sweep[2];
  EXPECT_EQ(quadratic.a, 100.0);
  EXPECT_EQ(quadratic.b, -50.0);
  EXPECT_NEAR(quadratic.c, 25.09 - 4.0, 1e-12);
  EXPECT_EQ(quadratic.root0, hit.fraction);
  EXPECT_GT(quadratic.root1, quadratic.root0);
  // Head on, both moving: the relative motion closes 8 of 10 between centres 10 apart: t = 8 / 12... exactly.
  NoTrace none;
  const CastResult<V2> headOn = movingSpheres(V2{-5, 0}, 1.0, V2{6, 0}, V2{5, 0}, 1.0, V2{-6, 0}, CastOptions{}, none);
  EXPECT_DOUBLE_EQ(headOn.fraction, 8.0 / 12.0);
  EXPECT_EQ(headOn.normal, (V2{1, 0}));
}

TEST(MovingSpheres, PlanePolygonAndTriangleParts) {
  NoTrace none;
  const CastResult<V3> plane = movingSphereVsPlane(V3{0, 0, 5}, 1.0, V3{0, 0, -8}, V3{0, 0, 1}, 0.0, none);
  EXPECT_EQ(plane.fraction, 0.5);
  EXPECT_EQ(plane.normal, (V3{0, 0, -1}));
  // The triangle's face, then an edge, then a vertex.
  const V3 ta{0, 0, 0}, tb{4, 0, 0}, tc{0, 4, 0};
  CastRecorder<V3> faceTrace;
  const CastResult<V3> face = movingSphereVsTriangle(V3{1, 1, 5}, 1.0, V3{0, 0, -8}, ta, tb, tc, CastOptions{}, faceTrace);
  EXPECT_EQ(face.fraction, 0.5);
  ASSERT_EQ(faceTrace.sweep.size(), 1u);
  EXPECT_EQ(faceTrace.sweep[0].part, SweepPart::Face);
  CastRecorder<V3> edgeTrace;
  const CastResult<V3> edge = movingSphereVsTriangle(V3{2, -1, 5}, 0.5, V3{0, 0, -10}, ta, tb, tc, CastOptions{}, edgeTrace);
  ASSERT_EQ(edge.status, CastStatus::Miss);  // passes 1 from the edge with radius 0.5
  const CastResult<V3> edgeHit = movingSphereVsTriangle(V3{2, -0.3, 5}, 0.5, V3{0, 0, -10}, ta, tb, tc, CastOptions{}, none);
  expectRelative(edgeHit.fraction, (5 - std::sqrt(0.25 - 0.09)) / 10, 1e-12, "edge");
  const CastResult<V3> vertex = movingSphereVsTriangle(V3{-0.3, -0.3, 5}, 0.5, V3{0, 0, -10}, ta, tb, tc, CastOptions{}, none);
  expectRelative(vertex.fraction, (5 - std::sqrt(0.25 - 0.18)) / 10, 1e-12, "vertex");
  // A circle against a square's face and corner.
  const Polygon<double> square = regularPolygon(4, std::sqrt(2.0));  // corners at (+-sqrt2, 0), (0, +-sqrt2)
  const CastResult<V2> corner = movingCircleVsPolygon(V2{-5, 0}, 0.5, V2{10, 0}, square.vertices.data(),
                                                      square.normals.data(), 4, CastOptions{}, none);
  expectRelative(corner.fraction, (5 - std::sqrt(2.0) - 0.5) / 10, 1e-12, "corner");
}

// Every piece's part carries where the centre enters its surface as t, with hit saying whether that is on the piece:
// past corner a the face's plane and the cylinders of edges ab and ca are met outside the triangle (the face kept
// its t with hit false while the edges' t was NaN beside their roots: newcomer review s30, B4), vertex a's sphere is
// the contact, and edge bc's cylinder is never met.
TEST(MovingSpheres, EachTrianglePieceKeepsTheTimeItIsMetEvenOutsideThePiece) {
  const V3 ta{0, 0, 0}, tb{4, 0, 0}, tc{0, 4, 0};
  CastRecorder<V3> trace;
  const CastResult<V3> vertex = movingSphereVsTriangle(V3{-0.3, -0.3, 5}, 0.5, V3{0, 0, -10}, ta, tb, tc, CastOptions{}, trace);
  ASSERT_TRUE(vertex.hit);
  ASSERT_EQ(trace.sweep.size(), 7u);  // the face, edges ab, bc, ca, vertices a, b, c
  const auto& face = trace.sweep[0];
  EXPECT_EQ(face.part, SweepPart::Face);
  EXPECT_NEAR(face.t, 0.45, 1e-12);  // the plane lifted by 0.5, at z = 0.5
  EXPECT_FALSE(face.hit);
  for (const int edge : {0, 2}) {  // ab and ca: the cylinder at distance 0.5 from the line, z = 0.4
    const auto& s = trace.sweep[static_cast<std::size_t>(1 + edge)];
    EXPECT_EQ(s.part, SweepPart::Edge);
    EXPECT_EQ(s.index, edge);
    EXPECT_NEAR(s.t, 0.46, 1e-12) << "edge " << edge;
    EXPECT_EQ(s.t, s.root0);
    EXPECT_FALSE(s.hit) << "met past the edge's end a";
  }
  EXPECT_TRUE(std::isnan(trace.sweep[2].t)) << "edge bc is never met";
  EXPECT_FALSE(trace.sweep[2].hit);
  EXPECT_EQ(trace.sweep[4].part, SweepPart::Vertex);
  EXPECT_TRUE(trace.sweep[4].hit);
  EXPECT_EQ(trace.sweep[4].t, vertex.fraction);
}

TEST(Response, ReflectionSplitsNormalAndTangentialParts) {
  const Reflection<V2> bounce = reflect(V2{3, -4}, V2{0, 1}, 0.5);
  EXPECT_EQ(bounce.normalPart, (V2{0, -4}));
  EXPECT_EQ(bounce.tangentialPart, (V2{3, 0}));
  EXPECT_EQ(bounce.velocity, (V2{3, 2}));
  EXPECT_EQ(reflect(V2{3, -4}, V2{0, 1}, 1.0).velocity, (V2{3, 4}));
  EXPECT_EQ(reflect(V2{3, -4}, V2{0, 1}, 0.0).velocity, (V2{3, 0}));
  EXPECT_EQ(reflect(V2{3, 4}, V2{0, 1}, 1.0).velocity, (V2{3, 4})) << "leaving: unchanged";
  EXPECT_FALSE(reflect(V2{3, 4}, V2{0, 0}, 1.0).valid);
}

TEST(Response, TwoBodiesExchangeMomentumAlongTheNormal) {
  // Equal masses head on, elastic: the velocities swap; plastic: both move at the common velocity.
  const Impact<V2> elastic = impactResponse(V2{2, 0}, 1.0, V2{-1, 0}, 1.0, V2{1, 0}, 1.0);
  EXPECT_EQ(elastic.velocityA, (V2{-1, 0}));
  EXPECT_EQ(elastic.velocityB, (V2{2, 0}));
  EXPECT_DOUBLE_EQ(elastic.impulse, 3.0);
  const Impact<V2> plastic = impactResponse(V2{2, 0}, 1.0, V2{-1, 0}, 1.0, V2{1, 0}, 0.0);
  EXPECT_EQ(plastic.velocityA, (V2{0.5, 0}));
  EXPECT_EQ(plastic.velocityB, (V2{0.5, 0}));
  // Unequal masses, oblique, e = 0.5: Newton's law on the normal parts, momentum kept, tangential parts untouched.
  SplitMix64 random{9};
  for (int i = 0; i < 200; ++i) {
    const V2 va{random.uniform(-5, 5), random.uniform(-5, 5)};
    const V2 vb{random.uniform(-5, 5), random.uniform(-5, 5)};
    const V2 n = normalize(V2{random.uniform(-1, 1), random.uniform(-1, 1)});
    const double massA = random.uniform(0.1, 10), massB = random.uniform(0.1, 10), e = random.uniform(0, 1);
    const Impact<V2> r = impactResponse(va, 1 / massA, vb, 1 / massB, n, e);
    ASSERT_TRUE(r.valid);
    const double closing = dot(va - vb, n);
    if (closing <= 0) {
      EXPECT_EQ(r.velocityA, va) << "separating: unchanged";
      EXPECT_EQ(r.velocityB, vb);
      continue;
    }
    EXPECT_NEAR(dot(r.velocityA - r.velocityB, n), -e * closing, 1e-12);
    const V2 momentum = massA * va + massB * vb - (massA * r.velocityA + massB * r.velocityB);
    EXPECT_LT(length(momentum), 1e-11);
    EXPECT_NEAR(cross(r.velocityA - va, n), 0.0, 1e-12) << "A's tangential part kept";
    EXPECT_NEAR(cross(r.velocityB - vb, n), 0.0, 1e-12) << "B's tangential part kept";
  }
  // An immovable A (inverse mass 0) is the wall of reflect(): B's velocity reflected about -n.
  const Impact<V2> wall = impactResponse(V2{}, 0.0, V2{-3, 4}, 1.0, V2{1, 0}, 0.5);
  EXPECT_EQ(wall.velocityA, V2{});
  EXPECT_EQ(wall.velocityB, reflect(V2{-3, 4}, V2{1, 0}, 0.5).velocity);
  // Two immovable bodies, NaN, a negative inverse mass, a zero normal.
  EXPECT_EQ(impactResponse(V2{1, 0}, 0.0, V2{-1, 0}, 0.0, V2{1, 0}, 1.0).velocityA, (V2{1, 0}));
  EXPECT_FALSE(impactResponse(V2{std::nan(""), 0}, 1.0, V2{}, 1.0, V2{1, 0}, 1.0).valid);
  EXPECT_FALSE(impactResponse(V2{1, 0}, -1.0, V2{}, 1.0, V2{1, 0}, 1.0).valid);
  EXPECT_FALSE(impactResponse(V2{1, 0}, 1.0, V2{}, 1.0, V2{}, 1.0).valid);
}

// [SECTION] The dispatch: refusals, agreement, traces

TEST(CastQuery, RefusalsNameTheMotionOrShape) {
  const Collider<double> point{Point<double>{}, {}};
  const Collider<double> circle{Circle<double>{}, {{5, 0}, {}}};
  const Collider<double> aabb{Aabb<double>{}, {}};
  const auto linearTurn = castRefusal(CastAlgorithm::Linear, circle, Motion<V2>{{}, 1.0}, circle, Motion<V2>{});
  ASSERT_TRUE(linearTurn);
  EXPECT_EQ(linearTurn->subject, CastSubject::MotionA);
  EXPECT_EQ(linearTurn->field, "angular_velocity");
  const auto aabbTurn = castRefusal(CastAlgorithm::TimeOfImpact, circle, Motion<V2>{}, aabb, Motion<V2>{{}, 1.0});
  ASSERT_TRUE(aabbTurn);
  EXPECT_EQ(aabbTurn->subject, CastSubject::MotionB);
  const auto noRay = castRefusal(CastAlgorithm::Ray, circle, Motion<V2>{}, circle, Motion<V2>{});
  ASSERT_TRUE(noRay);
  EXPECT_EQ(noRay->subject, CastSubject::Pair);
  const auto curved = castRefusal(CastAlgorithm::DynamicSat, circle, Motion<V2>{}, aabb, Motion<V2>{});
  ASSERT_TRUE(curved);
  EXPECT_EQ(curved->subject, CastSubject::ShapeA);
  EXPECT_FALSE(castRefusal(CastAlgorithm::Ray, point, Motion<V2>{{10, 0}, 0}, circle, Motion<V2>{}));
  EXPECT_EQ(runCast(CastAlgorithm::Ray, circle, Motion<V2>{}, circle, Motion<V2>{}).status, CastStatus::InvalidInput);
  const auto nan = castRefusal(CastAlgorithm::Linear, circle, Motion<V2>{{std::nan(""), 0}, 0}, circle, Motion<V2>{});
  ASSERT_TRUE(nan);
  EXPECT_EQ(nan->field, "velocity");
}

TEST(CastQuery, EveryAlgorithmAgreesOnCircles) {
  const Collider<double> a{Circle<double>{{}, 1}, {{-5, 0.3}, {}}};
  const Collider<double> b{Circle<double>{{}, 1}, {}};
  const Motion<V2> ma{{10, 0}, 0};
  const double exact = (5 - std::sqrt(4 - 0.09)) / 10;
  for (const CastAlgorithm algorithm : {CastAlgorithm::Linear, CastAlgorithm::TimeOfImpact, CastAlgorithm::Analytic}) {
    const CastResult<V2> r = runCast(algorithm, a, ma, b, Motion<V2>{});
    ASSERT_EQ(r.status, CastStatus::Hit) << castAlgorithmInfo(algorithm).name;
    expectRelative(r.fraction, exact, 1e-10, "fraction");
  }
  // A ray (a point) against the circle grown by nothing: the ray at height 0.3 meets radius 1.
  const Collider<double> ray{Point<double>{}, {{-5, 0.3}, {}}};
  const CastResult<V2> hit = runCast(CastAlgorithm::Ray, ray, ma, b, Motion<V2>{});
  expectRelative(hit.fraction, (5 - std::sqrt(1 - 0.09)) / 10, 1e-12, "ray");
  EXPECT_GT(hit.normal.x, 0.0) << "from A (the ray) toward B";
  // The ray as B: the same contact, the normal from A (the circle) toward B (the ray).
  const CastResult<V2> flipped = runCast(CastAlgorithm::Ray, b, Motion<V2>{}, ray, ma);
  EXPECT_EQ(flipped.fraction, hit.fraction);
  EXPECT_EQ(flipped.normal, -hit.normal);
}

TEST(CastQuery, RecordedRunsEqualUnrecordedBitForBit) {
  SplitMix64 random{41};
  for (int i = 0; i < 50; ++i) {
    const Collider<double> a{randomPolygon<double>(random, 8, 1.0), randomPose<double>(random, 3)};
    const Collider<double> b{randomCapsule<double>(random, 1.0), randomPose<double>(random, 3)};
    const Motion<V2> ma{{random.uniform(-6, 6), random.uniform(-6, 6)}, random.uniform(-3, 3)};
    for (const CastAlgorithm algorithm : {CastAlgorithm::Linear, CastAlgorithm::TimeOfImpact}) {
      const Motion<V2> motion = algorithm == CastAlgorithm::Linear ? Motion<V2>{ma.velocity, 0} : ma;
      CastRecorder<V2> trace;
      const CastResult<V2> plain = runCast(algorithm, a, motion, b, Motion<V2>{});
      const CastResult<V2> traced = runCast(algorithm, a, motion, b, Motion<V2>{}, {}, &trace);
      EXPECT_TRUE(test::sameBits(plain.fraction, traced.fraction));
      EXPECT_TRUE(test::sameBits(plain.normal, traced.normal));
      // One step per support point of A - B (linear) or per advancement (time of impact).
      const std::size_t steps = algorithm == CastAlgorithm::Linear ? trace.ray.size() : trace.advance.size();
      EXPECT_EQ(plain.iterations, static_cast<int>(steps));
      if (algorithm == CastAlgorithm::Linear && !trace.ray.empty()) {
        // The last step's witnesses are the contact's: their midpoint is the result's point, their gap the target.
        const RayCastStep<V2>& last = trace.ray.back();
        if (plain.status == CastStatus::Hit) {
          EXPECT_LT(length(0.5 * (last.pointA + last.pointB) - plain.point), 1e-9);
          EXPECT_LT(length(last.pointB - last.pointA), 1e-9);
        }
      }
    }
  }
}

TEST(CastQuery, ClosedFormRayCastsRecordTheirStagesInTheWorld) {
  const V2 origin{-5, 1.2};
  const Motion<V2> travel{{16, 0.5}, 0};
  const Collider<double> ray{Point<double>{}, {origin, {}}};
  const Transform<double> pose = Transform<double>::fromPose({3, 1}, 0.4);
  const std::vector<Collider<double>> targets = {{Box<double>{{1, 0.5}}, pose},
                                                 {regularPolygon(6, 1.0), pose},
                                                 {Circle<double>{{0.2, 0}, 0.7}, pose},
                                                 {Capsule<double>{{-1, 0}, {1, 0}, 0.4}, pose},
                                                 {Capsule<double>{{0, -1}, {0, 1}, 0.3}, pose}};
  for (std::size_t i = 0; i < targets.size(); ++i) {
    CastRecorder<V2> trace;
    const CastResult<V2> plain = runCast(CastAlgorithm::Ray, ray, travel, targets[i], Motion<V2>{});
    const CastResult<V2> traced = runCast(CastAlgorithm::Ray, ray, travel, targets[i], Motion<V2>{}, {}, &trace);
    ASSERT_EQ(plain.status, CastStatus::Hit) << "target " << i;
    EXPECT_TRUE(test::sameBits(plain.fraction, traced.fraction)) << "target " << i;
    EXPECT_TRUE(test::sameBits(plain.normal, traced.normal)) << "target " << i;
    EXPECT_TRUE(trace.ray.empty()) << "a closed form, not the GJK ray cast";
    if (i < 2) {
      // Slabs (2) or face planes (6), in the world: the ray's point projects where its world origin does, and the
      // last clipped interval starts at the hit.
      ASSERT_EQ(trace.axes.size(), i == 0 ? 2u : 6u);
      for (const SweptAxisStep<V2>& step : trace.axes) {
        EXPECT_NEAR(step.minB, dot(step.axis, origin), 1e-12);
        EXPECT_EQ(step.minB, step.maxB);
        EXPECT_NEAR(step.speed, dot(step.axis, travel.velocity), 1e-12);
        EXPECT_FALSE(step.earlyExit);
      }
      EXPECT_EQ(trace.axes.back().first, plain.fraction);
    } else {
      // A circle's quadratic, or a capsule's side then (when the side misses) its caps: one piece hits at t.
      ASSERT_EQ(trace.sweep.size(), i == 2 ? 1u : (trace.sweep.front().hit ? 1u : 3u)) << "target " << i;
      int hits = 0;
      for (const SweepStep<V2>& step : trace.sweep) {
        EXPECT_NEAR(length(step.start - origin), 0.0, 1e-12) << "the ray's origin, in the world";
        if (step.hit && step.t == plain.fraction) ++hits;
      }
      EXPECT_GE(hits, 1) << "target " << i;
    }
  }
}

TEST(CastQuery, SegmentAndTriangleRayCastsRecordTheirCrossing) {
  // The segment's and the triangle's closed forms record one face step each (the radius-0 face of the moving-sphere
  // tests): the ray's signed distances from the line or plane at t = 0 and t = 1, and the crossing time, equal bit
  // for bit to the unrecorded answer's fraction on a hit.
  const Transform<double> pose = Transform<double>::fromPose({3, 1}, 0.4);
  struct Case2 {
    const char* name;
    Collider<double> target;
    V2 origin, travel;
    CastStatus status;
    bool crossesLine;  // within [0, 1], wherever along the line
  };
  const std::vector<Case2> plane = {
      {"across the segment", {Segment<double>{{-1, 0}, {1, 0.5}}, pose}, {-1, 4}, {7, -6}, CastStatus::Hit, true},
      {"across the line, past an end", {Segment<double>{{-1, 0}, {1, 0.5}}, pose}, {-4, 4}, {3, -7}, CastStatus::Miss, true},
      {"short of the line", {Segment<double>{{-1, 0}, {1, 0.5}}, pose}, {-1, 4}, {0.5, -0.5}, CastStatus::Miss, false},
      {"a capsule of radius 0", {Capsule<double>{{0, -1}, {0, 1}, 0}, pose}, {-3, 0.5}, {8, 0.3}, CastStatus::Hit, true},
      {"along the line", {Segment<double>{{-1, 0}, {1, 0}}, Transform<double>::identity()}, {-4, 0}, {5, 0}, CastStatus::Hit, true},
      {"parallel beside it", {Segment<double>{{-1, 0}, {1, 0}}, Transform<double>::identity()}, {-4, 1}, {5, 0}, CastStatus::Miss, false},
  };
  for (const Case2& c : plane) {
    const Collider<double> ray{Point<double>{}, {c.origin, {}}};
    CastRecorder<V2> trace;
    const CastResult<V2> unrecorded = runCast(CastAlgorithm::Ray, ray, Motion<V2>{c.travel, 0}, c.target, Motion<V2>{});
    const CastResult<V2> recorded = runCast(CastAlgorithm::Ray, ray, Motion<V2>{c.travel, 0}, c.target, Motion<V2>{}, {}, &trace);
    ASSERT_EQ(unrecorded.status, c.status) << c.name;
    EXPECT_EQ(recorded.status, unrecorded.status) << c.name;
    EXPECT_TRUE(test::sameBits(recorded.fraction, unrecorded.fraction)) << c.name;
    EXPECT_TRUE(test::sameBits(recorded.point, unrecorded.point)) << c.name;
    EXPECT_TRUE(test::sameBits(recorded.normal, unrecorded.normal)) << c.name;
    EXPECT_TRUE(trace.ray.empty() && trace.axes.empty()) << c.name;
    ASSERT_EQ(trace.sweep.size(), 1u) << c.name;
    const SweepStep<V2>& step = trace.sweep.front();
    EXPECT_EQ(step.part, SweepPart::Face) << c.name;
    EXPECT_EQ(step.radius, 0.0) << c.name;
    EXPECT_NEAR(length(step.start - c.origin), 0.0, 1e-12) << c.name << ": the ray's origin, in the world";
    EXPECT_NEAR(length(step.motion - c.travel), 0.0, 1e-12) << c.name;
    EXPECT_EQ(step.hit, unrecorded.hit) << c.name;
    EXPECT_EQ(std::isfinite(step.t), c.crossesLine) << c.name;
    if (unrecorded.hit) {
      EXPECT_TRUE(test::sameBits(step.t, unrecorded.fraction)) << c.name;
    }
    if (c.crossesLine && step.startDistance != step.endDistance) {
      // The crossing interpolates the signed distances (Ericson 5.5.3's plane test).
      EXPECT_NEAR(step.t, step.startDistance / (step.startDistance - step.endDistance), 1e-12) << c.name;
    } else if (!c.crossesLine && step.startDistance == step.endDistance) {
      EXPECT_NE(step.startDistance, 0.0) << c.name << ": parallel beside the line, not on it";
    }
  }
  struct Case3 {
    const char* name;
    V3 origin, travel;
    CastStatus status;
    bool crossesPlane;
  };
  const Collider3<double> triangle{Triangle3<double>{},
                                   Transform3<double>{{1, 2, 3}, Quat<double>::fromEuler(0.3, -0.2, 0.5)}};
  const V3 center = placement(triangle).apply(V3{0, 0, -1.0 / 3.0});
  const V3 up = placement(triangle).q.apply(V3{0, 1, 0});
  const V3 side = placement(triangle).q.apply(V3{1, 0, 0});
  const std::vector<Case3> space = {
      {"through the triangle", center + 2.0 * up + 0.3 * side, -4.0 * up, CastStatus::Hit, true},
      {"through the plane beside it", center + 2.0 * up + 3.0 * side, -4.0 * up, CastStatus::Miss, true},
      {"short of the plane", center + 2.0 * up, -1.0 * up, CastStatus::Miss, false},
  };
  for (const Case3& c : space) {
    const Collider3<double> ray{Point3<double>{}, {c.origin, {}}};
    CastRecorder<V3> trace;
    const CastResult<V3> unrecorded = runCast(CastAlgorithm::Ray, ray, Motion<V3>{c.travel, {}}, triangle, Motion<V3>{});
    const CastResult<V3> recorded = runCast(CastAlgorithm::Ray, ray, Motion<V3>{c.travel, {}}, triangle, Motion<V3>{}, {}, &trace);
    ASSERT_EQ(unrecorded.status, c.status) << c.name;
    EXPECT_EQ(recorded.status, unrecorded.status) << c.name;
    EXPECT_TRUE(test::sameBits(recorded.fraction, unrecorded.fraction)) << c.name;
    EXPECT_TRUE(trace.ray.empty() && trace.axes.empty()) << c.name;
    ASSERT_EQ(trace.sweep.size(), 1u) << c.name;
    const SweepStep<V3>& step = trace.sweep.front();
    EXPECT_EQ(step.part, SweepPart::Face) << c.name;
    EXPECT_NEAR(length(step.start - c.origin), 0.0, 1e-12) << c.name;
    EXPECT_NEAR(std::abs(step.startDistance), 2.0, 1e-12) << c.name << ": two units above the plane";
    EXPECT_EQ(step.hit, unrecorded.hit) << c.name;
    EXPECT_EQ(std::isfinite(step.t), c.crossesPlane) << c.name;
    if (unrecorded.hit) {
      EXPECT_TRUE(test::sameBits(step.t, unrecorded.fraction)) << c.name;
    }
    if (c.crossesPlane) {
      EXPECT_NEAR(step.t, 0.5, 1e-12) << c.name;
    }
  }
  // A ray in the triangle's plane: the closed form has no crossing and the GJK ray cast answers, with its own steps.
  CastRecorder<V3> inPlane;
  const CastResult<V3> grazing = runCast(CastAlgorithm::Ray, Collider3<double>{Point3<double>{}, {center - 3.0 * side, {}}},
                                         Motion<V3>{6.0 * side, {}}, triangle, Motion<V3>{}, {}, &inPlane);
  EXPECT_EQ(grazing.status, CastStatus::Hit);
  EXPECT_TRUE(inPlane.sweep.empty());
  EXPECT_FALSE(inPlane.ray.empty());
}

TEST(CastQuery, FloatCastsAgreeWithDouble) {
  const Collider<float> a{Box<float>{{1, 1}}, Transform<float>::fromPose({-5, 0.3f}, 0.2f)};
  const Collider<float> b{Box<float>{{0.5f, 2}}, Transform<float>::fromPose({0, 0}, -0.1f)};
  const Collider<double> ad{Box<double>{{1, 1}}, Transform<double>::fromPose({-5, 0.3f}, 0.2f)};
  const Collider<double> bd{Box<double>{{0.5, 2}}, Transform<double>::fromPose({0, 0}, -0.1f)};
  for (const CastAlgorithm algorithm : {CastAlgorithm::Linear, CastAlgorithm::TimeOfImpact, CastAlgorithm::DynamicSat}) {
    const float w = algorithm == CastAlgorithm::TimeOfImpact ? 1.0f : 0.0f;
    const CastResult<Vec2<float>> f = runCast(algorithm, a, Motion<Vec2<float>>{{10, 0}, w}, b, Motion<Vec2<float>>{});
    const CastResult<V2> d = runCast(algorithm, ad, Motion<V2>{{10, 0}, w}, bd, Motion<V2>{});
    ASSERT_EQ(f.status, CastStatus::Hit) << castAlgorithmInfo(algorithm).name;
    EXPECT_NEAR(f.fraction, d.fraction, 1e-4) << castAlgorithmInfo(algorithm).name;
  }
}

}  // namespace
}  // namespace collide
