// The continuous-collision lab in space, registered as "Continuous collision 3D": two convex 3D shapes, each moving
// over t in [0, 1] from its start pose by a velocity and an angular velocity (a rotation vector: axis times the
// angle turned over [0, 1]), and one cast of collide/cast_query.h recorded and stepped on the timeline, as the
// plane's lab does (labs/recorded_cast.h holds what both share: the steps, their times, their narration, the
// [0, 1] bar). The view draws each shape at its start pose and its end pose (dashed), the discrete frames a
// fixed-step simulation would check (red where the pair overlaps: with none, the body tunnelled), the shapes at
// the current step's time, what the step measured (closest points, a swept axis's shadows, the quadratic's
// sphere) and the contact with its normal. The gizmo moves and turns a start pose, or an end pose (which sets the
// velocity and the angular velocity).
//
// [SECTION] Helpers: poses along a motion, rotation vectors, presets
// [SECTION] The lab
// [SECTION] Recording
// [SECTION] Mouse: picking, the gizmo on a start or an end pose
// [SECTION] Drawing
// [SECTION] Scenes, settings, dump, metrics
// [SECTION] Panel
#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <limits>
#include <numbers>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#define GLFW_INCLUDE_NONE  // key codes only
#include <GLFW/glfw3.h>
#include <imgui.h>

#include "collide/cast_query.h"
#include "io/shape_json.h"
#include "lab/lab.h"
#include "labs/cast_space_pane.h"
#include "labs/cast_space_pane3.h"
#include "labs/format.h"
#include "labs/narration.h"
#include "labs/narrow_phase3_lab.h"
#include "labs/narrow_phase_common.h"
#include "labs/recorded_cast.h"
#include "platform/theme.h"
#include "render/renderer3d.h"
#include "render/shape_drawing3.h"
#include "widgets/gizmo3.h"
#include "widgets/number_field.h"
#include "widgets/shape_drag3.h"
#include "widgets/shape_inspector.h"
#include "widgets/wrapped_text.h"

namespace lab {

namespace {

// [SECTION] Helpers: poses along a motion, rotation vectors, presets

using collide::CastAlgorithm;
using collide::CastStatus;
using Motion3 = collide::Motion<Vec3d>;
using CastResult3 = collide::CastResult<Vec3d>;
using Quatd = collide::Quat<double>;

constexpr double kPi = std::numbers::pi;
constexpr double kDegrees = 180.0 / kPi;
constexpr const char* kNames[2] = {"A", "B"};

// The rotation vector of the turn q (axis times angle), of the turns that give q the one nearest `near` (a drag of
// the end pose's ring past half a turn keeps turning rather than flipping to the short way round).
Vec3d rotationVector(Quatd q, Vec3d near) {
  if (q.w < 0) q = {-q.x, -q.y, -q.z, -q.w};
  const Vec3d v = q.vector();
  const double s = collide::length(v);
  const double angle = 2.0 * std::atan2(s, q.w);
  Vec3d axis = s > 0 ? (1.0 / s) * v : (collide::length(near) > 0 ? (1.0 / collide::length(near)) * near : Vec3d{0, 1, 0});
  Vec3d best = angle * axis;
  for (int k = -3; k <= 3; ++k) {
    const Vec3d candidate = (angle + 2.0 * kPi * k) * axis;
    if (collide::length(candidate - near) < collide::length(best - near)) best = candidate;
  }
  return best;
}

Json vectorJson(Vec3d v) { return Json{v.x, v.y, v.z}; }

collide::Box3<double> box(double x, double y, double z) { return {{x, y, z}}; }
collide::Sphere<double> sphere(double radius) { return {{0, 0, 0}, radius}; }

struct Preset {
  const char* name;
  CastAlgorithm algorithm;
  Collider3 a, b;
  Motion3 motionA, motionB;
};

// The classic cases (the curated scenes assets/scenes/ccd3d_*.json teach the same with a lesson).
std::vector<Preset> presets() {
  return {
      // A small fast sphere and a thin slab: frames a quarter apart see it above, then below.
      {"Bullet through a thin slab", CastAlgorithm::TimeOfImpact, placedCollider(box(2, 0.03, 2), {0, 0, 0}),
       placedCollider(sphere(0.15), {-0.4, 2.6, 0.3}), {}, {{0.8, -6.8, -0.5}, {}}},
      // The bar's centre passes far from the post; its ends sweep a disc that reaches it.
      {"Spinning bar past a post", CastAlgorithm::TimeOfImpact, placedCollider(collide::Cylinder<double>{1.0, 0.3}, {0, 0, 0}),
       placedCollider(box(2.5, 0.08, 0.08), {-0.5, 0, 2.3}), {}, {{1.0, 0, 0}, {0, 2.9, 0}}},
      {"Box sliding along a face", CastAlgorithm::DynamicSat, placedCollider(box(1, 1, 1), {0, 0, 0}),
       placedCollider(box(0.5, 0.5, 0.5), {-3, 1.5, 0.2}), {}, {{6, 0, 0}, {}}},
      {"Spheres head-on", CastAlgorithm::Analytic, placedCollider(sphere(1), {-3, 0, 0}), placedCollider(sphere(1), {3, 0.4, 0.3}),
       {{3, 0, 0}, {}}, {{-3, 0, 0}, {}}},
      {"A ray through a turned box", CastAlgorithm::Ray, placedCollider(collide::Point3<double>{}, {-3, 0.3, 0.2}),
       placedCollider(box(1, 0.5, 0.75), {0, 0, 0}, {20, 35, 10}), {{6, 0, -0.4}, {}}, {}},
  };
}

bool moves(const Motion3& motion) { return motion.velocity != Vec3d{} || motion.angularVelocity != Vec3d{}; }

}  // namespace

// [SECTION] The lab

class ContinuousLab3 final : public Lab {
 public:
  static std::unique_ptr<Lab> create() { return std::make_unique<ContinuousLab3>(); }
  ContinuousLab3() { applyPreset(0); }

