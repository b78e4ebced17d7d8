// The five BVH builds, the common finishing pass (depth-first layout, AABBs, spheres, OBBs), refit, stats and the
// invariant check (collide/bvh.h says what each build is and where it comes from).
//
// [SECTION] Primitive boxes and the raw tree
// [SECTION] Top-down: median and binned SAH
// [SECTION] Morton codes and LBVH
// [SECTION] Bottom-up: locally-ordered clustering
// [SECTION] Incremental insertion
// [SECTION] Finishing: layout, AABBs, spheres, OBBs
// [SECTION] Refit
// [SECTION] Stats and checks
// [SECTION] Instantiations
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <cstdint>
#include <limits>
#include <numeric>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "collide/bvh.h"

namespace collide {
namespace {

// [SECTION] Primitive boxes and the raw tree

template <Scalar S, int Dim = 3>
Bounds<S, Dim> emptyBounds() {
  Bounds<S, Dim> box;
  box.min.fill(std::numeric_limits<S>::max());
  box.max.fill(-std::numeric_limits<S>::max());
  return box;
}

template <Scalar S>
void grow(Bounds<S, 3>& box, const Vec3<S>& p) {
  const S c[3] = {p.x, p.y, p.z};
  for (int k = 0; k < 3; ++k) {
    box.min[k] = std::min(box.min[k], c[k]);
    box.max[k] = std::max(box.max[k], c[k]);
  }
}

template <Scalar S, int Dim>
void grow(Bounds<S, Dim>& box, const std::type_identity_t<std::array<S, Dim>>& p) {
  for (int k = 0; k < Dim; ++k) {
    box.min[k] = std::min(box.min[k], p[k]);
    box.max[k] = std::max(box.max[k], p[k]);
  }
}

template <Scalar S, int Dim>
void grow(Bounds<S, Dim>& box, const Bounds<S, Dim>& other) {
  for (int k = 0; k < Dim; ++k) {
    box.min[k] = std::min(box.min[k], other.min[k]);
    box.max[k] = std::max(box.max[k], other.max[k]);
  }
}

// The surface area of a box that may be empty (min > max): 0.
template <Scalar S, int Dim>
S area(const Bounds<S, Dim>& box) {
  return box.min[0] > box.max[0] ? S(0) : surfaceMeasure(box);
}

template <Scalar S>
Vec3<S> center(const Bounds<S, 3>& box) {
  return {S(0.5) * (box.min[0] + box.max[0]), S(0.5) * (box.min[1] + box.max[1]), S(0.5) * (box.min[2] + box.max[2])};
}

template <Scalar S, int Dim = 3>
struct Primitives {
  std::vector<Bounds<S, Dim>> boxes;
  std::vector<std::array<S, Dim>> centroids;  // of the boxes: what the splits and Morton codes sort
};

template <Scalar S, int Dim>
std::array<S, Dim> centroidOf(const Bounds<S, Dim>& box) {
  std::array<S, Dim> c;
  for (int k = 0; k < Dim; ++k) c[k] = S(0.5) * (box.min[k] + box.max[k]);
  return c;
}

template <Scalar S>
Primitives<S> primitiveBoxes(const Mesh<S>& mesh) {
  Primitives<S> p;
  p.boxes.resize(mesh.triangles.size());
  p.centroids.resize(mesh.triangles.size());
  for (std::size_t t = 0; t < mesh.triangles.size(); ++t) {
    Bounds<S, 3> box = emptyBounds<S>();
    for (const int v : mesh.triangles[t]) grow(box, mesh.vertices[v]);
    p.boxes[t] = box;
    for (int k = 0; k < 3; ++k) p.centroids[t][k] = S(0.5) * (box.min[k] + box.max[k]);
  }
  return p;
}

// Any build's output before the common layout: children by index, leaves as ranges of `order`.
struct RawNode {
  int left = -1;
  int right = -1;
  int first = 0;
  int count = 0;
};

struct RawTree {
  std::vector<RawNode> nodes;
  std::vector<int> order;  // triangle indices; leaves are ranges of it
  int root = 0;
};

// [SECTION] Top-down: median and binned SAH

template <Scalar S, int Dim, class Trace>
class TopDown {
 public:
  TopDown(const Mesh<S>& mesh, const BvhOptions& options, Trace& trace)
    requires(Dim == 3)
      : options_(options), trace_(trace) {
    // The splits reorder these references in place, so every node's triangles are read in sequence.
    const int n = static_cast<int>(mesh.triangles.size());
    refs_.resize(n);
    for (int t = 0; t < n; ++t) {
      Ref& ref = refs_[t];
      ref.box = emptyBounds<S>();
      for (const int v : mesh.triangles[t]) grow(ref.box, mesh.vertices[v]);
      ref.centroid = centroidOf(ref.box);
      ref.triangle = t;
    }
  }

  TopDown(const std::vector<Bounds<S, Dim>>& boxes, const BvhOptions& options, Trace& trace)
      : options_(options), trace_(trace) {
    const int n = static_cast<int>(boxes.size());
    refs_.resize(n);
    for (int t = 0; t < n; ++t) {
      refs_[t].box = boxes[t];
      refs_[t].centroid = centroidOf(boxes[t]);
      refs_[t].triangle = t;
    }
  }

  // Writes the tree straight into `bvh` in depth-first order (a task stack that takes the left child first),
  // each node's AABB from its split, so this build needs no layout or fitting pass.
  void build(Bvh<S, Dim>& bvh) {
    const int n = static_cast<int>(refs_.size());
    bvh.nodes.reserve(static_cast<std::size_t>(std::max(2 * n - 1, 1)));  // a binary tree over n leaves at most
    struct Task {
      int parent, begin, end, depth;
      bool left;
    };
    std::vector<Task> tasks{{-1, 0, n, 0, true}};
    while (!tasks.empty()) {
      const Task task = tasks.back();
      tasks.pop_back();
      const int index = static_cast<int>(bvh.nodes.size());
      BvhNode<S, Dim> node;
      node.parent = task.parent;
      node.depth = task.depth;
      node.first = task.begin;
      node.count = task.end - task.begin;
      if (task.parent >= 0) (task.left ? bvh.nodes[task.parent].left : bvh.nodes[task.parent].right) = index;
      const int mid = split(task.begin, task.end, task.depth, node.box);
      bvh.nodes.push_back(node);
      if (mid < 0) continue;
      tasks.push_back({index, mid, task.end, task.depth + 1, false});
      tasks.push_back({index, task.begin, mid, task.depth + 1, true});
    }
    bvh.primitives.resize(n);
    for (int i = 0; i < n; ++i) bvh.primitives[i] = refs_[i].triangle;
  }

