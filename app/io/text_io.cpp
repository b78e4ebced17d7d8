// app/io/text_io.cpp: see text_io.h.
#include "io/text_io.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <iterator>
#include <sstream>
#include <system_error>
#include <utility>
#include <vector>

#include <unistd.h>  // access

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

// [SECTION] UTF-8

namespace {

// The length of the well-formed UTF-8 sequence starting at text[i], or 0 when it is not one (RFC 3629, table 3-7
// of the Unicode standard: no overlong forms, no surrogates, nothing above U+10FFFF), the rule nlohmann applies.
std::size_t utf8SequenceLength(std::string_view text, std::size_t i) {
  const auto at = [&](std::size_t k) { return k < text.size() ? static_cast<unsigned char>(text[k]) : 0u; };
  const auto continues = [&](std::size_t k, unsigned low = 0x80, unsigned high = 0xBF) {
    return at(k) >= low && at(k) <= high;
  };
  const unsigned lead = at(i);
  if (lead < 0x80) return 1;
  if (lead >= 0xC2 && lead <= 0xDF) return continues(i + 1) ? 2 : 0;
  if (lead == 0xE0) return continues(i + 1, 0xA0, 0xBF) && continues(i + 2) ? 3 : 0;
  if (lead == 0xED) return continues(i + 1, 0x80, 0x9F) && continues(i + 2) ? 3 : 0;
  if (lead >= 0xE1 && lead <= 0xEF) return continues(i + 1) && continues(i + 2) ? 3 : 0;
  if (lead == 0xF0) return continues(i + 1, 0x90, 0xBF) && continues(i + 2) && continues(i + 3) ? 4 : 0;
  if (lead >= 0xF1 && lead <= 0xF3) return continues(i + 1) && continues(i + 2) && continues(i + 3) ? 4 : 0;
  if (lead == 0xF4) return continues(i + 1, 0x80, 0x8F) && continues(i + 2) && continues(i + 3) ? 4 : 0;
  return 0;
}

std::string hexByte(unsigned char byte) {
  constexpr char kDigits[] = "0123456789ABCDEF";
  return std::string("0x") + kDigits[byte >> 4] + kDigits[byte & 15];
}

}  // namespace

std::string boundedText(std::string_view text, std::size_t maxBytes) {
  constexpr std::string_view kEllipsis = "...";
  const std::size_t budget = maxBytes > kEllipsis.size() ? maxBytes - kEllipsis.size() : 0;
  std::string out;
  std::size_t cut = std::string::npos;  // the length of `out` that still leaves room for "..."
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t length = utf8SequenceLength(text, i);
    const std::string_view character = length > 0 ? text.substr(i, length) : std::string_view("\xEF\xBF\xBD");
    if (cut == std::string::npos && out.size() + character.size() > budget) cut = out.size();
    out += character;
    if (out.size() > maxBytes) {
      out.resize(cut);
      return out += kEllipsis;
    }
    i += length > 0 ? length : 1;
  }
  return out;
}

// [SECTION] Checked parsing

