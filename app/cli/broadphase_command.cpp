// `collision-lab broadphase`: run one broad phase on moving boxes for some frames; per-frame numbers to CSV,
// a summary to standard output (standard error when the CSV goes to standard output).
//
//   collision-lab broadphase --algo sap|grid|bvh|brute --count N --frames F [--dim 2|3] [--spacing D]
//                            --motion drift|bounce|floor|teleport --seed S [--csv OUT]
//                            [--scalar float|double] [--sweep-axis auto|x|y|z] [--cell-size C] [--check] [--explain]
//
// --dim 3 runs the same algorithms on boxes in space (the last axis is up for the floor: y in 2D, z in 3D).
// The scene is the Broad phase labs' (MovingBoxes::lab), so the same count, motion, seed and spacing give the lab's
// boxes and counters. --frames 0 reports the scene as generated (the labs' frame 0: an update after the first sort).
// Each frame: the scene moves (workloads/motions.h, not timed), every box is moved in the broad phase
// and update() computes the pair set; the time is move + update. --check compares every frame's pairs with
// brute force and fails (exit status 1) on the first difference. CSV (io/csv.h): frame, pairs, box_tests, swaps,
// candidates_sweep_axis, sweep_axis [axis] (0 x, 1 y, 2 z), cells_touched, occupied_cells, nodes_visited, reinsertions,
// time [ms]; a field that does not apply to the algorithm is 0 (counts) or empty (sweep_axis).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "collide/aabb_tree.h"
#include "collide/broadphase.h"
#include "workloads/motions.h"
#include "collide/brute_force.h"
#include "collide/sweep_and_prune.h"
#include "collide/uniform_grid.h"
#include "io/csv.h"
#include "io/text_io.h"
#include "labs/broad_phase_counters.h"

