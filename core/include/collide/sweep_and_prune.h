// collide/sweep_and_prune.h: sweep and prune with temporal coherence (articles 000 and 004, section 25.1.1).
//
// Each axis keeps its proxies' interval endpoints in one sorted array. update():
//   1. refreshes the endpoint values from the boxes and restores the order of every axis by insertion sort:
//      between frames objects move little, so the order is nearly right and the sort costs O(n + swaps);
//      the swap count equals the inversions removed (article 000, "temporal coherence");
//   2. picks the sweep axis: the sparsest one, the largest variance of the box centres (article 000,
//      "start from the axis where objects are spread the most"), unless set by hand;
//   3. sweeps that axis with an active list: a min endpoint pairs its proxy with every active proxy and enters,
//      a max endpoint leaves; each such candidate is checked on the remaining axes in turn (article 000: the
//      X list, then XZ, then XYZ), so the last stage's list is the pair set.
// Ties: at equal values a min endpoint sorts before a max endpoint, so touching intervals overlap (closed
// intervals, as everywhere in broadphase.h), and a zero-size interval still enters before it leaves.
// Worst case: many objects sharing one axis's range (a floor) make that axis's active list O(n); the variance
// choice avoids sweeping it (article 004: "ignore that axis").
//
// [SECTION] Options and endpoints
// [SECTION] SweepAndPrune
// [SECTION] Sorting
// [SECTION] Sweep
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "collide/broadphase.h"

