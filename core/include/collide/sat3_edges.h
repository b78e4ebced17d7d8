// collide/sat3_edges.h: the edges an edge-pair axis of 3D SAT names (SatAxisStep3::indexA, indexB), as segments and
// directions a picture or words can show. A step's "edge 0 of A x edge 1 of B" could not be checked without the
// shapes' numbering, which differs between SAT's two paths (review s34, A8). Apart from sat3.h so the query
// dispatch, which never needs it, does not compile it.
//
// [SECTION] The edges an edge-pair axis names (satEdge)
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <type_traits>
#include <variant>

#include "collide/sat3.h"

namespace collide {

// One edge of a shape as an edge-pair step names it (SatAxisStep3::indexA or indexB), for a picture or words: its
// unit direction in the shape's frame and in the world, and a segment of the shape along it in the world. A step's
// "edge 0 of A" meant nothing a reader could check without the shape's numbering (review s34, A8).
template <Scalar S>
struct SatEdge3 {
  Vec3<S> localDirection{};  // unit, in the shape's own frame (an aabb's is the world's)
  Vec3<S> direction{};       // unit, world
  Vec3<S> from{}, to{};      // world; equal for a zero-length edge (a triangle's side seen as a prism of no height)
  int boxAxis = -1;          // 0, 1, 2: it runs along that axis of a box, an aabb or a point's frame
  int vertexA = -1, vertexB = -1;  // a hull's edge: its two vertices
};

namespace detail {

// Edge `index` of a polytope view (frame `xf`) as the polytope path numbers it. A hull's edge has its two vertices; a
// small shape's (box, aabb, point, segment, triangle) is where the vertices farthest along both its faces lie.
template <Scalar S>
[[nodiscard]] SatEdge3<S> viewEdge(const PolytopeView3<S>& view, const Transform3<S>& xf, int index) {
  SatEdge3<S> edge;
  const HullEdge& e = view.edges[index];
  edge.localDirection = normalize(view.edgeDirection(index));
  Vec3<S> from{}, to{};
  if (view.edgeDirections == nullptr) {
    from = view.vertices[e.a];
    to = view.vertices[e.b];
    edge.vertexA = e.a;
    edge.vertexB = e.b;
  } else {
    const Vec3<S> u = view.faces[e.faceA].normal, v = view.faces[e.faceB].normal;
    S topU = -std::numeric_limits<S>::infinity(), topV = topU, scale = S(0);
    for (int i = 0; i < view.vertexCount; ++i) {
      topU = std::max(topU, dot(view.vertices[i], u));
      topV = std::max(topV, dot(view.vertices[i], v));
      scale = std::max(scale, std::abs(view.vertices[i].x) + std::abs(view.vertices[i].y) + std::abs(view.vertices[i].z));
    }
    const S tolerance = S(64) * kEpsilon<S> * std::max(scale, S(1));
    S low = std::numeric_limits<S>::infinity(), high = -low;
    for (int i = 0; i < view.vertexCount; ++i) {
      const Vec3<S> p = view.vertices[i];
      if (dot(p, u) < topU - tolerance || dot(p, v) < topV - tolerance) continue;
      const S along = dot(p, edge.localDirection);
      if (along < low) low = along, from = p;
      if (along > high) high = along, to = p;
    }
  }
  edge.direction = xf.q.apply(edge.localDirection);
  edge.from = xf.apply(from);
  edge.to = xf.apply(to);
  return edge;
}

}  // namespace detail

// The edge `index` of A (`ofA`) or B in an edge-pair step of SAT between `a` and `b`, numbered as the run numbered
// it: two boxes take the 15-axis path, whose edge i is a box's axis i (its 4 edges along it: the segment is the one
// facing the other box's centre, where a reader looks for it; the one farthest along the axis was often behind the
// box's own faces); every other pair the polytope path, whose edges are a hull's (as makeHull lists them), a box's 12
// (4 per axis, as boxFacesAndEdges orders them), a triangle's 9 (top, bottom, the zero-length sides). nullopt for a
// shape SAT does not take or an index out of range.
template <Scalar S>
[[nodiscard]] std::optional<SatEdge3<S>> satEdge(const Collider3<S>& a, const Collider3<S>& b, bool ofA, int index) {
  const Collider3<S>& collider = ofA ? a : b;
  const Vec3<S> toward = placement(ofA ? b : a).p - placement(collider).p;
  const Transform3<S> xf = placement(collider);
  const bool boxPath = std::holds_alternative<Box3<S>>(a.shape) && std::holds_alternative<Box3<S>>(b.shape);
  if (boxPath) {
    if (index < 0 || index > 2) return std::nullopt;
    const Box3<S>& box = std::get<Box3<S>>(collider.shape);
    const S h[3] = {box.halfExtents.x, box.halfExtents.y, box.halfExtents.z};
    const Vec3<S> towardLocal = xf.q.applyInverse(toward);
    const S side[3] = {towardLocal.x, towardLocal.y, towardLocal.z};
    SatEdge3<S> edge;
    S corner[3];
    for (int k = 0; k < 3; ++k) corner[k] = side[k] >= S(0) ? h[k] : -h[k];
    S low[3] = {corner[0], corner[1], corner[2]}, high[3] = {corner[0], corner[1], corner[2]};
    low[index] = -h[index];
    high[index] = h[index];
    S axis[3] = {S(0), S(0), S(0)};
    axis[index] = S(1);
    edge.localDirection = {axis[0], axis[1], axis[2]};
    edge.direction = xf.q.apply(edge.localDirection);
    edge.from = xf.apply(Vec3<S>{low[0], low[1], low[2]});
    edge.to = xf.apply(Vec3<S>{high[0], high[1], high[2]});
    edge.boxAxis = index;
    return edge;
  }
  return std::visit(
      [&](const auto& shape) -> std::optional<SatEdge3<S>> {
        using T = std::decay_t<decltype(shape)>;
        if constexpr (PolytopeShape3<T>) {
          return detail::withView(shape, [&](const detail::PolytopeView3<S>& view) -> std::optional<SatEdge3<S>> {
            if (index < 0 || index >= view.edgeCount) return std::nullopt;
            SatEdge3<S> edge = detail::viewEdge(view, detail::viewTransform(shape, collider.transform), index);
            // boxFacesAndEdges: 4 edges along each axis in turn.
            if constexpr (std::same_as<T, Box3<S>> || std::same_as<T, Aabb3<S>> || std::same_as<T, Point3<S>>) edge.boxAxis = index / 4;
            return edge;
          });
        } else {
          return std::nullopt;
        }
      },
      collider.shape);
}

}  // namespace collide
