// `collision-lab midphase` and `collision-lab bvh`: the mid phase on two meshes, and one tree's stats
// (README.md, "Mid phase").
//
//   collision-lab midphase --a MESH --b MESH [--pose-b x,y,z,qw,qx,qy,qz | x,y,z,rx,ry,rz] [--build median|sah|
//                          bottom-up|insertion|lbvh] [--bv aabb|sphere|obb] [--sat-lite] [--budget N [--largest-first]]
//                          [--pairs] [--json] [--no-time]
//   collision-lab bvh --mesh MESH [--build ...] [--bv ...] [--json] [--no-time]
//
// MESH is a Wavefront OBJ file (*.obj), a JSON SHAPE of type "mesh" (a *.json file or the JSON text itself; its
// "position" and "rotation" place it), or a procedural mesh: sphere, torus, gear, terrain or cloth, with an
// optional resolution after a colon ("torus:24"). --pose-b replaces B's placement: a quaternion, or the Mid phase
// lab's turns in degrees about x, then y, then z (collide::poseFromTurns). Both trees are built the same way; the
// query reports its counts and, with --pairs, the overlapping triangle pairs [i, j] (A's, B's).
// In the plane, --a and --b may both be concave shapes instead: {"type": "concave", "vertices": [[x, y], ...],
// "position": [x, y], "angle": radians} (JSON text or a *.json file), or the "Mid phase 2D" lab's named shapes
// (workloads/outlines.h: gear, star, comb, key with an optional ":N", letter-e, crates; gear2d is the gear's older
// name; gear alone is the mesh unless the other side is a concave shape); --pose-b is then x,y,angle (radians), and
// the pairs are of convex parts (Hertel-Mehlhorn, collide/concave.h), found by the same traversal as the lab
// (collide/midphase2.h; --build, --budget, --leaf-size and --part-test apply).
// --no-time writes 0 for build times, so the output is the same on every run (the golden tests use it).
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "cli/commands.h"
#include "collide/bvh.h"
#include "collide/concave.h"
#include "collide/midphase2.h"
#include "collide/query.h"
#include "io/obj.h"
#include "io/shape_json.h"
#include "io/text_io.h"
#include "labs/format.h"
#include "workloads/meshes.h"
#include "workloads/outlines.h"

