#include "cli/commands.h"

namespace lab {

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
