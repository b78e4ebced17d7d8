// app/labs/recorded_cast.h: a cast of collide/cast_query.h recorded for a continuous-collision lab, in the plane
// ("Continuous collision") or in space ("Continuous collision 3D"), and what both labs do with it alike: the
// timeline's steps (one per GJK ray-cast iteration, conservative-advancement iteration, swept axis or sweep
// piece), the time each step shows the shapes at, the step's narration with its numbers, and the [0, 1] bar of
// the panel. The pictures and the motion handles stay in each lab: they are what differs between the dimensions.
#pragma once

#include <algorithm>
#include <array>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "collide/cast_query.h"
#include "lab/vocabulary.h"
#include "labs/narration.h"
#include "render/camera.h"
#include "render/orbit_camera.h"

namespace lab {

struct Scene;

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
  // The core's own arrival gap in the scalar that ran (wider in float) and the tolerance it is relative to, which
  // conservative advancement's last step names: "touching (within the tolerance)" gave no number (review s35, C).
  double stoppingGap = 0;
  double stoppingTolerance = 0;
  bool inFloat = false;
  // The linear cast takes translation only: on a pair that turns, it casts the translations alone (the lesson of
  // ccd_02 and ccd3d_02: its miss), said in the panel and the view, rather than refusing. `motions` is what ran.
  bool spinIgnored = false;
  std::array<bool, 2> isPoint{};  // a point shape: dynamic SAT's axes of it are the frame's, not a face's or an edge's
  // A ray cast's moving point: A when both are points, as the core takes it.
  [[nodiscard]] int rayBody() const { return isPoint[0] ? 0 : 1; }
  // The GJK ray loop's step `step` (clamped to the recorded ones), or null when the cast recorded none: what the A - B
  // panes draw, frame and dump.
  [[nodiscard]] const collide::RayCastStep<V>* rayStep(int step) const {
    if (trace.ray.empty()) return nullptr;
    return &trace.ray[static_cast<std::size_t>(std::clamp(step, 0, static_cast<int>(trace.ray.size()) - 1))];
  }
  // Each shape's rounding about its core (a circle's radius about its centre, a capsule's about its segment; 0 for a
  // polytope) and the core in words ("its centre"): the linear cast's supports are the cores', the radii are added to
  // the plane's offset, and the narration says so (review s32 A9 read the core's support as A - B's).
  std::array<double, 2> coreRadius{};
  std::array<std::string, 2> coreWords;
  // Whether step `step`'s support is the same point as the step before's (a linear cast grazing a rounded corner of
  // A - B: ccd_03's 21 steps of one support), and how many steps in a row, this one included, share it (1: new).
  [[nodiscard]] int supportRun(int step) const;
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
  // Conservative advancement's step `step` as the view labels it beside the closest points: "distance 1.105, safe
  // step 0.1624", "touching", or "distance 2.88, never closes" (the turns cannot make up the gap).
  [[nodiscard]] std::string advanceLabel(int step) const;
  // The Plots window's numbers for this cast (both labs): its iterations, the time of impact, and a contact flag.
  // A miss has no time of impact and a refusal no iterations: left empty (a gap in the line, an empty CSV field),
  // not 1 and 0, which drew a miss and a refused cast as a contact at t = 1 (review s32 A3).
  void frameMetrics(std::vector<FrameMetric>& out) const {
    constexpr double kNone = std::numeric_limits<double>::quiet_NaN();
    out.push_back({"cast_iterations", refusal.empty() ? static_cast<double>(result.iterations) : kNone, "iterations",
                   "cast iterations"});
    out.push_back({"time_of_impact", result.hit ? result.fraction : kNone, "t", "time of impact (t; none on a miss)"});
    out.push_back({"contact", refusal.empty() ? (result.hit ? 1.0 : 0.0) : kNone, "bool", "contact in [0, 1]"});
  }
  // Whether the labs draw a bounce after the contact (bounceAfter below): a contact met in motion, not one the
  // shapes start in, and not a linear cast that left the spin out.
  [[nodiscard]] bool showsBounce() const {
    return result.hit && result.status == collide::CastStatus::Hit && !spinIgnored;
  }
};

