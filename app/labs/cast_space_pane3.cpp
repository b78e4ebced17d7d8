// The Continuous collision 3D lab's A - B pane (cast_space_pane3.h).
#include "labs/cast_space_pane3.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "labs/cast_space_pane.h"
#include "labs/format.h"
#include "labs/narrow_phase_common.h"
#include "platform/theme.h"
#include "render/orbit_camera.h"
#include "render/renderer3d.h"

namespace lab {

namespace {

using collide::CastAlgorithm;
using collide::CastStatus;

constexpr Color kSimplex = rgb(0xffffff);  // as the 3D narrow-phase lab's A - B pane draws GJK's simplex

// The points of a drawn set: a solid hull's vertices or a flat set's outline.
const std::vector<Vec3d>& setPoints(const MinkowskiHull3& set) { return set.positions.empty() ? set.flat : set.positions; }

// The set's size: what the plane's patch and the follow framing scale by.
double setSize(const CastSpace3& space) {
  WorldBounds3 bounds = WorldBounds3::none();
  for (const Vec3d& p : setPoints(space.whole)) bounds.include(p);
  bounds.include(space.origin);
  bounds.include(space.origin + space.translation);
  return collide::length(bounds.max - bounds.min);
}


}  // namespace

std::optional<CastSpace3> castSpace3(const RecordedCast<Vec3d>& cast, const std::array<Collider3, 2>& shapes, bool useFloat) {
  const auto chosen = castSet(cast, pairInScalar(shapes, useFloat), placedCollider(collide::Point3<double>{}, {0, 0, 0}));
  if (!chosen) return std::nullopt;
  CastSpace3 space;
  static_cast<CastRay<Vec3d>&>(space) = *chosen;
  if (space.refused) return space;  // a shape the cast does not take (a mesh): its hull would mislead
  space.whole = minkowskiHull3(chosen->set);
  if (space.radius > 0) space.cores = minkowskiHull3(chosen->set, true);
  return space;
}

void drawCastSpace3(Renderer3D& renderer, const CastSpace3& space, const RecordedCast<Vec3d>& cast, int step) {
  if (space.refused) {
    renderer.label(space.origin, "Refused: no step to draw (the world view says why)", palette::kTextDim);
    return;
  }
  // The set the ray must not enter, and, when rounded, the cores' set inside it, fainter: the supports are the
  // cores'.
  drawMinkowskiHull3(renderer, space.whole, 0.12f, 0.7f);
  if (space.radius > 0) drawMinkowskiHull3(renderer, space.cores, 0.10f, 0.9f);

  const Color rayColor = space.difference || cast.rayBody() == 1 ? palette::kShapeB : palette::kShapeA;
  const Vec3d end = space.origin + space.translation;
  const double size = std::max(setSize(space), 1e-9);
  const collide::RayCastStep<Vec3d>* s = cast.rayStep(step);
  const auto index = static_cast<std::size_t>(s != nullptr ? s - cast.trace.ray.data() : 0);

  // The earlier steps, faint: their supports and lambdas.
  for (std::size_t k = 0; k < index; ++k) {
    const auto& e = cast.trace.ray[k];
    renderer.point(e.support, palette::kAccent.withAlpha(0.45f), 3.0f, true);
    renderer.point(e.x, rayColor.withAlpha(0.45f), 3.0f, true);
  }
  // The ray over lambda in [0, 1], in the moving body's colour, over the set.
  renderer.line(space.origin, end, rayColor.withAlpha(0.85f), {2.5f, 9.0f, 5.0f, true});
  renderer.point(end, rayColor, 4.0f, true);
  if (s != nullptr) {
    // The step's plane: a square holding the support's foot on it and lambda's point (which the plane stops), no
    // larger: a patch much wider than the set read, in perspective, as lying below it.
    const Vec3d n = unitOr(s->direction, Vec3d{1, 0, 0});
    const Vec3d onPlane = planePoint(space, *s);
    const Vec3d xOnPlane = s->x - collide::dot(s->x - onPlane, n) * n;
    const Vec3d middle = 0.5 * (onPlane + xOnPlane);
    const collide::OrthonormalBasis<double> basis = collide::orthonormalBasis(n);
    const double reach = std::max(0.08 * size, 0.5 * collide::length(xOnPlane - onPlane) + 0.04 * size);
    const std::array<Vec3d, 4> square = {middle + reach * basis.tangent + reach * basis.bitangent,
                                         middle - reach * basis.tangent + reach * basis.bitangent,
                                         middle - reach * basis.tangent - reach * basis.bitangent,
                                         middle + reach * basis.tangent - reach * basis.bitangent};
    renderer.triangle(square[0], square[1], square[2], palette::kAccent.withAlpha(0.14f), false);
    renderer.triangle(square[0], square[2], square[3], palette::kAccent.withAlpha(0.14f), false);
    renderer.polyline(square, true, palette::kAccent.withAlpha(0.8f), {1.5f});
    renderer.arrow(onPlane, onPlane + 0.6 * reach * n, palette::kAccent, 2.0f, 10.0f, true);
    if (space.radius > 0) renderer.line(s->support, onPlane, palette::kAccent, {1.5f, 4.0f, 3.0f, true});
    // The labels in the order they win room in (Renderer3D lays them out first come, first placed): the step's
    // support and lambda, then its plane and simplex, then the set's names.
    renderer.label(s->support, "support " + std::to_string(s->iteration) + ": " + formatVector(s->support), palette::kAccent, {10, 6});
    renderer.label(s->x, "lambda = " + formatNumber(s->lambda), rayColor, {8, -26});
    renderer.label(square[0], space.radius > 0 ? "plane, offset " + formatNumber(space.radius) + " (the radius)" : std::string("its plane"),
                   palette::kAccent);
    // The simplex kept after the step; v, from its closest point to lambda's point (none after a miss, where the
    // loop stops before solving the simplex again).
    for (int i = 0; i < s->simplexCount; ++i) {
      for (int j = i + 1; j < s->simplexCount; ++j)
        renderer.line(s->simplex[static_cast<std::size_t>(i)], s->simplex[static_cast<std::size_t>(j)], kSimplex, {2.0f, 0, 0, true});
      renderer.point(s->simplex[static_cast<std::size_t>(i)], kSimplex, 4.0f, true);
    }
    if (s->simplexCount >= 2)
      renderer.label(0.5 * (s->simplex[0] + s->simplex[1]), "simplex (" + std::to_string(s->simplexCount) + " kept)", kSimplex, {8, 6});
    const bool missed = s->last && s->status == CastStatus::Miss;
    if (!missed && s->v != Vec3d{}) renderer.line(s->x - s->v, s->x, palette::kSeparated, {1.5f, 5.0f, 4.0f, true});
    renderer.point(s->support, palette::kAccent, 6.0f, true);
    renderer.point(s->x, rayColor, 5.5f, true);
  }

  renderer.point(space.origin, palette::kBackground, 9.0f, true);  // a dark halo, so the marker reads on any colour
  renderer.point(space.origin, palette::kText, 5.0f, true);
  renderer.label(space.origin, space.difference ? "O" : "the point (lambda = 0)", palette::kText, {-18, 4});
  // The sets' names, each at the vertex in view farthest on screen from the step's figure (lambda's point): at the
  // set's top they lost their room to the step's labels at 150 %.
  const OrbitCamera& camera = renderer.camera();
  const Vec2d busy = camera.project(s != nullptr ? s->x : space.origin).screen;
  const auto nameSpot = [&](const std::vector<Vec3d>& points) -> std::optional<Vec3d> {
    std::optional<Vec3d> best;
    double farthest = -1;
    for (const Vec3d& p : points) {
      const Projected q = camera.project(p);
      if (!q.inFront || !camera.rect().contains(q.screen)) continue;
      if (const double d = collide::length(q.screen - busy); d > farthest) farthest = d, best = p;
    }
    return best;
  };
  if (const std::optional<Vec3d> spot = nameSpot(setPoints(space.whole))) {
    std::string name = space.difference ? "A - B" : "the shape";
    if (space.radius > 0)
      name += ": cores + " + (space.difference ? radiusWords(space.radii) : "its radius " + formatNumber(space.radius));
    renderer.label(*spot, name, palette::kMinkowski, {6, -24});
  }
  if (const std::optional<Vec3d> spot = space.radius > 0 ? nameSpot(setPoints(space.cores)) : std::nullopt)
    renderer.label(*spot, space.difference ? "inside: the cores' A - B" : "inside: its core", palette::kMinkowski, {8, 10});
  renderer.label(end, "lambda = 1", rayColor, {8, 6});
}

WorldBounds3 castSpaceBounds3(const CastSpace3& space) {
  WorldBounds3 bounds = WorldBounds3::none();
  for (const Vec3d& p : setPoints(space.whole)) bounds.include(p);
  bounds.include(space.origin);
  bounds.include(space.origin + space.translation);
  const Vec3d margin = 0.15 * (bounds.max - bounds.min) + Vec3d{0.1, 0.1, 0.1};
  bounds.min = bounds.min - margin;
  bounds.max = bounds.max + margin;
  return bounds;
}

std::optional<WorldBounds3> castSpaceFollowBounds3(const CastSpace3& space, const RecordedCast<Vec3d>& cast, int step) {
  const collide::RayCastStep<Vec3d>* s = cast.rayStep(step);
  if (s == nullptr || space.refused) return castSpaceBounds3(space);
  WorldBounds3 bounds = WorldBounds3::none();
  bounds.include(space.origin);
  bounds.include(s->x);
  bounds.include(s->support);
  bounds.include(planePoint(space, *s));
  // The rounded corner about the support, whose surface the planes are tangent to.
  const Vec3d r{space.radius, space.radius, space.radius};
  bounds.include(s->support - r);
  bounds.include(s->support + r);
  for (int i = 0; i < s->simplexCount; ++i) bounds.include(s->simplex[static_cast<std::size_t>(i)]);
  const std::optional<WorldBounds3> framed = withFollowRoom(bounds, setPoints(space.whole), 0.1);
  return framed ? framed : castSpaceBounds3(space);
}

std::optional<Vec3d> castSpaceDirection3(const CastSpace3& space, const RecordedCast<Vec3d>& cast, Vec3d current) {
  if (space.refused || !(collide::length(space.translation) > 0)) return std::nullopt;
  std::vector<Vec3d> normals;
  for (const collide::RayCastStep<Vec3d>& s : cast.trace.ray) normals.push_back(s.direction);
  return lookAcross(space.translation, normals, current, kPaneTilt);
}

bool sameCastSpace3(const CastSpace3& a, const CastSpace3& b) {
  return a.difference == b.difference && a.refused == b.refused && a.radius == b.radius && a.origin == b.origin &&
         a.translation == b.translation && a.whole.positions == b.whole.positions && a.whole.flat == b.whole.flat;
}

Json castSpaceJson3(const CastSpace3& space, const RecordedCast<Vec3d>& cast, int step) {
  const auto point = [](Vec3d p) { return Json{p.x, p.y, p.z}; };
  Json out = {{"set", space.difference ? "A - B" : "the shape"},
              {"refused", space.refused},
              {"radius", space.radius},
              {"vertices", setPoints(space.whole).size()},
              {"exact", space.whole.exact},
              {"flat", !space.whole.flat.empty()},
              {"core_vertices", setPoints(space.cores).size()},
              {"core_flat", !space.cores.flat.empty()},
              {"origin", point(space.origin)},
              {"translation", point(space.translation)}};
  const collide::RayCastStep<Vec3d>* s = cast.rayStep(step);
  if (s == nullptr || space.refused) return out;
  Json simplex = Json::array();
  for (int i = 0; i < s->simplexCount; ++i) simplex.push_back(point(s->simplex[static_cast<std::size_t>(i)]));
  out["step"] = {{"support", point(s->support)},
                 {"plane_point", point(planePoint(space, *s))},
                 {"plane_normal", point(unitOr(s->direction, Vec3d{1, 0, 0}))},
                 {"lambda", s->lambda},
                 {"x", point(s->x)},
                 {"simplex", simplex},
                 {"earlier_steps", s - cast.trace.ray.data()}};
  return out;
}

}  // namespace lab
