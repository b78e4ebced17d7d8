// workloads/random_shapes.h: deterministic random shapes and shape pairs, shared by the benchmarks, the Box2D
// differential test and the property tests. Every generator draws from SplitMix64 (workloads/random.h), so a seed
// gives the same shapes everywhere and a failing pair is reproduced from its seed and index.
//
// [SECTION] Shapes
// [SECTION] Pairs
#pragma once

#include <cstdint>
#include <numbers>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "collide/math.h"
#include "collide/polygon.h"
#include "collide/shapes.h"
#include "workloads/random.h"

namespace collide {

// [SECTION] Shapes

// A convex polygon with exactly vertexCount vertices (3 to 8 here, Box2D 2.4.1's b2_maxPolygonVertices): points at
// jittered angles on an ellipse, which stay strictly convex (an affine image of a circle), then validated by
// makePolygon. The angular jitter keeps neighbours at least 0.3 of a regular step apart, far from collinear.
template <Scalar S>
[[nodiscard]] Polygon<S> randomPolygon(SplitMix64& random, int vertexCount, double size) {
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
[[nodiscard]] Box<S> randomBox(SplitMix64& random, double size) {
  return {{static_cast<S>(size * random.uniform(0.25, 1.0)), static_cast<S>(size * random.uniform(0.25, 1.0))}};
}

// Off-centre on purpose: a centre away from the local origin exercises the proxy's vertex, not just the transform.
template <Scalar S>
[[nodiscard]] Circle<S> randomCircle(SplitMix64& random, double size) {
  const Vec2<S> center{static_cast<S>(size * random.uniform(-0.2, 0.2)), static_cast<S>(size * random.uniform(-0.2, 0.2))};
  return {center, static_cast<S>(size * random.uniform(0.2, 1.0))};
}

template <Scalar S>
[[nodiscard]] Capsule<S> randomCapsule(SplitMix64& random, double size) {
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
[[nodiscard]] Transform<S> randomPose(SplitMix64& random, double spread) {
  return Transform<S>::fromPose(
      {static_cast<S>(random.uniform(-spread, spread)), static_cast<S>(random.uniform(-spread, spread))},
      static_cast<S>(random.angle()));
}

// One pair from makeA(random) and makeB(random); B within `reach` of A.
template <class MakeA, class MakeB>
[[nodiscard]] auto makePair(SplitMix64& random, double spread, double reach, MakeA& makeA, MakeB& makeB) {
  using ShapeA = decltype(makeA(random));
  using ShapeB = decltype(makeB(random));
  using S = typename ShapeA::Scalar;
  ShapeA a = makeA(random);
  ShapeB b = makeB(random);
  const Transform<S> poseA = randomPose<S>(random, spread);
  const Transform<S> offset = randomPose<S>(random, reach);
  return ShapePair<ShapeA, ShapeB>{a, b, poseA, {poseA.p + offset.p, offset.q}};
}

// count pairs from makeA(random) and makeB(random); B within `reach` of A.
template <class MakeA, class MakeB>
[[nodiscard]] auto makePairs(std::uint64_t seed, int count, double spread, double reach, MakeA makeA, MakeB makeB) {
  SplitMix64 random{seed};
  std::vector<decltype(makePair(random, spread, reach, makeA, makeB))> pairs;
  pairs.reserve(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) pairs.push_back(makePair(random, spread, reach, makeA, makeB));
  return pairs;
}

// What a broad phase passes on to the narrow phase: the first `count` pairs of makePairs' stream whose world
// bounding boxes (bounds(), as every broad phase of the library sees a collider) overlap. Most of them overlap or
// nearly touch, unlike makePairs' mostly separated pairs, so they weigh GJK's start and its last steps.
template <class MakeA, class MakeB>
[[nodiscard]] auto makeBoundsOverlappingPairs(std::uint64_t seed, int count, double spread, double reach, MakeA makeA,
                                              MakeB makeB) {
  SplitMix64 random{seed};
  using Pair = decltype(makePair(random, spread, reach, makeA, makeB));
  using S = typename Pair::S;
  std::vector<Pair> pairs;
  pairs.reserve(static_cast<std::size_t>(count));
  // B's offset is within reach, so a fair share of candidates qualify; the cap only guards a caller's odd reach.
  const long long maxCandidates = 1000LL * count + 1000;
  for (long long candidate = 0; static_cast<int>(pairs.size()) < count; ++candidate) {
    if (candidate == maxCandidates)
      throw std::logic_error("makeBoundsOverlappingPairs: too few pairs with overlapping bounds at this reach");
    Pair pair = makePair(random, spread, reach, makeA, makeB);
    if (overlaps(bounds(Collider<S>{pair.a, pair.poseA}), bounds(Collider<S>{pair.b, pair.poseB})))
      pairs.push_back(pair);
  }
  return pairs;
}

}  // namespace collide
