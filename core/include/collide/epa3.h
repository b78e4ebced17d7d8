// collide/epa3.h: the expanding polytope algorithm in space (van den Bergen 2003, 4.5; Jolt EPAPenetrationDepth.h)
// for penetration depth, after GJK; the 3D counterpart of epa.h.
//
// Public names (distinct from epa.h's rather than overloads, since the result type differs and a call should say
// which space it works in; the options and the stop reasons are epa.h's):
//   epa3Penetration(a, b, simplex, options, trace)             EPA from a GJK simplex of 1-4 points holding the
//                                                              origin (gjkIntersect's or gjkDistance's);
//   gjkEpa3(a, b, gjkOptions, epaOptions, gjkTrace, epaTrace)  GJK distance on the cores, then EPA when they
//                                                              overlap; spheres and capsules exact through their
//                                                              cores;
//   PenetrationResult3<S>, EpaStep3<S> (one traced iteration), EpaFace3<S> (a face in the trace), EpaStart3<S> (the
//   start polytope, traced once when the sink takes it: EpaRecorder3<S>),
//   kEpa3MaxVertices / kEpa3MaxFaces (the polytope's fixed capacity).
//
// [SECTION] Results, trace events, capacity
// [SECTION] Polytope (fixed capacity, no allocation): faces, adjacency, horizon
// [SECTION] Start polytope (a tetrahedron around the origin from whatever GJK ended with)
// [SECTION] EPA from a simplex (epa3Penetration)
// [SECTION] GJK then EPA (gjkEpa3; rounded shapes through their cores)
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <utility>
#include <vector>

#include "collide/epa.h"
#include "collide/gjk.h"
#include "collide/math.h"
#include "collide/simplex.h"
#include "collide/support.h"
#include "collide/trace.h"

namespace collide {

// [SECTION] Results, trace events, capacity

// Most vertices an EPA polytope in space holds. Each iteration adds one, and the start adds at most 13, so a run
// with the default 64 iterations never fills it; a run that does stops with MaxIterations (checked before every
// insertion, never silently).
inline constexpr int kEpa3MaxVertices = 128;
// A closed triangulated polytope with V vertices has 2V - 4 faces (Euler's formula), so twice the vertices holds
// every face the vertices can make.
inline constexpr int kEpa3MaxFaces = 2 * kEpa3MaxVertices;

// Convention as in 2D: normal is unit, from A toward B; moving B by depth * normal separates them (touching).
// pointA is A's deepest point into B, pointB is B's deepest point into A: pointB = pointA - depth * normal.
template <Scalar S>
struct PenetrationResult3 {
  bool hit = false;
  S depth{};  // >= 0
  Vec3<S> normal{};
  Vec3<S> pointA{}, pointB{};
  int iterations = 0;
  int gjkIterations = 0;
  Status status{};
  EpaStop stop{};
};

// A face of the polytope as the trace shows it: its vertices (indices into EpaStep3::vertices), counter-clockwise
// seen from outside, its outward unit normal and its distance from the origin along it, and the iteration that
// made it (0: the start polytope). A degenerate face (no area to speak of, so no reliable normal) has a zero
// normal and distance 0; it is never the closest face.
template <Scalar S>
struct EpaFace3 {
  std::array<int, 3> vertices{};
  Vec3<S> normal{};
  S distance{};
  int iteration = 0;
  bool degenerate = false;
};

// One EPA iteration in space: everything the picture and the narration need. Only the trace allocates.
template <Scalar S>
struct EpaStep3 {
  int iteration = 0;
  std::vector<SupportPoint<Vec3<S>>> vertices;  // every polytope vertex so far (some may lie inside by now)
  std::vector<EpaFace3<S>> faces;               // the polytope before this iteration's insertion
  int closestFace = 0;                          // index into faces
  Vec3<S> faceNormal{};                         // its outward unit normal
  S faceDistance{};                             // its distance from the origin
  SupportPoint<Vec3<S>> support{};              // new support along faceNormal, with its witnesses on A and B
  S supportDistance{};                          // dot(support.point, faceNormal)
  S gap{};                                      // supportDistance - faceDistance: converged when small (relative)
  bool inserted = false;                        // the support became vertex vertices.size()
  std::vector<int> removedFaces;                // indices into faces: those that saw the support
  std::vector<std::array<int, 2>> horizon;      // the loop of edges around them (vertex indices), in order
  std::vector<EpaFace3<S>> addedFaces;          // the fan from the horizon to the new vertex
  EpaStop stop = EpaStop::None;
  // The last step only, when it found the answer (DuplicateSupport, Converged): how far A - B reaches along each
  // face's normal (dot of the support along faces[i].normal with it; NaN for a degenerate face). A face as near as
  // the closest is on A - B's boundary, a tie, only when its reach equals its distance: on identical cubes 3 of the
  // 8 as near are chords inside A - B (review s34, A3). Empty on the other steps.
  std::vector<S> faceReach;
};

// EPA's start in space, traced once before the first EpaStep3 (as EpaStart is in the plane): GJK's final simplex,
// the directions searched when it did not span space (a point: four directions spanning a tetrahedron; a line:
// three perpendiculars 120 degrees apart; a plane: both normals), the support found along each, and the polytope
// EPA starts from: its vertices (the simplex's first, then the supports; a repeated point is kept once) and its
// faces. No faces when A - B itself is flat (a point, segment or polygon). A sink receives it when it takes an
// EpaStart3 (EpaRecorder3); Recorder<EpaStep3> keeps only the iterations.
template <Scalar S>
struct EpaStart3 {
  Simplex<Vec3<S>> simplex{};
  std::vector<Vec3<S>> directions;              // in the order searched
  std::vector<SupportPoint<Vec3<S>>> supports;  // supports[i] found along directions[i]
  std::vector<SupportPoint<Vec3<S>>> vertices;  // the start polytope's vertices (EpaFace3::vertices index them)
  std::vector<EpaFace3<S>> faces;               // its faces, outward
};

// Keeps EPA's start and every iteration.
template <Scalar S>
struct EpaRecorder3 : Recorder<EpaStep3<S>> {
  std::vector<EpaStart3<S>> starts;  // one per EPA run
  using Recorder<EpaStep3<S>>::operator();
  void operator()(const EpaStart3<S>& start) { starts.push_back(start); }
};

// [SECTION] Polytope (fixed capacity, no allocation): faces, adjacency, horizon

namespace detail {

// A triangle of the polytope. Edge i runs from vertex[i] to vertex[(i + 1) % 3]; neighbour[i] is the face across
// it and neighbourEdge[i] that edge's index in the neighbour (Jolt EPAConvexHullBuilder.h keeps the same links).
template <Scalar S>
struct Face3 {
  std::array<int, 3> vertex;
  std::array<int, 3> neighbour;
  std::array<std::uint8_t, 3> neighbourEdge;
  bool alive;
  bool visible;  // scratch: marked while looking for the horizon
  bool degenerate;
  Vec3<S> normal;   // outward, not normalised (twice the area): most faces are never asked for a unit one
  S normalSquared;  // |normal|^2
  S offset;         // dot(normal, centroid): the plane is dot(normal, p) = offset
  int iteration;

