// collide/sweep_and_prune.h: sweep and prune with temporal coherence (Collision detection notes; RTR collision summary 25.1.1).
//
// Each axis keeps its proxies' interval endpoints in one array, sorted when that axis is swept. update():
//   1. orders the axes by the variance of the box centres, largest first (Collision detection notes, "start
//      from the axis where objects are spread the most"; Ericson, Real-Time Collision Detection, 7.5.2): the
//      first is the sweep axis, unless set by hand, and changes only when another axis beats it by
//      kSapAxisSwitchRatio; the others filter in that order (in 3D the sparser one first);
//   2. refreshes that axis's endpoint values from the boxes and restores its order by insertion sort: between
//      frames objects move little, so the order is nearly right and the sort costs O(n + swaps); the swap count
//      equals the inversions removed (Collision detection notes, "temporal coherence"). SapOptions::sortEveryAxis sorts
//      every axis (the lab draws them all);
//   3. sweeps that axis with an active list: a min endpoint pairs its proxy with every active proxy and enters,
//      a max endpoint leaves; each such candidate is checked on the remaining axes in turn (Collision detection notes: the
//      X list, then XZ, then XYZ), so the last stage's list is the pair set. The other axes need no sorting
//      for this: their check reads the boxes' intervals.
// Ties: at equal values a min endpoint sorts before a max endpoint, so touching intervals overlap (closed
// intervals, as everywhere in broadphase.h), and a zero-size interval still enters before it leaves.
// Worst case: many objects sharing one axis's range (a floor) make that axis's active list O(n); the variance
// choice avoids sweeping it (RTR collision summary: "ignore that axis").
//
// [SECTION] Options and endpoints
// [SECTION] SweepAndPrune
// [SECTION] Sorting
// [SECTION] Sweep
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <vector>

#include "collide/broadphase.h"

namespace collide {

// [SECTION] Options and endpoints

struct SapOptions {
  int sweepAxis = -1;       // -1: the sparsest axis each update; 0, 1 (, 2): that axis
  bool incremental = true;  // false: sort every axis from scratch each update (no temporal coherence)
  // Insertion sort is O(n^2) without coherence (teleports, a first update of many adds); after this many
  // swaps per endpoint a merge sort counts and removes the remaining inversions instead.
  std::size_t swapBudgetPerEndpoint = 64;
  // false: only the sweep axis is re-sorted each update (the others only filter, by reading the boxes), and an
  // axis that becomes the sweep axis is sorted then from its old order. true: every axis stays sorted (the lab
  // draws every axis's endpoints).
  bool sortEveryAxis = false;
};

// The automatic choice changes the sweep axis only when another axis's centre variance beats the current one's
// by this factor, so a square scene does not re-sort a stale axis every other frame.
inline constexpr double kSapAxisSwitchRatio = 1.25;

// One interval end on one axis, 8 bytes with float: the value and (id << 1 | isMax).
template <Scalar S>
struct SapEndpoint {
  S value = 0;
  std::uint32_t data = 0;

  [[nodiscard]] ProxyId id() const { return data >> 1; }
  [[nodiscard]] bool isMax() const { return (data & 1u) != 0; }
  [[nodiscard]] SapEndpointInfo<S> info() const { return {id(), isMax(), value}; }
};

// The sort order: by value; at equal values min endpoints first. Equal keys keep their order (stable).
template <Scalar S>
[[nodiscard]] inline bool endpointLess(const SapEndpoint<S>& a, const SapEndpoint<S>& b) {
  return a.value < b.value || (a.value == b.value && !a.isMax() && b.isMax());
}

// [SECTION] SweepAndPrune

template <Scalar S, int Dim = 2>
class SweepAndPrune {
 public:
  using Scalar = S;
  using Box = Bounds<S, Dim>;
  using Endpoint = SapEndpoint<S>;
  static constexpr int kDimensions = Dim;

  explicit SweepAndPrune(SapOptions options = {}) : options_(options) {}

