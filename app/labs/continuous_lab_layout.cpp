// The discrete frames' names of the Continuous collision lab (continuous_lab_layout.h).
#include "labs/continuous_lab_layout.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "collide/query.h"
#include "render/shape_drawing.h"

namespace lab {

namespace {

constexpr int kCandidateDirections = 16;

// How far p lies outside the collider (0 inside or on it).
double distanceOutside(Vec2d p, const Collider& collider) {
  const Collider point{collide::Point<double>{}, collide::Transform<double>::fromPose(p, 0)};
  const collide::QueryResult<double> result = collide::runQuery(collide::Algorithm::Distance, point, collider);
  if (!result.ok || result.hit || !result.distance) return 0;
  return *result.distance;
}

}  // namespace

Vec2d worldSupport(const Collider& collider, Vec2d direction) {
  if (direction == Vec2d{}) return shapeAnchor(collider);
  return std::visit([&](const auto& shape) { return collide::Transformed{shape, collide::placement(collider)}.support(direction); },
                    collider.shape);
}

FrameLabelLayout layoutFrameLabels(std::span<const Collider> frames, std::span<const Vec2d> taken, Vec2d motion,
                                   double pixelSize) {
  FrameLabelLayout layout;
  const Vec2d lead = collide::length(motion) > 0 ? motion / collide::length(motion) : Vec2d{1, 0};
  if (!frames.empty()) layout.legend = worldSupport(frames.back(), lead);
  if (!(pixelSize > 0)) return layout;
  std::vector<Vec2d> used(taken.begin(), taken.end());
  std::vector<Vec2d> anchors;
  for (std::size_t k = 0; k < frames.size(); ++k) {
    double best = -1;
    Vec2d chosen{};
    for (int i = 0; i < kCandidateDirections; ++i) {
      const double angle = 2 * std::numbers::pi * i / kCandidateDirections;
      const Vec2d candidate = worldSupport(frames[k], {std::cos(angle), std::sin(angle)});
      double clearance = std::numeric_limits<double>::infinity();
      for (std::size_t j = 0; j < frames.size(); ++j) {
        if (j != k) clearance = std::min(clearance, distanceOutside(candidate, frames[j]) / pixelSize);
      }
      double spacing = std::numeric_limits<double>::infinity();
      for (const Vec2d& anchor : used) spacing = std::min(spacing, collide::length(candidate - anchor) / pixelSize);
      if (clearance < kFrameLabelClearancePixels || spacing < kFrameLabelSpacingPixels) continue;
      if (spacing > best) best = spacing, chosen = candidate;
    }
    if (best < 0) return layout;  // this frame cannot be named on its own outline: one legend for all
    anchors.push_back(chosen);
    used.push_back(chosen);
  }
  layout.anchors = std::move(anchors);
  return layout;
}

}  // namespace lab
