// The mid-phase lab in the plane, registered as "Mid phase 2D": two concave shapes (a gear, a star, the letter E,
// a comb, a key, or a compound of crates), cut into convex parts (collide/concave.h), a tree over each shape's part
// boxes in the shape's own frame (collide/midphase2.h: the five builds of bvh.h in two dimensions), and the two
// trees descended together down to the narrow phase on the part pairs whose boxes overlap. One timeline steps
// the build of A's tree, then B's, then the traversal: for a top-down build each split with its SAH candidates
// drawn as a cost plot along the split axis, for LBVH the Morton order as a curve through the part centres, for
// bottom-up each merge, for insertion where each leaf went and why; then each node pair taken, its box test
// (pruned pairs grey), each leaf pair and part test and the hits. B is dragged by its body and turned by its
// handle; with vertex editing on, any corner can be dragged and an outline that would cross itself is refused with
// the two edges named. Counters and sentences are pure functions of the recorded steps, so scrubbing shows the
// numbers the build and the traversal had at that step.
//
// [SECTION] Shapes
// [SECTION] The lab
// [SECTION] Trees and the recorded steps
// [SECTION] Narration
// [SECTION] Drawing
// [SECTION] Mouse and keys
// [SECTION] Scenes, settings, dump
// [SECTION] Panel
#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <numbers>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include "collide/midphase2.h"
#include "collide/polygon.h"
#include "io/shape_json.h"
#include "lab/lab.h"
#include "labs/format.h"
#include "labs/midphase_common.h"
#include "platform/theme.h"
#include "widgets/wrapped_text.h"
#include "workloads/outlines.h"
#include "widgets/value_slider.h"

namespace lab::midphase2 {

namespace {

using collide::BvhBuild;
using PartTree = collide::PartTree<double>;
using BuildEvent = collide::BvhBuildEvent<double, 2>;
using Box = collide::Bounds<double, 2>;
using Pose = collide::Transform<double>;
namespace common = midphase_common;

// [SECTION] Shapes

// The catalogue (workloads/outlines.h, shared with `collision-lab midphase`): concave outlines cut into convex
// parts, and one compound of convex parts given as they are.
using collide::kConcaveShapeNames;
constexpr std::array<const char*, 6> kShapeTitles = {"Gear (10 teeth)", "Star (7 points)", "Letter E", "Comb (5 teeth)",
                                                     "Key (skewed parts)", "Crates (a compound, 10 in one spot)"};
constexpr int kCrates = collide::kCratesShape;

std::vector<Vec2d> catalogOutline(int shape) { return collide::concaveShapeOutline<double>(shape); }

constexpr std::array<collide::Algorithm, 3> kNarrowPhases = {collide::Algorithm::Gjk, collide::Algorithm::Sat,
                                                             collide::Algorithm::Epa};
constexpr std::array<const char*, 3> kNarrowTitles = {"GJK (boolean)", "SAT", "GJK + EPA"};
constexpr int kMaxBudget = 400;
constexpr int kMaxLeafSize = 8;
constexpr double kMaxOffset = 8.0;
constexpr double kHandlePixels = 7.0;

enum class Phase { BuildA, BuildB, Traversal };

// One entry of the timeline: a build event of tree A or B, or a traversal event.
struct StepRef {
  Phase phase;
  int index;
};

// The common part of two convex polygons, both counter-clockwise: `subject` clipped by each edge of `clip` in turn
// (Sutherland and Hodgman 1974). Empty when they do not overlap.
std::vector<Vec2d> convexIntersection(std::vector<Vec2d> subject, const std::vector<Vec2d>& clip) {
  for (std::size_t e = 0; e < clip.size() && !subject.empty(); ++e) {
    const Vec2d a = clip[e], b = clip[(e + 1) % clip.size()];
    const auto side = [&](Vec2d p) { return cross(b - a, p - a); };  // >= 0: inside (left of the edge)
    std::vector<Vec2d> kept;
    for (std::size_t i = 0; i < subject.size(); ++i) {
      const Vec2d p = subject[i], q = subject[(i + 1) % subject.size()];
      const double sp = side(p), sq = side(q);
      if (sp >= 0) kept.push_back(p);
      if ((sp >= 0) != (sq >= 0)) kept.push_back(p + (sp / (sp - sq)) * (q - p));
    }
    subject = std::move(kept);
  }
  return subject.size() >= 3 ? subject : std::vector<Vec2d>{};
}

double polygonArea(const std::vector<Vec2d>& points) {
  double twice = 0;
  for (std::size_t i = 0; i < points.size(); ++i) twice += cross(points[i], points[(i + 1) % points.size()]);
  return 0.5 * twice;
}

std::string partsText(int n) { return std::to_string(n) + (n == 1 ? " part" : " parts"); }

Vec2d boxCentre(const Box& box) { return {0.5 * (box.min[0] + box.max[0]), 0.5 * (box.min[1] + box.max[1])}; }

}  // namespace

// [SECTION] The lab

class Midphase2Lab final : public Lab {
 public:
  static std::unique_ptr<Lab> create() { return std::make_unique<Midphase2Lab>(); }
  Midphase2Lab() {
    outline_[0] = catalogOutline(shape_[0]);
    outline_[1] = catalogOutline(shape_[1]);
    rebuild();
  }

  void drawUi() override;
  [[nodiscard]] const char* viewTitle(int) const override { return "Two shapes, their parts and their trees"; }
  void draw(const DrawContext& context) override;
  [[nodiscard]] std::optional<WorldBounds> sceneBounds(int) const override;
  void keyPressed(const KeyPress& press) override;
  bool mouseDown(const MouseEvent& event) override;
  void mouseMove(const MouseEvent& event) override;
  void mouseUp(const MouseEvent& event) override;

  [[nodiscard]] int stepCount() const override { return static_cast<int>(steps_.size()); }
  [[nodiscard]] int stepIndex() const override { return step_; }
  void setStep(int index) override { step_ = std::clamp(index, 0, std::max(0, stepCount() - 1)); }
  [[nodiscard]] std::span<const StepKind> stepKinds() const override { return stepKinds_; }

  bool loadScene(const Scene& scene, std::string& error) override;
  void saveScene(Scene& scene) const override;
  bool setAlgorithm(std::string_view name, std::string& error) override;
  void loadSettings(const Json& settings) override;
  [[nodiscard]] Json saveSettings() const override;
  void dumpState(Json& out) const override;
  [[nodiscard]] std::vector<Shortcut> shortcuts() const override;
  void frameMetrics(std::vector<FrameMetric>& out) const override;
  [[nodiscard]] std::optional<std::string> commandLine(std::string& why) const override;

 private:
  void rebuild();   // the parts, both trees (recorded), then retrace
  void retrace();   // the traversal for B's pose, and the timeline
  [[nodiscard]] Pose pose(int shape) const { return shape == 0 ? Pose{} : Pose::fromPose(positionB_, angleB_); }
  [[nodiscard]] Vec2d handle() const;
  [[nodiscard]] double radiusB() const;
  [[nodiscard]] std::string narrate(int step) const;
  [[nodiscard]] std::string narrateBuild(int tree, int index) const;
  [[nodiscard]] std::string narrateTraversal(int index) const;
  // "x = 0.5" for A; for B "y = -0.73 in B's frame", with "(world y = -1.7)" when B is not turned.
  [[nodiscard]] std::string cutText(int tree, const collide::BvhSplitStep<double, 2>& split) const;
  // A coordinate in the words, 0 when within rounding of 0 at the scene's size.
  [[nodiscard]] std::string coordinateText(double value) const;
  // For a turned B, where the cut lies in the world: "B's frame turns with B, 9 degrees: the cut's middle is at
  // world (2.3, -0.42)"; "" otherwise.
  [[nodiscard]] std::string turnedCutText(int tree, const collide::BvhSplitStep<double, 2>& split) const;
  // Where a tree's depth comes from when parts share a Morton code (mid2_02: "16 parts, 6 deep"): the largest group of
  // equal codes, the smallest subtree holding it (its root's depth, its height), and the height that group would
  // have as a chain, one part split off per level, had equal keys not been told apart.
  struct EqualCodes {
    int parts = 0;        // 0: no two codes are equal (or no LBVH build)
    int rootDepth = 0;
    int height = 0;
    int chainedHeight = 0;
    int deepest = 0;      // the tree's depth
  };
  [[nodiscard]] EqualCodes equalCodes(int tree) const;
  // The SAH cost of the finished subtree under `node`, relative to its box (bvhStats' sum, from that node): at the
  // root, the tree's cost.
  [[nodiscard]] double finishedCost(int tree, int node) const;
  [[nodiscard]] common::Tally tallyAt(int step) const;
  [[nodiscard]] std::vector<std::array<int, 2>> waitingAt(int index) const;  // at a traversal event: next first
  // The traversal event the timeline stands at, or -1 during the builds.
  [[nodiscard]] int traversalIndex() const {
    if (steps_.empty() || steps_[static_cast<std::size_t>(step_)].phase != Phase::Traversal) return -1;
    return steps_[static_cast<std::size_t>(step_)].index;
  }
  [[nodiscard]] std::array<Vec2d, 4> corners(int tree, const Box& box) const;
  // A box test's numbers, to check by hand (review s32, C1): on the four axes two rectangles have (A's x and y, B's
  // x and y), the one whose gap between the shadows is widest, or when none has one, the least overlap. Worked out
  // again on the boxes as placed: empty where that disagrees with the traversal's verdict (a margin of rounding).
  [[nodiscard]] std::string boxNumbers(const collide::MidphaseBvTestStep& test) const;
  [[nodiscard]] std::string phaseName(int step) const;
  void drawParts(Renderer2D& renderer) const;
  // During an insertion build: the parts of the building tree not inserted yet at the current step (the first part
  // goes in without a step, then one part a step), so the view dims them; empty at any other step.
  [[nodiscard]] std::vector<int> partsToCome() const;
  void drawTree(Renderer2D& renderer, int tree, double pixel) const;
  void drawBox(Renderer2D& renderer, int tree, const Box& box, Color color, float width, float dash = 0) const;
  void drawBuildStep(Renderer2D& renderer, int tree, int index, double pixel) const;
  void drawTraversalStep(Renderer2D& renderer, int index) const;
  // The legend under the view's title: what each colour of the current step stands for (a build step's kind, or
  // the traversal's, a budget's step saying what its yellow is).
  [[nodiscard]] std::vector<std::pair<std::string, Color>> legend() const;
  void drawPart(Renderer2D& renderer, int tree, int part, Color fill) const;
  [[nodiscard]] std::vector<Vec2d> worldPart(int tree, int part) const;  // its corners, placed, counter-clockwise
  // The overlapping part pairs found up to traversal event `upTo`: each part in one outlined red, once however many
  // pairs it is in, and only the common part of each pair filled (a gear's whole body filled red read as a whole
  // gear overlapping where only a sliver does).
  void drawHits(Renderer2D& renderer, int upTo) const;
  // Where a split's SAH cost plot goes: beside the node, across the cut, on the side away from the other shape.
  struct CostPlot {
    Pose pose;
    int axis = 0;
    double base = 0, outward = -1, depth = 0, low = 0, high = 0, span = 1;
    std::array<Vec2d, 4> backing{};  // world
    std::string caption;             // "SAH cost of each cut (cheaper: lower)"
    bool growsDown = false;          // on the screen: the cheap cuts lie lower (the caption goes under it)
    [[nodiscard]] Vec2d at(double position, double cost) const;
  };
  [[nodiscard]] CostPlot costPlot(int tree, const collide::BvhSplitStep<double, 2>& split) const;
  // Where that plot is drawn, seen on the screen: "above", "below", "left of" or "right of" (the box). It said
  // "beside" for a plot above (review s32, A17).
  [[nodiscard]] const char* plotPlace(int tree, const collide::BvhSplitStep<double, 2>& split) const;
  void drawCostPlot(Renderer2D& renderer, int tree, const collide::BvhSplitStep<double, 2>& split) const;
  bool setOutline(int shape, std::vector<Vec2d> outline);

