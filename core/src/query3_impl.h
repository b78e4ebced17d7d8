// core/src/query3_impl.h: the dispatch of collide/query3.h. query3.cpp instantiates it for double and
// query3_float.cpp for float, so the 10 x 10 shape pairs compile on two cores at once.
//
// [SECTION] Shape pairs
// [SECTION] Refusals
// [SECTION] Support-based algorithms (gjk, distance, epa)
// [SECTION] SAT and SAT lite
// [SECTION] Analytic
// [SECTION] runQuery and recordQuery
#pragma once

#include "collide/query3.h"

#include <array>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>

#include "collide/support.h"
#include "query_common.h"

namespace collide {

namespace {

// [SECTION] Shape pairs

// Shapes with a finite set of face normals and edges: what SAT takes.
template <Scalar S>
bool isPolytope(const Shape3<S>& shape) {
  return std::holds_alternative<Point3<S>>(shape) || std::holds_alternative<Segment3<S>>(shape) ||
         std::holds_alternative<Triangle3<S>>(shape) || std::holds_alternative<Aabb3<S>>(shape) ||
         std::holds_alternative<Box3<S>>(shape) || std::holds_alternative<Hull<S>>(shape);
}

template <Scalar S>
bool isBox(const Shape3<S>& shape) {
  return std::holds_alternative<Aabb3<S>>(shape) || std::holds_alternative<Box3<S>>(shape);
}

// The closed-form tests of analytic3.h: a sphere (or a point, a sphere of radius 0) against a sphere, point,
// segment (a capsule of radius 0), capsule, aabb, box or triangle; a point against a hull; aabb vs aabb.
template <class T>
constexpr bool kIsRound3 = std::is_same_v<T, Sphere<typename T::Scalar>> || std::is_same_v<T, Point3<typename T::Scalar>>;

template <class T>
constexpr bool kSpherePartner = kIsRound3<T> || std::is_same_v<T, Segment3<typename T::Scalar>> ||
                                std::is_same_v<T, Capsule3<typename T::Scalar>> ||
                                std::is_same_v<T, Aabb3<typename T::Scalar>> ||
                                std::is_same_v<T, Box3<typename T::Scalar>> ||
                                std::is_same_v<T, Triangle3<typename T::Scalar>>;

template <class A, class B>
constexpr bool kHasAnalytic3 =
    (kIsRound3<A> && kSpherePartner<B>) || (kIsRound3<B> && kSpherePartner<A>) ||
    (std::is_same_v<A, Point3<typename A::Scalar>> && std::is_same_v<B, Hull<typename A::Scalar>>) ||
    (std::is_same_v<B, Point3<typename A::Scalar>> && std::is_same_v<A, Hull<typename A::Scalar>>) ||
    (std::is_same_v<A, Aabb3<typename A::Scalar>> && std::is_same_v<B, Aabb3<typename A::Scalar>>);

template <Scalar S>
bool hasAnalyticTest(const Shape3<S>& a, const Shape3<S>& b) {
  return std::visit(
      [](const auto& shapeA, const auto& shapeB) {
        return kHasAnalytic3<std::decay_t<decltype(shapeA)>, std::decay_t<decltype(shapeB)>>;
      },
      a, b);
}

constexpr const char* kAnalyticPairs3 =
    "the analytic tests in space take a sphere or a point against a sphere, point, segment, capsule, aabb, box or "
    "triangle, a point against a hull, and aabb vs aabb";

// [SECTION] Refusals

template <Scalar S>
Refusal notAccepted(const AlgorithmInfo& info, Side side, const Shape3<S>& shape) {
  const std::string type(shapeTypeName(shape));
  if (std::holds_alternative<Mesh<S>>(shape)) {
    return {side, shapeTypeName(shape), ShapeField::Whole,
            std::string(info.name) +
                " takes convex shapes; a mesh is not convex (it has no support function): give its convex hull as a "
                "hull, or query its triangles"};
  }
  if (info.accepts == Accepts::Polytopes && !isPolytope(shape)) {
    return {side, shapeTypeName(shape), ShapeField::Whole, polytopesOnly(info.name, shape)};
  }
  if (info.accepts == Accepts::Boxes && !isBox(shape)) {
    return {side, shapeTypeName(shape), ShapeField::Whole,
            std::string(info.name) + " takes boxes only (box, aabb); use sat for a " + type};
  }
  return {};
}

}  // namespace

template <Scalar S>
Refusal refusal(Algorithm algorithm, const Collider3<S>& a, const Collider3<S>& b) {
  const std::pair<Side, const Collider3<S>*> sides[] = {{Side::A, &a}, {Side::B, &b}};
  for (const auto& [side, collider] : sides) {
    if (const ShapeCheck check = isValid(*collider); !check) {
      return {side, shapeTypeName(collider->shape), check.field, describe<S>(check)};
    }
  }
  const AlgorithmInfo& info = algorithmInfo(algorithm);
  if (!runsIn(algorithm, 3)) {
    return {Side::Pair, {}, ShapeField::Whole,
            std::string(info.name) + " runs on 2D shapes only; in space use " + algorithmNameList(false, 3)};
  }
  for (const auto& [side, collider] : sides) {
    if (Refusal why = notAccepted(info, side, collider->shape); !why.empty()) return why;
  }
  if (info.accepts == Accepts::AnalyticPairs && !hasAnalyticTest(a.shape, b.shape)) {
    return {Side::Pair, {}, ShapeField::Whole,
            "no analytic test for " + std::string(shapeTypeName(a.shape)) + " vs " +
                std::string(shapeTypeName(b.shape)) + "; " + kAnalyticPairs3 + "; use gjk, distance or epa"};
  }
  return {};
}

namespace {

// The trace sinks of one run: all NoTrace for runQuery, recorders for recordQuery.
struct PlainSinks3 {
  NoTrace gjk, epa, sat, analytic;
};

template <Scalar S>
struct RecordingSinks3 {
  Recorder<GjkStep<Vec3<S>>> gjk;
  EpaRecorder3<S> epa;
  Recorder<SatAxisStep3<S>> sat;
  Recorder<AnalyticStep3<S>> analytic;
};

// EPA's steps in the world: vertices are support points, normals rotate.
template <Scalar S>
EpaStep3<S> toWorld(const Transform3<S>& frame, EpaStep3<S> step) {
  for (SupportPoint<Vec3<S>>& vertex : step.vertices) vertex = detail::toWorld(frame, vertex);
  for (EpaFace3<S>& face : step.faces) face.normal = frame.q.apply(face.normal);
  for (EpaFace3<S>& face : step.addedFaces) face.normal = frame.q.apply(face.normal);
  step.faceNormal = frame.q.apply(step.faceNormal);
  step.support = detail::toWorld(frame, step.support);
  return step;
}

// EPA's start in the world, as its steps.
template <Scalar S>
EpaStart3<S> toWorld(const Transform3<S>& frame, EpaStart3<S> start) {
  start.simplex = detail::toWorld(frame, start.simplex);
  for (Vec3<S>& direction : start.directions) direction = frame.q.apply(direction);
  for (SupportPoint<Vec3<S>>& support : start.supports) support = detail::toWorld(frame, support);
  for (SupportPoint<Vec3<S>>& vertex : start.vertices) vertex = detail::toWorld(frame, vertex);
  for (EpaFace3<S>& face : start.faces) face.normal = frame.q.apply(face.normal);
  return start;
}

// [SECTION] Support-based algorithms (gjk, distance, epa)

// A is used in its own frame, B through Transformed by B's frame in A's frame (large world coordinates cancel
// first). Meshes never get here: refusal() turned them away.
template <Scalar S, class Sinks>
void runSupportBased(Algorithm algorithm, const Collider3<S>& a, const Collider3<S>& b, const QueryOptions& options,
                     SimplexCache<Vec3<S>>* cache, Sinks& sinks, QueryResult3<S>& result) {
  const Transform3<S> frameA = placement(a);
  const Transform3<S> bInA = invMul(frameA, placement(b));
  std::visit(
      [&](const auto& shapeA, const auto& shapeB) {
        using A = std::decay_t<decltype(shapeA)>;
        using B = std::decay_t<decltype(shapeB)>;
        if constexpr (kHasSupport<A> && kHasSupport<B>) {
          const Transformed placedB{shapeB, bInA};
          if (algorithm == Algorithm::Gjk) {
            detail::takeBoolean(gjkIntersect(shapeA, placedB, options.gjk, sinks.gjk), result);
          } else if (algorithm == Algorithm::Epa) {
            detail::takePenetration(gjkEpa3(shapeA, placedB, options.gjk, options.epa, sinks.gjk, sinks.epa),
                                    frameA, result);
          } else {
            detail::takeDistance(gjkDistance(shapeA, placedB, options.gjk, cache, sinks.gjk), frameA, result);
          }
        } else {
          result.status = Status::InvalidInput;  // refusal() turned this pair away already
        }
      },
      a.shape, b.shape);
}

// [SECTION] SAT and SAT lite

// sat3.h works in A's frame itself and reports in the world.
template <Scalar S, class Sinks>
void runSat(const Collider3<S>& a, const Collider3<S>& b, Sinks& sinks, QueryResult3<S>& result) {
  detail::takeSat(satColliders(a, b, sinks.sat), result);
}

// A box as SAT lite reads it: an Aabb3 is a Box3 at its centre, unrotated.
template <Scalar S>
std::pair<Box3<S>, Transform3<S>> asBox(const Collider3<S>& collider) {
  if (const auto* aabb = std::get_if<Aabb3<S>>(&collider.shape)) {
    return {Box3<S>{aabb->halfExtents()}, Transform3<S>{aabb->centroid(), Quat<S>::identity()}};
  }
  return {std::get<Box3<S>>(collider.shape), collider.transform};
}

template <Scalar S, class Sinks>
void runSatLite(const Collider3<S>& a, const Collider3<S>& b, Sinks& sinks, QueryResult3<S>& result) {
  const auto [boxA, xfA] = asBox(a);
  const auto [boxB, xfB] = asBox(b);
  const SatResult3<S> run = satBoxesLite(boxA, xfA, boxB, xfB, sinks.sat);
  detail::takeSat(run, result);
  if (run.hit) result.faceAxesFooled = run.fooled;
}

// [SECTION] Analytic

template <Scalar S>
Sphere<S> asSphere(const Sphere<S>& sphere) {
  return sphere;
}

template <Scalar S>
Sphere<S> asSphere(const Point3<S>& point) {
  return {point.position, S(0)};
}

// The test for a round A (sphere or point) against B, both placed.
template <Scalar S, class Round, class Other, class Trace>
AnalyticResult3<S> roundVsShape(const Round& round, const Transform3<S>& xfRound, const Other& other,
                                const Transform3<S>& xfOther, Trace& trace) {
  const Sphere<S> sphere = asSphere(round);
  if constexpr (kIsRound3<Other>) {
    return sphereVsSphere(sphere, xfRound, asSphere(other), xfOther, trace);
  } else if constexpr (std::is_same_v<Other, Segment3<S>>) {
    return sphereVsCapsule(sphere, xfRound, Capsule3<S>{other.a, other.b, S(0)}, xfOther, trace);
  } else if constexpr (std::is_same_v<Other, Capsule3<S>>) {
    return sphereVsCapsule(sphere, xfRound, other, xfOther, trace);
  } else if constexpr (std::is_same_v<Other, Aabb3<S>>) {
    return sphereVsAabb(sphere, xfRound, other, trace);
  } else if constexpr (std::is_same_v<Other, Box3<S>>) {
    return sphereVsBox(sphere, xfRound, other, xfOther, trace);
  } else {
    return sphereVsTriangle(sphere, xfRound, other, xfOther, trace);
  }
}

// The same result seen from the other side: B's test run with B as A, then the roles swapped back.
template <Scalar S>
AnalyticResult3<S> swapped(AnalyticResult3<S> result) {
  result.normal = -result.normal;
  std::swap(result.pointA, result.pointB);
  return result;
}

template <Scalar S, class Sinks>
void runAnalytic(const Collider3<S>& a, const Collider3<S>& b, Sinks& sinks, QueryResult3<S>& result) {
  const Transform3<S> xfA = placement(a);
  const Transform3<S> xfB = placement(b);
  const AnalyticResult3<S> run = std::visit(
      [&](const auto& shapeA, const auto& shapeB) -> AnalyticResult3<S> {
        using A = std::decay_t<decltype(shapeA)>;
        using B = std::decay_t<decltype(shapeB)>;
        if constexpr (std::is_same_v<A, Point3<S>> && std::is_same_v<B, Hull<S>>) {
          return pointInHull(xfA.apply(shapeA.position), shapeB, xfB, sinks.analytic);
        } else if constexpr (std::is_same_v<A, Hull<S>> && std::is_same_v<B, Point3<S>>) {
          return swapped(pointInHull(xfB.apply(shapeB.position), shapeA, xfA, sinks.analytic));
        } else if constexpr (kIsRound3<A> && kSpherePartner<B>) {
          return roundVsShape(shapeA, xfA, shapeB, xfB, sinks.analytic);
        } else if constexpr (kIsRound3<B> && kSpherePartner<A>) {
          return swapped(roundVsShape(shapeB, xfB, shapeA, xfA, sinks.analytic));
        } else if constexpr (std::is_same_v<A, Aabb3<S>> && std::is_same_v<B, Aabb3<S>>) {
          return aabbVsAabb(shapeA, shapeB, sinks.analytic);
        } else {
          AnalyticResult3<S> invalid;  // refusal() turned this pair away already
          invalid.status = Status::InvalidInput;
          return invalid;
        }
      },
      a.shape, b.shape);
  detail::takeAnalytic(run, result);
}

// [SECTION] runQuery and recordQuery

template <Scalar S, class Sinks>
QueryResult3<S> execute(Algorithm algorithm, const Collider3<S>& a, const Collider3<S>& b, const QueryOptions& options,
                        SimplexCache<Vec3<S>>* cache, Sinks& sinks) {
  QueryResult3<S> result;
  result.algorithm = algorithm;
  result.refusal = refusal(algorithm, a, b);
  if (!result.refusal.empty()) {
    result.error = sentence(result.refusal);
    return result;
  }
  result.ok = true;
  switch (algorithm) {
    case Algorithm::Sat: runSat(a, b, sinks, result); break;
    case Algorithm::SatLite: runSatLite(a, b, sinks, result); break;
    case Algorithm::Analytic: runAnalytic(a, b, sinks, result); break;
    default: runSupportBased(algorithm, a, b, options, cache, sinks, result); break;
  }
  detail::refuseIfNotFinite(result);
  return result;
}

}  // namespace

template <Scalar S>
QueryResult3<S> runQuery(Algorithm algorithm, const Collider3<S>& a, const Collider3<S>& b,
                         const QueryOptions& options, SimplexCache<Vec3<S>>* cache) {
  PlainSinks3 sinks;
  return execute(algorithm, a, b, options, cache, sinks);
}

template <Scalar S>
QueryTrace3<S> recordQuery(Algorithm algorithm, const Collider3<S>& a, const Collider3<S>& b,
                           const QueryOptions& options) {
  RecordingSinks3<S> sinks;
  QueryTrace3<S> trace;
  trace.result = execute(algorithm, a, b, options, static_cast<SimplexCache<Vec3<S>>*>(nullptr), sinks);
  const Transform3<S> frameA = placement(a);
  trace.gjk.reserve(sinks.gjk.steps.size());
  for (const GjkStep<Vec3<S>>& step : sinks.gjk.steps) trace.gjk.push_back(detail::toWorld(frameA, step));
  for (const EpaStart3<S>& start : sinks.epa.starts) trace.epaStart.push_back(toWorld(frameA, start));
  trace.epa.reserve(sinks.epa.steps.size());
  for (const EpaStep3<S>& step : sinks.epa.steps) trace.epa.push_back(toWorld(frameA, step));
  // SAT and the analytic tests already report in the world.
  trace.sat = std::move(sinks.sat.steps);
  trace.analytic = std::move(sinks.analytic.steps);
  return trace;
}

#define COLLIDE_QUERY3_INSTANTIATE(S)                                                                             \
  template Refusal refusal<S>(Algorithm, const Collider3<S>&, const Collider3<S>&);                              \
  template QueryResult3<S> runQuery<S>(Algorithm, const Collider3<S>&, const Collider3<S>&, const QueryOptions&, \
                                       SimplexCache<Vec3<S>>*);                                                   \
  template QueryTrace3<S> recordQuery<S>(Algorithm, const Collider3<S>&, const Collider3<S>&, const QueryOptions&);

}  // namespace collide
