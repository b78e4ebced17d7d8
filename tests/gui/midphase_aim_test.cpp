// The mid-phase labs in the real shell, off-screen. Key A in "Mid phase": at a SAT-lite false positive of mid_02 it turns the
// spatial view across the edge-edge axis that separates the two boxes and frames them, so the gap between their
// shadows (0.0186) is a distance one can see, not under a pixel in a cloud of boxes (newcomer review s32, A11).
// Ctrl+C in both mid-phase labs copies the `collision-lab midphase` command (Lab::commandLine).
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>
#include <string>

#include <glad/gl.h>
#include <gtest/gtest.h>
#include <imgui.h>

#include "lab/lab.h"
#include "platform/theme.h"
#include "platform/window.h"
#include "render/offscreen.h"
#include "render/orbit_camera.h"
#include "render/renderer2d.h"
#include "render/renderer3d.h"
#include "shell/lab_shell.h"
#include "shell/settings.h"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

namespace lab {
namespace {

constexpr int kWidth = 1600;
constexpr int kHeight = 1000;

// The first spatial view's camera as the dump has it.
OrbitCamera cameraOf(const Json& view) {
  OrbitCamera camera;
  const Json& r = view["rect"];
  camera.setRect({r[0].get<double>(), r[1].get<double>(), r[2].get<double>(), r[3].get<double>()});
  const Json& t = view["target"];
  constexpr double kRadians = 3.14159265358979323846 / 180.0;
  camera.setView({t[0].get<double>(), t[1].get<double>(), t[2].get<double>()}, view["yaw"].get<double>() * kRadians,
                 view["pitch"].get<double>() * kRadians, view["distance"].get<double>());
  camera.setProjection(view["projection"] == "orthographic" ? Projection::Orthographic : Projection::Perspective);
  return camera;
}

// How many pixels apart the ends of the gap between the two shadows land: the shadows lie on the axis through the
// dump's middle (drawSatAxis3), so the gap runs from one shadow's end to the other's start along it.
double gapPixels(const Json& state) {
  const Json& axis = state["at_step"]["separating_axis"];
  const Vec3d n = collide::normalize(Vec3d{axis["axis"][0].get<double>(), axis["axis"][1].get<double>(), axis["axis"][2].get<double>()});
  const double low = std::min(axis["shadow_a"][1].get<double>(), axis["shadow_b"][1].get<double>());
  const double high = std::max(axis["shadow_a"][0].get<double>(), axis["shadow_b"][0].get<double>());
  const OrbitCamera camera = cameraOf(state["views"][0]);
  const Vec3d middle = camera.target();  // any point does: only the distance along n matters, seen edge-on
  const auto onAxis = [&](double value) { return middle + (value - collide::dot(middle, n)) * n; };
  const Projected a = camera.project(onAxis(low)), b = camera.project(onAxis(high));
  EXPECT_TRUE(a.inFront && b.inFront);
  return std::hypot(a.screen.x - b.screen.x, a.screen.y - b.screen.y);
}

// The real shell off-screen at 1600 x 1000, with the renderers' GL objects going before the context does.
class MidphaseAim : public ::testing::Test {
 protected:
  void SetUp() override {
    renderer_.init();
    renderer3d_.init();
    shell_ = std::make_unique<LabShell>(renderer_, renderer3d_, settings_);
  }
  void TearDown() override { shell_.reset(); }
  // Three frames (ImGui lays out over a few), `keys` pressed in the first.
  void frames(const std::vector<KeyPress>& keys) {
    for (int i = 0; i < 3; ++i) {
      glViewport(0, 0, kWidth, kHeight);
      glClearColor(palette::kBackground.r, palette::kBackground.g, palette::kBackground.b, 1.0f);
      glClear(GL_COLOR_BUFFER_BIT);
      window_.beginOffscreenFrame(kWidth, kHeight);
      shell_->frame(1.0 / 60.0, kWidth, kHeight, i == 0 ? keys : std::vector<KeyPress>{});
      window_.endFrame(/*swap=*/false);
    }
  }

