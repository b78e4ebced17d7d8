// The line breaker every lab's paragraphs use (app/widgets/wrapped_text.h): lines break only at spaces, never
// inside a number, never beside '=', '<' or '>', and fit the width unless one word alone is wider. And the step
// tables' vectors: one fixed-decimal format per table, every vector as wide as the others in it; a table of
// six-decimal vectors fits the side panel (labs/narrow_phase_common.h).
#include <string>
#include <string_view>
#include <vector>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <limits>

#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>  // ImGuiTable::ColumnsAutoFitWidth: the width a table needs to clip nothing

#include "labs/narrow_phase_common.h"
#include "platform/theme.h"
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
            (std::vector<std::string>{"distance", "1.18 > radius 1:", "outside"}));
  EXPECT_EQ(wrap("", 10), (std::vector<std::string>{""}));
  EXPECT_EQ(wrap("averyveryverylongword x", 5), (std::vector<std::string>{"averyveryverylongword", "x"}));
}

// 11's narration broke "Distance to edge / 2 = 3.23", and 05's label "R + / r = 2.3": a line began with the number,
// which read as an equation "2 = 3.23". A word keeps its index, and '+' and a lone '-' glue as '=' does.
TEST(WrappedText, ANameKeepsItsNumberAndSumsStayWhole) {
  for (double width = 10; width <= 40; width += 1) {
    SCOPED_TRACE(width);
    for (const std::string& line : wrap("Distance to edge 2 = 3.23 > radius 0.6: the circle does not reach this edge.", width)) {
      EXPECT_FALSE(line.starts_with("2 ")) << line;
      EXPECT_FALSE(line.ends_with("edge") && line != "edge") << line;
    }
    for (const std::string& line : wrap("distance from the apex = 1.118 < R + r = 2.3: within reach of A - B", width)) {
      EXPECT_FALSE(line.starts_with("r = ") || line.ends_with(" +") || line.ends_with(" -") || line.starts_with("B")) << line;
    }
  }
  // A decimal is not an index: "distance 1.18" may break.
  EXPECT_EQ(wrap("distance 1.18", 9), (std::vector<std::string>{"distance", "1.18"}));
  EXPECT_EQ(wrap("edge 2", 4), (std::vector<std::string>{"edge 2"}));
}

// A step-list row too wide for the panel: "16 face 1 of A: smallest overlap 0.3225 (ax" was cut mid-word with no
// sign of it. It wraps within the width, its later lines under its text; a row that fits is one line.
TEST(WrappedText, ARowTooWideWrapsUnderItsText) {
  const std::string head = " 16  ", text = "face 1 of A: smallest overlap 0.3225 (axis 4)";
  EXPECT_EQ(hangingLines(head, text, 60, characters), head + text);
  for (double width = 20; width < 51; width += 1) {
    SCOPED_TRACE(width);
    const std::string lines = hangingLines(head, text, width, characters);
    std::string rejoined;
    std::size_t at = 0;
    while (at <= lines.size()) {
      std::size_t end = lines.find('\n', at);
      if (end == std::string::npos) end = lines.size();
      const std::string line = lines.substr(at, end - at);
      EXPECT_LE(static_cast<double>(line.size()), width) << line;
      EXPECT_TRUE(line.starts_with(at == 0 ? head : std::string(head.size(), ' '))) << line;
      if (!rejoined.empty()) rejoined += ' ';  // appended: GCC 12's -Wrestrict misfires on a + of the two
      rejoined.append(line, head.size());
      at = end + 1;
    }
    EXPECT_EQ(rejoined, text);
  }
}

// One frame open in a headless ImGui context (support/headless_imgui.h).
class VectorCellTest : public ::testing::Test {
 protected:
  void SetUp() override { ImGui::NewFrame(); }
  void TearDown() override { ImGui::Render(); }
  test::HeadlessImGui imgui_{ImVec2(400, 300)};
};

