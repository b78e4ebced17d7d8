// hull3.cpp: Quickhull in space (collide/hull3.h), then coplanar triangles merged into faces.
//
// [SECTION] Input checks and the tolerance
// [SECTION] Quickhull on triangles
// [SECTION] Merging coplanar triangles into faces
// [SECTION] makeHull
// [SECTION] Explicit instantiations
#include "collide/hull3.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace collide {

namespace {

// [SECTION] Input checks and the tolerance

// The length the tolerance scales: the cloud's bounding-box diagonal, or its largest coordinate when that is
// larger (rounding grows with the coordinates themselves).
template <Scalar S>
S cloudScale(std::span<const Vec3<S>> points) {
  Vec3<S> low = points[0];
  Vec3<S> high = points[0];
  S largest = S(0);
  for (const Vec3<S>& p : points) {
    low = {std::min(low.x, p.x), std::min(low.y, p.y), std::min(low.z, p.z)};
    high = {std::max(high.x, p.x), std::max(high.y, p.y), std::max(high.z, p.z)};
    largest = std::max({largest, std::abs(p.x), std::abs(p.y), std::abs(p.z)});
  }
  return std::max(length(high - low), largest);
}

// The bounding box's centre: the points are shifted by it so the planes are formed near the origin.
template <Scalar S>
Vec3<S> cloudCenter(std::span<const Vec3<S>> points) {
  Vec3<S> low = points[0];
  Vec3<S> high = points[0];
  for (const Vec3<S>& p : points) {
    low = {std::min(low.x, p.x), std::min(low.y, p.y), std::min(low.z, p.z)};
    high = {std::max(high.x, p.x), std::max(high.y, p.y), std::max(high.z, p.z)};
  }
  return S(0.5) * (low + high);
}

// [SECTION] Quickhull on triangles

template <Scalar S>
struct Triangle {
  std::array<int, 3> v{};    // point indices, counter-clockwise seen from outside
  std::array<int, 3> adj{};  // the triangle across edge v[k] -> v[k + 1]
  Vec3<S> normal{};          // unit, outward
  S offset{};
  std::vector<int> outside;  // the conflict list: points above this triangle and above no other one farther
  bool alive = true;
};

// Quickhull over points already checked finite, with at least 4 that span a volume. Keeps triangles only; the
// caller merges coplanar ones. Barber et al. 1996; Gregorius, GDC 2014 ("Implementing Quickhull").
template <Scalar S>
class Quickhull {
 public:
  Quickhull(std::vector<Vec3<S>> points, S tolerance) : p_(std::move(points)), tolerance_(tolerance) {}

  // Builds the hull from the tetrahedron i0..i3 (i3 off the plane of the others). Every loop is capped: each
  // iteration takes one point out of a conflict list for good, so there are at most as many as points.
  void build(std::array<int, 4> simplex) {
    const auto [i0, i1, i2, i3] = simplex;
    const S side = dot(cross(p_[i1] - p_[i0], p_[i2] - p_[i0]), p_[i3] - p_[i0]);
    // The base counter-clockwise seen from outside, i.e. with the apex i3 below it.
    const std::array<int, 3> base = side < S(0) ? std::array<int, 3>{i0, i1, i2} : std::array<int, 3>{i0, i2, i1};
    addTriangle(base[0], base[1], base[2]);
    addTriangle(base[1], base[0], i3);
    addTriangle(base[2], base[1], i3);
    addTriangle(base[0], base[2], i3);
    linkByEdges();

    std::vector<int> rest;
    for (int i = 0; i < static_cast<int>(p_.size()); ++i) {
      if (i != i0 && i != i1 && i != i2 && i != i3) rest.push_back(i);
    }
    assignOutside(rest, 0);

    startOf_.assign(p_.size(), -1);
    endOf_.assign(p_.size(), -1);
    const int cap = static_cast<int>(p_.size());
    for (int iteration = 0; iteration < cap; ++iteration) {
      const int face = faceWithOutsidePoints();
      if (face < 0) break;
      addPoint(face);
    }
  }

