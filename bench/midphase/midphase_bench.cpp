// The mid phase's benchmarks (docs/PERFORMANCE.md, "Mid phase"), with FCL 0.7 in the same run:
//   Bvh/Build/<build>            building a tree over a 40,000-triangle torus; items = triangles (goal: binned SAH
//                                 >= 3 M/s on one core)
//   Bvh/Refit, Bvh/Rebuild        a deforming 39,762-triangle cloth: refit against a full binned SAH rebuild (goal:
//                                 refit >= 10x faster)
//   Midphase/Pairs40k/<bv>/collide, .../fcl_obbrss
//                                 every overlapping triangle pair of two 40,000-triangle tori in a rotated pose;
//                                 trees built outside the timing (goal: no slower than FCL's OBBRSS)
// Counters: bv_tests, primitive_tests, pairs per query, so the cost model's terms (Ericson 6.1; the BV / primitive /
// update trade-off) are measured on the same pair for each volume.
#include <benchmark/benchmark.h>

#include <fcl/fcl.h>

#include <memory>
#include <vector>

#include "collide/bvh.h"
#include "workloads/meshes.h"
#include "workloads/random.h"

namespace {

using namespace collide;

const Mesh<double>& torus40k() {
  static const Mesh<double> mesh = torusMesh(1.0, 0.3, 200, 100);
  return mesh;
}

// B's pose: rotated about a tilted axis and shifted so the tubes cross along two arcs (1,554 triangle pairs).
Transform3<double> poseB() {
  return {{0.3, 0.1, 0.2}, Quat<double>{0.1, 0.5, 0.2, 0.8}.normalized()};
}

void buildBenchmark(benchmark::State& state, BvhBuild build, BvKind kind) {
  const Mesh<double>& mesh = torus40k();
  for (auto _ : state) {
    Bvh<double> bvh = buildBvh(mesh, {build, kind});
    benchmark::DoNotOptimize(bvh.nodes.data());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(mesh.triangles.size()));
  const Bvh<double> bvh = buildBvh(mesh, {build, kind});
  const BvhStats stats = bvhStats(bvh);
  state.counters["sah"] = stats.sahCost;
  state.counters["depth"] = stats.depth;
  state.counters["nodes"] = stats.nodes;
}

constexpr int kClothCells = 141;  // 2 * 141^2 = 39,762 triangles

void refitBenchmark(benchmark::State& state, bool rebuild, BvKind kind) {
  Mesh<double> cloth = clothMesh(kClothCells, 2.0);
  Bvh<double> bvh = buildBvh(cloth, {BvhBuild::BinnedSah, kind});
  double time = 0;
  for (auto _ : state) {
    state.PauseTiming();
    time += 0.05;
    deformCloth(cloth, kClothCells, 2.0, time);
    state.ResumeTiming();
    if (rebuild) {
      bvh = buildBvh(cloth, {BvhBuild::BinnedSah, kind});
    } else {
      benchmark::DoNotOptimize(refitBvh(bvh, cloth));
    }
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(cloth.triangles.size()));
}

// One frame of a deforming cloth against a ball: update the cloth's tree and query it. Full: refit every node,
// then traverse. Hybrid: refit the top 6 levels, traverse, refitting deeper nodes only where the ball is.
void deformingFrameBenchmark(benchmark::State& state, bool hybrid) {
  Mesh<double> cloth = clothMesh(kClothCells, 2.0);
  const Mesh<double> ball = sphereMesh(0.3, 16, 32);
  Bvh<double> bvh = buildBvh(cloth, {BvhBuild::BinnedSah, BvKind::Aabb});
  const Bvh<double> ballTree = buildBvh(ball, {BvhBuild::BinnedSah, BvKind::Aabb});
  const Transform3<double> xfBall{{-0.8, 0.1, 0.05}, Quat<double>::identity()};
  HybridRefit lazy;
  double time = 0;
  std::size_t pairs = 0;
  for (auto _ : state) {
    state.PauseTiming();
    time += 0.05;
    deformCloth(cloth, kClothCells, 2.0, time);
    state.ResumeTiming();
    if (hybrid) {
      (void)refitHybrid(bvh, cloth, 6, lazy);
      pairs = midphaseHybrid(bvh, cloth, lazy, {}, ballTree, ball, xfBall).pairs.size();
    } else {
      (void)refitBvh(bvh, cloth);
      pairs = midphase(bvh, cloth, {}, ballTree, ball, xfBall).pairs.size();
    }
    benchmark::DoNotOptimize(pairs);
  }
  state.counters["pairs"] = static_cast<double>(pairs);
  if (hybrid) state.counters["nodes_refitted"] = lazy.eager + lazy.onDemand;
}

BENCHMARK_CAPTURE(deformingFrameBenchmark, full, false)->Name("Bvh/DeformingFrame/refit")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(deformingFrameBenchmark, hybrid, true)->Name("Bvh/DeformingFrame/hybrid")->Unit(benchmark::kMillisecond);

void pairsBenchmark(benchmark::State& state, BvKind kind, bool satLite) {
  const Mesh<double>& mesh = torus40k();
  const Bvh<double> a = buildBvh(mesh, {BvhBuild::BinnedSah, kind});
  const Bvh<double> b = buildBvh(mesh, {BvhBuild::BinnedSah, kind});
  MidphaseOptions options;
  options.satLite = satLite;
  options.countLiteFalsePositives = false;  // the extra 9 axes would only be counted, not used
  MidphaseResult<double> result;
  for (auto _ : state) {
    result = midphase(a, mesh, {}, b, mesh, poseB(), options);
    benchmark::DoNotOptimize(result.pairs.data());
  }
  state.counters["pairs"] = static_cast<double>(result.pairs.size());
  state.counters["bv_tests"] = result.bvTests;
  state.counters["primitive_tests"] = result.primitiveTests;
}

// The cost model's unit costs: one BV test of each kind and one triangle test, over 1,024 random pairs (about a
// third overlapping), so the per-test time is the benchmark's time / 1,024.
constexpr int kUnitPairs = 1024;

struct UnitInputs {
  std::vector<detail::Frame3<double>> frames;
  std::vector<std::array<double, 6>> extents;  // half extents of A, then B
  std::vector<std::array<Vec3<double>, 6>> triangles;
};

const UnitInputs& unitInputs() {
  static const UnitInputs inputs = [] {
    UnitInputs in;
    SplitMix64 random(5);
    for (int i = 0; i < kUnitPairs; ++i) {
      const Quat<double> q = Quat<double>{random.uniform(-1, 1), random.uniform(-1, 1), random.uniform(-1, 1), random.uniform(-1, 1)}.normalized();
      detail::Frame3<double> f = detail::frameOf(Transform3<double>{{random.uniform(-2, 2), random.uniform(-2, 2), random.uniform(-2, 2)}, q});
      in.frames.push_back(f);
      std::array<double, 6> e;
      for (double& x : e) x = random.uniform(0.1, 1.0);
      in.extents.push_back(e);
      std::array<Vec3<double>, 6> t;
      for (auto& p : t) p = {random.uniform(-1, 1), random.uniform(-1, 1), random.uniform(-1, 1)};
      in.triangles.push_back(t);
    }
    return in;
  }();
  return inputs;
}

void unitBoxTest(benchmark::State& state, bool lite) {
  const UnitInputs& in = unitInputs();
  int hits = 0;
  for (auto _ : state) {
    hits = 0;
    for (int i = 0; i < kUnitPairs; ++i) {
      hits += detail::boxesSeparated(in.extents[i].data(), in.extents[i].data() + 3, in.frames[i], lite, nullptr) ? 0 : 1;
    }
    benchmark::DoNotOptimize(hits);
  }
  state.counters["overlapping"] = hits;
}

void unitSphereTest(benchmark::State& state) {
  const UnitInputs& in = unitInputs();
  int hits = 0;
  for (auto _ : state) {
    hits = 0;
    for (int i = 0; i < kUnitPairs; ++i) {
      const double reach = in.extents[i][0] + in.extents[i][3];
      hits += lengthSquared(detail::applyFrame(in.frames[i], Vec3<double>{}) ) <= reach * reach ? 1 : 0;
    }
    benchmark::DoNotOptimize(hits);
  }
  state.counters["overlapping"] = hits;
}

void unitTriangleTest(benchmark::State& state) {
  const UnitInputs& in = unitInputs();
  int hits = 0;
  for (auto _ : state) {
    hits = 0;
    for (int i = 0; i < kUnitPairs; ++i) {
      const auto& t = in.triangles[i];
      hits += trianglesOverlap(t[0], t[1], t[2], t[3], t[4], t[5]) ? 1 : 0;
    }
    benchmark::DoNotOptimize(hits);
  }
  state.counters["overlapping"] = hits;
}

BENCHMARK_CAPTURE(unitBoxTest, full, false)->Name("CostModel/BoxTest15/x1024");
BENCHMARK_CAPTURE(unitBoxTest, lite, true)->Name("CostModel/BoxTest6/x1024");
BENCHMARK(unitSphereTest)->Name("CostModel/SphereTest/x1024");
BENCHMARK(unitTriangleTest)->Name("CostModel/TriangleTest/x1024");

std::shared_ptr<fcl::BVHModel<fcl::OBBRSSd>> fclModel(const Mesh<double>& mesh) {
  auto model = std::make_shared<fcl::BVHModel<fcl::OBBRSSd>>();
  std::vector<fcl::Vector3d> vertices;
  for (const Vec3<double>& v : mesh.vertices) vertices.emplace_back(v.x, v.y, v.z);
  std::vector<fcl::Triangle> triangles;
  for (const auto& t : mesh.triangles) triangles.emplace_back(t[0], t[1], t[2]);
  model->beginModel();
  model->addSubModel(vertices, triangles);
  model->endModel();
  return model;
}

void fclPairsBenchmark(benchmark::State& state) {
  const Mesh<double>& mesh = torus40k();
  const Transform3<double> pose = poseB();
  fcl::Transform3d xfB = fcl::Transform3d::Identity();
  xfB.linear() = fcl::Quaterniond(pose.q.w, pose.q.x, pose.q.y, pose.q.z).toRotationMatrix();
  xfB.translation() = fcl::Vector3d(pose.p.x, pose.p.y, pose.p.z);
  fcl::CollisionObjectd a(fclModel(mesh), fcl::Transform3d::Identity());
  fcl::CollisionObjectd b(fclModel(mesh), xfB);
  // Every contact (primitive pair), no contact points: the same question as ours.
  fcl::CollisionRequestd request(std::numeric_limits<std::size_t>::max(), false);
  std::size_t pairs = 0;
  for (auto _ : state) {
    fcl::CollisionResultd result;
    fcl::collide(&a, &b, request, result);
    pairs = result.numContacts();
    benchmark::DoNotOptimize(pairs);
  }
  state.counters["pairs"] = static_cast<double>(pairs);
}

BENCHMARK_CAPTURE(buildBenchmark, sah, BvhBuild::BinnedSah, BvKind::Aabb)->Name("Bvh/Build/sah")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(buildBenchmark, median, BvhBuild::Median, BvKind::Aabb)->Name("Bvh/Build/median")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(buildBenchmark, lbvh, BvhBuild::Lbvh, BvKind::Aabb)->Name("Bvh/Build/lbvh")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(buildBenchmark, bottom_up, BvhBuild::BottomUp, BvKind::Aabb)->Name("Bvh/Build/bottom-up")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(buildBenchmark, insertion, BvhBuild::Insertion, BvKind::Aabb)->Name("Bvh/Build/insertion")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(buildBenchmark, sah_obb, BvhBuild::BinnedSah, BvKind::Obb)->Name("Bvh/Build/sah_obb")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(refitBenchmark, refit, false, BvKind::Aabb)->Name("Bvh/Refit")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(refitBenchmark, rebuild, true, BvKind::Aabb)->Name("Bvh/Rebuild")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(refitBenchmark, refit_sphere, false, BvKind::Sphere)->Name("Bvh/Refit/sphere")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(refitBenchmark, refit_obb, false, BvKind::Obb)->Name("Bvh/Refit/obb")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(pairsBenchmark, aabb, BvKind::Aabb, false)->Name("Midphase/Pairs40k/aabb/collide")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(pairsBenchmark, aabb_lite, BvKind::Aabb, true)->Name("Midphase/Pairs40k/aabb_sat_lite/collide")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(pairsBenchmark, sphere, BvKind::Sphere, false)->Name("Midphase/Pairs40k/sphere/collide")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(pairsBenchmark, obb, BvKind::Obb, false)->Name("Midphase/Pairs40k/obb/collide")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(pairsBenchmark, obb_lite, BvKind::Obb, true)->Name("Midphase/Pairs40k/obb_sat_lite/collide")->Unit(benchmark::kMillisecond);
BENCHMARK(fclPairsBenchmark)->Name("Midphase/Pairs40k/fcl_obbrss")->Unit(benchmark::kMillisecond);

}  // namespace
