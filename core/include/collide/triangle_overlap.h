// collide/triangle_overlap.h: do two triangles in space share a point? The mid phase's primitive test.
//
// Devillers and Guigue, "Faster Triangle-Triangle Intersection Tests", INRIA RR-4488 (2002): only signs of 3x3
// determinants (orientations), no division and no intersection segment, so touching cases are decided by the
// same predicates as crossings. Closed triangles: a shared vertex, an edge touching an edge, a vertex on a face
// all count as overlap. Coplanar triangles are tested in the projection that keeps the most area (drop the
// normal's largest coordinate), as edge crossings plus containment. A zero-area triangle is a segment (or a
// point) and is tested as one. The signs are the scalar type's: exact when the determinants are representable
// (coordinates on a modest integer grid, as in the tests), otherwise right up to rounding near the boundary.
//
// [SECTION] Orientation predicates
// [SECTION] The coplanar case
// [SECTION] Degenerate triangles
// [SECTION] Devillers-Guigue
// [SECTION] Why: the test's case, in numbers one can check
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "collide/math.h"
#include "collide/shapes3.h"

namespace collide {

namespace detail {

// [SECTION] Orientation predicates

// Twice the signed area of (a, b, c) in the plane: > 0 counter-clockwise.
template <Scalar S>
[[nodiscard]] constexpr S orient2(Vec2<S> a, Vec2<S> b, Vec2<S> c) {
  return (a.x - c.x) * (b.y - c.y) - (a.y - c.y) * (b.x - c.x);
}

// Whether the closed segments ab and cd share a point (Ericson, Real-Time Collision Detection, 5.1.9.1, with
// the collinear cases by interval overlap).
template <Scalar S>
[[nodiscard]] inline bool segmentsTouch2(Vec2<S> a, Vec2<S> b, Vec2<S> c, Vec2<S> d) {
  const S d1 = orient2(a, b, c), d2 = orient2(a, b, d), d3 = orient2(c, d, a), d4 = orient2(c, d, b);
  if (((d1 > S(0) && d2 < S(0)) || (d1 < S(0) && d2 > S(0))) && ((d3 > S(0) && d4 < S(0)) || (d3 < S(0) && d4 > S(0)))) {
    return true;
  }
  const auto onSegment = [](Vec2<S> p, Vec2<S> q, Vec2<S> x) {  // x collinear with pq: within its box
    return std::min(p.x, q.x) <= x.x && x.x <= std::max(p.x, q.x) && std::min(p.y, q.y) <= x.y &&
           x.y <= std::max(p.y, q.y);
  };
  return (d1 == S(0) && onSegment(a, b, c)) || (d2 == S(0) && onSegment(a, b, d)) ||
         (d3 == S(0) && onSegment(c, d, a)) || (d4 == S(0) && onSegment(c, d, b));
}

// Whether p is in the closed triangle abc (either winding; false for a zero-area triangle, whose edges the
// caller tests as segments).
template <Scalar S>
[[nodiscard]] inline bool inTriangle2(Vec2<S> p, Vec2<S> a, Vec2<S> b, Vec2<S> c) {
  const S area = orient2(a, b, c);
  if (area == S(0)) return false;
  const S u = orient2(a, b, p), v = orient2(b, c, p), w = orient2(c, a, p);
  return area > S(0) ? (u >= S(0) && v >= S(0) && w >= S(0)) : (u <= S(0) && v <= S(0) && w <= S(0));
}

// [SECTION] The coplanar case

// Drops the coordinate along which `normal` is largest, keeping the most area.
template <Scalar S>
[[nodiscard]] inline int dominantAxis(Vec3<S> normal) {
  const S x = std::abs(normal.x), y = std::abs(normal.y), z = std::abs(normal.z);
  return (x >= y && x >= z) ? 0 : (y >= z ? 1 : 2);
}

template <Scalar S>
[[nodiscard]] constexpr Vec2<S> dropAxis(Vec3<S> p, int axis) {
  return axis == 0 ? Vec2<S>{p.y, p.z} : (axis == 1 ? Vec2<S>{p.z, p.x} : Vec2<S>{p.x, p.y});
}

// Two triangles (or segments: repeat a corner) in the plane: an edge of one crosses an edge of the other, or a
// vertex of one is inside the other.
template <Scalar S>
[[nodiscard]] inline bool trianglesOverlap2(const std::array<Vec2<S>, 3>& a, const std::array<Vec2<S>, 3>& b) {
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      if (segmentsTouch2(a[i], a[(i + 1) % 3], b[j], b[(j + 1) % 3])) return true;
    }
  }
  return inTriangle2(a[0], b[0], b[1], b[2]) || inTriangle2(b[0], a[0], a[1], a[2]);
}

