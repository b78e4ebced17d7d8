// `collision-lab experiment`: a batch of random pairs through GJK, GJK distance, EPA and SAT (workloads/experiment.h):
// a progress line on stderr, the summary on stdout, the histogram as CSV and the plot as PNG or SVG.
//   collision-lab experiment --family ngon8 --trials 1000000 --algo gjk,distance,epa --seed 1 --csv out.csv --plot out.png
// --dump-pairs writes the listed worst cases' pairs as `query` lines (the lines `query` and `trace` read).
//
// [SECTION] Options and progress
// [SECTION] Summary and worst cases
// [SECTION] The listed pairs as query lines
// [SECTION] Plot, run, registration
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <unistd.h>  // isatty

#include "cli/commands.h"
#include "io/csv.h"
#include "io/shape_json.h"
#include "io/text_io.h"
#include "io/query_json.h"
#include "labs/format.h"
#include "plot/plot_svg.h"
#include "platform/window.h"
#include "plot/experiment_plots.h"
#include "plot/plot_png.h"

namespace lab {

namespace {

// [SECTION] Options and progress

struct ExperimentOptions {
  std::string family = "ngon8";
  std::vector<std::string> algorithms{"distance"};
  std::uint64_t trials = 100000;
  std::uint64_t seed = 1;
  double gapMin = -0.25;
  double gapMax = 0.25;
  double sizeRatio = 1.0;
  double offset = 0.0;
  bool warmStart = false;
  std::string scalar = "double";
  int maxIterations = 64;
  int worst = 5;
  bool disagreementsOnly = false;
  std::string dumpPath;
  std::string csvPath;
  std::string plotPath;
  bool cumulative = false;
  std::string plotSize = "1200x700";
  bool quiet = false;
};

// Progress on stderr. On a terminal one line rewritten at most ten times a second; into a file or a pipe a line of
// its own at most every two seconds and at the end, so a log reads line by line rather than as one long line.
class ProgressLine {
 public:
  explicit ProgressLine(bool quiet) : quiet_(quiet), terminal_(isatty(fileno(stderr)) == 1) {}
  void update(std::uint64_t done, std::uint64_t total) {
    const auto now = std::chrono::steady_clock::now();
    const auto interval = terminal_ ? std::chrono::milliseconds(100) : std::chrono::milliseconds(2000);
    if (quiet_ || (done < total && now - last_ < interval)) return;
    last_ = now;
    std::fprintf(stderr, "%sexperiment: %llu / %llu trials (%.0f%%)%s", terminal_ ? "\r" : "",
                 static_cast<unsigned long long>(done), static_cast<unsigned long long>(total),
                 100.0 * double(done) / double(total), terminal_ ? "" : "\n");
    std::fflush(stderr);
    shown_ = true;
  }
  void finish() {
    if (shown_ && terminal_) std::fprintf(stderr, "\n");
  }

