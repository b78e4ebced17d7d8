// app/shell/lab_shell.h: everything around a lab: the menu bar, the side panel with the lab picker and the
// lab's own widgets, the shared timeline, the canvas split into the lab's views (each with its camera, grid,
// pan and zoom), scene files, the help overlay and the remembered settings.
// The window (gui.cpp) and the screenshot command both drive it, so both show the same frame.
#pragma once

#include <array>
#include <cstdint>
#include <ctime>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "lab/lab.h"
#include "lab/vocabulary.h"
#include "render/renderer2d.h"
#include "render/renderer3d.h"
#include "shell/edit_history.h"
#include "shell/help_overlay.h"
#include "shell/settings.h"
#include "plot/plot_panel.h"
#include "widgets/timeline.h"
#include "widgets/wrapped_text.h"

struct ImDrawList;

namespace lab {

// The labs a line of `cast` opens in (their registered names): in the plane, and in space.
inline constexpr std::string_view kContinuousLab = "Continuous collision";
inline constexpr std::string_view kContinuousLab3 = "Continuous collision 3D";

class LabShell {
 public:
  // `renderer` draws the planar views, `renderer3d` the spatial ones (both initialised by the caller, or never
  // when no frame is drawn).
  LabShell(Renderer2D& renderer, Renderer3D& renderer3d, Settings& settings);
  ~LabShell();

  // Switches lab. Each lab is created once and kept while others are shown: switching back brings back its
  // shapes, algorithm, step, cameras, scene file and undo history. A new lab gets its remembered settings and
  // views fitted to its scene. False with `error` for unknown names.
  bool selectLab(std::string_view name, std::string& error);
  void selectLab(const LabInfo& info);
  // Loads a scene file: switches to the scene's lab, applies algorithm, shapes and view. On failure nothing changes.
  bool openScene(const std::string& path, std::string& error);
  // The same for a scene built in memory (the experiment lab's worst cases); no file is remembered.
  bool openScene(const Scene& scene, std::string& error);
  bool saveScene(const std::string& path, std::string& error);
  // After a --lab and a --scene that names another lab: the scene opens in its own lab (its shapes are that lab's),
  // and this says so in one line for the terminal; "" when `requestedLab` is the lab shown.
  [[nodiscard]] std::string labOverruledNotice(std::string_view requestedLab) const;
  // Writing `path` would replace a file other than `ownFile` (the scene's own, which Save writes anyway): Save As
  // asks first (a typed name of another scene replaced it silently, newcomer review s35 A1).
  [[nodiscard]] static bool replacesAnotherFile(const std::string& path, const std::string& ownFile);
  // The folder a relative or absolute `path` is written to, absolute ("/home/me/scenes"): file dialogs show it.
  [[nodiscard]] static std::string folderOf(const std::string& path);
  // Opens a file dropped on the window; a failure shows its message in a dialog.
  void openDroppedFile(const std::string& path);
  // Shows a message in the error dialog, until it is dismissed (a --scene that could not be opened).
  void showError(std::string message) { reportError(std::move(message)); }
  bool setAlgorithm(std::string_view name, std::string& error);
  // Shows step `step` (an index from 0); the message of a refusal counts steps from 1, as the timeline does.
  bool setStep(int step, std::string& error);
  // Sets every spatial view's direction (degrees) and the first spatial view's distance (world units), kept across
  // fits (the screenshot's --camera); targets stay where fitting puts them and the other spatial views are fitted
  // in that direction. False with `error` for a non-finite or non-positive value.
  bool setSpatialCamera(double yawDegrees, double pitchDegrees, double distance, std::string& error);

  // One frame of UI and canvas, between ImGui::NewFrame and ImGui::Render. Draws with GL into the bound
  // framebuffer of `framebufferWidth` x `framebufferHeight` pixels; the caller has cleared it.
  // `keys`: this frame's key presses (Window::takeKeyPresses; none off-screen).
  void frame(double seconds, int framebufferWidth, int framebufferHeight, std::span<const KeyPress> keys);

  [[nodiscard]] bool quitRequested() const { return quitRequested_; }
  // The shown lab works on threads of its own (Lab::workingInBackground): the window loop paces its frames.
  [[nodiscard]] bool labWorkingInBackground() const { return lab_ && lab_->workingInBackground(); }
  // Quit as the window's close button or Ctrl+Q asks: at once when no lab has unsaved changes, otherwise after
  // the Save / Discard / Cancel prompt (Cancel keeps the app running).
  void requestQuit();

