// [SECTION] Recording
// [SECTION] The plot: lines over time or histograms
// [SECTION] Window
// [SECTION] Export
#include "plot/plot_panel.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cfloat>
#include <cstdio>
#include <filesystem>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "io/csv.h"
#include "plot/plot_export.h"

namespace lab {

namespace {
constexpr int kExportWidth = 1200;
constexpr int kExportHeight = 700;
constexpr int kMaxUnitBins = 200;  // integer data spanning at most this many values gets one bin per integer
constexpr int kBins = 40;

Color seriesColor(std::size_t index) {
  constexpr Color kColors[] = {palette::kShapeA, palette::kShapeB, palette::kSeparated, palette::kMinkowski,
                               palette::kHit,    palette::kAccent, rgb(0x7fd4ff),       rgb(0xff7ab8)};
  return kColors[index % std::size(kColors)];
}

bool isTimeUnit(const std::string& unit) { return unit == "us" || unit == "ms" || unit == "s" || unit == "ns"; }
// A 0/1 verdict ("hit"): a strip of its own over time, and no histogram of two bars among the counts.
bool isFlagUnit(const std::string& unit) { return unit == "bool"; }
// A unit as the window writes it: the CSV's "us" is "\u00b5s"; "t", a time over the motion [0, 1] (the continuous
// labs' time of impact), says so.
std::string displayUnit(const std::string& unit) {
  if (unit == "us") return "\u00b5s";
  if (unit == "t") return "t (time over the motion, 0 to 1)";
  return unit;
}
}  // namespace

// [SECTION] Recording

namespace {
// Two frames' results are the same: the same numbers by name, measured times aside (a query's microseconds differ
// every frame, so they would make every frame a change); NaN (no value) equals NaN.
bool sameResults(const std::vector<FrameMetric>& a, const std::vector<FrameMetric>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i].name != b[i].name) return false;
    if (isTimeUnit(a[i].unit)) continue;
    const bool bothMissing = std::isnan(a[i].value) && std::isnan(b[i].value);
    if (!bothMissing && a[i].value != b[i].value) return false;
  }
  return true;
}
}  // namespace

void PlotPanel::collect(double frameSeconds, const std::function<void(std::vector<FrameMetric>&)>& frameMetrics,
                        std::optional<std::uint64_t> update, const std::function<std::string()>& inputs) {
  clock_ += frameSeconds;
  hasUpdates_ = update.has_value();
  if (!recordingOn_) return;
  const auto start = std::chrono::steady_clock::now();
  const auto timed = [&] {
    const double microseconds = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
    collectMicroseconds_ = collectMicroseconds_ == 0 ? microseconds : 0.95 * collectMicroseconds_ + 0.05 * microseconds;
  };
  // Another lab, scene or algorithm: a new part of the recording, marked on the plot and named in the export, and its
  // first frame recorded whatever it shows.
  const bool newPart = !context_.empty() && context_ != recordedContext_;
  if (newPart) {
    recording_.beginPart(context_);
    recordedContext_ = context_;
    haveLast_ = false;
  }
  if (skipIdle_ && update && haveLast_ && lastUpdate_ == update) {  // the same numbers as the update recorded last
    recording_.skipFrame(clock_);
    return;
  }
  lastUpdate_ = update;
  metrics_.clear();
  frameMetrics(metrics_);
  if (metrics_.empty()) return timed();
  if (skipIdle_ && !update) {
    std::string now = inputs ? inputs() : std::string();
    const bool idle = haveLast_ && now == lastInputs_ && sameResults(metrics_, lastMetrics_);
    lastInputs_ = std::move(now);
    if (idle) {
      recording_.skipFrame(clock_);
      return timed();
    }
  }
  lastMetrics_ = metrics_;
  haveLast_ = true;
  recording_.addFrame(clock_, metrics_);
  timed();
}

void PlotPanel::setContext(std::string context) { context_ = std::move(context); }

void PlotPanel::clearRecording() {
  recording_.clear();
  recordedContext_ = "\x01 none";  // the next frame starts a part named by the context as it stands
  lastUpdate_.reset();  // the numbers as they stand start the new recording
  haveLast_ = false;
  lastMetrics_.clear();
  lastInputs_.clear();
  shown_.clear();
  lineState_.autoFit = histogramState_.autoFit = true;
}

