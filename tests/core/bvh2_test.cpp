// The mid phase in the plane (collide/midphase2.h): the five builds over 2D boxes make valid trees, the SAH
// measures perimeters, duplicate Morton codes stay shallow, and the part pairs two trees report equal brute force
// over every part pair, for every build, recorded or not, and under a budget that covers the whole traversal.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <variant>
#include <vector>

#include "collide/midphase2.h"
#include "workloads/outlines.h"
#include "workloads/random.h"

namespace collide {
namespace {

using V = Vec2<double>;
constexpr std::array<BvhBuild, 5> kBuilds = {BvhBuild::Median, BvhBuild::BinnedSah, BvhBuild::BottomUp, BvhBuild::Insertion,
                                             BvhBuild::Lbvh};

std::vector<V> randomOutline(SplitMix64& random) {
  std::vector<V> outline;
  const int n = random.integer(5, 40);
  for (int i = 0; i < n; ++i) {
    const double angle = 2 * std::numbers::pi * (i + random.uniform(0.0, 0.8)) / n;
    const double r = random.uniform(0.3, 2.0);
    outline.push_back({r * std::cos(angle), r * std::sin(angle)});
  }
  return outline;
}

std::vector<std::array<int, 2>> bruteForce(const PartTree<double>& a, const Transform<double>& xfA, const PartTree<double>& b,
                                           const Transform<double>& xfB) {
  std::vector<std::array<int, 2>> pairs;
  for (int i = 0; i < static_cast<int>(a.parts.size()); ++i) {
    for (int j = 0; j < static_cast<int>(b.parts.size()); ++j) {
      if (runQuery(Algorithm::Gjk, Collider<double>{a.parts[i], xfA}, Collider<double>{b.parts[j], xfB}).hit) pairs.push_back({i, j});
    }
  }
  return pairs;
}

TEST(Bvh2D, PartPairsEqualBruteForceForEveryBuild) {
  SplitMix64 random(2024);
  int overlapping = 0;
  for (int trial = 0; trial < 40; ++trial) {
    const auto da = decomposeConcave<double>(randomOutline(random));
    const auto db = decomposeConcave<double>(randomOutline(random));
    ASSERT_TRUE(da.ok() && db.ok());
    const Transform<double> xfA = Transform<double>::fromPose({random.uniform(-1, 1), random.uniform(-1, 1)}, random.angle());
    const Transform<double> xfB = Transform<double>::fromPose({random.uniform(-2, 2), random.uniform(-2, 2)}, random.angle());
    for (const BvhBuild build : kBuilds) {
      const BvhOptions options{build, BvKind::Aabb, 16, 2};
      const PartTree<double> a = buildPartTree(da, options), b = buildPartTree(db, options);
      ASSERT_EQ(checkBvh(a.tree, a.boxes), "") << bvhBuildName(build);
      ASSERT_EQ(checkBvh(b.tree, b.boxes), "") << bvhBuildName(build);
      const auto expected = bruteForce(a, xfA, b, xfB);
      overlapping += expected.empty() ? 0 : 1;
      const MidphaseResult<double> found = midphaseParts(a, xfA, b, xfB);
      EXPECT_EQ(found.status, Status::Converged);
      EXPECT_EQ(found.pairs, expected) << "trial " << trial << " " << bvhBuildName(build);
      EXPECT_LE(found.primitiveTests, static_cast<int>(a.parts.size() * b.parts.size()));
      // Recorded equals unrecorded; a budget that covers every test gives the same answer breadth-first.
      Recorder<MidphaseEvent> trace;
      const MidphaseResult<double> recorded = midphaseParts(a, xfA, b, xfB, {}, Algorithm::Gjk, trace);
      EXPECT_EQ(recorded.pairs, found.pairs);
      EXPECT_EQ(recorded.bvTests, found.bvTests);
      MidphaseOptions wide;
      wide.budget = 1 << 20;
      EXPECT_EQ(midphaseParts(a, xfA, b, xfB, wide).pairs, expected);
      // SAT on the same parts agrees with GJK.
      EXPECT_EQ(midphaseParts(a, xfA, b, xfB, {}, Algorithm::Sat).pairs, expected);
    }
  }
  EXPECT_GT(overlapping, 40);  // the poses are close enough that most trials overlap
}

TEST(Bvh2D, BudgetedTraversalReturnsAPartialAnswer) {
  const auto gear = decomposeConcave<double>(gearOutline<double>(12, 1.0, 1.4));
  ASSERT_TRUE(gear.ok());
  const PartTree<double> tree = buildPartTree(gear, {BvhBuild::BinnedSah, BvKind::Aabb, 16, 1});
  const Transform<double> xfB = Transform<double>::fromPose({1.9, 0.3}, 0.2);
  const auto all = midphaseParts(tree, {}, tree, xfB);
  ASSERT_FALSE(all.pairs.empty());
  MidphaseOptions tight;
  tight.budget = 6;
  const auto partial = midphaseParts(tree, {}, tree, xfB, tight);
  EXPECT_EQ(partial.status, Status::MaxIterations);
  EXPECT_LE(partial.bvTests, 6);
  EXPECT_FALSE(partial.frontier.empty());
  for (const auto& pair : partial.pairs) EXPECT_TRUE(std::binary_search(all.pairs.begin(), all.pairs.end(), pair));
  // Every part pair of the full answer lies under a pair reached or left on the frontier.
  const auto under = [&](int node, int part) {
    const auto& n = tree.tree.nodes[node];
    for (int k = n.first; k < n.first + n.count; ++k) {
      if (tree.tree.primitives[k] == part) return true;
    }
    return false;
  };
  for (const auto& pair : all.pairs) {
    bool covered = std::binary_search(partial.pairs.begin(), partial.pairs.end(), pair);
    for (const auto& f : partial.frontier) covered = covered || (under(f[0], pair[0]) && under(f[1], pair[1]));
    EXPECT_TRUE(covered) << pair[0] << " " << pair[1];
  }
}

TEST(Bvh2D, SahMeasuresPerimeters) {
  // Two unit squares 1 apart: the root's box is 3 x 1 (perimeter 8), each child's perimeter 4, so the one split's
  // cost is 1 + (4 * 1 + 4 * 1) / 8 = 2 (with areas it would be 1 + (1 + 1) / 3).
  const std::vector<Bounds<double, 2>> boxes = {{{0, 0}, {1, 1}}, {{2, 0}, {3, 1}}};
  Recorder<BvhBuildEvent<double, 2>> trace;
  const Bvh<double, 2> tree = buildBvh(boxes, {BvhBuild::BinnedSah, BvKind::Aabb, 16, 1}, trace);
  ASSERT_EQ(checkBvh(tree, boxes), "");
  const auto* root = std::get_if<BvhSplitStep<double, 2>>(&trace.steps.at(0));
  ASSERT_NE(root, nullptr);
  EXPECT_FALSE(root->leaf);
  EXPECT_DOUBLE_EQ(root->splitCost, 2.0);
  EXPECT_DOUBLE_EQ(bvhStats(tree).sahCost, 1.0 + 0.5 + 0.5);
}

TEST(Bvh2D, IdenticalBoxesBuildShallowValidTrees) {
  const std::vector<Bounds<double, 2>> same(5000, Bounds<double, 2>{{1, 1}, {2, 3}});
  for (const BvhBuild build : kBuilds) {
    const Bvh<double, 2> tree = buildBvh(same, {build, BvKind::Aabb, 16, 1});
    ASSERT_EQ(checkBvh(tree, same), "") << bvhBuildName(build);
    EXPECT_LE(bvhStats(tree).depth, 2 * 13 + 2) << bvhBuildName(build);  // log2(5000) < 13
  }
}

TEST(Bvh2D, RefusesWhatItCannotUse) {
  const std::vector<Bounds<double, 2>> bad = {{{0, 0}, {std::nan(""), 1}}};
  EXPECT_EQ(buildBvh(bad).status, Status::InvalidInput);
  const auto star = decomposeConcave<double>(starOutline<double>(5, 1.0, 0.4));
  const PartTree<double> tree = buildPartTree(star);
  Transform<double> nan{};
  nan.p.x = std::numeric_limits<double>::infinity();
  EXPECT_EQ(midphaseParts(tree, {}, tree, nan).status, Status::InvalidInput);
  const PartTree<double> empty = buildPartTree(decomposeConcave<double>(std::vector<V>{{0, 0}, {1, 0}}));
  EXPECT_EQ(empty.tree.status, Status::InvalidInput);
  EXPECT_EQ(midphaseParts(tree, {}, empty, {}).status, Status::InvalidInput);
}

}  // namespace
}  // namespace collide
