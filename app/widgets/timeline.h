// app/widgets/timeline.h: the one stepping widget every lab shares: first, back, play/pause with a speed,
// forward, last, and a scrub slider; Left/Right, Home/End and Space as keys. Immediate mode, ImGui style: the
// caller owns the step and passes it by reference; the playback state lives in the caller's TimelinePlayback.
#pragma once

#include <span>

#include "lab/vocabulary.h"

namespace lab {

struct TimelinePlayback {
  bool playing = false;
  float stepsPerSecond = 2.0f;
  double accumulator = 0;  // seconds of playback not yet turned into a step
};

// Advances playback by `seconds` (stops at the last step) and applies this frame's key presses to `step`
// (0 .. count - 1). Returns true when `step` changed.
bool updateTimeline(int& step, int count, TimelinePlayback& playback, double seconds, std::span<const KeyPress> keys);
// Draws the widget into the current ImGui window, full width. Returns true when `step` changed.
bool drawTimeline(int& step, int count, TimelinePlayback& playback);

// The speed slider's top: 30 steps a second, or the whole run in 10 seconds when that is faster (a mid-phase
// traversal has 2,000 to 3,000 steps: at 30 a second it took over a minute to play).
[[nodiscard]] float fastestStepsPerSecond(int count);

// Whether `press` is one of the timeline's keys (the shell does not pass those on to the lab).
[[nodiscard]] bool isTimelineKey(const KeyPress& press);

}  // namespace lab
