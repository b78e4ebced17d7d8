// app/io/scene.cpp: scene files (format in scene.h).
//
// [SECTION] Helpers
// [SECTION] Reading: version 2, and version 1 as a list of two shapes
// [SECTION] Writing
// [SECTION] Files
#include "io/scene.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <cmath>
#include <system_error>
#include <type_traits>

#include "io/text_io.h"

namespace lab {

// [SECTION] Helpers

std::string defaultShapeName(std::size_t index) {
  if (index < 26) return std::string(1, static_cast<char>('A' + index));
  return "S" + std::to_string(index + 1);
}

bool scenePair(const Scene& scene, collide::Collider<double>& a, collide::Collider<double>& b, std::string& error) {
  if (!scene.shapes3.empty()) {
    error = "shapes: this scene's shapes are 3D; this lab works in the plane (open it in a 3D lab)";
    return false;
  }
  if (scene.shapes.size() != 2) {
    error = "shapes: expected exactly two shapes (a pair), got " + std::to_string(scene.shapes.size());
    return false;
  }
  a = scene.shapes[0].collider;
  b = scene.shapes[1].collider;
  return true;
}

void setScenePair(Scene& scene, const collide::Collider<double>& a, const collide::Collider<double>& b) {
  scene.shapes = {SceneShape{"A", a, std::nullopt}, SceneShape{"B", b, std::nullopt}};
  scene.shapes3.clear();
}

bool scenePair(const Scene& scene, collide::Collider3<double>& a, collide::Collider3<double>& b, std::string& error) {
  if (!scene.shapes.empty()) {
    error = "shapes: this scene's shapes are 2D; this lab works in space (open it in a 2D lab)";
    return false;
  }
  if (scene.shapes3.size() != 2) {
    error = "shapes: expected exactly two 3D shapes (a pair), got " + std::to_string(scene.shapes3.size());
    return false;
  }
  a = scene.shapes3[0].collider;
  b = scene.shapes3[1].collider;
  return true;
}

void setScenePair(Scene& scene, const collide::Collider3<double>& a, const collide::Collider3<double>& b) {
  scene.shapes3 = {SceneShape3{"A", a, std::nullopt}, SceneShape3{"B", b, std::nullopt}};
  scene.shapes.clear();
}

// [SECTION] Reading: version 2, and version 1 as a list of two shapes

namespace {

constexpr std::array<std::string_view, 10> kSceneKeys = {"format", "version", "title", "lesson", "lesson_for", "lab",
                                                          "algorithm", "shapes", "view", "lab_state"};
// What "lesson_for" holds of the scene the lesson was written for: what a lab saves (the rest is this scene's).
constexpr std::array<std::string_view, 3> kLessonForKeys = {"algorithm", "shapes", "lab_state"};
constexpr std::array<std::string_view, 10> kSceneKeysV1 = {"format", "version", "title", "lesson", "lab",
                                                            "algorithm", "a", "b", "view", "lab_state"};

template <std::size_t N>
void refuseUnknownKeys(const Json& object, const std::array<std::string_view, N>& known, const std::string& field) {
  for (const auto& [key, value] : object.items()) {
    if (std::find(known.begin(), known.end(), key) != known.end()) continue;
    std::string list;
    for (std::string_view name : known) list += (list.empty() ? "" : ", ") + std::string(name);
    throw JsonFieldError((field.empty() ? "" : field + ".") + boundedText(key, 40) + ": unknown field (known: " +
                         list + ")");
  }
}

std::string boundedString(const Json& document, const char* key, std::size_t maxBytes) {
  const auto it = document.find(key);
  if (it == document.end()) return {};
  if (!it->is_string()) throw JsonFieldError(std::string(key) + ": expected a string, got " + describeJsonValue(*it));
  const auto& text = it->get_ref<const std::string&>();
  if (text.size() > maxBytes) {
    throw JsonFieldError(std::string(key) + ": " + std::to_string(text.size()) + " bytes, longer than the " +
                         std::to_string(maxBytes) + " a scene's " + key + " may have");
  }
  return text;
}

// [x, y] or [x, y, z]: `field` names it in messages.
template <int N>
std::array<double, N> numbersFromJson(const Json& value, const std::string& field, const char* form) {
  if (!value.is_array() || value.size() != N) {
    throw JsonFieldError(field + ": expected " + form + ", an array of " + (N == 2 ? "two" : "three") + " numbers, got " +
                         describeJsonValue(value));
  }
  std::array<double, N> out{};
  for (int i = 0; i < N; ++i) out[i] = finiteNumberFromJson(value[i], field + "[" + std::to_string(i) + "]");
  return out;
}

collide::Vec2<double> vec2FromJson(const Json& value, const std::string& field, const char* form = "[x, y]") {
  const auto v = numbersFromJson<2>(value, field, form);
  return {v[0], v[1]};
}

collide::Vec3<double> vec3FromJson(const Json& value, const std::string& field, const char* form = "[x, y, z]") {
  const auto v = numbersFromJson<3>(value, field, form);
  return {v[0], v[1], v[2]};
}

// A planar view {"center", "zoom"} or a spatial one {"target", "yaw", "pitch", "distance", "projection"}: the
// keys say which.
void viewFromJson(const Json& view, Scene& scene) {
  constexpr const char* kForms =
      "{\"center\": [x, y], \"zoom\": z} or {\"target\": [x, y, z], \"yaw\": degrees, \"pitch\": degrees, "
      "\"distance\": d}";
  if (!view.is_object()) throw JsonFieldError(std::string("view: expected ") + kForms + ", got " + describeJsonValue(view));
  if (!view.contains("target")) {
    SceneView out;
    for (const auto& [key, value] : view.items()) {
      if (key == "center") {
        out.center = vec2FromJson(value, "view.center");
      } else if (key == "zoom") {
        out.zoom = finiteNumberFromJson(value, "view.zoom");
        if (!(out.zoom > 0.0)) throw JsonFieldError("view.zoom: expected a positive number, got " + describeJsonValue(value));
      } else {
        throw JsonFieldError("view." + boundedText(key, 40) +
                             ": unknown field (known: center, zoom; a 3D view has target, yaw, pitch, distance, projection)");
      }
    }
    scene.view = out;
    return;
  }
  SceneView3 out;
  for (const auto& [key, value] : view.items()) {
    if (key == "target") {
      out.target = vec3FromJson(value, "view.target");
    } else if (key == "yaw") {
      out.yawDegrees = finiteNumberFromJson(value, "view.yaw");
    } else if (key == "pitch") {
      out.pitchDegrees = finiteNumberFromJson(value, "view.pitch");
      if (!(std::abs(out.pitchDegrees) <= 89.0)) {
        throw JsonFieldError("view.pitch: expected degrees in [-89, 89], got " + describeJsonValue(value));
      }
    } else if (key == "distance") {
      out.distance = finiteNumberFromJson(value, "view.distance");
      if (!(out.distance > 0.0)) throw JsonFieldError("view.distance: expected a positive number, got " + describeJsonValue(value));
    } else if (key == "projection") {
      if (value != "perspective" && value != "orthographic") {
        throw JsonFieldError("view.projection: expected \"perspective\" or \"orthographic\", got " + describeJsonValue(value));
      }
      out.orthographic = value == "orthographic";
    } else {
      throw JsonFieldError("view." + boundedText(key, 40) + ": unknown field (known: target, yaw, pitch, distance, projection)");
    }
  }
  scene.view3 = out;
}

// {"velocity": [vx, vy], "angular_velocity": w} in the plane; in space both are [x, y, z].
template <class Motion>
Motion motionFromJson(const Json& motion, const std::string& field) {
  constexpr bool kSpatial = std::is_same_v<Motion, ShapeMotion3>;
  constexpr const char* kForm = kSpatial ? "{\"velocity\": [vx, vy, vz], \"angular_velocity\": [wx, wy, wz]}"
                                         : "{\"velocity\": [vx, vy], \"angular_velocity\": w}";
  if (!motion.is_object()) throw JsonFieldError(field + ": expected " + kForm + ", got " + describeJsonValue(motion));
  Motion out;
  for (const auto& [key, value] : motion.items()) {
    if (key == "velocity") {
      if constexpr (kSpatial) out.velocity = vec3FromJson(value, field + ".velocity", "[vx, vy, vz]");
      else out.velocity = vec2FromJson(value, field + ".velocity", "[vx, vy]");
    } else if (key == "angular_velocity") {
      if constexpr (kSpatial) out.angularVelocity = vec3FromJson(value, field + ".angular_velocity", "[wx, wy, wz]");
      else out.angularVelocity = finiteNumberFromJson(value, field + ".angular_velocity");
    } else {
      throw JsonFieldError(field + "." + boundedText(key, 40) + ": unknown field (known: velocity, angular_velocity)");
    }
  }
  return out;
}

// One entry of "shapes": the name and motion are the scene's, every other field the SHAPE's. Entry is SceneShape
// (the plane) or SceneShape3 (space).
template <class Entry>
Entry sceneShapeFromJson(const Json& entry, const std::string& field) {
  if (!entry.is_object()) {
    throw JsonFieldError(field + ": expected a shape object {\"name\": ..., \"type\": ...}, got " +
                         describeJsonValue(entry));
  }
  Entry shape;
  const auto name = entry.find("name");
  if (name == entry.end()) throw JsonFieldError(field + ".name: missing; expected the shape's name, e.g. \"A\"");
  if (!name->is_string() || name->get_ref<const std::string&>().empty() ||
      name->get_ref<const std::string&>().size() > kMaxShapeNameBytes) {
    throw JsonFieldError(field + ".name: expected a name of 1 to " + std::to_string(kMaxShapeNameBytes) +
                         " bytes, got " + describeJsonValue(*name));
  }
  shape.name = name->get<std::string>();
  Json fields = entry;
  fields.erase("name");
  if (const auto motion = entry.find("motion"); motion != entry.end()) {
    shape.motion = motionFromJson<typename decltype(shape.motion)::value_type>(*motion, field + ".motion");
    fields.erase("motion");
  }
  if constexpr (std::is_same_v<Entry, SceneShape3>) shape.collider = collider3FromJson(fields, field);
  else shape.collider = colliderFromJson(fields, field);
  return shape;
}

// Names are unique: labs and people refer to shapes by them. Sorted copies find a repeat in n log n.
template <class Entry>
void refuseRepeatedNames(const std::vector<Entry>& shapes) {
  std::vector<std::pair<std::string_view, std::size_t>> names;
  names.reserve(shapes.size());
  for (std::size_t i = 0; i < shapes.size(); ++i) names.emplace_back(shapes[i].name, i);
  std::sort(names.begin(), names.end());
  for (std::size_t i = 1; i < names.size(); ++i) {
    if (names[i].first != names[i - 1].first) continue;
    const std::size_t later = std::max(names[i].second, names[i - 1].second);
    const std::size_t earlier = std::min(names[i].second, names[i - 1].second);
    throw JsonFieldError("shapes[" + std::to_string(later) + "].name: \"" + std::string(names[i].first) +
                         "\" is already the name of shapes[" + std::to_string(earlier) + "]");
  }
}

// Fills scene.shapes or scene.shapes3: the first shape whose fields say 2D or 3D decides, and a shape of the other
// space is refused naming both.
void shapesFromJson(const Json& document, Scene& scene) {
  const auto it = document.find("shapes");
  if (it == document.end()) throw JsonFieldError("shapes: missing; expected an array of shape objects");
  if (!it->is_array()) throw JsonFieldError("shapes: expected an array of shape objects, got " + describeJsonValue(*it));
  if (it->size() > kMaxSceneShapes) {
    throw JsonFieldError("shapes: " + std::to_string(it->size()) + " shapes, more than the " +
                         std::to_string(kMaxSceneShapes) + " a scene may have");
  }
  int dimension = 0;
  std::size_t decidedBy = 0;
  std::string decidedReason;
  for (std::size_t i = 0; i < it->size(); ++i) {
    const ShapeDimension found = shapeDimension((*it)[i]);
    if (found.dimension == 0) continue;
    const std::string field = "shapes[" + std::to_string(i) + "]";
    if (dimension == 0) {
      dimension = found.dimension;
      decidedBy = i;
      decidedReason = found.field + " " + found.reason;
    } else if (found.dimension != dimension) {
      throw JsonFieldError(field + "." + found.field + ": " + found.reason + ", but shapes[" +
                           std::to_string(decidedBy) + "]." + decidedReason +
                           "; a scene's shapes are all 2D or all 3D");
    }
  }
  const bool spatial = dimension == 3;
  if (spatial) scene.shapes3.reserve(it->size());
  else scene.shapes.reserve(it->size());
  for (std::size_t i = 0; i < it->size(); ++i) {
    const std::string field = "shapes[" + std::to_string(i) + "]";
    if (spatial) {
      scene.shapes3.push_back(sceneShapeFromJson<SceneShape3>((*it)[i], field));
      for (std::string& warning : shape3Warnings((*it)[i], scene.shapes3.back().collider, field)) scene.warnings.push_back(std::move(warning));
    }
    else scene.shapes.push_back(sceneShapeFromJson<SceneShape>((*it)[i], field));
  }
  if (spatial) refuseRepeatedNames(scene.shapes3);
  else refuseRepeatedNames(scene.shapes);
}

// Version 1: "a" and "b"; the Shapes lab kept its further shapes in lab_state.shapes, and the broad-phase lab
// (then named "Sweep and prune") wrote two placeholder boxes and regenerated its objects from lab_state.
std::vector<SceneShape> shapesFromJsonV1(const Json& document, Json& labState) {
  std::vector<SceneShape> shapes;
  if (document.value("lab", std::string()) == "Sweep and prune") return shapes;
  for (const char* side : {"a", "b"}) {
    const auto it = document.find(side);
    if (it == document.end()) throw JsonFieldError(std::string(side) + ": missing; expected a shape object");
    shapes.push_back({defaultShapeName(shapes.size()), colliderFromJson(*it, side), std::nullopt});
  }
  if (const auto more = labState.find("shapes"); more != labState.end() && more->is_array()) {
    for (std::size_t i = 0; i < more->size(); ++i) {
      shapes.push_back({defaultShapeName(shapes.size()),
                        colliderFromJson((*more)[i], "lab_state.shapes[" + std::to_string(i) + "]"), std::nullopt});
    }
    labState.erase("shapes");
  }
  return shapes;
}

Json motionToJson(const ShapeMotion& motion) {
  return {{"velocity", {motion.velocity.x, motion.velocity.y}}, {"angular_velocity", motion.angularVelocity}};
}

Json motionToJson(const ShapeMotion3& motion) {
  return {{"velocity", {motion.velocity.x, motion.velocity.y, motion.velocity.z}},
          {"angular_velocity", {motion.angularVelocity.x, motion.angularVelocity.y, motion.angularVelocity.z}}};
}

}  // namespace

Json scenePairLine(const Scene& scene) {
  const auto line = [&scene](const auto& shapes) {
    if (shapes.size() != 2) {
      const std::string what = shapes.empty() && !scene.lab.empty() ? " (a \"" + scene.lab + "\" scene)" : "";
      throw JsonFieldError("shapes: expected exactly two shapes (a pair), got " + std::to_string(shapes.size()) + what);
    }
    Json out = {{"id", scene.title}, {"a", colliderToJson(shapes[0].collider)}, {"b", colliderToJson(shapes[1].collider)}};
    if (shapes[0].motion) out["motion_a"] = motionToJson(*shapes[0].motion);
    if (shapes[1].motion) out["motion_b"] = motionToJson(*shapes[1].motion);
    return out;
  };
  return scene.shapes3.empty() ? line(scene.shapes) : line(scene.shapes3);
}

Scene sceneFromJson(const Json& document) {
  if (!document.is_object()) {
    throw JsonFieldError("expected a scene object {\"format\": \"" + std::string(kSceneFormat) + "\", ...}, got " +
                         describeJsonValue(document));
  }
  const auto format = document.find("format");
  if (format == document.end() || *format != kSceneFormat) {
    // A line of `query` or `cast` ({"a", "b"}) is the other format a person has at hand: say where it goes.
    const std::string pairLine = format == document.end() && document.contains("a") && document.contains("b")
                                     ? " (this is a pair line of query, cast or trace: paste it into a lab with Ctrl+V)"
                                     : "";
    throw JsonFieldError(std::string("format: expected \"") + kSceneFormat + "\", got " +
                         (format == document.end() ? std::string("nothing") : describeJsonValue(*format)) + pairLine);
  }
  const auto version = document.find("version");
  const int number = version != document.end() && version->is_number_integer() ? version->get<int>() : 0;
  if (number != 1 && number != 2) {
    throw JsonFieldError("version: expected 2 (or 1, the older format), got " +
                         (version == document.end() ? std::string("nothing") : describeJsonValue(*version)));
  }
  if (number == 2) refuseUnknownKeys(document, kSceneKeys, "");
  else refuseUnknownKeys(document, kSceneKeysV1, "");

  Scene scene;
  scene.title = boundedString(document, "title", kMaxSceneTitleBytes);
  scene.lesson = boundedString(document, "lesson", kMaxSceneLessonBytes);
  scene.lab = boundedString(document, "lab", kMaxSceneTitleBytes);
  scene.algorithm = boundedString(document, "algorithm", kMaxSceneTitleBytes);
  if (const auto it = document.find("lab_state"); it != document.end()) {
    if (!it->is_object()) throw JsonFieldError("lab_state: expected an object, got " + describeJsonValue(*it));
    scene.labState = *it;
  }
  if (number == 2) shapesFromJson(document, scene);
  else scene.shapes = shapesFromJsonV1(document, scene.labState);
  if (const auto it = document.find("view"); it != document.end()) viewFromJson(*it, scene);
  if (const auto it = document.find("lesson_for"); it != document.end()) {
    if (!it->is_object()) throw JsonFieldError("lesson_for: expected an object {\"shapes\": [...], ...}, got " + describeJsonValue(*it));
    refuseUnknownKeys(*it, kLessonForKeys, "lesson_for");
    Json earlier = *it;
    earlier["format"] = kSceneFormat;
    earlier["version"] = kSceneVersion;
    try {
      (void)sceneFromJson(earlier);  // it must be a scene this lab can restore ("Back to the scene")
    } catch (const JsonFieldError& error) {
      throw JsonFieldError(std::string("lesson_for.") + error.what());
    }
    scene.lessonFor = std::move(earlier);
  }
  return scene;
}

// [SECTION] Writing

Json sceneToJson(const Scene& scene) {
  Json document = Json::object();
  document["format"] = kSceneFormat;
  document["version"] = kSceneVersion;
  document["title"] = scene.title;
  document["lesson"] = scene.lesson;
  if (!scene.lab.empty()) document["lab"] = scene.lab;
  if (!scene.algorithm.empty()) document["algorithm"] = scene.algorithm;
  Json shapes = Json::array();
  for (const SceneShape& shape : scene.shapes) {
    Json entry = {{"name", shape.name}};
    const Json fields = colliderToJson(shape.collider);  // named: items() must not outlive a temporary
    for (const auto& [key, value] : fields.items()) entry[key] = value;
    if (shape.motion) entry["motion"] = motionToJson(*shape.motion);
    shapes.push_back(std::move(entry));
  }
  for (const SceneShape3& shape : scene.shapes3) {
    Json entry = {{"name", shape.name}};
    const Json fields = colliderToJson(shape.collider);
    for (const auto& [key, value] : fields.items()) entry[key] = value;
    if (shape.motion) entry["motion"] = motionToJson(*shape.motion);
    shapes.push_back(std::move(entry));
  }
  document["shapes"] = std::move(shapes);
  if (scene.view) {
    document["view"] = {{"center", {scene.view->center.x, scene.view->center.y}}, {"zoom", scene.view->zoom}};
  } else if (scene.view3) {
    const SceneView3& view = *scene.view3;
    document["view"] = {{"target", {view.target.x, view.target.y, view.target.z}},
                        {"yaw", view.yawDegrees},
                        {"pitch", view.pitchDegrees},
                        {"distance", view.distance},
                        {"projection", view.orthographic ? "orthographic" : "perspective"}};
  }
  if (!scene.labState.empty()) document["lab_state"] = scene.labState;
  if (scene.lessonFor) {
    Json earlier = Json::object();
    for (const std::string_view key : kLessonForKeys) {
      if (const auto it = scene.lessonFor->find(key); it != scene.lessonFor->end()) earlier[std::string(key)] = *it;
    }
    document["lesson_for"] = std::move(earlier);
  }
  return document;
}

// [SECTION] Files

std::optional<Scene> loadSceneText(std::string_view text, const std::string& name, std::string& error) {
  Json document;
  try {
    document = parseJsonText(text);
  } catch (const JsonSyntaxError& syntaxError) {
    error = name + ", " + syntaxError.what();
    return std::nullopt;
  }
  try {
    return sceneFromJson(document);
  } catch (const JsonFieldError& fieldError) {
    error = name + ": " + fieldError.what();
    return std::nullopt;
  }
}

std::optional<Scene> loadSceneFile(const std::filesystem::path& path, std::string& error) {
  std::string text;
  try {
    text = readTextFile(path, kMaxSceneFileBytes);
  } catch (const FileError& fileError) {
    error = fileError.what();
    return std::nullopt;
  }
  return loadSceneText(text, path.string(), error);
}

bool saveSceneFile(const std::filesystem::path& path, const Scene& scene, std::string& error) {
  const std::string name = path.string();
  std::string text;
  try {
    text = dumpReadable(sceneToJson(scene)) + "\n";
  } catch (const Json::exception& jsonError) {  // e.g. a title that is not valid UTF-8
    error = name + ": cannot write the scene: " + jsonError.what();
    return false;
  }
  // Same directory, so the rename is atomic and never crosses file systems.
  std::filesystem::path temporary = path;
  temporary += ".saving";
  {
    std::ofstream file(temporary, std::ios::binary | std::ios::trunc);
    if (!file) {
      error = name + ": cannot create " + temporary.filename().string() + ": " + std::strerror(errno);
      return false;
    }
    file << text;
    file.flush();
    file.close();
    if (!file) {
      error = name + ": cannot write " + temporary.filename().string() + ": " + std::strerror(errno);
      std::error_code ignored;
      std::filesystem::remove(temporary, ignored);
      return false;
    }
  }
  std::error_code renameError;
  std::filesystem::rename(temporary, path, renameError);
  if (renameError) {
    error = name + ": cannot replace the file: " + renameError.message();
    std::error_code ignored;
    std::filesystem::remove(temporary, ignored);
    return false;
  }
  return true;
}

}  // namespace lab
