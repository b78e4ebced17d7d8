// [SECTION] Numbers
// [SECTION] GJK (Collision detection notes; Game engine from scratch 45)
// [SECTION] EPA, SAT, analytic, result
// [SECTION] In space: EPA's polytope, SAT's 15 axes, the sphere tests, the result
#include "labs/narration.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <type_traits>

namespace lab {

namespace {

using collide::Algorithm;
using collide::GjkStop;
using collide::SimplexRegion;

constexpr const char* kVertexNames[4] = {"A", "B", "C", "D"};

// "C", "B and C": the vertices of simplexBefore a step dropped.
std::string droppedNames(std::uint8_t mask, int count) {
  std::string names;
  for (int i = 0; i < count; ++i) {
    if ((mask & (1u << i)) == 0) continue;
    if (!names.empty()) names += " and ";
    names += kVertexNames[i];
  }
  return names;
}

std::string regionPhrase(SimplexRegion region, const char* interior = "the triangle's interior") {
  if (region.feature == collide::SimplexFeature::Interior) return interior;
  return std::string(collide::regionName(region)) + "'s region";
}

// The edge a region names, for "search perpendicular to AB".
std::string regionEdge(SimplexRegion region) {
  if (region.feature != collide::SimplexFeature::Edge) return "";
  return std::string(collide::regionName(region).substr(5));  // "edge AB" -> "AB"
}

// The simplex that encloses the origin when boolean GJK proves overlap: a triangle in the plane, a tetrahedron in
// space.
template <class V>
constexpr const char* kEnclosing = std::is_same_v<V, collide::Vec2<double>> ? "triangle" : "tetrahedron";

// What boolean GJK says alike in the plane and in space: the stops, the first point, the enclosing simplex. The
// sentence when the step ends there; otherwise nothing, with `text` holding the test w passed.
template <class V>
std::optional<std::string> booleanGjkOpening(const collide::GjkStep<V>& step, std::string& text) {
  const std::string w = "w = " + formatVector(step.support.point);
  const std::string passes = "dot(w, d) = " + formatNumber(step.supportDotDirection);
  switch (step.stop) {
    case GjkStop::Separated:
      return passes + " < 0: even the farthest point of A - B along d stops short of the origin, so A - B cannot "
                      "contain it. No collision.";
    case GjkStop::DuplicateSupport:
      return w + " is already in the simplex: no new point of A - B lies past the origin along d. No collision.";
    case GjkStop::InvalidInput: return "The support point is not finite (NaN or infinity): the query is refused.";
    default: break;
  }
  text = passes + (step.supportDotDirection > 0 ? " > 0" : " = 0") + ", so w passes the origin. ";
  if (step.simplexBefore.count == 1) {
    if (step.stop == GjkStop::OriginOnSimplex) return text + "w is the origin itself: the shapes touch.";
    return "The first support point " + w + " along d = " + formatVector(step.direction) +
           " becomes vertex A. Next, search from A toward the origin: d = -A.";
  }
  if (step.stop == GjkStop::ContainsOrigin) {
    return text + "The origin lies inside " + kEnclosing<V> + (std::is_same_v<V, collide::Vec2<double>> ? " ABC" : " ABCD") +
           ", so A - B contains it: the shapes overlap.";
  }
  if (step.stop == GjkStop::OriginOnSimplex)
    return text + "The origin lies on the simplex itself (" + std::string(collide::regionName(step.region)) +
           "): the shapes touch, which counts as a hit.";
  return std::nullopt;
}

std::string booleanGjk(const collide::GjkStep<collide::Vec2<double>>& step) {
  std::string text;
  if (std::optional<std::string> ended = booleanGjkOpening(step, text)) return *ended;
  const int count = step.simplexBefore.count;
  const std::string dropped = droppedNames(step.droppedMask, count);
  const std::string edge = regionEdge(step.region);
  if (count == 2) {
    if (!edge.empty())
      return text + "The origin lies in the slab of segment AB: keep both and search perpendicular to AB, toward "
                    "the origin (the triple product (AB x AO) x AB).";
    return text + "The origin lies in " + regionPhrase(step.region) + ": drop " + dropped +
           " and search from the kept vertex toward the origin.";
  }
  text += "The origin lies in " + regionPhrase(step.region);
  if (!edge.empty()) return text + ": drop " + dropped + " and search perpendicular to " + edge + ", toward the origin.";
  return text + ": drop " + dropped + " and search toward the origin.";
}


// In space the simplex grows to a tetrahedron ABCD, and a kept face means "search along its normal".
std::string booleanGjk3(const collide::GjkStep<collide::Vec3<double>>& step) {
  std::string text;
  if (std::optional<std::string> ended = booleanGjkOpening(step, text)) return *ended;
  const int count = step.simplexBefore.count;
  const char* shape = count == 2 ? "segment" : count == 3 ? "triangle" : "tetrahedron";
  text += "The origin is closest to " + std::string(collide::regionName(step.region)) + " of the " + shape;
  const std::string dropped = droppedNames(step.droppedMask, count);
  if (!dropped.empty()) text += ": " + dropped + (dropped.find(" and ") != std::string::npos ? " are" : " is") + " dropped";
  switch (step.region.feature) {
    case collide::SimplexFeature::Vertex: return text + " and the next direction points from the kept vertex to the origin.";
    case collide::SimplexFeature::Edge:
      return text + " and the next direction is perpendicular to " + regionEdge(step.region) + ", toward the origin.";
    case collide::SimplexFeature::Face:
      return text + " and the next direction is the normal of " + std::string(collide::regionName(step.region)) +
             " on the origin's side.";
    default: return text + ".";
  }
}

// GJK distance reads the same in the plane and in space, but for the simplex that can enclose the origin.
template <class V>
std::string distanceGjk(const collide::GjkStep<V>& step) {
  const std::string w = "w = " + formatVector(step.support.point);
  const std::string head = "Search along d = " + formatVector(step.direction) + ": the support point is " + w + ". ";
  switch (step.stop) {
    case GjkStop::DuplicateSupport:
      return head + "w is already a simplex vertex, so nothing of A - B is closer: the closest point v = " +
             formatVector(step.closestPoint) + " is final, |v| = " + formatNumber(step.distance) + " (cores).";
    case GjkStop::NoProgress:
      return head + "w brings the simplex no closer to the origin (Game engine from scratch 45: stop when no progress is made); "
                    "|v| = " + formatNumber(step.distance) + " between the cores.";
    case GjkStop::ContainsOrigin:
      return head + "The " + kEnclosing<V> + " contains the origin: the cores overlap, the distance is 0.";
    case GjkStop::OriginOnSimplex:
      return head + "The origin lies on the simplex: the cores touch, the distance is 0.";
    case GjkStop::InvalidInput: return "The support point is not finite (NaN or infinity): the query is refused.";
    default: break;
  }
  const std::string interior = std::string("the ") + kEnclosing<V> + "'s interior";
  std::string text = head + "The point of the simplex closest to the origin lies in " + regionPhrase(step.region, interior.c_str());
  const std::string dropped = droppedNames(step.droppedMask, step.simplexBefore.count);
  if (!dropped.empty()) {
    const bool several = dropped.find(" and ") != std::string::npos;
    text += "; " + dropped + (several ? " no longer support it and are dropped" : " no longer supports it and is dropped");
  }
  text += ". v = " + formatVector(step.closestPoint) + ", |v| = " + formatNumber(step.distance) + "; next search along -v.";
  if (step.stop == GjkStop::MaxIterations) text += " The iteration cap stops the run here.";
  return text;
}


}  // namespace

// [SECTION] Numbers

std::string formatNumber(double value) {
  if (value == 0) return "0";
  char text[32];
  std::snprintf(text, sizeof text, "%.4g", value);
  return text;
}

std::string formatVector(collide::Vec2<double> value) {
  std::string text = "(";
  text += formatNumber(value.x);
  text += ", ";
  text += formatNumber(value.y);
  return text + ")";
}

std::string formatVector(collide::Vec3<double> value) {
  std::string text = "(";
  text += formatNumber(value.x);
  text += ", ";
  text += formatNumber(value.y);
  text += ", ";
  text += formatNumber(value.z);
  return text + ")";
}

// [SECTION] GJK (Collision detection notes; Game engine from scratch 45)

std::string narrateGjkStep(const collide::GjkStep<collide::Vec2<double>>& step, Algorithm algorithm) {
  std::string text = algorithm == Algorithm::Distance ? distanceGjk(step) : booleanGjk(step);
  if (step.stop == GjkStop::MaxIterations && algorithm != Algorithm::Distance)
    text += " The iteration cap stops the run here without a proof of overlap.";
  return text;
}

std::string narrateGjkStep(const collide::GjkStep<collide::Vec3<double>>& step, Algorithm algorithm) {
  std::string text = algorithm == Algorithm::Distance ? distanceGjk(step) : booleanGjk3(step);
  if (step.stop == GjkStop::MaxIterations && algorithm != Algorithm::Distance)
    text += " The iteration cap stops the run here without a proof of overlap.";
  return text;
}

// [SECTION] EPA, SAT, analytic, result

std::string narrateEpaStep(const collide::EpaStep<double>& step) {
  const int count = static_cast<int>(step.polytope.size());
  const int next = count > 0 ? (step.closestEdge + 1) % count : 0;
  std::string text = "The polytope edge closest to the origin is " + std::to_string(step.closestEdge) + "-" +
                     std::to_string(next) + ", at distance " + formatNumber(step.edgeDistance) + " along its normal n = " +
                     formatVector(step.edgeNormal) + ". The support along n, w = " + formatVector(step.support.point) +
                     ", lies at " + formatNumber(step.supportDistance) + ": gap " + formatNumber(step.gap) + ". ";
  switch (step.stop) {
    case collide::EpaStop::DuplicateSupport:
      return text + "w is already a polytope vertex, so this edge is on the boundary of A - B: depth = " +
             formatNumber(step.edgeDistance) + ", normal = n.";
    case collide::EpaStop::Converged:
      return text + "The gap is within tolerance: depth = " + formatNumber(step.edgeDistance) + ", normal = n.";
    case collide::EpaStop::MaxIterations:
      return text + "w is inserted, and the iteration cap stops the run: the depth is a lower bound.";
    case collide::EpaStop::Degenerate: return text + "The polytope is degenerate: EPA stops.";
    case collide::EpaStop::InvalidInput: return text + "The support is not finite: EPA stops.";
    case collide::EpaStop::RoundedCores:  // never on an EPA step: rounded shapes answered by their cores' distance
    case collide::EpaStop::None: break;
  }
  text += "w is inserted between the edge's ends, which keeps the polytope in order (Collision detection notes)";
  if (step.removed > 0) text += ", and " + std::to_string(step.removed) + " vertex(es) it made reflex are removed";
  return text + ".";
}

std::string narrateSatStep(const collide::SatAxisStep<double>& step, bool last,
                           const collide::QueryResult<double>& result) {
  std::string source(collide::axisSourceName(step.source));
  if (step.edge >= 0) {
    source += ' ';
    source += std::to_string(step.edge);
  }
  std::string text = "Axis " + std::to_string(step.axisIndex + 1) + " (" + source + ") n = " + formatVector(step.axis) +
                     ": A projects to [" + formatNumber(step.minA) + ", " + formatNumber(step.maxA) + "], B to [" +
                     formatNumber(step.minB) + ", " + formatNumber(step.maxB) + "]. ";
  if (step.separating)
    return text + "The shadows are apart by " + formatNumber(-step.overlap) +
           ": this axis separates A and B, so they do not collide (SAT stops at the first separating axis).";
  text += "They overlap by " + formatNumber(step.overlap);
  if (step.bestAxisIndex == step.axisIndex) {
    text += ", the smallest overlap so far.";
  } else {
    text += "; the smallest so far is " + formatNumber(step.bestOverlap) + " on axis " +
            std::to_string(step.bestAxisIndex + 1) + ".";
  }
  if (last && result.hit && result.depth && result.normal) {
    text += " No axis separates them, so they collide: the minimum translation is " + formatNumber(*result.depth) +
            " x " + formatVector(*result.normal) + "; moving B by it separates the shapes.";
  }
  return text;
}

// The analytic steps and the result read the same in the plane and in space (only SAT lite, in space, can be fooled).
template <class Step>
std::string narrateAnalytic(const Step& step) {
  std::string text = std::string(step.title) + " The number compared: " + formatNumber(step.value) + ".";
  if (step.decided) text += step.hit ? " This settles it: hit." : " This settles it: no hit.";
  return text;
}

template <class V>
std::string narrateQueryResult(const collide::QueryResultOf<V>& result) {
  if (!result.ok) return "Refused: " + result.error;
  std::string text = result.hit ? "Hit" : "No hit";
  if (result.depth) text += ": depth " + formatNumber(*result.depth);
  else if (result.distance) text += ": distance " + formatNumber(*result.distance);
  else if (result.separation) text += ": gap " + formatNumber(*result.separation);
  if (result.normal) text += " along " + formatVector(*result.normal);
  if (result.faceAxesFooled.value_or(false)) text += " (a false hit: an edge x edge axis separates them)";
  return text + ".";
}

std::string narrateAnalyticStep(const collide::AnalyticStep<double>& step) { return narrateAnalytic(step); }
std::string narrateAnalyticStep(const collide::AnalyticStep3<double>& step) { return narrateAnalytic(step); }
std::string narrateResult(const collide::QueryResult<double>& result) { return narrateQueryResult(result); }
std::string narrateResult(const collide::QueryResult3<double>& result) { return narrateQueryResult(result); }

// [SECTION] In space: EPA's polytope, SAT's 15 axes, the sphere tests, the result

std::string narrateEpaStep(const collide::EpaStep3<double>& step) {
  const collide::EpaFace3<double>& face = step.faces[static_cast<std::size_t>(step.closestFace)];
  const auto [a, b, c] = face.vertices;
  std::string text = "The polytope has " + std::to_string(step.faces.size()) + " faces; the one closest to the origin is " +
                     std::to_string(a) + "-" + std::to_string(b) + "-" + std::to_string(c) + ", at distance " +
                     formatNumber(step.faceDistance) + " along its normal n = " + formatVector(step.faceNormal) +
                     ". The support along n, w = " + formatVector(step.support.point) + ", lies at " +
                     formatNumber(step.supportDistance) + ": gap " + formatNumber(step.gap) + ". ";
  switch (step.stop) {
    case collide::EpaStop::DuplicateSupport:
      return text + "w is already a polytope vertex, so this face is on the boundary of A - B: depth = " +
             formatNumber(step.faceDistance) + ", normal = n.";
    case collide::EpaStop::Converged:
      return text + "The gap is within tolerance: this face is on the boundary of A - B, depth = " +
             formatNumber(step.faceDistance) + ", normal = n.";
    case collide::EpaStop::MaxIterations:
      return text + "The polytope is full or the iteration cap is reached: the depth is a lower bound.";
    case collide::EpaStop::Degenerate: return text + "The polytope is degenerate: EPA stops.";
    case collide::EpaStop::InvalidInput: return text + "The support is not finite: EPA stops.";
    case collide::EpaStop::RoundedCores:
    case collide::EpaStop::None: break;
  }
  return text + "w sees " + std::to_string(step.removedFaces.size()) + " face(s) (w is in front of their planes): they are " +
         "removed, and the " + std::to_string(step.horizon.size()) + " edges of the hole's rim, the horizon, are joined to " +
         "w by " + std::to_string(step.addedFaces.size()) + " new faces. The polytope grows toward the boundary of A - B.";
}

std::string narrateSatStep(const collide::SatAxisStep3<double>& step, bool last,
                           const collide::QueryResult3<double>& result) {
  std::string source;
  switch (step.source) {
    case collide::AxisSource3::FaceOfA: source = "the normal of face " + std::to_string(step.indexA) + " of A"; break;
    case collide::AxisSource3::FaceOfB: source = "the normal of face " + std::to_string(step.indexB) + " of B"; break;
    case collide::AxisSource3::EdgePair:
      source = "edge " + std::to_string(step.indexA) + " of A x edge " + std::to_string(step.indexB) + " of B";
      break;
  }
  std::string text = "Axis " + std::to_string(step.axisIndex + 1) + ": " + source + ". ";
  if (step.pruned) {
    return text + "Skipped: the two edges are parallel, or their arcs on the Gauss map do not cross, so their cross "
                  "product is not a face normal of A - B and cannot separate the shapes.";
  }
  text += "n = " + formatVector(step.axis) + ": A projects to [" + formatNumber(step.minA) + ", " + formatNumber(step.maxA) +
          "], B to [" + formatNumber(step.minB) + ", " + formatNumber(step.maxB) + "]. ";
  if (step.separating)
    return text + "The shadows are apart by " + formatNumber(-step.overlap) +
           ": this axis separates A and B, so they do not collide (SAT stops at the first separating axis).";
  text += "They overlap by " + formatNumber(step.overlap);
  if (step.bestAxisIndex == step.axisIndex) {
    text += ", the smallest overlap so far.";
  } else {
    text += "; the smallest so far is " + formatNumber(step.bestOverlap) + " on axis " + std::to_string(step.bestAxisIndex + 1) + ".";
  }
  if (last && result.hit && result.depth && result.normal) {
    text += " No axis separates them, so they collide: the minimum translation is " + formatNumber(*result.depth) + " x " +
            formatVector(*result.normal) + "; moving B by it separates the shapes.";
    if (result.faceAxesFooled.value_or(false))
      text += " SAT lite tested only the 6 face axes: an edge x edge axis would have separated them, so this hit is false.";
  }
  return text;
}



}  // namespace lab