  void drawUi() override;
  // A second pane, A - B, for the casts that iterate on one set (labs/cast_space_pane3.h: the linear cast, a GJK ray).
  [[nodiscard]] int viewCount() const override { return space_ ? 2 : 1; }
  [[nodiscard]] const char* viewTitle(int view) const override {
    // Beside the A - B pane, the world's title is short (two panes share the canvas).
    if (space_) return view == 1 ? castSpaceTitle(space_->difference) : "Motion over t in [0, 1]";
    return "Motion over t in [0, 1]: start and end poses dashed, the step's time solid";
  }
  [[nodiscard]] std::optional<WorldBounds3> followBounds3(int view) const override {
    return view == 1 && space_ ? castSpaceFollowBounds3(*space_, cast_, step_) : std::nullopt;
  }
  // The A - B pane looks across the ray (castSpaceDirection3), turned again when the cast changes (record).
  [[nodiscard]] std::optional<Vec3d> fitDirection3(int view, Vec3d current) const override {
    return view == 1 && space_ ? castSpaceDirection3(*space_, cast_, current) : std::nullopt;
  }
  int takeViewRefit() override { return std::exchange(refitSpace_, false) ? 1 : -1; }
  [[nodiscard]] ViewKind viewKind(int) const override { return ViewKind::Spatial; }
  void keyPressed(const KeyPress& press) override;
  void draw(const DrawContext& context) override;
  [[nodiscard]] std::optional<WorldBounds3> sceneBounds3(int) const override;
  [[nodiscard]] std::optional<WorldBounds3> mustShow3(int view) const override {
    return view == 0 ? bounceBounds(ghosts()) : std::nullopt;
  }
  bool takeMustShowChanged() override { return std::exchange(mustShowChanged_, false); }
  bool mouseDown(const MouseEvent& event) override;
  void mouseMove(const MouseEvent& event) override;
  void mouseUp(const MouseEvent& event) override;
  [[nodiscard]] int stepCount() const override { return cast_.stepCount(); }
  [[nodiscard]] int stepIndex() const override { return step_; }
  void setStep(int index) override { step_ = std::clamp(index, 0, std::max(stepCount() - 1, 0)); }
  bool loadScene(const Scene& scene, std::string& error) override;
  void saveScene(Scene& scene) const override;
  bool setAlgorithm(std::string_view name, std::string& error) override;
  [[nodiscard]] std::string algorithmTitle(std::string_view name) const override { return castAlgorithmTitle(name); }
  void loadSettings(const Json& settings) override;
  [[nodiscard]] Json saveSettings() const override;
  void dumpState(Json& out) const override;
  [[nodiscard]] std::vector<Shortcut> shortcuts() const override;
  void frameMetrics(std::vector<FrameMetric>& out) const override;
  std::optional<ViewAim> takeViewAim() override { return std::exchange(viewAim_, std::nullopt); }

 private:
  void applyPreset(int preset);
  void record();
  void edited() {
    preset_ = -1;
    record();
  }
  [[nodiscard]] double stepTime() const { return cast_.stepTime(step_); }
  // The shape a handle moves: 0, 1 A's and B's start poses; 2, 3 their end poses (t = 1). -1 none.
  [[nodiscard]] Collider3 target(int handle) const;
  [[nodiscard]] std::array<Collider3, 4> targets() const;  // the four handles: start A, start B, end A, end B
  void dragTo(int handle, const Pose3& pose);
  [[nodiscard]] double sceneScale() const;  // a length the arrows and offsets scale by: the smaller shape's size
  [[nodiscard]] std::optional<ViewAim> contactAim() const;
  [[nodiscard]] std::string refusalOf(CastAlgorithm algorithm) const;  // empty when the algorithm takes the pair
  void drawStep(Renderer3D& renderer) const;
  // A moving sphere against a triangle (B held still): the piece this step grows by the radius (the face lifted,
  // an edge's cylinder, a vertex's sphere) and the centre's path into it.
  void drawTriangleSweepStep(Renderer3D& renderer, const collide::SweepStep<Vec3d>& s) const;
  void drawFrames(Renderer3D& renderer) const;
  void drawMotionFields(int i);
  // The bounce after the cast's contact (recorded_cast.h: bounceAfter), drawn with the discrete frames as in 2D.
  [[nodiscard]] Bounce<Vec3d> bounce() const { return bounceAfter(motions_, cast_.result.normal, restitution_); }
  // Each body's bounce as drawn (bounces_, with the discrete frames), and where its label is anchored (on its far
  // side, turned toward the eye).
  [[nodiscard]] const std::array<std::optional<BounceGhost<Collider3>>, 2>& ghosts() const {
    static const std::array<std::optional<BounceGhost<Collider3>>, 2> kNone;
    return showFrames_ ? bounces_ : kNone;
  }
  [[nodiscard]] static Vec3d labelAnchor(const BounceGhost<Collider3>& ghost, Vec3d towardEye);
  // Where the ghost's label goes in `camera`'s view: at its anchor, or, when that is outside the view, at the view's
  // edge toward it (clamped: a line joins them). nullopt: the anchor is behind the camera.
  struct BounceLabel {
    Vec3d at;
    bool clamped = false;
  };
  [[nodiscard]] static std::optional<BounceLabel> bounceLabel(const OrbitCamera& camera, const BounceGhost<Collider3>& ghost);
  [[nodiscard]] bool spinCloses() const;
  [[nodiscard]] std::string afterContactLabel(int i) const {
    return afterContactText(motions_, bounce(), i, restitution_, spinCloses());
  }

  std::array<Collider3, 2> shapes_;
  std::array<Motion3, 2> motions_{};
  CastAlgorithm algorithm_ = CastAlgorithm::TimeOfImpact;
  bool useFloat_ = false;  // cast in float (a game engine's precision), the run widened to double for the views
  RecordedCast<Vec3d> cast_;  // labs/recorded_cast.h: result, steps, refusal, float line; cast_.motions is what ran
  std::optional<CastSpace3> space_;  // the A - B pane's set, for the casts that have one (castSpace3)
  bool refitSpace_ = false;          // the pane's cast changed: the shell turns it across the new ray
  std::array<std::optional<BounceGhost<Collider3>>, 2> bounces_;  // recorded_cast.h: bounceGhosts, built by record()
  int step_ = 0;
  int preset_ = -1;
  bool showFrames_ = true;
  double restitution_ = 0.6;
  unsigned discreteOverlaps_ = 0;  // bit k: frame k (t = k / kDiscreteFrames) overlaps or touches
  // The bounce appeared or moved (D, the restitution): the shell fits the view when it does not show it (mustShow3).
  bool mustShowChanged_ = false;

