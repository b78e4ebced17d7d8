// app/io/text_io.h: reading input safely, JSON text with line-and-column syntax errors, and the input / output
// streams of the subcommands (a file or the standard stream; output files replaced only once complete).
//
// Every file a person or a fuzzer hands the app goes through here: readTextFile reads only regular files of a
// bounded size (a directory, a FIFO with no writer or /dev/zero is a message, never an exception, a hang or an
// allocation failure), and parseJsonText refuses nesting deeper than kMaxJsonDepth before any parser recurses.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <functional>
#include <istream>
#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

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

// Malformed JSON text: "line 3, column 14: JSON syntax error: unexpected '}'; expected string literal", or a number
// literal beyond double: "line 1, column 38: a.position[0]: 1e400 is beyond the largest double (1.798e+308); ...".
// id(): the document's "id" when it could still be read (past a number literal beyond double), else null.
class JsonSyntaxError : public std::runtime_error {
 public:
  explicit JsonSyntaxError(const std::string& what, Json id = nullptr) : std::runtime_error(what), id_(std::move(id)) {}
  [[nodiscard]] const Json& id() const { return id_; }

 private:
  Json id_;
};

// Deepest nesting of arrays and objects parseJsonText accepts. Our formats need 5; the limit keeps hostile input
// from overflowing the stack of the recursive code that walks a document (dump, copy, compare).
inline constexpr int kMaxJsonDepth = 64;

// Parses one JSON document, checked first for valid UTF-8 and for nesting within kMaxJsonDepth. Every error
// names the line and column and, where there is one, the field, in plain words:
//   "line 2, column 25: a.type: not UTF-8 text (byte 0xFF)"
//   "line 1, column 70: a[0][0][0]...: nested deeper than 64 arrays and objects"
//   "line 1, column 37: a.radius: JSON syntax error: invalid literal"
// Lines count from firstLine (the line of the text in its file). Throws JsonSyntaxError.
[[nodiscard]] Json parseJsonText(std::string_view text, int firstLine = 1);

// The number literal of a JSON text that reading it as a double moves most: its field ("b.position[0]"), the
// literal as written, the double it reads as, and the distance between them (0, field empty, when every literal
// reads exactly). The "id" is left out: it is echoed, never computed with. Near 1e18 a double's step is 128:
// "1000000000000000002.5" reads as 1e18 (review s31, C3).
struct DecimalRounding {
  std::string field;
  std::string written;
  double stored = 0;
  double shift = 0;
};
[[nodiscard]] DecimalRounding largestDecimalRounding(std::string_view text);

// How much of a piece of user text (a field name, a value) a message echoes.
inline constexpr std::size_t kMaxEchoedBytes = 60;

// User text made fit for a message: valid UTF-8 (each byte that is not becomes U+FFFD) and at most maxBytes
// bytes long, cut between characters and ending in "..." when shortened.
[[nodiscard]] std::string boundedText(std::string_view text, std::size_t maxBytes = kMaxEchoedBytes);

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

// A named output: written to "<path>.partial" and renamed over `path` by finish(), so a failed run (a full
// disk, a write error) never leaves a truncated file and keeps the old one; standard output when the path is
// empty. A target that exists but is read-only is refused, not replaced. Throws std::runtime_error on failure.
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

// The JSON Lines loop of `query` and `cast`: one answer line for every non-blank line of the input (a file, or
// standard input when the path is empty), whatever it holds, written to the output (a file, or standard output).
// `answer` turns a parsed line (and its text, for what reading it rounded) into its answer. A line it cannot answer (a syntax error, a field error, any other
// exception) gets {"id": ..., "error": "..."}, or {"line": N, "error": ...} when its id could not be read, so the
// failures of one line stay on that line and an answer never holds a null. Returns 1 when any line failed, after
// one line on stderr: "collision-lab COMMAND: 2 of 9 lines could not be read (see their "error")"; else 0.
[[nodiscard]] int answerJsonLines(std::string_view command, const std::string& inputPath, const std::string& outputPath,
                                  const std::function<Json(const Json& line, std::string_view text)>& answer);

}  // namespace lab
