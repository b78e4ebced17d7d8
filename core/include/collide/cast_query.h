// collide/cast_query.h: run one continuous-collision algorithm (cast.h) on two moving colliders: the single place
// that dispatches casts over shape pairs, in the plane and in space.
//
// `collision-lab cast`, `trace --algo toi` and the labs come through here. castRefusal says in words (naming the
// shape or motion at fault) what an algorithm cannot take; runCast runs it and returns the result in the world
// frame, with the trace when asked. Shapes are checked by isValid (shapes.h) before: castRefusal does not repeat
// that.
//
// [SECTION] Algorithms
// [SECTION] Refusals
// [SECTION] Ray casts against colliders
// [SECTION] Running a cast
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "collide/cast.h"
#include "collide/shapes.h"
#include "collide/shapes3.h"

namespace collide {

// [SECTION] Algorithms

enum class CastAlgorithm : std::uint8_t {
  Ray,           // a point (the ray) against any convex shape: closed forms, the GJK ray cast for the rest
  Linear,        // the GJK ray cast on A - B, translation only (b2ShapeCast)
  TimeOfImpact,  // conservative advancement with Mirtich's bound: translation and rotation
  DynamicSat,    // per-axis enter and exit times of polytopes, translation only
  Analytic,      // the moving-sphere tests: sphere vs sphere (the quadratic), vs polygon (plane), vs triangle (space)
};

struct CastAlgorithmInfo {
  CastAlgorithm algorithm;
  std::string_view name;    // the CLI's --algo and the JSON output
  std::string_view label;   // the labs' menus
  std::string_view counts;  // what `iterations` counts; empty for a closed form
};

inline constexpr std::array<CastAlgorithmInfo, 5> kCastAlgorithmTable = {{
    {CastAlgorithm::Ray, "ray", "Ray cast", "iterations"},
    {CastAlgorithm::Linear, "linear", "Linear cast (GJK ray cast on A - B)", "iterations"},
    {CastAlgorithm::TimeOfImpact, "toi", "Time of impact (with rotation)", "iterations"},
    {CastAlgorithm::DynamicSat, "dynamic-sat", "Dynamic SAT", "axes"},
    {CastAlgorithm::Analytic, "analytic", "Moving spheres", ""},
}};

[[nodiscard]] constexpr const CastAlgorithmInfo& castAlgorithmInfo(CastAlgorithm algorithm) {
  return kCastAlgorithmTable[static_cast<std::size_t>(algorithm)];
}

[[nodiscard]] constexpr std::optional<CastAlgorithm> castAlgorithmFromName(std::string_view name) {
  for (const CastAlgorithmInfo& info : kCastAlgorithmTable)
    if (info.name == name) return info.algorithm;
  return std::nullopt;
}

// [SECTION] Refusals

// What a refusal is about: the pair as a whole, a shape, or a motion (and which of its fields).
enum class CastSubject : std::uint8_t { Pair, ShapeA, ShapeB, MotionA, MotionB };

struct CastRefusal {
  CastSubject subject = CastSubject::Pair;
  std::string_view field;  // within a motion: "velocity" or "angular_velocity"; empty otherwise
  std::string reason;      // the library's words, e.g. "an aabb does not rotate: its angular velocity must be 0"
};

template <Scalar S>
[[nodiscard]] std::optional<CastRefusal> castRefusal(CastAlgorithm algorithm, const Collider<S>& a,
                                                     const Motion<Vec2<S>>& motionA, const Collider<S>& b,
                                                     const Motion<Vec2<S>>& motionB);
template <Scalar S>
[[nodiscard]] std::optional<CastRefusal> castRefusal(CastAlgorithm algorithm, const Collider3<S>& a,
                                                     const Motion<Vec3<S>>& motionA, const Collider3<S>& b,
                                                     const Motion<Vec3<S>>& motionB);

// The refusals every algorithm gives (castRefusal's first): a motion not finite or too fast, a shape not convex,
// an aabb that turns. An input error rather than a limit of one algorithm: `cast` answers it once per line.
template <Scalar S>
[[nodiscard]] std::optional<CastRefusal> castInputRefusal(const Collider<S>& a, const Motion<Vec2<S>>& motionA,
                                                          const Collider<S>& b, const Motion<Vec2<S>>& motionB);
template <Scalar S>
[[nodiscard]] std::optional<CastRefusal> castInputRefusal(const Collider3<S>& a, const Motion<Vec3<S>>& motionA,
                                                          const Collider3<S>& b, const Motion<Vec3<S>>& motionB);

// [SECTION] Ray casts against colliders

// A ray against a placed shape (world frame): the closed form of the shape (sphere, slab for aabbs and boxes,
// clipping for polygons and hulls, capsule, segment, triangle), the GJK ray cast for the others (point, sector,
// cylinder, a segment in space, a ray in a triangle's plane). The normal is the surface normal. A mesh, a sector
// wider than 90 degrees or an invalid shape: InvalidInput.
template <Scalar S>
[[nodiscard]] CastResult<Vec2<S>> rayCast(const Ray<Vec2<S>>& ray, const Collider<S>& collider,
                                          const CastOptions& options = {}, CastRecorder<Vec2<S>>* trace = nullptr);
template <Scalar S>
[[nodiscard]] CastResult<Vec3<S>> rayCast(const Ray<Vec3<S>>& ray, const Collider3<S>& collider,
                                          const CastOptions& options = {}, CastRecorder<Vec3<S>>* trace = nullptr);

// [SECTION] Running a cast

// Runs `algorithm` on A and B moving by their motions over [0, 1]. A refused pair (castRefusal) or an invalid
// shape gives status InvalidInput. The normal points from A toward B; `trace`, when given, receives every step.
template <Scalar S>
[[nodiscard]] CastResult<Vec2<S>> runCast(CastAlgorithm algorithm, const Collider<S>& a, const Motion<Vec2<S>>& motionA,
                                          const Collider<S>& b, const Motion<Vec2<S>>& motionB,
                                          const CastOptions& options = {}, CastRecorder<Vec2<S>>* trace = nullptr);
template <Scalar S>
[[nodiscard]] CastResult<Vec3<S>> runCast(CastAlgorithm algorithm, const Collider3<S>& a,
                                          const Motion<Vec3<S>>& motionA, const Collider3<S>& b,
                                          const Motion<Vec3<S>>& motionB, const CastOptions& options = {},
                                          CastRecorder<Vec3<S>>* trace = nullptr);

// The separation at or below which a cast of A and B has arrived: its target plus its tolerance, both relative to
// the pair's size (the larger half diagonal of their bounding boxes at the start). A trace's distance within it
// is the contact, to be read as touching rather than printed as rounding.
template <Scalar S>
[[nodiscard]] inline S arrivalGap(const Collider<S>& a, const Collider<S>& b, const CastOptions& options = {}) {
  const S size = std::max(detail::halfDiagonal<Vec2<S>>(a), detail::halfDiagonal<Vec2<S>>(b));
  return (static_cast<S>(options.relativeTarget) + detail::castTolerance<S>(options)) * size;
}
template <Scalar S>
[[nodiscard]] inline S arrivalGap(const Collider3<S>& a, const Collider3<S>& b, const CastOptions& options = {}) {
  const S size = std::max(detail::halfDiagonal<Vec3<S>>(a), detail::halfDiagonal<Vec3<S>>(b));
  return (static_cast<S>(options.relativeTarget) + detail::castTolerance<S>(options)) * size;
}

#define COLLIDE_CAST_QUERY_EXTERN(S)                                                                            \
  extern template std::optional<CastRefusal> castInputRefusal<S>(const Collider<S>&, const Motion<Vec2<S>>&,    \
                                                                 const Collider<S>&, const Motion<Vec2<S>>&);   \
  extern template std::optional<CastRefusal> castInputRefusal<S>(const Collider3<S>&, const Motion<Vec3<S>>&,   \
                                                                 const Collider3<S>&, const Motion<Vec3<S>>&);  \
  extern template std::optional<CastRefusal> castRefusal<S>(CastAlgorithm, const Collider<S>&,                  \
                                                            const Motion<Vec2<S>>&, const Collider<S>&,         \
                                                            const Motion<Vec2<S>>&);                            \
  extern template std::optional<CastRefusal> castRefusal<S>(CastAlgorithm, const Collider3<S>&,                 \
                                                            const Motion<Vec3<S>>&, const Collider3<S>&,        \
                                                            const Motion<Vec3<S>>&);                            \
  extern template CastResult<Vec2<S>> rayCast<S>(const Ray<Vec2<S>>&, const Collider<S>&, const CastOptions&,   \
                                                 CastRecorder<Vec2<S>>*);                                       \
  extern template CastResult<Vec3<S>> rayCast<S>(const Ray<Vec3<S>>&, const Collider3<S>&, const CastOptions&,  \
                                                 CastRecorder<Vec3<S>>*);                                       \
  extern template CastResult<Vec2<S>> runCast<S>(CastAlgorithm, const Collider<S>&, const Motion<Vec2<S>>&,     \
                                                 const Collider<S>&, const Motion<Vec2<S>>&, const CastOptions&, \
                                                 CastRecorder<Vec2<S>>*);                                       \
  extern template CastResult<Vec3<S>> runCast<S>(CastAlgorithm, const Collider3<S>&, const Motion<Vec3<S>>&,    \
                                                 const Collider3<S>&, const Motion<Vec3<S>>&,                   \
                                                 const CastOptions&, CastRecorder<Vec3<S>>*);
COLLIDE_CAST_QUERY_EXTERN(float)
COLLIDE_CAST_QUERY_EXTERN(double)
#undef COLLIDE_CAST_QUERY_EXTERN

}  // namespace collide
