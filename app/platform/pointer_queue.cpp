#include "platform/pointer_queue.h"

#include <cstddef>

#include <imgui.h>

namespace lab {

void PointerQueue::move(float x, float y) {
  positionKnown_ = true;
  // Moves between two button changes need only their last: the queue stays short however long a frame stalls.
  if (!pending_.empty() && pending_.back().isMove) {
    pending_.back().x = x;
    pending_.back().y = y;
    return;
  }
  pending_.push_back(Event{true, x, y, 0, false});
}

void PointerQueue::button(int button, bool down) {
  if (button < 0 || button >= kButtons) return;
  pending_.push_back(Event{false, 0.0f, 0.0f, button, down});
}

PointerQueue::Frame PointerQueue::nextFrame() {
  Frame frame = state_;
  bool moved = false;
  unsigned changed = 0;  // one bit per button changed in this frame
  while (!pending_.empty()) {
    const Event& event = pending_.front();
    if (event.isMove) {
      if (changed != 0) break;
      frame.x = event.x;
      frame.y = event.y;
      frame.positioned = true;
      moved = true;
    } else if (frame.down[static_cast<std::size_t>(event.button)] != event.down) {
      const unsigned bit = 1u << event.button;
      if ((changed & bit) != 0 || (!event.down && moved)) break;
      frame.down[static_cast<std::size_t>(event.button)] = event.down;
      changed |= bit;
    }  // else a repeat of the state the frame has (a release GLFW sends on losing focus): nothing to show
    pending_.pop_front();
  }
  frame.replayed = changed != 0 || !pending_.empty();
  state_ = frame;
  return frame;
}

void applyPointerFrame(const PointerQueue::Frame& frame, ImGuiIO& io) {
  for (int i = 0; i < PointerQueue::kButtons; ++i) io.MouseDown[i] = frame.down[static_cast<std::size_t>(i)];
  if (frame.replayed && frame.positioned) io.MousePos = ImVec2(frame.x, frame.y);
}

}  // namespace lab
