// Concave polygons: the simple-outline check, ear clipping and the Hertel-Mehlhorn merge (collide/concave.h).
//
// [SECTION] Checks
// [SECTION] Ear clipping
// [SECTION] Hertel-Mehlhorn
// [SECTION] The 2D mid phase
// [SECTION] Instantiations
#include "collide/concave.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <utility>

#include "collide/bvh.h"
#include "collide/gjk.h"
#include "collide/polygon.h"
#include "collide/triangle_overlap.h"

namespace collide {
namespace {

// [SECTION] Checks

template <Scalar S>
bool check(std::span<const Vec2<S>> p, ConvexDecomposition<S>& out) {
  const int n = static_cast<int>(p.size());
  if (n < 3 || n > kMaxConcaveVertices) {
    out.error = "a concave polygon needs 3 to " + std::to_string(kMaxConcaveVertices) + " vertices, got " + std::to_string(n);
    return false;
  }
  for (int i = 0; i < n; ++i) {
    if (!isFinite(p[i])) {
      out.error = "vertex " + std::to_string(i) + " is not finite";
      out.vertex = i;
      return false;
    }
  }
  for (int i = 0; i < n; ++i) {
    if (p[i] == p[(i + n - 1) % n]) {
      out.error = "vertex " + std::to_string(i) + " repeats vertex " + std::to_string((i + n - 1) % n);
      out.vertex = i;
      return false;
    }
  }
  // Edges i and j share a point: for neighbours only their common corner is allowed, which the orientation
  // tells apart (a fold back over the neighbour is collinear and overlapping).
  for (int i = 0; i < n; ++i) {
    const Vec2<S> a = p[i], b = p[(i + 1) % n];
    for (int j = i + 1; j < n; ++j) {
      const Vec2<S> c = p[j], d = p[(j + 1) % n];
      bool bad = false;
      if (j == i + 1) {  // b == c: a fold when a, b, d are collinear with d back over ab
        bad = detail::orient2(a, b, d) == S(0) && dot(a - b, d - b) > S(0);
      } else if (i == 0 && j == n - 1) {  // d == a
        bad = detail::orient2(c, d, b) == S(0) && dot(c - d, b - d) > S(0);
      } else {
        bad = detail::segmentsTouch2(a, b, c, d);
      }
      if (bad) {
        out.error = "edges " + std::to_string(i) + " and " + std::to_string(j) + " intersect";
        out.edgeA = i;
        out.edgeB = j;
        return false;
      }
    }
  }
  const S area = signedArea(p);
  if (area == S(0)) {  // unreachable for a simple outline in exact arithmetic; kept against rounding
    out.error = "the outline has zero area";
    return false;
  }
  if (area < S(0)) {
    out.error = "vertices are clockwise; list them counter-clockwise";
    return false;
  }
  return true;
}

// [SECTION] Ear clipping

// Eberly 2002: a convex corner whose triangle holds no other remaining vertex is an ear; cut it and repeat. A
// corner with collinear neighbours is removed without a triangle. At most n passes over n corners.
template <Scalar S>
bool earClip(std::span<const Vec2<S>> p, std::vector<std::array<int, 3>>& triangles) {
  const int n = static_cast<int>(p.size());
  std::vector<int> prev(n), next(n);
  for (int i = 0; i < n; ++i) {
    prev[i] = (i + n - 1) % n;
    next[i] = (i + 1) % n;
  }
  const auto isEar = [&](int i) {
    const Vec2<S> a = p[prev[i]], b = p[i], c = p[next[i]];
    if (!(detail::orient2(a, b, c) > S(0))) return false;
    for (int k = next[next[i]]; k != prev[i]; k = next[k]) {
      const Vec2<S> q = p[k];
      if (q == a || q == b || q == c) continue;
      if (detail::orient2(a, b, q) >= S(0) && detail::orient2(b, c, q) >= S(0) && detail::orient2(c, a, q) >= S(0)) return false;
    }
    return true;
  };
  int remaining = n;
  int i = 0;
  for (int guard = 0; remaining > 3 && guard < n * n + n; ++guard) {
    bool cut = false;
    for (int step = 0; step < remaining; ++step, i = next[i]) {
      if (isEar(i)) {
        triangles.push_back({prev[i], i, next[i]});
        cut = true;
        break;
      }
    }
    if (!cut) {  // no strict ear: drop a corner between collinear neighbours, if there is one
      for (int step = 0; step < remaining; ++step, i = next[i]) {
        if (detail::orient2(p[prev[i]], p[i], p[next[i]]) == S(0)) {
          cut = true;
          break;
        }
      }
      if (!cut) return false;
    }
    next[prev[i]] = next[i];
    prev[next[i]] = prev[i];
    i = next[i];
    --remaining;
  }
  if (remaining == 3 && detail::orient2(p[prev[i]], p[i], p[next[i]]) > S(0)) triangles.push_back({prev[i], i, next[i]});
  return remaining == 3;
}

// [SECTION] Hertel-Mehlhorn

template <Scalar S>
std::vector<std::vector<int>> mergeParts(std::span<const Vec2<S>> p, const std::vector<std::array<int, 3>>& triangles) {
  std::vector<std::vector<int>> parts;
  for (const auto& t : triangles) parts.push_back({t[0], t[1], t[2]});
  std::vector<bool> alive(parts.size(), true);
  // Which part holds each directed edge; a diagonal is an edge held in both directions.
  std::map<std::pair<int, int>, int> owner;
  for (int k = 0; k < static_cast<int>(parts.size()); ++k) {
    for (int e = 0; e < 3; ++e) owner[{parts[k][e], parts[k][(e + 1) % 3]}] = k;
  }
  const std::vector<std::pair<int, int>> diagonals = [&] {
    std::vector<std::pair<int, int>> out;
    for (const auto& [edge, part] : owner) {
      if (edge.first < edge.second && owner.count({edge.second, edge.first}) != 0) out.push_back(edge);
    }
    return out;
  }();
  const auto convexAt = [&](int before, int at, int after) { return detail::orient2(p[before], p[at], p[after]) >= S(0); };
  for (const auto& [u, v] : diagonals) {
    const int a = owner.at({u, v}), b = owner.at({v, u});
    if (a == b || !alive[a] || !alive[b]) continue;
    const std::vector<int>& pa = parts[a];
    const std::vector<int>& pb = parts[b];
    if (pa.size() + pb.size() - 2 > static_cast<std::size_t>(kMaxPolygonVertices)) continue;
    // Part a runs ... u, v ...; part b runs ... v, u .... The merge: a from v round to u, then b after u round to
    // before v.
    const auto at = [](const std::vector<int>& cycle, int value) {
      return static_cast<int>(std::find(cycle.begin(), cycle.end(), value) - cycle.begin());
    };
    std::vector<int> merged;
    const int na = static_cast<int>(pa.size()), nb = static_cast<int>(pb.size());
    for (int k = 0, start = at(pa, v); k < na; ++k) merged.push_back(pa[(start + k) % na]);  // v ... u
    for (int k = 1, start = at(pb, u); k < nb - 1; ++k) merged.push_back(pb[(start + k) % nb]);  // after u ... before v
    const int m = static_cast<int>(merged.size());
    const int iu = na - 1;  // u's position; v is at 0
    if (!convexAt(merged[(iu + m - 1) % m], merged[iu], merged[(iu + 1) % m]) ||
        !convexAt(merged[m - 1], merged[0], merged[1])) {
      continue;
    }
    alive[b] = false;
    parts[a] = merged;
    for (int e = 0; e < m; ++e) owner[{merged[e], merged[(e + 1) % m]}] = a;
  }
  std::vector<std::vector<int>> result;
  for (std::size_t k = 0; k < parts.size(); ++k) {
    if (alive[k]) result.push_back(parts[k]);
  }
  return result;
}

}  // namespace

template <Scalar S>
ConvexDecomposition<S> decomposeConcave(std::span<const Vec2<S>> outline) {
  ConvexDecomposition<S> out;
  if (!check(outline, out)) return out;
  const int n = static_cast<int>(outline.size());
  for (int i = 0; i < n; ++i) {
    if (detail::orient2(outline[(i + n - 1) % n], outline[i], outline[(i + 1) % n]) < S(0)) ++out.reflexVertices;
  }
  if (!earClip(outline, out.triangles)) {
    out.error = "the outline could not be triangulated (rounding left no ear)";
    out.triangles.clear();
    return out;
  }
  out.parts = mergeParts(outline, out.triangles);
  for (const std::vector<int>& part : out.parts) {
    std::vector<Vec2<S>> points;
    for (const int index : part) points.push_back(outline[index]);
    const PolygonBuildResult<S> polygon = makePolygon<S>(points, PolygonBuild::Hull);  // convex: the hull drops collinear corners only
    if (!polygon.polygon) {
      out.error = "a convex part could not be made a polygon: " + polygon.error;
      out.polygons.clear();
      return out;
    }
    out.polygons.push_back(*polygon.polygon);
  }
  return out;
}

// [SECTION] The 2D mid phase

namespace {

// The parts placed in the world (GJK takes shapes in one frame) and their boxes, flat in z for the tree.
template <Scalar S>
void placeParts(const ConvexDecomposition<S>& d, const Transform<S>& xf, std::vector<Polygon<S>>& placed,
                std::vector<Bounds<S, 3>>& boxes) {
  for (const Polygon<S>& part : d.polygons) {
    std::vector<Vec2<S>> corners;
    Bounds<S, 3> box;
    box.min = {std::numeric_limits<S>::max(), std::numeric_limits<S>::max(), S(0)};
    box.max = {-std::numeric_limits<S>::max(), -std::numeric_limits<S>::max(), S(0)};
    for (int i = 0; i < part.count; ++i) {
      const Vec2<S> p = xf.apply(part.vertices[i]);
      corners.push_back(p);
      box.min[0] = std::min(box.min[0], p.x);
      box.min[1] = std::min(box.min[1], p.y);
      box.max[0] = std::max(box.max[0], p.x);
      box.max[1] = std::max(box.max[1], p.y);
    }
    placed.push_back(makeConvexPolygon<S>(corners));  // a rotation keeps the part convex and counter-clockwise
    boxes.push_back(box);
  }
}

}  // namespace

template <Scalar S>
ConcavePairs<S> overlappingParts(const ConvexDecomposition<S>& a, const Transform<S>& xfA,
                                 const ConvexDecomposition<S>& b, const Transform<S>& xfB) {
  ConcavePairs<S> result;
  if (!a.ok() || !b.ok() || a.polygons.empty() || b.polygons.empty() || !isFinite(xfA.p) || !isFinite(xfB.p) ||
      !std::isfinite(xfA.q.c) || !std::isfinite(xfA.q.s) || !std::isfinite(xfB.q.c) || !std::isfinite(xfB.q.s)) {
    result.status = Status::InvalidInput;
    return result;
  }
  std::vector<Polygon<S>> partsA, partsB;
  std::vector<Bounds<S, 3>> boxesA, boxesB;
  placeParts(a, xfA, partsA, boxesA);
  placeParts(b, xfB, partsB, boxesB);
  const Bvh<S> treeA = buildBvh(boxesA, {BvhBuild::BinnedSah, BvKind::Aabb, 16, 1});
  const Bvh<S> treeB = buildBvh(boxesB, {BvhBuild::BinnedSah, BvKind::Aabb, 16, 1});
  // Simultaneous descent on box overlap, splitting the larger node (Ericson 6.3.1).
  std::vector<std::array<int, 2>> stack{{0, 0}};
  while (!stack.empty()) {
    const auto [ia, ib] = stack.back();
    stack.pop_back();
    const BvhNode<S>& na = treeA.nodes[ia];
    const BvhNode<S>& nb = treeB.nodes[ib];
    ++result.bvTests;
    if (!overlaps(na.box, nb.box)) continue;
    if (na.isLeaf() && nb.isLeaf()) {
      for (int i = na.first; i < na.first + na.count; ++i) {
        for (int j = nb.first; j < nb.first + nb.count; ++j) {
          const int pa = treeA.primitives[i], pb = treeB.primitives[j];
          ++result.partTests;
          if (gjkIntersect(partsA[pa], partsB[pb]).hit) result.pairs.push_back({pa, pb});
        }
      }
    } else if (nb.isLeaf() || (!na.isLeaf() && surfaceMeasure(na.box) >= surfaceMeasure(nb.box))) {
      stack.push_back({na.right, ib});
      stack.push_back({na.left, ib});
    } else {
      stack.push_back({ia, nb.right});
      stack.push_back({ia, nb.left});
    }
  }
  std::sort(result.pairs.begin(), result.pairs.end());
  return result;
}

// [SECTION] Instantiations

template ConvexDecomposition<float> decomposeConcave<float>(std::span<const Vec2<float>>);
template ConvexDecomposition<double> decomposeConcave<double>(std::span<const Vec2<double>>);
template ConcavePairs<float> overlappingParts<float>(const ConvexDecomposition<float>&, const Transform<float>&,
                                                     const ConvexDecomposition<float>&, const Transform<float>&);
template ConcavePairs<double> overlappingParts<double>(const ConvexDecomposition<double>&, const Transform<double>&,
                                                       const ConvexDecomposition<double>&, const Transform<double>&);

}  // namespace collide
