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
//      for this: their check reads the boxes' intervals. The active list is kept in bands along the first
//      filtering axis, so a proxy is checked only against the active proxies near it there (see sweep()).
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
#include <limits>
#include <vector>

#include "collide/broadphase.h"

namespace collide {

// [SECTION] Options and endpoints

struct SapOptions {
  int sweepAxis = -1;       // -1: the largest-variance axis each update; 0, 1 (, 2): that axis
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

// The active list's bands along the first filtering axis (see sweep()): a band is this many mean box lengths
// wide, and there are at most kSapMaxBands of them.
inline constexpr double kSapBandWidthFactor = 4;
inline constexpr std::size_t kSapMaxBands = 1024;

// Endpoints are in sorted order but their boxes are not: reading each endpoint's box misses the cache once the
// boxes outgrow it (100,000 boxes in 3D are 2.4 MB in float), so the sort and the sweep fetch the box this many
// endpoints ahead.
inline constexpr std::size_t kSapPrefetchDistance = 16;

inline void prefetch(const void* address) {
#if defined(__GNUC__) || defined(__clang__)
  __builtin_prefetch(address);
#else
  (void)address;
#endif
}

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
class SweepAndPrune : public BroadPhaseBase<SweepAndPrune<S, Dim>, S, Dim> {
  using Base = BroadPhaseBase<SweepAndPrune<S, Dim>, S, Dim>;

 public:
  using typename Base::Box;
  using typename Base::Scalar;
  using Base::kDimensions;
  using Base::update;
  using Endpoint = SapEndpoint<S>;

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
    return this->finishUpdate();
  }

