#include "widgets/step_list.h"

#include <algorithm>
#include <cstdio>
#include <string_view>
#include <vector>

#include <imgui.h>

#include "render/color.h"
#include "widgets/wrapped_text.h"

namespace lab {

bool drawStepList(int& step, std::span<const StepListEntry> entries, const std::string& stopReason, int visibleRows) {
  if (entries.empty()) return false;
  bool changed = false;
  // A row wider than the list wraps under its text (it was cut mid-word with no sign of it), within the list's
  // width less its padding and a scrollbar; the full text also shows on hover.
  const ImGuiStyle& style = ImGui::GetStyle();
  const double width = ImGui::GetContentRegionAvail().x - 2.0f * style.WindowPadding.x - style.ScrollbarSize;
  std::vector<std::string> labels;
  labels.reserve(entries.size());
  // As tall as its lines (steps, phase markers, the stop line), up to visibleRows.
  int rows = stopReason.empty() ? 0 : 1;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    char number[32];
    std::snprintf(number, sizeof number, "%3d  ", static_cast<int>(i) + 1);
    labels.push_back(hangingLines(number, entries[i].summary, width, [](std::string_view part) {
      return static_cast<double>(ImGui::CalcTextSize(part.data(), part.data() + part.size()).x);
    }));
    rows += 1 + static_cast<int>(std::count(labels.back().begin(), labels.back().end(), '\n'));
    rows += i == 0 || entries[i].phase != entries[i - 1].phase ? 1 : 0;
  }
  const float rowHeight = ImGui::GetTextLineHeightWithSpacing();
  const float height = rowHeight * static_cast<float>(std::min(rows, std::max(visibleRows, 2))) + 2.0f * style.WindowPadding.y;
  ImGui::BeginChild("##step list", ImVec2(0, height), true);
  const ImVec4 marker(palette::kAccent.r, palette::kAccent.g, palette::kAccent.b, 1.0f);
  for (int i = 0; i < static_cast<int>(entries.size()); ++i) {
    const StepListEntry& entry = entries[static_cast<std::size_t>(i)];
    if (i == 0 || entry.phase != entries[static_cast<std::size_t>(i - 1)].phase)
      ImGui::TextColored(marker, "%s", entry.phase.c_str());
    ImGui::PushID(i);
    const bool current = i == step;
    if (ImGui::Selectable(labels[static_cast<std::size_t>(i)].c_str(), current) && !current) {
      step = i;
      changed = true;
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", entry.summary.c_str());
    // Keep the current step in view as the timeline moves (not while the user scrolls after a click).
    if (current && !changed && !ImGui::IsItemVisible()) ImGui::SetScrollHereY(0.5f);
    ImGui::PopID();
  }
  if (!stopReason.empty()) ImGui::TextDisabled("stop: %s", stopReason.c_str());
  ImGui::EndChild();
  return changed;
}

}  // namespace lab
