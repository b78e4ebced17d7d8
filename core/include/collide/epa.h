// collide/epa.h: the expanding polytope algorithm (article 000) for penetration depth, after boolean GJK.
//
// [SECTION] Options, stop reasons, step events, results
// [SECTION] EPA from a simplex (epaPenetration)
// [SECTION] GJK then EPA (gjkEpa)
#pragma once

#include <concepts>
#include <cstdint>
#include <string_view>
#include <vector>

#include "collide/gjk.h"
#include "collide/math.h"
#include "collide/simplex.h"
#include "collide/support.h"
#include "collide/trace.h"

namespace collide {

// [SECTION] Options, stop reasons, step events, results

struct EpaOptions {
  int maxIterations = 64;
  double relativeTolerance = 0.0;  // 0 = a default for the scalar
};

enum class EpaStop : std::uint8_t { None, Converged, DuplicateSupport, MaxIterations, Degenerate, InvalidInput };

[[nodiscard]] constexpr std::string_view epaStopName(EpaStop stop) {
  switch (stop) {
    case EpaStop::None: return "none";
    case EpaStop::Converged: return "converged";
    case EpaStop::DuplicateSupport: return "duplicate support";
    case EpaStop::MaxIterations: return "max iterations";
    case EpaStop::Degenerate: return "degenerate";
    case EpaStop::InvalidInput: return "invalid input";
  }
  return "unknown";
}

template <Scalar S>
struct EpaStep {
  int iteration = 0;
  std::vector<SupportPoint<S>> polytope;  // counter-clockwise, before this iteration's insertion
  int closestEdge = 0;                    // edge closestEdge -> closestEdge+1
  Vec2<S> edgeNormal{};                   // outward unit normal of that edge
  S edgeDistance{};                       // its distance from the origin
  SupportPoint<S> support{};              // new support along edgeNormal
  S supportDistance{};                    // dot(support.point, edgeNormal)
  S gap{};                                // supportDistance - edgeDistance: converged when small (relative)
  bool inserted = false;                  // inserted between the closest edge's ends
  EpaStop stop = EpaStop::None;
};

// Convention: normal is unit, from A toward B; moving B by depth * normal separates them (touching).
// pointA is A's deepest point into B and pointB is B's deepest point into A, so pointB = pointA - depth * normal.
template <Scalar S>
struct PenetrationResult {
  bool hit = false;
  S depth{};  // >= 0
  Vec2<S> normal{};
  Vec2<S> pointA{}, pointB{};
  int iterations = 0;
  int gjkIterations = 0;
  Status status{};
  EpaStop stop{};
};

// [SECTION] EPA from a simplex (epaPenetration)

// Penetration of A into B, starting from a simplex of whole-shape supports that holds the origin (boolean GJK's).
template <SupportShape A, SupportShape B, class Trace = NoTrace>
  requires std::same_as<typename A::Scalar, typename B::Scalar>
[[nodiscard]] PenetrationResult<typename A::Scalar> epaPenetration(const A& a, const B& b,
                                                                   const Simplex<typename A::Scalar>& start,
                                                                   const EpaOptions& options, Trace& trace);

template <SupportShape A, SupportShape B>
  requires std::same_as<typename A::Scalar, typename B::Scalar>
[[nodiscard]] PenetrationResult<typename A::Scalar> epaPenetration(const A& a, const B& b,
                                                                   const Simplex<typename A::Scalar>& start,
                                                                   const EpaOptions& options = {});

// [SECTION] GJK then EPA (gjkEpa)

// Runs boolean GJK first (its steps go to gjkTrace), then EPA on its simplex (steps to epaTrace).
template <SupportShape A, SupportShape B, class GjkTrace = NoTrace, class EpaTrace = NoTrace>
  requires std::same_as<typename A::Scalar, typename B::Scalar>
[[nodiscard]] PenetrationResult<typename A::Scalar> gjkEpa(const A& a, const B& b, const GjkOptions& gjkOptions,
                                                           const EpaOptions& epaOptions, GjkTrace& gjkTrace,
                                                           EpaTrace& epaTrace);

template <SupportShape A, SupportShape B>
  requires std::same_as<typename A::Scalar, typename B::Scalar>
[[nodiscard]] PenetrationResult<typename A::Scalar> gjkEpa(const A& a, const B& b, const GjkOptions& gjkOptions = {},
                                                           const EpaOptions& epaOptions = {});

}  // namespace collide