  [[nodiscard]] const std::vector<Triangle<S>>& triangles() const { return triangles_; }
  [[nodiscard]] const std::vector<Vec3<S>>& points() const { return p_; }

 private:
  [[nodiscard]] S distance(const Triangle<S>& t, int point) const { return dot(t.normal, p_[point]) - t.offset; }

  int addTriangle(int a, int b, int c) {
    Triangle<S> t;
    t.v = {a, b, c};
    t.adj = {-1, -1, -1};
    t.normal = normalize(cross(p_[b] - p_[a], p_[c] - p_[a]));
    t.offset = dot(t.normal, p_[a]);
    triangles_.push_back(std::move(t));
    return static_cast<int>(triangles_.size()) - 1;
  }

  // Adjacency of the start tetrahedron: every directed edge meets its reverse.
  void linkByEdges() {
    for (Triangle<S>& t : triangles_) {
      for (int k = 0; k < 3; ++k) {
        for (int other = 0; other < static_cast<int>(triangles_.size()); ++other) {
          if (edgeIndex(triangles_[other], t.v[(k + 1) % 3], t.v[k]) >= 0) t.adj[k] = other;
        }
      }
    }
  }

  // k such that t's edge k runs a -> b, or -1.
  [[nodiscard]] static int edgeIndex(const Triangle<S>& t, int a, int b) {
    for (int k = 0; k < 3; ++k) {
      if (t.v[k] == a && t.v[(k + 1) % 3] == b) return k;
    }
    return -1;
  }

  // Gives each point to the alive triangle (from `firstTriangle` on) it is farthest above, beyond the tolerance;
  // points above none are inside (or on the surface) and leave the build.
  void assignOutside(const std::vector<int>& points, int firstTriangle) {
    for (const int point : points) {
      int best = -1;
      S bestDistance = tolerance_;
      for (int t = firstTriangle; t < static_cast<int>(triangles_.size()); ++t) {
        if (!triangles_[t].alive) continue;
        const S d = distance(triangles_[t], point);
        if (d > bestDistance) {
          bestDistance = d;
          best = t;
        }
      }
      if (best >= 0) triangles_[best].outside.push_back(point);
    }
  }

  [[nodiscard]] int faceWithOutsidePoints() const {
    for (int t = 0; t < static_cast<int>(triangles_.size()); ++t) {
      if (triangles_[t].alive && !triangles_[t].outside.empty()) return t;
    }
    return -1;
  }

