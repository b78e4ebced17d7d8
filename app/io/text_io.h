// app/io/text_io.h: reading input safely, JSON text with line-and-column syntax errors, and the input / output
// streams of the subcommands (a file or the standard stream; output files replaced only once complete).
//
// Every file a person or a fuzzer hands the app goes through here: readTextFile reads only regular files of a
// bounded size (a directory, a FIFO with no writer or /dev/zero is a message, never an exception, a hang or an
// allocation failure), and parseJsonText refuses nesting deeper than kMaxJsonDepth before any parser recurses.
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <istream>
#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>

#include "io/shape_json.h"

namespace lab {

// A file that cannot be read: the message names the file, e.g. "scenes: is a directory, not a file".
class FileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

inline constexpr std::uintmax_t kMaxSceneFileBytes = 64u << 20;  // 64 MiB: a broad-phase scene of 100,000 boxes

// The whole text of a regular file of at most `maxBytes`. Throws FileError ("name: why") for anything else:
// a missing file, a directory, a FIFO or device (refused before opening, so a FIFO with no writer cannot hang
// the read), a file larger than `maxBytes`, or a read error.
[[nodiscard]] std::string readTextFile(const std::filesystem::path& path, std::uintmax_t maxBytes);

// `text` cut to at most `maxBytes` on a UTF-8 character boundary, with "..." when cut: for text shown on
// screen or echoed in a message (a message cut mid-character is not valid UTF-8 and cannot be written as JSON).
[[nodiscard]] std::string truncatedUtf8(std::string_view text, std::size_t maxBytes);

// Deeper nesting than any of the app's documents needs; deeper input is refused before it reaches the parser
// (recursive descent over 100,000 brackets overflows the stack).
inline constexpr int kMaxJsonDepth = 64;

// Malformed JSON text: "line 3, column 14: JSON syntax error: unexpected '}'; expected string literal".
class JsonSyntaxError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Parses one JSON document. Lines in the message count from firstLine (the line of the text in its file).
// Throws JsonSyntaxError for malformed text and for arrays and objects nested deeper than kMaxJsonDepth.
[[nodiscard]] Json parseJsonText(std::string_view text, int firstLine = 1);

// Pretty JSON that stays readable for long traces: two-space indentation, but arrays of numbers (points,
// vectors, intervals) on one line: "point": [1.5, -2.0].
[[nodiscard]] std::string dumpReadable(const Json& value);

// A named input stream: the file at `path`, or standard input when the path is empty. Throws FileError
// ("missing.jsonl: cannot open: No such file or directory") when the file cannot be opened or is a directory.
// Pipes are accepted (a stream is read line by line, so it may be endless).
class InputSource {
 public:
  explicit InputSource(const std::string& path);
  [[nodiscard]] std::istream& stream() { return file_.is_open() ? static_cast<std::istream&>(file_) : *standard_; }
  [[nodiscard]] const std::string& name() const { return name_; }

 private:
  std::ifstream file_;
  std::istream* standard_ = nullptr;
  std::string name_;
};

// A named output: written to "<path>.partial" and renamed over `path` by finish(), so a failed run never
// leaves a truncated file; standard output when the path is empty. Throws std::runtime_error on failure.
class OutputSink {
 public:
  explicit OutputSink(const std::string& path);
  ~OutputSink();  // removes the partial file when finish() was not reached
  OutputSink(const OutputSink&) = delete;
  OutputSink& operator=(const OutputSink&) = delete;
  [[nodiscard]] std::ostream& stream() { return file_.is_open() ? static_cast<std::ostream&>(file_) : *standard_; }
  void finish();

 private:
  std::filesystem::path path_;
  std::filesystem::path partial_;
  std::ofstream file_;
  std::ostream* standard_ = nullptr;
  bool finished_ = false;
};

}  // namespace lab