// A cast algorithm's name as the labs' menus show it ("toi": "Time of impact (with rotation)"); the name itself
// when it names none.
[[nodiscard]] inline std::string castAlgorithmTitle(std::string_view name) {
  const auto algorithm = collide::castAlgorithmFromName(name);
  return algorithm ? std::string(collide::castAlgorithmInfo(*algorithm).label) : std::string(name);
}

// A cast algorithm by its name ("toi"); nullopt, with `error` saying what names there are, for none (both labs'
// setAlgorithm).
[[nodiscard]] std::optional<collide::CastAlgorithm> castAlgorithmNamed(std::string_view name, std::string& error);
// The cast keys 1 to 5 pick (kCastAlgorithmTable's order) when it is not `current`; nullopt otherwise.
[[nodiscard]] std::optional<collide::CastAlgorithm> castAlgorithmKey(const KeyPress& press, collide::CastAlgorithm current);

// What a continuous lab keeps in a scene's lab_state, both labs alike: the scalar it casts in, the bounce's
// restitution, and whether the discrete frames (with the bounce) are drawn. {"scalar", "restitution",
// "discrete_frames"} in the file.
struct CastLabState {
  bool useFloat = false;
  double restitution = 0.6;
  bool discreteFrames = true;
};
// A continuous lab's scene, either dimension: the pair (scenePair), their motions (a shape with none stands still)
// and lab_state, a field it lacks keeping `state`'s value. False, with `error` naming the field and the value, when
// the scalar is not "double" or "float", the restitution not a number in [0, 1] (it was clamped in silence), or
// discrete_frames not true or false; then nothing is written.
template <class C, class V>
[[nodiscard]] bool readCastScene(const Scene& scene, std::array<C, 2>& shapes, std::array<collide::Motion<V>, 2>& motions,
                                 CastLabState& state, std::string& error);
// The same written: shapes A and B with their motions, the cast's name, lab_state.
template <class C, class V>
void writeCastScene(Scene& scene, const std::array<C, 2>& shapes, const std::array<collide::Motion<V>, 2>& motions,
                    collide::CastAlgorithm algorithm, const CastLabState& state);
// A continuous lab's settings (kept between runs): "algorithm" (a cast's name), "scalar", and "restitution" (clamped
// to [0, 1]) for a lab that keeps it (`restitution` not null: the plane's). A setting missing or malformed leaves
// its value as it is; a missing scalar is double.
void readCastSettings(const Json& settings, collide::CastAlgorithm& algorithm, bool& useFloat, double* restitution);
[[nodiscard]] Json castSettingsJson(collide::CastAlgorithm algorithm, bool useFloat, const double* restitution);

// A moving sphere's pieces of a triangle (the only polytope it takes in space) by the triangle's corners a, b, c,
// as the 3D lab labels them: "the face", "edge ab" (edge i runs from corner i to corner i + 1), "vertex b"; and
// "the sphere" for sphere against sphere.
inline constexpr std::array<const char*, 3> kTriangleCorners = {"a", "b", "c"};
[[nodiscard]] std::string trianglePieceName(collide::SweepPart part, int index);

// Whose rounding the radii of a pair are (A's and B's: RecordedCast::coreRadius), with the number: "A's radius 0.5",
// "B's radius 0.3", or, both rounded, "the radii 0.8" (their sum), or with `each` "A's radius 0.5 and B's 0.3 (0.8
// in all)". The linear cast's narration and its A - B pane say the radius so.
[[nodiscard]] std::string radiusWords(const std::array<double, 2>& radii, bool each = false);

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
// The step's narration, wrapped, marked for the shell to keep in sight (markNarration).
void drawCastNarration(const RecordedCast<collide::Vec2<double>>& cast, int step);
void drawCastNarration(const RecordedCast<collide::Vec3<double>>& cast, int step);

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

