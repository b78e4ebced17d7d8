// `collision-lab cast`: continuous collision in bulk, JSON Lines in and out (README.md, "Continuous collision").
//
//   collision-lab cast [--algo ray,linear,toi,dynamic-sat,analytic] [--scalar float|double] [--trace] [IN] [-o OUT]
//
// One line in, {"id": 7, "a": SHAPE, "b": SHAPE, "motion_a": MOTION, "motion_b": MOTION}, gives one line out,
// {"id": 7, "toi": {"hit": true, "t": 0.25, "normal": [..], "point": [..], "iterations": 5, "status": "hit"}, ...}.
// MOTION = {"velocity": [..], "angular_velocity": w (2D) or [wx, wy, wz] (3D)}, both optional and zero by default,
// is the motion over t in [0, 1] (collide/cast.h). Without --algo every algorithm that takes the pair runs (all
// of them, with their refusals, when none does); with it, a refusing algorithm answers {"error": "..."}. --trace
// adds each algorithm's steps ("trace": {"advance": [...], "ray": [...], "axes": [...], "sweep": [...]}). A line
// that cannot be read answers {"id": ..., "error": "line 7: ..."}; the exit status is then 1 at the end.
//
// [SECTION] Lines in: pairs with motions
// [SECTION] Lines out: results and traces
// [SECTION] The command
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "cli/cast_command.h"
#include "cli/commands.h"
#include "collide/cast_query.h"
#include "collide/query.h"
#include "collide/query3.h"
#include "io/query_json.h"
#include "io/text_io.h"
#include "labs/narration.h"

