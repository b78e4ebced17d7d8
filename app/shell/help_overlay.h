// app/shell/help_overlay.h: the F1 overlay listing every shortcut: the shell's, the timeline's and the lab's.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "lab/vocabulary.h"
#include "render/camera.h"

namespace lab {

// What the lab in front has, which decides what the overlay lists.
struct HelpContext {
  bool scene = true;           // Lab::hasScene: shapes to save, undo, copy and look at in a view (not Experiments)
  bool timeline = true;        // Lab::hasTimeline: its keys
  bool stepJumps = false;      // its timeline has kinds of step to jump between (widgets/timeline.h)
  bool planarViews = false;    // a 2D view: its pan, zoom and fit
  bool spatialViews = false;   // a 3D view: the orbit camera's keys
  // What Ctrl+C copies in this lab, in words ("the pair as a `collision-lab query` line ..."); empty: nothing (the
  // Shapes lab). F1 said "copy the pair as a query line" in the broad-phase labs, where it copies their command.
  std::string copies;
};

// One heading of the overlay ("Everywhere", "In a 3D view", "In the Broad phase lab") and its shortcuts.
struct HelpSection {
  std::string title;
  std::vector<Shortcut> shortcuts;
};

// The shell's shortcuts that do something in a lab like `context` (no Save, undo, copy or view keys in a lab with
// no scene: F1 in Experiments listed F, G and the view's drag, which did nothing there), the timeline's when it
// has one.
[[nodiscard]] std::vector<Shortcut> globalShortcuts(const HelpContext& context);
// The camera of a 3D (spatial) view: orbit, pan, zoom, view presets, projection.
[[nodiscard]] std::span<const Shortcut> spatialViewShortcuts();
// The overlay's sections, in order: everywhere, the timeline's jumps, a 2D view, a 3D view, the lab's own (each view
// kind's keys once: a lab of 3D views listed the 2D view's drag and wheel beside the 3D camera's).
[[nodiscard]] std::vector<HelpSection> helpSections(const HelpContext& context, const std::vector<Shortcut>& labShortcuts,
                                                    const std::string& labName);

// Where the overlay drew: its window and each row (the keys to the end of the action's last line), window pixels,
// for --dump-state (a test checks every row lies whole inside the window at 100 to 200 %).
struct HelpRow {
  std::string keys;
  ScreenRect box;
};
struct HelpLayout {
  ScreenRect window{0, 0, 0, 0};
  std::vector<HelpRow> rows;
};

// Draws the overlay of `sections` when `open`, no wider than the app's window (long actions wrap); closing it
// (Escape, F1 or its button) clears `open`.
HelpLayout drawHelpOverlay(bool& open, const std::vector<HelpSection>& sections);

}  // namespace lab
