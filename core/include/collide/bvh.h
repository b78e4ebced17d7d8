// collide/bvh.h: bounding volume hierarchies over triangle meshes (the mid phase): five builds, three bounding
// volumes, tree-versus-tree traversal (depth-first, or breadth-first / largest-first under a budget of BV tests),
// refit and the hybrid update for deforming meshes, and a tree over boxes run against itself as a broad phase.
// The builds are templates over the dimension: the same code builds trees over 2D boxes (midphase2.h: the convex
// parts of concave polygons), and the descent loops (detail::Descent) serve both dimensions' traversals.
//
// A tree is built in its mesh's frame. Every build makes the same layout (bvh_build.cpp): node 0 is
// the root, nodes in depth-first order (a child's index is greater than its parent's), and every node's
// primitives are the contiguous range primitives[first, first + count) of a leaf-ordered triangle list. The AABB
// of every node is always kept (the builds, the SAH cost and the descent rule read it); a sphere or an OBB tree
// fits its volumes after the build:
//   sphere  centred on the node's AABB, the radius reaching its farthest vertex;
//   OBB     fitted by principal component analysis of the node's triangle vertices (Gottschalk, Lin and Manocha,
//           "OBBTree", SIGGRAPH 1996, 3.1, over the vertices rather than the hull's triangles), stored relative
//           to the parent's box (the root's relative to the mesh), so a rigid motion touches no stored box and the
//           traversal carries one relative transform per node pair down the trees.
// Trees hold no clocks: callers time builds (workloads/ has the clocks).
//
// [SECTION] Names and options
// [SECTION] The tree
// [SECTION] Build trace events
// [SECTION] Builds, refit, stats and checks (bvh_build.cpp)
// [SECTION] Traversal results and trace events
// [SECTION] Box-versus-box and the relative frames
// [SECTION] Tree versus tree
// [SECTION] The tree against itself: a broad phase
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <deque>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "collide/bounds.h"
#include "collide/math.h"
#include "collide/shapes3.h"
#include "collide/trace.h"
#include "collide/triangle_overlap.h"

