#include "render/label_layout.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <numeric>
#include <optional>
#include <ranges>

#include <imgui.h>

#include "widgets/wrapped_text.h"

namespace lab {

namespace {

// Between two labels: side by side wider than above each other, where "A - B" 2 pixels left of "O's shadow 0" read
// as one label "A - B O's shadow 0" (07), and 3d_10's "v, |v| = 0.09842" ran into "d (search direction)".
constexpr Vec2d kPad{8.0, 3.0};
constexpr double kAnchorRadius = 3.0;  // the dot a label marks stays visible
constexpr double kOwnMarker = 1.0;     // a marker this close to a label's anchor is the one it names
constexpr Vec2d kTextPadding{3, 1};    // around the text, inside the box
// Between a label and the pane's edge: a label flush against the divider read as the next pane's text, or cut
// (07's common-part label at 150 %, 03's "0 inside A - B's shadow ..." at the window's edge, newcomer review s31).
constexpr double kEdgeMargin = 6.0;
constexpr int kMostLines = 5;  // a label broken into more lines than this is a paragraph: the panel's place

bool overlaps(Vec2d min, Vec2d max, Vec2d otherMin, Vec2d otherMax, Vec2d pad = {}) {
  return min.x < otherMax.x + pad.x && otherMin.x < max.x + pad.x && min.y < otherMax.y + pad.y && otherMin.y < max.y + pad.y;
}

Vec2d nearestInBox(Vec2d p, Vec2d min, Vec2d max) { return {std::clamp(p.x, min.x, max.x), std::clamp(p.y, min.y, max.y)}; }

double distanceToBox(Vec2d p, Vec2d min, Vec2d max) { return collide::length(nearestInBox(p, min, max) - p); }

// The part of the segment a-b (as parameters from 0 at a to 1 at b) inside the box, if it runs through the inside
// (touching its edge does not count): Liang-Barsky.
std::optional<std::pair<double, double>> segmentInBox(Vec2d a, Vec2d b, Vec2d min, Vec2d max) {
  constexpr double kInset = 0.5;
  const Vec2d low = min + Vec2d{kInset, kInset}, high = max - Vec2d{kInset, kInset};
  if (low.x >= high.x || low.y >= high.y) return std::nullopt;
  double enter = 0, leave = 1;
  const Vec2d d = b - a;
  const double p[4] = {-d.x, d.x, -d.y, d.y};
  const double q[4] = {a.x - low.x, high.x - a.x, a.y - low.y, high.y - a.y};
  for (int i = 0; i < 4; ++i) {
    if (p[i] == 0) {
      if (q[i] < 0) return std::nullopt;
      continue;
    }
    const double t = q[i] / p[i];
    if (p[i] < 0) enter = std::max(enter, t);
    else leave = std::min(leave, t);
    if (enter > leave) return std::nullopt;
  }
  return std::pair{enter, leave};
}

bool segmentCrossesBox(Vec2d a, Vec2d b, Vec2d min, Vec2d max) { return segmentInBox(a, b, min, max).has_value(); }

// The pieces of a leader from `anchor` to `end` that no box of `boxes` covers (but one over the anchor itself): a
// leader that had to run under a label (Rule::LeaderMayCross, when the pane had no other room) is not drawn there.
std::vector<std::pair<Vec2d, Vec2d>> visibleLeader(Vec2d anchor, Vec2d end, std::span<const LabelBox> boxes) {
  std::vector<std::pair<double, double>> hidden;
  for (const LabelBox& box : boxes)
    if (distanceToBox(anchor, box.min, box.max) > 0)
      if (const auto part = segmentInBox(anchor, end, box.min, box.max)) hidden.push_back(*part);
  std::sort(hidden.begin(), hidden.end());
  std::vector<std::pair<Vec2d, Vec2d>> out;
  double from = 0;
  for (const auto& [enter, leave] : hidden) {
    if (enter > from) out.emplace_back(anchor + from * (end - anchor), anchor + enter * (end - anchor));
    from = std::max(from, leave);
  }
  if (from < 1) out.emplace_back(anchor + from * (end - anchor), end);
  return out;
}

// Whether segments a-b and c-d cross (touching at an end does not count: two leaders from one anchor).
bool segmentsCross(Vec2d a, Vec2d b, Vec2d c, Vec2d d) {
  const auto side = [](Vec2d p, Vec2d q, Vec2d r) { return (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x); };
  const double d1 = side(a, b, c), d2 = side(a, b, d), d3 = side(c, d, a), d4 = side(c, d, b);
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

// Labels stay kEdgeMargin inside the pane (a pane too small for that keeps its whole rectangle).
ScreenRect innerRect(const ScreenRect& rect) {
  const double margin = std::min(kEdgeMargin, 0.25 * std::min(rect.width, rect.height));
  return {rect.x + margin, rect.y + margin, rect.width - 2 * margin, rect.height - 2 * margin};
}

ImVec2 toImVec2(Vec2d v) { return ImVec2(static_cast<float>(v.x), static_cast<float>(v.y)); }

// What a box may cover, from the strictest: step 2 of the header tries them in turn.
enum class Rule {
  Strict,          // clear of labels, their leaders, keep-outs, anchors and dots; its leader under no label and
                   // across no other leader
  LeaderMayCross,  // its leader may run under a label or caption, or across another leader
  OverMarks,       // a step's label, last: it may also cover other anchors and dots
};

// A box's fit for a label: whether it is free, and whether a leader line joins it to its anchor and where it ends.
struct Fit {
  bool ok = false;
  bool leader = false;
  Vec2d end{};
};

// A box the search may take: its top-left corner, which of the request's boxes, and what it costs (lower first).
struct Candidate {
  Vec2d min;
  int shape = 0;
  double cost = 0;
};

class Placer {
 public:
  Placer(const ScreenRect& rect, std::span<const LabelRequest> requests, std::span<const LabelBox> keepOut,
         std::span<const LabelMarker> markers)
      : rect_(rect), inner_(innerRect(rect)), requests_(requests), keepOut_(keepOut), markers_(markers) {
    // The anchors in the pane, each once (a crowd at one point is one anchor).
    for (const LabelRequest& request : requests)
      if (rect.contains(request.anchor)) anchors_.push_back(request.anchor);
    std::sort(anchors_.begin(), anchors_.end(), [](Vec2d p, Vec2d q) { return p.x < q.x || (p.x == q.x && p.y < q.y); });
    anchors_.erase(std::unique(anchors_.begin(), anchors_.end()), anchors_.end());
  }

  LabelPlacement place(std::size_t i) {
    const LabelRequest& request = requests_[i];
    LabelPlacement placement;
    if (!rect_.contains(request.anchor)) return placement;
    const auto take = [&](Vec2d min, int shape, bool moved, const Fit& fit) {
      placement.min = min;
      placement.max = min + sizeOf(request, shape);
      placement.placed = true;
      placement.moved = moved;
      placement.shape = shape;
      placement.leader = fit.leader;
      placement.leaderEnd = fit.end;
      placed_.push_back({i, {placement.min, placement.max}, fit.leader, fit.end});
      return placement;
    };
    // A label much wider than its line is tall reads as a banner across the pane, far from what it names (3D's bounce
    // "B at t = 1, after the contact: goes on (...)" over the ghost it names, at the pane's edge, review s32 A17):
    // it is broken into lines no wider than 60 % of the pane or 20 lines' height, whichever is more.
    const double widest = std::max(0.6 * inner_.width, 20.0 * request.size.y);
    int primary = 0;
    while (primary < static_cast<int>(request.wrapped.size()) && sizeOf(request, primary).x > widest) ++primary;
    const Vec2d size = sizeOf(request, primary);
    // Where it asked.
    const Vec2d asked = askedCorner(request, primary);
    if (const Fit f = fit(i, asked, size, Rule::Strict, false); f.ok) return take(asked, primary, false, f);
    // 1. The eight positions around the anchor, in this order, as the eye looks for it.
    for (const Vec2d min : ring(request, primary, 1))
      if (const Fit f = fit(i, min, size, Rule::Strict); f.ok) return take(min, primary, true, f);
    // 2. The nearest free box: the text broken into lines, wider rings and the spots flush against what is placed.
    const bool step = request.priority > kLabelPriorityScene;
    // A scene's label looks as far as its third ring reaches sideways (its width), and at least four lines away.
    // Past that, it goes farther with a leader that runs under no label and crosses no leader, before it takes a
    // spot in reach whose leader does (21 leaders of the s34 sweep ran partly under other labels).
    const double reach = step ? INFINITY : std::max(size.x + 6.0, 4.0 * request.size.y);
    const std::vector<Candidate> candidates = farther(request, primary, widest);
    // A scene's label tries the nearest thousand (in a crowd of 200 labels at one point each tried tens of thousands).
    const std::size_t tries = step ? candidates.size() : std::min<std::size_t>(candidates.size(), 1024);
    std::vector<std::pair<Rule, double>> passes = {{Rule::Strict, reach}};
    if (!step) passes.emplace_back(Rule::Strict, INFINITY);  // a step's label already looks anywhere
    passes.emplace_back(Rule::LeaderMayCross, reach);
    if (step) passes.emplace_back(Rule::OverMarks, INFINITY);
    for (const auto& [rule, within] : passes) {
      for (std::size_t k = 0; k < tries; ++k) {
        const Candidate& c = candidates[k];
        const Vec2d box = sizeOf(request, c.shape);
        if (distanceToBox(request.anchor, c.min, c.min + box) > within) continue;
        if (const Fit f = fit(i, c.min, box, rule); f.ok) return take(c.min, c.shape, true, f);
      }
    }
    return placement;
  }

  // Two leaders that cross each other swap their labels' spots (each box centred where the other's was) when both
  // boxes are free there by the strict rule: the swap uncrosses them, and the leaders then cross no other.
  // A few rounds, as one swap may allow another.
  void uncross(std::vector<LabelPlacement>& out) {
    for (int round = 0; round < 4; ++round) {
      bool swapped = false;
      for (std::size_t a = 0; a < placed_.size(); ++a)
        for (std::size_t b = a + 1; b < placed_.size(); ++b) {
          const Placed& p = placed_[a];
          const Placed& q = placed_[b];
          if (!p.leader || !q.leader || requests_[p.request].anchor == requests_[q.request].anchor) continue;
          if (!segmentsCross(requests_[p.request].anchor, p.end, requests_[q.request].anchor, q.end)) continue;
          swapped = swapSpots(a, b, out) || swapped;
        }
      if (!swapped) break;
    }
  }

 private:
  // How far a moved label may sit from its anchor without a leader line (kLeaderLines of its lines).
  static double leaderGap(const LabelRequest& request) {
    return kLeaderLines * (request.lineHeight > 0 ? request.lineHeight : request.size.y);
  }

  static Vec2d sizeOf(const LabelRequest& request, int shape) {
    return shape == 0 ? request.size : request.wrapped[static_cast<std::size_t>(shape - 1)];
  }

  // Where the request asked for its box, in the box `shape`: a box asked above its anchor keeps its bottom there (its
  // extra lines go up, not over the anchor), one asked left of it keeps its right edge.
  static Vec2d askedCorner(const LabelRequest& request, int shape) {
    const Vec2d size = sizeOf(request, shape);
    Vec2d corner = request.anchor + request.offset;
    if (request.offset.y + 0.5 * request.size.y < 0) corner.y -= size.y - request.size.y;
    if (request.offset.x + 0.5 * request.size.x < 0) corner.x -= size.x - request.size.x;
    return corner;
  }

  // The box slid back inside the pane: a vertex in a corner keeps its label.
  [[nodiscard]] Vec2d slideInside(Vec2d min, Vec2d size) const {
    return {std::clamp(min.x, inner_.x, std::max(inner_.x, inner_.x + inner_.width - size.x)),
            std::clamp(min.y, inner_.y, std::max(inner_.y, inner_.y + inner_.height - size.y))};
  }

  // The eight boxes around the anchor on ring `ring` (right of it first: text reads on from the point, then
  // clockwise), their centres on a ring that grows by a line height (vertically) and half a label (sideways).
  [[nodiscard]] std::vector<Vec2d> ring(const LabelRequest& request, int shape, int ring) const {
    constexpr double kDirections[8][2] = {{1, -1}, {1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}};
    const Vec2d size = sizeOf(request, shape);
    std::vector<Vec2d> out;
    for (const auto& d : kDirections) {
      const Vec2d centre = request.anchor + Vec2d{d[0] * (0.5 * size.x + 6.0 + (ring - 1) * 0.5 * size.x),
                                                  d[1] * (0.5 * size.y + 4.0 + (ring - 1) * (size.y + kPad.y))};
      out.push_back(slideInside(centre - 0.5 * size, size));
    }
    return out;
  }

  // The rings (but the first as asked, tried before) and every box flush against a placed label, a keep-out box or
  // the pane's edge (the nearest free box always lies so, or where the anchor puts it), for each of the request's
  // boxes, cheapest first: the gap to the anchor (none when it touches), plus the height a wrapped box adds, plus a
  // tenth of its centre's distance (of two boxes as near, the one centred on the anchor: a wide label pushed to the
  // pane's edge read as far from its marker, ccd_01 at 150 %).
  // Only the 24 boxes nearest the anchor count: a pane of 200 labels would otherwise try 200 x 200 spots for each.
  // `primary`: the box the label would rather have (its wider ones pay for their width past `widest`).
  [[nodiscard]] std::vector<Candidate> farther(const LabelRequest& request, int primary, double widest) const {
    std::vector<Candidate> out;
    const Vec2d a = request.anchor;
    constexpr std::size_t kNearestBoxes = 24;
    std::vector<std::pair<double, LabelBox>> near;
    for (const Placed& p : placed_) near.emplace_back(distanceToBox(a, p.box.min, p.box.max), LabelBox{p.box.min - kPad, p.box.max + kPad});
    for (const LabelBox& box : keepOut_) near.emplace_back(distanceToBox(a, box.min, box.max), box);
    std::stable_sort(near.begin(), near.end(), [](const auto& p, const auto& q) { return p.first < q.first; });
    if (near.size() > kNearestBoxes) near.resize(kNearestBoxes);
    for (int shape = 0; shape <= static_cast<int>(request.wrapped.size()); ++shape) {
      const Vec2d size = sizeOf(request, shape);
      const double extra = std::max(size.y - sizeOf(request, primary).y, 0.0) + std::max(size.x - widest, 0.0);
      const auto add = [&](Vec2d min) {
        const Vec2d inside = slideInside(min, size);
        const double gap = distanceToBox(a, inside, inside + size);
        const double offCentre = collide::length(inside + 0.5 * size - a);
        // A box that needs a leader pays a line more than one that does not: fewer lines to read.
        const double leader = gap > leaderGap(request) ? leaderGap(request) : 0.0;
        out.push_back({inside, shape, (gap <= kPad.x ? 0.0 : gap) + leader + extra + 0.1 * offCentre});
      };
      for (int r = shape == primary ? 2 : 1; r <= 3; ++r)
        for (const Vec2d min : ring(request, shape, r)) add(min);
      std::vector<double> xs = {inner_.x, inner_.x + inner_.width - size.x, a.x - 0.5 * size.x, a.x + 6.0, a.x - 6.0 - size.x};
      std::vector<double> ys = {inner_.y, inner_.y + inner_.height - size.y, a.y - 0.5 * size.y, a.y + 4.0, a.y - 4.0 - size.y};
      for (const LabelBox& box : near | std::views::values) {
        xs.push_back(box.max.x);
        xs.push_back(box.min.x - size.x);
        ys.push_back(box.max.y);
        ys.push_back(box.min.y - size.y);
      }
      for (const double x : xs)
        for (const double y : ys) add({x, y});
    }
    std::stable_sort(out.begin(), out.end(), [](const Candidate& p, const Candidate& q) { return p.cost < q.cost; });
    // The same box from two edges once.
    out.erase(std::unique(out.begin(), out.end(),
                          [](const Candidate& p, const Candidate& q) { return p.min == q.min && p.shape == q.shape; }),
              out.end());
    return out;
  }

  // Whether the box is free for request `self`'s label and, when it needs a leader (`moved` farther than its
  // leaderGap), where that ends: the nearest point of the box, or else the nearest corner or edge's middle, whose
  // line runs under no label or caption and crosses no other leader (Rule::Strict; the other rules take that end
  // when there is one, else the nearest point).
  [[nodiscard]] Fit fit(std::size_t self, Vec2d min, Vec2d size, Rule rule, bool moved = true) const {
    const Vec2d max = min + size;
    if (!free(self, min, max, rule)) return {};
    const Vec2d own = requests_[self].anchor;
    if (!moved || distanceToBox(own, min, max) <= leaderGap(requests_[self])) return {true, false, {}};
    const Vec2d nearest = nearestInBox(own, min, max);
    std::array<Vec2d, 9> ends = {nearest,
                                 min,
                                 {max.x, min.y},
                                 max,
                                 {min.x, max.y},
                                 {0.5 * (min.x + max.x), min.y},
                                 {max.x, 0.5 * (min.y + max.y)},
                                 {0.5 * (min.x + max.x), max.y},
                                 {min.x, 0.5 * (min.y + max.y)}};
    std::stable_sort(ends.begin() + 1, ends.end(),
                     [&](Vec2d p, Vec2d q) { return collide::length(p - own) < collide::length(q - own); });
    for (const Vec2d end : ends)
      if (!segmentCrossesBox(own, end, min, max) && leaderClear(self, own, end)) return {true, true, end};
    if (rule == Rule::Strict) return {};
    return {true, true, nearest};
  }

  // Whether a leader from `from` (request `self`'s anchor) to `to` runs under no placed label or caption (but those
  // over the anchor itself: a title over a point near the pane's top cannot be helped) and crosses no other leader.
  [[nodiscard]] bool leaderClear(std::size_t self, Vec2d from, Vec2d to) const {
    const auto under = [&](const LabelBox& box) {
      return segmentCrossesBox(from, to, box.min, box.max) && distanceToBox(from, box.min, box.max) > 0;
    };
    if (std::any_of(keepOut_.begin(), keepOut_.end(), under)) return false;
    for (const Placed& p : placed_) {
      if (p.gone || p.request == self) continue;
      if (under(p.box)) return false;
      if (p.leader && requests_[p.request].anchor != from && segmentsCross(from, to, requests_[p.request].anchor, p.end))
        return false;
    }
    return true;
  }

  // Places the labels of placed_[a] and placed_[b] each centred where the other's box was, if both fit there.
  bool swapSpots(std::size_t a, std::size_t b, std::vector<LabelPlacement>& out) {
    const Placed oldA = placed_[a], oldB = placed_[b];
    const Vec2d sizeA = oldA.box.max - oldA.box.min, sizeB = oldB.box.max - oldB.box.min;
    const Vec2d minA = slideInside(0.5 * (oldB.box.min + oldB.box.max) - 0.5 * sizeA, sizeA);
    const Vec2d minB = slideInside(0.5 * (oldA.box.min + oldA.box.max) - 0.5 * sizeB, sizeB);
    placed_[a].gone = placed_[b].gone = true;
    const Fit fitA = fit(oldA.request, minA, sizeA, Rule::Strict);
    if (fitA.ok) {
      placed_[a] = {oldA.request, {minA, minA + sizeA}, fitA.leader, fitA.end};
      if (const Fit fitB = fit(oldB.request, minB, sizeB, Rule::Strict); fitB.ok) {
        placed_[b] = {oldB.request, {minB, minB + sizeB}, fitB.leader, fitB.end};
        for (const Placed& p : {placed_[a], placed_[b]}) {
          LabelPlacement& o = out[p.request];
          o.min = p.box.min;
          o.max = p.box.max;
          o.leader = p.leader;
          o.leaderEnd = p.end;
        }
        return true;
      }
    }
    placed_[a] = oldA;
    placed_[b] = oldB;
    return false;
  }

  [[nodiscard]] bool free(std::size_t self, Vec2d min, Vec2d max, Rule rule) const {
    if (min.x < inner_.x || min.y < inner_.y || max.x > inner_.x + inner_.width || max.y > inner_.y + inner_.height) return false;
    for (const LabelBox& box : keepOut_)
      if (overlaps(min, max, box.min, box.max)) return false;
    for (const Placed& p : placed_) {
      if (p.gone) continue;
      if (overlaps(min, max, p.box.min, p.box.max, kPad)) return false;
      // Over another label's leader line, the line would end under this label's words.
      if (p.leader && segmentCrossesBox(requests_[p.request].anchor, p.end, min, max)) return false;
    }
    const Vec2d own = requests_[self].anchor;
    if (rule != Rule::OverMarks) {
      for (const Vec2d other : anchors_) {
        if (other == own) continue;
        const Vec2d r{kAnchorRadius, kAnchorRadius};
        if (overlaps(min, max, other - r, other + r)) return false;
      }
      for (const LabelMarker& marker : markers_) {
        if (collide::length(marker.centre - own) <= kOwnMarker) continue;
        const Vec2d r{marker.radius, marker.radius};
        if (overlaps(min, max, marker.centre - r, marker.centre + r)) return false;
      }
    }
    return true;
  }

  // A placed label: its request, its box, and its leader line's end on the box, if it has one.
  struct Placed {
    std::size_t request = 0;
    LabelBox box;
    bool leader = false;
    Vec2d end{};
    bool gone = false;  // lifted out while swapSpots tries its spot elsewhere
  };

  ScreenRect rect_, inner_;
  std::span<const LabelRequest> requests_;
  std::span<const LabelBox> keepOut_;
  std::span<const LabelMarker> markers_;
  std::vector<Vec2d> anchors_;
  std::vector<Placed> placed_;  // the labels placed so far
};

}  // namespace

std::vector<LabelPlacement> layoutLabelBoxes(const ScreenRect& rect, std::span<const LabelRequest> requests,
                                             std::span<const LabelBox> keepOut, std::span<const LabelMarker> markers) {
  std::vector<LabelPlacement> out(requests.size());
  std::vector<std::size_t> order(requests.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t i, std::size_t j) { return requests[i].priority > requests[j].priority; });
  Placer placer(rect, requests, keepOut, markers);
  for (const std::size_t i : order) out[i] = placer.place(i);
  placer.uncross(out);
  return out;
}

std::vector<std::string> labelLineBreaks(std::string_view text, double maxWidth,
                                         const std::function<double(std::string_view)>& measure) {
  std::vector<std::string> out{std::string(text)};
  if (text.find(' ') == std::string_view::npos) return out;
  const auto widest = [&](const std::vector<std::string_view>& lines) {
    double width = 0;
    for (const std::string_view line : lines) width = std::max(width, measure(line));
    return width;
  };
  const std::vector<std::string_view> given = breakLines(text, INFINITY, measure);
  double last = widest(given);
  std::size_t lastLines = given.size();
  // Aim at the text's width over n lines (a greedy break then gives n or n + 1), never wider than the pane.
  const double whole = last * static_cast<double>(given.size());
  for (int n = static_cast<int>(given.size()) + 1; n <= kMostLines + 1; ++n) {
    const std::vector<std::string_view> lines = breakLines(text, std::min(maxWidth, 1.05 * whole / n), measure);
    const double width = widest(lines);
    if (lines.size() > static_cast<std::size_t>(kMostLines)) break;
    if (lines.size() <= lastLines || width >= last - 0.5) continue;
    std::string joined;
    for (std::size_t k = 0; k < lines.size(); ++k) {
      if (k > 0) joined += '\n';
      joined += lines[k];
    }
    out.push_back(std::move(joined));
    last = width;
    lastLines = lines.size();
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
  const auto measure = [](std::string_view text) {
    return static_cast<double>(ImGui::CalcTextSize(text.data(), text.data() + text.size()).x);
  };
  const auto boxSize = [](const std::string& text) {
    const ImVec2 size = ImGui::CalcTextSize(text.data(), text.data() + text.size());
    return Vec2d{size.x, size.y} + 2.0 * kTextPadding;
  };
  // Each label's text as given and broken into more lines, no wider than the pane's labels may be.
  const double widest = innerRect(rect).width - 2.0 * kTextPadding.x;
  std::vector<std::vector<std::string>> texts;
  std::vector<LabelRequest> requests;
  texts.reserve(labels.size());
  requests.reserve(labels.size());
  for (const ScreenLabel& label : labels) {
    texts.push_back(labelLineBreaks(label.text, widest, measure));
    LabelRequest request{label.anchor, label.offset, boxSize(texts.back()[0]), label.priority};
    request.lineHeight = ImGui::GetTextLineHeight() + 2.0 * kTextPadding.y;
    for (std::size_t k = 1; k < texts.back().size(); ++k) request.wrapped.push_back(boxSize(texts.back()[k]));
    requests.push_back(std::move(request));
  }
  const std::vector<LabelPlacement> placements = layoutLabelBoxes(rect, requests, taken, markers);
  ImDrawList* list = ImGui::GetBackgroundDrawList();
  // The boxes a label's leader may not be drawn under: the keep-outs, the title and the other labels.
  const auto others = [&](std::size_t self) {
    std::vector<LabelBox> boxes = taken;
    for (std::size_t k = 0; k < placements.size(); ++k)
      if (k != self && placements[k].placed) boxes.push_back({placements[k].min, placements[k].max});
    return boxes;
  };
  // Every leader line first, under every label: drawn with its own label, a later label's leader crossed an earlier
  // label's words (3d_10 at 150 %: w0's leader through "w5 = w0 (repeat: stop)").
  for (std::size_t i = 0; i < labels.size(); ++i) {
    const ScreenLabel& label = labels[i];
    const LabelPlacement& box = placements[i];
    if (!box.placed || !box.leader) continue;
    // On a dark halo, with a dot at the anchor: a thin line alone vanished over meshes (mid_02 at 150 %: "gap ...:
    // separating axis" 150 pixels from its shadows with no visible leader, newcomer review s30, A7).
    const std::vector<std::pair<Vec2d, Vec2d>> pieces = visibleLeader(label.anchor, box.leaderEnd, others(i));
    for (const auto& [from, to] : pieces)
      list->AddLine(toImVec2(from), toImVec2(to), palette::kBackground.withAlpha(0.75f).packed(), 4.0f);
    for (const auto& [from, to] : pieces)
      list->AddLine(toImVec2(from), toImVec2(to), label.color.withAlpha(0.95f).packed(), 1.5f);
    list->AddCircleFilled(toImVec2(label.anchor), 3.0f, label.color.packed());
  }
  for (std::size_t i = 0; i < labels.size(); ++i) {
    const ScreenLabel& label = labels[i];
    const LabelPlacement& box = placements[i];
    const bool step = label.priority > kLabelPriorityScene;
    if (!box.placed) {
      // Only what had its anchor in the pane: a label of something out of view is not missing.
      if (drawn && rect.contains(label.anchor))
        drawn->push_back({label.text, {label.anchor, label.anchor}, "dropped", label.anchor, step});
      continue;
    }
    taken.push_back({box.min, box.max});
    const std::string& text = texts[i][static_cast<std::size_t>(box.shape)];
    if (drawn) {
      const auto lines = static_cast<int>(std::count(text.begin(), text.end(), '\n')) + 1;
      drawn->push_back({label.text, taken.back(), "label", label.anchor, step, box.leader, lines, box.leaderEnd});
    }
    list->AddRectFilled(toImVec2(box.min), toImVec2(box.max), palette::kBackground.withAlpha(0.82f).packed(), 3.0f);
    list->AddText(toImVec2(box.min + kTextPadding), label.color.packed(), text.data(), text.data() + text.size());
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