  // Selecting and dragging (as the 3D narrow-phase lab): a press on a start or end pose selects it and moves it on
  // the plane facing the camera (Shift: along the line of sight); the selected pose's gizmo moves it along an axis
  // or turns it about one. An end pose's move sets the velocity, its turn the angular velocity.
  std::optional<OrbitCamera> camera_;
  std::optional<ViewAim> viewAim_;
  ShapeDrag3 mouse_;  // over the four handles (targets()): selection, hover and the drag under way
  std::array<std::string, 2> inspectorErrors_;
};

// [SECTION] Recording

void ContinuousLab3::applyPreset(int preset) {
  const std::vector<Preset> all = presets();
  if (preset < 0 || preset >= static_cast<int>(all.size())) return;
  const Preset& chosen = all[static_cast<std::size_t>(preset)];
  shapes_ = {chosen.a, chosen.b};
  motions_ = {chosen.motionA, chosen.motionB};
  algorithm_ = chosen.algorithm;
  preset_ = preset;
  mouse_.selected = -1;
  inspectorErrors_ = {};
  step_ = 0;
  record();
}

void ContinuousLab3::record() {
  cast_ = recordCast(algorithm_, shapes_, motions_, useFloat_);
  std::optional<CastSpace3> space = castSpace3(cast_, shapes_, useFloat_);
  // Only a new ray or set turns the pane (the restitution records again too): until then the user's orbit stays.
  if (space && !(space_ && sameCastSpace3(*space, *space_))) refitSpace_ = true;
  space_ = std::move(space);
  noteBounceDisagreement(cast_, motions_, restitution_);
  bounces_ = bounceGhosts(cast_, shapes_, motions_, restitution_);
  step_ = std::clamp(step_, 0, std::max(stepCount() - 1, 0));
  discreteOverlaps_ = discreteContacts(shapes_, motions_).overlaps;  // what a fixed-step simulation would check
}

std::string ContinuousLab3::refusalOf(CastAlgorithm algorithm) const {
  // As recordCast words it: the linear cast of a pair that turns casts the translations alone.
  std::array<Motion3, 2> motions = motions_;
  if (algorithm == CastAlgorithm::Linear &&
      !collide::castRefusal(CastAlgorithm::TimeOfImpact, shapes_[0], motions_[0], shapes_[1], motions_[1]))
    motions[0].angularVelocity = motions[1].angularVelocity = {};
  const auto refused = collide::castRefusal(algorithm, shapes_[0], motions[0], shapes_[1], motions[1]);
  if (!refused) return {};
  const char* who[] = {"the pair", "A", "B", "A's motion", "B's motion"};
  return std::string(who[static_cast<int>(refused->subject)]) + ": " + refused->reason;
}

double ContinuousLab3::sceneScale() const {
  double smallest = std::numeric_limits<double>::infinity();
  for (const Collider3& shape : shapes_) {
    const WorldBounds3 box = shapeBounds3(shape);
    smallest = std::min(smallest, collide::length(box.max - box.min));
  }
  return std::isfinite(smallest) && smallest > 1e-6 ? smallest : 1.0;
}

std::optional<Lab::ViewAim> ContinuousLab3::contactAim() const {
  if (!cast_.result.hit || cast_.result.normal == Vec3d{}) return std::nullopt;
  ViewAim aim = aimAcross(cast_.result.point, cast_.result.normal, camera_ ? camera_->forward() : Vec3d{0, 0, -1});
  // Framed on the contact, as the mid-phase lab's key A frames its gap: turned alone, the view kept the distance
  // that shows both whole sweeps, and the contact was a few pixels in it (ccd3d_01's bullet on the slab). The
  // region is the smaller body as it touches, with its mirror through the contact point, so as much of the other
  // body shows across the contact; a point (the ray) has no size, so the other body sets it.
  std::optional<WorldBounds3> smaller;
  double smallest = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < 2; ++i) {
    const WorldBounds3 box = shapeBounds3(movedAlong(shapes_[i], motions_[i], cast_.result.fraction));
    const double size = collide::length(box.max - box.min);
    if (size > 1e-9 * sceneScale() && size < smallest) {
      smallest = size;
      smaller = box;
    }
  }
  if (smaller) aim.frame = contactRegion(*smaller, cast_.result.point);
  return aim;
}

// [SECTION] Mouse: picking, the gizmo on a start or an end pose

Collider3 ContinuousLab3::target(int handle) const {
  const auto i = static_cast<std::size_t>(handle % 2);
  return handle < 2 ? shapes_[i] : movedAlong(shapes_[i], motions_[i], 1.0);
}

// Start poses before end poses, so where they cover one another a press takes the start (pickShape keeps the first).
std::array<Collider3, 4> ContinuousLab3::targets() const { return {target(0), target(1), target(2), target(3)}; }

void ContinuousLab3::dragTo(int handle, const Pose3& pose) {
  const auto i = static_cast<std::size_t>(handle % 2);
  Collider3& shape = shapes_[i];
  if (handle < 2) {
    placeAt(shape, pose);
  } else {
    // The end pose: where it is sets the velocity, how it is turned from the start the angular velocity (a
    // rotation vector in the world frame: q(1) = exp(w) q(0)).
    motions_[i].velocity = pose.p - poseOf(shape).p;
    if (collide::isPlaced(shape.shape))
      motions_[i].angularVelocity = rotationVector((pose.q * shape.transform.q.conjugate()).normalized(), motions_[i].angularVelocity);
  }
  edited();
}

bool ContinuousLab3::mouseDown(const MouseEvent& event) {
  if (event.view != 0 || !camera_) return false;
  return mouse_.press(*camera_, event, targets());
}

void ContinuousLab3::mouseMove(const MouseEvent& event) {
  if (event.view != 0 || !camera_) return;
  if (const std::optional<Pose3> pose = mouse_.move(*camera_, event, targets())) dragTo(mouse_.dragging, *pose);
}

void ContinuousLab3::mouseUp(const MouseEvent&) { mouse_.release(); }

void ContinuousLab3::keyPressed(const KeyPress& press) {
  if (const std::optional<CastAlgorithm> picked = castAlgorithmKey(press, algorithm_)) {
    algorithm_ = *picked;
    record();
  }
  if (isPress(press, GLFW_KEY_D)) {
    showFrames_ = !showFrames_;
    mustShowChanged_ = showFrames_;
  }
  if (isPress(press, GLFW_KEY_N)) viewAim_ = contactAim();
  if (isPress(press, GLFW_KEY_ESCAPE) && mouse_.dragging < 0) mouse_.selected = -1;
  if (isPress(press, GLFW_KEY_T)) {
    useFloat_ = !useFloat_;
    record();
  }
}

// [SECTION] Drawing

