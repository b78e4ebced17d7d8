// app/labs/experiment_lab.cpp: the "Experiments" lab: batch runs of workloads/experiment.h from the GUI.
// The side panel configures a run and starts it on a worker thread (progress bar, Cancel); the canvas shows the
// results: the iteration histogram or cumulative plot, and the worst-case finder, a list of the pairs with the
// most iterations or a disagreement, each with a button that opens the pair in the narrow-phase lab of its dimension.
//
// [SECTION] State and the worker thread
// [SECTION] Side panel: configuration, run, summary
// [SECTION] Canvas: plot and worst cases
// [SECTION] Settings, state, registration
#include <vector>
#include <algorithm>
#include <array>
#include <map>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <thread>

#include <imgui.h>

#include "workloads/experiment.h"
#include "lab/lab.h"
#include "labs/format.h"
#include "platform/theme.h"
#include "plot/experiment_plots.h"
#include "plot/plot_export.h"
#include "plot/plot.h"
#include "widgets/number_field.h"
#include "widgets/wrapped_text.h"
#include "widgets/value_slider.h"

namespace lab {

namespace {

// A share as a percentage with 3 significant digits, as the CLI prints it: "100%", "0.333%" ("%.2g" wrote 1e+02%).
std::string percent(double share) { return formatWith("%.3g", 100 * share) + "%"; }

// In collide::PairFamily's order: the plane's families, then space's.
constexpr const char* kFamilyNames[] = {"2D: boxes",    "2D: n-gons",    "2D: circles", "2D: capsules",
                                        "2D: mixed",    "3D: boxes",     "3D: hulls",   "3D: spheres",
                                        "3D: capsules", "3D: cylinders", "3D: mixed"};
static_assert(IM_ARRAYSIZE(kFamilyNames) == collide::kFamilyCount);

// The iterative algorithms of the table (collide/query.h) that run in a family's dimension, in table order: built
// once per dimension, since the panel asks every frame.
const std::vector<collide::Algorithm>& experimentAlgorithms(int dimension) {
  const auto build = [](int dim) {
    std::vector<collide::Algorithm> iterative;
    for (const collide::AlgorithmInfo& info : collide::kAlgorithmTable)
      if (collide::isIterative(info.algorithm) && collide::runsIn(info.algorithm, dim)) iterative.push_back(info.algorithm);
    return iterative;
  };
  static const std::vector<collide::Algorithm> plane = build(2), space = build(3);
  return dimension == 3 ? space : plane;
}

// The lab that steps a single pair of the family's dimension.
const LabInfo* narrowPhaseLab(int dimension) { return findLab(dimension == 3 ? "Narrow phase 3D" : "Narrow phase"); }

class ExperimentLab final : public Lab {
 public:
  static std::unique_ptr<Lab> create() { return std::make_unique<ExperimentLab>(); }
  ~ExperimentLab() override { stopWorker(); }

  void update(double /*seconds*/) override { collectFinishedRun(); }
  void drawUi() override;
  [[nodiscard]] const char* viewTitle(int /*view*/) const override { return ""; }
  void draw(const DrawContext& context) override;
  [[nodiscard]] bool hasTimeline() const override { return false; }  // a batch run has results, not steps
  [[nodiscard]] bool hasScene() const override { return false; }     // its settings are kept in the settings file
  [[nodiscard]] bool workingInBackground() const override { return running_; }
  [[nodiscard]] std::vector<Shortcut> shortcuts() const override { return plotShortcuts(); }

  bool loadScene(const Scene& /*scene*/, std::string& error) override {
    error = "the Experiments lab has no scene to open; its configuration is kept in the settings";
    return false;
  }
  void saveScene(Scene& /*scene*/) const override {}
  bool takeSceneRequest(Scene& scene) override {
    if (!sceneRequest_) return false;
    scene = std::move(*sceneRequest_);
    sceneRequest_.reset();
    return true;
  }
  void loadSettings(const Json& settings) override;
  [[nodiscard]] Json saveSettings() const override;
  void dumpState(Json& out) const override;
  // The run whose plot is shown (before any run, the panel's settings), as `collision-lab experiment`.
  [[nodiscard]] std::optional<std::string> commandLine(std::string& /*why*/) const override {
    return experimentCommand(hasResult_ ? resultConfig_ : config_);
  }

 private:
  // [SECTION] State and the worker thread
  void startRun();
  void stopWorker();
  void collectFinishedRun();
  void openInNarrowPhaseLab(const collide::WorstCase& item);
  void setFamily(collide::PairFamily family);
  void drawSummary();
  void drawWorstCases();
  void drawNoResultYet();
  // The worst-case list's choices: one algorithm's or all, disagreements only or not.
  [[nodiscard]] collide::WorstCaseFilter worstFilter() const {
    return {.algorithm = worstOf_, .disagreementsOnly = disagreementsOnly_, .perAlgorithm = collide::kMaxWorstCases};
  }

