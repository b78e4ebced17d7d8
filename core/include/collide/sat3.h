// collide/sat3.h: the separating axis test in space, with the minimum translation: boxes by their 15 axes, "SAT
// lite" with the 6 face axes, and any two convex polytopes by face normals and Gauss-map-pruned edge pairs.
//
// Works on Point3, Segment3, Triangle3, Aabb3, Box3 and Hull, in any pair. Two boxes take the 15-axis path
// (satBoxes); every other pair goes through one polytope path (satPolytopes) on a small view of each shape: its
// vertices, its face normals and its edges with their two faces. Everything is computed in A's local frame (large
// world coordinates cancel first, as in sat.h); results and trace steps are reported in the world frame.
//
// Conventions (the same as sat.h in the plane):
//   overlap on an axis = min(maxA - minB, maxB - minA): > 0 overlap, == 0 touching, < 0 a gap of -overlap.
//   touching is a hit (overlap >= 0 on every axis).
//   normal points from A toward B: moving B by translation = depth * normal separates them; when not hit it is the
//   separating axis found, oriented A toward B. The first separating axis ends the test, so `separation` is that
//   axis' gap, not necessarily the largest one.
//   A shape or transform that isValid (shapes3.h) refuses: hit = false, status = Status::InvalidInput, no axis
//   tested. Hulls are expected from makeHull (hull3.h): SAT trusts their unit normals and their edges' faces.
//
// Why the candidates suffice: the boundary of A - B is made of faces of A, faces of B and, for an edge of A and
// an edge of B whose arcs cross on the Gauss map, the parallelogram of the two (Gregorius, "The Separating Axis
// Test between Convex Polyhedra", GDC 2013). The shapes overlap exactly when the origin is inside A - B, and the
// minimum translation is the distance from the origin to its nearest face, so testing those face normals (both
// ways) gives both answers; other edge pairs are skipped as "pruned". A flat or thin shape (point, segment,
// triangle) is viewed as the limit of a thin prism or box, whose Gauss map is a polyhedron's, so the same argument
// holds for it (a segment as a box with two zero half extents, a triangle as a prism of zero height).
//
// [SECTION] Axis sources, step events, results
// [SECTION] Box vs box: 15 axes (satBoxes) and SAT lite (satBoxesLite)
// [SECTION] Polytope views
// [SECTION] Polytope vs polytope (satPolytopes)
// [SECTION] Any pair (sat, satColliders)
#pragma once

#include <array>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <limits>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

#include "collide/math.h"
#include "collide/sat.h"
#include "collide/shapes3.h"
#include "collide/trace.h"

