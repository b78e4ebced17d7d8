// app/io/shape_json.cpp: SHAPE <-> Collider<double>. The format is documented in shape_json.h.
//
// [SECTION] Reading helpers
// [SECTION] Per-type readers
// [SECTION] colliderFromJson
// [SECTION] colliderToJson
// [SECTION] Dimension: which space a SHAPE's fields put it in
// [SECTION] 3D: per-type readers, collider3FromJson, colliderToJson
#include "io/shape_json.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numbers>
#include <vector>

#include "collide/hull3.h"
#include "collide/polygon.h"
#include "io/text_io.h"

namespace lab {

using collide::Vec2;
using collide::Vec3;

// [SECTION] Reading helpers

std::string describeJsonValue(const Json& value) {
  return boundedText(value.dump(-1, ' ', false, Json::error_handler_t::replace));
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
    if (placed && key == "rotation") {
      throw JsonFieldError(join(field, key) + ": a 2D shape is turned by \"angle\": radians");
    }
    std::string known = placed ? "type, position, angle" : "type";
    for (const std::string_view name : fields.keys) known += ", " + std::string(name);
    throw JsonFieldError(join(field, boundedText(key)) + ": unknown field for a " + std::string(fields.type) + " (known: " + known +
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
  if (!built.polygon) {
    // Order, repeats and dents are what a hull build mends: say so when it would succeed on these points.
    const bool hullWouldDo = !hull && collide::makePolygon<double>(points, collide::PolygonBuild::Hull).polygon;
    throw JsonFieldError(verticesField + ": " + built.error +
                         (hullWouldDo ? "; \"hull\": true would take the points' convex hull instead" : ""));
  }
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

// [SECTION] Dimension: which space a SHAPE's fields put it in

namespace {

// The vector fields whose length says 2D or 3D, in the order they are looked at.
constexpr std::array<std::string_view, 7> kVectorKeys = {"position", "a", "b", "c", "min", "max", "half_extents"};
constexpr std::array<std::string_view, 3> kPlaneTypes = {"circle", "polygon", "sector"};
constexpr std::array<std::string_view, 5> kSpaceTypes = {"sphere", "triangle", "cylinder", "hull", "mesh"};

template <std::size_t N>
bool listed(const std::array<std::string_view, N>& names, std::string_view name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

}  // namespace

ShapeDimension shapeDimension(const Json& shape) {
  if (!shape.is_object()) return {};
  if (const auto it = shape.find("type"); it != shape.end() && it->is_string()) {
    const std::string type = it->get<std::string>();
    if (listed(kPlaneTypes, type)) return {2, "type", "is \"" + type + "\", a 2D shape"};
    if (listed(kSpaceTypes, type)) return {3, "type", "is \"" + type + "\", a 3D shape"};
  }
  // The vectors before "angle" and "rotation": a box with 3 half extents and an "angle" is a 3D box turned the 2D
  // way, and its reader says so at the angle (the other shape of the pair is not to blame).
  for (const std::string_view key : kVectorKeys) {
    const auto it = shape.find(key);
    if (it == shape.end() || !it->is_array()) continue;
    if (it->size() == 2) return {2, std::string(key), "has 2 numbers, so it is a 2D shape"};
    if (it->size() == 3) return {3, std::string(key), "has 3 numbers, so it is a 3D shape"};
  }
  if (shape.contains("angle")) return {2, "angle", "is given, so it is a 2D shape"};
  if (shape.contains("rotation")) return {3, "rotation", "is given, so it is a 3D shape"};
  return {};
}

// [SECTION] 3D: per-type readers, collider3FromJson, colliderToJson

namespace {

Vec3<double> vec3FromJson(const Json& value, std::string_view field) {
  if (!value.is_array() || value.size() != 3) fail(field, "[x, y, z], an array of three numbers", value);
  return {finiteNumberFromJson(value[0], std::string(field) + "[0]"),
          finiteNumberFromJson(value[1], std::string(field) + "[1]"),
          finiteNumberFromJson(value[2], std::string(field) + "[2]")};
}

std::vector<Vec3<double>> pointListFromJson(const Json& shape, std::string_view field, std::string_view key) {
  const std::string listField = join(field, key);
  const Json& list = required(shape, field, key, "an array of [x, y, z] points");
  if (!list.is_array()) fail(listField, "an array of [x, y, z] points", list);
  std::vector<Vec3<double>> points;
  points.reserve(list.size());
  for (std::size_t i = 0; i < list.size(); ++i) {
    points.push_back(vec3FromJson(list[i], listField + "[" + std::to_string(i) + "]"));
  }
  return points;
}

const std::array<TypeFields, 10>& type3Fields() {
  static const std::array<TypeFields, 10> table = {{
      {"point", {}},
      {"segment", {"a", "b"}},
      {"triangle", {"a", "b", "c"}},
      {"sphere", {"radius"}},
      {"aabb", {"min", "max"}},
      {"box", {"half_extents"}},
      {"capsule", {"a", "b", "radius"}},
      {"cylinder", {"half_height", "radius"}},
      {"hull", {"points", "as_given"}},
      {"mesh", {"vertices", "triangles"}},
  }};
  return table;
}

std::string type3List() {
  std::string list;
  for (const std::string_view name : collide::kShape3TypeNames) {
    if (!list.empty()) list += ", ";
    list += name;
  }
  return list;
}

void refuseUnknown3Keys(const Json& shape, std::string_view field, const TypeFields& fields) {
  const bool placed = fields.type != "aabb";
  for (const auto& [key, value] : shape.items()) {
    if (key == "type") continue;
    if (placed && (key == "position" || key == "rotation")) continue;
    if (std::find(fields.keys.begin(), fields.keys.end(), key) != fields.keys.end()) continue;
    if (key == "angle") {
      throw JsonFieldError(join(field, key) + ": a 3D shape is turned by \"rotation\": [w, x, y, z], a unit quaternion");
    }
    if (!placed && (key == "position" || key == "rotation")) {
      throw JsonFieldError(join(field, key) + ": an aabb has no " + key + " (its min and max are world coordinates)");
    }
    std::string known = placed ? "type, position, rotation" : "type";
    for (const std::string_view name : fields.keys) known += ", " + std::string(name);
    // A field of the 2D format on a 3D-only type: most likely a 2D shape under its 3D name.
    const bool planeKey = std::any_of(typeFields().begin(), typeFields().end(), [&key](const TypeFields& f) {
      return std::find(f.keys.begin(), f.keys.end(), key) != f.keys.end();
    });
    throw JsonFieldError(join(field, boundedText(key)) + ": unknown field for a 3D " + std::string(fields.type) +
                         " (known: " + known + ")" +
                         (planeKey ? "; in 2D a triangle is a polygon and a sphere is a circle" : ""));
  }
}

collide::Hull<double> hullFromJson(const Json& shape, std::string_view field) {
  const std::vector<Vec3<double>> points = pointListFromJson(shape, field, "points");
  bool asGiven = false;
  if (const auto it = shape.find("as_given"); it != shape.end()) {
    if (!it->is_boolean()) fail(join(field, "as_given"), "true or false", *it);
    asGiven = it->get<bool>();
  }
  collide::HullBuildResult<double> built =
      collide::makeHull<double>(points, asGiven ? collide::HullBuild::Validate : collide::HullBuild::Quickhull);
  if (!built.hull) {
    // A duplicate is what Quickhull would have dropped: say so, as a polygon's refusal names "hull": true.
    const bool duplicate = asGiven && built.error.find(" duplicates ") != std::string::npos;
    throw JsonFieldError(join(field, "points") + ": " + built.error + (duplicate ? "; without \"as_given\", Quickhull drops it" : ""));
  }
  return std::move(*built.hull);
}

collide::Mesh<double> meshFromJson(const Json& shape, std::string_view field) {
  collide::Mesh<double> mesh;
  mesh.vertices = pointListFromJson(shape, field, "vertices");
  const std::string trianglesField = join(field, "triangles");
  const Json& list = required(shape, field, "triangles", "an array of [i, j, k] vertex indices");
  if (!list.is_array() || list.empty()) fail(trianglesField, "a non-empty array of [i, j, k] vertex indices", list);
  for (std::size_t t = 0; t < list.size(); ++t) {
    const std::string triangleField = trianglesField + "[" + std::to_string(t) + "]";
    const Json& triangle = list[t];
    if (!triangle.is_array() || triangle.size() != 3) fail(triangleField, "[i, j, k], three vertex indices", triangle);
    std::array<int, 3> indices{};
    for (int k = 0; k < 3; ++k) {
      const Json& index = triangle[static_cast<std::size_t>(k)];
      if (!index.is_number_integer() || index.get<std::int64_t>() < 0 ||
          index.get<std::int64_t>() >= static_cast<std::int64_t>(mesh.vertices.size())) {
        fail(triangleField + "[" + std::to_string(k) + "]",
             "a vertex index from 0 to " + std::to_string(static_cast<long long>(mesh.vertices.size()) - 1), index);
      }
      indices[static_cast<std::size_t>(k)] = static_cast<int>(index.get<std::int64_t>());
    }
    mesh.triangles.push_back(indices);
  }
  return mesh;
}

collide::Shape3<double> shape3FromJson(const Json& shape, std::string_view field, std::string_view type) {
  const auto vec = [&](std::string_view key) {
    return vec3FromJson(required(shape, field, key, "[x, y, z], an array of three numbers"), join(field, key));
  };
  const auto radius = [&] {
    return nonNegativeFromJson(required(shape, field, "radius", "a non-negative number"), join(field, "radius"));
  };
  if (type == "point") return collide::Point3<double>{};
  if (type == "segment") return collide::Segment3<double>{vec("a"), vec("b")};
  if (type == "triangle") return collide::Triangle3<double>{vec("a"), vec("b"), vec("c")};
  if (type == "sphere") return collide::Sphere<double>{{}, radius()};
  if (type == "aabb") {
    const Vec3<double> min = vec("min");
    const Vec3<double> max = vec("max");
    if (!(max.x >= min.x && max.y >= min.y && max.z >= min.z)) {
      throw JsonFieldError(join(field, "max") + ": expected max >= min in x, y and z, got " +
                           describeJsonValue(shape.at("max")) + " with min " + describeJsonValue(shape.at("min")));
    }
    return collide::Aabb3<double>{min, max};
  }
  if (type == "box") {
    const std::string halfField = join(field, "half_extents");
    const Json& half = required(shape, field, "half_extents", "[hx, hy, hz], three positive numbers");
    if (!half.is_array() || half.size() != 3) fail(halfField, "[hx, hy, hz], three positive numbers", half);
    return collide::Box3<double>{{positiveFromJson(half[0], halfField + "[0]"),
                                  positiveFromJson(half[1], halfField + "[1]"),
                                  positiveFromJson(half[2], halfField + "[2]")}};
  }
  if (type == "capsule") {
    const Vec3<double> a = vec("a");
    const Vec3<double> b = vec("b");
    return collide::Capsule3<double>{a, b, radius()};
  }
  if (type == "cylinder") {
    const double halfHeight =
        positiveFromJson(required(shape, field, "half_height", "a positive number"), join(field, "half_height"));
    return collide::Cylinder<double>{halfHeight, radius()};
  }
  if (type == "hull") return hullFromJson(shape, field);
  return meshFromJson(shape, field);
}

// [w, x, y, z], normalised; zero or non-finite refused.
collide::Quat<double> rotationFromJson(const Json& value, std::string_view field) {
  if (!value.is_array() || value.size() != 4) fail(field, "[w, x, y, z], a unit quaternion", value);
  const double w = finiteNumberFromJson(value[0], std::string(field) + "[0]");
  const double x = finiteNumberFromJson(value[1], std::string(field) + "[1]");
  const double y = finiteNumberFromJson(value[2], std::string(field) + "[2]");
  const double z = finiteNumberFromJson(value[3], std::string(field) + "[3]");
  const double norm = std::sqrt(w * w + x * x + y * y + z * z);
  if (!(norm > 0.0) || !std::isfinite(norm)) fail(field, "[w, x, y, z], a non-zero quaternion", value);
  // Unit to rounding already (what saving writes): kept bit for bit, so a saved scene reads back as it was.
  if (std::abs(norm - 1.0) <= 4 * std::numeric_limits<double>::epsilon()) return {x, y, z, w};
  return {x / norm, y / norm, z / norm, w / norm};
}

Json vec3ToJson(Vec3<double> v) { return Json::array({v.x, v.y, v.z}); }

}  // namespace

collide::Collider3<double> collider3FromJson(const Json& shape, std::string_view field) {
  if (!shape.is_object()) fail(field, "a shape object {\"type\": ..., ...}", shape);
  const Json& typeJson = required(shape, field, "type", "one of " + type3List());
  if (!typeJson.is_string()) fail(join(field, "type"), "one of " + type3List(), typeJson);
  const std::string type = typeJson.get<std::string>();
  const auto& table = type3Fields();
  const auto entry = std::find_if(table.begin(), table.end(), [&](const TypeFields& f) { return f.type == type; });
  if (entry == table.end()) fail(join(field, "type"), "one of " + type3List() + " (in 3D)", typeJson);
  refuseUnknown3Keys(shape, field, *entry);

  collide::Collider3<double> collider;
  collider.shape = shape3FromJson(shape, field, type);
  if (type != "aabb") {
    if (const auto it = shape.find("position"); it != shape.end()) collider.transform.p = vec3FromJson(*it, join(field, "position"));
    if (const auto it = shape.find("rotation"); it != shape.end()) collider.transform.q = rotationFromJson(*it, join(field, "rotation"));
  }
  return collider;
}

std::vector<std::string> shape3Warnings(const Json& shape, const collide::Collider3<double>& collider, std::string_view field) {
  std::vector<std::string> warnings;
  if (const auto it = shape.find("rotation"); it != shape.end() && it->is_array() && it->size() == 4) {
    const Json& q = *it;
    if (q[0] == 0 && q[1] == 0 && q[2] == 0 && (q[3] == 1 || q[3] == -1)) {
      warnings.push_back(std::string(field) + ".rotation: [0, 0, 0, " + (q[3] == 1 ? "1" : "-1") +
                         "] is read w first, [w, x, y, z]: a half turn about z. If it came from an engine that writes x, y, z, w "
                         "(Unity, Bullet, Jolt, Eigen's coeffs()), it meant no rotation, which is [1, 0, 0, 0] here");
    }
  }
  if (const auto* hull = std::get_if<collide::Hull<double>>(&collider.shape); hull && !hull->givenPoints.empty())
    warnings.push_back(std::string(field) + ".points: " + hullDroppedPoints(*hull));
  return warnings;
}

std::string hullDroppedPoints(const collide::Hull<double>& hull) {
  if (hull.givenPoints.empty()) return {};
  return collide::makeHull<double>(hull.givenPoints).dropped;
}

Json colliderToJson(const collide::Collider3<double>& collider) {
  const collide::Transform3<double>& xf = collider.transform;
  Json out = Json::object();
  out["type"] = std::string(collide::shapeTypeName(collider.shape));
  // Points and spheres carry a local centre the format does not have: fold it into the position.
  Vec3<double> position = xf.p;
  if (const auto* point = std::get_if<collide::Point3<double>>(&collider.shape)) position = xf.apply(point->position);
  if (const auto* sphere = std::get_if<collide::Sphere<double>>(&collider.shape)) position = xf.apply(sphere->center);
  if (collide::isPlaced(collider.shape)) {
    out["position"] = vec3ToJson(position);
    out["rotation"] = Json::array({xf.q.w, xf.q.x, xf.q.y, xf.q.z});
  }
  const auto points = [](const std::vector<Vec3<double>>& list) {
    Json array = Json::array();
    for (const Vec3<double>& p : list) array.push_back(vec3ToJson(p));
    return array;
  };
  std::visit(
      [&](const auto& shape) {
        using T = std::decay_t<decltype(shape)>;
        if constexpr (std::is_same_v<T, collide::Segment3<double>>) {
          out["a"] = vec3ToJson(shape.a);
          out["b"] = vec3ToJson(shape.b);
        } else if constexpr (std::is_same_v<T, collide::Triangle3<double>>) {
          out["a"] = vec3ToJson(shape.a);
          out["b"] = vec3ToJson(shape.b);
          out["c"] = vec3ToJson(shape.c);
        } else if constexpr (std::is_same_v<T, collide::Sphere<double>>) {
          out["radius"] = shape.radius;
        } else if constexpr (std::is_same_v<T, collide::Aabb3<double>>) {
          out["min"] = vec3ToJson(shape.min);
          out["max"] = vec3ToJson(shape.max);
        } else if constexpr (std::is_same_v<T, collide::Box3<double>>) {
          out["half_extents"] = vec3ToJson(shape.halfExtents);
        } else if constexpr (std::is_same_v<T, collide::Capsule3<double>>) {
          out["a"] = vec3ToJson(shape.a);
          out["b"] = vec3ToJson(shape.b);
          out["radius"] = shape.radius;
        } else if constexpr (std::is_same_v<T, collide::Cylinder<double>>) {
          out["half_height"] = shape.halfHeight;
          out["radius"] = shape.radius;
        } else if constexpr (std::is_same_v<T, collide::Hull<double>>) {
          // The points as given when Quickhull dropped some (they build the same hull again), else its vertices.
          out["points"] = points(shape.givenPoints.empty() ? shape.vertices : shape.givenPoints);
        } else if constexpr (std::is_same_v<T, collide::Mesh<double>>) {
          out["vertices"] = points(shape.vertices);
          Json triangles = Json::array();
          for (const std::array<int, 3>& t : shape.triangles) triangles.push_back(Json::array({t[0], t[1], t[2]}));
          out["triangles"] = std::move(triangles);
        }
      },
      collider.shape);
  return out;
}

}  // namespace lab
