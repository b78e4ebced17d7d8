// collide/epa.h: the expanding polytope algorithm (Collision detection notes) for penetration depth, after boolean GJK.
//
// [SECTION] Options, stop reasons, step events, results
// [SECTION] Polytope (fixed capacity, no allocation)
// [SECTION] Start polygon (hull of the simplex, expanded when GJK ended on a point or segment)
// [SECTION] EPA from a simplex (epaPenetration)
// [SECTION] GJK then EPA (gjkEpa; rounded shapes through their cores)
#pragma once

#include <algorithm>
#include <cmath>
#include <concepts>
#include <limits>
#include <cstdint>
#include <string_view>
#include <type_traits>
#include <vector>

#include "collide/geometry.h"
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

// RoundedCores: gjkEpa on rounded shapes (circles, capsules) whose cores are apart or only touch: the depth comes
// from GJK distance on the cores, exactly, and EPA does not run (see gjkEpa).
enum class EpaStop : std::uint8_t {
  None,
  Converged,
  DuplicateSupport,
  MaxIterations,
  Degenerate,
  InvalidInput,
  RoundedCores,
};

[[nodiscard]] constexpr std::string_view epaStopName(EpaStop stop) {
  switch (stop) {
    case EpaStop::None: return "none";
    case EpaStop::Converged: return "converged";
    case EpaStop::DuplicateSupport: return "duplicate support";
    case EpaStop::MaxIterations: return "max iterations";
    case EpaStop::Degenerate: return "degenerate";
    case EpaStop::InvalidInput: return "invalid input";
    case EpaStop::RoundedCores: return "rounded cores";
  }
  return "unknown";
}

template <Scalar S>
struct EpaStep {
  int iteration = 0;
  std::vector<SupportPoint<Vec2<S>>> polytope;  // counter-clockwise, before this iteration's insertion (only the trace
                                          // allocates: the untraced run keeps a fixed array)
  int closestEdge = 0;                    // edge closestEdge -> closestEdge+1
  Vec2<S> edgeNormal{};                   // outward unit normal of that edge
  S edgeDistance{};                       // its distance from the origin
  SupportPoint<Vec2<S>> support{};              // new support along edgeNormal
  S supportDistance{};                    // dot(support.point, edgeNormal)
  S gap{};                                // supportDistance - edgeDistance: converged when small (relative)
  bool inserted = false;                  // inserted between the closest edge's ends
  int removed = 0;                        // neighbours of the new vertex dropped to keep the polytope convex
  EpaStop stop = EpaStop::None;
  // The last step only, when it found the answer (DuplicateSupport, Converged): how far A - B reaches along each
  // edge's outward normal (edge i runs from polytope[i] to polytope[i + 1]; NaN for a zero-length edge). An edge as
  // near as the closest is on A - B's boundary, a tie, only when its reach equals its distance (review s34, A3).
  // Empty on the other steps.
  std::vector<S> edgeReach;
};

// EPA's start, traced once before the first EpaStep: boolean GJK's final simplex, the directions searched when
// it had no area (GJK on touching shapes, or on two identical squares at one position, ends on a point or a segment
// through the origin: both axes for a point, both perpendiculars for a segment), the support found along each, and
// the counter-clockwise polygon EPA starts from (fewer than 3 vertices when A - B itself is flat). A sink receives
// it when it takes an EpaStart (EpaRecorder); Recorder<EpaStep> keeps only the iterations.
template <Scalar S>
struct EpaStart {
  Simplex<Vec2<S>> simplex{};
  std::vector<Vec2<S>> directions;                // in the order searched
  std::vector<SupportPoint<Vec2<S>>> supports;    // supports[i] found along directions[i]
  std::vector<SupportPoint<Vec2<S>>> polygon;
};

