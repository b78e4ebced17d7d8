// The broad-phase lab: the scene, the simulation, the updates and their checks, scenes,
// settings and the side panel. Drawing and the sweep replay are in broad_phase_draw.cpp.
//
// [SECTION] Scene
// [SECTION] Updates and checks
// [SECTION] Frame and mouse
// [SECTION] Scenes, settings, dump
// [SECTION] Panels
#include "labs/broad_phase_counters.h"
#include "labs/broad_phase_lab.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <utility>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include "render/shape_drawing.h"
#include "labs/narration.h"
#include "platform/theme.h"
#include "widgets/value_slider.h"

namespace lab::broadphase {

namespace {

using BoxMotion = collide::BoxMotion;
using MovingBoxes = collide::MovingBoxes<double, 2>;

constexpr std::size_t kTimingWarmUpFrames = 5;

}  // namespace

double threadCpuMicroseconds() {  // broad_phase_core.h
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return 1e6 * static_cast<double>(now.tv_sec) + 1e-3 * static_cast<double>(now.tv_nsec);
}

std::unique_ptr<Lab> BroadPhaseLab::create() { return std::make_unique<BroadPhaseLab>(); }

BroadPhaseLab::BroadPhaseLab() { regenerate(); }

// [SECTION] Scene

// The lab's scene of workloads/motions.h, the one `collision-lab broadphase` makes (every third one a circle, its
// box a square).
void BroadPhaseLab::regenerate() {
  message_.clear();
  edited_ = false;
  openFrames_ = 0;  // the boxes as generated, at frame 0 (loadScene sets it after)
  scene_ = MovingBoxes::lab(motion_, count_, seed_, spacing_);
  const Vec2d before = worldSize_;
  worldSize_ = {scene_.worldSize()[0], scene_.worldSize()[1]};
  fitRequested_ = fitRequested_ || worldSize_.x != before.x || worldSize_.y != before.y;  // a new count or motion
  objects_.assign(count_, MovingObject{});
  for (std::size_t i = 0; i < count_; ++i) {
    objects_[i].circle = MovingBoxes::labCircle(i);
    copyFromScene(i);
  }
  selected_ = -1;
  dragging_ = false;
  frame_ = 0;
  rebuildBroadPhase();
}

void BroadPhaseLab::copyFromScene(std::size_t index) {
  const auto& centre = scene_.centre(index);
  const auto& half = scene_.halfExtents(index);
  objects_[index].centre = {centre[0], centre[1]};
  objects_[index].halfExtents = {half[0], half[1]};
}

// A fresh broad phase and reference over the objects (ids 0..n-1 in order), one untraced update to sort the
// endpoints the first time, then the recorded update of frame 0 (no swaps left: the frame shows the sweep).
void BroadPhaseLab::rebuildBroadPhase() {
  if (algorithm_ == Algorithm::Brute && objects_.size() > kBruteAlgorithmLimit) {
    // n^2 / 2 box tests a frame would freeze the window.
    algorithm_ = Algorithm::Sap;
    message_ = "brute force is limited to " + std::to_string(kBruteAlgorithmLimit) + " objects: sweep and prune instead";
  }
  resetBroadPhase(algorithm_, axisChoice_);
  objectOfProxy_.assign(objects_.size(), -1);
  for (std::size_t i = 0; i < objects_.size(); ++i) {
    objects_[i].proxy = addProxy(objects_[i].box());
    if (objects_[i].proxy == collide::kNullProxy) {
      message_ = "internal: the reference handed out a different id";
      continue;
    }
    objectOfProxy_[objects_[i].proxy] = static_cast<int>(i);
  }
  std::visit([](auto& broadPhase) { broadPhase.update(); }, broadPhase_);
  timing_ = {};
  framesSinceBuild_ = 0;
  runUpdate();
  step_ = 0;
}

std::vector<Box> BroadPhaseLab::currentBoxes() const {
  std::vector<Box> boxes(objectOfProxy_.size());
  for (const MovingObject& object : objects_) boxes[object.proxy] = object.box();
  return boxes;
}

// One simulation frame of the chosen motion (workloads/motions.h): walls reflect, the floor stops; a dragged
// object is held.
void BroadPhaseLab::moveObjects() {
  keepEditedBoxes();
  const bool holding = dragging_ && selected_ >= 0;
  scene_.step(holding ? static_cast<std::size_t>(selected_) : MovingBoxes::kNone);
  for (std::size_t i = 0; i < objects_.size(); ++i) copyFromScene(i);
}

void BroadPhaseLab::advanceFrame() {
  const Clock::time_point start = Clock::now();
  moveObjects();
  for (const MovingObject& object : objects_) moveProxy(object.proxy, object.box());
  moveMicroseconds_ = microsecondsSince(start);
  ++frame_;
  runUpdate();
  // Running, the picture follows the frames' answers; paused (N), the new frame's update is stepped from its start.
  step_ = running_ ? std::max(0, stepCount() - 1) : 0;
}

void BroadPhaseLab::addObject(Vec2d at, bool circle) {
  MovingObject object;
  object.circle = circle;
  const double half = 0.5 * (MovingBoxes::kMinHalfExtent + MovingBoxes::kMaxHalfExtent);
  object.halfExtents = circle ? Vec2d{half, half} : Vec2d{1.3 * half, 0.8 * half};
  object.centre = at;
  object.proxy = addProxy(object.box());
  if (object.proxy == collide::kNullProxy) {
    message_ = "could not add the object (invalid box or id mismatch)";
    return;
  }
  if (objectOfProxy_.size() <= object.proxy) objectOfProxy_.resize(object.proxy + 1, -1);
  objectOfProxy_[object.proxy] = static_cast<int>(objects_.size());
  (void)scene_.add({at.x, at.y}, {object.halfExtents.x, object.halfExtents.y});  // index objects_.size()
  objects_.push_back(object);
  count_ = objects_.size();
  selected_ = static_cast<int>(objects_.size()) - 1;
  markEdited();
  afterEdit();
}

void BroadPhaseLab::removeObject(int index) {
  if (index < 0 || index >= static_cast<int>(objects_.size()) || objects_.size() <= 1) return;
  const ProxyId proxy = objects_[static_cast<std::size_t>(index)].proxy;
  removeProxy(proxy);
  objectOfProxy_[proxy] = -1;
  objects_[static_cast<std::size_t>(index)] = objects_.back();
  objects_.pop_back();
  scene_.remove(static_cast<std::size_t>(index));  // the same swap with the last
  if (index < static_cast<int>(objects_.size())) objectOfProxy_[objects_[static_cast<std::size_t>(index)].proxy] = index;
  count_ = objects_.size();
  selected_ = -1;
  dragging_ = false;
  markEdited();
  afterEdit();
}

void BroadPhaseLab::markEdited() {
  edited_ = true;
  openFrames_ = 0;  // the scene saved is the boxes as they are now
  editedBoxesLive_ = true;
}

// Copies the boxes as last placed by hand, once, before the simulation moves them.
void BroadPhaseLab::keepEditedBoxes() {
  if (!std::exchange(editedBoxesLive_, false) || !edited_) return;
  editedObjects_ = objects_;
  editedScene_ = scene_;
}

// While paused an edit re-runs this frame's update at once (the timeline keeps its step, clamped); while running
// the next frame picks it up.
void BroadPhaseLab::afterEdit() {
  if (running_) return;
  runUpdate();
  step_ = std::clamp(step_, 0, std::max(0, stepCount() - 1));
}

int BroadPhaseLab::objectAt(Vec2d world) const {
  for (int i = static_cast<int>(objects_.size()) - 1; i >= 0; --i) {
    const Box box = objects_[static_cast<std::size_t>(i)].box();
    if (world.x >= box.min[0] && world.x <= box.max[0] && world.y >= box.min[1] && world.y <= box.max[1]) return i;
  }
  return -1;
}

// [SECTION] Updates and checks

// The update of this frame: recorded for stepping when N <= kTraceLimit (then also compared with an untraced
// copy and replayed), timed, and compared with brute force when N <= kBruteLimit.
void BroadPhaseLab::runUpdate() {
  std::vector<ProxyId> live;
  live.reserve(objects_.size());
  for (const MovingObject& object : objects_) live.push_back(object.proxy);
  BroadPhaseCore<2>::runUpdate(currentBoxes(), live);
}

// [SECTION] Frame and mouse

void BroadPhaseLab::keyPressed(const KeyPress& press) {
  if (isPress(press, GLFW_KEY_P)) running_ = !running_;
  if (isPress(press, GLFW_KEY_N)) {
    running_ = false;
    stepOncePending_ = true;
  }
  if (isPress(press, GLFW_KEY_DELETE) && selected_ >= 0) removeObject(selected_);
  if (const std::optional<Algorithm> picked = algorithmKey(press, algorithm_)) {
    algorithm_ = *picked;
    rebuildBroadPhase();
  }
}

void BroadPhaseLab::update(double seconds) {
  const bool stepOnce = std::exchange(stepOncePending_, false);
  if (running_ || stepOnce) advanceFrame();
  if (++framesSinceBuild_ > kTimingWarmUpFrames) {
    ++timing_.frames;
    timing_.frameSeconds += seconds;
    timing_.updateMicroseconds += updateMicroseconds_;
    timing_.updateCpuMicroseconds += updateCpuMicroseconds_;
    timing_.drawCpuMicroseconds += drawCpuMicroseconds_;
    timing_.drawMicroseconds += drawMicroseconds_;
    timing_.moveMicroseconds += moveMicroseconds_;
  }
}

const char* BroadPhaseLab::viewTitle(int) const { return kAlgorithmTitles[static_cast<std::size_t>(algorithm_)]; }

bool BroadPhaseLab::mouseDown(const MouseEvent& event) {
  if (event.button != MouseButton::Left) return false;
  const int hit = objectAt(event.planar.world);
  if (hit < 0 && (event.modifiers.shift || event.modifiers.control)) {
    addObject(event.planar.world, event.modifiers.control);
    return true;
  }
  selected_ = hit;
  if (hit < 0) return false;
  dragging_ = true;
  dragOffset_ = event.planar.world - objects_[static_cast<std::size_t>(hit)].centre;
  return true;
}

void BroadPhaseLab::mouseMove(const MouseEvent& event) {
  if (!dragging_ || selected_ < 0 || selected_ >= static_cast<int>(objects_.size())) return;
  MovingObject& object = objects_[static_cast<std::size_t>(selected_)];
  object.centre = event.planar.world - dragOffset_;
  scene_.place(static_cast<std::size_t>(selected_), {object.centre.x, object.centre.y});
  moveProxy(object.proxy, object.box());
  markEdited();
  afterEdit();
}

void BroadPhaseLab::mouseUp(const MouseEvent&) { dragging_ = false; }

void BroadPhaseLab::setStep(int index) {
  // Scrubbing the timeline inspects this frame's update: the simulation holds still meanwhile.
  running_ = false;
  step_ = std::clamp(index, 0, std::max(0, stepCount() - 1));
}

std::optional<WorldBounds> BroadPhaseLab::sceneBounds(int) const {
  WorldBounds bounds = WorldBounds::none();
  bounds.include({0, 0});
  const double right = floorWindowed() ? kFloorWindow : worldSize_.x;
  // A window of the floor reaches half its width up, so the floor sits near the bottom of a landscape view
  // rather than in its middle.
  bounds.include({right, floorWindowed() ? std::max(worldSize_.y, 0.5 * kFloorWindow) : worldSize_.y});
  for (const MovingObject& object : objects_) {
    const Box box = object.box();
    if (box.min[0] > right) continue;  // beyond the floor's window
    bounds.include({box.min[0], box.min[1]});
    bounds.include({std::min(box.max[0], right), box.max[1]});
  }
  if (stepping() && algorithm_ == Algorithm::Sap) {
    // Room for the endpoint ticks and the array strip under (x) or left of (y) the scene.
    const double margin = 0.2 * std::max(worldSize_.x, worldSize_.y);
    bounds.include(std::get<Sap>(broadPhase_).sweepAxis() == 0 ? Vec2d{0, -margin} : Vec2d{-margin, 0});
  }
  return bounds;
}

// [SECTION] Scenes, settings, dump

bool BroadPhaseLab::setAlgorithm(std::string_view name, std::string& error) {
  const std::optional<Algorithm> algorithm = algorithmNamed(name, error);
  if (!algorithm) return false;
  if (*algorithm == Algorithm::Brute && objects_.size() > kBruteAlgorithmLimit) {
    error = "brute force is limited to " + std::to_string(kBruteAlgorithmLimit) + " objects";
    return false;
  }
  if (algorithm_ != *algorithm) {
    algorithm_ = *algorithm;
    rebuildBroadPhase();
  }
  return true;
}

// Scene motion is per second; the lab moves its objects once a frame at this rate.
constexpr double kFramesPerSecond = 60.0;

void BroadPhaseLab::placeObjects(const std::vector<SceneShape>& shapes) {
  message_.clear();
  scene_ = MovingBoxes(motion_, 0, seed_, spacing_);
  objects_.assign(shapes.size(), MovingObject{});
  WorldBounds bounds = WorldBounds::none();
  for (std::size_t i = 0; i < shapes.size(); ++i) {
    const SceneShape& shape = shapes[i];
    const WorldBounds box = shapeBounds(shape.collider);
    bounds.include(box);
    objects_[i].circle = std::holds_alternative<collide::Circle<double>>(shape.collider.shape);
    const Vec2d centre = 0.5 * (box.min + box.max);
    const Vec2d half = 0.5 * (box.max - box.min);
    (void)scene_.add({centre.x, centre.y}, {half.x, half.y});
    const Vec2d velocity = shape.motion ? shape.motion->velocity / kFramesPerSecond : Vec2d{};
    scene_.setVelocity(i, {velocity.x, velocity.y});
    copyFromScene(i);
  }
  // The world the motions bounce in: the size regenerate() gives this many objects, grown to hold every box.
  count_ = objects_.size();
  const double side = spacing_ * std::sqrt(static_cast<double>(count_));
  worldSize_ = {std::max(side, bounds.max.x), std::max(side, bounds.max.y)};
  scene_.setWorldSize({worldSize_.x, worldSize_.y});
  selected_ = -1;
  dragging_ = false;
  frame_ = 0;
  rebuildBroadPhase();
  markEdited();
}

bool BroadPhaseLab::loadScene(const Scene& scene, std::string& error) {
  const Json& state = scene.labState;
  if (!scene.shapes.empty() && (scene.shapes.size() < kMinCount || scene.shapes.size() > kMaxCount)) {
    error = "shapes: expected " + std::to_string(kMinCount) + " to " + std::to_string(kMaxCount) +
            " shapes (or none, with lab_state.count), got " + std::to_string(scene.shapes.size());
    return false;
  }
  GeneratorState generator{count_, motion_, seed_, spacing_, axisChoice_};
  std::optional<Algorithm> algorithm;
  bool paused = !running_;
  long long frames = 0;
  try {
    if (!readGeneratorState(state, 2, 10.0, generator, error)) return false;
    if (state.contains("algorithm")) {
      const Json& value = state["algorithm"];
      std::string unknown;
      algorithm = algorithmNamed(value.is_string() ? value.get<std::string>() : "", unknown);
      if (!algorithm) {
        error = "lab_state.algorithm: expected sap, grid, bvh or brute, got " + describeJsonValue(value);
        return false;
      }
    }
    if (!readSimulationState(state, paused, frames, error)) return false;
  } catch (const Json::exception& failure) {
    error = std::string("lab_state: ") + failure.what();
    return false;
  }
  count_ = generator.count;
  motion_ = generator.motion;
  seed_ = generator.seed;
  spacing_ = generator.spacing;
  axisChoice_ = generator.axis;
  if (algorithm) algorithm_ = *algorithm;
  running_ = !paused;
  if (scene.shapes.empty()) regenerate();
  else placeObjects(scene.shapes);
  openFrames_ = frames;
  // Frames simulated before the scene shows (a paused scene then opens on a frame with swaps to step).
  for (long long frame = 0; frame < frames; ++frame) advanceFrame();
  return true;
}

void BroadPhaseLab::saveScene(Scene& scene) const {
  // A generated scene is its settings (loadScene generates its boxes again); an edited one holds the boxes as they
  // were last placed by hand: boxes and circles at their centres, moving at their velocities. Neither holds where
  // the simulation has moved them since.
  scene.shapes.clear();
  if (edited_) {
    const std::vector<MovingObject>& objects = editedBoxesLive_ ? objects_ : editedObjects_;
    const MovingBoxes& placed = editedBoxesLive_ ? scene_ : editedScene_;
    scene.shapes.reserve(objects.size());
    for (std::size_t i = 0; i < objects.size(); ++i) {
      const MovingObject& object = objects[i];
      collide::Collider<double> collider;
      collider.transform = collide::Transform<double>::fromPose(object.centre, 0.0);
      if (object.circle) collider.shape = collide::Circle<double>{{}, object.halfExtents.x};
      else collider.shape = collide::Box<double>{object.halfExtents};
      const auto& velocity = placed.velocity(i);
      scene.shapes.push_back(
          {defaultShapeName(i), collider, ShapeMotion{Vec2d{velocity[0], velocity[1]} * kFramesPerSecond, 0.0}});
    }
  }
  scene.algorithm = std::string(kAlgorithmNames[static_cast<std::size_t>(algorithm_)]);
  scene.labState = generatorStateJson({count_, motion_, seed_, spacing_, axisChoice_});
  scene.labState["paused"] = !running_;
  if (edited_) scene.labState.erase("count");  // the boxes are the scene's shapes
  if (openFrames_ > 0) scene.labState["frames"] = openFrames_;
}

std::optional<std::string> BroadPhaseLab::commandLine(std::string& why) const {
  if (edited_) {
    why = "Copy as command: the boxes were placed by hand (dragged, added, removed or opened from a scene's shapes); "
          "the command line makes the generated scene only (Restart gives it back)";
    return std::nullopt;
  }
  return broadphase::commandLine(2, algorithm_, axisChoice_, count_, motion_, seed_, spacing_, frame_);
}

void BroadPhaseLab::loadSettings(const Json& settings) {
  readSetting(settings, "showGrid", draw_.showGrid);
  readSetting(settings, "showTree", draw_.showTree);
  readSetting(settings, "treeDepth", draw_.treeDepth);
  draw_.treeDepth = std::clamp(draw_.treeDepth, 0, 64);
  readSetting(settings, "showPairs", draw_.showPairs);
  readSetting(settings, "showLabels", draw_.showLabels);
}

Json BroadPhaseLab::saveSettings() const {
  return {{"showGrid", draw_.showGrid},   {"showTree", draw_.showTree},     {"treeDepth", draw_.treeDepth},
          {"showPairs", draw_.showPairs}, {"showLabels", draw_.showLabels}};
}

void BroadPhaseLab::dumpState(Json& out) const {
  out["count"] = objects_.size();
  out["algorithm"] = std::string(kAlgorithmNames[static_cast<std::size_t>(algorithm_)]);
  out["motion"] = std::string(collide::motionName(motion_));
  out["frame"] = frame_;
  std::string why;
  out["command"] = commandLine(why).value_or(why);
  out["running"] = running_;
  out["floorWindowed"] = floorWindowed();
  out["pairs"] = pairs_.size();
  out["bruteForceChecked"] = bruteChecked_;
  out["bruteForceAgrees"] = bruteChecked_ && bruteMissing_ == 0 && bruteExtra_ == 0;
  out["bruteForceMissing"] = bruteMissing_;
  out["bruteForceExtra"] = bruteExtra_;
  out["legend"] = legendJson(legendRows());
  out["legendMarks"] = legendMarksJson(legendRows());
  out["replayChecked"] = replayChecked_;
  out["replayAgrees"] = replayChecked_ && replayAgrees_;
  out["selected"] = selected_;
  out["stats"] = countersJson(stats_);
  out["stats"]["candidatesBothAxes"] = stats_.candidatePairsPerAxis[1];
  out["stats"]["updateMicroseconds"] = updateMicroseconds_;
  const double frames = static_cast<double>(std::max<std::size_t>(timing_.frames, 1));
  out["timing"] = {{"frames", timing_.frames},
                   {"frameMilliseconds", 1e3 * timing_.frameSeconds / frames},
                   {"updateMicroseconds", timing_.updateMicroseconds / frames},
                   {"moveMicroseconds", timing_.moveMicroseconds / frames},
                   {"drawMicroseconds", timing_.drawMicroseconds / frames},
                   {"updateCpuMicroseconds", timing_.updateCpuMicroseconds / frames},
                   {"drawCpuMicroseconds", timing_.drawCpuMicroseconds / frames}};
  if (objects_.size() <= kTraceLimit) {
    Json objects = Json::array();
    for (const MovingObject& object : objects_) {
      const Box box = object.box();
      objects.push_back({{"id", object.proxy}, {"min", {box.min[0], box.min[1]}}, {"max", {box.max[0], box.max[1]}},
                         {"circle", object.circle}});
    }
    out["objects"] = objects;
    Json pairs = Json::array();
    for (const ProxyPair& pair : pairs_) pairs.push_back({pair.first, pair.second});
    out["pairList"] = pairs;
    Json shown = Json::array();
    for (const ProxyPair& pair : pairsAtStep()) shown.push_back({pair.first, pair.second});
    out["pairsAtStep"] = shown;
  }
  if (objects_.size() <= kTraceLimit) {
    // The objects' name labels: anchored at the centre, highlighted when the step is about the object.
    const std::vector<ProxyId> named = stepping() ? stepProxies(algorithm_, step_) : std::vector<ProxyId>{};
    Json labels = Json::array();
    for (const MovingObject& object : objects_) {
      labels.push_back({{"id", object.proxy},
                        {"at", {object.centre.x, object.centre.y}},
                        {"highlighted", std::binary_search(named.begin(), named.end(), object.proxy)}});
    }
    out["objectLabels"] = labels;
  }
  Json treeLabelList = Json::array();
  for (const TreeLabel& label : treeLabels()) {
    treeLabelList.push_back({{"text", label.text}, {"at", {label.at.x, label.at.y}}});
  }
  out["treeLabels"] = treeLabelList;
  if (stepping()) {
    out["event"] = {{"index", step_}, {"kind", eventKind(events_.steps[static_cast<std::size_t>(step_)])},
                    {"narration", algorithm_ == Algorithm::Sap
                                      ? narrateEvent(currentReplay(), events_.steps, step_, currentBoxes())
                                      : narrateEvent<2>({}, events_.steps, step_, currentBoxes())}};
    // The cell an insertion puts the object in, as a world box: the narration's box overlaps it.
    if (algorithm_ == Algorithm::Grid) {
      if (const auto* insert = std::get_if<collide::GridInsert<2>>(&events_.steps[static_cast<std::size_t>(step_)])) {
        const Box cell = gridCellBox(insert->cell);
        out["event"]["cell_box"] = {{cell.min[0], cell.min[1]}, {cell.max[0], cell.max[1]}};
      }
    }
    Json kinds = Json::object();
    for (const Event& event : events_.steps) {
      const std::string kind = eventKind(event);
      kinds[kind] = kinds.value(kind, 0) + 1;
    }
    out["stepKinds"] = kinds;
  }
  if (stepping() && algorithm_ == Algorithm::Sap) {
    const SweepReplay replay = currentReplay();
    out["sweep"] = {{"axis", replay.axis},
                    {"value", replay.sweepValue ? Json(*replay.sweepValue) : Json()},
                    {"active", replay.active},
                    {"candidates", replay.candidates.size()},
                    {"stage", replay.stagePairs != nullptr ? replay.stagePairs->stage : -1},
                    {"tickOffset", 0.06 * std::max(worldSize_.x, worldSize_.y)},
                    {"narration", narrateEvent(replay, events_.steps, step_, currentBoxes())}};
    Json rows = Json::array();  // the step's list of candidates, as the panel shows them
    const std::vector<Box> boxes = currentBoxes();
    for (const ProxyPair& pair : replay.candidates)
      rows.push_back(candidateRow<2>(pair, boxes, stats_.axisOrder, replay.stagePairs != nullptr ? replay.stagePairs->stage : 0));
    out["sweep"]["candidateRows"] = rows;
  }
}

std::vector<Shortcut> BroadPhaseLab::shortcuts() const {
  return {{"P", "pause or run the simulation"},
          {"N", "advance one simulation frame (pauses)"},
          {"Left / Right", "step one event of this frame's update (N <= 64)"},
          {"Drag", "move a shape"},
          {"Shift + click", "add a box on empty space"},
          {"Ctrl + click", "add a circle on empty space"},
          {"Delete", "remove the selected shape"},
          {"1 2 3 4", "sweep and prune, grid, tree, brute force"}};
}

// Only the series this algorithm fills: the others would be rows of zeros in the Plots window.
void BroadPhaseLab::frameMetrics(std::vector<FrameMetric>& out) const {
  out.push_back({"pairs", static_cast<double>(pairs_.size()), "pairs", counterName(Counter::Pairs)});
  if (algorithm_ == Algorithm::Sap) {
    out.push_back({"sap_swaps", static_cast<double>(stats_.swaps), "swaps", counterName(Counter::Swaps)});
    out.push_back({"candidates", static_cast<double>(stats_.candidatePairsPerAxis[0]), "pairs",
                   counterName(Counter::SweepCandidates)});
  }
  if (algorithm_ == Algorithm::Grid)
    out.push_back({"cells", static_cast<double>(stats_.cellsTouched), "cells", counterName(Counter::CellsTouched)});
  if (algorithm_ == Algorithm::Bvh)
    out.push_back({"nodes", static_cast<double>(stats_.nodesVisited), "nodes", counterName(Counter::NodePairsVisited)});
  out.push_back({"update_time", updateMicroseconds_, "us", "update time (\u00b5s)"});
}

// [SECTION] Panels

void BroadPhaseLab::drawUi() {
  if (drawAlgorithmChoice(algorithm_)) rebuildBroadPhase();
  if (algorithm_ == Algorithm::Sap && drawSweepAxisChoice(2, axisChoice_)) {
    std::get<Sap>(broadPhase_).setOptions({.sweepAxis = axisChoice_});
    afterEdit();
  }

  // The step and the legend first, so both fit with the picture on a 1280x720 window; the scene's controls follow.
  drawStepPanel();
  drawLegend(legendRows());

  ImGui::Spacing();
  ImGui::TextDisabled("SCENE");
  if (drawSceneControls(count_, motion_, spacing_, "Pile on a floor")) regenerate();
  int seed = static_cast<int>(seed_ & 0x7fffffff);
  if (ImGui::InputInt("Seed", &seed)) {
    seed_ = static_cast<std::uint64_t>(std::max(seed, 0));
    regenerate();
  }

  ImGui::Spacing();
  switch (drawSimulationControls(frame_, running_)) {
    case SimulationAction::NextFrame: advanceFrame(); break;
    case SimulationAction::Restart: regenerate(); break;
    case SimulationAction::None: break;
  }
  if (ImGui::Button("Add box")) addObject(0.5 * worldSize_, false);
  ImGui::SameLine();
  if (ImGui::Button("Add circle")) addObject(0.5 * worldSize_, true);
  ImGui::SameLine();
  ImGui::BeginDisabled(selected_ < 0);
  if (ImGui::Button("Remove (Del)")) removeObject(selected_);
  ImGui::EndDisabled();
  ImGui::TextDisabled("Drag a shape; Shift/Ctrl + click adds a box/circle.");
  if (!message_.empty()) ImGui::TextColored(toImVec4(palette::kHit), "%s", message_.c_str());

  drawStatsPanel();

  ImGui::Spacing();
  ImGui::TextDisabled("VIEW");
  ImGui::Checkbox("Pair overlaps", &draw_.showPairs);
  ImGui::SameLine();
  ImGui::Checkbox("Labels", &draw_.showLabels);
  if (algorithm_ == Algorithm::Grid) ImGui::Checkbox("Grid cells by occupancy", &draw_.showGrid);
  if (longFloor()) {
    char label[64];
    std::snprintf(label, sizeof label, "Whole floor (%.0f units wide)", worldSize_.x);
    if (ImGui::Checkbox(label, &wholeFloor_)) fitRequested_ = true;
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip("Off, the view frames the floor's first %.0f units, where boxes can be seen; the wheel and a "
                        "drag show the rest.", kFloorWindow);
    }
  }
  if (algorithm_ == Algorithm::Bvh) {
    ImGui::Checkbox("Tree boxes by depth", &draw_.showTree);
    const int height = std::get<Tree>(broadPhase_).height();
    valueSliderInt("Depth", &draw_.treeDepth, 0, std::max(height, 1));
  }
}

