// app/resources/embedded.h: files built into the executable (shaders/ and assets/scenes/), so the app runs
// from any directory and from an install prefix without a source tree. app/CMakeLists.txt generates the
// table at build time with embed_files.cmake.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace lab {

struct EmbeddedFile {
  std::string_view path;      // relative to the repository: "shaders/line.vert", "assets/scenes/01_far_apart.json"
  std::string_view contents;  // the file's bytes (followed by a NUL that is not counted)
};

// Every embedded file, sorted by path.
[[nodiscard]] std::span<const EmbeddedFile> embeddedFiles();

// The file at `path`, or nullptr.
[[nodiscard]] const EmbeddedFile* findEmbeddedFile(std::string_view path);

// The embedded files under `directory` ("assets/scenes"), in path order.
[[nodiscard]] std::vector<const EmbeddedFile*> embeddedFilesUnder(std::string_view directory);

// The name the app shows and accepts for a curated scene: "scenes/01_far_apart.json". A path the scene
// dialog, --scene and Recent accept like a file name (a real file of that name wins).
inline constexpr std::string_view kCuratedScenePrefix = "scenes/";
[[nodiscard]] const EmbeddedFile* findCuratedScene(std::string_view name);
// A curated scene's name, or a file in a source tree's assets/scenes/ of a curated scene's name: saving over it
// rewrites a lesson, so the unsaved-changes prompt offers Save As first.
[[nodiscard]] bool isCuratedScenePath(std::string_view path);

}  // namespace lab