namespace collide {

// [SECTION] Axis sources, step events, results

enum class AxisSource3 : std::uint8_t {
  FaceOfA,   // the normal of face indexA of A (a box: 0, 1, 2 for its x, y, z axis)
  FaceOfB,   // the normal of face indexB of B
  EdgePair,  // edge indexA of A cross edge indexB of B (a box: edge i runs along its axis i)
};

[[nodiscard]] constexpr std::string_view axisSourceName(AxisSource3 source) {
  switch (source) {
    case AxisSource3::FaceOfA: return "face of A";
    case AxisSource3::FaceOfB: return "face of B";
    case AxisSource3::EdgePair: return "edge of A x edge of B";
  }
  return "unknown";
}

// One candidate axis: everything the picture (the two shadows on the axis) and the narration need. World frame.
template <Scalar S>
struct SatAxisStep3 {
  int axisIndex = 0;        // 0, 1, ... over every candidate in test order, pruned ones included
  Vec3<S> axis{};           // unit, world; zero for a pruned pair of parallel edges (they have no cross product)
  AxisSource3 source{};
  int indexA = -1;          // the face or edge of A, -1 for none
  int indexB = -1;          // the face or edge of B, -1 for none
  S minA{}, maxA{}, minB{}, maxB{};  // projection intervals on the axis (world coordinates along it); 0 when pruned
  S overlap{};              // > 0 overlap length, == 0 touching, < 0 minus the gap; 0 when pruned
  bool separating = false;  // overlap < 0: this axis separates, the test stops here
  bool pruned = false;      // not projected: parallel edges, or an edge pair that is not a face of A - B
  int bestAxisIndex = -1;   // the minimum-overlap axis so far, this one included (itself when separating)
  S bestOverlap{};
};

template <Scalar S>
struct SatResult3 {
  bool hit = false;        // overlap or touching
  S depth{};               // hit: the minimum overlap (the MTV length)
  Vec3<S> normal{};        // unit, world, A toward B: the minimum-overlap axis, or the separating axis
  Vec3<S> translation{};   // hit: the MTV, depth * normal; move B by it to separate
  S separation{};          // not hit: the gap (> 0) along the separating axis found
  int axesTested = 0;      // candidates projected
  int axesPruned = 0;      // candidates skipped (parallel edges; edge pairs the Gauss map rules out)
  int bestAxisIndex = -1;  // hit: the minimum-overlap axis; not hit: the separating axis
  AxisSource3 bestSource{};
  int bestIndexA = -1;
  int bestIndexB = -1;
  // satBoxesLite only: the 6 face axes said "hit" but an edge axis separates (the full test says no), and that axis.
  bool fooled = false;
  Vec3<S> fooledAxis{};
  int fooledEdgeA = -1;
  int fooledEdgeB = -1;
  Status status = Status::Converged;  // InvalidInput for NaN / infinite / malformed shapes
};

namespace detail {

// The minimum-overlap bookkeeping shared by both paths.
template <Scalar S>
struct SatBest3 {
  S overlap = std::numeric_limits<S>::infinity();
  Vec3<S> normal{S(1), S(0), S(0)};  // A's frame, oriented A toward B
};

// Records an axis in `result` when it separates or improves the minimum; returns whether it separates.
template <Scalar S>
bool keepAxis(SatResult3<S>& result, SatBest3<S>& best, int index, Vec3<S> towardB, S overlap, AxisSource3 source,
              int indexA, int indexB) {
  ++result.axesTested;
  const bool separating = overlap < S(0);
  if (separating || overlap < best.overlap) {
    best.overlap = overlap;
    best.normal = towardB;
    result.bestAxisIndex = index;
    result.bestSource = source;
    result.bestIndexA = indexA;
    result.bestIndexB = indexB;
  }
  return separating;
}

// `worldNormal` is best.normal rotated from A's frame to the world.
template <Scalar S>
void finishResult(SatResult3<S>& result, const SatBest3<S>& best, Vec3<S> worldNormal, bool separated) {
  result.normal = worldNormal;
  if (separated) {
    result.separation = -best.overlap;
  } else {
    result.hit = true;
    result.depth = best.overlap;
    result.translation = result.depth * result.normal;
  }
}

// Two edges are parallel when the sine between them is at most sqrt(epsilon) (1.5e-8 in double, 3.5e-4 in
// float): their cross product has no reliable direction, and a face axis of one of the shapes separates
// whenever their plane would (Ericson, Real-Time Collision Detection, 4.4.1).
template <Scalar S>
[[nodiscard]] inline bool nearlyParallel(S crossLengthSquared, S lengthsSquaredProduct) {
  return !(crossLengthSquared > kEpsilon<S> * lengthsSquaredProduct);
}

}  // namespace detail

// [SECTION] Box vs box: 15 axes (satBoxes) and SAT lite (satBoxesLite)

namespace detail {

// Ericson, Real-Time Collision Detection, 4.4.1: in A's frame, R[i][j] = A's axis i . B's axis j and t = B's
// centre; the 3 face axes of A, the 3 of B, then the 9 edge cross products A_i x B_j. Each shadow is a centre
// plus a projection radius. Ericson adds an epsilon to |R| so that nearly parallel edges, whose cross product is
// near zero, cannot produce a false separation; here it is relative (16 epsilons, the rotation's rounding), and
// pairs whose sine is below sqrt(epsilon) are pruned outright, since dividing by the cross product's length to
// get a depth would only amplify rounding. `axisCount` is 15 for the full test, 6 for SAT lite.
// allValid(a, b, xfA, xfB) for two boxes as one branch-free expression (the same answer: a NaN or infinite
// quaternion fails the unit test too), so that a valid pair, the usual one, pays no call and no ShapeCheck per
// field; the 15 axes cost little more than the checks did out of line.
template <Scalar S>
[[nodiscard]] inline bool boxesValid(const Box3<S>& a, const Box3<S>& b, const Transform3<S>& xfA,
                                     const Transform3<S>& xfB) {
  const auto size = [](S value) { return value >= S(0) && value <= kMaxCoordinate<S>; };
  const auto coordinate = [](S value) { return std::abs(value) <= kMaxCoordinate<S>; };
  const auto unit = [](const Quat<S>& q) {
    return std::abs(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w - S(1)) <= S(1e-3);
  };
  return size(a.halfExtents.x) & size(a.halfExtents.y) & size(a.halfExtents.z) & size(b.halfExtents.x) &
         size(b.halfExtents.y) & size(b.halfExtents.z) & coordinate(xfA.p.x) & coordinate(xfA.p.y) &
         coordinate(xfA.p.z) & coordinate(xfB.p.x) & coordinate(xfB.p.y) & coordinate(xfB.p.z) & unit(xfA.q) &
         unit(xfB.q);
}

template <Scalar S, class Trace>
SatResult3<S> boxAxes(const Box3<S>& a, const Transform3<S>& xfA, const Box3<S>& b, const Transform3<S>& xfB,
                      int axisCount, Trace& trace) {
  SatResult3<S> result;
  if (!boxesValid(a, b, xfA, xfB)) {
    result.status = Status::InvalidInput;
    return result;
  }
  // Both rotation matrices once (their columns are the boxes' axes in the world), then R = A^T B, B's centre in A's
  // frame and the world normal from A's columns: dot products only (Ericson 4.4.1; Gottschalk, OBBTree). Through
  // the quaternions (invMul, then rotating the normal back) two out-of-line rotations were a third of a float call.
  const std::array<Vec3<S>, 3> axesAWorld = {xfA.q.xAxis(), xfA.q.yAxis(), xfA.q.zAxis()};
  const std::array<Vec3<S>, 3> axesBWorld = {xfB.q.xAxis(), xfB.q.yAxis(), xfB.q.zAxis()};
  S r[3][3];
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) r[i][j] = dot(axesAWorld[i], axesBWorld[j]);
  }
  const std::array<Vec3<S>, 3> axesB = {Vec3<S>{r[0][0], r[1][0], r[2][0]}, Vec3<S>{r[0][1], r[1][1], r[2][1]},
                                        Vec3<S>{r[0][2], r[1][2], r[2][2]}};
  const auto toWorld = [&axesAWorld](Vec3<S> v) {
    return v.x * axesAWorld[0] + v.y * axesAWorld[1] + v.z * axesAWorld[2];
  };
  // The slack goes on the edge axes only: a face axis' radius has no cross product to lose, and 16 epsilons of
  // every half extent added to it moved a float depth by 40 epsilons of the size on average (50 times its
  // rounding; docs/PERFORMANCE.md, session 25).
  const S slack = S(16) * kEpsilon<S>;
  S absR[3][3], absRSlack[3][3];
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      absR[i][j] = std::abs(r[i][j]);
      absRSlack[i][j] = absR[i][j] + slack;
    }
  }
  const S ha[3] = {a.halfExtents.x, a.halfExtents.y, a.halfExtents.z};
  const S hb[3] = {b.halfExtents.x, b.halfExtents.y, b.halfExtents.z};
  const Vec3<S> offset = xfB.p - xfA.p;  // large world coordinates cancel first
  const Vec3<S> t{dot(offset, axesAWorld[0]), dot(offset, axesAWorld[1]), dot(offset, axesAWorld[2])};
  const S tc[3] = {t.x, t.y, t.z};

  SatBest3<S> best;
  // One axis: unit `axis` in A's frame, radii and the centre distance along it (already divided by its length).
  const auto test = [&](int index, Vec3<S> axis, S radiusA, S radiusB, S centerDistance, AxisSource3 source,
                        int indexA, int indexB) -> bool {
    const S overlap = radiusA + radiusB - std::abs(centerDistance);
    const bool separating = keepAxis(result, best, index, centerDistance >= S(0) ? axis : -axis, overlap, source,
                                     indexA, indexB);
    if constexpr (Trace::enabled) {
      const Vec3<S> worldAxis = toWorld(axis);
      const S worldOffset = dot(xfA.p, worldAxis);
      trace(SatAxisStep3<S>{index, worldAxis, source, indexA, indexB, worldOffset - radiusA, worldOffset + radiusA,
                            worldOffset + centerDistance - radiusB, worldOffset + centerDistance + radiusB, overlap,
                            separating, false, result.bestAxisIndex, best.overlap});
    }
    return separating;
  };

  bool separated = false;
  for (int i = 0; i < 3 && !separated; ++i) {
    Vec3<S> axis{};
    (i == 0 ? axis.x : (i == 1 ? axis.y : axis.z)) = S(1);
    const S radiusB = hb[0] * absR[i][0] + hb[1] * absR[i][1] + hb[2] * absR[i][2];
    separated = test(i, axis, ha[i], radiusB, tc[i], AxisSource3::FaceOfA, i, -1);
  }
  for (int j = 0; j < 3 && !separated; ++j) {
    const S radiusA = ha[0] * absR[0][j] + ha[1] * absR[1][j] + ha[2] * absR[2][j];
    separated = test(3 + j, axesB[j], radiusA, hb[j], dot(t, axesB[j]), AxisSource3::FaceOfB, -1, j);
  }
  // The 9 edge axes, unnormalised: L = A_i x B_j (in A's frame: component i1 = -R[i2][j], i2 = R[i1][j], i = 0)
  // and the overlap along the unit axis is `scaled` / |L|. Its sign decides separation and scaled^2 < best^2 |L|^2
  // decides improvement, so the square root is taken only for an axis that is kept.
  for (int i = 0; i < 3 && axisCount > 6 && !separated; ++i) {
    for (int j = 0; j < 3 && !separated; ++j) {
      const int index = 6 + 3 * i + j;
      const int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
      const int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
      const S lengthSquared = r[i1][j] * r[i1][j] + r[i2][j] * r[i2][j];
      if (nearlyParallel(lengthSquared, S(1))) {
        ++result.axesPruned;
        if constexpr (Trace::enabled) {
          trace(SatAxisStep3<S>{index, {}, AxisSource3::EdgePair, i, j, S(0), S(0), S(0), S(0), S(0), false, true,
                                result.bestAxisIndex, best.overlap});
        }
        continue;
      }
      const S radiusA = ha[i1] * absRSlack[i2][j] + ha[i2] * absRSlack[i1][j];
      const S radiusB = hb[j1] * absRSlack[i][j2] + hb[j2] * absRSlack[i][j1];
      const S centerDistance = tc[i2] * r[i1][j] - tc[i1] * r[i2][j];
      const S scaled = radiusA + radiusB - std::abs(centerDistance);
      const bool separating = scaled < S(0);
      ++result.axesTested;
      const auto unitAxis = [&](S inverseLength) {
        Vec3<S> axis{};
        (i1 == 0 ? axis.x : (i1 == 1 ? axis.y : axis.z)) = -r[i2][j] * inverseLength;
        (i2 == 0 ? axis.x : (i2 == 1 ? axis.y : axis.z)) = r[i1][j] * inverseLength;
        return axis;
      };
      if (separating || scaled * scaled < best.overlap * best.overlap * lengthSquared) {
        const S inverseLength = S(1) / std::sqrt(lengthSquared);
        const Vec3<S> axis = unitAxis(inverseLength);
        best.overlap = scaled * inverseLength;
        best.normal = centerDistance >= S(0) ? axis : -axis;
        result.bestAxisIndex = index;
        result.bestSource = AxisSource3::EdgePair;
        result.bestIndexA = i;
        result.bestIndexB = j;
      }
      if constexpr (Trace::enabled) {
        const S inverseLength = S(1) / std::sqrt(lengthSquared);
        const Vec3<S> worldAxis = toWorld(unitAxis(inverseLength));
        const S worldOffset = dot(xfA.p, worldAxis);
        const S a = radiusA * inverseLength, b = radiusB * inverseLength, d = centerDistance * inverseLength;
        trace(SatAxisStep3<S>{index, worldAxis, AxisSource3::EdgePair, i, j, worldOffset - a, worldOffset + a,
                              worldOffset + d - b, worldOffset + d + b, scaled * inverseLength, separating, false,
                              result.bestAxisIndex, best.overlap});
      }
      separated = separating;
    }
  }
  finishResult(result, best, toWorld(best.normal), separated);
  return result;
}

}  // namespace detail