void ContinuousLab3::draw(const DrawContext& context) {
  if (context.spatial == nullptr) return;
  Renderer3D& renderer = *context.spatial;
  if (context.view == 1) {
    if (space_) drawCastSpace3(renderer, *space_, cast_, step_);
    return;
  }
  camera_ = context.viewport->orbit;
  const double t = stepTime();
  const Vec3d towardEye = -1.0 * renderer.camera().forward();
  for (int i = 0; i < 2; ++i) {
    const auto index = static_cast<std::size_t>(i);
    const Collider3& start = shapes_[index];
    const Color color = i == 0 ? palette::kShapeA : palette::kShapeB;
    const Collider3 end = movedAlong(start, motions_[index], 1.0);
    const bool moving = moves(motions_[index]);
    // The start and end poses as dashed outlines (the end fainter), the path of the centre between them, and the
    // shape at the step's time as the cast moved it (without the turn when the linear cast ignores the spin).
    ShapeStyle3 ghost{0.04f, 1.5f, true};
    if (mouse_.selected == i || mouse_.hovered == i) ghost.outlineWidth += 1.0f;
    drawShape3(renderer, start, color, ghost);
    if (moving) {
      ShapeStyle3 endGhost{0.0f, 1.3f, true};
      if (mouse_.selected == i + 2 || mouse_.hovered == i + 2) endGhost.outlineWidth += 1.0f;
      drawShape3(renderer, end, color.withAlpha(0.6f), endGhost);
      renderer.line(poseOf(start).p, poseOf(end).p, color.withAlpha(0.7f), {1.2f, 6.0f, 5.0f});
    }
    ShapeStyle3 now;
    if (!moving && (mouse_.selected == i || mouse_.hovered == i)) now.outlineWidth += 1.0f;
    drawShape3(renderer, movedAlong(start, cast_.motions[index], t), color, now);
    renderer.label(worldSupport(start, towardEye + Vec3d{0, 1, 0}), std::string(kNames[i]) + " (t = 0)", color);
    if (moving) renderer.label(worldSupport(end, towardEye + Vec3d{0, 1, 0}), std::string(kNames[i]) + " (t = 1)", color.withAlpha(0.8f));
  }
  if (showFrames_) drawFrames(renderer);
  drawStep(renderer);
  if (mouse_.selected >= 0) {
    drawGizmo(renderer, poseOf(target(mouse_.selected)), mouse_.highlightedPart());
    // What is selected and what a drag does, in words (review s35 A10, as Narrow phase 3D).
    const std::string name = std::string(kNames[mouse_.selected % 2]) + (mouse_.selected < 2 ? "'s start pose" : "'s end pose");
    const std::pair<std::string, Color> line{
        selectionStatus3(name, collide::isPlaced(shapes_[static_cast<std::size_t>(mouse_.selected % 2)].shape)), palette::kText};
    const ScreenRect& rect = renderer.camera().rect();
    renderer.caption(paneCaptionCorner(rect), std::span(&line, 1), static_cast<float>(rect.width) - 40.0f);
  }
}

// The same motion checked only at discrete frames (what a fixed-step simulation does), beside the cast: frames that
// overlap are red; with none, the body tunnelled. Frame 4 is the end pose, drawn already.
void ContinuousLab3::drawFrames(Renderer3D& renderer) const {
  const float fade = discreteFramesOpacity(cast_);
  int labelled = -1;
  for (int body = 1; body >= 0; --body) {
    const auto index = static_cast<std::size_t>(body);
    if (!moves(motions_[index])) continue;
    for (int k = 1; k < kDiscreteFrames; ++k) {
      const bool overlapping = (discreteOverlaps_ & (1u << k)) != 0;
      const Collider3 frame = movedAlong(shapes_[index], motions_[index], static_cast<double>(k) / kDiscreteFrames);
      drawShape3(renderer, frame, (overlapping ? palette::kHit : palette::kTextDim).withAlpha(fade), {0.0f, 1.0f, true, 24});
    }
    if (labelled < 0) labelled = body;
  }
  if (labelled >= 0) {
    const auto index = static_cast<std::size_t>(labelled);
    const Collider3 middle = movedAlong(shapes_[index], motions_[index], 0.5);
    renderer.label(poseOf(middle).p, "frames at t = 0.25, 0.5, 0.75, 1", palette::kTextDim.withAlpha(std::max(fade, 0.7f)), {10, 10});
  }
  // Each moving body from its contact pose with its velocity after the impulse, for the rest of [0, 1].
  const Vec3d towardEye = -1.0 * renderer.camera().forward();
  const auto& drawnGhosts = ghosts();
  const std::array<std::string, 2> labels = bounceLabels(drawnGhosts, [this](int i) { return afterContactLabel(i); });
  for (int i = 0; i < 2; ++i) {
    const std::optional<BounceGhost<Collider3>>& ghost = drawnGhosts[static_cast<std::size_t>(i)];
    if (!ghost) continue;
    renderer.line(poseOf(ghost->contact).p, poseOf(ghost->after).p, palette::kSeparated, {1.5f, 6.0f, 5.0f, true});
    drawShape3(renderer, ghost->after, palette::kSeparated, {0.05f, 1.5f, true, 24});
    const std::optional<BounceLabel> spot = bounceLabel(renderer.camera(), *ghost);
    if (!spot) continue;
    if (spot->clamped)
      renderer.line(spot->at, labelAnchor(*ghost, towardEye), palette::kSeparated.withAlpha(0.6f), {1.0f, 4.0f, 3.0f, true});
    // What D shows, placed before the bodies' and frames' names.
    renderer.setLabelPriority(kLabelPriorityOutcome);
    renderer.label(spot->at, labels[static_cast<std::size_t>(i)], palette::kSeparated, {10, 10});
    renderer.setLabelPriority(kLabelPriorityScene);
  }
}

std::optional<ContinuousLab3::BounceLabel> ContinuousLab3::bounceLabel(const OrbitCamera& camera,
                                                                       const BounceGhost<Collider3>& ghost) {
  const Vec3d anchor = labelAnchor(ghost, -1.0 * camera.forward());
  const Projected p = camera.project(anchor);
  if (!p.inFront) return std::nullopt;
  if (camera.rect().contains(p.screen)) return BounceLabel{anchor, false};
  return BounceLabel{camera.unproject(clampIntoView(p.screen, camera.rect(), kOffViewLabelInset), p.depth), true};
}

Vec3d ContinuousLab3::labelAnchor(const BounceGhost<Collider3>& ghost, Vec3d towardEye) {
  const Vec3d away = poseOf(ghost.after).p - poseOf(ghost.contact).p;
  return worldSupport(ghost.after, away + 0.5 * collide::length(away) * towardEye);
}

bool ContinuousLab3::spinCloses() const {
  std::array<Vec3d, 2> centres;
  for (std::size_t i = 0; i < 2; ++i) centres[i] = poseOf(movedAlong(shapes_[i], motions_[i], cast_.result.fraction)).p;
  return spinStillCloses(bounce(), cast_.result.point, cast_.result.normal, centres);
}