void BroadPhaseLab::drawStatsPanel() {
  drawUpdateStats(algorithm_, objects_.size());
  if (timing_.frames > 0 && ImGui::BeginTable("timing", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) {
    const double frames = static_cast<double>(timing_.frames);
    const auto row = [](const char* name, double milliseconds) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(name);
      ImGui::TableNextColumn();
      ImGui::Text("%.2f ms", milliseconds);
    };
    row("mean update (thread CPU)", 1e-3 * timing_.updateCpuMicroseconds / frames);
    row("mean draw submit", 1e-3 * timing_.drawMicroseconds / frames);
    row("mean frame", 1e3 * timing_.frameSeconds / frames);
    ImGui::EndTable();
  }
}

void BroadPhaseLab::drawStepPanel() {
  if (!stepping()) {
    if (objects_.size() > kTraceLimit) ImGui::TextDisabled("Step-by-step needs N <= %zu.", kTraceLimit);
    return;
  }
  drawStepNarration(algorithm_, step_, currentBoxes());
}

std::vector<LegendRow> BroadPhaseLab::legendRows() const {
  using Kind = LegendRow::Kind;
  // Each row says what this step draws in that colour and mark (broad_phase_draw.cpp): red objects are in the pairs
  // found at or before this step, in every algorithm (mid-sweep, candidates); the boxes' own overlap is a solid fill.
  // Yellow is this step's, and only that.
  std::vector<LegendRow> rows = pairLegendRows(algorithm_, step_, "object", draw_.showLabels && objects_.size() <= kTraceLimit);
  const auto add = [&rows](Kind kind, const Color& color, std::string text) {
    rows.push_back({kind, color, std::move(text)});
  };
  if (draw_.showPairs) add(Kind::Swatch, palette::kHit.withAlpha(0.7f), "where a pair's two boxes overlap");
  if (algorithm_ == Algorithm::Sap && stepping()) {
    const SweepReplay replay = currentReplay();
    if (replay.stagePairs != nullptr && replay.stagePairs->stage >= 1) {
      const std::string other(1, kAxisNames[replay.stagePairs->axis]);
      add(Kind::Line, palette::kHit, "line: a pair the " + other + " test keeps");
      add(Kind::Dashed, palette::kTextDim, "dashed line: a pair rejected on " + other);
    } else {
      add(Kind::Line, palette::kHit, "line: a candidate pair found so far");
    }
    add(Kind::Swatch, palette::kSeparated, "min endpoint (interval opens)");
    add(Kind::Swatch, palette::kShapeB, "max endpoint (interval closes)");
    add(Kind::Thick, palette::kMinkowski, "active list");
    add(Kind::Line, palette::kAccent, "this event: the sweep line, its endpoint, a swap's two boxes, its new pairs (thick)");
  }
  if (algorithm_ == Algorithm::Grid) {
    if (draw_.showGrid) add(Kind::Shades, palette::kMinkowski, "cell in use: the more objects, the more opaque");
    if (stepping()) {
      add(Kind::Thick, palette::kAccent, "this step's cell; thick: the object going in, or the pair tested, boxes overlap");
      add(Kind::Thick, palette::kTextDim, "thick: this step's pair tested, boxes apart");
    }
  }
  if (algorithm_ == Algorithm::Bvh) {
    if (draw_.showTree) {
      add(Kind::DepthColors, {}, "tree box at depth 0, 1, 2, ...");
      add(Kind::Note, {}, "dashed: a leaf's fat box, in its depth's colour");
    }
    if (stepping()) {
      // The step's node pair is drawn thick: descended when the fat boxes overlap, pruned (grey) when not.
      add(Kind::Thick, palette::kAccent, "thick: this step's node pair, fat boxes overlap");
      add(Kind::Thick, palette::kTextDim, "thick: this step's node pair, apart (pruned)");
    }
  }
  return rows;
}

namespace {
const bool registered = registerLab("Broad phase", "Broad phase", &BroadPhaseLab::create, {"Sweep and prune"});
}  // namespace

}  // namespace lab::broadphase
