// Broad phase: sweep and prune, grid and tree against brute force, frame after frame, with adds, removes and
// moves; swap counts against independently counted inversions; degenerate boxes; traced == untraced.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numbers>
#include <ostream>
#include <tuple>
#include <vector>

#include "collide/aabb_tree.h"
#include "collide/broadphase.h"
#include "collide/brute_force.h"
#include "collide/shapes.h"
#include "collide/sweep_and_prune.h"
#include "collide/uniform_grid.h"
#include "workloads/motions.h"

namespace collide {

// Readable failure messages: (first, second) instead of bytes.
void PrintTo(const ProxyPair& pair, std::ostream* out) { *out << "(" << pair.first << ", " << pair.second << ")"; }

namespace {

static_assert(BroadPhase<SweepAndPrune<float, 2>>);
static_assert(BroadPhase<SweepAndPrune<double, 3>>);
static_assert(BroadPhase<UniformGrid<double, 2>>);
static_assert(BroadPhase<UniformGrid<float, 3>>);
static_assert(BroadPhase<AabbTree<double, 2>>);
static_assert(BroadPhase<AabbTree<float, 3>>);
static_assert(BroadPhase<BruteForce<float, 2>>);

// All four algorithms (and SAP in both modes, and a grid with a small hand-set cell size) fed the same calls.
template <Scalar S, int Dim>
struct AllBroadPhases {
  using Box = Bounds<S, Dim>;
  BruteForce<S, Dim> brute;
  SweepAndPrune<S, Dim> sap;
  SweepAndPrune<S, Dim> sapFull{SapOptions{.incremental = false}};
  SweepAndPrune<S, Dim> sapTightBudget{
      SapOptions{.sweepAxis = Dim - 1, .swapBudgetPerEndpoint = 1, .sortEveryAxis = true}};
  UniformGrid<S, Dim> grid;
  UniformGrid<S, Dim> fineGrid{GridOptions<S>{.cellSize = S(0.3), .autoCellFactor = 2, .maxCellsPerObject = 16}};
  AabbTree<S, Dim> tree;