namespace collide {

// [SECTION] Names and options

// How the tree is built (Ericson, Real-Time Collision Detection, 6.2):
//   Median     top-down, split at the median centroid along the centroid box's longest axis;
//   BinnedSah  top-down, the split of least SAH cost over `binCount` bins along the centroid box's longest axis
//              (Wald, "On fast Construction of SAH-based Bounding Volume Hierarchies", 2007, 3.2);
//   BottomUp   agglomerative: repeatedly merge mutually nearest clusters (least merged surface area) within a
//              window of the Morton order (Meister and Bittner, "Parallel Locally-Ordered Clustering", 2018);
//   Insertion  one leaf at a time where the surface area grows least (Box2D's b2DynamicTree, Catto 2019), with
//              height-balancing rotations on the way up (AVL, as b2DynamicTree::Balance);
//   Lbvh       the radix tree over sorted 30-bit Morton codes (Karras, "Maximizing Parallelism in the
//              Construction of BVHs, Octrees, and k-d Trees", HPG 2012), with the primitive index appended to the
//              code so equal codes still give distinct keys and a balanced subtree.
enum class BvhBuild { Median, BinnedSah, BottomUp, Insertion, Lbvh };
inline constexpr std::array<std::string_view, 5> kBvhBuildNames = {"median", "sah", "bottom-up", "insertion", "lbvh"};

enum class BvKind { Aabb, Sphere, Obb };
inline constexpr std::array<std::string_view, 3> kBvKindNames = {"aabb", "sphere", "obb"};

[[nodiscard]] constexpr std::string_view bvhBuildName(BvhBuild build) { return kBvhBuildNames[static_cast<int>(build)]; }
[[nodiscard]] constexpr std::string_view bvKindName(BvKind kind) { return kBvKindNames[static_cast<int>(kind)]; }
[[nodiscard]] constexpr std::optional<BvhBuild> parseBvhBuild(std::string_view name) {
  for (std::size_t i = 0; i < kBvhBuildNames.size(); ++i) {
    if (kBvhBuildNames[i] == name) return static_cast<BvhBuild>(i);
  }
  return std::nullopt;
}
[[nodiscard]] constexpr std::optional<BvKind> parseBvKind(std::string_view name) {
  for (std::size_t i = 0; i < kBvKindNames.size(); ++i) {
    if (kBvKindNames[i] == name) return static_cast<BvKind>(i);
  }
  return std::nullopt;
}

// The SAH cost of a tree (MacDonald and Booth, "Heuristics for ray tracing using space subdivision", 1990):
//   C = sum over internal nodes n of traversal * A(n) / A(root) + sum over leaves l of primitive * N(l) A(l) / A(root)
// with A the AABB surface area and N the leaf's triangle count. Both costs are 1 here (one BV test costs about
// one triangle test); the binned build uses the same constants to decide its splits and leaves.
struct SahCosts {
  double traversal = 1.0;
  double primitive = 1.0;
};

struct BvhOptions {
  BvhBuild build = BvhBuild::BinnedSah;
  BvKind bv = BvKind::Aabb;
  int binCount = 16;    // BinnedSah: bins along the split axis (2 .. 256)
  int maxLeafSize = 4;  // Median and BinnedSah: the most triangles in a leaf (the other builds put 1 in each)
  int clusterWindow = 8;  // BottomUp: neighbours searched on each side in the Morton order
  SahCosts costs{};
};

// [SECTION] The tree

template <Scalar S, int Dim = 3>
struct BvhNode {
  Bounds<S, Dim> box{};  // in the mesh's (or the 2D shape's) frame
  int left = -1;       // children; -1 for a leaf
  int right = -1;
  int parent = -1;
  int first = 0;  // primitives[first, first + count): the subtree's triangles
  int count = 0;
  int depth = 0;  // the root is at depth 0
  [[nodiscard]] bool isLeaf() const { return left < 0; }
};

template <Scalar S>
struct BoundingSphere {
  Vec3<S> center{};
  S radius{};
};

// An oriented box: centre and orthonormal right-handed axes in the parent's box frame (the root's: the mesh frame).
template <Scalar S>
struct OrientedBox {
  Vec3<S> center{};
  std::array<Vec3<S>, 3> axes{Vec3<S>{1, 0, 0}, Vec3<S>{0, 1, 0}, Vec3<S>{0, 0, 1}};
  Vec3<S> halfExtents{};
};

// Dim 3: over a mesh's triangles or 3D boxes; Dim 2: over 2D boxes (the convex parts of concave polygons,
// concave.h), AABBs only (spheres and boxes stay empty).
template <Scalar S, int Dim = 3>
struct Bvh {
  static constexpr int kDimensions = Dim;
  BvhOptions options{};
  Status status = Status::Converged;  // InvalidInput: the mesh was refused (isValid); the tree is then empty
  std::vector<BvhNode<S, Dim>> nodes;  // nodes[0] is the root
  std::vector<int> primitives;        // triangle indices in leaf order
  std::vector<BoundingSphere<S>> spheres;  // options.bv == Sphere: one per node
  std::vector<OrientedBox<S>> boxes;       // options.bv == Obb: one per node, relative to the parent's box
  [[nodiscard]] bool empty() const { return nodes.empty(); }
};

struct BvhStats {
  int nodes = 0;
  int leaves = 0;
  int depth = 0;        // the deepest leaf's depth (root 0)
  int largestLeaf = 0;  // triangles in the fullest leaf
  double sahCost = 0;   // SahCosts above
};

// [SECTION] Build trace events

// Top-down: one node decided. `candidates` are the SAH costs of the bin boundaries on the split axis (empty for
// the median build and for a leaf decided by size).
template <Scalar S>
struct BvhSplitCandidate {
  S position{};   // the boundary's coordinate on the axis
  S cost{};       // the split's SAH cost relative to the node (traversal + primitive * (A_L N_L + A_R N_R) / A)
  int leftCount = 0;
};

template <Scalar S, int Dim = 3>
struct BvhSplitStep {
  Bounds<S, Dim> box{};          // the node's AABB
  Bounds<S, Dim> centroidBox{};  // of its triangles' centroids
  int depth = 0;
  int count = 0;        // triangles
  bool leaf = false;    // kept as a leaf (the rest is unused)
  int axis = 0;
  S position{};         // the split plane's coordinate on `axis`
  int leftCount = 0;
  S leafCost{};         // BinnedSah: primitive * count, against the chosen split's cost
  S splitCost{};
  std::vector<BvhSplitCandidate<S>> candidates;
};

// LBVH: the Morton order (sorted codes and the triangle at each position), once before the tree.
struct BvhMortonStep {
  std::vector<std::uint32_t> codes;
  std::vector<int> order;
};

// Bottom-up: two clusters merged (their boxes) and the merged surface area, with the clusters left after it.
template <Scalar S, int Dim = 3>
struct BvhMergeStep {
  Bounds<S, Dim> a{};
  Bounds<S, Dim> b{};
  S area{};
  int clustersLeft = 0;
};

// Insertion: a triangle's leaf placed beside `sibling` (its box before), `cost` the surface area of the new parent
// over the two (the descent compares that plus the ancestors' growth against going deeper), and the rotations the
// way up made.
template <Scalar S, int Dim = 3>
struct BvhInsertStep {
  int triangle = 0;
  Bounds<S, Dim> leaf{};
  Bounds<S, Dim> sibling{};
  S cost{};
  int depth = 0;  // of the new leaf, before rotations
  int rotations = 0;
};

template <Scalar S, int Dim = 3>
using BvhBuildEvent = std::variant<BvhSplitStep<S, Dim>, BvhMortonStep, BvhMergeStep<S, Dim>, BvhInsertStep<S, Dim>>;

// [SECTION] Builds, refit, stats and checks (bvh_build.cpp)

// Builds a tree over `mesh` (float and double; Trace is NoTrace or Recorder<BvhBuildEvent<S>>). An invalid mesh
// (isValid) gives an empty tree with status InvalidInput.
template <Scalar S, class Trace>
[[nodiscard]] Bvh<S> buildBvh(const Mesh<S>& mesh, const BvhOptions& options, Trace& trace);

template <Scalar S>
[[nodiscard]] Bvh<S> buildBvh(const Mesh<S>& mesh, const BvhOptions& options = {}) {
  NoTrace trace;
  return buildBvh(mesh, options, trace);
}

// A tree over boxes (a broad phase's proxies, or the convex parts of a concave polygon in its frame; index =
// position in `boxes`), in 3D or in the plane: the same builds, AABBs only (options.bv is ignored). In the plane
// the SAH measures perimeters (surfaceMeasure) and the Morton codes interleave 16 bits of each axis. Empty or
// invalid boxes (isValid) give an empty tree with status InvalidInput. Trace: NoTrace or
// Recorder<BvhBuildEvent<S, Dim>>.
template <Scalar S, int Dim, class Trace>
[[nodiscard]] Bvh<S, Dim> buildBvh(const std::vector<Bounds<S, Dim>>& boxes, const BvhOptions& options, Trace& trace);

template <Scalar S, int Dim>
[[nodiscard]] Bvh<S, Dim> buildBvh(const std::vector<Bounds<S, Dim>>& boxes, const BvhOptions& options = {}) {
  NoTrace trace;
  return buildBvh(boxes, options, trace);
}

// Bottom-up refit after the mesh's vertices moved (same triangles): leaf AABBs from their triangles, then every
// parent from its children, in reverse node order (Ericson 6.5.2; van den Bergen, "Efficient Collision Detection
// of Complex Deformable Models using AABB Trees", 1997). Spheres: the leaf's farthest vertex, a parent's enclosing
// its children's spheres. OBBs keep their axes and refit centre and extents to the node's vertices. Returns the
// number of bounding volumes updated; InvalidInput (and no change) if the mesh no longer matches the tree.
template <Scalar S>
[[nodiscard]] Status refitBvh(Bvh<S>& bvh, const Mesh<S>& mesh, int* updated = nullptr);

// The hybrid update (Larsson and Akenine-Moller, "Collision Detection for Continuously Deforming Bodies",
// Eurographics 2001; RTR 25.7): the top `levels` levels are refitted every frame (the deepest of them from their
// triangles' vertices, the ones above from their children), and every deeper node is marked stale and refitted
// from its triangles only when a traversal reaches it (midphaseHybrid), so the subtrees the traversal prunes are
// never updated. AABB trees.
struct HybridRefit {
  std::vector<std::uint8_t> stale;  // per node
  int eager = 0;     // nodes refitted by refitHybrid this frame
  int onDemand = 0;  // nodes refitted by traversals since
};

// Refits the top `levels` levels (>= 1) of an AABB tree now and marks the rest stale. InvalidInput (and no
// change) for another volume or a mesh that no longer matches the tree.
template <Scalar S>
[[nodiscard]] Status refitHybrid(Bvh<S>& bvh, const Mesh<S>& mesh, int levels, HybridRefit& state);

template <Scalar S, int Dim>
[[nodiscard]] BvhStats bvhStats(const Bvh<S, Dim>& bvh, const SahCosts& costs = {});

// Refit keeps the topology, so the tree's quality drifts as the mesh deforms: rebuild once its SAH cost has grown
// past `growth` times the cost right after the last build (the quality test of Lauterbach, Yoon, Manocha and
// Tang, "RT-DEFORM: Interactive Ray Tracing of Dynamic Scenes using BVHs", 2006).
inline constexpr double kRebuildSahGrowth = 1.3;
[[nodiscard]] constexpr bool shouldRebuild(double sahNow, double sahAfterBuild, double growth = kRebuildSahGrowth) {
  return sahNow > growth * sahAfterBuild;
}

// The tree's invariants, or the first one broken in words ("node 7: child 9 outside its box"): every child's
// AABB inside its parent's, parent links and ranges consistent, every triangle in exactly one leaf, every
// vertex of a node's triangles inside its AABB, sphere and OBB (to a relative tolerance). Empty when valid.
template <Scalar S>
[[nodiscard]] std::string checkBvh(const Bvh<S>& bvh, const Mesh<S>& mesh);

// The same invariants for a tree over boxes: every primitive box inside its leaf's AABB.
template <Scalar S, int Dim>
[[nodiscard]] std::string checkBvh(const Bvh<S, Dim>& bvh, const std::vector<Bounds<S, Dim>>& boxes);

// Each node's OBB in the mesh frame (the stored ones composed down from the root): for drawing and checks.
template <Scalar S>
[[nodiscard]] std::vector<OrientedBox<S>> meshFrameBoxes(const Bvh<S>& bvh);

// [SECTION] Traversal results and trace events

struct MidphaseOptions {
  bool satLite = false;  // box BVs: the 6 face axes only (Gottschalk et al. 1996, 4; Ericson 4.4.1)
  bool countLiteFalsePositives = true;  // satLite: also run the 9 edge axes on each "overlap" to count the fooled
  int budget = 0;  // > 0: breadth-first with at most this many BV tests (time-critical, Hubbard 1995); 0: depth-first
  bool largestFirst = false;  // budgeted: a priority queue on the pair's surface area (the coarsest pair next)
};

template <Scalar S>
struct MidphaseResult {
  // Converged: every overlapping triangle pair is in `pairs`. MaxIterations: the budget ran out; `pairs` holds the
  // leaf pairs reached so far and `frontier` the overlapping node pairs it did not descend (the partial answer).
  // InvalidInput: a refused pose, an empty or mismatched tree.
  Status status = Status::Converged;
  std::vector<std::array<int, 2>> pairs;     // (triangle of A, triangle of B), sorted
  std::vector<std::array<int, 2>> frontier;  // (node of A, node of B), sorted; budgeted runs only
  int bvTests = 0;
  int bvOverlaps = 0;
  int liteFalsePositives = 0;  // SAT lite said overlap where an edge axis separates
  int leafPairs = 0;
  int primitiveTests = 0;
  int deepestLevel = 0;  // budgeted: the deepest node-pair level (depth A + depth B) tested
};

// The pending node pairs after a pair was taken: the depth-first stack (top last) or the breadth-first queue
// (next first; for the priority queue, in priority order).
struct MidphasePendingStep {
  int nodeA = 0;
  int nodeB = 0;
  std::vector<std::array<int, 2>> pending;
};

// One BV test and its outcome; `descend` says which tree's node is split next ('A', 'B', or 0: pruned, or a leaf
// pair). `liteFalsePositive`: SAT lite passed a pair an edge axis separates.
struct MidphaseBvTestStep {
  int nodeA = 0;
  int nodeB = 0;
  bool overlap = false;
  bool liteFalsePositive = false;
  char descend = 0;
};

struct MidphaseLeafPairStep {
  int leafA = 0;
  int leafB = 0;
};

struct MidphasePrimitiveStep {
  int triangleA = 0;
  int triangleB = 0;
  bool hit = false;
};

// Hybrid refit: a stale node of tree A refitted on demand, just before its BV test.
struct MidphaseRefitStep {
  int node = 0;
};

// Budgeted runs: the budget ran out with `frontier` pairs undescended.
struct MidphaseBudgetStep {
  int bvTests = 0;
  int frontier = 0;
};

using MidphaseEvent = std::variant<MidphasePendingStep, MidphaseBvTestStep, MidphaseLeafPairStep, MidphasePrimitiveStep,
                                   MidphaseBudgetStep, MidphaseRefitStep>;

// [SECTION] Box-versus-box and the relative frames

namespace detail {

// A rotation as rows: m[i][j] = (A's axis i) . (B's axis j), B's frame seen from A's (Ericson 4.4.1's R).
template <Scalar S>
struct Frame3 {
  S r[3][3]{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  Vec3<S> t{};  // B's origin in A's frame
};

// Separated boxes with half extents a and b, B placed by `f` in A's frame: the 15 axes, or the 6 face axes when
// `lite` (Ericson 4.4.1, with his epsilon on |R| against false separation along near-parallel edge pairs, here
// relative: 16 epsilons). `edgeSeparates` reports, for a lite "overlap", whether an edge axis separates.
template <Scalar S>
[[nodiscard]] inline bool boxesSeparated(const S a[3], const S b[3], const Frame3<S>& f, bool lite,
                                         bool* edgeSeparates) {
  const S slack = S(16) * kEpsilon<S>;
  S absR[3][3];
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) absR[i][j] = std::abs(f.r[i][j]) + slack;
  }
  const S t[3] = {f.t.x, f.t.y, f.t.z};
  for (int i = 0; i < 3; ++i) {
    if (std::abs(t[i]) > a[i] + b[0] * absR[i][0] + b[1] * absR[i][1] + b[2] * absR[i][2]) return true;
  }
  for (int j = 0; j < 3; ++j) {
    const S tj = t[0] * f.r[0][j] + t[1] * f.r[1][j] + t[2] * f.r[2][j];
    if (std::abs(tj) > a[0] * absR[0][j] + a[1] * absR[1][j] + a[2] * absR[2][j] + b[j]) return true;
  }
  if (lite && edgeSeparates == nullptr) return false;
  for (int i = 0; i < 3; ++i) {
    const int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
    for (int j = 0; j < 3; ++j) {
      const int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
      const S ra = a[i1] * absR[i2][j] + a[i2] * absR[i1][j];
      const S rb = b[j1] * absR[i][j2] + b[j2] * absR[i][j1];
      if (std::abs(t[i2] * f.r[i1][j] - t[i1] * f.r[i2][j]) > ra + rb) {
        if (lite) {
          *edgeSeparates = true;
          return false;
        }
        return true;
      }
    }
  }
  return false;
}

// f with A replaced by A's child c (c's axes and centre in A's frame): R' = C^T R, t' = C^T (t - c).
template <Scalar S>
[[nodiscard]] inline Frame3<S> descendA(const Frame3<S>& f, const OrientedBox<S>& c) {
  Frame3<S> g;
  for (int i = 0; i < 3; ++i) {
    const Vec3<S> axis = c.axes[i];
    for (int j = 0; j < 3; ++j) g.r[i][j] = axis.x * f.r[0][j] + axis.y * f.r[1][j] + axis.z * f.r[2][j];
  }
  const Vec3<S> d = f.t - c.center;
  g.t = {dot(c.axes[0], d), dot(c.axes[1], d), dot(c.axes[2], d)};
  return g;
}

// f with B replaced by B's child d (d's axes and centre in B's frame): R' = R D, t' = R d + t.
template <Scalar S>
[[nodiscard]] inline Frame3<S> descendB(const Frame3<S>& f, const OrientedBox<S>& d) {
  Frame3<S> g;
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      const Vec3<S> axis = d.axes[j];
      g.r[i][j] = f.r[i][0] * axis.x + f.r[i][1] * axis.y + f.r[i][2] * axis.z;
    }
  }
  g.t = Vec3<S>{f.r[0][0] * d.center.x + f.r[0][1] * d.center.y + f.r[0][2] * d.center.z,
                f.r[1][0] * d.center.x + f.r[1][1] * d.center.y + f.r[1][2] * d.center.z,
                f.r[2][0] * d.center.x + f.r[2][1] * d.center.y + f.r[2][2] * d.center.z} +
        f.t;
  return g;
}

