// app/labs/broad_phase_lab.h: the broad-phase lab, registered as "Broad phase" (formerly
// "Sweep and prune"). N moving boxes and circles (10 to 100,000) under one of four broad phases (sweep and prune,
// uniform grid, dynamic AABB tree, brute force); for small N the shared timeline steps the recorded update one
// event at a time (the Collision detection notes' sweep: endpoints, active list, pair lists; insertion sort swaps).
// broad_phase_lab.cpp: scene, simulation, updates, scenes and settings, panels.
// broad_phase_draw.cpp: the scene, the grid and tree overlays, the sweep replay and its narration.
//
// [SECTION] Types
// [SECTION] Sweep replay (broad_phase_core.h has the shared replay)
// [SECTION] BroadPhaseLab
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "collide/aabb_tree.h"
#include "collide/broadphase.h"
#include "workloads/motions.h"
#include "collide/brute_force.h"
#include "collide/sweep_and_prune.h"
#include "collide/uniform_grid.h"
#include "lab/lab.h"
#include "labs/broad_phase_core.h"

namespace lab::broadphase {

// [SECTION] Types

using Sap = BroadPhaseCore<2>::Sap;
using Grid = BroadPhaseCore<2>::Grid;
using Tree = BroadPhaseCore<2>::Tree;
using Brute = BroadPhaseCore<2>::Brute;
using Box = BroadPhaseCore<2>::Box;
using Event = BroadPhaseCore<2>::Event;


// A moving shape: the broad phase sees its bounding box (a circle's is the square around it). Its centre and size
// are a copy of the scene's box of the same index (workloads/motions.h moves them).
struct MovingObject {
  Vec2d centre{};
  Vec2d halfExtents{};
  bool circle = false;
  ProxyId proxy = collide::kNullProxy;

  [[nodiscard]] Box box() const {
    return {{centre.x - halfExtents.x, centre.y - halfExtents.y}, {centre.x + halfExtents.x, centre.y + halfExtents.y}};
  }
};

// [SECTION] Sweep replay (broad_phase_core.h has the shared replay)

using SweepReplay = SweepReplayOf<2>;
[[nodiscard]] std::string idList(const std::vector<ProxyId>& ids);

// An object's name label (window pixels; the box's corners as the screen shows them, y down): asked just above the
// box's top-left corner, anchored at the box's centre. The placer (render/label_layout.h) keeps labels off the
// other anchors, so a label never covers another object's centre; one it must move goes first to the ring around
// its own centre, over its own box, and beyond that gets a leader line back to the centre. Anchored at a corner,
// a label moved a few pixels sat unmarked on the neighbouring box (at 150 %).
[[nodiscard]] LabelRequest objectLabelRequest(Vec2d topLeft, Vec2d bottomRight, Vec2d labelSize);

// [SECTION] BroadPhaseLab

// A label of the tree view, at a corner of a node's box, so that a node's label and its parent's never share a
// corner: the root's depth above its top-left corner, a depth-1 node's inside its bottom-left corner, and the
// node the step's narration names ("node 42") inside its top-right corner, in the step's colour.
struct TreeLabel {
  enum class Corner { AboveTopLeft, InsideBottomLeft, InsideTopRight } corner = Corner::AboveTopLeft;
  Vec2d at{};  // the corner, in world units
  std::string text;
  Color color;
};

struct DrawOptions {
  bool showGrid = true;     // grid cells in use, shaded by occupancy (grid algorithm)
  bool showTree = true;     // tree boxes by depth (tree algorithm)
  int treeDepth = 3;        // tree boxes drawn down to this depth
  bool showPairs = true;    // overlap of each pair filled
  bool showLabels = true;   // "#id" on each object (small N)
};

class BroadPhaseLab final : public Lab, private BroadPhaseCore<2> {
 public:
  static std::unique_ptr<Lab> create();
  BroadPhaseLab();

  void update(double seconds) override;
  void drawUi() override;
  [[nodiscard]] const char* viewTitle(int view) const override;
  void keyPressed(const KeyPress& press) override;
  void draw(const DrawContext& context) override;
  [[nodiscard]] std::optional<WorldBounds> sceneBounds(int view) const override;
  bool takeFitRequest() override { return std::exchange(fitRequested_, false); }

  bool mouseDown(const MouseEvent& event) override;
  void mouseMove(const MouseEvent& event) override;
  void mouseUp(const MouseEvent& event) override;

  [[nodiscard]] int stepCount() const override { return static_cast<int>(events_.steps.size()); }
  [[nodiscard]] int stepIndex() const override { return step_; }
  void setStep(int index) override;

  bool loadScene(const Scene& scene, std::string& error) override;
  void saveScene(Scene& scene) const override;
  [[nodiscard]] bool sceneRunning() const override { return running_; }
  [[nodiscard]] std::optional<std::string> commandLine(std::string& why) const override;
  bool setAlgorithm(std::string_view name, std::string& error) override;
  [[nodiscard]] std::string algorithmTitle(std::string_view name) const override { return broadphase::algorithmTitle(name); }
  void loadSettings(const Json& settings) override;
  [[nodiscard]] Json saveSettings() const override;
  void dumpState(Json& out) const override;
  [[nodiscard]] std::vector<Shortcut> shortcuts() const override;
  void frameMetrics(std::vector<FrameMetric>& out) const override;
  [[nodiscard]] std::optional<std::uint64_t> metricsUpdate() const override { return updates_; }

