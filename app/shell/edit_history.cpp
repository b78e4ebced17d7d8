#include "shell/edit_history.h"

namespace lab {

std::string EditHistory::snapshot(std::string_view scene, std::string_view settings) {
  std::string text;
  text.reserve(scene.size() + 1 + settings.size());
  text.append(scene).append(1, '\n').append(settings);
  return text;
}

std::string_view EditHistory::scenePart(std::string_view snapshot) { return snapshot.substr(0, snapshot.find('\n')); }

std::string_view EditHistory::settingsPart(std::string_view snapshot) {
  const std::size_t newline = snapshot.find('\n');
  return newline == std::string_view::npos ? std::string_view() : snapshot.substr(newline + 1);
}

void EditHistory::reset(std::string snapshot) {
  snapshots_.clear();
  bytes_ = snapshot.size();
  snapshots_.push_back(std::move(snapshot));
  position_ = 0;
  markSaved();
}

bool EditHistory::record(std::string snapshot) {
  if (!snapshots_.empty() && snapshots_[position_] == snapshot) return false;
  while (snapshots_.size() > position_ + 1) {
    bytes_ -= snapshots_.back().size();
    snapshots_.pop_back();
  }
  bytes_ += snapshot.size();
  snapshots_.push_back(std::move(snapshot));
  position_ = snapshots_.size() - 1;
  trim();
  return true;
}

const std::string* EditHistory::undo() {
  if (!canUndo()) return nullptr;
  return &snapshots_[--position_];
}

const std::string* EditHistory::redo() {
  if (!canRedo()) return nullptr;
  return &snapshots_[++position_];
}

// The oldest states go first; the current one stays whatever its size.
void EditHistory::trim() {
  while (snapshots_.size() > 1 && position_ > 0 && (snapshots_.size() > kMaxSnapshots || bytes_ > kMaxBytes)) {
    bytes_ -= snapshots_.front().size();
    snapshots_.pop_front();
    --position_;
  }
}

}  // namespace lab
