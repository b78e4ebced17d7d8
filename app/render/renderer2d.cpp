// [SECTION] Setup
// [SECTION] Frames and viewports
// [SECTION] Primitives
#include "render/renderer2d.h"

#include <cmath>
#include <cstddef>
#include <numbers>
#include <stdexcept>

#include <glad/gl.h>
#include <imgui.h>

#include "render/gl_util.h"

namespace lab {

namespace {

void copyColor(float* out, Color c) {
  out[0] = c.r;
  out[1] = c.g;
  out[2] = c.b;
  out[3] = c.a;
}

}  // namespace

// [SECTION] Setup

Renderer2D::~Renderer2D() {
  if (!lineProgram_) return;  // never initialised (or no GL context)
  glDeleteProgram(lineProgram_);
  glDeleteProgram(circleProgram_);
  glDeleteProgram(fillProgram_);
  const GLuint arrays[] = {lineVao_, circleVao_, fillVao_};
  glDeleteVertexArrays(3, arrays);
  const GLuint buffers[] = {lineBuffer_, circleBuffer_, fillBuffer_};
  glDeleteBuffers(3, buffers);
}

void Renderer2D::init() {
  lineProgram_ = linkProgram("line");
  circleProgram_ = linkProgram("circle");
  fillProgram_ = linkProgram("fill");
  const GLuint programs[3] = {lineProgram_, circleProgram_, fillProgram_};
  for (int i = 0; i < 3; ++i) framebufferSizeUniform_[i] = glGetUniformLocation(programs[i], "uFramebufferSize");
  glGenVertexArrays(1, &lineVao_);
  glGenVertexArrays(1, &circleVao_);
  glGenVertexArrays(1, &fillVao_);
  glGenBuffers(1, &lineBuffer_);
  glGenBuffers(1, &circleBuffer_);
  glGenBuffers(1, &fillBuffer_);

  glBindVertexArray(fillVao_);
  glBindBuffer(GL_ARRAY_BUFFER, fillBuffer_);
  floatAttribute(0, 2, sizeof(FillVertex), offsetof(FillVertex, position), false);
  floatAttribute(1, 4, sizeof(FillVertex), offsetof(FillVertex, color), false);
  glBindVertexArray(0);
}

// [SECTION] Frames and viewports

void Renderer2D::beginFrame(int framebufferWidth, int framebufferHeight, double framebufferScale) {
  framebufferWidth_ = framebufferWidth > 0 ? framebufferWidth : 1;
  framebufferHeight_ = framebufferHeight > 0 ? framebufferHeight : 1;
  scale_ = framebufferScale > 0 ? framebufferScale : 1;
  primitiveCount_ = 0;
}

void Renderer2D::beginViewport(const Viewport& viewport) {
  camera_ = viewport.camera;
  lines_.clear();
  circles_.clear();
  fills_.clear();
  runs_.clear();
  labels_.clear();
  yielding_.clear();
  keepOut_.clear();
  drawn_.clear();
  title_ = viewport.title;
  labelPriority_ = kLabelPriorityScene;
  const ScreenRect& rect = camera_.rect();
  ImGui::GetBackgroundDrawList()->PushClipRect(ImVec2(static_cast<float>(rect.x), static_cast<float>(rect.y)),
                                               ImVec2(static_cast<float>(rect.x + rect.width),
                                                      static_cast<float>(rect.y + rect.height)),
                                               true);
}

void Renderer2D::endViewport() {
  const std::vector<LabelBox> taken = drawScreenLabels(camera_.rect(), title_, labels_, {}, keepOut_, &drawn_);
  std::vector<LabelBox> texts;
  texts.reserve(yielding_.size());
  for (const ScreenLabel& text : yielding_) {
    const ImVec2 size = ImGui::CalcTextSize(text.text.data(), text.text.data() + text.text.size());
    texts.push_back({text.anchor, text.anchor + Vec2d{size.x, size.y}});
  }
  const std::vector<bool> clear = textsClearOf(camera_.rect(), texts, taken);
  for (std::size_t i = 0; i < yielding_.size(); ++i) {
    if (!clear[i]) continue;
    const ScreenLabel& text = yielding_[i];
    drawn_.push_back({text.text, texts[i], "number"});
    ImGui::GetBackgroundDrawList()->AddText(ImVec2(static_cast<float>(text.anchor.x), static_cast<float>(text.anchor.y)),
                                            text.color.packed(), text.text.data(), text.text.data() + text.text.size());
  }
  ImGui::GetBackgroundDrawList()->PopClipRect();
  primitiveCount_ += static_cast<int>(lines_.size() + circles_.size() + fills_.size() / 3);
  if (runs_.empty()) return;

  const ScreenRect& rect = camera_.rect();
  const auto scissorX = static_cast<GLint>(std::floor(rect.x * scale_));
  const auto scissorTop = static_cast<GLint>(std::floor(rect.y * scale_));
  const auto scissorWidth = static_cast<GLsizei>(std::ceil(rect.width * scale_));
  const auto scissorHeight = static_cast<GLsizei>(std::ceil(rect.height * scale_));
  glViewport(0, 0, framebufferWidth_, framebufferHeight_);
  glEnable(GL_SCISSOR_TEST);
  glScissor(scissorX, framebufferHeight_ - scissorTop - scissorHeight, scissorWidth, scissorHeight);
  glEnable(GL_BLEND);
  glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_CULL_FACE);