// The 15-axis test on two oriented boxes, with the minimum translation when they overlap.
template <Scalar S, class Trace = NoTrace>
[[nodiscard]] SatResult3<S> satBoxes(const Box3<S>& a, const Transform3<S>& xfA, const Box3<S>& b,
                                     const Transform3<S>& xfB, Trace& trace) {
  return detail::boxAxes(a, xfA, b, xfB, 15, trace);
}

template <Scalar S>
[[nodiscard]] SatResult3<S> satBoxes(const Box3<S>& a, const Transform3<S>& xfA, const Box3<S>& b,
                                     const Transform3<S>& xfB) {
  NoTrace trace;
  return satBoxes(a, xfA, b, xfB, trace);
}

// "SAT lite": the 6 face axes only (the 9 edge products are the costly part), as OBB trees use it for a fast,
// conservative overlap test (Gottschalk, Lin and Manocha, "OBBTree", SIGGRAPH 1996; Ericson 4.4.1). It can say
// "hit" for boxes that an edge axis separates; when it says hit, the 9 edge axes are checked as well (untraced) and
// `fooled` reports whether they separate, with the axis. Its depth is the minimum over the 6 face axes only.
template <Scalar S, class Trace = NoTrace>
[[nodiscard]] SatResult3<S> satBoxesLite(const Box3<S>& a, const Transform3<S>& xfA, const Box3<S>& b,
                                         const Transform3<S>& xfB, Trace& trace) {
  SatResult3<S> result = detail::boxAxes(a, xfA, b, xfB, 6, trace);
  if (result.hit) {
    NoTrace quiet;
    const SatResult3<S> full = detail::boxAxes(a, xfA, b, xfB, 15, quiet);
    if (!full.hit) {
      result.fooled = true;
      result.fooledAxis = full.normal;
      result.fooledEdgeA = full.bestIndexA;
      result.fooledEdgeB = full.bestIndexB;
    }
  }
  return result;
}

