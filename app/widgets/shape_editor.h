// app/widgets/shape_editor.h: the shared mouse editing of colliders that labs reuse: pick a shape, drag it,
// rotate it (Shift-drag, or the round handle), drag vertices (polygon corners, segment and capsule ends),
// add a polygon vertex (Ctrl+click an edge) or remove one (Ctrl+click a vertex). A polygon edit that would
// make the outline non-convex is refused, and the reason is shown next to the mouse.
// The editor holds only the interaction state; the shapes live in the lab (a span of colliders).
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "lab/vocabulary.h"
#include "render/shape_drawing.h"

namespace lab {

// A shape of the given type (index into collide::kShapeTypeNames) about 2 units across, centred on its local
// origin: what a lab shows when a person picks that type.
[[nodiscard]] collide::Shape<double> defaultShape(std::size_t type);
// defaultShape(type) placed with its anchor (shapeAnchor) at `anchor`, turned by `angle`; an Aabb is moved instead.
[[nodiscard]] Collider placedShape(std::size_t type, Vec2d anchor, double angle);

// 0 inside the collider, otherwise the world distance to it (curves sampled finely enough for picking).
[[nodiscard]] double distanceToShape(const Collider& collider, Vec2d world);

// The numbers that follow `word` in `text`, each once, in order: "vertex 3 duplicates vertex 1" with "vertex "
// gives {3, 1}. What a refusal names, for labelling it in the view.
[[nodiscard]] std::vector<int> namedNumbers(std::string_view text, std::string_view word);

// The draggable vertices of a collider in world coordinates: polygon corners, segment and capsule ends.
[[nodiscard]] std::vector<Vec2d> editableVertices(const Collider& collider);

// Polygon edits; each returns false with `error` (from makePolygon: which vertex, why) and leaves the
// collider unchanged when the result would not be a valid convex polygon.
bool moveVertex(Collider& collider, int vertex, Vec2d world, std::string& error);
// A vertex on `edge` where `world` falls on it (kept off its corners), pushed out by `outwardOffset` (less when
// convexity leaves less room).
bool insertPolygonVertex(Collider& collider, int edge, Vec2d world, double outwardOffset, std::string& error);
bool removePolygonVertex(Collider& collider, int vertex, std::string& error);

class ShapeEditor {
 public:
  enum class Part { None, Body, RotateHandle, Vertex, Edge };
  struct Target {
    int shape = -1;
    Part part = Part::None;
    int index = -1;  // the vertex or edge
  };

  // What is under `world`: the selected shape's handles first, then any shape's vertex (topmost first), then
  // bodies from the topmost (last) down.
  [[nodiscard]] Target pick(std::span<const Collider> shapes, Vec2d world, double pixelSize) const;

  // Mouse handlers for a lab to forward. mouseDown returns true when it took the press; mouseMove returns
  // true when a shape changed (so the lab re-runs what depends on the shapes).
  bool mouseDown(std::span<Collider> shapes, const MouseEvent& event);
  bool mouseMove(std::span<Collider> shapes, const MouseEvent& event);
  void mouseUp();
  void update(double seconds);

  // Selection outline, rotate handle, vertices, and the refusal hint. Call after drawing the shapes.
  void drawOverlay(Renderer2D& renderer, std::span<const Collider> shapes) const;

  [[nodiscard]] int selected() const { return selected_; }
  void select(int shape) { selected_ = shape; }
  [[nodiscard]] int hovered() const { return hovered_.shape; }
  [[nodiscard]] bool dragging() const { return drag_.part != Part::None; }
  [[nodiscard]] const std::string& hint() const { return hint_; }

  [[nodiscard]] static std::vector<Shortcut> shortcuts();

 private:
  [[nodiscard]] Vec2d rotateHandle(const Collider& collider, double pixelSize) const;
  void setHint(std::string text, Vec2d where, double seconds);

  int selected_ = -1;
  Target hovered_;
  Target drag_;
  Collider dragStart_;      // the shape as it was when the drag began
  Vec2d dragStartWorld_{};  // where the mouse was then
  double lastPixelSize_ = 1;
  std::string hint_;
  Vec2d hintWorld_{};
  double hintSeconds_ = 0;  // > 0: the hint stays after the mouse is released
  int refusedShape_ = -1;   // the shape whose vertex drag the hint refuses: its named vertices are labelled
};

}  // namespace lab
