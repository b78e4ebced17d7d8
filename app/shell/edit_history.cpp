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
  bytes_ = snapshot.bytes();
  snapshots_.push_back(std::move(snapshot));
  position_ = 0;
  markSaved();
}

bool EditHistory::record(EditSnapshot snapshot) {
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

// The oldest states go first; the current one stays whatever its size.
void EditHistory::trim() {
  while (snapshots_.size() > 1 && position_ > 0 && (snapshots_.size() > kMaxSnapshots || bytes_ > kMaxBytes)) {
    bytes_ -= snapshots_.front().bytes();
    snapshots_.pop_front();
    --position_;
  }
}

}  // namespace lab