template <Scalar S>
[[nodiscard]] inline Vec3<S> applyFrame(const Frame3<S>& f, Vec3<S> v) {
  return Vec3<S>{f.r[0][0] * v.x + f.r[0][1] * v.y + f.r[0][2] * v.z, f.r[1][0] * v.x + f.r[1][1] * v.y + f.r[1][2] * v.z,
                 f.r[2][0] * v.x + f.r[2][1] * v.y + f.r[2][2] * v.z} +
         f.t;
}

template <Scalar S>
[[nodiscard]] inline Frame3<S> frameOf(const Transform3<S>& transform) {
  Frame3<S> f;
  const Vec3<S> columns[3] = {transform.q.xAxis(), transform.q.yAxis(), transform.q.zAxis()};
  for (int j = 0; j < 3; ++j) {
    f.r[0][j] = columns[j].x;
    f.r[1][j] = columns[j].y;
    f.r[2][j] = columns[j].z;
  }
  f.t = transform.p;
  return f;
}

// One node pair waiting: for OBB trees with B's box frame in A's box frame.
template <Scalar S, BvKind Kind>
struct NodePair {
  int a = 0;
  int b = 0;
};

template <Scalar S>
struct NodePair<S, BvKind::Obb> {
  int a = 0;
  int b = 0;
  Frame3<S> frame{};
};

