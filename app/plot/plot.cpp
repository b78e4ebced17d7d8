// [SECTION] Ranges and ticks
// [SECTION] Layout
// [SECTION] Series: decimated lines and bars
// [SECTION] Axes, legend, read-out: drawPlot
// [SECTION] ImDrawList canvas and the interactive widget
#include "plot/plot.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>
#include <utility>

#include <imgui.h>

#include "widgets/wrapped_text.h"

namespace lab {

namespace {
constexpr double kPadding = 8.0;
constexpr double kTickLength = 4.0;
constexpr double kXTickSpacing = 90.0;  // pixels between x ticks, about
constexpr double kYTickSpacing = 45.0;
constexpr double kFitMargin = 0.04;     // of the data's extent, on each side
constexpr Color kPlotBackground = rgb(0x15181d);
constexpr Color kGridLine = rgb(0x2a2f38);
constexpr Color kAxisLine = rgb(0x59606e);
constexpr float kLineWidth = 1.6f;

bool isFiniteNumber(double value) { return std::isfinite(value); }
}  // namespace

// [SECTION] Ranges and ticks

double seriesX(const PlotSeries& series, std::size_t index) {
  return series.x.empty() ? series.xStart + double(index) * series.xStep : series.x[index];
}

std::size_t nearestIndex(const PlotSeries& series, double x) {
  const std::size_t count = series.y.size();
  if (series.x.empty()) {
    const double position = std::round((x - series.xStart) / series.xStep);
    return std::size_t(std::clamp(position, 0.0, double(count - 1)));
  }
  const auto end = series.x.begin() + std::ptrdiff_t(std::min(count, series.x.size()));
  const auto above = std::lower_bound(series.x.begin(), end, x);
  if (above == end) return std::size_t(end - series.x.begin()) - 1;
  if (above == series.x.begin()) return 0;
  const auto below = above - 1;
  return std::size_t((x - *below <= *above - x ? below : above) - series.x.begin());
}

std::size_t markCoincidentLines(Plot& plot) {
  std::size_t dashed = 0;
  for (std::size_t j = 0; j < plot.series.size(); ++j) {
    PlotSeries& later = plot.series[j];
    if (later.flag || later.bars || later.y.empty()) continue;
    for (std::size_t i = 0; i < j && !later.dashed; ++i) {
      const PlotSeries& earlier = plot.series[i];
      if (earlier.flag || earlier.bars || earlier.rightAxis != later.rightAxis) continue;
      const bool sameX = earlier.x.empty() ? later.x.empty() && earlier.xStart == later.xStart && earlier.xStep == later.xStep
                                           : earlier.x.data() == later.x.data();
      if (!sameX) continue;
      const std::size_t count = std::min(earlier.y.size(), later.y.size());
      for (std::size_t k = 0; k < count; ++k) {
        if (isFiniteNumber(later.y[k]) && later.y[k] == earlier.y[k]) {
          later.dashed = true;
          later.name += " (dashed where it meets " + earlier.name + ")";
          ++dashed;
          break;
        }
      }
    }
  }
  return dashed;
}

namespace {
// How far a step series' last value holds past its last x: one x spacing (a count of k holds until k + 1).
double stepTail(const PlotSeries& series) {
  const std::size_t n = series.y.size();
  if (n >= 2) return seriesX(series, n - 1) - seriesX(series, n - 2);
  return series.x.empty() ? series.xStep : 1.0;
}
}  // namespace

bool hasRightAxis(const Plot& plot) {
  return std::any_of(plot.series.begin(), plot.series.end(), [](const PlotSeries& series) { return series.rightAxis && !series.flag; });
}

namespace {
// The fitted extent of one y axis's series (the left's, or the right's), with its margin.
std::pair<double, double> fitY(const Plot& plot, bool right) {
  double yMin = plot.yFromZero ? 0.0 : std::numeric_limits<double>::infinity();
  double yMax = plot.yFromZero ? 0.0 : -std::numeric_limits<double>::infinity();
  for (const PlotSeries& series : plot.series) {
    if (series.flag || series.rightAxis != right) continue;  // a flag has its own strip
    for (const double y : series.y) {
      if (!isFiniteNumber(y)) continue;
      yMin = std::min(yMin, y);
      yMax = std::max(yMax, y);
    }
  }
  if (!(yMin <= yMax)) yMin = yMax = 0;
  if (yMax - yMin < 1e-12) yMax = yMin + 1;
  const double yMargin = kFitMargin * (yMax - yMin);
  return {plot.yFromZero && yMin >= 0 ? yMin : yMin - yMargin, yMax + yMargin};
}
}  // namespace

namespace {
// The smallest of 1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8 times a power of ten above `value` (> 0): an axis's top.
double niceTopAbove(double value) {
  constexpr double kNice[] = {1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10};
  const double magnitude = std::pow(10.0, std::floor(std::log10(value)));
  for (const double nice : kNice)
    if (nice * magnitude > value * (1 + 1e-9)) return nice * magnitude;
  return 10 * magnitude;
}

// Whether a left-axis series and a right-axis series are drawn as one line: at the same height (within 4 % of the
// plot's) in more than a tenth of the frames they share. Series of different x are not compared.
bool seriesCoincide(const Plot& plot, const PlotRange& range) {
  constexpr double kNear = 0.04;
  for (const PlotSeries& left : plot.series) {
    if (left.flag || left.rightAxis || left.bars) continue;
    for (const PlotSeries& right : plot.series) {
      if (right.flag || !right.rightAxis || right.bars) continue;
      const bool sameX = left.x.empty() ? right.x.empty() && left.xStart == right.xStart && left.xStep == right.xStep
                                        : left.x.data() == right.x.data();
      if (!sameX) continue;
      const std::size_t count = std::min(left.y.size(), right.y.size());
      const std::size_t stride = std::max<std::size_t>(1, count / 2048);
      std::size_t shared = 0, near = 0;
      for (std::size_t i = 0; i < count; i += stride) {
        if (!isFiniteNumber(left.y[i]) || !isFiniteNumber(right.y[i])) continue;
        ++shared;
        const double a = (left.y[i] - range.yMin) / (range.yMax - range.yMin);
        const double b = (right.y[i] - range.y2Min) / (range.y2Max - range.y2Min);
        near += std::abs(a - b) < kNear;
      }
      if (shared > 0 && 10 * near > shared) return true;
    }
  }
  return false;
}
}  // namespace

PlotRange fitRange(const Plot& plot) {
  double xMin = std::numeric_limits<double>::infinity();
  double xMax = -xMin;
  for (const PlotSeries& series : plot.series) {
    if (series.y.empty()) continue;
    const double halfBar = series.bars ? 0.5 * series.xStep : 0.0;
    xMin = std::min(xMin, seriesX(series, 0) - halfBar);
    xMax = std::max(xMax, seriesX(series, series.y.size() - 1) + (series.steps || series.holdsLast ? stepTail(series) : halfBar));
  }
  if (!(xMin <= xMax)) return {};
  if (xMax - xMin < 1e-12) {
    xMin -= 0.5;
    xMax += 0.5;
  }
  const auto [yMin, yMax] = fitY(plot, false);
  auto [y2Min, y2Max] = fitY(plot, true);
  if (plot.y2UnitInterval) y2Min = 0, y2Max = std::max(y2Max, 1.0 + kFitMargin);
  PlotRange range{xMin, xMax, yMin, yMax, y2Min, y2Max};
  const auto niceTop = [](double min, double& max) {
    if (min == 0 && max > 0) max = niceTopAbove(max / (1 + kFitMargin) * (1 + kFitMargin * 0.5));
  };
  // An axis from 0 ends on a nice number above its data, a tick's room or more: a count of 5 on a 0-5 axis ran along
  // the frame's top edge, hard to see (newcomer review s35, A16); 5 now tops out at 6.
  niceTop(range.yMin, range.yMax);
  const bool leftSeries = std::any_of(plot.series.begin(), plot.series.end(),
                                      [](const PlotSeries& series) { return !series.flag && !series.rightAxis; });
  if (!hasRightAxis(plot) || !leftSeries) return range;
  // Two y axes each fitted to its own series put both largest values on the top line: mid_01's 703 BV tests (left)
  // and 80 pairs (right) were one line, the pairs over the tests (review s32 A17). So each axis that starts at 0 ends
  // on a nice number above its data (703 -> 800, 80 -> 100: the two sit at 88 % and 80 % of the height), and while
  // a left series still runs along a right one, the axis free to move (the right, unless it is the fixed [0, 1] of a
  // time) steps to its next nice top, at most to 2.5 times its first, so the two constant lines part.
  if (!plot.y2UnitInterval) niceTop(range.y2Min, range.y2Max);
  const bool moveRight = !plot.y2UnitInterval && range.y2Min == 0;
  double& moving = moveRight ? range.y2Max : range.yMax;
  if (!moveRight && range.yMin != 0) return range;
  const double limit = 2.5 * moving;
  while (seriesCoincide(plot, range) && niceTopAbove(moving) <= limit) moving = niceTopAbove(moving);
  return range;
}

namespace {

// 1, 2 or 5 times a power of ten, giving about `extent / target` ticks.
double niceStep(double extent, double target) {
  const double raw = extent / std::max(target, 1.0);
  const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
  const double normalized = raw / magnitude;
  return (normalized < 1.5 ? 1.0 : normalized < 3.0 ? 2.0 : normalized < 7.0 ? 5.0 : 10.0) * magnitude;
}

std::vector<double> ticks(double low, double high, double step) {
  std::vector<double> values;
  if (!(step > 0) || !std::isfinite(low) || !std::isfinite(high)) return values;
  for (double tick = std::ceil(low / step) * step; tick <= high + step * 1e-9 && values.size() < 100; tick += step)
    values.push_back(std::abs(tick) < step * 1e-9 ? 0.0 : tick);
  return values;
}

std::string axisTitle(const PlotAxis& axis) {
  if (axis.unit.empty()) return axis.label;
  return axis.label + " (" + axis.unit + ")";
}

}  // namespace

std::string formatTick(double value, double step) {
  char text[32];
  const double magnitude = std::max(std::abs(value), std::abs(step));
  if (magnitude >= 1e6 || (magnitude < 1e-3 && value != 0)) {
    std::snprintf(text, sizeof text, "%.3g", value);
  } else {
    const int decimals = std::clamp(int(-std::floor(std::log10(step) + 1e-9)), 0, 6);
    std::snprintf(text, sizeof text, "%.*f", decimals, value);
  }
  return text;
}

// [SECTION] Layout

namespace {

struct Layout {
  ScreenRect data;
  double xStep = 1;
  double yStep = 1;
  double y2Step = 1;  // the right axis's (none: right is false)
  bool right = false;
  double lineHeight = 14;
  double titleY = 0;
  std::vector<std::string> titleLines;  // the title broken to the frame's width
  double yTitleY = 0;
  // A small plot keeps its legend out of the data: entries in rows under the x axis title, from legendY; a smaller
  // one has no room for it (legendHidden) nor for its x axis's title (xTitle false).
  bool legendBelow = false;
  bool legendHidden = false;
  bool xTitle = true;
  double legendX = 0;
  double legendY = 0;
  double legendWidth = 0;
  // The flag series' strips, one under another below the data (stripHeight each, kStripGap apart); the x axis's
  // ticks and labels are under the last (axisY).
  double stripHeight = 0;
  double axisY = 0;
};

constexpr double kStripGap = 3.0;

[[nodiscard]] int flagCount(const Plot& plot) {
  int count = 0;
  for (const PlotSeries& series : plot.series) count += series.flag;
  return count;
}

[[nodiscard]] ScreenRect stripRect(const Layout& layout, int index) {
  const ScreenRect& data = layout.data;
  return {data.x, data.y + data.height + kStripGap + index * (layout.stripHeight + kStripGap), data.width,
          layout.stripHeight};
}

constexpr double kLegendSwatch = 0.7;  // of a line's height

// Where each legend entry starts when they flow in rows `width` wide (x from 0, row index).
std::vector<std::pair<double, int>> legendFlow(const PlotCanvas& canvas, const Plot& plot, double lineHeight, double width) {
  std::vector<std::pair<double, int>> places;
  double x = 0;
  int row = 0;
  for (const PlotSeries& series : plot.series) {
    if (series.flag) {
      places.emplace_back(0, -1);  // not in the legend
      continue;
    }
    const double entry = lineHeight * kLegendSwatch + 6 + canvas.textSize(series.name).x + 14;
    if (x > 0 && x + entry > width) {
      x = 0;
      ++row;
    }
    places.emplace_back(x, row);
    x += entry;
  }
  return places;
}

// The smallest nice step (1, 2 or 5 times a power of ten) larger than `step`.
double nextNiceStep(double step) {
  const double magnitude = std::pow(10.0, std::floor(std::log10(step) + 1e-9));
  const double normalized = step / magnitude;
  return (normalized < 1.5 ? 2.0 : normalized < 3.0 ? 5.0 : 10.0) * magnitude;
}

// A tick step over `extent` drawn `pixels` long: about one tick each `target` pixels, never closer than `room`
// pixels (a label's height or width and a gap), whole when `integers`.
double tickStep(double extent, double pixels, double target, bool integers, const std::function<double(double)>& room) {
  double step = niceStep(extent, pixels / target);
  if (integers) step = std::max(step, 1.0);
  for (int i = 0; i < 40 && step / extent * pixels < room(step) && step < extent; ++i) step = nextNiceStep(step);
  return step;
}

// The widest tick label between low and high at `step`.
double widestTick(const PlotCanvas& canvas, double low, double high, double step) {
  double widest = 0;
  for (const double tick : ticks(low, high, step)) widest = std::max(widest, canvas.textSize(formatTick(tick, step)).x);
  return widest;
}

// The data keeps at least this many lines of height: a window made small drops the title, then the legend under
// the data, then the x axis's title, rather than squeezing the data to a strip under text drawn over text (review s32
// A4: at 200 % the legend sat on the x tick labels and the lines on the 0 tick).
constexpr double kMinDataLines = 4.0;

Layout layoutPlot(const PlotCanvas& canvas, const Plot& plot, const PlotRange& range, const ScreenRect& frame) {
  Layout layout;
  const double lineHeight = canvas.textSize("Ag").y;
  layout.lineHeight = lineHeight;
  const int flags = flagCount(plot);
  layout.stripHeight = lineHeight + 2;
  // A title wider than the plot breaks at spaces: at 200 % the experiment's one-line description was cut at both
  // ends ("8, 100000 trials, ... cold"), newcomer review s31.
  std::vector<std::string> titleLines;
  if (!plot.title.empty()) {
    for (const std::string_view line : breakLines(plot.title, frame.width - 2 * kPadding,
                                                  [&canvas](std::string_view text) { return canvas.textSize(text).x; }))
      titleLines.emplace_back(line);
  }
  double legendWidth = 0;
  for (const PlotSeries& series : plot.series)
    if (!series.flag) legendWidth = std::max(legendWidth, canvas.textSize(series.name).x);
  const double legendEntries = double(plot.series.size()) - flags;
  const Vec2d legendBox{legendWidth + lineHeight * kLegendSwatch + 22, legendEntries * (lineHeight + 3) + 8};
  double legendRows = 0;
  for (const auto& place : legendFlow(canvas, plot, lineHeight, frame.width - 2 * kPadding))
    legendRows = std::max(legendRows, double(place.second + 1));

  double top = 0, bottom = 0;
  for (int dropped = 0; dropped <= 3; ++dropped) {
    layout.titleLines = dropped < 1 ? titleLines : std::vector<std::string>{};
    layout.xTitle = dropped < 3;
    top = frame.y + kPadding;
    layout.titleY = top;
    if (!layout.titleLines.empty()) top += static_cast<double>(layout.titleLines.size()) * lineHeight + 4;
    layout.yTitleY = top;
    top += lineHeight + 6;  // the y axis title sits above the axis
    bottom = frame.y + frame.height - kPadding - lineHeight - kTickLength - 6 - (layout.xTitle ? lineHeight : 0);
    bottom -= flags * (layout.stripHeight + kStripGap);
    // The legend box inside the data area would cover more than a fifth of it, or not fit in it: underneath, in as
    // many rows as the frame's width needs, or (a small window) not at all: the Plots window's checkboxes above the
    // plot name and colour every series.
    layout.legendBelow = layout.legendHidden = false;
    const double area = (frame.width - 2 * kPadding) * std::max(bottom - top, 1.0);
    if (legendEntries > 0 && (legendBox.x * legendBox.y > 0.2 * area || legendBox.y + 12 > bottom - top ||
                              legendBox.x + 12 > 0.6 * (frame.width - 2 * kPadding))) {
      layout.legendBelow = dropped < 2;
      layout.legendHidden = !layout.legendBelow;
      if (layout.legendBelow) bottom -= legendRows * (lineHeight + 3) + 2;
    }
    if (bottom - top >= kMinDataLines * lineHeight) break;
  }
  if (layout.legendBelow) {
    layout.legendX = frame.x + kPadding;
    layout.legendWidth = frame.width - 2 * kPadding;
    layout.legendY = frame.y + frame.height - kPadding - legendRows * (lineHeight + 3) + 3;
  }
  const double height = std::max(bottom - top, 1.0);
  // Tick labels a line apart at least (the right axis printed "10" over "0" in a strip 10 px high).
  const auto heightRoom = [lineHeight](double) { return lineHeight + 2; };
  layout.yStep = tickStep(range.yMax - range.yMin, height, kYTickSpacing, plot.y.integers, heightRoom);
  double labelWidth = widestTick(canvas, range.yMin, range.yMax, layout.yStep);
  for (const PlotSeries& series : plot.series)
    if (series.flag) labelWidth = std::max(labelWidth, canvas.textSize(series.name).x);
  const double left = frame.x + kPadding + labelWidth + kTickLength + 4;
  // The right axis's tick labels, when a series is on it, take room from the data at the right.
  double rightWidth = 6;
  layout.right = hasRightAxis(plot);
  if (layout.right) {
    layout.y2Step = tickStep(range.y2Max - range.y2Min, height, kYTickSpacing, plot.y2.integers, heightRoom);
    rightWidth = widestTick(canvas, range.y2Min, range.y2Max, layout.y2Step) + kTickLength + 4;
  }
  const double width = std::max(frame.x + frame.width - kPadding - rightWidth - left, 10.0);
  layout.data = {left, top, width, height};
  layout.axisY = top + height + flags * (layout.stripHeight + kStripGap);
  // x labels a label's width and a gap apart ("120000" at 200 % is wider than the 90 px between ticks).
  layout.xStep = tickStep(range.xMax - range.xMin, width, kXTickSpacing, plot.x.integers, [&](double step) {
    return widestTick(canvas, range.xMin, range.xMax, step) + lineHeight;
  });
  return layout;
}

struct Mapping {
  ScreenRect data;
  PlotRange range;
  [[nodiscard]] double toX(double x) const { return data.x + (x - range.xMin) / (range.xMax - range.xMin) * data.width; }
  [[nodiscard]] double toY(double y) const {
    return data.y + data.height - (y - range.yMin) / (range.yMax - range.yMin) * data.height;
  }
  // The mapping of the right axis (Plot::y2), or of the left; of a series, of its axis.
  [[nodiscard]] Mapping onAxis(bool rightAxis) const {
    if (!rightAxis) return *this;
    Mapping right = *this;
    right.range.yMin = range.y2Min;
    right.range.yMax = range.y2Max;
    return right;
  }
  [[nodiscard]] Mapping of(const PlotSeries& series) const { return onAxis(series.rightAxis); }
};

// [SECTION] Series: decimated lines and bars

// First and last index worth drawing: the visible ones and one neighbour on each side.
std::pair<std::size_t, std::size_t> visibleIndices(const PlotSeries& series, const PlotRange& range) {
  const std::size_t count = series.y.size();
  if (series.x.empty()) {
    const double first = std::floor((range.xMin - series.xStart) / series.xStep) - 1;
    const double last = std::ceil((range.xMax - series.xStart) / series.xStep) + 1;
    return {std::size_t(std::clamp(first, 0.0, double(count - 1))), std::size_t(std::clamp(last, 0.0, double(count - 1)))};
  }
  const auto end = series.x.begin() + std::ptrdiff_t(std::min(count, series.x.size()));
  const auto first = std::lower_bound(series.x.begin(), end, range.xMin);
  const auto last = std::upper_bound(series.x.begin(), end, range.xMax);
  const std::size_t firstIndex = std::size_t(first - series.x.begin());
  const std::size_t lastIndex = std::size_t(last - series.x.begin());
  return {firstIndex > 0 ? firstIndex - 1 : 0, std::min(lastIndex, std::size_t(end - series.x.begin()) - 1)};
}

// `points` as dashes `dash` pixels long, `gap` apart, the pattern running on across corners.
void dashedPolyline(PlotCanvas& canvas, std::span<const Vec2d> points, Color color, float width, double dash, double gap) {
  double along = 0;  // where in the pattern (dash then gap) the next point falls
  std::vector<Vec2d> piece;
  for (std::size_t i = 1; i < points.size(); ++i) {
    const Vec2d a = points[i - 1], b = points[i];
    const double length = std::hypot(b.x - a.x, b.y - a.y);
    double done = 0;
    while (done < length) {
      const bool inDash = along < dash;
      const double step = std::min(length - done, inDash ? dash - along : dash + gap - along);
      if (inDash) {
        const Vec2d from = a + (b - a) * (done / length), to = a + (b - a) * ((done + step) / length);
        if (piece.empty()) piece.push_back(from);
        piece.push_back(to);
      }
      done += step;
      along += step;
      if (along >= dash && !piece.empty()) {
        canvas.polyline(piece, color, width);
        piece.clear();
      }
      if (along >= dash + gap) along = 0;
    }
  }
  if (piece.size() >= 2) canvas.polyline(piece, color, width);
}

void drawLine(PlotCanvas& canvas, const PlotSeries& series, const Mapping& map, Color color, float width) {
  if (series.y.empty()) return;
  const auto [first, last] = visibleIndices(series, map.range);
  std::vector<Vec2d> points;
  const auto flush = [&] {
    if (points.size() == 1) {  // a lone point between gaps (or a recording of one frame): a dot the line's colour
      const Vec2d half{width + 0.5, width + 0.5};
      canvas.rect(points.front() - half, points.front() + half, color);
    } else if (!points.empty() && series.dashed) {
      dashedPolyline(canvas, points, color, width, 7.0, 5.0);
    } else if (!points.empty()) {
      canvas.polyline(points, color, width);
    }
    points.clear();
  };
  const bool decimate = double(last - first + 1) > 2.0 * map.data.width;
  if (!decimate) {
    points.reserve((series.steps ? 2 : 1) * (last - first + 1));
    for (std::size_t i = first; i <= last; ++i) {
      const double y = series.y[i];
      if (!isFiniteNumber(y)) {
        flush();
        continue;
      }
      const Vec2d point{map.toX(seriesX(series, i)), map.toY(y)};
      // Across, then up; a count that holds adds no corner (a zero-length segment draws a blob in ImGui's lines).
      if (series.steps && !points.empty() && point.y != points.back().y) points.push_back({point.x, points.back().y});
      points.push_back(point);
    }
    if ((series.steps || series.holdsLast) && !points.empty() && last + 1 == series.y.size()) {
      points.push_back({map.toX(seriesX(series, last) + stepTail(series)), points.back().y});  // the last holds
    }
    flush();
    return;
  }
  // Min and max of each pixel column, in the order they occur, so spikes survive and lines stay joined.
  points.reserve(std::size_t(2 * map.data.width) + 4);
  long column = std::numeric_limits<long>::min();
  double minY = 0, maxY = 0;
  std::size_t minIndex = 0, maxIndex = 0;
  bool open = false;
  const auto emit = [&] {
    if (!open) return;
    const double x = map.data.x + double(column) + 0.5;
    const Vec2d low{x, map.toY(minY)};
    const Vec2d high{x, map.toY(maxY)};
    points.push_back(minIndex <= maxIndex ? low : high);
    if (minIndex != maxIndex) points.push_back(minIndex <= maxIndex ? high : low);
    open = false;
  };
  for (std::size_t i = first; i <= last; ++i) {
    const double y = series.y[i];
    if (!isFiniteNumber(y)) {
      emit();
      flush();
      continue;
    }
    const long pixel = long(std::floor(map.toX(seriesX(series, i)) - map.data.x));
    if (pixel != column || !open) {
      emit();
      column = pixel;
      minY = maxY = y;
      minIndex = maxIndex = i;
      open = true;
    } else if (y < minY) {
      minY = y;
      minIndex = i;
    } else if (y > maxY) {
      maxY = y;
      maxIndex = i;
    }
  }
  emit();
  flush();
}

void drawBars(PlotCanvas& canvas, const PlotSeries& series, const Mapping& map, int slot, int slots, float alpha) {
  if (series.y.empty()) return;
  const auto [first, last] = visibleIndices(series, map.range);
  const double slotWidth = 0.84 * series.xStep / slots;
  const double base = map.toY(std::max(map.range.yMin, 0.0));
  for (std::size_t i = first; i <= last; ++i) {
    const double y = series.y[i];
    if (!isFiniteNumber(y) || y == 0) continue;
    const double left = seriesX(series, i) - 0.42 * series.xStep + slot * slotWidth;
    const double x0 = map.toX(left);
    const double x1 = std::max(map.toX(left + slotWidth), x0 + 1.0);
    const double top = map.toY(y);
    canvas.rect({x0, std::min(top, base)}, {x1, std::max(top, base)}, series.color.withAlpha(alpha));
  }
}

// [SECTION] Axes, legend, read-out: drawPlot

// The length of segment a-b inside `box` (Liang-Barsky clipping), in pixels.
double clippedLength(Vec2d a, Vec2d b, const ScreenRect& box) {
  const Vec2d d = b - a;
  double t0 = 0, t1 = 1;
  const double p[] = {-d.x, d.x, -d.y, d.y};
  const double q[] = {a.x - box.x, box.x + box.width - a.x, a.y - box.y, box.y + box.height - a.y};
  for (int i = 0; i < 4; ++i) {
    if (p[i] == 0) {
      if (q[i] < 0) return 0;
      continue;
    }
    const double t = q[i] / p[i];
    if (p[i] < 0) t0 = std::max(t0, t);
    else t1 = std::min(t1, t);
    if (t0 > t1) return 0;
  }
  return (t1 - t0) * std::hypot(d.x, d.y);
}

// The legend sits where it hides the least of the data: the four corners first (top right on a tie), then the
// middles of the sides and of the top and bottom, so lines that run along both the top and the bottom (the Plots
// window's counts) leave it the gap between them. A line hides what the box and a few pixels around it cover of
// its segments (an area: length times 10 pixels), a bar as much of it as the box covers.
std::vector<std::pair<std::size_t, ScreenRect>> drawLegend(PlotCanvas& canvas, const Plot& plot, const Layout& layout,
                                                           const Mapping& map, std::optional<std::size_t> highlight) {
  std::vector<std::pair<std::size_t, ScreenRect>> entries;
  // The highlighted series' entry is outlined, so the hovered name and the line drawn over the others match.
  const auto entry = [&](std::size_t series, Vec2d at, double width) {
    const ScreenRect rect{at.x - 2, at.y - 1, width + 4, layout.lineHeight + 2};
    if (highlight == series) canvas.rectOutline(rect.min(), rect.max(), plot.series[series].color, 1.0f);
    entries.emplace_back(series, rect);
  };
  double width = 0;
  int count = 0;
  for (const PlotSeries& series : plot.series) {
    if (series.flag) continue;
    width = std::max(width, canvas.textSize(series.name).x);
    ++count;
  }
  if (count == 0 || layout.legendHidden) return entries;
  const double swatch = layout.lineHeight * kLegendSwatch;
  const double rowHeight = layout.lineHeight + 3;
  if (layout.legendBelow) {
    const auto flow = legendFlow(canvas, plot, layout.lineHeight, layout.legendWidth);
    for (std::size_t i = 0; i < plot.series.size(); ++i) {
      if (plot.series[i].flag) continue;
      const Vec2d at{layout.legendX + flow[i].first, layout.legendY + flow[i].second * rowHeight};
      const double swatchTop = at.y + 0.5 * (layout.lineHeight - swatch);
      canvas.rect({at.x, swatchTop}, {at.x + swatch, swatchTop + swatch}, plot.series[i].color);
      canvas.text({at.x + swatch + 6, at.y}, plot.series[i].name, palette::kText);
      entry(i, at, swatch + 6 + canvas.textSize(plot.series[i].name).x);
    }
    return entries;
  }
  const Vec2d size{width + swatch + 22, count * rowHeight + 8};
  const ScreenRect& data = layout.data;
  Vec2d min{data.x + data.width - 6 - size.x, data.y + 6};
  double fewest = std::numeric_limits<double>::infinity();
  // (x, y) in the data area: 0 left or top, 0.5 middle, 1 right or bottom; in the order ties are settled.
  // The quarter heights last: with headroom above the largest line (an axis that ends a nice tick above it), the gap
  // between lines at 88 %, 70 % and 10 % of the height is off the middle.
  constexpr Vec2d kPlaces[] = {{1, 0},    {0, 0},    {1, 1},      {0, 1},   {1, 0.5}, {0, 0.5},   {0.5, 0},
                               {0.5, 1},  {0.5, 0.5}, {1, 0.25}, {0, 0.25}, {1, 0.75}, {0, 0.75}};
  constexpr double kMargin = 8;  // a line that grazes the box reads as hidden too
  for (const Vec2d place : kPlaces) {
    const Vec2d at{data.x + 6 + place.x * (data.width - 12 - size.x), data.y + 6 + place.y * (data.height - 12 - size.y)};
    const ScreenRect box{at.x, at.y, size.x, size.y};
    const ScreenRect grazed{at.x - kMargin, at.y - kMargin, size.x + 2 * kMargin, size.y + 2 * kMargin};
    double hidden = 0;
    for (const PlotSeries& series : plot.series) {
      if (series.flag) continue;
      const Mapping seriesMap = map.of(series);
      const double base = seriesMap.toY(std::max(seriesMap.range.yMin, 0.0));
      // At most about 512 samples a series: a batch plot of a million points would cost its frame here.
      const std::size_t stride = std::max<std::size_t>(1, series.y.size() / 512);
      std::optional<Vec2d> previous;
      for (std::size_t i = 0; i < series.y.size(); i += stride) {
        if (!isFiniteNumber(series.y[i])) {
          previous.reset();
          continue;
        }
        const double x = map.toX(seriesX(series, i)), y = seriesMap.toY(series.y[i]);
        if (series.bars) {
          // A bar is hidden by as much of it as the box covers, not only at its top (the Experiments lab's tallest
          // bar went under the legend, a short bar's tip beside it did not count).
          const double half = 0.42 * series.xStep / (map.range.xMax - map.range.xMin) * map.data.width;
          const double w = std::min(x + half, box.x + box.width) - std::max(x - half, box.x);
          const double h = std::min(std::max(y, base), box.y + box.height) - std::max(std::min(y, base), box.y);
          if (series.y[i] != 0 && w > 0 && h > 0) hidden += w * h;
        } else {
          hidden += grazed.contains({x, y}) ? 100.0 : 0.0;
          if (previous && series.steps) {  // across at the held value, then up
            hidden += 10.0 * (clippedLength(*previous, {x, previous->y}, grazed) + clippedLength({x, previous->y}, {x, y}, grazed));
          } else if (previous) {
            hidden += 10.0 * clippedLength(*previous, {x, y}, grazed);
          }
          previous = Vec2d{x, y};
        }
      }
      // A step series' last value holds on to its tail (a constant recording of one frame is all tail).
      if (previous && (series.steps || series.holdsLast) && !series.bars)
        hidden += 10.0 * clippedLength(*previous, {map.toX(seriesX(series, series.y.size() - 1) + stepTail(series)), previous->y}, grazed);
    }
    if (hidden < fewest) {
      fewest = hidden;
      min = at;
    }
  }
  const Vec2d max = min + size;
  canvas.rect(min, max, kPlotBackground.withAlpha(0.88f));
  canvas.rectOutline(min, max, kAxisLine, 1.0f);
  double y = min.y + 5;
  for (std::size_t i = 0; i < plot.series.size(); ++i) {
    const PlotSeries& series = plot.series[i];
    if (series.flag) continue;
    const double swatchTop = y + 0.5 * (layout.lineHeight - swatch);
    canvas.rect({min.x + 7, swatchTop}, {min.x + 7 + swatch, swatchTop + swatch}, series.color);
    canvas.text({min.x + 13 + swatch, y}, series.name, palette::kText);
    entry(i, {min.x + 7, y}, size.x - 14);
    y += rowHeight;
  }
  return entries;
}

// A flag series' strip: filled where the value is 1, each value holding until the next x; runs closer than a pixel
// are one rectangle, so 100,000 frames draw as at most one rectangle a pixel column.
void drawStrip(PlotCanvas& canvas, const PlotSeries& series, const Mapping& map, const ScreenRect& strip) {
  canvas.rect(strip.min(), strip.max(), kPlotBackground);
  if (!series.y.empty()) {
    const auto [first, last] = visibleIndices(series, map.range);
    canvas.pushClip(strip.min(), strip.max());
    std::optional<std::pair<double, double>> run;  // pixel x extent not drawn yet
    const auto flush = [&] {
      if (run) canvas.rect({run->first, strip.y + 2}, {std::max(run->second, run->first + 1.0), strip.y + strip.height - 2},
                           series.color.withAlpha(0.85f));
      run.reset();
    };
    for (std::size_t i = first; i <= last; ++i) {
      const double y = series.y[i];
      if (!isFiniteNumber(y) || y == 0) continue;
      const double x0 = map.toX(seriesX(series, i));
      const double x1 = map.toX(i + 1 < series.y.size() ? seriesX(series, i + 1) : seriesX(series, i) + stepTail(series));
      if (run && x0 <= run->second + 1.0) {
        run->second = std::max(run->second, x1);
      } else {
        flush();
        run = std::pair{x0, x1};
      }
    }
    flush();
    canvas.popClip();
  }
  canvas.rectOutline(strip.min(), strip.max(), kAxisLine, 1.0f);
}

void drawReadout(PlotCanvas& canvas, const Plot& plot, const Mapping& map, const Layout& layout, double hoverX) {
  const double pixelX = map.toX(hoverX);
  canvas.polyline(std::vector<Vec2d>{{pixelX, map.data.y}, {pixelX, map.data.y + map.data.height}},
                  palette::kTextDim.withAlpha(0.6f), 1.0f);
  std::vector<std::pair<std::string, Color>> lines;
  char text[160];
  double shownX = hoverX;
  for (const PlotSeries& series : plot.series) {
    if (series.y.empty()) continue;
    std::size_t index = nearestIndex(series, hoverX);
    // A step series reads the value that holds at x: the last point at or before it, marked under the cursor; over a
    // continuous x (seconds) the read-out names the x hovered, where that value holds, not the sample's.
    if (series.steps && index > 0 && seriesX(series, index) > hoverX) --index;
    shownX = series.steps && !plot.x.integers ? hoverX : seriesX(series, index);
    const double y = series.y[index];
    if (series.flag) {
      std::snprintf(text, sizeof text, "%s: %s", series.name.c_str(), !isFiniteNumber(y) ? "-" : y != 0 ? "yes" : "no");
      lines.emplace_back(text, series.color);
      continue;
    }
    if (isFiniteNumber(y)) {
      const Vec2d point{series.steps ? pixelX : map.toX(shownX), map.of(series).toY(y)};
      canvas.rect(point - Vec2d{3, 3}, point + Vec2d{3, 3}, series.color);
    }
    std::snprintf(text, sizeof text, "%s: %.6g %s", series.name.c_str(), y, series.unit.c_str());
    lines.emplace_back(text, series.color);
  }
  std::snprintf(text, sizeof text, "%s %.6g %s", plot.x.label.c_str(), shownX, plot.x.unit.c_str());
  lines.insert(lines.begin(), {text, palette::kText});
  double width = 0;
  for (const auto& line : lines) width = std::max(width, canvas.textSize(line.first).x);
  const double height = double(lines.size()) * layout.lineHeight + 10;
  double left = pixelX + 12;
  if (left + width + 12 > map.data.x + map.data.width) left = pixelX - 12 - width - 12;
  const Vec2d min{left, map.data.y + map.data.height - height - 8};
  canvas.rect(min, min + Vec2d{width + 12, height}, kPlotBackground.withAlpha(0.92f));
  canvas.rectOutline(min, min + Vec2d{width + 12, height}, kAxisLine, 1.0f);
  double y = min.y + 5;
  for (const auto& [line, color] : lines) {
    canvas.text({min.x + 6, y}, line, color);
    y += layout.lineHeight;
  }
}

}  // namespace

namespace {
// `text` cut to `width` pixels with "..." at its end (an axis title in a narrow plot); empty when not even that fits.
std::string fitted(const PlotCanvas& canvas, const std::string& text, double width) {
  if (canvas.textSize(text).x <= width) return text;
  for (std::size_t keep = text.size(); keep-- > 0;) {
    if ((text[keep] & 0xC0) == 0x80) continue;  // not inside a UTF-8 character
    std::string cut = text.substr(0, keep) + "...";
    if (canvas.textSize(cut).x <= width) return keep > 0 ? cut : std::string();
  }
  return {};
}
}  // namespace

PlotLayout drawPlot(PlotCanvas& canvas, const Plot& plot, const PlotRange& range, const ScreenRect& frame,
                    std::optional<double> hoverX, std::optional<std::size_t> highlight) {
  const Layout layout = layoutPlot(canvas, plot, range, frame);
  const Mapping map{layout.data, range};
  const ScreenRect& data = layout.data;
  const Vec2d dataMax{data.x + data.width, data.y + data.height};
  const double lineHeight = layout.lineHeight;
  if (highlight && *highlight >= plot.series.size()) highlight.reset();
  canvas.rect(frame.min(), frame.max(), palette::kBackground);
  canvas.rect(data.min(), dataMax, kPlotBackground);

  // Strips of the flag series under the data, each named at its left as a y tick is.
  int strip = 0;
  for (const PlotSeries& series : plot.series) {
    if (!series.flag) continue;
    const ScreenRect rect = stripRect(layout, strip++);
    drawStrip(canvas, series, map, rect);
    const Vec2d size = canvas.textSize(series.name);
    canvas.text({data.x - kTickLength - 3 - size.x, rect.y + 0.5 * (rect.height - size.y)}, series.name, series.color);
  }

  // Grid and tick labels; the x axis's under the strips. No label is drawn over another, nor out of its band: a y
  // label stays above the strips and the x labels (the 0 tick's half line below the data), an x label inside the
  // frame, each one clear of the last one drawn.
  const double axisY = layout.axisY;
  const double xLabelTop = axisY + kTickLength + 2;
  const double yLabelBottom = strip > 0 ? dataMax.y + kStripGap : xLabelTop;
  double lastRight = -std::numeric_limits<double>::infinity();
  for (const double tick : ticks(range.xMin, range.xMax, layout.xStep)) {
    const double x = map.toX(tick);
    canvas.polyline(std::vector<Vec2d>{{x, data.y}, {x, dataMax.y}}, kGridLine, 1.0f);
    canvas.polyline(std::vector<Vec2d>{{x, axisY}, {x, axisY + kTickLength}}, kAxisLine, 1.0f);
    const std::string label = formatTick(tick, layout.xStep);
    const double width = canvas.textSize(label).x;
    const double at = std::min(x - 0.5 * width, frame.x + frame.width - kPadding - width);
    if (at < lastRight + 4) continue;
    canvas.text({at, xLabelTop}, label, palette::kTextDim);
    lastRight = at + width;
  }
  const auto yLabels = [&](const Mapping& axis, double low, double high, double step, bool right) {
    double lastTop = std::numeric_limits<double>::infinity();
    for (const double tick : ticks(low, high, step)) {
      const double y = axis.toY(tick);
      if (!right) canvas.polyline(std::vector<Vec2d>{{data.x, y}, {dataMax.x, y}}, kGridLine, 1.0f);
      const double tickX = right ? dataMax.x : data.x - kTickLength;
      canvas.polyline(std::vector<Vec2d>{{tickX, y}, {tickX + kTickLength, y}}, kAxisLine, 1.0f);
      const std::string label = formatTick(tick, step);
      const Vec2d size = canvas.textSize(label);
      const double top = std::min(y - 0.5 * size.y, yLabelBottom - size.y);
      if (top + size.y > lastTop - 1) continue;
      canvas.text({right ? dataMax.x + kTickLength + 3 : data.x - kTickLength - 3 - size.x, top}, label, palette::kTextDim);
      lastTop = top;
    }
  };
  // The x axis's breaks: two slanted strokes across the axis line, with the line cut between them (one per line
  // height at most: a break every few pixels would be a smear).
  double lastBreak = -std::numeric_limits<double>::infinity();
  for (const double value : plot.xBreaks) {
    const double x = map.toX(value);
    if (!(x >= data.x && x <= dataMax.x) || x < lastBreak + lineHeight) continue;
    lastBreak = x;
    const double half = 0.35 * lineHeight, slant = 0.2 * lineHeight, gap = 0.15 * lineHeight;
    canvas.rect({x - gap, axisY - 1.5}, {x + gap, axisY + 1.5}, palette::kBackground);
    for (const double side : {-gap, gap})
      canvas.polyline(std::vector<Vec2d>{{x + side - slant, axisY + half}, {x + side + slant, axisY - half}}, palette::kTextDim, 1.5f);
  }
  yLabels(map, range.yMin, range.yMax, layout.yStep, false);
  // The right axis: its ticks and labels outside the data's right edge (no grid of its own: the left's is the grid).
  if (layout.right) yLabels(map.onAxis(true), range.y2Min, range.y2Max, layout.y2Step, true);

  // Data. With a series highlighted (its legend entry hovered) the others fade and it is drawn last, wider: a line
  // another covers can be found.
  canvas.pushClip(data.min(), dataMax);
  const auto faded = [&](std::size_t i) { return highlight && *highlight != i; };
  int barSlots = 0;
  for (const PlotSeries& series : plot.series) barSlots += series.bars && !series.flag;
  int slot = 0;
  for (std::size_t i = 0; i < plot.series.size(); ++i) {
    const PlotSeries& series = plot.series[i];
    if (series.bars && !series.flag) drawBars(canvas, series, map.of(series), slot++, barSlots, faded(i) ? 0.3f : 0.85f);
  }
  for (std::size_t i = 0; i < plot.series.size(); ++i) {
    const PlotSeries& series = plot.series[i];
    if (!series.bars && !series.flag && highlight != i)
      drawLine(canvas, series, map.of(series), faded(i) ? series.color.withAlpha(0.3f) : series.color, kLineWidth);
  }
  if (highlight && !plot.series[*highlight].bars && !plot.series[*highlight].flag) {
    const PlotSeries& series = plot.series[*highlight];
    drawLine(canvas, series, map.of(series), series.color, kLineWidth + 1.4f);
  }
  // Labelled places on the x axis (where the recording went on in another lab): a dashed line, its label at the top
  // on a backing, right of the line, or left of it at the right edge.
  for (const PlotMarker& marker : plot.xMarkers) {
    const double x = map.toX(marker.x);
    if (!(x >= data.x && x <= dataMax.x)) continue;
    dashedPolyline(canvas, std::vector<Vec2d>{{x, data.y}, {x, dataMax.y}}, palette::kText.withAlpha(0.75f), 1.2f, 5.0, 4.0);
    const std::string label = fitted(canvas, marker.label, std::max(data.width - 8, 0.0));
    if (label.empty()) continue;
    const Vec2d size = canvas.textSize(label);
    const double left = x + 4 + size.x <= dataMax.x - 2 ? x + 4 : std::max(x - 4 - size.x, data.x + 2);
    const Vec2d at{left, data.y + 3};
    canvas.rect(at - Vec2d{2, 1}, at + size + Vec2d{2, 1}, kPlotBackground.withAlpha(0.6f));  // a line under it shows
    canvas.text(at, label, palette::kText);
  }
  canvas.popClip();
  canvas.rectOutline(data.min(), dataMax, kAxisLine, 1.0f);

  // Titles and legend. The two y axes' titles share the line above the data: the right one is cut to what the left
  // leaves of it.
  for (std::size_t i = 0; i < layout.titleLines.size(); ++i) {
    const double width = canvas.textSize(layout.titleLines[i]).x;
    canvas.text({frame.x + 0.5 * (frame.width - width), layout.titleY + static_cast<double>(i) * lineHeight},
                layout.titleLines[i], palette::kText);
  }
  const double titleRoom = frame.width - 2 * kPadding;
  const double rightTitleWidth = layout.right ? std::min(canvas.textSize(axisTitle(plot.y2)).x, 0.5 * titleRoom) + lineHeight : 0.0;
  const std::string leftTitle = fitted(canvas, axisTitle(plot.y), titleRoom - rightTitleWidth);
  canvas.text({frame.x + kPadding, layout.yTitleY}, leftTitle, palette::kText);
  if (layout.right) {
    const std::string title =
        fitted(canvas, axisTitle(plot.y2), titleRoom - canvas.textSize(leftTitle).x - lineHeight);
    canvas.text({frame.x + frame.width - kPadding - canvas.textSize(title).x, layout.yTitleY}, title, palette::kText);
  }
  if (layout.xTitle) {
    const std::string xTitle = fitted(canvas, axisTitle(plot.x), frame.width - 2 * kPadding);
    const double width = canvas.textSize(xTitle).x;
    const double at = std::clamp(data.x + 0.5 * (data.width - width), frame.x + kPadding, frame.x + frame.width - kPadding - width);
    canvas.text({at, xLabelTop + 2 + lineHeight}, xTitle, palette::kText);
  }
  PlotLayout result{layout.data, drawLegend(canvas, plot, layout, map, highlight)};
  if (hoverX) {
    canvas.pushClip(frame.min(), frame.max());
    drawReadout(canvas, plot, map, layout, *hoverX);
    canvas.popClip();
  }
  return result;
}

// [SECTION] ImDrawList canvas and the interactive widget

namespace {

ImVec2 toImVec2(Vec2d v) { return ImVec2(float(v.x), float(v.y)); }

class DrawListCanvas final : public PlotCanvas {
 public:
  explicit DrawListCanvas(ImDrawList* list) : list_(list) {}
  void polyline(std::span<const Vec2d> points, Color color, float width) override {
    scratch_.resize(points.size());
    for (std::size_t i = 0; i < points.size(); ++i) scratch_[i] = toImVec2(points[i]);
    list_->AddPolyline(scratch_.data(), int(scratch_.size()), color.packed(), ImDrawFlags_None, width);
  }
  void rect(Vec2d min, Vec2d max, Color fill) override { list_->AddRectFilled(toImVec2(min), toImVec2(max), fill.packed()); }
  void rectOutline(Vec2d min, Vec2d max, Color color, float width) override {
    list_->AddRect(toImVec2(min), toImVec2(max), color.packed(), 0.0f, ImDrawFlags_None, width);
  }
  void text(Vec2d topLeft, std::string_view text, Color color) override {
    list_->AddText(toImVec2(topLeft), color.packed(), text.data(), text.data() + text.size());
  }
  [[nodiscard]] Vec2d textSize(std::string_view text) const override {
    const ImVec2 size = ImGui::CalcTextSize(text.data(), text.data() + text.size());
    return {size.x, size.y};
  }
  void pushClip(Vec2d min, Vec2d max) override { list_->PushClipRect(toImVec2(min), toImVec2(max), true); }
  void popClip() override { list_->PopClipRect(); }