TEST_F(VectorCellTest, OneFormatPerTableKeepsTheNarrationsSignificantDigits) {
  const auto texts = [](std::span<const double> vector, const VectorFormat& format) {
    std::string out;
    for (const std::string& number : vectorCellTexts(vector, format)) out += (out.empty() ? "" : " ") + number;
    return out;
  };
  EXPECT_EQ(vectorFormat(std::array{0.786, -0.958, 1.479}).digits, 4);
  EXPECT_EQ(texts(std::array{0.786, -0.958, 1.479, -0.0042}, vectorFormat(std::array{0.786})), "0.786 -0.958 1.479 -0.0042");
  EXPECT_EQ(texts(std::array{999.0, -0.098}, vectorFormat(std::array{999.0})), "999 -0.098");  // not "-0.1" (3d_10)
  EXPECT_EQ(texts(std::array{1.0, 1e-12}, vectorFormat(std::array{1.0})), "1 0");               // rounding noise reads 0
  EXPECT_EQ(texts(std::array{1234.6, -2.0}, vectorFormat(std::array{1.0})), "1235 -2");
  EXPECT_EQ(texts(std::array{0.0, 0.0}, vectorFormat(std::array{0.0})), "0 0");
  // The numbers of review s31's A15 (boxes at 1e6 a gap of 1e-4 apart) as the narration writes them: "-0.000100" and
  // "1000001.0000" were the table's, "0.0001" the narration's.
  EXPECT_EQ(texts(std::array{-9.99999e-05, 0.0, 0.0}, vectorFormat(std::array{-9.99999e-05, 0.0, 0.0}, 4, 3)), "-0.0001 0 0");
  EXPECT_EQ(vectorCellTexts(std::array{-9.99999e-05}, VectorFormat{})[0], formatNumber(-9.99999e-05));
  const VectorFormat far = vectorFormat(std::array{1000001.0, 1000001.0, 1000001.0, 1000001.0001, 1000001.0, 1000001.0}, 4, 3);
  EXPECT_EQ(texts(std::array{1000001.0, 1000001.0, 1000001.0}, far), "1000001 1000001 1000001");
  EXPECT_EQ(texts(std::array{1000001.0001, 1000001.0, 1000001.0}, far), "1000001.0001 1000001 1000001");
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(texts(std::array{std::nan(""), inf, 12.5}, vectorFormat(std::array{12.5})), "nan inf 12.5");
  // As vectors: digits are added until different vectors print differently (at most kMostTableDigits), not for equal ones.
  EXPECT_EQ(vectorFormat(std::array{1.1341, -0.997, 1.1344, -0.997}, 4, 2).digits, 5);
  EXPECT_EQ(vectorFormat(std::array{1.1341, -0.997, 1.1341, -0.997}, 4, 2).digits, 4);
  EXPECT_EQ(vectorFormat(std::array{1.0, 0.0, 1.0 + 1e-12, 0.0}, 4, 2).digits, kMostTableDigits);
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

// Near 1e6 the witnesses need no decimals, but w = a - b is small: each role gets its own format, so w0 = (0, 1.5)
// is not printed (0, 2) as one format for the whole table did.
TEST_F(VectorCellTest, SupportTablesFormatWAndTheWitnessesEachByTheirOwnNumbers) {
  using V = collide::Vec2<double>;
  const std::vector<SupportRow<V>> rows = {{"w0", {{1000001.0, 1000001.0}, {1000001.0, 999999.5}, {0.0, 1.5}}, &row_words::kNew}};
  const std::array<VectorFormat, 2> formats = supportTableFormats<V>(rows);
  EXPECT_EQ(vectorCellTexts(std::array{0.0, 1.5}, formats[0]), (std::vector<std::string>{"0", "1.5"}));
  // a = (1000001, 1000001) and b = (1000001, 1000000) beside w = (0, 1.5) did not add up (review s33, A4): they are
  // written relative to (1000000, 1000000), which the table prints.
  EXPECT_EQ(formats[1].origin, (std::array<double, 3>{1000000.0, 1000000.0, 0.0}));
  EXPECT_EQ(vectorCellTexts(std::array{1000001.0, 1000001.0}, formats[1]), (std::vector<std::string>{"1", "1"}));
  EXPECT_EQ(vectorCellTexts(std::array{1000001.0, 999999.5}, formats[1]), (std::vector<std::string>{"1", "-0.5"}));
}

// Review s33, A4: unit cubes at (1e5, 1e5, 1e5) and (100001.9, 1e5, 1e5), EPA's last step. The table read a = 100001
// and b = 100001 beside a - b = 0.1.
const std::vector<SupportRow<collide::Vec3<double>>>& farCubes() {
  using V = collide::Vec3<double>;
  static const std::vector<SupportRow<V>> rows = {
      {"v6", {{100001.0, 99999.0, 99999.0}, {100000.9, 100001.0, 100001.0}, {0.1, -2.0, -2.0}}, &row_words::kFace},
      {"v1", {{100001.0, 100001.0, 100001.0}, {100000.9, 100001.0, 100001.0}, {0.1, 0.0, 0.0}}, &row_words::kFace},
      {"v7", {{100001.0, 100001.0, 100001.0}, {100000.9, 100001.0, 99999.0}, {0.1, 0.0, 2.0}}, &row_words::kFace}};
  return rows;
}

// Far from the origin a - b follows from the table's a and b, to the digits a - b shows: subtracting the printed
// numbers gives the printed a - b within a unit and a half of its last digit.
TEST_F(VectorCellTest, FarFromTheOriginASupportTablesAMinusBFollowsFromItsAAndB) {
  using V = collide::Vec3<double>;
  const std::vector<SupportRow<V>>& rows = farCubes();
  const std::array<VectorFormat, 2> formats = supportTableFormats<V>(rows);
  for (const SupportRow<V>& row : rows) {
    const auto texts = [](const V& v, const VectorFormat& format) { return vectorCellTexts(std::array{v.x, v.y, v.z}, format); };
    const std::vector<std::string> w = texts(row.point.point, formats[0]), a = texts(row.point.pointA, formats[1]),
                                   b = texts(row.point.pointB, formats[1]);
    for (std::size_t k = 0; k < 3; ++k) {
      const double recomputed = std::stod(a[k]) - std::stod(b[k]);
      EXPECT_NEAR(recomputed, std::stod(w[k]), 1.5e-4) << row.name << "[" << k << "]: " << a[k] << " - " << b[k] << " beside " << w[k];
    }
  }
  // Relative to a round point the table prints: a = (1, 1, 1), not 100001.
  EXPECT_EQ(vectorCellTexts(std::array{100001.0, 100001.0, 100001.0}, formats[1]), (std::vector<std::string>{"1", "1", "1"}));
  // Near the origin the witnesses are written as they are.
  const std::vector<SupportRow<V>> near = {{"v1", {{1.0, 1.0, 1.0}, {0.9, 1.0, 1.0}, {0.1, 0.0, 0.0}}, &row_words::kFace}};
  EXPECT_EQ(supportTableFormats<V>(near)[1].origin, (std::array<double, 3>{}));
}

// A support table drawn in the side panel as the app lays it out (its font, 23 font sizes wide), over the first
// frames, where fixed-fit columns measure their content: the width available to it, where it starts and ends.
struct PanelTable {
  float available = 0, left = 0, right = 0, height = 0;
  SupportTableLayout layout;
  ImGuiTable* table = nullptr;
};
template <class V>
PanelTable drawInSidePanel(const std::vector<SupportRow<V>>& rows, float uiScale = 1.0f) {
  applyTheme(uiScale);
  unsigned char* pixels = nullptr;
  int atlasWidth = 0, atlasHeight = 0;
  ImGui::GetIO().Fonts->GetTexDataAsRGBA32(&pixels, &atlasWidth, &atlasHeight);
  PanelTable out;
  float panelWidth = 0;
  for (int frame = 0; frame < 3; ++frame) {
    ImGui::NewFrame();
    panelWidth = std::min(23.0f * ImGui::GetFontSize(), 0.4f * 1600.0f);  // lab_shell.cpp, in a 1600-wide window
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(panelWidth, 900));
    ImGui::Begin("##side panel", nullptr, ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize);
    out.left = ImGui::GetCursorScreenPos().x;
    out.layout = supportTableLayout<V>(rows, supportTableFormats<V>(rows), ImGui::GetContentRegionAvail().x);
    out.right = drawSupportTable<V>("##simplex", rows);
    out.table = ImGui::TableFindByID(ImGui::GetID("##simplex"));
    ImGui::End();
    ImGui::Render();
  }
  const ImGuiStyle& style = ImGui::GetStyle();
  out.available = panelWidth - 2.0f * style.WindowPadding.x - style.ScrollbarSize;
  out.height = out.table != nullptr ? out.table->OuterRect.GetHeight() : 0.0f;
  return out;
}

