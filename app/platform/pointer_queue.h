// app/platform/pointer_queue.h: the mouse as GLFW reports it between two frames (moves and button changes, in
// order), handed to ImGui one frame at a time so that each button change is seen where it happened.
//
// Why: Dear ImGui 1.86's GLFW backend samples the pointer once per frame (glfwGetCursorPos) and keeps a press only
// as a "just pressed" flag. When a frame stalls and the user presses at P and moves to Q before the next one, ImGui
// sees a press at Q: a drag grabs the wrong thing, or starts short. This queue replays the events instead, with
// the rules of ImGui 1.87's input queue ("trickle") and one more:
//   - a move after a button change waits for the next frame (the press is seen at P; the motion to Q follows);
//   - a second change of the same button waits (a click inside one frame is a press, then a release);
//   - a release waits when the pointer moved in this frame (a dragged widget takes the last motion while the
//     button is still down: ImGui's sliders drop a release frame's motion);
//   - a wheel turn is a move's kin: after a button change it waits, so a click in a view then a turn over the
//     panel scrolls the panel, not the view (hunt s30);
//   - a button change carries the modifiers held when it happened, and its frame shows them: a Shift-drag whose
//     Shift was let go before the stalled frame ran is still a Shift-drag.
// No GLFW here, so the rules are tested with synthetic events and a headless ImGui (tests/gui/pointer_queue_test.cpp);
// Window feeds it from its GLFW callbacks and hands each frame to ImGui with applyPointerFrame.
#pragma once

#include <array>
#include <deque>

struct ImGuiIO;

namespace lab {

class PointerQueue {
 public:
  static constexpr int kButtons = 5;  // ImGuiMouseButton_COUNT, GLFW's first five buttons
  // Modifier bits, the values of GLFW_MOD_SHIFT, _CONTROL, _ALT and _SUPER.
  static constexpr int kShift = 1, kCtrl = 2, kAlt = 4, kSuper = 8;

  struct Frame {
    float x = 0.0f;  // window coordinates of the last move handed out, when `positioned`
    float y = 0.0f;
    bool positioned = false;
    std::array<bool, kButtons> down{};
    // The frame is not simply "the pointer now": a button changed in it (its position is the change's) or events
    // wait for later frames. The window then gives ImGui this position rather than the backend's live one.
    bool replayed = false;
    float wheelX = 0.0f;  // the wheel turns handed out in this frame (ImGui's MouseWheelH, MouseWheel)
    float wheelY = 0.0f;
    int modifiers = -1;   // held at this frame's button change (kShift | ...); -1: no change, the live keys count
  };

  // From the GLFW callbacks, in the order they arrive. Buttons outside [0, kButtons) are ignored.
  void move(float x, float y);
  void button(int button, bool down, int modifiers = 0);
  void wheel(float x, float y);
  // Whether any move has been seen: before the first, the window reads the position for a press itself.
  [[nodiscard]] bool knowsPosition() const { return positionKnown_; }

  // The state for the next frame; consumes the events it covers, leaves the rest for later frames.
  [[nodiscard]] Frame nextFrame();

 private:
  struct Event {
    enum class Kind { Move, Button, Wheel } kind = Kind::Move;
    float x = 0.0f;  // Move: the position; Wheel: the turn
    float y = 0.0f;
    int button = 0;
    bool down = false;
    int modifiers = 0;
  };
  std::deque<Event> pending_;
  Frame state_;  // as last handed out
  bool positionKnown_ = false;
};

// Between the backend's NewFrame and ImGui::NewFrame: the frame's buttons replace the backend's "just pressed"
// flags, a replayed frame's position replaces the backend's glfwGetCursorPos, the frame's wheel turns are added,
// and the modifiers are the button change's when the frame has one, else `liveModifiers` (the keys held now).
void applyPointerFrame(const PointerQueue::Frame& frame, ImGuiIO& io, int liveModifiers);

}  // namespace lab
