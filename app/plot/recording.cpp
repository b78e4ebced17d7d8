#include "plot/recording.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace lab {

namespace {
const double kMissing = std::nan("");
}

Recording::Recording(std::size_t capacity)
    : capacity_(std::max<std::size_t>(capacity, 1)), frames_(2 * capacity_), seconds_(2 * capacity_) {}

std::size_t Recording::seriesIndex(const FrameMetric& metric) {
  for (std::size_t i = 0; i < series_.size(); ++i)
    if (series_[i].name == metric.name) return i;
  series_.push_back({metric.name, metric.unit, metric.label.empty() ? metric.name : metric.label,
                     std::vector<double>(2 * capacity_, kMissing)});
  return series_.size() - 1;
}

void Recording::addFrame(double seconds, std::span<const FrameMetric> metrics) {
  if (count_ == 0) firstSeconds_ = seconds;
  if (begin_ + count_ == 2 * capacity_) {
    // The end of the columns: slide the newest capacity - 1 frames back to the front (once per capacity frames).
    const std::size_t keep = std::min(count_, capacity_ - 1);
    const std::size_t from = begin_ + count_ - keep;
    const auto slide = [&](std::vector<double>& column) {
      std::copy(column.begin() + std::ptrdiff_t(from), column.begin() + std::ptrdiff_t(from + keep), column.begin());
    };
    slide(frames_);
    slide(seconds_);
    for (Series& series : series_) slide(series.values);
    dropped_ += count_ - keep;
    begin_ = 0;
    count_ = keep;
  } else if (count_ == capacity_) {
    ++begin_;
    --count_;
    ++dropped_;
  }
  const std::size_t slot = begin_ + count_;
  if (pendingPart_) {
    parts_.push_back({dropped_ + count_, seconds - firstSeconds_, std::move(*pendingPart_)});
    partFrameNumbers_.push_back(double(nextFrame_));
    pendingPart_.reset();
  }
  lastSeconds_ = seconds - firstSeconds_;
  ++count_;
  frames_[slot] = double(nextFrame_++);
  seconds_[slot] = seconds - firstSeconds_;
  for (Series& series : series_) series.values[slot] = kMissing;
  for (const FrameMetric& metric : metrics) {
    Series& series = series_[seriesIndex(metric)];
    series.values[slot] = metric.value;
    if (std::isfinite(metric.value) && metric.value != std::floor(metric.value)) series.whole = false;
  }
}

void Recording::skipFrame(double seconds) {
  ++nextFrame_;
  ++skipped_;
  if (count_ > 0) lastSeconds_ = seconds - firstSeconds_;
}

void Recording::beginPart(std::string label) { pendingPart_ = std::move(label); }

std::vector<double> Recording::idleGaps(double minSeconds) const {
  std::vector<double> gaps;
  const std::span<const double> numbers = frames();
  const std::span<const double> times = seconds();
  const double first = double(dropped_);
  for (std::size_t i = 1; i < numbers.size(); ++i)
    if (numbers[i] - numbers[i - 1] > 1 && times[i] - times[i - 1] > minSeconds) gaps.push_back(first + double(i));
  if (!numbers.empty() && double(nextFrame_) > numbers.back() + 1 && lastSeconds_ - times.back() > minSeconds)
    gaps.push_back(first + double(numbers.size()));
  return gaps;
}

void Recording::clear() {
  begin_ = 0;
  count_ = 0;
  dropped_ = 0;
  skipped_ = 0;
  nextFrame_ = 0;
  lastSeconds_ = 0;
  series_.clear();
  pendingPart_.reset();
  parts_.clear();
  partFrameNumbers_.clear();
}

CsvTable Recording::toCsv() const {
  CsvTable table;
  for (std::size_t i = 0; i < parts_.size(); ++i) {
    char from[48];
    std::snprintf(from, sizeof from, "from frame %.0f: ", partFrameNumbers_[i]);
    table.comments.push_back(from + parts_[i].label);
  }
  table.columns.push_back({"frame", "", {frames().begin(), frames().end()}});
  table.columns.push_back({"time", "s", {seconds().begin(), seconds().end()}});
  for (std::size_t i = 0; i < series_.size(); ++i)
    table.columns.push_back({series_[i].name, series_[i].unit, {values(i).begin(), values(i).end()}});
  return table;
}

}  // namespace lab