template <Scalar S>
[[nodiscard]] SatResult3<S> satBoxesLite(const Box3<S>& a, const Transform3<S>& xfA, const Box3<S>& b,
                                         const Transform3<S>& xfB) {
  NoTrace trace;
  return satBoxesLite(a, xfA, b, xfB, trace);
}

// [SECTION] Polytope views

template <class T>
concept PolytopeShape3 = Scalar<typename T::Scalar> &&
    (std::same_as<T, Point3<typename T::Scalar>> || std::same_as<T, Segment3<typename T::Scalar>> ||
     std::same_as<T, Triangle3<typename T::Scalar>> || std::same_as<T, Aabb3<typename T::Scalar>> ||
     std::same_as<T, Box3<typename T::Scalar>> || std::same_as<T, Hull<typename T::Scalar>>);

namespace detail {

// What the polytope path reads of a shape, in its local frame: the vertices it projects, its faces (the first
// `axisFaceCount` are tested as axes; the rest are opposite faces that only bound edge arcs on the Gauss map),
// and its edges with their two faces. An edge's direction is parallel to cross(faceA normal, faceB normal):
// a hull's runs a -> b (counter-clockwise in faceA); a small shape stores its own in `edgeDirections`.
template <Scalar S>
struct PolytopeView3 {
  const Vec3<S>* vertices = nullptr;
  int vertexCount = 0;
  const HullFace<S>* faces = nullptr;
  int faceCount = 0;
  int axisFaceCount = 0;
  const HullEdge* edges = nullptr;
  int edgeCount = 0;
  const Vec3<S>* edgeDirections = nullptr;  // null: vertices[b] - vertices[a]

