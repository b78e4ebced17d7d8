#include "render/label_layout.h"

#include <algorithm>
#include <cstddef>
#include <numeric>

#include <imgui.h>

#include "widgets/wrapped_text.h"

namespace lab {

namespace {

// Between two labels: side by side wider than above each other, where "A - B" 2 pixels left of "O's shadow 0" read
// as one label "A - B O's shadow 0" (07), and 3d_10's "v, |v| = 0.09842" ran into "d (search direction)".
constexpr Vec2d kPad{8.0, 3.0};
constexpr double kAnchorRadius = 3.0;  // the dot a label marks stays visible
constexpr double kOwnMarker = 1.0;     // a marker this close to a label's anchor is the one it names
constexpr double kLeaderPixels = 8.0;  // a box farther than this from its anchor gets a leader line
constexpr Vec2d kTextPadding{3, 1};    // around the text, inside the box
// Between a label and the pane's edge: a label flush against the divider read as the next pane's text, or cut
// (07's common-part label at 150 %, 03's "0 inside A - B's shadow ..." at the window's edge, newcomer review s31).
constexpr double kEdgeMargin = 6.0;

bool overlaps(Vec2d min, Vec2d max, Vec2d otherMin, Vec2d otherMax, Vec2d pad = {}) {
  return min.x < otherMax.x + pad.x && otherMin.x < max.x + pad.x && min.y < otherMax.y + pad.y && otherMin.y < max.y + pad.y;
}

double distanceToBox(Vec2d p, Vec2d min, Vec2d max) {
  const Vec2d nearest{std::clamp(p.x, min.x, max.x), std::clamp(p.y, min.y, max.y)};
  return collide::length(nearest - p);
}

ImVec2 toImVec2(Vec2d v) { return ImVec2(static_cast<float>(v.x), static_cast<float>(v.y)); }

}  // namespace

std::vector<LabelPlacement> layoutLabelBoxes(const ScreenRect& rect, std::span<const LabelRequest> requests,
                                             std::span<const LabelBox> keepOut, std::span<const LabelMarker> markers) {
  std::vector<LabelPlacement> out(requests.size());
  std::vector<std::size_t> order(requests.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t i, std::size_t j) { return requests[i].priority > requests[j].priority; });
  std::vector<const LabelPlacement*> placed;
  placed.reserve(requests.size());
  // Labels stay kEdgeMargin inside the pane (a pane too small for that keeps its whole rectangle).
  const double margin = std::min(kEdgeMargin, 0.25 * std::min(rect.width, rect.height));
  const ScreenRect inner{rect.x + margin, rect.y + margin, rect.width - 2 * margin, rect.height - 2 * margin};
  const auto free = [&](std::size_t self, Vec2d min, Vec2d max) {
    if (min.x < inner.x || min.y < inner.y || max.x > inner.x + inner.width || max.y > inner.y + inner.height) return false;
    for (const LabelBox& box : keepOut)
      if (overlaps(min, max, box.min, box.max)) return false;
    for (const LabelPlacement* other : placed)
      if (overlaps(min, max, other->min, other->max, kPad)) return false;
    const Vec2d own = requests[self].anchor;
    for (const LabelRequest& other : requests) {
      if (other.anchor == own || !rect.contains(other.anchor)) continue;
      const Vec2d r{kAnchorRadius, kAnchorRadius};
      if (overlaps(min, max, other.anchor - r, other.anchor + r)) return false;
    }
    for (const LabelMarker& marker : markers) {
      if (collide::length(marker.centre - own) <= kOwnMarker) continue;
      const Vec2d r{marker.radius, marker.radius};
      if (overlaps(min, max, marker.centre - r, marker.centre + r)) return false;
    }
    return true;
  };
  // The eight positions around the anchor: right of it first (text reads on from the point), then clockwise.
  constexpr double kDirections[8][2] = {{1, -1}, {1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}};
  for (const std::size_t i : order) {
    const LabelRequest& request = requests[i];
    LabelPlacement& placement = out[i];
    if (!rect.contains(request.anchor)) continue;
    placement.min = request.anchor + request.offset;
    placement.max = placement.min + request.size;
    placement.placed = free(i, placement.min, placement.max);
    for (int ring = 1; ring <= 3 && !placement.placed; ++ring) {
      for (const auto& d : kDirections) {
        // The box's centre on a ring that grows by a line height (vertically) and half a label (sideways).
        // Near the pane's edge the box slides back inside (a vertex in a corner keeps its label).
        const Vec2d size = request.size;
        const Vec2d centre = request.anchor + Vec2d{d[0] * (0.5 * size.x + 6.0 + (ring - 1) * 0.5 * size.x),
                                                    d[1] * (0.5 * size.y + 4.0 + (ring - 1) * (size.y + kPad.y))};
        const Vec2d min{std::clamp(centre.x - 0.5 * size.x, inner.x, std::max(inner.x, inner.x + inner.width - size.x)),
                        std::clamp(centre.y - 0.5 * size.y, inner.y, std::max(inner.y, inner.y + inner.height - size.y))};
        if (free(i, min, min + size)) {
          placement.min = min;
          placement.max = min + size;
          placement.placed = placement.moved = true;
          break;
        }
      }
    }
    placement.leader = placement.placed && placement.moved &&
                       distanceToBox(request.anchor, placement.min, placement.max) > kLeaderPixels;
    if (placement.placed) placed.push_back(&placement);
  }
  return out;
}

