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

// A pair in the plane or in space (the pair's collider type says which).
template <collide::Scalar S, class Pair>
Json answer(const Pair& pair, const std::vector<collide::Algorithm>& chosen, std::string_view text) {
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
  if (std::string moved = inputRoundingWarning<S>(text, pair.a, pair.b); !moved.empty()) warnings.push_back(std::move(moved));
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
  return answerJsonLines("query", options.inputPath, options.outputPath, [&](const Json& document, std::string_view text) {
    return std::visit([&](const auto& pair) { return useFloat ? answer<float>(pair, chosen, text) : answer<double>(pair, chosen, text); },
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
