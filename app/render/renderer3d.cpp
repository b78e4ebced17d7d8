// [SECTION] Setup
// [SECTION] Frames and viewports
// [SECTION] Projection and clipping
// [SECTION] Surfaces
// [SECTION] Lines and points
// [SECTION] Labels
// [SECTION] Axis triad and ground grid
#include "render/renderer3d.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <numbers>
#include <unordered_map>

#include <glad/gl.h>
#include <imgui.h>

#include "render/gl_util.h"
#include "render/label_layout.h"

namespace lab {

namespace {

void copyColor(float* out, Color c) {
  out[0] = c.r;
  out[1] = c.g;
  out[2] = c.b;
  out[3] = c.a;
}

// A surface's brightness: ambient plus Lambert from the light; the side facing away from the eye is lit through
// its flipped normal and darkened, so the inside of an open or translucent shape still reads (both sides lit).
constexpr double kAmbient = 0.42;
constexpr double kDiffuse = 0.58;
constexpr double kBackSide = 0.72;
// The rim of a point, in window pixels.
constexpr float kPointRim = 1.5f;
// The parts of the on-top layer behind a surface, as CAD draws hidden lines (and Jolt's debug renderer its
// occluded geometry): fainter, solid lines dashed (window pixels), points as rings.
constexpr float kHiddenAlpha = 0.6f;
constexpr float kHiddenFill = 0.3f;
constexpr float kHiddenDash = 5.0f;
constexpr float kHiddenGap = 4.0f;

ImVec2 toImVec2(Vec2d v) { return ImVec2(static_cast<float>(v.x), static_cast<float>(v.y)); }

}  // namespace

// [SECTION] Setup

Renderer3D::~Renderer3D() {
  if (!surfaceProgram_) return;  // never initialised (or no GL context)
  glDeleteProgram(surfaceProgram_);
  glDeleteProgram(lineProgram_);
  glDeleteProgram(solidLineProgram_);
  glDeleteProgram(pointProgram_);
  const GLuint arrays[] = {surfaceVao_, lineVao_, pointVao_};
  glDeleteVertexArrays(3, arrays);
  const GLuint buffers[] = {surfaceBuffer_, lineBuffer_, pointBuffer_};
  glDeleteBuffers(3, buffers);
  if (multisampledFramebuffer_) {
    const GLuint framebuffers[] = {multisampledFramebuffer_, resolveFramebuffer_};
    glDeleteFramebuffers(2, framebuffers);
    const GLuint renderbuffers[] = {multisampledColor_, multisampledDepth_, resolveColor_};
    glDeleteRenderbuffers(3, renderbuffers);
  }
}

bool Renderer3D::prepareMultisampled() {
  if (samplesWanted_ <= 1) return false;
  if (multisampledFramebuffer_ && multisampledWidth_ == framebufferWidth_ && multisampledHeight_ == framebufferHeight_ &&
      samplesMade_ == samplesWanted_)
    return samplesMade_ > 1;
  if (multisampledFramebuffer_) {
    const GLuint framebuffers[] = {multisampledFramebuffer_, resolveFramebuffer_};
    glDeleteFramebuffers(2, framebuffers);
    const GLuint renderbuffers[] = {multisampledColor_, multisampledDepth_, resolveColor_};
    glDeleteRenderbuffers(3, renderbuffers);
    multisampledFramebuffer_ = multisampledColor_ = multisampledDepth_ = resolveFramebuffer_ = resolveColor_ = 0;
  }
  GLint maxSamples = 0;
  glGetIntegerv(GL_MAX_SAMPLES, &maxSamples);
  const int samples = std::min(samplesWanted_, static_cast<int>(maxSamples));
  multisampledWidth_ = framebufferWidth_;
  multisampledHeight_ = framebufferHeight_;
  samplesMade_ = samplesWanted_;  // what was asked for, so an unavailable count is not retried every frame
  if (samples <= 1) return false;
  GLint previous = 0;
  glGetIntegerv(GL_FRAMEBUFFER_BINDING, &previous);
  glGenFramebuffers(1, &multisampledFramebuffer_);
  glBindFramebuffer(GL_FRAMEBUFFER, multisampledFramebuffer_);
  glGenRenderbuffers(1, &multisampledColor_);
  glBindRenderbuffer(GL_RENDERBUFFER, multisampledColor_);
  glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_RGBA8, framebufferWidth_, framebufferHeight_);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, multisampledColor_);
  glGenRenderbuffers(1, &multisampledDepth_);
  glBindRenderbuffer(GL_RENDERBUFFER, multisampledDepth_);
  glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_DEPTH24_STENCIL8, framebufferWidth_, framebufferHeight_);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, multisampledDepth_);
  bool complete = glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
  // GL 3.3 resolves samples only into a framebuffer of the same format; the window's may differ (BGRA, no
  // alpha), so the samples go to an RGBA8 buffer first and from there (any format) to the bound framebuffer.
  glGenFramebuffers(1, &resolveFramebuffer_);
  glBindFramebuffer(GL_FRAMEBUFFER, resolveFramebuffer_);
  glGenRenderbuffers(1, &resolveColor_);
  glBindRenderbuffer(GL_RENDERBUFFER, resolveColor_);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, framebufferWidth_, framebufferHeight_);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, resolveColor_);
  complete = complete && glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
  glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(previous));
  if (!complete) samplesMade_ = 1;  // draw straight into the bound framebuffer from now on
  return complete;
}

void Renderer3D::init() {
  surfaceProgram_ = linkProgram("surface3");
  lineProgram_ = linkProgram("line3");
  solidLineProgram_ = linkProgram("line3", "#define SOLID\n");
  solidLineSizeUniform_ = glGetUniformLocation(solidLineProgram_, "uFramebufferSize");
  solidLineMarginUniform_ = glGetUniformLocation(solidLineProgram_, "uMargin");
  pointProgram_ = linkProgram("point3");
  surfaceSizeUniform_ = glGetUniformLocation(surfaceProgram_, "uFramebufferSize");
  lineSizeUniform_ = glGetUniformLocation(lineProgram_, "uFramebufferSize");
  pointSizeUniform_ = glGetUniformLocation(pointProgram_, "uFramebufferSize");
  pointRimUniform_ = glGetUniformLocation(pointProgram_, "uRimWidth");
  surfaceHiddenUniform_ = glGetUniformLocation(surfaceProgram_, "uHidden");
  lineHiddenUniform_ = glGetUniformLocation(lineProgram_, "uHidden");
  lineMarginUniform_ = glGetUniformLocation(lineProgram_, "uMargin");
  pointHiddenUniform_ = glGetUniformLocation(pointProgram_, "uHidden");
  glGenVertexArrays(1, &surfaceVao_);
  glGenVertexArrays(1, &lineVao_);
  glGenVertexArrays(1, &pointVao_);
  glGenBuffers(1, &surfaceBuffer_);
  glGenBuffers(1, &lineBuffer_);
  glGenBuffers(1, &pointBuffer_);

  glBindVertexArray(surfaceVao_);
  glBindBuffer(GL_ARRAY_BUFFER, surfaceBuffer_);
  floatAttribute(0, 3, sizeof(SurfaceVertex), offsetof(SurfaceVertex, position), false);
  floatAttribute(1, 4, sizeof(SurfaceVertex), offsetof(SurfaceVertex, color), false);
  glBindVertexArray(lineVao_);
  glBindBuffer(GL_ARRAY_BUFFER, lineBuffer_);
  floatAttribute(0, 4, sizeof(LineInstance), offsetof(LineInstance, endpoints), true);
  floatAttribute(1, 2, sizeof(LineInstance), offsetof(LineInstance, depths), true);
  floatAttribute(2, 4, sizeof(LineInstance), offsetof(LineInstance, color), true);
  floatAttribute(3, 4, sizeof(LineInstance), offsetof(LineInstance, style), true);
  floatAttribute(4, 4, sizeof(LineInstance), offsetof(LineInstance, fade), true);
  glBindVertexArray(pointVao_);
  glBindBuffer(GL_ARRAY_BUFFER, pointBuffer_);
  floatAttribute(0, 4, sizeof(PointInstance), offsetof(PointInstance, geometry), true);
  floatAttribute(1, 4, sizeof(PointInstance), offsetof(PointInstance, fill), true);
  floatAttribute(2, 4, sizeof(PointInstance), offsetof(PointInstance, rim), true);
  glBindVertexArray(0);
}