// After the cast's contact, the bounce both labs draw: collide::impactResponse with restitution e (Hecker 1997) on
// point masses. A still body is a wall (immovable) and only the other bounces; when both move they have equal
// masses. Velocity along the normal is reflected, and spin is left as it is.
template <class V>
struct Bounce {
  std::array<collide::Motion<V>, 2> after{};  // each body's motion after the contact
  // Whether body i's velocity changes where the numbers can show it ("bounces"; else it goes on along the
  // contact: a grazing cast's normal leans by rounding).
  std::array<bool, 2> bounced{};
  bool separating = false;  // no impulse because the bodies already move apart along the normal
};
template <class V>
[[nodiscard]] Bounce<V> bounceAfter(const std::array<collide::Motion<V>, 2>& motions, V normal, double restitution);
// Whether, after the bounce, the bodies' spin still drives the contact point of one into the other (so a rigid
// body's response, whose impulse acts on its spin too, would differ): each body's velocity at the contact point,
// v + w x r with r from its centre at the contact's time (`centres`), closing along the normal.
template <class V>
[[nodiscard]] bool spinStillCloses(const Bounce<V>& bounce, V point, V normal, const std::array<V, 2>& centres);
// The label beside body i's ghost after the contact, which shows it at t = 1: "B at t = 1, after the contact:
// bounces (e = 0.6)", "A (equal masses) at t = 1, after the contact: goes on (no speed along the normal), spin
// kept", with "; its spin is left out of this, see the panel" when spinCloses.
template <class V>
[[nodiscard]] std::string afterContactText(const std::array<collide::Motion<V>, 2>& motions, const Bounce<V>& bounce,
                                           int i, double restitution, bool spinCloses);
// A body's pose at time t of its motion, as both labs draw it (an aabb only translates).
[[nodiscard]] Collider movedAlong(const Collider& start, const collide::Motion<collide::Vec2<double>>& motion, double t);
[[nodiscard]] Collider3 movedAlong(const Collider3& start, const collide::Motion<collide::Vec3<double>>& motion, double t);
// The discrete frames both labs draw beside the cast, the tunnelling demonstration: the pair at t = k /
// kDiscreteFrames, k = 1 .. kDiscreteFrames, as a fixed-step simulation checks it.
inline constexpr int kDiscreteFrames = 4;
// Which frames the pair meets at (bit k: frame k overlaps or touches) and which it only touches (distance 0, no
// depth), by the plain overlap test: a cast with no motion (Overlapping or Touching at t = 0).
struct DiscreteContacts {
  unsigned overlaps = 0;
  unsigned touches = 0;
};
template <class C, class V>
[[nodiscard]] DiscreteContacts discreteContacts(const std::array<C, 2>& shapes, const std::array<collide::Motion<V>, 2>& motions) {
  DiscreteContacts out;
  for (int k = 1; k <= kDiscreteFrames; ++k) {
    const double t = static_cast<double>(k) / kDiscreteFrames;
    const auto still = collide::runCast(collide::CastAlgorithm::Linear, movedAlong(shapes[0], motions[0], t), collide::Motion<V>{},
                                        movedAlong(shapes[1], motions[1], t), collide::Motion<V>{});
    if (still.status == collide::CastStatus::Overlapping || still.status == collide::CastStatus::Touching) out.overlaps |= 1u << k;
    if (still.status == collide::CastStatus::Touching) out.touches |= 1u << k;
  }
  return out;
}
// Body i's bounce as both labs draw it beside the discrete frames: its pose at the contact and at t = 1 after it.
template <class C>
struct BounceGhost {
  C contact, after;
};
// Each body's ghost; nullopt for a body with none: no contact met in motion (RecordedCast::showsBounce), or a body
// that does not move (a wall). The labs build them once per cast recorded and draw them with the discrete frames.
[[nodiscard]] std::array<std::optional<BounceGhost<Collider>>, 2> bounceGhosts(
    const RecordedCast<collide::Vec2<double>>& cast, const std::array<Collider, 2>& shapes,
    const std::array<collide::Motion<collide::Vec2<double>>, 2>& motions, double restitution);
