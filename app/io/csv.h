// app/io/csv.h: numeric tables as CSV, for the recording and for experiment histograms.
//
// Comment lines ("# ...") may come first; then a line names the columns with their units, "frame,gjk_iterations [iterations],query_time [us]"; then
// one row per line of numbers in the shortest form that reads back to the same double. A missing value (a metric
// the lab did not report that frame) is an empty field and reads back as NaN.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lab {

struct CsvColumn {
  std::string name;  // no commas, quotes or brackets
  std::string unit;  // may be empty
  std::vector<double> values;
};

struct CsvTable {
  std::vector<CsvColumn> columns;  // all of the same length
  // Lines before the header, each written "# text": what the numbers were recorded in (the Plots window's lab,
  // scene and algorithm). Read back from the lines that start with '#' before the header.
  std::vector<std::string> comments;
};

[[nodiscard]] std::string csvText(const CsvTable& table);
// Parses CSV text; on failure nothing and `error` names the line and column ("line 4, column 2: expected a number,
// got \"x\""). `source` prefixes the message (a file name).
[[nodiscard]] std::optional<CsvTable> parseCsv(std::string_view text, const std::string& source, std::string& error);

// Files: written to a partial file and renamed once complete; false / nothing with `error` on failure.
[[nodiscard]] bool writeCsvFile(const std::string& path, const CsvTable& table, std::string& error);
[[nodiscard]] std::optional<CsvTable> readCsvFile(const std::string& path, std::string& error);

}  // namespace lab
