// app/lab/lab.h: the interface every lab implements, and the registry the lab picker reads. The words it uses
// (events, key presses, views, metrics) are in lab/vocabulary.h, which widgets and file formats share.
//
// A lab owns its scene, its settings and its recorded trace. The shell (app/shell/lab_shell.h) owns the window,
// the panels, the timeline and the cameras, and calls the lab in this order every frame:
//   keyPressed(press) for each key press -> update(dt) -> drawUi() inside the lab's side panel
//   -> draw(context) once per view.
// Each view has a kind (lab/vocabulary.h's ViewKind); the shell draws it with the matching context, and mouse
// events carry the pointer of that kind. The shell pans and zooms only when the lab does not take the event
// (mouseDown returns false).
// Registration, in the lab's .cpp (the app is an OBJECT library, so no registration is dropped by the linker):
//   static const bool registered = registerLab("Narrow phase", "Narrow phase", &NarrowPhaseLab::create, {"GJK"});
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "io/scene.h"
#include "lab/vocabulary.h"
#include "render/camera.h"
#include "render/renderer2d.h"
#include "render/viewport.h"

namespace lab {

class Renderer3D;

// What a lab draws one view with: `viewport` (its cameras, for hit sizes and fitting) and the renderer of its
// kind, already set to the view's camera and clipped to its rectangle.
struct DrawContext {
  int view = 0;
  ViewKind kind = ViewKind::Planar;
  const Viewport* viewport = nullptr;
  Renderer2D* planar = nullptr;   // when kind == ViewKind::Planar
  Renderer3D* spatial = nullptr;  // when kind == ViewKind::Spatial
};

class Lab {
 public:
  virtual ~Lab() = default;

  // [SECTION] Frame
  // Once a frame, before the panel (drawUi) and the views (draw), which both show the state it leaves.
  virtual void update(double /*seconds*/) {}
  // The lab's ImGui widgets, drawn inside the shell's side panel (inspector, readouts, options).
  virtual void drawUi() {}
  // One or more side-by-side views of the canvas (the narrow-phase lab: world and Minkowski difference). The count
  // may change with the lab's state (the continuous lab's A - B pane, for the casts that iterate in A - B): the shell
  // follows it at the next frame and fits the views again.
  [[nodiscard]] virtual int viewCount() const { return 1; }
  [[nodiscard]] virtual const char* viewTitle(int /*view*/) const { return "World"; }
  [[nodiscard]] virtual ViewKind viewKind(int /*view*/) const { return ViewKind::Planar; }
  virtual void draw(const DrawContext& context) = 0;
  // What "View > Fit to scene" frames in `view`; nullopt keeps the camera.
  [[nodiscard]] virtual std::optional<WorldBounds> sceneBounds(int /*view*/) const { return std::nullopt; }
  // The same for a spatial view.
  [[nodiscard]] virtual std::optional<WorldBounds3> sceneBounds3(int /*view*/) const { return std::nullopt; }
  // What `view` frames when a scene opens (a file, Paste, a new lab) with no view of its own, when that is not the
  // whole scene (sceneBounds): the narrow-phase labs' smaller shape and its contact when the sizes differ by far (a
  // 1 : 1000 pair's small cube was a dot, review s33 A3). F and View > Fit to scene frame the whole scene.
  [[nodiscard]] virtual std::optional<WorldBounds> openingBounds(int /*view*/) const { return std::nullopt; }
  [[nodiscard]] virtual std::optional<WorldBounds3> openingBounds3(int /*view*/) const { return std::nullopt; }
  // What planar `view` must show even when a scene's own view frames it (the continuous lab's bounce, drawn with the
  // discrete frames: the scene's view was set with them hidden). The shell widens that view to frame sceneBounds
  // with it when it does not show it whole; when the lab says it changed (takeMustShowChanged), the shell fits the
  // views again if one does not show it.
  [[nodiscard]] virtual std::optional<WorldBounds> mustShow(int /*view*/) const { return std::nullopt; }
  // The same for spatial `view`: the shell widens a scene's camera, keeping its direction, to frame sceneBounds3
  // with it.
  [[nodiscard]] virtual std::optional<WorldBounds3> mustShow3(int /*view*/) const { return std::nullopt; }
  // What the current step is about in planar `view` (a simplex or polytope and the origin): with View > Follow
  // the step on, the shell eases the camera to frame it at every step. nullopt: the view does not follow.
  [[nodiscard]] virtual std::optional<WorldBounds> followBounds(int /*view*/) const { return std::nullopt; }
  // The same for a spatial `view`: the shell moves the orbit camera's target and distance to frame it, keeping the
  // direction the user turned the view to.
  [[nodiscard]] virtual std::optional<WorldBounds3> followBounds3(int /*view*/) const { return std::nullopt; }
  // The direction spatial `view` looks along when the shell fits it (a scene opens, F, a refit the lab asks for), given
  // the one it has then (`current`: the scene's, or where the user turned it); nullopt keeps it. The A - B panes look
  // across what their step is about (lookAcross): from the world view's direction a ray along it was a dot.
  [[nodiscard]] virtual std::optional<Vec3d> fitDirection3(int /*view*/, Vec3d /*current*/) const { return std::nullopt; }
  // The height (y) of a spatial view's ground grid: 0, the world's floor, unless what the view shows stands across it
  // and the grid's lines would run through it (the 3D narrow-phase lab's A - B, which holds the origin: the grid goes
  // under it).
  [[nodiscard]] virtual double groundHeight(int /*view*/) const { return 0.0; }

