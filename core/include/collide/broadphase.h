// collide/broadphase.h: what every broad phase shares: the box (Bounds, bounds.h), the pair, the per-update stats, the trace
// events, the proxy table and the BroadPhase concept.
//
// Four broad phases satisfy the concept: SweepAndPrune (sweep_and_prune.h), UniformGrid (uniform_grid.h),
// AabbTree (aabb_tree.h) and BruteForce (brute_force.h). For the same sequence of add / remove / move they hand
// out the same ids and return exactly the same pair set: pairs of ids with first < second, sorted, no
// duplicates. Overlap is on closed intervals everywhere: boxes that touch overlap.
//
// Why a concept and not a virtual base: update() takes the trace sink as a template parameter (DESIGN.md,
// "Traces, not state machines") so the stepped and the benchmarked update are the same code, and a virtual
// function cannot be a template. Callers that choose the algorithm at run time (the CLI, the lab) hold a
// std::variant of the four or write one template function over the concept. What the four keep alike (the proxy
// table, the pairs, the stats and their accessors) is one non-virtual base, BroadPhaseBase.
//
// [SECTION] Pairs and stats
// [SECTION] Trace events
// [SECTION] ProxyTable
// [SECTION] Pair collection and sorting
// [SECTION] BroadPhaseBase
// [SECTION] The BroadPhase concept
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <compare>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <variant>
#include <vector>

#include "collide/bounds.h"
#include "collide/math.h"
#include "collide/trace.h"

namespace collide {

// [SECTION] Pairs and stats

using ProxyId = std::uint32_t;
inline constexpr ProxyId kNullProxy = 0xffffffffu;

// A pair of overlapping proxies, first < second.
struct ProxyPair {
  ProxyId first = kNullProxy;
  ProxyId second = kNullProxy;
  friend constexpr auto operator<=>(const ProxyPair&, const ProxyPair&) = default;
};

// What one update did. Fields that an algorithm does not use stay zero.
template <int Dim>
struct BroadPhaseStats {
  std::size_t proxies = 0;
  std::size_t pairs = 0;     // final pairs, after the exact box test
  std::size_t boxTests = 0;  // exact box-versus-box tests on candidates
  // Sweep and prune: axisOrder[0] is the sweep axis; candidatePairsPerAxis[k] counts the pairs that overlap on
  // axes axisOrder[0..k], so the last entry equals pairs (Collision detection notes: the X list, then the XZ list).
  std::array<int, Dim> axisOrder{};
  std::array<std::size_t, Dim> candidatePairsPerAxis{};
  std::size_t swaps = 0;  // insertion sort swaps over every axis == inversions removed
  bool resorted = false;  // the swap budget ran out and a merge sort removed the rest (still counted)
  // Grid: object-in-cell insertions, distinct cells used, objects too large for cells (tested against all).
  std::size_t cellsTouched = 0;
  std::size_t occupiedCells = 0;
  std::size_t oversizeObjects = 0;
  bool cellSizeFallback = false;  // the hand-set cell size made most boxes oversize: the automatic one was used
  // Tree: node pairs visited by the self-query, leaves reinserted by move() since the last update.
  std::size_t nodesVisited = 0;
  std::size_t reinsertions = 0;