 private:
  bool quiet_;
  bool terminal_;
  bool shown_ = false;
  std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();  // a short run: its last line only
};

// [SECTION] Summary and worst cases

// The worst cases the summary lists and --dump-pairs writes, in the printed order: per algorithm, each in its own
// order (disagreements, then the most iterations), --worst of each, --disagreements-only.
std::vector<collide::WorstCase> listedAsPrinted(const collide::ExperimentResult& result, const ExperimentOptions& options) {
  std::vector<collide::WorstCase> listed;
  for (const collide::AlgorithmStats& stats : result.algorithms) {
    const std::vector<collide::WorstCase> own = collide::listedWorstCases(
        result, {.algorithm = stats.algorithm, .disagreementsOnly = options.disagreementsOnly, .perAlgorithm = options.worst});
    listed.insert(listed.end(), own.begin(), own.end());
  }
  return listed;
}

// The table, then a line for each row that needs one: why an algorithm ran on fewer pairs than were made (A3), and
// what epa's runs are. A row over no query prints "-", not rates computed over zero.
void printSummary(const collide::ExperimentConfig& config, const collide::ExperimentResult& result,
                  const ExperimentOptions& options) {
  std::printf("%s%s\n", experimentDescription(config).c_str(), result.cancelled ? " (cancelled)" : "");
  std::printf("%s\n", collide::gapWords(config, result).c_str());
  std::printf("%-9s %10s %10s %7s %5s %16s %18s %11s\n", "algorithm", "queries", "runs", "mean", "max", "cap hits",
              "disagreements", "ns/query");
  const auto share = [](std::uint64_t count, double fraction) {
    char text[40];
    std::snprintf(text, sizeof text, "%llu (%.3g%%)", static_cast<unsigned long long>(count), 100.0 * fraction);
    return std::string(text);
  };
  for (const collide::AlgorithmStats& stats : result.algorithms) {
    const std::string name(collide::algorithmName(stats.algorithm));
    if (stats.queries == 0) {
      std::printf("%-9s %10d %10s %7s %5s %16s %18s %11s\n", name.c_str(), 0, "-", "-", "-", "-", "-", "-");
      continue;
    }
    const std::string capHits = !collide::isCapped(stats.algorithm) ? "not capped"
                                : stats.runs                        ? share(stats.capHits, stats.capHitShare())
                                                                    : "-";
    const std::string mean = stats.runs ? formatWith("%.3f", stats.meanIterations()) : "-";
    const std::string max = stats.runs ? std::to_string(stats.maxIterationsSeen) : "-";
    std::printf("%-9s %10llu %10llu %7s %5s %16s %18s %11.1f\n", name.c_str(),
                static_cast<unsigned long long>(stats.queries), static_cast<unsigned long long>(stats.runs),
                mean.c_str(), max.c_str(), capHits.c_str(),
                share(stats.disagreements, stats.disagreementShare()).c_str(), stats.nanosecondsPerQuery());
  }
  for (const collide::AlgorithmStats& stats : result.algorithms) {
    if (const std::string skipped = collide::skippedWords(stats, result.trialsRun); !skipped.empty())
      std::printf("%s\n", skipped.c_str());
  }
  for (const collide::AlgorithmStats& stats : result.algorithms) {
    if (const std::string epa = collide::epaRunsWords(stats); !epa.empty()) std::printf("%s\n", epa.c_str());
  }
  double computeSeconds = 0;
  for (const collide::AlgorithmStats& stats : result.algorithms) computeSeconds += stats.seconds;
  std::printf("compute %.3f s (queries only), preparing pairs and references %.3f s\n", computeSeconds,
              result.prepareSeconds);
  if (options.worst <= 0) return;
  const std::vector<collide::WorstCase> listed = listedAsPrinted(result, options);
  if (listed.empty()) {
    // Filtered to nothing: said, not an empty section.
    if (options.disagreementsOnly) std::printf("worst cases, disagreements only: none, every query agreed with the reference\n");
    return;
  }
  // Per algorithm, each in its own order (disagreements, then the most iterations): one list sorted by count was
  // all SAT's on hulls, whose hundreds of axes hid GJK's and EPA's worst pairs (newcomer review s31, C2).
  std::printf("worst cases%s, per algorithm (trial: rebuild with the same options; open them in the GUI's Experiments lab):\n",
              options.disagreementsOnly ? " (disagreements only)" : "");
  // The trial numbers right-aligned to the widest, so the columns after them line up ("trial  2816" over "trial 27070").
  const int trialWidth = static_cast<int>(std::to_string(result.trialsRun > 0 ? result.trialsRun - 1 : 0).size());
  for (const collide::WorstCase& item : listed) {
    std::printf("  trial %*llu  %-8s %3d %s%s%s", trialWidth, static_cast<unsigned long long>(item.trial),
                std::string(collide::algorithmName(item.algorithm)).c_str(), item.iterations,
                std::string(collide::algorithmInfo(item.algorithm).counts).c_str(),
                item.capHit ? ", hit the cap" : "", item.disagrees ? ", DISAGREES" : "");
    if (item.disagrees)
      std::printf(" (answer: %s; reference: %s)", collide::answerWords(item).c_str(), collide::referenceWords(item).c_str());
    std::printf("\n");
  }
}

// [SECTION] The listed pairs as query lines

// A worst case's answer as the id says it: the fields `query` answers with ("hit", "iterations", and the depth or
// distance the algorithm measured), so the two read side by side.
Json listedAnswer(const collide::WorstCase& item) {
  Json answer = {{"algorithm", std::string(collide::algorithmName(item.algorithm))},
                 {"hit", item.hit},
                 {"iterations", item.iterations}};
  if (collide::measuresValue(item)) answer[item.hit ? "depth" : "distance"] = jsonNumber(item.value);
  if (item.disagrees) answer["disagrees"] = true;
  return answer;
}

// One `query` line per listed trial, in the order first listed: {"id": {"experiment", "trial", "listed": [what the
// experiment said, per algorithm that listed it], "reference"}, "a": SHAPE, "b": SHAPE}. The pair is the exact
// double one the experiment built; `query --scalar float` rounds it as a float run did. Returns the lines written.
std::size_t writeListedPairs(OutputSink& sink, const collide::ExperimentConfig& config,
                             const std::vector<collide::WorstCase>& listed) {
  std::vector<std::uint64_t> trials;
  for (const collide::WorstCase& item : listed)
    if (std::find(trials.begin(), trials.end(), item.trial) == trials.end()) trials.push_back(item.trial);
  for (const std::uint64_t trial : trials) {
    Json said = Json::array();
    Json reference = Json::object();
    for (const collide::WorstCase& item : listed) {
      if (item.trial != trial) continue;
      said.push_back(listedAnswer(item));
      reference = {{"hit", item.referenceHit}};
      if (!std::isnan(item.referenceValue)) reference[item.referenceHit ? "depth" : "distance"] = jsonNumber(item.referenceValue);
    }
    Json line = {{"id", {{"experiment", experimentDescription(config)}, {"trial", trial}, {"listed", said},
                         {"reference", reference}}}};
    if (collide::familyDimension(config.family) == 3) {
      const collide::ExperimentPair3 pair = collide::makeExperimentPair3(config, trial);
      line["a"] = colliderToJson(pair.a);
      line["b"] = colliderToJson(pair.b);
    } else {
      const collide::ExperimentPair pair = collide::makeExperimentPair(config, trial);
      line["a"] = colliderToJson(pair.a);
      line["b"] = colliderToJson(pair.b);
    }
    sink.stream() << line.dump() << '\n';
  }
  return trials.size();
}

// The `query` command that answers the dumped lines as the experiment did, and what it cannot repeat.
std::string queryCommandFor(const collide::ExperimentConfig& config, const std::string& path) {
  std::string algorithms;
  for (const collide::Algorithm algorithm : config.algorithms)
    algorithms += (algorithms.empty() ? "" : ",") + std::string(collide::algorithmName(algorithm));
  std::string text = "collision-lab query --algo " + algorithms +
                     (config.precision == collide::Precision::Float ? " --scalar float " : " ") + path;
  if (config.warmStart) text += " (cold: distance's iteration counts differ from this warm-started run)";
  if (config.maxIterations != collide::QueryOptions{}.gjk.maxIterations)
    text += " (its cap is " + std::to_string(collide::QueryOptions{}.gjk.maxIterations) + ", this run's " +
            std::to_string(config.maxIterations) + ")";
  return text;
}

// [SECTION] Plot, run, registration

// --plot-size as WIDTHxHEIGHT, checked before the run rather than after a million trials.
std::pair<int, int> plotSize(const ExperimentOptions& options) {
  int width = 0;
  int height = 0;
  char separator = 0;
  char extra = 0;
  if (std::sscanf(options.plotSize.c_str(), "%d%c%d%c", &width, &separator, &height, &extra) != 3 || separator != 'x' ||
      width < 200 || height < 150 || width > 8192 || height > 8192) {
    throw UsageError("experiment: --plot-size: expected WIDTHxHEIGHT from 200x150 to 8192x8192, got \"" + options.plotSize + "\"");
  }
  return {width, height};
}

int writePlot(const ExperimentOptions& options, const collide::ExperimentConfig& config,
              const collide::ExperimentResult& result) {
  const auto [width, height] = plotSize(options);
  ExperimentPlotData data;
  const std::vector<Plot> plots = experimentPlots(config, result, options.cumulative, data);
  std::vector<RangedPlot> panels;
  for (const Plot& plot : plots) panels.push_back({&plot, fitRange(plot)});
  std::string error;
  const std::string extension = std::filesystem::path(options.plotPath).extension().string();
  bool written = false;
  if (extension == ".svg") {
    written = writePlotSvg(options.plotPath, panels, width, height, error);
  } else {
    try {
      Window window(WindowOptions{width, height, /*visible=*/false, "Collision Lab (plot)"});
      written = writePlotPng(options.plotPath, panels, width, height, error);
    } catch (const std::runtime_error& failure) {
      error = failure.what();
    }
  }
  if (!written) {
    std::fprintf(stderr, "collision-lab experiment: --plot: %s\n", error.c_str());
    return 1;
  }
  std::printf("plot: %s (%dx%d)\n", options.plotPath.c_str(), width, height);
  return 0;
}

int runExperimentCommand(const ExperimentOptions& options) {
  collide::ExperimentConfig config;
  std::string error;
  if (!collide::parseFamily(options.family, config, error)) {
    throw UsageError("experiment: --family: " + error);
  }
  config.algorithms.clear();
  for (const std::string& name : options.algorithms) config.algorithms.push_back(*collide::parseAlgorithm(name));
  config.trials = options.trials;
  config.seed = options.seed;
  config.gapMin = options.gapMin;
  config.gapMax = options.gapMax;
  config.sizeRatio = options.sizeRatio;
  config.offset = options.offset;
  config.warmStart = options.warmStart;
  config.precision = options.scalar == "float" ? collide::Precision::Float : collide::Precision::Double;
  config.maxIterations = options.maxIterations;
  config.worstCaseCount = std::max(options.worst, 0);
  if (const std::string invalid = collide::validateExperiment(config); !invalid.empty()) {
    throw UsageError("experiment: " + invalid);  // a value the option does not allow: 2, as CLI11's checks
  }
  const std::string extension = std::filesystem::path(options.plotPath).extension().string();
  if (!options.plotPath.empty() && extension != ".png" && extension != ".svg") {
    throw UsageError("experiment: --plot: \"" + options.plotPath + "\": expected a .png or .svg file name");
  }
  if (!options.plotPath.empty()) (void)plotSize(options);
  // Say so before the run, not after a million trials.
  if (extension == ".png" && !displayAvailable()) {
    std::fprintf(stderr,
                 "collision-lab experiment: --plot %s: no display available (DISPLAY is not set) to render the PNG; "
                 "run it under a virtual one:\n  xvfb-run -a collision-lab experiment ...\nor write an SVG instead "
                 "(--plot %s.svg)\n",
                 options.plotPath.c_str(), std::filesystem::path(options.plotPath).stem().string().c_str());
    return 2;
  }

  if (!options.dumpPath.empty() && options.worst <= 0) {
    throw UsageError("experiment: --dump-pairs writes the listed worst cases; --worst 0 lists none");
  }
  // Opened before the run, so a read-only or unwritable target is refused before a million trials, not after.
  std::optional<OutputSink> dump;
  if (!options.dumpPath.empty()) {
    try {
      dump.emplace(options.dumpPath);
    } catch (const std::runtime_error& failure) {
      std::fprintf(stderr, "collision-lab experiment: --dump-pairs: %s\n", failure.what());
      return 1;
    }
  }

  ProgressLine progress(options.quiet);
  const collide::ExperimentResult result =
      collide::runExperiment(config, [&](std::uint64_t done, std::uint64_t total) { progress.update(done, total); });
  progress.finish();
  printSummary(config, result, options);

  if (dump) {
    try {
      const std::size_t lines = writeListedPairs(*dump, config, listedAsPrinted(result, options));
      dump->finish();
      std::printf("pairs: %s (%zu %s, the listed worst cases; answer them with %s)\n", options.dumpPath.c_str(), lines,
                  lines == 1 ? "pair" : "pairs", queryCommandFor(config, options.dumpPath).c_str());
    } catch (const std::runtime_error& failure) {
      std::fprintf(stderr, "collision-lab experiment: --dump-pairs: %s\n", failure.what());
      return 1;
    }
  }

  if (!options.csvPath.empty()) {
    if (!writeCsvFile(options.csvPath, experimentCsv(result), error)) {
      std::fprintf(stderr, "collision-lab experiment: --csv: %s\n", error.c_str());
      return 1;
    }
    std::printf("csv: %s\n", options.csvPath.c_str());
  }
  if (!options.plotPath.empty()) return writePlot(options, config, result);
  return 0;
}

const bool registered = registerCommand(
    {"experiment", "Run GJK, distance, EPA and SAT on many random pairs: iteration counts, cap hits, disagreements, time",
     [](CLI::App& command) -> std::function<int()> {
       auto options = std::make_shared<ExperimentOptions>();
       command.add_option("--family", options->family, "Pair family: boxes, ngonN (e.g. ngon8), circles, capsules, mixed (2D); boxes3d, hullN (e.g. hull32), "
                          "spheres, capsules3d, cylinders, mixed3d (3D)")
           ->capture_default_str();
       command.add_option("--trials", options->trials, "Number of random pairs, 1 to " + std::to_string(collide::kMaxExperimentTrials))
           ->capture_default_str()
           ->check(CLI::Range(std::uint64_t{1}, collide::kMaxExperimentTrials));
       command.add_option("--algo", options->algorithms, "Algorithms, comma separated: " + collide::algorithmNameList(true) +
                          " (sat-lite: 3D boxes)")
           ->delimiter(',')
           ->check(CLI::IsMember(collide::algorithmNames(true)))
           ->capture_default_str();
       command.add_option("--seed", options->seed, "Seed of the pair generator")->capture_default_str();
       command.add_option("--gap-min", options->gapMin,
                          "Smallest gap: how far B is from touching A along the line it is placed on (negative: "
                          "overlapping by that much along it), A's size = 1")
           ->capture_default_str();
       command.add_option("--gap-max", options->gapMax, "Largest gap")->capture_default_str();
       command.add_option("--size-ratio", options->sizeRatio, collide::kSizeRatioWords)->capture_default_str();
       command.add_option("--offset", options->offset, "Added to every coordinate (try 1e5 with --scalar float)")
           ->capture_default_str();
       command.add_flag("--warm-start", options->warmStart, "Distance: start from the cache of the previous pose");
       command.add_option("--scalar", options->scalar, "Scalar type of the queries")
           ->check(CLI::IsMember({"float", "double"}))
           ->capture_default_str();
       command.add_option("--max-iterations", options->maxIterations, "Iteration cap of every algorithm")
           ->capture_default_str();
       command.add_option("--worst", options->worst, "Worst cases to list per algorithm, 0 to " + std::to_string(collide::kMaxWorstCases))
           ->capture_default_str()
           ->check(CLI::Range(0, collide::kMaxWorstCases));
       command.add_flag("--disagreements-only", options->disagreementsOnly,
                        "List only the worst cases that disagree with the reference (SAT, or double): a hit or apart "
                        "the reference does not share (SAT lite fooled), or a distance or depth off by more than 1e-3");
       command.add_option("--dump-pairs", options->dumpPath,
                          "Write the listed worst cases' pairs as JSON Lines, one per trial, the lines `query` and "
                          "`trace` read; each id says what the experiment answered");
       command.add_option("--csv", options->csvPath, "Write the iteration histogram as CSV");
       command.add_option("--plot", options->plotPath, "Write the plot: .png (needs a display; xvfb-run) or .svg");
       command.add_flag("--cumulative", options->cumulative, "Plot the cumulative share instead of the histogram");
       command.add_option("--plot-size", options->plotSize, "Plot size WIDTHxHEIGHT")->capture_default_str();
       command.add_flag("-q,--quiet", options->quiet, "No progress line");
       return [options] { return runExperimentCommand(*options); };
     }});

}  // namespace

}  // namespace lab
