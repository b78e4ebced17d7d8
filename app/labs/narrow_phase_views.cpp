// The narrow-phase lab's two views: the world (A, B, witness points, SAT shadows, the result) and the Minkowski
// difference A - B (the origin, the GJK simplex with its Voronoi regions, the EPA polytope, the SAT shadow of
// A - B). Both draw the same recorded step.
//
// [SECTION] Helpers: labels, world supports, regions
// [SECTION] Minkowski difference
// [SECTION] World view
// [SECTION] Minkowski view
// [SECTION] GJK step
// [SECTION] EPA step
// [SECTION] SAT step
// [SECTION] Analytic step and the result
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numbers>
#include <optional>
#include <string>
#include <utility>
#include <type_traits>
#include <variant>

#include <imgui.h>

#include "collide/polygon.h"
#include "collide/support.h"
#include "labs/narrow_phase_lab.h"
#include "labs/narration.h"
#include "widgets/wrapped_text.h"

namespace lab {

namespace {

using collide::Algorithm;
using collide::SimplexRegion;

constexpr int kCurveSamples = 256;  // support directions for a curved A - B
constexpr Color kSimplex = rgb(0xffffff);
constexpr Color kRegionVertex = rgb(0x6d8bd6);
constexpr Color kRegionEdge = rgb(0x4fb3a9);
constexpr Color kRegionInterior = rgb(0xb48cff);

// [SECTION] Helpers: labels, world supports, regions

// A label on a dark box, above and right of the point unless that spot is taken (the renderer lays labels out:
// render/label_layout.h). wrapPixels > 0 wraps long text.
void tag(Renderer2D& renderer, Vec2d at, std::string_view text, Color color, Vec2d offsetPixels = {8, -22},
         float wrapPixels = 0.0f) {
  if (wrapPixels > 0.0f) renderer.label(at, wrappedLines(text, wrapPixels), color, offsetPixels);
  else renderer.label(at, text, color, offsetPixels);
}

double pixel(const Renderer2D& renderer) { return renderer.camera().pixelsToWorld(1.0); }

Vec2d unit(Vec2d v) {
  const double n = collide::length(v);
  return n > 0 ? v / n : Vec2d{1, 0};
}

// The farthest point of a placed shape along d, world frame (an Aabb is already in world space).
Vec2d worldSupport(const Collider& collider, Vec2d direction, bool core) {
  return std::visit(
      [&](const auto& shape) -> Vec2d {
        using T = std::decay_t<decltype(shape)>;
        if constexpr (std::is_same_v<T, collide::Aabb<double>>) {
          return shape.support(direction);
        } else {
          const collide::Transformed placed{shape, collider.transform};
          return core ? placed.coreSupport(direction) : placed.support(direction);
        }
      },
      collider.shape);
}

// The vertices of a polytope shape (or of a rounded shape's core), world frame; empty for curves.
std::vector<Vec2d> polytopeVertices(const Collider& collider, bool core) {
  const collide::Transform<double>& t = collider.transform;
  return std::visit(
      [&](const auto& shape) -> std::vector<Vec2d> {
        using T = std::decay_t<decltype(shape)>;
        if constexpr (std::is_same_v<T, collide::Point<double>>) {
          return {t.apply(shape.position)};
        } else if constexpr (std::is_same_v<T, collide::Segment<double>>) {
          return {t.apply(shape.a), t.apply(shape.b)};
        } else if constexpr (std::is_same_v<T, collide::Aabb<double>>) {
          return {shape.min, {shape.max.x, shape.min.y}, shape.max, {shape.min.x, shape.max.y}};
        } else if constexpr (std::is_same_v<T, collide::Box<double>>) {
          std::vector<Vec2d> out;
          for (const Vec2d& corner : shape.corners()) out.push_back(t.apply(corner));
          return out;
        } else if constexpr (std::is_same_v<T, collide::Polygon<double>>) {
          std::vector<Vec2d> out;
          for (int i = 0; i < shape.count; ++i) out.push_back(t.apply(shape.vertices[static_cast<std::size_t>(i)]));
          return out;
        } else if constexpr (std::is_same_v<T, collide::Circle<double>>) {
          if (core) return {t.apply(shape.center)};
          return {};
        } else if constexpr (std::is_same_v<T, collide::Capsule<double>>) {
          if (core) return {t.apply(shape.a), t.apply(shape.b)};
          return {};
        } else {
          return {};  // sector: curved
        }
      },
      collider.shape);
}

// Outward unit normal of edge p-q, away from `inside`.
Vec2d outwardNormal(Vec2d p, Vec2d q, Vec2d inside) {
  Vec2d n = unit(collide::rightPerp(q - p));
  if (collide::dot(n, inside - p) > 0) n = -n;
  return n;
}


// A sector wider than 90 degrees is not convex (Sector::isConvex), so neither is A - B.
bool nonConvexSector(const Collider& collider) {
  const auto* sector = std::get_if<collide::Sector<double>>(&collider.shape);
  return sector != nullptr && !sector->isConvex();
}

// A circle's (or a point's) centre and radius, world frame; nullopt for other shapes.
std::optional<std::pair<Vec2d, double>> roundShape(const Collider& collider) {
  if (const auto* circle = std::get_if<collide::Circle<double>>(&collider.shape))
    return std::pair{collider.transform.apply(circle->center), circle->radius};
  if (const auto* point = std::get_if<collide::Point<double>>(&collider.shape))
    return std::pair{collider.transform.apply(point->position), 0.0};
  return std::nullopt;
}

// The true A - B of a sector and a circle of radius r, centre c: the sector (reflected through the origin when it is
// B) moved by c, grown by r. Grown by r, a sector is the pie of radius R + r over its span joined with the capsules
// of radius r around its two straight edges, so those are filled, in one opaque colour (translucent pieces would
// darken where they overlap). Returns the topmost point, for the name.
Vec2d drawSectorDifference(Renderer2D& renderer, const Collider& sectorShape, bool sectorIsA, Vec2d centre, double r) {
  const auto& sector = std::get<collide::Sector<double>>(sectorShape.shape);
  const double sign = sectorIsA ? 1.0 : -1.0;
  const Vec2d apex = sectorIsA ? sectorShape.transform.p - centre : centre - sectorShape.transform.p;
  const auto along = [&](double angle) { return sign * sectorShape.transform.q.apply(Vec2d{std::cos(angle), std::sin(angle)}); };
  const Vec2d lower = along(-sector.halfAngle);
  const double start = std::atan2(lower.y, lower.x);
  const auto over = [](float from, float to) { return from + 0.22f * (to - from); };  // kMinkowski at 22% on the background
  const Color fill{over(palette::kBackground.r, palette::kMinkowski.r), over(palette::kBackground.g, palette::kMinkowski.g),
                   over(palette::kBackground.b, palette::kMinkowski.b), 1.0f};
  renderer.arc(apex, sector.radius + r, start, 2.0 * sector.halfAngle, fill, palette::kMinkowski, 2.0f);
  Vec2d top = apex;
  for (double angle : {-sector.halfAngle, sector.halfAngle}) {
    const Vec2d end = apex + sector.radius * along(angle);
    const Vec2d side = r * unit(collide::leftPerp(end - apex));
    if (r > 0) {
      renderer.convexPolygon(std::array<Vec2d, 4>{apex - side, end - side, end + side, apex + side}, fill);
      renderer.circle(end, r, fill, Color{0, 0, 0, 0});
    }
    if (end.y > top.y) top = end;
  }
  if (r > 0) renderer.circle(apex, r, fill, Color{0, 0, 0, 0});
  return top + Vec2d{0, r};
}

}  // namespace

// [SECTION] Minkowski difference

void banner(Renderer2D& renderer, const std::string& text, Color color) {
  const ScreenRect& rect = renderer.camera().rect();
  const std::pair<std::string, Color> line{text, color};
  renderer.caption(paneCaptionCorner(rect), std::span(&line, 1), static_cast<float>(rect.width) - 40.0f);
}

std::vector<Vec2d> minkowskiHull(const std::array<Collider, 2>& shapes, bool core) {
  const std::vector<Vec2d> a = polytopeVertices(shapes[0], core);
  const std::vector<Vec2d> b = polytopeVertices(shapes[1], core);
  std::vector<Vec2d> points;
  if (!a.empty() && !b.empty()) {
    // Exact: the hull of every vertex difference.
    points.reserve(a.size() * b.size());
    for (const Vec2d& p : a)
      for (const Vec2d& q : b) points.push_back(p - q);
  } else {
    // Curved: dense support sampling, support(A - B, d) = support(A, d) - support(B, -d).
    points.reserve(kCurveSamples);
    for (int i = 0; i < kCurveSamples; ++i) {
      const double angle = 2.0 * std::numbers::pi * i / kCurveSamples;
      const Vec2d d{std::cos(angle), std::sin(angle)};
      points.push_back(worldSupport(shapes[0], d, core) - worldSupport(shapes[1], -d, core));
    }
  }
  std::vector<Vec2d> hull = collide::convexHull<double>(points);
  if (hull.empty() && !points.empty()) hull.push_back(points.front());
  return hull;
}

void drawPolygonOrDegenerate(Renderer2D& renderer, const std::vector<Vec2d>& points, Color fill, Color stroke,
                             const LineStyle& style) {
  if (points.size() >= 3) {
    renderer.convexPolygon(points, fill);
    renderer.polyline(points, true, stroke, style);
  } else if (points.size() == 2) {
    renderer.line(points[0], points[1], stroke, LineStyle{style.width + 1.5f, style.dash, style.gap});
  } else if (points.size() == 1) {
    renderer.point(points[0], stroke, 5.0f);
  }
}

void NarrowPhaseLab::rebuildMinkowski() {
  // The shapes as the run saw them: rounded through float in a float run, so A - B agrees with its verdict.
  const std::array<Collider, 2> shapes = pairInScalar(shapes_, useFloat_);
  minkowski_ = minkowskiHull(shapes, false);
  minkowskiCores_.clear();
  if (collide::coreRadius(shapes[0].shape) > 0 || collide::coreRadius(shapes[1].shape) > 0) minkowskiCores_ = minkowskiHull(shapes, true);
}

// [SECTION] World view

void NarrowPhaseLab::drawWorld(Renderer2D& renderer) const {
  drawShape(renderer, shapes_[0], palette::kShapeA);
  drawShape(renderer, shapes_[1], palette::kShapeB);
  // The current step's labels (and the answer's, on the last step) are placed before the shapes' names.
  renderer.setLabelPriority(kLabelPriorityStep);
  if (!steps_.empty()) {
    const StepRef& ref = steps_[static_cast<std::size_t>(step_)];
    const auto i = static_cast<std::size_t>(ref.index);
    switch (ref.kind) {
      case StepRef::Kind::Gjk: drawGjkStep(renderer, trace_.gjk[i], false); break;
      case StepRef::Kind::EpaStart: drawEpaStart(renderer, trace_.epaStart[i], false); break;
      case StepRef::Kind::Epa: drawEpaStep(renderer, trace_.epa[i], false); break;
      case StepRef::Kind::Sat: drawSatStep(renderer, trace_.sat[i], false); break;
      case StepRef::Kind::SatResult: drawSatStep(renderer, trace_.sat[i], false, true); break;
      case StepRef::Kind::Analytic: drawAnalyticStep(renderer, trace_.analytic[i]); break;
    }
  }
  drawCentroidMarks(renderer);
  drawResult(renderer);
  renderer.setLabelPriority(kLabelPriorityScene);
  editor_.drawOverlay(renderer, shapes_);
  for (int s = 0; s < 2; ++s)
    tag(renderer, shapeAnchor(shapes_[static_cast<std::size_t>(s)]), s == 0 ? "A" : "B",
        s == 0 ? palette::kShapeA : palette::kShapeB, {s == 0 ? -16.0 : 6.0, -8});
  if (!trace_.result.ok) banner(renderer, "Refused: " + trace_.result.error, palette::kHit);
  // Framed on the smaller of two far unequal shapes (on opening): the view says so at its foot, under the banner's
  // corner, and how to see both.
  const WorldBounds both = *sceneBounds(0);
  if (const std::string note = framedNote(contactFocus2(), renderer.camera().shows(both, 0.0)); !note.empty()) {
    const ScreenRect& rect = renderer.camera().rect();
    const std::pair<std::string, Color> line{note, palette::kTextDim};
    const double lineHeight = ImGui::GetTextLineHeightWithSpacing();
    renderer.caption({paneCaptionCorner(rect).x, rect.y + rect.height - 2.0 * lineHeight}, std::span(&line, 1),
                     static_cast<float>(rect.width) - 40.0f);
  }
}

// [SECTION] Minkowski view

void NarrowPhaseLab::drawMinkowski(Renderer2D& renderer) const {
  // A sector wider than 90 degrees is not convex, and the hull of A - B's supports would draw its difference as if
  // it were. Against a circle (the analytic pair) the true difference is drawn; otherwise none, and the pane says why.
  const int sectorSide = nonConvexSector(shapes_[0]) ? 0 : nonConvexSector(shapes_[1]) ? 1 : -1;
  bool sectorBanner = false;
  if (sectorSide >= 0) {
    const std::optional<std::pair<Vec2d, double>> round = roundShape(shapes_[static_cast<std::size_t>(1 - sectorSide)]);
    sectorBanner = !round;
    if (round) {
      const Vec2d top = drawSectorDifference(renderer, shapes_[static_cast<std::size_t>(sectorSide)], sectorSide == 0,
                                             round->first, round->second);
      tag(renderer, top, "A - B (not convex, like the sector)", palette::kMinkowski, {6, -24});
    } else {
      banner(renderer,
             "A - B is not drawn: the sector's half angle is over 90 degrees (it is wider than 180), so it is not convex and neither is A - B; "
             "the hull of its support points would draw it convex, which it is not.",
             palette::kTextDim);
    }
  } else {
    drawPolygonOrDegenerate(renderer, minkowski_, palette::kMinkowski.withAlpha(0.16f), palette::kMinkowski,
                            LineStyle{2.0f});
  }
  // GJK distance, and GJK + EPA on rounded shapes (epa.h), run on the cores: draw their difference too.
  const bool coresUsed = algorithm_ == Algorithm::Distance || algorithm_ == Algorithm::Epa;
  if (!minkowskiCores_.empty() && coresUsed) {
    drawPolygonOrDegenerate(renderer, minkowskiCores_, palette::kMinkowski.withAlpha(0.06f),
                            palette::kMinkowski.withAlpha(0.8f), LineStyle{1.5f, 6.0f, 4.0f});
    const Vec2d leftmost = *std::min_element(minkowskiCores_.begin(), minkowskiCores_.end(),
                                             [](Vec2d p, Vec2d q) { return p.x < q.x; });
    tag(renderer, leftmost, "dashed: the cores (GJK runs on them)", palette::kMinkowski, {-40, -46});
  }
  if (!minkowski_.empty() && sectorSide < 0) {
    // Name the shape at its topmost vertex.
    const Vec2d top = *std::max_element(minkowski_.begin(), minkowski_.end(),
                                        [](Vec2d p, Vec2d q) { return p.y < q.y; });
    tag(renderer, top, "A - B", palette::kMinkowski, {6, -24});
  }
  renderer.setLabelPriority(kLabelPriorityStep);
  if (!steps_.empty()) {
    const StepRef& ref = steps_[static_cast<std::size_t>(step_)];
    const auto i = static_cast<std::size_t>(ref.index);
    switch (ref.kind) {
      case StepRef::Kind::Gjk: drawGjkStep(renderer, trace_.gjk[i], true); break;
      case StepRef::Kind::EpaStart: drawEpaStart(renderer, trace_.epaStart[i], true); break;
      case StepRef::Kind::Epa: drawEpaStep(renderer, trace_.epa[i], true); break;
      case StepRef::Kind::Sat: drawSatStep(renderer, trace_.sat[i], true); break;
      case StepRef::Kind::SatResult: drawSatStep(renderer, trace_.sat[i], true, true); break;
      case StepRef::Kind::Analytic: break;
    }
  }
  // The result in A - B: the closest point to the origin, or the way out of it (depth along the normal).
  const collide::QueryResult<double>& r = trace_.result;
  const bool atEnd = step_ + 1 >= stepCount();
  if (r.ok && atEnd) {
    if (r.distance && r.pointA && r.pointB && !r.hit && algorithm_ != Algorithm::Distance) {  // distance mode draws v itself
      renderer.line({0, 0}, *r.pointA - *r.pointB, palette::kSeparated, LineStyle{2.5f});
      tag(renderer, *r.pointA - *r.pointB, "closest to O: distance " + formatNumber(*r.distance), palette::kSeparated,
          {8, 6});
    } else if (r.depth && r.normal && r.hit && algorithm_ != Algorithm::Epa) {
      const Vec2d exit = *r.depth * *r.normal;
      renderer.arrow({0, 0}, exit, palette::kHit, 2.5f, 12.0f);
      tag(renderer, exit, "depth " + formatNumber(*r.depth), palette::kHit, {8, 6});
    }
  }
  renderer.setLabelPriority(kLabelPriorityScene);
  renderer.screenDisc({0, 0}, 5.0f, palette::kText, palette::kBackground, 1.5f);
  tag(renderer, {0, 0}, "O", palette::kText, {-18, 4});
  // The world view beside it says why, in full. Not over the sector's line, which already says why there is no A - B
  // (the two were drawn at one corner, one over the other).
  if (!r.ok && !sectorBanner) banner(renderer, "Refused: no step to draw (the world view says why)", palette::kTextDim);
}

// [SECTION] GJK step

namespace {

// The Voronoi regions of a segment (3) or a triangle (7), each a convex polygon reaching `reach` far; the one
// holding the origin (boolean GJK) or the closest point (distance GJK) is highlighted (Collision detection notes).
void drawRegions(Renderer2D& renderer, const collide::Simplex<collide::Vec2<double>>& simplex, SimplexRegion chosen, double reach,
                 const std::array<std::string, 3>& names) {
  const double px = pixel(renderer);
  const auto fill = [&](const std::vector<Vec2d>& polygon, Color tint, bool selected) {
    renderer.convexPolygon(polygon, selected ? palette::kAccent.withAlpha(0.20f) : tint.withAlpha(0.07f));
  };
  const auto& v = simplex.vertices;
  if (simplex.count == 2) {
    const Vec2d a = v[0].point;
    const Vec2d b = v[1].point;
    if (a == b) return;
    const Vec2d e = unit(b - a);
    const Vec2d n = collide::leftPerp(e);
    const Vec2d r = reach * n;
    const Vec2d back = reach * e;
    fill({a + r, a - r, a - r - back, a + r - back}, kRegionVertex, chosen.kept == 0b001);
    fill({b + r, b + r + back, b - r + back, b - r}, kRegionVertex, chosen.kept == 0b010);
    fill({a + r, b + r, b - r, a - r}, kRegionEdge, chosen.kept == 0b011);
    for (const Vec2d& end : {a, b}) renderer.line(end - r, end + r, kSimplex.withAlpha(0.22f), LineStyle{1.0f, 5.0f, 5.0f});
    const Vec2d middle = 0.5 * (a + b) + 70 * px * (collide::dot(-a, n) >= 0 ? n : -n);
    if (chosen.kept == 0b011) tag(renderer, middle, "edge " + names[0] + "-" + names[1] + " region", palette::kAccent, {-40, -8});
    return;
  }
  if (simplex.count != 3) return;
  const Vec2d p[3] = {v[0].point, v[1].point, v[2].point};
  if (std::abs(collide::cross(p[1] - p[0], p[2] - p[0])) <= 0) return;
  // Edges AB, AC, BC with their outward normals.
  struct Edge {
    int from, to, opposite;
    unsigned kept;  // the region's kept vertices, bit i: vertex i
  };
  const Edge edges[3] = {{0, 1, 2, 0b011}, {0, 2, 1, 0b101}, {1, 2, 0, 0b110}};
  Vec2d normals[3];
  for (int i = 0; i < 3; ++i) {
    const Edge& edge = edges[i];
    normals[i] = outwardNormal(p[edge.from], p[edge.to], p[edge.opposite]);
    const Vec2d r = reach * normals[i];
    const Vec2d from = p[edge.from];
    const Vec2d to = p[edge.to];
    fill({from, to, to + r, from + r}, kRegionEdge, chosen.kept == edge.kept);
    if (chosen.kept == edge.kept) {
      const std::string text = "edge " + names[static_cast<std::size_t>(edge.from)] + "-" +
                               names[static_cast<std::size_t>(edge.to)] + " region";
      tag(renderer, 0.5 * (from + to) + 60 * px * normals[i], text, palette::kAccent, {-40, -8});
    }
  }
  // Vertex regions: between the normals of the two edges meeting at the vertex.
  const int vertexEdges[3][2] = {{0, 1}, {0, 2}, {1, 2}};
  const unsigned vertexRegions[3] = {0b001, 0b010, 0b100};
  for (int i = 0; i < 3; ++i) {
    const Vec2d n1 = normals[vertexEdges[i][0]];
    const Vec2d n2 = normals[vertexEdges[i][1]];
    fill({p[i], p[i] + reach * n1, p[i] + reach * (n1 + n2), p[i] + reach * n2}, kRegionVertex, chosen.kept == vertexRegions[i]);
    if (chosen.kept == vertexRegions[i])
      tag(renderer, p[i] + 60 * px * unit(n1 + n2), "vertex " + names[static_cast<std::size_t>(i)] + " region",
          palette::kAccent, {-40, -8});
  }
  fill({p[0], p[1], p[2]}, kRegionInterior, chosen.kept == 0b111);
  // The region borders: from each vertex, along the normals of its two edges.
  for (int i = 0; i < 3; ++i)
    for (int k = 0; k < 2; ++k)
      renderer.line(p[i], p[i] + reach * normals[vertexEdges[i][k]], kSimplex.withAlpha(0.22f), LineStyle{1.0f, 5.0f, 5.0f});
  if (chosen.kept == 0b111)
    tag(renderer, (p[0] + p[1] + p[2]) / 3.0, "interior: contains O", palette::kAccent, {-40, 12});
}

}  // namespace

void NarrowPhaseLab::drawCentroidMarks(Renderer2D& renderer) const {
  const auto marks = firstStepCentroids(trace_, steps_, step_, shapes_);
  if (!marks) return;
  // The centroids the step's words subtract, and d between them: the words can be checked on the picture.
  if (marks->coincide) {
    tag(renderer, marks->a, "A's and B's centroids (they coincide)", palette::kAccent, {10, 10});
  } else {
    renderer.arrow(marks->a, marks->b, palette::kAccent, 2.0f, 12.0f);
    tag(renderer, 0.5 * (marks->a + marks->b), "d = B's centroid - A's centroid", palette::kAccent, {10, -24});
    tag(renderer, marks->a, "A's centroid", palette::kShapeA, {-10, 10});
    tag(renderer, marks->b, "B's centroid", palette::kShapeB, {10, 10});
  }
  for (const auto& [at, color] : {std::pair{marks->a, palette::kShapeA}, std::pair{marks->b, palette::kShapeB}}) {
    renderer.point(at, palette::kBackground, 7.0f);  // a dark halo, so the marker reads on its shape's colour
    renderer.point(at, color, 4.0f);
  }
}

void NarrowPhaseLab::drawGjkStep(Renderer2D& renderer, const collide::GjkStep<collide::Vec2<double>>& step, bool minkowskiView) const {
  const double px = pixel(renderer);
  const collide::Simplex<collide::Vec2<double>>& before = step.simplexBefore;
  const bool supportKept = (step.droppedMask & 1u) == 0;
  if (!minkowskiView) {
    // The support point's witnesses: the farthest point of A along d and of B along -d.
    const Vec2d d = unit(step.direction);
    const Vec2d a = step.support.pointA;
    const Vec2d b = step.support.pointB;
    renderer.dashedLine(a, b, palette::kAccent.withAlpha(0.6f), 1.5f, 6.0f, 4.0f);
    renderer.arrow(a, a + 55 * px * d, palette::kShapeA, 2.0f, 10.0f);
    renderer.arrow(b, b - 55 * px * d, palette::kShapeB, 2.0f, 10.0f);
    renderer.point(a, palette::kAccent, 5.5f);
    renderer.point(b, palette::kAccent, 5.5f);
    tag(renderer, a, "a: A's support along d", palette::kShapeA, {10, -26});
    tag(renderer, b, "b: B's support along -d", palette::kShapeB, {10, 6});
    // The kept simplex vertices' witnesses, small.
    for (int i = 0; i < step.simplexAfter.count; ++i) {
      renderer.point(step.simplexAfter.vertices[static_cast<std::size_t>(i)].pointA, palette::kShapeA.withAlpha(0.8f), 3.0f);
      renderer.point(step.simplexAfter.vertices[static_cast<std::size_t>(i)].pointB, palette::kShapeB.withAlpha(0.8f), 3.0f);
    }
    return;
  }

  WorldBounds visible = renderer.camera().visibleBounds();
  const double reach = 4.0 * (collide::length(visible.max - visible.min) + collide::length(visible.min) +
                              collide::length(visible.max));
  // Vertex names by support index (w0 is the run's first support), as in the table and the narration.
  const std::array<int, 4> supportIndices = simplexSupportIndices(trace_.gjk, steps_[static_cast<std::size_t>(step_)].index);
  std::array<std::string, 3> names;
  for (int i = 0; i < 3; ++i) names[static_cast<std::size_t>(i)] = supportName(supportIndices[static_cast<std::size_t>(i)]);
  if (supportKept) drawRegions(renderer, before, step.region, reach, names);

  // Edges of the simplex before reduction: dashed to a dropped vertex, solid between kept ones.
  const auto dropped = [&](int i) { return (step.droppedMask & (1u << i)) != 0; };
  for (int i = 0; i < before.count; ++i) {
    for (int j = i + 1; j < before.count; ++j) {
      const Vec2d p = before.vertices[static_cast<std::size_t>(i)].point;
      const Vec2d q = before.vertices[static_cast<std::size_t>(j)].point;
      if (dropped(i) || dropped(j)) {
        renderer.line(p, q, kSimplex.withAlpha(0.45f), LineStyle{1.5f, 6.0f, 5.0f});
      } else {
        renderer.line(p, q, kSimplex, LineStyle{2.5f});
      }
    }
  }
  // The search direction from the origin, and the supporting line through w perpendicular to it: every point
  // of A - B lies behind that line, so dot(w, d) < 0 means the origin is out of reach.
  const Vec2d d = unit(step.direction);
  const Vec2d w = step.support.point;
  const Vec2d across = collide::leftPerp(d);
  const double lineHalf = 140 * px;
  renderer.dashedLine(w - lineHalf * across, w + lineHalf * across, palette::kAccent.withAlpha(0.65f), 1.5f, 7.0f, 5.0f);
  renderer.arrow({0, 0}, 80 * px * d, palette::kAccent, 2.5f, 12.0f);
  tag(renderer, 80 * px * d, "d", palette::kAccent, {6, 4});
  if (step.nextDirection != Vec2d{}) {
    const Vec2d from = step.closestPoint;
    renderer.arrow(from, from + 60 * px * unit(step.nextDirection), palette::kSeparated, 2.0f, 10.0f);
    tag(renderer, from + 60 * px * unit(step.nextDirection), "next d", palette::kSeparated, {6, -26});
  }
  if (algorithm_ == Algorithm::Distance && step.simplexAfter.count > 0) {
    renderer.dashedLine({0, 0}, step.closestPoint, palette::kSeparated, 2.0f, 5.0f, 4.0f);
    renderer.point(step.closestPoint, palette::kSeparated, 4.5f);
    tag(renderer, step.closestPoint, "v, |v| = " + formatNumber(step.distance), palette::kSeparated, {8, 6});
  }
  // Vertices by support index, the newest (this step's support) highlighted; a dropped one ghosted.
  const auto nameOf = [&names](int i) { return names[static_cast<std::size_t>(i)]; };
  for (int i = before.count - 1; i >= 0; --i) {
    const Vec2d p = before.vertices[static_cast<std::size_t>(i)].point;
    const std::string name = nameOf(i) + simplexVertexNote(step, i, nameOf);
    if (dropped(i)) {
      renderer.screenDisc(p, 6.0f, Color{0, 0, 0, 0}, kSimplex.withAlpha(0.55f), 1.5f);
      tag(renderer, p, name, palette::kTextDim, {8, -22});
    } else {
      renderer.screenDisc(p, i == 0 ? 6.5f : 5.0f, i == 0 ? palette::kAccent : kSimplex, palette::kBackground, 1.5f);
      tag(renderer, p, name, i == 0 ? palette::kAccent : kSimplex, {8, -22});
    }
  }
}

// [SECTION] EPA step

// EPA's start: GJK's last simplex (white), the directions searched from the origin when it had no area, the
// supports found along them, and the start polygon they make (the Collision detection notes' pitfall).
void NarrowPhaseLab::drawEpaStart(Renderer2D& renderer, const collide::EpaStart<double>& start, bool minkowskiView) const {
  const double px = pixel(renderer);
  if (!minkowskiView) {
    // The witnesses of each searched support: A's farthest point along d and B's along -d.
    for (const auto& support : start.supports) {
      renderer.dashedLine(support.pointA, support.pointB, palette::kAccent.withAlpha(0.6f), 1.5f, 6.0f, 4.0f);
      renderer.point(support.pointA, palette::kShapeA, 4.5f);
      renderer.point(support.pointB, palette::kShapeB, 4.5f);
    }
    return;
  }
  std::vector<Vec2d> outline;
  for (const auto& vertex : start.polygon) outline.push_back(vertex.point);
  if (outline.size() >= 3) {
    renderer.convexPolygon(outline, palette::kAccent.withAlpha(0.10f));
    renderer.polyline(outline, true, palette::kAccent.withAlpha(0.9f), LineStyle{2.0f, 7.0f, 4.0f});
  }
  // GJK's last simplex, where EPA comes from.
  std::vector<Vec2d> simplex;
  for (int i = 0; i < start.simplex.count; ++i) simplex.push_back(start.simplex.vertices[static_cast<std::size_t>(i)].point);
  drawPolygonOrDegenerate(renderer, simplex, kSimplex.withAlpha(0.10f), kSimplex, LineStyle{3.0f});
  if (!simplex.empty())
    tag(renderer, simplex.back(), start.directions.empty() ? "GJK's triangle = start polygon" : "GJK's last simplex", kSimplex,
        {8, -22});
  // The searched directions from the origin, and what each found.
  for (std::size_t i = 0; i < start.directions.size(); ++i) {
    const Vec2d d = unit(start.directions[i]);
    renderer.arrow({0, 0}, 70 * px * d, palette::kAccent, 2.0f, 10.0f);
    tag(renderer, 70 * px * d, "search " + std::to_string(i + 1), palette::kAccent, {6, 2});
    const Vec2d found = start.supports[i].point;
    renderer.dashedLine(70 * px * d, found, palette::kAccent.withAlpha(0.5f), 1.2f, 4.0f, 4.0f);
    renderer.screenDisc(found, 5.5f, palette::kAccent, palette::kBackground, 1.5f);
  }
  for (std::size_t i = 0; i < outline.size() && outline.size() <= 16; ++i)
    tag(renderer, outline[i], std::to_string(i), palette::kTextDim, {-16, -20});
  if (outline.size() >= 3 && !start.directions.empty()) {
    const Vec2d low = *std::min_element(outline.begin(), outline.end(), [](Vec2d p, Vec2d q) { return p.y < q.y; });
    tag(renderer, low, "start polygon: the hull of GJK's points and the searched supports", palette::kAccent, {-60, 10});
  }
}

void NarrowPhaseLab::drawEpaStep(Renderer2D& renderer, const collide::EpaStep<double>& step, bool minkowskiView) const {
  const double px = pixel(renderer);
  if (!minkowskiView) {
    const Vec2d a = step.support.pointA;
    const Vec2d b = step.support.pointB;
    renderer.dashedLine(a, b, palette::kAccent.withAlpha(0.6f), 1.5f, 6.0f, 4.0f);
    renderer.arrow(a, a + 55 * px * step.edgeNormal, palette::kShapeA, 2.0f, 10.0f);
    renderer.arrow(b, b - 55 * px * step.edgeNormal, palette::kShapeB, 2.0f, 10.0f);
    renderer.point(a, palette::kAccent, 5.5f);
    renderer.point(b, palette::kAccent, 5.5f);
    tag(renderer, a, "a: A's support along n", palette::kShapeA, {10, -26});
    tag(renderer, b, "b: B's support along -n", palette::kShapeB, {10, 6});
    return;
  }
  const int count = static_cast<int>(step.polytope.size());
  if (count == 0) return;
  std::vector<Vec2d> outline;
  for (const auto& vertex : step.polytope) outline.push_back(vertex.point);
  renderer.convexPolygon(outline, palette::kAccent.withAlpha(0.08f));
  renderer.polyline(outline, true, kSimplex.withAlpha(0.85f), LineStyle{2.0f});
  const Vec2d edgeFrom = outline[static_cast<std::size_t>(step.closestEdge)];
  const Vec2d edgeTo = outline[static_cast<std::size_t>((step.closestEdge + 1) % count)];
  renderer.line(edgeFrom, edgeTo, palette::kHit, LineStyle{4.0f});
  // The edge's line, extended, and the origin's foot on it.
  const Vec2d along = unit(edgeTo - edgeFrom);
  renderer.dashedLine(edgeFrom - 120 * px * along, edgeTo + 120 * px * along, palette::kHit.withAlpha(0.5f), 1.5f);
  const Vec2d foot = step.edgeDistance * step.edgeNormal;
  renderer.arrow({0, 0}, foot, palette::kHit, 2.0f, 10.0f);
  tag(renderer, 0.5 * foot, "n, distance " + formatNumber(step.edgeDistance), palette::kHit, {8, 4});
  // The new support and the gap between it and the edge, along n.
  const Vec2d w = step.support.point;
  const Vec2d onEdgeLine = w - step.gap * step.edgeNormal;
  renderer.line(onEdgeLine, w, palette::kAccent, LineStyle{2.0f, 4.0f, 3.0f});
  renderer.screenDisc(w, 6.5f, palette::kAccent, palette::kBackground, 1.5f);
  tag(renderer, w, "w, gap " + formatNumber(step.gap), palette::kAccent, {8, -22});
  if (count <= 16) {
    for (int i = 0; i < count; ++i) {
      renderer.screenDisc(outline[static_cast<std::size_t>(i)], 4.0f, kSimplex, palette::kBackground, 1.0f);
      tag(renderer, outline[static_cast<std::size_t>(i)], std::to_string(i), palette::kTextDim, {-16, -20});
    }
  }
}

// [SECTION] SAT step

namespace {

// Where a projection line goes: parallel to the axis, beside everything in `points` (offset along the axis's normal
// `side`, on the side with more room in the view), so the shadows never sit on a shape. Returns the offset along side.
double projectionOffset(const Renderer2D& renderer, const std::vector<Vec2d>& points, Vec2d side) {
  const double px = pixel(renderer);
  double low = std::numeric_limits<double>::infinity();
  double high = -low;
  for (const Vec2d& p : points) {
    low = std::min(low, collide::dot(p, side));
    high = std::max(high, collide::dot(p, side));
  }
  if (points.empty()) low = high = 0;
  const WorldBounds visible = renderer.camera().visibleBounds();
  const Vec2d centre = 0.5 * (visible.min + visible.max);
  const double roomHigh = collide::dot(centre, side) + 0.5 * collide::length(visible.max - visible.min) - high;
  const double roomLow = low - (collide::dot(centre, side) - 0.5 * collide::length(visible.max - visible.min));
  constexpr double kGapPixels = 46;
  return roomHigh >= roomLow ? high + kGapPixels * px : low - kGapPixels * px;
}

// The edge of `collider` an axis is the normal of: edge `edge` when it is perpendicular to the axis, else the edge
// whose outward normal is nearest the axis (the index schemes differ by shape). Empty when the shape has no edges.
std::optional<std::pair<Vec2d, Vec2d>> axisEdge(const std::vector<Vec2d>& vertices, int edge, Vec2d axis) {
  const int count = static_cast<int>(vertices.size());
  if (count < 2) return std::nullopt;
  const auto ends = [&](int i) {
    return std::pair{vertices[static_cast<std::size_t>(i)], vertices[static_cast<std::size_t>((i + 1) % count)]};
  };
  const auto perpendicular = [&](int i) {
    const auto [p, q] = ends(i);
    return std::abs(collide::dot(unit(q - p), axis));
  };
  if (edge >= 0 && edge < count && perpendicular(edge) < 1e-6) return ends(edge);
  int best = 0;
  for (int i = 1; i < count; ++i)
    if (perpendicular(i) < perpendicular(best)) best = i;
  return ends(best);
}

}  // namespace

void NarrowPhaseLab::drawSatStep(Renderer2D& renderer, const collide::SatAxisStep<double>& step,
                                 bool minkowskiView, bool answer) const {
  const double px = pixel(renderer);
  const Vec2d axis = step.axis;
  const Vec2d side = collide::leftPerp(axis);
  const Color overlapColor = step.separating ? palette::kSeparated : palette::kHit;
  const Color leader = kSimplex.withAlpha(0.35f);
  if (minkowskiView) {
    // A - B's shadow on the axis is [minA - maxB, maxA - minB]; the origin's shadow is 0. Drawn on a line beside
    // A - B and the origin, with leaders from A - B's extreme points and from O.
    const double low = step.minA - step.maxB;
    const double high = step.maxA - step.minB;
    std::vector<Vec2d> points = minkowski_;
    points.push_back({0, 0});
    const double offset = projectionOffset(renderer, points, side);
    const auto onLine = [&](double t) { return t * axis + offset * side; };
    const double extra = 60 * px;
    renderer.line(onLine(std::min(low, 0.0) - extra), onLine(std::max(high, 0.0) + extra), kSimplex.withAlpha(0.5f), LineStyle{1.2f});
    renderer.line(onLine(low), onLine(high), palette::kMinkowski, LineStyle{6.0f});
    if (!minkowski_.empty()) {
      const auto [lowest, highest] = std::minmax_element(minkowski_.begin(), minkowski_.end(), [&](Vec2d p, Vec2d q) {
        return collide::dot(p, axis) < collide::dot(q, axis);
      });
      for (const Vec2d& p : {*lowest, *highest}) renderer.line(p, onLine(collide::dot(p, axis)), leader, LineStyle{1.0f, 4.0f, 4.0f});
    }
    renderer.line({0, 0}, onLine(0), palette::kText.withAlpha(0.5f), LineStyle{1.0f, 4.0f, 4.0f});
    renderer.screenDisc(onLine(0), 4.5f, palette::kText, palette::kBackground, 1.5f);
    tag(renderer, onLine(0), "O's shadow 0", palette::kText, {6, 6});
    tag(renderer, onLine(high),
        step.separating ? "0 outside A - B's shadow: a separating axis" : "0 inside A - B's shadow [" + formatNumber(low) +
                                                                             ", " + formatNumber(high) + "]",
        overlapColor, {8, -24});
    return;
  }
  // World: the shadows on a projection line beside both shapes (a point x casts its shadow at dot(x, axis) along
  // the line), thin leaders from each shape's extreme points to its shadow.
  std::vector<Vec2d> outlines[2];
  std::vector<Vec2d> every;
  for (int s = 0; s < 2; ++s) {
    outlines[s] = shapeOutline(shapes_[static_cast<std::size_t>(s)], 64);
    every.insert(every.end(), outlines[s].begin(), outlines[s].end());
  }
  const double offset = projectionOffset(renderer, every, side);
  const double outward = offset >= 0 ? 1.0 : -1.0;  // from the shapes toward the line, along side
  const auto onAxis = [&](double t, double shiftPixels) { return t * axis + (offset + outward * shiftPixels * px) * side; };
  const double low = std::min(step.minA, step.minB) - 60 * px;
  const double high = std::max(step.maxA, step.maxB) + 60 * px;
  renderer.line(onAxis(low, 0), onAxis(high, 0), kSimplex.withAlpha(0.55f), LineStyle{1.5f});
  renderer.arrow(onAxis(high - 1e-9, 0), onAxis(high, 0), kSimplex.withAlpha(0.55f), 1.5f, 10.0f);
  for (int s = 0; s < 2; ++s) {
    const Color color = s == 0 ? palette::kShapeA : palette::kShapeB;
    const auto [lowest, highest] = std::minmax_element(
        outlines[s].begin(), outlines[s].end(), [&](Vec2d p, Vec2d q) { return collide::dot(p, axis) < collide::dot(q, axis); });
    if (lowest == outlines[s].end()) continue;
    for (const Vec2d& p : {*lowest, *highest})
      renderer.line(p, onAxis(collide::dot(p, axis), s == 0 ? 0 : 10), color.withAlpha(0.4f), LineStyle{1.0f, 4.0f, 4.0f});
  }
  renderer.line(onAxis(step.minA, 0), onAxis(step.maxA, 0), palette::kShapeA, LineStyle{5.0f});
  renderer.line(onAxis(step.minB, 10), onAxis(step.maxB, 10), palette::kShapeB, LineStyle{5.0f});
  const double overlapLow = std::max(step.minA, step.minB);
  const double overlapHigh = std::min(step.maxA, step.maxB);
  const double commonLow = std::min(overlapLow, overlapHigh);
  const double commonHigh = std::max(overlapLow, overlapHigh);
  // The shadows' common part (or the gap between them). A sliver's (07: A's shadow 0.08 long inside B's, 5 pixels)
  // read as a dot under its label; below kMinPixels on screen (18 at 100 % UI scale, growing with the text) it is
  // drawn widened about its middle, faint, with ticks across the line at its true ends and a label saying it is
  // widened and how long it truly is.
  const double kMinPixels = 1.2 * ImGui::GetFontSize();
  const double commonPixels = (commonHigh - commonLow) / px;
  const double middle = 0.5 * (commonLow + commonHigh);
  const bool widened = commonPixels < kMinPixels;
  const auto drawnHalf = [&] { return 0.5 * std::max(commonHigh - commonLow, kMinPixels * px); };
  if (widened) {
    renderer.line(onAxis(middle - drawnHalf(), 22), onAxis(middle + drawnHalf(), 22), overlapColor.withAlpha(0.45f),
                  LineStyle{4.0f});
    for (const double end : {commonLow, commonHigh}) renderer.line(onAxis(end, 15), onAxis(end, 29), overlapColor, LineStyle{1.5f});
  }
  renderer.line(onAxis(commonLow, 22), onAxis(commonHigh, 22), overlapColor, LineStyle{4.0f});
  if (widened) {
    // Two short lines, each a whole thought: wrapped at 14 ems the sentence took five lines at 100 % and reached the
    // pane's edge at 150 % (newcomer review s31).
    std::string common = std::string(step.separating ? "gap " : "common part ") + formatNumber(commonHigh - commonLow) +
                         " (" + formatWith("%.0f", commonPixels) + " px, drawn widened)";
    // Beside the overlap, a common part this much smaller needs its reason (07: 0.3161 against 0.08).
    if (const std::optional<SatContainment> c = satContainment(step)) {
      common += "\n" + std::string(1, c->inner) + "'s shadow inside " + c->outer + "'s: overlap " + formatNumber(c->shared) +
                " + " + formatNumber(c->beyond);
    }
    tag(renderer, onAxis(middle + drawnHalf(), 22), common, overlapColor, {8, -8},
        static_cast<float>(0.8 * renderer.camera().rect().width));
  }
  const Vec2d drawnFrom = onAxis(middle - drawnHalf(), 22), drawnTo = onAxis(middle + drawnHalf(), 22);
  satShadowsDrawn_ = {{"common", {commonLow, commonHigh}}, {"widened", widened},
                      {"drawn", {{drawnFrom.x, drawnFrom.y}, {drawnTo.x, drawnTo.y}}}};
  std::string overlapText = step.separating            ? "gap " + formatNumber(-step.overlap)
                            : satShadowsTouch(step) ? "touching, overlap " + formatSatOverlap(step.overlap, satShadowScale(step))
                                                    : "overlap " + formatNumber(step.overlap);
  if (answer) {
    // The answer against the runner-up: the two numbers the lesson compares.
    overlapText += ", the smallest";
    if (const int next = satAnswer(trace_.sat).runnerUp; next >= 0) {
      const collide::SatAxisStep<double>& other = trace_.sat[static_cast<std::size_t>(next)];
      overlapText += " (next: axis " + std::to_string(other.axisIndex + 1) + ", " + formatSatOverlap(other.overlap, satShadowScale(other)) + ")";
    }
  }
  tag(renderer, onAxis(0.5 * (overlapLow + overlapHigh), 22), overlapText, overlapColor,
      {-30, outward * side.y >= 0 ? -26.0 : 8.0});

  // Where the axis comes from: the edge it is the normal of, highlighted and named on its shape.
  std::string source(collide::axisSourceName(step.source));
  const bool ofA = step.source == collide::AxisSource::EdgeOfA;
  if (ofA || step.source == collide::AxisSource::EdgeOfB) {
    const std::vector<Vec2d> vertices = polytopeVertices(shapes_[ofA ? 0 : 1], false);
    if (const auto edge = axisEdge(vertices, step.edge, axis)) {
      const Color color = ofA ? palette::kShapeA : palette::kShapeB;
      renderer.line(edge->first, edge->second, palette::kAccent, LineStyle{4.5f});
      const Vec2d middle = 0.5 * (edge->first + edge->second);
      renderer.arrow(middle, middle + 40 * px * axis, palette::kAccent, 2.0f, 9.0f);
      tag(renderer, middle, std::string("edge ") + std::to_string(step.edge) + (ofA ? " of A" : " of B") + ": its normal is the axis",
          color, {10, 8});
    }
    source = std::string("normal of edge ") + std::to_string(step.edge) + (ofA ? " of A" : " of B");
  }
  tag(renderer, onAxis(high, 0),
      "axis " + std::to_string(step.axisIndex + 1) + (answer ? " (the answer): " : ": ") + source, kSimplex, {6, -10});
}

// [SECTION] Analytic step and the result

void NarrowPhaseLab::drawAnalyticStep(Renderer2D& renderer, const collide::AnalyticStep<double>& step) const {
  const int current = steps_[static_cast<std::size_t>(step_)].index;
  for (int i = 0; i < current; ++i)
    renderer.point(trace_.analytic[static_cast<std::size_t>(i)].closest, palette::kTextDim, 3.5f);
  // The part of the other shape this step looks at: the edge it measures, or the reach around a sector's apex.
  const std::optional<std::pair<Vec2d, double>> roundA = roundShape(shapes_[0]);
  const std::optional<std::pair<Vec2d, double>> round = roundA ? roundA : roundShape(shapes_[1]);
  const Collider& other = shapes_[roundA ? 1 : 0];
  const double radius = round ? round->second : 0.0;
  if (step.edge >= 0) {
    const std::vector<Vec2d> vertices = polytopeVertices(other, false);
    const int count = static_cast<int>(vertices.size());
    if (step.edge < count) {
      const Vec2d p = vertices[static_cast<std::size_t>(step.edge)];
      const Vec2d q = vertices[static_cast<std::size_t>((step.edge + 1) % count)];
      renderer.line(p, q, palette::kAccent, LineStyle{4.5f});
      tag(renderer, 0.5 * (p + q), "edge " + std::to_string(step.edge), palette::kAccent, {8, 8});
    }
  }
  if (const auto* sector = std::get_if<collide::Sector<double>>(&other.shape); sector && step.index == 1) {
    renderer.circle(other.transform.p, sector->radius + radius, Color{0, 0, 0, 0}, palette::kAccent.withAlpha(0.7f), 1.5f);
    tag(renderer, other.transform.p + (sector->radius + radius) * Vec2d{0, 1}, "reach R + r from the apex",
        palette::kAccent, {8, -22});
  }
  renderer.dashedLine(step.point, step.closest, palette::kAccent, 2.0f, 6.0f, 4.0f);
  renderer.point(step.point, palette::kShapeA, 5.0f);
  renderer.point(step.closest, palette::kAccent, 5.5f);
  tag(renderer, step.point, "centre", palette::kShapeA, {8, 10});
  // The step's question, then what it decided, with the numbers (as the narration says it).
  tag(renderer, step.closest, std::string(step.title) + "\n" + analyticDecision(step, shapes_[0], shapes_[1]),
      palette::kAccent, {8, -40}, 300.0f);
}

void NarrowPhaseLab::drawResult(Renderer2D& renderer) const {
  const collide::QueryResult<double>& r = trace_.result;
  if (!r.ok) return;
  const double px = pixel(renderer);
  const bool atEnd = step_ + 1 >= stepCount();
  const float alpha = atEnd ? 1.0f : 0.35f;
  if (!r.hit && r.distance && r.pointA && r.pointB) {
    renderer.dashedLine(*r.pointA, *r.pointB, palette::kSeparated.withAlpha(alpha), 2.0f, 6.0f, 4.0f);
    renderer.point(*r.pointA, palette::kSeparated.withAlpha(alpha), 4.5f);
    renderer.point(*r.pointB, palette::kSeparated.withAlpha(alpha), 4.5f);
    if (atEnd) tag(renderer, 0.5 * (*r.pointA + *r.pointB), "distance " + formatNumber(*r.distance), palette::kSeparated, {8, 6});
  }
  if (r.hit && r.depth && r.normal && atEnd) {
    // The minimum translation, the run's answer, so shown only once the run has found it (the last step).
    const Vec2d from = r.pointB ? *r.pointB : shapeAnchor(shapes_[1]);
    const Vec2d mtv = *r.depth * *r.normal;
    if (r.pointA) renderer.point(*r.pointA, palette::kHit, 4.5f);
    if (r.pointB) renderer.point(*r.pointB, palette::kHit, 4.5f);
    renderer.arrow(from, from + mtv, palette::kHit, 2.5f, 12.0f);
    renderer.arrow(from, from + 45 * px * *r.normal, palette::kText.withAlpha(0.8f), 1.5f, 9.0f);
    // The sentence as the pane's caption, under its title: at the arrow's tip it covered the arrow and the shapes (a
    // thin sliver's depth of 0.3 is a few pixels long), and beside them the label placer moved it back onto them
    // when the pane had no room on that side.
    banner(renderer, "translate B by depth " + formatNumber(*r.depth) + " along n = " + formatVector(*r.normal) +
                         " to separate (the red arrow)", palette::kHit);
  }
}

}  // namespace lab
