// app/cli/cast_command.h: what `collision-lab trace` borrows from `cast`: one line with motions, traced.
#pragma once

#include <string>
#include <string_view>

#include "lab/vocabulary.h"

namespace lab {

// "ray, linear, toi, dynamic-sat, analytic": the cast algorithms' names, from collide::kCastAlgorithmTable.
[[nodiscard]] std::string castAlgorithmNameList();

// Whether `trace` should treat a line as a cast: --algo names a cast-only algorithm (ray, linear, toi,
// dynamic-sat), or the line carries "motion_a" or "motion_b".
[[nodiscard]] bool isCastTrace(const Json& line, std::string_view algorithm);

// {"id", "scalar", "a", "b", "motion_a", "motion_b", "algorithm", "result", "trace"} for one line of `cast`'s
// format run by one cast algorithm ("analytic" is the moving-sphere test here), with the warnings of `cast` (`text`
// is what the line was read from, for what reading it rounded; empty: a line made in memory). Throws JsonFieldError.
[[nodiscard]] Json castTraceDocument(const Json& line, std::string_view algorithm, bool useFloat, std::string_view text = {});

}  // namespace lab
