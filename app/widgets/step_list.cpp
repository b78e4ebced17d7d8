#include "widgets/step_list.h"

#include <algorithm>
#include <cstdio>

#include <imgui.h>

#include "render/color.h"

namespace lab {

bool drawStepList(int& step, std::span<const StepListEntry> entries, const std::string& stopReason, int visibleRows) {
  if (entries.empty()) return false;
  bool changed = false;
  // As tall as its rows (steps, phase markers, the stop line), up to visibleRows.
  int rows = static_cast<int>(entries.size()) + (stopReason.empty() ? 0 : 1);
  for (std::size_t i = 0; i < entries.size(); ++i) rows += i == 0 || entries[i].phase != entries[i - 1].phase ? 1 : 0;
  const float rowHeight = ImGui::GetTextLineHeightWithSpacing();
  const float height = rowHeight * static_cast<float>(std::min(rows, std::max(visibleRows, 2))) +
                       2.0f * ImGui::GetStyle().WindowPadding.y;
  ImGui::BeginChild("##step list", ImVec2(0, height), true);
  const ImVec4 marker(palette::kAccent.r, palette::kAccent.g, palette::kAccent.b, 1.0f);
  for (int i = 0; i < static_cast<int>(entries.size()); ++i) {
    const StepListEntry& entry = entries[static_cast<std::size_t>(i)];
    if (i == 0 || entry.phase != entries[static_cast<std::size_t>(i - 1)].phase)
      ImGui::TextColored(marker, "%s", entry.phase.c_str());
    char row[32];
    std::snprintf(row, sizeof row, "%3d  ", i + 1);
    ImGui::PushID(i);
    const bool current = i == step;
    if (ImGui::Selectable((std::string(row) + entry.summary).c_str(), current) && !current) {
      step = i;
      changed = true;
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", entry.summary.c_str());  // a row cut off by a narrow panel
    // Keep the current step in view as the timeline moves (not while the user scrolls after a click).
    if (current && !changed && !ImGui::IsItemVisible()) ImGui::SetScrollHereY(0.5f);
    ImGui::PopID();
  }
  if (!stopReason.empty()) ImGui::TextDisabled("stop: %s", stopReason.c_str());
  ImGui::EndChild();
  return changed;
}

}  // namespace lab
