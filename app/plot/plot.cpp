// [SECTION] Ranges and ticks
// [SECTION] Layout
// [SECTION] Series: decimated lines and bars
// [SECTION] Axes, legend, read-out: drawPlot
// [SECTION] ImDrawList canvas and the interactive widget
#include "plot/plot.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
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

PlotRange fitRange(const Plot& plot) {
  double xMin = std::numeric_limits<double>::infinity();
  double xMax = -xMin;
  for (const PlotSeries& series : plot.series) {
    if (series.y.empty()) continue;
    const double halfBar = series.bars ? 0.5 * series.xStep : 0.0;
    xMin = std::min(xMin, seriesX(series, 0) - halfBar);
    xMax = std::max(xMax, seriesX(series, series.y.size() - 1) + (series.steps ? stepTail(series) : halfBar));
  }
  if (!(xMin <= xMax)) return {};
  if (xMax - xMin < 1e-12) {
    xMin -= 0.5;
    xMax += 0.5;
  }
  const auto [yMin, yMax] = fitY(plot, false);
  auto [y2Min, y2Max] = fitY(plot, true);
  if (plot.y2UnitInterval) y2Min = 0, y2Max = std::max(y2Max, 1.0 + kFitMargin);
  return {xMin, xMax, yMin, yMax, y2Min, y2Max};
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
  // A small plot keeps its legend out of the data: entries in rows under the x axis title, from legendY.
  bool legendBelow = false;
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

Layout layoutPlot(const PlotCanvas& canvas, const Plot& plot, const PlotRange& range, const ScreenRect& frame) {
  Layout layout;
  layout.lineHeight = canvas.textSize("Ag").y;
  double top = frame.y + kPadding;
  layout.titleY = top;
  // A title wider than the plot breaks at spaces: at 200 % the experiment's one-line description was cut at both
  // ends ("8, 100000 trials, ... cold"), newcomer review s31.
  if (!plot.title.empty()) {
    for (const std::string_view line : breakLines(plot.title, frame.width - 2 * kPadding,
                                                  [&canvas](std::string_view text) { return canvas.textSize(text).x; }))
      layout.titleLines.emplace_back(line);
    top += static_cast<double>(layout.titleLines.size()) * layout.lineHeight + 4;
  }
  layout.yTitleY = top;
  top += layout.lineHeight + 6;  // the y axis title sits above the axis
  double bottom = frame.y + frame.height - kPadding - 2 * layout.lineHeight - kTickLength - 6;
  // The legend box inside the data area would cover more than a fifth of a small plot: put it underneath.
  const int flags = flagCount(plot);
  layout.stripHeight = layout.lineHeight + 2;
  bottom -= flags * (layout.stripHeight + kStripGap);
  double legendWidth = 0;
  for (const PlotSeries& series : plot.series)
    if (!series.flag) legendWidth = std::max(legendWidth, canvas.textSize(series.name).x);
  const auto legendEntries = double(plot.series.size()) - flags;
  const double legendArea = (legendWidth + layout.lineHeight * kLegendSwatch + 22) * (legendEntries * (layout.lineHeight + 3) + 8);
  if (legendEntries > 0 && legendArea > 0.2 * (frame.width - 2 * kPadding) * std::max(bottom - top, 10.0)) {
    const auto flow = legendFlow(canvas, plot, layout.lineHeight, frame.width - 2 * kPadding);
    double rows = 0;
    for (const auto& place : flow) rows = std::max(rows, double(place.second + 1));
    layout.legendBelow = true;
    layout.legendX = frame.x + kPadding;
    layout.legendWidth = frame.width - 2 * kPadding;
    layout.legendY = frame.y + frame.height - kPadding - rows * (layout.lineHeight + 3) + 3;
    bottom -= rows * (layout.lineHeight + 3) + 2;
  }
  const double height = std::max(bottom - top, 10.0);
  layout.yStep = niceStep(range.yMax - range.yMin, height / kYTickSpacing);
  if (plot.y.integers) layout.yStep = std::max(layout.yStep, 1.0);
  double labelWidth = 0;
  for (const double tick : ticks(range.yMin, range.yMax, layout.yStep))
    labelWidth = std::max(labelWidth, canvas.textSize(formatTick(tick, layout.yStep)).x);
  for (const PlotSeries& series : plot.series)
    if (series.flag) labelWidth = std::max(labelWidth, canvas.textSize(series.name).x);
  const double left = frame.x + kPadding + labelWidth + kTickLength + 4;
  // The right axis's tick labels, when a series is on it, take room from the data at the right.
  double rightWidth = 6;
  layout.right = hasRightAxis(plot);
  if (layout.right) {
    layout.y2Step = niceStep(range.y2Max - range.y2Min, height / kYTickSpacing);
    if (plot.y2.integers) layout.y2Step = std::max(layout.y2Step, 1.0);
    double widest = 0;
    for (const double tick : ticks(range.y2Min, range.y2Max, layout.y2Step))
      widest = std::max(widest, canvas.textSize(formatTick(tick, layout.y2Step)).x);
    rightWidth = widest + kTickLength + 4;
  }
  const double width = std::max(frame.x + frame.width - kPadding - rightWidth - left, 10.0);
  layout.data = {left, top, width, height};
  layout.axisY = top + height + flags * (layout.stripHeight + kStripGap);
  layout.xStep = niceStep(range.xMax - range.xMin, width / kXTickSpacing);
  if (plot.x.integers) layout.xStep = std::max(layout.xStep, 1.0);
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

void drawLine(PlotCanvas& canvas, const PlotSeries& series, const Mapping& map) {
  if (series.y.empty()) return;
  const auto [first, last] = visibleIndices(series, map.range);
  std::vector<Vec2d> points;
  const auto flush = [&] {
    if (points.size() == 1) points.push_back(points.front() + Vec2d{0.5, 0});  // a lone point: a dot
    if (!points.empty()) canvas.polyline(points, series.color, kLineWidth);
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
      if (series.steps && !points.empty()) points.push_back({point.x, points.back().y});  // across, then up
      points.push_back(point);
    }
    if (series.steps && !points.empty() && last + 1 == series.y.size()) {
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

void drawBars(PlotCanvas& canvas, const PlotSeries& series, const Mapping& map, int slot, int slots) {
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
    canvas.rect({x0, std::min(top, base)}, {x1, std::max(top, base)}, series.color.withAlpha(0.85f));
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
void drawLegend(PlotCanvas& canvas, const Plot& plot, const Layout& layout, const Mapping& map) {
  double width = 0;
  int entries = 0;
  for (const PlotSeries& series : plot.series) {
    if (series.flag) continue;
    width = std::max(width, canvas.textSize(series.name).x);
    ++entries;
  }
  if (entries == 0) return;
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
    }
    return;
  }
  const Vec2d size{width + swatch + 22, entries * rowHeight + 8};
  const ScreenRect& data = layout.data;
  Vec2d min{data.x + data.width - 6 - size.x, data.y + 6};
  double fewest = std::numeric_limits<double>::infinity();
  // (x, y) in the data area: 0 left or top, 0.5 middle, 1 right or bottom; in the order ties are settled.
  constexpr Vec2d kPlaces[] = {{1, 0}, {0, 0}, {1, 1}, {0, 1}, {1, 0.5}, {0, 0.5}, {0.5, 0}, {0.5, 1}, {0.5, 0.5}};
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
          if (previous) hidden += 10.0 * clippedLength(*previous, {x, y}, grazed);
          previous = Vec2d{x, y};
        }
      }
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
  for (const PlotSeries& series : plot.series) {
    if (series.flag) continue;
    const double swatchTop = y + 0.5 * (layout.lineHeight - swatch);
    canvas.rect({min.x + 7, swatchTop}, {min.x + 7 + swatch, swatchTop + swatch}, series.color);
    canvas.text({min.x + 13 + swatch, y}, series.name, palette::kText);
    y += rowHeight;
  }
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
    const std::size_t index = nearestIndex(series, hoverX);
    shownX = seriesX(series, index);
    const double y = series.y[index];
    if (series.flag) {
      std::snprintf(text, sizeof text, "%s: %s", series.name.c_str(), !isFiniteNumber(y) ? "-" : y != 0 ? "yes" : "no");
      lines.emplace_back(text, series.color);
      continue;
    }
    if (isFiniteNumber(y)) {
      const Vec2d point{map.toX(shownX), map.of(series).toY(y)};
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

PlotLayout drawPlot(PlotCanvas& canvas, const Plot& plot, const PlotRange& range, const ScreenRect& frame,
                    std::optional<double> hoverX) {
  const Layout layout = layoutPlot(canvas, plot, range, frame);
  const Mapping map{layout.data, range};
  const ScreenRect& data = layout.data;
  const Vec2d dataMax{data.x + data.width, data.y + data.height};
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

  // Grid and tick labels; the x axis's under the strips.
  const double axisY = layout.axisY;
  for (const double tick : ticks(range.xMin, range.xMax, layout.xStep)) {
    const double x = map.toX(tick);
    canvas.polyline(std::vector<Vec2d>{{x, data.y}, {x, dataMax.y}}, kGridLine, 1.0f);
    canvas.polyline(std::vector<Vec2d>{{x, axisY}, {x, axisY + kTickLength}}, kAxisLine, 1.0f);
    const std::string label = formatTick(tick, layout.xStep);
    const double width = canvas.textSize(label).x;
    canvas.text({x - 0.5 * width, axisY + kTickLength + 2}, label, palette::kTextDim);
  }
  for (const double tick : ticks(range.yMin, range.yMax, layout.yStep)) {
    const double y = map.toY(tick);
    canvas.polyline(std::vector<Vec2d>{{data.x, y}, {dataMax.x, y}}, kGridLine, 1.0f);
    canvas.polyline(std::vector<Vec2d>{{data.x - kTickLength, y}, {data.x, y}}, kAxisLine, 1.0f);
    const std::string label = formatTick(tick, layout.yStep);
    const Vec2d size = canvas.textSize(label);
    canvas.text({data.x - kTickLength - 3 - size.x, y - 0.5 * size.y}, label, palette::kTextDim);
  }
  // The right axis: its ticks and labels outside the data's right edge (no grid of its own: the left's is the grid).
  if (layout.right) {
    const Mapping right = map.onAxis(true);
    for (const double tick : ticks(range.y2Min, range.y2Max, layout.y2Step)) {
      const double y = right.toY(tick);
      canvas.polyline(std::vector<Vec2d>{{dataMax.x, y}, {dataMax.x + kTickLength, y}}, kAxisLine, 1.0f);
      const std::string label = formatTick(tick, layout.y2Step);
      canvas.text({dataMax.x + kTickLength + 3, y - 0.5 * canvas.textSize(label).y}, label, palette::kTextDim);
    }
  }

  // Data.
  canvas.pushClip(data.min(), dataMax);
  int barSlots = 0;
  for (const PlotSeries& series : plot.series) barSlots += series.bars && !series.flag;
  int slot = 0;
  for (const PlotSeries& series : plot.series)
    if (series.bars && !series.flag) drawBars(canvas, series, map.of(series), slot++, barSlots);
  for (const PlotSeries& series : plot.series)
    if (!series.bars && !series.flag) drawLine(canvas, series, map.of(series));
  canvas.popClip();
  canvas.rectOutline(data.min(), dataMax, kAxisLine, 1.0f);

  // Titles and legend.
  for (std::size_t i = 0; i < layout.titleLines.size(); ++i) {
    const double width = canvas.textSize(layout.titleLines[i]).x;
    canvas.text({frame.x + 0.5 * (frame.width - width), layout.titleY + static_cast<double>(i) * layout.lineHeight},
                layout.titleLines[i], palette::kText);
  }
  canvas.text({frame.x + kPadding, layout.yTitleY}, axisTitle(plot.y), palette::kText);
  if (layout.right) {
    const std::string title = axisTitle(plot.y2);
    canvas.text({frame.x + frame.width - kPadding - canvas.textSize(title).x, layout.yTitleY}, title, palette::kText);
  }
  const std::string xTitle = axisTitle(plot.x);
  canvas.text({data.x + 0.5 * (data.width - canvas.textSize(xTitle).x), axisY + kTickLength + 4 + layout.lineHeight},
              xTitle, palette::kText);
  drawLegend(canvas, plot, layout, map);
  if (hoverX) {
    canvas.pushClip(frame.min(), frame.max());
    drawReadout(canvas, plot, map, layout, *hoverX);
    canvas.popClip();
  }
  return {layout.data};
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
  std::optional<double> hoverX;
  if (hovered && !active && layout.data.contains({io.MousePos.x, io.MousePos.y}))
    hoverX = range.xMin + (io.MousePos.x - layout.data.x) / layout.data.width * (range.xMax - range.xMin);
  return drawPlot(canvas, plot, range, frame, hoverX);
}

}  // namespace lab