  upload(lineBuffer_, lines_);
  upload(circleBuffer_, circles_);
  upload(fillBuffer_, fills_);
  const auto width = static_cast<float>(framebufferWidth_);
  const auto height = static_cast<float>(framebufferHeight_);

  for (const Run& run : runs_) {
    switch (run.kind) {
      case Kind::Line: {
        glUseProgram(lineProgram_);
        glUniform2f(framebufferSizeUniform_[0], width, height);
        glBindVertexArray(lineVao_);
        glBindBuffer(GL_ARRAY_BUFFER, lineBuffer_);
        // GL 3.3 has no base instance: point the attributes at the run's first instance instead.
        const std::size_t base = static_cast<std::size_t>(run.first) * sizeof(LineInstance);
        floatAttribute(0, 4, sizeof(LineInstance), base + offsetof(LineInstance, endpoints), true);
        floatAttribute(1, 4, sizeof(LineInstance), base + offsetof(LineInstance, color), true);
        floatAttribute(2, 3, sizeof(LineInstance), base + offsetof(LineInstance, style), true);
        glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, run.count);
        break;
      }
      case Kind::Circle: {
        glUseProgram(circleProgram_);
        glUniform2f(framebufferSizeUniform_[1], width, height);
        glBindVertexArray(circleVao_);
        glBindBuffer(GL_ARRAY_BUFFER, circleBuffer_);
        const std::size_t base = static_cast<std::size_t>(run.first) * sizeof(CircleInstance);
        floatAttribute(0, 4, sizeof(CircleInstance), base + offsetof(CircleInstance, geometry), true);
        floatAttribute(1, 4, sizeof(CircleInstance), base + offsetof(CircleInstance, fill), true);
        floatAttribute(2, 4, sizeof(CircleInstance), base + offsetof(CircleInstance, stroke), true);
        floatAttribute(3, 2, sizeof(CircleInstance), base + offsetof(CircleInstance, arc), true);
        glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, run.count);
        break;
      }
      case Kind::Fill:
        glUseProgram(fillProgram_);
        glUniform2f(framebufferSizeUniform_[2], width, height);
        glBindVertexArray(fillVao_);
        glDrawArrays(GL_TRIANGLES, run.first, run.count);
        break;
    }
  }
  glBindVertexArray(0);
  glUseProgram(0);
  glDisable(GL_SCISSOR_TEST);
}

Vec2d Renderer2D::toFramebuffer(Vec2d world) const { return camera_.worldToScreen(world) * scale_; }

void Renderer2D::addRun(Kind kind, int count) {
  if (!runs_.empty() && runs_.back().kind == kind) {
    runs_.back().count += count;
    return;
  }
  int first = 0;
  switch (kind) {
    case Kind::Line: first = static_cast<int>(lines_.size()) - count; break;
    case Kind::Circle: first = static_cast<int>(circles_.size()) - count; break;
    case Kind::Fill: first = static_cast<int>(fills_.size()) - count; break;
  }
  runs_.push_back({kind, first, count});
}

// [SECTION] Primitives

void Renderer2D::line(Vec2d a, Vec2d b, Color color, const LineStyle& style) {
  if (!collide::isFinite(a) || !collide::isFinite(b)) return;
  const Vec2d pa = toFramebuffer(a);
  const Vec2d pb = toFramebuffer(b);
  LineInstance instance{};
  instance.endpoints[0] = static_cast<float>(pa.x);
  instance.endpoints[1] = static_cast<float>(pa.y);
  instance.endpoints[2] = static_cast<float>(pb.x);
  instance.endpoints[3] = static_cast<float>(pb.y);
  copyColor(instance.color, color);
  const auto scale = static_cast<float>(scale_);
  instance.style[0] = style.width * scale;
  instance.style[1] = style.dash * scale;
  instance.style[2] = style.gap * scale;
  lines_.push_back(instance);
  addRun(Kind::Line, 1);
}

void Renderer2D::dashedLine(Vec2d a, Vec2d b, Color color, float width, float dash, float gap) {
  line(a, b, color, LineStyle{width, dash, gap});
}

void Renderer2D::polyline(std::span<const Vec2d> points, bool closed, Color color, const LineStyle& style) {
  if (points.size() < 2) return;
  for (std::size_t i = 0; i + 1 < points.size(); ++i) line(points[i], points[i + 1], color, style);
  if (closed && points.size() > 2) line(points.back(), points.front(), color, style);
}

void Renderer2D::pushFillVertex(Vec2d framebufferPoint, Color color) {
  FillVertex vertex{};
  vertex.position[0] = static_cast<float>(framebufferPoint.x);
  vertex.position[1] = static_cast<float>(framebufferPoint.y);
  copyColor(vertex.color, color);
  fills_.push_back(vertex);
}

