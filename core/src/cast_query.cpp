// core/src/cast_query.cpp: the cast dispatch of cast_query.h for float and double, in the plane and in space.
//
// [SECTION] Shape and motion facts
// [SECTION] Refusals
// [SECTION] Ray casts against colliders
// [SECTION] Running a cast
// [SECTION] Instantiations
#include "collide/cast_query.h"

#include <algorithm>
#include <cmath>
#include <type_traits>
#include <variant>

#include "collide/query.h"
#include "collide/query3.h"

namespace collide {

namespace {

// [SECTION] Shape and motion facts

template <Scalar S>
[[nodiscard]] bool isZero(S w) {
  return w == S(0);
}
template <Scalar S>
[[nodiscard]] bool isZero(Vec3<S> w) {
  return w == Vec3<S>{};
}

template <class T>
inline constexpr bool kIsPointShape = std::is_same_v<T, Point<typename T::Scalar>> ||
                                      std::is_same_v<T, Point3<typename T::Scalar>>;

template <Scalar S>
[[nodiscard]] bool isPoint(const Collider<S>& c) {
  return std::holds_alternative<Point<S>>(c.shape);
}
template <Scalar S>
[[nodiscard]] bool isPoint(const Collider3<S>& c) {
  return std::holds_alternative<Point3<S>>(c.shape);
}
template <Scalar S>
[[nodiscard]] bool isAabb(const Collider<S>& c) {
  return std::holds_alternative<Aabb<S>>(c.shape);
}
template <Scalar S>
[[nodiscard]] bool isAabb(const Collider3<S>& c) {
  return std::holds_alternative<Aabb3<S>>(c.shape);
}

// A shape without an exact convex support function: a mesh, a sector wider than 90 degrees.
template <Scalar S>
[[nodiscard]] std::optional<std::string> notConvex(const Collider<S>& c) {
  if (const auto* sector = std::get_if<Sector<S>>(&c.shape); sector != nullptr && !sector->isConvex()) {
    return "a sector with a half angle over 90 degrees (wider than 180) is not convex: casts take convex shapes";
  }
  return std::nullopt;
}
template <Scalar S>
[[nodiscard]] std::optional<std::string> notConvex(const Collider3<S>& c) {
  if (std::holds_alternative<Mesh<S>>(c.shape)) {
    return "a mesh is not convex: casts take convex shapes (the mid phase takes meshes)";
  }
  return std::nullopt;
}

// What dynamic SAT takes: a point too, as an aabb of zero size (cast.h's satAxes), as query's SAT in space does.
template <Scalar S>
[[nodiscard]] bool isPolytope(const Collider<S>& c) {
  return std::holds_alternative<Polygon<S>>(c.shape) || std::holds_alternative<Box<S>>(c.shape) ||
         std::holds_alternative<Aabb<S>>(c.shape) || std::holds_alternative<Segment<S>>(c.shape) ||
         std::holds_alternative<Point<S>>(c.shape);
}
template <Scalar S>
[[nodiscard]] bool isPolytope(const Collider3<S>& c) {
  return std::holds_alternative<Hull<S>>(c.shape) || std::holds_alternative<Box3<S>>(c.shape) ||
         std::holds_alternative<Aabb3<S>>(c.shape) || std::holds_alternative<Triangle3<S>>(c.shape) ||
         std::holds_alternative<Segment3<S>>(c.shape) || std::holds_alternative<Point3<S>>(c.shape);
}
template <Scalar S>
[[nodiscard]] bool hasFaces(const Collider<S>& c) {
  return isPolytope(c);
}
template <Scalar S>
[[nodiscard]] bool hasFaces(const Collider3<S>& c) {
  return isPolytope(c) && !std::holds_alternative<Segment3<S>>(c.shape);
}

template <Scalar S>
[[nodiscard]] bool isSphereLike(const Collider<S>& c) {
  return std::holds_alternative<Circle<S>>(c.shape) || std::holds_alternative<Point<S>>(c.shape);
}
template <Scalar S>
[[nodiscard]] bool isSphereLike(const Collider3<S>& c) {
  return std::holds_alternative<Sphere<S>>(c.shape) || std::holds_alternative<Point3<S>>(c.shape);
}
// What a moving sphere can be tested against besides another sphere: polygons in the plane, triangles in space.
template <Scalar S>
[[nodiscard]] bool isSweepTarget(const Collider<S>& c) {
  return std::holds_alternative<Polygon<S>>(c.shape) || std::holds_alternative<Box<S>>(c.shape) ||
         std::holds_alternative<Aabb<S>>(c.shape);
}
template <Scalar S>
[[nodiscard]] bool isSweepTarget(const Collider3<S>& c) {
  return std::holds_alternative<Triangle3<S>>(c.shape);
}

// A sphere-like collider's centre (world) and radius.
template <Scalar S>
[[nodiscard]] std::pair<Vec2<S>, S> sphereOf(const Collider<S>& c) {
  if (const auto* circle = std::get_if<Circle<S>>(&c.shape)) return {c.transform.apply(circle->center), circle->radius};
  return {c.transform.apply(std::get<Point<S>>(c.shape).position), S(0)};
}
template <Scalar S>
[[nodiscard]] std::pair<Vec3<S>, S> sphereOf(const Collider3<S>& c) {
  if (const auto* sphere = std::get_if<Sphere<S>>(&c.shape)) return {c.transform.apply(sphere->center), sphere->radius};
  return {c.transform.apply(std::get<Point3<S>>(c.shape).position), S(0)};
}

// [SECTION] Refusals

// What no algorithm takes: a motion that is not finite or too fast, a shape that is not convex, a turning aabb.
template <class Collider, Vector V>
[[nodiscard]] std::optional<CastRefusal> refuseInput(const Collider& collider, const Motion<V>& motion,
                                                     CastSubject shape, CastSubject moving) {
  using S = ScalarOf<V>;
  if (!isFinite(motion.velocity)) return CastRefusal{moving, "velocity", "is not finite"};
  if (lengthSquared(motion.velocity) > kMaxCoordinate<S> * kMaxCoordinate<S>) {
    // Its length, in double and scaled by the largest component first (its square overflows), in query's words.
    const auto v = motion.velocity.template cast<double>();
    double largest = std::max(std::abs(v.x), std::abs(v.y));
    if constexpr (kDimension<V> == 3) largest = std::max(largest, std::abs(v.z));
    const double speed = largest * std::sqrt(lengthSquared((1.0 / largest) * v));
    return CastRefusal{moving, "velocity", "its length " + describe<S>(ShapeCheck{ShapeFault::TooLarge, ShapeField::Whole, speed, -1})};
  }
  if (!detail::isFiniteAngular(motion.angularVelocity)) return CastRefusal{moving, "angular_velocity", "is not finite"};
  if (const std::optional<std::string> reason = notConvex(collider)) return CastRefusal{shape, {}, *reason};
  const bool turns = !isZero(motion.angularVelocity);
  if (turns && isAabb(collider)) {
    return CastRefusal{moving, "angular_velocity", "an aabb does not rotate: its angular velocity must be 0"};
  }
  return std::nullopt;
}

template <class Collider, Vector V>
[[nodiscard]] std::optional<CastRefusal> refuseInputs(const Collider& a, const Motion<V>& motionA, const Collider& b,
                                                      const Motion<V>& motionB) {
  if (auto refusal = refuseInput(a, motionA, CastSubject::ShapeA, CastSubject::MotionA)) return refusal;
  return refuseInput(b, motionB, CastSubject::ShapeB, CastSubject::MotionB);
}

// What `algorithm` alone does not take.
template <class Collider, Vector V>
[[nodiscard]] std::optional<CastRefusal> refuseOne(CastAlgorithm algorithm, const Collider& collider,
                                                   const Motion<V>& motion, CastSubject shape, CastSubject moving) {
  const bool turns = !isZero(motion.angularVelocity);
  if (turns && algorithm != CastAlgorithm::TimeOfImpact) {
    return CastRefusal{moving, "angular_velocity",
                       std::string(castAlgorithmInfo(algorithm).name) +
                           " takes translation only: the angular velocity must be 0 (toi takes rotation)"};
  }
  if (algorithm == CastAlgorithm::DynamicSat && !isPolytope(collider)) {
    // query's sat sentence (query.h), and the casts that do take the shape.
    return CastRefusal{shape, {}, polytopesOnly(castAlgorithmInfo(algorithm).name, collider.shape) + " (linear and toi take it)"};
  }
  return std::nullopt;
}

template <class Collider, Vector V>
[[nodiscard]] std::optional<CastRefusal> refuse(CastAlgorithm algorithm, const Collider& a, const Motion<V>& motionA,
                                                const Collider& b, const Motion<V>& motionB) {
  if (auto refusal = refuseInputs(a, motionA, b, motionB)) return refusal;
  if (auto refusal = refuseOne(algorithm, a, motionA, CastSubject::ShapeA, CastSubject::MotionA)) return refusal;
  if (auto refusal = refuseOne(algorithm, b, motionB, CastSubject::ShapeB, CastSubject::MotionB)) return refusal;
  switch (algorithm) {
    case CastAlgorithm::Ray:
      if (!isPoint(a) && !isPoint(b)) return CastRefusal{CastSubject::Pair, {}, "ray takes a point (the ray) as a or b"};
      break;
    case CastAlgorithm::DynamicSat:
      if (!hasFaces(a) && !hasFaces(b)) {
        return CastRefusal{CastSubject::Pair, {}, "dynamic-sat needs a shape with faces: two segments have no face axes"};
      }
      break;
    case CastAlgorithm::Analytic: {
      const bool spheres = isSphereLike(a) && isSphereLike(b);
      const bool sweep = (isSphereLike(a) && isSweepTarget(b)) || (isSweepTarget(a) && isSphereLike(b));
      if (!spheres && !sweep) {
        return CastRefusal{CastSubject::Pair, {},
                           kDimension<V> == 2 ? "analytic takes a circle or point against a circle, point, polygon, box or aabb"
                                              : "analytic takes a sphere or point against a sphere, point or triangle"};
      }
      break;
    }
    case CastAlgorithm::Linear:
    case CastAlgorithm::TimeOfImpact: break;
  }
  return std::nullopt;
}

// A placed shape of either variant seen through one support type, so each algorithm is compiled once per scalar,
// dimension and trace sink rather than once per pair of shape types (the pair templates stay in cast.h for
// callers that know their types, as the benchmarks do). A mesh has no support: castRefusal turns it away first.
template <class ShapeVariant, Vector V>
struct AnySupport {
  using Scalar = ScalarOf<V>;
  const ShapeVariant& shape;

