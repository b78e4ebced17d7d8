// app/widgets/timeline.cpp: see timeline.h.
#include "widgets/timeline.h"

#include <algorithm>
#include <cstdio>

#define GLFW_INCLUDE_NONE  // key codes only; no GL header
#include <GLFW/glfw3.h>
#include <imgui.h>

namespace lab {

namespace {
// Moves `step` to `index`, clamped to the steps that exist; true when it moved.
bool goTo(int& step, int count, int index) {
  const int clamped = std::clamp(index, 0, std::max(count - 1, 0));
  if (clamped == step) return false;
  step = clamped;
  return true;
}

bool togglePlay(int& step, int count, TimelinePlayback& playback) {
  // Play from the start again when at the end.
  const bool moved = !playback.playing && step >= count - 1 && goTo(step, count, 0);
  playback.playing = !playback.playing;
  playback.accumulator = 0;
  return moved;
}
}  // namespace

bool isTimelineKey(const KeyPress& press) {
  return isPress(press, GLFW_KEY_RIGHT) || isPress(press, GLFW_KEY_LEFT) || isPress(press, GLFW_KEY_HOME) ||
         isPress(press, GLFW_KEY_END) || isPress(press, GLFW_KEY_SPACE);
}

bool updateTimeline(int& step, int count, TimelinePlayback& playback, double seconds, std::span<const KeyPress> keys) {
  bool changed = false;
  const int forward = countPresses(keys, GLFW_KEY_RIGHT) - countPresses(keys, GLFW_KEY_LEFT);
  if (forward != 0) {
    playback.playing = false;
    changed |= goTo(step, count, step + forward);
  }
  if (countPresses(keys, GLFW_KEY_HOME) > 0) changed |= goTo(step, count, 0);
  if (countPresses(keys, GLFW_KEY_END) > 0) changed |= goTo(step, count, count - 1);
  if (countPresses(keys, GLFW_KEY_SPACE) % 2 == 1) changed |= togglePlay(step, count, playback);
  if (!playback.playing) return changed;
  if (count <= 1 || step >= count - 1) {
    playback.playing = false;
    return changed;
  }
  playback.accumulator += seconds * playback.stepsPerSecond;
  const int steps = static_cast<int>(playback.accumulator);
  if (steps > 0) {
    playback.accumulator -= steps;
    changed |= goTo(step, count, step + steps);
  }
  return changed;
}

float fastestStepsPerSecond(int count) { return std::max(30.0f, static_cast<float>(count) / 10.0f); }

bool drawTimeline(int& step, int count, TimelinePlayback& playback) {
  bool changed = false;
  const bool empty = count <= 0;
  const float buttonWidth = ImGui::GetFrameHeight() * 1.6f;
  ImGui::BeginDisabled(empty);
  if (ImGui::Button("|<", ImVec2(buttonWidth, 0))) changed |= goTo(step, count, 0);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("First step (Home)");
  ImGui::SameLine();
  if (ImGui::Button("<", ImVec2(buttonWidth, 0))) changed |= goTo(step, count, step - 1);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Step back (Left)");
  ImGui::SameLine();
  if (ImGui::Button(playback.playing ? "Pause" : "Play", ImVec2(buttonWidth * 2.0f, 0)))
    changed |= togglePlay(step, count, playback);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Play or pause (Space)");
  ImGui::SameLine();
  if (ImGui::Button(">", ImVec2(buttonWidth, 0))) changed |= goTo(step, count, step + 1);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Step forward (Right)");
  ImGui::SameLine();
  if (ImGui::Button(">|", ImVec2(buttonWidth, 0))) changed |= goTo(step, count, count - 1);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Last step (End)");
  ImGui::SameLine();

  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9.0f);
  ImGui::SliderFloat("##speed", &playback.stepsPerSecond, 0.25f, fastestStepsPerSecond(count), "%.2f steps/s",
                     ImGuiSliderFlags_Logarithmic);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Playback speed (at the top, the whole run in 10 s or less)");
  ImGui::SameLine();

  if (empty) {
    // An empty bar: a slider over [0, 1] drew its grab across half the width, which read as half way through.
    ImGui::ProgressBar(0.0f, ImVec2(-1.0f, 0.0f), "no steps");
  } else {
    int scrub = step + 1;  // people count steps from 1
    char format[48];
    std::snprintf(format, sizeof format, "step %%d of %d", count);
    ImGui::SetNextItemWidth(-1.0f);
    if (ImGui::SliderInt("##step", &scrub, 1, count, format)) {
      playback.playing = false;
      changed |= goTo(step, count, scrub - 1);
    }
  }
  ImGui::EndDisabled();
  return changed;
}

}  // namespace lab
