// app/labs/narrow_phase_common.h: what the narrow-phase labs of the plane and of space share: the timeline's list
// of a recorded run's steps, and the numbers a lab records each frame (the plot panel's columns, the same names in
// both, so one recording format serves them), and the step tables of support points. Also the float mode they share
// with the continuous lab: the scalar choice, lab_state.scalar, recording in float, and the line saying what double
// answers.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <imgui.h>

#include "collide/query.h"
#include "collide/query3.h"
#include "collide/sat3.h"
#include "io/query_json.h"
#include "io/shape_json.h"
#include "lab/lab.h"
#include "lab/vocabulary.h"
#include "labs/format.h"
#include "labs/narration.h"
#include "labs/trace_to_double.h"
#include "platform/theme.h"
#include "render/renderer2d.h"
#include "widgets/step_list.h"
#include "widgets/wrapped_text.h"

namespace lab {

// One entry of the timeline: which recorded list of a QueryTrace (or QueryTrace3), which event in it.
// EpaStart: the start polygon or polytope. SatResult: the answer of a SAT run no axis separated, after its last axis
// (the last axis tested is rarely the answer); its index is the winning axis's step in `sat`.
// A Sat entry with `last` >= 0 is a run of consecutive pruned candidates, index .. last, folded into one step: two
// hulls have thousands of edge pairs the Gauss map rules out, with nothing to draw, between the axes projected.
struct TraceStepRef {
  enum class Kind { Gjk, EpaStart, Epa, Sat, SatResult, Analytic } kind;
  int index;
  int last = -1;
};

// GJK's first step, whose words say d = B's centroid - A's centroid (gjkFirstDirectionWords): the centroids both labs'
// world views mark, with d between them (review s34 C6; centroid_marks); none on the other steps or a refused run.
template <class Trace, class Shapes>
[[nodiscard]] auto firstStepCentroids(const Trace& trace, const std::vector<TraceStepRef>& steps, int step, const Shapes& shapes)
    -> std::optional<decltype(gjkFirstDirectionMarks(shapes[0], shapes[1], trace.gjk.front().direction))> {
  if (!trace.result.ok || steps.empty() || trace.gjk.empty()) return std::nullopt;
  const TraceStepRef& ref = steps[static_cast<std::size_t>(std::clamp(step, 0, static_cast<int>(steps.size()) - 1))];
  if (ref.kind != TraceStepRef::Kind::Gjk || ref.index != 0) return std::nullopt;
  return gjkFirstDirectionMarks(shapes[0], shapes[1], trace.gjk.front().direction);
}

// Whether SAT skipped this candidate without projecting (in space: the Gauss map pruned it; the plane prunes none).
template <class Step>
[[nodiscard]] bool satPruned(const Step& step) {
  if constexpr (requires { step.pruned; }) return step.pruned;
  else return false;
}

// A SAT run's answer when no axis separates: the minimum-overlap axis's step, the runner-up's (the next smallest
// overlap among the axes projected that are not parallel to the answer's), and the answer's parallel twin (-1 when
// there is none): SAT tests every edge normal, as Box2D does, so a polygon's parallel edges (or A's and B's equal
// face normals in space) give the same line twice with the same overlap, and a runner-up taken from them would be
// the answer reversed.
struct SatAnswer {
  int best = -1;
  int runnerUp = -1;
  int twin = -1;
};

template <class Step>
[[nodiscard]] SatAnswer satAnswer(const std::vector<Step>& sat) {
  SatAnswer answer;
  if (sat.empty() || sat.back().separating) return answer;
  for (int i = 0; i < static_cast<int>(sat.size()); ++i)
    if (sat[static_cast<std::size_t>(i)].axisIndex == sat.back().bestAxisIndex) answer.best = i;
  if (answer.best < 0) return answer;
  const auto& winner = sat[static_cast<std::size_t>(answer.best)];
  for (int i = 0; i < static_cast<int>(sat.size()); ++i) {
    const Step& step = sat[static_cast<std::size_t>(i)];
    if (satPruned(step) || i == answer.best) continue;
    // Unit axes: parallel within about a microradian (rounding of the normals), either way round.
    if (std::abs(collide::dot(step.axis, winner.axis)) > 1.0 - 1e-12) {
      if (answer.twin < 0) answer.twin = i;
      continue;
    }
    if (answer.runnerUp < 0 || step.overlap < sat[static_cast<std::size_t>(answer.runnerUp)].overlap) answer.runnerUp = i;
  }
  return answer;
}

// The answer for a lab's state dump: the winning axis and the runner-up, numbered from 1 as the views number them.
template <class Step>
[[nodiscard]] Json satAnswerJson(const std::vector<Step>& sat) {
  const SatAnswer answer = satAnswer(sat);
  const auto axisJson = [&](int i) {
    if (i < 0) return Json(nullptr);
    const Step& axis = sat[static_cast<std::size_t>(i)];
    return Json{{"axis", axis.axisIndex + 1}, {"overlap", axis.overlap}};
  };
  return {{"best", axisJson(answer.best)}, {"runner_up", axisJson(answer.runnerUp)}, {"twin", axisJson(answer.twin)}};
}

// Where the step (its header, narration and table) lay in the side panel on the last frame drawn, in screen pixels,
// with the bottom of the panel's window: the state dump's "step_block", so a test can see that the step shows
// without scrolling the panel at a UI scale (the SAT answer's table was below the fold at 150 %).
// Also its right edge as far as a table reached (reach()) against the panel's: 3d_10's vertex table ran z past it.
struct PanelBlock {
  float top = 0;
  float bottom = 0;
  float panelBottom = 0;
  float right = 0;
  float panelRight = 0;

