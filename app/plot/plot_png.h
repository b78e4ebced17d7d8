// app/plot/plot_png.h: a plot as a PNG, drawn by the same ImDrawList code as the panel into an off-screen
// framebuffer. Needs a current OpenGL 3.3 context (the GUI's window, or a hidden one for the CLI) and an ImGui
// context; it renders in a temporary ImGui context of its own, so it may be called in the middle of a GUI frame.
#pragma once

#include <span>
#include <string>

#include "plot/plot.h"

namespace lab {

// False with `error` when the framebuffer or the file cannot be made.
// The plots side by side in one picture (sideBySide), usually one.
[[nodiscard]] bool writePlotPng(const std::string& path, std::span<const RangedPlot> plots, int width, int height,
                                std::string& error);

}  // namespace lab
