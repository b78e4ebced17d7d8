// app/io: the SHAPE format both ways, its error messages, scene files (load, save, failures), and every curated
// scene in assets/scenes loaded and run through every algorithm that takes it.
//
// [SECTION] Shapes: round trip
// [SECTION] JSON text: UTF-8, depth, echoed text
// [SECTION] Shapes: error messages
// [SECTION] Scene files
// [SECTION] The curated scenes
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <numbers>
#include <sstream>

#include "collide/query.h"
#include "io/scene.h"
#include "io/shape_json.h"
#include "io/text_io.h"

namespace lab {
namespace {

namespace fs = std::filesystem;
using collide::Algorithm;
using collide::Collider;
using collide::Vec2;

// [SECTION] Shapes: round trip

// Same keys in the same order, numbers within rounding (an angle goes through cos and sin and back).
void expectJsonNear(const Json& expected, const Json& actual, const std::string& path) {
  if (expected.is_number() && actual.is_number()) {
    EXPECT_NEAR(expected.get<double>(), actual.get<double>(), 1e-15) << path;
  } else if (expected.is_object() && actual.is_object()) {
    ASSERT_EQ(expected.size(), actual.size()) << path;
    for (auto e = expected.begin(), a = actual.begin(); e != expected.end(); ++e, ++a) {
      EXPECT_EQ(e.key(), a.key()) << path;
      expectJsonNear(e.value(), a.value(), path + "." + e.key());
    }
  } else if (expected.is_array() && actual.is_array()) {
    ASSERT_EQ(expected.size(), actual.size()) << path;
    for (std::size_t i = 0; i < expected.size(); ++i) expectJsonNear(expected[i], actual[i], path + "[" + std::to_string(i) + "]");
  } else {
    EXPECT_EQ(expected, actual) << path;
  }
}

std::string shapeError(const Json& shape) {
  try {
    (void)colliderFromJson(shape, "b");
  } catch (const JsonFieldError& error) {
    return error.what();
  }
  return "no error";
}

std::string shapeError(const char* text) { return shapeError(Json::parse(text)); }

TEST(ShapeJson, EveryTypeRoundTrips) {
  const char* shapes[] = {
      R"({"type": "point", "position": [1.5, -2], "angle": 0.25})",
      R"({"type": "segment", "position": [0, 1], "angle": -1, "a": [-1, 0.5], "b": [2, 0]})",
      R"({"type": "circle", "position": [3, 4], "angle": 0, "radius": 0.75})",
      R"({"type": "aabb", "min": [-1, -2], "max": [3, 0.5]})",
      R"({"type": "box", "position": [0.1, 0.2], "angle": 2.5, "half_extents": [1, 0.25]})",
      R"({"type": "capsule", "position": [7, 7], "angle": 0.3, "a": [-1, 0], "b": [1, 0], "radius": 0.5})",
      R"({"type": "polygon", "position": [1, 1], "angle": -0.7, "vertices": [[0, 0], [2, 0], [2, 1], [0, 1]]})",
      R"({"type": "sector", "position": [-3, 2], "angle": 1.1, "radius": 2, "half_angle": 2.5})",
  };
  for (const char* text : shapes) {
    SCOPED_TRACE(text);
    const Json original = Json::parse(text);
    const Collider<double> collider = colliderFromJson(original, "a");
    const Json written = colliderToJson(collider);
    const Collider<double> again = colliderFromJson(written, "a");
    expectJsonNear(original, written, "a");
    EXPECT_EQ(again.shape.index(), collider.shape.index());
    EXPECT_NEAR(again.transform.q.angle(), collider.transform.q.angle(), 1e-15);
    EXPECT_EQ(again.transform.p, collider.transform.p);
    const auto queried = collide::runQuery(Algorithm::Analytic, collider, Collider<double>{collide::Point<double>{}, {}});
    const auto queriedAgain = collide::runQuery(Algorithm::Analytic, again, Collider<double>{collide::Point<double>{}, {}});
    EXPECT_EQ(queried.ok, queriedAgain.ok);
    if (queried.ok) {
      EXPECT_NEAR(queried.distance.value_or(0), queriedAgain.distance.value_or(0), 1e-12);
    }
  }
}

TEST(ShapeJson, DefaultsAndHull) {
  const Collider<double> circle = colliderFromJson(Json::parse(R"({"type": "circle", "radius": 1})"), "a");
  EXPECT_EQ(circle.transform.p, (Vec2<double>{0, 0}));
  EXPECT_EQ(circle.transform.q.s, 0.0);
  // The hull drops the inner point and the collinear one.
  const Collider<double> hull = colliderFromJson(
      Json::parse(R"({"type": "polygon", "hull": true, "vertices": [[0, 0], [1, 0], [2, 0], [2, 2], [1, 1], [0, 2]]})"),
      "a");
  EXPECT_EQ(std::get<collide::Polygon<double>>(hull.shape).count, 4);
}

// [SECTION] JSON text: UTF-8, depth, echoed text

// Whether `text` is well-formed UTF-8 (the same rule as the parser's), checked independently of text_io.
bool isUtf8(const std::string& text) {
  try {
    (void)Json(text).dump();
    return true;
  } catch (const Json::exception&) {
    return false;
  }
}

std::string syntaxError(std::string_view text, int firstLine = 1) {
  try {
    (void)parseJsonText(text, firstLine);
  } catch (const JsonSyntaxError& error) {
    return error.what();
  }
  return "no error";
}

TEST(JsonText, BytesThatAreNotUtf8AreNamedByLineColumnAndField) {
  EXPECT_EQ(syntaxError("\xff", 2), "line 2, column 1: not UTF-8 text (byte 0xFF)");
  EXPECT_EQ(syntaxError("{\"a\": {\"type\": \"po\xffint\"}}", 7),
            "line 7, column 19: a.type: not UTF-8 text (byte 0xFF)");
  EXPECT_EQ(syntaxError("{\"a\": {\"ty\xc3pe\": 1}}"),
            "line 1, column 11: a: a field name is not UTF-8 text (byte 0xC3)");
  EXPECT_EQ(syntaxError("{\"v\": [[1, 2], [3, \"\xed\xa0\x80\"]]}"),  // an encoded surrogate
            "line 1, column 21: v[1][1]: not UTF-8 text (byte 0xED)");
  EXPECT_EQ(syntaxError("{\"a\": 1,\n \"b\": \"\xc0\xaf\"}"),  // an overlong '/'
            "line 2, column 8: b: not UTF-8 text (byte 0xC0)");
  // Well-formed multi-byte text passes.
  const std::string text = "\xc3\xa9\xe5\xbd\xa2\xf0\x9f\x98\x80";
  EXPECT_EQ(parseJsonText("{\"title\": \"" + text + "\"}")["title"], text);
}

TEST(JsonText, NestingBeyondTheLimitIsRefusedBeforeParsing) {
  const auto nested = [](int depth) {  // the object and depth - 1 arrays
    return "{\"a\": " + std::string(std::size_t(depth - 1), '[') + std::string(std::size_t(depth - 1), ']') + "}";
  };
  EXPECT_NO_THROW((void)parseJsonText(nested(kMaxJsonDepth)));
  EXPECT_EQ(syntaxError(nested(kMaxJsonDepth + 1)),
            "line 1, column 70: a[0][0][0]...: nested deeper than 64 arrays and objects");
  EXPECT_EQ(syntaxError(nested(100000)), "line 1, column 70: a[0][0][0]...: nested deeper than 64 arrays and objects");
  // Brackets inside strings are text, not nesting.
  EXPECT_NO_THROW((void)parseJsonText("{\"a\": \"" + std::string(1000, '[') + "\"}"));
}

TEST(JsonText, EchoedTextIsBoundedAndCutBetweenCharacters) {
  EXPECT_EQ(boundedText("short"), "short");
  const std::string accents = [] {
    std::string text;
    for (int i = 0; i < 40; ++i) text += "\xc3\xa9";  // 80 bytes of 2-byte characters
    return text;
  }();
  for (std::size_t limit : {kMaxEchoedBytes, std::size_t(10), std::size_t(11)}) {
    const std::string bounded = boundedText(accents, limit);
    EXPECT_LE(bounded.size(), limit);
    EXPECT_TRUE(bounded.ends_with("...")) << bounded;
    EXPECT_TRUE(isUtf8(bounded)) << "cut inside a character at " << limit;
  }
  EXPECT_EQ(boundedText("a\xff" "b"), "a\xef\xbf\xbd" "b");  // U+FFFD for the stray byte
  // describeJsonValue and the field names in messages go through it.
  Json value = Json::array();
  value.push_back(accents);
  EXPECT_TRUE(isUtf8(describeJsonValue(value)));
  EXPECT_LE(describeJsonValue(value).size(), kMaxEchoedBytes);
}

// [SECTION] Shapes: error messages

TEST(ShapeJson, ErrorsNameTheFieldAndWhatWasExpected) {
  EXPECT_EQ(shapeError(R"({"type": "circle", "radius": -1})"), "b.radius: expected a non-negative number, got -1");
  EXPECT_EQ(shapeError(R"({"type": "circle"})"), "b.radius: missing; expected a non-negative number");
  EXPECT_EQ(shapeError(R"({"type": "circle", "radius": "NaN"})"), "b.radius: expected a number, got \"NaN\"");
  // JSON text cannot hold infinity (1e999 overflows while parsing); a document built in memory can.
  EXPECT_THROW((void)parseJsonText(R"({"radius": 1e999})"), JsonSyntaxError);
  Json infinite = Json::parse(R"({"type": "circle"})");
  infinite["radius"] = std::numeric_limits<double>::infinity();
  EXPECT_EQ(shapeError(infinite), "b.radius: expected a finite number, got infinity");
  EXPECT_EQ(shapeError(R"({"type": "box", "half_extents": [1, 0]})"),
            "b.half_extents[1]: expected a positive number, got 0");
  EXPECT_EQ(shapeError(R"({"type": "triangle"})"),
            "b.type: expected one of point, segment, circle, aabb, box, capsule, polygon, sector, got \"triangle\"");
  EXPECT_EQ(shapeError(R"({"type": "circle", "raduis": 1})"),
            "b.raduis: unknown field for a circle (known: type, position, angle, radius)");
  EXPECT_EQ(shapeError(R"({"type": "aabb", "angle": 1, "min": [0, 0], "max": [1, 1]})"),
            "b.angle: an aabb has no angle (its min and max are world coordinates)");
  EXPECT_EQ(shapeError(R"({"type": "aabb", "min": [0, 0], "max": [-1, 1]})"),
            "b.max: expected max >= min in x and y, got [-1,1] with min [0,0]");
  EXPECT_EQ(shapeError(R"({"type": "point", "position": [1]})"),
            "b.position: expected [x, y], an array of two numbers, got [1]");
  EXPECT_EQ(shapeError(R"({"type": "sector", "radius": 1, "half_angle": 4})"),
            "b.half_angle: expected an angle in (0, pi] radians, got 4");
  EXPECT_EQ(shapeError(R"({"type": "polygon", "vertices": [[0, 0], [2, 0], [2, 2], [1, 0.5], [0, 2]]})"),
            "b.vertices: vertex 3 makes the outline non-convex");
  EXPECT_EQ(shapeError(R"({"type": "polygon", "vertices": [[0, 0], [0, 2], [2, 2], [2, 0]]})").substr(0, 31),
            "b.vertices: vertices are clockw");
  EXPECT_EQ(shapeError("3"), "b: expected a shape object {\"type\": ..., ...}, got 3");
}

// [SECTION] Scene files

class SceneFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    directory_ = fs::temp_directory_path() / ("collision-lab-io-test-" + std::to_string(::getpid()));
    fs::create_directories(directory_);
  }
  void TearDown() override { fs::remove_all(directory_); }

