// app/render/grid.h: the background grid of a viewport: minor and major lines at a "nice" spacing
// (1, 2 or 5 times a power of ten) for the current zoom, the two axes, the origin and the axis numbers.
#pragma once

#include <string>

#include "render/renderer2d.h"

namespace lab {

// The world spacing of the minor grid lines for a zoom, so that they are at least `minimumPixels` apart.
[[nodiscard]] double gridSpacing(double pixelsPerUnit, double minimumPixels = 24.0);

void drawGrid(Renderer2D& renderer, const Camera& camera, bool showLines);

// A coordinate as the grid's numbers and the pointer's readout write it: short ("%g") near the origin; from 1e4 on,
// in full with as many decimals as `resolution` (a grid spacing, a pixel's width) resolves, where "%g" wrote
// "1e+06" for every number of the view.
[[nodiscard]] std::string formatCoordinate(double value, double resolution);

}  // namespace lab
