// The mid-phase lab, registered as "Mid phase": two procedural meshes (torus, gear, sphere, terrain: the CLI's
// `collision-lab midphase` meshes at their default resolutions), B placed by a pose, one bounding volume hierarchy
// over each (collide/bvh.h: five builds, AABB / sphere / OBB volumes), and the tree-versus-tree traversal recorded
// and stepped on the shared timeline: each node pair taken, its BV test and outcome (descend, prune, leaf pair),
// each triangle test and hit. The trees are drawn at a chosen depth, coloured by depth; the overlapping triangle
// pairs found so far are filled red. The counters and the narration are prefix sums and pure functions of the
// recorded steps, so scrubbing back and forth shows the same numbers the traversal had at that step.
//
// [SECTION] Meshes, trees and the recorded traversal
// [SECTION] Narration
// [SECTION] Drawing: meshes, volumes, the current step
// [SECTION] Timeline, keys, bounds
// [SECTION] Scenes, settings, dump
// [SECTION] Panel
#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include "collide/bvh.h"
#include "io/shape_json.h"
#include "lab/lab.h"
#include "labs/format.h"
#include "platform/theme.h"
#include "render/renderer3d.h"
#include "render/shape_drawing3.h"
#include "workloads/meshes.h"
#include "widgets/wrapped_text.h"

namespace lab::midphase {

namespace {

using collide::BvhBuild;
using collide::BvKind;
using Mesh = collide::Mesh<double>;
using Bvh = collide::Bvh<double>;
using Pose = collide::Transform3<double>;

// The CLI's procedural meshes at its default resolutions (app/cli/midphase_command.cpp), a few hundred
// triangles each: recording every step of the traversal stays instant.
constexpr std::array<const char*, 4> kMeshNames = {"torus", "gear", "sphere", "terrain"};

Mesh makeMesh(std::string_view name) {
  if (name == "torus") return collide::torusMesh(1.0, 0.3, 24, 12);
  if (name == "gear") return collide::gearMesh(12, 0.8, 1.1, 0.4);
  if (name == "sphere") return collide::sphereMesh(1.0, 12, 24);
  return collide::terrainMesh(16, 4.0, 0.5);
}

std::optional<int> meshIndex(std::string_view name) {
  for (std::size_t i = 0; i < kMeshNames.size(); ++i) {
    if (name == kMeshNames[i]) return static_cast<int>(i);
  }
  return std::nullopt;
}

constexpr std::array<const char*, 5> kBuildTitles = {"Median split (top-down)", "Binned SAH (top-down)",
                                                     "Bottom-up (agglomerative)", "Insertion (b2DynamicTree)",
                                                     "LBVH (Morton codes)"};
constexpr std::array<const char*, 3> kBvTitles = {"AABB", "Sphere", "OBB"};

constexpr int kMaxBudget = 2000;
constexpr std::size_t kMaxDrawnVolumes = 600;  // per tree at the chosen depth
constexpr std::size_t kMaxDrawnHits = 4000;    // triangle pairs filled red
constexpr std::size_t kMaxDrawnFrontier = 64;  // node pairs a spent budget left, drawn at its step
constexpr double kMaxOffset = 3.0;             // B's position sliders


// Three great circles: a sphere read as a wire ball from any side.
void wireSphere(Renderer3D& renderer, Vec3d center, double radius, Color color, float width) {
  constexpr int kSegments = 32;
  for (int plane = 0; plane < 3; ++plane) {
    std::array<Vec3d, kSegments> ring;
    for (int i = 0; i < kSegments; ++i) {
      const double t = 2 * std::numbers::pi * i / kSegments;
      const double u = radius * std::cos(t), v = radius * std::sin(t);
      const Vec3d offset = plane == 0 ? Vec3d{u, v, 0} : plane == 1 ? Vec3d{0, u, v} : Vec3d{v, 0, u};
      ring[static_cast<std::size_t>(i)] = center + offset;
    }
    renderer.polyline(ring, true, color, {width});
  }
}

// A recorded traversal, and per step what the view and the panel show.
struct Tally {
  int bvTests = 0;
  int primitiveTests = 0;
  int pairs = 0;
  int falsePositives = 0;
  int leafPairs = 0;
};

struct Hit {
  int step = 0;
  int triangleA = 0;
  int triangleB = 0;
};

}  // namespace

class MidphaseLab final : public Lab {
 public:
  static std::unique_ptr<Lab> create() { return std::make_unique<MidphaseLab>(); }
  MidphaseLab() { rebuild(); }

  void drawUi() override;
  [[nodiscard]] const char* viewTitle(int) const override { return "Two meshes and their trees"; }
  [[nodiscard]] ViewKind viewKind(int) const override { return ViewKind::Spatial; }
  void keyPressed(const KeyPress& press) override;
  void draw(const DrawContext& context) override;
  [[nodiscard]] std::optional<WorldBounds3> sceneBounds3(int) const override;

