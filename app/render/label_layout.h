// app/render/label_layout.h: the one screen-space label placer both renderers use (Renderer2D, Renderer3D).
//
// Greedy, highest priority first and then in request order (earlier labels win ties). A label goes where it
// asked (anchor + offset) when that box is inside the pane, clear of the labels already placed (8 pixels apart side
// by side, 3 above each other) and their leader lines, of the keep-out boxes (the pane's title and caption), of
// every other label's anchor and of the dots drawn in the pane (the markers: a vertex, a support point, the origin;
// a label may touch the one it is anchored on). Otherwise, in this order:
//   1. the first free box of the eight around its anchor, each slid back inside the pane near its edges;
//   2. the free box nearest its anchor among those eight with the text broken into more lines
//      (LabelRequest::wrapped: narrower and taller), two wider rings and the spots flush against what is already
//      there (a box slid along a row of labels), a wrapped box paying for the height it adds, and a box that needs a
//      leader paying a line more; its leader line may not run under another label or a caption (it was hidden
//      there: ccd_01's bounce at 150 %, review s32 A17) nor cross another leader. A label of the scene looks as far
//      as its third ring, then anywhere in the pane for such a box, and only then takes a box in reach whose leader
//      runs under a label (the part under it is not drawn). One of a higher priority (the step's, the outcome's)
//      looks anywhere in the pane, and as a last resort over other anchors and dots, so it is never dropped while
//      the pane has a free box that fits it (07 at 200 % dropped the overlap and axis labels the narration names).
// A moved label gets a leader line to its anchor only when its box ended farther than a line of its text from it
// (kLeaderLines): nearer, it reads as its anchor's as the asked spot does, and a tick of a few pixels only added
// clutter (review s34: every moved label had one). Leaders stay readable: a box is chosen, and the leader's end on it
// (the nearest point, else a corner or an edge's middle), so that the leader runs under no label or caption and
// crosses no other leader; two leaders that still cross swap their labels' spots when that uncrosses them. A box
// never covers an earlier label's leader. A label with no free box is dropped rather than piled on another; anchors
// outside the pane are dropped.
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

// Labels about what the current step does are placed first, then the run's outcome that the panel shows whatever
// the step (the continuous labs' bounce after the contact), then the scene's names (shapes, the origin, the
// discrete frames). Above the scene's, a label is never dropped while the pane has room for it.
inline constexpr int kLabelPriorityScene = 0;
inline constexpr int kLabelPriorityOutcome = 1;
inline constexpr int kLabelPriorityStep = 2;

struct LabelBox {
  Vec2d min{}, max{};  // window pixels
};

struct LabelRequest {
  Vec2d anchor;  // window pixels
  Vec2d offset;  // the asked box's top-left corner, from the anchor
  Vec2d size;    // of the box
  int priority = kLabelPriorityScene;
  std::vector<Vec2d> wrapped = {};  // the box with the text broken into more lines, each narrower than the one before
  double lineHeight = 0;            // of one line of its text, with the box's padding (0: size.y)
};

// A moved label farther than this many of its lines from its anchor gets a leader line (and never a shorter one).
// Nearer, the gap is narrower than a line of its own text, as near as the asked spots put labels at every UI scale,
// and the label is the nearest text to its anchor: it reads as its anchor's without a line. Farther, another mark or
// label fits between the two, and which thing it names is a guess.
inline constexpr double kLeaderLines = 1.0;

// A dot drawn in the pane, in window pixels: labels keep off it, but for the ones anchored at its centre.
struct LabelMarker {
  Vec2d centre;
  double radius = 0;
};

struct LabelPlacement {
  Vec2d min{}, max{};
  bool placed = false;
  bool moved = false;   // not where it asked
  bool leader = false;  // moved farther than kLeaderLines from its anchor: drawn with a leader line to it
  Vec2d leaderEnd{};    // where the leader meets the box (on its edge)
  int shape = 0;        // the box used: 0 as asked, k the request's wrapped[k - 1]
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
// A label the placer found no room for is listed too, as kind "dropped" with an empty box at its anchor (the dump
// lists those apart), so a test sees what a pane left out.
struct DrawnText {
  std::string text;  // a wrapped label's words as given, without the breaks
  LabelBox box;
  std::string kind;
  // A label's: where it points (window pixels), whether it is above the scene's priority (the step's, the
  // outcome's), whether it was drawn with a leader line to its anchor and in how many lines.
  Vec2d anchor{};
  bool step = false;
  bool leader = false;
  int lines = 1;
  Vec2d leaderEnd{};  // the leader's end on the box, when it has one
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
// leader line when moved off the anchor. A label with spaces may be drawn broken into lines (labelLineBreaks) when
// it has no room on one line: it is never wider than the pane. Returns the boxes taken: `keepOut`, the title's and
// the labels'. `drawn`, if given, gets the title, each label drawn and each dropped (DrawnText).
std::vector<LabelBox> drawScreenLabels(const ScreenRect& rect, std::string_view title, std::span<const ScreenLabel> labels,
                                       std::span<const LabelMarker> markers = {}, std::span<const LabelBox> keepOut = {},
                                       std::vector<DrawnText>* drawn = nullptr);

// The ways `text` may be broken into lines for a label in a pane whose labels may be `maxWidth` pixels wide
// (measured by `measure`): the text as given first (whatever its width), then each break (at spaces, by the panel's
// line breaker breakLines) into more lines that is narrower than the one before and no wider than `maxWidth`,
// up to 5 lines. One entry when the text has no space to break at.
[[nodiscard]] std::vector<std::string> labelLineBreaks(std::string_view text, double maxWidth,
                                                      const std::function<double(std::string_view)>& measure);

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