  // [SECTION] Edits: undo, redo and unsaved changes (one history per lab, edit_history.h)
  // Records the current lab's state when it changed since the last record: the shell calls it when an edit ends
  // (a mouse button released, a widget deactivated, keys given to the lab). True when it recorded an edit.
  bool commitEdit();
  // Back to the state before the last edit, or forward again; false when there is none (or a drag is on).
  bool undo();
  bool redo();
  // Back to the scene the lesson describes (as last opened or saved, or the one the file says it was written
  // for), as one edit (undo brings the changes back); false when it is already there (or a drag is on).
  bool revertToSaved();
  // A scene's lesson describes the scene as opened or saved (or Scene::lessonFor): "" while it still does,
  // otherwise what was changed since, in words ("moved B", "switched the algorithm to GJK + EPA"), for the notice above the dimmed lesson.
  [[nodiscard]] const std::string& lessonChanges() const;
  // A lesson the edits left behind: not empty, not typed anew in Save As, and no longer describing the scene.
  // Saving keeps it with the scene it describes (Scene::lessonFor), so it opens dimmed.
  [[nodiscard]] bool lessonLeftBehind() const;
  // What Save As will do with such a lesson, shown under the lesson field; empty otherwise.
  [[nodiscard]] std::string saveAsLessonNote() const;
  [[nodiscard]] bool canUndo() const { return history_.canUndo(); }
  [[nodiscard]] bool canRedo() const { return history_.canRedo(); }
  // The current lab's scene differs from the one last opened or saved (the window title shows a "*").
  [[nodiscard]] bool hasUnsavedChanges() const { return history_.unsaved(); }
  // The names of the labs, kept or current, whose scenes are unsaved.
  [[nodiscard]] std::vector<std::string> unsavedLabs() const;
  // "Collision Lab", with a leading "*" when a lab has unsaved changes.
  [[nodiscard]] std::string windowTitle() const;

  // [SECTION] Clipboard and export
  // The current pair as one line of `collision-lab query` input ({"id": title, "a": SHAPE, "b": SHAPE}; no id
  // without a title), or in the Continuous labs of `collision-lab cast` (with "motion_a" and "motion_b"), for a bug
  // report; nullopt with `error` when the lab does not hold a pair of shapes.
  [[nodiscard]] std::optional<std::string> pairJson(std::string& error) const;
  // Pasted text: a query line replaces the current lab's pair (an edit, undoable), a cast line the Continuous
  // lab's pair and motions; a pair the current lab cannot hold opens in the lab for it (a 3D pair in the 3D
  // narrow-phase lab, a cast line in the Continuous lab of its space), a whole scene opens as File > Open does. A malformed or unfitting paste changes nothing and says why in `error`.
  bool paste(std::string_view text, std::string& error);
  // The trace of the current pair, as `collision-lab trace` writes it (written whole or not at all).
  bool exportTrace(const std::string& path, std::string& error);
  void setHelpOpen(bool open) { showHelp_ = open; }
  void setPlotsOpen(bool open) { showPlots_ = open; }
  // The Plots window's size, as if the person had dragged its corner there (screenshot --plots-size).
  void setPlotsWindowSize(Vec2d size) { plotPanel_.requestWindowSize(size); }
  // The Plots window's Lines or Histogram, as if picked there (screenshot --plots-mode).
  void setPlotsMode(PlotPanel::Mode mode) { plotPanel_.setMode(mode); }
  [[nodiscard]] Lab* currentLab() const { return lab_.get(); }
  [[nodiscard]] const LabInfo* currentLabInfo() const { return labInfo_; }
  // {lab, step, stepCount, scenePath, views: [{title, kind, center, zoom, rect} or, for a spatial view, {title, kind,
  // target, yaw, pitch (degrees), distance, projection, rect}], ...the lab's dumpState}.
  [[nodiscard]] Json dumpState() const;
  // View > UI scale in percent (Settings::uiScalePercent): the window's loop applies it between frames
  // (Window::setUiScale).
  [[nodiscard]] int uiScalePercent() const { return settings_.uiScalePercent; }
  // Copies the current lab's settings and the shell's state into Settings (call before saving them).
  void storeSettings();