Json PlotPanel::stateJson() const {
  Json series = Json::array();
  for (std::size_t i = 0; i < recording_.seriesCount(); ++i) series.push_back(recording_.seriesName(i));
  Json parts = Json::array();
  for (const Recording::Part& part : recording_.parts()) parts.push_back({{"label", part.label}, {"firstFrame", part.firstFrame}});
  Json markers = Json::array();
  for (const PlotMarker& marker : plot_.xMarkers) markers.push_back({{"x", marker.x}, {"label", marker.label}});
  Json buttons = Json::object();
  buttons["Fit"] = {fitButton_.x, fitButton_.y, fitButton_.width, fitButton_.height};
  for (const auto& [label, rect] : exportRow_.buttons) buttons[label] = {rect.x, rect.y, rect.width, rect.height};
  return {{"frames", recording_.frameCount()},
          {"idleSkipped", recording_.idleFramesSkipped()},
          {"skipIdle", skipIdle_},
          {"series", series},
          {"xAxis", frameAxisLabel()},
          {"mode", mode_ == Mode::Lines ? "lines" : "histogram"},
          {"yAxis", plot_.y.label},
          {"xBreaks", std::vector<double>(plot_.xBreaks.begin(), plot_.xBreaks.end())},
          {"title", plot_.title},
          {"parts", parts},
          {"markers", markers},
          {"buttons", buttons},
          {"exportMessage", exportRow_.message},
          {"exportFailed", exportRow_.failed},
          {"exportMessageRect", {exportRow_.messageRect.x, exportRow_.messageRect.y, exportRow_.messageRect.width, exportRow_.messageRect.height}},
          {"window", {windowRect_.x, windowRect_.y, windowRect_.width, windowRect_.height}},
          {"plotData", {plotData_.x, plotData_.y, plotData_.width, plotData_.height}}};
}

// [SECTION] The plot: lines over time or histograms

std::string PlotPanel::frameAxisLabel() const {
  if (hasUpdates_ && skipIdle_) return "update (simulation frame or edit)";
  // Recorded frames are numbered one after another, idle ones left out: the axis says so, so a drag that fills it
  // is not read as so many UI frames.
  if (skipIdle_ || recording_.idleFramesSkipped() > 0) return "recorded frame (idle frames left out)";
  return "UI frame";
}

