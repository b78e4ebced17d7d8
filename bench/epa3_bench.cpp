// bench/epa3_bench.cpp: EPA in space (gjkEpa3: GJK distance on the cores, then EPA) next to Bullet's
// btGjkEpaSolver2::Penetration and libccd's ccdGJKPenetration, on identical overlapping pairs, in one run
// (bench_inputs3.h builds the peers' shapes from our vertices and transforms).
//
// Names are Epa3/{Box,Hull32}/impl, impl one of collide_double, collide_float, bullet (float: the packaged Bullet is
// built without BT_USE_DOUBLE_PRECISION), bullet_pair_detector (the same query as a Bullet world makes it per pair,
// btGjkPairDetector with btGjkEpaPenetrationDepthSolver: for context; the goal is against `bullet`) and libccd (double: the packaged libccd is built with CCD_DOUBLE); and ours in
// parts: collide_double_gjk_distance (distance GJK on the same pairs, for scale), collide_double_epa_only
// (epa3Penetration from a stored simplex), collide_double_gjk_only (gjkIntersect, boolean GJK on the same pairs;
// gjkEpa3 runs distance GJK instead, see epa3.h). Each iteration is one call; the calls cycle through kPairs pairs, so
// the time column is one call averaged over them. Every peer runs GJK and then EPA on the same vertices and the same
// poses (margins 0): the whole penetration query a narrow phase would make after a broad phase. Pairs
// (overlappingPairs3): random rotations, B moved toward A along a random direction until their supporting planes
// overlap by up to 0.2 (BoxDeep and Hull32Deep: up to 1.0), then kept only when all three agree they overlap. Boxes
// have half extents 0.25 to 1; hulls are 32 points on an ellipsoid of radii up to 1. Ours works in A's frame (B placed by invMul inside the timed call). The
// counter depth_spread is the largest depth difference between ours (double) and each peer over the pairs: a check that
// the three answer the same question; epa_iterations and gjk_iterations are ours, averaged.
//
//   build/release/bench/collide_bench3 --benchmark_filter=Epa3
//
// [SECTION] Inputs
// [SECTION] Benchmarks
// [SECTION] Registration
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "bench_inputs3.h"
#include "collide/epa3.h"
#include "collide/gjk.h"

