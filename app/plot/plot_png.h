// app/plot/plot_png.h: a plot as a PNG, drawn by the same ImDrawList code as the panel into an off-screen
// framebuffer. Needs a current OpenGL 3.3 context (the GUI's window, or a hidden one for the CLI) and an ImGui
// context; it renders in a temporary ImGui context of its own, so it may be called in the middle of a GUI frame.
#pragma once

#include <string>

#include "plot/plot.h"

namespace lab {

// False with `error` when the framebuffer or the file cannot be made.
[[nodiscard]] bool writePlotPng(const std::string& path, const Plot& plot, const PlotRange& range, int width,
                                int height, std::string& error);

}  // namespace lab
