#include "platform/theme.h"

#include <filesystem>

#include <imgui.h>

namespace lab {

namespace {
// A proportional font reads better than ImGui's bitmap default; fall back to the default when absent.
constexpr const char* kFontCandidates[] = {
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/TTF/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans.ttf",
};
constexpr float kBaseFontPixels = 15.0f;
}  // namespace

void applyTheme(float contentScale) {
  const float scale = contentScale > 0.5f ? contentScale : 1.0f;
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  bool loaded = false;
  for (const char* path : kFontCandidates) {
    std::error_code error;
    if (std::filesystem::exists(path, error)) {
      ImFontConfig config;
      // One texel per pixel, glyphs on whole pixels: the atlas is sampled nearest (platform/window.cpp).
      config.OversampleH = 1;
      config.PixelSnapH = true;
      loaded = io.Fonts->AddFontFromFileTTF(path, kBaseFontPixels * scale, &config) != nullptr;
      if (loaded) break;
    }
  }
  if (!loaded) {
    ImFontConfig config;
    config.SizePixels = 13.0f * scale;
    io.Fonts->AddFontDefault(&config);
  }

  ImGui::StyleColorsDark();
  ImGuiStyle& style = ImGui::GetStyle();
  style.WindowRounding = 4.0f;
  style.FrameRounding = 3.0f;
  style.GrabRounding = 3.0f;
  style.GrabMinSize = 6.0f;  // slim and half see-through (SliderGrab below): the value written over it stays readable
  style.ScrollbarRounding = 3.0f;
  style.TabRounding = 3.0f;
  style.WindowBorderSize = 1.0f;
  style.FrameBorderSize = 0.0f;
  style.WindowPadding = ImVec2(10, 10);
  style.FramePadding = ImVec2(7, 4);
  style.ItemSpacing = ImVec2(8, 6);
  style.ScrollbarSize = 12.0f;
  style.AntiAliasedLinesUseTex = false;  // the baked line textures need bilinear filtering; the atlas is nearest

  ImVec4* colors = style.Colors;
  const ImVec4 panel(0.118f, 0.129f, 0.153f, 1.00f);
  const ImVec4 accent(0.29f, 0.62f, 1.00f, 1.00f);
  colors[ImGuiCol_Text] = ImVec4(0.86f, 0.88f, 0.92f, 1.00f);
  colors[ImGuiCol_TextDisabled] = ImVec4(0.54f, 0.58f, 0.64f, 1.00f);
  colors[ImGuiCol_WindowBg] = panel;
  colors[ImGuiCol_ChildBg] = panel;
  colors[ImGuiCol_PopupBg] = ImVec4(0.13f, 0.14f, 0.17f, 0.98f);
  colors[ImGuiCol_Border] = ImVec4(0.23f, 0.25f, 0.30f, 1.00f);
  colors[ImGuiCol_FrameBg] = ImVec4(0.17f, 0.19f, 0.23f, 1.00f);
  colors[ImGuiCol_FrameBgHovered] = ImVec4(0.22f, 0.25f, 0.30f, 1.00f);
  colors[ImGuiCol_FrameBgActive] = ImVec4(0.25f, 0.29f, 0.36f, 1.00f);
  colors[ImGuiCol_TitleBg] = panel;
  colors[ImGuiCol_TitleBgActive] = ImVec4(0.15f, 0.17f, 0.21f, 1.00f);
  colors[ImGuiCol_MenuBarBg] = ImVec4(0.10f, 0.11f, 0.13f, 1.00f);
  colors[ImGuiCol_Header] = ImVec4(0.20f, 0.27f, 0.38f, 1.00f);
  colors[ImGuiCol_HeaderHovered] = ImVec4(0.24f, 0.34f, 0.50f, 1.00f);
  colors[ImGuiCol_HeaderActive] = ImVec4(0.27f, 0.40f, 0.60f, 1.00f);
  colors[ImGuiCol_Button] = ImVec4(0.20f, 0.23f, 0.28f, 1.00f);
  colors[ImGuiCol_ButtonHovered] = ImVec4(0.26f, 0.36f, 0.52f, 1.00f);
  colors[ImGuiCol_ButtonActive] = ImVec4(0.29f, 0.45f, 0.70f, 1.00f);
  colors[ImGuiCol_SliderGrab] = ImVec4(accent.x, accent.y, accent.z, 0.55f);
  colors[ImGuiCol_SliderGrabActive] = ImVec4(0.45f, 0.72f, 1.00f, 1.00f);
  colors[ImGuiCol_CheckMark] = accent;
  colors[ImGuiCol_Separator] = colors[ImGuiCol_Border];
  colors[ImGuiCol_TableRowBgAlt] = ImVec4(1.0f, 1.0f, 1.0f, 0.03f);

  style.ScaleAllSizes(scale);
}

}  // namespace lab
