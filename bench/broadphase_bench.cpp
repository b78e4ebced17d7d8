// Broad phase: ours (SAP incremental and from scratch, grid, tree, brute force) next to Box2D 2.4.1's
// b2BroadPhase on the same moving boxes (workloads/motions.h), one benchmark iteration = one frame:
// move every proxy, then compute the pairs. Names: BroadPhase/<Motion>/<count>/<algorithm>; in space (no peer,
// Box2D is 2D; our SAP, grid and tree on the same frames): BroadPhase3D/<Motion>/<count>/<algorithm>.
//
// What each side does per frame:
//   ours   move(id, box) for every box, then update(): the full pair set, sorted, exact on the true boxes.
//   box2d  MoveProxy(id, aabb, displacement) for every box (it reinserts only boxes that left their fat AABB),
//          then UpdatePairs(callback) counting the pairs: Box2D reports only the pairs of reinserted proxies,
//          on fat boxes, and leaves persistence to its contact manager, so it does less work per frame than a
//          full pair set. The `pairs` counter shows both.
// Counters: pairs per frame, swaps per frame (SAP), box tests and (SAP) pairs overlapping on the sweep axis per
// frame, bytes per object (heap growth from an empty broad phase to
// one holding the scene, measured with mallinfo2, the same way for both sides).
//
// [SECTION] Scene and memory helpers
// [SECTION] Ours
// [SECTION] Box2D
// [SECTION] Registration
#include <benchmark/benchmark.h>
#include <box2d/b2_broad_phase.h>
#include <malloc.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "collide/aabb_tree.h"
#include "collide/broadphase.h"
#include "workloads/motions.h"
#include "collide/brute_force.h"
#include "collide/sweep_and_prune.h"
#include "collide/uniform_grid.h"

