// `collision-lab screenshot`: renders the frame the window would show, off-screen (a hidden window and a
// framebuffer object), with the same shell, renderer and panels, and writes it as a PNG.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <string>

#include <glad/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include "cli/commands.h"
#include "labs/format.h"
#include "platform/window.h"
#include "render/color.h"
#include "render/offscreen.h"
#include "render/renderer2d.h"
#include "render/renderer3d.h"
#include "shell/lab_shell.h"
#include "shell/settings.h"

namespace lab {

namespace {

struct ScreenshotOptions {
  std::string scenePath;
  std::string labName;
  std::string algorithm;
  int step = -1;  // -1: the lab's default step
  std::string camera;  // "yaw,pitch,distance" (degrees, world units) for the spatial views; empty: the scene's or fitted
  std::string size = "1600x1000";
  std::string outputPath;
  std::string dumpStatePath;
  bool helpOverlay = false;
  bool plots = false;
  std::string plotsSize;  // "WIDTHxHEIGHT": the Plots window's size, as if dragged there; empty: its first size
  std::string plotsMode = "lines";  // the Plots window's "Lines" or "Histogram" (opens it)
  bool noFollow = false;
  int uiScale = 100;  // View > UI scale, in percent
  int frames = 3;
};

// ImGui lays windows out over a couple of frames (auto-sized windows measure first), and the side panel folds its
// lesson, then scrolls to the step's narration, a frame each (LabShell::keepNarrationInSight): draw at least this
// many and keep the last.
constexpr int kWarmUpFrames = 4;
constexpr int kMaxSide = 8192;

bool parseSize(const std::string& text, int& width, int& height) {
  char separator = 0;
  char extra = 0;
  if (std::sscanf(text.c_str(), "%d%c%d%c", &width, &separator, &height, &extra) != 3) return false;
  return (separator == 'x' || separator == 'X') && width >= 64 && height >= 64 && width <= kMaxSide &&
         height <= kMaxSide;
}

// Why the lab ran nothing, from its state dump: the narrow-phase labs' refused result, the continuous labs' refusal.
std::string refusalIn(const Json& state) {
  if (const auto result = state.find("result"); result != state.end() && result->is_object() &&
                                                 result->value("ok", true) == false)
    return result->value("error", std::string());
  if (const auto refusal = state.find("refusal"); refusal != state.end() && refusal->is_string()) return refusal->get<std::string>();
  return {};
}

int runScreenshot(const ScreenshotOptions& options) {
  int width = 0;
  int height = 0;
  if (!parseSize(options.size, width, height)) {
    std::fprintf(stderr, "collision-lab screenshot: --size: expected WIDTHxHEIGHT between 64 and %d, got \"%s\"\n",
                 kMaxSide, options.size.c_str());
    return 1;
  }
  if (!displayAvailable()) {
    std::fprintf(stderr,
                 "collision-lab screenshot: no display available (DISPLAY is not set); run it under a virtual one:\n"
                 "  xvfb-run -a -s \"-screen 0 1600x1000x24\" collision-lab screenshot ...\n");
    return 2;
  }

  Window window(WindowOptions{width, height, /*visible=*/false, "Collision Lab (screenshot)"});
  OffscreenTarget target(width, height);
  if (!target.complete()) {
    std::fprintf(stderr, "collision-lab screenshot: cannot create an off-screen framebuffer of %dx%d\n", width, height);
    return 1;
  }
  Renderer2D renderer;
  renderer.init();
  Renderer3D renderer3d;
  renderer3d.init();

  // Default settings, never saved: a screenshot must not depend on, or change, the user's preferences.
  Settings settings;
  settings.followStep = !options.noFollow;
  settings.uiScalePercent = options.uiScale;
  LabShell shell(renderer, renderer3d, settings);
  std::string error;
  if (!options.labName.empty() && !shell.selectLab(options.labName, error)) {
    std::fprintf(stderr, "collision-lab screenshot: --lab: %s\n", error.c_str());
    return 1;
  }
  if (!options.scenePath.empty() && !shell.openScene(options.scenePath, error)) {
    std::fprintf(stderr, "collision-lab screenshot: --scene: %s\n", error.c_str());
    return 1;
  }
  if (const std::string notice = shell.labOverruledNotice(options.labName); !notice.empty())
    std::fprintf(stderr, "collision-lab screenshot: %s\n", notice.c_str());
  if (!options.algorithm.empty() && !shell.setAlgorithm(options.algorithm, error)) {
    std::fprintf(stderr, "collision-lab screenshot: --algo: %s\n", error.c_str());
    return 1;
  }
  if (options.step >= 1 && !shell.setStep(options.step - 1, error)) {
    std::fprintf(stderr, "collision-lab screenshot: --step: %s\n", error.c_str());
    return 1;
  }

  if (!options.camera.empty()) {
    double yaw = 0, pitch = 0, distance = 0;
    char extra = 0;
    if (std::sscanf(options.camera.c_str(), "%lf,%lf,%lf%c", &yaw, &pitch, &distance, &extra) != 3 ||
        !shell.setSpatialCamera(yaw, pitch, distance, error)) {
      std::fprintf(stderr,
                   "collision-lab screenshot: --camera: expected YAW,PITCH,DISTANCE (degrees, degrees, a positive "
                   "distance), got \"%s\"\n",
                   options.camera.c_str());
      return 1;
    }
  }

  shell.setHelpOpen(options.helpOverlay);
  shell.setPlotsOpen(options.plots || options.plotsMode != "lines");
  shell.setPlotsMode(options.plotsMode == "histogram" ? lab::PlotPanel::Mode::Histogram : lab::PlotPanel::Mode::Lines);
  if (!options.plotsSize.empty()) {
    int plotsWidth = 0, plotsHeight = 0;
    if (!parseSize(options.plotsSize, plotsWidth, plotsHeight)) {
      std::fprintf(stderr, "collision-lab screenshot: --plots-size: expected WIDTHxHEIGHT between 64 and %d, got \"%s\"\n",
                   kMaxSide, options.plotsSize.c_str());
      return 1;
    }
    shell.setPlotsWindowSize({double(plotsWidth), double(plotsHeight)});
  }
  const int frames = std::max(options.frames, kWarmUpFrames);
  for (int frame = 0; frame < frames; ++frame) {
    glViewport(0, 0, width, height);
    glClearColor(palette::kBackground.r, palette::kBackground.g, palette::kBackground.b, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    window.setUiScale(static_cast<float>(shell.uiScalePercent()) / 100.0f);
    window.beginOffscreenFrame(width, height);
    shell.frame(1.0 / 60.0, width, height, {});
    window.endFrame(/*swap=*/false);
  }

  if (!target.writePng(options.outputPath, error)) {
    std::fprintf(stderr, "collision-lab screenshot: %s\n", error.c_str());
    return 1;
  }
  if (!options.dumpStatePath.empty()) {
    std::ofstream file(options.dumpStatePath, std::ios::trunc);
    file << shell.dumpState().dump(2) << '\n';
    if (!file) {
      std::fprintf(stderr, "collision-lab screenshot: cannot write %s\n", options.dumpStatePath.c_str());
      return 1;
    }
  }
  const int steps = shell.currentLab()->stepCount();
  if (steps == 0) {
    // "step 1 (0 steps)" read as a step shown; a refused pair has none, and says why (s31 A18).
    const std::string refusal = refusalIn(shell.dumpState());
    std::printf("%s: %dx%d, lab %s, no steps%s\n", options.outputPath.c_str(), width, height,
                shell.currentLabInfo()->name.c_str(), refusal.empty() ? "" : (" (refused: " + refusal + ")").c_str());
    return 0;
  }
  std::printf("%s: %dx%d, lab %s, step %d (%s)\n", options.outputPath.c_str(), width, height,
              shell.currentLabInfo()->name.c_str(), shell.currentLab()->stepIndex() + 1,
              counted(steps, "step", "steps").c_str());
  return 0;
}

const bool registered = registerCommand(
    {"screenshot", "Render the lab's window off-screen to a PNG (needs a display; use xvfb-run without one)",
     [](CLI::App& command) -> std::function<int()> {
       auto options = std::make_shared<ScreenshotOptions>();
       command.add_option("--scene", options->scenePath, "Scene file (JSON) to open");
       command.add_option("--lab", options->labName, "Lab to show, e.g. \"Shapes\" or \"Narrow phase\"");
       command.add_option("--algo", options->algorithm, "Algorithm for the lab, e.g. gjk, distance, epa, sat");
       command.add_option("--step", options->step, "Timeline step to show, counted from 1 as the timeline shows it (\"step 1 of N\"; --dump-state's \"step\" is the same step's index from 0)")->check(CLI::PositiveNumber);
       command.add_option("--camera", options->camera,
                          "The 3D views' direction and the first 3D view's distance: YAW,PITCH,DISTANCE in degrees "
                          "and world units, e.g. 30,20,8 (the other 3D views are fitted in that direction)");
       command.add_option("--size", options->size, "Image size WIDTHxHEIGHT")->capture_default_str();
       command.add_option("-o,--output", options->outputPath, "PNG file to write")->required();
       command.add_option("--dump-state", options->dumpStatePath,
                          "Also write the shown state as JSON (lab, step, views with their screen rectangles)");
       command.add_flag("--help-overlay", options->helpOverlay, "Show the keyboard and mouse help (F1) on top");
       command.add_flag("--plots", options->plots, "Show the Plots window (View > Plots) with this run's recording");
       command.add_option("--plots-size", options->plotsSize,
                          "The Plots window's size WIDTHxHEIGHT, as if dragged there (it stops at its least size)");
       command.add_option("--plots-mode", options->plotsMode,
                          "The Plots window's Lines (over time) or Histogram (the distribution); histogram opens the window")
           ->check(CLI::IsMember({"lines", "histogram"}))
           ->capture_default_str();
       command.add_flag("--no-follow", options->noFollow,
                        "Show the whole scene in every view (View > Follow the step off: the A - B pane does not frame the step)");
       command.add_option("--ui-scale", options->uiScale, "View > UI scale in percent: text, widgets and the views' labels")
           ->check(CLI::Range(lab::Settings::kMinUiScale, lab::Settings::kMaxUiScale))
           ->capture_default_str();
       command.add_option("--frames", options->frames, "Frames to run before the capture (the recording fills)")
           ->check(CLI::Range(1, 100000));
       return [options] { return runScreenshot(*options); };
     }});

}  // namespace

}  // namespace lab