 private:
  struct Ref {
    Bounds<S, Dim> box;
    std::array<S, Dim> centroid;
    int triangle;
  };

  // Splits refs[begin, end) in place and returns the boundary, or -1 to keep a leaf; `box` is their AABB.
  int split(int begin, int end, int depth, Bounds<S, Dim>& box) {
    const int count = end - begin;
    Bounds<S, Dim> centroidBox = emptyBounds<S, Dim>();
    box = emptyBounds<S, Dim>();
    for (int i = begin; i < end; ++i) {
      grow(box, refs_[i].box);
      grow(centroidBox, refs_[i].centroid);
    }
    BvhSplitStep<S, Dim> step;
    if constexpr (Trace::enabled) {
      step.box = box;
      step.centroidBox = centroidBox;
      step.depth = depth;
      step.count = count;
    }
    const auto keepLeaf = [&]() {
      if constexpr (Trace::enabled) {
        step.leaf = true;
        trace_(std::move(step));
      }
      return -1;
    };
    if (count <= 1 || (count <= options_.maxLeafSize && options_.build == BvhBuild::Median)) return keepLeaf();

    int axis = 0;
    for (int k = 1; k < Dim; ++k) {
      if (centroidBox.max[k] - centroidBox.min[k] > centroidBox.max[axis] - centroidBox.min[axis]) axis = k;
    }
    const S extent = centroidBox.max[axis] - centroidBox.min[axis];
    int mid = begin + count / 2;
    S position = centroidBox.min[axis];
    if (!(extent > S(0))) {
      // Every centroid in one point: no plane separates them, so halve the list (any order is as good).
      if (count <= options_.maxLeafSize) return keepLeaf();
    } else if (options_.build == BvhBuild::Median) {
      std::nth_element(refs_.begin() + begin, refs_.begin() + mid, refs_.begin() + end,
                       [axis](const Ref& x, const Ref& y) { return x.centroid[axis] < y.centroid[axis]; });
      position = refs_[mid].centroid[axis];
    } else {
      const int chosen = binnedSah(begin, end, box, centroidBox, step, axis, position);
      if (chosen < 0) return keepLeaf();
      mid = chosen;
    }
    if constexpr (Trace::enabled) {
      step.axis = axis;
      step.position = position;
      step.leftCount = mid - begin;
      trace_(std::move(step));
    }
    return mid;
  }

  // Wald 2007, 3.2: bin the centroids along the centroid box's longest axis (`axis`), sweep the bins from both
  // ends for the areas and counts, take the least cost boundary. Returns the partition point, or -1 when a leaf
  // is cheaper and small enough.
  int binnedSah(int begin, int end, const Bounds<S, Dim>& box, const Bounds<S, Dim>& centroidBox, BvhSplitStep<S, Dim>& step,
                int axis, S& positionOut) {
    const int count = end - begin;
    // No more bins than triangles (at least 4): a small node's empty bins would only cost sweeps.
    const int bins = std::clamp(std::min(options_.binCount, std::max(count, 4)), 2, kMaxBins);
    const S parentArea = std::max(area(box), std::numeric_limits<S>::min());
    const S traversal = static_cast<S>(options_.costs.traversal), primitive = static_cast<S>(options_.costs.primitive);
    const S low = centroidBox.min[axis];
    const S scale = S(bins) / (centroidBox.max[axis] - low);  // the caller saw a positive extent
    for (int b = 0; b < bins; ++b) {
      binBoxes_[b] = emptyBounds<S, Dim>();
      binCounts_[b] = 0;
    }
    for (int i = begin; i < end; ++i) {
      const Ref& ref = refs_[i];
      const int bin = std::min(bins - 1, static_cast<int>((ref.centroid[axis] - low) * scale));
      grow(binBoxes_[bin], ref.box);
      ++binCounts_[bin];
    }
    Bounds<S, Dim> right = emptyBounds<S, Dim>();
    int rightCount = 0;
    for (int b = bins - 1; b > 0; --b) {
      grow(right, binBoxes_[b]);
      rightCount += binCounts_[b];
      rightAreas_[b] = area(right);
      rightCounts_[b] = rightCount;
    }
    S bestCost = std::numeric_limits<S>::infinity();
    int bestBoundary = -1;
    Bounds<S, Dim> left = emptyBounds<S, Dim>();
    int leftCount = 0;
    for (int b = 0; b + 1 < bins; ++b) {  // the boundary after bin b
      grow(left, binBoxes_[b]);
      leftCount += binCounts_[b];
      if (leftCount == 0 || rightCounts_[b + 1] == 0) continue;
      const S cost =
          traversal + primitive * (area(left) * S(leftCount) + rightAreas_[b + 1] * S(rightCounts_[b + 1])) / parentArea;
      if constexpr (Trace::enabled) step.candidates.push_back({low + S(b + 1) / scale, cost, leftCount});
      if (cost < bestCost) {
        bestCost = cost;
        bestBoundary = b;
      }
    }
    const S leafCost = primitive * S(count);
    if constexpr (Trace::enabled) {
      step.leafCost = leafCost;
      step.splitCost = bestCost;
    }
    if (bestBoundary < 0) return -1;  // cannot happen with a positive extent; kept as the safe answer
    if (count <= options_.maxLeafSize && leafCost <= bestCost) return -1;
    const auto middle = std::partition(refs_.begin() + begin, refs_.begin() + end, [&](const Ref& ref) {
      return std::min(bins - 1, static_cast<int>((ref.centroid[axis] - low) * scale)) <= bestBoundary;
    });
    positionOut = low + S(bestBoundary + 1) / scale;
    return static_cast<int>(middle - refs_.begin());
  }