// [SECTION] Frames and viewports

void Renderer3D::Layer::clear() {
  surfaces.clear();
  lines.clear();
  points.clear();
}

void Renderer3D::beginFrame(int framebufferWidth, int framebufferHeight, double framebufferScale) {
  framebufferWidth_ = framebufferWidth > 0 ? framebufferWidth : 1;
  framebufferHeight_ = framebufferHeight > 0 ? framebufferHeight : 1;
  scale_ = framebufferScale > 0 ? framebufferScale : 1;
  primitiveCount_ = 0;
  depthCleared_ = false;
}

void Renderer3D::beginViewport(const OrbitCamera& camera, std::string_view title) {
  camera_ = camera;
  title_ = title;
  eye_ = camera.eye();
  right_ = camera.right();
  up_ = camera.up();
  forward_ = camera.forward();
  // Over the viewer's left shoulder: from behind the eye, a little up and to the left.
  light_ = collide::normalize(-1.0 * forward_ + 0.55 * up_ - 0.35 * right_);
  center_ = camera.rect().center();
  focal_ = 0.5 * std::max(camera.rect().height, 1.0) / std::tan(0.5 * OrbitCamera::kFieldOfViewY);
  near_ = camera.nearPlane();
  far_ = camera.farPlane();
  perspective_ = camera.projection() == Projection::Perspective;
  depthTested_.clear();
  onTop_.clear();
  handles_.clear();
  opaque_.clear();
  translucent_.clear();
  occluders_.clear();
  labels_.clear();
  labelPriority_ = kLabelPriorityScene;
  keepOut_.clear();
  drawn_.clear();
  const ScreenRect& rect = camera.rect();
  ImGui::GetBackgroundDrawList()->PushClipRect(toImVec2(rect.min()), toImVec2(rect.max()), true);
}

// The framebuffer rectangle (origin top-left) a layer's surfaces, lines and points cover; none when it is empty.
std::optional<Renderer3D::ScreenArea> Renderer3D::layerArea(const Layer& layer) const {
  ScreenArea area{std::numeric_limits<float>::max(), std::numeric_limits<float>::max(), std::numeric_limits<float>::lowest(),
                  std::numeric_limits<float>::lowest()};
  const auto include = [&](float x, float y, float reach) {
    area.x0 = std::min(area.x0, x - reach);
    area.y0 = std::min(area.y0, y - reach);
    area.x1 = std::max(area.x1, x + reach);
    area.y1 = std::max(area.y1, y + reach);
  };
  for (const SurfaceVertex& v : layer.surfaces) include(v.position[0], v.position[1], 1.0f);
  for (const LineInstance& line : layer.lines) {
    const float reach = 0.5f * line.style[0] + 2.0f;  // shaders/line3.vert's quad: half the width and a pixel
    include(line.endpoints[0], line.endpoints[1], reach);
    include(line.endpoints[2], line.endpoints[3], reach);
  }
  for (const PointInstance& point : layer.points) include(point.geometry[0], point.geometry[1], point.geometry[3] + 2.0f * kPointRim * static_cast<float>(scale_) + 2.0f);
  if (area.x0 > area.x1) return std::nullopt;
  return area;
}

void Renderer3D::drawLayer(const Layer& layer, bool hidden) {
  glEnable(GL_DEPTH_TEST);
  const auto width = static_cast<float>(framebufferWidth_);
  const auto height = static_cast<float>(framebufferHeight_);
  // uHidden: (1, alpha, dash, gap) for the hidden parts, zero otherwise (shaders/line3.frag).
  const auto scale = static_cast<float>(scale_);
  const std::array<float, 4> look = hidden ? std::array<float, 4>{1.0f, kHiddenAlpha, kHiddenDash * scale, kHiddenGap * scale}
                                           : std::array<float, 4>{};
  if (!layer.surfaces.empty()) {
    glUseProgram(surfaceProgram_);
    glUniform2f(surfaceSizeUniform_, width, height);
    glUniform4fv(surfaceHiddenUniform_, 1, look.data());
    glBindVertexArray(surfaceVao_);
    upload(surfaceBuffer_, layer.surfaces);
    glDrawArrays(GL_TRIANGLES, 0, static_cast<GLsizei>(layer.surfaces.size()));
  }
  if (!layer.lines.empty()) {
    // In the order given (the depth test keeps the first of two lines at one depth), in runs that share a
    // program: the solid ones through the cheaper one.
    const auto solid = [hidden](const LineInstance& line) {
      return !hidden && line.style[1] <= 0.0f && line.fade[3] <= 0.0f;
    };
    glUseProgram(solidLineProgram_);
    glUniform2f(solidLineSizeUniform_, width, height);
    glUniform1f(solidLineMarginUniform_, lineMargin_);
    glUseProgram(lineProgram_);
    glUniform2f(lineSizeUniform_, width, height);
    glUniform4fv(lineHiddenUniform_, 1, look.data());
    glUniform1f(lineMarginUniform_, lineMargin_);
    glBindVertexArray(lineVao_);
    glBindBuffer(GL_ARRAY_BUFFER, lineBuffer_);
    for (std::size_t begin = 0, end = 0; begin < layer.lines.size(); begin = end) {
      const bool run = solid(layer.lines[begin]);
      for (end = begin + 1; end < layer.lines.size() && solid(layer.lines[end]) == run; ++end) {
      }
      glUseProgram(run ? solidLineProgram_ : lineProgram_);
      glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>((end - begin) * sizeof(LineInstance)), &layer.lines[begin],
                   GL_STREAM_DRAW);
      glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, static_cast<GLsizei>(end - begin));
    }
  }
  if (!layer.points.empty()) {
    glUseProgram(pointProgram_);
    glUniform2f(pointSizeUniform_, width, height);
    glUniform1f(pointRimUniform_, kPointRim * scale);
    const std::array<float, 4> pointLook = hidden ? std::array<float, 4>{1.0f, kHiddenAlpha, kHiddenFill, 0.0f}
                                                  : std::array<float, 4>{};
    glUniform4fv(pointHiddenUniform_, 1, pointLook.data());
    glBindVertexArray(pointVao_);
    upload(pointBuffer_, layer.points);
    glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, static_cast<GLsizei>(layer.points.size()));
  }
}