 private:
  // The keys the shell handles itself (F1, F, G, anything with Ctrl, the 3D view keys Alt+0..6 and Alt+O): not
  // passed on to the lab.
  [[nodiscard]] static bool isShellKey(const KeyPress& press);
  void handleShortcuts(std::span<const KeyPress> keys);
  void drawMenuBar();
  // View > UI scale one notch larger (+1) or smaller (-1), within Settings' range.
  void stepUiScale(int direction);
  void save();  // File > Save and Ctrl+S: to the scene's file, or Save As when it has none
  void drawSidePanel(float top, float width, float height);
  void drawLesson();
  void drawTimelineBar(float top, float width, float height);
  // The lab's panes may come and go with its state (the continuous lab's A - B, for the casts that iterate in it):
  // the views follow Lab::viewCount, and all are fitted again, as the world view's width changed.
  void matchViewCount();
  void layoutViews(const ScreenRect& canvas);
  void handleCanvasInput();
  void drawCanvas(int framebufferWidth, int framebufferHeight);
  void drawDialogs(std::span<const KeyPress> keys);
  // In a dialog that writes `path` (Save As, Export trace), once its Save is pressed (`write`): true when the file
  // may be written now, i.e. it does not exist, it is the scene's own file, or the "Replace it?" question this
  // opens (nested in the dialog) was answered Replace. Its Cancel leaves the dialog open with the name typed.
  bool writeConfirmed(bool write, const std::string& path, std::span<const KeyPress> keys);
  void fitViews();
  // Fits spatial `view` as fitViews does (`first`: the first spatial view, framed by a scene's camera).
  void fitSpatialView(Viewport& view, bool first);
  void refitView(int index);
  [[nodiscard]] bool viewsShowWhatTheyMust() const;
  // View > Follow the step: eases each following planar view toward the lab's followBounds.
  // What a fit frames in `view`: the lab's opening bounds until F, else, with `follow`, the step's (followBounds),
  // else the whole scene.
  [[nodiscard]] std::optional<WorldBounds> fitBounds(int view, bool follow) const;
  [[nodiscard]] std::optional<WorldBounds3> fitBounds3(int view, bool follow) const;
  [[nodiscard]] bool following() const { return settings_.followStep && !followPaused_; }
  void followViews(double seconds);
  // The footer's boxes (window pixels): the scale bar's and the follow state's. The labels and the grid's numbers
  // keep out of them (a y tick ran into "follows the step (View menu)").
  [[nodiscard]] std::array<LabelBox, 2> followFooterBoxes(const Viewport& view) const;
  void drawFollowFooter(ImDrawList& overlay, const Viewport& view) const;
  [[nodiscard]] const char* followState() const;  // the footer's words
  [[nodiscard]] std::vector<Json> cameraStates() const;
  void refitOnResize();
  void reportError(std::string message);
  // The same dialog, titled "Warning": what was done as asked but may not be what was meant, `prefix` first;
  // nothing when there is none.
  void reportWarnings(const std::vector<std::string>& warnings, const std::string& prefix = {});
  bool applyScene(const Scene& scene, const std::string& source, std::string& error);
  bool openLoadedScene(const Scene& scene, const std::string& path, std::string& error);
  // Kept labs and edits
  void keepCurrentLab();
  void storeLabSettings(const LabInfo& info, const Lab& lab, const std::vector<Viewport>& views);
  [[nodiscard]] static EditSnapshot snapshotOf(const Lab& lab);
  // The scene the lesson describes: the one opened or saved, or the one it was written for when the file was an
  // edited lesson scene (Scene::lessonFor). lessonChanges compares it with the current one; "Back to the scene"
  // restores it.
  [[nodiscard]] EditSnapshot lessonScene() const;
  bool restoreSnapshot(const EditSnapshot& snapshot);
  // The shown scene's title, lesson (and what it was written for) and file, as text for EditHistory::beginScene,
  // and back: a paste starts an untitled scene, and undo across it brings these back with the shapes.
  [[nodiscard]] std::string sceneIdentity() const;
  void applySceneIdentity(const std::string& identity);
  // Undo or redo moved to `snapshot`: the scene it belongs to is shown with its own title, lesson and file.
  void showSceneOf(const EditSnapshot& snapshot);
  // A pair pasted over the lab's scene is a scene of its own, titled `title` (review s35 A17: the lesson scene's
  // title, lesson and lesson_for stayed above the pasted pair, and Save filed it under that lesson).
  void beginPastedScene(const std::string& title);
  void trackEdits(bool labTookKeys);
  // Opening over unsaved changes and quitting with them: the prompt and what waits on it.
  void requestOpen(const std::string& path);
  // `atLastStep`: show the run's last step (its verdict) once it is open: a pasted pair (a bug report's line).
  void requestOpen(Scene scene, const std::string& path, bool atLastStep = false);
  void runPendingAction();
  void answerUnsavedPrompt(int answer);
  void drawUnsavedPrompt(std::span<const KeyPress> keys);
  void drawEditMenu();
  [[nodiscard]] bool holdsPair() const;  // the current lab's pair can be copied (narrow phase, continuous)
  void copyPairToClipboard();
  // Edit > Copy as command: the lab's `collision-lab` command (Lab::commandLine), or why there is none now.
  void copyCommandToClipboard();
  // The menu item: enabled only when there is a command now; its tooltip says what it copies, or why not now (a
  // broad-phase box moved by hand: the item stayed enabled and answered with an Error dialog, review s35 A15).
  struct CommandItem {
    bool enabled = false;
    std::string tooltip;
  };
  [[nodiscard]] CommandItem copyCommandItem() const;
  // What Ctrl+C copies in the lab in front, for F1 (HelpContext::copies); empty when it copies nothing.
  [[nodiscard]] std::string copyKeyAction() const;
  void pasteFromClipboard();
  [[nodiscard]] MouseEvent mouseEvent(int view, MouseButton button) const;
  [[nodiscard]] bool hasSpatialView() const;
  [[nodiscard]] HelpContext helpContext() const;  // what F1 lists for the lab in front
  void setPreset(ViewPreset preset);
  void toggleProjection();
  void restoreCameras();