  // [SECTION] Keyboard: each key press of the frame that ImGui does not take (no text field is active), in
  // order, before update(). The shell's own shortcuts (Ctrl+O, F1, the timeline's arrows ...) are not passed on.
  virtual void keyPressed(const KeyPress& /*press*/) {}

  // [SECTION] Mouse (event.planar: world coordinates of event.view)
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
  // The kinds of step worth jumping between (the mid phase's leaf tests, prunes, false positives), read from the
  // recorded events; the most telling first. Empty: the timeline has no jump buttons.
  [[nodiscard]] virtual std::span<const StepKind> stepKinds() const { return {}; }
  // False for a lab whose work is never a sequence of steps (the Experiments lab's batch runs): the shell then
  // draws no timeline bar, a dead "no steps" strip, and gives its height to the canvas.
  [[nodiscard]] virtual bool hasTimeline() const { return true; }
  // False for a lab of settings and results rather than shapes (Experiments): nothing to save, undo or copy, and
  // no view to fit or pan, so File > Save is off and the help leaves those keys out.
  [[nodiscard]] virtual bool hasScene() const { return true; }

  // [SECTION] Scenes and settings
  // Replaces the lab's scene with a loaded scene file (io/scene.h: the named shapes and lab_state, the lab's
  // own keys; the shell has applied the algorithm). On failure returns false with `error` set (which field,
  // what was expected) and leaves the current scene untouched. The shell applies title, lesson and view itself.
  virtual bool loadScene(const Scene& scene, std::string& error) = 0;
  // Fills shapes, algorithm and labState from the current scene (the shell fills title, lesson, lab, view).
  virtual void saveScene(Scene& scene) const = 0;
  // True while the lab computes on threads of its own and shows only their progress (an experiment's run): the
  // window then draws a few frames a second, and at once on input, rather than all it can, which under a software
  // renderer (llvmpipe) took a core from the run's threads (newcomer review s33, A10).
  [[nodiscard]] virtual bool workingInBackground() const { return false; }
  // True while the lab's own clock moves its shapes (a running broad-phase simulation): the shell's undo history
  // and its "unsaved" test then leave out where the shapes are, which is not an edit.
  [[nodiscard]] virtual bool sceneRunning() const { return false; }
  // An algorithm's name as the lab's picker shows it ("epa": "GJK + EPA"), for sentences; the name itself when
  // the lab has no other.
  [[nodiscard]] virtual std::string algorithmTitle(std::string_view name) const { return std::string(name); }
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
  // When frameMetrics has new numbers: nullopt (the default), every UI frame, as they follow a drag; else a count
  // that changes when they do (a simulation's updates), so the Plots window records one point per update and
  // not the same numbers each UI frame while the simulation is paused.
  [[nodiscard]] virtual std::optional<std::uint64_t> metricsUpdate() const { return std::nullopt; }

