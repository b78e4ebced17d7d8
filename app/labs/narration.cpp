// [SECTION] Numbers
// [SECTION] GJK (Collision detection notes; Game engine from scratch 45)
// [SECTION] The pair: centroids, GJK's first direction, what EPA's tie sentence names
// [SECTION] EPA, SAT, analytic, result
// [SECTION] In space: EPA's polytope, SAT's 15 axes, the sphere tests, the result
#include "labs/narration.h"

#include <algorithm>
#include <charconv>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <numbers>
#include <optional>
#include <type_traits>

#include "render/grid.h"

namespace lab {

namespace {

using collide::Algorithm;
using collide::GjkStop;
using collide::SimplexRegion;

using collide::SupportNames;

// "w2", "w1 and w2": the vertices of simplexBefore a step dropped.
std::string droppedNames(std::uint8_t mask, int count, const SupportNames& names) {
  std::string text;
  for (int i = 0; i < count; ++i) {
    if ((mask & (1u << i)) == 0) continue;
    if (!text.empty()) text += " and ";
    text += supportName(names[static_cast<std::size_t>(i)]);
  }
  return text;
}

using collide::keptNames;
using collide::regionName;  // "vertex w2", "edge w3-w0", "face w3-w1-w0", "interior"

std::string regionPhrase(SimplexRegion region, const SupportNames& names, const char* interior = "the triangle's interior") {
  if (region.feature == collide::SimplexFeature::Interior) return interior;
  return regionName(region, names) + "'s region";
}

// The simplex that encloses the origin when boolean GJK proves overlap: a triangle in the plane, a tetrahedron in
// space.
template <class V>
constexpr const char* kEnclosing = std::is_same_v<V, collide::Vec2<double>> ? "triangle" : "tetrahedron";

// What boolean GJK says alike in the plane and in space: the stops, the first point, the enclosing simplex. The
// sentence when the step ends there; otherwise nothing, with `text` holding the test w passed. Boolean GJK proves
// that A - B holds the origin, not how deep: whether the shapes touch or overlap is the depth's to say (the lab
// adds it), so a hit here never claims either.
template <class V>
std::optional<std::string> booleanGjkOpening(const collide::GjkStep<V>& step, const SupportNames& names, std::string& text) {
  const std::string newest = supportName(names[0]);
  const std::string w = newest + " = " + formatVector(step.support.point);
  // d as searched (not normalised): the test is on the sign, and a reader checks the number from both vectors.
  const std::string passes = "dot(" + newest + ", d) = " + formatNumber(step.supportDotDirection) + " with d = " +
                             formatVector(step.direction);
  switch (step.stop) {
    case GjkStop::Separated:
      return passes + " < 0: even the farthest point of A - B along d stops short of the origin, so A - B cannot "
                      "contain it. No collision.";
    case GjkStop::DuplicateSupport:
      return w + " is already in the simplex: no new point of A - B lies past the origin along d. No collision.";
    case GjkStop::InvalidInput: return "The support point is not finite (NaN or infinity): the query is refused.";
    default: break;
  }
  text = passes + (step.supportDotDirection > 0 ? " > 0" : "") + ", so " + newest + " passes the origin. ";
  if (step.simplexBefore.count == 1) {
    if (step.stop == GjkStop::OriginOnSimplex)
      return text + newest + " is the origin itself and the farthest point of A - B along d: the origin is on the "
                        "boundary of A - B, so the shapes touch (a hit).";
    return "The first support point " + w + " along d = " + formatVector(step.direction) + " starts the simplex. Next, "
           "search from " + newest + " toward the origin: d = -" + newest + ".";
  }
  if (step.stop == GjkStop::ContainsOrigin) {
    return text + "The origin lies inside " + kEnclosing<V> + " " + keptNames({0b1111, collide::SimplexFeature::Interior}, names) +
           ", so A - B contains it: a hit.";
  }
  if (step.stop == GjkStop::OriginOnSimplex)
    return text + "The origin lies on the simplex itself (" + regionName(step.region, names) +
           "), and the simplex lies in A - B, so A - B contains the origin: a hit.";
  return std::nullopt;
}

std::string booleanGjk(const collide::GjkStep<collide::Vec2<double>>& step, const SupportNames& names) {
  std::string text;
  if (std::optional<std::string> ended = booleanGjkOpening(step, names, text)) return *ended;
  const int count = step.simplexBefore.count;
  const std::string dropped = droppedNames(step.droppedMask, count, names);
  const std::string edge = step.region.feature == collide::SimplexFeature::Edge ? keptNames(step.region, names) : "";
  if (count == 2) {
    if (!edge.empty())
      return text + "The origin lies in the slab of segment " + edge + ": keep both and search perpendicular to it, "
                    "toward the origin (the triple product (e x -w) x e, e the segment).";
    return text + "The origin lies in " + regionPhrase(step.region, names) + ": drop " + dropped +
           " and search from the kept vertex toward the origin.";
  }
  text += "The origin lies in " + regionPhrase(step.region, names);
  if (!edge.empty()) return text + ": drop " + dropped + " and search perpendicular to " + edge + ", toward the origin.";
  return text + ": drop " + dropped + " and search toward the origin.";
}


// In space the simplex grows to a tetrahedron, and a kept face means "search along its normal".
std::string booleanGjk3(const collide::GjkStep<collide::Vec3<double>>& step, const SupportNames& names) {
  std::string text;
  if (std::optional<std::string> ended = booleanGjkOpening(step, names, text)) return *ended;
  const int count = step.simplexBefore.count;
  const char* shape = count == 2 ? "segment" : count == 3 ? "triangle" : "tetrahedron";
  text += "The origin is closest to " + regionName(step.region, names) + " of the " + shape;
  const std::string dropped = droppedNames(step.droppedMask, count, names);
  if (!dropped.empty()) text += ": " + dropped + (dropped.find(" and ") != std::string::npos ? " are" : " is") + " dropped";
  switch (step.region.feature) {
    case collide::SimplexFeature::Vertex: text += " and the next direction points from the kept vertex to the origin."; break;
    case collide::SimplexFeature::Edge:
      text += " and the next direction is perpendicular to " + keptNames(step.region, names) + ", toward the origin.";
      break;
    case collide::SimplexFeature::Face:
      text += " and the next direction is the normal of " + regionName(step.region, names) + " on the origin's side.";
      break;
    default: return text + ".";
  }
  // The A - B pane draws v: say what it is (review s34, A6).
  if (collide::length(step.closestPoint) > 0)
    text += " v = " + formatVector(step.closestPoint) + ", the point of " + regionName(step.region, names) +
            " closest to the origin, is |v| = " + formatNumber(step.distance) + " from it: the next d points along -v, "
            "from v to the origin.";
  return text;
}

// GJK distance reads the same in the plane and in space, but for the simplex that can enclose the origin. It runs
// on the shapes' cores (a circle's centre, a capsule's segment; a polygon is its own core): the lab says so once.
template <class V>
std::string distanceGjk(const collide::GjkStep<V>& step, const SupportNames& names) {
  const std::string newest = supportName(names[0]);
  const std::string w = newest + " = " + formatVector(step.support.point);
  const std::string head = "Search along d = " + formatVector(step.direction) + ": the support point is " + w + ". ";
  switch (step.stop) {
    case GjkStop::DuplicateSupport:
      return head + newest + " is already a simplex vertex, so nothing of A - B is closer: the closest point v = " +
             formatVector(step.closestPoint) + " is final, |v| = " + formatNumber(step.distance) + ".";
    case GjkStop::NoProgress:
      return head + newest + " brings the simplex no closer to the origin: |v| shrank by less than the tolerance, so "
                             "the search stops there; |v| = " + formatNumber(step.distance) + " is final.";
    case GjkStop::ContainsOrigin:
      return head + "The " + kEnclosing<V> + " contains the origin: the shapes overlap (for " +
             (collide::kDimension<V> == 2 ? "circles" : "spheres") + " and capsules, their cores), so the distance is 0.";
    case GjkStop::OriginOnSimplex:
      return head + "The origin lies on the simplex (" + regionName(step.region, names) +
             "), which lies in A - B: the distance between the cores is 0.";
    case GjkStop::InvalidInput: return "The support point is not finite (NaN or infinity): the query is refused.";
    default: break;
  }
  const std::string interior = std::string("the ") + kEnclosing<V> + "'s interior";
  std::string text = head + "The point of the simplex closest to the origin lies in " +
                     regionPhrase(step.region, names, interior.c_str());
  const std::string dropped = droppedNames(step.droppedMask, step.simplexBefore.count, names);
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

std::string formatWith(const char* printfFormat, double value) {
  char text[64];
  std::snprintf(text, sizeof text, printfFormat, value);
  std::string out = text;
  // A minus sign before nothing but zeros: a negative zero, or a tiny negative rounded to zero.
  if (!out.empty() && out[0] == '-' && out.find_first_not_of("0.", 1) == std::string::npos) out.erase(0, 1);
  return out;
}

// From 1e4 on the whole part in full, as the grid writes coordinates (to a resolution of 1): "%.4g" wrote "1e+06"
// for every coordinate near a million, so an interval [999999, 1000001] read [1e+06, 1e+06].
std::string formatSignificant(double value, int digits) {
  digits = std::clamp(digits, 1, 17);
  char format[16];
  std::snprintf(format, sizeof format, "%%.%dg", digits);
  std::string text = formatWith(format, value);
  // %g writes a whole part of more digits than asked (or one rounded up to them: 9999.7 with 4) as "1e+04".
  if (!std::isfinite(value) || std::abs(value) >= 1e15 || (std::abs(value) < 1e4 && text.find("e+") == std::string::npos))
    return text;
  const int whole = static_cast<int>(std::floor(std::log10(std::abs(value)))) + 1;
  std::snprintf(format, sizeof format, "%%.%df", std::clamp(digits - whole, 0, 9));
  text = formatWith(format, value);
  if (text.find('.') != std::string::npos) {
    text.erase(text.find_last_not_of('0') + 1);
    if (text.back() == '.') text.pop_back();
  }
  return text;
}

std::string formatNumber(double value) { return formatSignificant(value, 4); }

std::string exactNumber(double value) {
  std::array<char, 32> text{};
  const auto [end, status] = std::to_chars(text.data(), text.data() + text.size(), value);
  return status == std::errc{} ? std::string(text.data(), end) : std::string("nan");
}

std::string formatApart(double value, double previous, std::string_view previousShown) {
  if (value == previous && !previousShown.empty()) return std::string(previousShown);  // unchanged: the same text
  char format[8];
  std::string text;
  for (int digits = 4; digits <= 10; ++digits) {
    // Past 4 digits the last one shown is the one that moved, so a trailing zero stays ("0.5726770" after
    // "0.57267706", not "0.572677": %g would drop it and the row would seem to have lost digits).
    std::snprintf(format, sizeof format, digits > 4 ? "%%#.%dg" : "%%.%dg", digits);
    const auto shown = [&format](double number) {
      std::string out = formatWith(format, number);
      if (out.back() == '.') out.pop_back();  // %#g keeps the point of a whole number: "12346."
      return out;
    };
    text = shown(value);
    if (value == previous || (text != shown(previous) && text != previousShown)) break;
  }
  return text;
}

std::string counted(long long count, std::string_view one, std::string_view many) {
  return std::to_string(count) + " " + std::string(count == 1 ? one : many);
}

namespace {

// "(0.5, -1.25)". A component under 1e-9 of the largest is the rounding of a computed direction (a normal along y
// that comes out as (-2.8e-17, 1)): it reads as 0.
// With a resolution, a component that formatNumber writes more coarsely (4 significant digits; a whole number from
// 1e4 on) gets the decimals the resolution asks for instead, trailing zeros dropped.
std::string formatComponents(std::initializer_list<double> components, double resolution = 0) {
  double largest = 0;
  for (const double c : components) largest = std::max(largest, std::abs(c));
  std::string text = "(";
  for (double c : components) {
    if (text.size() > 1) text += ", ";
    if (std::abs(c) < 1e-9 * largest) c = 0.0;
    const double own = std::abs(c) >= 1e4 ? 1.0 : std::pow(10.0, std::floor(std::log10(std::abs(c))) - 3);
    if (!(resolution > 0) || c == 0.0 || !std::isfinite(c) || own <= resolution) {
      text += formatNumber(c);
      continue;
    }
    const int decimals = std::clamp(static_cast<int>(std::ceil(-std::log10(resolution) - 1e-9)), 0, 9);
    char format[8];
    std::snprintf(format, sizeof format, "%%.%df", decimals);
    std::string fixed = formatWith(format, c);
    if (fixed.find('.') != std::string::npos) {
      fixed.erase(fixed.find_last_not_of('0') + 1);
      if (fixed.back() == '.') fixed.pop_back();
    }
    text += fixed;
  }
  return text + ")";
}

}  // namespace

std::string formatVector(collide::Vec2<double> value) { return formatComponents({value.x, value.y}); }

std::string formatVector(collide::Vec3<double> value) { return formatComponents({value.x, value.y, value.z}); }

std::string formatVector(collide::Vec2<double> value, double resolution) {
  return formatComponents({value.x, value.y}, resolution);
}

std::string formatVector(collide::Vec3<double> value, double resolution) {
  return formatComponents({value.x, value.y, value.z}, resolution);
}

// [SECTION] GJK (Collision detection notes; Game engine from scratch 45)

std::string narrateGjkStep(const std::vector<collide::GjkStep<collide::Vec2<double>>>& steps, int index, Algorithm algorithm) {
  const collide::GjkStep<collide::Vec2<double>>& step = steps[static_cast<std::size_t>(index)];
  const SupportNames names = simplexSupportIndices(steps, index);
  std::string text = algorithm == Algorithm::Distance ? distanceGjk(step, names) : booleanGjk(step, names);
  if (step.stop == GjkStop::MaxIterations && algorithm != Algorithm::Distance)
    text += " The iteration cap stops the run here without a proof of overlap.";
  return text;
}

std::string narrateGjkStep(const std::vector<collide::GjkStep<collide::Vec3<double>>>& steps, int index, Algorithm algorithm) {
  const collide::GjkStep<collide::Vec3<double>>& step = steps[static_cast<std::size_t>(index)];
  const SupportNames names = simplexSupportIndices(steps, index);
  // In space only `gjk` runs boolean GJK: EPA's GJK is distance GJK on the cores (gjkEpa3), where a support short
  // of the origin does not end the run.
  const bool boolean = algorithm == Algorithm::Gjk;
  std::string text = boolean ? booleanGjk3(step, names) : distanceGjk(step, names);
  if (step.stop == GjkStop::MaxIterations && boolean)
    text += " The iteration cap stops the run here without a proof of overlap.";
  return text;
}

// [SECTION] The pair: centroids, GJK's first direction, what EPA's tie sentence names

namespace {
template <class Collider>
auto centroidOf(const Collider& collider) {
  using V = decltype(collider.transform.p);
  const V local = std::visit([](const auto& shape) {
    if constexpr (requires { shape.centroid(); }) return V(shape.centroid());
    else return V{};
  }, collider.shape);
  return collide::placement(collider).apply(local);
}

template <class Collider>
double coreRadiusSum(const Collider& a, const Collider& b) {
  const auto radius = [](const Collider& c) {
    return std::visit([](const auto& shape) {
      if constexpr (requires { shape.coreRadius(); }) return static_cast<double>(shape.coreRadius());
      else return 0.0;
    }, c.shape);
  };
  return radius(a) + radius(b);
}

template <class Collider>
EpaPairFacts pairFacts(const Collider& a, const Collider& b) {
  const auto ca = centroidOf(a), cb = centroidOf(b);
  const double size = std::max({1.0, collide::length(ca), collide::length(cb)});
  return {colliderToJson(a) == colliderToJson(b), collide::length(cb - ca) <= kTouchingTolerance * size,
          coreRadiusSum(a, b) > 0};
}

template <class Collider, class V>
FirstDirectionMarks<V> firstDirectionMarks(const Collider& a, const Collider& b, V d) {
  V xOfA{};
  xOfA.x = 1;
  xOfA = collide::placement(a).q.apply(xOfA);
  // The core's fallback (gjk.h initialDirection): A's +x when the centroids' difference is 0 in A's frame.
  return {centroidOf(a), centroidOf(b), pairFacts(a, b).concentric && collide::dot(d, xOfA) > (1 - 1e-12) * collide::length(d)};
}

template <class Collider, class V>
std::string firstDirectionWords(const Collider& a, const Collider& b, V d) {
  const auto [ca, cb, coincide] = firstDirectionMarks(a, b, d);
  if (coincide)
    return "A's and B's centroids coincide at " + formatVector(ca) + ", so B's centroid - A's centroid gives no "
           "direction: GJK starts along A's x axis, d = " + formatVector(d) + ". ";
  std::string text = "GJK's first search direction is d = B's centroid - A's centroid = " + formatVector(cb) + " - " +
                     formatVector(ca) + " = " + formatVector(d) + ", from a point inside A - B toward the origin";
  // An Aabb has no position of its own (its corners are world coordinates): no note for it.
  const V pa = collide::placement(a).p, pb = collide::placement(b).p;
  const auto off = [](const Collider& c, V centroid, V position) {
    return collide::isPlaced(c.shape) &&
           collide::length(centroid - position) > kTouchingTolerance * std::max(1.0, collide::length(position));
  };
  const bool offA = off(a, ca, pa), offB = off(b, cb, pb);
  if (offA && offB) text += " (neither centroid is its shape's position, " + formatVector(pa) + " and " + formatVector(pb) + ")";
  else if (offA) text += " (A's centroid is not its position, " + formatVector(pa) + ")";
  else if (offB) text += " (B's centroid is not its position, " + formatVector(pb) + ")";
  return text + ". ";
}
}  // namespace

EpaPairFacts epaPairFacts(const collide::Collider<double>& a, const collide::Collider<double>& b) { return pairFacts(a, b); }
EpaPairFacts epaPairFacts(const collide::Collider3<double>& a, const collide::Collider3<double>& b) { return pairFacts(a, b); }
FirstDirectionMarks<collide::Vec2<double>> gjkFirstDirectionMarks(const collide::Collider<double>& a, const collide::Collider<double>& b,
                                                                  collide::Vec2<double> d) {
  return firstDirectionMarks(a, b, d);
}
FirstDirectionMarks<collide::Vec3<double>> gjkFirstDirectionMarks(const collide::Collider3<double>& a, const collide::Collider3<double>& b,
                                                                  collide::Vec3<double> d) {
  return firstDirectionMarks(a, b, d);
}
collide::Vec2<double> worldCentroid(const collide::Collider<double>& collider) { return centroidOf(collider); }
collide::Vec3<double> worldCentroid(const collide::Collider3<double>& collider) { return centroidOf(collider); }
std::string gjkFirstDirectionWords(const collide::Collider<double>& a, const collide::Collider<double>& b,
                                   collide::Vec2<double> d) {
  return firstDirectionWords(a, b, d);
}
std::string gjkFirstDirectionWords(const collide::Collider3<double>& a, const collide::Collider3<double>& b,
                                   collide::Vec3<double> d) {
  return firstDirectionWords(a, b, d);
}

// [SECTION] EPA, SAT, analytic, result

std::string narrateEpaStart(const collide::EpaStart<double>& start) {
  const int polygon = static_cast<int>(start.polygon.size());
  std::string text;
  if (start.simplex.count == 3 && start.directions.empty())
    return "EPA starts where GJK stopped: GJK's last simplex is a triangle that holds the origin, so it is already "
           "a polygon inside A - B around the origin, and EPA starts from it as it is (polytope vertices 0 to 2).";
  if (start.simplex.count == 1) {
    text = "GJK stopped on a single point, " + formatVector(start.simplex.vertices[0].point) +
           ", the origin itself: a point has no edges, so EPA has no edge to push out. ";
  } else if (start.simplex.count == 3) {
    text = "GJK's last triangle is flat (its points lie on one line through the origin): it has no inside, so EPA "
           "cannot yet tell which way the boundary of A - B is nearer. ";
  } else {
    text = "GJK stopped on a segment from " + formatVector(start.simplex.vertices[0].point) + " to " +
           formatVector(start.simplex.vertices[start.simplex.count - 1].point) +
           " with the origin on it: a segment has no inside, so EPA cannot yet tell which way the boundary of A - B "
           "is nearer. ";
  }
  text += "It searches A - B along ";
  for (std::size_t i = 0; i < start.directions.size(); ++i) {
    if (i > 0) text += i + 1 == start.directions.size() ? " and " : ", ";
    text += formatVector(start.directions[i]) + " (finds " + formatVector(start.supports[i].point) + ")";
  }
  text += start.simplex.count == 1 ? ": the axes, since any direction leaves a point unless A - B is a point itself"
                                   : ": both perpendiculars of the segment, since one of them leaves its line unless "
                                     "A - B is flat";
  if (polygon < 3)
    return text + ". Nothing leaves: A - B is flat (a point or a segment) through the origin, so the shapes touch "
                  "with depth 0 and EPA has no step to take.";
  return text + ". The hull of GJK's points and these supports is the start polygon, " + std::to_string(polygon) +
         " vertices (0 to " + std::to_string(polygon - 1) + ") around the origin.";
}

namespace {

bool asNear(double distance, double nearest, double scale) {
  return std::abs(distance - nearest) <= kTouchingTolerance * std::max({scale, std::abs(nearest), 1e-300});
}

// A polytope side (an edge in the plane, a face in space) as near the origin as the closest, with how far A - B
// reaches along its normal (the trace's edgeReach or faceReach).
template <class V>
struct NearSide {
  V normal{};
  double reach = 0;
};

// EPA's answer when other sides are as near (review s33 C4, s34 A3). The polytope lies inside A - B, so such a side
// is a tie only where A - B's boundary is there too: where A - B reaches no farther along its normal (the support's
// gap is 0 there as well). The others are chords inside A - B (3 of the 8 on identical cubes). Counted once per
// direction (a box's face is two triangles), and the case named: identical shapes, concentric ones, or the origin
// on an edge or a corner of A - B (a capsule lying on a box's edge).
template <class V>
std::string epaTieWords(V closest, double distance, double scale, const std::vector<NearSide<V>>& near,
                        const EpaPairFacts& pair) {
  constexpr bool space = collide::kDimension<V> == 3;
  const char* sides = space ? "faces" : "edges";
  std::vector<V> ties{closest}, chords;
  const auto listed = [](const std::vector<V>& list, V normal) {
    return std::any_of(list.begin(), list.end(), [normal](V d) { return collide::dot(d, normal) > 1 - 1e-12; });
  };
  for (const NearSide<V>& side : near) {
    if (listed(ties, side.normal) || listed(chords, side.normal)) continue;
    (asNear(side.reach, distance, scale) ? ties : chords).push_back(side.normal);
  }
  const int others = static_cast<int>(ties.size()) - 1;
  const std::string set = pair.cores ? "the cores' A - B" : "A - B";
  std::string text;
  if (others > 0) {
    text = " The boundary of " + set + " is as near (" + formatNumber(distance) + ") in " +
           counted(others, "other direction", "other directions") + " too";
    if (others <= 6) {
      text += ", ";
      for (int i = 1; i <= others; ++i)
        text += (i == 1 ? "" : i == others ? " and " : ", ") + formatVector(ties[static_cast<std::size_t>(i)]);
    }
    if (pair.identical)
      text += ": A and B are the same shape at the same place, so " + set + " is symmetric about the origin, as deep "
              "in each of these directions";
    else if (pair.concentric)
      text += ": A's and B's centroids coincide (concentric shapes), and the origin is as deep under each of these " +
              std::string(sides);
    else if (asNear(distance, 0, scale))
      text += space && others == 1 ? ": the origin is on an edge of " + set + ", where the faces on either side meet"
                                   : ": the origin is on a corner of " + set + ", where the " + sides + " around it meet";
    else
      text += ": the origin is as deep under " + std::to_string(others + 1) + " " + sides + " of " + set;
    text += ". A tie: their normals do as well, and EPA keeps the first it found.";
  }
  if (!chords.empty()) {
    const bool one = chords.size() == 1;
    text += " " + counted(static_cast<long long>(chords.size()), space ? "more polytope face" : "more polytope edge",
                          space ? "more polytope faces" : "more polytope edges") +
            (one ? " is" : " are") + " as near, but " + set + " reaches past " + (one ? "it" : "them") +
            " (the support along " + (one ? "its" : "each") + " normal is farther out: gap not 0): " +
            (one ? "a chord" : "chords") + " inside " + set + ", no tie.";
  }
  return text;
}

// How many of the neighbours a step's insertion dropped were left on a straight line (180 degrees, to rounding)
// rather than made reflex. The step records how many went, not the angle at each: the insertion is replayed on the
// traced polygon as epa.h's insertSupport does it (a neighbour goes while the turn at it is not to the left), with
// a turn within rounding of 0 taken as straight, since the trace is in the world frame and the run in A's.
int epaFlatRemoved(const collide::EpaStep<double>& step) {
  if (!step.inserted || step.removed == 0) return 0;
  std::vector<collide::Vec2<double>> polygon;
  for (const auto& vertex : step.polytope) polygon.push_back(vertex.point);
  const collide::Vec2<double> w = step.support.point;
  int index = step.closestEdge + 1;
  polygon.insert(polygon.begin() + index, w);
  const auto at = [&polygon](int i) {
    const int n = static_cast<int>(polygon.size());
    return ((i % n) + n) % n;
  };
  // The turn at b from a to c, and whether it is straight to rounding.
  const auto turn = [](collide::Vec2<double> a, collide::Vec2<double> b, collide::Vec2<double> c) {
    const double cross = collide::cross(b - a, c - b);
    const bool straight = std::abs(cross) <= 1e-12 * collide::length(b - a) * collide::length(c - b);
    return std::pair{straight ? 0.0 : cross, straight};
  };
  int flat = 0;
  const auto drop = [&](int neighbour) {
    const int position = at(neighbour);
    polygon.erase(polygon.begin() + position);
    if (position < index) --index;
  };
  while (polygon.size() > 3) {
    const auto [cross, straight] = turn(polygon[static_cast<std::size_t>(at(index - 2))], polygon[static_cast<std::size_t>(at(index - 1))], w);
    if (cross > 0) break;
    flat += straight ? 1 : 0;
    drop(index - 1);
  }
  while (polygon.size() > 3) {
    const auto [cross, straight] = turn(w, polygon[static_cast<std::size_t>(at(index + 1))], polygon[static_cast<std::size_t>(at(index + 2))]);
    if (cross > 0) break;
    flat += straight ? 1 : 0;
    drop(index + 1);
  }
  return flat;
}

// The polygon's edges, other than the closest, as near the origin as it, with A - B's reach along each (the last
// step's edgeReach; none without it).
std::vector<NearSide<collide::Vec2<double>>> epaNearEdges(const collide::EpaStep<double>& step, double& scale) {
  const int count = static_cast<int>(step.polytope.size());
  scale = 0;
  for (const auto& vertex : step.polytope) scale = std::max(scale, collide::length(vertex.point));
  std::vector<NearSide<collide::Vec2<double>>> near;
  if (step.edgeReach.size() != step.polytope.size()) return near;
  for (int i = 0; i < count; ++i) {
    const collide::Vec2<double> start = step.polytope[static_cast<std::size_t>(i)].point;
    const collide::Vec2<double> edge = step.polytope[static_cast<std::size_t>((i + 1) % count)].point - start;
    const double length = collide::length(edge);
    if (i == step.closestEdge || !(length > 0)) continue;
    const collide::Vec2<double> normal = collide::rightPerp(edge) / length;
    if (asNear(collide::dot(normal, start), step.edgeDistance, scale))
      near.push_back({normal, step.edgeReach[static_cast<std::size_t>(i)]});
  }
  return near;
}

// The polytope's faces as near as the closest, with A - B's reach along each (the last step's faceReach).
std::vector<NearSide<collide::Vec3<double>>> epaNearFaces(const collide::EpaStep3<double>& step, double& scale) {
  scale = 0;
  for (const auto& vertex : step.vertices) scale = std::max(scale, collide::length(vertex.point));
  std::vector<NearSide<collide::Vec3<double>>> near;
  if (step.faceReach.size() != step.faces.size()) return near;
  for (std::size_t f = 0; f < step.faces.size(); ++f) {
    const collide::EpaFace3<double>& face = step.faces[f];
    if (static_cast<int>(f) == step.closestFace || face.degenerate || !asNear(face.distance, step.faceDistance, scale)) continue;
    near.push_back({face.normal, step.faceReach[f]});
  }
  return near;
}

template <class Step>
std::string epaTieWords(const Step& step, const EpaPairFacts& pair) {
  double scale = 0;
  if constexpr (requires { step.edgeReach; }) {
    const auto near = epaNearEdges(step, scale);
    return epaTieWords(step.edgeNormal, step.edgeDistance, scale, near, pair);
  } else {
    const auto near = epaNearFaces(step, scale);
    return epaTieWords(step.faceNormal, step.faceDistance, scale, near, pair);
  }
}

}  // namespace

std::string narrateEpaStep(const collide::EpaStep<double>& step, const EpaPairFacts& pair) {
  const int count = static_cast<int>(step.polytope.size());
  const int next = count > 0 ? (step.closestEdge + 1) % count : 0;
  std::string text = "The polytope edge closest to the origin is " + std::to_string(step.closestEdge) + "-" +
                     std::to_string(next) + ", at distance " + formatNumber(step.edgeDistance) + " along its normal n = " +
                     formatVector(step.edgeNormal) + ". The support along n, w = " + formatVector(step.support.point) +
                     ", lies at " + formatNumber(step.supportDistance) + ": gap " + formatNumber(step.gap) + ". ";
  switch (step.stop) {
    case collide::EpaStop::DuplicateSupport:
      return text + "w is already a polytope vertex, so this edge is on the boundary of A - B: depth = " +
             formatNumber(step.edgeDistance) + ", normal = n." + epaTieWords(step, pair);
    case collide::EpaStop::Converged:
      return text + "The gap is within tolerance: depth = " + formatNumber(step.edgeDistance) + ", normal = n." +
             epaTieWords(step, pair);
    case collide::EpaStop::MaxIterations:
      return text + "w is inserted, and the iteration cap stops the run: the depth is a lower bound.";
    case collide::EpaStop::Degenerate: return text + "The polytope is degenerate: EPA stops.";
    case collide::EpaStop::InvalidInput: return text + "The support is not finite: EPA stops.";
    case collide::EpaStop::RoundedCores:  // never on an EPA step: rounded shapes answered by their cores' distance
    case collide::EpaStop::None: break;
  }
  text += "w is inserted between the edge's ends, which keeps the polytope in order (Collision detection notes)";
  // The support usually lands on the line of a neighbour's edge (every square does), leaving that neighbour at
  // exactly 180 degrees; an angle over 180 (reflex) takes rounding, since A - B is convex.
  const int flat = std::min(epaFlatRemoved(step), step.removed), reflex = step.removed - flat;
  const auto removed = [](int count, const char* how) {
    return count == 1 ? std::string(", and the 1 vertex it ") + how + " is removed"
                      : ", and the " + std::to_string(count) + " vertices it " + how + " are removed";
  };
  if (flat > 0) text += removed(flat, "left on a straight line (180 degrees)");
  if (reflex > 0) text += removed(reflex, "made reflex (over 180 degrees, by rounding)");
  return text + ".";
}

std::string roundedDepthWords(double coreDepth, double radii) {
  if (!(radii > 0)) return "";
  return " That is the cores' depth: with the radii rA + rB = " + formatNumber(radii) + " on top, the shapes' depth is " +
         formatNumber(coreDepth) + " + " + formatNumber(radii) + " = " + formatNumber(coreDepth + radii) + ".";
}

std::string roundedDepthWithoutEpaWords(double coreDistance, double radii) {
  if (!(radii > 0)) return "";
  return " The cores are " + formatNumber(coreDistance) + " apart, less than rA + rB = " + formatNumber(radii) +
         ": the depth is " + formatNumber(radii) + " - " + formatNumber(coreDistance) + " = " +
         formatNumber(radii - coreDistance) + " without EPA (Jolt and Box2D treat rounded shapes the same way).";
}

std::string roundedDistanceWords(double coreDistance, double radii) {
  if (!(radii > 0)) return "";
  return " That is the cores' distance: less the radii rA + rB = " + formatNumber(radii) + ", the shapes are " +
         formatNumber(coreDistance) + " - " + formatNumber(radii) + " = " + formatNumber(coreDistance - radii) + " apart.";
}

std::string axisSourceText(collide::AxisSource source, int edge) {
  using collide::AxisSource;
  if ((source == AxisSource::EdgeOfA || source == AxisSource::EdgeOfB) && edge >= 0) {
    std::string text = "edge ";
    text += std::to_string(edge);
    text += source == AxisSource::EdgeOfA ? " of A" : " of B";
    return text;
  }
  return std::string(collide::axisSourceName(source));
}

std::string formatSatOverlap(double overlap, double scale) {
  if (overlap == 0) return "0";
  if (std::abs(overlap) <= kTouchingTolerance * scale) return "0 to rounding";
  return formatNumber(overlap);
}

namespace {

// After a SAT axis's two shadows: the gap that separates, or the overlap (touching when it is 0 to rounding) against
// the smallest so far. The same words in the plane and in space.
template <class Step>
std::string satVerdictWords(const Step& step, const std::string& bestName) {
  if (step.separating)
    return "The shadows are apart by " + formatNumber(-step.overlap) +
           ": this axis separates A and B, so they do not collide (SAT stops at the first separating axis).";
  const double scale = satShadowScale(step);
  std::string text = satShadowsTouch(step) ? "They touch (overlap " + formatSatOverlap(step.overlap, scale) + ")"
                                           : "They overlap by " + formatNumber(step.overlap);
  if (const std::string contained = satContainedWords(step); !contained.empty()) text += " (" + contained + ")";
  if (step.bestAxisIndex == step.axisIndex) {
    text += ", the smallest overlap so far.";
  } else {
    text += "; the smallest so far is " + formatSatOverlap(step.bestOverlap, scale) + " on " + bestName + ".";
  }
  return text;
}

}  // namespace

std::string narrateSatStep(const std::vector<collide::SatAxisStep<double>>& sat, int index) {
  const collide::SatAxisStep<double>& step = sat[static_cast<std::size_t>(index)];
  const std::string source = axisSourceText(step.source, step.edge);
  // B's edge on the line of one of A's (two squares turned alike): said, so a repeat is not read as a new test, as
  // in space and in the continuous lab's dynamic SAT.
  std::string same;
  for (int j = 0; j < index && same.empty(); ++j) {
    const collide::SatAxisStep<double>& earlier = sat[static_cast<std::size_t>(j)];
    if (sameLine(earlier.axis, step.axis)) same = ", the same line as axis " + std::to_string(earlier.axisIndex + 1);
  }
  std::string text = "Axis " + std::to_string(step.axisIndex + 1) + " (" + source + same + ") n = " + formatVector(step.axis) +
                     ": A projects to [" + formatNumber(step.minA) + ", " + formatNumber(step.maxA) + "], B to [" +
                     formatNumber(step.minB) + ", " + formatNumber(step.maxB) + "]. ";
  return text + satVerdictWords(step, "axis " + std::to_string(step.bestAxisIndex + 1));
}

// The result reads the same in the plane and in space (only SAT lite, in space, can be fooled).
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

namespace {

// A float run against the same query or cast in double, whatever the algorithm: the parts compared.
struct FloatComparison {
  bool verdictDiffers = false;
  bool floatRefused = false;  // float refused what double takes (numbers beyond float's limit), not a rounding
  std::string doubleVerdict;  // double's answer in words, said when the verdicts differ
  std::string quantity;       // "depth", "distance", "gap", "first contact at t ="
  std::optional<double> floatValue, doubleValue;
  std::optional<double> normalDegrees;  // the angle between the two normals
  std::optional<double> pointsMoved;    // how far float's witness points are from double's (the larger of the two)
  std::string points;                   // what they are: "closest points", "contact points"
  std::optional<int> floatIterations, doubleIterations;
  std::string counts;  // what the iterations count
  std::string bothApart;  // said when neither has a number to compare ("no hit too")
  InputRounding rounding;
  // How far the answer moves per unit the input moves: 1 for a length; for a cast's time, 1 / the relative speed
  // (a shifted position is met that much sooner or later); 0 when unknown (nothing moves: only a spin).
  double answerPerInput = 1;
  std::string whyFarOff;  // the cause, when float is far off and it is known (a cast's stopping tolerance)
};

// Far off: a thousand times float's rounding (its epsilon is 1.2e-7), in the answer or in the normal's angle.
constexpr double kFarOffRelative = 1e-3;
constexpr double kFarOffDegrees = 0.1;
// An input's shift and the answer's error this close (relative) are one amount: the input's rounding is the whole
// error (float's arithmetic added less than the 2 digits the sentence gives them show).
constexpr double kWholeErrorRelative = 1e-2;

// A relative error as a reader takes it in: a percentage from 0.01 % up, below that as a plain number.
std::string relativeWords(double relative) {
  return relative >= 1e-4 ? formatWith("%.2g", relative * 100) + " %" : "relative " + formatWith("%.2g", relative);
}

// Float keeps about 7 significant digits: the double answer is printed with 9, the difference with 2.
FloatLine sayFloatComparison(const FloatComparison& c) {
  if (c.floatRefused) {
    return {"In double it runs: " + c.doubleVerdict + " Float refuses the pair: the reason is above.",
            FloatAgreement::VerdictDiffers};
  }
  // The input float moves most is said beside a changed verdict, and where it can explain the difference: an input
  // moved by more than the answer did (far from the origin); otherwise the error is the arithmetic's.
  const std::string& stored = c.rounding.text;
  if (c.verdictDiffers) {
    return {"In double the answer differs: " + c.doubleVerdict + " Float's rounding changed the verdict." +
                (stored.empty() ? "" : " The input it moves most: " + stored + "."),
            FloatAgreement::VerdictDiffers};
  }
  FloatLine line{"In double: ", FloatAgreement::Close};
  std::string& text = line.text;
  double off = 0;
  if (c.floatValue && c.doubleValue) {
    off = std::abs(*c.floatValue - *c.doubleValue);
    text += c.quantity + " " + formatWith("%.9g", *c.doubleValue);
    if (off == 0) {
      text += ", the same as float's";
    } else {
      text += "; float's is off by " + formatWith("%.2g", off);
      if (*c.doubleValue != 0) {
        const double relative = off / std::abs(*c.doubleValue);
        text += " (" + relativeWords(relative) + ")";
        if (relative > kFarOffRelative) line.agreement = FloatAgreement::FarOff;
      }
    }
  } else {
    text += c.bothApart;
  }
  // Float resolves an angle to about 1e-5 degrees (its epsilon, 1.2e-7 radians): below that the normals agree.
  if (c.normalDegrees) {
    text += *c.normalDegrees == 0      ? "; the same normal"
            : *c.normalDegrees < 1e-4 ? "; the same normal to float's precision"
                                      : "; the normals differ by " + formatWith("%.2g", *c.normalDegrees) + " degrees";
    if (*c.normalDegrees > kFarOffDegrees) line.agreement = FloatAgreement::FarOff;
  }
  if (c.pointsMoved) {
    text += *c.pointsMoved == 0 ? "; the same " + c.points : "; the " + c.points + " moved by " + formatWith("%.2g", *c.pointsMoved);
  }
  if (c.floatIterations && c.doubleIterations && *c.floatIterations != *c.doubleIterations) {
    text += "; float took " + std::to_string(*c.floatIterations) + " " + c.counts + ", double " + std::to_string(*c.doubleIterations);
    // Fewer is not better: the tolerances count epsilons of the scalar, and float's epsilon is 5e8 times double's.
    if (*c.floatIterations < *c.doubleIterations) text += " (float's tolerance, in its own epsilons, is coarser)";
  }
  // Compared in the answer's unit: a cast's time error against a length read "more than the first contact at t ='s
  // error" (review s32 A7), a length beside a time.
  const double moved = c.rounding.shift * c.answerPerInput;
  const bool inputExplains = off > 0 && !stored.empty() && moved >= (1 - kWholeErrorRelative) * off;
  // Said against the answer's error, by number: after the witnesses' clause "more than that" read as more than the
  // points moved (review s31, A13: 0.0031 against points that moved 0.0047). When the two agree the rounding of the
  // input is the whole error: "more than" beside two equal numbers (1.9e-08 and 1.9e-08) read as a second cause
  // (review s34, A2).
  const bool wholeError = inputExplains && std::abs(moved - off) <= kWholeErrorRelative * off;
  const std::string against = wholeError ? ", as much as the " : ", more than the ";
  const std::string why = wholeError ? ", so the input's rounding is the whole error: " : ": ";
  if (inputExplains && c.answerPerInput == 1) {
    text += ". An input moved by " + formatWith("%.2g", c.rounding.shift) + against + c.quantity + "'s error" + why + stored;
  } else if (inputExplains) {
    text += ". An input moved by " + formatWith("%.2g", c.rounding.shift) + ", which at the relative speed " +
            formatNumber(1 / c.answerPerInput) + " is " + formatWith("%.2g", moved) + " of t" + against +
            "contact time's error" + why + stored;
  }
  text += ".";
  if (line.agreement == FloatAgreement::FarOff && !inputExplains && !c.whyFarOff.empty()) text += " " + c.whyFarOff;
  return line;
}

// The angle between two unit normals from the cross and dot products: accurate for tiny angles, where acos(dot) is not.
template <class V>
double degreesBetween(V a, V b) {
  double cross2 = 0;
  if constexpr (collide::kDimension<V> == 3) cross2 = collide::lengthSquared(collide::cross(a, b));
  else cross2 = std::pow(collide::cross(a, b), 2);
  return std::atan2(std::sqrt(cross2), collide::dot(a, b)) * 180.0 / std::numbers::pi;
}

template <class V>
FloatLine narrateFloatAgainstDoubleRun(const collide::QueryResultOf<V>& f, const collide::QueryResultOf<V>& d,
                                       const InputRounding& rounding) {
  if (!f.ok && !d.ok) return {};
  FloatComparison c;
  c.verdictDiffers = f.ok != d.ok || f.hit != d.hit;
  c.floatRefused = !f.ok && d.ok;
  c.doubleVerdict = narrateQueryResult(d);
  c.floatIterations = f.iterations;
  c.doubleIterations = d.iterations;
  c.counts = std::string(collide::algorithmInfo(f.algorithm).counts);
  c.bothApart = d.hit ? "hit too" : "no hit too";
  c.rounding = rounding;
  struct Quantity {
    const char* name;
    std::optional<double> floatValue, doubleValue;
  };
  for (const Quantity& q : {Quantity{"depth", f.depth, d.depth}, Quantity{"distance", f.distance, d.distance},
                            Quantity{"gap", f.separation, d.separation}}) {
    if (!q.floatValue || !q.doubleValue) continue;
    c.quantity = q.name;
    c.floatValue = q.floatValue;
    c.doubleValue = q.doubleValue;
    break;
  }
  if (f.normal && d.normal) c.normalDegrees = degreesBetween(*f.normal, *d.normal);
  if (f.pointA && d.pointA && f.pointB && d.pointB) {
    c.pointsMoved = std::max(collide::length(*f.pointA - *d.pointA), collide::length(*f.pointB - *d.pointB));
    c.points = d.depth ? "contact points" : "closest points";
  }
  return sayFloatComparison(c);
}

}  // namespace

namespace {

// "1.18 > radius 1": the quantity, the comparison that holds, the threshold.
std::string compared(double quantity, const std::string& threshold, double thresholdValue) {
  const char* sign = quantity < thresholdValue ? " < " : quantity > thresholdValue ? " > " : " = ";
  return formatNumber(quantity) + sign + threshold + " " + formatNumber(thresholdValue);
}

// An analytic step's decision: its figure, the quantity against its threshold as the step list shows it ("1.118 <
// R + r = 2.3"), and the phrase the narration and the views say around it.
struct AnalyticWords {
  std::string figure;
  std::string text;
};

// The circle of an analytic pair (a point is a circle of radius 0) and the other shape: the tests run circle vs
// shape whichever side the circle is on.
struct AnalyticPair {
  double radius = 0;                          // r, the circle's
  const collide::Shape<double>* other = nullptr;
};

// The sentences a round shape (a circle, a sphere; a point is one of radius 0) gets against another round shape, a
// box (aabb, or oriented: then step 1 moves the centre into its frame) and a capsule's core, the same in the plane
// and in space. `round` names it; v is the step's value (analytic.h, analytic3.h).
// "+x" for A's own x axis when it is the world's, else "A's x axis, (0.7071, 0.7071)": the direction a test takes
// when every direction is as good.
template <class V>
std::string takenAxis(V axis) {
  V x{};
  x.x = 1;
  return axis == x ? std::string("+x") : "A's x axis, " + formatVector(axis);
}

// `xAxisOfA`: A's x axis in the world, the direction the test takes when the centres coincide.
template <class V>
AnalyticWords roundVsRound(double v, double rA, double rB, const char* round, V xAxisOfA) {
  const std::string figure = compared(v, "rA + rB =", rA + rB);
  const std::string reach = v <= rA + rB ? std::string(": the ") + round + "s reach each other"
                                         : std::string(": the ") + round + "s are apart by " + formatNumber(v - rA - rB);
  // The centre distance leads its own comparison ("0 < rA + rB = 1.5" is glued for the wrap): "centre distance = 0 <
  // rA + rB" broke after "centre" (review s33, A7).
  if (v == 0)
    return {figure, "the centres coincide, " + figure + reach + ". Every direction separates them equally; this test takes " +
                        takenAxis(xAxisOfA)};
  return {figure, "the centres are " + formatNumber(v) + " apart, and " + figure + reach};
}

// Where a centre inside a box or on its boundary lies, from its distance to each face in the box's frame: the
// nearest faces ("+x", in the order the core tries them, -x, +x, -y, ...: the first is the one it takes) and on how
// many faces it lies (0 inside; 1 on a face; 2 on an edge in space, a corner in the plane; 3 a corner).
struct NearestFaces {
  std::vector<std::string> faces;
  int on = 0;
  int dimension = 2;
};
template <class V>
NearestFaces nearestFaces(V p, V low, V high) {
  constexpr int kDimension = std::is_same_v<V, collide::Vec2<double>> ? 2 : 3;
  const auto component = [](const V& v, int i) {
    if constexpr (kDimension == 2) return i == 0 ? v.x : v.y;
    else return i == 0 ? v.x : i == 1 ? v.y : v.z;
  };
  NearestFaces out;
  out.dimension = kDimension;
  double nearest = std::numeric_limits<double>::infinity();
  std::array<double, 6> distance{};
  for (int axis = 0; axis < kDimension; ++axis) {
    distance[static_cast<std::size_t>(2 * axis)] = component(p, axis) - component(low, axis);
    distance[static_cast<std::size_t>(2 * axis + 1)] = component(high, axis) - component(p, axis);
    nearest = std::min({nearest, distance[static_cast<std::size_t>(2 * axis)], distance[static_cast<std::size_t>(2 * axis + 1)]});
  }
  for (int face = 0; face < 2 * kDimension; ++face) {
    if (distance[static_cast<std::size_t>(face)] == 0) ++out.on;
    if (distance[static_cast<std::size_t>(face)] != nearest) continue;
    out.faces.push_back(std::string(face % 2 == 0 ? "-" : "+") + "xyz"[face / 2]);
  }
  return out;
}

// "+x, +y and +z"
std::string listed(const std::vector<std::string>& items) {
  std::string text;
  for (std::size_t i = 0; i < items.size(); ++i) text += (i == 0 ? "" : i + 1 == items.size() ? " and " : ", ") + items[i];
  return text;
}

template <class V>
AnalyticWords roundVsBox(int index, bool oriented, double v, V closest, double r, const char* round, const NearestFaces& faces) {
  const int clampStep = oriented ? 2 : 1;
  if (oriented && index == 1)
    return {formatNumber(v) + " from the box's centre",
            "in the box's frame the box is axis-aligned; the centre lies " + formatNumber(v) + " from the box's centre"};
  if (index == clampStep) {
    if (v > 0)
      return {"distance " + formatNumber(v), "the nearest point of the box to the centre is " + formatVector(closest) +
                                                 ", at distance " + formatNumber(v)};
    // Faces equally near: the push out could take any of them (a centre on a corner, or at the middle of a box).
    const std::string tie = faces.faces.size() > 1 ? "the " + listed(faces.faces) + " faces are equally near; this test takes " +
                                                         faces.faces.front()
                                                   : "";
    if (faces.on > 0) {
      const char* where = faces.on == 1 ? "boundary" : faces.on == faces.dimension ? "corner" : "edge";
      return {std::string("on the ") + where, std::string("the centre is on the box's ") + where + ", " + formatVector(closest) +
                                                  ", its own nearest boundary point" + (tie.empty() ? "" : ": " + tie)};
    }
    return {"inside, " + formatNumber(-v) + " from the boundary",
            "the centre is inside the box (" + formatNumber(-v) + " from its boundary): the clamp leaves it, and the nearest "
            "boundary point is " + formatVector(closest) + (tie.empty() ? "" : "; " + tie)};
  }
  const double distance = v + r;
  if (distance < 0) return {"centre inside", std::string("the centre is inside the box: the ") + round + " overlaps it"};
  const std::string figure = compared(distance, "radius", r);
  return {figure, "distance to the clamped point = " + figure +
                      (distance <= r ? std::string(": the ") + round + " reaches the box"
                                     : std::string(": the ") + round + " stops short of the box")};
}

template <class V>
AnalyticWords roundVsCapsule(int index, double v, V closest, double r, double capsuleRadius, const char* round) {
  if (index == 1)
    return {"t = " + formatNumber(v), "the centre projects onto the core segment at t = " + formatNumber(v) +
                                          " (clamped to [0, 1]): the core's closest point is " + formatVector(closest)};
  const double distance = v + r + capsuleRadius;
  const std::string figure = compared(distance, "r + R =", r + capsuleRadius);
  return {figure, "distance to the core = " + figure +
                      (distance <= r + capsuleRadius ? std::string(": the ") + round + " reaches the capsule"
                                                     : std::string(": the ") + round + " stops short of the capsule")};
}

// Two boxes' intervals on one axis of `axes` (step i: axis i - 1); the last axis's overlap decides.
AnalyticWords intervals(int index, double v, std::initializer_list<const char*> axes) {
  const char* axis = axes.begin()[index - 1];
  const bool lastAxis = index == static_cast<int>(axes.size());
  if (v >= 0)
    return {"overlap " + formatNumber(v),
            std::string("the ") + axis + " intervals overlap by " + formatNumber(v) + " >= 0" +
                (lastAxis ? (axes.size() == 2 ? ": they overlap on both axes" : ": they overlap on all three axes")
                          : std::string(": go on to ") + axes.begin()[index])};
  return {"apart by " + formatNumber(-v), std::string("the ") + axis + " intervals are apart by " + formatNumber(-v) +
                                              " (overlap " + formatNumber(v) + " < 0): this axis separates them"};
}

// The step's question as its first sentence ("... <= r?", or an action ending in a full stop), then the decision,
// then whether it settles the answer.
template <class Step>
std::string analyticSentences(const Step& step, std::string decision) {
  std::string title(step.title);
  if (!title.empty() && title.back() != '?' && title.back() != '.') title += '.';
  if (!decision.empty()) decision[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(decision[0])));
  std::string text = title + " " + decision + ".";
  if (step.decided) text += step.hit ? " This settles it: hit." : " This settles it: no hit.";
  return text;
}

AnalyticPair analyticPair(const collide::Collider<double>& a, const collide::Collider<double>& b) {
  const auto round = [](const collide::Shape<double>& shape) {
    return std::holds_alternative<collide::Circle<double>>(shape) || std::holds_alternative<collide::Point<double>>(shape);
  };
  const collide::Collider<double>& circle = round(a.shape) ? a : b;
  const collide::Collider<double>& other = round(a.shape) ? b : a;
  AnalyticPair pair;
  if (const auto* c = std::get_if<collide::Circle<double>>(&circle.shape)) pair.radius = c->radius;
  pair.other = &other.shape;
  return pair;
}

AnalyticWords analyticWords(const collide::AnalyticStep<double>& step, const collide::Collider<double>& a,
                            const collide::Collider<double>& b) {
  using collide::Shape;
  const AnalyticPair pair = analyticPair(a, b);
  const double r = pair.radius;
  const Shape<double>& other = *pair.other;
  const double v = step.value;
  const bool bothAabbs = std::holds_alternative<collide::Aabb<double>>(a.shape) && std::holds_alternative<collide::Aabb<double>>(b.shape);
  if (bothAabbs) return intervals(step.index, v, {"x", "y"});
  // Circle (or point) vs circle (or point): the one step.
  if (std::holds_alternative<collide::Circle<double>>(other) || std::holds_alternative<collide::Point<double>>(other)) {
    const double rA = std::holds_alternative<collide::Circle<double>>(a.shape) ? std::get<collide::Circle<double>>(a.shape).radius : 0.0;
    const double rB = std::holds_alternative<collide::Circle<double>>(b.shape) ? std::get<collide::Circle<double>>(b.shape).radius : 0.0;
    return roundVsRound(v, rA, rB, "circle", a.transform.q.apply(collide::Vec2<double>{1, 0}));
  }
  // Circle vs box or aabb: clamp, then the clamped point's distance against r.
  const collide::Collider<double>& boxCollider = &other == &a.shape ? a : b;
  if (const auto* box = std::get_if<collide::Box<double>>(&other))
    return roundVsBox(step.index, true, v, step.closest, r, "circle",
                      nearestFaces(boxCollider.transform.applyInverse(step.point), -box->halfExtents, box->halfExtents));
  if (const auto* aabb = std::get_if<collide::Aabb<double>>(&other))
    return roundVsBox(step.index, false, v, step.closest, r, "circle", nearestFaces(step.point, aabb->min, aabb->max));
  // Circle vs capsule or segment (a capsule of radius 0): the core segment.
  if (std::holds_alternative<collide::Capsule<double>>(other) || std::holds_alternative<collide::Segment<double>>(other)) {
    const double capsuleRadius =
        std::holds_alternative<collide::Capsule<double>>(other) ? std::get<collide::Capsule<double>>(other).radius : 0.0;
    return roundVsCapsule(step.index, v, step.closest, r, capsuleRadius, "circle");
  }
  if (const auto* sector = std::get_if<collide::Sector<double>>(&other)) {
    const double reach = sector->radius + r;
    switch (step.index) {
      case 1: {
        const double distance = v + reach;
        const std::string figure = compared(distance, "R + r =", reach);
        return {figure, "distance from the apex = " + figure +
                            (distance > reach ? ": beyond reach of any part of the sector"
                                              : ": within reach, so the direction decides")};
      }
      case 2:
        return {formatNumber(v) + " above the axis", "the sector is symmetric about its axis: folded to the upper half, "
                                                     "the centre is " + formatNumber(v) + " above the axis"};
      case 3: {
        const std::string figure = formatNumber(v) + (v > 0 ? " > 0" : " <= 0");
        return {figure, "here p.x - |p| cos(half angle) = " + figure +
                            (v > 0 ? ": the centre's direction is inside the span (the arc's side), and step 1 put it "
                                     "within reach"
                                   : ": outside the span, so the straight edge decides")};
      }
      default: {
        const double distance = v + r;
        const std::string figure = compared(distance, "radius", r);
        return {figure, "distance to the straight edge = " + figure +
                            (distance <= r ? ": the circle reaches the edge" : ": the circle stops short of the edge")};
      }
    }
  }
  // Circle vs polygon: inside? then every edge, then the nearest.
  switch (step.index) {
    case 1:
      return v > 0 ? AnalyticWords{"inside", "the centre is inside the polygon: the circle overlaps it"}
                   : AnalyticWords{"outside", "the centre is outside the polygon: the nearest edge decides"};
    case 2: {
      const std::string figure = compared(v, "radius", r);
      return {figure, "distance to edge " + std::to_string(step.edge) + " = " + figure +
                          (v <= r ? ": the circle reaches this edge" : ": the circle does not reach this edge")};
    }
    default: {
      const double distance = v + r;
      if (distance <= 0 && step.hit)
        return {"inside, " + formatNumber(-distance) + " from it",
                "the centre is inside: the nearest edge, " + std::to_string(step.edge) + ", is " + formatNumber(-distance) +
                    " away and gives the depth"};
      const std::string figure = compared(distance, "radius", r);
      return {figure, "the nearest edge is edge " + std::to_string(step.edge) + ": distance " + figure +
                          (distance <= r ? ": the circle reaches it" : ": the circle stops short of it")};
    }
  }
}

}  // namespace

std::string analyticDecision(const collide::AnalyticStep<double>& step, const collide::Collider<double>& a,
                             const collide::Collider<double>& b) {
  return analyticWords(step, a, b).text;
}

std::string analyticFigure(const collide::AnalyticStep<double>& step, const collide::Collider<double>& a,
                           const collide::Collider<double>& b) {
  return analyticWords(step, a, b).figure;
}

std::string narrateAnalyticStep(const collide::AnalyticStep<double>& step, const collide::Collider<double>& a,
                                const collide::Collider<double>& b) {
  return analyticSentences(step, analyticDecision(step, a, b));
}

namespace {

AnalyticWords analyticWords(const collide::AnalyticStep3<double>& step, const collide::Collider3<double>& a,
                            const collide::Collider3<double>& b) {
  using collide::Shape3;
  const auto round = [](const Shape3<double>& shape) {
    return std::holds_alternative<collide::Sphere<double>>(shape) || std::holds_alternative<collide::Point3<double>>(shape);
  };
  const auto radius = [](const Shape3<double>& shape) {
    const auto* sphere = std::get_if<collide::Sphere<double>>(&shape);
    return sphere != nullptr ? sphere->radius : 0.0;
  };
  const double v = step.value;
  if (std::holds_alternative<collide::Aabb3<double>>(a.shape) && std::holds_alternative<collide::Aabb3<double>>(b.shape))
    return intervals(step.index, v, {"x", "y", "z"});
  const Shape3<double>& other = round(a.shape) ? b.shape : a.shape;
  const double r = radius(round(a.shape) ? a.shape : b.shape);
  if (round(other)) return roundVsRound(v, radius(a.shape), radius(b.shape), "sphere", a.transform.q.apply(collide::Vec3<double>{1, 0, 0}));
  const collide::Collider3<double>& boxCollider = round(a.shape) ? b : a;
  if (const auto* box = std::get_if<collide::Box3<double>>(&other))
    return roundVsBox(step.index, true, v, step.closest, r, "sphere",
                      nearestFaces(boxCollider.transform.applyInverse(step.point), -box->halfExtents, box->halfExtents));
  if (const auto* aabb = std::get_if<collide::Aabb3<double>>(&other))
    return roundVsBox(step.index, false, v, step.closest, r, "sphere", nearestFaces(step.point, aabb->min, aabb->max));
  if (const auto* capsule = std::get_if<collide::Capsule3<double>>(&other))
    return roundVsCapsule(step.index, v, step.closest, r, capsule->radius, "sphere");
  if (std::holds_alternative<collide::Triangle3<double>>(other)) {
    if (step.index == 1)
      return {"distance " + formatNumber(std::abs(v)), "the triangle's nearest point to the centre is " +
                                                           formatVector(step.closest) + ", at distance " +
                                                           formatNumber(std::abs(v))};
    const double distance = v + r;
    const std::string figure = compared(distance, "radius", r);
    return {figure, "distance to the closest point = " + figure +
                        (distance <= r ? ": the sphere reaches the triangle" : ": the sphere stops short of the triangle")};
  }
  // A point against a hull: the face planes one by one, then inside (the nearest face) or the closest point.
  if (step.index == 1) {
    const std::string face = "face " + std::to_string(step.feature);
    return v > 0 ? AnalyticWords{formatNumber(v) + " in front",
                                 "the point is " + formatNumber(v) + " in front of " + face + "'s plane: outside the hull"}
                 : AnalyticWords{formatNumber(-v) + " behind", "the point is " + formatNumber(-v) + " behind " + face +
                                                                   "'s plane (inside it): on to the next face"};
  }
  if (step.hit)
    return {"inside, depth " + formatNumber(std::abs(v)),
            "the point is behind every face's plane: inside the hull; the nearest face, " + std::to_string(step.feature) +
                ", is " + formatNumber(std::abs(v)) + " away and gives the depth"};
  return {"distance " + formatNumber(v),
          "the hull's nearest point is " + formatVector(step.closest) + ", at distance " + formatNumber(v)};
}

}  // namespace

std::string analyticDecision(const collide::AnalyticStep3<double>& step, const collide::Collider3<double>& a,
                             const collide::Collider3<double>& b) {
  return analyticWords(step, a, b).text;
}

std::string analyticFigure(const collide::AnalyticStep3<double>& step, const collide::Collider3<double>& a,
                           const collide::Collider3<double>& b) {
  return analyticWords(step, a, b).figure;
}

std::string narrateAnalyticStep(const collide::AnalyticStep3<double>& step, const collide::Collider3<double>& a,
                                const collide::Collider3<double>& b) {
  return analyticSentences(step, analyticDecision(step, a, b));
}

std::string castStatusWords(collide::CastStatus status) {
  switch (status) {
    case collide::CastStatus::Hit: return "hit";
    case collide::CastStatus::Touching: return "touching at the start";
    case collide::CastStatus::Overlapping: return "overlapping at the start (t = 0)";
    case collide::CastStatus::Miss: return "no hit in [0, 1]";
    case collide::CastStatus::MaxIterations: return "the iteration cap (the best bound so far)";
    case collide::CastStatus::InvalidInput: return "refused";
  }
  return "?";
}
std::string narrateResult(const collide::QueryResult<double>& result) { return narrateQueryResult(result); }
std::string narrateResult(const collide::QueryResult3<double>& result) { return narrateQueryResult(result); }
std::string_view floatAgreementName(FloatAgreement agreement) {
  switch (agreement) {
    case FloatAgreement::Close: return "close";
    case FloatAgreement::FarOff: return "far_off";
    case FloatAgreement::VerdictDiffers: return "verdict_differs";
  }
  return "?";
}
FloatLine narrateFloatAgainstDouble(const collide::QueryResult<double>& floatRun,
                                    const collide::QueryResult<double>& doubleRun, const InputRounding& rounding) {
  return narrateFloatAgainstDoubleRun(floatRun, doubleRun, rounding);
}
FloatLine narrateFloatAgainstDouble(const collide::QueryResult3<double>& floatRun,
                                    const collide::QueryResult3<double>& doubleRun, const InputRounding& rounding) {
  return narrateFloatAgainstDoubleRun(floatRun, doubleRun, rounding);
}
namespace {
// One body for the plane's casts and the space's (the two continuous-collision labs).
template <class V>
FloatLine narrateCastFloatAgainstDouble(const collide::CastResult<V>& f, const collide::CastResult<V>& d,
                                        const InputRounding& rounding, double relativeSpeed) {
  // A cast's verdict is its status: a hit, touching or overlapping at the start, or no contact.
  if (f.status == collide::CastStatus::InvalidInput && d.status == collide::CastStatus::InvalidInput) return {};
  // As a sentence: a hit or a miss by its contact; the other statuses in the words the continuous lab shows them.
  const std::string at = " at t = " + formatWith("%.9g", d.fraction);
  const std::string doubleVerdict = d.status == collide::CastStatus::Hit    ? "contact" + at + "."
                                    : d.status == collide::CastStatus::Miss ? "no contact in [0, 1]."
                                    : castStatusWords(d.status) + (d.status == collide::CastStatus::MaxIterations ? at : "") + ".";
  const bool floatRefused = f.status == collide::CastStatus::InvalidInput && d.status != collide::CastStatus::InvalidInput;
  // Both stop within the same number of their own epsilons of the pair's size; in float that is far above its
  // rounding, and where float is far off it is the usual cause (cast.h, kDefaultCastTolerance).
  const std::string why =
      "Both casts stop within 1000 epsilons of the pair's size: " +
      formatWith("%.2g", double(collide::kDefaultCastTolerance<float>)) + " of it in float, " +
      formatWith("%.2g", collide::kDefaultCastTolerance<double>) +
      " in double. That stopping rule, not rounding, sets most of float's difference; a contact met at a glancing "
      "angle turns the small gap it leaves into a tilted normal.";
  FloatComparison c;
  c.verdictDiffers = f.status != d.status;
  c.floatRefused = floatRefused;
  c.doubleVerdict = doubleVerdict;
  c.quantity = "first contact at t =";
  c.floatIterations = f.iterations;
  c.doubleIterations = d.iterations;
  c.counts = "iterations";
  c.bothApart = "no contact in [0, 1] either";
  c.rounding = rounding;
  c.answerPerInput = relativeSpeed > 0 ? 1 / relativeSpeed : 0;
  c.whyFarOff = why;
  if (f.hit && d.hit) {
    c.floatValue = f.fraction;
    c.doubleValue = d.fraction;
    if (f.status == collide::CastStatus::Hit) c.normalDegrees = degreesBetween(f.normal, d.normal);
  }
  return sayFloatComparison(c);
}
}  // namespace

FloatLine narrateFloatAgainstDouble(const collide::CastResult<collide::Vec2<double>>& floatRun,
                                    const collide::CastResult<collide::Vec2<double>>& doubleRun, const InputRounding& rounding,
                                    double relativeSpeed) {
  return narrateCastFloatAgainstDouble(floatRun, doubleRun, rounding, relativeSpeed);
}
FloatLine narrateFloatAgainstDouble(const collide::CastResult<collide::Vec3<double>>& floatRun,
                                    const collide::CastResult<collide::Vec3<double>>& doubleRun, const InputRounding& rounding,
                                    double relativeSpeed) {
  return narrateCastFloatAgainstDouble(floatRun, doubleRun, rounding, relativeSpeed);
}

// [SECTION] In space: EPA's polytope, SAT's 15 axes, the sphere tests, the result

std::string narrateEpaStart(const collide::EpaStart3<double>& start, const SupportNames& simplexNames) {
  const int vertices = static_cast<int>(start.vertices.size());
  const int faces = static_cast<int>(start.faces.size());
  if (start.simplex.count == 4 && start.directions.empty())
    return "EPA starts where GJK stopped: GJK's last simplex is a tetrahedron that holds the origin, so it is already "
           "a polytope inside A - B around the origin, and EPA starts from it as it is (vertices 0 to 3, 4 faces).";
  static constexpr const char* kShapes[] = {"", "a single point", "a segment", "a triangle", "a flat tetrahedron"};
  std::string text = "GJK stopped on " + std::string(kShapes[std::clamp(start.simplex.count, 1, 4)]) +
                     " with the origin on it: it has no inside, so EPA cannot yet tell which way the boundary of "
                     "A - B is nearer. It searches A - B along ";
  for (std::size_t i = 0; i < start.directions.size(); ++i) {
    if (i > 0) text += i + 1 == start.directions.size() ? " and " : ", ";
    text += formatVector(start.directions[i]) + " (finds " + formatVector(start.supports[i].point) + ")";
  }
  text += ": directions that leave a point, a line or a plane unless A - B lies in it.";
  // A support already a vertex is not added twice (epa3.h startPolytope; review s34, A4: a capsule on a box's edge
  // finds GJK's w0 again along (0, 0.866, 0.5)).
  for (std::size_t i = 0; i < start.supports.size(); ++i) {
    const collide::Vec3<double> point = start.supports[i].point;
    std::string again;
    for (int k = 0; k < start.simplex.count && again.empty(); ++k) {
      if (start.simplex.vertices[static_cast<std::size_t>(k)].point != point) continue;
      const int name = simplexNames[static_cast<std::size_t>(k)];
      again = (name >= 0 ? supportName(name) + " again (point " + std::to_string(k) + ", from GJK)"
                         : "point " + std::to_string(k) + " again (from GJK)");
    }
    for (std::size_t j = 0; j < i && again.empty(); ++j)
      if (start.supports[j].point == point) again = "the support along " + formatVector(start.directions[j]) + " again";
    if (!again.empty())
      text += " The support along " + formatVector(start.directions[i]) + " is " + again + ": a vertex already, so it is "
              "not added twice.";
  }
  if (faces == 0)
    return text + " Nothing leaves: A - B is flat (a point, a segment or a polygon) through the origin, so the "
                  "shapes touch with depth 0 and EPA has no step to take.";
  return text + " The hull of GJK's points and these supports (points 0 to " + std::to_string(vertices - 1) +
         ") is the start polytope: " + std::to_string(faces) + " faces around the origin.";
}

std::string narrateEpaStep(const collide::EpaStep3<double>& step, const EpaPairFacts& pair) {
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
             formatNumber(step.faceDistance) + ", normal = n." + epaTieWords(step, pair);
    case collide::EpaStop::Converged:
      return text + "The gap is within tolerance: this face is on the boundary of A - B, depth = " +
             formatNumber(step.faceDistance) + ", normal = n." + epaTieWords(step, pair);
    case collide::EpaStop::MaxIterations:
      return text + "The polytope is full or the iteration cap is reached: the depth is a lower bound.";
    case collide::EpaStop::Degenerate: return text + "The polytope is degenerate: EPA stops.";
    case collide::EpaStop::InvalidInput: return text + "The support is not finite: EPA stops.";
    case collide::EpaStop::RoundedCores:
    case collide::EpaStop::None: break;
  }
  const std::size_t seen = step.removedFaces.size();
  return text + "w sees " + std::to_string(seen) + (seen == 1 ? " face (w is in front of its plane): it is " : " faces (w is in front of their planes): they are ") +
         "removed, and the " + std::to_string(step.horizon.size()) + " edges of the hole's rim, the horizon, are joined to " +
         "w by " + std::to_string(step.addedFaces.size()) + " new faces. The polytope grows toward the boundary of A - B.";
}

namespace {

// Where an axis comes from, in words: "edge 0 of A" in the plane, "the normal of face 1 of B" in space.
std::string satAxisWords(const collide::SatAxisStep<double>& step) { return axisSourceText(step.source, step.edge); }
std::string satAxisWords(const collide::SatAxisStep3<double>& step) {
  switch (step.source) {
    case collide::AxisSource3::FaceOfA: return "the normal of face " + std::to_string(step.indexA) + " of A";
    case collide::AxisSource3::FaceOfB: return "the normal of face " + std::to_string(step.indexB) + " of B";
    case collide::AxisSource3::EdgePair:
      return "edge " + std::to_string(step.indexA) + " of A x edge " + std::to_string(step.indexB) + " of B";
  }
  return "axis " + std::to_string(step.axisIndex + 1);
}

// With the shapes, an edge pair's words name its edges' directions (satEdgePairWords).
std::string satAxisWords(const collide::SatAxisStep3<double>& step, const std::array<collide::Collider3<double>, 2>* shapes) {
  if (shapes != nullptr && step.source == collide::AxisSource3::EdgePair && !step.pruned) return satEdgePairWords(step, *shapes);
  return satAxisWords(step);
}
std::string satAxisWords(const collide::SatAxisStep<double>& step, const void*) { return satAxisWords(step); }

// The answer of a SAT run no axis separated, the same in both dimensions: the winning axis against the runner-up.
template <class Step, class Result, class Shapes>
std::string satAnswerWords(const std::vector<Step>& sat, int best, int runnerUp, const Result& result, int twin, const Shapes* shapes) {
  const Step& winner = sat[static_cast<std::size_t>(best)];
  int projected = 0;
  for (const Step& step : sat) {
    if constexpr (requires { step.pruned; }) {
      if (step.pruned) continue;
    }
    ++projected;
  }
  std::string text = "Result: no axis separates A and B (" + std::to_string(projected) +
                     (projected == 1 ? " axis projected, it overlaps" : " axes projected, all overlap") +
                     "), so they collide. The answer is the smallest overlap: " + satAxisName(sat, winner.axisIndex) +
                     " (" + satAxisWords(winner, shapes) + ") with " + formatSatOverlap(winner.overlap, satShadowScale(winner));
  if (const std::string contained = satContainedWords(winner); !contained.empty()) text += " (" + contained + ")";
  if (twin >= 0) {
    // The same line tested twice (parallel edges, or A's and B's equal faces): say so, so it is not taken for a rival.
    const Step& same = sat[static_cast<std::size_t>(twin)];
    text += " (" + satAxisName(sat, same.axisIndex) + ", " + satAxisWords(same) + ", is the same line" +
            (collide::dot(same.axis, winner.axis) < 0 ? " reversed)" : ")");
  }
  if (runnerUp >= 0) {
    const Step& next = sat[static_cast<std::size_t>(runnerUp)];
    text += ", against the runner-up " + satAxisName(sat, next.axisIndex) + " (" + satAxisWords(next, shapes) + ") with " +
            formatSatOverlap(next.overlap, satShadowScale(next));
    // Another line as shallow: a tie (identical boxes), where SAT keeps the first axis it tested and EPA may take another.
    if (std::abs(next.overlap - winner.overlap) <= kTouchingTolerance * std::max(satShadowScale(winner), satShadowScale(next)))
      text += ". A tie: the runner-up's line needs the same push, so its normal does as well; SAT keeps the first it tested";
  }
  text += ".";
  if (result.depth && result.normal)
    text += " The minimum translation is " + formatNumber(*result.depth) + " x " + formatVector(*result.normal) +
            ": moving B by it separates the shapes.";
  if constexpr (requires { result.faceAxesFooled; }) {
    if (result.faceAxesFooled.value_or(false))
      text += " SAT lite tested only the 6 face axes: an edge x edge axis would have separated them, so this hit is false.";
  }
  return text;
}

}  // namespace

std::string narrateSatAnswer(const std::vector<collide::SatAxisStep<double>>& sat, int best, int runnerUp,
                             const collide::QueryResult<double>& result, int twin) {
  return satAnswerWords<collide::SatAxisStep<double>>(sat, best, runnerUp, result, twin, static_cast<const void*>(nullptr));
}

std::string narrateSatAnswer(const std::vector<collide::SatAxisStep3<double>>& sat, int best, int runnerUp,
                             const collide::QueryResult3<double>& result, int twin,
                             const std::array<collide::Collider3<double>, 2>* shapes) {
  return satAnswerWords<collide::SatAxisStep3<double>>(sat, best, runnerUp, result, twin, shapes);
}

std::optional<std::array<collide::SatEdge3<double>, 2>> satStepEdges(const collide::SatAxisStep3<double>& step,
                                                                     const std::array<collide::Collider3<double>, 2>& shapes) {
  if (step.source != collide::AxisSource3::EdgePair || step.pruned) return std::nullopt;
  const auto a = collide::satEdge(shapes[0], shapes[1], true, step.indexA);
  const auto b = collide::satEdge(shapes[0], shapes[1], false, step.indexB);
  if (!a || !b) return std::nullopt;
  return std::array<collide::SatEdge3<double>, 2>{*a, *b};
}

std::string satEdgePairWords(const collide::SatAxisStep3<double>& step, const std::array<collide::Collider3<double>, 2>& shapes) {
  const auto edges = satStepEdges(step, shapes);
  if (!edges) return satAxisWords(step);
  static constexpr const char* kAxes[] = {"x", "y", "z"};
  const auto one = [&](const collide::SatEdge3<double>& edge, int index, const char* owner) {
    std::string text = "edge " + std::to_string(index) + " of " + owner + " (";
    if (edge.boxAxis >= 0) text += std::string("its local ") + kAxes[edge.boxAxis];
    else if (edge.vertexA >= 0) text += "vertex " + std::to_string(edge.vertexA) + " to " + std::to_string(edge.vertexB) + ", local " + formatVector(edge.localDirection);
    else text += "local " + formatVector(edge.localDirection);
    return text + ", now " + formatVector(edge.direction) + ")";
  };
  return one((*edges)[0], step.indexA, "A") + " x " + one((*edges)[1], step.indexB, "B");
}

namespace {

constexpr const char* kPrunedWhy =
    "their arcs on the Gauss map do not cross (or the edges are parallel), so the cross product is not a face normal "
    "of A - B and cannot separate the shapes";

// How many of `sat`'s candidates up to `index` (included) were projected.
int satProjectedUpTo(const std::vector<collide::SatAxisStep3<double>>& sat, int index) {
  int projected = 0;
  for (int i = 0; i <= index && i < static_cast<int>(sat.size()); ++i) projected += sat[static_cast<std::size_t>(i)].pruned ? 0 : 1;
  return projected;
}

// "Tested axis 12 of 168 (axis 200 of 6188 candidates)", or "Axis 7 of 15" when no candidate was pruned. The total
// is the result's "axes tested" when the run went through every candidate, and the axes tested so far when it
// stopped at a separating one (the rest were never reached).
std::string satCandidateWords(const std::vector<collide::SatAxisStep3<double>>& sat, int index) {
  const int projected = satProjectedUpTo(sat, index), allProjected = satProjectedUpTo(sat, static_cast<int>(sat.size()) - 1);
  const int candidates = static_cast<int>(sat.size());
  const int number = sat[static_cast<std::size_t>(index)].axisIndex + 1;
  if (allProjected == candidates) return "Axis " + std::to_string(number) + " of " + std::to_string(candidates);
  return "Tested axis " + std::to_string(projected) + " of " + std::to_string(allProjected) + " (axis " + std::to_string(number) +
         " of " + std::to_string(candidates) + " candidates)";
}

}  // namespace

std::string satAxisName(const std::vector<collide::SatAxisStep<double>>&, int axisIndex) {
  return "axis " + std::to_string(axisIndex + 1);
}

std::string satAxisName(const std::vector<collide::SatAxisStep3<double>>& sat, int axisIndex) {
  const int candidates = static_cast<int>(sat.size());
  if (satProjectedUpTo(sat, candidates - 1) == candidates) return "axis " + std::to_string(axisIndex + 1);
  return "tested axis " + std::to_string(satProjectedUpTo(sat, axisIndex));
}

std::string narrateSatStep(const std::vector<collide::SatAxisStep3<double>>& sat, int index,
                           const std::array<collide::Collider3<double>, 2>* shapes) {
  const collide::SatAxisStep3<double>& step = sat[static_cast<std::size_t>(index)];
  if (step.pruned) return narrateSatPrunedRun(sat, index, index);
  std::string same;
  for (int j = 0; j < index && same.empty(); ++j) {
    const collide::SatAxisStep3<double>& earlier = sat[static_cast<std::size_t>(j)];
    if (!earlier.pruned && sameLine(earlier.axis, step.axis)) same = " (the same line as " + satAxisName(sat, earlier.axisIndex) + ")";
  }
  std::string text = satCandidateWords(sat, index) + ": " + satAxisWords(step, shapes) + same + ". ";
  text += "n = " + formatVector(step.axis) + ": A projects to [" + formatNumber(step.minA) + ", " + formatNumber(step.maxA) +
          "], B to [" + formatNumber(step.minB) + ", " + formatNumber(step.maxB) + "]. ";
  return text + satVerdictWords(step, satAxisName(sat, step.bestAxisIndex));
}

std::string narrateSatPrunedRun(const std::vector<collide::SatAxisStep3<double>>& sat, int first, int last) {
  const collide::SatAxisStep3<double>& from = sat[static_cast<std::size_t>(first)];
  const collide::SatAxisStep3<double>& to = sat[static_cast<std::size_t>(last)];
  const std::string candidates = " of " + std::to_string(sat.size()) + " candidates";
  const int projected = satProjectedUpTo(sat, last), allProjected = satProjectedUpTo(sat, static_cast<int>(sat.size()) - 1);
  std::string text;
  if (first == last) {
    text = "Axis " + std::to_string(from.axisIndex + 1) + candidates + ": " + satAxisWords(from) + ". Skipped: " + kPrunedWhy + ".";
  } else {
    text = "Axes " + std::to_string(from.axisIndex + 1) + " to " + std::to_string(to.axisIndex + 1) + candidates + ": " +
           std::to_string(last - first + 1) + " edge pairs, from " + satAxisWords(from) + " to " + satAxisWords(to) +
           ", all skipped: for each, " + kPrunedWhy + ".";
  }
  return text + " Axes tested so far: " + std::to_string(projected) + " of " + std::to_string(allProjected) + ".";
}

}  // namespace lab
