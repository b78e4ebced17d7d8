// [SECTION] GLFW and the OpenGL context
// [SECTION] ImGui
// [SECTION] Frames
#include "platform/window.h"

#include <cfloat>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

// glad first: it defines the GL API; GLFW must not pull in the system GL header after it.
#include <glad/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
// The OpenGL3 backend loads GL through its own embedded loader (imgui_impl_opengl3_loader.h), compiled
// inside imgui_backends; its header declares only the backend's functions, so it coexists with glad.
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include "platform/theme.h"

namespace lab {

// [SECTION] GLFW and the OpenGL context

struct WindowCallbacks {
  static void onDrop(GLFWwindow* handle, int count, const char** paths) {
    auto* window = static_cast<Window*>(glfwGetWindowUserPointer(handle));
    for (int i = 0; i < count; ++i) window->droppedPaths_.emplace_back(paths[i]);
  }
  // The pointer's moves and presses in order (platform/input_queue.h). The position comes from the move
  // events, not glfwGetCursorPos: on X11 that asks the server where the pointer is now, which after a stalled
  // frame is past the press. Both installed before ImGui's backend (it chains to the button callback; it sets
  // no cursor-position callback in 1.86).
  static void onCursorPos(GLFWwindow* handle, double x, double y) {
    queue(handle).move(static_cast<float>(x), static_cast<float>(y));
  }
  static void onMouseButton(GLFWwindow* handle, int button, int action, int modifiers) {
    InputQueue& input = queue(handle);
    if (!input.knowsPosition()) {  // no move since the window opened: the pointer has not left the press yet
      double x = 0.0;
      double y = 0.0;
      glfwGetCursorPos(handle, &x, &y);
      input.move(static_cast<float>(x), static_cast<float>(y));
    }
    input.button(button, action == GLFW_PRESS, modifiers);
  }
  // The wheel, keys and typed characters: installed after ImGui's backend, in place of its callbacks (which write
  // into ImGui at once), so they join the queue and reach ImGui and the shell in order with the presses around
  // them (applyInputFrame; the shell's key presses through takeKeyPresses).
  static void onScroll(GLFWwindow* handle, double x, double y) {
    queue(handle).wheel(static_cast<float>(x), static_cast<float>(y));
  }
  static void onKey(GLFWwindow* handle, int key, int /*scancode*/, int action, int modifiers) {
    const InputQueue::KeyAction kind = action == GLFW_RELEASE ? InputQueue::KeyAction::Release
                                       : action == GLFW_REPEAT ? InputQueue::KeyAction::Repeat
                                                               : InputQueue::KeyAction::Press;
    queue(handle).key(key, kind, modifiers);
  }
  static void onChar(GLFWwindow* handle, unsigned codepoint) { queue(handle).character(codepoint); }

 private:
  static InputQueue& queue(GLFWwindow* handle) { return static_cast<Window*>(glfwGetWindowUserPointer(handle))->input_; }
};

namespace {

void onGlfwError(int code, const char* description) {
  // Errors surface through return values; keep quiet unless asked, so "no display" stays one clean line.
  if (std::getenv("COLLISION_LAB_GLFW_DEBUG")) std::fprintf(stderr, "glfw error %d: %s\n", code, description);
}
}  // namespace

bool displayAvailable() {
  const char* display = std::getenv("DISPLAY");
  const char* wayland = std::getenv("WAYLAND_DISPLAY");
  return (display && *display) || (wayland && *wayland);
}

Window::Window(const WindowOptions& options) {
  glfwSetErrorCallback(onGlfwError);
  if (!glfwInit()) throw std::runtime_error("cannot initialise GLFW (no display?)");
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  glfwWindowHint(GLFW_VISIBLE, options.visible ? GLFW_TRUE : GLFW_FALSE);
  glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);
  // A depth buffer for the spatial views. No multisampling here: the planar views anti-alias in their shaders,
  // and Renderer3D multisamples the spatial views in its own framebuffer (so 2D frames cost what they did).
  glfwWindowHint(GLFW_DEPTH_BITS, 24);
  glfwWindowHint(GLFW_SAMPLES, 0);
  window_ = glfwCreateWindow(options.width, options.height, options.title, nullptr, nullptr);
  if (!window_) {
    glfwTerminate();
    throw std::runtime_error("cannot create a window with an OpenGL 3.3 core context");
  }
  glfwMakeContextCurrent(window_);
  if (gladLoadGL(glfwGetProcAddress) == 0) {
    glfwDestroyWindow(window_);
    glfwTerminate();
    throw std::runtime_error("cannot load OpenGL 3.3 functions (glad)");
  }
  glfwSwapInterval(options.visible ? 1 : 0);  // vsync on screen; off-screen frames need no pacing
  glfwSetWindowUserPointer(window_, this);
  glfwSetDropCallback(window_, WindowCallbacks::onDrop);
  glfwSetCursorPosCallback(window_, WindowCallbacks::onCursorPos);
  glfwSetMouseButtonCallback(window_, WindowCallbacks::onMouseButton);