LabelBox paneTitleBox(const ScreenRect& pane, Vec2d titleTextSize) {
  return {pane.min() + Vec2d{8, 8}, pane.min() + Vec2d{20, 14} + titleTextSize};
}

Vec2d paneCaptionCorner(const ScreenRect& pane) {
  const LabelBox title = paneTitleBox(pane, {0, ImGui::GetTextLineHeight()});
  return {pane.x + 14, title.max.y + 6};
}

std::vector<bool> textsClearOf(const ScreenRect& rect, std::span<const LabelBox> texts, std::span<const LabelBox> taken) {
  std::vector<bool> clear(texts.size());
  for (std::size_t i = 0; i < texts.size(); ++i) {
    const LabelBox& text = texts[i];
    clear[i] = text.min.x >= rect.x && text.min.y >= rect.y && text.max.x <= rect.x + rect.width &&
               text.max.y <= rect.y + rect.height;
    // Clear by a few pixels, not only apart: a number flush under a label's box read as its next line (the
    // broad-phase strip's caption over grid number "-2.5", 0.8 px apart; newcomer review s33 A10).
    const Vec2d margin{kNumberClearance, kNumberClearance};
    for (const LabelBox& box : taken)
      if (overlaps(text.min - margin, text.max + margin, box.min, box.max)) clear[i] = false;
  }
  return clear;
}

std::vector<LabelBox> drawScreenLabels(const ScreenRect& rect, std::string_view title, std::span<const ScreenLabel> labels,
                                       std::span<const LabelMarker> markers, std::span<const LabelBox> keepOut,
                                       std::vector<DrawnText>* drawn) {
  std::vector<LabelBox> taken(keepOut.begin(), keepOut.end());
  if (!title.empty()) {
    const ImVec2 size = ImGui::CalcTextSize(title.data(), title.data() + title.size());
    taken.push_back(paneTitleBox(rect, {size.x, size.y}));
    if (drawn) drawn->push_back({std::string(title), taken.back(), "title"});
  }
  if (labels.empty()) return taken;
  std::vector<LabelRequest> requests;
  requests.reserve(labels.size());
  for (const ScreenLabel& label : labels) {
    const ImVec2 size = ImGui::CalcTextSize(label.text.data(), label.text.data() + label.text.size());
    requests.push_back({label.anchor, label.offset, Vec2d{size.x, size.y} + 2.0 * kTextPadding, label.priority});
  }
  const std::vector<LabelPlacement> placements = layoutLabelBoxes(rect, requests, taken, markers);
  ImDrawList* list = ImGui::GetBackgroundDrawList();
  // Every leader line first, under every label: drawn with its own label, a later label's leader crossed an earlier
  // label's words (3d_10 at 150 %: w0's leader through "w5 = w0 (repeat: stop)").
  for (std::size_t i = 0; i < labels.size(); ++i) {
    const ScreenLabel& label = labels[i];
    const LabelPlacement& box = placements[i];
    if (!box.placed || !box.leader) continue;
    const Vec2d nearest{std::clamp(label.anchor.x, box.min.x, box.max.x), std::clamp(label.anchor.y, box.min.y, box.max.y)};
    // On a dark halo, with a dot at the anchor: a thin line alone vanished over meshes (mid_02 at 150 %: "gap ...:
    // separating axis" 150 pixels from its shadows with no visible leader, newcomer review s30, A7).
    list->AddLine(toImVec2(label.anchor), toImVec2(nearest), palette::kBackground.withAlpha(0.75f).packed(), 4.0f);
    list->AddLine(toImVec2(label.anchor), toImVec2(nearest), label.color.withAlpha(0.95f).packed(), 1.5f);
    list->AddCircleFilled(toImVec2(label.anchor), 3.0f, label.color.packed());
  }
  for (std::size_t i = 0; i < labels.size(); ++i) {
    const ScreenLabel& label = labels[i];
    const LabelPlacement& box = placements[i];
    if (!box.placed) continue;
    taken.push_back({box.min, box.max});
    if (drawn) drawn->push_back({label.text, taken.back(), "label"});
    list->AddRectFilled(toImVec2(box.min), toImVec2(box.max), palette::kBackground.withAlpha(0.82f).packed(), 3.0f);
    list->AddText(toImVec2(box.min + kTextPadding), label.color.packed(), label.text.data(),
                  label.text.data() + label.text.size());
  }
  return taken;
}

