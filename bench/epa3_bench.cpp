// bench/epa3_bench.cpp: EPA in space (gjkEpa3: boolean GJK then EPA) next to Bullet's btGjkEpaSolver2::Penetration
// and libccd's ccdGJKPenetration, on identical overlapping pairs, in one run.
//
// Names are Epa3/{Box,Hull32}/impl, impl one of collide_double, collide_float, bullet (float: the packaged Bullet is
// built without BT_USE_DOUBLE_PRECISION) and libccd (double: the packaged libccd is built with CCD_DOUBLE). Each
// iteration is one call; the calls cycle through kPairs pairs, so the time column is one call averaged over them.
// Every peer runs GJK and then EPA on the same vertices and the same poses (margins 0): the whole penetration query
// a narrow phase would make after a broad phase. Pairs: random rotations, B moved toward A along a random direction
// until their supporting planes overlap by up to 20% of the size, then kept only when all three agree they overlap.
// Ours works in A's frame (B placed by invMul inside the timed call), as the 2D benchmarks do. The counter
// depth_spread is the largest depth difference between ours (double) and each peer over the pairs, relative to
// the size: a check that the three answer the same question.
//
//   build/release/bench/collide_bench3 --benchmark_filter=Epa3
//
// [SECTION] Inputs (boxes and 32-point hulls, the peers' shapes)
// [SECTION] The three calls
// [SECTION] Benchmarks
#include <benchmark/benchmark.h>
#include <btBulletCollisionCommon.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkEpa2.h>
#include <ccd/ccd.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "collide/epa3.h"
#include "collide/gjk.h"
#include "collide/shapes3.h"
#include "collide/support.h"

