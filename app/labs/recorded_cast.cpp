// A cast recorded for the continuous-collision labs (recorded_cast.h): recording, steps, their times, their
// narration and the [0, 1] bar, one body for the plane and for space.
//
// [SECTION] Recording
// [SECTION] Steps and their times
// [SECTION] Narration
// [SECTION] The [0, 1] bar
// [SECTION] The bounce after the contact
// [SECTION] Scenes and settings
#include "labs/recorded_cast.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <type_traits>
#include <utility>

#define GLFW_INCLUDE_NONE  // key codes only
#include <GLFW/glfw3.h>
#include <imgui.h>

#include "io/query_json.h"
#include "io/scene.h"
#include "labs/format.h"
#include "labs/narrow_phase_common.h"
#include "labs/trace_to_double.h"
#include "platform/theme.h"
#include "render/shape_drawing.h"
#include "render/shape_drawing3.h"
#include "widgets/value_slider.h"

namespace lab {

namespace {

using collide::CastAlgorithm;
using collide::CastStatus;

template <class V>
constexpr bool kInSpace = collide::kDimension<V> == 3;

// A sweep's quadratic in the half-b form the core solves (collide/cast.h), "a t^2 + 2 (b) t + c = 0", and its
// discriminant b^2 - a c, saying b is half the coefficient of t: beside the b^2 - 4 a c students know, "b^2 - a c"
// alone read as a mistake (newcomer review s29, C2).
template <class Step>
std::string quadraticWords(const Step& s) {
  return formatNumber(s.a) + " t^2 + 2 (" + formatNumber(s.b) + ") t + " + formatNumber(s.c) + " = 0: with b = " +
         formatNumber(s.b) + " (half the coefficient of t), the discriminant is b^2 - a c = " + formatNumber(s.discriminant);
}


// [SECTION] Recording

template <class ColliderT, class V>
RecordedCast<V> record(CastAlgorithm algorithm, const std::array<ColliderT, 2>& shapes,
                       const std::array<collide::Motion<V>, 2>& motions, bool useFloat) {
  RecordedCast<V> out;
  out.algorithm = algorithm;
  for (std::size_t i = 0; i < 2; ++i) {
    std::visit(
        [&out, i](const auto& shape) {
          using T = std::decay_t<decltype(shape)>;
          out.isPoint[i] = std::is_same_v<T, collide::Point<double>> || std::is_same_v<T, collide::Point3<double>>;
          if constexpr (requires { shape.coreRadius(); }) out.coreRadius[i] = static_cast<double>(shape.coreRadius());
          if constexpr (std::is_same_v<T, collide::Circle<double>> || std::is_same_v<T, collide::Sphere<double>>)
            out.coreWords[i] = "its centre";
          else if constexpr (std::is_same_v<T, collide::Capsule<double>> || std::is_same_v<T, collide::Capsule3<double>>)
            out.coreWords[i] = "its segment";
        },
        shapes[i].shape);
  }
  // A turn the time of impact takes (not an aabb's, which no cast takes) is left out of the linear cast.
  out.spinIgnored = algorithm == CastAlgorithm::Linear && (turns(motions[0]) || turns(motions[1])) &&
                    !collide::castRefusal(CastAlgorithm::TimeOfImpact, shapes[0], motions[0], shapes[1], motions[1]);
  out.motions = motions;
  if (out.spinIgnored) out.motions[0].angularVelocity = out.motions[1].angularVelocity = {};
  const auto& cast = out.motions;
  if (const auto refused = collide::castRefusal(algorithm, shapes[0], cast[0], shapes[1], cast[1])) {
    const char* who[] = {"the pair", "A", "B", "A's motion", "B's motion"};
    out.refusal = std::string(who[static_cast<int>(refused->subject)]) + ": " + refused->reason;
  }
  if (useFloat) {
    using Narrow = decltype(V{}.template cast<float>());
    collide::CastRecorder<Narrow> narrow;
    const collide::CastResult<Narrow> narrowResult =
        collide::runCast(algorithm, collide::castCollider<float>(shapes[0]), cast[0].template cast<float>(),
                         collide::castCollider<float>(shapes[1]), cast[1].template cast<float>(), {}, &narrow);
    out.result = toDouble(narrowResult);
    out.trace = toDouble(narrow);
    out.inDouble = collide::runCast(algorithm, shapes[0], cast[0], shapes[1], cast[1]);
    out.floatLine = narrateFloatAgainstDouble(out.result, *out.inDouble, largestInputRounding(shapes),
                                              collide::length(cast[0].velocity - cast[1].velocity));
  } else {
    out.result = collide::runCast(algorithm, shapes[0], cast[0], shapes[1], cast[1], {}, &out.trace);
  }
  if (out.result.status == CastStatus::InvalidInput && out.refusal.empty()) {
    // castRefusal leaves the shapes' own checks to runCast: say which number is at fault, in the scalar that ran
    // (float refuses coordinates past 1e9 that double takes), as the narrow-phase labs do.
    const collide::Refusal why = useFloat ? refusalIn<float>(collide::Algorithm::Distance, shapes[0], shapes[1])
                                          : refusalIn<double>(collide::Algorithm::Distance, shapes[0], shapes[1]);
    out.refusal = why.empty() ? std::string("a motion past the largest coordinate the core takes") : collide::sentence(why);
  }
  out.arrivalGap = collide::arrivalGap(shapes[0], shapes[1]);
  out.inFloat = useFloat;
  out.stoppingGap = useFloat ? static_cast<double>(collide::arrivalGap(collide::castCollider<float>(shapes[0]),
                                                                      collide::castCollider<float>(shapes[1])))
                             : out.arrivalGap;
  out.stoppingTolerance = useFloat ? static_cast<double>(collide::detail::castTolerance<float>({}))
                                   : collide::detail::castTolerance<double>({});
  return out;
}

}  // namespace

RecordedCast<Vec2d> recordCast(CastAlgorithm algorithm, const std::array<Collider, 2>& shapes,
                               const std::array<collide::Motion<Vec2d>, 2>& motions, bool useFloat) {
  return record(algorithm, shapes, motions, useFloat);
}

RecordedCast<Vec3d> recordCast(CastAlgorithm algorithm, const std::array<Collider3, 2>& shapes,
                               const std::array<collide::Motion<Vec3d>, 2>& motions, bool useFloat) {
  return record(algorithm, shapes, motions, useFloat);
}

// [SECTION] Steps and their times

template <class V>
int RecordedCast<V>::stepCount() const {
  std::size_t count = 0;
  switch (algorithm) {
    // A ray records the GJK ray cast's steps, or its closed form's: the slab or clipping planes' intervals, the
    // quadratics of a circle or capsule, or a segment's line crossing (one kind per cast).
    case CastAlgorithm::Ray: count = trace.ray.size() + trace.axes.size() + trace.sweep.size(); break;
    case CastAlgorithm::Linear: count = trace.ray.size(); break;
    case CastAlgorithm::TimeOfImpact: count = trace.advance.size(); break;
    case CastAlgorithm::DynamicSat: count = trace.axes.size(); break;
    case CastAlgorithm::Analytic: count = trace.sweep.size(); break;
  }
  return static_cast<int>(count);
}

template <class V>
double RecordedCast<V>::stepTime(int step) const {
  if (stepCount() == 0) return result.hit ? result.fraction : 1.0;
  const auto index = static_cast<std::size_t>(std::clamp(step, 0, stepCount() - 1));
  switch (algorithm) {
    case CastAlgorithm::Ray:
      if (!trace.axes.empty()) return std::clamp(trace.axes[index].first, 0.0, 1.0);
      if (!trace.sweep.empty()) {
        const double t = trace.sweep[index].t;
        return std::isfinite(t) ? t : (result.hit ? result.fraction : 1.0);
      }
      return trace.ray[index].lambda;
    case CastAlgorithm::Linear: return std::min(trace.ray[index].lambda, 1.0);  // a miss's lambda passes 1
    case CastAlgorithm::TimeOfImpact: return trace.advance[index].time;
    case CastAlgorithm::DynamicSat: return std::clamp(trace.axes[index].first, 0.0, 1.0);
    case CastAlgorithm::Analytic: {
      // A piece met outside itself (an edge's cylinder past the edge's ends) shows the shapes when it is met.
      const auto& s = trace.sweep[index];
      if (std::isfinite(s.t)) return s.t;
      return result.hit ? result.fraction : 1.0;
    }
  }
  return 0;
}

template <class V>
std::string RecordedCast<V>::headline() const {
  if (!refusal.empty()) return "Refused";
  return (result.hit ? "Contact at t = " + formatNumber(result.fraction) : std::string("No contact in [0, 1]")) +
         (spinIgnored ? " (spin ignored)" : "");
}

template <class V>
int RecordedCast<V>::supportRun(int step) const {
  if (algorithm != CastAlgorithm::Linear || step < 0 || step >= static_cast<int>(trace.ray.size())) return 0;
  int run = 1;
  while (step - run >= 0 && trace.ray[static_cast<std::size_t>(step - run)].support == trace.ray[static_cast<std::size_t>(step)].support) ++run;
  return run;
}

// [SECTION] Narration

std::string trianglePieceName(collide::SweepPart part, int index) {
  const auto i = static_cast<std::size_t>(std::clamp(index, 0, 2));
  switch (part) {
    case collide::SweepPart::Edge: return std::string("edge ") + kTriangleCorners[i] + kTriangleCorners[(i + 1) % 3];
    case collide::SweepPart::Vertex: return std::string("vertex ") + kTriangleCorners[i];
    case collide::SweepPart::Sphere: return "the sphere";  // sphere against sphere: no triangle (review s32 A6)
    case collide::SweepPart::Plane: return "the plane";
    default: return "the face";
  }
}

std::string radiusWords(const std::array<double, 2>& radii, bool each) {
  const std::string sum = formatNumber(radii[0] + radii[1]);
  if (radii[0] > 0 && radii[1] > 0) {
    return each ? "A's radius " + formatNumber(radii[0]) + " and B's " + formatNumber(radii[1]) + " (" + sum + " in all)"
                : "the radii " + sum;
  }
  return (radii[0] > 0 ? "A's radius " : "B's radius ") + sum;
}

namespace {
// How a conservative-advancement step ended, as the core's status says it (not the view's rounding gap): the
// narration and the view's label read the same two predicates.
template <class V>
bool arrived(const collide::AdvanceStep<V>& s) {
  return s.last && (s.status == CastStatus::Hit || s.status == CastStatus::Touching);
}
// The bound never closes the gap: n separates the pair for the whole motion (the core's step 0 on a miss).
template <class V>
bool separatesForGood(const collide::AdvanceStep<V>& s) {
  return s.last && s.status == CastStatus::Miss && s.step == 0;
}
}  // namespace

template <class V>
std::string RecordedCast<V>::advanceLabel(int step) const {
  if (trace.advance.empty()) return {};
  const auto& s = trace.advance[static_cast<std::size_t>(std::clamp(step, 0, int(trace.advance.size()) - 1))];
  if (s.distance <= arrivalGap) return "touching";
  const std::string distance = "distance " + formatNumber(s.distance);
  if (arrived(s)) return distance + ", within the tolerance";
  if (separatesForGood(s)) return distance + ", never closes";
  return distance + ", safe step " + formatNumber(s.step);
}

namespace {

// Dynamic SAT's contact: which axis gave the normal and where the point comes from, as cast.h's dynamicSat chooses
// them. The time is the largest entry time, but the normal is an axis the shadows touch along end to end for the
// whole motion when there is one (a slider meeting an edge: bounced along the axis met last it would be thrown back),
// else the axis met last; the point is the middle of the closest points of the shapes placed at the contact. ccd3d_03
// gave the normal (0, 1, 0) beside a lesson of the largest entry time on x, and no step said why (review s34, A9).
template <class V>
std::string dynamicSatChoiceWords(const collide::CastRecorder<V>& trace, const collide::CastResult<V>& result) {
  if (!result.hit || result.status == CastStatus::Overlapping || trace.axes.empty()) return {};
  const double first = trace.axes.back().first;
  int met = -1, along = -1;
  for (std::size_t i = 0; i < trace.axes.size(); ++i) {
    const auto& s = trace.axes[i];
    if (met < 0 && s.tEnter == first) met = static_cast<int>(i);
    if (along < 0 && s.speed == 0 && sameLine(s.axis, result.normal)) along = static_cast<int>(i);
  }
  const std::string t = formatNumber(result.fraction);
  const std::string point = " The point, " + formatVector(result.point) + ", is the middle of the shapes' closest points with both placed at t = " +
                            t + " (GJK distance): one point of where they touch.";
  // Met in motion (a contact at the start has no axis met last).
  const bool inMotion = result.status == CastStatus::Hit && met >= 0 && std::isfinite(first);
  if (inMotion && along >= 0) {
    const auto& m = trace.axes[static_cast<std::size_t>(met)];
    return " How the normal was chosen: the shadows touch end to end on axis " + std::to_string(along + 1) + ", " +
           formatVector(trace.axes[static_cast<std::size_t>(along)].axis) + ", for the whole motion (the motion does not cross it), and first meet on axis " +
           std::to_string(met + 1) + ", " + formatVector(m.axis) + ", at t = " + t + ": " +
           (kInSpace<V> ? "an edge contact" : "a corner contact") +
           ", where either axis is a normal of the contact. Dynamic SAT takes the one they touch along all the time, " +
           formatVector(result.normal) + " from A toward B: along it B slides on, where along the axis met last it would be "
           "thrown back." + point;
  }
  if (inMotion) {
    return " The normal is the axis met last, axis " + std::to_string(met + 1) + ", turned to point from A toward B: " +
           formatVector(result.normal) + "." + point;
  }
  return point;
}

}  // namespace

template <class V>
std::string RecordedCast<V>::narration(int step) const {
  if (!refusal.empty()) return "Refused: " + refusal + ".";
  std::string verdict = std::string(spinIgnored ? "Result of the translations alone (spin ignored): " : "Result: ") +
                        castStatusWords(result.status) +
                        (result.hit ? ", first contact at t = " + formatNumber(result.fraction) : std::string()) + ".";
  if (algorithm == CastAlgorithm::DynamicSat) verdict += dynamicSatChoiceWords(trace, result);
  if (stepCount() == 0) return verdict;
  step = std::clamp(step, 0, stepCount() - 1);
  const auto index = static_cast<std::size_t>(step);
  const bool last = step + 1 == stepCount();
  // A traced distance: "touching" within the cast's arrival gap (rounding, not a gap), else the number.
  const auto gapText = [this](double distance) {
    return distance <= arrivalGap ? std::string("touching") : formatNumber(distance) + " apart";
  };
  std::string text;
  switch (algorithm) {
    case CastAlgorithm::Ray: {
      if (!trace.axes.empty()) {
        // The slab test or clipping: the ray's point against one face plane (or slab) at a time.
        const auto& s = trace.axes[index];
        const bool slab = std::isfinite(s.minA);
        text = (slab ? "Slab " + std::to_string(step + 1) + " along " + formatVector(s.axis) + ": the ray is between its planes for t in ["
                     : "Face plane " + std::to_string(step + 1) + " with normal " + formatVector(s.axis) + ": the ray is on its inner side for t in [") +
               formatNumber(s.tEnter) + ", " + formatNumber(s.tExit) + "]. Clipped by the " + (slab ? "slabs" : "planes") +
               " so far, the ray is inside for t in [" + formatNumber(s.first) + ", " + formatNumber(s.last) + "].";
        if (s.earlyExit) text += " Empty: the ray misses.";
        break;
      }
      if (!trace.sweep.empty() && trace.sweep[index].part == collide::SweepPart::Face) {
        // A segment (a triangle in space): the ray's point against its line (plane): the moving sphere's face,
        // radius 0.
        const auto& s = trace.sweep[index];
        const std::string shape = kInSpace<V> ? "triangle" : "segment";
        const std::string carrier = kInSpace<V> ? "plane" : "line";
        if (s.startDistance == 0 && s.endDistance == 0) {
          text = std::string(kInSpace<V> ? "The ray runs in the triangle's plane: " : "The ray runs along the segment's line: ") +
                 (!s.hit ? std::string("it does not reach the " + shape + " in [0, 1].")
                         : s.t == 0 ? "it starts on the " + shape + " (t = 0)."
                                    : "it reaches the " + shape + "'s nearer " + (kInSpace<V> ? "edge" : "end") + " at t = " +
                                          formatNumber(s.t) + ".");
        } else if (s.startDistance == s.endDistance) {
          text = "The ray runs parallel to the " + shape + "'s " + carrier + ", " + formatNumber(std::abs(s.startDistance)) +
                 " from it: it never crosses it, no hit.";
        } else {
          text = "The ray's point is " + formatNumber(s.startDistance) + " from the " + shape + "'s " + carrier +
                 " at t = 0 and " + formatNumber(s.endDistance) + " at t = 1 (signed distances along its normal)";
          text += !std::isfinite(s.t) ? ": it does not cross the " + carrier + " in [0, 1], no hit."
                                      : ", so it crosses the " + carrier + " at t = " + formatNumber(s.t) +
                                            " (where the distance, changing linearly, reaches 0), " +
                                            (s.hit ? (kInSpace<V> ? "inside the triangle: the hit." : "between the segment's ends: the hit.")
                                                   : (kInSpace<V> ? "outside the triangle: no hit." : "beyond the segment's ends: no hit."));
        }
        break;
      }
      if (!trace.sweep.empty()) {
        // A circle or sphere (or a capsule's side and caps): the quadratic |m + t d|^2 = r^2.
        const auto& s = trace.sweep[index];
        const char* piece = s.part == collide::SweepPart::Edge     ? "the capsule's side"
                            : s.part == collide::SweepPart::Vertex ? "a cap"
                            : kInSpace<V>                          ? "the sphere"
                                                                   : "the circle";
        text = std::string("Against ") + piece + ": " + quadraticWords(s) +
               (s.discriminant >= 0 ? ", roots " + formatNumber(s.root0) + " and " + formatNumber(s.root1) + ". " : ": no real root. ");
        text += s.hit ? "The smaller root in [0, 1] is the hit: t = " + formatNumber(s.t) + "." : "No entry in [0, 1] from this piece.";
        break;
      }
      const auto& s = trace.ray[index];
      // `direction` is what this iteration searched; `v` and the distance are what it left (the next search).
      text = "The support along d = " + formatVector(s.direction) + " is " + formatVector(s.support) + ". ";
      if (s.last && s.status == CastStatus::Miss && !s.advanced) {
        text += "Its plane separates the ray's point from the shape, and the ray does not run toward it: no hit.";
        break;
      }
      text += (s.advanced ? "Its plane separates the ray's point from the shape, so lambda advances to that plane "
                            "(van den Bergen 2004)"
                          : "Its plane does not separate: the support joins the simplex and lambda stays") +
              std::string(". Now at lambda = ") + formatNumber(s.lambda) + " the ray's point is " + formatVector(s.x) + ", " +
              (s.last && s.status == CastStatus::Miss ? std::string("past the ray's end: no hit")
               : s.distance <= arrivalGap             ? std::string("on the shape")
                                                      : formatNumber(s.distance) + " from the shape along v = " +
                                                            formatVector(s.v) + " (the next direction)") +
              ".";
      break;
    }
    case CastAlgorithm::Linear: {
      // The ray from the origin along B's motion relative to A, cast against A - B (van den Bergen 2004).
      const auto& s = trace.ray[index];
      // `direction` is what this iteration searched; `v` is what it left: the next direction, zero once the simplex
      // reaches the ray's point.
      // The loop's supports are the cores' (a circle's centre): the radii enter only as the plane's offset, said
      // with the numbers (review s32 A9: "(3, -0.5)" read as A - B's own support, which is (2.532, -0.324)).
      const double radius = coreRadius[0] + coreRadius[1];
      if (radius > 0) {
        std::string cores;
        for (std::size_t i = 0; i < 2; ++i) {
          if (coreWords[i].empty()) continue;
          cores += std::string(cores.empty() ? "" : ", ") + (i == 0 ? "A" : "B") + "'s core is " + coreWords[i];
        }
        text = "Support point " + std::to_string(s.iteration) + " of the cores' A - B along d = " + formatVector(s.direction) +
               ": " + formatVector(s.support) + (cores.empty() ? std::string() : " (" + cores + ")") + "; " +
               radiusWords(coreRadius, true) + (coreRadius[0] > 0 && coreRadius[1] > 0 ? " are" : " is") +
               " added to the plane's offset, which lies that far beyond it along d (A - B's own support is " +
               formatVector(s.support + radius * collide::normalize(s.direction)) + "). ";
      } else {
        text = "Support point " + std::to_string(s.iteration) + " of A - B along d = " + formatVector(s.direction) + ": " +
               formatVector(s.support) + ". ";
      }
      // lambda is the panel's t: said once, where it first appears.
      if (index == 0) text += "lambda, the ray's parameter, is the time t: the fraction of the motion B has made. ";
      if (s.last && s.status == CastStatus::Miss) {
        // The loop stops before solving the simplex at the new lambda: no closest points or next direction to say
        // (review s32 A8 read a stale "2.054 apart" where they were 4.10 apart).
        text += s.lambda > 1 ? "Its plane keeps B's relative motion out of A - B until lambda = " + formatNumber(s.lambda) +
                                   ", past 1: B's motion ends before it reaches A - B, so there is no contact in [0, 1]."
                             : "Its plane separates, and B's motion relative to A does not run toward it: it never "
                               "reaches A - B, so there is no contact in [0, 1].";
        break;
      }
      text += s.advanced ? "Its plane keeps B's relative motion out of A - B until lambda = " + formatNumber(s.lambda) +
                               ", so B moves there (no contact is possible before it). "
                         : "Its plane does not separate: lambda stays at " + formatNumber(s.lambda) +
                               " and the point joins the simplex (" + std::to_string(s.simplexCount) + " kept). ";
      // The same support again: x moves round the rounded corner about it, and each plane is the corner's tangent a
      // little further round. A ray that grazes the corner (tangent to it: ccd_03) gains less at every step.
      if (const int run = supportRun(step); run > 1 && radius > 0 && s.advanced) {
        const auto& first = trace.ray[static_cast<std::size_t>(step - run + 1)];
        // Tangent: the contact normal is perpendicular to B's motion relative to A (the ray grazes A - B).
        const V relative = motions[1].velocity - motions[0].velocity;
        const bool tangent = result.hit && collide::length(relative) > 0 &&
                             std::abs(collide::dot(result.normal, relative)) <= 1e-6 * collide::length(relative);
        text += "The same support as the " + counted(run - 1, "step", "steps") + " before: on it lambda has crept from " +
                formatNumber(first.lambda) + " to " + formatNumber(s.lambda) + ". Each plane is tangent to the rounded corner " +
                "about this point (an arc of radius " + formatNumber(radius) + ") along the new d, and " +
                (tangent ? std::string("the ray is tangent to that corner (it grazes A - B), so ")
                         : std::string("the ray meets that corner at a shallow angle, so ")) +
                "the plane turns only a little each step and lambda gains less each time: the convergence is slow (linear). ";
      }
      if (s.v == decltype(s.v){}) {
        text += "After it, v is zero: the simplex holds the ray's point at lambda (the shapes touch), so no direction "
                "is left to search. ";
      } else {
        text += "The next direction is v = " + formatVector(s.v) + ", from the simplex's closest point to the ray's. ";
      }
      text += s.distance <= arrivalGap
                  ? "At lambda the simplex so far puts the closest points together (within the tolerance)."
                  : "At lambda the simplex so far puts the closest points " + formatNumber(s.distance) +
                        " apart (an upper bound: each support point that joins can only bring them closer).";
      if (s.last) {
        text += " The gap is within the tolerance: lambda = " + formatNumber(s.lambda) + " is the time of contact t.";
      }
      break;
    }
    case CastAlgorithm::TimeOfImpact: {
      const auto& s = trace.advance[index];
      if (s.last && s.status == CastStatus::Overlapping) {
        text = "At t = 0 the shapes already overlap: there is no time of impact to find.";
        break;
      }
      // Arrived: by the core's own stopping rule (its status), not the view's rounding gap. In float the rule's
      // tolerance is wider: 3.8e-05 apart is a contact there, and read as "the iteration cap" (review s32 A1).
      if (arrived(s)) {
        // The stopping rule with its numbers (the pair's size: the larger half diagonal of the two bounding boxes).
        text = "At t = " + formatNumber(s.time) + " the shapes are " +
               (s.distance <= arrivalGap ? std::string("touching") : formatNumber(s.distance) + " apart") +
               ", within the stopping gap " + formatNumber(stoppingGap) + " (" + formatNumber(stoppingTolerance) +
               " of the pair's size " + formatNumber(stoppingGap / stoppingTolerance) + (inFloat ? ", in float" : "") +
               "): this is the time of impact.";
        break;
      }
      const double closing = std::abs(s.closingSpeed) < 1e-9 * std::max(s.bound, s.turnRate) ? 0.0 : s.closingSpeed;
      const bool separates = separatesForGood(s);
      text = "At t = " + formatNumber(s.time) + " the shapes are " + gapText(s.distance) + " along n = " +
             formatVector(s.normal) + ". Along n their velocities " +
             // A negative closing speed is a separating one: "close at -0.9849" (review s34, A12).
             (closing < 0 ? "separate at " + formatNumber(-closing) : "close at " + formatNumber(closing)) + " per unit time";
      if (separates && closing == 0) text += " (not at all)";
      if (s.turnRate > 0) {
        // The turns' share as the core takes it (cast.h, detail::turnGrowth): a rate and a cap, not Mirtich's |w| r
        // (review s32 A14: "|w| times how far the extent can still grow" gave 7.26 for the 7.5 shown).
        text += "; the turns add at most " + formatNumber(s.turnRate) + " per unit time and " + formatNumber(s.turnCap) +
                " in all (a turning body's extent along n grows no faster than |w| sqrt(r^2 - h^2), and by at most "
                "r - h: r its farthest point from the turn's centre, h its extent along n now)";
      }
      if (separates) {
        // The bound never closes the gap: not "the safe step is 0" (review s32 A2).
        text += ".";
        text += s.turnRate > 0 ? " The turns cannot make up the " + formatNumber(s.distance) + " gap (" +
                                     formatNumber(s.turnCap) + " at most), so n separates them for the whole motion: no contact."
                               : " So n separates them for the whole motion: no contact.";
        break;
      }
      text += ". So the gap cannot close before t + " + formatNumber(s.step) + ": the safe step is " + formatNumber(s.step);
      if (s.turnRate > 0) text += " (a mean closing speed of " + formatNumber(s.bound) + " over it)";
      text += ".";
      // Why the steps crawl near the contact: each safe step covers the gap at the bound's worst-case speed, the pair
      // closes only part of it, and the rest is left for the next step (Mirtich 1996, 2.3; Catto, GDC 2013).
      if (index > 0) {
        const double before = trace.advance[index - 1].distance;
        if (before > s.distance && s.distance > 0) {
          const double left = s.distance / before;
          const auto percent = [](double share) { return std::to_string(std::lround(100.0 * share)) + " %"; };
          text += " Since the step before the gap went from " + formatNumber(before) + " to " + formatNumber(s.distance) +
                  ": the pair closed " + percent(1.0 - left) + " of the gap the bound allowed for";
          text += left > 0.01 ? ", so each step leaves about " + percent(left) +
                                    " of the gap and the steps shrink with it toward the contact (the bound is a worst case)."
                              : ".";
        }
      }
      if (s.last) text += s.status == CastStatus::Miss ? " That is past t = 1: no contact in [0, 1]."
                                                       : " The iteration cap: no contact before this time.";
      break;
    }
    case CastAlgorithm::DynamicSat: {
      const auto& s = trace.axes[index];
      // Whose axis, and whether an earlier one lies on the same line (a box's opposite faces, or in space an edge
      // pair's cross product along a face normal): steps 1 and 3 read word for word alike (review s32 A15).
      using Source = typename collide::SweptAxisStep<V>::Source;
      const char* feature = kInSpace<V> ? "a face" : "an edge";
      // A point is taken as a box of no size: its axes are the frame's (dynamic SAT, cast.h).
      const std::size_t owner = s.source == Source::FaceA ? 0 : 1;
      const std::string from = s.source == Source::EdgePair ? std::string("edge of A x edge of B")
                               : isPoint[owner] ? std::string("an axis of ") + (owner == 0 ? "A" : "B") + ", a point (the frame's axes)"
                                                : std::string(feature) + " normal of " + (owner == 0 ? "A" : "B");
      std::string same;
      for (std::size_t j = 0; j < index && same.empty(); ++j) {
        if (sameLine(trace.axes[j].axis, s.axis)) same = " (the same line as axis " + std::to_string(j + 1) + ")";
      }
      text = "Axis " + std::to_string(step + 1) + ", " + from + same + ", n = " + formatVector(s.axis) + ": " +
             (s.speed == 0 ? std::string("B's shadow keeps its place on it (no motion along n relative to A)")
                           : "B's shadow moves along it at " + formatNumber(s.speed) + " per unit time relative to A's") +
             ", so they overlap for t in [" + formatNumber(s.tEnter) + ", " + formatNumber(s.tExit) + "]. Over the axes so far the overlap can start no earlier than " + formatNumber(s.first) + " and must end by " +
             formatNumber(s.last) + ".";
      if (s.earlyExit) text += " Start after end: this axis separates them for the whole motion (early exit).";
      break;
    }
    case CastAlgorithm::Analytic: {
      const auto& s = trace.sweep[index];
      if (s.part == collide::SweepPart::RelativeMotion) {
        text = "Relative motion: hold B still and move A by its velocity minus B's, so A's centre starts at " +
               formatVector(s.start) + " from B's and moves by " + formatVector(s.motion) + " over [0, 1].";
        break;
      }
      if (s.part == collide::SweepPart::MinkowskiSum) {
        text = "Minkowski sum: give B A's radius as well (" + formatNumber(s.radius) +
               " in all) and shrink A to its centre. The question is now when a moving point comes within " +
               formatNumber(s.radius) + " of B's centre: the dashed " + (kInSpace<V> ? "sphere." : "circle.");
        break;
      }
      constexpr const char* kParts[] = {"relative motion", "Minkowski sum", "the plane", "the sphere", "a face", "an edge", "a vertex"};
      // In space the pieces are a triangle's, named as the view labels them.
      text = "Against " + (kInSpace<V> ? trianglePieceName(s.part, s.index) : std::string(kParts[static_cast<int>(s.part)])) + ": ";
      const bool sentence = s.a != 0 || s.b != 0 || s.c != 0;
      if (sentence && s.a == 0) {
        // No motion across the piece (along an edge's axis, or none at all): the quadratic has no t in it.
        text += "the centre does not move " +
                std::string(s.part == collide::SweepPart::Edge ? "across the edge's axis (it runs along it)" : "relative to it") +
                ", so its distance to it never changes: ";
        text += s.c > 0 ? "it stays outside, no contact with this piece." : "it stays inside.";
        break;
      }
      if (sentence) {
        text += "Solve " + quadraticWords(s) + (s.discriminant >= 0 ? ", roots " + formatNumber(s.root0) + " and " + formatNumber(s.root1) : ", no real root") + ". ";
      }
      // After the quadratic's sentence, or straight after "Against the plane: " (a plane's crossing is linear).
      text += s.hit ? std::string(sentence ? "Contact" : "contact") + " at t = " + formatNumber(s.t) + "."
                    : std::string(sentence ? "No" : "no") + " contact with this piece in [0, 1].";
      // A piece met outside itself (a sphere against a triangle: t set, hit false): an edge's cylinder met past the
      // edge's ends (where a vertex's sphere takes over), or the face's plane met outside the triangle.
      if (!s.hit && s.part == collide::SweepPart::Edge && std::isfinite(s.t)) {
        text += " The cylinder is met at t = " + formatNumber(s.t) +
                ", but past the edge's ends, where a vertex's sphere takes over.";
      }
      if (kInSpace<V> && !s.hit && s.part == collide::SweepPart::Face && std::isfinite(s.t)) {
        text += " The plane is met at t = " + formatNumber(s.t) + ", but outside the face, where its edges take over.";
      }
      break;
    }
  }
  if (last) text += "\n\n" + verdict;
  return text;
}

// [SECTION] The [0, 1] bar

namespace {

template <class V>
void drawTimeBar(const RecordedCast<V>& cast, int step) {
  const float width = ImGui::GetContentRegionAvail().x;
  const float height = ImGui::GetTextLineHeight() * 1.6f;
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImDrawList* list = ImGui::GetWindowDrawList();
  list->AddRectFilled(origin, ImVec2(origin.x + width, origin.y + height), palette::kGridMajor.packed(), 3.0f);
  const auto x = [&](double t) { return origin.x + static_cast<float>(std::clamp(t, 0.0, 1.0)) * width; };
  if (cast.algorithm == CastAlgorithm::TimeOfImpact) {
    for (std::size_t i = 0; i < cast.trace.advance.size(); ++i) {
      const auto& s = cast.trace.advance[i];
      const bool current = static_cast<int>(i) == step;
      if (current) {
        list->AddRectFilled(ImVec2(x(s.time), origin.y + 3), ImVec2(x(s.time + s.step), origin.y + height - 3),
                            palette::kSeparated.withAlpha(0.6f).packed());
      }
      list->AddLine(ImVec2(x(s.time), origin.y), ImVec2(x(s.time), origin.y + height),
                    (current ? palette::kAccent : palette::kText).packed(), current ? 2.5f : 1.0f);
    }
  } else if (cast.algorithm == CastAlgorithm::Linear) {
    // The ray parameter only grows: each support point's plane moves it up, the current one highlighted.
    for (std::size_t i = 0; i < cast.trace.ray.size(); ++i) {
      const double lambda = cast.trace.ray[i].lambda;
      const bool current = static_cast<int>(i) == step;
      list->AddLine(ImVec2(x(lambda), origin.y), ImVec2(x(lambda), origin.y + height),
                    (current ? palette::kAccent : palette::kText).packed(), current ? 2.5f : 1.0f);
    }
  } else {
    const double t = cast.stepTime(step);
    list->AddLine(ImVec2(x(t), origin.y), ImVec2(x(t), origin.y + height), palette::kAccent.packed(), 2.5f);
  }
  if (cast.result.hit) {
    const float at = x(cast.result.fraction);
    list->AddTriangleFilled(ImVec2(at - 5, origin.y + height), ImVec2(at + 5, origin.y + height), ImVec2(at, origin.y + height - 8),
                            palette::kHit.packed());
  }
  ImGui::Dummy(ImVec2(width, height));
  // The bar's two ends, "t = 1" right-aligned under its right end (padding with spaces depends on the font).
  const float left = ImGui::GetCursorPosX();
  ImGui::TextDisabled("t = 0");
  ImGui::SameLine(left + width - ImGui::CalcTextSize("t = 1").x);
  ImGui::TextDisabled("t = 1");
}

template <class V>
void drawNarration(const RecordedCast<V>& cast, int step) {
  markNarration();
  textWrapped("%s", cast.narration(step).c_str());
  markNarrationEnd();
}

}  // namespace

void drawCastTimeBar(const RecordedCast<Vec2d>& cast, int step) { drawTimeBar(cast, step); }
void drawCastTimeBar(const RecordedCast<Vec3d>& cast, int step) { drawTimeBar(cast, step); }
void drawCastNarration(const RecordedCast<Vec2d>& cast, int step) { drawNarration(cast, step); }
void drawCastNarration(const RecordedCast<Vec3d>& cast, int step) { drawNarration(cast, step); }

// [SECTION] The bounce after the contact

namespace {

template <class V>
bool moving(const collide::Motion<V>& motion) {
  return motion.velocity != V{};
}

}  // namespace

template <class V>
Bounce<V> bounceAfter(const std::array<collide::Motion<V>, 2>& motions, V normal, double restitution) {
  const collide::Impact<V> impact = collide::impactResponse(motions[0].velocity, moving(motions[0]) ? 1.0 : 0.0,
                                                            motions[1].velocity, moving(motions[1]) ? 1.0 : 0.0, normal,
                                                            restitution);
  Bounce<V> bounce{motions, {}, false};
  bounce.after[0].velocity = impact.velocityA;
  bounce.after[1].velocity = impact.velocityB;
  const double scale = collide::length(motions[0].velocity) + collide::length(motions[1].velocity);
  bounce.separating = impact.impulse == 0 && collide::dot(motions[0].velocity - motions[1].velocity, normal) <
                                                 -1e-6 * scale * collide::length(normal);
  for (std::size_t i = 0; i < 2; ++i) {
    bounce.bounced[i] = collide::length(bounce.after[i].velocity - motions[i].velocity) >
                        1e-4 * collide::length(motions[i].velocity);
  }
  return bounce;
}

template <class V>
bool spinStillCloses(const Bounce<V>& bounce, V point, V normal, const std::array<V, 2>& centres) {
  if (!turns(bounce.after[0]) && !turns(bounce.after[1])) return false;
  std::array<V, 2> pointVelocity;
  for (std::size_t i = 0; i < 2; ++i) {
    const V r = point - centres[i];
    const auto& w = bounce.after[i].angularVelocity;
    if constexpr (collide::kDimension<V> == 2) {
      pointVelocity[i] = bounce.after[i].velocity + w * V{-r.y, r.x};
    } else {
      pointVelocity[i] = bounce.after[i].velocity + collide::cross(w, r);
    }
  }
  const double closing = collide::dot(pointVelocity[0] - pointVelocity[1], normal);
  const double scale = collide::length(bounce.after[0].velocity) + collide::length(bounce.after[1].velocity);
  return closing > 1e-6 * std::max(scale, 1.0);
}

template <class V>
std::string afterContactText(const std::array<collide::Motion<V>, 2>& motions, const Bounce<V>& bounce, int i,
                             double restitution, bool spinCloses) {
  const auto index = static_cast<std::size_t>(i);
  const bool bothMove = moving(motions[0]) && moving(motions[1]);
  const std::string who = std::string(i == 0 ? "A" : "B") + (bothMove ? " (equal masses)" : "");
  std::string what;
  if (bounce.bounced[index]) {
    what = restitution > 0 ? " bounces (e = " + formatNumber(restitution) + ")"
                           : " stops along the normal and slides on (e = 0)";
  } else {
    // No impulse: the bodies close at no speed along the normal, or already move apart along it.
    what = bounce.separating ? " goes on (the bodies already move apart along the normal)"
                             : " goes on (no speed along the normal)";
  }
  // The impulse acts on the centres only (a point mass): say so where the spin still drives the contact in.
  if (spinCloses) what += "; its spin is left out of this, see the panel";
  else if (turns(motions[index])) what += ", spin kept";
  // The ghost is the body at the end of [0, 1], not at the contact: said, as the poses' names say their time.
  return who + " at t = 1, after the contact:" + what;
}

std::array<std::string, 2> bounceLabels(const std::array<std::string, 2>& texts) {
  const std::string& a = texts[0];
  const std::string& b = texts[1];
  if (a.empty() || b.empty() || a[0] != 'A' || b[0] != 'B' || a.compare(1, std::string::npos, b, 1) != 0) return texts;
  // The verb of one body (afterContactText's words) and of both.
  static constexpr std::pair<const char*, const char*> kVerbs[] = {
      {": bounces (", ": both bounce ("},
      {": stops along the normal and slides on", ": both stop along the normal and slide on"},
      {": goes on (", ": both go on ("}};
  std::string merged = "A and B" + a.substr(1);
  for (const auto& [one, both] : kVerbs) {
    if (const std::size_t at = merged.find(one); at != std::string::npos) {
      merged.replace(at, std::char_traits<char>::length(one), both);
      // A spin note names "its" body: with both, say "their".
      if (const std::size_t its = merged.find("; its spin"); its != std::string::npos) merged.replace(its, 10, "; their spin");
      return {merged, "B after the contact"};
    }
  }
  return texts;
}

template <class V>
void noteBounceDisagreement(RecordedCast<V>& cast, const std::array<collide::Motion<V>, 2>& motions, double restitution) {
  if (!cast.floatLine || cast.result.status != CastStatus::Hit || cast.inDouble->status != CastStatus::Hit) return;
  const Bounce<V> inFloat = bounceAfter(motions, cast.result.normal, restitution);
  const Bounce<V> inDouble = bounceAfter(motions, cast.inDouble->normal, restitution);
  for (std::size_t i = 0; i < 2; ++i) {
    if (!moving(motions[i]) || inFloat.bounced[i] == inDouble.bounced[i]) continue;
    cast.floatLine->text += std::string(" So ") + (i == 0 ? "A" : "B") +
                            (inFloat.bounced[i] ? " bounces in float, where in double it goes on along the contact."
                                                : " goes on along the contact in float, where in double it bounces.");
    if (cast.floatLine->agreement == FloatAgreement::Close) cast.floatLine->agreement = FloatAgreement::FarOff;
  }
}

Collider movedAlong(const Collider& start, const collide::Motion<Vec2d>& motion, double t) {
  Collider moved = start;
  if (collide::isPlaced(moved.shape)) moved.transform = collide::poseAt(start.transform, motion, t);
  else moveShape(moved, t * motion.velocity);
  return moved;
}

Collider3 movedAlong(const Collider3& start, const collide::Motion<Vec3d>& motion, double t) {
  Collider3 moved = start;
  if (auto* aabb = std::get_if<collide::Aabb3<double>>(&moved.shape)) {
    aabb->min = aabb->min + t * motion.velocity;
    aabb->max = aabb->max + t * motion.velocity;
  } else {
    moved.transform = collide::poseAt(start.transform, motion, t);
  }
  return moved;
}

namespace {

template <class C, class V>
std::array<std::optional<BounceGhost<C>>, 2> ghostsOf(const RecordedCast<V>& cast, const std::array<C, 2>& shapes,
                                                      const std::array<collide::Motion<V>, 2>& motions, double restitution) {
  std::array<std::optional<BounceGhost<C>>, 2> ghosts;
  if (!cast.showsBounce()) return ghosts;
  const Bounce<V> bounce = bounceAfter(motions, cast.result.normal, restitution);
  for (std::size_t i = 0; i < 2; ++i) {
    if (motions[i].velocity == V{}) continue;
    const C contact = movedAlong(shapes[i], motions[i], cast.result.fraction);
    ghosts[i] = BounceGhost<C>{contact, movedAlong(contact, bounce.after[i], 1.0 - cast.result.fraction)};
  }
  return ghosts;
}

template <class Bounds, class C, class BoundsOf>
std::optional<Bounds> boundsOfGhosts(const std::array<std::optional<BounceGhost<C>>, 2>& ghosts, BoundsOf boundsOf) {
  Bounds bounds = Bounds::none();
  for (const std::optional<BounceGhost<C>>& ghost : ghosts)
    if (ghost) bounds.include(boundsOf(ghost->after));
  if (bounds.empty()) return std::nullopt;
  return bounds;
}

}  // namespace

std::array<std::optional<BounceGhost<Collider>>, 2> bounceGhosts(const RecordedCast<Vec2d>& cast,
                                                                 const std::array<Collider, 2>& shapes,
                                                                 const std::array<collide::Motion<Vec2d>, 2>& motions,
                                                                 double restitution) {
  return ghostsOf(cast, shapes, motions, restitution);
}

std::array<std::optional<BounceGhost<Collider3>>, 2> bounceGhosts(const RecordedCast<Vec3d>& cast,
                                                                  const std::array<Collider3, 2>& shapes,
                                                                  const std::array<collide::Motion<Vec3d>, 2>& motions,
                                                                  double restitution) {
  return ghostsOf(cast, shapes, motions, restitution);
}

std::optional<WorldBounds> bounceBounds(const std::array<std::optional<BounceGhost<Collider>>, 2>& ghosts) {
  return boundsOfGhosts<WorldBounds>(ghosts, [](const Collider& c) { return shapeBounds(c); });
}

std::optional<WorldBounds3> bounceBounds(const std::array<std::optional<BounceGhost<Collider3>>, 2>& ghosts) {
  return boundsOfGhosts<WorldBounds3>(ghosts, [](const Collider3& c) { return shapeBounds3(c); });
}

bool drawBounceControls(bool spinCloses, double& restitution) {
  if (spinCloses) {
    ImGui::PushStyleColor(ImGuiCol_Text, toImVec4(palette::kWarningText));
    textWrapped("%s", kSpinLeftOut);
    ImGui::PopStyleColor();
  }
  float e = static_cast<float>(restitution);
  const bool changed = valueSliderFloat("Restitution e", &e, 0.0f, 1.0f, "%.2f");
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("How much of the closing speed along the normal comes back after the contact (0: none, 1: all)");
  }
  if (changed) restitution = e;
  return changed;
}

