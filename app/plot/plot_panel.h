// app/plot/plot_panel.h: the "Plots" window of the shell (View > Plots): the live recording of every frame's
// numbers (Lab::frameMetrics) as lines over time or as histograms, with record / pause / clear, and export of the
// recording as CSV and of the plot as PNG and SVG.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "lab/vocabulary.h"
#include "plot/plot.h"
#include "plot/recording.h"

namespace lab {

class PlotPanel {
 public:
  // Once a frame, after the lab's update: calls frameMetrics (the lab's Lab::frameMetrics) and appends what it
  // reports to the recording while recording is on. `update` is the lab's Lab::metricsUpdate: when given, a frame
  // is recorded only when it differs from the last recorded one (a paused simulation adds nothing).
  void collect(double frameSeconds, const std::function<void(std::vector<FrameMetric>&)>& frameMetrics,
               std::optional<std::uint64_t> update = std::nullopt);
  // The x axis's name over time: what one recorded frame is (a UI frame, or one of the lab's updates).
  [[nodiscard]] std::string frameAxisLabel() const;
  // The window; `open` is the View menu's flag (the window's close button clears it).
  void draw(bool* open);

  [[nodiscard]] const Recording& recording() const { return recording_; }
  [[nodiscard]] bool recordingOn() const { return recordingOn_; }
  // The plot of the recording as the window shows it (draw builds it each frame; public for tests): each series
  // named by its label, a 0/1 series (unit "bool") a strip under the lines, the y axis named by the units shown;
  // over time, with two units or more shown, the last unit's series on a right axis named by it.
  void buildPlot();
  [[nodiscard]] const Plot& plot() const { return plot_; }
  // Lines over time, or histograms (the window's radio buttons; public for tests, as buildPlot). A histogram shows
  // one unit's series, binned on an x axis of that unit (a time of impact, "t", over [0, 1] whole): with two units
  // or more shown, the window picks which, and setHistogramUnit does ("t", "iterations"; the first shown unit when
  // the picked one is not shown).
  enum class Mode { Lines, Histogram };
  void setMode(Mode mode) { mode_ = mode; }
  void setHistogramUnit(const std::string& unit);

 private:
  // The units of the series shown (flags aside), as the window writes them, in the recording's order.
  [[nodiscard]] std::vector<std::string> shownUnits() const;
  [[nodiscard]] std::string histogramUnit() const;  // the unit the histogram shows; empty when none is shown
  void exportFiles(const std::string& extension);

  Recording recording_;
  bool recordingOn_ = true;
  double clock_ = 0;
  double collectMicroseconds_ = 0;  // smoothed cost of collect, shown in the window
  std::vector<FrameMetric> metrics_;
  std::optional<std::uint64_t> lastUpdate_;  // the lab's update recorded last (nullopt: records every UI frame)

  Mode mode_ = Mode::Lines;
  bool timeAxis_ = false;        // x: seconds instead of frame numbers
  std::vector<char> shown_;      // per recorded series
  PlotState lineState_;
  PlotState histogramState_;
  std::string histogramUnit_;  // as the window writes it (displayUnit); see setHistogramUnit
  Plot plot_;
  std::vector<std::vector<double>> histograms_;  // the bars plot_ points into
  std::string exportStem_ = "recording";
  std::string message_;
};

}  // namespace lab
