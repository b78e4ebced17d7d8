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
// [SECTION] Shapes: 32-point hulls with faces
// [SECTION] Inputs as a broad phase passes them: near touching, some overlapping (GJK, SAT)
// [SECTION] Inputs for EPA: overlapping up to a depth
// [SECTION] Bullet mirrors
// [SECTION] libccd mirrors
// [SECTION] Cases: one pair in every form the three libraries take
#pragma once

#include <BulletCollision/CollisionShapes/btBoxShape.h>
#include <BulletCollision/CollisionShapes/btConvexHullShape.h>
#include <BulletCollision/CollisionShapes/btSphereShape.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkEpa2.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkEpaPenetrationDepthSolver.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkPairDetector.h>
#include <BulletCollision/NarrowPhaseCollision/btVoronoiSimplexSolver.h>
#include <ccd/ccd.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <type_traits>
#include <vector>

#include "collide/gjk.h"
#include "collide/hull3.h"
#include "collide/math.h"
#include "collide/shapes3.h"
#include "collide/support.h"
#include "workloads/random_shapes3.h"

namespace collide::bench {

// [SECTION] Shapes: 32-point hulls with faces

inline constexpr int kHullPoints = 32;

// kHullPoints points on a random ellipsoid (semi-axes 0.5 to 1 times size), every one a vertex of the hull, built
// by Quickhull so the hull has the faces and edges SAT reads as well as the vertices GJK and EPA read.
[[nodiscard]] inline Hull<double> benchHull(SplitMix64& random, double size) {
  const Vec3<double> radii{size * random.uniform(0.5, 1.0), size * random.uniform(0.5, 1.0),
                           size * random.uniform(0.5, 1.0)};
  std::vector<Vec3<double>> points;
  for (int i = 0; i < kHullPoints; ++i) {
    const Vec3<double> d = randomDirection(random);
    points.push_back({radii.x * d.x, radii.y * d.y, radii.z * d.z});
  }
  return *makeHull<double>(points).hull;
}

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

// [SECTION] Inputs for EPA: overlapping up to a depth

// count pairs from make(random), overlapping by up to maxDepth (the shapes' size is about 1): random rotations, B
// moved toward A along a random direction u until their supporting planes overlap by the depth. Along u, A reaches
// hA(u) from its origin and B reaches hB(-u) from its: B's origin at (hA + hB - depth) u does it.
template <class Make>
[[nodiscard]] auto overlappingPairs3(std::uint64_t seed, int count, double maxDepth, Make make) {
  SplitMix64 random{seed};
  using Shape = decltype(make(random));
  std::vector<ShapePair3<Shape, Shape>> pairs;
  for (int i = 0; i < count; ++i) {
    Shape a = make(random);
    Shape b = make(random);
    ShapePair3<Shape, Shape> pair{std::move(a), std::move(b), {{}, randomRotation<double>(random)},
                                  {{}, randomRotation<double>(random)}};
    const Vec3<double> u = randomDirection(random);
    const double reachA = dot(Transformed{pair.a, pair.poseA}.support(u), u);
    const double reachB = dot(Transformed{pair.b, pair.poseB}.support(-u), -u);
    pair.poseB.p = (reachA + reachB - random.uniform(0.0, maxDepth)) * u;
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

// Bullet's whole penetration query: GJK then EPA (btGjkEpaSolver2::Penetration, as btGjkEpaPenetrationDepthSolver
// calls it), with the centres' offset as the first guess.
[[nodiscard]] inline bool bulletPenetration(const btConvexShape* a, const btTransform& poseA, const btConvexShape* b,
                                            const btTransform& poseB, btGjkEpaSolver2::sResults& results) {
  const btVector3 guess = poseB.getOrigin() - poseA.getOrigin();
  return btGjkEpaSolver2::Penetration(a, poseA, b, poseB, guess, results);
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

// libccd's whole penetration query (GJK then EPA); the depth, or -1 when it finds no overlap.
template <class Shape>
[[nodiscard]] double ccdPenetration(const Shape& shapeA, const Transform3<double>& poseA, const Shape& shapeB,
                                    const Transform3<double>& poseB, const ccd_t& ccd) {
  const CcdObject<Shape> a{&shapeA, poseA};
  const CcdObject<Shape> b{&shapeB, poseB};
  ccd_real_t depth = 0;
  ccd_vec3_t direction;
  ccd_vec3_t position;
  return ccdGJKPenetration(&a, &b, &ccd, &depth, &direction, &position) == 0 ? depth : -1.0;
}

// [SECTION] Cases: one pair in every form the three libraries take

// Bullet's shapes are owned here (float cases only: Debian's Bullet is float); libccd's objects are built per call
// from a, b and the poses.
template <class Shape>
struct Case3 {
  Shape a;
  Shape b;
  Transform3<typename Shape::Scalar> poseA;
  Transform3<typename Shape::Scalar> poseB;
  std::shared_ptr<btConvexShape> bulletA;
  std::shared_ptr<btConvexShape> bulletB;
  btTransform bulletPoseA;
  btTransform bulletPoseB;
};

template <Scalar S, class Source>
std::vector<Case3<decltype(castTo<S>(Source{}))>> makeCases3(const std::vector<ShapePair3<Source, Source>>& pairs) {
  using Shape = decltype(castTo<S>(Source{}));
  std::vector<Case3<Shape>> cases;
  for (const auto& pair : pairs) {
    Case3<Shape> c{castTo<S>(pair.a), castTo<S>(pair.b), pair.poseA.template cast<S>(), pair.poseB.template cast<S>(),
                   nullptr, nullptr, btTransform::getIdentity(), btTransform::getIdentity()};
    if constexpr (std::is_same_v<S, float>) {
      c.bulletA = bulletShape(c.a);
      c.bulletB = bulletShape(c.b);
      c.bulletPoseA = toBullet(c.poseA);
      c.bulletPoseB = toBullet(c.poseB);
    }
    cases.push_back(std::move(c));
  }
  return cases;
}

// B in A's frame: ours works there, as the 2D benchmarks do, and pays for invMul inside the timed call.
template <class Shape>
[[nodiscard]] Transformed<Shape> placedB(const Case3<Shape>& c) {
  return {c.b, invMul(c.poseA, c.poseB)};
}

// Per-call benchmarks cycle through a power-of-two number of cases, one call per iteration.
template <class Case>
const Case& nextCase(const std::vector<Case>& cases, std::size_t& index) {
  const Case& result = cases[index];
  index = (index + 1) & (cases.size() - 1);
  return result;
}

// The near-touching inputs of the GJK and SAT benchmarks: kBroadPhasePairs pairs per family, 20% overlapping.
inline constexpr int kBroadPhasePairs = 512;

inline const auto& boxPairs() {
  static const auto pairs = nearTouchingPairs3(
      31, kBroadPhasePairs, 0.2, [](SplitMix64& r) { return randomBox3<double>(r, 1.0); },
      [](SplitMix64& r) { return randomBox3<double>(r, 1.0); });
  return pairs;
}

inline const auto& hullPairs() {
  static const auto pairs = nearTouchingPairs3(
      32, kBroadPhasePairs, 0.2, [](SplitMix64& r) { return benchHull(r, 1.0); },
      [](SplitMix64& r) { return benchHull(r, 1.0); });
  return pairs;
}

template <Scalar S>
const auto& boxCases() {
  static const auto cases = makeCases3<S>(boxPairs());
  return cases;
}

template <Scalar S>
const auto& hullCases() {
  static const auto cases = makeCases3<S>(hullPairs());
  return cases;
}

}  // namespace collide::bench
