// collide/gjk.h: GJK, boolean (article 000) and distance (article 002), with traces and warm start.
//
// [SECTION] Options, stop reasons, step events, results
// [SECTION] Boolean GJK (gjkIntersect)
// [SECTION] Distance GJK (gjkDistance)
#pragma once

#include <array>
#include <concepts>
#include <cstdint>
#include <string_view>

#include "collide/math.h"
#include "collide/simplex.h"
#include "collide/support.h"
#include "collide/trace.h"

namespace collide {

// [SECTION] Options, stop reasons, step events, results

// Why a GJK run stopped; set on the last trace step and in the result.
enum class GjkStop : std::uint8_t {
  None,             // still running (every step but the last)
  Separated,        // boolean: dot(w, d) < 0, the new support did not reach the origin: no overlap
  ContainsOrigin,   // the origin is inside the simplex: overlap
  DuplicateSupport, // distance: the new support is already in the simplex, nothing left to gain
  NoProgress,       // distance: relative progress below tolerance (article 002: "stop when no progress")
  OriginOnSimplex,  // the origin is on a vertex or edge: touching, the next direction would be zero
  MaxIterations,    // the cap; the result is the best so far
  InvalidInput,     // NaN or infinite support points
};

[[nodiscard]] constexpr std::string_view stopName(GjkStop stop) {
  switch (stop) {
    case GjkStop::None: return "none";
    case GjkStop::Separated: return "separated";
    case GjkStop::ContainsOrigin: return "contains origin";
    case GjkStop::DuplicateSupport: return "duplicate support";
    case GjkStop::NoProgress: return "no progress";
    case GjkStop::OriginOnSimplex: return "origin on simplex";
    case GjkStop::MaxIterations: return "max iterations";
    case GjkStop::InvalidInput: return "invalid input";
  }
  return "unknown";
}

struct GjkOptions {
  int maxIterations = 64;
  double relativeTolerance = 0.0;  // 0 = a default for the scalar
};

// One GJK iteration, everything the picture and the narration need.
template <Scalar S>
struct GjkStep {
  int iteration = 0;
  Vec2<S> direction{};           // d, search direction this iteration
  SupportPoint<S> support{};     // w with its witnesses on A and B
  S supportDotDirection{};       // dot(w, d): boolean GJK's "did w pass the origin"
  Simplex<S> simplexBefore{};    // with w added, before reduction
  SimplexRegion region{};        // region of simplexBefore holding the origin (boolean) / closest point (distance)
  std::uint8_t droppedMask = 0;  // bit i: simplexBefore.vertices[i] dropped
  Simplex<S> simplexAfter{};
  Vec2<S> closestPoint{};        // closest point of simplexAfter to the origin
  S distance{};                  // its length (distance GJK's estimate; for cores, before radii)
  Vec2<S> nextDirection{};
  GjkStop stop = GjkStop::None;  // set on the last step: why it stopped
};

template <Scalar S>
struct GjkBooleanResult {
  bool hit = false;  // overlap or touching (origin in A - B, boundary included)
  int iterations = 0;
  Status status{};
  GjkStop stop{};
  Simplex<S> simplex{};  // the final simplex; EPA starts from it
};

template <Scalar S>
struct DistanceResult {
  S distance{};                // >= 0; 0 when the shapes overlap
  Vec2<S> pointA{}, pointB{};  // closest points (witnesses) on A and B
  Vec2<S> normal{};            // unit, from A toward B; zero when overlapping
  bool overlap = false;
  int iterations = 0;
  Status status{};
  GjkStop stop{};
  Simplex<S> simplex{};  // final simplex of the cores
};

// [SECTION] Boolean GJK (gjkIntersect)

// Does A overlap B? Whole-shape supports (SupportKind::Whole). Touching counts as a hit, like SAT's
// overlap >= 0. Both shapes in one frame (place B in A's frame with Transformed).
template <SupportShape A, SupportShape B, class Trace = NoTrace>
  requires std::same_as<typename A::Scalar, typename B::Scalar>
[[nodiscard]] GjkBooleanResult<typename A::Scalar> gjkIntersect(const A& a, const B& b, const GjkOptions& options,
                                                                Trace& trace);

template <SupportShape A, SupportShape B>
  requires std::same_as<typename A::Scalar, typename B::Scalar>
[[nodiscard]] GjkBooleanResult<typename A::Scalar> gjkIntersect(const A& a, const B& b,
                                                                const GjkOptions& options = {});

// [SECTION] Distance GJK (gjkDistance)

// Distance between A and B. Runs on the cores (SupportKind::Core) and subtracts both core radii, so circles
// and capsules are exact. cache (optional, caller-owned) warm-starts from and is updated to this call's simplex.
template <SupportShape A, SupportShape B, class Trace = NoTrace>
  requires std::same_as<typename A::Scalar, typename B::Scalar>
[[nodiscard]] DistanceResult<typename A::Scalar> gjkDistance(const A& a, const B& b, const GjkOptions& options,
                                                             SimplexCache<typename A::Scalar>* cache, Trace& trace);

template <SupportShape A, SupportShape B>
  requires std::same_as<typename A::Scalar, typename B::Scalar>
[[nodiscard]] DistanceResult<typename A::Scalar> gjkDistance(const A& a, const B& b, const GjkOptions& options = {},
                                                             SimplexCache<typename A::Scalar>* cache = nullptr);

}  // namespace collide
