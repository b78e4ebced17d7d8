// The shell around a lab with a spatial view (app/shell/lab_shell.h), off-screen under a virtual display: the
// spatial view is drawn with Renderer3D beside a planar one, fitted to sceneBounds3, set by --camera's
// setSpatialCamera and by a scene's view3, reported by --dump-state, and remembered per lab in the settings.
// The lab here is registered in this test only. COLLISION_LAB_RENDER3D_PNG_DIR=DIR writes each test's frame.
#include <array>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <glad/gl.h>
#include <gtest/gtest.h>

#include "lab/lab.h"
#include "platform/window.h"
#include "render/offscreen.h"
#include "render/renderer2d.h"
#include "render/renderer3d.h"
#include "render/shape_drawing3.h"
#include "shell/lab_shell.h"
#include "shell/settings.h"

namespace lab {
namespace {

constexpr int kWidth = 800;
constexpr int kHeight = 500;
constexpr const char* kLabName = "Spatial shell test";

// A red cube of half size 1 at (2, 0, 0) in view 0 (spatial); view 1 is planar and empty; view 2 is spatial and
// frames a box of half size 3 at the origin.
class SpatialTestLab : public Lab {
 public:
  [[nodiscard]] int viewCount() const override { return 3; }
  [[nodiscard]] const char* viewTitle(int view) const override { return view == 1 ? "Plane" : "Space"; }
  [[nodiscard]] ViewKind viewKind(int view) const override { return view == 1 ? ViewKind::Planar : ViewKind::Spatial; }
  void draw(const DrawContext& context) override {
    if (context.kind != ViewKind::Spatial) return;
    drawShape3(*context.spatial, cube(), Color{1, 0, 0, 1}, ShapeStyle3{1.0f});
  }
  [[nodiscard]] std::optional<WorldBounds3> sceneBounds3(int view) const override {
    if (view == 2) return WorldBounds3{{-3, -3, -3}, {3, 3, 3}};
    return shapeBounds3(cube());
  }
  bool loadScene(const Scene&, std::string&) override { return true; }
  void saveScene(Scene&) const override {}
  std::optional<ViewAim> takeViewAim() override { return std::exchange(pendingAim, std::nullopt); }
  static inline std::optional<ViewAim> pendingAim;  // what the next frame's takeViewAim hands the shell

  static Collider3 cube() {
    return Collider3{collide::Box3<double>{{1, 1, 1}}, {{2, 0, 0}, collide::Quat<double>::identity()}};
  }
};

const bool registered = registerLab("Tests", kLabName, [] { return std::make_unique<SpatialTestLab>(); });

class SpatialShell : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(registered);
    window_ = std::make_unique<Window>(WindowOptions{kWidth, kHeight, /*visible=*/false, "spatial shell test"});
    renderer_ = std::make_unique<Renderer2D>();
    renderer3d_ = std::make_unique<Renderer3D>();
    renderer_->init();
    renderer3d_->init();
  }
  void TearDown() override {
    // The renderers' GL objects go before the context does.
    renderer3d_.reset();
    renderer_.reset();
    window_.reset();
  }

  std::unique_ptr<LabShell> makeShell() {
    auto shell = std::make_unique<LabShell>(*renderer_, *renderer3d_, settings_);
    std::string error;
    EXPECT_TRUE(shell->selectLab(kLabName, error)) << error;
    return shell;
  }

  // Three frames (ImGui lays out over a few), keeping the last one's pixels.
  void frames(LabShell& shell) {
    OffscreenTarget target(kWidth, kHeight);
    ASSERT_TRUE(target.complete());
    for (int frame = 0; frame < 3; ++frame) {
      glViewport(0, 0, kWidth, kHeight);
      glClearColor(palette::kBackground.r, palette::kBackground.g, palette::kBackground.b, 1.0f);
      glClear(GL_COLOR_BUFFER_BIT);
      window_->setUiScale(static_cast<float>(shell.uiScalePercent()) / 100.0f);  // as the app's loop does
      window_->beginOffscreenFrame(kWidth, kHeight);
      shell.frame(1.0 / 60.0, kWidth, kHeight, {});
      window_->endFrame(/*swap=*/false);
    }
    pixels_.assign(std::size_t(kWidth) * kHeight * 4, 0);
    target.readPixels(pixels_.data());
    if (const char* directory = std::getenv("COLLISION_LAB_RENDER3D_PNG_DIR"); directory && *directory) {
      std::string error;
      const std::string name = ::testing::UnitTest::GetInstance()->current_test_info()->name();
      EXPECT_TRUE(target.writePng(std::string(directory) + "/" + name + ".png", error)) << error;
    }
  }

