// collide/analytic3.h: closed-form shape-pair tests in space (Ericson, Real-Time Collision Detection, 4.2 and 5.1-5.2),
// the 3D counterparts of analytic.h.
//
// Conventions, the same as analytic.h's:
//   touching is a hit: hit == (gap <= 0), where gap is the distance between the boundaries, negative inside.
//   distance >= 0: the gap when separated, 0 when hit. depth >= 0: the penetration when hit, 0 otherwise.
//   normal: unit, world frame, from A (the first argument) toward B: moving B by depth * normal separates them
//   (for a convex B); when separated it points from A's closest point to B's.
//   pointA, pointB: world. Separated: the closest points. Hit: pointA is A's deepest point along normal and pointB
//   the point of B's boundary that meets it after the push (pointB + depth * normal == pointA).
//   When the direction is undefined (coincident centres, a centre exactly on B's boundary, core or plane), the
//   normal falls back to the opposite of B's outward face normal there, to a fixed perpendicular of a capsule's
//   core, or to world +x for two coincident spheres.
//   A triangle is flat: a sphere whose centre lies on it has depth = radius, pushed out along the triangle's normal.
//   A shape or transform that isValid (shapes3.h) refuses: NaN or infinite input, numbers beyond kMaxCoordinate,
//   a negative radius, an Aabb3 with min > max, a hull without its faces: hit = false, status =
//   Status::InvalidInput. Never asserts, never loops.
//
// [SECTION] Step events and results
// [SECTION] Closest points in space (Ericson 5.1.3, 5.1.5; the segment's is geometry.h's)
// [SECTION] Internal helpers
// [SECTION] Sphere vs sphere, AABB, box, capsule
// [SECTION] Sphere vs triangle
// [SECTION] AABB vs AABB
// [SECTION] Point in hull
// [SECTION] Overloads without a trace
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string_view>

#include "collide/geometry.h"
#include "collide/gjk.h"
#include "collide/math.h"
#include "collide/shapes3.h"
#include "collide/trace.h"

