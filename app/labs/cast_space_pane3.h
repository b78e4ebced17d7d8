// app/labs/cast_space_pane3.h: the Continuous collision 3D lab's second pane, the space counterpart of
// cast_space_pane.h, for the casts whose loop runs on one fixed set, the GJK ray cast (van den Bergen 2004): the
// linear cast's A - B, where B's motion relative to A is a ray from the origin O, and a ray's shape alone. The pane
// draws the set (rounded by the radii, with the cores' set inside when they differ: the supports are the cores'),
// the ray over lambda in [0, 1] with the step's lambda, the step's support and its plane (a square patch through
// the support moved out by the radii along d), the simplex kept, v, and the earlier steps' supports faintly.
// Not for the time of impact, dynamic SAT or the closed forms: cast_space_pane.h says why.
#pragma once

#include <array>
#include <optional>

#include "lab/vocabulary.h"
#include "labs/narrow_phase3_lab.h"
#include "labs/recorded_cast.h"

namespace lab {

class Renderer3D;

struct CastSpace3 : CastRay<Vec3d> {  // the ray, the radii and the set's kind (labs/recorded_cast.h)
  MinkowskiHull3 whole;  // the set the ray must not enter (grown by the radii)
  MinkowskiHull3 cores;  // the cores' set, when the radii are not 0 (else empty: `whole` is the cores')
};

// The pane's set for the lab's cast: the linear cast always, a ray when it ran the GJK ray cast (the target has
// no closed form); nullopt for the other casts. `shapes` as the lab holds them; a float run's set is built from
// them rounded through float (pairInScalar), as the run saw them.
[[nodiscard]] std::optional<CastSpace3> castSpace3(const RecordedCast<Vec3d>& cast, const std::array<Collider3, 2>& shapes,
                                                   bool useFloat);
// Draws the set, the ray and step `step` (the lab's view 1).
void drawCastSpace3(Renderer3D& renderer, const CastSpace3& space, const RecordedCast<Vec3d>& cast, int step);
// What View > Fit frames: the set, the origin and the ray's [0, 1].
[[nodiscard]] WorldBounds3 castSpaceBounds3(const CastSpace3& space);
// What the pane frames at step `step` (View > Follow the step): the origin, lambda's point, the support, its plane's
// point and the simplex, with room about them.
[[nodiscard]] std::optional<WorldBounds3> castSpaceFollowBounds3(const CastSpace3& space, const RecordedCast<Vec3d>& cast,
                                                                 int step);
// The direction the pane looks along when fitted (Lab::fitDirection3; `current` its direction then): across the ray,
// so the ray shows at full length from any world view, and of those the one that sees the steps' planes nearest
// edge-on, tipped kPaneTilt along them so each patch keeps some area (lookAcross). Per cast, not per
// step: a view that turned at every step lost the student's bearings. nullopt for a refused cast or a ray of no length.
[[nodiscard]] std::optional<Vec3d> castSpaceDirection3(const CastSpace3& space, const RecordedCast<Vec3d>& cast, Vec3d current);
// Whether two sets hold the same cast for the pane (its ray and its set): the pane turns again only when not.
[[nodiscard]] bool sameCastSpace3(const CastSpace3& a, const CastSpace3& b);
// The pane's figure at step `step` for --dump-state.
[[nodiscard]] Json castSpaceJson3(const CastSpace3& space, const RecordedCast<Vec3d>& cast, int step);

}  // namespace lab
