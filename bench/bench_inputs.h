// bench/bench_inputs.h: deterministic random shapes and pairs, shared by the benchmarks and the Box2D
// differential test (tests/box2d), and their Box2D 2.4.1 mirrors built straight from our vertices.
//
// Every generator draws from Random (SplitMix64), not std:: distributions, whose output differs between standard
// libraries: a seed gives the same shapes everywhere, so a failing pair can be reproduced from its seed and index.
//
// [SECTION] Random numbers
// [SECTION] Shapes
// [SECTION] Pairs
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

namespace collide::bench {

// [SECTION] Random numbers

// SplitMix64 (Steele, Lea, Flood 2014): tiny, fast, and the same sequence on every platform.
struct Random {
  std::uint64_t state = 0;

  std::uint64_t next() {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform in [low, high), from the top 53 bits.
  double uniform(double low, double high) {
    return low + (high - low) * static_cast<double>(next() >> 11) * 0x1.0p-53;
  }
  // Uniform in [low, high], both included.
  int integer(int low, int high) {
    return low + static_cast<int>(next() % static_cast<std::uint64_t>(high - low + 1));
  }
  template <Scalar S>
  S angle() {
    return static_cast<S>(uniform(-std::numbers::pi, std::numbers::pi));
  }
};

// [SECTION] Shapes

// A convex polygon with exactly vertexCount vertices (3 to 8 here, Box2D 2.4.1's b2_maxPolygonVertices): points at
// jittered angles on an ellipse, which stay strictly convex (an affine image of a circle), then validated by
// makePolygon. The angular jitter keeps neighbours at least 0.3 of a regular step apart, far from collinear.
template <Scalar S>
[[nodiscard]] Polygon<S> randomPolygon(Random& random, int vertexCount, double size) {
  const double radiusX = size * random.uniform(0.5, 1.0);
  const double radiusY = size * random.uniform(0.5, 1.0);
  const double tilt = random.uniform(-std::numbers::pi, std::numbers::pi);
  const double step = 2.0 * std::numbers::pi / vertexCount;
  std::vector<Vec2<S>> points;
  for (int i = 0; i < vertexCount; ++i) {
    const double angle = (i + random.uniform(-0.35, 0.35)) * step;
    const double x = radiusX * std::cos(angle);
    const double y = radiusY * std::sin(angle);
    points.push_back({static_cast<S>(x * std::cos(tilt) - y * std::sin(tilt)),
                      static_cast<S>(x * std::sin(tilt) + y * std::cos(tilt))});
  }
  PolygonBuildResult<S> built = makePolygon<S>(std::span<const Vec2<S>>(points));
  if (!built.polygon || built.polygon->count != vertexCount)
    throw std::logic_error("randomPolygon: the generated outline was refused: " + built.error);
  return *built.polygon;
}

template <Scalar S>
[[nodiscard]] Box<S> randomBox(Random& random, double size) {
  return {{static_cast<S>(size * random.uniform(0.25, 1.0)), static_cast<S>(size * random.uniform(0.25, 1.0))}};
}

// Off-centre on purpose: a centre away from the local origin exercises the proxy's vertex, not just the transform.
template <Scalar S>
[[nodiscard]] Circle<S> randomCircle(Random& random, double size) {
  const Vec2<S> center{static_cast<S>(size * random.uniform(-0.2, 0.2)), static_cast<S>(size * random.uniform(-0.2, 0.2))};
  return {center, static_cast<S>(size * random.uniform(0.2, 1.0))};
}

template <Scalar S>
[[nodiscard]] Capsule<S> randomCapsule(Random& random, double size) {
  const double halfLength = size * random.uniform(0.2, 1.0);
  const double direction = random.uniform(-std::numbers::pi, std::numbers::pi);
  const Vec2<S> middle{static_cast<S>(size * random.uniform(-0.2, 0.2)), static_cast<S>(size * random.uniform(-0.2, 0.2))};
  const Vec2<S> half{static_cast<S>(halfLength * std::cos(direction)), static_cast<S>(halfLength * std::sin(direction))};
  return {middle - half, middle + half, static_cast<S>(size * random.uniform(0.1, 0.6))};
}

// [SECTION] Pairs

// Two shapes placed in the world. B's position is A's plus a random offset within `reach` of it, so a set mixes
// overlapping, touching-close and separated pairs; `spread` scatters A over the world.
template <class ShapeA, class ShapeB>
struct ShapePair {
  using S = typename ShapeA::Scalar;
  ShapeA a;
  ShapeB b;
  Transform<S> poseA;  // world
  Transform<S> poseB;  // world
};

template <Scalar S>
[[nodiscard]] Transform<S> randomPose(Random& random, double spread) {
  return Transform<S>::fromPose(
      {static_cast<S>(random.uniform(-spread, spread)), static_cast<S>(random.uniform(-spread, spread))},
      random.angle<S>());
}

// count pairs from makeA(random) and makeB(random); B within `reach` of A.
template <class MakeA, class MakeB>
[[nodiscard]] auto makePairs(std::uint64_t seed, int count, double spread, double reach, MakeA makeA, MakeB makeB) {
  Random random{seed};
  using ShapeA = decltype(makeA(random));
  using ShapeB = decltype(makeB(random));
  using S = typename ShapeA::Scalar;
  std::vector<ShapePair<ShapeA, ShapeB>> pairs;
  pairs.reserve(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) {
    ShapeA a = makeA(random);
    ShapeB b = makeB(random);
    const Transform<S> poseA = randomPose<S>(random, spread);
    const Transform<S> offset = randomPose<S>(random, reach);
    pairs.push_back({a, b, poseA, {poseA.p + offset.p, offset.q}});
  }
  return pairs;
}

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
