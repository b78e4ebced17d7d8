// app/shell/edit_history.h: undo and redo for one lab, over snapshots of its state. One way for every lab: an edit
// is whatever changes the snapshot, so no lab lists its edits. A snapshot is the lab's scene as compact JSON text,
// a newline, then its settings as compact JSON text (compact JSON holds no newline: strings escape it). The history
// also remembers the scene part last opened or saved, which "unsaved" compares with.
// Bounded by count and by bytes (a 100,000-box broad-phase scene is megabytes of text); the current snapshot is
// always kept.
#pragma once

#include <cstddef>
#include <deque>
#include <string>
#include <string_view>

namespace lab {

class EditHistory {
 public:
  static constexpr std::size_t kMaxSnapshots = 100;
  static constexpr std::size_t kMaxBytes = std::size_t(64) << 20;

  // Starts over from `snapshot` (a lab was created or a scene opened), which counts as saved.
  void reset(std::string snapshot);
  // Records `snapshot` as the newest state when it differs from the current one (dropping what redo would have
  // restored); false when nothing changed.
  bool record(std::string snapshot);
  // The snapshot to restore, moving the current position; nullptr at either end.
  [[nodiscard]] const std::string* undo();
  [[nodiscard]] const std::string* redo();
  [[nodiscard]] bool canUndo() const { return position_ > 0; }
  [[nodiscard]] bool canRedo() const { return position_ + 1 < snapshots_.size(); }
  [[nodiscard]] bool empty() const { return snapshots_.empty(); }
  [[nodiscard]] const std::string& current() const { return snapshots_[position_]; }
  // The current scene was saved; unsaved(): it differs from the one last opened or saved.
  void markSaved() { savedScene_ = std::string(scenePart(current())); }
  [[nodiscard]] bool unsaved() const { return !snapshots_.empty() && scenePart(current()) != savedScene_; }

  // The two parts of a snapshot.
  [[nodiscard]] static std::string snapshot(std::string_view scene, std::string_view settings);
  [[nodiscard]] static std::string_view scenePart(std::string_view snapshot);
  [[nodiscard]] static std::string_view settingsPart(std::string_view snapshot);

 private:
  void trim();

  std::deque<std::string> snapshots_;
  std::size_t position_ = 0;
  std::size_t bytes_ = 0;
  std::string savedScene_;
};

}  // namespace lab
