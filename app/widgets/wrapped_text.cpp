#include "widgets/wrapped_text.h"

#include "labs/format.h"

#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

namespace lab {

namespace {

bool glue(char c) { return c == '=' || c == '<' || c == '>' || c == '+'; }
bool digit(char c) { return c >= '0' && c <= '9'; }
bool letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// Whether `text` from `at` is a whole number (an index: "2", "2:", "2)"), not "2.5".
bool wholeNumber(std::string_view text, std::size_t at) {
  if (at >= text.size() || !digit(text[at])) return false;
  while (at < text.size() && digit(text[at])) ++at;
  return at + 1 >= text.size() || text[at] != '.' || !digit(text[at + 1]);
}

// Whether the run of spaces [begin, end) of `text` may end a line: not beside '=', '<', '>', '+' or a lone '-'
// ("R + r = 2.3", "A - B"), nor between a word and the index after it ("edge 2": a line began "2 = 3.23").
bool breakable(std::string_view text, std::size_t begin, std::size_t end) {
  if (begin == 0 || end >= text.size()) return true;
  const char before = text[begin - 1], after = text[end];
  if (glue(before) || glue(after)) return false;
  if (after == '-' && end + 1 < text.size() && text[end + 1] == ' ') return false;
  if (before == '-' && (begin < 2 || text[begin - 2] == ' ')) return false;
  return !(letter(before) && wholeNumber(text, end));
}

}  // namespace

std::vector<std::string_view> breakLines(std::string_view text, double width,
                                         const std::function<double(std::string_view)>& measure) {
  std::vector<std::string_view> lines;
  std::size_t paragraphStart = 0;
  while (paragraphStart <= text.size()) {
    std::size_t paragraphEnd = text.find('\n', paragraphStart);
    if (paragraphEnd == std::string_view::npos) paragraphEnd = text.size();
    const std::string_view paragraph = text.substr(paragraphStart, paragraphEnd - paragraphStart);
    // Greedy: extend the line word by word (a word ends at a breakable run of spaces) while it fits.
    std::size_t lineStart = paragraph.find_first_not_of(' ');
    if (lineStart == std::string_view::npos) {
      lines.push_back(paragraph.substr(0, 0));
    } else {
      std::size_t lineEnd = lineStart;  // end of the last word on the line
      std::size_t position = lineStart;
      while (position < paragraph.size()) {
        // The next word: up to the next breakable run of spaces.
        std::size_t wordEnd = position;
        while (true) {
          const std::size_t space = paragraph.find(' ', wordEnd);
          if (space == std::string_view::npos) {
            wordEnd = paragraph.size();
            break;
          }
          const std::size_t after = paragraph.find_first_not_of(' ', space);
          if (after == std::string_view::npos) {
            wordEnd = space;
            break;
          }
          if (breakable(paragraph, space, after)) {
            wordEnd = space;
            break;
          }
          wordEnd = after;
        }
        if (lineEnd > lineStart && measure(paragraph.substr(lineStart, wordEnd - lineStart)) > width) {
          lines.push_back(paragraph.substr(lineStart, lineEnd - lineStart));
          lineStart = position;
        }
        lineEnd = wordEnd;
        const std::size_t next = paragraph.find_first_not_of(' ', wordEnd);
        position = next == std::string_view::npos ? paragraph.size() : next;
      }
      lines.push_back(paragraph.substr(lineStart, lineEnd - lineStart));
    }
    if (paragraphEnd == text.size()) break;
    paragraphStart = paragraphEnd + 1;
  }
  return lines;
}

std::string hangingLines(std::string_view head, std::string_view text, double width,
                         const std::function<double(std::string_view)>& measure) {
  const double headWidth = measure(head);
  const double space = std::max(measure(" "), 1e-9);
  const std::string indent(static_cast<std::size_t>(std::ceil(headWidth / space - 1e-6)), ' ');
  std::string lines(head);
  bool first = true;
  for (const std::string_view line : breakLines(text, std::max(width - std::max(headWidth, measure(indent)), 1.0), measure)) {
    if (!first) lines.append("\n").append(indent);
    lines.append(line);
    first = false;
  }
  return lines;
}

std::string wrappedLines(std::string_view text, double width) {
  std::string lines;
  for (const std::string_view line : breakLines(text, width, [](std::string_view part) {
         return static_cast<double>(ImGui::CalcTextSize(part.data(), part.data() + part.size()).x);
       }))
    lines.append(lines.empty() ? "" : "\n").append(line);
  return lines;
}

namespace {
std::optional<NarrationSpan> narrationSpan;  // this frame's
bool narrationEnded = false;
}  // namespace

void markNarration() {
  if (narrationSpan) return;
  const float y = ImGui::GetCursorScreenPos().y;
  narrationSpan = NarrationSpan{y, y};
}

void markNarrationEnd() {
  if (!narrationSpan || narrationEnded) return;
  narrationSpan->bottom = std::max(ImGui::GetCursorScreenPos().y, narrationSpan->top);
  narrationEnded = true;
}

std::optional<NarrationSpan> takeNarration() {
  narrationEnded = false;
  return std::exchange(narrationSpan, std::nullopt);
}

void narrationText(std::string_view text, const ImVec4& headline) {
  markNarration();
  const std::size_t why = text.find("\n\n");
  ImGui::PushStyleColor(ImGuiCol_Text, headline);
  textWrapped("%.*s", static_cast<int>(text.substr(0, why).size()), text.data());
  ImGui::PopStyleColor();
  if (why != std::string_view::npos) {
    const std::string_view rest = text.substr(why + 2);
    textWrapped("%.*s", static_cast<int>(rest.size()), rest.data());
  }
  markNarrationEnd();
}

void foldedHowTo(const char* text) {
  if (!ImGui::TreeNodeEx("How to use this lab", ImGuiTreeNodeFlags_NoTreePushOnOpen | ImGuiTreeNodeFlags_NoAutoOpenOnLog)) return;
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  textWrapped("%s", text);
  ImGui::PopStyleColor();
}

void textWrapped(const char* format, ...) {
  std::va_list arguments;
  va_start(arguments, format);
  std::va_list copy;
  va_copy(copy, arguments);
  const int size = std::vsnprintf(nullptr, 0, format, copy);
  va_end(copy);
  std::string text(size > 0 ? static_cast<std::size_t>(size) : 0, '\0');
  if (size > 0) std::vsnprintf(text.data(), text.size() + 1, format, arguments);
  va_end(arguments);
  const double width = std::max(ImGui::GetContentRegionAvail().x, 1.0f);
  const std::vector<std::string_view> lines = breakLines(text, width, [](std::string_view line) {
    return static_cast<double>(ImGui::CalcTextSize(line.data(), line.data() + line.size()).x);
  });
  std::string joined;
  joined.reserve(text.size() + lines.size());
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (i > 0) joined += '\n';
    joined += lines[i];
  }
  ImGui::TextUnformatted(joined.data(), joined.data() + joined.size());
}

