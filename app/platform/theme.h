// app/platform/theme.h: the dark ImGui style and the fonts, scaled for high-DPI displays.
#pragma once

#include <imgui.h>

#include "render/color.h"

namespace lab {

// A palette colour for ImGui's widgets.
[[nodiscard]] inline ImVec4 toImVec4(Color color) { return {color.r, color.g, color.b, color.a}; }

// contentScale: the monitor's content scale (1 on a 96 dpi display, 2 on "retina").
void applyTheme(float contentScale);

}  // namespace lab
