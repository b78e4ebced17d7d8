// app/widgets/step_list.h: the run's steps as a clickable list, ImGui style (the caller owns the step): one row
// per step with a phase marker where the phase changes (GJK, EPA start, EPA, SAT axes ...), the current row
// highlighted and kept in view, and why the run stopped as the last line. A person scans it for the step where
// things went wrong and jumps there.
#pragma once

#include <span>
#include <string>

namespace lab {

struct StepListEntry {
  std::string phase;    // e.g. "GJK", "EPA start", "EPA", "SAT axes"; a marker row precedes a change of phase
  std::string summary;  // one short line: what the step found
};

// At most `visibleRows` rows tall (scrolls beyond). Returns true when a click changed `step`.
bool drawStepList(int& step, std::span<const StepListEntry> entries, const std::string& stopReason, int visibleRows = 8);

}  // namespace lab