  Renderer2D& renderer_;
  Renderer3D& renderer3d_;
  Settings& settings_;
  std::unique_ptr<Lab> lab_;
  const LabInfo* labInfo_ = nullptr;
  std::vector<Viewport> views_;
  std::vector<std::vector<DrawnText>> viewTexts_;  // what each view showed in the last frame, for dumpState
  void fitBelowCaptions();
  void fitPlanarBelowCaptions(Viewport& view, const std::vector<DrawnText>& texts);
  TimelinePlayback timeline_;
  Scene sceneInfo_;          // title and lesson of the open scene (its shapes live in the lab)
  // The step's narration kept in sight in the side panel (review s32 A10: at 200 % not one word of it showed, a
  // teacher scrolled at every step, and the scroll was lost on the next). A scene's lesson opens whole; once the
  // step has moved from the one the scene opened at, the lesson folds to a one-line header when the panel would push
  // the narration out of sight, and if the lab's own panel still does, the panel scrolls to the narration once per
  // step (a scroll the user makes then stays until the next step). A click on the header decides the fold from
  // then on. Kept across steps and lab switches; the next scene starts it again.
  struct LessonFold {
    bool folded = false;
    bool chosen = false;   // the header was clicked: no folding by itself for this scene
    int openedStep = 0;    // the step the scene opened at
    bool stepped = false;  // the step has moved from it
    int inSightStep = -1;  // the step whose narration the panel last showed or scrolled to
    float openingScroll = -1.0f;  // the scroll set at the opening step to show its words (-1: none yet)
  };
  LessonFold lessonFold_;
  // Where the lab's narration lay in the side panel last frame (window pixels; none when it drew none) and the
  // panel's visible rectangle, for --dump-state.
  std::optional<NarrationSpan> narration_;
  // Where the lesson (its header to its last line) lay in the side panel last frame, window pixels: top, bottom.
  std::optional<std::array<float, 2>> lessonBox_;
  ScreenRect panelVisible_{0, 0, 0, 0};
  // Inside the side panel, after the lab's widgets: given where the narration lay (markNarration), folds the
  // lesson or scrolls as LessonFold says.
  void keepNarrationInSight(std::optional<NarrationSpan> narration);
  struct SpatialCamera {
    double yawDegrees, pitchDegrees, distance;
  };
  std::optional<SpatialCamera> spatialCamera_;  // setSpatialCamera
  std::string scenePath_;
  bool pendingFit_ = true;
  // The scene was opened and not fitted whole since (F): a fit frames what the lab opens on (Lab::openingBounds).
  bool openingFit_ = true;
  // After a fit, the next frame checks whether a spatial view's caption (a legend drawn under the title) covers the
  // scene, and if so frames the scene in the pane below it (fitBelowCaptions).
  bool captionCheckPending_ = false;
  // A lab's aim framed this (Lab::ViewAim::frame) in this view: the next check frames it below the captions instead
  // of the scene, in that view only.
  struct CaptionAim {
    int view = 0;
    WorldBounds3 frame;
  };
  std::optional<CaptionAim> captionAim_;
  bool followPaused_ = false;  // the user panned, zoomed or fitted: following waits until it is ticked again
  std::vector<Json> fittedCameras_;    // the cameras as the last fit left them (cameraStates)
  std::vector<ScreenRect> viewRects_;  // the views' rectangles last frame
  // The side panel's and the timeline bar's rectangles this frame: their background is a clear (drawCanvas).
  std::array<ScreenRect, 2> panelRects_{};
  bool showHelp_ = false;
  HelpLayout helpLayout_;  // where the F1 overlay drew last frame (--dump-state)
  bool showPlots_ = false;  // View > Plots
  PlotPanel plotPanel_;     // the recording of every frame's metrics
  // What the Plots window records in and compares (recordPlots): worked out again only when the edit history, the
  // lab or the scene file changed, or after a frame with something held (a drag, a widget pressed).
  struct PlotInputs {
    const Lab* lab = nullptr;
    std::uint64_t revision = 0;
    std::string scenePath;
    std::string inputs;   // the scene and settings as the history records them
    std::string context;  // "lab, scene S, algorithm"
    bool held = false;    // something was held in the frame the inputs were last worked out
  };
  std::optional<PlotInputs> plotInputs_;
  void recordPlots(double seconds);
  bool quitRequested_ = false;

