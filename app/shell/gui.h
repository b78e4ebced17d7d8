// app/shell/gui.h: what main() hands the GUI when no subcommand is given.
#pragma once

#include <string>

namespace lab {

struct GuiOptions {
  std::string scenePath;      // --scene: open this scene file
  std::string labName;        // --lab: open this lab
  std::string dumpStatePath;  // --dump-state: write the final state as JSON on exit (tests)
  bool plots = false;         // --plots: start with View > Plots open (a lecture's recording from the first frame)
};

// Opens the window and runs until it is closed. Returns the process exit code.
int runGui(const GuiOptions& options);

}  // namespace lab