template <Scalar S>
[[nodiscard]] inline bool coplanarOverlap(const std::array<Vec3<S>, 3>& a, const std::array<Vec3<S>, 3>& b,
                                          Vec3<S> normal) {
  const int axis = dominantAxis(normal);
  return trianglesOverlap2<S>({dropAxis(a[0], axis), dropAxis(a[1], axis), dropAxis(a[2], axis)},
                              {dropAxis(b[0], axis), dropAxis(b[1], axis), dropAxis(b[2], axis)});
}

// [SECTION] Degenerate triangles

// The longest edge of a zero-area triangle: it covers the other two (all three corners are on one line).
template <Scalar S>
[[nodiscard]] inline std::array<Vec3<S>, 2> longestEdge(const std::array<Vec3<S>, 3>& t) {
  int best = 0;
  S bestLength = S(-1);
  for (int i = 0; i < 3; ++i) {
    const S lengthSq = lengthSquared(t[(i + 1) % 3] - t[i]);
    if (lengthSq > bestLength) {
      best = i;
      bestLength = lengthSq;
    }
  }
  return {t[best], t[(best + 1) % 3]};
}

// Closed segment pq against the closed triangle t with non-zero normal n.
template <Scalar S>
[[nodiscard]] inline bool segmentTriangle(Vec3<S> p, Vec3<S> q, const std::array<Vec3<S>, 3>& t, Vec3<S> n) {
  const S dp = dot(p - t[0], n), dq = dot(q - t[0], n);
  if ((dp > S(0) && dq > S(0)) || (dp < S(0) && dq < S(0))) return false;
  if (dp == S(0) && dq == S(0)) return coplanarOverlap<S>({p, q, q}, t, n);
  // The line pq pierces the plane: inside when it passes on the same side of the three edges (Ericson 5.3.4).
  const Vec3<S> d = q - p;
  const S u = dot(d, cross(t[1] - p, t[2] - p));
  const S v = dot(d, cross(t[2] - p, t[0] - p));
  const S w = dot(d, cross(t[0] - p, t[1] - p));
  return (u >= S(0) && v >= S(0) && w >= S(0)) || (u <= S(0) && v <= S(0) && w <= S(0));
}

// Two closed segments in space (either may be a point).
template <Scalar S>
[[nodiscard]] inline bool segmentsTouch3(Vec3<S> a, Vec3<S> b, Vec3<S> c, Vec3<S> d) {
  const Vec3<S> u = b - a, v = d - c;
  if (dot(c - a, cross(u, v)) != S(0)) return false;  // skew lines never meet
  Vec3<S> normal = cross(u, v);
  if (normal == Vec3<S>{}) {
    // Parallel, collinear or points: a plane through both, or they lie on one line (any plane through it).
    const Vec3<S> along = lengthSquared(u) >= lengthSquared(v) ? u : v;
    if (along == Vec3<S>{}) return a == c;
    const Vec3<S> offset = cross(along, (lengthSquared(u) >= lengthSquared(v) ? c - a : a - c));
    normal = offset == Vec3<S>{} ? perpendicular(along) : offset;  // the plane of both lines, or any through one
  }
  const int axis = dominantAxis(normal);
  return segmentsTouch2(dropAxis(a, axis), dropAxis(b, axis), dropAxis(c, axis), dropAxis(d, axis));
}

// [SECTION] Devillers-Guigue

// Both triangles in canonical form (p1 alone on its side of plane 2, p2 alone on its side of plane 1, with the
// orientations the paper fixes): the intervals on the planes' common line overlap iff these two orientations hold.
template <Scalar S>
[[nodiscard]] inline bool intervalsOverlap(Vec3<S> p1, Vec3<S> q1, Vec3<S> r1, Vec3<S> p2, Vec3<S> q2, Vec3<S> r2) {
  if (dot(q2 - q1, cross(p2 - q1, p1 - q1)) > S(0)) return false;
  return !(dot(r2 - p1, cross(p2 - p1, r1 - p1)) > S(0));
}

