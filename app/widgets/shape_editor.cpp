// [SECTION] Hit testing
// [SECTION] Vertex edits
// [SECTION] ShapeEditor
#include "widgets/shape_editor.h"


#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <numbers>
#include <type_traits>
#include <variant>

#include "collide/geometry.h"
#include "collide/polygon.h"

namespace lab {

namespace {
constexpr double kPickPixels = 7.0;        // how near the mouse must be to a shape, vertex or handle
constexpr double kHandlePixels = 28.0;     // the rotate handle's distance beyond the shape
constexpr double kRefusalHintSeconds = 2.5;

// Inside a counter-clockwise convex outline: 0; else the distance to its boundary.
double distanceToOutline(const std::vector<Vec2d>& outline, Vec2d p, bool filled) {
  if (outline.size() == 1) return collide::distance(outline[0], p);
  double nearest = std::numeric_limits<double>::max();
  bool inside = filled && outline.size() >= 3;
  for (std::size_t i = 0; i < outline.size(); ++i) {
    const Vec2d a = outline[i];
    const Vec2d b = outline[(i + 1) % outline.size()];
    if (!filled && i + 1 == outline.size()) break;  // an open outline (a segment) has no closing edge
    nearest = std::min(nearest, collide::distancePointSegment(p, a, b));
    if (collide::cross(b - a, p - a) < 0) inside = false;
  }
  return inside ? 0.0 : nearest;
}

std::vector<Vec2d> polygonLocalVertices(const collide::Polygon<double>& polygon) {
  return {polygon.vertices.begin(), polygon.vertices.begin() + polygon.count};
}

bool rebuildPolygon(Collider& collider, const std::vector<Vec2d>& local, std::string& error) {
  const collide::PolygonBuildResult<double> built = collide::makePolygon<double>(local);
  if (!built.polygon) {
    error = built.error;
    return false;
  }
  collider.shape = *built.polygon;
  return true;
}
}  // namespace

// [SECTION] Hit testing

std::vector<int> namedNumbers(std::string_view text, std::string_view word) {
  std::vector<int> out;
  for (std::size_t at = text.find(word); at != std::string_view::npos; at = text.find(word, at + 1)) {
    std::size_t digit = at + word.size();
    if (digit >= text.size() || !std::isdigit(static_cast<unsigned char>(text[digit]))) continue;
    int value = 0;
    for (; digit < text.size() && std::isdigit(static_cast<unsigned char>(text[digit])) && value < 100000; ++digit)
      value = 10 * value + (text[digit] - '0');
    if (std::find(out.begin(), out.end(), value) == out.end()) out.push_back(value);
  }
  return out;
}

collide::Shape<double> defaultShape(std::size_t type) {
  switch (type) {
    case 0: return collide::Point<double>{};
    case 1: return collide::Segment<double>{{-1.2, -0.3}, {1.2, 0.3}};
    case 2: return collide::Circle<double>{{0, 0}, 1.0};
    case 3: return collide::Aabb<double>{{-1.0, -0.7}, {1.0, 0.7}};
    case 4: return collide::Box<double>{{1.0, 0.6}};
    case 5: return collide::Capsule<double>{{-0.8, 0}, {0.8, 0}, 0.45};
    case 6: {
      const Vec2d outline[] = {{-1.0, -0.8}, {0.9, -0.9}, {1.2, 0.3}, {0.1, 1.1}, {-1.1, 0.5}};
      return *collide::makePolygon<double>(outline).polygon;
    }
    default: return collide::Sector<double>{1.5, std::numbers::pi / 5};
  }
}

Collider placedShape(std::size_t type, Vec2d anchor, double angle) {
  Collider collider{defaultShape(type), {}};
  if (collide::isPlaced(collider.shape)) collider.transform = collide::Transform<double>::fromPose({}, angle);
  moveShape(collider, anchor);
  return collider;
}

double distanceToShape(const Collider& collider, Vec2d world) {
  if (const auto* sector = std::get_if<collide::Sector<double>>(&collider.shape)) {
    // Exact inside test (the sector may be wider than a half disc, so not convex); outline distance outside.
    const Vec2d local = collider.transform.applyInverse(world);
    const double angle = std::atan2(local.y, local.x);
    if (collide::length(local) <= sector->radius && std::abs(angle) <= sector->halfAngle) return 0.0;
    return distanceToOutline(shapeOutline(collider, 128), world, false) ;
  }
  const bool filled = !std::holds_alternative<collide::Segment<double>>(collider.shape) &&
                      !std::holds_alternative<collide::Point<double>>(collider.shape);
  return distanceToOutline(shapeOutline(collider, 128), world, filled);
}

std::vector<Vec2d> editableVertices(const Collider& collider) {
  const collide::Transform<double>& t = collider.transform;
  if (const auto* polygon = std::get_if<collide::Polygon<double>>(&collider.shape)) {
    std::vector<Vec2d> out;
    for (int i = 0; i < polygon->count; ++i) out.push_back(t.apply(polygon->vertices[i]));
    return out;
  }
  if (const auto* segment = std::get_if<collide::Segment<double>>(&collider.shape))
    return {t.apply(segment->a), t.apply(segment->b)};
  if (const auto* capsule = std::get_if<collide::Capsule<double>>(&collider.shape))
    return {t.apply(capsule->a), t.apply(capsule->b)};
  return {};
}

// [SECTION] Vertex edits

bool moveVertex(Collider& collider, int vertex, Vec2d world, std::string& error) {
  const Vec2d local = collider.transform.applyInverse(world);
  if (!collide::isFinite(local)) {
    error = "the vertex must have finite coordinates";
    return false;
  }
  if (auto* polygon = std::get_if<collide::Polygon<double>>(&collider.shape)) {
    if (vertex < 0 || vertex >= polygon->count) return false;
    std::vector<Vec2d> vertices = polygonLocalVertices(*polygon);
    vertices[static_cast<std::size_t>(vertex)] = local;
    return rebuildPolygon(collider, vertices, error);
  }
  if (auto* segment = std::get_if<collide::Segment<double>>(&collider.shape)) {
    (vertex == 0 ? segment->a : segment->b) = local;
    return true;
  }
  if (auto* capsule = std::get_if<collide::Capsule<double>>(&collider.shape)) {
    (vertex == 0 ? capsule->a : capsule->b) = local;
    return true;
  }
  return false;
}

bool insertPolygonVertex(Collider& collider, int edge, Vec2d world, double outwardOffset, std::string& error) {
  auto* polygon = std::get_if<collide::Polygon<double>>(&collider.shape);
  if (!polygon || edge < 0 || edge >= polygon->count) return false;
  if (polygon->count >= collide::kMaxPolygonVertices) {
    error = "a polygon has at most " + std::to_string(collide::kMaxPolygonVertices) + " vertices";
    return false;
  }
  const std::vector<Vec2d> vertices = polygonLocalVertices(*polygon);
  const Vec2d a = vertices[static_cast<std::size_t>(edge)];
  const Vec2d b = vertices[static_cast<std::size_t>((edge + 1) % polygon->count)];
  // Where the click falls on the edge (it went to the midpoint wherever one clicked; review s32 A16), kept off the
  // corners. On the edge it would be collinear (refused): pushed out along the edge's normal, and less when the
  // neighbouring edges' lines leave less room there, near a corner.
  const Vec2d local = collider.transform.applyInverse(world);
  const Vec2d along = b - a;
  const double s = collide::isFinite(local) ? std::clamp(dot(local - a, along) / dot(along, along), 0.05, 0.95) : 0.5;
  const Vec2d normal = polygon->normals[static_cast<std::size_t>(edge)];
  double offset = outwardOffset;
  for (int attempt = 0; attempt < 8; ++attempt, offset *= 0.5) {
    std::vector<Vec2d> tried = vertices;
    tried.insert(tried.begin() + edge + 1, a + s * along + offset * normal);
    std::string why;
    if (rebuildPolygon(collider, tried, why)) return true;
    error = why;
  }
  return false;
}

bool removePolygonVertex(Collider& collider, int vertex, std::string& error) {
  auto* polygon = std::get_if<collide::Polygon<double>>(&collider.shape);
  if (!polygon || vertex < 0 || vertex >= polygon->count) return false;
  if (polygon->count <= 3) {
    error = "a polygon needs at least 3 vertices";
    return false;
  }
  std::vector<Vec2d> vertices = polygonLocalVertices(*polygon);
  vertices.erase(vertices.begin() + vertex);
  return rebuildPolygon(collider, vertices, error);
}

// [SECTION] ShapeEditor

std::vector<Shortcut> ShapeEditor::shortcuts() {
  return {{"Left drag a shape", "move it"},
          {"Shift + left drag, or drag the round handle", "rotate the shape about its origin"},
          {"Left drag a vertex", "move a polygon corner (it stays convex) or a segment end"},
          {"Ctrl + click an edge / a vertex", "add / remove a polygon vertex"}};
}

Vec2d ShapeEditor::rotateHandle(const Collider& collider, double pixelSize) const {
  const Vec2d anchor = shapeAnchor(collider);
  double reach = 0;
  for (const Vec2d& p : shapeOutline(collider, 32)) reach = std::max(reach, collide::distance(p, anchor));
  return anchor + (reach + kHandlePixels * pixelSize) * collider.transform.q.xAxis();
}

void ShapeEditor::setHint(std::string text, Vec2d where, double seconds) {
  refusedShape_ = -1;  // a vertex drag's refusal sets it after this
  hint_ = std::move(text);
  hintWorld_ = where;
  hintSeconds_ = seconds;
}

ShapeEditor::Target ShapeEditor::pick(std::span<const Collider> shapes, Vec2d world, double pixelSize) const {
  const double tolerance = kPickPixels * pixelSize;
  const auto vertexAt = [&](int shape) -> Target {
    const std::vector<Vec2d> vertices = editableVertices(shapes[static_cast<std::size_t>(shape)]);
    for (std::size_t i = 0; i < vertices.size(); ++i)
      if (collide::distance(vertices[i], world) <= tolerance) return {shape, Part::Vertex, static_cast<int>(i)};
    return {};
  };
  if (selected_ >= 0 && selected_ < static_cast<int>(shapes.size())) {
    const Collider& shape = shapes[static_cast<std::size_t>(selected_)];
    if (const Target vertex = vertexAt(selected_); vertex.shape >= 0) return vertex;
    if (collide::isPlaced(shape.shape) && collide::distance(rotateHandle(shape, pixelSize), world) <= tolerance * 1.3)
      return {selected_, Part::RotateHandle, -1};
  }
  // Any shape's vertex before any body: the README's "drag a polygon's vertex to reshape it" holds on the first
  // press, not only once the shape is selected (review s35 A5). The hover shows that shape's handles.
  for (int i = static_cast<int>(shapes.size()) - 1; i >= 0; --i)
    if (const Target vertex = vertexAt(i); vertex.shape >= 0) return vertex;
  for (int i = static_cast<int>(shapes.size()) - 1; i >= 0; --i) {
    const Collider& shape = shapes[static_cast<std::size_t>(i)];
    if (distanceToShape(shape, world) > tolerance) continue;
    if (const auto* polygon = std::get_if<collide::Polygon<double>>(&shape.shape)) {
      // Near the boundary of a polygon: name the edge, so Ctrl+click can split it.
      for (int edge = 0; edge < polygon->count; ++edge) {
        const Vec2d a = shape.transform.apply(polygon->vertices[static_cast<std::size_t>(edge)]);
        const Vec2d b = shape.transform.apply(polygon->vertices[static_cast<std::size_t>((edge + 1) % polygon->count)]);
        if (collide::distancePointSegment(world, a, b) <= tolerance) return {i, Part::Edge, edge};
      }
    }
    return {i, Part::Body, -1};
  }
  return {};
}

bool ShapeEditor::mouseDown(std::span<Collider> shapes, const MouseEvent& event) {
  if (event.button != MouseButton::Left) return false;
  if (std::isinf(hintSeconds_)) setHint({}, {}, 0);  // a refusal kept since the last drag
  lastPixelSize_ = event.planar.pixelSize;
  const Target target = pick(shapes, event.planar.world, event.planar.pixelSize);
  if (target.shape < 0) {
    selected_ = -1;
    return false;
  }
  selected_ = target.shape;
  Collider& shape = shapes[static_cast<std::size_t>(target.shape)];
  if (event.modifiers.control) {
    std::string error;
    if (target.part == Part::Vertex && std::holds_alternative<collide::Polygon<double>>(shape.shape)) {
      if (!removePolygonVertex(shape, target.index, error)) setHint(error, event.planar.world, kRefusalHintSeconds);
    } else if (target.part == Part::Edge) {
      if (!insertPolygonVertex(shape, target.index, event.planar.world, 10.0 * event.planar.pixelSize, error))
        setHint(error, event.planar.world, kRefusalHintSeconds);
    }
    drag_ = {};
    return true;
  }
  drag_ = target;
  if (target.part == Part::Edge) drag_.part = Part::Body;
  if (drag_.part == Part::Body && event.modifiers.shift) drag_.part = Part::RotateHandle;
  if (drag_.part == Part::RotateHandle && !collide::isPlaced(shape.shape)) {
    setHint("an AABB is axis-aligned: it cannot rotate (use a box)", event.planar.world, kRefusalHintSeconds);
    drag_.part = Part::Body;
  }
  dragStart_ = shape;
  dragStartWorld_ = event.planar.world;
  return true;
}

bool ShapeEditor::mouseMove(std::span<Collider> shapes, const MouseEvent& event) {
  lastPixelSize_ = event.planar.pixelSize;
  if (drag_.part == Part::None) {
    hovered_ = pick(shapes, event.planar.world, event.planar.pixelSize);
    return false;
  }
  if (drag_.shape >= static_cast<int>(shapes.size())) {
    drag_ = {};
    return false;
  }
  Collider& shape = shapes[static_cast<std::size_t>(drag_.shape)];
  const Vec2d delta = event.planar.world - dragStartWorld_;
  switch (drag_.part) {
    case Part::Body:
    case Part::Edge:
      shape = dragStart_;
      moveShape(shape, delta);
      return true;
    case Part::RotateHandle: {
      const Vec2d anchor = shapeAnchor(dragStart_);
      const Vec2d from = dragStartWorld_ - anchor;
      const Vec2d to = event.planar.world - anchor;
      if (collide::lengthSquared(from) == 0 || collide::lengthSquared(to) == 0) return false;
      const double turn = std::atan2(collide::cross(from, to), collide::dot(from, to));
      shape.transform.q = collide::Rot<double>::fromAngle(turn) * dragStart_.transform.q;
      return true;
    }
    case Part::Vertex: {
      std::string error;
      if (moveVertex(shape, drag_.index, event.planar.world, error)) {
        if (hintSeconds_ <= 0) hint_.clear();
        return true;
      }
      setHint("refused: " + error, event.planar.world, 0);
      refusedShape_ = drag_.shape;
      return false;
    }
    case Part::None: break;
  }
  return false;
}

void ShapeEditor::mouseUp() {
  // A vertex drag's refusal stays after the release, with its vertices labelled, until the next press: it can be
  // read with the mouse let go (as the mid-phase lab's refusal stays in its panel).
  if (drag_.part == Part::Vertex && !hint_.empty() && hintSeconds_ <= 0)
    hintSeconds_ = std::numeric_limits<double>::infinity();
  drag_ = {};
  if (hintSeconds_ <= 0) hint_.clear();
}

void ShapeEditor::update(double seconds) {
  if (hintSeconds_ <= 0) return;
  hintSeconds_ -= seconds;
  if (hintSeconds_ <= 0 && !dragging()) hint_.clear();
}

void ShapeEditor::drawOverlay(Renderer2D& renderer, std::span<const Collider> shapes) const {
  const double pixelSize = renderer.camera().pixelsToWorld(1.0);
  const int count = static_cast<int>(shapes.size());
  if (hovered_.shape >= 0 && hovered_.shape < count && hovered_.shape != selected_ && !dragging()) {
    const Collider& shape = shapes[static_cast<std::size_t>(hovered_.shape)];
    renderer.polyline(shapeOutline(shape), true, palette::kSelection.withAlpha(0.35f), LineStyle{4.0f});
    // Its vertex handles too: a press on one reshapes the shape, elsewhere moves it (review s35 A5).
    const std::vector<Vec2d> vertices = editableVertices(shape);
    for (std::size_t i = 0; i < vertices.size(); ++i) {
      const bool active = hovered_.part == Part::Vertex && hovered_.index == static_cast<int>(i);
      renderer.screenDisc(vertices[i], active ? 6.0f : 4.0f, palette::kSelection.withAlpha(active ? 1.0f : 0.6f),
                          palette::kBackground, 1.5f);
    }
  }
  if (selected_ >= 0 && selected_ < count) {
    const Collider& shape = shapes[static_cast<std::size_t>(selected_)];
    const std::vector<Vec2d> outline = shapeOutline(shape);
    renderer.polyline(outline, outline.size() > 2, palette::kSelection.withAlpha(0.8f), LineStyle{1.0f, 5.0f, 4.0f});
    if (!std::holds_alternative<collide::Aabb<double>>(shape.shape)) {
      const Vec2d anchor = shapeAnchor(shape);
      const Vec2d handle = rotateHandle(shape, pixelSize);
      const bool active = (drag_.shape == selected_ && drag_.part == Part::RotateHandle) ||
                          (hovered_.shape == selected_ && hovered_.part == Part::RotateHandle);
      renderer.line(anchor, handle, palette::kSelection.withAlpha(0.4f), LineStyle{1.0f, 3.0f, 3.0f});
      renderer.screenDisc(handle, active ? 7.0f : 5.5f, palette::kAccent.withAlpha(active ? 1.0f : 0.75f),
                          palette::kBackground, 1.5f);
      renderer.screenDisc(anchor, 3.0f, palette::kSelection, palette::kBackground, 1.0f);
    }
    const std::vector<Vec2d> vertices = editableVertices(shape);
    for (std::size_t i = 0; i < vertices.size(); ++i) {
      const bool active = (drag_.part == Part::Vertex && drag_.shape == selected_ && drag_.index == static_cast<int>(i)) ||
                          (hovered_.part == Part::Vertex && hovered_.shape == selected_ &&
                           hovered_.index == static_cast<int>(i));
      const bool refused = active && !hint_.empty() && drag_.part == Part::Vertex;
      renderer.screenDisc(vertices[i], active ? 6.0f : 4.5f,
                          refused ? palette::kHit : palette::kSelection.withAlpha(active ? 1.0f : 0.85f),
                          palette::kBackground, 1.5f);
    }
  }
  if (!hint_.empty()) {
    renderer.screenDisc(hintWorld_, 4.0f, palette::kHit, palette::kBackground);
    renderer.label(hintWorld_, hint_, palette::kHit, {12, 8});
    // The view numbers no vertex: the ones the refusal names are labelled where they are.
    if (refusedShape_ >= 0 && refusedShape_ < count) {
      const std::vector<Vec2d> vertices = editableVertices(shapes[static_cast<std::size_t>(refusedShape_)]);
      for (const int named : namedNumbers(hint_, "vertex "))
        if (named >= 0 && named < static_cast<int>(vertices.size()))
          renderer.label(vertices[static_cast<std::size_t>(named)], "vertex " + std::to_string(named), palette::kHit,
                         {-14, -14});
    }
  }
}

}  // namespace lab
