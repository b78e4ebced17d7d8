// app/labs/narration.h: one or two sentences that explain a recorded step, with its numbers, in the words of the
// articles (000: boolean GJK, EPA, SAT; 001: the analytic pair tests; 002: GJK distance). Pure functions of the
// step events of collide/query.h, so the lab, the dump for tests and any later lab say the same thing.
#pragma once

#include <string>

#include "collide/query.h"
#include "collide/query3.h"
#include "labs/format.h"

namespace lab {


// A GJK iteration; `algorithm` is Gjk or Epa (boolean GJK, Collision detection notes) or Distance (Game engine from scratch 45).
[[nodiscard]] std::string narrateGjkStep(const collide::GjkStep<collide::Vec2<double>>& step, collide::Algorithm algorithm);
// An EPA iteration (Collision detection notes).
[[nodiscard]] std::string narrateEpaStep(const collide::EpaStep<double>& step);
// A SAT axis; on the last axis `result` adds the verdict and the minimum translation.
[[nodiscard]] std::string narrateSatStep(const collide::SatAxisStep<double>& step, bool last,
                                         const collide::QueryResult<double>& result);
// An analytic test's numbered step (Shape intersection tests).
[[nodiscard]] std::string narrateAnalyticStep(const collide::AnalyticStep<double>& step);
// The outcome in one sentence: "Hit: depth 0.5 along (1, 0)." / "No hit: distance 1.25." / the refusal.
[[nodiscard]] std::string narrateResult(const collide::QueryResult<double>& result);

// The same in space (the 3D lab): GJK's tetrahedron, EPA's polytope with its horizon, SAT's face and edge x edge
// axes (and SAT lite's false hits), the sphere tests.
[[nodiscard]] std::string narrateGjkStep(const collide::GjkStep<collide::Vec3<double>>& step, collide::Algorithm algorithm);
[[nodiscard]] std::string narrateEpaStep(const collide::EpaStep3<double>& step);
[[nodiscard]] std::string narrateSatStep(const collide::SatAxisStep3<double>& step, bool last,
                                         const collide::QueryResult3<double>& result);
[[nodiscard]] std::string narrateAnalyticStep(const collide::AnalyticStep3<double>& step);
[[nodiscard]] std::string narrateResult(const collide::QueryResult3<double>& result);

}  // namespace lab