template <Scalar S>
[[nodiscard]] inline S sphereArea(const BoundingSphere<S>& sphere) { return sphere.radius * sphere.radius; }

}  // namespace detail

// [SECTION] Tree versus tree

// The budgeted largest-first queue's priority of a node pair: the two boxes' surface measures summed, so the
// coarsest pair comes out next. The labs order their picture of the queue by the same number.
template <Scalar S, int Dim>
[[nodiscard]] constexpr S largestFirstPriority(const Bounds<S, Dim>& boxA, const Bounds<S, Dim>& boxB) {
  return surfaceMeasure(boxA) + surfaceMeasure(boxB);
}

namespace detail {

// The simultaneous descent every tree-versus-tree query shares, in space and in the plane: depth-first on a stack
// or breadth-first under a budget of BV tests, descending the larger node. `Derived` supplies test(pair) (the BV
// test, counted and traced), children(pair, side) (the two child pairs) and leafPair(leafA, leafB) (the primitive
// tests); Pair carries at least the node indices a and b.
template <class Derived, class Pair, Scalar S, int Dim, class Trace>
class Descent {
 protected:
  Descent(const std::vector<BvhNode<S, Dim>>& nodesA, const std::vector<BvhNode<S, Dim>>& nodesB,
          const MidphaseOptions& options, Trace& trace)
      : nodesA_(nodesA), nodesB_(nodesB), options_(options), trace_(trace) {}