namespace lab {
namespace {

// Brute force (and --check, which runs it too) is O(n^2) a frame: beyond this it would take minutes.
constexpr std::size_t kMaxBruteForceCount = 20000;
constexpr std::size_t kMaxCount = 1000000;
constexpr std::size_t kMaxFrames = 100000;
constexpr double kMinSpacing = 0.5;  // the Broad phase labs' range (lab_state.spacing)
constexpr double kMaxSpacing = 10;

struct BroadPhaseCommandOptions {
  std::string algorithm = "sap";
  int dimensions = 2;
  std::size_t count = 1000;
  std::size_t frames = 100;
  std::string motion = "drift";
  std::uint64_t seed = 1;
  double spacing = collide::MovingBoxes<double, 2>::kLabSpacing;
  std::string csvPath;
  std::string scalar = "double";
  std::string sweepAxis = "auto";
  double cellSize = 0;
  bool check = false;
  bool explain = false;  // a line under each counter saying what it counts
};

struct FrameRecord {
  std::size_t frame = 0;
  std::size_t pairs = 0;
  std::size_t boxTests = 0;
  std::size_t swaps = 0;
  std::size_t sweepCandidates = 0;
  int sweepAxis = -1;  // SAP only
  int bandAxis = -1;   // SAP only: the axis its bands slice (the first it filters on)
  std::size_t cellsTouched = 0;
  std::size_t occupiedCells = 0;
  std::size_t nodesVisited = 0;
  std::size_t reinsertions = 0;
  double milliseconds = 0;
};

struct RunResult {
  std::vector<FrameRecord> frames;
  std::size_t memoryBytes = 0;
  std::optional<std::size_t> mismatchFrame;  // the first frame that differs from brute force (--check)
  bool cellSizeFallback = false;  // grid: --cell-size made most boxes oversize, the automatic size was used
};

template <class BroadPhaseType>
RunResult simulate(BroadPhaseType broadPhase, const BroadPhaseCommandOptions& options) {
  using S = typename BroadPhaseType::Scalar;
  constexpr int Dim = BroadPhaseType::kDimensions;
  auto scene =
      collide::MovingBoxes<S, Dim>::lab(*collide::parseMotion(options.motion), options.count, options.seed, options.spacing);
  collide::BruteForce<S, Dim> reference;
  for (const auto& box : scene.boxes()) {
    if (broadPhase.add(box) == collide::kNullProxy)
      throw std::runtime_error("broadphase: the scene made an invalid box");
    if (options.check) (void)reference.add(box);
  }
  (void)broadPhase.update();
  RunResult result;
  result.frames.reserve(std::max<std::size_t>(options.frames, 1));
  // Frame 0 is the scene as generated, updated again after the first update sorted it (as the labs show it);
  // frames 1 to F each move the boxes first.
  for (std::size_t frame = options.frames == 0 ? 0 : 1; frame <= options.frames; ++frame) {
    if (frame > 0) scene.step();
    const auto start = std::chrono::steady_clock::now();
    if (frame > 0) {
      for (std::size_t i = 0; i < scene.size(); ++i)
        (void)broadPhase.move(static_cast<collide::ProxyId>(i), scene.boxes()[i]);
    }
    const std::vector<collide::ProxyPair>& pairs = broadPhase.update();
    const auto stop = std::chrono::steady_clock::now();
    const auto& stats = broadPhase.stats();
    result.cellSizeFallback = result.cellSizeFallback || stats.cellSizeFallback;
    result.frames.push_back({frame, pairs.size(), stats.boxTests, stats.swaps, stats.candidatePairsPerAxis[0],
                             options.algorithm == "sap" ? stats.axisOrder[0] : -1,
                             options.algorithm == "sap" ? stats.axisOrder[1] : -1, stats.cellsTouched,
                             stats.occupiedCells, stats.nodesVisited, stats.reinsertions,
                             std::chrono::duration<double, std::milli>(stop - start).count()});
    if (options.check) {
      for (std::size_t i = 0; i < scene.size(); ++i)
        (void)reference.move(static_cast<collide::ProxyId>(i), scene.boxes()[i]);
      if (reference.update() != pairs) {
        result.mismatchFrame = frame;
        break;
      }
    }
  }
  result.memoryBytes = broadPhase.memoryBytes();
  return result;
}

// --sweep-axis as an axis index; -1 for auto.
int sweepAxisIndex(const std::string& name) { return name == "auto" ? -1 : name[0] - 'x'; }

template <collide::Scalar S, int Dim>
RunResult runAlgorithm(const BroadPhaseCommandOptions& options) {
  if (options.algorithm == "sap") {
    return simulate(collide::SweepAndPrune<S, Dim>(collide::SapOptions{.sweepAxis = sweepAxisIndex(options.sweepAxis)}),
                    options);
  }
  if (options.algorithm == "grid") {
    collide::GridOptions<S> grid;
    grid.cellSize = static_cast<S>(options.cellSize);
    return simulate(collide::UniformGrid<S, Dim>(grid), options);
  }
  if (options.algorithm == "bvh") return simulate(collide::AabbTree<S, Dim>(), options);
  return simulate(collide::BruteForce<S, Dim>(), options);
}

template <collide::Scalar S>
RunResult runAlgorithm(const BroadPhaseCommandOptions& options) {
  return options.dimensions == 3 ? runAlgorithm<S, 3>(options) : runAlgorithm<S, 2>(options);
}

void validate(const BroadPhaseCommandOptions& options) {
  if (options.algorithm == "brute" && options.count > kMaxBruteForceCount) {
    throw UsageError("broadphase: --algo brute tests every pair; use --count <= " +
                     std::to_string(kMaxBruteForceCount) + " (got " + std::to_string(options.count) + ")");
  }
  if (options.check && options.count > kMaxBruteForceCount) {
    throw UsageError("broadphase: --check runs brute force every frame; use --count <= " +
                     std::to_string(kMaxBruteForceCount) + " (got " + std::to_string(options.count) + ")");
  }
  if (options.sweepAxis != "auto" && options.algorithm != "sap") {
    throw UsageError("broadphase: --sweep-axis applies to --algo sap only");
  }
  if (sweepAxisIndex(options.sweepAxis) >= options.dimensions) {
    throw UsageError("broadphase: --sweep-axis " + options.sweepAxis +
                     " needs --dim 3 (2D boxes have x and y)");
  }
  if (!(options.spacing >= kMinSpacing && options.spacing <= kMaxSpacing)) {
    throw UsageError("broadphase: --spacing must be a number from 0.5 to 10 (the world's side is spacing * count^(1/dim))");
  }
  if (!std::isfinite(options.cellSize)) throw UsageError("broadphase: --cell-size must be a finite number");
  if (options.cellSize != 0 && options.algorithm != "grid") {
    throw UsageError("broadphase: --cell-size applies to --algo grid only");
  }
}

// The app's CSV format (io/csv.h): units in the header, empty fields where a metric does not apply.
void writeCsv(const std::vector<FrameRecord>& frames, const std::string& path) {
  CsvTable table;
  const auto column = [&](const char* name, const char* unit, auto field) {
    CsvColumn values{name, unit, {}};
    for (const FrameRecord& f : frames) values.values.push_back(field(f));
    table.columns.push_back(std::move(values));
  };
  const auto count = [](std::size_t value) { return static_cast<double>(value); };
  column("frame", "", [&](const FrameRecord& f) { return count(f.frame); });
  column("pairs", "", [&](const FrameRecord& f) { return count(f.pairs); });
  column("box_tests", "", [&](const FrameRecord& f) { return count(f.boxTests); });
  column("swaps", "", [&](const FrameRecord& f) { return count(f.swaps); });
  column("candidates_sweep_axis", "", [&](const FrameRecord& f) { return count(f.sweepCandidates); });
  column("sweep_axis", "axis",
         [](const FrameRecord& f) { return f.sweepAxis < 0 ? std::nan("") : static_cast<double>(f.sweepAxis); });
  column("cells_touched", "", [&](const FrameRecord& f) { return count(f.cellsTouched); });
  column("occupied_cells", "", [&](const FrameRecord& f) { return count(f.occupiedCells); });
  column("nodes_visited", "", [&](const FrameRecord& f) { return count(f.nodesVisited); });
  column("reinsertions", "", [&](const FrameRecord& f) { return count(f.reinsertions); });
  column("time", "ms", [](const FrameRecord& f) { return f.milliseconds; });
  OutputSink output(path == "-" ? std::string() : path);
  output.stream() << csvText(table);
  output.finish();
}

template <class Field>
void printRow(std::FILE* out, const char* label, const std::vector<FrameRecord>& frames, Field field,
              const std::string& meaning = {}) {
  double sum = 0;
  double low = field(frames.front());
  double high = low;
  for (const FrameRecord& f : frames) {
    const double value = field(f);
    sum += value;
    low = std::min(low, value);
    high = std::max(high, value);
  }
  std::fprintf(out, "  %-28s mean %12.3f   min %12.3f   max %12.3f\n", label, sum / static_cast<double>(frames.size()),
               low, high);
  if (!meaning.empty()) std::fprintf(out, "      %s\n", meaning.c_str());
}

int runBroadPhaseCommand(const BroadPhaseCommandOptions& options) {
  validate(options);
  const RunResult result = options.scalar == "float" ? runAlgorithm<float>(options) : runAlgorithm<double>(options);
  if (!options.csvPath.empty()) writeCsv(result.frames, options.csvPath);
  if (result.cellSizeFallback) {
    std::fprintf(stderr,
                 "broadphase: --cell-size %g puts most boxes in more than 64 cells each; the grid used its automatic "
                 "cell size (twice the mean box extent) instead\n",
                 options.cellSize);
  }
  std::FILE* out = options.csvPath == "-" ? stderr : stdout;  // the CSV owns standard output
  std::fprintf(out,
               "broadphase: algo %s, dim %d, motion %s, count %zu, spacing %g, seed %llu, %s, scalar %s (per frame: mean, "
               "min, max)\n",
               options.algorithm.c_str(), options.dimensions, options.motion.c_str(), options.count, options.spacing,
               static_cast<unsigned long long>(options.seed),
               options.frames == 0 ? "frame 0 (the scene as generated)"
                                   : ("frames 1 to " + std::to_string(result.frames.back().frame)).c_str(),
               options.scalar.c_str());
  const auto& frames = result.frames;
  // The counters by the names the labs and the README use (broad_phase_counters.h); --explain says what each counts.
  using broadphase::Counter;
  const char bandAxis = frames.back().bandAxis >= 0 ? static_cast<char>('x' + frames.back().bandAxis) : '\0';
  const auto row = [&](Counter counter, auto field) {
    printRow(out, broadphase::counterName(counter), frames, [&](const FrameRecord& f) { return static_cast<double>(field(f)); },
             options.explain ? broadphase::counterMeaning(counter, options.algorithm, bandAxis) : std::string());
  };
  row(Counter::Pairs, [](const FrameRecord& f) { return f.pairs; });
  row(Counter::BoxTests, [](const FrameRecord& f) { return f.boxTests; });
  if (options.algorithm == "sap") {
    row(Counter::Swaps, [](const FrameRecord& f) { return f.swaps; });
    row(Counter::SweepCandidates, [](const FrameRecord& f) { return f.sweepCandidates; });
    std::fprintf(out, "  %-28s %c\n", "sweep axis (last frame)", static_cast<char>('x' + frames.back().sweepAxis));
  } else if (options.algorithm == "grid") {
    row(Counter::CellsTouched, [](const FrameRecord& f) { return f.cellsTouched; });
    row(Counter::OccupiedCells, [](const FrameRecord& f) { return f.occupiedCells; });
  } else if (options.algorithm == "bvh") {
    row(Counter::NodePairsVisited, [](const FrameRecord& f) { return f.nodesVisited; });
    row(Counter::LeavesReinserted, [](const FrameRecord& f) { return f.reinsertions; });
  }
  printRow(out, "time (ms)", frames, [](const FrameRecord& f) { return f.milliseconds; },
           options.explain ? "moving every box in the broad phase, then its update" : "");
  std::fprintf(out, "  %-28s %.1f\n", "memory (bytes per object)",
               static_cast<double>(result.memoryBytes) / static_cast<double>(options.count));
  if (options.check) {
    if (result.mismatchFrame) {
      std::fprintf(out, "  check: frame %zu differs from brute force\n", *result.mismatchFrame);
      return 1;
    }
    std::fprintf(out, "  check: every frame equals brute force\n");
  }
  return 0;
}

const bool registered = registerCommand({
    "broadphase",
    "Run a broad phase (sweep and prune, grid, tree, brute force) on moving boxes; per-frame stats",
    [](CLI::App& command) -> std::function<int()> {
      auto options = std::make_shared<BroadPhaseCommandOptions>();
      command.add_option("--algo", options->algorithm, "Broad phase")
          ->check(CLI::IsMember({"sap", "grid", "bvh", "brute"}))
          ->capture_default_str();
      command.add_option("--dim", options->dimensions, "Dimension of the boxes (3: in space, z up)")
          ->check(CLI::IsMember({2, 3}))
          ->capture_default_str();
      command.add_option("--count", options->count, "Number of boxes")
          ->check(CLI::Range(std::size_t{1}, kMaxCount))
          ->capture_default_str();
      command.add_option("--frames", options->frames, "Number of frames (0: only the scene as generated)")
          ->check(CLI::Range(std::size_t{0}, kMaxFrames))
          ->capture_default_str();
      command.add_option("--motion", options->motion, "How the boxes move")
          ->check(CLI::IsMember({"drift", "bounce", "floor", "teleport"}))
          ->capture_default_str();
      command.add_option("--seed", options->seed, "Seed of the scene")->capture_default_str();
      command.add_option("--spacing", options->spacing,
                         "World side = spacing * count^(1/dim): the Broad phase labs' Spacing (0.5 to 10)")
          ->capture_default_str();
      command.add_option("--csv", options->csvPath, "Write per-frame numbers as CSV here (\"-\": standard output)");
      command.add_option("--scalar", options->scalar, "Scalar type")
          ->check(CLI::IsMember({"float", "double"}))
          ->capture_default_str();
      command.add_option("--sweep-axis", options->sweepAxis, "SAP: the sweep axis (auto: the axis of largest variance of the box centres; z: 3D only)")
          ->check(CLI::IsMember({"auto", "x", "y", "z"}))
          ->capture_default_str();
      command.add_option("--cell-size", options->cellSize, "Grid: the cell size (0: from the boxes' sizes)")
          ->check(nonNegativeNumber())
          ->capture_default_str();
      command.add_flag("--check", options->check, "Compare every frame's pairs with brute force");
      command.add_flag("--explain", options->explain, "Under each counter, a line saying what it counts");
      return [options] { return runBroadPhaseCommand(*options); };
    },
});

}  // namespace
}  // namespace lab