namespace {

using collide::BoxMotion;
using Scene = collide::MovingBoxes<float, 2>;
template <int Dim>
using SceneOf = collide::MovingBoxes<float, Dim>;

// [SECTION] Scene and memory helpers

constexpr std::uint64_t kSeed = 2024;
// Frames run before timing, so SAP starts from sorted endpoints and the tree from settled leaves; the floor
// scene runs until every box has landed (MovingBoxes::kDropHeight), so it is timed as a pile on the floor.
int warmupFrames(BoxMotion motion) { return motion == BoxMotion::Floor ? 30 : 3; }

std::size_t heapBytesInUse() {
  const struct mallinfo2 info = mallinfo2();
  return info.uordblks + info.hblkhd;
}

// One frame's worth of iterations, scaled so the whole suite runs in a few minutes.
benchmark::IterationCount framesFor(std::size_t count) {
  if (count >= 100000) return 10;
  if (count >= 10000) return 50;
  return 200;
}

// [SECTION] Ours

template <class BroadPhaseType, class SceneType>
void moveAll(BroadPhaseType& broadPhase, const SceneType& scene) {
  for (std::size_t i = 0; i < scene.size(); ++i) {
    const bool moved = broadPhase.move(static_cast<collide::ProxyId>(i), scene.boxes()[i]);
    benchmark::DoNotOptimize(moved);
  }
}

template <class BroadPhaseType>
void runOurs(benchmark::State& state, BoxMotion motion, std::size_t count, BroadPhaseType prototype) {
  SceneOf<BroadPhaseType::kDimensions> scene(motion, count, kSeed);
  const std::size_t heapBefore = heapBytesInUse();
  BroadPhaseType broadPhase = prototype;
  for (const auto& box : scene.boxes()) benchmark::DoNotOptimize(broadPhase.add(box));
  benchmark::DoNotOptimize(broadPhase.update());
  for (int frame = 0; frame < warmupFrames(motion); ++frame) {
    scene.step();
    moveAll(broadPhase, scene);
    benchmark::DoNotOptimize(broadPhase.update());
  }
  const std::size_t heapAfter = heapBytesInUse();
  double pairs = 0;
  double swaps = 0;
  double candidates = 0;
  double sweepCandidates = 0;
  for (auto _ : state) {
    state.PauseTiming();
    scene.step();
    state.ResumeTiming();
    moveAll(broadPhase, scene);
    const auto& result = broadPhase.update();
    benchmark::DoNotOptimize(result.data());
    pairs += static_cast<double>(result.size());
    swaps += static_cast<double>(broadPhase.stats().swaps);
    candidates += static_cast<double>(broadPhase.stats().boxTests);
    sweepCandidates += static_cast<double>(broadPhase.stats().candidatePairsPerAxis[0]);
  }
  const double frames = static_cast<double>(state.iterations());
  state.counters["pairs"] = pairs / frames;
  state.counters["swaps"] = swaps / frames;
  state.counters["box_tests"] = candidates / frames;
  state.counters["sweep_candidates"] = sweepCandidates / frames;  // SAP: pairs overlapping on the sweep axis
  state.counters["bytes_per_object"] = static_cast<double>(heapAfter - heapBefore) / static_cast<double>(count);
  state.counters["memory_self_reported"] = static_cast<double>(broadPhase.memoryBytes()) / static_cast<double>(count);
}

// [SECTION] Box2D

struct PairCounter {
  std::size_t pairs = 0;
  void AddPair(void*, void*) { ++pairs; }
};

b2AABB toBox2d(const collide::Bounds<float, 2>& box) {
  b2AABB aabb;
  aabb.lowerBound.Set(box.min[0], box.min[1]);
  aabb.upperBound.Set(box.max[0], box.max[1]);
  return aabb;
}

void runBox2d(benchmark::State& state, BoxMotion motion, std::size_t count) {
  Scene scene(motion, count, kSeed);
  const std::size_t heapBefore = heapBytesInUse();
  auto broadPhase = std::make_unique<b2BroadPhase>();
  std::vector<int> proxies(count);
  for (std::size_t i = 0; i < count; ++i) proxies[i] = broadPhase->CreateProxy(toBox2d(scene.boxes()[i]), nullptr);
  PairCounter counter;
  // A teleport is not a motion: Box2D's b2Body::SetTransform synchronises with a zero displacement, and a
  // jump across the world as displacement would grow every fat box over the whole world.
  const bool predictMotion = motion != BoxMotion::Teleport;
  const auto frame = [&] {
    for (std::size_t i = 0; i < count; ++i) {
      const auto d = predictMotion ? scene.displacement(i) : Scene::Vector{};
      broadPhase->MoveProxy(proxies[i], toBox2d(scene.boxes()[i]),
                            b2Vec2(static_cast<float>(d[0]), static_cast<float>(d[1])));
    }
    broadPhase->UpdatePairs(&counter);
  };
  broadPhase->UpdatePairs(&counter);
  for (int warm = 0; warm < warmupFrames(motion); ++warm) {
    scene.step();
    frame();
  }
  const std::size_t heapAfter = heapBytesInUse();
  counter.pairs = 0;
  for (auto _ : state) {
    state.PauseTiming();
    scene.step();
    state.ResumeTiming();
    frame();
  }
  state.counters["pairs"] = static_cast<double>(counter.pairs) / static_cast<double>(state.iterations());
  state.counters["bytes_per_object"] = static_cast<double>(heapAfter - heapBefore) / static_cast<double>(count);
}

// [SECTION] Registration

const bool registered = [] {
  for (const BoxMotion motion : {BoxMotion::Drift, BoxMotion::Bounce, BoxMotion::Floor, BoxMotion::Teleport}) {
    std::string motionLabel(collide::motionName(motion));
    motionLabel[0] = static_cast<char>(motionLabel[0] - 'a' + 'A');
    for (const std::size_t count : {1000, 10000, 100000}) {
      const std::string prefix = "BroadPhase/" + motionLabel + "/" + std::to_string(count) + "/";
      const auto add = [&](const std::string& name, auto function) {
        benchmark::RegisterBenchmark((prefix + name).c_str(), function)
            ->Iterations(framesFor(count))
            ->Unit(benchmark::kMillisecond);
      };
      add("sap", [motion, count](benchmark::State& state) {
        runOurs(state, motion, count, collide::SweepAndPrune<float, 2>{});
      });
      add("sap_full_sort", [motion, count](benchmark::State& state) {
        runOurs(state, motion, count, collide::SweepAndPrune<float, 2>{collide::SapOptions{.incremental = false}});
      });
      add("grid", [motion, count](benchmark::State& state) {
        runOurs(state, motion, count, collide::UniformGrid<float, 2>{});
      });
      add("bvh",
          [motion, count](benchmark::State& state) { runOurs(state, motion, count, collide::AabbTree<float, 2>{}); });
      // The floor's worst case: sweeping the up axis, where every box shares the range (RTR collision summary, 25.1.1).
      if (motion == BoxMotion::Floor && count <= 10000) {
        add("sap_sweep_up_axis", [motion, count](benchmark::State& state) {
          runOurs(state, motion, count, collide::SweepAndPrune<float, 2>{collide::SapOptions{.sweepAxis = 1}});
        });
      }
      if (count <= 1000) {
        add("brute", [motion, count](benchmark::State& state) {
          runOurs(state, motion, count, collide::BruteForce<float, 2>{});
        });
      }
      add("box2d", [motion, count](benchmark::State& state) { runBox2d(state, motion, count); });
    }
  }
  // In space: drift is the goal's scene (100,000 boxes under 16 ms a frame); the floor (z up) shows the axis
  // order at work, the up axis last.
  for (const BoxMotion motion : {BoxMotion::Drift, BoxMotion::Floor}) {
    std::string motionLabel(collide::motionName(motion));
    motionLabel[0] = static_cast<char>(motionLabel[0] - 'a' + 'A');
    for (const std::size_t count : {10000, 100000}) {
      const std::string prefix = "BroadPhase3D/" + motionLabel + "/" + std::to_string(count) + "/";
      const auto add = [&](const std::string& name, auto function) {
        benchmark::RegisterBenchmark((prefix + name).c_str(), function)
            ->Iterations(framesFor(count))
            ->Unit(benchmark::kMillisecond);
      };
      add("sap", [motion, count](benchmark::State& state) {
        runOurs(state, motion, count, collide::SweepAndPrune<float, 3>{});
      });
      add("grid", [motion, count](benchmark::State& state) {
        runOurs(state, motion, count, collide::UniformGrid<float, 3>{});
      });
      add("bvh",
          [motion, count](benchmark::State& state) { runOurs(state, motion, count, collide::AabbTree<float, 3>{}); });
    }
  }
  return true;
}();

}  // namespace
