// The Continuous collision lab's A - B pane (cast_space_pane.h).
#include "labs/cast_space_pane.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "labs/format.h"
#include "labs/narrow_phase_common.h"
#include "platform/theme.h"
#include "render/shape_drawing.h"

namespace lab {

namespace {

using collide::CastAlgorithm;
using collide::CastStatus;

constexpr Color kSimplex = rgb(0xffffff);  // as the narrow-phase lab's A - B pane draws GJK's simplex

// The plane through `at` across `normal` (a line in the plane), reaching past the view, and a band behind it on the
// set's side: the half-plane the support bounds the set by.
void drawPlane(Renderer2D& renderer, Vec2d at, Vec2d normal, Color color, float width, bool band) {
  const WorldBounds visible = renderer.camera().visibleBounds();
  const double reach = 2.0 * (collide::length(visible.max - visible.min) + collide::length(at - 0.5 * (visible.min + visible.max)));
  const Vec2d across = collide::leftPerp(normal);
  renderer.line(at - reach * across, at + reach * across, color, {width});
  if (band) {
    const Vec2d depth = 24.0 * renderer.camera().pixelsToWorld(1.0) * normal;
    renderer.convexPolygon(std::array<Vec2d, 4>{at - reach * across, at + reach * across, at + reach * across - depth,
                                                at - reach * across - depth},
                           color.withAlpha(0.10f));
  }
}

}  // namespace

std::optional<CastSpace> castSpace(const RecordedCast<Vec2d>& cast, const std::array<Collider, 2>& shapes, bool useFloat) {
  const auto chosen = castSet(cast, pairInScalar(shapes, useFloat),
                              Collider{collide::Point<double>{}, collide::Transform<double>::fromPose({0, 0}, 0)});
  if (!chosen) return std::nullopt;
  CastSpace space;
  static_cast<CastRay<Vec2d>&>(space) = *chosen;
  if (space.refused) return space;  // a shape the cast does not take (not convex): its hull would mislead
  space.cores = minkowskiHull(chosen->set, true);
  if (space.radius > 0) space.outline = minkowskiHull(chosen->set, false);
  return space;
}

const char* castSpaceTitle(bool difference) {
  // Short: two panes share the canvas, and at 200 % a longer title was cut at the pane's edge.
  return difference ? "A - B: the ray is B's motion" : "The ray's set: the shape alone";
}

void drawCastSpace(Renderer2D& renderer, const CastSpace& space, const RecordedCast<Vec2d>& cast, int step) {
  const double px = renderer.camera().pixelsToWorld(1.0);
  const std::string setName = space.difference ? "A - B" : "the shape";
  if (space.refused) {
    banner(renderer, "Refused: no step to draw (the world view says why)", palette::kTextDim);
    return;
  }
  // The set the ray must not enter, and, when rounded, its cores dashed inside: the supports are the cores'.
  const std::vector<Vec2d>& whole = space.outline.empty() ? space.cores : space.outline;
  drawPolygonOrDegenerate(renderer, whole, palette::kMinkowski.withAlpha(0.16f), palette::kMinkowski, LineStyle{2.0f});
  if (!space.outline.empty())
    drawPolygonOrDegenerate(renderer, space.cores, palette::kMinkowski.withAlpha(0.06f), palette::kMinkowski.withAlpha(0.8f),
                            LineStyle{1.5f, 6.0f, 4.0f});

  // The ray over lambda in [0, 1], in the moving body's colour (B's motion relative to A; the ray's point's).
  const Color rayColor = space.difference || cast.rayBody() == 1 ? palette::kShapeB : palette::kShapeA;
  const Vec2d end = space.origin + space.translation;

  // The step shown, its plane's normal and the point where it meets the support's normal, once.
  const collide::RayCastStep<Vec2d>* shown = cast.rayStep(step);
  const Vec2d n = shown ? unitOr(shown->direction, Vec2d{1, 0}) : Vec2d{1, 0};
  const Vec2d onPlane = shown ? planePoint(space, *shown) : space.origin;
  if (shown) {
    // The earlier steps, faint: their planes (a fan about a corner when the support repeats: ccd_03), supports and
    // lambdas.
    for (const collide::RayCastStep<Vec2d>* e = cast.trace.ray.data(); e != shown; ++e) {
      drawPlane(renderer, planePoint(space, *e), unitOr(e->direction, Vec2d{1, 0}), palette::kAccent.withAlpha(0.22f), 1.0f, false);
      renderer.point(e->support, palette::kAccent.withAlpha(0.45f), 3.0f);
      renderer.point(e->x, rayColor.withAlpha(0.45f), 3.0f);
    }
    drawPlane(renderer, onPlane, n, palette::kAccent, 2.0f, true);
    if (space.radius > 0) renderer.dashedLine(shown->support, onPlane, palette::kAccent, 1.5f, 4.0f, 3.0f);
  }
  // Over the planes (a grazing ray's last planes lie along it, ccd_03); thick, as a ray along an axis runs on the
  // grid's axis line.
  renderer.dashedLine(space.origin, end, rayColor.withAlpha(0.85f), 2.5f, 9.0f, 5.0f);
  renderer.screenDisc(end, 4.0f, palette::kBackground, rayColor, 1.5f);
  if (shown) {
    const collide::RayCastStep<Vec2d>& s = *shown;
    // The simplex kept after the step: its edges and vertices.
    const bool missed = s.last && s.status == CastStatus::Miss;
    for (int i = 0; i < s.simplexCount; ++i) {
      for (int j = i + 1; j < s.simplexCount; ++j)
        renderer.line(s.simplex[static_cast<std::size_t>(i)], s.simplex[static_cast<std::size_t>(j)], kSimplex, LineStyle{2.0f});
      renderer.screenDisc(s.simplex[static_cast<std::size_t>(i)], 4.0f, kSimplex, palette::kBackground, 1.5f);
    }
    // v: from the simplex's closest point to lambda's point (what the next step searches along); none after a miss,
    // where the loop stops before solving the simplex again.
    if (!missed && s.v != Vec2d{}) renderer.dashedLine(s.x - s.v, s.x, palette::kSeparated, 1.5f, 5.0f, 4.0f);
    renderer.screenDisc(s.support, 6.0f, palette::kAccent, palette::kBackground, 1.5f);
    renderer.screenDisc(s.x, 5.5f, rayColor, palette::kBackground, 1.5f);
    renderer.setLabelPriority(kLabelPriorityStep);
    renderer.label(s.support, "support " + std::to_string(s.iteration) + ": " + formatVector(s.support), palette::kAccent, {10, 6});
    renderer.label(onPlane + 30.0 * px * collide::leftPerp(n),
                   space.radius > 0 ? "plane, offset " + formatNumber(space.radius) + " (the radius)" : std::string("its plane"),
                   palette::kAccent, {8, -24});
    renderer.label(s.x, "lambda = " + formatNumber(s.lambda), rayColor, {8, -26});
    if (s.simplexCount >= 2) {
      renderer.label(0.5 * (s.simplex[0] + s.simplex[1]), "simplex (" + std::to_string(s.simplexCount) + " kept)", kSimplex, {8, 6});
    }
    renderer.setLabelPriority(kLabelPriorityScene);
  }

  // The set's names, each at the vertex in view farthest from the step's figure (a followed pane shows part of the
  // set, and its top met lambda's label at ccd_03's corner); the origin; the ray's end.
  const Vec2d busy = shown ? shown->x : space.origin;
  const WorldBounds visible = renderer.camera().visibleBounds();
  const auto nameSpot = [&](const std::vector<Vec2d>& points) -> std::optional<Vec2d> {
    std::optional<Vec2d> best;
    for (const Vec2d& p : points) {
      const bool inView = p.x >= visible.min.x && p.x <= visible.max.x && p.y >= visible.min.y && p.y <= visible.max.y;
      if (inView && (!best || collide::length(p - busy) > collide::length(*best - busy))) best = p;
    }
    return best;
  };
  if (const std::optional<Vec2d> top = nameSpot(whole)) {
    std::string name = setName;
    if (space.radius > 0)
      name += ": cores + " + (space.difference ? radiusWords(space.radii) : "its radius " + formatNumber(space.radius));
    renderer.label(*top, name, palette::kMinkowski, {6, -24});
  }
  if (const std::optional<Vec2d> core = space.outline.empty() ? std::nullopt : nameSpot(space.cores)) {
    renderer.label(*core, space.difference ? "dashed: the cores' A - B" : "dashed: its core",
                   palette::kMinkowski, {-40, 8});
  }
  renderer.label(end, "lambda = 1", rayColor, {8, 6});
  renderer.screenDisc(space.origin, 5.0f, palette::kText, palette::kBackground, 1.5f);
  renderer.label(space.origin, space.difference ? "O" : "the point (lambda = 0)", palette::kText, {-18, 4});
}

WorldBounds castSpaceBounds(const CastSpace& space) {
  WorldBounds bounds = WorldBounds::none();
  for (const Vec2d& p : space.outline.empty() ? space.cores : space.outline) bounds.include(p);
  bounds.include(space.origin);
  bounds.include(space.origin + space.translation);
  const Vec2d margin = 0.15 * (bounds.max - bounds.min) + Vec2d{0.1, 0.1};
  bounds.min -= margin;
  bounds.max += margin;
  return bounds;
}

std::optional<WorldBounds> castSpaceFollowBounds(const CastSpace& space, const RecordedCast<Vec2d>& cast, int step) {
  const collide::RayCastStep<Vec2d>* shown = cast.rayStep(step);
  if (!shown || space.refused) return castSpaceBounds(space);
  const collide::RayCastStep<Vec2d>& s = *shown;
  WorldBounds bounds = WorldBounds::none();
  bounds.include(space.origin);
  bounds.include(s.x);
  bounds.include(s.support);
  bounds.include(planePoint(space, s));
  // The rounded corner about the support, whose arc the planes are tangent to.
  bounds.include(s.support - Vec2d{space.radius, space.radius});
  bounds.include(s.support + Vec2d{space.radius, space.radius});
  for (int i = 0; i < s.simplexCount; ++i) bounds.include(s.simplex[static_cast<std::size_t>(i)]);
  const std::optional<WorldBounds> framed = withFollowRoom(bounds, space.outline.empty() ? space.cores : space.outline, 0.02);
  return framed ? framed : castSpaceBounds(space);
}

Json castSpaceJson(const CastSpace& space, const RecordedCast<Vec2d>& cast, int step) {
  const auto point = [](Vec2d p) { return Json{p.x, p.y}; };
  Json out = {{"set", space.difference ? "A - B" : "the shape"},
              {"refused", space.refused},
              {"radius", space.radius},
              {"core_vertices", space.cores.size()},
              {"outline_vertices", space.outline.size()},
              {"origin", point(space.origin)},
              {"translation", point(space.translation)}};
  const collide::RayCastStep<Vec2d>* shown = cast.rayStep(step);
  if (!shown || space.refused) return out;
  const collide::RayCastStep<Vec2d>& s = *shown;
  Json simplex = Json::array();
  for (int i = 0; i < s.simplexCount; ++i) simplex.push_back(point(s.simplex[static_cast<std::size_t>(i)]));
  out["step"] = {{"support", point(s.support)},
                 {"plane_point", point(planePoint(space, s))},
                 {"plane_normal", point(unitOr(s.direction, Vec2d{1, 0}))},
                 {"lambda", s.lambda},
                 {"x", point(s.x)},
                 {"simplex", simplex},
                 {"earlier_steps", static_cast<std::size_t>(shown - cast.trace.ray.data())}};
  return out;
}

}  // namespace lab
