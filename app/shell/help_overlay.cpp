#include "shell/help_overlay.h"

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
    {"Ctrl+C / Ctrl+V", "copy the pair as a query (or cast) line, in the mid-phase labs the midphase command / paste a pair (it opens at its last step, the verdict), a cast line or a scene"},
    {"Ctrl+Q", "quit (asks first when a scene has unsaved changes)"},
};
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

void shortcutTable(const char* id, std::span<const Shortcut> shortcuts) {
  if (!ImGui::BeginTable(id, 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) return;
  for (const Shortcut& shortcut : shortcuts) {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::TextColored(ImVec4(0.96f, 0.84f, 0.28f, 1.0f), "%s", shortcut.keys.c_str());
    ImGui::TableSetColumnIndex(1);
    ImGui::TextUnformatted(shortcut.action.c_str());
  }
  ImGui::EndTable();
}
}  // namespace

std::vector<Shortcut> globalShortcuts(const HelpContext& context) {
  std::vector<Shortcut> shortcuts(std::begin(kOpen), std::end(kOpen));
  if (context.scene) {
    shortcuts.insert(shortcuts.end(), std::begin(kScene), std::end(kScene));
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

void drawHelpOverlay(bool& open, const std::vector<HelpSection>& sections) {
  if (!open) return;
  const ImGuiViewport* screen = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(ImVec2(screen->WorkPos.x + screen->WorkSize.x * 0.5f, screen->WorkPos.y + screen->WorkSize.y * 0.5f),
                          ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowBgAlpha(0.94f);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoCollapse |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoMove;
  if (ImGui::Begin("Keyboard and mouse (F1)", &open, flags)) {
    for (std::size_t i = 0; i < sections.size(); ++i) {
      if (i > 0) ImGui::Spacing();
      ImGui::TextDisabled("%s", sections[i].title.c_str());
      ImGui::PushID(static_cast<int>(i));
      shortcutTable("##section", sections[i].shortcuts);
      ImGui::PopID();
    }
    ImGui::Spacing();
    if (ImGui::Button("Close") || ImGui::IsKeyPressed(GLFW_KEY_ESCAPE, false)) open = false;
  }
  ImGui::End();
}

}  // namespace lab