// Puts triangle 2 in canonical form given its signed distances to plane 1 (Devillers and Guigue, section 3).
// `coplanar` is set when all three are zero.
template <Scalar S>
[[nodiscard]] inline bool canonicalSecond(Vec3<S> p1, Vec3<S> q1, Vec3<S> r1, Vec3<S> p2, Vec3<S> q2, Vec3<S> r2,
                                          S dp2, S dq2, S dr2, bool& coplanar) {
  if (dp2 > S(0)) {
    if (dq2 > S(0)) return intervalsOverlap(p1, r1, q1, r2, p2, q2);
    if (dr2 > S(0)) return intervalsOverlap(p1, r1, q1, q2, r2, p2);
    return intervalsOverlap(p1, q1, r1, p2, q2, r2);
  }
  if (dp2 < S(0)) {
    if (dq2 < S(0)) return intervalsOverlap(p1, q1, r1, r2, p2, q2);
    if (dr2 < S(0)) return intervalsOverlap(p1, q1, r1, q2, r2, p2);
    return intervalsOverlap(p1, r1, q1, p2, q2, r2);
  }
  if (dq2 < S(0)) {
    if (dr2 >= S(0)) return intervalsOverlap(p1, r1, q1, q2, r2, p2);
    return intervalsOverlap(p1, q1, r1, p2, q2, r2);
  }
  if (dq2 > S(0)) {
    if (dr2 > S(0)) return intervalsOverlap(p1, r1, q1, p2, q2, r2);
    return intervalsOverlap(p1, q1, r1, q2, r2, p2);
  }
  if (dr2 > S(0)) return intervalsOverlap(p1, q1, r1, r2, p2, q2);
  if (dr2 < S(0)) return intervalsOverlap(p1, r1, q1, r2, p2, q2);
  coplanar = true;
  return false;
}

}  // namespace detail

// Whether the closed triangles (p1, q1, r1) and (p2, q2, r2) share a point. Non-finite input answers false.
template <Scalar S>
[[nodiscard]] inline bool trianglesOverlap(Vec3<S> p1, Vec3<S> q1, Vec3<S> r1, Vec3<S> p2, Vec3<S> q2, Vec3<S> r2) {
  using namespace detail;
  const Vec3<S> n2 = cross(p2 - r2, q2 - r2);
  const Vec3<S> n1 = cross(q1 - p1, r1 - p1);
  const bool flat1 = n1 == Vec3<S>{}, flat2 = n2 == Vec3<S>{};
  if (flat1 || flat2) {
    if (!isFinite(p1) || !isFinite(q1) || !isFinite(r1) || !isFinite(p2) || !isFinite(q2) || !isFinite(r2)) return false;
    if (flat1 && flat2) {
      const auto e1 = longestEdge<S>({p1, q1, r1});
      const auto e2 = longestEdge<S>({p2, q2, r2});
      return segmentsTouch3(e1[0], e1[1], e2[0], e2[1]);
    }
    if (flat1) {
      const auto e1 = longestEdge<S>({p1, q1, r1});
      return segmentTriangle(e1[0], e1[1], {p2, q2, r2}, n2);
    }
    const auto e2 = longestEdge<S>({p2, q2, r2});
    return segmentTriangle(e2[0], e2[1], {p1, q1, r1}, n1);
  }

  // Triangle 1 against plane 2: all on one side (strictly) separates them.
  const S dp1 = dot(p1 - r2, n2), dq1 = dot(q1 - r2, n2), dr1 = dot(r1 - r2, n2);
  if ((dp1 > S(0) && dq1 > S(0) && dr1 > S(0)) || (dp1 < S(0) && dq1 < S(0) && dr1 < S(0))) return false;
  const S dp2 = dot(p2 - r1, n1), dq2 = dot(q2 - r1, n1), dr2 = dot(r2 - r1, n1);
  if ((dp2 > S(0) && dq2 > S(0) && dr2 > S(0)) || (dp2 < S(0) && dq2 < S(0) && dr2 < S(0))) return false;
  if (!(std::isfinite(dp1) && std::isfinite(dq1) && std::isfinite(dr1) && std::isfinite(dp2) && std::isfinite(dq2) &&
        std::isfinite(dr2))) {
    return false;
  }

  // Triangle 1 in canonical form (p1 alone on its side), triangle 2 flipped to match (Devillers and Guigue, 3).
  bool coplanar = false;
  bool overlap = false;
  if (dp1 > S(0)) {
    if (dq1 > S(0)) overlap = canonicalSecond(r1, p1, q1, p2, r2, q2, dp2, dr2, dq2, coplanar);
    else if (dr1 > S(0)) overlap = canonicalSecond(q1, r1, p1, p2, r2, q2, dp2, dr2, dq2, coplanar);
    else overlap = canonicalSecond(p1, q1, r1, p2, q2, r2, dp2, dq2, dr2, coplanar);
  } else if (dp1 < S(0)) {
    if (dq1 < S(0)) overlap = canonicalSecond(r1, p1, q1, p2, q2, r2, dp2, dq2, dr2, coplanar);
    else if (dr1 < S(0)) overlap = canonicalSecond(q1, r1, p1, p2, q2, r2, dp2, dq2, dr2, coplanar);
    else overlap = canonicalSecond(p1, q1, r1, p2, r2, q2, dp2, dr2, dq2, coplanar);
  } else if (dq1 < S(0)) {
    if (dr1 >= S(0)) overlap = canonicalSecond(q1, r1, p1, p2, r2, q2, dp2, dr2, dq2, coplanar);
    else overlap = canonicalSecond(p1, q1, r1, p2, q2, r2, dp2, dq2, dr2, coplanar);
  } else if (dq1 > S(0)) {
    if (dr1 > S(0)) overlap = canonicalSecond(p1, q1, r1, p2, r2, q2, dp2, dr2, dq2, coplanar);
    else overlap = canonicalSecond(q1, r1, p1, p2, q2, r2, dp2, dq2, dr2, coplanar);
  } else if (dr1 > S(0)) {
    overlap = canonicalSecond(r1, p1, q1, p2, q2, r2, dp2, dq2, dr2, coplanar);
  } else if (dr1 < S(0)) {
    overlap = canonicalSecond(r1, p1, q1, p2, r2, q2, dp2, dr2, dq2, coplanar);
  } else {
    coplanar = true;
  }
  return coplanar ? coplanarOverlap<S>({p1, q1, r1}, {p2, q2, r2}, n1) : overlap;
}