[[nodiscard]] std::array<std::optional<BounceGhost<Collider3>>, 2> bounceGhosts(
    const RecordedCast<collide::Vec3<double>>& cast, const std::array<Collider3, 2>& shapes,
    const std::array<collide::Motion<collide::Vec3<double>>, 2>& motions, double restitution);
// The ghosts' bounds together: what the lab's view must show (Lab::mustShow, mustShow3: a scene's camera was set
// without them, and ccd3d_06's sphere bounced off the top of the view); nullopt when none is drawn.
[[nodiscard]] std::optional<WorldBounds> bounceBounds(const std::array<std::optional<BounceGhost<Collider>>, 2>& ghosts);
[[nodiscard]] std::optional<WorldBounds3> bounceBounds(const std::array<std::optional<BounceGhost<Collider3>>, 2>& ghosts);
// The bounces' labels as the views draw them, from both bodies' afterContactText: two equal-mass bodies that do the
// same get one sentence on A's ghost ("A and B (equal masses) at t = 1, after the contact: both bounce (e = 0.6)")
// and "B after the contact" on B's, where two near-identical sentences made ccd3d_04 with D on the densest view
// (newcomer review s31). Otherwise the texts as they are.
[[nodiscard]] std::array<std::string, 2> bounceLabels(const std::array<std::string, 2>& texts);
// The same from the ghosts drawn and each body's words: a body with no ghost has no label, so its words never merge
// into the other's (ccd3d_02's still post did, and B's ghost read "B after the contact" alone).
template <class Ghost, class TextOf>
[[nodiscard]] std::array<std::string, 2> bounceLabels(const std::array<std::optional<Ghost>, 2>& ghosts, TextOf textOf) {
  return bounceLabels({ghosts[0] ? textOf(0) : std::string(), ghosts[1] ? textOf(1) : std::string()});
}
// The discrete frames' opacity while the bounce is drawn beside them (both labs): they step back so the bounce, the
// poses and the step lead (ccd3d_04: a dozen outlines of two bodies read as one tangle).
inline constexpr float kFramesBesideBounce = 0.3f;
// Where a bounce's label goes when the view leaves its anchor outside (orbited, zoomed in, or an edit moved the
// bounce): this many pixels inside the view's edge toward it, with a line to it, rather than dropped by the placer.
inline constexpr double kOffViewLabelInset = 24.0;
// The dump's words for where the label is drawn ("bounce_in_view"'s "label").
inline constexpr const char* kLabelAtBounce = "at the bounce";
inline constexpr const char* kLabelAtEdge = "at the view's edge, with a line to the bounce";
// A window pixel moved into `rect` shrunk by `inset` (no further than its middle).
[[nodiscard]] inline Vec2d clampIntoView(Vec2d pixel, const ScreenRect& rect, double inset) {
  const double x = std::min(inset, 0.5 * rect.width), y = std::min(inset, 0.5 * rect.height);
  return {std::clamp(pixel.x, rect.x + x, rect.x + rect.width - x), std::clamp(pixel.y, rect.y + y, rect.y + rect.height - y)};
}
template <class V>
[[nodiscard]] float discreteFramesOpacity(const RecordedCast<V>& cast) {
  return cast.showsBounce() ? kFramesBesideBounce : 1.0f;
}
// The panel's words when spinStillCloses.
inline constexpr const char* kSpinLeftOut =
    "The bounce drawn moves the bodies' centres only (an impulse on point masses): spin is left out of it. Here the "
    "spin still drives the contact point of one body into the other, so a rigid body, whose impulse also acts on "
    "its spin (Hecker 1997), would bounce off where this one goes on.";
