// app/labs/broad_phase_core.h: what the broad-phase labs of the plane and of space share: the chosen broad phase
// and a brute-force reference over the same proxies, the update (recorded for stepping at small N), the brute-force
// badge, and the check that the recorded events replay to the core's pairs and endpoint order. A lab derives from
// BroadPhaseCore<Dim>, keeps its objects and drawing, and calls runUpdate once a frame.
#pragma once

#include <algorithm>
#include <array>
#include <iterator>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "collide/aabb_tree.h"
#include "collide/broadphase.h"
#include "collide/brute_force.h"
#include "collide/sweep_and_prune.h"
#include "collide/uniform_grid.h"
#include "lab/vocabulary.h"
#include "render/color.h"
#include "render/label_layout.h"
#include "workloads/motions.h"

namespace lab::broadphase {

enum class Algorithm { Sap, Grid, Bvh, Brute };
inline constexpr std::array<std::string_view, 4> kAlgorithmNames = {"sap", "grid", "bvh", "brute"};
inline constexpr std::array<const char*, 4> kAlgorithmTitles = {"Sweep and prune", "Uniform grid",
                                                                 "Dynamic AABB tree", "Brute force"};

// The broad phase a kAlgorithmNames entry names; nullopt, with `error` saying what names there are, for none (both
// labs' setAlgorithm, the plane's lab_state.algorithm).
[[nodiscard]] inline std::optional<Algorithm> algorithmNamed(std::string_view name, std::string& error) {
  for (std::size_t i = 0; i < kAlgorithmNames.size(); ++i)
    if (kAlgorithmNames[i] == name) return static_cast<Algorithm>(i);
  error = "unknown broad phase \"" + std::string(name) + "\"; expected sap, grid, bvh or brute";
  return std::nullopt;
}

// kAlgorithmTitles' entry for a kAlgorithmNames one; the name itself when it is none of them.
[[nodiscard]] inline std::string algorithmTitle(std::string_view name) {
  std::string unknown;
  const std::optional<Algorithm> algorithm = algorithmNamed(name, unknown);
  return algorithm ? kAlgorithmTitles[static_cast<std::size_t>(*algorithm)] : std::string(name);
}

using collide::ProxyId;
using collide::ProxyPair;

inline constexpr Vec2d kLabelPadding{6, 2};  // label_layout.cpp's padding around a label's text, both sides
inline constexpr char kAxisNames[] = {'x', 'y', 'z'};  // an axis index as a letter, in narration and legends
inline constexpr std::size_t kMinCount = 10;
inline constexpr std::size_t kMaxCount = 100000;
inline constexpr std::size_t kTraceLimit = 64;              // updates are recorded for stepping up to this many objects
inline constexpr std::size_t kBruteLimit = 2000;            // the brute-force badge is checked up to this many
inline constexpr std::size_t kBruteAlgorithmLimit = 20000;  // brute force as the lab's algorithm up to this many

// This thread's CPU time in microseconds: on a loaded machine the wall clock also counts other processes' turns.
[[nodiscard]] double threadCpuMicroseconds();

// The sweep and prune update as the recorded events leave it after event `upTo` (inclusive): the endpoint array
// of the sweep axis, the active list, the candidate pairs found so far. Rebuilt from the events, not read from
// the core, so the panels show what the events say and the lab can check they replay to the core's answer.
// In the plane (this lab) and in space (the 3D broad-phase lab).
template <int Dim>
struct SweepReplayOf {
  int axis = 0;
  std::vector<collide::SapEndpointInfo<double>> order;  // the sweep axis's endpoint array, slot by slot
  std::vector<ProxyId> active;                          // the active list, in order of entry
  std::vector<ProxyPair> candidates;                    // pairs overlapping on the sweep axis, in discovery order
  std::vector<ProxyPair> made;                          // the pairs the current event made
  std::optional<double> sweepValue;                     // where the sweep line is
  std::size_t swaps = 0;
  int swapSlot = -1;                                    // the current event swapped slots swapSlot, swapSlot + 1
  const collide::SapAxisPairs* stagePairs = nullptr;    // the latest per-axis pair list reached
  const collide::BroadPhaseEvent<double, Dim>* current = nullptr;
};

// Replays events[0 .. upTo]; `previousOrder` is the sweep axis's array before the update (values refreshed).
template <int Dim>
[[nodiscard]] SweepReplayOf<Dim> replaySweep(const std::vector<collide::BroadPhaseEvent<double, Dim>>& events, int upTo,
                                             int sweepAxis, std::vector<collide::SapEndpointInfo<double>> previousOrder);
// The event in one or two sentences with its numbers.
template <int Dim>
[[nodiscard]] std::string narrateEvent(const SweepReplayOf<Dim>& replay,
                                       const std::vector<collide::BroadPhaseEvent<double, Dim>>& events, int index,
                                       const std::vector<collide::Bounds<double, Dim>>& boxes);

// A sweep-axis candidate's row in the step's list (and the state dump): "(#4, #10)", and once `stage` further axes
// (axisOrder[1 .. stage]) have filtered the candidates, "kept", or which of them rejected it first and by how
// much ("rejected: y gap 0.95"), so a student sees why a candidate is not a pair.
template <int Dim>
[[nodiscard]] std::string candidateRow(ProxyPair pair, const std::vector<collide::Bounds<double, Dim>>& boxes,
                                       const std::array<int, Dim>& axisOrder, int stage);

// The event's kind in two words ("grid insert", "grid test", "tree visit", ...), for the state dump.
template <int Dim>
[[nodiscard]] inline std::string eventKind(const collide::BroadPhaseEvent<double, Dim>& event) {
  static constexpr std::array<const char*, 9> kKinds = {"sap swap",      "sap resort",    "sap enter",
                                                        "sap leave",     "sap axis pairs", "grid insert",
                                                        "grid oversize", "grid test",     "tree visit"};
  static_assert(std::variant_size_v<collide::BroadPhaseEvent<double, Dim>> == kKinds.size());
  return kKinds[event.index()];
}

// The broad phase picked by keys 1 to 4 (kAlgorithmNames' order) when it is not `current`; nullopt otherwise.
[[nodiscard]] std::optional<Algorithm> algorithmKey(const KeyPress& press, Algorithm current);
// "ALGORITHM" and the menu of kAlgorithmTitles, both labs; true when one was picked (the lab builds it again).
[[nodiscard]] bool drawAlgorithmChoice(Algorithm& algorithm);
// Sweep and prune's sweep axis menu: automatic (-1, the largest variance) or an axis of `dimensions`; true when one
// was picked.
[[nodiscard]] bool drawSweepAxisChoice(int dimensions, int& axisChoice);
// The scene's controls both labs show: the count (with presets from 24 to 100k), the motion and the spacing.
// Returns true when the scene must be regenerated (a preset, a motion, or a slider let go).
bool drawSceneControls(std::size_t& count, collide::BoxMotion& motion, double& spacing, const char* floorLabel);
// The `collision-lab broadphase` command that gives a lab's counters (Edit > Copy as command): the CLI makes the
// labs' scene (MovingBoxes::lab) from the same count, motion, seed and spacing. At frame 0 it is `--frames 0` (the
// scene as generated); at frame F, `--frames F --csv -`, whose last row is the lab's frame.
[[nodiscard]] std::string commandLine(int dimensions, Algorithm algorithm, int axisChoice, std::size_t count,
                                      collide::BoxMotion motion, std::uint64_t seed, double spacing, std::size_t frame);
// The update's counters in a state dump ("stats"), by the CLI's counters (broad_phase_counters.h) in camelCase.
template <int Dim>
[[nodiscard]] Json countersJson(const collide::BroadPhaseStats<Dim>& stats) {
  return {{"boxTests", stats.boxTests},         {"swaps", stats.swaps},
          {"candidatesSweepAxis", stats.candidatePairsPerAxis[0]}, {"sweepAxis", stats.axisOrder[0]},
          {"cellsTouched", stats.cellsTouched}, {"occupiedCells", stats.occupiedCells},
          {"nodesVisited", stats.nodesVisited}, {"reinsertions", stats.reinsertions}};
}
// A legend row: a colour, the mark the view draws in it, and what it means at this step. Two rows never share a
// colour and a mark (broad_phase_lab_test.cpp checks it), so each reads as one thing. The tree's depth colours are
// one row of swatches; a note has none. Each lab lists its rows once; they are drawn (drawLegend) and dumped
// ("legend", and with their marks "legendMarks" / "legend_marks") from that list.
struct LegendRow {
  enum class Kind {
    Swatch,       // a filled area
    Outline,      // an object: a faint fill inside its outline
    Thick,        // a thick outline (this step's boxes, the active list)
    Line,         // a line
    Dashed,       // a dashed line
    Shades,       // a fill whose opacity grows with a count
    DepthColors,  // the tree's boxes, one swatch per depth (treeDepthColor)
    Note          // text only
  } kind = Kind::Swatch;
  Color color;
  std::string text;
};
// A tree box's colour by depth: the palette's depth colours without the root's yellow, which the broad-phase labs
// keep for this step's node pair (palette::kAccent), so a depth's box and the step's pair never share a colour.
[[nodiscard]] inline Color treeDepthColor(int depth) {
  constexpr std::size_t kCount = std::size(palette::kDepthColors) - 1;  // kDepthColors[0] is kAccent
  return palette::kDepthColors[1 + static_cast<std::size_t>(depth) % kCount];
}
void drawLegend(const std::vector<LegendRow>& rows);
[[nodiscard]] Json legendJson(const std::vector<LegendRow>& rows);  // the rows' texts, in order
// Each row's text, mark ("swatch", "outline", ...) and colours ("#rrggbb"; the depth row has one per depth).
[[nodiscard]] Json legendMarksJson(const std::vector<LegendRow>& rows);

// lab_state's "paused" (both labs open paused on step 1 unless a scene says otherwise) and "frames" (frames simulated
// before the scene shows, so a paused scene can open on a frame with swaps to step). Leaves a field out of the
// state as it is; false with `error` naming the field when one is malformed.
bool readSimulationState(const Json& state, bool& paused, long long& frames, std::string& error);

// lab_state's fields the boxes are generated from (collide::MovingBoxes, the same generator as `broadphase`), both
// labs: count, motion, seed, spacing (0.5 to `maxSpacing`) and SAP's sweep axis ("auto", "x", "y", in space "z";
// -1 automatic, the largest variance).
struct GeneratorState {
  std::size_t count = 0;
  collide::BoxMotion motion{};
  std::uint64_t seed = 0;
  double spacing = 0;
  int axis = -1;
};
// Leaves a field out of the state as it is; false with `error` naming the field when one is malformed.
bool readGeneratorState(const Json& state, int dimensions, double maxSpacing, GeneratorState& generator, std::string& error);
// The fields as lab_state keeps them.
[[nodiscard]] Json generatorStateJson(const GeneratorState& generator);

// The simulation's controls both labs show: the frame number, Run/Pause (P), Next frame (N, which pauses) and
// Restart. Returns what the lab must do now.
enum class SimulationAction { None, NextFrame, Restart };
SimulationAction drawSimulationControls(std::size_t frame, bool& running);

template <int Dim>
class BroadPhaseCore {
 public:
  using Box = collide::Bounds<double, Dim>;
  using Sap = collide::SweepAndPrune<double, Dim>;
  using Grid = collide::UniformGrid<double, Dim>;
  using Tree = collide::AabbTree<double, Dim>;
  using Brute = collide::BruteForce<double, Dim>;
  using AnyBroadPhase = std::variant<Sap, Grid, Tree, Brute>;
  using Event = collide::BroadPhaseEvent<double, Dim>;
  using Stats = collide::BroadPhaseStats<Dim>;

