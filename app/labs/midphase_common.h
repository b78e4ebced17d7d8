// app/labs/midphase_common.h: what the two mid-phase labs ("Mid phase" over meshes, "Mid phase 2D" over the convex
// parts of concave polygons) share: a recorded traversal read once into per-step counters (what scrubbing shows)
// and into kinds of step for the timeline's jumps (leaf tests, prunes, false positives, overlapping pairs),
// the sentence for a node pair taken, the panel's list of waiting pairs and verdict, the build choice (names,
// keys, lab_state), the lab_state readers with their refusals, and the numbers recorded each frame.
//
// [SECTION] A recorded traversal, step by step
// [SECTION] Words and panel rows
// [SECTION] The build choice and lab_state
// [SECTION] The command that reproduces a lab's state
// [SECTION] The view's legend, folded by a click
#pragma once

#include <array>
#include <cstddef>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "collide/bvh.h"
#include "io/shape_json.h"
#include "lab/vocabulary.h"
#include "render/color.h"
#include "render/label_layout.h"

namespace lab::midphase_common {

// [SECTION] A recorded traversal, step by step

// The counters after a step: prefix sums of the recorded events.
struct Tally {
  int bvTests = 0;
  int primitiveTests = 0;  // triangle tests (meshes) or part tests (polygons)
  int pairs = 0;
  int leafPairs = 0;
  int pruned = 0;           // BV tests that found the volumes apart
  int falsePositives = 0;   // SAT lite's
};

// An overlapping primitive pair, at the step that found it.
struct Hit {
  int step = 0;
  int primitiveA = 0;
  int primitiveB = 0;
};

// A node pair at the step that tested it: pruned (its volumes apart), or let through by SAT lite.
struct Pruned {
  int step = 0;
  int nodeA = 0;
  int nodeB = 0;
};

// What each step of a recorded traversal is about and what was counted up to it. Pure functions of the events, so
// scrubbing back and forth shows the numbers the traversal had at that step.
struct TraversalSteps {
  std::vector<Tally> tallies;              // after each step
  std::vector<std::array<int, 2>> focus;   // the node pair each step is about (a leaf pair's for its primitives)
  std::vector<Hit> hits;                   // in the order the traversal found them
  std::vector<Pruned> pruned;              // in the order the traversal pruned them
  std::vector<Pruned> fooled;              // SAT lite's false positives, in the order they were let through
  std::vector<int> leafPairs;              // the steps that reached a leaf pair (its primitive tests follow)

  void read(const std::vector<collide::MidphaseEvent>& steps);
  [[nodiscard]] Tally at(int step) const {
    return step < 0 || tallies.empty() ? Tally{} : tallies[static_cast<std::size_t>(step)];
  }
  // The pairs pruned up to and including `step`: the latest `most` of them (the view greys these).
  [[nodiscard]] std::span<const Pruned> prunedUpTo(int step, std::size_t most) const { return upTo(pruned, step, most); }
  // SAT lite's false positives up to and including `step`, the latest `most` (the view keeps them, dashed magenta).
  [[nodiscard]] std::span<const Pruned> fooledUpTo(int step, std::size_t most) const { return upTo(fooled, step, most); }