 private:
  ImDrawList* list_;
  std::vector<ImVec2> scratch_;
};

}  // namespace

void drawPlotOnDrawList(ImDrawList* list, const Plot& plot, const PlotRange& range, const ScreenRect& frame) {
  DrawListCanvas canvas(list);
  drawPlot(canvas, plot, range, frame);
}

std::vector<Shortcut> plotShortcuts() {
  return {{"Left drag on a plot", "pan it"},
          {"Mouse wheel on a plot", "zoom its x axis about the cursor (Shift: y; Ctrl: both)"},
          {"Double-click on a plot", "fit it to its data again"}};
}

std::vector<ScreenRect> sideBySide(const ScreenRect& frame, std::size_t count, double gap) {
  std::vector<ScreenRect> frames;
  const double width = count ? (frame.width - gap * double(count - 1)) / double(count) : 0.0;
  for (std::size_t i = 0; i < count; ++i)
    frames.push_back({frame.x + double(i) * (width + gap), frame.y, width, frame.height});
  return frames;
}

PlotLayout plotWidget(const char* id, const Plot& plot, PlotState& state, Vec2d size) {
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const ImVec2 extent(float(std::max(size.x, 32.0)), float(std::max(size.y, 32.0)));
  ImGui::InvisibleButton(id, extent, ImGuiButtonFlags_MouseButtonLeft);
  const bool hovered = ImGui::IsItemHovered();
  const bool active = ImGui::IsItemActive();
  const ScreenRect frame{origin.x, origin.y, extent.x, extent.y};
  DrawListCanvas canvas(ImGui::GetWindowDrawList());
  if (state.autoFit) state.range = fitRange(plot);
  const Layout layout = layoutPlot(canvas, plot, state.range, frame);
  PlotRange& range = state.range;
  const ImGuiIO& io = ImGui::GetIO();
  const double spanX = range.xMax - range.xMin;
  const double spanY = range.yMax - range.yMin;
  const double spanY2 = range.y2Max - range.y2Min;

  if (active && (io.MouseDelta.x != 0 || io.MouseDelta.y != 0)) {
    // Both y axes move by the same share of their span, so the lines keep their places against each other.
    const double dx = -io.MouseDelta.x / layout.data.width * spanX;
    const double share = io.MouseDelta.y / layout.data.height;
    range = {range.xMin + dx,           range.xMax + dx,           range.yMin + share * spanY,
             range.yMax + share * spanY, range.y2Min + share * spanY2, range.y2Max + share * spanY2};
    state.autoFit = false;
  }
  if (hovered && io.MouseWheel != 0) {
    const double factor = std::pow(0.85, double(io.MouseWheel));
    const double mouseX = range.xMin + (io.MousePos.x - layout.data.x) / layout.data.width * spanX;
    const double mouseY = range.yMax - (io.MousePos.y - layout.data.y) / layout.data.height * spanY;
    const bool zoomX = !io.KeyShift || io.KeyCtrl;
    const bool zoomY = io.KeyShift || io.KeyCtrl;
    if (zoomX) range.xMin = mouseX - (mouseX - range.xMin) * factor, range.xMax = mouseX + (range.xMax - mouseX) * factor;
    if (zoomY) {
      range.yMin = mouseY - (mouseY - range.yMin) * factor, range.yMax = mouseY + (range.yMax - mouseY) * factor;
      const double mouseY2 = range.y2Max - (io.MousePos.y - layout.data.y) / layout.data.height * spanY2;
      range.y2Min = mouseY2 - (mouseY2 - range.y2Min) * factor, range.y2Max = mouseY2 + (range.y2Max - mouseY2) * factor;
    }
    state.autoFit = false;
  }
  if (hovered && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) {
    state.autoFit = true;
    range = fitRange(plot);
  }
  // Over a legend entry (where the last frame drew it): its series is highlighted, and no read-out covers the legend.
  const Vec2d mouse{io.MousePos.x, io.MousePos.y};
  state.highlighted.reset();
  for (const auto& [series, rect] : state.legend)
    if (hovered && !active && rect.contains(mouse)) state.highlighted = series;
  std::optional<double> hoverX;
  if (hovered && !active && !state.highlighted && layout.data.contains(mouse))
    hoverX = range.xMin + (mouse.x - layout.data.x) / layout.data.width * (range.xMax - range.xMin);
  PlotLayout drawn = drawPlot(canvas, plot, range, frame, hoverX, state.highlighted);
  state.legend = drawn.legend;
  return drawn;
}

}  // namespace lab