namespace collide {

// [SECTION] Options and endpoints

struct SapOptions {
  int sweepAxis = -1;        // -1: the sparsest axis each update; 0, 1 (, 2): that axis
  bool incremental = true;   // false: sort every axis from scratch each update (no temporal coherence)
  // Insertion sort is O(n^2) without coherence (teleports, a first update of many adds); after this many
  // swaps per endpoint a merge sort counts and removes the remaining inversions instead.
  std::size_t swapBudgetPerEndpoint = 64;
};

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
  using Box = BoundingBox<S, Dim>;
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
    stats_ = {};
    if (proxies_.hasReleased()) dropRemovedEndpoints();
    proxies_.recycleReleased();
    for (int axis = 0; axis < Dim; ++axis) {
      refreshValues(axis);
      if (options_.incremental) {
        stats_.swaps += insertionSort(axis, trace);
      } else {
        std::sort(endpoints_[axis].begin(), endpoints_[axis].end(), [](const Endpoint& a, const Endpoint& b) {
          return endpointLess(a, b) || (!endpointLess(b, a) && a.data < b.data);
        });
      }
    }
    chooseAxisOrder();
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
    bytes += active_.capacity() * sizeof(ActiveEntry) + activeSlot_.capacity() * sizeof(std::uint32_t);
    bytes += mergeScratch_.capacity() * sizeof(Endpoint);
    return bytes;
  }

 private:
  // An active proxy with its intervals on the axes after the sweep axis, so the filter reads one array.
  struct ActiveEntry {
    std::array<S, Dim - 1> min;
    std::array<S, Dim - 1> max;
    ProxyId id;
  };

  void dropRemovedEndpoints() {
    for (auto& axisEndpoints : endpoints_) {
      std::erase_if(axisEndpoints, [this](const Endpoint& e) { return !proxies_.contains(e.id()); });
    }
  }

  void refreshValues(int axis) {
    for (Endpoint& e : endpoints_[axis]) {
      const Box& box = proxies_.box(e.id());
      e.value = e.isMax() ? box.max[axis] : box.min[axis];
    }
  }

  // Sparsest axis first (largest variance of centres), the others in index order. Two passes: centres at 1e6
  // would lose the variance in a one-pass sum of squares.
  void chooseAxisOrder() {
    int first = options_.sweepAxis;
    if (first < 0 || first >= Dim) {
      first = 0;
      double bestVariance = -1;
      for (int axis = 0; axis < Dim; ++axis) {
        const double variance = centreVariance(axis);
        if (variance > bestVariance) {
          bestVariance = variance;
          first = axis;
        }
      }
    }
    stats_.axisOrder[0] = first;
    int next = 1;
    for (int axis = 0; axis < Dim; ++axis) {
      if (axis != first) stats_.axisOrder[next++] = axis;
    }
  }

  [[nodiscard]] double centreVariance(int axis) const {
    const std::vector<Endpoint>& axisEndpoints = endpoints_[axis];
    if (axisEndpoints.empty()) return 0;
    // Each proxy has two endpoints; the mean of all endpoint values is the mean centre.
    double mean = 0;
    for (const Endpoint& e : axisEndpoints) mean += static_cast<double>(e.value);
    mean /= static_cast<double>(axisEndpoints.size());
    double sum = 0;
    for (std::size_t i = 0; i < axisEndpoints.size(); ++i) {
      if (axisEndpoints[i].isMax()) continue;
      const Box& box = proxies_.box(axisEndpoints[i].id());
      const double centre = 0.5 * (static_cast<double>(box.min[axis]) + static_cast<double>(box.max[axis])) - mean;
      sum += centre * centre;
    }
    return sum;
  }

  // [SECTION] Sorting

  // Insertion sort: each endpoint slides down past the endpoints greater than it, one swap each, so the swaps
  // are exactly the inversions of the array (article 000's note: few inversions, near O(n)).
  template <class Trace>
  std::size_t insertionSort(int axis, Trace& trace) {
    std::vector<Endpoint>& a = endpoints_[axis];
    const std::size_t budget = options_.swapBudgetPerEndpoint * a.size();
    std::size_t swaps = 0;
    for (std::size_t i = 1; i < a.size(); ++i) {
      const Endpoint moving = a[i];
      std::size_t j = i;
      while (j > 0 && endpointLess(moving, a[j - 1])) {
        if constexpr (Trace::enabled) trace(SapSwap<S>{axis, j - 1, moving.info(), a[j - 1].info()});
        a[j] = a[j - 1];
        --j;
      }
      a[j] = moving;
      swaps += i - j;
      if (swaps > budget && i + 1 < a.size()) {
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

  template <class Trace>
  void sweep(Trace& trace) {
    const int sweepAxis = stats_.axisOrder[0];
    collector_.begin(proxies_.slotCount());
    active_.clear();
    activeSlot_.resize(proxies_.slotCount());
    std::array<std::size_t, Dim> stageCounts{};
    // Only for the trace: each stage's kept and rejected pairs.
    std::array<std::vector<ProxyPair>, Dim> kept;
    std::array<std::vector<ProxyPair>, Dim> rejected;

    const std::vector<Endpoint>& axisEndpoints = endpoints_[sweepAxis];
    for (std::size_t position = 0; position < axisEndpoints.size(); ++position) {
      const Endpoint e = axisEndpoints[position];
      const ProxyId id = e.id();
      if (e.isMax()) {
        const std::uint32_t slot = activeSlot_[id];
        active_[slot] = active_.back();
        activeSlot_[active_[slot].id] = slot;
        active_.pop_back();
        if constexpr (Trace::enabled) trace(SapLeave<S>{sweepAxis, position, id, e.value});
        continue;
      }
      const Box& box = proxies_.box(id);
      ActiveEntry entering;
      for (int stage = 1; stage < Dim; ++stage) {
        entering.min[stage - 1] = box.min[stats_.axisOrder[stage]];
        entering.max[stage - 1] = box.max[stats_.axisOrder[stage]];
      }
      entering.id = id;
      if constexpr (Trace::enabled) {
        SapEnter<S> event{sweepAxis, position, id, e.value, {}};
        for (const ActiveEntry& other : active_) event.active.push_back(other.id);
        trace(event);
      }
      stageCounts[0] += active_.size();
      for (const ActiveEntry& other : active_) {
        int stage = 1;
        while (stage < Dim && other.min[stage - 1] <= entering.max[stage - 1] &&
               entering.min[stage - 1] <= other.max[stage - 1]) {
          ++stageCounts[stage];
          ++stage;
        }
        if (stage == Dim) collector_.add(id, other.id);
        if constexpr (Trace::enabled) {
          const ProxyPair pair{std::min(id, other.id), std::max(id, other.id)};
          for (int keptStage = 0; keptStage < stage; ++keptStage) kept[keptStage].push_back(pair);
          if (stage < Dim) rejected[stage].push_back(pair);
        }
      }
      activeSlot_[id] = static_cast<std::uint32_t>(active_.size());
      active_.push_back(entering);
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

  SapOptions options_;
  ProxyTable<S, Dim> proxies_;
  std::array<std::vector<Endpoint>, Dim> endpoints_;
  std::vector<Endpoint> mergeScratch_;
  std::vector<ActiveEntry> active_;
  std::vector<std::uint32_t> activeSlot_;  // where each active proxy sits in active_ (swap-remove in O(1))
  detail::PairCollector collector_;
  BroadPhaseStats<Dim> stats_;
};

}  // namespace collide
