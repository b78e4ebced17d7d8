#include "widgets/wrapped_text.h"

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <string>

namespace lab {

namespace {

bool glue(char c) { return c == '=' || c == '<' || c == '>'; }

// Whether the run of spaces [begin, end) of `text` may end a line.
bool breakable(std::string_view text, std::size_t begin, std::size_t end) {
  if (begin == 0 || end >= text.size()) return true;
  return !glue(text[begin - 1]) && !glue(text[end]);
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

void numbersCell(std::initializer_list<double> values) {
  const auto format = [&](int digits) {
    std::string text;
    char number[40];
    for (const double value : values) {
      if (!text.empty()) text += ", ";
      std::snprintf(number, sizeof number, "%.*g", digits, value == 0.0 ? 0.0 : value);  // never "-0"
      text += number;
    }
    return text;
  };
  const float room = ImGui::GetContentRegionAvail().x;
  const auto fits = [room](const std::string& text) {
    return ImGui::CalcTextSize(text.data(), text.data() + text.size()).x <= room;
  };
  // One line with at least 4 significant digits; else one number per line (far from the origin, "100000.5" needs
  // its digits more than the row needs its height); 1 digit at the very least.
  std::string text;
  for (int digits = 6; digits >= 4 && text.empty(); --digits) {
    if (const std::string line = format(digits); fits(line)) text = line;
  }
  if (text.empty() && values.size() > 1) {
    for (int digits = 9; digits >= 1; --digits) {
      std::string lines;
      bool allFit = true;
      char number[40];
      for (const double value : values) {
        std::snprintf(number, sizeof number, "%.*g", digits, value == 0.0 ? 0.0 : value);
        allFit = allFit && fits(number);
        lines += lines.empty() ? "" : "\n";
        lines += number;
      }
      if (allFit || digits == 1) {
        text = lines;
        break;
      }
    }
  }
  if (text.empty()) {
    for (int digits = 3; digits >= 1; --digits) {
      text = format(digits);
      if (fits(text)) break;
    }
  }
  ImGui::TextUnformatted(text.data(), text.data() + text.size());
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", format(17).c_str());
}

}  // namespace lab