  [[nodiscard]] S inverseLength() const { return S(1) / std::sqrt(normalSquared); }
  [[nodiscard]] S distance() const { return inverseLength() * offset; }
  [[nodiscard]] Vec3<S> unitNormal() const { return inverseLength() * normal; }
};

// An edge of the horizon: vertex start -> end on the side of a removed face, and the kept face across it.
struct HorizonEdge {
  int start;
  int end;
  int outsideFace;
  std::uint8_t outsideEdge;
};

template <Scalar S>
struct Horizon {
  bool valid = false;
  int visibleCount = 0;
  int edgeCount = 0;
  std::array<int, kEpa3MaxFaces> visible;          // faces that see the point (removed on insertion)
  std::array<HorizonEdge, kEpa3MaxVertices> edges;  // a simple loop never has more edges than vertices
  Horizon() {}
};

// The polytope in fixed arrays: the untraced run allocates nothing. The arrays are left uninitialised (anonymous
// union members are not constructed): zero-filling them on every call would cost more than a short run on boxes.
// Only vertices[0, vertexCount) and faces[0, faceEnd) are ever read.
template <Scalar S>
struct Polytope3 {
  union {
    SupportPoint<Vec3<S>> vertices[kEpa3MaxVertices];
  };
  union {
    Face3<S> faces[kEpa3MaxFaces];
  };
  // Per face slot, the signed squared distance offset |offset| / |normal|^2 (Jolt's mClosestLenSq), ordered as the
  // distance; +infinity when the face is degenerate or dead, so it is never the closest. Apart from the faces so
  // the search for the closest reads one array.
  union {
    S keys[kEpa3MaxFaces];
  };
  std::array<int, kEpa3MaxFaces> freeFaces;  // slots of removed faces, reused before faceEnd grows
  std::array<int, kEpa3MaxVertices> vertexMark;  // scratch for the horizon's simple-loop check
  int vertexCount = 0;
  int faceEnd = 0;
  int freeCount = 0;
  int markStamp = 0;
  S scale = S(0);  // largest vertex length: what the relative tolerances are relative to

  Polytope3() {}

  [[nodiscard]] int addVertex(const SupportPoint<Vec3<S>>& point) {
    vertices[vertexCount] = point;
    vertexMark[vertexCount] = 0;
    scale = std::max(scale, std::sqrt(lengthSquared(point.point)));
    return vertexCount++;
  }

  [[nodiscard]] bool hasVertex(Vec3<S> point) const {
    for (int i = 0; i < vertexCount; ++i)
      if (vertices[i].point == point) return true;
    return false;
  }

  [[nodiscard]] int freeSlots() const { return freeCount + (kEpa3MaxFaces - faceEnd); }

  // A new face over vertices i, j, k (counter-clockwise from outside) with its normal from the two shortest edges
  // (Jolt EPAConvexHullBuilder.h; Catto, "Troublesome Triangle", 2014): the cross product of the two edges that
  // meet at the vertex opposite the longest edge loses the least precision. Faces whose normal is lost in rounding
  // are flagged degenerate instead of normalised into noise (FCL's zero-area EPA faces gave NaN normals).
  // The caller checks freeSlots() first.
  int makeFace(int i, int j, int k, int iteration) {
    const int slot = freeCount > 0 ? freeFaces[--freeCount] : faceEnd++;
    Face3<S>& face = faces[slot];
    face.vertex = {i, j, k};  // neighbours: every caller links all three edges at once (link)
    face.alive = true;
    face.visible = false;
    face.iteration = iteration;
    const Vec3<S> a = vertices[i].point;
    const Vec3<S> b = vertices[j].point;
    const Vec3<S> c = vertices[k].point;
    const Vec3<S> ab = b - a;
    const Vec3<S> bc = c - b;
    const Vec3<S> ca = a - c;
    const S abSquared = lengthSquared(ab);
    const S bcSquared = lengthSquared(bc);
    const S caSquared = lengthSquared(ca);
    // ab x bc = bc x ca = ca x ab: all the same normal; leave out the longest edge.
    Vec3<S> normal;
    S shorterSquared;
    if (caSquared >= abSquared && caSquared >= bcSquared) {
      normal = cross(ab, bc);
      shorterSquared = abSquared + bcSquared;
    } else if (abSquared >= bcSquared) {
      normal = cross(bc, ca);
      shorterSquared = bcSquared + caSquared;
    } else {
      normal = cross(ca, ab);
      shorterSquared = caSquared + abSquared;
    }
    // The normal's direction is lost in rounding when |n| is within a few ulps of scale * |shorter edges|: its error
    // is about epsilon * scale * |edges| / |n|. Trusted only when that error stays below sqrt(epsilon).
    // No square root here: only the closest face of each iteration is normalised.
    const S normalSquared = lengthSquared(normal);
    face.normal = normal;
    face.normalSquared = normalSquared;
    face.offset = dot(normal, a + b + c) * (S(1) / S(3));  // through the centroid: the most accurate point (Jolt)
    face.degenerate = !(normalSquared > kEpsilon<S> * scale * scale * shorterSquared);
    keys[slot] = face.degenerate ? std::numeric_limits<S>::infinity() : face.offset * std::abs(face.offset) / normalSquared;
    return slot;
  }

  void link(int faceA, int edgeA, int faceB, int edgeB) {
    faces[faceA].neighbour[edgeA] = faceB;
    faces[faceA].neighbourEdge[edgeA] = static_cast<std::uint8_t>(edgeB);
    faces[faceB].neighbour[edgeB] = faceA;
    faces[faceB].neighbourEdge[edgeB] = static_cast<std::uint8_t>(edgeA);
  }

