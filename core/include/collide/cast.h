// collide/cast.h: continuous collision. Ray casts, linear shape casts (the GJK ray cast on A - B), time of impact
// by conservative advancement, dynamic SAT, moving-sphere tests and the response (a reflection off a still body,
// the impulse between two moving ones), in the plane and in space.
//
// Every cast asks one question: the first time t in [0, 1] at which two moving shapes touch. The motion over the
// interval is position(t) = position + t * velocity and rotation(t) = the rotation by t * angular_velocity applied
// to the start rotation (an angle in the plane, a rotation vector in space). A ray is a point that moves.
//
// Status (CastStatus, every function):
//   Hit            first contact at fraction in (0, 1] (a ray or cast reaching the surface);
//   Touching       in contact at t = 0 without overlapping (within the tolerance): fraction 0, hit;
//   Overlapping    already overlapping at t = 0: fraction 0, hit, no normal;
//   Miss           no contact in [0, 1];
//   MaxIterations  the cap: fraction is the time reached, before which there is certainly no contact;
//   InvalidInput   NaN, infinite or out-of-range input, or a shape the algorithm cannot take.
// Normals: a ray cast gives the surface normal of the shape hit; a pair cast gives the normal from A toward B.
//
// [SECTION] Status, options, motions, results, trace steps
// [SECTION] Helpers (components, poses along a motion, farthest radius)
// [SECTION] Ray casts: closed forms
// [SECTION] GJK ray cast (van den Bergen 2004)
// [SECTION] Linear cast: the GJK ray cast on A - B
// [SECTION] Conservative advancement: time of impact
// [SECTION] Dynamic SAT
// [SECTION] Moving spheres
// [SECTION] Response
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string_view>
#include <type_traits>
#include <vector>

#include "collide/analytic3.h"
#include "collide/epa.h"
#include "collide/epa3.h"
#include "collide/geometry.h"
#include "collide/gjk.h"
#include "collide/math.h"
#include "collide/shapes.h"
#include "collide/shapes3.h"
#include "collide/support.h"
#include "collide/trace.h"
#include "collide/vector.h"

namespace collide {

// [SECTION] Status, options, motions, results, trace steps

enum class CastStatus : std::uint8_t { Hit, Touching, Overlapping, Miss, MaxIterations, InvalidInput };

[[nodiscard]] constexpr std::string_view castStatusName(CastStatus status) {
  switch (status) {
    case CastStatus::Hit: return "hit";
    case CastStatus::Touching: return "touching";
    case CastStatus::Overlapping: return "overlapping";
    case CastStatus::Miss: return "miss";
    case CastStatus::MaxIterations: return "max_iterations";
    case CastStatus::InvalidInput: return "invalid_input";
  }
  return "unknown";
}

// Options of the iterative casts (GJK ray cast, linear cast, time of impact). Distances are relative to the
// pair's size (the larger half diagonal of the two bounding boxes, or of the ray's length and the shape's
// extent), so a 500-unit body and a 1-unit body stop at the same relative accuracy.
//   relativeTarget     the separation at which a cast stops (0: touching; Box2D keeps a few linear slops apart);
//   relativeTolerance  how close to the target counts as arrived (0: kDefaultCastTolerance of the scalar).
struct CastOptions {
  int maxIterations = 64;
  double relativeTarget = 0.0;
  double relativeTolerance = 0.0;
};

// The default tolerance of the casts, relative to the pair's size: far above rounding, far below anything visible
// in double (2.2e-13). In float it is 1.2e-4, and a contact met at a glancing angle shows it: the gap grows with
// the square of the slide, so that gap leaves the normal tilted by about sqrt(2 gap / radius).
template <Scalar S>
inline constexpr S kDefaultCastTolerance = S(1000) * kEpsilon<S>;

// The angular velocity of a body: radians per unit time in the plane, a rotation vector (axis times radians per
// unit time, world frame) in space.
template <Vector V>
using AngularVelocityOf = std::conditional_t<kDimension<V> == 2, ScalarOf<V>, V>;

// A body's motion over t in [0, 1] (the displacement over the interval, not per second).
template <Vector V>
struct Motion {
  V velocity{};
  AngularVelocityOf<V> angularVelocity{};

