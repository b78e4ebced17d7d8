// app/labs/narration.h: one or two sentences that explain a recorded step, with its numbers (boolean GJK, EPA,
// SAT, GJK distance, the analytic pair tests). Pure functions of the step events of collide/query.h, so the lab,
// the dump for tests and any later lab say the same thing.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "collide/cast.h"
#include "collide/query.h"
#include "collide/query3.h"
#include "collide/sat3_edges.h"
#include "collide/simplex_names.h"
#include "io/shape_json.h"
#include "io/text_io.h"
#include "labs/format.h"

namespace lab {

// Simplex vertices are named by the support they came from, "w0" for the run's first support (simplex_names.h: the
// trace names them the same way).
using collide::simplexSupportIndices;
using collide::supportName;

// Whether two separating axes (not necessarily unit) lie on the same line, either way round, to rounding: a box's
// opposite faces, A's and B's equal faces, an edge pair's cross product along a face normal. The narration then
// says "(the same line as axis 2)", so a repeat is not read as a new test.
template <class V>
[[nodiscard]] bool sameLine(V a, V b) {
  const double lengths = collide::lengthSquared(a) * collide::lengthSquared(b);
  if (!(lengths > 0)) return false;
  double sine2 = 0;
  if constexpr (std::is_same_v<V, collide::Vec3<double>>) sine2 = collide::lengthSquared(collide::cross(a, b));
  else sine2 = std::pow(collide::cross(a, b), 2);
  return sine2 <= 1e-18 * lengths;
}

// Shapes touch (rather than overlap or stand apart) when the depth or distance is within this much of A - B's size:
// rounding in the vertex differences is about 1e-16 of the coordinates, a hull's plane offsets a few times that.
inline constexpr double kTouchingTolerance = 1e-9;

// The size a SAT axis's overlap is rounded against: its shadows' largest coordinate (the core subtracts them).
template <class Step>
[[nodiscard]] double satShadowScale(const Step& step) {
  return std::max({std::abs(step.minA), std::abs(step.maxA), std::abs(step.minB), std::abs(step.maxB)});
}
// A SAT overlap as the labs say it: "0.3161"; "0" when exact; "0 to rounding" within kTouchingTolerance of `scale`
// (3d_02's edge pair gave 1.421e-14 for shadows [-1, 1] and [1, 3], which the printed intervals contradict).
[[nodiscard]] std::string formatSatOverlap(double overlap, double scale);
// An axis whose shadows touch: no gap, and an overlap of 0 to rounding.
template <class Step>
[[nodiscard]] bool satShadowsTouch(const Step& step) {
  return !step.separating && std::abs(step.overlap) <= kTouchingTolerance * satShadowScale(step);
}

// When one shadow lies inside the other, the overlap (how far B must move to separate) is more than the part they
// share: B moves past all of the inner shadow and the outer one's stretch beyond it on the nearer side (07's sliver:
// A's 0.08 inside B's, overlap 0.3161 = 0.08 + 0.2361). Empty when the shadows merely overlap, touch or are apart.
struct SatContainment {
  char inner = 'A', outer = 'B';
  double shared = 0, beyond = 0;
};
template <class Step>
[[nodiscard]] std::optional<SatContainment> satContainment(const Step& step) {
  if (step.separating || satShadowsTouch(step)) return std::nullopt;
  const double shared = std::min(step.maxA, step.maxB) - std::max(step.minA, step.minB);
  const double beyond = step.overlap - shared;
  if (!(beyond > kTouchingTolerance * satShadowScale(step))) return std::nullopt;
  const bool aInside = step.minA >= step.minB && step.maxA <= step.maxB;
  return SatContainment{aInside ? 'A' : 'B', aInside ? 'B' : 'A', shared, beyond};
}
// The narration's words for it: "A's shadow lies inside B's, so separating moves past all of it: the 0.08 they share
// and the 0.2361 of B's beyond it"; "" when there is none.
template <class Step>
[[nodiscard]] std::string satContainedWords(const Step& step) {
  const std::optional<SatContainment> c = satContainment(step);
  if (!c) return {};
  return std::string(1, c->inner) + "'s shadow lies inside " + c->outer + "'s, so separating moves past all of it: the " +
         formatNumber(c->shared) + " they share and the " + formatNumber(c->beyond) + " of " + c->outer + "'s beyond it";
}

// Where a SAT axis comes from, in words: "edge 1 of A", "world x", "centre line".
[[nodiscard]] std::string axisSourceText(collide::AxisSource source, int edge);

// GJK iteration `index` of a run; `algorithm` is Gjk or Epa (boolean GJK, Collision detection notes) or Distance
// (Game engine from scratch 45).
[[nodiscard]] std::string narrateGjkStep(const std::vector<collide::GjkStep<collide::Vec2<double>>>& steps, int index,
                                         collide::Algorithm algorithm);
// EPA's start: from GJK's last simplex to the start polygon, with the directions searched when the simplex had no
// area (Collision detection notes' pitfall) and why.
[[nodiscard]] std::string narrateEpaStart(const collide::EpaStart<double>& start);
// What a lab knows of its pair beyond the trace, for EPA's tie sentence (review s34, A3): whether A and B are the
// same shape at the same place, whether their centroids coincide, and whether EPA ran on rounded shapes' cores
// (then the sentence is about the cores' A - B).
struct EpaPairFacts {
  bool identical = false;
  bool concentric = false;
  bool cores = false;
};
[[nodiscard]] EpaPairFacts epaPairFacts(const collide::Collider<double>& a, const collide::Collider<double>& b);
[[nodiscard]] EpaPairFacts epaPairFacts(const collide::Collider3<double>& a, const collide::Collider3<double>& b);
// A shape's centroid in the world (a polygon's area centroid, a hull's vertices' mean), where GJK's first search
// direction comes from.
[[nodiscard]] collide::Vec2<double> worldCentroid(const collide::Collider<double>& collider);
[[nodiscard]] collide::Vec3<double> worldCentroid(const collide::Collider3<double>& collider);
// GJK's first search direction, said before its first step (review s34, A5): "d = B's centroid - A's centroid =
// (4, 1) - (-4.011, 0) = (8.011, 1) (A's centroid is not its position, (-4, 0))"; when the centroids coincide, A's
// x axis. `d` is the step's direction as traced.
[[nodiscard]] std::string gjkFirstDirectionWords(const collide::Collider<double>& a, const collide::Collider<double>& b,
                                                 collide::Vec2<double> d);
[[nodiscard]] std::string gjkFirstDirectionWords(const collide::Collider3<double>& a, const collide::Collider3<double>& b,
                                                 collide::Vec3<double> d);
// What those words name in the world, for the world views to mark (review s34 C6): both centroids, and whether they
// coincide (then d is A's x axis, not their difference), decided as the words decide it.
template <class V>
struct FirstDirectionMarks {
  V a, b;  // A's and B's centroids
  bool coincide = false;
};
[[nodiscard]] FirstDirectionMarks<collide::Vec2<double>> gjkFirstDirectionMarks(const collide::Collider<double>& a,
                                                                                const collide::Collider<double>& b,
                                                                                collide::Vec2<double> d);
[[nodiscard]] FirstDirectionMarks<collide::Vec3<double>> gjkFirstDirectionMarks(const collide::Collider3<double>& a,
                                                                                const collide::Collider3<double>& b,
                                                                                collide::Vec3<double> d);
// An EPA iteration (Collision detection notes). On the last step, the other directions in which A - B's boundary
// is as near (a tie) are counted from the step's edgeReach, and the pair's case named from `pair`.
[[nodiscard]] std::string narrateEpaStep(const collide::EpaStep<double>& step, const EpaPairFacts& pair = {});
// After EPA's last step on rounded shapes' cores: the cores' depth plus the radii is the shapes' depth ("" when
// neither shape is rounded), so the result's number follows from the step's.
[[nodiscard]] std::string roundedDepthWords(double coreDepth, double radii);
// GJK distance's last step on rounded shapes: |v| is the cores' distance, and the radii come off it (" That is the
// cores' distance: less the radii rA + rB = 0.5, the shapes are 0.8465 - 0.5 = 0.3465 apart."); "" without radii.
[[nodiscard]] std::string roundedDistanceWords(double coreDistance, double radii);
// GJK + EPA on rounded shapes whose cores stay apart: the depth is the radii less the cores' distance, no EPA
// (" The cores are 0.5526 apart, less than rA + rB = 0.6: the depth is 0.04743 without EPA ..."); "" without radii.
[[nodiscard]] std::string roundedDepthWithoutEpaWords(double coreDistance, double radii);
// A SAT axis: both shadows, the overlap or gap, the smallest overlap so far.
[[nodiscard]] std::string narrateSatStep(const std::vector<collide::SatAxisStep<double>>& sat, int index);
// A SAT run no axis separated (labs/narrow_phase_common.h's SatResult step): the winning axis `best` (an index into
// `sat`) and its overlap against the runner-up's (-1: none; the best axis not parallel to the winner), naming the
// winner's parallel `twin` (-1: none) as the same line, then the minimum translation.
[[nodiscard]] std::string narrateSatAnswer(const std::vector<collide::SatAxisStep<double>>& sat, int best, int runnerUp,
                                           const collide::QueryResult<double>& result, int twin = -1);
// What an analytic test's step decides, in one phrase: the quantity, the threshold and the verdict, naming the edge
// or region ("distance to edge 3 = 1.18 > radius 1: the circle does not reach this edge"). `a` and `b` are the
// pair the step ran on (the circle's radius and the other shape's size are the thresholds).
[[nodiscard]] std::string analyticDecision(const collide::AnalyticStep<double>& step, const collide::Collider<double>& a,
                                           const collide::Collider<double>& b);
// The number a step list row shows for that step, as the decision says it: "1.118 < R + r = 2.3", "t = 0.4" (a row
// showed the signed margin -1.182 beside a narration saying 1.118 < 2.3).
[[nodiscard]] std::string analyticFigure(const collide::AnalyticStep<double>& step, const collide::Collider<double>& a,
                                         const collide::Collider<double>& b);
// An analytic test's numbered step (Shape intersection tests): its question, then analyticDecision.
[[nodiscard]] std::string narrateAnalyticStep(const collide::AnalyticStep<double>& step, const collide::Collider<double>& a,
                                              const collide::Collider<double>& b);
// The outcome in one sentence: "Hit: depth 0.5 along (1, 0)." / "No hit: distance 1.25." / the refusal.
[[nodiscard]] std::string narrateResult(const collide::QueryResult<double>& result);
// The input number float's rounding moves most, and by how much (largestInputRounding below finds it): the usual reason a
// float run far from the origin differs. `text` reads "B's position y 100000.3, stored as 100000.297 (float's step
// there: 0.0078)"; empty when nothing moves.
struct InputRounding {
  std::string text;
  double shift = 0;
};

// The number of the pair that float's rounding moves most, over every number a scene file would write for the two
// shapes (the labs' float line, and `query --scalar float`'s warning): "B's position y 100000.3, stored as 100000.297 (float's step there: 0.0078)".
template <class Collider>
[[nodiscard]] InputRounding largestInputRounding(const std::array<Collider, 2>& shapes) {
  InputRounding best;
  const auto visit = [&best](const auto& self, const Json& value, const std::string& name, const char* shape) -> void {
    if (value.is_number()) {
      const double written = value.get<double>();
      const auto stored = static_cast<float>(written);
      const double shift = std::abs(static_cast<double>(stored) - written);
      if (std::isfinite(shift) && shift > best.shift) {
        const float step = std::nextafter(std::abs(stored), std::numeric_limits<float>::infinity()) - std::abs(stored);
        best = {std::string(shape) + "'s " + name + " " + formatWith("%.10g", written) + ", stored as " +
                    formatWith("%.9g", static_cast<double>(stored)) + " (float's step there: " +
                    formatWith("%.2g", static_cast<double>(step)) + ")",
                shift};
      }
    } else if (value.is_array()) {
      // Short arrays of numbers are vectors (a quaternion is w, x, y, z); longer ones are lists.
      const bool vector = value.size() <= 4 && std::all_of(value.begin(), value.end(), [](const Json& v) { return v.is_number(); });
      const char* axes = value.size() == 4 ? "wxyz" : "xyz";
      for (std::size_t i = 0; i < value.size(); ++i)
        self(self, value[i], vector ? name + " " + axes[i] : name + " " + std::to_string(i), shape);
    } else if (value.is_object()) {
      for (auto it = value.begin(); it != value.end(); ++it) self(self, *it, it.key(), shape);
    }
  };
  for (std::size_t i = 0; i < 2; ++i) visit(visit, colliderToJson(shapes[i]), "", i == 0 ? "A" : "B");
  return best;
}

// The warning `query`, `trace` and `cast` give when reading the pair moves an input by more than the smaller
// shape's size, so the answer is for another pair (review s31, C3): the text read as doubles (near 1e18 a double's
// step is 128), and in float every number rounded once more (largestInputRounding). Empty when nothing moves that
// far; two points have no size to compare with.
template <collide::Scalar S, class Collider>
[[nodiscard]] std::string inputRoundingWarning(std::string_view text, const Collider& a, const Collider& b) {
  double size = std::numeric_limits<double>::infinity();
  for (const Collider* shape : {&a, &b}) {
    const auto box = collide::bounds(*shape);
    double extent = 0;
    for (std::size_t k = 0; k < box.min.size(); ++k) extent = std::max(extent, box.max[k] - box.min[k]);
    if (extent > 0) size = std::min(size, extent);
  }
  const DecimalRounding read = largestDecimalRounding(text);
  InputRounding moved;
  std::string scalar = "double";
  std::string remedy = "move the pair near the origin: a double keeps about 16 significant digits";
  if (read.shift > 0) {
    const double step = std::nextafter(std::abs(read.stored), std::numeric_limits<double>::infinity()) - std::abs(read.stored);
    moved = {read.field + " " + read.written + ", stored as " + formatWith("%.17g", read.stored) + " (double's step there: " +
                 formatWith("%.2g", step) + ")",
             read.shift};
  }
  if constexpr (std::is_same_v<S, float>) {
    if (InputRounding rounded = largestInputRounding(std::array<Collider, 2>{a, b}); rounded.shift > moved.shift) {
      moved = std::move(rounded);
      scalar = "float";
      remedy = "--scalar double keeps the input";
    }
  }
  if (!(moved.shift > size)) return {};
  return scalar + "'s rounding moves " + moved.text + ", by " + formatWith("%.2g", moved.shift) +
         ": more than the smaller shape's size (" + formatWith("%.3g", size) + "), so " + scalar +
         " answers for a different pair (" + remedy + ")";
}


// A float run beside the same query in double, as one line under the float result: "In double: depth 2.00000012;
// float's is off by 1.2e-07 (relative 6e-08); the normals differ by 0.002 degrees." A changed verdict is said first.
// `agreement` picks its colour: grey while float is close, amber when it is off by 0.1 % or its normal by 0.1 degree
// (a thousand times float's rounding), the warning red when the verdict changes. Empty text when both were refused.
enum class FloatAgreement { Close, FarOff, VerdictDiffers };
[[nodiscard]] std::string_view floatAgreementName(FloatAgreement agreement);  // "close", "far_off", "verdict_differs"
struct FloatLine {
  std::string text;
  FloatAgreement agreement = FloatAgreement::Close;
};
[[nodiscard]] FloatLine narrateFloatAgainstDouble(const collide::QueryResult<double>& floatRun,
                                                  const collide::QueryResult<double>& doubleRun,
                                                  const InputRounding& rounding = {});

// The same in space (the 3D lab): GJK's tetrahedron, EPA's polytope with its horizon, SAT's face and edge x edge
// axes (and SAT lite's false hits), the sphere tests.
[[nodiscard]] std::string narrateGjkStep(const std::vector<collide::GjkStep<collide::Vec3<double>>>& steps, int index,
                                         collide::Algorithm algorithm);
// EPA's start in space; `simplexNames` are GJK's names for the start simplex's vertices (simplexSupportIndicesAfter
// on GJK's last step; -1: unnamed), for a support found again ("the support along (0, 0.866, 0.5) is w0 again").
[[nodiscard]] std::string narrateEpaStart(const collide::EpaStart3<double>& start,
                                          const collide::SupportNames& simplexNames = {-1, -1, -1, -1});
[[nodiscard]] std::string narrateEpaStep(const collide::EpaStep3<double>& step, const EpaPairFacts& pair = {});
// SAT's candidate `index` of `sat` (a whole run). A projected axis is counted among the axes projected, as the
// result's "axes tested" counts ("Tested axis 12 of 168 (axis 200 of 6188 candidates)"); a pruned candidate says why
// it was skipped.
// With the pair's `shapes`, an edge-pair axis names its two edges with their local axes and world directions
// (satEdgePairWords).
[[nodiscard]] std::string narrateSatStep(const std::vector<collide::SatAxisStep3<double>>& sat, int index,
                                         const std::array<collide::Collider3<double>, 2>* shapes = nullptr);
// The two edges an edge-pair step crosses (collide::satEdge), in the world: of a box's 4 edges along the axis the
// step names, the one facing the other box. nullopt for another step or a shape SAT does not take.
[[nodiscard]] std::optional<std::array<collide::SatEdge3<double>, 2>> satStepEdges(const collide::SatAxisStep3<double>& step,
                                                                                   const std::array<collide::Collider3<double>, 2>& shapes);
// "edge 0 of A (its local x, now (0.7071, 0.7071, 0)) x edge 1 of B (its local y, now (0, 0.7071, 0.7071))": the
// words "edge 0 of A x edge 1 of B" alone could not be checked without the shapes' numbering (review s34, A8). A hull's
// edge names its vertices and its local direction.
[[nodiscard]] std::string satEdgePairWords(const collide::SatAxisStep3<double>& step,
                                           const std::array<collide::Collider3<double>, 2>& shapes);
// A run of consecutive pruned candidates `first` .. `last` of `sat`, one step of the timeline (the Gauss map rules
// out most edge pairs of two hulls: 6,000 steps of "skipped" between 168 tested axes).
[[nodiscard]] std::string narrateSatPrunedRun(const std::vector<collide::SatAxisStep3<double>>& sat, int first, int last);
[[nodiscard]] std::string narrateSatAnswer(const std::vector<collide::SatAxisStep3<double>>& sat, int best, int runnerUp,
                                           const collide::QueryResult3<double>& result, int twin = -1,
                                           const std::array<collide::Collider3<double>, 2>* shapes = nullptr);
// How the words and the views' labels name SAT's candidate `axisIndex` of the run `sat`: "axis 7" when every
// candidate was projected; else by its number among the projected ones, "tested axis 12", as the step's headline
// counts ("Tested axis 12 of 168 (axis 200 of 6188 candidates)"): a label "next: axis 3162" beside a headline
// counting 168 read as two numberings. The plane's runs prune nothing: "axis N" there.
[[nodiscard]] std::string satAxisName(const std::vector<collide::SatAxisStep<double>>& sat, int axisIndex);
[[nodiscard]] std::string satAxisName(const std::vector<collide::SatAxisStep3<double>>& sat, int axisIndex);
// The sphere tests' steps the same way as the plane's: the question, then the quantity against its threshold.
[[nodiscard]] std::string analyticDecision(const collide::AnalyticStep3<double>& step, const collide::Collider3<double>& a,
                                           const collide::Collider3<double>& b);
[[nodiscard]] std::string analyticFigure(const collide::AnalyticStep3<double>& step, const collide::Collider3<double>& a,
                                         const collide::Collider3<double>& b);
[[nodiscard]] std::string narrateAnalyticStep(const collide::AnalyticStep3<double>& step, const collide::Collider3<double>& a,
                                              const collide::Collider3<double>& b);
[[nodiscard]] std::string narrateResult(const collide::QueryResult3<double>& result);
[[nodiscard]] FloatLine narrateFloatAgainstDouble(const collide::QueryResult3<double>& floatRun,
                                                  const collide::QueryResult3<double>& doubleRun,
                                                  const InputRounding& rounding = {});
// A cast's status in words: "hit", "touching at the start", "no hit in [0, 1]", ...
[[nodiscard]] std::string castStatusWords(collide::CastStatus status);
// The same for a cast (the continuous labs, in the plane and in space): the status, then the time of first contact and the normal. Where float
// is far off, it says why: both casts stop within 1000 epsilons of the pair's size, which in float is 1.2e-4 of it.
// `relativeSpeed` (|vA - vB|) turns the input's rounding, a length, into time; 0 leaves it unsaid.
[[nodiscard]] FloatLine narrateFloatAgainstDouble(const collide::CastResult<collide::Vec2<double>>& floatRun,
                                                  const collide::CastResult<collide::Vec2<double>>& doubleRun,
                                                  const InputRounding& rounding = {}, double relativeSpeed = 0);
[[nodiscard]] FloatLine narrateFloatAgainstDouble(const collide::CastResult<collide::Vec3<double>>& floatRun,
                                                  const collide::CastResult<collide::Vec3<double>>& doubleRun,
                                                  const InputRounding& rounding = {}, double relativeSpeed = 0);

}  // namespace lab
