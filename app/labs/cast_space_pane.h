// app/labs/cast_space_pane.h: the Continuous collision lab's second pane, for the casts whose loop runs on one fixed
// set, the GJK ray cast (van den Bergen 2004): the linear cast's A - B, where B's motion relative to A is a ray from
// the origin O, and a ray's shape alone (C - {0}: the ray from the point). The pane draws the cores' set, its rounded
// outline (the cores grown by the radii: what the ray must not enter), the ray over lambda in [0, 1] with the step's
// lambda, the step's support point and its plane (through the support, moved out by the radii along d: the
// half-plane the narration talks about), the simplex kept, and the earlier steps' supports and planes faintly.
//
// Not for the time of impact: conservative advancement asks a distance query of the shapes at each iteration's time,
// posed (and turned) as they are then, so its A - B is another set at every step, and what it advances by (the
// distance and the bound on the closing speed) the world view labels beside the closest points. Dynamic SAT, the
// moving spheres and a ray's closed forms draw their own figures in the world view.
#pragma once

#include <array>
#include <optional>
#include <vector>

#include "lab/vocabulary.h"
#include "labs/recorded_cast.h"
#include "render/renderer2d.h"

namespace lab {

struct CastSpace : CastRay<Vec2d> {  // the ray, the radii and the set's kind (labs/recorded_cast.h)
  std::vector<Vec2d> cores;     // the cores' set: a hull, a segment or a point (world axes, as the trace's points)
  std::vector<Vec2d> outline;   // the set grown by `radius`; empty when it is 0
};

// The pane's set for the lab's cast: the linear cast always (a refused pair's pane says so), a ray when it ran the
// GJK ray cast (a sector or a point as the target); nullopt for the other casts. `shapes` as the lab holds them; in a
// float run the set is built from them rounded through float (pairInScalar), as the run saw them.
[[nodiscard]] std::optional<CastSpace> castSpace(const RecordedCast<Vec2d>& cast, const std::array<Collider, 2>& shapes,
                                                 bool useFloat);
// The pane's title (both dimensions): `difference` for the linear cast's A - B, else a ray's shape alone.
[[nodiscard]] const char* castSpaceTitle(bool difference);
// Draws the set, the ray and step `step` (the lab's view 1).
void drawCastSpace(Renderer2D& renderer, const CastSpace& space, const RecordedCast<Vec2d>& cast, int step);
// What View > Fit frames: the set, the origin and the ray's [0, 1].
[[nodiscard]] WorldBounds castSpaceBounds(const CastSpace& space);
// What the pane frames at step `step` (View > Follow the step): the origin, lambda's point, the support and its
// plane's point, the simplex; the whole set when there is no step.
[[nodiscard]] std::optional<WorldBounds> castSpaceFollowBounds(const CastSpace& space, const RecordedCast<Vec2d>& cast, int step);
// The pane's figure at step `step` for --dump-state: the set, the support, the plane (a point and its normal), the
// simplex, lambda's point and the earlier supports drawn faintly.
[[nodiscard]] Json castSpaceJson(const CastSpace& space, const RecordedCast<Vec2d>& cast, int step);

}  // namespace lab