  [[nodiscard]] std::array<int, 3> at(double x, double y) const {
    const std::size_t i = (std::size_t(kHeight - 1 - static_cast<int>(y)) * kWidth + static_cast<std::size_t>(x)) * 4;
    return {pixels_[i], pixels_[i + 1], pixels_[i + 2]};
  }

  std::unique_ptr<Window> window_;
  std::unique_ptr<Renderer2D> renderer_;
  std::unique_ptr<Renderer3D> renderer3d_;
  Settings settings_;
  std::vector<unsigned char> pixels_;
};

TEST_F(SpatialShell, TheSpatialViewIsDrawnIn3DAndFittedToItsBounds) {
  const std::unique_ptr<LabShell> shell = makeShell();
  frames(*shell);
  const Json state = shell->dumpState();
  ASSERT_EQ(state["views"].size(), 3u);
  const Json& space = state["views"][0];
  EXPECT_EQ(space["kind"], "spatial");
  EXPECT_EQ(state["views"][1]["kind"], "planar");
  EXPECT_EQ(space["target"], Json::array({2.0, 0.0, 0.0}));  // fitted: centred on the cube
  EXPECT_EQ(space["projection"], "perspective");
  EXPECT_GT(space["distance"].get<double>(), 1.0);
  // The cube fills the middle of the spatial view; the planar view shows no red.
  const Json& rect = space["rect"];
  const double cx = rect[0].get<double>() + 0.5 * rect[2].get<double>();
  const double cy = rect[1].get<double>() + 0.5 * rect[3].get<double>();
  const auto centre = at(cx, cy);
  EXPECT_GT(centre[0], 90);
  EXPECT_LT(centre[1], 40);
  const Json& plane = state["views"][1]["rect"];
  const auto planar = at(plane[0].get<double>() + 0.5 * plane[2].get<double>(), plane[1].get<double>() + 40);
  EXPECT_FALSE(planar[0] > 90 && planar[1] < 40);
}

// A lab's view aim (the 3D narrow-phase lab's "look across the contact") turns the first spatial view to look along
// it at its point, from the same distance; the other spatial view stays as it was.
TEST_F(SpatialShell, ALabsViewAimTurnsTheFirstSpatialView) {
  const std::unique_ptr<LabShell> shell = makeShell();
  frames(*shell);
  const Json before = shell->dumpState();
  SpatialTestLab::pendingAim = Lab::ViewAim{{2, 1, 0}, {1, 0, 0}};
  frames(*shell);
  EXPECT_FALSE(SpatialTestLab::pendingAim) << "the shell takes it";
  const Json after = shell->dumpState();
  const Json& space = after["views"][0];
  EXPECT_EQ(space["target"], Json::array({2.0, 1.0, 0.0}));
  EXPECT_NEAR(space["yaw"].get<double>(), -90, 1e-9);
  EXPECT_NEAR(space["pitch"].get<double>(), 0, 1e-9);
  EXPECT_DOUBLE_EQ(space["distance"].get<double>(), before["views"][0]["distance"].get<double>());
  EXPECT_EQ(after["views"][2], before["views"][2]);
}