namespace {
// A table's numbers with one number of significant digits, each through the labs' one format (formatSignificant);
// a component under 1e-9 of its vector's largest is the rounding of a computed direction and reads 0, as
// formatVector writes it ("-2.8e-17" in a table of normals read as a number that matters).
std::string cellNumber(std::span<const double> vector, std::size_t i, int digits) {
  double largest = 0.0;
  for (const double value : vector)
    if (std::isfinite(value)) largest = std::max(largest, std::abs(value));
  const double value = vector[i];
  return formatSignificant(std::isfinite(value) && std::abs(value) < 1e-9 * largest ? 0.0 : value, digits);
}
}  // namespace

std::vector<std::string> vectorCellTexts(std::span<const double> components, const VectorFormat& format) {
  std::vector<double> shown(components.begin(), components.end());
  for (std::size_t i = 0; i < shown.size() && i < format.origin.size(); ++i) shown[i] -= format.origin[i];
  std::vector<std::string> texts;
  for (std::size_t i = 0; i < shown.size(); ++i) texts.push_back(cellNumber(shown, i, format.digits));
  return texts;
}

VectorFormat vectorFormat(std::span<const double> numbers, int significant, int components, int groups) {
  VectorFormat format;
  format.digits = std::clamp(significant, 1, kMostTableDigits);
  const std::size_t width = components > 0 ? static_cast<std::size_t>(components) : 0;
  const std::size_t count = width > 0 ? numbers.size() / width : numbers.size();
  const auto vector = [&](std::size_t i) { return width > 0 ? numbers.subspan(i * width, width) : numbers.subspan(i, 1); };
  const auto printed = [&](std::size_t i) {
    std::string text;
    for (const std::string& number : vectorCellTexts(vector(i), format)) text += number + ",";
    return text;
  };
  // Digits are added until no two different vectors print alike: GJK on a curve takes supports that differ in the
  // fifth digit, and far from the origin (1e6) two witnesses 1e-4 apart differ in the eleventh.
  const auto anyAlike = [&] {
    if (width == 0) return false;
    std::vector<std::string> texts(count);
    for (std::size_t i = 0; i < count; ++i) texts[i] = printed(i);
    for (std::size_t i = 0; i < count; ++i)
      for (std::size_t j = i + 1; j < count; ++j)
        if ((j - i) % static_cast<std::size_t>(std::max(groups, 1)) == 0 && texts[i] == texts[j] && !std::ranges::equal(vector(i), vector(j)))
          return true;
    return false;
  };
  while (format.digits < kMostTableDigits && anyAlike()) ++format.digits;
  for (std::size_t i = 0; i < count; ++i) {
    const std::vector<std::string> texts = vectorCellTexts(vector(i), format);
    for (std::size_t k = 0; k < texts.size(); ++k) {
      const float textWidth = ImGui::CalcTextSize(texts[k].c_str()).x;
      format.numberWidth = std::max(format.numberWidth, textWidth);
      if (width > 0 && k < format.componentWidths.size()) format.componentWidths[k] = std::max(format.componentWidths[k], textWidth);
    }
  }
  return format;
}

