// app/labs/query_metrics.h: the numbers a narrow-phase lab records each frame (the plot panel's columns), the same
// names in the plane and in space so one recording format serves both labs.
#pragma once

#include <vector>

#include "collide/query.h"
#include "lab/vocabulary.h"

namespace lab {

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
