// app/shell/edit_history.h: undo and redo for one lab, over snapshots of its state. One way for every lab: an edit
// is whatever changes the snapshot, so no lab lists its edits. A snapshot holds the lab's scene and its settings
// as compact JSON text, compared as text; the history also remembers the scene last opened or saved, which
// "unsaved" compares with. Bounded by count and by bytes (a 100,000-box broad-phase scene is megabytes of text);
// the current snapshot is always kept.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <map>
#include <string>

namespace lab {

struct EditSnapshot {
  std::string scene;     // what is compared: the scene without what is not an edit (the step, moving places)
  std::string settings;  // the lab's preferences
  std::string restore;   // the whole scene, when it holds more than `scene`; empty otherwise
  int sceneNumber = 0;   // which scene of the history it belongs to (EditHistory::beginScene; record() sets it)
  [[nodiscard]] const std::string& sceneToRestore() const { return restore.empty() ? scene : restore; }
  [[nodiscard]] std::size_t bytes() const { return scene.size() + settings.size() + restore.size(); }
  [[nodiscard]] bool sameEdit(const EditSnapshot& other) const {
    return scene == other.scene && settings == other.settings && sceneNumber == other.sceneNumber;
  }
};

class EditHistory {
 public:
  static constexpr std::size_t kMaxSnapshots = 100;
  static constexpr std::size_t kMaxBytes = std::size_t(64) << 20;

  // Starts over from `snapshot` (a lab was created or a scene opened), which counts as saved.
  void reset(EditSnapshot snapshot);
  // Records `snapshot` as the newest state when it differs from the current one (dropping what redo would have
  // restored); false when nothing changed.
  bool record(EditSnapshot snapshot);
  // The snapshot to restore, moving the current position; nullptr at either end.
  [[nodiscard]] const EditSnapshot* undo();
  [[nodiscard]] const EditSnapshot* redo();
  [[nodiscard]] bool canUndo() const { return position_ > 0; }
  [[nodiscard]] bool canRedo() const { return position_ + 1 < snapshots_.size(); }
  [[nodiscard]] const EditSnapshot& current() const { return snapshots_[position_]; }
  // The current scene was saved; unsaved(): it differs from the one last opened or saved.
  void markSaved();
  [[nodiscard]] bool unsaved() const {
    return !snapshots_.empty() && (current().scene != saved_.scene || current().sceneNumber != saved_.sceneNumber);
  }
  // A paste starts another, untitled scene in the same history (so undo still brings back what was there): what
  // is recorded from now on belongs to it, and it is in no file yet (unsaved). `identity` is the scene's being left
  // (its title, lesson and file, as the shell writes them), kept with its saved() until undo or redo goes back to
  // one of its snapshots.
  void beginScene(std::string identity);
  // Undo or redo reached a snapshot of scene `number`, not the current one: keeps `identity` (and saved()) as the
  // current scene's, and returns the identity kept for `number` (empty when none was), whose saved() it restores.
  [[nodiscard]] std::string switchScene(int number, std::string identity);
  [[nodiscard]] int sceneNumber() const { return sceneNumber_; }
  // The state last opened or saved: what a scene's lesson describes, and what "back to the scene" restores.
  [[nodiscard]] const EditSnapshot& saved() const { return saved_; }
  // Changes whenever current() or saved() may have (unique across histories): a key for what is derived from them.
  [[nodiscard]] std::uint64_t revision() const { return revision_; }

 private:
  void trim();

  std::deque<EditSnapshot> snapshots_;
  std::size_t position_ = 0;
  std::size_t bytes_ = 0;
  EditSnapshot saved_;
  std::uint64_t revision_ = 0;
  int sceneNumber_ = 0;       // the scene shown now
  int scenesBegun_ = 0;       // the last number beginScene gave
  struct KeptScene {
    std::string identity;
    EditSnapshot saved;
  };
  std::map<int, KeptScene> keptScenes_;  // the scenes not shown, by number

};

}  // namespace lab
