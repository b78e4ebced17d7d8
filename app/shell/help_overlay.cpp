#include "shell/help_overlay.h"

#include <algorithm>
#include <iterator>

#define GLFW_INCLUDE_NONE  // key codes only; no GL header
#include <GLFW/glfw3.h>
#include <imgui.h>

#include "widgets/timeline.h"

namespace lab {

namespace {
const Shortcut kOpen[] = {
    {"F1", "show or hide this help"},
    {"Ctrl+O", "open a scene file (or drop one on the window)"},
};
const Shortcut kScene[] = {
    {"Ctrl+S / Ctrl+Shift+S", "save the scene / save it as"},
    {"Ctrl+Z / Ctrl+Shift+Z, Ctrl+Y", "undo / redo an edit of the shapes or settings"},
};
constexpr const char* kPaste = "paste a pair (it opens at its last step, the verdict), a cast line or a scene";
const Shortcut kQuitScene{"Ctrl+Q", "quit (asks first when a scene has unsaved changes)"};
// A lab with no scene keeps paste (the pair opens in its own lab) and quit.
const Shortcut kNoScene[] = {
    {"Ctrl+V", "paste a pair, a cast line or a scene (it opens in its lab; a pair at its last step, the verdict)"},
    {"Ctrl+Q", "quit"},
};
const Shortcut kScale{"Ctrl+= / Ctrl+- / Ctrl+0", "UI scale larger / smaller / 100 % (View > UI scale, for a projector)"};
const Shortcut kGrid{"G", "show or hide the grid"};

const Shortcut kPlanar[] = {
    {"Right or middle drag", "pan the view (left drag on empty space too)"},
    {"Mouse wheel", "zoom around the cursor"},
    {"F", "fit the view to the scene"},
};

const Shortcut kTimeline[] = {
    {"Left / Right", "step back / forward"},
    {"Home / End", "first / last step"},
    {"Space", "play or pause the steps"},
};

const Shortcut kClose{"Escape", "close a dialog or this help"};

const Shortcut kSpatial[] = {
    {"Left drag (or Alt+left drag)", "orbit around the target"},
    {"Right or middle drag, Shift+left drag", "pan"},
    {"Mouse wheel", "zoom toward the point under the cursor"},
    {"F", "fit the view to the scene, keeping the direction"},
    {"Alt+1 / Alt+2", "view from +X / -X"},
    {"Alt+3 / Alt+4", "view from +Y (above) / -Y (below)"},
    {"Alt+5 / Alt+6", "view from +Z / -Z"},
    {"Alt+0", "isometric view"},
    {"Alt+O", "switch perspective / orthographic"},
};

// The keys' column as wide as its longest keys, the actions' as the rest of `width` allows: an action longer than that
// wraps at its spaces (at 150 % the Ctrl+C / Ctrl+V row ran past the window's right edge, newcomer review s34 A10).
// Each row's box goes to `rows` (window pixels) for --dump-state.
void shortcutTable(const char* id, std::span<const Shortcut> shortcuts, float width, std::vector<HelpRow>* rows) {
  float keysWidth = 0, actionsWidth = 0;
  for (const Shortcut& shortcut : shortcuts) {
    keysWidth = std::max(keysWidth, ImGui::CalcTextSize(shortcut.keys.c_str()).x);
    actionsWidth = std::max(actionsWidth, ImGui::CalcTextSize(shortcut.action.c_str()).x);
  }
  const float spacing = 2.0f * ImGui::GetStyle().CellPadding.x + ImGui::GetStyle().ItemSpacing.x;
  actionsWidth = std::min(actionsWidth, std::max(width - keysWidth - 2.0f * spacing, 8.0f * ImGui::GetFontSize()));
  if (!ImGui::BeginTable(id, 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) return;
  ImGui::TableSetupColumn("keys", ImGuiTableColumnFlags_WidthFixed, keysWidth);
  ImGui::TableSetupColumn("action", ImGuiTableColumnFlags_WidthFixed, actionsWidth);
  for (const Shortcut& shortcut : shortcuts) {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::TextColored(ImVec4(0.96f, 0.84f, 0.28f, 1.0f), "%s", shortcut.keys.c_str());
    const ImVec2 keysMin = ImGui::GetItemRectMin();
    ImGui::TableSetColumnIndex(1);
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + actionsWidth);
    ImGui::TextUnformatted(shortcut.action.c_str());
    ImGui::PopTextWrapPos();
    if (rows != nullptr) rows->push_back({shortcut.keys, {keysMin.x, keysMin.y, ImGui::GetItemRectMax().x - keysMin.x,
                                                          ImGui::GetItemRectMax().y - keysMin.y}});
  }
  ImGui::EndTable();
}
}  // namespace

std::vector<Shortcut> globalShortcuts(const HelpContext& context) {
  std::vector<Shortcut> shortcuts(std::begin(kOpen), std::end(kOpen));
  if (context.scene) {
    shortcuts.insert(shortcuts.end(), std::begin(kScene), std::end(kScene));
    // Ctrl+C as this lab has it (the pair, or the lab's command), or paste alone.
    if (context.copies.empty()) shortcuts.push_back({"Ctrl+V", kPaste});
    else shortcuts.push_back({"Ctrl+C / Ctrl+V", "copy " + context.copies + " / " + kPaste});
    shortcuts.push_back(kQuitScene);
  } else {
    shortcuts.insert(shortcuts.end(), std::begin(kNoScene), std::end(kNoScene));
  }
  shortcuts.push_back(kScale);
  if (context.scene) shortcuts.push_back(kGrid);
  if (context.timeline) shortcuts.insert(shortcuts.end(), std::begin(kTimeline), std::end(kTimeline));
  shortcuts.push_back(kClose);
  return shortcuts;
}
std::span<const Shortcut> spatialViewShortcuts() { return kSpatial; }

std::vector<HelpSection> helpSections(const HelpContext& context, const std::vector<Shortcut>& labShortcuts,
                                      const std::string& labName) {
  std::vector<HelpSection> sections{{"Everywhere", globalShortcuts(context)}};
  if (context.stepJumps) {
    const std::span<const Shortcut> jumps = stepJumpShortcuts();
    sections.push_back({"On this lab's timeline", {jumps.begin(), jumps.end()}});
  }
  if (context.scene && context.planarViews) sections.push_back({"In a 2D view", {std::begin(kPlanar), std::end(kPlanar)}});
  if (context.scene && context.spatialViews) sections.push_back({"In a 3D view", {std::begin(kSpatial), std::end(kSpatial)}});
  if (!labShortcuts.empty()) sections.push_back({"In the " + labName + " lab", labShortcuts});
  return sections;
}

HelpLayout drawHelpOverlay(bool& open, const std::vector<HelpSection>& sections) {
  HelpLayout layout;
  if (!open) return layout;
  const ImGuiViewport* screen = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(ImVec2(screen->WorkPos.x + screen->WorkSize.x * 0.5f, screen->WorkPos.y + screen->WorkSize.y * 0.5f),
                          ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  // Never wider or taller than the window (taller scrolls): its rows wrap to this width instead.
  const float margin = ImGui::GetFontSize();
  const ImVec2 most(std::max(screen->WorkSize.x - 2.0f * margin, 200.0f), std::max(screen->WorkSize.y - 2.0f * margin, 100.0f));
  ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0), most);
  ImGui::SetNextWindowBgAlpha(0.94f);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoCollapse |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoMove;
  if (ImGui::Begin("Keyboard and mouse (F1)", &open, flags)) {
    // The table's room: the widest window less its padding and a scrollbar's width (the list may scroll).
    const ImGuiStyle& style = ImGui::GetStyle();
    const float width = most.x - 2.0f * style.WindowPadding.x - style.ScrollbarSize;
    for (std::size_t i = 0; i < sections.size(); ++i) {
      if (i > 0) ImGui::Spacing();
      ImGui::TextDisabled("%s", sections[i].title.c_str());
      ImGui::PushID(static_cast<int>(i));
      shortcutTable("##section", sections[i].shortcuts, width, &layout.rows);
      ImGui::PopID();
    }
    ImGui::Spacing();
    if (ImGui::Button("Close") || ImGui::IsKeyPressed(GLFW_KEY_ESCAPE, false)) open = false;
    const ImVec2 corner = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
    layout.window = {corner.x, corner.y, size.x, size.y};
  }
  ImGui::End();
  return layout;
}

}  // namespace lab
