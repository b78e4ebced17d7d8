// app/resources/embedded.cpp: lookups over the generated table (see embedded.h).
#include "resources/embedded.h"

#include <algorithm>
#include <filesystem>

namespace lab {

const EmbeddedFile* findEmbeddedFile(std::string_view path) {
  const std::span<const EmbeddedFile> files = embeddedFiles();
  const auto it = std::find_if(files.begin(), files.end(), [&](const EmbeddedFile& file) { return file.path == path; });
  return it == files.end() ? nullptr : &*it;
}

std::vector<const EmbeddedFile*> embeddedFilesUnder(std::string_view directory) {
  std::vector<const EmbeddedFile*> out;
  for (const EmbeddedFile& file : embeddedFiles()) {
    if (file.path.size() > directory.size() && file.path.starts_with(directory) && file.path[directory.size()] == '/')
      out.push_back(&file);
  }
  std::sort(out.begin(), out.end(), [](const EmbeddedFile* a, const EmbeddedFile* b) { return a->path < b->path; });
  return out;
}

const EmbeddedFile* findCuratedScene(std::string_view name) {
  if (!name.starts_with(kCuratedScenePrefix)) return nullptr;
  return findEmbeddedFile("assets/" + std::string(name));
}

bool isCuratedScenePath(std::string_view path) {
  if (findCuratedScene(path) != nullptr) return true;
  // A copy in a source tree: .../assets/scenes/NAME, NAME one of the curated scenes.
  const std::filesystem::path file(path);
  const std::filesystem::path directory = file.parent_path();
  return directory.filename() == "scenes" && directory.parent_path().filename() == "assets" &&
         findCuratedScene(std::string(kCuratedScenePrefix) + file.filename().string()) != nullptr;
}

}  // namespace lab