  void begin() {
    top = ImGui::GetCursorScreenPos().y;
    right = ImGui::GetCursorScreenPos().x;
    panelRight = right + ImGui::GetContentRegionAvail().x;
  }
  void reach(float x) { right = std::max(right, x); }
  void end() {
    bottom = ImGui::GetCursorScreenPos().y - ImGui::GetStyle().ItemSpacing.y;
    panelBottom = ImGui::GetWindowPos().y + ImGui::GetWindowHeight();
  }
  [[nodiscard]] Json json() const {
    return {{"top", top}, {"bottom", bottom}, {"panel_bottom", panelBottom}, {"right", right}, {"panel_right", panelRight}};
  }
};

// Every step of a recorded run in the order the algorithms ran: GJK, then EPA (its start polygon or polytope a step
// of its own); or SAT, with its answer a step of its own when no axis separates; or the analytic test.
template <class Trace>
[[nodiscard]] std::vector<TraceStepRef> traceSteps(const Trace& trace) {
  using Kind = TraceStepRef::Kind;
  std::vector<TraceStepRef> steps;
  for (int i = 0; i < static_cast<int>(trace.gjk.size()); ++i) steps.push_back({Kind::Gjk, i});
  for (int i = 0; i < static_cast<int>(trace.epaStart.size()); ++i) steps.push_back({Kind::EpaStart, i});
  for (int i = 0; i < static_cast<int>(trace.epa.size()); ++i) steps.push_back({Kind::Epa, i});
  const int candidates = static_cast<int>(trace.sat.size());
  for (int i = 0; i < candidates; ++i) {
    if (!satPruned(trace.sat[static_cast<std::size_t>(i)])) {
      steps.push_back({Kind::Sat, i});
      continue;
    }
    int last = i;
    while (last + 1 < candidates && satPruned(trace.sat[static_cast<std::size_t>(last + 1)])) ++last;
    steps.push_back({Kind::Sat, i, last});
    i = last;
  }
  if (const SatAnswer answer = satAnswer(trace.sat); answer.best >= 0) steps.push_back({Kind::SatResult, answer.best});
  for (int i = 0; i < static_cast<int>(trace.analytic.size()); ++i) steps.push_back({Kind::Analytic, i});
  return steps;
}

// The kinds of step a SAT run's timeline jumps between (Lab::stepKinds): each axis projected, each that set a new
// smallest overlap, the separating one, and (in space) the runs of pruned edge pairs. None for other algorithms.
template <class Trace>
[[nodiscard]] std::vector<StepKind> satStepKinds(const Trace& trace, const std::vector<TraceStepRef>& steps) {
  if (trace.sat.empty()) return {};
  StepKind tested{"tested axis", {}, {}}, best{"new best", {}, {}}, separating{"separating axis", {}, {}}, pruned{"pruned run", {}, {}};
  for (int s = 0; s < static_cast<int>(steps.size()); ++s) {
    const TraceStepRef& ref = steps[static_cast<std::size_t>(s)];
    if (ref.kind != TraceStepRef::Kind::Sat) continue;
    const auto& step = trace.sat[static_cast<std::size_t>(ref.index)];
    if (satPruned(step)) {
      pruned.steps.push_back(s);
      continue;
    }
    tested.steps.push_back(s);
    if (step.separating) separating.steps.push_back(s);
    else if (step.bestAxisIndex == step.axisIndex) best.steps.push_back(s);
  }
  if (separating.steps.empty()) separating.absent = "no axis separates A and B: they overlap on every axis";
  std::vector<StepKind> kinds{std::move(tested), std::move(best), std::move(separating)};
  if (!pruned.steps.empty()) kinds.push_back(std::move(pruned));
  return kinds;
}

// Where a SAT axis comes from, short enough for a step list row: "edge 2 of A", "face 1 of B", "edges 3 x 0".
template <class Step>
[[nodiscard]] std::string satAxisOrigin(const Step& step) {
  if constexpr (requires { step.indexA; }) {
    switch (step.source) {
      case collide::AxisSource3::FaceOfA: return "face " + std::to_string(step.indexA) + " of A";
      case collide::AxisSource3::FaceOfB: return "face " + std::to_string(step.indexB) + " of B";
      case collide::AxisSource3::EdgePair: return "edges " + std::to_string(step.indexA) + " x " + std::to_string(step.indexB);
    }
    return "axis " + std::to_string(step.axisIndex + 1);
  } else {
    return axisSourceText(step.source, step.edge);
  }
}

// The step list's rows (widgets/step_list.h) for a run of either dimension: the phase of each step and one line of
// what it found. EPA's start is marked "EPA start": the polygon or polytope GJK's simplex grew into. An analytic
// step's number is analyticFigure's, which needs the pair (`shapes`, the colliders A and B); without them the row
// has the question and the verdict only.
template <class Trace, class Shapes = std::nullptr_t>
[[nodiscard]] std::vector<StepListEntry> stepListEntries(const Trace& trace, const std::vector<TraceStepRef>& steps,
                                                         const Shapes& shapes = nullptr) {
  using Kind = TraceStepRef::Kind;
  std::vector<StepListEntry> out;
  out.reserve(steps.size());
  std::string distanceShown;  // the last GJK row's |v| as written
  for (const TraceStepRef& ref : steps) {
    const auto i = static_cast<std::size_t>(ref.index);
    switch (ref.kind) {
      case Kind::Gjk: {
        const auto& step = trace.gjk[i];
        // As many digits as show the step's progress over the one before (a curve converges in the 5th digit).
        distanceShown = i == 0 ? formatNumber(step.distance) : formatApart(step.distance, trace.gjk[i - 1].distance, distanceShown);
        // Boolean GJK's last step when apart leaves no simplex: "simplex of 0, |v| = 0" would read as a hit.
        std::string summary = step.stop == collide::GjkStop::Separated
                                  ? "support short of the origin: apart"
                                  : "simplex of " + std::to_string(step.simplexAfter.count) + ", |v| = " + distanceShown;
        out.push_back({"GJK", std::move(summary)});
        break;
      }
      case Kind::EpaStart: {
        const auto& start = trace.epaStart[i];
        // Short enough for the side panel's width: "polytope of 5 vertices, 4 from GJK".
        std::string summary;
        if constexpr (requires { start.polygon; }) summary = "polygon of " + std::to_string(start.polygon.size());
        else summary = "polytope of " + std::to_string(start.vertices.size());
        summary += " vertices, " + std::to_string(start.simplex.count) + " from GJK";
        out.push_back({"EPA start", std::move(summary)});
        break;
      }
      case Kind::Epa: {
        out.push_back({"EPA", "gap " + formatNumber(trace.epa[i].gap)});
        break;
      }
      case Kind::Sat: {
        const auto& step = trace.sat[i];
        std::string summary = satAxisOrigin(step) + ": ";
        if (ref.last > ref.index) {
          out.push_back({"SAT axes", "candidates " + std::to_string(step.axisIndex + 1) + " to " +
                                         std::to_string(trace.sat[static_cast<std::size_t>(ref.last)].axisIndex + 1) + ": " +
                                         std::to_string(ref.last - ref.index + 1) + " edge pairs pruned"});
          break;
        }
        if (satPruned(step)) {
          out.push_back({"SAT axes", summary + "pruned"});
          break;
        }
        if (step.separating) summary += "gap " + formatNumber(-step.overlap) + ", separating";
        else if (satShadowsTouch(step)) summary += "touching (" + formatSatOverlap(step.overlap, satShadowScale(step)) + ")";
        else summary += "overlap " + formatNumber(step.overlap);
        out.push_back({"SAT axes", std::move(summary)});
        break;
      }
      case Kind::SatResult: {
        const auto& step = trace.sat[i];
        out.push_back({"SAT result", satAxisOrigin(step) + ": smallest overlap " + formatSatOverlap(step.overlap, satShadowScale(step)) + " (" +
                                         satAxisName(trace.sat, step.axisIndex) + ")"});
        break;
      }
      case Kind::Analytic: {
        const auto& step = trace.analytic[i];
        // The title without its "2. " (the list numbers the steps), the number compared and, last, the verdict.
        std::string_view title = step.title;
        if (const std::size_t dot = title.find(". "); dot != std::string_view::npos && dot < 4) title.remove_prefix(dot + 2);
        std::string summary(title);
        if constexpr (requires { step.edge; }) {
          if (step.edge >= 0) summary += " (edge " + std::to_string(step.edge) + ")";
        }
        if constexpr (!std::is_same_v<Shapes, std::nullptr_t>) summary += " " + analyticFigure(step, shapes[0], shapes[1]);
        if (step.decided) summary += step.hit ? ", hit" : ", apart";
        out.push_back({"Analytic test", std::move(summary)});
        break;
      }
    }
  }
  return out;
}

// Whether a GJK + EPA run ended apart, so EPA never ran: its stop is "none", and GJK's is the one to show.
template <class Result>
[[nodiscard]] bool endedBeforeEpa(const Result& r) {
  return r.gjkIterations && !(r.hit && r.iterations);
}

// Why a recorded run's GJK stopped (its last step's stop); nullopt without GJK steps.
template <class Trace>
[[nodiscard]] std::optional<collide::GjkStop> lastGjkStop(const Trace& trace) {
  if (trace.gjk.empty()) return std::nullopt;
  return trace.gjk.back().stop;
}

// Why the run stopped, for the step list's last line: the status and the stop reason; GJK's, named so, when GJK +
// EPA ended apart (`gjkStop`: lastGjkStop): "converged (none)" read as a missing value (review s34, A12).
template <class Result>
[[nodiscard]] std::string stopLine(const Result& r, std::optional<collide::GjkStop> gjkStop = std::nullopt) {
  if (!r.ok) return "refused";
  std::string text = r.status ? std::string(collide::statusName(*r.status)) : std::string(r.hit ? "hit" : "no hit");
  if (endedBeforeEpa(r)) {
    if (gjkStop) text += " (GJK: " + std::string(collide::stopName(*gjkStop)) + ")";
  } else if (!r.stopReason.empty()) {
    text += " (" + std::string(r.stopReason) + ")";
  }
  return text;
}

template <class Vector>
void appendQueryMetrics(collide::Algorithm algorithm, const collide::QueryResultOf<Vector>& r, double queryMicros,
                        std::vector<FrameMetric>& out) {
  using collide::Algorithm;
  const double iterations = r.iterations ? *r.iterations : 0;
  switch (algorithm) {
    case Algorithm::Gjk: out.push_back({"gjk_iterations", iterations, "iterations", "GJK iterations"}); break;
    case Algorithm::Distance:
      out.push_back({"distance_iterations", iterations, "iterations", "GJK distance iterations"});
      break;
    case Algorithm::Epa:
      out.push_back({"gjk_iterations", r.gjkIterations ? double(*r.gjkIterations) : 0.0, "iterations", "GJK iterations"});
      out.push_back({"epa_iterations", iterations, "iterations", "EPA iterations"});
      break;
    case Algorithm::Sat:
    case Algorithm::SatLite: out.push_back({"sat_axes", iterations, "axes", "SAT axes tested"}); break;
    case Algorithm::Analytic: break;
  }
  out.push_back({"query_time", queryMicros, "us", "query time (\u00b5s)"});
  out.push_back({"hit", r.ok && r.hit ? 1.0 : 0.0, "bool", "hit"});
}

// A scene's lab_state.scalar, "double" or "float", into `useFloat` (left as it is when absent).
// False with the message naming the field for anything else.
[[nodiscard]] inline bool readScalarState(const Json& state, bool& useFloat, std::string& error) {
  const auto it = state.find("scalar");
  if (it == state.end()) return true;
  if (!it->is_string() || (*it != "double" && *it != "float")) {
    error = "lab_state.scalar: expected \"double\" or \"float\", got " + describeJsonValue(*it);
    return false;
  }
  useFloat = *it == "float";
  return true;
}

// A narrow-phase lab's scene, either dimension: shapes A and B, the algorithm, lab_state.scalar (readScalarState
// reads it back; the step is the shell's, LabShell::saveScene).
template <class Collider>
void writePairScene(Scene& scene, const std::array<Collider, 2>& shapes, collide::Algorithm algorithm, bool useFloat) {
  setScenePair(scene, shapes[0], shapes[1]);
  scene.algorithm = std::string(collide::algorithmName(algorithm));
  scene.labState = {{"scalar", useFloat ? "float" : "double"}};
}

// A query algorithm of `dimension` (2 or 3) by its name ("epa"); nullopt, with `error` listing that dimension's
// names, for none (sat-lite runs in space only).
[[nodiscard]] inline std::optional<collide::Algorithm> queryAlgorithmNamed(std::string_view name, int dimension, std::string& error) {
  const std::optional<collide::Algorithm> algorithm = collide::parseAlgorithm(name);
  if (algorithm && collide::runsIn(*algorithm, dimension)) return algorithm;
  error = std::string("unknown ") + (dimension == 3 ? "3D " : "") + "algorithm \"" + std::string(name) + "\"; expected one of " +
          collide::algorithmNameList(false, dimension);
  return std::nullopt;
}
// A narrow-phase lab's settings (kept between runs): "algorithm", one of `dimension`'s, and "scalar". A setting
// missing or malformed keeps the algorithm; a missing scalar is double.
inline void readPairSettings(const Json& settings, int dimension, collide::Algorithm& algorithm, bool& useFloat) {
  std::string ignored;
  if (const auto found = settings.find("algorithm"); found != settings.end() && found->is_string()) {
    if (const auto named = queryAlgorithmNamed(found->get<std::string>(), dimension, ignored)) algorithm = *named;
  }
  std::string scalar = "double";
  readSetting(settings, "scalar", scalar);
  useFloat = scalar == "float";
}
[[nodiscard]] inline Json pairSettingsJson(collide::Algorithm algorithm, bool useFloat) {
  return {{"algorithm", collide::algorithmName(algorithm)}, {"scalar", useFloat ? "float" : "double"}};
}

// A run's result in a narrow-phase lab's state dump ("result"), either dimension: every field, null when the
// algorithm gives none; in space also whether SAT lite's face axes were fooled.
template <class V>
[[nodiscard]] Json queryResultStateJson(const collide::QueryResultOf<V>& r) {
  const auto vector = [](const std::optional<V>& v) {
    if (!v) return Json(nullptr);
    if constexpr (collide::kDimension<V> == 3) return Json{v->x, v->y, v->z};
    else return Json{v->x, v->y};
  };
  const auto number = [](const std::optional<double>& value) { return value ? Json(*value) : Json(nullptr); };
  Json out = {{"ok", r.ok},
              {"error", r.error},
              {"hit", r.hit},
              {"distance", number(r.distance)},
              {"separation", number(r.separation)},
              {"depth", number(r.depth)},
              {"normal", vector(r.normal)},
              {"point_a", vector(r.pointA)},
              {"point_b", vector(r.pointB)},
              {"iterations", r.iterations ? Json(*r.iterations) : Json(nullptr)},
              {"status", r.status ? Json(std::string(collide::statusName(*r.status))) : Json(nullptr)},
              {"stop_reason", std::string(r.stopReason)}};
  if constexpr (collide::kDimension<V> == 3) out["face_axes_fooled"] = r.faceAxesFooled ? Json(*r.faceAxesFooled) : Json(nullptr);
  return out;
}

// The pair as the core sees it in the lab's scalar: in float each shape rounded through float, so a view built from
// it agrees with a float run (near 1e6 the rounding moves a shape by up to 0.03, enough to turn a gap into a touch).
// A shape float cannot hold (past its 1e9) stays as it is: the float run refuses it and says why.
template <class Collider>
[[nodiscard]] std::array<Collider, 2> pairInScalar(const std::array<Collider, 2>& shapes, bool useFloat) {
  if (!useFloat) return shapes;
  std::array<Collider, 2> rounded = shapes;
  for (std::size_t i = 0; i < 2; ++i) {
    const auto narrow = collide::castCollider<float>(shapes[i]);
    if (collide::isValid(narrow).ok()) rounded[i] = collide::castCollider<double>(narrow);
  }
  return rounded;
}

// A - B of two placed shapes (world frame), as the narrow-phase lab's pane and the continuous lab's draw it: the hull
// of every vertex difference when both are polytopes (or, with `core`, both cores are: a circle's centre, a capsule's
// segment), else the hull of 256 support points support(A, d) - support(B, -d). Polygons of up to two points are
// a segment or a point.
[[nodiscard]] std::vector<Vec2d> minkowskiHull(const std::array<Collider, 2>& shapes, bool core);
// A message across the top of a view (a refusal, the answer), below the pane title and wrapped to the view's width:
// the renderer's caption, which the labels and the grid's numbers keep out of.
void banner(Renderer2D& renderer, const std::string& text, Color color);
// A hull as minkowskiHull returns it: filled and stroked, a segment as a thick line, a point as a dot.
void drawPolygonOrDegenerate(Renderer2D& renderer, const std::vector<Vec2d>& points, Color fill, Color stroke,
                             const LineStyle& style);

// The unrecorded query's mean time in the lab's scalar, for the plots (runQuery is compiled in the core library,
// so the repeated calls are not optimised away).
template <class Collider>
[[nodiscard]] double queryMicroseconds(collide::Algorithm algorithm, const std::array<Collider, 2>& shapes, bool useFloat) {
  if (!useFloat) return meanMicroseconds([&] { static_cast<void>(collide::runQuery<double>(algorithm, shapes[0], shapes[1])); });
  const auto a = collide::castCollider<float>(shapes[0]);
  const auto b = collide::castCollider<float>(shapes[1]);
  return meanMicroseconds([&] { static_cast<void>(collide::runQuery<float>(algorithm, a, b)); });
}

// "ALGORITHM" and the menu of `algorithms` (a dimension's, collide::kAlgorithmsIn), the same in the plane's lab and in
// space's. True when the choice changed.
template <std::size_t N>
[[nodiscard]] bool drawAlgorithmChoice(const std::array<collide::Algorithm, N>& algorithms, collide::Algorithm& algorithm) {
  ImGui::TextDisabled("ALGORITHM");
  const char* labels[N];
  int current = 0;
  for (std::size_t i = 0; i < N; ++i) {
    labels[i] = collide::algorithmInfo(algorithms[i]).label.data();  // string literals: each ends in a NUL
    if (algorithms[i] == algorithm) current = static_cast<int>(i);
  }
  ImGui::SetNextItemWidth(-1.0f);
  if (!ImGui::Combo("##algorithm", &current, labels, static_cast<int>(N))) return false;
  const collide::Algorithm picked = algorithms[static_cast<std::size_t>(current)];
  const bool changed = picked != algorithm;
  algorithm = picked;
  return changed;
}

// The step's heading, "STEP n OF N" ("STEP" for a run that records no step), and its narration in the step's
// colour: the same in the plane's lab and in space's (the 3D lab had the words with no heading). `step` from 0.
// Marks the narration's start for the shell (markNarration).
inline void drawStepHeading(int step, int count, const std::string& narration) {
  if (count > 0) {
    ImGui::TextDisabled("STEP %d OF %d", step + 1, count);
  } else {
    ImGui::TextDisabled("STEP");
  }
  markNarration();
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.96f, 0.92f, 0.75f, 1.0f));
  textWrapped("%s", narration.c_str());
  ImGui::PopStyleColor();
  markNarrationEnd();
}

