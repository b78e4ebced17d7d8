#include "widgets/value_slider.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>

namespace lab {

namespace {

// The value's ratio along the frame, as ImGui maps it (linearly, or by its logarithm with ImGuiSliderFlags_Logarithmic
// over a positive range).
float ratioOf(double value, double min, double max, ImGuiSliderFlags flags) {
  if (!(max > min)) return 0.0f;
  if ((flags & ImGuiSliderFlags_Logarithmic) && min > 0 && value > 0)
    return static_cast<float>(std::log(value / min) / std::log(max / min));
  return static_cast<float>((value - min) / (max - min));
}

// The grab's span along x as ImGui 1.86 places it (SliderBehaviorT: 2 pixels of padding, the grab GrabMinSize wide,
// or for an integer slider a share of the frame per value), for the value's ratio t in [0, 1].
std::pair<float, float> grabSpan(float frameMin, float frameMax, float t, int integerValues) {
  constexpr float kGrabPadding = 2.0f;
  const float sliderSize = frameMax - frameMin - 2.0f * kGrabPadding;
  float grab = ImGui::GetStyle().GrabMinSize;
  if (integerValues > 0) grab = std::max(sliderSize / static_cast<float>(integerValues), grab);
  grab = std::min(grab, sliderSize);
  const float centre = frameMin + kGrabPadding + 0.5f * grab + std::clamp(t, 0.0f, 1.0f) * (sliderSize - grab);
  return {centre - 0.5f * grab, centre + 0.5f * grab};
}

// The value's text in the slider just drawn (`width` wide), beside its grab.
void drawValue(const char* text, float width, float t, int integerValues) {
  const ImVec2 frameMin = ImGui::GetItemRectMin();
  const float frameMax = frameMin.x + width;
  const auto [grabMin, grabMax] = grabSpan(frameMin.x, frameMax, t, integerValues);
  const ImVec2 size = ImGui::CalcTextSize(text);
  const float x = valueTextX(frameMin.x, frameMax, grabMin, grabMax, size.x);
  const float y = frameMin.y + 0.5f * (ImGui::GetFrameHeight() - size.y);
  ImGui::GetWindowDrawList()->AddText(ImVec2(std::round(x), std::round(y)), ImGui::GetColorU32(ImGuiCol_Text), text);
}

}  // namespace

float valueTextX(float frameMin, float frameMax, float grabMin, float grabMax, float textWidth) {
  constexpr float kGap = 4.0f;  // between the text and the grab or the frame's end, at the least
  const float left = grabMin - frameMin, right = frameMax - grabMax;
  // Too wide for either side (a narrow scrub bar at 200 %): centred over the frame as ImGui writes it, since text
  // beside the grab would run off the frame and be cut.
  if (std::max(left, right) < textWidth + 2.0f * kGap) return frameMin + 0.5f * (frameMax - frameMin - textWidth);
  if (right >= left) return grabMax + 0.5f * (right - textWidth);
  return frameMin + 0.5f * (left - textWidth);
}

bool valueSliderFloat(const char* label, float* value, float min, float max, const char* format, ImGuiSliderFlags flags) {
  const float width = ImGui::CalcItemWidth();
  const bool changed = ImGui::SliderFloat(label, value, min, max, "", flags);
  char text[96];
  std::snprintf(text, sizeof text, format, static_cast<double>(*value));
  drawValue(text, width, ratioOf(*value, min, max, flags), 0);
  return changed;
}

bool valueSliderInt(const char* label, int* value, int min, int max, const char* format, ImGuiSliderFlags flags) {
  const float width = ImGui::CalcItemWidth();
  const bool changed = ImGui::SliderInt(label, value, min, max, "", flags);
  char text[96];
  std::snprintf(text, sizeof text, format, *value);
  drawValue(text, width, ratioOf(*value, min, max, flags), max >= min ? max - min + 1 : 0);
  return changed;
}

}  // namespace lab