  fs::path write(const std::string& name, const std::string& text) {
    const fs::path path = directory_ / name;
    std::ofstream(path) << text;
    return path;
  }

  static std::string read(const fs::path& path) {
    std::ifstream file(path);
    std::stringstream text;
    text << file.rdbuf();
    return text.str();
  }

  fs::path directory_;
};

Scene sampleScene() {
  Scene scene;
  scene.title = "Sample";
  scene.lesson = "One line.";
  scene.lab = "GJK";
  scene.algorithm = "epa";
  scene.a = {collide::Box<double>{{1, 2}}, collide::Transform<double>::fromPose({1, 2}, 0.5)};
  scene.b = {collide::Circle<double>{{}, 0.5}, collide::Transform<double>::fromPose({-1, 0}, 0)};
  scene.view = SceneView{{0.5, -0.5}, 80};
  scene.labState = Json::parse(R"({"step": 3, "show_regions": true})");
  return scene;
}

TEST_F(SceneFiles, SaveThenLoadGivesTheSameScene) {
  const fs::path path = directory_ / "scene.json";
  std::string error;
  ASSERT_TRUE(saveSceneFile(path, sampleScene(), error)) << error;
  const std::optional<Scene> loaded = loadSceneFile(path, error);
  ASSERT_TRUE(loaded) << error;
  EXPECT_EQ(loaded->title, "Sample");
  EXPECT_EQ(loaded->algorithm, "epa");
  EXPECT_EQ(loaded->view->zoom, 80);
  EXPECT_EQ(loaded->labState["step"], 3);
  expectJsonNear(sceneToJson(sampleScene()), sceneToJson(*loaded), "scene");
  EXPECT_EQ(std::distance(fs::directory_iterator(directory_), fs::directory_iterator()), 1);  // no temporary left
}

