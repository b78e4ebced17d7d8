// app/labs/narrow_phase3_lab.h: the 3D narrow-phase lab, registered as "Narrow phase 3D". Two convex 3D shapes,
// one algorithm of collide/query3.h (GJK boolean, GJK distance, GJK + EPA, SAT, SAT lite, analytic), its recorded
// trace on the timeline, and two spatial views: the world, and the Minkowski difference A - B with the origin, both
// drawing the same step. narrow_phase3_lab.cpp holds the state, picking and dragging, the panel and the scene IO;
// narrow_phase3_views.cpp draws the two views.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "collide/query3.h"
#include "lab/lab.h"
#include "labs/narration.h"
#include "labs/narrow_phase_common.h"
#include "render/label_layout.h"
#include "widgets/gizmo3.h"
#include "widgets/shape_drag3.h"

namespace lab {

// The farthest point of a placed shape along d (world frame); a mesh's farthest vertex (the support of its convex
// hull: the core takes none from a mesh, but the views place its name and frame it by it).
[[nodiscard]] Vec3d worldSupport(const Collider3& collider, Vec3d d);

// One SAT axis in the world: the axis as a dashed line through `middle` in `axisColor`, A's and B's shadows on it
// (blue, orange) side by side, their overlap in red or the gap labelled, and where the axis comes from; `scale` a
// length of the picture (the smaller shape's size). The 3D narrow-phase lab's SAT steps, the mid-phase lab's
// SAT-lite false positives.
// `note` follows the overlap's number (SAT's answer: "the smallest (next: axis 3, 0.354)").
void drawSatAxis3(Renderer3D& renderer, const collide::SatAxisStep3<double>& step, Vec3d middle, double scale, Color axisColor,
                  const std::string& note = {});

// A - B (or any convex set) for drawing: vertices and triangles (fans of the hull's faces), in the world frame.
struct MinkowskiHull3 {
  std::vector<Vec3d> positions;
  std::vector<int> triangles;  // index triples
  std::vector<Vec3d> normals;  // sampled: smooth shading's, one per entry of `triangles`; exact: none (flat)
  MeshTopology topology;       // once built: Closed (a hull's faces fanned close up); the outline when exact
  bool exact = false;          // the exact hull of vertex differences (polytopes), or sampled along directions
  bool containsOrigin = false;  // strictly inside, farther than rounding from the boundary
  bool touchesOrigin = false;   // on the boundary to rounding (exact hulls only)
  double originDepth = 0;      // the smallest face distance of the origin (> 0 inside)
  // A flat set (no solid hull: a segment minus a segment, a point minus a triangle): its outline in its plane,
  // counter-clockwise (a polygon), or a segment's two ends, or one point. Empty when the set is solid.
  std::vector<Vec3d> flat;
  // Why there is no A - B at all, when a shape has no support function ("no A - B: B is a mesh, which has no
  // support function"); empty otherwise. Then nothing above is set: no set and no verdict on the origin.
  std::string absent;
};

// A - B of a pair as the core saw it (pairInScalar's): the exact hull of every vertex difference when both shapes
// are polytopes small enough, otherwise the hull of support points of A - B along evenly spread directions (a
// curved difference, drawn faceted). `core`: the cores' difference (a sphere's centre, a capsule's segment) instead.
// A flat difference (a triangle minus a point) has no solid hull: its outline instead (`flat`). Empty when not finite,
// and only `absent` set when a shape has no support function (a mesh).
[[nodiscard]] MinkowskiHull3 minkowskiHull3(const std::array<Collider3, 2>& shapes, bool core = false);
// Draws it translucent, outlined by its edges (exact) or its silhouette and creases (sampled); a flat set as its
// outline.
void drawMinkowskiHull3(Renderer3D& renderer, const MinkowskiHull3& hull, float fillAlpha = 0.16f, float lineAlpha = 0.75f);

class NarrowPhase3Lab final : public Lab {
 public:
  using StepRef = TraceStepRef;  // one entry of the timeline (labs/narrow_phase_common.h)

  static std::unique_ptr<Lab> create() { return std::make_unique<NarrowPhase3Lab>(); }
  NarrowPhase3Lab();

  void update(double seconds) override;
  void drawUi() override;
  [[nodiscard]] int viewCount() const override { return 2; }
  [[nodiscard]] const char* viewTitle(int view) const override;
  [[nodiscard]] ViewKind viewKind(int /*view*/) const override { return ViewKind::Spatial; }
  void keyPressed(const KeyPress& press) override;
  void draw(const DrawContext& context) override;
  [[nodiscard]] std::optional<WorldBounds3> sceneBounds3(int view) const override;
  [[nodiscard]] std::optional<WorldBounds3> followBounds3(int view) const override;
  // A - B holds the origin when the shapes overlap, so its pane's grid at y = 0 ran black lines through the polytope's
  // faces (newcomer review s34 A10): there the grid lies under A - B, a twentieth of its height below it.
  [[nodiscard]] double groundHeight(int view) const override;

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
  std::optional<ViewAim> takeViewAim() override { return std::exchange(viewAim_, std::nullopt); }
  // Look across the contact (N): along the direction nearest the world view's that is perpendicular to the
  // result's normal, at the middle of the witness points, so the gap or the overlap along the normal is seen
  // edge-on (in perspective a pair 0.1 apart can look interpenetrating). None without a normal and points.
  // It frames the contact as the mid-phase lab's key A frames its gap (ViewAim::frame): the smaller shape and the
  // witness points (contactFocus), so a 1 : 1000 pair's overlap of 0.5 is a readable length.
  [[nodiscard]] std::optional<ViewAim> contactAim() const;
  // A pair whose sizes differ by far opens framed on the smaller shape and the contact (contactFocus).
  [[nodiscard]] std::optional<WorldBounds3> openingBounds3(int view) const override;
  // The A - B pane looks across the run's answer (paneAxis), from the side nearest the world view's, turned again when
  // the run changes, once an edit is done.
  [[nodiscard]] std::optional<Vec3d> fitDirection3(int view, Vec3d current) const override;
  int takeViewRefit() override { return std::exchange(refitPane_, false) ? 1 : -1; }

