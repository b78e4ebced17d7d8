#include "plot/plot_png.h"

#include <glad/gl.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>

#include "platform/theme.h"
#include "render/offscreen.h"

namespace lab {

namespace {

// A temporary ImGui context with our theme and its own font texture; the caller's context is current again after.
class PlotImGuiContext {
 public:
  PlotImGuiContext() : previous_(ImGui::GetCurrentContext()), context_(ImGui::CreateContext()) {
    ImGui::SetCurrentContext(context_);
    ImGui::GetIO().IniFilename = nullptr;
    applyTheme(1.0f);
    ImGui_ImplOpenGL3_Init("#version 330 core");
  }
  PlotImGuiContext(const PlotImGuiContext&) = delete;
  PlotImGuiContext& operator=(const PlotImGuiContext&) = delete;
  ~PlotImGuiContext() {
    ImGui_ImplOpenGL3_Shutdown();
    ImGui::DestroyContext(context_);
    ImGui::SetCurrentContext(previous_);
  }

 private:
  ImGuiContext* previous_;
  ImGuiContext* context_;
};

}  // namespace

bool writePlotPng(const std::string& path, std::span<const RangedPlot> plots, int width, int height,
                  std::string& error) {
  PlotImGuiContext context;
  OffscreenTarget target(width, height);
  if (!target.complete()) {
    error = "cannot create an off-screen framebuffer of " + std::to_string(width) + "x" + std::to_string(height);
    return false;
  }
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = ImVec2(float(width), float(height));
  io.DisplayFramebufferScale = ImVec2(1.0f, 1.0f);
  io.DeltaTime = 1.0f / 60.0f;
  ImGui_ImplOpenGL3_NewFrame();
  ImGui::NewFrame();
  const std::vector<ScreenRect> frames = sideBySide({0, 0, double(width), double(height)}, plots.size(), kPlotGap);
  for (std::size_t i = 0; i < plots.size(); ++i)
    drawPlotOnDrawList(ImGui::GetBackgroundDrawList(), *plots[i].plot, plots[i].range, frames[i]);
  ImGui::Render();
  glClearColor(palette::kBackground.r, palette::kBackground.g, palette::kBackground.b, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());

  return target.writePng(path, error);
}

}  // namespace lab
