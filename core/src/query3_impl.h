// core/src/query3_impl.h: the dispatch of collide/query3.h. query3.cpp instantiates it for double and
// query3_float.cpp for float, so the 10 x 10 shape pairs compile on two cores at once.
//
// [SECTION] Shape pairs
// [SECTION] Refusals
// [SECTION] Support-based algorithms (gjk, distance, epa)
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
    return {side, shapeTypeName(shape), ShapeField::Whole,
            std::string(info.name) + " takes polytopes only (point, segment, triangle, aabb, box, hull); a " + type +
                " has a curved surface and no finite set of axes"};
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
  if (algorithm != Algorithm::Gjk && algorithm != Algorithm::Distance && algorithm != Algorithm::Epa) {
    return {Side::Pair, {}, ShapeField::Whole,
            std::string(info.name) + " in 3D is not built yet; use gjk, distance or epa"};
  }
  return {};
}

namespace {

// The trace sinks of one run: all NoTrace for runQuery, recorders for recordQuery.
struct PlainSinks3 {
  NoTrace gjk, epa;
};

template <Scalar S>
struct RecordingSinks3 {
  Recorder<GjkStep<Vec3<S>>> gjk;
  Recorder<EpaStep3<S>> epa;
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
            const GjkBooleanResult<Vec3<S>> run = gjkIntersect(shapeA, placedB, options.gjk, sinks.gjk);
            result.hit = run.hit;
            result.iterations = run.iterations;
            result.status = run.status;
            result.stopReason = stopName(run.stop);
          } else if (algorithm == Algorithm::Epa) {
            const PenetrationResult3<S> run =
                gjkEpa3(shapeA, placedB, options.gjk, options.epa, sinks.gjk, sinks.epa);
            result.hit = run.hit;
            if (run.hit) {
              result.depth = run.depth;
              result.normal = frameA.q.apply(run.normal);
              result.pointA = frameA.apply(run.pointA);
              result.pointB = frameA.apply(run.pointB);
            }
            result.iterations = run.iterations;
            result.gjkIterations = run.gjkIterations;
            result.status = run.status;
            result.stopReason = epaStopName(run.stop);
          } else {
            const DistanceResult<Vec3<S>> run = gjkDistance(shapeA, placedB, options.gjk, cache, sinks.gjk);
            result.hit = run.overlap;
            result.distance = run.distance;
            if (!run.overlap) {
              result.normal = frameA.q.apply(run.normal);
              result.pointA = frameA.apply(run.pointA);
              result.pointB = frameA.apply(run.pointB);
            }
            result.iterations = run.iterations;
            result.status = run.status;
            result.stopReason = stopName(run.stop);
          }
        } else {
          result.status = Status::InvalidInput;  // refusal() turned this pair away already
        }
      },
      a.shape, b.shape);
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
  runSupportBased(algorithm, a, b, options, cache, sinks, result);
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
  trace.epa.reserve(sinks.epa.steps.size());
  for (const EpaStep3<S>& step : sinks.epa.steps) trace.epa.push_back(toWorld(frameA, step));
  return trace;
}

#define COLLIDE_QUERY3_INSTANTIATE(S)                                                                             \
  template Refusal refusal<S>(Algorithm, const Collider3<S>&, const Collider3<S>&);                              \
  template QueryResult3<S> runQuery<S>(Algorithm, const Collider3<S>&, const Collider3<S>&, const QueryOptions&, \
                                       SimplexCache<Vec3<S>>*);                                                   \
  template QueryTrace3<S> recordQuery<S>(Algorithm, const Collider3<S>&, const Collider3<S>&, const QueryOptions&);

}  // namespace collide
