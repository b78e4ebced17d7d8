#include "ui/timeline.h"

#include <algorithm>
#include <cstdio>

#define GLFW_INCLUDE_NONE  // key codes only; no GL header
#include <GLFW/glfw3.h>
#include <imgui.h>

#include "labs/lab.h"

namespace lab {

namespace {
void goTo(Lab& lab, int index) {
  const int last = std::max(lab.stepCount() - 1, 0);
  lab.setStep(std::clamp(index, 0, last));
}
}  // namespace

void updateTimeline(Timeline& timeline, Lab& lab, double seconds, std::span<const KeyPress> keys) {
  const int count = lab.stepCount();
  if (!ImGui::GetIO().WantCaptureKeyboard) {
    const int forward = countPresses(keys, GLFW_KEY_RIGHT) - countPresses(keys, GLFW_KEY_LEFT);
    if (forward != 0) {
      timeline.playing = false;
      goTo(lab, lab.stepIndex() + forward);
    }
    if (countPresses(keys, GLFW_KEY_HOME) > 0) goTo(lab, 0);
    if (countPresses(keys, GLFW_KEY_END) > 0) goTo(lab, count - 1);
    if (countPresses(keys, GLFW_KEY_SPACE) % 2 == 1) {
      // Play from the start again when at the end.
      if (!timeline.playing && lab.stepIndex() >= count - 1) goTo(lab, 0);
      timeline.playing = !timeline.playing;
      timeline.accumulator = 0;
    }
  }
  if (!timeline.playing) return;
  if (count <= 1 || lab.stepIndex() >= count - 1) {
    timeline.playing = false;
    return;
  }
  timeline.accumulator += seconds * timeline.stepsPerSecond;
  const int steps = static_cast<int>(timeline.accumulator);
  if (steps > 0) {
    timeline.accumulator -= steps;
    goTo(lab, lab.stepIndex() + steps);
  }
}

void drawTimeline(Timeline& timeline, Lab& lab) {
  const int count = lab.stepCount();
  const int index = lab.stepIndex();
  const bool empty = count <= 0;
  const float buttonWidth = ImGui::GetFrameHeight() * 1.6f;
  ImGui::BeginDisabled(empty);
  if (ImGui::Button("|<", ImVec2(buttonWidth, 0))) goTo(lab, 0);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("First step (Home)");
  ImGui::SameLine();
  if (ImGui::Button("<", ImVec2(buttonWidth, 0))) goTo(lab, index - 1);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Step back (Left)");
  ImGui::SameLine();
  if (ImGui::Button(timeline.playing ? "Pause" : "Play", ImVec2(buttonWidth * 2.0f, 0))) {
    if (!timeline.playing && index >= count - 1) goTo(lab, 0);
    timeline.playing = !timeline.playing;
    timeline.accumulator = 0;
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Play or pause (Space)");
  ImGui::SameLine();
  if (ImGui::Button(">", ImVec2(buttonWidth, 0))) goTo(lab, index + 1);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Step forward (Right)");
  ImGui::SameLine();
  if (ImGui::Button(">|", ImVec2(buttonWidth, 0))) goTo(lab, count - 1);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Last step (End)");
  ImGui::SameLine();

  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9.0f);
  ImGui::SliderFloat("##speed", &timeline.stepsPerSecond, 0.25f, 30.0f, "%.2f steps/s",
                     ImGuiSliderFlags_Logarithmic);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Playback speed");
  ImGui::SameLine();

  int scrub = empty ? 0 : index + 1;  // people count steps from 1
  char format[48];
  std::snprintf(format, sizeof format, empty ? "no steps" : "step %%d of %d", count);
  ImGui::SetNextItemWidth(-1.0f);
  if (ImGui::SliderInt("##step", &scrub, empty ? 0 : 1, std::max(count, 1), format)) {
    timeline.playing = false;
    goTo(lab, scrub - 1);
  }
  ImGui::EndDisabled();
}

}  // namespace lab