std::vector<std::pair<std::string, Color>> wrapLegend(std::span<const std::pair<std::string, Color>> lines,
                                                      float maxWidth,
                                                      const std::function<double(std::string_view)>& measure) {
  std::vector<std::pair<std::string, Color>> out;
  for (const auto& [text, color] : lines) {
    for (const std::string_view line : breakLines(text, maxWidth, measure)) out.emplace_back(std::string(line), color);
  }
  return out;
}

LabelBox drawScreenLegend(Vec2d at, std::span<const std::pair<std::string, Color>> given, float maxWidth) {
  if (given.empty() || !collide::isFinite(at)) return {at, at};
  const std::vector<std::pair<std::string, Color>> lines =
      wrapLegend(given, maxWidth, [](std::string_view text) {
        return static_cast<double>(ImGui::CalcTextSize(text.data(), text.data() + text.size()).x);
      });
  const float lineHeight = ImGui::GetTextLineHeightWithSpacing();
  float width = 0;
  for (const auto& line : lines) width = std::max(width, ImGui::CalcTextSize(line.first.c_str()).x);
  ImDrawList* list = ImGui::GetBackgroundDrawList();
  const ImVec2 first(static_cast<float>(at.x), static_cast<float>(at.y));
  const ImVec2 pad(static_cast<float>(kTextPadding.x) + 1.0f, static_cast<float>(kTextPadding.y) + 2.0f);
  const ImVec2 boxMin(first.x - pad.x, first.y - pad.y);
  const ImVec2 boxMax(first.x + width + pad.x, first.y + lineHeight * static_cast<float>(lines.size()) + pad.y);
  list->AddRectFilled(boxMin, boxMax, palette::kBackground.withAlpha(0.82f).packed(), 3.0f);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string& text = lines[i].first;
    list->AddText(ImVec2(first.x, first.y + lineHeight * static_cast<float>(i)), lines[i].second.packed(), text.data(),
                  text.data() + text.size());
  }
  return {Vec2d{boxMin.x, boxMin.y}, Vec2d{boxMax.x, boxMax.y}};
}

LabelBox drawCaption(Vec2d at, std::span<const std::pair<std::string, Color>> lines, float maxWidth,
                     std::vector<LabelBox>& keepOut, std::vector<DrawnText>& drawn) {
  const LabelBox box = drawScreenLegend(at, lines, maxWidth);
  if (box.max.x <= box.min.x) return box;
  std::string text;
  for (const auto& line : lines) text += (text.empty() ? "" : "\n") + line.first;
  keepOut.push_back(box);
  drawn.push_back({std::move(text), box, "caption"});
  return box;
}

}  // namespace lab