  MidphaseResult<S> descend(const Pair& root) {
    if (options_.budget > 0) breadthFirst(root);
    else depthFirst(root);
    std::sort(result_.pairs.begin(), result_.pairs.end());
    return result_;
  }

  // Descend the node with the larger surface area; a leaf is never split (Ericson 6.3.1, "descend larger").
  [[nodiscard]] char descendSide(const Pair& pair) const {
    const BvhNode<S, Dim>& na = nodesA_[pair.a];
    const BvhNode<S, Dim>& nb = nodesB_[pair.b];
    if (na.isLeaf() && nb.isLeaf()) return 0;
    if (na.isLeaf()) return 'B';
    if (nb.isLeaf()) return 'A';
    return surfaceMeasure(na.box) >= surfaceMeasure(nb.box) ? 'A' : 'B';
  }

  template <class Container>
  void tracePending(const Pair& pair, const Container& pending) {
    if constexpr (Trace::enabled) {
      MidphasePendingStep step{pair.a, pair.b, {}};
      for (const auto& p : pending) step.pending.push_back({p.a, p.b});
      trace_(step);
    }
  }

  // Simultaneous depth-first descent (Ericson 6.3.1) with an explicit stack: BV test on taking a pair.
  void depthFirst(const Pair& root) {
    std::vector<Pair> stack{root};
    while (!stack.empty()) {
      const Pair pair = stack.back();
      stack.pop_back();
      tracePending(pair, stack);
      if (!derived().test(pair)) continue;
      const char side = descendSide(pair);
      if (side == 0) {
        derived().leafPair(pair.a, pair.b);
        continue;
      }
      const auto next = derived().children(pair, side);
      stack.push_back(next[1]);
      stack.push_back(next[0]);
    }
  }

  // Breadth-first with a budget of BV tests (Hubbard, "Collision Detection for Interactive Graphics
  // Applications", 1995; O'Sullivan and Dingliana 2001): the queue holds overlapping pairs; a pair is split only
  // when the budget covers both child tests, so when it runs out every pair left is an overlapping pair, coarse.
  // With `largestFirst` the queue is a priority queue on the sum of the two AABBs' surface areas, so the budget
  // goes to the coarsest pairs wherever they are, rather than level by level (RTR 25.6's variant).
  void breadthFirst(const Pair& root) {
    struct Entry {
      Pair pair;
      S priority;
      int order;  // ties: the older entry first, so the order is the same on every platform
    };
    const auto before = [](const Entry& x, const Entry& y) {  // the heap's "less": y comes out first
      return x.priority < y.priority || (x.priority == y.priority && x.order > y.order);
    };
    std::deque<Entry> queue;
    int pushed = 0;
    const auto push = [&](const Pair& pair) {
      const S priority = options_.largestFirst ? largestFirstPriority(nodesA_[pair.a].box, nodesB_[pair.b].box) : S(0);
      queue.push_back({pair, priority, pushed++});
      if (options_.largestFirst) std::push_heap(queue.begin(), queue.end(), before);
    };
    if (!derived().test(root)) return;
    result_.deepestLevel = nodesA_[0].depth + nodesB_[0].depth;
    push(root);
    while (!queue.empty()) {
      const Pair pair = queue.front().pair;
      const char side = descendSide(pair);
      if (side != 0 && result_.bvTests + 2 > options_.budget) break;
      if (options_.largestFirst) {
        std::pop_heap(queue.begin(), queue.end(), before);
        queue.pop_back();
      } else {
        queue.pop_front();
      }
      if constexpr (Trace::enabled) {
        std::vector<Entry> pending(queue.begin(), queue.end());
        if (options_.largestFirst) std::sort(pending.begin(), pending.end(), [&](const Entry& x, const Entry& y) { return before(y, x); });
        MidphasePendingStep step{pair.a, pair.b, {}};
        for (const Entry& e : pending) step.pending.push_back({e.pair.a, e.pair.b});
        trace_(step);
      }
      if (side == 0) {
        derived().leafPair(pair.a, pair.b);
        continue;
      }
      for (const Pair& child : derived().children(pair, side)) {
        result_.deepestLevel = std::max(result_.deepestLevel, nodesA_[child.a].depth + nodesB_[child.b].depth);
        if (derived().test(child)) push(child);
      }
    }
    if (!queue.empty()) {
      result_.status = Status::MaxIterations;
      for (const Entry& e : queue) result_.frontier.push_back({e.pair.a, e.pair.b});
      std::sort(result_.frontier.begin(), result_.frontier.end());
      if constexpr (Trace::enabled) trace_(MidphaseBudgetStep{result_.bvTests, static_cast<int>(queue.size())});
    }
  }

