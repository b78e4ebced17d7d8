// collide/uniform_grid.h: a uniform grid stored as a spatial hash (RTR collision summary 25.1.2).
//
// update() rebuilds the grid from the boxes: each proxy goes into every cell its box overlaps; the proxies of
// each cell are tested pairwise (traced: a GridInsert per cell entered, then a GridTest per box test). A pair
// that shares several cells is reported once, by the cell that holds the min corner of the two boxes' overlap
// (that corner lies in both boxes, so both are in its cell). Cells
// live in an open-addressing hash of their integer coordinates, so the world has no bounds (RTR collision summary:
// "spatial hashing ... an implicitly infinite grid").
// Cell size: set by hand, or twice the mean of the boxes' largest extents, so that a typical box spans 1 or 2
// cells per axis (RTR collision summary suggests a little more than the largest box; one huge box would then make every
// cell crowded). A box spanning more than maxCellsPerObject cells is "oversize": tested against every proxy. When a
// hand-set size makes more than a quarter of the boxes oversize, the update uses the automatic size instead.
//
// [SECTION] Options
// [SECTION] UniformGrid
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <vector>

#include "collide/broadphase.h"

namespace collide {

// [SECTION] Options

template <Scalar S>
struct GridOptions {
  S cellSize = 0;                      // <= 0: chosen from the boxes each update
  S autoCellFactor = 2;                // automatic cell size = factor * mean largest extent
  std::size_t maxCellsPerObject = 64;  // beyond this a box is tested against everything instead
};

// [SECTION] UniformGrid

template <Scalar S, int Dim = 2>
class UniformGrid : public BroadPhaseBase<UniformGrid<S, Dim>, S, Dim> {
  using Base = BroadPhaseBase<UniformGrid<S, Dim>, S, Dim>;

 public:
  using typename Base::Box;
  using typename Base::Scalar;
  using Base::kDimensions;
  using Base::update;
  using Cell = std::array<std::int64_t, Dim>;

  explicit UniformGrid(GridOptions<S> options = {}) : options_(options) {}

  [[nodiscard]] ProxyId add(const Box& box) { return proxies_.add(box); }
  [[nodiscard]] bool remove(ProxyId id) { return proxies_.remove(id); }
  [[nodiscard]] bool move(ProxyId id, const Box& box) { return proxies_.move(id, box); }

  void setOptions(const GridOptions<S>& options) { options_ = options; }
  [[nodiscard]] const GridOptions<S>& options() const { return options_; }

  template <class Trace>
  const std::vector<ProxyPair>& update(Trace& trace) {
    stats_ = {};
    proxies_.recycleReleased();
    cellSize_ = chooseCellSize();
    collector_.begin(proxies_.slotCount());
    computeRanges(S(1) / cellSize_);
    // A hand-set cell size far below the boxes' size makes most of them oversize, and oversize boxes are tested
    // against everything: quadratic. Fall back to the automatic size then (stats().cellSizeFallback says so).
    if (options_.cellSize > S(0) && oversize_.size() > std::max<std::size_t>(kFallbackOversize, proxies_.size() / 4)) {
      cellSize_ = automaticCellSize();
      computeRanges(S(1) / cellSize_);
      stats_.cellSizeFallback = true;
    }
    buildTable(trace);
    testCells(trace);
    testOversize(trace);
    return this->finishUpdate();
  }

  [[nodiscard]] S cellSize() const { return cellSize_; }
  // A cell in use at the last update and how many proxies went into it (oversize ones never do).
  struct OccupiedCell {
    Cell cell{};
    std::uint32_t proxies = 0;
  };
  // The cells in use at the last update, in order of their coordinates (for drawing: the labs draw the grid's own
  // mapping of boxes to cells rather than working it out again).
  [[nodiscard]] std::vector<OccupiedCell> occupiedCells() const {
    std::vector<OccupiedCell> cells;
    for (std::size_t slot = 0; slot < slotCounts_.size(); ++slot) {
      if (slotCounts_[slot] != 0) cells.push_back({slotKeys_[slot], slotCounts_[slot]});
    }
    std::sort(cells.begin(), cells.end(), [](const OccupiedCell& a, const OccupiedCell& b) { return a.cell < b.cell; });
    return cells;
  }
  [[nodiscard]] std::size_t memoryBytes() const {
    return this->sharedMemoryBytes() + ranges_.capacity() * sizeof(CellRange) +
           oversize_.capacity() * sizeof(ProxyId) + entrySlots_.capacity() * sizeof(std::uint32_t) +
           slotKeys_.capacity() * sizeof(Cell) +
           (slotCounts_.capacity() + slotStarts_.capacity()) * sizeof(std::uint32_t) +
           cellProxies_.capacity() * sizeof(ProxyId);
  }