namespace {

// Where a byte of a JSON text sits: line, column and the field that holds it ("a.vertices[2]").
struct TextPlace {
  int line = 1;
  std::size_t column = 1;
  std::string field;
};

// One open array or object while scanning.
struct Container {
  bool object = false;
  bool expectKey = false;  // object: the next string is a field name
  std::string key;         // object: the current field name, raw (bounded when shown)
  std::size_t index = 0;   // array: the current element
};

std::string fieldPath(const std::vector<Container>& open) {
  constexpr std::size_t kShownLevels = 4;
  std::string path;
  for (std::size_t level = 0; level < open.size(); ++level) {
    if (level == kShownLevels) return path + "...";
    const Container& container = open[level];
    if (container.object) {
      if (container.expectKey) break;  // between fields: the object itself is the place
      if (!path.empty()) path += '.';
      path += boundedText(container.key, 40);
    } else {
      path += '[';
      path += std::to_string(container.index);
      path += ']';
    }
  }
  return path;
}

// A problem found by the scan, or none (problem empty) up to `stop`.
struct ScanResult {
  TextPlace place;
  std::string problem;
};

// One pass over the text that the parser will read: tracks lines, columns and the open arrays and objects (so
// any byte can be named by its field), and stops at the first byte that is not UTF-8 or the first container
// nested deeper than kMaxJsonDepth. A text that is not JSON is scanned as far as `stop` without complaint;
// the parser names its syntax errors.
ScanResult scanJsonText(std::string_view text, std::size_t stop) {
  ScanResult result;
  std::vector<Container> open;
  bool inString = false;
  bool inKey = false;
  bool escaped = false;
  std::size_t lineStart = 0;
  const auto place = [&](std::size_t i) {
    result.place.column = i - lineStart + 1;
    result.place.field = fieldPath(open);
  };
  stop = std::min(stop, text.size());
  for (std::size_t i = 0; i < stop; ++i) {
    const char c = text[i];
    if (static_cast<unsigned char>(c) >= 0x80) {
      const std::size_t length = utf8SequenceLength(text, i);
      if (length == 0) {
        place(i);
        result.problem = std::string(inKey ? "a field name is not UTF-8 text" : "not UTF-8 text") + " (byte " +
                         hexByte(static_cast<unsigned char>(c)) + ")";
        return result;
      }
      if (inKey && open.back().key.size() < 256) open.back().key.append(text.substr(i, length));
      i += length - 1;
      continue;
    }
    if (c == '\n') {
      ++result.place.line;
      lineStart = i + 1;
    }
    if (inString) {
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = true;
      } else if (c == '"') {
        inString = false;
        if (inKey) open.back().expectKey = false;
        inKey = false;
        continue;
      }
      if (inKey && open.back().key.size() < 256) open.back().key += c;
      continue;
    }
    switch (c) {
      case '"':
        inString = true;
        inKey = !open.empty() && open.back().object && open.back().expectKey;
        if (inKey) open.back().key.clear();
        break;
      case '{':
      case '[':
        if (static_cast<int>(open.size()) == kMaxJsonDepth) {
          place(i);
          result.problem = "nested deeper than " + std::to_string(kMaxJsonDepth) + " arrays and objects";
          return result;
        }
        open.push_back({c == '{', c == '{', {}, 0});
        break;
      case '}':
      case ']':
        if (!open.empty()) open.pop_back();
        break;
      case ',':
        if (!open.empty()) {
          if (open.back().object) open.back().expectKey = true;
          else ++open.back().index;
        }
        break;
      default:
        break;
    }
  }
  place(stop);
  return result;
}

std::string placePrefix(const TextPlace& place, int firstLine) {
  std::string prefix = "line " + std::to_string(firstLine + place.line - 1) + ", column " + std::to_string(place.column) + ": ";
  if (!place.field.empty()) prefix += place.field + ": ";
  return prefix;
}

// The reason of a nlohmann exception without its "[json.exception.parse_error.101] parse error at ...: " prefix
// (the place is ours to give), without the echoed token.
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
  // "... invalid literal; last read: '...'; expected ...": the echo can end inside a character (the lexer reads
  // byte by byte), and the line and column already say where, so it goes.
  const std::string lastRead = "; last read: '";
  if (const std::size_t at = reason.find(lastRead); at != std::string::npos) {
    const std::size_t end = reason.find("'; ", at + lastRead.size());
    reason.erase(at, end == std::string::npos ? std::string::npos : end + 1 - at);
  }
  return boundedText(reason, 200);
}

// NaN, Infinity or -Infinity (any case, "inf" too) written where a value goes: what JavaScript and Python's json
// module print for non-finite numbers, and the parser's "invalid literal" does not say why. The token that holds
// `offset` (where the parser stopped) and where it begins, or an empty token when it is something else.
struct Literal {
  std::string token;
  std::size_t begin = 0;
};

Literal nonFiniteLiteral(std::string_view text, std::size_t offset) {
  const auto inWord = [](char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0 || c == '-'; };
  std::size_t begin = std::min(offset, text.size());
  while (begin > 0 && offset - begin < 12 && inWord(text[begin - 1])) --begin;
  std::size_t end = begin;
  while (end < text.size() && end - begin < 12 && inWord(text[end])) ++end;
  const std::string_view token = text.substr(begin, end - begin);
  std::string word(token.starts_with('-') ? token.substr(1) : token);
  for (char& c : word) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (word == "nan" || word == "inf" || word == "infinity") return {std::string(token), begin};
  return {};
}

// Every number literal of a JSON text, as [begin, end): what the parser reads as numbers, outside strings.
std::vector<std::pair<std::size_t, std::size_t>> numberLiterals(std::string_view text) {
  std::vector<std::pair<std::size_t, std::size_t>> found;
  const auto inNumber = [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0 || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E'; };
  bool inString = false;
  bool escaped = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (c == '\\') escaped = true;
      else if (c == '"') inString = false;
      continue;
    }
    if (c == '"') {
      inString = true;
      continue;
    }
    if (c != '-' && std::isdigit(static_cast<unsigned char>(c)) == 0) continue;
    std::size_t end = i;
    while (end < text.size() && inNumber(text[end])) ++end;
    found.emplace_back(i, end);
    i = end - 1;
  }
  return found;
}