// "Scalar  (o) double  ( ) float": which scalar a lab runs the core in (float is what most engines use). True when
// the choice changed.
[[nodiscard]] inline bool drawScalarChoice(bool& useFloat) {
  const bool before = useFloat;
  ImGui::TextUnformatted("Scalar");
  ImGui::SameLine();
  if (ImGui::RadioButton("double", !useFloat)) useFloat = false;
  ImGui::SameLine();
  if (ImGui::RadioButton("float", useFloat)) useFloat = true;
  return useFloat != before;
}

// "Preset: the classic cases": a combo of a lab's presets (each with a `name`). The index picked this frame, or -1.
template <class Preset>
[[nodiscard]] int drawPresetChoice(const std::vector<Preset>& presets, int current) {
  int picked = -1;
  ImGui::SetNextItemWidth(-1.0f);
  if (ImGui::BeginCombo("##preset", current >= 0 ? presets[static_cast<std::size_t>(current)].name : "Preset: the classic cases")) {
    for (int i = 0; i < static_cast<int>(presets.size()); ++i)
      if (ImGui::Selectable(presets[static_cast<std::size_t>(i)].name, i == current)) picked = i;
    ImGui::EndCombo();
  }
  return picked;
}

// One measure of the result (distance, gap or depth) as every place that repeats it writes it: formatNumber's 4
// significant digits. With 6 the block wrote "9.99999e-05" beside the words' and the labels' "0.0001", one number read
// two ways (review s32); the double in full is on hover, for comparing with an engine's.
inline void drawResultMeasure(const char* label, double value) {
  ImGui::Text("%-12s%s", label, formatNumber(value).c_str());
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s %s in full (the lab writes 4 significant digits everywhere)", label, formatWith("%.17g", value).c_str());
}

