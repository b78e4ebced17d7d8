// collide/aabb_tree.h: a dynamic AABB tree (bounding volume hierarchy) for the broad phase (RTR collision summary,
// section 25.1.3; Box2D 2.4.1's b2DynamicTree).
//
// Leaves hold fattened boxes: the true box grown by a margin, so a box that moves a little stays inside its
// leaf and the tree does not change (Box2D's b2_aabbExtension; ours is relative to the box's size). A leaf is
// inserted next to the sibling found by Box2D's greedy descent on the surface-area cost (RTR collision summary, SAH: the
// cost of a node is the perimeter (2D) or area (3D) of its box): at each node, stop and pair with it, or go
// down into the child whose enlarged box costs less. On the way back up AVL rotations keep the tree balanced
// (b2DynamicTree::Balance). update() runs the self-query of RTR collision summary, Test(root, root): a subtree against
// itself is its two children against themselves and against each other, so each pair of leaves is met once;
// the fat boxes prune, and candidates are checked on the true boxes, so the pair set is exact.
//
// [SECTION] Options and nodes
// [SECTION] AabbTree
// [SECTION] Insert and remove
// [SECTION] Balance
// [SECTION] Self-query
#pragma once

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "collide/broadphase.h"

namespace collide {

// [SECTION] Options and nodes

template <Scalar S>
struct TreeOptions {
  S marginFraction = S(0.1);  // fat box margin = marginFraction * the box's largest extent ...
  S minimumMargin = 0;        // ... but at least this (world units)
};

template <Scalar S, int Dim>
struct TreeNode {
  Bounds<S, Dim> box;  // leaves: the fat box; internal nodes: the union of the children's boxes
  int parent = -1;
  int child1 = -1;  // -1 for a leaf
  int child2 = -1;
  int height = 0;  // leaves 0; -1 on the free list
  ProxyId proxy = kNullProxy;

  [[nodiscard]] bool isLeaf() const { return child1 < 0; }
};

// [SECTION] AabbTree

template <Scalar S, int Dim = 2>
class AabbTree : public BroadPhaseBase<AabbTree<S, Dim>, S, Dim> {
  using Base = BroadPhaseBase<AabbTree<S, Dim>, S, Dim>;

 public:
  using typename Base::Box;
  using typename Base::Scalar;
  using Base::kDimensions;
  using Base::update;
  using Node = TreeNode<S, Dim>;

  explicit AabbTree(TreeOptions<S> options = {}) : options_(options) {}

  [[nodiscard]] ProxyId add(const Box& box) {
    const ProxyId id = proxies_.add(box);
    if (id == kNullProxy) return id;
    if (leafOf_.size() <= id) leafOf_.resize(id + 1, -1);
    const int leaf = allocateNode();
    nodes_[leaf].box = fatten(box);
    nodes_[leaf].proxy = id;
    insertLeaf(leaf);
    leafOf_[id] = leaf;
    return id;
  }

  [[nodiscard]] bool remove(ProxyId id) {
    if (!proxies_.remove(id)) return false;
    const int leaf = leafOf_[id];
    removeLeaf(leaf);
    freeNode(leaf);
    leafOf_[id] = -1;
    return true;
  }

  // Reinserts the leaf only when the box leaves its fat box, or the fat box has grown far too large for it
  // (four margins, as b2DynamicTree::MoveProxy's "huge AABB"), so a box that stopped moving gets a snug leaf.
  [[nodiscard]] bool move(ProxyId id, const Box& box) {
    if (!proxies_.move(id, box)) return false;
    const int leaf = leafOf_[id];
    const Box& fat = nodes_[leaf].box;
    if (collide::contains(fat, box) && collide::contains(enlarged(box, S(4) * margin(box)), fat)) return true;
    removeLeaf(leaf);
    nodes_[leaf].box = fatten(box);
    insertLeaf(leaf);
    ++reinsertions_;
    return true;
  }

  template <class Trace>
  const std::vector<ProxyPair>& update(Trace& trace) {
    stats_ = {};
    proxies_.recycleReleased();
    collector_.begin(proxies_.slotCount());
    selfQuery(trace);
    stats_.reinsertions = reinsertions_;
    reinsertions_ = 0;
    return this->finishUpdate();
  }