  // [SECTION] Requests to the shell
  // A scene the lab asks the shell to open, in the lab scene.lab names (the experiment lab's "Open in
  // narrow-phase lab"). The shell asks once a frame; return true and fill `scene` to request it.
  virtual bool takeSceneRequest(Scene& /*scene*/) { return false; }
  // Where the lab asks its first spatial view to look: a point, and the direction to look along (the shell keeps
  // the distance, unless the aim names what to frame). The 3D narrow-phase lab's "look across the contact". The shell asks once a frame.
  struct ViewAim {
    Vec3d target;
    Vec3d forward;
    // What the view must frame once turned (the mid-phase lab's two boxes, so their gap is a visible distance): the
    // shell fits its distance and target to it, keeping the direction; none keeps the distance.
    std::optional<WorldBounds3> frame{};
  };
  virtual std::optional<ViewAim> takeViewAim() { return std::nullopt; }
  // The lab asks the shell to fit its views again, as F does (its world changed size, or what sceneBounds frames
  // changed). The shell asks once a frame.
  virtual bool takeFitRequest() { return false; }
  // One spatial view the lab asks the shell to fit again alone, turned to fitDirection3 (an A - B pane whose cast or
  // run changed: until then the user's orbit of it stays); -1 none. The other views stay as the user left them. The
  // shell asks once a frame while no edit is under way (a drag, a widget held), so a drag's pane turns once, after.
  virtual int takeViewRefit() { return -1; }
  // What mustShow or mustShow3 returns changed by the user's choice (a key, a checkbox, a slider: the continuous
  // labs' D and restitution): the shell fits the views again when one of them does not show it whole, and leaves a
  // view that does as the user set it. A drag does not say so: a view that refits under the mouse loses the drag.
  // The shell asks once a frame.
  virtual bool takeMustShowChanged() { return false; }
  // The `collision-lab` command that reproduces what the lab shows, for a bug report (Edit > Copy as command; Ctrl+C
  // in a lab that holds no pair): the mid-phase labs' `midphase ...`. None: the lab has no such command, or `why`
  // says why not now (the cloth).
  [[nodiscard]] virtual std::optional<std::string> commandLine(std::string& /*why*/) const { return std::nullopt; }
};

// A view aim across `axis` at `target`: along the direction nearest `forward` (the view's, now) perpendicular to the
// axis, so what lies along it (a contact's gap or overlap, two shadows on a separating axis) is seen edge-on. The 3D
// narrow-phase lab's "look across the contact" and the mid-phase lab's "look across the separating axis".
[[nodiscard]] inline Lab::ViewAim aimAcross(Vec3d target, Vec3d axis, Vec3d forward) {
  return {target, lookAcross(axis, {}, forward)};
}

// What a view frames to show a contact: the smaller shape's box (`smaller`) and its mirror through the contact point,
// so as much of the other shape shows across it. The 3D narrow-phase lab's N, both narrow-phase labs' opening view and
// the continuous 3D lab's N (the smaller body as it touches).
template <class Bounds, class Point>
[[nodiscard]] Bounds contactRegion(const Bounds& smaller, Point contact) {
  Bounds region = smaller;
  region.include(2.0 * contact - smaller.min);
  region.include(2.0 * contact - smaller.max);
  return region;
}

using LabFactory = std::function<std::unique_ptr<Lab>()>;

struct LabInfo {
  std::string group;  // the picker's heading, e.g. "Narrow phase"
  std::string name;   // unique, says what the lab is, e.g. "Narrow phase"; what --lab, scenes and settings use
  LabFactory create;
  std::vector<std::string> formerNames;  // older names findLab still accepts, e.g. "GJK"
};

// Returns true, so registration reads: static const bool registered = registerLab(...);
// `formerNames`: names the lab had before, still accepted by findLab (old scene files, settings, scripts).
bool registerLab(std::string group, std::string name, LabFactory create, std::vector<std::string> formerNames = {});
// Every lab, sorted by group, then by name (the lab named as its group first: "Narrow phase", "Narrow phase 3D").
[[nodiscard]] const std::vector<LabInfo>& registeredLabs();
// By name or former name, case-insensitively; also accepts "group/name". nullptr when no lab matches.
[[nodiscard]] const LabInfo* findLab(std::string_view name);
// "Shapes, Broad phase, ...": for error messages.
[[nodiscard]] std::string labNameList();

}  // namespace lab
