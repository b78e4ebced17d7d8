// The timeline's jumps to the previous or next step of a kind (widgets/timeline.h), without a window: the search
// over a kind's steps, the kinds the mid-phase labs read off a recorded traversal (each kind's steps are exactly the
// events of that kind), a jump from every step landing on the nearest event of its kind, and the keys.
#include <algorithm>
#include <functional>
#include <memory>
#include <optional>
#include <regex>
#include <string>
#include <variant>
#include <vector>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <gtest/gtest.h>

#include "collide/bvh.h"
#include "io/scene.h"
#include "lab/lab.h"
#include "labs/midphase_common.h"
#include "widgets/timeline.h"
#include "workloads/meshes.h"

namespace lab {
namespace {

using collide::MidphaseEvent;
using EventTest = std::function<bool(const MidphaseEvent&)>;

// What each kind means, said once more from the core's events (not from the lab's tallies).
EventTest kindTest(const std::string& name) {
  if (name == "leaf test") return [](const MidphaseEvent& e) { return std::holds_alternative<collide::MidphaseLeafPairStep>(e); };
  if (name == "prune") {
    return [](const MidphaseEvent& e) {
      const auto* test = std::get_if<collide::MidphaseBvTestStep>(&e);
      return test != nullptr && !test->overlap;
    };
  }
  if (name == "false positive") {
    return [](const MidphaseEvent& e) {
      const auto* test = std::get_if<collide::MidphaseBvTestStep>(&e);
      return test != nullptr && test->liteFalsePositive;
    };
  }
  if (name == "overlapping pair") {
    return [](const MidphaseEvent& e) {
      const auto* test = std::get_if<collide::MidphasePrimitiveStep>(&e);
      return test != nullptr && test->hit;
    };
  }
  ADD_FAILURE() << "no test for the kind " << name;
  return [](const MidphaseEvent&) { return false; };
}

// mid_02's meshes and pose: a torus and a gear turned 45, 45, 30 degrees, AABB trees, SAT lite.
collide::Recorder<MidphaseEvent> recordedTraversal(bool satLite) {
  const collide::Mesh<double> a = collide::torusMesh(1.0, 0.3, 24, 12), b = collide::gearMesh(12, 0.8, 1.1, 0.4);
  const collide::BvhOptions build{collide::BvhBuild::BinnedSah, collide::BvKind::Aabb};
  const collide::Bvh<double> ta = collide::buildBvh(a, build), tb = collide::buildBvh(b, build);
  const double degree = 3.14159265358979323846 / 180.0;
  const collide::Transform3<double> pose{{1.5, 0.5, 0.25}, collide::Quat<double>::fromEuler(45 * degree, 45 * degree, 30 * degree)};
  collide::MidphaseOptions options;
  options.satLite = satLite;
  collide::Recorder<MidphaseEvent> trace;
  (void)collide::midphase(ta, a, {}, tb, b, pose, options, trace);
  return trace;
}

TEST(StepJump, NextAndPreviousOfAKind) {
  const std::vector<int> steps{3, 7, 8, 20};
  EXPECT_EQ(nextStepOf(steps, 0), 3);
  EXPECT_EQ(nextStepOf(steps, 3), 7);  // from a step of the kind: the next one, not itself
  EXPECT_EQ(nextStepOf(steps, 7), 8);
  EXPECT_EQ(nextStepOf(steps, 19), 20);
  EXPECT_EQ(nextStepOf(steps, 20), std::nullopt);
  EXPECT_EQ(previousStepOf(steps, 20), 8);
  EXPECT_EQ(previousStepOf(steps, 9), 8);
  EXPECT_EQ(previousStepOf(steps, 3), std::nullopt);
  EXPECT_EQ(previousStepOf(steps, 0), std::nullopt);
  EXPECT_EQ(nextStepOf({}, 0), std::nullopt);
  EXPECT_EQ(previousStepOf({}, 5), std::nullopt);
}

// A jump wraps round at either end, and has nowhere to go only when the kind has no step but this one.
TEST(StepJump, AJumpPastTheLastOfAKindWrapsToTheFirst) {
  const std::vector<int> steps{3, 7, 20};
  EXPECT_EQ(jumpTarget(steps, 7, +1), 20);
  EXPECT_EQ(jumpTarget(steps, 20, +1), 3);
  EXPECT_EQ(jumpTarget(steps, 25, +1), 3);
  EXPECT_EQ(jumpTarget(steps, 3, -1), 20);
  EXPECT_EQ(jumpTarget(steps, 0, -1), 20);
  EXPECT_EQ(jumpTarget(steps, 8, -1), 7);
  const std::vector<int> one{5};
  EXPECT_EQ(jumpTarget(one, 5, +1), std::nullopt);
  EXPECT_EQ(jumpTarget(one, 5, -1), std::nullopt);
  EXPECT_EQ(jumpTarget(one, 9, +1), 5);
  EXPECT_EQ(jumpTarget({}, 0, +1), std::nullopt);
}

// Each kind's steps are exactly the events of that kind, shifted by the offset the 2D lab's builds take, and a
// jump from any step lands on the nearest such event either side.
// On one of its steps the picker says which of them this is (newcomer review s30: "false positive (76)" gave no
// place in the list); elsewhere, how many there are.
TEST(StepJump, ThePickerSaysWhichOfTheKindThisStepIs) {
  const StepKind kind{"false positive", {4, 9, 30}, {}};
  EXPECT_EQ(jumpKindLabel(kind, 9), "false positive 2 of 3");
  EXPECT_EQ(jumpKindLabel(kind, 30), "false positive 3 of 3");
  EXPECT_EQ(jumpKindLabel(kind, 10), "false positive (3)");
  EXPECT_EQ(jumpKindLabel(StepKind{"prune", {}, {}}, 0), "prune (0)");
}

TEST(StepJump, TraversalKindsAreTheirEventsAndJumpsLandOnTheNearest) {
  const collide::Recorder<MidphaseEvent> trace = recordedTraversal(true);
  midphase_common::TraversalSteps steps;
  steps.read(trace.steps);
  for (const int offset : {0, 57}) {
    SCOPED_TRACE(offset);
    const std::vector<StepKind> kinds = midphase_common::traversalKinds(steps, offset, "");
    ASSERT_EQ(kinds.size(), 4u);
    EXPECT_EQ(kinds.front().name, "false positive");  // SAT lite on: the kind mid_02 is about comes first
    for (const StepKind& kind : kinds) {
      SCOPED_TRACE(kind.name);
      const EventTest isKind = kindTest(kind.name);
      std::vector<int> expected;
      for (std::size_t i = 0; i < trace.steps.size(); ++i) {
        if (isKind(trace.steps[i])) expected.push_back(offset + static_cast<int>(i));
      }
      EXPECT_FALSE(expected.empty());
      EXPECT_EQ(kind.steps, expected);
      // From every step of the timeline (the builds' too): the first such event after it, the last before it.
      const int count = offset + static_cast<int>(trace.steps.size());
      for (int step = 0; step < count; ++step) {
        std::optional<int> after, before;
        for (int i = step + 1; i < count && !after; ++i) {
          if (i >= offset && isKind(trace.steps[static_cast<std::size_t>(i - offset)])) after = i;
        }
        for (int i = step - 1; i >= offset && !before; --i) {
          if (isKind(trace.steps[static_cast<std::size_t>(i - offset)])) before = i;
        }
        ASSERT_EQ(nextStepOf(kind.steps, step), after) << step;
        ASSERT_EQ(previousStepOf(kind.steps, step), before) << step;
      }
    }
  }
}

// Without SAT lite there are no false positives: the kind is listed last, empty, saying why, and the jumps start
// on the first kind that has steps.
TEST(StepJump, AnEmptyKindSaysWhyAndIsNotTheDefault) {
  const collide::Recorder<MidphaseEvent> trace = recordedTraversal(false);
  midphase_common::TraversalSteps steps;
  steps.read(trace.steps);
  const std::vector<StepKind> kinds = midphase_common::traversalKinds(steps, 0, "SAT lite is off");
  ASSERT_EQ(kinds.size(), 4u);
  EXPECT_EQ(kinds.back().name, "false positive");
  EXPECT_TRUE(kinds.back().steps.empty());
  EXPECT_EQ(kinds.back().absent, "SAT lite is off");
  TimelinePlayback playback;
  EXPECT_EQ(kinds[static_cast<std::size_t>(jumpKindIndex(kinds, playback))].name, "leaf test");
  playback.jumpKind = "false positive";  // picked: kept, though it has no steps
  EXPECT_EQ(jumpKindIndex(kinds, playback), 3);
  // The 2D lab lists no false positives at all.
  EXPECT_EQ(midphase_common::traversalKinds(steps, 0, nullptr).size(), 3u);
}

// --dump-state's stepJump says where the keys go: from every step, each kind's "previous" and "next" are the steps
// Shift+Left and Shift+Right land on with that kind picked (round from the last to the first; it said null there,
// while the keys wrapped), null when they do not move the step.
TEST(StepJump, TheDumpSaysWhereTheJumpKeysGo) {
  const std::vector<StepKind> kinds{{"leaf test", {4, 9}, {}}, {"prune", {2, 5, 6}, {}}, {"phase", {7}, {}}, {"false positive", {}, "none"}};
  const int count = 12;
  for (int from = 0; from < count; ++from) {
    SCOPED_TRACE(from);
    TimelinePlayback playback;
    const Json dump = stepJumpJson(kinds, from, playback);
    EXPECT_EQ(dump["kind"], "leaf test");
    ASSERT_EQ(dump["kinds"].size(), kinds.size());
    for (std::size_t k = 0; k < kinds.size(); ++k) {
      SCOPED_TRACE(kinds[k].name);
      const Json& entry = dump["kinds"][k];
      EXPECT_EQ(entry["name"], kinds[k].name);
      EXPECT_EQ(entry["count"], kinds[k].steps.size());
      playback.jumpKind = kinds[k].name;
      for (const auto& [key, name] : {std::pair{GLFW_KEY_LEFT, "previous"}, std::pair{GLFW_KEY_RIGHT, "next"}}) {
        int step = from;
        const std::vector<KeyPress> press{{key, kModShift}};
        const bool moved = updateTimeline(step, count, playback, 0.0, press, kinds);
        EXPECT_EQ(entry[name], moved ? Json(step) : Json(nullptr)) << name;
      }
    }
  }
  // On the last leaf test the next one is the first, and on the first the previous is the last.
  EXPECT_EQ(stepJumpJson(kinds, 9, {})["kinds"][0]["next"], 4);
  EXPECT_EQ(stepJumpJson(kinds, 4, {})["kinds"][0]["previous"], 9);
}

TEST(StepJump, KeysJumpAndPickTheKind) {
  const std::vector<StepKind> kinds{{"leaf test", {4, 9}, {}}, {"prune", {2, 5, 6}, {}}, {"false positive", {}, "none here"}};
  const auto keys = [](std::initializer_list<KeyPress> presses) { return std::vector<KeyPress>(presses); };
  const KeyPress shiftRight{GLFW_KEY_RIGHT, kModShift}, shiftLeft{GLFW_KEY_LEFT, kModShift};
  const KeyPress shiftDown{GLFW_KEY_DOWN, kModShift}, shiftUp{GLFW_KEY_UP, kModShift};
  TimelinePlayback playback;
  playback.playing = true;
  int step = 0;
  // The first kind with steps: leaf tests. A jump stops playback, as stepping does.
  EXPECT_TRUE(updateTimeline(step, 12, playback, 0.0, keys({shiftRight}), kinds));
  EXPECT_EQ(step, 4);
  EXPECT_FALSE(playback.playing);
  EXPECT_TRUE(updateTimeline(step, 12, playback, 0.0, keys({shiftRight}), kinds));
  EXPECT_EQ(step, 9);
  // None ahead: round to the first, so a scene that opens on its last step jumps at once (newcomer review s30: the
  // lesson's Shift+Right did nothing until Home), and back again.
  EXPECT_TRUE(updateTimeline(step, 12, playback, 0.0, keys({shiftRight}), kinds));
  EXPECT_EQ(step, 4);
  EXPECT_TRUE(updateTimeline(step, 12, playback, 0.0, keys({shiftLeft}), kinds));
  EXPECT_EQ(step, 9);
  // Shift+Down picks the next kind, and a jump in the same frame goes to it.
  EXPECT_TRUE(updateTimeline(step, 12, playback, 0.0, keys({shiftDown, shiftLeft, shiftLeft}), kinds));
  EXPECT_EQ(playback.jumpKind, "prune");
  EXPECT_EQ(step, 5);
  // Shift+Up from the first kind wraps round, past the kind with no step (it left both arrows dead, newcomer
  // review s30), to prune again.
  EXPECT_FALSE(updateTimeline(step, 12, playback, 0.0, keys({shiftUp}), kinds));  // a pick alone moves no step
  EXPECT_EQ(playback.jumpKind, "leaf test");
  EXPECT_TRUE(updateTimeline(step, 12, playback, 0.0, keys({shiftUp, shiftRight}), kinds));
  EXPECT_EQ(playback.jumpKind, "prune");
  EXPECT_EQ(step, 6);
  // Picked in the picker, an empty kind does not move the step.
  playback.jumpKind = "false positive";
  EXPECT_FALSE(updateTimeline(step, 12, playback, 0.0, keys({shiftRight}), kinds));
  EXPECT_EQ(step, 6);
  // Plain Left still steps by one; without kinds Shift+Right does nothing.
  EXPECT_TRUE(updateTimeline(step, 12, playback, 0.0, keys({{GLFW_KEY_LEFT, 0}}), kinds));
  EXPECT_EQ(step, 5);
  EXPECT_FALSE(updateTimeline(step, 12, playback, 0.0, keys({shiftRight}), {}));
  EXPECT_EQ(step, 5);
  EXPECT_TRUE(isTimelineKey(shiftRight) && isTimelineKey(shiftUp));  // never passed on to a lab
}

// A curated scene by name, or any scene by its path from the source tree's root ("tests/cli/data/...").
std::unique_ptr<Lab> openScene(const std::string& file) {
  std::string error;
  const std::string path = std::string(COLLISION_LAB_SOURCE_DIR) + (file.find('/') == std::string::npos ? "/assets/scenes/" : "/") + file;
  const std::optional<Scene> scene = loadSceneFile(path, error);
  EXPECT_TRUE(scene) << error;
  if (!scene) return nullptr;
  const LabInfo* info = findLab(scene->lab);
  EXPECT_NE(info, nullptr) << scene->lab;
  if (info == nullptr) return nullptr;
  std::unique_ptr<Lab> lab = info->create();
  std::string algorithmError;
  EXPECT_TRUE(lab->setAlgorithm(scene->algorithm, algorithmError)) << algorithmError;
  EXPECT_TRUE(lab->loadScene(*scene, error)) << error;
  return lab;
}

Json dumpAt(Lab& lab, int step) {
  lab.setStep(step);
  Json state;
  lab.dumpState(state);
  return state;
}

// The labs' kinds, checked against what their dumps say each step is: mid_02's false positives are SAT-lite
// passes an edge axis separates (the first kind, as the scene is about them); mid2_01's phases start where the
// step's phase changes, and its traversal kinds are shifted past both builds.
TEST(StepJump, MidphaseLabsJumpToStepsOfTheirKind) {
  std::unique_ptr<Lab> lab3 = openScene("mid_02_sat_lite_false_positive.json");
  ASSERT_NE(lab3, nullptr);
  ASSERT_FALSE(lab3->stepKinds().empty());
  const StepKind fooled = lab3->stepKinds().front();
  EXPECT_EQ(fooled.name, "false positive");
  EXPECT_EQ(fooled.steps.size(), dumpAt(*lab3, 0)["sat_lite_false_positives"].get<std::size_t>());
  for (const int step : fooled.steps) {
    const Json event = dumpAt(*lab3, step)["at_step"]["event"];
    ASSERT_EQ(event["type"], "bv_test") << step;
    ASSERT_TRUE(event["lite_false_positive"].get<bool>()) << step;
  }

  std::unique_ptr<Lab> lab2 = openScene("mid2_01_sah_vs_median.json");
  ASSERT_NE(lab2, nullptr);
  const std::span<const StepKind> kinds = lab2->stepKinds();
  ASSERT_EQ(kinds.size(), 4u);
  EXPECT_EQ(kinds[0].name, "phase start");
  std::vector<int> starts;
  std::string phase;
  for (int step = 0; step < lab2->stepCount(); ++step) {
    const std::string now = dumpAt(*lab2, step)["at_step"]["phase"];
    if (now != phase) starts.push_back(step);
    phase = now;
  }
  EXPECT_EQ(starts.size(), 3u);  // build A, build B, the traversal
  EXPECT_EQ(kinds[0].steps, starts);
  for (const StepKind& kind : kinds.subspan(1)) {
    SCOPED_TRACE(kind.name);
    ASSERT_FALSE(kind.steps.empty());
    EXPECT_GE(kind.steps.front(), starts.back());  // in the traversal, after both builds
    for (const int step : kind.steps) {
      const Json event = dumpAt(*lab2, step)["at_step"]["event"];
      const std::string type = event["type"];
      if (kind.name == "leaf test") {
        EXPECT_EQ(type, "leaf_pair") << step;
      } else if (kind.name == "prune") {
        EXPECT_TRUE(type == "bv_test" && !event["overlap"].get<bool>()) << step;
      } else {
        EXPECT_TRUE(type == "primitive_test" && event["hit"].get<bool>()) << step;
      }
    }
  }
}

// SAT on two hulls of 28 points (review s31, A12): 6,188 candidate axes, 168 projected. The runs of pruned edge
// pairs are one step each, so the timeline is the tested axes, those runs and the answer; the kinds jump between
// tested axes and new bests; and a tested axis's words count it among the result's "axes tested".
TEST(StepJump, SatOnHullsFoldsPrunedRunsAndCountsTestedAxes) {
  std::unique_ptr<Lab> lab = openScene("tests/cli/data/sat_two_hulls.json");
  ASSERT_NE(lab, nullptr);
  const Json first = dumpAt(*lab, 0);
  const int tested = first["result"]["iterations"];
  ASSERT_EQ(tested, 168);
  const std::span<const StepKind> kinds = lab->stepKinds();
  ASSERT_EQ(kinds.size(), 4u);
  EXPECT_EQ(kinds[0].name, "tested axis");
  EXPECT_EQ(kinds[1].name, "new best");
  EXPECT_EQ(kinds[2].name, "separating axis");
  EXPECT_EQ(kinds[3].name, "pruned run");
  EXPECT_EQ(static_cast<int>(kinds[0].steps.size()), tested);
  EXPECT_TRUE(kinds[2].steps.empty());
  EXPECT_FALSE(kinds[2].absent.empty());  // they overlap: the picker says why there is none
  // Every step is a tested axis, a run of pruned pairs (never two runs in a row) or the answer, the last.
  EXPECT_EQ(lab->stepCount(), tested + static_cast<int>(kinds[3].steps.size()) + 1);
  for (std::size_t i = 1; i < kinds[3].steps.size(); ++i) EXPECT_GT(kinds[3].steps[i], kinds[3].steps[i - 1] + 1);
  int k = 0;
  for (const int step : kinds[0].steps) {
    const std::string words = dumpAt(*lab, step)["narration"];
    const std::string expected = "Tested axis " + std::to_string(++k) + " of " + std::to_string(tested) + " (axis ";
    EXPECT_EQ(words.substr(0, expected.size()), expected) << step;
  }
  for (const int step : kinds[1].steps) EXPECT_NE(std::string(dumpAt(*lab, step)["narration"]).find("the smallest overlap so far"), std::string::npos) << step;
  // Past the headline, an axis is named as the headline counts it, among the tested ones ("the smallest so far is
  // 0.1205 on tested axis 40"), never by its candidate number ("on axis 40" beside "Tested axis 100 of 168": review
  // s31). The answer too.
  const std::regex candidateNumber("(^|[^a-z ]|[^d] )axis [0-9]");
  const std::regex testedNumber("tested axis ([0-9]+)");
  const auto checkNames = [&](const std::string& words, int step) {
    EXPECT_FALSE(std::regex_search(words, candidateNumber)) << step << ": " << words;
    for (std::sregex_iterator it(words.begin(), words.end(), testedNumber), end; it != end; ++it)
      EXPECT_LE(std::stoi((*it)[1].str()), tested) << step << ": " << words;
  };
  for (const int step : kinds[0].steps) {
    const std::string words = dumpAt(*lab, step)["narration"];
    checkNames(words.substr(words.find("): ")), step);
  }
  const std::string answer = dumpAt(*lab, lab->stepCount() - 1)["narration"];
  EXPECT_NE(answer.find("the smallest overlap: tested axis "), std::string::npos) << answer;
  EXPECT_NE(answer.find("against the runner-up tested axis "), std::string::npos) << answer;
  checkNames(answer, lab->stepCount() - 1);
  for (const int step : kinds[3].steps) {
    const std::string words = dumpAt(*lab, step)["narration"];
    EXPECT_NE(words.find("skipped"), std::string::npos) << step << ": " << words;
    EXPECT_NE(words.find(" of 168."), std::string::npos) << step << ": " << words;
  }
}

// In the plane every axis is tested; a pair that is apart has its separating axis as a kind, the last axis.
TEST(StepJump, SatInThePlaneJumpsToTheSeparatingAxis) {
  std::unique_ptr<Lab> apart = openScene("01_far_apart.json");
  ASSERT_NE(apart, nullptr);
  std::string error;
  ASSERT_TRUE(apart->setAlgorithm("sat", error)) << error;
  const std::span<const StepKind> kinds = apart->stepKinds();
  ASSERT_EQ(kinds.size(), 3u);
  EXPECT_EQ(kinds[0].steps.size(), static_cast<std::size_t>(apart->stepCount()));
  ASSERT_EQ(kinds[2].steps.size(), 1u);
  EXPECT_EQ(kinds[2].steps[0], apart->stepCount() - 1);
  // GJK has no kinds: the timeline draws no jumps.
  ASSERT_TRUE(apart->setAlgorithm("gjk", error)) << error;
  EXPECT_TRUE(apart->stepKinds().empty());
}

}  // namespace
}  // namespace lab
