// bench/cast_bench.cpp: the casts next to Box2D 2.4.1 on identical random sweeps, in one run (float).
//
// Per-call benchmarks cycle through kSweeps seeded sweeps of two random 8-gons (bench_inputs.h), one call per
// iteration. Box2D gets proxies built from our vertices (radius 0), the same start transforms bit for bit and the
// same motion; ours runs with Box2D's target and tolerance (b2ShapeCast: a gap of b2_polygonRadius, two linear
// slops, and half a slop; b2TimeOfImpact: b2_linearSlop and a quarter of it), relative to each pair's size, so both answer the same
// question (tests/box2d/box2d_cast_test.cpp checks that the answers agree).
//   LinearCast/Ngon8/{collide,box2d}        linearCast vs b2ShapeCast, both the GJK ray cast on A - B (van den
//                                           Bergen 2004; B translating relative to A)
//   LinearCast/Ngon8/collide_exact          linearCast to touching (target 0, the default tolerance)
//   TimeOfImpact/Ngon8/{collide,box2d}      timeOfImpact (conservative advancement, Mirtich's bound) vs
//                                           b2TimeOfImpact (separating-axis root finder), both bodies turning
// Counters: hits (of the sweeps, per call) and iterations (per call, each library's own count).
//
// [SECTION] Inputs
// [SECTION] Linear cast
// [SECTION] Time of impact
#include <benchmark/benchmark.h>
#include <box2d/b2_collision.h>
#include <box2d/b2_distance.h>
#include <box2d/b2_settings.h>
#include <box2d/b2_time_of_impact.h>

#include <algorithm>
#include <cstddef>
#include <vector>

#include "bench_inputs.h"
#include "collide/cast.h"

// Box2D 2.4.1 counts b2TimeOfImpact's outer iterations in this global (b2_time_of_impact.cpp) without declaring it.
extern int32 b2_toiIters;

namespace collide::bench {
namespace {

// [SECTION] Inputs

constexpr std::size_t kSweeps = 512;  // a power of two: the index wraps with a mask
using V = Vec2<float>;

// One sweep in every form both libraries take. Box2D's proxies point into this struct: bind() after the vector
// stops growing.
struct CastCase {
  Polygon<float> a, b;
  Transform<float> poseA, poseB;
  Motion<V> motionA, motionB;
  CastOptions linearOptions, toiOptions;
  ProxyVertices verticesA, verticesB;
  b2ShapeCastInput shapeCast;
  b2TOIInput toi;

