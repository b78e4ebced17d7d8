// collide/query3.h: run one algorithm on two 3D colliders: the dispatch over 3D shape pairs, as query.h is for the
// plane. The algorithm table, the refusals, the options and the result type are query.h's (QueryResultOf over
// Vec3); this header adds the 3D colliders' entry points. Work happens in A's local frame (B placed by
// invMul(xfA, xfB)); every result and every trace step comes back in the world.
//
// [SECTION] Results and traces
// [SECTION] Queries
#pragma once

#include <vector>

#include "collide/analytic3.h"
#include "collide/epa3.h"
#include "collide/gjk.h"
#include "collide/query.h"
#include "collide/sat3.h"
#include "collide/shapes3.h"

namespace collide {

// [SECTION] Results and traces

template <Scalar S>
using QueryResult3 = QueryResultOf<Vec3<S>>;

// A recorded 3D run: the result and every step, in the world frame; only the lists of the algorithm that ran are
// filled.
template <Scalar S>
struct QueryTrace3 {
  QueryResult3<S> result;
  std::vector<GjkStep<Vec3<S>>> gjk;
  std::vector<EpaStart3<S>> epaStart;  // epa: the start polytope, when EPA ran (at most one)
  std::vector<EpaStep3<S>> epa;
  std::vector<SatAxisStep3<S>> sat;  // sat and sat-lite
  std::vector<AnalyticStep3<S>> analytic;
};

// [SECTION] Queries

// Empty when `algorithm` can run on the pair, else why runQuery would refuse it: a shape that is not valid, a mesh,
// a curved shape for SAT, a shape other than a box for SAT lite, a pair without an analytic test.
template <Scalar S>
[[nodiscard]] Refusal refusal(Algorithm algorithm, const Collider3<S>& a, const Collider3<S>& b);

// query.h's polytopesOnly in space: "... (point, segment, triangle, aabb, box, hull); a sphere has a curved surface ...".
template <Scalar S>
[[nodiscard]] std::string polytopesOnly(std::string_view algorithm, const Shape3<S>& shape) {
  return std::string(algorithm) + " takes polytopes only (point, segment, triangle, aabb, box, hull); a " +
         std::string(shapeTypeName(shape)) + " has a curved surface and no finite set of axes";
}

// Runs `algorithm` on A and B; refusals come back as ok = false with the sentence in `error`. `cache`: distance
// only, as in query.h.
template <Scalar S>
[[nodiscard]] QueryResult3<S> runQuery(Algorithm algorithm, const Collider3<S>& a, const Collider3<S>& b,
                                       const QueryOptions& options = {}, SimplexCache<Vec3<S>>* cache = nullptr);

// Same run with every step recorded; trace.result is bitwise identical to runQuery's result (tested).
template <Scalar S>
[[nodiscard]] QueryTrace3<S> recordQuery(Algorithm algorithm, const Collider3<S>& a, const Collider3<S>& b,
                                         const QueryOptions& options = {});

#define COLLIDE_QUERY3_EXTERN(S)                                                                                     \
  extern template Refusal refusal<S>(Algorithm, const Collider3<S>&, const Collider3<S>&);                         \
  extern template QueryResult3<S> runQuery<S>(Algorithm, const Collider3<S>&, const Collider3<S>&,                 \
                                              const QueryOptions&, SimplexCache<Vec3<S>>*);                         \
  extern template QueryTrace3<S> recordQuery<S>(Algorithm, const Collider3<S>&, const Collider3<S>&,               \
                                                const QueryOptions&);
COLLIDE_QUERY3_EXTERN(float)
COLLIDE_QUERY3_EXTERN(double)
#undef COLLIDE_QUERY3_EXTERN

}  // namespace collide