// 3d_07's late GJK steps: supports that differ in the sixth decimal, so the table prints six. In the app's font and
// the side panel's width (23 font sizes, lab_shell.cpp), less the padding and the scrollbar, nothing is clipped:
// with the notes in a fourth column, "new" was cut to "ne" at 1600 x 1000.
TEST(SupportTable, SixDecimalVectorsFitTheSidePanel) {
  test::HeadlessImGui imgui(ImVec2(1600, 1000));
  using V = collide::Vec3<double>;
  const std::vector<SupportRow<V>> rows = {
      {"w19", {{0.939693, -0.342020, 0.0}, {-0.194681, 0.654707, 0.164179}, {1.134373, -0.996727, -0.164179}}, &row_words::kNew},
      {"w18", {{-0.939693, 0.342020, 0.0}, {-0.194681, 0.654706, 0.164182}, {-0.745012, -0.312686, -0.164182}}, nullptr},
      {"w16", {{0.939693, -0.342020, 0.0}, {-0.194681, 0.654705, 0.164184}, {1.134374, -0.996726, -0.164184}}, nullptr}};
  const PanelTable drawn = drawInSidePanel(rows);
  ASSERT_NE(drawn.table, nullptr);
  EXPECT_EQ(ImGui::GetFontSize(), 15.0f) << "the app's font, DejaVu Sans at 15 pixels";
  ASSERT_EQ(vectorFormat(std::array{1.134373, -0.996727, -0.164179, 1.134374, -0.996726, -0.164184}, 4, 3).digits, 6);
  EXPECT_LE(drawn.table->ColumnsAutoFitWidth, drawn.available)
      << "the table needs " << drawn.table->ColumnsAutoFitWidth << " px of " << drawn.available;
  EXPECT_EQ(drawn.table->ColumnsCount, 3) << "vertex, role, vector: the note sits under the vertex's name";
}

