// app/io/text_io.cpp: see text_io.h.
#include "io/text_io.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <iostream>
#include <system_error>

namespace lab {

// [SECTION] Files

namespace {

const char* fileKind(std::filesystem::file_type type) {
  switch (type) {
    case std::filesystem::file_type::directory: return "a directory";
    case std::filesystem::file_type::fifo: return "a FIFO (named pipe)";
    case std::filesystem::file_type::character: return "a character device";
    case std::filesystem::file_type::block: return "a block device";
    case std::filesystem::file_type::socket: return "a socket";
    default: return "not a regular file";
  }
}

std::string megabytes(std::uintmax_t bytes) { return std::to_string((bytes + (1u << 20) - 1) >> 20) + " MB"; }

}  // namespace

std::string readTextFile(const std::filesystem::path& path, std::uintmax_t maxBytes) {
  const std::string name = path.string();
  std::error_code error;
  const std::filesystem::file_status status = std::filesystem::status(path, error);  // follows symlinks
  if (error) throw FileError(name + ": cannot open: " + error.message());
  if (!std::filesystem::is_regular_file(status)) {
    throw FileError(name + ": cannot open: " + fileKind(status.type()) + ", not a file");
  }
  const std::uintmax_t size = std::filesystem::file_size(path, error);
  if (error) throw FileError(name + ": cannot read: " + error.message());
  if (size > maxBytes) {
    throw FileError(name + ": cannot open: " + megabytes(size) + ", larger than the " + megabytes(maxBytes) +
                    " this file may have");
  }
  std::ifstream file(path, std::ios::binary);
  if (!file) throw FileError(name + ": cannot open: " + std::strerror(errno));
  // Read one byte more than the size seen above, so a file that grows meanwhile is still caught.
  std::string text(static_cast<std::size_t>(size) + 1, '\0');
  file.read(text.data(), static_cast<std::streamsize>(text.size()));
  if (file.bad()) throw FileError(name + ": cannot read: " + std::strerror(errno));
  text.resize(static_cast<std::size_t>(file.gcount()));
  if (text.size() > size) throw FileError(name + ": cannot read: the file changed while it was read");
  return text;
}

std::string truncatedUtf8(std::string_view text, std::size_t maxBytes) {
  if (text.size() <= maxBytes) return std::string(text);
  std::size_t end = maxBytes >= 3 ? maxBytes - 3 : 0;
  // Back up over continuation bytes (10xxxxxx) so no character is cut in two.
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
  return std::string(text.substr(0, end)) + "...";
}

// [SECTION] JSON text

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

// Where a JSON text first nests deeper than `maxDepth` (brackets inside strings do not count), or npos.
std::size_t tooDeepAt(std::string_view text, int maxDepth) {
  int depth = 0;
  bool inString = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (inString) {
      if (c == '\\') ++i;  // skip the escaped character
      else if (c == '"') inString = false;
    } else if (c == '"') {
      inString = true;
    } else if (c == '[' || c == '{') {
      if (++depth > maxDepth) return i;
    } else if (c == ']' || c == '}') {
      --depth;  // unbalanced text is the parser's to report
    }
  }
  return std::string_view::npos;
}

std::string lineAndColumn(std::string_view text, std::size_t offset, int firstLine) {
  const std::string_view before = text.substr(0, offset);
  const auto newlines = std::count(before.begin(), before.end(), '\n');
  const std::size_t lineStart = before.rfind('\n');
  const std::size_t column = lineStart == std::string_view::npos ? offset + 1 : offset - lineStart;
  return "line " + std::to_string(firstLine + newlines) + ", column " + std::to_string(column);
}

}  // namespace

Json parseJsonText(std::string_view text, int firstLine) {
  if (const std::size_t deep = tooDeepAt(text, kMaxJsonDepth); deep != std::string_view::npos) {
    throw JsonSyntaxError(lineAndColumn(text, deep, firstLine) + ": JSON nested deeper than " +
                          std::to_string(kMaxJsonDepth) + " levels of arrays and objects");
  }
  try {
    return Json::parse(text);
  } catch (const Json::parse_error& error) {
    // nlohmann reports the 1-based byte offset where it stopped; people want a line and a column.
    const std::size_t offset = std::min(text.size(), error.byte > 0 ? error.byte - 1 : 0);
    throw JsonSyntaxError(lineAndColumn(text, offset, firstLine) + ": JSON syntax error: " +
                          parseErrorReason(error.what(), true));
  } catch (const Json::exception& error) {  // e.g. out_of_range: "number overflow parsing '1e999'"
    throw JsonSyntaxError("line " + std::to_string(firstLine) + ": JSON error: " + parseErrorReason(error.what(), false));
  }
}

// [SECTION] Readable output

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

// [SECTION] Streams

InputSource::InputSource(const std::string& path) : name_(path.empty() ? "standard input" : path) {
  if (path.empty()) {
    standard_ = &std::cin;
    return;
  }
  // A directory opens as a stream on Linux and fails on the first read with an exception; refuse it here.
  if (std::error_code error; std::filesystem::is_directory(path, error)) {
    throw FileError(path + ": cannot open: a directory, not a file");
  }
  file_.open(path, std::ios::binary);
  if (!file_) throw FileError(path + ": cannot open: " + std::strerror(errno));
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
