// app/labs/continuous_lab_layout.h: where the Continuous collision lab names the discrete frames' outlines.
//
// A fast body's frames lie apart, and each can take its name anywhere near it. A slow or spinning body's frames
// pile up around its centre: names at the centres crowd one another, and none says which outline it names. So
// each name goes to a point of its frame's own outline (its farthest point along one of 16 directions) that lies
// outside every other frame by a clear margin and far from the anchors already taken (the bodies' names, the
// frames named before it); of those, the one farthest from the taken anchors (the names spread out). When some
// frame has no such point (frames that cover one another almost entirely), none is named on its outline: the lab
// writes one legend for them all, at the leading side of the last frame. The point-feature labelling of Imhof
// (1975) with candidate positions on the feature, chosen greedily (Christensen, Marks and Shieber 1995).
#pragma once

#include <span>
#include <vector>

#include "lab/vocabulary.h"

namespace lab {

inline constexpr double kFrameLabelClearancePixels = 10;  // a name's anchor, from every other frame
inline constexpr double kFrameLabelSpacingPixels = 24;    // a name's anchor, from every anchor taken before it

struct FrameLabelLayout {
  std::vector<Vec2d> anchors;  // one per frame (world), on its outline; empty: one legend at `legend`
  Vec2d legend{};
};

// The farthest point of a placed shape along `direction` (world; an Aabb is already in the world); its anchor
// when the direction is zero.
[[nodiscard]] Vec2d worldSupport(const Collider& collider, Vec2d direction);

// frames: the body at each frame's time; taken: anchors already named (world); motion: the body's displacement
// over the frames (the legend's side); pixelSize: world units per window pixel.
[[nodiscard]] FrameLabelLayout layoutFrameLabels(std::span<const Collider> frames, std::span<const Vec2d> taken,
                                                 Vec2d motion, double pixelSize);

}  // namespace lab