TEST_F(SceneFiles, LoadErrorsNameFileLineAndField) {
  std::string error;
  const fs::path broken = write("broken.json", "{\n  \"format\": \"collision-lab-scene\",\n  \"version\": 1,,\n}\n");
  EXPECT_FALSE(loadSceneFile(broken, error));
  EXPECT_EQ(error.substr(0, broken.string().size() + 32), broken.string() + ", line 3, column 16: JSON syntax");

  const fs::path badRadius = write("radius.json", R"({"format": "collision-lab-scene", "version": 1,
    "a": {"type": "circle", "radius": 1}, "b": {"type": "circle", "radius": -1}})");
  EXPECT_FALSE(loadSceneFile(badRadius, error));
  EXPECT_EQ(error, badRadius.string() + ": b.radius: expected a non-negative number, got -1");

  const fs::path wrongFormat = write("format.json", R"({"format": "something-else", "version": 1})");
  EXPECT_FALSE(loadSceneFile(wrongFormat, error));
  EXPECT_EQ(error, wrongFormat.string() + ": format: expected \"collision-lab-scene\", got \"something-else\"");

  const fs::path badAlgorithm = write("algorithm.json", R"({"format": "collision-lab-scene", "version": 1,
    "algorithm": "gjk2", "a": {"type": "point"}, "b": {"type": "point"}})");
  EXPECT_FALSE(loadSceneFile(badAlgorithm, error));
  EXPECT_EQ(error, badAlgorithm.string() + ": algorithm: expected one of gjk, distance, epa, sat, analytic, got \"gjk2\"");

  EXPECT_FALSE(loadSceneFile(directory_ / "missing.json", error));
  EXPECT_NE(error.find("missing.json: cannot open"), std::string::npos) << error;
}

