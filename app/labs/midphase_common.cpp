// app/labs/midphase_common.cpp: see midphase_common.h.
//
// [SECTION] A recorded traversal, step by step
// [SECTION] Words and panel rows
// [SECTION] The build choice and lab_state
// [SECTION] The command that reproduces a lab's state
#include "labs/midphase_common.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <type_traits>
#include <system_error>
#include <variant>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include "io/shape_json.h"
#include "labs/format.h"
#include "platform/theme.h"
#include "widgets/wrapped_text.h"
#include "widgets/value_slider.h"

namespace lab::midphase_common {

// [SECTION] A recorded traversal, step by step

void TraversalSteps::read(const std::vector<collide::MidphaseEvent>& steps) {
  tallies.clear();
  focus.clear();
  hits.clear();
  pruned.clear();
  fooled.clear();
  leafPairs.clear();
  Tally tally;
  std::array<int, 2> pair{0, 0};
  for (std::size_t i = 0; i < steps.size(); ++i) {
    const int step = static_cast<int>(i);
    std::visit(
        [&](const auto& s) {
          using T = std::decay_t<decltype(s)>;
          if constexpr (std::is_same_v<T, collide::MidphasePendingStep>) {
            pair = {s.nodeA, s.nodeB};
          } else if constexpr (std::is_same_v<T, collide::MidphaseBvTestStep>) {
            pair = {s.nodeA, s.nodeB};
            ++tally.bvTests;
            if (s.liteFalsePositive) {
              ++tally.falsePositives;
              fooled.push_back({step, s.nodeA, s.nodeB});
            }
            if (!s.overlap) {
              ++tally.pruned;
              pruned.push_back({step, s.nodeA, s.nodeB});
            }
          } else if constexpr (std::is_same_v<T, collide::MidphaseLeafPairStep>) {
            pair = {s.leafA, s.leafB};
            ++tally.leafPairs;
            leafPairs.push_back(step);
          } else if constexpr (std::is_same_v<T, collide::MidphasePrimitiveStep>) {
            ++tally.primitiveTests;
            if (s.hit) {
              ++tally.pairs;
              hits.push_back({step, s.triangleA, s.triangleB});
            }
          }
        },
        steps[i]);
    tallies.push_back(tally);
    focus.push_back(pair);
  }
}

std::span<const Pruned> TraversalSteps::upTo(const std::vector<Pruned>& pairs, int step, std::size_t most) {
  const auto end = std::upper_bound(pairs.begin(), pairs.end(), step, [](int s, const Pruned& p) { return s < p.step; });
  const std::size_t count = static_cast<std::size_t>(end - pairs.begin());
  const std::size_t first = count > most ? count - most : 0;
  return std::span<const Pruned>(pairs).subspan(first, count - first);
}

std::vector<StepKind> traversalKinds(const TraversalSteps& steps, int offset, const char* falsePositives) {
  const auto shifted = [offset](const auto& events, auto stepOf) {
    std::vector<int> out;
    out.reserve(events.size());
    for (const auto& event : events) out.push_back(offset + stepOf(event));
    return out;
  };
  const auto pairStep = [](const auto& event) { return event.step; };
  std::vector<StepKind> kinds;
  StepKind fooled{"false positive", shifted(steps.fooled, pairStep),
                  falsePositives == nullptr ? std::string() : std::string(falsePositives)};
  const bool satLite = falsePositives != nullptr && fooled.absent.empty();
  if (satLite) kinds.push_back(fooled);
  kinds.push_back({"leaf test", shifted(steps.leafPairs, [](int step) { return step; }), {}});
  kinds.push_back({"overlapping pair", shifted(steps.hits, pairStep), {}});
  kinds.push_back({"prune", shifted(steps.pruned, pairStep), {}});
  if (falsePositives != nullptr && !satLite) kinds.push_back(std::move(fooled));
  return kinds;
}

Json eventJson(const collide::MidphaseEvent& event) {
  return std::visit(
      [](const auto& s) -> Json {
        using T = std::decay_t<decltype(s)>;
        if constexpr (std::is_same_v<T, collide::MidphasePendingStep>) {
          return {{"type", "take"}, {"node_a", s.nodeA}, {"node_b", s.nodeB}, {"waiting", s.pending.size()}};
        } else if constexpr (std::is_same_v<T, collide::MidphaseBvTestStep>) {
          return {{"type", "bv_test"}, {"node_a", s.nodeA}, {"node_b", s.nodeB}, {"overlap", s.overlap},
                  {"lite_false_positive", s.liteFalsePositive}, {"descend", s.descend == 0 ? std::string() : std::string(1, s.descend)}};
        } else if constexpr (std::is_same_v<T, collide::MidphaseLeafPairStep>) {
          return {{"type", "leaf_pair"}, {"leaf_a", s.leafA}, {"leaf_b", s.leafB}};
        } else if constexpr (std::is_same_v<T, collide::MidphasePrimitiveStep>) {
          return {{"type", "primitive_test"}, {"primitive_a", s.triangleA}, {"primitive_b", s.triangleB}, {"hit", s.hit}};
        } else if constexpr (std::is_same_v<T, collide::MidphaseBudgetStep>) {
          return {{"type", "budget_spent"}, {"bv_tests", s.bvTests}, {"frontier", s.frontier}};
        } else {
          static_assert(std::is_same_v<T, collide::MidphaseRefitStep>, "a new traversal event needs its JSON here");
          return {{"type", "refit"}, {"node", s.node}};
        }
      },
      event);
}

// [SECTION] Words and panel rows

std::string takeSentence(const std::string& nodeA, const std::string& nodeB, std::size_t waiting, int budget, bool largestFirst) {
  const char* from = budget == 0 ? "stack; " : largestFirst ? "priority queue (the largest pair first); " : "queue (level by level); ";
  return "Take the pair " + nodeA + " and " + nodeB + " from the " + from + std::to_string(waiting) +
         (waiting == 1 ? " more pair waits." : " more pairs wait.");
}

const char* nodePairLegend(bool budgetStep, bool satLite) {
  if (budgetStep) return "yellow: the overlapping node pairs the budget left undescended (the partial answer)";
  return satLite ? "the node pair of this step: yellow, overlapping; grey, pruned; magenta, a SAT-lite false positive (kept, dashed)"
                 : "the node pair of this step: yellow, overlapping; grey, pruned";
}

std::string prunedLegend(int prunedBefore, const char* style) {
  if (prunedBefore <= static_cast<int>(kMaxDrawnPruned)) return std::string("pairs pruned before this step: ") + style;
  return "the last " + std::to_string(kMaxDrawnPruned) + " pairs pruned before this step: " + style + " (of " +
         std::to_string(prunedBefore) + ")";
}

const char* verdictText(collide::Status status) {
  return status == collide::Status::Converged       ? "Complete"
         : status == collide::Status::MaxIterations ? "Budget spent (a partial answer)"
                                                    : "Refused";
}

std::string budgetSpentText(int budget, int used, const char* tests) {
  std::string text = "The budget of " + std::to_string(budget) + " " + tests + " is spent: " + std::to_string(used) + " used";
  if (used < budget) text += ", and splitting the next pair takes 2 (a test per child)";
  return text;
}

std::vector<std::array<int, 2>> waitingPairs(const std::vector<collide::MidphaseEvent>& steps, int step, bool budgeted,
                                             bool largestFirst, const std::function<double(int, int)>& priority) {
  const int last = std::min(step, static_cast<int>(steps.size()) - 1);
  std::vector<std::array<int, 2>> waiting;
  int taken = last + 1;  // none taken yet: the budgeted queue holds the root once its test passes
  for (int i = last; i >= 0; --i) {
    const auto* s = std::get_if<collide::MidphasePendingStep>(&steps[static_cast<std::size_t>(i)]);
    if (s == nullptr) continue;
    waiting = s->pending;
    taken = i;
    break;
  }
  if (!budgeted) {
    // The stack's top is its back; depth-first pushes the children untested, after their parent's step.
    std::reverse(waiting.begin(), waiting.end());
    return waiting;
  }
  // Breadth-first: a pair is pushed once its test finds the volumes overlapping.
  const std::size_t older = waiting.size();
  for (int i = taken == last + 1 ? 0 : taken + 1; i <= last; ++i) {
    const auto* test = std::get_if<collide::MidphaseBvTestStep>(&steps[static_cast<std::size_t>(i)]);
    if (test != nullptr && test->overlap) waiting.push_back({test->nodeA, test->nodeB});
  }
  if (largestFirst && priority && waiting.size() > older) {
    // The pending list is in priority order; the new pairs are younger than all of it, so a stable sort on the
    // priority alone keeps the queue's order, ties to the older.
    std::vector<std::pair<double, std::array<int, 2>>> keyed;
    for (const auto& pair : waiting) keyed.push_back({priority(pair[0], pair[1]), pair});
    std::stable_sort(keyed.begin(), keyed.end(), [](const auto& x, const auto& y) { return x.first > y.first; });
    for (std::size_t k = 0; k < keyed.size(); ++k) waiting[k] = keyed[k].second;
  }
  return waiting;
}

std::string partialAnswerText(int undescended, std::size_t found, const char* what) {
  const std::string kind = what;
  std::string text = std::to_string(undescended) +
                     (undescended == 1 ? " overlapping node pair was not descended (drawn yellow).\n\n"
                                       : " overlapping node pairs were not descended (drawn yellow).\n\n");
  if (found == 0) {
    return text + "No " + kind + " pair found yet; every overlapping " + kind + " pair lies under one of the yellow node pairs.";
  }
  text += "The " + std::to_string(found) + " " + kind + (found == 1 ? " pair found (red) is" : " pairs found (red) are");
  return text + " a partial answer; every other overlapping " + kind + " pair lies under one of the yellow node pairs.";
}

namespace {

// Both numbers to the same decimals, four significant digits for the larger.
std::array<std::string, 2> sameDecimals(double a, double b) {
  // Enough decimals for 4 significant digits of each: a node's measure never loses digits beside a larger one
  // (mid2_01 gave one perimeter as "7.20" beside 10.56 and "7.196" two steps on, review s32 A17).
  int decimals = 0;
  for (const double value : {a, b}) {
    if (value != 0) decimals = std::max(decimals, 3 - static_cast<int>(std::floor(std::log10(std::abs(value)))));
  }
  decimals = std::clamp(decimals, 0, 6);
  const std::string format = "%." + std::to_string(decimals) + "f";
  return {formatWith(format.c_str(), a), formatWith(format.c_str(), b)};
}

}  // namespace

std::string largerBoxWords(char descend, double measureA, double measureB, const std::string& measure) {
  const bool splitsA = descend == 'A';
  const std::array<std::string, 2> both = sameDecimals(splitsA ? measureA : measureB, splitsA ? measureB : measureA);
  return std::string("(") + descend + "'s box is the larger: " + measure + " " + both[0] + " against " +
         (splitsA ? "B" : "A") + "'s " + both[1] + ")";
}

void drawWaitingPairs(const std::vector<std::array<int, 2>>& waiting, bool budgeted, std::size_t shown) {
  ImGui::TextDisabled("%s", budgeted ? "Waiting in the queue, next first:" : "Waiting on the stack, top first:");
  if (waiting.empty()) {
    ImGui::TextUnformatted("nothing");
    return;
  }
  std::vector<std::string> items;
  const std::size_t count = std::min(waiting.size(), shown);
  for (std::size_t k = 0; k < count; ++k) {
    items.push_back("(A " + std::to_string(waiting[k][0]) + ", B " + std::to_string(waiting[k][1]) + ")");
  }
  if (waiting.size() > count) items.push_back("and " + std::to_string(waiting.size() - count) + " more");
  // Lines packed with whole pairs: a pair never wraps inside its parentheses.
  const float width = std::max(ImGui::GetContentRegionAvail().x, 1.0f);
  std::string line;
  for (const std::string& item : items) {
    const std::string longer = line.empty() ? item : line + "  " + item;
    if (!line.empty() && ImGui::CalcTextSize(longer.c_str()).x > width) {
      ImGui::TextUnformatted(line.c_str());
      line = item;
    } else {
      line = longer;
    }
  }
  ImGui::TextUnformatted(line.c_str());
}

void traversalMetrics(const collide::MidphaseResult<double>& result, const char* volumeTests, const char* leafTests,
                      std::vector<FrameMetric>& out) {
  out.push_back({"bv_tests", static_cast<double>(result.bvTests), "tests", volumeTests});
  out.push_back({"primitive_tests", static_cast<double>(result.primitiveTests), "tests", leafTests});
  out.push_back({"pairs", static_cast<double>(result.pairs.size()), "pairs", "overlapping pairs"});
}

std::string treeSummary(const char* name, std::size_t primitives, const char* what, const collide::BvhStats& stats) {
  std::string noun = what;
  if (primitives == 1 && noun.ends_with('s')) noun.pop_back();
  return std::string(name) + ": " + std::to_string(primitives) + " " + noun + ", " + std::to_string(stats.nodes) + " nodes, depth " +
         std::to_string(stats.depth) + ", SAH cost " + formatNumber(stats.sahCost);
}

std::string countedTests(int countA, int countB, const char* what) {
  const int tests = countA * countB;
  return std::to_string(countA) + " x " + std::to_string(countB) + " = " + std::to_string(tests) + " " + what +
         (tests == 1 ? " test" : " tests");
}

void dumpTraversal(Json& out, int budget, bool largestFirst, const collide::MidphaseResult<double>& result, int step, int stepCount) {
  out["budget"] = budget;
  out["largest_first"] = largestFirst;
  out["status"] = std::string(collide::statusName(result.status));
  out["step_index"] = step;
  out["step_count"] = stepCount;
  out["undescended_pair_list"] = result.frontier;
}

void treeViewControls(bool& showTrees, int& drawDepth, int deepest, const char* volumes) {
  ImGui::Checkbox("Show the trees (T)", &showTrees);
  valueSliderInt("Depth", &drawDepth, 0, std::max(deepest, 1), "trees at depth %d");
  ImGui::PushStyleColor(ImGuiCol_Text, toImVec4(depthColor(drawDepth)));
  textWrapped("Each tree's %s at depth %d (and the leaves above it).", volumes, drawDepth);
  ImGui::PopStyleColor();
}

void readTreeSettings(const Json& settings, int& drawDepth, bool& showTrees) {
  readSetting(settings, "draw_depth", drawDepth);
  drawDepth = std::clamp(drawDepth, 0, 64);
  readSetting(settings, "show_trees", showTrees);
}

// [SECTION] The build choice and lab_state

std::string buildNames() {
  std::string names;
  for (std::size_t i = 0; i < collide::kBvhBuildNames.size(); ++i) {
    if (i > 0) names += i + 1 == collide::kBvhBuildNames.size() ? " or " : ", ";
    names += collide::kBvhBuildNames[i];
  }
  return names;
}

bool buildCombo(collide::BvhBuild& build) {
  int index = static_cast<int>(build);
  if (!ImGui::Combo("Build", &index, kBuildTitles.data(), static_cast<int>(kBuildTitles.size()))) return false;
  build = static_cast<collide::BvhBuild>(index);
  return true;
}

bool setBuild(std::string_view name, collide::BvhBuild& build, std::string& error) {
  const auto parsed = collide::parseBvhBuild(name);
  if (!parsed) {
    error = "unknown build \"" + std::string(name) + "\"; expected " + buildNames();
    return false;
  }
  build = *parsed;
  return true;
}

bool buildKey(const KeyPress& press, collide::BvhBuild& build) {
  for (int i = 0; i < static_cast<int>(collide::kBvhBuildNames.size()); ++i) {
    if (isPress(press, GLFW_KEY_1 + i) && build != static_cast<collide::BvhBuild>(i)) {
      build = static_cast<collide::BvhBuild>(i);
      return true;
    }
  }
  return false;
}

std::vector<Shortcut> treeShortcuts() {
  return {{"1 .. 5", "build: median, SAH, bottom-up, insertion, LBVH"}, {"T", "show / hide the trees"}};
}

bool readBuild(const Json& state, collide::BvhBuild& target, std::string& error) {
  const auto it = state.find("build");
  if (it == state.end()) return true;
  const auto parsed = it->is_string() ? collide::parseBvhBuild(it->get<std::string>()) : std::nullopt;
  if (!parsed) {
    error = "lab_state.build: expected " + buildNames() + ", got " + describeJsonValue(*it);
    return false;
  }
  target = *parsed;
  return true;
}

bool readFlag(const Json& state, const char* key, bool& target, std::string& error) {
  const auto it = state.find(key);
  if (it == state.end()) return true;
  if (!it->is_boolean()) {
    error = std::string("lab_state.") + key + ": expected true or false, got " + describeJsonValue(*it);
    return false;
  }
  target = it->get<bool>();
  return true;
}

bool readInteger(const Json& state, const char* key, int low, int high, int& target, std::string& error) {
  const auto it = state.find(key);
  if (it == state.end()) return true;
  if (!it->is_number_integer() || it->get<long long>() < low || it->get<long long>() > high) {
    error = std::string("lab_state.") + key + ": expected an integer from " + std::to_string(low) + " to " + std::to_string(high) +
            ", got " + describeJsonValue(*it);
    return false;
  }
  target = static_cast<int>(it->get<long long>());
  return true;
}

bool readNumbers(const Json& state, const char* key, double limit, std::span<double> out, std::string& error) {
  const auto it = state.find(key);
  if (it == state.end()) return true;
  const bool ok = it->is_array() && it->size() == out.size() && std::all_of(it->begin(), it->end(), [limit](const Json& v) {
                    return v.is_number() && std::abs(v.get<double>()) <= limit;
                  });
  if (!ok) {
    constexpr const char* kAxes[3] = {"x", "y", "z"};
    std::string shape = "[";
    for (std::size_t k = 0; k < out.size() && k < 3; ++k) shape += std::string(k > 0 ? ", " : "") + kAxes[k];
    error = std::string("lab_state.") + key + ": expected " + shape + "], each from -" + formatNumber(limit) + " to " +
            formatNumber(limit) + ", got " + describeJsonValue(*it);
    return false;
  }
  for (std::size_t k = 0; k < out.size(); ++k) out[k] = (*it)[k].get<double>();
  return true;
}

// [SECTION] The command that reproduces a lab's state

std::string treeCommandOptions(collide::BvhBuild build, int budget, bool largestFirst) {
  std::string out = " --build " + std::string(collide::bvhBuildName(build));
  if (budget > 0) out += " --budget " + std::to_string(budget) + (largestFirst ? " --largest-first" : "");
  return out;
}

// [SECTION] The view's legend, folded by a click

std::vector<std::pair<std::string, Color>> LegendFold::shown(std::vector<std::pair<std::string, Color>> lines) const {
  if (folded) {
    return {{"Colours: " + std::to_string(lines.size()) + " lines folded (click here to show them)", palette::kTextDim}};
  }
  lines.insert(lines.begin(), {std::string("Colours (click here to fold)"), palette::kTextDim});
  return lines;
}

bool LegendFold::press(const MouseEvent& event) {
  if (event.button != MouseButton::Left || event.view != view) return false;
  if (event.screen.x < box.min.x || event.screen.x > box.max.x || event.screen.y < box.min.y || event.screen.y > box.max.y) return false;
  folded = !folded;
  return true;
}

}  // namespace lab::midphase_common
