// app/platform/window.h: the GLFW window with an OpenGL 3.3 core context (glad), and Dear ImGui on it
// (GLFW and OpenGL3 backends, our dark theme and fonts scaled by the monitor's content scale).
// One Window per process; visible for the GUI, hidden for `collision-lab screenshot`.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "lab/vocabulary.h"
#include "platform/input_queue.h"

struct GLFWwindow;

namespace lab {

struct WindowOptions {
  int width = 1600;
  int height = 1000;
  bool visible = true;
  const char* title = "Collision Lab";
};

class Window {
 public:
  // Throws std::runtime_error when there is no display or no OpenGL 3.3 context.
  explicit Window(const WindowOptions& options);
  Window(const Window&) = delete;
  Window& operator=(const Window&) = delete;
  ~Window();

  [[nodiscard]] GLFWwindow* handle() const { return window_; }
  [[nodiscard]] bool shouldClose() const;
  void requestClose();
  // Window size in window coordinates (ImGui's) and framebuffer size in pixels.
  void windowSize(int& width, int& height) const;
  void framebufferSize(int& width, int& height) const;
  // Paths dropped on the window since the last call. Keys pressed (repeats included) in the frames begun since the
  // last call: call after beginFrame, so the shell reads the keys ImGui was given in the same frame.
  [[nodiscard]] std::vector<std::string> takeDroppedPaths();
  [[nodiscard]] std::vector<KeyPress> takeKeyPresses();

  // Starts an ImGui frame (backends, then ImGui::NewFrame) and ends it (render ImGui, swap buffers).
  // Off-screen frames pass their framebuffer's size: ImGui then lays out for it, with no mouse.
  void beginFrame();
  void beginOffscreenFrame(int width, int height);
  void endFrame(bool swap = true);

  // View > UI scale (1 = the monitor's scale): rebuilds the fonts and the style at contentScale x scale. Between
  // frames only (the font atlas is replaced); a scale already in use costs nothing.
  void setUiScale(float scale);

 private:
  void sampleFontsNearest();

  GLFWwindow* window_ = nullptr;
  bool imguiReady_ = false;
  float contentScale_ = 1.0f;
  float uiScale_ = 1.0f;
  std::vector<std::string> droppedPaths_;
  std::vector<KeyPress> keyPresses_;
  InputQueue input_;  // the mouse and keys between frames, replayed so each lands where and after what it happened

  friend struct WindowCallbacks;
};

// True when GLFW can reach a display; false (after printing nothing) otherwise.
[[nodiscard]] bool displayAvailable();

}  // namespace lab