  // The same motion in scalar T, as Vec2::cast and Vec3::cast (a lab's float run, the CLI's --scalar float).
  template <Scalar T>
  [[nodiscard]] constexpr auto cast() const {
    using W = decltype(velocity.template cast<T>());
    if constexpr (kDimension<V> == 2) {
      return Motion<W>{velocity.template cast<T>(), static_cast<T>(angularVelocity)};
    } else {
      return Motion<W>{velocity.template cast<T>(), angularVelocity.template cast<T>()};
    }
  }
};

template <Vector V>
struct CastResult {
  using S = ScalarOf<V>;
  bool hit = false;  // Hit, Touching or Overlapping
  S fraction{};      // first contact in [0, 1]; MaxIterations: the time reached; Miss: 1
  V point{};         // the contact point (world), on the surface hit
  V normal{};        // ray: the surface normal; pair: unit from A toward B; zero when Overlapping
  int iterations = 0;
  CastStatus status = CastStatus::Miss;
};

// One iteration of the GJK ray cast (van den Bergen 2004), every value the picture needs. For a linear cast the
// ray runs through A - B (x: B's displacement relative to A at lambda; v, support and simplex: vectors of A - B),
// all turned into the world's axes.
template <Vector V>
struct RayCastStep {
  using S = ScalarOf<V>;
  int iteration = 0;
  S lambda{};         // the ray parameter reached: no hit before it
  V x{};              // the ray's point at lambda
  V direction{};      // the direction searched this iteration: v from before it, or a face's normal (as long)
  V v{};              // x minus the closest point of the simplex (of the shape's core) after it: the next search
  S distance{};       // |v| minus the shape's radius: the gap at x, known to the simplex (NaN on a miss: below)
  V support{};        // p: the core's support point along v
  bool advanced = false;  // p's plane separated x from the shape, so lambda moved up to that plane
  int simplexCount = 0;
  std::array<V, kMaxSimplexVertices<V>> simplex{};  // the core points kept after the step
  // The closest points at lambda: a linear cast's witnesses on A and on B (world, B moved to lambda); a ray's
  // closest point of the shape (pointA) and the ray's point x (pointB). NaN, as `distance`, on the step that ends in
  // a miss: the loop stops before solving the simplex at the new x, and the old one's numbers described another x
  // (newcomer review s32 A8: "closest points 2.054 apart" at a lambda where they were 4.10 apart, point_b off B).
  V pointA{}, pointB{};
  CastStatus status = CastStatus::Miss;             // on the last step: how it ended
  bool last = false;
};

// One iteration of conservative advancement (Mirtich 1996): at `time` the shapes are `distance` apart along
// `normal`; no point of them closes faster than `bound`, so they cannot touch before time + step.
template <Vector V>
struct AdvanceStep {
  using S = ScalarOf<V>;
  int iteration = 0;
  S time{};
  S distance{};
  V normal{};           // unit, from A toward B (zero when touching)
  V pointA{}, pointB{};  // the witnesses (world) at `time`
  S closingSpeed{};     // the linear relative velocity along the normal: dot(vA - vB, normal)
  S angularBound{};     // what rotation adds to the closing speed over the step (bound - closingSpeed; 0 unturned)
  S bound{};            // the mean closing speed the step allows for: (distance - target) / step
  S turnRate{};         // the turning bodies' extents along n grow at most this fast: sum of |w| sqrt(r^2 - h^2)
  S turnCap{};          // and by at most this much in all: sum of r - h (r: farthest radius, h: support along n)
  S step{};             // the safe step (0 on the last iteration, and when n separates them for good)
  int gjkIterations = 0;
  CastStatus status = CastStatus::Miss;  // on the last step: how it ended
  bool last = false;
};

// One axis of dynamic SAT (Ericson, Real-Time Collision Detection, 5.5.8): the projections of A and B at t = 0 and
// B's speed relative to A along the axis give the times [tEnter, tExit] during which the projections overlap.
template <Vector V>
struct SweptAxisStep {
  using S = ScalarOf<V>;
  V axis{};
  enum class Source : std::uint8_t { FaceA, FaceB, EdgePair } source = Source::FaceA;
  S minA{}, maxA{}, minB{}, maxB{};
  S speed{};  // dot(vB - vA, axis)
  S tEnter{}, tExit{};  // -inf/+inf when the projections overlap for all time (speed 0)
  S first{}, last{};    // the running max of tEnter and min of tExit
  bool earlyExit = false;  // first > last (or the interval left [0, 1]): a separating axis over the whole motion
};

// One part of a moving-sphere test: the relative motion, the Minkowski sum, then each piece of the swept shape
// (Ericson 5.5.3, 5.5.6, 5.5.7), with the quadratic's coefficients and roots where one is solved.
enum class SweepPart : std::uint8_t { RelativeMotion, MinkowskiSum, Plane, Sphere, Face, Edge, Vertex };

[[nodiscard]] constexpr std::string_view sweepPartName(SweepPart part) {
  switch (part) {
    case SweepPart::RelativeMotion: return "relative_motion";
    case SweepPart::MinkowskiSum: return "minkowski_sum";
    case SweepPart::Plane: return "plane";
    case SweepPart::Sphere: return "sphere";
    case SweepPart::Face: return "face";
    case SweepPart::Edge: return "edge";
    case SweepPart::Vertex: return "vertex";
  }
  return "unknown";
}

template <Vector V>
struct SweepStep {
  using S = ScalarOf<V>;
  SweepPart part = SweepPart::RelativeMotion;
  int index = -1;    // the face, edge or vertex tested
  V start{};         // the moving point (the sphere's centre relative to B) at t = 0
  V motion{};        // its displacement over [0, 1]
  S radius{};        // the radius the moving point is kept from the piece (the Minkowski sum's)
  S a{}, b{}, c{};   // a t^2 + 2 b t + c = 0 (Ericson 5.3.2's halved b) when a quadratic is solved
  S discriminant{};  // b^2 - a c
  S root0{}, root1{};  // its roots, smaller first (NaN when there are none)
  S startDistance{}, endDistance{};  // Plane and Face: signed distances at t = 0 and t = 1
  // Where the moving point enters this part's surface (the plane or line, the cylinder, the sphere): its first root in
  // [0, 1]; NaN when it enters none in [0, 1]. `hit` says whether that is on the piece: a face's crossing outside the
  // face, an edge's cylinder met past the edge's ends, keep their t with hit false (every piece alike).
  S t{};
  bool hit = false;
};

// A trace sink that keeps every step of every kind (the CLI's `trace` and the labs read it).
template <Vector V>
struct CastRecorder {
  static constexpr bool enabled = true;
  std::vector<RayCastStep<V>> ray;
  std::vector<AdvanceStep<V>> advance;
  std::vector<SweptAxisStep<V>> axes;
  std::vector<SweepStep<V>> sweep;
  void operator()(const RayCastStep<V>& step) { ray.push_back(step); }
  void operator()(const AdvanceStep<V>& step) { advance.push_back(step); }
  void operator()(const SweptAxisStep<V>& step) { axes.push_back(step); }
  void operator()(const SweepStep<V>& step) { sweep.push_back(step); }
};

// [SECTION] Helpers (components, poses along a motion, farthest radius)

namespace detail {

template <Scalar S>
[[nodiscard]] constexpr S component(Vec2<S> v, int i) {
  return i == 0 ? v.x : v.y;
}
template <Scalar S>
[[nodiscard]] constexpr S component(Vec3<S> v, int i) {
  return i == 0 ? v.x : (i == 1 ? v.y : v.z);
}
template <Vector V>
[[nodiscard]] constexpr V unitAxis(int i, ScalarOf<V> sign = ScalarOf<V>(1)) {
  V v{};
  if constexpr (kDimension<V> == 2) {
    (i == 0 ? v.x : v.y) = sign;
  } else {
    (i == 0 ? v.x : (i == 1 ? v.y : v.z)) = sign;
  }
  return v;
}

template <Scalar S>
[[nodiscard]] inline S castTolerance(const CastOptions& options) {
  if (options.relativeTolerance == 0.0) return kDefaultCastTolerance<S>;
  if (!(options.relativeTolerance > 0.0) || !std::isfinite(options.relativeTolerance)) {
    return std::numeric_limits<S>::quiet_NaN();
  }
  return static_cast<S>(options.relativeTolerance);
}

[[nodiscard]] inline bool validCastOptions(const CastOptions& options) {
  return options.maxIterations >= 1 && options.relativeTarget >= 0.0 && std::isfinite(options.relativeTarget) &&
         (options.relativeTolerance == 0.0 ||
          (options.relativeTolerance > 0.0 && std::isfinite(options.relativeTolerance)));
}

template <Scalar S>
[[nodiscard]] inline bool isFiniteAngular(S w) {
  return std::isfinite(w);
}
template <Scalar S>
[[nodiscard]] inline bool isFiniteAngular(Vec3<S> w) {
  return isFinite(w);
}
template <Scalar S>
[[nodiscard]] inline S angularSpeed(S w) {
  return std::abs(w);
}
template <Scalar S>
[[nodiscard]] inline S angularSpeed(Vec3<S> w) {
  return length(w);
}

template <Vector V>
[[nodiscard]] inline bool validMotion(const Motion<V>& motion) {
  using S = ScalarOf<V>;
  return isFinite(motion.velocity) && isFiniteAngular(motion.angularVelocity) &&
         lengthSquared(motion.velocity) <= kMaxCoordinate<S> * kMaxCoordinate<S>;
}

}  // namespace detail

// The pose at time t: the start pose translated by t * velocity and turned by t * angular velocity (about the
// pose's origin; in space the rotation vector is applied to the start rotation: q(t) = exp(t w) q0).
template <Scalar S>
[[nodiscard]] inline Transform<S> poseAt(const Transform<S>& start, const Motion<Vec2<S>>& motion, S t) {
  if (motion.angularVelocity == S(0)) return {start.p + t * motion.velocity, start.q};
  return {start.p + t * motion.velocity, Rot<S>::fromAngle(t * motion.angularVelocity) * start.q};
}

template <Scalar S>
[[nodiscard]] inline Transform3<S> poseAt(const Transform3<S>& start, const Motion<Vec3<S>>& motion, S t) {
  const Vec3<S> p = start.p + t * motion.velocity;
  const S angle = t * length(motion.angularVelocity);
  if (!(angle > S(0))) return {p, start.q};
  const Vec3<S> axis = motion.angularVelocity / length(motion.angularVelocity);
  return {p, (Quat<S>::fromAxisAngle(axis, angle) * start.q).normalized()};
}

// The farthest any point of a shape lies from its local origin, the centre its pose turns it about (Mirtich
// 1996's bound on a rotating body's point speed: |w| times this). An Aabb is never turned: 0. The shapes written
// alike in the plane and in space share one overload (DimensionPair: the plane's template, then the space's).
template <class Shape, template <class> class Plane, template <class> class Space>
concept DimensionPair = std::same_as<Shape, Plane<typename Shape::Scalar>> ||
                        std::same_as<Shape, Space<typename Shape::Scalar>>;

template <DimensionPair<Point, Point3> Shape>
[[nodiscard]] inline auto farthestRadius(const Shape& s) { return length(s.position); }
template <DimensionPair<Segment, Segment3> Shape>
[[nodiscard]] inline auto farthestRadius(const Shape& s) { return std::max(length(s.a), length(s.b)); }
template <DimensionPair<Circle, Sphere> Shape>
[[nodiscard]] inline auto farthestRadius(const Shape& s) { return length(s.center) + s.radius; }
template <DimensionPair<Aabb, Aabb3> Shape>
[[nodiscard]] inline auto farthestRadius(const Shape&) { return typename Shape::Scalar(0); }
template <DimensionPair<Box, Box3> Shape>
[[nodiscard]] inline auto farthestRadius(const Shape& s) { return length(s.halfExtents); }
template <DimensionPair<Capsule, Capsule3> Shape>
[[nodiscard]] inline auto farthestRadius(const Shape& s) { return std::max(length(s.a), length(s.b)) + s.radius; }
// Polygons and hulls: the largest squared length, one root (their coordinates are within kMaxCoordinate, whose
// square is finite; a larger one gives an infinite radius, which the casts refuse).
template <Scalar S>
[[nodiscard]] inline S farthestRadius(const Polygon<S>& s) {
  S r{};
  for (int i = 0; i < s.count; ++i) r = std::max(r, lengthSquared(s.vertices[i]));
  return std::sqrt(r);
}
template <Scalar S>
[[nodiscard]] inline S farthestRadius(const Sector<S>& s) { return s.radius; }
template <Scalar S>
[[nodiscard]] inline S farthestRadius(const Triangle3<S>& s) {
  return std::max({length(s.a), length(s.b), length(s.c)});
}
template <Scalar S>
[[nodiscard]] inline S farthestRadius(const Cylinder<S>& s) { return std::hypot(s.halfHeight, s.radius); }
template <Scalar S>
[[nodiscard]] inline S farthestRadius(const Hull<S>& s) {
  S r{};
  for (const Vec3<S>& v : s.vertices) r = std::max(r, lengthSquared(v));
  return std::sqrt(r);
}

namespace detail {

// Half the diagonal of a placed shape's bounding box: the size tolerances are relative to.
template <Vector V, class Collider>
[[nodiscard]] inline ScalarOf<V> halfDiagonal(const Collider& collider) {
  const auto box = bounds(collider);
  V extent{};
  if constexpr (kDimension<V> == 2) {
    extent = {box.max[0] - box.min[0], box.max[1] - box.min[1]};
  } else {
    extent = {box.max[0] - box.min[0], box.max[1] - box.min[1], box.max[2] - box.min[2]};
  }
  return ScalarOf<V>(0.5) * length(extent);
}

// A ray result from a local-frame answer: the point and normal mapped back through the pose.
template <Vector V>
[[nodiscard]] inline CastResult<V> toWorld(CastResult<V> local, const TransformOf<V>& pose) {
  local.point = pose.apply(local.point);
  local.normal = pose.q.apply(local.normal);
  return local;
}

template <Vector V>
[[nodiscard]] inline CastResult<V> missResult(int iterations = 0) {
  CastResult<V> result;
  result.fraction = ScalarOf<V>(1);
  result.iterations = iterations;
  return result;
}

template <Vector V>
[[nodiscard]] inline CastResult<V> invalidResult() {
  CastResult<V> result;
  result.status = CastStatus::InvalidInput;
  return result;
}

template <Vector V>
[[nodiscard]] inline CastResult<V> startResult(CastStatus status, V point, V normal, int iterations = 0) {
  CastResult<V> result;
  result.hit = true;
  result.fraction = ScalarOf<V>(0);
  result.point = point;
  result.normal = status == CastStatus::Overlapping ? V{} : normal;
  result.iterations = iterations;
  result.status = status;
  return result;
}

template <Vector V>
[[nodiscard]] inline CastResult<V> hitResult(ScalarOf<V> fraction, V point, V normal, int iterations = 0) {
  CastResult<V> result;
  result.hit = true;
  result.fraction = fraction;
  result.point = point;
  result.normal = normal;
  result.iterations = iterations;
  result.status = fraction > ScalarOf<V>(0) ? CastStatus::Hit : CastStatus::Touching;
  return result;
}

// The unit vector along v, or `fallback` when v is zero or too small to normalise.
template <Vector V>
[[nodiscard]] inline V unitOr(V v, V fallback) {
  const ScalarOf<V> len = length(v);
  return len > std::numeric_limits<ScalarOf<V>>::min() ? v / len : fallback;
}

// The normal of the simplex feature a converged GJK ended on, for when its closest point is within rounding of the
// origin and so has no direction of its own: an edge's perpendicular in the plane, a triangle's normal in space,
// in space an edge's part of `reference` across it; turned to `reference`'s side (the last well-defined normal).
template <Vector V, std::size_t N>
[[nodiscard]] inline V featureNormal(const std::array<V, N>& points, int count, V reference) {
  using S = ScalarOf<V>;
  V feature = reference;
  if constexpr (kDimension<V> == 2) {
    if (count == 2) feature = leftPerp(points[1] - points[0]);
  } else {
    if (count == 3) {
      feature = cross(points[1] - points[0], points[2] - points[0]);
    } else if (count == 2) {
      const V edge = points[1] - points[0];
      const S edgeSquared = lengthSquared(edge);
      if (edgeSquared > S(0)) feature = reference - (dot(reference, edge) / edgeSquared) * edge;
    }
  }
  feature = unitOr(feature, reference);
  return dot(feature, reference) >= S(0) ? feature : -feature;
}

// The first root in [0, 1] of a t^2 + 2 b t + c = 0, where c > 0 (the start is outside) and a >= 0 (Ericson 5.3.2
// with the halved b). NaN when there is none. The roots are taken in their cancellation-free forms (Press et al.,
// Numerical Recipes, 5.6): q = -(b + sign(b) sqrt(disc)), roots q / a and c / q.
template <Scalar S>
struct QuadraticRoots {
  S discriminant{};
  S root0 = std::numeric_limits<S>::quiet_NaN();
  S root1 = std::numeric_limits<S>::quiet_NaN();
};

template <Scalar S>
[[nodiscard]] inline QuadraticRoots<S> solveQuadratic(S a, S b, S c) {
  QuadraticRoots<S> roots;
  roots.discriminant = b * b - a * c;
  if (!(a > S(0)) || roots.discriminant < S(0)) return roots;
  const S q = -(b + std::copysign(std::sqrt(roots.discriminant), b));
  const S r0 = q / a;
  const S r1 = q != S(0) ? c / q : r0;
  roots.root0 = std::min(r0, r1);
  roots.root1 = std::max(r0, r1);
  return roots;
}

}  // namespace detail

// The pieces of the moving-sphere tests (section Moving spheres), also the traced steps of the closed-form ray
// casts of spheres and capsules.
namespace detail {

// A step of `part` (the piece `index`) for the moving point start + t motion kept `radius` away: no root, no time.
template <Vector V>
[[nodiscard]] inline SweepStep<V> sweepStep(SweepPart part, int index, V start, V motion, ScalarOf<V> radius) {
  SweepStep<V> step;
  step.part = part;
  step.index = index;
  step.start = start;
  step.motion = motion;
  step.radius = radius;
  step.t = step.root0 = step.root1 = std::numeric_limits<ScalarOf<V>>::quiet_NaN();
  return step;
}

// Solves the step's quadratic a t^2 + 2 b t + c = 0 (Ericson 5.3.2's halved form), keeping what the trace shows.
// Whether the smaller root enters in [0, 1] from outside: c > 0 (outside at t = 0), b < 0 (approaching).
template <Vector V>
[[nodiscard]] inline bool solveStep(SweepStep<V>& step, ScalarOf<V> a, ScalarOf<V> b, ScalarOf<V> c) {
  using S = ScalarOf<V>;
  step.a = a;
  step.b = b;
  step.c = c;
  const QuadraticRoots<S> roots = solveQuadratic(a, b, c);
  step.discriminant = roots.discriminant;
  step.root0 = roots.root0;
  step.root1 = roots.root1;
  return c > S(0) && b < S(0) && roots.root0 >= S(0) && roots.root0 <= S(1);
}

// The moving point start + t motion against a sphere (circle) of `radius` at `center`: the quadratic of Ericson
// 5.3.2 in its halved form a t^2 + 2 b t + c = 0, every coefficient kept for the trace.
template <Vector V>
[[nodiscard]] inline SweepStep<V> sweepSphere(SweepPart part, int index, V start, V motion, V center,
                                              ScalarOf<V> radius) {
  SweepStep<V> step = sweepStep(part, index, start, motion, radius);
  const V m = start - center;
  step.hit = solveStep(step, lengthSquared(motion), dot(m, motion), lengthSquared(m) - radius * radius);
  if (step.hit) step.t = step.root0;
  return step;
}

// The side of the cylinder of `radius` around segment [p, q] (a capsule without its caps; Ericson 5.3.7).
template <Vector V>
[[nodiscard]] inline SweepStep<V> sweepCylinderSide(int index, V start, V motion, V p, V q, ScalarOf<V> radius) {
  using S = ScalarOf<V>;
  const V axis = q - p;
  const S axisSquared = lengthSquared(axis);
  SweepStep<V> step = sweepStep(SweepPart::Edge, index, start, motion, radius);
  if (!(axisSquared > std::numeric_limits<S>::min())) return step;
  const V m = start - p;
  const V mPerp = m - (dot(m, axis) / axisSquared) * axis;
  const V dPerp = motion - (dot(motion, axis) / axisSquared) * axis;
  if (solveStep(step, lengthSquared(dPerp), dot(mPerp, dPerp), lengthSquared(mPerp) - radius * radius)) {
    // Met at the root; on the edge only between its ends (past them a vertex's sphere takes over).
    step.t = step.root0;
    const S along = dot(m + step.root0 * motion, axis) / axisSquared;
    step.hit = along >= S(0) && along <= S(1);
  }
  return step;
}

// The moving point against the plane dot(n, x) = offset thickened by radius, from whichever side it starts
// (Ericson 5.5.3: the signed distances at both ends, interpolated).
template <Vector V>
[[nodiscard]] inline SweepStep<V> sweepPlane(SweepPart part, int index, V start, V motion, V n, ScalarOf<V> offset,
                                             ScalarOf<V> radius) {
  using S = ScalarOf<V>;
  SweepStep<V> step = sweepStep(part, index, start, motion, radius);
  step.startDistance = dot(n, start) - offset;
  step.endDistance = dot(n, start + motion) - offset;
  const S d0 = step.startDistance;
  const S d1 = step.endDistance;
  if (d0 > radius && d1 < radius) step.t = (d0 - radius) / (d0 - d1);
  else if (d0 < -radius && d1 > -radius) step.t = (d0 + radius) / (d0 - d1);
  step.hit = step.t >= S(0) && step.t <= S(1);
  return step;
}

template <Vector V, class Trace>
[[nodiscard]] inline CastResult<V> sweepToResult(const SweepStep<V>& step, V contactOnPiece, V normalToward,
                                                 Trace& trace) {
  if constexpr (Trace::enabled) trace(step);
  return hitResult(step.t, contactOnPiece, normalToward);
}

}  // namespace detail

// [SECTION] Ray casts: closed forms

namespace detail {

// One slab or clipping plane of a ray cast as the SweptAxisStep dynamic SAT draws: the shape's side [low, high]
// along `axis`, the ray's point at `point` moving at `speed`, the times it is inside, the clipped interval so far.
template <class Trace, Vector V>
inline void traceRayAxis(Trace& trace, V axis, ScalarOf<V> low, ScalarOf<V> high, ScalarOf<V> point,
                         ScalarOf<V> speed, ScalarOf<V> tEnter, ScalarOf<V> tExit, ScalarOf<V> first,
                         ScalarOf<V> last, bool separated) {
  if constexpr (Trace::enabled) {
    SweptAxisStep<V> step;
    step.axis = axis;
    step.minA = low, step.maxA = high, step.minB = point, step.maxB = point;
    step.speed = speed;
    step.tEnter = tEnter, step.tExit = tExit;
    step.first = first, step.last = last;
    step.earlyExit = separated;
    trace(step);
  } else {
    (void)trace, (void)axis, (void)low, (void)high, (void)point, (void)speed, (void)tEnter, (void)tExit, (void)first,
        (void)last, (void)separated;
  }
}

}  // namespace detail

// A ray: origin + fraction * translation, fraction in [0, 1].
template <Vector V>
struct Ray {
  V origin{};
  V translation{};
};

// Ray against a sphere (a circle in the plane) by the quadratic |m + t d|^2 = r^2, m = origin - center (Ericson
// 5.3.2). A zero radius is a point: hit only when the ray passes through it. Traced: one SweepStep (part Sphere, or
// the part and index given, as a capsule's caps are Vertex 0 and 1) with the quadratic's coefficients and roots.
template <Vector V, class Trace>
[[nodiscard]] inline CastResult<V> raySphere(const Ray<V>& ray, V center, ScalarOf<V> radius, Trace& trace,
                                             SweepPart part = SweepPart::Sphere, int index = 0) {
  using S = ScalarOf<V>;
  if constexpr (Trace::enabled) trace(detail::sweepSphere(part, index, ray.origin, ray.translation, center, radius));
  const V m = ray.origin - center;
  const V d = ray.translation;
  const S c = lengthSquared(m) - radius * radius;
  const V backward = detail::unitOr(-d, V{});
  if (c < S(0)) return detail::startResult(CastStatus::Overlapping, ray.origin, V{});
  if (c == S(0)) return detail::startResult(CastStatus::Touching, ray.origin, detail::unitOr(m, backward));
  const S a = lengthSquared(d);
  const S b = dot(m, d);
  if (b >= S(0) || !(a > S(0))) return detail::missResult<V>();
  const detail::QuadraticRoots<S> roots = detail::solveQuadratic(a, b, c);
  // A grazing ray of a point (radius 0) has discriminant 0 only in exact arithmetic: take the closest approach.
  S t = roots.root0;
  if (std::isnan(t)) {
    if (radius != S(0) || roots.discriminant < -S(16) * kEpsilon<S> * b * b) return detail::missResult<V>();
    t = -b / a;
  }
  if (t > S(1) || t < S(0)) return detail::missResult<V>();
  const V point = ray.origin + t * d;
  return detail::hitResult(t, point, detail::unitOr(point - center, backward));
}

template <Vector V>
[[nodiscard]] inline CastResult<V> raySphere(const Ray<V>& ray, V center, ScalarOf<V> radius) {
  NoTrace trace;
  return raySphere(ray, center, radius, trace);
}

// The slab test (Kay and Kajiya 1986; Ericson 5.3.3) against the box [low, high]: per axis the interval of the
// ray inside the slab, the ray inside the box where all intervals overlap. A zero translation along an axis keeps
// the ray in that slab or never in it. Traced: one SweptAxisStep per axis, the ray's point as a moving interval
// of zero width (minB = maxB = its coordinate, speed its translation) against the slab [minA, maxA]: tEnter and
// tExit the slab's interval, first and last the running entry and exit, earlyExit when they cross (dynamic SAT
// of a point on the box's face axes).
template <Vector V, class Trace>
[[nodiscard]] inline CastResult<V> raySlab(const Ray<V>& ray, V low, V high, Trace& trace) {
  using S = ScalarOf<V>;
  constexpr S kInfinity = std::numeric_limits<S>::infinity();
  S enter = -kInfinity;
  S exit = kInfinity;
  int enterAxis = -1;
  S enterSign = S(0);
  bool strictlyInside = true;
  int touchAxis = 0;
  S touchSign = S(1);
  S touchGap = std::numeric_limits<S>::infinity();
  for (int i = 0; i < kDimension<V>; ++i) {
    const S o = detail::component(ray.origin, i);
    const S d = detail::component(ray.translation, i);
    const S lo = detail::component(low, i);
    const S hi = detail::component(high, i);
    strictlyInside = strictlyInside && o > lo && o < hi;
    // The face nearest the origin: the normal of a start on the surface.
    if (o - lo < touchGap) touchGap = o - lo, touchAxis = i, touchSign = S(-1);
    if (hi - o < touchGap) touchGap = hi - o, touchAxis = i, touchSign = S(1);
    const auto record = [&](S axisEnter, S axisExit, bool separated) {
      detail::traceRayAxis(trace, detail::unitAxis<V>(i), lo, hi, o, d, axisEnter, axisExit, enter, exit, separated);
    };
    if (d == S(0)) {
      const bool outside = o < lo || o > hi;
      record(outside ? kInfinity : -kInfinity, outside ? -kInfinity : kInfinity, outside);
      if (outside) return detail::missResult<V>();
      continue;
    }
    const S inverse = S(1) / d;
    S t0 = (lo - o) * inverse;
    S t1 = (hi - o) * inverse;
    S sign = S(-1);  // entering through the low face
    if (t0 > t1) std::swap(t0, t1), sign = S(1);
    if (t0 > enter) enter = t0, enterAxis = i, enterSign = sign;
    exit = std::min(exit, t1);
    record(t0, t1, enter > exit);
    if (enter > exit) return detail::missResult<V>();
  }
  if (strictlyInside) return detail::startResult(CastStatus::Overlapping, ray.origin, V{});
  if (enter <= S(0)) {
    if (exit < S(0) || touchGap < S(0)) return detail::missResult<V>();
    return detail::startResult(CastStatus::Touching, ray.origin, detail::unitAxis<V>(touchAxis, touchSign));
  }
  if (enter > S(1) || enterAxis < 0) return detail::missResult<V>();
  return detail::hitResult(enter, ray.origin + enter * ray.translation, detail::unitAxis<V>(enterAxis, enterSign));
}

template <Vector V>
[[nodiscard]] inline CastResult<V> raySlab(const Ray<V>& ray, V low, V high) {
  NoTrace trace;
  return raySlab(ray, low, high, trace);
}

// Clipping against the planes of a convex polytope (Cyrus and Beck 1978; Ericson 5.3.8; Box2D's
// b2RayCastPolygon): each plane dot(n, x) <= offset cuts the ray's interval, entering where the ray crosses a
// plane it faces. planeAt(i) gives {n, offset}. Traced: one SweptAxisStep per plane, as the slab test's: the
// polytope's side [-inf, offset] (minA, maxA) against the ray's point (minB = maxB = dot(n, origin), speed
// dot(n, translation)); tEnter and tExit the times the point is inside that plane, first and last the clipped
// interval so far, earlyExit when it is empty.
template <Vector V, class PlaneAt, class Trace>
[[nodiscard]] inline CastResult<V> rayClip(const Ray<V>& ray, int planeCount, PlaneAt planeAt, Trace& trace) {
  using S = ScalarOf<V>;
  constexpr S kInfinity = std::numeric_limits<S>::infinity();
  S lower = -std::numeric_limits<S>::infinity();
  S upper = std::numeric_limits<S>::infinity();
  int enterPlane = -1;
  V enterNormal{};
  bool strictlyInside = true;
  bool outside = false;
  V touchNormal{};
  S touchGap = std::numeric_limits<S>::infinity();
  for (int i = 0; i < planeCount; ++i) {
    const auto [n, offset] = planeAt(i);
    const S gap = offset - dot(n, ray.origin);  // > 0: the origin is inside this plane
    const S denominator = dot(n, ray.translation);
    strictlyInside = strictlyInside && gap > S(0);
    outside = outside || gap < S(0);
    if (gap < touchGap) touchGap = gap, touchNormal = n;
    const auto record = [&](S planeEnter, S planeExit, bool separated) {
      detail::traceRayAxis(trace, n, -kInfinity, offset, dot(n, ray.origin), denominator, planeEnter, planeExit, lower,
                           upper, separated);
    };
    if (denominator == S(0)) {
      record(gap < S(0) ? kInfinity : -kInfinity, gap < S(0) ? -kInfinity : kInfinity, gap < S(0));
      if (gap < S(0)) return detail::missResult<V>();
      continue;
    }
    const S t = gap / denominator;
    if (denominator < S(0)) {
      if (t > lower) lower = t, enterPlane = i, enterNormal = n;
    } else {
      upper = std::min(upper, t);
    }
    record(denominator < S(0) ? t : -kInfinity, denominator < S(0) ? kInfinity : t, upper < lower);
    if (upper < lower) return detail::missResult<V>();
  }
  if (strictlyInside) return detail::startResult(CastStatus::Overlapping, ray.origin, V{});
  if (!outside) return detail::startResult(CastStatus::Touching, ray.origin, touchNormal);
  if (enterPlane < 0 || lower > S(1) || lower < S(0)) return detail::missResult<V>();
  return detail::hitResult(lower, ray.origin + lower * ray.translation, enterNormal);
}

template <Vector V, class PlaneAt>
[[nodiscard]] inline CastResult<V> rayClip(const Ray<V>& ray, int planeCount, PlaneAt planeAt) {
  NoTrace trace;
  return rayClip(ray, planeCount, planeAt, trace);
}

// Ray against a capsule (a segment swept by a sphere; in the plane, a stadium): the infinite cylinder around the
// segment's line clipped to the segment, then the spheres at its ends (Ericson 5.3.7), the first hit wins. Traced:
// the side's quadratic (SweepStep part Edge), then each cap's (part Vertex 0 and 1) when the side misses.
template <Vector V, class Trace>
[[nodiscard]] inline CastResult<V> rayCapsule(const Ray<V>& ray, V a, V b, ScalarOf<V> radius, Trace& trace) {
  using S = ScalarOf<V>;
  const SegmentClosestPoint<V> nearest = closestPointOnSegment(ray.origin, a, b);
  const V offset = ray.origin - nearest.point;
  const S gapSquared = lengthSquared(offset) - radius * radius;
  const V backward = detail::unitOr(-ray.translation, V{});
  if (gapSquared < S(0)) return detail::startResult(CastStatus::Overlapping, ray.origin, V{});
  if (gapSquared == S(0)) return detail::startResult(CastStatus::Touching, ray.origin, detail::unitOr(offset, backward));
  CastResult<V> best = detail::missResult<V>();
  const V axis = b - a;
  const S axisSquared = lengthSquared(axis);
  if constexpr (Trace::enabled) trace(detail::sweepCylinderSide(0, ray.origin, ray.translation, a, b, radius));
  if (axisSquared > std::numeric_limits<S>::min()) {
    // The side: |perp(m + t d)|^2 = r^2, perp removing the axis component.
    const V m = ray.origin - a;
    const V mPerp = m - (dot(m, axis) / axisSquared) * axis;
    const V dPerp = ray.translation - (dot(ray.translation, axis) / axisSquared) * axis;
    const S qa = lengthSquared(dPerp);
    const S qb = dot(mPerp, dPerp);
    const S qc = lengthSquared(mPerp) - radius * radius;
    if (qc > S(0) && qb < S(0)) {
      const detail::QuadraticRoots<S> roots = detail::solveQuadratic(qa, qb, qc);
      const S t = roots.root0;
      if (t >= S(0) && t <= S(1)) {
        const S along = dot(m + t * ray.translation, axis) / axisSquared;
        if (along >= S(0) && along <= S(1)) {
          const V normal = detail::unitOr(mPerp + t * dPerp, backward);
          return detail::hitResult(t, ray.origin + t * ray.translation, normal);
        }
      }
    }
  }
  for (int end = 0; end < 2; ++end) {
    const CastResult<V> cap = raySphere(ray, end == 0 ? a : b, radius, trace, SweepPart::Vertex, end);
    if (cap.status == CastStatus::Hit && cap.fraction < best.fraction + (best.hit ? S(0) : S(1))) best = cap;
  }
  return best;
}

template <Vector V>
[[nodiscard]] inline CastResult<V> rayCapsule(const Ray<V>& ray, V a, V b, ScalarOf<V> radius) {
  NoTrace trace;
  return rayCapsule(ray, a, b, radius, trace);
}

namespace detail {

// The one step of a ray cast against a segment (plane) or a triangle (space), as a face of the moving-sphere tests
// with radius 0 (SweepStep part Face): the signed distances of the ray's point from the face's line or plane at
// t = 0 and t = 1, the time it crosses there (NaN: not in [0, 1]) and whether it crosses inside the face.
template <Vector V, class Trace>
inline void traceRayFace(Trace& trace, const Ray<V>& ray, V normal, V onFace, ScalarOf<V> crossing, bool hit) {
  using S = ScalarOf<V>;
  if constexpr (Trace::enabled) {
    SweepStep<V> step = sweepStep(SweepPart::Face, 0, ray.origin, ray.translation, S(0));
    step.startDistance = dot(normal, ray.origin - onFace);
    step.endDistance = dot(normal, ray.origin + ray.translation - onFace);
    if (crossing >= S(0) && crossing <= S(1)) step.t = crossing;
    step.hit = hit;
    trace(step);
  } else {
    (void)trace, (void)ray, (void)normal, (void)onFace, (void)crossing, (void)hit;
  }
}

}  // namespace detail

// Ray against a segment in the plane: o + t d = a + s (b - a) by cross products. Collinear: the first end point
// reached along the ray. Traced: one SweepStep (detail::traceRayFace) with the cross products' t; a ray along the
// segment's line (collinear within rounding) records both distances as 0 and t the end it reaches.
template <Scalar S, class Trace>
[[nodiscard]] inline CastResult<Vec2<S>> raySegment(const Ray<Vec2<S>>& ray, Vec2<S> a, Vec2<S> b, Trace& trace) {
  using V = Vec2<S>;
  constexpr S kNone = std::numeric_limits<S>::quiet_NaN();
  const V d = ray.translation;
  const V e = b - a;
  const V m = a - ray.origin;
  const S denominator = cross(d, e);
  const S scale = std::max(lengthSquared(d), lengthSquared(e));
  const V backward = detail::unitOr(-d, V{});
  const auto traced = [&](const CastResult<V>& result, S crossing, bool alongLine) {
    if constexpr (Trace::enabled) {
      if (alongLine) {
        SweepStep<V> step = detail::sweepStep(SweepPart::Face, 0, ray.origin, d, S(0));
        step.startDistance = step.endDistance = S(0);
        step.t = crossing;
        step.hit = result.hit;
        trace(step);
      } else {
        // The line's normal (a segment of zero length: the normal of the ray's own line).
        const V lineNormal = detail::unitOr(leftPerp(e), detail::unitOr(leftPerp(d), V{}));
        detail::traceRayFace(trace, ray, lineNormal, a, crossing, result.hit);
      }
    } else {
      (void)crossing, (void)alongLine;
    }
    return result;
  };
  if (std::abs(denominator) <= S(16) * kEpsilon<S> * scale || !(scale > S(0))) {
    // Parallel (or a zero-length ray or segment): a hit only along the common line.
    if (std::abs(cross(m, lengthSquared(e) > S(0) ? e : d)) > S(16) * kEpsilon<S> * (lengthSquared(m) + scale)) {
      return traced(detail::missResult<V>(), kNone, false);
    }
    const SegmentClosestPoint<V> onSegment = closestPointOnSegment(ray.origin, a, b);
    if (onSegment.point == ray.origin || lengthSquared(onSegment.point - ray.origin) <=
                                             S(256) * kEpsilon<S> * kEpsilon<S> * (lengthSquared(m) + scale)) {
      return traced(detail::startResult(CastStatus::Touching, ray.origin, backward), S(0), true);
    }
    const S dd = lengthSquared(d);
    if (!(dd > S(0))) return traced(detail::missResult<V>(), kNone, true);
    const S ta = dot(a - ray.origin, d) / dd;
    const S tb = dot(b - ray.origin, d) / dd;
    const S t = std::min(ta < S(0) ? std::numeric_limits<S>::infinity() : ta,
                         tb < S(0) ? std::numeric_limits<S>::infinity() : tb);
    if (!(t <= S(1))) return traced(detail::missResult<V>(), kNone, true);
    return traced(detail::hitResult(t, t == ta ? a : b, backward), t, true);
  }
  const S t = cross(m, e) / denominator;
  const S s = cross(m, d) / denominator;
  if (t < S(0) || t > S(1) || s < S(0) || s > S(1)) return traced(detail::missResult<V>(), t, false);
  V normal = detail::unitOr(leftPerp(e), backward);
  if (dot(normal, d) > S(0)) normal = -normal;
  return traced(detail::hitResult(t, ray.origin + t * d, normal), t, false);
}

template <Scalar S>
[[nodiscard]] inline CastResult<Vec2<S>> raySegment(const Ray<Vec2<S>>& ray, Vec2<S> a, Vec2<S> b) {
  NoTrace trace;
  return raySegment(ray, a, b, trace);
}

// Ray against a triangle in space (Moller and Trumbore 1997; Ericson 5.3.6), two-sided: the normal faces the ray.
// A ray in the triangle's plane has no crossing point: NaN fraction, so the caller takes the GJK ray cast (no step
// is recorded; the GJK ray cast records its own). Traced: one SweepStep (detail::traceRayFace) with Moller and
// Trumbore's t, also where the barycentric tests end the work before t is needed.
template <Scalar S, class Trace>
[[nodiscard]] inline CastResult<Vec3<S>> rayTriangle(const Ray<Vec3<S>>& ray, Vec3<S> a, Vec3<S> b, Vec3<S> c,
                                                     bool& parallel, Trace& trace) {
  using V = Vec3<S>;
  const V e1 = b - a;
  const V e2 = c - a;
  const V d = ray.translation;
  const V p = cross(d, e2);
  const S determinant = dot(e1, p);
  parallel = std::abs(determinant) <= S(16) * kEpsilon<S> * length(d) * length(e1) * length(e2);
  if (parallel) return detail::missResult<V>();
  const S inverse = S(1) / determinant;
  const V s = ray.origin - a;
  const auto traced = [&](const CastResult<V>& result) {
    if constexpr (Trace::enabled) {
      detail::traceRayFace(trace, ray, detail::unitOr(cross(e1, e2), V{}), a, dot(e2, cross(s, e1)) * inverse,
                           result.hit);
    }
    return result;
  };
  const S u = dot(s, p) * inverse;
  if (u < S(0) || u > S(1)) return traced(detail::missResult<V>());
  const V q = cross(s, e1);
  const S v = dot(d, q) * inverse;
  if (v < S(0) || u + v > S(1)) return traced(detail::missResult<V>());
  const S t = dot(e2, q) * inverse;
  if (t < S(0) || t > S(1)) return traced(detail::missResult<V>());
  V normal = detail::unitOr(cross(e1, e2), V{});
  if (dot(normal, d) > S(0)) normal = -normal;
  return traced(detail::hitResult(t, ray.origin + t * d, normal));
}

template <Scalar S>
[[nodiscard]] inline CastResult<Vec3<S>> rayTriangle(const Ray<Vec3<S>>& ray, Vec3<S> a, Vec3<S> b, Vec3<S> c,
                                                     bool& parallel) {
  NoTrace trace;
  return rayTriangle(ray, a, b, c, parallel, trace);
}

// [SECTION] GJK ray cast (van den Bergen 2004)

namespace detail {

// Where the GJK ray cast loop ended, in the frame it ran in: the ray parameter, the simplex (with the witnesses of
// its points) and its closest point.
template <Vector V>
struct RayLoop {
  using S = ScalarOf<V>;
  CastStatus status = CastStatus::MaxIterations;  // Hit (converged at lambda), Miss, MaxIterations, InvalidInput
  S lambda{};
  V x{};             // the ray's point at lambda
  V v{};             // x minus the closest point of the simplex: the gap's direction, |v| - radius its size
  V planeNormal{};   // the last separating plane's normal (zero while lambda has not moved)
  std::array<SupportPoint<V>, kMaxSimplexVertices<V>> simplex{};
  std::array<S, kMaxSimplexVertices<V>> weights{};  // of the simplex's points at its closest point
  int count = 0;
  bool interior = false;  // x inside the simplex: v is zero
  int iterations = 0;
};

// The core points of the simplex, for featureNormal.
template <Vector V>
[[nodiscard]] inline std::array<V, kMaxSimplexVertices<V>> simplexPoints(const RayLoop<V>& loop) {
  std::array<V, kMaxSimplexVertices<V>> points{};
  for (int i = 0; i < loop.count; ++i) points[i] = loop.simplex[i].point;
  return points;
}

// The loop of the GJK ray cast (van den Bergen, "Ray Casting against General Convex Objects with Application to
// Continuous Collision Detection", JGT 2004, Algorithm 1) on a set given by its support points: the set is
// A - B with the core supports of A and B (SupportKind::Core), rounded by radiusA + radiusB. GJK runs on x - set,
// x the ray's point at lambda:
//   v = x - (closest point of the simplex); p = support of the set along v; w = x - p
//   if p's plane, pushed out by radius + target, separates x from the set (dot(v, w) > (radius + target) |v|):
//     miss when the ray does not run toward the plane (dot(v, r) >= 0); else lambda moves to the plane
//   add p; v = closest point of conv(x - simplex); keep the vertices supporting it
//   stop when |v| <= radius + target + tolerance: x is at the target gap from the set, or at a stall (a support
//   that changes nothing, lambda unmoved), after one plane test along the normal of the simplex's face
// The simplex keeps the witnesses of its points, so the closest points on A and on B are known at every step
// (Box2D's b2ShapeCast keeps them the same way). Target and tolerance are absolute here.
template <class Set, Vector V, class Trace>
[[nodiscard]] RayLoop<V> gjkRayLoop(const Set& set, const Ray<V>& ray, ScalarOf<V> radiusA, ScalarOf<V> radiusB,
                                    ScalarOf<V> target, ScalarOf<V> tolerance, int maxIterations, Trace& trace) {
  using S = ScalarOf<V>;
  constexpr int kCapacity = kMaxSimplexVertices<V>;
  const S radius = radiusA + radiusB;
  RayLoop<V> loop;
  loop.x = ray.origin;
  V v = ray.origin - set.centroid();
  // |v| is kept squared: the arrival test compares squares, and the square root is taken only for a plane test
  // that can separate (dot(v, w) > 0) with a gap to keep.
  S vSquared = lengthSquared(v);
  const S keep = radius + target;     // the plane test keeps x this far out
  const S arrive = keep + tolerance;  // |v| at or below this: x is at the target gap
  SimplexPoints<V> points{};
  bool stalled = false;     // a support that changed nothing brought v no closer: v is exact to rounding
  std::array<V, kCapacity> dropped{};  // the points the last reduction dropped
  int droppedCount = 0;
  bool searchFace = false;  // this iteration searches along the simplex face's normal instead of v
  for (int iteration = 1; iteration <= maxIterations; ++iteration) {
    if (vSquared <= arrive * arrive || loop.interior) {
      loop.status = CastStatus::Hit;
      break;
    }
    if (stalled) {
      // v is the difference of x and a point of the simplex, so its direction carries their rounding divided by
      // |v|: near the set it can no longer certify a plane that separates x by |v|. When the simplex is a face (an
      // edge in the plane, a triangle in space) and v meets it inside, the support along v is on that face, so its
      // normal from cross products of its edges (rounding relative to the face's size, not to |v|) names the same
      // plane: one more plane test along it. A stall after that one is where rounding leaves x: the contact.
      if (searchFace || loop.count != kDimension<V>) {
        loop.status = CastStatus::Hit;
        break;
      }
      searchFace = true;
    } else {
      searchFace = false;
    }
    loop.iterations = iteration;
    // The search direction, as long as v, so that the plane test below keeps its scale.
    const V direction = searchFace ? featureNormal(simplexPoints(loop), loop.count, v) * std::sqrt(vSquared) : v;
    const SupportPoint<V> p = set.supportPoint(direction);
    if (!isFinite(p.point)) {
      loop.status = CastStatus::InvalidInput;
      return loop;
    }
    S separation = dot(direction, loop.x - p.point);
    if (separation > S(0) && keep > S(0)) separation -= keep * std::sqrt(vSquared);
    bool advanced = false;
    if (separation > S(0)) {
      const S closing = dot(direction, ray.translation);
      if (closing >= S(0)) {
        loop.status = CastStatus::Miss;
      } else {
        // A plane within rounding of x moves lambda by less than its last bit: no advance, so the stall test below
        // can see it (a cylinder's rim against a box ran 1000 iterations at one lambda, each "advancing").
        const S previousLambda = loop.lambda;
        loop.lambda -= separation / closing;
        if (loop.lambda > S(1)) loop.status = CastStatus::Miss;
        loop.x = ray.origin + loop.lambda * ray.translation;
        loop.planeNormal = direction;
        advanced = loop.lambda != previousLambda;
      }
    }
    bool duplicate = false;
    for (int i = 0; i < loop.count; ++i) duplicate = duplicate || loop.simplex[i].point == p.point;
    bool droppedBefore = false;
    for (int i = 0; i < droppedCount; ++i) droppedBefore = droppedBefore || dropped[i] == p.point;
    if (loop.status == CastStatus::MaxIterations) {
      if (!duplicate) {
        // Newest first, as the solver expects; a full simplex loses its oldest point.
        for (int i = std::min(loop.count, kCapacity - 1); i > 0; --i) loop.simplex[i] = loop.simplex[i - 1];
        loop.simplex[0] = p;
        loop.count = std::min(loop.count + 1, kCapacity);
      }
      for (int i = 0; i < loop.count; ++i) points[i] = loop.x - loop.simplex[i].point;
      const ClosestOnSimplex<V> closest = closestOnSimplex(points, loop.count);
      int kept = 0;
      droppedCount = 0;
      for (int i = 0; i < loop.count; ++i) {
        if ((closest.droppedMask & (1u << i)) == 0) loop.simplex[kept++] = loop.simplex[i];
        else dropped[droppedCount++] = loop.simplex[i].point;
      }
      loop.count = kept;
      loop.weights = closest.weights;
      loop.interior = closest.region.feature == SimplexFeature::Interior;
      v = loop.interior ? V{} : closest.closestPoint;
      const S previous = vSquared;
      vSquared = lengthSquared(v);
      // A stall: lambda did not move and the support changed nothing (already a vertex, or dropped by the solver
      // because it lies on the simplex's line or plane: the collinear vertices of parallel edges of A and B), and
      // v came no closer, so the next iteration would ask the same support again. Exactly, a support that adds
      // nothing to the simplex lies on the plane through its closest point (the gap |v|^2 - dot(v, x - p) is
      // zero, van den Bergen 2004), and a plane that does not move lambda then puts x within the target: |v| left
      // above `arrive` is rounding (of x, which grows with the ray's length, through the solver). So is a support
      // the last reduction dropped coming back: two supports on one face of the set, x within rounding of its
      // plane, can take turns replacing each other with v unchanged to the last bit, up to the cap (Box2D's
      // duplicate test against the simplex before solving; gjkDistance's `triedBefore`).
      const bool newestDropped = !duplicate && (closest.droppedMask & 1u) != 0;
      stalled = (duplicate || newestDropped || droppedBefore) && !advanced && !(vSquared < previous);
    }
    if constexpr (Trace::enabled) {
      RayCastStep<V> step;
      step.iteration = iteration;
      step.lambda = loop.lambda;
      step.x = loop.x;
      step.direction = direction;
      step.v = v;
      step.distance = std::sqrt(vSquared) - radius;
      step.support = p.point;
      step.advanced = advanced;
      step.simplexCount = loop.count;
      for (int i = 0; i < loop.count; ++i) step.simplex[i] = loop.simplex[i].point;
      // The closest points: the simplex's witnesses at its closest point, B's moved along the ray with x.
      const V n = unitOr(v, V{});
      for (int i = 0; i < loop.count; ++i) {
        step.pointA += loop.weights[i] * loop.simplex[i].pointA;
        step.pointB += loop.weights[i] * loop.simplex[i].pointB;
      }
      step.pointA += radiusA * n;
      step.pointB += loop.x - radiusB * n;
      if (loop.status == CastStatus::Miss) {
        constexpr S kNone = std::numeric_limits<S>::quiet_NaN();
        step.distance = kNone;
        step.pointA = step.pointB = v * kNone;
      }
      step.status = loop.status;
      step.last = loop.status != CastStatus::MaxIterations;
      trace(step);
    }
    if (loop.status != CastStatus::MaxIterations) break;
  }
  loop.v = v;
  return loop;
}

// The contact normal where the loop converged (unit, pointing out of the set toward x): along v while |v| is above
// `trusted` (a rounded set, or a gap kept as the target); on a polytope at the touching target v shrinks to
// rounding and its direction is noise, so the normal of the simplex's feature (an edge in the plane, a triangle in
// space) is taken, on the side of the last separating plane; a vertex keeps that plane's normal, and a vertex
// before any plane (the ray started on the set) takes -translation.
template <Vector V>
[[nodiscard]] inline V rayLoopNormal(const RayLoop<V>& loop, ScalarOf<V> trusted, V translation) {
  const ScalarOf<V> vLength = std::sqrt(lengthSquared(loop.v));
  if (vLength > trusted) return loop.v / vLength;
  return featureNormal(simplexPoints(loop), loop.count, unitOr(loop.planeNormal, unitOr(-translation, V{})));
}

}  // namespace detail

// Ray against any convex shape given by its support function: the GJK ray cast (detail::gjkRayLoop) on the shape
// alone (the set C - {0}; Box2D 2.4.1's b2ShapeCast is the same loop on A - B, as linearCast below). The core and
// its radius are kept apart (as Box2D does), so a circle converges in one or two steps. The shape is given in the
// frame of the ray (world). The trace's pointA is the shape's closest point, pointB the ray's point x.
template <SupportShape Shape, class Trace = NoTrace>
[[nodiscard]] CastResult<ShapeVector<Shape>> gjkRayCast(const Shape& shape, const Ray<ShapeVector<Shape>>& ray,
                                                         const CastOptions& options, Trace& trace) {
  using V = ShapeVector<Shape>;
  using S = ScalarOf<V>;
  using Origin = std::conditional_t<kDimension<V> == 2, Point<S>, Point3<S>>;
  const S radius = shape.coreRadius();
  const S relativeTolerance = detail::castTolerance<S>(options);
  if (!detail::validCastOptions(options) || !isFinite(ray.origin) || !isFinite(ray.translation) ||
      !(radius >= S(0)) || !std::isfinite(radius)) {
    return detail::invalidResult<V>();
  }
  const V centroid = shape.centroid();
  // The size tolerances are relative to: the shape's extent, the ray's length and the distance to the shape.
  S extent = radius;
  for (int i = 0; i < kDimension<V>; ++i) {
    extent = std::max(extent, length(shape.coreSupport(detail::unitAxis<V>(i)) - centroid) + radius);
    extent = std::max(extent, length(shape.coreSupport(detail::unitAxis<V>(i, S(-1))) - centroid) + radius);
  }
  const S size = std::max({extent, length(ray.translation), length(ray.origin - centroid)});
  const S tolerance = relativeTolerance * size;
  const S target = static_cast<S>(options.relativeTarget) * size;
  if (!std::isfinite(size)) return detail::invalidResult<V>();

  const Origin origin{};
  const MinkowskiDifference<Shape, Origin> set{shape, origin, SupportKind::Core};
  const detail::RayLoop<V> loop =
      detail::gjkRayLoop(set, ray, radius, S(0), target, tolerance, options.maxIterations, trace);
  if (loop.status == CastStatus::InvalidInput) return detail::invalidResult<V>();
  if (loop.status == CastStatus::Miss) return detail::missResult<V>(loop.iterations);
  if (loop.status == CastStatus::MaxIterations) {
    CastResult<V> capped;
    capped.fraction = loop.lambda;
    capped.iterations = loop.iterations;
    capped.status = CastStatus::MaxIterations;
    return capped;
  }
  const S trusted = radius > S(0) ? S(0.5) * radius : std::numeric_limits<S>::infinity();
  const V normal = detail::rayLoopNormal(loop, trusted, ray.translation);
  const V point = loop.x - loop.v + radius * normal;
  if (loop.lambda > S(0)) return detail::hitResult(loop.lambda, point, normal, loop.iterations);
  // Converged at the start: inside or on the surface? A rounded shape says by |v| against its radius. A point
  // inside a polytope cannot be told from one on its surface by v (both are zero), so a second ray comes in from
  // outside along the line from the centroid through the start: on a convex shape it crosses the surface once,
  // at the start itself when the start is on the surface, before it when the start is inside.
  bool inside = loop.interior || length(loop.v) - radius < -tolerance;
  // A shape of zero size has no inside; otherwise the second ray starts a size away, outside, and cannot come here.
  if (!inside && radius == S(0) && extent > tolerance) {
    const V outward = detail::unitOr(ray.origin - centroid, detail::unitAxis<V>(0));
    const S reach = S(2) * size + tolerance;
    const Ray<V> back{ray.origin + reach * outward, -reach * outward};
    CastOptions backOptions = options;
    backOptions.relativeTarget = 0.0;
    const CastResult<V> entry = gjkRayCast(shape, back, backOptions);
    inside = entry.hit && (S(1) - entry.fraction) * reach > tolerance;
  }
  if (inside) return detail::startResult(CastStatus::Overlapping, ray.origin, V{}, loop.iterations);
  return detail::startResult(CastStatus::Touching, ray.origin, normal, loop.iterations);
}

template <SupportShape Shape>
[[nodiscard]] CastResult<ShapeVector<Shape>> gjkRayCast(const Shape& shape, const Ray<ShapeVector<Shape>>& ray,
                                                         const CastOptions& options = {}) {
  NoTrace trace;
  return gjkRayCast(shape, ray, options, trace);
}

// [SECTION] Linear cast: the GJK ray cast on A - B

namespace detail {

// Half the diagonal of a placed support shape's bounding box, from its supports along the axes (Ericson 4.2.6).
template <SupportShape Shape>
[[nodiscard]] inline ScalarOf<ShapeVector<Shape>> supportHalfDiagonal(const Shape& shape) {
  using V = ShapeVector<Shape>;
  using S = ScalarOf<V>;
  S sum{};
  for (int i = 0; i < kDimension<V>; ++i) {
    const S width = component(shape.support(unitAxis<V>(i)) - shape.support(unitAxis<V>(i, S(-1))), i);
    sum += width * width;
  }
  return S(0.5) * std::sqrt(sum);
}

// A placed polygon's: the same extreme vertices in one pass over them instead of four support searches (the
// size every cast of a polygon starts with; a quarter of the work).
template <Scalar S>
[[nodiscard]] inline S supportHalfDiagonal(const Transformed<Polygon<S>>& placed) {
  const Polygon<S>& polygon = placed.shape;
  Vec2<S> low = placed.transform.apply(polygon.vertices[0]);
  Vec2<S> high = low;
  for (int i = 1; i < polygon.count; ++i) {
    const Vec2<S> p = placed.transform.apply(polygon.vertices[i]);
    low = {std::min(low.x, p.x), std::min(low.y, p.y)};
    high = {std::max(high.x, p.x), std::max(high.y, p.y)};
  }
  const Vec2<S> width = high - low;
  return S(0.5) * std::sqrt(width.x * width.x + width.y * width.y);
}

// The pair's contact where GJK distance reports zero distance: its simplex holds the origin, which tells neither a
// face contact from a deep overlap nor the contact's normal (its witnesses are the cores' midpoint). The
// penetration (EPA) does: its depth, and its normal (A toward B) and point, in A's frame.
template <Vector V>
struct Penetration {
  ScalarOf<V> depth{};
  V normal{};
  V point{};
};

template <SupportShape A, SupportShape B>
[[nodiscard]] inline Penetration<ShapeVector<A>> penetration(const A& a, const B& placedB) {
  using S = ScalarOf<ShapeVector<A>>;
  const auto epa = [&] {
    if constexpr (kDimension<ShapeVector<A>> == 2) return gjkEpa(a, placedB);
    else return gjkEpa3(a, placedB);
  }();
  return {epa.depth, epa.normal, S(0.5) * (epa.pointA + epa.pointB)};
}

// A cast that arrives at t = 0 (the gap already within the target): Touching with GJK distance's normal while the
// shapes are apart; at zero distance the penetration decides Touching (depth within the tolerance) or
// Overlapping. B is placed in A's frame; poseA maps the answer to the world.
template <SupportShape A, SupportShape B>
[[nodiscard]] inline CastResult<ShapeVector<A>> startContact(const A& a, const B& placedB,
                                                             const TransformOf<ShapeVector<A>>& poseA,
                                                             ScalarOf<ShapeVector<A>> tolerance, int iterations) {
  using V = ShapeVector<A>;
  using S = ScalarOf<V>;
  const DistanceResult<V> distance = gjkDistance(a, placedB);
  if (distance.status == Status::InvalidInput) return invalidResult<V>();
  if (!distance.overlap) {
    return startResult(CastStatus::Touching, poseA.apply(S(0.5) * (distance.pointA + distance.pointB)),
                       poseA.q.apply(distance.normal), iterations);
  }
  const Penetration<V> contact = penetration(a, placedB);
  const CastStatus status = contact.depth > tolerance ? CastStatus::Overlapping : CastStatus::Touching;
  return startResult(status, poseA.apply(contact.point), poseA.q.apply(contact.normal), iterations);
}

// The steps of a linear cast, run in `frame` (placed at A's start), turned to the world's axes; the witnesses
// placed with A and B at lambda (the frame moved by lambda times A's translation).
template <Vector V, class Trace>
struct PairRayTrace {
  static constexpr bool enabled = Trace::enabled;
  Trace& inner;
  const TransformOf<V>& frame;
  V translationA;
  void operator()(RayCastStep<V> step) {
    const TransformOf<V> moved{frame.p + step.lambda * translationA, frame.q};
    step.x = frame.q.apply(step.x);
    step.direction = frame.q.apply(step.direction);
    step.v = frame.q.apply(step.v);
    step.support = frame.q.apply(step.support);
    for (int i = 0; i < step.simplexCount; ++i) step.simplex[i] = frame.q.apply(step.simplex[i]);
    step.pointA = moved.apply(step.pointA);
    step.pointB = moved.apply(step.pointB);
    inner(step);
  }
};

// A convex polygon placed once: its vertices in the world's axes about an origin, stored as two coordinate
// arrays, so that a support is one pass of dot products the compiler vectorises, then the first vertex reaching
// their maximum (a linear cast asks about three supports of each polygon; turning each direction into the
// polygon's frame and the answer back costs more than placing its few vertices once).
template <Scalar S>
struct PlacedPolygon {
  using Scalar = S;
  std::array<S, kMaxPolygonVertices> x;  // only [0, count) is written and read
  std::array<S, kMaxPolygonVertices> y;
  int count = 0;
  Vec2<S> center;

