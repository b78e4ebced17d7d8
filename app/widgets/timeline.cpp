// app/widgets/timeline.cpp: see timeline.h.
#include "widgets/timeline.h"
#include "widgets/value_slider.h"

#include <algorithm>
#include <cstdio>
#include <string>

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

// One jump to the previous (-1) or next (+1) step of `kind`; stops playback, as stepping does.
bool jump(int& step, int count, TimelinePlayback& playback, const StepKind& kind, int direction) {
  const std::optional<int> target = jumpTarget(kind.steps, step, direction);
  if (!target) return false;
  playback.playing = false;
  return goTo(step, count, *target);
}

// "leaf test (556)": the picker's entry for a kind.
std::string kindLabel(const StepKind& kind) { return kind.name + " (" + std::to_string(kind.steps.size()) + ")"; }
// Its widest form at any step: "leaf test 556 of 556".
std::string widestKindLabel(const StepKind& kind) {
  const std::string n = std::to_string(kind.steps.size());
  return kind.name + " " + n + " of " + n;
}

// The tooltip of a jump button: where it goes (saying so when it wraps round), or why it cannot.
std::string jumpTooltip(const StepKind& kind, int step, std::optional<int> target, bool forward) {
  if (target) {
    const bool wraps = forward ? *target < step : *target > step;
    return std::string(forward ? "Next " : "Previous ") + kind.name + ": step " + std::to_string(*target + 1) +
           (wraps ? (forward ? ", the first (none after this step)" : ", the last (none before this step)") : "") +
           (forward ? " (Shift+Right)" : " (Shift+Left)");
  }
  std::string text = "No " + kind.name + (kind.steps.empty() ? "" : " other than this step");
  if (kind.steps.empty() && !kind.absent.empty()) text += ": " + kind.absent;
  return text;
}

// [<] [kind (count)] [>]: the jumps and the kind they go to.
// As wide as the longest entry, so the bar does not shift when the counts change.
float jumpComboWidth(std::span<const StepKind> kinds) {
  float widest = 0;
  for (const StepKind& k : kinds) widest = std::max(widest, ImGui::CalcTextSize(widestKindLabel(k).c_str()).x);
  return widest + ImGui::GetStyle().FramePadding.x * 2.0f + ImGui::GetFrameHeight();
}

// The transport's widths: the step buttons (Play twice as wide) and the speed slider (its number beside the grab
// and the unit after the frame: "2.00 steps/s" in a 9-em frame left no side of the grab wide enough for it, and the
// knob sat on its "2").
float stepButtonWidth() { return ImGui::GetFrameHeight() * 1.6f; }
float speedSliderWidth() { return ImGui::GetFontSize() * 6.0f; }

bool drawJumps(int& step, int count, TimelinePlayback& playback, std::span<const StepKind> kinds) {
  bool changed = false;
  const int chosen = jumpKindIndex(kinds, playback);
  const StepKind& kind = kinds[static_cast<std::size_t>(chosen)];
  const std::optional<int> before = jumpTarget(kind.steps, step, -1);
  ImGui::BeginDisabled(!before);
  if (ImGui::ArrowButton("##jumpBack", ImGuiDir_Left)) changed |= jump(step, count, playback, kind, -1);
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("%s", jumpTooltip(kind, step, before, false).c_str());
  ImGui::SameLine(0.0f, ImGui::GetStyle().ItemInnerSpacing.x);

  ImGui::SetNextItemWidth(jumpComboWidth(kinds));
  if (ImGui::BeginCombo("##jumpKind", jumpKindLabel(kind, step).c_str())) {
    for (std::size_t i = 0; i < kinds.size(); ++i) {
      if (ImGui::Selectable(kindLabel(kinds[i]).c_str(), static_cast<int>(i) == chosen)) playback.jumpKind = kinds[i].name;
    }
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("The kind of step the arrows jump to (Shift+Up / Shift+Down: another kind)");
  ImGui::SameLine(0.0f, ImGui::GetStyle().ItemInnerSpacing.x);

  const std::optional<int> after = jumpTarget(kind.steps, step, +1);
  ImGui::BeginDisabled(!after);
  if (ImGui::ArrowButton("##jumpOn", ImGuiDir_Right)) changed |= jump(step, count, playback, kind, +1);
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("%s", jumpTooltip(kind, step, after, true).c_str());
  return changed;
}

bool togglePlay(int& step, int count, TimelinePlayback& playback) {
  // Play from the start again when at the end.
  const bool moved = !playback.playing && step >= count - 1 && goTo(step, count, 0);
  playback.playing = !playback.playing;
  playback.accumulator = 0;
  return moved;
}
}  // namespace

