// app/shell/help_overlay.h: the F1 overlay listing every shortcut: the shell's, the timeline's and the lab's.
#pragma once

#include <span>

#include "lab/vocabulary.h"

namespace lab {

// The shell's and the timeline's shortcuts, as the overlay lists them.
[[nodiscard]] std::span<const Shortcut> globalShortcuts();

// Draws the overlay when `open`; closing it (Escape, F1 or its button) clears `open`.
void drawHelpOverlay(bool& open, const std::vector<Shortcut>& labShortcuts, const char* labName);

}  // namespace lab
