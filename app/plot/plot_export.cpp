#include "plot/plot_export.h"

#include <algorithm>
#include <filesystem>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "platform/theme.h"
#include "plot/plot_png.h"
#include "plot/plot_svg.h"

namespace lab {

namespace {
constexpr const char* kExtensions[] = {"csv", "png", "svg"};

// A folder the path needs that is not there, as the user typed it ("lecture/"), or empty.
std::string missingFolder(const std::string& path) {
  const std::filesystem::path folder = std::filesystem::path(path).parent_path();
  std::error_code ignored;
  if (folder.empty() || std::filesystem::is_directory(folder, ignored)) return {};
  return folder.string() + "/";
}

float buttonsWidth() {
  const ImGuiStyle& style = ImGui::GetStyle();
  float width = 0;
  for (const char* extension : kExtensions)
    width += ImGui::CalcTextSize((std::string("Export ") + extension).c_str()).x + 2 * style.FramePadding.x + style.ItemSpacing.x;
  return width;
}

// The row's layout in `width`: the name field's width, and whether the buttons and the message go below.
struct RowLayout {
  float stemWidth = 0;
  bool buttonsBelow = false;
  bool messageBelow = false;
  float messageWrap = 0;  // the message's wrap width when below
};

RowLayout rowLayout(const ExportRow& row, float width) {
  const float em = ImGui::GetFontSize();
  const ImGuiStyle& style = ImGui::GetStyle();
  RowLayout layout;
  const float buttons = buttonsWidth();
  layout.stemWidth = std::clamp(width - buttons, 6 * em, 14 * em);
  layout.buttonsBelow = layout.stemWidth + buttons > width;
  const float messageWidth = row.message.empty() ? 0.0f : ImGui::CalcTextSize(row.message.c_str()).x + style.ItemSpacing.x;
  layout.messageBelow = !row.message.empty() && (layout.buttonsBelow ? buttons : layout.stemWidth + buttons) + messageWidth > width;
  layout.messageWrap = std::max(width, 4 * em);
  return layout;
}
}  // namespace

std::string exportFiles(ExportRow& row, const std::string& extension, const ExportContent& content) {
  // Never over a file already there (a second export, or someone's own file of that name): the next free
  // "stem-2", "stem-3", ...; the message names the whole path, since the working directory is nowhere on screen
  // (review s32 A12: "wrote recording.csv" into the source tree).
  std::string path = row.stem + "." + extension;
  for (int k = 2; std::filesystem::exists(path) && k < 1000; ++k) path = row.stem + "-" + std::to_string(k) + "." + extension;
  std::error_code ignored;
  const std::string absolute = std::filesystem::absolute(path, ignored).string();
  const std::string& where = absolute.empty() ? path : absolute;
  row.failed = true;
  if (const std::string folder = missingFolder(path); !folder.empty()) {
    const std::filesystem::path cwd = std::filesystem::current_path(ignored);
    row.message = "folder " + folder + " does not exist" +
                  (std::filesystem::path(path).is_absolute() ? std::string() : " (in " + cwd.string() + ")") + "; nothing written";
    return {};
  }
  std::string error;
  bool written = false;
  if (extension == "csv") written = content.table && writeCsvFile(path, content.table(), error);
  if (extension == "png") written = writePlotPng(path, content.plots, content.width, content.height, error);
  if (extension == "svg") written = writePlotSvg(path, content.plots, content.width, content.height, error);
  if (!written) {
    // The writer names its temporary file ("x.png.partial: cannot create ..."): the user's name instead.
    for (std::size_t at; (at = error.find(".partial")) != std::string::npos;) error.erase(at, 8);
    row.message = error.empty() ? "nothing written to " + where : error;
    return {};
  }
  row.failed = false;
  row.message = "wrote " + where;
  return where;
}

float exportRowHeight(const ExportRow& row, float width) {
  const RowLayout layout = rowLayout(row, width);
  float height = float(1 + int(layout.buttonsBelow)) * ImGui::GetFrameHeightWithSpacing();
  if (layout.messageBelow)
    height += ImGui::CalcTextSize(row.message.c_str(), nullptr, false, layout.messageWrap).y + ImGui::GetStyle().ItemSpacing.y;
  return height;
}

namespace {
ScreenRect lastItemRect() {
  const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
  return {min.x, min.y, max.x - min.x, max.y - min.y};
}
}  // namespace

void drawExportRow(ExportRow& row, const ExportContent& content) {
  const RowLayout layout = rowLayout(row, ImGui::GetContentRegionAvail().x);
  row.buttons.clear();
  row.messageRect = {};
  ImGui::SetNextItemWidth(layout.stemWidth);
  ImGui::InputText("##export stem", &row.stem);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("File name without extension; .csv, .png or .svg is added");
  for (const char* extension : kExtensions) {
    const std::string label = std::string("Export ") + extension;
    if (extension != kExtensions[0] || !layout.buttonsBelow) ImGui::SameLine();
    const bool clicked = ImGui::Button(label.c_str());
    row.buttons.emplace_back(label, lastItemRect());
    if (clicked) (void)exportFiles(row, extension, content);
  }
  if (row.message.empty()) return;
  // The whole message, beside the buttons or wrapped under them; no tooltip (one drawn over the message hid half of
  // it, A13). A refusal in red.
  if (!layout.messageBelow) ImGui::SameLine();
  ImGui::PushStyleColor(ImGuiCol_Text, row.failed ? toImVec4(palette::kErrorText) : ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
  if (layout.messageBelow) {
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + layout.messageWrap);
    ImGui::TextUnformatted(row.message.c_str());
    ImGui::PopTextWrapPos();
  } else {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(row.message.c_str());
  }
  row.messageRect = lastItemRect();
  ImGui::PopStyleColor();
}

}  // namespace lab
