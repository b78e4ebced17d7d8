// CSV tables (app/io/csv.h) and the recording ring buffer (app/plot/recording.h): round trips and limits; what the
// Plots window records (app/plot/plot_panel.h) and where a plot puts its legend (app/plot/plot.h).
#include <algorithm>
#include <cstdlib>
#include <array>
#include <bit>
#include <cmath>
#include <filesystem>
#include <limits>

#include <gtest/gtest.h>

#include "io/csv.h"
#include "plot/experiment_plots.h"
#include "plot/plot.h"
#include "plot/plot_panel.h"
#include "plot/recording.h"

namespace lab {
namespace {

bool sameBits(double a, double b) {
  if (std::isnan(a) && std::isnan(b)) return true;
  return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
}

void expectSameTable(const CsvTable& expected, const CsvTable& actual) {
  ASSERT_EQ(expected.columns.size(), actual.columns.size());
  for (std::size_t c = 0; c < expected.columns.size(); ++c) {
    EXPECT_EQ(expected.columns[c].name, actual.columns[c].name);
    EXPECT_EQ(expected.columns[c].unit, actual.columns[c].unit);
    ASSERT_EQ(expected.columns[c].values.size(), actual.columns[c].values.size()) << expected.columns[c].name;
    for (std::size_t r = 0; r < expected.columns[c].values.size(); ++r)
      EXPECT_TRUE(sameBits(expected.columns[c].values[r], actual.columns[c].values[r]))
          << expected.columns[c].name << " row " << r << ": " << expected.columns[c].values[r] << " vs "
          << actual.columns[c].values[r];
  }
}

TEST(Csv, RoundTripIsBitExactWithUnitsAndMissingValues) {
  const double nan = std::nan("");
  CsvTable table;
  table.columns.push_back({"frame", "", {0, 1, 2, 3, 4}});
  table.columns.push_back({"gjk_iterations", "iterations", {3, 4, nan, 64, 1}});
  table.columns.push_back({"query_time", "us", {0.1, 1.0 / 3.0, 1e-300, 1.7976931348623157e308, -0.0}});
  table.columns.push_back({"ratio", "%", {std::numeric_limits<double>::denorm_min(), 2.5e-7, 123456789.125, nan, -1e22}});
  const std::string text = csvText(table);
  EXPECT_EQ(text.substr(0, text.find('\n')), "frame,gjk_iterations [iterations],query_time [us],ratio [%]");
  std::string error;
  const std::optional<CsvTable> back = parseCsv(text, "memory", error);
  ASSERT_TRUE(back) << error;
  expectSameTable(table, *back);
  EXPECT_EQ(csvText(*back), text);
}

TEST(Csv, FilesRoundTripAndFailuresNameTheProblem) {
  CsvTable table;
  table.columns.push_back({"iterations", "", {0, 1, 2}});
  table.columns.push_back({"distance_runs", "runs", {0, 10, 5}});
  const std::string path = testing::TempDir() + "plot_io_round_trip.csv";
  std::string error;
  ASSERT_TRUE(writeCsvFile(path, table, error)) << error;
  const std::optional<CsvTable> back = readCsvFile(path, error);
  ASSERT_TRUE(back) << error;
  expectSameTable(table, *back);

  EXPECT_FALSE(readCsvFile(testing::TempDir() + "no-such-file.csv", error));
  EXPECT_NE(error.find("no-such-file.csv"), std::string::npos) << error;
  EXPECT_FALSE(parseCsv("a,b [s]\n1,2\n3,x\n", "t.csv", error));
  EXPECT_EQ(error, "t.csv: line 3, column 2 (b): expected a number, got \"x\"");
  EXPECT_FALSE(parseCsv("a,b\n1,2,3\n", "t.csv", error));
  EXPECT_NE(error.find("line 2: expected 2 fields"), std::string::npos) << error;
  EXPECT_FALSE(parseCsv("", "t.csv", error));
  EXPECT_FALSE(writeCsvFile(testing::TempDir() + "no-such-directory/x.csv", table, error));
}

// Export never writes over a file already there (review s32 A12: a bare "wrote recording.csv" into the working
// directory, twice over the same file): the second export takes "-2", and the message names the whole path.
TEST(PlotPanel, ExportKeepsWhatIsThereAndNamesTheWholePath) {
  PlotPanel panel;
  for (int frame = 0; frame < 3; ++frame) {
    panel.collect(1.0 / 60.0, [frame](std::vector<FrameMetric>& out) {
      out.push_back({"cast_iterations", 1.0 + frame, "iterations", "cast iterations"});
    });
  }
  const std::string stem = testing::TempDir() + "plot_export_keeps";
  std::filesystem::remove(stem + ".csv");
  std::filesystem::remove(stem + "-2.csv");
  panel.setExportStem(stem);
  const std::string first = panel.exportFiles("csv");
  EXPECT_EQ(first, std::filesystem::absolute(stem + ".csv").string());
  EXPECT_EQ(panel.exportMessage(), "wrote " + first);
  std::string error;
  const std::optional<CsvTable> written = readCsvFile(first, error);
  ASSERT_TRUE(written) << error;
  const std::string second = panel.exportFiles("csv");
  EXPECT_EQ(second, std::filesystem::absolute(stem + "-2.csv").string());
  const std::optional<CsvTable> kept = readCsvFile(first, error);
  ASSERT_TRUE(kept) << error;
  expectSameTable(*written, *kept);
  EXPECT_TRUE(std::filesystem::is_regular_file(second));
}

std::vector<FrameMetric> metrics(double gjk, double time) {
  return {{"gjk_iterations", gjk, "iterations", "GJK iterations"}, {"query_time", time, "us", "query time"}};
}

TEST(Recording, KeepsTheLastCapacityFramesOfEverySeries) {
  Recording recording(100);
  for (int frame = 0; frame < 1000; ++frame) recording.addFrame(frame / 60.0, metrics(frame % 7, frame * 0.5));
  ASSERT_EQ(recording.frameCount(), 100u);
  EXPECT_EQ(recording.framesDropped(), 900u);
  ASSERT_EQ(recording.seriesCount(), 2u);
  EXPECT_EQ(recording.seriesUnit(1), "us");
  for (std::size_t i = 0; i < 100; ++i) {
    const int frame = 900 + int(i);
    EXPECT_EQ(recording.frames()[i], frame);
    EXPECT_EQ(recording.values(0)[i], frame % 7);
    EXPECT_EQ(recording.values(1)[i], frame * 0.5);
    EXPECT_NEAR(recording.seconds()[i], frame / 60.0, 1e-12);
  }
}

TEST(Recording, LateAndMissingMetricsAreNaNAndTheCsvRoundTrips) {
  Recording recording(1000);
  recording.addFrame(0.0, metrics(3, 1.5));
  recording.addFrame(0.1, {{FrameMetric{"sat_axes", 4, "axes", "SAT axes tested"}}});  // gjk and time missing, sat new
  recording.addFrame(0.2, metrics(5, 2.5));
  ASSERT_EQ(recording.seriesCount(), 3u);
  EXPECT_TRUE(std::isnan(recording.values(0)[1]));
  EXPECT_TRUE(std::isnan(recording.values(2)[0]));
  EXPECT_EQ(recording.values(2)[1], 4);
  const CsvTable table = recording.toCsv();
  std::string error;
  const std::optional<CsvTable> back = parseCsv(csvText(table), "", error);
  ASSERT_TRUE(back) << error;
  expectSameTable(table, *back);
  EXPECT_EQ(back->columns[1].name, "time");
  EXPECT_EQ(back->columns[1].unit, "s");
  recording.clear();
  EXPECT_EQ(recording.frameCount(), 0u);
  EXPECT_EQ(recording.seriesCount(), 0u);
}

TEST(Recording, DefaultCapacityHoldsAHundredThousandFrames) {
  Recording recording;
  EXPECT_GE(recording.capacity(), 100000u);
  for (int frame = 0; frame < 250000; ++frame) recording.addFrame(frame, metrics(frame, frame));
  EXPECT_EQ(recording.frameCount(), recording.capacity());
  EXPECT_EQ(recording.values(0).back(), 249999);
  EXPECT_EQ(recording.values(0).front(), double(250000 - recording.capacity()));
}

// A lab that reports its updates (a simulation) is recorded once per update, not once per UI frame: paused, the
// same numbers are not added again; the x axis says what it counts. Without updates every UI frame is recorded.
TEST(PlotPanel, RecordsALabsUpdatesNotItsIdleFrames) {
  PlotPanel panel;
  const auto report = [](std::vector<FrameMetric>& out) { out.push_back({"pairs", 3, "pairs", "pairs"}); };
  for (int frame = 0; frame < 120; ++frame) panel.collect(1.0 / 60.0, report, 7);  // paused at update 7
  EXPECT_EQ(panel.recording().frameCount(), 1u);
  for (std::uint64_t update = 8; update < 18; ++update) {
    panel.collect(1.0 / 60.0, report, update);
    panel.collect(1.0 / 60.0, report, update);  // two UI frames per simulation frame
  }
  EXPECT_EQ(panel.recording().frameCount(), 11u);
  EXPECT_EQ(panel.frameAxisLabel(), "update (simulation frame or edit)");

  PlotPanel everyFrame;
  everyFrame.setSkipIdle(false);
  for (int frame = 0; frame < 120; ++frame) everyFrame.collect(1.0 / 60.0, report);
  EXPECT_EQ(everyFrame.recording().frameCount(), 120u);
  EXPECT_EQ(everyFrame.frameAxisLabel(), "UI frame");
}

// A canvas that keeps the polylines (by colour), the filled rectangles and the texts drawn.
class RecordingCanvas : public PlotCanvas {
 public:
  void polyline(std::span<const Vec2d> points, Color color, float) override {
    lines.push_back({color, {points.begin(), points.end()}});
  }
  void rect(Vec2d min, Vec2d max, Color color) override { rects.push_back({color, {min, max}}); }
  void rectOutline(Vec2d, Vec2d, Color, float) override {}
  void text(Vec2d topLeft, std::string_view text, Color) override { texts.push_back({std::string(text), topLeft}); }
  [[nodiscard]] Vec2d textSize(std::string_view text) const override { return {7.0 * double(text.size()), 14}; }
  void pushClip(Vec2d, Vec2d) override {}
  void popClip() override {}
  std::vector<std::pair<Color, std::vector<Vec2d>>> lines;
  std::vector<std::pair<Color, std::array<Vec2d, 2>>> rects;
  std::vector<std::pair<std::string, Vec2d>> texts;
};

bool sameColor(Color a, Color b) { return a.r == b.r && a.g == b.g && a.b == b.b; }

// The Plots window names series in words with units, and keeps a 0/1 verdict off the axis of counts (newcomer
// review s29, C9: "gjk_iterations", "query_time" and "hit" on one "value (mixed units)" axis). The CSV keeps the
// names and units as columns.
TEST(PlotPanel, SeriesAreNamedInWordsAndAFlagIsAStripOffTheValueAxis) {
  PlotPanel panel;
  for (int frame = 0; frame < 10; ++frame) {
    panel.collect(1.0 / 60.0, [frame](std::vector<FrameMetric>& out) {
      out.push_back({"gjk_iterations", 20.0 + frame, "iterations", "GJK iterations"});
      out.push_back({"query_time", 0.5, "us", "query time (\u00b5s)"});
      out.push_back({"hit", frame % 4 < 2 ? 1.0 : 0.0, "bool", "hit"});  // hit in frames 0-1, 4-5, 8-9
    });
  }
  const CsvTable csv = panel.recording().toCsv();
  ASSERT_EQ(csv.columns.size(), 5u);
  EXPECT_EQ(csv.columns[2].name, "gjk_iterations");
  EXPECT_EQ(csv.columns[3].name, "query_time");
  EXPECT_EQ(csv.columns[3].unit, "us");
  EXPECT_EQ(csv.columns[4].name, "hit");

  panel.buildPlot();
  const Plot& plot = panel.plot();
  ASSERT_EQ(plot.series.size(), 2u);  // the time series starts hidden
  EXPECT_EQ(plot.series[0].name, "GJK iterations");
  EXPECT_FALSE(plot.series[0].flag);
  EXPECT_EQ(plot.series[1].name, "hit");
  EXPECT_TRUE(plot.series[1].flag);
  EXPECT_EQ(plot.y.label, "iterations");
  EXPECT_EQ(plot.y.unit, "");

  const PlotRange range = fitRange(plot);
  EXPECT_GT(range.yMin, 0.0 - 1e-12);
  EXPECT_EQ(range.yMax, 30.0);  // the iterations' range alone, to a nice number above it
  RecordingCanvas canvas;
  const PlotLayout layout = drawPlot(canvas, plot, range, {0, 0, 760, 300});
  const double dataBottom = layout.data.y + layout.data.height;
  int hitLabels = 0;
  for (const auto& [text, at] : canvas.texts) {
    if (text != "hit") continue;
    ++hitLabels;
    EXPECT_LT(at.x + 7.0 * 3, layout.data.x) << "the strip's name sits left of it, as a tick label";
    EXPECT_GT(at.y, dataBottom) << "the strip is under the data";
  }
  EXPECT_EQ(hitLabels, 1) << "named once, at its strip; not in the legend";
  // Three runs of "hit", each a filled rectangle under the data, from its first frame to the frame after its last.
  std::vector<std::array<Vec2d, 2>> runs;
  for (const auto& [color, corners] : canvas.rects)
    if (sameColor(color, plot.series[1].color)) runs.push_back(corners);
  ASSERT_EQ(runs.size(), 3u);
  const auto toX = [&](double x) { return layout.data.x + (x - range.xMin) / (range.xMax - range.xMin) * layout.data.width; };
  for (std::size_t i = 0; i < runs.size(); ++i) {
    EXPECT_GT(runs[i][0].y, dataBottom);
    EXPECT_NEAR(runs[i][0].x, toX(4.0 * double(i)), 1e-9);
    EXPECT_NEAR(runs[i][1].x, toX(4.0 * double(i) + 2), 1e-9);
  }
}

// The continuous labs record a cast's iterations (10 to 40) and its time of impact (t in [0, 1]): on one axis the
// time was a flat line along the bottom. Over time the last unit shown goes on a right axis named by it, [0, 1]
// whole for a time over the motion, so t = 0.5 is drawn half way up; the legend says which series is on it.
TEST(PlotPanel, ATimeOfImpactHasItsOwnAxisBesideTheIterations) {
  PlotPanel panel;
  for (int frame = 0; frame < 10; ++frame) {
    panel.collect(1.0 / 60.0, [frame](std::vector<FrameMetric>& out) {
      out.push_back({"cast_iterations", 10.0 + 3 * frame, "iterations", "cast iterations"});
      out.push_back({"time_of_impact", 0.5, "t", "time of impact (t)"});
    });
  }
  panel.buildPlot();
  const Plot& plot = panel.plot();
  ASSERT_EQ(plot.series.size(), 2u);
  EXPECT_FALSE(plot.series[0].rightAxis);
  EXPECT_TRUE(plot.series[1].rightAxis);
  EXPECT_EQ(plot.series[1].name, "time of impact (t), right axis");
  EXPECT_EQ(plot.y.label, "iterations");
  EXPECT_EQ(plot.y2.label, "t (time over the motion, 0 to 1)");
  EXPECT_TRUE(hasRightAxis(plot));

  const PlotRange range = fitRange(plot);
  EXPECT_EQ(range.yMax, 40.0);  // the iterations' range alone, to a nice number above them
  EXPECT_EQ(range.y2Min, 0.0);
  EXPECT_NEAR(range.y2Max, 1.04, 1e-12);
  RecordingCanvas canvas;
  const PlotLayout layout = drawPlot(canvas, plot, range, {0, 0, 760, 300});
  const double middle = layout.data.y + layout.data.height * (1.0 - 0.5 / 1.04);
  int timeLines = 0;
  for (const auto& [color, points] : canvas.lines) {
    if (!sameColor(color, plot.series[1].color) || points.size() < 2) continue;
    ++timeLines;
    for (const Vec2d point : points) EXPECT_NEAR(point.y, middle, 1e-9) << "t = 0.5 on the right axis's [0, 1.04]";
  }
  EXPECT_EQ(timeLines, 1);
  // Its title at the top right, its ticks' labels right of the data.
  bool title = false, rightTicks = false;
  for (const auto& [text, at] : canvas.texts) {
    title = title || (text == plot.y2.label && at.x > layout.data.x + 0.5 * layout.data.width);
    rightTicks = rightTicks || (text == "1.0" && at.x > layout.data.x + layout.data.width);
  }
  EXPECT_TRUE(title);
  EXPECT_TRUE(rightTicks);
}

// A histogram bins each unit on its own: with the iterations (10 to 37) and the time of impact (t in [0, 1]) shown,
// one histogram holds one unit's series on an x axis of that unit. On one axis every t fell in the iterations'
// first bin. The times are binned over [0, 1] whole (40 bins), so t = 0.3125 and 0.8125 land where they lie.
TEST(PlotPanel, AHistogramBinsEachUnitOnItsOwnAxis) {
  PlotPanel panel;
  for (int frame = 0; frame < 10; ++frame) {
    panel.collect(1.0 / 60.0, [frame](std::vector<FrameMetric>& out) {
      out.push_back({"cast_iterations", 10.0 + 3 * frame, "iterations", "cast iterations"});
      out.push_back({"time_of_impact", frame < 4 ? 0.3125 : 0.8125, "t", "time of impact (t)"});
    });
  }
  panel.setMode(PlotPanel::Mode::Histogram);
  panel.buildPlot();
  {
    const Plot& plot = panel.plot();  // the first unit shown: the iterations, one bar per whole number
    ASSERT_EQ(plot.series.size(), 1u);
    EXPECT_EQ(plot.series[0].name, "cast iterations");
    EXPECT_EQ(plot.x.label, "iterations");
    EXPECT_TRUE(plot.x.integers);
    EXPECT_EQ(plot.series[0].xStart, 10.0);
    EXPECT_EQ(plot.series[0].xStep, 1.0);
    ASSERT_EQ(plot.series[0].y.size(), 28u);  // 10 .. 37
    EXPECT_EQ(plot.series[0].y[3], 1.0);
    EXPECT_EQ(plot.series[0].y[4], 0.0);
  }
  panel.setHistogramUnit("t");
  panel.buildPlot();
  const Plot& plot = panel.plot();
  ASSERT_EQ(plot.series.size(), 1u);
  EXPECT_EQ(plot.series[0].name, "time of impact (t)");
  EXPECT_EQ(plot.x.label, "t (time over the motion, 0 to 1)");
  EXPECT_FALSE(plot.x.integers);
  EXPECT_EQ(plot.series[0].xStep, 1.0 / 40);
  ASSERT_EQ(plot.series[0].y.size(), 40u);
  const auto binOf = [&](double t) { return static_cast<std::size_t>(t * 40); };
  EXPECT_EQ(plot.series[0].y[binOf(0.3125)], 4.0);
  EXPECT_EQ(plot.series[0].y[binOf(0.8125)], 6.0);
  EXPECT_EQ(plot.y.label, "recorded frames (idle ones left out)");  // skip idle frames is on
  const PlotRange range = fitRange(plot);
  EXPECT_LE(range.xMin, 0.0);
  EXPECT_GE(range.xMax, 1.0);
  EXPECT_LT(range.xMax, 1.5);
}

// Flat lines along the top and the bottom of the plot (the mid phase's BV tests, triangle tests and pairs, 60
// frames): every corner of the data area hides one of them, so the legend goes into the gap between them.
TEST(Plot, LegendHidesNoLineWhenAGapHoldsIt) {
  const std::vector<double> bv(60, 703), triangles(60, 556), pairs(60, 80);
  Plot plot;
  plot.x = {"frame", "", true};
  plot.y = {"value", "", false};
  const Color colors[] = {rgb(0x4a9eff), rgb(0xffa94a), rgb(0x5fd68a)};
  const std::vector<double>* data[] = {&bv, &triangles, &pairs};
  const char* names[] = {"bv_tests", "primitive_tests", "pairs"};
  for (int i = 0; i < 3; ++i) plot.series.push_back({names[i], "", colors[i], *data[i], {}, 0, 1, false, false, false, false});
  RecordingCanvas canvas;
  const PlotLayout layout = drawPlot(canvas, plot, fitRange(plot), {0, 0, 760, 260});
  double top = INFINITY, bottom = -INFINITY, left = INFINITY, right = -INFINITY;
  for (const auto& [text, at] : canvas.texts) {
    if (text != "bv_tests" && text != "primitive_tests" && text != "pairs") continue;
    top = std::min(top, at.y);
    bottom = std::max(bottom, at.y + 14);
    left = std::min(left, at.x);
    right = std::max(right, at.x + 7.0 * double(text.size()));
  }
  ASSERT_LT(top, bottom) << "no legend drawn";
  ASSERT_GE(top, layout.data.y) << "the legend is inside the data area";
  for (int i = 0; i < 3; ++i) {
    for (const auto& [color, points] : canvas.lines) {
      if (color.r != colors[i].r || color.g != colors[i].g || color.b != colors[i].b) continue;
      for (const Vec2d& point : points) {
        const bool underLegend = point.x >= left - 12 && point.x <= right + 8 && point.y >= top - 6 && point.y <= bottom + 6;
        EXPECT_FALSE(underLegend) << names[i] << " at (" << point.x << ", " << point.y << ") is under the legend ("
                                  << left << ".." << right << ", " << top << ".." << bottom << ")";
      }
    }
  }
}

// A title wider than the plot breaks at spaces into lines inside the frame, above the data: at 200 % the experiment's
// description was cut at both ends of a one-line title (newcomer review s31).
TEST(Plot, ALongTitleWrapsInsideTheFrame) {
  Plot plot;
  plot.title = "ngon8, 100000 trials, seed 1, double, gap -0.25..0.25, size ratio 1, offset 0, cold start";
  plot.x = {"iterations", "", true};
  plot.y = {"share of runs", "%", false};
  const std::vector<double> shares = {1, 2, 3};
  plot.series.push_back({"distance", "", rgb(0x5fd68a), shares, {}, 0, 1, false, false, false, false});
  RecordingCanvas canvas;
  const ScreenRect frame{10, 0, 300, 300};  // the title alone is 7 x 88 = 616 pixels wide
  const PlotLayout layout = drawPlot(canvas, plot, fitRange(plot), frame);
  std::string words;
  double lastTitleBottom = 0;
  for (const auto& [text, at] : canvas.texts) {
    if (plot.title.find(text) == std::string::npos || text.size() < 10) continue;
    EXPECT_GE(at.x, frame.x) << text;
    EXPECT_LE(at.x + 7.0 * double(text.size()), frame.x + frame.width) << text;
    words += (words.empty() ? "" : " ") + text;
    lastTitleBottom = std::max(lastTitleBottom, at.y + 14);
  }
  EXPECT_EQ(words, plot.title) << "every word, in order, once";
  EXPECT_LT(lastTitleBottom, layout.data.y) << "the title above the data";
}

// The experiments' cumulative plot counts whole iterations: a step function (across at the last share, then up at
// the next count), not sloped lines between the counts.
TEST(Plot, CumulativeIterationsDrawAsSteps) {
  collide::ExperimentResult result;
  collide::AlgorithmStats stats;
  stats.algorithm = collide::Algorithm::Sat;
  stats.histogram = {0, 0, 0, 0, 2, 0, 1, 1};
  stats.runs = 4;
  stats.maxIterationsSeen = 7;
  result.algorithms.push_back(stats);
  ExperimentPlotData data;
  const Plot plot = experimentPlots({}, result, true, data).at(0);
  ASSERT_EQ(plot.series.size(), 1u);
  EXPECT_TRUE(plot.series[0].steps);
  EXPECT_FALSE(experimentPlots({}, result, false, data).at(0).series[0].steps);
  const Plot cumulative = experimentPlots({}, result, true, data).at(0);
  RecordingCanvas canvas;
  (void)drawPlot(canvas, cumulative, fitRange(cumulative), {0, 0, 760, 400});
  const Color sat = algorithmColor(collide::Algorithm::Sat);
  const std::vector<Vec2d>* line = nullptr;
  for (const auto& [color, points] : canvas.lines) {
    if (color.r == sat.r && color.g == sat.g && color.b == sat.b && (line == nullptr || points.size() > line->size())) line = &points;
  }
  ASSERT_NE(line, nullptr);
  // Each change of share adds a corner, a share that holds none; the last holds to the axis's end.
  std::size_t corners = 0;
  for (std::size_t i = 1; i < data.shares[0].size(); ++i) corners += data.shares[0][i] != data.shares[0][i - 1];
  ASSERT_EQ(line->size(), data.shares[0].size() + corners + 1);
  EXPECT_EQ(line->back().y, (*line)[line->size() - 2].y);  // until the next count, inside the fitted range
  EXPECT_GT(fitRange(cumulative).xMax, 7.0);
  for (std::size_t i = 1; i < line->size(); ++i) {
    const Vec2d d = (*line)[i] - (*line)[i - 1];
    EXPECT_TRUE(d.x == 0 || d.y == 0) << "a sloped segment from point " << i - 1 << " to " << i;
    EXPECT_TRUE(d.x != 0 || d.y != 0) << "a segment of no length (a blob) at point " << i;
  }
}

// SAT is not capped: its bars run on past GJK's cap to the most axes seen, and the axis says SAT is not capped, so a
// bar past the lab's "iteration cap" is not read as cap hits (newcomer review s31, A2). Beside GJK its axes get an x
// axis of their own: on one, GJK's counts of 1 to 20 were slivers in the left tenth of SAT's 190 (review s33, C6).
TEST(Plot, SatsAxesTestedGetAnAxisOfTheirOwnBesideTheIterations) {
  collide::ExperimentResult result;
  collide::AlgorithmStats gjk;
  gjk.algorithm = collide::Algorithm::Gjk;
  gjk.histogram.assign(65, 0);
  gjk.histogram[3] = 4;
  gjk.runs = 4;
  gjk.maxIterationsSeen = 3;
  collide::AlgorithmStats sat;
  sat.algorithm = collide::Algorithm::Sat;
  sat.histogram.assign(192, 0);
  sat.histogram[5] = 1;
  sat.histogram[191] = 3;
  sat.runs = 4;
  sat.maxIterationsSeen = 191;
  result.algorithms = {gjk, sat};
  ExperimentPlotData data;
  const std::vector<Plot> plots = experimentPlots({}, result, false, data);
  ASSERT_EQ(plots.size(), 2u);
  ASSERT_EQ(plots[0].series.size(), 1u);
  ASSERT_EQ(plots[1].series.size(), 1u);
  EXPECT_EQ(plots[0].series[0].name, "gjk");
  EXPECT_EQ(plots[0].x.label, "iterations");
  EXPECT_EQ(plots[0].series[0].y.size(), 4u);  // 0..3, its own most
  EXPECT_LT(fitRange(plots[0]).xMax, 10.0);
  EXPECT_EQ(plots[1].series[0].name, "sat");
  EXPECT_EQ(plots[1].x.label, "axes tested (sat: not capped)");
  EXPECT_EQ(plots[1].series[0].y.size(), 192u);
  EXPECT_DOUBLE_EQ(plots[1].series[0].y[191], 75.0);
  EXPECT_DOUBLE_EQ(plots[1].series[0].y[64], 0.0);
  EXPECT_GE(fitRange(plots[1]).xMax, 191.0);
  EXPECT_EQ(plots[1].title, "the same run's sat");
  // SAT alone: one plot, its axis saying what it counts.
  result.algorithms = {sat};
  const std::vector<Plot> alone = experimentPlots({}, result, true, data);
  ASSERT_EQ(alone.size(), 1u);
  EXPECT_EQ(alone[0].x.label, "iterations (sat: axes tested, not capped)");
  EXPECT_DOUBLE_EQ(alone[0].series[0].y.back(), 100.0);
  // Side by side, in equal widths, the gap between.
  const std::vector<ScreenRect> frames = sideBySide({10, 20, 1000, 300}, 2, 16);
  ASSERT_EQ(frames.size(), 2u);
  EXPECT_DOUBLE_EQ(frames[0].x, 10);
  EXPECT_DOUBLE_EQ(frames[0].width, 492);
  EXPECT_DOUBLE_EQ(frames[1].x, 518);
  EXPECT_DOUBLE_EQ(frames[1].x + frames[1].width, 1010);
  EXPECT_DOUBLE_EQ(frames[1].height, 300);
}

// Counts of 1 and 2 ticked 0.0, 0.2, ... 2.0 (review s32 A17): an axis whose series hold whole numbers only ticks on
// whole numbers; the time of impact beside them keeps its fractions.
TEST(PlotPanel, AnAxisOfWholeNumbersTicksOnWholeNumbers) {
  PlotPanel panel;
  for (int frame = 0; frame < 6; ++frame) {
    panel.collect(1.0 / 60.0, [frame](std::vector<FrameMetric>& out) {
      out.push_back({"cast_iterations", 1.0 + frame % 2, "iterations", "cast iterations"});
      out.push_back({"time_of_impact", 0.3 + 0.01 * frame, "t", "time of impact (t)"});
    });
  }
  panel.buildPlot();
  const Plot& plot = panel.plot();
  EXPECT_TRUE(plot.y.integers);
  EXPECT_FALSE(plot.y2.integers);
  RecordingCanvas canvas;
  const PlotLayout layout = drawPlot(canvas, plot, fitRange(plot), {0, 0, 760, 300});
  // The tick labels left of the data are whole numbers; right of it, the time's fractions.
  int left = 0, rightFractions = 0;
  for (const auto& [text, at] : canvas.texts) {
    const bool number = !text.empty() && text.find_first_not_of("0123456789.-") == std::string::npos;
    if (!number) continue;
    if (at.x < layout.data.x) {
      ++left;
      EXPECT_EQ(text.find('.'), std::string::npos) << text;
    } else if (at.x > layout.data.x + layout.data.width) {
      rightFractions += text.find('.') != std::string::npos;
    }
  }
  EXPECT_GE(left, 2);
  EXPECT_GT(rightFractions, 0);
}

// 1,600 idle frames before a drag squeezed the drag into the plot's last 5 % (review s32 C4). With "skip idle
// frames" on (the default) a frame is recorded only when the lab's inputs or results changed: measured times,
// which differ every frame, do not count; a drag that leaves the counts alone does (its inputs change). The idle
// frames are counted (the status says how many), the CSV's frame column keeps the UI frames' numbers with their
// gaps, and the plot's x counts the recorded frames, so the drag fills the axis. Off, every UI frame is recorded.
TEST(PlotPanel, SkipsIdleFramesAndSaysHowMany) {
  PlotPanel panel;
  EXPECT_TRUE(panel.skipIdle());
  std::string scene = "B at (0, 0)";
  int iterations = 3;
  int frame = 0;
  const auto step = [&] {
    ++frame;
    panel.collect(
        1.0 / 60.0,
        [&](std::vector<FrameMetric>& out) {
          out.push_back({"gjk_iterations", double(iterations), "iterations", "GJK iterations"});
          out.push_back({"query_time", 1.0 + 0.01 * frame, "us", "query time (\u00b5s)"});  // differs every frame
        },
        std::nullopt, [&] { return scene; });
  };
  for (int i = 0; i < 1600; ++i) step();  // idle
  EXPECT_EQ(panel.recording().frameCount(), 1u);
  for (int i = 0; i < 40; ++i) {  // a drag: the scene changes every frame, the count now and then
    scene = "B at (" + std::to_string(i + 1) + ", 0)";
    iterations = 3 + i / 10;
    step();
  }
  for (int i = 0; i < 300; ++i) step();  // idle again
  const Recording& recording = panel.recording();
  ASSERT_EQ(recording.frameCount(), 41u);
  EXPECT_EQ(recording.idleFramesSkipped(), 1599u + 300u);
  EXPECT_EQ(recording.frames()[0], 0.0);
  EXPECT_EQ(recording.frames()[1], 1600.0) << "the CSV's frame column keeps the UI frame's number";
  EXPECT_EQ(recording.frames()[40], 1639.0);
  EXPECT_NE(panel.statusLines()[1].find("41 frames, 1899 idle frames skipped"), std::string::npos) << panel.statusLines()[1];
  EXPECT_EQ(panel.frameAxisLabel(), "recorded frame (idle frames left out)");
  panel.buildPlot();
  const Plot& plot = panel.plot();
  ASSERT_FALSE(plot.series.empty());
  const PlotRange range = fitRange(plot);
  EXPECT_LE(range.xMax, 42.0) << "the drag fills the x axis: 41 recorded frames, not 1,940 UI frames";
  EXPECT_EQ(seriesX(plot.series[0], 40), 40.0);

  // Off: every UI frame, idle or not.
  panel.clearRecording();
  panel.setSkipIdle(false);
  for (int i = 0; i < 100; ++i) step();
  EXPECT_EQ(panel.recording().frameCount(), 100u);
  EXPECT_EQ(panel.recording().idleFramesSkipped(), 0u);
  EXPECT_EQ(panel.frameAxisLabel(), "UI frame");
  // A change in the results alone is a change too (a lab that gives no inputs).
  PlotPanel resultsOnly;
  for (int i = 0; i < 30; ++i)
    resultsOnly.collect(1.0 / 60.0, [i](std::vector<FrameMetric>& out) { out.push_back({"pairs", double(i / 10), "pairs", "pairs"}); });
  EXPECT_EQ(resultsOnly.recording().frameCount(), 3u);
  EXPECT_EQ(resultsOnly.recording().idleFramesSkipped(), 27u);
}

// Where idle frames were left out, the x axis over recorded frames has a break mark: after the frame the idle ones
// repeated (1,599 idle frames after frame 0, 300 after the last), none where frames follow one another, none over
// seconds (the clock shows the idle time). A reader saw no sign that time was left out (plots report s33).
TEST(PlotPanel, TheXAxisBreaksWhereIdleFramesWereLeftOut) {
  PlotPanel panel;
  std::string scene = "B at (0, 0)";
  const auto step = [&] {
    panel.collect(1.0 / 60.0, [](std::vector<FrameMetric>& out) { out.push_back({"gjk_iterations", 3.0, "iterations", "GJK iterations"}); },
                  std::nullopt, [&] { return scene; });
  };
  for (int i = 0; i < 1600; ++i) step();  // idle after the first
  for (int i = 0; i < 40; ++i) {          // a drag
    scene = "B at (" + std::to_string(i + 1) + ", 0)";
    step();
  }
  for (int i = 0; i < 300; ++i) step();  // idle again
  panel.buildPlot();
  const Plot& plot = panel.plot();
  ASSERT_EQ(plot.xBreaks.size(), 2u);
  EXPECT_EQ(plot.xBreaks[0], 1.0) << "between frame 0 and the drag";
  EXPECT_EQ(plot.xBreaks[1], 41.0) << "after the newest frame";
  // Drawn: two slanted strokes across the x axis at each break, in the frame's 600 x 300 pixels.
  RecordingCanvas canvas;
  const ScreenRect frame{0, 0, 600, 300};
  const PlotLayout layout = drawPlot(canvas, plot, fitRange(plot), frame);
  for (const double value : plot.xBreaks) {
    const double x = layout.data.x + (value - fitRange(plot).xMin) / (fitRange(plot).xMax - fitRange(plot).xMin) * layout.data.width;
    int strokes = 0;
    for (const auto& [color, points] : canvas.lines) {
      if (points.size() != 2 || sameColor(color, palette::kText)) continue;
      const bool slanted = points[0].x != points[1].x && points[0].y != points[1].y;
      const bool across = std::min(points[0].y, points[1].y) < layout.data.y + layout.data.height &&
                          std::max(points[0].y, points[1].y) > layout.data.y + layout.data.height;
      strokes += slanted && across && std::abs(0.5 * (points[0].x + points[1].x) - x) < 6 ? 1 : 0;
    }
    EXPECT_EQ(strokes, 2) << "at x = " << value;
  }
  // No idle frames skipped: no break.
  PlotPanel busy;
  for (int i = 0; i < 50; ++i)
    busy.collect(1.0 / 60.0, [i](std::vector<FrameMetric>& out) { out.push_back({"pairs", double(i), "pairs", "pairs"}); });
  busy.buildPlot();
  EXPECT_TRUE(busy.plot().xBreaks.empty());
}

// A count holds until it changes: the Plots window draws whole-number series as steps (across at the count, then up
// to the next), not as slopes between frames; a fractional series (a time of impact) stays a line over frames.
TEST(PlotPanel, CountsAreDrawnAsSteps) {
  PlotPanel panel;
  const double counts[] = {3, 7, 4, 4, 9};
  for (int frame = 0; frame < 5; ++frame) {
    panel.collect(1.0 / 60.0, [&, frame](std::vector<FrameMetric>& out) {
      out.push_back({"cast_iterations", counts[frame], "iterations", "cast iterations"});
      out.push_back({"time_of_impact", 0.1 * (frame + 1), "t", "time of impact (t)"});
    });
  }
  panel.buildPlot();
  const Plot& plot = panel.plot();
  ASSERT_EQ(plot.series.size(), 2u);
  EXPECT_TRUE(plot.series[0].steps);
  EXPECT_FALSE(plot.series[1].steps);
  RecordingCanvas canvas;
  (void)drawPlot(canvas, plot, fitRange(plot), {0, 0, 760, 300});
  const std::vector<Vec2d>* line = nullptr;
  for (const auto& [color, points] : canvas.lines)
    if (sameColor(color, plot.series[0].color) && points.size() > 2) line = &points;
  ASSERT_NE(line, nullptr);
  for (std::size_t i = 1; i < line->size(); ++i) {
    const Vec2d d = (*line)[i] - (*line)[i - 1];
    EXPECT_TRUE(d.x == 0 || d.y == 0) << "a sloped segment from point " << i - 1 << " to " << i;
    EXPECT_TRUE(d.x != 0 || d.y != 0) << "a segment of no length (a blob) at point " << i;
  }
  // Each count held across to the next frame, up where it changes (not between the two 4s), the last to its frame's
  // end: 5 points, 3 corners, the tail.
  EXPECT_EQ(line->size(), 5u + 3u + 1u);
}

// Two y axes each fitted to its own series put both largest values on the top line: mid_01's 703 BV tests (left) and
// 80 pairs (right) were one line, the pairs over the tests (review s32 A17). Each axis ends on a nice number above its
// data, and when two constant lines would still meet (800 and 100: 1000 and 120 put them 3 % apart) the right axis
// steps up until they part.
TEST(Plot, SeriesOnTwoAxesAreNotDrawnOnOneLine) {
  const auto heights = [](double left, double right) {
    static std::vector<double> a, b;
    a.assign(60, left);
    b.assign(60, right);
    Plot plot;
    plot.x = {"frame", "", true};
    plot.y = {"tests", "", true};
    plot.y2 = {"pairs", "", true};
    plot.series.push_back({"BV tests", "", rgb(0x4a9eff), a, {}, 0, 1, false, true, false, false});
    plot.series.push_back({"pairs", "", rgb(0x5fd68a), b, {}, 0, 1, false, true, false, true});
    const PlotRange range = fitRange(plot);
    EXPECT_GE(range.yMax, left * 1.01);
    EXPECT_GE(range.y2Max, right * 1.01);
    return std::pair{left / range.yMax, right / range.y2Max};
  };
  for (const auto& [left, right] : {std::pair{703.0, 80.0}, std::pair{800.0, 100.0}, std::pair{40.0, 4.0}, std::pair{16.0, 2.0}}) {
    const auto [a, b] = heights(left, right);
    EXPECT_GT(std::abs(a - b), 0.04) << left << " and " << right << " at " << a << " and " << b << " of the height";
    EXPECT_LT(a, 0.99);
    EXPECT_LT(b, 0.99);
  }
}

// A line another covers can be found: hovering its legend entry (PlotLayout::legend says where each is) highlights
// it, drawn last and wider, the others faded.
TEST(Plot, AHighlightedSeriesIsDrawnOverTheOthers) {
  const std::vector<double> same(30, 5.0);
  Plot plot;
  plot.x = {"frame", "", true};
  plot.y = {"iterations", "", true};
  plot.series.push_back({"GJK iterations", "", rgb(0x4a9eff), same, {}, 0, 1, false, true, false, false});
  plot.series.push_back({"EPA iterations", "", rgb(0xff5c5c), same, {}, 0, 1, false, true, false, false});
  RecordingCanvas plain;
  const PlotLayout layout = drawPlot(plain, plot, fitRange(plot), {0, 0, 760, 300});
  ASSERT_EQ(layout.legend.size(), 2u);
  for (const auto& [series, rect] : layout.legend) {
    bool named = false;
    for (const auto& [text, at] : plain.texts)
      named |= text == plot.series[series].name && rect.contains(at + Vec2d{1, 1});
    EXPECT_TRUE(named) << "entry " << series << " holds its name";
  }
  RecordingCanvas lit;
  (void)drawPlot(lit, plot, fitRange(plot), {0, 0, 760, 300}, std::nullopt, 0);
  std::vector<std::pair<Color, std::size_t>> order;  // the data lines, in drawing order
  for (const auto& [color, points] : lit.lines)
    if (points.size() > 2) order.emplace_back(color, points.size());
  ASSERT_EQ(order.size(), 2u);
  EXPECT_TRUE(sameColor(order.back().first, plot.series[0].color)) << "the highlighted series is drawn last";
  EXPECT_EQ(order.back().first.a, 1.0f);
  EXPECT_LT(order.front().first.a, 0.5f) << "the other is faded";
}

// A window made small squeezed the plot to a strip: at 200 % the legend sat on the x tick labels and "UI frame", the
// lines on the 0 tick, the right axis printed "10" over "0" (review s32 A4). A small frame now drops the title, then
// the legend, then the x axis's title, keeps the data four lines high where it can, and never draws a text over
// another, nor out of the frame.
TEST(Plot, ASmallFrameDropsTextRatherThanDrawingItOverText) {
  std::vector<double> iterations(120), times(120), contact(120);
  for (std::size_t i = 0; i < 120; ++i) {
    iterations[i] = double(3 + i % 14);
    times[i] = 0.3 + 0.004 * double(i);
    contact[i] = i % 30 < 20 ? 1 : 0;
  }
  Plot plot;
  plot.title = "Recorded frames";
  plot.x = {"recorded frame (idle frames left out)", "", true};
  plot.y = {"iterations", "", true};
  plot.y2 = {"t (time over the motion, 0 to 1)", "", false};
  plot.y2UnitInterval = true;
  plot.series.push_back({"cast iterations", "", rgb(0x4a9eff), iterations, {}, 0, 1, false, true, false, false});
  plot.series.push_back({"time of impact (t; none on a miss), right axis", "", rgb(0xffa94a), times, {}, 0, 1, false, false, false, true});
  plot.series.push_back({"contact in [0, 1]", "", rgb(0x5fd68a), contact, {}, 0, 1, false, false, true, false});
  constexpr double kLine = 14;  // RecordingCanvas's text height
  for (const ScreenRect frame : {ScreenRect{0, 0, 760, 300}, ScreenRect{0, 0, 420, 200}, ScreenRect{0, 0, 360, 170},
                                 ScreenRect{0, 0, 600, 150}, ScreenRect{0, 0, 300, 120}}) {
    RecordingCanvas canvas;
    const PlotLayout layout = drawPlot(canvas, plot, fitRange(plot), frame);
    const std::string where = std::to_string(int(frame.width)) + " x " + std::to_string(int(frame.height));
    if (frame.height >= 170) {
      EXPECT_GE(layout.data.height, 4 * kLine) << where;
    }
    EXPECT_GE(layout.data.height, 1.0) << where;
    std::vector<ScreenRect> boxes;
    for (const auto& [text, at] : canvas.texts) {
      const ScreenRect box{at.x, at.y, 7.0 * double(text.size()), kLine};
      EXPECT_GE(box.x, frame.x - 1e-9) << where << ": '" << text << "' left of the frame";
      EXPECT_LE(box.x + box.width, frame.x + frame.width + 1e-9) << where << ": '" << text << "' right of the frame";
      EXPECT_GE(box.y, frame.y - 1e-9) << where << ": '" << text << "' above the frame";
      EXPECT_LE(box.y + box.height, frame.y + frame.height + 1e-9) << where << ": '" << text << "' below the frame";
      for (std::size_t k = 0; k < boxes.size(); ++k) {
        const ScreenRect& other = boxes[k];
        const bool overlap = box.x < other.x + other.width && other.x < box.x + box.width && box.y < other.y + other.height &&
                             other.y < box.y + box.height;
        EXPECT_FALSE(overlap) << where << ": '" << text << "' over '" << canvas.texts[k].first << "'";
      }
      boxes.push_back(box);
    }
  }
}


// [SECTION] Newcomer review s35: the recording's breaks and parts, the exporter, headroom, lines on lines, experiments

PlotSeries lineSeries(const std::string& name, const std::string& unit, Color color, std::span<const double> y, bool steps = false) {
  PlotSeries series;
  series.name = name;
  series.unit = unit;
  series.color = color;
  series.y = y;
  series.steps = steps;
  return series;
}

// A drag whose moves come every other frame (a frame without a move is idle: its scene did not change) is one run of
// frames with no break in it; a pause of a second between two drags is one break; 0.2 s idle at the end is none. A
// break at almost every frame of a drag hid the real pauses (A6).
TEST(PlotPanel, ABreakMarksOnlyARealPause) {
  PlotPanel panel;
  std::string scene = "B at 0";
  int move = 0;
  const auto frame = [&] {
    panel.collect(1.0 / 60.0, [](std::vector<FrameMetric>& out) { out.push_back({"gjk_iterations", 3.0, "iterations", "GJK iterations"}); },
                  std::nullopt, [&] { return scene; });
  };
  frame();
  for (int i = 0; i < 60; ++i) {  // a drag, a move every other frame
    if (i % 2 == 0) scene = "B at " + std::to_string(++move);
    frame();
  }
  for (int i = 0; i < 60; ++i) frame();  // a second's pause
  for (int i = 0; i < 20; ++i) {         // another drag
    if (i % 2 == 0) scene = "B at " + std::to_string(++move);
    frame();
  }
  for (int i = 0; i < 12; ++i) frame();  // 0.2 s
  EXPECT_EQ(panel.recording().frameCount(), 41u);
  panel.buildPlot();
  const Plot& plot = panel.plot();
  ASSERT_EQ(plot.xBreaks.size(), 1u) << "a break per frame without a move";
  EXPECT_EQ(plot.xBreaks[0], 31.0) << "between the drags";
  // Idle for longer than the threshold at the end: a break after the newest frame.
  for (int i = 0; i < 30; ++i) frame();
  panel.buildPlot();
  ASSERT_EQ(panel.plot().xBreaks.size(), 2u);
  EXPECT_EQ(panel.plot().xBreaks[1], 41.0);
}

// The recording goes on in another lab: a part, marked where it starts ("... from here"), both named in the plot's
// title (the PNG's and the SVG's) and in the CSV's header; the new part's first frame is recorded though its numbers
// and inputs are those of the frame before (A7).
TEST(PlotPanel, ANewLabIsAPartMarkedOnThePlotAndNamedInTheExports) {
  PlotPanel panel;
  const std::string narrow = "Narrow phase 3D, scene 3d_05_stacked_cubes, GJK + EPA";
  const std::string cast = "Continuous collision, untitled scene, conservative advancement";
  int value = 0;
  const auto frame = [&] {
    panel.collect(1.0 / 60.0, [&](std::vector<FrameMetric>& out) { out.push_back({"iterations", double(value), "iterations", "iterations"}); },
                  std::nullopt, [] { return std::string("same"); });
  };
  panel.setContext(narrow);
  for (value = 1; value <= 5; ++value) frame();
  --value;
  panel.setContext(cast);
  frame();  // the same numbers, the same inputs: still the new part's first frame
  ++value;
  frame();
  ASSERT_EQ(panel.recording().frameCount(), 7u);
  ASSERT_EQ(panel.recording().parts().size(), 2u);
  panel.buildPlot();
  const Plot& plot = panel.plot();
  ASSERT_EQ(plot.xMarkers.size(), 1u);
  EXPECT_EQ(plot.xMarkers[0].x, 5.0);
  EXPECT_EQ(plot.xMarkers[0].label, cast + " from here");
  EXPECT_EQ(plot.title, "Recorded frames: " + narrow + "; then " + cast);
  const CsvTable table = panel.recording().toCsv();
  ASSERT_EQ(table.comments.size(), 2u);
  EXPECT_EQ(table.comments[0], "from frame 0: " + narrow);
  EXPECT_EQ(table.comments[1], "from frame 5: " + cast);
  std::string error;
  const std::optional<CsvTable> back = parseCsv(csvText(table), "memory", error);
  ASSERT_TRUE(back) << error;
  EXPECT_EQ(back->comments, table.comments);
  expectSameTable(table, *back);
  // Drawn: the marker's label inside the plot.
  RecordingCanvas canvas;
  drawPlot(canvas, plot, fitRange(plot), {0, 0, 900, 400});
  bool labelled = false;
  for (const auto& [text, at] : canvas.texts) labelled = labelled || text.find("from here") != std::string::npos;
  EXPECT_TRUE(labelled);
  // One lab throughout: no marker, its name in the title.
  PlotPanel one;
  one.setContext(narrow);
  one.collect(1.0 / 60.0, [](std::vector<FrameMetric>& out) { out.push_back({"iterations", 1.0, "iterations", "iterations"}); });
  one.buildPlot();
  EXPECT_TRUE(one.plot().xMarkers.empty());
  EXPECT_EQ(one.plot().title, "Recorded frames: " + narrow);
}

// Export into a folder that is not there: the folder as typed and where it is looked for, no ".partial" file name,
// a refusal (drawn red) (A13).
TEST(PlotPanel, ExportIntoAMissingFolderNamesTheFolder) {
  PlotPanel panel;
  panel.collect(1.0 / 60.0, [](std::vector<FrameMetric>& out) { out.push_back({"pairs", 1.0, "pairs", "pairs"}); });
  panel.setExportStem("no-such-folder-s35/plot1");
  EXPECT_EQ(panel.exportFiles("csv"), "");
  EXPECT_TRUE(panel.exportFailed());
  EXPECT_EQ(panel.exportMessage(), "folder no-such-folder-s35/ does not exist (in " + std::filesystem::current_path().string() +
                                       "); nothing written");
  const std::string absolute = testing::TempDir() + "no-such-folder-s35/plot1";
  panel.setExportStem(absolute);
  EXPECT_EQ(panel.exportFiles("svg"), "");
  EXPECT_EQ(panel.exportMessage(), "folder " + testing::TempDir() + "no-such-folder-s35/ does not exist; nothing written");
  EXPECT_EQ(panel.exportMessage().find(".partial"), std::string::npos);
  panel.setExportStem(testing::TempDir() + "plot_export_folder_ok");
  std::filesystem::remove(testing::TempDir() + "plot_export_folder_ok.csv");
  EXPECT_NE(panel.exportFiles("csv"), "");
  EXPECT_FALSE(panel.exportFailed());
}

// A series at the axis's largest value is not drawn on the frame's top edge: the axis ends on a nice number above
// it (5 -> 6), on one axis as on two (A16).
TEST(Plot, AnAxisFromZeroEndsANiceTickAboveItsLargestValue) {
  const std::vector<double> epa{5, 5, 4, 5}, gjk{3, 3, 3, 2};
  Plot plot;
  plot.series.push_back(lineSeries("GJK iterations", "iterations", palette::kShapeA, gjk));
  plot.series.push_back(lineSeries("EPA iterations", "iterations", palette::kShapeB, epa));
  const PlotRange range = fitRange(plot);
  EXPECT_EQ(range.yMin, 0.0);
  EXPECT_EQ(range.yMax, 6.0);
  const std::vector<double> share{0, 100, 40};
  Plot percent;
  percent.series.push_back(lineSeries("share", "%", palette::kShapeA, share));
  EXPECT_GT(fitRange(percent).yMax, 104.0);
}

// Two lines at the same value: the later drawn is dashed, so the one under it shows through, and its legend name says
// so; lines that never meet stay solid (A16: GJK's 3 vanished under EPA's in the export).
TEST(Plot, ALineRunningOnAnotherIsDashedAndTheLegendSaysSo) {
  const std::vector<double> gjk{3, 3, 3, 3, 3, 3}, epa{5, 5, 3, 3, 3, 5}, apart{9, 9, 9, 9, 9, 9};
  Plot plot;
  plot.series.push_back(lineSeries("GJK iterations", "iterations", palette::kShapeA, gjk, true));
  plot.series.push_back(lineSeries("EPA iterations", "iterations", palette::kShapeB, epa, true));
  plot.series.push_back(lineSeries("other", "iterations", palette::kHit, apart, true));
  EXPECT_EQ(markCoincidentLines(plot), 1u);
  EXPECT_FALSE(plot.series[0].dashed);
  EXPECT_TRUE(plot.series[1].dashed);
  EXPECT_FALSE(plot.series[2].dashed);
  EXPECT_EQ(plot.series[1].name, "EPA iterations (dashed where it meets GJK iterations)");
  RecordingCanvas canvas;
  drawPlot(canvas, plot, fitRange(plot), {0, 0, 900, 400});
  int gjkLines = 0, epaLines = 0;
  for (const auto& [color, points] : canvas.lines) {
    gjkLines += sameColor(color, palette::kShapeA);
    epaLines += sameColor(color, palette::kShapeB);
  }
  EXPECT_EQ(gjkLines, 1) << "solid: one polyline";
  EXPECT_GT(epaLines, 20) << "dashed: a polyline per dash";
}

// Edit > Copy as command in the Experiments lab: the CLI, given the copied line, runs the same experiment (the same
// counts, bin for bin) as the lab's run of the same settings, odd doubles and all (A8).
TEST(ExperimentPlots, TheCopiedCommandRunsTheSameExperiment) {
  collide::ExperimentConfig config;
  std::string error;
  ASSERT_TRUE(collide::parseFamily("ngon6", config, error)) << error;
  config.algorithms = {collide::Algorithm::Gjk, collide::Algorithm::Epa, collide::Algorithm::Sat};
  config.trials = 3000;
  config.seed = 7;
  config.gapMin = -0.1;
  config.gapMax = 0.3;
  config.sizeRatio = 1.0 / 3.0;
  config.offset = 0.1;
  config.maxIterations = 30;
  const std::string command = experimentCommand(config);
  ASSERT_EQ(command.rfind("collision-lab experiment ", 0), 0u) << command;
  EXPECT_NE(command.find("--size-ratio 0.3333333333333333 "), std::string::npos) << command;
  const collide::ExperimentResult result = collide::runExperiment(config, {}, nullptr);
  const std::string csv = testing::TempDir() + "copied_command.csv";
  std::filesystem::remove(csv);
  const std::string run = std::string(COLLISION_LAB_EXE) + command.substr(std::string("collision-lab").size()) + " --quiet --csv " +
                          csv + " > /dev/null 2>&1";
  ASSERT_EQ(std::system(run.c_str()), 0) << run;
  const std::optional<CsvTable> written = readCsvFile(csv, error);
  ASSERT_TRUE(written) << error;
  expectSameTable(experimentCsv(result), *written);
}

// The worst-case list under "all": each algorithm's worst in turn, so the first rows name every algorithm (sorted
// together they were all SAT's, tied at 16 axes); and the ties are said in words (A8).
TEST(ExperimentPlots, TheAllListShowsEachAlgorithmsWorstAndSaysWhereRunsTie) {
  collide::ExperimentConfig config;
  config.algorithms = {collide::Algorithm::Gjk, collide::Algorithm::Epa, collide::Algorithm::Sat};
  config.trials = 4000;
  const collide::ExperimentResult result = collide::runExperiment(config, {}, nullptr);
  const std::vector<collide::WorstCase> shown = shownWorstCases(result, {});
  ASSERT_GE(shown.size(), 3u);
  std::vector<collide::Algorithm> first;  // after the disagreements, which stay first
  for (std::size_t i = 0; i < shown.size() && first.size() < 3; ++i)
    if (!shown[i].disagrees) first.push_back(shown[i].algorithm);
  std::sort(first.begin(), first.end());
  EXPECT_EQ(first, (std::vector<collide::Algorithm>{collide::Algorithm::Gjk, collide::Algorithm::Epa, collide::Algorithm::Sat}))
      << "the first three rows are each algorithm's worst";
  EXPECT_EQ(shown.size(), collide::listedWorstCases(result, {}).size()) << "the same rows, in another order";
  const std::vector<std::string> ties = worstTieWords(result);
  bool sat = false;
  for (const std::string& words : ties) sat = sat || words.rfind("sat: ", 0) == 0;
  EXPECT_TRUE(sat) << "SAT's runs on n-gons tie at their most";
  // One algorithm's list is its own order.
  const collide::WorstCaseFilter gjkOnly{.algorithm = collide::Algorithm::Gjk};
  const std::vector<collide::WorstCase> own = shownWorstCases(result, gjkOnly);
  const std::vector<collide::WorstCase> listed = collide::listedWorstCases(result, gjkOnly);
  ASSERT_EQ(own.size(), listed.size());
  for (std::size_t i = 0; i < own.size(); ++i) EXPECT_EQ(own[i].trial, listed[i].trial);
}

}  // namespace
}  // namespace lab
