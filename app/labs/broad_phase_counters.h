// app/labs/broad_phase_counters.h: the broad phases' counters (collide::BroadPhaseStats), one name each for
// `collision-lab broadphase`'s summary, the broad-phase labs' tables and the README, and what each counts in one
// line (`broadphase --explain`, the labs' note under their table). The CSV's columns and the state dumps' keys are
// the same words (box_tests, boxTests). Review s31 A18 and B7: the CLI said "box tests per frame", the lab
// "interval tests (bands)", and only the lab said why they are fewer than the sweep-axis candidates.
#pragma once

#include <string>
#include <string_view>

namespace lab::broadphase {

enum class Counter { Pairs, BoxTests, Swaps, SweepCandidates, CellsTouched, OccupiedCells, NodePairsVisited, LeavesReinserted };

[[nodiscard]] constexpr const char* counterName(Counter counter) {
  switch (counter) {
    case Counter::Pairs: return "pairs";
    case Counter::BoxTests: return "box tests";
    case Counter::Swaps: return "swaps";
    case Counter::SweepCandidates: return "sweep-axis candidates";
    case Counter::CellsTouched: return "cells touched";
    case Counter::OccupiedCells: return "occupied cells";
    case Counter::NodePairsVisited: return "node pairs visited";
    case Counter::LeavesReinserted: return "leaves reinserted";
  }
  return "";
}

// What `counter` counts under `algorithm` ("sap", "grid", "bvh", "brute"). `bandAxis`, when known, names the axis
// sweep and prune's bands slice (its second axis).
[[nodiscard]] inline std::string counterMeaning(Counter counter, std::string_view algorithm, char bandAxis = 0) {
  switch (counter) {
    case Counter::Pairs: return "pairs of boxes that overlap: the answer";
    case Counter::BoxTests:
      if (algorithm == "sap") {
        const std::string along = bandAxis != 0 ? std::string("along ") + bandAxis : "along the next axis";
        return "pairs whose boxes were compared in full; an entering box meets only the boxes of its bands " + along +
               ", so there are fewer box tests than sweep-axis candidates";
      }
      if (algorithm == "grid") {
        return "pairs whose boxes were compared: each pair in the one shared cell that owns it (where their overlap "
               "begins), and an oversize box against every other";
      }
      if (algorithm == "bvh") return "leaf pairs whose boxes were compared, once their parents' fat boxes overlapped";
      return "pairs whose boxes were compared: every pair, n (n - 1) / 2";
    case Counter::Swaps: return "insertion-sort moves that put the endpoints back in order after the boxes moved, over every axis";
    case Counter::SweepCandidates: return "pairs that overlap on the sweep axis alone (a plain sweep's active list makes them)";
    case Counter::CellsTouched: return "box-in-cell insertions: each box goes in every cell its bounds touch";
    case Counter::OccupiedCells: return "cells that hold at least one box";
    case Counter::NodePairsVisited: return "pairs of tree nodes the self-query compared, descended or pruned";
    case Counter::LeavesReinserted: return "boxes that left their fat box and were reinserted in the tree";
  }
  return "";
}

}  // namespace lab::broadphase
