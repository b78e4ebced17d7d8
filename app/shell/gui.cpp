// The interactive lab: a window, a lab shell, and a main loop that reads top to bottom
// (after imgui's examples/example_glfw_opengl3/main.cpp).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <stdexcept>

#include <glad/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include "shell/gui.h"
#include "platform/window.h"
#include "render/color.h"
#include "render/renderer2d.h"
#include "render/renderer3d.h"
#include "shell/lab_shell.h"
#include "shell/settings.h"

namespace lab {

namespace {
constexpr double kBackgroundFramePeriod = 1.0 / 15.0;  // seconds: the frame rate while a lab works in the background

bool writeJsonFile(const std::string& path, const Json& json) {
  std::ofstream file(path, std::ios::trunc);
  file << json.dump(2) << '\n';
  return static_cast<bool>(file);
}
}  // namespace

int runGui(const GuiOptions& options) {
  if (!displayAvailable()) {
    std::fprintf(stderr,
                 "collision-lab: no display available (DISPLAY is not set); use `collision-lab screenshot ...` to "
                 "render off-screen\n");
    return 2;
  }

  // Settings first: the window opens at the size it had last time.
  const std::string settingsFile = settingsPath();
  Settings settings = loadSettings(settingsFile);

  std::unique_ptr<Window> window;
  try {
    window = std::make_unique<Window>(WindowOptions{settings.windowWidth, settings.windowHeight, true});
  } catch (const std::runtime_error& error) {
    std::fprintf(stderr,
                 "collision-lab: no display available (%s); use `collision-lab screenshot ...` to render off-screen\n",
                 error.what());
    return 2;
  }
  Renderer2D renderer;
  renderer.init();
  Renderer3D renderer3d;
  renderer3d.init();
  // A software rasteriser (Mesa's llvmpipe under a virtual display) shades every sample: 4x multisampling made
  // the 3D lab's frames about 4 times slower there (docs/PERFORMANCE.md). The window then draws single-sampled
  // (lines and points stay anti-aliased by their shaders); screenshots keep 4x, as they are made once.
  if (const auto* name = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
      name && (std::strstr(name, "llvmpipe") || std::strstr(name, "softpipe") || std::strstr(name, "swrast")))
    renderer3d.setSamples(0);

  LabShell shell(renderer, renderer3d, settings);
  shell.setPlotsOpen(options.plots);
  std::string error;
  if (!options.labName.empty() && !shell.selectLab(options.labName, error)) {
    std::fprintf(stderr, "collision-lab: --lab: %s\n", error.c_str());
    return 1;
  }
  const std::string scene = !options.scenePath.empty() ? options.scenePath
                            : options.labName.empty()  ? settings.scenePath
                                                       : std::string();
  if (!scene.empty() && !shell.openScene(scene, error)) {
    // Said on the terminal and in the window: a desktop launch has no terminal. The lab opens as it would alone.
    std::fprintf(stderr, "collision-lab: %s\n", error.c_str());
    if (!options.scenePath.empty()) shell.showError(error);
  } else if (const std::string notice = shell.labOverruledNotice(options.labName); !notice.empty()) {
    std::fprintf(stderr, "collision-lab: %s\n", notice.c_str());
  }

  // Main loop. Closing the window asks the shell, which prompts when a lab has unsaved changes.
  double previousTime = glfwGetTime();
  std::string title = "Collision Lab";
  while (!shell.quitRequested()) {
    // While the lab works in the background, a frame when input comes or after kBackgroundFramePeriod: a progress
    // bar needs no more, and the run's threads get the cores.
    if (shell.labWorkingInBackground()) glfwWaitEventsTimeout(kBackgroundFramePeriod);
    else glfwPollEvents();
    if (window->shouldClose()) {
      glfwSetWindowShouldClose(window->handle(), GLFW_FALSE);
      shell.requestQuit();
    }
    for (const std::string& path : window->takeDroppedPaths()) shell.openDroppedFile(path);

    const double now = glfwGetTime();
    const double seconds = now - previousTime;
    previousTime = now;

    int framebufferWidth = 0;
    int framebufferHeight = 0;
    window->framebufferSize(framebufferWidth, framebufferHeight);
    glViewport(0, 0, framebufferWidth, framebufferHeight);
    glClearColor(palette::kBackground.r, palette::kBackground.g, palette::kBackground.b, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);

    window->setUiScale(static_cast<float>(shell.uiScalePercent()) / 100.0f);  // View > UI scale, between frames
    window->beginFrame();
    // After beginFrame: the key presses of the frame the input queue just handed ImGui (platform/input_queue.h).
    shell.frame(seconds, framebufferWidth, framebufferHeight, window->takeKeyPresses());
    window->endFrame();
    if (std::string now = shell.windowTitle(); now != title) {
      title = std::move(now);
      glfwSetWindowTitle(window->handle(), title.c_str());
    }
  }

  // Remember where we were, and tell the tests what state we ended in.
  shell.storeSettings();
  window->windowSize(settings.windowWidth, settings.windowHeight);
  saveSettings(settings, settingsFile);
  if (!options.dumpStatePath.empty() && !writeJsonFile(options.dumpStatePath, shell.dumpState())) {
    std::fprintf(stderr, "collision-lab: cannot write --dump-state file %s\n", options.dumpStatePath.c_str());
    return 1;
  }
  return 0;
}

}  // namespace lab
