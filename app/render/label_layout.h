// app/render/label_layout.h: the one screen-space label placer both renderers use (Renderer2D, Renderer3D).
//
// Greedy, highest priority first and then in request order (earlier labels win ties). A label goes where it
// asked (anchor + offset) when that box is inside the pane, clear of the labels already placed (8 pixels apart side
// by side, 3 above each other), of the keep-out boxes (the pane's title and caption), of every other label's anchor
// and of the dots drawn in the pane (the
// markers: a vertex, a support point, the origin; a label may touch the one it is anchored on); otherwise to the
// first free box of the eight around its anchor, then of two wider rings, each slid back inside the pane near its
// edges (a box far from its anchor gets a leader line back to it); otherwise it is dropped rather than piled on
// another. Anchors outside the pane are dropped.
// The classic point-feature labelling positions (Imhof 1975), placed greedily (Christensen, Marks and Shieber 1995).
#pragma once

#include <functional>
#include <limits>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "render/camera.h"
#include "render/color.h"

namespace lab {

// Labels about what the current step does are placed before the scene's names (shapes, the origin).
inline constexpr int kLabelPriorityScene = 0;
inline constexpr int kLabelPriorityStep = 1;

struct LabelBox {
  Vec2d min{}, max{};  // window pixels
};

struct LabelRequest {
  Vec2d anchor;  // window pixels
  Vec2d offset;  // the asked box's top-left corner, from the anchor
  Vec2d size;    // of the box
  int priority = kLabelPriorityScene;
};

// A dot drawn in the pane, in window pixels: labels keep off it, but for the ones anchored at its centre.
struct LabelMarker {
  Vec2d centre;
  double radius = 0;
};

struct LabelPlacement {
  Vec2d min{}, max{};
  bool placed = false;
  bool moved = false;   // not where it asked
  bool leader = false;  // far enough from its anchor to need a leader line
};

[[nodiscard]] std::vector<LabelPlacement> layoutLabelBoxes(const ScreenRect& rect, std::span<const LabelRequest> requests,
                                                           std::span<const LabelBox> keepOut = {},
                                                           std::span<const LabelMarker> markers = {});

// The box the shell draws a pane's title in (its top-left corner); labels keep out of it.
[[nodiscard]] LabelBox paneTitleBox(const ScreenRect& pane, Vec2d titleTextSize);
// Where a caption under the pane's title starts (its text's top-left corner) at the current font size: a fixed 44
// pixels down put 200 %'s legends and banners over the title's box.
[[nodiscard]] Vec2d paneCaptionCorner(const ScreenRect& pane);

// A text a pane showed this frame, where and of which kind ("title", "caption": a legend or banner the lab drew,
// "label", "number": a grid number, "footer"), as --dump-state lists it per view so tests find text over text.
struct DrawnText {
  std::string text;
  LabelBox box;
  std::string kind;
};

// A label as a renderer queues it: anchored in window pixels, laid out and drawn at the end of the pane.
struct ScreenLabel {
  Vec2d anchor;
  Vec2d offset;
  std::string text;
  Color color;
  int priority = kLabelPriorityScene;
};

// Lays the labels out in `rect` (keeping out of the pane title `title`, if any, and of `keepOut`: a caption the
// shell draws over the pane) and draws them into ImGui's background draw list: text on a dark rounded box, with a
// leader line when moved far from the anchor. Returns the boxes taken: `keepOut`, the title's and the labels'.
// `drawn`, if given, gets the title and each label drawn (DrawnText).
std::vector<LabelBox> drawScreenLabels(const ScreenRect& rect, std::string_view title, std::span<const ScreenLabel> labels,
                                       std::span<const LabelMarker> markers = {}, std::span<const LabelBox> keepOut = {},
                                       std::vector<DrawnText>* drawn = nullptr);

// Which of `texts` (the boxes of plain text that yields: the grid's numbers) lie whole inside the pane `rect` and
// overlap no box of `taken` (what drawScreenLabels returns). The numbers give way: a tick "-5" printed on vertex
// label "0" read as "-50", a y tick beside the pane's caption as part of it, a number cut at the pane's edge as
// another number (newcomer review s29, A12 and 13).
// A number closer than this (pixels) to a taken box yields too: flush against a text, it reads as part of it.
inline constexpr double kNumberClearance = 2;
[[nodiscard]] std::vector<bool> textsClearOf(const ScreenRect& rect, std::span<const LabelBox> texts,
                                             std::span<const LabelBox> taken);

// A view's legend: lines of text from a window-pixel point down, a font's line apart (so they follow View > UI
// scale), on one dark box as the labels have, so the scene under it does not run through the words. A line wider
// than `maxWidth` pixels wraps at a space (at 150 % mid_02's axis line ran off the view). Returns the box drawn
// (empty at `at` when nothing was): a renderer keeps its labels and grid numbers out of it (Renderer2D::caption).
LabelBox drawScreenLegend(Vec2d at, std::span<const std::pair<std::string, Color>> lines,
                      float maxWidth = std::numeric_limits<float>::infinity());
// A pane's caption as both renderers draw it (Renderer2D::caption, Renderer3D::caption): the legend drawn, and,
// when it took room, its box added to `keepOut` and its lines, joined, to `drawn` as a "caption".
LabelBox drawCaption(Vec2d at, std::span<const std::pair<std::string, Color>> lines, float maxWidth,
                     std::vector<LabelBox>& keepOut, std::vector<DrawnText>& drawn);
// The lines as drawScreenLegend lays them out: each broken to `maxWidth` as `measure` (a string's width in pixels)
// sees it, by the panel's line breaker (breakLines, widgets/wrapped_text.h), each piece in its line's colour.
[[nodiscard]] std::vector<std::pair<std::string, Color>> wrapLegend(
    std::span<const std::pair<std::string, Color>> lines, float maxWidth,
    const std::function<double(std::string_view)>& measure);

}  // namespace lab
