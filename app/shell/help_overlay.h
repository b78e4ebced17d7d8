// app/shell/help_overlay.h: the F1 overlay listing every shortcut: the shell's, the timeline's and the lab's.
#pragma once

#include <span>

#include "lab/vocabulary.h"

namespace lab {

// The shell's and the timeline's shortcuts, as the overlay lists them.
[[nodiscard]] std::span<const Shortcut> globalShortcuts();
// The camera of a 3D (spatial) view: orbit, pan, zoom, view presets, projection.
[[nodiscard]] std::span<const Shortcut> spatialViewShortcuts();

// Draws the overlay when `open`; closing it (Escape, F1 or its button) clears `open`. `spatialViews`: the lab
// has a 3D view, so the 3D camera's shortcuts are listed too; `stepJumps`: its timeline has kinds of step to jump
// between (widgets/timeline.h), so the jump keys are.
void drawHelpOverlay(bool& open, const std::vector<Shortcut>& labShortcuts, const char* labName,
                     bool spatialViews = false, bool stepJumps = false);

}  // namespace lab