 private:
  struct CellRange {
    Cell low{};
    Cell high{};
    bool oversize = false;
  };

  // Cell coordinates beyond 2^52 would lose integers in the floating-point floor: such boxes are oversize.
  static constexpr double kMaxCellCoordinate = 4503599627370496.0;

  // Below this many oversize boxes the all-pairs test of the oversize ones is cheap whatever the cell size.
  static constexpr std::size_t kFallbackOversize = 64;

  [[nodiscard]] S chooseCellSize() const {
    if (options_.cellSize > S(0) && std::isfinite(options_.cellSize)) return options_.cellSize;
    return automaticCellSize();
  }

  [[nodiscard]] S automaticCellSize() const {
    double extentSum = 0;
    std::size_t count = 0;
    for (ProxyId id = 0; id < proxies_.slotCount(); ++id) {
      if (!proxies_.contains(id)) continue;
      extentSum += static_cast<double>(largestExtent(proxies_.box(id)));
      ++count;
    }
    const double size =
        count > 0 ? static_cast<double>(options_.autoCellFactor) * extentSum / static_cast<double>(count) : 0;
    // All boxes points: any size works; 1 keeps coordinates as they are.
    if (!(size > 0) || !std::isfinite(size)) return S(1);
    return static_cast<S>(size);
  }

  void computeRanges(S inverseCellSize) {
    ranges_.resize(proxies_.slotCount());
    oversize_.clear();
    for (ProxyId id = 0; id < proxies_.slotCount(); ++id) {
      if (!proxies_.contains(id)) continue;
      const Box& box = proxies_.box(id);
      CellRange& range = ranges_[id];
      range.oversize = false;
      double cells = 1;
      for (int axis = 0; axis < Dim; ++axis) {
        const double low = std::floor(static_cast<double>(box.min[axis]) * static_cast<double>(inverseCellSize));
        const double high = std::floor(static_cast<double>(box.max[axis]) * static_cast<double>(inverseCellSize));
        if (!(std::abs(low) < kMaxCellCoordinate && std::abs(high) < kMaxCellCoordinate)) {
          range.oversize = true;
          break;
        }
        range.low[axis] = static_cast<std::int64_t>(low);
        range.high[axis] = static_cast<std::int64_t>(high);
        cells *= high - low + 1;
      }
      if (range.oversize || cells > static_cast<double>(options_.maxCellsPerObject)) {
        range.oversize = true;
        oversize_.push_back(id);
      }
    }
    stats_.oversizeObjects = oversize_.size();
  }

  [[nodiscard]] static std::uint64_t hashCell(const Cell& cell) {
    std::uint64_t hash = 0x9e3779b97f4a7c15ull;
    for (int axis = 0; axis < Dim; ++axis) {
      hash ^= static_cast<std::uint64_t>(cell[axis]) + 0x9e3779b97f4a7c15ull + (hash << 6) + (hash >> 2);
    }
    hash ^= hash >> 31;
    hash *= 0xbf58476d1ce4e5b9ull;
    hash ^= hash >> 29;
    return hash;
  }

  std::uint32_t findOrInsert(const Cell& cell) {
    const std::size_t mask = slotKeys_.size() - 1;
    std::size_t slot = hashCell(cell) & mask;
    while (slotCounts_[slot] != 0 && slotKeys_[slot] != cell) slot = (slot + 1) & mask;
    if (slotCounts_[slot] == 0) {
      slotKeys_[slot] = cell;
      ++stats_.occupiedCells;
    }
    ++slotCounts_[slot];
    return static_cast<std::uint32_t>(slot);
  }

  // Calls visit(cell) for every cell of a range, last axis fastest.
  template <class Visit>
  static void forEachCell(const CellRange& range, Visit&& visit) {
    Cell cell = range.low;
    while (true) {
      visit(cell);
      int axis = Dim - 1;
      while (axis >= 0 && cell[axis] == range.high[axis]) {
        cell[axis] = range.low[axis];
        --axis;
      }
      if (axis < 0) return;
      ++cell[axis];
    }
  }