  // Adds the farthest point of `face`'s conflict list: the faces it sees go, a fan from it to the horizon comes.
  void addPoint(int face) {
    std::vector<int>& candidates = triangles_[face].outside;
    const auto farthest = std::max_element(candidates.begin(), candidates.end(), [&](int a, int b) {
      return distance(triangles_[face], a) < distance(triangles_[face], b);
    });
    const int eye = *farthest;
    candidates.erase(farthest);

    // The faces the eye sees: a flood from `face` over neighbours the eye is above by more than the tolerance.
    std::vector<int> visible{face};
    std::vector<char> seen(triangles_.size(), 0);
    seen[face] = 1;
    for (std::size_t i = 0; i < visible.size(); ++i) {
      for (const int neighbour : triangles_[visible[i]].adj) {
        if (!seen[neighbour] && distance(triangles_[neighbour], eye) > tolerance_) {
          seen[neighbour] = 1;
          visible.push_back(neighbour);
        }
      }
    }

    // The horizon: edges of visible faces whose neighbour is hidden. It must be one simple loop; rounding can pinch
    // it when the eye is within rounding of several planes at once, and then the eye counts as on the surface.
    struct HorizonEdge {
      int a, b, hidden;
    };
    std::vector<HorizonEdge> horizon;
    for (const int t : visible) {
      for (int k = 0; k < 3; ++k) {
        const int neighbour = triangles_[t].adj[k];
        if (!seen[neighbour]) horizon.push_back({triangles_[t].v[k], triangles_[t].v[(k + 1) % 3], neighbour});
      }
    }
    if (!isSimpleLoop(horizon)) return;

    // The fan: triangle (a, b, eye) on each horizon edge a -> b, linked to the hidden face and to its two
    // neighbours in the fan (the ones starting at b and ending at a).
    const int firstNew = static_cast<int>(triangles_.size());
    for (const HorizonEdge& edge : horizon) {
      const int t = addTriangle(edge.a, edge.b, eye);
      triangles_[t].adj[0] = edge.hidden;
      triangles_[edge.hidden].adj[edgeIndex(triangles_[edge.hidden], edge.b, edge.a)] = t;
      startOf_[edge.a] = t;
      endOf_[edge.b] = t;
    }
    for (int t = firstNew; t < static_cast<int>(triangles_.size()); ++t) {
      triangles_[t].adj[1] = startOf_[triangles_[t].v[1]];
      triangles_[t].adj[2] = endOf_[triangles_[t].v[0]];
    }
    for (const HorizonEdge& edge : horizon) startOf_[edge.a] = endOf_[edge.b] = -1;

    // The visible faces' points go to the new faces, or leave the build when no new face has them outside.
    std::vector<int> orphans;
    for (const int t : visible) {
      orphans.insert(orphans.end(), triangles_[t].outside.begin(), triangles_[t].outside.end());
      triangles_[t].outside.clear();
      triangles_[t].outside.shrink_to_fit();
      triangles_[t].alive = false;
    }
    assignOutside(orphans, firstNew);
  }

  template <class Edge>
  [[nodiscard]] bool isSimpleLoop(const std::vector<Edge>& horizon) {
    if (horizon.size() < 3) return false;
    bool simple = true;
    for (const Edge& edge : horizon) {
      if (startOf_[edge.a] != -1) simple = false;
      startOf_[edge.a] = edge.b;
    }
    if (simple) {
      std::size_t steps = 0;
      int at = horizon[0].a;
      do {
        at = startOf_[at];
        ++steps;
      } while (at >= 0 && at != horizon[0].a && steps <= horizon.size());
      simple = at == horizon[0].a && steps == horizon.size();
    }
    for (const Edge& edge : horizon) startOf_[edge.a] = -1;
    return simple;
  }