void Renderer3D::endViewport() {
  layoutLabels();
  ImGui::GetBackgroundDrawList()->PopClipRect();
  primitiveCount_ += static_cast<int>((opaque_.size() + depthTested_.surfaces.size() + onTop_.surfaces.size() +
                                       handles_.surfaces.size()) / 3 +
                                      translucent_.size() + depthTested_.lines.size() + onTop_.lines.size() +
                                      handles_.lines.size() + depthTested_.points.size() + onTop_.points.size() +
                                      handles_.points.size());

  const ScreenRect& rect = camera_.rect();
  // The band of the pane title, across the pane: the scene is drawn under it, so no line runs through or along the
  // title (3d_10's floor edge at 150 %). The projection is the whole pane's; only the drawing stops short.
  double band = 0.0;
  if (!title_.empty()) {
    const ImVec2 size = ImGui::CalcTextSize(title_.data(), title_.data() + title_.size());
    band = std::clamp(paneTitleBox(rect, {size.x, size.y}).max.y - rect.y, 0.0, rect.height);
  }
  const auto scissorX = static_cast<GLint>(std::floor(rect.x * scale_));
  const auto scissorTop = static_cast<GLint>(std::floor((rect.y + band) * scale_));
  const auto scissorWidth = static_cast<GLsizei>(std::ceil(rect.width * scale_));
  const auto scissorHeight = static_cast<GLsizei>(std::ceil((rect.height - band) * scale_));
  const GLint scissorBottom = framebufferHeight_ - scissorTop - scissorHeight;
  GLint target = 0;
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &target);
  const bool multisampled = prepareMultisampled();
  // Single-sampled, the line quads reach half a pixel past their width instead of one: a third fewer fragments
  // on the thin lines (the grid, the outlines), which a software renderer shades one by one (shaders/line3.vert).
  lineMargin_ = multisampled ? 1.0f : 0.5f;
  if (multisampled) glBindFramebuffer(GL_FRAMEBUFFER, multisampledFramebuffer_);
  glViewport(0, 0, framebufferWidth_, framebufferHeight_);
  glEnable(GL_SCISSOR_TEST);
  glScissor(scissorX, scissorBottom, scissorWidth, scissorHeight);
  // Multisampled, the clears respect the scissor: only this view is reset. Single-sampled, the first view clears
  // the whole depth buffer for all of them (depthCleared_).
  glDepthMask(GL_TRUE);
  glClearDepth(1.0);
  if (multisampled) {
    GLfloat clearColor[4] = {};
    glGetFloatv(GL_COLOR_CLEAR_VALUE, clearColor);
    glClearColor(palette::kBackground.r, palette::kBackground.g, palette::kBackground.b, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glClearColor(clearColor[0], clearColor[1], clearColor[2], clearColor[3]);
  } else if (!depthCleared_) {
    glDisable(GL_SCISSOR_TEST);
    glClear(GL_DEPTH_BUFFER_BIT);
    glEnable(GL_SCISSOR_TEST);
    depthCleared_ = true;
  }
  glDepthFunc(GL_LEQUAL);
  // Steps 1 to 3 write depths in the far half of the depth range and step 4 in the near half, so step 4 needs no
  // clear of its own: whatever it draws is in front of all that came before (see 4.).
  glDepthRange(0.5, 1.0);
  glEnable(GL_BLEND);
  glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
  glDisable(GL_CULL_FACE);
  const auto width = static_cast<float>(framebufferWidth_);
  const auto height = static_cast<float>(framebufferHeight_);

  // 1. Opaque surfaces, pushed back a little so the outlines drawn on their edges win the depth test.
  glEnable(GL_POLYGON_OFFSET_FILL);
  glPolygonOffset(1.0f, 1.0f);
  if (!opaque_.empty()) {
    glEnable(GL_DEPTH_TEST);
    glUseProgram(surfaceProgram_);
    glUniform2f(surfaceSizeUniform_, width, height);
    glUniform4f(surfaceHiddenUniform_, 0.0f, 0.0f, 0.0f, 0.0f);
    glBindVertexArray(surfaceVao_);
    upload(surfaceBuffer_, opaque_);
    glDrawArrays(GL_TRIANGLES, 0, static_cast<GLsizei>(opaque_.size()));
  }
  glDisable(GL_POLYGON_OFFSET_FILL);
  // 2. Lines, arrow heads and points, depth-tested and writing depth.
  drawLayer(depthTested_, false);
  // 3. Translucent surfaces back to front, testing depth without writing it (the painter's algorithm over the
  //    triangles: exact for one convex shape, close for several).
  sorted_.clear();
  if (!translucent_.empty()) {
    std::sort(translucent_.begin(), translucent_.end(),
              [](const TranslucentTriangle& a, const TranslucentTriangle& b) { return a.depth > b.depth; });
    for (const TranslucentTriangle& triangle : translucent_)
      sorted_.insert(sorted_.end(), std::begin(triangle.vertices), std::end(triangle.vertices));
    glEnable(GL_DEPTH_TEST);
    glDepthMask(GL_FALSE);
    glEnable(GL_POLYGON_OFFSET_FILL);
    glUseProgram(surfaceProgram_);
    glUniform2f(surfaceSizeUniform_, width, height);
    glUniform4f(surfaceHiddenUniform_, 0.0f, 0.0f, 0.0f, 0.0f);
    glBindVertexArray(surfaceVao_);
    upload(surfaceBuffer_, sorted_);
    glDrawArrays(GL_TRIANGLES, 0, static_cast<GLsizei>(sorted_.size()));
    glDisable(GL_POLYGON_OFFSET_FILL);
    glDepthMask(GL_TRUE);
  }
  // 4. What must show through everything, in two parts. The depth of the surfaces that hide it alone (the
  //    translucent ones too, which wrote none) is laid down first; where the on-top layer lies behind it, it is
  //    drawn faint and dashed, and where it is in front, as given, so the simplex inside the hull reads as inside.
  //    The surfaces are pushed back as in 1., so what lies on a face (a support point, a polytope's edge) is in
  //    front. It is all drawn in the near half of the depth range, in front of every depth steps 1 to 3 left,
  //    which so count as cleared: a clear scissored to a rectangle is drawn by Mesa as one, whose every pixel
  //    a software renderer shades. The occluders are scissored to the rectangle the layer covers.
  if (const std::optional<ScreenArea> area = layerArea(onTop_)) {
    const GLint x0 = std::max(scissorX, static_cast<GLint>(std::floor(area->x0)));
    const GLint x1 = std::min(scissorX + scissorWidth, static_cast<GLint>(std::ceil(area->x1)));
    const GLint top0 = std::max(scissorTop, static_cast<GLint>(std::floor(area->y0)));
    const GLint top1 = std::min(scissorTop + scissorHeight, static_cast<GLint>(std::ceil(area->y1)));
    if (x1 > x0 && top1 > top0) {
      glScissor(x0, framebufferHeight_ - top1, x1 - x0, top1 - top0);
      glDepthRange(0.0, 0.5);
      if (!occluders_.empty()) {
        glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
        glEnable(GL_DEPTH_TEST);
        glEnable(GL_POLYGON_OFFSET_FILL);
        glUseProgram(surfaceProgram_);
        glUniform2f(surfaceSizeUniform_, width, height);
        glBindVertexArray(surfaceVao_);
        upload(surfaceBuffer_, occluders_);
        glDrawArrays(GL_TRIANGLES, 0, static_cast<GLsizei>(occluders_.size()));
        glDisable(GL_POLYGON_OFFSET_FILL);
        glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
      }
      glDepthMask(GL_FALSE);
      glDepthFunc(GL_GREATER);
      drawLayer(onTop_, true);
      glDepthFunc(GL_LEQUAL);
      drawLayer(onTop_, false);
      glDepthMask(GL_TRUE);
      glScissor(scissorX, scissorBottom, scissorWidth, scissorHeight);
    }
  }
  // 4b. The handles (HandleLayer) over everything, solid, in the order given: a grabbable part is never drawn as
  //     hidden. They write no depth and test none.
  if (!handles_.lines.empty() || !handles_.points.empty() || !handles_.surfaces.empty()) {
    glDepthMask(GL_FALSE);
    glDepthFunc(GL_ALWAYS);
    drawLayer(handles_, false);
    glDepthFunc(GL_LEQUAL);
    glDepthMask(GL_TRUE);
  }
  // 5. The samples resolved into the view's rectangle of the bound framebuffer, through the RGBA8 resolve buffer
  //    (identical rectangles: GL 3.3 resolves only without scaling or moving, and into the same format).
  if (multisampled) {
    const GLint x1 = scissorX + scissorWidth;
    const GLint y1 = scissorBottom + scissorHeight;
    glBindFramebuffer(GL_READ_FRAMEBUFFER, multisampledFramebuffer_);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, resolveFramebuffer_);
    glBlitFramebuffer(scissorX, scissorBottom, x1, y1, scissorX, scissorBottom, x1, y1, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, resolveFramebuffer_);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, static_cast<GLuint>(target));
    glBlitFramebuffer(scissorX, scissorBottom, x1, y1, scissorX, scissorBottom, x1, y1, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(target));
  }

  glDepthRange(0.0, 1.0);
  glBindVertexArray(0);
  glUseProgram(0);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_SCISSOR_TEST);
}

