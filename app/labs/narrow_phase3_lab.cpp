// The 3D narrow-phase lab: state, recording, the Minkowski hull, picking and dragging, the side panel and scene IO
// (the views are drawn in narrow_phase3_views.cpp). Class overview in narrow_phase3_lab.h.
//
// [SECTION] Helpers: world supports, presets
// [SECTION] Recording and the Minkowski difference
// [SECTION] Frame, keys, timeline
// [SECTION] Mouse: picking and dragging
// [SECTION] Scenes, settings, dump, metrics
// [SECTION] Panel
#include "labs/narrow_phase3_lab.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <numbers>
#include <type_traits>
#include <utility>
#include <variant>

#define GLFW_INCLUDE_NONE  // key codes only
#include <GLFW/glfw3.h>
#include <imgui.h>

#include "collide/hull3.h"
#include "collide/polygon.h"
#include "io/shape_json.h"
#include "labs/narration.h"
#include "labs/narrow_phase_common.h"
#include "platform/theme.h"
#include "render/renderer3d.h"
#include "render/shape_drawing3.h"
#include "widgets/shape_inspector.h"
#include "widgets/wrapped_text.h"

namespace lab {

namespace {

using collide::Algorithm;
using Quatd = collide::Quat<double>;

constexpr double kDegrees = 180.0 / std::numbers::pi;
constexpr auto kAlgorithms3 = collide::kAlgorithmsIn<3>;
constexpr const char* kShapeNames[2] = {"A", "B"};

// [SECTION] Helpers: world supports, presets

// The world vertices of a polytope (point, segment, triangle, aabb, box, hull); nothing for curved shapes. With
// `core`, a sphere's and a capsule's cores too (its centre, its segment).
std::optional<std::vector<Vec3d>> worldVertices(const Collider3& collider, bool core = false) {
  const collide::Transform3<double> xf = collide::placement(collider);
  std::vector<Vec3d> local;
  const bool polytope = std::visit(
      [&](const auto& s) {
        using T = std::decay_t<decltype(s)>;
        if constexpr (std::is_same_v<T, collide::Point3<double>>) {
          local = {s.position};
        } else if constexpr (std::is_same_v<T, collide::Segment3<double>>) {
          local = {s.a, s.b};
        } else if constexpr (std::is_same_v<T, collide::Triangle3<double>>) {
          local = {s.a, s.b, s.c};
        } else if constexpr (std::is_same_v<T, collide::Aabb3<double>> || std::is_same_v<T, collide::Box3<double>>) {
          Vec3d low, high;
          if constexpr (std::is_same_v<T, collide::Box3<double>>) {
            high = s.halfExtents;
            low = -1.0 * s.halfExtents;
          } else {
            low = s.min;
            high = s.max;
          }
          for (int i = 0; i < 8; ++i) local.push_back({(i & 1) ? high.x : low.x, (i & 2) ? high.y : low.y, (i & 4) ? high.z : low.z});
        } else if constexpr (std::is_same_v<T, collide::Hull<double>>) {
          local = s.vertices;
        } else if constexpr (std::is_same_v<T, collide::Sphere<double>>) {
          if (!core) return false;
          local = {s.center};
        } else if constexpr (std::is_same_v<T, collide::Capsule3<double>>) {
          if (!core) return false;
          local = {s.a, s.b};
        } else {
          return false;
        }
        return true;
      },
      collider.shape);
  if (!polytope) return std::nullopt;
  for (Vec3d& p : local) p = xf.apply(p);
  return local;
}

collide::Box3<double> box(double x, double y, double z) { return {{x, y, z}}; }

struct Preset {
  const char* name;
  Algorithm algorithm;
  Collider3 a, b;
};

// The classic cases (the curated scenes in assets/scenes/3d_*.json teach the same ones with a lesson).
std::vector<Preset> presets() {
  const double cubeDiagonal = std::sqrt(3.0);
  // Roll -45 then yaw by this turns a cube's diagonal onto y: a vertex straight up, the opposite one straight down.
  const double diagonalYaw = std::atan(1.0 / std::sqrt(2.0)) * kDegrees;
  return {
      {"Cubes: face on face", Algorithm::Epa, placedCollider(box(1, 1, 1), {0, 0, 0}), placedCollider(box(1, 1, 1), {0.4, 1.85, 0.3})},
      {"Cubes: edge across edge", Algorithm::Sat, placedCollider(box(1, 1, 1), {0, 0, 0}, {0, 0, 45}),
       placedCollider(box(1, 1, 1), {0.1, 2.7, 0}, {45, 0, 0})},
      {"Cubes: vertex into face", Algorithm::Epa, placedCollider(box(1, 1, 1), {0, 0, 0}),
       placedCollider(box(1, 1, 1), {0.2, 1 + cubeDiagonal - 0.15, -0.1}, {-45, 0, diagonalYaw})},
      {"Identical cubes, one inside the other", Algorithm::Epa, placedCollider(box(1, 1, 1), {0, 0, 0}), placedCollider(box(1, 1, 1), {0, 0, 0})},
      {"Stacked cubes", Algorithm::Epa, placedCollider(box(2, 0.5, 2), {0, 0, 0}), placedCollider(box(0.6, 0.6, 0.6), {0.3, 1.09, -0.2}, {0, 20, 0})},
      {"Sphere on a box vertex", Algorithm::Analytic, placedCollider(box(1, 1, 1), {0, 0, 0}, {-45, 0, diagonalYaw}),
       placedCollider(collide::Sphere<double>{{0, 0, 0}, 0.6}, {0.05, cubeDiagonal + 0.5, 0.05})},
      {"Thin slab", Algorithm::Sat, placedCollider(box(2.5, 0.02, 2.5), {0, 0, 0}), placedCollider(box(0.7, 0.7, 0.7), {0.5, 0.65, 0.2}, {20, 30, 10})},
      {"1 : 1000 sizes", Algorithm::Distance, placedCollider(box(500, 0.5, 500), {0, 0, 0}), placedCollider(box(0.5, 0.5, 0.5), {3, 1.2, -2}, {10, 25, 5})},
      {"Capsule vs cylinder", Algorithm::Distance, placedCollider(collide::Capsule3<double>{{0, -1, 0}, {0, 1, 0}, 0.45}, {0, 0, 0}, {0, 0, 70}),
       placedCollider(collide::Cylinder<double>{1.0, 0.6}, {0.4, 1.3, 0.5}, {15, 0, 0})},
      {"Hull vs hull", Algorithm::Distance, placedCollider(defaultShape3(8), {-0.3, 0, 0}, {10, 20, 0}),
       placedCollider(defaultShape3(8), {1.9, 0.9, 0.6}, {40, 0, 70})},
      {"Far apart", Algorithm::Gjk, placedCollider(box(1, 1, 1), {-2, 0, 0}, {0, 30, 0}), placedCollider(collide::Sphere<double>{{0, 0, 0}, 1}, {2.5, 0.5, 0})},
  };
}

// Points spread evenly over the unit sphere (a Fibonacci lattice): the directions a curved Minkowski
// difference is sampled along.
std::vector<Vec3d> sphereDirections(int count) {
  std::vector<Vec3d> directions;
  directions.reserve(static_cast<std::size_t>(count));
  const double golden = std::numbers::pi * (3.0 - std::sqrt(5.0));
  for (int i = 0; i < count; ++i) {
    const double y = 1.0 - 2.0 * (i + 0.5) / count;
    const double r = std::sqrt(std::max(0.0, 1.0 - y * y));
    directions.push_back({r * std::cos(golden * i), y, r * std::sin(golden * i)});
  }
  return directions;
}


Json vectorJson(Vec3d v) { return Json{v.x, v.y, v.z}; }

}  // namespace

Vec3d worldSupport(const Collider3& collider, Vec3d d) {
  return std::visit(
      [&](const auto& shape) -> Vec3d {
        using T = std::decay_t<decltype(shape)>;
        if constexpr (collide::kHasSupport<T>) {
          return collide::Transformed{shape, collide::placement(collider)}.support(d);
        } else {
          // A mesh placed by its position alone put "shape B" inside A with the mesh 4 units away (review s34, A1).
          const collide::Transform3<double> xf = collide::placement(collider);
          Vec3d best = xf.p;
          double farthest = -std::numeric_limits<double>::infinity();
          for (const Vec3d& v : shape.vertices) {
            const Vec3d world = xf.apply(v);
            if (const double along = collide::dot(world, d); along > farthest) farthest = along, best = world;
          }
          return best;
        }
      },
      collider.shape);
}

// [SECTION] Recording and the Minkowski difference

namespace {

// The points whose hull is A - B (or the cores' A - B): every vertex difference when both are polytopes small
// enough (exact), otherwise A - B's supports along evenly spread directions.
std::vector<Vec3d> minkowskiPoints3(const std::array<Collider3, 2>& shapes, bool core, bool& exact) {
  std::vector<Vec3d> points;
  const auto verticesA = worldVertices(shapes[0], core);
  const auto verticesB = worldVertices(shapes[1], core);
  exact = verticesA && verticesB && verticesA->size() * verticesB->size() <= static_cast<std::size_t>(collide::kMaxHullPoints);
  if (exact) {
    for (const Vec3d& a : *verticesA)
      for (const Vec3d& b : *verticesB) points.push_back(a - b);
    return points;
  }
  const auto support = [core](const Collider3& collider, Vec3d d) {
    if (!core) return worldSupport(collider, d);
    return std::visit(
        [&](const auto& shape) -> Vec3d {
          if constexpr (collide::kHasSupport<std::decay_t<decltype(shape)>>)
            return collide::Transformed{shape, collide::placement(collider)}.coreSupport(d);
          else
            return collide::placement(collider).p;
        },
        collider.shape);
  };
  constexpr int kDirections = 400;
  for (const Vec3d& d : sphereDirections(kDirections)) points.push_back(support(shapes[0], d) - support(shapes[1], -1.0 * d));
  return points;
}

// The outline of points that lie in a plane, on a line or at one point (to rounding): a convex polygon
// (counter-clockwise about the plane's normal), a segment's two ends or the point.
std::vector<Vec3d> flatOutline(const std::vector<Vec3d>& points) {
  if (points.empty()) return {};
  const Vec3d origin = points.front();
  const auto farthest = [&](auto measure) {
    std::size_t best = 0;
    double value = -1;
    for (std::size_t i = 0; i < points.size(); ++i)
      if (const double m = measure(points[i] - origin); m > value) value = m, best = i;
    return std::pair{points[best] - origin, value};
  };
  const auto [along, lengthSquared] = farthest([](Vec3d p) { return collide::lengthSquared(p); });
  double size = 0;
  for (const Vec3d& p : points) size = std::max(size, collide::length(p));
  const double tolerance = 1e-9 * std::max(size, 1e-300);
  if (!(lengthSquared > tolerance * tolerance)) return {origin};
  const Vec3d u = collide::normalize(along);
  const auto [aside, asideSquared] = farthest([u](Vec3d p) { return collide::lengthSquared(p - collide::dot(p, u) * u); });
  if (!(asideSquared > tolerance * tolerance)) {
    double low = 0, high = 0;
    for (const Vec3d& p : points) {
      low = std::min(low, collide::dot(p - origin, u));
      high = std::max(high, collide::dot(p - origin, u));
    }
    return {origin + low * u, origin + high * u};
  }
  const Vec3d w = collide::normalize(aside - collide::dot(aside, u) * u);
  std::vector<collide::Vec2<double>> planar;
  for (const Vec3d& p : points) planar.push_back({collide::dot(p - origin, u), collide::dot(p - origin, w)});
  std::vector<Vec3d> outline;
  for (const collide::Vec2<double>& q : collide::convexHull<double>(planar)) outline.push_back(origin + q.x * u + q.y * w);
  return outline;
}

}  // namespace

MinkowskiHull3 minkowskiHull3(const std::array<Collider3, 2>& shapes, bool core) {
  MinkowskiHull3 result;
  // A shape without a support function has no A - B to draw: sampling it drew B's position as if B were a point,
  // and gave the origin a verdict the core refused to give (review s34, A1).
  for (int i = 0; i < 2; ++i) {
    const Collider3& shape = shapes[static_cast<std::size_t>(i)];
    if (!std::visit([](const auto& s) { return collide::kHasSupport<std::decay_t<decltype(s)>>; }, shape.shape)) {
      result.absent = std::string("no A - B: ") + (i == 0 ? "A" : "B") + " is a " + std::string(collide::shapeTypeName(shape.shape)) +
                      ", which has no support function";
      return result;
    }
  }
  const std::vector<Vec3d> points = minkowskiPoints3(shapes, core, result.exact);
  for (const Vec3d& p : points)
    if (!collide::isFinite(p)) return {};
  // Flat differences (a triangle minus a point) have no solid hull: their outline in their plane instead.
  const collide::HullBuildResult<double> built = collide::makeHull<double>(points);
  if (!built.hull) {
    result.flat = flatOutline(points);
    return result;
  }
  const collide::Hull<double>& hull = *built.hull;
  result.positions = hull.vertices;
  double depth = std::numeric_limits<double>::infinity();
  for (const collide::HullFace<double>& face : hull.faces) {
    for (int k = 1; k + 1 < face.count; ++k) {
      result.triangles.push_back(hull.faceVertices[static_cast<std::size_t>(face.first)]);
      result.triangles.push_back(hull.faceVertices[static_cast<std::size_t>(face.first + k)]);
      result.triangles.push_back(hull.faceVertices[static_cast<std::size_t>(face.first + k + 1)]);
    }
    depth = std::min(depth, face.offset);  // the origin's distance inside this face's plane
  }
  result.originDepth = depth;
  // A sampled A - B is outlined by its silhouette (curvedOutline), never by its facets' edges.
  result.topology = result.exact ? meshTopology(result.positions, result.triangles)
                                 : MeshTopology{meshSurface(result.triangles, static_cast<int>(result.positions.size())), {}};
  // On the boundary (touching, which counts as a hit) to rounding in the vertex differences; only an exact hull
  // can say so: a sampled one's faces are chords, inside the curved difference by far more than rounding.
  double size = 0;
  for (const Vec3d& p : hull.vertices) size = std::max(size, collide::length(p));
  result.touchesOrigin = result.exact && std::abs(depth) <= kTouchingTolerance * size;
  result.containsOrigin = depth > 0 && !result.touchesOrigin;
  if (!result.exact) result.normals = smoothNormals(result.positions, result.triangles);
  return result;
}

void drawMinkowskiHull3(Renderer3D& renderer, const MinkowskiHull3& hull, float fillAlpha, float lineAlpha) {
  const Color line = palette::kMinkowski.withAlpha(lineAlpha);
  if (hull.flat.size() == 1) renderer.point(hull.flat[0], line, 5.0f);
  if (hull.flat.size() == 2) renderer.line(hull.flat[0], hull.flat[1], line, {3.0f});
  if (hull.flat.size() >= 3) {
    for (std::size_t k = 1; k + 1 < hull.flat.size(); ++k)
      renderer.triangle(hull.flat[0], hull.flat[k], hull.flat[k + 1], palette::kMinkowski.withAlpha(fillAlpha), false);
    renderer.polyline(hull.flat, true, line, {1.5f});
  }
  if (hull.positions.empty()) return;
  renderer.mesh(hull.positions, hull.triangles, palette::kMinkowski.withAlpha(fillAlpha),
                palette::kMinkowski.withAlpha(hull.exact ? lineAlpha : 0.0f), 1.2f, hull.normals, hull.topology);
  // A sampled (curved) A - B has a facet wherever two samples differ: its silhouette and sharp creases instead.
  if (!hull.exact) renderer.curvedOutline(hull.positions, hull.triangles, palette::kMinkowski.withAlpha(lineAlpha), 1.5f);
}


NarrowPhase3Lab::NarrowPhase3Lab() {
  applyPreset(0);
}

void NarrowPhase3Lab::applyPreset(int preset) {
  const std::vector<Preset> all = presets();
  if (preset < 0 || preset >= static_cast<int>(all.size())) return;
  const Preset& chosen = all[static_cast<std::size_t>(preset)];
  shapes_ = {chosen.a, chosen.b};
  algorithm_ = chosen.algorithm;
  preset_ = preset;
  inspectorErrors_ = {};
  step_ = 0;
  record();
}

void NarrowPhase3Lab::record() {
  recordPending_ = false;
  recordPair(algorithm_, shapes_, useFloat_, trace_, floatLine_, recordTiming_);

  steps_ = traceSteps(trace_);
  stepKinds_ = satStepKinds(trace_, steps_);
  stepRows_ = stepListEntries(trace_, steps_, shapes_);
  step_ = std::clamp(step_, 0, std::max(stepCount() - 1, 0));
  rebuildMinkowski();
  // Only another answer or set turns the pane (a T that changes nothing does not): until then the user's orbit stays.
  if (paneAxis() != paneAxis_ || minkowski_.positions != paneSet_) refitPane_ = true;
  paneAxis_ = paneAxis();
  paneSet_ = minkowski_.positions;
}

std::optional<Vec3d> NarrowPhase3Lab::paneAxis() const {
  const collide::QueryResult3<double>& r = trace_.result;
  if (!r.ok) return std::nullopt;
  if (r.normal && *r.normal != Vec3d{}) return *r.normal;
  // Boolean GJK apart: its last d points from A - B toward the origin. Inside, the last d is any: none.
  if (!r.hit && !trace_.gjk.empty() && trace_.gjk.back().direction != Vec3d{}) return trace_.gjk.back().direction;
  return std::nullopt;
}

std::optional<Vec3d> NarrowPhase3Lab::fitDirection3(int view, Vec3d current) const {
  const std::optional<Vec3d> axis = paneAxis();
  if (view != 1 || !axis) return std::nullopt;
  // The answer alone, as the side to see (GJK's directions pulled 3d_03's pane round by 90 degrees and showed 3d_04's
  // cubes face-on): the direction across it nearest the world view's, tipped toward it so A - B keeps its depth.
  const std::array<Vec3d, 1> sideOn = {*axis};
  return lookAcross(*axis, sideOn, current, kPaneTilt);
}


void NarrowPhase3Lab::recordIfChanged() {
  if (recordPending_) record();
}

void NarrowPhase3Lab::rebuildMinkowski() {
  // The shapes as the run saw them: rounded through float in a float run, so the origin's verdict agrees with it.
  minkowski_ = minkowskiHull3(pairInScalar(shapes_, useFloat_));
}

// [SECTION] Frame, keys, timeline

void NarrowPhase3Lab::update(double) {
  recordIfChanged();
  queryMicros_ = queryMicroseconds(algorithm_, shapes_, useFloat_);
}

void NarrowPhase3Lab::keyPressed(const KeyPress& press) {
  if (isPress(press, GLFW_KEY_ESCAPE) && mouse_.dragging < 0) mouse_.selected = -1;
  if (isPress(press, GLFW_KEY_N)) viewAim_ = contactAim();
  if (isPress(press, GLFW_KEY_T)) {
    useFloat_ = !useFloat_;
    changed();
  }
  for (int i = 0; i < static_cast<int>(kAlgorithms3.size()); ++i) {
    if (isPress(press, GLFW_KEY_1 + i) && algorithm_ != kAlgorithms3[static_cast<std::size_t>(i)]) {
      algorithm_ = kAlgorithms3[static_cast<std::size_t>(i)];
      changed();
    }
  }
}

std::optional<std::array<Vec3d, 2>> NarrowPhase3Lab::witnessPoints() const {
  const collide::QueryResult3<double>& r = trace_.result;
  if (!r.ok) return std::nullopt;
  if (r.pointA && r.pointB) return std::array<Vec3d, 2>{*r.pointA, *r.pointB};
  if (!r.normal) return std::nullopt;
  // SAT gives a normal (the minimum-overlap or separating axis) and no points: the shapes' extreme points along it
  // stand in, so the view still looks across the contact or the gap.
  const Vec3d pointA = r.pointA ? *r.pointA : worldSupport(shapes_[0], *r.normal);
  const Vec3d pointB = r.pointB ? *r.pointB : worldSupport(shapes_[1], -*r.normal);
  return std::array<Vec3d, 2>{pointA, pointB};
}

std::optional<ContactFocus<WorldBounds3>> NarrowPhase3Lab::contactFocus3() const {
  return contactFocus<WorldBounds3, Vec3d>({shapeBounds3(shapes_[0]), shapeBounds3(shapes_[1])}, witnessPoints());
}

std::optional<Lab::ViewAim> NarrowPhase3Lab::contactAim() const {
  const collide::QueryResult3<double>& r = trace_.result;
  const std::optional<std::array<Vec3d, 2>> points = witnessPoints();
  if (!r.ok || !r.normal || !points) return std::nullopt;
  ViewAim aim = aimAcross(0.5 * ((*points)[0] + (*points)[1]), *r.normal, camera_ ? camera_->forward() : Vec3d{0, 0, -1});
  if (const std::optional<ContactFocus<WorldBounds3>> focus = contactFocus3()) aim.frame = focus->region;
  return aim;
}

std::optional<WorldBounds3> NarrowPhase3Lab::openingBounds3(int view) const {
  const std::optional<ContactFocus<WorldBounds3>> focus = contactFocus3();
  if (view != 0 || !focus || focus->ratio < kFramedSizeRatio) return std::nullopt;
  return focus->region;
}

const char* NarrowPhase3Lab::viewTitle(int view) const {
  // The plane's lab's titles: at 200 % ", and the origin" was cut at the pane's edge ("..., and the o"); the origin
  // names itself in the view.
  return view == 0 ? "World: A (blue) and B (orange)" : "Minkowski difference A - B";
}

void NarrowPhase3Lab::draw(const DrawContext& context) {
  if (context.spatial == nullptr) return;
  if (context.view == 0) {
    camera_ = context.viewport->orbit;
    drawWorld(*context.spatial);
    if (mouse_.selected >= 0) {
      drawGizmo(*context.spatial, poseOf(shapes_[static_cast<std::size_t>(mouse_.selected)]), mouse_.highlightedPart());
    }
  } else {
    drawMinkowski(*context.spatial);
  }
  const std::span<const ScreenLabel> labels = context.spatial->labels();
  viewLabels_[static_cast<std::size_t>(context.view)].assign(labels.begin(), labels.end());
}

std::optional<WorldBounds3> NarrowPhase3Lab::sceneBounds3(int view) const {
  WorldBounds3 bounds = WorldBounds3::none();
  if (view == 0) {
    for (const Collider3& shape : shapes_) bounds.include(shapeBounds3(shape));
  } else {
    for (const Vec3d& p : minkowski_.positions) bounds.include(p);
    // The origin with room around it for what is drawn from it (GJK's d, searchArrowLength; EPA's and the result's
    // arrows): at the pane's edge they were cut off.
    const double room = 1.2 * searchArrowLength();
    bounds.include(Vec3d{-room, -room, -room});
    bounds.include(Vec3d{room, room, room});
  }
  return bounds;
}

// A - B follows the step, as in the plane's lab (NarrowPhaseLab::followBounds): GJK's simplex with the step's support
// and closest point, or EPA's polytope with its support, and the origin; with room for the labels, never smaller than
// a tenth of A - B. The whole of A - B for the steps with no such figure (EPA's start, SAT, the sphere tests).
// 3d_08's small simplex had eight labels within 150 pixels of each other in a view framing all of A - B.
std::optional<WorldBounds3> NarrowPhase3Lab::followBounds3(int view) const {
  if (view != 1) return std::nullopt;
  if (steps_.empty()) return sceneBounds3(view);
  // A tenth of A - B at least: a single support point framed with the origin alone lost the picture's depth cues;
  // d's arrow whole.
  const std::optional<WorldBounds3> bounds = followStepBounds<WorldBounds3>(trace_, steps_[static_cast<std::size_t>(step_)],
                                                                           minkowski_.positions, 0.1, searchArrowLength());
  return bounds ? bounds : sceneBounds3(view);
}

double NarrowPhase3Lab::groundHeight(int view) const {
  if (view != 1) return 0.0;
  double low = 0.0, high = 0.0;  // the origin's height with the set's
  for (const std::vector<Vec3d>* points : {&minkowski_.positions, &minkowski_.flat})
    for (const Vec3d& p : *points) {
      low = std::min(low, p.y);
      high = std::max(high, p.y);
    }
  return low < 0.0 ? low - 0.05 * (high - low) : 0.0;
}

void NarrowPhase3Lab::setStep(int index) { step_ = std::clamp(index, 0, std::max(stepCount() - 1, 0)); }

// [SECTION] Mouse: picking and dragging

// The shape under the pointer: a ray cast by conservative advancement on GJK distance (march along the ray by
// the point's distance to the shape, which can never overshoot it; Mirtich 1996). Returns -1 for none.

// The mouse through ShapeDrag3 (widgets/shape_drag3.h): the gizmo, a shape's drag, the hover.
bool NarrowPhase3Lab::mouseDown(const MouseEvent& event) {
  if (event.view != 0 || !camera_) return false;
  return mouse_.press(*camera_, event, shapes_);
}

void NarrowPhase3Lab::mouseMove(const MouseEvent& event) {
  if (event.view != 0 || !camera_) return;
  const std::optional<Pose3> pose = mouse_.move(*camera_, event, shapes_);
  if (!pose) return;
  placeAt(shapes_[static_cast<std::size_t>(mouse_.dragging)], *pose);
  preset_ = -1;
  changed();
  recordIfChanged();  // at once, so this frame already shows the new trace
}

void NarrowPhase3Lab::mouseUp(const MouseEvent&) { mouse_.release(); }

// [SECTION] Scenes, settings, dump, metrics

bool NarrowPhase3Lab::loadScene(const Scene& scene, std::string& error) {
  Collider3 a, b;
  if (!scenePair(scene, a, b, error)) return false;
  bool useFloat = useFloat_;
  if (!readScalarState(scene.labState, useFloat, error)) return false;
  shapes_ = {a, b};
  useFloat_ = useFloat;
  inspectorErrors_ = {};
  preset_ = -1;
  step_ = 0;  // a saved step is the shell's (LabShell::applyScene)
  record();
  return true;
}

void NarrowPhase3Lab::saveScene(Scene& scene) const { writePairScene(scene, shapes_, algorithm_, useFloat_); }

bool NarrowPhase3Lab::setAlgorithm(std::string_view name, std::string& error) {
  const std::optional<Algorithm> algorithm = queryAlgorithmNamed(name, 3, error);
  if (!algorithm) return false;
  algorithm_ = *algorithm;
  record();
  return true;
}

void NarrowPhase3Lab::loadSettings(const Json& settings) {
  readPairSettings(settings, 3, algorithm_, useFloat_);
  record();
}

Json NarrowPhase3Lab::saveSettings() const { return pairSettingsJson(algorithm_, useFloat_); }

void NarrowPhase3Lab::dumpState(Json& out) const {
  Json horizon = Json::array();  // the A - B pane's horizon edges at an EPA step, window pixels
  for (const auto& edge : horizonScreen_) horizon.push_back({edge[0].x, edge[0].y, edge[1].x, edge[1].y});
  out["horizon_screen"] = horizon;
  Json shapes = Json::array();
  for (int i = 0; i < 2; ++i) {
    const Collider3& shape = shapes_[static_cast<std::size_t>(i)];
    Json entry = colliderToJson(shape);
    entry["name"] = kShapeNames[i];
    shapes.push_back(std::move(entry));
  }
  const collide::QueryResult3<double>& r = trace_.result;
  out["shapes"] = std::move(shapes);
  out["algorithm"] = collide::algorithmName(algorithm_);
  out["scalar"] = useFloat_ ? "float" : "double";
  out["step_index"] = step_;
  out["step_count"] = stepCount();
  out["hit"] = r.ok && r.hit;
  out["result"] = queryResultStateJson(r);
  out["float_against_double"] = floatLineJson(floatLine_);
  out["narration"] = narration();
  out["minkowski"] = {{"absent", minkowski_.absent},
                      {"vertices", static_cast<int>(minkowski_.positions.size())},
                      {"triangles", static_cast<int>(minkowski_.triangles.size() / 3)},
                      {"exact", minkowski_.exact},
                      {"flat_vertices", static_cast<int>(minkowski_.flat.size())},
                      {"contains_origin", minkowski_.containsOrigin},
                      {"touches_origin", minkowski_.touchesOrigin}};
  if (!steps_.empty() && steps_[static_cast<std::size_t>(step_)].kind == StepRef::Kind::SatResult)
    out["sat_answer"] = satAnswerJson(trace_.sat);
  // An edge-pair step's two edges as the world view draws them (world segments), for tests that look for them.
  if (!steps_.empty() && (steps_[static_cast<std::size_t>(step_)].kind == StepRef::Kind::Sat ||
                          steps_[static_cast<std::size_t>(step_)].kind == StepRef::Kind::SatResult)) {
    const auto& step = trace_.sat[static_cast<std::size_t>(steps_[static_cast<std::size_t>(step_)].index)];
    if (const auto edges = satStepEdges(step, shapes_)) {
      Json list = Json::array();
      for (int k = 0; k < 2; ++k) {
        const collide::SatEdge3<double>& edge = (*edges)[static_cast<std::size_t>(k)];
        list.push_back({{"shape", k == 0 ? "A" : "B"}, {"index", k == 0 ? step.indexA : step.indexB},
                        {"from", vectorJson(edge.from)}, {"to", vectorJson(edge.to)}, {"direction", vectorJson(edge.direction)}});
      }
      out["sat_edges"] = std::move(list);
    }
  }
  if (const std::optional<FirstDirectionMarks<Vec3d>> marks = centroidMarks())
    out["centroid_marks"] = {{"a", vectorJson(marks->a)}, {"b", vectorJson(marks->b)}, {"coincide", marks->coincide}};
  else
    out["centroid_marks"] = nullptr;
  out["hovered"] = mouse_.hovered;
  out["step_block"] = stepBlock_.json();
  out["name_anchors"] = Json{vectorJson(nameAnchors_[0]), vectorJson(nameAnchors_[1])};
  for (int view = 0; view < 2; ++view) {
    Json labels = Json::array();
    for (const ScreenLabel& label : viewLabels_[static_cast<std::size_t>(view)])
      labels.push_back({{"text", label.text}, {"anchor", {label.anchor.x, label.anchor.y}}});
    out[view == 0 ? "world_labels" : "minkowski_labels"] = std::move(labels);
  }
  out["search_arrow_length"] = searchArrowLength();
  out["record_time_us"] = recordTiming_.json();
}

std::vector<Shortcut> NarrowPhase3Lab::shortcuts() const {
  return {{"1 .. 6", "GJK boolean, GJK distance, GJK + EPA, SAT, analytic, SAT lite"},
          {"Left-drag a shape", "select it and move it on the plane facing the camera"},
          {"Shift + left-drag a shape", "move it toward or away from the camera"},
          {"Drag a gizmo arrow / ring", "move the selected shape along an axis / turn it about one"},
          {"Escape", "deselect"},
          {"N", "look across the contact: the world view turned edge-on to the normal, at the contact"},
          {"T", "run the core in float / double"},
          {"Left-drag empty space", "orbit the camera"}};
}

void NarrowPhase3Lab::frameMetrics(std::vector<FrameMetric>& out) const {
  appendQueryMetrics(algorithm_, trace_.result, queryMicros_, out);
  out.push_back({"record_time", recordTiming_.last, "us", "recording time (\u00b5s)"});
}

// [SECTION] Panel

namespace {
// The rounding around a shape's core (a sphere's or capsule's radius, 0 for the others). A mesh has no core (it
// never reaches GJK); every other shape in space says its rounding.
double coreRadiusOf(const Collider3& shape) {
  return std::visit([](const auto& s) {
    if constexpr (requires { s.coreRadius(); }) return static_cast<double>(s.coreRadius());
    else return 0.0;
  }, shape.shape);
}
}  // namespace

std::string NarrowPhase3Lab::narration() const {
  if (steps_.empty()) return narrateResult(trace_.result);
  const StepRef& ref = steps_[static_cast<std::size_t>(step_)];
  const bool last = step_ + 1 == stepCount();
  std::string text;
  switch (ref.kind) {
    case StepRef::Kind::Gjk:
      text = narrateGjkStep(trace_.gjk, ref.index, algorithm_);
      // Where the first d comes from (review s34, A5).
      if (ref.index == 0)
        text = gjkFirstDirectionWords(shapes_[0], shapes_[1], trace_.gjk[static_cast<std::size_t>(ref.index)].direction) + text;
      if (algorithm_ == Algorithm::Distance && ref.index + 1 == static_cast<int>(trace_.gjk.size()) && !trace_.result.hit)
        text += roundedDistanceWords(trace_.gjk[static_cast<std::size_t>(ref.index)].distance, coreRadiusOf(shapes_[0]) + coreRadiusOf(shapes_[1]));
      if (algorithm_ == Algorithm::Epa && ref.index + 1 == static_cast<int>(trace_.gjk.size()) && !trace_.epa.empty())
        text += " GJK's last simplex becomes EPA's start polytope (grown to a tetrahedron when it has fewer points).";
      // Rounded shapes whose cores stay apart need no EPA: say where the depth comes from, as the plane's lab does
      // (review s31, A17: "|v| = 0.9. Hit: depth 0.1" with nothing between).
      else if (algorithm_ == Algorithm::Epa && ref.index + 1 == static_cast<int>(trace_.gjk.size()) && trace_.result.hit)
        text += roundedDepthWithoutEpaWords(trace_.gjk[static_cast<std::size_t>(ref.index)].distance,
                                            coreRadiusOf(shapes_[0]) + coreRadiusOf(shapes_[1]));
      break;
    case StepRef::Kind::EpaStart: {
      const collide::EpaStart3<double>& start = trace_.epaStart[static_cast<std::size_t>(ref.index)];
      text = narrateEpaStart(start, collide::simplexSupportIndicesAfter(trace_.gjk, static_cast<int>(trace_.gjk.size()) - 1, start.simplex));
      break;
    }
    case StepRef::Kind::Epa: {
      const collide::EpaStep3<double>& step = trace_.epa[static_cast<std::size_t>(ref.index)];
      text = narrateEpaStep(step, epaPairFacts(shapes_[0], shapes_[1]));
      if (step.stop != collide::EpaStop::None && trace_.result.hit) {
        text += roundedDepthWords(step.faceDistance, coreRadiusOf(shapes_[0]) + coreRadiusOf(shapes_[1]));
      }
      break;
    }
    case StepRef::Kind::Sat:
      text = ref.last >= 0 ? narrateSatPrunedRun(trace_.sat, ref.index, ref.last) : narrateSatStep(trace_.sat, ref.index, &shapes_);
      break;
    case StepRef::Kind::SatResult:
      // The answer's words already end in the verdict and the translation.
      return narrateSatAnswer(trace_.sat, ref.index, satAnswer(trace_.sat).runnerUp, trace_.result, satAnswer(trace_.sat).twin, &shapes_);
    case StepRef::Kind::Analytic:
      text = narrateAnalyticStep(trace_.analytic[static_cast<std::size_t>(ref.index)], shapes_[0], shapes_[1]);
      break;
  }
  if (last) text += "\n\n" + narrateResult(trace_.result);
  return text;
}

void NarrowPhase3Lab::drawStepTable() {
  if (steps_.empty()) return;
  const StepRef& ref = steps_[static_cast<std::size_t>(step_)];
  std::vector<SupportRow<Vec3d>> rows;
  if (ref.kind == StepRef::Kind::Gjk) {
    // Named by support index, as in the picture and the narration: simplexBefore, this step's support first, each
    // vertex marked kept or dropped as the pane marks it.
    rows = simplexRows(trace_.gjk, ref.index);
    ImGui::TextDisabled("Simplex with this step's support");
    stepBlock_.reach(drawSupportTable<Vec3d>("##simplex", rows));
  } else if (ref.kind == StepRef::Kind::EpaStart) {
    // The start polytope's vertices as the views number them: GJK's points, then what the searches added.
    rows = epaStartRows(trace_.epaStart[static_cast<std::size_t>(ref.index)]);
    ImGui::TextDisabled("Start polytope");
    stepBlock_.reach(drawSupportTable<Vec3d>("##start", rows));
  } else if (ref.kind == StepRef::Kind::Epa) {
    const collide::EpaStep3<double>& step = trace_.epa[static_cast<std::size_t>(ref.index)];
    const collide::EpaFace3<double>& face = step.faces[static_cast<std::size_t>(step.closestFace)];
    for (int v : face.vertices) rows.push_back({"v" + std::to_string(v), step.vertices[static_cast<std::size_t>(v)], &row_words::kFace});
    rows.push_back({"w", step.support, &epaSupportWord(step)});
    ImGui::TextDisabled("Closest face and the new support w");
    stepBlock_.reach(drawSupportTable<Vec3d>("##polytope", rows));
    // Wrapped: at 200 % "horizon of 0 edges" ran past the panel's edge.
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    textWrapped("%zu vertices, %zu faces; %zu seen, horizon of %zu edges", step.vertices.size(), step.faces.size(),
                step.removedFaces.size(), step.horizon.size());
    ImGui::PopStyleColor();
  }
}

void NarrowPhase3Lab::drawUi() {
  foldedHowTo("In the world view, drag a shape to move it (Shift: toward the camera), drag the selected shape's arrows "
              "and rings to move it along an axis or turn it; drag empty space to orbit. Step the algorithm with the "
              "timeline.");
  if (drawAlgorithmChoice(kAlgorithms3, algorithm_)) changed();
  if (drawScalarChoice(useFloat_)) changed();
  // Presets
  if (const int picked = drawPresetChoice(presets(), preset_); picked >= 0) applyPreset(picked);

  // The step (narration and table), then the run's result: as in the plane's lab, the step is what the views draw,
  // and at 150 % UI scale it fell below the panel's fold under the result block.
  recordIfChanged();
  ImGui::Spacing();
  stepBlock_.begin();
  // A refused run has no step: the result below says why, once (the refusal was said four times, s29 review).
  if (trace_.result.ok) drawStepHeading(step_, stepCount(), narration());
  drawStepTable();
  stepBlock_.end();
  const collide::QueryResult3<double>& r = trace_.result;
  ImGui::Spacing();
  drawQueryResult(r, lastGjkStop(trace_));
  if (r.ok && r.normal && ImGui::SmallButton(r.hit ? "Look across the contact (N)" : "Look across the gap (N)")) {
    viewAim_ = contactAim();
  }
  drawFloatLine(floatLine_);
  drawQueryTiming(trace_.result, queryMicros_, useFloat_, recordTiming_.last);
  // Every step of the run, with its phase and the stop reason: click one to go there.
  if (stepCount() > 0 && ImGui::CollapsingHeader("All steps", ImGuiTreeNodeFlags_DefaultOpen)) {
    if (int step = step_; drawStepList(step, stepRows_, stopLine(trace_.result, lastGjkStop(trace_)))) setStep(step);
  }

  // Inspectors
  for (int i = 0; i < 2; ++i) {
    ImGui::PushID(i);
    const Color color = i == 0 ? palette::kShapeA : palette::kShapeB;
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(color.r, color.g, color.b, 1));
    // The shape selected in the view: its section opened, scrolled to once when the selection changes, and framed
    // while selected (the panel kept showing Shape A's header; review s35 A10).
    const bool selected = mouse_.selected == i;
    const bool newlySelected = selected && inspectorShown_ != i;
    if (newlySelected) ImGui::SetNextItemOpen(true);
    const char* header = i == 0 ? (selected ? "Shape A (selected in the view)###Shape A" : "Shape A###Shape A")
                                : (selected ? "Shape B (selected in the view)###Shape B" : "Shape B###Shape B");
    const bool open = ImGui::CollapsingHeader(header, ImGuiTreeNodeFlags_DefaultOpen);
    ImGui::PopStyleColor();
    if (selected) {
      ImGui::GetWindowDrawList()->AddRect(ImGui::GetItemRectMin(), ImGui::GetItemRectMax(),
                                          ImGui::GetColorU32(ImVec4(palette::kSelection.r, palette::kSelection.g,
                                                                    palette::kSelection.b, 1.0f)),
                                          3.0f, 0, 2.0f);
    }
    if (newlySelected) ImGui::SetScrollHereY(0.0f);
    if (open && drawShapeInspector(shapes_[static_cast<std::size_t>(i)], inspectorErrors_[static_cast<std::size_t>(i)], i == 0 ? "A" : "B")) {
      preset_ = -1;
      changed();
    }
    ImGui::PopID();
  }
  inspectorShown_ = mouse_.selected;
  recordIfChanged();
}

static const bool registered = registerLab("Narrow phase", "Narrow phase 3D", &NarrowPhase3Lab::create);

}  // namespace lab