  friend bool operator==(const BroadPhaseStats&, const BroadPhaseStats&) = default;
};

// [SECTION] Trace events

// One endpoint of a proxy's interval on one axis.
template <Scalar S>
struct SapEndpointInfo {
  ProxyId id = kNullProxy;
  bool isMax = false;
  S value = 0;
};

// Insertion sort moved `moving` down past `passed`: moving now sits at `position`, passed at position + 1.
template <Scalar S>
struct SapSwap {
  int axis = 0;
  std::size_t position = 0;
  SapEndpointInfo<S> moving;
  SapEndpointInfo<S> passed;
};

// The swap budget ran out: a merge sort removed the remaining inversions (counted, not traced one by one).
struct SapResort {
  int axis = 0;
  std::size_t inversions = 0;
};

// The sweep line reached a min endpoint: the proxy enters the active list and pairs with every proxy already
// in it on this axis (the Collision detection notes' active list). `active` is the list before it enters.
template <Scalar S>
struct SapEnter {
  int axis = 0;
  std::size_t position = 0;
  ProxyId id = kNullProxy;
  S value = 0;
  std::vector<ProxyId> active;
};

// The sweep line reached a max endpoint: the proxy leaves the active list.
template <Scalar S>
struct SapLeave {
  int axis = 0;
  std::size_t position = 0;
  ProxyId id = kNullProxy;
  S value = 0;
};

// After the sweep: the pair list of one stage. Stage 0 is the sweep axis (everything kept); stage k tests the
// stage k-1 list on axis axisOrder[k] and keeps the pairs that overlap there too.
struct SapAxisPairs {
  int stage = 0;
  int axis = 0;
  std::vector<ProxyPair> kept;
  std::vector<ProxyPair> rejected;
};

template <int Dim>
struct GridInsert {
  ProxyId id = kNullProxy;
  std::array<std::int64_t, Dim> cell{};
};

// A proxy that spans more cells than the cap (or lies beyond the cell coordinate range): tested against all.
struct GridOversize {
  ProxyId id = kNullProxy;
};

// The grid tested two proxies' boxes: in `cell`, the one holding the min corner of their overlap (each pair once),
// or, when `oversize`, an oversize proxy `a` against another (cell unused).
template <int Dim>
struct GridTest {
  ProxyId a = kNullProxy;
  ProxyId b = kNullProxy;
  std::array<std::int64_t, Dim> cell{};
  bool oversize = false;
  bool overlap = false;
};

// The tree's self-query tested two nodes' fat boxes (nodeA == nodeB: a subtree against itself).
struct TreeVisit {
  int nodeA = -1;
  int nodeB = -1;
  bool overlap = false;
};

// Every event of every broad phase, so one Recorder<BroadPhaseEvent<S, Dim>> records any of them.
template <Scalar S, int Dim>
using BroadPhaseEvent = std::variant<SapSwap<S>, SapResort, SapEnter<S>, SapLeave<S>, SapAxisPairs, GridInsert<Dim>,
                                     GridOversize, GridTest<Dim>, TreeVisit>;

// [SECTION] ProxyTable

// Ids and boxes, shared by all four algorithms so that they hand out the same ids. A removed id is reused only
// after the next update (its endpoints, cells or leaf are cleaned there), then last-freed first.
template <Scalar S, int Dim>
class ProxyTable {
 public:
  using Box = Bounds<S, Dim>;

  [[nodiscard]] ProxyId add(const Box& box) {
    if (!isValid(box)) return kNullProxy;
    ProxyId id;
    if (!free_.empty()) {
      id = free_.back();
      free_.pop_back();
      boxes_[id] = box;
      alive_[id] = 1;
    } else {
      id = static_cast<ProxyId>(boxes_.size());
      boxes_.push_back(box);
      alive_.push_back(1);
    }
    ++count_;
    return id;
  }

  [[nodiscard]] bool remove(ProxyId id) {
    if (!contains(id)) return false;
    alive_[id] = 0;
    released_.push_back(id);
    --count_;
    return true;
  }

  [[nodiscard]] bool move(ProxyId id, const Box& box) {
    if (!contains(id) || !isValid(box)) return false;
    boxes_[id] = box;
    return true;
  }

  // Called by update() once the algorithm has forgotten the removed ids.
  void recycleReleased() {
    free_.insert(free_.end(), released_.begin(), released_.end());
    released_.clear();
  }

  [[nodiscard]] bool hasReleased() const { return !released_.empty(); }
  [[nodiscard]] bool contains(ProxyId id) const { return id < alive_.size() && alive_[id] != 0; }
  [[nodiscard]] const Box& box(ProxyId id) const { return boxes_[id]; }
  [[nodiscard]] std::size_t size() const { return count_; }
  [[nodiscard]] std::size_t slotCount() const { return boxes_.size(); }
  [[nodiscard]] std::size_t memoryBytes() const {
    return boxes_.capacity() * sizeof(Box) + alive_.capacity() +
           (free_.capacity() + released_.capacity()) * sizeof(ProxyId);
  }