  [[nodiscard]] ProxyId add(const Box& box) {
    const ProxyId id = proxies_.add(box);
    if (id == kNullProxy) return id;
    // New endpoints go to the end; the next update's insertion sort moves them into place.
    for (int axis = 0; axis < Dim; ++axis) {
      endpoints_[axis].push_back({box.min[axis], id << 1});
      endpoints_[axis].push_back({box.max[axis], (id << 1) | 1u});
    }
    return id;
  }

  // The endpoints of a removed proxy are dropped at the next update (one pass for all removals).
  [[nodiscard]] bool remove(ProxyId id) { return proxies_.remove(id); }

  // Only the box changes; the endpoints pick up the new values and are re-sorted at the next update.
  [[nodiscard]] bool move(ProxyId id, const Box& box) { return proxies_.move(id, box); }

  void setOptions(const SapOptions& options) { options_ = options; }
  [[nodiscard]] const SapOptions& options() const { return options_; }

  template <class Trace>
  const std::vector<ProxyPair>& update(Trace& trace) {
    const int previousSweepAxis = stats_.axisOrder[0];
    stats_ = {};
    if (proxies_.hasReleased()) dropRemovedEndpoints();
    proxies_.recycleReleased();
    chooseAxisOrder(previousSweepAxis);
    for (int axis = 0; axis < Dim; ++axis) {
      if (!options_.sortEveryAxis && axis != stats_.axisOrder[0]) continue;
      if (options_.incremental) {
        stats_.swaps += refreshAndInsertionSort(axis, trace);
      } else {
        refreshValues(axis);
        std::sort(endpoints_[axis].begin(), endpoints_[axis].end(), [](const Endpoint& a, const Endpoint& b) {
          return endpointLess(a, b) || (!endpointLess(b, a) && a.data < b.data);
        });
      }
    }
    sweep(trace);
    stats_.proxies = proxies_.size();
    stats_.pairs = collector_.pairs().size();
    return collector_.pairs();
  }
  const std::vector<ProxyPair>& update() {
    NoTrace trace;
    return update(trace);
  }

  [[nodiscard]] const std::vector<ProxyPair>& pairs() const { return collector_.pairs(); }
  [[nodiscard]] const BroadPhaseStats<Dim>& stats() const { return stats_; }
  [[nodiscard]] std::size_t size() const { return proxies_.size(); }
  [[nodiscard]] bool contains(ProxyId id) const { return proxies_.contains(id); }
  [[nodiscard]] const Box& box(ProxyId id) const { return proxies_.box(id); }
  // The sorted endpoints of an axis as of the last update (for drawing the ticks under an axis).
  [[nodiscard]] const std::vector<Endpoint>& endpoints(int axis) const { return endpoints_[axis]; }
  [[nodiscard]] int sweepAxis() const { return stats_.axisOrder[0]; }
  [[nodiscard]] std::size_t memoryBytes() const {
    std::size_t bytes = proxies_.memoryBytes() + collector_.memoryBytes();
    for (const auto& axisEndpoints : endpoints_) bytes += axisEndpoints.capacity() * sizeof(Endpoint);
    bytes += activeIds_.capacity() * sizeof(ProxyId) +
             (activeSlot_.capacity() + hits_.capacity()) * sizeof(std::uint32_t) + flags_.capacity();
    for (int stage = 0; stage + 1 < Dim; ++stage) {
      bytes += (activeMin_[stage].capacity() + activeMax_[stage].capacity()) * sizeof(S);
    }
    bytes += mergeScratch_.capacity() * sizeof(Endpoint);
    return bytes;
  }

 private:
  void dropRemovedEndpoints() {
    for (auto& axisEndpoints : endpoints_) {
      std::erase_if(axisEndpoints, [this](const Endpoint& e) { return !proxies_.contains(e.id()); });
    }
  }

  void refreshValue(int axis, Endpoint& e) const {
    const Box& box = proxies_.box(e.id());
    e.value = e.isMax() ? box.max[axis] : box.min[axis];
  }
  void refreshValues(int axis) {
    for (Endpoint& e : endpoints_[axis]) refreshValue(axis, e);
  }

