// tests/support/reference3.h: exact 3D references for the tests, written independently of the library's
// algorithms (no GJK, no hull builder): a shape is a core (a point, a segment or a polytope given by its points)
// plus a radius, and the distance between two cores is the minimum over their feature pairs.
//
//   Faces of a point cloud by brute force: every triple whose plane has all points on one side (O(n^4), fine for
//   the 8 to 32 points of the tests).
//   Separated cores: min over vertex-vertex, vertex-edge, edge-edge (Ericson, Real-Time Collision Detection,
//   5.1.9) and vertex-triangle (Ericson 5.1.5) pairs. This is exact for separated convex polytopes (the closest
//   pair of points always lies on such a pair of features).
//   Overlapping cores: a vertex of one inside the other's face planes, or an edge of one crossing a triangle of the
//   other (these two cover every way two convex polytopes can meet), or a feature distance of zero.
//
// [SECTION] Closest points (Ericson 5.1.2, 5.1.5, 5.1.9)
// [SECTION] Cores and their features
// [SECTION] Distance between cores
// [SECTION] Support widths: bounds for curved shapes
// [SECTION] Hulls with faces, for the tests that read faces
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <set>
#include <utility>
#include <variant>
#include <vector>

#include "collide/math.h"
#include "collide/shapes3.h"

namespace collide::test {

using Vec3d = Vec3<double>;

// [SECTION] Closest points (Ericson 5.1.2, 5.1.5, 5.1.9)

inline Vec3d referencePointSegment(Vec3d p, Vec3d a, Vec3d b) {
  const Vec3d ab = b - a;
  const double lengthSq = dot(ab, ab);
  if (lengthSq == 0.0) return a;
  const double t = std::clamp(dot(p - a, ab) / lengthSq, 0.0, 1.0);
  return a + t * ab;
}

// Ericson 5.1.5, ClosestPtPointTriangle, as printed.
inline Vec3d referencePointTriangle(Vec3d p, Vec3d a, Vec3d b, Vec3d c) {
  const Vec3d ab = b - a, ac = c - a, ap = p - a;
  const double d1 = dot(ab, ap), d2 = dot(ac, ap);
  if (d1 <= 0 && d2 <= 0) return a;
  const Vec3d bp = p - b;
  const double d3 = dot(ab, bp), d4 = dot(ac, bp);
  if (d3 >= 0 && d4 <= d3) return b;
  const double vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) return a + (d1 / (d1 - d3)) * ab;
  const Vec3d cp = p - c;
  const double d5 = dot(ab, cp), d6 = dot(ac, cp);
  if (d6 >= 0 && d5 <= d6) return c;
  const double vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) return a + (d2 / (d2 - d6)) * ac;
  const double va = d3 * d6 - d5 * d4;
  if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0) return b + ((d4 - d3) / ((d4 - d3) + (d5 - d6))) * (c - b);
  const double denom = 1.0 / (va + vb + vc);
  return a + (vb * denom) * ab + (vc * denom) * ac;
}

// Ericson 5.1.9, ClosestPtSegmentSegment: the squared distance between segments p1q1 and p2q2.
inline double referenceSegmentSegmentSq(Vec3d p1, Vec3d q1, Vec3d p2, Vec3d q2) {
  const Vec3d d1 = q1 - p1, d2 = q2 - p2, r = p1 - p2;
  const double a = dot(d1, d1), e = dot(d2, d2), f = dot(d2, r);
  double s = 0, t = 0;
  if (a == 0 && e == 0) return dot(r, r);
  if (a == 0) {
    t = std::clamp(f / e, 0.0, 1.0);
  } else {
    const double c = dot(d1, r);
    if (e == 0) {
      s = std::clamp(-c / a, 0.0, 1.0);
    } else {
      const double b = dot(d1, d2);
      const double denom = a * e - b * b;
      s = denom != 0 ? std::clamp((b * f - c * e) / denom, 0.0, 1.0) : 0.0;
      t = (b * s + f) / e;
      if (t < 0) {
        t = 0;
        s = std::clamp(-c / a, 0.0, 1.0);
      } else if (t > 1) {
        t = 1;
        s = std::clamp((b - c) / a, 0.0, 1.0);
      }
    }
  }
  return lengthSquared((p1 + s * d1) - (p2 + t * d2));
}

// [SECTION] Cores and their features

