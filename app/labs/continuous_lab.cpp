// The continuous-collision lab, registered as "Continuous collision": two shapes, each moving over t in [0, 1]
// from its start pose by a velocity and an angular velocity, and one cast of collide/cast_query.h (ray, linear
// cast, time of impact with rotation, dynamic SAT, moving spheres) recorded and stepped on the timeline: for the
// linear cast each support point of A - B with the ray parameter it allows and the closest points there (the GJK
// ray cast, van den Bergen 2004); for the time of impact the shapes at each iteration's time, the distance between
// them, the bound on the closing speed and the safe step it allows (conservative advancement, Mirtich 1996); each
// axis's [t_enter, t_exit] for dynamic SAT; the quadratic's roots for the moving spheres. The tunnelling
// demonstration draws the same motion sampled at discrete frames (a fast body passes a thin wall between two of
// them) beside the cast's contact and the bounce it gives (the impulse response with restitution, Hecker 1997;
// the article's 25.9).
//
// [SECTION] Helpers
// [SECTION] The lab
// [SECTION] Recording
// [SECTION] Mouse: shapes, end poses and spin handles
// [SECTION] Drawing
// [SECTION] Scenes, settings, dump, metrics
// [SECTION] Panel
#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdio>
#include <limits>
#include <numbers>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include "collide/cast_query.h"
#include "lab/lab.h"
#include "labs/cast_space_pane.h"
#include "labs/continuous_lab_layout.h"
#include "labs/format.h"
#include "labs/narration.h"
#include "labs/narrow_phase_common.h"
#include "labs/recorded_cast.h"
#include "platform/theme.h"
#include "render/shape_drawing.h"
#include "widgets/number_field.h"
#include "widgets/shape_editor.h"
#include "widgets/shape_inspector.h"
#include "widgets/wrapped_text.h"

namespace lab {

namespace {

// [SECTION] Helpers

using collide::CastAlgorithm;
using collide::CastStatus;
using Motion2 = collide::Motion<Vec2d>;

constexpr double kPi = std::numbers::pi;
constexpr float kHandlePixels = 7.0f;
// A motion shorter than this on screen parks the end handle beside the shape, this far beyond its outline.
constexpr double kParkPixels = 3.0 * kHandlePixels;
constexpr double kParkGapPixels = 52.0;  // the spin handle, 40 pixels round it, stays off the body

struct Preset {
  const char* name;
  CastAlgorithm algorithm;
  Collider a, b;
  Motion2 motionA, motionB;
};

Collider box(double hx, double hy, Vec2d at, double angle = 0) {
  return {collide::Box<double>{{hx, hy}}, collide::Transform<double>::fromPose(at, angle)};
}

Collider circle(double radius, Vec2d at) { return {collide::Circle<double>{{0, 0}, radius}, collide::Transform<double>::fromPose(at, 0)}; }

// The classic cases (the curated scenes assets/scenes/ccd_*.json teach the same with a lesson).
std::vector<Preset> presets() {
  return {
      // A small fast body and a thin wall: between two frames it jumps from one side to the other.
      {"Bullet through paper", CastAlgorithm::TimeOfImpact, box(0.05, 2, {0, 0}), circle(0.15, {-6.0, 0.3}), {}, {{12.6, 0}, 0}},
      // The bar's ends sweep a disc that reaches the post; its centre's path does not: a linear cast misses.
      {"Spinning bar past a post", CastAlgorithm::TimeOfImpact, circle(0.3, {0, 0}), box(2.5, 0.08, {-0.5, -2.3}), {},
       {{1.0, 0}, 3.0}},
      {"Grazing contact", CastAlgorithm::Linear, box(1, 1, {0, 0}), circle(0.5, {-4, 1.5}), {}, {{8, 0}, 0}},
      {"Initially touching", CastAlgorithm::Linear, box(1, 1, {0, 0}), box(1, 1, {2, 0.5}), {}, {{1, 0}, 0}},
      {"Sliding along a face", CastAlgorithm::DynamicSat, box(1, 1, {0, 0}), box(0.5, 0.5, {-3, 1.5}), {}, {{6, 0}, 0}},
      {"Spheres head-on", CastAlgorithm::Analytic, circle(1, {-3, 0}), circle(1, {3, 0.4}), {{3, 0}, 0}, {{-3, 0}, 0}},
  };
}

}  // namespace

// [SECTION] The lab

class ContinuousLab final : public Lab {
 public:
  static std::unique_ptr<Lab> create() { return std::make_unique<ContinuousLab>(); }
  ContinuousLab() { applyPreset(0); }

