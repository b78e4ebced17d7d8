// collide/midphase2.h: the mid phase in the plane. A concave polygon's convex parts (concave.h) get a tree over
// their boxes in the polygon's own frame (the five builds of bvh.h, in two dimensions: the SAH measures
// perimeters), and two such trees are descended together under the shapes' relative pose with the same traversal
// as the 3D mesh trees (bvh.h's Descent: depth-first, or breadth-first / largest-first under a budget of BV
// tests), down to the 2D narrow phase (query.h: GJK by default) on each pair of parts whose boxes overlap.
//
// Because the boxes live in each shape's frame, moving or turning a shape rebuilds nothing; B's box is an
// oriented box in A's frame, so a BV test is the two-dimensional oriented box test: four axes (Gottschalk, Lin
// and Manocha, "OBBTree", SIGGRAPH 1996, 4, in the plane; Ericson, Real-Time Collision Detection, 4.4.1).
//
// [SECTION] A polygon's part tree
// [SECTION] Box versus box in the plane
// [SECTION] Tree versus tree
#pragma once

#include <array>
#include <cmath>
#include <utility>
#include <vector>

#include "collide/bounds.h"
#include "collide/bvh.h"
#include "collide/concave.h"
#include "collide/query.h"
#include "collide/shapes.h"
#include "collide/trace.h"

namespace collide {

// [SECTION] A polygon's part tree

// The parts of a decomposed polygon, their boxes and a tree over the boxes, all in the polygon's frame. `tree`
// is empty (status InvalidInput) when the decomposition failed.
template <Scalar S>
struct PartTree {
  std::vector<Polygon<S>> parts;
  std::vector<Bounds<S, 2>> boxes;  // boxes[i]: the AABB of parts[i]'s corners
  Bvh<S, 2> tree;
};

template <Scalar S>
[[nodiscard]] Bounds<S, 2> partBox(const Polygon<S>& part) {
  Bounds<S, 2> box{{part.vertices[0].x, part.vertices[0].y}, {part.vertices[0].x, part.vertices[0].y}};
  for (int i = 1; i < part.count; ++i) {
    box.min = {std::min(box.min[0], part.vertices[i].x), std::min(box.min[1], part.vertices[i].y)};
    box.max = {std::max(box.max[0], part.vertices[i].x), std::max(box.max[1], part.vertices[i].y)};
  }
  return box;
}

// Builds the tree over convex parts: a compound of convex polygons, or a decomposition's parts (leaf size, bins
// and costs from `options`; its volume is always the AABB). Trace: NoTrace or Recorder<BvhBuildEvent<S, 2>>,
// whose primitive indices are part indices. No parts (or a failed decomposition): an empty tree, InvalidInput.
template <Scalar S, class Trace>
[[nodiscard]] PartTree<S> buildPartTree(std::vector<Polygon<S>> parts, const BvhOptions& options, Trace& trace) {
  PartTree<S> out;
  out.parts = std::move(parts);
  for (const Polygon<S>& part : out.parts) out.boxes.push_back(partBox(part));
  out.tree = buildBvh(out.boxes, options, trace);
  return out;
}

template <Scalar S, class Trace>
[[nodiscard]] PartTree<S> buildPartTree(const ConvexDecomposition<S>& decomposition, const BvhOptions& options, Trace& trace) {
  return buildPartTree(decomposition.ok() ? decomposition.polygons : std::vector<Polygon<S>>{}, options, trace);
}

template <Scalar S>
[[nodiscard]] PartTree<S> buildPartTree(const ConvexDecomposition<S>& decomposition, const BvhOptions& options = {}) {
  NoTrace trace;
  return buildPartTree(decomposition, options, trace);
}

// [SECTION] Box versus box in the plane

namespace detail {

// Separated boxes: A's AABB in its frame against B's AABB placed by `relative` (B's frame in A's). The four face
// axes are all the separating axes two rectangles have; |R| gets 16 epsilons of slack, as the 3D test.
template <Scalar S>
[[nodiscard]] inline bool boxesSeparated2(const Bounds<S, 2>& a, const Bounds<S, 2>& b, const Transform<S>& relative) {
  const S slack = S(16) * kEpsilon<S>;
  const S c = relative.q.c, s = relative.q.s;
  const S r[2][2] = {{c, -s}, {s, c}};  // columns: B's axes in A's frame
  const S absR[2][2] = {{std::abs(c) + slack, std::abs(s) + slack}, {std::abs(s) + slack, std::abs(c) + slack}};
  const S ha[2] = {S(0.5) * (a.max[0] - a.min[0]), S(0.5) * (a.max[1] - a.min[1])};
  const S hb[2] = {S(0.5) * (b.max[0] - b.min[0]), S(0.5) * (b.max[1] - b.min[1])};
  const Vec2<S> cb = relative.apply(Vec2<S>{S(0.5) * (b.min[0] + b.max[0]), S(0.5) * (b.min[1] + b.max[1])});
  const S t[2] = {cb.x - S(0.5) * (a.min[0] + a.max[0]), cb.y - S(0.5) * (a.min[1] + a.max[1])};
  for (int i = 0; i < 2; ++i) {
    if (std::abs(t[i]) > ha[i] + hb[0] * absR[i][0] + hb[1] * absR[i][1]) return true;
  }
  for (int j = 0; j < 2; ++j) {
    const S tj = t[0] * r[0][j] + t[1] * r[1][j];
    if (std::abs(tj) > ha[0] * absR[0][j] + ha[1] * absR[1][j] + hb[j]) return true;
  }
  return false;
}

// [SECTION] Tree versus tree

template <Scalar S, class Trace>
class PartMidphase : public Descent<PartMidphase<S, Trace>, NodePair<S, BvKind::Aabb>, S, 2, Trace> {
  using Pair = NodePair<S, BvKind::Aabb>;
  using Base = Descent<PartMidphase<S, Trace>, Pair, S, 2, Trace>;
  friend Base;