  Derived& derived() { return static_cast<Derived&>(*this); }

  const std::vector<BvhNode<S, Dim>>& nodesA_;
  const std::vector<BvhNode<S, Dim>>& nodesB_;
  MidphaseOptions options_;
  Trace& trace_;
  MidphaseResult<S> result_;
};

template <Scalar S, BvKind Kind, class Trace>
class Midphase : public Descent<Midphase<S, Kind, Trace>, NodePair<S, Kind>, S, 3, Trace> {
  using Base = Descent<Midphase<S, Kind, Trace>, NodePair<S, Kind>, S, 3, Trace>;
  friend Base;
  using Base::options_;
  using Base::result_;
  using Base::trace_;
  using Base::descendSide;

 public:
  Midphase(const Bvh<S>& a, const Mesh<S>& meshA, const Bvh<S>& b, const Mesh<S>& meshB, const Frame3<S>& relative,
           const MidphaseOptions& options, Trace& trace)
      : Base(a.nodes, b.nodes, options, trace), a_(a), meshA_(meshA), b_(b), meshB_(meshB), relative_(relative) {}

  // Tree A's stale nodes (HybridRefit) are refitted from their triangles when a pair first reaches them.
  void refitOnDemand(Bvh<S>& a, HybridRefit& state) {
    lazyTree_ = &a;
    lazy_ = &state;
  }

  MidphaseResult<S> run() {
    NodePair<S, Kind> root{0, 0};
    if constexpr (Kind == BvKind::Obb) {
      // B's root box in A's root box frame: A root^-1 * (mesh B in mesh A) * B root.
      Frame3<S> top = relative_;
      top = descendB(top, b_.boxes[0]);
      root.frame = descendA(top, a_.boxes[0]);
    }
    return this->descend(root);
  }

 private:
  // The BV test of one pair; counts and traces it. `descend` is the side that will be split on overlap.
  bool test(const NodePair<S, Kind>& pair) {
    if (lazy_ != nullptr && lazy_->stale[pair.a] != 0) freshen(pair.a);
    ++result_.bvTests;
    bool fooled = false;
    bool overlap = false;
    if constexpr (Kind == BvKind::Sphere) {
      const BoundingSphere<S>& sa = a_.spheres[pair.a];
      const BoundingSphere<S>& sb = b_.spheres[pair.b];
      const S reach = sa.radius + sb.radius;
      overlap = lengthSquared(applyFrame(relative_, sb.center) - sa.center) <= reach * reach;
    } else if constexpr (Kind == BvKind::Aabb) {
      // B's AABB is an oriented box in A's frame: the box test under the constant relative rotation (van den Bergen
      // 1997: AABB trees of rigid bodies in different frames).
      const Bounds<S, 3>& ba = a_.nodes[pair.a].box;
      const Bounds<S, 3>& bb = b_.nodes[pair.b].box;
      const S ha[3] = {S(0.5) * (ba.max[0] - ba.min[0]), S(0.5) * (ba.max[1] - ba.min[1]), S(0.5) * (ba.max[2] - ba.min[2])};
      const S hb[3] = {S(0.5) * (bb.max[0] - bb.min[0]), S(0.5) * (bb.max[1] - bb.min[1]), S(0.5) * (bb.max[2] - bb.min[2])};
      const Vec3<S> ca{S(0.5) * (ba.min[0] + ba.max[0]), S(0.5) * (ba.min[1] + ba.max[1]), S(0.5) * (ba.min[2] + ba.max[2])};
      const Vec3<S> cb{S(0.5) * (bb.min[0] + bb.max[0]), S(0.5) * (bb.min[1] + bb.max[1]), S(0.5) * (bb.min[2] + bb.max[2])};
      Frame3<S> f = relative_;
      f.t = applyFrame(relative_, cb) - ca;
      overlap = !boxesSeparated(ha, hb, f, options_.satLite, countFooled() ? &fooled : nullptr);
    } else {
      const OrientedBox<S>& oa = a_.boxes[pair.a];
      const OrientedBox<S>& ob = b_.boxes[pair.b];
      const S ha[3] = {oa.halfExtents.x, oa.halfExtents.y, oa.halfExtents.z};
      const S hb[3] = {ob.halfExtents.x, ob.halfExtents.y, ob.halfExtents.z};
      overlap = !boxesSeparated(ha, hb, pair.frame, options_.satLite, countFooled() ? &fooled : nullptr);
    }
    if (overlap) ++result_.bvOverlaps;
    if (fooled) ++result_.liteFalsePositives;
    if constexpr (Trace::enabled) {
      trace_(MidphaseBvTestStep{pair.a, pair.b, overlap, fooled, overlap ? descendSide(pair) : char(0)});
    }
    return overlap;
  }