// The panel's part of the bounce: kSpinLeftOut in orange when `spinCloses`, and the restitution slider; true when
// the slider changed `restitution` (the lab records again: the float line may change its words).
bool drawBounceControls(bool spinCloses, double& restitution);
// A float cast whose normal bounces a moving body that double's lets go on along the contact (or the reverse): the
// float line says so, since the picture shows float's bounce.
template <class V>
void noteBounceDisagreement(RecordedCast<V>& cast, const std::array<collide::Motion<V>, 2>& motions, double restitution);

// The set a GJK ray loop runs on, for the A - B panes (cast_space_pane.h, cast_space_pane3.h), either dimension: the
// linear cast's pair (B moved by lambda r touches A when lambda r lies in A - B, r = vB - vA; the ray starts at O),
// or a GJK ray's target with a point at the origin (C - {0}: the ray starts at the point shape); nullopt for the
// casts with no such set. `pair` in the scalar the cast ran in; `pointAtOrigin` a point shape placed at the origin.
template <class V>
struct CastRay {
  bool difference = true;  // A - B (the linear cast) or the shape alone (a ray)
  bool refused = false;    // the cast refused the pair: no set to draw, the world view says why
  std::array<double, 2> radii{};  // each set's rounding about its core (the ray's point has none)
  double radius = 0;              // their sum: the set is its cores grown by it
  V origin{}, translation{};      // the ray: origin + lambda translation for lambda in [0, 1]
};
template <class V, class C>
struct CastSet : CastRay<V> {
  std::array<C, 2> set;  // the shapes whose A - B the ray must not enter
};
template <class V, class C>
[[nodiscard]] std::optional<CastSet<V, C>> castSet(const RecordedCast<V>& cast, const std::array<C, 2>& pair, const C& pointAtOrigin) {
  const bool linear = cast.algorithm == collide::CastAlgorithm::Linear;
  if (!linear && !(cast.algorithm == collide::CastAlgorithm::Ray && !cast.trace.ray.empty())) return std::nullopt;
  const auto& motions = cast.motions;
  CastSet<V, C> chosen;
  chosen.difference = linear;
  chosen.refused = !cast.refusal.empty();
  if (linear) {
    chosen.set = pair;
    chosen.radii = cast.coreRadius;
    chosen.translation = motions[1].velocity - motions[0].velocity;
  } else {
    const auto ray = static_cast<std::size_t>(cast.rayBody());
    const std::size_t target = 1 - ray;
    const C& point = pair[ray];
    chosen.origin = std::visit(
        [&point](const auto& shape) -> V {
          if constexpr (requires { shape.position; }) return point.transform.apply(shape.position);
          else return point.transform.p;
        },
        point.shape);
    chosen.set = {pair[target], pointAtOrigin};
    chosen.radii = {cast.coreRadius[target], 0.0};
    chosen.translation = motions[ray].velocity - motions[target].velocity;
  }
  chosen.radius = chosen.radii[0] + chosen.radii[1];
  return chosen;
}

// v along its own length, or `fallback` when it has none (a GJK ray step's d of zero): the A - B panes' one unit
// vector, either dimension.
template <class V>
[[nodiscard]] V unitOr(V v, V fallback) {
  const double n = collide::length(v);
  return n > 0 ? v / n : fallback;
}
// Where GJK ray step s's plane meets the support's normal: the support moved out by the set's radii along d (x when
// d is zero). The A - B panes draw, frame and dump it.
template <class V>
[[nodiscard]] V planePoint(const CastRay<V>& ray, const collide::RayCastStep<V>& s) {
  V x{};
  x.x = 1;
  return s.support + ray.radius * unitOr(s.direction, x);
}

extern template struct RecordedCast<collide::Vec2<double>>;
extern template struct RecordedCast<collide::Vec3<double>>;

}  // namespace lab