template <Scalar S>
[[nodiscard]] inline bool trianglesOverlap(const Triangle3<S>& a, const Triangle3<S>& b) {
  return trianglesOverlap(a.a, a.b, a.c, b.a, b.b, b.c);
}

// [SECTION] Why: the test's case, in numbers one can check

// Which of the test's cases decided a pair (the mid-phase lab's words for a triangle test).
enum class TriangleCase {
  ApartByPlaneOfB,  // the first triangle's three corners strictly on one side of the second's plane
  ApartByPlaneOfA,  // the second's corners strictly on one side of the first's plane
  ApartOnLine,      // each crosses the other's plane, but their stretches on the planes' common line do not meet
  Crossing,         // they cross: an edge of one passes through the other
  Coplanar,         // in one plane: tested there as edge crossings and containment
  Degenerate,       // a zero-area triangle, tested as a segment
  Invalid,          // non-finite input
};

template <Scalar S>
struct TriangleWhy {
  bool overlap = false;  // trianglesOverlap's verdict, always
  TriangleCase kind = TriangleCase::Invalid;
  // ApartByPlaneOf*: the separated triangle's corners' signed distances to the other's plane (its unit normal).
  std::array<S, 3> distances{};
  // ApartOnLine, Crossing: the planes' common line (a unit direction) and each triangle's stretch on it, as the
  // coordinate along that direction: where its edges cross the other's plane.
  Vec3<S> line{};
  std::array<S, 2> stretchA{}, stretchB{};
  // Crossing: the edge that passes through the other triangle (of the first triangle or the second; corners edge
  // and edge + 1 mod 3) and where, by the test's own segment-triangle predicate. edge = -1: none found (a touch the
  // orientation test counts that no single edge shows, at rounding's scale): the stretches say it.
  bool edgeOfFirst = true;
  int edge = -1;
  Vec3<S> point{};
};