// The result of the whole run, the same block in the plane and in space: the verdict, the measure (distance, gap or
// depth) and normal, the witness points a programmer compares with their own engine's, the counts (EPA's after
// GJK's), the status and the stop; a refusal in red. Numbers as the words write them (drawResultMeasure), vectors as
// formatVector. `gjkStop`: why the run's GJK stopped (its last step's), the stop shown when GJK + EPA ends apart,
// where EPA's own is "none" (it never ran) and "stop none" beside "status converged" read as a missing value
// (review s34, A12).
template <class V>
void drawQueryResult(const collide::QueryResultOf<V>& r, std::optional<collide::GjkStop> gjkStop = std::nullopt) {
  ImGui::TextDisabled("RESULT");
  if (!r.ok) {
    ImGui::PushStyleColor(ImGuiCol_Text, toImVec4(palette::kErrorText));
    textWrapped("Refused: %s", r.error.c_str());
    ImGui::PopStyleColor();
    return;
  }
  const Color verdict = r.hit ? palette::kHit : palette::kSeparated;
  ImGui::TextColored(toImVec4(verdict), "%s", r.hit ? "HIT" : "NO HIT");
  if (r.faceAxesFooled.value_or(false)) ImGui::TextColored(toImVec4(palette::kFalsePositive), "a false hit: an edge x edge axis separates them");
  if (r.distance) drawResultMeasure("distance", *r.distance);
  if (r.separation) drawResultMeasure("gap", *r.separation);
  if (r.depth) drawResultMeasure("depth", *r.depth);
  // formatVector: near 1e6 a point keeps its whole part ("%.5g" wrote every coordinate there as "1e+06"). The witness
  // points to four digits of the distance or depth between them, so that far from the origin (scene 08, at x =
  // 100000) two points 0.3 apart, and float's error in them, read apart.
  if (r.normal) ImGui::Text("normal      %s", formatVector(*r.normal).c_str());
  const double measure = r.distance ? *r.distance : r.depth ? *r.depth : r.separation ? *r.separation : 0.0;
  const double resolution = measure > 0 ? std::pow(10.0, std::floor(std::log10(measure)) - 3) : 1e-4;
  if (r.pointA) ImGui::Text("point on A  %s", formatVector(*r.pointA, resolution).c_str());
  if (r.pointB) ImGui::Text("point on B  %s", formatVector(*r.pointB, resolution).c_str());
  const bool noEpa = endedBeforeEpa(r);
  if (r.gjkIterations) {
    // EPA after GJK: both counts; EPA's alone read "0 iterations" beside a timeline of GJK steps when apart.
    ImGui::Text("GJK iters   %d", *r.gjkIterations);
    if (!noEpa) ImGui::Text("EPA iters   %d", *r.iterations);
    else ImGui::TextDisabled("no EPA: the shapes are apart");
  } else if (r.iterations) {
    const std::string_view counts = collide::algorithmInfo(r.algorithm).counts;  // "iterations" or "axes"
    ImGui::Text("%s  %d", counts == "axes" ? "axes tested" : "iterations ", *r.iterations);
  }
  if (r.status) ImGui::Text("status      %s", std::string(collide::statusName(*r.status)).c_str());
  if (noEpa && gjkStop) ImGui::Text("GJK stop    %s", std::string(collide::stopName(*gjkStop)).c_str());
  else if (!r.stopReason.empty() && !noEpa) ImGui::Text("stop        %s", std::string(r.stopReason).c_str());
}