void Renderer2D::convexPolygon(std::span<const Vec2d> points, Color fill) {
  if (points.size() < 3) return;
  for (const Vec2d& p : points)
    if (!collide::isFinite(p)) return;
  const Vec2d first = toFramebuffer(points[0]);
  for (std::size_t i = 1; i + 1 < points.size(); ++i) {
    pushFillVertex(first, fill);
    pushFillVertex(toFramebuffer(points[i]), fill);
    pushFillVertex(toFramebuffer(points[i + 1]), fill);
  }
  addRun(Kind::Fill, static_cast<int>(3 * (points.size() - 2)));
}

void Renderer2D::triangle(Vec2d a, Vec2d b, Vec2d c, Color fill) {
  const Vec2d points[3] = {a, b, c};
  convexPolygon(points, fill);
}

void Renderer2D::pushCircle(Vec2d framebufferCenter, float radius, float strokeWidth, Color fill, Color stroke,
                            float startAngle, float spanAngle) {
  CircleInstance instance{};
  instance.geometry[0] = static_cast<float>(framebufferCenter.x);
  instance.geometry[1] = static_cast<float>(framebufferCenter.y);
  instance.geometry[2] = radius;
  instance.geometry[3] = strokeWidth;
  copyColor(instance.fill, fill);
  copyColor(instance.stroke, stroke);
  instance.arc[0] = startAngle;
  instance.arc[1] = spanAngle;
  circles_.push_back(instance);
  addRun(Kind::Circle, 1);
}

void Renderer2D::circle(Vec2d center, double radius, Color fill, Color stroke, float strokeWidth) {
  constexpr double kTwoPi = 2 * std::numbers::pi;
  arc(center, radius, 0.0, kTwoPi, fill, stroke, strokeWidth);
}

void Renderer2D::arc(Vec2d center, double radius, double startAngle, double spanAngle, Color fill, Color stroke,
                     float strokeWidth) {
  if (!collide::isFinite(center) || !std::isfinite(radius) || radius < 0) return;
  const double pixels = camera_.worldToPixels(radius) * scale_;
  // Beyond a few screens the SDF quad would only cost fill rate; such circles are off-screen lines anyway.
  if (pixels > 1e6) return;
  pushCircle(toFramebuffer(center), static_cast<float>(pixels), strokeWidth * static_cast<float>(scale_), fill, stroke,
             static_cast<float>(startAngle), static_cast<float>(std::min(spanAngle, 2 * std::numbers::pi)));
}

void Renderer2D::point(Vec2d p, Color color, float radiusPixels) {
  screenDisc(p, radiusPixels, color, palette::kBackground.withAlpha(0.9f), 1.5f);
}

void Renderer2D::screenDisc(Vec2d center, float radiusPixels, Color fill, Color stroke, float strokeWidth) {
  if (!collide::isFinite(center)) return;
  const auto scale = static_cast<float>(scale_);
  pushCircle(toFramebuffer(center), radiusPixels * scale, strokeWidth * scale, fill, stroke, 0.0f,
             static_cast<float>(2 * std::numbers::pi));
}

void Renderer2D::arrow(Vec2d from, Vec2d to, Color color, float width, float headPixels) {
  if (!collide::isFinite(from) || !collide::isFinite(to)) return;
  const double lengthPixels = camera_.worldToPixels(collide::distance(from, to));
  if (lengthPixels < 1e-6) return;
  const Vec2d direction = collide::normalize(to - from);
  // Short arrows get a proportionally smaller head so the shaft stays visible.
  const double head = camera_.pixelsToWorld(std::min<double>(headPixels, 0.5 * lengthPixels));
  const Vec2d base = to - head * direction;
  const Vec2d side = collide::leftPerp(direction) * (0.45 * head);
  line(from, base + 0.2 * head * direction, color, LineStyle{width});
  triangle(to, base + side, base - side, color);
}

void Renderer2D::label(Vec2d at, std::string_view text, Color color, Vec2d offsetPixels) {
  if (!collide::isFinite(at) || text.empty()) return;
  const Vec2d anchor = camera_.worldToScreen(at);
  if (!collide::isFinite(anchor)) return;
  labels_.push_back({anchor, offsetPixels, std::string(text), color, labelPriority_});
}

void Renderer2D::keepOut(const LabelBox& box, std::string_view text, std::string_view kind) {
  keepOut_.push_back(box);
  drawn_.push_back({std::string(text), box, std::string(kind)});
}

LabelBox Renderer2D::caption(Vec2d at, std::span<const std::pair<std::string, Color>> lines, float maxWidth) {
  return drawCaption(at, lines, maxWidth, keepOut_, drawn_);
}

void Renderer2D::yieldingText(Vec2d at, std::string_view text, Color color) {
  if (!collide::isFinite(at)) return;
  yielding_.push_back({at, {}, std::string(text), color});
}

}  // namespace lab