void ContinuousLab3::drawStep(Renderer3D& renderer) const {
  const double scale = sceneScale();
  const auto closest = [&](Vec3d pointA, Vec3d pointB, const std::string& text) {
    renderer.line(pointA, pointB, palette::kSeparated, {2.5f, 0, 0, true});
    renderer.point(pointA, palette::kShapeA, 5.0f, true);
    renderer.point(pointB, palette::kShapeB, 5.0f, true);
    renderer.label(0.5 * (pointA + pointB), text, palette::kSeparated, {10, -24});
  };
  // What the step measured is labelled first (the triangle's corner names are the scene's: drawTriangleSweepStep).
  renderer.setLabelPriority(kLabelPriorityStep);
  if (stepCount() > 0) {
    const auto index = static_cast<std::size_t>(step_);
    const auto& trace = cast_.trace;
    switch (algorithm_) {
      case CastAlgorithm::Linear: {
        const auto& s = trace.ray[index];
        const std::string prefix = cast_.spinIgnored ? "spin ignored: " : "";
        if (s.last && s.status == CastStatus::Miss) {  // no closest points at a miss (cast.h): said at B's end
          renderer.label(poseOf(movedAlong(shapes_[1], cast_.motions[1], 1.0)).p,
                         prefix + (s.lambda > 1 ? "lambda " + formatNumber(s.lambda) + " > 1: " : std::string("moving apart: ")) + "no contact in [0, 1]", palette::kSeparated, {10, -24});
        } else {
          closest(s.pointA, s.pointB, prefix + "lambda " + formatNumber(s.lambda) + ", " +
                                          (s.distance <= cast_.arrivalGap ? std::string("touching") : "gap " + formatNumber(s.distance)));
        }
        break;
      }
      case CastAlgorithm::TimeOfImpact: {
        const auto& s = trace.advance[index];
        closest(s.pointA, s.pointB, cast_.advanceLabel(step_));
        if (s.normal != Vec3d{}) renderer.arrow(s.pointA, s.pointA + 0.3 * scale * s.normal, palette::kAccent, 2.0f, 10.0f, true);
        break;
      }
      case CastAlgorithm::Ray: {
        // The ray: the point shape's path relative to the other shape, and where this step puts it.
        const bool rayIsA = std::holds_alternative<collide::Point3<double>>(shapes_[0].shape);
        const auto ray = static_cast<std::size_t>(rayIsA ? 0 : 1), other = 1 - ray;
        const Vec3d origin = poseOf(shapes_[ray]).p;
        const Vec3d travel = motions_[ray].velocity - motions_[other].velocity;
        const Vec3d x = origin + stepTime() * travel;
        renderer.line(origin, origin + travel, palette::kAccent.withAlpha(0.7f), {1.5f, 6.0f, 4.0f, true});
        renderer.point(x, palette::kAccent, 5.0f, true);
        if (!trace.axes.empty()) {
          const auto& s = trace.axes[index];
          renderer.arrow(x, x + 0.3 * scale * collide::normalize(s.axis), palette::kSeparated, 2.0f, 10.0f, true);
          renderer.label(x, "inside for t in [" + formatNumber(s.first) + ", " + formatNumber(s.last) + "]", palette::kAccent);
        } else if (!trace.sweep.empty()) {
          renderer.label(x, "t = " + formatNumber(stepTime()), palette::kAccent);
        } else {
          const auto& s = trace.ray[index];
          renderer.point(s.support, palette::kSeparated, 5.0f, true);
          renderer.line(s.x, s.support, palette::kSeparated, {1.5f, 6.0f, 4.0f, true});
          renderer.label(s.x, "x(lambda = " + formatNumber(s.lambda) + ")", palette::kAccent);
        }
        break;
      }
      case CastAlgorithm::DynamicSat: {
        // The axis beside the pair, with A's shadow, B's at t = 0 (thin) and B's at the step's time: B's shadow
        // slides along the axis at its speed relative to A's.
        const auto& s = trace.axes[index];
        const Vec3d n = collide::normalize(s.axis);
        const Vec3d middle = 0.5 * (poseOf(shapes_[0]).p + poseOf(shapes_[1]).p);
        // The axis runs below the pair on screen (past every start and end pose that way), where both shadows
        // show: through the shapes, A's would lie on A's own faces. An axis pointing up the screen runs beside
        // them instead.
        Vec3d across = -1.0 * renderer.camera().up();
        across = across - collide::dot(across, n) * n;
        if (collide::lengthSquared(across) < 0.1) across = renderer.camera().right() - collide::dot(renderer.camera().right(), n) * n;
        across = collide::normalize(across);
        double beyond = -std::numeric_limits<double>::infinity();
        for (int i = 0; i < 2; ++i) {
          for (const double time : {0.0, 1.0}) {
            const WorldBounds3 box = shapeBounds3(movedAlong(shapes_[static_cast<std::size_t>(i)], motions_[static_cast<std::size_t>(i)], time));
            for (const Vec3d& corner : boxCorners(box.min, box.max)) beyond = std::max(beyond, collide::dot(corner - middle, across));
          }
        }
        const Vec3d base = middle + (beyond + 0.25 * scale) * across;
        const auto onAxis = [&](double value, double side) { return base + (value - collide::dot(middle, n)) * n + (side * 0.05 * scale) * across; };
        const double t = stepTime();
        const double low = std::min({s.minA, s.minB, s.minB + s.speed}), high = std::max({s.maxA, s.maxB, s.maxB + s.speed});
        renderer.line(onAxis(low - 0.3 * scale, 0), onAxis(high + 0.3 * scale, 0), palette::kAccent.withAlpha(0.7f), {1.2f, 8.0f, 6.0f, true});
        renderer.line(onAxis(s.minA, 1), onAxis(s.maxA, 1), palette::kShapeA, {5.0f, 0, 0, true});
        renderer.line(onAxis(s.minB, -1), onAxis(s.maxB, -1), palette::kShapeB.withAlpha(0.45f), {2.0f, 0, 0, true});
        renderer.line(onAxis(s.minB + t * s.speed, -1), onAxis(s.maxB + t * s.speed, -1), palette::kShapeB, {5.0f, 0, 0, true});
        using Source = collide::SweptAxisStep<Vec3d>::Source;
        const char* from = s.source == Source::FaceA ? "a face normal of A" : s.source == Source::FaceB ? "a face normal of B" : "edge of A x edge of B";
        renderer.label(onAxis(high + 0.3 * scale, 0),
                       "axis " + formatVector(n) + " (" + from + "): [t_enter, t_exit] = [" + formatNumber(s.tEnter) + ", " +
                           formatNumber(s.tExit) + "]",
                       palette::kAccent);
        break;
      }
      case CastAlgorithm::Analytic: {
        // Moving spheres: A's centre moving past a still B, and the sphere of the summed radii it must not enter;
        // against a triangle, the centre's path and where this piece lets it in.
        const auto& relative = trace.sweep.front();
        const auto& s = trace.sweep[index];
        if (relative.part != collide::SweepPart::RelativeMotion) {
          drawTriangleSweepStep(renderer, s);
          break;
        }
        const auto* sphereB = std::get_if<collide::Sphere<double>>(&shapes_[1].shape);
        const Vec3d centerB = sphereB ? shapes_[1].transform.apply(sphereB->center) : poseOf(shapes_[1]).p;
        const Vec3d from = centerB + relative.start;
        renderer.line(from, from + relative.motion, palette::kAccent.withAlpha(0.8f), {2.0f, 6.0f, 4.0f, true});
        renderer.point(from, palette::kAccent, 5.0f, true);
        renderer.label(from, "A's centre, B held still", palette::kAccent, {10, 16});
        if (s.part != collide::SweepPart::RelativeMotion && sphereB) {
          Collider3 sum;
          sum.shape = collide::Sphere<double>{{0, 0, 0}, s.radius};
          sum.transform.p = centerB;
          drawShape3(renderer, sum, palette::kAccent, {0.06f, 1.5f, true});
          renderer.label(centerB + Vec3d{0, s.radius, 0}, "radius " + formatNumber(s.radius) + " = A's + B's", palette::kAccent);
        }
        if (s.hit && std::isfinite(s.t)) renderer.point(from + s.t * relative.motion, palette::kHit, 6.0f, true);
        break;
      }
    }
  }
  renderer.setLabelPriority(kLabelPriorityOutcome);
  const CastResult3& r = cast_.result;
  if (r.hit && step_ + 1 >= stepCount() && r.status != CastStatus::Overlapping) {
    renderer.point(r.point, palette::kHit, 6.0f, true);
    if (r.normal != Vec3d{}) renderer.arrow(r.point, r.point + 0.5 * scale * r.normal, palette::kHit, 2.5f, 12.0f, true);
    renderer.label(r.point + 0.5 * scale * r.normal, "contact at t = " + formatNumber(r.fraction) + ", normal " + formatVector(r.normal),
                   palette::kHit);
  }
  renderer.setLabelPriority(kLabelPriorityScene);
}

