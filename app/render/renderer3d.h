// app/render/renderer3d.h: batched drawing of a spatial view: shaded translucent or opaque triangles with a
// light, thick anti-aliased lines (instanced screen-space quads, as Renderer2D: GL 3.3 core only guarantees
// 1-pixel glLineWidth), dashed lines, arrows, points and labels, depth-tested.
//
// Every call takes world coordinates (double); the renderer projects them through the view's OrbitCamera on the
// CPU (near-plane clipped), so the GPU sees framebuffer pixels and a depth. Order at endViewport(): opaque
// triangles, then lines and points, then translucent triangles sorted back to front (depth write off), then the
// `onTop` lines and points over everything (the highlighted feature, the origin marker): faint and dashed where a
// surface, translucent or not, is in front of them, as given elsewhere; then the handles (HandleLayer), solid over
// everything; then labels.
// Labels go through ImGui's background draw list, clipped to the viewport, and are laid out by the shared placer
// (render/label_layout.h) so they do not overlap nor cover the pane title (earlier calls win: submit the important
// ones first).
//
// Multisampled (4x by default) in a framebuffer of its own, resolved into the bound framebuffer per view.
//
// Use: beginFrame(framebuffer size, scale) once, then per spatial view beginViewport(camera, title) ... endViewport().
#pragma once

#include <array>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "render/color.h"
#include "render/label_layout.h"
#include "render/orbit_camera.h"
#include "render/renderer2d.h"  // LineStyle

namespace lab {

struct Style3 {
  float width = 1.5f;   // window pixels
  float dash = 0.0f;    // dash length in window pixels, 0 = solid
  float gap = 0.0f;
  bool onTop = false;   // drawn over every surface (not depth-tested)
};

// A mesh's triangles close up into a solid's surface, or not (meshSurface() below).
enum class MeshSurface { Open, Closed };

// What a mesh's triangles make, worked out once by whoever builds the mesh (meshTopology() below), never by the
// renderer per frame: whether they close up, and the edges its outline draws.
struct MeshTopology {
  MeshSurface surface = MeshSurface::Open;
  std::vector<std::pair<int, int>> outline;  // outlineEdges(); empty when the builder draws its own edges
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
  // title: the pane title the shell draws in the top-left corner (labels keep out of it).
  void beginViewport(const OrbitCamera& camera, std::string_view title = {});
  void endViewport();

  [[nodiscard]] const OrbitCamera& camera() const { return camera_; }

  // Multisampling: each spatial view is drawn into the renderer's own multisampled framebuffer and resolved into
  // the bound one (the window and the planar views stay single-sampled). 0 or 1 draws straight into the bound
  // framebuffer (which then needs a depth buffer). Clamped to what the driver offers.
  static constexpr int kDefaultSamples = 4;
  void setSamples(int samples) { samplesWanted_ = samples; }
  [[nodiscard]] int samples() const { return samplesWanted_ > 1 ? samplesMade_ : 0; }

  // [SECTION] Surfaces: lit by a light over the camera's shoulder; colour alpha < 1 draws translucent.
  // Triangles face the side their winding makes counter-clockwise; both sides are lit (the back darker).
  // `hidesOnTop`: the surface is a solid's (a shape, A - B), so the `onTop` lines and points behind it are drawn
  // as hidden (faint, dashed); false for what only marks a place (a region, a highlighted face).
  void triangle(Vec3d a, Vec3d b, Vec3d c, Color fill, bool hidesOnTop = true);
  // A mesh: positions and index triples. `normals`, one per entry of `triangleIndices` (unit, outward: a curved
  // surface's, Gouraud 1971), light it smoothly; empty: each triangle is lit flat. `topology` (meshTopology(), when
  // the mesh was built): its outline edges are drawn as lines in `outline` (transparent colour: none), and a Closed
  // surface lets a mesh wholly beyond the near plane hide the on-top layer with its faces turned toward the eye only.
  void mesh(std::span<const Vec3d> positions, std::span<const int> triangleIndices, Color fill, Color outline,
            float outlineWidth = 1.5f, std::span<const Vec3d> normals = {}, const MeshTopology& topology = {});

  // The outline of a closed mesh that stands for a curved surface (a hull of sampled support points), which
  // mesh()'s outline would cover with every facet's edge: its silhouette from the camera (the edges between a
  // triangle facing the eye and one facing away) and its creases sharper than `creaseDegrees`, as lines.
  void curvedOutline(std::span<const Vec3d> positions, std::span<const int> triangleIndices, Color color,
                     float width = 1.5f, double creaseDegrees = 35.0);