// [SECTION] Projection and clipping

Renderer3D::ViewPoint Renderer3D::toView(Vec3d world) const {
  const Vec3d relative = world - eye_;
  return {collide::dot(relative, right_), collide::dot(relative, up_), collide::dot(relative, forward_)};
}

Vec3d Renderer3D::toWorld(const ViewPoint& p) const { return eye_ + p.x * right_ + p.y * up_ + p.z * forward_; }

Vec2d Renderer3D::toFramebuffer(const ViewPoint& p) const {
  const double scale = perspective_ ? focal_ / p.z : focal_ / camera_.distance();
  return Vec2d{center_.x + scale * p.x, center_.y - scale * p.y} * scale_;
}

// Perspective: affine in 1/z (what the rasteriser interpolates linearly in screen space with w = 1);
// orthographic: affine in z. 0 at the near plane, 1 at the far one.
double Renderer3D::depth01(double viewZ) const {
  const double depth = perspective_ ? far_ / (far_ - near_) * (1 - near_ / viewZ) : (viewZ - near_) / (far_ - near_);
  return std::clamp(depth, 0.0, 1.0);
}

double Renderer3D::pixelSizeAtDepth(double viewZ) const {
  return perspective_ ? std::max(viewZ, near_) / focal_ : camera_.distance() / focal_;
}

namespace {
// The near plane with a hair of room, so a clipped vertex's depth stays inside [0, 1] after rounding.
double clipDepth(double nearPlane) { return nearPlane + 1e-9 * std::max(std::abs(nearPlane), 1.0); }
}  // namespace

// [SECTION] Surfaces

int Renderer3D::clipTriangle(const ViewPoint (&corners)[3], const Color (&colors)[3], std::array<SurfaceVertex, 6>& out) const {
  // Against the near plane (Sutherland and Hodgman 1974): a triangle keeps 3 or 4 corners, or none; a corner made
  // on the plane takes the colour between its edge's ends.
  const double limit = clipDepth(near_);
  std::array<ViewPoint, 4> polygon{};
  std::array<Color, 4> polygonColors{};
  std::size_t count = 0;
  for (int i = 0; i < 3; ++i) {
    const ViewPoint& p = corners[i];
    const ViewPoint& q = corners[(i + 1) % 3];
    const Color& pc = colors[i];
    const Color& qc = colors[(i + 1) % 3];
    const bool pIn = p.z >= limit;
    const bool qIn = q.z >= limit;
    if (pIn) {
      polygonColors[count] = pc;
      polygon[count++] = p;
    }
    if (pIn != qIn) {
      const double t = (limit - p.z) / (q.z - p.z);
      const auto mix = [t](float a, float b) { return a + static_cast<float>(t) * (b - a); };
      polygonColors[count] = {mix(pc.r, qc.r), mix(pc.g, qc.g), mix(pc.b, qc.b), mix(pc.a, qc.a)};
      polygon[count++] = {p.x + t * (q.x - p.x), p.y + t * (q.y - p.y), limit};
    }
  }
  if (count < 3) return 0;
  std::array<SurfaceVertex, 4> vertices{};
  for (std::size_t i = 0; i < count; ++i) {
    const Vec2d pixel = toFramebuffer(polygon[i]);
    vertices[i].position[0] = static_cast<float>(pixel.x);
    vertices[i].position[1] = static_cast<float>(pixel.y);
    vertices[i].position[2] = static_cast<float>(depth01(polygon[i].z));
    copyColor(vertices[i].color, polygonColors[i]);
  }
  int written = 0;
  for (std::size_t i = 1; i + 1 < count; ++i) {
    out[static_cast<std::size_t>(written++)] = vertices[0];
    out[static_cast<std::size_t>(written++)] = vertices[i];
    out[static_cast<std::size_t>(written++)] = vertices[i + 1];
  }
  return written;
}

void Renderer3D::triangle(Vec3d a, Vec3d b, Vec3d c, Color fill, bool hidesOnTop) {
  surface({a, b, c}, nullptr, fill, hidesOnTop);
}

