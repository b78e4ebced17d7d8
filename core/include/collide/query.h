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
// [SECTION] Refusals
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
  Gjk,       // boolean GJK (Collision detection notes): hit or not
  Distance,  // GJK distance (Game engine from scratch 45): distance and closest points
  Epa,       // boolean GJK then EPA (Collision detection notes): depth, normal and contact points
  Sat,       // separating axes (Collision detection notes; Shape intersection tests): polytopes only
  Analytic,  // the closed-form pair tests of Shape intersection tests (circle against anything, point in polygon, ...)
  SatLite,   // 3D boxes: SAT on the 6 face axes only, saying when the 9 edge axes it skips would have separated them
};

// What an algorithm takes.
enum class Accepts : std::uint8_t {
  ConvexShapes,   // every shape whose support function is exact: all but a sector wider than 90 degrees
  Polytopes,      // shapes with a finite set of edge normals: point, segment, aabb, box, polygon
  AnalyticPairs,  // a circle or a point against any shape, and aabb vs aabb
  Boxes,          // boxes and aabbs only
};

// Where an algorithm runs: a bit per dimension.
inline constexpr std::uint8_t kInPlane = 0b01;
inline constexpr std::uint8_t kInSpace = 0b10;
inline constexpr std::uint8_t kInBoth = kInPlane | kInSpace;

struct AlgorithmInfo {
  Algorithm algorithm;
  std::string_view name;   // the CLI's --algo, the JSON output and scene files
  std::string_view label;  // the labs' menus
  Accepts accepts;
  std::string_view counts;  // what `iterations` counts ("iterations", "axes"); empty: closed form, no count
  std::uint8_t dimensions;  // kInPlane, kInSpace or both
};

// The algorithm table: the CLI's --algo lists, the query dispatch (refusal() reads `accepts`, runQuery calls the
// function registered for the entry in core/src/query_impl.h), the experiments and the labs all read it. Adding an
// algorithm is one entry here plus its function there.
inline constexpr std::array<AlgorithmInfo, 6> kAlgorithmTable = {{
    {Algorithm::Gjk, "gjk", "GJK boolean", Accepts::ConvexShapes, "iterations", kInBoth},
    {Algorithm::Distance, "distance", "GJK distance", Accepts::ConvexShapes, "iterations", kInBoth},
    {Algorithm::Epa, "epa", "GJK + EPA", Accepts::ConvexShapes, "iterations", kInBoth},
    {Algorithm::Sat, "sat", "SAT", Accepts::Polytopes, "axes", kInBoth},
    {Algorithm::Analytic, "analytic", "Analytic", Accepts::AnalyticPairs, "", kInBoth},
    {Algorithm::SatLite, "sat-lite", "SAT lite (face axes)", Accepts::Boxes, "axes", kInSpace},
}};

[[nodiscard]] constexpr const AlgorithmInfo& algorithmInfo(Algorithm algorithm) {
  return kAlgorithmTable[static_cast<std::size_t>(algorithm)];
}

// Does `algorithm` run in `dimension` (2 or 3)?
[[nodiscard]] constexpr bool runsIn(Algorithm algorithm, int dimension) {
  return (algorithmInfo(algorithm).dimensions & (dimension == 3 ? kInSpace : kInPlane)) != 0;
}

// The algorithms of a dimension (2 or 3), in table order.
template <int Dimension>
inline constexpr auto kAlgorithmsIn = [] {
  constexpr std::size_t kCount = [] {
    std::size_t count = 0;
    for (const AlgorithmInfo& info : kAlgorithmTable) count += runsIn(info.algorithm, Dimension) ? 1 : 0;
    return count;
  }();
  std::array<Algorithm, kCount> list{};
  for (std::size_t i = 0, k = 0; i < kAlgorithmTable.size(); ++i)
    if (runsIn(kAlgorithmTable[i].algorithm, Dimension)) list[k++] = kAlgorithmTable[i].algorithm;
  return list;
}();

// Every algorithm of the plane, in table order (the 2D labs, experiments and queries).
inline constexpr auto kAlgorithms = kAlgorithmsIn<2>;

[[nodiscard]] constexpr std::string_view algorithmName(Algorithm algorithm) { return algorithmInfo(algorithm).name; }

// Iterative algorithms count iterations (or axes): the ones batch experiments measure.
[[nodiscard]] constexpr bool isIterative(Algorithm algorithm) { return !algorithmInfo(algorithm).counts.empty(); }

[[nodiscard]] constexpr std::optional<Algorithm> parseAlgorithm(std::string_view name) {
  for (const AlgorithmInfo& info : kAlgorithmTable) {
    if (info.name == name) return info.algorithm;
  }
  return std::nullopt;
}

// The names, in table order: every algorithm, or only the iterative ones; of one dimension (2, 3) or of any (0).
[[nodiscard]] std::vector<std::string> algorithmNames(bool iterativeOnly = false, int dimension = 0);
// "gjk, distance, epa, sat, analytic" (or the iterative ones), for messages.
[[nodiscard]] std::string algorithmNameList(bool iterativeOnly = false, int dimension = 0);

// [SECTION] Refusals

// Which side a refusal is about.
enum class Side : std::uint8_t { Pair, A, B };

