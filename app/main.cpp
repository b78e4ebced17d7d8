// collision-lab: with no subcommand, the interactive lab; with one, a scripting tool (see README.md).
#include <cstdio>
#include <exception>

#include <CLI/CLI.hpp>

#include "cli/commands.h"
#include "shell/gui.h"

int main(int argc, char** argv) {
  CLI::App app{"Collision Lab: an interactive visual debugger for collision detection"};
  app.set_version_flag("--version", COLLISION_LAB_VERSION);
  app.require_subcommand(0, 1);

  lab::GuiOptions gui;
  app.add_option("--scene", gui.scenePath, "Open this scene file (JSON)");
  app.add_option("--lab", gui.labName, "Open this lab, e.g. \"Narrow phase\" (older names such as \"GJK\" still work)");
  app.add_option("--dump-state", gui.dumpStatePath, "Write the final lab state as JSON here on exit");
  app.add_flag("--plots", gui.plots, "Start with the Plots window (View > Plots) open");

  std::function<int()> chosen;
  for (const lab::CommandInfo& info : lab::registeredCommands()) {
    CLI::App* command = app.add_subcommand(info.name, info.description);
    auto run = info.setup(*command);
    command->callback([&chosen, run] { chosen = run; });
  }

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    // --help and --version are 0; a usage error (an unknown option, a value not allowed) is 2, as most tools say it,
    // not CLI11's own numbers (105, 109...), and apart from 1, a bad input line.
    return app.exit(error) == 0 ? 0 : 2;
  }
  try {
    return chosen ? chosen() : lab::runGui(gui);
  } catch (const lab::UsageError& error) {
    std::fprintf(stderr, "collision-lab: %s\n", error.what());
    return 2;
  } catch (const std::exception& error) {
    std::fprintf(stderr, "collision-lab: %s\n", error.what());
    return 1;
  }
}