// The side facing the eye is decided by the triangle's own normal; each corner is lit through `normals` (the
// curved surface's, Gouraud 1971) when given, else through the triangle's normal (flat).
void Renderer3D::surface(const std::array<Vec3d, 3>& corners, const std::array<Vec3d, 3>* normals, Color fill,
                         bool hidesOnTop) {
  const auto& [a, b, c] = corners;
  if (!collide::isFinite(a) || !collide::isFinite(b) || !collide::isFinite(c)) return;
  Vec3d normal = collide::cross(b - a, c - a);
  const double area = collide::length(normal);
  Color lit[3] = {fill, fill, fill};
  if (area > 0 && std::isfinite(area)) {
    normal = normal / area;
    const Vec3d toEye = perspective_ ? eye_ - (a + b + c) / 3.0 : -1.0 * forward_;
    const double facing = collide::dot(normal, toEye) < 0 ? -1.0 : 1.0;
    for (std::size_t k = 0; k < 3; ++k) {
      const Vec3d n = normals && collide::isFinite((*normals)[k]) ? (*normals)[k] : normal;
      const double shade = (facing > 0 ? 1.0 : kBackSide) * (kAmbient + kDiffuse * std::max(0.0, facing * collide::dot(n, light_)));
      const auto s = static_cast<float>(shade);
      lit[k] = {fill.r * s, fill.g * s, fill.b * s, fill.a};
    }
  }
  const ViewPoint viewCorners[3] = {toView(a), toView(b), toView(c)};
  std::array<SurfaceVertex, 6> clipped{};
  const int count = clipTriangle(viewCorners, lit, clipped);
  if (hidesOnTop) occluders_.insert(occluders_.end(), clipped.begin(), clipped.begin() + count);
  if (fill.a >= 1.0f) {
    opaque_.insert(opaque_.end(), clipped.begin(), clipped.begin() + count);
    return;
  }
  const double depth = (viewCorners[0].z + viewCorners[1].z + viewCorners[2].z) / 3.0;
  for (int i = 0; i < count; i += 3) {
    TranslucentTriangle triangle{};
    for (int k = 0; k < 3; ++k) triangle.vertices[k] = clipped[static_cast<std::size_t>(i + k)];
    triangle.depth = depth;
    translucent_.push_back(triangle);
  }
}

std::vector<std::pair<int, int>> outlineEdges(std::span<const Vec3d> positions, std::span<const int> triangleIndices) {
  const auto vertexCount = static_cast<int>(positions.size());
  const auto valid = [vertexCount](int index) { return index >= 0 && index < vertexCount; };
  // Each undirected edge: the first triangle's unit normal, how many triangles share it, and whether two of them
  // are not coplanar (a crease).
  struct EdgeInfo {
    Vec3d normal;
    int triangles = 0;
    bool crease = false;
  };
  std::unordered_map<std::uint64_t, EdgeInfo> edges;
  std::vector<std::uint64_t> order;  // first-seen order, so the output does not depend on the hash
  for (std::size_t t = 0; t + 2 < triangleIndices.size(); t += 3) {
    const int ia = triangleIndices[t], ib = triangleIndices[t + 1], ic = triangleIndices[t + 2];
    if (!valid(ia) || !valid(ib) || !valid(ic)) continue;
    const Vec3d a = positions[static_cast<std::size_t>(ia)];
    const Vec3d normal = collide::normalize(collide::cross(positions[static_cast<std::size_t>(ib)] - a,
                                                           positions[static_cast<std::size_t>(ic)] - a));
    for (const auto& [i, j] : {std::pair{ia, ib}, std::pair{ib, ic}, std::pair{ic, ia}}) {
      const std::uint64_t key = (static_cast<std::uint64_t>(std::min(i, j)) << 32) | static_cast<std::uint32_t>(std::max(i, j));
      EdgeInfo& edge = edges[key];
      if (edge.triangles++ == 0) {
        edge.normal = normal;
        order.push_back(key);
      } else if (collide::length(collide::cross(edge.normal, normal)) > 1e-6 || collide::dot(edge.normal, normal) < 0) {
        edge.crease = true;
      }
    }
  }
  std::vector<std::pair<int, int>> out;
  for (const std::uint64_t key : order) {
    const EdgeInfo& edge = edges[key];
    if (edge.triangles == 1 || edge.crease) out.emplace_back(static_cast<int>(key >> 32), static_cast<int>(key & 0xffffffffu));
  }
  return out;
}

// Per undirected edge: its first triangle's unit normal and whether that triangle faces the eye; drawn when a
// second triangle disagrees on either (a silhouette, or a crease sharper than the limit), or when it has no second.
void Renderer3D::curvedOutline(std::span<const Vec3d> positions, std::span<const int> triangleIndices, Color color,
                               float width, double creaseDegrees) {
  const auto vertexCount = static_cast<int>(positions.size());
  const auto valid = [vertexCount](int index) { return index >= 0 && index < vertexCount; };
  const double creaseCosine = std::cos(creaseDegrees * std::numbers::pi / 180.0);
  struct EdgeInfo {
    Vec3d normal;
    bool facing = false;
    int triangles = 0;
    bool drawn = false;
  };
  std::unordered_map<std::uint64_t, EdgeInfo> edges;
  std::vector<std::uint64_t> order;  // first-seen order, so the drawing does not depend on the hash
  for (std::size_t t = 0; t + 2 < triangleIndices.size(); t += 3) {
    const int ia = triangleIndices[t], ib = triangleIndices[t + 1], ic = triangleIndices[t + 2];
    if (!valid(ia) || !valid(ib) || !valid(ic)) continue;
    const Vec3d a = positions[static_cast<std::size_t>(ia)];
    const Vec3d b = positions[static_cast<std::size_t>(ib)];
    const Vec3d c = positions[static_cast<std::size_t>(ic)];
    const Vec3d normal = collide::normalize(collide::cross(b - a, c - a));
    const Vec3d toEye = perspective_ ? eye_ - (a + b + c) / 3.0 : -1.0 * forward_;
    const bool facing = collide::dot(normal, toEye) > 0;
    for (const auto& [i, j] : {std::pair{ia, ib}, std::pair{ib, ic}, std::pair{ic, ia}}) {
      const std::uint64_t key = (static_cast<std::uint64_t>(std::min(i, j)) << 32) | static_cast<std::uint32_t>(std::max(i, j));
      EdgeInfo& edge = edges[key];
      if (edge.triangles++ == 0) {
        edge.normal = normal;
        edge.facing = facing;
        order.push_back(key);
      } else if (edge.facing != facing || collide::dot(edge.normal, normal) < creaseCosine) {
        edge.drawn = true;
      }
    }
  }
  for (const std::uint64_t key : order) {
    const EdgeInfo& edge = edges[key];
    if (edge.triangles == 1 || edge.drawn)
      line(positions[static_cast<std::size_t>(key >> 32)], positions[static_cast<std::size_t>(key & 0xffffffffu)], color, Style3{width});
  }
}

