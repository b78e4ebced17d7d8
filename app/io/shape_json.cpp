// app/io/shape_json.cpp: SHAPE <-> Collider<double>. The format is documented in shape_json.h.
//
// [SECTION] Reading helpers
// [SECTION] Per-type readers
// [SECTION] colliderFromJson
// [SECTION] colliderToJson
#include "io/shape_json.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <vector>

#include "collide/polygon.h"
#include "io/text_io.h"

namespace lab {

using collide::Vec2;

// [SECTION] Reading helpers

std::string describeJsonValue(const Json& value) {
  // Cut on a character boundary: the message itself must stay valid UTF-8 to be written as JSON.
  return truncatedUtf8(value.dump(), 60);
}

namespace {

std::string join(std::string_view field, std::string_view key) {
  std::string out(field);
  if (!out.empty()) out += '.';
  out += key;
  return out;
}

[[noreturn]] void fail(std::string_view field, std::string_view expected, const Json& got) {
  throw JsonFieldError(std::string(field) + ": expected " + std::string(expected) + ", got " +
                       describeJsonValue(got));
}

const Json& required(const Json& object, std::string_view field, std::string_view key, std::string_view expected) {
  const auto it = object.find(key);
  if (it == object.end()) {
    throw JsonFieldError(join(field, key) + ": missing; expected " + std::string(expected));
  }
  return *it;
}

}  // namespace

double finiteNumberFromJson(const Json& value, std::string_view field) {
  if (!value.is_number()) fail(field, "a number", value);
  const double number = value.get<double>();
  // JSON text cannot spell infinity, but a document built in memory (the app's) can hold one.
  if (!std::isfinite(number)) {
    const char* got = std::isnan(number) ? "NaN" : (number > 0 ? "infinity" : "-infinity");
    throw JsonFieldError(std::string(field) + ": expected a finite number, got " + got);
  }
  return number;
}

namespace {

Vec2<double> vecFromJson(const Json& value, std::string_view field) {
  if (!value.is_array() || value.size() != 2) fail(field, "[x, y], an array of two numbers", value);
  return {finiteNumberFromJson(value[0], std::string(field) + "[0]"),
          finiteNumberFromJson(value[1], std::string(field) + "[1]")};
}

double nonNegativeFromJson(const Json& value, std::string_view field) {
  const double number = finiteNumberFromJson(value, field);
  if (!(number >= 0.0)) fail(field, "a non-negative number", value);
  return number;
}

double positiveFromJson(const Json& value, std::string_view field) {
  const double number = finiteNumberFromJson(value, field);
  if (!(number > 0.0)) fail(field, "a positive number", value);
  return number;
}

// The fields each type takes, besides "type" (and "position", "angle" for all but the aabb).
struct TypeFields {
  std::string_view type;
  std::vector<std::string_view> keys;
};

const std::array<TypeFields, 8>& typeFields() {
  static const std::array<TypeFields, 8> table = {{
      {"point", {}},
      {"segment", {"a", "b"}},
      {"circle", {"radius"}},
      {"aabb", {"min", "max"}},
      {"box", {"half_extents"}},
      {"capsule", {"a", "b", "radius"}},
      {"polygon", {"vertices", "hull"}},
      {"sector", {"radius", "half_angle"}},
  }};
  return table;
}

std::string typeList() {
  std::string list;
  for (const std::string_view name : collide::kShapeTypeNames) {
    if (!list.empty()) list += ", ";
    list += name;
  }
  return list;
}

void refuseUnknownKeys(const Json& shape, std::string_view field, const TypeFields& fields) {
  const bool placed = fields.type != "aabb";
  for (const auto& [key, value] : shape.items()) {
    if (key == "type") continue;
    if (placed && (key == "position" || key == "angle")) continue;
    if (std::find(fields.keys.begin(), fields.keys.end(), key) != fields.keys.end()) continue;
    if (!placed && (key == "position" || key == "angle")) {
      throw JsonFieldError(join(field, key) + ": an aabb has no " + key + " (its min and max are world coordinates)");
    }
    std::string known = placed ? "type, position, angle" : "type";
    for (const std::string_view name : fields.keys) known += ", " + std::string(name);
    throw JsonFieldError(join(field, key) + ": unknown field for a " + std::string(fields.type) + " (known: " + known +
                         ")");
  }
}

// [SECTION] Per-type readers

collide::Polygon<double> polygonFromJson(const Json& shape, std::string_view field) {
  const std::string verticesField = join(field, "vertices");
  const Json& list = required(shape, field, "vertices", "an array of [x, y] vertices");
  if (!list.is_array()) fail(verticesField, "an array of [x, y] vertices", list);
  bool hull = false;
  if (const auto it = shape.find("hull"); it != shape.end()) {
    if (!it->is_boolean()) fail(join(field, "hull"), "true or false", *it);
    hull = it->get<bool>();
  }
  std::vector<Vec2<double>> points;
  points.reserve(list.size());
  for (std::size_t i = 0; i < list.size(); ++i) {
    points.push_back(vecFromJson(list[i], verticesField + "[" + std::to_string(i) + "]"));
  }
  const collide::PolygonBuildResult<double> built = collide::makePolygon<double>(
      points, hull ? collide::PolygonBuild::Hull : collide::PolygonBuild::Validate);
  if (!built.polygon) throw JsonFieldError(verticesField + ": " + built.error);
  return *built.polygon;
}

collide::Shape<double> shapeFromJson(const Json& shape, std::string_view field, std::string_view type) {
  const auto vec = [&](std::string_view key) {
    return vecFromJson(required(shape, field, key, "[x, y], an array of two numbers"), join(field, key));
  };
  if (type == "point") return collide::Point<double>{};
  if (type == "segment") return collide::Segment<double>{vec("a"), vec("b")};
  if (type == "circle") {
    return collide::Circle<double>{{}, nonNegativeFromJson(required(shape, field, "radius", "a non-negative number"),
                                                           join(field, "radius"))};
  }
  if (type == "aabb") {
    const Vec2<double> min = vec("min");
    const Vec2<double> max = vec("max");
    if (!(max.x >= min.x && max.y >= min.y)) {
      throw JsonFieldError(join(field, "max") + ": expected max >= min in x and y, got " +
                           describeJsonValue(shape.at("max")) + " with min " + describeJsonValue(shape.at("min")));
    }
    return collide::Aabb<double>{min, max};
  }
  if (type == "box") {
    const std::string halfField = join(field, "half_extents");
    const Json& half = required(shape, field, "half_extents", "[hx, hy], two positive numbers");
    if (!half.is_array() || half.size() != 2) fail(halfField, "[hx, hy], two positive numbers", half);
    return collide::Box<double>{{positiveFromJson(half[0], halfField + "[0]"), positiveFromJson(half[1], halfField + "[1]")}};
  }
  if (type == "capsule") {
    const Vec2<double> a = vec("a");
    const Vec2<double> b = vec("b");
    return collide::Capsule<double>{
        a, b, nonNegativeFromJson(required(shape, field, "radius", "a non-negative number"), join(field, "radius"))};
  }
  if (type == "polygon") return polygonFromJson(shape, field);
  // sector
  const double radius = positiveFromJson(required(shape, field, "radius", "a positive number"), join(field, "radius"));
  const Json& halfAngleJson = required(shape, field, "half_angle", "an angle in (0, pi] radians");
  const double halfAngle = finiteNumberFromJson(halfAngleJson, join(field, "half_angle"));
  if (!(halfAngle > 0.0 && halfAngle <= std::numbers::pi)) {
    fail(join(field, "half_angle"), "an angle in (0, pi] radians", halfAngleJson);
  }
  return collide::Sector<double>{radius, halfAngle};
}

}  // namespace

// [SECTION] colliderFromJson

collide::Collider<double> colliderFromJson(const Json& shape, std::string_view field) {
  if (!shape.is_object()) fail(field, "a shape object {\"type\": ..., ...}", shape);
  const Json& typeJson = required(shape, field, "type", "one of " + typeList());
  if (!typeJson.is_string()) fail(join(field, "type"), "one of " + typeList(), typeJson);
  const std::string type = typeJson.get<std::string>();
  const auto& table = typeFields();
  const auto entry = std::find_if(table.begin(), table.end(), [&](const TypeFields& f) { return f.type == type; });
  if (entry == table.end()) fail(join(field, "type"), "one of " + typeList(), typeJson);
  refuseUnknownKeys(shape, field, *entry);

  collide::Collider<double> collider;
  collider.shape = shapeFromJson(shape, field, type);
  if (type != "aabb") {
    Vec2<double> position{};
    double angle = 0.0;
    if (const auto it = shape.find("position"); it != shape.end()) position = vecFromJson(*it, join(field, "position"));
    if (const auto it = shape.find("angle"); it != shape.end()) angle = finiteNumberFromJson(*it, join(field, "angle"));
    collider.transform = collide::Transform<double>::fromPose(position, angle);
  }
  return collider;
}

// [SECTION] colliderToJson

namespace {

Json vecToJson(Vec2<double> v) { return Json::array({v.x, v.y}); }

}  // namespace

Json colliderToJson(const collide::Collider<double>& collider) {
  const collide::Transform<double>& xf = collider.transform;
  Json out = Json::object();
  out["type"] = std::string(collide::shapeTypeName(collider.shape));
  // Points and circles carry a local centre the format does not have: fold it into the position.
  Vec2<double> position = xf.p;
  if (const auto* point = std::get_if<collide::Point<double>>(&collider.shape)) position = xf.apply(point->position);
  if (const auto* circle = std::get_if<collide::Circle<double>>(&collider.shape)) position = xf.apply(circle->center);
  if (!std::holds_alternative<collide::Aabb<double>>(collider.shape)) {
    out["position"] = vecToJson(position);
    out["angle"] = xf.q.angle();
  }
  std::visit(
      [&out](const auto& shape) {
        using T = std::decay_t<decltype(shape)>;
        if constexpr (std::is_same_v<T, collide::Segment<double>>) {
          out["a"] = vecToJson(shape.a);
          out["b"] = vecToJson(shape.b);
        } else if constexpr (std::is_same_v<T, collide::Circle<double>>) {
          out["radius"] = shape.radius;
        } else if constexpr (std::is_same_v<T, collide::Aabb<double>>) {
          out["min"] = vecToJson(shape.min);
          out["max"] = vecToJson(shape.max);
        } else if constexpr (std::is_same_v<T, collide::Box<double>>) {
          out["half_extents"] = vecToJson(shape.halfExtents);
        } else if constexpr (std::is_same_v<T, collide::Capsule<double>>) {
          out["a"] = vecToJson(shape.a);
          out["b"] = vecToJson(shape.b);
          out["radius"] = shape.radius;
        } else if constexpr (std::is_same_v<T, collide::Polygon<double>>) {
          Json vertices = Json::array();
          for (int i = 0; i < shape.count; ++i) vertices.push_back(vecToJson(shape.vertices[i]));
          out["vertices"] = std::move(vertices);
        } else if constexpr (std::is_same_v<T, collide::Sector<double>>) {
          out["radius"] = shape.radius;
          out["half_angle"] = shape.halfAngle;
        }
      },
      collider.shape);
  return out;
}

}  // namespace lab
