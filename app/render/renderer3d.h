// app/render/renderer3d.h: batched drawing of a spatial view: shaded translucent or opaque triangles with a
// light, thick anti-aliased lines (instanced screen-space quads, as Renderer2D: GL 3.3 core only guarantees
// 1-pixel glLineWidth), dashed lines, arrows, points and labels, depth-tested.
//
// Every call takes world coordinates (double); the renderer projects them through the view's OrbitCamera on the
// CPU (near-plane clipped), so the GPU sees framebuffer pixels and a depth. Order at endViewport(): opaque
// triangles, then lines and points, then translucent triangles sorted back to front (depth write off), then the
// `onTop` lines and points over everything (the highlighted feature, the origin marker), then labels.
// Labels go through ImGui's background draw list, clipped to the viewport, and are laid out so they do not
// overlap: a label that would cover an earlier one is moved to the nearest free slot with a leader line, or
// dropped when there is none (earlier calls win: submit the important ones first).
//
// Use: beginFrame(framebuffer size, scale) once, then per spatial view beginViewport(camera) ... endViewport().
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "render/color.h"
#include "render/orbit_camera.h"
#include "render/renderer2d.h"  // LineStyle

namespace lab {

struct Style3 {
  float width = 1.5f;   // window pixels
  float dash = 0.0f;    // dash length in window pixels, 0 = solid
  float gap = 0.0f;
  bool onTop = false;   // drawn over every surface (not depth-tested)
};

class Renderer3D {
 public:
  Renderer3D() = default;
  Renderer3D(const Renderer3D&) = delete;
  Renderer3D& operator=(const Renderer3D&) = delete;
  ~Renderer3D();

  // Compiles the shaders built into the executable; throws std::runtime_error naming the file and the GL log.
  void init();

  void beginFrame(int framebufferWidth, int framebufferHeight, double framebufferScale);
  // Clears the viewport's depth (and draws its background) and sets the camera every call projects through.
  void beginViewport(const OrbitCamera& camera);
  void endViewport();

  [[nodiscard]] const OrbitCamera& camera() const { return camera_; }

  // [SECTION] Surfaces: lit by a light over the camera's shoulder; colour alpha < 1 draws translucent.
  // Triangles face the side their winding makes counter-clockwise; both sides are lit (the back darker).
  void triangle(Vec3d a, Vec3d b, Vec3d c, Color fill);
  // A mesh: positions and index triples; `outline` draws every edge shared by two non-coplanar triangles and
  // every boundary edge as a line (transparent colour: none).
  void mesh(std::span<const Vec3d> positions, std::span<const int> triangleIndices, Color fill, Color outline,
            float outlineWidth = 1.5f);

  // [SECTION] Lines and points (widths and sizes in window pixels)
  void line(Vec3d a, Vec3d b, Color color, const Style3& style = {});
  void polyline(std::span<const Vec3d> points, bool closed, Color color, const Style3& style = {});
  void arrow(Vec3d from, Vec3d to, Color color, float width = 2.0f, float headPixels = 12.0f, bool onTop = false);
  // A dot of a fixed screen size with a dark rim, so it reads on any fill.
  void point(Vec3d p, Color color, float radiusPixels = 4.0f, bool onTop = false);
  // Text at a world point, offset in window pixels.
  void label(Vec3d at, std::string_view text, Color color, Vec2d offsetPixels = {6, -6});

  // Triangles, line instances and points drawn in this frame (the frame-time readout).
  [[nodiscard]] int primitiveCount() const { return primitiveCount_; }

 private:
  OrbitCamera camera_;
  int primitiveCount_ = 0;
  // ... (the implementation's buffers)
};

// A small triad in the view's corner: X red, Y green, Z blue, from the camera's rotation.
void drawAxisTriad(Renderer3D& renderer);
// The ground grid on the y = 0 plane around the camera's target, faded with distance.
void drawGroundGrid(Renderer3D& renderer);

}  // namespace lab