TEST_F(SceneFiles, AFailedSaveLeavesTheOldFileWhole) {
  const fs::path path = directory_ / "keep.json";
  std::string error;
  ASSERT_TRUE(saveSceneFile(path, sampleScene(), error)) << error;
  const std::string before = read(path);
  // A directory where the temporary file would go makes the write fail before the rename.
  fs::create_directory(directory_ / "keep.json.saving");
  Scene other = sampleScene();
  other.title = "Changed";
  EXPECT_FALSE(saveSceneFile(path, other, error));
  EXPECT_NE(error.find("keep.json: cannot create keep.json.saving"), std::string::npos) << error;
  EXPECT_EQ(read(path), before);
  // Into a directory that does not exist: refused, nothing created.
  EXPECT_FALSE(saveSceneFile(directory_ / "nowhere" / "scene.json", other, error));
  EXPECT_FALSE(fs::exists(directory_ / "nowhere"));
}

// [SECTION] The curated scenes

struct Expectation {
  bool hit;
  Algorithm algorithm;
};

// What each scene teaches, as a number the test can hold it to.
const std::map<std::string, Expectation>& expectations() {
  static const std::map<std::string, Expectation> table = {
      {"01_far_apart.json", {false, Algorithm::Gjk}},
      {"02_touching_edges.json", {true, Algorithm::Sat}},
      {"03_deep_overlap.json", {true, Algorithm::Epa}},
      {"04_identical_squares.json", {true, Algorithm::Epa}},
      {"05_circle_vs_wide_sector.json", {true, Algorithm::Analytic}},
      {"06_capsule_vs_box.json", {false, Algorithm::Distance}},
      {"07_thin_sliver.json", {true, Algorithm::Sat}},
      {"08_large_coordinates.json", {false, Algorithm::Distance}},
      {"09_gjk_most_iterations.json", {false, Algorithm::Distance}},
      {"10_origin_on_simplex_edge.json", {true, Algorithm::Gjk}},
      {"11_circle_vs_polygon.json", {true, Algorithm::Analytic}},
  };
  return table;
}