 public:
  PartMidphase(const PartTree<S>& a, const Transform<S>& xfA, const PartTree<S>& b, const Transform<S>& xfB,
               const MidphaseOptions& options, Algorithm narrowPhase, Trace& trace)
      : Base(a.tree.nodes, b.tree.nodes, options, trace), a_(a), b_(b), xfA_(xfA), xfB_(xfB),
        relative_(invMul(xfA, xfB)), narrowPhase_(narrowPhase) {}

  MidphaseResult<S> run() { return this->descend(Pair{0, 0}); }

 private:
  bool test(const Pair& pair) {
    ++this->result_.bvTests;
    const bool overlap = !boxesSeparated2(a_.tree.nodes[pair.a].box, b_.tree.nodes[pair.b].box, relative_);
    if (overlap) ++this->result_.bvOverlaps;
    if constexpr (Trace::enabled) {
      this->trace_(MidphaseBvTestStep{pair.a, pair.b, overlap, false, overlap ? this->descendSide(pair) : char(0)});
    }
    return overlap;
  }

  std::array<Pair, 2> children(const Pair& pair, char side) const {
    const auto& na = a_.tree.nodes[pair.a];
    const auto& nb = b_.tree.nodes[pair.b];
    if (side == 'A') return {Pair{na.left, pair.b}, Pair{na.right, pair.b}};
    return {Pair{pair.a, nb.left}, Pair{pair.a, nb.right}};
  }

  // Every part of leaf A against every part of leaf B, placed by their shapes' transforms, by the narrow phase.
  void leafPair(int leafA, int leafB) {
    ++this->result_.leafPairs;
    if constexpr (Trace::enabled) this->trace_(MidphaseLeafPairStep{leafA, leafB});
    const auto& na = a_.tree.nodes[leafA];
    const auto& nb = b_.tree.nodes[leafB];
    for (int j = nb.first; j < nb.first + nb.count; ++j) {
      const int pb = b_.tree.primitives[j];
      const Collider<S> partB{b_.parts[pb], xfB_};
      for (int i = na.first; i < na.first + na.count; ++i) {
        const int pa = a_.tree.primitives[i];
        ++this->result_.primitiveTests;
        const bool hit = runQuery(narrowPhase_, Collider<S>{a_.parts[pa], xfA_}, partB).hit;
        if (hit) this->result_.pairs.push_back({pa, pb});
        if constexpr (Trace::enabled) this->trace_(MidphasePrimitiveStep{pa, pb, hit});
      }
    }
  }

  const PartTree<S>& a_;
  const PartTree<S>& b_;
  Transform<S> xfA_, xfB_;
  Transform<S> relative_;
  Algorithm narrowPhase_;
};

}  // namespace detail

// Every pair of overlapping convex parts (part of A, part of B; sorted) of two part trees placed by xfA and xfB,
// through the trees, each pair tested by `narrowPhase` (an algorithm that takes two polygons: gjk, epa, sat).
// Traced with MidphaseEvent (part indices in the primitive steps). InvalidInput: an empty tree or a transform that
// is not finite and unit.
template <Scalar S, class Trace = NoTrace>
[[nodiscard]] MidphaseResult<S> midphaseParts(const PartTree<S>& a, const Transform<S>& xfA, const PartTree<S>& b,
                                              const Transform<S>& xfB, const MidphaseOptions& options,
                                              Algorithm narrowPhase, Trace& trace) {
  if (a.tree.empty() || b.tree.empty() || a.parts.size() != a.tree.primitives.size() ||
      b.parts.size() != b.tree.primitives.size() || !isValid(xfA).ok() || !isValid(xfB).ok()) {
    MidphaseResult<S> refused;
    refused.status = Status::InvalidInput;
    return refused;
  }
  return detail::PartMidphase<S, Trace>(a, xfA, b, xfB, options, narrowPhase, trace).run();
}

template <Scalar S>
[[nodiscard]] MidphaseResult<S> midphaseParts(const PartTree<S>& a, const Transform<S>& xfA, const PartTree<S>& b,
                                              const Transform<S>& xfB, const MidphaseOptions& options = {},
                                              Algorithm narrowPhase = Algorithm::Gjk) {
  NoTrace trace;
  return midphaseParts(a, xfA, b, xfB, options, narrowPhase, trace);
}

}  // namespace collide