  std::vector<Vec3<S>> p_;
  S tolerance_;
  std::vector<Triangle<S>> triangles_;
  std::vector<int> startOf_;  // scratch per point: the fan triangle starting there (or the next loop point)
  std::vector<int> endOf_;    // scratch per point: the fan triangle ending there
};

// [SECTION] Merging coplanar triangles into faces

// A face before it becomes a HullFace: its vertex loop (point indices, counter-clockwise from outside) and the
// plane normal of its seed triangle, which every vertex of the loop is within the tolerance of.
template <Scalar S>
struct FaceLoop {
  std::vector<int> loop;
  Vec3<S> normal{};
};

// Groups adjacent triangles lying within the tolerance of one plane into a face and returns the faces' loops.
// Seeds go by decreasing area, so a big triangle's plane gathers its slivers (not a sliver's tilted plane); a
// triangle joins when all three corners are within the tolerance of the seed's plane. A group whose boundary is
// not one simple loop, or dents inward by more than the tolerance (both only on clouds that are nearly curved at
// the tolerance's scale), falls back to its single triangles.
template <Scalar S>
std::vector<FaceLoop<S>> mergeCoplanar(const std::vector<Triangle<S>>& all, const std::vector<Vec3<S>>& p, S tolerance) {
  std::vector<int> alive;
  for (int t = 0; t < static_cast<int>(all.size()); ++t) {
    if (all[t].alive) alive.push_back(t);
  }
  std::vector<S> area(all.size(), S(0));
  for (const int t : alive) {
    area[t] = length(cross(p[all[t].v[1]] - p[all[t].v[0]], p[all[t].v[2]] - p[all[t].v[0]]));
  }
  std::vector<int> order = alive;
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return area[a] > area[b]; });

  std::vector<int> group(all.size(), -1);
  std::vector<std::vector<int>> members;
  for (const int seed : order) {
    if (group[seed] >= 0) continue;
    const int id = static_cast<int>(members.size());
    members.push_back({seed});
    group[seed] = id;
    const Vec3<S> normal = all[seed].normal;
    const S offset = all[seed].offset;
    for (std::size_t i = 0; i < members[id].size(); ++i) {
      for (const int neighbour : all[members[id][i]].adj) {
        if (group[neighbour] >= 0 || !(dot(all[neighbour].normal, normal) > S(0))) continue;
        bool coplanar = true;
        for (const int v : all[neighbour].v) coplanar = coplanar && std::abs(dot(normal, p[v]) - offset) <= tolerance;
        if (coplanar) {
          group[neighbour] = id;
          members[id].push_back(neighbour);
        }
      }
    }
  }

  std::vector<FaceLoop<S>> faces;
  std::map<int, int> next;  // boundary edge a -> b of the group being traced
  for (std::size_t id = 0; id < members.size(); ++id) {
    next.clear();
    bool simple = true;
    for (const int t : members[id]) {
      for (int k = 0; k < 3; ++k) {
        if (group[all[t].adj[k]] == static_cast<int>(id)) continue;
        simple = simple && next.emplace(all[t].v[k], all[t].v[(k + 1) % 3]).second;
      }
    }
    FaceLoop<S> face{{}, all[members[id][0]].normal};
    if (simple) {
      const int start = next.begin()->first;
      int at = start;
      do {
        face.loop.push_back(at);
        const auto found = next.find(at);
        at = found == next.end() ? -1 : found->second;
      } while (at >= 0 && at != start && face.loop.size() <= next.size());
      simple = at == start && face.loop.size() == next.size();
    }
    // Convex within the tolerance: no corner dents inward by more than it (a dent is a corner b lying inside the
    // chord a -> c; its signed distance from that chord is cross(b - a, c - a) . n / |c - a|).
    for (std::size_t k = 0; simple && k < face.loop.size(); ++k) {
      const Vec3<S>& a = p[face.loop[k]];
      const Vec3<S>& b = p[face.loop[(k + 1) % face.loop.size()]];
      const Vec3<S>& c = p[face.loop[(k + 2) % face.loop.size()]];
      simple = dot(cross(b - a, c - a), face.normal) >= -tolerance * length(c - a);
    }
    if (simple) {
      faces.push_back(std::move(face));
    } else {
      for (const int t : members[id]) faces.push_back({{all[t].v[0], all[t].v[1], all[t].v[2]}, all[t].normal});
    }
  }
  return faces;
}

// Drops loop vertices that lie on an edge between two faces only (a point on a box's edge that Quickhull added
// before the corners): a true vertex of a polyhedron has at least 3 faces around it.
// A vertex stays wherever dropping it would leave some face with fewer than 3 vertices, so both faces along an
// edge always drop the same points.
template <Scalar S>
void dropEdgeVertices(std::vector<FaceLoop<S>>& faces, std::size_t pointCount) {
  std::vector<int> faceCount(pointCount, 0);
  for (const FaceLoop<S>& face : faces) {
    for (const int v : face.loop) ++faceCount[v];
  }
  std::vector<char> drop(pointCount, 0);
  for (std::size_t v = 0; v < pointCount; ++v) drop[v] = faceCount[v] > 0 && faceCount[v] < 3;
  for (std::size_t round = 0; round <= faces.size(); ++round) {
    bool changed = false;
    for (const FaceLoop<S>& face : faces) {
      const auto kept = std::count_if(face.loop.begin(), face.loop.end(), [&](int v) { return !drop[v]; });
      if (kept >= 3) continue;
      for (const int v : face.loop) {
        changed = changed || drop[v];
        drop[v] = 0;
      }
    }
    if (!changed) break;
  }
  for (FaceLoop<S>& face : faces) std::erase_if(face.loop, [&](int v) { return drop[v] != 0; });
}