  [[nodiscard]] int stepCount() const override { return static_cast<int>(trace_.steps.size()); }
  [[nodiscard]] int stepIndex() const override { return step_; }
  void setStep(int index) override { step_ = std::clamp(index, 0, std::max(0, stepCount() - 1)); }

  bool loadScene(const Scene& scene, std::string& error) override;
  void saveScene(Scene& scene) const override;
  bool setAlgorithm(std::string_view name, std::string& error) override;
  void loadSettings(const Json& settings) override;
  [[nodiscard]] Json saveSettings() const override;
  void dumpState(Json& out) const override;
  [[nodiscard]] std::vector<Shortcut> shortcuts() const override;
  void frameMetrics(std::vector<FrameMetric>& out) const override;

 private:
  void rebuild();
  void retrace();
  [[nodiscard]] Pose poseB() const;
  [[nodiscard]] std::string narrate(int step) const;  // the step's sentence (and the verdict at the last step)
  [[nodiscard]] std::string narrateEvent(int step) const;
  [[nodiscard]] std::array<Vec3d, 8> boxCorners(const Bvh& tree, const std::vector<collide::OrientedBox<double>>& obbs,
                                                int node, const Pose& pose) const;
  void drawVolume(Renderer3D& renderer, bool treeB, int node, Color color, float width) const;
  void drawTrees(Renderer3D& renderer) const;
  void drawTriangle(Renderer3D& renderer, bool meshB, int triangle, Color fill) const;
  [[nodiscard]] Tally tallyAt(int step) const { return trace_.steps.empty() ? Tally{} : tallies_[static_cast<std::size_t>(step)]; }