 private:
  // Scene and simulation (broad_phase_lab.cpp)
  void regenerate();
  // The scene's shapes as the objects (each one's bounding box; circles stay circles), in place of regenerate().
  void placeObjects(const std::vector<SceneShape>& shapes);
  void rebuildBroadPhase();
  void moveObjects();
  void advanceFrame();
  void runUpdate();
  void addObject(Vec2d at, bool circle);
  void removeObject(int index);
  void copyFromScene(std::size_t index);
  void afterEdit();
  [[nodiscard]] int objectAt(Vec2d world) const;
  [[nodiscard]] std::vector<Box> currentBoxes() const;
  void drawStatsPanel();
  void drawStepPanel();
  [[nodiscard]] std::vector<LegendRow> legendRows() const;

  // Drawing (broad_phase_draw.cpp)
  void drawGridCells(Renderer2D& renderer, const WorldBounds& visible) const;
  void drawTree(Renderer2D& renderer, const WorldBounds& visible) const;
  [[nodiscard]] std::vector<TreeLabel> treeLabels() const;  // the depths' and this step's nodes' (dumped too)
  void drawObjects(Renderer2D& renderer, const WorldBounds& visible) const;
  void drawSweep(Renderer2D& renderer) const;
  void drawOtherEvent(Renderer2D& renderer) const;
  [[nodiscard]] SweepReplay currentReplay() const;
  // The pairs the objects are coloured by: at a step of the sweep, the ones known at that event (the frame's pairs
  // at its last step); otherwise the frame's pairs.
  [[nodiscard]] std::vector<ProxyPair> pairsAtStep() const;
  [[nodiscard]] bool stepping() const { return !events_.steps.empty(); }

  // What the scene is (saved in scenes: lab_state).
  std::size_t count_ = 24;
  collide::BoxMotion motion_ = collide::BoxMotion::Drift;
  std::uint64_t seed_ = 1;
  double spacing_ = collide::MovingBoxes<double, 2>::kLabSpacing;  // world side = spacing * sqrt(count)
  Algorithm algorithm_ = Algorithm::Sap;
  int axisChoice_ = -1;   // -1 automatic (largest variance), 0 x, 1 y

  bool stepOncePending_ = false;  // N was pressed: advance one frame in the next update
  std::vector<MovingObject> objects_;
  std::vector<int> objectOfProxy_;  // proxy id -> index in objects_, -1 for none
  Vec2d worldSize_{1, 1};
  // A long floor (a pile of 1,000 boxes is hundreds of units wide and 4 tall) is framed by a window of its left
  // end, kFloorWindow wide, so boxes can be seen; the panel's "Whole floor" frames all of it.
  static constexpr double kFloorWindow = 24;
  [[nodiscard]] bool longFloor() const { return motion_ == collide::BoxMotion::Floor && worldSize_.x > 3 * kFloorWindow; }
  [[nodiscard]] bool floorWindowed() const { return longFloor() && !wholeFloor_; }
  bool wholeFloor_ = false;
  bool fitRequested_ = false;  // takeFitRequest
  collide::MovingBoxes<double, 2> scene_{collide::BoxMotion::Drift, 0, 1};  // objects_[i] is scene_'s box i
  // The scene is the settings above and, once boxes are placed by hand (dragged, added, removed, or a scene's
  // shapes), the boxes as they were then; where the simulation has moved them since is not (Next frame does not
  // make the scene unsaved). edited_: the boxes are not the generated ones, so no command line makes them.
  // An edit only marks them (a drag's every mouse move is one); they are copied (keepEditedBoxes) before the
  // simulation moves them, and until then the saved boxes are objects_ and scene_ themselves (editedBoxesLive_).
  void markEdited();
  void keepEditedBoxes();
  bool edited_ = false;
  bool editedBoxesLive_ = false;
  std::vector<MovingObject> editedObjects_;
  collide::MovingBoxes<double, 2> editedScene_{collide::BoxMotion::Drift, 0, 1};
  long long openFrames_ = 0;  // lab_state.frames of the scene opened: the frames simulated before it shows
  std::size_t frame_ = 0;
  int step_ = 0;  // the timeline's position in the recorded update

  // Interaction. The lab opens paused on step 1 of the sweep, so its first picture is the sweep's start.
  bool running_ = false;
  int selected_ = -1;
  bool dragging_ = false;
  Vec2d dragOffset_{};
  DrawOptions draw_;
  std::string message_;

  // Timing means since the scene was (re)built, after a few start-up frames: the frame-time measurement.
  struct Timing {
    std::size_t frames = 0;
    double frameSeconds = 0;
    double updateMicroseconds = 0;
    double drawMicroseconds = 0;
    double moveMicroseconds = 0;
    double updateCpuMicroseconds = 0;
    double drawCpuMicroseconds = 0;
  } timing_;
  std::size_t framesSinceBuild_ = 0;
  mutable double drawMicroseconds_ = 0;
  mutable double drawCpuMicroseconds_ = 0;
  double moveMicroseconds_ = 0;
};

}  // namespace lab::broadphase