 private:
  [[nodiscard]] static std::span<const Pruned> upTo(const std::vector<Pruned>& pairs, int step, std::size_t most);
};

// Pruned pairs drawn at once: enough to see where the traversal cut, few enough to stay legible.
inline constexpr std::size_t kMaxDrawnPruned = 160;

// The kinds of step the timeline jumps between (Lab::stepKinds), from `steps` read off the events, each shifted by
// `offset` (the 2D lab's build steps come before its traversal): "leaf test", "overlapping pair", "prune" and, when
// `falsePositives` is not null, "false positive": first when SAT lite is on (`falsePositives` empty), else last,
// with `falsePositives` saying why there are none.
[[nodiscard]] std::vector<StepKind> traversalKinds(const TraversalSteps& steps, int offset, const char* falsePositives);
// One traversal event as the dump writes it ("at_step"."event"): its type and fields, straight from the core.
[[nodiscard]] Json eventJson(const collide::MidphaseEvent& event);

// [SECTION] Words and panel rows

// "Take the pair <a> and <b> from the stack; 3 more pairs wait." (the queue or the priority queue when budgeted).
[[nodiscard]] std::string takeSentence(const std::string& nodeA, const std::string& nodeB, std::size_t waiting, int budget,
                                       bool largestFirst);
// "The budget of 600 BV tests is spent: 599 used, and splitting the next pair takes 2 (a test per child)": a split
// tests both children or neither, so a budget can stop one test short.
[[nodiscard]] std::string budgetSpentText(int budget, int used, const char* tests);
// After budgetSpentText: "4 overlapping node pairs were not descended (drawn yellow).\n\nNo part pair found yet; every
// overlapping part pair lies under one of the yellow node pairs." (or "The 2 part pairs found (red) are a partial
// answer; every other ..."); `what` is "part" or "triangle".
[[nodiscard]] std::string partialAnswerText(int undescended, std::size_t found, const char* what);
// Why a descent splits `descend`'s node (the larger box): "(B's box is the larger: surface area 4.027 against A's
// 2.793)", `measure` naming the size ("surface area", "perimeter"), both numbers to the same decimals, enough for 4
// significant digits of each ("10.560 against 7.196"). It read
// "(the larger: box surface areas 2.793 and 4.027)", as if the two were the children's.
[[nodiscard]] std::string largerBoxWords(char descend, double measureA, double measureB, const std::string& measure);
// The legend's line for the boxes in the accent colour: this step's node pair ("yellow, overlapping; grey, pruned",
// and SAT lite's magenta when `satLite`), or at the budget's step the pairs it left undescended.
[[nodiscard]] const char* nodePairLegend(bool budgetStep, bool satLite);
// The legend's line for the pruned pairs drawn `style` ("faint grey"): only the latest kMaxDrawnPruned are drawn, so
// past that it says so ("the last 160 pairs pruned before this step: faint grey (of 242)").
[[nodiscard]] std::string prunedLegend(int prunedBefore, const char* style);
// "Complete", "Budget spent (a partial answer)", "Refused".
[[nodiscard]] const char* verdictText(collide::Status status);
// The pairs waiting at `step`, next first (the stack's top, or the queue's front): the pending list of the last pair
// taken at or before it; a budgeted (breadth-first) run then also holds the overlapping pairs tested since, pushed
// after that take, placed where the queue puts them: at the back level by level, or by `priority` (the pair's
// surface areas summed, as the traversal's priority queue has it; ties: the older first) when largest first. At
// the budget's step these are exactly the pairs left undescended.
[[nodiscard]] std::vector<std::array<int, 2>> waitingPairs(const std::vector<collide::MidphaseEvent>& steps, int step, bool budgeted,
                                                           bool largestFirst, const std::function<double(int, int)>& priority);
// The waiting pairs under a heading, at most `shown` of them ("and 80 more"); a pair is never broken across lines.
void drawWaitingPairs(const std::vector<std::array<int, 2>>& waiting, bool budgeted, std::size_t shown);
// The traversal's counts for the recording panel (the same names, CSV columns, in both labs; the labels are each
// lab's words: "BV tests" and "triangle tests" over meshes, "box tests" and "part tests" over a shape's parts).
void traversalMetrics(const collide::MidphaseResult<double>& result, const char* volumeTests, const char* leafTests,
                      std::vector<FrameMetric>& out);
// "A: 576 triangles, 383 nodes, depth 8, SAH cost 27.65": a tree's line in the panel, `what` the primitives' plural.
[[nodiscard]] std::string treeSummary(const char* name, std::size_t primitives, const char* what, const collide::BvhStats& stats);
// "1 x 1 = 1 triangle test", "2 x 3 = 6 part tests".
[[nodiscard]] std::string countedTests(int countA, int countB, const char* what);

// The dump's keys both labs write: budget, largest_first, status, step_index, step_count.
void dumpTraversal(Json& out, int budget, bool largestFirst, const collide::MidphaseResult<double>& result, int step, int stepCount);
// The trees' view controls: show them (T), the depth drawn (0 .. deepest), and a line in that depth's colour.
void treeViewControls(bool& showTrees, int& drawDepth, int deepest, const char* volumes);
// The view settings both labs remember: draw_depth and show_trees.
void readTreeSettings(const Json& settings, int& drawDepth, bool& showTrees);

// [SECTION] The build choice and lab_state

inline constexpr std::array<const char*, 5> kBuildTitles = {"Median split (top-down)", "Binned SAH (top-down)",
                                                            "Bottom-up (agglomerative)", "Insertion (b2DynamicTree)",
                                                            "LBVH (Morton codes)"};

// "median, sah, bottom-up, insertion or lbvh": from collide::kBvhBuildNames.
[[nodiscard]] std::string buildNames();
// The build's combo box; true when it changed.
bool buildCombo(collide::BvhBuild& build);
// A lab's setAlgorithm: the build by name, or false with the names in `error`.
bool setBuild(std::string_view name, collide::BvhBuild& build, std::string& error);
// Keys 1 .. 5 pick a build; true when the build changed.
bool buildKey(const KeyPress& press, collide::BvhBuild& build);
// The shortcuts both labs have: the builds' keys and showing the trees.
[[nodiscard]] std::vector<Shortcut> treeShortcuts();

// lab_state readers: an absent key keeps `target`; a value of the wrong kind returns false with `error` naming the
// field and what it expects ("lab_state.budget: expected an integer from 0 to 400, got \"many\"").
bool readBuild(const Json& state, collide::BvhBuild& target, std::string& error);
bool readFlag(const Json& state, const char* key, bool& target, std::string& error);
bool readInteger(const Json& state, const char* key, int low, int high, int& target, std::string& error);
// `out.size()` numbers, each from -limit to limit ("expected [x, y, z], each from -3 to 3").
bool readNumbers(const Json& state, const char* key, double limit, std::span<double> out, std::string& error);
// One of `names` (lowercase words: const char* or string_view), its index into `target`; `expected` is the list as
// the refusal says it.
template <class Names>
bool readChoice(const Json& state, const char* key, const Names& names, const std::string& expected, int& target, std::string& error) {
  const auto it = state.find(key);
  if (it == state.end()) return true;
  if (it->is_string()) {
    const std::string value = it->template get<std::string>();
    for (std::size_t i = 0; i < std::size(names); ++i) {
      if (value == names[i]) {
        target = static_cast<int>(i);
        return true;
      }
    }
  }
  error = std::string("lab_state.") + key + ": expected " + expected + ", got " + describeJsonValue(*it);
  return false;
}

// [SECTION] The command that reproduces a lab's state

// "--build sah --budget 36 --largest-first": the options both labs' commands share (none at their defaults).
[[nodiscard]] std::string treeCommandOptions(collide::BvhBuild build, int budget, bool largestFirst);

// [SECTION] The view's legend, folded by a click

// The colour legend under a mid-phase view's title, which a click folds to its header line and unfolds, as the
// panel's lesson folds; remembered in the lab's settings ("legend_folded"). At 150 % mid_02's eight lines covered
// a third of the view (newcomer review s34 A10).
struct LegendFold {
  bool folded = false;
  LabelBox box{};     // where it was drawn last frame (window pixels)
  int view = -1;      // in which view; -1: not drawn
  // What to draw: the header (what a click does) and, unfolded, `lines`.
  [[nodiscard]] std::vector<std::pair<std::string, Color>> shown(std::vector<std::pair<std::string, Color>> lines) const;
  // A left press on the legend as last drawn folds or unfolds it: true when taken (the view does not orbit or pan).
  bool press(const MouseEvent& event);
  void read(const Json& settings) { readSetting(settings, "legend_folded", folded); }
};

}  // namespace lab::midphase_common
