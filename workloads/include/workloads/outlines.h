// workloads/outlines.h: concave outlines in the plane (simple, counter-clockwise) for the 2D mid phase's tests,
// command line and labs: a star, a comb and a gear profile.
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

}  // namespace collide