// Why a query was refused, in the library's words, with the parts a caller needs to say it in its own: the side,
// the shape's type and the property at fault. sentence() joins them; the CLI names its JSON fields instead.
struct Refusal {
  Side side = Side::Pair;
  std::string_view shapeType;           // the refused shape's type name, unless side is Pair
  ShapeField field = ShapeField::Whole;  // the property at fault
  std::string detail;                   // what is wrong with it: "-1 is negative", "sat takes polytopes only ..."

  [[nodiscard]] bool empty() const { return detail.empty(); }
};

// "shape B: the sector's half angle 114.6 degrees (2 rad) is over 90 degrees, so ...", "no analytic test for box vs box; ...".
[[nodiscard]] std::string sentence(const Refusal& refusal);
// The property in words: "half angle", "radius", "position".
[[nodiscard]] std::string_view fieldWords(ShapeField field);
// What is wrong, after the property ("is not finite", "9.2e+18 is beyond the supported range ..."), for a
// shape in scalar S.
template <Scalar S>
[[nodiscard]] std::string describe(const ShapeCheck& check);

// Why a separating-axis test (query's sat, cast's dynamic-sat) turns a curved shape away, one sentence for both:
// "sat takes polytopes only (point, segment, aabb, box, polygon); a circle has a curved boundary and no finite set
// of axes".
template <Scalar S>
[[nodiscard]] std::string polytopesOnly(std::string_view algorithm, const Shape<S>& shape) {
  return std::string(algorithm) + " takes polytopes only (point, segment, aabb, box, polygon); a " +
         std::string(shapeTypeName(shape)) + " has a curved boundary and no finite set of axes";
}

// [SECTION] Options and results

struct QueryOptions {
  GjkOptions gjk{};
  EpaOptions epa{};
};

// What one algorithm computed, in the world frame, over the vector type (QueryResult in the plane, QueryResult3 in
// space). A field an algorithm does not compute is left empty, so a reader (the JSON writer, the app's readout)
// shows exactly what was computed.
template <Vector V>
struct QueryResultOf {
  using S = ScalarOf<V>;
  Algorithm algorithm{};
  bool ok = false;                     // false: refused, `error` says why, nothing below is set
  std::string error;                   // sentence(refusal)
  bool hit = false;                    // overlap or touching
  std::optional<S> distance;           // distance: >= 0; analytic: when the test measures it
  std::optional<S> separation;         // sat, not hit: the gap along the separating axis found (early exit)
  std::optional<S> depth;              // epa, sat, analytic when hit: the penetration depth
  std::optional<V> normal;             // unit, from A toward B (moving B by depth * normal separates them)
  std::optional<V> pointA;             // closest (distance) or deepest (epa) point on A
  std::optional<V> pointB;             // same on B
  std::optional<int> iterations;       // gjk, distance, epa: iterations; sat: axes tested
  std::optional<int> gjkIterations;    // epa: the boolean GJK run before it
  std::optional<Status> status;
  std::string_view stopReason;         // why it stopped, as the algorithm names it ("contains origin", ...)
  Refusal refusal;                     // when not ok: why, in parts (the CLI names its JSON fields from them)
  std::optional<bool> faceAxesFooled;  // sat-lite: the face axes overlap but an edge axis separates (it was fooled)
};

template <Scalar S>
using QueryResult = QueryResultOf<Vec2<S>>;

// A recorded run: the result and every step, all in the world frame. Only the lists of the algorithm that
// ran are filled (epa fills gjk with its boolean GJK run, then epa).
template <Scalar S>
struct QueryTrace {
  QueryResult<S> result;
  std::vector<GjkStep<Vec2<S>>> gjk;
  std::vector<EpaStart<S>> epaStart;  // epa: the start polygon, when EPA ran (at most one)
  std::vector<EpaStep<S>> epa;
  std::vector<SatAxisStep<S>> sat;
  std::vector<AnalyticStep<S>> analytic;
};

// [SECTION] Queries

// Empty when `algorithm` can run on the pair, else why runQuery would refuse it: a shape that is not valid
// (isValid in shapes.h), or one the algorithm does not accept (its table entry), e.g. shape B, a sector whose half
// angle "114.6 degrees (2 rad) is over 90 degrees, so the sector is not convex; only the analytic test takes it".
template <Scalar S>
[[nodiscard]] Refusal refusal(Algorithm algorithm, const Collider<S>& a, const Collider<S>& b);

// Runs `algorithm` on A and B. Refusals come back as ok = false with the sentence in `error`. `cache` (distance
// only, optional): GJK distance starts from it and leaves its final simplex there, in A's frame (the RTR collision summary's
// warm start; Box2D's b2SimplexCache).
template <Scalar S>
[[nodiscard]] QueryResult<S> runQuery(Algorithm algorithm, const Collider<S>& a, const Collider<S>& b,
                                      const QueryOptions& options = {}, SimplexCache<Vec2<S>>* cache = nullptr);

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
  extern template Refusal refusal<S>(Algorithm, const Collider<S>&, const Collider<S>&);                        \
  extern template std::string describe<S>(const ShapeCheck&);                    \
  extern template QueryResult<S> runQuery<S>(Algorithm, const Collider<S>&, const Collider<S>&,                 \
                                             const QueryOptions&, SimplexCache<Vec2<S>>*);                             \
  extern template QueryTrace<S> recordQuery<S>(Algorithm, const Collider<S>&, const Collider<S>&,               \
                                               const QueryOptions&);
COLLIDE_QUERY_EXTERN(float)
COLLIDE_QUERY_EXTERN(double)
#undef COLLIDE_QUERY_EXTERN

}  // namespace collide
