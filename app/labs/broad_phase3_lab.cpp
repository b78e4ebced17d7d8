// The 3D broad-phase lab, registered as "Broad phase 3D": N moving boxes in space (10 to 100,000, the same
// workloads/motions.h scenes as `collision-lab broadphase --dim 3`) under sweep and prune, a uniform grid, a dynamic
// AABB tree or brute force, with the brute-force badge. For small N the shared timeline steps the recorded update
// one event at a time: the sweep plane, the active boxes, the pairs each event makes; strips under the view show
// the three endpoint lists in the order sweep and prune filters with them (the sweep axis, then the others, as the
// Collision detection notes' X, then Z, then Y lists). The update and its checks are BroadPhaseCore<3>'s, shared
// with the 2D lab.
//
// [SECTION] Scene and simulation
// [SECTION] Frame, keys, timeline
// [SECTION] Drawing: boxes, grid cells, tree, the sweep
// [SECTION] Endpoint strips
// [SECTION] Scenes, settings, dump, metrics
// [SECTION] Panel
#include <algorithm>
#include <array>
#include <cstdio>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include "lab/lab.h"
#include "labs/broad_phase_counters.h"
#include "labs/broad_phase_core.h"
#include "labs/narration.h"
#include "platform/theme.h"
#include "render/renderer3d.h"
#include "render/shape_drawing3.h"
#include "workloads/motions.h"
#include "widgets/wrapped_text.h"
#include "widgets/value_slider.h"

namespace lab::broadphase {

namespace {

using BoxMotion = collide::BoxMotion;
using MovingBoxes3 = collide::MovingBoxes<double, 3>;
using Box3 = collide::Bounds<double, 3>;

constexpr std::size_t kWireLimit = 4000;    // boxes beyond this are drawn as points
constexpr std::size_t kStripLimit = 400;    // endpoint ticks on the strips up to this many boxes
constexpr std::size_t kCellLimit = 3000;    // grid cells drawn up to this many

Vec3d lowOf(const Box3& box) { return {box.min[0], box.min[1], box.min[2]}; }
Vec3d highOf(const Box3& box) { return {box.max[0], box.max[1], box.max[2]}; }

void wireBox(Renderer3D& renderer, const Box3& box, Color color, float width = 1.2f) {
  drawWireBox(renderer, boxCorners(lowOf(box), highOf(box)), color, {width});
}

// The six faces of a box, translucent.
void fillBox(Renderer3D& renderer, const Box3& box, Color fill) {
  const std::array<Vec3d, 8> corner = boxCorners(lowOf(box), highOf(box));
  constexpr int kFaces[6][4] = {{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4}, {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}};
  for (const auto& face : kFaces) {
    const auto at = [&](int k) { return corner[static_cast<std::size_t>(face[k])]; };
    renderer.triangle(at(0), at(1), at(2), fill);
    renderer.triangle(at(0), at(2), at(3), fill);
  }
}

Vec3d centreOf(const Box3& box) { return 0.5 * (lowOf(box) + highOf(box)); }

}  // namespace

class BroadPhase3Lab final : public Lab, private BroadPhaseCore<3> {
 public:
  static std::unique_ptr<Lab> create() { return std::make_unique<BroadPhase3Lab>(); }
  BroadPhase3Lab() { regenerate(); }

  void update(double seconds) override;
  void drawUi() override;
  [[nodiscard]] const char* viewTitle(int) const override { return kAlgorithmTitles[static_cast<std::size_t>(algorithm_)]; }
  [[nodiscard]] ViewKind viewKind(int) const override { return ViewKind::Spatial; }
  void keyPressed(const KeyPress& press) override;
  void draw(const DrawContext& context) override;
  [[nodiscard]] std::optional<WorldBounds3> sceneBounds3(int) const override;

  [[nodiscard]] int stepCount() const override { return static_cast<int>(events_.steps.size()); }
  [[nodiscard]] int stepIndex() const override { return step_; }
  void setStep(int index) override {
    running_ = false;  // scrubbing inspects this frame's update: the simulation holds still
    step_ = std::clamp(index, 0, std::max(0, stepCount() - 1));
  }