  static constexpr int kMaxBins = 256;
  const BvhOptions& options_;
  Trace& trace_;
  std::vector<Ref> refs_;
  std::array<Bounds<S, Dim>, kMaxBins> binBoxes_{};
  std::array<int, kMaxBins> binCounts_{};
  std::array<S, kMaxBins> rightAreas_{};
  std::array<int, kMaxBins> rightCounts_{};
};

// [SECTION] Morton codes and LBVH

// 10 bits of x spread to every third bit (Karras 2012, "expandBits").
std::uint32_t expandBits(std::uint32_t v) {
  v = (v * 0x00010001u) & 0xFF0000FFu;
  v = (v * 0x00000101u) & 0x0F00F00Fu;
  v = (v * 0x00000011u) & 0xC30C30C3u;
  v = (v * 0x00000005u) & 0x49249249u;
  return v;
}

// 16 bits of x spread to every second bit (the 2D form of expandBits: Morton order in the plane).
std::uint32_t expandBits2(std::uint32_t v) {
  v &= 0x0000FFFFu;
  v = (v | (v << 8)) & 0x00FF00FFu;
  v = (v | (v << 4)) & 0x0F0F0F0Fu;
  v = (v | (v << 2)) & 0x33333333u;
  v = (v | (v << 1)) & 0x55555555u;
  return v;
}

// 64-bit keys, sorted: the Morton code of each centroid in the centroid box (3D: 10 bits per axis, 30 bits; 2D:
// 16 bits per axis, 32 bits), then the triangle index, so every key is distinct (Karras 2012, 4: "augment each
// key with its index").
template <Scalar S, int Dim>
std::vector<std::uint64_t> mortonKeys(const Primitives<S, Dim>& prims) {
  const int n = static_cast<int>(prims.centroids.size());
  Bounds<S, Dim> box = emptyBounds<S, Dim>();
  for (const auto& c : prims.centroids) grow(box, c);
  constexpr S cells = Dim == 3 ? S(1024) : S(65536);
  std::vector<std::uint64_t> keys(n);
  for (int t = 0; t < n; ++t) {
    std::uint32_t code = 0;
    for (int k = 0; k < Dim; ++k) {
      const S extent = box.max[k] - box.min[k];
      const S unit = extent > S(0) ? (prims.centroids[t][k] - box.min[k]) / extent : S(0);
      const auto cell = static_cast<std::uint32_t>(std::clamp(unit * cells, S(0), cells - S(1)));
      code |= Dim == 3 ? expandBits(cell) << (2 - k) : expandBits2(cell) << (1 - k);
    }
    keys[t] = (std::uint64_t(code) << 32) | std::uint32_t(t);
  }
  std::sort(keys.begin(), keys.end());
  return keys;
}

template <class Trace>
RawTree lbvh(const std::vector<std::uint64_t>& keys, Trace& trace) {
  const int n = static_cast<int>(keys.size());
  RawTree tree;
  tree.order.resize(n);
  for (int i = 0; i < n; ++i) tree.order[i] = static_cast<int>(keys[i] & 0xffffffffu);
  if constexpr (Trace::enabled) {
    BvhMortonStep step;
    for (const std::uint64_t key : keys) step.codes.push_back(static_cast<std::uint32_t>(key >> 32));
    step.order = tree.order;
    trace(std::move(step));
  }
  // Internal nodes 0 .. n-2, leaves n-1 .. 2n-2 (leaf i holds sorted position i).
  tree.nodes.resize(std::max(2 * n - 1, 1));
  for (int i = 0; i < n; ++i) tree.nodes[(n - 1) + i] = {-1, -1, i, 1};
  tree.root = 0;
  if (n == 1) return tree;
  // The length of the longest common prefix of keys i and j, or -1 out of range.
  const auto delta = [&](int i, int j) {
    if (j < 0 || j >= n) return -1;
    return std::countl_zero(keys[i] ^ keys[j]);
  };
  for (int i = 0; i + 1 < n; ++i) {
    // Karras 2012, figure 4: the direction of the range, its other end, then the split by binary search.
    const int d = delta(i, i + 1) - delta(i, i - 1) >= 0 ? 1 : -1;
    const int deltaMin = delta(i, i - d);
    int lmax = 2;
    while (delta(i, i + lmax * d) > deltaMin) lmax *= 2;  // at most log2(n) + 1 doublings
    int l = 0;
    for (int t = lmax / 2; t >= 1; t /= 2) {
      if (delta(i, i + (l + t) * d) > deltaMin) l += t;
    }
    const int j = i + l * d;
    const int deltaNode = delta(i, j);
    int s = 0;
    int t = l;
    do {
      t = (t + 1) / 2;
      if (delta(i, i + (s + t) * d) > deltaNode) s += t;
    } while (t > 1);
    const int gamma = i + s * d + std::min(d, 0);
    tree.nodes[i].left = std::min(i, j) == gamma ? (n - 1) + gamma : gamma;
    tree.nodes[i].right = std::max(i, j) == gamma + 1 ? (n - 1) + gamma + 1 : gamma + 1;
  }
  return tree;
}

// [SECTION] Bottom-up: locally-ordered clustering

template <Scalar S, int Dim, class Trace>
RawTree bottomUp(const Primitives<S, Dim>& prims, const std::vector<std::uint64_t>& keys, int window, Trace& trace) {
  const int n = static_cast<int>(keys.size());
  RawTree tree;
  tree.order.resize(n);
  std::iota(tree.order.begin(), tree.order.end(), 0);
  struct Cluster {
    int node;
    Bounds<S, Dim> box;
  };
  std::vector<Cluster> clusters(n);
  tree.nodes.reserve(static_cast<std::size_t>(2 * n));  // n leaves and n - 1 merges: no reallocation
  for (int i = 0; i < n; ++i) {
    const int t = static_cast<int>(keys[i] & 0xffffffffu);
    tree.nodes.push_back({-1, -1, t, 1});
    clusters[i] = {i, prims.boxes[t]};
  }
  window = std::max(window, 1);
  // Pairs ordered by (merged area, distance in the order, odd lower index, lower index): a strict total order,
  // so the least pair is mutual and every pass merges; among equal areas (identical boxes) each even position
  // pairs with the next, so a pass halves them rather than merging one pair.
  const auto closer = [](S cost, int i, int j, S best, int bestJ) {
    if (bestJ < 0 || cost != best) return cost < best || bestJ < 0;
    const auto key = [i](int k) {
      const int low = std::min(i, k);
      return std::array<int, 3>{std::abs(i - k), low & 1, low};
    };
    return key(j) < key(bestJ);
  };
  std::vector<int> nearest(n);
  std::vector<Cluster> next;
  // Each pass merges at least one pair, so n passes always suffice; in practice a pass roughly halves the clusters.
  for (int pass = 0; pass < n && clusters.size() > 1; ++pass) {
    const int m = static_cast<int>(clusters.size());
    for (int i = 0; i < m; ++i) {
      S best = std::numeric_limits<S>::infinity();
      int bestJ = -1;
      for (int j = std::max(0, i - window); j <= std::min(m - 1, i + window); ++j) {
        if (j != i && closer(area(merged(clusters[i].box, clusters[j].box)), i, j, best, bestJ)) {
          best = area(merged(clusters[i].box, clusters[j].box));
          bestJ = j;
        }
      }
      nearest[i] = bestJ;
    }
    next.clear();
    int left = m;
    for (int i = 0; i < m; ++i) {
      const int j = nearest[i];
      if (nearest[j] == i) {
        if (i < j) {
          const int node = static_cast<int>(tree.nodes.size());
          tree.nodes.push_back({clusters[i].node, clusters[j].node, 0, 0});
          const Bounds<S, Dim> box = merged(clusters[i].box, clusters[j].box);
          --left;
          if constexpr (Trace::enabled) trace(BvhMergeStep<S, Dim>{clusters[i].box, clusters[j].box, area(box), left});
          next.push_back({node, box});
        }
      } else {
        next.push_back(clusters[i]);
      }
    }
    clusters.swap(next);
  }
  tree.root = clusters.front().node;
  return tree;
}

// [SECTION] Incremental insertion

template <Scalar S, int Dim, class Trace>
class Insertion {
 public:
  Insertion(const Primitives<S, Dim>& prims, Trace& trace) : prims_(prims), trace_(trace) {}