namespace collide::bench {
namespace {

// [SECTION] Inputs

constexpr std::size_t kPairs = 256;  // a power of two: nextCase wraps with a mask
constexpr double kMaxDepth = 0.2;    // of the size (about 1): the pairs a broad phase passes in a running scene
constexpr double kDeepDepth = 1.0;   // a tunnelled or spawned-inside pair, where EPA iterates most

// kPairs overlapping pairs of one family in double (ours, libccd) and float (ours, Bullet), built once.
template <class Shape>
struct EpaInputs {
  std::vector<Case3<decltype(castTo<double>(Shape{}))>> doubles;
  std::vector<Case3<decltype(castTo<float>(Shape{}))>> floats;
  double bulletSpread = 0.0;
  double ccdSpread = 0.0;
  double epaIterations = 0.0;  // ours (double), mean over the pairs
  double gjkIterations = 0.0;
};

template <class Make>
auto makeEpaInputs(std::uint64_t seed, double maxDepth, Make make) {
  using Shape = decltype(make(std::declval<SplitMix64&>()));
  EpaInputs<Shape> set;
  const ccd_t ccd = ccdSetup<Shape, Shape>();
  for (const auto& pair : overlappingPairs3(seed, 4 * static_cast<int>(kPairs), maxDepth, make)) {
    if (set.doubles.size() == kPairs) break;
    auto doubles = makeCases3<double>(std::vector{pair});
    auto floats = makeCases3<float>(std::vector{pair});
    const auto& c = doubles.front();
    const PenetrationResult3<double> ours = gjkEpa3(c.a, placedB(c));
    btGjkEpaSolver2::sResults bullet;
    const auto& f = floats.front();
    if (!ours.hit || ours.depth <= 0.0 ||
        !bulletPenetration(f.bulletA.get(), f.bulletPoseA, f.bulletB.get(), f.bulletPoseB, bullet)) {
      continue;
    }
    const double ccdDepth = ccdPenetration(c.a, c.poseA, c.b, c.poseB, ccd);
    if (ccdDepth < 0.0) continue;
    set.bulletSpread = std::max(set.bulletSpread, std::abs(ours.depth + static_cast<double>(bullet.distance)));
    set.ccdSpread = std::max(set.ccdSpread, std::abs(ours.depth - ccdDepth));
    set.epaIterations += ours.iterations / static_cast<double>(kPairs);
    set.gjkIterations += ours.gjkIterations / static_cast<double>(kPairs);
    set.doubles.push_back(std::move(doubles.front()));
    set.floats.push_back(std::move(floats.front()));
  }
  return set;
}

auto makeBox(SplitMix64& r) { return randomBox3<double>(r, 1.0); }
auto makeHull(SplitMix64& r) { return benchHull(r, 1.0); }

const auto& boxInputs() {
  static const auto set = makeEpaInputs(2026, kMaxDepth, makeBox);
  return set;
}

const auto& hullInputs() {
  static const auto set = makeEpaInputs(33, kMaxDepth, makeHull);
  return set;
}

const auto& boxDeepInputs() {
  static const auto set = makeEpaInputs(2026, kDeepDepth, makeBox);
  return set;
}

const auto& hullDeepInputs() {
  static const auto set = makeEpaInputs(33, kDeepDepth, makeHull);
  return set;
}

// [SECTION] Benchmarks

template <class Cases>
void oursBenchmark(benchmark::State& state, const Cases& cases, double epaIterations, double gjkIterations) {
  std::size_t index = 0;
  for (auto _ : state) {
    const auto& c = nextCase(cases, index);
    benchmark::DoNotOptimize(gjkEpa3(c.a, placedB(c)));
  }
  state.counters["epa_iterations"] = epaIterations;
  state.counters["gjk_iterations"] = gjkIterations;
}

// The two halves of ours apart: boolean GJK alone, and EPA alone from GJK's simplex (computed outside the loop);
// and distance GJK on the same pairs, for scale.
template <class Cases>
void gjkOnlyBenchmark(benchmark::State& state, const Cases& cases) {
  std::size_t index = 0;
  for (auto _ : state) {
    const auto& c = nextCase(cases, index);
    benchmark::DoNotOptimize(gjkIntersect(c.a, placedB(c)));
  }
}

template <class Cases>
void gjkDistanceBenchmark(benchmark::State& state, const Cases& cases) {
  std::size_t index = 0;
  for (auto _ : state) {
    const auto& c = nextCase(cases, index);
    benchmark::DoNotOptimize(gjkDistance(c.a, placedB(c)));
  }
}

template <class Cases>
void epaOnlyBenchmark(benchmark::State& state, const Cases& cases) {
  std::vector<Simplex<Vec3<double>>> simplices;
  for (const auto& c : cases) simplices.push_back(gjkIntersect(c.a, placedB(c)).simplex);
  std::size_t index = 0;
  for (auto _ : state) {
    const std::size_t at = index;
    const auto& c = nextCase(cases, index);
    benchmark::DoNotOptimize(epa3Penetration(c.a, placedB(c), simplices[at]));
  }
}

template <class Cases>
void bulletBenchmark(benchmark::State& state, const Cases& cases, double spread) {
  std::size_t index = 0;
  for (auto _ : state) {
    const auto& c = nextCase(cases, index);
    btGjkEpaSolver2::sResults results;
    benchmark::DoNotOptimize(bulletPenetration(c.bulletA.get(), c.bulletPoseA, c.bulletB.get(), c.bulletPoseB, results));
    benchmark::DoNotOptimize(results);
  }
  state.counters["depth_spread"] = spread;
}

// Bullet's penetration as a Bullet world runs it per pair (btConvexConvexAlgorithm): btGjkPairDetector with
// btGjkEpaPenetrationDepthSolver, GJK first, then EPA on a penetration, then GJK again along EPA's normal.
template <class Cases>
void bulletPairDetectorBenchmark(benchmark::State& state, const Cases& cases) {
  btVoronoiSimplexSolver simplex;
  btGjkEpaPenetrationDepthSolver epa;
  std::size_t index = 0;
  for (auto _ : state) {
    const auto& c = nextCase(cases, index);
    benchmark::DoNotOptimize(bulletGjk(simplex, c.bulletA.get(), c.bulletPoseA, c.bulletB.get(), c.bulletPoseB, &epa));
  }
}

template <class Cases>
void ccdBenchmark(benchmark::State& state, const Cases& cases, double spread) {
  using Shape = decltype(cases.front().a);
  const ccd_t ccd = ccdSetup<Shape, Shape>();
  std::size_t index = 0;
  for (auto _ : state) {
    const auto& c = nextCase(cases, index);
    benchmark::DoNotOptimize(ccdPenetration(c.a, c.poseA, c.b, c.poseB, ccd));
  }
  state.counters["depth_spread"] = spread;
}

// [SECTION] Registration

// By name (Algorithm/Family/impl, as the other benchmarks), in the order the table reads. The deep families
// (withParts false) register the whole queries only.
template <class Inputs>
void registerFamily(const std::string& name, const Inputs& (*inputs)(), bool withParts = true) {
  using benchmark::RegisterBenchmark;
  using benchmark::State;
  const std::string prefix = "Epa3/" + name + "/";
  RegisterBenchmark((prefix + "collide_double").c_str(), [inputs](State& s) {
    oursBenchmark(s, inputs().doubles, inputs().epaIterations, inputs().gjkIterations);
  });
  RegisterBenchmark((prefix + "collide_float").c_str(), [inputs](State& s) {
    oursBenchmark(s, inputs().floats, inputs().epaIterations, inputs().gjkIterations);
  });
  RegisterBenchmark((prefix + "bullet").c_str(),
                    [inputs](State& s) { bulletBenchmark(s, inputs().floats, inputs().bulletSpread); });
  RegisterBenchmark((prefix + "bullet_pair_detector").c_str(),
                    [inputs](State& s) { bulletPairDetectorBenchmark(s, inputs().floats); });
  RegisterBenchmark((prefix + "libccd").c_str(),
                    [inputs](State& s) { ccdBenchmark(s, inputs().doubles, inputs().ccdSpread); });
  if (!withParts) return;
  RegisterBenchmark((prefix + "collide_double_gjk_only").c_str(),
                    [inputs](State& s) { gjkOnlyBenchmark(s, inputs().doubles); });
  RegisterBenchmark((prefix + "collide_double_epa_only").c_str(),
                    [inputs](State& s) { epaOnlyBenchmark(s, inputs().doubles); });
  RegisterBenchmark((prefix + "collide_double_gjk_distance").c_str(),
                    [inputs](State& s) { gjkDistanceBenchmark(s, inputs().doubles); });
}

[[maybe_unused]] const bool kRegistered =
    (registerFamily("Box", &boxInputs), registerFamily("Hull32", &hullInputs),
     registerFamily("BoxDeep", &boxDeepInputs, false), registerFamily("Hull32Deep", &hullDeepInputs, false), true);

}  // namespace
}  // namespace collide::bench
