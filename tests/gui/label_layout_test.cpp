// The screen-space label placer both renderers share (app/render/label_layout.h): labels never overlap, stay
// inside the pane and out of its title, keep clear of the other labels' anchors, and the higher priority wins.
#include <algorithm>
#include <span>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>
#include <imgui.h>

#include "render/label_layout.h"
#include "support/headless_imgui.h"

namespace lab {
namespace {

bool overlap(const LabelPlacement& a, const LabelPlacement& b) {
  return a.min.x < b.max.x && b.min.x < a.max.x && a.min.y < b.max.y && b.min.y < a.max.y;
}

bool inside(const LabelPlacement& p, const ScreenRect& rect) {
  return p.min.x >= rect.x && p.min.y >= rect.y && p.max.x <= rect.x + rect.width && p.max.y <= rect.y + rect.height;
}

void expectDisjointAndInside(const std::vector<LabelPlacement>& out, const ScreenRect& rect) {
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (!out[i].placed) continue;
    EXPECT_TRUE(inside(out[i], rect)) << i;
    for (std::size_t j = i + 1; j < out.size(); ++j)
      EXPECT_FALSE(out[j].placed && overlap(out[i], out[j])) << i << " " << j;
  }
}

TEST(LabelLayout, ALabelOnAnotherMovesToAFreeSpotNearItsAnchorOrIsDropped) {
  const ScreenRect rect{0, 0, 400, 300};
  const Vec2d size{60, 14};
  // Five labels at one anchor, one far away, one outside the view.
  std::vector<LabelRequest> requests(5, LabelRequest{{200, 150}, {6, -6}, size});
  requests.push_back({{50, 250}, {6, -6}, size});
  requests.push_back({{500, 150}, {6, -6}, size});
  const std::vector<LabelPlacement> out = layoutLabelBoxes(rect, requests);
  ASSERT_EQ(out.size(), requests.size());
  EXPECT_TRUE(out[0].placed);
  EXPECT_FALSE(out[0].moved);  // the first keeps its spot
  EXPECT_EQ(out[0].min, (Vec2d{206, 144}));
  for (std::size_t i = 1; i < 5; ++i) {
    EXPECT_TRUE(out[i].placed);
    EXPECT_TRUE(out[i].moved);
    // Near its anchor: within the third ring.
    EXPECT_LT(collide::length(0.5 * (out[i].min + out[i].max) - Vec2d{200, 150}), 3 * size.x);
  }
  EXPECT_TRUE(out[5].placed);
  EXPECT_FALSE(out[5].moved);
  EXPECT_FALSE(out[6].placed);
  expectDisjointAndInside(out, rect);
  // A crowd: at most as many as fit, never overlapping, and the rest dropped rather than piled up.
  const std::vector<LabelRequest> crowd(200, LabelRequest{{200, 150}, {6, -6}, size});
  const std::vector<LabelPlacement> placed = layoutLabelBoxes(rect, crowd);
  int shown = 0;
  for (const LabelPlacement& p : placed) shown += p.placed ? 1 : 0;
  expectDisjointAndInside(placed, rect);
  EXPECT_GT(shown, 8);
  EXPECT_LE(shown, 25);
}

// The eight positions around the anchor fill first; a moved label gets a leader line to its anchor exactly when its
// box is farther from it than a line of its text (kLeaderLines), so no leader is shorter than that: every moved
// label had one, and ticks of a few pixels beside their anchors made the views busy (review s34).
TEST(LabelLayout, TheEightPositionsAroundTheAnchorComeFirstAndOnlyFarLabelsGetALeaderLine) {
  const ScreenRect rect{0, 0, 400, 300};
  const Vec2d size{40, 14};
  const std::vector<LabelRequest> requests(12, LabelRequest{{200, 150}, {6, -18}, size});  // asks for the top right
  const std::vector<LabelPlacement> out = layoutLabelBoxes(rect, requests);
  EXPECT_FALSE(out[0].moved);
  EXPECT_FALSE(out[0].leader) << "where it asked: no leader";
  int touching = 0, leaders = 0;
  for (std::size_t i = 1; i < out.size(); ++i) {
    ASSERT_TRUE(out[i].placed) << i;
    EXPECT_TRUE(out[i].moved) << i;
    const Vec2d nearest{std::clamp(200.0, out[i].min.x, out[i].max.x), std::clamp(150.0, out[i].min.y, out[i].max.y)};
    const double gap = collide::length(nearest - Vec2d{200, 150});
    touching += gap <= 8.0 ? 1 : 0;
    EXPECT_EQ(out[i].leader, gap > kLeaderLines * size.y) << i << ": " << gap << " pixels away";
    if (out[i].leader) {
      ++leaders;
      EXPECT_GE(collide::length(out[i].leaderEnd - Vec2d{200, 150}), kLeaderLines * size.y) << i;
    }
  }
  EXPECT_GE(touching, 3) << "the positions touching the anchor come first";
  EXPECT_GE(leaders, 1) << "the twelfth is farther than a line";
  expectDisjointAndInside(out, rect);
}

// A label moved 3 pixels (its asked box over a caption, the next spot of the ring beside it) reads as its anchor's
// as before: no leader line (the placer of s34 drew a 3-pixel tick and a dot). One that asked for a spot far off
// its anchor and got it has none either: it is where the lab put it.
TEST(LabelLayout, ALabelMovedAFewPixelsGetsNoLeader) {
  const ScreenRect rect{0, 0, 400, 300};
  const Vec2d anchor{200, 150}, size{40, 14};
  const std::vector<LabelBox> keepOut = {{{198, 143}, {205, 157}}, {{206, 120}, {260, 140}}};
  const std::vector<LabelRequest> requests = {{anchor, {3, -7}, size}};
  const std::vector<LabelPlacement> out = layoutLabelBoxes(rect, requests, keepOut);
  ASSERT_TRUE(out[0].placed);
  EXPECT_TRUE(out[0].moved);
  EXPECT_EQ(out[0].min, (Vec2d{206, 143})) << "3 pixels right of where it asked";
  EXPECT_FALSE(out[0].leader);
  const std::vector<LabelRequest> far = {{anchor, {60, -60}, size}};
  const std::vector<LabelPlacement> asked = layoutLabelBoxes(rect, far);
  EXPECT_TRUE(asked[0].placed && !asked[0].moved && !asked[0].leader);
}

bool segmentsCross(Vec2d a, Vec2d b, Vec2d c, Vec2d d) {
  const auto side = [](Vec2d p, Vec2d q, Vec2d r) { return (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x); };
  const double d1 = side(a, b, c), d2 = side(a, b, d), d3 = side(c, d, a), d4 = side(c, d, b);
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

// Two step labels whose anchors lie side by side under a caption, with room only in two gaps above it. The first
// takes the gap nearer to it, which lies over the second's anchor; the second gets the other, and their leaders
// crossed. Swapped, they do not.
TEST(LabelLayout, TwoCrossingLeadersAreUncrossed) {
  const ScreenRect rect{0, 0, 400, 300};
  const std::vector<LabelBox> keepOut = {{{0, 70}, {400, 300}}, {{0, 0}, {400, 50}}, {{0, 50}, {70, 70}}, {{130, 50}, {210, 70}},
                                         {{270, 50}, {400, 70}}};
  const std::vector<LabelRequest> requests = {{{180, 200}, {6, -6}, {50, 14}, kLabelPriorityStep},
                                              {{220, 200}, {6, -6}, {50, 14}, kLabelPriorityStep}};
  const std::vector<LabelPlacement> out = layoutLabelBoxes(rect, requests, keepOut);
  ASSERT_TRUE(out[0].placed && out[1].placed);
  ASSERT_TRUE(out[0].leader && out[1].leader);
  EXPECT_FALSE(segmentsCross(requests[0].anchor, out[0].leaderEnd, requests[1].anchor, out[1].leaderEnd))
      << "first at (" << out[0].min.x << ", " << out[0].min.y << "), second at (" << out[1].min.x << ", " << out[1].min.y << ")";
  EXPECT_LT(out[0].min.x, out[1].min.x) << "each in the gap on its own side";
  expectDisjointAndInside(out, rect);
}

TEST(LabelLayout, HigherPriorityIsPlacedFirstAndKeepsItsSpot) {
  const ScreenRect rect{0, 0, 400, 300};
  const Vec2d size{50, 14};
  std::vector<LabelRequest> requests(3, LabelRequest{{200, 150}, {6, -6}, size, kLabelPriorityScene});
  requests[2].priority = kLabelPriorityStep;  // submitted last, about the step
  const std::vector<LabelPlacement> out = layoutLabelBoxes(rect, requests);
  EXPECT_TRUE(out[2].placed);
  EXPECT_FALSE(out[2].moved);
  EXPECT_TRUE(out[0].moved);
  EXPECT_TRUE(out[1].moved);
  expectDisjointAndInside(out, rect);
}

// Every placed label: out of the title, off every other label's anchor.
void expectClearOf(const std::vector<LabelRequest>& requests, const std::vector<LabelPlacement>& out, const LabelBox& title) {
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (!out[i].placed) continue;
    const LabelPlacement& p = out[i];
    EXPECT_FALSE(p.min.x < title.max.x && title.min.x < p.max.x && p.min.y < title.max.y && title.min.y < p.max.y) << i;
    for (std::size_t j = 0; j < requests.size(); ++j) {
      if (requests[j].anchor == requests[i].anchor) continue;
      const Vec2d a = requests[j].anchor;
      EXPECT_FALSE(a.x > p.min.x && a.x < p.max.x && a.y > p.min.y && a.y < p.max.y) << i << " covers anchor " << j;
    }
  }
}

TEST(LabelLayout, LabelsStayInsideThePaneOutOfItsTitleAndOffOtherAnchors) {
  const ScreenRect rect{100, 50, 400, 300};
  const LabelBox title = paneTitleBox(rect, {160, 16});
  EXPECT_EQ(title.min, (Vec2d{108, 58}));
  EXPECT_EQ(title.max, (Vec2d{280, 80}));
  const std::span<const LabelBox> keepOut(&title, 1);
  const Vec2d size{70, 16};
  // A pile at a vertex just under the title: a label asked above it would land on the title.
  std::vector<LabelRequest> pile;
  for (int i = 0; i < 6; ++i) pile.push_back({{200, 84}, {8, -22}, size, i == 5 ? kLabelPriorityStep : 0});
  pile.push_back({{300, 200}, {8, -22}, size});
  pile.push_back({{320, 190}, {-40, -4}, {10, 14}});  // a short label whose anchor the previous asked box covers
  const std::vector<LabelPlacement> out = layoutLabelBoxes(rect, pile, keepOut);
  expectDisjointAndInside(out, rect);
  expectClearOf(pile, out, title);
  int shown = 0;
  for (const LabelPlacement& p : out) shown += p.placed ? 1 : 0;
  EXPECT_GE(shown, 7);
  EXPECT_TRUE(out[5].placed);  // the step's label at the crowded vertex is shown
  EXPECT_TRUE(out[6].placed);
  EXPECT_TRUE(out[6].moved);  // its asked box would hide the other point
  // A label at each corner, asked partly outside the pane (the top-left one under the title): all slide in.
  std::vector<LabelRequest> corners;
  for (const Vec2d corner : {Vec2d{101, 51}, Vec2d{499, 51}, Vec2d{101, 349}, Vec2d{499, 349}})
    corners.push_back({corner, {8, -22}, size});
  const std::vector<LabelPlacement> atCorners = layoutLabelBoxes(rect, corners, keepOut);
  expectDisjointAndInside(atCorners, rect);
  expectClearOf(corners, atCorners, title);
  for (std::size_t i = 0; i < atCorners.size(); ++i) EXPECT_TRUE(atCorners[i].placed) << "corner " << i;
}

// Whether a placed box covers any part of the square around a marker (what the placer keeps clear).
bool covers(const LabelPlacement& p, const LabelMarker& marker) {
  return p.min.x < marker.centre.x + marker.radius && marker.centre.x - marker.radius < p.max.x &&
         p.min.y < marker.centre.y + marker.radius && marker.centre.y - marker.radius < p.max.y;
}

TEST(LabelLayout, LabelsKeepOffTheDotsDrawnInThePaneButTheOneTheyName) {
  // A step in the A - B view (3d_08): a simplex vertex with the origin just below and to its right, each a dot of
  // 7 pixels (a point of 5.5 and its rim), and a dropped vertex's smaller dot to the left. The vertex's label, asked
  // to its right, clears the origin's anchor (3 pixels) but would be drawn over the origin's dot.
  const ScreenRect rect{0, 0, 400, 300};
  const Vec2d size{40, 14};
  const std::vector<LabelMarker> markers = {{{200, 150}, 7}, {{214, 164}, 7}, {{190, 172}, 5}};
  const std::vector<LabelRequest> requests = {{{200, 150}, {6, -6}, size}, {{214, 164}, {6, -6}, size},
                                              {{190, 172}, {6, -6}, size}};
  const std::vector<LabelPlacement> without = layoutLabelBoxes(rect, requests);
  EXPECT_TRUE(without[0].placed && !without[0].moved);
  EXPECT_TRUE(covers(without[0], markers[1]));  // the picture the markers fix: "v" written over the origin
  const std::vector<LabelPlacement> out = layoutLabelBoxes(rect, requests, {}, markers);
  expectDisjointAndInside(out, rect);
  for (std::size_t i = 0; i < out.size(); ++i) {
    ASSERT_TRUE(out[i].placed) << i;
    for (std::size_t m = 0; m < markers.size(); ++m) {
      if (m != i) {
        EXPECT_FALSE(covers(out[i], markers[m])) << "label " << i << " covers dot " << m;
      }
    }
  }
  EXPECT_TRUE(out[0].moved);
  // A label may touch the dot it names: alone with its own marker, it stays where it asked.
  const std::vector<LabelPlacement> own = layoutLabelBoxes(rect, std::span(requests).first(1), {}, std::span(markers).first(1));
  EXPECT_TRUE(own[0].placed);
  EXPECT_FALSE(own[0].moved);
}

// Whether the segment a-b runs through the inside of the box (more than half a pixel in).
bool crosses(Vec2d a, Vec2d b, Vec2d min, Vec2d max) {
  for (int k = 1; k < 200; ++k) {
    const Vec2d p = a + (k / 200.0) * (b - a);
    if (p.x > min.x + 0.5 && p.x < max.x - 0.5 && p.y > min.y + 0.5 && p.y < max.y - 0.5) return true;
  }
  return false;
}

Vec2d nearestTo(Vec2d p, const LabelPlacement& box) {
  return {std::clamp(p.x, box.min.x, box.max.x), std::clamp(p.y, box.min.y, box.max.y)};
}

// A label boxed in by a step's label under its anchor and a caption above it (ccd_01 at 150 %: the bounce's label
// went under "distance 5.8, safe step 0.4603", and its leader ran under those words, so which green circle it named
// could not be seen; review s32 A17). It goes where its leader runs under no label, though the first free ring box
// lay the other way.
TEST(LabelLayout, ALeaderRunsUnderNoOtherLabelWhenABoxAllowsIt) {
  const ScreenRect rect{0, 0, 800, 400};
  const LabelBox caption{{0, 0}, {800, 186}};
  const std::vector<LabelRequest> requests = {
      {{400, 200}, {-100, 3}, {300, 17}, kLabelPriorityStep},  // under the anchor, placed first
      {{400, 200}, {8, 8}, {200, 16}, kLabelPriorityScene},    // asks for the first one's place
  };
  const std::vector<LabelPlacement> out = layoutLabelBoxes(rect, requests, std::span(&caption, 1));
  ASSERT_TRUE(out[0].placed && !out[0].moved);
  ASSERT_TRUE(out[1].placed);
  EXPECT_TRUE(out[1].leader);
  const Vec2d end = nearestTo(requests[1].anchor, out[1]);
  EXPECT_FALSE(crosses(requests[1].anchor, end, out[0].min, out[0].max))
      << "its leader to (" << end.x << ", " << end.y << ") runs under the step's label";
  EXPECT_FALSE(crosses(requests[1].anchor, end, caption.min, caption.max));
  expectDisjointAndInside(out, rect);
}

// A scene label under a wide step label, with no room beside its anchor (ccd_03 at 150 %: "frame 3" under the
// step's "lambda 0.3749, gap ..."). In its reach there is room only above the step label, and the placer of s34 took
// it with a leader running under the step label's words. Now it goes a little farther, beside the step label, where
// its leader runs under no label.
TEST(LabelLayout, ALeaderNeverRunsUnderAnotherLabel) {
  const ScreenRect rect{0, 0, 600, 600};
  const LabelBox below{{0, 292}, {600, 600}};  // a caption over the anchor and all under it
  const std::vector<LabelRequest> requests = {
      {{300, 280}, {-100, -10}, {200, 20}, kLabelPriorityStep},  // the step's label, over its own anchor
      {{300, 300}, {6, -6}, {60, 14}, kLabelPriorityScene},
  };
  const std::vector<LabelPlacement> out = layoutLabelBoxes(rect, requests, std::span(&below, 1));
  ASSERT_TRUE(out[0].placed && !out[0].moved);
  ASSERT_TRUE(out[1].placed);
  ASSERT_TRUE(out[1].leader);
  EXPECT_FALSE(crosses(requests[1].anchor, out[1].leaderEnd, out[0].min, out[0].max))
      << "its leader to (" << out[1].leaderEnd.x << ", " << out[1].leaderEnd.y << ") runs under the step's label";
  expectDisjointAndInside(out, rect);
}

// With no free box near its anchor, a step's label is drawn where it fits in the pane, with a leader line; a scene's
// label there is dropped (the step's labels win over the decorative ones). 07 at 200 % dropped the labels its
// narration names.
TEST(LabelLayout, AStepLabelWithNoRoomNearItsAnchorIsDrawnWhereItFitsWithALeader) {
  const ScreenRect rect{0, 0, 400, 600};
  // Captions all round the anchor (200, 300), farther than a label's third ring.
  const std::vector<LabelBox> keepOut = {{{6, 160}, {394, 290}}, {{6, 310}, {394, 440}}, {{6, 290}, {190, 310}},
                                         {{210, 290}, {394, 310}}};
  for (const int priority : {kLabelPriorityScene, kLabelPriorityStep}) {
    SCOPED_TRACE(priority);
    const std::vector<LabelRequest> requests = {{{200, 300}, {6, -6}, {60, 14}, priority}};
    const std::vector<LabelPlacement> out = layoutLabelBoxes(rect, requests, keepOut);
    if (priority == kLabelPriorityScene) {
      EXPECT_FALSE(out[0].placed);
      continue;
    }
    ASSERT_TRUE(out[0].placed);
    EXPECT_TRUE(out[0].leader);
    for (const LabelBox& box : keepOut)
      EXPECT_FALSE(out[0].min.x < box.max.x && box.min.x < out[0].max.x && out[0].min.y < box.max.y && box.min.y < out[0].max.y);
    expectDisjointAndInside(out, rect);
    // The nearest such box: just above or below the captions.
    EXPECT_TRUE((out[0].max.y <= 160.0 && out[0].max.y > 140.0) || (out[0].min.y >= 440.0 && out[0].min.y < 460.0))
        << out[0].min.y << " .. " << out[0].max.y;
  }
}

// A label's text may be broken into more lines: the text as given first, then each break narrower than the one
// before and no wider than the pane allows (but for a word wider than that), up to 5 lines; one word gives one.
TEST(LabelLayout, ALabelsLineBreaksAreEachNarrowerAndFitThePane) {
  const auto chars = [](std::string_view text) { return static_cast<double>(text.size()); };
  const std::string text = "B at t = 1, after the contact: goes on (the bodies already move apart along the normal)";
  const std::vector<std::string> breaks = labelLineBreaks(text, 40.0, chars);
  ASSERT_GE(breaks.size(), 3u);
  EXPECT_EQ(breaks[0], text);
  double last = chars(text);
  for (std::size_t k = 1; k < breaks.size(); ++k) {
    double widest = 0;
    int lines = 0;
    std::string words;
    for (std::size_t from = 0; from <= breaks[k].size(); ++lines) {
      const std::size_t to = std::min(breaks[k].find('\n', from), breaks[k].size());
      widest = std::max(widest, static_cast<double>(to - from));
      if (!words.empty()) words += ' ';
      words.append(breaks[k], from, to - from);
      from = to + 1;
    }
    EXPECT_EQ(words, text) << "the words, in order: " << breaks[k];
    EXPECT_LT(widest, last) << breaks[k];
    EXPECT_LE(widest, 40.0) << breaks[k];
    EXPECT_LE(lines, 5) << breaks[k];
    last = widest;
  }
  EXPECT_EQ(labelLineBreaks("lambda=0.375", 4.0, chars).size(), 1u);
}

// At 200 % in a pane as narrow as 07's world view, the step's labels wider than the pane are broken into lines and
// drawn, none dropped (the overlap with its runner-up and the axis's source, which the narration names, were dropped),
// and no two texts overlap.
TEST(LabelLayout, AtTwiceTheFontTheStepsLabelsWiderThanANarrowPaneAreWrappedNotDropped) {
  test::HeadlessImGui imgui(ImVec2(1600, 1000));
  ImGui::GetIO().FontGlobalScale = 2.0f;
  ImGui::NewFrame();
  const ScreenRect rect{640, 46, 320, 822};
  const Vec2d middle{800, 470};
  const std::vector<ScreenLabel> labels = {
      {middle + Vec2d{0, -40}, {-30, -26}, "overlap 0.3161, the smallest (next: axis 1, 0.3539)", palette::kHit, kLabelPriorityStep},
      {middle + Vec2d{60, 0}, {6, -10}, "axis 3 (the answer): normal of edge 2 of A", palette::kText, kLabelPriorityStep},
      {middle + Vec2d{-20, 10}, {10, 8}, "edge 2 of A: its normal is the axis", palette::kShapeA, kLabelPriorityStep},
      {middle + Vec2d{-30, -20}, {8, -22}, "A", palette::kShapeA},
      {middle + Vec2d{20, -30}, {8, -22}, "B", palette::kShapeB},
  };
  std::vector<DrawnText> drawn;
  drawScreenLabels(rect, "World: A (blue) and B (orange)", labels, {}, {}, &drawn);
  int wrapped = 0;
  std::vector<const DrawnText*> shown;
  for (const DrawnText& text : drawn) {
    if (text.kind == "title") continue;
    EXPECT_NE(text.kind, "dropped") << text.text;
    if (text.kind != "label") continue;
    shown.push_back(&text);
    wrapped += text.lines > 1 ? 1 : 0;
    EXPECT_TRUE(text.box.min.x >= rect.x && text.box.max.x <= rect.x + rect.width) << text.text;
  }
  EXPECT_EQ(shown.size(), labels.size());
  EXPECT_GE(wrapped, 2) << "the two labels wider than the pane";
  for (std::size_t i = 0; i < shown.size(); ++i)
    for (std::size_t j = i + 1; j < shown.size(); ++j) {
      const LabelBox& a = shown[i]->box;
      const LabelBox& b = shown[j]->box;
      EXPECT_FALSE(a.min.x < b.max.x && b.min.x < a.max.x && a.min.y < b.max.y && b.min.y < a.max.y)
          << shown[i]->text << " over " << shown[j]->text;
    }
  ImGui::Render();
}

// A view's legend over the scene (the mid-phase labs): one dark box behind all its lines, the lines a font's line
// apart, so at 150 % they do not overlap (they were drawn 18 px apart with no box, over the trees).
// The grid's numbers yield (textsClearOf): none drawn on a label, the pane's title or a caption the shell draws, or cut
// by the pane's edge; the others stay. The reviewer's A - B pane: tick "-5" printed on vertex label "0", a y tick run
// into "follows the step (View menu)" (newcomer review s29, A12), at 100 % and 150 % font size.
TEST(LabelLayout, GridNumbersYieldToLabelsTheTitleAndTheCaption) {
  test::HeadlessImGui imgui(ImVec2(1600, 1000));
  for (const float scale : {1.0f, 1.5f}) {
    SCOPED_TRACE(scale);
    ImGui::GetIO().FontGlobalScale = scale;
    ImGui::NewFrame();
    const ScreenRect rect{980, 20, 620, 800};
    const double axisY = 480;
    const LabelBox caption{{990, 790}, {1300, 812}};
    // Vertex "0" on the x axis where tick "-5" sits, the EPA label along the axis, and the origin's.
    const std::vector<ScreenLabel> labels = {{{1070, axisY + 4}, {-14, -2}, "0", palette::kText},
                                             {{1310, axisY + 6}, {8, 2}, "n, distance 0.3867", palette::kHit},
                                             {{1290, axisY}, {6, -20}, "O", palette::kText}};
    const std::vector<LabelBox> taken = drawScreenLabels(rect, "Minkowski difference A - B", labels, {}, std::span(&caption, 1));
    ASSERT_GE(taken.size(), 2u + labels.size()) << "the caption, the title and every label";
    // The numbers as drawGrid asks for them: along the x axis, at the y axis (x = 1290) and one beside the caption.
    std::vector<LabelBox> ticks;
    const auto tick = [&](Vec2d at, const char* text) {
      const ImVec2 size = ImGui::CalcTextSize(text);
      ticks.push_back({at, at + Vec2d{size.x, size.y}});
    };
    for (int i = 0; i < 6; ++i) tick({1063.0 + 110.0 * i, axisY + 2}, i == 0 ? "-5" : "2.5");
    tick({1294, 796}, "-7.5");    // into the caption
    tick({1294, 300}, "5");       // nothing near it
    tick({1294, 12}, "10");       // cut by the pane's top
    tick({1580, axisY + 2}, "7.5");  // cut by its right edge
    // Flush against the caption's box (0.8 px after it: flush under one, a number read as its next line, review s33
    // A10), and well clear of it.
    tick({caption.max.x + 0.8, caption.min.y}, "-2.5");
    tick({caption.max.x + 12, caption.min.y}, "-2.5");
    const std::vector<bool> clear = textsClearOf(rect, ticks, taken);
    ASSERT_EQ(clear.size(), ticks.size());
    for (std::size_t i = 0; i < ticks.size(); ++i) {
      if (!clear[i]) continue;
      const LabelBox& t = ticks[i];
      EXPECT_TRUE(t.min.x >= rect.x && t.min.y >= rect.y && t.max.x <= rect.x + rect.width && t.max.y <= rect.y + rect.height) << i;
      for (const LabelBox& box : taken)
        EXPECT_FALSE(t.min.x < box.max.x && box.min.x < t.max.x && t.min.y < box.max.y && box.min.y < t.max.y) << i;
    }
    EXPECT_FALSE(clear[0]) << "tick -5 under vertex label 0";
    EXPECT_TRUE(clear[1]) << "ticks with nothing on them stay";
    // At 150 % the origin's label "O" grows down to 0.5 px above tick "2.5", which then read as its next line.
    EXPECT_EQ(clear[2], scale == 1.0f) << "tick 2.5 stays at 100 %, 7 px under O; at 150 % it is flush under O";
    EXPECT_FALSE(clear[6]) << "the tick beside the caption";
    EXPECT_TRUE(clear[7]);
    EXPECT_FALSE(clear[8]) << "cut by the pane's top";
    EXPECT_FALSE(clear[9]) << "cut by the pane's right edge";
    EXPECT_FALSE(clear[10]) << "flush against the caption, as part of it";
    EXPECT_TRUE(clear[11]) << "clear of the caption";
    ImGui::Render();
  }
}

// A label keeps a few pixels from the pane's edges: asked flush against the divider between two panes (07's
// common-part label and 03's "0 inside A - B's shadow ..." at 150 %, newcomer review s31), it read as the next
// pane's text or cut. Asked there, it moves inside; slid back from a corner, it stops short of the edge too.
TEST(LabelLayout, LabelsKeepAMarginFromThePaneEdges) {
  const ScreenRect rect{100, 50, 400, 300};
  const std::vector<LabelRequest> requests = {
      {{429, 200}, {8, -10}, {60, 18}},  // asks for x up to 497: 3 pixels from the right edge
      {{495, 345}, {8, -10}, {80, 18}},  // in the bottom-right corner
      {{300, 55}, {-30, -3}, {60, 18}},  // asks for y from 52: 2 pixels under the top edge
  };
  const std::vector<LabelPlacement> out = layoutLabelBoxes(rect, requests);
  for (std::size_t i = 0; i < out.size(); ++i) {
    SCOPED_TRACE(i);
    ASSERT_TRUE(out[i].placed);
    EXPECT_GE(out[i].min.x, rect.x + 5.9);
    EXPECT_GE(out[i].min.y, rect.y + 5.9);
    EXPECT_LE(out[i].max.x, rect.x + rect.width - 5.9);
    EXPECT_LE(out[i].max.y, rect.y + rect.height - 5.9);
  }
  // Both asked inside the pane but within the margin: moved.
  EXPECT_TRUE(out[0].moved);
  EXPECT_TRUE(out[2].moved);
}

// The caption (a view's legend, a banner) returns the box it drew, for the renderers' keep-out.
TEST(ScreenLegend, ReturnsTheBoxItDrew) {
  test::HeadlessImGui imgui(ImVec2(800, 600));
  ImGui::NewFrame();
  const std::vector<std::pair<std::string, Color>> lines = {{"translate B by depth 2.357", Color{1, 0, 0, 1}},
                                                            {"to separate", Color{1, 0, 0, 1}}};
  const LabelBox box = drawScreenLegend({100, 50}, lines);
  EXPECT_LE(box.min.x, 100.0);
  EXPECT_LE(box.min.y, 50.0);
  EXPECT_GE(box.max.x, 100.0 + ImGui::CalcTextSize("translate B by depth 2.357").x);
  EXPECT_GE(box.max.y, 50.0 + 2 * ImGui::GetTextLineHeight());
  const LabelBox none = drawScreenLegend({100, 50}, {});
  EXPECT_EQ(none.max.x, none.min.x) << "nothing drawn, no box";
  ImGui::Render();
}

TEST(ScreenLegend, OneBoxBehindLinesThatFollowTheFontSize) {
  test::HeadlessImGui imgui(ImVec2(800, 600));
  const std::vector<std::pair<std::string, Color>> lines = {
      {"the node pair of this step: yellow", Color{1, 1, 0, 1}}, {"pruned: grey", Color{0.5f, 0.5f, 0.5f, 1}}};
  const auto drawnHeight = [&lines](float scale) {
    ImGui::GetIO().FontGlobalScale = scale;
    ImGui::NewFrame();
    drawScreenLegend({100, 50}, lines);
    const ImDrawList* list = ImGui::GetBackgroundDrawList();
    // The box is the first shape drawn: its vertices come first, before the glyphs'.
    EXPECT_GE(list->VtxBuffer.Size, 4 + 4 * 10);
    float top = 1e9f, bottom = -1e9f, left = 1e9f, right = -1e9f;
    for (int i = 0; i < list->VtxBuffer.Size; ++i) {
      const ImVec2 p = list->VtxBuffer[i].pos;
      top = std::min(top, p.y), bottom = std::max(bottom, p.y), left = std::min(left, p.x), right = std::max(right, p.x);
    }
    const float lineHeight = ImGui::GetTextLineHeightWithSpacing();
    EXPECT_LE(top, 50.0f);
    EXPECT_GE(bottom, 50.0f + 2 * lineHeight);
    EXPECT_LE(left, 100.0f);
    EXPECT_GE(right, 100.0f + ImGui::CalcTextSize(lines[0].first.c_str()).x);
    ImGui::Render();
    return bottom - top;
  };
  const float normal = drawnHeight(1.0f);
  EXPECT_GT(drawnHeight(1.5f), 1.25f * normal);
}

// A legend line wider than the view wraps at spaces (at 150 % mid_02's axis line ran off the view); each piece keeps
// its line's colour, and a word wider than the limit stays whole.
TEST(ScreenLegend, ALineWiderThanTheViewWrapsAtSpaces) {
  const auto chars = [](std::string_view text) { return static_cast<double>(text.size()); };
  const std::vector<std::pair<std::string, Color>> lines = {{"magenta line: the edge-edge axis", palette::kFalsePositive},
                                                            {"B: gear", palette::kShapeB},
                                                            {"an_unbreakable_word here", palette::kText}};
  const auto wrapped = wrapLegend(lines, 15.0f, chars);
  const std::vector<std::string> texts = {"magenta line:", "the edge-edge", "axis", "B: gear", "an_unbreakable_word", "here"};
  ASSERT_EQ(wrapped.size(), texts.size());
  for (std::size_t i = 0; i < texts.size(); ++i) EXPECT_EQ(wrapped[i].first, texts[i]) << i;
  EXPECT_EQ(wrapped[2].second.packed(), palette::kFalsePositive.packed());
  EXPECT_EQ(wrapped[3].second.packed(), palette::kShapeB.packed());
  EXPECT_EQ(wrapLegend(lines, 1000.0f, chars).size(), lines.size());  // wide enough: as given
}

}  // namespace
}  // namespace lab