  void bind() {
    shapeCast.proxyA = verticesA.proxy();
    shapeCast.proxyB = verticesB.proxy();
    shapeCast.transformA = toBox2d(poseA);
    shapeCast.transformB = toBox2d(poseB);
    shapeCast.translationB = toBox2d(motionB.velocity - motionA.velocity);
    toi.proxyA = shapeCast.proxyA;
    toi.proxyB = shapeCast.proxyB;
    const auto sweep = [](const Transform<float>& pose, const Motion<V>& motion) {
      b2Sweep s;
      s.localCenter.SetZero();
      s.c0 = toBox2d(pose.p);
      s.c = toBox2d(pose.p + motion.velocity);
      s.a0 = pose.q.angle();
      s.a = s.a0 + motion.angularVelocity;
      s.alpha0 = 0.0f;
      return s;
    };
    toi.sweepA = sweep(poseA, motionA);
    toi.sweepB = sweep(poseB, motionB);
    toi.tMax = 1.0f;
  }
};

const std::vector<CastCase>& cases() {
  static const std::vector<CastCase> all = [] {
    Random random{77};
    std::vector<CastCase> out;
    out.reserve(kSweeps);
    while (out.size() < kSweeps) {
      CastCase c{};
      c.a = randomPolygon<float>(random, 8, 1.0);
      c.b = randomPolygon<float>(random, 8, 1.0);
      // Rotations from angles, as Box2D's sweeps rebuild them.
      c.poseA = Transform<float>::fromPose({float(random.uniform(-10, 10)), float(random.uniform(-10, 10))},
                                           float(random.angle()));
      c.poseB = Transform<float>::fromPose({float(random.uniform(-10, 10)), float(random.uniform(-10, 10))},
                                           float(random.angle()));
      const V aim = c.poseB.p - c.poseA.p + V{float(random.uniform(-2.5, 2.5)), float(random.uniform(-2.5, 2.5))};
      c.motionA = {float(random.uniform(0.5, 1.5)) * aim, float(random.uniform(-4, 4))};
      c.motionB = {{float(random.uniform(-1, 1)), float(random.uniform(-1, 1))}, float(random.uniform(-4, 4))};
      const float gap = gjkDistance(c.a, Transformed{c.b, invMul(c.poseA, c.poseB)}).distance;
      if (gap <= 4 * b2_linearSlop) continue;  // starts at the target: no sweep to time
      const float size = std::max(detail::supportHalfDiagonal(Transformed{c.a, c.poseA}),
                                  detail::supportHalfDiagonal(Transformed{c.b, c.poseB}));
      c.linearOptions.relativeTarget = 2 * b2_linearSlop / size;  // b2ShapeCast keeps b2_polygonRadius apart
      c.linearOptions.relativeTolerance = 0.5 * b2_linearSlop / size;
      c.toiOptions.relativeTarget = b2_linearSlop / size;
      c.toiOptions.relativeTolerance = 0.25 * b2_linearSlop / size;
      c.verticesA = proxyVertices(c.a);
      c.verticesB = proxyVertices(c.b);
      out.push_back(c);
    }
    for (CastCase& c : out) c.bind();
    return out;
  }();
  return all;
}

// One call per benchmark iteration; `call` returns {hit, iterations} (the library's own count: support points for
// the GJK ray casts, advancement steps for ours, root-finder rounds for b2TimeOfImpact).
template <class Call>
void run(benchmark::State& state, Call call) {
  const std::vector<CastCase>& all = cases();
  std::size_t i = 0;
  std::int64_t hits = 0;
  std::int64_t iterations = 0;
  for (auto _ : state) {
    const auto [hit, count] = call(all[i]);
    benchmark::DoNotOptimize(hit);
    hits += hit ? 1 : 0;
    iterations += count;
    i = (i + 1) & (kSweeps - 1);
  }
  state.counters["hits"] = benchmark::Counter(double(hits), benchmark::Counter::kAvgIterations);
  state.counters["iterations"] = benchmark::Counter(double(iterations), benchmark::Counter::kAvgIterations);
}

template <Vector V>
std::pair<bool, int> outcome(const CastResult<V>& result) {
  return {result.hit, result.iterations};
}

// [SECTION] Linear cast

void registerAll() {
  using benchmark::RegisterBenchmark;
  RegisterBenchmark("LinearCast/Ngon8/collide", [](benchmark::State& s) {
    run(s, [](const CastCase& c) {
      return outcome(linearCast(c.a, c.poseA, c.motionA.velocity, c.b, c.poseB, c.motionB.velocity, c.linearOptions));
    });
  });
  RegisterBenchmark("LinearCast/Ngon8/box2d", [](benchmark::State& s) {
    run(s, [](const CastCase& c) {
      b2ShapeCastOutput output;
      const bool hit = b2ShapeCast(&output, &c.shapeCast);
      return std::pair{hit, int(output.iterations)};
    });
  });
  RegisterBenchmark("LinearCast/Ngon8/collide_exact", [](benchmark::State& s) {
    run(s, [](const CastCase& c) {
      return outcome(linearCast(c.a, c.poseA, c.motionA.velocity, c.b, c.poseB, c.motionB.velocity));
    });
  });

  // [SECTION] Time of impact
  RegisterBenchmark("TimeOfImpact/Ngon8/collide", [](benchmark::State& s) {
    run(s, [](const CastCase& c) {
      return outcome(timeOfImpact(c.a, c.poseA, c.motionA, c.b, c.poseB, c.motionB, c.toiOptions));
    });
  });
  RegisterBenchmark("TimeOfImpact/Ngon8/box2d", [](benchmark::State& s) {
    run(s, [](const CastCase& c) {
      b2TOIOutput output;
      const int before = b2_toiIters;
      b2TimeOfImpact(&output, &c.toi);
      return std::pair{output.state == b2TOIOutput::e_touching, int(b2_toiIters - before)};
    });
  });
}

[[maybe_unused]] const bool kRegistered = (registerAll(), true);

}  // namespace
}  // namespace collide::bench