TEST_F(SpatialShell, TheCameraOptionSetsDirectionAndDistanceAfterTheFit) {
  const std::unique_ptr<LabShell> shell = makeShell();
  std::string error;
  EXPECT_FALSE(shell->setSpatialCamera(30, 20, -1, error));
  EXPECT_FALSE(error.empty());
  ASSERT_TRUE(shell->setSpatialCamera(30, 20, 8, error)) << error;
  frames(*shell);
  const Json state = shell->dumpState();
  const Json& space = state["views"][0];
  EXPECT_NEAR(space["yaw"].get<double>(), 30, 1e-9);
  EXPECT_NEAR(space["pitch"].get<double>(), 20, 1e-9);
  EXPECT_NEAR(space["distance"].get<double>(), 8, 1e-9);
  EXPECT_EQ(space["target"], Json::array({2.0, 0.0, 0.0}));
  // The other spatial view turns the same way and is fitted to its own scene in that direction.
  const Json& other = state["views"][2];
  EXPECT_NEAR(other["yaw"].get<double>(), 30, 1e-9);
  EXPECT_NEAR(other["pitch"].get<double>(), 20, 1e-9);
  EXPECT_EQ(other["target"], Json::array({0.0, 0.0, 0.0}));
  EXPECT_GT(other["distance"].get<double>(), 8);
}

TEST_F(SpatialShell, AScenesViewSetsTheCameraAndFitForgetsOnlyItsFraming) {
  const std::unique_ptr<LabShell> shell = makeShell();
  Scene scene;
  scene.lab = kLabName;
  scene.view3 = SceneView3{{1, 2, 3}, -45, 30, 12, true};
  std::string error;
  ASSERT_TRUE(shell->openScene(scene, error)) << error;
  frames(*shell);
  const Json state = shell->dumpState();
  const Json& space = state["views"][0];
  EXPECT_EQ(space["target"], Json::array({1.0, 2.0, 3.0}));
  EXPECT_NEAR(space["yaw"].get<double>(), -45, 1e-9);
  EXPECT_NEAR(space["pitch"].get<double>(), 30, 1e-9);
  EXPECT_NEAR(space["distance"].get<double>(), 12, 1e-9);
  EXPECT_EQ(space["projection"], "orthographic");
}

TEST_F(SpatialShell, TheCameraIsRememberedPerLab) {
  {
    const std::unique_ptr<LabShell> shell = makeShell();
    std::string error;
    ASSERT_TRUE(shell->setSpatialCamera(-120, -10, 5, error));
    frames(*shell);
    shell->storeSettings();
  }
  ASSERT_TRUE(settings_.cameras.contains(kLabName));
  EXPECT_NEAR(settings_.cameras[kLabName][0]["yaw"].get<double>(), -120, 1e-9);
  EXPECT_TRUE(settings_.cameras[kLabName][1].is_null());  // the planar view
  // A new session: the direction comes back, and the view is fitted to the scene with it.
  const std::unique_ptr<LabShell> shell = makeShell();
  frames(*shell);
  const Json state = shell->dumpState();
  const Json& space = state["views"][0];
  EXPECT_NEAR(space["yaw"].get<double>(), -120, 1e-9);
  EXPECT_NEAR(space["pitch"].get<double>(), -10, 1e-9);
  EXPECT_EQ(space["target"], Json::array({2.0, 0.0, 0.0}));
}

// A resized window keeps fitted views fitted: after a resize the cameras are those of a shell started at that size.
TEST_F(SpatialShell, AResizeKeepsFittedViewsFitted) {
  const auto framesAt = [this](LabShell& shell, int width, int height) {
    OffscreenTarget target(width, height);
    ASSERT_TRUE(target.complete());
    for (int frame = 0; frame < 3; ++frame) {
      glViewport(0, 0, width, height);
      window_->beginOffscreenFrame(width, height);
      shell.frame(1.0 / 60.0, width, height, {});
      window_->endFrame(/*swap=*/false);
    }
  };
  const auto cameras = [](const LabShell& shell) {
    Json views = shell.dumpState()["views"];
    for (Json& view : views) view.erase("rect");
    return views;
  };
  const std::unique_ptr<LabShell> resized = makeShell();
  framesAt(*resized, kWidth, kHeight);
  const Json before = cameras(*resized);
  framesAt(*resized, kWidth / 2, kHeight);
  const std::unique_ptr<LabShell> fresh = makeShell();
  framesAt(*fresh, kWidth / 2, kHeight);
  EXPECT_NE(cameras(*resized), before);
  EXPECT_EQ(cameras(*resized), cameras(*fresh));
}