MeshSurface meshSurface(std::span<const int> triangleIndices, int vertexCount) {
  if (triangleIndices.size() < 12 || triangleIndices.size() % 3 != 0) return MeshSurface::Open;
  std::unordered_map<std::uint64_t, int> directed;
  directed.reserve(triangleIndices.size());
  const auto key = [](int i, int j) { return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(i)) << 32) | static_cast<std::uint32_t>(j); };
  for (std::size_t t = 0; t + 2 < triangleIndices.size(); t += 3) {
    const int corners[3] = {triangleIndices[t], triangleIndices[t + 1], triangleIndices[t + 2]};
    for (int k = 0; k < 3; ++k) {
      if (corners[k] < 0 || corners[k] >= vertexCount) return MeshSurface::Open;
      if (++directed[key(corners[k], corners[(k + 1) % 3])] > 1) return MeshSurface::Open;
    }
  }
  for (const auto& [edge, count] : directed)
    if (!directed.contains(key(static_cast<int>(edge & 0xffffffffu), static_cast<int>(edge >> 32)))) return MeshSurface::Open;
  return MeshSurface::Closed;
}

MeshTopology meshTopology(std::span<const Vec3d> positions, std::span<const int> triangleIndices) {
  return {meshSurface(triangleIndices, static_cast<int>(positions.size())), outlineEdges(positions, triangleIndices)};
}

// +1 or -1 (wound counter-clockwise seen from outside, or clockwise) for a closed mesh lying wholly beyond the near
// plane, 0 otherwise. Beyond the near plane, the eye (behind that plane) is outside the solid, and so is the start
// of every ray the view casts: each ray enters the solid through a face turned toward the eye before it meets any
// other. No allocation: the caller said the mesh is closed (meshSurface()).
int Renderer3D::closedMeshSide(std::span<const Vec3d> positions, std::span<const int> triangleIndices) const {
  const double limit = clipDepth(near_);
  for (const Vec3d& p : positions)
    if (!collide::isFinite(p) || toView(p).z <= limit) return 0;
  const auto vertexCount = static_cast<int>(positions.size());
  double volume = 0;  // six times the signed volume (the divergence theorem over the triangles)
  for (std::size_t t = 0; t + 2 < triangleIndices.size(); t += 3) {
    const int ia = triangleIndices[t], ib = triangleIndices[t + 1], ic = triangleIndices[t + 2];
    if (ia < 0 || ia >= vertexCount || ib < 0 || ib >= vertexCount || ic < 0 || ic >= vertexCount) return 0;
    const Vec3d& a = positions[static_cast<std::size_t>(ia)];
    volume += collide::dot(a, collide::cross(positions[static_cast<std::size_t>(ib)] - a, positions[static_cast<std::size_t>(ic)] - a));
  }
  return volume > 0 ? 1 : volume < 0 ? -1 : 0;
}

void Renderer3D::mesh(std::span<const Vec3d> positions, std::span<const int> triangleIndices, Color fill,
                      Color outline, float outlineWidth, std::span<const Vec3d> normals, const MeshTopology& topology) {
  const auto vertexCount = static_cast<int>(positions.size());
  const auto valid = [vertexCount](int index) { return index >= 0 && index < vertexCount; };
  if (fill.a > 0.0f) {
    const bool smooth = normals.size() == triangleIndices.size();
    // Only the surface nearest the eye hides the on-top layer; for a closed mesh beyond the near plane that is a
    // face turned toward the eye at every pixel, so the faces turned away lay no occluder depth (half of what a
    // software renderer shades for the occluders).
    const int side = topology.surface == MeshSurface::Closed ? closedMeshSide(positions, triangleIndices) : 0;
    for (std::size_t t = 0; t + 2 < triangleIndices.size(); t += 3) {
      const int ia = triangleIndices[t], ib = triangleIndices[t + 1], ic = triangleIndices[t + 2];
      if (!valid(ia) || !valid(ib) || !valid(ic)) continue;
      const auto at = [&positions](int i) { return positions[static_cast<std::size_t>(i)]; };
      const std::array<Vec3d, 3> cornerNormals = smooth ? std::array<Vec3d, 3>{normals[t], normals[t + 1], normals[t + 2]}
                                                        : std::array<Vec3d, 3>{};
      const std::array<Vec3d, 3> corners = {at(ia), at(ib), at(ic)};
      const auto facesEye = [&] {
        const auto& [a, b, c] = corners;
        const Vec3d toEye = perspective_ ? eye_ - (a + b + c) / 3.0 : -1.0 * forward_;
        return side * collide::dot(collide::cross(b - a, c - a), toEye) > 0;
      };
      const bool hides = side == 0 || facesEye();
      surface(corners, smooth ? &cornerNormals : nullptr, fill, hides);
    }
  }
  if (outline.a <= 0.0f) return;
  for (const auto& [i, j] : topology.outline) {
    if (valid(i) && valid(j))
      line(positions[static_cast<std::size_t>(i)], positions[static_cast<std::size_t>(j)], outline, Style3{outlineWidth});
  }
}

// [SECTION] Lines and points

void Renderer3D::pushLine(ViewPoint a, ViewPoint b, Color color, const Style3& style, float phase,
                          const std::array<float, 4>& fade) {
  const Vec2d pa = toFramebuffer(a);
  const Vec2d pb = toFramebuffer(b);
  // A line is drawn as a tube of its own width: each end's depth is brought forward by half the width in world
  // units, so an edge drawn on a face is not half buried in it.
  const double halfWidth = 0.5 * style.width;
  LineInstance instance{};
  instance.endpoints[0] = static_cast<float>(pa.x);
  instance.endpoints[1] = static_cast<float>(pa.y);
  instance.endpoints[2] = static_cast<float>(pb.x);
  instance.endpoints[3] = static_cast<float>(pb.y);
  instance.depths[0] = static_cast<float>(depth01(a.z - halfWidth * pixelSizeAtDepth(a.z)));
  instance.depths[1] = static_cast<float>(depth01(b.z - halfWidth * pixelSizeAtDepth(b.z)));
  copyColor(instance.color, color);
  const auto scale = static_cast<float>(scale_);
  instance.style[0] = style.width * scale;
  instance.style[1] = style.dash * scale;
  instance.style[2] = style.gap * scale;
  instance.style[3] = phase;
  std::copy(fade.begin(), fade.end(), instance.fade);
  (style.onTop ? onTopLayer() : depthTested_).lines.push_back(instance);
}

namespace {
// The part of a-b in front of the near plane; false when none is.
template <class P>
bool clipSegment(P& a, P& b, double limit) {
  if (a.z < limit && b.z < limit) return false;
  if (a.z < limit) {
    const double t = (limit - a.z) / (b.z - a.z);
    a = {a.x + t * (b.x - a.x), a.y + t * (b.y - a.y), limit};
  } else if (b.z < limit) {
    const double t = (limit - b.z) / (a.z - b.z);
    b = {b.x + t * (a.x - b.x), b.y + t * (a.y - b.y), limit};
  }
  return true;
}
}  // namespace

