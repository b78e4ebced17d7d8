// app/io/scene.h: scene files, the JSON documents the app opens and saves and assets/scenes/ ships.
//
// A scene file:
//   {
//     "format": "collision-lab-scene", "version": 1,       required, exactly these
//     "title": "Two identical squares",                      optional strings, "" when absent
//     "lesson": "EPA must not start from a degenerate simplex",
//     "lab": "GJK",                                          the lab to open (the name it registers)
//     "algorithm": "epa",                                    gjk, distance, epa, sat or analytic
//     "a": SHAPE, "b": SHAPE,                                required, the format of io/shape_json.h
//     "view": {"center": [x, y], "zoom": pixels_per_unit},   optional camera; absent = fit to the scene
//     "lab_state": {...}                                     optional object, kept as is for the lab
//   }
// Unknown top-level fields are refused. Messages name the file, the line and column for JSON syntax errors,
// the field otherwise, and what was expected:
//   "scenes/deep.json, line 7, column 3: JSON syntax error: ..."
//   "scenes/deep.json: b.radius: expected a non-negative number, got -1"
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "collide/shapes.h"
#include "io/shape_json.h"

namespace lab {

inline constexpr const char* kSceneFormat = "collision-lab-scene";
inline constexpr int kSceneVersion = 1;

struct SceneView {
  collide::Vec2<double> center{};  // world point at the middle of the canvas
  double zoom = 1.0;               // pixels per world unit, > 0
};

struct Scene {
  std::string title;
  std::string lesson;     // one line, shown in the app
  std::string lab;        // lab name; empty = the app's current lab
  std::string algorithm;  // an algorithm name of collide/query.h; empty = the lab's default
  collide::Collider<double> a;
  collide::Collider<double> b;
  std::optional<SceneView> view;
  Json labState = Json::object();  // opaque to this file; labs read and write their own keys
};

// Reads a scene. On failure returns nothing and sets `error`; nothing else is touched, so a failed load
// leaves the caller's current scene as it was.
[[nodiscard]] std::optional<Scene> loadSceneFile(const std::filesystem::path& path, std::string& error);

// Writes a scene to a temporary file beside `path`, then renames it over `path`: a failure (returns false and
// sets `error`) never truncates the old file.
[[nodiscard]] bool saveSceneFile(const std::filesystem::path& path, const Scene& scene, std::string& error);

// The JSON document of a scene, and back (throws JsonFieldError naming the field). For tests and the clipboard.
[[nodiscard]] Json sceneToJson(const Scene& scene);
[[nodiscard]] Scene sceneFromJson(const Json& document);

}  // namespace lab