  RawTree build() {
    const int n = static_cast<int>(prims_.boxes.size());
    tree_.order.resize(n);
    std::iota(tree_.order.begin(), tree_.order.end(), 0);
    nodes_.reserve(static_cast<std::size_t>(2 * n));  // n leaves and n - 1 parents: no reallocation
    for (int t = 0; t < n; ++t) insert(t);
    tree_.nodes.resize(nodes_.size());
    for (std::size_t i = 0; i < nodes_.size(); ++i) {
      tree_.nodes[i] = {nodes_[i].left, nodes_[i].right, nodes_[i].triangle, nodes_[i].left < 0 ? 1 : 0};
    }
    tree_.root = root_;
    return std::move(tree_);
  }

 private:
  struct Node {
    Bounds<S, Dim> box;
    int left = -1, right = -1, parent = -1, height = 0, triangle = -1;
  };

  void insert(int triangle) {
    const int leaf = static_cast<int>(nodes_.size());
    nodes_.push_back({prims_.boxes[triangle], -1, -1, -1, 0, triangle});
    if (root_ < 0) {
      root_ = leaf;
      return;
    }
    // Box2D's b2DynamicTree::InsertLeaf descent: go down while a child is cheaper than pairing here, where the cost
    // is the surface area added to the tree (the new parent's area plus the growth of every ancestor).
    const Bounds<S, Dim> box = prims_.boxes[triangle];
    int index = root_;
    int depth = 0;
    while (nodes_[index].left >= 0) {
      const Node& node = nodes_[index];
      const S nodeArea = area(node.box);
      const S combined = area(merged(node.box, box));
      const S here = S(2) * combined;
      const S inherited = S(2) * (combined - nodeArea);
      const auto childCost = [&](int child) {
        const S grown = area(merged(box, nodes_[child].box));
        return nodes_[child].left < 0 ? grown + inherited : grown - area(nodes_[child].box) + inherited;
      };
      const S costLeft = childCost(node.left), costRight = childCost(node.right);
      if (here < costLeft && here < costRight) break;
      index = costLeft < costRight ? node.left : node.right;
      ++depth;
    }
    const int sibling = index;
    const int oldParent = nodes_[sibling].parent;
    const int parent = static_cast<int>(nodes_.size());
    nodes_.push_back({merged(box, nodes_[sibling].box), sibling, leaf, oldParent, nodes_[sibling].height + 1, -1});
    BvhInsertStep<S, Dim> step;
    if constexpr (Trace::enabled) step = {triangle, box, nodes_[sibling].box, area(nodes_[parent].box), depth + 1, 0};
    nodes_[sibling].parent = parent;
    nodes_[leaf].parent = parent;
    if (oldParent < 0) {
      root_ = parent;
    } else if (nodes_[oldParent].left == sibling) {
      nodes_[oldParent].left = parent;
    } else {
      nodes_[oldParent].right = parent;
    }
    // Up to the root: rebalance, then refresh height and box.
    int rotations = 0;
    for (int i = nodes_[leaf].parent; i >= 0;) {
      const int top = balance(i);
      rotations += top != i ? 1 : 0;
      Node& node = nodes_[top];
      node.height = 1 + std::max(nodes_[node.left].height, nodes_[node.right].height);
      node.box = merged(nodes_[node.left].box, nodes_[node.right].box);
      i = node.parent;
    }
    if constexpr (Trace::enabled) {
      step.rotations = rotations;
      trace_(std::move(step));
    }
  }

  // b2DynamicTree::Balance: when one child of `a` is taller by more than one, the taller child rises to a's place
  // and takes a as a child, along with its own taller child; returns the node now in a's place.
  int balance(int a) {
    Node& nodeA = nodes_[a];
    if (nodeA.left < 0 || nodeA.height < 2) return a;
    const int b = nodeA.left, c = nodeA.right;
    const int lean = nodes_[c].height - nodes_[b].height;
    if (lean > 1) return rotateUp(a, c);
    if (lean < -1) return rotateUp(a, b);
    return a;
  }

  // `up` (the taller child of a) takes a's place; a keeps `other` and up's shorter child.
  int rotateUp(int a, int up) {
    Node& nodeA = nodes_[a];
    Node& nodeUp = nodes_[up];
    const int f = nodeUp.left, g = nodeUp.right;
    nodeUp.left = a;
    nodeUp.parent = nodeA.parent;
    nodeA.parent = up;
    if (nodeUp.parent < 0) {
      root_ = up;
    } else if (nodes_[nodeUp.parent].left == a) {
      nodes_[nodeUp.parent].left = up;
    } else {
      nodes_[nodeUp.parent].right = up;
    }
    const bool fTaller = nodes_[f].height > nodes_[g].height;
    const int keep = fTaller ? f : g, give = fTaller ? g : f;
    nodeUp.right = keep;
    if (nodeA.left == up) nodeA.left = give;
    else nodeA.right = give;
    nodes_[give].parent = a;
    nodeA.box = merged(nodes_[nodeA.left].box, nodes_[nodeA.right].box);
    nodeA.height = 1 + std::max(nodes_[nodeA.left].height, nodes_[nodeA.right].height);
    return up;
  }

