#include "plot/experiment_plots.h"
#include "labs/format.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <cmath>
#include <cstdio>

// GCC 12 warns -Wrestrict on short string assignments inlined here, a false positive (GCC bug 105329).
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ == 12
#pragma GCC diagnostic ignored "-Wrestrict"
#endif

namespace lab {

Color algorithmColor(collide::Algorithm algorithm) {
  switch (algorithm) {
    case collide::Algorithm::Gjk: return palette::kShapeA;
    case collide::Algorithm::Distance: return palette::kSeparated;
    case collide::Algorithm::Epa: return palette::kHit;
    case collide::Algorithm::Sat: return palette::kAccent;
    case collide::Algorithm::Analytic:
    case collide::Algorithm::SatLite: break;
  }
  return palette::kMinkowski;
}

std::string experimentDescription(const collide::ExperimentConfig& config) {
  char text[320];
  std::snprintf(text, sizeof text, "%s, %llu %s, seed %llu, %s, gap %g..%g, size ratio %g, offset %g, %s",
                collide::familyName(config.family, config.pointCount).c_str(),
                static_cast<unsigned long long>(config.trials), config.trials == 1 ? "trial" : "trials",
                static_cast<unsigned long long>(config.seed),
                std::string(collide::precisionName(config.precision)).c_str(), config.gapMin, config.gapMax,
                config.sizeRatio, config.offset, config.warmStart ? "warm start" : "cold start");
  return text;
}

namespace {

// Whether an algorithm's counts are axes tested (sat, sat-lite: not capped, up to about 190 on hulls) rather than
// iterations (gjk, distance, epa: 1 to 20).
bool countsAxes(collide::Algorithm algorithm) { return collide::algorithmInfo(algorithm).counts == "axes"; }

}  // namespace

std::vector<Plot> experimentPlots(const collide::ExperimentConfig& config, const collide::ExperimentResult& result,
                                  bool cumulative, ExperimentPlotData& data) {
  data.shares.assign(result.algorithms.size(), {});
  // A panel per kind of count that has runs: on one axis SAT's 190 axes on hulls left GJK, distance and EPA (1 to
  // 20) slivers in its left tenth (newcomer review s33, C6).
  bool hasKind[2] = {false, false};
  for (const collide::AlgorithmStats& stats : result.algorithms)
    if (stats.runs > 0) hasKind[countsAxes(stats.algorithm)] = true;
  const bool split = hasKind[0] && hasKind[1];
  std::vector<Plot> plots;
  std::string idle;  // the algorithms with no run
  for (const bool axes : {false, true}) {
    if (!split && axes) continue;  // one kind of count (or none) has runs: one panel of every series
    Plot plot;
    plot.title = plots.empty() ? experimentDescription(config) : std::string();
    // SAT's counts run past the cap (the axis goes on to the most seen): say so, or its bars past the lab's
    // "iteration cap" read as cap hits.
    std::string axisCounters;
    for (const collide::AlgorithmStats& stats : result.algorithms) {
      if (!countsAxes(stats.algorithm) || stats.runs == 0) continue;
      if (!axisCounters.empty()) axisCounters += ", ";
      axisCounters += collide::algorithmName(stats.algorithm);
    }
    if (split) {
      plot.x.label = axes ? "axes tested (" + axisCounters + ": not capped)" : "iterations";
      // One line, as the description beside it at 100 %: the two plots' data then line up.
      if (axes) plot.title = "the same run's " + axisCounters;
    } else {
      plot.x.label = axisCounters.empty() ? "iterations" : "iterations (" + axisCounters + ": axes tested, not capped)";
    }
    plot.x.integers = true;
    plot.y.label = cumulative ? "runs with at most this many" : "share of runs";
    plot.y.unit = "%";
    // The series of this panel; with one panel, every series (an idle one is left out below).
    const auto inPanel = [&](const collide::AlgorithmStats& stats) { return !split || countsAxes(stats.algorithm) == axes; };
    int largest = 1;
    for (const collide::AlgorithmStats& stats : result.algorithms)
      if (inPanel(stats)) largest = std::max(largest, stats.maxIterationsSeen);
    for (std::size_t k = 0; k < result.algorithms.size(); ++k) {
      const collide::AlgorithmStats& stats = result.algorithms[k];
      if (!inPanel(stats)) continue;
      std::vector<double>& shares = data.shares[k];
      double total = 0;
      // Every series of a panel spans 0..largest, the most any took: a capped one's bars end at its cap, and a
      // read-out past it says 0 % there rather than pointing at its last bar.
      for (int i = 0; i <= largest; ++i) {
        const std::uint64_t count = i < int(stats.histogram.size()) ? stats.histogram[std::size_t(i)] : 0;
        const double share = stats.runs ? 100.0 * double(count) / double(stats.runs) : 0.0;
        total += share;
        shares.push_back(cumulative ? total : share);
      }
      // An algorithm that took no pair (sat on circles) has nothing to plot: no legend entry, no "0 %" read-out;
      // the summary says why it has none (skippedWords).
      if (stats.runs == 0) {
        idle += (idle.empty() ? "" : ", ") + std::string(collide::algorithmName(stats.algorithm));
        continue;
      }
      PlotSeries series;
      series.name = std::string(collide::algorithmName(stats.algorithm));
      series.unit = "%";
      series.color = algorithmColor(stats.algorithm);
      series.y = shares;
      series.bars = !cumulative;
      series.steps = cumulative;  // iteration counts are whole numbers: the share holds from k to k + 1
      plot.series.push_back(std::move(series));
    }
    plots.push_back(std::move(plot));
  }
  if (!idle.empty()) plots.front().title += "; not plotted: " + idle + " (no pair it takes)";
  return plots;
}

CsvTable experimentCsv(const collide::ExperimentResult& result) {
  CsvTable table;
  std::size_t rows = 0;
  for (const collide::AlgorithmStats& stats : result.algorithms) rows = std::max(rows, stats.histogram.size());
  CsvColumn iterations{"iterations", "", {}};
  for (std::size_t i = 0; i < rows; ++i) iterations.values.push_back(double(i));
  table.columns.push_back(std::move(iterations));
  for (const collide::AlgorithmStats& stats : result.algorithms) {
    const std::string name(collide::algorithmName(stats.algorithm));
    CsvColumn runs{name + "_runs", "runs", {}};
    CsvColumn cumulative{name + "_cumulative", "%", {}};
    double total = 0;
    for (std::size_t i = 0; i < rows; ++i) {
      const double count = i < stats.histogram.size() ? double(stats.histogram[i]) : 0.0;
      total += count;
      runs.values.push_back(count);
      // No run, no share: an empty field, not a 0 % computed over nothing.
      cumulative.values.push_back(stats.runs ? 100.0 * total / double(stats.runs) : std::nan(""));
    }
    table.columns.push_back(std::move(runs));
    table.columns.push_back(std::move(cumulative));
  }
  return table;
}

std::string experimentCommand(const collide::ExperimentConfig& config) {
  std::string algorithms;
  for (const collide::Algorithm algorithm : config.algorithms) {
    if (!algorithms.empty()) algorithms += ',';
    algorithms += collide::algorithmName(algorithm);
  }
  std::string command = "collision-lab experiment --family " + collide::familyName(config.family, config.pointCount) +
                        " --trials " + std::to_string(config.trials) + " --algo " + algorithms + " --seed " +
                        std::to_string(config.seed) + " --gap-min " + exactNumber(config.gapMin) + " --gap-max " +
                        exactNumber(config.gapMax) + " --size-ratio " + exactNumber(config.sizeRatio) + " --offset " +
                        exactNumber(config.offset) + " --scalar " + std::string(collide::precisionName(config.precision)) +
                        " --max-iterations " + std::to_string(config.maxIterations);
  if (config.warmStart) command += " --warm-start";
  return command;
}

std::vector<collide::WorstCase> shownWorstCases(const collide::ExperimentResult& result, const collide::WorstCaseFilter& filter) {
  std::vector<collide::WorstCase> listed = collide::listedWorstCases(result, filter);
  if (filter.algorithm) return listed;
  // Each algorithm's rank in its own list, then the algorithms in the table's order within a rank (a stable sort
  // keeps each algorithm's own order: its disagreements, then its most iterations).
  // Disagreements stay first, in the result's order (the most telling rows); the rest in turn per algorithm.
  std::map<collide::Algorithm, int> seen;
  std::vector<std::pair<int, std::size_t>> order;
  for (std::size_t i = 0; i < listed.size(); ++i) order.emplace_back(listed[i].disagrees ? -1 : seen[listed[i].algorithm]++, i);
  std::stable_sort(order.begin(), order.end(), [&](const auto& a, const auto& b) {
    if (a.first != b.first) return a.first < b.first;
    if (a.first < 0) return false;  // disagreements keep their order
    return static_cast<int>(listed[a.second].algorithm) < static_cast<int>(listed[b.second].algorithm);
  });
  std::vector<collide::WorstCase> interleaved;
  interleaved.reserve(listed.size());
  for (const auto& [rank, index] : order) interleaved.push_back(listed[index]);
  return interleaved;
}

std::vector<std::string> worstTieWords(const collide::ExperimentResult& result) {
  std::vector<std::string> words;
  for (const collide::AlgorithmStats& stats : result.algorithms) {
    if (stats.runs == 0 || stats.maxIterationsSeen <= 0 || std::size_t(stats.maxIterationsSeen) >= stats.histogram.size()) continue;
    const std::uint64_t tied = stats.histogram[std::size_t(stats.maxIterationsSeen)];
    if (10 * tied <= stats.runs) continue;
    char text[200];
    std::snprintf(text, sizeof text, "%s: %.3g%% of its runs tie at its most, %d %s; the list shows the first of them",
                  std::string(collide::algorithmName(stats.algorithm)).c_str(), 100.0 * double(tied) / double(stats.runs),
                  stats.maxIterationsSeen, countsAxes(stats.algorithm) ? "axes tested" : "iterations");
    words.emplace_back(text);
  }
  return words;
}

}  // namespace lab
