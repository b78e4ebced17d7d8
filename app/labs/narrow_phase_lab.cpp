// The narrow-phase lab: state, recording, editing, the side panel and scene IO (the views are drawn in
// narrow_phase_views.cpp). Class overview in narrow_phase_lab.h.
//
// [SECTION] Recording
// [SECTION] Frame, mouse, timeline
// [SECTION] Scenes, settings, dump, metrics
// [SECTION] Panel: algorithm, result, narration
// [SECTION] Panel: step table
// [SECTION] Panel: inspector
#include "labs/narrow_phase_lab.h"

#include <array>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <type_traits>
#include <variant>

#define GLFW_INCLUDE_NONE  // key codes only
#include <GLFW/glfw3.h>
#include <imgui.h>

#include "collide/polygon.h"
#include "labs/narration.h"
#include "labs/narrow_phase_common.h"
#include "widgets/shape_inspector.h"
#include "widgets/wrapped_text.h"

namespace lab {

namespace {

using collide::Algorithm;

constexpr double kPi = std::numbers::pi;
constexpr double kDegrees = 180.0 / kPi;
constexpr const char* kShapeNames[2] = {"A", "B"};

}  // namespace

// [SECTION] Recording

NarrowPhaseLab::NarrowPhaseLab()
    : shapes_{placedShape(6, {-1.2, 0.0}, 0.0), placedShape(4, {0.7, 0.6}, 0.5)} {
  record();
}

void NarrowPhaseLab::record() {
  recordPending_ = false;
  recordPair(algorithm_, shapes_, useFloat_, trace_, floatLine_, recordTiming_);
  // The inspector gives a sector's half angle in degrees; the core's refusal (the CLI's, whose input is radians)
  // says it in radians: the lab says it in both, degrees first.

  steps_ = traceSteps(trace_);
  stepKinds_ = satStepKinds(trace_, steps_);
  stepRows_ = stepListEntries(trace_, steps_, shapes_);
  step_ = std::clamp(step_, 0, std::max(stepCount() - 1, 0));
  rebuildMinkowski();
}

void NarrowPhaseLab::recordIfChanged() {
  if (recordPending_) record();
}

void NarrowPhaseLab::measureQueryTime() { queryMicros_ = queryMicroseconds(algorithm_, shapes_, useFloat_); }

// [SECTION] Frame, mouse, timeline

void NarrowPhaseLab::update(double seconds) {
  editor_.update(seconds);
  // Frame times after the first few (start-up) frames: the "keeps up at 60 fps" measurement.
  if (++frameCount_ > 5) {
    frameSecondsMax_ = std::max(frameSecondsMax_, seconds);
    frameSecondsTotal_ += seconds;
  }
  recordIfChanged();
  measureQueryTime();
}

void NarrowPhaseLab::keyPressed(const KeyPress& press) {
  for (int i = 0; i < static_cast<int>(collide::kAlgorithms.size()); ++i) {
    if (isPress(press, GLFW_KEY_1 + i) && algorithm_ != collide::kAlgorithms[i]) {
      algorithm_ = collide::kAlgorithms[i];
      changed();
    }
  }
  if (isPress(press, GLFW_KEY_T)) {
    useFloat_ = !useFloat_;
    changed();
  }
}

const char* NarrowPhaseLab::viewTitle(int view) const {
  return view == 0 ? "World: A (blue) and B (orange)" : "Minkowski difference A - B";
}

void NarrowPhaseLab::draw(const DrawContext& context) {
  if (context.view == 0) {
    drawWorld(*context.planar);
  } else {
    drawMinkowski(*context.planar);
  }
}

std::optional<WorldBounds> NarrowPhaseLab::sceneBounds(int view) const {
  WorldBounds bounds = WorldBounds::none();
  if (view == 0) {
    for (const Collider& shape : shapes_) bounds.include(shapeBounds(shape));
  } else {
    for (const Vec2d& p : minkowski_) bounds.include(p);
    bounds.include(Vec2d{0, 0});
  }
  // Room around the shapes for the labels, the search direction and the SAT shadows.
  const Vec2d margin = 0.15 * (bounds.max - bounds.min) + Vec2d{0.1, 0.1};
  bounds.min -= margin;
  bounds.max += margin;
  return bounds;
}

std::optional<ContactFocus<WorldBounds>> NarrowPhaseLab::contactFocus2() const {
  const collide::QueryResult<double>& r = trace_.result;
  std::optional<std::array<Vec2d, 2>> witnesses;
  if (r.ok && r.pointA && r.pointB) witnesses = std::array<Vec2d, 2>{*r.pointA, *r.pointB};
  return contactFocus<WorldBounds, Vec2d>({shapeBounds(shapes_[0]), shapeBounds(shapes_[1])}, witnesses);
}

std::optional<WorldBounds> NarrowPhaseLab::openingBounds(int view) const {
  const std::optional<ContactFocus<WorldBounds>> focus = contactFocus2();
  if (view != 0 || !focus || focus->ratio < kFramedSizeRatio) return std::nullopt;
  WorldBounds bounds = focus->region;
  const Vec2d margin = 0.15 * (bounds.max - bounds.min);  // room for the labels, as sceneBounds leaves
  bounds.min -= margin;
  bounds.max += margin;
  return bounds;
}

// A - B follows the step: the simplex (GJK) or polytope (EPA) of the current step, its new support point and the
// origin, with room for the labels; the whole of A - B for the steps that have no such figure (SAT, analytic).
std::optional<WorldBounds> NarrowPhaseLab::followBounds(int view) const {
  if (view != 1) return std::nullopt;
  if (steps_.empty()) return sceneBounds(view);
  // Never smaller than a fiftieth of A - B (a simplex that is one point on the origin still shows its neighbourhood).
  const std::optional<WorldBounds> bounds = followStepBounds<WorldBounds>(trace_, steps_[static_cast<std::size_t>(step_)], minkowski_, 0.02);
  return bounds ? bounds : sceneBounds(view);
}

bool NarrowPhaseLab::mouseDown(const MouseEvent& event) {
  if (event.view != 0) return false;  // the Minkowski view pans; its shape follows from A and B
  const bool taken = editor_.mouseDown(shapes_, event);
  if (taken) changed();  // a Ctrl+click may have added or removed a vertex
  recordIfChanged();
  return taken;
}

void NarrowPhaseLab::mouseMove(const MouseEvent& event) {
  if (event.view != 0) return;
  if (editor_.mouseMove(shapes_, event)) {
    changed();
    recordIfChanged();  // at once, so this frame already shows the new trace
  }
}

void NarrowPhaseLab::mouseUp(const MouseEvent&) { editor_.mouseUp(); }

void NarrowPhaseLab::setStep(int index) { step_ = std::clamp(index, 0, std::max(stepCount() - 1, 0)); }

// [SECTION] Scenes, settings, dump, metrics

bool NarrowPhaseLab::loadScene(const Scene& scene, std::string& error) {
  Collider a;
  Collider b;
  if (!scenePair(scene, a, b, error)) return false;
  bool useFloat = useFloat_;
  if (!readScalarState(scene.labState, useFloat, error)) return false;
  shapes_ = {a, b};
  useFloat_ = useFloat;
  editor_ = {};
  inspectorError_.clear();
  step_ = 0;  // a saved step is the shell's (LabShell::applyScene)
  record();
  return true;
}

void NarrowPhaseLab::saveScene(Scene& scene) const { writePairScene(scene, shapes_, algorithm_, useFloat_); }

bool NarrowPhaseLab::setAlgorithm(std::string_view name, std::string& error) {
  const std::optional<Algorithm> algorithm = queryAlgorithmNamed(name, 2, error);
  if (!algorithm) return false;
  algorithm_ = *algorithm;
  record();
  return true;
}

void NarrowPhaseLab::loadSettings(const Json& settings) {
  readPairSettings(settings, 2, algorithm_, useFloat_);
  record();
}

Json NarrowPhaseLab::saveSettings() const { return pairSettingsJson(algorithm_, useFloat_); }

void NarrowPhaseLab::dumpState(Json& out) const {
  Json shapes = Json::array();
  Json positions = Json::array();
  for (const Collider& shape : shapes_) {
    shapes.push_back(colliderToJson(shape));
    const Vec2d anchor = shapeAnchor(shape);
    positions.push_back({anchor.x, anchor.y});
  }
  const collide::QueryResult<double>& r = trace_.result;
  out["shapes"] = shapes;
  out["positions"] = positions;
  out["algorithm"] = std::string(collide::algorithmName(algorithm_));
  out["scalar"] = useFloat_ ? "float" : "double";
  out["float_against_double"] = floatLineJson(floatLine_);
  out["step_index"] = step_;
  out["step_count"] = stepCount();
  out["hit"] = r.ok && r.hit;
  out["result"] = queryResultStateJson(r);
  out["narration"] = narration();
  if (const auto marks = firstStepCentroids(trace_, steps_, step_, shapes_))
    out["centroid_marks"] = {{"a", {marks->a.x, marks->a.y}}, {"b", {marks->b.x, marks->b.y}}, {"coincide", marks->coincide}};
  else
    out["centroid_marks"] = nullptr;
  out["minkowski_vertices"] = static_cast<int>(minkowski_.size());
  // The current step's figure in A - B: GJK's simplex (before reduction) or EPA's polytope.
  Json figure = Json::array();
  if (!steps_.empty()) {
    const StepRef& ref = steps_[static_cast<std::size_t>(step_)];
    const auto i = static_cast<std::size_t>(ref.index);
    if (ref.kind == StepRef::Kind::Gjk) {
      const auto& simplex = trace_.gjk[i].simplexBefore;
      for (int k = 0; k < simplex.count; ++k)
        figure.push_back({simplex.vertices[static_cast<std::size_t>(k)].point.x, simplex.vertices[static_cast<std::size_t>(k)].point.y});
    } else if (ref.kind == StepRef::Kind::Epa) {
      for (const auto& vertex : trace_.epa[i].polytope) figure.push_back({vertex.point.x, vertex.point.y});
    }
  }
  out["step_figure"] = figure;
  // SAT's answer step: the winning axis and the runner-up.
  if (!steps_.empty() && steps_[static_cast<std::size_t>(step_)].kind == StepRef::Kind::SatResult)
    out["sat_answer"] = satAnswerJson(trace_.sat);
  out["step_block"] = stepBlock_.json();
  const bool satStep = !steps_.empty() && (steps_[static_cast<std::size_t>(step_)].kind == StepRef::Kind::Sat ||
                                           steps_[static_cast<std::size_t>(step_)].kind == StepRef::Kind::SatResult);
  out["sat_shadows"] = satStep ? satShadowsDrawn_ : Json(nullptr);
  out["record_time_us"] = recordTiming_.json();
  const int frames = std::max(frameCount_ - 5, 0);
  out["frame_time_ms"] = {{"mean", frames > 0 ? 1000.0 * frameSecondsTotal_ / frames : 0.0},
                          {"max", 1000.0 * frameSecondsMax_},
                          {"count", frames}};
}

std::vector<Shortcut> NarrowPhaseLab::shortcuts() const {
  std::vector<Shortcut> list = ShapeEditor::shortcuts();
  list.push_back({"1 2 3 4 5", "GJK boolean, GJK distance, GJK + EPA, SAT, analytic"});
  list.push_back({"T", "run the core in float / double"});
  return list;
}

void NarrowPhaseLab::frameMetrics(std::vector<FrameMetric>& out) const {
  appendQueryMetrics(algorithm_, trace_.result, queryMicros_, out);
}

// [SECTION] Panel: algorithm, result, narration

std::string NarrowPhaseLab::narration() const {
  if (!trace_.result.ok) return "Refused: " + trace_.result.error;
  if (steps_.empty()) return narrateResult(trace_.result);
  const StepRef& ref = steps_[static_cast<std::size_t>(step_)];
  const bool last = step_ + 1 == stepCount();
  std::string text;
  switch (ref.kind) {
    case StepRef::Kind::Gjk: {
      // gjkEpa on a circle or capsule steps GJK distance on the cores (epa.h): narrate those as distance steps.
      const double radii = collide::coreRadius(shapes_[0].shape) + collide::coreRadius(shapes_[1].shape);
      const bool coreDistance = algorithm_ == Algorithm::Epa && radii > 0;
      const collide::GjkStep<collide::Vec2<double>>& gjkStep = trace_.gjk[static_cast<std::size_t>(ref.index)];
      text = narrateGjkStep(trace_.gjk, ref.index, coreDistance ? Algorithm::Distance : algorithm_);
      // Where the first d comes from (review s34, A5): 01's 8.011 is not B's position less A's.
      if (ref.index == 0) text = gjkFirstDirectionWords(shapes_[0], shapes_[1], gjkStep.direction) + text;
      // Where cores first matter, say once what they are.
      if (ref.index == 0 && (coreDistance || (algorithm_ == Algorithm::Distance && radii > 0)))
        text += " GJK runs on the shapes' cores: a rounded shape is its core (a circle's centre, a capsule's segment) "
                "plus a radius, and the radii rA + rB = " + formatNumber(radii) + " are accounted for at the end.";
      const bool lastGjk = ref.index + 1 == static_cast<int>(trace_.gjk.size());
      if (algorithm_ == Algorithm::Epa && lastGjk && !trace_.epa.empty())
        text += coreDistance ? " The cores overlap: EPA expands their simplex, then adds rA + rB = " +
                                   formatNumber(radii) + " to the depth."
                             : " EPA now expands this simplex to find the depth.";
      else if (algorithm_ == Algorithm::Distance && lastGjk && !trace_.result.hit)
        text += roundedDistanceWords(gjkStep.distance, radii);
      else if (coreDistance && lastGjk && trace_.result.hit)
        text += roundedDepthWithoutEpaWords(gjkStep.distance, radii);
      break;
    }
    case StepRef::Kind::EpaStart: text = narrateEpaStart(trace_.epaStart[static_cast<std::size_t>(ref.index)]); break;
    case StepRef::Kind::Epa: {
      const collide::EpaStep<double>& step = trace_.epa[static_cast<std::size_t>(ref.index)];
      text = narrateEpaStep(step, epaPairFacts(shapes_[0], shapes_[1]));
      if (step.stop != collide::EpaStop::None && trace_.result.hit) {
        text += roundedDepthWords(step.edgeDistance,
                                  collide::coreRadius(shapes_[0].shape) + collide::coreRadius(shapes_[1].shape));
      }
      break;
    }
    case StepRef::Kind::Sat: return narrateSatStep(trace_.sat, ref.index);
    case StepRef::Kind::SatResult: return narrateSatAnswer(trace_.sat, ref.index, satAnswer(trace_.sat).runnerUp, trace_.result, satAnswer(trace_.sat).twin);
    case StepRef::Kind::Analytic:
      text = narrateAnalyticStep(trace_.analytic[static_cast<std::size_t>(ref.index)], shapes_[0], shapes_[1]);
      break;
  }
  if (last) {
    text += " Result: " + narrateResult(trace_.result);
    if (algorithm_ == Algorithm::Gjk && trace_.result.hit) text += " " + contactWords();
  }
  return text;
}

// Boolean GJK proves a hit but not its depth: GJK + EPA measures it, and the words follow the number. Touching
// means a depth within a relative tolerance of the shapes' size, never "a hit" alone.
std::string NarrowPhaseLab::contactWords() const {
  const collide::QueryResult<double> measured = collide::runQuery<double>(Algorithm::Epa, shapes_[0], shapes_[1]);
  if (!measured.ok || !measured.depth) return "";
  double size = 0;
  for (const Vec2d& p : minkowski_) size = std::max(size, collide::length(p));
  if (*measured.depth <= kTouchingTolerance * size)
    return "GJK + EPA measures depth " + formatNumber(*measured.depth) + ": the shapes touch.";
  return "GJK + EPA measures depth " + formatNumber(*measured.depth) + ": the shapes overlap.";
}

void NarrowPhaseLab::drawUi() {
  if (drawAlgorithmChoice(collide::kAlgorithms, algorithm_)) changed();
  if (drawScalarChoice(useFloat_)) changed();
  recordIfChanged();

  // The step first, then the run's result: the step and its table are what the views draw, and at 150 % UI scale
  // SAT's answer table fell below the panel's fold under the result block (the last step's words say the result).
  ImGui::Spacing();
  stepBlock_.begin();
  // A refused run has no step: the result below says why, once (the refusal was said four times, s29 review).
  if (trace_.result.ok) drawStepHeading(step_, stepCount(), narration());
  drawStepTable();
  stepBlock_.end();

  ImGui::Spacing();
  drawQueryResult(trace_.result, lastGjkStop(trace_));
  drawFloatLine(floatLine_);
  drawQueryTiming(trace_.result, queryMicros_, useFloat_, recordTiming_.last);
  // Every step of the run, with its phase and the stop reason: click one to go there.
  if (stepCount() > 0 && ImGui::CollapsingHeader("All steps", ImGuiTreeNodeFlags_DefaultOpen)) {
    if (int step = step_; drawStepList(step, stepRows_, stopLine(trace_.result, lastGjkStop(trace_)))) setStep(step);
  }

  for (int shape = 0; shape < 2; ++shape) {
    ImGui::Spacing();
    const Color color = shape == 0 ? palette::kShapeA : palette::kShapeB;
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(color.r, color.g, color.b, 1.0f));
    const std::string header = std::string("Shape ") + kShapeNames[shape] + ": " +
                               std::string(collide::shapeTypeName(shapes_[static_cast<std::size_t>(shape)].shape));
    const bool open = ImGui::CollapsingHeader((header + "###shape" + std::to_string(shape)).c_str(),
                                              shape == 1 ? ImGuiTreeNodeFlags_DefaultOpen : 0);
    ImGui::PopStyleColor();
    if (open) drawInspector(shape);
  }
  recordIfChanged();
}

