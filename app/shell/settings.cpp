#include "shell/settings.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "io/text_io.h"

namespace lab {

void Settings::addRecentFile(const std::string& path) {
  std::erase(recentFiles, path);
  recentFiles.insert(recentFiles.begin(), path);
  if (recentFiles.size() > kMaxRecentFiles) recentFiles.resize(kMaxRecentFiles);
}

std::string settingsPath() {
  const char* configHome = std::getenv("XDG_CONFIG_HOME");
  if (configHome && *configHome) return std::string(configHome) + "/collision-lab/settings.json";
  const char* home = std::getenv("HOME");
  if (home && *home) return std::string(home) + "/.config/collision-lab/settings.json";
  return {};
}

namespace {
constexpr std::uintmax_t kMaxSettingsFileBytes = 16u << 20;  // each lab's preferences are a few keys
}  // namespace

Settings loadSettings(const std::string& path) {
  Settings settings;
  if (path.empty()) return settings;
  // Through the same guarded reader as scene files: a directory, a FIFO or a huge file in its place gives the
  // defaults instead of an exception, a hang or an allocation failure.
  Json json;
  try {
    json = parseJsonText(readTextFile(path, kMaxSettingsFileBytes));
  } catch (const std::runtime_error&) {  // FileError, JsonSyntaxError
    return settings;
  }
  if (!json.is_object()) return settings;
  readSetting(json, "lastLab", settings.lastLab);
  readSetting(json, "scenePath", settings.scenePath);
  readSetting(json, "windowWidth", settings.windowWidth);
  readSetting(json, "windowHeight", settings.windowHeight);
  readSetting(json, "showGrid", settings.showGrid);
  readSetting(json, "followStep", settings.followStep);
  readSetting(json, "uiScalePercent", settings.uiScalePercent);
  readSetting(json, "recentFiles", settings.recentFiles);
  if (json.contains("labs") && json["labs"].is_object()) settings.labs = json["labs"];
  if (json.contains("cameras") && json["cameras"].is_object()) settings.cameras = json["cameras"];
  settings.windowWidth = std::clamp(settings.windowWidth, 320, 16384);
  settings.windowHeight = std::clamp(settings.windowHeight, 240, 16384);
  settings.uiScalePercent = std::clamp(settings.uiScalePercent, Settings::kMinUiScale, Settings::kMaxUiScale);
  if (settings.recentFiles.size() > Settings::kMaxRecentFiles) settings.recentFiles.resize(Settings::kMaxRecentFiles);
  return settings;
}

bool saveSettings(const Settings& settings, const std::string& path) {
  if (path.empty()) return false;
  const nlohmann::ordered_json json = {{"lastLab", settings.lastLab},       {"scenePath", settings.scenePath},
                               {"windowWidth", settings.windowWidth}, {"windowHeight", settings.windowHeight},
                               {"showGrid", settings.showGrid},     {"recentFiles", settings.recentFiles},
                               {"labs", settings.labs},             {"cameras", settings.cameras},
                               {"followStep", settings.followStep}, {"uiScalePercent", settings.uiScalePercent}};
  std::error_code error;
  const std::filesystem::path target(path);
  std::filesystem::create_directories(target.parent_path(), error);
  const std::filesystem::path temporary = target.string() + ".tmp";
  {
    std::ofstream file(temporary, std::ios::trunc);
    if (!file) return false;
    file << json.dump(2) << '\n';
    if (!file) return false;
  }
  std::filesystem::rename(temporary, target, error);
  return !error;
}

}  // namespace lab
