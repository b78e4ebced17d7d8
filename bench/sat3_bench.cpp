// bench/sat3_bench.cpp: SAT in space on the same near-touching inputs as the GJK benchmarks (bench_inputs3.h:
// boxCases and hullCases, 512 pairs per family, 20% overlapping, the rest 0.001 to 0.1 apart).
//
// No packaged peer has an oriented-box SAT (Bullet's btBoxBoxDetector is a contact generator, libccd has none), so
// these report absolute times; GjkBoolean3 in narrowphase3_bench.cpp answers the same yes/no question on the same
// pairs. Each call takes world transforms, as a broad phase hands them over (SAT places B in A's frame itself).
//   Sat3/Box/{float,double}/sat15      satBoxes: 3 + 3 face axes and 9 edge products (Ericson 4.4.1), with the
//                                      minimum translation when they overlap
//   Sat3/Box/{float,double}/sat_lite   satBoxesLite: the 6 face axes; when they say "hit" it also runs the 15 to
//                                      report whether it was fooled, so an overlapping pair costs both
//   Sat3/Hull32/{float,double}/sat     satPolytopes on two 32-vertex hulls: face normals, then the edge pairs the
//                                      Gauss map keeps (Gregorius, GDC 2013); the hulls are validated per call
//
//   build/release/bench/collide_bench3 --benchmark_filter='Sat3|GjkBoolean3'
//
// [SECTION] Benchmarks
// [SECTION] Registration
#include <benchmark/benchmark.h>

#include <cstddef>
#include <vector>

#include "bench_inputs3.h"
#include "collide/sat3.h"

namespace collide::bench {
namespace {

// [SECTION] Benchmarks

// One SAT query per iteration on world transforms; `query` is satBoxes, satBoxesLite or satPolytopes.
template <class Case, class Query>
void satBenchmark(benchmark::State& state, const std::vector<Case>& cases, Query query) {
  std::size_t index = 0;
  for (auto _ : state) {
    const Case& c = nextCase(cases, index);
    benchmark::DoNotOptimize(query(c.a, c.poseA, c.b, c.poseB));
  }
}

constexpr auto kSat15 = [](const auto&... args) { return satBoxes(args...); };
constexpr auto kSatLite = [](const auto&... args) { return satBoxesLite(args...); };
constexpr auto kSatHulls = [](const auto&... args) { return satPolytopes(args...); };

// [SECTION] Registration

void registerAll() {
  using benchmark::RegisterBenchmark;
  RegisterBenchmark("Sat3/Box/float/sat15", [](benchmark::State& s) { satBenchmark(s, boxCases<float>(), kSat15); });
  RegisterBenchmark("Sat3/Box/double/sat15", [](benchmark::State& s) { satBenchmark(s, boxCases<double>(), kSat15); });
  RegisterBenchmark("Sat3/Box/float/sat_lite", [](benchmark::State& s) { satBenchmark(s, boxCases<float>(), kSatLite); });
  RegisterBenchmark("Sat3/Box/double/sat_lite", [](benchmark::State& s) { satBenchmark(s, boxCases<double>(), kSatLite); });
  RegisterBenchmark("Sat3/Hull32/float/sat", [](benchmark::State& s) { satBenchmark(s, hullCases<float>(), kSatHulls); });
  RegisterBenchmark("Sat3/Hull32/double/sat", [](benchmark::State& s) { satBenchmark(s, hullCases<double>(), kSatHulls); });
}

[[maybe_unused]] const bool kRegistered = (registerAll(), true);

}  // namespace
}  // namespace collide::bench
