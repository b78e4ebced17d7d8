// app/labs/narrow_phase_common.h: what the narrow-phase labs of the plane and of space share: the timeline's list
// of a recorded run's steps, and the numbers a lab records each frame (the plot panel's columns, the same names in
// both, so one recording format serves them).
#pragma once

#include <vector>

#include "collide/query.h"
#include "lab/vocabulary.h"

namespace lab {

// One entry of the timeline: which recorded list of a QueryTrace (or QueryTrace3), which event in it.
struct TraceStepRef {
  enum class Kind { Gjk, EpaStart, Epa, Sat, Analytic } kind;  // EpaStart: the plane's start polygon (QueryTrace)
  int index;
};

// Every step of a recorded run in the order the algorithms ran: GJK, then EPA (its start polygon a step of its own
// in the plane); or SAT; or the analytic test.
template <class Trace>
[[nodiscard]] std::vector<TraceStepRef> traceSteps(const Trace& trace) {
  using Kind = TraceStepRef::Kind;
  std::vector<TraceStepRef> steps;
  for (int i = 0; i < static_cast<int>(trace.gjk.size()); ++i) steps.push_back({Kind::Gjk, i});
  if constexpr (requires { trace.epaStart; })
    for (int i = 0; i < static_cast<int>(trace.epaStart.size()); ++i) steps.push_back({Kind::EpaStart, i});
  for (int i = 0; i < static_cast<int>(trace.epa.size()); ++i) steps.push_back({Kind::Epa, i});
  for (int i = 0; i < static_cast<int>(trace.sat.size()); ++i) steps.push_back({Kind::Sat, i});
  for (int i = 0; i < static_cast<int>(trace.analytic.size()); ++i) steps.push_back({Kind::Analytic, i});
  return steps;
}

template <class Vector>
void appendQueryMetrics(collide::Algorithm algorithm, const collide::QueryResultOf<Vector>& r, double queryMicros,
                        std::vector<FrameMetric>& out) {
  using collide::Algorithm;
  const double iterations = r.iterations ? *r.iterations : 0;
  switch (algorithm) {
    case Algorithm::Gjk: out.push_back({"gjk_iterations", iterations, "iterations"}); break;
    case Algorithm::Distance: out.push_back({"distance_iterations", iterations, "iterations"}); break;
    case Algorithm::Epa:
      out.push_back({"gjk_iterations", r.gjkIterations ? double(*r.gjkIterations) : 0.0, "iterations"});
      out.push_back({"epa_iterations", iterations, "iterations"});
      break;
    case Algorithm::Sat:
    case Algorithm::SatLite: out.push_back({"sat_axes", iterations, "axes"}); break;
    case Algorithm::Analytic: break;
  }
  out.push_back({"query_time", queryMicros, "us"});
  out.push_back({"hit", r.ok && r.hit ? 1.0 : 0.0, "bool"});
}

}  // namespace lab