namespace detail {
// Where the edges of triangle t cross the plane its corners' signed distances d are measured from, as coordinates
// along `line`: the stretch of t on the planes' common line. Corners on the plane count.
template <Scalar S>
[[nodiscard]] inline std::array<S, 2> stretchOnLine(const std::array<Vec3<S>, 3>& t, const std::array<S, 3>& d, Vec3<S> line) {
  S low = std::numeric_limits<S>::infinity(), high = -std::numeric_limits<S>::infinity();
  const auto take = [&](Vec3<S> p) {
    const S u = dot(p, line);
    low = std::min(low, u);
    high = std::max(high, u);
  };
  for (int i = 0; i < 3; ++i) {
    const int j = (i + 1) % 3;
    if (d[i] == S(0)) take(t[i]);
    if ((d[i] < S(0) && d[j] > S(0)) || (d[i] > S(0) && d[j] < S(0))) take(t[i] + (d[i] / (d[i] - d[j])) * (t[j] - t[i]));
  }
  return {low, high};
}
}  // namespace detail

// Why trianglesOverlap answers as it does for (p1, q1, r1) against (p2, q2, r2): its verdict, the case that decided
// it, and the numbers of that case (the planes' signed distances as the test computes them, scaled to unit normals;
// for crossing triangles their stretches on the planes' common line and an edge of one through the other). The
// verdict is the test's; the numbers are for words and may round differently at a touch.
template <Scalar S>
[[nodiscard]] inline TriangleWhy<S> explainTrianglesOverlap(Vec3<S> p1, Vec3<S> q1, Vec3<S> r1, Vec3<S> p2, Vec3<S> q2, Vec3<S> r2) {
  using namespace detail;
  TriangleWhy<S> why;
  why.overlap = trianglesOverlap(p1, q1, r1, p2, q2, r2);
  if (!isFinite(p1) || !isFinite(q1) || !isFinite(r1) || !isFinite(p2) || !isFinite(q2) || !isFinite(r2)) return why;
  const std::array<Vec3<S>, 3> a{p1, q1, r1}, b{p2, q2, r2};
  const Vec3<S> n2 = cross(p2 - r2, q2 - r2);  // as trianglesOverlap computes them
  const Vec3<S> n1 = cross(q1 - p1, r1 - p1);
  if (n1 == Vec3<S>{} || n2 == Vec3<S>{}) {
    why.kind = TriangleCase::Degenerate;
    return why;
  }
  const std::array<S, 3> d1{dot(p1 - r2, n2), dot(q1 - r2, n2), dot(r1 - r2, n2)};
  const std::array<S, 3> d2{dot(p2 - r1, n1), dot(q2 - r1, n1), dot(r2 - r1, n1)};
  const auto oneSide = [](const std::array<S, 3>& d) {
    return (d[0] > S(0) && d[1] > S(0) && d[2] > S(0)) || (d[0] < S(0) && d[1] < S(0) && d[2] < S(0));
  };
  const auto unit = [](const std::array<S, 3>& d, Vec3<S> n) {
    const S scale = S(1) / length(n);
    return std::array<S, 3>{d[0] * scale, d[1] * scale, d[2] * scale};
  };
  if (oneSide(d1)) {
    why.kind = TriangleCase::ApartByPlaneOfB;
    why.distances = unit(d1, n2);
    return why;
  }
  if (oneSide(d2)) {
    why.kind = TriangleCase::ApartByPlaneOfA;
    why.distances = unit(d2, n1);
    return why;
  }
  if (d1[0] == S(0) && d1[1] == S(0) && d1[2] == S(0)) {
    why.kind = TriangleCase::Coplanar;
    return why;
  }
  why.line = normalize(cross(n1, n2));
  why.stretchA = stretchOnLine(a, d1, why.line);
  why.stretchB = stretchOnLine(b, d2, why.line);
  if (!why.overlap) {
    why.kind = TriangleCase::ApartOnLine;
    return why;
  }
  why.kind = TriangleCase::Crossing;
  // An edge of one through the other, by the test's own segment predicate; where it pierces the plane.
  for (const bool first : {true, false}) {
    const std::array<Vec3<S>, 3>& t = first ? a : b;
    const std::array<S, 3>& d = first ? d1 : d2;
    for (int e = 0; e < 3; ++e) {
      const int f = (e + 1) % 3;
      if (!segmentTriangle(t[e], t[f], first ? b : a, first ? n2 : n1)) continue;
      why.edgeOfFirst = first;
      why.edge = e;
      why.point = d[e] == d[f] ? t[e] : t[e] + (d[e] / (d[e] - d[f])) * (t[f] - t[e]);
      return why;
    }
  }
  return why;
}

}  // namespace collide
