// app/cli/commands.h: subcommands register themselves here; main() builds the CLI from the registry.
#pragma once

#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace lab {

// A subcommand adds its options to `command` and returns the function that runs it (an exit code).
// The function is called only when the subcommand was given.
using CommandSetup = std::function<std::function<int()>(CLI::App& command)>;

struct CommandInfo {
  std::string name;
  std::string description;
  CommandSetup setup;
};

// --algo's check for `query` (narrow-phase algorithms) or `cast` (cast algorithms): an unknown name is refused
// listing the names, and a name of the other kind pointing to the command that runs it ("toi is a cast algorithm:
// collision-lab cast runs it").
[[nodiscard]] CLI::Validator algorithmChoice(bool cast);
// A number >= 0, refused in those words (--cell-size, --budget).
[[nodiscard]] CLI::Validator nonNegativeNumber();

// Options that each parse but do not go together (--sweep-axis z without --dim 3): a usage error, exit status 2 as
// for what the parser refuses, where a bad input is 1 (main.cpp).
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Returns true, so registration reads: static const bool registered = registerCommand({...});
bool registerCommand(CommandInfo info);
const std::vector<CommandInfo>& registeredCommands();

}  // namespace lab