// A shape as its core in one frame: points, the edges and outward triangles of their convex hull (empty for a point
// or a segment, whose one edge is listed), and the radius around it.
struct Core {
  std::vector<Vec3d> points;
  std::vector<std::array<int, 2>> edges;
  std::vector<std::array<int, 3>> triangles;  // outward: (b - a) x (c - a) points out of the solid
  double radius = 0;
  bool solid = false;  // a polytope with volume: its triangles bound it
};

// Every triple of points whose plane has all the points on one side (within a rounding tolerance relative to the
// cloud's size), oriented outward; the edges of those triangles, each once.
inline void bruteForceHull(Core& core) {
  const std::vector<Vec3d>& p = core.points;
  const int n = static_cast<int>(p.size());
  double scale = 0;
  for (const Vec3d& q : p) scale = std::max({scale, std::abs(q.x), std::abs(q.y), std::abs(q.z)});
  const double tolerance = 1e-12 * std::max(scale, 1e-300);
  std::set<std::pair<int, int>> edges;
  for (int i = 0; i < n; ++i) {
    for (int j = i + 1; j < n; ++j) {
      for (int k = j + 1; k < n; ++k) {
        const Vec3d normal = cross(p[j] - p[i], p[k] - p[i]);
        const double normalLength = length(normal);
        if (!(normalLength > 1e-12 * scale * scale)) continue;  // collinear
        const Vec3d unit = normal / normalLength;
        bool above = false, below = false;
        for (int m = 0; m < n && !(above && below); ++m) {
          const double side = dot(unit, p[m] - p[i]);
          above = above || side > tolerance;
          below = below || side < -tolerance;
        }
        if (above && below) continue;
        if (!above && !below) continue;  // all coplanar: no solid
        core.triangles.push_back(above ? std::array<int, 3>{i, k, j} : std::array<int, 3>{i, j, k});
        edges.insert({i, j});
        edges.insert({j, k});
        edges.insert({i, k});
      }
    }
  }
  for (const auto& [a, b] : edges) core.edges.push_back({a, b});
  core.solid = !core.triangles.empty();
}

inline Core polytopeCore(std::vector<Vec3d> points) {
  Core core;
  core.points = std::move(points);
  bruteForceHull(core);
  return core;
}

// A shape's core in the world, placed by pose. Boxes and hulls have their faces found once in the local frame
// (facesOf caches them by the caller), then their points are moved.
template <class Shape>
Core coreOf(const Shape& shape, const Transform3<double>& pose) {
  Core core;
  if constexpr (std::is_same_v<Shape, Sphere<double>>) {
    core.points = {pose.apply(shape.center)};
    core.radius = shape.radius;
  } else if constexpr (std::is_same_v<Shape, Capsule3<double>>) {
    core.points = {pose.apply(shape.a), pose.apply(shape.b)};
    core.edges = {{0, 1}};
    core.radius = shape.radius;
  } else if constexpr (std::is_same_v<Shape, Point3<double>>) {
    core.points = {pose.apply(shape.position)};
  } else if constexpr (std::is_same_v<Shape, Segment3<double>>) {
    core.points = {pose.apply(shape.a), pose.apply(shape.b)};
    core.edges = {{0, 1}};
  } else if constexpr (std::is_same_v<Shape, Triangle3<double>>) {
    core.points = {pose.apply(shape.a), pose.apply(shape.b), pose.apply(shape.c)};
    core.edges = {{0, 1}, {1, 2}, {0, 2}};
    core.triangles = {{0, 1, 2}};  // flat: not solid, but its interior is a feature
  } else {
    std::vector<Vec3d> local;
    if constexpr (std::is_same_v<Shape, Box3<double>>) {
      for (const Vec3d& corner : shape.corners()) local.push_back(corner);
    } else if constexpr (std::is_same_v<Shape, Aabb3<double>>) {
      // Placed by the pose like the others (the caller decides whether an Aabb3 is placed).
      for (const Vec3d& corner : Box3<double>{shape.halfExtents()}.corners()) local.push_back(shape.centroid() + corner);
    } else {
      local = shape.vertices;
    }
    core = polytopeCore(local);  // faces in the local frame: a box's corners are exactly coplanar there
    for (Vec3d& q : core.points) q = pose.apply(q);
  }
  return core;
}

// [SECTION] Distance between cores

struct ReferenceDistance {
  double distance = 0;  // between the shapes (radii subtracted), 0 when they overlap
  bool overlap = false;
};

