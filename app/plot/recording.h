// app/plot/recording.h: every frame's numbers (Lab::frameMetrics), kept for the plot panel and CSV export.
//
// A ring buffer of the last `capacity` frames (120,000 by default: half an hour at 60 fps), one column per metric
// name, every series kept. Each column holds twice the capacity and the window of live frames slides along
// it; when it reaches the end the newest `capacity` values move back to the front once. So the live frames are
// always one contiguous span (the plot reads them in place) and a frame costs O(1) amortised.
// A metric that appears later gets a column whose earlier frames are NaN; a metric a frame did not report is NaN.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "io/csv.h"
#include "lab/vocabulary.h"

namespace lab {

class Recording {
 public:
  static constexpr std::size_t kDefaultCapacity = 120000;

  explicit Recording(std::size_t capacity = kDefaultCapacity);

  // Appends one frame recorded at `seconds` (any clock; the plot shows seconds since the first frame).
  void addFrame(double seconds, std::span<const FrameMetric> metrics);
  // Counts a frame not recorded because nothing changed (PlotPanel's "skip idle frames"): frame numbers go on past
  // it, so the CSV's frame column has a gap where idle frames were left out.
  void skipFrame();
  void clear();

  [[nodiscard]] std::size_t capacity() const { return capacity_; }
  [[nodiscard]] std::size_t frameCount() const { return count_; }
  [[nodiscard]] std::uint64_t framesDropped() const { return dropped_; }  // the oldest, beyond the capacity
  [[nodiscard]] std::uint64_t idleFramesSkipped() const { return skipped_; }  // skipFrame's, since clear
  [[nodiscard]] std::uint64_t framesCounted() const { return nextFrame_; }    // recorded and skipped, since clear
  [[nodiscard]] std::size_t seriesCount() const { return series_.size(); }
  [[nodiscard]] const std::string& seriesName(std::size_t series) const { return series_[series].name; }
  [[nodiscard]] const std::string& seriesUnit(std::size_t series) const { return series_[series].unit; }
  // Every value the series has recorded since the last clear is a whole number (an iteration count): its axis ticks
  // on whole numbers. Kept as frames are added, so the plot need not scan the recording every frame.
  [[nodiscard]] bool seriesWhole(std::size_t series) const { return series_[series].whole; }
  // What the Plots window calls the series (FrameMetric::label, or the name); the CSV keeps name and unit.
  [[nodiscard]] const std::string& seriesLabel(std::size_t series) const { return series_[series].label; }
  // The live frames, oldest first: frame numbers (UI frames counted since clear, skipped ones too), seconds since the
  // first frame, values. The first live frame is recorded frame number framesDropped() (counting recorded ones only).
  [[nodiscard]] std::span<const double> frames() const { return window(frames_); }
  [[nodiscard]] std::span<const double> seconds() const { return window(seconds_); }
  [[nodiscard]] std::span<const double> values(std::size_t series) const { return window(series_[series].values); }

  // frame, time [s], then one column per series with its unit.
  [[nodiscard]] CsvTable toCsv() const;

 private:
  struct Series {
    std::string name;
    std::string unit;
    std::string label;
    std::vector<double> values;  // 2 * capacity
    bool whole = true;           // no finite value with a fraction recorded
  };
  [[nodiscard]] std::span<const double> window(const std::vector<double>& column) const {
    return {column.data() + begin_, count_};
  }
  std::size_t seriesIndex(const FrameMetric& metric);

  std::size_t capacity_;
  std::size_t begin_ = 0;  // first live frame's slot
  std::size_t count_ = 0;
  std::uint64_t dropped_ = 0;
  std::uint64_t skipped_ = 0;
  std::uint64_t nextFrame_ = 0;
  double firstSeconds_ = 0;
  std::vector<double> frames_;
  std::vector<double> seconds_;
  std::vector<Series> series_;
};

}  // namespace lab