  const Primitives<S, Dim>& prims_;
  Trace& trace_;
  std::vector<Node> nodes_;
  int root_ = -1;
  RawTree tree_;
};

// [SECTION] Finishing: layout, AABBs, spheres, OBBs

// Depth-first layout from the raw tree: node 0 the root, each left subtree before its right one, primitives in
// leaf order, so every subtree's triangles are one range.
template <Scalar S, int Dim>
void layOut(const RawTree& raw, Bvh<S, Dim>& bvh) {
  bvh.nodes.clear();
  bvh.primitives.clear();
  bvh.nodes.reserve(raw.nodes.size());
  bvh.primitives.reserve(raw.order.size());
  struct Item {
    int raw, parent, depth;
    bool left;
  };
  std::vector<Item> stack{{raw.root, -1, 0, true}};
  while (!stack.empty()) {
    const Item item = stack.back();
    stack.pop_back();
    const int index = static_cast<int>(bvh.nodes.size());
    BvhNode<S, Dim> node;
    node.parent = item.parent;
    node.depth = item.depth;
    if (item.parent >= 0) (item.left ? bvh.nodes[item.parent].left : bvh.nodes[item.parent].right) = index;
    const RawNode& r = raw.nodes[item.raw];
    if (r.left < 0) {
      node.first = static_cast<int>(bvh.primitives.size());
      node.count = r.count;
      for (int i = r.first; i < r.first + r.count; ++i) bvh.primitives.push_back(raw.order[i]);
    }
    bvh.nodes.push_back(node);
    if (r.left >= 0) {
      stack.push_back({r.right, index, item.depth + 1, false});
      stack.push_back({r.left, index, item.depth + 1, true});
    }
  }
}

// AABBs and ranges bottom-up: in reverse order every child comes before its parent.
template <Scalar S>
void fitBoxes(Bvh<S>& bvh, const Mesh<S>& mesh) {
  for (int i = static_cast<int>(bvh.nodes.size()) - 1; i >= 0; --i) {
    BvhNode<S>& node = bvh.nodes[i];
    if (node.isLeaf()) {
      node.box = emptyBounds<S>();
      for (int k = node.first; k < node.first + node.count; ++k) {
        for (const int v : mesh.triangles[bvh.primitives[k]]) grow(node.box, mesh.vertices[v]);
      }
    } else {
      const BvhNode<S>& l = bvh.nodes[node.left];
      const BvhNode<S>& r = bvh.nodes[node.right];
      node.box = merged(l.box, r.box);
      node.first = l.first;
      node.count = l.count + r.count;
    }
  }
}

// The same from the primitives' own boxes (a tree over boxes).
template <Scalar S, int Dim>
void fitBoxes(Bvh<S, Dim>& bvh, const std::vector<Bounds<S, Dim>>& boxes) {
  for (int i = static_cast<int>(bvh.nodes.size()) - 1; i >= 0; --i) {
    BvhNode<S, Dim>& node = bvh.nodes[i];
    if (node.isLeaf()) {
      node.box = emptyBounds<S, Dim>();
      for (int k = node.first; k < node.first + node.count; ++k) grow(node.box, boxes[bvh.primitives[k]]);
    } else {
      const BvhNode<S, Dim>& l = bvh.nodes[node.left];
      const BvhNode<S, Dim>& r = bvh.nodes[node.right];
      node.box = merged(l.box, r.box);
      node.first = l.first;
      node.count = l.count + r.count;
    }
  }
}

// The farthest vertex of the node's triangles from the centre of its AABB.
template <Scalar S>
BoundingSphere<S> fitSphere(const Bvh<S>& bvh, const Mesh<S>& mesh, const BvhNode<S>& node) {
  const Vec3<S> c = center(node.box);
  S radiusSquared = 0;
  for (int k = node.first; k < node.first + node.count; ++k) {
    for (const int v : mesh.triangles[bvh.primitives[k]]) radiusSquared = std::max(radiusSquared, lengthSquared(mesh.vertices[v] - c));
  }
  return {c, std::sqrt(radiusSquared)};
}

// Eigenvectors of a symmetric 3x3 matrix by cyclic Jacobi rotations (Golub and Van Loan, 8.5; Ericson 4.3.4),
// at most 32 sweeps. The columns of `v` are the eigenvectors.
template <Scalar S>
void jacobiEigenvectors(S a[3][3], S v[3][3]) {
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) v[i][j] = i == j ? S(1) : S(0);
  }
  for (int sweep = 0; sweep < 32; ++sweep) {
    const S off = a[0][1] * a[0][1] + a[0][2] * a[0][2] + a[1][2] * a[1][2];
    const S diagonal = a[0][0] * a[0][0] + a[1][1] * a[1][1] + a[2][2] * a[2][2];
    if (!(off > kEpsilon<S> * kEpsilon<S> * diagonal)) return;
    for (int p = 0; p < 2; ++p) {
      for (int q = p + 1; q < 3; ++q) {
        if (a[p][q] == S(0)) continue;
        const S theta = (a[q][q] - a[p][p]) / (S(2) * a[p][q]);
        const S t = (theta >= S(0) ? S(1) : S(-1)) / (std::abs(theta) + std::sqrt(theta * theta + S(1)));
        const S c = S(1) / std::sqrt(t * t + S(1)), s = t * c;
        for (int k = 0; k < 3; ++k) {  // A = J^T A J
          const S akp = a[k][p], akq = a[k][q];
          a[k][p] = c * akp - s * akq;
          a[k][q] = s * akp + c * akq;
        }
        for (int k = 0; k < 3; ++k) {
          const S apk = a[p][k], aqk = a[q][k];
          a[p][k] = c * apk - s * aqk;
          a[q][k] = s * apk + c * aqk;
        }
        for (int k = 0; k < 3; ++k) {
          const S vkp = v[k][p], vkq = v[k][q];
          v[k][p] = c * vkp - s * vkq;
          v[k][q] = s * vkp + c * vkq;
        }
      }
    }
  }
}