void Renderer3D::line(Vec3d a, Vec3d b, Color color, const Style3& style) {
  if (!collide::isFinite(a) || !collide::isFinite(b)) return;
  ViewPoint va = toView(a);
  ViewPoint vb = toView(b);
  if (!clipSegment(va, vb, clipDepth(near_))) return;
  pushLine(va, vb, color, style, 0.0f);
}

void Renderer3D::fadingLine(Vec3d a, Vec3d b, Color color, Vec3d center, double radius, const Style3& style) {
  if (!collide::isFinite(a) || !collide::isFinite(b) || !collide::isFinite(center) || !(radius > 0)) return;
  // Only the part whose fade still shows over the view's background is drawn: beyond the distance where
  // alpha * (1 - r / radius)^2 times the line's largest channel difference from the background falls under half
  // a level of 8 bits, blending changes no pixel by more than rounding does. A software rasteriser shades every
  // pixel of the quad, seen or not (the grid's minor lines stop at 0.84 of its radius, its major ones at 0.88).
  const double contrast = std::max({std::abs(color.r - palette::kBackground.r), std::abs(color.g - palette::kBackground.g),
                                    std::abs(color.b - palette::kBackground.b)}) *
                          std::clamp(static_cast<double>(color.a), 0.0, 1.0);
  constexpr double kUnseen = 0.5 / 255.0;
  if (contrast <= kUnseen) return;
  const double shown = radius * (1.0 - std::sqrt(kUnseen / contrast));
  // a + t (b - a) inside the ball of radius `shown` about the centre: t between the roots of |c + t d|^2 = shown^2.
  const Vec3d fromCenter = a - center;
  const Vec3d along = b - a;
  const double dd = collide::dot(along, along);
  if (dd > 0) {
    const double half = collide::dot(fromCenter, along) / dd;
    const double discriminant = half * half - (collide::dot(fromCenter, fromCenter) - shown * shown) / dd;
    if (discriminant <= 0) return;
    const double root = std::sqrt(discriminant);
    const double t0 = std::max(-half - root, 0.0);
    const double t1 = std::min(-half + root, 1.0);
    if (t0 >= t1) return;
    b = a + t1 * along;
    a = a + t0 * along;
  } else if (collide::dot(fromCenter, fromCenter) >= shown * shown) {
    return;
  }
  ViewPoint va = toView(a);
  ViewPoint vb = toView(b);
  if (!clipSegment(va, vb, clipDepth(near_))) return;
  // The fade of the part that survived the near plane, in the world.
  const Vec3d c = (toWorld(va) - center) / radius;
  const Vec3d d = (toWorld(vb) - toWorld(va)) / radius;
  const double inverseDepthRatio = perspective_ ? va.z / vb.z : 1.0;
  pushLine(va, vb, color, style, 0.0f,
           {static_cast<float>(collide::dot(c, c)), static_cast<float>(collide::dot(c, d)),
            static_cast<float>(collide::dot(d, d)), static_cast<float>(inverseDepthRatio)});
}

void Renderer3D::polyline(std::span<const Vec3d> points, bool closed, Color color, const Style3& style) {
  if (points.size() < 2) return;
  for (const Vec3d& p : points)
    if (!collide::isFinite(p)) return;
  // Dashes run on across the corners: each segment starts where the previous one's pattern stopped.
  float phase = 0.0f;
  const std::size_t segments = closed && points.size() > 2 ? points.size() : points.size() - 1;
  for (std::size_t i = 0; i < segments; ++i) {
    ViewPoint va = toView(points[i]);
    ViewPoint vb = toView(points[(i + 1) % points.size()]);
    if (!clipSegment(va, vb, clipDepth(near_))) continue;
    pushLine(va, vb, color, style, phase);
    phase += static_cast<float>(collide::length(toFramebuffer(vb) - toFramebuffer(va)));
  }
}

void Renderer3D::arrow(Vec3d from, Vec3d to, Color color, float width, float headPixels, bool onTop) {
  if (!collide::isFinite(from) || !collide::isFinite(to)) return;
  ViewPoint va = toView(from);
  ViewPoint vb = toView(to);
  if (!clipSegment(va, vb, clipDepth(near_))) return;
  const Vec2d pa = toFramebuffer(va);
  const Vec2d pb = toFramebuffer(vb);
  const double length = collide::length(pb - pa);
  Layer& layer = onTop ? onTopLayer() : depthTested_;
  if (length < 1e-6) return;  // along the line of sight: nothing to point with
  // The head is a flat triangle in the screen at the shaft's depth (depth is affine along the projected shaft).
  const Vec2d axis = (pb - pa) / length;
  const double head = std::min<double>(headPixels * scale_, 0.5 * length);
  const double halfWidth = 0.5 * width;
  const double depthA = depth01(va.z - halfWidth * pixelSizeAtDepth(va.z));
  const double depthB = depth01(vb.z - halfWidth * pixelSizeAtDepth(vb.z));
  const auto depthAt = [&](double along) { return depthA + (depthB - depthA) * (along / length); };
  const Vec2d shaftEnd = pa + (length - 0.8 * head) * axis;
  LineInstance shaft{};
  shaft.endpoints[0] = static_cast<float>(pa.x);
  shaft.endpoints[1] = static_cast<float>(pa.y);
  shaft.endpoints[2] = static_cast<float>(shaftEnd.x);
  shaft.endpoints[3] = static_cast<float>(shaftEnd.y);
  shaft.depths[0] = static_cast<float>(depthA);
  shaft.depths[1] = static_cast<float>(depthAt(length - 0.8 * head));
  copyColor(shaft.color, color);
  shaft.style[0] = width * static_cast<float>(scale_);
  layer.lines.push_back(shaft);
  const Vec2d base = pb - head * axis;
  const Vec2d side = Vec2d{-axis.y, axis.x} * (0.45 * head);
  const double baseDepth = depthAt(length - head);
  const auto vertex = [&](Vec2d pixel, double depth) {
    SurfaceVertex v{};
    v.position[0] = static_cast<float>(pixel.x);
    v.position[1] = static_cast<float>(pixel.y);
    v.position[2] = static_cast<float>(depth);
    copyColor(v.color, color);
    return v;
  };
  layer.surfaces.push_back(vertex(pb, depthB));
  layer.surfaces.push_back(vertex(base + side, baseDepth));
  layer.surfaces.push_back(vertex(base - side, baseDepth));
}

void Renderer3D::point(Vec3d p, Color color, float radiusPixels, bool onTop) {
  if (!collide::isFinite(p)) return;
  const ViewPoint v = toView(p);
  if (v.z < clipDepth(near_)) return;
  const Vec2d pixel = toFramebuffer(v);
  PointInstance instance{};
  instance.geometry[0] = static_cast<float>(pixel.x);
  instance.geometry[1] = static_cast<float>(pixel.y);
  // A dot is a small ball: its depth is its front, so a point on a face is not half hidden by it.
  instance.geometry[2] = static_cast<float>(depth01(v.z - radiusPixels * pixelSizeAtDepth(v.z)));
  instance.geometry[3] = radiusPixels * static_cast<float>(scale_);
  copyColor(instance.fill, color);
  copyColor(instance.rim, palette::kBackground.withAlpha(0.9f));
  (onTop ? onTopLayer() : depthTested_).points.push_back(instance);
}