 protected:
  // Grid cell `cell` (integer coordinates, as the grid's events give them) as a world box: cellSize() cubes from
  // the origin. Only while the broad phase is the grid.
  template <class Cell>
  [[nodiscard]] Box gridCellBox(const Cell& cell) const {
    const double size = std::get<Grid>(broadPhase_).cellSize();
    Box box;
    for (std::size_t k = 0; k < static_cast<std::size_t>(Dim); ++k) {
      box.min[k] = static_cast<double>(cell[k]) * size;
      box.max[k] = static_cast<double>(cell[k] + 1) * size;
    }
    return box;
  }

  // A fresh, empty broad phase of `algorithm` (axisChoice: -1 automatic, else the sweep axis) and reference.
  void resetBroadPhase(Algorithm algorithm, int axisChoice) {
    switch (algorithm) {
      case Algorithm::Sap: broadPhase_.template emplace<Sap>(collide::SapOptions{.sweepAxis = axisChoice}); break;
      case Algorithm::Grid: broadPhase_.template emplace<Grid>(); break;
      case Algorithm::Bvh: broadPhase_.template emplace<Tree>(); break;
      case Algorithm::Brute: broadPhase_.template emplace<Brute>(); break;
    }
    reference_ = Brute{};
  }

  // The same proxy in both; kNullProxy when the box is refused or the two hand out different ids.
  ProxyId addProxy(const Box& box) {
    const ProxyId proxy = std::visit([&](auto& broadPhase) { return broadPhase.add(box); }, broadPhase_);
    if (proxy == collide::kNullProxy || reference_.add(box) != proxy) return collide::kNullProxy;
    return proxy;
  }
  void moveProxy(ProxyId proxy, const Box& box) {
    std::visit([&](auto& broadPhase) { (void)broadPhase.move(proxy, box); }, broadPhase_);
    (void)reference_.move(proxy, box);
  }
  void removeProxy(ProxyId proxy) {
    std::visit([&](auto& broadPhase) { (void)broadPhase.remove(proxy); }, broadPhase_);
    (void)reference_.remove(proxy);
  }