void vectorCell(std::span<const double> components, const VectorFormat& format, float maxWidth) {
  const auto slot = [&format](std::size_t i) {
    return i < format.componentWidths.size() && format.componentWidths[i] > 0 ? format.componentWidths[i] : format.numberWidth;
  };
  float oneLine = ImGui::CalcTextSize("(").x;
  for (std::size_t i = 0; i < components.size(); ++i) oneLine += slot(i) + ImGui::CalcTextSize(i + 1 < components.size() ? ", " : ")").x;
  const bool wrap = maxWidth > 0 && oneLine > maxWidth && components.size() > 1;
  ImGui::BeginGroup();
  const float start = ImGui::GetCursorPosX();
  ImGui::TextUnformatted("(");
  const std::vector<std::string> texts = vectorCellTexts(components, format);
  for (std::size_t i = 0; i < components.size(); ++i) {
    const std::string& text = texts[i];
    if (wrap && i + 1 == components.size()) {
      ImGui::SetCursorPosX(start + ImGui::CalcTextSize("(").x);  // the next line, under the first number
    } else {
      ImGui::SameLine(0.0f, 0.0f);
    }
    ImGui::SetCursorPosX(ImGui::GetCursorPosX() + std::max(slot(i) - ImGui::CalcTextSize(text.c_str()).x, 0.0f));
    ImGui::TextUnformatted(text.c_str());
    ImGui::SameLine(0.0f, 0.0f);
    ImGui::TextUnformatted(i + 1 < components.size() ? ", " : ")");
  }
  ImGui::EndGroup();
  if (ImGui::IsItemHovered()) {
    std::string all = "(";
    char number[40];
    for (std::size_t i = 0; i < components.size(); ++i) {
      std::snprintf(number, sizeof number, "%.17g", components[i]);
      all += (i > 0 ? ", " : "") + std::string(number);
    }
    ImGui::SetTooltip("%s)", all.c_str());
  }
}

}  // namespace lab