namespace detail {
inline bool insideSolid(const Core& solid, Vec3d q) {
  if (!solid.solid) return false;
  for (const auto& t : solid.triangles) {
    const Vec3d a = solid.points[t[0]];
    const Vec3d normal = cross(solid.points[t[1]] - a, solid.points[t[2]] - a);
    if (dot(normal, q - a) > 0) return false;
  }
  return true;
}

inline bool segmentCrossesTriangle(Vec3d p, Vec3d q, Vec3d a, Vec3d b, Vec3d c) {
  const Vec3d normal = cross(b - a, c - a);
  const double dp = dot(normal, p - a), dq = dot(normal, q - a);
  if ((dp > 0 && dq > 0) || (dp < 0 && dq < 0) || dp == dq) return false;
  const Vec3d x = p + (dp / (dp - dq)) * (q - p);
  const double u = dot(cross(b - a, x - a), normal);
  const double v = dot(cross(c - b, x - b), normal);
  const double w = dot(cross(a - c, x - c), normal);
  return u >= 0 && v >= 0 && w >= 0;
}

inline double featureDistanceSq(const Core& a, const Core& b) {
  double best = std::numeric_limits<double>::infinity();
  for (const Vec3d& p : a.points)
    for (const Vec3d& q : b.points) best = std::min(best, lengthSquared(p - q));
  const auto vertexEdge = [&best](const Core& points, const Core& edges) {
    for (const Vec3d& p : points.points)
      for (const auto& e : edges.edges)
        best = std::min(best, lengthSquared(p - referencePointSegment(p, edges.points[e[0]], edges.points[e[1]])));
  };
  vertexEdge(a, b);
  vertexEdge(b, a);
  for (const auto& e : a.edges)
    for (const auto& f : b.edges)
      best = std::min(best, referenceSegmentSegmentSq(a.points[e[0]], a.points[e[1]], b.points[f[0]], b.points[f[1]]));
  const auto vertexTriangle = [&best](const Core& points, const Core& triangles) {
    for (const Vec3d& p : points.points)
      for (const auto& t : triangles.triangles)
        best = std::min(best, lengthSquared(p - referencePointTriangle(p, triangles.points[t[0]],
                                                                       triangles.points[t[1]], triangles.points[t[2]])));
  };
  vertexTriangle(a, b);
  vertexTriangle(b, a);
  return best;
}

inline bool coresMeet(const Core& a, const Core& b) {
  for (const Vec3d& p : a.points)
    if (insideSolid(b, p)) return true;
  for (const Vec3d& p : b.points)
    if (insideSolid(a, p)) return true;
  const auto crossing = [](const Core& edges, const Core& triangles) {
    for (const auto& e : edges.edges)
      for (const auto& t : triangles.triangles)
        if (segmentCrossesTriangle(edges.points[e[0]], edges.points[e[1]], triangles.points[t[0]],
                                   triangles.points[t[1]], triangles.points[t[2]]))
          return true;
    return false;
  };
  return crossing(a, b) || crossing(b, a);
}
}  // namespace detail

inline ReferenceDistance referenceDistance(const Core& a, const Core& b) {
  ReferenceDistance result;
  if (detail::coresMeet(a, b)) {
    result.overlap = true;
    return result;
  }
  const double gap = std::sqrt(detail::featureDistanceSq(a, b)) - a.radius - b.radius;
  result.overlap = gap <= 0;
  result.distance = std::max(gap, 0.0);
  return result;
}

// A sphere against a solid cylinder along local y: the clamped radial and axial excess (a closed form).
inline double referenceSphereCylinder(const Sphere<double>& sphere, const Transform3<double>& poseSphere,
                                      const Cylinder<double>& cylinder, const Transform3<double>& poseCylinder) {
  const Vec3d c = poseCylinder.applyInverse(poseSphere.apply(sphere.center));
  const double radial = std::max(std::hypot(c.x, c.z) - cylinder.radius, 0.0);
  const double axial = std::max(std::abs(c.y) - cylinder.halfHeight, 0.0);
  return std::max(std::hypot(radial, axial) - sphere.radius, 0.0);
}

