// bench/narrowphase_bench.cpp: the narrow phase next to Box2D 2.4.1, on identical random inputs, in one run (float).
//
// Names are Algorithm/Family/impl. Per-call benchmarks cycle through kPairs seeded pairs (bench_inputs.h), one call
// per iteration, so the time column is the time of one call averaged over the set. Box2D gets the same vertices
// (proxies and b2PolygonShapes built from ours, no skin), the same transforms bit for bit, a cold simplex cache.
// We pay for placing B in A's frame (invMul) inside the timed call, since Box2D takes world transforms.
//   GjkDistance/{Box,Ngon8}/{collide,box2d}  gjkDistance vs b2Distance (useRadii = true)
//   GjkDistance/Ngon8BroadPhase/{collide,box2d}  the same on the 8-gon pairs a broad phase passes on (world bounding
//                                            boxes overlap: mostly overlapping or nearly touching pairs)
//   .../support_searches counter             support searches per call (our iterations; Box2D's output.iterations,
//                                            which leaves out its free first vertex pair)
//   GjkDistance/Ngon8/collide_recorded       the same call with a Recorder (cleared, not reallocated): trace cost
//   GjkBoolean/{Ngon8,Ngon8BroadPhase}/{collide,box2d}  gjkIntersect vs b2TestOverlap
//   SatBox/Box/{collide,box2d}               satBoxes vs b2CollidePolygons, Box2D's nearest equivalent: it also
//                                            clips the contact manifold, so it does more than the test itself
//   Sat/Ngon8/{collide,box2d}                satPolygons vs b2CollidePolygons (same caveat)
//   Epa/Ngon8/collide                        gjkEpa on overlapping pairs only (Box2D 2.4.1 has no EPA)
//   Frame1000/{SatBox,Sat,Gjk,Epa}           the Collision detection notes' profiler table: 1,000 OBB tests per frame (there 10, 20,
//                                            15 and 50 ms); the same 1,000 box pairs for all four. Time in ms
//                                            per frame; counters x_faster_than_article (article time / ours) and
//                                            overlapping (how many of the 1,000 pairs overlap).
// bench/ratios.py turns --benchmark_format=json into the ratio table of docs/PERFORMANCE.md.
//
// [SECTION] Inputs
// [SECTION] GJK distance
// [SECTION] GJK boolean
// [SECTION] SAT
// [SECTION] EPA
// [SECTION] The Collision detection notes' frame of 1,000 box tests
#include <benchmark/benchmark.h>
#include <box2d/b2_collision.h>
#include <box2d/b2_distance.h>
#include <box2d/b2_polygon_shape.h>

#include <cstddef>
#include <type_traits>
#include <vector>

#include "bench_inputs.h"
#include "collide/epa.h"
#include "collide/gjk.h"
#include "collide/polygon.h"
#include "collide/sat.h"
#include "collide/support.h"
#include "collide/trace.h"

namespace collide::bench {
namespace {

// [SECTION] Inputs

constexpr std::size_t kPairs = 512;  // a power of two: the index wraps with a mask
constexpr int kFrameTests = 1000;
constexpr double kSize = 1.0;
constexpr double kSpread = 20.0;
constexpr double kReach = 2.5;         // about a quarter of the pairs overlap
constexpr double kOverlapReach = 0.6;  // EPA's pairs: close enough that almost all overlap; the rest are dropped

// One pair in every form both libraries take. Box2D's proxies point into this struct, so a Case must not move
// once bind() has run (the vectors below are filled first, then bound).
template <class Shape>
struct Case {
  Shape a;
  Shape b;
  Polygon<float> polygonA;  // the same outline as a Polygon, for the generic SAT
  Polygon<float> polygonB;
  Transform<float> poseA;
  Transform<float> poseB;
  ProxyVertices verticesA;
  ProxyVertices verticesB;
  b2PolygonShape shapeA;
  b2PolygonShape shapeB;
  b2DistanceInput input;