void PlotPanel::buildPlot() {
  const std::size_t seriesCount = recording_.seriesCount();
  while (shown_.size() < seriesCount) shown_.push_back(!isTimeUnit(recording_.seriesUnit(shown_.size())));
  plot_ = {};
  histograms_.clear();
  idleCuts_.clear();
  // The value axis is named by the units it carries ("iterations", or "iterations, \u00b5s" when mixed); flags
  // have no place on it. Over time, the series of the last unit shown go on a right axis of their own when there
  // are two or more (a time of impact in [0, 1] was a flat line under counts of 10 to 40).
  const std::vector<std::string> units = shownUnits();
  const auto joined = [](const std::vector<std::string>& words, std::size_t count) {
    std::string out = count == 0 ? std::string("value") : words.front();
    for (std::size_t i = 1; i < count; ++i) out += ", " + words[i];
    return out;
  };
  const std::string unitWords = joined(units, units.size());
  const std::string rightUnit = mode_ == Mode::Lines && units.size() >= 2 ? units.back() : std::string();

  if (mode_ == Mode::Lines) {
    plot_.title = "Recorded frames" + partsTitle();
    plot_.x = timeAxis_ ? PlotAxis{"time", "s", false} : PlotAxis{frameAxisLabel(), "", true};
    plot_.y = {rightUnit.empty() ? unitWords : joined(units, units.size() - 1), "", false};
    plot_.y2 = {rightUnit, "", false};
    plot_.y2UnitInterval = rightUnit == displayUnit("t");
    for (std::size_t i = 0; i < seriesCount; ++i) {
      if (!shown_[i]) continue;
      PlotSeries series;
      series.name = recording_.seriesLabel(i);
      series.unit = displayUnit(recording_.seriesUnit(i));
      series.rightAxis = !rightUnit.empty() && series.unit == rightUnit && !isFlagUnit(recording_.seriesUnit(i));
      if (series.rightAxis) series.name += ", right axis";
      series.color = seriesColor(i);
      series.y = recording_.values(i);
      // Over frames, x counts the recorded frames one after another (idle frames left out, so the drag fills the
      // axis); in seconds, the clock's time, idle stretches and all.
      if (timeAxis_) series.x = recording_.seconds();
      else series.xStart = double(recording_.framesDropped());
      series.flag = isFlagUnit(recording_.seriesUnit(i));
      // A count holds until it changes: whole-number series are drawn as steps, not slopes between frames. Over
      // seconds every series is: a value held through the idle frames left out, and a slope across them would
      // draw a change that happened in one frame as one spread over the idle stretch.
      series.steps = recording_.seriesWhole(i) || timeAxis_;
      series.holdsLast = true;  // the newest frame's numbers hold until the next is recorded
      plot_.series.push_back(std::move(series));
    }
    // An axis of whole numbers only (iteration counts) ticks on whole numbers: 0.0, 0.2, ... 2.0 for counts of 1
    // and 2 read as measurements (review s32 A17).
    for (const bool right : {false, true}) {
      bool whole = false;
      for (std::size_t i = 0; i < seriesCount; ++i) {
        if (!shown_[i] || isFlagUnit(recording_.seriesUnit(i))) continue;
        const bool onRight = !rightUnit.empty() && displayUnit(recording_.seriesUnit(i)) == rightUnit;
        if (onRight != right) continue;
        whole = recording_.seriesWhole(i);
        if (!whole) break;
      }
      (right ? plot_.y2 : plot_.y).integers = whole && !(right && plot_.y2UnitInterval);
    }
    // Over recorded frames an idle stretch left out is invisible but for the status and the CSV's frame numbers
    // (plots report s33): a break on the x axis where the frame numbers jump, after the frame the idle ones repeated
    // (its value holds to the next x), and at the newest frame's end when idle frames came after it.
    // Only a real pause is a break: idle for more than kIdleGapSeconds of the clock. A frame without a mouse move in
    // the middle of a drag is idle too, and one break per such frame put a mark at almost every frame of a drag
    // (newcomer review s35, A6).
    if (!timeAxis_) {
      idleCuts_ = recording_.idleGaps(kIdleGapSeconds);
      plot_.xBreaks = idleCuts_;
    }
    // Where the recording went on in another lab, scene or algorithm: a labelled line ("Continuous collision from
    // here"), so one x axis does not pass off two labs' counts as one run's (A7).
    const std::vector<Recording::Part>& parts = recording_.parts();
    for (std::size_t i = 1; i < parts.size(); ++i)
      plot_.xMarkers.push_back({timeAxis_ ? parts[i].seconds : double(parts[i].firstFrame), parts[i].label + " from here"});
    markCoincidentLines(plot_);
    return;
  }

  // One unit's histogram at a time, its series over one set of bins on an x axis of that unit (iterations of 3 to
  // 40 and times of impact in [0, 1] on one axis put every t in the first bin); the window picks the unit when two
  // or more are shown. Flags are counted in words under the checkboxes.
  const std::string unit = histogramUnit();
  const auto binned = [&](std::size_t i) {
    return shown_[i] && !isFlagUnit(recording_.seriesUnit(i)) && displayUnit(recording_.seriesUnit(i)) == unit;
  };
  // A time over the motion is binned over [0, 1] whole, so where in the motion the contacts fall reads off the axis.
  const bool unitInterval = unit == displayUnit("t");
  double low = unitInterval ? 0.0 : INFINITY, high = unitInterval ? 1.0 : -INFINITY;
  bool integers = !unitInterval;
  for (std::size_t i = 0; i < seriesCount; ++i) {
    if (!binned(i)) continue;
    for (const double value : recording_.values(i)) {
      if (!std::isfinite(value)) continue;
      low = std::min(low, value);
      high = std::max(high, value);
      integers = integers && value == std::floor(value);
    }
  }
  plot_.title = "Recorded frames: distribution" + partsTitle();
  plot_.x = {unit.empty() ? unitWords : unit, "", integers};
  // With idle frames left out the bars count the frames where something changed, and say so.
  const bool idleLeftOut = skipIdle_ || recording_.idleFramesSkipped() > 0;
  plot_.y = {idleLeftOut ? "recorded frames (idle ones left out)" : "frames", "", true};
  if (!(low <= high)) return;
  const bool unitBins = integers && high - low <= kMaxUnitBins;
  const double start = low;
  const double step = unitBins ? 1.0 : std::max((high - low) / kBins, 1e-12);
  const auto binCount = std::size_t(unitBins ? high - low + 1 : kBins);
  for (std::size_t i = 0; i < seriesCount; ++i) {
    if (!binned(i)) continue;
    std::vector<double>& bins = histograms_.emplace_back(binCount, 0.0);
    for (const double value : recording_.values(i)) {
      if (!std::isfinite(value)) continue;
      const auto bin = std::size_t(std::clamp((value - start) / step + (unitBins ? 0.5 : 0.0), 0.0, double(binCount - 1)));
      bins[bin] += 1;
    }
  }
  std::size_t next = 0;
  for (std::size_t i = 0; i < seriesCount; ++i) {
    if (!binned(i)) continue;
    PlotSeries series;
    series.name = recording_.seriesLabel(i);
    series.unit = "frames";
    series.color = seriesColor(i);
    series.y = histograms_[next++];
    series.xStart = unitBins ? start : start + 0.5 * step;
    series.xStep = step;
    series.bars = true;
    plot_.series.push_back(std::move(series));
  }
}

