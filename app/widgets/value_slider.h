// app/widgets/value_slider.h: ImGui sliders whose value is written beside the grab, never under it.
//
// ImGui writes a slider's value centred over its frame, and the grab slides under the words: the timeline's speed
// read "2.00 steps/s" with the knob on its "2" in every screenshot (newcomer review s31). These draw the same frame
// and grab with no text, then write the value centred in the wider part of the frame left or right of the grab.
// Ctrl+click still types a value.
#pragma once

#include <string_view>

#include <imgui.h>

namespace lab {

bool valueSliderFloat(const char* label, float* value, float min, float max, const char* format,
                      ImGuiSliderFlags flags = 0);
bool valueSliderInt(const char* label, int* value, int min, int max, const char* format = "%d",
                    ImGuiSliderFlags flags = 0);

// Where the value's text goes in a frame [frameMin, frameMax] (x only) whose grab covers [grabMin, grabMax]: the
// left x of text `textWidth` wide, centred in the wider free side (the slider's drawing, kept apart for tests).
[[nodiscard]] float valueTextX(float frameMin, float frameMax, float grabMin, float grabMax, float textWidth);

}  // namespace lab
