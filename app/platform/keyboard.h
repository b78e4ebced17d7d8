// app/platform/keyboard.h: the key presses of one frame, queued by the window's GLFW key callback.
// ImGui 1.86 only sees whether a key is down when a frame starts, so a press and release between two frames
// (a quick tap, or xdotool in the tests) would be lost; the queue keeps every press, repeats included.
#pragma once

#include <span>

namespace lab {

struct KeyPress {
  int key = 0;        // GLFW_KEY_*
  int modifiers = 0;  // GLFW_MOD_* bits held at the press
};

inline constexpr int kModShift = 0x0001;    // GLFW_MOD_SHIFT
inline constexpr int kModControl = 0x0002;  // GLFW_MOD_CONTROL
inline constexpr int kModAlt = 0x0004;      // GLFW_MOD_ALT

// How many times `key` was pressed this frame with exactly `modifiers` among Shift, Ctrl and Alt.
[[nodiscard]] inline int countPresses(std::span<const KeyPress> presses, int key, int modifiers = 0) {
  int count = 0;
  for (const KeyPress& press : presses)
    if (press.key == key && (press.modifiers & (kModShift | kModControl | kModAlt)) == modifiers) ++count;
  return count;
}

}  // namespace lab