std::string PlotPanel::partsTitle() const {
  const std::vector<Recording::Part>& parts = recording_.parts();
  if (parts.empty()) return {};
  std::string title = ": " + parts.front().label;
  for (std::size_t i = 1; i < parts.size() && i < 3; ++i) title += "; then " + parts[i].label;
  if (parts.size() > 3) title += "; then " + std::to_string(parts.size() - 3) + " more (marked)";
  return title;
}

std::vector<std::string> PlotPanel::shownUnits() const {
  std::vector<std::string> units;
  for (std::size_t i = 0; i < recording_.seriesCount() && i < shown_.size(); ++i) {
    const std::string unit = displayUnit(recording_.seriesUnit(i));
    if (shown_[i] && !isFlagUnit(recording_.seriesUnit(i)) && std::find(units.begin(), units.end(), unit) == units.end())
      units.push_back(unit);
  }
  return units;
}

void PlotPanel::setHistogramUnit(const std::string& unit) { histogramUnit_ = displayUnit(unit); }

std::string PlotPanel::histogramUnit() const {
  const std::vector<std::string> units = shownUnits();
  if (units.empty()) return {};
  const auto picked = std::find(units.begin(), units.end(), histogramUnit_);
  return picked != units.end() ? *picked : units.front();
}

// [SECTION] Window

