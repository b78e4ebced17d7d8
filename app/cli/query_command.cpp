// `collision-lab query`: answers shape pairs in bulk, JSON Lines in and out (README.md, "Command line").
//
//   collision-lab query [--algo gjk,distance,epa,sat,analytic] [--scalar float|double] [IN] [-o OUT]
//
// One line in, {"id": 7, "a": SHAPE, "b": SHAPE}, gives one line out, {"id": 7, "gjk": {...}, "epa": {...}}.
// Without --algo every algorithm that takes the pair runs (all of them, with their refusals, when none does);
// with it, an algorithm that refuses the pair answers {"error": "..."} in its place. A line that cannot be read answers {"id": ..., "error": "line 7: ..."} ({"line": 7, ...} without a readable id); the
// others are still answered and the exit status is 1 at the end. Blank lines are skipped.
#include <algorithm>
#include <array>
#include <cstdio>
#include <limits>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "cli/commands.h"
#include "collide/query.h"
#include "collide/query3.h"
#include "io/query_json.h"
#include "io/text_io.h"
#include "labs/format.h"
#include "labs/narration.h"

namespace lab {
namespace {

struct QueryCommandOptions {
  std::vector<std::string> algorithms;  // empty: every algorithm that takes the pair
  std::string scalar = "double";
  std::string inputPath;   // empty: standard input
  std::string outputPath;  // empty: standard output
};

// Float's rounding of an input that moves it by more than the smaller shape's size: float answers for another pair
// (review s31, C3: B's position x 500000002.5 is stored as 500000000, onto A: "hit, depth 2" with no hint). The input
// is the one the labs' float line names (narration.h's largestInputRounding). Empty when none moves that far.
template <class Collider>
std::string floatRoundingWarning(const Collider& a, const Collider& b) {
  const InputRounding moved = largestInputRounding(std::array<Collider, 2>{a, b});
  double size = std::numeric_limits<double>::infinity();  // two points have no size: nothing to compare with
  for (const Collider* shape : {&a, &b}) {
    const auto box = collide::bounds(*shape);
    double extent = 0;
    for (std::size_t k = 0; k < box.min.size(); ++k) extent = std::max(extent, box.max[k] - box.min[k]);
    if (extent > 0) size = std::min(size, extent);
  }
  if (!(moved.shift > size)) return {};
  return "float's rounding moves " + moved.text + ", by " + formatWith("%.2g", moved.shift) +
         ": more than the smaller shape's size (" + formatWith("%.3g", size) +
         "), so float answers for a different pair (--scalar double keeps the input)";
}

// A pair in the plane or in space (the pair's collider type says which).
template <collide::Scalar S, class Pair>
Json answer(const Pair& pair, const std::vector<collide::Algorithm>& chosen) {
  constexpr int kDimension = std::is_same_v<Pair, QueryPair3> ? 3 : 2;
  constexpr auto& kAll = collide::kAlgorithmsIn<kDimension>;
  const auto a = collide::castCollider<S>(pair.a);
  const auto b = collide::castCollider<S>(pair.b);
  requireValidIn<S>(pair.a, pair.b);  // one error for the line, naming the field, rather than one refusal per algorithm
  std::vector<collide::Algorithm> algorithms = chosen;
  if (algorithms.empty()) {
    for (const collide::Algorithm algorithm : kAll) {
      if (collide::refusal(algorithm, a, b).empty()) algorithms.push_back(algorithm);
    }
    // Nothing takes the pair (a wide sector against a box): say why, algorithm by algorithm.
    if (algorithms.empty()) algorithms.assign(kAll.begin(), kAll.end());
  }
  Json out = Json::object();
  out["id"] = pair.id;
  std::vector<std::string> warnings = pair.warnings;
  if constexpr (std::is_same_v<S, float>) {
    if (std::string moved = floatRoundingWarning(pair.a, pair.b); !moved.empty()) warnings.push_back(std::move(moved));
  }
  if (!warnings.empty()) out["warnings"] = warnings;
  for (const collide::Algorithm algorithm : algorithms) {
    out[std::string(collide::algorithmName(algorithm))] = queryResultToJson(collide::runQuery(algorithm, a, b));
  }
  return out;
}

int runQueryCommand(const QueryCommandOptions& options) {
  std::vector<collide::Algorithm> chosen;
  for (const std::string& name : options.algorithms) chosen.push_back(*collide::parseAlgorithm(name));
  const bool useFloat = options.scalar == "float";
  return answerJsonLines("query", options.inputPath, options.outputPath, [&](const Json& document) {
    return std::visit([&](const auto& pair) { return useFloat ? answer<float>(pair, chosen) : answer<double>(pair, chosen); },
                      queryPairFromJson(document));
  });
}

const bool registered = registerCommand({
    "query",
    "Answer shape pairs in bulk: JSON Lines {\"id\", \"a\", \"b\"} in, one result line out per input",
    [](CLI::App& command) -> std::function<int()> {
      auto options = std::make_shared<QueryCommandOptions>();
      command.add_option("--algo", options->algorithms, "Algorithms to run, comma separated (default: all that apply)")
          ->delimiter(',')
          ->allow_extra_args(false)  // "--algo gjk,sat IN": IN is not an algorithm
          ->check(algorithmChoice(false));
      command.add_option("--scalar", options->scalar, "Scalar type of the computation")
          ->check(CLI::IsMember({"float", "double"}))
          ->capture_default_str();
      command.add_option("IN", options->inputPath, "Input file, JSON Lines (default: standard input)");
      command.add_option("-o,--output", options->outputPath, "Output file (default: standard output)");
      return [options] { return runQueryCommand(*options); };
    },
});

}  // namespace
}  // namespace lab