// [SECTION] Support widths: bounds for curved shapes
//
// A cylinder against anything but a sphere has no closed form here. What stands in is the support function
// h(n) = max over the shape of dot(n, x), written out per shape below (not the library's support), and the duality
// of convex distance (van den Bergen 2003, 2.2; the separating axis theorem):
//   separated:   for every unit n,  -h_B(-n) - h_A(n) <= distance, with equality along the closest points' normal;
//   overlapping: for every unit n,   h_A(n) + h_B(-n) >= depth,    with equality along the minimum translation.
// So a normal from an algorithm certifies its distance (the slab gap along it may not fall short), and many
// sampled directions bound it from the other side (none may beat it).

inline double supportHeight(const Cylinder<double>& cylinder, Vec3d n) {
  return cylinder.halfHeight * std::abs(n.y) + cylinder.radius * std::hypot(n.x, n.z);
}
inline double supportHeight(const Box3<double>& box, Vec3d n) {
  return box.halfExtents.x * std::abs(n.x) + box.halfExtents.y * std::abs(n.y) + box.halfExtents.z * std::abs(n.z);
}
inline double supportHeight(const Sphere<double>& sphere, Vec3d n) { return dot(n, sphere.center) + sphere.radius * length(n); }
inline double supportHeight(const Capsule3<double>& capsule, Vec3d n) {
  return std::max(dot(n, capsule.a), dot(n, capsule.b)) + capsule.radius * length(n);
}
// Other shapes (hulls, triangles, segments, points): a polytope's support is a vertex, exact in any form.
template <class Shape>
double supportHeight(const Shape& shape, Vec3d n) {
  return dot(n, shape.support(n));
}

// h of a placed shape along a world direction.
template <class Shape>
double placedSupportHeight(const Shape& shape, const Transform3<double>& pose, Vec3d n) {
  return supportHeight(shape, pose.q.applyInverse(n)) + dot(n, pose.p);
}

// The gap between the slabs of A and B along unit n (from A toward B): a lower bound on their distance.
template <class A, class B>
double slabGap(const A& a, const Transform3<double>& poseA, const B& b, const Transform3<double>& poseB, Vec3d n) {
  return -placedSupportHeight(b, poseB, -n) - placedSupportHeight(a, poseA, n);
}

// Directions spread evenly on the unit sphere (the Fibonacci lattice).
inline std::vector<Vec3d> sphereDirections(int count) {
  std::vector<Vec3d> directions;
  const double golden = 3.0 - std::sqrt(5.0);
  for (int i = 0; i < count; ++i) {
    const double y = 1.0 - (2.0 * i + 1.0) / count;
    const double r = std::sqrt(std::max(0.0, 1.0 - y * y));
    const double angle = 3.14159265358979323846 * golden * i;
    directions.push_back({r * std::cos(angle), y, r * std::sin(angle)});
  }
  return directions;
}

// The largest slab gap over the directions (a lower bound on the distance, <= 0 when none separates) and the
// smallest overlap width h_A(n) + h_B(-n) (an upper bound on the penetration depth).
struct SampledBounds {
  double largestGap = -std::numeric_limits<double>::infinity();
  double smallestOverlap = std::numeric_limits<double>::infinity();
};
template <class A, class B>
SampledBounds sampledBounds(const A& a, const Transform3<double>& poseA, const B& b, const Transform3<double>& poseB,
                            const std::vector<Vec3d>& directions) {
  SampledBounds bounds;
  for (const Vec3d& n : directions) {
    const double gap = slabGap(a, poseA, b, poseB, n);
    bounds.largestGap = std::max(bounds.largestGap, gap);
    bounds.smallestOverlap = std::min(bounds.smallestOverlap, -gap);
  }
  return bounds;
}

// [SECTION] Hulls with faces, for the tests that read faces

// A Hull whose faces are the brute-force triangles (coplanar faces come as several triangles: the planes are the
// same, which is all a point-in-hull test reads). Edges are left empty.
inline Hull<double> hullWithFaces(const std::vector<Vec3d>& points) {
  const Core core = polytopeCore(points);
  Hull<double> hull;
  hull.vertices = points;
  Vec3d sum{};
  for (const Vec3d& p : points) sum += p;
  hull.center = sum / static_cast<double>(points.size());
  for (const auto& t : core.triangles) {
    const Vec3d normal = normalize(cross(points[t[1]] - points[t[0]], points[t[2]] - points[t[0]]));
    hull.faces.push_back({normal, dot(normal, points[t[0]]), static_cast<int>(hull.faceVertices.size()), 3});
    hull.faceVertices.insert(hull.faceVertices.end(), t.begin(), t.end());
  }
  return hull;
}

}  // namespace collide::test