void ContinuousLab3::drawTriangleSweepStep(Renderer3D& renderer, const collide::SweepStep<Vec3d>& s) const {
  const std::size_t target = std::holds_alternative<collide::Triangle3<double>>(shapes_[0].shape) ? 0 : 1;
  const auto* triangle = std::get_if<collide::Triangle3<double>>(&shapes_[target].shape);
  if (triangle == nullptr) return;
  const collide::Transform3<double>& pose = shapes_[target].transform;
  const std::array<Vec3d, 3> corners = {pose.apply(triangle->a), pose.apply(triangle->b), pose.apply(triangle->c)};
  // The corners by the names the narration uses (trianglePieceName).
  const Vec3d middle = (corners[0] + corners[1] + corners[2]) / 3.0;
  renderer.setLabelPriority(kLabelPriorityScene);
  for (std::size_t i = 0; i < 3; ++i) {
    renderer.label(corners[i] + 0.08 * (corners[i] - middle), kTriangleCorners[i], palette::kShapeB);
  }
  renderer.setLabelPriority(kLabelPriorityStep);
  // The sphere's centre over the motion relative to the triangle, which holds still.
  renderer.line(s.start, s.start + s.motion, palette::kAccent.withAlpha(0.8f), {2.0f, 6.0f, 4.0f, true});
  renderer.point(s.start, palette::kAccent, 5.0f, true);
  renderer.label(s.start, std::string("the sphere's centre, ") + kNames[target] + " held still", palette::kAccent, {10, 16});
  const std::string grown = trianglePieceName(s.part, s.index) + " grown by the radius " + formatNumber(s.radius);
  switch (s.part) {
    case collide::SweepPart::Face: {
      // The triangle's plane moved out by the radius, toward where the centre starts.
      const Vec3d n = collide::normalize(collide::cross(corners[1] - corners[0], corners[2] - corners[0]));
      const Vec3d lift = (s.startDistance >= 0 ? s.radius : -s.radius) * n;
      Collider3 lifted;
      lifted.shape = collide::Triangle3<double>{corners[0] + lift, corners[1] + lift, corners[2] + lift};
      drawShape3(renderer, lifted, palette::kAccent, {0.08f, 1.5f, true});
      renderer.label(middle + lift, grown, palette::kAccent);
      break;
    }
    case collide::SweepPart::Edge: {
      // The cylinder around the edge, without caps: its ends are the vertices' pieces (a root past them is no
      // contact with this piece).
      const auto i = static_cast<std::size_t>(s.index);
      const Vec3d along = corners[(i + 1) % 3] - corners[i];
      const Vec3d axis = collide::normalize(along);
      const collide::OrthonormalBasis<double> basis = collide::orthonormalBasis(axis);  // local y along the edge
      Collider3 cylinder;
      cylinder.shape = collide::Cylinder<double>{0.5 * collide::length(along), s.radius};
      cylinder.transform = {0.5 * (corners[i] + corners[(i + 1) % 3]),
                            collide::Quat<double>::fromColumns(basis.bitangent, axis, basis.tangent)};
      drawShape3(renderer, cylinder, palette::kAccent, {0.05f, 1.2f, true});
      renderer.label(cylinder.transform.p, grown, palette::kAccent);
      break;
    }
    case collide::SweepPart::Vertex: {
      const auto i = static_cast<std::size_t>(s.index);
      Collider3 ball;
      ball.shape = collide::Sphere<double>{corners[i], s.radius};
      drawShape3(renderer, ball, palette::kAccent, {0.06f, 1.2f, true});
      renderer.label(corners[i], grown, palette::kAccent);
      break;
    }
    default: break;
  }
  if (s.hit && std::isfinite(s.t)) renderer.point(s.start + s.t * s.motion, palette::kHit, 6.0f, true);
}

