#include "ui/plot_png.h"

#include <vector>

#include <glad/gl.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>
// libstb (pulled in by imgui's pkg-config) already contains the implementation; only the declarations here.
#include <stb/stb_image_write.h>

#include "platform/theme.h"

namespace lab {

namespace {

// A colour framebuffer bound while it lives; the previous binding and viewport come back afterwards.
class PlotFramebuffer {
 public:
  PlotFramebuffer(int width, int height) {
    glGetIntegerv(GL_FRAMEBUFFER_BINDING, &previousFramebuffer_);
    glGetIntegerv(GL_VIEWPORT, previousViewport_);
    glGenFramebuffers(1, &framebuffer_);
    glGenRenderbuffers(1, &color_);
    glBindRenderbuffer(GL_RENDERBUFFER, color_);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color_);
    complete_ = glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
    glViewport(0, 0, width, height);
  }
  PlotFramebuffer(const PlotFramebuffer&) = delete;
  PlotFramebuffer& operator=(const PlotFramebuffer&) = delete;
  ~PlotFramebuffer() {
    glBindFramebuffer(GL_FRAMEBUFFER, GLuint(previousFramebuffer_));
    glViewport(previousViewport_[0], previousViewport_[1], previousViewport_[2], previousViewport_[3]);
    glDeleteFramebuffers(1, &framebuffer_);
    glDeleteRenderbuffers(1, &color_);
  }
  [[nodiscard]] bool complete() const { return complete_; }

 private:
  GLuint framebuffer_ = 0;
  GLuint color_ = 0;
  GLint previousFramebuffer_ = 0;
  GLint previousViewport_[4] = {};
  bool complete_ = false;
};

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

bool writePlotPng(const std::string& path, const Plot& plot, const PlotRange& range, int width, int height,
                  std::string& error) {
  PlotImGuiContext context;
  PlotFramebuffer target(width, height);
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
  drawPlotOnDrawList(ImGui::GetBackgroundDrawList(), plot, range, {0, 0, double(width), double(height)});
  ImGui::Render();
  glClearColor(palette::kBackground.r, palette::kBackground.g, palette::kBackground.b, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());

  std::vector<unsigned char> pixels(std::size_t(width) * std::size_t(height) * 4);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  for (std::size_t i = 3; i < pixels.size(); i += 4) pixels[i] = 255;  // opaque PNG
  stbi_flip_vertically_on_write(1);  // GL rows run bottom-up
  const bool written = stbi_write_png(path.c_str(), width, height, 4, pixels.data(), width * 4) != 0;
  stbi_flip_vertically_on_write(0);
  if (!written) error = "cannot write " + path;
  return written;
}

}  // namespace lab
