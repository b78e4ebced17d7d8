// The line breaker every lab's paragraphs use (app/widgets/wrapped_text.h): lines break only at spaces, never
// inside a number, never beside '=', '<' or '>', and fit the width unless one word alone is wider.
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "widgets/wrapped_text.h"

namespace lab {
namespace {

// A monospaced measure: one unit per character.
double characters(std::string_view line) { return static_cast<double>(line.size()); }

std::vector<std::string> wrap(std::string_view text, double width) {
  std::vector<std::string> out;
  for (const std::string_view line : breakLines(text, width, characters)) out.emplace_back(line);
  return out;
}

TEST(WrappedText, NumbersAndEquationsStayWhole) {
  // ImGui 1.86 broke this after "0." at this width; here "|v| = 0.1449;" is one unit.
  const std::string text = "v = (0.1232, -0.07626), |v| = 0.1449; next search along -v.";
  for (double width = 4; width <= 70; width += 1) {
    SCOPED_TRACE(width);
    const std::vector<std::string> lines = wrap(text, width);
    std::string rejoined;
    for (const std::string& line : lines) {
      EXPECT_TRUE(line.empty() || (line.front() != ' ' && line.back() != ' ')) << "[" << line << "]";
      // Wider than the width only when the line is one unbreakable group.
      if (static_cast<double>(line.size()) > width) {
        const bool oneGroup = line.find(' ') == std::string::npos || line == "|v| = 0.1449;" || line == "v = (0.1232,";
        EXPECT_TRUE(oneGroup) << "[" << line << "]";
      }
      EXPECT_EQ(line.back() == '.' && line != lines.back(), false) << "a line ends in a decimal point: " << line;
      rejoined += (rejoined.empty() ? "" : " ") + line;
    }
    EXPECT_EQ(rejoined, text);  // nothing lost, nothing split: words rejoin with single spaces
    for (const char* whole : {"0.1232,", "-0.07626),", "|v| = 0.1449;", "-v."}) {
      bool found = false;
      for (const std::string& line : lines) found = found || line.find(whole) != std::string::npos;
      EXPECT_TRUE(found) << whole;
    }
  }
}

TEST(WrappedText, FillsLinesGreedilyAndKeepsParagraphs) {
  EXPECT_EQ(wrap("aa bb cc dd", 5), (std::vector<std::string>{"aa bb", "cc dd"}));
  EXPECT_EQ(wrap("aa bb cc dd", 100), (std::vector<std::string>{"aa bb cc dd"}));
  EXPECT_EQ(wrap("aa\nbb cc", 100), (std::vector<std::string>{"aa", "bb cc"}));
  EXPECT_EQ(wrap("distance 1.18 > radius 1: outside", 14),
            (std::vector<std::string>{"distance", "1.18 > radius", "1: outside"}));
  EXPECT_EQ(wrap("", 10), (std::vector<std::string>{""}));
  EXPECT_EQ(wrap("averyveryverylongword x", 5), (std::vector<std::string>{"averyveryverylongword", "x"}));
}

}  // namespace
}  // namespace lab