  [[nodiscard]] Vec3<S> edgeDirection(int i) const {
    return edgeDirections ? edgeDirections[i] : vertices[edges[i].b] - vertices[edges[i].a];
  }
};

// Storage for the view of a point, segment, triangle, aabb or box: at most a box's 8 vertices, 6 faces, 12 edges.
template <Scalar S>
struct SmallPolytope3 {
  std::array<Vec3<S>, 8> vertices{};
  std::array<HullFace<S>, 6> faces{};
  std::array<HullEdge, 12> edges{};
  std::array<Vec3<S>, 12> directions{};
  int vertexCount = 0;
  int faceCount = 0;
  int axisFaceCount = 0;
  int edgeCount = 0;

  [[nodiscard]] PolytopeView3<S> view() const {
    return {vertices.data(), vertexCount, faces.data(), faceCount, axisFaceCount, edges.data(), edgeCount,
            directions.data()};
  }
  void addEdge(int faceA, int faceB) {
    edges[edgeCount] = {0, 0, faceA, faceB};
    directions[edgeCount] = cross(faces[faceA].normal, faces[faceB].normal);
    ++edgeCount;
  }
};

// A box with orthonormal axes u[0..2]: faces +u0, +u1, +u2, -u0, -u1, -u2 (the first three are its axes), and its
// 12 edges, 4 along each axis. The caller fills the vertices (only the distinct ones: a segment's box has 2, a
// point's 1).
template <Scalar S>
void boxFacesAndEdges(SmallPolytope3<S>& box, const std::array<Vec3<S>, 3>& u) {
  box.faceCount = 6;
  box.axisFaceCount = 3;
  for (int i = 0; i < 3; ++i) {
    box.faces[i].normal = u[i];
    box.faces[i + 3].normal = -u[i];
  }
  // The 4 edges along axis k lie between the faces of axes k+1 and k+2, one per pair of signs; each direction is
  // cross(faceA, faceB), +u[k] or -u[k], as the Gauss-map test reads it.
  for (int k = 0; k < 3; ++k) {
    const int k1 = (k + 1) % 3, k2 = (k + 2) % 3;
    box.addEdge(k1, k2);
    box.addEdge(k2, k1 + 3);
    box.addEdge(k1 + 3, k2 + 3);
    box.addEdge(k2 + 3, k1);
  }
}

template <Scalar S>
[[nodiscard]] inline std::array<Vec3<S>, 3> worldAxes() {
  return {Vec3<S>{S(1), S(0), S(0)}, Vec3<S>{S(0), S(1), S(0)}, Vec3<S>{S(0), S(0), S(1)}};
}

template <Scalar S>
[[nodiscard]] SmallPolytope3<S> smallPolytope(const Point3<S>& point) {
  SmallPolytope3<S> box;
  box.vertices[0] = point.position;
  box.vertexCount = 1;
  boxFacesAndEdges(box, worldAxes<S>());
  return box;
}

// A segment is a box with two zero half extents, its first axis along the segment.
template <Scalar S>
[[nodiscard]] SmallPolytope3<S> smallPolytope(const Segment3<S>& segment) {
  const Vec3<S> direction = normalize(segment.b - segment.a);
  if (direction == Vec3<S>{}) return smallPolytope(Point3<S>{segment.a});
  const OrthonormalBasis<S> basis = orthonormalBasis(direction);
  SmallPolytope3<S> box;
  box.vertices[0] = segment.a;
  box.vertices[1] = segment.b;
  box.vertexCount = 2;
  boxFacesAndEdges(box, {direction, basis.tangent, basis.bitangent});
  return box;
}

template <Scalar S>
[[nodiscard]] SmallPolytope3<S> smallPolytope(const Aabb3<S>& aabb) {
  SmallPolytope3<S> box;
  for (int i = 0; i < 8; ++i) {
    box.vertices[i] = {(i & 1) ? aabb.max.x : aabb.min.x, (i & 2) ? aabb.max.y : aabb.min.y,
                       (i & 4) ? aabb.max.z : aabb.min.z};
  }
  box.vertexCount = 8;
  boxFacesAndEdges(box, worldAxes<S>());
  return box;
}

template <Scalar S>
[[nodiscard]] SmallPolytope3<S> smallPolytope(const Box3<S>& shape) {
  SmallPolytope3<S> box;
  const std::array<Vec3<S>, 8> corners = shape.corners();
  for (int i = 0; i < 8; ++i) box.vertices[i] = corners[i];
  box.vertexCount = 8;
  boxFacesAndEdges(box, worldAxes<S>());
  return box;
}

// A triangle is a prism of zero height: faces n, the three side normals m0..m2 (in its plane, outward from edge
// i = v[i] -> v[i+1]), then -n; edges along the top (n | m_i), the bottom (-n | m_i) and the zero-length sides
// (m_i | m_i+1, along n). A triangle without area is the segment between its two farthest corners.
template <Scalar S>
[[nodiscard]] SmallPolytope3<S> smallPolytope(const Triangle3<S>& triangle) {
  const std::array<Vec3<S>, 3> v = {triangle.a, triangle.b, triangle.c};
  const Vec3<S> areaNormal = cross(v[1] - v[0], v[2] - v[0]);
  S longest = S(0);
  int from = 0;
  for (int i = 0; i < 3; ++i) {
    const S edge = lengthSquared(v[(i + 1) % 3] - v[i]);
    if (edge > longest) {
      longest = edge;
      from = i;
    }
  }
  if (nearlyParallel(lengthSquared(areaNormal), longest * longest)) {
    return smallPolytope(Segment3<S>{v[from], v[(from + 1) % 3]});
  }
  const Vec3<S> n = normalize(areaNormal);
  SmallPolytope3<S> prism;
  for (int i = 0; i < 3; ++i) prism.vertices[i] = v[i];
  prism.vertexCount = 3;
  prism.faceCount = 5;
  prism.axisFaceCount = 4;
  prism.faces[0].normal = n;
  for (int i = 0; i < 3; ++i) prism.faces[1 + i].normal = normalize(cross(v[(i + 1) % 3] - v[i], n));
  prism.faces[4].normal = -n;
  for (int i = 0; i < 3; ++i) prism.addEdge(0, 1 + i);
  for (int i = 0; i < 3; ++i) prism.addEdge(4, 1 + i);
  for (int i = 0; i < 3; ++i) prism.addEdge(1 + i, 1 + (i + 1) % 3);
  return prism;
}

template <Scalar S>
[[nodiscard]] PolytopeView3<S> hullView(const Hull<S>& hull) {
  return {hull.vertices.data(), static_cast<int>(hull.vertices.size()), hull.faces.data(),
          static_cast<int>(hull.faces.size()), static_cast<int>(hull.faces.size()), hull.edges.data(),
          static_cast<int>(hull.edges.size()), nullptr};
}

// The shadow of a view on `axis` given in the view's own frame.
template <Scalar S>
[[nodiscard]] Interval<S> project(const PolytopeView3<S>& view, Vec3<S> axis) {
  S low = dot(view.vertices[0], axis);
  S high = low;
  for (int i = 1; i < view.vertexCount; ++i) {
    const S value = dot(view.vertices[i], axis);
    low = value < low ? value : low;
    high = value > high ? value : high;
  }
  return {low, high};
}

}  // namespace detail