  void freshen(int index) {
    BvhNode<S>& node = lazyTree_->nodes[index];
    Bounds<S, 3> box;
    box.min.fill(std::numeric_limits<S>::max());
    box.max.fill(-std::numeric_limits<S>::max());
    for (int k = node.first; k < node.first + node.count; ++k) {
      for (const int v : meshA_.triangles[lazyTree_->primitives[k]]) {
        const Vec3<S> p = meshA_.vertices[v];
        box.min = {std::min(box.min[0], p.x), std::min(box.min[1], p.y), std::min(box.min[2], p.z)};
        box.max = {std::max(box.max[0], p.x), std::max(box.max[1], p.y), std::max(box.max[2], p.z)};
      }
    }
    node.box = box;
    lazy_->stale[index] = 0;
    ++lazy_->onDemand;
    if constexpr (Trace::enabled) trace_(MidphaseRefitStep{index});
  }

  [[nodiscard]] bool countFooled() const { return options_.satLite && options_.countLiteFalsePositives; }

  // The two child pairs of an overlapping internal pair.
  std::array<NodePair<S, Kind>, 2> children(const NodePair<S, Kind>& pair, char side) const {
    std::array<NodePair<S, Kind>, 2> out;
    const BvhNode<S>& na = a_.nodes[pair.a];
    const BvhNode<S>& nb = b_.nodes[pair.b];
    const int first = side == 'A' ? na.left : nb.left;
    const int second = side == 'A' ? na.right : nb.right;
    int k = 0;
    for (const int child : {first, second}) {
      NodePair<S, Kind>& next = out[k++];
      next.a = side == 'A' ? child : pair.a;
      next.b = side == 'A' ? pair.b : child;
      if constexpr (Kind == BvKind::Obb) {
        next.frame = side == 'A' ? descendA(pair.frame, a_.boxes[child]) : descendB(pair.frame, b_.boxes[child]);
      }
    }
    return out;
  }

  // Every triangle of leaf A against every triangle of leaf B, B's vertices mapped into A's frame.
  void leafPair(int leafA, int leafB) {
    ++result_.leafPairs;
    if constexpr (Trace::enabled) trace_(MidphaseLeafPairStep{leafA, leafB});
    const BvhNode<S>& na = a_.nodes[leafA];
    const BvhNode<S>& nb = b_.nodes[leafB];
    for (int j = nb.first; j < nb.first + nb.count; ++j) {
      const int tb = b_.primitives[j];
      const std::array<int, 3>& ib = meshB_.triangles[tb];
      const Vec3<S> q0 = applyFrame(relative_, meshB_.vertices[ib[0]]);
      const Vec3<S> q1 = applyFrame(relative_, meshB_.vertices[ib[1]]);
      const Vec3<S> q2 = applyFrame(relative_, meshB_.vertices[ib[2]]);
      for (int i = na.first; i < na.first + na.count; ++i) {
        const int ta = a_.primitives[i];
        const std::array<int, 3>& ia = meshA_.triangles[ta];
        ++result_.primitiveTests;
        const bool hit = trianglesOverlap(meshA_.vertices[ia[0]], meshA_.vertices[ia[1]], meshA_.vertices[ia[2]], q0, q1, q2);
        if (hit) result_.pairs.push_back({ta, tb});
        if constexpr (Trace::enabled) trace_(MidphasePrimitiveStep{ta, tb, hit});
      }
    }
  }

  const Bvh<S>& a_;
  const Mesh<S>& meshA_;
  const Bvh<S>& b_;
  const Mesh<S>& meshB_;
  Frame3<S> relative_;
  Bvh<S>* lazyTree_ = nullptr;
  HybridRefit* lazy_ = nullptr;
};

}  // namespace detail

// Every pair of overlapping triangles of mesh A (placed by xfA) and mesh B (placed by xfB), through their trees
// (built over the same meshes, with the same kind of BV). Pairs are (triangle of A, triangle of B), sorted.
template <Scalar S, class Trace = NoTrace>
[[nodiscard]] MidphaseResult<S> midphase(const Bvh<S>& a, const Mesh<S>& meshA, const Transform3<S>& xfA,
                                         const Bvh<S>& b, const Mesh<S>& meshB, const Transform3<S>& xfB,
                                         const MidphaseOptions& options, Trace& trace) {
  MidphaseResult<S> refused;
  refused.status = Status::InvalidInput;
  if (a.empty() || b.empty() || a.options.bv != b.options.bv || !isValid(xfA) || !isValid(xfB) ||
      a.primitives.size() != meshA.triangles.size() || b.primitives.size() != meshB.triangles.size()) {
    return refused;
  }
  const detail::Frame3<S> relative = detail::frameOf(invMul(xfA, xfB));
  switch (a.options.bv) {
    case BvKind::Aabb: return detail::Midphase<S, BvKind::Aabb, Trace>(a, meshA, b, meshB, relative, options, trace).run();
    case BvKind::Sphere:
      return detail::Midphase<S, BvKind::Sphere, Trace>(a, meshA, b, meshB, relative, options, trace).run();
    case BvKind::Obb: return detail::Midphase<S, BvKind::Obb, Trace>(a, meshA, b, meshB, relative, options, trace).run();
  }
  return refused;
}

