// app/platform/theme.h: the dark ImGui style and the fonts, scaled for high-DPI displays.
#pragma once

namespace lab {

// contentScale: the monitor's content scale (1 on a 96 dpi display, 2 on "retina").
void applyTheme(float contentScale);

}  // namespace lab