  [[nodiscard]] const Box& fatBox(ProxyId id) const { return nodes_[leafOf_[id]].box; }
  // The node pool (entries with height -1 are free) and the root, for drawing boxes by depth.
  [[nodiscard]] const std::vector<Node>& nodes() const { return nodes_; }
  [[nodiscard]] int root() const { return root_; }
  [[nodiscard]] int height() const { return root_ < 0 ? 0 : nodes_[root_].height; }
  [[nodiscard]] std::size_t memoryBytes() const {
    return this->sharedMemoryBytes() + nodes_.capacity() * sizeof(Node) +
           (leafOf_.capacity() + freeNodes_.capacity()) * sizeof(int) + stack_.capacity() * sizeof(std::pair<int, int>);
  }

 private:
  [[nodiscard]] S margin(const Box& box) const {
    return std::max(options_.minimumMargin, options_.marginFraction * largestExtent(box));
  }
  [[nodiscard]] Box fatten(const Box& box) const { return enlarged(box, margin(box)); }

  int allocateNode() {
    int index;
    if (!freeNodes_.empty()) {
      index = freeNodes_.back();
      freeNodes_.pop_back();
    } else {
      index = static_cast<int>(nodes_.size());
      nodes_.emplace_back();
    }
    nodes_[index] = Node{};
    return index;
  }

  void freeNode(int index) {
    nodes_[index].height = -1;
    freeNodes_.push_back(index);
  }

  // [SECTION] Insert and remove

  // Box2D 2.4.1's InsertLeaf: descend while a child is cheaper than making a new parent here. Creating a
  // parent of `index` and the leaf costs 2 * area(combined); going down costs the growth of this node's box
  // (inherited by every ancestor) plus the child's own cost.
  void insertLeaf(int leaf) {
    if (root_ < 0) {
      root_ = leaf;
      nodes_[leaf].parent = -1;
      return;
    }
    const Box leafBox = nodes_[leaf].box;
    int index = root_;
    while (!nodes_[index].isLeaf()) {
      const int child1 = nodes_[index].child1;
      const int child2 = nodes_[index].child2;
      const S area = surfaceMeasure(nodes_[index].box);
      const S combinedArea = surfaceMeasure(merged(nodes_[index].box, leafBox));
      const S cost = S(2) * combinedArea;
      const S inheritanceCost = S(2) * (combinedArea - area);
      const auto descendCost = [&](int child) {
        const S enlargedArea = surfaceMeasure(merged(leafBox, nodes_[child].box));
        const S growth = nodes_[child].isLeaf() ? enlargedArea : enlargedArea - surfaceMeasure(nodes_[child].box);
        return growth + inheritanceCost;
      };
      const S cost1 = descendCost(child1);
      const S cost2 = descendCost(child2);
      if (cost < cost1 && cost < cost2) break;
      index = cost1 < cost2 ? child1 : child2;
    }
    const int sibling = index;
    const int oldParent = nodes_[sibling].parent;
    const int newParent = allocateNode();
    nodes_[newParent].parent = oldParent;
    nodes_[newParent].box = merged(leafBox, nodes_[sibling].box);
    nodes_[newParent].height = nodes_[sibling].height + 1;
    nodes_[newParent].child1 = sibling;
    nodes_[newParent].child2 = leaf;
    nodes_[sibling].parent = newParent;
    nodes_[leaf].parent = newParent;
    if (oldParent < 0) {
      root_ = newParent;
    } else if (nodes_[oldParent].child1 == sibling) {
      nodes_[oldParent].child1 = newParent;
    } else {
      nodes_[oldParent].child2 = newParent;
    }
    refitUpwards(nodes_[leaf].parent);
  }

  void removeLeaf(int leaf) {
    if (leaf == root_) {
      root_ = -1;
      return;
    }
    const int parent = nodes_[leaf].parent;
    const int grandParent = nodes_[parent].parent;
    const int sibling = nodes_[parent].child1 == leaf ? nodes_[parent].child2 : nodes_[parent].child1;
    freeNode(parent);
    if (grandParent < 0) {
      root_ = sibling;
      nodes_[sibling].parent = -1;
      return;
    }
    if (nodes_[grandParent].child1 == parent) {
      nodes_[grandParent].child1 = sibling;
    } else {
      nodes_[grandParent].child2 = sibling;
    }
    nodes_[sibling].parent = grandParent;
    refitUpwards(grandParent);
  }

