// app/io/scene.h: scene files, the JSON documents the app opens and saves and assets/scenes/ ships.
//
// A scene file (version 2):
//   {
//     "format": "collision-lab-scene", "version": 2,        required, exactly these
//     "title": "Two identical squares",                      optional strings, "" when absent (bounded lengths)
//     "lesson": "EPA must not start from a degenerate simplex",
//     "lesson_for": {"algorithm": ..., "shapes": [...], "lab_state": {...}},   optional: the scene the lesson was
//                                                            written for, when this one was edited from it (the
//                                                            app then shows the lesson dimmed, with what changed)
//     "lab": "Narrow phase",                                 the lab to open (its name, or an older name)
//     "algorithm": "epa",                                    the lab's algorithm; empty = the lab's default
//     "shapes": [                                            named shapes, in order
//       {"name": "A", SHAPE fields (io/shape_json.h),
//        "motion": {"velocity": [vx, vy], "angular_velocity": w}},   motion optional; both fields default to 0
//       ...],                                                 3D shapes (io/shape_json.h) have 3 numbers per point
//                                                             and a 3D motion [vx, vy, vz], [wx, wy, wz]; a
//                                                             scene's shapes are all 2D or all 3D
//     "view": {"center": [x, y], "zoom": pixels_per_unit},   optional camera; absent = fit to the scene
//        or, in 3D: {"target": [x, y, z], "yaw": deg, "pitch": deg, "distance": d, "projection": "perspective"}
//     "lab_state": {...}                                     optional object, kept as is for the lab
//   }
// Version 1 (exactly two shapes "a" and "b"; the Shapes lab kept more in lab_state.shapes) still loads, as
// shapes A, B, C, ...; saving always writes version 2.
// Unknown fields are refused. Messages name the file, the line and column for JSON syntax errors, the field
// otherwise, and what was expected:
//   "scenes/deep.json, line 7, column 3: JSON syntax error: ..."
//   "scenes/deep.json: shapes[1].radius: expected a non-negative number, got -1"
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "collide/shapes.h"
#include "collide/shapes3.h"
#include "io/shape_json.h"

namespace lab {

inline constexpr const char* kSceneFormat = "collision-lab-scene";
inline constexpr int kSceneVersion = 2;

// Strings a scene shows on screen are bounded: a 16 KB title would overflow ImGui's 16-bit vertex indices.
inline constexpr std::size_t kMaxSceneTitleBytes = 200;
inline constexpr std::size_t kMaxSceneLessonBytes = 1000;
inline constexpr std::size_t kMaxShapeNameBytes = 40;
inline constexpr std::size_t kMaxSceneShapes = 100000;

struct SceneView {
  collide::Vec2<double> center{};  // world point at the middle of the canvas
  double zoom = 1.0;               // pixels per world unit, > 0
};

// How a shape moves: world units and radians per second.
struct ShapeMotion {
  collide::Vec2<double> velocity{};
  double angularVelocity = 0;
  friend bool operator==(const ShapeMotion&, const ShapeMotion&) = default;
};

// A spatial view's camera (render/orbit_camera.h): angles in degrees in the file.
struct SceneView3 {
  collide::Vec3<double> target{};
  double yawDegrees = 0;
  double pitchDegrees = 0;
  double distance = 1;  // > 0
  bool orthographic = false;
};

// How a 3D shape moves: world units and radians per second (angular velocity: axis times rate).
struct ShapeMotion3 {
  collide::Vec3<double> velocity{};
  collide::Vec3<double> angularVelocity{};
  friend bool operator==(const ShapeMotion3&, const ShapeMotion3&) = default;
};

struct SceneShape3 {
  std::string name;
  collide::Collider3<double> collider;
  std::optional<ShapeMotion3> motion;
};

struct SceneShape {
  std::string name;  // unique in the scene, 1 to kMaxShapeNameBytes bytes
  collide::Collider<double> collider;
  std::optional<ShapeMotion> motion;
};

struct Scene {
  std::string title;
  std::string lesson;     // one line, shown in the app
  // The scene (a whole scene document) the lesson describes when it is not this one: an edited lesson scene saved
  // again keeps its lesson's scene, so the app can say the lesson no longer describes what is on screen.
  std::optional<Json> lessonFor;
  std::string lab;        // lab name; empty = the app's current lab
  std::string algorithm;  // the lab's algorithm name; empty = the lab's default
  std::vector<SceneShape> shapes;      // a planar scene's shapes
  std::vector<SceneShape3> shapes3;    // a spatial scene's shapes (a scene is one or the other, never both)
  std::optional<SceneView> view;
  std::optional<SceneView3> view3;
  Json labState = Json::object();  // opaque to this file; labs read and write their own keys
  // What was read as written but is likely not what was meant ("shapes[1].rotation: [0, 0, 0, 1] is read w first
  // ...", shape3Warnings); the app shows them when the file opens. Not written back.
  std::vector<std::string> warnings;
};

// "A", "B", ... "Z", then "S27", "S28", ...: the name a lab gives shape `index` when it has none of its own.
[[nodiscard]] std::string defaultShapeName(std::size_t index);

// The two shapes of a pair scene (the narrow-phase lab, `collision-lab trace`): false with `error` when the
// scene does not hold exactly two.
[[nodiscard]] bool scenePair(const Scene& scene, collide::Collider<double>& a, collide::Collider<double>& b,
                             std::string& error);
// A scene of two shapes named A and B.
void setScenePair(Scene& scene, const collide::Collider<double>& a, const collide::Collider<double>& b);
// The same for a 3D pair (the 3D narrow-phase lab); a scene of the other space is refused saying so.
[[nodiscard]] bool scenePair(const Scene& scene, collide::Collider3<double>& a, collide::Collider3<double>& b,
                             std::string& error);
void setScenePair(Scene& scene, const collide::Collider3<double>& a, const collide::Collider3<double>& b);
// The scene's pair as one line of `query`, or of `cast` when a shape moves: {"id": title, "a": SHAPE, "b": SHAPE}
// and then "motion_a" / "motion_b" for the shapes that have a motion; 2D or 3D as the scene is. How `trace` reads a
// scene file. Throws JsonFieldError naming "shapes" when the scene holds no pair (a mid-phase scene's meshes).
[[nodiscard]] Json scenePairLine(const Scene& scene);

// Reads a scene (io/text_io.h's readTextFile: regular files of at most kMaxSceneFileBytes). On failure returns
// nothing and sets `error`, a message that names the file; nothing else is touched, so a failed load leaves
// the caller's current scene as it was.
[[nodiscard]] std::optional<Scene> loadSceneFile(const std::filesystem::path& path, std::string& error);
// The same for a scene's text already in memory (the scenes built into the executable); `name` prefixes messages.
[[nodiscard]] std::optional<Scene> loadSceneText(std::string_view text, const std::string& name, std::string& error);

// Writes a scene to a temporary file beside `path`, then renames it over `path`: a failure (returns false and
// sets `error`) never truncates the old file.
[[nodiscard]] bool saveSceneFile(const std::filesystem::path& path, const Scene& scene, std::string& error);

// The JSON document of a scene (version 2), and back (throws JsonFieldError naming the field; reads both
// versions). For tests and the clipboard.
[[nodiscard]] Json sceneToJson(const Scene& scene);
[[nodiscard]] Scene sceneFromJson(const Json& document);

}  // namespace lab