// The box on `axes` (orthonormal) tight around the node's triangle vertices, in the mesh frame.
template <Scalar S>
OrientedBox<S> boxOnAxes(const Bvh<S>& bvh, const Mesh<S>& mesh, const BvhNode<S>& node, const std::array<Vec3<S>, 3>& axes) {
  S low[3], high[3];
  for (int k = 0; k < 3; ++k) {
    low[k] = std::numeric_limits<S>::max();
    high[k] = -std::numeric_limits<S>::max();
  }
  for (int i = node.first; i < node.first + node.count; ++i) {
    for (const int v : mesh.triangles[bvh.primitives[i]]) {
      for (int k = 0; k < 3; ++k) {
        const S d = dot(axes[k], mesh.vertices[v]);
        low[k] = std::min(low[k], d);
        high[k] = std::max(high[k], d);
      }
    }
  }
  OrientedBox<S> box;
  box.axes = axes;
  box.center = S(0.5) * (low[0] + high[0]) * axes[0] + S(0.5) * (low[1] + high[1]) * axes[1] + S(0.5) * (low[2] + high[2]) * axes[2];
  // Padded by a few epsilons of the coordinates' size: the traversal composes rotations down the tree, and its
  // rounding must not shrink a box off a vertex that touches it.
  S pad[3];
  for (int k = 0; k < 3; ++k) pad[k] = S(64) * kEpsilon<S> * std::max({std::abs(low[k]), std::abs(high[k]), S(1)});
  box.halfExtents = {S(0.5) * (high[0] - low[0]) + pad[0], S(0.5) * (high[1] - low[1]) + pad[1],
                     S(0.5) * (high[2] - low[2]) + pad[2]};
  return box;
}

// PCA: the eigenvectors of the covariance of the node's triangle vertices (Gottschalk et al. 1996, 3.1; Ericson
// 4.4.3), made right-handed.
template <Scalar S>
OrientedBox<S> fitObb(const Bvh<S>& bvh, const Mesh<S>& mesh, const BvhNode<S>& node) {
  Vec3<S> mean{};
  int points = 0;
  for (int i = node.first; i < node.first + node.count; ++i) {
    for (const int v : mesh.triangles[bvh.primitives[i]]) {
      mean += mesh.vertices[v];
      ++points;
    }
  }
  mean = mean / S(points);
  S c[3][3] = {};
  for (int i = node.first; i < node.first + node.count; ++i) {
    for (const int v : mesh.triangles[bvh.primitives[i]]) {
      const Vec3<S> d = mesh.vertices[v] - mean;
      const S e[3] = {d.x, d.y, d.z};
      for (int r = 0; r < 3; ++r) {
        for (int k = r; k < 3; ++k) c[r][k] += e[r] * e[k];
      }
    }
  }
  for (int r = 0; r < 3; ++r) {
    for (int k = 0; k < r; ++k) c[r][k] = c[k][r];
  }
  S v[3][3];
  jacobiEigenvectors(c, v);
  std::array<Vec3<S>, 3> axes;
  for (int k = 0; k < 3; ++k) axes[k] = normalize(Vec3<S>{v[0][k], v[1][k], v[2][k]});
  axes[2] = normalize(cross(axes[0], axes[1]));  // right-handed, and orthonormal again after rounding
  axes[1] = cross(axes[2], axes[0]);
  if (!isFinite(axes[0]) || !isFinite(axes[1]) || !isFinite(axes[2])) axes = {Vec3<S>{1, 0, 0}, Vec3<S>{0, 1, 0}, Vec3<S>{0, 0, 1}};
  return boxOnAxes(bvh, mesh, node, axes);
}

// Mesh-frame boxes to parent-relative ones: centre and axes expressed in the parent's box frame.
template <Scalar S>
OrientedBox<S> relativeTo(const OrientedBox<S>& parent, const OrientedBox<S>& child) {
  OrientedBox<S> r;
  const Vec3<S> d = child.center - parent.center;
  r.center = {dot(parent.axes[0], d), dot(parent.axes[1], d), dot(parent.axes[2], d)};
  for (int k = 0; k < 3; ++k) {
    r.axes[k] = {dot(parent.axes[0], child.axes[k]), dot(parent.axes[1], child.axes[k]), dot(parent.axes[2], child.axes[k])};
  }
  r.halfExtents = child.halfExtents;
  return r;
}

template <Scalar S>
void fitVolumes(Bvh<S>& bvh, const Mesh<S>& mesh) {
  bvh.spheres.clear();
  bvh.boxes.clear();
  if (bvh.options.bv == BvKind::Sphere) {
    bvh.spheres.resize(bvh.nodes.size());
    for (std::size_t i = 0; i < bvh.nodes.size(); ++i) bvh.spheres[i] = fitSphere(bvh, mesh, bvh.nodes[i]);
  } else if (bvh.options.bv == BvKind::Obb) {
    std::vector<OrientedBox<S>> world(bvh.nodes.size());
    for (std::size_t i = 0; i < bvh.nodes.size(); ++i) world[i] = fitObb(bvh, mesh, bvh.nodes[i]);
    bvh.boxes.resize(bvh.nodes.size());
    for (std::size_t i = 0; i < bvh.nodes.size(); ++i) {
      const int parent = bvh.nodes[i].parent;
      bvh.boxes[i] = parent < 0 ? world[i] : relativeTo(world[parent], world[i]);
    }
  }
}

}  // namespace

template <Scalar S, class Trace>
Bvh<S> buildBvh(const Mesh<S>& mesh, const BvhOptions& options, Trace& trace) {
  Bvh<S> bvh;
  bvh.options = options;
  if (!isValid(mesh)) {
    bvh.status = Status::InvalidInput;
    return bvh;
  }
  if (options.build == BvhBuild::Median || options.build == BvhBuild::BinnedSah) {
    TopDown<S, 3, Trace>(mesh, options, trace).build(bvh);
  } else {
    const Primitives<S> prims = primitiveBoxes(mesh);
    RawTree raw;
    switch (options.build) {
      case BvhBuild::Lbvh: raw = lbvh(mortonKeys(prims), trace); break;
      case BvhBuild::BottomUp: raw = bottomUp(prims, mortonKeys(prims), options.clusterWindow, trace); break;
      default: raw = Insertion<S, 3, Trace>(prims, trace).build(); break;
    }
    layOut(raw, bvh);
    fitBoxes(bvh, mesh);
  }
  fitVolumes(bvh, mesh);
  return bvh;
}

template <Scalar S, int Dim, class Trace>
Bvh<S, Dim> buildBvh(const std::vector<Bounds<S, Dim>>& boxes, const BvhOptions& options, Trace& trace) {
  Bvh<S, Dim> bvh;
  bvh.options = options;
  bvh.options.bv = BvKind::Aabb;
  if (boxes.empty() || !std::all_of(boxes.begin(), boxes.end(), [](const Bounds<S, Dim>& b) { return isValid(b); })) {
    bvh.status = Status::InvalidInput;
    return bvh;
  }
  if (options.build == BvhBuild::Median || options.build == BvhBuild::BinnedSah) {
    TopDown<S, Dim, Trace>(boxes, options, trace).build(bvh);
    return bvh;
  }
  Primitives<S, Dim> prims;
  prims.boxes = boxes;
  prims.centroids.resize(boxes.size());
  for (std::size_t t = 0; t < boxes.size(); ++t) prims.centroids[t] = centroidOf(boxes[t]);
  RawTree raw;
  switch (options.build) {
    case BvhBuild::Lbvh: raw = lbvh(mortonKeys(prims), trace); break;
    case BvhBuild::BottomUp: raw = bottomUp(prims, mortonKeys(prims), options.clusterWindow, trace); break;
    default: raw = Insertion<S, Dim, Trace>(prims, trace).build(); break;
  }
  layOut(raw, bvh);
  fitBoxes(bvh, boxes);
  return bvh;
}

