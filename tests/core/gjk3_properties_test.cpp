// GJK in space against exact references (support/reference3.h), in double: the degenerate cases first, then random
// pairs per family (boxes, hulls of 8 to 32 points, spheres, capsules, cylinders, mixed) as a broad phase passes
// them (workloads/random_shapes3.h). For every pair:
//   distance     gjkDistance == the reference to 1e-9 relative (1e-9 * (1 + distance)): polytopes by brute force
//                over feature pairs of their brute-force hulls, round shapes by their cores (sphere-sphere,
//                sphere-capsule, capsule-capsule by segment-segment distance), a sphere and a cylinder by the
//                closed form; overlapping when the reference finds the cores meeting; a cylinder against anything
//                else by support widths (reference3.h): the slab gap along GJK's normal is a lower bound within
//                1e-3 relative, no sampled direction separates the shapes by more, the witnesses are inside;
//   boolean      gjkIntersect's hit == distance GJK's overlap, except within 1e-9 of touching;
//   trace        recorded == unrecorded, bit for bit, for both;
//   cap          every run stops with a reason within its cap, status Converged (cylinders included: a rim
//                against a rim ends by the tolerance on the supports' size, not by the cap).
// COLLIDE_PROPERTY_PAIRS=N sets the pairs per family (the nightly run: 100000; ctest label nightly).
//
// [SECTION] Helpers
// [SECTION] Degenerate cases
// [SECTION] Random pairs per family
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <numbers>
#include <string>
#include <variant>

#include "collide/gjk.h"
#include "collide/shapes3.h"
#include "support/core_test_support.h"
#include "support/reference3.h"
#include "workloads/random_shapes3.h"

