// bench/narrowphase3_bench.cpp: GJK in space next to Bullet 3.24 and libccd 2.0, on identical random inputs, in
// one run (bench_inputs3.h builds the peers' shapes from our vertices and transforms).
//
// Inputs (bench_inputs3.h, boxCases and hullCases): 512 pairs per family as a broad phase passes them (world boxes
// overlapping), 80% moved to a gap of 0.001 to 0.1 (near touching) and 20% overlapping; boxes, and hulls of 32
// points on an ellipsoid. Per-call benchmarks cycle through the pairs, one call per iteration. We pay for placing B
// in A's frame (invMul) inside the timed call, since the peers take world transforms.
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

// [SECTION] GJK distance

template <class Case>
void gjkDistanceCollide(benchmark::State& state, const std::vector<Case>& cases) {
  std::size_t index = 0;
  for (auto _ : state) {
    const Case& c = nextCase(cases, index);
    benchmark::DoNotOptimize(gjkDistance(c.a, placedB(c)));
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
    const Case& c = nextCase(cases, index);
    recorder.steps.clear();
    benchmark::DoNotOptimize(gjkDistance(c.a, placedB(c), options, nullptr, recorder));
    benchmark::DoNotOptimize(recorder.steps.data());
  }
}

template <class Case>
void gjkDistanceBullet(benchmark::State& state, const std::vector<Case>& cases) {
  std::size_t index = 0;
  btVoronoiSimplexSolver simplex;
  for (auto _ : state) {
    const Case& c = nextCase(cases, index);
    benchmark::DoNotOptimize(bulletGjk(simplex, c.bulletA.get(), c.bulletPoseA, c.bulletB.get(), c.bulletPoseB));
  }
}

// [SECTION] GJK boolean

template <class Case>
void gjkBooleanCollide(benchmark::State& state, const std::vector<Case>& cases) {
  std::size_t index = 0;
  for (auto _ : state) {
    const Case& c = nextCase(cases, index);
    benchmark::DoNotOptimize(gjkIntersect(c.a, placedB(c)));
  }
}

template <class Case>
void gjkBooleanCcd(benchmark::State& state, const std::vector<Case>& cases) {
  using Shape = decltype(Case::a);
  const ccd_t ccd = ccdSetup<Shape, Shape>();
  std::size_t index = 0;
  for (auto _ : state) {
    const Case& c = nextCase(cases, index);
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
