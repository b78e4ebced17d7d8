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
