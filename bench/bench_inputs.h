// bench/bench_inputs.h: deterministic random shapes and pairs, shared by the benchmarks and the Box2D
// differential test (tests/box2d), and their Box2D 2.4.1 mirrors built straight from our vertices.
//
// The generators live in workloads/random_shapes.h (one SplitMix64 for every workload); this header adds the
// Box2D side.
//
// [SECTION] Generators (workloads/random_shapes.h), under the names the benchmarks use
// [SECTION] Box2D mirrors (the same vertices, transforms and radii)
#pragma once

#include <box2d/b2_circle_shape.h>
#include <box2d/b2_distance.h>
#include <box2d/b2_edge_shape.h>
#include <box2d/b2_math.h>
#include <box2d/b2_polygon_shape.h>

#include <array>
#include <cstdint>
#include <numbers>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "collide/math.h"
#include "collide/polygon.h"
#include "collide/shapes.h"
#include "workloads/random_shapes.h"

namespace collide::bench {

// [SECTION] Generators (workloads/random_shapes.h), under the names the benchmarks use

using Random = SplitMix64;
using collide::makeBoundsOverlappingPairs;
using collide::makePairs;
using collide::randomBox;
using collide::randomCapsule;
using collide::randomCircle;
using collide::randomPolygon;
using collide::randomPose;
using collide::ShapePair;

// [SECTION] Box2D mirrors (the same vertices, transforms and radii)

[[nodiscard]] inline b2Vec2 toBox2d(Vec2<float> v) { return {v.x, v.y}; }
[[nodiscard]] inline Vec2<float> fromBox2d(b2Vec2 v) { return {v.x, v.y}; }

// Same cosine and sine, so both libraries see bit-identical transforms.
[[nodiscard]] inline b2Transform toBox2d(const Transform<float>& transform) {
  b2Rot rotation;
  rotation.c = transform.q.c;
  rotation.s = transform.q.s;
  return {toBox2d(transform.p), rotation};
}

// The vertices and radius a b2DistanceProxy points at. b2DistanceProxy keeps a pointer to the vertex array, so a
// proxy must be made (proxy()) only once this storage has stopped moving.
struct ProxyVertices {
  std::array<b2Vec2, b2_maxPolygonVertices> vertices{};
  int count = 0;
  float radius = 0.0f;

  [[nodiscard]] b2DistanceProxy proxy() const {
    b2DistanceProxy result;
    result.Set(vertices.data(), count, radius);
    return result;
  }
};

[[nodiscard]] inline ProxyVertices proxyVertices(const Polygon<float>& polygon) {
  if (polygon.count > b2_maxPolygonVertices)
    throw std::logic_error("a polygon of " + std::to_string(polygon.count) + " vertices exceeds b2_maxPolygonVertices");
  ProxyVertices result;
  for (int i = 0; i < polygon.count; ++i) result.vertices[static_cast<std::size_t>(i)] = toBox2d(polygon.vertices[static_cast<std::size_t>(i)]);
  result.count = polygon.count;
  return result;
}

[[nodiscard]] inline ProxyVertices proxyVertices(const Box<float>& box) {
  ProxyVertices result;
  const std::array<Vec2<float>, 4> corners = box.corners();
  for (std::size_t i = 0; i < 4; ++i) result.vertices[i] = toBox2d(corners[i]);
  result.count = 4;
  return result;
}

// A circle is one vertex with a radius; a capsule two (Box2D's b2CircleShape and rounded b2EdgeShape proxies).
[[nodiscard]] inline ProxyVertices proxyVertices(const Circle<float>& circle) {
  ProxyVertices result;
  result.vertices[0] = toBox2d(circle.center);
  result.count = 1;
  result.radius = circle.radius;
  return result;
}

[[nodiscard]] inline ProxyVertices proxyVertices(const Capsule<float>& capsule) {
  ProxyVertices result;
  result.vertices[0] = toBox2d(capsule.a);
  result.vertices[1] = toBox2d(capsule.b);
  result.count = 2;
  result.radius = capsule.radius;
  return result;
}

// A b2PolygonShape holding exactly our vertices and normals, with no skin: b2PolygonShape::Set would rebuild the hull
// (and may rotate the vertex order), and its default m_radius (b2_polygonRadius = 0.01) would make b2TestOverlap
// report pairs up to 0.02 apart as overlapping.
[[nodiscard]] inline b2PolygonShape box2dShape(const Polygon<float>& polygon) {
  if (polygon.count > b2_maxPolygonVertices)
    throw std::logic_error("a polygon of " + std::to_string(polygon.count) + " vertices exceeds b2_maxPolygonVertices");
  b2PolygonShape shape;
  for (int i = 0; i < polygon.count; ++i) {
    shape.m_vertices[i] = toBox2d(polygon.vertices[static_cast<std::size_t>(i)]);
    shape.m_normals[i] = toBox2d(polygon.normals[static_cast<std::size_t>(i)]);
  }
  shape.m_count = polygon.count;
  shape.m_centroid = toBox2d(polygon.center);
  shape.m_radius = 0.0f;
  return shape;
}

[[nodiscard]] inline b2PolygonShape box2dShape(const Box<float>& box) {
  b2PolygonShape shape;
  shape.SetAsBox(box.halfExtents.x, box.halfExtents.y);
  shape.m_radius = 0.0f;
  return shape;
}

[[nodiscard]] inline b2CircleShape box2dShape(const Circle<float>& circle) {
  b2CircleShape shape;
  shape.m_p = toBox2d(circle.center);
  shape.m_radius = circle.radius;
  return shape;
}

// A capsule is a two-sided edge whose skin is the capsule's radius.
[[nodiscard]] inline b2EdgeShape box2dShape(const Capsule<float>& capsule) {
  b2EdgeShape shape;
  shape.SetTwoSided(toBox2d(capsule.a), toBox2d(capsule.b));
  shape.m_radius = capsule.radius;
  return shape;
}

}  // namespace collide::bench