// A curated scene's lesson describes the scene as opened: a changed pair dims it under a notice naming the change;
// "Back to the scene" (revertToSaved) is one edit that brings it back, and undoing that edit makes it stale again.
TEST_F(SpatialShell, TheLessonSaysWhenTheSceneNoLongerMatchesIt) {
  const std::unique_ptr<LabShell> shell = makeShell();
  std::string error;
  ASSERT_TRUE(shell->openScene("scenes/3d_01_far_apart.json", error)) << error;
  const auto lesson = [&shell] { return shell->dumpState()["lesson"]; };
  EXPECT_TRUE(lesson()["current"]);
  EXPECT_FALSE(lesson()["text"].get<std::string>().empty());
  const Json opened = shell->dumpState()["shapes"];

  const std::optional<std::string> pair = shell->pairJson(error);
  ASSERT_TRUE(pair) << error;
  Json moved = Json::parse(*pair);
  moved["b"]["position"] = Json::array({0.5, 0.5, 0.0});
  ASSERT_TRUE(shell->paste(moved.dump(), error)) << error;
  frames(*shell);
  EXPECT_FALSE(lesson()["current"]);
  EXPECT_EQ(lesson()["changes"], "moved B");

  ASSERT_TRUE(shell->revertToSaved());
  EXPECT_TRUE(lesson()["current"]);
  EXPECT_EQ(shell->dumpState()["shapes"][1]["position"], opened[1]["position"]);
  EXPECT_FALSE(shell->revertToSaved());  // nothing left to revert

  ASSERT_TRUE(shell->undo());
  EXPECT_EQ(lesson()["changes"], "moved B");
  ASSERT_TRUE(shell->undo());
  EXPECT_TRUE(lesson()["current"]);

  // The same in the plane (the shell's, for every lab): turning A is a move too.
  ASSERT_TRUE(shell->openScene("scenes/01_far_apart.json", error)) << error;
  EXPECT_TRUE(lesson()["current"]);
  const std::optional<std::string> planar = shell->pairJson(error);
  ASSERT_TRUE(planar) << error;
  Json turned = Json::parse(*planar);
  turned["a"]["angle"] = 0.5;
  ASSERT_TRUE(shell->paste(turned.dump(), error)) << error;
  EXPECT_EQ(lesson()["changes"], "moved A");
  ASSERT_TRUE(shell->undo());
  EXPECT_TRUE(lesson()["current"]);
}

// A pasted pair is a bug report's line: it opens at its verdict, the run's last step (review s31 C6), in the lab in
// front or in the lab for it (a cast line pasted into a narrow-phase lab); a pasted scene keeps its own step.
TEST_F(SpatialShell, APastedPairOpensAtItsLastStep) {
  const std::unique_ptr<LabShell> shell = makeShell();
  std::string error;
  const auto state = [&shell] { return shell->dumpState(); };
  ASSERT_TRUE(shell->openScene("scenes/3d_04_identical_cubes.json", error)) << error;
  ASSERT_EQ(state()["step"], 0);
  const std::optional<std::string> pair = shell->pairJson(error);
  ASSERT_TRUE(pair) << error;
  ASSERT_TRUE(shell->paste(*pair, error)) << error;
  ASSERT_GT(state()["stepCount"].get<int>(), 1);
  EXPECT_EQ(state()["step"], state()["stepCount"].get<int>() - 1);

  ASSERT_TRUE(shell->openScene("scenes/ccd3d_01_bullet_through_slab.json", error)) << error;
  const std::optional<std::string> cast = shell->pairJson(error);
  ASSERT_TRUE(cast) << error;
  ASSERT_TRUE(shell->openScene("scenes/3d_01_far_apart.json", error)) << error;
  ASSERT_TRUE(shell->paste(*cast, error)) << error;
  EXPECT_EQ(state()["lab"], "Continuous collision 3D");
  ASSERT_GT(state()["stepCount"].get<int>(), 1);
  EXPECT_EQ(state()["step"], state()["stepCount"].get<int>() - 1);
}