  // The scene (lab_state).
  std::array<int, 2> shape_{0, 1};
  std::array<std::vector<Vec2d>, 2> outline_;  // the outline of each (empty for the compound); edits change it
  std::array<bool, 2> edited_{false, false};
  Vec2d positionB_{1.9, 0.6};
  double angleB_ = 0.3;  // radians
  BvhBuild build_ = BvhBuild::BinnedSah;
  int leafSize_ = 1;
  int budget_ = 0;
  bool largestFirst_ = false;
  int narrow_ = 0;  // kNarrowPhases
  // The view.
  int drawDepth_ = 2;
  bool showTrees_ = true;
  bool editVertices_ = false;
  common::LegendFold legendFold_;  // the view's legend, folded by a click (remembered)
  int step_ = 0;
  // Mouse.
  enum class Drag { None, Move, Turn, Vertex } drag_ = Drag::None;
  Vec2d grab_{};
  int dragShape_ = 0, dragVertex_ = 0;
  // Derived.
  std::array<PartTree, 2> trees_;
  std::array<collide::Recorder<BuildEvent>, 2> builds_;
  std::array<std::string, 2> errors_;  // a decomposition's refusal
  std::string refusal_;                // the last vertex move refused, with the edges named
  // That refusal's outline (the shape's frame) and the two crossing edges, drawn and labelled while it shows (the
  // view numbers no edge otherwise: review s35 A5).
  std::vector<Vec2d> refusedOutline_;
  int refusedShape_ = -1, refusedEdges_[2] = {-1, -1};
  std::array<collide::BvhStats, 2> treeStats_{};  // A's and B's, worked out once per build
  collide::Recorder<collide::MidphaseEvent> trace_;
  collide::MidphaseResult<double> result_;
  std::vector<StepRef> steps_;
  common::TraversalSteps traversal_;  // per traversal event (the index of its StepRef)
  std::vector<StepKind> stepKinds_;   // the timeline's jumps: the phases' starts, then traversal_'s kinds
};

// [SECTION] Trees and the recorded steps

void Midphase2Lab::rebuild() {
  collide::BvhOptions options;
  options.build = build_;
  options.maxLeafSize = leafSize_;
  for (int t = 0; t < 2; ++t) {
    builds_[t].steps.clear();
    errors_[t].clear();
    std::vector<collide::Polygon<double>> parts;
    if (shape_[t] == kCrates) {
      parts = collide::cratesParts<double>();
    } else {
      const collide::ConvexDecomposition<double> d = collide::decomposeConcave<double>(outline_[t]);
      if (!d.ok()) errors_[t] = std::string(t == 0 ? "A" : "B") + "'s outline is refused: " + d.error + ".";
      parts = d.polygons;
    }
    trees_[t] = collide::buildPartTree(std::move(parts), options, builds_[t]);
  }
  treeStats_ = {collide::bvhStats(trees_[0].tree), collide::bvhStats(trees_[1].tree)};
  retrace();
}

void Midphase2Lab::retrace() {
  collide::MidphaseOptions options;
  options.budget = budget_;
  options.largestFirst = largestFirst_;
  trace_.steps.clear();
  result_ = collide::midphaseParts(trees_[0], pose(0), trees_[1], pose(1), options, kNarrowPhases[static_cast<std::size_t>(narrow_)], trace_);
  steps_.clear();
  for (int t = 0; t < 2; ++t) {
    for (int i = 0; i < static_cast<int>(builds_[t].steps.size()); ++i) steps_.push_back({t == 0 ? Phase::BuildA : Phase::BuildB, i});
  }
  for (std::size_t i = 0; i < trace_.steps.size(); ++i) steps_.push_back({Phase::Traversal, static_cast<int>(i)});
  traversal_.read(trace_.steps);
  // The jumps: where each phase starts (build A, build B, the traversal), then the traversal's kinds.
  StepKind phases{"phase start", {}, {}};  // "phase start (3)": where the picker jumps, not "phase (3)" (review s35, C)
  for (std::size_t i = 0; i < steps_.size(); ++i) {
    if (i == 0 || steps_[i].phase != steps_[i - 1].phase) phases.steps.push_back(static_cast<int>(i));
  }
  const int buildSteps = static_cast<int>(builds_[0].steps.size() + builds_[1].steps.size());
  stepKinds_ = common::traversalKinds(traversal_, buildSteps, nullptr);
  stepKinds_.insert(stepKinds_.begin(), std::move(phases));
  step_ = std::max(0, stepCount() - 1);
}

common::Tally Midphase2Lab::tallyAt(int step) const {
  if (steps_.empty() || steps_[static_cast<std::size_t>(step)].phase != Phase::Traversal) return {};
  return traversal_.at(steps_[static_cast<std::size_t>(step)].index);
}

std::vector<std::array<int, 2>> Midphase2Lab::waitingAt(int index) const {
  const auto priority = [this](int a, int b) {
    return collide::largestFirstPriority(trees_[0].tree.nodes[static_cast<std::size_t>(a)].box,
                                         trees_[1].tree.nodes[static_cast<std::size_t>(b)].box);
  };
  return common::waitingPairs(trace_.steps, index, budget_ > 0, largestFirst_, priority);
}

std::string Midphase2Lab::phaseName(int step) const {
  if (steps_.empty()) return "none";
  switch (steps_[static_cast<std::size_t>(step)].phase) {
    case Phase::BuildA: return "build A";
    case Phase::BuildB: return "build B";
    case Phase::Traversal: return "traversal";
  }
  return "none";
}

double Midphase2Lab::radiusB() const {
  double r = 0.5;
  for (const auto& part : trees_[1].parts) {
    for (int i = 0; i < part.count; ++i) r = std::max(r, length(part.vertices[static_cast<std::size_t>(i)]));
  }
  return r;
}

Vec2d Midphase2Lab::handle() const { return pose(1).apply(Vec2d{radiusB() + 0.35, 0.0}); }

// [SECTION] Narration

std::string Midphase2Lab::narrate(int step) const {
  if (steps_.empty()) {
    if (!errors_[0].empty() || !errors_[1].empty()) return errors_[0] + (errors_[0].empty() ? "" : " ") + errors_[1];
    return "Nothing to step.";
  }
  const StepRef ref = steps_[static_cast<std::size_t>(step)];
  if (ref.phase != Phase::Traversal) return narrateBuild(ref.phase == Phase::BuildA ? 0 : 1, ref.index);
  std::string text = narrateTraversal(ref.index);
  if (step + 1 == stepCount() && result_.status == collide::Status::Converged) {
    text += " Done: " + std::to_string(result_.pairs.size()) + " overlapping part pairs, outlined red, where they overlap filled red.";
  }
  return text;
}

std::string Midphase2Lab::narrateBuild(int tree, int index) const {
  const std::string who = std::string(tree == 0 ? "A" : "B") + "'s tree: ";
  const auto& event = builds_[static_cast<std::size_t>(tree)].steps[static_cast<std::size_t>(index)];
  const char* axes[2] = {"x", "y"};
  if (const auto* s = std::get_if<collide::BvhSplitStep<double, 2>>(&event)) {
    std::string text = who + "node " + std::to_string(index) + " (depth " + std::to_string(s->depth) + ", " + partsText(s->count) + ")";
    if (s->leaf) {
      if (s->count == 1) return text + " is a leaf: one part.";
      if (build_ == BvhBuild::Median) return text + " is a leaf: " + partsText(s->count) + " fit in a leaf of " + std::to_string(leafSize_) + ".";
      if (s->candidates.empty()) return text + " is a leaf: its part centres coincide, so no cut separates them.";
      return text + " stays a leaf: testing its " + partsText(s->count) + " costs " + formatNumber(s->leafCost) +
             ", no more than the best cut's " + formatNumber(s->splitCost) + ".";
    }
    const int right = s->count - s->leftCount;
    const std::string turn = turnedCutText(tree, *s);
    if (build_ == BvhBuild::Median) {
      return text + ": the part centres spread most along " + axes[s->axis] + ", so it is cut at the median centre, " +
             cutText(tree, *s) + ": " + std::to_string(s->leftCount) + " left, " + std::to_string(right) +
             " right, whatever the boxes' sizes." + (turn.empty() ? "" : " " + turn + ".");
    }
    if (s->candidates.empty()) {
      return text + ": its part centres coincide, so it is halved (" + std::to_string(s->leftCount) + " and " + std::to_string(right) + ").";
    }
    // What happened first, then why there (newcomer review s30, C3: one paragraph of 10 lines at 150 %).
    text += " is cut at " + cutText(tree, *s) + ": " + std::to_string(s->leftCount) + " left, " + std::to_string(right) +
            " right, SAH cost " + formatNumber(s->splitCost) + " (a leaf would cost " + formatNumber(s->leafCost) + ").";
    text += "\n\nWhy there: it is the cheapest of the " + std::to_string(s->candidates.size()) + " cuts along " + axes[s->axis] +
            ", the centres' longest spread (the plot " + plotPlace(tree, *s) + " the box); a cut costs 1 + (perimeter x parts, left plus right) / "
            "the node's perimeter.";
    // The estimate takes both halves as leaves; the finished subtree, its halves cut further, costs otherwise (at the
    // root, the tree's SAH cost in the panel: mid2_01's first cut said 6.273 beside a tree costing 5.167). A half of
    // more parts than a leaf holds is cut whether or not the cut pays, so it can cost more.
    const double finished = finishedCost(tree, index);
    if (std::abs(finished - s->splitCost) > 1e-9 * s->splitCost) {
      text += " That estimate counts both halves as leaves; cut down to leaves of at most " + partsText(leafSize_) +
              (finished > s->splitCost ? " (cut even where a cut costs more than a leaf)" : "") +
              ", this node's finished subtree costs " + formatNumber(finished) + (index == 0 ? " (the tree's SAH cost in the panel)." : ".");
    }
    return text + (turn.empty() ? "" : " " + turn + ".");
  }
  if (const auto* s = std::get_if<collide::BvhMortonStep>(&event)) {
    std::map<std::uint32_t, int> counts;
    for (const std::uint32_t code : s->codes) ++counts[code];
    int shared = 0, codes = 0;
    for (const auto& [code, count] : counts) {
      if (count > 1) {
        shared += count;
        ++codes;
      }
    }
    std::string text = who + "each part's box centre gets a Morton code (x and y interleaved, 16 bits each); sorted, the codes "
                             "visit the centres along this Z-shaped curve, and each node splits where their highest differing bit "
                             "changes. ";
    if (shared == 0) return text + "Every code here is different.";
    text += "\n\n" + std::to_string(shared) + " parts share " + std::to_string(codes) + (codes == 1 ? " code" : " codes") +
            " (ringed). The part index after each code tells them apart (Karras 2012), so they split evenly";
    // Where the tree's depth comes from (mid2_02: "16 parts, 6 deep"): the largest group's subtree, and the chain
    // equal keys alone would have made of it.
    const EqualCodes equal = equalCodes(tree);
    if (equal.parts == 0) return text + ".";
    const int depth = equal.rootDepth + equal.height;
    text += (codes == 1 ? std::string(":") : "; the largest group, " + partsText(equal.parts) + ", ends in") + " a subtree " +
            std::to_string(equal.height) + " levels high under a node at depth " + std::to_string(equal.rootDepth) + ", " +
            std::to_string(equal.rootDepth) + " + " + std::to_string(equal.height) + " = " + std::to_string(depth);
    text += depth == equal.deepest ? ", the tree's depth" : " (the tree is " + std::to_string(equal.deepest) + " deep)";
    return text + ". Equal keys alone would chain them " + std::to_string(equal.chainedHeight) + " levels high, " +
           std::to_string(equal.rootDepth + equal.chainedHeight) + " deep.";
  }
  if (const auto* s = std::get_if<collide::BvhMergeStep<double, 2>>(&event)) {
    return who + "the two clusters whose merged box has the least perimeter (" + formatNumber(s->area) + ") are each other's nearest, so they merge; " +
           std::to_string(s->clustersLeft) + (s->clustersLeft == 1 ? " cluster remains: the root." : " clusters remain.");
  }
  if (const auto* s = std::get_if<collide::BvhInsertStep<double, 2>>(&event)) {
    std::string text = who + "part " + std::to_string(s->triangle) + " goes in beside the box drawn thick (at depth " +
                       std::to_string(s->depth - 1) + "): a new parent there has perimeter " + formatNumber(s->cost) +
                       ", and going down further would have grown the tree's perimeter more.";
    if (s->rotations > 0) {
      text += " " + std::to_string(s->rotations) + (s->rotations == 1 ? " rotation" : " rotations") + " on the way up kept the tree balanced.";
    }
    return text;
  }
  return {};
}

Midphase2Lab::EqualCodes Midphase2Lab::equalCodes(int tree) const {
  EqualCodes out;
  const auto& events = builds_[static_cast<std::size_t>(tree)].steps;
  const auto* morton = events.empty() ? nullptr : std::get_if<collide::BvhMortonStep>(&events.front());
  if (morton == nullptr) return out;
  // The longest run of equal codes in the sorted order: its parts.
  std::size_t best = 0, bestLength = 1;
  for (std::size_t i = 0; i < morton->codes.size();) {
    std::size_t j = i;
    while (j + 1 < morton->codes.size() && morton->codes[j + 1] == morton->codes[i]) ++j;
    if (j - i + 1 > bestLength) {
      best = i;
      bestLength = j - i + 1;
    }
    i = j + 1;
  }
  if (bestLength < 2) return out;
  const auto& bvh = trees_[static_cast<std::size_t>(tree)].tree;
  // Each part's leaf, then the deepest node that is an ancestor of them all.
  std::vector<int> leafOf(trees_[static_cast<std::size_t>(tree)].parts.size(), 0);
  for (std::size_t n = 0; n < bvh.nodes.size(); ++n) {
    if (!bvh.nodes[n].isLeaf()) continue;
    for (int k = bvh.nodes[n].first; k < bvh.nodes[n].first + bvh.nodes[n].count; ++k) {
      leafOf[static_cast<std::size_t>(bvh.primitives[static_cast<std::size_t>(k)])] = static_cast<int>(n);
    }
  }
  const auto ancestor = [&](int a, int b) {
    while (a != b) {
      if (bvh.nodes[static_cast<std::size_t>(a)].depth >= bvh.nodes[static_cast<std::size_t>(b)].depth) {
        a = bvh.nodes[static_cast<std::size_t>(a)].parent;
      } else {
        b = bvh.nodes[static_cast<std::size_t>(b)].parent;
      }
    }
    return a;
  };
  int root = leafOf[static_cast<std::size_t>(morton->order[best])];
  for (std::size_t k = best + 1; k < best + bestLength; ++k) root = ancestor(root, leafOf[static_cast<std::size_t>(morton->order[k])]);
  out.parts = static_cast<int>(bestLength);
  out.rootDepth = bvh.nodes[static_cast<std::size_t>(root)].depth;
  std::vector<int> stack{root};
  while (!stack.empty()) {
    const auto& n = bvh.nodes[static_cast<std::size_t>(stack.back())];
    stack.pop_back();
    out.height = std::max(out.height, n.depth - out.rootDepth);
    if (!n.isLeaf()) stack.insert(stack.end(), {n.left, n.right});
  }
  out.chainedHeight = out.parts - 1;
  out.deepest = treeStats_[static_cast<std::size_t>(tree)].depth;
  return out;
}

double Midphase2Lab::finishedCost(int tree, int node) const {
  const auto& nodes = trees_[static_cast<std::size_t>(tree)].tree.nodes;
  if (node < 0 || node >= static_cast<int>(nodes.size())) return 0;
  const collide::SahCosts costs{};  // the build's (BvhOptions' defaults)
  const double area = std::max(collide::surfaceMeasure(nodes[static_cast<std::size_t>(node)].box), 1e-300);
  double cost = 0;
  std::vector<int> stack{node};
  while (!stack.empty()) {
    const auto& n = nodes[static_cast<std::size_t>(stack.back())];
    stack.pop_back();
    cost += (n.isLeaf() ? costs.primitive * n.count : costs.traversal) * collide::surfaceMeasure(n.box) / area;
    if (!n.isLeaf()) stack.insert(stack.end(), {n.left, n.right});
  }
  return cost;
}

// "x = 0.4286" for A (at the origin, unturned: its frame is the world's); B's tree is built in B's own frame, so
// "x = -0.02586 in B's frame (world x = 1.574)", or where the cut crosses the world when B is turned.
std::string Midphase2Lab::coordinateText(double value) const {
  // The scene's size: both trees' root boxes and B's offset. A cut through a symmetric shape's middle computed as
  // 1.665e-16 is 0 to within rounding at that size (review s32, A17).
  double size = std::max(std::abs(positionB_.x), std::abs(positionB_.y));
  for (const PartTree& tree : trees_) {
    if (tree.tree.nodes.empty()) continue;
    const Box& root = tree.tree.nodes.front().box;
    for (int k = 0; k < 2; ++k) size = std::max({size, std::abs(root.min[k]), std::abs(root.max[k])});
  }
  return formatNumber(std::abs(value) < 1e-9 * size ? 0.0 : value);
}

std::string Midphase2Lab::cutText(int tree, const collide::BvhSplitStep<double, 2>& split) const {
  const char* axes[2] = {"x", "y"};
  const int axis = split.axis;
  std::string text = std::string(axes[axis]) + " = " + coordinateText(split.position);
  if (tree == 0) return text;
  text += " in B's frame";
  if (std::abs(angleB_) >= 1e-12) return text;  // turnedCutText places it
  const double world = split.position + (axis == 0 ? positionB_.x : positionB_.y);
  return text + " (world " + axes[axis] + " = " + coordinateText(world) + ")";
}

std::string Midphase2Lab::turnedCutText(int tree, const collide::BvhSplitStep<double, 2>& split) const {
  if (tree == 0 || std::abs(angleB_) < 1e-12) return {};
  const int axis = split.axis;
  Vec2d middle{};
  (axis == 0 ? middle.x : middle.y) = split.position;
  (axis == 0 ? middle.y : middle.x) = 0.5 * (split.box.min[1 - axis] + split.box.max[1 - axis]);
  const Vec2d world = pose(1).apply(middle);
  return "B's frame turns with B, " + formatNumber(angleB_ * 180.0 / std::numbers::pi) + " degrees: the cut's middle is at world (" +
         coordinateText(world.x) + ", " + coordinateText(world.y) + ")";
}

std::string Midphase2Lab::narrateTraversal(int index) const {
  const auto& event = trace_.steps[static_cast<std::size_t>(index)];
  const auto nodeText = [&](int tree, int node) {
    const auto& n = trees_[static_cast<std::size_t>(tree)].tree.nodes[static_cast<std::size_t>(node)];
    return std::string(tree == 0 ? "A" : "B") + "'s node " + std::to_string(node) + " (depth " + std::to_string(n.depth) +
           (n.isLeaf() ? ", a leaf of " + partsText(n.count) + ")" : ")");
  };
  const common::Tally tally = traversal_.at(index);
  if (const auto* s = std::get_if<collide::MidphasePendingStep>(&event)) {
    return common::takeSentence(nodeText(0, s->nodeA), nodeText(1, s->nodeB), s->pending.size(), budget_, largestFirst_);
  }
  if (const auto* s = std::get_if<collide::MidphaseBvTestStep>(&event)) {
    std::string text = "Box test " + std::to_string(tally.bvTests) + ": " + nodeText(0, s->nodeA) + " and " + nodeText(1, s->nodeB);
    if (!s->overlap) {
      // B's boxes are in B's frame: with B turned they are turned too, and may look as if they overlap A's.
      const bool turned = std::abs(angleB_) > 1e-12;
      const std::string numbers = boxNumbers(*s);
      return text + (turned ? " are apart (B's box turns with B)" : " are apart") + ", so the pair and every pair below it are pruned." +
             (numbers.empty() ? "" : "\n\n" + numbers);
    }
    text += " overlap";
    if (s->descend == 'A' || s->descend == 'B') {
      const auto& na = trees_[0].tree.nodes[static_cast<std::size_t>(s->nodeA)];
      const auto& nb = trees_[1].tree.nodes[static_cast<std::size_t>(s->nodeB)];
      text += "; split " + std::string(1, s->descend) + "'s node into its two children";
      text += na.isLeaf() || nb.isLeaf()
                  ? " (the other is a leaf)."
                  : " " + common::largerBoxWords(s->descend, collide::surfaceMeasure(na.box), collide::surfaceMeasure(nb.box), "perimeter") + ".";
    } else {
      text += "; both are leaves, so their parts are tested.";
    }
    // What the step did first; the shadows' numbers after a blank line (narrationText).
    const std::string numbers = boxNumbers(*s);
    return numbers.empty() ? text : text + "\n\n" + numbers;
  }
  if (const auto* s = std::get_if<collide::MidphaseLeafPairStep>(&event)) {
    const int countA = trees_[0].tree.nodes[static_cast<std::size_t>(s->leafA)].count;
    const int countB = trees_[1].tree.nodes[static_cast<std::size_t>(s->leafB)].count;
    return "Leaf pair " + std::to_string(tally.leafPairs) + ": " + common::countedTests(countA, countB, "part") + " by " +
           kNarrowTitles[static_cast<std::size_t>(narrow_)] + ".";
  }
  if (const auto* s = std::get_if<collide::MidphasePrimitiveStep>(&event)) {
    std::string text = "Part " + std::to_string(s->triangleA) + " of A against part " + std::to_string(s->triangleB) + " of B: ";
    if (!s->hit) return text + "apart, though their boxes overlap.";
    return text + "they overlap, overlapping pair " + std::to_string(tally.pairs) + ".";
  }
  if (const auto* s = std::get_if<collide::MidphaseBudgetStep>(&event)) {
    return common::budgetSpentText(budget_, s->bvTests, "box tests") + ". " + common::partialAnswerText(s->frontier, result_.pairs.size(), "part");
  }
  return {};
}

// [SECTION] Drawing

std::array<Vec2d, 4> Midphase2Lab::corners(int tree, const Box& box) const {
  const Pose p = pose(tree);
  return {p.apply(Vec2d{box.min[0], box.min[1]}), p.apply(Vec2d{box.max[0], box.min[1]}), p.apply(Vec2d{box.max[0], box.max[1]}),
          p.apply(Vec2d{box.min[0], box.max[1]})};
}

std::string Midphase2Lab::boxNumbers(const collide::MidphaseBvTestStep& test) const {
  const std::array<Vec2d, 4> a = corners(0, trees_[0].tree.nodes[static_cast<std::size_t>(test.nodeA)].box);
  const std::array<Vec2d, 4> b = corners(1, trees_[1].tree.nodes[static_cast<std::size_t>(test.nodeB)].box);
  const Vec2d bx = pose(1).q.apply(Vec2d{1, 0}), by = pose(1).q.apply(Vec2d{0, 1});
  const bool turned = std::abs(angleB_) > 1e-12;
  const std::array<std::pair<Vec2d, const char*>, 4> axes = {
      std::pair{Vec2d{1, 0}, "x"}, std::pair{Vec2d{0, 1}, "y"}, std::pair{bx, "B's x axis"}, std::pair{by, "B's y axis"}};
  struct Shadows {
    double minA, maxA, minB, maxB, overlap;
    std::string name;
  };
  std::optional<Shadows> widestGap, leastOverlap;
  for (std::size_t k = 0; k < (turned ? 4u : 2u); ++k) {  // unturned, B's axes are A's
    const Vec2d n = axes[k].first;
    Shadows s{1e300, -1e300, 1e300, -1e300, 0, axes[k].second};
    for (const Vec2d& p : a) s.minA = std::min(s.minA, dot(p, n)), s.maxA = std::max(s.maxA, dot(p, n));
    for (const Vec2d& p : b) s.minB = std::min(s.minB, dot(p, n)), s.maxB = std::max(s.maxB, dot(p, n));
    s.overlap = std::min(s.maxA, s.maxB) - std::max(s.minA, s.minB);
    if (s.overlap < 0 && (!widestGap || s.overlap < widestGap->overlap)) widestGap = s;
    if (!leastOverlap || s.overlap < leastOverlap->overlap) leastOverlap = s;
  }
  if (widestGap.has_value() == test.overlap) return {};  // the placed boxes round the other way
  const Shadows& s = test.overlap ? *leastOverlap : *widestGap;
  const std::string shadows = "A's [" + coordinateText(s.minA) + ", " + coordinateText(s.maxA) + "] and B's [" +
                              coordinateText(s.minB) + ", " + coordinateText(s.maxB) + "]";
  const std::string along = s.name == "x" || s.name == "y" ? s.name : s.name + " (B turned " + formatNumber(angleB_ * 180.0 / std::numbers::pi) + " degrees)";
  if (!test.overlap) return "Along " + along + " the shadows " + shadows + " are " + coordinateText(-s.overlap) + " apart.";
  return std::string("The shadows overlap along each of the ") + (turned ? "4" : "2") + " axes, the least along " + along + ": " +
         shadows + ", by " + coordinateText(s.overlap) + ".";
}

void Midphase2Lab::drawBox(Renderer2D& renderer, int tree, const Box& box, Color color, float width, float dash) const {
  const std::array<Vec2d, 4> c = corners(tree, box);
  renderer.polyline(c, true, color, {width, dash, dash});
}

std::vector<Vec2d> Midphase2Lab::worldPart(int tree, int part) const {
  const PartTree& t = trees_[static_cast<std::size_t>(tree)];
  if (part < 0 || part >= static_cast<int>(t.parts.size())) return {};
  const auto& polygon = t.parts[static_cast<std::size_t>(part)];
  std::vector<Vec2d> points;
  for (int i = 0; i < polygon.count; ++i) points.push_back(pose(tree).apply(polygon.vertices[static_cast<std::size_t>(i)]));
  return points;
}

void Midphase2Lab::drawPart(Renderer2D& renderer, int tree, int part, Color fill) const {
  const std::vector<Vec2d> points = worldPart(tree, part);
  if (points.empty()) return;
  renderer.convexPolygon(points, fill);
  renderer.polyline(points, true, fill.withAlpha(1.0f), {1.5f});
}

void Midphase2Lab::drawHits(Renderer2D& renderer, int upTo) const {
  std::array<std::vector<int>, 2> parts;
  for (const common::Hit& hit : traversal_.hits) {
    if (hit.step > upTo) break;
    parts[0].push_back(hit.primitiveA);
    parts[1].push_back(hit.primitiveB);
  }
  for (int t = 0; t < 2; ++t) {
    std::vector<int> once = parts[static_cast<std::size_t>(t)];
    std::sort(once.begin(), once.end());
    once.erase(std::unique(once.begin(), once.end()), once.end());
    for (const int part : once) drawPart(renderer, t, part, palette::kHit.withAlpha(0.08f));
  }
  for (std::size_t k = 0; k < parts[0].size(); ++k) {
    const std::vector<Vec2d> common = convexIntersection(worldPart(0, parts[0][k]), worldPart(1, parts[1][k]));
    if (common.empty()) continue;  // touching, or overlapping by less than rounding
    renderer.convexPolygon(common, palette::kHit.withAlpha(0.9f));
    renderer.polyline(common, true, palette::kHit, {2.0f});
  }
}

std::vector<int> Midphase2Lab::partsToCome() const {
  if (steps_.empty()) return {};
  const StepRef ref = steps_[static_cast<std::size_t>(step_)];
  if (ref.phase == Phase::Traversal) return {};
  const int tree = ref.phase == Phase::BuildA ? 0 : 1;
  const auto& events = builds_[static_cast<std::size_t>(tree)].steps;
  if (!std::holds_alternative<collide::BvhInsertStep<double, 2>>(events[static_cast<std::size_t>(ref.index)])) return {};
  std::vector<bool> inserted(trees_[static_cast<std::size_t>(tree)].parts.size(), false);
  if (!inserted.empty()) inserted[0] = true;
  for (int k = 0; k <= ref.index; ++k) {
    if (const auto* s = std::get_if<collide::BvhInsertStep<double, 2>>(&events[static_cast<std::size_t>(k)])) {
      inserted[static_cast<std::size_t>(s->triangle)] = true;
    }
  }
  std::vector<int> toCome;
  for (std::size_t i = 0; i < inserted.size(); ++i) {
    if (!inserted[i]) toCome.push_back(static_cast<int>(i));
  }
  return toCome;
}

void Midphase2Lab::drawParts(Renderer2D& renderer) const {
  // An insertion build's parts still to come are dimmed and dashed (they looked like the ones inserted), and so is
  // the outline around them.
  const std::vector<int> toCome = partsToCome();
  const int building = toCome.empty() ? -1 : steps_[static_cast<std::size_t>(step_)].phase == Phase::BuildA ? 0 : 1;
  for (int t = 0; t < 2; ++t) {
    const Color color = t == 0 ? palette::kShapeA : palette::kShapeB;
    const PartTree& tree = trees_[static_cast<std::size_t>(t)];
    for (std::size_t k = 0; k < tree.parts.size(); ++k) {
      const auto& polygon = tree.parts[k];
      std::vector<Vec2d> points;
      for (int i = 0; i < polygon.count; ++i) points.push_back(pose(t).apply(polygon.vertices[static_cast<std::size_t>(i)]));
      if (t == building && std::find(toCome.begin(), toCome.end(), static_cast<int>(k)) != toCome.end()) {
        renderer.polyline(points, true, color.withAlpha(0.3f), {1.0f, 4.0f, 4.0f});
        continue;
      }
      renderer.convexPolygon(points, color.withAlpha(t == building ? 0.3f : 0.16f));
      renderer.polyline(points, true, color.withAlpha(t == building ? 0.9f : 0.5f), {1.0f});
    }
    if (!outline_[static_cast<std::size_t>(t)].empty()) {
      std::vector<Vec2d> outline;
      for (const Vec2d& p : outline_[static_cast<std::size_t>(t)]) outline.push_back(pose(t).apply(p));
      const Color edge = errors_[static_cast<std::size_t>(t)].empty() ? color : palette::kHit;
      renderer.polyline(outline, true, t == building ? edge.withAlpha(0.3f) : edge, {t == building ? 1.0f : 2.0f});
      if (editVertices_) {
        for (const Vec2d& p : outline) renderer.point(p, color, 4.0f);
      }
    }
  }
  // The refused outline's crossing edges, numbered as the refusal names them (edge i runs from vertex i to i + 1).
  if (!refusal_.empty() && refusedShape_ >= 0 && refusedOutline_.size() >= 3) {
    const std::size_t n = refusedOutline_.size();
    const Vec2d grabbed = pose(refusedShape_).apply(refusedOutline_[static_cast<std::size_t>(dragVertex_) % n]);
    renderer.label(grabbed, "vertex " + std::to_string(dragVertex_), palette::kHit, {-14, -14});
    for (const int edge : refusedEdges_) {
      if (edge < 0 || static_cast<std::size_t>(edge) >= n) continue;
      const Vec2d a = pose(refusedShape_).apply(refusedOutline_[static_cast<std::size_t>(edge)]);
      const Vec2d b = pose(refusedShape_).apply(refusedOutline_[(static_cast<std::size_t>(edge) + 1) % n]);
      renderer.line(a, b, palette::kHit, {3.0f});
      renderer.label(0.5 * (a + b), "edge " + std::to_string(edge), palette::kHit, {8, 8});
    }
  }
}

// Each tree cut at the chosen depth: its boxes at that depth and the leaves above it, coloured by depth.
void Midphase2Lab::drawTree(Renderer2D& renderer, int tree, double pixel) const {
  const auto& nodes = trees_[static_cast<std::size_t>(tree)].tree.nodes;
  for (const auto& node : nodes) {
    if (node.depth != drawDepth_ && !(node.isLeaf() && node.depth < drawDepth_)) continue;
    Box grown = node.box;  // a hair outside the parts, so a box never hides an outline
    grown = collide::enlarged(grown, 1.5 * pixel);
    drawBox(renderer, tree, grown, depthColor(node.depth).withAlpha(0.8f), 1.5f);
  }
}

const char* Midphase2Lab::plotPlace(int tree, const collide::BvhSplitStep<double, 2>& split) const {
  const CostPlot plot = costPlot(tree, split);
  Vec2d out{};
  (plot.axis == 0 ? out.y : out.x) = plot.outward;  // across the cut, in the tree's frame
  const Vec2d world = plot.pose.q.apply(out);
  if (std::abs(world.y) >= std::abs(world.x)) return world.y > 0 ? "above" : "below";
  return world.x > 0 ? "right of" : "left of";
}

Midphase2Lab::CostPlot Midphase2Lab::costPlot(int tree, const collide::BvhSplitStep<double, 2>& split) const {
  CostPlot plot;
  plot.pose = pose(tree);
  plot.axis = split.axis;
  const int axis = split.axis, across = 1 - axis;
  plot.low = plot.high = split.leafCost;
  for (const auto& c : split.candidates) {
    plot.low = std::min(plot.low, c.cost);
    plot.high = std::max(plot.high, c.cost);
  }
  plot.span = std::max(plot.high - plot.low, 1e-9);
  const double size = std::max(split.box.max[axis] - split.box.min[axis], split.box.max[across] - split.box.min[across]);
  plot.depth = 0.3 * size;
  const double gap = 0.08 * size;
  // The side of the box (across the cut) away from the other shape, so the plot does not cover it.
  const auto& otherParts = trees_[static_cast<std::size_t>(1 - tree)].parts;
  Vec2d other{};
  int corners = 0;
  for (const auto& part : otherParts) {
    for (int k = 0; k < part.count; ++k, ++corners) other = other + pose(1 - tree).apply(part.vertices[static_cast<std::size_t>(k)]);
  }
  const Vec2d mid = boxCentre(split.box);
  const Vec2d otherHere = corners == 0 ? mid : plot.pose.applyInverse((1.0 / corners) * other);
  plot.outward = (axis == 0 ? otherHere.y - mid.y : otherHere.x - mid.x) > 0 ? -1.0 : 1.0;
  plot.base = plot.outward > 0 ? split.box.max[across] + gap : split.box.min[across] - gap;
  // Its backing: the plot's area with a margin, in the tree's frame.
  const double margin = 0.04 * size;
  const double lowAlong = split.box.min[axis] - margin, highAlong = split.box.max[axis] + margin;
  const double near = plot.base - plot.outward * margin, far = plot.base + plot.outward * (plot.depth + margin);
  const auto local = [&](double along, double out) {
    Vec2d p{};
    (axis == 0 ? p.x : p.y) = along;
    (axis == 0 ? p.y : p.x) = out;
    return plot.pose.apply(p);
  };
  plot.backing = {local(lowAlong, near), local(highAlong, near), local(highAlong, far), local(lowAlong, far)};
  // "cheaper: lower" says where the cheap cuts lie on the screen: the outward direction, turned with the shape.
  Vec2d out{};
  (axis == 0 ? out.y : out.x) = plot.outward;
  const Vec2d world = plot.pose.apply(out) - plot.pose.apply(Vec2d{0, 0});
  const char* way = std::abs(world.y) >= std::abs(world.x) ? (world.y < 0 ? "lower" : "higher")
                                                           : (world.x < 0 ? "farther left" : "farther right");
  plot.caption = std::string("SAH cost of each cut (cheaper: ") + way + ")";
  plot.growsDown = std::abs(world.y) >= std::abs(world.x) && world.y < 0;
  return plot;
}

Vec2d Midphase2Lab::CostPlot::at(double position, double cost) const {
  const double out = base + outward * depth * (high - cost) / span;  // the cheapest cut sits farthest from the box
  Vec2d p{};
  (axis == 0 ? p.x : p.y) = position;
  (axis == 0 ? p.y : p.x) = out;
  return pose.apply(p);  // in the tree's own frame, placed like its shape
}

// The SAH cost of every candidate cut, plotted beside the node along the split axis, on the side away from the
// other shape and on a dark backing: the cut's position on the axis, its cost across (the cheapest farthest from
// the box); the chosen cut ringed, the cost of a leaf dashed.
void Midphase2Lab::drawCostPlot(Renderer2D& renderer, int tree, const collide::BvhSplitStep<double, 2>& split) const {
  if (split.candidates.size() < 2) return;
  const CostPlot plot = costPlot(tree, split);
  const int axis = split.axis;
  const auto at = [&](double position, double cost) { return plot.at(position, cost); };
  renderer.convexPolygon(plot.backing, palette::kBackground.withAlpha(0.92f));
  renderer.polyline(plot.backing, true, palette::kGridMajor, {1.0f});
  std::vector<Vec2d> curve;
  for (const auto& c : split.candidates) curve.push_back(at(c.position, c.cost));
  renderer.polyline(curve, false, palette::kSeparated, {2.0f});
  for (const Vec2d& p : curve) renderer.point(p, palette::kSeparated, 2.5f);
  renderer.dashedLine(at(split.box.min[axis], split.leafCost), at(split.box.max[axis], split.leafCost), palette::kTextDim, 1.5f);
  // The caption outside the plot, past its far edge on the screen (above it; under it when it grows down): drawn at
  // the cheapest cut, inside, the curve ran through its words, and at 200 % it lay over the view's legend (review
  // s32 A10). Centred on the plot, as a title: a plot a few dozen pixels wide is far narrower than its caption, and
  // the caption started at its left edge ran off to the right as another thing's. Asked before the leaf's cost: that
  // label took the caption's spot and the caption sat left of the plot with a leader (mid2_01 --algo sah step 14).
  Vec2d corner0{INFINITY, INFINITY}, corner1{-INFINITY, -INFINITY};
  for (const Vec2d& corner : plot.backing) {
    const Vec2d screen = renderer.camera().worldToScreen(corner);
    corner0 = {std::min(corner0.x, screen.x), std::min(corner0.y, screen.y)};
    corner1 = {std::max(corner1.x, screen.x), std::max(corner1.y, screen.y)};
  }
  const double gap = 3.0, lineBox = ImGui::GetFontSize() + 2.0;  // the label's box: the text and 1 pixel each side
  const double captionBox = ImGui::CalcTextSize(plot.caption.c_str()).x + 6.0;  // and 3 pixels each side
  const double middle = 0.5 * (corner0.x + corner1.x);
  if (plot.growsDown) {
    renderer.label(renderer.camera().screenToWorld({middle, corner1.y}), plot.caption, palette::kSeparated,
                   {-0.5 * captionBox, gap});
  } else {
    renderer.label(renderer.camera().screenToWorld({middle, corner0.y}), plot.caption, palette::kSeparated,
                   {-0.5 * captionBox, -gap - lineBox});
  }
  renderer.label(at(split.box.max[axis], split.leafCost), "leaf " + formatNumber(split.leafCost), palette::kTextDim);
  for (const auto& c : split.candidates) {
    if (c.position == split.position && c.cost == split.splitCost) {
      renderer.point(at(c.position, c.cost), palette::kAccent, 5.0f);
      renderer.label(at(c.position, c.cost), "SAH " + formatNumber(c.cost), palette::kAccent, {6, 12});
    }
  }
}

// A build step is drawn in the building tree's own frame placed like its shape.
void Midphase2Lab::drawBuildStep(Renderer2D& renderer, int tree, int index, double pixel) const {
  const PartTree& t = trees_[static_cast<std::size_t>(tree)];
  const auto& events = builds_[static_cast<std::size_t>(tree)].steps;
  const auto& event = events[static_cast<std::size_t>(index)];
  const Pose p = pose(tree);
  if (const auto* s = std::get_if<collide::BvhSplitStep<double, 2>>(&event)) {
    // Top-down: nodes are made in the order of their split steps, so the nodes decided so far are 0 .. index.
    for (int k = 0; k < index && k < static_cast<int>(t.tree.nodes.size()); ++k) {
      const auto& node = t.tree.nodes[static_cast<std::size_t>(k)];
      drawBox(renderer, tree, collide::enlarged(node.box, 1.5 * pixel), depthColor(node.depth).withAlpha(0.45f), 1.0f);
    }
    drawBox(renderer, tree, s->box, palette::kAccent, 3.0f);
    drawBox(renderer, tree, s->centroidBox, palette::kTextDim, 1.0f, 5.0f);
    const auto& node = t.tree.nodes[static_cast<std::size_t>(index)];
    for (int k = node.first; k < node.first + node.count; ++k) {
      renderer.point(p.apply(boxCentre(t.boxes[static_cast<std::size_t>(t.tree.primitives[static_cast<std::size_t>(k)])])), palette::kText, 3.0f);
    }
    if (!s->leaf) {
      Vec2d from{}, to{};
      (s->axis == 0 ? from.x : from.y) = s->position;
      (s->axis == 0 ? to.x : to.y) = s->position;
      (s->axis == 0 ? from.y : from.x) = s->box.min[1 - s->axis];
      (s->axis == 0 ? to.y : to.x) = s->box.max[1 - s->axis];
      renderer.line(p.apply(from), p.apply(to), palette::kHit, {2.5f});
      drawCostPlot(renderer, tree, *s);
    }
    return;
  }
  if (const auto* s = std::get_if<collide::BvhMortonStep>(&event)) {
    std::vector<Vec2d> curve;
    for (const int part : s->order) curve.push_back(p.apply(boxCentre(t.boxes[static_cast<std::size_t>(part)])));
    renderer.polyline(curve, false, palette::kSeparated, {2.0f});
    // Each run of equal codes is ringed red and labelled once with its range of positions in the order.
    for (std::size_t i = 0; i < curve.size();) {
      std::size_t j = i;
      while (j + 1 < curve.size() && s->codes[j + 1] == s->codes[i]) ++j;
      for (std::size_t k = i; k <= j; ++k) {
        renderer.screenDisc(curve[k], j > i ? 7.0f : 4.0f, j > i ? palette::kHit.withAlpha(0.25f) : palette::kSeparated,
                            j > i ? palette::kHit : palette::kSeparated);
      }
      if (j > i) {
        renderer.label(curve[i], "positions " + std::to_string(i) + " .. " + std::to_string(j) + ": one code", palette::kText, {10, -22});
      } else {
        renderer.label(curve[i], std::to_string(i), palette::kText);
      }
      i = j + 1;
    }
    return;
  }
  if (const auto* s = std::get_if<collide::BvhMergeStep<double, 2>>(&event)) {
    for (int k = 0; k < index; ++k) {
      if (const auto* before = std::get_if<collide::BvhMergeStep<double, 2>>(&events[static_cast<std::size_t>(k)])) {
        drawBox(renderer, tree, collide::merged(before->a, before->b), palette::kTextDim.withAlpha(0.5f), 1.0f);
      }
    }
    drawBox(renderer, tree, s->a, palette::kSeparated, 2.5f);
    drawBox(renderer, tree, s->b, palette::kSeparated, 2.5f);
    drawBox(renderer, tree, collide::enlarged(collide::merged(s->a, s->b), 2.0 * pixel), palette::kAccent, 2.0f, 6.0f);
    return;
  }
  if (const auto* s = std::get_if<collide::BvhInsertStep<double, 2>>(&event)) {
    // The parts inserted before this one (the first went in without a step).
    for (int k = 0; k < index; ++k) {
      if (const auto* before = std::get_if<collide::BvhInsertStep<double, 2>>(&events[static_cast<std::size_t>(k)])) {
        drawBox(renderer, tree, before->leaf, palette::kTextDim.withAlpha(0.6f), 1.0f);
      }
    }
    drawBox(renderer, tree, t.boxes[0], palette::kTextDim.withAlpha(0.6f), 1.0f);
    drawBox(renderer, tree, s->sibling, depthColor(std::max(s->depth - 1, 0)), 3.0f);
    drawBox(renderer, tree, s->leaf, palette::kAccent, 3.0f);
    drawBox(renderer, tree, collide::enlarged(collide::merged(s->leaf, s->sibling), 3.0 * pixel), palette::kAccent, 1.5f, 6.0f);
    drawPart(renderer, tree, s->triangle, palette::kAccent.withAlpha(0.45f));
  }
}

std::vector<std::pair<std::string, Color>> Midphase2Lab::legend() const {
  if (steps_.empty()) return {};
  const StepRef ref = steps_[static_cast<std::size_t>(step_)];
  if (ref.phase == Phase::Traversal) {
    const bool budgetStep = std::holds_alternative<collide::MidphaseBudgetStep>(trace_.steps[static_cast<std::size_t>(ref.index)]);
    return {{common::nodePairLegend(budgetStep, false), palette::kAccent},
            {common::prunedLegend(traversal_.at(ref.index - 1).pruned, "dashed grey"), palette::kTextDim},
            {"overlapping part pairs found so far: outlined red, where they overlap filled red", palette::kHit}};
  }
  const auto& event = builds_[ref.phase == Phase::BuildA ? 0u : 1u].steps[static_cast<std::size_t>(ref.index)];
  if (const auto* s = std::get_if<collide::BvhSplitStep<double, 2>>(&event)) {
    if (s->leaf) {  // nothing is cut: no red line to name
      return {{"yellow: the node this step keeps as a leaf; white dots: its parts' centres, in their box (dashed)", palette::kAccent},
              {"faint: the nodes made before, coloured by depth", palette::kTextDim}};
    }
    return {{"yellow: the node this step splits; white dots: its parts' centres, in their box (dashed)", palette::kAccent},
            {"red: where it is cut", palette::kHit},
            {"faint: the nodes made before, coloured by depth", palette::kTextDim}};
  }
  if (std::holds_alternative<collide::BvhMortonStep>(event)) {
    return {{"green: the parts' centres joined in Morton order, numbered", palette::kSeparated},
            {"red rings: parts whose Morton codes are equal", palette::kHit}};
  }
  if (std::holds_alternative<collide::BvhMergeStep<double, 2>>(event)) {
    return {{"green: the two boxes this step merges", palette::kSeparated},
            {"dashed yellow: their parent", palette::kAccent},
            {"faint: the parents made before", palette::kTextDim}};
  }
  return {{"yellow: the part this step inserts; dashed yellow: its new parent", palette::kAccent},
          {"solid, coloured by its depth: the node it joins as a sibling", palette::kText},
          {"filled, in faint grey boxes: the parts inserted before", palette::kTextDim},
          {"dim and dashed: the parts still to come", palette::kTextDim}};
}

void Midphase2Lab::drawTraversalStep(Renderer2D& renderer, int index) const {
  const auto& event = trace_.steps[static_cast<std::size_t>(index)];
  if (std::holds_alternative<collide::MidphaseBudgetStep>(event)) {
    for (const auto& pair : result_.frontier) {
      drawBox(renderer, 0, trees_[0].tree.nodes[static_cast<std::size_t>(pair[0])].box, palette::kAccent, 2.5f);
      drawBox(renderer, 1, trees_[1].tree.nodes[static_cast<std::size_t>(pair[1])].box, palette::kAccent, 2.5f);
    }
    return;
  }
  // The pairs pruned before this step (the latest of them), fainter than this step's.
  for (const common::Pruned& pruned : traversal_.prunedUpTo(index - 1, common::kMaxDrawnPruned)) {
    drawBox(renderer, 0, trees_[0].tree.nodes[static_cast<std::size_t>(pruned.nodeA)].box, palette::kTextDim.withAlpha(0.5f), 1.5f, 4.0f);
    drawBox(renderer, 1, trees_[1].tree.nodes[static_cast<std::size_t>(pruned.nodeB)].box, palette::kTextDim.withAlpha(0.5f), 1.5f, 4.0f);
  }
  const auto [nodeA, nodeB] = traversal_.focus[static_cast<std::size_t>(index)];
  Color color = palette::kAccent;
  if (const auto* test = std::get_if<collide::MidphaseBvTestStep>(&event)) color = test->overlap ? palette::kAccent : palette::kTextDim;
  const Box& boxA = trees_[0].tree.nodes[static_cast<std::size_t>(nodeA)].box;
  const Box& boxB = trees_[1].tree.nodes[static_cast<std::size_t>(nodeB)].box;
  drawBox(renderer, 0, boxA, color, 3.5f);
  drawBox(renderer, 1, boxB, color, 3.5f);
  renderer.label(corners(0, boxA)[3], "A's node " + std::to_string(nodeA), palette::kShapeA, {4, -16});
  renderer.label(corners(1, boxB)[2], "B's node " + std::to_string(nodeB), palette::kShapeB);
  if (const auto* test = std::get_if<collide::MidphasePrimitiveStep>(&event)) {
    // A hit is already drawn with the pairs found; either way the step's two parts are outlined in the accent.
    const Color fill = test->hit ? palette::kAccent.withAlpha(0.0f) : palette::kAccent.withAlpha(0.45f);
    drawPart(renderer, 0, test->triangleA, fill);
    drawPart(renderer, 1, test->triangleB, fill);
  }
}

void Midphase2Lab::draw(const DrawContext& context) {
  if (context.planar == nullptr) return;
  Renderer2D& renderer = *context.planar;
  const double pixel = 1.0 / std::max(renderer.camera().pixelsPerUnit(), 1e-9);
  drawParts(renderer);
  const StepRef ref = steps_.empty() ? StepRef{Phase::Traversal, -1} : steps_[static_cast<std::size_t>(step_)];
  const bool traversal = ref.phase == Phase::Traversal;
  if (showTrees_ && traversal) {
    drawTree(renderer, 0, pixel);
    drawTree(renderer, 1, pixel);
  }
  // The overlapping part pairs found up to this step, filled red.
  const int upTo = traversal ? ref.index : -1;
  drawHits(renderer, upTo);
  // B's turning handle, over the step's drawing (a cost plot's backing may lie under it).
  const auto drawHandle = [&] {
    const Vec2d centre = pose(1).p, knob = handle();
    renderer.dashedLine(centre, knob, palette::kShapeB.withAlpha(0.6f), 1.2f);
    renderer.screenDisc(knob, static_cast<float>(kHandlePixels), palette::kShapeB.withAlpha(0.35f), palette::kShapeB);
  };
  if (ref.index < 0) {
    drawHandle();
    return;
  }
  // The legend, under the view's title.
  const ScreenRect& rect = renderer.camera().rect();
  legendFold_.box = renderer.caption(paneCaptionCorner(rect), legendFold_.shown(legend()), static_cast<float>(rect.width) - 24.0f);
  legendFold_.view = context.view;
  if (traversal) drawTraversalStep(renderer, ref.index);
  else drawBuildStep(renderer, ref.phase == Phase::BuildA ? 0 : 1, ref.index, pixel);
  drawHandle();
}

std::optional<WorldBounds> Midphase2Lab::sceneBounds(int) const {
  WorldBounds bounds = WorldBounds::none();
  for (int t = 0; t < 2; ++t) {
    for (const auto& part : trees_[static_cast<std::size_t>(t)].parts) {
      for (int i = 0; i < part.count; ++i) bounds.include(pose(t).apply(part.vertices[static_cast<std::size_t>(i)]));
    }
    for (const Vec2d& p : outline_[static_cast<std::size_t>(t)]) bounds.include(pose(t).apply(p));
  }
  bounds.include(handle());
  // Room under A for the SAH cost plots.
  if (!trees_[0].tree.empty()) {
    const Box& root = trees_[0].tree.nodes[0].box;
    const double size = std::max(root.max[0] - root.min[0], root.max[1] - root.min[1]);
    bounds.include(Vec2d{root.min[0] - 0.4 * size, root.min[1] - 0.4 * size});
  }
  // Each root's cost plot, on whichever side it goes, with room beyond it for the legend's lines.
  for (int t = 0; t < 2; ++t) {
    const auto& events = builds_[static_cast<std::size_t>(t)].steps;
    const auto* split = events.empty() ? nullptr : std::get_if<collide::BvhSplitStep<double, 2>>(&events.front());
    if (split == nullptr || split->candidates.size() < 2) continue;
    const CostPlot plot = costPlot(t, *split);
    for (const Vec2d& p : plot.backing) bounds.include(p);
    bounds.include(plot.backing[2] + 0.6 * (plot.backing[2] - plot.backing[1]));
    bounds.include(plot.backing[3] + 0.6 * (plot.backing[3] - plot.backing[0]));
  }
  return bounds;
}

// [SECTION] Mouse and keys

// Takes a new outline for a shape if it decomposes; otherwise keeps the old one and says why.
bool Midphase2Lab::setOutline(int shape, std::vector<Vec2d> outline) {
  const collide::ConvexDecomposition<double> d = collide::decomposeConcave<double>(outline);
  if (!d.ok()) {
    refusal_ = std::string("Refused: moving ") + (shape == 0 ? "A" : "B") + "'s vertex " + std::to_string(dragVertex_) + " there would leave " +
               (d.edgeA >= 0 ? "edges " + std::to_string(d.edgeA) + " and " + std::to_string(d.edgeB) + " crossing" : d.error) + ".";
    refusedShape_ = shape;
    refusedEdges_[0] = d.edgeA;
    refusedEdges_[1] = d.edgeB;
    refusedOutline_ = std::move(outline);
    return false;
  }
  refusal_.clear();
  outline_[static_cast<std::size_t>(shape)] = std::move(outline);
  edited_[static_cast<std::size_t>(shape)] = true;
  rebuild();
  return true;
}

bool Midphase2Lab::mouseDown(const MouseEvent& event) {
  if (legendFold_.press(event)) return true;
  if (event.button != MouseButton::Left) return false;
  const Vec2d at = event.planar.world;
  const double reach = (kHandlePixels + 3) * event.planar.pixelSize;
  if (editVertices_) {
    double best = reach;
    for (int t = 0; t < 2; ++t) {
      const auto& outline = outline_[static_cast<std::size_t>(t)];
      for (int i = 0; i < static_cast<int>(outline.size()); ++i) {
        const double d = distance(pose(t).apply(outline[static_cast<std::size_t>(i)]), at);
        if (d <= best) {
          best = d;
          drag_ = Drag::Vertex;
          dragShape_ = t;
          dragVertex_ = i;
        }
      }
    }
    if (drag_ == Drag::Vertex) return true;
  }
  if (distance(at, handle()) <= reach) {
    drag_ = Drag::Turn;
    return true;
  }
  const Vec2d local = pose(1).applyInverse(at);
  for (const auto& part : trees_[1].parts) {
    bool inside = part.count >= 3;
    for (int i = 0; i < part.count && inside; ++i) {
      inside = dot(local - part.vertices[static_cast<std::size_t>(i)], part.normals[static_cast<std::size_t>(i)]) <= 0;
    }
    if (inside) {
      drag_ = Drag::Move;
      grab_ = positionB_ - at;
      return true;
    }
  }
  return false;
}

void Midphase2Lab::mouseMove(const MouseEvent& event) {
  const Vec2d at = event.planar.world;
  switch (drag_) {
    case Drag::None: return;
    case Drag::Move: {
      const Vec2d to = at + grab_;
      positionB_ = {std::clamp(to.x, -kMaxOffset, kMaxOffset), std::clamp(to.y, -kMaxOffset, kMaxOffset)};
      retrace();
      return;
    }
    case Drag::Turn: {
      const Vec2d d = at - positionB_;
      if (lengthSquared(d) > 0) angleB_ = std::atan2(d.y, d.x);
      retrace();
      return;
    }
    case Drag::Vertex: {
      std::vector<Vec2d> outline = outline_[static_cast<std::size_t>(dragShape_)];
      outline[static_cast<std::size_t>(dragVertex_)] = pose(dragShape_).applyInverse(at);
      setOutline(dragShape_, std::move(outline));
      return;
    }
  }
}

void Midphase2Lab::mouseUp(const MouseEvent&) { drag_ = Drag::None; }

void Midphase2Lab::keyPressed(const KeyPress& press) {
  if (common::buildKey(press, build_)) rebuild();
  if (isPress(press, GLFW_KEY_T)) showTrees_ = !showTrees_;
  if (isPress(press, GLFW_KEY_E)) editVertices_ = !editVertices_;
}

// [SECTION] Scenes, settings, dump

namespace {

bool readOutline(const Json& value, std::vector<Vec2d>& out) {
  if (!value.is_array() || value.size() < 3 || value.size() > static_cast<std::size_t>(collide::kMaxConcaveVertices)) return false;
  out.clear();
  for (const Json& p : value) {
    if (!p.is_array() || p.size() != 2 || !p[0].is_number() || !p[1].is_number()) return false;
    out.push_back({p[0].get<double>(), p[1].get<double>()});
  }
  return true;
}

}  // namespace

bool Midphase2Lab::loadScene(const Scene& scene, std::string& error) {
  if (!scene.shapes.empty() || !scene.shapes3.empty()) {
    error = "shapes: the 2D mid-phase lab makes its shapes from lab_state (a, b: gear, star, letter-e, comb, key or crates); expected no shapes";
    return false;
  }
  const Json& state = scene.labState;
  std::array<int, 2> shape = shape_;
  std::array<std::vector<Vec2d>, 2> outline;
  std::array<bool, 2> edited{false, false};
  for (int t = 0; t < 2; ++t) {
    const char* key = t == 0 ? "a" : "b";
    if (!common::readChoice(state, key, kConcaveShapeNames, "gear, star, letter-e, comb, key or crates", shape[static_cast<std::size_t>(t)], error)) {
      return false;
    }
    outline[static_cast<std::size_t>(t)] = catalogOutline(shape[static_cast<std::size_t>(t)]);
    const std::string outlineKey = std::string("outline_") + key;
    if (const auto it = state.find(outlineKey); it != state.end()) {
      std::vector<Vec2d> points;
      if (shape[static_cast<std::size_t>(t)] == kCrates || !readOutline(*it, points)) {
        error = "lab_state." + outlineKey + ": expected 3 to " + std::to_string(collide::kMaxConcaveVertices) +
                " [x, y] points of an outline shape (not crates), got " + describeJsonValue(*it);
        return false;
      }
      if (const auto d = collide::decomposeConcave<double>(points); !d.ok()) {
        error = "lab_state." + outlineKey + ": " + d.error;
        return false;
      }
      outline[static_cast<std::size_t>(t)] = std::move(points);
      edited[static_cast<std::size_t>(t)] = true;
    }
  }
  std::array<double, 2> position{positionB_.x, positionB_.y};
  double angle = angleB_;
  BvhBuild build = build_;
  int leafSize = leafSize_, budget = budget_;
  bool largestFirst = largestFirst_;
  if (!common::readNumbers(state, "position_b", kMaxOffset, position, error)) return false;
  if (const auto it = state.find("rotation_b_degrees"); it != state.end()) {
    if (!it->is_number() || std::abs(it->get<double>()) > 360.0) {
      error = "lab_state.rotation_b_degrees: expected a number from -360 to 360, got " + describeJsonValue(*it);
      return false;
    }
    angle = it->get<double>() * std::numbers::pi / 180.0;
  }
  if (!common::readBuild(state, build, error) || !common::readInteger(state, "leaf_size", 1, kMaxLeafSize, leafSize, error) ||
      !common::readInteger(state, "budget", 0, kMaxBudget, budget, error) ||
      !common::readFlag(state, "largest_first", largestFirst, error)) {
    return false;
  }
  int narrow = narrow_;
  if (const auto it = state.find("narrow_phase"); it != state.end()) {
    const auto parsed = it->is_string() ? collide::parseAlgorithm(it->get<std::string>()) : std::nullopt;
    const auto found = parsed ? std::find(kNarrowPhases.begin(), kNarrowPhases.end(), *parsed) : kNarrowPhases.end();
    if (found == kNarrowPhases.end()) {
      error = "lab_state.narrow_phase: expected gjk, sat or epa, got " + describeJsonValue(*it);
      return false;
    }
    narrow = static_cast<int>(found - kNarrowPhases.begin());
  }
  shape_ = shape;
  outline_ = std::move(outline);
  edited_ = edited;
  positionB_ = {position[0], position[1]};
  angleB_ = angle;
  build_ = build;
  leafSize_ = leafSize;
  budget_ = budget;
  largestFirst_ = largestFirst;
  narrow_ = narrow;
  refusal_.clear();
  rebuild();
  return true;
}

void Midphase2Lab::saveScene(Scene& scene) const {
  scene.shapes.clear();
  scene.shapes3.clear();
  scene.algorithm = std::string(collide::bvhBuildName(build_));
  scene.labState = {{"a", kConcaveShapeNames[static_cast<std::size_t>(shape_[0])]},
                    {"b", kConcaveShapeNames[static_cast<std::size_t>(shape_[1])]},
                    {"position_b", {positionB_.x, positionB_.y}},
                    {"rotation_b_degrees", angleB_ * 180.0 / std::numbers::pi},
                    {"build", std::string(collide::bvhBuildName(build_))},
                    {"leaf_size", leafSize_},
                    {"budget", budget_},
                    {"largest_first", largestFirst_},
                    {"narrow_phase", std::string(collide::algorithmName(kNarrowPhases[static_cast<std::size_t>(narrow_)]))}};
  for (int t = 0; t < 2; ++t) {
    if (!edited_[static_cast<std::size_t>(t)]) continue;
    Json points = Json::array();
    for (const Vec2d& p : outline_[static_cast<std::size_t>(t)]) points.push_back({p.x, p.y});
    scene.labState[t == 0 ? "outline_a" : "outline_b"] = points;
  }
}

bool Midphase2Lab::setAlgorithm(std::string_view name, std::string& error) {
  if (!common::setBuild(name, build_, error)) return false;
  rebuild();
  return true;
}

void Midphase2Lab::loadSettings(const Json& settings) {
  common::readTreeSettings(settings, drawDepth_, showTrees_);
  readSetting(settings, "edit_vertices", editVertices_);
  legendFold_.read(settings);
}

Json Midphase2Lab::saveSettings() const {
  return {{"draw_depth", drawDepth_}, {"show_trees", showTrees_}, {"edit_vertices", editVertices_}, {"legend_folded", legendFold_.folded}};
}

void Midphase2Lab::dumpState(Json& out) const {
  out["legend"] = Json::array();
  for (const auto& line : legend()) out["legend"].push_back(line.first);
  out["legend_folded"] = legendFold_.folded;
  const common::Tally tally = tallyAt(step_);
  out["a"] = kConcaveShapeNames[static_cast<std::size_t>(shape_[0])];
  out["b"] = kConcaveShapeNames[static_cast<std::size_t>(shape_[1])];
  out["position_b"] = {positionB_.x, positionB_.y};
  out["rotation_b_degrees"] = angleB_ * 180.0 / std::numbers::pi;
  out["build"] = std::string(collide::bvhBuildName(build_));
  common::dumpTraversal(out, budget_, largestFirst_, result_, step_, stepCount());
  out["build_steps"] = {builds_[0].steps.size(), builds_[1].steps.size()};
  for (int t = 0; t < 2; ++t) {
    const collide::BvhStats& stats = treeStats_[static_cast<std::size_t>(t)];
    int shared = 0;
    for (const auto& event : builds_[static_cast<std::size_t>(t)].steps) {
      if (const auto* morton = std::get_if<collide::BvhMortonStep>(&event)) {
        for (std::size_t i = 0; i < morton->codes.size(); ++i) {
          const bool same = (i > 0 && morton->codes[i] == morton->codes[i - 1]) ||
                            (i + 1 < morton->codes.size() && morton->codes[i] == morton->codes[i + 1]);
          shared += same ? 1 : 0;
        }
      }
    }
    out[t == 0 ? "tree_a" : "tree_b"] = {{"parts", trees_[static_cast<std::size_t>(t)].parts.size()},
                                         {"nodes", stats.nodes},
                                         {"depth", stats.depth},
                                         {"sah_cost", stats.sahCost},
                                         {"parts_sharing_a_morton_code", shared},
                                         {"equal_codes", {{"parts", equalCodes(t).parts},
                                                          {"subtree_root_depth", equalCodes(t).rootDepth},
                                                          {"subtree_height", equalCodes(t).height},
                                                          {"chained_height", equalCodes(t).chainedHeight}}},
                                         {"summary", common::treeSummary(t == 0 ? "A" : "B", trees_[static_cast<std::size_t>(t)].parts.size(), "parts", stats)}};
  }
  out["bv_tests"] = result_.bvTests;
  out["part_tests"] = result_.primitiveTests;
  out["pairs"] = result_.pairs.size();
  out["pair_list"] = result_.pairs;
  out["undescended_pairs"] = result_.frontier.size();
  std::string why;
  out["command"] = commandLine(why).value_or(why);
  out["refusal"] = refusal_;
  out["at_step"] = {{"phase", phaseName(step_)},
                    {"bv_tests", tally.bvTests},
                    {"part_tests", tally.primitiveTests},
                    {"pairs", tally.pairs},
                    {"pruned", tally.pruned},
                    {"pruned_greyed", traversalIndex() < 0 ? 0 : traversal_.prunedUpTo(traversalIndex() - 1, common::kMaxDrawnPruned).size()},
                    {"waiting", traversalIndex() < 0 ? std::vector<std::array<int, 2>>{} : waitingAt(traversalIndex())},
                    {"narration", narrate(step_)},
                    {"parts_to_come", partsToCome()}};
  if (traversalIndex() >= 0) out["at_step"]["event"] = common::eventJson(trace_.steps[static_cast<std::size_t>(traversalIndex())]);
  // The pairs found up to this step as drawn: each part's area and their common part filled red.
  Json regions = Json::array();
  for (const common::Hit& hit : traversal_.hits) {
    if (hit.step > traversalIndex()) break;
    const std::vector<Vec2d> common = convexIntersection(worldPart(0, hit.primitiveA), worldPart(1, hit.primitiveB));
    Json corners = Json::array();
    for (const Vec2d& p : common) corners.push_back({p.x, p.y});
    regions.push_back({{"pair", {hit.primitiveA, hit.primitiveB}},
                       {"area_a", polygonArea(worldPart(0, hit.primitiveA))},
                       {"area_b", polygonArea(worldPart(1, hit.primitiveB))},
                       {"filled_area", polygonArea(common)},
                       {"filled", corners}});
  }
  out["at_step"]["hit_regions"] = regions;
  // A split's SAH cost plot: where it is drawn (its backing's corners, in the world) and its caption.
  if (!steps_.empty() && steps_[static_cast<std::size_t>(step_)].phase != Phase::Traversal) {
    const int tree = steps_[static_cast<std::size_t>(step_)].phase == Phase::BuildA ? 0 : 1;
    const auto& event = builds_[static_cast<std::size_t>(tree)].steps[static_cast<std::size_t>(steps_[static_cast<std::size_t>(step_)].index)];
    const auto* split = std::get_if<collide::BvhSplitStep<double, 2>>(&event);
    if (split != nullptr && split->candidates.size() >= 2) {
      const CostPlot plot = costPlot(tree, *split);
      Json corners = Json::array();
      for (const Vec2d& p : plot.backing) corners.push_back({p.x, p.y});
      out["at_step"]["cost_plot"] = {{"backing", corners}, {"caption", plot.caption}};
    }
  }
}

std::vector<Shortcut> Midphase2Lab::shortcuts() const {
  std::vector<Shortcut> keys = common::treeShortcuts();
  keys.push_back({"E", "edit vertices on / off (drag a corner)"});
  keys.push_back({"drag B", "move B; drag the orange knob to turn it"});
  return keys;
}

// `collision-lab midphase` on the lab's shapes (by name, or an edited outline as a JSON concave polygon), B's pose
// with its angle in radians as the lab holds it, the build, leaf size, budget and part test: the same counts.
std::optional<std::string> Midphase2Lab::commandLine(std::string&) const {
  std::string out = "collision-lab midphase";
  for (int t = 0; t < 2; ++t) {
    out += t == 0 ? " --a " : " --b ";
    if (!edited_[static_cast<std::size_t>(t)]) {
      out += kConcaveShapeNames[static_cast<std::size_t>(shape_[static_cast<std::size_t>(t)])];
      continue;
    }
    out += "'{\"type\": \"concave\", \"vertices\": [";
    const auto& outline = outline_[static_cast<std::size_t>(t)];
    for (std::size_t i = 0; i < outline.size(); ++i) {
      out += (i == 0 ? "[" : ", [") + exactNumber(outline[i].x) + ", " + exactNumber(outline[i].y) + "]";
    }
    out += "]}'";
  }
  out += " --pose-b " + exactNumber(positionB_.x) + "," + exactNumber(positionB_.y) + "," + exactNumber(angleB_);
  out += common::treeCommandOptions(build_, budget_, largestFirst_);
  if (leafSize_ != 1) out += " --leaf-size " + std::to_string(leafSize_);
  if (narrow_ != 0) out += " --part-test " + std::string(collide::algorithmName(kNarrowPhases[static_cast<std::size_t>(narrow_)]));
  return out;
}

void Midphase2Lab::frameMetrics(std::vector<FrameMetric>& out) const {
  common::traversalMetrics(result_, "box tests", "part tests", out);
}

// [SECTION] Panel

void Midphase2Lab::drawUi() {
  // Folded, as in the other labs: at 200 % it pushed the step's narration off the panel (review s32 A10).
  foldedHowTo("Two concave shapes cut into convex parts, a tree over each shape's part boxes, and the traversal "
              "that descends both trees together. The timeline steps A's build, B's build, then the traversal. "
              "Drag B to move it, its orange knob to turn it.");
  // The step first, so its narration shows beside the picture on a 1280x720 window; the controls follow.
  ImGui::Spacing();
  ImGui::TextDisabled("AT THIS STEP  (%d of %d: %s)", stepCount() == 0 ? 0 : step_ + 1, stepCount(), phaseName(step_).c_str());
  const common::Tally tally = tallyAt(step_);
  textWrapped("box tests %d (pruned %d)   part tests %d   pairs %d", tally.bvTests, tally.pruned, tally.primitiveTests, tally.pairs);  // 200 %: cut at "pairs"
  narrationText(narrate(step_), toImVec4(palette::kAccent));
  if (!steps_.empty() && steps_[static_cast<std::size_t>(step_)].phase == Phase::Traversal) {
    common::drawWaitingPairs(waitingAt(steps_[static_cast<std::size_t>(step_)].index), budget_ > 0, 8);
  }
  ImGui::Spacing();
  ImGui::TextDisabled("SHAPES (A BLUE, B ORANGE)");
  bool changed = false;
  for (int t = 0; t < 2; ++t) {
    int shape = shape_[static_cast<std::size_t>(t)];
    // The whole width, named in the preview: the shapes' titles are long ("Crates (a compound, 10 in one spot)").
    ImGui::SetNextItemWidth(-1.0f);
    const std::string preview = std::string(t == 0 ? "A: " : "B: ") + kShapeTitles[static_cast<std::size_t>(shape)];
    bool picked = false;
    if (ImGui::BeginCombo(t == 0 ? "##shapeA" : "##shapeB", preview.c_str())) {
      for (int i = 0; i < static_cast<int>(kShapeTitles.size()); ++i) {
        if (ImGui::Selectable(kShapeTitles[static_cast<std::size_t>(i)], i == shape)) {  // again: the outline as catalogued
          shape = i;
          picked = true;
        }
      }
      ImGui::EndCombo();
    }
    if (picked) {
      shape_[static_cast<std::size_t>(t)] = shape;
      outline_[static_cast<std::size_t>(t)] = catalogOutline(shape);
      edited_[static_cast<std::size_t>(t)] = false;
      changed = true;
    }
  }
  ImGui::Checkbox("Edit vertices (E)", &editVertices_);
  if (!refusal_.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, toImVec4(palette::kHit));
    textWrapped("%s", refusal_.c_str());
    ImGui::PopStyleColor();
  }
  for (const std::string& e : errors_) {
    if (!e.empty()) ImGui::TextColored(toImVec4(palette::kHit), "%s", e.c_str());
  }
  ImGui::TextDisabled("TREES");
  changed |= common::buildCombo(build_);
  ImGui::BeginDisabled(build_ != BvhBuild::Median && build_ != BvhBuild::BinnedSah);
  changed |= valueSliderInt("Leaf size", &leafSize_, 1, kMaxLeafSize, leafSize_ == 1 ? "at most %d part" : "at most %d parts", ImGuiSliderFlags_AlwaysClamp);
  ImGui::EndDisabled();
  if (changed) rebuild();
  common::treeViewControls(showTrees_, drawDepth_, std::max(treeStats_[0].depth, treeStats_[1].depth), "boxes");
  for (int t = 0; t < 2; ++t) {
    const collide::BvhStats& stats = treeStats_[static_cast<std::size_t>(t)];
    ImGui::TextUnformatted(common::treeSummary(t == 0 ? "A" : "B", trees_[static_cast<std::size_t>(t)].parts.size(), "parts", stats).c_str());
  }
  ImGui::TextDisabled("TRAVERSAL");
  bool moved = false;
  float position[2] = {static_cast<float>(positionB_.x), static_cast<float>(positionB_.y)};
  if (ImGui::SliderFloat2("B position", position, static_cast<float>(-kMaxOffset), static_cast<float>(kMaxOffset), "%.2f",
                          ImGuiSliderFlags_AlwaysClamp)) {
    positionB_ = {position[0], position[1]};
    moved = true;
  }
  float degrees = static_cast<float>(angleB_ * 180.0 / std::numbers::pi);
  if (valueSliderFloat("B turn", &degrees, -180.0f, 180.0f, "%.0f deg", ImGuiSliderFlags_AlwaysClamp)) {
    angleB_ = degrees * std::numbers::pi / 180.0;
    moved = true;
  }
  moved |= ImGui::Combo("Part test", &narrow_, kNarrowTitles.data(), static_cast<int>(kNarrowTitles.size()));
  moved |= valueSliderInt("Budget", &budget_, 0, kMaxBudget, budget_ == 0 ? "none: depth-first" : "%d box tests",
                            ImGuiSliderFlags_AlwaysClamp);
  if (budget_ > 0) moved |= ImGui::Checkbox("Largest pair first (else level by level)", &largestFirst_);
  if (moved) retrace();

  ImGui::Spacing();
  ImGui::TextDisabled("WHOLE TRAVERSAL");
  textWrapped("%s: %d box tests, %d part tests, %zu overlapping part pairs (of %zu x %zu).", common::verdictText(result_.status), result_.bvTests,
                     result_.primitiveTests, result_.pairs.size(), trees_[0].parts.size(), trees_[1].parts.size());
}

static const bool registered = registerLab("Mid phase", "Mid phase 2D", &Midphase2Lab::create);

}  // namespace lab::midphase2