  void drawUi() override;
  // A second pane, A - B, for the casts that iterate on one set (labs/cast_space_pane.h: the linear cast, a GJK ray).
  [[nodiscard]] int viewCount() const override { return space_ ? 2 : 1; }
  [[nodiscard]] const char* viewTitle(int view) const override {
    // Beside the A - B pane, the world's title is short (at 200 % the long one was cut at its pane's edge); the
    // panel's "How to use this lab" says dashed and dotted.
    if (space_) return view == 1 ? castSpaceTitle(space_->difference) : "Motion over t in [0, 1]";
    return "Motion over t in [0, 1]: start (dashed), end (dotted)";
  }
  [[nodiscard]] std::optional<WorldBounds> followBounds(int view) const override {
    return view == 1 && space_ ? castSpaceFollowBounds(*space_, cast_, step_) : std::nullopt;
  }
  void keyPressed(const KeyPress& press) override;
  void draw(const DrawContext& context) override;
  [[nodiscard]] std::optional<WorldBounds> sceneBounds(int) const override;
  [[nodiscard]] std::optional<WorldBounds> mustShow(int view) const override {
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

 private:
  void applyPreset(int preset);
  void record();
  [[nodiscard]] double stepTime() const { return cast_.stepTime(step_); }  // the time the current step shows the shapes at
  // Where shape i's end-position handle is drawn and picked (world): the end position, or beside a still shape.
  [[nodiscard]] Vec2d endHandle(int i) const;
  [[nodiscard]] bool endParked(int i) const;
  [[nodiscard]] Vec2d spinHandle(int i, double pixelSize) const;
  void drawTunnelling(Renderer2D& renderer) const;
  // The bounce after the cast's contact (recorded_cast.h: bounceAfter), whether the bodies' spin still closes
  // there (spinStillCloses), and the label beside body i after it.
  [[nodiscard]] Bounce<Vec2d> bounce() const { return bounceAfter(motions_, cast_.result.normal, restitution_); }
  [[nodiscard]] bool spinCloses() const;
  [[nodiscard]] std::string afterContactLabel(int i) const {
    return afterContactText(motions_, bounce(), i, restitution_, spinCloses());
  }
  // Each body's bounce as drawn (bounces_, with the discrete frames), and where its label is anchored (its far side).
  [[nodiscard]] const std::array<std::optional<BounceGhost<Collider>>, 2>& ghosts() const {
    static const std::array<std::optional<BounceGhost<Collider>>, 2> kNone;
    return showDiscrete_ ? bounces_ : kNone;
  }
  [[nodiscard]] static Vec2d labelAnchor(const BounceGhost<Collider>& ghost) {
    return worldSupport(ghost.after, shapeAnchor(ghost.after) - shapeAnchor(ghost.contact));
  }
  // Where the ghost's label goes in `camera`'s view: at its anchor, or, when that is outside the view, at the view's
  // edge toward it (clamped: a line joins them).
  struct BounceLabel {
    Vec2d at;
    bool clamped = false;
  };
  [[nodiscard]] static BounceLabel bounceLabel(const Camera& camera, const BounceGhost<Collider>& ghost);
  // The body whose discrete frames are named (B when it moves, else A), those frames, and where their names go.
  [[nodiscard]] int namedFramesBody() const;
  [[nodiscard]] std::vector<Collider> frames(int body) const;
  [[nodiscard]] FrameLabelLayout frameLabels(double pixelSize) const;

  std::array<Collider, 2> shapes_;
  std::array<Motion2, 2> motions_{};
  CastAlgorithm algorithm_ = CastAlgorithm::TimeOfImpact;
  bool useFloat_ = false;  // cast in float (a game engine's precision), the run widened to double for the views
  // The recorded cast (labs/recorded_cast.h): its result, steps, refusal, float line; cast_.motions is what ran
  // (the linear cast of a pair that turns casts the translations alone, cast_.spinIgnored: ccd_02's miss).
  RecordedCast<Vec2d> cast_;
  std::array<std::optional<BounceGhost<Collider>>, 2> bounces_;  // recorded_cast.h: bounceGhosts, built by record()
  int step_ = 0;
  int preset_ = -1;
  bool showDiscrete_ = true;
  double restitution_ = 0.6;
  ShapeEditor editor_;
  std::string inspectorError_;
  enum class Handle { None, End, Spin } dragHandle_ = Handle::None;
  int dragShape_ = -1;
  double lastPixelSize_ = 0.02;
  unsigned discreteOverlaps_ = 0;  // bit k: frame k (t = k / kDiscreteFrames) overlaps or touches
  unsigned discreteTouches_ = 0;   // bit k: frame k only touches (distance 0, no depth)
  // The bounce appeared or moved (D, the restitution): the shell fits the view when it does not show it (mustShow).
  bool mustShowChanged_ = false;
  std::optional<Camera> camera_;  // the view as last drawn (the dump says whether the bounce is in it)
  std::optional<CastSpace> space_;  // the A - B pane's set, for the casts that have one (castSpace)
};

// [SECTION] Recording

void ContinuousLab::applyPreset(int preset) {
  const std::vector<Preset> all = presets();
  if (preset < 0 || preset >= static_cast<int>(all.size())) return;
  const Preset& chosen = all[static_cast<std::size_t>(preset)];
  shapes_ = {chosen.a, chosen.b};
  motions_ = {chosen.motionA, chosen.motionB};
  algorithm_ = chosen.algorithm;
  preset_ = preset;
  step_ = 0;
  record();
}

void ContinuousLab::record() {
  cast_ = recordCast(algorithm_, shapes_, motions_, useFloat_);
  noteBounceDisagreement(cast_, motions_, restitution_);
  bounces_ = bounceGhosts(cast_, shapes_, motions_, restitution_);
  space_ = castSpace(cast_, shapes_, useFloat_);
  step_ = std::clamp(step_, 0, std::max(stepCount() - 1, 0));
  const DiscreteContacts frames = discreteContacts(shapes_, motions_);  // what a fixed-step simulation would check
  discreteOverlaps_ = frames.overlaps;
  discreteTouches_ = frames.touches;
}

// [SECTION] Mouse: shapes, end poses and spin handles

// With no motion (or one of a few pixels) the end disc sat on the shape's anchor, so a press on the middle of a
// still shape set a velocity instead of moving the shape, as a press on a shape does in every other 2D lab (review
// s35 A12). Such an end handle is parked beside the shape, away from the other, labelled "drag: where A ends"; a
// press on the body moves the shape.
bool ContinuousLab::endParked(int i) const {
  return collide::length(motions_[static_cast<std::size_t>(i)].velocity) < kParkPixels * lastPixelSize_;
}

Vec2d ContinuousLab::endHandle(int i) const {
  const Collider& shape = shapes_[static_cast<std::size_t>(i)];
  const Vec2d anchor = shapeAnchor(shape);
  if (!endParked(i)) return anchor + motions_[static_cast<std::size_t>(i)].velocity;
  Vec2d away = anchor - shapeAnchor(shapes_[static_cast<std::size_t>(1 - i)]);
  away = collide::lengthSquared(away) > 0 && collide::isFinite(away) ? collide::normalize(away) : Vec2d{1, 0};
  double reach = 0;
  for (const Vec2d& p : shapeOutline(shape, 32)) reach = std::max(reach, collide::dot(p - anchor, away));
  return anchor + (reach + kParkGapPixels * lastPixelSize_) * away;
}

// On a circle around the end position, at the end angle: dragging it around sets the angular velocity.
Vec2d ContinuousLab::spinHandle(int i, double pixelSize) const {
  const Collider& shape = shapes_[static_cast<std::size_t>(i)];
  const double angle = shape.transform.q.angle() + motions_[static_cast<std::size_t>(i)].angularVelocity;
  return endHandle(i) + 40.0 * pixelSize * Vec2d{std::cos(angle), std::sin(angle)};
}

bool ContinuousLab::mouseDown(const MouseEvent& event) {
  if (event.view != 0) return false;  // the A - B pane pans; its set follows from A and B
  lastPixelSize_ = event.planar.pixelSize;
  const double reach = (kHandlePixels + 3) * event.planar.pixelSize;
  for (int i = 1; i >= 0; --i) {
    if (distance(event.planar.world, endHandle(i)) <= reach) {
      dragHandle_ = Handle::End;
      dragShape_ = i;
      return true;
    }
    if (collide::isPlaced(shapes_[static_cast<std::size_t>(i)].shape) &&
        distance(event.planar.world, spinHandle(i, event.planar.pixelSize)) <= reach) {
      dragHandle_ = Handle::Spin;
      dragShape_ = i;
      return true;
    }
  }
  const bool taken = editor_.mouseDown(shapes_, event);
  if (taken) record();
  return taken;
}

void ContinuousLab::mouseMove(const MouseEvent& event) {
  if (event.view != 0) return;
  lastPixelSize_ = event.planar.pixelSize;
  if (dragHandle_ != Handle::None) {
    Motion2& motion = motions_[static_cast<std::size_t>(dragShape_)];
    if (dragHandle_ == Handle::End) {
      motion.velocity = event.planar.world - shapeAnchor(shapes_[static_cast<std::size_t>(dragShape_)]);
    } else {
      // The angle the handle points at, unwrapped to the turn nearest the previous spin.
      const Vec2d d = event.planar.world - endHandle(dragShape_);
      const double start = shapes_[static_cast<std::size_t>(dragShape_)].transform.q.angle();
      double spin = std::atan2(d.y, d.x) - start;
      spin += 2 * kPi * std::round((motion.angularVelocity - spin) / (2 * kPi));
      motion.angularVelocity = spin;
    }
    preset_ = -1;
    record();
    return;
  }
  if (editor_.mouseMove(shapes_, event)) {
    preset_ = -1;
    record();
  }
}

void ContinuousLab::mouseUp(const MouseEvent&) {
  dragHandle_ = Handle::None;
  dragShape_ = -1;
  editor_.mouseUp();
}

void ContinuousLab::keyPressed(const KeyPress& press) {
  if (const std::optional<CastAlgorithm> picked = castAlgorithmKey(press, algorithm_)) {
    algorithm_ = *picked;
    record();
  }
  if (isPress(press, GLFW_KEY_D)) {
    showDiscrete_ = !showDiscrete_;
    mustShowChanged_ = showDiscrete_;
  }
  if (isPress(press, GLFW_KEY_T)) {
    useFloat_ = !useFloat_;
    record();
  }
}

// [SECTION] Drawing

void ContinuousLab::draw(const DrawContext& context) {
  Renderer2D& renderer = *context.planar;
  if (context.view == 1) {
    if (space_) drawCastSpace(renderer, *space_, cast_, step_);
    return;
  }
  lastPixelSize_ = renderer.camera().pixelsToWorld(1.0);
  camera_ = renderer.camera();
  const double t = stepTime();
  const std::array<Motion2, 2>& cast = cast_.motions;
  for (int i = 0; i < 2; ++i) {
    const Collider& start = shapes_[static_cast<std::size_t>(i)];
    const Motion2& motion = motions_[static_cast<std::size_t>(i)];
    const Color color = i == 0 ? palette::kShapeA : palette::kShapeB;
    // The start (dashed) and end (dotted) poses, the path of the anchor, and the shape at this step's time.
    drawShape(renderer, start, color, {0.05f, 1.5f, true});
    drawShape(renderer, movedAlong(start, motion, 1.0), color.withAlpha(0.55f), {0.0f, 1.2f, true});
    if (!endParked(i)) renderer.dashedLine(shapeAnchor(start), endHandle(i), color.withAlpha(0.7f), 1.2f, 4.0f, 4.0f);
    // At the step's time as the cast moved it: without the turn when the spin is ignored.
    drawShape(renderer, movedAlong(start, cast[static_cast<std::size_t>(i)], t), color, {0.3f, 2.0f, false});
    // Handles: the end position (drag: velocity) and the spin (drag around: angular velocity).
    renderer.screenDisc(endHandle(i), kHandlePixels, color, palette::kBackground, 2.0f);
    if (endParked(i)) {
      // Above or below the disc, on the side away from the spin handle (40 pixels round it at the end angle).
      const double spinUp = collide::isPlaced(start.shape) ? spinHandle(i, lastPixelSize_).y - endHandle(i).y : 0.0;
      renderer.label(endHandle(i), i == 0 ? "drag: where A ends" : "drag: where B ends", color,
                     spinUp > 0 ? Vec2d{-10, 12} : Vec2d{-10, -28});
    }
    if (collide::isPlaced(start.shape)) {
      renderer.line(endHandle(i), spinHandle(i, lastPixelSize_), color.withAlpha(0.6f), {1.2f});
      renderer.screenDisc(spinHandle(i, lastPixelSize_), kHandlePixels - 2, palette::kBackground, color, 2.0f);
    }
    renderer.label(shapeAnchor(start), i == 0 ? "A (t = 0)" : "B (t = 0)", color);
  }
  editor_.drawOverlay(renderer, shapes_);
  if (showDiscrete_) drawTunnelling(renderer);

  // What the step measured is labelled first.
  renderer.setLabelPriority(kLabelPriorityStep);
  if (stepCount() > 0) {
    const auto index = static_cast<std::size_t>(step_);
    // The closest points of a cast's iteration, joined, with what the iteration measured at the middle of the
    // segment it measures (at B's point it sat on B's name when the step is at t = 0: ccd_01's first step).
    const auto closest = [&](Vec2d pointA, Vec2d pointB, const std::string& text) {
      renderer.line(pointA, pointB, palette::kSeparated, {2.5f});
      renderer.point(pointA, palette::kShapeA);
      renderer.point(pointB, palette::kShapeB);
      renderer.label(0.5 * (pointA + pointB), text, palette::kSeparated, {8, -30});
    };
    if (algorithm_ == CastAlgorithm::Linear) {
      const auto& s = cast_.trace.ray[index];
      const std::string prefix = cast_.spinIgnored ? "spin ignored: " : "";
      if (s.last && s.status == CastStatus::Miss) {  // no closest points at a miss (cast.h): said at B's end
        renderer.label(shapeAnchor(movedAlong(shapes_[1], cast[1], 1.0)), prefix + (s.lambda > 1 ? "lambda " + formatNumber(s.lambda) + " > 1: " : std::string("moving apart: ")) + "no contact in [0, 1]",
                       palette::kSeparated, {8, -30});
      } else {
        closest(s.pointA, s.pointB, prefix + "lambda " + formatNumber(s.lambda) + ", " +
                                        (s.distance <= cast_.arrivalGap ? std::string("touching") : "gap " + formatNumber(s.distance)));
      }
    } else if (algorithm_ == CastAlgorithm::TimeOfImpact) {
      const auto& s = cast_.trace.advance[index];
      closest(s.pointA, s.pointB, cast_.advanceLabel(step_));
    } else if (algorithm_ == CastAlgorithm::Ray && (!cast_.trace.axes.empty() || !cast_.trace.sweep.empty())) {
      // The ray's point where this stage lets it in (the running entry, or the root), and the plane's normal.
      const bool rayIsA = std::holds_alternative<collide::Point<double>>(shapes_[0].shape);
      const Vec2d origin = shapeAnchor(shapes_[rayIsA ? 0 : 1]);
      const Vec2d travel = motions_[rayIsA ? 0 : 1].velocity - motions_[rayIsA ? 1 : 0].velocity;
      const double t = stepTime();
      renderer.dashedLine(origin, origin + travel, palette::kAccent.withAlpha(0.6f));
      renderer.point(origin + t * travel, palette::kAccent);
      if (!cast_.trace.axes.empty()) {
        const auto& s = cast_.trace.axes[index];
        renderer.arrow(origin + t * travel, origin + t * travel + 40.0 * lastPixelSize_ * s.axis, palette::kSeparated);
        renderer.label(origin + t * travel, "inside for t in [" + formatNumber(s.first) + ", " + formatNumber(s.last) + "]", palette::kAccent);
      } else {
        renderer.label(origin + t * travel, "t = " + formatNumber(t), palette::kAccent);
      }
    } else if (algorithm_ == CastAlgorithm::Ray) {
      const auto& s = cast_.trace.ray[index];
      renderer.point(s.x, palette::kAccent);
      renderer.point(s.support, palette::kSeparated);
      renderer.dashedLine(s.x, s.support, palette::kSeparated);
      renderer.label(s.x, "x(lambda = " + formatNumber(s.lambda) + ")", palette::kAccent);
    } else if (algorithm_ == CastAlgorithm::DynamicSat) {
      const auto& s = cast_.trace.axes[index];
      const Vec2d middle = 0.5 * (shapeAnchor(shapes_[0]) + shapeAnchor(shapes_[1]));
      const Vec2d n = collide::normalize(s.axis);
      // The axis runs beside the shapes (past every start and end pose across it), where both shadows show: drawn
      // through the shapes, A's would lie on A's own edge. It takes the side B moves toward relative to A (a
      // bounce goes back the other way).
      Vec2d across = collide::leftPerp(n);
      if (dot(across, motions_[1].velocity - motions_[0].velocity) < 0) across = -1.0 * across;
      double beyond = -std::numeric_limits<double>::infinity();
      for (int i = 0; i < 2; ++i) {
        for (const double t : {0.0, 1.0}) {
          const WorldBounds box = shapeBounds(movedAlong(shapes_[static_cast<std::size_t>(i)], motions_[static_cast<std::size_t>(i)], t));
          for (const Vec2d corner : {box.min, box.max, Vec2d{box.min.x, box.max.y}, Vec2d{box.max.x, box.min.y}}) {
            beyond = std::max(beyond, dot(corner, across));
          }
        }
      }
      const double offset = beyond + 36.0 * lastPixelSize_;
      const auto onAxis = [&](double value, double side) { return value * n + (offset + side * lastPixelSize_) * across; };
      renderer.line(onAxis(dot(middle, n) - 50.0, 0), onAxis(dot(middle, n) + 50.0, 0), palette::kAccent.withAlpha(0.5f),
                    {1.2f, 8.0f, 6.0f});
      renderer.line(onAxis(s.minA, 8), onAxis(s.maxA, 8), palette::kShapeA, {4.0f});
      renderer.line(onAxis(s.minB, -8), onAxis(s.maxB, -8), palette::kShapeB, {4.0f});
      renderer.label(onAxis(s.maxB, -8), "[t_enter, t_exit] = [" + formatNumber(s.tEnter) + ", " + formatNumber(s.tExit) + "]", palette::kAccent);
    } else if (const auto* circle = std::get_if<collide::Circle<double>>(&shapes_[1].shape);
               algorithm_ == CastAlgorithm::Analytic && circle && cast_.trace.sweep.front().part == collide::SweepPart::RelativeMotion) {
      // Moving spheres: A's centre moving past a still B, then the circle of the summed radii it must not enter.
      const auto& relative = cast_.trace.sweep.front();
      const auto& s = cast_.trace.sweep[index];
      const Vec2d centerB = shapes_[1].transform.apply(circle->center);
      const Vec2d from = centerB + relative.start;
      renderer.dashedLine(from, from + relative.motion, palette::kAccent.withAlpha(0.8f), 2.0f);
      renderer.point(from, palette::kAccent);
      renderer.label(from, "A's centre, B held still", palette::kAccent, {8, 16});
      if (s.part != collide::SweepPart::RelativeMotion) {
        std::array<Vec2d, 96> ring;
        for (std::size_t k = 0; k < ring.size(); ++k) {
          const double angle = 2 * std::numbers::pi * static_cast<double>(k) / static_cast<double>(ring.size());
          ring[k] = centerB + s.radius * Vec2d{std::cos(angle), std::sin(angle)};
        }
        renderer.polyline(ring, true, palette::kAccent, {1.5f, 8.0f, 6.0f});
        renderer.label(centerB + s.radius * Vec2d{0.0, 1.0}, "radius " + formatNumber(s.radius) + " = A's + B's", palette::kAccent);
        if (s.hit) renderer.point(from + s.t * relative.motion, palette::kHit, 5.0f);
      }
    }
  }
  renderer.setLabelPriority(kLabelPriorityOutcome);
  if (cast_.result.hit && step_ + 1 == stepCount() && cast_.result.status != CastStatus::Overlapping) {
    renderer.point(cast_.result.point, palette::kHit, 5.0f);
    const Vec2d tip = cast_.result.point + 60.0 * lastPixelSize_ * cast_.result.normal;
    renderer.arrow(cast_.result.point, tip, palette::kHit);
    // At the normal's tip, on B's side: at the point it covered A (ccd_02's post).
    renderer.label(tip, "contact at t = " + formatNumber(cast_.result.fraction), palette::kHit);
  }
  renderer.setLabelPriority(kLabelPriorityScene);
}

// The same motion checked only at discrete frames (what a fixed-step simulation does), next to the cast: frames
// that overlap are red; with none, the body tunnelled. After the cast's contact the bodies bounce
// (collide::impactResponse, restitution e): a still body is a wall (immovable) and only the other bounces; when
// both move they have equal masses and both do.
// Where the point-mass response and a rigid body's would differ, the panel says so (kSpinLeftOut).

constexpr const char* kSpinIgnored =
    "The linear cast takes translation only: it casts the shapes' translations alone, their spin ignored (the "
    "dashed and dotted poses still turn; the solid shape does not). The time of impact (key 3) casts the turn too.";

static bool moves(const Motion2& motion) { return motion.velocity != Vec2d{} || motion.angularVelocity != 0; }

int ContinuousLab::namedFramesBody() const { return moves(motions_[1]) || !moves(motions_[0]) ? 1 : 0; }

std::vector<Collider> ContinuousLab::frames(int body) const {
  std::vector<Collider> out;
  for (int k = 1; k <= kDiscreteFrames; ++k) {
    out.push_back(movedAlong(shapes_[static_cast<std::size_t>(body)], motions_[static_cast<std::size_t>(body)],
                     static_cast<double>(k) / kDiscreteFrames));
  }
  return out;
}

FrameLabelLayout ContinuousLab::frameLabels(double pixelSize) const {
  // Clear of the bodies' names.
  const std::array<Vec2d, 2> taken = {shapeAnchor(shapes_[0]), shapeAnchor(shapes_[1])};
  const int body = namedFramesBody();
  return layoutFrameLabels(frames(body), taken, motions_[static_cast<std::size_t>(body)].velocity, pixelSize);
}

void ContinuousLab::drawTunnelling(Renderer2D& renderer) const {
  // Every moving body at the frames' times (red where the pair overlaps); one body's frames are named, on their
  // outlines or, where they cover one another, by one legend.
  const float fade = discreteFramesOpacity(cast_);
  for (int body = 0; body < 2; ++body) {
    if (!moves(motions_[static_cast<std::size_t>(body)]) && body != namedFramesBody()) continue;
    const std::vector<Collider> ghosts = frames(body);
    for (int k = 1; k <= kDiscreteFrames; ++k) {
      const bool touching = (discreteOverlaps_ & (1u << k)) != 0;
      drawShape(renderer, ghosts[static_cast<std::size_t>(k - 1)], (touching ? palette::kHit : palette::kTextDim).withAlpha(fade),
                {0.0f, 1.0f, true});
    }
  }
  const FrameLabelLayout names = frameLabels(renderer.camera().pixelsToWorld(1.0));
  if (names.anchors.empty()) {
    const bool both = moves(motions_[0]) && moves(motions_[1]);
    renderer.label(names.legend,
                   std::string("frames 1 to 4: ") + (both ? "A and B" : namedFramesBody() == 0 ? "A" : "B") +
                       " at t = 0.25, 0.5, 0.75, 1",
                   palette::kTextDim, {8, -8});
  } else {
    for (std::size_t k = 0; k < names.anchors.size(); ++k) {
      renderer.label(names.anchors[k], "frame " + std::to_string(k + 1), palette::kTextDim, {4, 4});
    }
  }
  // Each body from its contact pose with its velocity after the impulse, for the rest of [0, 1].
  const auto& drawnGhosts = ghosts();
  const std::array<std::string, 2> labels = bounceLabels(drawnGhosts, [this](int i) { return afterContactLabel(i); });
  for (int i = 0; i < 2; ++i) {
    const std::optional<BounceGhost<Collider>>& ghost = drawnGhosts[static_cast<std::size_t>(i)];
    if (!ghost) continue;
    renderer.dashedLine(shapeAnchor(ghost->contact), shapeAnchor(ghost->after), palette::kSeparated, 1.5f);
    drawShape(renderer, ghost->after, palette::kSeparated, {0.1f, 1.5f, true});
    const BounceLabel spot = bounceLabel(renderer.camera(), *ghost);
    if (spot.clamped) renderer.line(spot.at, labelAnchor(*ghost), palette::kSeparated.withAlpha(0.6f), {1.0f, 4.0f, 3.0f});
    // What D shows, placed before the bodies' and frames' names (in ccd_01 at 150 % they boxed its ghost in).
    renderer.setLabelPriority(kLabelPriorityOutcome);
    renderer.label(spot.at, labels[static_cast<std::size_t>(i)], palette::kSeparated, {8, 8});
    renderer.setLabelPriority(kLabelPriorityScene);
  }
}

ContinuousLab::BounceLabel ContinuousLab::bounceLabel(const Camera& camera, const BounceGhost<Collider>& ghost) {
  const Vec2d anchor = labelAnchor(ghost);
  const Vec2d pixel = camera.worldToScreen(anchor);
  if (camera.rect().contains(pixel)) return {anchor, false};
  return {camera.screenToWorld(clampIntoView(pixel, camera.rect(), kOffViewLabelInset)), true};
}

bool ContinuousLab::spinCloses() const {
  std::array<Vec2d, 2> centres;
  for (std::size_t i = 0; i < 2; ++i) centres[i] = movedAlong(shapes_[i], motions_[i], cast_.result.fraction).transform.p;
  return spinStillCloses(bounce(), cast_.result.point, cast_.result.normal, centres);
}

std::optional<WorldBounds> ContinuousLab::sceneBounds(int view) const {
  if (view == 1) return space_ ? std::optional(castSpaceBounds(*space_)) : std::nullopt;
  WorldBounds bounds = WorldBounds::none();
  for (int i = 0; i < 2; ++i) {
    bounds.include(shapeBounds(shapes_[static_cast<std::size_t>(i)]));
    bounds.include(shapeBounds(movedAlong(shapes_[static_cast<std::size_t>(i)], motions_[static_cast<std::size_t>(i)], 1.0)));
  }
  // The bounce, drawn with the discrete frames: it can go back past the start (a head-on pair).
  if (const std::optional<WorldBounds> drawn = bounceBounds(ghosts())) bounds.include(*drawn);
  const Vec2d margin = 0.2 * (bounds.max - bounds.min) + Vec2d{0.5, 0.5};
  bounds.min -= margin;
  bounds.max += margin;
  return bounds;
}

// [SECTION] Scenes, settings, dump, metrics

bool ContinuousLab::loadScene(const Scene& scene, std::string& error) {
  if (!scene.shapes3.empty()) {
    error = "shapes: this scene's shapes are 3D, and the Continuous collision lab works in the plane: open it in the "
            "Continuous collision 3D lab (\"lab\": \"Continuous collision 3D\")";
    return false;
  }
  CastLabState state{.useFloat = useFloat_};
  if (!readCastScene(scene, shapes_, motions_, state, error)) return false;
  useFloat_ = state.useFloat;
  restitution_ = state.restitution;
  showDiscrete_ = state.discreteFrames;
  preset_ = -1;
  step_ = 0;
  record();
  return true;
}

void ContinuousLab::saveScene(Scene& scene) const {
  writeCastScene(scene, shapes_, motions_, algorithm_, {useFloat_, restitution_, showDiscrete_});
}

bool ContinuousLab::setAlgorithm(std::string_view name, std::string& error) {
  const std::optional<CastAlgorithm> algorithm = castAlgorithmNamed(name, error);
  if (!algorithm) return false;
  algorithm_ = *algorithm;
  record();
  return true;
}

void ContinuousLab::loadSettings(const Json& settings) {
  readCastSettings(settings, algorithm_, useFloat_, &restitution_);
  record();
}

Json ContinuousLab::saveSettings() const { return castSettingsJson(algorithm_, useFloat_, &restitution_); }

void ContinuousLab::dumpState(Json& out) const {
  out["algorithm"] = collide::castAlgorithmInfo(algorithm_).name;
  out["scalar"] = useFloat_ ? "float" : "double";
  out["float_against_double"] = floatLineJson(cast_.floatLine);
  out["step_index"] = step_;
  out["step_count"] = stepCount();
  out["result"] = {{"hit", cast_.result.hit}, {"t", cast_.result.fraction}, {"iterations", cast_.result.iterations}, {"status", castStatusWords(cast_.result.status)},
                   {"normal", {cast_.result.normal.x, cast_.result.normal.y}}};
  out["refusal"] = cast_.refusal;
  out["narration"] = cast_.narration(step_);
  out["discrete_frames_overlapping"] = std::popcount(discreteOverlaps_);
  out["discrete_frames_opacity"] = discreteFramesOpacity(cast_);
  out["discrete_frames_touching"] = std::popcount(discreteTouches_);
  // The frames' names as the last drawn view places them (window pixels from the first name's anchor are what the
  // layout keeps apart): one anchor per frame, or a legend.
  const FrameLabelLayout names = frameLabels(lastPixelSize_);
  Json anchors = Json::array();
  for (const Vec2d& anchor : names.anchors) anchors.push_back({anchor.x, anchor.y});
  out["frame_labels"] = {{"pixel_size", lastPixelSize_}, {"anchors", anchors}, {"legend", names.anchors.empty()}};
  Json motions = Json::array();
  for (int i = 0; i < 2; ++i) {
    const Motion2& motion = motions_[static_cast<std::size_t>(i)];
    const Vec2d end = endHandle(i);
    const Vec2d anchor = shapeAnchor(shapes_[static_cast<std::size_t>(i)]);
    motions.push_back({{"start", {anchor.x, anchor.y}},
                       {"velocity", {motion.velocity.x, motion.velocity.y}},
                       {"angular_velocity", motion.angularVelocity},
                       {"end_handle", {end.x, end.y}},
                       {"end_parked", endParked(i)}});
  }
  out["motions"] = std::move(motions);
  Json after = Json::array();
  for (int i = 0; i < 2; ++i) {
    if (cast_.showsBounce() && motions_[static_cast<std::size_t>(i)].velocity != Vec2d{}) after.push_back(afterContactLabel(i));
  }
  out["after_contact"] = std::move(after);
  // Whether each drawn bounce lies in the view as last drawn, and where its label is (at the bounce, or at the
  // view's edge when the bounce's anchor is outside it).
  Json inView = Json::array();
  const auto& drawnGhosts = ghosts();
  for (int i = 0; i < 2; ++i) {
    const std::optional<BounceGhost<Collider>>& ghost = drawnGhosts[static_cast<std::size_t>(i)];
    if (!ghost || !camera_) continue;
    inView.push_back({{"body", i == 0 ? "A" : "B"},
                      {"shape", camera_->shows(shapeBounds(ghost->after), 0)},
                      {"label", bounceLabel(*camera_, *ghost).clamped ? kLabelAtEdge : kLabelAtBounce}});
  }
  out["bounce_in_view"] = std::move(inView);
  out["spin_left_out"] = cast_.showsBounce() && spinCloses() ? kSpinLeftOut : "";
  out["spin_ignored"] = cast_.spinIgnored ? kSpinIgnored : "";
  out["cast_space"] = space_ ? castSpaceJson(*space_, cast_, step_) : Json();
}

std::vector<Shortcut> ContinuousLab::shortcuts() const {
  std::vector<Shortcut> list = {{"1 .. 5", "ray, linear cast, time of impact, dynamic SAT, moving spheres"},
                                {"Drag the filled disc", "the end position: the velocity over [0, 1]"},
                                {"Drag the ring around it", "the end angle: the angular velocity"},
                                {"D", "show or hide the discrete frames and the bounce"},
                                {"T", "cast in float / double"}};
  for (const Shortcut& shortcut : ShapeEditor::shortcuts()) list.push_back(shortcut);
  return list;
}

void ContinuousLab::frameMetrics(std::vector<FrameMetric>& out) const {
  cast_.frameMetrics(out);
}

// [SECTION] Panel

void ContinuousLab::drawUi() {
  foldedHowTo("Each shape moves from its start pose (dashed) over t in [0, 1]: drag the filled disc to set where "
              "it ends, the ring to set how far it turns. Step the cast with the timeline.");
  int current = static_cast<int>(algorithm_);
  const char* labels[collide::kCastAlgorithmTable.size()];
  for (std::size_t i = 0; i < collide::kCastAlgorithmTable.size(); ++i) labels[i] = collide::kCastAlgorithmTable[i].label.data();
  ImGui::SetNextItemWidth(-1.0f);
  if (ImGui::Combo("##cast", &current, labels, static_cast<int>(collide::kCastAlgorithmTable.size()))) {
    algorithm_ = static_cast<CastAlgorithm>(current);
    record();
  }
  if (drawScalarChoice(useFloat_)) record();
  if (const int picked = drawPresetChoice(presets(), preset_); picked >= 0) applyPreset(picked);
  ImGui::Separator();
  const Color color = !cast_.refusal.empty() ? palette::kHit : cast_.result.hit ? palette::kHit : palette::kSeparated;
  const std::string headline = cast_.headline();
  ImGui::TextColored(toImVec4(color), "%s", headline.c_str());
  if (cast_.spinIgnored) {
    ImGui::PushStyleColor(ImGuiCol_Text, toImVec4(palette::kWarningText));
    textWrapped("%s", kSpinIgnored);
    ImGui::PopStyleColor();
  }
  if (const std::string counts = castCountWords(cast_); !counts.empty()) ImGui::TextDisabled("%s", counts.c_str());
  drawFloatLine(cast_.floatLine);
  drawCastTimeBar(cast_, step_);
  drawCastNarration(cast_, step_);
  ImGui::Separator();
  if (ImGui::Checkbox("Discrete frames and the bounce (D)", &showDiscrete_)) mustShowChanged_ = showDiscrete_;
  if (showDiscrete_) {
    if ((discreteOverlaps_ & ~discreteTouches_) != 0) {
      textWrapped("Checked only at t = 0.25, 0.5, 0.75 and 1 (frames 1 to 4), the overlap shows at a frame: a "
                         "fixed-step simulation would catch this one.");
    } else if (discreteOverlaps_ != 0) {
      textWrapped("Checked only at t = 0.25, 0.5, 0.75 and 1 (frames 1 to 4), the shapes touch at a frame (red): "
                  "distance 0 and no overlap, so a fixed-step simulation sees them meet with nothing to push apart.");
    } else if (cast_.result.hit && cast_.result.fraction > 0) {
      ImGui::PushStyleColor(ImGuiCol_Text, toImVec4(palette::kHit));
      textWrapped("Checked only at t = 0.25, 0.5, 0.75 and 1 (frames 1 to 4), no frame overlaps: the bodies pass "
                         "through each other between two frames (tunnelling). The cast finds the contact at t = %s.",
                         formatNumber(cast_.result.fraction).c_str());
      ImGui::PopStyleColor();
    }
  }
  if (drawBounceControls(showDiscrete_ && cast_.showsBounce() && spinCloses(), restitution_)) {
    record();
    mustShowChanged_ = true;
  }
  for (int i = 0; i < 2; ++i) {
    ImGui::PushID(i);
    if (ImGui::CollapsingHeader(i == 0 ? "Shape A and its motion" : "Shape B and its motion")) {
      Motion2& motion = motions_[static_cast<std::size_t>(i)];
      double velocity[2] = {motion.velocity.x, motion.velocity.y};
      NumberFieldOptions velocityField = velocityOptions();
      velocityField.rects = inspectorFieldSlot(i == 0 ? "A" : "B", "Velocity");
      bool edited = numberField("Velocity", velocity, velocityField);
      double degrees = motion.angularVelocity * 180.0 / kPi;
      // Short, as the 3D lab's: "Turn (deg over [0, 1])" was cut at the panel's edge at 100 % (review s32 A16).
      NumberFieldOptions turn = turnOptions();
      turn.tip = "The angle turned over t in [0, 1], in degrees (counter-clockwise)";
      edited |= numberField("Turn (deg)", {&degrees, 1}, turn);
      if (edited) {
        motion = {{velocity[0], velocity[1]}, degrees * kPi / 180.0};
        preset_ = -1;
        record();
      }
      if (drawShapeInspector(shapes_[static_cast<std::size_t>(i)], inspectorError_, i == 0 ? "A" : "B")) {
        preset_ = -1;
        record();
      }
    }
    ImGui::PopID();
  }
}

static const bool registered = registerLab("Continuous collision", "Continuous collision", &ContinuousLab::create);

}  // namespace lab