// [SECTION] Polytope vs polytope (satPolytopes)

namespace detail {

// The face normals of A, then of B, then every edge of A against every edge of B that makes a face of A - B on the
// Gauss map (Gregorius, GDC 2013); both shadows on each axis, stop at the first gap, otherwise keep the minimum
// overlap. `xfA` and `xfB` are the views' frames (the caller resolves an aabb's placement). No validation here.
template <Scalar S, class Trace>
SatResult3<S> satViews(const PolytopeView3<S>& a, const Transform3<S>& xfA, const PolytopeView3<S>& b,
                       const Transform3<S>& xfB, Trace& trace) {
  SatResult3<S> result;
  const Transform3<S> relative = invMul(xfA, xfB);  // B's frame in A's frame
  SatBest3<S> best;
  int candidate = 0;

  // One axis, unit in A's frame. Returns true when it separates.
  const auto test = [&](Vec3<S> axis, AxisSource3 source, int indexA, int indexB) -> bool {
    const Interval<S> shadowA = project(a, axis);
    const Interval<S> shadowBLocal = project(b, relative.q.applyInverse(axis));
    const S offset = dot(relative.p, axis);
    const Interval<S> shadowB{shadowBLocal.min + offset, shadowBLocal.max + offset};
    const S pushForward = shadowA.max - shadowB.min;   // move B by +axis this far to separate
    const S pushBackward = shadowB.max - shadowA.min;  // or by -axis this far
    const bool forward = pushForward <= pushBackward;
    const S overlap = forward ? pushForward : pushBackward;
    const int index = candidate++;
    const bool separating = keepAxis(result, best, index, forward ? axis : -axis, overlap, source, indexA, indexB);
    if constexpr (Trace::enabled) {
      const Vec3<S> worldAxis = xfA.q.apply(axis);
      const S worldOffset = dot(xfA.p, worldAxis);
      trace(SatAxisStep3<S>{index, worldAxis, source, indexA, indexB, shadowA.min + worldOffset,
                            shadowA.max + worldOffset, shadowB.min + worldOffset, shadowB.max + worldOffset, overlap,
                            separating, false, result.bestAxisIndex, best.overlap});
    }
    return separating;
  };
  // A candidate skipped without projecting; `axis` (A's frame, not necessarily unit) only feeds the trace.
  const auto prune = [&](Vec3<S> axis, int indexA, int indexB) {
    const int index = candidate++;
    ++result.axesPruned;
    if constexpr (Trace::enabled) {
      trace(SatAxisStep3<S>{index, xfA.q.apply(normalize(axis)), AxisSource3::EdgePair, indexA, indexB, S(0), S(0),
                            S(0), S(0), S(0), false, true, result.bestAxisIndex, best.overlap});
    }
  };

  bool separated = false;
  for (int i = 0; i < a.axisFaceCount && !separated; ++i) {
    separated = test(a.faces[i].normal, AxisSource3::FaceOfA, i, -1);
  }
  for (int j = 0; j < b.axisFaceCount && !separated; ++j) {
    separated = test(relative.q.apply(b.faces[j].normal), AxisSource3::FaceOfB, -1, j);
  }
  // Edge pairs, in B's frame so each edge of A is rotated once. Gregorius (GDC 2013) tests whether the arc a-b
  // (A's edge: its faces' normals u1, v1) crosses the arc c-d (B's edge, negated for A - B: -u2, -v2) on the unit
  // sphere, with bxa and dxc the arcs' plane normals:
  //   c.bxa * d.bxa < 0  and  a.dxc * b.dxc < 0  and  c.bxa * b.dxc > 0.
  // An edge's direction e is parallel to cross(u, v), so bxa = -e1 and dxc = -e2, and the test reads as below; its
  // first half needs only the side of e1's plane each face normal of B lies on, computed once per edge of A, so
  // most pairs stop after two lookups.
  std::array<S, 64> fewSides;
  std::vector<S> manySides;
  S* sides = fewSides.data();
  if (b.faceCount > static_cast<int>(fewSides.size())) {
    manySides.resize(b.faceCount);
    sides = manySides.data();
  }
  for (int i = 0; i < a.edgeCount && !separated; ++i) {
    const Vec3<S> u1 = relative.q.applyInverse(a.faces[a.edges[i].faceA].normal);
    const Vec3<S> v1 = relative.q.applyInverse(a.faces[a.edges[i].faceB].normal);
    const Vec3<S> e1 = relative.q.applyInverse(a.edgeDirection(i));
    for (int f = 0; f < b.faceCount; ++f) sides[f] = dot(b.faces[f].normal, e1);
    for (int j = 0; j < b.edgeCount && !separated; ++j) {
      const S u2e1 = sides[b.edges[j].faceA];
      const S v2e1 = sides[b.edges[j].faceB];
      if (!(u2e1 * v2e1 < S(0))) {
        prune(relative.q.apply(cross(e1, b.edgeDirection(j))), i, j);  // the axis only feeds the trace
        continue;
      }
      const Vec3<S> e2 = b.edgeDirection(j);
      const S u1e2 = dot(u1, e2);
      const S v1e2 = dot(v1, e2);
      const Vec3<S> axisInB = cross(e1, e2);
      if (!(u1e2 * v1e2 < S(0) && u2e1 * v1e2 < S(0)) ||
          nearlyParallel(lengthSquared(axisInB), lengthSquared(e1) * lengthSquared(e2))) {
        prune(relative.q.apply(axisInB), i, j);
        continue;
      }
      separated = test(relative.q.apply(normalize(axisInB)), AxisSource3::EdgePair, i, j);
    }
  }
  finishResult(result, best, xfA.q.apply(best.normal), separated);
  return result;
}

// The frame a shape's view lives in: the transform, or the world for an aabb (shapes3.h, placement).
template <PolytopeShape3 Shape>
[[nodiscard]] Transform3<typename Shape::Scalar> viewTransform(const Shape&,
                                                               const Transform3<typename Shape::Scalar>& xf) {
  if constexpr (std::same_as<Shape, Aabb3<typename Shape::Scalar>>) {
    return Transform3<typename Shape::Scalar>::identity();
  } else {
    return xf;
  }
}

// Calls f(view) with the shape's view; a small shape's storage lives for the call.
template <PolytopeShape3 Shape, class F>
decltype(auto) withView(const Shape& shape, F&& f) {
  if constexpr (std::same_as<Shape, Hull<typename Shape::Scalar>>) {
    return f(hullView(shape));
  } else {
    const SmallPolytope3<typename Shape::Scalar> storage = smallPolytope(shape);
    return f(storage.view());
  }
}

}  // namespace detail

