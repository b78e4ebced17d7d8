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
#include "plot/plot_export.h"
#include "plot/recording.h"

namespace lab {

class PlotPanel {
 public:
  // Once a frame, after the lab's update: calls frameMetrics (the lab's Lab::frameMetrics) and appends what it
  // reports to the recording while recording is on. With "skip idle frames" on (the default), a frame where nothing
  // changed is counted, not recorded (1,600 idle frames before a drag squeezed the drag into the plot's last 5 %;
  // review s32 C4): `update` is the lab's Lab::metricsUpdate, and when given a frame is idle when it is the update
  // recorded last (a paused simulation); without it a frame is idle when its results (every number but measured
  // times, which differ each frame) and its `inputs` (a text that changes when the lab's inputs do, e.g. the shell's
  // edit revision; none: results only) are those of the frame recorded last. Off, every UI frame is recorded.
  void collect(double frameSeconds, const std::function<void(std::vector<FrameMetric>&)>& frameMetrics,
               std::optional<std::uint64_t> update = std::nullopt, const std::function<std::string()>& inputs = {});
  // What the frames are recorded in, "Narrow phase, scene 03_deep_overlap, GJK + EPA": set before collect each
  // frame. When it changes the recording goes on in a new part (Recording::beginPart), marked on the plot where it
  // starts ("Continuous collision, ... from here") and named in the exports' titles and the CSV's header.
  void setContext(std::string context);
  // A break on the x axis marks idle time left out for longer than this (seconds of the clock): a pause a reader
  // notices. The moves of one drag come 60 to 125 times a second, so a hand still dragging never leaves half a
  // second; a frame without a move inside a drag is idle too, and is no break.
  static constexpr double kIdleGapSeconds = 0.5;
  [[nodiscard]] bool skipIdle() const { return skipIdle_; }
  void setSkipIdle(bool skip) { skipIdle_ = skip; }
  // The window's Clear: an empty recording, which the next frame starts.
  void clearRecording();
  // The x axis's name over time: what one recorded frame is (a UI frame, a frame where something changed, or one of
  // the lab's updates).
  [[nodiscard]] std::string frameAxisLabel() const;
  // For --dump-state: frames recorded, idle frames skipped, the series' CSV names, the x axis's name, and where the
  // last draw put the window and the plot's data rectangle (pixels).
  [[nodiscard]] Json stateJson() const;
  // The window; `open` is the View menu's flag (the window's close button clears it).
  void draw(bool* open);
  // Sizes the window at the next draw as a drag of its corner would (within minimumSize).
  void requestWindowSize(Vec2d size) { requestedSize_ = size; }

  [[nodiscard]] const Recording& recording() const { return recording_; }
  [[nodiscard]] bool recordingOn() const { return recordingOn_; }
  // The plot of the recording as the window shows it (draw builds it each frame; public for tests): each series
  // named by its label, a 0/1 series (unit "bool") a strip under the lines, the y axis named by the units shown;
  // over time, with two units or more shown, the last unit's series on a right axis named by it. Over recorded
  // frames, where idle frames were left out the x axis has a break (Plot::xBreaks).
  void buildPlot();
  [[nodiscard]] const Plot& plot() const { return plot_; }
  // Lines over time, or histograms (the window's radio buttons; public for tests, as buildPlot). A histogram shows
  // one unit's series, binned on an x axis of that unit (a time of impact, "t", over [0, 1] whole): with two units
  // or more shown, the window picks which, and setHistogramUnit does ("t", "iterations"; the first shown unit when
  // the picked one is not shown).
  enum class Mode { Lines, Histogram };
  void setMode(Mode mode) { mode_ = mode; }
  void setHistogramUnit(const std::string& unit);
  // Writes the recording (csv) or the plot (png, svg) to the export stem plus the extension, or "stem-2", ... when
  // that file exists (nothing already there is overwritten); the whole path written, or empty on an error. The
  // window's Export buttons; the message beside them names the path.
  std::string exportFiles(const std::string& extension);
  void setExportStem(std::string stem) { exportRow_.stem = std::move(stem); }
  [[nodiscard]] const std::string& exportMessage() const { return exportRow_.message; }
  [[nodiscard]] bool exportFailed() const { return exportRow_.failed; }
  // The window's status, longest first: the window shows the longest its row holds ("recording 60 frames, 1612 idle
  // frames skipped (keeps 120000) | ...", "recording 60 frames, 1612 idle frames skipped", "60 frames, 1612 idle").
  [[nodiscard]] std::vector<std::string> statusLines() const;
  // The least size the window may be made (pixels), at a UI font of `fontSize` pixels and ImGui's style paddings:
  // room for its rows of controls and a plot that keeps its data, tick labels and axis titles apart.
  [[nodiscard]] static Vec2d minimumSize(double fontSize, double framePaddingY, double itemSpacingY, double windowPaddingY);

 private:
  // The units of the series shown (flags aside), as the window writes them, in the recording's order.
  [[nodiscard]] std::vector<std::string> shownUnits() const;
  [[nodiscard]] std::string histogramUnit() const;  // the unit the histogram shows; empty when none is shown
  // ": <first part>; then <second>..." for the plot's title (nothing before the first frame).
  [[nodiscard]] std::string partsTitle() const;
  // What an export writes: the recording as CSV, `shown` (this plot over its range) as PNG or SVG.
  [[nodiscard]] ExportContent exportContent(const RangedPlot& shown) const;

  Recording recording_;
  bool recordingOn_ = true;
  double clock_ = 0;
  double collectMicroseconds_ = 0;  // smoothed cost of collect, shown in the window
  std::vector<FrameMetric> metrics_;
  std::optional<std::uint64_t> lastUpdate_;  // the lab's update recorded last (nullopt: records every UI frame)
  bool skipIdle_ = true;
  bool hasUpdates_ = false;                  // the lab reports updates (Lab::metricsUpdate)
  bool haveLast_ = false;                    // lastMetrics_ and lastInputs_ hold the frame recorded last
  std::vector<FrameMetric> lastMetrics_;
  std::string lastInputs_;
  std::string context_;                      // setContext's
  std::string recordedContext_ = "\x01 none";  // the context of the recording's newest part

  Mode mode_ = Mode::Lines;
  bool timeAxis_ = false;        // x: seconds instead of frame numbers
  std::vector<char> shown_;      // per recorded series
  PlotState lineState_;
  PlotState histogramState_;
  std::string histogramUnit_;  // as the window writes it (displayUnit); see setHistogramUnit
  Plot plot_;
  std::optional<Vec2d> requestedSize_;
  ScreenRect windowRect_{};  // where draw put the window and the plot's data (stateJson)
  ScreenRect plotData_{};
  ScreenRect fitButton_{};
  std::vector<std::vector<double>> histograms_;  // the bars plot_ points into
  std::vector<double> idleCuts_;                 // the x breaks plot_ points into
  ExportRow exportRow_{"recording"};
};

}  // namespace lab