  collide::ExperimentConfig config_;
  std::thread worker_;
  std::atomic<bool> cancel_{false};
  std::atomic<bool> finished_{false};
  std::atomic<std::uint64_t> done_{0};
  std::mutex resultMutex_;
  collide::ExperimentResult pending_;  // written by the worker, taken under resultMutex_ once finished_
  std::string pendingError_;           // or why the run stopped (a defect's exception: said, not a crash)

  bool running_ = false;
  bool hasResult_ = false;
  collide::ExperimentConfig resultConfig_;  // the configuration the shown result was run with
  collide::ExperimentResult result_;
  bool cumulative_ = false;
  std::optional<collide::Algorithm> worstOf_;  // the worst-case list of one algorithm; empty: all of them
  bool disagreementsOnly_ = false;             // the worst-case list's disagreements only
  ExperimentPlotData plotData_;
  std::vector<Plot> plots_;                    // the iterations, and SAT's axes tested beside them (experimentPlots)
  std::vector<Plot> titledPlots_;              // the same with their titles: what Export png / svg writes
  ExportRow exportRow_{"experiment"};  // the Plots window's exporter (plot_export.h)
  std::array<PlotState, 2> plotStates_;
  std::optional<Scene> sceneRequest_;
  std::string message_;
  // Where the Run button and the first row's "Open" button were drawn, for GUI tests (dumpState).
  ScreenRect runButton_{0, 0, 0, 0};
  ScreenRect firstOpenButton_{0, 0, 0, 0};
  std::map<std::string, ScreenRect> algorithmBoxes_;  // each algorithm's checkbox, by name
  std::map<std::string, ScreenRect> worstOfButtons_;  // the worst-case list's "all" and algorithm buttons
  ScreenRect disagreementsBox_{0, 0, 0, 0};           // its "disagreements only" checkbox
  std::vector<ScreenRect> plotFrames_;                // where each plot was drawn
};

void ExperimentLab::startRun() {
  if (running_) return;
  if (const std::string invalid = collide::validateExperiment(config_); !invalid.empty()) {
    message_ = invalid;
    return;
  }
  stopWorker();
  cancel_ = false;
  finished_ = false;
  done_ = 0;
  running_ = true;
  message_.clear();
  worker_ = std::thread([this, config = config_] {
    collide::ExperimentResult result;
    std::string error;
    try {
      result = collide::runExperiment(
          config, [this](std::uint64_t done, std::uint64_t) { done_.store(done, std::memory_order_relaxed); }, &cancel_);
    } catch (const std::exception& failure) {
      error = failure.what();
    }
    {
      const std::lock_guard<std::mutex> lock(resultMutex_);
      pending_ = std::move(result);
      pendingError_ = std::move(error);
    }
    finished_ = true;
  });
  resultConfig_ = config_;
}

void ExperimentLab::stopWorker() {
  cancel_ = true;
  if (worker_.joinable()) worker_.join();
}

void ExperimentLab::collectFinishedRun() {
  if (!running_ || !finished_) return;
  worker_.join();
  std::string error;
  {
    const std::lock_guard<std::mutex> lock(resultMutex_);
    error = std::move(pendingError_);
    if (error.empty()) result_ = std::move(pending_);
  }
  running_ = false;
  if (!error.empty()) {
    message_ = "the run stopped: " + error;  // the last result, if any, stays
    return;
  }
  hasResult_ = true;
  for (PlotState& state : plotStates_) state.autoFit = true;
  const bool kept = std::any_of(result_.algorithms.begin(), result_.algorithms.end(),
                                [this](const collide::AlgorithmStats& s) { return s.algorithm == worstOf_; });
  if (!kept) worstOf_.reset();
  if (result_.cancelled) message_ = "cancelled after " + counted(static_cast<long long>(result_.trialsRun), "trial", "trials");
}

void ExperimentLab::openInNarrowPhaseLab(const collide::WorstCase& item) {
  const int dimension = collide::familyDimension(resultConfig_.family);
  const LabInfo* target = narrowPhaseLab(dimension);
  if (!target) {
    message_ = "no narrow-phase lab is registered";
    return;
  }
  Scene scene;
  scene.lab = target->name;
  scene.algorithm = std::string(collide::algorithmName(item.algorithm));
  if (dimension == 3) {
    const collide::ExperimentPair3 pair = collide::makeExperimentPair3(resultConfig_, item.trial);
    setScenePair(scene, pair.a, pair.b);
  } else {
    const collide::ExperimentPair pair = collide::makeExperimentPair(resultConfig_, item.trial);
    setScenePair(scene, pair.a, pair.b);
    scene.labState = {{"scalar", std::string(collide::precisionName(resultConfig_.precision))}};
  }
  scene.title = "Experiment " + collide::familyName(resultConfig_.family, resultConfig_.pointCount) + ", seed " +
                std::to_string(resultConfig_.seed) + ", trial " + std::to_string(item.trial);
  scene.lesson = scene.algorithm + " took " + std::to_string(item.iterations) + " " +
                 std::string(collide::algorithmInfo(item.algorithm).counts) + (item.capHit ? " (the cap)" : "") +
                 (item.disagrees ? "; it disagreed with the reference" : "");
  // The 3D lab computes in double only: say so when the run that found this pair was in float.
  if (dimension == 3 && resultConfig_.precision == collide::Precision::Float)
    scene.lesson += " (in float; the 3D lab steps it in double)";
  sceneRequest_ = std::move(scene);
}

// [SECTION] Side panel: configuration, run, summary

// A family of the other dimension keeps the algorithms that run there (sat-lite is in space only) and gets a point
// count in its range.
void ExperimentLab::setFamily(collide::PairFamily family) {
  config_.family = family;
  const int dimension = collide::familyDimension(family);
  auto& list = config_.algorithms;
  list.erase(std::remove_if(list.begin(), list.end(), [&](collide::Algorithm a) { return !collide::runsIn(a, dimension); }),
             list.end());
  if (list.empty()) list.push_back(collide::Algorithm::Distance);
  if (family == collide::PairFamily::Hull) config_.pointCount = std::clamp(config_.pointCount, collide::kMinHullPoints, 64);
  if (family == collide::PairFamily::Ngon) config_.pointCount = std::clamp(config_.pointCount, 3, 32);
}

void ExperimentLab::drawUi() {
  ImGui::BeginDisabled(running_);
  ImGui::TextDisabled("PAIRS");
  int family = static_cast<int>(config_.family);
  ImGui::SetNextItemWidth(-1);
  // Every family in view when it opens: with ImGui's default of 8 rows, it opens scrolled to the current family,
  // the first ones hidden above the top (review s33 A10).
  if (ImGui::Combo("##family", &family, kFamilyNames, IM_ARRAYSIZE(kFamilyNames), IM_ARRAYSIZE(kFamilyNames)))
    setFamily(static_cast<collide::PairFamily>(family));
  if (config_.family == collide::PairFamily::Ngon) valueSliderInt("vertices", &config_.pointCount, 3, 32);
  if (config_.family == collide::PairFamily::Hull) {
    valueSliderInt("points", &config_.pointCount, collide::kMinHullPoints, 64);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Points on a random ellipsoid, a few pulled inside; the hull is built from them");
  }
  // Trials through the number fields' policy too (a count: whole, 1 to validateExperiment's limit, exact in a double).
  double trials = static_cast<double>(config_.trials);
  NumberFieldOptions trialOptions;
  trialOptions.range = {1.0, static_cast<double>(collide::kMaxExperimentTrials)};
  trialOptions.speed = 100.0;
  trialOptions.check = [](std::span<const double> count, int) {
    return count[0] == std::floor(count[0]) ? std::string() : "is not a whole number";
  };
  if (numberField("trials", {&trials, 1}, trialOptions)) config_.trials = static_cast<std::uint64_t>(std::llround(trials));
  ImGui::InputScalar("seed", ImGuiDataType_U64, &config_.seed);
  constexpr const char* kGapTip =
      "How far B is from touching A along the line it is placed on, uniform in [min, max] (A's size = 1): positive, "
      "apart; negative, overlapping by that much along the line (the penetration depth is at most that)";
  // The number fields' policy (widgets/number_field.h), with validateExperiment's rules at the fields: min <= max
  // refused at the gap field typed, naming both (it was accepted, then refused at Run in grey; review s35, A9).
  NumberFieldOptions gapMin;
  gapMin.speed = 0.005;
  gapMin.tip = kGapTip;
  gapMin.check = [max = config_.gapMax](std::span<const double> gap, int) {
    return gap[0] <= max ? std::string() : "> gap max " + exactNumber(max);
  };
  numberField("gap min", {&config_.gapMin, 1}, gapMin);
  NumberFieldOptions gapMax = gapMin;
  gapMax.check = [min = config_.gapMin](std::span<const double> gap, int) {
    return gap[0] >= min ? std::string() : "< gap min " + exactNumber(min);
  };
  numberField("gap max", {&config_.gapMax, 1}, gapMax);
  NumberFieldOptions ratio;
  ratio.range = {1e-3, 1e3};
  ratio.tip = collide::kSizeRatioWords;
  numberField("size ratio", {&config_.sizeRatio, 1}, ratio);
  NumberFieldOptions offset;
  const double maxOffset = config_.precision == collide::Precision::Float ? 1e8 : 1e15;  // validateExperiment's
  offset.range = {-maxOffset, maxOffset};
  offset.speed = 1e3;
  offset.tip = "Added to every coordinate: try 1e5 with float (up to 1e15 in double, 1e8 in float)";
  numberField("offset", {&config_.offset, 1}, offset);

  ImGui::Spacing();
  ImGui::TextDisabled("ALGORITHMS");
  const std::vector<collide::Algorithm>& offered = experimentAlgorithms(collide::familyDimension(config_.family));
  for (const collide::Algorithm algorithm : offered) {
    auto& list = config_.algorithms;
    bool chosen = std::find(list.begin(), list.end(), algorithm) != list.end();
    const std::string name(collide::algorithmName(algorithm));
    // On the row while it fits the panel (five in space), else on the next (ImGui's demo "Manually wrapping").
    const float boxWidth = ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(name.c_str()).x;
    if (algorithm != offered[0] && ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + boxWidth <=
                                       ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x)
      ImGui::SameLine();
    const bool changed = ImGui::Checkbox(name.c_str(), &chosen);
    const ImVec2 boxMin = ImGui::GetItemRectMin();
    const ImVec2 boxMax = ImGui::GetItemRectMax();
    algorithmBoxes_[name] = ScreenRect{boxMin.x, boxMin.y, boxMax.x - boxMin.x, boxMax.y - boxMin.y};
    if (changed) {
      if (chosen) {
        // Built from the old choices before they are replaced, in the table's fixed order.
        std::vector<collide::Algorithm> ticked;
        for (const collide::Algorithm other : offered)
          if (other == algorithm || std::find(list.begin(), list.end(), other) != list.end()) ticked.push_back(other);
        list = std::move(ticked);
      } else {
        list.erase(std::remove(list.begin(), list.end(), algorithm), list.end());
      }
    }
  }
  bool useFloat = config_.precision == collide::Precision::Float;
  if (ImGui::Checkbox("float", &useFloat)) config_.precision = useFloat ? collide::Precision::Float : collide::Precision::Double;
  ImGui::SameLine();
  ImGui::Checkbox("warm start", &config_.warmStart);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Distance: start from the cache of B's previous pose (RTR collision summary)");
  valueSliderInt("iteration cap", &config_.maxIterations, 1, 64);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Stops GJK, distance and EPA; SAT is not capped: it tests every axis it needs");
  ImGui::EndDisabled();

  ImGui::Spacing();
  if (running_) {
    const double share = double(done_.load(std::memory_order_relaxed)) / double(std::max<std::uint64_t>(resultConfig_.trials, 1));
    char overlay[64];
    std::snprintf(overlay, sizeof overlay, "%llu / %llu", static_cast<unsigned long long>(done_.load()),
                  static_cast<unsigned long long>(resultConfig_.trials));
    ImGui::ProgressBar(float(share), ImVec2(-ImGui::GetFontSize() * 5, 0), overlay);
    ImGui::SameLine();
    if (ImGui::Button("Cancel", ImVec2(-1, 0))) cancel_ = true;
  } else {
    if (ImGui::Button("Run", ImVec2(-1, 0))) startRun();
    const ImVec2 min = ImGui::GetItemRectMin();
    const ImVec2 max = ImGui::GetItemRectMax();
    runButton_ = {min.x, min.y, max.x - min.x, max.y - min.y};
  }
  if (!message_.empty()) textWrapped("%s", message_.c_str());
  if (hasResult_) drawSummary();
}

void ExperimentLab::drawSummary() {
  ImGui::Spacing();
  ImGui::TextDisabled("RESULTS (%s)", counted(static_cast<long long>(result_.trialsRun), "trial", "trials").c_str());
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingFixedFit;
  if (ImGui::BeginTable("##summary", 6, flags)) {
    for (const char* heading : {"", "mean", "max", "cap", "disagree", "ns"}) ImGui::TableSetupColumn(heading);
    ImGui::TableHeadersRow();
    for (const collide::AlgorithmStats& stats : result_.algorithms) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      const Color color = algorithmColor(stats.algorithm);
      ImGui::TextColored(ImVec4(color.r, color.g, color.b, 1), "%s", std::string(collide::algorithmName(stats.algorithm)).c_str());
      // A row over no run says "-", not rates computed over zero; the note below says why it has none.
      const bool runs = stats.runs > 0;
      const bool queries = stats.queries > 0;
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(runs ? formatWith("%.2f", stats.meanIterations()).c_str() : "-");
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(runs ? std::to_string(stats.maxIterationsSeen).c_str() : "-");
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(!collide::isCapped(stats.algorithm) ? "none" : runs ? percent(stats.capHitShare()).c_str() : "-");
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(queries ? percent(stats.disagreementShare()).c_str() : "-");
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(queries ? formatWith("%.0f", stats.nanosecondsPerQuery()).c_str() : "-");
    }
    ImGui::EndTable();
  }
  // What the columns count, for the algorithms run only.
  const auto ran = [this](collide::Algorithm algorithm) {
    return std::any_of(result_.algorithms.begin(), result_.algorithms.end(),
                       [algorithm](const collide::AlgorithmStats& s) { return s.algorithm == algorithm; });
  };
  std::string note = "mean and max: iterations per run";
  if (ran(collide::Algorithm::Sat) || ran(collide::Algorithm::SatLite))
    note += " (sat and sat-lite: axes tested; they are not capped, so their counts can pass the cap)";
  note += "; cap: runs that hit the iteration cap; ns: time per query.";
  for (const collide::AlgorithmStats& stats : result_.algorithms) {
    if (const std::string epa = collide::epaRunsWords(stats); !epa.empty()) note += "\n" + epa + ".";
  }
  for (const collide::AlgorithmStats& stats : result_.algorithms) {
    if (const std::string skipped = collide::skippedWords(stats, result_.trialsRun); !skipped.empty())
      note += "\n" + skipped + ".";
  }
  if (ran(collide::Algorithm::SatLite))
    note += " sat-lite disagrees where its 6 face axes say hit and SAT's 15 say apart, or give another depth.";
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  textWrapped("%s", note.c_str());
  ImGui::PopStyleColor();
  // The gap the pairs got beside the one asked; in the warning colour when some overlap less than asked.
  const std::string gap = collide::gapWords(resultConfig_, result_);
  if (result_.stoppedAtMiddle > 0) ImGui::PushStyleColor(ImGuiCol_Text, toImVec4(palette::kErrorText));
  else ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  textWrapped("%s.", gap.c_str());
  ImGui::PopStyleColor();
}

// [SECTION] Canvas: plot and worst cases

void ExperimentLab::draw(const DrawContext& context) {
  const ScreenRect& rect = context.viewport->camera.rect();
  ImGui::SetNextWindowPos(ImVec2(float(rect.x), float(rect.y)));
  ImGui::SetNextWindowSize(ImVec2(float(rect.width), float(rect.height)));
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                                 ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoScrollWithMouse;
  if (ImGui::Begin("##experiment results", nullptr, flags)) {
    if (!hasResult_) {
      drawNoResultYet();
    } else {
      int mode = cumulative_ ? 1 : 0;
      ImGui::RadioButton("Histogram", &mode, 0);
      ImGui::SameLine();
      ImGui::RadioButton("Cumulative", &mode, 1);
      const bool fit = ImGui::Button("Fit") || (mode == 1) != cumulative_;
      cumulative_ = mode == 1;
      if (fit)
        for (PlotState& state : plotStates_) state.autoFit = true;
      plots_ = experimentPlots(resultConfig_, result_, cumulative_, plotData_);
      titledPlots_ = plots_;
      // The run's description above the plots, wrapped, rather than as their titles: a plot short of height drops
      // its title, and at 200 % the left plot dropped its three lines while the right kept its one, so their data
      // no longer lined up. The PNG and the SVG keep the titles.
      ImGui::SameLine(0, ImGui::GetFontSize());
      textWrapped("%s", plots_.front().title.c_str());
      for (Plot& plot : plots_) plot.title.clear();
      const ImVec2 available = ImGui::GetContentRegionAvail();
      // The plot leaves the worst cases room for their heading and about four rows (at 200 % its fixed 62 % left
      // two: layout review s32), and takes up to 62 % of the pane when there is more.
      const float worstWants = ImGui::GetTextLineHeightWithSpacing() * 14.0f;
      const float exportHeight = exportRowHeight(exportRow_, available.x);
      const float plotHeight =
          std::clamp(available.y - worstWants - exportHeight, available.y * 0.4f - exportHeight, available.y * 0.62f - exportHeight);
      // SAT's axes tested beside the iterations, each on its own x axis, zoomed and panned on its own.
      const ImVec2 origin = ImGui::GetCursorScreenPos();
      const float gap = ImGui::GetStyle().ItemSpacing.x;
      plotFrames_ = sideBySide({origin.x, origin.y, available.x, plotHeight}, plots_.size(), gap);
      for (std::size_t i = 0; i < plots_.size() && i < plotStates_.size(); ++i) {
        if (i > 0) ImGui::SameLine(0, gap);
        ImGui::PushID(int(i));
        plotWidget("##experiment plot", plots_[i], plotStates_[i], {plotFrames_[i].width, plotFrames_[i].height});
        ImGui::PopID();
      }
      // Export as the Plots window does, one exporter: the histogram's CSV (the CLI's --csv), the plots as shown (each
      // over its zoom) with the run's description as their title.
      std::vector<RangedPlot> shown;
      for (std::size_t i = 0; i < titledPlots_.size() && i < plotStates_.size(); ++i) shown.push_back({&titledPlots_[i], plotStates_[i].range});
      drawExportRow(exportRow_, {[this] { return experimentCsv(result_); }, shown, 1200, 700});
      drawWorstCases();
    }
  }
  ImGui::End();
}

// Before the first run the pane says what Run will do with the panel's settings, centred where the plot will be:
// two dim lines in its corner read as an empty lab.
void ExperimentLab::drawNoResultYet() {
  std::string heading = "No run yet";
  std::string body;
  if (running_) {
    heading = "Running";
    body = "Trial " + std::to_string(done_.load(std::memory_order_relaxed)) + " of " +
           std::to_string(resultConfig_.trials) + ". The results appear here when the run ends; Cancel in the side "
           "panel stops it and keeps what it has.";
  } else {
    std::string algorithms;
    for (std::size_t i = 0; i < config_.algorithms.size(); ++i) {
      if (i > 0) algorithms += i + 1 == config_.algorithms.size() ? " and " : ", ";
      algorithms += collide::algorithmName(config_.algorithms[i]);
    }
    // "2D: n-gons" as words: "n-gons (2D, 8 vertices)".
    const std::string name = kFamilyNames[static_cast<int>(config_.family)];
    std::string family = name.substr(name.find(": ") + 2) + " (" + name.substr(0, name.find(':'));
    if (config_.family == collide::PairFamily::Ngon) family += ", " + counted(config_.pointCount, "vertex", "vertices");
    if (config_.family == collide::PairFamily::Hull) family += ", " + counted(config_.pointCount, "point", "points");
    family += ")";
    body = "Press Run in the side panel: " + (algorithms.empty() ? std::string("no algorithm is ticked") : algorithms) +
           " on " + counted(static_cast<long long>(config_.trials), "random pair", "random pairs") + " of " + family +
           ". The settings above Run choose the pairs and the algorithms.\n\nThe histogram of iteration counts and "
           "the worst cases appear here, each worst case with a button that opens its pair in the narrow-phase lab.";
  }
  const ImVec2 available = ImGui::GetContentRegionAvail();
  const float width = std::min(available.x, ImGui::GetFontSize() * 30.0f);
  const std::string lines = wrappedLines(body, width);
  const float height = ImGui::GetTextLineHeightWithSpacing() * 2.0f + ImGui::CalcTextSize(lines.c_str()).y;
  const ImVec2 start = ImGui::GetCursorPos();
  const float left = start.x + std::max(0.0f, (available.x - width) * 0.5f);
  ImGui::SetCursorPos(ImVec2(left, start.y + std::max(0.0f, (available.y - height) * 0.4f)));
  ImGui::TextUnformatted(heading.c_str());
  ImGui::Spacing();
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::SetCursorPosX(left);
  ImGui::TextUnformatted(lines.c_str());  // every line of a multi-line text starts at the cursor's x
  ImGui::PopStyleColor();
}

void ExperimentLab::drawWorstCases() {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  textWrapped("WORST CASES: the most iterations, and disagreements with the reference (SAT, or double); Open steps "
              "through the pair in the narrow-phase lab");  // wrapped: cut at "the referen" at 200 %
  ImGui::PopStyleColor();
  // One algorithm's list at a time, or all: sorted together, SAT's hundreds of axes on hulls filled the list and hid
  // GJK's and EPA's worst pairs (newcomer review s31, C2). Each keeps its own worstCaseCount.
  ImGui::AlignTextToFramePadding();
  ImGui::TextDisabled("list");
  ImGui::SameLine();
  const auto remember = [this](const std::string& name) {
    const ImVec2 min = ImGui::GetItemRectMin();
    const ImVec2 max = ImGui::GetItemRectMax();
    worstOfButtons_[name] = ScreenRect{min.x, min.y, max.x - min.x, max.y - min.y};
  };
  worstOfButtons_.clear();
  if (ImGui::RadioButton("all##worst of", !worstOf_)) worstOf_.reset();
  remember("all");
  for (const collide::AlgorithmStats& stats : result_.algorithms) {
    if (stats.queries == 0) continue;  // it took no pair: no worst case to list
    const std::string name(collide::algorithmName(stats.algorithm));
    ImGui::SameLine();
    if (ImGui::RadioButton((name + "##worst of").c_str(), worstOf_ == stats.algorithm)) worstOf_ = stats.algorithm;
    remember(name);
  }
  ImGui::SameLine(0, ImGui::GetFontSize() * 1.5f);
  ImGui::Checkbox("disagreements only", &disagreementsOnly_);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Only the queries that disagree with the reference: a hit or apart it does not share (SAT lite "
                      "fooled by an edge-edge gap) first, then a distance or depth off by more than 1e-3");
  {
    const ImVec2 min = ImGui::GetItemRectMin();
    const ImVec2 max = ImGui::GetItemRectMax();
    disagreementsBox_ = ScreenRect{min.x, min.y, max.x - min.x, max.y - min.y};
  }
  const std::vector<collide::WorstCase> listed = shownWorstCases(result_, worstFilter());
  if (!worstOf_) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    for (const std::string& words : worstTieWords(result_)) textWrapped("%s", words.c_str());
    ImGui::PopStyleColor();
  }
  if (listed.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    textWrapped("%s", disagreementsOnly_ ? "No disagreement to list: every query agreed with the reference."
                                         : "No worst case to list.");
    ImGui::PopStyleColor();
    return;
  }
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingStretchProp |
                                ImGuiTableFlags_BordersInnerV;
  if (!ImGui::BeginTable("##worst cases", 6, flags, ImGui::GetContentRegionAvail())) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  // The numbers and the button as wide as they are, the answers sharing the rest and wrapped: stretched in proportion,
  // at 150 % the button read "Open in narrow-phase la" and the answers ran under the next column (review s31).
  for (const char* heading : {"trial", "algorithm", "iterations"}) ImGui::TableSetupColumn(heading, ImGuiTableColumnFlags_WidthFixed);
  for (const char* heading : {"answer", "reference"}) ImGui::TableSetupColumn(heading, ImGuiTableColumnFlags_WidthStretch);
  ImGui::TableSetupColumn("step it", ImGuiTableColumnFlags_WidthFixed);
  ImGui::TableHeadersRow();
  bool first = true;
  for (std::size_t i = 0; i < listed.size(); ++i) {
    const collide::WorstCase& item = listed[i];
    ImGui::PushID(int(i));
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::Text("%llu", static_cast<unsigned long long>(item.trial));
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(std::string(collide::algorithmName(item.algorithm)).c_str());
    ImGui::TableNextColumn();
    ImGui::Text("%d%s", item.iterations, item.capHit ? " (cap)" : "");
    ImGui::TableNextColumn();
    if (item.disagrees) ImGui::PushStyleColor(ImGuiCol_Text, toImVec4(palette::kErrorText));
    textWrapped("%s", collide::answerWords(item).c_str());
    ImGui::TableNextColumn();
    textWrapped("%s", collide::referenceWords(item).c_str());
    if (item.disagrees) ImGui::PopStyleColor();
    ImGui::TableNextColumn();
    // "Open", the column's heading saying where: "Open in narrow-phase lab" took a third of the table at 200 %.
    if (ImGui::SmallButton("Open")) openInNarrowPhaseLab(item);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Open this pair in the narrow-phase lab, to step through it");
    if (first) {
      first = false;
      const ImVec2 min = ImGui::GetItemRectMin();
      const ImVec2 max = ImGui::GetItemRectMax();
      firstOpenButton_ = {min.x, min.y, max.x - min.x, max.y - min.y};
    }
    ImGui::PopID();
  }
  ImGui::EndTable();
}