// Any two polytopes through their views (boxes included: satBoxes is the fast path for two boxes, and `sat`
// below takes it). Same conventions as satBoxes.
template <PolytopeShape3 A, PolytopeShape3 B, class Trace = NoTrace>
  requires std::same_as<typename A::Scalar, typename B::Scalar>
[[nodiscard]] SatResult3<typename A::Scalar> satPolytopes(const A& shapeA, const Transform3<typename A::Scalar>& xfA,
                                                          const B& shapeB, const Transform3<typename A::Scalar>& xfB,
                                                          Trace& trace) {
  using S = typename A::Scalar;
  if (!allValid(shapeA, shapeB, xfA, xfB)) {
    SatResult3<S> invalid;
    invalid.status = Status::InvalidInput;
    return invalid;
  }
  return detail::withView(shapeA, [&](const detail::PolytopeView3<S>& viewA) {
    return detail::withView(shapeB, [&](const detail::PolytopeView3<S>& viewB) {
      return detail::satViews(viewA, detail::viewTransform(shapeA, xfA), viewB, detail::viewTransform(shapeB, xfB),
                              trace);
    });
  });
}

template <PolytopeShape3 A, PolytopeShape3 B>
  requires std::same_as<typename A::Scalar, typename B::Scalar>
[[nodiscard]] SatResult3<typename A::Scalar> satPolytopes(const A& shapeA, const Transform3<typename A::Scalar>& xfA,
                                                          const B& shapeB, const Transform3<typename A::Scalar>& xfB) {
  NoTrace trace;
  return satPolytopes(shapeA, xfA, shapeB, xfB, trace);
}