  void freeFace(int slot) {
    faces[slot].alive = false;
    faces[slot].visible = false;
    keys[slot] = std::numeric_limits<S>::infinity();
    freeFaces[freeCount++] = slot;
  }

  // The face nearest the origin by signed plane distance (negative: the origin is outside it), or -1 when every
  // face is degenerate. Dead and degenerate faces carry +infinity, so one comparison skips them.
  [[nodiscard]] int closestFace() const {
    int best = -1;
    S bestKey = std::numeric_limits<S>::infinity();
    for (int i = 0; i < faceEnd; ++i) {
      if (keys[i] < bestKey) {
        bestKey = keys[i];
        best = i;
      }
    }
    return best;
  }

  // Does face `slot` see `point` (strictly in front of its plane by more than `margin`)? A degenerate face has no
  // plane to be behind: once the search reaches it from a face that sees the point, it goes too. Squared, so no
  // square root: height / |n| > margin.
  [[nodiscard]] bool sees(int slot, Vec3<S> point, S margin) const {
    const Face3<S>& face = faces[slot];
    const S height = dot(face.normal, point) - face.offset;
    return face.degenerate || (height > S(0) && height * height > margin * margin * face.normalSquared);
  }

  // The faces that see `point`, from `first` (which must), and the horizon: the loop of edges between them and the
  // rest, in order (a depth-first walk over the neighbours: Ericson 12.4.1's hull growth, Jolt's FindEdge). Marks
  // the visible faces; the caller either inserts (removing them) or calls unmark(). valid is false when rounding
  // made the visible region anything but a disk (islands, a loop through a vertex twice, fewer than 3 edges): then
  // no consistent polytope holds the point.
  void findHorizon(int first, Vec3<S> point, S margin, Horizon<S>& horizon) {
    // (edge + step) % 3 for edge + step < 5, without a division.
    static constexpr int kNextEdge[5] = {0, 1, 2, 0, 1};
    struct Entry {
      int face;
      int edge;
      int step;
    };
    std::array<Entry, kEpa3MaxFaces> stack;
    horizon.valid = true;
    horizon.visibleCount = 0;
    horizon.edgeCount = 0;
    faces[first].visible = true;
    horizon.visible[horizon.visibleCount++] = first;
    stack[0] = {first, 0, -1};
    int top = 0;
    while (top >= 0) {
      Entry& entry = stack[top];
      if (++entry.step >= 3) {
        --top;
        continue;
      }
      const Face3<S>& face = faces[entry.face];
      const int edge = kNextEdge[entry.edge + entry.step];
      const int neighbour = face.neighbour[edge];
      if (faces[neighbour].visible) continue;
      if (sees(neighbour, point, margin)) {
        faces[neighbour].visible = true;
        horizon.visible[horizon.visibleCount++] = neighbour;
        stack[++top] = {neighbour, face.neighbourEdge[edge], 0};  // step 0 is the edge we came over: skipped
      } else {
        if (horizon.edgeCount == kEpa3MaxVertices) {
          horizon.valid = false;
          continue;
        }
        horizon.edges[horizon.edgeCount++] = {face.vertex[edge], face.vertex[kNextEdge[edge + 1]], neighbour,
                                              face.neighbourEdge[edge]};
      }
    }
    const int count = horizon.edgeCount;
    if (!horizon.valid || count < 3) {
      horizon.valid = false;
      return;
    }
    ++markStamp;
    for (int i = 0; i < count; ++i) {
      const HorizonEdge& edge = horizon.edges[i];
      const int next = i + 1 == count ? 0 : i + 1;
      if (edge.end != horizon.edges[next].start || vertexMark[edge.start] == markStamp) {
        horizon.valid = false;
        return;
      }
      vertexMark[edge.start] = markStamp;
    }
  }

  void unmark(const Horizon<S>& horizon) {
    for (int i = 0; i < horizon.visibleCount; ++i) faces[horizon.visible[i]].visible = false;
  }

