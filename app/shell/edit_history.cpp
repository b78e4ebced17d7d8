#include "shell/edit_history.h"

#include <utility>

namespace lab {

namespace {
std::uint64_t nextRevision() {
  static std::uint64_t counter = 0;
  return ++counter;
}
}  // namespace

void EditHistory::markSaved() {
  saved_ = current();
  revision_ = nextRevision();
}

void EditHistory::reset(EditSnapshot snapshot) {
  snapshots_.clear();
  keptScenes_.clear();
  sceneNumber_ = scenesBegun_ = 0;
  snapshot.sceneNumber = 0;
  bytes_ = snapshot.bytes();
  snapshots_.push_back(std::move(snapshot));
  position_ = 0;
  markSaved();
}

bool EditHistory::record(EditSnapshot snapshot) {
  snapshot.sceneNumber = sceneNumber_;
  if (!snapshots_.empty() && snapshots_[position_].sameEdit(snapshot)) return false;
  while (snapshots_.size() > position_ + 1) {
    bytes_ -= snapshots_.back().bytes();
    snapshots_.pop_back();
  }
  bytes_ += snapshot.bytes();
  snapshots_.push_back(std::move(snapshot));
  position_ = snapshots_.size() - 1;
  revision_ = nextRevision();
  trim();
  return true;
}

const EditSnapshot* EditHistory::undo() {
  if (!canUndo()) return nullptr;
  revision_ = nextRevision();
  return &snapshots_[--position_];
}

const EditSnapshot* EditHistory::redo() {
  if (!canRedo()) return nullptr;
  revision_ = nextRevision();
  return &snapshots_[++position_];
}

void EditHistory::beginScene(std::string identity) {
  keptScenes_[sceneNumber_] = {std::move(identity), std::move(saved_)};
  sceneNumber_ = ++scenesBegun_;
  saved_ = EditSnapshot{};  // saved nowhere yet
  saved_.sceneNumber = sceneNumber_;
  revision_ = nextRevision();
}

std::string EditHistory::switchScene(int number, std::string identity) {
  keptScenes_[sceneNumber_] = {std::move(identity), std::move(saved_)};
  sceneNumber_ = number;
  revision_ = nextRevision();
  const auto kept = keptScenes_.find(number);
  if (kept == keptScenes_.end()) {
    saved_ = EditSnapshot{};
    saved_.sceneNumber = number;
    return "";
  }
  std::string found = std::move(kept->second.identity);
  saved_ = std::move(kept->second.saved);
  keptScenes_.erase(kept);
  return found;
}

// The oldest states go first; the current one stays whatever its size.
void EditHistory::trim() {
  while (snapshots_.size() > 1 && position_ > 0 && (snapshots_.size() > kMaxSnapshots || bytes_ > kMaxBytes)) {
    bytes_ -= snapshots_.front().bytes();
    snapshots_.pop_front();
    --position_;
  }
}

}  // namespace lab
