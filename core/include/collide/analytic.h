// collide/analytic.h: closed-form shape-pair tests (Shape intersection tests) and point in polygon four ways.
//
// Conventions, for every test here (and consistent with sat.h):
//   touching is a hit: hit == (gap <= 0), where gap is the distance between the boundaries, negative inside.
//   distance >= 0: the gap when separated, 0 when hit. depth >= 0: the penetration when hit, 0 otherwise.
//   normal: unit, world frame, from A (the first argument) toward B: moving B by depth * normal separates them
//   (for a convex B); when separated it points from A's closest point to B's.
//   pointA, pointB: world. Separated: the closest points. Hit: pointA is A's deepest point along normal and pointB
//   the point of B's boundary that meets it after the push (pointB + depth * normal == pointA).
//   When the direction is undefined (coincident centres, a centre exactly on B's boundary or core), the normal
//   falls back to the opposite of B's outward face normal there, or to world +x for two coincident circles.
//   A non-convex sector (half-angle > 90 degrees) gets an exact hit, distance, depth and normal: the depth is the
//   distance to the nearest position that clears it, which can lie across the notch from the nearest boundary point.
//   A shape or transform that isValid (shapes.h) refuses: NaN or infinite input, numbers beyond kMaxCoordinate,
//   a negative radius, an Aabb with min > max, a polygon with fewer than 3 vertices, a sector half-angle outside
//   [0, pi]: hit = false, status = Status::InvalidInput. Never asserts, never loops.
//
// [SECTION] Step events and results
// [SECTION] Point in polygon (angle sum, area sum, cross sign, ray cast)
// [SECTION] Internal helpers
// [SECTION] Circle vs circle, AABB, box, capsule
// [SECTION] Circle vs sector (the article's 4 steps)
// [SECTION] Circle vs polygon
// [SECTION] AABB vs AABB
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <limits>
#include <numbers>
#include <optional>
#include <string_view>

#include "collide/geometry.h"
#include "collide/math.h"
#include "collide/sat.h"
#include "collide/shapes.h"
#include "collide/trace.h"