  // Canvas mouse state: a press the lab took, or a pan.
  int pressView_ = -1;
  MouseButton pressButton_ = MouseButton::Left;
  bool labOwnsPress_ = false;
  bool orbiting_ = false;  // a spatial view's drag that orbits (otherwise it pans)
  Vec2d lastMouse_{};

  // Wall-clock time between frames, for --dump-state's frameTimeMs (the first frames, which load fonts and
  // fit the views, are left out), and the processor time the process used over them (cpuMean: what a frame costs
  // on a machine shared with other work, where the wall clock also counts the waits for a core).
  static constexpr int kUntimedFrames = 10;
  int framesSeen_ = 0;
  int framesTimed_ = 0;
  double frameSecondsTotal_ = 0;
  double frameSecondsMax_ = 0;
  std::clock_t cpuClockStart_ = 0, cpuClockLast_ = 0;

  // Dialogs.
  bool openDialogRequested_ = false;
  bool saveAsDialogRequested_ = false;
  std::string dialogPath_;
  std::string errorMessage_;
  bool errorIsWarning_ = false;  // reportWarnings': titled "Warning", and something was done
  bool errorRequested_ = false;
  bool errorOpen_ = false;  // the error dialog is showing errorMessage_ (until dismissed)
  bool exportDialogRequested_ = false;
  std::string fileDialogShown_;                // the file dialog open last frame ("Save scene as"), for --dump-state
  std::optional<std::string> replacePrompt_;   // the file the "Replace it?" question is about, while it is asked

  // The labs not shown, kept alive with what the shell holds for them (by lab name).
  struct KeptLab {
    std::unique_ptr<Lab> lab;
    std::vector<Viewport> views;
    TimelinePlayback timeline;
    Scene sceneInfo;
    LessonFold lessonFold;
    std::string scenePath;
    bool pendingFit = true;
    std::vector<Json> fittedCameras;
    EditHistory history;
  };
  std::map<std::string, KeptLab, std::less<>> keptLabs_;
  EditHistory history_;  // the current lab's
  bool lessonTyped_ = false;  // the lesson was edited in Save As: it describes the scene it saves
  mutable std::uint64_t lessonRevision_ = 0;  // history_.revision() that lessonChanges_ was worked out for
  mutable std::string lessonChanges_;
  bool itemWasActive_ = false;
  ScreenRect labPicker_{0, 0, 0, 0};                   // for --dump-state (GUI tests)
  std::map<std::string, ScreenRect, std::less<>> labPickerItems_;

  // What waits on the unsaved-changes prompt: a quit, or a scene to open (from a file when path is not empty).
  struct PendingAction {
    bool quit = false;
    Scene scene;
    std::string path;
    bool atLastStep = false;
  };
  std::optional<PendingAction> pending_;
  bool unsavedPromptRequested_ = false;
  std::string unsavedPromptLab_;  // the lab the prompt is about
};

}  // namespace lab