  // [SECTION] ImGui
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // the shell lays out its panels itself; Settings remembers the rest
  float contentScaleX = 1.0f;
  float contentScaleY = 1.0f;
  glfwGetWindowContentScale(window_, &contentScaleX, &contentScaleY);
  contentScale_ = contentScaleY;
  applyTheme(contentScale_);
  ImGui_ImplGlfw_InitForOpenGL(window_, true);
  // After the backend's, replacing them: see onScroll.
  glfwSetScrollCallback(window_, WindowCallbacks::onScroll);
  glfwSetKeyCallback(window_, WindowCallbacks::onKey);
  glfwSetCharCallback(window_, WindowCallbacks::onChar);
  ImGui_ImplOpenGL3_Init("#version 330 core");
  imguiReady_ = true;
  // Made now rather than at the first frame so the font texture's filter can be set.
  ImGui_ImplOpenGL3_CreateDeviceObjects();
  sampleFontsNearest();
}

void Window::sampleFontsNearest() {
  // The font atlas is sampled at 1:1 (glyphs snapped to whole pixels, platform/theme.cpp), so nearest filtering
  // gives the same pixels as the backend's bilinear for less work: a software rasteriser (llvmpipe) spends a good
  // part of a frame filtering the panel's text.
  GLint previous = 0;
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &previous);
  glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(reinterpret_cast<std::uintptr_t>(ImGui::GetIO().Fonts->TexID)));
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(previous));
}

void Window::setUiScale(float scale) {
  if (!imguiReady_ || !(scale > 0.0f) || scale == uiScale_) return;
  uiScale_ = scale;
  // Glyphs rasterised at the new size (sharp, unlike a stretched atlas) and every style size scaled with them.
  applyTheme(contentScale_ * uiScale_);
  ImGui_ImplOpenGL3_DestroyFontsTexture();
  ImGui_ImplOpenGL3_CreateFontsTexture();
  sampleFontsNearest();
}

Window::~Window() {
  if (imguiReady_) {
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
  }
  glfwDestroyWindow(window_);
  glfwTerminate();
}

bool Window::shouldClose() const { return glfwWindowShouldClose(window_) != 0; }
void Window::requestClose() { glfwSetWindowShouldClose(window_, GLFW_TRUE); }
void Window::windowSize(int& width, int& height) const { glfwGetWindowSize(window_, &width, &height); }
void Window::framebufferSize(int& width, int& height) const { glfwGetFramebufferSize(window_, &width, &height); }

std::vector<std::string> Window::takeDroppedPaths() {
  std::vector<std::string> paths;
  paths.swap(droppedPaths_);
  return paths;
}

std::vector<KeyPress> Window::takeKeyPresses() {
  std::vector<KeyPress> presses;
  presses.swap(keyPresses_);
  return presses;
}

// [SECTION] Frames

void Window::beginFrame() {
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  // The backend set the buttons from "just pressed" flags and the position from glfwGetCursorPos; the queue's
  // frame replaces them and gives ImGui this frame's keys and characters, so a press is seen at its own position,
  // a click as a press, then a release, and what was typed after a click reaches what the click opened.
  InputQueue::Frame frame = input_.nextFrame(popupAppearing());
  applyInputFrame(frame, ImGui::GetIO());
  keyPresses_.insert(keyPresses_.end(), frame.keyPresses.begin(), frame.keyPresses.end());
  ImGui::NewFrame();
}

void Window::beginOffscreenFrame(int width, int height) {
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = ImVec2(static_cast<float>(width), static_cast<float>(height));
  io.DisplayFramebufferScale = ImVec2(1.0f, 1.0f);
  io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
  ImGui::NewFrame();
}

void Window::endFrame(bool swap) {
  ImGui::Render();
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  if (swap) glfwSwapBuffers(window_);
}

}  // namespace lab