namespace collide {

// [SECTION] Step events and results

// One step of a 3D analytic test. World frame.
template <Scalar S>
struct AnalyticStep3 {
  int index = 0;             // 1, 2, ... in the order the steps run
  std::string_view title;    // e.g. "1. centre distance <= sum of the radii?" (static text)
  Vec3<S> point{};           // the query point: the sphere's centre, or the point tested against a hull
  Vec3<S> closest{};         // the candidate closest point on B this step looked at
  S value{};                 // the number this step compared (a distance, a signed plane distance ...)
  bool decided = false;      // this step settled the answer; no step follows
  bool hit = false;          // the answer, when decided
  int feature = -1;          // pointInHull: the face; sphereVsTriangle: the Voronoi region (TriangleRegion)
};

template <Scalar S>
struct AnalyticResult3 {
  bool hit = false;
  S distance{};      // >= 0, the gap when separated
  S depth{};         // >= 0, the penetration when hit
  Vec3<S> normal{};  // unit, A toward B
  Vec3<S> pointA{};
  Vec3<S> pointB{};
  Status status = Status::Converged;  // InvalidInput for NaN / infinite / malformed shapes
};

// [SECTION] Closest points in space (Ericson 5.1.3, 5.1.5; the segment's is geometry.h's)

// The point of the box [low, high] closest to p: clamp each coordinate (Ericson 5.1.3).
template <Scalar S>
[[nodiscard]] constexpr Vec3<S> closestPointOnAabb(Vec3<S> p, Vec3<S> low, Vec3<S> high) {
  return {clamp(p.x, low.x, high.x), clamp(p.y, low.y, high.y), clamp(p.z, low.z, high.z)};
}

// Which of a triangle's 7 Voronoi regions holds the closest point (Ericson 5.1.5).
enum class TriangleRegion : std::uint8_t { VertexA, VertexB, VertexC, EdgeAB, EdgeAC, EdgeBC, Face };

[[nodiscard]] constexpr std::string_view triangleRegionName(TriangleRegion region) {
  switch (region) {
    case TriangleRegion::VertexA: return "vertex a";
    case TriangleRegion::VertexB: return "vertex b";
    case TriangleRegion::VertexC: return "vertex c";
    case TriangleRegion::EdgeAB: return "edge ab";
    case TriangleRegion::EdgeAC: return "edge ac";
    case TriangleRegion::EdgeBC: return "edge bc";
    case TriangleRegion::Face: return "face";
  }
  return "unknown";
}

template <Scalar S>
struct TriangleClosestPoint {
  Vec3<S> point{};
  TriangleRegion region = TriangleRegion::Face;
};

// The point of triangle abc closest to p: Ericson 5.1.5's ClosestPtPointTriangle, which is also the kernel GJK
// solves its triangles with (gjk.h, closestOnTriangleInSpace); here with p moved to the origin. A degenerate
// (collinear) triangle answers on its longest edge from a.
template <Scalar S>
[[nodiscard]] inline TriangleClosestPoint<S> closestPointOnTriangle(Vec3<S> p, Vec3<S> a, Vec3<S> b, Vec3<S> c) {
  const detail::SimplexPoints<Vec3<S>> points{a - p, b - p, c - p, Vec3<S>{}};
  const detail::ClosestOnSimplex<Vec3<S>> answer = detail::closestOnTriangleInSpace(points, 3, 0, 1, 2, 0);
  const std::uint8_t kept = answer.region.kept;
  TriangleClosestPoint<S> result;
  switch (kept) {
    case 0b001: result = {a, TriangleRegion::VertexA}; break;
    case 0b010: result = {b, TriangleRegion::VertexB}; break;
    case 0b100: result = {c, TriangleRegion::VertexC}; break;
    case 0b011: result = {p + answer.closestPoint, TriangleRegion::EdgeAB}; break;
    case 0b101: result = {p + answer.closestPoint, TriangleRegion::EdgeAC}; break;
    case 0b110: result = {p + answer.closestPoint, TriangleRegion::EdgeBC}; break;
    default: result = {p + answer.closestPoint, TriangleRegion::Face}; break;
  }
  return result;
}

// [SECTION] Internal helpers

namespace detail {

template <Scalar S>
[[nodiscard]] inline AnalyticResult3<S> invalidAnalytic3() {
  AnalyticResult3<S> result;
  result.status = Status::InvalidInput;
  return result;
}

// The closest point of B's boundary to a query point, in one frame.
template <Scalar S>
struct BoundaryPoint3 {
  Vec3<S> closest{};
  S signedDistance{};  // < 0 when the query point is inside B
  Vec3<S> normal{};    // unit, from the query (A) toward B's push direction
};

// From the boundary point q nearest to p, whether p is inside, and B's outward normal at q (for p == q).
// roundingScale: the size of the numbers q was computed from, when that computation rounds; a gap within 8
// epsilon of it has no trustworthy direction (a centre on a capsule's core comes out a few ulps off it, along the
// core), so the fallback normal is used.
template <Scalar S>
[[nodiscard]] inline BoundaryPoint3<S> boundaryPoint(Vec3<S> p, Vec3<S> q, bool inside, Vec3<S> outwardNormal,
                                                     S roundingScale = S(0)) {
  const Vec3<S> delta = q - p;
  const S gap = length(delta);
  if (!(gap > S(8) * kEpsilon<S> * roundingScale) || !(gap > S(0))) return {q, inside ? -gap : gap, -outwardNormal};
  if (inside) return {q, -gap, -delta / gap};
  return {q, gap, delta / gap};
}

// A sphere (world centre and radius) against B's boundary point, all in B's frame, mapped to the world by xfB.
template <Scalar S>
[[nodiscard]] inline AnalyticResult3<S> sphereResult(Vec3<S> centerWorld, S radius, const BoundaryPoint3<S>& local,
                                                     const Transform3<S>& xfB) {
  AnalyticResult3<S> result;
  const S gap = local.signedDistance - radius;
  result.hit = gap <= S(0);
  result.distance = gap > S(0) ? gap : S(0);
  result.depth = gap < S(0) ? -gap : S(0);
  result.normal = xfB.q.apply(local.normal);
  result.pointA = centerWorld + radius * result.normal;
  result.pointB = xfB.apply(local.closest);
  return result;
}

// The closest boundary point of the box [low, high] to p: clamp outside; inside, the nearest of the six faces.
template <Scalar S>
[[nodiscard]] inline BoundaryPoint3<S> boxBoundaryPoint(Vec3<S> p, Vec3<S> low, Vec3<S> high) {
  const Vec3<S> clamped = closestPointOnAabb(p, low, high);
  if (clamped != p) return boundaryPoint(p, clamped, false, Vec3<S>{});
  const S faceDistance[6] = {p.x - low.x, high.x - p.x, p.y - low.y, high.y - p.y, p.z - low.z, high.z - p.z};
  int nearest = 0;
  for (int i = 1; i < 6; ++i) {
    if (faceDistance[i] < faceDistance[nearest]) nearest = i;
  }
  const S sign = (nearest & 1) ? S(1) : S(-1);
  Vec3<S> outward{};
  Vec3<S> q = p;
  switch (nearest >> 1) {
    case 0: outward.x = sign; q.x = (nearest & 1) ? high.x : low.x; break;
    case 1: outward.y = sign; q.y = (nearest & 1) ? high.y : low.y; break;
    default: outward.z = sign; q.z = (nearest & 1) ? high.z : low.z; break;
  }
  return boundaryPoint(p, q, true, outward);
}

}  // namespace detail

// [SECTION] Sphere vs sphere, AABB, box, capsule

// Ericson 4.3.1: centre distance against the sum of the radii. The offset between the centres is formed in A's
// frame so large world coordinates cancel first.
template <Scalar S, class Trace = NoTrace>
[[nodiscard]] AnalyticResult3<S> sphereVsSphere(const Sphere<S>& a, const Transform3<S>& xfA, const Sphere<S>& b,
                                                const Transform3<S>& xfB, Trace& trace) {
  if (!allValid(a, b, xfA, xfB)) return detail::invalidAnalytic3<S>();
  const Transform3<S> relative = invMul(xfA, xfB);
  const Vec3<S> offsetLocal = relative.apply(b.center) - a.center;
  const S centerDistance = length(offsetLocal);
  const Vec3<S> centerA = xfA.apply(a.center);
  AnalyticResult3<S> result;
  const S gap = centerDistance - (a.radius + b.radius);
  result.hit = gap <= S(0);
  result.distance = gap > S(0) ? gap : S(0);
  result.depth = gap < S(0) ? -gap : S(0);
  result.normal = centerDistance > S(0) ? xfA.q.apply(offsetLocal / centerDistance) : Vec3<S>{S(1), S(0), S(0)};
  result.pointA = centerA + a.radius * result.normal;
  result.pointB = xfA.apply(a.center + offsetLocal) - b.radius * result.normal;
  if constexpr (Trace::enabled) {
    trace(AnalyticStep3<S>{1, "1. centre distance <= sum of the radii?", centerA, result.pointB, centerDistance, true,
                           result.hit});
  }
  return result;
}

// Ericson 5.2.5: clamp the centre to the box; that is the closest point. The Aabb3 is in world coordinates.
template <Scalar S, class Trace = NoTrace>
[[nodiscard]] AnalyticResult3<S> sphereVsAabb(const Sphere<S>& a, const Transform3<S>& xfA, const Aabb3<S>& b,
                                              Trace& trace) {
  if (!allValid(a, xfA, b)) return detail::invalidAnalytic3<S>();
  const Vec3<S> center = xfA.apply(a.center);
  const detail::BoundaryPoint3<S> boundary = detail::boxBoundaryPoint(center, b.min, b.max);
  if constexpr (Trace::enabled) {
    trace(AnalyticStep3<S>{1, "1. clamp the centre to the box", center, boundary.closest, boundary.signedDistance,
                           false, false});
  }
  const AnalyticResult3<S> result = detail::sphereResult(center, a.radius, boundary, Transform3<S>::identity());
  if constexpr (Trace::enabled) {
    trace(AnalyticStep3<S>{2, "2. distance to the clamped point <= radius?", center, result.pointB,
                           boundary.signedDistance - a.radius, true, result.hit});
  }
  return result;
}

// Ericson 5.2.5 with 5.1.4: the centre into the box's frame, then it is sphere vs AABB.
template <Scalar S, class Trace = NoTrace>
[[nodiscard]] AnalyticResult3<S> sphereVsBox(const Sphere<S>& a, const Transform3<S>& xfA, const Box3<S>& b,
                                             const Transform3<S>& xfB, Trace& trace) {
  if (!allValid(a, xfA, b, xfB)) return detail::invalidAnalytic3<S>();
  const Vec3<S> centerWorld = xfA.apply(a.center);
  const Vec3<S> centerLocal = invMul(xfB, xfA).apply(a.center);
  if constexpr (Trace::enabled) {
    trace(AnalyticStep3<S>{1, "1. centre into the box's frame", centerWorld, xfB.p, length(centerLocal), false,
                           false});
  }
  const detail::BoundaryPoint3<S> boundary = detail::boxBoundaryPoint(centerLocal, -b.halfExtents, b.halfExtents);
  if constexpr (Trace::enabled) {
    trace(AnalyticStep3<S>{2, "2. clamp it to the half extents", centerWorld, xfB.apply(boundary.closest),
                           boundary.signedDistance, false, false});
  }
  const AnalyticResult3<S> result = detail::sphereResult(centerWorld, a.radius, boundary, xfB);
  if constexpr (Trace::enabled) {
    trace(AnalyticStep3<S>{3, "3. distance to the clamped point <= radius?", centerWorld, result.pointB,
                           boundary.signedDistance - a.radius, true, result.hit});
  }
  return result;
}

// Ericson 4.3.2 and 5.1.2: the distance from the centre to the capsule's core segment against the sum of the radii.
template <Scalar S, class Trace = NoTrace>
[[nodiscard]] AnalyticResult3<S> sphereVsCapsule(const Sphere<S>& a, const Transform3<S>& xfA, const Capsule3<S>& b,
                                                 const Transform3<S>& xfB, Trace& trace) {
  if (!allValid(a, xfA, b, xfB)) return detail::invalidAnalytic3<S>();
  const Vec3<S> centerWorld = xfA.apply(a.center);
  const Vec3<S> centerLocal = invMul(xfB, xfA).apply(a.center);
  const SegmentClosestPoint<Vec3<S>> onCore = closestPointOnSegment(centerLocal, b.a, b.b);
  const Vec3<S> toCore = onCore.point - centerLocal;
  const S coreDistance = length(toCore);
  if constexpr (Trace::enabled) {
    trace(AnalyticStep3<S>{1, "1. project the centre onto the core segment and clamp", centerWorld,
                           xfB.apply(onCore.point), onCore.t, false, false});
  }
  // The projection rounds at the scale of the segment and the centre: a centre within that of the core is on it,
  // and is pushed along a fixed perpendicular of the segment (+x for a zero-length core), never along the core.
  const S roundingScale = length(centerLocal - b.a) + length(b.b - b.a);
  detail::BoundaryPoint3<S> boundary;
  if (coreDistance > S(8) * kEpsilon<S> * roundingScale && coreDistance > S(0)) {
    boundary.normal = toCore / coreDistance;
  } else {
    const Vec3<S> side = perpendicular(b.b - b.a);
    boundary.normal = side == Vec3<S>{} ? Vec3<S>{S(1), S(0), S(0)} : side;
  }
  boundary.closest = onCore.point - b.radius * boundary.normal;
  boundary.signedDistance = coreDistance - b.radius;
  const AnalyticResult3<S> result = detail::sphereResult(centerWorld, a.radius, boundary, xfB);
  if constexpr (Trace::enabled) {
    trace(AnalyticStep3<S>{2, "2. distance to the core <= sum of the radii?", centerWorld, xfB.apply(onCore.point),
                           coreDistance - (a.radius + b.radius), true, result.hit});
  }
  return result;
}

// [SECTION] Sphere vs triangle

// Ericson 5.2.7: the closest point of the triangle to the centre (5.1.5, one of 7 Voronoi regions), then its
// distance against the radius. The triangle is a flat, two-sided shape: a centre on it pushes out along its normal
// (b - a) x (c - a), so B moves along minus that normal.
template <Scalar S, class Trace = NoTrace>
[[nodiscard]] AnalyticResult3<S> sphereVsTriangle(const Sphere<S>& a, const Transform3<S>& xfA, const Triangle3<S>& b,
                                                  const Transform3<S>& xfB, Trace& trace) {
  if (!allValid(a, xfA, b, xfB)) return detail::invalidAnalytic3<S>();
  const Vec3<S> centerWorld = xfA.apply(a.center);
  const Vec3<S> centerLocal = invMul(xfB, xfA).apply(a.center);
  const TriangleClosestPoint<S> onTriangle = closestPointOnTriangle(centerLocal, b.a, b.b, b.c);
  // The closest point is formed relative to the centre and moved back: it rounds at the scale of both.
  const S roundingScale = length(centerLocal - b.a) + length(b.b - b.a) + length(b.c - b.a);
  const detail::BoundaryPoint3<S> boundary = detail::boundaryPoint(
      centerLocal, onTriangle.point, false, normalize(cross(b.b - b.a, b.c - b.a)), roundingScale);
  if constexpr (Trace::enabled) {
    trace(AnalyticStep3<S>{1, "1. the closest point of the triangle (its Voronoi region)", centerWorld,
                           xfB.apply(onTriangle.point), boundary.signedDistance, false, false,
                           static_cast<int>(onTriangle.region)});
  }
  AnalyticResult3<S> result = detail::sphereResult(centerWorld, a.radius, boundary, xfB);
  if (result.normal == Vec3<S>{}) result.normal = Vec3<S>{S(1), S(0), S(0)};  // a collinear triangle has no normal
  if constexpr (Trace::enabled) {
    trace(AnalyticStep3<S>{2, "2. distance to the closest point <= radius?", centerWorld, result.pointB,
                           boundary.signedDistance - a.radius, true, result.hit,
                           static_cast<int>(onTriangle.region)});
  }
  return result;
}

// [SECTION] AABB vs AABB

// Ericson 4.2.1: the intervals overlap on x, y and z. Also gives the gap between separated boxes (the length of
// the per-axis gaps) and, when hit, the axis of least overlap.
template <Scalar S, class Trace = NoTrace>
[[nodiscard]] AnalyticResult3<S> aabbVsAabb(const Aabb3<S>& a, const Aabb3<S>& b, Trace& trace) {
  if (!allValid(a, b)) return detail::invalidAnalytic3<S>();
  const S minA[3] = {a.min.x, a.min.y, a.min.z};
  const S maxA[3] = {a.max.x, a.max.y, a.max.z};
  const S minB[3] = {b.min.x, b.min.y, b.min.z};
  const S maxB[3] = {b.max.x, b.max.y, b.max.z};
  S overlap[3];
  bool forward[3];
  S gap[3];
  S witnessA[3];
  S witnessB[3];
  for (int axis = 0; axis < 3; ++axis) {
    const S pushForward = maxA[axis] - minB[axis];
    const S pushBackward = maxB[axis] - minA[axis];
    forward[axis] = pushForward <= pushBackward;
    overlap[axis] = forward[axis] ? pushForward : pushBackward;
    gap[axis] = overlap[axis] < S(0) ? -overlap[axis] : S(0);
    // Witness coordinates on this axis: the facing ends when apart, the middle of the shared interval otherwise.
    witnessA[axis] = forward[axis] ? maxA[axis] : minA[axis];
    witnessB[axis] = forward[axis] ? minB[axis] : maxB[axis];
    if (overlap[axis] >= S(0)) {
      const S low = std::max(minA[axis], minB[axis]);
      const S high = std::min(maxA[axis], maxB[axis]);
      witnessA[axis] = witnessB[axis] = low + (high - low) / S(2);
    }
  }
  AnalyticResult3<S> result;
  result.hit = overlap[0] >= S(0) && overlap[1] >= S(0) && overlap[2] >= S(0);
  if constexpr (Trace::enabled) {
    constexpr std::string_view kTitles[3] = {"1. x intervals overlap?", "2. y intervals overlap?",
                                             "3. z intervals overlap?"};
    const Vec3<S> centerA = a.centroid();
    const Vec3<S> centerB = b.centroid();
    for (int axis = 0; axis < 3; ++axis) {
      const bool decided = overlap[axis] < S(0) || axis == 2;
      trace(AnalyticStep3<S>{axis + 1, kTitles[axis], centerA, centerB, overlap[axis], decided,
                             decided && result.hit});
      if (decided) break;
    }
  }
  if (result.hit) {
    int axis = 0;
    for (int i = 1; i < 3; ++i) {
      if (overlap[i] < overlap[axis]) axis = i;
    }
    result.depth = overlap[axis];
    const S sign = forward[axis] ? S(1) : S(-1);
    S normal[3] = {S(0), S(0), S(0)};
    normal[axis] = sign;
    witnessA[axis] = forward[axis] ? maxA[axis] : minA[axis];
    result.normal = {normal[0], normal[1], normal[2]};
    result.pointA = {witnessA[0], witnessA[1], witnessA[2]};
    result.pointB = result.pointA - result.depth * result.normal;
    return result;
  }
  result.distance = length(Vec3<S>{gap[0], gap[1], gap[2]});
  result.pointA = {witnessA[0], witnessA[1], witnessA[2]};
  result.pointB = {witnessB[0], witnessB[1], witnessB[2]};
  result.normal = normalize(result.pointB - result.pointA);
  return result;
}

// [SECTION] Point in hull

// Is a world point inside a convex hull? Ericson 5.4.3 (point in polyhedron): inside when on the inner side of
// every face plane. The largest signed plane distance is the exact depth inside; outside it is only a lower
// bound, so the distance comes from the closest point over the faces' fan triangles (5.1.5). A is the point: the
// normal points from it toward the push of B, i.e. minus the nearest face's outward normal when inside. A point
// within rounding of a face plane (8 epsilon of the numbers that make the plane distance) lies on the face:
// touching, a hit.
template <Scalar S, class Trace = NoTrace>
[[nodiscard]] AnalyticResult3<S> pointInHull(Vec3<S> pointWorld, const Hull<S>& b, const Transform3<S>& xfB,
                                             Trace& trace) {
  if (!allValid(Point3<S>{pointWorld}, b, xfB)) return detail::invalidAnalytic3<S>();
  const Vec3<S> p = xfB.applyInverse(pointWorld);
  int deepestFace = 0;
  S largest = -std::numeric_limits<S>::infinity();
  S roundingScale = S(0);
  for (int f = 0; f < static_cast<int>(b.faces.size()); ++f) {
    const HullFace<S>& face = b.faces[static_cast<std::size_t>(f)];
    const S signedDistance = dot(face.normal, p) - face.offset;
    if constexpr (Trace::enabled) {
      const Vec3<S> onPlane = p - signedDistance * face.normal;
      trace(AnalyticStep3<S>{1, "1. signed distance to this face's plane", pointWorld, xfB.apply(onPlane),
                             signedDistance, false, false, f});
    }
    if (signedDistance > largest) {
      largest = signedDistance;
      deepestFace = f;
    }
    roundingScale = std::max(roundingScale, std::abs(dot(face.normal, p)) + std::abs(face.offset));
  }
  const HullFace<S>& nearest = b.faces[static_cast<std::size_t>(deepestFace)];
  AnalyticResult3<S> result;
  result.hit = largest <= S(8) * kEpsilon<S> * roundingScale;
  result.pointA = pointWorld;
  if (result.hit) {
    result.depth = largest < S(0) ? -largest : S(0);
    result.normal = xfB.q.apply(-nearest.normal);
    result.pointB = pointWorld - result.depth * result.normal;
    if constexpr (Trace::enabled) {
      trace(AnalyticStep3<S>{2, "2. inside every face plane: hit; the nearest face gives the depth", pointWorld,
                             result.pointB, largest, true, true, deepestFace});
    }
    return result;
  }
  // Outside: the closest point over every face, each a fan of triangles from its first vertex.
  S bestSq = std::numeric_limits<S>::infinity();
  Vec3<S> best{};
  int bestFace = deepestFace;
  for (int f = 0; f < static_cast<int>(b.faces.size()); ++f) {
    const HullFace<S>& face = b.faces[static_cast<std::size_t>(f)];
    if (dot(face.normal, p) - face.offset < S(0)) continue;  // a face the point is behind cannot be nearest
    const Vec3<S> first = b.vertices[static_cast<std::size_t>(b.faceVertices[static_cast<std::size_t>(face.first)])];
    for (int k = 1; k + 1 < face.count; ++k) {
      const auto vertex = [&](int i) {
        return b.vertices[static_cast<std::size_t>(b.faceVertices[static_cast<std::size_t>(face.first + i)])];
      };
      const Vec3<S> q = closestPointOnTriangle(p, first, vertex(k), vertex(k + 1)).point;
      const S distanceSq = lengthSquared(q - p);
      if (distanceSq < bestSq) {
        bestSq = distanceSq;
        best = q;
        bestFace = f;
      }
    }
  }
  const detail::BoundaryPoint3<S> boundary = detail::boundaryPoint(p, best, false, nearest.normal);
  result.distance = boundary.signedDistance;
  result.normal = xfB.q.apply(boundary.normal);
  result.pointB = xfB.apply(best);
  if constexpr (Trace::enabled) {
    trace(AnalyticStep3<S>{2, "2. outside a face plane: the closest point over the faces", pointWorld, result.pointB,
                           result.distance, true, false, bestFace});
  }
  return result;
}

// [SECTION] Overloads without a trace

#define COLLIDE_ANALYTIC3_NO_TRACE(name, TypeA, TypeB)                                                        \
  template <Scalar S>                                                                                          \
  [[nodiscard]] AnalyticResult3<S> name(const TypeA<S>& a, const Transform3<S>& xfA, const TypeB<S>& b,        \
                                        const Transform3<S>& xfB) {                                            \
    NoTrace trace;                                                                                             \
    return name(a, xfA, b, xfB, trace);                                                                        \
  }
COLLIDE_ANALYTIC3_NO_TRACE(sphereVsSphere, Sphere, Sphere)
COLLIDE_ANALYTIC3_NO_TRACE(sphereVsBox, Sphere, Box3)
COLLIDE_ANALYTIC3_NO_TRACE(sphereVsCapsule, Sphere, Capsule3)
COLLIDE_ANALYTIC3_NO_TRACE(sphereVsTriangle, Sphere, Triangle3)
#undef COLLIDE_ANALYTIC3_NO_TRACE

template <Scalar S>
[[nodiscard]] AnalyticResult3<S> sphereVsAabb(const Sphere<S>& a, const Transform3<S>& xfA, const Aabb3<S>& b) {
  NoTrace trace;
  return sphereVsAabb(a, xfA, b, trace);
}

template <Scalar S>
[[nodiscard]] AnalyticResult3<S> aabbVsAabb(const Aabb3<S>& a, const Aabb3<S>& b) {
  NoTrace trace;
  return aabbVsAabb(a, b, trace);
}

template <Scalar S>
[[nodiscard]] AnalyticResult3<S> pointInHull(Vec3<S> pointWorld, const Hull<S>& b, const Transform3<S>& xfB) {
  NoTrace trace;
  return pointInHull(pointWorld, b, xfB, trace);
}

}  // namespace collide
