// tests/support/headless_imgui.h: an ImGui context with its font atlas built and no renderer, so widget tests run
// frames, click and measure text without a display. One per test (a fixture member): the context is global state.
#pragma once

#include <imgui.h>

namespace lab::test {

class HeadlessImGui {
 public:
  explicit HeadlessImGui(ImVec2 displaySize) : context_(ImGui::CreateContext()) {
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = displaySize;
    io.IniFilename = nullptr;
    io.DeltaTime = 1.0f / 60.0f;
    unsigned char* pixels = nullptr;
    int width = 0, height = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);  // builds the atlas: no renderer needed
  }
  ~HeadlessImGui() { ImGui::DestroyContext(context_); }
  HeadlessImGui(const HeadlessImGui&) = delete;
  HeadlessImGui& operator=(const HeadlessImGui&) = delete;

 private:
  ImGuiContext* context_;
};

}  // namespace lab::test
