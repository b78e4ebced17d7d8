// app/plot/plot.h: one plot model, drawn by two back ends. A Plot describes what to show (series of lines or
// histogram bars, axes with units, a title); drawPlot lays it out (ticks, labels, legend, decimated lines) and
// draws through a PlotCanvas. ImDrawList is one canvas (the plot panel, the experiment lab, and PNG export via
// plot_png.h); plot_svg.h is the other, so a PNG and an SVG of the same plot show the same thing.
//
// Lines with more points than the plot has pixel columns are decimated for drawing (the min and max of each
// column), so 100,000 points per series draw in a fraction of a millisecond; the data itself is untouched.
//
// [SECTION] Plot model
// [SECTION] Canvas and drawing
// [SECTION] Interactive widget (ImGui)
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "render/camera.h"
#include "lab/vocabulary.h"
#include "render/color.h"

struct ImDrawList;

namespace lab {

// [SECTION] Plot model

struct PlotSeries {
  std::string name;
  std::string unit;             // of y: "iterations", "us", "%"
  Color color;
  std::span<const double> y;    // the caller keeps the data alive while the plot is drawn
  std::span<const double> x;    // ascending; empty: x[i] = xStart + i * xStep
  double xStart = 0;
  double xStep = 1;
  bool bars = false;            // histogram: one bar per x, side by side with the other bar series
  bool steps = false;           // a step function: each y holds until the next x (counts of whole numbers)
  // A 0/1 series (a verdict such as "hit"): drawn in a strip of its own under the data, filled where 1, its name at
  // the strip's left; not on the y axis (a 1 among iteration counts reads as a count) and not in the legend.
  bool flag = false;
  // On the second y axis, at the plot's right (Plot::y2): a quantity in another unit, which on the first would be a
  // flat line (a time of impact in [0, 1] among iteration counts of 10 to 40).
  bool rightAxis = false;
  // The last value holds for one x step past its x, as a step series' does: a recording's newest frame holds until
  // the next (a recording of one frame is a line, not a dot at the plot's left edge).
  bool holdsLast = false;
  // Drawn dashed, so where it runs on another line (the same count in two series) the one under it shows through
  // the gaps (markCoincidentLines).
  bool dashed = false;
};

// A labelled place on the x axis: a dashed line across the data with its label at the top ("Continuous collision
// from here": the Plots window's recording went on in another lab).
struct PlotMarker {
  double x = 0;
  std::string label;
};

struct PlotAxis {
  std::string label;
  std::string unit;
  bool integers = false;  // ticks on whole numbers only (iteration counts, frame numbers)
};

struct Plot {
  std::string title;
  PlotAxis x;
  PlotAxis y;
  PlotAxis y2;  // the right axis, drawn when a series is on it (rightAxis)
  std::vector<PlotSeries> series;
  bool yFromZero = true;  // auto-fit keeps y = 0 in view (counts, iterations, times)
  // The right axis's values lie in [0, 1] (a time over the motion): auto-fit shows [0, 1] whole, so a time of 0.46
  // sits half way up rather than at the top beside the left axis's largest count.
  bool y2UnitInterval = false;
  // Where the x axis leaves something out (the Plots window's idle frames, skipped): x values, each drawn as a break
  // mark across the x axis, so a reader sees the time that is not there. The caller keeps them alive, as the data.
  std::span<const double> xBreaks;
  std::vector<PlotMarker> xMarkers;
};

// The data rectangle in data coordinates.
struct PlotRange {
  double xMin = 0;
  double xMax = 1;
  double yMin = 0;
  double yMax = 1;
  double y2Min = 0;  // the right axis's (Plot::y2)
  double y2Max = 1;
};

// Whether a series is on the right axis (Plot::y2 is drawn).
[[nodiscard]] bool hasRightAxis(const Plot& plot);
// Everything in view, with a margin; a series with no data is ignored. Each y axis is fitted to its own series.
[[nodiscard]] PlotRange fitRange(const Plot& plot);

[[nodiscard]] double seriesX(const PlotSeries& series, std::size_t index);
// Dashes each line series that runs on an earlier one (the same value at the same x, on the same axis, in at least
// one frame) and says so in its name: drawn over it, the earlier line shows through the gaps (the export's GJK count
// of 3 vanished under EPA's; newcomer review s35, A16). Returns how many were dashed.
std::size_t markCoincidentLines(Plot& plot);
// Index of the point nearest to x (series.y must not be empty).
[[nodiscard]] std::size_t nearestIndex(const PlotSeries& series, double x);

// [SECTION] Canvas and drawing

// What a back end draws with, in pixels (y down).
class PlotCanvas {
 public:
  virtual ~PlotCanvas() = default;
  virtual void polyline(std::span<const Vec2d> points, Color color, float width) = 0;
  virtual void rect(Vec2d min, Vec2d max, Color fill) = 0;
  virtual void rectOutline(Vec2d min, Vec2d max, Color color, float width) = 0;
  virtual void text(Vec2d topLeft, std::string_view text, Color color) = 0;
  [[nodiscard]] virtual Vec2d textSize(std::string_view text) const = 0;
  // Data drawn between pushClip and popClip stays inside the data rectangle.
  virtual void pushClip(Vec2d min, Vec2d max) = 0;
  virtual void popClip() = 0;
};

// Where drawPlot put the data rectangle, so the widget can map the mouse, and each legend entry (the series it names,
// an index into Plot::series, and its rectangle), so hovering one can highlight its series.
struct PlotLayout {
  ScreenRect data;
  std::vector<std::pair<std::size_t, ScreenRect>> legend;
};

// Draws the whole plot in `frame` (pixels). `hoverX`: a data x to mark with a read-out of every series there.
// `highlight`: a series (index into Plot::series) drawn over the others, wider, the others faded.
// A frame too small for everything drops, in turn, the title, the legend (under the data), the x axis's title; tick
// labels are spaced a label apart and none is drawn over another.
PlotLayout drawPlot(PlotCanvas& canvas, const Plot& plot, const PlotRange& range, const ScreenRect& frame,
                    std::optional<double> hoverX = std::nullopt, std::optional<std::size_t> highlight = std::nullopt);

// A plot and the range it is drawn over: one of the plots a picture shows side by side (the experiments' iterations
// and SAT's axes tested, each on its own x axis).
struct RangedPlot {
  const Plot* plot = nullptr;
  PlotRange range;
};
// `count` frames side by side across `frame`, equal widths, `gap` pixels apart: where a picture of several plots
// draws each, in the lab, the PNG and the SVG alike.
[[nodiscard]] std::vector<ScreenRect> sideBySide(const ScreenRect& frame, std::size_t count, double gap);
inline constexpr double kPlotGap = 16;  // pixels between plots side by side in an exported picture

// "1.5k", "0.25", "1e+06": tick labels.
[[nodiscard]] std::string formatTick(double value, double step);

// [SECTION] Interactive widget (ImGui)

// The static plot on an ImGui draw list (no interaction): what PNG export renders.
void drawPlotOnDrawList(ImDrawList* list, const Plot& plot, const PlotRange& range, const ScreenRect& frame);

// The caller keeps this between frames (immediate mode: the state lives in the caller's variables).
struct PlotState {
  PlotRange range;
  bool autoFit = true;  // refit every frame (live data) until the person zooms or pans
  std::vector<std::pair<std::size_t, ScreenRect>> legend;  // where the last frame drew its legend entries
  std::optional<std::size_t> highlighted;                  // the series whose legend entry the mouse is on
};

// Wheel: zoom x about the mouse (Shift: y; Ctrl: both). Drag: pan. Double-click: auto-fit. Hover: read-out; over a
// legend entry, its series highlighted (drawn over the others: a line hidden under another is found).
// Returns the layout; draws into the current window's draw list at the cursor, `size` in pixels.
PlotLayout plotWidget(const char* id, const Plot& plot, PlotState& state, Vec2d size);
// plotWidget's mouse, for the help (F1) of a lab whose view is a plot.
[[nodiscard]] std::vector<Shortcut> plotShortcuts();

}  // namespace lab