namespace lab {
namespace {

struct PlacedMesh {
  std::string source;
  collide::Mesh<double> mesh;
  collide::Transform3<double> pose{};
};

// sphere, torus, gear, terrain, cloth, each with an optional ":N" resolution.
bool proceduralMesh(const std::string& text, PlacedMesh& out) {
  const std::size_t colon = text.find(':');
  const std::string name = text.substr(0, colon);
  if (name != "sphere" && name != "torus" && name != "gear" && name != "terrain" && name != "cloth") return false;
  int n = 0;
  if (colon != std::string::npos) {
    const std::string number = text.substr(colon + 1);
    try {
      std::size_t used = 0;
      n = std::stoi(number, &used);
      if (used != number.size()) throw std::invalid_argument("trailing text");
    } catch (const std::exception&) {
      throw std::runtime_error("\"" + boundedText(text) + "\": the resolution after ':' is not a whole number");
    }
    if (n < 3 || n > 1000) throw std::runtime_error("\"" + boundedText(text) + "\": the resolution must be 3 to 1000");
  }
  const auto pick = [&](int fallback) { return n > 0 ? n : fallback; };
  if (name == "sphere") out.mesh = collide::sphereMesh(1.0, pick(12), 2 * pick(12));
  else if (name == "torus") out.mesh = collide::torusMesh(1.0, 0.3, 2 * pick(12), pick(12));
  else if (name == "gear") out.mesh = collide::gearMesh(pick(12), 0.8, 1.1, 0.4);
  else if (name == "terrain") out.mesh = collide::terrainMesh(pick(16), 4.0, 0.5);
  else out.mesh = collide::clothMesh(pick(16), 2.0);
  return true;
}

PlacedMesh loadMesh(const std::string& text, const std::string& field) {
  PlacedMesh out;
  out.source = text;
  if (proceduralMesh(text, out)) return out;
  Json shape;
  const bool inline_ = !text.empty() && text.front() == '{';
  if (!inline_) out.source = std::filesystem::path(text).filename().string();  // the same on every machine
  if (text.size() >= 4 && text.substr(text.size() - 4) == ".obj") {
    out.mesh = readObjFile(text);
    return out;
  }
  if (inline_) {
    out.source = "inline";
    shape = parseJsonText(text);
  } else if (text.size() >= 5 && text.substr(text.size() - 5) == ".json") {
    shape = parseJsonText(readTextFile(text, kMaxSceneFileBytes));
  } else {
    throw UsageError("--" + field + " \"" + boundedText(text) +
                     "\": not a mesh: give an .obj or .json file, a JSON SHAPE, or sphere, torus, gear, terrain, "
                     "cloth (with an optional :N)");
  }
  const collide::Collider3<double> collider = collider3FromJson(shape, field);
  const auto* mesh = std::get_if<collide::Mesh<double>>(&collider.shape);
  if (mesh == nullptr) {
    throw std::runtime_error(field + ": the mid phase takes a \"mesh\" SHAPE, got \"" +
                             std::string(collide::shapeTypeName(collider.shape)) + "\"");
  }
  out.mesh = *mesh;
  out.pose = collider.transform;
  return out;
}

struct BuiltTree {
  collide::Bvh<double> bvh;
  collide::BvhStats stats;
  double buildMs = 0;
};

BuiltTree buildTree(const PlacedMesh& placed, const collide::BvhOptions& options, bool timed, const std::string& field) {
  if (const collide::ShapeCheck check = collide::isValid(placed.mesh); !check) {
    throw std::runtime_error(field + ": not a valid mesh: " + std::string(collide::fieldWords(check.field)) + " " +
                             collide::describe<double>(check));
  }
  BuiltTree tree;
  const auto start = std::chrono::steady_clock::now();
  tree.bvh = collide::buildBvh(placed.mesh, options);
  const auto stop = std::chrono::steady_clock::now();
  if (timed) tree.buildMs = std::chrono::duration<double, std::milli>(stop - start).count();
  tree.stats = collide::bvhStats(tree.bvh, options.costs);
  return tree;
}

Json treeJson(const PlacedMesh& placed, const BuiltTree& tree) {
  Json out = Json::object();
  out["source"] = placed.source;
  out["vertices"] = placed.mesh.vertices.size();
  out["triangles"] = placed.mesh.triangles.size();
  out["build"] = std::string(collide::bvhBuildName(tree.bvh.options.build));
  out["bv"] = std::string(collide::bvKindName(tree.bvh.options.bv));
  out["nodes"] = tree.stats.nodes;
  out["leaves"] = tree.stats.leaves;
  out["depth"] = tree.stats.depth;
  out["largest_leaf"] = tree.stats.largestLeaf;
  out["sah_cost"] = tree.stats.sahCost;
  out["build_ms"] = tree.buildMs;
  return out;
}

// A count in a sentence with its noun ("1 node", "3 nodes"), from a JSON number.
std::string countedIn(const Json& value, std::string_view one, std::string_view many) {
  return counted(value.get<long long>(), one, many);
}

void printTree(const char* label, const Json& tree) {
  std::printf("%s: %s, %s; %s tree with %s volumes: %s, %s, depth %d, largest leaf %d, SAH cost %.6g, built in %.3f ms\n",
              label, tree["source"].get<std::string>().c_str(), countedIn(tree["triangles"], "triangle", "triangles").c_str(),
              tree["build"].get<std::string>().c_str(), tree["bv"].get<std::string>().c_str(),
              countedIn(tree["nodes"], "node", "nodes").c_str(), countedIn(tree["leaves"], "leaf", "leaves").c_str(),
              tree["depth"].get<int>(), tree["largest_leaf"].get<int>(), tree["sah_cost"].get<double>(),
              tree["build_ms"].get<double>());
}

Json pairsJson(const std::vector<std::array<int, 2>>& pairs) {
  Json out = Json::array();
  for (const auto& pair : pairs) out.push_back({pair[0], pair[1]});
  return out;
}

// [2D] A concave polygon placed in the plane, or a compound of convex parts (crates: `parts`, no outline).
struct PlacedOutline {
  std::string source;
  std::vector<collide::Vec2<double>> outline;
  std::vector<collide::Polygon<double>> parts;
  collide::Transform<double> pose{};
};

int parseResolution(const std::string& text, std::size_t colon, int fallback) {
  if (colon == std::string::npos) return fallback;
  const std::string number = text.substr(colon + 1);
  try {
    std::size_t used = 0;
    const int n = std::stoi(number, &used);
    if (used == number.size() && n >= 3 && n <= 200) return n;
  } catch (const std::exception&) {
  }
  throw std::runtime_error("\"" + boundedText(text) + "\": the count after ':' must be a whole number from 3 to 200");
}

// What an --a or --b names: a concave shape, a mesh, either (gear: the 2D lab's gear or the 3D mesh, whichever the
// other side is), or nothing known.
enum class ShapeKind { Concave, Mesh, Either, Unknown };

constexpr const char* kConcaveNamesText =
    "gear, star, letter-e, comb, key (each with an optional :N count of teeth or points), crates, a JSON concave "
    "polygon or a .json file of one";
constexpr const char* kMeshNamesText = "sphere, torus, gear, terrain, cloth (with an optional :N), an .obj or .json file";

ShapeKind shapeKind(const std::string& text) {
  const std::string name = text.substr(0, text.find(':'));
  if (name == "gear") return ShapeKind::Either;
  if (collide::concaveShapeIndex(name) || name == "gear2d") return ShapeKind::Concave;
  if (name == "sphere" || name == "torus" || name == "terrain" || name == "cloth") return ShapeKind::Mesh;
  if (!text.empty() && text.front() == '{') return text.find("\"concave\"") != std::string::npos ? ShapeKind::Concave : ShapeKind::Mesh;
  const auto endsWith = [&](std::string_view suffix) {
    return text.size() >= suffix.size() && text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
  };
  if (endsWith(".obj")) return ShapeKind::Mesh;
  if (endsWith(".json")) {
    try {
      const Json shape = parseJsonText(readTextFile(text, kMaxSceneFileBytes));
      return shape.is_object() && shape.value("type", "") == "concave" ? ShapeKind::Concave : ShapeKind::Mesh;
    } catch (const std::exception&) {
      return ShapeKind::Mesh;  // loadMesh reports the file's problem
    }
  }
  return ShapeKind::Unknown;
}

// Reads a concave shape: one of the "Mid phase 2D" lab's named shapes (workloads/outlines.h; gear2d is the gear's
// older name here), or a JSON object of type "concave".
void loadOutline(const std::string& text, const std::string& field, PlacedOutline& out) {
  const std::size_t colon = text.find(':');
  const std::string name = text.substr(0, colon);
  out.source = text;
  if (const std::optional<int> index = name == "gear2d" ? std::optional<int>(0) : collide::concaveShapeIndex(name)) {
    const int count = collide::kConcaveShapeCounts[static_cast<std::size_t>(*index)];
    if (count == 0 && colon != std::string::npos) {
      throw UsageError("--" + field + " \"" + boundedText(text) + "\": " + name + " takes no count after ':'");
    }
    if (*index == collide::kCratesShape) {
      out.parts = collide::cratesParts<double>();
    } else {
      out.outline = collide::concaveShapeOutline<double>(*index, parseResolution(text, colon, count));
    }
    return;
  }
  if (text.empty() || (text.front() != '{' && shapeKind(text) != ShapeKind::Concave)) {
    throw UsageError("--" + field + " \"" + boundedText(text) + "\": not a concave shape: give " + kConcaveNamesText);
  }
  Json shape;
  if (!text.empty() && text.front() == '{') {
    shape = parseJsonText(text);
    out.source = "inline";
  } else if (text.size() >= 5 && text.substr(text.size() - 5) == ".json") {
    shape = parseJsonText(readTextFile(text, kMaxSceneFileBytes));
    out.source = std::filesystem::path(text).filename().string();
  }
  if (!shape.is_object() || !shape.contains("type") || shape["type"] != "concave") {
    throw UsageError("--" + field + ": not a concave shape: give " + std::string(kConcaveNamesText));
  }
  for (const auto& [key, value] : shape.items()) {
    if (key != "type" && key != "vertices" && key != "position" && key != "angle") {
      throw JsonFieldError(field + "." + boundedText(key) + ": unknown field (a concave polygon has vertices, position, angle)");
    }
  }
  const auto point = [&](const Json& value, const std::string& where) {
    if (!value.is_array() || value.size() != 2) throw JsonFieldError(where + ": expected [x, y], got " + describeJsonValue(value));
    return collide::Vec2<double>{finiteNumberFromJson(value[0], where + "[0]"), finiteNumberFromJson(value[1], where + "[1]")};
  };
  if (!shape.contains("vertices") || !shape["vertices"].is_array()) {
    throw JsonFieldError(field + ".vertices: expected [[x, y], ...]");
  }
  for (std::size_t i = 0; i < shape["vertices"].size(); ++i) {
    out.outline.push_back(point(shape["vertices"][i], field + ".vertices[" + std::to_string(i) + "]"));
  }
  if (shape.contains("position")) out.pose.p = point(shape["position"], field + ".position");
  if (shape.contains("angle")) {
    const double angle = finiteNumberFromJson(shape["angle"], field + ".angle");
    out.pose.q = collide::Rot<double>::fromAngle(angle);
  }
}

struct MidphaseCommandOptions {
  std::string a;
  std::string b;
  std::string mesh;
  std::vector<double> poseB;
  std::string build = "sah";
  std::string bv = "aabb";
  bool satLite = false;
  int budget = 0;
  bool largestFirst = false;
  bool pairs = false;
  bool json = false;
  bool noTime = false;
  int leafSize = 1;              // concave shapes: parts per leaf
  std::string partTest = "gjk";  // concave shapes: the narrow phase on the part pairs
};

collide::BvhOptions treeOptions(const MidphaseCommandOptions& options) {
  collide::BvhOptions tree;
  tree.build = *collide::parseBvhBuild(options.build);
  tree.bv = *collide::parseBvKind(options.bv);
  return tree;
}

collide::Transform3<double> poseFromNumbers(const std::vector<double>& numbers) {
  for (const double value : numbers) {
    if (!std::isfinite(value)) throw UsageError("--pose-b: every number must be finite");
  }
  if (numbers.size() == 6) return collide::poseFromTurns({numbers[0], numbers[1], numbers[2]}, {numbers[3], numbers[4], numbers[5]});
  const collide::Quat<double> q{numbers[4], numbers[5], numbers[6], numbers[3]};
  if (!(q.lengthSquared() > 1e-12)) throw UsageError("--pose-b: the rotation quaternion (qw, qx, qy, qz) is zero");
  return {{numbers[0], numbers[1], numbers[2]}, q.normalized()};
}

// A shape's convex parts: the compound's as given, else its outline cut (Hertel-Mehlhorn), refused naming `field`.
collide::ConvexDecomposition<double> partsOf(const PlacedOutline& placed, const std::string& field) {
  if (!placed.parts.empty()) {
    collide::ConvexDecomposition<double> d;
    d.polygons = placed.parts;
    d.parts.resize(placed.parts.size());
    return d;
  }
  auto d = collide::decomposeConcave<double>(placed.outline);
  if (!d.ok()) throw std::runtime_error(field + ": " + d.error);
  return d;
}

Json outlineJson(const PlacedOutline& placed, const collide::ConvexDecomposition<double>& d, const collide::PartTree<double>& parts) {
  const collide::BvhStats stats = collide::bvhStats(parts.tree);
  Json out = Json::object();
  out["source"] = placed.source;
  out["vertices"] = placed.outline.size();
  out["reflex_vertices"] = d.reflexVertices;
  out["triangles"] = d.triangles.size();
  out["parts"] = parts.parts.size();
  out["build"] = std::string(collide::bvhBuildName(parts.tree.options.build));
  out["nodes"] = stats.nodes;
  out["depth"] = stats.depth;
  out["sah_cost"] = stats.sahCost;
  return out;
}

// The mid phase of the plane, the same path as the "Mid phase 2D" lab (collide/midphase2.h): a tree over each
// polygon's convex parts in its own frame (--leaf-size parts a leaf, the lab's slider), both descended under the
// relative pose with the oriented box test, the narrow phase (--part-test, the lab's "Part test") on the part pairs
// whose boxes overlap.
int runMidphase2(const MidphaseCommandOptions& options, const PlacedOutline& a, PlacedOutline b) {
  if (options.satLite) throw UsageError("midphase: --sat-lite is for meshes' box volumes, not concave polygons");
  if (options.bv != "aabb") throw std::runtime_error("midphase: concave polygons' trees hold boxes only (--bv aabb)");
  if (!options.poseB.empty()) {
    if (options.poseB.size() != 3) throw UsageError("--pose-b: a concave polygon's pose is x,y,angle (3 numbers, the angle in radians)");
    for (const double value : options.poseB) {
      if (!std::isfinite(value)) throw UsageError("--pose-b: every number must be finite");
    }
    b.pose = collide::Transform<double>::fromPose({options.poseB[0], options.poseB[1]}, options.poseB[2]);
  }
  const auto da = partsOf(a, "a");
  const auto db = partsOf(b, "b");
  collide::BvhOptions tree = treeOptions(options);
  tree.maxLeafSize = options.leafSize;
  const collide::PartTree<double> partsA = collide::buildPartTree(da, tree);
  const collide::PartTree<double> partsB = collide::buildPartTree(db, tree);
  collide::MidphaseOptions query;
  query.budget = options.budget;
  query.largestFirst = options.largestFirst;
  const collide::MidphaseResult<double> result =
      collide::midphaseParts(partsA, a.pose, partsB, b.pose, query, *collide::parseAlgorithm(options.partTest));
  if (result.status == collide::Status::InvalidInput) throw std::runtime_error("midphase: the query refused its input");
  Json out = Json::object();
  out["a"] = outlineJson(a, da, partsA);
  out["b"] = outlineJson(b, db, partsB);
  out["pose_b"] = {b.pose.p.x, b.pose.p.y, std::atan2(b.pose.q.s, b.pose.q.c)};
  Json q = Json::object();
  q["status"] = std::string(collide::statusName(result.status));
  q["bv_tests"] = result.bvTests;
  q["part_tests"] = result.primitiveTests;
  q["overlapping_pairs"] = result.pairs.size();
  if (options.budget > 0) {
    q["budget"] = options.budget;
    q["largest_first"] = options.largestFirst;
    q["skipped_node_pairs"] = pairsJson(result.frontier);
  }
  if (options.pairs) q["pairs"] = pairsJson(result.pairs);
  out["query"] = q;
  if (options.json) {
    std::cout << dumpReadable(out) << '\n';
    return 0;
  }
  for (const auto& [label, shape] : {std::pair{"a", out["a"]}, std::pair{"b", out["b"]}}) {
    if (shape["vertices"].get<int>() == 0) {  // a compound (crates): parts, no outline
      std::printf("%s: %s, a compound of %s; %s tree: %s, depth %d, SAH cost %.6g\n", label, shape["source"].get<std::string>().c_str(),
                  countedIn(shape["parts"], "convex part", "convex parts").c_str(), shape["build"].get<std::string>().c_str(),
                  countedIn(shape["nodes"], "node", "nodes").c_str(), shape["depth"].get<int>(), shape["sah_cost"].get<double>());
      continue;
    }
    std::printf("%s: %s, %s (%d reflex), %s, %s; %s tree: %s, depth %d, SAH cost %.6g\n", label,
                shape["source"].get<std::string>().c_str(), countedIn(shape["vertices"], "vertex", "vertices").c_str(),
                shape["reflex_vertices"].get<int>(), countedIn(shape["triangles"], "triangle", "triangles").c_str(),
                countedIn(shape["parts"], "convex part", "convex parts").c_str(), shape["build"].get<std::string>().c_str(),
                countedIn(shape["nodes"], "node", "nodes").c_str(), shape["depth"].get<int>(), shape["sah_cost"].get<double>());
  }
  std::printf("query: %s; %s, %s (GJK), %s\n", q["status"].get<std::string>().c_str(),
              counted(result.bvTests, "box test", "box tests").c_str(),
              counted(result.primitiveTests, "part test", "part tests").c_str(),
              counted(static_cast<long long>(result.pairs.size()), "overlapping part pair", "overlapping part pairs").c_str());
  if (options.budget > 0) {
    std::printf("budget %s: %s not descended%s\n", counted(options.budget, "box test", "box tests").c_str(),
                counted(static_cast<long long>(result.frontier.size()), "overlapping node pair", "overlapping node pairs").c_str(),
                result.frontier.empty() ? " (complete)" : "");
  }
  if (options.pairs) {
    for (const auto& pair : result.pairs) std::printf("[%d, %d]\n", pair[0], pair[1]);
  }
  return 0;
}

int runMidphase(const MidphaseCommandOptions& options) {
  // Concave shapes or meshes: gear is either, so the other side decides, or a pose of 3 numbers (both gear, and no
  // such pose: the meshes).
  const ShapeKind kindA = shapeKind(options.a), kindB = shapeKind(options.b);
  const bool planar = kindA == ShapeKind::Concave || kindB == ShapeKind::Concave ||
                      (kindA != ShapeKind::Mesh && kindB != ShapeKind::Mesh && options.poseB.size() == 3);
  if (planar) {
    for (const auto& [kind, text, field] : {std::tuple{kindA, options.a, "a"}, std::tuple{kindB, options.b, "b"}}) {
      if (kind == ShapeKind::Mesh) {
        const std::string other = field == std::string("a") ? options.b : options.a;
        throw UsageError(std::string("midphase: --") + field + " \"" + boundedText(text) + "\" is a mesh and --" +
                         (field == std::string("a") ? "b" : "a") + " \"" + boundedText(other) +
                         "\" a concave shape: give two meshes or two concave shapes (" + kConcaveNamesText + ")");
      }
    }
    PlacedOutline outlineA, outlineB;
    loadOutline(options.a, "a", outlineA);
    loadOutline(options.b, "b", outlineB);
    return runMidphase2(options, outlineA, outlineB);
  }
  if (options.leafSize != 1) throw UsageError("midphase: --leaf-size is for concave shapes' part trees");
  if (options.partTest != "gjk") throw UsageError("midphase: --part-test is for concave shapes' parts");
  if (!options.poseB.empty() && options.poseB.size() != 7 && options.poseB.size() != 6) {
    throw UsageError("--pose-b: a mesh's pose is x,y,z,qw,qx,qy,qz (7 numbers) or x,y,z,rx,ry,rz (6: turns in degrees "
                     "about x, then y, then z, as the Mid phase lab has them)");
  }
  const PlacedMesh a = loadMesh(options.a, "a");
  PlacedMesh b = loadMesh(options.b, "b");
  if (!options.poseB.empty()) b.pose = poseFromNumbers(options.poseB);
  const collide::BvhOptions tree = treeOptions(options);
  const BuiltTree treeA = buildTree(a, tree, !options.noTime, "a");
  const BuiltTree treeB = buildTree(b, tree, !options.noTime, "b");
  collide::MidphaseOptions query;
  query.satLite = options.satLite;
  query.budget = options.budget;
  query.largestFirst = options.largestFirst;
  const collide::MidphaseResult<double> result = collide::midphase(treeA.bvh, a.mesh, a.pose, treeB.bvh, b.mesh, b.pose, query);
  if (result.status == collide::Status::InvalidInput) throw std::runtime_error("midphase: the query refused its input");

  Json out = Json::object();
  out["a"] = treeJson(a, treeA);
  out["b"] = treeJson(b, treeB);
  out["pose_b"] = {b.pose.p.x, b.pose.p.y, b.pose.p.z, b.pose.q.w, b.pose.q.x, b.pose.q.y, b.pose.q.z};
  Json q = Json::object();
  q["status"] = std::string(collide::statusName(result.status));
  q["sat_lite"] = options.satLite;
  q["budget"] = options.budget;
  q["bv_tests"] = result.bvTests;
  q["bv_overlaps"] = result.bvOverlaps;
  q["sat_lite_false_positives"] = result.liteFalsePositives;
  q["leaf_pairs"] = result.leafPairs;
  q["primitive_tests"] = result.primitiveTests;
  q["overlapping_pairs"] = result.pairs.size();
  if (options.budget > 0) {
    q["largest_first"] = options.largestFirst;
    q["deepest_level"] = result.deepestLevel;
    q["skipped_node_pairs"] = pairsJson(result.frontier);
  }
  if (options.pairs) q["pairs"] = pairsJson(result.pairs);
  out["query"] = q;

  if (options.json) {
    std::cout << dumpReadable(out) << '\n';
    return 0;
  }
  printTree("a", out["a"]);
  printTree("b", out["b"]);
  std::printf("query: %s; %s (%d overlapping", q["status"].get<std::string>().c_str(),
              counted(result.bvTests, "BV test", "BV tests").c_str(), result.bvOverlaps);
  if (options.satLite)
    std::printf(", %s", counted(result.liteFalsePositives, "SAT-lite false positive", "SAT-lite false positives").c_str());
  std::printf("), %s, %s, %s\n", counted(result.leafPairs, "leaf pair", "leaf pairs").c_str(),
              counted(result.primitiveTests, "triangle test", "triangle tests").c_str(),
              counted(static_cast<long long>(result.pairs.size()), "overlapping triangle pair", "overlapping triangle pairs").c_str());
  if (options.budget > 0) {
    std::printf("budget %s: reached level %d, %s not descended%s\n", counted(options.budget, "BV test", "BV tests").c_str(),
                result.deepestLevel,
                counted(static_cast<long long>(result.frontier.size()), "overlapping node pair", "overlapping node pairs").c_str(),
                result.frontier.empty() ? " (complete)" : "");
    for (const auto& pair : result.frontier) std::printf("  nodes [%d, %d]\n", pair[0], pair[1]);
  }
  if (options.pairs) {
    for (const auto& pair : result.pairs) std::printf("[%d, %d]\n", pair[0], pair[1]);
  }
  return 0;
}

int runBvh(const MidphaseCommandOptions& options) {
  const PlacedMesh placed = loadMesh(options.mesh, "mesh");
  const BuiltTree tree = buildTree(placed, treeOptions(options), !options.noTime, "mesh");
  const Json out = treeJson(placed, tree);
  if (options.json) std::cout << dumpReadable(out) << '\n';
  else printTree("mesh", out);
  return 0;
}

void addTreeOptions(CLI::App& command, MidphaseCommandOptions& options) {
  std::vector<std::string> builds(collide::kBvhBuildNames.begin(), collide::kBvhBuildNames.end());
  std::vector<std::string> kinds(collide::kBvKindNames.begin(), collide::kBvKindNames.end());
  command.add_option("--build", options.build, "How the trees are built")->check(CLI::IsMember(builds))->capture_default_str();
  command.add_option("--bv", options.bv, "Bounding volume")->check(CLI::IsMember(kinds))->capture_default_str();
  command.add_flag("--json", options.json, "Write one JSON object");
  command.add_flag("--no-time", options.noTime, "Write 0 for build times (reproducible output)");
}

const bool registeredMidphase = registerCommand({
    "midphase",
    "Find the overlapping triangle pairs of two meshes through their bounding volume hierarchies",
    [](CLI::App& command) -> std::function<int()> {
      auto options = std::make_shared<MidphaseCommandOptions>();
      command.add_option("--a", options->a,
                         "A: FILE.obj, FILE.json, a JSON SHAPE, sphere|torus|gear|terrain|cloth[:N], or a concave shape "
                         "({\"type\": \"concave\", ...}, gear|star|comb|key[:N], letter-e, crates: the Mid phase 2D lab's)")
          ->required();
      command.add_option("--b", options->b, "Mesh B (same forms)")->required();
      command.add_option("--pose-b", options->poseB,
                         "B's placement: for meshes 7 numbers x,y,z,qw,qx,qy,qz or 6 numbers x,y,z,rx,ry,rz (turns in degrees "
                         "about x, then y, then z: the Mid phase lab's), for concave shapes 3 numbers x,y,angle (radians)")
          ->delimiter(',')
          ->expected(3, 7)
          ->option_text("NUMBERS,...");  // not "FLOAT x 3": meshes take 7
      addTreeOptions(command, *options);
      command.add_flag("--sat-lite", options->satLite, "Box volumes: test the 6 face axes only (and count false positives)");
      command.add_option("--budget", options->budget, "Breadth-first with at most N BV tests (0: depth-first, complete)")
          ->check(nonNegativeNumber());
      command.add_flag("--largest-first", options->largestFirst,
                       "With --budget: take the pair of largest surface area next (a priority queue), not the oldest");
      command.add_flag("--pairs", options->pairs, "List the overlapping triangle pairs [i, j]");
      command.add_option("--leaf-size", options->leafSize, "Concave shapes: at most N parts a leaf (the 2D lab's Leaf size)")
          ->check(CLI::Range(1, 8))
          ->capture_default_str();
      command.add_option("--part-test", options->partTest, "Concave shapes: the narrow phase on the part pairs (the 2D lab's Part test)")
          ->check(CLI::IsMember({"gjk", "sat", "epa"}))
          ->capture_default_str();
      return [options] { return runMidphase(*options); };
    },
});

const bool registeredBvh = registerCommand({
    "bvh",
    "Build one bounding volume hierarchy over a mesh and report its stats",
    [](CLI::App& command) -> std::function<int()> {
      auto options = std::make_shared<MidphaseCommandOptions>();
      command.add_option("--mesh", options->mesh, "FILE.obj, FILE.json, a JSON SHAPE, or sphere|torus|gear|terrain|cloth[:N]")
          ->required();
      addTreeOptions(command, *options);
      return [options] { return runBvh(*options); };
    },
});

}  // namespace
}  // namespace lab