namespace collide {

// [SECTION] Step events and results

// One step of an analytic test, as the article numbers them. World frame.
template <Scalar S>
struct AnalyticStep {
  int index = 0;             // 1, 2, ... in the order the steps run
  std::string_view title;    // e.g. "1. centre within reach of the apex?" (static text)
  Vec2<S> point{};           // the query point: the circle's centre
  Vec2<S> closest{};         // the candidate closest point on B this step looked at
  S value{};                 // the number this step compared (a distance, a cosine, a sum of angles ...)
  bool decided = false;      // this step settled the answer; no step follows
  bool hit = false;          // the answer, when decided
  int edge = -1;             // circleVsPolygon's per-edge steps: which edge (vertex edge -> edge + 1)
};

template <Scalar S>
struct AnalyticResult {
  bool hit = false;
  S distance{};   // >= 0, the gap when separated
  S depth{};      // >= 0, the penetration when hit
  Vec2<S> normal{};  // unit, A toward B
  Vec2<S> pointA{};
  Vec2<S> pointB{};
  Status status = Status::Converged;  // InvalidInput for NaN / infinite / malformed shapes
};

// [SECTION] Point in polygon (angle sum, area sum, cross sign, ray cast)

// Shape intersection tests, "circle vs convex polygon", step 1: is the centre inside? Four ways that agree away from the boundary
// (tested on random points); on the boundary itself they may differ, which is why circleVsPolygon confirms with
// edge distances.
enum class PointInPolygonMethod {
  AngleSum,   // the angles subtended by the edges add up to 2 pi inside, 0 outside (threshold pi)
  AreaSum,    // the triangles from the point to each edge cover exactly the polygon's area when inside
  CrossSign,  // the point is left of (or on) every counter-clockwise edge: convex polygons only
  RayCast,    // a ray to +x crosses the outline an odd number of times (half-open rule at vertices)
};

[[nodiscard]] constexpr std::string_view pointInPolygonMethodName(PointInPolygonMethod method) {
  switch (method) {
    case PointInPolygonMethod::AngleSum: return "angle sum";
    case PointInPolygonMethod::AreaSum: return "area sum";
    case PointInPolygonMethod::CrossSign: return "cross sign";
    case PointInPolygonMethod::RayCast: return "ray cast";
  }
  return "unknown";
}

// localPoint is in the polygon's frame. A polygon with fewer than 3 vertices contains nothing.
template <Scalar S>
[[nodiscard]] bool pointInPolygon(const Polygon<S>& polygon, Vec2<S> localPoint, PointInPolygonMethod method) {
  const int count = polygon.count;
  if (count < 3 || count > kMaxPolygonVertices) return false;
  const auto& v = polygon.vertices;
  switch (method) {
    case PointInPolygonMethod::AngleSum: {
      S angleSum = S(0);
      for (int i = 0; i < count; ++i) {
        const Vec2<S> from = v[i] - localPoint;
        const Vec2<S> to = v[(i + 1) % count] - localPoint;
        angleSum += std::atan2(cross(from, to), dot(from, to));
      }
      // The sum is +-2 pi or 0 up to rounding; pi splits them robustly (the article's "== 360 +- 0.1" is fragile).
      return std::abs(angleSum) > std::numbers::pi_v<S>;
    }
    case PointInPolygonMethod::AreaSum: {
      // Twice the areas, from cross products: Heron's formula (the article's) loses precision on thin triangles.
      S polygonArea = S(0);
      S fanArea = S(0);
      S magnitude = S(0);
      for (int i = 0; i < count; ++i) {
        const Vec2<S> a = v[i];
        const Vec2<S> b = v[(i + 1) % count];
        polygonArea += cross(a - v[0], b - v[0]);
        const S twice = cross(a - localPoint, b - localPoint);
        fanArea += std::abs(twice);
        magnitude += std::abs(cross(a, b)) + std::abs(cross(localPoint, b - a));
      }
      return fanArea - polygonArea <= S(8) * S(count) * kEpsilon<S> * magnitude;
    }
    case PointInPolygonMethod::CrossSign: {
      for (int i = 0; i < count; ++i) {
        // Written as !(>= 0) so a NaN point is outside, as it is for the other methods.
        if (!(cross(v[(i + 1) % count] - v[i], localPoint - v[i]) >= S(0))) return false;
      }
      return true;
    }
    case PointInPolygonMethod::RayCast: {
      bool inside = false;
      for (int i = 0, j = count - 1; i < count; j = i++) {
        // Half-open in y so a ray through a vertex counts it once (Ericson 5.4.1 / W. R. Franklin's pnpoly).
        if ((v[i].y > localPoint.y) != (v[j].y > localPoint.y)) {
          const S crossingX = v[j].x + (localPoint.y - v[j].y) / (v[i].y - v[j].y) * (v[i].x - v[j].x);
          if (localPoint.x < crossingX) inside = !inside;
        }
      }
      return inside;
    }
  }
  return false;
}

// [SECTION] Internal helpers

namespace detail {

template <Scalar S>
[[nodiscard]] inline AnalyticResult<S> invalidAnalytic() {
  AnalyticResult<S> result;
  result.status = Status::InvalidInput;
  return result;
}

// The closest point of B's boundary to a query point, in one frame.
template <Scalar S>
struct BoundaryPoint {
  Vec2<S> closest{};
  S signedDistance{};  // < 0 when the query point is inside B
  Vec2<S> normal{};    // unit, from the query (A) toward B's push direction
};

// From the boundary point q nearest to p, whether p is inside, and B's outward normal at q (for p == q).
template <Scalar S>
[[nodiscard]] inline BoundaryPoint<S> boundaryPoint(Vec2<S> p, Vec2<S> q, bool inside, Vec2<S> outwardNormal) {
  const Vec2<S> delta = q - p;
  const S gap = length(delta);
  if (!(gap > S(0))) return {q, S(0), -outwardNormal};
  if (inside) return {q, -gap, -delta / gap};
  return {q, gap, delta / gap};
}

// A circle (world centre and radius) against B's boundary point, all in B's frame, mapped to the world by xfB.
template <Scalar S>
[[nodiscard]] inline AnalyticResult<S> circleResult(Vec2<S> centerWorld, S radius, const BoundaryPoint<S>& local,
                                                    const Transform<S>& xfB) {
  AnalyticResult<S> result;
  const S gap = local.signedDistance - radius;
  result.hit = gap <= S(0);
  result.distance = gap > S(0) ? gap : S(0);
  result.depth = gap < S(0) ? -gap : S(0);
  result.normal = xfB.q.apply(local.normal);
  result.pointA = centerWorld + radius * result.normal;
  result.pointB = xfB.apply(local.closest);
  return result;
}

// The closest boundary point of the box [low, high] to p (Shape intersection tests: clamp; inside: the nearest face).
template <Scalar S>
[[nodiscard]] inline BoundaryPoint<S> boxBoundaryPoint(Vec2<S> p, Vec2<S> low, Vec2<S> high) {
  const Vec2<S> clamped = closestPointOnAabb(p, low, high);
  if (clamped != p) return boundaryPoint(p, clamped, false, Vec2<S>{});
  // Inside or on the boundary: push out through the nearest face.
  const S faceDistance[4] = {p.x - low.x, high.x - p.x, p.y - low.y, high.y - p.y};
  const Vec2<S> outward[4] = {{S(-1), S(0)}, {S(1), S(0)}, {S(0), S(-1)}, {S(0), S(1)}};
  int nearest = 0;
  for (int i = 1; i < 4; ++i) {
    if (faceDistance[i] < faceDistance[nearest]) nearest = i;
  }
  const Vec2<S> onFace = p + faceDistance[nearest] * outward[nearest];
  const Vec2<S> q = nearest < 2 ? Vec2<S>{nearest == 0 ? low.x : high.x, onFace.y}
                                : Vec2<S>{onFace.x, nearest == 2 ? low.y : high.y};
  return boundaryPoint(p, q, true, outward[nearest]);
}

// The distance from p (folded: y >= 0) to the sector of radius R and half angle alpha (cos, sin), 0 inside.
template <Scalar S>
[[nodiscard]] inline S foldedSectorDistance(Vec2<S> p, S radius, S cosHalf, S sinHalf) {
  const S fromApex = length(p);
  if (p.x > fromApex * cosHalf) return std::max(fromApex - radius, S(0));  // in the span: the disc's part
  return length(p - closestPointOnSegment(p, Vec2<S>{}, radius * Vec2<S>{cosHalf, sinHalf}).point);
}

// For a circle of radius r whose centre c (folded: y >= 0) overlaps a sector wider than 90 degrees: the nearest
// centre position at distance r from the sector, where moving B by c - exit separates the pair (a minimum
// translation; Ericson 2005, 5.5: the penetration depth is the distance to the boundary of B grown by the circle).
// B grown by r is bounded by pieces of the circles of radius R + r (the arc's), of radius r about the edges' ends,
// and of the lines r out from the straight edges; the nearest boundary point is either the foot of c on one of those
// curves or a corner where two meet. Every candidate at distance >= r from B is a valid exit; the nearest one is
// the answer. By symmetry the upper half's pieces and the corners on the axis suffice. nullopt for a point (r = 0)
// or when none is found.
template <Scalar S>
[[nodiscard]] std::optional<Vec2<S>> reflexSectorExit(Vec2<S> c, S r, S radius, S cosHalf, S sinHalf) {
  // A candidate a rounding short of r still touches: the tolerance is relative to the coordinates. A point (r within
  // it) leaves through the nearest boundary point, which the caller already has.
  const S slack = S(64) * std::numeric_limits<S>::epsilon() * (radius + r + length(c));
  if (!(r > slack)) return std::nullopt;
  struct Circle2 {
    Vec2<S> centre;
    S rho;
  };
  struct Line2 {
    Vec2<S> n;  // unit; the line is p . n == d
    S d;
  };
  const Vec2<S> endUpper = radius * Vec2<S>{cosHalf, sinHalf};
  const Vec2<S> endLower{endUpper.x, -endUpper.y};
  const Circle2 circles[] = {{{}, radius + r}, {endUpper, r}, {endLower, r}};
  const Line2 lines[] = {{{-sinHalf, cosHalf}, r}, {{-sinHalf, -cosHalf}, r}};  // r out from each edge, into the notch
  std::array<Vec2<S>, 24> candidates{};
  std::size_t count = 0;
  const auto add = [&](Vec2<S> p) {
    if (count < candidates.size()) candidates[count++] = p;
  };
  for (const Circle2& circle : circles) {
    const Vec2<S> off = c - circle.centre;
    if (const S len = length(off); len > S(0)) add(circle.centre + (circle.rho / len) * off);
  }
  for (const Line2& line : lines) add(c + (line.d - dot(c, line.n)) * line.n);
  const auto lineCircle = [&](const Line2& line, const Circle2& circle) {
    const S along = line.d - dot(circle.centre, line.n);
    const S h2 = circle.rho * circle.rho - along * along;
    if (h2 < S(0)) return;
    const Vec2<S> foot = circle.centre + along * line.n;
    const Vec2<S> tangent{-line.n.y, line.n.x};
    add(foot + std::sqrt(h2) * tangent);
    add(foot - std::sqrt(h2) * tangent);
  };
  for (const Line2& line : lines)
    for (const Circle2& circle : circles) lineCircle(line, circle);
  for (std::size_t i = 0; i < std::size(circles); ++i) {
    for (std::size_t j = i + 1; j < std::size(circles); ++j) {
      const Vec2<S> between = circles[j].centre - circles[i].centre;
      const S d = length(between);
      if (!(d > S(0))) continue;
      const S along = (d * d + circles[i].rho * circles[i].rho - circles[j].rho * circles[j].rho) / (S(2) * d);
      const S h2 = circles[i].rho * circles[i].rho - along * along;
      if (h2 < S(0)) continue;
      const Vec2<S> u = between / d;
      const Vec2<S> foot = circles[i].centre + along * u;
      add(foot + std::sqrt(h2) * Vec2<S>{-u.y, u.x});
      add(foot - std::sqrt(h2) * Vec2<S>{-u.y, u.x});
    }
  }
  // The two edge lines meet on the axis, the notch's corner: x = -r / sin(alpha).
  if (sinHalf > S(0)) add(Vec2<S>{-r / sinHalf, S(0)});
  std::optional<Vec2<S>> best;
  S bestSq = std::numeric_limits<S>::infinity();
  for (std::size_t i = 0; i < count; ++i) {
    const Vec2<S> p{candidates[i].x, std::abs(candidates[i].y)};  // a lower-half corner's mirror is as near or nearer
    if (foldedSectorDistance(p, radius, cosHalf, sinHalf) < r - slack) continue;
    const S sq = lengthSquared(p - c);
    if (sq < bestSq) {
      bestSq = sq;
      best = p;
    }
  }
  return best;
}

}  // namespace detail

// [SECTION] Circle vs circle, AABB, box, capsule

// Shape intersection tests "circle vs circle": centre distance against the sum of the radii.
template <Scalar S, class Trace = NoTrace>
[[nodiscard]] AnalyticResult<S> circleVsCircle(const Circle<S>& a, const Transform<S>& xfA, const Circle<S>& b,
                                               const Transform<S>& xfB, Trace& trace) {
  if (!allValid(a, b, xfA, xfB)) {
    return detail::invalidAnalytic<S>();
  }
  // The offset between centres is formed in A's frame so large world coordinates cancel first.
  const Transform<S> relative = invMul(xfA, xfB);
  const Vec2<S> offsetLocal = relative.apply(b.center) - a.center;
  const S centerDistance = length(offsetLocal);
  const Vec2<S> centerA = xfA.apply(a.center);
  const Vec2<S> centerB = xfA.apply(a.center + offsetLocal);
  AnalyticResult<S> result;
  const S gap = centerDistance - (a.radius + b.radius);
  result.hit = gap <= S(0);
  result.distance = gap > S(0) ? gap : S(0);
  result.depth = gap < S(0) ? -gap : S(0);
  result.normal = centerDistance > S(0) ? xfA.q.apply(offsetLocal / centerDistance) : Vec2<S>{S(1), S(0)};
  result.pointA = centerA + a.radius * result.normal;
  result.pointB = centerB - b.radius * result.normal;
  if constexpr (Trace::enabled) {
    trace(AnalyticStep<S>{1, "1. centre distance <= sum of the radii?", centerA, result.pointB, centerDistance, true,
                          result.hit});
  }
  return result;
}

// Shape intersection tests "circle vs AABB": clamp the centre to the box; that is the closest point. The Aabb is in world
// coordinates (no transform).
template <Scalar S, class Trace = NoTrace>
[[nodiscard]] AnalyticResult<S> circleVsAabb(const Circle<S>& a, const Transform<S>& xfA, const Aabb<S>& b,
                                             Trace& trace) {
  if (!allValid(a, xfA, b)) {
    return detail::invalidAnalytic<S>();
  }
  const Vec2<S> center = xfA.apply(a.center);
  const detail::BoundaryPoint<S> boundary = detail::boxBoundaryPoint(center, b.min, b.max);
  if constexpr (Trace::enabled) {
    trace(AnalyticStep<S>{1, "1. clamp the centre to the box", center, boundary.closest, boundary.signedDistance,
                          false, false});
  }
  const AnalyticResult<S> result = detail::circleResult(center, a.radius, boundary, Transform<S>::identity());
  if constexpr (Trace::enabled) {
    trace(AnalyticStep<S>{2, "2. distance to the clamped point <= radius?", center, result.pointB,
                          boundary.signedDistance - a.radius, true, result.hit});
  }
  return result;
}

// Shape intersection tests "circle vs OBB": rotate the centre into the box's frame, then it is circle vs AABB.
template <Scalar S, class Trace = NoTrace>
[[nodiscard]] AnalyticResult<S> circleVsBox(const Circle<S>& a, const Transform<S>& xfA, const Box<S>& b,
                                            const Transform<S>& xfB, Trace& trace) {
  if (!allValid(a, xfA, b, xfB)) {
    return detail::invalidAnalytic<S>();
  }
  const Vec2<S> centerWorld = xfA.apply(a.center);
  const Vec2<S> centerLocal = invMul(xfB, xfA).apply(a.center);  // in the box's frame
  if constexpr (Trace::enabled) {
    trace(AnalyticStep<S>{1, "1. centre into the box's frame", centerWorld, xfB.p, length(centerLocal), false,
                          false});
  }
  const detail::BoundaryPoint<S> boundary = detail::boxBoundaryPoint(centerLocal, -b.halfExtents, b.halfExtents);
  if constexpr (Trace::enabled) {
    trace(AnalyticStep<S>{2, "2. clamp it to the half extents", centerWorld, xfB.apply(boundary.closest),
                          boundary.signedDistance, false, false});
  }
  const AnalyticResult<S> result = detail::circleResult(centerWorld, a.radius, boundary, xfB);
  if constexpr (Trace::enabled) {
    trace(AnalyticStep<S>{3, "3. distance to the clamped point <= radius?", centerWorld, result.pointB,
                          boundary.signedDistance - a.radius, true, result.hit});
  }
  return result;
}

// Shape intersection tests "circle vs capsule": the distance from the centre to the capsule's core segment against the sum of
// the radii (closestPointOnSegment, geometry.h).
template <Scalar S, class Trace = NoTrace>
[[nodiscard]] AnalyticResult<S> circleVsCapsule(const Circle<S>& a, const Transform<S>& xfA, const Capsule<S>& b,
                                                const Transform<S>& xfB, Trace& trace) {
  if (!allValid(a, xfA, b, xfB)) {
    return detail::invalidAnalytic<S>();
  }
  const Vec2<S> centerWorld = xfA.apply(a.center);
  const Vec2<S> centerLocal = invMul(xfB, xfA).apply(a.center);
  const SegmentClosestPoint<Vec2<S>> onCore = closestPointOnSegment(centerLocal, b.a, b.b);
  const Vec2<S> toCore = onCore.point - centerLocal;
  const S coreDistance = length(toCore);
  if constexpr (Trace::enabled) {
    trace(AnalyticStep<S>{1, "1. project the centre onto the core segment and clamp", centerWorld,
                          xfB.apply(onCore.point), onCore.t, false, false});
  }
  detail::BoundaryPoint<S> boundary;
  if (coreDistance > S(0)) {
    boundary.normal = toCore / coreDistance;
  } else {
    // The centre is on the core: push sideways, off the segment's left side (or +x for a zero-length core).
    const Vec2<S> side = leftPerp(normalize(b.b - b.a));
    boundary.normal = side == Vec2<S>{} ? Vec2<S>{S(1), S(0)} : side;
  }
  boundary.closest = onCore.point - b.radius * boundary.normal;
  boundary.signedDistance = coreDistance - b.radius;
  const AnalyticResult<S> result = detail::circleResult(centerWorld, a.radius, boundary, xfB);
  if constexpr (Trace::enabled) {
    trace(AnalyticStep<S>{2, "2. distance to the core <= sum of the radii?", centerWorld, xfB.apply(onCore.point),
                          coreDistance - (a.radius + b.radius), true, result.hit});
  }
  return result;
}

// [SECTION] Circle vs sector (the article's 4 steps)

// Shape intersection tests "circle vs sector", for every half-angle in [0, pi] (wider than 90 degrees the sector is not convex,
// so SAT and GJK refuse it; this test is exact for it):
//   1. the centre farther from the apex than R + r: no hit;
//   2. fold the centre into the sector's frame, onto the upper half (the sector is symmetric about its axis);
//   3. its direction inside the angular span (p.x > |p| cos halfAngle): hit (step 1 already bounds the distance);
//   4. otherwise the nearest part is the upper straight edge: its distance to the centre <= r.
template <Scalar S, class Trace = NoTrace>
[[nodiscard]] AnalyticResult<S> circleVsSector(const Circle<S>& a, const Transform<S>& xfA, const Sector<S>& b,
                                               const Transform<S>& xfB, Trace& trace) {
  if (!allValid(a, xfA, b, xfB)) {
    return detail::invalidAnalytic<S>();
  }
  const Vec2<S> centerWorld = xfA.apply(a.center);
  const Vec2<S> centerLocal = invMul(xfB, xfA).apply(a.center);
  const S apexDistance = length(centerLocal);
  const S cosHalf = std::cos(b.halfAngle);
  const S sinHalf = std::sin(b.halfAngle);

  // The exact boundary point, for the distance, depth, normal and witnesses (the 4 steps decide hit alone).
  const bool mirrored = centerLocal.y < S(0);
  const Vec2<S> folded{centerLocal.x, std::abs(centerLocal.y)};
  const Vec2<S> upperEnd = b.radius * Vec2<S>{cosHalf, sinHalf};
  const Vec2<S> lowerEnd{upperEnd.x, -upperEnd.y};
  const SegmentClosestPoint<Vec2<S>> onUpper = closestPointOnSegment(folded, Vec2<S>{}, upperEnd);
  const bool inSpan = folded.x > apexDistance * cosHalf;
  // In the folded frame: nearest of the upper edge, the lower edge and (within the span) the arc.
  Vec2<S> nearestFolded = onUpper.point;
  Vec2<S> outwardFolded{-sinHalf, cosHalf};
  S nearestDistanceSq = lengthSquared(folded - onUpper.point);
  const bool inside = inSpan && apexDistance <= b.radius;
  if (inside) {
    const SegmentClosestPoint<Vec2<S>> onLower = closestPointOnSegment(folded, Vec2<S>{}, lowerEnd);
    const S lowerSq = lengthSquared(folded - onLower.point);
    if (lowerSq < nearestDistanceSq) {
      nearestFolded = onLower.point;
      outwardFolded = {-sinHalf, -cosHalf};
      nearestDistanceSq = lowerSq;
    }
  }
  if (inSpan && apexDistance > S(0)) {
    const Vec2<S> direction = folded / apexDistance;
    const Vec2<S> onArc = b.radius * direction;
    const S arcSq = lengthSquared(folded - onArc);
    if (arcSq < nearestDistanceSq || !inside) {
      nearestFolded = onArc;
      outwardFolded = direction;
      nearestDistanceSq = arcSq;
    }
  }
  const auto unfold = [mirrored](Vec2<S> v) { return mirrored ? Vec2<S>{v.x, -v.y} : v; };
  const detail::BoundaryPoint<S> boundary =
      detail::boundaryPoint(centerLocal, unfold(nearestFolded), inside, unfold(outwardFolded));
  AnalyticResult<S> result = detail::circleResult(centerWorld, a.radius, boundary, xfB);

  // The article's 4 steps, which decide hit; they agree with the boundary point above (tested).
  const S reach = b.radius + a.radius;
  const bool beyondReach = apexDistance > reach;
  if constexpr (Trace::enabled) {
    trace(AnalyticStep<S>{1, "1. centre within R + r of the apex?", centerWorld, xfB.p, apexDistance - reach,
                          beyondReach, false});
  }
  bool hit = false;
  if (!beyondReach) {
    if constexpr (Trace::enabled) {
      trace(AnalyticStep<S>{2, "2. fold the centre into the sector's upper half", centerWorld, xfB.apply(folded),
                            folded.y, false, false});
      trace(AnalyticStep<S>{3, "3. direction inside the span: p.x > |p| cos(half angle)?", centerWorld,
                            xfB.apply(unfold(apexDistance > S(0) ? b.radius * folded / apexDistance : folded)),
                            folded.x - apexDistance * cosHalf, inSpan, inSpan});
    }
    if (inSpan) {
      hit = true;
    } else {
      const S edgeDistanceSq = lengthSquared(folded - onUpper.point);
      hit = edgeDistanceSq <= a.radius * a.radius;
      if constexpr (Trace::enabled) {
        trace(AnalyticStep<S>{4, "4. distance to the straight edge <= r?", centerWorld,
                              xfB.apply(unfold(onUpper.point)), std::sqrt(edgeDistanceSq) - a.radius, true, hit});
      }
    }
  }
  // Squared comparisons in step 4 and the unsquared gap above can differ by one rounding at exact touching: the
  // steps are the article's answer, so the flag follows them and the gap is clamped to match.
  if (hit != result.hit) {
    result.hit = hit;
    result.distance = S(0);
    result.depth = S(0);
  }
  // Wider than 90 degrees the sector is not convex, and pushing the circle off the nearest boundary point can land
  // it on the far side of the notch: the depth is the distance to the nearest centre position that clears B.
  if (result.hit && b.halfAngle > std::numbers::pi_v<S> / 2) {
    if (const auto exit = detail::reflexSectorExit(folded, a.radius, b.radius, cosHalf, sinHalf)) {
      const Vec2<S> away = folded - *exit;  // B moves this way, the centre the other way onto *exit
      const S depth = length(away);
      if (depth > S(0)) {
        result.depth = depth;
        result.normal = xfB.q.apply(unfold(away / depth));
        result.pointA = centerWorld + a.radius * result.normal;
        result.pointB = result.pointA - depth * result.normal;
      }
    }
  }
  return result;
}

// [SECTION] Circle vs polygon

// Shape intersection tests "circle vs convex polygon": 1. is the centre inside (any of the four methods)? 2. otherwise the
// nearest edge, by point-segment distance like the capsule. The nearest edge also gives depth and normal when
// inside.
template <Scalar S, class Trace = NoTrace>
[[nodiscard]] AnalyticResult<S> circleVsPolygon(const Circle<S>& a, const Transform<S>& xfA, const Polygon<S>& b,
                                                const Transform<S>& xfB, Trace& trace,
                                                PointInPolygonMethod method = PointInPolygonMethod::CrossSign) {
  if (!allValid(a, xfA, b, xfB)) {
    return detail::invalidAnalytic<S>();
  }
  const Vec2<S> centerWorld = xfA.apply(a.center);
  const Vec2<S> centerLocal = invMul(xfB, xfA).apply(a.center);
  const bool inside = pointInPolygon(b, centerLocal, method);
  if constexpr (Trace::enabled) {
    trace(AnalyticStep<S>{1, "1. centre inside the polygon?", centerWorld, centerWorld, inside ? S(1) : S(0), false,
                          false});
  }
  int nearestEdge = 0;
  Vec2<S> nearestPoint{};
  S nearestSq = std::numeric_limits<S>::infinity();
  for (int i = 0; i < b.count; ++i) {
    const Vec2<S> onEdge = closestPointOnSegment(centerLocal, b.vertices[i], b.vertices[(i + 1) % b.count]).point;
    const S distanceSq = lengthSquared(centerLocal - onEdge);
    if (distanceSq < nearestSq) {
      nearestSq = distanceSq;
      nearestPoint = onEdge;
      nearestEdge = i;
    }
    if constexpr (Trace::enabled) {
      trace(AnalyticStep<S>{2, "2. distance to this edge", centerWorld, xfB.apply(onEdge), std::sqrt(distanceSq),
                            false, false, i});
    }
  }
  const detail::BoundaryPoint<S> boundary =
      detail::boundaryPoint(centerLocal, nearestPoint, inside, b.normals[nearestEdge]);
  const AnalyticResult<S> result = detail::circleResult(centerWorld, a.radius, boundary, xfB);
  if constexpr (Trace::enabled) {
    trace(AnalyticStep<S>{3, inside ? "3. centre inside: hit" : "3. nearest edge distance <= radius?", centerWorld,
                          result.pointB, boundary.signedDistance - a.radius, true, result.hit, nearestEdge});
  }
  return result;
}

// [SECTION] AABB vs AABB

// Shape intersection tests; Collision shapes basics: the intervals overlap on x and on y. Also gives the gap between separated boxes (the length
// of the per-axis gaps) and, when hit, the minimum overlap axis like satAabbs.
template <Scalar S, class Trace = NoTrace>
[[nodiscard]] AnalyticResult<S> aabbVsAabb(const Aabb<S>& a, const Aabb<S>& b, Trace& trace) {
  if (!allValid(a, b)) return detail::invalidAnalytic<S>();
  S overlap[2];
  bool forward[2];
  S gap[2];
  Vec2<S> pointA{};
  Vec2<S> pointB{};
  for (int axis = 0; axis < 2; ++axis) {
    const S minA = axis == 0 ? a.min.x : a.min.y;
    const S maxA = axis == 0 ? a.max.x : a.max.y;
    const S minB = axis == 0 ? b.min.x : b.min.y;
    const S maxB = axis == 0 ? b.max.x : b.max.y;
    const S pushForward = maxA - minB;
    const S pushBackward = maxB - minA;
    forward[axis] = pushForward <= pushBackward;
    overlap[axis] = forward[axis] ? pushForward : pushBackward;
    gap[axis] = overlap[axis] < S(0) ? -overlap[axis] : S(0);
    // Witness coordinates on this axis: the facing ends when apart, the middle of the shared interval otherwise.
    S coordinateA = forward[axis] ? maxA : minA;
    S coordinateB = forward[axis] ? minB : maxB;
    if (overlap[axis] >= S(0)) {
      const S low = std::max(minA, minB);
      const S high = std::min(maxA, maxB);
      coordinateA = coordinateB = low + (high - low) / S(2);
    }
    (axis == 0 ? pointA.x : pointA.y) = coordinateA;
    (axis == 0 ? pointB.x : pointB.y) = coordinateB;
  }
  AnalyticResult<S> result;
  result.hit = overlap[0] >= S(0) && overlap[1] >= S(0);
  if constexpr (Trace::enabled) {
    const Vec2<S> centerA = a.center();
    const Vec2<S> centerB = b.center();
    trace(AnalyticStep<S>{1, "1. x intervals overlap?", centerA, centerB, overlap[0], overlap[0] < S(0), false});
    if (overlap[0] >= S(0)) {
      trace(AnalyticStep<S>{2, "2. y intervals overlap?", centerA, centerB, overlap[1], true, result.hit});
    }
  }
  if (result.hit) {
    const int axis = overlap[1] < overlap[0] ? 1 : 0;
    result.depth = overlap[axis];
    const S sign = forward[axis] ? S(1) : S(-1);
    result.normal = axis == 0 ? Vec2<S>{sign, S(0)} : Vec2<S>{S(0), sign};
    result.pointA = pointA;
    (axis == 0 ? result.pointA.x : result.pointA.y) = forward[axis] ? (axis == 0 ? a.max.x : a.max.y)
                                                                    : (axis == 0 ? a.min.x : a.min.y);
    result.pointB = result.pointA - result.depth * result.normal;
    return result;
  }
  result.distance = std::hypot(gap[0], gap[1]);
  result.pointA = pointA;
  result.pointB = pointB;
  result.normal = normalize(pointB - pointA);
  return result;
}

// [SECTION] Overloads without a trace

#define COLLIDE_ANALYTIC_NO_TRACE(name, TypeA, TypeB)                                                          \
  template <Scalar S>                                                                                          \
  [[nodiscard]] AnalyticResult<S> name(const TypeA<S>& a, const Transform<S>& xfA, const TypeB<S>& b,          \
                                       const Transform<S>& xfB) {                                              \
    NoTrace trace;                                                                                             \
    return name(a, xfA, b, xfB, trace);                                                                        \
  }
COLLIDE_ANALYTIC_NO_TRACE(circleVsCircle, Circle, Circle)
COLLIDE_ANALYTIC_NO_TRACE(circleVsBox, Circle, Box)
COLLIDE_ANALYTIC_NO_TRACE(circleVsCapsule, Circle, Capsule)
COLLIDE_ANALYTIC_NO_TRACE(circleVsSector, Circle, Sector)
#undef COLLIDE_ANALYTIC_NO_TRACE

template <Scalar S>
[[nodiscard]] AnalyticResult<S> circleVsPolygon(const Circle<S>& a, const Transform<S>& xfA, const Polygon<S>& b,
                                                const Transform<S>& xfB,
                                                PointInPolygonMethod method = PointInPolygonMethod::CrossSign) {
  NoTrace trace;
  return circleVsPolygon(a, xfA, b, xfB, trace, method);
}

template <Scalar S>
[[nodiscard]] AnalyticResult<S> circleVsAabb(const Circle<S>& a, const Transform<S>& xfA, const Aabb<S>& b) {
  NoTrace trace;
  return circleVsAabb(a, xfA, b, trace);
}

template <Scalar S>
[[nodiscard]] AnalyticResult<S> aabbVsAabb(const Aabb<S>& a, const Aabb<S>& b) {
  NoTrace trace;
  return aabbVsAabb(a, b, trace);
}

}  // namespace collide