std::optional<int> nextStepOf(std::span<const int> steps, int step) {
  const auto it = std::upper_bound(steps.begin(), steps.end(), step);
  if (it == steps.end()) return std::nullopt;
  return *it;
}

std::optional<int> previousStepOf(std::span<const int> steps, int step) {
  const auto it = std::lower_bound(steps.begin(), steps.end(), step);
  if (it == steps.begin()) return std::nullopt;
  return *(it - 1);
}

std::optional<int> jumpTarget(std::span<const int> steps, int step, int direction) {
  std::optional<int> target = direction > 0 ? nextStepOf(steps, step) : previousStepOf(steps, step);
  if (!target && !steps.empty()) target = direction > 0 ? steps.front() : steps.back();
  if (target == step) return std::nullopt;
  return target;
}

Json stepJumpJson(std::span<const StepKind> kinds, int step, const TimelinePlayback& playback) {
  const auto orNull = [](std::optional<int> target) { return target ? Json(*target) : Json(nullptr); };
  Json list = Json::array();
  for (const StepKind& kind : kinds) {
    list.push_back({{"name", kind.name},
                    {"count", kind.steps.size()},
                    {"previous", orNull(jumpTarget(kind.steps, step, -1))},
                    {"next", orNull(jumpTarget(kind.steps, step, +1))}});
  }
  const int index = jumpKindIndex(kinds, playback);
  return {{"kind", index < 0 ? std::string() : kinds[static_cast<std::size_t>(index)].name}, {"kinds", list}};
}

std::string jumpKindLabel(const StepKind& kind, int step) {
  const auto at = std::lower_bound(kind.steps.begin(), kind.steps.end(), step);
  if (at == kind.steps.end() || *at != step) return kindLabel(kind);
  return kind.name + " " + std::to_string(at - kind.steps.begin() + 1) + " of " + std::to_string(kind.steps.size());
}

int jumpKindIndex(std::span<const StepKind> kinds, const TimelinePlayback& playback) {
  if (kinds.empty()) return -1;
  for (std::size_t i = 0; i < kinds.size(); ++i) {
    if (kinds[i].name == playback.jumpKind) return static_cast<int>(i);
  }
  for (std::size_t i = 0; i < kinds.size(); ++i) {
    if (!kinds[i].steps.empty()) return static_cast<int>(i);
  }
  return 0;
}

namespace {
const Shortcut kJumpShortcuts[] = {
    {"Shift+Left / Shift+Right", "previous / next step of the kind picked beside the arrows (leaf test, prune ...), round to the first after the last"},
    {"Shift+Up / Shift+Down", "pick the previous / next kind of step to jump to"},
};
}  // namespace

std::span<const Shortcut> stepJumpShortcuts() { return kJumpShortcuts; }

bool isTimelineKey(const KeyPress& press) {
  for (const int key : {GLFW_KEY_LEFT, GLFW_KEY_RIGHT, GLFW_KEY_UP, GLFW_KEY_DOWN}) {
    if (isPress(press, key, kModShift)) return true;
  }
  return isPress(press, GLFW_KEY_RIGHT) || isPress(press, GLFW_KEY_LEFT) || isPress(press, GLFW_KEY_HOME) ||
         isPress(press, GLFW_KEY_END) || isPress(press, GLFW_KEY_SPACE);
}