TEST(CuratedScenes, EverySceneLoadsAndEveryApplicableAlgorithmRuns) {
  const fs::path directory = fs::path(COLLISION_LAB_ASSET_DIR) / "scenes";
  int scenes = 0;
  for (const fs::directory_entry& entry : fs::directory_iterator(directory)) {
    if (entry.path().extension() != ".json") continue;
    const std::string name = entry.path().filename().string();
    SCOPED_TRACE(name);
    std::string error;
    const std::optional<Scene> scene = loadSceneFile(entry.path(), error);
    ASSERT_TRUE(scene) << error;
    EXPECT_FALSE(scene->title.empty());
    EXPECT_FALSE(scene->lesson.empty());
    EXPECT_EQ(scene->lesson.find('\n'), std::string::npos);
    const std::optional<Algorithm> own = collide::parseAlgorithm(scene->algorithm);
    ASSERT_TRUE(own);
    ASSERT_TRUE(expectations().contains(name)) << "add the scene's expectation to this test";
    EXPECT_EQ(*own, expectations().at(name).algorithm);
    int ran = 0;
    for (const Algorithm algorithm : collide::kAlgorithms) {
      if (!collide::refusal(algorithm, scene->a, scene->b).empty()) continue;
      for (const bool useFloat : {false, true}) {
        SCOPED_TRACE(std::string(collide::algorithmName(algorithm)) + (useFloat ? " float" : " double"));
        const auto check = [&](const auto& result) {
          ASSERT_TRUE(result.ok) << result.error;
          EXPECT_NE(*result.status, collide::Status::InvalidInput);
          EXPECT_NE(*result.status, collide::Status::MaxIterations);
        };
        if (useFloat) {
          check(collide::runQuery(algorithm, collide::castCollider<float>(scene->a),
                                  collide::castCollider<float>(scene->b)));
        } else {
          const auto result = collide::runQuery(algorithm, scene->a, scene->b);
          check(result);
          EXPECT_EQ(result.hit, expectations().at(name).hit);
        }
      }
      ++ran;
    }
    EXPECT_GE(ran, 1);
    EXPECT_TRUE(collide::refusal(*own, scene->a, scene->b).empty()) << "the scene's own algorithm refuses it";
    ++scenes;
  }
  EXPECT_GE(scenes, 10);
}

Scene curated(const std::string& name) {
  std::string error;
  std::optional<Scene> scene = loadSceneFile(fs::path(COLLISION_LAB_ASSET_DIR) / "scenes" / name, error);
  EXPECT_TRUE(scene) << error;
  return scene.value_or(Scene{});
}

TEST(CuratedScenes, IdenticalSquaresHaveDepthTwo) {
  const Scene scene = curated("04_identical_squares.json");
  const auto epa = collide::runQuery(Algorithm::Epa, scene.a, scene.b);
  ASSERT_TRUE(epa.ok && epa.hit);
  EXPECT_NEAR(*epa.depth, 2.0, 1e-9);
}