std::string pointName(int index) { return "point " + std::to_string(index); }

std::string shortNumber(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3g", value);
  return text;
}

// "8 and 9", "10-14", "8, 10 and 12-15": ascending indices, runs of three or more as ranges.
std::string indexList(const std::vector<int>& indices) {
  std::vector<std::string> parts;
  for (std::size_t i = 0; i < indices.size();) {
    std::size_t j = i;
    while (j + 1 < indices.size() && indices[j + 1] == indices[j] + 1) ++j;
    if (j >= i + 2) {
      parts.push_back(std::to_string(indices[i]) + "-" + std::to_string(indices[j]));
    } else {
      for (std::size_t k = i; k <= j; ++k) parts.push_back(std::to_string(indices[k]));
    }
    i = j + 1;
  }
  std::string text;
  for (std::size_t k = 0; k < parts.size(); ++k) text += (k == 0 ? "" : k + 1 == parts.size() ? " and " : ", ") + parts[k];
  return text;
}

// What Quickhull dropped, by input index: duplicates of a vertex (within the tolerance) named by it, then the points
// on the surface (a face or an edge), then the inner ones. `vertexOf` is -1 for a dropped point.
template <Scalar S>
std::string droppedSentence(const std::vector<Vec3<S>>& p, const std::vector<int>& vertexOf,
                            const std::vector<FaceLoop<S>>& loops, S tolerance) {
  const int count = static_cast<int>(p.size());
  std::map<int, std::vector<int>> duplicates;  // by the vertex's input index
  std::vector<int> surface, inner;
  int vertices = 0;
  for (int i = 0; i < count; ++i) {
    if (vertexOf[i] >= 0) {
      ++vertices;
      continue;
    }
    int twin = -1;
    for (int j = 0; j < count && twin < 0; ++j) {
      if (vertexOf[j] >= 0 && distance(p[i], p[j]) <= tolerance) twin = j;
    }
    if (twin >= 0) {
      duplicates[twin].push_back(i);
      continue;
    }
    // Outside every face plane by at most the tolerance, and within it of one: on the surface.
    S nearest = std::numeric_limits<S>::infinity();
    for (const FaceLoop<S>& face : loops) nearest = std::min(nearest, std::abs(dot(face.normal, p[i] - p[face.loop[0]])));
    (nearest <= tolerance ? surface : inner).push_back(i);
  }
  if (vertices == count) return {};
  std::vector<std::string> groups;
  for (const auto& [twin, list] : duplicates) groups.push_back(indexList(list) + " (= " + pointName(twin) + ")");
  if (!surface.empty()) groups.push_back(indexList(surface) + " on a face or an edge");
  if (!inner.empty()) groups.push_back(indexList(inner) + " inside");
  std::string text = std::to_string(count) + " points given: " + std::to_string(vertices) + " vertices; dropped: " +
                     (count - vertices == 1 ? "point " : "points ");
  for (std::size_t k = 0; k < groups.size(); ++k) text += (k == 0 ? "" : ", ") + groups[k];
  return text;
}

}  // namespace

// [SECTION] makeHull

