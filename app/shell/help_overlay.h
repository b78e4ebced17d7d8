// app/shell/help_overlay.h: the F1 overlay listing every shortcut: the shell's, the timeline's and the lab's.
#pragma once

#include <span>
#include <vector>

#include "lab/vocabulary.h"

namespace lab {

// The shell's shortcuts and, for a lab with a timeline, the timeline's, as the overlay lists them.
[[nodiscard]] std::vector<Shortcut> globalShortcuts(bool timeline = true);
// The camera of a 3D (spatial) view: orbit, pan, zoom, view presets, projection.
[[nodiscard]] std::span<const Shortcut> spatialViewShortcuts();

// Draws the overlay when `open`; closing it (Escape, F1 or its button) clears `open`. `spatialViews`: the lab
// has a 3D view, so the 3D camera's shortcuts are listed too; `timeline`: the lab has one (Lab::hasTimeline), so
// its keys are listed; `stepJumps`: its timeline has kinds of step to jump between (widgets/timeline.h), so the
// jump keys are.
void drawHelpOverlay(bool& open, const std::vector<Shortcut>& labShortcuts, const char* labName,
                     bool spatialViews = false, bool timeline = true, bool stepJumps = false);

}  // namespace lab