// [SECTION] Panel: step table

void NarrowPhaseLab::drawStepTable() {
  if (steps_.empty()) return;
  const StepRef& ref = steps_[static_cast<std::size_t>(step_)];
  std::vector<SupportRow<Vec2d>> rows;
  if (ref.kind == StepRef::Kind::Gjk) {
    rows = simplexRows(trace_.gjk, ref.index);
    stepBlock_.reach(drawSupportTable<Vec2d>("##simplex", rows));
  } else if (ref.kind == StepRef::Kind::EpaStart) {
    // The start polygon's vertices: GJK's points, then what the searches added.
    rows = epaStartRows(trace_.epaStart[static_cast<std::size_t>(ref.index)]);
    stepBlock_.reach(drawSupportTable<Vec2d>("##start", rows));
  } else if (ref.kind == StepRef::Kind::Epa) {
    const collide::EpaStep<double>& step = trace_.epa[static_cast<std::size_t>(ref.index)];
    const int count = static_cast<int>(step.polytope.size());
    for (int i = 0; i < count; ++i) {
      const bool onEdge = i == step.closestEdge || i == (step.closestEdge + 1) % count;
      rows.push_back({std::to_string(i), step.polytope[static_cast<std::size_t>(i)], onEdge ? &row_words::kEdge : nullptr});
    }
    rows.push_back({"w", step.support, &epaSupportWord(step)});
    stepBlock_.reach(drawSupportTable<Vec2d>("##polytope", rows));
  } else if (ref.kind == StepRef::Kind::Sat || ref.kind == StepRef::Kind::SatResult) {
    // The axes tested so far; at the answer all of them, the winner and the runner-up marked.
    const bool answer = ref.kind == StepRef::Kind::SatResult;
    const int last = answer ? static_cast<int>(trace_.sat.size()) - 1 : ref.index;
    const SatAnswer won = answer ? satAnswer(trace_.sat) : SatAnswer{};
    std::vector<double> numbers;
    for (int i = 0; i <= last; ++i) {
      numbers.push_back(trace_.sat[static_cast<std::size_t>(i)].axis.x);
      numbers.push_back(trace_.sat[static_cast<std::size_t>(i)].axis.y);
    }
    const VectorFormat format = vectorFormat(numbers);
    if (ImGui::BeginTable("##axes", 4, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
      ImGui::TableSetupColumn("axis");
      ImGui::TableSetupColumn("n");
      ImGui::TableSetupColumn("from");
      ImGui::TableSetupColumn("overlap");
      ImGui::TableHeadersRow();
      for (int i = 0; i <= last; ++i) {
        const collide::SatAxisStep<double>& axis = trace_.sat[static_cast<std::size_t>(i)];
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::Text("%s%d", i == ref.index ? "> " : "", axis.axisIndex + 1);
        ImGui::TableNextColumn();
        vectorCell(std::array<double, 2>{axis.axis.x, axis.axis.y}, format);
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(axisSourceText(axis.source, axis.edge).c_str());
        ImGui::TableNextColumn();
        // 0 to rounding reads as such, as the narration says it (a noise overlap "1.4e-14" looks meaningful).
        const std::string overlap = satShadowsTouch(axis) ? formatSatOverlap(axis.overlap, satShadowScale(axis))
                                                          : formatWith("%.4g", axis.overlap);
        ImGui::Text("%s%s", overlap.c_str(), axis.separating ? " (gap)" : "");
        // The answer's row tinted red, the runner-up's grey: a word in the column did not fit the panel.
        if (i == won.best) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, ImGui::GetColorU32(toImVec4(palette::kHit.withAlpha(0.25f))));
        if (i == won.runnerUp) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, ImGui::GetColorU32(ImVec4(1, 1, 1, 0.14f)));
      }
      ImGui::EndTable();
    }
    if (answer) {
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
      textWrapped("red row: the smallest overlap, the answer; grey: the runner-up");
      ImGui::PopStyleColor();
    }
  } else if (ref.kind == StepRef::Kind::Analytic) {
    std::vector<double> numbers;
    for (int i = 0; i <= ref.index; ++i) {
      numbers.push_back(trace_.analytic[static_cast<std::size_t>(i)].closest.x);
      numbers.push_back(trace_.analytic[static_cast<std::size_t>(i)].closest.y);
    }
    const VectorFormat format = vectorFormat(numbers);
    // Each step's question (naming its edge), then what it found in words: the raw value (0 or 1 for yes or no, a
    // signed margin) meant nothing without them. The point is the one the step looked at, on B or the centre itself.
    if (ImGui::BeginTable("##analytic", 2, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) {
      ImGui::TableSetupColumn("step: what it found");
      ImGui::TableSetupColumn("point looked at", ImGuiTableColumnFlags_WidthFixed);
      ImGui::TableHeadersRow();
      for (int i = 0; i <= ref.index; ++i) {
        const collide::AnalyticStep<double>& step = trace_.analytic[static_cast<std::size_t>(i)];
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        std::string title(step.title);
        if (step.edge >= 0) title += " (edge " + std::to_string(step.edge) + ")";  // as the step list names it
        textWrapped("%s", title.c_str());
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
        textWrapped("%s", analyticDecision(step, shapes_[0], shapes_[1]).c_str());
        ImGui::PopStyleColor();
        ImGui::TableNextColumn();
        vectorCell(std::array<double, 2>{step.closest.x, step.closest.y}, format);
      }
      ImGui::EndTable();
    }
  }
}

// [SECTION] Panel: inspector

void NarrowPhaseLab::drawInspector(int index) {
  ImGui::PushID(index);
  if (drawShapeInspector(shapes_[static_cast<std::size_t>(index)], inspectorError_, kShapeNames[index])) changed();
  ImGui::PopID();
}

namespace {
const bool registered = registerLab("Narrow phase", "Narrow phase", &NarrowPhaseLab::create, {"GJK"});
}  // namespace

}  // namespace lab