  // One update of the broad phase over the live proxies (`boxes` indexed by proxy id): recorded when there are at
  // most kTraceLimit, then checked against brute force (up to kBruteLimit) and, when recorded, against an
  // unrecorded copy and the lab's own replay of the sweep.
  void runUpdate(const std::vector<Box>& boxes, std::span<const ProxyId> live) {
    ++updates_;
    const bool tracing = live.size() <= kTraceLimit;
    events_.steps.clear();
    replayChecked_ = false;
    std::optional<AnyBroadPhase> untraced;
    if (tracing) {
      untraced = broadPhase_;
      if (const Sap* sap = std::get_if<Sap>(&broadPhase_)) {
        // The endpoint arrays as the last update left them, minus removed proxies, with this frame's values: the
        // array the insertion sort starts from.
        for (int axis = 0; axis < Dim; ++axis) {
          auto& order = previousOrder_[static_cast<std::size_t>(axis)];
          order.clear();
          for (const auto& endpoint : sap->endpoints(axis)) {
            if (!sap->contains(endpoint.id())) continue;
            const Box& box = boxes[endpoint.id()];
            order.push_back({endpoint.id(), endpoint.isMax(), endpoint.isMax() ? box.max[axis] : box.min[axis]});
          }
          // Proxies added since the last update: their endpoints were appended at the end, min then max.
          for (const ProxyId proxy : live) {
            const bool known = std::any_of(sap->endpoints(axis).begin(), sap->endpoints(axis).end(),
                                           [&](const auto& e) { return e.id() == proxy; });
            if (known) continue;
            order.push_back({proxy, false, boxes[proxy].min[axis]});
            order.push_back({proxy, true, boxes[proxy].max[axis]});
          }
        }
      }
    }
    const Clock::time_point start = Clock::now();
    const double cpuStart = threadCpuMicroseconds();
    std::visit(
        [&](auto& broadPhase) {
          if (tracing) {
            broadPhase.update(events_);
          } else {
            broadPhase.update();
          }
        },
        broadPhase_);
    updateMicroseconds_ = microsecondsSince(start);
    updateCpuMicroseconds_ = threadCpuMicroseconds() - cpuStart;
    std::visit(
        [&](const auto& broadPhase) {
          pairs_ = broadPhase.pairs();
          stats_ = broadPhase.stats();
        },
        broadPhase_);

    bruteChecked_ = live.size() <= kBruteLimit;
    bruteMissing_ = bruteExtra_ = 0;
    if (bruteChecked_) {
      const std::vector<ProxyPair>& expected = reference_.update();
      std::vector<ProxyPair> difference;
      std::set_difference(expected.begin(), expected.end(), pairs_.begin(), pairs_.end(), std::back_inserter(difference));
      bruteMissing_ = difference.size();
      difference.clear();
      std::set_difference(pairs_.begin(), pairs_.end(), expected.begin(), expected.end(), std::back_inserter(difference));
      bruteExtra_ = difference.size();
    }

    if (untraced) {
      const std::vector<ProxyPair>& plain =
          std::visit([](auto& broadPhase) -> const std::vector<ProxyPair>& { return broadPhase.update(); }, *untraced);
      replayChecked_ = true;
      replayAgrees_ = plain == pairs_;
      if (const Sap* sap = std::get_if<Sap>(&broadPhase_); sap && !events_.steps.empty()) {
        // The lab's own replay of the events: its candidates filtered on the other axes, and its endpoint order,
        // must be the core's pairs and sorted array.
        const int axis = sap->sweepAxis();
        const SweepReplayOf<Dim> replay = replaySweep<Dim>(events_.steps, static_cast<int>(events_.steps.size()) - 1, axis,
                                                           previousOrder_[static_cast<std::size_t>(axis)]);
        std::vector<ProxyPair> replayed;
        for (const ProxyPair& pair : replay.candidates) {
          if (collide::overlaps(boxes[pair.first], boxes[pair.second])) replayed.push_back(pair);
        }
        std::sort(replayed.begin(), replayed.end());
        replayAgrees_ = replayAgrees_ && replayed == pairs_;
        const auto& sorted = sap->endpoints(axis);
        bool sameOrder = sorted.size() == replay.order.size();
        for (std::size_t i = 0; sameOrder && i < sorted.size(); ++i) {
          sameOrder = sorted[i].id() == replay.order[i].id && sorted[i].isMax() == replay.order[i].isMax;
        }
        replayAgrees_ = replayAgrees_ && sameOrder;
      }
    }
  }

