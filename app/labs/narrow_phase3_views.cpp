// The 3D narrow-phase lab's two views: the world (A, B, the witnesses of the current step, SAT's shadows) and the
// Minkowski difference A - B with the origin (GJK's simplex and the Voronoi region it kept, EPA's polytope with its
// horizon, SAT's axis). Both draw the same step of the recorded trace.
//
// [SECTION] Colours and sizes
// [SECTION] World view
// [SECTION] Minkowski view
// [SECTION] GJK: the simplex and its region
// [SECTION] EPA: the polytope, the faces the support sees, the horizon
// [SECTION] SAT and the analytic tests
// [SECTION] The result

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <span>
#include <string>
#include <variant>

#include <imgui.h>

#include "labs/narration.h"
#include "labs/narrow_phase3_lab.h"
#include "render/renderer3d.h"
#include "render/shape_drawing3.h"
#include "widgets/wrapped_text.h"

namespace lab {

namespace {

// EPA's polytope on screen: the extent of its vertices (none when one is behind the camera).
std::optional<LabelBox> screenOutline(const OrbitCamera& camera, std::span<const collide::SupportPoint<Vec3d>> vertices) {
  LabelBox box{{INFINITY, INFINITY}, {-INFINITY, -INFINITY}};
  for (const auto& v : vertices) {
    const Projected p = camera.project(v.point);
    if (!p.inFront) return std::nullopt;
    box.min = {std::min(box.min.x, p.screen.x), std::min(box.min.y, p.screen.y)};
    box.max = {std::max(box.max.x, p.screen.x), std::max(box.max.y, p.screen.y)};
  }
  return vertices.empty() ? std::nullopt : std::optional<LabelBox>(box);
}

// A label of `text` at `anchor` (window pixels) put beside `outline`, off the polytope: at an EPA step the origin's
// and n's labels sat on the horizon's arrows, the rim the narration asks to count (3d_04 step 7 at 150 %, newcomer
// review s34 A10). Right of it, else left, else below, else above (at the anchor's height, or under the outline's
// middle), inside the pane and clear of `avoid` (the labels put so before it); a leader line back to the anchor. Returns
// the box (its corner less the anchor is the placer's offset), or none where no side has room (the placer's own
// rings then).
std::optional<LabelBox> besideOutline(Renderer3D& renderer, Vec2d anchor, const std::string& text, const LabelBox& outline,
                                      bool preferLeft, std::span<const LabelBox> avoid, Color color) {
  const ImVec2 textSize = ImGui::CalcTextSize(text.c_str());
  const Vec2d size{textSize.x + 6.0, textSize.y + 2.0};  // the placer's box: the text and its padding
  const ScreenRect& pane = renderer.camera().rect();
  constexpr double kGap = 14.0, kMargin = 8.0, kApart = 6.0;
  const double top = pane.y + 2.5 * ImGui::GetTextLineHeightWithSpacing();  // under the pane's title
  const double y = std::clamp(anchor.y - 0.5 * size.y, top, std::max(top, pane.y + pane.height - size.y - kMargin));
  const auto inPane = [&](double x) {
    return std::clamp(x, pane.x + kMargin, std::max(pane.x + kMargin, pane.x + pane.width - size.x - kMargin));
  };
  const Vec2d right{outline.max.x + kGap, y}, left{outline.min.x - kGap - size.x, y};
  const double line = size.y + kApart;
  std::vector<Vec2d> candidates = {preferLeft ? left : right, preferLeft ? right : left};
  // Below, then above: two rows each, under the outline's middle, its left end or its right end.
  for (const double row : {outline.max.y + kGap, outline.max.y + kGap + line, outline.min.y - kGap - size.y,
                           outline.min.y - kGap - size.y - line})
    for (const double x : {0.5 * (outline.min.x + outline.max.x) - 0.5 * size.x, outline.min.x, outline.max.x - size.x})
      candidates.push_back({inPane(x), row});
  for (const Vec2d& corner : candidates) {
    const LabelBox box{corner, corner + size};
    if (box.min.x < pane.x + kMargin || box.max.x > pane.x + pane.width - kMargin || box.min.y < top ||
        box.max.y > pane.y + pane.height - kMargin)
      continue;
    if (std::any_of(avoid.begin(), avoid.end(), [&](const LabelBox& other) {
          return box.min.x < other.max.x + kApart && other.min.x < box.max.x + kApart && box.min.y < other.max.y + kApart &&
                 other.min.y < box.max.y + kApart;
        }))
      continue;
    const Vec2d nearest{std::clamp(anchor.x, box.min.x, box.max.x), std::clamp(anchor.y, box.min.y, box.max.y)};
    renderer.screenLine(anchor, nearest, palette::kBackground.withAlpha(0.75f), 4.0f);
    renderer.screenLine(anchor, nearest, color.withAlpha(0.95f), 1.5f);
    return box;
  }
  return std::nullopt;
}

// Whether a world point shows in the camera's view: in front of it and inside its rectangle, clear of the edges and
// the pane title.
bool onScreen(const OrbitCamera& camera, Vec3d world) {
  const Projected p = camera.project(world);
  const ScreenRect& rect = camera.rect();
  constexpr double kMargin = 30.0;
  return p.inFront && p.screen.x >= rect.x + kMargin && p.screen.x <= rect.x + rect.width - kMargin &&
         p.screen.y >= rect.y + kMargin && p.screen.y <= rect.y + rect.height - kMargin;
}

// [SECTION] Colours and sizes


// EPA's faces by the iteration that made them: the start polytope grey-blue, then a cycle of distinct hues.
Color iterationColor(int iteration) {
  constexpr Color kCycle[6] = {rgb(0x4ec9b0), rgb(0xe5c07b), rgb(0x61afef), rgb(0xc678dd), rgb(0x98c379), rgb(0xd19a66)};
  if (iteration == 0) return rgb(0x8fa3bf);  // grey-blue: not A - B's own violet
  return kCycle[(iteration - 1) % 6];
}

Vec3d unit(Vec3d v) {
  const double len = length(v);
  return len > 0 ? (1.0 / len) * v : Vec3d{0, 0, 0};
}

}  // namespace

double NarrowPhase3Lab::sceneScale() const {
  WorldBounds3 bounds = WorldBounds3::none();
  for (const Vec3d& p : minkowski_.positions) bounds.include(p);
  for (const Collider3& shape : shapes_) bounds.include(shapeBounds3(shape));
  if (bounds.empty()) return 1.0;
  // The smaller of the two pictures' sizes: a 1:1000 pair must not draw metre-long arrows on the small cube.
  double smallest = std::numeric_limits<double>::infinity();
  for (const Collider3& shape : shapes_) {
    const WorldBounds3 box = shapeBounds3(shape);
    smallest = std::min(smallest, length(box.max - box.min));
  }
  return std::max(std::min(smallest, length(bounds.max - bounds.min)), 1e-6);
}

double NarrowPhase3Lab::searchArrowLength() const {
  WorldBounds3 bounds = WorldBounds3::none();
  for (const Vec3d& p : minkowski_.positions) bounds.include(p);
  const double size = bounds.empty() ? 0.0 : length(bounds.max - bounds.min);
  return std::max(0.5 * sceneScale(), 0.1 * size);
}

// [SECTION] World view

void NarrowPhase3Lab::drawWorld(Renderer3D& renderer) const {
  for (int i = 0; i < 2; ++i) {
    const Collider3& shape = shapes_[static_cast<std::size_t>(i)];
    Color color = i == 0 ? palette::kShapeA : palette::kShapeB;
    ShapeStyle3 style;
    if (mouse_.hovered == i || mouse_.selected == i) style.outlineWidth += 1.0f;
    drawShape3(renderer, shape, color, style);
  }
  // Each name on its shape's surface, on the side turned to the camera and away from the other shape: the pair
  // touches in between. A point of the surface, not of the bounds: a thin slab's box centre lies under the
  // shape sitting on it, and its name would be read as that shape's.
  const auto middle = [](const WorldBounds3& box) { return 0.5 * (box.min + box.max); };
  const Vec3d apart = middle(shapeBounds3(shapes_[0])) - middle(shapeBounds3(shapes_[1]));
  Vec3d away = unit(apart);
  // One shape centred in the other (3d_04's identical cubes) has no side away from it: a fixed "up" put A's name on
  // the top face, beside B's witness along -n, and B's beside A's. Then each name goes to its own shape's witness
  // side, A's along the normal (where "a: farthest on A along n" lies) and B's against it.
  if (length(apart) <= 1e-9 * sceneScale()) away = trace_.result.normal ? *trace_.result.normal : Vec3d{0, 1, 0};
  const Vec3d towardEye = -1.0 * renderer.camera().forward();
  for (int i = 0; i < 2; ++i) {
    const Collider3& shape = shapes_[static_cast<std::size_t>(i)];
    Vec3d at = worldSupport(shape, (i == 0 ? away : -1.0 * away) + towardEye);
    // A shape far larger than the view (3d_10's 1000-wide floor) has that point off screen, and the view showed a
    // blue expanse nobody named: then the name goes where the shape shows, the first of four points a quarter in
    // from the view's corners (clear of the pair's contact in the middle) whose ray meets this shape first (pickShape).
    const OrbitCamera& camera = renderer.camera();
    const ScreenRect& rect = camera.rect();
    std::string name = i == 0 ? "shape A" : "shape B";
    if (!onScreen(camera, at)) {
      // Its size says why its edges are out of sight: "shape A, 1000 x 1 x 1000, runs past the view".
      const WorldBounds3 box = shapeBounds3(shape);
      const Vec3d size = box.max - box.min;
      name += ", " + formatNumber(size.x) + " x " + formatNumber(size.y) + " x " + formatNumber(size.z) + ", runs past the view";
    }
    for (const Vec2d corner : {Vec2d{0.25, 0.75}, Vec2d{0.75, 0.75}, Vec2d{0.25, 0.25}, Vec2d{0.75, 0.25}}) {
      if (onScreen(camera, at)) break;
      const Ray3 ray = camera.ray({rect.x + corner.x * rect.width, rect.y + corner.y * rect.height});
      const SpatialPointer pointer{ray.origin, ray.direction, camera.pixelSizeAt(camera.target())};
      double t = 0;
      if (pickShape(pointer, shapes_, &t) == i) at = ray.origin + t * ray.direction;
    }
    nameAnchors_[static_cast<std::size_t>(i)] = at;
    renderer.label(at, name, i == 0 ? palette::kShapeA : palette::kShapeB);
  }
  // Framed on the smaller of two far unequal shapes (on opening, or by N): the view says so, and how to see both.
  // A selected shape: what is selected and what a drag does, in words (the gizmo alone said it; review s35 A10).
  std::vector<std::pair<std::string, Color>> caption;
  if (mouse_.selected >= 0) {
    const Collider3& selected = shapes_[static_cast<std::size_t>(mouse_.selected)];
    caption.emplace_back(selectionStatus3(mouse_.selected == 0 ? "A" : "B", collide::isPlaced(selected.shape)), palette::kText);
  }
  if (const std::string note = framedNote(contactFocus3(), renderer.camera().shows(*sceneBounds3(0), 0.0)); !note.empty())
    caption.emplace_back(note, palette::kTextDim);
  if (!caption.empty()) {
    const ScreenRect& rect = renderer.camera().rect();
    renderer.caption(paneCaptionCorner(rect), caption, static_cast<float>(rect.width) - 40.0f);
  }
  if (steps_.empty()) {
    drawResult(renderer, false);
    return;
  }
  const StepRef& ref = steps_[static_cast<std::size_t>(step_)];
  if (const std::optional<FirstDirectionMarks<Vec3d>> marks = centroidMarks()) {
    // The centroids the step's words subtract, and d between them: the words can be checked on the picture.
    renderer.setLabelPriority(kLabelPriorityStep);
    if (marks->coincide) {
      renderer.label(marks->a, "A's and B's centroids (they coincide)", palette::kAccent, {10, 10});
    } else {
      renderer.arrow(marks->a, marks->b, palette::kAccent, 2.0f, 12.0f, true);
      renderer.label(0.5 * (marks->a + marks->b), "d = B's centroid - A's centroid", palette::kAccent, {10, -24});
      renderer.label(marks->a, "A's centroid", palette::kShapeA, {-10, 10});
      renderer.label(marks->b, "B's centroid", palette::kShapeB, {10, 10});
    }
    renderer.setLabelPriority(kLabelPriorityScene);
    for (const auto& [at, color] : {std::pair{marks->a, palette::kShapeA}, std::pair{marks->b, palette::kShapeB}}) {
      renderer.point(at, palette::kBackground, 9.0f, true);  // a dark halo, so the marker reads on its shape's colour
      renderer.point(at, color, 5.0f, true);
    }
  }
  switch (ref.kind) {
    case StepRef::Kind::Gjk: drawGjkStep(renderer, trace_.gjk[static_cast<std::size_t>(ref.index)], false); break;
    case StepRef::Kind::EpaStart: drawEpaStart(renderer, trace_.epaStart[static_cast<std::size_t>(ref.index)], false); break;
    case StepRef::Kind::Epa: drawEpaStep(renderer, trace_.epa[static_cast<std::size_t>(ref.index)], false); break;
    case StepRef::Kind::Sat: drawSatStep(renderer, trace_.sat[static_cast<std::size_t>(ref.index)], false); break;
    case StepRef::Kind::SatResult: drawSatStep(renderer, trace_.sat[static_cast<std::size_t>(ref.index)], false, true); break;
    case StepRef::Kind::Analytic: drawAnalyticStep(renderer, trace_.analytic[static_cast<std::size_t>(ref.index)]); break;
  }
  if (step_ + 1 == stepCount()) drawResult(renderer, false);
}

// [SECTION] Minkowski view

void NarrowPhase3Lab::drawMinkowski(Renderer3D& renderer) const {
  const ScreenRect& rect = renderer.camera().rect();
  const auto caption = [&](const std::string& text) {
    const std::pair<std::string, Color> line{text, palette::kTextDim};
    renderer.caption(paneCaptionCorner(rect), std::span(&line, 1), static_cast<float>(rect.width) - 40.0f);
  };
  if (!minkowski_.absent.empty()) {
    // No set, so no verdict on the origin: the pane says why in one line (the panel gives the refusal in full).
    caption(minkowski_.absent);
    renderer.label(Vec3d{0, 0, 0}, "origin", palette::kTextDim, {10, 14});
    renderer.point(Vec3d{0, 0, 0}, palette::kTextDim, 6.0f, true);
    return;
  }
  // A refusal of the algorithm, not of the set (SAT on a sphere): A - B and where the origin lies are still true,
  // but no step ran; as the plane's pane says.
  if (!trace_.result.ok) caption("Refused: no step to draw (the panel says why)");
  const bool inside = minkowski_.containsOrigin;
  const bool touching = minkowski_.touchesOrigin;
  const Color originColor = inside || touching ? palette::kHit : palette::kSeparated;
  // The origin's label first, so it wins the layout (the question the whole view answers); its marker last, so
  // nothing of the step covers it. At an EPA step, beside the polytope, off its horizon.
  const std::string originText = touching ? "origin: on A - B's boundary (touching)"
                                          : (inside ? "origin: inside A - B (overlap)" : "origin: outside A - B (apart)");
  Vec2d originOffset{10, 14};
  horizonScreen_.clear();
  const StepRef* epa = steps_.empty() || steps_[static_cast<std::size_t>(step_)].kind != StepRef::Kind::Epa
                           ? nullptr : &steps_[static_cast<std::size_t>(step_)];
  if (epa != nullptr) {
    const collide::EpaStep3<double>& step = trace_.epa[static_cast<std::size_t>(epa->index)];
    const Projected origin = renderer.camera().project(Vec3d{0, 0, 0});
    if (const std::optional<LabelBox> outline = screenOutline(renderer.camera(), step.vertices); outline && origin.inFront) {
      epaBeside_.clear();
      if (const auto box = besideOutline(renderer, origin.screen, originText, *outline, false, epaBeside_, originColor)) {
        originOffset = box->min - origin.screen;
        epaBeside_.push_back(*box);
      }
      epaOutline_ = outline;
    }
  }
  renderer.label(Vec3d{0, 0, 0}, originText, originColor, originOffset);
  drawMinkowskiHull3(renderer, minkowski_);
  if (steps_.empty()) {
    drawResult(renderer, true);
    renderer.point(Vec3d{0, 0, 0}, originColor, 6.0f, true);
    return;
  }
  const StepRef& ref = steps_[static_cast<std::size_t>(step_)];
  switch (ref.kind) {
    case StepRef::Kind::Gjk: drawGjkStep(renderer, trace_.gjk[static_cast<std::size_t>(ref.index)], true); break;
    case StepRef::Kind::EpaStart: drawEpaStart(renderer, trace_.epaStart[static_cast<std::size_t>(ref.index)], true); break;
    case StepRef::Kind::Epa: drawEpaStep(renderer, trace_.epa[static_cast<std::size_t>(ref.index)], true); break;
    case StepRef::Kind::Sat: drawSatStep(renderer, trace_.sat[static_cast<std::size_t>(ref.index)], true); break;
    case StepRef::Kind::SatResult: drawSatStep(renderer, trace_.sat[static_cast<std::size_t>(ref.index)], true, true); break;
    case StepRef::Kind::Analytic: break;  // the sphere tests work on the shapes, not on A - B
  }
  if (step_ + 1 == stepCount()) drawResult(renderer, true);
  renderer.point(Vec3d{0, 0, 0}, palette::kBackground, 9.0f, true);  // a dark halo, so the marker reads on any colour
  renderer.point(Vec3d{0, 0, 0}, originColor, 6.0f, true);
}

// [SECTION] GJK: the simplex and its region

void NarrowPhase3Lab::drawGjkStep(Renderer3D& renderer, const collide::GjkStep<Vec3d>& step, bool minkowskiView) const {
  const double scale = sceneScale();
  if (!minkowskiView) {
    // The support point's witnesses: the farthest point of A along d and of B along -d.
    renderer.line(step.support.pointA, step.support.pointB, palette::kAccent.withAlpha(0.8f), {1.5f, 6.0f, 4.0f, true});
    renderer.point(step.support.pointA, palette::kShapeA, 5.0f, true);
    renderer.point(step.support.pointB, palette::kShapeB, 5.0f, true);
    renderer.label(step.support.pointA, "a: farthest on A along d", palette::kShapeA);
    renderer.label(step.support.pointB, "b: farthest on B along -d", palette::kShapeB);
    renderer.arrow(step.support.pointA, step.support.pointA + (0.25 * scale) * unit(step.direction), palette::kAccent, 2.0f, 10.0f, true);
    return;
  }
  const collide::Simplex<Vec3d>& simplex = step.simplexBefore;
  const int count = simplex.count;
  const auto vertex = [&](int i) { return simplex.vertices[static_cast<std::size_t>(i)].point; };
  const auto kept = [&](int i) { return (step.region.kept & (1u << i)) != 0; };
  // The whole simplex, thin; its faces translucent (marks of the step: they hide nothing drawn on top).
  for (int i = 0; i < count; ++i)
    for (int j = i + 1; j < count; ++j) renderer.line(vertex(i), vertex(j), palette::kText.withAlpha(0.55f), {1.5f});
  if (count >= 3) {
    for (int i = 0; i < count; ++i)
      for (int j = i + 1; j < count; ++j)
        for (int k = j + 1; k < count; ++k) renderer.triangle(vertex(i), vertex(j), vertex(k), palette::kText.withAlpha(0.08f), false);
  }
  // The feature the origin is closest to, thick; its triangle filled.
  std::array<int, 4> feature{};
  int featureCount = 0;
  for (int i = 0; i < count; ++i)
    if (kept(i)) feature[static_cast<std::size_t>(featureCount++)] = i;
  const bool interior = step.region.feature == collide::SimplexFeature::Interior;
  for (int a = 0; a < featureCount; ++a)
    for (int b = a + 1; b < featureCount; ++b)
      renderer.line(vertex(feature[static_cast<std::size_t>(a)]), vertex(feature[static_cast<std::size_t>(b)]), palette::kAccent, {3.5f, 0, 0, !interior});
  if (featureCount == 3) renderer.triangle(vertex(feature[0]), vertex(feature[1]), vertex(feature[2]), palette::kAccent.withAlpha(0.3f), false);

  // The region the feature stands for: a face's prism, an edge's slab (Ericson 5.1).
  const double reach = 0.35 * scale;
  if (step.region.feature == collide::SimplexFeature::Face) {
    // The face's prism: the triangle swept along its normal toward the origin, its three sides translucent.
    const Vec3d a = vertex(feature[0]), b = vertex(feature[1]), c = vertex(feature[2]);
    Vec3d n = unit(cross(b - a, c - a));
    if (dot(n, -1.0 * a) < 0) n = -1.0 * n;  // toward the origin
    const Style3 dashed{1.2f, 6.0f, 5.0f, false};
    const std::array<Vec3d, 3> corners = {a, b, c};
    for (int k = 0; k < 3; ++k) {
      const Vec3d p = corners[static_cast<std::size_t>(k)], q = corners[static_cast<std::size_t>((k + 1) % 3)];
      renderer.triangle(p, q, q + reach * n, palette::kAccent.withAlpha(0.1f), false);
      renderer.triangle(p, q + reach * n, p + reach * n, palette::kAccent.withAlpha(0.1f), false);
      renderer.line(p, p + reach * n, palette::kAccent.withAlpha(0.6f), dashed);
    }
    renderer.polyline(std::array<Vec3d, 3>{a + reach * n, b + reach * n, c + reach * n}, true, palette::kAccent.withAlpha(0.6f), dashed);
    renderer.label(a + reach * n, "face region (prism)", palette::kAccent.withAlpha(0.8f));
  } else if (step.region.feature == collide::SimplexFeature::Edge) {
    // The edge's slab: between the two planes through its ends perpendicular to it, drawn as translucent squares.
    const Vec3d a = vertex(feature[0]), b = vertex(feature[1]);
    const Vec3d axis = unit(b - a);
    const collide::OrthonormalBasis<double> basis = collide::orthonormalBasis(axis);
    const Style3 dashed{1.2f, 6.0f, 5.0f, false};
    for (const Vec3d& p : {a, b}) {
      const std::array<Vec3d, 4> square = {p + reach * basis.tangent + reach * basis.bitangent, p - reach * basis.tangent + reach * basis.bitangent,
                                           p - reach * basis.tangent - reach * basis.bitangent, p + reach * basis.tangent - reach * basis.bitangent};
      renderer.triangle(square[0], square[1], square[2], palette::kAccent.withAlpha(0.1f), false);
      renderer.triangle(square[0], square[2], square[3], palette::kAccent.withAlpha(0.1f), false);
      renderer.polyline(square, true, palette::kAccent.withAlpha(0.5f), dashed);
    }
    renderer.label(b + reach * basis.tangent, "edge region (slab between the planes)", palette::kAccent.withAlpha(0.8f));
  }

  // Vertex names by support index (w0 is the run's first support), as in the table and the narration; the dropped
  // ones ghosted. Vertex 0 of simplexBefore is this step's new support.
  const std::array<int, 4> names = simplexSupportIndices(trace_.gjk, steps_[static_cast<std::size_t>(step_)].index);
  const auto nameOf = [&names](int i) { return supportName(names[static_cast<std::size_t>(i)]); };
  for (int i = 0; i < count; ++i) {
    const std::string name = nameOf(i) + simplexVertexNote(step, i, nameOf);
    renderer.point(vertex(i), kept(i) ? palette::kAccent : palette::kTextDim.withAlpha(0.7f), kept(i) ? 5.0f : 4.0f, true);
    renderer.label(vertex(i), name, kept(i) ? palette::kText : palette::kTextDim);
  }
  // This step's search direction from the origin (not the next one: review s34, A6), and the closest point of the
  // kept simplex, v, where the narration says what it is: boolean GJK's steps that go on; every distance step.
  renderer.arrow(Vec3d{0, 0, 0}, searchArrowLength() * unit(step.direction), palette::kAccent, 2.5f, 12.0f, true);
  renderer.label(searchArrowLength() * unit(step.direction), "d (this step's search)", palette::kAccent);
  const bool booleanGoesOn = step.stop == collide::GjkStop::None || step.stop == collide::GjkStop::MaxIterations;
  if (step.stop != collide::GjkStop::ContainsOrigin && length(step.closestPoint) > 0 &&
      (algorithm_ != collide::Algorithm::Gjk || booleanGoesOn)) {
    renderer.line(Vec3d{0, 0, 0}, step.closestPoint, palette::kSeparated, {2.0f, 5.0f, 4.0f, true});
    renderer.point(step.closestPoint, palette::kSeparated, 3.0f, true);
    renderer.label(step.closestPoint, "v, |v| = " + formatNumber(step.distance), palette::kSeparated, {8, 14});
  }
}

// [SECTION] EPA: the polytope, the faces the support sees, the horizon

// EPA's start: the supports found along the searched directions (on A and B in the world view; as points of A - B
// with their directions from the origin in the other) and the polytope they make with GJK's simplex.
void NarrowPhase3Lab::drawEpaStart(Renderer3D& renderer, const collide::EpaStart3<double>& start, bool minkowskiView) const {
  if (!minkowskiView) {
    for (const collide::SupportPoint<Vec3d>& s : start.supports) {
      renderer.point(s.pointA, palette::kShapeA, 4.0f, true);
      renderer.point(s.pointB, palette::kShapeB, 4.0f, true);
      renderer.line(s.pointA, s.pointB, palette::kAccent.withAlpha(0.6f), {1.2f, 6.0f, 4.0f, true});
    }
    return;
  }
  const auto at = [&](int v) { return start.vertices[static_cast<std::size_t>(v)].point; };
  for (const collide::EpaFace3<double>& face : start.faces) {
    renderer.triangle(at(face.vertices[0]), at(face.vertices[1]), at(face.vertices[2]), iterationColor(0).withAlpha(0.3f));
    for (int e = 0; e < 3; ++e)
      renderer.line(at(face.vertices[static_cast<std::size_t>(e)]), at(face.vertices[static_cast<std::size_t>((e + 1) % 3)]),
                    palette::kText.withAlpha(0.45f), {1.2f});
  }
  // Each point under its number among the start's points, as the narration counts them ("points 0 to 4").
  const auto number = [&start](Vec3d p) {
    for (std::size_t k = 0; k < start.vertices.size(); ++k)
      if (start.vertices[k].point == p) return std::to_string(k);
    return std::string("-");
  };
  for (int i = 0; i < start.simplex.count; ++i) {
    const Vec3d p = start.simplex.vertices[static_cast<std::size_t>(i)].point;
    renderer.point(p, palette::kTextDim, 5.0f, true);
    renderer.label(p, number(p) + " (GJK)", palette::kTextDim);
  }
  for (std::size_t i = 0; i < start.supports.size(); ++i) {
    const Vec3d p = start.supports[i].point;
    renderer.arrow(Vec3d{0, 0, 0}, p, palette::kAccent.withAlpha(0.7f), 1.5f, 10.0f, true);
    renderer.point(p, palette::kAccent, 5.0f, true);
    renderer.label(p, number(p) + ": found along " + formatVector(start.directions[i]), palette::kAccent);
  }
}

void NarrowPhase3Lab::drawEpaStep(Renderer3D& renderer, const collide::EpaStep3<double>& step, bool minkowskiView) const {
  if (!minkowskiView) {
    renderer.point(step.support.pointA, palette::kShapeA, 5.0f, true);
    renderer.point(step.support.pointB, palette::kShapeB, 5.0f, true);
    renderer.line(step.support.pointA, step.support.pointB, palette::kAccent.withAlpha(0.8f), {1.5f, 6.0f, 4.0f, true});
    renderer.label(step.support.pointA, "a: farthest on A along n", palette::kShapeA);
    renderer.label(step.support.pointB, "b: farthest on B along -n", palette::kShapeB);
    return;
  }
  const auto at = [&](int v) { return step.vertices[static_cast<std::size_t>(v)].point; };
  std::vector<bool> seen(step.faces.size(), false);
  for (int f : step.removedFaces) seen[static_cast<std::size_t>(f)] = true;
  for (std::size_t f = 0; f < step.faces.size(); ++f) {
    const collide::EpaFace3<double>& face = step.faces[f];
    const Color fill = seen[f] ? palette::kHit.withAlpha(0.45f) : iterationColor(face.iteration).withAlpha(0.3f);
    renderer.triangle(at(face.vertices[0]), at(face.vertices[1]), at(face.vertices[2]), fill);
    for (int e = 0; e < 3; ++e)
      renderer.line(at(face.vertices[static_cast<std::size_t>(e)]), at(face.vertices[static_cast<std::size_t>((e + 1) % 3)]),
                    palette::kText.withAlpha(0.35f), {1.0f});
  }
  // The closest face: outlined, with its normal n from the origin to it, red and named as the plane's lab draws it
  // ("n, distance 2"); the run's last face is the answer: depth = distance, normal = n.
  const collide::EpaFace3<double>& closest = step.faces[static_cast<std::size_t>(step.closestFace)];
  renderer.polyline(std::array<Vec3d, 3>{at(closest.vertices[0]), at(closest.vertices[1]), at(closest.vertices[2])}, true,
                    palette::kAccent, {3.0f, 0, 0, true});
  const Vec3d foot = step.faceDistance * step.faceNormal;
  renderer.arrow(Vec3d{0, 0, 0}, foot, palette::kHit, 2.5f, 12.0f, true);
  // Beside the polytope (on the other side from the origin's label), off the horizon: see besideOutline.
  // The labels at points inside the polytope: beside it, each clear of the ones put before (besideOutline).
  const auto besideLabel = [&](Vec3d at, const std::string& text, Color color, bool preferLeft) {
    Vec2d offset{6, -6};
    const Projected anchor = renderer.camera().project(at);
    if (epaOutline_ && anchor.inFront)
      if (const auto box = besideOutline(renderer, anchor.screen, text, *epaOutline_, preferLeft, epaBeside_, color)) {
        offset = box->min - anchor.screen;
        epaBeside_.push_back(*box);
      }
    // The step's: placed before the scene's labels, so its box beside the outline is not taken first and the
    // placer does not move it back over the horizon.
    renderer.setLabelPriority(kLabelPriorityStep);
    renderer.label(at, text, color, offset);
    renderer.setLabelPriority(kLabelPriorityScene);
  };
  // w's dot, above or below the polytope, keeps its own label's place (the placer keeps labels off dots).
  if (const Projected w = renderer.camera().project(step.support.point); w.inFront)
    epaBeside_.push_back({w.screen - Vec2d{10, 10}, w.screen + Vec2d{10, 10}});
  besideLabel(0.5 * foot, "n, distance " + formatNumber(step.faceDistance), palette::kHit, true);
  besideLabel(foot, "closest face", palette::kAccent, true);
  // The new support, and the gap between it and the face's plane.
  renderer.line(foot, step.support.point, palette::kAccent, {1.5f, 5.0f, 4.0f, true});
  renderer.point(step.support.point, palette::kAccent, 5.0f, true);
  renderer.label(step.support.point, "w, gap " + formatNumber(step.gap), palette::kAccent);
  // The horizon: the rim of the faces w sees, as a loop of arrows.
  for (const std::array<int, 2>& edge : step.horizon) {
    renderer.arrow(at(edge[0]), at(edge[1]), palette::kHit, 2.5f, 10.0f, true);
    const Projected from = renderer.camera().project(at(edge[0])), to = renderer.camera().project(at(edge[1]));
    if (from.inFront && to.inFront) horizonScreen_.push_back({from.screen, to.screen});
  }
  epaOutline_.reset();
  epaBeside_.clear();
}

// [SECTION] SAT and the analytic tests

void NarrowPhase3Lab::drawSatStep(Renderer3D& renderer, const collide::SatAxisStep3<double>& step, bool minkowskiView,
                                  bool answer) const {
  if (step.pruned) return;
  const Vec3d n = unit(step.axis);
  const double scale = sceneScale();
  if (minkowskiView) {
    // A - B projects to [minA - maxB, maxA - minB]: the shapes' shadows overlap when it holds the origin's 0.
    const double low = step.minA - step.maxB, high = step.maxA - step.minB;
    renderer.line(-1.0 * (std::max(std::abs(low), std::abs(high)) + scale) * n, (std::max(std::abs(low), std::abs(high)) + scale) * n,
                  palette::kTextDim.withAlpha(0.7f), {1.2f, 8.0f, 6.0f, false});
    renderer.line(low * n, high * n, step.separating ? palette::kSeparated : palette::kHit, {5.0f, 0, 0, true});
    renderer.label(high * n, step.separating ? "A - B's shadow misses the origin" : "A - B's shadow holds the origin",
                   step.separating ? palette::kSeparated : palette::kHit);
    return;
  }
  // The axis through the middle of the pair, and each shape's shadow on it.
  std::string note;
  if (answer) {
    // The answer against the runner-up: the two numbers a student compares.
    note = ", the smallest";
    if (const int next = satAnswer(trace_.sat).runnerUp; next >= 0) {
      const collide::SatAxisStep3<double>& other = trace_.sat[static_cast<std::size_t>(next)];
      note += " (next: " + satAxisName(trace_.sat, other.axisIndex) + ", " + formatSatOverlap(other.overlap, satShadowScale(other)) + ")";
    }
  }
  drawSatAxis3(renderer, step, 0.5 * (collide::placement(shapes_[0]).p + collide::placement(shapes_[1]).p), scale,
               palette::kAccent, note);
  // An edge pair's two edges, thick on top in their shapes' colours and named as the words name them: the axis
  // "edge of A x edge of B" showed neither (review s34, A8).
  if (const auto edges = satStepEdges(step, shapes_)) {
    for (int k = 0; k < 2; ++k) {
      const collide::SatEdge3<double>& edge = (*edges)[static_cast<std::size_t>(k)];
      const Color color = k == 0 ? palette::kShapeA : palette::kShapeB;
      if (edge.from == edge.to) renderer.point(edge.from, color, 6.0f, true);
      else renderer.line(edge.from, edge.to, color, {6.0f, 0, 0, true});
      renderer.label(0.5 * (edge.from + edge.to),
                     "edge " + std::to_string(k == 0 ? step.indexA : step.indexB) + " of " + (k == 0 ? "A" : "B"), color);
    }
  }
}

void drawSatAxis3(Renderer3D& renderer, const collide::SatAxisStep3<double>& step, Vec3d middle, double scale, Color axisColor,
                  const std::string& note) {
  if (step.pruned) return;
  const Vec3d n = unit(step.axis);
  const Vec3d side = (0.06 * scale) * collide::perpendicular(n);
  const auto onAxis = [&](double value) { return middle + (value - dot(middle, n)) * n; };
  const double low = std::min(step.minA, step.minB), high = std::max(step.maxA, step.maxB);
  renderer.line(onAxis(low - 0.3 * scale), onAxis(high + 0.3 * scale), axisColor.withAlpha(0.8f), {1.5f, 8.0f, 6.0f, true});
  renderer.line(onAxis(step.minA) + side, onAxis(step.maxA) + side, palette::kShapeA, {5.0f, 0, 0, true});
  renderer.line(onAxis(step.minB) - side, onAxis(step.maxB) - side, palette::kShapeB, {5.0f, 0, 0, true});
  const double overlapLow = std::max(step.minA, step.minB), overlapHigh = std::min(step.maxA, step.maxB);
  if (overlapLow <= overlapHigh) {
    renderer.line(onAxis(overlapLow), onAxis(overlapHigh), palette::kHit, {7.0f, 0, 0, true});
    renderer.label(onAxis(overlapHigh),
                   (satShadowsTouch(step) ? "touching, overlap " + formatSatOverlap(step.overlap, satShadowScale(step))
                                          : "overlap " + formatNumber(step.overlap)) + note,
                   palette::kHit);
  } else {
    renderer.label(onAxis(overlapHigh), "gap " + formatNumber(-step.overlap) + ": separating axis", palette::kSeparated);
  }
  std::string which;
  switch (step.source) {
    case collide::AxisSource3::FaceOfA: which = "axis: a face normal of A"; break;
    case collide::AxisSource3::FaceOfB: which = "axis: a face normal of B"; break;
    case collide::AxisSource3::EdgePair: which = "axis: edge of A x edge of B"; break;
  }
  renderer.label(onAxis(high + 0.3 * scale), which, axisColor);
}

void NarrowPhase3Lab::drawAnalyticStep(Renderer3D& renderer, const collide::AnalyticStep3<double>& step) const {
  // The query point is the sphere's centre or the point shape's, A's unless only B is one of those.
  const auto isQuery = [](const Collider3& shape) {
    return std::holds_alternative<collide::Sphere<double>>(shape.shape) || std::holds_alternative<collide::Point3<double>>(shape.shape);
  };
  const int query = !isQuery(shapes_[0]) && isQuery(shapes_[1]) ? 1 : 0;
  const Color queryColor = query == 0 ? palette::kShapeA : palette::kShapeB;
  const bool sphere = std::holds_alternative<collide::Sphere<double>>(shapes_[static_cast<std::size_t>(query)].shape);
  renderer.line(step.point, step.closest, palette::kAccent, {2.0f, 6.0f, 4.0f, true});
  renderer.point(step.point, queryColor, 5.0f, true);
  renderer.point(step.closest, palette::kAccent, 5.0f, true);
  // The step's question, then what it decided, with the numbers (as the narration and the plane's lab say it): the
  // point is not always a closest point (step 1 of a sphere against a box marks the box's centre).
  renderer.label(step.point, sphere ? "centre" : "the point", queryColor);
  renderer.label(step.closest, wrappedLines(std::string(step.title) + "\n" + analyticDecision(step, shapes_[0], shapes_[1]), 300.0),
                 palette::kAccent);
}

// [SECTION] The result

// The support point the current step draws with its witnesses named on A and B (a GJK or EPA step), if any.
std::optional<collide::SupportPoint<Vec3d>> NarrowPhase3Lab::stepSupport() const {
  if (steps_.empty()) return std::nullopt;
  const StepRef& ref = steps_[static_cast<std::size_t>(step_)];
  if (ref.kind == StepRef::Kind::Gjk) return trace_.gjk[static_cast<std::size_t>(ref.index)].support;
  if (ref.kind == StepRef::Kind::Epa) return trace_.epa[static_cast<std::size_t>(ref.index)].support;
  return std::nullopt;
}

void NarrowPhase3Lab::drawResult(Renderer3D& renderer, bool minkowskiView) const {
  const collide::QueryResult3<double>& r = trace_.result;
  if (!r.ok) return;
  if (minkowskiView) {
    // The way out: from the origin to A - B's nearest boundary point, depth x normal (moving B by it moves A - B by
    // minus it, which takes that point to the origin), as the plane's lab draws it. EPA's last step draws the same
    // arrow as its closest face's n. Or the closest point of A - B.
    if (r.depth && r.normal) {
      if (algorithm_ != collide::Algorithm::Epa) {
        const Vec3d exit = *r.depth * *r.normal;
        renderer.arrow(Vec3d{0, 0, 0}, exit, palette::kHit, 3.0f, 12.0f, true);
        renderer.label(exit, "depth " + formatNumber(*r.depth), palette::kHit);
      }
    } else if (r.pointA && r.pointB) {
      renderer.arrow(Vec3d{0, 0, 0}, *r.pointA - *r.pointB, palette::kSeparated, 3.0f, 12.0f, true);
    }
    return;
  }
  if (r.pointA && r.pointB) {
    const Color color = r.hit ? palette::kHit : palette::kSeparated;
    renderer.point(*r.pointA, palette::kShapeA, 5.0f, true);
    renderer.point(*r.pointB, palette::kShapeB, 5.0f, true);
    renderer.line(*r.pointA, *r.pointB, color, {2.5f, 0, 0, true});
    // Named as the RESULT block names them; unless the last step's support witnesses, already named, are the same
    // points (3d_04's EPA ends on corners while the answer's points are face centres: a second pair of dots nobody named).
    const std::optional<collide::SupportPoint<Vec3d>> support = stepSupport();
    const double near = 1e-9 * sceneScale();
    if (!support || length(support->pointA - *r.pointA) > near) renderer.label(*r.pointA, "point on A", palette::kShapeA);
    if (!support || length(support->pointB - *r.pointB) > near) renderer.label(*r.pointB, "point on B", palette::kShapeB);
    const std::string what = r.depth ? "depth " + formatNumber(*r.depth) : r.distance ? "distance " + formatNumber(*r.distance) : "";
    if (!what.empty()) renderer.label(0.5 * (*r.pointA + *r.pointB), what, color, {10, 12});
  }
  if (r.hit && r.depth && r.normal) {
    // Moving B by depth along the normal separates the shapes.
    const Vec3d from = r.pointB ? *r.pointB : collide::placement(shapes_[1]).p;
    renderer.arrow(from, from + std::max(*r.depth, 0.15 * sceneScale()) * *r.normal, palette::kHit, 2.5f, 12.0f, true);
  }
}

}  // namespace lab