// [SECTION] Settings, state, registration

void ExperimentLab::loadSettings(const Json& settings) {
  std::string family = collide::familyName(config_.family, config_.pointCount);
  readSetting(settings, "family", family);
  if (std::string error; !collide::parseFamily(family, config_, error)) config_.family = collide::PairFamily::Ngon;
  // A count must be a whole number >= 0 in the file: nlohmann's get_to turned a hand-edited seed of -1.5 into
  // 18446744073709551615 (seen once Copy as command showed it in the dump).
  const auto readCount = [&](const char* key, std::uint64_t& value) {
    if (settings.is_object() && settings.contains(key) && settings[key].is_number_unsigned()) readSetting(settings, key, value);
  };
  readCount("trials", config_.trials);
  readCount("seed", config_.seed);
  readSetting(settings, "gap_min", config_.gapMin);
  readSetting(settings, "gap_max", config_.gapMax);
  readSetting(settings, "size_ratio", config_.sizeRatio);
  readSetting(settings, "offset", config_.offset);
  readSetting(settings, "warm_start", config_.warmStart);
  readSetting(settings, "max_iterations", config_.maxIterations);
  std::string precision(collide::precisionName(config_.precision));
  readSetting(settings, "scalar", precision);
  config_.precision = precision == "float" ? collide::Precision::Float : collide::Precision::Double;
  std::vector<std::string> algorithms;
  readSetting(settings, "algorithms", algorithms);
  if (!algorithms.empty()) {
    config_.algorithms.clear();
    for (const std::string& name : algorithms)
      if (const auto algorithm = collide::parseAlgorithm(name); algorithm && collide::isIterative(*algorithm))
        config_.algorithms.push_back(*algorithm);
  }
  if (!collide::validateExperiment(config_).empty()) config_ = {};
}