  // [SECTION] Panels both labs show (ImGui; broad_phase_draw.cpp)
  // The brute-force badge and this frame's numbers: pairs per SAP axis stage, swaps, grid cells, tree visits.
  void drawUpdateStats(Algorithm algorithm, std::size_t objects) const;
  // The recorded step: its narration, and for sweep and prune the active list and the candidate pairs (kept or
  // rejected by the other axes).
  void drawStepNarration(Algorithm algorithm, int step, const std::vector<Box>& boxes) const;

  // The pairs found at or before step `step` of the recorded update, sorted: the objects in them are drawn red, in
  // every algorithm and both labs. Sweep and prune: the sweep axis's candidates so far, then those each further
  // axis keeps; the grid: the pairs its box tests found; the tree: the leaf pairs whose boxes overlap. With no
  // recorded update (brute force, or N > kTraceLimit) the frame's pairs.
  [[nodiscard]] std::vector<ProxyPair> pairsFoundBy(Algorithm algorithm, int step, const std::vector<Box>& boxes) const;
  // The objects the step is about, whose name labels are highlighted (kAccent, placed first): the box entering or
  // leaving the sweep and the pairs it makes, a swap's two, the box going into a grid cell, the pair a cell tests,
  // the leaves a tree step tests.
  [[nodiscard]] std::vector<ProxyId> stepProxies(Algorithm algorithm, int step) const;
  // The legend's rows for the objects' colours, in the same words for every algorithm (noun: "object" or "box"),
  // and what a yellow name is when the names are drawn.
  [[nodiscard]] std::vector<LegendRow> pairLegendRows(Algorithm algorithm, int step, const char* noun,
                                                      bool namesShown) const;