  PlacedPolygon(const Polygon<S>& polygon, const Transform<S>& pose) : count(polygon.count) {
    for (int i = 0; i < count; ++i) {
      const Vec2<S> p = pose.apply(polygon.vertices[i]);
      x[i] = p.x;
      y[i] = p.y;
    }
    center = pose.apply(polygon.center);
  }
  [[nodiscard]] Vec2<S> coreSupport(Vec2<S> d) const {
    // The dot products (one vectorised pass), their maximum in two interleaved chains (half the latency of one),
    // the first vertex reaching it. A NaN direction ends on the last vertex.
    if (count < 1) return {};
    std::array<S, kMaxPolygonVertices> dots;
    for (int k = 0; k < count; ++k) dots[k] = x[k] * d.x + y[k] * d.y;
    S even = dots[0];
    S odd = even;
    int i = 1;
    for (; i + 1 < count; i += 2) {
      odd = std::max(odd, dots[i]);
      even = std::max(even, dots[i + 1]);
    }
    if (i < count) odd = std::max(odd, dots[i]);
    const S best = std::max(even, odd);
    int index = 0;
    while (index + 1 < count && dots[index] != best) ++index;
    return {x[index], y[index]};
  }
  [[nodiscard]] Vec2<S> support(Vec2<S> d) const { return coreSupport(d); }
  [[nodiscard]] S coreRadius() const { return S(0); }
  [[nodiscard]] Vec2<S> centroid() const { return center; }
  [[nodiscard]] Vec2<S> vertex(int i) const { return {x[i], y[i]}; }
  // The index of the vertex at p (a point its support returned), or -1.
  [[nodiscard]] int indexOf(Vec2<S> p) const {
    for (int i = 0; i < count; ++i) {
      if (x[i] == p.x && y[i] == p.y) return i;
    }
    return -1;
  }
  // Half the diagonal of its bounding box (the extreme coordinates are those of supportHalfDiagonal's supports).
  [[nodiscard]] S halfDiagonal() const {
    if (count < 1) return S(0);
    S lowX = x[0], highX = x[0], lowY = y[0], highY = y[0];
    for (int i = 1; i < count; ++i) {
      lowX = std::min(lowX, x[i]);
      highX = std::max(highX, x[i]);
      lowY = std::min(lowY, y[i]);
      highY = std::max(highY, y[i]);
    }
    const S width = highX - lowX;
    const S height = highY - lowY;
    return S(0.5) * std::sqrt(width * width + height * height);
  }
};

// A - B seen along the motion r: its shadow on the plane across r (basis u, w), from x, as a 2D support set for
// EPA's polygon (epa.h), so that the polygon's closest edge is the shadow's edge nearest the ray's line.
template <class Set, Scalar S>
struct ShadowAlong {
  const Set& set;
  Vec3<S> x, u, w;
  [[nodiscard]] SupportPoint<Vec2<S>> supportPoint(Vec2<S> d) const {
    const Vec3<S> p = set.support(d.x * u + d.y * w) - x;
    SupportPoint<Vec2<S>> result;
    result.point = {dot(p, u), dot(p, w)};
    return result;
  }
};

// The normal of a contact the motion slides along (ccd_05: a box sliding on a face meets the face's corner). The
// ray ended on a vertex of A - B (or an edge, in space), and the normal of the simplex there (`normal`) is one of
// the vertex's many: ccd_05's was (-0.894, 0.447), which a response bounces the slider back along. When the
// ray's line runs within `tolerance` of a supporting plane of A - B (the shadow of A - B across the motion has
// the ray's line on its boundary: the shapes touch along the motion and never press into each other), that plane's
// normal is the contact's, perpendicular to the motion, as dynamic SAT's grazing axis and conservative
// advancement give it. In the plane the shadow is an interval along the motion's perpendicular; in space a polygon,
// whose edge nearest the line EPA's loop finds (a face of A - B along the motion; along an edge of A - B, one of
// its faces). A line through the shadow's inside (a vertex met head on), a flat shadow (A - B flat along the
// motion: no side to choose) or no convergence keep `normal`.
// The peers take the normal from the last separation instead: Box2D v3's b2ShapeCast (src/distance.c) stops a
// linear slop short and takes GJK distance's normal there, and Jolt's GJKClosestPoint::CastShape
// (Jolt/Geometry/GJKClosestPoint.h) returns the previous iteration's v for shapes without convex radius; at a
// vertex met along a face both give the vertex's direction (Box2D's slider starts touching and reports fraction 0).
template <class Set, Vector V>
[[nodiscard]] inline V slidingNormal(const Set& set, V x, V r, ScalarOf<V> tolerance, V normal) {
  using S = ScalarOf<V>;
  if constexpr (kDimension<V> == 2) {
    const V across = unitOr(leftPerp(r), V{});
    if (across == V{}) return normal;
    const bool left = dot(set.support(across) - x, across) <= tolerance;
    const bool right = dot(set.support(-across) - x, -across) <= tolerance;
    if (left == right) return normal;  // through the inside, or flat along the motion
    return left ? across : -across;
  } else {
    const V along = unitOr(r, V{});
    if (along == V{}) return normal;
    const OrthonormalBasis<S> basis = orthonormalBasis(along);
    const ShadowAlong<Set, S> shadow{set, x, basis.tangent, basis.bitangent};
    // EPA's polygon on the shadow from its extremes along u and w. The ray's line may start outside that polygon
    // (a corner of the shadow cut off); the closest edge is then at a negative distance and is expanded first.
    StartPoints<S> points;
    for (const Vec2<S> d : {Vec2<S>{1, 0}, Vec2<S>{-1, 0}, Vec2<S>{0, 1}, Vec2<S>{0, -1}}) {
      points.items[points.count++] = shadow.supportPoint(d);
    }
    Polytope<S> polygon;
    supportHull(points, polygon);
    if (polygon.count < 3) return normal;
    for (int iteration = 0; iteration < 32 && !polygon.full(); ++iteration) {
      const ClosestEdge<S> edge = findClosestEdge(polygon);
      if (!std::isfinite(edge.distance)) return normal;
      const SupportPoint<Vec2<S>> support = shadow.supportPoint(edge.normal);
      const S reach = dot(support.point, edge.normal);
      if (!std::isfinite(reach)) return normal;
      if (reach - edge.distance <= tolerance) {
        // The shadow's edge nearest the line: on it (a plane along the motion) or farther (the line inside).
        if (reach > tolerance) return normal;
        return unitOr(edge.normal.x * basis.tangent + edge.normal.y * basis.bitangent, normal);
      }
      (void)insertSupport(polygon, edge.index, support);
    }
    return normal;
  }
}

// The linear cast once A and B are placed in `frame` at t = 0 (frame maps them to the world; r is B's translation
// relative to A in the frame's axes) and the pair's size is known.
template <SupportShape A, SupportShape B, class Trace>
[[nodiscard]] CastResult<ShapeVector<A>> linearCastIn(const A& a, const B& b, const TransformOf<ShapeVector<A>>& frame,
                                                      ShapeVector<A> translationA, ShapeVector<A> r,
                                                      ScalarOf<ShapeVector<A>> size, const CastOptions& options,
                                                      Trace& trace) {
  using V = ShapeVector<A>;
  using S = ScalarOf<V>;
  const S tolerance = castTolerance<S>(options) * size;
  const S target = static_cast<S>(options.relativeTarget) * size;
  const S radiusA = a.coreRadius();
  const S radiusB = b.coreRadius();
  const MinkowskiDifference<A, B> difference{a, b, SupportKind::Core};
  PairRayTrace<V, Trace> sink{trace, frame, translationA};
  const RayLoop<V> loop =
      gjkRayLoop(difference, Ray<V>{V{}, r}, radiusA, radiusB, target, tolerance, options.maxIterations, sink);
  switch (loop.status) {
    case CastStatus::InvalidInput: return invalidResult<V>();
    case CastStatus::Miss: return missResult<V>(loop.iterations);
    case CastStatus::MaxIterations: {
      CastResult<V> capped;
      capped.fraction = loop.lambda;
      capped.iterations = loop.iterations;
      capped.status = CastStatus::MaxIterations;
      return capped;
    }
    default: break;
  }
  if (!(loop.lambda > S(0))) return startContact(a, b, frame, tolerance, loop.iterations);
  // |v| within rounding of zero (polytopes cast to touching): the simplex's feature gives the normal; ended on a
  // vertex (or an edge, in space) of A - B, the face the motion slides along may (slidingNormal). The ray's point on
  // the simplex's boundary (a weight of its closest point at rounding's scale: a triangle in a side face of A - B
  // with x on its edge along the top face) is such an end too; inside a face of A - B the normal stays the face's.
  const S trusted = std::sqrt(kEpsilon<S>) * size;
  V normal = rayLoopNormal(loop, trusted, r);
  bool onBoundary = loop.count < kDimension<V>;
  for (int i = 0; i < loop.count; ++i) onBoundary = onBoundary || loop.weights[i] <= std::sqrt(kEpsilon<S>);
  if (radiusA + radiusB + target == S(0) && onBoundary && !(length(loop.v) > trusted)) {
    normal = slidingNormal(difference, loop.x, r, tolerance, normal);
  }
  V pointA{}, pointB{};
  for (int i = 0; i < loop.count; ++i) {
    pointA += loop.weights[i] * loop.simplex[i].pointA;
    pointB += loop.weights[i] * loop.simplex[i].pointB;
  }
  pointA += radiusA * normal;
  pointB += loop.x - radiusB * normal;
  const TransformOf<V> moved{frame.p + loop.lambda * translationA, frame.q};
  return hitResult(loop.lambda, moved.apply(S(0.5) * (pointA + pointB)), frame.q.apply(normal), loop.iterations);
}

}  // namespace detail

// Linear shape cast: A and B translate by translationA and translationB over [0, 1], no rotation. B moved by t r
// (r = translationB - translationA, in A's frame) touches A when t r lies in A - B, so the cast is a ray from the
// origin along r against the Minkowski difference A - B (van den Bergen 2004; Box2D 2.4.1's b2ShapeCast): the GJK
// ray cast loop (detail::gjkRayLoop) on A - B's cores, rounded by both radii. Each iteration adds one support
// point of A - B, where conservative advancement (timeOfImpact) runs a whole GJK distance per step. Runs about
// A's start, so large coordinates cancel first (in A's frame; two polygons are placed once in the world's axes,
// detail::PlacedPolygon); stops at the target gap within the tolerance (relative
// to the larger half diagonal of the two bounding boxes). Hit at lambda > 0; a start within the target is
// Touching or Overlapping (startContact); Miss when the ray leaves [0, 1] or runs away from A - B.
template <SupportShape A, SupportShape B, class Trace = NoTrace>
  requires std::same_as<ShapeVector<A>, ShapeVector<B>>
[[nodiscard]] CastResult<ShapeVector<A>> linearCast(const A& a, const TransformOf<ShapeVector<A>>& startA,
                                                    ShapeVector<A> translationA, const B& b,
                                                    const TransformOf<ShapeVector<A>>& startB,
                                                    ShapeVector<A> translationB, const CastOptions& options,
                                                    Trace& trace) {
  using V = ShapeVector<A>;
  using S = ScalarOf<V>;
  const S radiusA = a.coreRadius();
  const S radiusB = b.coreRadius();
  if (!detail::validCastOptions(options) || !detail::validMotion(Motion<V>{translationA, {}}) ||
      !detail::validMotion(Motion<V>{translationB, {}}) || !(radiusA >= S(0)) || !(radiusB >= S(0)) ||
      !std::isfinite(radiusA + radiusB)) {
    return detail::invalidResult<V>();
  }
  if constexpr (std::is_same_v<A, Polygon<S>> && std::is_same_v<B, Polygon<S>>) {
    // Two polygons: placed once in the world's axes about A's start (large coordinates cancel first).
    const detail::PlacedPolygon<S> placedA{a, {V{}, startA.q}};
    const detail::PlacedPolygon<S> placedB{b, {startB.p - startA.p, startB.q}};
    const S size = std::max(placedA.halfDiagonal(), placedB.halfDiagonal());
    if (!std::isfinite(size)) return detail::invalidResult<V>();
    return detail::linearCastIn(placedA, placedB, Transform<S>{startA.p, Rot<S>::identity()}, translationA,
                                translationB - translationA, size, options, trace);
  } else {
    // Any support shapes: B seen from A's frame at its start.
    const S size = std::max(detail::supportHalfDiagonal(Transformed{a, startA}),
                            detail::supportHalfDiagonal(Transformed{b, startB}));
    if (!std::isfinite(size)) return detail::invalidResult<V>();
    return detail::linearCastIn(a, Transformed{b, invMul(startA, startB)}, startA, translationA,
                                startA.q.applyInverse(translationB - translationA), size, options, trace);
  }
}

template <SupportShape A, SupportShape B>
  requires std::same_as<ShapeVector<A>, ShapeVector<B>>
[[nodiscard]] CastResult<ShapeVector<A>> linearCast(const A& a, const TransformOf<ShapeVector<A>>& startA,
                                                    ShapeVector<A> translationA, const B& b,
                                                    const TransformOf<ShapeVector<A>>& startB,
                                                    ShapeVector<A> translationB, const CastOptions& options = {}) {
  NoTrace trace;
  return linearCast(a, startA, translationA, b, startB, translationB, options, trace);
}

// [SECTION] Conservative advancement: time of impact

namespace detail {

// The shapes conservative advancement hands to GJK distance at each time: A in its own frame, B placed in A's.
// A polygon is gathered into a PlacedPolygon (its vertices once for A; B's placed anew at each time, which costs
// less than turning every direction and answer of its supports), any other shape is used as it is.
template <SupportShape Shape>
[[nodiscard]] inline const Shape& gathered(const Shape& shape) {
  return shape;
}
template <Scalar S>
[[nodiscard]] inline PlacedPolygon<S> gathered(const Polygon<S>& polygon) {
  return {polygon, Transform<S>{}};
}
template <SupportShape Shape>
[[nodiscard]] inline Transformed<Shape> placedIn(const Shape& shape, const TransformOf<ShapeVector<Shape>>& pose) {
  return {shape, pose};
}
template <Scalar S>
[[nodiscard]] inline PlacedPolygon<S> placedIn(const Polygon<S>& polygon, const Transform<S>& pose) {
  return {polygon, pose};
}

// Box2D's index warm start (b2Simplex::ReadCache) for a polygon B placed anew at each time: the last simplex's
// witnesses on B kept as vertex indices and read back from the new placement (bit for bit the vertices a support
// search would return there), so the next GJK distance starts without searching. A's witnesses stay as they are:
// GJK runs in A's frame at every time. Any other B keeps the cache's directions.
template <class Placed, Vector V>
struct CachedVertices {
  void read(SimplexCache<V>&, const Placed&) {}
  void write(const SimplexCache<V>&, const Placed&) {}
};

template <Scalar S>
struct CachedVertices<PlacedPolygon<S>, Vec2<S>> {
  std::array<int, kMaxSimplexVertices<Vec2<S>>> index{};
  void read(SimplexCache<Vec2<S>>& cache, const PlacedPolygon<S>& b) const {
    cache.fromPoints = cache.count > 0;
    for (int i = 0; i < cache.count; ++i) {
      if (index[i] < 0) cache.fromPoints = false;
      else cache.points[i].pointB = b.vertex(index[i]);
    }
  }
  void write(const SimplexCache<Vec2<S>>& cache, const PlacedPolygon<S>& b) {
    for (int i = 0; i < cache.count; ++i) index[i] = b.indexOf(cache.points[i].pointB);
  }
};

// How far a turning body's extent along a fixed direction n can grow (Mirtich 1996's bound, tightened): every
// point lies within `radius` of the centre it turns about and, at the start, within the half-plane (half-space)
// x . n <= support. Turned by theta, its extent along n is the support along n turned by theta, at most the
// largest x . u(theta) over the disc cut by that half-plane: support cos theta + sqrt(radius^2 - support^2)
// sin theta up to the chord's end, then radius. So the growth is below both `cap` = radius - support and `rate`
// times the time, rate = |w| sqrt(radius^2 - support^2) (|w| radius when the centre lies outside the half-plane,
// where the bound is not concave). Mirtich's |w| radius is the rate alone; the cap and the smaller rate are what a
// body whose nearest point is its farthest one (a corner meeting a face) gains. In space the same holds in the
// plane of n and its turned image. `support` is a witness's projection, never above the true support (the witness
// is a point of the body); less a few roundings, so that rounding never makes the body look smaller.
template <Scalar S>
struct TurnGrowth {
  S rate{};
  S cap{};
};

template <Scalar S>
[[nodiscard]] inline TurnGrowth<S> turnGrowth(S spin, S radius, S support, S scale) {
  if (!(spin > S(0)) || !(radius > S(0))) return {};
  const S h = std::clamp(support - S(8) * kEpsilon<S> * (radius + scale), -radius, radius);
  const S reach = h > S(0) ? std::sqrt((radius - h) * (radius + h)) : radius;
  return {spin * reach, radius - h};
}

// The first time s > 0 at which the gap along n can have closed by `gap`: the root of
//   closing s + min(capA, rateA s) + min(capB, rateB s) = gap,
// a piecewise linear bound walked across its two breakpoints. Infinite when it never closes (the closing speed is
// not positive and the turns cannot make up the gap: n separates the pair for all time). Without rotation this is
// gap / closing, Newton's step from below.
template <Scalar S>
[[nodiscard]] inline S safeStep(S gap, S closing, TurnGrowth<S> a, TurnGrowth<S> b) {
  constexpr S kNever = std::numeric_limits<S>::infinity();
  if (b.rate > S(0) && !(a.rate > S(0) && a.cap * b.rate <= b.cap * a.rate)) std::swap(a, b);  // a's cap first
  const std::array<S, 2> ends{a.rate > S(0) ? a.cap / a.rate : kNever, b.rate > S(0) ? b.cap / b.rate : kNever};
  const std::array<S, 2> rates{a.rate, b.rate};
  S start = S(0);
  S closed = S(0);
  S slope = closing + a.rate + b.rate;
  for (int piece = 0; piece < 3; ++piece) {
    const S end = piece < 2 ? ends[piece] : kNever;
    if (slope > S(0)) {
      const S s = start + (gap - closed) / slope;
      if (s <= end) return s;
    }
    if (piece == 2 || end == kNever) return kNever;
    closed += slope * (end - start);
    start = end;
    slope -= rates[piece];
  }
  return kNever;
}

}  // namespace detail

// Conservative advancement (Mirtich, "Impulse-based Dynamic Simulation of Rigid Body Systems", 1996, 2.3; Ericson
// 9.5.2; Box2D v3's b2ShapeCast without rotation): at time t the GJK distance d and normal n (A toward B) are
// known; no point of A or B closes faster along n than
//   bound = dot(vA - vB, n) + |wA| rA + |wB| rB      (rA: A's farthest point from its centre of rotation)
// so nothing touches before t + (d - target) / bound: advance there and measure again. The turns' part is taken
// tighter (detail::turnGrowth): a body's extent along n grows at most at |w| sqrt(r^2 - h^2) and by at most r - h
// in all (h: its support along n), so the step is the first root of that piecewise linear bound
// (detail::safeStep), never shorter than Mirtich's, and never past a contact. Without rotation the
// distance along the motion is convex in t (the distance from a point moving on a line to a convex set), so the
// step is Newton's method from below: it never passes the contact and converges fast. Stops when d <= target +
// tolerance (Hit at t, Touching at t = 0), when the bound never closes the gap (n separates them for good: Miss) or when t passes 1
// (Miss). Each GJK call is warm-started from the last one's simplex (SimplexCache; a polygon B's by vertex indices,
// detail::CachedVertices) and runs in A's frame at t, so
// large coordinates cancel first. radiusA and radiusB are only read when the body rotates.
template <SupportShape A, SupportShape B, class Trace = NoTrace>
  requires std::same_as<ShapeVector<A>, ShapeVector<B>>
[[nodiscard]] CastResult<ShapeVector<A>> conservativeAdvancement(
    const A& a, const TransformOf<ShapeVector<A>>& startA, const Motion<ShapeVector<A>>& motionA,
    ScalarOf<ShapeVector<A>> radiusA, const B& b, const TransformOf<ShapeVector<A>>& startB,
    const Motion<ShapeVector<A>>& motionB, ScalarOf<ShapeVector<A>> radiusB, const CastOptions& options,
    Trace& trace) {
  using V = ShapeVector<A>;
  using S = ScalarOf<V>;
  if (!detail::validCastOptions(options) || !detail::validMotion(motionA) || !detail::validMotion(motionB) ||
      !std::isfinite(radiusA) || !std::isfinite(radiusB)) {
    return detail::invalidResult<V>();
  }
  const S size = std::max(detail::supportHalfDiagonal(Transformed{a, startA}),
                          detail::supportHalfDiagonal(Transformed{b, startB}));
  const S tolerance = detail::castTolerance<S>(options) * size;
  const S target = static_cast<S>(options.relativeTarget) * size;
  if (!std::isfinite(size)) return detail::invalidResult<V>();
  const S spinA = detail::angularSpeed(motionA.angularVelocity);
  const S spinB = detail::angularSpeed(motionB.angularVelocity);
  const V closingVelocity = motionA.velocity - motionB.velocity;
  const auto& shapeA = detail::gathered(a);
  SimplexCache<V> cache;
  detail::CachedVertices<std::remove_cvref_t<decltype(detail::placedIn(b, startB))>, V> cachedB;
  S t = S(0);
  V lastNormal{};
  for (int iteration = 1; iteration <= options.maxIterations; ++iteration) {
    const TransformOf<V> poseA = poseAt(startA, motionA, t);
    const TransformOf<V> poseB = poseAt(startB, motionB, t);
    const TransformOf<V> relative = invMul(poseA, poseB);
    const auto shapeB = detail::placedIn(b, relative);
    cachedB.read(cache, shapeB);
    const DistanceResult<V> distance = gjkDistance(shapeA, shapeB, GjkOptions{}, &cache);
    cachedB.write(cache, shapeB);
    if (distance.status == Status::InvalidInput) return detail::invalidResult<V>();
    const V normal = poseA.q.apply(distance.normal);
    const V pointA = poseA.apply(distance.pointA);
    const V pointB = poseA.apply(distance.pointB);
    const S closingSpeed = dot(closingVelocity, normal);
    const bool arrived = distance.overlap || distance.distance <= target + tolerance;
    // The turns' growth along n, from each body's support along it (in A's frame at t: A about its origin, B about
    // relative.p, facing -n).
    detail::TurnGrowth<S> growthA{}, growthB{};
    if (!arrived) {
      growthA = detail::turnGrowth(spinA, radiusA, dot(distance.pointA, distance.normal), S(0));
      growthB = detail::turnGrowth(spinB, radiusB, dot(relative.p - distance.pointB, distance.normal),
                                   std::sqrt(lengthSquared(relative.p)));
    }
    const S safe = arrived ? S(0) : detail::safeStep(distance.distance - target, closingSpeed, growthA, growthB);
    const bool separating = !arrived && safe == std::numeric_limits<S>::infinity();
    const S step = separating ? S(0) : safe;
    // The bound the step allows for: the mean closing speed over it (the turns' share is what rotation adds).
    const S turning = growthA.rate + growthB.rate;
    const S bound = turning > S(0) && step > S(0) ? (distance.distance - target) / step : closingSpeed + turning;
    const S angularBound = bound - closingSpeed;
    const bool passed = !arrived && !separating && !(t + step <= S(1));
    CastStatus status = CastStatus::MaxIterations;
    if (arrived) status = t > S(0) ? CastStatus::Hit : CastStatus::Touching;
    if (separating || passed) status = CastStatus::Miss;
    V contactNormal = normal;
    V contactPoint = S(0.5) * (pointA + pointB);
    // Arrived with the cores within rounding of touching (polytopes): the closest point's direction is noise, the
    // final simplex's feature is not (its points are A - B in A's frame).
    const S coreGap = distance.distance + a.coreRadius() + b.coreRadius();
    if (arrived && !distance.overlap && t > S(0) && lastNormal != V{} &&
        coreGap <= std::sqrt(kEpsilon<S>) * size) {
      std::array<V, kMaxSimplexVertices<V>> simplexPoints{};
      for (int i = 0; i < distance.simplex.count; ++i) simplexPoints[i] = distance.simplex.vertices[i].point;
      // A - B's feature faces away from A toward B along -v: the reference is the last normal in A's frame, negated.
      const V local = detail::featureNormal(simplexPoints, distance.simplex.count, -poseA.q.applyInverse(lastNormal));
      contactNormal = -poseA.q.apply(local);
    }
    if (arrived && distance.overlap) {
      // Zero distance: the penetration (EPA) says touching or overlapping at the start, and gives the contact.
      const detail::Penetration<V> contact = detail::penetration(shapeA, shapeB);
      if (t == S(0) && contact.depth > tolerance) status = CastStatus::Overlapping;
      // No contact from the penetration (its point is then A's origin): the closest points' midpoint stays, as the
      // last normal does.
      if (contact.normal != V{}) {
        contactNormal = poseA.q.apply(contact.normal);
        contactPoint = poseA.apply(contact.point);
      } else if (t > S(0)) {
        contactNormal = lastNormal;
      }
    }
    if constexpr (Trace::enabled) {
      AdvanceStep<V> record;
      record.iteration = iteration;
      record.time = t;
      record.distance = distance.distance;
      record.normal = normal;
      record.pointA = pointA;
      record.pointB = pointB;
      record.closingSpeed = closingSpeed;
      record.angularBound = angularBound;
      record.bound = bound;
      record.turnRate = turning;
      record.turnCap = growthA.cap + growthB.cap;
      record.step = step;
      record.gjkIterations = distance.iterations;
      record.status = status;
      record.last = status != CastStatus::MaxIterations || iteration == options.maxIterations;
      trace(record);
    }
    if (status == CastStatus::Miss) return detail::missResult<V>(iteration);
    if (status == CastStatus::Overlapping) return detail::startResult(status, contactPoint, V{}, iteration);
    if (arrived) return detail::hitResult(t, contactPoint, contactNormal, iteration);
    lastNormal = normal;
    t += step;
  }
  CastResult<V> capped;
  capped.fraction = t;
  capped.iterations = options.maxIterations;
  capped.status = CastStatus::MaxIterations;
  return capped;
}

// Time of impact with rotation: conservative advancement with Mirtich's bound, the farthest radii from
// farthestRadius. The rotation is about each pose's origin.
template <SupportShape A, SupportShape B, class Trace = NoTrace>
  requires std::same_as<ShapeVector<A>, ShapeVector<B>>
[[nodiscard]] CastResult<ShapeVector<A>> timeOfImpact(const A& a, const TransformOf<ShapeVector<A>>& startA,
                                                      const Motion<ShapeVector<A>>& motionA, const B& b,
                                                      const TransformOf<ShapeVector<A>>& startB,
                                                      const Motion<ShapeVector<A>>& motionB,
                                                      const CastOptions& options, Trace& trace) {
  return conservativeAdvancement(a, startA, motionA, farthestRadius(a), b, startB, motionB, farthestRadius(b),
                                 options, trace);
}

template <SupportShape A, SupportShape B>
  requires std::same_as<ShapeVector<A>, ShapeVector<B>>
[[nodiscard]] CastResult<ShapeVector<A>> timeOfImpact(const A& a, const TransformOf<ShapeVector<A>>& startA,
                                                      const Motion<ShapeVector<A>>& motionA, const B& b,
                                                      const TransformOf<ShapeVector<A>>& startB,
                                                      const Motion<ShapeVector<A>>& motionB,
                                                      const CastOptions& options = {}) {
  NoTrace trace;
  return timeOfImpact(a, startA, motionA, b, startB, motionB, options, trace);
}

// [SECTION] Dynamic SAT

// An axis of dynamic SAT, and where it came from.
template <Vector V>
struct SweptAxis {
  V axis{};
  typename SweptAxisStep<V>::Source source = SweptAxisStep<V>::Source::FaceA;
};

namespace detail {

// The axes a placed polytope contributes (world frame): its face normals and, in space, its edge directions.
template <Scalar S>
inline void polytopeFeatures(const Collider<S>& collider, std::vector<Vec2<S>>& faces, std::vector<Vec2<S>>& edges) {
  const Transform<S> pose = placement(collider);
  std::visit(
      [&](const auto& shape) {
        using T = std::decay_t<decltype(shape)>;
        if constexpr (std::is_same_v<T, Polygon<S>>) {
          for (int i = 0; i < shape.count; ++i) faces.push_back(pose.q.apply(shape.normals[i]));
        } else if constexpr (std::is_same_v<T, Box<S>>) {
          faces.push_back(pose.q.xAxis());
          faces.push_back(pose.q.yAxis());
        } else if constexpr (std::is_same_v<T, Aabb<S>> || std::is_same_v<T, Point<S>>) {
          // A point is an aabb of zero size (two points would have no axis between them otherwise).
          faces.push_back({S(1), S(0)});
          faces.push_back({S(0), S(1)});
        } else if constexpr (std::is_same_v<T, Segment<S>>) {
          // A segment is a polygon with two faces (its normal) and two end caps (its direction).
          const Vec2<S> direction = pose.q.apply(shape.b - shape.a);
          faces.push_back(leftPerp(direction));
          faces.push_back(direction);
        }
      },
      collider.shape);
  (void)edges;
}

template <Scalar S>
inline void polytopeFeatures(const Collider3<S>& collider, std::vector<Vec3<S>>& faces, std::vector<Vec3<S>>& edges) {
  const Transform3<S> pose = placement(collider);
  std::visit(
      [&](const auto& shape) {
        using T = std::decay_t<decltype(shape)>;
        if constexpr (std::is_same_v<T, Hull<S>>) {
          for (const HullFace<S>& face : shape.faces) faces.push_back(pose.q.apply(face.normal));
          for (const HullEdge& edge : shape.edges) {
            edges.push_back(pose.q.apply(shape.vertices[edge.b] - shape.vertices[edge.a]));
          }
        } else if constexpr (std::is_same_v<T, Box3<S>> || std::is_same_v<T, Aabb3<S>> || std::is_same_v<T, Point3<S>>) {
          // A point is an aabb of zero size (as sat3.h's smallPolytope has it): its axes crossed with a segment's
          // or a triangle's edges are what separate it from them.
          for (const Vec3<S> axis : {pose.q.xAxis(), pose.q.yAxis(), pose.q.zAxis()}) {
            faces.push_back(axis);
            edges.push_back(axis);
          }
        } else if constexpr (std::is_same_v<T, Triangle3<S>>) {
          const Vec3<S> ab = pose.q.apply(shape.b - shape.a);
          const Vec3<S> bc = pose.q.apply(shape.c - shape.b);
          const Vec3<S> ca = pose.q.apply(shape.a - shape.c);
          faces.push_back(cross(ab, bc));
          edges.insert(edges.end(), {ab, bc, ca});
        } else if constexpr (std::is_same_v<T, Segment3<S>>) {
          edges.push_back(pose.q.apply(shape.b - shape.a));
        }
      },
      collider.shape);
}

}  // namespace detail

// The axes of dynamic SAT for two placed polytopes: A's face normals, B's, and in space the cross products of
// every pair of edge directions (Gottschalk et al. 1996; Ericson 5.2.1). Near-zero axes (parallel edges) are
// dropped.
template <class Collider>
[[nodiscard]] std::vector<SweptAxis<std::remove_cvref_t<decltype(placement(std::declval<Collider>()).p)>>> satAxes(
    const Collider& a, const Collider& b) {
  using V = std::remove_cvref_t<decltype(placement(a).p)>;
  using S = ScalarOf<V>;
  using Source = typename SweptAxisStep<V>::Source;
  std::vector<V> facesA, edgesA, facesB, edgesB;
  detail::polytopeFeatures(a, facesA, edgesA);
  detail::polytopeFeatures(b, facesB, edgesB);
  std::vector<SweptAxis<V>> axes;
  const auto add = [&axes](V axis, Source source) {
    const S len = length(axis);
    if (len > std::numeric_limits<S>::min()) axes.push_back({axis / len, source});
  };
  for (const V& n : facesA) add(n, Source::FaceA);
  for (const V& n : facesB) add(n, Source::FaceB);
  if constexpr (kDimension<V> == 3) {
    for (const V& ea : edgesA) {
      for (const V& eb : edgesB) {
        const V axis = cross(ea, eb);
        // Parallel edges give no axis: the faces beside them do.
        if (lengthSquared(axis) > S(64) * kEpsilon<S> * lengthSquared(ea) * lengthSquared(eb)) add(axis, Source::EdgePair);
      }
    }
  }
  return axes;
}

// Dynamic SAT (Ericson, Real-Time Collision Detection, 5.5.8, "intersection of moving convex polyhedra"; Gomez,
// "Simple Intersection Tests for Games", Gamasutra 1999). On each axis n the projections [minA, maxA] and
// [minB, maxB] at t = 0 move apart at speed s = dot(vB - vA, n), so they overlap during
//   [tEnter, tExit] = sorted((minA - maxB) / s, (maxA - minB) / s)   (all time when s = 0 and they overlap, never
//   when s = 0 and they do not)
// The shapes touch first at the largest tEnter and separate at the smallest tExit; as soon as the largest tEnter
// passes the smallest tExit (or the interval leaves [0, 1]) that axis separates them over the whole motion: the
// early exit (the slab test's rule, Kay and Kajiya 1986). A and B are placed support shapes (world frame), moving
// by velocityA and velocityB without rotation.
template <SupportShape A, SupportShape B, class Trace = NoTrace>
  requires std::same_as<ShapeVector<A>, ShapeVector<B>>
[[nodiscard]] CastResult<ShapeVector<A>> dynamicSat(const A& a, ShapeVector<A> velocityA, const B& b,
                                                    ShapeVector<A> velocityB,
                                                    const std::vector<SweptAxis<ShapeVector<A>>>& axes,
                                                    const CastOptions& options, Trace& trace) {
  using V = ShapeVector<A>;
  using S = ScalarOf<V>;
  if (!detail::validCastOptions(options) || !isFinite(velocityA) || !isFinite(velocityB) || axes.empty()) {
    return detail::invalidResult<V>();
  }
  constexpr S kInfinity = std::numeric_limits<S>::infinity();
  const S size = std::max(detail::supportHalfDiagonal(a), detail::supportHalfDiagonal(b));
  const S tolerance = detail::castTolerance<S>(options) * size;
  const V relative = velocityB - velocityA;
  S first = -kInfinity;
  S last = kInfinity;
  V firstNormal{};
  S firstDepth{};  // the overlap along the deciding axis at t = 0, for an overlap at the start
  // An axis the motion never crosses (speed 0) along which the shadows only meet end to end: the shapes touch
  // along it for the whole motion and never press into each other, so it is the contact's normal.
  std::optional<V> grazingNormal;
  int tested = 0;
  for (const SweptAxis<V>& candidate : axes) {
    ++tested;
    const V n = candidate.axis;
    const S minA = dot(a.support(-n), n);
    const S maxA = dot(a.support(n), n);
    const S minB = dot(b.support(-n), n);
    const S maxB = dot(b.support(n), n);
    const S speed = dot(relative, n);
    S enter = -kInfinity;
    S exit = kInfinity;
    V normal{};
    if (speed == S(0)) {
      if (maxB < minA || maxA < minB) enter = kInfinity, exit = -kInfinity;
      normal = minB >= S(0.5) * (minA + maxA) ? n : -n;
      // Both shadows points (a point and a segment or a triangle in one plane, two points) say nothing of a face.
      const bool flat = std::max(maxA - minA, maxB - minB) <= tolerance;
      if (!grazingNormal && !flat && std::min(maxA - minB, maxB - minA) <= tolerance) grazingNormal = normal;
    } else {
      const S t0 = (minA - maxB) / speed;  // B's top reaches A's bottom (moving down) or leaves it (moving up)
      const S t1 = (maxA - minB) / speed;
      enter = std::min(t0, t1);
      exit = std::max(t0, t1);
      normal = speed > S(0) ? -n : n;  // moving up along n, B meets A's bottom face: from A toward B is -n
    }
    if (enter > first) {
      first = enter;
      firstNormal = normal;
      firstDepth = std::min(maxA - minB, maxB - minA);
    }
    last = std::min(last, exit);
    const bool earlyExit = first > last || first > S(1) || last < S(0);
    if constexpr (Trace::enabled) {
      SweptAxisStep<V> step;
      step.axis = n;
      step.source = candidate.source;
      step.minA = minA, step.maxA = maxA, step.minB = minB, step.maxB = maxB;
      step.speed = speed;
      step.tEnter = enter, step.tExit = exit;
      step.first = first, step.last = last;
      step.earlyExit = earlyExit;
      trace(step);
    }
    if (!std::isfinite(minA) || !std::isfinite(maxA) || !std::isfinite(minB) || !std::isfinite(maxB)) {
      return detail::invalidResult<V>();
    }
    if (earlyExit) return detail::missResult<V>(tested);
  }
  const S contact = std::max(first, S(0));
  // The contact point: the witnesses of the shapes placed at the contact time, by GJK distance.
  const Transformed movedA{a, TransformOf<V>{contact * velocityA, {}}};
  const Transformed movedB{b, TransformOf<V>{contact * velocityB, {}}};
  const DistanceResult<V> witnesses = gjkDistance(movedA, movedB);
  const V point = S(0.5) * (witnesses.pointA + witnesses.pointB);
  // A slider meeting a face's corner (ccd_05): the largest tEnter is the corner's axis, whose normal a response
  // would bounce it back along; the axis it slides along is where they touch, as conservative advancement finds.
  if (grazingNormal) firstNormal = *grazingNormal;
  if (first > S(0)) return detail::hitResult(first, point, firstNormal, tested);
  if (firstDepth <= tolerance) return detail::startResult(CastStatus::Touching, point, firstNormal, tested);
  return detail::startResult(CastStatus::Overlapping, point, V{}, tested);
}

// [SECTION] Moving spheres

// A moving sphere (circle) against a plane (a line) dot(n, x) = offset (Ericson 5.5.3): the signed distances of
// the centre at t = 0 and t = 1, interpolated to where one equals the radius. The normal points from the sphere
// toward the plane.
template <Vector V, class Trace = NoTrace>
[[nodiscard]] CastResult<V> movingSphereVsPlane(V center, ScalarOf<V> radius, V motion, V planeNormal,
                                                ScalarOf<V> planeOffset, Trace& trace) {
  using S = ScalarOf<V>;
  if (!isFinite(center) || !isFinite(motion) || !isFinite(planeNormal) || !std::isfinite(planeOffset) ||
      !(radius >= S(0)) || !std::isfinite(radius) || !(lengthSquared(planeNormal) > S(0))) {
    return detail::invalidResult<V>();
  }
  const S scale = length(planeNormal);
  const V n = planeNormal / scale;
  const S offset = planeOffset / scale;
  const SweepStep<V> step = detail::sweepPlane(SweepPart::Plane, 0, center, motion, n, offset, radius);
  if constexpr (Trace::enabled) trace(step);
  const S d0 = step.startDistance;
  const V towardPlane = d0 >= S(0) ? -n : n;
  if (std::abs(d0) < radius) return detail::startResult(CastStatus::Overlapping, center - d0 * n, V{});
  if (std::abs(d0) == radius) return detail::startResult(CastStatus::Touching, center - d0 * n, towardPlane);
  if (!step.hit) return detail::missResult<V>();
  const V at = center + step.t * motion;
  return detail::hitResult(step.t, at + radius * towardPlane, towardPlane);
}

// Two moving spheres (circles) (Ericson 5.5.5): B held still and A moved by the relative motion vA - vB; A
// shrunk to its centre and B grown by A's radius (the Minkowski sum), leaving a ray against one sphere of radius
// rA + rB: the quadratic. The normal points from A toward B; the point is on A's surface at contact.
template <Vector V, class Trace = NoTrace>
[[nodiscard]] CastResult<V> movingSpheres(V centerA, ScalarOf<V> radiusA, V velocityA, V centerB, ScalarOf<V> radiusB,
                                          V velocityB, const CastOptions& options, Trace& trace) {
  using S = ScalarOf<V>;
  if (!isFinite(centerA) || !isFinite(centerB) || !isFinite(velocityA) || !isFinite(velocityB) ||
      !(radiusA >= S(0)) || !(radiusB >= S(0)) || !std::isfinite(radiusA + radiusB) ||
      !detail::validCastOptions(options)) {
    return detail::invalidResult<V>();
  }
  const V start = centerA - centerB;
  const V motion = velocityA - velocityB;
  const S radius = radiusA + radiusB;
  if constexpr (Trace::enabled) {
    const SweepStep<V> relativeMotion = detail::sweepStep(SweepPart::RelativeMotion, -1, start, motion, radiusA);
    trace(relativeMotion);
    SweepStep<V> sum = relativeMotion;
    sum.part = SweepPart::MinkowskiSum;
    sum.radius = radius;
    trace(sum);
  }
  const SweepStep<V> step = detail::sweepSphere(SweepPart::Sphere, 0, start, motion, V{}, radius);
  if constexpr (Trace::enabled) trace(step);
  const S tolerance = detail::castTolerance<S>(options) * std::max(radius, length(start));
  const S gap = length(start) - radius;
  const V normal0 = detail::unitOr(-start, detail::unitOr(-motion, V{}));
  if (gap < -tolerance) return detail::startResult(CastStatus::Overlapping, centerA + radiusA * normal0, V{});
  if (gap <= tolerance) return detail::startResult(CastStatus::Touching, centerA + radiusA * normal0, normal0);
  if (!step.hit) return detail::missResult<V>();
  const V relativeAt = start + step.t * motion;
  const V normal = detail::unitOr(-relativeAt, normal0);
  return detail::hitResult(step.t, centerA + step.t * velocityA + radiusA * normal, normal);
}

// A moving circle against a still convex polygon (vertices and outward normals in the world, counter-clockwise):
// the polygon grown by the radius is its faces pushed out (slabs) joined by circles at the vertices (Ericson 5.5.7
// in the plane). The faces are tested first: a convex sum is entered once, so a face hit is the first contact;
// otherwise the vertices. motion: the circle's motion relative to the polygon. Normal from the circle toward
// the polygon.
template <Scalar S, class Trace = NoTrace>
[[nodiscard]] CastResult<Vec2<S>> movingCircleVsPolygon(Vec2<S> center, S radius, Vec2<S> motion,
                                                        const Vec2<S>* vertices, const Vec2<S>* normals, int count,
                                                        const CastOptions& options, Trace& trace) {
  using V = Vec2<S>;
  if (!isFinite(center) || !isFinite(motion) || !(radius >= S(0)) || !std::isfinite(radius) || count < 1 ||
      !detail::validCastOptions(options)) {
    return detail::invalidResult<V>();
  }
  // At the start: the deepest face separation (> 0 outside) and the closest boundary point.
  S separation = -std::numeric_limits<S>::infinity();
  V closest = vertices[0];
  S closestSquared = std::numeric_limits<S>::infinity();
  S extent{};
  for (int i = 0; i < count; ++i) {
    separation = std::max(separation, dot(normals[i], center - vertices[i]));
    const V onEdge = closestPointOnSegment(center, vertices[i], vertices[(i + 1) % count]).point;
    if (lengthSquared(onEdge - center) < closestSquared) closest = onEdge, closestSquared = lengthSquared(onEdge - center);
    extent = std::max(extent, length(vertices[i] - vertices[0]));
  }
  const S tolerance = detail::castTolerance<S>(options) * std::max(extent, radius);
  const S gap = separation > S(0) ? std::sqrt(closestSquared) - radius : separation - radius;
  const V toward = detail::unitOr(closest - center, detail::unitOr(motion, V{}));
  if (gap < -tolerance) return detail::startResult(CastStatus::Overlapping, closest, V{});
  if (gap <= tolerance) return detail::startResult(CastStatus::Touching, closest, toward);
  // Faces: the slab of face i, hit only where the contact lies within the face.
  for (int i = 0; i < count; ++i) {
    const V a = vertices[i];
    const V b = vertices[(i + 1) % count];
    SweepStep<V> step =
        detail::sweepPlane(SweepPart::Face, i, center, motion, normals[i], dot(normals[i], a), radius);
    if (step.hit && step.startDistance > S(0)) {
      const V contact = center + step.t * motion - radius * normals[i];
      const S along = dot(contact - a, b - a);
      step.hit = along >= S(0) && along <= lengthSquared(b - a);
    } else {
      step.hit = false;
    }
    if (!step.hit) {
      if constexpr (Trace::enabled) trace(step);
      continue;
    }
    const V contact = center + step.t * motion - radius * normals[i];
    return detail::sweepToResult(step, contact, -normals[i], trace);
  }
  // Vertices: circles of the radius; the earliest wins.
  CastResult<V> best = detail::missResult<V>();
  for (int i = 0; i < count; ++i) {
    const SweepStep<V> step = detail::sweepSphere(SweepPart::Vertex, i, center, motion, vertices[i], radius);
    if constexpr (Trace::enabled) trace(step);
    if (step.hit && (!best.hit || step.t < best.fraction)) {
      const V at = center + step.t * motion;
      best = detail::hitResult(step.t, vertices[i], detail::unitOr(vertices[i] - at, toward));
    }
  }
  return best;
}

// A moving sphere against a still triangle (Ericson 5.5.6, "intersecting moving sphere against triangle"): the
// triangle grown by the radius is a slab (the face), cylinders (the edges) and spheres (the vertices), tested in
// that order. A face hit inside the triangle is the first contact; otherwise the earliest edge or vertex hit.
// motion: the sphere's motion relative to the triangle. Normal from the sphere toward the triangle.
template <Scalar S, class Trace = NoTrace>
[[nodiscard]] CastResult<Vec3<S>> movingSphereVsTriangle(Vec3<S> center, S radius, Vec3<S> motion, Vec3<S> a,
                                                         Vec3<S> b, Vec3<S> c, const CastOptions& options,
                                                         Trace& trace) {
  using V = Vec3<S>;
  if (!isFinite(center) || !isFinite(motion) || !isFinite(a) || !isFinite(b) || !isFinite(c) || !(radius >= S(0)) ||
      !std::isfinite(radius) || !detail::validCastOptions(options)) {
    return detail::invalidResult<V>();
  }
  const V closest = closestPointOnTriangle(center, a, b, c).point;
  const S extent = std::max({length(b - a), length(c - a), length(c - b), radius});
  const S tolerance = detail::castTolerance<S>(options) * extent;
  const S gap = length(closest - center) - radius;
  const V toward = detail::unitOr(closest - center, detail::unitOr(motion, V{}));
  if (gap < -tolerance) return detail::startResult(CastStatus::Overlapping, closest, V{});
  if (gap <= tolerance) return detail::startResult(CastStatus::Touching, closest, toward);
  // Face: the plane from the side the sphere starts on; the contact point must fall inside the triangle.
  const V n = detail::unitOr(cross(b - a, c - a), V{});
  if (n != V{}) {
    SweepStep<V> step = detail::sweepPlane(SweepPart::Face, 0, center, motion, n, dot(n, a), radius);
    if (step.hit) {
      const V side = step.startDistance > S(0) ? n : -n;
      const V contact = center + step.t * motion - radius * side;
      // Inside when the contact is its own closest point on the triangle (within rounding of the triangle's size).
      const V onTriangle = closestPointOnTriangle(contact, a, b, c).point;
      step.hit = lengthSquared(onTriangle - contact) <= S(64) * kEpsilon<S> * kEpsilon<S> * extent * extent;
      if (step.hit) return detail::sweepToResult(step, contact, -side, trace);
    }
    if constexpr (Trace::enabled) trace(step);
  }
  CastResult<V> best = detail::missResult<V>();
  const V corners[3] = {a, b, c};
  for (int i = 0; i < 3; ++i) {
    const V p = corners[i];
    const V q = corners[(i + 1) % 3];
    const SweepStep<V> step = detail::sweepCylinderSide(i, center, motion, p, q, radius);
    if constexpr (Trace::enabled) trace(step);
    if (step.hit && (!best.hit || step.t < best.fraction)) {
      const V at = center + step.t * motion;
      const V onEdge = closestPointOnSegment(at, p, q).point;
      best = detail::hitResult(step.t, onEdge, detail::unitOr(onEdge - at, toward));
    }
  }
  for (int i = 0; i < 3; ++i) {
    const SweepStep<V> step = detail::sweepSphere(SweepPart::Vertex, i, center, motion, corners[i], radius);
    if constexpr (Trace::enabled) trace(step);
    if (step.hit && (!best.hit || step.t < best.fraction)) {
      const V at = center + step.t * motion;
      best = detail::hitResult(step.t, corners[i], detail::unitOr(corners[i] - at, toward));
    }
  }
  return best;
}

// [SECTION] Response

// The velocity after an impact against a surface with unit normal n facing the body (Ericson, and the reflection
// model of every textbook): split v into its normal part (dot(v, n) n) and tangential part; the normal part is
// reversed and scaled by the restitution e in [0, 1] (1 elastic, 0 plastic), the tangential part kept:
//   v' = v_t - e v_n
// A body already leaving the surface (dot(v, n) >= 0) keeps its velocity. e outside [0, 1] is clamped; a NaN or
// infinite input gives valid = false and the velocity unchanged.
template <Vector V>
struct Reflection {
  V normalPart{};
  V tangentialPart{};
  V velocity{};
  bool valid = true;
};

template <Vector V>
[[nodiscard]] inline Reflection<V> reflect(V velocity, V normal, ScalarOf<V> restitution) {
  using S = ScalarOf<V>;
  Reflection<V> result;
  result.velocity = velocity;
  if (!isFinite(velocity) || !isFinite(normal) || std::isnan(restitution) || !(lengthSquared(normal) > S(0))) {
    result.valid = false;
    return result;
  }
  const V n = normal / length(normal);
  const S e = clamp(restitution, S(0), S(1));
  result.normalPart = dot(velocity, n) * n;
  result.tangentialPart = velocity - result.normalPart;
  if (dot(velocity, n) < S(0)) result.velocity = result.tangentialPart - e * result.normalPart;
  return result;
}

// Two moving bodies meeting along the unit normal n (from A toward B), A with inverse mass invMassA and B with
// invMassB (0: an immovable body, as a wall), restitution e in [0, 1]: a frictionless impulse j n along the normal
// (Hecker, "Physics, Part 3: Collision Response", Game Developer 1997, without rotation):
//   closing = dot(vA - vB, n)                     (> 0: approaching)
//   j = (1 + e) closing / (invMassA + invMassB)
//   vA' = vA - invMassA j n,   vB' = vB + invMassB j n
// so the normal part of the relative velocity is reversed and scaled by e (dot(vA' - vB', n) = -e closing), the
// momentum (vA / invMassA + vB / invMassB) is kept and the tangential parts are untouched. With invMassA = 0 this
// is reflect() for B against a still A. Bodies already separating (closing <= 0), or two immovable bodies, keep
// their velocities. e outside [0, 1] is clamped; a NaN or infinite input, or a negative inverse mass, gives
// valid = false and the velocities unchanged.
template <Vector V>
struct Impact {
  V velocityA{};
  V velocityB{};
  ScalarOf<V> impulse{};  // j: the normal impulse's size (0 when nothing happens)
  bool valid = true;
};

template <Vector V>
[[nodiscard]] inline Impact<V> impactResponse(V velocityA, ScalarOf<V> invMassA, V velocityB, ScalarOf<V> invMassB,
                                              V normal, ScalarOf<V> restitution) {
  using S = ScalarOf<V>;
  Impact<V> result{velocityA, velocityB, S(0), true};
  if (!isFinite(velocityA) || !isFinite(velocityB) || !isFinite(normal) || std::isnan(restitution) ||
      !(invMassA >= S(0)) || !(invMassB >= S(0)) || !std::isfinite(invMassA + invMassB) ||
      !(lengthSquared(normal) > S(0))) {
    result.valid = false;
    return result;
  }
  const V n = normal / length(normal);
  const S closing = dot(velocityA - velocityB, n);
  const S invMassSum = invMassA + invMassB;
  if (!(closing > S(0)) || !(invMassSum > S(0))) return result;
  const S e = clamp(restitution, S(0), S(1));
  result.impulse = (S(1) + e) * closing / invMassSum;
  result.velocityA = velocityA - (invMassA * result.impulse) * n;
  result.velocityB = velocityB + (invMassB * result.impulse) * n;
  return result;
}

}  // namespace collide
