// workloads/random_shapes3.h: deterministic random 3D shapes, poses and shape pairs, shared by the 3D property
// tests, the differential test against Bullet and libccd, and the 3D benchmarks. Every generator draws from
// SplitMix64 (workloads/random.h), so a seed gives the same shapes everywhere and a failing pair is rebuilt from
// its seed and index.
//
// Hulls are built by makeHull (hull3.h), so every algorithm takes them: GJK reads the vertices, SAT and the
// point-in-hull test the faces and edges.
//
// [SECTION] Rotations and poses
// [SECTION] Shapes
// [SECTION] Pairs as a broad phase passes them
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <stdexcept>
#include <vector>

#include "collide/bounds.h"
#include "collide/hull3.h"
#include "collide/math.h"
#include "collide/shapes3.h"
#include "workloads/random.h"

namespace collide {

// [SECTION] Rotations and poses

// A rotation uniform over SO(3): Shoemake, "Uniform Random Rotations", Graphics Gems III (1992).
template <Scalar S>
[[nodiscard]] Quat<S> randomRotation(SplitMix64& random) {
  const double u1 = random.uniform();
  const double u2 = 2.0 * std::numbers::pi * random.uniform();
  const double u3 = 2.0 * std::numbers::pi * random.uniform();
  const double r1 = std::sqrt(1.0 - u1);
  const double r2 = std::sqrt(u1);
  const Quat<double> q{r1 * std::sin(u2), r1 * std::cos(u2), r2 * std::sin(u3), r2 * std::cos(u3)};
  return q.normalized().template cast<S>().normalized();
}

// A unit vector uniform over the sphere (Marsaglia's z and angle).
[[nodiscard]] inline Vec3<double> randomDirection(SplitMix64& random) {
  const double z = random.uniform(-1.0, 1.0);
  const double angle = random.angle();
  const double radial = std::sqrt(std::max(0.0, 1.0 - z * z));
  return {radial * std::cos(angle), radial * std::sin(angle), z};
}

// A position in the cube [-spread, spread]^3 and a uniform rotation.
template <Scalar S>
[[nodiscard]] Transform3<S> randomPose3(SplitMix64& random, double spread) {
  const Vec3<double> p{random.uniform(-spread, spread), random.uniform(-spread, spread),
                       random.uniform(-spread, spread)};
  return {p.template cast<S>(), randomRotation<S>(random)};
}

// [SECTION] Shapes

template <Scalar S>
[[nodiscard]] Box3<S> randomBox3(SplitMix64& random, double size) {
  return {{static_cast<S>(size * random.uniform(0.25, 1.0)), static_cast<S>(size * random.uniform(0.25, 1.0)),
           static_cast<S>(size * random.uniform(0.25, 1.0))}};
}

// The hull (makeHull, hull3.h) of pointCount points (8 to 32 in the tests) at uniform directions on a random
// ellipsoid, each pulled in by up to 20%: most are hull vertices, a few lie inside.
template <Scalar S>
[[nodiscard]] Hull<S> randomHull(SplitMix64& random, int pointCount, double size) {
  const Vec3<double> radii{size * random.uniform(0.5, 1.0), size * random.uniform(0.5, 1.0),
                           size * random.uniform(0.5, 1.0)};
  std::vector<Vec3<S>> points;
  points.reserve(static_cast<std::size_t>(pointCount));
  for (int i = 0; i < pointCount; ++i) {
    const Vec3<double> d = randomDirection(random);
    const double pull = random.uniform(0.8, 1.0);
    points.push_back(Vec3<double>{pull * radii.x * d.x, pull * radii.y * d.y, pull * radii.z * d.z}.template cast<S>());
  }
  // Eight or more random directions span a volume except with probability zero; a refusal would be a defect.
  HullBuildResult<S> built = makeHull<S>(points);
  if (!built.hull) throw std::logic_error("randomHull: " + built.error);
  return std::move(*built.hull);
}

// Off-centre on purpose, as in 2D: the centre's offset exercises the shape, not just the transform.
template <Scalar S>
[[nodiscard]] Sphere<S> randomSphere(SplitMix64& random, double size) {
  const Vec3<double> center{size * random.uniform(-0.2, 0.2), size * random.uniform(-0.2, 0.2),
                            size * random.uniform(-0.2, 0.2)};
  return {center.template cast<S>(), static_cast<S>(size * random.uniform(0.2, 1.0))};
}

template <Scalar S>
[[nodiscard]] Capsule3<S> randomCapsule3(SplitMix64& random, double size) {
  const Vec3<double> middle{size * random.uniform(-0.2, 0.2), size * random.uniform(-0.2, 0.2),
                            size * random.uniform(-0.2, 0.2)};
  const Vec3<double> half = size * random.uniform(0.2, 1.0) * randomDirection(random);
  return {(middle - half).template cast<S>(), (middle + half).template cast<S>(),
          static_cast<S>(size * random.uniform(0.1, 0.6))};
}

template <Scalar S>
[[nodiscard]] Cylinder<S> randomCylinder(SplitMix64& random, double size) {
  return {static_cast<S>(size * random.uniform(0.2, 1.0)), static_cast<S>(size * random.uniform(0.2, 1.0))};
}

// One of the convex kinds above, each equally likely: box, hull of 8 to 32 points, sphere, capsule, cylinder.
template <Scalar S>
[[nodiscard]] Shape3<S> randomShape3(SplitMix64& random, double size) {
  switch (random.integer(0, 4)) {
    case 0: return randomBox3<S>(random, size);
    case 1: return randomHull<S>(random, random.integer(8, 32), size);
    case 2: return randomSphere<S>(random, size);
    case 3: return randomCapsule3<S>(random, size);
    default: return randomCylinder<S>(random, size);
  }
}

// [SECTION] Pairs as a broad phase passes them

// The scalar of a concrete shape or of the Shape3 variant.
template <class Shape>
struct ShapeScalar {
  using type = typename Shape::Scalar;
};
template <Scalar S>
struct ShapeScalar<Shape3<S>> {
  using type = S;
};

template <class ShapeA, class ShapeB>
struct ShapePair3 {
  using S = typename ShapeScalar<ShapeA>::type;
  ShapeA a;
  ShapeB b;
  Transform3<S> poseA;  // world
  Transform3<S> poseB;  // world
};

// count pairs from makeA(random) and makeB(random). A is scattered over [-spread, spread]^3 with a uniform
// rotation; B gets a uniform rotation and a position that makes the two world boxes overlap (what a broad phase
// passes on), except a `separatedShare` of the pairs (0 to 1): for those the bounding spheres of the two world
// boxes are 0 to 50% of their summed radii apart, so the shapes are certainly separated.
template <class MakeA, class MakeB>
[[nodiscard]] auto makePairs3(std::uint64_t seed, int count, double spread, double separatedShare, MakeA makeA,
                              MakeB makeB) {
  SplitMix64 random{seed};
  using ShapeA = decltype(makeA(random));
  using ShapeB = decltype(makeB(random));
  using S = typename ShapeScalar<ShapeA>::type;
  std::vector<ShapePair3<ShapeA, ShapeB>> pairs;
  pairs.reserve(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) {
    ShapeA a = makeA(random);
    ShapeB b = makeB(random);
    const Transform3<S> poseA = randomPose3<S>(random, spread);
    Transform3<S> poseB{{}, randomRotation<S>(random)};
    const Bounds<S, 3> boxA = bounds(Collider3<S>{Shape3<S>{a}, poseA});
    const Bounds<S, 3> boxB = bounds(Collider3<S>{Shape3<S>{b}, poseB});  // B at the origin, before it is moved
    double offset[3] = {};
    if (random.uniform() < separatedShare) {
      double centerA[3], centerB[3];
      double radiusA = 0, radiusB = 0;
      for (int k = 0; k < 3; ++k) {
        centerA[k] = 0.5 * (double(boxA.min[k]) + double(boxA.max[k]));
        centerB[k] = 0.5 * (double(boxB.min[k]) + double(boxB.max[k]));
        const double halfA = 0.5 * (double(boxA.max[k]) - double(boxA.min[k]));
        const double halfB = 0.5 * (double(boxB.max[k]) - double(boxB.min[k]));
        radiusA += halfA * halfA;
        radiusB += halfB * halfB;
      }
      const double reach = (std::sqrt(radiusA) + std::sqrt(radiusB)) * random.uniform(1.0, 1.5);
      const Vec3<double> direction = randomDirection(random);
      const double along[3] = {direction.x, direction.y, direction.z};
      for (int k = 0; k < 3; ++k) offset[k] = centerA[k] - centerB[k] + reach * along[k];
    } else {
      // Any offset in the interval that keeps the boxes overlapping on every axis.
      for (int k = 0; k < 3; ++k) {
        offset[k] = random.uniform(double(boxA.min[k]) - double(boxB.max[k]), double(boxA.max[k]) - double(boxB.min[k]));
      }
    }
    poseB.p = Vec3<double>{offset[0], offset[1], offset[2]}.template cast<S>();
    pairs.push_back({std::move(a), std::move(b), poseA, poseB});
  }
  return pairs;
}

}  // namespace collide
