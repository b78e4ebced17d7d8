// bench/bench_inputs3.h: the 3D inputs shared by the 3D benchmarks and the differential test against Bullet and
// libccd (tests/peer3), and their mirrors in both peers, built from our vertices and transforms.
//
//   Bullet 3.24 as Debian builds it: btScalar is float. Shapes with a collision margin of 0 (btBoxShape keeps its
//   full half extents when the margin is set; btConvexHullShape holds exactly our points; btSphereShape is a point
//   whose margin is the radius), so Bullet answers for the same solids. btGjkPairDetector with a
//   btVoronoiSimplexSolver, as btConvexConvexAlgorithm uses it.
//   libccd 2.0 as Debian builds it: ccd_real_t is double. Objects are our shapes with their world transforms; the
//   support function is ours (libccd asks the caller for supports), so both see the same geometry.
//
// [SECTION] Inputs as a broad phase passes them: near touching, some overlapping
// [SECTION] Bullet mirrors
// [SECTION] libccd mirrors
#pragma once

#include <BulletCollision/CollisionShapes/btBoxShape.h>
#include <BulletCollision/CollisionShapes/btConvexHullShape.h>
#include <BulletCollision/CollisionShapes/btSphereShape.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkEpaPenetrationDepthSolver.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkPairDetector.h>
#include <BulletCollision/NarrowPhaseCollision/btVoronoiSimplexSolver.h>
#include <ccd/ccd.h>

#include <cstdint>
#include <memory>
#include <type_traits>
#include <vector>

#include "collide/gjk.h"
#include "collide/math.h"
#include "collide/shapes3.h"
#include "collide/support.h"
#include "workloads/random_shapes3.h"