// The run's cost under its result: "query 1.23 us (double), record 4.5 us". A refused pair ran nothing: no time to
// give (the microseconds were the refusal's own checks) and no steps (review s31, A18: "query 82.73 us" for a refusal).
template <class V>
void drawQueryTiming(const collide::QueryResultOf<V>& r, double queryMicros, bool useFloat, double recordMicros) {
  if (!r.ok) {
    ImGui::TextDisabled("refused: no query ran, so no time and no steps");
    return;
  }
  ImGui::TextDisabled("query %.2f us (%s), record %.1f us", queryMicros, useFloat ? "float" : "double", recordMicros);
}

// A float run's line under its result (narration.h's FloatLine): what the same query answers in double,
// with the input float moves most when that explains it. Worked out once per recording; a double run has none.
template <class Result, class Collider>
[[nodiscard]] FloatLine floatLine(const Result& floatRun, const Result& doubleRun, const std::array<Collider, 2>& shapes) {
  return narrateFloatAgainstDouble(floatRun, doubleRun, largestInputRounding(shapes));
}

inline void drawFloatLine(const std::optional<FloatLine>& line) {
  if (!line) return;
  ImGui::PushStyleColor(ImGuiCol_Text, line->agreement == FloatAgreement::VerdictDiffers ? toImVec4(palette::kErrorText)
                                       : line->agreement == FloatAgreement::FarOff
                                           ? toImVec4(palette::kWarningText)
                                           : ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  textWrapped("%s", line->text.c_str());
  ImGui::PopStyleColor();
}

// The same for a lab's state dump: {"text", "agreement": "close" | "far_off" | "verdict_differs"}, or null for a
// double run.
[[nodiscard]] inline Json floatLineJson(const std::optional<FloatLine>& line) {
  if (!line) return nullptr;
  return {{"text", line->text}, {"agreement", floatAgreementName(line->agreement)}};
}

// A query algorithm's menu label for its name ("epa": "GJK + EPA"); the name itself when it is none.
[[nodiscard]] inline std::string queryAlgorithmTitle(std::string_view name) {
  const std::optional<collide::Algorithm> algorithm = collide::parseAlgorithm(name);
  return algorithm ? std::string(collide::algorithmInfo(*algorithm).label) : std::string(name);
}

// The lab's pair recorded in float or double: a float run widened for the views (trace_to_double.h), with its line
// saying what double answers; `timing` gets the recording's time.
template <class Collider, class Trace>
void recordPair(collide::Algorithm algorithm, const std::array<Collider, 2>& shapes, bool useFloat, Trace& trace,
                std::optional<FloatLine>& line, RecordTiming& timing) {
  const Clock::time_point start = Clock::now();
  if (useFloat) {
    const auto recorded = recordQueryIn<float>(algorithm, shapes[0], shapes[1]);
    timing.add(microsecondsSince(start));
    trace = toDouble(recorded);
    line = floatLine(trace.result, collide::runQuery<double>(algorithm, shapes[0], shapes[1]), shapes);
  } else {
    trace = collide::recordQuery<double>(algorithm, shapes[0], shapes[1]);
    timing.add(microsecondsSince(start));
    line.reset();
  }
}

// What the Minkowski view says beside vertex i of a GJK step's simplex (0: the step's support): " (new)",
// " (dropped)" when the reduction left it out, " (short of O: stop)" for boolean GJK's last support, and for a support that repeats a vertex (distance GJK's
// DuplicateSupport stop: no reduction happened) " = w9 (repeat: stop)". `nameOf(j)` names vertex j.
template <class Step, class NameOf>
[[nodiscard]] std::string simplexVertexNote(const Step& step, int i, NameOf nameOf) {
  if (i == 0 && step.stop == collide::GjkStop::DuplicateSupport) {
    for (int j = 1; j < step.simplexBefore.count; ++j) {
      if (step.simplexBefore.vertices[static_cast<std::size_t>(j)].point == step.simplexBefore.vertices[0].point)
        return " = " + nameOf(j) + " (repeat: stop)";
    }
    return " (repeats a vertex: stop)";
  }
  // A boolean run's last support short of the origin ends the run, as the table says (review s34, A7).
  if (i == 0 && step.stop == collide::GjkStop::Separated) return " (short of O: stop)";
  if ((step.droppedMask & (1u << i)) != 0) return " (dropped)";
  return i == 0 ? " (new)" : "";
}

// [SECTION] Step tables: the words beside a vertex, the rows, the table and its key

// A word a step table writes beside a vertex, and what it means. The rows point at these, and the key under a table
// lists the words its rows show (supportTableKey), so a word and its explanation cannot drift apart: the tables'
// "keep", "drop" or "old" were never explained (newcomer review s29, C4).
struct RowWord {
  std::string_view word;
  std::string_view meaning;
};

namespace row_words {
// GJK's simplex (simplexRows).
inline constexpr RowWord kNew{"new", "this step's support point"};
inline constexpr RowWord kKeep{"keep", "stays in the simplex"};
inline constexpr RowWord kDrop{"drop", "left out: the closest point to O does not need it"};
inline constexpr RowWord kShortOfOrigin{"short of O: stop", "the support does not reach O along d, so A - B cannot hold O: apart"};
inline constexpr RowWord kRepeat{"repeat: stop", "the support is a vertex already: nothing is closer, the run stops"};
// EPA's start (epaStartRows).
inline constexpr RowWord kFromGjk{"GJK", "from GJK's last simplex"};
inline constexpr RowWord kSearched{"searched", "a support found along a new direction"};
// EPA's steps (epaSupportWord and the labs' tables).
inline constexpr RowWord kEdge{"edge", "an end of the edge closest to O"};
inline constexpr RowWord kFace{"face", "a corner of the face closest to O"};
inline constexpr RowWord kAdded{"added", "w becomes a vertex of the polytope"};
inline constexpr RowWord kAlreadyAVertex{"a vertex: stop", "w is a polytope vertex already: the closest side is on A - B's boundary"};
inline constexpr RowWord kNoGap{"no gap: stop", "w is no farther out than the closest side (gap 0 to tolerance): that side is on A - B's boundary"};
inline constexpr RowWord kNoRoom{"no room: stop", "the polytope is full: the closest side so far stands"};
inline constexpr RowWord kNotFinite{"not finite: stop", "the support is not a finite point"};
inline constexpr RowWord kNotAdded{"not added: stop", "EPA stops without adding w (the step's words say why)"};
}  // namespace row_words

// A row of a step table: a support point of GJK or EPA under its name, with its word (none: nullptr). `note` is what
// the row shows, the word itself unless a row says more ("= w0 (repeat: stop)" for row_words::kRepeat).
template <class V>
struct SupportRow {
  std::string name;
  collide::SupportPoint<V> point;
  const RowWord* word = nullptr;
  std::string note = word ? std::string(word->word) : std::string();
};

// The key under a step table: "word = meaning" for each word its rows show, in the order they first show, a line
// each (run on with "; " the words were hard to find in it). Empty when no row has a word.
template <class V>
[[nodiscard]] std::string supportTableKey(std::span<const SupportRow<V>> rows) {
  std::vector<const RowWord*> shown;
  std::string key;
  for (const SupportRow<V>& row : rows) {
    if (row.word == nullptr || std::find(shown.begin(), shown.end(), row.word) != shown.end()) continue;
    shown.push_back(row.word);
    if (!key.empty()) key += '\n';
    key.append(row.word->word).append(" = ").append(row.word->meaning);
  }
  return key;
}

// GJK step `index`'s simplex as table rows, every vertex of simplexBefore (the step's support first) with the word the
// A - B pane says beside it (simplexVertexNote): "new", "keep", "drop", "= w0 (repeat: stop)"; a boolean run's last
// support short of the origin "short of O: stop" (the pane draws it: a table of kept vertices alone was empty there).
template <class V>
[[nodiscard]] std::vector<SupportRow<V>> simplexRows(const std::vector<collide::GjkStep<V>>& steps, int index) {
  const collide::GjkStep<V>& step = steps[static_cast<std::size_t>(index)];
  const std::array<int, 4> names = simplexSupportIndices(steps, index);
  const auto nameOf = [&](int j) { return supportName(names[static_cast<std::size_t>(j)]); };
  std::vector<SupportRow<V>> rows;
  for (int i = 0; i < step.simplexBefore.count; ++i) {
    const std::string note = simplexVertexNote(step, i, nameOf);
    const collide::SupportPoint<V>& point = step.simplexBefore.vertices[static_cast<std::size_t>(i)];
    if (note.starts_with(" = ") || note.starts_with(" (repeats"))
      rows.push_back({nameOf(i), point, &row_words::kRepeat, note.substr(1)});
    else if (i == 0 && step.stop == collide::GjkStop::Separated)
      rows.push_back({nameOf(i), point, &row_words::kShortOfOrigin});
    else if ((step.droppedMask & (1u << i)) != 0)
      rows.push_back({nameOf(i), point, &row_words::kDrop});
    else
      rows.push_back({nameOf(i), point, i == 0 ? &row_words::kNew : &row_words::kKeep});
  }
  return rows;
}

// EPA's start as table rows: the start polygon's vertices (the plane) or the start polytope's (space), numbered as
// the views and the narration number them, each marked "GJK" when it came from GJK's last simplex, else "searched".
template <class Start>
[[nodiscard]] auto epaStartRows(const Start& start) {
  const auto& points = [&]() -> const auto& {
    if constexpr (requires { start.polygon; }) return start.polygon;
    else return start.vertices;
  }();
  using V = std::remove_cvref_t<decltype(points[0].point)>;
  std::vector<SupportRow<V>> rows;
  for (std::size_t i = 0; i < points.size(); ++i) {
    bool fromGjk = false;
    for (int k = 0; k < start.simplex.count; ++k)
      fromGjk = fromGjk || start.simplex.vertices[static_cast<std::size_t>(k)].point == points[i].point;
    rows.push_back({std::to_string(i), points[i], fromGjk ? &row_words::kFromGjk : &row_words::kSearched});
  }
  return rows;
}

// The word for an EPA step's support w, in the plane or in space: "added" when it became a vertex, else why the run
// stopped without it. The plane's table said "old" for every support not added, also for 04's w = (0, -2), which is
// no vertex (the gap is 0: it lies on the closest edge).
template <class Step>
[[nodiscard]] const RowWord& epaSupportWord(const Step& step) {
  if (step.inserted) return row_words::kAdded;
  switch (step.stop) {
    case collide::EpaStop::DuplicateSupport: return row_words::kAlreadyAVertex;
    case collide::EpaStop::Converged: return row_words::kNoGap;
    case collide::EpaStop::MaxIterations: return row_words::kNoRoom;
    case collide::EpaStop::InvalidInput: return row_words::kNotFinite;
    default: return row_words::kNotAdded;
  }
}

// Whether each row's a - b follows from its a and b as `formats` write them (formats[0] for a - b, formats[1] for the
// witnesses, less its origin), to the digits a - b shows: within a unit and a half of the last digit of the row's
// largest a - b component (three roundings). At (1e5, 1e5, 1e5) the table read a = 100001 and b = 100001 beside
// a - b = 0.1 (review s33, A4).
template <class V>
[[nodiscard]] bool supportDifferencesFollow(std::span<const SupportRow<V>> rows, const std::array<VectorFormat, 2>& formats) {
  constexpr int kDim = collide::kDimension<V>;
  const auto values = [](const V& v) {
    std::array<double, kDim> out{};
    out[0] = v.x;
    out[1] = v.y;
    if constexpr (kDim == 3) out[2] = v.z;
    return out;
  };
  for (const SupportRow<V>& row : rows) {
    const std::vector<std::string> w = vectorCellTexts(values(row.point.point), formats[0]);
    const std::vector<std::string> a = vectorCellTexts(values(row.point.pointA), formats[1]);
    const std::vector<std::string> b = vectorCellTexts(values(row.point.pointB), formats[1]);
    double largest = 0;
    for (const std::string& text : w) largest = std::max(largest, std::abs(std::strtod(text.c_str(), nullptr)));
    if (!std::isfinite(largest) || largest == 0) continue;  // a - b = 0 (or not finite): nothing to check it by
    const double unit = std::pow(10.0, std::floor(std::log10(largest)) - formats[0].digits + 1);
    for (std::size_t k = 0; k < w.size(); ++k) {
      const double shown = std::strtod(w[k].c_str(), nullptr);
      const double recomputed = std::strtod(a[k].c_str(), nullptr) - std::strtod(b[k].c_str(), nullptr);
      if (std::isfinite(recomputed) && std::abs(recomputed - shown) > 1.5 * unit) return false;
    }
  }
  return true;
}

// A support table's number formats: one for the w rows (A - B) and one for the witnesses a and b, each chosen over
// its own rows. Far from the origin the witnesses need no decimals while w, their small difference, needs its own:
// one format for the whole table printed w = (0, 1.5) as (0, 2) beside a and b near 1e6. When a - b then no longer
// follows from a and b (supportDifferencesFollow), the witnesses are written relative to a round point near them
// (formats[1].origin, which the table prints above itself): a 10, 100 ... apart from the world's origin, as far as
// they spread; and with more digits while that is not yet enough. Near the origin the point is the origin itself
// and the digits alone do it: in float, b = 0.99999988 beside a = 1 wrote both as 1 over a - b = 1.192e-07 (review
// s34, A2), and b takes 10 digits (0.9999998808) before a - b's 4 follow from it.
template <class V>
[[nodiscard]] std::array<VectorFormat, 2> supportTableFormats(std::span<const SupportRow<V>> rows) {
  constexpr int kDim = collide::kDimension<V>;
  std::array<std::vector<double>, 2> numbers;
  const auto add = [&](std::vector<double>& out, const V& v) {
    out.push_back(v.x);
    out.push_back(v.y);
    if constexpr (kDim == 3) out.push_back(v.z);
  };
  for (const SupportRow<V>& row : rows) {
    add(numbers[0], row.point.point);
    add(numbers[1], row.point.pointA);
    add(numbers[1], row.point.pointB);
  }
  // The witnesses' digits tell a's apart among the a rows and b's among the b rows (groups of 2: a, b, a, b ...).
  std::array<VectorFormat, 2> formats{vectorFormat(numbers[0], 4, kDim), vectorFormat(numbers[1], 4, kDim, 2)};
  if (!supportDifferencesFollow(rows, formats)) {
    // A whole number (printed exactly) on a step of 1, 10, 100 ... as wide as the witnesses spread along any axis.
    std::array<double, 3> low, high, origin{};
    low.fill(std::numeric_limits<double>::infinity());
    high.fill(-std::numeric_limits<double>::infinity());
    for (std::size_t i = 0; i < numbers[1].size(); ++i) {
      low[i % kDim] = std::min(low[i % kDim], numbers[1][i]);
      high[i % kDim] = std::max(high[i % kDim], numbers[1][i]);
    }
    double spread = 1.0;
    for (int k = 0; k < kDim; ++k) spread = std::max(spread, high[static_cast<std::size_t>(k)] - low[static_cast<std::size_t>(k)]);
    const double step = std::pow(10.0, std::ceil(std::log10(spread)));
    for (std::size_t k = 0; k < static_cast<std::size_t>(kDim); ++k)
      if (const double middle = 0.5 * (low[k] + high[k]); std::isfinite(step) && std::isfinite(middle))
        origin[k] = std::round(middle / step) * step;
    std::vector<double> shifted = numbers[1];
    for (std::size_t i = 0; i < shifted.size(); ++i) shifted[i] -= origin[i % kDim];
    // Up to the tables' most digits (a vector too wide for the panel breaks before its last component); a row
    // whose a - b is not its a minus its b (none the labs make) keeps the table as it was.
    for (int digits = 4; digits <= kMostTableDigits; ++digits) {
      std::array<VectorFormat, 2> relative{formats[0], vectorFormat(shifted, digits, kDim, 2)};
      relative[1].origin = origin;
      if (supportDifferencesFollow(rows, relative)) {
        formats = relative;
        break;
      }
    }
  }
  // One slot per component for all three rows of a point, so a column's numbers end at one edge from a - b to a and b.
  for (std::size_t k = 0; k < formats[0].componentWidths.size(); ++k)
    formats[0].componentWidths[k] = formats[1].componentWidths[k] =
        std::max(formats[0].componentWidths[k], formats[1].componentWidths[k]);
  return formats;
}

// A followed figure's bounds with 20 % room for its labels, never smaller than `floorShare` of the extent of `whole`
// (the set's points: a figure that is one point still shows its neighbourhood); nullopt when not finite. The
// narrow-phase panes' step (followStepBounds) and the continuous lab's A - B pane frame their steps by it.
template <class Bounds, class Points>
[[nodiscard]] std::optional<Bounds> withFollowRoom(Bounds bounds, const Points& whole, double floorShare) {
  if (!collide::isFinite(bounds.min) || !collide::isFinite(bounds.max)) return std::nullopt;
  Bounds all = Bounds::none();
  for (const auto& p : whole) all.include(p);
  const double floor = all.empty() ? 1e-3 : floorShare * collide::length(all.max - all.min);
  const auto size = bounds.max - bounds.min;
  auto margin = 0.2 * size;
  margin.x += 0.5 * std::max(floor - size.x, 0.0);
  margin.y += 0.5 * std::max(floor - size.y, 0.0);
  if constexpr (requires { margin.z; }) margin.z += 0.5 * std::max(floor - size.z, 0.0);
  bounds.min = bounds.min - margin;
  bounds.max = bounds.max + margin;
  return bounds;
}


// View > Follow the step in a narrow-phase lab's A - B pane, either dimension (WorldBounds or WorldBounds3): the
// step's figure (GJK's simplex with its support and closest point, and the search direction's arrow when
// `arrowLength` > 0; EPA's polygon or polytope with its support) and the origin, with 20 % room for the labels, and
// never smaller than `floorShare` of A - B's extent (`whole`: its points). nullopt: the step has no such figure
// (EPA's start, SAT, the analytic tests) or it is not finite; the pane then frames all of A - B.
template <class Bounds, class Trace, class Points>
[[nodiscard]] std::optional<Bounds> followStepBounds(const Trace& trace, const TraceStepRef& ref, const Points& whole,
                                                     double floorShare, double arrowLength = 0.0) {
  Bounds bounds = Bounds::none();
  bounds.include(decltype(bounds.min){});  // the origin
  const auto i = static_cast<std::size_t>(ref.index);
  if (ref.kind == TraceStepRef::Kind::Gjk) {
    const auto& step = trace.gjk[i];
    for (int k = 0; k < step.simplexBefore.count; ++k) bounds.include(step.simplexBefore.vertices[static_cast<std::size_t>(k)].point);
    bounds.include(step.support.point);
    bounds.include(step.closestPoint);
    if (const double d = collide::length(step.direction); arrowLength > 0 && d > 0) bounds.include((arrowLength / d) * step.direction);
  } else if (ref.kind == TraceStepRef::Kind::Epa) {
    const auto& step = trace.epa[i];
    if constexpr (requires { step.polytope; }) {
      for (const auto& vertex : step.polytope) bounds.include(vertex.point);
    } else {
      for (const auto& vertex : step.vertices) bounds.include(vertex.point);
    }
    bounds.include(step.support.point);
  } else {
    return std::nullopt;
  }
  return withFollowRoom(bounds, whole, floorShare);
}

// From this ratio of the shapes' sizes (their boxes' diagonals) a narrow-phase lab opens framed on the smaller shape
// and its contact (Lab::openingBounds), and says so in the world view: both whole, a 1 : 1000 pair's small cube was a
// dot and its overlap of 0.5 under a pixel (review s33, A3).
inline constexpr double kFramedSizeRatio = 20.0;

// Where a narrow-phase pair touches, in either dimension (WorldBounds or WorldBounds3): the smaller shape's box and
// its mirror through the middle of the witness points (contactRegion, lab/lab.h), with the witness points; the middle
// of that box when the run gave none. nullopt when a shape has no size (a point) or a number is not finite.
template <class Bounds>
struct ContactFocus {
  Bounds region;
  int smaller = 1;     // 0: A, 1: B
  double ratio = 1.0;  // the larger shape's size over the smaller's
};
template <class Bounds, class Point>
[[nodiscard]] std::optional<ContactFocus<Bounds>> contactFocus(const std::array<Bounds, 2>& boxes,
                                                               const std::optional<std::array<Point, 2>>& witnesses) {
  const double sizes[2] = {collide::length(boxes[0].max - boxes[0].min), collide::length(boxes[1].max - boxes[1].min)};
  const int smaller = sizes[1] <= sizes[0] ? 1 : 0;
  const double small = sizes[smaller], large = sizes[1 - smaller];
  if (!std::isfinite(large) || !(small > 1e-9 * large)) return std::nullopt;
  const Bounds& box = boxes[static_cast<std::size_t>(smaller)];
  const Point contact = witnesses ? 0.5 * ((*witnesses)[0] + (*witnesses)[1]) : 0.5 * (box.min + box.max);
  Bounds region = contactRegion(box, contact);
  if (witnesses)
    for (const Point& p : *witnesses) region.include(p);
  if (!collide::isFinite(region.min) || !collide::isFinite(region.max)) return std::nullopt;
  return ContactFocus<Bounds>{region, smaller, large / small};
}

// The world view's note when it frames less than both shapes of a pair that differ by far: "framed on B and the
// contact; F shows both". Empty when the sizes are alike or the view shows both whole.
template <class Bounds>
[[nodiscard]] std::string framedNote(const std::optional<ContactFocus<Bounds>>& focus, bool showsBoth) {
  if (!focus || focus->ratio < kFramedSizeRatio || showsBoth) return {};
  return std::string("framed on ") + (focus->smaller == 0 ? "A" : "B") + " and the contact; F shows both";
}

// The lines `text` takes in a column `width` pixels wide (wrappedLines, in ImGui's current font).
[[nodiscard]] inline int wrappedLineCount(const std::string& text, float width) {
  const std::string lines = wrappedLines(text, width);
  return 1 + static_cast<int>(std::count(lines.begin(), lines.end(), '\n'));
}

// A support table's columns in `available` pixels (the panel's content width): the name column as wide as the widest
// name, and as the widest note as far as the vectors leave room for it (a note then sits in a line or two beside a
// and b); the vectors in the rest (oneLine: the widest vector on one line, in `formats`' slots). A note that does
// not fit in two lines gets a
// row of its own under b (noteRow): fitted to its widest word, "no gap: stop" ran on three lines ("no / gap: / stop")
// into the next point's rows, and vectors of 1e6 wrapped (review s31, A15).
struct SupportTableLayout {
  float nameWidth = 0, vectorWidth = 0, oneLine = 0;
  bool header = true;  // the name column's "vertex"
  float cellPaddingX = 0;  // the table's cells' padding left and right
  std::vector<bool> noteRow;
};
inline constexpr const char* kSupportRoles[3] = {"a-b", "a", "b"};  // "a-b", not "w": EPA's support w read "w  w"
template <class V>
[[nodiscard]] SupportTableLayout supportTableLayout(std::span<const SupportRow<V>> rows, const std::array<VectorFormat, 2>& formats,
                                                    float available) {
  constexpr int kDim = collide::kDimension<V>;
  const ImGuiStyle& style = ImGui::GetStyle();
  // Less three columns' padding, the outer and inner borders, and a scrollbar's width: the panel grows one when
  // its content does, after the table was measured.
  SupportTableLayout layout;
  layout.cellPaddingX = 0.5f * style.CellPadding.x;  // half the panel's: the numbers' slots already keep them apart
  const float besideVectors = available - ImGui::CalcTextSize(kSupportRoles[0]).x - 6.0f * layout.cellPaddingX - 4.0f - style.ScrollbarSize;
  layout.oneLine = ImGui::CalcTextSize("()").x + static_cast<float>(kDim - 1) * ImGui::CalcTextSize(", ").x;
  for (int k = 0; k < kDim; ++k) layout.oneLine += formats[0].componentWidths[static_cast<std::size_t>(k)];
  float nameWidth = 0, noteWidth = 0;
  for (const SupportRow<V>& row : rows) {
    nameWidth = std::max(nameWidth, ImGui::CalcTextSize(row.name.c_str()).x);
    noteWidth = std::max(noteWidth, ImGui::CalcTextSize(row.note.c_str()).x);
  }
  // The column's header, "vertex", when the vectors leave room for it (at 200 % beside coordinates of 1e6 they do not:
  // the names, "w1", say it).
  layout.header = besideVectors - layout.oneLine >= ImGui::CalcTextSize("vertex").x;
  if (layout.header) nameWidth = std::max(nameWidth, ImGui::CalcTextSize("vertex").x);
  layout.nameWidth = std::max(nameWidth, std::min(noteWidth, besideVectors - layout.oneLine));
  layout.vectorWidth = besideVectors - layout.nameWidth;
  for (const SupportRow<V>& row : rows) layout.noteRow.push_back(!row.note.empty() && wrappedLineCount(row.note, layout.nameWidth) > 2);
  return layout;
}

// The support points of a step as a table: per point three rows, a - b, a on A and b on B, each vector in one
// number format per role (supportTableFormats, widgets/wrapped_text.h) with a slot per component, a band of
// background per point, and the key of its words under it (supportTableKey). A point's note ("new", "drop",
// "= w0 (repeat: stop)") sits under its name, wrapped to the name column's width (its widest word): with six decimals a fourth column did not fit the side panel at 1600
// pixels, and a long note widened the name column until z ran off the panel (3d_10). A vector still too wide for
// what is left breaks before its last component. Returns the right edge drawn, in screen pixels (PanelBlock::reach).
template <class V>
float drawSupportTable(const char* id, std::span<const SupportRow<V>> rows) {
  constexpr int kDim = collide::kDimension<V>;
  const auto components = [](const V& v) {
    if constexpr (kDim == 3) {
      return std::array<double, 3>{v.x, v.y, v.z};
    } else {
      return std::array<double, 2>{v.x, v.y};
    }
  };
  const std::array<VectorFormat, 2> formats = supportTableFormats(rows);
  // Far from the world's origin a and b are written relative to a point near them: said above the table.
  if (formats[1].origin != std::array<double, 3>{}) {
    const std::array<double, 3>& o = formats[1].origin;
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    textWrapped("a and b relative to %s",
                (kDim == 3 ? formatVector(Vec3d{o[0], o[1], o[2]}) : formatVector(Vec2d{o[0], o[1]})).c_str());
    ImGui::PopStyleColor();
  }
  const float left = ImGui::GetCursorScreenPos().x;
  const SupportTableLayout layout = supportTableLayout(rows, formats, ImGui::GetContentRegionAvail().x);
  const float nameWidth = layout.nameWidth, vectorWidth = layout.vectorWidth;
  constexpr ImGuiTableFlags kFlags = ImGuiTableFlags_BordersOuter | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingFixedFit;
  ImGui::PushStyleVar(ImGuiStyleVar_CellPadding, ImVec2(layout.cellPaddingX, ImGui::GetStyle().CellPadding.y));
  if (!ImGui::BeginTable(id, 3, kFlags)) {
    ImGui::PopStyleVar();
    return left;
  }
  ImGui::TableSetupColumn(layout.header ? "vertex" : "", ImGuiTableColumnFlags_WidthFixed, nameWidth);
  ImGui::TableSetupColumn("");
  ImGui::TableSetupColumn(kDim == 3 ? "(x, y, z)" : "(x, y)");
  ImGui::TableHeadersRow();
  float right = left;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const SupportRow<V>& row = rows[r];
    const V* vectors[3] = {&row.point.point, &row.point.pointA, &row.point.pointB};
    // The note's lines under the name: the first beside a, the second beside b; or, longer, a row of its own.
    const bool ownRow = layout.noteRow[r];
    const std::string note = ownRow ? std::string() : wrappedLines(row.note, nameWidth);
    const std::size_t firstBreak = note.find('\n');
    const std::string noteLines[2] = {note.substr(0, firstBreak),
                                      firstBreak == std::string::npos ? std::string() : note.substr(firstBreak + 1)};
    for (int k = 0; k < (ownRow ? 4 : 3); ++k) {
      ImGui::TableNextRow();
      ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, ImGui::GetColorU32(r % 2 == 0 ? ImGuiCol_TableRowBg : ImGuiCol_TableRowBgAlt));
      ImGui::TableNextColumn();
      if (k == 0) ImGui::TextUnformatted(row.name.c_str());
      if (k > 0 && k < 3 && !noteLines[k - 1].empty()) ImGui::TextDisabled("%s", noteLines[k - 1].c_str());
      ImGui::TableNextColumn();
      if (k < 3) ImGui::TextDisabled("%s", kSupportRoles[k]);
      ImGui::TableNextColumn();
      if (k == 3) {
        ImGui::TextDisabled("%s", wrappedLines(row.note, vectorWidth).c_str());
        continue;
      }
      const std::array<double, kDim> v = components(*vectors[k]);
      vectorCell(v, formats[k == 0 ? 0 : 1], vectorWidth);
      right = std::max(right, ImGui::GetItemRectMax().x);
    }
  }
  ImGui::EndTable();
  ImGui::PopStyleVar();
  if (const std::string key = supportTableKey(rows); !key.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    textWrapped("%s", key.c_str());
    ImGui::PopStyleColor();
  }
  return right;
}

}  // namespace lab