void PlotPanel::draw(bool* open) {
  // Half the screen, but never fewer than about 48 x 30 lines of text: at 200 % the half left the plot a strip
  // 10 px high under its controls (review s32 A4). Kept on the screen. A window made small stops at what its rows
  // and a readable plot need at the current UI scale (minimumSize); the plot drops its title and legend before that.
  const ImGuiViewport* screen = ImGui::GetMainViewport();
  const float em = ImGui::GetFontSize();
  const ImGuiStyle& style = ImGui::GetStyle();
  const ImVec2 size(std::min(std::max(screen->WorkSize.x * 0.5f, 48 * em), screen->WorkSize.x * 0.95f),
                    std::min(std::max(screen->WorkSize.y * 0.45f, 30 * em), screen->WorkSize.y * 0.9f));
  ImGui::SetNextWindowSize(size, ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowPos(ImVec2(screen->WorkPos.x + std::min(screen->WorkSize.x * 0.45f, screen->WorkSize.x - size.x),
                                 screen->WorkPos.y + std::min(screen->WorkSize.y * 0.5f, screen->WorkSize.y - size.y)),
                          ImGuiCond_FirstUseEver);
  if (requestedSize_) ImGui::SetNextWindowSize(ImVec2(float(requestedSize_->x), float(requestedSize_->y)), ImGuiCond_Always);
  requestedSize_.reset();
  const Vec2d least = minimumSize(em, style.FramePadding.y, style.ItemSpacing.y, style.WindowPadding.y);
  ImGui::SetNextWindowSizeConstraints(ImVec2(std::min(float(least.x), screen->WorkSize.x), std::min(float(least.y), screen->WorkSize.y)),
                                      ImVec2(FLT_MAX, FLT_MAX));
  if (!ImGui::Begin("Plots", open, ImGuiWindowFlags_NoScrollWithMouse | ImGuiWindowFlags_NoScrollbar)) {
    ImGui::End();
    return;
  }
  // Each control on the row while it fits the window, else on the next (the UI scales, and the window can be small).
  const float rightEdge = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  const auto fitsBeside = [&](float width) { return ImGui::GetItemRectMax().x + style.ItemSpacing.x + width <= rightEdge; };
  const auto sameLineIfFits = [&](float width) {
    if (fitsBeside(width)) ImGui::SameLine();
  };
  const auto boxWidth = [&](const char* label) {
    return ImGui::GetFrameHeight() + style.ItemInnerSpacing.x + ImGui::CalcTextSize(label, nullptr, true).x;
  };
  const auto buttonWidth = [&](const char* label) { return ImGui::CalcTextSize(label, nullptr, true).x + 2 * style.FramePadding.x; };

  // As wide as the wider of its two words, so that Clear beside it stays put when it flips (a click aimed at Clear
  // after pausing landed on Record's edge; review s32 A17).
  const float toggleWidth = std::max(ImGui::CalcTextSize("Pause").x, ImGui::CalcTextSize("Record").x) + 2 * style.FramePadding.x;
  if (ImGui::Button(recordingOn_ ? "Pause" : "Record", ImVec2(toggleWidth, 0))) recordingOn_ = !recordingOn_;
  ImGui::SameLine();
  if (ImGui::Button("Clear")) clearRecording();
  // The status beside the buttons, else under them; shortened to what the row holds (it was cut at 150 and 200 %),
  // the whole of it in the tooltip.
  const std::vector<std::string> statuses = statusLines();
  const auto longestWithin = [&](float width) -> std::optional<std::size_t> {
    for (std::size_t i = 0; i < statuses.size(); ++i)
      if (ImGui::CalcTextSize(statuses[i].c_str()).x <= width) return i;
    return std::nullopt;
  };
  const float besideWidth = rightEdge - ImGui::GetItemRectMax().x - style.ItemSpacing.x;
  std::optional<std::size_t> pick = longestWithin(besideWidth);
  if (pick) ImGui::SameLine();
  else pick = longestWithin(rightEdge - ImGui::GetWindowPos().x - ImGui::GetCursorPosX()).value_or(statuses.size() - 1);
  ImGui::TextDisabled("%s", statuses[*pick].c_str());
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("%s%s", statuses.front().c_str(),
                      hasUpdates_ && skipIdle_
                          ? "\nThis lab's numbers change when its simulation advances or you edit the scene: one point each."
                          : "");
  }

  int mode = static_cast<int>(mode_);
  ImGui::RadioButton("Over time", &mode, 0);
  sameLineIfFits(boxWidth("Histogram"));
  ImGui::RadioButton("Histogram", &mode, 1);
  mode_ = static_cast<Mode>(mode);
  if (mode_ == Mode::Lines) {
    sameLineIfFits(boxWidth("x in seconds"));
    ImGui::Checkbox("x in seconds", &timeAxis_);
  }
  sameLineIfFits(boxWidth("Skip idle frames"));
  ImGui::Checkbox("Skip idle frames", &skipIdle_);
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("On: a frame is recorded only when the lab's scene, settings or numbers changed (a paused\n"
                      "simulation, or nothing touched, adds nothing); the skipped frames are counted in the status.\n"
                      "Off: every UI frame is recorded.");
  }
  sameLineIfFits(buttonWidth("Fit"));
  PlotState& state = mode_ == Mode::Lines ? lineState_ : histogramState_;
  if (ImGui::Button("Fit")) state.autoFit = true;
  {
    const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
    fitButton_ = {min.x, min.y, max.x - min.x, max.y - min.y};
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Or double-click the plot. Wheel: zoom x (Shift: y, Ctrl: both). Drag: pan. Hover a legend entry: its line on top.");

  buildPlot();
  for (std::size_t i = 0; i < recording_.seriesCount(); ++i) {
    const std::string label = recording_.seriesLabel(i) + "##series";
    if (i > 0) sameLineIfFits(boxWidth(label.c_str()));
    const Color color = seriesColor(i);
    ImGui::PushStyleColor(ImGuiCol_CheckMark, ImVec4(color.r, color.g, color.b, 1.0f));
    bool shown = shown_[i] != 0;
    if (ImGui::Checkbox(label.c_str(), &shown)) shown_[i] = shown;
    ImGui::PopStyleColor();
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("CSV column %s (%s)", recording_.seriesName(i).c_str(), recording_.seriesUnit(i).c_str());
  }
  // A flag in a histogram would be two bars among the counts: its share in words instead.
  for (std::size_t i = 0; mode_ == Mode::Histogram && i < recording_.seriesCount(); ++i) {
    if (!shown_[i] || !isFlagUnit(recording_.seriesUnit(i))) continue;
    std::size_t yes = 0, frames = 0;
    for (const double value : recording_.values(i)) {
      if (!std::isfinite(value)) continue;
      ++frames;
      yes += value != 0;
    }
    ImGui::TextDisabled("%s: yes in %zu of %zu %s (%.0f%%)", recording_.seriesLabel(i).c_str(), yes, frames,
                        skipIdle_ || recording_.idleFramesSkipped() > 0 ? "recorded frames" : "frames",
                        frames > 0 ? 100.0 * double(yes) / double(frames) : 0.0);
  }
  if (recording_.seriesCount() == 0) ImGui::TextDisabled("No numbers yet: this lab reports none, or recording is paused.");
  // Two units or more shown: one histogram at a time, each on an axis of its own unit.
  if (const std::vector<std::string> units = shownUnits(); mode_ == Mode::Histogram && units.size() >= 2) {
    const std::string current = histogramUnit();
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Distribution of");
    for (const std::string& unit : units) {
      sameLineIfFits(boxWidth(unit.c_str()));
      if (ImGui::RadioButton(unit.c_str(), unit == current)) histogramUnit_ = unit;
    }
    if (histogramUnit() != current) {  // another axis: built again for it (it was built above), and fitted
      histogramState_.autoFit = true;
      buildPlot();
    }
  }

  // The export row under the plot (plot_export.h, the Experiments lab's too): the name field gives way to the
  // buttons (at 200 % "Export svg" was cut off), and the message goes under them when the row has no room for it.
  const ImVec2 available = ImGui::GetContentRegionAvail();
  const float exportHeight = exportRowHeight(exportRow_, available.x);
  plotData_ = plotWidget("##recording plot", plot_, state, {available.x, std::max(available.y - exportHeight, 4 * em)}).data;
  windowRect_ = {ImGui::GetWindowPos().x, ImGui::GetWindowPos().y, ImGui::GetWindowSize().x, ImGui::GetWindowSize().y};
  const RangedPlot shown{&plot_, state.range};
  drawExportRow(exportRow_, exportContent(shown));
  ImGui::End();
}

