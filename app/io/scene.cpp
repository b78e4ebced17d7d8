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
#include <system_error>

#include "io/text_io.h"

namespace lab {

// [SECTION] Helpers

std::string defaultShapeName(std::size_t index) {
  if (index < 26) return std::string(1, static_cast<char>('A' + index));
  return "S" + std::to_string(index + 1);
}

bool scenePair(const Scene& scene, collide::Collider<double>& a, collide::Collider<double>& b, std::string& error) {
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
}

// [SECTION] Reading: version 2, and version 1 as a list of two shapes

namespace {

constexpr std::array<std::string_view, 9> kSceneKeys = {"format", "version", "title", "lesson", "lab",
                                                         "algorithm", "shapes", "view", "lab_state"};
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

SceneView viewFromJson(const Json& view) {
  if (!view.is_object()) {
    throw JsonFieldError("view: expected {\"center\": [x, y], \"zoom\": z}, got " + describeJsonValue(view));
  }
  SceneView out;
  for (const auto& [key, value] : view.items()) {
    if (key == "center") {
      if (!value.is_array() || value.size() != 2) {
        throw JsonFieldError("view.center: expected [x, y], an array of two numbers, got " + describeJsonValue(value));
      }
      out.center = {finiteNumberFromJson(value[0], "view.center[0]"), finiteNumberFromJson(value[1], "view.center[1]")};
    } else if (key == "zoom") {
      out.zoom = finiteNumberFromJson(value, "view.zoom");
      if (!(out.zoom > 0.0)) throw JsonFieldError("view.zoom: expected a positive number, got " + describeJsonValue(value));
    } else {
      throw JsonFieldError("view." + boundedText(key, 40) + ": unknown field (known: center, zoom)");
    }
  }
  return out;
}

ShapeMotion motionFromJson(const Json& motion, const std::string& field) {
  if (!motion.is_object()) {
    throw JsonFieldError(field + ": expected {\"velocity\": [vx, vy], \"angular_velocity\": w}, got " +
                         describeJsonValue(motion));
  }
  ShapeMotion out;
  for (const auto& [key, value] : motion.items()) {
    if (key == "velocity") {
      if (!value.is_array() || value.size() != 2) {
        throw JsonFieldError(field + ".velocity: expected [vx, vy], an array of two numbers, got " +
                             describeJsonValue(value));
      }
      out.velocity = {finiteNumberFromJson(value[0], field + ".velocity[0]"),
                      finiteNumberFromJson(value[1], field + ".velocity[1]")};
    } else if (key == "angular_velocity") {
      out.angularVelocity = finiteNumberFromJson(value, field + ".angular_velocity");
    } else {
      throw JsonFieldError(field + "." + boundedText(key, 40) + ": unknown field (known: velocity, angular_velocity)");
    }
  }
  return out;
}

// One entry of "shapes": the name and motion are the scene's, every other field the SHAPE's.
SceneShape sceneShapeFromJson(const Json& entry, const std::string& field) {
  if (!entry.is_object()) {
    throw JsonFieldError(field + ": expected a shape object {\"name\": ..., \"type\": ...}, got " +
                         describeJsonValue(entry));
  }
  SceneShape shape;
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
    shape.motion = motionFromJson(*motion, field + ".motion");
    fields.erase("motion");
  }
  shape.collider = colliderFromJson(fields, field);
  return shape;
}

std::vector<SceneShape> shapesFromJson(const Json& document) {
  const auto it = document.find("shapes");
  if (it == document.end()) throw JsonFieldError("shapes: missing; expected an array of shape objects");
  if (!it->is_array()) throw JsonFieldError("shapes: expected an array of shape objects, got " + describeJsonValue(*it));
  if (it->size() > kMaxSceneShapes) {
    throw JsonFieldError("shapes: " + std::to_string(it->size()) + " shapes, more than the " +
                         std::to_string(kMaxSceneShapes) + " a scene may have");
  }
  std::vector<SceneShape> shapes;
  shapes.reserve(it->size());
  for (std::size_t i = 0; i < it->size(); ++i) shapes.push_back(sceneShapeFromJson((*it)[i], "shapes[" + std::to_string(i) + "]"));
  // Names are unique: labs and people refer to shapes by them. Sorted copies find a repeat in n log n.
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
  return shapes;
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

}  // namespace

Scene sceneFromJson(const Json& document) {
  if (!document.is_object()) {
    throw JsonFieldError("expected a scene object {\"format\": \"" + std::string(kSceneFormat) + "\", ...}, got " +
                         describeJsonValue(document));
  }
  const auto format = document.find("format");
  if (format == document.end() || *format != kSceneFormat) {
    throw JsonFieldError(std::string("format: expected \"") + kSceneFormat + "\", got " +
                         (format == document.end() ? std::string("nothing") : describeJsonValue(*format)));
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
  scene.shapes = number == 2 ? shapesFromJson(document) : shapesFromJsonV1(document, scene.labState);
  if (const auto it = document.find("view"); it != document.end()) scene.view = viewFromJson(*it);
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
    if (shape.motion) {
      entry["motion"] = {{"velocity", {shape.motion->velocity.x, shape.motion->velocity.y}},
                         {"angular_velocity", shape.motion->angularVelocity}};
    }
    shapes.push_back(std::move(entry));
  }
  document["shapes"] = std::move(shapes);
  if (scene.view) {
    document["view"] = {{"center", {scene.view->center.x, scene.view->center.y}}, {"zoom", scene.view->zoom}};
  }
  if (!scene.labState.empty()) document["lab_state"] = scene.labState;
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