  [[nodiscard]] V support(V d) const {
    return std::visit([&](const auto& s) -> V { if constexpr (SupportShape<std::decay_t<decltype(s)>>) return s.support(d); else return V{}; }, shape);
  }
  [[nodiscard]] V coreSupport(V d) const {
    return std::visit([&](const auto& s) -> V { if constexpr (SupportShape<std::decay_t<decltype(s)>>) return s.coreSupport(d); else return V{}; }, shape);
  }
  [[nodiscard]] Scalar coreRadius() const {
    return std::visit([&](const auto& s) -> Scalar { if constexpr (SupportShape<std::decay_t<decltype(s)>>) return s.coreRadius(); else return Scalar(0); }, shape);
  }
  [[nodiscard]] V centroid() const {
    return std::visit([&](const auto& s) -> V { if constexpr (SupportShape<std::decay_t<decltype(s)>>) return s.centroid(); else return V{}; }, shape);
  }
  [[nodiscard]] Scalar farthest() const {
    return std::visit([&](const auto& s) -> Scalar { if constexpr (SupportShape<std::decay_t<decltype(s)>>) return farthestRadius(s); else return Scalar(0); }, shape);
  }
};

template <class Collider, Vector V>
[[nodiscard]] AnySupport<std::decay_t<decltype(std::declval<Collider>().shape)>, V> anySupport(const Collider& c) {
  return {c.shape};
}

// [SECTION] Ray casts against colliders

template <Vector V, class F>
auto withSink(CastRecorder<V>* trace, F&& run) {
  if (trace != nullptr) return run(*trace);
  NoTrace none;
  return run(none);
}

// The steps of a ray cast run in the shape's frame, placed in the world (every step that leaves here is world).
// A ray's x, support, simplex and closest points are positions; an axis's projections move by the pose's
// translation along the turned axis.
template <Vector V, class Trace>
struct PlacedSteps {
  static constexpr bool enabled = Trace::enabled;
  Trace& inner;
  TransformOf<V> pose;
  void operator()(RayCastStep<V> step) {
    step.x = pose.apply(step.x);
    step.direction = pose.q.apply(step.direction);
    step.v = pose.q.apply(step.v);
    step.support = pose.apply(step.support);
    for (int i = 0; i < step.simplexCount; ++i) step.simplex[i] = pose.apply(step.simplex[i]);
    step.pointA = pose.apply(step.pointA);
    step.pointB = pose.apply(step.pointB);
    inner(step);
  }
  void operator()(SweptAxisStep<V> step) {
    step.axis = pose.q.apply(step.axis);
    const ScalarOf<V> shift = dot(step.axis, pose.p);
    step.minA += shift, step.maxA += shift, step.minB += shift, step.maxB += shift;
    inner(step);
  }
  void operator()(SweepStep<V> step) {
    step.start = pose.apply(step.start);
    step.motion = pose.q.apply(step.motion);
    inner(step);
  }
};

template <Vector V, class F>
auto withPlacedSink(CastRecorder<V>* trace, const TransformOf<V>& pose, F&& run) {
  return withSink(trace, [&](auto& sink) {
    PlacedSteps<V, std::remove_reference_t<decltype(sink)>> placed{sink, pose};
    return run(placed);
  });
}

template <Scalar S>
[[nodiscard]] CastResult<Vec2<S>> rayCastImpl(const Ray<Vec2<S>>& ray, const Collider<S>& collider,
                                              const CastOptions& options, CastRecorder<Vec2<S>>* trace) {
  using V = Vec2<S>;
  if (!isValid(collider) || !isFinite(ray.origin) || !isFinite(ray.translation) || notConvex(collider)) {
    return detail::invalidResult<V>();
  }
  const Transform<S> pose = placement(collider);
  const Ray<V> local{pose.applyInverse(ray.origin), pose.q.applyInverse(ray.translation)};
  const CastResult<V> result = withPlacedSink(trace, pose, [&](auto& sink) {
    return std::visit(
        [&](const auto& shape) -> CastResult<V> {
          using T = std::decay_t<decltype(shape)>;
          if constexpr (std::is_same_v<T, Circle<S>>) return raySphere(local, shape.center, shape.radius, sink);
          else if constexpr (std::is_same_v<T, Aabb<S>>) return raySlab(local, shape.min, shape.max, sink);
          else if constexpr (std::is_same_v<T, Box<S>>) return raySlab(local, -shape.halfExtents, shape.halfExtents, sink);
          else if constexpr (std::is_same_v<T, Segment<S>>) return raySegment(local, shape.a, shape.b, sink);
          else if constexpr (std::is_same_v<T, Capsule<S>>) {
            if (shape.radius == S(0)) return raySegment(local, shape.a, shape.b, sink);
            return rayCapsule(local, shape.a, shape.b, shape.radius, sink);
          } else if constexpr (std::is_same_v<T, Polygon<S>>) {
            return rayClip(
                local, shape.count,
                [&shape](int i) { return std::pair{shape.normals[i], dot(shape.normals[i], shape.vertices[i])}; },
                sink);
          } else {
            return gjkRayCast(shape, local, options, sink);
          }
        },
        collider.shape);
  });
  return detail::toWorld(result, pose);
}

template <Scalar S>
[[nodiscard]] CastResult<Vec3<S>> rayCastImpl(const Ray<Vec3<S>>& ray, const Collider3<S>& collider,
                                              const CastOptions& options, CastRecorder<Vec3<S>>* trace) {
  using V = Vec3<S>;
  if (!isValid(collider) || !isFinite(ray.origin) || !isFinite(ray.translation) || notConvex(collider)) {
    return detail::invalidResult<V>();
  }
  const Transform3<S> pose = placement(collider);
  const Ray<V> local{pose.applyInverse(ray.origin), pose.q.applyInverse(ray.translation)};
  const CastResult<V> result = withPlacedSink(trace, pose, [&](auto& sink) {
    return std::visit(
        [&](const auto& shape) -> CastResult<V> {
          using T = std::decay_t<decltype(shape)>;
          const auto gjk = [&] { return gjkRayCast(anySupport<Collider3<S>, V>(collider), local, options, sink); };
          if constexpr (std::is_same_v<T, Sphere<S>>) return raySphere(local, shape.center, shape.radius, sink);
          else if constexpr (std::is_same_v<T, Aabb3<S>>) return raySlab(local, shape.min, shape.max, sink);
          else if constexpr (std::is_same_v<T, Box3<S>>) return raySlab(local, -shape.halfExtents, shape.halfExtents, sink);
          else if constexpr (std::is_same_v<T, Capsule3<S>>) {
            if (shape.radius == S(0)) return gjk();
            return rayCapsule(local, shape.a, shape.b, shape.radius, sink);
          } else if constexpr (std::is_same_v<T, Triangle3<S>>) {
            bool parallel = false;
            const CastResult<V> crossing = rayTriangle(local, shape.a, shape.b, shape.c, parallel, sink);
            return parallel ? gjk() : crossing;
          } else if constexpr (std::is_same_v<T, Hull<S>>) {
            return rayClip(
                local, static_cast<int>(shape.faces.size()),
                [&shape](int i) { return std::pair{shape.faces[i].normal, shape.faces[i].offset}; }, sink);
          } else {
            return gjk();
          }
        },
        collider.shape);
  });
  return detail::toWorld(result, pose);
}

// [SECTION] Running a cast

template <Vector V>
[[nodiscard]] CastResult<V> fromRay(CastResult<V> result, V movingFrame, bool flip) {
  if (result.hit) {
    result.point += result.fraction * movingFrame;
    if (flip) result.normal = -result.normal;
  }
  return result;
}

// Linear cast (the GJK ray cast on A - B) and time of impact (conservative advancement) on any pair of support
// shapes.
template <class Collider, Vector V>
[[nodiscard]] CastResult<V> advance(CastAlgorithm algorithm, const Collider& a, const Motion<V>& motionA,
                                    const Collider& b, const Motion<V>& motionB, const CastOptions& options,
                                    CastRecorder<V>* trace) {
  const auto shapeA = anySupport<Collider, V>(a);
  const auto shapeB = anySupport<Collider, V>(b);
  return withSink(trace, [&](auto& sink) {
    if (algorithm == CastAlgorithm::Linear) {
      return linearCast(shapeA, placement(a), motionA.velocity, shapeB, placement(b), motionB.velocity, options, sink);
    }
    return conservativeAdvancement(shapeA, placement(a), motionA, shapeA.farthest(), shapeB, placement(b), motionB,
                                   shapeB.farthest(), options, sink);
  });
}

template <class Collider, Vector V>
[[nodiscard]] CastResult<V> dynamicSatPair(const Collider& a, const Motion<V>& motionA, const Collider& b,
                                           const Motion<V>& motionB, const CastOptions& options,
                                           CastRecorder<V>* trace) {
  const auto axes = satAxes(a, b);
  const auto shapeA = anySupport<Collider, V>(a);
  const auto shapeB = anySupport<Collider, V>(b);
  const Transformed placedA{shapeA, placement(a)};
  const Transformed placedB{shapeB, placement(b)};
  return withSink(trace, [&](auto& sink) {
    return dynamicSat(placedA, motionA.velocity, placedB, motionB.velocity, axes, options, sink);
  });
}

// The polygon target of a moving circle: world vertices and normals of a polygon, box or aabb.
template <Scalar S>
struct WorldPolygon {
  std::array<Vec2<S>, kMaxPolygonVertices> vertices{};
  std::array<Vec2<S>, kMaxPolygonVertices> normals{};
  int count = 0;
};

template <Scalar S>
[[nodiscard]] WorldPolygon<S> worldPolygon(const Collider<S>& c) {
  WorldPolygon<S> out;
  const Transform<S> pose = placement(c);
  const auto add = [&out, &pose](Vec2<S> vertex, Vec2<S> normal) {
    out.vertices[out.count] = pose.apply(vertex);
    out.normals[out.count++] = pose.q.apply(normal);
  };
  if (const auto* polygon = std::get_if<Polygon<S>>(&c.shape)) {
    for (int i = 0; i < polygon->count; ++i) add(polygon->vertices[i], polygon->normals[i]);
  } else {
    const Vec2<S> lo = std::holds_alternative<Box<S>>(c.shape) ? -std::get<Box<S>>(c.shape).halfExtents
                                                              : std::get<Aabb<S>>(c.shape).min;
    const Vec2<S> hi = std::holds_alternative<Box<S>>(c.shape) ? std::get<Box<S>>(c.shape).halfExtents
                                                              : std::get<Aabb<S>>(c.shape).max;
    add(lo, {S(0), S(-1)});
    add({hi.x, lo.y}, {S(1), S(0)});
    add(hi, {S(0), S(1)});
    add({lo.x, hi.y}, {S(-1), S(0)});
  }
  return out;
}

template <Scalar S, class Sink>
[[nodiscard]] CastResult<Vec2<S>> sweepTarget(Vec2<S> center, S radius, Vec2<S> motion, const Collider<S>& target,
                                              const CastOptions& options, Sink& sink) {
  const WorldPolygon<S> polygon = worldPolygon(target);
  return movingCircleVsPolygon(center, radius, motion, polygon.vertices.data(), polygon.normals.data(), polygon.count,
                               options, sink);
}

template <Scalar S, class Sink>
[[nodiscard]] CastResult<Vec3<S>> sweepTarget(Vec3<S> center, S radius, Vec3<S> motion, const Collider3<S>& target,
                                              const CastOptions& options, Sink& sink) {
  const Triangle3<S>& triangle = std::get<Triangle3<S>>(target.shape);
  const Transform3<S> pose = placement(target);
  return movingSphereVsTriangle(center, radius, motion, pose.apply(triangle.a), pose.apply(triangle.b),
                                pose.apply(triangle.c), options, sink);
}

template <class Collider, Vector V>
[[nodiscard]] CastResult<V> analyticPair(const Collider& a, const Motion<V>& motionA, const Collider& b,
                                         const Motion<V>& motionB, const CastOptions& options,
                                         CastRecorder<V>* trace) {
  return withSink(trace, [&](auto& sink) -> CastResult<V> {
    if (isSphereLike(a) && isSphereLike(b)) {
      const auto [centerA, radiusA] = sphereOf(a);
      const auto [centerB, radiusB] = sphereOf(b);
      return movingSpheres(centerA, radiusA, motionA.velocity, centerB, radiusB, motionB.velocity, options, sink);
    }
    // One moving sphere against the other shape, in the shape's frame of motion; the normal runs from the sphere.
    const bool sphereIsA = isSphereLike(a);
    const Collider& sphere = sphereIsA ? a : b;
    const Collider& target = sphereIsA ? b : a;
    const V sphereVelocity = sphereIsA ? motionA.velocity : motionB.velocity;
    const V targetVelocity = sphereIsA ? motionB.velocity : motionA.velocity;
    const auto [center, radius] = sphereOf(sphere);
    CastResult<V> result = sweepTarget(center, radius, sphereVelocity - targetVelocity, target, options, sink);
    return fromRay(result, targetVelocity, !sphereIsA);
  });
}

template <class Collider, Vector V>
[[nodiscard]] CastResult<V> runCastImpl(CastAlgorithm algorithm, const Collider& a, const Motion<V>& motionA,
                                        const Collider& b, const Motion<V>& motionB, const CastOptions& options,
                                        CastRecorder<V>* trace) {
  if (!isValid(a) || !isValid(b) || refuse(algorithm, a, motionA, b, motionB) || !detail::validCastOptions(options)) {
    return detail::invalidResult<V>();
  }
  switch (algorithm) {
    case CastAlgorithm::Ray: {
      // The ray is the point; the other shape is held still and the ray moves by the relative motion.
      const bool rayIsA = isPoint(a);
      const Collider& point = rayIsA ? a : b;
      const Collider& target = rayIsA ? b : a;
      const V rayVelocity = rayIsA ? motionA.velocity : motionB.velocity;
      const V targetVelocity = rayIsA ? motionB.velocity : motionA.velocity;
      const auto [origin, zero] = sphereOf(point);
      (void)zero;
      const CastResult<V> hit = rayCastImpl(Ray<V>{origin, rayVelocity - targetVelocity}, target, options, trace);
      return fromRay(hit, targetVelocity, rayIsA);
    }
    case CastAlgorithm::Linear:
    case CastAlgorithm::TimeOfImpact: return advance(algorithm, a, motionA, b, motionB, options, trace);
    case CastAlgorithm::DynamicSat: return dynamicSatPair(a, motionA, b, motionB, options, trace);
    case CastAlgorithm::Analytic: return analyticPair(a, motionA, b, motionB, options, trace);
  }
  return detail::invalidResult<V>();
}

}  // namespace

template <Scalar S>
std::optional<CastRefusal> castRefusal(CastAlgorithm algorithm, const Collider<S>& a, const Motion<Vec2<S>>& motionA,
                                       const Collider<S>& b, const Motion<Vec2<S>>& motionB) {
  return refuse(algorithm, a, motionA, b, motionB);
}

template <Scalar S>
std::optional<CastRefusal> castInputRefusal(const Collider<S>& a, const Motion<Vec2<S>>& motionA, const Collider<S>& b,
                                            const Motion<Vec2<S>>& motionB) {
  return refuseInputs(a, motionA, b, motionB);
}

template <Scalar S>
std::optional<CastRefusal> castInputRefusal(const Collider3<S>& a, const Motion<Vec3<S>>& motionA,
                                            const Collider3<S>& b, const Motion<Vec3<S>>& motionB) {
  return refuseInputs(a, motionA, b, motionB);
}

template <Scalar S>
std::optional<CastRefusal> castRefusal(CastAlgorithm algorithm, const Collider3<S>& a, const Motion<Vec3<S>>& motionA,
                                       const Collider3<S>& b, const Motion<Vec3<S>>& motionB) {
  return refuse(algorithm, a, motionA, b, motionB);
}

template <Scalar S>
CastResult<Vec2<S>> rayCast(const Ray<Vec2<S>>& ray, const Collider<S>& collider, const CastOptions& options,
                            CastRecorder<Vec2<S>>* trace) {
  return rayCastImpl(ray, collider, options, trace);
}

template <Scalar S>
CastResult<Vec3<S>> rayCast(const Ray<Vec3<S>>& ray, const Collider3<S>& collider, const CastOptions& options,
                            CastRecorder<Vec3<S>>* trace) {
  return rayCastImpl(ray, collider, options, trace);
}

template <Scalar S>
CastResult<Vec2<S>> runCast(CastAlgorithm algorithm, const Collider<S>& a, const Motion<Vec2<S>>& motionA,
                            const Collider<S>& b, const Motion<Vec2<S>>& motionB, const CastOptions& options,
                            CastRecorder<Vec2<S>>* trace) {
  return runCastImpl(algorithm, a, motionA, b, motionB, options, trace);
}

template <Scalar S>
CastResult<Vec3<S>> runCast(CastAlgorithm algorithm, const Collider3<S>& a, const Motion<Vec3<S>>& motionA,
                            const Collider3<S>& b, const Motion<Vec3<S>>& motionB, const CastOptions& options,
                            CastRecorder<Vec3<S>>* trace) {
  return runCastImpl(algorithm, a, motionA, b, motionB, options, trace);
}

// [SECTION] Instantiations

#define COLLIDE_CAST_QUERY_INSTANTIATE(S)                                                                       \
  template std::optional<CastRefusal> castInputRefusal<S>(const Collider<S>&, const Motion<Vec2<S>>&,           \
                                                          const Collider<S>&, const Motion<Vec2<S>>&);          \
  template std::optional<CastRefusal> castInputRefusal<S>(const Collider3<S>&, const Motion<Vec3<S>>&,          \
                                                          const Collider3<S>&, const Motion<Vec3<S>>&);         \
  template std::optional<CastRefusal> castRefusal<S>(CastAlgorithm, const Collider<S>&, const Motion<Vec2<S>>&, \
                                                     const Collider<S>&, const Motion<Vec2<S>>&);               \
  template std::optional<CastRefusal> castRefusal<S>(CastAlgorithm, const Collider3<S>&,                        \
                                                     const Motion<Vec3<S>>&, const Collider3<S>&,               \
                                                     const Motion<Vec3<S>>&);                                   \
  template CastResult<Vec2<S>> rayCast<S>(const Ray<Vec2<S>>&, const Collider<S>&, const CastOptions&,          \
                                          CastRecorder<Vec2<S>>*);                                              \
  template CastResult<Vec3<S>> rayCast<S>(const Ray<Vec3<S>>&, const Collider3<S>&, const CastOptions&,         \
                                          CastRecorder<Vec3<S>>*);                                              \
  template CastResult<Vec2<S>> runCast<S>(CastAlgorithm, const Collider<S>&, const Motion<Vec2<S>>&,            \
                                          const Collider<S>&, const Motion<Vec2<S>>&, const CastOptions&,       \
                                          CastRecorder<Vec2<S>>*);                                              \
  template CastResult<Vec3<S>> runCast<S>(CastAlgorithm, const Collider3<S>&, const Motion<Vec3<S>>&,           \
                                          const Collider3<S>&, const Motion<Vec3<S>>&, const CastOptions&,      \
                                          CastRecorder<Vec3<S>>*);
COLLIDE_CAST_QUERY_INSTANTIATE(float)
COLLIDE_CAST_QUERY_INSTANTIATE(double)

}  // namespace collide
