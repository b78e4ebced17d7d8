#include "cli/commands.h"

#include "cli/cast_command.h"
#include "collide/cast_query.h"
#include "collide/query.h"

namespace lab {

CLI::Validator algorithmChoice(bool cast) {
  return CLI::Validator(
      [cast](std::string& name) -> std::string {
        const bool narrowPhase = collide::parseAlgorithm(name).has_value();
        const bool casting = collide::castAlgorithmFromName(name).has_value();
        if (cast ? casting : narrowPhase) return {};
        if (cast && narrowPhase) return name + " is a narrow-phase algorithm: collision-lab query runs it";
        if (!cast && casting) return name + " is a cast algorithm: collision-lab cast runs it";
        return name + " is not one of " + (cast ? castAlgorithmNameList() : collide::algorithmNameList());
      },
      "ALGORITHM");
}

CLI::Validator nonNegativeNumber() {
  // CLI::NonNegativeNumber's message wrote out the largest double in 309 digits ("not in range 0.000000 to 1797...").
  return CLI::Validator(
      [](std::string& text) -> std::string {
        double value = 0;
        if (!CLI::detail::lexical_cast(text, value) || !(value >= 0)) return "expected a number >= 0, got " + text;
        return {};
      },
      "NUMBER >= 0");
}

namespace {
std::vector<CommandInfo>& registry() {
  static std::vector<CommandInfo> commands;  // function-local: safe from static initialisation order
  return commands;
}
}  // namespace

bool registerCommand(CommandInfo info) {
  registry().push_back(std::move(info));
  return true;
}

const std::vector<CommandInfo>& registeredCommands() { return registry(); }

}  // namespace lab