  ProxyId add(const Box& box) {
    const ProxyId id = brute.add(box);
    EXPECT_EQ(sap.add(box), id);
    EXPECT_EQ(sapFull.add(box), id);
    EXPECT_EQ(sapTightBudget.add(box), id);
    EXPECT_EQ(grid.add(box), id);
    EXPECT_EQ(fineGrid.add(box), id);
    EXPECT_EQ(tree.add(box), id);
    return id;
  }
  void remove(ProxyId id) {
    const bool removed = brute.remove(id);
    EXPECT_EQ(sap.remove(id), removed);
    EXPECT_EQ(sapFull.remove(id), removed);
    EXPECT_EQ(sapTightBudget.remove(id), removed);
    EXPECT_EQ(grid.remove(id), removed);
    EXPECT_EQ(fineGrid.remove(id), removed);
    EXPECT_EQ(tree.remove(id), removed);
  }
  void move(ProxyId id, const Box& box) {
    const bool moved = brute.move(id, box);
    EXPECT_EQ(sap.move(id, box), moved);
    EXPECT_EQ(sapFull.move(id, box), moved);
    EXPECT_EQ(sapTightBudget.move(id, box), moved);
    EXPECT_EQ(grid.move(id, box), moved);
    EXPECT_EQ(fineGrid.move(id, box), moved);
    EXPECT_EQ(tree.move(id, box), moved);
  }
  // Updates all and checks every pair set against brute force; returns the brute-force pairs.
  std::vector<ProxyPair> updateAndCompare(int frame) {
    const std::vector<ProxyPair> expected = brute.update();
    EXPECT_TRUE(std::is_sorted(expected.begin(), expected.end()));
    EXPECT_EQ(sap.update(), expected) << "sap, frame " << frame;
    EXPECT_EQ(sapFull.update(), expected) << "sap (full sort), frame " << frame;
    EXPECT_EQ(sapTightBudget.update(), expected) << "sap (swap budget 1), frame " << frame;
    EXPECT_EQ(grid.update(), expected) << "grid, frame " << frame;
    EXPECT_EQ(fineGrid.update(), expected) << "grid (cell 0.3), frame " << frame;
    EXPECT_EQ(tree.update(), expected) << "tree, frame " << frame;
    EXPECT_EQ(sap.stats().candidatePairsPerAxis[Dim - 1], expected.size());
    return expected;
  }
};

template <Scalar S, int Dim>
Bounds<S, Dim> randomBox(SplitMix64& random, double world, double maxHalf) {
  Bounds<S, Dim> box;
  for (int axis = 0; axis < Dim; ++axis) {
    // Snap to a coarse lattice so touching and identical boxes happen often.
    const double centre = std::round(random.uniform(0, world) * 4) / 4;
    const double half = std::round(random.uniform(0, maxHalf) * 4) / 4;
    box.min[axis] = static_cast<S>(centre - half);
    box.max[axis] = static_cast<S>(centre + half);
  }
  return box;
}

template <Scalar S, int Dim>
void runRandomScene(std::uint64_t seed, int frames, double world) {
  SplitMix64 random(seed);
  AllBroadPhases<S, Dim> all;
  std::vector<ProxyId> live;
  for (int i = 0; i < 60; ++i) live.push_back(all.add(randomBox<S, Dim>(random, world, 1.5)));
  std::size_t totalPairs = 0;
  for (int frame = 0; frame < frames; ++frame) {
    for (ProxyId id : live) {
      if (random.uniform() < 0.5) {
        Bounds<S, Dim> box = all.brute.box(id);
        const double shift = std::round(random.uniform(-0.5, 0.5) * 4) / 4;
        const int axis = static_cast<int>(random.next() % Dim);
        box.min[axis] += static_cast<S>(shift);
        box.max[axis] += static_cast<S>(shift);
        all.move(id, box);
      } else if (random.uniform() < 0.03) {
        all.move(id, randomBox<S, Dim>(random, world, 3.0));  // a jump, sometimes a big box
      }
    }
    const int removals = static_cast<int>(random.next() % 4);
    for (int r = 0; r < removals && !live.empty(); ++r) {
      const std::size_t index = random.next() % live.size();
      all.remove(live[index]);
      live.erase(live.begin() + static_cast<std::ptrdiff_t>(index));
    }
    const int additions = static_cast<int>(random.next() % 4);
    for (int a = 0; a < additions; ++a) live.push_back(all.add(randomBox<S, Dim>(random, world, 1.5)));
    totalPairs += all.updateAndCompare(frame).size();
  }
  EXPECT_GT(totalPairs, static_cast<std::size_t>(frames));  // the scene really has pairs to find
}

TEST(BroadPhase, RandomScenesMatchBruteForce2dDouble) {
  for (std::uint64_t seed = 1; seed <= 4; ++seed) runRandomScene<double, 2>(seed, 80, 20);
}
TEST(BroadPhase, RandomScenesMatchBruteForce2dFloat) {
  for (std::uint64_t seed = 5; seed <= 8; ++seed) runRandomScene<float, 2>(seed, 80, 20);
}
TEST(BroadPhase, RandomScenesMatchBruteForce3d) {
  runRandomScene<double, 3>(9, 60, 10);
  runRandomScene<float, 3>(10, 60, 10);
}

// Every motion of broadphase_scenes.h, moved through move() each frame.
TEST(BroadPhase, MotionsMatchBruteForce) {
  for (const BoxMotion motion : {BoxMotion::Drift, BoxMotion::Bounce, BoxMotion::Floor, BoxMotion::Teleport}) {
    SCOPED_TRACE(motionName(motion));  // before the checks, so a failure names its motion
    MovingBoxes<float, 2> scene(motion, 300, 42);
    AllBroadPhases<float, 2> all;
    for (const auto& box : scene.boxes()) all.add(box);
    for (int frame = 0; frame < 40; ++frame) {
      scene.step();
      for (std::size_t i = 0; i < scene.size(); ++i) all.move(static_cast<ProxyId>(i), scene.boxes()[i]);
      all.updateAndCompare(frame);
    }
  }
}

// [SECTION] Swaps == inversions

template <Scalar S>
std::size_t countInversionsQuadratic(const std::vector<SapEndpoint<S>>& endpoints) {
  std::size_t inversions = 0;
  for (std::size_t i = 0; i < endpoints.size(); ++i) {
    for (std::size_t j = i + 1; j < endpoints.size(); ++j) {
      // Out of order: j's value is smaller, or equal with j a min and i a max.
      const bool jBeforeI = endpoints[j].value < endpoints[i].value ||
                            (endpoints[j].value == endpoints[i].value && !endpoints[j].isMax() && endpoints[i].isMax());
      if (jBeforeI) ++inversions;
    }
  }
  return inversions;
}

// Per axis, the inversions of what update() will sort: the previous order with the moved boxes' new values.
template <Scalar S, int Dim>
std::array<std::size_t, Dim> expectedSwaps(const SweepAndPrune<S, Dim>& sap) {
  std::array<std::size_t, Dim> perAxis{};
  for (int axis = 0; axis < Dim; ++axis) {
    std::vector<SapEndpoint<S>> refreshed = sap.endpoints(axis);
    for (auto& e : refreshed) e.value = e.isMax() ? sap.box(e.id()).max[axis] : sap.box(e.id()).min[axis];
    perAxis[axis] = countInversionsQuadratic(refreshed);
  }
  return perAxis;
}

TEST(SweepAndPrune, SwapsEqualInversions) {
  for (const BoxMotion motion : {BoxMotion::Drift, BoxMotion::Bounce, BoxMotion::Teleport}) {
    for (const std::size_t budget : {std::size_t{64}, std::size_t{0}}) {
      for (const bool sortEveryAxis : {true, false}) {
        MovingBoxes<double, 2> scene(motion, 200, 7);
        SweepAndPrune<double, 2> sap(SapOptions{
            .sweepAxis = -1, .incremental = true, .swapBudgetPerEndpoint = budget, .sortEveryAxis = sortEveryAxis});
        for (const auto& box : scene.boxes()) (void)sap.add(box);
        (void)sap.update();
        std::size_t totalSwaps = 0;
        for (int frame = 0; frame < 20; ++frame) {
          scene.step();
          for (std::size_t i = 0; i < scene.size(); ++i) {
            ASSERT_TRUE(sap.move(static_cast<ProxyId>(i), scene.boxes()[i]));
          }
          const std::array<std::size_t, 2> perAxis = expectedSwaps(sap);
          (void)sap.update();
          const std::size_t expected = sortEveryAxis ? perAxis[0] + perAxis[1] : perAxis[sap.sweepAxis()];
          EXPECT_EQ(sap.stats().swaps, expected) << motionName(motion) << " frame " << frame;
          totalSwaps += sap.stats().swaps;
          if (budget == 0 && expected > 0) {
            EXPECT_TRUE(sap.stats().resorted);
          }
        }
        EXPECT_GT(totalSwaps, 0u);
      }
    }
  }
}

TEST(SweepAndPrune, SortedAfterUpdateAndAxisChoice) {
  MovingBoxes<double, 2> floor(BoxMotion::Floor, 500, 3);
  SweepAndPrune<double, 2> sap;
  for (const auto& box : floor.boxes()) (void)sap.add(box);
  for (int frame = 0; frame < 200; ++frame) {
    floor.step();
    for (std::size_t i = 0; i < floor.size(); ++i) ASSERT_TRUE(sap.move(static_cast<ProxyId>(i), floor.boxes()[i]));
    (void)sap.update();
  }
  EXPECT_TRUE(std::is_sorted(sap.endpoints(0).begin(), sap.endpoints(0).end(), endpointLess<double>));
  // On the floor every box shares the up axis's range: the sparse axis is x.
  EXPECT_EQ(sap.sweepAxis(), 0);
  EXPECT_LT(sap.stats().candidatePairsPerAxis[0], 500u * 20u);
  // Sweeping the floor axis by hand: every pair is a candidate (sweep and prune's worst case), same pairs.
  const std::vector<ProxyPair> sparsePairs = sap.pairs();
  sap.setOptions(SapOptions{.sweepAxis = 1});
  EXPECT_EQ(sap.update(), sparsePairs);
  EXPECT_TRUE(std::is_sorted(sap.endpoints(1).begin(), sap.endpoints(1).end(), endpointLess<double>));
  EXPECT_EQ(sap.stats().candidatePairsPerAxis[0], 500u * 499u / 2u);
}

// In 3D the axes go by decreasing centre variance: the axis of largest variance is swept and the larger of the other two
// filters first; a hand-set sweep axis leaves the other two in that order.
TEST(SweepAndPrune, AxisOrderIn3dFollowsVariance) {
  SplitMix64 random(21);
  const std::array<double, 3> spread = {4, 40, 400};  // x narrow, y medium, z wide
  std::vector<Bounds<double, 3>> boxes(300);
  for (auto& box : boxes) {
    for (int axis = 0; axis < 3; ++axis) {
      const double centre = random.uniform(0, spread[axis]);
      box.min[axis] = centre - 0.5;
      box.max[axis] = centre + 0.5;
    }
  }
  BruteForce<double, 3> brute;
  SweepAndPrune<double, 3> sap;
  for (const auto& box : boxes) {
    ASSERT_NE(brute.add(box), kNullProxy);
    ASSERT_NE(sap.add(box), kNullProxy);
  }
  const std::vector<ProxyPair> expected = brute.update();
  ASSERT_FALSE(expected.empty());
  EXPECT_EQ(sap.update(), expected);
  EXPECT_EQ(sap.stats().axisOrder, (std::array<int, 3>{2, 1, 0}));
  sap.setOptions(SapOptions{.sweepAxis = 0});
  EXPECT_EQ(sap.update(), expected);
  EXPECT_EQ(sap.stats().axisOrder, (std::array<int, 3>{0, 2, 1}));

  // A floor in space: every box shares the up axis (z), which comes last.
  MovingBoxes<double, 3> floor(BoxMotion::Floor, 1000, 5);
  SweepAndPrune<double, 3> floorSap;
  for (const auto& box : floor.boxes()) ASSERT_NE(floorSap.add(box), kNullProxy);
  for (int frame = 0; frame < 40; ++frame) {
    floor.step();
    for (std::size_t i = 0; i < floor.size(); ++i) {
      ASSERT_TRUE(floorSap.move(static_cast<ProxyId>(i), floor.boxes()[i]));
    }
    (void)floorSap.update();
  }
  EXPECT_EQ(floorSap.stats().axisOrder[2], 2);
}

// [SECTION] Degenerate boxes

template <class BroadPhaseType>
std::vector<ProxyPair> pairsOf(const std::vector<typename BroadPhaseType::Box>& boxes) {
  BroadPhaseType broadPhase;
  for (const auto& box : boxes) EXPECT_NE(broadPhase.add(box), kNullProxy);
  return broadPhase.update();
}

template <Scalar S>
void expectAllAgree(const std::vector<Bounds<S, 2>>& boxes, const std::vector<ProxyPair>& expected) {
  EXPECT_EQ((pairsOf<BruteForce<S, 2>>(boxes)), expected);
  EXPECT_EQ((pairsOf<SweepAndPrune<S, 2>>(boxes)), expected);
  EXPECT_EQ((pairsOf<UniformGrid<S, 2>>(boxes)), expected);
  EXPECT_EQ((pairsOf<AabbTree<S, 2>>(boxes)), expected);
}

TEST(BroadPhase, IdenticalBoxesAllPair) {
  const Bounds<double, 2> box{{1, 1}, {2, 2}};
  expectAllAgree<double>({box, box, box}, {{0, 1}, {0, 2}, {1, 2}});
}

TEST(BroadPhase, TouchingBoxesOverlap) {
  // Edge contact, corner contact, and a gap of one ulp.
  const double gap = std::nextafter(2.0, 3.0);
  expectAllAgree<double>({{{0, 0}, {1, 1}}, {{1, 0}, {2, 1}}, {{2, 1}, {3, 2}}, {{gap, 5}, {3, 6}}, {{0, 5}, {2, 6}}},
                         {{0, 1}, {1, 2}});
}

TEST(BroadPhase, ZeroSizeBoxes) {
  // Points: equal points pair, a point on a box's edge pairs, distinct points do not.
  expectAllAgree<float>({{{1, 1}, {1, 1}}, {{1, 1}, {1, 1}}, {{2, 2}, {2, 2}}, {{0, 2}, {2, 3}}, {{5, 5}, {5, 5}}},
                        {{0, 1}, {2, 3}});
}

TEST(BroadPhase, BoxesFarFromOrigin) {
  // At 1e6 float has a 0.0625 ulp: boxes 0.25 apart must not pair, touching ones must.
  std::vector<Bounds<float, 2>> boxes;
  for (int i = 0; i < 10; ++i) {
    const float x = 1e6f + static_cast<float>(i) * 1.25f;
    boxes.push_back({{x, 1e6f}, {x + 1.0f, 1e6f + 1.0f}});
  }
  boxes.push_back({{1e6f + 1.0f, 1e6f + 1.0f}, {1e6f + 1.25f, 1e6f + 2.0f}});  // touches boxes 0 and 1
  std::vector<ProxyPair> expected = {{0, 10}, {1, 10}};
  expectAllAgree<float>(boxes, expected);
}

TEST(BroadPhase, InvalidBoxesRefused) {
  constexpr double kNan = std::numeric_limits<double>::quiet_NaN();
  constexpr double kInf = std::numeric_limits<double>::infinity();
  AllBroadPhases<double, 2> all;
  for (const Bounds<double, 2>& bad :
       {Bounds<double, 2>{{kNan, 0}, {1, 1}}, Bounds<double, 2>{{0, 0}, {kInf, 1}},
        Bounds<double, 2>{{2, 0}, {1, 1}}}) {
    EXPECT_EQ(all.add(bad), kNullProxy);
  }
  const ProxyId id = all.add({{0, 0}, {1, 1}});
  all.move(id, {{kNan, 0}, {1, 1}});  // refused by all, the box stays
  EXPECT_EQ(all.brute.box(id), (Bounds<double, 2>{{0, 0}, {1, 1}}));
  all.remove(id + 7);  // unknown id: false everywhere
  all.remove(id);
  all.remove(id);  // twice: false the second time
  EXPECT_TRUE(all.updateAndCompare(0).empty());
}

TEST(BroadPhase, HugeBoxIsOversizeInTheGrid) {
  UniformGrid<double, 2> grid(GridOptions<double>{.cellSize = 1, .autoCellFactor = 2, .maxCellsPerObject = 64});
  (void)grid.add({{-1e9, -1e9}, {1e9, 1e9}});
  (void)grid.add({{3, 3}, {4, 4}});
  (void)grid.add({{-1e300, 0}, {-1e299, 1}});  // beyond the cell coordinate range
  EXPECT_EQ(grid.update(), (std::vector<ProxyPair>{{0, 1}}));
  EXPECT_EQ(grid.stats().oversizeObjects, 2u);
}

// A shape's bounds are the broad phase's box: an Aabb's are its corners whatever the transform says, a placed
// shape's the extreme points of its support along the world axes.
TEST(BroadPhase, ShapeBoundsAreTheProxyBox) {
  const Collider<float> aabb{Aabb<float>{{-1.5f, 2.0f}, {3.0f, 4.5f}}, Transform<float>::fromPose({7, 7}, 1.0f)};
  EXPECT_EQ(bounds(aabb), (Bounds<float, 2>{{-1.5f, 2.0f}, {3.0f, 4.5f}}));
  const Collider<double> circle{Circle<double>{{1, 0}, 0.5}, Transform<double>::fromPose({2, 3}, std::numbers::pi / 2)};
  const Bounds<double, 2> box = bounds(circle);
  EXPECT_NEAR(box.min[0], 1.5, 1e-12);
  EXPECT_NEAR(box.max[0], 2.5, 1e-12);
  EXPECT_NEAR(box.min[1], 3.5, 1e-12);
  EXPECT_NEAR(box.max[1], 4.5, 1e-12);
  const Collider<double> rotated{Box<double>{{2, 1}}, Transform<double>::fromPose({0, 0}, std::numbers::pi / 2)};
  const Bounds<double, 2> turned = bounds(rotated);
  EXPECT_NEAR(turned.max[0], 1.0, 1e-12);
  EXPECT_NEAR(turned.max[1], 2.0, 1e-12);
}

// A hand-set cell size far below the boxes' makes every box oversize (tested against all: quadratic); the grid
// falls back to its automatic size, says so, and still finds the brute-force pairs.
TEST(UniformGrid, TinyCellSizeFallsBackToTheAutomaticOne) {
  MovingBoxes<double, 2> scene(BoxMotion::Drift, 3000, 5);
  UniformGrid<double, 2> grid(GridOptions<double>{.cellSize = 1e-9});
  BruteForce<double, 2> brute;
  for (const auto& box : scene.boxes()) {
    (void)grid.add(box);
    (void)brute.add(box);
  }
  EXPECT_EQ(grid.update(), brute.update());
  EXPECT_TRUE(grid.stats().cellSizeFallback);
  EXPECT_EQ(grid.stats().oversizeObjects, 0u);
  UniformGrid<double, 2> coarse(GridOptions<double>{.cellSize = 2.0});
  for (const auto& box : scene.boxes()) (void)coarse.add(box);
  (void)coarse.update();
  EXPECT_FALSE(coarse.stats().cellSizeFallback);
}

TEST(UniformGrid, CellsAndAutomaticSize) {
  UniformGrid<double, 2> grid;  // automatic: twice the mean largest extent
  (void)grid.add({{0, 0}, {1, 0.5}});
  (void)grid.add({{2, 0}, {3, 1}});
  (void)grid.add({{2.2, 0.2}, {3.2, 1.2}});
  (void)grid.update();
  EXPECT_DOUBLE_EQ(grid.cellSize(), 2.0);
  const auto cells = grid.occupiedCells();  // in coordinate order, with how many boxes each holds
  ASSERT_EQ(cells.size(), 2u);
  EXPECT_EQ(cells[0].cell, (std::array<std::int64_t, 2>{0, 0}));
  EXPECT_EQ(cells[0].proxies, 1u);
  EXPECT_EQ(cells[1].cell, (std::array<std::int64_t, 2>{1, 0}));
  EXPECT_EQ(cells[1].proxies, 2u);
  EXPECT_EQ(grid.stats().occupiedCells, 2u);
}

TEST(AabbTree, NodesHoldEveryLeafInsideItsParent) {
  MovingBoxes<double, 3> scene(BoxMotion::Bounce, 500, 13);
  AabbTree<double, 3> tree;
  for (const auto& box : scene.boxes()) (void)tree.add(box);
  for (ProxyId id = 0; id < 500; id += 3) ASSERT_TRUE(tree.remove(id));
  std::size_t leaves = 0;
  for (std::size_t index = 0; index < tree.nodes().size(); ++index) {
    const auto& node = tree.nodes()[index];
    if (node.height < 0) continue;  // free
    if (node.isLeaf()) ++leaves;
    if (node.parent >= 0) {
      EXPECT_TRUE(contains(tree.nodes()[node.parent].box, node.box));
    } else {
      EXPECT_EQ(static_cast<int>(index), tree.root());
    }
  }
  EXPECT_EQ(leaves, tree.size());
}

TEST(BroadPhase, RemovedIdsAreReusedAfterUpdate) {
  SweepAndPrune<double, 2> sap;
  const ProxyId a = sap.add({{0, 0}, {1, 1}});
  const ProxyId b = sap.add({{0, 0}, {1, 1}});
  ASSERT_TRUE(sap.remove(a));
  EXPECT_EQ(sap.add({{0, 0}, {1, 1}}), 2u);  // not yet reused
  EXPECT_EQ(sap.update(), (std::vector<ProxyPair>{{b, 2}}));
  EXPECT_EQ(sap.add({{5, 5}, {6, 6}}), a);  // reused now
  EXPECT_EQ(sap.update(), (std::vector<ProxyPair>{{b, 2}}));
}

TEST(AabbTree, StaysBalancedAndReinsertsOnlyWhenLeavingTheFatBox) {
  MovingBoxes<double, 2> scene(BoxMotion::Drift, 2000, 11);
  AabbTree<double, 2> tree;
  for (const auto& box : scene.boxes()) (void)tree.add(box);
  EXPECT_LE(tree.height(), 2 * static_cast<int>(std::log2(2000.0)) + 2);
  std::size_t reinsertions = 0;
  for (int frame = 0; frame < 10; ++frame) {
    scene.step();
    for (std::size_t i = 0; i < scene.size(); ++i) ASSERT_TRUE(tree.move(static_cast<ProxyId>(i), scene.boxes()[i]));
    (void)tree.update();
    reinsertions += tree.stats().reinsertions;
    for (std::size_t i = 0; i < scene.size(); ++i) {
      EXPECT_TRUE(contains(tree.fatBox(static_cast<ProxyId>(i)), scene.boxes()[i]));
    }
  }
  // Drift moves 0.02 a frame, margins are 0.02 to 0.1: most frames most boxes stay in their leaves.
  EXPECT_GT(reinsertions, 0u);
  EXPECT_LT(reinsertions, 10u * 2000u / 2u);
  EXPECT_LE(tree.height(), 2 * static_cast<int>(std::log2(2000.0)) + 2);
}

// [SECTION] Traces

template <class BroadPhaseType>
void expectTraceReplaysToSamePairs(BoxMotion motion) {
  using S = typename BroadPhaseType::Scalar;
  MovingBoxes<S, 2> scene(motion, 60, 5);
  BroadPhaseType plain;
  BroadPhaseType traced;
  for (const auto& box : scene.boxes()) {
    (void)plain.add(box);
    (void)traced.add(box);
  }
  for (int frame = 0; frame < 5; ++frame) {
    scene.step();
    for (std::size_t i = 0; i < scene.size(); ++i) {
      ASSERT_TRUE(plain.move(static_cast<ProxyId>(i), scene.boxes()[i]));
      ASSERT_TRUE(traced.move(static_cast<ProxyId>(i), scene.boxes()[i]));
    }
    Recorder<BroadPhaseEvent<S, 2>> recorder;
    const std::vector<ProxyPair> plainPairs = plain.update();
    EXPECT_EQ(traced.update(recorder), plainPairs);
    EXPECT_TRUE(traced.stats() == plain.stats());  // same swaps, candidates, cells, nodes
    EXPECT_FALSE(recorder.steps.empty());
  }
}

TEST(BroadPhaseTrace, TracedEqualsUntraced) {
  for (const BoxMotion motion : {BoxMotion::Drift, BoxMotion::Teleport}) {
    expectTraceReplaysToSamePairs<SweepAndPrune<double, 2>>(motion);
    expectTraceReplaysToSamePairs<SweepAndPrune<float, 2>>(motion);
    expectTraceReplaysToSamePairs<UniformGrid<double, 2>>(motion);
    expectTraceReplaysToSamePairs<AabbTree<double, 2>>(motion);
  }
}

// Replays SAP's sweep events with our own active list (Collision detection notes, SAP), filters the candidates on
// the other axis by hand, and gets the update's pairs; the swap events reproduce the sorted order.
TEST(BroadPhaseTrace, SapEventsReplayToPairsAndOrder) {
  MovingBoxes<double, 2> scene(BoxMotion::Bounce, 80, 9);
  SweepAndPrune<double, 2> sap(SapOptions{.sortEveryAxis = true});
  for (const auto& box : scene.boxes()) (void)sap.add(box);
  (void)sap.update();
  scene.step();
  for (std::size_t i = 0; i < scene.size(); ++i) ASSERT_TRUE(sap.move(static_cast<ProxyId>(i), scene.boxes()[i]));
  std::array<std::vector<SapEndpoint<double>>, 2> before = {sap.endpoints(0), sap.endpoints(1)};
  Recorder<BroadPhaseEvent<double, 2>> recorder;
  const std::vector<ProxyPair> pairs = sap.update(recorder);

  std::vector<ProxyId> active;
  std::vector<ProxyPair> candidates;
  std::size_t swaps = 0;
  int sweepAxis = -1;
  std::vector<ProxyPair> lastStage;
  for (int axis = 0; axis < 2; ++axis) {
    for (auto& e : before[axis]) e.value = e.isMax() ? sap.box(e.id()).max[axis] : sap.box(e.id()).min[axis];
  }
  for (const auto& step : recorder.steps) {
    if (const auto* swap = std::get_if<SapSwap<double>>(&step)) {
      // Apply the swap to the refreshed copy: the passed endpoint moves up one place.
      auto& order = before[swap->axis];
      std::swap(order[swap->position], order[swap->position + 1]);
      EXPECT_EQ(order[swap->position].id(), swap->moving.id);
      ++swaps;
    } else if (const auto* enter = std::get_if<SapEnter<double>>(&step)) {
      sweepAxis = enter->axis;
      std::vector<ProxyId> sortedActive = active;
      std::vector<ProxyId> eventActive = enter->active;
      std::sort(sortedActive.begin(), sortedActive.end());
      std::sort(eventActive.begin(), eventActive.end());
      EXPECT_EQ(eventActive, sortedActive);
      for (ProxyId other : active) candidates.push_back({std::min(other, enter->id), std::max(other, enter->id)});
      active.push_back(enter->id);
    } else if (const auto* leave = std::get_if<SapLeave<double>>(&step)) {
      std::erase(active, leave->id);
    } else if (const auto* stage = std::get_if<SapAxisPairs>(&step)) {
      if (stage->stage == 1) lastStage = stage->kept;
    }
  }
  EXPECT_EQ(swaps, sap.stats().swaps);
  for (int axis = 0; axis < 2; ++axis) {
    std::vector<SapEndpoint<double>> replayed = before[axis];
    for (std::size_t i = 0; i < replayed.size(); ++i) {
      EXPECT_EQ(replayed[i].data, sap.endpoints(axis)[i].data) << "axis " << axis << " position " << i;
    }
  }
  EXPECT_TRUE(active.empty());
  const int otherAxis = 1 - sweepAxis;
  std::vector<ProxyPair> filtered;
  for (const ProxyPair& pair : candidates) {
    const auto& a = sap.box(pair.first);
    const auto& b = sap.box(pair.second);
    if (a.min[otherAxis] <= b.max[otherAxis] && b.min[otherAxis] <= a.max[otherAxis]) filtered.push_back(pair);
  }
  std::sort(filtered.begin(), filtered.end());
  EXPECT_EQ(filtered, pairs);
  EXPECT_EQ(lastStage, pairs);
  EXPECT_EQ(candidates.size(), sap.stats().candidatePairsPerAxis[0]);
}

TEST(BroadPhaseTrace, GridAndTreeEvents) {
  UniformGrid<double, 2> grid(GridOptions<double>{.cellSize = 1, .autoCellFactor = 2, .maxCellsPerObject = 64});
  (void)grid.add({{0.5, 0.5}, {1.5, 0.75}});  // spans cells (0,0) and (1,0)
  (void)grid.add({{1.25, 0.25}, {1.75, 0.5}});
  Recorder<BroadPhaseEvent<double, 2>> gridRecorder;
  EXPECT_EQ(grid.update(gridRecorder), (std::vector<ProxyPair>{{0, 1}}));
  std::vector<std::tuple<ProxyId, std::int64_t, std::int64_t>> inserts;
  std::vector<GridTest<2>> tests;
  for (const auto& step : gridRecorder.steps) {
    if (const auto* test = std::get_if<GridTest<2>>(&step)) {
      tests.push_back(*test);
      continue;
    }
    ASSERT_TRUE(tests.empty()) << "every insertion comes before the tests";
    const auto& insert = std::get<GridInsert<2>>(step);
    inserts.emplace_back(insert.id, insert.cell[0], insert.cell[1]);
  }
  EXPECT_EQ(inserts, (std::vector<std::tuple<ProxyId, std::int64_t, std::int64_t>>{{0, 0, 0}, {0, 1, 0}, {1, 1, 0}}));
  EXPECT_EQ(grid.stats().cellsTouched, 3u);
  // The one box test, in the cell of the overlap's min corner (1, 0), which found the pair.
  ASSERT_EQ(tests.size(), 1u);
  EXPECT_EQ(tests.size(), grid.stats().boxTests);
  EXPECT_EQ(tests[0].a, 0u);
  EXPECT_EQ(tests[0].b, 1u);
  EXPECT_EQ(tests[0].cell, (std::array<std::int64_t, 2>{1, 0}));
  EXPECT_FALSE(tests[0].oversize);
  EXPECT_TRUE(tests[0].overlap);

  // An oversize box is traced as one GridOversize, then a GridTest against each other proxy.
  UniformGrid<double, 2> oversized(GridOptions<double>{.cellSize = 1, .autoCellFactor = 2, .maxCellsPerObject = 4});
  (void)oversized.add({{0, 0}, {9, 9}});
  (void)oversized.add({{0.25, 0.25}, {0.5, 0.5}});
  (void)oversized.add({{20, 20}, {20.5, 20.5}});
  Recorder<BroadPhaseEvent<double, 2>> oversizeRecorder;
  EXPECT_EQ(oversized.update(oversizeRecorder), (std::vector<ProxyPair>{{0, 1}}));
  std::vector<std::tuple<ProxyId, ProxyId, bool>> oversizeTests;
  for (const auto& step : oversizeRecorder.steps) {
    if (const auto* test = std::get_if<GridTest<2>>(&step); test && test->oversize) {
      oversizeTests.emplace_back(test->a, test->b, test->overlap);
    }
  }
  EXPECT_EQ(oversizeTests, (std::vector<std::tuple<ProxyId, ProxyId, bool>>{{0, 1, true}, {0, 2, false}}));
  EXPECT_EQ(oversized.stats().boxTests, 2u);

  AabbTree<double, 2> tree;
  (void)tree.add({{0, 0}, {1, 1}});
  (void)tree.add({{5, 5}, {6, 6}});
  Recorder<BroadPhaseEvent<double, 2>> treeRecorder;
  EXPECT_TRUE(tree.update(treeRecorder).empty());
  // Root against itself, leaf 1 and leaf 0 against themselves, and the two leaves (apart).
  ASSERT_EQ(treeRecorder.steps.size(), 4u);
  EXPECT_EQ(tree.stats().nodesVisited, 4u);
  EXPECT_FALSE(std::get<TreeVisit>(treeRecorder.steps.back()).overlap);
}

}  // namespace
}  // namespace collide