std::vector<std::string> PlotPanel::statusLines() const {
  const std::size_t frames = recording_.frameCount();
  const std::uint64_t idle = recording_.idleFramesSkipped();
  const char* what = hasUpdates_ && skipIdle_ ? (frames == 1 ? "update" : "updates") : (frames == 1 ? "frame" : "frames");
  const char* state = recordingOn_ ? "recording" : "paused";
  char idleWords[64] = "";
  char idleShort[64] = "";
  if (skipIdle_ || idle > 0) {
    std::snprintf(idleWords, sizeof idleWords, ", %llu idle %s skipped", static_cast<unsigned long long>(idle), idle == 1 ? "frame" : "frames");
    std::snprintf(idleShort, sizeof idleShort, ", %llu idle", static_cast<unsigned long long>(idle));
  }
  char full[256], middle[160], brief[96];
  std::snprintf(full, sizeof full, "%s %zu %s%s (keeps %zu)  |  %.2f \u00b5s/frame to record", state, frames, what, idleWords,
                recording_.capacity(), collectMicroseconds_);
  std::snprintf(middle, sizeof middle, "%s %zu %s%s", state, frames, what, idleWords);
  std::snprintf(brief, sizeof brief, "%zu %s%s", frames, what, idleShort);
  return {full, middle, brief};
}

Vec2d PlotPanel::minimumSize(double fontSize, double framePaddingY, double itemSpacingY, double windowPaddingY) {
  // The rows above the plot (buttons and status, the mode row, the series, at most two of each when they wrap), the
  // plot at its least (the data's four lines or more, its axis titles and tick labels, a legend row: 13 lines) and the
  // export row, under the title bar.
  const double row = fontSize + 2 * framePaddingY + itemSpacingY;
  return {30 * fontSize, (fontSize + 2 * framePaddingY) + 2 * windowPaddingY + 5 * row + 13 * fontSize + row};
}

// [SECTION] Export

ExportContent PlotPanel::exportContent(const RangedPlot& shown) const {
  return {[this] { return recording_.toCsv(); }, {&shown, 1}, kExportWidth, kExportHeight};
}

std::string PlotPanel::exportFiles(const std::string& extension) {
  const RangedPlot shown{&plot_, (mode_ == Mode::Lines ? lineState_ : histogramState_).range};
  return lab::exportFiles(exportRow_, extension, exportContent(shown));
}

}  // namespace lab
