// app/labs/lab.h: the interface every lab implements, and the registry the lab picker reads.
//
// A lab owns its scene, its settings and its recorded trace. The shell (app/ui/lab_shell.h) owns the window,
// the panels, the timeline and the cameras, and calls the lab in this order every frame:
//   update(dt) -> drawUi() inside the lab's side panel -> draw(renderer, viewport) once per view.
// Mouse events reach the lab in world coordinates of the view under the mouse; the shell pans and zooms only
// when the lab does not take the event (mouseDown returns false).
// Registration, in the lab's .cpp (labs are compiled into the executable, so none is dropped by the linker):
//   static const bool registered = registerLab("Narrow phase", "GJK", &GjkLab::create);
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "io/scene.h"
#include "render/camera.h"
#include "render/renderer2d.h"

namespace lab {

struct Modifiers {
  bool shift = false;
  bool control = false;
  bool alt = false;
};

enum class MouseButton { Left = 0, Right = 1, Middle = 2 };

struct MouseEvent {
  int view = 0;            // which of the lab's views the event happened in
  Vec2d world{};           // in that view's world coordinates
  Vec2d screen{};          // window pixels
  MouseButton button = MouseButton::Left;
  Modifiers modifiers{};
  double pixelSize = 1;    // world units per window pixel in that view: hit tolerances use it
};

// A number a lab measured this frame, for the recorder and the plot panel (issue 5), e.g.
// {"gjk_iterations", 5, "iterations"} or {"query_time", 0.8, "us"}. Names are snake_case and stable: they
// become CSV columns.
struct FrameMetric {
  std::string name;
  double value = 0;
  std::string unit;
};

// A shortcut a lab adds to the help overlay (F1), e.g. {"Delete", "remove the selected vertex"}.
struct Shortcut {
  std::string keys;
  std::string action;
};

class Lab {
 public:
  virtual ~Lab() = default;

  // [SECTION] Frame
  virtual void update(double /*seconds*/) {}
  // The lab's ImGui widgets, drawn inside the shell's side panel (inspector, readouts, options).
  virtual void drawUi() {}
  // One or more side-by-side views of the canvas (the narrow-phase lab: world and Minkowski difference).
  [[nodiscard]] virtual int viewCount() const { return 1; }
  [[nodiscard]] virtual const char* viewTitle(int /*view*/) const { return "World"; }
  virtual void draw(Renderer2D& renderer, const Viewport& viewport) = 0;
  // What "View > Fit to scene" frames in `view`; nullopt keeps the camera.
  [[nodiscard]] virtual std::optional<WorldBounds> sceneBounds(int /*view*/) const { return std::nullopt; }

  // [SECTION] Mouse (world coordinates of event.view)
  // Return true to take the press (a drag of a shape); false lets the shell pan with it.
  virtual bool mouseDown(const MouseEvent& /*event*/) { return false; }
  virtual void mouseMove(const MouseEvent& /*event*/) {}  // hover and drags; event.button is the held one
  virtual void mouseUp(const MouseEvent& /*event*/) {}
  // Return true to take the wheel; false lets the shell zoom.
  virtual bool mouseScroll(const MouseEvent& /*event*/, double /*wheelSteps*/) { return false; }

  // [SECTION] Timeline: the shared widget scrubs steps 0 .. stepCount() - 1
  [[nodiscard]] virtual int stepCount() const { return 0; }
  [[nodiscard]] virtual int stepIndex() const { return 0; }
  virtual void setStep(int /*index*/) {}

  // [SECTION] Scenes and settings
  // Replaces the lab's scene with a loaded scene file (io/scene.h: shapes a and b, the algorithm, and
  // lab_state, the lab's own keys). On failure returns false with `error` set (which field, what was
  // expected) and leaves the current scene untouched. The shell applies title, lesson and view itself.
  virtual bool loadScene(const Scene& scene, std::string& error) = 0;
  // Fills a, b, algorithm and labState from the current scene (the shell fills title, lesson, lab, view).
  virtual void saveScene(Scene& scene) const = 0;
  // Selects an algorithm by name (`screenshot --algo`); false with `error` listing the valid names.
  virtual bool setAlgorithm(std::string_view /*name*/, std::string& error) {
    error = "this lab has no algorithm choice";
    return false;
  }
  // The lab's own preferences, remembered between runs (settings.json, "labs" / <lab name>).
  virtual void loadSettings(const Json& /*settings*/) {}
  [[nodiscard]] virtual Json saveSettings() const { return Json::object(); }
  // Everything a test needs to check the lab's state, merged into --dump-state's JSON.
  virtual void dumpState(Json& /*out*/) const {}
  [[nodiscard]] virtual std::vector<Shortcut> shortcuts() const { return {}; }

  // [SECTION] Recording: this frame's numbers (iterations, axes tested, swaps, pairs, time per query).
  virtual void frameMetrics(std::vector<FrameMetric>& /*out*/) const {}

  // [SECTION] Requests to the shell
  // A scene the lab asks the shell to open, in the lab scene.lab names (the experiment lab's "Open in
  // narrow-phase lab"). The shell asks once a frame; return true and fill `scene` to request it.
  virtual bool takeSceneRequest(Scene& /*scene*/) { return false; }
};

using LabFactory = std::function<std::unique_ptr<Lab>()>;

struct LabInfo {
  std::string group;  // the picker's heading, e.g. "Narrow phase"
  std::string name;   // unique, e.g. "GJK"; what --lab and settings use
  LabFactory create;
};

// Returns true, so registration reads: static const bool registered = registerLab(...);
bool registerLab(std::string group, std::string name, LabFactory create);
// Every lab, sorted by group then by registration order.
[[nodiscard]] const std::vector<LabInfo>& registeredLabs();
// By name, case-insensitively; also accepts "group/name". nullptr when no lab matches.
[[nodiscard]] const LabInfo* findLab(std::string_view name);
// "GJK, Shapes, ...": for error messages.
[[nodiscard]] std::string labNameList();

}  // namespace lab