 private:
  // [SECTION] State (narrow_phase3_lab.cpp)
  void record();  // re-runs recordQuery on the current pair (in float or double), keeps the step (clamped)
  void changed() { recordPending_ = true; }
  void recordIfChanged();
  void rebuildMinkowski();
  void applyPreset(int preset);
  [[nodiscard]] std::string narration() const;
  void drawStepTable();

  // [SECTION] Views (narrow_phase3_views.cpp)
  void drawWorld(Renderer3D& renderer) const;
  void drawMinkowski(Renderer3D& renderer) const;
  void drawGjkStep(Renderer3D& renderer, const collide::GjkStep<Vec3d>& step, bool minkowskiView) const;
  void drawEpaStart(Renderer3D& renderer, const collide::EpaStart3<double>& start, bool minkowskiView) const;
  void drawEpaStep(Renderer3D& renderer, const collide::EpaStep3<double>& step, bool minkowskiView) const;
  // `answer`: the step is SAT's result (the winning axis, drawn with the runner-up's overlap).
  void drawSatStep(Renderer3D& renderer, const collide::SatAxisStep3<double>& step, bool minkowskiView,
                   bool answer = false) const;
  void drawAnalyticStep(Renderer3D& renderer, const collide::AnalyticStep3<double>& step) const;
  void drawResult(Renderer3D& renderer, bool minkowskiView) const;
  [[nodiscard]] std::optional<collide::SupportPoint<Vec3d>> stepSupport() const;
  // GJK's first step, whose words say d = B's centroid - A's centroid: the centroids the world view marks, with d
  // between them (centroid_marks). None on the other steps.
  [[nodiscard]] std::optional<FirstDirectionMarks<Vec3d>> centroidMarks() const {
    return firstStepCentroids(trace_, steps_, step_, shapes_);
  }
  // What the A - B pane looks across: the result's normal, else, apart, GJK's last search direction (boolean GJK's);
  // none for an overlap without a normal (its last d is any direction) or a refused run: the pane keeps the world's.
  [[nodiscard]] std::optional<Vec3d> paneAxis() const;
  // The result's points on A and on B; SAT's extreme points along its normal when it gives none. None without them.
  [[nodiscard]] std::optional<std::array<Vec3d, 2>> witnessPoints() const;
  [[nodiscard]] std::optional<ContactFocus<WorldBounds3>> contactFocus3() const;
  [[nodiscard]] double sceneScale() const;  // a length the pictures scale their arrows and offsets by
  // GJK's search direction d in the A - B view: half the scene's scale, and at least a tenth of A - B, so that beside
  // a 1000-wide A - B (3d_10) it is not a pixel long under the origin's dot.
  [[nodiscard]] double searchArrowLength() const;

  std::array<Collider3, 2> shapes_;
  collide::Algorithm algorithm_ = collide::Algorithm::Gjk;

  bool useFloat_ = false;  // run the core in float (a game engine's precision), widened to double for the views
  collide::QueryTrace3<double> trace_;
  std::optional<FloatLine> floatLine_;  // float runs: what double answers (narrow_phase_common.h)
  PanelBlock stepBlock_;                // where the step lay in the panel (the state dump's step_block)
  mutable std::array<Vec3d, 2> nameAnchors_{};  // where the world view last put "shape A" and "shape B" (name_anchors)
  // The A - B pane's EPA step as last drawn: the polytope's extent on screen (the labels go beside it) and the
  // horizon's edges, window pixels (horizon_screen: a test sees no label over them).
  mutable std::optional<LabelBox> epaOutline_;
  mutable std::vector<LabelBox> epaBeside_;  // the labels put beside it so far (the origin's, n's ...)
  mutable std::vector<std::array<Vec2d, 2>> horizonScreen_;
  mutable std::array<std::vector<ScreenLabel>, 2> viewLabels_;  // each view's labels as last drawn (world_labels, minkowski_labels)
  std::vector<StepRef> steps_;
  std::vector<StepKind> stepKinds_;  // SAT's: the timeline's jumps between tested axes, new bests ... (satStepKinds)
  std::vector<StepListEntry> stepRows_;  // the step list's rows, built once per recording
  int step_ = 0;
  bool recordPending_ = true;
  MinkowskiHull3 minkowski_;
  // The pane's axis and set as last turned to (record): a run with others asks the shell to turn the pane again.
  std::optional<Vec3d> paneAxis_;
  std::vector<Vec3d> paneSet_;
  bool refitPane_ = false;

  // Selecting and dragging: a press on a shape selects it and moves it on the plane facing the camera (Shift:
  // along the line of sight); the selected shape's gizmo moves it along an axis or turns it about one.
  std::optional<OrbitCamera> camera_;  // the world view's camera as last drawn: drags and the gizmo read it
  std::optional<ViewAim> viewAim_;     // asked for, until the shell takes it
  ShapeDrag3 mouse_;  // selection, hover and the drag under way

  std::array<std::string, 2> inspectorErrors_;
  int inspectorShown_ = -1;  // the selection the panel last scrolled to (drawPanel)
  int preset_ = -1;

  // Measurements: recordQuery per re-record, the unrecorded query per frame (frameMetrics).
  RecordTiming recordTiming_;
  double queryMicros_ = 0;
};

}  // namespace lab