// [SECTION] Refit

template <Scalar S>
Status refitBvh(Bvh<S>& bvh, const Mesh<S>& mesh, int* updated) {
  if (bvh.empty() || bvh.primitives.size() != mesh.triangles.size() || !isValid(mesh)) return Status::InvalidInput;
  const int n = static_cast<int>(bvh.nodes.size());
  fitBoxes(bvh, mesh);
  if (bvh.options.bv == BvKind::Sphere) {
    for (int i = n - 1; i >= 0; --i) {
      const BvhNode<S>& node = bvh.nodes[i];
      if (node.isLeaf()) {
        bvh.spheres[i] = fitSphere(bvh, mesh, node);
        continue;
      }
      // Enclose the children's spheres from the AABB's centre (Ericson 4.3.2 would move the centre; this keeps
      // the one the build chose).
      const Vec3<S> c = center(node.box);
      S radius = 0;
      for (const int child : {node.left, node.right}) {
        radius = std::max(radius, distance(c, bvh.spheres[child].center) + bvh.spheres[child].radius);
      }
      bvh.spheres[i] = {c, radius};
    }
  } else if (bvh.options.bv == BvKind::Obb) {
    // The axes stay (composed down to the mesh frame); centre and extents are refitted to the moved vertices.
    std::vector<OrientedBox<S>> world = meshFrameBoxes(bvh);
    for (int i = 0; i < n; ++i) {
      std::array<Vec3<S>, 3> axes = world[i].axes;  // orthonormal again, so rounding does not build up over frames
      axes[0] = normalize(axes[0]);
      axes[2] = normalize(cross(axes[0], axes[1]));
      axes[1] = cross(axes[2], axes[0]);
      world[i] = boxOnAxes(bvh, mesh, bvh.nodes[i], axes);
    }
    for (int i = 0; i < n; ++i) {
      const int parent = bvh.nodes[i].parent;
      bvh.boxes[i] = parent < 0 ? world[i] : relativeTo(world[parent], world[i]);
    }
  }
  if (updated != nullptr) *updated = n;
  return Status::Converged;
}

template <Scalar S>
Status refitHybrid(Bvh<S>& bvh, const Mesh<S>& mesh, int levels, HybridRefit& state) {
  if (bvh.empty() || bvh.options.bv != BvKind::Aabb || bvh.primitives.size() != mesh.triangles.size() ||
      !isValid(mesh) || levels < 1) {
    return Status::InvalidInput;
  }
  const int n = static_cast<int>(bvh.nodes.size());
  state.stale.assign(n, 0);
  state.eager = 0;
  state.onDemand = 0;
  // The nodes of the deepest refitted level (and shallower leaves) partition the triangles: fitting them from
  // their vertices reads each vertex about once; the levels above are merged from them (Larsson and
  // Akenine-Moller 2001, 4). Children come after parents, so one reverse pass does both.
  for (int i = n - 1; i >= 0; --i) {
    BvhNode<S>& node = bvh.nodes[i];
    if (node.depth >= levels) {
      state.stale[i] = 1;
      continue;
    }
    if (node.isLeaf() || node.depth == levels - 1) {
      node.box = emptyBounds<S>();
      for (int k = node.first; k < node.first + node.count; ++k) {
        for (const int v : mesh.triangles[bvh.primitives[k]]) grow(node.box, mesh.vertices[v]);
      }
    } else {
      node.box = merged(bvh.nodes[node.left].box, bvh.nodes[node.right].box);
    }
    ++state.eager;
  }
  return Status::Converged;
}

template <Scalar S>
std::vector<OrientedBox<S>> meshFrameBoxes(const Bvh<S>& bvh) {
  std::vector<OrientedBox<S>> world(bvh.boxes.size());
  for (std::size_t i = 0; i < bvh.boxes.size(); ++i) {
    const int parent = bvh.nodes[i].parent;
    if (parent < 0) {
      world[i] = bvh.boxes[i];
      continue;
    }
    const OrientedBox<S>& p = world[parent];  // parents come first
    const OrientedBox<S>& r = bvh.boxes[i];
    OrientedBox<S>& w = world[i];
    w.center = p.center + r.center.x * p.axes[0] + r.center.y * p.axes[1] + r.center.z * p.axes[2];
    for (int k = 0; k < 3; ++k) w.axes[k] = r.axes[k].x * p.axes[0] + r.axes[k].y * p.axes[1] + r.axes[k].z * p.axes[2];
    w.halfExtents = r.halfExtents;
  }
  return world;
}

// [SECTION] Stats and checks

template <Scalar S, int Dim>
BvhStats bvhStats(const Bvh<S, Dim>& bvh, const SahCosts& costs) {
  BvhStats stats;
  if (bvh.empty()) return stats;
  stats.nodes = static_cast<int>(bvh.nodes.size());
  const double rootArea = std::max(static_cast<double>(area(bvh.nodes[0].box)), std::numeric_limits<double>::min());
  for (const BvhNode<S, Dim>& node : bvh.nodes) {
    const double relative = static_cast<double>(area(node.box)) / rootArea;
    if (node.isLeaf()) {
      ++stats.leaves;
      stats.depth = std::max(stats.depth, node.depth);
      stats.largestLeaf = std::max(stats.largestLeaf, node.count);
      stats.sahCost += costs.primitive * node.count * relative;
    } else {
      stats.sahCost += costs.traversal * relative;
    }
  }
  return stats;
}