// [SECTION] Scenes and settings

std::optional<CastAlgorithm> castAlgorithmNamed(std::string_view name, std::string& error) {
  const std::optional<CastAlgorithm> algorithm = collide::castAlgorithmFromName(name);
  if (!algorithm) error = "unknown cast \"" + std::string(name) + "\"; expected ray, linear, toi, dynamic-sat or analytic";
  return algorithm;
}

std::optional<CastAlgorithm> castAlgorithmKey(const KeyPress& press, CastAlgorithm current) {
  for (int i = 0; i < static_cast<int>(collide::kCastAlgorithmTable.size()); ++i) {
    if (isPress(press, GLFW_KEY_1 + i) && current != static_cast<CastAlgorithm>(i)) return static_cast<CastAlgorithm>(i);
  }
  return std::nullopt;
}

namespace {

// The shapes of a pair scene in V's space (a scene holds one or the other).
template <class V>
auto& sceneShapes(Scene& scene) {
  if constexpr (kInSpace<V>) return scene.shapes3;
  else return scene.shapes;
}
template <class V>
const auto& sceneShapes(const Scene& scene) {
  if constexpr (kInSpace<V>) return scene.shapes3;
  else return scene.shapes;
}

}  // namespace

template <class C, class V>
bool readCastScene(const Scene& scene, std::array<C, 2>& shapes, std::array<collide::Motion<V>, 2>& motions,
                   CastLabState& state, std::string& error) {
  C a, b;
  if (!scenePair(scene, a, b, error)) return false;
  CastLabState read = state;
  const Json& labState = scene.labState;
  if (!readScalarState(labState, read.useFloat, error)) return false;
  if (const auto it = labState.find("restitution"); it != labState.end()) {
    if (!it->is_number() || !(it->get<double>() >= 0.0 && it->get<double>() <= 1.0)) {
      error = "lab_state.restitution: expected a number from 0 (no bounce) to 1 (elastic), got " + describeJsonValue(*it);
      return false;
    }
    read.restitution = it->get<double>();
  }
  // A scene whose lesson is not tunnelling may hide the discrete frames and the bounce (the two moving spheres:
  // eight overlapping ghosts would bury the quadratic's picture).
  if (const auto it = labState.find("discrete_frames"); it != labState.end()) {
    if (!it->is_boolean()) {
      error = "lab_state.discrete_frames: expected true or false, got " + describeJsonValue(*it);
      return false;
    }
    read.discreteFrames = it->get<bool>();
  }
  shapes = {a, b};
  motions = {};
  for (std::size_t i = 0; i < 2; ++i) {
    if (const auto& motion = sceneShapes<V>(scene)[i].motion) motions[i] = {motion->velocity, motion->angularVelocity};
  }
  state = read;
  return true;
}