TEST(CuratedScenes, TouchingEdgesTouchExactly) {
  const Scene scene = curated("02_touching_edges.json");
  const auto sat = collide::runQuery(Algorithm::Sat, scene.a, scene.b);
  ASSERT_TRUE(sat.ok && sat.hit);
  EXPECT_EQ(*sat.depth, 0.0);
}

TEST(CuratedScenes, WideSectorIsRefusedBySupportAlgorithmsOnly) {
  const Scene scene = curated("05_circle_vs_wide_sector.json");
  EXPECT_FALSE(collide::runQuery(Algorithm::Gjk, scene.a, scene.b).ok);
  const collide::QueryTrace<double> trace = collide::recordQuery(Algorithm::Analytic, scene.a, scene.b);
  ASSERT_FALSE(trace.analytic.empty());
  EXPECT_EQ(trace.analytic.back().index, 4);  // decided by step 4, the straight edge (Shape intersection tests, 4.5)
}

// The scene's lesson: "nearly touching many-sided outlines gain little per step", so GJK distance runs longer
// here than on any other curated scene. Asserted as the lesson says it, not as an iteration count.
TEST(CuratedScenes, LongestGjkRunTeachesSlowProgressOnNearlyTouchingOutlines) {
  const Scene scene = curated("09_gjk_most_iterations.json");
  double size = 0.0;  // the largest vertex radius, about 2.4
  for (const Collider<double>* shape : {&scene.a, &scene.b}) {
    ASSERT_TRUE(std::holds_alternative<collide::Polygon<double>>(shape->shape));
    const auto& polygon = std::get<collide::Polygon<double>>(shape->shape);
    EXPECT_GE(polygon.count, 16) << "many-sided outlines";
    for (int i = 0; i < polygon.count; ++i) size = std::max(size, collide::length(polygon.vertices[i] - polygon.center));
  }
  const collide::QueryTrace<double> trace = collide::recordQuery(Algorithm::Distance, scene.a, scene.b);
  ASSERT_TRUE(trace.result.ok);
  EXPECT_GT(*trace.result.distance, 0.0);
  EXPECT_LT(*trace.result.distance, 0.01 * size) << "nearly touching";

  // Little gain per step: the estimate never grows, and no step even halves it.
  ASSERT_GE(trace.gjk.size(), 2u);
  for (std::size_t i = 1; i < trace.gjk.size(); ++i) {
    SCOPED_TRACE("step " + std::to_string(i + 1));
    EXPECT_LE(trace.gjk[i].distance, trace.gjk[i - 1].distance);
    EXPECT_GT(trace.gjk[i].distance, 0.5 * trace.gjk[i - 1].distance);
  }

  // The longest run of the curated scenes.
  for (const auto& entry : fs::directory_iterator(fs::path(COLLISION_LAB_ASSET_DIR) / "scenes")) {
    if (entry.path().filename() == "09_gjk_most_iterations.json") continue;
    const Scene other = curated(entry.path().filename().string());
    const auto result = collide::runQuery(Algorithm::Distance, other.a, other.b);
    if (!result.ok) continue;  // refused (a wide sector)
    EXPECT_LT(*result.iterations, *trace.result.iterations) << entry.path().filename();
  }
}

TEST(CuratedScenes, OriginLandsOnASimplexEdge) {
  const Scene scene = curated("10_origin_on_simplex_edge.json");
  const collide::QueryTrace<double> trace = collide::recordQuery(Algorithm::Gjk, scene.a, scene.b);
  bool onEdge = false;
  for (const collide::GjkStep<double>& step : trace.gjk) {
    if (step.simplexBefore.count != 2) continue;
    const Vec2<double> a = step.simplexBefore.vertices[0].point;
    const Vec2<double> b = step.simplexBefore.vertices[1].point;
    onEdge = onEdge || (collide::cross(a, b) == 0.0 && collide::dot(a, b) < 0.0);  // the origin between a and b
  }
  EXPECT_TRUE(onEdge);
}

}  // namespace
}  // namespace lab
