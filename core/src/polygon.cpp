// polygon.cpp: validating convex outlines, the convex hull (Andrew's monotone chain), boxes and regular polygons.
//
// [SECTION] Helpers
// [SECTION] Convex hull
// [SECTION] Validation
// [SECTION] makePolygon, makeBox, makeRegularPolygon, makeConvexPolygon
// [SECTION] Explicit instantiations
#include "collide/polygon.h"

#include "collide/geometry.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>

namespace collide {

// [SECTION] Helpers

namespace {

// The outline's size (its bounding-box diagonal).
template <Scalar S>
S outlineExtent(std::span<const Vec2<S>> points) {
  Vec2<S> low = points[0];
  Vec2<S> high = points[0];
  for (const Vec2<S>& p : points) {
    low = {std::min(low.x, p.x), std::min(low.y, p.y)};
    high = {std::max(high.x, p.x), std::max(high.y, p.y)};
  }
  return length(high - low);
}

// The length that the relative tolerances scale: the outline's size, or its distance from the origin when that
// is larger, since rounding grows with the coordinates themselves.
template <Scalar S>
S outlineScale(std::span<const Vec2<S>> points) {
  Vec2<S> low = points[0];
  Vec2<S> high = points[0];
  S largest = S(0);
  for (const Vec2<S>& p : points) {
    low = {std::min(low.x, p.x), std::min(low.y, p.y)};
    high = {std::max(high.x, p.x), std::max(high.y, p.y)};
    largest = std::max({largest, std::abs(p.x), std::abs(p.y)});
  }
  return std::max(length(high - low), largest);
}

// Signed distance of `vertex` from the chord previous -> next: > 0 when the outline turns left (convex, CCW) there.
template <Scalar S>
S turnHeight(Vec2<S> previous, Vec2<S> vertex, Vec2<S> next) {
  const Vec2<S> chord = next - previous;
  const S chordLength = length(chord);
  if (!(chordLength > S(0))) return S(0);
  return cross(vertex - previous, chord) / chordLength;
}

// Normals and the area centroid of a valid outline (the centroid is formed relative to vertex 0 for precision).
template <Scalar S>
Polygon<S> finishPolygon(std::span<const Vec2<S>> points) {
  Polygon<S> polygon;
  polygon.count = static_cast<int>(points.size());
  const Vec2<S> origin = points[0];
  S twiceArea = S(0);
  Vec2<S> weighted{};
  for (int i = 0; i < polygon.count; ++i) {
    const Vec2<S> current = points[i];
    const Vec2<S> next = points[(i + 1) % polygon.count];
    polygon.vertices[i] = current;
    polygon.normals[i] = normalize(rightPerp(next - current));  // outward for a counter-clockwise outline
    const S triangle = cross(current - origin, next - origin);
    twiceArea += triangle;
    weighted += triangle * ((current - origin) + (next - origin));
  }
  polygon.center = twiceArea > S(0) ? origin + weighted / (S(3) * twiceArea) : origin;
  return polygon;
}

template <Scalar S>
PolygonBuildResult<S> refuse(std::string error, int badVertex = -1) {
  PolygonBuildResult<S> result;
  result.error = std::move(error);
  result.badVertex = badVertex;
  return result;
}

}  // namespace

template <Scalar S>
S signedArea(std::span<const Vec2<S>> points) {
  if (points.size() < 3) return S(0);
  S twiceArea = S(0);
  const Vec2<S> origin = points[0];
  for (std::size_t i = 1; i + 1 < points.size(); ++i) twiceArea += cross(points[i] - origin, points[i + 1] - origin);
  return twiceArea / S(2);
}

// [SECTION] Convex hull

// Sort by x then y, drop duplicates, then the one hull kernel (monotoneChain, geometry.h).
template <Scalar S>
std::vector<Vec2<S>> convexHull(std::span<const Vec2<S>> points) {
  std::vector<Vec2<S>> sorted;
  sorted.reserve(points.size());
  for (const Vec2<S>& p : points) {
    if (isFinite(p)) sorted.push_back(p);
  }
  std::sort(sorted.begin(), sorted.end(), [](Vec2<S> a, Vec2<S> b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
  sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
  if (sorted.size() < 3) return sorted;

  std::vector<Vec2<S>> hull(2 * sorted.size());
  hull.resize(static_cast<std::size_t>(
      monotoneChain(sorted.data(), static_cast<int>(sorted.size()), hull.data(), [](Vec2<S> point) { return point; })));
  return hull;
}

// [SECTION] Validation

namespace {

template <Scalar S>
PolygonBuildResult<S> validate(std::span<const Vec2<S>> points) {
  const int count = static_cast<int>(points.size());
  if (count < 3) return refuse<S>("a polygon needs at least 3 vertices, got " + std::to_string(count));
  if (count > kMaxPolygonVertices) {
    return refuse<S>("a polygon has at most " + std::to_string(kMaxPolygonVertices) + " vertices, got " +
                     std::to_string(count));
  }
  for (int i = 0; i < count; ++i) {
    if (!isFinite(points[i])) return refuse<S>("vertex " + std::to_string(i) + " is not finite", i);
  }
  const S scale = outlineScale(points);
  const S tolerance = kPolygonRelativeTolerance<S> * scale;
  for (int i = 1; i < count; ++i) {
    for (int j = 0; j < i; ++j) {
      if (length(points[i] - points[j]) <= tolerance) {
        return refuse<S>("vertex " + std::to_string(i) + " duplicates vertex " + std::to_string(j), i);
      }
    }
  }
  const S area = signedArea(points);
  // Zero area: no thicker than a sliver of the tolerance's height across the whole outline.
  if (std::abs(area) <= tolerance * outlineExtent(points)) return refuse<S>("the outline has zero area (all vertices collinear)");
  if (area < S(0)) return refuse<S>("vertices are clockwise; list them counter-clockwise");
  for (int i = 0; i < count; ++i) {
    const S height = turnHeight(points[(i + count - 1) % count], points[i], points[(i + 1) % count]);
    if (std::abs(height) <= tolerance) {
      return refuse<S>("vertex " + std::to_string(i) + " is collinear with its neighbours", i);
    }
    if (height < S(0)) return refuse<S>("vertex " + std::to_string(i) + " makes the outline non-convex", i);
  }
  // Left turns everywhere still allow a star that winds twice (a pentagram): every vertex must also lie
  // strictly inside every edge's half-plane.
  for (int i = 0; i < count; ++i) {
    const Vec2<S> start = points[i];
    const Vec2<S> edge = points[(i + 1) % count] - start;
    const S edgeLength = length(edge);
    for (int j = 0; j < count; ++j) {
      if (j == i || j == (i + 1) % count) continue;
      if (cross(edge, points[j] - start) / edgeLength <= tolerance) {
        return refuse<S>("vertex " + std::to_string(j) + " makes the outline non-convex", j);
      }
    }
  }
  PolygonBuildResult<S> result;
  result.polygon = finishPolygon(points);
  return result;
}

// Drops hull vertices that are duplicates or collinear within the relative tolerance (the hull itself only
// drops exact ones), so Hull mode accepts what Validate would call a near-duplicate. One pass with a stack, as the
// monotone chain itself works (each vertex pushed and popped at most once), then the seam between the last and
// the first vertex: linear, where erasing and restarting was quadratic on a hull of many nearly collinear points.
template <Scalar S>
void dropNearlyCollinear(std::vector<Vec2<S>>& hull, S tolerance) {
  const auto redundant = [tolerance](Vec2<S> previous, Vec2<S> vertex, Vec2<S> next) {
    return length(vertex - next) <= tolerance || turnHeight(previous, vertex, next) <= tolerance;
  };
  std::vector<Vec2<S>> kept;
  kept.reserve(hull.size());
  for (const Vec2<S>& vertex : hull) {
    while (kept.size() >= 2 && redundant(kept[kept.size() - 2], kept.back(), vertex)) kept.pop_back();
    kept.push_back(vertex);
  }
  std::size_t first = 0;
  bool changed = true;
  while (changed && kept.size() - first >= 3) {
    changed = false;
    const std::size_t last = kept.size() - 1;
    if (redundant(kept[last - 1], kept[last], kept[first])) {
      kept.pop_back();
      changed = true;
    } else if (redundant(kept[last], kept[first], kept[first + 1])) {
      ++first;
      changed = true;
    }
  }
  hull.assign(kept.begin() + static_cast<std::ptrdiff_t>(first), kept.end());
}

}  // namespace

// [SECTION] makePolygon, makeBox, makeRegularPolygon

template <Scalar S>
PolygonBuildResult<S> makePolygon(std::span<const Vec2<S>> points, PolygonBuild mode) {
  if (mode == PolygonBuild::Validate) return validate(points);
  if (points.size() < 3) return refuse<S>("a hull needs at least 3 points, got " + std::to_string(points.size()));
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (!isFinite(points[i])) return refuse<S>("vertex " + std::to_string(i) + " is not finite", static_cast<int>(i));
  }
  std::vector<Vec2<S>> hull = convexHull(points);
  dropNearlyCollinear(hull, kPolygonRelativeTolerance<S> * outlineScale(points));
  if (hull.size() < 3) return refuse<S>("the points have zero area (all coincident or collinear)");
  if (hull.size() > static_cast<std::size_t>(kMaxPolygonVertices)) {
    return refuse<S>("the convex hull has " + std::to_string(hull.size()) + " vertices, at most " +
                     std::to_string(kMaxPolygonVertices) + " are allowed");
  }
  return validate(std::span<const Vec2<S>>(hull));
}

template <Scalar S>
Polygon<S> makeBox(Vec2<S> halfExtents) {
  const std::array<Vec2<S>, 4> corners = Box<S>{halfExtents}.corners();
  Polygon<S> polygon = finishPolygon(std::span<const Vec2<S>>(corners));
  polygon.center = {};  // exact, whatever rounding the general formula would add
  return polygon;
}

template <Scalar S>
Polygon<S> makeRegularPolygon(int vertexCount, S radius) {
  const int count = std::clamp(vertexCount, 3, kMaxPolygonVertices);
  std::array<Vec2<S>, kMaxPolygonVertices> points{};
  for (int i = 0; i < count; ++i) {
    const S angle = S(2) * std::numbers::pi_v<S> * S(i) / S(count);
    points[i] = radius * Vec2<S>{std::cos(angle), std::sin(angle)};
  }
  Polygon<S> polygon = finishPolygon(std::span<const Vec2<S>>(points.data(), static_cast<std::size_t>(count)));
  polygon.center = {};
  return polygon;
}

template <Scalar S>
Polygon<S> makeConvexPolygon(std::span<const Vec2<S>> outline) {
  return finishPolygon(outline);
}

// [SECTION] Explicit instantiations

#define COLLIDE_POLYGON_INSTANTIATE(S)                                                        \
  template PolygonBuildResult<S> makePolygon<S>(std::span<const Vec2<S>>, PolygonBuild);      \
  template std::vector<Vec2<S>> convexHull<S>(std::span<const Vec2<S>>);                     \
  template Polygon<S> makeBox<S>(Vec2<S>);                                                    \
  template Polygon<S> makeRegularPolygon<S>(int, S);                                          \
  template Polygon<S> makeConvexPolygon<S>(std::span<const Vec2<S>>);                         \
  template S signedArea<S>(std::span<const Vec2<S>>);
COLLIDE_POLYGON_INSTANTIATE(float)
COLLIDE_POLYGON_INSTANTIATE(double)
#undef COLLIDE_POLYGON_INSTANTIATE

}  // namespace collide