// 3d_10's last step: sizes near 500 beside a gap of 0.098, and w5's note "= w0 (repeat: stop)". Every number was
// padded to the table's widest ("-502.770") and the note widened the name column, so z ran off the panel:
// "( 497.230,    -0.098, -4". Each component has its own slot and the note wraps under the name: it fits.
TEST(SupportTable, LargeAndSmallNumbersAndALongNoteFitTheSidePanel) {
  test::HeadlessImGui imgui(ImVec2(1600, 1000));
  using V = collide::Vec3<double>;
  const std::vector<SupportRow<V>> rows = {
      {"w5", {{497.230, -0.098, -498.579}, {500.0, 0.5, -500.0}, {2.77, 0.598, -1.421}}, &row_words::kRepeat, "= w0 (repeat: stop)"},
      {"w3", {{-502.770, -0.098, 501.421}, {-500.0, 0.5, 500.0}, {2.77, 0.598, -1.421}}, &row_words::kKeep}};
  const PanelTable drawn = drawInSidePanel(rows);
  ASSERT_NE(drawn.table, nullptr);
  EXPECT_LE(drawn.table->ColumnsAutoFitWidth, drawn.available)
      << "the table needs " << drawn.table->ColumnsAutoFitWidth << " px of " << drawn.available;
  EXPECT_LE(drawn.right - drawn.left, drawn.available) << "a vector ends " << drawn.right - drawn.left << " px in, of " << drawn.available;
}