template <Scalar S>
[[nodiscard]] MidphaseResult<S> midphase(const Bvh<S>& a, const Mesh<S>& meshA, const Transform3<S>& xfA,
                                         const Bvh<S>& b, const Mesh<S>& meshB, const Transform3<S>& xfB,
                                         const MidphaseOptions& options = {}) {
  NoTrace trace;
  return midphase(a, meshA, xfA, b, meshB, xfB, options, trace);
}

// midphase() with tree A deforming under the hybrid update: A's stale nodes (refitHybrid) are refitted as the
// traversal reaches them. The pairs equal those of a full refit (or a rebuild's). AABB trees only.
template <Scalar S, class Trace = NoTrace>
[[nodiscard]] MidphaseResult<S> midphaseHybrid(Bvh<S>& a, const Mesh<S>& meshA, HybridRefit& lazyA,
                                               const Transform3<S>& xfA, const Bvh<S>& b, const Mesh<S>& meshB,
                                               const Transform3<S>& xfB, const MidphaseOptions& options, Trace& trace) {
  MidphaseResult<S> refused;
  refused.status = Status::InvalidInput;
  if (a.empty() || b.empty() || a.options.bv != BvKind::Aabb || b.options.bv != BvKind::Aabb || !isValid(xfA) ||
      !isValid(xfB) || lazyA.stale.size() != a.nodes.size() || a.primitives.size() != meshA.triangles.size() ||
      b.primitives.size() != meshB.triangles.size()) {
    return refused;
  }
  detail::Midphase<S, BvKind::Aabb, Trace> query(a, meshA, b, meshB, detail::frameOf(invMul(xfA, xfB)), options, trace);
  query.refitOnDemand(a, lazyA);
  return query.run();
}

template <Scalar S>
[[nodiscard]] MidphaseResult<S> midphaseHybrid(Bvh<S>& a, const Mesh<S>& meshA, HybridRefit& lazyA,
                                               const Transform3<S>& xfA, const Bvh<S>& b, const Mesh<S>& meshB,
                                               const Transform3<S>& xfB, const MidphaseOptions& options = {}) {
  NoTrace trace;
  return midphaseHybrid(a, meshA, lazyA, xfA, b, meshB, xfB, options, trace);
}

// [SECTION] The tree against itself: a broad phase

template <Scalar S>
struct SelfOverlapResult {
  std::vector<std::array<int, 2>> pairs;  // (i, j) with i < j, sorted
  int bvTests = 0;   // node pairs tested
  int boxTests = 0;  // box pairs tested in leaves
};

// Every pair of overlapping boxes (closed: touching counts) of a tree built over them, by descending the tree
// against itself (Ericson 6.3; Box2D's b2DynamicTree query per proxy is the per-box form): a node pair with
// itself splits into its two children with themselves and with each other; a pair of different nodes is pruned
// on its AABBs, or split on the larger. Traced with MidphaseEvent (box indices in the primitive steps).
template <Scalar S, class Trace = NoTrace>
[[nodiscard]] SelfOverlapResult<S> selfOverlaps(const Bvh<S>& bvh, const std::vector<Bounds<S, 3>>& boxes, Trace& trace) {
  SelfOverlapResult<S> result;
  if (bvh.empty() || bvh.primitives.size() != boxes.size()) return result;
  const auto leafPairs = [&](const BvhNode<S>& a, const BvhNode<S>& b, bool same) {
    if constexpr (Trace::enabled) trace(MidphaseLeafPairStep{static_cast<int>(&a - bvh.nodes.data()), static_cast<int>(&b - bvh.nodes.data())});
    for (int i = a.first; i < a.first + a.count; ++i) {
      for (int j = same ? i + 1 : b.first; j < b.first + b.count; ++j) {
        const int x = bvh.primitives[i], y = bvh.primitives[j];
        ++result.boxTests;
        const bool hit = overlaps(boxes[x], boxes[y]);
        if (hit) result.pairs.push_back({std::min(x, y), std::max(x, y)});
        if constexpr (Trace::enabled) trace(MidphasePrimitiveStep{x, y, hit});
      }
    }
  };
  std::vector<std::array<int, 2>> stack{{0, 0}};
  while (!stack.empty()) {
    const auto [ia, ib] = stack.back();
    stack.pop_back();
    const BvhNode<S>& a = bvh.nodes[ia];
    const BvhNode<S>& b = bvh.nodes[ib];
    if (ia == ib) {
      if (a.isLeaf()) {
        leafPairs(a, a, true);
      } else {
        stack.push_back({a.left, a.right});
        stack.push_back({a.right, a.right});
        stack.push_back({a.left, a.left});
      }
      continue;
    }
    ++result.bvTests;
    const bool overlap = overlaps(a.box, b.box);
    const char side = !overlap || (a.isLeaf() && b.isLeaf()) ? char(0)
                      : (b.isLeaf() || (!a.isLeaf() && surfaceMeasure(a.box) >= surfaceMeasure(b.box))) ? 'A' : 'B';
    if constexpr (Trace::enabled) trace(MidphaseBvTestStep{ia, ib, overlap, false, side});
    if (!overlap) continue;
    if (side == 0) {
      leafPairs(a, b, false);
    } else if (side == 'A') {
      stack.push_back({a.right, ib});
      stack.push_back({a.left, ib});
    } else {
      stack.push_back({ia, b.right});
      stack.push_back({ia, b.left});
    }
  }
  std::sort(result.pairs.begin(), result.pairs.end());
  return result;
}

template <Scalar S>
[[nodiscard]] SelfOverlapResult<S> selfOverlaps(const Bvh<S>& bvh, const std::vector<Bounds<S, 3>>& boxes) {
  NoTrace trace;
  return selfOverlaps(bvh, boxes, trace);
}

}  // namespace collide