template <Scalar S>
HullBuildResult<S> makeHull(std::span<const Vec3<S>> points, HullBuild mode) {
  HullBuildResult<S> result;
  const int count = static_cast<int>(points.size());
  if (count < 4) {
    result.error = "a hull needs at least 4 points; got " + std::to_string(count);
    return result;
  }
  if (count > kMaxHullPoints) {
    result.error = "a hull takes at most " + std::to_string(kMaxHullPoints) + " points; got " + std::to_string(count);
    return result;
  }
  for (int i = 0; i < count; ++i) {
    const ShapeCheck check = detail::checkPoint(points[i], ShapeField::Points);
    if (!check) {
      result.error = pointName(i) + (check.fault == ShapeFault::NotFinite ? " is not finite" : " is beyond the coordinate range");
      result.badPoint = i;
      return result;
    }
  }

  // The build runs in double whatever S is: a float point converts exactly, and slivers between close points on
  // a curved cloud get normals good to double's rounding rather than float's. The tolerance stays S's, since the
  // input was rounded to S.
  using D = double;
  std::vector<Vec3<D>> p(points.size());
  for (int i = 0; i < count; ++i) p[i] = points[i].template cast<D>();
  const D scale = cloudScale<D>(p);
  // The start tetrahedron is found at the narrowest width built; the tolerance follows from its spans below.
  const D narrowest = kHullMinRelativeWidth * scale;
  const Vec3<D> center = cloudCenter<D>(p);
  for (Vec3<D>& point : p) point -= center;
  // "within 1.41e-12 of one line (1e-12 of the hull's size 1.41)": the width under which a refusal says so.
  const std::string within = shortNumber(narrowest) + " of one ";
  const std::string relative = " (" + shortNumber(kHullMinRelativeWidth) + " of the hull's size " + shortNumber(scale) + ")";
  const std::string flatAdvice = "; a hull needs 4 points that span a volume: give a thin box (a small half extent), or a triangle";

  // The start tetrahedron: the farthest pair among the extreme points on x, y and z, the point farthest from
  // their line, the point farthest from that plane (Gregorius, GDC 2014).
  std::array<int, 6> extremes{0, 0, 0, 0, 0, 0};
  for (int i = 1; i < count; ++i) {
    const D ci[3] = {p[i].x, p[i].y, p[i].z};
    for (int axis = 0; axis < 3; ++axis) {
      const auto coordinate = [&](int j) { return axis == 0 ? p[j].x : (axis == 1 ? p[j].y : p[j].z); };
      if (ci[axis] < coordinate(extremes[2 * axis])) extremes[2 * axis] = i;
      if (ci[axis] > coordinate(extremes[2 * axis + 1])) extremes[2 * axis + 1] = i;
    }
  }
  int i0 = 0, i1 = 0;
  D widest = -1;
  for (const int a : extremes) {
    for (const int b : extremes) {
      if (lengthSquared(p[b] - p[a]) > widest) {
        widest = lengthSquared(p[b] - p[a]);
        i0 = std::min(a, b);
        i1 = std::max(a, b);
      }
    }
  }
  if (!(std::sqrt(widest) > narrowest)) {
    result.error = "all points coincide: they lie within " + shortNumber(narrowest) + " of one point" + relative +
                   "; a hull needs 4 points that span a volume";
    return result;
  }
  const Vec3<D> direction = normalize(p[i1] - p[i0]);
  int i2 = -1;
  D farthest = narrowest;
  for (int i = 0; i < count; ++i) {
    const D d = length(cross(p[i] - p[i0], direction));
    if (d > farthest) {
      farthest = d;
      i2 = i;
    }
  }
  if (i2 < 0) {
    result.error = "all points are collinear: they lie within " + within + "line" + relative +
                   "; a hull needs 4 points that span a volume: give a segment, or a thin capsule";
    return result;
  }
  const D lineWidth = farthest;
  const Vec3<D> normal = normalize(cross(p[i1] - p[i0], p[i2] - p[i0]));
  int i3 = -1;
  farthest = narrowest;
  for (int i = 0; i < count; ++i) {
    const D d = std::abs(dot(p[i] - p[i0], normal));
    if (d > farthest) {
      farthest = d;
      i3 = i;
    }
  }
  if (i3 < 0) {
    result.error = "all points are coplanar: they lie within " + within + "plane" + relative + flatAdvice;
    return result;
  }
  // The cloud's width: the least of the tetrahedron's spans. A plate gets a tolerance under its thickness.
  const D width = std::min({std::sqrt(widest), lineWidth, farthest});
  const D tolerance = std::min(static_cast<D>(kHullRelativeTolerance<S>) * scale, kHullThinFraction * width);

  Quickhull<D> quickhull(std::move(p), tolerance);
  quickhull.build({i0, i1, i2, i3});
  const std::vector<Vec3<D>>& local = quickhull.points();
  std::vector<FaceLoop<D>> loops = mergeCoplanar(quickhull.triangles(), local, tolerance);
  dropEdgeVertices(loops, local.size());

  // Vertices: the points some face uses, in input order.
  std::vector<int> vertexOf(count, -1);
  for (const FaceLoop<D>& face : loops) {
    for (const int v : face.loop) vertexOf[v] = 0;
  }
  if (mode == HullBuild::Validate) {
    for (int j = 1; j < count; ++j) {
      for (int i = 0; i < j; ++i) {
        if (distance(local[i], local[j]) <= tolerance) {
          result.error = pointName(j) + " duplicates " + pointName(i);
          result.badPoint = j;
          return result;
        }
      }
    }
    for (int i = 0; i < count; ++i) {
      if (vertexOf[i] >= 0) continue;
      result.error = pointName(i) + " is not a vertex of the hull (it lies inside it, or on a face or an edge)";
      result.badPoint = i;
      return result;
    }
  }
  Hull<S> hull;
  Vec3<D> sum{};
  for (int i = 0; i < count; ++i) {
    if (vertexOf[i] < 0) continue;
    vertexOf[i] = static_cast<int>(hull.vertices.size());
    hull.vertices.push_back(points[i]);
    sum += local[i];
  }
  hull.center = (sum / static_cast<D>(hull.vertices.size()) + center).template cast<S>();
  hull.lanes = detail::supportLanes(hull.vertices);
  if (static_cast<int>(hull.vertices.size()) < count) {
    hull.givenPoints.assign(points.begin(), points.end());
    result.dropped = droppedSentence(local, vertexOf, loops, tolerance);
  }

  // Faces: the seed's normal, and the offset of the farthest vertex (in S, as SAT will compute) so every vertex is
  // inside or on the plane.
  for (const FaceLoop<D>& face : loops) {
    HullFace<S> out;
    out.normal = normalize(face.normal.template cast<S>());
    out.first = static_cast<int>(hull.faceVertices.size());
    out.count = static_cast<int>(face.loop.size());
    out.offset = -std::numeric_limits<S>::infinity();
    for (const Vec3<S>& v : hull.vertices) out.offset = std::max(out.offset, dot(out.normal, v));
    for (const int v : face.loop) hull.faceVertices.push_back(vertexOf[v]);
    hull.faces.push_back(out);
  }

  // Edges, each once: a -> b counter-clockwise in faceA, met as b -> a in faceB.
  std::map<std::pair<int, int>, int> edgeOf;
  for (int f = 0; f < static_cast<int>(hull.faces.size()); ++f) {
    const HullFace<S>& face = hull.faces[f];
    for (int k = 0; k < face.count; ++k) {
      const int a = hull.faceVertices[face.first + k];
      const int b = hull.faceVertices[face.first + (k + 1) % face.count];
      const auto found = edgeOf.find({b, a});
      if (found != edgeOf.end()) {
        hull.edges[found->second].faceB = f;
        edgeOf.erase(found);
      } else {
        edgeOf.emplace(std::pair{a, b}, static_cast<int>(hull.edges.size()));
        hull.edges.push_back({a, b, f, -1});
      }
    }
  }
  // Every edge met from both sides: a closed surface. Rounding in a near-degenerate cloud could break it, and a
  // hull that is not closed is refused rather than handed to SAT.
  if (!edgeOf.empty()) {
    result.error = "the points are too close to degenerate for a closed hull (rounding left an open edge)";
    return result;
  }
  result.hull = std::move(hull);
  return result;
}

// [SECTION] Explicit instantiations

template HullBuildResult<float> makeHull<float>(std::span<const Vec3<float>>, HullBuild);
template HullBuildResult<double> makeHull<double>(std::span<const Vec3<double>>, HullBuild);

}  // namespace collide
