// The line breaker every lab's paragraphs use (app/widgets/wrapped_text.h): lines break only at spaces, never
// inside a number, never beside '=', '<' or '>', and fit the width unless one word alone is wider. And the step
// tables' vectors: one fixed-decimal format per table, every vector as wide as the others in it.
#include <string>
#include <string_view>
#include <vector>

#include <array>
#include <cmath>
#include <limits>

#include <gtest/gtest.h>
#include <imgui.h>

#include "support/headless_imgui.h"
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

// One frame open in a headless ImGui context (support/headless_imgui.h).
class VectorCellTest : public ::testing::Test {
 protected:
  void SetUp() override { ImGui::NewFrame(); }
  void TearDown() override { ImGui::Render(); }
  test::HeadlessImGui imgui_{ImVec2(400, 300)};
};

TEST_F(VectorCellTest, OneFormatPerTableKeepsFourSignificantDigitsOnTheLargest) {
  EXPECT_EQ(vectorFormat(std::array{0.786, -0.958, 1.479, -0.0042}).decimals, 3);   // 1.479
  EXPECT_EQ(vectorFormat(std::array{0.786, -0.958}).decimals, 4);                    // 0.9580
  EXPECT_EQ(vectorFormat(std::array{1234.5, -2.0}).decimals, 0);                     // 1235
  EXPECT_EQ(vectorFormat(std::array{1e-9, 0.0}).decimals, 6);                        // at most 6
  EXPECT_EQ(vectorFormat(std::array{0.0, 0.0}).decimals, 3);                         // no magnitude: as for 1
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(vectorFormat(std::array{std::nan(""), inf, 12.5}).decimals, 2);         // non-finite numbers ignored
  // As vectors: decimals are added until different vectors print differently (at most 6), not for equal ones.
  EXPECT_EQ(vectorFormat(std::array{1.1341, -0.997, 1.1344, -0.997}, 4, 2).decimals, 4);
  EXPECT_EQ(vectorFormat(std::array{1.1341, -0.997, 1.1341, -0.997}, 4, 2).decimals, 3);
  EXPECT_EQ(vectorFormat(std::array{1.0, 0.0, 1.0 + 1e-12, 0.0}, 4, 2).decimals, 6);
  // The slot is the widest number's width: "-0.958" (the minus sign is wider than nothing).
  const VectorFormat format = vectorFormat(std::array{0.786, -0.958, 1.479});
  EXPECT_FLOAT_EQ(format.numberWidth, ImGui::CalcTextSize("-0.958").x);
}

TEST_F(VectorCellTest, EveryVectorOfATableIsAsWideSoItsNumbersLineUp) {
  ImGui::Begin("table");
  const VectorFormat format = vectorFormat(std::array{-12.25, 1.0, 0.5, -0.125});
  std::array<float, 3> widths{};
  const std::array<std::array<double, 2>, 3> vectors = {{{-12.25, 1.0}, {0.5, -0.125}, {-1e-9, 3.0}}};  // -1e-9 rounds to zero
  for (std::size_t i = 0; i < vectors.size(); ++i) {
    vectorCell(vectors[i], format);
    widths[i] = ImGui::GetItemRectSize().x;
  }
  ImGui::End();
  EXPECT_GT(widths[0], 2.0f * format.numberWidth);
  EXPECT_FLOAT_EQ(widths[1], widths[0]);
  EXPECT_FLOAT_EQ(widths[2], widths[0]);
}

}  // namespace
}  // namespace lab