// Keeps EPA's start and every iteration.
template <Scalar S>
struct EpaRecorder : Recorder<EpaStep<S>> {
  std::vector<EpaStart<S>> starts;  // one per EPA run
  using Recorder<EpaStep<S>>::operator();
  void operator()(const EpaStart<S>& start) { starts.push_back(start); }
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

// [SECTION] Polytope (fixed capacity, no allocation)

// Most vertices an EPA polytope holds. Each iteration adds at most one, so a run with the default 64 iterations
// never fills it; a run that does stops with MaxIterations (the cap is checked before every insertion).
inline constexpr int kEpaMaxVertices = 96;

namespace detail {

// At most 3 simplex vertices plus 4 supports for a point start and 2 more for a segment (startPolygon).
inline constexpr int kEpaMaxStartPoints = 9;

// The polytope, counter-clockwise, in a fixed array: the untraced run allocates nothing. The array is left
// uninitialised (an anonymous union member is not constructed): zero-filling kEpaMaxVertices vertices on every
// call would cost more than a short run on polygons. Only vertices[0, count) are ever read.
template <Scalar S>
struct Polytope {
  union {
    SupportPoint<Vec2<S>> vertices[kEpaMaxVertices];
  };
  int count = 0;

  Polytope() {}
  [[nodiscard]] bool full() const { return count >= kEpaMaxVertices; }
  [[nodiscard]] const SupportPoint<Vec2<S>>* begin() const { return vertices; }
  [[nodiscard]] const SupportPoint<Vec2<S>>* end() const { return vertices + count; }
};

// [SECTION] Start polygon (hull of the simplex, expanded when GJK ended on a point or segment)

template <Scalar S>
struct StartPoints {
  std::array<SupportPoint<Vec2<S>>, kEpaMaxStartPoints> items{};
  int count = 0;
};

// Counter-clockwise convex hull of a handful of support points (monotoneChain, geometry.h) into hull; exactly
// duplicate and collinear points are dropped, so every edge has a well-defined outward normal.
template <Scalar S>
inline void supportHull(StartPoints<S> points, Polytope<S>& hull) {
  // Insertion sort by x then y, then drop exact duplicates: a handful of points, and no std::sort on a fixed array
  // (GCC 12 reports a false out-of-bounds access in its heap fallback under -Werror).
  const auto less = [](const SupportPoint<Vec2<S>>& left, const SupportPoint<Vec2<S>>& right) {
    return left.point.x < right.point.x || (left.point.x == right.point.x && left.point.y < right.point.y);
  };
  for (int i = 1; i < points.count; ++i) {
    const SupportPoint<Vec2<S>> item = points.items[i];
    int j = i;
    for (; j > 0 && less(item, points.items[j - 1]); --j) points.items[j] = points.items[j - 1];
    points.items[j] = item;
  }
  int count = 0;
  for (int i = 0; i < points.count; ++i)
    if (count == 0 || !(points.items[i].point == points.items[count - 1].point)) points.items[count++] = points.items[i];
  std::array<SupportPoint<Vec2<S>>, 2 * kEpaMaxStartPoints> chain{};
  hull.count = monotoneChain(points.items.data(), count, chain.data(),
                             [](const SupportPoint<Vec2<S>>& item) { return item.point; });
  std::copy(chain.begin(), chain.begin() + hull.count, hull.vertices);
}

// The Collision detection notes' pitfall: GJK on touching shapes, or on two identical squares at one position, ends with a point
// or a segment through the origin, not a triangle. Add supports along directions that must leave that point
// or line (both axes for a point, both perpendiculars for a segment) until the hull has area. Leaves fewer
// than 3 vertices only when A - B itself is flat (a point or a segment).
template <class Difference, Scalar S>
inline void startPolygon(const Difference& difference, const Simplex<Vec2<S>>& start, bool& finite, Polytope<S>& polygon,
                         EpaStart<S>* record) {
  StartPoints<S> points;
  for (int i = 0; i < start.count; ++i) points.items[points.count++] = start.vertices[i];
  supportHull(points, polygon);
  for (int round = 0; round < 2 && polygon.count < 3; ++round) {
    std::array<Vec2<S>, 4> directions{};
    int directionCount = 0;
    if (polygon.count == 1) {
      directions = {Vec2<S>{S(1), S(0)}, Vec2<S>{S(-1), S(0)}, Vec2<S>{S(0), S(1)}, Vec2<S>{S(0), S(-1)}};
      directionCount = 4;
    } else {
      const Vec2<S> edge = polygon.vertices[1].point - polygon.vertices[0].point;
      directions[0] = leftPerp(edge);
      directions[1] = rightPerp(edge);
      directionCount = 2;
    }
    for (int i = 0; i < directionCount; ++i) {
      const SupportPoint<Vec2<S>> support = difference.supportPoint(directions[i]);
      if (!isFinite(support.point)) {
        finite = false;
        polygon.count = 0;
        return;
      }
      points.items[points.count++] = support;
      if (record != nullptr) {
        record->directions.push_back(directions[i]);
        record->supports.push_back(support);
      }
    }
    supportHull(points, polygon);
  }
}

template <Scalar S>
struct ClosestEdge {
  int index = 0;  // edge index -> index + 1
  Vec2<S> normal{};
  S distance = std::numeric_limits<S>::infinity();
  S scale = S(0);  // largest vertex length: what the relative tolerance is relative to
};

// Outward normals from the winding (the polygon is counter-clockwise, so rightPerp points out), never from a
// triple product toward the origin: that one vanishes on an edge through the origin (the Collision detection notes' pitfall).
template <Scalar S>
[[nodiscard]] inline ClosestEdge<S> findClosestEdge(const Polytope<S>& polytope) {
  ClosestEdge<S> closest;
  const int count = polytope.count;
  for (int i = 0; i < count; ++i) {
    const Vec2<S> start = polytope.vertices[i].point;
    const Vec2<S> edge = polytope.vertices[i + 1 < count ? i + 1 : 0].point - start;
    closest.scale = std::max(closest.scale, length(start));
    const S edgeLength = length(edge);
    if (!(edgeLength > S(0))) continue;
    const Vec2<S> normal = rightPerp(edge) / edgeLength;
    const S distance = dot(normal, start);
    if (distance < closest.distance) {
      closest.index = i;
      closest.normal = normal;
      closest.distance = distance;
    }
  }
  return closest;
}

// Inserts support between the ends of edge `edge` (Collision detection notes: the order stays counter-clockwise), then drops
// neighbours that the new vertex made reflex or collinear, so the polytope stays convex. Returns how many.
// The caller checks that the polytope is not full.
template <Scalar S>
[[nodiscard]] inline int insertSupport(Polytope<S>& polytope, int edge, const SupportPoint<Vec2<S>>& support) {
  int index = edge + 1;
  SupportPoint<Vec2<S>>* const vertices = polytope.vertices;
  std::copy_backward(vertices + index, vertices + polytope.count, vertices + polytope.count + 1);
  vertices[index] = support;
  ++polytope.count;
  int removed = 0;
  const auto wrap = [&polytope](int i) { return ((i % polytope.count) + polytope.count) % polytope.count; };
  const auto point = [&](int i) { return vertices[wrap(i)].point; };
  const auto eraseNeighbour = [&](int neighbour) {
    const int position = wrap(neighbour);
    std::copy(vertices + position + 1, vertices + polytope.count, vertices + position);
    --polytope.count;
    if (position < index) --index;
    ++removed;
  };
  while (polytope.count > 3 && cross(point(index - 1) - point(index - 2), support.point - point(index - 1)) <= S(0))
    eraseNeighbour(index - 1);
  while (polytope.count > 3 && cross(point(index + 1) - support.point, point(index + 2) - point(index + 1)) <= S(0))
    eraseNeighbour(index + 1);
  return removed;
}

[[nodiscard]] constexpr Status epaStatus(EpaStop stop) {
  switch (stop) {
    case EpaStop::MaxIterations: return Status::MaxIterations;
    case EpaStop::Degenerate: return Status::Degenerate;
    case EpaStop::InvalidInput: return Status::InvalidInput;
    default: return Status::Converged;
  }
}

}  // namespace detail

// [SECTION] EPA from a simplex (epaPenetration)

// Penetration of A and B (the Collision detection notes' EPA) from a simplex of whole-shape supports that holds the origin, in
// practice boolean GJK's on a hit. Each iteration takes the polytope edge closest to the origin, finds the
// support along its outward normal and, unless that support is no farther than the edge, inserts it between the
// edge's ends. Stops (status in brackets):
//   DuplicateSupport  the support is already a polytope vertex: the usual end on polygons [Converged];
//   Converged         support distance - edge distance <= tolerance * polytope size: the end on curves [Converged];
//   Degenerate        A - B is flat (hit, depth 0, normal perpendicular to it), or the start does not hold the
//                     origin (hit = false) [Degenerate];
//   MaxIterations     the cap (options.maxIterations, or a polytope full at kEpaMaxVertices); depth and normal of
//                     the closest edge so far, a lower bound [MaxIterations];
//   InvalidInput      an empty start, NaN or infinite supports, maxIterations < 1, a bad tolerance.
// Results: depth = the closest edge's distance (>= 0); normal = its outward unit normal, from A toward B; pointA and
// pointB interpolate the witnesses of the closest edge's ends at the origin's projection, so
// pointA - pointB = depth * normal (pointA: A's deepest point inside B).
template <SupportShape A, SupportShape B, class Trace = NoTrace>
  requires std::same_as<typename A::Scalar, typename B::Scalar>
[[nodiscard]] PenetrationResult<typename A::Scalar> epaPenetration(const A& a, const B& b,
                                                                   const Simplex<Vec2<typename A::Scalar>>& start,
                                                                   const EpaOptions& options, Trace& trace) {
  using S = typename A::Scalar;
  PenetrationResult<S> result;
  const auto finish = [&result](EpaStop stop) {
    result.stop = stop;
    result.status = detail::epaStatus(stop);
    return result;
  };
  const S tolerance = detail::resolveTolerance<S>(options.relativeTolerance);
  if (options.maxIterations < 1 || !(tolerance > S(0)) || start.count < 1 || start.count > 3) {
    return finish(EpaStop::InvalidInput);
  }
  for (int i = 0; i < start.count; ++i)
    if (!isFinite(start.vertices[i].point)) return finish(EpaStop::InvalidInput);

  const MinkowskiDifference<A, B> difference{a, b, SupportKind::Whole};
  bool finite = true;
  detail::Polytope<S> polytope;
  // The start's record is built only when traced, beside the same arithmetic (recorded == unrecorded).
  [[maybe_unused]] std::conditional_t<Trace::enabled, EpaStart<S>, detail::NoStep> startRecord{};
  EpaStart<S>* record = nullptr;
  if constexpr (Trace::enabled) record = &startRecord;
  detail::startPolygon(difference, start, finite, polytope, record);
  if (!finite) return finish(EpaStop::InvalidInput);
  if constexpr (Trace::enabled && requires { trace(startRecord); }) {
    startRecord.simplex = start;
    startRecord.polygon.assign(polytope.begin(), polytope.end());
    trace(startRecord);
  }
  if (polytope.count < 3) {
    // A - B has no area: the origin is on it, so the shapes touch with zero depth.
    result.hit = true;
    result.normal = polytope.count == 2 ? normalize(rightPerp(polytope.vertices[1].point - polytope.vertices[0].point))
                                        : Vec2<S>{S(1), S(0)};
    // The witness is where the origin lies on that flat difference: the same mix of its ends' points is on A and
    // on B (the first vertex's point on A alone could lie off B: collinear segments overlapping, review s31 A10).
    const SupportPoint<Vec2<S>>& first = polytope.count > 0 ? polytope.vertices[0] : start.vertices[0];
    result.pointA = first.pointA;
    result.pointB = first.pointB;
    if (polytope.count == 2) {
      const SupportPoint<Vec2<S>>& second = polytope.vertices[1];
      const Vec2<S> along = second.point - first.point;
      const S lengthSq = lengthSquared(along);
      const S t = lengthSq > S(0) ? std::clamp(-dot(first.point, along) / lengthSq, S(0), S(1)) : S(0);
      result.pointA = first.pointA + t * (second.pointA - first.pointA);
      result.pointB = first.pointB + t * (second.pointB - first.pointB);
    }
    return finish(EpaStop::Degenerate);
  }
  detail::ClosestEdge<S> closest = detail::findClosestEdge(polytope);
  if (closest.distance < -tolerance * closest.scale) return finish(EpaStop::Degenerate);  // origin outside

  EpaStop stop = EpaStop::None;
  for (int iteration = 1; iteration <= options.maxIterations; ++iteration) {
    result.iterations = iteration;
    if (iteration > 1) closest = detail::findClosestEdge(polytope);
    const SupportPoint<Vec2<S>> support = difference.supportPoint(closest.normal);
    const S supportDistance = dot(support.point, closest.normal);
    const S gap = supportDistance - closest.distance;
    bool inserted = false;
    int removed = 0;
    // Only the trace copies the polytope (into its vector); the untraced run keeps the fixed array alone.
    [[maybe_unused]] std::conditional_t<Trace::enabled, std::vector<SupportPoint<Vec2<S>>>, detail::NoStep> before{};
    if constexpr (Trace::enabled) before.assign(polytope.begin(), polytope.end());

    if (!isFinite(support.point) || !std::isfinite(gap)) {
      stop = EpaStop::InvalidInput;
    } else if (std::any_of(polytope.begin(), polytope.end(),
                           [&support](const SupportPoint<Vec2<S>>& vertex) { return vertex.point == support.point; })) {
      stop = EpaStop::DuplicateSupport;  // the face is already in the polytope: the usual end on polygons
    } else if (gap <= tolerance * std::max(closest.scale, std::abs(supportDistance))) {
      stop = EpaStop::Converged;
    } else if (polytope.full()) {
      stop = EpaStop::MaxIterations;  // kEpaMaxVertices: no room for the support, the closest edge so far stands
    } else {
      removed = detail::insertSupport(polytope, closest.index, support);
      inserted = true;
      if (iteration == options.maxIterations) stop = EpaStop::MaxIterations;
    }
    if constexpr (Trace::enabled) {
      EpaStep<S> step;
      step.iteration = iteration;
      step.polytope = std::move(before);
      step.closestEdge = closest.index;
      step.edgeNormal = closest.normal;
      step.edgeDistance = closest.distance;
      step.support = support;
      step.supportDistance = supportDistance;
      step.gap = gap;
      step.inserted = inserted;
      step.removed = removed;
      step.stop = stop;
      if (stop == EpaStop::DuplicateSupport || stop == EpaStop::Converged) {
        for (std::size_t i = 0; i < step.polytope.size(); ++i) {
          const Vec2<S> edge = step.polytope[(i + 1) % step.polytope.size()].point - step.polytope[i].point;
          const S edgeLength = length(edge);
          const Vec2<S> outward = rightPerp(edge) / edgeLength;
          step.edgeReach.push_back(edgeLength > S(0) ? dot(difference.supportPoint(outward).point, outward)
                                                     : std::numeric_limits<S>::quiet_NaN());
        }
      }
      trace(step);
    }
    if (stop != EpaStop::None) break;
  }
  if (stop == EpaStop::InvalidInput) return finish(stop);
  if (stop == EpaStop::MaxIterations) closest = detail::findClosestEdge(polytope);

  // The closest edge's witnesses, interpolated at the origin's projection onto it.
  const SupportPoint<Vec2<S>>& edgeStart = polytope.vertices[closest.index];
  const SupportPoint<Vec2<S>>& edgeEnd = polytope.vertices[(closest.index + 1) % polytope.count];
  const Vec2<S> edge = edgeEnd.point - edgeStart.point;
  const S fraction = clamp(-dot(edgeStart.point, edge) / lengthSquared(edge), S(0), S(1));
  result.hit = true;
  result.depth = std::max(closest.distance, S(0));
  result.normal = closest.normal;
  result.pointA = lerp(edgeStart.pointA, edgeEnd.pointA, fraction);
  result.pointB = lerp(edgeStart.pointB, edgeEnd.pointB, fraction);
  return finish(stop);
}

template <SupportShape A, SupportShape B>
  requires std::same_as<typename A::Scalar, typename B::Scalar>
[[nodiscard]] PenetrationResult<typename A::Scalar> epaPenetration(const A& a, const B& b,
                                                                   const Simplex<Vec2<typename A::Scalar>>& start,
                                                                   const EpaOptions& options = {}) {
  NoTrace trace;
  return epaPenetration(a, b, start, options, trace);
}

// [SECTION] GJK then EPA (gjkEpa; rounded shapes through their cores)

namespace detail {

// Rounded shapes (Jolt's EPAPenetrationDepth, Box2D's distance proxies): EPA on a curved Minkowski boundary only
// converges quadratically in the vertex count (concentric circles hit the cap at 1.9976 of 2), so the radii are
// taken out first. GJK distance on the cores gives their distance d: when d <= rA + rB the penetration is exact
// without EPA; when the cores overlap, EPA on the cores (polytopes: exact) plus rA + rB.
template <SupportShape A, SupportShape B, class GjkTrace, class EpaTrace>
[[nodiscard]] PenetrationResult<typename A::Scalar> roundedPenetration(const A& a, const B& b,
                                                                       const GjkOptions& gjkOptions,
                                                                       const EpaOptions& epaOptions,
                                                                       GjkTrace& gjkTrace, EpaTrace& epaTrace) {
  using S = typename A::Scalar;
  const S radiusA = a.coreRadius();
  const S radiusB = b.coreRadius();
  const S radii = radiusA + radiusB;
  const CoreDistance<Vec2<S>> core = coreDistance(a, b, gjkOptions, nullptr, gjkTrace);
  PenetrationResult<S> result;
  result.gjkIterations = core.iterations;
  if (core.stop == GjkStop::InvalidInput || core.stop == GjkStop::Overflow) {
    result.stop = EpaStop::InvalidInput;
    result.status = Status::InvalidInput;
    return result;
  }
  result.status = core.stop == GjkStop::MaxIterations ? Status::MaxIterations : Status::Converged;
  if (!core.coresOverlap()) {
    const S coreDistance = core.distance();
    if (coreDistance > radii) return result;  // apart: no hit, stop None
    if (coreDistance > S(0)) {
      result.hit = true;
      result.stop = EpaStop::RoundedCores;
      result.depth = radii - coreDistance;
      result.normal = -core.closestPoint / coreDistance;  // closestPoint = coreA - coreB: from A toward B
      result.pointA = core.coreA + radiusA * result.normal;
      result.pointB = core.coreB - radiusB * result.normal;
      return result;
    }
  }
  // The cores overlap or touch: EPA on them from GJK's simplex, then the radii on top.
  result = epaPenetration(CoreShape<A>{a}, CoreShape<B>{b}, core.simplex, epaOptions, epaTrace);
  result.gjkIterations = core.iterations;
  if (!result.hit) return result;
  result.depth += radii;
  result.pointA += radiusA * result.normal;
  result.pointB -= radiusB * result.normal;
  if (result.stop == EpaStop::Degenerate) {
    // The cores' difference is a point or a segment through the origin (concentric circles, capsules along one
    // line): the core depth 0 and its normal are exact, so the depth is exactly rA + rB.
    result.stop = EpaStop::RoundedCores;
    result.status = Status::Converged;
  }
  return result;
}

}  // namespace detail

// Penetration of A and B. Polygons and other shapes without rounding (coreRadius() == 0, Sector included: curved
// but not rounded): boolean GJK first (steps to gjkTrace); on a hit, EPA from its simplex (steps to epaTrace).
// No hit: hit = false, depth 0, stop None and GJK's status (InvalidInput from GJK gives EpaStop::InvalidInput).
// Rounded shapes (either coreRadius() > 0: Circle, Capsule) are exact instead of converging on a curve:
//   GJK distance on the cores (its GjkSteps go to gjkTrace; gjkIterations counts them) gives their distance d;
//   d > rA + rB      no hit, stop None, no EPA steps;
//   0 < d <= rA + rB hit, depth = rA + rB - d along the cores' normal, pointA/pointB on the rounded surfaces, stop
//                    RoundedCores, iterations 0 and no EPA steps ("the cores are 0.3 apart, less than
//                    rA + rB = 1.5: depth 1.2 without EPA");
//   cores overlap    EPA on the cores (polytopes: exact) from that run's simplex, steps to epaTrace, then depth +=
//                    rA + rB and the points move out to the surfaces along the normal. When the cores' difference
//                    is flat through the origin (concentric circles, collinear capsules) EPA has no step to take:
//                    depth = rA + rB exactly, stop RoundedCores, normal perpendicular to the flat difference, or +x
//                    of the frame the algorithm works in (A's) when it is a point (concentric circles).
// Status: Converged, or MaxIterations when GJK distance or EPA hit their cap, InvalidInput for bad input (a
// negative or non-finite radius included).
template <SupportShape A, SupportShape B, class GjkTrace = NoTrace, class EpaTrace = NoTrace>
  requires std::same_as<typename A::Scalar, typename B::Scalar>
[[nodiscard]] PenetrationResult<typename A::Scalar> gjkEpa(const A& a, const B& b, const GjkOptions& gjkOptions,
                                                           const EpaOptions& epaOptions, GjkTrace& gjkTrace,
                                                           EpaTrace& epaTrace) {
  using S = typename A::Scalar;
  const S radiusA = a.coreRadius();
  const S radiusB = b.coreRadius();
  PenetrationResult<S> result;
  if (!detail::validRadius(radiusA) || !detail::validRadius(radiusB)) {
    result.stop = EpaStop::InvalidInput;
    result.status = Status::InvalidInput;
    return result;
  }
  if (radiusA > S(0) || radiusB > S(0)) return detail::roundedPenetration(a, b, gjkOptions, epaOptions, gjkTrace, epaTrace);
  const GjkBooleanResult<Vec2<S>> gjk = gjkIntersect(a, b, gjkOptions, gjkTrace);
  if (gjk.hit) result = epaPenetration(a, b, gjk.simplex, epaOptions, epaTrace);
  else {
    result.status = gjk.status;
    result.stop = gjk.status == Status::InvalidInput ? EpaStop::InvalidInput : EpaStop::None;
  }
  result.gjkIterations = gjk.iterations;
  return result;
}

template <SupportShape A, SupportShape B>
  requires std::same_as<typename A::Scalar, typename B::Scalar>
[[nodiscard]] PenetrationResult<typename A::Scalar> gjkEpa(const A& a, const B& b, const GjkOptions& gjkOptions = {},
                                                           const EpaOptions& epaOptions = {}) {
  NoTrace gjkTrace;
  NoTrace epaTrace;
  return gjkEpa(a, b, gjkOptions, epaOptions, gjkTrace, epaTrace);
}

}  // namespace collide
