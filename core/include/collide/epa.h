// collide/epa.h: the expanding polytope algorithm (article 000) for penetration depth, after boolean GJK.
//
// [SECTION] Options, stop reasons, step events, results
// [SECTION] Start polygon (hull of the simplex, expanded when GJK ended on a point or segment)
// [SECTION] EPA from a simplex (epaPenetration)
// [SECTION] GJK then EPA (gjkEpa)
#pragma once

#include <algorithm>
#include <cmath>
#include <concepts>
#include <limits>
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
  int removed = 0;                        // neighbours of the new vertex dropped to keep the polytope convex
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

// [SECTION] Start polygon (hull of the simplex, expanded when GJK ended on a point or segment)

namespace detail {

// Counter-clockwise convex hull of a handful of support points (Andrew's monotone chain); exactly duplicate
// and collinear points are dropped, so every edge has a well-defined outward normal.
template <Scalar S>
[[nodiscard]] inline std::vector<SupportPoint<S>> supportHull(std::vector<SupportPoint<S>> points) {
  std::sort(points.begin(), points.end(), [](const SupportPoint<S>& left, const SupportPoint<S>& right) {
    return left.point.x < right.point.x || (left.point.x == right.point.x && left.point.y < right.point.y);
  });
  points.erase(std::unique(points.begin(), points.end(),
                           [](const SupportPoint<S>& left, const SupportPoint<S>& right) {
                             return left.point == right.point;
                           }),
               points.end());
  if (points.size() < 3) return points;
  std::vector<SupportPoint<S>> hull(2 * points.size());
  std::size_t size = 0;
  const auto turnsLeft = [&hull, &size](const SupportPoint<S>& next) {
    return cross(hull[size - 1].point - hull[size - 2].point, next.point - hull[size - 1].point) > S(0);
  };
  for (const SupportPoint<S>& point : points) {  // lower chain
    while (size >= 2 && !turnsLeft(point)) --size;
    hull[size++] = point;
  }
  const std::size_t lowerSize = size + 1;
  for (std::size_t i = points.size() - 1; i-- > 0;) {  // upper chain
    while (size >= lowerSize && !turnsLeft(points[i])) --size;
    hull[size++] = points[i];
  }
  hull.resize(size - 1);  // the last point repeats the first
  return hull;
}

// Article 000's pitfall: GJK on touching shapes, or on two identical squares at one position, ends with a point
// or a segment through the origin, not a triangle. Add supports along directions that must leave that point
// or line (both axes for a point, both perpendiculars for a segment) until the hull has area. Returns fewer
// than 3 vertices only when A - B itself is flat (a point or a segment).
template <class Difference, Scalar S>
[[nodiscard]] inline std::vector<SupportPoint<S>> startPolygon(const Difference& difference, const Simplex<S>& start,
                                                               bool& finite) {
  std::vector<SupportPoint<S>> points(start.vertices.begin(), start.vertices.begin() + start.count);
  std::vector<SupportPoint<S>> polygon = supportHull(points);
  for (int round = 0; round < 2 && polygon.size() < 3; ++round) {
    std::array<Vec2<S>, 4> directions{};
    int directionCount = 0;
    if (polygon.size() == 1) {
      directions = {Vec2<S>{S(1), S(0)}, Vec2<S>{S(-1), S(0)}, Vec2<S>{S(0), S(1)}, Vec2<S>{S(0), S(-1)}};
      directionCount = 4;
    } else {
      const Vec2<S> edge = polygon[1].point - polygon[0].point;
      directions[0] = leftPerp(edge);
      directions[1] = rightPerp(edge);
      directionCount = 2;
    }
    for (int i = 0; i < directionCount; ++i) {
      const SupportPoint<S> support = difference.supportPoint(directions[i]);
      if (!isFinite(support.point)) {
        finite = false;
        return {};
      }
      points.push_back(support);
    }
    polygon = supportHull(points);
  }
  return polygon;
}

template <Scalar S>
struct ClosestEdge {
  int index = 0;  // edge index -> index + 1
  Vec2<S> normal{};
  S distance = std::numeric_limits<S>::infinity();
  S scale = S(0);  // largest vertex length: what the relative tolerance is relative to
};

// Outward normals from the winding (the polygon is counter-clockwise, so rightPerp points out), never from a
// triple product toward the origin: that one vanishes on an edge through the origin (article 000's pitfall).
template <Scalar S>
[[nodiscard]] inline ClosestEdge<S> findClosestEdge(const std::vector<SupportPoint<S>>& polytope) {
  ClosestEdge<S> closest;
  const int count = static_cast<int>(polytope.size());
  for (int i = 0; i < count; ++i) {
    const Vec2<S> start = polytope[i].point;
    const Vec2<S> edge = polytope[(i + 1) % count].point - start;
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

// Inserts support between the ends of edge `edge` (article 000: the order stays counter-clockwise), then drops
// neighbours that the new vertex made reflex or collinear, so the polytope stays convex. Returns how many.
template <Scalar S>
[[nodiscard]] inline int insertSupport(std::vector<SupportPoint<S>>& polytope, int edge, const SupportPoint<S>& support) {
  int index = edge + 1;
  polytope.insert(polytope.begin() + index, support);
  int removed = 0;
  const auto wrap = [&polytope](int i) {
    const int count = static_cast<int>(polytope.size());
    return ((i % count) + count) % count;
  };
  const auto point = [&polytope, &wrap](int i) { return polytope[wrap(i)].point; };
  const auto eraseNeighbour = [&](int neighbour) {
    const int position = wrap(neighbour);
    polytope.erase(polytope.begin() + position);
    if (position < index) --index;
    ++removed;
  };
  while (polytope.size() > 3 && cross(point(index - 1) - point(index - 2), support.point - point(index - 1)) <= S(0))
    eraseNeighbour(index - 1);
  while (polytope.size() > 3 && cross(point(index + 1) - support.point, point(index + 2) - point(index + 1)) <= S(0))
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

// Penetration of A and B (article 000's EPA) from a simplex of whole-shape supports that holds the origin, in
// practice boolean GJK's on a hit. Each iteration takes the polytope edge closest to the origin, finds the
// support along its outward normal and, unless that support is no farther than the edge, inserts it between the
// edge's ends. Stops (status in brackets):
//   DuplicateSupport  the support is already a polytope vertex: the usual end on polygons [Converged];
//   Converged         support distance - edge distance <= tolerance * polytope size: the end on curves [Converged];
//   Degenerate        A - B is flat (hit, depth 0, normal perpendicular to it), or the start does not hold the
//                     origin (hit = false) [Degenerate];
//   MaxIterations     the cap; depth and normal of the closest edge so far, a lower bound [MaxIterations];
//   InvalidInput      an empty start, NaN or infinite supports, maxIterations < 1, a bad tolerance.
// Results: depth = the closest edge's distance (>= 0); normal = its outward unit normal, from A toward B; pointA and
// pointB interpolate the witnesses of the closest edge's ends at the origin's projection, so
// pointA - pointB = depth * normal (pointA: A's deepest point inside B).
template <SupportShape A, SupportShape B, class Trace = NoTrace>
  requires std::same_as<typename A::Scalar, typename B::Scalar>
[[nodiscard]] PenetrationResult<typename A::Scalar> epaPenetration(const A& a, const B& b,
                                                                   const Simplex<typename A::Scalar>& start,
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
  std::vector<SupportPoint<S>> polytope = detail::startPolygon(difference, start, finite);
  if (!finite) return finish(EpaStop::InvalidInput);
  if (polytope.size() < 3) {
    // A - B has no area: the origin is on it, so the shapes touch with zero depth.
    result.hit = true;
    result.normal = polytope.size() == 2 ? normalize(rightPerp(polytope[1].point - polytope[0].point))
                                         : Vec2<S>{S(1), S(0)};
    result.pointA = start.vertices[0].pointA;
    result.pointB = start.vertices[0].pointA;
    return finish(EpaStop::Degenerate);
  }
  detail::ClosestEdge<S> closest = detail::findClosestEdge(polytope);
  if (closest.distance < -tolerance * closest.scale) return finish(EpaStop::Degenerate);  // origin outside
  polytope.reserve(polytope.size() + static_cast<std::size_t>(options.maxIterations));

  EpaStop stop = EpaStop::None;
  for (int iteration = 1; iteration <= options.maxIterations; ++iteration) {
    result.iterations = iteration;
    if (iteration > 1) closest = detail::findClosestEdge(polytope);
    const SupportPoint<S> support = difference.supportPoint(closest.normal);
    const S supportDistance = dot(support.point, closest.normal);
    const S gap = supportDistance - closest.distance;
    bool inserted = false;
    int removed = 0;
    std::vector<SupportPoint<S>> before;
    if constexpr (Trace::enabled) before = polytope;

    if (!isFinite(support.point) || !std::isfinite(gap)) {
      stop = EpaStop::InvalidInput;
    } else if (std::any_of(polytope.begin(), polytope.end(),
                           [&support](const SupportPoint<S>& vertex) { return vertex.point == support.point; })) {
      stop = EpaStop::DuplicateSupport;  // the face is already in the polytope: the usual end on polygons
    } else if (gap <= tolerance * std::max(closest.scale, std::abs(supportDistance))) {
      stop = EpaStop::Converged;
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
      trace(step);
    }
    if (stop != EpaStop::None) break;
  }
  if (stop == EpaStop::InvalidInput) return finish(stop);
  if (stop == EpaStop::MaxIterations) closest = detail::findClosestEdge(polytope);

  // The closest edge's witnesses, interpolated at the origin's projection onto it.
  const int count = static_cast<int>(polytope.size());
  const SupportPoint<S>& edgeStart = polytope[closest.index];
  const SupportPoint<S>& edgeEnd = polytope[(closest.index + 1) % count];
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
                                                                   const Simplex<typename A::Scalar>& start,
                                                                   const EpaOptions& options = {}) {
  NoTrace trace;
  return epaPenetration(a, b, start, options, trace);
}

// [SECTION] GJK then EPA (gjkEpa)

// Boolean GJK first (steps to gjkTrace); on a hit, EPA from its simplex (steps to epaTrace). No hit: hit = false,
// depth 0, stop None and GJK's status (InvalidInput from GJK gives EpaStop::InvalidInput).
template <SupportShape A, SupportShape B, class GjkTrace = NoTrace, class EpaTrace = NoTrace>
  requires std::same_as<typename A::Scalar, typename B::Scalar>
[[nodiscard]] PenetrationResult<typename A::Scalar> gjkEpa(const A& a, const B& b, const GjkOptions& gjkOptions,
                                                           const EpaOptions& epaOptions, GjkTrace& gjkTrace,
                                                           EpaTrace& epaTrace) {
  using S = typename A::Scalar;
  const GjkBooleanResult<S> gjk = gjkIntersect(a, b, gjkOptions, gjkTrace);
  PenetrationResult<S> result;
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
