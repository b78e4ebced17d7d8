// app/widgets/wrapped_text.h: paragraphs wrapped at spaces only. ImGui 1.86's TextWrapped also breaks after
// punctuation, so "|v| = 0.1449" can end a line with "0." and start the next with "1449"; these never split a
// number, and keep "x = 1.2" (a space beside '=', '<' or '>') on one line. Every lab's narration and lesson
// paragraphs use them.
#pragma once

#include <array>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <imgui.h>

namespace lab {

// The lines of `text` no wider than `width` as `measure` measures them, broken only at spaces that are not glued
// (beside '=', '<', '>', '+' or a lone '-', or between a word and a whole number: "edge 2"); '\n' always breaks. A word (or glued group) wider than `width` gets a line of its
// own rather than being cut. Lines exclude the spaces they were broken at.
[[nodiscard]] std::vector<std::string_view> breakLines(std::string_view text, double width,
                                                       const std::function<double(std::string_view)>& measure);

// `head` then `text` broken into lines no wider than `width` as `measure` measures them (breakLines), the lines
// after the first indented by spaces as wide as `head`: a step list row "  3  direction inside the span: ..." that
// ran off the panel read "cos(hal" with no sign that anything was missing.
[[nodiscard]] std::string hangingLines(std::string_view head, std::string_view text, double width,
                                       const std::function<double(std::string_view)>& measure);

// `text` broken into lines no wider than `width` pixels in ImGui's current font (breakLines), joined by '\n': a
// label drawn over a view.
[[nodiscard]] std::string wrappedLines(std::string_view text, double width);

// ImGui::TextWrapped's replacement (printf-style, wrapped to the available width with breakLines).
void textWrapped(const char* format, ...) IM_FMTARGS(1);

// A step's narration: its first paragraph, what the step did, in `headline` (the labs' accent); the working that
// says why, after a blank line ("\n\n"), in the panel's text colour, so the eye finds the headline first.
void narrationText(std::string_view text, const ImVec4& headline);

// A lab's how-to paragraph (dimmed, wrapped) under a "How to use this lab" tree node, closed until opened: the same
// five lines on every scene pushed the step down the panel; the F1 help lists the keys.
void foldedHowTo(const char* text);

// One number format for a table of vectors: every number with the same fixed decimals (the table's largest
// magnitude keeps `significant` significant digits, and a number below 1 two of its own), right-aligned in a slot as wide as the table's widest number,
// so the digits of a column line up from row to row. With `components` > 0 the numbers are vectors of that many,
// and decimals are added (up to 6) until no two different vectors print alike: GJK on a curve takes supports that
// differ in the fourth digit, and a table of equal-looking rows reads as a stuck run. With components, each
// component (x, y, z) gets a slot as wide as its own widest number: one slot for all (3d_10's -502.770) padded
// y's -0.098 to it and pushed z out of the side panel.
struct VectorFormat {
  int decimals = 3;
  float numberWidth = 0.0f;                   // pixels: the widest number
  std::array<float, 3> componentWidths{};     // pixels, per component when `components` > 0 (else 0: numberWidth)
};
[[nodiscard]] VectorFormat vectorFormat(std::span<const double> numbers, int significant = 4, int components = 0);

// A vector in the current table cell, "(x, y, z)" in `format`, on one line or, wider than `maxWidth` pixels (> 0),
// with its last component on a second line; every digit (%.17g) in a tooltip on hover.
void vectorCell(std::span<const double> components, const VectorFormat& format, float maxWidth = 0.0f);

}  // namespace lab
