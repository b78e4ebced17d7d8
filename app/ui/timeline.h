// app/ui/timeline.h: the one stepping widget every lab shares: first, back, play/pause with a speed,
// forward, last, and a scrub slider; Left/Right, Home/End and Space when ImGui does not want the keyboard.
// Immediate mode: the step lives in the lab, the playback state in the caller's Timeline.
#pragma once

#include <span>

#include "platform/keyboard.h"

namespace lab {

class Lab;

struct Timeline {
  bool playing = false;
  float stepsPerSecond = 2.0f;
  double accumulator = 0;  // seconds of playback not yet turned into a step
};

// Advances playback by `seconds` (stops at the last step) and applies this frame's key presses.
void updateTimeline(Timeline& timeline, Lab& lab, double seconds, std::span<const KeyPress> keys);
// Draws the widget into the current ImGui window, full width.
void drawTimeline(Timeline& timeline, Lab& lab);

}  // namespace lab