  // [SECTION] Lines and points (widths and sizes in window pixels)
  void line(Vec3d a, Vec3d b, Color color, const Style3& style = {});
  // A line whose alpha falls with the distance of each of its points from `center`, as (1 - distance / radius)^2,
  // to nothing at `radius` (the ground grid's fade): one instance however long, faded per pixel.
  void fadingLine(Vec3d a, Vec3d b, Color color, Vec3d center, double radius, const Style3& style = {});
  void polyline(std::span<const Vec3d> points, bool closed, Color color, const Style3& style = {});
  void arrow(Vec3d from, Vec3d to, Color color, float width = 2.0f, float headPixels = 12.0f, bool onTop = false);
  // A dot of a fixed screen size with a dark rim, so it reads on any fill.
  void point(Vec3d p, Color color, float radiusPixels = 4.0f, bool onTop = false);
  // Text at a world point, offset in window pixels.
  void label(Vec3d at, std::string_view text, Color color, Vec2d offsetPixels = {6, -6});
  // The priority of the labels submitted from now on in this viewport (label_layout.h: kLabelPriorityStep, what the
  // current step is about, placed first). beginViewport resets it to kLabelPriorityScene.
  void setLabelPriority(int priority) { labelPriority_ = priority; }
  // The labels queued in this viewport so far (window-pixel anchors): a lab's state dump says what it named where.
  [[nodiscard]] std::span<const ScreenLabel> labels() const { return labels_; }

  // While one lives, what is drawn `onTop` goes to the handles' layer instead: drawn after the on-top layer, solid
  // over every surface (never faint or dashed as hidden), for what the mouse grabs (the gizmo).
  class HandleLayer {
   public:
    explicit HandleLayer(Renderer3D& renderer) : renderer_(renderer), was_(renderer.toHandles_) { renderer.toHandles_ = true; }
    ~HandleLayer() { renderer_.toHandles_ = was_; }
    HandleLayer(const HandleLayer&) = delete;
    HandleLayer& operator=(const HandleLayer&) = delete;

   private:
    Renderer3D& renderer_;
    bool was_;
  };

  // [SECTION] Screen-space overlays (window pixels, over everything: the axis triad, handles)
  void screenLine(Vec2d a, Vec2d b, Color color, float width = 1.5f);
  void screenPoint(Vec2d p, Color color, float radiusPixels = 4.0f);
  void screenText(Vec2d at, std::string_view text, Color color);
  // A view's legend from the window-pixel point `at` (drawScreenLegend), wrapped to `maxWidth`; the labels keep out
  // of its box. Returns the box.
  LabelBox caption(Vec2d at, std::span<const std::pair<std::string, Color>> lines, float maxWidth);
  // Every text the last viewport showed (its title, captions, labels), for
  // --dump-state: moved out once per viewport after endViewport (not copied every frame).
  [[nodiscard]] std::vector<DrawnText> takeDrawnTexts() { return std::exchange(drawn_, {}); }

  // Triangles, line instances and points drawn in this frame (the frame-time readout).
  [[nodiscard]] int primitiveCount() const { return primitiveCount_; }

 private:
  struct SurfaceVertex {
    float position[3];  // framebuffer pixels x, y and depth in [0, 1]
    float color[4];
  };
  struct TranslucentTriangle {
    SurfaceVertex vertices[3];
    double depth;  // the centroid's view depth: the back-to-front key
  };
  struct LineInstance {
    float endpoints[4];
    float depths[2];
    float color[4];
    float style[4];  // width, dash, gap, dash phase (framebuffer pixels)
    // The fade (fadingLine): with c = (a - centre) / radius and d = (b - a) / radius in the world, |c|^2, c.d,
    // |d|^2, and the ratio of b's inverse view depth to a's (perspective-correct interpolation along the line);
    // zero: no fade.
    float fade[4];
  };
  struct PointInstance {
    float geometry[4];  // centre x, y, depth, radius
    float fill[4];
    float rim[4];
  };
  // A point in the view frame: x right, y up, z along forward from the eye.
  struct ViewPoint {
    double x, y, z;
  };
  // One pass's geometry: surfaces, lines and points (the depth-tested ones, or the ones on top).
  struct Layer {
    std::vector<SurfaceVertex> surfaces;
    std::vector<LineInstance> lines;
    std::vector<PointInstance> points;
    void clear();
  };

  [[nodiscard]] ViewPoint toView(Vec3d world) const;
  [[nodiscard]] Vec2d toFramebuffer(const ViewPoint& p) const;
  [[nodiscard]] double depth01(double viewZ) const;
  [[nodiscard]] double pixelSizeAtDepth(double viewZ) const;
  // The triangle clipped by the near plane and projected: 0, 3 or 6 vertices written to `out`.
  int clipTriangle(const ViewPoint (&corners)[3], const Color (&colors)[3], std::array<SurfaceVertex, 6>& out) const;
  // The winding of a closed mesh wholly beyond the near plane (+1 counter-clockwise seen from outside, -1
  // clockwise), or 0 (flat, or cut by the near plane).
  [[nodiscard]] int closedMeshSide(std::span<const Vec3d> positions, std::span<const int> triangleIndices) const;
  // A lit triangle (triangle(); `normals`: the corners' own, for smooth shading, or nullptr).
  void surface(const std::array<Vec3d, 3>& corners, const std::array<Vec3d, 3>* normals, Color fill, bool hidesOnTop);
  void pushLine(ViewPoint a, ViewPoint b, Color color, const Style3& style, float phase,
                const std::array<float, 4>& fade = {});
  [[nodiscard]] Vec3d toWorld(const ViewPoint& p) const;
  // Depth-tested with the current depth function; `hidden`: the look of the on-top layer's parts behind a surface.
  void drawLayer(const Layer& layer, bool hidden);
  struct ScreenArea {
    float x0, y0, x1, y1;  // framebuffer pixels, origin top-left
  };
  [[nodiscard]] std::optional<ScreenArea> layerArea(const Layer& layer) const;
  void layoutLabels();
  // The multisampled framebuffer at the frame's size; false when multisampling is off or unavailable.
  bool prepareMultisampled();

