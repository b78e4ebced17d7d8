// app/plot/recording.h: every frame's numbers (Lab::frameMetrics), kept for the plot panel and CSV export.
//
// A ring buffer of the last `capacity` frames (120,000 by default: half an hour at 60 fps), one column per metric
// name, every series kept. Each column holds twice the capacity and the window of live frames slides along
// it; when it reaches the end the newest `capacity` values move back to the front once. So the live frames are
// always one contiguous span (the plot reads them in place) and a frame costs O(1) amortised.
// A metric that appears later gets a column whose earlier frames are NaN; a metric a frame did not report is NaN.
#pragma once

#include <cstdint>
#include <optional>
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
  // Counts a frame at `seconds` (addFrame's clock) not recorded because nothing changed (PlotPanel's "skip idle
  // frames"): frame numbers go on past it, so the CSV's frame column has a gap where idle frames were left out.
  void skipFrame(double seconds);
  // The next frame added starts a part of the recording made in another lab, scene or algorithm, `label` naming it
  // ("Continuous collision, scene ccd_02_spinning_bar, conservative advancement"). The first frame's part too.
  void beginPart(std::string label);
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

  // Where idle time was left out for longer than `minSeconds` of the clock (a real pause, not a frame without a
  // mouse move in the middle of a drag): x positions over recorded frames (framesDropped() + the index of the
  // frame after the gap), and the newest frame's end when the recording has been idle since for that long.
  [[nodiscard]] std::vector<double> idleGaps(double minSeconds) const;

  // The parts, oldest first: where each starts (a recorded frame's number as idleGaps counts them, and its seconds)
  // and what it was recorded in. A part whose frames were all dropped is still listed (its start before the first).
  struct Part {
    std::uint64_t firstFrame = 0;
    double seconds = 0;
    std::string label;
  };
  [[nodiscard]] const std::vector<Part>& parts() const { return parts_; }

  // frame, time [s], then one column per series with its unit; the header's comment lines name the parts (where
  // each starts, in the frame column's numbers).
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
  double lastSeconds_ = 0;  // the newest frame counted (recorded or skipped), since the first
  std::optional<std::string> pendingPart_;
  std::vector<Part> parts_;
  std::vector<double> partFrameNumbers_;  // each part's first frame in the frame column's numbers (the CSV's)
  std::vector<double> frames_;
  std::vector<double> seconds_;
  std::vector<Series> series_;
};

}  // namespace lab