  bool loadScene(const Scene& scene, std::string& error) override;
  void saveScene(Scene& scene) const override;
  [[nodiscard]] bool sceneRunning() const override { return running_; }
  [[nodiscard]] std::optional<std::string> commandLine(std::string&) const override {
    return broadphase::commandLine(3, algorithm_, axisChoice_, count_, motion_, seed_, spacing_, frame_);
  }
  bool setAlgorithm(std::string_view name, std::string& error) override;
  [[nodiscard]] std::string algorithmTitle(std::string_view name) const override { return broadphase::algorithmTitle(name); }
  void loadSettings(const Json& settings) override;
  [[nodiscard]] Json saveSettings() const override;
  void dumpState(Json& out) const override;
  [[nodiscard]] std::vector<Shortcut> shortcuts() const override;
  void frameMetrics(std::vector<FrameMetric>& out) const override;
  [[nodiscard]] std::optional<std::uint64_t> metricsUpdate() const override { return updates_; }

 private:
  void regenerate();
  void rebuildBroadPhase();
  void advanceFrame();
  void update();
  [[nodiscard]] bool stepping() const { return !events_.steps.empty(); }
  [[nodiscard]] Box3 worldBox() const;
  void drawSweep(Renderer3D& renderer, const SweepReplayOf<3>& replay) const;
  void drawOtherEvent(Renderer3D& renderer) const;
  void drawStrips(Renderer3D& renderer, const SweepReplayOf<3>* replay) const;
  [[nodiscard]] std::string stripLabel(int stage, const SweepReplayOf<3>* replay) const;
  void drawTree(Renderer3D& renderer) const;
  [[nodiscard]] std::vector<LegendRow> legendRows() const;
  // Per proxy: in a pair found at or before the timeline's step (BroadPhaseCore::pairsFoundBy).
  [[nodiscard]] std::vector<std::uint8_t> inPairAtStep() const {
    std::vector<std::uint8_t> inPair(boxes_.size(), 0);
    for (const ProxyPair& pair : pairsFoundBy(algorithm_, step_, boxes_)) {
      if (pair.first < inPair.size()) inPair[pair.first] = 1;
      if (pair.second < inPair.size()) inPair[pair.second] = 1;
    }
    return inPair;
  }
  void drawGridCells(Renderer3D& renderer) const;

