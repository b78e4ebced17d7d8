// bench/narrowphase3_bench.cpp: GJK in space next to Bullet 3.24 and libccd 2.0, on identical random inputs, in
// one run (bench_inputs3.h builds the peers' shapes from our vertices and transforms).
//
// Inputs: kPairs pairs per family as a broad phase passes them (world boxes overlapping), 80% moved to a gap of
// 0.001 to 0.1 (near touching) and 20% overlapping; boxes, and hulls of 32 points. Per-call benchmarks cycle
// through the pairs, one call per iteration. We pay for placing B in A's frame (invMul) inside the timed call,
// since the peers take world transforms.
//   GjkDistance3/{Box,Hull32}/float/{collide,bullet}   gjkDistance vs btGjkPairDetector::getClosestPoints
//                                                      (btVoronoiSimplexSolver, margins 0, no depth solver: an
//                                                      overlapping pair costs Bullet its GJK only)
//   GjkDistance3/{Box,Hull32}/double/collide           the same in double (Debian's Bullet is float only)
//   GjkDistance3/Hull32/float/collide_recorded         with a Recorder (cleared, not reallocated): trace cost
//   GjkBoolean3/{Box,Hull32}/double/{collide,libccd}   gjkIntersect vs ccdGJKIntersect (libccd is double; it has
//                                                      no distance query)
//   GjkBoolean3/{Box,Hull32}/float/collide
// bench/ratios.py turns --benchmark_format=json into the ratio tables (goal: GJK distance <= 0.5x Bullet's time).
//
// [SECTION] Inputs
// [SECTION] GJK distance
// [SECTION] GJK boolean
// [SECTION] Registration
#include <benchmark/benchmark.h>

#include <cstddef>
#include <memory>
#include <vector>

#include "bench_inputs3.h"
#include "collide/gjk.h"
#include "collide/support.h"
#include "collide/trace.h"

