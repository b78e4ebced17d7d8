// app/io/text_io.h: JSON text with line-and-column syntax errors, and the input / output streams of the
// subcommands (a file or the standard stream; output files replaced only once complete).
#pragma once

#include <filesystem>
#include <fstream>
#include <istream>
#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>

#include "io/shape_json.h"

namespace lab {

// Malformed JSON text: "line 3, column 14: JSON syntax error: unexpected '}'; expected string literal".
class JsonSyntaxError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Parses one JSON document. Lines in the message count from firstLine (the line of the text in its file).
[[nodiscard]] Json parseJsonText(std::string_view text, int firstLine = 1);

// Pretty JSON that stays readable for long traces: two-space indentation, but arrays of numbers (points,
// vectors, intervals) on one line: "point": [1.5, -2.0].
[[nodiscard]] std::string dumpReadable(const Json& value);

// A named input: the file at `path`, or standard input when the path is empty. Throws std::runtime_error
// ("missing.jsonl: cannot open: No such file or directory") when the file cannot be opened.
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