namespace collide {
namespace {

using V = Vec3<double>;
using Pose = Transform3<double>;

// [SECTION] Helpers

constexpr double kRelative = 1e-9;

Pose at(double x, double y, double z, Quat<double> q = Quat<double>::identity()) { return {{x, y, z}, q}; }

int pairsPerFamily(int defaultCount) {
  const char* value = std::getenv("COLLIDE_PROPERTY_PAIRS");
  if (value == nullptr) return defaultCount;
  const int count = std::atoi(value);
  return count > 0 ? count : defaultCount;
}

bool sameBits(V a, V b) { return test::sameBits(a.x, b.x) && test::sameBits(a.y, b.y) && test::sameBits(a.z, b.z); }

// Both GJK queries on A (local) and B placed in A's frame, as the query layer runs them, each recorded and not.
struct Runs {
  DistanceResult<V> distance;
  GjkBooleanResult<V> boolean;
};

template <class A, class B>
Runs runBoth(const A& a, const Pose& poseA, const B& b, const Pose& poseB) {
  const Transformed<B> placedB{b, invMul(poseA, poseB)};
  const GjkOptions options;
  Runs runs{gjkDistance(a, placedB), gjkIntersect(a, placedB)};
  Recorder<GjkStep<V>> distanceTrace;
  const DistanceResult<V> recorded = gjkDistance(a, placedB, options, nullptr, distanceTrace);
  EXPECT_TRUE(test::sameBits(recorded.distance, runs.distance.distance) &&
              sameBits(recorded.pointA, runs.distance.pointA) && sameBits(recorded.pointB, runs.distance.pointB) &&
              sameBits(recorded.normal, runs.distance.normal) && recorded.overlap == runs.distance.overlap &&
              recorded.iterations == runs.distance.iterations && recorded.stop == runs.distance.stop)
      << "recorded distance differs";
  EXPECT_EQ(static_cast<int>(distanceTrace.steps.size()), runs.distance.iterations);
  if (!distanceTrace.steps.empty()) {
    EXPECT_EQ(distanceTrace.steps.back().stop, runs.distance.stop);
  }
  Recorder<GjkStep<V>> booleanTrace;
  const GjkBooleanResult<V> recordedBoolean = gjkIntersect(a, placedB, options, booleanTrace);
  EXPECT_TRUE(recordedBoolean.hit == runs.boolean.hit && recordedBoolean.iterations == runs.boolean.iterations &&
              recordedBoolean.stop == runs.boolean.stop)
      << "recorded boolean differs";
  // Every run stops with a reason within its cap.
  EXPECT_NE(runs.distance.stop, GjkStop::None);
  EXPECT_NE(runs.boolean.stop, GjkStop::None);
  EXPECT_LE(runs.distance.iterations, options.maxIterations);
  EXPECT_LE(runs.boolean.iterations, options.maxIterations);
  return runs;
}

// What a family run saw, printed once so a reader sees the mix the properties held over.
struct Tally {
  int separated = 0, overlapping = 0, touching = 0, certified = 0;
  int maxDistanceIterations = 0, maxBooleanIterations = 0;
  double worstRelativeError = 0;
  void print(const char* family) const {
    std::printf("[ %s ] %d separated, %d overlapping, %d within 1e-9 of touching, %d of them certified by support "
                "widths; max iterations: distance %d, boolean %d; worst relative distance error %.2g\n",
                family, separated, overlapping, touching, certified, maxDistanceIterations, maxBooleanIterations,
                worstRelativeError);
  }
};

// The properties for one pair against an exact reference.
void checkPair(const Runs& runs, const test::ReferenceDistance& reference, Tally& tally, const std::string& where) {
  const DistanceResult<V>& d = runs.distance;
  ASSERT_EQ(d.status, Status::Converged) << where << " stop " << stopName(d.stop);
  ASSERT_NE(runs.boolean.status, Status::InvalidInput) << where;
  EXPECT_FALSE(std::isnan(d.distance)) << where;
  tally.maxDistanceIterations = std::max(tally.maxDistanceIterations, d.iterations);
  tally.maxBooleanIterations = std::max(tally.maxBooleanIterations, runs.boolean.iterations);
  const double tolerance = kRelative * (1.0 + reference.distance);
  const bool touching = !reference.overlap && reference.distance <= tolerance;
  if (reference.overlap) {
    ++tally.overlapping;
    EXPECT_LE(d.distance, kRelative) << where << ": the reference finds the shapes overlapping";
  } else {
    touching ? ++tally.touching : ++tally.separated;
    EXPECT_NEAR(d.distance, reference.distance, tolerance) << where;
    if (reference.distance > 0)
      tally.worstRelativeError =
          std::max(tally.worstRelativeError, std::abs(d.distance - reference.distance) / (1.0 + reference.distance));
  }
  if (!touching) {
    EXPECT_EQ(runs.boolean.hit, d.overlap) << where << " distance " << d.distance << ", boolean stopped by "
                                           << stopName(runs.boolean.stop) << " after " << runs.boolean.iterations;
  }
}

// The properties for a pair without a closed form (a cylinder against a box, a capsule, a cylinder, a hull),
// certified by support widths in A's frame, where GJK ran (reference3.h, "Support widths"): separated, the slab
// gap along GJK's normal is a lower bound within kNormalCertificate of its distance (the witnesses' distance, an
// upper bound), no sampled direction separates by more, and each witness is inside its shape along every
// sampled direction; overlapping, no sampled direction separates them. The tally's error is the slab gap's.
constexpr double kNormalCertificate = 1e-3;

const std::vector<V>& certificateDirections() {
  static const std::vector<V> directions = test::sphereDirections(256);
  return directions;
}

template <class A, class B>
void checkCertified(const A& a, const Pose& poseA, const B& b, const Pose& poseB, Tally& tally, const std::string& where) {
  const Runs runs = runBoth(a, poseA, b, poseB);
  const DistanceResult<V>& d = runs.distance;
  ASSERT_EQ(d.status, Status::Converged) << where << " stop " << stopName(d.stop);
  ASSERT_NE(runs.boolean.status, Status::InvalidInput) << where;
  ASSERT_FALSE(std::isnan(d.distance)) << where;
  ++tally.certified;
  tally.maxDistanceIterations = std::max(tally.maxDistanceIterations, d.iterations);
  tally.maxBooleanIterations = std::max(tally.maxBooleanIterations, runs.boolean.iterations);
  const Pose local = at(0, 0, 0);
  const Pose placed = invMul(poseA, poseB);
  const double tolerance = kRelative * (1.0 + d.distance);
  const test::SampledBounds sampled = test::sampledBounds(a, local, b, placed, certificateDirections());
  EXPECT_LE(sampled.largestGap, d.distance + tolerance) << where << ": a sampled direction separates by more";
  const bool touching = !d.overlap && d.distance <= tolerance;
  if (d.overlap) {
    ++tally.overlapping;
  } else {
    touching ? ++tally.touching : ++tally.separated;
    // On a curve the normal converges as the square root of the distance (a direction off by t loses about
    // R t^2 / 2 of slab gap), so the gap along it certifies the distance to kNormalCertificate relative only.
    const double gap = test::slabGap(a, local, b, placed, d.normal);
    EXPECT_LE(gap, d.distance + tolerance) << where << ": the slab gap is a lower bound";
    EXPECT_NEAR(gap, d.distance, kNormalCertificate * (1.0 + d.distance)) << where << ": the slab gap along the normal";
    EXPECT_NEAR(length(d.pointB - d.pointA), d.distance, tolerance) << where;
    for (const V& n : certificateDirections()) {
      EXPECT_LE(dot(n, d.pointA), test::placedSupportHeight(a, local, n) + tolerance) << where << ": witness on A";
      EXPECT_LE(dot(n, d.pointB), test::placedSupportHeight(b, placed, n) + tolerance) << where << ": witness on B";
    }
    if (d.distance > 0)
      tally.worstRelativeError = std::max(tally.worstRelativeError, std::abs(gap - d.distance) / (1.0 + d.distance));
  }
  if (!touching) {
    EXPECT_EQ(runs.boolean.hit, d.overlap) << where << " distance " << d.distance << ", boolean stopped by "
                                           << stopName(runs.boolean.stop) << " after " << runs.boolean.iterations;
  }
}

template <class A, class B>
void checkPolytopes(const A& a, const Pose& poseA, const B& b, const Pose& poseB, Tally& tally,
                    const std::string& where) {
  const Runs runs = runBoth(a, poseA, b, poseB);
  const test::ReferenceDistance reference = test::referenceDistance(test::coreOf(a, poseA), test::coreOf(b, poseB));
  checkPair(runs, reference, tally, where);
}

// [SECTION] Degenerate cases

TEST(Gjk3Degenerate, IdenticalAndOffsetBoxesEndOnFewerThanFourPoints) {
  const Box3<double> box{{1, 1, 1}};
  for (const V offset : {V{0, 0, 0}, V{0.5, 0, 0}, V{0.5, 0.5, 0}, V{0.5, 0.5, 0.5}}) {
    const Runs runs = runBoth(box, at(0, 0, 0), box, at(offset.x, offset.y, offset.z));
    EXPECT_TRUE(runs.boolean.hit) << offset.x << " " << offset.y << " " << offset.z;
    EXPECT_EQ(runs.boolean.status, Status::Converged);
    EXPECT_TRUE(runs.distance.overlap);
    EXPECT_EQ(runs.distance.distance, 0.0);
    EXPECT_EQ(runs.distance.status, Status::Converged);
  }
}

// Face to face exactly (a hit: touching counts), edge to face and vertex to face (irrational reach, so within
// rounding of touching): the gap is below 1e-15 and the boolean agrees with the distance.
TEST(Gjk3Degenerate, TouchingFaceEdgeAndVertex) {
  const Box3<double> box{{1, 1, 1}};
  const Runs face = runBoth(box, at(0, 0, 0), box, at(2, 0.3, -0.2));
  EXPECT_TRUE(face.boolean.hit);
  EXPECT_TRUE(face.distance.overlap);
  const Quat<double> edgeFirst = Quat<double>::fromAxisAngle({0, 0, 1}, std::numbers::pi / 4);
  const Runs edge = runBoth(box, at(0, 0, 0), box, at(1 + std::sqrt(2.0), 0.2, 0, edgeFirst));
  EXPECT_LE(edge.distance.distance, 1e-15);
  if (!edge.distance.overlap) {
    EXPECT_FALSE(edge.boolean.hit);
  }
  // The corner (1, 1, 1) / sqrt(3) of B turned to face -x: rotate (1, 1, 1) onto (-1, 0, 0).
  const V from = normalize(V{1, 1, 1});
  const V to{-1, 0, 0};
  const Quat<double> vertexFirst = Quat<double>::fromAxisAngle(normalize(cross(from, to)), std::acos(dot(from, to)));
  const Runs vertex = runBoth(box, at(0, 0, 0), box, at(1 + std::sqrt(3.0), 0.1, 0.3, vertexFirst));
  EXPECT_LE(vertex.distance.distance, 1e-15);
  if (!vertex.distance.overlap) {
    EXPECT_FALSE(vertex.boolean.hit);
  }
  // Apart by 1e-9 along each: still separated, with that gap.
  const Runs apart = runBoth(box, at(0, 0, 0), box, at(2 + 1e-9, 0.3, -0.2));
  EXPECT_FALSE(apart.boolean.hit);
  EXPECT_NEAR(apart.distance.distance, 1e-9, 1e-15);
}

TEST(Gjk3Degenerate, SphereCentredOnABoxVertex) {
  const Box3<double> box{{1, 1, 1}};
  const Runs ball = runBoth(Sphere<double>{{}, 0.5}, at(1, 1, 1), box, at(0, 0, 0));
  EXPECT_TRUE(ball.boolean.hit);
  EXPECT_TRUE(ball.distance.overlap);
  const Runs point = runBoth(Sphere<double>{{}, 0.0}, at(1, 1, 1), box, at(0, 0, 0));
  EXPECT_TRUE(point.boolean.hit);
  EXPECT_EQ(point.distance.distance, 0.0);
  EXPECT_EQ(point.distance.status, Status::Converged);
}

// 1:1000: a small box and a small sphere beside a large box's face, edge and corner.
TEST(Gjk3Degenerate, SizeRatioOneToAThousand) {
  const Box3<double> large{{1000, 1000, 1000}};
  const Box3<double> small{{1, 1, 1}};
  const Quat<double> turned = Quat<double>::fromAxisAngle(normalize(V{1, 2, 3}), 0.4);
  for (const V where : {V{1000, 0, 0}, V{1000, 1000, 0}, V{1000, 1000, 1000}}) {
    const V direction = normalize(where);
    const V center = where + (0.5 + std::sqrt(3.0)) * direction;
    const Runs runs = runBoth(large, at(0, 0, 0), small, at(center.x, center.y, center.z, turned));
    const test::ReferenceDistance reference =
        test::referenceDistance(test::coreOf(large, at(0, 0, 0)), test::coreOf(small, at(center.x, center.y, center.z, turned)));
    ASSERT_FALSE(reference.overlap);
    EXPECT_NEAR(runs.distance.distance, reference.distance, kRelative * 1000) << where.x << " " << where.y;
    EXPECT_FALSE(runs.boolean.hit);
    const V sphereAt = where + 0.75 * direction;
    const Runs sphere = runBoth(Sphere<double>{{}, 0.001}, at(sphereAt.x, sphereAt.y, sphereAt.z), large, at(0, 0, 0));
    EXPECT_NEAR(sphere.distance.distance, 0.749, kRelative * 1000);
  }
}

// Cylinders whose closest features are flat or straight: cap to cap along one axis (faces parallel), side to side
// with parallel axes (two lines of the sides), and a unit cylinder beside and atop one a thousand times larger.
// Each has a closed form, each ends Converged, and the same pairs turned together give the same distance.
TEST(Gjk3Degenerate, CylindersEndToEndSideBySideAndOneToAThousand) {
  const Cylinder<double> unit{1.0, 0.5};
  const Cylinder<double> large{1000.0, 1000.0};
  const Cylinder<double> small{1.0, 1.0};
  const Quat<double> turned = Quat<double>::fromAxisAngle(normalize(V{1, 2, 3}), 0.7);
  struct Case {
    const char* name;
    const Cylinder<double>* a;
    const Cylinder<double>* b;
    V offset;   // B's centre when the gap is zero
    V apart;    // the unit direction the gap opens along
    double scale;
  };
  const Case cases[] = {
      {"end to end", &unit, &unit, {0.2, 2.0, -0.1}, {0, 1, 0}, 1.0},
      {"side to side", &unit, &unit, {1.0, 0.3, 0.0}, {1, 0, 0}, 1.0},
      {"1:1000 beside", &large, &small, {1001.0, 0.0, 0.0}, {1, 0, 0}, 1000.0},
      {"1:1000 atop", &large, &small, {3.0, 1001.0, -2.0}, {0, 1, 0}, 1000.0},
  };
  for (const Case& c : cases) {
    for (const double gap : {0.05, 1e-6, 0.0}) {
      for (const bool rotate : {false, true}) {
        const Quat<double> q = rotate ? turned : Quat<double>::identity();
        const V centre = q.apply(c.offset + gap * c.apart);
        const std::string where = std::string(c.name) + " gap " + std::to_string(gap) + (rotate ? " turned" : "");
        const Runs runs = runBoth(*c.a, at(0, 0, 0, q), *c.b, at(centre.x, centre.y, centre.z, q));
        EXPECT_EQ(runs.distance.status, Status::Converged) << where << " stop " << stopName(runs.distance.stop);
        EXPECT_NEAR(runs.distance.distance, gap, 1e-12 * c.scale) << where;
        if (gap > 0) {
          EXPECT_FALSE(runs.distance.overlap) << where;
          EXPECT_FALSE(runs.boolean.hit) << where;
          EXPECT_NEAR(dot(runs.distance.normal, c.apart), 1.0, 1e-9) << where;
        } else if (!rotate) {
          EXPECT_TRUE(runs.boolean.hit) << where << ": touching counts as a hit";
        }
      }
    }
  }
}

// Two rim-against-rim pairs from the nightly count ("cylinders batch 5 pair 434", "batch 7 pair 163"), B given in
// A's frame at full precision. Late in each run three supports crowd within 1e-6 on one rim and a fourth lies far
// along the other rim: every face of that tetrahedron but the tiny one has two long, nearly parallel edges, whose
// cross product is rounding noise at epsilon |ab| |ac|. The solver once read that noise as the sign of the
// opposite vertex, tried only the tiny face, and returned its vertex (0.415 for a 0.2755 gap, 0.277 for 0.2531):
// a wrong normal and a distance too large, ended as NoProgress. The tetrahedron contains the triangle it grew
// from, so its closest point is never farther; each run ends Converged with the support-width certificate.
TEST(Gjk3Degenerate, RimAgainstRimSliverTetrahedra) {
  struct Case {
    const char* name;
    Cylinder<double> a, b;
    Pose bInA;
    double lowerBound;  // the largest gap over 4096 sampled directions
    double distance;    // GJK's, certified by checkCertified (the slab gap along its normal within 1e-3)
  };
  const Case cases[] = {
      {"cylinders batch 5 pair 434",
       {0.84910948672911402, 0.37993837381163209},
       {0.90838031072504855, 0.87751715618122672},
       {{1.2709451735138919, 1.0130000657283347, 1.0470513767908265},
        {0.8379300331781101, 0.40252720657366498, 0.25543445552099808, -0.2657034933884474}},
       0.27176908227563279, 0.27554224926611809},
      {"cylinders batch 7 pair 163",
       {0.49447947877492865, 0.65606968586858083},
       {0.52102936539407962, 0.66060740525663175},
       {{-0.63446505505379447, 1.0463306459253912, 1.3163472662961555},
        {-0.1244598041742021, -0.18606372881239347, 0.45381455602110016, 0.86252095319981603}},
       0.25299889876605541, 0.25313433776919736},
  };
  for (const Case& c : cases) {
    Tally tally;
    checkCertified(c.a, at(0, 0, 0), c.b, c.bInA, tally, c.name);
    const DistanceResult<V> d = gjkDistance(c.a, Transformed<Cylinder<double>>{c.b, c.bInA});
    EXPECT_FALSE(d.overlap) << c.name;
    // Not the vertex the sliver gave (0.415, 0.277): the witnesses' distance, above every sampled gap.
    EXPECT_GE(d.distance, c.lowerBound) << c.name;
    EXPECT_NEAR(d.distance, c.distance, 1e-9) << c.name;
  }
  // The last tetrahedron of the first run, as the solver saw it (newest first): its closest point is no farther
  // than that of the triangle it grew from (points 1, 2, 3).
  const detail::SimplexPoints<V> sliver = {V{0.1139701097823648, -0.28176168319098105, -0.28318861652424576},
                                           V{-1.3581867236947678, 0.68974561457242523, 0.1521866539833433},
                                           V{0.11396809004092884, -0.28176263737879315, -0.2831867532286429},
                                           V{0.1139694917493066, -0.28176072889470261, -0.28318873622243179}};
  const detail::SimplexPoints<V> grewFrom = {sliver[1], sliver[2], sliver[3], V{}};
  const double tetrahedron = length(detail::closestOnSimplex(sliver, 4).closestPoint);
  const double triangle = length(detail::closestOnSimplex(grewFrom, 3).closestPoint);
  EXPECT_LE(tetrahedron, triangle * (1 + 1e-12));
  EXPECT_NEAR(tetrahedron, 0.27554224926, 1e-10);
}

// Three rim-against-rim pairs from the nightly count, B given in A's frame at full precision. Late in each run two
// supports sit at each end of the contact, 1e-5 apart, the ends 1.4 apart: the faces through a lone end vertex are
// slivers with a corner under 1e-4 rad there, and Ericson's determinants from that corner lost 1e-6 of their
// precision, so the solver's closest point came out a hair farther than the triangle's it grew from and 0.1 to
// 0.2 rad off in direction. GJK then stalled (NoProgress) with the slab along its normal 1.1e-3 to 4.3e-3 short of
// the distance (2.7e-5 to 1.6e-4). Solved from the sliver's widest corner, each run settles on the distance.
TEST(Gjk3Degenerate, RimAgainstRimSliversSolvedFromTheirWidestCorner) {
  const Cylinder<double> a37{0.71358043796606085, 0.22027328033164856};
  const Cylinder<double> b37{0.70909195906461475, 0.5335493952628676};
  const Pose bInA37{{0.51140888519220151, 0.42172245800074776, -0.98180432273029794},
                    {0.32540543793764276, 0.087938981528057181, 0.77885465939173792, 0.52892670194668667}};
  const Cylinder<double> a53{0.50550128302268704, 0.22038158673713984};
  const Cylinder<double> b53{0.68381150646803646, 0.27029240234096846};
  const Pose bInA53{{0.19169460367837343, -0.60539809477580064, 0.43520031330263886},
                    {0.064277561266042893, 0.88382169206513927, 0.085818429230070492, 0.45537106732563448}};
  const Cylinder<double> a41{0.54665759951407455, 0.24474549747824659};
  const Box3<double> b41{{0.39794259049883707, 0.5955625410919434, 0.29662093003401024}};
  const Pose bInA41{{0.69745832387073126, -0.74846814136767881, -0.034816292440276522},
                    {-0.13615102648958591, -0.93807887924007793, 0.099966284859131269, -0.30245273382955967}};
  const auto check = [](const char* name, const auto& a, const auto& b, const Pose& bInA) {
    Tally tally;
    checkCertified(a, at(0, 0, 0), b, bInA, tally, name);
    const DistanceResult<V> d = gjkDistance(a, Transformed<std::decay_t<decltype(b)>>{b, bInA});
    EXPECT_FALSE(d.overlap) << name;
    // The slab along the normal meets the distance (it fell 1e-3 short): the normal has settled.
    EXPECT_NEAR(test::slabGap(a, at(0, 0, 0), b, bInA, d.normal), d.distance, 1e-7) << name;
  };
  check("cylinders batch 37 pair 96", a37, b37, bInA37);
  check("cylinders batch 53 pair 913", a53, b53, bInA53);
  check("cylinder-box batch 41 pair 253", a41, b41, bInA41);

  // The tetrahedron of batch 53 pair 913 whose answer went wrong (newest first): its closest point is no farther
  // than that of the triangle it grew from (points 1, 2, 3), and no vertex lies before the plane through it normal
  // to it (the closest point of a convex hull), to 1e-9: its direction is known to about 3e-10 rad here (the old
  // answer left two vertices 4.3e-3 before that plane).
  const detail::SimplexPoints<V> sliver = {V{-0.022670783144088449, -0.62420129318152562, -0.13434616363602278},
                                           V{0.025834928550144826, 0.71197645355566186, 0.15317492883471268},
                                           V{0.025819012120354257, 0.71197597914606869, 0.15318173806272498},
                                           V{-0.022668130515569526, -0.62420121411513285, -0.13434729846944446}};
  const detail::SimplexPoints<V> grewFrom = {sliver[1], sliver[2], sliver[3], V{}};
  const detail::ClosestOnSimplex<V> answer = detail::closestOnSimplex(sliver, 4);
  const double tetrahedron = length(answer.closestPoint);
  EXPECT_LE(tetrahedron, length(detail::closestOnSimplex(grewFrom, 3).closestPoint));
  EXPECT_NEAR(tetrahedron, 3.0739235408156706e-05, 1e-15);  // brute force over its faces in long double
  for (const V& p : sliver) EXPECT_GE(dot(p, answer.closestPoint) / tetrahedron, tetrahedron - 1e-9);
  // The weights follow the caller's vertex order: they rebuild the point (to rounding: summed in another order).
  V rebuilt{};
  for (int i = 0, k = 0; i < 4; ++i)
    if ((answer.droppedMask & (1u << i)) == 0) rebuilt += answer.weights[k++] * sliver[i];
  EXPECT_LE(length(rebuilt - answer.closestPoint), 1e-17);
}

// The same configuration moved to 1e3 and 1e5 from the origin: GJK works in A's frame, so only the rounding of
// the relative placement remains: the distance agrees within 8 epsilon of the translation.
TEST(Gjk3Degenerate, TranslatedFarFromTheOrigin) {
  SplitMix64 random{31};
  for (int trial = 0; trial < 50; ++trial) {
    const Hull<double> a = randomHull<double>(random, 16, 1.0);
    const Box3<double> b = randomBox3<double>(random, 1.0);
    const Pose poseA = randomPose3<double>(random, 0.0);
    Pose poseB = randomPose3<double>(random, 1.5);
    const DistanceResult<V> near = runBoth(a, poseA, b, poseB).distance;
    for (const double far : {1e3, 1e5}) {
      const V shift{far, -far, far};
      const DistanceResult<V> moved = runBoth(a, Pose{poseA.p + shift, poseA.q}, b, Pose{poseB.p + shift, poseB.q}).distance;
      const double tolerance = 8 * std::numeric_limits<double>::epsilon() * far;
      EXPECT_NEAR(moved.distance, near.distance, tolerance) << trial << " at " << far;
      if (near.distance > tolerance) {
        EXPECT_EQ(moved.overlap, near.overlap);
      }
    }
  }
}

// GJK sees a shape only through its supports: a non-finite support stops it with InvalidInput and no NaN comes
// out. A hull vertex that is NaN is never the farthest along any direction (every comparison with NaN is false),
// so GJK runs on the other vertices; isValid (shapes3.h) is the guard that names such a vertex, and the query
// layer asks it first.
TEST(Gjk3Degenerate, NaNAndInfiniteInputStopWithAStatus) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  const Box3<double> box{{1, 1, 1}};
  const Transformed<Box3<double>> placed{box, at(0.5, 0, 0)};
  const auto expectRefused = [](const DistanceResult<V>& d, const GjkBooleanResult<V>& b, const char* what) {
    EXPECT_EQ(d.status, Status::InvalidInput) << what;
    EXPECT_FALSE(std::isnan(d.distance)) << what;
    EXPECT_FALSE(b.hit) << what;
    EXPECT_EQ(b.status, Status::InvalidInput) << what;
  };
  for (const double bad : {nan, inf, -inf}) {
    const Box3<double> badBox{{1, bad, 1}};
    expectRefused(gjkDistance(badBox, placed), gjkIntersect(badBox, placed), "box");
    const Transformed<Box3<double>> badPlace{box, at(bad, 0, 0)};
    expectRefused(gjkDistance(box, badPlace), gjkIntersect(box, badPlace), "placement");
    const DistanceResult<V> sphere = gjkDistance(Sphere<double>{{0, 0, 0}, bad}, placed);
    EXPECT_EQ(sphere.status, Status::InvalidInput);
    EXPECT_FALSE(std::isnan(sphere.distance));
    SplitMix64 random{5};
    Hull<double> badHull = randomHull<double>(random, 12, 1.0);
    badHull.vertices[3].y = bad;
    EXPECT_FALSE(isValid(badHull));
    const DistanceResult<V> hull = gjkDistance(badHull, placed);
    EXPECT_FALSE(std::isnan(hull.distance) || std::isnan(hull.pointA.x) || std::isnan(hull.normal.x));
    EXPECT_NE(hull.stop, GjkStop::None);
  }
}

// [SECTION] Random pairs per family

constexpr double kSpread = 10.0;
constexpr double kSeparatedShare = 0.3;

template <class MakeA, class MakeB, class Check>
void family(const char* name, std::uint64_t seed, int defaultCount, MakeA makeA, MakeB makeB, Check check) {
  const int count = pairsPerFamily(defaultCount);
  Tally tally;
  // In batches, so the nightly count does not hold 100,000 hulls at once.
  constexpr int kBatch = 1000;
  for (int start = 0, batch = 0; start < count; start += kBatch, ++batch) {
    const auto pairs = makePairs3(seed * 1000003ull + static_cast<std::uint64_t>(batch), std::min(kBatch, count - start),
                                  kSpread, kSeparatedShare, makeA, makeB);
    for (std::size_t i = 0; i < pairs.size(); ++i) {
      const std::string where = std::string(name) + " batch " + std::to_string(batch) + " pair " + std::to_string(i);
      check(pairs[i], tally, where);
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
  tally.print(name);
}

const auto polytopePair = [](const auto& pair, Tally& tally, const std::string& where) {
  checkPolytopes(pair.a, pair.poseA, pair.b, pair.poseB, tally, where);
};

TEST(Gjk3Properties, Boxes) {
  const auto box = [](SplitMix64& random) { return randomBox3<double>(random, 1.0); };
  family("boxes", 1, 2000, box, box, polytopePair);
}

TEST(Gjk3Properties, HullsOf8To32Points) {
  const auto hull = [](SplitMix64& random) { return randomHull<double>(random, random.integer(8, 32), 1.0); };
  family("hulls", 2, 150, hull, hull, polytopePair);
}

TEST(Gjk3Properties, Spheres) {
  const auto sphere = [](SplitMix64& random) { return randomSphere<double>(random, 1.0); };
  family("spheres", 3, 3000, sphere, sphere, polytopePair);
}

TEST(Gjk3Properties, Capsules) {
  const auto capsule = [](SplitMix64& random) { return randomCapsule3<double>(random, 1.0); };
  const auto sphere = [](SplitMix64& random) { return randomSphere<double>(random, 1.0); };
  family("capsules", 4, 3000, capsule, capsule, polytopePair);
  family("sphere-capsule", 5, 3000, sphere, capsule, polytopePair);
}

// A sphere against a cylinder has a closed form; a cylinder against a cylinder, a box or a capsule is certified by
// support widths (checkCertified).
TEST(Gjk3Properties, Cylinders) {
  const auto cylinder = [](SplitMix64& random) { return randomCylinder<double>(random, 1.0); };
  const auto sphere = [](SplitMix64& random) { return randomSphere<double>(random, 1.0); };
  const auto box = [](SplitMix64& random) { return randomBox3<double>(random, 1.0); };
  const auto capsule = [](SplitMix64& random) { return randomCapsule3<double>(random, 1.0); };
  family("sphere-cylinder", 6, 3000, sphere, cylinder, [](const auto& pair, Tally& tally, const std::string& where) {
    const Runs runs = runBoth(pair.a, pair.poseA, pair.b, pair.poseB);
    test::ReferenceDistance reference;
    reference.distance = test::referenceSphereCylinder(pair.a, pair.poseA, pair.b, pair.poseB);
    reference.overlap = reference.distance == 0.0;
    checkPair(runs, reference, tally, where);
  });
  const auto certified = [](const auto& pair, Tally& tally, const std::string& where) {
    checkCertified(pair.a, pair.poseA, pair.b, pair.poseB, tally, where);
  };
  family("cylinders", 7, 3000, cylinder, cylinder, certified);
  family("cylinder-box", 9, 2000, cylinder, box, certified);
  family("capsule-cylinder", 10, 2000, capsule, cylinder, certified);
}

// Every kind against every kind, through the Shape3 variant.
TEST(Gjk3Properties, Mixed) {
  const auto shape = [](SplitMix64& random) { return randomShape3<double>(random, 1.0); };
  family("mixed", 8, 600, shape, shape, [](const auto& pair, Tally& tally, const std::string& where) {
    std::visit(
        [&](const auto& a, const auto& b) {
          using A = std::decay_t<decltype(a)>;
          using B = std::decay_t<decltype(b)>;
          if constexpr (kHasSupport<A> && kHasSupport<B>) {
            constexpr bool cylinderA = std::is_same_v<A, Cylinder<double>>;
            constexpr bool cylinderB = std::is_same_v<B, Cylinder<double>>;
            if constexpr (!cylinderA && !cylinderB) {
              const test::ReferenceDistance reference =
                  test::referenceDistance(test::coreOf(a, pair.poseA), test::coreOf(b, pair.poseB));
              checkPair(runBoth(a, pair.poseA, b, pair.poseB), reference, tally, where);
            } else if constexpr (std::is_same_v<A, Sphere<double>> && cylinderB) {
              test::ReferenceDistance reference;
              reference.distance = test::referenceSphereCylinder(a, pair.poseA, b, pair.poseB);
              reference.overlap = reference.distance == 0.0;
              checkPair(runBoth(a, pair.poseA, b, pair.poseB), reference, tally, where);
            } else {
              checkCertified(a, pair.poseA, b, pair.poseB, tally, where);
            }
          }
        },
        pair.a, pair.b);
  });
}

}  // namespace
}  // namespace collide