void Renderer3D::screenLine(Vec2d a, Vec2d b, Color color, float width) {
  if (!collide::isFinite(a) || !collide::isFinite(b)) return;
  LineInstance instance{};
  instance.endpoints[0] = static_cast<float>(a.x * scale_);
  instance.endpoints[1] = static_cast<float>(a.y * scale_);
  instance.endpoints[2] = static_cast<float>(b.x * scale_);
  instance.endpoints[3] = static_cast<float>(b.y * scale_);
  copyColor(instance.color, color);
  instance.style[0] = width * static_cast<float>(scale_);
  onTop_.lines.push_back(instance);
}

void Renderer3D::screenPoint(Vec2d p, Color color, float radiusPixels) {
  if (!collide::isFinite(p)) return;
  PointInstance instance{};
  instance.geometry[0] = static_cast<float>(p.x * scale_);
  instance.geometry[1] = static_cast<float>(p.y * scale_);
  instance.geometry[3] = radiusPixels * static_cast<float>(scale_);
  copyColor(instance.fill, color);
  copyColor(instance.rim, palette::kBackground.withAlpha(0.9f));
  onTop_.points.push_back(instance);
}

void Renderer3D::screenText(Vec2d at, std::string_view text, Color color) {
  if (!collide::isFinite(at)) return;
  ImGui::GetBackgroundDrawList()->AddText(toImVec2(at), color.packed(), text.data(), text.data() + text.size());
}

// [SECTION] Labels

void Renderer3D::label(Vec3d at, std::string_view text, Color color, Vec2d offsetPixels) {
  if (!collide::isFinite(at) || text.empty()) return;
  const ViewPoint v = toView(at);
  if (v.z < clipDepth(near_)) return;
  labels_.push_back({toFramebuffer(v) / scale_, offsetPixels, std::string(text), color, labelPriority_});
}

// The dots of the view (depth-tested and on top) are markers the labels keep off: a label over a vertex's dot
// hides the vertex it may not even name.
void Renderer3D::layoutLabels() {
  std::vector<LabelMarker> markers;
  markers.reserve(depthTested_.points.size() + onTop_.points.size() + handles_.points.size());
  for (const Layer* layer : {&depthTested_, &onTop_, &handles_})
    for (const PointInstance& point : layer->points)
      markers.push_back({Vec2d{point.geometry[0], point.geometry[1]} / scale_, point.geometry[3] / scale_ + kPointRim});
  drawScreenLabels(camera_.rect(), title_, labels_, markers, keepOut_, &drawn_);
}

LabelBox Renderer3D::caption(Vec2d at, std::span<const std::pair<std::string, Color>> lines, float maxWidth) {
  return drawCaption(at, lines, maxWidth, keepOut_, drawn_);
}

// [SECTION] Axis triad and ground grid

void drawAxisTriad(Renderer3D& renderer) {
  const OrbitCamera& camera = renderer.camera();
  const ScreenRect& rect = camera.rect();
  constexpr double kLength = 30.0;
  constexpr double kInset = 46.0;
  const Vec2d origin{rect.x + kInset, rect.y + rect.height - kInset};
  struct Axis {
    Vec3d direction;
    Color color;
    const char* name;
  };
  std::array<Axis, 3> axes = {Axis{{1, 0, 0}, rgb(0xe5645c), "X"}, Axis{{0, 1, 0}, rgb(0x6cc75f), "Y"},
                              Axis{{0, 0, 1}, rgb(0x5b8cff), "Z"}};
  // Farthest first, so the axis toward the viewer is drawn over the others; axes pointing away are dimmer.
  const Vec3d forward = camera.forward();
  std::sort(axes.begin(), axes.end(), [&](const Axis& a, const Axis& b) {
    return collide::dot(a.direction, forward) > collide::dot(b.direction, forward);
  });
  renderer.screenPoint(origin, palette::kTextDim, 2.5f);
  for (const Axis& axis : axes) {
    const Vec2d tip = origin + Vec2d{collide::dot(axis.direction, camera.right()), -collide::dot(axis.direction, camera.up())} * kLength;
    const bool away = collide::dot(axis.direction, forward) > 0.2;
    const Color color = away ? axis.color.withAlpha(0.5f) : axis.color;
    renderer.screenLine(origin, tip, color, 2.5f);
    const ImVec2 size = ImGui::CalcTextSize(axis.name);
    const Vec2d outward = tip + (tip - origin) * 0.35 - Vec2d{0.5 * size.x, 0.5 * size.y};
    renderer.screenText(outward, axis.name, color);
  }
}

void drawGroundGrid(Renderer3D& renderer, double height) {
  const OrbitCamera& camera = renderer.camera();
  const double distance = camera.distance();
  // One cell is the power of ten near a quarter of the orbit distance; a major line every 5 cells.
  const double cell = std::pow(10.0, std::floor(std::log10(0.25 * distance)));
  constexpr int kCells = 12;  // each way from the centre
  constexpr int kMajorEvery = 5;
  const double extent = kCells * cell;
  const double major = kMajorEvery * cell;
  // Centred under the target, snapped to the major lines so they stay put while panning.
  const Vec3d target = camera.target();
  const Vec3d center{std::round(target.x / major) * major, height, std::round(target.z / major) * major};
  const Color axisX = rgb(0xb0524c);
  const Color axisZ = rgb(0x4c6fb0);
  // Each line fades out with the distance from the centre (fadingLine), so it is drawn only inside the disc where
  // any of it shows: one long instance per line, which a software rasteriser sets up once.
  for (int i = -kCells + 1; i < kCells; ++i) {
    const double offset = i * cell;
    const double half = std::sqrt(extent * extent - offset * offset);
    const bool isMajor = i % kMajorEvery == 0;  // the centre is on a major line, so every fifth from it is one
    for (int along = 0; along < 2; ++along) {
      // along 0: a line of constant x (running along z); along 1: constant z (running along x).
      const double fixed = (along == 0 ? center.x : center.z) + offset;
      const bool isAxis = std::abs(fixed) < 0.5 * cell;
      const Color base = isAxis ? (along == 0 ? axisZ : axisX) : isMajor ? palette::kGridMajor : palette::kGridMinor;
      const Vec3d a = along == 0 ? Vec3d{fixed, height, center.z - half} : Vec3d{center.x - half, height, fixed};
      const Vec3d b = along == 0 ? Vec3d{fixed, height, center.z + half} : Vec3d{center.x + half, height, fixed};
      renderer.fadingLine(a, b, base.withAlpha(isAxis ? 0.9f : 1.0f), center, extent, Style3{isAxis ? 1.5f : 1.0f});
    }
  }
}

}  // namespace lab
