#include "io/csv.h"

#include <charconv>
#include <cmath>
#include <sstream>
#include <stdexcept>

#include "io/text_io.h"

namespace lab {

namespace {

void appendNumber(std::string& out, double value) {
  if (std::isnan(value)) return;  // an empty field
  char text[32];
  const auto [end, code] = std::to_chars(text, text + sizeof text, value);  // shortest round-trip form
  out.append(text, code == std::errc{} ? end : text);
}

std::vector<std::string_view> splitFields(std::string_view line) {
  std::vector<std::string_view> fields;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = line.find(',', start);
    fields.push_back(line.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
    if (comma == std::string_view::npos) return fields;
    start = comma + 1;
  }
}

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r')) text.remove_suffix(1);
  return text;
}

}  // namespace

std::string csvText(const CsvTable& table) {
  std::string out;
  for (const std::string& comment : table.comments) out += "# " + comment + '\n';
  for (std::size_t c = 0; c < table.columns.size(); ++c) {
    if (c > 0) out += ',';
    out += table.columns[c].name;
    if (!table.columns[c].unit.empty()) out += " [" + table.columns[c].unit + "]";
  }
  out += '\n';
  const std::size_t rows = table.columns.empty() ? 0 : table.columns.front().values.size();
  out.reserve(out.size() + rows * table.columns.size() * 8);
  for (std::size_t r = 0; r < rows; ++r) {
    for (std::size_t c = 0; c < table.columns.size(); ++c) {
      if (c > 0) out += ',';
      if (r < table.columns[c].values.size()) appendNumber(out, table.columns[c].values[r]);
    }
    out += '\n';
  }
  return out;
}

std::optional<CsvTable> parseCsv(std::string_view text, const std::string& source, std::string& error) {
  const std::string prefix = source.empty() ? std::string() : source + ": ";
  CsvTable table;
  int lineNumber = 0;
  bool header = true;  // the next line that is not a comment names the columns
  std::size_t position = 0;
  while (position < text.size()) {
    std::size_t end = text.find('\n', position);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = trimmed(text.substr(position, end - position));
    position = end + 1;
    ++lineNumber;
    if (header && line.starts_with('#')) {  // what the table was made of, before its header
      table.comments.emplace_back(trimmed(line.substr(1)));
      continue;
    }
    if (!header && line.empty()) continue;
    const std::vector<std::string_view> fields = splitFields(line);
    if (header) {
      header = false;
      for (const std::string_view rawField : fields) {
        const std::string_view field = trimmed(rawField);
        CsvColumn column;
        const std::size_t open = field.find(" [");
        if (open != std::string_view::npos && field.ends_with(']')) {
          column.name = std::string(field.substr(0, open));
          column.unit = std::string(field.substr(open + 2, field.size() - open - 3));
        } else {
          column.name = std::string(field);
        }
        if (column.name.empty()) {
          error = prefix + "line " + std::to_string(lineNumber) + ": the header has an empty column name";
          return std::nullopt;
        }
        table.columns.push_back(std::move(column));
      }
      continue;
    }
    if (fields.size() != table.columns.size()) {
      error = prefix + "line " + std::to_string(lineNumber) + ": expected " + std::to_string(table.columns.size()) +
              " fields as in the header, got " + std::to_string(fields.size());
      return std::nullopt;
    }
    for (std::size_t c = 0; c < fields.size(); ++c) {
      const std::string_view field = trimmed(fields[c]);
      double value = std::nan("");
      if (!field.empty()) {
        const auto [last, code] = std::from_chars(field.data(), field.data() + field.size(), value);
        if (code != std::errc{} || last != field.data() + field.size()) {
          error = prefix + "line " + std::to_string(lineNumber) + ", column " + std::to_string(c + 1) + " (" +
                  table.columns[c].name + "): expected a number, got \"" + std::string(field) + "\"";
          return std::nullopt;
        }
      }
      table.columns[c].values.push_back(value);
    }
  }
  if (header) {
    error = prefix + "empty file: expected a header line";
    return std::nullopt;
  }
  return table;
}

bool writeCsvFile(const std::string& path, const CsvTable& table, std::string& error) {
  try {
    OutputSink sink(path);
    sink.stream() << csvText(table);
    sink.finish();
    return true;
  } catch (const std::runtime_error& failure) {
    error = failure.what();
    return false;
  }
}

std::optional<CsvTable> readCsvFile(const std::string& path, std::string& error) {
  try {
    InputSource source(path);
    std::ostringstream text;
    text << source.stream().rdbuf();
    return parseCsv(text.str(), source.name(), error);
  } catch (const std::runtime_error& failure) {
    error = failure.what();
    return std::nullopt;
  }
}

}  // namespace lab