namespace collide::bench {
namespace {

// [SECTION] Inputs (boxes and 32-point hulls, the peers' shapes)

constexpr std::size_t kPairs = 256;  // a power of two: the index wraps with a mask
constexpr int kHullPoints = 32;
constexpr double kMaxDepth = 0.2;  // of the size (about 1)

enum class Family { Box, Hull32 };

// One shape in every form the three libraries take. Bullet's and libccd's objects point into this struct's
// vectors, so a Body is built in place and never copied.
struct Body {
  Box3<double> box;
  Hull<double> hull;
  Box3<float> boxFloat;
  Hull<float> hullFloat;
  Transform3<double> pose;
  Transform3<float> poseFloat;
  std::unique_ptr<btConvexShape> bullet;
  btTransform bulletPose;
  std::vector<Vec3<double>> worldPoints;  // libccd's support: the placed vertices (a box's 8 corners)
};

Quat<double> randomRotation(std::mt19937_64& random) {
  std::normal_distribution<double> gauss;
  return Quat<double>{gauss(random), gauss(random), gauss(random), gauss(random)}.normalized();
}

std::vector<Vec3<double>> localPoints(const Body& body, Family family) {
  if (family == Family::Hull32) return body.hull.vertices;
  const std::array<Vec3<double>, 8> corners = body.box.corners();
  return {corners.begin(), corners.end()};
}

void makeShape(Body& body, Family family, std::mt19937_64& random) {
  std::uniform_real_distribution<double> extent(0.3, 0.7);
  std::normal_distribution<double> gauss;
  if (family == Family::Box) {
    body.box.halfExtents = {extent(random), extent(random), extent(random)};
    body.boxFloat.halfExtents = body.box.halfExtents.cast<float>();
    auto shape = std::make_unique<btBoxShape>(btVector3(static_cast<btScalar>(body.box.halfExtents.x),
                                                        static_cast<btScalar>(body.box.halfExtents.y),
                                                        static_cast<btScalar>(body.box.halfExtents.z)));
    shape->setMargin(0);
    body.bullet = std::move(shape);
  } else {
    // Points on an ellipsoid: every one a hull vertex. EPA asks only for supports, so the hull keeps just its
    // vertices (faces are SAT's); the benchmark calls the algorithm directly, not through isValid.
    const Vec3<double> radii{extent(random), extent(random), extent(random)};
    for (int i = 0; i < kHullPoints; ++i) {
      const Vec3<double> direction = normalize(Vec3<double>{gauss(random), gauss(random), gauss(random)});
      body.hull.vertices.push_back({radii.x * direction.x, radii.y * direction.y, radii.z * direction.z});
    }
    for (const Vec3<double>& point : body.hull.vertices) {
      body.hull.center += point / static_cast<double>(kHullPoints);
      body.hullFloat.vertices.push_back(point.cast<float>());
    }
    body.hullFloat.center = body.hull.center.cast<float>();
    auto shape = std::make_unique<btConvexHullShape>();
    for (const Vec3<double>& point : body.hull.vertices) {
      shape->addPoint(btVector3(static_cast<btScalar>(point.x), static_cast<btScalar>(point.y),
                                static_cast<btScalar>(point.z)),
                      false);
    }
    shape->recalcLocalAabb();
    shape->setMargin(0);
    body.bullet = std::move(shape);
  }
}

void place(Body& body, Family family, const Transform3<double>& pose) {
  body.pose = pose;
  body.poseFloat = pose.cast<float>();
  const Transform3<float>& p = body.poseFloat;  // Bullet gets the float pose ours gets in float
  body.bulletPose.setOrigin(btVector3(p.p.x, p.p.y, p.p.z));
  body.bulletPose.setRotation(btQuaternion(p.q.x, p.q.y, p.q.z, p.q.w));
  body.worldPoints.clear();
  for (const Vec3<double>& point : localPoints(body, family)) body.worldPoints.push_back(pose.apply(point));
}

// libccd's support callback: the farthest placed vertex along dir.
void ccdSupport(const void* object, const ccd_vec3_t* direction, ccd_vec3_t* out) {
  const auto& points = static_cast<const Body*>(object)->worldPoints;
  const Vec3<double> d{direction->v[0], direction->v[1], direction->v[2]};
  const Vec3<double> best = detail::farthestOf(points.data(), points.size(), d);
  out->v[0] = best.x;
  out->v[1] = best.y;
  out->v[2] = best.z;
}

void ccdCenter(const void* object, ccd_vec3_t* out) {
  const Vec3<double> centre = static_cast<const Body*>(object)->pose.p;
  out->v[0] = centre.x;
  out->v[1] = centre.y;
  out->v[2] = centre.z;
}

ccd_t makeCcd() {
  ccd_t ccd;
  CCD_INIT(&ccd);
  ccd.support1 = ccdSupport;
  ccd.support2 = ccdSupport;
  ccd.center1 = ccdCenter;
  ccd.center2 = ccdCenter;
  ccd.max_iterations = 100;
  return ccd;
}

struct Pair {
  Body a;
  Body b;
};

// [SECTION] The three calls

template <Scalar S>
PenetrationResult3<S> oursOn(const Pair& pair, Family family) {
  if constexpr (std::is_same_v<S, double>) {
    const Transform3<double> relative = invMul(pair.a.pose, pair.b.pose);
    if (family == Family::Box) return gjkEpa3(pair.a.box, Transformed{pair.b.box, relative});
    return gjkEpa3(pair.a.hull, Transformed{pair.b.hull, relative});
  } else {
    const Transform3<float> relative = invMul(pair.a.poseFloat, pair.b.poseFloat);
    if (family == Family::Box) return gjkEpa3(pair.a.boxFloat, Transformed{pair.b.boxFloat, relative});
    return gjkEpa3(pair.a.hullFloat, Transformed{pair.b.hullFloat, relative});
  }
}

bool bulletOn(const Pair& pair, btGjkEpaSolver2::sResults& results) {
  const btVector3 guess = pair.b.bulletPose.getOrigin() - pair.a.bulletPose.getOrigin();
  return btGjkEpaSolver2::Penetration(pair.a.bullet.get(), pair.a.bulletPose, pair.b.bullet.get(), pair.b.bulletPose,
                                      guess, results);
}

bool ccdOn(const Pair& pair, const ccd_t& ccd, ccd_real_t& depth) {
  ccd_vec3_t direction;
  ccd_vec3_t position;
  return ccdGJKPenetration(&pair.a, &pair.b, &ccd, &depth, &direction, &position) == 0;
}

// kPairs overlapping pairs of one family, the same for every benchmark of it (built once).
struct Inputs {
  std::vector<std::unique_ptr<Pair>> pairs;
  double bulletSpread = 0.0;
  double ccdSpread = 0.0;
  double epaIterations = 0.0;  // ours (double), mean over the pairs
  double gjkIterations = 0.0;
};

const Inputs& inputs(Family family) {
  static Inputs boxes;
  static Inputs hulls;
  Inputs& set = family == Family::Box ? boxes : hulls;
  if (!set.pairs.empty()) return set;
  std::mt19937_64 random(family == Family::Box ? 2026 : 32);
  std::uniform_real_distribution<double> depthFraction(0.0, kMaxDepth);
  std::normal_distribution<double> gauss;
  const ccd_t ccd = makeCcd();
  while (set.pairs.size() < kPairs) {
    auto pair = std::make_unique<Pair>();
    makeShape(pair->a, family, random);
    makeShape(pair->b, family, random);
    const Quat<double> rotationA = randomRotation(random);
    const Quat<double> rotationB = randomRotation(random);
    // Along u, A reaches hA(u) from its centre and B reaches hB(-u) from its: B's centre at (hA + hB - depth) u
    // makes their supporting planes overlap by depth.
    const Vec3<double> u = normalize(Vec3<double>{gauss(random), gauss(random), gauss(random)});
    const auto reach = [&](const Body& body, Quat<double> rotation, Vec3<double> direction) {
      double best = -1e300;
      for (const Vec3<double>& point : localPoints(body, family)) best = std::max(best, dot(rotation.apply(point), direction));
      return best;
    };
    const double distance = reach(pair->a, rotationA, u) + reach(pair->b, rotationB, -u) - depthFraction(random);
    place(pair->a, family, {{}, rotationA});
    place(pair->b, family, {distance * u, rotationB});
    const PenetrationResult3<double> ours = oursOn<double>(*pair, family);
    btGjkEpaSolver2::sResults bullet;
    ccd_real_t ccdDepth = 0;
    if (!ours.hit || ours.depth <= 0.0 || !bulletOn(*pair, bullet) || !ccdOn(*pair, ccd, ccdDepth)) continue;
    set.bulletSpread = std::max(set.bulletSpread, std::abs(ours.depth + static_cast<double>(bullet.distance)));
    set.ccdSpread = std::max(set.ccdSpread, std::abs(ours.depth - ccdDepth));
    set.epaIterations += ours.iterations / static_cast<double>(kPairs);
    set.gjkIterations += ours.gjkIterations / static_cast<double>(kPairs);
    set.pairs.push_back(std::move(pair));
  }
  return set;
}

// [SECTION] Benchmarks

template <Scalar S>
void oursBenchmark(benchmark::State& state, Family family) {
  const Inputs& set = inputs(family);
  std::size_t index = 0;
  for (auto _ : state) {
    const PenetrationResult3<S> result = oursOn<S>(*set.pairs[index], family);
    benchmark::DoNotOptimize(result);
    index = (index + 1) & (kPairs - 1);
  }
  state.counters["epa_iterations"] = set.epaIterations;
  state.counters["gjk_iterations"] = set.gjkIterations;
}

// The two halves of ours apart: boolean GJK alone, and EPA alone from GJK's simplex (computed outside the loop).
template <Scalar S>
void gjkOnlyBenchmark(benchmark::State& state, Family family) {
  const Inputs& set = inputs(family);
  std::size_t index = 0;
  for (auto _ : state) {
    const Pair& pair = *set.pairs[index];
    const Transform3<double> relative = invMul(pair.a.pose, pair.b.pose);
    const GjkBooleanResult<Vec3<double>> result = family == Family::Box
                                                      ? gjkIntersect(pair.a.box, Transformed{pair.b.box, relative})
                                                      : gjkIntersect(pair.a.hull, Transformed{pair.b.hull, relative});
    benchmark::DoNotOptimize(result);
    index = (index + 1) & (kPairs - 1);
  }
}

template <Scalar S>
void gjkDistanceBenchmark(benchmark::State& state, Family family) {
  const Inputs& set = inputs(family);
  std::size_t index = 0;
  for (auto _ : state) {
    const Pair& pair = *set.pairs[index];
    const Transform3<double> relative = invMul(pair.a.pose, pair.b.pose);
    const DistanceResult<Vec3<double>> result = family == Family::Box
                                                      ? gjkDistance(pair.a.box, Transformed{pair.b.box, relative})
                                                      : gjkDistance(pair.a.hull, Transformed{pair.b.hull, relative});
    benchmark::DoNotOptimize(result);
    index = (index + 1) & (kPairs - 1);
  }
}

void epaOnlyBenchmark(benchmark::State& state, Family family) {
  const Inputs& set = inputs(family);
  std::vector<Simplex<Vec3<double>>> simplices;
  for (const auto& pair : set.pairs) {
    const Transform3<double> relative = invMul(pair->a.pose, pair->b.pose);
    simplices.push_back(family == Family::Box ? gjkIntersect(pair->a.box, Transformed{pair->b.box, relative}).simplex
                                              : gjkIntersect(pair->a.hull, Transformed{pair->b.hull, relative}).simplex);
  }
  std::size_t index = 0;
  for (auto _ : state) {
    const Pair& pair = *set.pairs[index];
    const Transform3<double> relative = invMul(pair.a.pose, pair.b.pose);
    const PenetrationResult3<double> result =
        family == Family::Box ? epa3Penetration(pair.a.box, Transformed{pair.b.box, relative}, simplices[index])
                              : epa3Penetration(pair.a.hull, Transformed{pair.b.hull, relative}, simplices[index]);
    benchmark::DoNotOptimize(result);
    index = (index + 1) & (kPairs - 1);
  }
}

void bulletBenchmark(benchmark::State& state, Family family) {
  const Inputs& set = inputs(family);
  std::size_t index = 0;
  for (auto _ : state) {
    btGjkEpaSolver2::sResults results;
    const bool hit = bulletOn(*set.pairs[index], results);
    benchmark::DoNotOptimize(hit);
    benchmark::DoNotOptimize(results);
    index = (index + 1) & (kPairs - 1);
  }
  state.counters["depth_spread"] = set.bulletSpread;
}

void ccdBenchmark(benchmark::State& state, Family family) {
  const Inputs& set = inputs(family);
  const ccd_t ccd = makeCcd();
  std::size_t index = 0;
  for (auto _ : state) {
    ccd_real_t depth = 0;
    const bool hit = ccdOn(*set.pairs[index], ccd, depth);
    benchmark::DoNotOptimize(hit);
    benchmark::DoNotOptimize(depth);
    index = (index + 1) & (kPairs - 1);
  }
  state.counters["depth_spread"] = set.ccdSpread;
}

// Registered by name (Algorithm/Family/impl, as the other benchmarks), in the order the table reads.
const bool kRegistered = [] {
  for (const auto& [family, name] : {std::pair{Family::Box, "Box"}, std::pair{Family::Hull32, "Hull32"}}) {
    const std::string prefix = std::string("Epa3/") + name + "/";
    benchmark::RegisterBenchmark((prefix + "collide_double").c_str(), oursBenchmark<double>, family);
    benchmark::RegisterBenchmark((prefix + "collide_float").c_str(), oursBenchmark<float>, family);
    benchmark::RegisterBenchmark((prefix + "bullet").c_str(), bulletBenchmark, family);
    benchmark::RegisterBenchmark((prefix + "libccd").c_str(), ccdBenchmark, family);
    benchmark::RegisterBenchmark((prefix + "collide_double_gjk_only").c_str(), gjkOnlyBenchmark<double>, family);
    benchmark::RegisterBenchmark((prefix + "collide_double_epa_only").c_str(), epaOnlyBenchmark, family);
    benchmark::RegisterBenchmark((prefix + "collide_double_gjk_distance").c_str(), gjkDistanceBenchmark<double>, family);
  }
  return true;
}();

}  // namespace
}  // namespace collide::bench

BENCHMARK_MAIN();
