// collide/query.h: run one algorithm on two colliders: the single place that dispatches over shape pairs.
//
// The app, `collision-lab query` and `collision-lab trace` all come through here. runQuery picks the function of
// gjk.h, epa.h, sat.h or analytic.h for the pair, works in A's local frame (B placed by invMul(xfA, xfB) through
// Transformed, so large world coordinates cancel first; an Aabb's frame is the world) and maps every result and
// every trace step back to the world frame. What an algorithm cannot take is refused with a sentence, never a
// crash: NaN or infinite numbers, a malformed shape, a sector wider than 90 degrees for the support-based
// algorithms, a curved shape for SAT, a pair without an analytic test.
//
// [SECTION] Algorithms
// [SECTION] Options and results
// [SECTION] Queries
// [SECTION] Scalar conversion
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "collide/analytic.h"
#include "collide/epa.h"
#include "collide/gjk.h"
#include "collide/math.h"
#include "collide/sat.h"
#include "collide/shapes.h"
#include "collide/trace.h"

namespace collide {

// [SECTION] Algorithms

enum class Algorithm : std::uint8_t {
  Gjk,       // boolean GJK (article 000): hit or not
  Distance,  // GJK distance (article 002): distance and closest points
  Epa,       // boolean GJK then EPA (article 000): depth, normal and contact points
  Sat,       // separating axes (articles 000, 001): polytopes only
  Analytic,  // the closed-form pair tests of article 001 (circle against anything, point in polygon, ...)
};

inline constexpr std::array<Algorithm, 5> kAlgorithms = {Algorithm::Gjk, Algorithm::Distance, Algorithm::Epa,
                                                          Algorithm::Sat, Algorithm::Analytic};

// The names used by the CLI (--algo), the JSON output and scene files, in enum order.
inline constexpr std::array<std::string_view, 5> kAlgorithmNames = {"gjk", "distance", "epa", "sat", "analytic"};

[[nodiscard]] constexpr std::string_view algorithmName(Algorithm algorithm) {
  return kAlgorithmNames[static_cast<std::size_t>(algorithm)];
}

[[nodiscard]] constexpr std::optional<Algorithm> parseAlgorithm(std::string_view name) {
  for (std::size_t i = 0; i < kAlgorithmNames.size(); ++i) {
    if (kAlgorithmNames[i] == name) return kAlgorithms[i];
  }
  return std::nullopt;
}

// "gjk, distance, epa, sat, analytic", for messages.
[[nodiscard]] std::string algorithmNameList();

// [SECTION] Options and results

struct QueryOptions {
  GjkOptions gjk{};
  EpaOptions epa{};
};

// What one algorithm computed, in the world frame. A field an algorithm does not compute is left empty, so a
// reader (the JSON writer, the app's readout) shows exactly what was computed.
template <Scalar S>
struct QueryResult {
  Algorithm algorithm{};
  bool ok = false;                     // false: refused, `error` says why, nothing below is set
  std::string error;
  bool hit = false;                    // overlap or touching
  std::optional<S> distance;           // distance: >= 0; analytic: when the test measures it
  std::optional<S> separation;         // sat, not hit: the gap along the separating axis found (early exit)
  std::optional<S> depth;              // epa, sat, analytic when hit: the penetration depth
  std::optional<Vec2<S>> normal;       // unit, from A toward B (moving B by depth * normal separates them)
  std::optional<Vec2<S>> pointA;       // closest (distance) or deepest (epa) point on A
  std::optional<Vec2<S>> pointB;       // same on B
  std::optional<int> iterations;       // gjk, distance, epa: iterations; sat: axes tested
  std::optional<int> gjkIterations;    // epa: the boolean GJK run before it
  std::optional<Status> status;
  std::string_view stopReason;         // why it stopped, as the algorithm names it ("contains origin", ...)
};

// A recorded run: the result and every step, all in the world frame. Only the lists of the algorithm that
// ran are filled (epa fills gjk with its boolean GJK run, then epa).
template <Scalar S>
struct QueryTrace {
  QueryResult<S> result;
  std::vector<GjkStep<Vec2<S>>> gjk;
  std::vector<EpaStep<S>> epa;
  std::vector<SatAxisStep<S>> sat;
  std::vector<AnalyticStep<S>> analytic;
};

// [SECTION] Queries

// Empty when `algorithm` can run on the pair, else the sentence runQuery would refuse it with, e.g.
// "b: sector half_angle 2 rad is over 90 degrees, so the sector is not convex; only the analytic test takes it".
template <Scalar S>
[[nodiscard]] std::string refusal(Algorithm algorithm, const Collider<S>& a, const Collider<S>& b);

// Runs `algorithm` on A and B. Refusals come back as ok = false with the sentence in `error`.
template <Scalar S>
[[nodiscard]] QueryResult<S> runQuery(Algorithm algorithm, const Collider<S>& a, const Collider<S>& b,
                                      const QueryOptions& options = {});

// Same run with every step recorded; trace.result is bitwise identical to runQuery's result (tested).
template <Scalar S>
[[nodiscard]] QueryTrace<S> recordQuery(Algorithm algorithm, const Collider<S>& a, const Collider<S>& b,
                                        const QueryOptions& options = {});

// [SECTION] Scalar conversion

// The same collider in another scalar, field by field (the app switches double <-> float to show precision).
template <Scalar T, Scalar S>
[[nodiscard]] Shape<T> castShape(const Shape<S>& shape) {
  return std::visit(
      [](const auto& s) -> Shape<T> {
        using Source = std::decay_t<decltype(s)>;
        if constexpr (std::is_same_v<Source, Point<S>>) {
          return Point<T>{s.position.template cast<T>()};
        } else if constexpr (std::is_same_v<Source, Segment<S>>) {
          return Segment<T>{s.a.template cast<T>(), s.b.template cast<T>()};
        } else if constexpr (std::is_same_v<Source, Circle<S>>) {
          return Circle<T>{s.center.template cast<T>(), static_cast<T>(s.radius)};
        } else if constexpr (std::is_same_v<Source, Aabb<S>>) {
          return Aabb<T>{s.min.template cast<T>(), s.max.template cast<T>()};
        } else if constexpr (std::is_same_v<Source, Box<S>>) {
          return Box<T>{s.halfExtents.template cast<T>()};
        } else if constexpr (std::is_same_v<Source, Capsule<S>>) {
          return Capsule<T>{s.a.template cast<T>(), s.b.template cast<T>(), static_cast<T>(s.radius)};
        } else if constexpr (std::is_same_v<Source, Polygon<S>>) {
          Polygon<T> out;
          out.count = s.count;
          out.center = s.center.template cast<T>();
          for (int i = 0; i < s.count; ++i) {
            out.vertices[i] = s.vertices[i].template cast<T>();
            out.normals[i] = normalize(s.normals[i].template cast<T>());
          }
          return out;
        } else {
          return Sector<T>{static_cast<T>(s.radius), static_cast<T>(s.halfAngle)};
        }
      },
      shape);
}

template <Scalar T, Scalar S>
[[nodiscard]] Collider<T> castCollider(const Collider<S>& collider) {
  return {castShape<T>(collider.shape), collider.transform.template cast<T>()};
}

#define COLLIDE_QUERY_EXTERN(S)                                                                                  \
  extern template std::string refusal<S>(Algorithm, const Collider<S>&, const Collider<S>&);                    \
  extern template QueryResult<S> runQuery<S>(Algorithm, const Collider<S>&, const Collider<S>&,                 \
                                             const QueryOptions&);                                               \
  extern template QueryTrace<S> recordQuery<S>(Algorithm, const Collider<S>&, const Collider<S>&,               \
                                               const QueryOptions&);
COLLIDE_QUERY_EXTERN(float)
COLLIDE_QUERY_EXTERN(double)
#undef COLLIDE_QUERY_EXTERN

}  // namespace collide