namespace {

// The invariants every tree shares, whatever its primitives: parent links, depths, children after their parent
// and inside its AABB, ranges, and every primitive in exactly one leaf.
template <Scalar S, int Dim>
std::string checkTopology(const Bvh<S, Dim>& bvh, std::size_t primitiveCount) {
  if (bvh.empty()) return "empty tree";
  const int n = static_cast<int>(bvh.nodes.size());
  if (bvh.primitives.size() != primitiveCount) return "the tree's primitive count differs from its input's";
  std::vector<int> seen(primitiveCount, 0);
  for (int i = 0; i < n; ++i) {
    const BvhNode<S, Dim>& node = bvh.nodes[i];
    const std::string name = "node " + std::to_string(i);
    if ((i == 0) != (node.parent < 0)) return name + ": parent link";
    if (node.count <= 0) return name + ": no primitives";
    if (node.isLeaf()) {
      if (node.right >= 0) return name + ": one child";
      for (int k = node.first; k < node.first + node.count; ++k) {
        const int t = bvh.primitives[k];
        if (t < 0 || t >= static_cast<int>(seen.size())) return name + ": primitive index out of range";
        ++seen[t];
      }
      continue;
    }
    for (const int child : {node.left, node.right}) {
      if (child <= i || child >= n) return name + ": child " + std::to_string(child) + " not after it";
      if (bvh.nodes[child].parent != i) return name + ": child " + std::to_string(child) + " names another parent";
      if (bvh.nodes[child].depth != node.depth + 1) return name + ": child depth";
      if (!contains(node.box, bvh.nodes[child].box)) return name + ": child " + std::to_string(child) + " outside its box";
    }
    const BvhNode<S, Dim>& l = bvh.nodes[node.left];
    const BvhNode<S, Dim>& r = bvh.nodes[node.right];
    if (l.first != node.first || r.first != l.first + l.count || l.count + r.count != node.count) return name + ": ranges";
  }
  for (std::size_t t = 0; t < seen.size(); ++t) {
    if (seen[t] != 1) return "primitive " + std::to_string(t) + " is in " + std::to_string(seen[t]) + " leaves";
  }
  return {};
}

}  // namespace

template <Scalar S>
std::string checkBvh(const Bvh<S>& bvh, const Mesh<S>& mesh) {
  if (std::string broken = checkTopology(bvh, mesh.triangles.size()); !broken.empty()) return broken;
  const int n = static_cast<int>(bvh.nodes.size());
  S scale = 0;
  for (int k = 0; k < 3; ++k) scale = std::max({scale, std::abs(bvh.nodes[0].box.min[k]), std::abs(bvh.nodes[0].box.max[k])});
  const S tolerance = S(64) * kEpsilon<S> * std::max(scale, S(1));
  const std::vector<OrientedBox<S>> world = meshFrameBoxes(bvh);
  for (int i = 0; i < n; ++i) {
    const BvhNode<S>& node = bvh.nodes[i];
    const std::string name = "node " + std::to_string(i);
    for (int k = node.first; k < node.first + node.count; ++k) {
      for (const int v : mesh.triangles[bvh.primitives[k]]) {
        const Vec3<S> p = mesh.vertices[v];
        const S c[3] = {p.x, p.y, p.z};
        for (int axis = 0; axis < 3; ++axis) {
          if (c[axis] < node.box.min[axis] || c[axis] > node.box.max[axis]) return name + ": a vertex outside its AABB";
        }
        if (!bvh.spheres.empty() && distance(p, bvh.spheres[i].center) > bvh.spheres[i].radius + tolerance) {
          return name + ": a vertex outside its sphere";
        }
        if (!world.empty()) {
          const OrientedBox<S>& box = world[i];
          const Vec3<S> d = p - box.center;
          const S h[3] = {box.halfExtents.x, box.halfExtents.y, box.halfExtents.z};
          for (int axis = 0; axis < 3; ++axis) {
            const S outside = std::abs(dot(d, box.axes[axis])) - h[axis];
            if (outside > tolerance) {
              char amount[64];
              std::snprintf(amount, sizeof amount, "%g", double(outside));
              return name + ": a vertex outside its OBB by " + amount;
            }
          }
        }
      }
    }
  }
  return {};
}

template <Scalar S, int Dim>
std::string checkBvh(const Bvh<S, Dim>& bvh, const std::vector<Bounds<S, Dim>>& boxes) {
  if (std::string broken = checkTopology(bvh, boxes.size()); !broken.empty()) return broken;
  for (std::size_t i = 0; i < bvh.nodes.size(); ++i) {
    const BvhNode<S, Dim>& node = bvh.nodes[i];
    for (int k = node.first; k < node.first + node.count; ++k) {
      if (!contains(node.box, boxes[bvh.primitives[k]])) {
        return "node " + std::to_string(i) + ": primitive " + std::to_string(bvh.primitives[k]) + " outside its AABB";
      }
    }
  }
  return {};
}

// [SECTION] Instantiations

#define COLLIDE_BVH_INSTANTIATE_DIM(S, D)                                                                     \
  template Bvh<S, D> buildBvh<S, D, NoTrace>(const std::vector<Bounds<S, D>>&, const BvhOptions&, NoTrace&);  \
  template Bvh<S, D> buildBvh<S, D, Recorder<BvhBuildEvent<S, D>>>(const std::vector<Bounds<S, D>>&,          \
                                                                   const BvhOptions&,                         \
                                                                   Recorder<BvhBuildEvent<S, D>>&);           \
  template BvhStats bvhStats<S, D>(const Bvh<S, D>&, const SahCosts&);                                        \
  template std::string checkBvh<S, D>(const Bvh<S, D>&, const std::vector<Bounds<S, D>>&);

#define COLLIDE_BVH_INSTANTIATE(S)                                                                            \
  template Bvh<S> buildBvh<S, NoTrace>(const Mesh<S>&, const BvhOptions&, NoTrace&);                          \
  template Bvh<S> buildBvh<S, Recorder<BvhBuildEvent<S>>>(const Mesh<S>&, const BvhOptions&,                  \
                                                          Recorder<BvhBuildEvent<S>>&);                       \
  template Status refitBvh<S>(Bvh<S>&, const Mesh<S>&, int*);                                                 \
  template Status refitHybrid<S>(Bvh<S>&, const Mesh<S>&, int, HybridRefit&);                                 \
  template std::string checkBvh<S>(const Bvh<S>&, const Mesh<S>&);                                            \
  template std::vector<OrientedBox<S>> meshFrameBoxes<S>(const Bvh<S>&);                                      \
  COLLIDE_BVH_INSTANTIATE_DIM(S, 2)                                                                           \
  COLLIDE_BVH_INSTANTIATE_DIM(S, 3)

COLLIDE_BVH_INSTANTIATE(float)
COLLIDE_BVH_INSTANTIATE(double)

#undef COLLIDE_BVH_INSTANTIATE
#undef COLLIDE_BVH_INSTANTIATE_DIM

}  // namespace collide
