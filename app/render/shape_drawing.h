// app/render/shape_drawing.h: drawing the core shapes with Renderer2D, and their world bounds.
#pragma once

#include <vector>

#include "lab/vocabulary.h"
#include "render/renderer2d.h"

namespace lab {

struct ShapeStyle {
  float fillAlpha = 0.22f;   // translucent, so overlaps and the grid show through
  float outlineWidth = 2.0f;
  bool dashed = false;       // ghosts (a previous pose, a dropped vertex's shape)
};

// Fills and outlines a collider in world coordinates.
void drawShape(Renderer2D& renderer, const Collider& collider, Color color, const ShapeStyle& style = {});

// The collider's outline in world coordinates, curves sampled at `segmentsPerCircle` (for hit tests, bounds
// and sampling). Points give one vertex, segments two.
[[nodiscard]] std::vector<Vec2d> shapeOutline(const Collider& collider, int segmentsPerCircle = 64);

[[nodiscard]] WorldBounds shapeBounds(const Collider& collider);

// Where a collider "is" for dragging and labels: its transform's origin (an Aabb's centre).
[[nodiscard]] Vec2d shapeAnchor(const Collider& collider);
// Moves the collider's anchor by `delta`: its transform's position, or an Aabb's corners (an Aabb ignores its
// transform: collide::placement). Turning is for placed shapes only (collide::isPlaced).
void moveShape(Collider& collider, Vec2d delta);

}  // namespace lab