// Review s31, A15: boxes at 1e6 a gap of 1e-4 apart (sc_huge, GJK distance's last step) and a 10-unit slab under a
// box (EPA's last step: "no gap: stop"). Every (x, y, z) wrapped onto two or three lines and the notes ran "no /
// gap: / stop". At 100, 150 and 200 % UI scale, in the side panel of a 1600-wide window, each vector is one line,
// each note two lines beside a and b or a row of its own, and nothing is clipped.
// Review s33, A4: the far cubes' table, its a and b relative to (100000, 100000, 100000), keeps each vector on one
// line within the panel at 100, 150 and 200 %. (Its ColumnsAutoFitWidth reads 582 of 576 px at 200 % while its three
// columns are 83 + 41 + 142 px wide, with or without the origin's line: not the width drawn, so not checked here.)
TEST(SupportTable, FarFromTheOriginTheRelativeRowsKeepToOneLineAtEveryUiScale) {
  test::HeadlessImGui imgui(ImVec2(1600, 1000));
  for (const float scale : {1.0f, 1.5f, 2.0f}) {
    SCOPED_TRACE(testing::Message() << "UI scale " << scale);
    const PanelTable drawn = drawInSidePanel(farCubes(), scale);
    ASSERT_NE(drawn.table, nullptr);
    EXPECT_LE(drawn.layout.oneLine, drawn.layout.vectorWidth) << "the widest vector breaks onto a second line";
    EXPECT_LE(drawn.right - drawn.left, drawn.available);
  }
}

TEST(SupportTable, LargeCoordinatesAndLongNotesKeepEachRowOnOneLineAtEveryUiScale) {
  test::HeadlessImGui imgui(ImVec2(1600, 1000));
  using V = collide::Vec3<double>;
  const V far{1000001.0, 1000001.0, 1000001.0}, farB{1000001.0001, 1000001.0, 1000001.0}, gap{-9.99999e-05, 0.0, 0.0};
  const std::vector<SupportRow<V>> huge = {{"w1", {far, farB, gap}, &row_words::kRepeat, "= w0 (repeat: stop)"},
                                           {"w0", {far, farB, gap}, &row_words::kKeep}};
  const std::vector<SupportRow<V>> slab = {
      {"v4", {{-5.5, -0.5, 5.5}, {5.0, 10.0, -5.5}, {-10.5, -10.5, 11.0}}, &row_words::kFace},
      {"v7", {{5.5, -0.5, -5.5}, {-5.0, 10.0, 5.5}, {10.5, -10.5, -11.0}}, &row_words::kFace},
      {"w", {{5.5, -0.5, 5.5}, {5.5, 10.0, 5.5}, {0.0, -10.5, 0.0}}, &row_words::kNoGap}};  // a, b, a - b
  for (const float scale : {1.0f, 1.5f, 2.0f}) {
    for (const auto* rows : {&huge, &slab}) {
      SCOPED_TRACE(testing::Message() << "UI scale " << scale << ", " << (*rows)[0].name);
      const PanelTable drawn = drawInSidePanel(*rows, scale);
      ASSERT_NE(drawn.table, nullptr);
      EXPECT_LE(drawn.layout.oneLine, drawn.layout.vectorWidth) << "the widest vector breaks onto a second line";
      for (std::size_t r = 0; r < rows->size(); ++r)
        if (!drawn.layout.noteRow[r]) {
          EXPECT_LE(wrappedLineCount((*rows)[r].note, drawn.layout.nameWidth), 2) << (*rows)[r].note;
        }
      EXPECT_LE(drawn.table->ColumnsAutoFitWidth, drawn.available)
          << "the table needs " << drawn.table->ColumnsAutoFitWidth << " px of " << drawn.available;
      EXPECT_LE(drawn.right - drawn.left, drawn.available);
    }
  }
}

}  // namespace
}  // namespace lab