Json ExperimentLab::saveSettings() const {
  std::vector<std::string> algorithms;
  for (const collide::Algorithm algorithm : config_.algorithms) algorithms.emplace_back(collide::algorithmName(algorithm));
  return {{"family", collide::familyName(config_.family, config_.pointCount)},
          {"trials", config_.trials},
          {"seed", config_.seed},
          {"gap_min", config_.gapMin},
          {"gap_max", config_.gapMax},
          {"size_ratio", config_.sizeRatio},
          {"offset", config_.offset},
          {"warm_start", config_.warmStart},
          {"max_iterations", config_.maxIterations},
          {"scalar", std::string(collide::precisionName(config_.precision))},
          {"algorithms", algorithms}};
}

void ExperimentLab::dumpState(Json& out) const {
  Json algorithms = Json::array();
  for (const collide::AlgorithmStats& stats : result_.algorithms)
    algorithms.push_back({{"algorithm", std::string(collide::algorithmName(stats.algorithm))},
                          {"mean", stats.meanIterations()},
                          {"max", stats.maxIterationsSeen},
                          {"disagreements", stats.disagreements},
                          {"cap_hits", stats.capHits},
                          {"queries", stats.queries},
                          {"runs", stats.runs},
                          {"skipped", collide::skippedWords(stats, result_.trialsRun)}});
  Json chosen = Json::array();
  for (const collide::Algorithm algorithm : config_.algorithms) chosen.push_back(std::string(collide::algorithmName(algorithm)));
  Json boxes = Json::object();
  for (const auto& [name, rect] : algorithmBoxes_) boxes[name] = {rect.x, rect.y, rect.width, rect.height};
  Json worstOfBoxes = Json::object();
  for (const auto& [name, rect] : worstOfButtons_) worstOfBoxes[name] = {rect.x, rect.y, rect.width, rect.height};
  // The algorithms of the rows the list shows, in order, so a test sees what the filter left.
  Json shownWorstAlgorithms = Json::array();
  Json shownWorstDisagree = Json::array();
  for (const collide::WorstCase& item : shownWorstCases(result_, worstFilter())) {
    shownWorstAlgorithms.push_back(std::string(collide::algorithmName(item.algorithm)));
    shownWorstDisagree.push_back(item.disagrees);
  }
  Json plots = Json::array();
  for (std::size_t i = 0; i < plots_.size(); ++i) {
    Json series = Json::array();
    for (const PlotSeries& one : plots_[i].series) series.push_back(one.name);
    const ScreenRect frame = i < plotFrames_.size() ? plotFrames_[i] : ScreenRect{0, 0, 0, 0};
    plots.push_back({{"x_label", plots_[i].x.label},
                     {"series", series},
                     {"x_max", plotStates_[std::min<std::size_t>(i, 1)].range.xMax},
                     {"frame", {frame.x, frame.y, frame.width, frame.height}}});
  }
  const ScreenRect& box = disagreementsBox_;
  const ScreenRect& open = firstOpenButton_;
  const ScreenRect& run = runButton_;
  out["experiment"] = {{"running", running_},
                       {"trials_run", result_.trialsRun},
                       {"algorithms", algorithms},
                       {"worst_cases", result_.worstCases.size()},
                       {"worst_of", worstOf_ ? std::string(collide::algorithmName(*worstOf_)) : std::string("all")},
                       {"worst_shown", shownWorstAlgorithms},
                       {"worst_shown_disagree", shownWorstDisagree},
                       {"disagreements_only", disagreementsOnly_},
                       {"disagreements_only_box", {box.x, box.y, box.width, box.height}},
                       {"gap", hasResult_ ? collide::gapWords(resultConfig_, result_) : std::string()},
                       {"plots", plots},
                       {"worst_ties", worstTieWords(result_)},
                       {"export_message", exportRow_.message},
                       {"command", experimentCommand(hasResult_ ? resultConfig_ : config_)},
                       {"worst_of_buttons", worstOfBoxes},
                       {"chosen_algorithms", chosen},
                       {"algorithm_checkboxes", boxes},
                       {"run_button", {run.x, run.y, run.width, run.height}},
                       {"first_open_button", {open.x, open.y, open.width, open.height}}};
}

const bool registered = registerLab("Experiments", "Experiments", &ExperimentLab::create);

}  // namespace

}  // namespace lab