namespace collide::bench {

// [SECTION] Inputs as a broad phase passes them: near touching, some overlapping

// count pairs whose world boxes overlap (makePairs3). An `overlappingShare` of them overlap; the others are moved
// along the separating direction until their gap is 0.001 to 0.1 of the shapes' size (moving B toward A along the
// normal between the closest points shrinks the distance by exactly that much): near touching, where a narrow
// phase spends its iterations.
template <class MakeA, class MakeB>
[[nodiscard]] auto nearTouchingPairs3(std::uint64_t seed, int count, double overlappingShare, MakeA makeA, MakeB makeB) {
  SplitMix64 gaps{seed ^ 0x5bd1e995ull};
  auto candidates = makePairs3(seed, 4 * count, 10.0, 0.0, makeA, makeB);
  decltype(candidates) pairs;
  const int overlapping = static_cast<int>(overlappingShare * count);
  int overlapped = 0;
  for (auto& pair : candidates) {
    if (static_cast<int>(pairs.size()) == count) break;
    const DistanceResult<Vec3<double>> d = gjkDistance(Transformed{pair.a, pair.poseA}, Transformed{pair.b, pair.poseB});
    if (d.overlap) {
      if (overlapped < overlapping) {
        ++overlapped;
        pairs.push_back(std::move(pair));
      }
      continue;
    }
    if (static_cast<int>(pairs.size()) - overlapped >= count - overlapping) continue;
    const double gap = gaps.uniform(0.001, 0.1);
    pair.poseB.p = pair.poseB.p - (d.distance - gap) * d.normal;
    pairs.push_back(std::move(pair));
  }
  return pairs;
}

template <Scalar T>
[[nodiscard]] inline Box3<T> castTo(const Box3<double>& box) {
  return {box.halfExtents.template cast<T>()};
}
template <Scalar T>
[[nodiscard]] inline Hull<T> castTo(const Hull<double>& hull) {
  return std::get<Hull<T>>(castShape<T>(Shape3<double>{hull}));
}
template <Scalar T>
[[nodiscard]] inline Sphere<T> castTo(const Sphere<double>& sphere) {
  return {sphere.center.template cast<T>(), static_cast<T>(sphere.radius)};
}

// [SECTION] Bullet mirrors

[[nodiscard]] inline btVector3 toBullet(Vec3<float> v) { return {v.x, v.y, v.z}; }
[[nodiscard]] inline btTransform toBullet(const Transform3<float>& pose) {
  return btTransform(btQuaternion(pose.q.x, pose.q.y, pose.q.z, pose.q.w), toBullet(pose.p));
}

[[nodiscard]] inline std::unique_ptr<btConvexShape> bulletShape(const Box3<float>& box) {
  auto shape = std::make_unique<btBoxShape>(toBullet(box.halfExtents));
  shape->setMargin(0.0f);  // btBoxShape keeps half extents + margin constant: the box stays the same
  return shape;
}

[[nodiscard]] inline std::unique_ptr<btConvexShape> bulletShape(const Hull<float>& hull) {
  auto shape = std::make_unique<btConvexHullShape>();
  for (const Vec3<float>& p : hull.vertices) shape->addPoint(toBullet(p), false);
  shape->recalcLocalAabb();
  shape->setMargin(0.0f);
  return shape;
}

// A sphere centred on its local origin (the benchmarks' spheres): the margin is the radius.
[[nodiscard]] inline std::unique_ptr<btConvexShape> bulletShape(const Sphere<float>& sphere) {
  return std::make_unique<btSphereShape>(sphere.radius);
}

// Bullet's answer: the distance between the surfaces (negative: penetration, when a depth solver is given) and
// whether it reported anything (without a depth solver an overlapping pair reports nothing).
struct BulletDistance {
  float distance = 0;
  bool reported = false;
};

struct BulletResult : btStorageResult {
  void setShapeIdentifiersA(int, int) override {}
  void setShapeIdentifiersB(int, int) override {}
};

// As btConvexConvexAlgorithm calls it: a detector per query over a simplex solver the caller keeps.
[[nodiscard]] inline BulletDistance bulletGjk(btVoronoiSimplexSolver& simplex, const btConvexShape* a,
                                              const btTransform& poseA, const btConvexShape* b,
                                              const btTransform& poseB,
                                              btConvexPenetrationDepthSolver* depthSolver = nullptr) {
  btGjkPairDetector detector(a, b, &simplex, depthSolver);
  btGjkPairDetector::ClosestPointInput input;
  input.m_transformA = poseA;
  input.m_transformB = poseB;
  BulletResult result;
  detector.getClosestPoints(input, result, nullptr);
  return {result.m_distance, result.m_distance < float(BT_LARGE_FLOAT)};
}

// [SECTION] libccd mirrors

// A shape with its world transform, as libccd's void* object; the support is ours, in world coordinates.
template <class Shape>
struct CcdObject {
  const Shape* shape = nullptr;
  Transform3<double> pose{};

  static void support(const void* object, const ccd_vec3_t* direction, ccd_vec3_t* out) {
    const auto* self = static_cast<const CcdObject*>(object);
    const Vec3<double> d{direction->v[0], direction->v[1], direction->v[2]};
    const Vec3<double> p = self->pose.apply(self->shape->support(self->pose.q.applyInverse(d)));
    out->v[0] = p.x;
    out->v[1] = p.y;
    out->v[2] = p.z;
  }
  static void center(const void* object, ccd_vec3_t* out) {
    const auto* self = static_cast<const CcdObject*>(object);
    const Vec3<double> c = self->pose.apply(self->shape->centroid());
    out->v[0] = c.x;
    out->v[1] = c.y;
    out->v[2] = c.z;
  }
};

template <class ShapeA, class ShapeB>
[[nodiscard]] ccd_t ccdSetup() {
  ccd_t ccd;
  CCD_INIT(&ccd);
  ccd.support1 = &CcdObject<ShapeA>::support;
  ccd.support2 = &CcdObject<ShapeB>::support;
  ccd.center1 = &CcdObject<ShapeA>::center;
  ccd.center2 = &CcdObject<ShapeB>::center;
  ccd.max_iterations = 100;
  return ccd;
}

}  // namespace collide::bench