  // The sorted endpoints of an axis as of the last update (for drawing the ticks under an axis).
  [[nodiscard]] const std::vector<Endpoint>& endpoints(int axis) const { return endpoints_[axis]; }
  [[nodiscard]] int sweepAxis() const { return stats_.axisOrder[0]; }
  [[nodiscard]] std::size_t memoryBytes() const {
    std::size_t bytes = this->sharedMemoryBytes();
    for (const auto& axisEndpoints : endpoints_) bytes += axisEndpoints.capacity() * sizeof(Endpoint);
    bytes += activeIds_.capacity() * sizeof(ProxyId) +
             (activeSlot_.capacity() + hits_.capacity()) * sizeof(std::uint32_t);
    for (const Band& band : bands_) bytes += band.memoryBytes();
    bytes += bands_.capacity() * sizeof(Band) + bandPlaces_.capacity() * sizeof(BandPlace);
    bytes += mergeScratch_.capacity() * sizeof(Endpoint) + axisValues_.capacity() * sizeof(S);
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
  // sort axis this way): the largest-variance axis is swept, and the larger of the rest filters first, where it rejects
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
    // The axis's intervals gathered in proxy order (one sequential pass), so the sort's reads in endpoint order
    // hit 2 values per proxy instead of whole boxes spread over 3x the memory in 3D.
    axisValues_.resize(2 * proxies_.slotCount());
    for (std::size_t id = 0; id < proxies_.slotCount(); ++id) {
      const Box& box = proxies_.box(static_cast<ProxyId>(id));
      axisValues_[2 * id] = box.min[axis];
      axisValues_[2 * id + 1] = box.max[axis];
    }
    const std::size_t budget = options_.swapBudgetPerEndpoint * a.size();
    std::size_t swaps = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
      if (i + kSapPrefetchDistance < a.size()) prefetch(&axisValues_[a[i + kSapPrefetchDistance].data & ~1u]);
      Endpoint moving = a[i];
      moving.value = axisValues_[moving.data];  // data is id << 1 | isMax
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

  // The active list is split into bands along the first filtering axis (axisOrder[1]), so an entering proxy
  // tests only the active proxies near it on that axis, not the whole list: in a cube world of 100,000 boxes
  // about 860 proxies are active at each point of the sweep, and a band holds about 20 of them. This is the
  // multi-SAP idea (Terdiman, "Sweep-and-prune", 2007, part II: split the world so each sweep sees only nearby
  // boxes) on one axis, inside one sweep. A proxy sits in the one or two bands its interval touches; a longer
  // one sits in the wide list, which every entering proxy tests. A pair that shares two bands is kept only in
  // the band of the larger of its two minimums (both proxies touch it), so it is found once. The stage counts
  // are the plain sweep's: stage 0 counts the whole active list, stage k the pairs that also overlap on
  // axisOrder[1..k]; boxTests counts the interval tests the bands actually make.
  // Each band is structure-of-arrays (ids, and per filtering stage the intervals on that stage's axis), so the
  // test against a band is a branch-free scan (the common answer is "no").
  template <class Trace>
  void sweep(Trace& trace) {
    const int sweepAxis = stats_.axisOrder[0];
    const int bandAxis = stats_.axisOrder[1];
    collector_.begin(proxies_.slotCount());
    layOutBands();
    const auto wide = static_cast<std::uint32_t>(bandCount_);
    bandPlaces_.resize(proxies_.slotCount());
    hits_.resize(proxies_.slotCount());  // a band never holds more than every proxy
    activeCount_ = 0;
    std::array<std::size_t, Dim> stageCounts{};
    std::size_t tests = 0;
    // Only for the trace: the whole active list, and each stage's kept and rejected pairs.
    std::array<std::vector<ProxyPair>, Dim> kept;
    std::array<std::vector<ProxyPair>, Dim> rejected;
    if constexpr (Trace::enabled) {
      activeIds_.clear();
      activeSlot_.resize(proxies_.slotCount());
    }

    const std::vector<Endpoint>& axisEndpoints = endpoints_[sweepAxis];
    for (std::size_t position = 0; position < axisEndpoints.size(); ++position) {
      const Endpoint e = axisEndpoints[position];
      const ProxyId id = e.id();
      if (position + kSapPrefetchDistance < axisEndpoints.size()) {
        const ProxyId ahead = axisEndpoints[position + kSapPrefetchDistance].id();
        prefetch(&proxies_.box(ahead));
        prefetch(&bandPlaces_[ahead]);
      }
      if (e.isMax()) {
        leave(id);
        if constexpr (Trace::enabled) {
          leaveTraceList(id);
          trace(SapLeave<S>{sweepAxis, position, id, e.value});
        }
        continue;
      }
      const Box& box = proxies_.box(id);
      if constexpr (Trace::enabled) {
        trace(SapEnter<S>{sweepAxis, position, id, e.value, activeIds_});
        recordStages(id, box, kept, rejected);
        activeSlot_[id] = static_cast<std::uint32_t>(activeIds_.size());
        activeIds_.push_back(id);
      }
      stageCounts[0] += activeCount_;
      const std::uint32_t first = bandOf(box.min[bandAxis]);
      const std::uint32_t last = bandOf(box.max[bandAxis]);
      // Test everything before entering: a wide proxy must not meet itself in the wide list.
      tests += testBand(wide, id, box, false, stageCounts);
      if (last - first <= 1) {
        tests += testBand(first, id, box, false, stageCounts);
        if (last != first) tests += testBand(last, id, box, true, stageCounts);
        enter(id, box, first, last);
      } else {
        for (std::uint32_t band = 0; band < wide; ++band) tests += testBand(band, id, box, true, stageCounts);
        enter(id, box, wide, wide);
      }
    }
    stats_.candidatePairsPerAxis = stageCounts;
    stats_.boxTests = tests;
    if constexpr (Trace::enabled) {
      for (int stage = 0; stage < Dim; ++stage) {
        std::sort(kept[stage].begin(), kept[stage].end());
        std::sort(rejected[stage].begin(), rejected[stage].end());
        trace(SapAxisPairs{stage, stats_.axisOrder[stage], std::move(kept[stage]), std::move(rejected[stage])});
      }
    }
  }

  // Bands of kSapBandWidthFactor times the mean box length on the band axis (cost per entering proxy: the bands
  // it touches times the proxies in each; this width keeps both small), at most kSapMaxBands of them. Boxes all
  // at one coordinate make one band.
  void layOutBands() {
    const int axis = stats_.axisOrder[1];
    double low = std::numeric_limits<double>::infinity();
    double high = -low;
    double lengthSum = 0;
    const auto slots = static_cast<ProxyId>(proxies_.slotCount());
    for (ProxyId id = 0; id < slots; ++id) {
      if (!proxies_.contains(id)) continue;
      const Box& box = proxies_.box(id);
      low = std::min(low, static_cast<double>(box.min[axis]));
      high = std::max(high, static_cast<double>(box.max[axis]));
      lengthSum += static_cast<double>(box.max[axis]) - static_cast<double>(box.min[axis]);
    }
    bandCount_ = 1;
    bandOrigin_ = 0;
    bandScale_ = 0;
    if (proxies_.size() > 0) {
      const double range = high - low;
      const double width = std::max(kSapBandWidthFactor * lengthSum / static_cast<double>(proxies_.size()),
                                    range / static_cast<double>(kSapMaxBands));
      if (width > 0) {
        bandCount_ = std::min(kSapMaxBands, static_cast<std::size_t>(range / width) + 1);
        bandOrigin_ = low;
        bandScale_ = 1 / width;
      }
    }
    if (bands_.size() < bandCount_ + 1) bands_.resize(bandCount_ + 1);
    for (std::size_t band = 0; band <= bandCount_; ++band) bands_[band].clear();
  }

  // Monotonic in the value (each step rounds monotonically), which the one-band-per-pair rule relies on.
  [[nodiscard]] std::uint32_t bandOf(S value) const {
    const double position = (static_cast<double>(value) - bandOrigin_) * bandScale_;
    return static_cast<std::uint32_t>(std::clamp(position, 0.0, static_cast<double>(bandCount_ - 1)));
  }

  // Tests the entering proxy against one band and collects its pairs; onlyStartingHere keeps the pairs whose
  // other proxy's first band is this one (the rule above). Returns the interval tests made.
  std::size_t testBand(std::uint32_t bandIndex, ProxyId id, const Box& box, bool onlyStartingHere,
                       std::array<std::size_t, Dim>& stageCounts) {
    const Band& band = bands_[bandIndex];
    const std::size_t count = band.ids.size();
    if (count == 0) return 0;
    // Stage 1 over the band, branch-free: every slot is written to the hit list, and the list grows by one
    // only when the intervals overlap (the common answer is "no", which a branch would mispredict).
    std::size_t hitCount = 0;
    {
      const int axis = stats_.axisOrder[1];
      const S low = box.min[axis];
      const S high = box.max[axis];
      const S* otherMin = band.min[0].data();
      const S* otherMax = band.max[0].data();
      std::uint32_t* hits = hits_.data();
      for (std::size_t slot = 0; slot < count; ++slot) {
        hits[hitCount] = static_cast<std::uint32_t>(slot);
        hitCount += static_cast<std::size_t>((otherMin[slot] <= high) & (low <= otherMax[slot]));
      }
    }
    for (std::size_t hit = 0; hit < hitCount; ++hit) {
      const std::uint32_t slot = hits_[hit];
      const ProxyId other = band.ids[slot];
      if (onlyStartingHere && bandPlaces_[other].first != bandIndex) continue;
      ++stageCounts[1];
      int stage = 2;
      while (stage < Dim && band.min[stage - 1][slot] <= box.max[stats_.axisOrder[stage]] &&
             box.min[stats_.axisOrder[stage]] <= band.max[stage - 1][slot]) {
        ++stageCounts[stage];
        ++stage;
      }
      if (stage == Dim) collector_.add(id, other);
    }
    return count;
  }

  void enter(ProxyId id, const Box& box, std::uint32_t first, std::uint32_t last) {
    BandPlace& place = bandPlaces_[id];
    place.first = first;
    place.last = last;
    for (std::uint32_t bandIndex = first; bandIndex <= last; ++bandIndex) {
      Band& band = bands_[bandIndex];
      place.slot[bandIndex - first] = static_cast<std::uint32_t>(band.ids.size());
      band.ids.push_back(id);
      for (int stage = 1; stage < Dim; ++stage) {
        band.min[stage - 1].push_back(box.min[stats_.axisOrder[stage]]);
        band.max[stage - 1].push_back(box.max[stats_.axisOrder[stage]]);
      }
    }
    ++activeCount_;
  }

  // Swap-remove from each of the proxy's bands: O(1), the order of a band does not matter.
  void leave(ProxyId id) {
    const BandPlace place = bandPlaces_[id];
    for (std::uint32_t bandIndex = place.first; bandIndex <= place.last; ++bandIndex) {
      Band& band = bands_[bandIndex];
      const std::uint32_t slot = place.slot[bandIndex - place.first];
      const std::size_t last = band.ids.size() - 1;
      const ProxyId moved = band.ids[last];
      band.ids[slot] = moved;
      BandPlace& movedPlace = bandPlaces_[moved];
      movedPlace.slot[bandIndex - movedPlace.first] = slot;
      band.ids.pop_back();
      for (int stage = 0; stage + 1 < Dim; ++stage) {
        band.min[stage][slot] = band.min[stage][last];
        band.max[stage][slot] = band.max[stage][last];
        band.min[stage].pop_back();
        band.max[stage].pop_back();
      }
    }
    --activeCount_;
  }

  // For the trace: the whole active list in the order the lab shows it (swap-remove, as the bands do).
  void leaveTraceList(ProxyId id) {
    const std::uint32_t slot = activeSlot_[id];
    activeIds_[slot] = activeIds_.back();
    activeSlot_[activeIds_[slot]] = slot;
    activeIds_.pop_back();
  }

  // For the trace: which stage each candidate of the entering proxy survives to (kept) or fails at (rejected).
  void recordStages(ProxyId id, const Box& box, std::array<std::vector<ProxyPair>, Dim>& kept,
                    std::array<std::vector<ProxyPair>, Dim>& rejected) const {
    for (const ProxyId other : activeIds_) {
      const Box& otherBox = proxies_.box(other);
      const ProxyPair pair{std::min(id, other), std::max(id, other)};
      int stage = 1;
      while (stage < Dim && otherBox.min[stats_.axisOrder[stage]] <= box.max[stats_.axisOrder[stage]] &&
             box.min[stats_.axisOrder[stage]] <= otherBox.max[stats_.axisOrder[stage]]) {
        ++stage;
      }
      for (int keptStage = 0; keptStage < stage; ++keptStage) kept[keptStage].push_back(pair);
      if (stage < Dim) rejected[stage].push_back(pair);
    }
  }

  // One band of the active list: ids, and per filtering stage the intervals on axisOrder[stage + 1].
  struct Band {
    std::vector<ProxyId> ids;
    std::array<std::vector<S>, Dim - 1> min;
    std::array<std::vector<S>, Dim - 1> max;

    void clear() {
      ids.clear();
      for (int stage = 0; stage + 1 < Dim; ++stage) {
        min[stage].clear();
        max[stage].clear();
      }
    }
    [[nodiscard]] std::size_t memoryBytes() const {
      std::size_t bytes = ids.capacity() * sizeof(ProxyId);
      for (int stage = 0; stage + 1 < Dim; ++stage) {
        bytes += (min[stage].capacity() + max[stage].capacity()) * sizeof(S);
      }
      return bytes;
    }
  };
  // Where an active proxy sits: bands first..last (the wide list: first == last == bandCount_), its slot in each.
  struct BandPlace {
    std::uint32_t first = 0;
    std::uint32_t last = 0;
    std::array<std::uint32_t, 2> slot{};
  };

  SapOptions options_;
  using Base::proxies_;
  using Base::collector_;
  using Base::stats_;
  std::array<std::vector<Endpoint>, Dim> endpoints_;
  std::vector<Endpoint> mergeScratch_;
  std::vector<S> axisValues_;  // the sorted axis's min and max per proxy slot, gathered before the sort
  // The active list (Collision detection notes), in bands: bandCount_ bands, then the wide list.
  std::vector<Band> bands_;
  std::size_t bandCount_ = 1;
  double bandOrigin_ = 0;
  double bandScale_ = 0;                  // bands per unit length on the band axis
  std::vector<BandPlace> bandPlaces_;     // per proxy slot, while it is active
  std::size_t activeCount_ = 0;
  std::vector<ProxyId> activeIds_;        // trace only: the whole active list
  std::vector<std::uint32_t> activeSlot_; // trace only: where each active proxy sits in it
  std::vector<std::uint32_t> hits_;       // slots of a band's proxies that pass stage 1
};

}  // namespace collide