// The number literals of a text that read as an infinite double (1e400, 1.798e308, 400 digits): nlohmann stops
// at the first with "number overflow parsing '1e400'", naming neither its place nor its field. Each as [begin, end).
std::vector<std::pair<std::size_t, std::size_t>> overflowingNumbers(std::string_view text) {
  std::vector<std::pair<std::size_t, std::size_t>> found = numberLiterals(text);
  std::erase_if(found, [text](const auto& literal) {
    const std::string token(text.substr(literal.first, literal.second - literal.first));
    return !std::isinf(std::strtod(token.c_str(), nullptr));
  });
  return found;
}

[[noreturn]] void throwOverflow(std::string_view text, int firstLine,
                                const std::vector<std::pair<std::size_t, std::size_t>>& literals) {
  const auto [begin, end] = literals.front();
  const std::string_view token = text.substr(begin, end - begin);
  Json id;
  std::string nulled(text);
  for (auto it = literals.rbegin(); it != literals.rend(); ++it) nulled.replace(it->first, it->second - it->first, "null");
  try {
    const Json document = Json::parse(nulled);
    if (document.is_object() && document.contains("id")) id = document["id"];
  } catch (const Json::exception&) {  // the id stays unknown
  }
  const bool negative = token.starts_with('-');
  throw JsonSyntaxError(placePrefix(scanJsonText(text, begin).place, firstLine) + boundedText(token) + " is beyond the " +
                            (negative ? "most negative double (-1.798e+308)" : "largest double (1.798e+308)") +
                            "; give a finite number",
                        std::move(id));
}

}  // namespace

Json parseJsonText(std::string_view text, int firstLine) {
  const ScanResult scan = scanJsonText(text, text.size());
  if (!scan.problem.empty()) throw JsonSyntaxError(placePrefix(scan.place, firstLine) + scan.problem);
  try {
    return Json::parse(text);
  } catch (const Json::parse_error& error) {
    // nlohmann reports the 1-based byte offset where it stopped; people want a line and a column.
    const std::size_t offset = std::min(text.size(), error.byte > 0 ? error.byte - 1 : 0);
    TextPlace place = scanJsonText(text, offset).place;
    place.field.clear();  // where the parser stopped is often past the field at fault (end of input): no field
    if (const Literal literal = nonFiniteLiteral(text, offset); !literal.token.empty()) {
      // The token's own place, field and all: here the parser stopped inside the value at fault.
      throw JsonSyntaxError(placePrefix(scanJsonText(text, literal.begin).place, firstLine) + "JSON syntax error: " +
                            boundedText(literal.token) + " is not a JSON number (JSON has no NaN or infinity); give a "
                            "finite number");
    }
    throw JsonSyntaxError(placePrefix(place, firstLine) + "JSON syntax error: " + parseErrorReason(error.what(), true));
  } catch (const Json::exception& error) {  // e.g. out_of_range: "number overflow parsing '1e999'"
    if (const auto literals = overflowingNumbers(text); !literals.empty()) throwOverflow(text, firstLine, literals);
    throw JsonSyntaxError("line " + std::to_string(firstLine) + ": JSON error: " + parseErrorReason(error.what(), false));
  }
}