template <class C, class V>
void writeCastScene(Scene& scene, const std::array<C, 2>& shapes, const std::array<collide::Motion<V>, 2>& motions,
                    CastAlgorithm algorithm, const CastLabState& state) {
  setScenePair(scene, shapes[0], shapes[1]);
  for (std::size_t i = 0; i < 2; ++i) {
    auto& motion = sceneShapes<V>(scene)[i].motion;
    motion.emplace();
    motion->velocity = motions[i].velocity;
    motion->angularVelocity = motions[i].angularVelocity;
  }
  scene.algorithm = std::string(collide::castAlgorithmInfo(algorithm).name);
  scene.labState = {{"scalar", state.useFloat ? "float" : "double"},
                    {"restitution", state.restitution},
                    {"discrete_frames", state.discreteFrames}};
}

void readCastSettings(const Json& settings, CastAlgorithm& algorithm, bool& useFloat, double* restitution) {
  std::string name(collide::castAlgorithmInfo(algorithm).name);
  readSetting(settings, "algorithm", name);
  if (const std::optional<CastAlgorithm> named = collide::castAlgorithmFromName(name)) algorithm = *named;
  if (restitution != nullptr) {
    readSetting(settings, "restitution", *restitution);
    *restitution = std::clamp(*restitution, 0.0, 1.0);
  }
  std::string scalar = "double";
  readSetting(settings, "scalar", scalar);
  useFloat = scalar == "float";
}