  // Walks to the root, balancing each node and refitting its box and height.
  void refitUpwards(int index) {
    while (index >= 0) {
      index = balance(index);
      Node& node = nodes_[index];
      node.height = 1 + std::max(nodes_[node.child1].height, nodes_[node.child2].height);
      node.box = merged(nodes_[node.child1].box, nodes_[node.child2].box);
      index = node.parent;
    }
  }

  // [SECTION] Balance

  // b2DynamicTree::Balance: if one child of A is two levels taller, rotate that child up into A's place.
  // Returns the index of the subtree's new root.
  int balance(int indexA) {
    Node& a = nodes_[indexA];
    if (a.isLeaf() || a.height < 2) return indexA;
    const int indexB = a.child1;
    const int indexC = a.child2;
    const int heightDifference = nodes_[indexC].height - nodes_[indexB].height;
    if (heightDifference > 1) return rotateUp(indexA, indexC, indexB);
    if (heightDifference < -1) return rotateUp(indexA, indexB, indexC);
    return indexA;
  }

  // Rotates `tall` (a child of A) up: A takes tall's shorter child, tall keeps its taller child and gets A.
  int rotateUp(int indexA, int indexTall, int indexOther) {
    Node& a = nodes_[indexA];
    Node& tall = nodes_[indexTall];
    const int indexF = tall.child1;
    const int indexG = tall.child2;
    tall.child1 = indexA;
    tall.parent = a.parent;
    a.parent = indexTall;
    if (tall.parent < 0) {
      root_ = indexTall;
    } else if (nodes_[tall.parent].child1 == indexA) {
      nodes_[tall.parent].child1 = indexTall;
    } else {
      nodes_[tall.parent].child2 = indexTall;
    }
    const bool fIsTaller = nodes_[indexF].height > nodes_[indexG].height;
    const int keep = fIsTaller ? indexF : indexG;
    const int give = fIsTaller ? indexG : indexF;
    tall.child2 = keep;
    if (a.child1 == indexTall) {
      a.child1 = give;
    } else {
      a.child2 = give;
    }
    nodes_[give].parent = indexA;
    a.box = merged(nodes_[indexOther].box, nodes_[give].box);
    a.height = 1 + std::max(nodes_[indexOther].height, nodes_[give].height);
    tall.box = merged(a.box, nodes_[keep].box);
    tall.height = 1 + std::max(a.height, nodes_[keep].height);
    return indexTall;
  }

  // [SECTION] Self-query

  // Test(root, root) of RTR collision summary with an explicit stack: (n, n) expands to its children against themselves
  // and each other; (a, b) with overlapping fat boxes descends into the larger one (Box2D v3's tree-vs-tree
  // does the same) until both are leaves.
  template <class Trace>
  void selfQuery(Trace& trace) {
    stack_.clear();
    if (root_ >= 0) stack_.push_back({root_, root_});
    while (!stack_.empty()) {
      const auto [indexA, indexB] = stack_.back();
      stack_.pop_back();
      ++stats_.nodesVisited;
      const Node& a = nodes_[indexA];
      if (indexA == indexB) {
        if constexpr (Trace::enabled) trace(TreeVisit{indexA, indexB, true});
        if (a.isLeaf()) continue;
        stack_.push_back({a.child1, a.child2});
        stack_.push_back({a.child2, a.child2});
        stack_.push_back({a.child1, a.child1});
        continue;
      }
      const Node& b = nodes_[indexB];
      const bool overlap = overlaps(a.box, b.box);
      if constexpr (Trace::enabled) trace(TreeVisit{indexA, indexB, overlap});
      if (!overlap) continue;
      if (a.isLeaf() && b.isLeaf()) {
        ++stats_.boxTests;
        if (overlaps(proxies_.box(a.proxy), proxies_.box(b.proxy))) collector_.add(a.proxy, b.proxy);
      } else if (b.isLeaf() || (!a.isLeaf() && surfaceMeasure(a.box) >= surfaceMeasure(b.box))) {
        stack_.push_back({a.child2, indexB});
        stack_.push_back({a.child1, indexB});
      } else {
        stack_.push_back({indexA, b.child2});
        stack_.push_back({indexA, b.child1});
      }
    }
  }

  TreeOptions<S> options_;
  using Base::proxies_;
  using Base::collector_;
  using Base::stats_;
  std::vector<Node> nodes_;
  std::vector<int> freeNodes_;
  std::vector<int> leafOf_;  // per proxy id: its leaf node
  int root_ = -1;
  std::size_t reinsertions_ = 0;
  std::vector<std::pair<int, int>> stack_;
};

}  // namespace collide