bool updateTimeline(int& step, int count, TimelinePlayback& playback, double seconds, std::span<const KeyPress> keys,
                    std::span<const StepKind> kinds) {
  bool changed = false;
  if (!kinds.empty()) {
    // In the order pressed: Shift+Down then Shift+Right jumps to the kind just picked.
    const auto kindCount = static_cast<int>(kinds.size());
    for (const KeyPress& press : keys) {
      const int turn = isPress(press, GLFW_KEY_DOWN, kModShift) ? 1 : isPress(press, GLFW_KEY_UP, kModShift) ? -1 : 0;
      if (turn != 0) {
        // Past the kinds with no step (SAT lite off: no false positive), which would leave both arrows dead; the
        // picker still lists them, with the reason.
        int next = jumpKindIndex(kinds, playback);
        for (int tried = 0; tried < kindCount; ++tried) {
          next = (next + turn + kindCount) % kindCount;
          if (!kinds[static_cast<std::size_t>(next)].steps.empty()) break;
        }
        playback.jumpKind = kinds[static_cast<std::size_t>(next)].name;
      }
      const int direction = isPress(press, GLFW_KEY_RIGHT, kModShift) ? 1 : isPress(press, GLFW_KEY_LEFT, kModShift) ? -1 : 0;
      if (direction != 0) changed |= jump(step, count, playback, kinds[static_cast<std::size_t>(jumpKindIndex(kinds, playback))], direction);
    }
  }
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

bool drawTimeline(int& step, int count, TimelinePlayback& playback, std::span<const StepKind> kinds) {
  bool changed = false;
  const bool empty = count <= 0;
  const float buttonWidth = stepButtonWidth();
  const int rows = timelineRows(count, kinds, ImGui::GetContentRegionAvail().x);
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

  ImGui::SetNextItemWidth(speedSliderWidth());
  valueSliderFloat("steps/s##speed", &playback.stepsPerSecond, 0.25f, fastestStepsPerSecond(count), "%.3g",
                   ImGuiSliderFlags_Logarithmic);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Playback speed (at the top, the whole run in 10 s or less)");
  if (!kinds.empty()) {
    ImGui::SameLine();
    changed |= drawJumps(step, count, playback, kinds);
  }
  if (rows == 1) ImGui::SameLine();

  if (empty) {
    // An empty bar: a slider over [0, 1] drew its grab across half the width, which read as half way through.
    ImGui::ProgressBar(0.0f, ImVec2(-1.0f, 0.0f), "no steps");
  } else {
    int scrub = step + 1;  // people count steps from 1
    char format[48];
    std::snprintf(format, sizeof format, "step %%d of %d", count);
    ImGui::SetNextItemWidth(-1.0f);
    if (valueSliderInt("##step", &scrub, 1, count, format)) {
      playback.playing = false;
      changed |= goTo(step, count, scrub - 1);
    }
  }
  ImGui::EndDisabled();
  return changed;
}

int timelineRows(int count, std::span<const StepKind> kinds, float width) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float transport = 6.0f * stepButtonWidth() + speedSliderWidth() + style.ItemInnerSpacing.x +
                          ImGui::CalcTextSize("steps/s").x + 6.0f * style.ItemSpacing.x +
                          (kinds.empty() ? 0.0f
                                         : jumpComboWidth(kinds) + 2.0f * ImGui::GetFrameHeight() +
                                               2.0f * style.ItemInnerSpacing.x + style.ItemSpacing.x);
  char widest[48];
  std::snprintf(widest, sizeof widest, "step %d of %d", std::max(count, 1), std::max(count, 1));
  const float scrub = 2.0f * (ImGui::CalcTextSize(widest).x + 8.0f) + style.GrabMinSize + 4.0f;  // valueTextX's gaps
  return count > 0 && width - transport < scrub ? 2 : 1;
}

}  // namespace lab