namespace lab {
namespace {

using collide::CastAlgorithm;

// [SECTION] Lines in: pairs with motions

std::string refusalText(const collide::CastRefusal& refusal) {
  switch (refusal.subject) {
    case collide::CastSubject::Pair: return refusal.reason;
    case collide::CastSubject::ShapeA: return "a: " + refusal.reason;
    case collide::CastSubject::ShapeB: return "b: " + refusal.reason;
    case collide::CastSubject::MotionA: return "motion_a." + std::string(refusal.field) + ": " + refusal.reason;
    case collide::CastSubject::MotionB: return "motion_b." + std::string(refusal.field) + ": " + refusal.reason;
  }
  return refusal.reason;
}

// [SECTION] Lines out: results and traces

template <collide::Vector V>
Json resultToJson(const collide::CastResult<V>& result, CastAlgorithm algorithm) {
  Json out = {{"hit", result.hit}, {"t", jsonNumber(result.fraction)}};
  // Overlapping at the start: no contact normal or point (the shapes share a region; query's epa gives its depth).
  if (result.hit && result.status != collide::CastStatus::Overlapping) {
    out["normal"] = jsonVector(result.normal);
    out["point"] = jsonVector(result.point);
  }
  if (!collide::castAlgorithmInfo(algorithm).counts.empty()) out["iterations"] = result.iterations;
  out["status"] = std::string(collide::castStatusName(result.status));
  return out;
}

template <collide::Vector V>
Json traceToJson(const collide::CastRecorder<V>& trace) {
  Json out = Json::object();
  if (!trace.ray.empty()) {
    Json steps = Json::array();
    for (const auto& s : trace.ray) {
      Json simplex = Json::array();
      for (int i = 0; i < s.simplexCount; ++i) simplex.push_back(jsonVector(s.simplex[i]));
      steps.push_back({{"iteration", s.iteration}, {"lambda", jsonNumber(s.lambda)}, {"x", jsonVector(s.x)}, {"direction", jsonVector(s.direction)}, {"v", jsonVector(s.v)},
                       {"distance", jsonNumber(s.distance)}, {"support", jsonVector(s.support)}, {"advanced", s.advanced},
                       {"simplex", simplex}, {"point_a", jsonVector(s.pointA)}, {"point_b", jsonVector(s.pointB)}, {"status", s.last ? std::string(collide::castStatusName(s.status)) : ""}});
    }
    out["ray"] = steps;
  }
  if (!trace.advance.empty()) {
    Json steps = Json::array();
    for (const auto& s : trace.advance) {
      steps.push_back({{"iteration", s.iteration}, {"time", jsonNumber(s.time)}, {"distance", jsonNumber(s.distance)},
                       {"normal", jsonVector(s.normal)}, {"point_a", jsonVector(s.pointA)}, {"point_b", jsonVector(s.pointB)},
                       {"closing_speed", jsonNumber(s.closingSpeed)}, {"angular_bound", jsonNumber(s.angularBound)},
                       {"bound", jsonNumber(s.bound)}, {"turn_rate", jsonNumber(s.turnRate)},
                       {"turn_cap", jsonNumber(s.turnCap)}, {"step", jsonNumber(s.step)}, {"gjk_iterations", s.gjkIterations},
                       {"status", s.last ? std::string(collide::castStatusName(s.status)) : ""}});
    }
    out["advance"] = steps;
  }
  if (!trace.axes.empty()) {
    Json steps = Json::array();
    for (const auto& s : trace.axes) {
      using Source = typename collide::SweptAxisStep<V>::Source;
      const char* source = s.source == Source::FaceA ? "face_a" : s.source == Source::FaceB ? "face_b" : "edge_pair";
      steps.push_back({{"axis", jsonVector(s.axis)}, {"source", source}, {"a", {jsonNumber(s.minA), jsonNumber(s.maxA)}},
                       {"b", {jsonNumber(s.minB), jsonNumber(s.maxB)}}, {"speed", jsonNumber(s.speed)},
                       {"t_enter", jsonNumber(s.tEnter)}, {"t_exit", jsonNumber(s.tExit)}, {"first", jsonNumber(s.first)},
                       {"last", jsonNumber(s.last)}, {"early_exit", s.earlyExit}});
    }
    out["axes"] = steps;
  }
  if (!trace.sweep.empty()) {
    Json steps = Json::array();
    for (const auto& s : trace.sweep) {
      Json step = {{"part", std::string(collide::sweepPartName(s.part))}, {"start", jsonVector(s.start)},
                   {"motion", jsonVector(s.motion)}, {"radius", jsonNumber(s.radius)}};
      if (s.index >= 0) step["index"] = s.index;
      const bool quadratic = s.part == collide::SweepPart::Sphere || s.part == collide::SweepPart::Edge ||
                             s.part == collide::SweepPart::Vertex;
      if (quadratic) {
        step["a"] = jsonNumber(s.a), step["b"] = jsonNumber(s.b), step["c"] = jsonNumber(s.c);
        step["discriminant"] = jsonNumber(s.discriminant);
        step["roots"] = {jsonNumber(s.root0), jsonNumber(s.root1)};
      }
      if (s.part == collide::SweepPart::Plane || s.part == collide::SweepPart::Face) {
        step["start_distance"] = jsonNumber(s.startDistance);
        step["end_distance"] = jsonNumber(s.endDistance);
      }
      if (s.part != collide::SweepPart::RelativeMotion && s.part != collide::SweepPart::MinkowskiSum) {
        step["t"] = jsonNumber(s.t);
        step["hit"] = s.hit;
      }
      steps.push_back(std::move(step));
    }
    out["sweep"] = steps;
  }
  return out;
}

struct CastCommandOptions {
  std::vector<std::string> algorithms;  // empty: every algorithm that takes the pair
  std::string scalar = "double";
  bool trace = false;
  std::string inputPath;
  std::string outputPath;
};

template <collide::Scalar S, class Collider>
Json answer(const CastPair<Collider>& line, const std::vector<CastAlgorithm>& chosen, bool withTrace, std::string_view text) {
  using V = std::conditional_t<std::is_same_v<Collider, collide::Collider3<double>>, collide::Vec3<S>, collide::Vec2<S>>;
  using VD = std::conditional_t<std::is_same_v<Collider, collide::Collider3<double>>, collide::Vec3<double>,
                                collide::Vec2<double>>;
  const auto a = collide::castCollider<S>(line.pair.a);
  const auto b = collide::castCollider<S>(line.pair.b);
  requireValidIn<S>(line.pair.a, line.pair.b);
  const collide::Motion<V> motionA = castMotionFromJson<VD>(line.motionA, "motion_a").template cast<S>();
  const collide::Motion<V> motionB = castMotionFromJson<VD>(line.motionB, "motion_b").template cast<S>();
  // What no algorithm takes is the line's error, said once and counted, as query's; what one algorithm does not take
  // is refused in its place.
  if (const auto refusal = collide::castInputRefusal(a, motionA, b, motionB)) throw JsonFieldError(refusalText(*refusal));
  std::vector<CastAlgorithm> algorithms = chosen;
  if (algorithms.empty()) {
    for (const collide::CastAlgorithmInfo& info : collide::kCastAlgorithmTable) {
      if (!collide::castRefusal(info.algorithm, a, motionA, b, motionB)) algorithms.push_back(info.algorithm);
    }
    if (algorithms.empty()) {
      for (const collide::CastAlgorithmInfo& info : collide::kCastAlgorithmTable) algorithms.push_back(info.algorithm);
    }
  }
  Json out = Json::object();
  out["id"] = line.pair.id;
  std::vector<std::string> warnings = line.pair.warnings;
  if (std::string moved = inputRoundingWarning<S>(text, line.pair.a, line.pair.b); !moved.empty()) warnings.push_back(std::move(moved));
  if (!warnings.empty()) out["warnings"] = warnings;
  for (const CastAlgorithm algorithm : algorithms) {
    const std::string name(collide::castAlgorithmInfo(algorithm).name);
    if (const auto refusal = collide::castRefusal(algorithm, a, motionA, b, motionB)) {
      out[name] = {{"error", refusalText(*refusal)}};
      continue;
    }
    collide::CastRecorder<V> trace;
    const collide::CastResult<V> result =
        collide::runCast(algorithm, a, motionA, b, motionB, {}, withTrace ? &trace : nullptr);
    Json json = resultToJson(result, algorithm);
    if (withTrace) json["trace"] = traceToJson(trace);
    out[name] = std::move(json);
  }
  return out;
}

// [SECTION] The command

int runCastCommand(const CastCommandOptions& options) {
  std::vector<CastAlgorithm> chosen;
  for (const std::string& name : options.algorithms) chosen.push_back(*collide::castAlgorithmFromName(name));
  const bool useFloat = options.scalar == "float";
  return answerJsonLines("cast", options.inputPath, options.outputPath, [&](const Json& document, std::string_view text) {
    return std::visit(
        [&](const auto& pair) {
          return useFloat ? answer<float>(pair, chosen, options.trace, text) : answer<double>(pair, chosen, options.trace, text);
        },
        castPairFromJson(document));
  });
}

const bool registered = registerCommand({
    "cast",
    "Continuous collision in bulk: JSON Lines {\"id\", \"a\", \"b\", \"motion_a\", \"motion_b\"} in, the first "
    "contact in [0, 1] per algorithm out",
    [](CLI::App& command) -> std::function<int()> {
      auto options = std::make_shared<CastCommandOptions>();
      command.add_option("--algo", options->algorithms, "Algorithms to run, comma separated (default: all that apply)")
          ->delimiter(',')
          ->allow_extra_args(false)
          ->check(algorithmChoice(true));
      command.add_option("--scalar", options->scalar, "Scalar type of the computation")
          ->check(CLI::IsMember({"float", "double"}))
          ->capture_default_str();
      command.add_flag("--trace", options->trace, "Add every algorithm's steps to its result");
      command.add_option("IN", options->inputPath, "Input file, JSON Lines (default: standard input)");
      command.add_option("-o,--output", options->outputPath, "Output file (default: standard output)");
      return [options] { return runCastCommand(*options); };
    },
});

}  // namespace

std::string castAlgorithmNameList() {
  std::string names;
  for (const collide::CastAlgorithmInfo& info : collide::kCastAlgorithmTable)
    names += (names.empty() ? "" : ", ") + std::string(info.name);
  return names;
}

bool isCastTrace(const Json& line, std::string_view algorithm) {
  const bool castOnly = collide::castAlgorithmFromName(algorithm) && !collide::parseAlgorithm(algorithm);
  return castOnly || (line.is_object() && (line.contains("motion_a") || line.contains("motion_b")));
}

Json castTraceDocument(const Json& line, std::string_view algorithmName, bool useFloat, std::string_view text) {
  const std::optional<CastAlgorithm> algorithm = collide::castAlgorithmFromName(algorithmName);
  if (!algorithm) {
    throw JsonFieldError("algorithm: a line with motions takes a cast algorithm (" + castAlgorithmNameList() + "), got \"" +
                         std::string(algorithmName) + "\"");
  }
  return std::visit(
      [&](const auto& pair) {
        Json answered = useFloat ? answer<float>(pair, {*algorithm}, true, text) : answer<double>(pair, {*algorithm}, true, text);
        Json out = Json::object();
        out["id"] = pair.pair.id;
        out["scalar"] = useFloat ? "float" : "double";
        out["a"] = colliderToJson(pair.pair.a);
        out["b"] = colliderToJson(pair.pair.b);
        if (answered.contains("warnings")) out["warnings"] = answered["warnings"];
        out["motion_a"] = pair.motionA.is_null() ? Json::object() : pair.motionA;
        out["motion_b"] = pair.motionB.is_null() ? Json::object() : pair.motionB;
        out["algorithm"] = std::string(algorithmName);
        Json result = answered[std::string(algorithmName)];
        if (result.contains("trace")) {
          out["trace"] = result["trace"];
          result.erase("trace");
        }
        out["result"] = result;
        return out;
      },
      castPairFromJson(line));
}

}  // namespace lab
