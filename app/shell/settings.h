// app/shell/settings.h: what the app remembers between runs, in
// $XDG_CONFIG_HOME/collision-lab/settings.json (or ~/.config/collision-lab/settings.json).
#pragma once

#include <string>
#include <vector>

#include "lab/vocabulary.h"

namespace lab {

struct Settings {
  static constexpr int kMaxRecentFiles = 8;

  std::string lastLab;
  std::string scenePath;
  int windowWidth = 1600;
  int windowHeight = 1000;
  bool showGrid = true;
  bool followStep = true;  // View > Follow the step
  // View > UI scale: text, widgets and the views' labels, in percent of the monitor's scale (a projector wants 150).
  static constexpr int kMinUiScale = 100;
  static constexpr int kMaxUiScale = 200;
  static constexpr int kUiScaleStep = 25;
  int uiScalePercent = 100;
  std::vector<std::string> recentFiles;  // most recent first
  Json labs = Json::object();  // each lab's own settings, by lab name
  // Each lab's 3D view cameras, by lab name: an array by view index of {target, yaw, pitch (degrees), distance,
  // projection}, null for a planar view (the shell's, not the lab's: LabShell::storeSettings).
  Json cameras = Json::object();

  void addRecentFile(const std::string& path);
};

// The settings file's path; empty when neither XDG_CONFIG_HOME nor HOME is set.
[[nodiscard]] std::string settingsPath();
// Missing or unreadable files give the defaults (a broken file must never stop the app from starting).
[[nodiscard]] Settings loadSettings(const std::string& path);
// Writes a temporary file and renames it over the old one; false when the directory is not writable.
bool saveSettings(const Settings& settings, const std::string& path);

}  // namespace lab