  void bind() {
    input.proxyA = verticesA.proxy();
    input.proxyB = verticesB.proxy();
    input.transformA = toBox2d(poseA);
    input.transformB = toBox2d(poseB);
    input.useRadii = true;
  }
};

Polygon<float> asPolygon(const Box<float>& box) { return makeBox(box.halfExtents); }
Polygon<float> asPolygon(const Polygon<float>& polygon) { return polygon; }

template <class Shape>
std::vector<Case<Shape>> makeCases(const auto& pairs) {
  std::vector<Case<Shape>> cases;
  cases.reserve(pairs.size());
  for (const auto& pair : pairs) {
    cases.push_back({pair.a, pair.b, asPolygon(pair.a), asPolygon(pair.b), pair.poseA, pair.poseB,
                     proxyVertices(pair.a), proxyVertices(pair.b), box2dShape(pair.a), box2dShape(pair.b), {}});
  }
  for (Case<Shape>& c : cases) c.bind();
  return cases;
}

Box<float> makeRandomBox(Random& random) { return randomBox<float>(random, kSize); }
Polygon<float> makeRandomOctagon(Random& random) { return randomPolygon<float>(random, 8, kSize); }

const std::vector<Case<Box<float>>>& boxCases() {
  static const auto cases = makeCases<Box<float>>(makePairs(1, kPairs, kSpread, kReach, makeRandomBox, makeRandomBox));
  return cases;
}

const std::vector<Case<Polygon<float>>>& octagonCases() {
  static const auto cases =
      makeCases<Polygon<float>>(makePairs(2, kPairs, kSpread, kReach, makeRandomOctagon, makeRandomOctagon));
  return cases;
}

// The 8-gon pairs a broad phase passes on: their world bounding boxes overlap (workloads/random_shapes.h).
const std::vector<Case<Polygon<float>>>& broadPhaseOctagonCases() {
  static const auto cases = makeCases<Polygon<float>>(
      makeBoundsOverlappingPairs(5, kPairs, kSpread, kReach, makeRandomOctagon, makeRandomOctagon));
  return cases;
}

// kPairs overlapping 8-gon pairs: EPA measures penetration, so every call should run it.
const std::vector<Case<Polygon<float>>>& overlappingOctagonCases() {
  static const auto cases = [] {
    const auto candidates = makePairs(3, 4 * kPairs, kSpread, kOverlapReach, makeRandomOctagon, makeRandomOctagon);
    std::vector<std::decay_t<decltype(candidates)>::value_type> overlapping;
    for (const auto& pair : candidates) {
      if (overlapping.size() < kPairs && satPolygons(pair.a, pair.poseA, pair.b, pair.poseB).hit) overlapping.push_back(pair);
    }
    return makeCases<Polygon<float>>(overlapping);
  }();
  return cases;
}

// The Collision detection notes' frame: 1,000 OBB tests.
const std::vector<Case<Box<float>>>& frameCases() {
  static const auto cases =
      makeCases<Box<float>>(makePairs(4, kFrameTests, kSpread, kReach, makeRandomBox, makeRandomBox));
  return cases;
}

template <class Shape>
const Case<Shape>& next(const std::vector<Case<Shape>>& cases, std::size_t& index) {
  const Case<Shape>& result = cases[index];
  index = (index + 1) & (kPairs - 1);
  return result;
}

// [SECTION] GJK distance

template <class Shape>
void gjkDistanceCollide(benchmark::State& state, const std::vector<Case<Shape>>& cases) {
  int searches = 0;
  for (const Case<Shape>& c : cases) searches += gjkDistance(c.a, Transformed<Shape>{c.b, invMul(c.poseA, c.poseB)}).iterations;
  state.counters["support_searches"] = static_cast<double>(searches) / static_cast<double>(cases.size());
  std::size_t index = 0;
  for (auto _ : state) {
    const Case<Shape>& c = next(cases, index);
    const Transformed<Shape> placedB{c.b, invMul(c.poseA, c.poseB)};
    benchmark::DoNotOptimize(gjkDistance(c.a, placedB));
  }
}

template <class Shape>
void gjkDistanceBox2d(benchmark::State& state, const std::vector<Case<Shape>>& cases) {
  int searches = 0;
  for (const Case<Shape>& c : cases) {
    b2SimplexCache cache;
    cache.count = 0;
    b2DistanceOutput output;
    b2Distance(&output, &cache, &c.input);
    searches += output.iterations;
  }
  state.counters["support_searches"] = static_cast<double>(searches) / static_cast<double>(cases.size());
  std::size_t index = 0;
  for (auto _ : state) {
    const Case<Shape>& c = next(cases, index);
    b2SimplexCache cache;
    cache.count = 0;
    b2DistanceOutput output;
    b2Distance(&output, &cache, &c.input);
    benchmark::DoNotOptimize(output);
  }
}

// The stepper's call: the same function with a Recorder. The recorder is reused and cleared, as the app re-records
// on every drag, so this measures building the steps, not the allocator.
void gjkDistanceRecorded(benchmark::State& state, const std::vector<Case<Polygon<float>>>& cases) {
  std::size_t index = 0;
  Recorder<GjkStep<Vec2<float>>> recorder;
  recorder.steps.reserve(64);
  const GjkOptions options;
  for (auto _ : state) {
    const Case<Polygon<float>>& c = next(cases, index);
    recorder.steps.clear();
    const Transformed<Polygon<float>> placedB{c.b, invMul(c.poseA, c.poseB)};
    benchmark::DoNotOptimize(gjkDistance(c.a, placedB, options, nullptr, recorder));
    benchmark::DoNotOptimize(recorder.steps.data());
  }
}

// [SECTION] GJK boolean

void gjkBooleanCollide(benchmark::State& state, const std::vector<Case<Polygon<float>>>& cases) {
  std::size_t index = 0;
  for (auto _ : state) {
    const Case<Polygon<float>>& c = next(cases, index);
    const Transformed<Polygon<float>> placedB{c.b, invMul(c.poseA, c.poseB)};
    benchmark::DoNotOptimize(gjkIntersect(c.a, placedB));
  }
}

template <class Shape>
void testOverlapBox2d(benchmark::State& state, const std::vector<Case<Shape>>& cases) {
  std::size_t index = 0;
  for (auto _ : state) {
    const Case<Shape>& c = next(cases, index);
    benchmark::DoNotOptimize(b2TestOverlap(&c.shapeA, 0, &c.shapeB, 0, c.input.transformA, c.input.transformB));
  }
}

// [SECTION] SAT

void satBoxesCollide(benchmark::State& state, const std::vector<Case<Box<float>>>& cases) {
  std::size_t index = 0;
  for (auto _ : state) {
    const Case<Box<float>>& c = next(cases, index);
    benchmark::DoNotOptimize(satBoxes(c.a, c.poseA, c.b, c.poseB));
  }
}

template <class Shape>
void satPolygonsCollide(benchmark::State& state, const std::vector<Case<Shape>>& cases) {
  std::size_t index = 0;
  for (auto _ : state) {
    const Case<Shape>& c = next(cases, index);
    benchmark::DoNotOptimize(satPolygons(c.polygonA, c.poseA, c.polygonB, c.poseB));
  }
}

template <class Shape>
void collidePolygonsBox2d(benchmark::State& state, const std::vector<Case<Shape>>& cases) {
  std::size_t index = 0;
  for (auto _ : state) {
    const Case<Shape>& c = next(cases, index);
    b2Manifold manifold;
    b2CollidePolygons(&manifold, &c.shapeA, c.input.transformA, &c.shapeB, c.input.transformB);
    benchmark::DoNotOptimize(manifold);
  }
}

// [SECTION] EPA

void epaCollide(benchmark::State& state, const std::vector<Case<Polygon<float>>>& cases) {
  std::size_t index = 0;
  for (auto _ : state) {
    const Case<Polygon<float>>& c = next(cases, index);
    const Transformed<Polygon<float>> placedB{c.b, invMul(c.poseA, c.poseB)};
    benchmark::DoNotOptimize(gjkEpa(c.a, placedB));
  }
}

// [SECTION] The Collision detection notes' frame of 1,000 box tests

// One iteration = all 1,000 tests, so the time column (in ms) is the time per frame. x_faster_than_article is the
// article's figure over ours; the console prints it with a "/s" suffix because Google Benchmark derives it as a rate.
template <class Test>
void frame(benchmark::State& state, double articleMilliseconds, Test test) {
  const std::vector<Case<Box<float>>>& cases = frameCases();
  int overlapping = 0;
  for (const Case<Box<float>>& c : cases) overlapping += satBoxes(c.a, c.poseA, c.b, c.poseB).hit ? 1 : 0;
  for (auto _ : state) {
    for (const Case<Box<float>>& c : cases) benchmark::DoNotOptimize(test(c));
  }
  using Counter = benchmark::Counter;
  state.counters["x_faster_than_article"] = Counter(articleMilliseconds * 1e-3, Counter::kIsIterationInvariantRate);
  state.counters["overlapping"] = overlapping;  // of the 1,000 pairs; EPA runs on these only
}

void registerAll() {
  using benchmark::RegisterBenchmark;
  RegisterBenchmark("GjkDistance/Box/collide", [](benchmark::State& s) { gjkDistanceCollide(s, boxCases()); });
  RegisterBenchmark("GjkDistance/Box/box2d", [](benchmark::State& s) { gjkDistanceBox2d(s, boxCases()); });
  RegisterBenchmark("GjkDistance/Ngon8/collide", [](benchmark::State& s) { gjkDistanceCollide(s, octagonCases()); });
  RegisterBenchmark("GjkDistance/Ngon8/box2d", [](benchmark::State& s) { gjkDistanceBox2d(s, octagonCases()); });
  RegisterBenchmark("GjkDistance/Ngon8BroadPhase/collide",
                    [](benchmark::State& s) { gjkDistanceCollide(s, broadPhaseOctagonCases()); });
  RegisterBenchmark("GjkDistance/Ngon8BroadPhase/box2d",
                    [](benchmark::State& s) { gjkDistanceBox2d(s, broadPhaseOctagonCases()); });
  RegisterBenchmark("GjkDistance/Ngon8/collide_recorded",
                    [](benchmark::State& s) { gjkDistanceRecorded(s, octagonCases()); });
  RegisterBenchmark("GjkBoolean/Ngon8/collide", [](benchmark::State& s) { gjkBooleanCollide(s, octagonCases()); });
  RegisterBenchmark("GjkBoolean/Ngon8/box2d", [](benchmark::State& s) { testOverlapBox2d(s, octagonCases()); });
  RegisterBenchmark("GjkBoolean/Ngon8BroadPhase/collide",
                    [](benchmark::State& s) { gjkBooleanCollide(s, broadPhaseOctagonCases()); });
  RegisterBenchmark("GjkBoolean/Ngon8BroadPhase/box2d",
                    [](benchmark::State& s) { testOverlapBox2d(s, broadPhaseOctagonCases()); });
  RegisterBenchmark("SatBox/Box/collide", [](benchmark::State& s) { satBoxesCollide(s, boxCases()); });
  RegisterBenchmark("SatBox/Box/box2d", [](benchmark::State& s) { collidePolygonsBox2d(s, boxCases()); });
  RegisterBenchmark("Sat/Ngon8/collide", [](benchmark::State& s) { satPolygonsCollide(s, octagonCases()); });
  RegisterBenchmark("Sat/Ngon8/box2d", [](benchmark::State& s) { collidePolygonsBox2d(s, octagonCases()); });
  RegisterBenchmark("Epa/Ngon8/collide", [](benchmark::State& s) { epaCollide(s, overlappingOctagonCases()); });

  RegisterBenchmark("Frame1000/SatBox", [](benchmark::State& s) {
    frame(s, 10.0, [](const Case<Box<float>>& c) { return satBoxes(c.a, c.poseA, c.b, c.poseB); });
  })->Unit(benchmark::kMillisecond);
  RegisterBenchmark("Frame1000/Sat", [](benchmark::State& s) {
    frame(s, 20.0, [](const Case<Box<float>>& c) { return satPolygons(c.polygonA, c.poseA, c.polygonB, c.poseB); });
  })->Unit(benchmark::kMillisecond);
  RegisterBenchmark("Frame1000/Gjk", [](benchmark::State& s) {
    frame(s, 15.0, [](const Case<Box<float>>& c) {
      return gjkIntersect(c.a, Transformed<Box<float>>{c.b, invMul(c.poseA, c.poseB)});
    });
  })->Unit(benchmark::kMillisecond);
  RegisterBenchmark("Frame1000/Epa", [](benchmark::State& s) {
    frame(s, 50.0, [](const Case<Box<float>>& c) {
      return gjkEpa(c.a, Transformed<Box<float>>{c.b, invMul(c.poseA, c.poseB)});
    });
  })->Unit(benchmark::kMillisecond);
}

}  // namespace
}  // namespace collide::bench

// This file owns the benchmark executable's main (bench/CMakeLists.txt links benchmark::benchmark, not its main).
int main(int argc, char** argv) {
  collide::bench::registerAll();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