DecimalRounding largestDecimalRounding(std::string_view text) {
  DecimalRounding best;
  for (const auto& [begin, end] : numberLiterals(text)) {
    const std::string_view token = text.substr(begin, end - begin);
    // long double keeps 64 bits of mantissa here (x87), 11 more than double: enough to see what double drops.
    long double written = 0;
    if (std::from_chars(token.data(), token.data() + token.size(), written).ec != std::errc()) continue;
    const auto stored = static_cast<double>(written);
    const auto shift = static_cast<double>(std::fabs(written - static_cast<long double>(stored)));
    if (!(std::isfinite(shift) && shift > best.shift)) continue;
    std::string field = scanJsonText(text, begin).place.field;
    if (field == "id" || field.starts_with("id.") || field.starts_with("id[")) continue;  // a name, not a number
    best = {std::move(field), std::string(token), stored, shift};
  }
  return best;
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
  // The rename in finish() would replace a read-only file (only the directory's permission counts), so a file
  // its owner marked read-only is refused here: by its permission bits too, since root passes access().
  std::error_code statusError;
  const std::filesystem::file_status status = std::filesystem::status(path_, statusError);
  if (!statusError && std::filesystem::exists(status)) {
    if (std::filesystem::is_directory(status)) throw std::runtime_error(path + ": cannot replace: it is a directory");
    using std::filesystem::perms;
    const bool writeBits = (status.permissions() & (perms::owner_write | perms::group_write | perms::others_write)) !=
                           perms::none;
    if (!writeBits || ::access(path.c_str(), W_OK) != 0) {
      throw std::runtime_error(path + ": cannot replace: the file is read-only");
    }
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
  const std::string name = partial_.empty() ? std::string("standard output") : partial_.string();
  if (!stream()) throw std::runtime_error(name + ": write error");
  if (!partial_.empty()) {
    file_.close();
    if (!file_) throw std::runtime_error(name + ": write error");
    std::error_code error;
    std::filesystem::rename(partial_, path_, error);
    if (error) throw std::runtime_error(path_.string() + ": cannot replace: " + error.message());
  }
  finished_ = true;
}

namespace {

std::string errorAnswer(const Json& id, int lineNumber, const std::string& message) {
  Json out = Json::object();
  if (id.is_null()) out["line"] = lineNumber;
  else out["id"] = id;
  out["error"] = boundedText(message, message.size());  // valid UTF-8 here, so writing the answer cannot throw
  return out.dump(-1, ' ', false, Json::error_handler_t::replace);
}

bool parsesAsJson(const std::string& text) {
  try {
    (void)parseJsonText(text);  // bounded nesting, as every read
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

// What a whole input that is one JSON document spread over lines is, for `query` or `cast`; "" when it is not one.
std::string wholeDocument(std::string_view command, const std::string& text) {
  Json document;
  try {
    document = parseJsonText(text);
  } catch (const std::exception&) {
    return {};
  }
  const std::string name(command);
  if (document.is_object() && document.contains("format")) {
    return "this is a scene file, not JSON Lines: " + name +
           " reads one pair per line. `collision-lab trace --algo ALGORITHM FILE` traces a scene's pair (a moving "
           "pair by a cast algorithm, and without --algo by the scene's own), and the app's Edit > Copy pair as JSON "
           "gives its pair as one line";
  }
  return "this is one JSON document over several lines, not JSON Lines: " + name +
         " reads one pair per line (write each pair on one line)";
}

}  // namespace

int answerJsonLines(std::string_view command, const std::string& inputPath, const std::string& outputPath,
                    const std::function<Json(const Json& line, std::string_view text)>& answer) {
  InputSource input(inputPath);
  OutputSink output(outputPath);
  std::string line;
  int lineNumber = 0;
  int badLines = 0;
  bool first = true;
  std::istringstream rest;  // the input after a first line that did not parse, read ahead
  std::istream* lines = &input.stream();
  while (std::getline(*lines, line)) {
    ++lineNumber;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    if (std::exchange(first, false) && !parsesAsJson(line)) {
      // A pretty-printed document (a scene file, {"format": "collision-lab-scene", ...}) is one syntax error per
      // line read as JSON Lines: read whole, it gets one answer that says what it is and where it goes.
      rest.str(std::string(std::istreambuf_iterator<char>(*lines), {}));
      if (const std::string what = wholeDocument(command, line + "\n" + rest.str()); !what.empty()) {
        output.stream() << errorAnswer(Json(), lineNumber, what) << '\n';
        output.finish();
        std::fprintf(stderr, "collision-lab %.*s: %s\n", static_cast<int>(command.size()), command.data(), what.c_str());
        return 1;
      }
      lines = &rest;
    }
    Json id;
    std::string answerText;
    try {
      const Json document = parseJsonText(line, lineNumber);
      if (document.is_object() && document.contains("id")) id = document["id"];
      answerText = answer(document, line).dump(-1, ' ', false, Json::error_handler_t::replace);
    } catch (const JsonSyntaxError& error) {  // names its line and column already
      ++badLines;
      answerText = errorAnswer(error.id(), lineNumber, error.what());
    } catch (const JsonFieldError& error) {
      ++badLines;
      answerText = errorAnswer(id, lineNumber, "line " + std::to_string(lineNumber) + ": " + error.what());
    } catch (const std::exception& error) {  // a defect, not the input's fault: still one answer for this line
      ++badLines;
      answerText = errorAnswer(id, lineNumber, "line " + std::to_string(lineNumber) + ": cannot answer: " + error.what());
    }
    output.stream() << answerText << '\n';
  }
  if (input.stream().bad()) throw std::runtime_error(input.name() + ": read error");
  output.finish();
  if (badLines == 0) return 0;
  std::fprintf(stderr, "collision-lab %.*s: %d of %d %s could not be read (see their \"error\")\n",
               static_cast<int>(command.size()), command.data(), badLines, lineNumber, lineNumber == 1 ? "line" : "lines");
  return 1;
}

}  // namespace lab
