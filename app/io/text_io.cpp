// app/io/text_io.cpp: see text_io.h.
#include "io/text_io.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <iostream>
#include <system_error>

namespace lab {

namespace {

// The reason of a nlohmann exception without its "[json.exception.parse_error.101] parse error at ...: " prefix
// (the line and column are ours to give).
std::string parseErrorReason(const std::string& what, bool isParseError) {
  std::string reason = what;
  if (!reason.empty() && reason[0] == '[') {
    const std::size_t bracket = reason.find("] ");
    if (bracket != std::string::npos) reason = reason.substr(bracket + 2);
  }
  if (isParseError) {
    const std::size_t colon = reason.find(": ");
    if (colon != std::string::npos) reason = reason.substr(colon + 2);
  }
  return reason;
}

}  // namespace

Json parseJsonText(std::string_view text, int firstLine) {
  try {
    return Json::parse(text);
  } catch (const Json::parse_error& error) {
    // nlohmann reports the 1-based byte offset where it stopped; people want a line and a column.
    const std::size_t offset = std::min(text.size(), error.byte > 0 ? error.byte - 1 : 0);
    const std::string_view before = text.substr(0, offset);
    const auto newlines = std::count(before.begin(), before.end(), '\n');
    const std::size_t lineStart = before.rfind('\n');
    const std::size_t column = lineStart == std::string_view::npos ? offset + 1 : offset - lineStart;
    throw JsonSyntaxError("line " + std::to_string(firstLine + newlines) + ", column " + std::to_string(column) +
                          ": JSON syntax error: " + parseErrorReason(error.what(), true));
  } catch (const Json::exception& error) {  // e.g. out_of_range: "number overflow parsing '1e999'"
    throw JsonSyntaxError("line " + std::to_string(firstLine) + ": JSON error: " + parseErrorReason(error.what(), false));
  }
}

namespace {

void writeReadable(const Json& value, int depth, std::string& out) {
  const std::string indent(2 * static_cast<std::size_t>(depth + 1), ' ');
  const std::string closingIndent(2 * static_cast<std::size_t>(depth), ' ');
  if (value.is_object() && !value.empty()) {
    out += "{\n";
    bool first = true;
    for (const auto& [key, item] : value.items()) {
      if (!first) out += ",\n";
      first = false;
      out += indent + Json(key).dump() + ": ";
      writeReadable(item, depth + 1, out);
    }
    out += "\n" + closingIndent + "}";
  } else if (value.is_array() && !value.empty()) {
    const bool flat = std::all_of(value.begin(), value.end(), [](const Json& item) { return item.is_primitive(); });
    if (flat) {
      out += "[";
      for (std::size_t i = 0; i < value.size(); ++i) out += (i > 0 ? ", " : "") + value[i].dump();
      out += "]";
      return;
    }
    out += "[\n";
    for (std::size_t i = 0; i < value.size(); ++i) {
      if (i > 0) out += ",\n";
      out += indent;
      writeReadable(value[i], depth + 1, out);
    }
    out += "\n" + closingIndent + "]";
  } else {
    out += value.dump();
  }
}

}  // namespace

std::string dumpReadable(const Json& value) {
  std::string out;
  writeReadable(value, 0, out);
  return out;
}

InputSource::InputSource(const std::string& path) : name_(path.empty() ? "standard input" : path) {
  if (path.empty()) {
    standard_ = &std::cin;
    return;
  }
  file_.open(path, std::ios::binary);
  if (!file_) throw std::runtime_error(path + ": cannot open: " + std::strerror(errno));
}

OutputSink::OutputSink(const std::string& path) : path_(path) {
  if (path.empty()) {
    standard_ = &std::cout;
    return;
  }
  partial_ = path_;
  partial_ += ".partial";
  file_.open(partial_, std::ios::binary | std::ios::trunc);
  if (!file_) throw std::runtime_error(partial_.string() + ": cannot create: " + std::strerror(errno));
}

OutputSink::~OutputSink() {
  if (finished_ || partial_.empty()) return;
  file_.close();
  std::error_code ignored;
  std::filesystem::remove(partial_, ignored);
}

void OutputSink::finish() {
  stream().flush();
  if (!stream()) throw std::runtime_error((partial_.empty() ? std::string("standard output") : partial_.string()) +
                                          ": write error");
  if (!partial_.empty()) {
    file_.close();
    if (!file_) throw std::runtime_error(partial_.string() + ": write error");
    std::error_code error;
    std::filesystem::rename(partial_, path_, error);
    if (error) throw std::runtime_error(path_.string() + ": cannot replace: " + error.message());
  }
  finished_ = true;
}

}  // namespace lab
