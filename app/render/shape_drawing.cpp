#include "render/shape_drawing.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <type_traits>
#include <variant>

namespace lab {

namespace {

constexpr double kPi = std::numbers::pi;

template <class T>
inline constexpr bool kAlwaysFalse = false;

void appendArc(std::vector<Vec2d>& out, Vec2d center, double radius, double start, double span, int segments) {
  for (int i = 0; i <= segments; ++i) {
    const double angle = start + span * static_cast<double>(i) / segments;
    out.push_back(center + radius * Vec2d{std::cos(angle), std::sin(angle)});
  }
}

}  // namespace

Vec2d shapeAnchor(const Collider& collider) {
  if (const auto* box = std::get_if<collide::Aabb<double>>(&collider.shape)) return box->center();
  return collider.transform.p;
}

void moveShape(Collider& collider, Vec2d delta) {
  if (auto* box = std::get_if<collide::Aabb<double>>(&collider.shape)) {
    box->min += delta;
    box->max += delta;
  } else {
    collider.transform.p += delta;
  }
}

std::vector<Vec2d> shapeOutline(const Collider& collider, int segmentsPerCircle) {
  const collide::Transform<double>& transform = collider.transform;
  const double angle = transform.q.angle();
  std::vector<Vec2d> out;
  std::visit(
      [&](const auto& shape) {
        using T = std::decay_t<decltype(shape)>;
        if constexpr (std::is_same_v<T, collide::Point<double>>) {
          out.push_back(transform.apply(shape.position));
        } else if constexpr (std::is_same_v<T, collide::Segment<double>>) {
          out = {transform.apply(shape.a), transform.apply(shape.b)};
        } else if constexpr (std::is_same_v<T, collide::Circle<double>>) {
          appendArc(out, transform.apply(shape.center), shape.radius, angle, 2 * kPi, segmentsPerCircle);
          out.pop_back();
        } else if constexpr (std::is_same_v<T, collide::Aabb<double>>) {
          out = {shape.min, {shape.max.x, shape.min.y}, shape.max, {shape.min.x, shape.max.y}};
        } else if constexpr (std::is_same_v<T, collide::Box<double>>) {
          for (const Vec2d& corner : shape.corners()) out.push_back(transform.apply(corner));
        } else if constexpr (std::is_same_v<T, collide::Capsule<double>>) {
          const Vec2d a = transform.apply(shape.a);
          const Vec2d b = transform.apply(shape.b);
          const Vec2d axis = b - a;
          const double axisAngle = collide::lengthSquared(axis) > 0 ? std::atan2(axis.y, axis.x) : angle;
          const int half = std::max(segmentsPerCircle / 2, 4);
          appendArc(out, b, shape.radius, axisAngle - kPi / 2, kPi, half);
          appendArc(out, a, shape.radius, axisAngle + kPi / 2, kPi, half);
        } else if constexpr (std::is_same_v<T, collide::Polygon<double>>) {
          for (int i = 0; i < shape.count; ++i) out.push_back(transform.apply(shape.vertices[i]));
        } else if constexpr (std::is_same_v<T, collide::Sector<double>>) {
          out.push_back(transform.p);
          const int segments = std::max(4, static_cast<int>(segmentsPerCircle * shape.halfAngle / kPi));
          appendArc(out, transform.p, shape.radius, angle - shape.halfAngle, 2 * shape.halfAngle, segments);
        } else {
          static_assert(kAlwaysFalse<T>, "every shape type is drawn");
        }
      },
      collider.shape);
  return out;
}

WorldBounds shapeBounds(const Collider& collider) {
  WorldBounds bounds = WorldBounds::none();
  for (const Vec2d& p : shapeOutline(collider, 32)) bounds.include(p);
  return bounds;
}

void drawShape(Renderer2D& renderer, const Collider& collider, Color color, const ShapeStyle& style) {
  const collide::Transform<double>& transform = collider.transform;
  const double angle = transform.q.angle();
  const Color fill = color.withAlpha(style.fillAlpha);
  const LineStyle outline = style.dashed ? LineStyle{style.outlineWidth, 7.0f, 5.0f} : LineStyle{style.outlineWidth};
  std::visit(
      [&](const auto& shape) {
        using T = std::decay_t<decltype(shape)>;
        if constexpr (std::is_same_v<T, collide::Point<double>>) {
          renderer.screenDisc(transform.apply(shape.position), 5.0f, color, palette::kBackground, 1.5f);
        } else if constexpr (std::is_same_v<T, collide::Segment<double>>) {
          const Vec2d a = transform.apply(shape.a);
          const Vec2d b = transform.apply(shape.b);
          renderer.line(a, b, color, LineStyle{outline.width + 1.0f, outline.dash, outline.gap});
          renderer.screenDisc(a, 3.0f, color, palette::kBackground, 1.0f);
          renderer.screenDisc(b, 3.0f, color, palette::kBackground, 1.0f);
        } else if constexpr (std::is_same_v<T, collide::Circle<double>>) {
          const Vec2d center = transform.apply(shape.center);
          if (style.dashed) {
            renderer.circle(center, shape.radius, fill, {0, 0, 0, 0});
            renderer.polyline(shapeOutline(collider), true, color, outline);
          } else {
            renderer.circle(center, shape.radius, fill, color, style.outlineWidth);
          }
          // A radius along the local x axis, so a rotation is visible.
          renderer.line(center, center + shape.radius * transform.q.xAxis(), color.withAlpha(0.5f), LineStyle{1.0f});
        } else if constexpr (std::is_same_v<T, collide::Capsule<double>>) {
          const Vec2d a = transform.apply(shape.a);
          const Vec2d b = transform.apply(shape.b);
          // The fill is one fat capsule line; its round caps are the capsule's own.
          renderer.line(a, b, fill, LineStyle{static_cast<float>(renderer.camera().worldToPixels(2 * shape.radius))});
          renderer.polyline(shapeOutline(collider), true, color, outline);
          renderer.line(a, b, color.withAlpha(0.5f), LineStyle{1.0f, 4.0f, 4.0f});
        } else if constexpr (std::is_same_v<T, collide::Sector<double>>) {
          renderer.arc(transform.p, shape.radius, angle - shape.halfAngle, 2 * shape.halfAngle, fill, {0, 0, 0, 0});
          renderer.polyline(shapeOutline(collider), true, color, outline);
        } else {
          // Aabb, Box, Polygon: convex polygons.
          const std::vector<Vec2d> points = shapeOutline(collider);
          renderer.convexPolygon(points, fill);
          renderer.polyline(points, true, color, outline);
        }
      },
      collider.shape);
}

}  // namespace lab
