// workloads/outlines.h: concave outlines in the plane (simple, counter-clockwise) for the 2D mid phase's tests,
// command line and labs: a star, a comb, a gear profile, a key and the letter E; and the named shapes the "Mid phase
// 2D" lab and `collision-lab midphase` share (one catalogue, so a lab scene's a and b run from the command line
// with the lab's parts).
//
// [SECTION] Outlines
// [SECTION] The named shapes
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <optional>
#include <string_view>
#include <vector>

#include "collide/math.h"
#include "collide/polygon.h"

namespace collide {

// [SECTION] Outlines

// `points` tips (>= 3) at `outer`, the notches between them at `inner`.
template <Scalar S = double>
[[nodiscard]] std::vector<Vec2<S>> starOutline(int points, S outer, S inner) {
  points = std::max(points, 3);
  std::vector<Vec2<S>> outline;
  for (int i = 0; i < 2 * points; ++i) {
    const double r = i % 2 == 0 ? outer : inner, angle = std::numbers::pi * i / points;
    outline.push_back({static_cast<S>(r * std::cos(angle)), static_cast<S>(r * std::sin(angle))});
  }
  return outline;
}

// `teeth` (>= 2) teeth of width 0.8 and height 2 on a base 1 high, 1.2 apart, from x = 0.
template <Scalar S = double>
[[nodiscard]] std::vector<Vec2<S>> combOutline(int teeth) {
  teeth = std::max(teeth, 2);
  const S pitch = S(2), width = S(0.8);
  const S length = pitch * S(teeth - 1) + width;
  std::vector<Vec2<S>> outline{{S(0), S(0)}, {length, S(0)}};
  for (int t = teeth - 1; t >= 0; --t) {  // right to left along the top
    const S left = pitch * S(t);
    outline.push_back({left + width, S(3)});
    outline.push_back({left, S(3)});
    if (t > 0) {
      outline.push_back({left, S(1)});
      outline.push_back({left - (pitch - width), S(1)});
    }
  }
  return outline;  // closed by the edge from (0, 3) back to (0, 0)
}

// A gear profile in the plane: `teeth` (>= 3) trapezoid teeth between rootRadius and tipRadius.
template <Scalar S = double>
[[nodiscard]] std::vector<Vec2<S>> gearOutline(int teeth, S rootRadius, S tipRadius) {
  teeth = std::max(teeth, 3);
  std::vector<Vec2<S>> outline;
  for (int t = 0; t < teeth; ++t) {
    const double base = 2.0 * std::numbers::pi * t / teeth, step = 2.0 * std::numbers::pi / teeth;
    const double angles[4] = {base, base + 0.2 * step, base + 0.45 * step, base + 0.65 * step};
    const S radii[4] = {rootRadius, tipRadius, tipRadius, rootRadius};
    for (int k = 0; k < 4; ++k) {
      outline.push_back({static_cast<S>(radii[k] * std::cos(angles[k])), static_cast<S>(radii[k] * std::sin(angles[k]))});
    }
  }
  return outline;
}

// A key: a square bow at the left, a shaft along the x axis to x = 0, and `teeth` (>= 1) narrow teeth hanging
// under the shaft's last 1.5 units, so its parts are skewed: two large ones and many small ones at one end.
template <Scalar S = double>
[[nodiscard]] std::vector<Vec2<S>> keyOutline(int teeth) {
  teeth = std::max(teeth, 1);
  const S pitch = S(1.5) / S(teeth), width = S(0.6) * pitch;
  std::vector<Vec2<S>> outline{{S(-5), S(-0.8)}, {S(-4), S(-0.8)}, {S(-4), S(-0.2)}};
  for (int t = 0; t < teeth; ++t) {
    const S left = S(-1.5) + pitch * S(t) + S(0.5) * (pitch - width);
    outline.push_back({left, S(-0.2)});
    outline.push_back({left, S(-0.55)});
    outline.push_back({left + width, S(-0.55)});
    outline.push_back({left + width, S(-0.2)});
  }
  for (const Vec2<S> p : {Vec2<S>{S(0), S(-0.2)}, Vec2<S>{S(0), S(0.2)}, Vec2<S>{S(-4), S(0.2)}, Vec2<S>{S(-4), S(0.8)},
                          Vec2<S>{S(-5), S(0.8)}}) {
    outline.push_back(p);
  }
  return outline;
}

// The letter E, 2 wide and 3 high, centred on the origin.
template <Scalar S = double>
[[nodiscard]] std::vector<Vec2<S>> letterEOutline() {
  const double points[12][2] = {{0, 0},   {2, 0},      {2, 0.5},    {0.6, 0.5}, {0.6, 1.25}, {1.6, 1.25},
                                {1.6, 1.75}, {0.6, 1.75}, {0.6, 2.5}, {2, 2.5},   {2, 3},      {0, 3}};
  std::vector<Vec2<S>> outline;
  for (const auto& p : points) outline.push_back({static_cast<S>(p[0] - 1.0), static_cast<S>(p[1] - 1.5)});
  return outline;
}

// [SECTION] The named shapes

// The "Mid phase 2D" lab's shapes by the names its scenes (lab_state a, b) and the CLI's --a, --b use: five outlines
// and one compound of convex parts given as they are (crates).
inline constexpr std::array<const char*, 6> kConcaveShapeNames = {"gear", "star", "letter-e", "comb", "key", "crates"};
inline constexpr int kCratesShape = 5;
// Each shape's count as the lab has it (a gear's teeth, a star's points, a comb's or a key's teeth); 0: it has none.
inline constexpr std::array<int, 6> kConcaveShapeCounts = {10, 7, 0, 5, 12, 0};

[[nodiscard]] inline std::optional<int> concaveShapeIndex(std::string_view name) {
  for (std::size_t i = 0; i < kConcaveShapeNames.size(); ++i) {
    if (name == kConcaveShapeNames[i]) return static_cast<int>(i);
  }
  return std::nullopt;
}

// Shape `index`'s outline with `count` teeth or points (0: the lab's); empty for the compound (crates).
template <Scalar S = double>
[[nodiscard]] std::vector<Vec2<S>> concaveShapeOutline(int index, int count = 0) {
  const int n = count > 0 ? count : kConcaveShapeCounts[static_cast<std::size_t>(std::clamp(index, 0, 5))];
  switch (index) {
    case 0: return gearOutline<S>(n, S(1.0), S(1.35));
    case 1: return starOutline<S>(n, S(1.5), S(0.6));
    case 2: return letterEOutline<S>();
    case 3: {
      std::vector<Vec2<S>> comb = combOutline<S>(n);
      for (Vec2<S>& p : comb) p = {S(0.4) * p.x - S(1.7), S(0.6) * p.y - S(0.9)};  // 5 teeth: 3.4 x 1.8, centred
      return comb;
    }
    case 4: {
      std::vector<Vec2<S>> key = keyOutline<S>(n);
      for (Vec2<S>& p : key) p = {S(0.8) * p.x + S(2.0), S(0.8) * p.y};
      return key;
    }
    default: return {};
  }
}

// The compound (crates): ten crates stacked in one spot and six in a row beside them, so part centres, and their
// Morton codes, coincide.
template <Scalar S = double>
[[nodiscard]] std::vector<Polygon<S>> cratesParts() {
  std::vector<Polygon<S>> parts;
  const auto square = [&](S x, S y, S half) {
    const std::array<Vec2<S>, 4> corners{Vec2<S>{x - half, y - half}, Vec2<S>{x + half, y - half}, Vec2<S>{x + half, y + half},
                                         Vec2<S>{x - half, y + half}};
    parts.push_back(makeConvexPolygon<S>(corners));
  };
  for (int i = 0; i < 10; ++i) square(S(-1.0), S(0.0), S(0.45));
  for (int i = 0; i < 6; ++i) square(S(-0.2) + S(0.45) * S(i), S(-0.3) + S(0.12) * S(i), S(0.2));
  return parts;
}

}  // namespace collide
