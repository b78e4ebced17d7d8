// collide/trace.h: trace sinks and the status every iterative algorithm reports.
//
// Every algorithm that the app steps takes a sink as a template parameter (DESIGN.md, "Traces, not state
// machines"). NoTrace compiles to nothing, so the benchmarked call and the stepped call are the same code:
//   if constexpr (Trace::enabled) trace(GjkStep<Vec2<S>>{...});
// Recorder<Event> keeps every event; the app's timeline scrubs that list.
#pragma once

#include <string_view>
#include <vector>

namespace collide {

// How an iterative algorithm stopped. Every one has an iteration cap and never loops forever.
enum class Status {
  Converged,      // found the answer within tolerance
  MaxIterations,  // stopped by the cap; the result is the best so far
  Degenerate,     // the geometry left nothing to do (duplicate support, zero-length direction, flat polytope)
  InvalidInput,   // refused: NaN or infinite coordinates, a non-convex sector, an empty polygon
};

[[nodiscard]] constexpr std::string_view statusName(Status status) {
  switch (status) {
    case Status::Converged: return "converged";
    case Status::MaxIterations: return "max_iterations";
    case Status::Degenerate: return "degenerate";
    case Status::InvalidInput: return "invalid_input";
  }
  return "unknown";
}

struct NoTrace {
  static constexpr bool enabled = false;
  template <class Event>
  void operator()(const Event&) {}
};

template <class Event>
struct Recorder {
  static constexpr bool enabled = true;
  std::vector<Event> steps;
  void operator()(const Event& event) { steps.push_back(event); }
};

}  // namespace collide