Json castSettingsJson(CastAlgorithm algorithm, bool useFloat, const double* restitution) {
  Json settings = {{"algorithm", collide::castAlgorithmInfo(algorithm).name}, {"scalar", useFloat ? "float" : "double"}};
  if (restitution != nullptr) settings["restitution"] = *restitution;
  return settings;
}

template bool readCastScene(const Scene&, std::array<Collider, 2>&, std::array<collide::Motion<Vec2d>, 2>&, CastLabState&,
                            std::string&);
template bool readCastScene(const Scene&, std::array<Collider3, 2>&, std::array<collide::Motion<Vec3d>, 2>&, CastLabState&,
                            std::string&);
template void writeCastScene(Scene&, const std::array<Collider, 2>&, const std::array<collide::Motion<Vec2d>, 2>&,
                             CastAlgorithm, const CastLabState&);
template void writeCastScene(Scene&, const std::array<Collider3, 2>&, const std::array<collide::Motion<Vec3d>, 2>&,
                             CastAlgorithm, const CastLabState&);

template Bounce<Vec2d> bounceAfter(const std::array<collide::Motion<Vec2d>, 2>&, Vec2d, double);
template Bounce<Vec3d> bounceAfter(const std::array<collide::Motion<Vec3d>, 2>&, Vec3d, double);
template bool spinStillCloses(const Bounce<Vec2d>&, Vec2d, Vec2d, const std::array<Vec2d, 2>&);
template bool spinStillCloses(const Bounce<Vec3d>&, Vec3d, Vec3d, const std::array<Vec3d, 2>&);
template std::string afterContactText(const std::array<collide::Motion<Vec2d>, 2>&, const Bounce<Vec2d>&, int, double, bool);
template std::string afterContactText(const std::array<collide::Motion<Vec3d>, 2>&, const Bounce<Vec3d>&, int, double, bool);
template void noteBounceDisagreement(RecordedCast<Vec2d>&, const std::array<collide::Motion<Vec2d>, 2>&, double);
template void noteBounceDisagreement(RecordedCast<Vec3d>&, const std::array<collide::Motion<Vec3d>, 2>&, double);

template struct RecordedCast<Vec2d>;
template struct RecordedCast<Vec3d>;

}  // namespace lab
