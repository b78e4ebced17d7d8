#include "platform/input_queue.h"

#include <cstddef>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>  // key numbers only
#include <imgui.h>
#include <imgui_internal.h>  // the popup stack, for popupAppearing

namespace lab {

namespace {
// The modifier bits the keys held in `keys` make, as GLFW's key callback reports them.
int modifiersOf(const std::bitset<InputQueue::kKeys>& keys) {
  const auto held = [&keys](int left, int right) {
    return keys.test(static_cast<std::size_t>(left)) || keys.test(static_cast<std::size_t>(right));
  };
  return (held(GLFW_KEY_LEFT_SHIFT, GLFW_KEY_RIGHT_SHIFT) ? InputQueue::kShift : 0) |
         (held(GLFW_KEY_LEFT_CONTROL, GLFW_KEY_RIGHT_CONTROL) ? InputQueue::kCtrl : 0) |
         (held(GLFW_KEY_LEFT_ALT, GLFW_KEY_RIGHT_ALT) ? InputQueue::kAlt : 0) |
         (held(GLFW_KEY_LEFT_SUPER, GLFW_KEY_RIGHT_SUPER) ? InputQueue::kSuper : 0);
}
}  // namespace

void InputQueue::move(float x, float y) {
  positionKnown_ = true;
  // Moves between two other events need only their last: the queue stays short however long a frame stalls.
  if (!pending_.empty() && pending_.back().kind == Event::Kind::Move) {
    pending_.back().x = x;
    pending_.back().y = y;
    return;
  }
  pending_.push_back(Event{.kind = Event::Kind::Move, .x = x, .y = y});
}

void InputQueue::button(int button, bool down, int modifiers) {
  if (button < 0 || button >= kButtons) return;
  pending_.push_back(Event{.kind = Event::Kind::Button, .code = button, .down = down, .modifiers = modifiers});
}

void InputQueue::wheel(float x, float y) { pending_.push_back(Event{.kind = Event::Kind::Wheel, .x = x, .y = y}); }

void InputQueue::key(int key, KeyAction action, int modifiers) {
  if (key < 0 || key >= kKeys) return;
  pending_.push_back(Event{.kind = Event::Kind::Key, .code = key, .action = action, .modifiers = modifiers});
}

void InputQueue::character(unsigned codepoint) {
  pending_.push_back(Event{.kind = Event::Kind::Character, .code = static_cast<int>(codepoint)});
}

InputQueue::Frame InputQueue::nextFrame(bool holdButtons) {
  // One frame at a time: a popup shows in its second frame, and input never waits on a popup that never shows.
  const bool hold = holdButtons && !heldLast_;
  heldLast_ = false;
  Frame frame = state_;
  bool moved = false;
  unsigned changed = 0;  // one bit per button changed in this frame
  bool keyChanged = false;
  bool typed = false;
  std::bitset<kKeys> keysChanged;
  int buttonModifiers = -1;
  while (!pending_.empty()) {
    const Event& event = pending_.front();
    if (event.kind == Event::Kind::Move) {
      if (changed != 0 || keyChanged) break;
      frame.x = event.x;
      frame.y = event.y;
      frame.positioned = true;
      moved = true;
    } else if (event.kind == Event::Kind::Wheel) {
      if (changed != 0) break;
      frame.wheelX += event.x;
      frame.wheelY += event.y;
    } else if (event.kind == Event::Kind::Button) {
      const auto index = static_cast<std::size_t>(event.code);
      if (frame.down[index] != event.down) {
        const unsigned bit = 1u << event.code;
        if (hold) {
          heldLast_ = true;
          break;
        }
        if ((changed & bit) != 0 || (!event.down && moved) || keyChanged || typed) break;
        frame.down[index] = event.down;
        buttonModifiers = event.modifiers;
        changed |= bit;
      }  // else a repeat of the state the frame has (a release GLFW sends on losing focus): nothing to show
    } else if (event.kind == Event::Kind::Key) {
      if (changed != 0) break;
      const auto index = static_cast<std::size_t>(event.code);
      const bool down = event.action != KeyAction::Release;
      if (frame.keysDown.test(index) != down) {
        if (keysChanged.test(index)) break;
        frame.keysDown.set(index, down);
        keysChanged.set(index);
        keyChanged = true;
      }  // else a repeat, or a release of a key that was not down (GLFW releases keys on losing focus)
      if (down) frame.keyPresses.push_back(KeyPress{event.code, event.modifiers});
    } else {
      if (changed != 0) break;
      frame.characters.push_back(static_cast<unsigned>(event.code));
      typed = true;
    }
    pending_.pop_front();
  }
  frame.replayed = changed != 0 || !pending_.empty();
  frame.modifiers = buttonModifiers >= 0 ? buttonModifiers : modifiersOf(frame.keysDown);
  state_ = frame;
  state_.wheelX = state_.wheelY = 0.0f;
  state_.keyPresses.clear();
  state_.characters.clear();
  return frame;
}

void applyInputFrame(const InputQueue::Frame& frame, ImGuiIO& io) {
  for (int i = 0; i < InputQueue::kButtons; ++i) io.MouseDown[i] = frame.down[static_cast<std::size_t>(i)];
  if (frame.replayed && frame.positioned) io.MousePos = ImVec2(frame.x, frame.y);
  io.MouseWheelH += frame.wheelX;
  io.MouseWheel += frame.wheelY;
  static_assert(InputQueue::kKeys == IM_ARRAYSIZE(ImGuiIO::KeysDown));
  for (std::size_t i = 0; i < frame.keysDown.size(); ++i) io.KeysDown[i] = frame.keysDown.test(i);
  // Set every frame, so a press's modifiers last only its own frame.
  io.KeyShift = (frame.modifiers & InputQueue::kShift) != 0;
  io.KeyCtrl = (frame.modifiers & InputQueue::kCtrl) != 0;
  io.KeyAlt = (frame.modifiers & InputQueue::kAlt) != 0;
  io.KeySuper = (frame.modifiers & InputQueue::kSuper) != 0;
  for (const unsigned character : frame.characters) io.AddInputCharacter(character);
}

bool popupAppearing() {
  const ImGuiContext* context = ImGui::GetCurrentContext();
  if (context == nullptr) return false;
  for (const ImGuiPopupData& popup : context->OpenPopupStack) {
    // Not shown in the frame just ended (so not hoverable when the next starts), and opened in it or the one before.
    const bool unseen = popup.Window == nullptr || !popup.Window->Active || popup.Window->Hidden;
    if (unseen && popup.OpenFrameCount >= context->FrameCount - 1) return true;
  }
  return false;
}

}  // namespace lab
