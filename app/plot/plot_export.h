// app/plot/plot_export.h: the one exporter of plots and their numbers, shared by the Plots window and the
// Experiments lab: a name field, Export csv / png / svg, and the message that says what was written or why not.
#pragma once

#include <functional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "io/csv.h"
#include "plot/plot.h"

namespace lab {

// The export row's state, kept by its window between frames.
struct ExportRow {
  explicit ExportRow(std::string stemName) : stem(std::move(stemName)) {}
  std::string stem;     // the name field: a path without extension, relative to the working directory
  std::string message;  // "wrote /abs/path.png", or why nothing was written
  bool failed = false;  // the message is a refusal (drawn red)
  std::vector<std::pair<std::string, ScreenRect>> buttons;  // where the last draw put each button (--dump-state)
  ScreenRect messageRect{};                                 // and the message
};

// What one export writes: the numbers (asked for only by csv) and the plots side by side (png, svg).
struct ExportContent {
  std::function<CsvTable()> table;
  std::span<const RangedPlot> plots;
  int width = 1200;
  int height = 700;
};

// Writes the stem plus ".extension", or "stem-2", ... when that file exists (nothing already there is overwritten).
// Returns the whole path written, or empty with the reason in row.message: a folder that does not exist is named as
// the user typed it, with the working directory it is relative to ("folder lecture/ does not exist (in /tmp/run)"),
// never the writer's temporary ".partial" file (newcomer review s35, A13).
std::string exportFiles(ExportRow& row, const std::string& extension, const ExportContent& content);

// The row as drawn in `width` pixels: how many lines it takes (the field and buttons, then the message when the
// first line has no room for it), so a window can leave it that much of its height.
[[nodiscard]] float exportRowHeight(const ExportRow& row, float width);
// Draws the row at the cursor: the name field, the three buttons and the message (red when it is a refusal, whole:
// wrapped under the buttons when it does not fit beside them). Writes through exportFiles when a button is clicked.
void drawExportRow(ExportRow& row, const ExportContent& content);

}  // namespace lab