namespace collide::bench {
namespace {

// [SECTION] Inputs

constexpr std::size_t kPairs = 512;  // a power of two: the index wraps with a mask
constexpr double kOverlappingShare = 0.2;

// One pair in every form the three libraries take.
template <class Shape>
struct Case3 {
  Shape a;
  Shape b;
  Transform3<typename Shape::Scalar> poseA;
  Transform3<typename Shape::Scalar> poseB;
  std::shared_ptr<btConvexShape> bulletA;  // float pairs only
  std::shared_ptr<btConvexShape> bulletB;
  btTransform bulletPoseA;
  btTransform bulletPoseB;
};

template <Scalar S, class Source>
std::vector<Case3<decltype(castTo<S>(Source{}))>> makeCases3(const std::vector<ShapePair3<Source, Source>>& pairs) {
  using Shape = decltype(castTo<S>(Source{}));
  std::vector<Case3<Shape>> cases;
  for (const auto& pair : pairs) {
    Case3<Shape> c{castTo<S>(pair.a), castTo<S>(pair.b), pair.poseA.template cast<S>(), pair.poseB.template cast<S>(),
                   nullptr, nullptr, btTransform::getIdentity(), btTransform::getIdentity()};
    if constexpr (std::is_same_v<S, float>) {
      c.bulletA = bulletShape(c.a);
      c.bulletB = bulletShape(c.b);
      c.bulletPoseA = toBullet(c.poseA);
      c.bulletPoseB = toBullet(c.poseB);
    }
    cases.push_back(std::move(c));
  }
  return cases;
}

const auto& boxPairs() {
  static const auto pairs = nearTouchingPairs3(
      31, kPairs, kOverlappingShare, [](SplitMix64& r) { return randomBox3<double>(r, 1.0); },
      [](SplitMix64& r) { return randomBox3<double>(r, 1.0); });
  return pairs;
}

const auto& hullPairs() {
  static const auto pairs = nearTouchingPairs3(
      32, kPairs, kOverlappingShare, [](SplitMix64& r) { return randomHull<double>(r, 32, 1.0); },
      [](SplitMix64& r) { return randomHull<double>(r, 32, 1.0); });
  return pairs;
}

template <Scalar S>
const auto& boxCases() {
  static const auto cases = makeCases3<S>(boxPairs());
  return cases;
}

template <Scalar S>
const auto& hullCases() {
  static const auto cases = makeCases3<S>(hullPairs());
  return cases;
}

template <class Case>
const Case& next(const std::vector<Case>& cases, std::size_t& index) {
  const Case& result = cases[index];
  index = (index + 1) & (kPairs - 1);
  return result;
}

// [SECTION] GJK distance

template <class Case>
void gjkDistanceCollide(benchmark::State& state, const std::vector<Case>& cases) {
  using Shape = decltype(Case::a);
  std::size_t index = 0;
  for (auto _ : state) {
    const Case& c = next(cases, index);
    const Transformed<Shape> placedB{c.b, invMul(c.poseA, c.poseB)};
    benchmark::DoNotOptimize(gjkDistance(c.a, placedB));
  }
}

template <class Case>
void gjkDistanceRecorded(benchmark::State& state, const std::vector<Case>& cases) {
  using Shape = decltype(Case::a);
  using V = ShapeVector<Shape>;
  std::size_t index = 0;
  Recorder<GjkStep<V>> recorder;
  recorder.steps.reserve(64);
  const GjkOptions options;
  for (auto _ : state) {
    const Case& c = next(cases, index);
    recorder.steps.clear();
    const Transformed<Shape> placedB{c.b, invMul(c.poseA, c.poseB)};
    benchmark::DoNotOptimize(gjkDistance(c.a, placedB, options, nullptr, recorder));
    benchmark::DoNotOptimize(recorder.steps.data());
  }
}

template <class Case>
void gjkDistanceBullet(benchmark::State& state, const std::vector<Case>& cases) {
  std::size_t index = 0;
  btVoronoiSimplexSolver simplex;
  for (auto _ : state) {
    const Case& c = next(cases, index);
    benchmark::DoNotOptimize(bulletGjk(simplex, c.bulletA.get(), c.bulletPoseA, c.bulletB.get(), c.bulletPoseB));
  }
}

// [SECTION] GJK boolean

template <class Case>
void gjkBooleanCollide(benchmark::State& state, const std::vector<Case>& cases) {
  using Shape = decltype(Case::a);
  std::size_t index = 0;
  for (auto _ : state) {
    const Case& c = next(cases, index);
    const Transformed<Shape> placedB{c.b, invMul(c.poseA, c.poseB)};
    benchmark::DoNotOptimize(gjkIntersect(c.a, placedB));
  }
}

template <class Case>
void gjkBooleanCcd(benchmark::State& state, const std::vector<Case>& cases) {
  using Shape = decltype(Case::a);
  const ccd_t ccd = ccdSetup<Shape, Shape>();
  std::size_t index = 0;
  for (auto _ : state) {
    const Case& c = next(cases, index);
    const CcdObject<Shape> a{&c.a, c.poseA};
    const CcdObject<Shape> b{&c.b, c.poseB};
    benchmark::DoNotOptimize(ccdGJKIntersect(&a, &b, &ccd));
  }
}

// [SECTION] Registration

void registerAll() {
  using benchmark::RegisterBenchmark;
  RegisterBenchmark("GjkDistance3/Box/float/collide", [](benchmark::State& s) { gjkDistanceCollide(s, boxCases<float>()); });
  RegisterBenchmark("GjkDistance3/Box/float/bullet", [](benchmark::State& s) { gjkDistanceBullet(s, boxCases<float>()); });
  RegisterBenchmark("GjkDistance3/Hull32/float/collide", [](benchmark::State& s) { gjkDistanceCollide(s, hullCases<float>()); });
  RegisterBenchmark("GjkDistance3/Hull32/float/bullet", [](benchmark::State& s) { gjkDistanceBullet(s, hullCases<float>()); });
  RegisterBenchmark("GjkDistance3/Hull32/float/collide_recorded",
                    [](benchmark::State& s) { gjkDistanceRecorded(s, hullCases<float>()); });
  RegisterBenchmark("GjkDistance3/Box/double/collide", [](benchmark::State& s) { gjkDistanceCollide(s, boxCases<double>()); });
  RegisterBenchmark("GjkDistance3/Hull32/double/collide",
                    [](benchmark::State& s) { gjkDistanceCollide(s, hullCases<double>()); });
  RegisterBenchmark("GjkBoolean3/Box/double/collide", [](benchmark::State& s) { gjkBooleanCollide(s, boxCases<double>()); });
  RegisterBenchmark("GjkBoolean3/Box/double/libccd", [](benchmark::State& s) { gjkBooleanCcd(s, boxCases<double>()); });
  RegisterBenchmark("GjkBoolean3/Hull32/double/collide", [](benchmark::State& s) { gjkBooleanCollide(s, hullCases<double>()); });
  RegisterBenchmark("GjkBoolean3/Hull32/double/libccd", [](benchmark::State& s) { gjkBooleanCcd(s, hullCases<double>()); });
  RegisterBenchmark("GjkBoolean3/Box/float/collide", [](benchmark::State& s) { gjkBooleanCollide(s, boxCases<float>()); });
  RegisterBenchmark("GjkBoolean3/Hull32/float/collide", [](benchmark::State& s) { gjkBooleanCollide(s, hullCases<float>()); });
}

// collide_bench3 links benchmark_main: each *3_bench.cpp registers its own benchmarks at start-up.
[[maybe_unused]] const bool kRegistered = (registerAll(), true);

}  // namespace
}  // namespace collide::bench
