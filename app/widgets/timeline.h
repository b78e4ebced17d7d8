// app/widgets/timeline.h: the one stepping widget every lab shares: first, back, play/pause with a speed,
// forward, last, and a scrub slider; Left/Right, Home/End and Space as keys. A lab whose steps come in kinds
// (StepKind: the mid phase's leaf tests, prunes ...) also gets a jump to the previous or next step of a chosen kind,
// Shift+Left / Shift+Right, with Shift+Up / Shift+Down choosing the kind: a traversal of 3,000 steps takes 25
// minutes to play. Immediate mode, ImGui style: the caller owns the step and passes it by reference; the playback
// state and the chosen kind live in the caller's TimelinePlayback.
#pragma once

#include <optional>
#include <span>
#include <string>

#include "lab/vocabulary.h"

namespace lab {

struct TimelinePlayback {
  bool playing = false;
  float stepsPerSecond = 2.0f;
  double accumulator = 0;  // seconds of playback not yet turned into a step
  std::string jumpKind;    // the StepKind the jumps go to, by name; empty: see jumpKindIndex
};

// The first of `steps` (ascending) after `step`, or the last one before it; nullopt when there is none.
[[nodiscard]] std::optional<int> nextStepOf(std::span<const int> steps, int step);
[[nodiscard]] std::optional<int> previousStepOf(std::span<const int> steps, int step);
// Where a jump goes from `step`: the next (direction +1) or previous (-1) of `steps`, wrapping round to the first or
// the last when there is none that way, as Play starts again from the first step at the end and an editor's Find Next
// wraps (a scene that opens on its last step jumps straight to its first false positive); nullopt when `steps` is
// empty or is `step` alone.
[[nodiscard]] std::optional<int> jumpTarget(std::span<const int> steps, int step, int direction);
// The kind the jumps go to: the one named playback.jumpKind, else the first kind that has steps (a lab lists its
// most telling kind first), else the first; -1 when there are no kinds.
[[nodiscard]] int jumpKindIndex(std::span<const StepKind> kinds, const TimelinePlayback& playback);
// The timeline's jumps as --dump-state writes them: the kind they go to ("kind") and each kind's name, count and the
// steps Shift+Left and Shift+Right go to from `step` ("previous", "next": jumpTarget's, so round from the last to the
// first; null when there is none).
[[nodiscard]] Json stepJumpJson(std::span<const StepKind> kinds, int step, const TimelinePlayback& playback);
// The jump picker's words for `kind` at `step`: "false positive 3 of 76" on one of its steps, so a student knows
// where in the list they are; "false positive (76)" elsewhere.
[[nodiscard]] std::string jumpKindLabel(const StepKind& kind, int step);

// Advances playback by `seconds` (stops at the last step) and applies this frame's key presses to `step`
// (0 .. count - 1), the jump keys among `kinds`. Returns true when `step` changed.
bool updateTimeline(int& step, int count, TimelinePlayback& playback, double seconds, std::span<const KeyPress> keys,
                    std::span<const StepKind> kinds = {});
// Draws the widget into the current ImGui window, full width, with the jump buttons and the kind picker when there
// are `kinds`, in timelineRows rows. Returns true when `step` changed.
bool drawTimeline(int& step, int count, TimelinePlayback& playback, std::span<const StepKind> kinds = {});
// The rows drawTimeline takes in `width` pixels: 2 when the buttons, the speed and the jumps would leave the scrub bar
// too narrow for its "step 969 of 1939" on either side of a grab in the middle (at 200 % on a projector's 1600 pixels
// the words sat under the grab: layout review s32), so the scrub bar gets a row of its own; otherwise 1.
[[nodiscard]] int timelineRows(int count, std::span<const StepKind> kinds, float width);
// The jump keys, for the help overlay (F1) of a lab with kinds of step.
[[nodiscard]] std::span<const Shortcut> stepJumpShortcuts();

// The speed slider's top: 30 steps a second, or the whole run in 10 seconds when that is faster (a mid-phase
// traversal has 2,000 to 3,000 steps: at 30 a second it took over a minute to play).
[[nodiscard]] float fastestStepsPerSecond(int count);

// Whether `press` is one of the timeline's keys (the shell does not pass those on to the lab).
[[nodiscard]] bool isTimelineKey(const KeyPress& press);

}  // namespace lab
