// app/render/renderer2d.h: batched, anti-aliased 2D drawing into one viewport of the canvas.
//
// Every call takes world coordinates (double); the renderer maps them through the viewport's camera on the CPU,
// so large coordinates stay precise, and the GPU sees framebuffer pixels. Three shader pairs in shaders/:
// line (instanced capsules: lines with width, dashes, points as zero-length capsules), circle (instanced SDF
// discs, rings and arcs) and fill (triangles of convex polygons). Calls are kept in submission order: runs of
// the same kind are batched into one instanced draw, so later calls draw on top.
// Labels go through ImGui's background draw list, clipped to the viewport, laid out at endViewport by the shared
// placer (render/label_layout.h): no two overlap, none covers the pane title, the step's labels are placed first; the
// grid's numbers give way to them.
//
// Use: beginFrame(framebuffer size, scale) once, then per viewport beginViewport(v) ... draw calls ... endViewport().
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "render/camera.h"
#include "render/viewport.h"
#include "render/color.h"
#include "render/label_layout.h"

namespace lab {

struct LineStyle {
  float width = 1.5f;   // window pixels
  float dash = 0.0f;    // dash length in window pixels, 0 = solid
  float gap = 0.0f;     // gap between dashes in window pixels
};

class Renderer2D {
 public:
  Renderer2D() = default;
  Renderer2D(const Renderer2D&) = delete;
  Renderer2D& operator=(const Renderer2D&) = delete;
  ~Renderer2D();

  // Compiles the shaders built into the executable (shaders/); throws std::runtime_error naming the file and
  // the GL log.
  void init();

  // framebufferScale: framebuffer pixels per window pixel (2 on a "retina" display).
  void beginFrame(int framebufferWidth, int framebufferHeight, double framebufferScale);
  void beginViewport(const Viewport& viewport);
  void endViewport();  // draws everything submitted since beginViewport

  [[nodiscard]] const Camera& camera() const { return camera_; }

  // [SECTION] Primitives (world coordinates; widths and sizes in window pixels)
  void line(Vec2d a, Vec2d b, Color color, const LineStyle& style = {});
  void dashedLine(Vec2d a, Vec2d b, Color color, float width = 1.5f, float dash = 8.0f, float gap = 6.0f);
  void polyline(std::span<const Vec2d> points, bool closed, Color color, const LineStyle& style = {});
  // Fills a convex polygon (a fan from the first vertex); translucent colours blend.
  void convexPolygon(std::span<const Vec2d> points, Color fill);
  void triangle(Vec2d a, Vec2d b, Vec2d c, Color fill);
  // A disc and/or a ring: radius in world units; pass a transparent colour to skip fill or stroke.
  void circle(Vec2d center, double radius, Color fill, Color stroke, float strokeWidth = 1.5f);
  // A circular arc from startAngle, counter-clockwise by spanAngle (radians, world frame); fill gives a pie.
  void arc(Vec2d center, double radius, double startAngle, double spanAngle, Color fill, Color stroke,
           float strokeWidth = 1.5f);
  // A dot of a fixed screen size with a dark rim so it reads on any fill.
  void point(Vec2d p, Color color, float radiusPixels = 4.0f);
  // An arrow from `from` to `to` with a head of `headPixels` length.
  void arrow(Vec2d from, Vec2d to, Color color, float width = 2.0f, float headPixels = 12.0f);
  // A screen-space disc (handles, markers): radius in window pixels.
  void screenDisc(Vec2d center, float radiusPixels, Color fill, Color stroke, float strokeWidth = 1.5f);
  // A label at a world point: asks for its box's top-left corner at `offsetPixels` from the point, and is moved
  // around the point (or dropped) when that spot is taken. Drawn on a dark box at endViewport.
  void label(Vec2d at, std::string_view text, Color color, Vec2d offsetPixels = {6, -6});
  // The priority of the labels submitted from now on in this viewport (kLabelPriorityStep: what the current step
  // is about, placed before the scene's names). beginViewport resets it to kLabelPriorityScene.
  void setLabelPriority(int priority) { labelPriority_ = priority; }
  // Plain text from a window-pixel point (its top-left corner), no box, that gives way: drawn at endViewport unless it
  // would overlap a label, the pane's title or a keep-out box (the grid's numbers; textsClearOf).
  void yieldingText(Vec2d at, std::string_view text, Color color);
  // A box (window pixels) the labels and the yielding text keep out of in this viewport: a caption the shell draws
  // over the pane after it (`text`, its words, for drawnTexts). beginViewport clears them.
  void keepOut(const LabelBox& box, std::string_view text = {}, std::string_view kind = "footer");
  // Lines of text on one dark box from the window-pixel point `at` down (drawScreenLegend: a view's legend, a
  // banner under the pane title), wrapped to `maxWidth`; the labels and the grid's numbers keep out of its box, so
  // nothing is printed over its words (a grid "5" inside "arrow" read "arro5w" at 150 %, newcomer review s31).
  LabelBox caption(Vec2d at, std::span<const std::pair<std::string, Color>> lines, float maxWidth);
  // Every text the last viewport showed (its title, captions, labels, the grid numbers drawn), for
  // --dump-state: moved out once per viewport after endViewport (not copied every frame).
  [[nodiscard]] std::vector<DrawnText> takeDrawnTexts() { return std::exchange(drawn_, {}); }

  // Instances and vertices drawn in this frame (for the frame-time readout).
  [[nodiscard]] int primitiveCount() const { return primitiveCount_; }

 private:
  enum class Kind { Line, Circle, Fill };
  struct Run {
    Kind kind;
    int first;
    int count;
  };
  struct LineInstance {
    float endpoints[4];
    float color[4];
    float style[3];
  };
  struct CircleInstance {
    float geometry[4];
    float fill[4];
    float stroke[4];
    float arc[2];
  };
  struct FillVertex {
    float position[2];
    float color[4];
  };

  [[nodiscard]] Vec2d toFramebuffer(Vec2d world) const;
  void addRun(Kind kind, int count);
  void pushFillVertex(Vec2d framebufferPoint, Color color);
  void pushCircle(Vec2d framebufferCenter, float radius, float strokeWidth, Color fill, Color stroke,
                  float startAngle, float spanAngle);

  unsigned lineProgram_ = 0, circleProgram_ = 0, fillProgram_ = 0;
  unsigned lineVao_ = 0, circleVao_ = 0, fillVao_ = 0;
  unsigned lineBuffer_ = 0, circleBuffer_ = 0, fillBuffer_ = 0;
  int framebufferSizeUniform_[3] = {-1, -1, -1};

  int framebufferWidth_ = 1, framebufferHeight_ = 1;
  double scale_ = 1;
  Camera camera_;
  std::vector<LineInstance> lines_;
  std::vector<CircleInstance> circles_;
  std::vector<FillVertex> fills_;
  std::vector<Run> runs_;
  int primitiveCount_ = 0;
  std::vector<ScreenLabel> labels_;
  std::vector<ScreenLabel> yielding_;  // anchor: the text's top-left corner
  std::vector<LabelBox> keepOut_;
  std::vector<DrawnText> drawn_;  // captions and footers as they come, the rest at endViewport
  std::string title_;
  int labelPriority_ = kLabelPriorityScene;
};

}  // namespace lab