  std::size_t count_ = 24;
  BoxMotion motion_ = BoxMotion::Drift;
  std::uint64_t seed_ = 1;
  double spacing_ = MovingBoxes3::kLabSpacing;
  Algorithm algorithm_ = Algorithm::Sap;
  int axisChoice_ = -1;  // -1 automatic (largest variance), else the sweep axis
  int treeDepth_ = 3;
  // The lab opens paused on step 1 of frame 0, as the plane's lab does, so its first picture is the update's start.
  bool running_ = false;
  bool stepOncePending_ = false;
  std::size_t frame_ = 0;
  long long openFrames_ = 0;  // lab_state.frames of the scene opened: the frames simulated before it shows
  int step_ = 0;
  MovingBoxes3 scene_{BoxMotion::Drift, 0, 1};
  std::vector<ProxyId> proxies_;  // proxies_[i]: scene_'s box i
  std::vector<Box3> boxes_;       // by proxy id
  std::string message_;
};

// [SECTION] Scene and simulation

void BroadPhase3Lab::regenerate() {
  message_.clear();
  scene_ = MovingBoxes3::lab(motion_, count_, seed_, spacing_);
  frame_ = 0;
  openFrames_ = 0;  // the boxes as generated, at frame 0 (loadScene sets it after)
  rebuildBroadPhase();
}

void BroadPhase3Lab::rebuildBroadPhase() {
  if (algorithm_ == Algorithm::Brute && scene_.size() > kBruteAlgorithmLimit) {
    algorithm_ = Algorithm::Sap;  // n^2 / 2 box tests a frame would freeze the window
    message_ = "brute force is limited to " + std::to_string(kBruteAlgorithmLimit) + " objects: sweep and prune instead";
  }
  resetBroadPhase(algorithm_, axisChoice_);
  proxies_.clear();
  boxes_.clear();
  for (std::size_t i = 0; i < scene_.size(); ++i) {
    const ProxyId proxy = addProxy(scene_.boxes()[i]);
    if (proxy == collide::kNullProxy) {
      message_ = "internal: the reference handed out a different id";
      continue;
    }
    proxies_.push_back(proxy);
    if (boxes_.size() <= proxy) boxes_.resize(proxy + 1);
    boxes_[proxy] = scene_.boxes()[i];
  }
  std::visit([](auto& broadPhase) { broadPhase.update(); }, broadPhase_);
  update();
  step_ = 0;
}

void BroadPhase3Lab::update() { runUpdate(boxes_, proxies_); }

void BroadPhase3Lab::advanceFrame() {
  scene_.step();
  for (std::size_t i = 0; i < proxies_.size(); ++i) {
    boxes_[proxies_[i]] = scene_.boxes()[i];
    moveProxy(proxies_[i], boxes_[proxies_[i]]);
  }
  ++frame_;
  update();
  // Running, the picture follows the frames' answers; paused (N), the new frame's update is stepped from its start.
  step_ = running_ ? std::max(0, stepCount() - 1) : 0;
}

Box3 BroadPhase3Lab::worldBox() const {
  const auto& size = scene_.worldSize();
  return {{0, 0, 0}, {size[0], size[1], size[2]}};
}

// [SECTION] Frame, keys, timeline

void BroadPhase3Lab::update(double) {
  if (running_ || std::exchange(stepOncePending_, false)) advanceFrame();
}

void BroadPhase3Lab::keyPressed(const KeyPress& press) {
  if (isPress(press, GLFW_KEY_P)) running_ = !running_;
  if (isPress(press, GLFW_KEY_N)) {
    running_ = false;
    stepOncePending_ = true;
  }
  if (const std::optional<Algorithm> picked = algorithmKey(press, algorithm_)) {
    algorithm_ = *picked;
    rebuildBroadPhase();
  }
}

std::optional<WorldBounds3> BroadPhase3Lab::sceneBounds3(int) const {
  WorldBounds3 bounds = WorldBounds3::none();
  const Box3 world = worldBox();
  bounds.include(lowOf(world));
  bounds.include(highOf(world));
  return bounds;
}

// [SECTION] Drawing: boxes, grid cells, tree, the sweep

void BroadPhase3Lab::draw(const DrawContext& context) {
  if (context.spatial == nullptr) return;
  Renderer3D& renderer = *context.spatial;
  // The world's walls, dashed.
  const Box3 world = worldBox();
  drawWireBox(renderer, boxCorners(lowOf(world), highOf(world)), palette::kTextDim.withAlpha(0.6f), {1.0f, 6.0f, 4.0f});
  if (algorithm_ == Algorithm::Grid) drawGridCells(renderer);
  if (algorithm_ == Algorithm::Bvh) drawTree(renderer);
  // The boxes: red when in a pair found at or before this step (as in the plane's lab); wire boxes (and translucent
  // faces at small N), points beyond kWireLimit.
  const bool small = proxies_.size() <= kTraceLimit;
  const std::vector<std::uint8_t> inPair = inPairAtStep();
  for (std::size_t i = 0; i < proxies_.size(); ++i) {
    const ProxyId proxy = proxies_[i];
    const bool paired = proxy < inPair.size() && inPair[proxy];
    const Color color = paired ? palette::kHit : palette::kShapeA;
    const Box3& box = boxes_[proxy];
    if (i < kWireLimit) {
      if (small) fillBox(renderer, box, color.withAlpha(0.12f));
      wireBox(renderer, box, color.withAlpha(0.9f));
    } else {
      renderer.point(centreOf(box), color, 2.0f);
    }
  }
  if (small) {
    // Each box's name centred on its centre (the placer keeps labels off the other centres; one it must move far
    // gets a leader line back to it): at a corner, in a cluster, a name sat on other boxes. The step's boxes are
    // named first, in yellow (this step's).
    const std::vector<ProxyId> named = stepping() ? stepProxies(algorithm_, step_) : std::vector<ProxyId>{};
    for (const bool step : {true, false}) {
      for (const ProxyId proxy : proxies_) {
        if (std::binary_search(named.begin(), named.end(), proxy) != step) continue;
        const std::string text = "#" + std::to_string(proxy);
        const ImVec2 size = ImGui::CalcTextSize(text.c_str());
        renderer.label(centreOf(boxes_[proxy]), text, step ? palette::kAccent : palette::kText.withAlpha(0.85f),
                       -0.5 * (Vec2d{size.x, size.y} + kLabelPadding));
      }
    }
  }
  if (stepping() && algorithm_ != Algorithm::Sap) drawOtherEvent(renderer);
  if (algorithm_ == Algorithm::Sap) {
    // The sweep as the events leave it at this step: replayed once, for the view and the strips.
    std::optional<SweepReplayOf<3>> replay;
    if (stepping()) replay = replayAt(step_);
    if (replay) drawSweep(renderer, *replay);
    drawStrips(renderer, replay ? &*replay : nullptr);
  }
}

void BroadPhase3Lab::drawGridCells(Renderer3D& renderer) const {
  const Grid& grid = std::get<Grid>(broadPhase_);
  if (!(grid.cellSize() > 0)) return;
  // The cells the boxes went into at the last update (the grid's own mapping), the first kCellLimit in order.
  const auto cells = grid.occupiedCells();
  for (std::size_t i = 0; i < std::min(cells.size(), kCellLimit); ++i) {
    wireBox(renderer, gridCellBox(cells[i].cell), palette::kMinkowski.withAlpha(0.45f), 1.0f);  // the plane's cell colour
  }
}

// What each colour of the view and the strips means at this step, as the plane's lab says it (broad_phase_lab.cpp).
std::vector<LegendRow> BroadPhase3Lab::legendRows() const {
  using Kind = LegendRow::Kind;
  std::vector<LegendRow> rows = pairLegendRows(algorithm_, step_, "box", proxies_.size() <= kTraceLimit);
  const auto add = [&rows](Kind kind, const Color& color, std::string text) {
    rows.push_back({kind, color, std::move(text)});
  };
  if (algorithm_ == Algorithm::Sap) {
    add(Kind::Swatch, palette::kSeparated, "strip tick: min endpoint (interval opens)");
    add(Kind::Swatch, palette::kShapeB, "strip tick: max endpoint (interval closes)");
    add(Kind::Line, palette::kHit, "under a strip: a red box's interval");
    if (stepping()) {
      add(Kind::Thick, palette::kMinkowski, "active list (on the sweep strip: a band)");
      add(Kind::Line, palette::kAccent, "this event: the sweep plane (on its strip, a line), the pairs it made (lines)");
    }
  }
  if (algorithm_ == Algorithm::Grid) {
    add(Kind::Outline, palette::kMinkowski, "grid cell in use");
    if (stepping()) {
      add(Kind::Thick, palette::kAccent, "this step's cell; thick: the box going in, or the pair tested, boxes overlap");
      add(Kind::Thick, palette::kTextDim, "thick: this step's pair tested, boxes apart");
    }
  }
  if (algorithm_ == Algorithm::Bvh) {
    add(Kind::DepthColors, {}, "tree box at depth 0, 1, 2, ...");
    if (stepping()) {
      add(Kind::Thick, palette::kAccent, "thick: this step's node pair, fat boxes overlap");
      add(Kind::Thick, palette::kTextDim, "thick: this step's node pair, apart (pruned)");
    }
  }
  return rows;
}

void BroadPhase3Lab::drawTree(Renderer3D& renderer) const {
  const Tree& tree = std::get<Tree>(broadPhase_);
  if (tree.root() < 0) return;
  const auto& nodes = tree.nodes();
  std::vector<std::pair<int, int>> stack{{tree.root(), 0}};
  while (!stack.empty()) {
    const auto [index, depth] = stack.back();
    stack.pop_back();
    const auto& node = nodes[static_cast<std::size_t>(index)];
    if (depth > treeDepth_) continue;
    wireBox(renderer, node.box, treeDepthColor(depth).withAlpha(0.8f), depth == 0 ? 2.0f : 1.4f);
    if (!node.isLeaf()) {
      stack.push_back({node.child1, depth + 1});
      stack.push_back({node.child2, depth + 1});
    }
  }
}

// The stepped sweep: the plane through the sweep line, the boxes in the active list, the pairs this event made.
void BroadPhase3Lab::drawSweep(Renderer3D& renderer, const SweepReplayOf<3>& replay) const {
  const int axis = replay.axis;
  const Box3 world = worldBox();
  if (replay.sweepValue && replay.stagePairs == nullptr) {
    // A translucent plane across the world at the sweep value, while the sweep runs (as the plane's sweep line).
    std::array<Vec3d, 4> corners;
    const int u = (axis + 1) % 3, v = (axis + 2) % 3;
    for (int i = 0; i < 4; ++i) {
      std::array<double, 3> p{};
      p[static_cast<std::size_t>(axis)] = *replay.sweepValue;
      p[static_cast<std::size_t>(u)] = (i == 1 || i == 2) ? world.max[static_cast<std::size_t>(u)] : world.min[static_cast<std::size_t>(u)];
      p[static_cast<std::size_t>(v)] = (i >= 2) ? world.max[static_cast<std::size_t>(v)] : world.min[static_cast<std::size_t>(v)];
      corners[static_cast<std::size_t>(i)] = {p[0], p[1], p[2]};
    }
    renderer.triangle(corners[0], corners[1], corners[2], palette::kAccent.withAlpha(0.12f));
    renderer.triangle(corners[0], corners[2], corners[3], palette::kAccent.withAlpha(0.12f));
    renderer.polyline(corners, true, palette::kAccent, {2.0f, 0, 0, true});
    char text[48];
    std::snprintf(text, sizeof text, "sweep: %c = %s", kAxisNames[axis], formatNumber(*replay.sweepValue).c_str());
    renderer.label(corners[2], text, palette::kAccent);
  }
  for (const ProxyId id : replay.active) wireBox(renderer, boxes_[id], palette::kMinkowski, 2.5f);  // as the plane's
  for (const ProxyPair& pair : replay.made)
    renderer.line(centreOf(boxes_[pair.first]), centreOf(boxes_[pair.second]), palette::kAccent, {2.5f, 0, 0, true});
}

// The stepped grid or tree event: the cell a box goes into, the pair a cell tests, or the two tree nodes tested.
void BroadPhase3Lab::drawOtherEvent(Renderer3D& renderer) const {
  const Event& event = events_.steps[static_cast<std::size_t>(step_)];
  if (const auto* insert = std::get_if<collide::GridInsert<3>>(&event)) {
    wireBox(renderer, gridCellBox(insert->cell), palette::kAccent, 2.5f);
    if (insert->id < boxes_.size()) wireBox(renderer, boxes_[insert->id], palette::kAccent, 2.5f);
  } else if (const auto* test = std::get_if<collide::GridTest<3>>(&event)) {
    // The cell that tests the pair, and the two boxes: yellow when they overlap, grey when apart.
    if (!test->oversize) wireBox(renderer, gridCellBox(test->cell), palette::kAccent, 2.5f);
    for (const ProxyId id : {test->a, test->b}) {
      if (id < boxes_.size()) wireBox(renderer, boxes_[id], test->overlap ? palette::kAccent : palette::kTextDim, 3.0f);
    }
  } else if (const auto* visit = std::get_if<collide::TreeVisit>(&event)) {
    const auto& nodes = std::get<Tree>(broadPhase_).nodes();
    const Color color = visit->overlap ? palette::kAccent : palette::kTextDim;
    for (const int node : {visit->nodeA, visit->nodeB}) {
      if (node >= 0 && node < static_cast<int>(nodes.size())) wireBox(renderer, nodes[static_cast<std::size_t>(node)].box, color, 3.0f);
    }
  }
}

// [SECTION] Endpoint strips

// Under the view, one strip per axis in the order sweep and prune uses them (the sweep axis first, then the axes
// that filter its candidates), each box's interval on that axis as a bar and its endpoints as ticks; the counts say
// how many pairs survive each stage.
// A strip's count: the whole frame's, as THIS FRAME gives it; mid-sweep the sweep axis's also gives the pairs
// found so far, which the step panel lists, so the two numbers are not read as one that disagrees.
std::string BroadPhase3Lab::stripLabel(int stage, const SweepReplayOf<3>* replay) const {
  const std::size_t total = stats_.candidatePairsPerAxis[static_cast<std::size_t>(stage)];
  const char axis = kAxisNames[stats_.axisOrder[static_cast<std::size_t>(stage)]];
  char text[64];
  // The filters run after the sweep, one axis after the other: until this step reaches a stage its count is not
  // known yet (step 30 of 51 said "then y: 13 left" while the sweep had 41 so far; review s33, A10).
  const bool reached = replay == nullptr || (replay->stagePairs != nullptr && replay->stagePairs->stage >= stage);
  if (stage > 0 && !reached) {
    std::snprintf(text, sizeof text, "then %c: after %s", axis,
                  stage == 1 ? "the sweep" : std::string(1, kAxisNames[stats_.axisOrder[static_cast<std::size_t>(stage - 1)]]).c_str());
  } else if (stage > 0) {
    std::snprintf(text, sizeof text, "then %c: %zu left", axis, total);
  } else if (replay != nullptr && replay->stagePairs == nullptr) {
    std::snprintf(text, sizeof text, "%c (sweep): %zu so far, %zu in all", axis, replay->candidates.size(), total);
  } else {
    std::snprintf(text, sizeof text, "%c (sweep): %zu pairs in all", axis, total);
  }
  return text;
}

void BroadPhase3Lab::drawStrips(Renderer3D& renderer, const SweepReplayOf<3>* replay) const {
  const ScreenRect& rect = renderer.camera().rect();
  const Box3 world = worldBox();
  // At the top of the view, below its title: the axis triad and the readouts own the bottom corners.
  // The strips start right of the widest label, so a larger UI scale does not run the labels into the ticks.
  double labelWidth = 0;
  for (int stage = 0; stage < 3; ++stage)
    labelWidth = std::max(labelWidth, static_cast<double>(ImGui::CalcTextSize(stripLabel(stage, replay).c_str()).x));
  const double left = rect.x + std::max(250.0, 12 + labelWidth + 16), right = rect.x + rect.width - 20;
  const double rowHeight = std::max(22.0, static_cast<double>(ImGui::GetTextLineHeight()) + 4);
  const double top = rect.y + 52;
  const std::size_t n = std::min(proxies_.size(), kStripLimit);
  const std::vector<std::uint8_t> inPair = inPairAtStep();
  for (int stage = 0; stage < 3; ++stage) {
    const int axis = stats_.axisOrder[static_cast<std::size_t>(stage)];
    const double y = top + stage * rowHeight;
    const double lo = world.min[static_cast<std::size_t>(axis)], hi = world.max[static_cast<std::size_t>(axis)];
    const auto at = [&](double value) { return left + (right - left) * (value - lo) / std::max(hi - lo, 1e-12); };
    renderer.screenText({rect.x + 12, y - 8}, stripLabel(stage, replay), stage == 0 ? palette::kAccent : palette::kText);
    renderer.screenLine({left, y}, {right, y}, palette::kTextDim.withAlpha(0.7f), 1.0f);
    for (std::size_t i = 0; i < n; ++i) {
      const Box3& box = boxes_[proxies_[i]];
      const double a = at(box.min[static_cast<std::size_t>(axis)]), b = at(box.max[static_cast<std::size_t>(axis)]);
      const bool paired = proxies_[i] < inPair.size() && inPair[proxies_[i]];
      renderer.screenLine({a, y - 3}, {a, y + 3}, palette::kSeparated, 1.5f);
      renderer.screenLine({b, y - 3}, {b, y + 3}, palette::kShapeB, 1.5f);  // as the plane's lab: max orange
      if (paired) renderer.screenLine({a, y + 6}, {b, y + 6}, palette::kHit.withAlpha(0.6f), 2.0f);
    }
    if (stage == 0 && replay != nullptr) {
      for (const ProxyId id : replay->active) {
        const Box3& box = boxes_[id];
        renderer.screenLine({at(box.min[static_cast<std::size_t>(axis)]), y}, {at(box.max[static_cast<std::size_t>(axis)]), y},
                            palette::kMinkowski, 4.0f);
      }
      if (replay->sweepValue && replay->stagePairs == nullptr) {
        const double x = at(*replay->sweepValue);
        renderer.screenLine({x, y - 9}, {x, y + 9}, palette::kAccent, 2.5f);
      }
    }
  }
}

// [SECTION] Scenes, settings, dump, metrics

bool BroadPhase3Lab::loadScene(const Scene& scene, std::string& error) {
  if (!scene.shapes.empty() || !scene.shapes3.empty()) {
    error = "shapes: the 3D broad-phase lab builds its boxes from lab_state (count, motion, seed, spacing); expected no shapes";
    return false;
  }
  GeneratorState generator{count_, motion_, seed_, spacing_, axisChoice_};
  if (!readGeneratorState(scene.labState, 3, 6.0, generator, error)) return false;
  bool paused = !running_;
  long long frames = 0;
  if (!readSimulationState(scene.labState, paused, frames, error)) return false;
  count_ = generator.count;
  motion_ = generator.motion;
  seed_ = generator.seed;
  spacing_ = generator.spacing;
  axisChoice_ = generator.axis;
  running_ = !paused;
  regenerate();
  for (long long frame = 0; frame < frames; ++frame) advanceFrame();
  openFrames_ = frames;
  return true;
}

void BroadPhase3Lab::saveScene(Scene& scene) const {
  scene.shapes.clear();
  scene.shapes3.clear();
  scene.algorithm = std::string(kAlgorithmNames[static_cast<std::size_t>(algorithm_)]);
  scene.labState = generatorStateJson({count_, motion_, seed_, spacing_, axisChoice_});
  scene.labState["paused"] = !running_;
  if (openFrames_ > 0) scene.labState["frames"] = openFrames_;
}

bool BroadPhase3Lab::setAlgorithm(std::string_view name, std::string& error) {
  const std::optional<Algorithm> algorithm = algorithmNamed(name, error);
  if (!algorithm) return false;
  algorithm_ = *algorithm;
  rebuildBroadPhase();
  return true;
}

void BroadPhase3Lab::loadSettings(const Json& settings) {
  std::string algorithm(kAlgorithmNames[static_cast<std::size_t>(algorithm_)]);
  readSetting(settings, "algorithm", algorithm);
  std::string ignored;
  if (!setAlgorithm(algorithm, ignored)) rebuildBroadPhase();
}

Json BroadPhase3Lab::saveSettings() const { return {{"algorithm", kAlgorithmNames[static_cast<std::size_t>(algorithm_)]}}; }

void BroadPhase3Lab::dumpState(Json& out) const {
  out["algorithm"] = kAlgorithmNames[static_cast<std::size_t>(algorithm_)];
  out["count"] = proxies_.size();
  out["frame"] = frame_;
  out["running"] = running_;
  out["pairs"] = pairs_.size();
  out["box_tests"] = stats_.boxTests;
  out["stats"] = countersJson(stats_);
  std::string why;
  out["command"] = commandLine(why).value_or(why);
  out["legend"] = legendJson(legendRows());
  out["legend_marks"] = legendMarksJson(legendRows());
  out["brute_checked"] = bruteChecked_;
  out["brute_agrees"] = bruteChecked_ && bruteMissing_ == 0 && bruteExtra_ == 0;
  out["replay_agrees"] = replayChecked_ && replayAgrees_;
  out["step_index"] = step_;
  out["step_count"] = stepCount();
  out["axis_order"] = {stats_.axisOrder[0], stats_.axisOrder[1], stats_.axisOrder[2]};
  out["candidates_per_axis"] = {stats_.candidatePairsPerAxis[0], stats_.candidatePairsPerAxis[1], stats_.candidatePairsPerAxis[2]};
  if (proxies_.size() <= kTraceLimit) {
    Json pairs = Json::array();
    for (const ProxyPair& pair : pairs_) pairs.push_back({pair.first, pair.second});
    out["pair_list"] = pairs;
    Json shown = Json::array();
    for (const ProxyPair& pair : pairsFoundBy(algorithm_, step_, boxes_)) shown.push_back({pair.first, pair.second});
    out["pairs_at_step"] = shown;
  }
  if (algorithm_ == Algorithm::Sap) {
    const std::optional<SweepReplayOf<3>> replay =
        stepping() ? std::optional<SweepReplayOf<3>>(replayAt(step_)) : std::nullopt;
    Json labels = Json::array();
    for (int stage = 0; stage < 3; ++stage) labels.push_back(stripLabel(stage, replay ? &*replay : nullptr));
    out["strip_labels"] = labels;
  }
  if (proxies_.size() <= kTraceLimit) {
    // The boxes' name labels: where each is anchored, and whether it is highlighted as the step's.
    const std::vector<ProxyId> named = stepping() ? stepProxies(algorithm_, step_) : std::vector<ProxyId>{};
    Json labels = Json::array();
    for (const ProxyId proxy : proxies_) {
      const Vec3d at = centreOf(boxes_[proxy]);
      labels.push_back({{"id", proxy},
                        {"at", {at.x, at.y, at.z}},
                        {"highlighted", std::binary_search(named.begin(), named.end(), proxy)}});
    }
    out["box_labels"] = labels;
  }
  if (stepping()) out["step"] = {{"narration", narrateEvent<3>(algorithm_ == Algorithm::Sap ? replayAt(step_) : SweepReplayOf<3>{},
                                                                events_.steps, step_, boxes_)}};
  if (stepping() && algorithm_ == Algorithm::Sap) {
    const SweepReplayOf<3> replay = replayAt(step_);
    Json rows = Json::array();  // the step's list of candidates, as the panel shows them
    for (const ProxyPair& pair : replay.candidates)
      rows.push_back(candidateRow<3>(pair, boxes_, stats_.axisOrder, replay.stagePairs != nullptr ? replay.stagePairs->stage : 0));
    out["step"]["candidateRows"] = rows;
  }
}

std::vector<Shortcut> BroadPhase3Lab::shortcuts() const {
  return {{"1 .. 4", "sweep and prune, uniform grid, dynamic AABB tree, brute force"},
          {"P", "pause / run the simulation"},
          {"N", "advance one frame (recorded for stepping when N <= 64)"}};
}

void BroadPhase3Lab::frameMetrics(std::vector<FrameMetric>& out) const {
  out.push_back({"pairs", static_cast<double>(pairs_.size()), "pairs", counterName(Counter::Pairs)});
  out.push_back({"box_tests", static_cast<double>(stats_.boxTests), "tests", counterName(Counter::BoxTests)});
  if (algorithm_ == Algorithm::Sap) out.push_back({"swaps", static_cast<double>(stats_.swaps), "swaps", counterName(Counter::Swaps)});
  out.push_back({"update_time", updateMicroseconds_, "us", "update time (\u00b5s)"});
}

// [SECTION] Panel

void BroadPhase3Lab::drawUi() {
  textWrapped("Boxes moving in space. Left-drag orbits, the wheel zooms; with N <= %zu the timeline steps the "
                     "update one event at a time.", kTraceLimit);
  if (drawAlgorithmChoice(algorithm_)) rebuildBroadPhase();
  if (algorithm_ == Algorithm::Sap && drawSweepAxisChoice(3, axisChoice_)) rebuildBroadPhase();
  // The step first, so it shows with the picture on a 1280x720 window (as in the 2D lab); the scene's controls follow.
  if (stepping()) drawStepNarration(algorithm_, step_, boxes_);
  else if (proxies_.size() > kTraceLimit) ImGui::TextDisabled("Step-by-step needs N <= %zu.", kTraceLimit);
  drawLegend(legendRows());
  ImGui::Spacing();
  ImGui::TextDisabled("SCENE");
  if (drawSceneControls(count_, motion_, spacing_, "Pile on a floor (falls along z)")) regenerate();
  switch (drawSimulationControls(frame_, running_)) {
    case SimulationAction::NextFrame: advanceFrame(); break;
    case SimulationAction::Restart: regenerate(); break;
    case SimulationAction::None: break;
  }
  if (!message_.empty()) ImGui::TextColored(toImVec4(palette::kHit), "%s", message_.c_str());
  drawUpdateStats(algorithm_, proxies_.size());
  if (algorithm_ == Algorithm::Bvh) {
    const int height = std::get<Tree>(broadPhase_).height();
    valueSliderInt("Depth", &treeDepth_, 0, std::max(height, 1));
  }
}

static const bool registered = registerLab("Broad phase", "Broad phase 3D", &BroadPhase3Lab::create);

}  // namespace lab::broadphase
