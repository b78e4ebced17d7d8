// app/plot/plot_svg.h: a plot as SVG, written directly from the plot model by plot.h's drawPlot through an SVG
// canvas, so the SVG shows what the PNG and the panel show (one plot model, two back ends).
#pragma once

#include <span>
#include <string>

#include "plot/plot.h"

namespace lab {

// The SVG document of width x height pixels of the plots side by side (sideBySide), usually one.
[[nodiscard]] std::string plotToSvg(std::span<const RangedPlot> plots, int width, int height);

// Writes it to `path` (replaced only once complete). False with `error` on failure.
[[nodiscard]] bool writePlotSvg(const std::string& path, std::span<const RangedPlot> plots, int width, int height,
                                std::string& error);

}  // namespace lab
