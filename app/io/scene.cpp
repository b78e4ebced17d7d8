// app/io/scene.cpp: scene files (format in scene.h).
//
// [SECTION] JSON document <-> Scene
// [SECTION] Files
#include "io/scene.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <system_error>

#include "collide/query.h"
#include "io/text_io.h"

namespace lab {

// [SECTION] JSON document <-> Scene

namespace {

constexpr std::array<std::string_view, 10> kSceneKeys = {"format", "version", "title", "lesson", "lab",
                                                          "algorithm", "a", "b", "view", "lab_state"};

std::string optionalString(const Json& document, const char* key) {
  const auto it = document.find(key);
  if (it == document.end()) return {};
  if (!it->is_string()) throw JsonFieldError(std::string(key) + ": expected a string, got " + describeJsonValue(*it));
  return it->get<std::string>();
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
      throw JsonFieldError("view." + key + ": unknown field (known: center, zoom)");
    }
  }
  return out;
}

}  // namespace

Scene sceneFromJson(const Json& document) {
  if (!document.is_object()) {
    throw JsonFieldError("expected a scene object {\"format\": \"" + std::string(kSceneFormat) + "\", ...}, got " +
                         describeJsonValue(document));
  }
  for (const auto& [key, value] : document.items()) {
    if (std::find(kSceneKeys.begin(), kSceneKeys.end(), key) == kSceneKeys.end()) {
      throw JsonFieldError(key + ": unknown field (known: format, version, title, lesson, lab, algorithm, a, b, view, "
                                 "lab_state)");
    }
  }
  const auto format = document.find("format");
  if (format == document.end() || *format != kSceneFormat) {
    throw JsonFieldError(std::string("format: expected \"") + kSceneFormat + "\", got " +
                         (format == document.end() ? std::string("nothing") : describeJsonValue(*format)));
  }
  const auto version = document.find("version");
  if (version == document.end() || !version->is_number_integer() || version->get<int>() != kSceneVersion) {
    throw JsonFieldError("version: expected " + std::to_string(kSceneVersion) + ", got " +
                         (version == document.end() ? std::string("nothing") : describeJsonValue(*version)));
  }

  Scene scene;
  scene.title = optionalString(document, "title");
  scene.lesson = optionalString(document, "lesson");
  scene.lab = optionalString(document, "lab");
  scene.algorithm = optionalString(document, "algorithm");
  if (!scene.algorithm.empty() && !collide::parseAlgorithm(scene.algorithm)) {
    throw JsonFieldError("algorithm: expected one of " + collide::algorithmNameList() + ", got \"" + scene.algorithm +
                         "\"");
  }
  for (const char* side : {"a", "b"}) {
    const auto it = document.find(side);
    if (it == document.end()) throw JsonFieldError(std::string(side) + ": missing; expected a shape object");
    (side[0] == 'a' ? scene.a : scene.b) = colliderFromJson(*it, side);
  }
  if (const auto it = document.find("view"); it != document.end()) scene.view = viewFromJson(*it);
  if (const auto it = document.find("lab_state"); it != document.end()) {
    if (!it->is_object()) throw JsonFieldError("lab_state: expected an object, got " + describeJsonValue(*it));
    scene.labState = *it;
  }
  return scene;
}

Json sceneToJson(const Scene& scene) {
  Json document = Json::object();
  document["format"] = kSceneFormat;
  document["version"] = kSceneVersion;
  document["title"] = scene.title;
  document["lesson"] = scene.lesson;
  if (!scene.lab.empty()) document["lab"] = scene.lab;
  if (!scene.algorithm.empty()) document["algorithm"] = scene.algorithm;
  document["a"] = colliderToJson(scene.a);
  document["b"] = colliderToJson(scene.b);
  if (scene.view) {
    document["view"] = {{"center", {scene.view->center.x, scene.view->center.y}}, {"zoom", scene.view->zoom}};
  }
  if (!scene.labState.empty()) document["lab_state"] = scene.labState;
  return document;
}

// [SECTION] Files

std::optional<Scene> loadSceneFile(const std::filesystem::path& path, std::string& error) {
  const std::string name = path.string();
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    error = name + ": cannot open: " + std::strerror(errno);
    return std::nullopt;
  }
  const std::string text{std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
  if (file.bad()) {
    error = name + ": cannot read: " + std::strerror(errno);
    return std::nullopt;
  }
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
    if (!file) {
      error = name + ": cannot write " + temporary.filename().string() + ": " + std::strerror(errno);
      file.close();
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
