// workloads/outlines.h: concave outlines in the plane (simple, counter-clockwise) for the 2D mid phase's tests,
// command line and labs: a star, a comb, a gear profile, a key and the letter E.
#pragma once

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

#include "collide/math.h"

namespace collide {

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

}  // namespace collide
