// The mid phase: every build and bounding volume gives a valid tree, and tree-versus-tree finds exactly the
// triangle pairs a brute force over every pair finds; depth bounds, refit, the budget, the trace.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "collide/bvh.h"
#include "collide/aabb_tree.h"
#include "collide/brute_force.h"
#include "collide/sweep_and_prune.h"
#include "workloads/meshes.h"
#include "workloads/motions.h"
#include "workloads/random_shapes3.h"

namespace collide {
namespace {

constexpr std::array kBuilds = {BvhBuild::Median, BvhBuild::BinnedSah, BvhBuild::BottomUp, BvhBuild::Insertion,
                                BvhBuild::Lbvh};
constexpr std::array kKinds = {BvKind::Aabb, BvKind::Sphere, BvKind::Obb};

std::vector<std::array<int, 2>> bruteForce(const Mesh<double>& a, const Transform3<double>& xfA, const Mesh<double>& b,
                                           const Transform3<double>& xfB) {
  const Transform3<double> relative = invMul(xfA, xfB);
  std::vector<std::array<int, 2>> pairs;
  for (int j = 0; j < static_cast<int>(b.triangles.size()); ++j) {
    const auto& tb = b.triangles[j];
    const Vec3<double> q0 = relative.apply(b.vertices[tb[0]]), q1 = relative.apply(b.vertices[tb[1]]),
                       q2 = relative.apply(b.vertices[tb[2]]);
    for (int i = 0; i < static_cast<int>(a.triangles.size()); ++i) {
      const auto& ta = a.triangles[i];
      if (trianglesOverlap(a.vertices[ta[0]], a.vertices[ta[1]], a.vertices[ta[2]], q0, q1, q2)) pairs.push_back({i, j});
    }
  }
  std::sort(pairs.begin(), pairs.end());
  return pairs;
}

struct Case {
  const char* name;
  Mesh<double> a;
  Mesh<double> b;
  Transform3<double> xfB;
};

std::vector<Case> cases() {
  SplitMix64 random(2024);
  std::vector<Case> out;
  out.push_back({"torus vs gear", torusMesh(1.0, 0.3, 24, 12), gearMesh(12, 0.8, 1.1, 0.4),
                 {{0.9, 0.1, 0.05}, Quat<double>::fromEuler(0.4, 0.9, 0.2)}});
  out.push_back({"sphere vs terrain", sphereMesh(0.8, 10, 16), terrainMesh(16, 4.0, 0.6),
                 {{0.2, -0.3, 0.6}, Quat<double>::fromEuler(0.1, -0.2, 0.7)}});
  out.push_back({"soup vs soup", triangleSoup(300, 3.0, 0.6, random), triangleSoup(300, 3.0, 0.6, random),
                 {{0.1, 0.2, -0.1}, randomRotation<double>(random)}});
  // Coplanar contact: a cloth on a cloth, shifted in its plane.
  out.push_back({"cloth on cloth", clothMesh(8, 2.0), clothMesh(8, 2.0), {{0.13, 0.07, 0.0}, Quat<double>::identity()}});
  return out;
}

TEST(Bvh, EveryBuildAndVolumeIsValid) {
  for (const Case& c : cases()) {
    for (const BvhBuild build : kBuilds) {
      for (const BvKind kind : kKinds) {
        const Bvh<double> bvh = buildBvh(c.a, {build, kind});
        ASSERT_EQ(bvh.status, Status::Converged);
        EXPECT_EQ(checkBvh(bvh, c.a), "") << c.name << " " << bvhBuildName(build) << " " << bvKindName(kind);
        const BvhStats stats = bvhStats(bvh);
        EXPECT_EQ(stats.nodes, 2 * stats.leaves - 1);
        EXPECT_GE(stats.sahCost, 1.0);
      }
    }
  }
}

TEST(Bvh, OverlappingPairsEqualBruteForceForEveryBuildAndVolume) {
  for (const Case& c : cases()) {
    const Transform3<double> xfA{};  // the identity, so the cloths' planes stay exactly coplanar
    const Transform3<double> xfB = c.xfB;
    const auto expected = bruteForce(c.a, xfA, c.b, xfB);
    ASSERT_FALSE(expected.empty()) << c.name;
    for (const BvhBuild build : kBuilds) {
      for (const BvKind kind : kKinds) {
        const Bvh<double> ta = buildBvh(c.a, {build, kind});
        const Bvh<double> tb = buildBvh(c.b, {build, kind});
        for (const bool lite : {false, true}) {
          MidphaseOptions options;
          options.satLite = lite;
          const MidphaseResult<double> result = midphase(ta, c.a, xfA, tb, c.b, xfB, options);
          EXPECT_EQ(result.status, Status::Converged);
          EXPECT_EQ(result.pairs, expected) << c.name << " " << bvhBuildName(build) << " " << bvKindName(kind)
                                            << (lite ? " sat-lite" : "");
          EXPECT_LT(result.primitiveTests, static_cast<int>(c.a.triangles.size() * c.b.triangles.size()));
        }
      }
    }
  }
}

TEST(Bvh, FloatTreesMatchFloatBruteForce) {
  const Mesh<double> da = torusMesh(1.0, 0.3, 24, 12), db = gearMesh(12, 0.8, 1.1, 0.4);
  Mesh<float> a{{}, da.triangles}, b{{}, db.triangles};
  for (const auto& v : da.vertices) a.vertices.push_back(v.cast<float>());
  for (const auto& v : db.vertices) b.vertices.push_back(v.cast<float>());
  const Transform3<float> xfB{{0.9f, 0.1f, 0.05f}, Quat<float>::fromEuler(0.4f, 0.9f, 0.2f)};
  std::vector<std::array<int, 2>> expected;
  for (int j = 0; j < static_cast<int>(b.triangles.size()); ++j) {
    const auto& tb = b.triangles[j];
    const Vec3<float> q0 = xfB.apply(b.vertices[tb[0]]), q1 = xfB.apply(b.vertices[tb[1]]), q2 = xfB.apply(b.vertices[tb[2]]);
    for (int i = 0; i < static_cast<int>(a.triangles.size()); ++i) {
      const auto& ta = a.triangles[i];
      if (trianglesOverlap(a.vertices[ta[0]], a.vertices[ta[1]], a.vertices[ta[2]], q0, q1, q2)) expected.push_back({i, j});
    }
  }
  std::sort(expected.begin(), expected.end());
  ASSERT_FALSE(expected.empty());
  for (const BvKind kind : kKinds) {
    const Bvh<float> ta = buildBvh(a, {BvhBuild::BinnedSah, kind});
    const Bvh<float> tb = buildBvh(b, {BvhBuild::Lbvh, kind});
    EXPECT_EQ(checkBvh(ta, a), "");
    EXPECT_EQ(midphase(ta, a, {}, tb, b, xfB).pairs, expected) << bvKindName(kind);
  }
}

TEST(Bvh, SatLiteLetsThroughWhatTheFullTestPrunes) {
  const Mesh<double> a = torusMesh(1.0, 0.3, 32, 16), b = gearMesh(16, 0.8, 1.1, 0.4);
  const Transform3<double> xfB{{0.9, 0.1, 0.05}, Quat<double>::fromEuler(0.7, 0.9, 0.4)};
  const Bvh<double> ta = buildBvh(a, {BvhBuild::BinnedSah, BvKind::Obb});
  const Bvh<double> tb = buildBvh(b, {BvhBuild::BinnedSah, BvKind::Obb});
  const auto full = midphase(ta, a, {}, tb, b, xfB, {});
  MidphaseOptions liteOptions;
  liteOptions.satLite = true;
  const auto lite = midphase(ta, a, {}, tb, b, xfB, liteOptions);
  EXPECT_EQ(full.pairs, lite.pairs);
  EXPECT_GT(lite.liteFalsePositives, 0);
  EXPECT_GT(lite.bvTests, full.bvTests);  // the false positives' subtrees are visited
}

TEST(Bvh, RecordedEqualsUnrecorded) {
  const Mesh<double> a = torusMesh(1.0, 0.3, 16, 8), b = gearMesh(8, 0.8, 1.1, 0.4);
  const Transform3<double> xfB{{0.9, 0.1, 0.05}, Quat<double>::fromEuler(0.4, 0.9, 0.2)};
  for (const BvhBuild build : kBuilds) {
    for (const BvKind kind : kKinds) {
      Recorder<BvhBuildEvent<double>> buildTrace;
      const Bvh<double> ta = buildBvh(a, {build, kind}, buildTrace);
      const Bvh<double> plain = buildBvh(a, {build, kind});
      EXPECT_FALSE(buildTrace.steps.empty());
      EXPECT_EQ(ta.primitives, plain.primitives);
      EXPECT_EQ(ta.nodes.size(), plain.nodes.size());
      const Bvh<double> tb = buildBvh(b, {build, kind});
      for (const int budget : {0, 40, -40}) {
        MidphaseOptions options;
        options.budget = budget < 0 ? -budget : budget;
        options.largestFirst = budget < 0;
        Recorder<MidphaseEvent> trace;
        const auto recorded = midphase(ta, a, {}, tb, b, xfB, options, trace);
        const auto unrecorded = midphase(ta, a, {}, tb, b, xfB, options);
        EXPECT_EQ(recorded.pairs, unrecorded.pairs);
        EXPECT_EQ(recorded.frontier, unrecorded.frontier);
        EXPECT_EQ(recorded.bvTests, unrecorded.bvTests);
        const auto tests = std::count_if(trace.steps.begin(), trace.steps.end(), [](const MidphaseEvent& e) {
          return std::holds_alternative<MidphaseBvTestStep>(e);
        });
        EXPECT_EQ(tests, recorded.bvTests);
      }
    }
  }
}

TEST(Bvh, BudgetReturnsThePartialAnswerAndWhatItSkipped) {
  const Mesh<double> a = torusMesh(1.0, 0.3, 32, 16), b = gearMesh(16, 0.8, 1.1, 0.4);
  const Transform3<double> xfB{{0.9, 0.1, 0.05}, Quat<double>::fromEuler(0.4, 0.9, 0.2)};
  const Bvh<double> ta = buildBvh(a, {BvhBuild::BinnedSah, BvKind::Aabb});
  const Bvh<double> tb = buildBvh(b, {BvhBuild::BinnedSah, BvKind::Aabb});
  const auto full = midphase(ta, a, {}, tb, b, xfB, {});
  for (const bool largestFirst : {false, true}) {
    int previousLevel = -1;
    for (const int budget : {1, 9, 33, 129, 513}) {
      MidphaseOptions options;
      options.budget = budget;
      options.largestFirst = largestFirst;
      const auto partial = midphase(ta, a, {}, tb, b, xfB, options);
      EXPECT_LE(partial.bvTests, budget);
      EXPECT_EQ(partial.status, Status::MaxIterations);
      EXPECT_FALSE(partial.frontier.empty());
      EXPECT_GE(partial.deepestLevel, previousLevel);
      previousLevel = partial.deepestLevel;
      // Every pair found is a true pair; every true pair is found or lies under a frontier pair.
      for (const auto& pair : partial.pairs) EXPECT_TRUE(std::binary_search(full.pairs.begin(), full.pairs.end(), pair));
      const auto under = [](const Bvh<double>& tree, int node, int triangle) {
        const BvhNode<double>& n = tree.nodes[node];
        for (int k = n.first; k < n.first + n.count; ++k) {
          if (tree.primitives[k] == triangle) return true;
        }
        return false;
      };
      for (const auto& pair : full.pairs) {
        if (std::binary_search(partial.pairs.begin(), partial.pairs.end(), pair)) continue;
        EXPECT_TRUE(std::any_of(partial.frontier.begin(), partial.frontier.end(), [&](const std::array<int, 2>& f) {
          return under(ta, f[0], pair[0]) && under(tb, f[1], pair[1]);
        })) << (largestFirst ? "largest first" : "breadth first") << ", budget " << budget;
      }
    }
  }
  for (const bool largestFirst : {false, true}) {
    MidphaseOptions unlimited;
    unlimited.budget = 1 << 30;
    unlimited.largestFirst = largestFirst;
    const auto complete = midphase(ta, a, {}, tb, b, xfB, unlimited);
    EXPECT_EQ(complete.status, Status::Converged);
    EXPECT_EQ(complete.pairs, full.pairs);
  }
}

TEST(Bvh, RefitAnswersLikeARebuildOnADeformingCloth) {
  const int cells = 12;
  Mesh<double> cloth = clothMesh(cells, 2.0);
  const Mesh<double> ball = sphereMesh(0.5, 8, 12);
  for (const BvKind kind : kKinds) {
    Mesh<double> moving = cloth;
    Bvh<double> refitted = buildBvh(moving, {BvhBuild::BinnedSah, kind});
    const Bvh<double> ballTree = buildBvh(ball, {BvhBuild::BinnedSah, kind});
    for (int frame = 1; frame <= 6; ++frame) {
      deformCloth(moving, cells, 2.0, 0.5 * frame);
      ASSERT_EQ(refitBvh(refitted, moving), Status::Converged);
      EXPECT_EQ(checkBvh(refitted, moving), "") << bvKindName(kind) << " frame " << frame;
      const Bvh<double> rebuilt = buildBvh(moving, {BvhBuild::BinnedSah, kind});
      const Transform3<double> xfBall{{-0.6, 0.0, 0.3}, Quat<double>::identity()};
      const auto a = midphase(refitted, moving, {}, ballTree, ball, xfBall, {});
      const auto b = midphase(rebuilt, moving, {}, ballTree, ball, xfBall, {});
      EXPECT_EQ(a.pairs, b.pairs);
      EXPECT_EQ(a.pairs, bruteForce(moving, {}, ball, xfBall));
    }
  }
}

TEST(Bvh, HybridRefitAnswersLikeAFullRefitAndSkipsPrunedSubtrees) {
  const int cells = 24;
  Mesh<double> cloth = clothMesh(cells, 2.0);
  const Mesh<double> ball = sphereMesh(0.4, 8, 12);
  const Bvh<double> ballTree = buildBvh(ball, {BvhBuild::BinnedSah, BvKind::Aabb});
  Bvh<double> hybrid = buildBvh(cloth, {BvhBuild::BinnedSah, BvKind::Aabb});
  Bvh<double> full = hybrid;
  const Transform3<double> xfBall{{-0.7, 0.2, 0.2}, Quat<double>::identity()};
  for (int frame = 1; frame <= 8; ++frame) {
    deformCloth(cloth, cells, 2.0, 0.4 * frame);
    ASSERT_EQ(refitBvh(full, cloth), Status::Converged);
    HybridRefit state;
    ASSERT_EQ(refitHybrid(hybrid, cloth, 4, state), Status::Converged);
    EXPECT_EQ(state.eager, 1 + 2 + 4 + 8);
    Recorder<MidphaseEvent> trace;
    const auto lazy = midphaseHybrid(hybrid, cloth, state, {}, ballTree, ball, xfBall, {}, trace);
    const auto eager = midphase(full, cloth, {}, ballTree, ball, xfBall);
    EXPECT_EQ(lazy.pairs, eager.pairs) << "frame " << frame;
    EXPECT_EQ(lazy.pairs, bruteForce(cloth, {}, ball, xfBall));
    EXPECT_GT(state.onDemand, 0);
    EXPECT_LT(state.eager + state.onDemand, static_cast<int>(hybrid.nodes.size()) / 2) << "frame " << frame;
    EXPECT_EQ(std::count_if(trace.steps.begin(), trace.steps.end(),
                            [](const MidphaseEvent& e) { return std::holds_alternative<MidphaseRefitStep>(e); }),
              state.onDemand);
  }
}

TEST(Bvh, RefitDriftsAndThePolicyRebuilds) {
  // The cloth folds over: refitted boxes of the flat tree grow long and overlap, the SAH cost climbs until the
  // policy rebuilds, and a rebuilt tree is back near the fresh cost.
  const int cells = 24;
  Mesh<double> cloth = clothMesh(cells, 2.0);
  deformCloth(cloth, cells, 2.0, 0.0);
  Bvh<double> bvh = buildBvh(cloth, {BvhBuild::BinnedSah, BvKind::Aabb});
  double afterBuild = bvhStats(bvh).sahCost;
  double worstDrift = 1.0;
  int rebuilds = 0;
  for (int frame = 1; frame <= 60; ++frame) {
    deformCloth(cloth, cells, 2.0, 0.1 * frame);
    ASSERT_EQ(refitBvh(bvh, cloth), Status::Converged);
    const double now = bvhStats(bvh).sahCost;
    const double fresh = bvhStats(buildBvh(cloth, {BvhBuild::BinnedSah, BvKind::Aabb})).sahCost;
    worstDrift = std::max(worstDrift, now / fresh);
    if (shouldRebuild(now, afterBuild)) {
      bvh = buildBvh(cloth, {BvhBuild::BinnedSah, BvKind::Aabb});
      afterBuild = bvhStats(bvh).sahCost;
      EXPECT_DOUBLE_EQ(afterBuild, fresh);
      ++rebuilds;
    }
  }
  EXPECT_GT(worstDrift, 1.1);
  EXPECT_GE(rebuilds, 1);
}

TEST(Bvh, SortedInsertionOfTenThousandBoxesHasBoundedDepth) {
  // 10,000 small triangles in a row along x, inserted in that order: without rotations the tree is a list.
  Mesh<double> row;
  for (int i = 0; i < 10000; ++i) {
    const int first = static_cast<int>(row.vertices.size());
    row.vertices.push_back({double(i), 0, 0});
    row.vertices.push_back({i + 0.5, 0, 0});
    row.vertices.push_back({double(i), 0.5, 0.25});
    row.triangles.push_back({first, first + 1, first + 2});
  }
  const Bvh<double> bvh = buildBvh(row, {BvhBuild::Insertion, BvKind::Aabb});
  EXPECT_EQ(checkBvh(bvh, row), "");
  EXPECT_LE(bvhStats(bvh).depth, 2 * 14);  // an AVL tree's height is below 1.44 log2(n + 2)
}

TEST(Bvh, IdenticalMortonCodesBuildABalancedTree) {
  // Every triangle the same: every Morton code equal. The index appended to the key splits them evenly.
  const int count = 100000;
  Mesh<double> same;
  same.vertices = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  same.triangles.assign(count, {0, 1, 2});
  for (const BvhBuild build : kBuilds) {
    const Bvh<double> bvh = buildBvh(same, {build, BvKind::Aabb});
    EXPECT_EQ(checkBvh(bvh, same), "") << bvhBuildName(build);
    int log2 = 0;
    while ((1 << log2) < count) ++log2;
    EXPECT_LE(bvhStats(bvh).depth, 2 * log2) << bvhBuildName(build);
  }
}

TEST(Bvh, SelfTestFindsTheBroadPhasesPairs) {
  // The tree over moving boxes against itself, every build, frame by frame, against brute force, sweep and prune
  // and the dynamic AABB tree on the same boxes.
  for (const BoxMotion motion : {BoxMotion::Floor, BoxMotion::Drift}) {
    MovingBoxes<double, 3> scene(motion, 600, 7);
    BruteForce<double, 3> brute;
    SweepAndPrune<double, 3> sap;
    AabbTree<double, 3> tree;
    for (const auto& box : scene.boxes()) {
      (void)brute.add(box);
      (void)sap.add(box);
      (void)tree.add(box);
    }
    for (int frame = 0; frame < 40; ++frame) {
      scene.step();
      for (std::size_t i = 0; i < scene.boxes().size(); ++i) {
        (void)brute.move(static_cast<ProxyId>(i), scene.boxes()[i]);
        (void)sap.move(static_cast<ProxyId>(i), scene.boxes()[i]);
        (void)tree.move(static_cast<ProxyId>(i), scene.boxes()[i]);
      }
      std::vector<std::array<int, 2>> expected;
      for (const ProxyPair& pair : brute.update()) expected.push_back({int(pair.first), int(pair.second)});
      ASSERT_EQ(sap.update(), brute.pairs());
      ASSERT_EQ(tree.update(), brute.pairs());
      if (frame % 10 != 9) continue;
      ASSERT_FALSE(expected.empty());
      for (const BvhBuild build : kBuilds) {
        const Bvh<double> bvh = buildBvh(scene.boxes(), {build, BvKind::Aabb});
        ASSERT_EQ(bvh.status, Status::Converged);
        const SelfOverlapResult<double> self = selfOverlaps(bvh, scene.boxes());
        EXPECT_EQ(self.pairs, expected) << motionName(motion) << " frame " << frame << " " << bvhBuildName(build);
        const std::size_t n = scene.boxes().size();
        EXPECT_LT(static_cast<std::size_t>(self.boxTests), n * (n - 1) / 2);
      }
    }
  }
}

TEST(Bvh, InvalidInputIsRefused) {
  Mesh<double> bad = sphereMesh(1.0, 4, 6);
  bad.vertices[3].x = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(buildBvh(bad).status, Status::InvalidInput);
  const Mesh<double> good = sphereMesh(1.0, 4, 6);
  const Bvh<double> tree = buildBvh(good);
  Transform3<double> nan{};
  nan.p.x = std::numeric_limits<double>::infinity();
  EXPECT_EQ(midphase(tree, good, {}, tree, good, nan).status, Status::InvalidInput);
  const Bvh<double> sphereTree = buildBvh(good, {BvhBuild::BinnedSah, BvKind::Sphere});
  EXPECT_EQ(midphase(tree, good, {}, sphereTree, good, {}).status, Status::InvalidInput);
}

}  // namespace
}  // namespace collide
