// app/widgets/wrapped_text.h: paragraphs wrapped at spaces only. ImGui 1.86's TextWrapped also breaks after
// punctuation, so "|v| = 0.1449" can end a line with "0." and start the next with "1449"; these never split a
// number, and keep "x = 1.2" (a space beside '=', '<' or '>') on one line. Every lab's narration and lesson
// paragraphs use them.
#pragma once

#include <array>
#include <functional>
#include <optional>
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
// says why, after a blank line ("\n\n"), in the panel's text colour, so the eye finds the headline first. Marks
// where it lies (markNarration).
void narrationText(std::string_view text, const ImVec4& headline);

// Where the current step's narration lies in the side panel this frame (window pixels: its first line's top, its
// last line's bottom): the narration widgets (narrationText, the labs' step headings, the casts' narration) mark it,
// and the shell reads it after the lab's panel to keep the narration in sight, folding the scene lesson or scrolling
// (at 200 % not one word of it showed, review s32 A10). The first narration of a frame counts.
struct NarrationSpan {
  float top = 0, bottom = 0;
};
void markNarration();     // before its first line
void markNarrationEnd();  // after its last line
// This frame's narration, if the lab drew one (bottom = top without an end mark), and clears it for the next frame.
[[nodiscard]] std::optional<NarrationSpan> takeNarration();

// A lab's how-to paragraph (dimmed, wrapped) under a "How to use this lab" tree node, closed until opened: the same
// five lines on every scene pushed the step down the panel; the F1 help lists the keys.
void foldedHowTo(const char* text);

// One number format for a table of vectors: the labs' one number format (formatSignificant, labs/format.h) with
// `significant` significant digits, the narration's 4 by default, right-aligned in a slot as wide as the table's
// widest number. With `components` > 0 the numbers are vectors of that many, and digits are added (up to
// kMostTableDigits) until no two different vectors print alike: GJK on a curve takes supports that differ in the
// fifth digit, and a table of equal-looking rows reads as a stuck run. With components, each component (x, y, z)
// gets a slot as wide as its own widest number: one slot for all (3d_10's -502.8) padded y's -0.09842 to it and
// pushed z out of the side panel. Fixed decimals for the whole table wrote the narration's 0.0001 as -0.000100 and
// 1000001 as 1000001.0000 (review s31, A15).
inline constexpr int kMostTableDigits = 12;
struct VectorFormat {
  int digits = 4;                             // significant
  float numberWidth = 0.0f;                   // pixels: the widest number
  std::array<float, 3> componentWidths{};     // pixels, per component when `components` > 0 (else 0: numberWidth)
  // Written less this, per component (a support table's witnesses far from the world's origin, relative to a round
  // point the table prints: supportTableFormats); the tooltip keeps every digit of the vector itself.
  std::array<double, 3> origin{};
};
// With `groups` > 1 the vectors are compared only within their group, vector i in group i % groups (a support
// table's a rows among themselves and its b rows among themselves: a and b far from the origin, 1e-4 apart, are
// not a stuck run, their a - b row says how far apart they are, and eleven digits pushed the rows off the panel).
[[nodiscard]] VectorFormat vectorFormat(std::span<const double> numbers, int significant = 4, int components = 0, int groups = 1);
// A vector's numbers as a table writes them in `format` (less its origin).
[[nodiscard]] std::vector<std::string> vectorCellTexts(std::span<const double> components, const VectorFormat& format);

// A vector in the current table cell, "(x, y, z)" in `format`, on one line or, wider than `maxWidth` pixels (> 0),
// with its last component on a second line; every digit (%.17g) in a tooltip on hover.
void vectorCell(std::span<const double> components, const VectorFormat& format, float maxWidth = 0.0f);

}  // namespace lab
