// app/platform/input_queue.h: the mouse and the keyboard as GLFW reports them between two frames (moves, button
// changes, wheel turns, key changes and typed characters, in one order), handed to ImGui and to the shell one frame
// at a time, so that each event is seen where and after what it happened.
//
// Why: Dear ImGui 1.86's GLFW backend samples the pointer once per frame (glfwGetCursorPos), keeps a press only as
// a "just pressed" flag, and writes keys and characters into ImGui the moment they arrive. When a frame stalls and
// the user presses at P and moves to Q before the next one, ImGui sees a press at Q; when the user double-clicks a
// field and types 3, the 3 reaches the frame before the field opened, and the lab's shortcut "3" takes it (hunt
// s30). This queue replays the events instead, with the rules of ImGui 1.87's input queue ("trickle") and a few
// more:
//   - a move after a button change waits for the next frame (the press is seen at P; the motion to Q follows);
//   - a second change of the same button waits (a click inside one frame is a press, then a release);
//   - a release waits when the pointer moved in this frame (a dragged widget takes the last motion while the
//     button is still down: ImGui's sliders drop a release frame's motion);
//   - a wheel turn is a move's kin: after a button change it waits, so a click in a view then a turn over the
//     panel scrolls the panel, not the view (hunt s30);
//   - a button change carries the modifiers held when it happened, and its frame shows them: a Shift-drag whose
//     Shift was let go before the stalled frame ran is still a Shift-drag;
//   - a key change, a repeat or a typed character waits behind a button change, so it reaches the widget the click
//     opened (and the shell sees that a text field has the keyboard); a button change waits behind a key change or
//     a character the same way (typed text reaches the field before a click elsewhere closes it);
//   - a second change of the same key waits (a tap inside one frame is a press, then a release: ImGui 1.86 reads
//     keys as state and missed it), and a move waits behind a key change (a Shift pressed mid-drag turns the rest
//     of the drag, not all of it);
//   - `holdButtons` (a popup opened last frame and is not shown yet, popupAppearing): button changes wait a frame,
//     never two frames in a row.
// Events that do not wait share a frame, so at normal speed nothing is delayed: a key held down repeats every
// frame, and typing reaches a field in the frame it would have without the queue.
// No GLFW calls here, so the rules are tested with synthetic events and a headless ImGui
// (tests/gui/input_queue_test.cpp); Window feeds it from its GLFW callbacks and hands each frame to ImGui with
// applyInputFrame and the frame's key presses to the shell (Window::takeKeyPresses).
#pragma once

#include <array>
#include <bitset>
#include <deque>
#include <vector>

#include "lab/vocabulary.h"

struct ImGuiIO;

namespace lab {

class InputQueue {
 public:
  static constexpr int kButtons = 5;  // ImGuiMouseButton_COUNT, GLFW's first five buttons
  static constexpr int kKeys = 512;   // ImGuiIO::KeysDown, indexed by GLFW_KEY_* (the last is 348)
  // Modifier bits, the values of GLFW_MOD_SHIFT, _CONTROL, _ALT and _SUPER.
  static constexpr int kShift = 1, kCtrl = 2, kAlt = 4, kSuper = 8;
  enum class KeyAction { Release, Press, Repeat };  // GLFW_RELEASE, GLFW_PRESS, GLFW_REPEAT

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
    // Held in this frame (kShift | ...): a button change's own when the frame has one, else the modifier keys down.
    int modifiers = 0;
    std::bitset<kKeys> keysDown;        // the keys down once this frame's key changes are applied
    std::vector<KeyPress> keyPresses;   // presses and repeats handed out in this frame, in order
    std::vector<unsigned> characters;   // typed in this frame, in order (ImGui's text fields)
  };

  // From the GLFW callbacks, in the order they arrive. Buttons outside [0, kButtons) and keys outside [0, kKeys)
  // are ignored.
  void move(float x, float y);
  void button(int button, bool down, int modifiers = 0);
  void wheel(float x, float y);
  void key(int key, KeyAction action, int modifiers = 0);
  void character(unsigned codepoint);
  // Whether any move has been seen: before the first, the window reads the position for a press itself.
  [[nodiscard]] bool knowsPosition() const { return positionKnown_; }

  // The state for the next frame; consumes the events it covers, leaves the rest for later frames. With
  // `holdButtons`, a button change and everything after it wait, unless they waited in the frame before.
  [[nodiscard]] Frame nextFrame(bool holdButtons = false);

 private:
  struct Event {
    enum class Kind { Move, Button, Wheel, Key, Character } kind = Kind::Move;
    float x = 0.0f;  // Move: the position; Wheel: the turn
    float y = 0.0f;
    int code = 0;    // Button: the button; Key: the key; Character: the code point
    bool down = false;
    KeyAction action = KeyAction::Press;
    int modifiers = 0;
  };
  std::deque<Event> pending_;
  Frame state_;  // as last handed out (its per-frame lists empty)
  bool positionKnown_ = false;
  bool heldLast_ = false;  // the last frame held a button change back (holdButtons)
};

// Between the backend's NewFrame and ImGui::NewFrame: the frame's buttons replace the backend's "just pressed"
// flags, a replayed frame's position replaces the backend's glfwGetCursorPos, the frame's wheel turns are added,
// its keys and modifiers are ImGui's key state, and its characters are typed.
void applyInputFrame(const InputQueue::Frame& frame, ImGuiIO& io);

// Whether a popup opened in the frame just ended has not been shown yet: ImGui hides a new popup for its first
// frame while it measures it, so a press in the next frame would miss it and close it as a click outside (a
// click on the lab picker, then on an entry, inside one stalled frame). Call between frames; the window passes
// it to nextFrame. Bounded: a popup opened two frames ago no longer holds anything.
[[nodiscard]] bool popupAppearing();

}  // namespace lab