std::optional<WorldBounds3> ContinuousLab3::sceneBounds3(int view) const {
  if (view == 1) return space_ ? std::optional(castSpaceBounds3(*space_)) : std::nullopt;
  WorldBounds3 bounds = WorldBounds3::none();
  for (std::size_t i = 0; i < 2; ++i) {
    bounds.include(shapeBounds3(shapes_[i]));
    bounds.include(shapeBounds3(movedAlong(shapes_[i], motions_[i], 1.0)));
  }
  // The moving spheres' sphere of the summed radii around B's centre (A's centre must not enter it).
  for (const auto& s : cast_.trace.sweep) {
    if (s.part != collide::SweepPart::MinkowskiSum) continue;
    const auto* sphereB = std::get_if<collide::Sphere<double>>(&shapes_[1].shape);
    const Vec3d centerB = sphereB ? shapes_[1].transform.apply(sphereB->center) : poseOf(shapes_[1]).p;
    bounds.include(centerB - Vec3d{s.radius, s.radius, s.radius});
    bounds.include(centerB + Vec3d{s.radius, s.radius, s.radius});
  }
  // The bounce after the contact, drawn with the discrete frames: it can leave the poses' box (ccd3d_06's sphere).
  if (const std::optional<WorldBounds3> drawn = bounceBounds(ghosts())) bounds.include(*drawn);
  // Room around the poses for what the steps draw beside them (dynamic SAT's axis below the pair, the labels).
  const Vec3d margin = 0.15 * (bounds.max - bounds.min);
  bounds.min = bounds.min - margin;
  bounds.max = bounds.max + margin;
  return bounds;
}

// [SECTION] Scenes, settings, dump, metrics

bool ContinuousLab3::loadScene(const Scene& scene, std::string& error) {
  if (!scene.shapes.empty()) {
    error = "shapes: this scene's shapes are 2D, and the Continuous collision 3D lab works in space: open it in the "
            "Continuous collision lab";
    return false;
  }
  CastLabState state{.useFloat = useFloat_};
  if (!readCastScene(scene, shapes_, motions_, state, error)) return false;
  useFloat_ = state.useFloat;
  showFrames_ = state.discreteFrames;
  restitution_ = state.restitution;
  preset_ = -1;
  mouse_.selected = -1;
  inspectorErrors_ = {};
  step_ = 0;
  record();
  return true;
}

void ContinuousLab3::saveScene(Scene& scene) const {
  writeCastScene(scene, shapes_, motions_, algorithm_, {useFloat_, restitution_, showFrames_});
}

bool ContinuousLab3::setAlgorithm(std::string_view name, std::string& error) {
  const std::optional<CastAlgorithm> algorithm = castAlgorithmNamed(name, error);
  if (!algorithm) return false;
  algorithm_ = *algorithm;
  record();
  return true;
}

void ContinuousLab3::loadSettings(const Json& settings) {
  readCastSettings(settings, algorithm_, useFloat_, nullptr);
  record();
}

Json ContinuousLab3::saveSettings() const { return castSettingsJson(algorithm_, useFloat_, nullptr); }

void ContinuousLab3::dumpState(Json& out) const {
  const CastResult3& r = cast_.result;
  out["algorithm"] = collide::castAlgorithmInfo(algorithm_).name;
  out["scalar"] = useFloat_ ? "float" : "double";
  out["float_against_double"] = floatLineJson(cast_.floatLine);
  out["step_index"] = step_;
  out["step_count"] = stepCount();
  out["result"] = {{"hit", r.hit},         {"t", r.fraction},      {"iterations", r.iterations}, {"status", std::string(collide::castStatusName(r.status))},
                   {"status_words", castStatusWords(r.status)}, {"normal", vectorJson(r.normal)}, {"point", vectorJson(r.point)}};
  out["headline"] = cast_.headline();
  out["refusal"] = cast_.refusal;
  Json refused = Json::object();
  for (const collide::CastAlgorithmInfo& info : collide::kCastAlgorithmTable)
    if (const std::string why = refusalOf(info.algorithm); !why.empty()) refused[std::string(info.name)] = why;
  out["refused_algorithms"] = std::move(refused);
  out["narration"] = cast_.narration(step_);
  out["spin_ignored"] = cast_.spinIgnored;
  out["discrete_frames"] = showFrames_;
  out["discrete_frames_overlapping"] = std::popcount(discreteOverlaps_);
  out["discrete_frames_opacity"] = discreteFramesOpacity(cast_);
  out["restitution"] = restitution_;
  Json after = Json::array();
  for (int i = 0; i < 2; ++i) {
    if (cast_.showsBounce() && motions_[static_cast<std::size_t>(i)].velocity != Vec3d{}) after.push_back(afterContactLabel(i));
  }
  out["after_contact"] = std::move(after);
  // Whether each drawn bounce lies in the view as last drawn, and where its label is (at the bounce, or at the
  // view's edge when the bounce's anchor is outside it).
  Json inView = Json::array();
  const auto& drawnGhosts = ghosts();
  for (int i = 0; i < 2; ++i) {
    const std::optional<BounceGhost<Collider3>>& ghost = drawnGhosts[static_cast<std::size_t>(i)];
    if (!ghost || !camera_) continue;
    const std::optional<BounceLabel> spot = bounceLabel(*camera_, *ghost);
    inView.push_back({{"body", kNames[i]},
                      {"shape", camera_->shows(shapeBounds3(ghost->after), 0)},
                      {"label", !spot ? "behind the camera" : spot->clamped ? kLabelAtEdge : kLabelAtBounce}});
  }
  out["bounce_in_view"] = std::move(inView);
  out["spin_left_out"] = cast_.showsBounce() && spinCloses() ? kSpinLeftOut : "";
  // What the view draws at this step: the time, and each shape's pose there (as the cast moved it).
  const double t = stepTime();
  Json drawn = Json::array();
  Json shapes = Json::array();
  Json motions = Json::array();
  for (std::size_t i = 0; i < 2; ++i) {
    const Pose3 pose = poseOf(movedAlong(shapes_[i], cast_.motions[i], t));
    drawn.push_back({{"position", vectorJson(pose.p)}, {"rotation", Json{pose.q.w, pose.q.x, pose.q.y, pose.q.z}}});
    Json shape = colliderToJson(shapes_[i]);
    shape["name"] = kNames[i];
    shapes.push_back(std::move(shape));
    motions.push_back({{"velocity", vectorJson(motions_[i].velocity)}, {"angular_velocity", vectorJson(motions_[i].angularVelocity)}});
  }
  out["drawn"] = {{"t", t}, {"poses", std::move(drawn)}};
  out["shapes"] = std::move(shapes);
  out["motions"] = std::move(motions);
  out["selected"] = mouse_.selected;
  out["hovered"] = mouse_.hovered;
  out["cast_space"] = space_ ? castSpaceJson3(*space_, cast_, step_) : Json();
}

