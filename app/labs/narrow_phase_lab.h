// app/labs/narrow_phase_lab.h: the narrow-phase lab, registered as "Narrow phase" (formerly
// "GJK"). Two shapes of any core type, one algorithm of collide/query.h (GJK boolean, GJK distance,
// GJK + EPA, SAT, analytic) run in double or float, its recorded trace on the timeline, and two views: the world
// and the Minkowski difference A - B, both drawing the same step. narrow_phase_lab.cpp holds the state, the
// editing, the panel and the scene IO; narrow_phase_views.cpp draws the two views.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "collide/query.h"
#include "lab/lab.h"
#include "labs/narrow_phase_common.h"
#include "render/shape_drawing.h"
#include "widgets/shape_editor.h"

namespace lab {

class NarrowPhaseLab final : public Lab {
 public:
  using StepRef = TraceStepRef;  // one entry of the timeline (labs/narrow_phase_common.h)

  static std::unique_ptr<Lab> create() { return std::make_unique<NarrowPhaseLab>(); }
  NarrowPhaseLab();

  void update(double seconds) override;
  void drawUi() override;
  [[nodiscard]] int viewCount() const override { return 2; }
  [[nodiscard]] const char* viewTitle(int view) const override;
  void keyPressed(const KeyPress& press) override;
  void draw(const DrawContext& context) override;
  [[nodiscard]] std::optional<WorldBounds> sceneBounds(int view) const override;
  [[nodiscard]] std::optional<WorldBounds> followBounds(int view) const override;
  // A pair whose sizes differ by far opens framed on the smaller shape and the contact (contactFocus).
  [[nodiscard]] std::optional<WorldBounds> openingBounds(int view) const override;

  bool mouseDown(const MouseEvent& event) override;
  void mouseMove(const MouseEvent& event) override;
  void mouseUp(const MouseEvent& event) override;

  [[nodiscard]] int stepCount() const override { return static_cast<int>(steps_.size()); }
  [[nodiscard]] std::span<const StepKind> stepKinds() const override { return stepKinds_; }
  [[nodiscard]] int stepIndex() const override { return step_; }
  void setStep(int index) override;

  bool loadScene(const Scene& scene, std::string& error) override;
  void saveScene(Scene& scene) const override;
  bool setAlgorithm(std::string_view name, std::string& error) override;
  [[nodiscard]] std::string algorithmTitle(std::string_view name) const override { return queryAlgorithmTitle(name); }
  void loadSettings(const Json& settings) override;
  [[nodiscard]] Json saveSettings() const override;
  void dumpState(Json& out) const override;
  [[nodiscard]] std::vector<Shortcut> shortcuts() const override;
  void frameMetrics(std::vector<FrameMetric>& out) const override;

 private:
  // [SECTION] State (narrow_phase_lab.cpp)
  void record();                       // re-runs recordQuery on the current configuration, keeps the step (clamped)
  void changed() { recordPending_ = true; }
  void recordIfChanged();
  // The smaller shape and the result's points on A and B (contactFocus), in the world view.
  [[nodiscard]] std::optional<ContactFocus<WorldBounds>> contactFocus2() const;
  void measureQueryTime();             // an unrecorded runQuery, timed, for frameMetrics
  [[nodiscard]] std::string narration() const;
  [[nodiscard]] std::string contactWords() const;  // "the shapes touch / overlap", from the measured depth
  void drawInspector(int shape);
  void drawStepTable();

  // [SECTION] Views (narrow_phase_views.cpp)
  void drawWorld(Renderer2D& renderer) const;
  void drawMinkowski(Renderer2D& renderer) const;
  void drawGjkStep(Renderer2D& renderer, const collide::GjkStep<collide::Vec2<double>>& step, bool minkowskiView) const;
  void drawEpaStart(Renderer2D& renderer, const collide::EpaStart<double>& start, bool minkowskiView) const;
  void drawEpaStep(Renderer2D& renderer, const collide::EpaStep<double>& step, bool minkowskiView) const;
  // `answer`: the step is SAT's result (the winning axis, drawn with the runner-up's overlap).
  void drawSatStep(Renderer2D& renderer, const collide::SatAxisStep<double>& step, bool minkowskiView,
                   bool answer = false) const;
  void drawAnalyticStep(Renderer2D& renderer, const collide::AnalyticStep<double>& step) const;
  // GJK's first step's centroids, which its words subtract (narrow_phase_common.h: firstStepCentroids).
  void drawCentroidMarks(Renderer2D& renderer) const;
  void drawResult(Renderer2D& renderer) const;
  void rebuildMinkowski();

  std::array<Collider, 2> shapes_;
  collide::Algorithm algorithm_ = collide::Algorithm::Gjk;
  bool useFloat_ = false;              // run the core in float, to show its precision trouble
  std::optional<FloatLine> floatLine_;  // float runs: what double answers (narrow_phase_common.h)
  PanelBlock stepBlock_;                // where the step lay in the panel (the state dump's step_block)
  // A SAT step's shadows in the world view as last drawn: their common part along the axis and the bar drawn for it
  // (world points; widened when short on screen). The state dump's sat_shadows.
  mutable Json satShadowsDrawn_;

  collide::QueryTrace<double> trace_;  // the recorded run, in double whatever scalar ran
  std::vector<StepRef> steps_;
  std::vector<StepKind> stepKinds_;  // SAT's: the timeline's jumps between tested axes, new bests ... (satStepKinds)
  std::vector<StepListEntry> stepRows_;  // the step list's rows, built once per recording
  int step_ = 0;
  bool recordPending_ = true;

  std::vector<Vec2d> minkowski_;       // A - B: exact hull for polytopes, sampled for curves (world frame)
  std::vector<Vec2d> minkowskiCores_;  // the cores' difference, when a shape is rounded (GJK distance runs on it)

  ShapeEditor editor_;
  std::string inspectorError_;

  // Measurements: recordQuery per re-record, and the unrecorded query per frame (frameMetrics).
  RecordTiming recordTiming_;
  double queryMicros_ = 0;
  double frameSecondsMax_ = 0;
  double frameSecondsTotal_ = 0;
  int frameCount_ = 0;
};

}  // namespace lab