  Window window_{WindowOptions{kWidth, kHeight, /*visible=*/false, "midphase shell test"}};
  Renderer2D renderer_;
  Renderer3D renderer3d_;
  Settings settings_;
  std::unique_ptr<LabShell> shell_;
};

TEST_F(MidphaseAim, KeyAFramesTheFalsePositivesBoxesSoTheGapIsVisible) {
  std::string error;
  ASSERT_TRUE(shell_->openScene("scenes/mid_02_sat_lite_false_positive.json", error)) << error;
  OffscreenTarget target(kWidth, kHeight);
  ASSERT_TRUE(target.complete());
  frames({});
  frames({KeyPress{GLFW_KEY_LEFT, kModShift}});  // the last false positive (the scene opens on its last step)
  const Json before = shell_->dumpState();
  ASSERT_TRUE(before["at_step"].contains("separating_axis")) << before["at_step"]["narration"];
  EXPECT_NEAR(before["at_step"]["separating_axis"]["gap"].get<double>(), 0.01862, 1e-5);
  EXPECT_NE(before["at_step"]["narration"].get<std::string>().find("(key A looks across it)"), std::string::npos)
      << "\"A\" alone reads as mesh A";
  frames({KeyPress{GLFW_KEY_A, 0}});
  const Json after = shell_->dumpState();
  if (const char* directory = std::getenv("COLLISION_LAB_RENDER3D_PNG_DIR"); directory && *directory) {
    EXPECT_TRUE(target.writePng(std::string(directory) + "/midphase_key_a.png", error)) << error;
  }
  // At the scene's framing the gap is a few pixels (seen slanted, among ~80 boxes); framed on the two shadows
  // (0.9 long together) it is about 2 % of the view's width.
  const double pixels = gapPixels(after);
  EXPECT_LT(gapPixels(before), 5.0);
  EXPECT_GE(pixels, 18.0) << "the camera after A: " << after["views"][0].dump();
  std::printf("the gap: %.1f pixels before A, %.1f after\n", gapPixels(before), pixels);
  // The framed shadows lie under the view's legend, not behind it (review s34 A10: at 150 % the legend covered the
  // aimed boxes): the shell frames an aim below the captions as it frames a scene.
  double captionBottom = 0;
  for (const Json& text : after["views"][0]["texts"])
    if (text["kind"] == "caption") captionBottom = std::max(captionBottom, text["box"][3].get<double>());
  ASSERT_GT(captionBottom, 0.0);
  const Json& axis = after["at_step"]["separating_axis"];
  const Vec3d n = collide::normalize(Vec3d{axis["axis"][0].get<double>(), axis["axis"][1].get<double>(), axis["axis"][2].get<double>()});
  const OrbitCamera camera = cameraOf(after["views"][0]);
  const Vec3d middle{axis["middle"][0].get<double>(), axis["middle"][1].get<double>(), axis["middle"][2].get<double>()};
  for (const double value : {axis["shadow_a"][0].get<double>(), axis["shadow_a"][1].get<double>(), axis["shadow_b"][0].get<double>(),
                             axis["shadow_b"][1].get<double>()}) {
    const Projected end = camera.project(middle + (value - collide::dot(middle, n)) * n);
    EXPECT_GT(end.screen.y, captionBottom) << "a shadow's end under the legend";
  }
}

// Key N in "Continuous collision 3D" turns the view edge-on across the contact and, as key A above, frames it: it
// kept the distance that shows both sweeps whole, where ccd3d_01's bullet (0.3 across) touching the slab was a few
// dozen pixels. The bullet's size on screen at the contact, across the view, before and after N.
using ContinuousAim = MidphaseAim;

double pixelsAcross(const OrbitCamera& camera, Vec3d at, double length) {
  const Projected a = camera.project(at), b = camera.project(at + length * camera.up());
  EXPECT_TRUE(a.inFront && b.inFront);
  return std::hypot(a.screen.x - b.screen.x, a.screen.y - b.screen.y);
}

TEST_F(ContinuousAim, KeyNFramesTheContactItLooksAcross) {
  // The bullet; and a ray (a point: no size of its own, so the turned box it hits sets the region).
  for (const char* scene : {"scenes/ccd3d_01_bullet_through_slab.json", "scenes/ccd3d_05_ray_through_a_turned_box.json"}) {
    SCOPED_TRACE(scene);
    std::string error;
    ASSERT_TRUE(shell_->openScene(scene, error)) << error;
    OffscreenTarget target(kWidth, kHeight);
    ASSERT_TRUE(target.complete());
    frames({});
    frames({KeyPress{GLFW_KEY_END, 0}});  // the last step: the contact
    const Json before = shell_->dumpState();
    ASSERT_TRUE(before["result"]["hit"].get<bool>()) << before["result"].dump();
    const Json& p = before["result"]["point"];
    const Json& n = before["result"]["normal"];
    const Vec3d point{p[0].get<double>(), p[1].get<double>(), p[2].get<double>()};
    const Vec3d normal{n[0].get<double>(), n[1].get<double>(), n[2].get<double>()};
    frames({KeyPress{GLFW_KEY_N, 0}});
    const Json after = shell_->dumpState();
    const bool bullet = std::string(scene).find("bullet") != std::string::npos;
    if (const char* directory = std::getenv("COLLISION_LAB_RENDER3D_PNG_DIR"); directory && *directory) {
      EXPECT_TRUE(target.writePng(std::string(directory) + (bullet ? "/continuous3_key_n.png" : "/continuous3_key_n_ray.png"), error)) << error;
    }
    const OrbitCamera was = cameraOf(before["views"][0]), is = cameraOf(after["views"][0]);
    EXPECT_LT(std::abs(collide::dot(is.forward(), normal)), 1e-6) << "edge-on to the normal";
    // The bullet's diameter, 0.3, across the view at the contact point; and the contact point stays in the view.
    const double wasPixels = pixelsAcross(was, point, 0.3), isPixels = pixelsAcross(is, point, 0.3);
    std::printf("%s: 0.3 at the contact is %.1f pixels across before N, %.1f after\n", scene, wasPixels, isPixels);
    if (bullet) {
      EXPECT_GE(isPixels, 3 * wasPixels);
      EXPECT_GE(isPixels, 150.0);
    } else {
      EXPECT_GE(isPixels, wasPixels);
    }
    const Json& rect = after["views"][0]["rect"];
    const Projected at = is.project(point);
    EXPECT_TRUE(at.screen.x > rect[0].get<double>() && at.screen.x < rect[0].get<double>() + rect[2].get<double>() &&
                at.screen.y > rect[1].get<double>() && at.screen.y < rect[1].get<double>() + rect[3].get<double>())
        << "the contact point at " << at.screen.x << ", " << at.screen.y << " in " << rect.dump();
  }
}

// Ctrl+C in a mid-phase lab (which holds no pair) copies the command that reproduces it, the text the dump's
// "command" holds (tests/gui/midphase_command_test.py runs those); it did nothing before (review s32, A17).
TEST_F(MidphaseAim, CtrlCCopiesTheMidphaseCommand) {
  std::string error;
  for (const char* scene : {"scenes/mid2_03_budget_partial_answer.json", "scenes/mid_02_sat_lite_false_positive.json"}) {
    ASSERT_TRUE(shell_->openScene(scene, error)) << error;
    frames({});
    ImGui::SetClipboardText("");
    frames({KeyPress{GLFW_KEY_C, kModControl}});
    const char* copied = ImGui::GetClipboardText();
    const Json state = shell_->dumpState();
    ASSERT_NE(copied, nullptr);
    EXPECT_EQ(std::string(copied), state["command"].get<std::string>()) << scene;
    EXPECT_EQ(std::string(copied).rfind("collision-lab midphase --a ", 0), 0u) << copied;
  }
}

}  // namespace
}  // namespace lab