std::vector<Shortcut> ContinuousLab3::shortcuts() const {
  return {{"1 .. 5", "ray, linear cast, time of impact, dynamic SAT, moving spheres"},
          {"Left-drag a start pose", "move the shape (Shift: toward or away from the camera)"},
          {"Left-drag an end pose", "where the shape ends at t = 1: the velocity"},
          {"Drag a gizmo arrow / ring", "move the selected pose along an axis / turn it about one (an end pose's "
                                        "turn is the angular velocity)"},
          {"Escape", "deselect"},
          {"D", "show or hide the discrete frames"},
          {"N", "look across the contact, zoomed to it"},
          {"T", "cast in float / double"},
          {"Left-drag empty space", "orbit the camera"}};
}

void ContinuousLab3::frameMetrics(std::vector<FrameMetric>& out) const {
  cast_.frameMetrics(out);
}

// [SECTION] Panel

// A shape's motion over [0, 1]: the velocity (its displacement) and the turn as a rotation vector in degrees.
void ContinuousLab3::drawMotionFields(int i) {
  Motion3& motion = motions_[static_cast<std::size_t>(i)];
  double velocity[3] = {motion.velocity.x, motion.velocity.y, motion.velocity.z};
  NumberFieldOptions velocityField = velocityOptions();
  velocityField.rects = inspectorFieldSlot(kNames[i], "Velocity");
  bool changed = numberField("Velocity", velocity, velocityField);
  double turn[3] = {motion.angularVelocity.x * kDegrees, motion.angularVelocity.y * kDegrees, motion.angularVelocity.z * kDegrees};
  NumberFieldOptions turnField = turnOptions();
  turnField.tip = "The turn over [0, 1] as a rotation vector: its direction is the axis (world frame), its length the "
                    "angle in degrees";
  changed |= numberField("Turn (deg)", turn, turnField);
  if (changed) {
    motion = {{velocity[0], velocity[1], velocity[2]}, {turn[0] / kDegrees, turn[1] / kDegrees, turn[2] / kDegrees}};
    edited();
  }
}

void ContinuousLab3::drawUi() {
  // Folded, as in the narrow-phase labs: at 150 % it pushed the step's narration below the panel's fold.
  foldedHowTo("Each shape moves from its start pose over t in [0, 1]. Drag a start pose to move the shape, its end "
              "pose (dashed, \"t = 1\") to set the motion; the selected pose's rings turn it (an end pose's turn is the "
              "spin). Step the cast with the timeline.");
  // The algorithms, the ones the pair refuses dimmed with the reason on hover.
  ImGui::SetNextItemWidth(-1.0f);
  if (ImGui::BeginCombo("##cast", collide::castAlgorithmInfo(algorithm_).label.data())) {
    for (const collide::CastAlgorithmInfo& info : collide::kCastAlgorithmTable) {
      const std::string why = refusalOf(info.algorithm);
      if (!why.empty()) ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
      if (ImGui::Selectable(info.label.data(), info.algorithm == algorithm_)) {
        algorithm_ = info.algorithm;
        record();
      }
      if (!why.empty()) {
        ImGui::PopStyleColor();
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Refused: %s", why.c_str());
      }
    }
    ImGui::EndCombo();
  }
  if (drawScalarChoice(useFloat_)) record();
  if (const int picked = drawPresetChoice(presets(), preset_); picked >= 0) applyPreset(picked);
  ImGui::Separator();
  const CastResult3& r = cast_.result;
  ImGui::TextColored(toImVec4(!cast_.refusal.empty() || r.hit ? palette::kHit : palette::kSeparated), "%s", cast_.headline().c_str());
  if (!cast_.refusal.empty()) {
    // Said once, in red; nothing ran, so no count, bar or step to narrate.
    ImGui::PushStyleColor(ImGuiCol_Text, toImVec4(palette::kErrorText));
    textWrapped("%s.", cast_.refusal.c_str());
    ImGui::PopStyleColor();
  }
  if (cast_.spinIgnored) {
    ImGui::PushStyleColor(ImGuiCol_Text, toImVec4(palette::kWarningText));
    textWrapped("The linear cast takes translation only: it casts the shapes' translations alone, their spin ignored "
                "(the end poses still turn; the solid shapes do not). The time of impact (key 3) casts the turn too.");
    ImGui::PopStyleColor();
  }
  if (const std::string counts = castCountWords(cast_); !counts.empty()) ImGui::TextDisabled("%s", counts.c_str());
  if (r.hit && r.status != CastStatus::Overlapping) {
    ImGui::Text("normal   %s", formatVector(r.normal).c_str());
    ImGui::Text("point    %s", formatVector(r.point).c_str());
    if (r.normal != Vec3d{} && ImGui::SmallButton("Look across the contact (N)")) viewAim_ = contactAim();
  }
  drawFloatLine(cast_.floatLine);
  if (cast_.refusal.empty()) {
    drawCastTimeBar(cast_, step_);
    drawCastNarration(cast_, step_);
  }
  ImGui::Separator();
  if (ImGui::Checkbox("Discrete frames and the bounce (D)", &showFrames_)) mustShowChanged_ = showFrames_;
  if (showFrames_) {
    if (discreteOverlaps_ != 0) {
      textWrapped("Checked only at t = 0.25, 0.5, 0.75 and 1 (grey outlines), the shapes meet at a frame (red): a "
                  "fixed-step simulation would catch this one.");
    } else if (r.hit && r.fraction > 0) {
      ImGui::PushStyleColor(ImGuiCol_Text, toImVec4(palette::kHit));
      textWrapped("Checked only at t = 0.25, 0.5, 0.75 and 1 (grey outlines), no frame overlaps: the bodies pass through "
                  "each other between two frames (tunnelling). The cast finds the contact at t = %s.",
                  formatNumber(r.fraction).c_str());
      ImGui::PopStyleColor();
    }
    if (drawBounceControls(cast_.showsBounce() && spinCloses(), restitution_)) {
      record();
      mustShowChanged_ = true;
    }
  }
  for (int i = 0; i < 2; ++i) {
    ImGui::PushID(i);
    const Color color = i == 0 ? palette::kShapeA : palette::kShapeB;
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(color.r, color.g, color.b, 1));
    const bool open = ImGui::CollapsingHeader(i == 0 ? "Shape A and its motion" : "Shape B and its motion", ImGuiTreeNodeFlags_DefaultOpen);
    ImGui::PopStyleColor();
    if (open) {
      drawMotionFields(i);
      if (drawShapeInspector(shapes_[static_cast<std::size_t>(i)], inspectorErrors_[static_cast<std::size_t>(i)], kNames[i])) edited();
    }
    ImGui::PopID();
  }
}

static const bool registered = registerLab("Continuous collision", "Continuous collision 3D", &ContinuousLab3::create);

}  // namespace lab