// At 200 % the side panel keeps the step's narration in sight (review s32 A10: not one word of ccd3d_06's showed at
// step 2): the lesson shows whole at the step the scene opened at, folds once the step moves, and stays folded when
// it moves back; a click on its header (the user's choice) is kept the same way.
TEST_F(SpatialShell, TheNarrationStaysInSightAt200Percent) {
  settings_.uiScalePercent = 200;
  const std::unique_ptr<LabShell> shell = makeShell();
  std::string error;
  ASSERT_TRUE(shell->openScene("scenes/ccd3d_06_sphere_past_a_triangle_corner.json", error)) << error;
  const auto inSight = [&shell](const std::string& when) {
    const Json state = shell->dumpState();
    const Json& panel = state["panel"];
    ASSERT_FALSE(panel["narration"].is_null()) << when;
    const double top = panel["narration"][0], bottom = panel["narration"][1];
    const double panelTop = panel["rect"][1], panelBottom = panelTop + panel["rect"][3].get<double>();
    const double lines = 3 * state["fontSize"].get<double>();
    EXPECT_GE(top, panelTop - 1) << when << ": the narration starts above the panel";
    EXPECT_TRUE(bottom <= panelBottom + 1 || top + lines <= panelBottom)
        << when << ": the narration (" << top << " to " << bottom << ") runs past the panel's bottom " << panelBottom;
  };
  const auto folded = [&shell] { return shell->dumpState()["lesson"]["folded"].get<bool>(); };
  frames(*shell);
  EXPECT_FALSE(folded()) << "the lesson folded at the step the scene opened at";
  ASSERT_TRUE(shell->setStep(1, error)) << error;
  frames(*shell);
  EXPECT_TRUE(folded());
  inSight("step 2");
  ASSERT_TRUE(shell->setStep(0, error)) << error;
  frames(*shell);
  EXPECT_TRUE(folded()) << "the fold was lost on a step change";
  inSight("back at step 1");
  ASSERT_TRUE(shell->setStep(6, error)) << error;
  frames(*shell);
  inSight("step 7");

  // The mid phase: its narration under the step's counters, below the lab's own paragraph.
  ASSERT_TRUE(shell->openScene("scenes/mid2_01_sah_vs_median.json", error)) << error;
  frames(*shell);
  EXPECT_FALSE(folded());
  ASSERT_TRUE(shell->setStep(shell->dumpState()["step"].get<int>() - 1, error)) << error;  // it opens at its last
  frames(*shell);
  inSight("mid2_01, a step back");
}

// The timeline takes a second row for its scrub bar when the buttons, the speed and the jumps would leave it too narrow
// for its "step 969 of 1939" beside the grab (at 200 % the words sat under the grab: layout review s32), and one row
// when it fits.
TEST_F(SpatialShell, TheScrubBarGetsARowOfItsOwnWhenShort) {
  settings_.uiScalePercent = 200;
  const std::unique_ptr<LabShell> shell = makeShell();
  std::string error;
  const auto rows = [&shell] {
    const Json state = shell->dumpState();
    return state["panel"]["timeline"][3].get<double>() / state["fontSize"].get<double>();
  };
  ASSERT_TRUE(shell->openScene("scenes/mid_02_sat_lite_false_positive.json", error)) << error;
  frames(*shell);
  EXPECT_GT(rows(), 3.0) << "one row at 200 % beside the jumps";
  settings_.uiScalePercent = 100;
  ASSERT_TRUE(shell->openScene("scenes/ccd_05_sliding_along_a_face.json", error)) << error;
  frames(*shell);
  EXPECT_LT(rows(), 3.0) << "two rows at 100 % for four steps and no jumps";
}

}  // namespace
}  // namespace lab