  // The sweep as the events leave it at step `upTo` (sweep and prune only).
  [[nodiscard]] SweepReplayOf<Dim> replayAt(int upTo) const {
    const int axis = std::get<Sap>(broadPhase_).sweepAxis();
    return replaySweep<Dim>(events_.steps, upTo, axis, previousOrder_[static_cast<std::size_t>(axis)]);
  }

  AnyBroadPhase broadPhase_;
  Brute reference_;                   // the same ids as broadPhase_ (same add/remove sequence)

  // The last update.
  std::uint64_t updates_ = 0;  // updates run (simulation frames and paused edits): Lab::metricsUpdate
  Stats stats_;
  std::vector<ProxyPair> pairs_;
  bool bruteChecked_ = false;
  std::size_t bruteMissing_ = 0;  // pairs brute force finds that the algorithm missed
  std::size_t bruteExtra_ = 0;    // pairs the algorithm reports that brute force does not
  bool replayChecked_ = false;
  bool replayAgrees_ = false;     // traced == untraced, and the events replay to the pairs and the order
  double updateMicroseconds_ = 0;     // wall clock
  double updateCpuMicroseconds_ = 0;  // this thread's CPU time

  // The recorded update (at most kTraceLimit proxies), and each axis's endpoint array before it.
  collide::Recorder<Event> events_;
  std::array<std::vector<collide::SapEndpointInfo<double>>, Dim> previousOrder_;
};

}  // namespace lab::broadphase
