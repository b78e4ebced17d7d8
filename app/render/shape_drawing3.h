// app/render/shape_drawing3.h: drawing the core's 3D shapes with Renderer3D (a translucent fill and the shape's
// true edges), their triangle meshes and their world bounds.
#pragma once

#include <array>
#include <span>
#include <vector>

#include "lab/vocabulary.h"
#include "render/orbit_camera.h"
#include "render/renderer3d.h"

namespace lab {

struct ShapeStyle3 {
  float fillAlpha = 0.3f;     // translucent, so the other shape and the origin show through; 1 = opaque
  float outlineWidth = 2.0f;
  bool dashed = false;        // ghosts (a previous pose)
  int segments = 32;          // around a curved shape
};

// A shape's surface in world coordinates: positions and index triples, counter-clockwise seen from outside.
// A point and a segment have no triangles; a triangle has one. The curved shapes (sphere, capsule, cylinder) also
// give the true surface's outward unit normal at each triangle corner, for smooth shading (a cylinder's rims are
// creases: a rim vertex has its cap's normal in the cap and the side's in the side); polytopes give none and are
// lit face by face.
struct ShapeMesh3 {
  std::vector<Vec3d> positions;
  std::vector<int> triangles;
  std::vector<Vec3d> normals;  // empty, or one per entry of `triangles`
  // surface: Closed for a solid's (what meshSurface() finds); outline: empty, since drawShape3 draws a shape's edges
  // itself (dashed or not, silhouettes for the curved ones).
  MeshTopology topology;
};

// Fills and outlines a collider: the edges of polytopes (box, aabb, triangle, hull faces' edges, mesh creases),
// the rims of a cylinder's caps, and the silhouettes of spheres, capsules and cylinders as seen by the camera.
void drawShape3(Renderer3D& renderer, const Collider3& collider, Color color, const ShapeStyle3& style = {});

// A box's 8 corners, corner i taking x from bit 0, y from bit 1 and z from bit 2 (high when set), and the 12 edges
// between them drawn as lines (boxes of a broad phase, tree volumes, oriented boxes given by their corners).
[[nodiscard]] std::array<Vec3d, 8> boxCorners(Vec3d low, Vec3d high);
void drawWireBox(Renderer3D& renderer, const std::array<Vec3d, 8>& corners, Color color, const Style3& style = {});

// `segments` around each curved part (at least 3; a sphere gets segments / 2 rings).
[[nodiscard]] ShapeMesh3 shapeMesh3(const Collider3& collider, int segments = 32);

// Normals for smooth shading of a closed mesh that stands for a curved surface (a hull of sampled support points),
// one per entry of `triangles`: the area-weighted mean of the normals of the triangles around the corner's vertex
// that lie within `creaseDegrees` of the corner's own triangle (so a sharp edge stays sharp on both sides).
[[nodiscard]] std::vector<Vec3d> smoothNormals(std::span<const Vec3d> positions, std::span<const int> triangles,
                                               double creaseDegrees = 35.0);

// The world box, from the core's bounds() (exact support extremes; a mesh's vertices).
[[nodiscard]] WorldBounds3 shapeBounds3(const Collider3& collider);

}  // namespace lab
