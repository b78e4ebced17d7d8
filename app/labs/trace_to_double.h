// app/labs/trace_to_double.h: a run recorded in float, widened to double for the narrow-phase labs, which draw and
// narrate in double. Every float widens exactly, so the lab shows the float run's own numbers, not a double rerun.
// One function per recorded type, in both dimensions; a field added to a trace type must be added here too (the
// labs' float tests check that a widened run reads as the float run did).
//
// [SECTION] Vectors, support points, simplices, GJK (any dimension)
// [SECTION] The plane: EPA, SAT, analytic
// [SECTION] Space: EPA, SAT, analytic
// [SECTION] Results and whole traces
// [SECTION] Casts (the continuous lab)
#pragma once

#include <optional>

#include "collide/cast.h"
#include "collide/query.h"
#include "collide/query3.h"

namespace lab {

// [SECTION] Vectors, support points, simplices, GJK (any dimension)

template <collide::Scalar T>
[[nodiscard]] collide::Vec2<double> toDouble(collide::Vec2<T> v) {
  return v.template cast<double>();
}

template <collide::Scalar T>
[[nodiscard]] collide::Vec3<double> toDouble(collide::Vec3<T> v) {
  return v.template cast<double>();
}

template <class V>
[[nodiscard]] auto toDouble(const collide::SupportPoint<V>& s) -> collide::SupportPoint<decltype(toDouble(s.point))> {
  return {toDouble(s.pointA), toDouble(s.pointB), toDouble(s.point)};
}

template <class V>
[[nodiscard]] auto toDouble(const collide::Simplex<V>& s) -> collide::Simplex<decltype(toDouble(V{}))> {
  collide::Simplex<decltype(toDouble(V{}))> out;
  out.count = s.count;
  for (std::size_t i = 0; i < s.vertices.size(); ++i) out.vertices[i] = toDouble(s.vertices[i]);
  return out;
}

template <class V>
[[nodiscard]] auto toDouble(const collide::GjkStep<V>& s) -> collide::GjkStep<decltype(toDouble(V{}))> {
  return {s.iteration,         toDouble(s.direction),     toDouble(s.support),
          double(s.supportDotDirection), toDouble(s.simplexBefore), s.region,
          s.droppedMask,       toDouble(s.simplexAfter),  toDouble(s.closestPoint),
          double(s.distance),  toDouble(s.nextDirection), s.stop};
}

// [SECTION] The plane: EPA, SAT, analytic

template <collide::Scalar T>
[[nodiscard]] collide::EpaStep<double> toDouble(const collide::EpaStep<T>& s) {
  collide::EpaStep<double> out;
  out.iteration = s.iteration;
  for (const auto& vertex : s.polytope) out.polytope.push_back(toDouble(vertex));
  out.closestEdge = s.closestEdge;
  out.edgeNormal = toDouble(s.edgeNormal);
  out.edgeDistance = s.edgeDistance;
  out.support = toDouble(s.support);
  out.supportDistance = s.supportDistance;
  out.gap = s.gap;
  out.inserted = s.inserted;
  out.removed = s.removed;
  out.stop = s.stop;
  out.edgeReach.assign(s.edgeReach.begin(), s.edgeReach.end());
  return out;
}

template <collide::Scalar T>
[[nodiscard]] collide::EpaStart<double> toDouble(const collide::EpaStart<T>& s) {
  collide::EpaStart<double> out;
  out.simplex = toDouble(s.simplex);
  for (const auto& direction : s.directions) out.directions.push_back(toDouble(direction));
  for (const auto& support : s.supports) out.supports.push_back(toDouble(support));
  for (const auto& vertex : s.polygon) out.polygon.push_back(toDouble(vertex));
  return out;
}

template <collide::Scalar T>
[[nodiscard]] collide::SatAxisStep<double> toDouble(const collide::SatAxisStep<T>& s) {
  return {s.axisIndex, toDouble(s.axis), s.source,     s.edge, s.minA, s.maxA, s.minB, s.maxB, s.overlap,
          s.separating, s.bestAxisIndex, s.bestOverlap};
}

template <collide::Scalar T>
[[nodiscard]] collide::AnalyticStep<double> toDouble(const collide::AnalyticStep<T>& s) {
  return {s.index, s.title, toDouble(s.point), toDouble(s.closest), double(s.value), s.decided, s.hit, s.edge};
}

// [SECTION] Space: EPA, SAT, analytic

template <collide::Scalar T>
[[nodiscard]] collide::EpaFace3<double> toDouble(const collide::EpaFace3<T>& f) {
  return {f.vertices, toDouble(f.normal), double(f.distance), f.iteration, f.degenerate};
}

// Widens each item: only for the types whose toDouble is declared above this point.
template <class From, class To>
void appendWidened(const std::vector<From>& from, std::vector<To>& to) {
  to.reserve(from.size());
  for (const From& item : from) to.push_back(toDouble(item));
}

template <collide::Scalar T>
[[nodiscard]] collide::EpaStart3<double> toDouble(const collide::EpaStart3<T>& s) {
  collide::EpaStart3<double> out;
  out.simplex = toDouble(s.simplex);
  appendWidened(s.directions, out.directions);
  appendWidened(s.supports, out.supports);
  appendWidened(s.vertices, out.vertices);
  appendWidened(s.faces, out.faces);
  return out;
}

template <collide::Scalar T>
[[nodiscard]] collide::EpaStep3<double> toDouble(const collide::EpaStep3<T>& s) {
  collide::EpaStep3<double> out;
  out.iteration = s.iteration;
  appendWidened(s.vertices, out.vertices);
  appendWidened(s.faces, out.faces);
  out.closestFace = s.closestFace;
  out.faceNormal = toDouble(s.faceNormal);
  out.faceDistance = s.faceDistance;
  out.support = toDouble(s.support);
  out.supportDistance = s.supportDistance;
  out.gap = s.gap;
  out.inserted = s.inserted;
  out.removedFaces = s.removedFaces;
  out.horizon = s.horizon;
  appendWidened(s.addedFaces, out.addedFaces);
  out.stop = s.stop;
  out.faceReach.assign(s.faceReach.begin(), s.faceReach.end());
  return out;
}

template <collide::Scalar T>
[[nodiscard]] collide::SatAxisStep3<double> toDouble(const collide::SatAxisStep3<T>& s) {
  return {s.axisIndex, toDouble(s.axis), s.source,   s.indexA,      s.indexB,        s.minA,    s.maxA,
          s.minB,      s.maxB,           s.overlap,  s.separating,  s.pruned,        s.bestAxisIndex, s.bestOverlap};
}

template <collide::Scalar T>
[[nodiscard]] collide::AnalyticStep3<double> toDouble(const collide::AnalyticStep3<T>& s) {
  return {s.index, s.title, toDouble(s.point), toDouble(s.closest), double(s.value), s.decided, s.hit, s.feature};
}

// [SECTION] Results and whole traces

template <class T, class F>
[[nodiscard]] auto mapOptional(const std::optional<T>& value, F convert) -> std::optional<decltype(convert(*value))> {
  if (!value) return std::nullopt;
  return convert(*value);
}

template <class V>
[[nodiscard]] auto toDouble(const collide::QueryResultOf<V>& r) -> collide::QueryResultOf<decltype(toDouble(V{}))> {
  const auto number = [](collide::ScalarOf<V> v) { return static_cast<double>(v); };
  const auto vector = [](V v) { return toDouble(v); };
  return {r.algorithm, r.ok, r.error, r.hit, mapOptional(r.distance, number), mapOptional(r.separation, number),
          mapOptional(r.depth, number), mapOptional(r.normal, vector), mapOptional(r.pointA, vector),
          mapOptional(r.pointB, vector), r.iterations, r.gjkIterations, r.status, r.stopReason, r.refusal,
          r.faceAxesFooled};
}

// The whole run: the same lists in both dimensions.
// (Loops, not appendWidened: a template declared above would not find the overloads declared after it.)
template <class From, class To>
void widenTrace(const From& trace, To& out) {
  out.result = toDouble(trace.result);
  for (const auto& s : trace.gjk) out.gjk.push_back(toDouble(s));
  for (const auto& s : trace.epaStart) out.epaStart.push_back(toDouble(s));
  for (const auto& s : trace.epa) out.epa.push_back(toDouble(s));
  for (const auto& s : trace.sat) out.sat.push_back(toDouble(s));
  for (const auto& s : trace.analytic) out.analytic.push_back(toDouble(s));
}

template <collide::Scalar T>
[[nodiscard]] collide::QueryTrace<double> toDouble(const collide::QueryTrace<T>& trace) {
  collide::QueryTrace<double> out;
  widenTrace(trace, out);
  return out;
}

template <collide::Scalar T>
[[nodiscard]] collide::QueryTrace3<double> toDouble(const collide::QueryTrace3<T>& trace) {
  collide::QueryTrace3<double> out;
  widenTrace(trace, out);
  return out;
}

// [SECTION] Casts (the continuous lab)

template <class V>
using WideVector = decltype(toDouble(V{}));

template <class V>
[[nodiscard]] collide::CastResult<WideVector<V>> toDouble(const collide::CastResult<V>& r) {
  return {r.hit, double(r.fraction), toDouble(r.point), toDouble(r.normal), r.iterations, r.status};
}

template <class V>
[[nodiscard]] collide::RayCastStep<WideVector<V>> toDouble(const collide::RayCastStep<V>& s) {
  collide::RayCastStep<WideVector<V>> out;
  out.iteration = s.iteration;
  out.lambda = s.lambda;
  out.x = toDouble(s.x);
  out.direction = toDouble(s.direction);
  out.v = toDouble(s.v);
  out.distance = s.distance;
  out.support = toDouble(s.support);
  out.advanced = s.advanced;
  out.simplexCount = s.simplexCount;
  for (std::size_t i = 0; i < s.simplex.size(); ++i) out.simplex[i] = toDouble(s.simplex[i]);
  out.pointA = toDouble(s.pointA);
  out.pointB = toDouble(s.pointB);
  out.status = s.status;
  out.last = s.last;
  return out;
}

template <class V>
[[nodiscard]] collide::AdvanceStep<WideVector<V>> toDouble(const collide::AdvanceStep<V>& s) {
  return {s.iteration,        double(s.time),  double(s.distance), toDouble(s.normal),   toDouble(s.pointA),
          toDouble(s.pointB), double(s.closingSpeed), double(s.angularBound), double(s.bound), double(s.turnRate),
          double(s.turnCap),  double(s.step),  s.gjkIterations,   s.status,             s.last};
}

template <class V>
[[nodiscard]] collide::SweptAxisStep<WideVector<V>> toDouble(const collide::SweptAxisStep<V>& s) {
  using Out = collide::SweptAxisStep<WideVector<V>>;
  return {toDouble(s.axis), static_cast<typename Out::Source>(s.source), s.minA, s.maxA, s.minB, s.maxB, s.speed,
          s.tEnter,         s.tExit, s.first, s.last, s.earlyExit};
}

template <class V>
[[nodiscard]] collide::SweepStep<WideVector<V>> toDouble(const collide::SweepStep<V>& s) {
  return {s.part,  s.index, toDouble(s.start), toDouble(s.motion), s.radius,        s.a,
          s.b,     s.c,     s.discriminant,    s.root0,            s.root1,         s.startDistance,
          s.endDistance, s.t, s.hit};
}

template <class V>
[[nodiscard]] collide::CastRecorder<WideVector<V>> toDouble(const collide::CastRecorder<V>& trace) {
  collide::CastRecorder<WideVector<V>> out;
  for (const auto& step : trace.ray) out.ray.push_back(toDouble(step));
  for (const auto& step : trace.advance) out.advance.push_back(toDouble(step));
  for (const auto& step : trace.axes) out.axes.push_back(toDouble(step));
  for (const auto& step : trace.sweep) out.sweep.push_back(toDouble(step));
  return out;
}

}  // namespace lab
