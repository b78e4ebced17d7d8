// app/labs/recorded_cast.h: a cast of collide/cast_query.h recorded for a continuous-collision lab, in the plane
// ("Continuous collision") or in space ("Continuous collision 3D"), and what both labs do with it alike: the
// timeline's steps (one per GJK ray-cast iteration, conservative-advancement iteration, swept axis or sweep
// piece), the time each step shows the shapes at, the step's narration with its numbers, and the [0, 1] bar of
// the panel. The pictures and the motion handles stay in each lab: they are what differs between the dimensions.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "collide/cast_query.h"
#include "lab/vocabulary.h"
#include "labs/narration.h"

namespace lab {

template <class V>
struct RecordedCast {
  using Motion = collide::Motion<V>;

  collide::CastAlgorithm algorithm = collide::CastAlgorithm::TimeOfImpact;
  collide::CastResult<V> result;
  collide::CastRecorder<V> trace;  // a float run widened to double (trace_to_double.h)
  std::optional<collide::CastResult<V>> inDouble;  // a float run: the same cast in double (the float line's)
  std::optional<FloatLine> floatLine;
  std::string refusal;  // "B's motion: ..." when the algorithm refuses the pair; empty otherwise
  double arrivalGap = 0;  // a traced distance at or below it is the contact (rounding, not a gap)
  // The linear cast takes translation only: on a pair that turns, it casts the translations alone (the lesson of
  // ccd_02 and ccd3d_02: its miss), said in the panel and the view, rather than refusing. `motions` is what ran.
  bool spinIgnored = false;
  std::array<Motion, 2> motions{};

  // The timeline's steps: a ray's GJK iterations or its closed form's (slabs, clipping planes, quadratics, a line
  // or plane crossing: one kind per cast), the linear cast's iterations, conservative advancement's, dynamic
  // SAT's axes, the moving-sphere test's pieces.
  [[nodiscard]] int stepCount() const;
  // The time step `step` shows the shapes at (the contact, or t = 1, when there is no step).
  [[nodiscard]] double stepTime(int step) const;
  // What step `step` computed and why, with its numbers; the last step ends with the verdict.
  [[nodiscard]] std::string narration(int step) const;
  // "Contact at t = 0.46", "No contact in [0, 1]" (with " (spin ignored)"), or "Refused".
  [[nodiscard]] std::string headline() const;
};

// A cast algorithm's name as the labs' menus show it ("toi": "Time of impact (with rotation)"); the name itself
// when it names none.
[[nodiscard]] inline std::string castAlgorithmTitle(std::string_view name) {
  const auto algorithm = collide::castAlgorithmFromName(name);
  return algorithm ? std::string(collide::castAlgorithmInfo(*algorithm).label) : std::string(name);
}

// Whether a motion turns (an angular velocity other than zero).
[[nodiscard]] inline bool turns(const collide::Motion<collide::Vec2<double>>& motion) { return motion.angularVelocity != 0; }
[[nodiscard]] inline bool turns(const collide::Motion<collide::Vec3<double>>& motion) {
  return motion.angularVelocity != collide::Vec3<double>{};
}

// Runs `algorithm` on the pair with its motions, in float (widened, with what double answers) or double, with the
// refusal in words naming the shape, motion or number at fault.
[[nodiscard]] RecordedCast<collide::Vec2<double>> recordCast(collide::CastAlgorithm algorithm,
                                                             const std::array<Collider, 2>& shapes,
                                                             const std::array<collide::Motion<collide::Vec2<double>>, 2>& motions,
                                                             bool useFloat);
[[nodiscard]] RecordedCast<collide::Vec3<double>> recordCast(collide::CastAlgorithm algorithm,
                                                             const std::array<Collider3, 2>& shapes,
                                                             const std::array<collide::Motion<collide::Vec3<double>>, 2>& motions,
                                                             bool useFloat);

// [0, 1] as a bar in the panel: each iteration's time (or ray parameter) as a tick, the current step's safe
// advance highlighted, the contact as a red mark, "t = 0" and "t = 1" under its ends.
void drawCastTimeBar(const RecordedCast<collide::Vec2<double>>& cast, int step);
void drawCastTimeBar(const RecordedCast<collide::Vec3<double>>& cast, int step);

// The result's words under the headline: the status, then the count ("hit; 4 iterations", "a closed form in 3 steps");
// empty for a refused cast (nothing ran to count).
template <class V>
[[nodiscard]] std::string castCountWords(const RecordedCast<V>& cast) {
  if (!cast.refusal.empty()) return {};
  const std::string_view counts = collide::castAlgorithmInfo(cast.algorithm).counts;  // empty for a closed form
  // A ray against a box, hull, sphere, capsule or triangle is a closed form too (slabs, planes, quadratics): no
  // iteration to count (its "0 iterations" read as if nothing ran).
  const bool closedForm = counts.empty() || (cast.algorithm == collide::CastAlgorithm::Ray && cast.trace.ray.empty());
  return castStatusWords(cast.result.status) + "; " +
         (closedForm ? "a closed form in " + counted(cast.stepCount(), "step", "steps")
                         : counted(cast.result.iterations, counts == "axes" ? "axis" : "iteration", counts));
}

extern template struct RecordedCast<collide::Vec2<double>>;
extern template struct RecordedCast<collide::Vec3<double>>;

}  // namespace lab
