#include "io/obj.h"

#include <charconv>
#include <cmath>
#include <string>
#include <vector>

#include "io/text_io.h"

namespace lab {
namespace {

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }

// The whitespace-separated words of a line.
std::vector<std::string_view> words(std::string_view line) {
  std::vector<std::string_view> result;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && isSpace(line[i])) ++i;
    const std::size_t start = i;
    while (i < line.size() && !isSpace(line[i])) ++i;
    if (i > start) result.push_back(line.substr(start, i - start));
  }
  return result;
}

class LineReader {
 public:
  LineReader(std::string_view name, int line) : name_(name), line_(line) {}

  [[noreturn]] void fail(const std::string& message) const {
    throw ObjError(boundedText(name_, 200) + ": line " + std::to_string(line_) + ": " + message);
  }

  double number(std::string_view word, const char* what) const {
    if (word.size() > 1 && word[0] == '+') word.remove_prefix(1);  // from_chars takes no plus sign
    double value = 0;
    const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), value);
    if (error != std::errc() || end != word.data() + word.size()) {
      fail(std::string(what) + ": \"" + boundedText(word) + "\" is not a number");
    }
    if (!std::isfinite(value)) fail(std::string(what) + ": \"" + boundedText(word) + "\" is not finite");
    return value;
  }

  // The 0-based vertex index of one face corner ("7", "7/2", "7//3", "-1/2/3").
  int corner(std::string_view word, std::size_t vertexCount) const {
    const std::string_view index = word.substr(0, word.find('/'));
    long long value = 0;
    const auto [end, error] = std::from_chars(index.data(), index.data() + index.size(), value);
    if (index.empty() || error != std::errc() || end != index.data() + index.size()) {
      fail("f: \"" + boundedText(word) + "\" is not a vertex index");
    }
    const long long count = static_cast<long long>(vertexCount);
    if (value == 0) fail("f: vertex index 0: OBJ indices count from 1 (or back from -1)");
    const long long zeroBased = value > 0 ? value - 1 : count + value;
    if (zeroBased < 0 || zeroBased >= count) {
      fail("f: vertex index " + std::to_string(value) + " names no vertex (" + std::to_string(count) +
           " read so far)");
    }
    return static_cast<int>(zeroBased);
  }

 private:
  std::string_view name_;
  int line_;
};

}  // namespace

collide::Mesh<double> meshFromObj(std::string_view text, std::string_view name) {
  collide::Mesh<double> mesh;
  int lineNumber = 0;
  std::size_t position = 0;
  while (position < text.size()) {
    std::size_t end = text.find('\n', position);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(position, end - position);
    position = end + 1;
    ++lineNumber;
    if (const std::size_t hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
    const std::vector<std::string_view> parts = words(line);
    if (parts.empty()) continue;
    const LineReader reader(name, lineNumber);
    const std::string_view keyword = parts[0];
    if (keyword == "v") {
      if (parts.size() != 4 && parts.size() != 5) {
        reader.fail("v: expected 3 coordinates (and an optional w), got " + std::to_string(parts.size() - 1));
      }
      mesh.vertices.push_back({reader.number(parts[1], "v: x"), reader.number(parts[2], "v: y"),
                               reader.number(parts[3], "v: z")});
    } else if (keyword == "f") {
      if (parts.size() < 4) reader.fail("f: a face needs at least 3 corners, got " + std::to_string(parts.size() - 1));
      std::vector<int> corners;
      for (std::size_t i = 1; i < parts.size(); ++i) corners.push_back(reader.corner(parts[i], mesh.vertices.size()));
      for (std::size_t i = 1; i + 1 < corners.size(); ++i) mesh.triangles.push_back({corners[0], corners[i], corners[i + 1]});
    } else if (keyword == "vt" || keyword == "vn" || keyword == "vp" || keyword == "g" || keyword == "o" ||
               keyword == "s" || keyword == "usemtl" || keyword == "mtllib" || keyword == "l" || keyword == "p") {
      continue;
    } else {
      reader.fail("unknown statement \"" + boundedText(keyword) + "\" (this reader takes v and f)");
    }
  }
  if (mesh.vertices.empty()) throw ObjError(boundedText(name, 200) + ": no vertices (no v line)");
  if (mesh.triangles.empty()) throw ObjError(boundedText(name, 200) + ": no faces (no f line)");
  return mesh;
}

collide::Mesh<double> readObjFile(const std::filesystem::path& path) {
  return meshFromObj(readTextFile(path, kMaxObjFileBytes), path.string());
}

}  // namespace lab