  OrbitCamera camera_;
  int primitiveCount_ = 0;
  int framebufferWidth_ = 1, framebufferHeight_ = 1;
  double scale_ = 1;
  // The camera's frame, cached at beginViewport (every call projects through it).
  Vec3d eye_{}, right_{}, up_{}, forward_{}, light_{};
  Vec2d center_{};
  double focal_ = 1, near_ = 0, far_ = 1;
  bool perspective_ = true;

  Layer depthTested_;
  Layer onTop_;
  Layer handles_;            // HandleLayer's
  bool toHandles_ = false;   // a HandleLayer lives: `onTop` goes to handles_
  [[nodiscard]] Layer& onTopLayer() { return toHandles_ ? handles_ : onTop_; }
  std::vector<SurfaceVertex> opaque_;
  std::vector<TranslucentTriangle> translucent_;
  std::vector<SurfaceVertex> sorted_;
  std::vector<SurfaceVertex> occluders_;  // the surfaces that hide the on-top layer (triangle's hidesOnTop)
  std::vector<ScreenLabel> labels_;
  int labelPriority_ = kLabelPriorityScene;
  std::vector<LabelBox> keepOut_;   // the captions' boxes
  std::vector<DrawnText> drawn_;
  std::string title_;  // the pane title the labels keep out of

  int samplesWanted_ = kDefaultSamples;
  int samplesMade_ = 0;
  unsigned multisampledFramebuffer_ = 0, multisampledColor_ = 0, multisampledDepth_ = 0;
  unsigned resolveFramebuffer_ = 0, resolveColor_ = 0;  // single-sampled RGBA8: the resolve's format must match
  int multisampledWidth_ = 0, multisampledHeight_ = 0;

  unsigned surfaceProgram_ = 0, lineProgram_ = 0, pointProgram_ = 0;
  // shaders/line3 with SOLID: the lines with no dash and no fade, drawn as given (most of them), for less work
  // per pixel.
  unsigned solidLineProgram_ = 0;
  int solidLineSizeUniform_ = -1, solidLineMarginUniform_ = -1;
  // The single-sampled views share the bound framebuffer's depth, cleared once a frame (a whole clear is far
  // cheaper than a scissored one, which a software renderer draws as a rectangle); the views must not overlap.
  bool depthCleared_ = false;
  unsigned surfaceVao_ = 0, lineVao_ = 0, pointVao_ = 0;
  unsigned surfaceBuffer_ = 0, lineBuffer_ = 0, pointBuffer_ = 0;
  int surfaceSizeUniform_ = -1, lineSizeUniform_ = -1, pointSizeUniform_ = -1, pointRimUniform_ = -1;
  int surfaceHiddenUniform_ = -1, lineHiddenUniform_ = -1, pointHiddenUniform_ = -1;
  int lineMarginUniform_ = -1;
  float lineMargin_ = 1.0f;  // shaders/line3.vert's uMargin for the view being drawn
};

// Whether a mesh's triangles close up: every directed edge once and its reverse once (each edge between two
// triangles wound alike), at least 4 triangles, every index in range. A hash of the directed edges: worked out by
// whoever builds the mesh, once, not by the renderer every frame.
[[nodiscard]] MeshSurface meshSurface(std::span<const int> triangleIndices, int vertexCount);

// The edges a mesh outline draws: every edge shared by two non-coplanar triangles and every border edge (one
// triangle), each once as a pair of vertex indices; edges with an index out of range are skipped.
[[nodiscard]] std::vector<std::pair<int, int>> outlineEdges(std::span<const Vec3d> positions,
                                                            std::span<const int> triangleIndices);

// Both of the above, for a mesh that mesh() draws with an outline.
[[nodiscard]] MeshTopology meshTopology(std::span<const Vec3d> positions, std::span<const int> triangleIndices);

// A small triad in the view's corner: X red, Y green, Z blue, from the camera's rotation.
void drawAxisTriad(Renderer3D& renderer);
// The ground grid on the y = `height` plane around the camera's target, faded with distance.
void drawGroundGrid(Renderer3D& renderer, double height = 0.0);

}  // namespace lab
