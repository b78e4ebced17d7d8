// app/plot/experiment_plots.h: an experiment's results as plots and as a CSV table, shared by the experiment lab
// and `collision-lab experiment`, so the GUI, the PNG, the SVG and the CSV all show the same numbers.
#pragma once

#include <string>
#include <vector>

#include "workloads/experiment.h"
#include "io/csv.h"
#include "plot/plot.h"

namespace lab {

// The data the plot's series point into; keep it alive while the plot is drawn.
struct ExperimentPlotData {
  std::vector<std::vector<double>> shares;  // per algorithm, per iteration count: % of its runs
};

// Per algorithm: the share of runs that took k iterations (bars), or that took at most k (cumulative lines). One
// plot, or two when iterations (gjk, distance, epa) and axes tested (sat, sat-lite) both have runs: the axes on an
// x axis of their own, the second plot, drawn beside the first (plotPanelFrames).
[[nodiscard]] std::vector<Plot> experimentPlots(const collide::ExperimentConfig& config,
                                                const collide::ExperimentResult& result, bool cumulative,
                                                ExperimentPlotData& data);

// iterations, then per algorithm "<name>_runs [runs]" and "<name>_cumulative [%]".
[[nodiscard]] CsvTable experimentCsv(const collide::ExperimentResult& result);

// "ngon8, 1000000 trials, seed 1, double, gap -0.25..0.25, size ratio 1, offset 0, cold start".
[[nodiscard]] std::string experimentDescription(const collide::ExperimentConfig& config);

// The `collision-lab experiment ...` command line that runs `config` again: the same pairs, the same counts (Edit >
// Copy as command in the Experiments lab). Numbers are written so they read back to the same doubles.
[[nodiscard]] std::string experimentCommand(const collide::ExperimentConfig& config);

// The worst-case list the Experiments lab shows. One algorithm's: its worst, in its order. All: each algorithm's
// disagreements first (as the result orders them), then worst in turn (the first of each, then the second of each,
// ...), so every algorithm's worst pair is at the top:
// sorted together, SAT's 16 axes (half of all runs tie there) filled the whole list (newcomer review s35, A8).
[[nodiscard]] std::vector<collide::WorstCase> shownWorstCases(const collide::ExperimentResult& result,
                                                              const collide::WorstCaseFilter& filter);
// What the "all" list cannot show: for each algorithm whose most iterations are shared by more than a tenth of its
// runs, "sat: 49.8% of its runs tie at its most, 16 axes tested; the list shows the first of them". Empty when none.
[[nodiscard]] std::vector<std::string> worstTieWords(const collide::ExperimentResult& result);

// The colour of an algorithm in every experiment plot.
[[nodiscard]] Color algorithmColor(collide::Algorithm algorithm);

}  // namespace lab
