#include "platform/pointer_queue.h"

#include <cstddef>

#include <imgui.h>

namespace lab {

void PointerQueue::move(float x, float y) {
  positionKnown_ = true;
  // Moves between two button changes need only their last: the queue stays short however long a frame stalls.
  if (!pending_.empty() && pending_.back().kind == Event::Kind::Move) {
    pending_.back().x = x;
    pending_.back().y = y;
    return;
  }
  pending_.push_back(Event{Event::Kind::Move, x, y, 0, false, 0});
}

void PointerQueue::button(int button, bool down, int modifiers) {
  if (button < 0 || button >= kButtons) return;
  pending_.push_back(Event{Event::Kind::Button, 0.0f, 0.0f, button, down, modifiers});
}

void PointerQueue::wheel(float x, float y) {
  pending_.push_back(Event{Event::Kind::Wheel, x, y, 0, false, 0});
}

PointerQueue::Frame PointerQueue::nextFrame() {
  Frame frame = state_;
  bool moved = false;
  unsigned changed = 0;  // one bit per button changed in this frame
  frame.wheelX = frame.wheelY = 0.0f;
  frame.modifiers = -1;
  while (!pending_.empty()) {
    const Event& event = pending_.front();
    if (event.kind == Event::Kind::Move) {
      if (changed != 0) break;
      frame.x = event.x;
      frame.y = event.y;
      frame.positioned = true;
      moved = true;
    } else if (event.kind == Event::Kind::Wheel) {
      if (changed != 0) break;
      frame.wheelX += event.x;
      frame.wheelY += event.y;
    } else if (frame.down[static_cast<std::size_t>(event.button)] != event.down) {
      const unsigned bit = 1u << event.button;
      if ((changed & bit) != 0 || (!event.down && moved)) break;
      frame.down[static_cast<std::size_t>(event.button)] = event.down;
      frame.modifiers = event.modifiers;
      changed |= bit;
    }  // else a repeat of the state the frame has (a release GLFW sends on losing focus): nothing to show
    pending_.pop_front();
  }
  frame.replayed = changed != 0 || !pending_.empty();
  state_ = frame;
  return frame;
}

void applyPointerFrame(const PointerQueue::Frame& frame, ImGuiIO& io, int liveModifiers) {
  for (int i = 0; i < PointerQueue::kButtons; ++i) io.MouseDown[i] = frame.down[static_cast<std::size_t>(i)];
  if (frame.replayed && frame.positioned) io.MousePos = ImVec2(frame.x, frame.y);
  io.MouseWheelH += frame.wheelX;
  io.MouseWheel += frame.wheelY;
  // Set every frame, so a press's modifiers last only its own frame.
  const int held = frame.modifiers >= 0 ? frame.modifiers : liveModifiers;
  io.KeyShift = (held & PointerQueue::kShift) != 0;
  io.KeyCtrl = (held & PointerQueue::kCtrl) != 0;
  io.KeyAlt = (held & PointerQueue::kAlt) != 0;
  io.KeySuper = (held & PointerQueue::kSuper) != 0;
}

}  // namespace lab