// [SECTION] Any pair (sat, satColliders)

// SAT on two polytopes: two boxes by their 15 axes, any other pair by the polytope path.
template <PolytopeShape3 A, PolytopeShape3 B, class Trace = NoTrace>
  requires std::same_as<typename A::Scalar, typename B::Scalar>
[[nodiscard]] SatResult3<typename A::Scalar> sat(const A& shapeA, const Transform3<typename A::Scalar>& xfA,
                                                 const B& shapeB, const Transform3<typename A::Scalar>& xfB,
                                                 Trace& trace) {
  using S = typename A::Scalar;
  if constexpr (std::same_as<A, Box3<S>> && std::same_as<B, Box3<S>>) {
    return satBoxes(shapeA, xfA, shapeB, xfB, trace);
  } else {
    return satPolytopes(shapeA, xfA, shapeB, xfB, trace);
  }
}

template <PolytopeShape3 A, PolytopeShape3 B>
  requires std::same_as<typename A::Scalar, typename B::Scalar>
[[nodiscard]] SatResult3<typename A::Scalar> sat(const A& shapeA, const Transform3<typename A::Scalar>& xfA,
                                                 const B& shapeB, const Transform3<typename A::Scalar>& xfB) {
  NoTrace trace;
  return sat(shapeA, xfA, shapeB, xfB, trace);
}

// SAT on two 3D colliders: `sat` when both are polytopes; a sphere, capsule or cylinder (curved, no finite axis
// set) or a mesh (not convex): status InvalidInput.
template <Scalar S, class Trace = NoTrace>
[[nodiscard]] SatResult3<S> satColliders(const Collider3<S>& a, const Collider3<S>& b, Trace& trace) {
  return std::visit(
      [&](const auto& shapeA, const auto& shapeB) -> SatResult3<S> {
        using A = std::decay_t<decltype(shapeA)>;
        using B = std::decay_t<decltype(shapeB)>;
        if constexpr (PolytopeShape3<A> && PolytopeShape3<B>) {
          return sat(shapeA, a.transform, shapeB, b.transform, trace);
        } else {
          SatResult3<S> invalid;
          invalid.status = Status::InvalidInput;
          return invalid;
        }
      },
      a.shape, b.shape);
}

template <Scalar S>
[[nodiscard]] SatResult3<S> satColliders(const Collider3<S>& a, const Collider3<S>& b) {
  NoTrace trace;
  return satColliders(a, b, trace);
}

}  // namespace collide