  // Every axis in order of decreasing centre variance (Ericson, Real-Time Collision Detection, 7.5.2, picks the
  // sort axis this way): the sparsest axis is swept, and the sparser of the rest filters first, where it rejects
  // the most candidates; an axis many boxes share (the up axis of a floor) comes last. In a y-up world this is
  // the familiar x, then z, then y. Only the sweep axis has hysteresis, since changing it re-sorts an axis;
  // the filtering order is free to change every update. Equal variances keep index order. The sums are
  // shifted by the first centre: centres at 1e6 would lose the variance in a plain sum of squares.
  void chooseAxisOrder(int previousSweepAxis) {
    const bool automatic = options_.sweepAxis < 0 || options_.sweepAxis >= Dim;
    if constexpr (Dim == 2) {
      if (!automatic) {  // one axis left: no variance needed
        stats_.axisOrder = {options_.sweepAxis, 1 - options_.sweepAxis};
        return;
      }
    }
    const std::array<double, Dim> variance = centreVariances();
    std::array<int, Dim> order{};
    for (int axis = 0; axis < Dim; ++axis) order[axis] = axis;
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return variance[a] > variance[b]; });
    int first = order[0];
    if (!automatic) {
      first = options_.sweepAxis;
    } else if (previousSweepAxis != first && !(variance[first] > kSapAxisSwitchRatio * variance[previousSweepAxis])) {
      first = previousSweepAxis;
    }
    stats_.axisOrder[0] = first;
    int next = 1;
    for (const int axis : order) {
      if (axis != first) stats_.axisOrder[next++] = axis;
    }
  }

  [[nodiscard]] std::array<double, Dim> centreVariances() const {
    std::array<double, Dim> shift{};
    std::array<double, Dim> sum{};
    std::array<double, Dim> sumSquares{};
    bool haveShift = false;
    const auto slots = static_cast<ProxyId>(proxies_.slotCount());
    for (ProxyId id = 0; id < slots; ++id) {
      if (!proxies_.contains(id)) continue;
      const Box& box = proxies_.box(id);
      for (int axis = 0; axis < Dim; ++axis) {
        // Twice the centre: the factor is the same on every axis, so the comparison is unchanged.
        const double centre = static_cast<double>(box.min[axis]) + static_cast<double>(box.max[axis]);
        if (!haveShift) shift[axis] = centre;
        const double d = centre - shift[axis];
        sum[axis] += d;
        sumSquares[axis] += d * d;
      }
      haveShift = true;
    }
    const double count = std::max<double>(1, static_cast<double>(proxies_.size()));
    std::array<double, Dim> variance{};
    for (int axis = 0; axis < Dim; ++axis) {
      variance[axis] = sumSquares[axis] / count - (sum[axis] / count) * (sum[axis] / count);
    }
    return variance;
  }

  // [SECTION] Sorting

  // Insertion sort: each endpoint slides down past the endpoints greater than it, one swap each, so the swaps
  // are exactly the inversions of the array (the Collision detection notes' note: few inversions, near O(n)). Each endpoint's
  // value is refreshed from its box as the sort reaches it, so the array is read once.
  template <class Trace>
  std::size_t refreshAndInsertionSort(int axis, Trace& trace) {
    std::vector<Endpoint>& a = endpoints_[axis];
    const std::size_t budget = options_.swapBudgetPerEndpoint * a.size();
    std::size_t swaps = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
      Endpoint moving = a[i];
      const Box& box = proxies_.box(moving.id());
      moving.value = moving.isMax() ? box.max[axis] : box.min[axis];
      std::size_t j = i;
      while (j > 0 && endpointLess(moving, a[j - 1])) {
        if constexpr (Trace::enabled) trace(SapSwap<S>{axis, j - 1, moving.info(), a[j - 1].info()});
        a[j] = a[j - 1];
        --j;
      }
      a[j] = moving;
      swaps += i - j;
      if (swaps > budget && i + 1 < a.size()) {
        for (std::size_t k = i + 1; k < a.size(); ++k) refreshValue(axis, a[k]);
        const std::size_t rest = mergeSortCountingInversions(axis);
        if constexpr (Trace::enabled) trace(SapResort{axis, rest});
        stats_.resorted = true;
        return swaps + rest;
      }
    }
    return swaps;
  }

  // Stable bottom-up merge sort that counts inversions (pairs out of order under endpointLess): the number
  // of swaps insertion sort would still have made.
  std::size_t mergeSortCountingInversions(int axis) {
    std::vector<Endpoint>& a = endpoints_[axis];
    const std::size_t n = a.size();
    mergeScratch_.resize(n);
    std::vector<Endpoint>* source = &a;
    std::vector<Endpoint>* target = &mergeScratch_;
    std::size_t inversions = 0;
    for (std::size_t width = 1; width < n; width *= 2) {
      for (std::size_t left = 0; left < n; left += 2 * width) {
        const std::size_t middle = std::min(left + width, n);
        const std::size_t right = std::min(left + 2 * width, n);
        std::size_t i = left;
        std::size_t j = middle;
        std::size_t k = left;
        while (i < middle && j < right) {
          if (endpointLess((*source)[j], (*source)[i])) {
            inversions += middle - i;
            (*target)[k++] = (*source)[j++];
          } else {
            (*target)[k++] = (*source)[i++];
          }
        }
        while (i < middle) (*target)[k++] = (*source)[i++];
        while (j < right) (*target)[k++] = (*source)[j++];
      }
      std::swap(source, target);
    }
    if (source != &a) a.swap(mergeScratch_);
    return inversions;
  }

  // [SECTION] Sweep

  // The active list is structure-of-arrays: per active proxy its id and its interval on each filtering axis,
  // so the test against the whole list is a branch-free scan (the common answer is "no").
  template <class Trace>
  void sweep(Trace& trace) {
    const int sweepAxis = stats_.axisOrder[0];
    collector_.begin(proxies_.slotCount());
    activeIds_.clear();
    for (int stage = 0; stage + 1 < Dim; ++stage) {
      activeMin_[stage].clear();
      activeMax_[stage].clear();
    }
    activeSlot_.resize(proxies_.slotCount());
    hits_.resize(proxies_.slotCount());  // the active list never holds more than every proxy
    flags_.assign(proxies_.slotCount() + 8, 0);
    std::array<std::size_t, Dim> stageCounts{};
    // Only for the trace: each stage's kept and rejected pairs.
    std::array<std::vector<ProxyPair>, Dim> kept;
    std::array<std::vector<ProxyPair>, Dim> rejected;

    const std::vector<Endpoint>& axisEndpoints = endpoints_[sweepAxis];
    for (std::size_t position = 0; position < axisEndpoints.size(); ++position) {
      const Endpoint e = axisEndpoints[position];
      const ProxyId id = e.id();
      if (e.isMax()) {
        leave(id);
        if constexpr (Trace::enabled) trace(SapLeave<S>{sweepAxis, position, id, e.value});
        continue;
      }
      const Box& box = proxies_.box(id);
      if constexpr (Trace::enabled) {
        trace(SapEnter<S>{sweepAxis, position, id, e.value, activeIds_});
        recordStages(id, box, kept, rejected);
      }
      const std::size_t activeCount = activeIds_.size();
      stageCounts[0] += activeCount;
      // Stage 1: the second axis, over the whole active list. Two passes: a flag per slot (a loop the compiler
      // vectorises), then the rare set flags collected eight at a time.
      std::size_t hitCount = 0;
      {
        const int axis = stats_.axisOrder[1];
        const S low = box.min[axis];
        const S high = box.max[axis];
        const S* otherMin = activeMin_[0].data();
        const S* otherMax = activeMax_[0].data();
        std::uint8_t* flags = flags_.data();
        for (std::size_t slot = 0; slot < activeCount; ++slot) {
          flags[slot] = static_cast<std::uint8_t>((otherMin[slot] <= high) & (low <= otherMax[slot]));
        }
        for (std::size_t block = 0; block < activeCount; block += 8) {
          std::uint64_t word;
          std::memcpy(&word, flags + block, sizeof word);  // flags_ has 8 spare bytes past the end
          if (word == 0) continue;
          const std::size_t end = std::min(block + 8, activeCount);
          for (std::size_t slot = block; slot < end; ++slot) {
            hits_[hitCount] = static_cast<std::uint32_t>(slot);
            hitCount += flags[slot];
          }
        }
      }
      stageCounts[1] += hitCount;
      for (std::size_t hit = 0; hit < hitCount; ++hit) {
        const std::uint32_t slot = hits_[hit];
        int stage = 2;
        while (stage < Dim && activeMin_[stage - 1][slot] <= box.max[stats_.axisOrder[stage]] &&
               box.min[stats_.axisOrder[stage]] <= activeMax_[stage - 1][slot]) {
          ++stageCounts[stage];
          ++stage;
        }
        if (stage == Dim) collector_.add(id, activeIds_[slot]);
      }
      activeSlot_[id] = static_cast<std::uint32_t>(activeCount);
      activeIds_.push_back(id);
      for (int stage = 1; stage < Dim; ++stage) {
        activeMin_[stage - 1].push_back(box.min[stats_.axisOrder[stage]]);
        activeMax_[stage - 1].push_back(box.max[stats_.axisOrder[stage]]);
      }
    }
    collector_.finish();
    stats_.candidatePairsPerAxis = stageCounts;
    stats_.boxTests = stageCounts[0];
    if constexpr (Trace::enabled) {
      for (int stage = 0; stage < Dim; ++stage) {
        std::sort(kept[stage].begin(), kept[stage].end());
        std::sort(rejected[stage].begin(), rejected[stage].end());
        trace(SapAxisPairs{stage, stats_.axisOrder[stage], std::move(kept[stage]), std::move(rejected[stage])});
      }
    }
  }

  // Swap-remove from the active list: O(1), the order of the list does not matter.
  void leave(ProxyId id) {
    const std::uint32_t slot = activeSlot_[id];
    const std::size_t last = activeIds_.size() - 1;
    activeIds_[slot] = activeIds_[last];
    activeSlot_[activeIds_[slot]] = slot;
    activeIds_.pop_back();
    for (int stage = 0; stage + 1 < Dim; ++stage) {
      activeMin_[stage][slot] = activeMin_[stage][last];
      activeMax_[stage][slot] = activeMax_[stage][last];
      activeMin_[stage].pop_back();
      activeMax_[stage].pop_back();
    }
  }

  // For the trace: which stage each candidate of the entering proxy survives to (kept) or fails at (rejected).
  void recordStages(ProxyId id, const Box& box, std::array<std::vector<ProxyPair>, Dim>& kept,
                    std::array<std::vector<ProxyPair>, Dim>& rejected) const {
    for (std::size_t slot = 0; slot < activeIds_.size(); ++slot) {
      const ProxyId other = activeIds_[slot];
      const ProxyPair pair{std::min(id, other), std::max(id, other)};
      int stage = 1;
      while (stage < Dim && activeMin_[stage - 1][slot] <= box.max[stats_.axisOrder[stage]] &&
             box.min[stats_.axisOrder[stage]] <= activeMax_[stage - 1][slot]) {
        ++stage;
      }
      for (int keptStage = 0; keptStage < stage; ++keptStage) kept[keptStage].push_back(pair);
      if (stage < Dim) rejected[stage].push_back(pair);
    }
  }

  SapOptions options_;
  ProxyTable<S, Dim> proxies_;
  std::array<std::vector<Endpoint>, Dim> endpoints_;
  std::vector<Endpoint> mergeScratch_;
  // The active list (Collision detection notes): ids, and per filtering stage the intervals on that stage's axis.
  std::vector<ProxyId> activeIds_;
  std::array<std::vector<S>, Dim - 1> activeMin_;
  std::array<std::vector<S>, Dim - 1> activeMax_;
  std::vector<std::uint32_t> activeSlot_;  // where each active proxy sits in the active list
  std::vector<std::uint32_t> hits_;        // slots of the active proxies that pass stage 1
  std::vector<std::uint8_t> flags_;        // per active slot: passes stage 1
  detail::PairCollector collector_;
  BroadPhaseStats<Dim> stats_;
};

}  // namespace collide
