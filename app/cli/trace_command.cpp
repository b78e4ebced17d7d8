// `collision-lab trace`: one pair, one algorithm, every step as pretty JSON (README.md, "Command line").
//
//   collision-lab trace --algo NAME [--scalar float|double] [IN] [-o OUT]
//
// IN holds one pair, {"id": ..., "a": SHAPE, "b": SHAPE} (a line of a query file), or a scene file of two shapes,
// 2D or 3D, read as that line (scenePairLine), whose "algorithm" is used when --algo is not given. The output:
// {"id", "scalar", "a", "b", "algorithm", "result", and the steps: "gjk", "epa", "sat" or "analytic"}, world frame.
// Exit status 1 when the algorithm refuses the pair (the result then holds the "error"), or when the input cannot
// be read. A line of `cast` (with "motion_a" or "motion_b": a continuous-collision scene's moving shapes, or --algo
// ray, linear, toi or dynamic-sat) is traced by that cast algorithm instead (cast_command.h).
#include <filesystem>
#include <iterator>
#include <memory>
#include <string>
#include <variant>

#include "cli/cast_command.h"
#include "cli/commands.h"
#include "collide/cast_query.h"
#include "collide/query.h"
#include "collide/query3.h"
#include "io/query_json.h"
#include "io/scene.h"
#include "io/text_io.h"
#include "labs/narration.h"
#include "resources/embedded.h"

namespace lab {
namespace {

struct TraceCommandOptions {
  std::string algorithm;  // empty: the scene's
  std::string scalar = "double";
  std::string inputPath;
  std::string outputPath;
};

int runTraceCommand(const TraceCommandOptions& options) {
  // A curated scene by its name when no such file exists ("scenes/04_identical_squares.json"), as the app opens it.
  std::string text, inputName;
  std::error_code missing;
  if (const EmbeddedFile* curated = findCuratedScene(options.inputPath);
      curated != nullptr && !std::filesystem::exists(options.inputPath, missing)) {
    text = std::string(curated->contents);
    inputName = options.inputPath;
  } else {
    InputSource input(options.inputPath);
    text.assign(std::istreambuf_iterator<char>(input.stream()), std::istreambuf_iterator<char>());
    inputName = options.inputPath.empty() || options.inputPath == "-" ? std::string("standard input") : options.inputPath;
  }
  std::variant<QueryPair, QueryPair3> pair;
  std::string algorithmName = options.algorithm;
  try {
    Json line = parseJsonText(text);
    if (line.is_object() && line.contains("format")) {
      const Scene scene = sceneFromJson(line);
      line = scenePairLine(scene);
      if (algorithmName.empty()) algorithmName = scene.algorithm;
    }
    if (isCastTrace(line, algorithmName)) {
      // A line of `cast` (motions): the cast algorithm's steps (cli/cast_command.h).
      if (algorithmName.empty()) {
        throw std::runtime_error("trace: give --algo (" + castAlgorithmNameList() +
                                 "): the shapes move, and the input names no cast algorithm");
      }
      const Json out = castTraceDocument(line, algorithmName, options.scalar == "float", text);
      OutputSink output(options.outputPath);
      output.stream() << dumpReadable(out) << '\n';
      output.finish();
      return out["result"].contains("error") ? 1 : 0;
    }
    if (!algorithmName.empty() && !collide::parseAlgorithm(algorithmName)) {
      throw JsonFieldError("algorithm: expected one of " + collide::algorithmNameList() + ", got \"" + algorithmName +
                           "\" (a cast algorithm needs moving shapes: \"motion_a\" or \"motion_b\")");
    }
    pair = queryPairFromJson(line);
  } catch (const JsonSyntaxError& error) {
    // The hint only where a second value follows the first (the parser expected the end): lines of query.
    const bool moreThanOne = std::string_view(error.what()).find("expected end of input") != std::string_view::npos;
    throw std::runtime_error(inputName + ", " + error.what() +
                             (moreThanOne ? " (trace reads one pair or a scene file; query takes many pairs)" : ""));
  } catch (const JsonFieldError& error) {
    throw std::runtime_error(inputName + ": " + error.what());
  }
  if (algorithmName.empty()) {
    throw std::runtime_error("trace: give --algo (" + collide::algorithmNameList() + "); the input names none");
  }
  const collide::Algorithm algorithm = *collide::parseAlgorithm(algorithmName);
  const Json out = std::visit(
      [&](auto& chosen) {
        const bool useFloat = options.scalar == "float";
        std::string moved = useFloat ? inputRoundingWarning<float>(text, chosen.a, chosen.b)
                                     : inputRoundingWarning<double>(text, chosen.a, chosen.b);
        if (!moved.empty()) chosen.warnings.push_back(std::move(moved));
        return useFloat ? traceDocument<float>(chosen, algorithm) : traceDocument<double>(chosen, algorithm);
      },
      pair);
  OutputSink output(options.outputPath);
  output.stream() << dumpReadable(out) << '\n';
  output.finish();
  return out["result"].contains("error") ? 1 : 0;
}

const bool registered = registerCommand({
    "trace",
    "Record one algorithm on one pair and write every step as JSON",
    [](CLI::App& command) -> std::function<int()> {
      auto options = std::make_shared<TraceCommandOptions>();
      std::vector<std::string> names = collide::algorithmNames();
      for (const collide::CastAlgorithmInfo& info : collide::kCastAlgorithmTable)
        if (!collide::parseAlgorithm(info.name)) names.emplace_back(info.name);
      command.add_option("--algo", options->algorithm,
                         "Algorithm (default: the scene's \"algorithm\"); on a line with motions, a cast algorithm")
          ->check(CLI::IsMember(names));
      command.add_option("--scalar", options->scalar, "Scalar type of the computation")
          ->check(CLI::IsMember({"float", "double"}))
          ->capture_default_str();
      command.add_option("IN", options->inputPath, "A pair {\"id\", \"a\", \"b\"} or a scene file (default: standard input)");
      command.add_option("-o,--output", options->outputPath, "Output file (default: standard output)");
      return [options] { return runTraceCommand(*options); };
    },
});

}  // namespace
}  // namespace lab