  // Removes the visible faces and closes the hole with a fan from the horizon to vertex `apex`. Returns the slot
  // of the first new face; the fan's faces are written to `added` (horizon order). The caller checked freeSlots().
  void insert(const Horizon<S>& horizon, int apex, int iteration, std::array<int, kEpa3MaxVertices>& added) {
    for (int i = 0; i < horizon.visibleCount; ++i) freeFace(horizon.visible[i]);
    const int count = horizon.edgeCount;
    for (int i = 0; i < count; ++i) {
      const HorizonEdge& edge = horizon.edges[i];
      added[i] = makeFace(edge.start, edge.end, apex, iteration);
      link(added[i], 0, edge.outsideFace, edge.outsideEdge);
    }
    // Face i's edge 1 (end_i -> apex) meets face i+1's edge 2 (apex -> start_{i+1} = end_i).
    for (int i = 0; i + 1 < count; ++i) link(added[i], 1, added[i + 1], 2);
    link(added[count - 1], 1, added[0], 2);
  }
};

// [SECTION] Start polytope (a tetrahedron around the origin from whatever GJK ended with)

// The affine hull of the polytope's vertices so far, to a tolerance: its dimension (0 a point, 1 a line, 2 a plane,
// 3 space) and, in space, four vertices spanning a tetrahedron (Quickhull's initial simplex: the farthest point
// from the first, then from their line, then from their plane). Squared lengths throughout: no square root per
// point.
template <Scalar S>
struct Span {
  int dimension = 0;
  std::array<int, 4> corners{};
  Vec3<S> axis{};  // dimension 1: along the line; dimension 2: the plane's normal (unit)
};

template <Scalar S>
[[nodiscard]] inline Span<S> spanOf(const Polytope3<S>& polytope, S tolerance) {
  Span<S> span;
  const SupportPoint<Vec3<S>>* points = polytope.vertices;
  const int count = polytope.vertexCount;
  const Vec3<S> origin = points[0].point;
  const S margin = tolerance * polytope.scale;
  const S marginSquared = margin * margin;
  if (count == 4) {
    // GJK's tetrahedron, the usual start: its own four points, in order, when they already span space.
    const Vec3<S> edge = points[1].point - origin;
    const Vec3<S> normal = cross(edge, points[2].point - origin);
    const S height = dot(normal, points[3].point - origin);
    const S edgeSquared = lengthSquared(edge);
    const S normalSquared = lengthSquared(normal);
    if (edgeSquared > marginSquared && normalSquared > marginSquared * edgeSquared &&
        height * height > marginSquared * normalSquared) {
      span.dimension = 3;
      span.corners = {0, 1, 2, 3};
      return span;
    }
  }
  const auto farthest = [points, count](auto measure) {
    int best = 0;
    S bestValue = S(-1);
    for (int i = 0; i < count; ++i) {
      const S value = measure(points[i].point);
      if (value > bestValue) {
        bestValue = value;
        best = i;
      }
    }
    return std::pair<int, S>{best, bestValue};
  };
  const auto [second, secondSquared] = farthest([origin](Vec3<S> p) { return lengthSquared(p - origin); });
  if (!(secondSquared > marginSquared)) return span;
  const Vec3<S> line = points[second].point - origin;
  span.dimension = 1;
  span.axis = line / std::sqrt(secondSquared);
  // |line x (p - origin)|^2 / |line|^2: the squared distance from the line.
  const auto [third, thirdSquared] = farthest([origin, line](Vec3<S> p) { return lengthSquared(cross(line, p - origin)); });
  if (!(thirdSquared > marginSquared * secondSquared)) return span;
  const Vec3<S> normal = cross(line, points[third].point - origin);
  const S normalSquared = lengthSquared(normal);
  span.dimension = 2;
  span.axis = normal / std::sqrt(normalSquared);
  const auto [fourth, fourthValue] = farthest([origin, normal](Vec3<S> p) { return std::abs(dot(normal, p - origin)); });
  if (!(fourthValue * fourthValue > marginSquared * normalSquared)) return span;
  span.dimension = 3;
  span.corners = {0, second, third, fourth};
  return span;
}

enum class StartOutcome : std::uint8_t { Polytope, Flat, NotFinite };

template <Scalar S>
struct Start {
  StartOutcome outcome = StartOutcome::Polytope;
  Vec3<S> flatNormal{};  // Flat: a normal of the flat difference (its plane's, or any perpendicular of its line)
};

// GJK on touching shapes, or on identical boxes at one place, ends with a point, a segment or a triangle through
// the origin, not a tetrahedron. Add supports along directions that must leave that point, line or plane, as Jolt
// EPAPenetrationDepth.h does (a point: four directions spanning a tetrahedron; a line: three perpendiculars 120
// degrees apart; a plane: both normals), until the points span space (at most 4 + 4 + 3 + 2 vertices). Then the
// tetrahedron of four of them (faces outward), and the rest added where they are outside it. The origin is in the
// points' hull (GJK's simplex holds it), so it is inside or on the start polytope up to rounding; the main loop
// repairs a face that rounding left behind it. Flat: A - B itself is a point, segment or polygon (every support
// stayed in the span). Every point stays a vertex, inside the hull or on it, but a support already a vertex is
// kept once. record (traced runs only, else null) receives each direction searched and its support.
template <class Difference, Scalar S>
[[nodiscard]] inline Start<S> startPolytope(const Difference& difference, const Simplex<Vec3<S>>& simplex,
                                            S tolerance, Polytope3<S>& polytope, EpaStart3<S>* record) {
  for (int i = 0; i < simplex.count; ++i) (void)polytope.addVertex(simplex.vertices[i]);
  Span<S> span = spanOf(polytope, tolerance);
  for (int round = 0; round < 3 && span.dimension < 3; ++round) {
    std::array<Vec3<S>, 4> directions{};
    int directionCount = 0;
    if (span.dimension == 0) {
      directions = {Vec3<S>{S(0), S(1), S(0)}, Vec3<S>{S(-1), S(-1), S(-1)}, Vec3<S>{S(1), S(-1), S(-1)},
                    Vec3<S>{S(0), S(-1), S(1)}};
      directionCount = 4;
    } else if (span.dimension == 1) {
      // Three perpendiculars 120 degrees apart: t, -t/2 + (sqrt 3)/2 u, -t/2 - (sqrt 3)/2 u.
      const OrthonormalBasis<S> basis = orthonormalBasis(span.axis);
      const S half = S(0.5);
      const S root = S(0.8660254037844386);
      directions[0] = basis.tangent;
      directions[1] = -half * basis.tangent + root * basis.bitangent;
      directions[2] = -half * basis.tangent - root * basis.bitangent;
      directionCount = 3;
    } else {
      directions[0] = span.axis;
      directions[1] = -span.axis;
      directionCount = 2;
    }
    for (int i = 0; i < directionCount; ++i) {
      const SupportPoint<Vec3<S>> support = difference.supportPoint(directions[i]);
      if (!isFinite(support.point)) return {StartOutcome::NotFinite, {}};
      if (record != nullptr) {
        record->directions.push_back(directions[i]);
        record->supports.push_back(support);
      }
      // A support already a vertex (a capsule on a box's edge finds GJK's w0 again) is not added twice: a
      // phantom vertex no face uses (review s34, A4). The trace keeps it among the supports, so the lab can say so.
      if (!polytope.hasVertex(support.point)) (void)polytope.addVertex(support);
    }
    span = spanOf(polytope, tolerance);
  }
  if (span.dimension < 3) {
    Vec3<S> normal{S(1), S(0), S(0)};
    if (span.dimension == 1) normal = orthonormalBasis(span.axis).tangent;
    if (span.dimension == 2) normal = span.axis;
    return {StartOutcome::Flat, normal};
  }

  // The tetrahedron, wound so that face (0, 1, 2) faces away from corner 3.
  std::array<int, 4> corner = span.corners;
  const auto point = [&polytope](int index) { return polytope.vertices[index].point; };
  if (dot(cross(point(corner[1]) - point(corner[0]), point(corner[2]) - point(corner[0])),
          point(corner[3]) - point(corner[0])) > S(0)) {
    std::swap(corner[1], corner[2]);
  }
  const int f0 = polytope.makeFace(corner[0], corner[1], corner[2], 0);
  const int f1 = polytope.makeFace(corner[0], corner[3], corner[1], 0);
  const int f2 = polytope.makeFace(corner[1], corner[3], corner[2], 0);
  const int f3 = polytope.makeFace(corner[2], corner[3], corner[0], 0);
  polytope.link(f0, 0, f1, 2);  // 0-1
  polytope.link(f0, 1, f2, 2);  // 1-2
  polytope.link(f0, 2, f3, 2);  // 2-0
  polytope.link(f1, 0, f3, 1);  // 0-3
  polytope.link(f1, 1, f2, 0);  // 3-1
  polytope.link(f2, 1, f3, 0);  // 3-2
  if (polytope.vertexCount == 4) return {};

  // The other points, each added where it is outside (Jolt's FindFacingTriangle then AddPoint).
  Horizon<S> horizon;
  std::array<int, kEpa3MaxVertices> added;
  for (int i = 0; i < polytope.vertexCount; ++i) {
    if (i == corner[0] || i == corner[1] || i == corner[2] || i == corner[3]) continue;
    const Vec3<S> candidate = polytope.vertices[i].point;
    const S margin = kDefaultRelativeTolerance<S> * polytope.scale;
    int facing = -1;
    S farthest = margin * margin;  // squared heights above the faces' planes
    for (int f = 0; f < polytope.faceEnd; ++f) {
      const Face3<S>& face = polytope.faces[f];
      if (!face.alive || face.degenerate) continue;
      const S height = dot(face.normal, candidate) - face.offset;
      if (height > S(0) && height * height > farthest * face.normalSquared) {
        farthest = height * height / face.normalSquared;
        facing = f;
      }
    }
    if (facing < 0) continue;  // inside or on the hull (a repeated point among them)
    polytope.findHorizon(facing, candidate, margin, horizon);
    if (!horizon.valid || polytope.freeSlots() + horizon.visibleCount < horizon.edgeCount) {
      polytope.unmark(horizon);
      continue;  // rounding: leave the point inside; the polytope stays closed and the main loop grows it
    }
    polytope.insert(horizon, i, 0, added);
  }
  return {};
}

// The closest point to the origin on face `slot`'s plane, as barycentric weights of its vertices (Ericson 3.4),
// and how far outside the triangle it falls (0 inside; the most negative weight's magnitude otherwise).
template <Scalar S>
struct FaceWeights {
  std::array<S, 3> weights{};
  S outside = S(0);
};

template <Scalar S>
[[nodiscard]] inline FaceWeights<S> faceWeights(const Polytope3<S>& polytope, const Face3<S>& face) {
  const Vec3<S> a = polytope.vertices[face.vertex[0]].point;
  const Vec3<S> b = polytope.vertices[face.vertex[1]].point;
  const Vec3<S> c = polytope.vertices[face.vertex[2]].point;
  const Vec3<S> q = (face.offset / face.normalSquared) * face.normal;  // the origin's projection on the plane
  const Vec3<S> v0 = b - a;
  const Vec3<S> v1 = c - a;
  const Vec3<S> v2 = q - a;
  const S d00 = dot(v0, v0);
  const S d01 = dot(v0, v1);
  const S d11 = dot(v1, v1);
  const S d20 = dot(v2, v0);
  const S d21 = dot(v2, v1);
  const S denominator = d00 * d11 - d01 * d01;
  FaceWeights<S> result;
  if (!(denominator > S(0))) {
    result.weights = {S(1), S(0), S(0)};
    result.outside = std::numeric_limits<S>::infinity();
    return result;
  }
  const S v = (d11 * d20 - d01 * d21) / denominator;
  const S w = (d00 * d21 - d01 * d20) / denominator;
  result.weights = {S(1) - v - w, v, w};
  result.outside = std::max({S(0), -result.weights[0], -result.weights[1], -result.weights[2]});
  return result;
}

// Face `slot` as the trace shows it.
template <Scalar S>
[[nodiscard]] inline EpaFace3<S> traceFace(const Polytope3<S>& polytope, int slot) {
  const Face3<S>& face = polytope.faces[slot];
  EpaFace3<S> result;
  result.vertices = face.vertex;
  result.iteration = face.iteration;
  result.degenerate = face.degenerate;
  if (!face.degenerate) {
    result.normal = face.unitNormal();
    result.distance = face.distance();
  }
  return result;
}

// EPA on a curve (kCurvedSupport: a cylinder's rims) closes in on it one support at a time; the gap shrinks with
// the square of the faces' size and never meets a tolerance of a few hundred ulps. Below about 1e-10 of the
// polytope's size the faces are so small that rounding in their normals lets the polytope fold: on 778 random
// overlapping cylinder pairs, 321 folded and 235 ended at the polytope's capacity, some with depths off by 0.2.
// So the default tolerance on a curve is 1e-5 relative: every one of 5,313 pairs converged, in at most 47
// iterations. Jolt, Bullet and libccd default to 1e-4 for every shape.
inline constexpr double kCurvedRelativeTolerance = 1e-5;

template <class A, class B, Scalar S>
[[nodiscard]] S epa3Tolerance(double requested) {
  const S tolerance = resolveTolerance<S>(requested);
  if constexpr (kCurvedSupport<A> || kCurvedSupport<B>) {
    if (requested == 0.0) return std::max(tolerance, S(kCurvedRelativeTolerance));
  }
  return tolerance;
}

}  // namespace detail

// [SECTION] EPA from a simplex (epa3Penetration)

// Penetration of A and B in space (van den Bergen 2003, 4.5; Jolt EPAPenetrationDepth.h) from a simplex of
// whole-shape supports that holds the origin, in practice GJK's on a hit (1-4 points). The start polytope
// is a tetrahedron around the origin (startPolytope). Each iteration takes the face nearest the origin, finds the
// support along its outward normal and, unless that support is no farther than the face, removes the faces that
// see it and closes the hole with a fan from the horizon to it. Stops (status in brackets):
//   DuplicateSupport  the support is already a polytope vertex: the usual end on polytopes [Converged];
//   Converged         support distance - face distance <= tolerance * polytope size: the end on curves [Converged];
//                     the tolerance is options.relativeTolerance, or by default a few hundred ulps, and 1e-5 when
//                     A or B is curved (detail::kCurvedRelativeTolerance);
//   Degenerate        A - B is flat (hit, depth 0, normal perpendicular to it); or the origin is outside A - B
//                     (hit = false: the simplex did not hold it); or rounding left no consistent way to add the
//                     support (the visible faces are not a disk), or the last one folded the polytope (its
//                     closest face came nearer the origin, which exact arithmetic never does): the closest face
//                     before stands [Degenerate];
//   MaxIterations     the cap: options.maxIterations, or the polytope's capacity (kEpa3MaxVertices vertices,
//                     kEpa3MaxFaces faces); depth and normal of the closest face so far, a lower bound
//                     [MaxIterations];
//   InvalidInput      a start of 0 or more than 4 points, NaN or infinite supports, maxIterations < 1, a bad
//                     tolerance.
// Results: depth = the closest face's distance (>= 0); normal = its outward unit normal, from A toward B; pointA and
// pointB are the witnesses of the face's vertices weighted by the barycentric coordinates of the origin's
// projection (of the coplanar face that holds it), so pointA - pointB = depth * normal.
template <SupportShape A, SupportShape B, class Trace = NoTrace>
  requires std::same_as<ShapeVector<A>, Vec3<typename A::Scalar>> && std::same_as<ShapeVector<A>, ShapeVector<B>>
[[nodiscard]] PenetrationResult3<typename A::Scalar> epa3Penetration(const A& a, const B& b,
                                                                     const Simplex<Vec3<typename A::Scalar>>& start,
                                                                     const EpaOptions& options, Trace& trace) {
  using S = typename A::Scalar;
  using V = Vec3<S>;
  PenetrationResult3<S> result;
  const auto finish = [&result](EpaStop stop) {
    result.stop = stop;
    result.status = detail::epaStatus(stop);
    return result;
  };
  const S tolerance = detail::epa3Tolerance<A, B, S>(options.relativeTolerance);
  if (options.maxIterations < 1 || !(tolerance > S(0)) || start.count < 1 || start.count > 4) {
    return finish(EpaStop::InvalidInput);
  }
  for (int i = 0; i < start.count; ++i)
    if (!isFinite(start.vertices[i].point)) return finish(EpaStop::InvalidInput);

  const MinkowskiDifference<A, B> difference{a, b, SupportKind::Whole};
  detail::Polytope3<S> polytope;
  // The start's record is built only when traced, beside the same arithmetic (recorded == unrecorded).
  [[maybe_unused]] std::conditional_t<Trace::enabled, EpaStart3<S>, detail::NoStep> startRecord{};
  EpaStart3<S>* record = nullptr;
  if constexpr (Trace::enabled) record = &startRecord;
  const detail::Start<S> begun = detail::startPolytope(difference, start, tolerance, polytope, record);
  if (begun.outcome == detail::StartOutcome::NotFinite) return finish(EpaStop::InvalidInput);
  if constexpr (Trace::enabled && requires { trace(startRecord); }) {
    startRecord.simplex = start;
    startRecord.vertices.assign(polytope.vertices, polytope.vertices + polytope.vertexCount);
    if (begun.outcome == detail::StartOutcome::Polytope) {
      for (int f = 0; f < polytope.faceEnd; ++f)
        if (polytope.faces[f].alive) startRecord.faces.push_back(detail::traceFace(polytope, f));
    }
    trace(startRecord);
  }
  // With no polytope to read them from, the witnesses are where the origin lies in GJK's last simplex: the same
  // mix of its vertices' points is on A and on B (the first vertex's point on A alone could lie off B: collinear
  // segments overlapping gave (-1, 0, 0) for a B over [-0.5, 1.5], review s31 A10).
  const auto witnessesAtOrigin = [&start] {
    const auto onStart = detail::closestOnSimplex(start);
    std::pair<V, V> points{};
    for (int i = 0, k = 0; i < start.count; ++i) {
      if ((onStart.droppedMask & (1u << i)) != 0) continue;
      const S weight = onStart.weights[static_cast<std::size_t>(k++)];
      points.first += weight * start.vertices[i].pointA;
      points.second += weight * start.vertices[i].pointB;
    }
    return points;
  };
  if (begun.outcome == detail::StartOutcome::Flat) {
    // A - B has no volume: the origin is on it, so the shapes touch with zero depth.
    result.hit = true;
    result.normal = begun.flatNormal;
    const auto [onA, onB] = witnessesAtOrigin();
    result.pointA = onA;
    result.pointB = onB;
    return finish(EpaStop::Degenerate);
  }

  detail::Horizon<S> horizon;
  std::array<int, kEpa3MaxVertices> added;
  EpaStop stop = EpaStop::None;
  int closest = -1;
  bool outside = false;
  // The closest face of the iteration before, kept by value (an insertion may remove it): the answer if the
  // polytope folds. Its vertices stay, since vertices are never removed.
  detail::Face3<S> previous{};
  S previousDistance = -std::numeric_limits<S>::infinity();
  bool folded = false;
  for (int iteration = 1; iteration <= options.maxIterations; ++iteration) {
    result.iterations = iteration;
    closest = polytope.closestFace();
    if (closest < 0) {
      stop = EpaStop::Degenerate;  // no face with a normal left: nothing to expand
      break;
    }
    const detail::Face3<S> face = polytope.faces[closest];  // a copy: the insertion below may reuse its slot
    const S inverseLength = face.inverseLength();
    const V normal = inverseLength * face.normal;
    const S faceDistance = inverseLength * face.offset;
    const SupportPoint<V> support = difference.supportPoint(normal);
    const S supportDistance = dot(support.point, normal);
    const S gap = supportDistance - faceDistance;
    const S margin = tolerance * std::max(polytope.scale, std::abs(supportDistance));
    // Which faces see the support is a question of rounding, not of the requested accuracy: a face the support
    // is above by more than rounding must go, or the polytope folds (a loose tolerance would keep such faces).
    const S rounding = detail::kDefaultRelativeTolerance<S> * std::max(polytope.scale, std::abs(supportDistance));
    bool inserted = false;
    // Only the trace lists the polytope (into its vectors); the untraced run keeps the fixed arrays alone.
    [[maybe_unused]] std::conditional_t<Trace::enabled, EpaStep3<S>, detail::NoStep> step{};
    [[maybe_unused]] std::conditional_t<Trace::enabled, std::vector<int>, detail::NoStep> listed{};
    if constexpr (Trace::enabled) {
      step.iteration = iteration;
      step.vertices.assign(polytope.vertices, polytope.vertices + polytope.vertexCount);
      listed.assign(static_cast<std::size_t>(polytope.faceEnd), -1);
      for (int f = 0; f < polytope.faceEnd; ++f) {
        if (!polytope.faces[f].alive) continue;
        listed[static_cast<std::size_t>(f)] = static_cast<int>(step.faces.size());
        step.faces.push_back(detail::traceFace(polytope, f));
      }
      step.closestFace = listed[static_cast<std::size_t>(closest)];
      step.faceNormal = normal;
      step.faceDistance = faceDistance;
      step.support = support;
      step.supportDistance = supportDistance;
      step.gap = gap;
    }

    if (!isFinite(support.point) || !std::isfinite(gap)) {
      stop = EpaStop::InvalidInput;
    } else if (supportDistance < -margin) {
      // The origin is behind this face and A - B reaches no farther: the origin is outside A - B.
      stop = EpaStop::Degenerate;
      outside = true;
    } else if (faceDistance < previousDistance - rounding) {
      stop = EpaStop::Degenerate;  // the last insertion folded the polytope: the face before stands
      folded = true;
    } else if (polytope.hasVertex(support.point)) {
      stop = EpaStop::DuplicateSupport;  // the face is already on A - B's boundary: the usual end on polytopes
    } else if (gap <= margin) {
      stop = EpaStop::Converged;
    } else if (polytope.vertexCount == kEpa3MaxVertices) {
      stop = EpaStop::MaxIterations;  // no room for the support: the closest face so far stands
    } else {
      // The closest face sees the support (gap > margin), so the walk starts there.
      polytope.findHorizon(closest, support.point, rounding, horizon);
      if (!horizon.valid) {
        polytope.unmark(horizon);
        stop = EpaStop::Degenerate;
      } else if (polytope.freeSlots() + horizon.visibleCount < horizon.edgeCount) {
        polytope.unmark(horizon);
        stop = EpaStop::MaxIterations;  // kEpa3MaxFaces: no room for the fan
      } else {
        if constexpr (Trace::enabled) {
          for (int i = 0; i < horizon.visibleCount; ++i)
            step.removedFaces.push_back(listed[static_cast<std::size_t>(horizon.visible[i])]);
          for (int i = 0; i < horizon.edgeCount; ++i)
            step.horizon.push_back({horizon.edges[i].start, horizon.edges[i].end});
        }
        polytope.insert(horizon, polytope.addVertex(support), iteration, added);
        inserted = true;
        if constexpr (Trace::enabled) {
          for (int i = 0; i < horizon.edgeCount; ++i) step.addedFaces.push_back(detail::traceFace(polytope, added[i]));
        }
        if (iteration == options.maxIterations) stop = EpaStop::MaxIterations;
      }
    }
    if constexpr (Trace::enabled) {
      step.inserted = inserted;
      step.stop = stop;
      if (stop == EpaStop::DuplicateSupport || stop == EpaStop::Converged) {
        for (const EpaFace3<S>& traced : step.faces) {
          step.faceReach.push_back(traced.degenerate ? std::numeric_limits<S>::quiet_NaN()
                                                     : dot(difference.supportPoint(traced.normal).point, traced.normal));
        }
      }
      trace(step);
    }
    if (stop != EpaStop::None) {
      if (inserted) closest = polytope.closestFace();  // the cap right after an insertion: the new closest face
      break;
    }
    previous = face;
    previousDistance = faceDistance;
  }
  if (stop == EpaStop::InvalidInput) return finish(stop);
  if (outside) return finish(stop);  // hit = false
  if (closest < 0) {
    result.hit = true;
    result.normal = V{S(1), S(0), S(0)};
    const auto [onA, onB] = witnessesAtOrigin();
    result.pointA = onA;
    result.pointB = onB;
    return finish(stop);
  }

  // The witnesses: of the faces as near as the closest one and facing the same way (a face of A - B split into
  // triangles), the one whose triangle holds the origin's projection.
  const detail::Face3<S>& best = folded ? previous : polytope.faces[closest];
  const V bestNormal = best.unitNormal();
  const S bestDistance = best.distance();
  const detail::Face3<S>* holder = &best;
  detail::FaceWeights<S> weights = detail::faceWeights(polytope, best);
  if (weights.outside > S(0) && !folded) {
    const S near = tolerance * polytope.scale;
    // d - best <= near, on the keys first (d^2 - best^2 <= near (2 best + near)): most faces need no square root.
    const S keyNear = polytope.keys[closest] + near * (S(2) * std::abs(bestDistance) + near);
    const S parallel = S(1) - std::sqrt(kEpsilon<S>);
    for (int f = 0; f < polytope.faceEnd; ++f) {
      const detail::Face3<S>& face = polytope.faces[f];
      if (f == closest || !(polytope.keys[f] <= keyNear) || !(face.distance() - bestDistance <= near) ||
          dot(face.unitNormal(), bestNormal) < parallel) {
        continue;
      }
      const detail::FaceWeights<S> candidate = detail::faceWeights(polytope, face);
      if (candidate.outside < weights.outside) {
        weights = candidate;
        holder = &face;
      }
    }
  }
  result.hit = true;
  result.depth = std::max(bestDistance, S(0));
  result.normal = bestNormal;
  result.pointA = {};
  result.pointB = {};
  for (int i = 0; i < 3; ++i) {
    result.pointA += weights.weights[i] * polytope.vertices[holder->vertex[i]].pointA;
    result.pointB += weights.weights[i] * polytope.vertices[holder->vertex[i]].pointB;
  }
  return finish(stop);
}

template <SupportShape A, SupportShape B>
  requires std::same_as<ShapeVector<A>, Vec3<typename A::Scalar>> && std::same_as<ShapeVector<A>, ShapeVector<B>>
[[nodiscard]] PenetrationResult3<typename A::Scalar> epa3Penetration(const A& a, const B& b,
                                                                     const Simplex<Vec3<typename A::Scalar>>& start,
                                                                     const EpaOptions& options = {}) {
  NoTrace trace;
  return epa3Penetration(a, b, start, options, trace);
}

// [SECTION] GJK then EPA (gjkEpa3; rounded shapes through their cores)

// Penetration of A and B in space: GJK distance on the cores first (van den Bergen 2003, 4.3; its GjkSteps go to
// gjkTrace, gjkIterations counts them), then, only when the cores overlap or touch, EPA on the cores from that
// run's simplex (steps to epaTrace). Shapes without rounding (coreRadius() == 0: boxes, hulls, cylinders, segments,
// triangles) are their own cores; spheres and capsules are a point or a segment and a radius, so the curved part
// never reaches EPA (Jolt EPAPenetrationDepth.h's GetPenetrationDepthStepGJK; Box2D's distance proxies). With d the
// cores' distance and rA + rB the radii:
//   d > rA + rB      no hit, stop None, no EPA steps (touching counts as a hit, as in boolean GJK);
//   0 < d <= rA + rB hit, depth = rA + rB - d along the cores' normal, pointA/pointB on the rounded surfaces, stop
//                    RoundedCores, iterations 0 and no EPA steps ("the cores are 0.3 apart, less than
//                    rA + rB = 1.5: depth 1.2 without EPA"), when the cores' support along that normal confirms it
//                    to EPA's tolerance; otherwise (GJK stalled on a curve with the normal still loose) EPA on the
//                    whole shapes from the cores' simplex, with its stops;
//   cores overlap    EPA on the cores (epa3Penetration: its stops and statuses), then depth += rA + rB and the
//   or touch         points move out to the surfaces along the normal. When rounded cores' difference is flat
//                    through the origin (concentric spheres, capsules along one line) EPA has no step to take:
//                    depth = rA + rB exactly, stop RoundedCores, normal perpendicular to the flat difference, or +x
//                    of the frame the algorithm works in (A's) when it is a point (concentric spheres).
// Why GJK distance and not gjkIntersect, as gjkEpa does in the plane: one path for every shape, and in space it is
// the faster of the two today (about 0.36 us against 0.68 us on overlapping boxes, bench/epa3_bench.cpp). Its
// final simplex holds the origin exactly when boolean GJK's would.
// Status: Converged, MaxIterations when GJK distance or EPA hit their cap, Degenerate when EPA could not grow its
// polytope or the cores' difference is flat, InvalidInput for bad input (a negative or non-finite radius, NaN or
// infinite coordinates).
template <SupportShape A, SupportShape B, class GjkTrace = NoTrace, class EpaTrace = NoTrace>
  requires std::same_as<ShapeVector<A>, Vec3<typename A::Scalar>> && std::same_as<ShapeVector<A>, ShapeVector<B>>
[[nodiscard]] PenetrationResult3<typename A::Scalar> gjkEpa3(const A& a, const B& b, const GjkOptions& gjkOptions,
                                                             const EpaOptions& epaOptions, GjkTrace& gjkTrace,
                                                             EpaTrace& epaTrace) {
  using S = typename A::Scalar;
  const S radiusA = a.coreRadius();
  const S radiusB = b.coreRadius();
  PenetrationResult3<S> result;
  if (!detail::validRadius(radiusA) || !detail::validRadius(radiusB)) {
    result.stop = EpaStop::InvalidInput;
    result.status = Status::InvalidInput;
    return result;
  }
  const S radii = radiusA + radiusB;
  const detail::CoreDistance<Vec3<S>> core = detail::coreDistance(a, b, gjkOptions, nullptr, gjkTrace);
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
      // radii - |v| is the depth, but -v's direction is a normal only as far as the cores' support along it
      // confirms: with w that support, the overlap along the normal exceeds the depth by the duality gap
      // |v| - dot(v, w) / |v| (van den Bergen 2003, 4.3). It is within rounding when GJK ends on a vertex, edge or
      // face, but GJK on a curve stops when |v| stalls, and |v| stalls long before its direction settles: |v|
      // exceeds the distance by about |v| angle^2 / 2, so small cores' distances leave the direction loose
      // (a capsule along a cylinder's rim, cores 1.4e-4 apart: |v| within 4e-7 of the distance, the normal 8.6e-4
      // rad off, the overlap along it 1.2e-3 above the depth). A gap over EPA's tolerance sends the whole shapes
      // through EPA, as Jolt does below its GJK tolerance (EPAPenetrationDepth.h, GetPenetrationDepthStepEPA).
      const SupportPoint<Vec3<S>> check =
          MinkowskiDifference<A, B>{a, b, SupportKind::Core}.supportPoint(-core.closestPoint);
      // Allowed: EPA's margin (its tolerance times the size of A - B, here |w|), and never less than rounding in
      // the coordinates the supports come from (GJK's own floor, the default tolerance times their size).
      const S tolerance = detail::epa3Tolerance<A, B, S>(epaOptions.relativeTolerance);
      const S coordinates = std::sqrt(std::max(lengthSquared(check.pointA), lengthSquared(check.pointB)));
      const S allowed = std::max(tolerance * std::sqrt(lengthSquared(check.point)),
                                 detail::kDefaultRelativeTolerance<S> * coordinates);
      const S gap = coreDistance - dot(core.closestPoint, check.point) / coreDistance;
      if (gap <= allowed) {
        result.hit = true;
        result.stop = EpaStop::RoundedCores;
        result.depth = radii - coreDistance;
        result.normal = -core.closestPoint / coreDistance;  // closestPoint = coreA - coreB: from A toward B
        result.pointA = core.coreA + radiusA * result.normal;
        result.pointB = core.coreB - radiusB * result.normal;
        return result;
      }
      if (!isFinite(check.point) || !std::isfinite(gap)) {
        result.stop = EpaStop::InvalidInput;
        result.status = Status::InvalidInput;
        return result;
      }
      // The cores' simplex lies within radii of the origin and inside A - B; EPA grows it out to A - B's boundary.
      result = epa3Penetration(a, b, core.simplex, epaOptions, epaTrace);
      result.gjkIterations = core.iterations;
      return result;
    }
  }
  // The cores overlap or touch: EPA on them from GJK's simplex, then the radii on top.
  result = epa3Penetration(CoreShape<A>{a}, CoreShape<B>{b}, core.simplex, epaOptions, epaTrace);
  result.gjkIterations = core.iterations;
  if (!result.hit || !(radii > S(0))) return result;
  result.depth += radii;
  result.pointA += radiusA * result.normal;
  result.pointB -= radiusB * result.normal;
  if (result.stop == EpaStop::Degenerate && result.depth == radii) {
    // The cores' difference is flat through the origin (concentric spheres, capsules along one line, a sphere's
    // centre on a segment): the core depth 0 and its normal are exact, so the depth is exactly rA + rB.
    result.stop = EpaStop::RoundedCores;
    result.status = Status::Converged;
  }
  return result;
}

template <SupportShape A, SupportShape B>
  requires std::same_as<ShapeVector<A>, Vec3<typename A::Scalar>> && std::same_as<ShapeVector<A>, ShapeVector<B>>
[[nodiscard]] PenetrationResult3<typename A::Scalar> gjkEpa3(const A& a, const B& b, const GjkOptions& gjkOptions = {},
                                                             const EpaOptions& epaOptions = {}) {
  NoTrace gjkTrace;
  NoTrace epaTrace;
  return gjkEpa3(a, b, gjkOptions, epaOptions, gjkTrace, epaTrace);
}

}  // namespace collide
