// app/shell/lab_shell_edits.cpp: the part of LabShell (lab_shell.h) that keeps work: the labs kept alive while
// another is shown, undo and redo over snapshots of a lab's state, unsaved changes and the Save / Discard / Cancel
// prompt before a quit or an open replaces them, and the Edit menu's clipboard and File > Export trace.
//
// [SECTION] Kept labs
// [SECTION] Snapshots, undo and redo
// [SECTION] Unsaved changes: quitting and opening over them
// [SECTION] Edit menu, clipboard and export
#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <exception>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#define GLFW_INCLUDE_NONE  // key codes only; no GL header
#include <GLFW/glfw3.h>
#include <imgui.h>

#include "collide/query.h"
#include "io/query_json.h"
#include "io/text_io.h"
#include "labs/narration.h"
#include "resources/embedded.h"
#include "shell/lab_shell.h"

namespace lab {

// [SECTION] Kept labs

// The current lab, with everything the shell holds for it, goes aside until it is selected again.
void LabShell::keepCurrentLab() {
  commitEdit();
  storeLabSettings(*labInfo_, *lab_, views_);
  KeptLab& kept = keptLabs_[labInfo_->name];
  kept.lab = std::move(lab_);
  kept.views = std::move(views_);
  kept.timeline = timeline_;
  kept.sceneInfo = std::move(sceneInfo_);
  kept.lessonFold = lessonFold_;
  kept.scenePath = std::move(scenePath_);
  kept.pendingFit = pendingFit_;
  kept.fittedCameras = std::move(fittedCameras_);
  kept.history = std::move(history_);
  views_.clear();
  sceneInfo_ = {};
  scenePath_.clear();
  history_ = {};
}

// [SECTION] Snapshots, undo and redo

// The lab's scene and settings (edit_history.h). The step is where the timeline is, not an edit: a lab's saveScene
// leaves it out (the shell's saveScene adds it to files); so are the shapes' places and motions while the lab's clock moves them (kept in `restore`, which undo loads).
EditSnapshot LabShell::snapshotOf(const Lab& lab) {
  // Replacing bytes that are not UTF-8 (a shape name typed in) keeps dump() from throwing.
  const auto text = [](const Json& json) { return json.dump(-1, ' ', false, Json::error_handler_t::replace); };
  Scene scene;
  lab.saveScene(scene);
  Json document = sceneToJson(scene);
  EditSnapshot snapshot;
  snapshot.settings = text(lab.saveSettings());
  if (lab.sceneRunning()) snapshot.restore = text(document);
  if (lab.sceneRunning()) {
    for (Json& shape : document["shapes"]) {  // where they are and, after bounces, where they are heading
      shape.erase("position");
      shape.erase("angle");
      shape.erase("motion");
    }
  }
  snapshot.scene = text(document);
  return snapshot;
}

bool LabShell::commitEdit() { return lab_ && history_.record(snapshotOf(*lab_)); }

// Settings first (a lab's algorithm may be both a preference and part of its scene), then the scene through the
// lab's own loadScene, as a scene file would be; the step stays where it was when the run still has it.
bool LabShell::restoreSnapshot(const EditSnapshot& snapshot) {
  const int step = lab_->stepIndex();
  std::string error;
  try {
    if (snapshot.settings != snapshotOf(*lab_).settings) lab_->loadSettings(Json::parse(snapshot.settings));
    if (snapshot.scene != snapshotOf(*lab_).scene) {
      const Scene scene = sceneFromJson(Json::parse(snapshot.sceneToRestore()));
      if (!scene.algorithm.empty() && !lab_->setAlgorithm(scene.algorithm, error)) throw JsonFieldError(error);
      if (!lab_->loadScene(scene, error)) throw JsonFieldError(error);
    }
  } catch (const std::exception& failure) {
    reportError(std::string("cannot restore the ") + labInfo_->name + " lab's earlier state: " + failure.what());
    return false;
  }
  lab_->setStep(std::clamp(step, 0, std::max(lab_->stepCount() - 1, 0)));
  return true;
}

bool LabShell::undo() {
  if (!lab_ || pressView_ >= 0) return false;  // not in the middle of a drag
  commitEdit();  // an edit not yet recorded is the one to undo
  const EditSnapshot* previous = history_.undo();
  if (!previous) return false;
  showSceneOf(*previous);
  return restoreSnapshot(*previous);
}

bool LabShell::redo() {
  if (!lab_ || pressView_ >= 0) return false;
  if (commitEdit()) return false;  // a new edit ends what could be redone
  const EditSnapshot* next = history_.redo();
  if (!next) return false;
  showSceneOf(*next);
  return restoreSnapshot(*next);
}

std::string LabShell::sceneIdentity() const {
  return Json{{"title", sceneInfo_.title},
              {"lesson", sceneInfo_.lesson},
              {"lesson_for", sceneInfo_.lessonFor ? *sceneInfo_.lessonFor : Json()},
              {"path", scenePath_}}
      .dump(-1, ' ', false, Json::error_handler_t::replace);
}

void LabShell::applySceneIdentity(const std::string& identity) {
  if (identity.empty()) return;
  const Json read = Json::parse(identity, nullptr, /*allow_exceptions=*/false);
  if (!read.is_object()) return;
  sceneInfo_.title = read.value("title", "");
  sceneInfo_.lesson = read.value("lesson", "");
  sceneInfo_.lessonFor.reset();
  if (const auto lessonFor = read.find("lesson_for"); lessonFor != read.end() && !lessonFor->is_null()) sceneInfo_.lessonFor = *lessonFor;
  scenePath_ = read.value("path", "");
  lessonFold_ = {.openedStep = lab_->stepIndex()};
  lessonTyped_ = false;
}

void LabShell::showSceneOf(const EditSnapshot& snapshot) {
  if (snapshot.sceneNumber == history_.sceneNumber()) return;
  applySceneIdentity(history_.switchScene(snapshot.sceneNumber, sceneIdentity()));
}

void LabShell::beginPastedScene(const std::string& title) {
  // Already that untitled scene (a second paste, or the copied line pasted back): the paste is an edit of it.
  if (sceneInfo_.title == title && sceneInfo_.lesson.empty() && !sceneInfo_.lessonFor && scenePath_.empty()) return;
  history_.beginScene(sceneIdentity());  // paste() recorded the scene being left before it loaded the pair
  sceneInfo_.title = title;
  sceneInfo_.lesson.clear();
  sceneInfo_.lessonFor.reset();
  scenePath_.clear();
  lessonFold_ = {.openedStep = lab_->stepIndex()};
  lessonTyped_ = false;
}

bool LabShell::revertToSaved() {
  if (!lab_ || pressView_ >= 0) return false;
  commitEdit();
  if (lessonChanges().empty()) return false;
  const EditSnapshot saved = lessonScene();  // a copy: the record below may move the history's storage
  if (!restoreSnapshot(saved)) return false;
  commitEdit();
  return true;
}

namespace {

// "A", "A and B", "A, B and C"; past three, "4 shapes".
std::string nameList(const std::vector<std::string>& names) {
  if (names.size() > 3) return std::to_string(names.size()) + " shapes";
  std::string list;
  for (std::size_t i = 0; i < names.size(); ++i)
    list += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
  return list;
}

// Equal, numbers within rounding: a scene read back from a snapshot normalises its quaternions again, which can
// move their last bits (a restored scene is the scene it was).
bool sameUpToRounding(const Json& a, const Json& b) {
  if (a.is_number() && b.is_number()) {
    const double x = a.get<double>();
    const double y = b.get<double>();
    return std::abs(x - y) <= 1e-12 * std::max(std::abs(x), std::abs(y));
  }
  if (a.type() != b.type() || a.size() != b.size()) return false;
  if (a.is_array()) return std::equal(a.begin(), a.end(), b.begin(), sameUpToRounding);
  if (a.is_object()) {
    for (auto it = a.begin(); it != a.end(); ++it) {
      const auto other = b.find(it.key());
      if (other == b.end() || !sameUpToRounding(*it, *other)) return false;
    }
    return true;
  }
  return a == b;
}

// The lowercase words of a text (letters and digits): "Switch the build to Binned SAH (key 2)" -> switch, the, ...
std::set<std::string> wordsOf(std::string_view text) {
  std::set<std::string> words;
  std::string word;
  for (const char c : text) {
    if (std::isalnum(static_cast<unsigned char>(c))) {
      word += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    } else if (!word.empty()) {
      words.insert(std::exchange(word, {}));
    }
  }
  if (!word.empty()) words.insert(word);
  return words;
}

// Whether the lesson names a setting: every word of its name ("largest_first", "sat-lite", "sah") is in it.
bool lessonNames(const std::set<std::string>& lessonWords, std::string_view name) {
  const std::set<std::string> words = wordsOf(name);
  return !words.empty() && std::includes(lessonWords.begin(), lessonWords.end(), words.begin(), words.end());
}

// What differs between two snapshots' scenes (snapshotOf's JSON), in words: "moved B", "changed A and moved B",
// "switched the algorithm to GJK + EPA" (the lab's title for it), "changed the scene" when only the lab's own state differs; "" when nothing does.
// Some changes are a way of looking at the same scene, not a change to it, and keep a lesson current (though each
// is still an edit that undo walks and a save keeps): the scalar the core runs in (scene 08's lesson asks for
// float), and what the lesson itself invites: an algorithm it names ("Switch the build to Binned SAH") or a
// setting of the lab's whose name it uses ("turn Largest pair first off", "Slide the budget", "at frame 36").
std::string describeChanges(const std::string& before, const std::string& after, std::string_view lesson,
                            const Lab& lab) {
  Json from;
  Json to;
  try {
    from = Json::parse(before);
    to = Json::parse(after);
  } catch (const std::exception&) {
    return "changed the scene";
  }
  const std::set<std::string> lessonWords = wordsOf(lesson);
  Json& fromState = from["lab_state"];
  Json& toState = to["lab_state"];
  if (fromState.is_null()) fromState = Json::object();
  if (toState.is_null()) toState = Json::object();
  if (fromState.is_object() && toState.is_object()) {
    std::set<std::string> invited = {"scalar"};
    for (const Json* state : {&fromState, &toState}) {
      for (const auto& [key, value] : state->items()) {
        const Json* other = state == &fromState ? &toState : &fromState;
        if ((!other->contains(key) || (*other)[key] != value) && lessonNames(lessonWords, key)) invited.insert(key);
      }
    }
    for (const std::string& key : invited) {
      fromState.erase(key);
      toState.erase(key);
    }
  }
  if (lessonNames(lessonWords, to.value("algorithm", std::string()))) from["algorithm"] = to.value("algorithm", std::string());
  std::vector<std::string> parts;
  const Json& fromShapes = from.contains("shapes") ? from["shapes"] : Json::array();
  const Json& toShapes = to.contains("shapes") ? to["shapes"] : Json::array();
  if (fromShapes.size() != toShapes.size()) {
    parts.push_back(toShapes.size() > fromShapes.size() ? "added shapes" : "removed shapes");
  } else {
    std::vector<std::string> moved;
    std::vector<std::string> changed;
    for (std::size_t i = 0; i < toShapes.size(); ++i) {
      if (sameUpToRounding(fromShapes[i], toShapes[i])) continue;
      const Json& name = toShapes[i].contains("name") ? toShapes[i]["name"] : Json();
      const std::string label = name.is_string() && !name.get<std::string>().empty() ? name.get<std::string>()
                                                                                    : "shape " + std::to_string(i + 1);
      // A move or a turn changes only the placement fields.
      Json placedFrom = fromShapes[i];
      Json placedTo = toShapes[i];
      for (const char* key : {"position", "rotation", "angle"}) {
        placedFrom.erase(key);
        placedTo.erase(key);
      }
      (sameUpToRounding(placedFrom, placedTo) ? moved : changed).push_back(label);
    }
    if (!changed.empty()) parts.push_back("changed " + nameList(changed));
    if (!moved.empty()) parts.push_back("moved " + nameList(moved));
  }
  if (from.value("algorithm", std::string()) != to.value("algorithm", std::string()))
    parts.push_back("switched the algorithm to " + lab.algorithmTitle(to.value("algorithm", std::string("none"))));
  if (!parts.empty()) return nameList(parts);
  return sameUpToRounding(from, to) ? "" : "changed the scene";
}


// Whether a lab exchanges its pair as a line of `cast` (the Continuous collision labs, in the plane and in space).
bool isContinuousLab(std::string_view name) { return name == kContinuousLab || name == kContinuousLab3; }

// A pasted line's pair into `into` (the scene of a lab, `shapes` its shapes or shapes3), with the line's motions
// when it is a cast line, else the motions the lab's pair had (a query line pasted into a Continuous lab keeps
// them).
template <class V, class SceneMotion, class Shapes, class Line>
void takeMotions(Scene& into, Shapes& shapes, const Line& line, bool moving) {
  const Shapes kept = shapes;
  setScenePair(into, line.pair.a, line.pair.b);
  const std::array<const Json*, 2> motions = {&line.motionA, &line.motionB};
  for (std::size_t i = 0; i < 2; ++i) {
    if (moving) {
      const auto motion = castMotionFromJson<V>(*motions[i], i == 0 ? "motion_a" : "motion_b");
      shapes[i].motion = SceneMotion{motion.velocity, motion.angularVelocity};
    } else if (kept.size() == 2) {
      shapes[i].motion = kept[i].motion;
    }
  }
}

}  // namespace

EditSnapshot LabShell::lessonScene() const {
  if (!sceneInfo_.lessonFor) return history_.saved();
  // Loaded into a lab of the same kind with this lab's settings, so that it compares field for field with this
  // lab's own snapshots (a hand-written lesson_for may leave out a still shape's motion).
  try {
    const Scene earlier = sceneFromJson(*sceneInfo_.lessonFor);
    const std::unique_ptr<Lab> probe = labInfo_->create();
    probe->loadSettings(lab_->saveSettings());
    std::string error;
    if ((earlier.algorithm.empty() || probe->setAlgorithm(earlier.algorithm, error)) && probe->loadScene(earlier, error))
      return snapshotOf(*probe);
  } catch (const std::exception&) {  // checked when the file was read: not expected
  }
  return history_.saved();
}

const std::string& LabShell::lessonChanges() const {
  if (lessonRevision_ != history_.revision()) {
    lessonRevision_ = history_.revision();
    const EditSnapshot lesson = lessonScene();
    // A pasted pair's scene was saved nowhere (EditHistory::beginScene): nothing to compare with.
    lessonChanges_ = !lesson.scene.empty() && lesson.scene != history_.current().scene
                         ? describeChanges(lesson.scene, history_.current().scene, sceneInfo_.lesson, *lab_)
                         : "";
  }
  return lessonChanges_;
}

// An edit ends when a mouse button is released (a drag, a click on a checkbox or a preset), when a widget stops
// being active (a text field left, a slider let go) or when the lab took keys; nothing is recorded while a
// widget or a drag is still going, so one drag is one edit.
void LabShell::trackEdits(bool labTookKeys) {
  const bool itemActive = ImGui::IsAnyItemActive();
  bool released = false;
  for (int button = 0; button < 3; ++button) released = released || ImGui::IsMouseReleased(button);
  const bool ended = labTookKeys || released || (itemWasActive_ && !itemActive);
  itemWasActive_ = itemActive;
  if (ended && !itemActive && pressView_ < 0) commitEdit();
}

// [SECTION] Unsaved changes: quitting and opening over them

std::vector<std::string> LabShell::unsavedLabs() const {
  std::vector<std::string> names;
  if (lab_ && history_.unsaved()) names.push_back(labInfo_->name);
  for (const auto& [name, kept] : keptLabs_)
    if (kept.history.unsaved()) names.push_back(name);
  return names;
}

std::string LabShell::windowTitle() const { return unsavedLabs().empty() ? "Collision Lab" : "*Collision Lab"; }

void LabShell::requestQuit() {
  pending_ = PendingAction{true, {}, {}};
  runPendingAction();
}

void LabShell::requestOpen(Scene scene, const std::string& path, bool atLastStep) {
  pending_ = PendingAction{false, std::move(scene), path, atLastStep};
  runPendingAction();
}

// Runs the waiting quit or open when nothing it would lose is unsaved; otherwise asks.
void LabShell::runPendingAction() {
  if (!pending_) return;
  commitEdit();
  std::string blocking;
  if (pending_->quit) {
    if (const std::vector<std::string> unsaved = unsavedLabs(); !unsaved.empty()) blocking = unsaved.front();
  } else {
    const LabInfo* target = pending_->scene.lab.empty() ? labInfo_ : findLab(pending_->scene.lab);
    const std::vector<std::string> unsaved = unsavedLabs();
    if (target && std::find(unsaved.begin(), unsaved.end(), target->name) != unsaved.end()) blocking = target->name;
  }
  if (!blocking.empty()) {
    unsavedPromptLab_ = blocking;
    unsavedPromptRequested_ = true;
    return;
  }
  PendingAction action = std::move(*pending_);
  pending_.reset();
  if (action.quit) {
    quitRequested_ = true;
    return;
  }
  std::string error;
  const bool opened = action.path.empty() ? openScene(action.scene, error) : openLoadedScene(action.scene, action.path, error);
  if (!opened) reportError(error);
  if (opened && action.atLastStep) lab_->setStep(std::max(lab_->stepCount() - 1, 0));
}

// 0: save the lab's scene (to its file, or through Save As) and go on; 1: go on without saving; 2: cancel.
void LabShell::answerUnsavedPrompt(int answer) {
  if (!pending_ || answer == 2) {
    pending_.reset();
    return;
  }
  if (answer == 1) {
    PendingAction action = std::move(*pending_);
    pending_.reset();
    if (action.quit) {
      quitRequested_ = true;
    } else if (std::string error; !(action.path.empty() ? openScene(action.scene, error)
                                                         : openLoadedScene(action.scene, action.path, error))) {
      reportError(error);
    }
    return;
  }
  if (const LabInfo* info = findLab(unsavedPromptLab_); info && info != labInfo_) selectLab(*info);
  if (scenePath_.empty() || isCuratedScenePath(scenePath_)) {
    // Save As (a curated scene's file is a lesson: not overwritten by default). Its Save goes on with the pending
    // action, its Cancel drops it.
    saveAsDialogRequested_ = true;
    return;
  }
  if (std::string error; !saveScene(scenePath_, error)) {
    pending_.reset();
    reportError(error);
    return;
  }
  runPendingAction();
}

void LabShell::drawUnsavedPrompt(std::span<const KeyPress> keys) {
  if (unsavedPromptRequested_) {
    unsavedPromptRequested_ = false;
    ImGui::OpenPopup("Unsaved changes");
  }
  ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(ImGui::GetFontSize() * 30.0f, 0));
  if (!ImGui::BeginPopupModal("Unsaved changes", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
  const auto pressed = [&keys](int key) { return !ImGui::IsWindowAppearing() && countPresses(keys, key) > 0; };
  const std::vector<std::string> unsaved = unsavedLabs();
  std::string labs;
  for (const std::string& name : unsaved) labs += (labs.empty() ? "" : ", ") + name;
  ImGui::TextWrapped("%s", pending_ && pending_->quit ? "Quit with unsaved changes?" : "Open a scene over unsaved changes?");
  ImGui::TextWrapped("The scene of the %s lab has changes that are not saved.", unsavedPromptLab_.c_str());
  if (unsaved.size() > 1) ImGui::TextDisabled("Unsaved: %s", labs.c_str());
  // The unsaved lab's scene file: none, or a curated lesson, is saved through Save As.
  std::string path = scenePath_;
  if (const auto kept = keptLabs_.find(unsavedPromptLab_); unsavedPromptLab_ != labInfo_->name && kept != keptLabs_.end())
    path = kept->second.scenePath;
  const bool saveAs = path.empty() || isCuratedScenePath(path);
  if (saveAs && !path.empty()) ImGui::TextDisabled("%s is a curated scene: Save As keeps its lesson as it is.", path.c_str());
  int answer = -1;
  if (ImGui::Button(saveAs ? "Save As... (Enter)" : "Save (Enter)") || pressed(GLFW_KEY_ENTER) || pressed(GLFW_KEY_KP_ENTER))
    answer = 0;
  ImGui::SameLine();
  if (ImGui::Button("Discard (D)") || pressed(GLFW_KEY_D)) answer = 1;
  ImGui::SameLine();
  if (ImGui::Button("Cancel (Esc)") || pressed(GLFW_KEY_ESCAPE) || !pending_) answer = 2;
  if (answer >= 0) {
    ImGui::CloseCurrentPopup();
    answerUnsavedPrompt(answer);
  }
  ImGui::EndPopup();
}

// [SECTION] Edit menu, clipboard and export

void LabShell::drawEditMenu() {
  if (!ImGui::BeginMenu("Edit")) return;
  if (ImGui::MenuItem("Undo", "Ctrl+Z", false, canUndo())) undo();
  if (ImGui::MenuItem("Redo", "Ctrl+Shift+Z, Ctrl+Y", false, canRedo())) redo();
  ImGui::Separator();
  if (ImGui::MenuItem("Copy pair as JSON", "Ctrl+C", false, holdsPair())) copyPairToClipboard();
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(isContinuousLab(labInfo_->name) ? "One line of `collision-lab cast` input, for a bug report"
                                                       : "One line of `collision-lab query` input, for a bug report");
  }
  const CommandItem command = copyCommandItem();
  if (ImGui::MenuItem("Copy as command", holdsPair() ? nullptr : "Ctrl+C", false, command.enabled)) copyCommandToClipboard();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("%s", command.tooltip.c_str());
  if (ImGui::MenuItem("Paste pair or scene", "Ctrl+V")) pasteFromClipboard();
  ImGui::EndMenu();
}

LabShell::CommandItem LabShell::copyCommandItem() const {
  std::string why;
  if (lab_ && lab_->commandLine(why)) return {true, "The collision-lab command that reproduces this lab's counts, for a bug report"};
  return {false, why.empty() ? "This lab has no command-line equivalent" : why};
}

std::string LabShell::copyKeyAction() const {
  if (!lab_) return "";
  if (holdsPair()) {
    return isContinuousLab(labInfo_->name) ? "the pair as a `collision-lab cast` line (Edit > Copy pair as JSON)"
                                           : "the pair as a `collision-lab query` line (Edit > Copy pair as JSON)";
  }
  std::string why;
  const std::optional<std::string> command = lab_->commandLine(why);
  if (!command && why.empty()) return "";  // no command in this lab: Ctrl+C copies nothing
  // The command's own words ("collision-lab broadphase"), or while it is refused, the lab group's command.
  std::string program = "collision-lab ";
  if (command) {
    program = command->substr(0, command->find(' ', program.size()));
  } else {
    for (const char c : labInfo_->group)
      if (c != ' ') program += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return "the `" + program + " ...` command that reproduces this lab's counts (Edit > Copy as command)";
}

bool LabShell::holdsPair() const {
  return labInfo_ && (labInfo_->group == "Narrow phase" || isContinuousLab(labInfo_->name));
}

std::optional<std::string> LabShell::pairJson(std::string& error) const {
  if (!lab_) return std::nullopt;
  Scene scene;
  lab_->saveScene(scene);
  scene.title = sceneInfo_.title;
  const bool pair = scene.shapes.size() == 2 ? scene.shapes3.empty() : scene.shapes3.size() == 2 && scene.shapes.empty();
  if (!holdsPair() || !pair) {
    error = "Copy pair as JSON: the " + labInfo_->name +
            " lab holds no pair; it works in the narrow-phase labs and the Continuous collision labs";
    return std::nullopt;
  }
  // The narrow-phase labs' pair is a line of `query`; the Continuous lab's, with its motions, one of `cast`.
  Json line = scenePairLine(scene);
  if (sceneInfo_.title.empty()) line.erase("id");
  return line.dump(-1, ' ', false, Json::error_handler_t::replace);
}

bool LabShell::paste(std::string_view text, std::string& error) {
  if (!lab_) return false;
  try {
    const Json document = parseJsonText(text);
    if (document.is_object() && document.contains("format")) {
      requestOpen(sceneFromJson(document), "");  // a whole scene opens as a file would
      return true;
    }
    Scene scene;
    lab_->saveScene(scene);
    // A line of `query` is a pair of a narrow-phase lab; a line of `cast` (with motion_a or motion_b) one of the
    // Continuous collision lab of its space.
    const CastLine line = castPairFromJson(document);
    // The CLI's warnings for the same line: an engine's identity rotation, and a number the text loses reading it
    // as a double by more than a shape's size (near 1e17; review s31, C3).
    const std::vector<std::string> warnings = std::visit(
        [text](const auto& cast) {
          std::vector<std::string> said = cast.pair.warnings;
          if (std::string moved = inputRoundingWarning<double>(text, cast.pair.a, cast.pair.b); !moved.empty())
            said.push_back(std::move(moved));
          return said;
        },
        line);
    const bool moving = document.contains("motion_a") || document.contains("motion_b");
    const bool planar = std::holds_alternative<CastPair<collide::Collider<double>>>(line);
    const std::string_view target = moving ? (planar ? kContinuousLab : kContinuousLab3) : planar ? "Narrow phase" : "Narrow phase 3D";
    const bool fits = moving ? labInfo_->name == target
                             : planar ? scene.shapes.size() == 2 && scene.shapes3.empty()
                                      : scene.shapes3.size() == 2 && scene.shapes.empty();
    const auto take = [&](Scene& into, const auto& cast) {
      requireValidIn<double>(cast.pair.a, cast.pair.b);
      // A query line pasted into a Continuous lab keeps the lab's motions.
      if constexpr (std::is_same_v<std::decay_t<decltype(cast)>, CastPair<collide::Collider<double>>>) {
        takeMotions<collide::Vec2<double>, ShapeMotion>(into, into.shapes, cast, moving);
      } else {
        takeMotions<collide::Vec3<double>, ShapeMotion3>(into, into.shapes3, cast, moving);
      }
    };
    // A pasted pair is a scene of its own, named by its line's id (a copied pair's scene title) or "Pasted pair", as
    // an experiment's case opens under its own title.
    std::string title = "Pasted pair";
    bool named = false;  // the line names its scene (a copied pair's id is its scene's title)
    if (const auto id = document.find("id"); id != document.end() && id->is_string() && !id->get<std::string>().empty()) {
      title = boundedText(id->get<std::string>(), kMaxSceneTitleBytes);
      named = true;
    }
    if (!fits) {
      // A pair of the other space, a moving pair, or a pair pasted into a lab that holds no pair: it opens in the
      // lab for it, as a scene would (asking first if that lab has unsaved work); this lab's work stays as it is.
      Scene opened;
      opened.title = title;
      opened.lab = std::string(target);
      std::visit([&](const auto& p) { take(opened, p); }, line);
      opened.warnings = warnings;  // said once it is open (applyScene)
      requestOpen(std::move(opened), "", /*atLastStep=*/true);
      return true;
    }
    std::visit([&](const auto& p) { take(scene, p); }, line);
    commitEdit();  // an edit not yet recorded belongs to the scene the paste replaces
    if (!lab_->loadScene(scene, error)) throw JsonFieldError(error);  // a refusal leaves the lab as it was
    // This scene's own pair, copied and changed, is an edit of it (its lesson dims); any other starts a scene.
    if (!named || title != sceneInfo_.title) beginPastedScene(title);
    // A pasted pair is a bug report's line: it opens at its verdict, the run's last step (a scene keeps its own).
    lab_->setStep(std::max(lab_->stepCount() - 1, 0));
    reportWarnings(warnings);
  } catch (const std::exception& failure) {
    error = std::string("Paste: ") + failure.what() +
            " (expected one line of `collision-lab query` or `cast` input, {\"a\": SHAPE, \"b\": SHAPE} with "
            "\"motion_a\" / \"motion_b\" for a cast, or a whole scene file)";
    return false;
  }
  commitEdit();
  return true;
}

bool LabShell::exportTrace(const std::string& path, std::string& error) {
  if (!lab_) return false;
  Scene scene;
  lab_->saveScene(scene);
  const std::optional<collide::Algorithm> algorithm = collide::parseAlgorithm(scene.algorithm);
  const bool planar = scene.shapes.size() == 2 && scene.shapes3.empty();
  const bool spatial = scene.shapes3.size() == 2 && scene.shapes.empty();
  if (labInfo_->group != "Narrow phase" || !algorithm || !(planar || spatial)) {
    error = "Export trace: the " + labInfo_->name + " lab has no pair to trace; it works in the narrow-phase labs";
    return false;
  }
  std::string scalar = "double";
  readSetting(scene.labState, "scalar", scalar);
  Json document;
  if (planar) {
    const QueryPair pair{Json(sceneInfo_.title), scene.shapes[0].collider, scene.shapes[1].collider, {}};
    document = scalar == "float" ? traceDocument<float>(pair, *algorithm) : traceDocument<double>(pair, *algorithm);
  } else {
    const QueryPair3 pair{Json(sceneInfo_.title), scene.shapes3[0].collider, scene.shapes3[1].collider, {}};
    document = traceDocument<double>(pair, *algorithm);
  }
  try {
    OutputSink output(path);
    output.stream() << dumpReadable(document) << '\n';
    output.finish();
  } catch (const std::exception& failure) {
    error = std::string("Export trace: ") + failure.what();
    return false;
  }
  return true;
}

void LabShell::copyPairToClipboard() {
  std::string error;
  if (const std::optional<std::string> line = pairJson(error)) {
    ImGui::SetClipboardText(line->c_str());
  } else {
    reportError(error);
  }
}

void LabShell::copyCommandToClipboard() {
  std::string why;
  if (const std::optional<std::string> command = lab_ ? lab_->commandLine(why) : std::nullopt) {
    ImGui::SetClipboardText(command->c_str());
  } else if (!why.empty()) {
    reportError(why);
  }
}

void LabShell::pasteFromClipboard() {
  const char* text = ImGui::GetClipboardText();
  if (std::string error; !paste(text ? text : "", error)) reportError(error);
}

}  // namespace lab