 private:
  std::vector<Box> boxes_;
  std::vector<std::uint8_t> alive_;
  std::vector<ProxyId> free_;
  std::vector<ProxyId> released_;
  std::size_t count_ = 0;
};

// [SECTION] Pair collection and sorting

// Sorts pair keys (first << idBits | second) with an LSD radix sort; keys need 2 * idBits bits. In broadphase.cpp.
void sortPairKeys(std::vector<std::uint64_t>& keys, std::vector<std::uint64_t>& scratch, int idBits);

namespace detail {

// Gathers the pairs of one update as packed keys, then sorts them and unpacks them into ProxyPair.
class PairCollector {
 public:
  void begin(std::size_t slotCount) {
    keys_.clear();
    idBits_ = std::max(1, static_cast<int>(std::bit_width(slotCount)));
  }
  void add(ProxyId a, ProxyId b) {
    const ProxyId first = a < b ? a : b;
    const ProxyId second = a < b ? b : a;
    keys_.push_back((static_cast<std::uint64_t>(first) << idBits_) | second);
  }
  const std::vector<ProxyPair>& finish() {
    sortPairKeys(keys_, scratch_, idBits_);
    pairs_.resize(keys_.size());
    const std::uint64_t lowMask = (std::uint64_t{1} << idBits_) - 1;
    for (std::size_t i = 0; i < keys_.size(); ++i) {
      pairs_[i] = {static_cast<ProxyId>(keys_[i] >> idBits_), static_cast<ProxyId>(keys_[i] & lowMask)};
    }
    return pairs_;
  }
  [[nodiscard]] const std::vector<ProxyPair>& pairs() const { return pairs_; }
  [[nodiscard]] std::size_t memoryBytes() const {
    return (keys_.capacity() + scratch_.capacity()) * sizeof(std::uint64_t) + pairs_.capacity() * sizeof(ProxyPair);
  }

 private:
  std::vector<std::uint64_t> keys_;
  std::vector<std::uint64_t> scratch_;
  std::vector<ProxyPair> pairs_;
  int idBits_ = 1;
};

}  // namespace detail

// [SECTION] BroadPhaseBase

// The state and accessors every broad phase shares (CRTP, no virtual call): the proxy table, the pairs of the last
// update and its counts. Derived supplies add/remove/move and update(Trace&), which ends with finishUpdate(); a
// derived class brings the untraced update() and the members into scope with using-declarations.
template <class Derived, Scalar S, int Dim>
class BroadPhaseBase {
 public:
  using Scalar = S;
  using Box = Bounds<S, Dim>;
  static constexpr int kDimensions = Dim;

  const std::vector<ProxyPair>& update() {
    NoTrace trace;
    return static_cast<Derived&>(*this).update(trace);
  }
  [[nodiscard]] const std::vector<ProxyPair>& pairs() const { return collector_.pairs(); }
  [[nodiscard]] const BroadPhaseStats<Dim>& stats() const { return stats_; }
  [[nodiscard]] std::size_t size() const { return proxies_.size(); }
  [[nodiscard]] bool contains(ProxyId id) const { return proxies_.contains(id); }
  [[nodiscard]] const Box& box(ProxyId id) const { return proxies_.box(id); }

 protected:
  // The end of every update: the pairs sorted, and counted with the proxies.
  const std::vector<ProxyPair>& finishUpdate() {
    collector_.finish();
    stats_.proxies = proxies_.size();
    stats_.pairs = collector_.pairs().size();
    return collector_.pairs();
  }
  [[nodiscard]] std::size_t sharedMemoryBytes() const { return proxies_.memoryBytes() + collector_.memoryBytes(); }

  ProxyTable<S, Dim> proxies_;
  detail::PairCollector collector_;
  BroadPhaseStats<Dim> stats_;
};

// [SECTION] The BroadPhase concept

// add() returns kNullProxy for a NaN, infinite or inverted box; remove() and move() return false for an unknown
// id or such a box and change nothing. update() returns the pair set of the boxes as they are now.
template <class T>
concept BroadPhase = requires(T broadPhase, const T& constBroadPhase, const typename T::Box& box, ProxyId id,
                              NoTrace& trace) {
  typename T::Scalar;
  { T::kDimensions } -> std::convertible_to<int>;
  { broadPhase.add(box) } -> std::same_as<ProxyId>;
  { broadPhase.remove(id) } -> std::same_as<bool>;
  { broadPhase.move(id, box) } -> std::same_as<bool>;
  { broadPhase.update(trace) } -> std::same_as<const std::vector<ProxyPair>&>;
  { broadPhase.update() } -> std::same_as<const std::vector<ProxyPair>&>;
  { constBroadPhase.pairs() } -> std::same_as<const std::vector<ProxyPair>&>;
  { constBroadPhase.stats() } -> std::same_as<const BroadPhaseStats<T::kDimensions>&>;
  { constBroadPhase.size() } -> std::same_as<std::size_t>;
  { constBroadPhase.box(id) } -> std::same_as<const typename T::Box&>;
  { constBroadPhase.memoryBytes() } -> std::same_as<std::size_t>;
};

}  // namespace collide