  // Counting sort into the cells: count per cell, prefix sums, then fill, so every cell's proxies are one run.
  template <class Trace>
  void buildTable(Trace& trace) {
    std::size_t entries = 0;
    for (ProxyId id = 0; id < proxies_.slotCount(); ++id) {
      if (!proxies_.contains(id) || ranges_[id].oversize) continue;
      std::size_t cells = 1;
      for (int axis = 0; axis < Dim; ++axis) {
        cells *= static_cast<std::size_t>(ranges_[id].high[axis] - ranges_[id].low[axis] + 1);
      }
      entries += cells;
    }
    const std::size_t capacity = std::bit_ceil(std::max<std::size_t>(16, 2 * entries));
    slotKeys_.resize(capacity);
    slotCounts_.assign(capacity, 0);
    slotStarts_.resize(capacity);
    entrySlots_.clear();
    entrySlots_.reserve(entries);
    for (ProxyId id = 0; id < proxies_.slotCount(); ++id) {
      if (!proxies_.contains(id) || ranges_[id].oversize) continue;
      forEachCell(ranges_[id], [&](const Cell& cell) {
        entrySlots_.push_back(findOrInsert(cell));
        if constexpr (Trace::enabled) trace(GridInsert<Dim>{id, cell});
      });
    }
    stats_.cellsTouched = entries;
    std::uint32_t start = 0;
    for (std::size_t slot = 0; slot < capacity; ++slot) {
      slotStarts_[slot] = start;
      start += slotCounts_[slot];
    }
    cellProxies_.resize(entries);
    std::size_t entry = 0;
    for (ProxyId id = 0; id < proxies_.slotCount(); ++id) {
      if (!proxies_.contains(id) || ranges_[id].oversize) continue;
      std::size_t cells = 1;
      for (int axis = 0; axis < Dim; ++axis) {
        cells *= static_cast<std::size_t>(ranges_[id].high[axis] - ranges_[id].low[axis] + 1);
      }
      for (std::size_t i = 0; i < cells; ++i) cellProxies_[slotStarts_[entrySlots_[entry++]]++] = id;
    }
    // The fill advanced each start to the end of its run; the runs are [end - count, end).
  }

  template <class Trace>
  void testCells(Trace& trace) {
    for (std::size_t slot = 0; slot < slotCounts_.size(); ++slot) {
      const std::uint32_t count = slotCounts_[slot];
      if (count < 2) continue;
      const Cell& cell = slotKeys_[slot];
      const ProxyId* members = cellProxies_.data() + (slotStarts_[slot] - count);
      for (std::uint32_t i = 0; i < count; ++i) {
        const ProxyId a = members[i];
        const Box& boxA = proxies_.box(a);
        for (std::uint32_t j = i + 1; j < count; ++j) {
          const ProxyId b = members[j];
          if (!ownsPair(cell, ranges_[a], ranges_[b])) continue;
          ++stats_.boxTests;
          const bool overlap = overlaps(boxA, proxies_.box(b));
          if constexpr (Trace::enabled) trace(GridTest<Dim>{a, b, cell, false, overlap});
          if (overlap) collector_.add(a, b);
        }
      }
    }
  }

  // The overlap's min corner is (max of the mins) per axis; its cell is the larger of the two low cells, since
  // the floor is monotone. Checked before the box test: shared cells other than this one skip the test.
  [[nodiscard]] static bool ownsPair(const Cell& cell, const CellRange& a, const CellRange& b) {
    for (int axis = 0; axis < Dim; ++axis) {
      if (cell[axis] != std::max(a.low[axis], b.low[axis])) return false;
    }
    return true;
  }

  template <class Trace>
  void testOversize(Trace& trace) {
    for (const ProxyId big : oversize_) {
      if constexpr (Trace::enabled) trace(GridOversize{big});
      const Box& bigBox = proxies_.box(big);
      for (ProxyId other = 0; other < proxies_.slotCount(); ++other) {
        if (other == big || !proxies_.contains(other)) continue;
        if (ranges_[other].oversize && other < big) continue;  // that pair is reported when `other` is `big`
        ++stats_.boxTests;
        const bool overlap = overlaps(bigBox, proxies_.box(other));
        if constexpr (Trace::enabled) trace(GridTest<Dim>{big, other, {}, true, overlap});
        if (overlap) collector_.add(big, other);
      }
    }
  }

  GridOptions<S> options_;
  using Base::proxies_;
  using Base::collector_;
  using Base::stats_;
  S cellSize_ = 1;
  std::vector<CellRange> ranges_;  // per proxy id: the cells its box spans
  std::vector<ProxyId> oversize_;
  std::vector<std::uint32_t> entrySlots_;  // per (proxy, cell) insertion: its hash slot
  std::vector<Cell> slotKeys_;             // the hash table of cells
  std::vector<std::uint32_t> slotCounts_;  // 0: empty slot
  std::vector<std::uint32_t> slotStarts_;
  std::vector<ProxyId> cellProxies_;  // every cell's proxies, one run per cell
};

}  // namespace collide