  // The scene (lab_state).
  int meshA_ = 0;  // kMeshNames
  int meshB_ = 1;
  std::array<float, 3> position_{1.75f, 0.0f, 0.0f};  // B's placement: the gear cuts the tube with a few teeth
  std::array<float, 3> rotation_{90.0f, 0.0f, 0.0f};  // degrees about x, then y, then z (Quat::fromEuler)
  BvhBuild build_ = BvhBuild::BinnedSah;
  BvKind bv_ = BvKind::Aabb;
  bool satLite_ = false;
  int budget_ = 0;
  bool largestFirst_ = false;  // budgeted: the pair of largest surface area next, not the oldest
  // The view.
  int drawDepth_ = 2;
  bool showTrees_ = true;
  int step_ = 0;
  // Derived.
  Mesh a_, b_;
  std::vector<Vec3d> worldB_;  // B's vertices placed by its pose
  std::vector<int> indicesA_, indicesB_;
  Bvh treeA_, treeB_;
  std::vector<collide::OrientedBox<double>> obbsA_, obbsB_;  // mesh-frame boxes (OBB trees)
  int deepestLeaf_ = 0;                                       // of the two trees: the depth slider's end
  collide::Recorder<collide::MidphaseEvent> trace_;
  collide::MidphaseResult<double> result_;
  std::vector<Tally> tallies_;                  // after each step
  std::vector<std::array<int, 2>> focus_;       // the node pair each step is about (a leaf pair's for its triangles)
  std::vector<Hit> hits_;                       // in the order the traversal found them
  std::string message_;
};

// [SECTION] Meshes, trees and the recorded traversal

Pose MidphaseLab::poseB() const {
  constexpr double kRadians = std::numbers::pi / 180.0;
  return {{position_[0], position_[1], position_[2]},
          collide::Quat<double>::fromEuler(rotation_[0] * kRadians, rotation_[1] * kRadians, rotation_[2] * kRadians)};
}

void MidphaseLab::rebuild() {
  a_ = makeMesh(kMeshNames[static_cast<std::size_t>(meshA_)]);
  b_ = makeMesh(kMeshNames[static_cast<std::size_t>(meshB_)]);
  const auto flatten = [](const Mesh& mesh, std::vector<int>& out) {
    out.clear();
    for (const auto& t : mesh.triangles) out.insert(out.end(), t.begin(), t.end());
  };
  flatten(a_, indicesA_);
  flatten(b_, indicesB_);
  collide::BvhOptions options;
  options.build = build_;
  options.bv = bv_;
  treeA_ = collide::buildBvh(a_, options);
  treeB_ = collide::buildBvh(b_, options);
  obbsA_ = bv_ == BvKind::Obb ? collide::meshFrameBoxes(treeA_) : std::vector<collide::OrientedBox<double>>{};
  obbsB_ = bv_ == BvKind::Obb ? collide::meshFrameBoxes(treeB_) : std::vector<collide::OrientedBox<double>>{};
  deepestLeaf_ = std::max(collide::bvhStats(treeA_).depth, collide::bvhStats(treeB_).depth);
  retrace();
}

// Runs the recorded traversal for the current pose and options and derives each step's counters and focus.
void MidphaseLab::retrace() {
  const Pose pose = poseB();
  worldB_.clear();
  for (const Vec3d& v : b_.vertices) worldB_.push_back(pose.apply(v));
  collide::MidphaseOptions options;
  options.satLite = satLite_ && bv_ != BvKind::Sphere;
  options.budget = budget_;
  options.largestFirst = largestFirst_;
  trace_.steps.clear();
  result_ = collide::midphase(treeA_, a_, Pose{}, treeB_, b_, pose, options, trace_);
  message_ = result_.status == collide::Status::InvalidInput ? "the traversal refused its input (an invalid pose or tree)" : "";
  tallies_.clear();
  focus_.clear();
  hits_.clear();
  Tally tally;
  std::array<int, 2> focus{0, 0};
  for (std::size_t i = 0; i < trace_.steps.size(); ++i) {
    std::visit(
        [&](const auto& s) {
          using T = std::decay_t<decltype(s)>;
          if constexpr (std::is_same_v<T, collide::MidphasePendingStep>) {
            focus = {s.nodeA, s.nodeB};
          } else if constexpr (std::is_same_v<T, collide::MidphaseBvTestStep>) {
            focus = {s.nodeA, s.nodeB};
            ++tally.bvTests;
            if (s.liteFalsePositive) ++tally.falsePositives;
          } else if constexpr (std::is_same_v<T, collide::MidphaseLeafPairStep>) {
            focus = {s.leafA, s.leafB};
            ++tally.leafPairs;
          } else if constexpr (std::is_same_v<T, collide::MidphasePrimitiveStep>) {
            ++tally.primitiveTests;
            if (s.hit) {
              ++tally.pairs;
              hits_.push_back({static_cast<int>(i), s.triangleA, s.triangleB});
            }
          }
        },
        trace_.steps[i]);
    tallies_.push_back(tally);
    focus_.push_back(focus);
  }
  step_ = std::max(0, stepCount() - 1);
}

// [SECTION] Narration

std::string MidphaseLab::narrate(int step) const {
  std::string text = narrateEvent(step);
  if (step + 1 == stepCount() && result_.status == collide::Status::Converged) {
    text += " Done: " + std::to_string(result_.pairs.size()) + " overlapping triangle pairs, filled red.";
  }
  return text;
}

std::string MidphaseLab::narrateEvent(int step) const {
  if (trace_.steps.empty()) {
    return message_.empty() ? "The root volumes do not overlap: nothing to step." : message_;
  }
  const auto& event = trace_.steps[static_cast<std::size_t>(step)];
  const auto nodeText = [&](char tree, int node) {
    const auto& n = (tree == 'A' ? treeA_ : treeB_).nodes[static_cast<std::size_t>(node)];
    return std::string(1, tree) + "'s node " + std::to_string(node) + " (depth " + std::to_string(n.depth) +
           (n.isLeaf() ? ", a leaf of " + std::to_string(n.count) + (n.count == 1 ? " triangle)" : " triangles)") : ")");
  };
  const char* volumes = bv_ == BvKind::Aabb ? "boxes" : bv_ == BvKind::Sphere ? "spheres" : "oriented boxes";
  if (const auto* s = std::get_if<collide::MidphasePendingStep>(&event)) {
    return "Take the pair " + nodeText('A', s->nodeA) + " and " + nodeText('B', s->nodeB) + " from the " +
           (budget_ == 0 ? "stack; " : largestFirst_ ? "priority queue (the largest surface area first); " : "queue (level by level); ") + std::to_string(s->pending.size()) + " more " +
           (s->pending.size() == 1 ? "pair waits." : "pairs wait.");
  }
  if (const auto* s = std::get_if<collide::MidphaseBvTestStep>(&event)) {
    std::string text = "BV test " + std::to_string(tallyAt(step).bvTests) + ": the " + volumes + " of " +
                       nodeText('A', s->nodeA) + " and " + nodeText('B', s->nodeB);
    if (!s->overlap) return text + " are apart, so the pair and every pair below it are pruned.";
    text += " overlap";
    if (s->liteFalsePositive) text += " by the 6 face axes only (SAT lite), though an edge-edge axis separates them: a false positive";
    if (s->descend == 'A' || s->descend == 'B') {
      const double areaA = collide::surfaceMeasure(treeA_.nodes[static_cast<std::size_t>(s->nodeA)].box);
      const double areaB = collide::surfaceMeasure(treeB_.nodes[static_cast<std::size_t>(s->nodeB)].box);
      const bool bothInternal = !treeA_.nodes[static_cast<std::size_t>(s->nodeA)].isLeaf() &&
                                !treeB_.nodes[static_cast<std::size_t>(s->nodeB)].isLeaf();
      text += "; split " + std::string(1, s->descend) + "'s node into its two children";
      if (!bothInternal) return text + " (the other is a leaf).";
      return text + " (the larger: box surface areas " + formatNumber(areaA) + " and " + formatNumber(areaB) + ").";
    }
    return text + "; both are leaves, so their triangles are tested.";
  }
  if (const auto* s = std::get_if<collide::MidphaseLeafPairStep>(&event)) {
    const int countA = treeA_.nodes[static_cast<std::size_t>(s->leafA)].count;
    const int countB = treeB_.nodes[static_cast<std::size_t>(s->leafB)].count;
    return "Leaf pair " + std::to_string(tallyAt(step).leafPairs) + ": " + std::to_string(countA) + " x " +
           std::to_string(countB) + " = " + std::to_string(countA * countB) + " triangle tests, B's triangles mapped into A's frame.";
  }
  if (const auto* s = std::get_if<collide::MidphasePrimitiveStep>(&event)) {
    std::string text = "Triangle " + std::to_string(s->triangleA) + " of A against triangle " + std::to_string(s->triangleB) + " of B: ";
    if (!s->hit) return text + "no overlap (Devillers and Guigue's orientation test).";
    return text + "they overlap, overlapping pair " + std::to_string(tallyAt(step).pairs) + ".";
  }
  if (const auto* s = std::get_if<collide::MidphaseBudgetStep>(&event)) {
    return "The budget of " + std::to_string(budget_) + " BV tests is spent (" + std::to_string(s->bvTests) + " used): " +
           std::to_string(s->frontier) + " overlapping node pairs were not descended, so the " + std::to_string(result_.pairs.size()) +
           " triangle pairs found are a partial answer (the pairs left are drawn in yellow).";
  }
  if (const auto* s = std::get_if<collide::MidphaseRefitStep>(&event)) {
    return "A's node " + std::to_string(s->node) + " is refitted from its triangles just before its test.";
  }
  return {};
}

// [SECTION] Drawing: meshes, volumes, the current step

std::array<Vec3d, 8> MidphaseLab::boxCorners(const Bvh& tree, const std::vector<collide::OrientedBox<double>>& obbs, int node,
                                             const Pose& pose) const {
  std::array<Vec3d, 8> corners;
  for (int i = 0; i < 8; ++i) {
    const double sx = (i & 1) ? 1 : -1, sy = (i & 2) ? 1 : -1, sz = (i & 4) ? 1 : -1;
    Vec3d local;
    if (bv_ == BvKind::Obb) {
      const auto& box = obbs[static_cast<std::size_t>(node)];
      local = box.center + (sx * box.halfExtents.x) * box.axes[0] + (sy * box.halfExtents.y) * box.axes[1] +
              (sz * box.halfExtents.z) * box.axes[2];
    } else {
      const auto& box = tree.nodes[static_cast<std::size_t>(node)].box;
      local = {sx > 0 ? box.max[0] : box.min[0], sy > 0 ? box.max[1] : box.min[1], sz > 0 ? box.max[2] : box.min[2]};
    }
    corners[static_cast<std::size_t>(i)] = pose.apply(local);
  }
  return corners;
}

// One node's volume in the world: a wire box (AABB: in its mesh's frame, so B's turns with B), or a wire sphere.
void MidphaseLab::drawVolume(Renderer3D& renderer, bool treeB, int node, Color color, float width) const {
  const Bvh& tree = treeB ? treeB_ : treeA_;
  const Pose pose = treeB ? poseB() : Pose{};
  if (node < 0 || node >= static_cast<int>(tree.nodes.size())) return;
  if (bv_ == BvKind::Sphere) {
    const auto& sphere = tree.spheres[static_cast<std::size_t>(node)];
    wireSphere(renderer, pose.apply(sphere.center), sphere.radius, color, width);
    return;
  }
  drawWireBox(renderer, boxCorners(tree, treeB ? obbsB_ : obbsA_, node, pose), color, {width});
}

// Each tree cut at the chosen depth: its nodes at that depth and the leaves above it, coloured by depth.
void MidphaseLab::drawTrees(Renderer3D& renderer) const {
  for (const bool treeB : {false, true}) {
    const Bvh& tree = treeB ? treeB_ : treeA_;
    std::size_t drawn = 0;
    for (std::size_t i = 0; i < tree.nodes.size() && drawn < kMaxDrawnVolumes; ++i) {
      const auto& node = tree.nodes[i];
      if (node.depth != drawDepth_ && !(node.isLeaf() && node.depth < drawDepth_)) continue;
      drawVolume(renderer, treeB, static_cast<int>(i), depthColor(node.depth).withAlpha(0.55f), 1.0f);
      ++drawn;
    }
  }
}

void MidphaseLab::drawTriangle(Renderer3D& renderer, bool meshB, int triangle, Color fill) const {
  const Mesh& mesh = meshB ? b_ : a_;
  if (triangle < 0 || triangle >= static_cast<int>(mesh.triangles.size())) return;
  const auto& t = mesh.triangles[static_cast<std::size_t>(triangle)];
  const auto at = [&](int v) { return meshB ? worldB_[static_cast<std::size_t>(v)] : a_.vertices[static_cast<std::size_t>(v)]; };
  renderer.triangle(at(t[0]), at(t[1]), at(t[2]), fill);
  const std::array<Vec3d, 3> outline{at(t[0]), at(t[1]), at(t[2])};
  renderer.polyline(outline, true, fill.withAlpha(1.0f), {2.0f, 0, 0, true});
}

void MidphaseLab::draw(const DrawContext& context) {
  if (context.spatial == nullptr) return;
  Renderer3D& renderer = *context.spatial;
  renderer.mesh(a_.vertices, indicesA_, palette::kShapeA.withAlpha(0.22f), palette::kShapeA.withAlpha(0.45f), 1.0f);
  renderer.mesh(worldB_, indicesB_, palette::kShapeB.withAlpha(0.22f), palette::kShapeB.withAlpha(0.45f), 1.0f);
  if (showTrees_) drawTrees(renderer);
  // The overlapping triangle pairs found up to this step (at the last step: all of them), filled red.
  for (std::size_t i = 0; i < hits_.size() && i < kMaxDrawnHits && hits_[i].step <= step_; ++i) {
    drawTriangle(renderer, false, hits_[i].triangleA, palette::kHit.withAlpha(0.85f));
    drawTriangle(renderer, true, hits_[i].triangleB, palette::kHit.withAlpha(0.85f));
  }
  // The legend, under the view's title.
  const ScreenRect& rect = renderer.camera().rect();
  const std::string nameA = kMeshNames[static_cast<std::size_t>(meshA_)], nameB = kMeshNames[static_cast<std::size_t>(meshB_)];
  renderer.screenText({rect.x + 12, rect.y + 44}, "A: " + nameA, palette::kShapeA);
  renderer.screenText({rect.x + 12, rect.y + 62}, "B: " + nameB, palette::kShapeB);
  renderer.screenText({rect.x + 12, rect.y + 80}, satLite_ && bv_ != BvKind::Sphere ? "the node pair of this step: yellow, overlapping; grey, pruned; red, a SAT-lite false positive"
                                                                       : "the node pair of this step: yellow, overlapping; grey, pruned",
                      palette::kAccent);
  renderer.screenText({rect.x + 12, rect.y + 98}, "overlapping triangle pairs found so far: red", palette::kHit);
  if (trace_.steps.empty()) return;
  // The current step: its node pair (accent when the volumes overlap, grey when pruned) and its triangles.
  const auto& event = trace_.steps[static_cast<std::size_t>(step_)];
  if (std::holds_alternative<collide::MidphaseBudgetStep>(event)) {
    // The partial answer: the overlapping node pairs the budget left undescended.
    for (std::size_t i = 0; i < result_.frontier.size() && i < kMaxDrawnFrontier; ++i) {
      drawVolume(renderer, false, result_.frontier[i][0], palette::kAccent, 2.0f);
      drawVolume(renderer, true, result_.frontier[i][1], palette::kAccent, 2.0f);
    }
    return;
  }
  const auto [nodeA, nodeB] = focus_[static_cast<std::size_t>(step_)];
  Color color = palette::kAccent;
  if (const auto* test = std::get_if<collide::MidphaseBvTestStep>(&event)) {
    color = !test->overlap ? palette::kTextDim : test->liteFalsePositive ? palette::kHit : palette::kAccent;
  }
  drawVolume(renderer, false, nodeA, color, 3.0f);
  drawVolume(renderer, true, nodeB, color, 3.0f);
  const Vec3d labelA = boxCorners(treeA_, obbsA_, nodeA, Pose{})[7];
  const Vec3d labelB = boxCorners(treeB_, obbsB_, nodeB, poseB())[0];
  renderer.label(labelA, "A " + std::to_string(nodeA), palette::kShapeA);
  renderer.label(labelB, "B " + std::to_string(nodeB), palette::kShapeB);
  if (const auto* test = std::get_if<collide::MidphasePrimitiveStep>(&event)) {
    const Color fill = test->hit ? palette::kHit : palette::kAccent.withAlpha(0.7f);
    drawTriangle(renderer, false, test->triangleA, fill);
    drawTriangle(renderer, true, test->triangleB, fill);
  }
}

// [SECTION] Timeline, keys, bounds

void MidphaseLab::keyPressed(const KeyPress& press) {
  for (int i = 0; i < static_cast<int>(collide::kBvhBuildNames.size()); ++i) {
    if (isPress(press, GLFW_KEY_1 + i) && build_ != static_cast<BvhBuild>(i)) {
      build_ = static_cast<BvhBuild>(i);
      rebuild();
    }
  }
  if (isPress(press, GLFW_KEY_V)) {
    bv_ = static_cast<BvKind>((static_cast<int>(bv_) + 1) % static_cast<int>(collide::kBvKindNames.size()));
    rebuild();
  }
  if (isPress(press, GLFW_KEY_L)) {
    satLite_ = !satLite_;
    retrace();
  }
  if (isPress(press, GLFW_KEY_T)) showTrees_ = !showTrees_;
}

std::optional<WorldBounds3> MidphaseLab::sceneBounds3(int) const {
  WorldBounds3 bounds = WorldBounds3::none();
  for (const Vec3d& v : a_.vertices) bounds.include(v);
  for (const Vec3d& v : worldB_) bounds.include(v);
  return bounds;
}

// [SECTION] Scenes, settings, dump

bool MidphaseLab::loadScene(const Scene& scene, std::string& error) {
  if (!scene.shapes.empty() || !scene.shapes3.empty()) {
    error = "shapes: the mid-phase lab makes its meshes from lab_state (a, b: torus, gear, sphere or terrain); expected no shapes";
    return false;
  }
  const Json& state = scene.labState;
  int meshA = meshA_, meshB = meshB_;
  for (const auto& [key, target] : {std::pair{"a", &meshA}, std::pair{"b", &meshB}}) {
    if (const auto it = state.find(key); it != state.end()) {
      const auto index = it->is_string() ? meshIndex(it->get<std::string>()) : std::nullopt;
      if (!index) {
        error = std::string("lab_state.") + key + ": expected torus, gear, sphere or terrain, got " + describeJsonValue(*it);
        return false;
      }
      *target = *index;
    }
  }
  std::array<float, 3> position = position_, rotation = rotation_;
  for (const auto& [key, target, limit] : {std::tuple{"position_b", &position, kMaxOffset}, std::tuple{"rotation_b_degrees", &rotation, 180.0}}) {
    if (const auto it = state.find(key); it != state.end()) {
      const double bound = limit;  // clang before 16 cannot capture a structured binding
      const bool ok = it->is_array() && it->size() == 3 && std::all_of(it->begin(), it->end(), [bound](const Json& v) {
                        return v.is_number() && std::abs(v.get<double>()) <= bound;
                      });
      if (!ok) {
        error = std::string("lab_state.") + key + ": expected [x, y, z], each from -" + formatNumber(limit) + " to " +
                formatNumber(limit) + ", got " + describeJsonValue(*it);
        return false;
      }
      for (std::size_t k = 0; k < 3; ++k) (*target)[k] = static_cast<float>((*it)[k].get<double>());
    }
  }
  BvhBuild build = build_;
  if (const auto it = state.find("build"); it != state.end()) {
    const auto parsed = it->is_string() ? collide::parseBvhBuild(it->get<std::string>()) : std::nullopt;
    if (!parsed) {
      error = "lab_state.build: expected median, sah, bottom-up, insertion or lbvh, got " + describeJsonValue(*it);
      return false;
    }
    build = *parsed;
  }
  BvKind bv = bv_;
  if (const auto it = state.find("bv"); it != state.end()) {
    const auto parsed = it->is_string() ? collide::parseBvKind(it->get<std::string>()) : std::nullopt;
    if (!parsed) {
      error = "lab_state.bv: expected aabb, sphere or obb, got " + describeJsonValue(*it);
      return false;
    }
    bv = *parsed;
  }
  bool satLite = satLite_;
  if (const auto it = state.find("sat_lite"); it != state.end()) {
    if (!it->is_boolean()) {
      error = "lab_state.sat_lite: expected true or false, got " + describeJsonValue(*it);
      return false;
    }
    satLite = it->get<bool>();
  }
  int budget = budget_;
  if (const auto it = state.find("budget"); it != state.end()) {
    if (!it->is_number_integer() || it->get<long long>() < 0 || it->get<long long>() > kMaxBudget) {
      error = "lab_state.budget: expected an integer from 0 (none) to " + std::to_string(kMaxBudget) + ", got " + describeJsonValue(*it);
      return false;
    }
    budget = static_cast<int>(it->get<long long>());
  }
  bool largestFirst = largestFirst_;
  if (const auto it = state.find("largest_first"); it != state.end()) {
    if (!it->is_boolean()) {
      error = "lab_state.largest_first: expected true or false, got " + describeJsonValue(*it);
      return false;
    }
    largestFirst = it->get<bool>();
  }
  meshA_ = meshA;
  meshB_ = meshB;
  position_ = position;
  rotation_ = rotation;
  build_ = build;
  bv_ = bv;
  satLite_ = satLite;
  budget_ = budget;
  largestFirst_ = largestFirst;
  rebuild();
  return true;
}

void MidphaseLab::saveScene(Scene& scene) const {
  scene.shapes.clear();
  scene.shapes3.clear();
  scene.algorithm = std::string(collide::bvhBuildName(build_));
  scene.labState = {{"a", kMeshNames[static_cast<std::size_t>(meshA_)]},
                    {"b", kMeshNames[static_cast<std::size_t>(meshB_)]},
                    {"position_b", {position_[0], position_[1], position_[2]}},
                    {"rotation_b_degrees", {rotation_[0], rotation_[1], rotation_[2]}},
                    {"build", std::string(collide::bvhBuildName(build_))},
                    {"bv", std::string(collide::bvKindName(bv_))},
                    {"sat_lite", satLite_},
                    {"budget", budget_},
                    {"largest_first", largestFirst_}};
}

bool MidphaseLab::setAlgorithm(std::string_view name, std::string& error) {
  const auto parsed = collide::parseBvhBuild(name);
  if (!parsed) {
    error = "unknown build \"" + std::string(name) + "\"; expected median, sah, bottom-up, insertion or lbvh";
    return false;
  }
  build_ = *parsed;
  rebuild();
  return true;
}

void MidphaseLab::loadSettings(const Json& settings) {
  readSetting(settings, "draw_depth", drawDepth_);
  drawDepth_ = std::clamp(drawDepth_, 0, 64);
  readSetting(settings, "show_trees", showTrees_);
}

Json MidphaseLab::saveSettings() const { return {{"draw_depth", drawDepth_}, {"show_trees", showTrees_}}; }

void MidphaseLab::dumpState(Json& out) const {
  const Tally tally = tallyAt(step_);
  out["a"] = kMeshNames[static_cast<std::size_t>(meshA_)];
  out["b"] = kMeshNames[static_cast<std::size_t>(meshB_)];
  out["build"] = std::string(collide::bvhBuildName(build_));
  out["bv"] = std::string(collide::bvKindName(bv_));
  out["sat_lite"] = satLite_;
  out["budget"] = budget_;
  out["largest_first"] = largestFirst_;
  out["status"] = std::string(collide::statusName(result_.status));
  out["step_index"] = step_;
  out["step_count"] = stepCount();
  out["bv_tests"] = result_.bvTests;
  out["primitive_tests"] = result_.primitiveTests;
  out["pairs"] = result_.pairs.size();
  out["sat_lite_false_positives"] = result_.liteFalsePositives;
  out["undescended_pairs"] = result_.frontier.size();
  // "step" is the shell's (the index): this step's counters and sentence go under their own key.
  out["at_step"] = {{"bv_tests", tally.bvTests},
                 {"primitive_tests", tally.primitiveTests},
                 {"pairs", tally.pairs},
                 {"sat_lite_false_positives", tally.falsePositives},
                 {"narration", narrate(step_)}};
}

std::vector<Shortcut> MidphaseLab::shortcuts() const {
  return {{"1 .. 5", "build: median, SAH, bottom-up, insertion, LBVH"},
          {"V", "next bounding volume (AABB, sphere, OBB)"},
          {"L", "SAT lite on / off (box volumes)"},
          {"T", "show / hide the trees"}};
}

void MidphaseLab::frameMetrics(std::vector<FrameMetric>& out) const {
  out.push_back({"bv_tests", static_cast<double>(result_.bvTests), "tests"});
  out.push_back({"primitive_tests", static_cast<double>(result_.primitiveTests), "tests"});
  out.push_back({"pairs", static_cast<double>(result_.pairs.size()), "pairs"});
}

// [SECTION] Panel

void MidphaseLab::drawUi() {
  textWrapped("Two meshes, a bounding volume hierarchy over each, and the traversal that descends both trees "
                     "together: the timeline steps every node pair, BV test and triangle test. Left-drag orbits.");
  ImGui::TextDisabled("MESHES");
  bool changed = false;
  changed |= ImGui::Combo("A (blue)", &meshA_, kMeshNames.data(), static_cast<int>(kMeshNames.size()));
  changed |= ImGui::Combo("B (orange)", &meshB_, kMeshNames.data(), static_cast<int>(kMeshNames.size()));
  int build = static_cast<int>(build_);
  if (ImGui::Combo("Build", &build, kBuildTitles.data(), static_cast<int>(kBuildTitles.size()))) {
    build_ = static_cast<BvhBuild>(build);
    changed = true;
  }
  int bv = static_cast<int>(bv_);
  if (ImGui::Combo("Volume", &bv, kBvTitles.data(), static_cast<int>(kBvTitles.size()))) {
    bv_ = static_cast<BvKind>(bv);
    changed = true;
  }
  if (changed) rebuild();
  ImGui::TextDisabled("B'S POSE  (turns in degrees: x, y, z)");
  bool moved = ImGui::SliderFloat3("Position", position_.data(), static_cast<float>(-kMaxOffset), static_cast<float>(kMaxOffset), "%.2f",
                                   ImGuiSliderFlags_AlwaysClamp);
  moved |= ImGui::SliderFloat3("Rotation", rotation_.data(), -180.0f, 180.0f, "%.0f", ImGuiSliderFlags_AlwaysClamp);
  ImGui::TextDisabled("TRAVERSAL");
  ImGui::BeginDisabled(bv_ == BvKind::Sphere);
  moved |= ImGui::Checkbox("SAT lite (6 face axes only)", &satLite_);
  ImGui::EndDisabled();
  moved |= ImGui::SliderInt("Budget", &budget_, 0, kMaxBudget, budget_ == 0 ? "none: depth-first" : "%d BV tests",
                             ImGuiSliderFlags_AlwaysClamp);
  if (budget_ > 0) moved |= ImGui::Checkbox("Largest pair first (else level by level)", &largestFirst_);
  if (moved) retrace();
  ImGui::Checkbox("Show the trees (T)", &showTrees_);
  ImGui::SliderInt("Depth", &drawDepth_, 0, std::max(deepestLeaf_, 1), "trees at depth %d");
  ImGui::PushStyleColor(ImGuiCol_Text, toImVec4(depthColor(drawDepth_)));
  textWrapped("Each tree's volumes at depth %d (and the leaves above it).", drawDepth_);
  ImGui::PopStyleColor();

  ImGui::Spacing();
  ImGui::TextDisabled("AT THIS STEP  (%d of %d)", stepCount() == 0 ? 0 : step_ + 1, stepCount());
  const Tally tally = tallyAt(step_);
  ImGui::Text("BV tests          %d", tally.bvTests);
  ImGui::Text("triangle tests    %d", tally.primitiveTests);
  ImGui::Text("overlapping pairs %d", tally.pairs);
  if (satLite_ && bv_ != BvKind::Sphere) ImGui::Text("SAT-lite false positives %d", tally.falsePositives);
  ImGui::PushStyleColor(ImGuiCol_Text, toImVec4(palette::kAccent));
  textWrapped("%s", narrate(step_).c_str());
  ImGui::PopStyleColor();
  // The pending pairs as of the last pair taken (top of the stack, or the queue's front, first).
  for (int i = std::min(step_, stepCount() - 1); i >= 0; --i) {
    const auto* taken = std::get_if<collide::MidphasePendingStep>(&trace_.steps[static_cast<std::size_t>(i)]);
    if (taken == nullptr) continue;
    std::string waiting;
    const std::size_t shown = std::min<std::size_t>(taken->pending.size(), 6);
    for (std::size_t k = 0; k < shown; ++k) {
      const auto& pair = budget_ > 0 ? taken->pending[k] : taken->pending[taken->pending.size() - 1 - k];
      waiting += (k > 0 ? "  " : "") + std::string("(A ") + std::to_string(pair[0]) + ", B " + std::to_string(pair[1]) + ")";
    }
    if (taken->pending.size() > shown) waiting += "  and " + std::to_string(taken->pending.size() - shown) + " more";
    ImGui::TextDisabled("%s", budget_ > 0 ? "Waiting in the queue, next first:" : "Waiting on the stack, top first:");
    textWrapped("%s", waiting.empty() ? "nothing" : waiting.c_str());
    break;
  }
  ImGui::Spacing();
  ImGui::TextDisabled("WHOLE TRAVERSAL");
  const char* verdict = result_.status == collide::Status::Converged       ? "Complete"
                         : result_.status == collide::Status::MaxIterations ? "Budget spent (a partial answer)"
                                                                            : "Refused";
  textWrapped("%s: %d BV tests, %d triangle tests, %zu overlapping pairs.", verdict, result_.bvTests,
                     result_.primitiveTests, result_.pairs.size());
  textWrapped("A: %zu triangles, B: %zu; each tree %zu and %zu nodes.", a_.triangles.size(), b_.triangles.size(),
                     treeA_.nodes.size(), treeB_.nodes.size());
  if (!message_.empty()) ImGui::TextColored(toImVec4(palette::kHit), "%s", message_.c_str());
}

static const bool registered = registerLab("Mid phase", "Mid phase", &MidphaseLab::create);

}  // namespace lab::midphase
