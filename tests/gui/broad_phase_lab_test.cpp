// The broad-phase labs (plane and space) without a window: what their steps, strips and plot series say, read from
// --dump-state's keys and frameMetrics after loading a scene's lab_state.
#include <algorithm>
#include <memory>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include "io/scene.h"
#include "lab/lab.h"
#include "labs/broad_phase_lab.h"
#include "render/camera.h"
#include "render/label_layout.h"

namespace lab {
namespace {

std::unique_ptr<Lab> openLab(const char* name, const char* labState, const char* algorithm) {
  const LabInfo* info = findLab(name);
  EXPECT_NE(info, nullptr) << name;
  if (info == nullptr) return nullptr;
  std::unique_ptr<Lab> lab = info->create();
  Scene scene;
  scene.labState = Json::parse(labState);
  std::string error;
  EXPECT_TRUE(lab->loadScene(scene, error)) << error;
  EXPECT_TRUE(lab->setAlgorithm(algorithm, error)) << error;
  lab->update(1.0 / 60.0);
  return lab;
}

Json dump(const Lab& lab) {
  Json state;
  lab.dumpState(state);
  return state;
}

// The grid's steps go on past the cell insertions to its box tests, one step per test, each naming the cell that
// tests the pair; the pairs known at a step are those the tests so far found, all of them at the last step.
TEST(BroadPhaseLab, GridStepsThroughItsBoxTests) {
  for (const char* name : {"Broad phase", "Broad phase 3D"}) {
    SCOPED_TRACE(name);
    std::unique_ptr<Lab> lab =
        openLab(name, R"({"count": 40, "motion": "drift", "seed": 3, "spacing": 1.4, "paused": true})", "grid");
    ASSERT_NE(lab, nullptr);
    Json state = dump(*lab);
    const bool plane = std::string(name) == "Broad phase";
    const std::size_t boxTests = plane ? state["stats"]["boxTests"].get<std::size_t>() : state["box_tests"].get<std::size_t>();
    ASSERT_GT(boxTests, 0u);
    int firstTest = -1;
    int tests = 0;
    for (int step = 0; step < lab->stepCount(); ++step) {
      lab->setStep(step);
      state = dump(*lab);
      const std::string narration = plane ? state["event"]["narration"].get<std::string>()
                                          : state["step"]["narration"].get<std::string>();
      if (narration.find(" share cell ") == std::string::npos) continue;
      ++tests;
      if (firstTest < 0) firstTest = step;
      EXPECT_NE(narration.find("the cell of the corner (max of the two boxes' mins"), std::string::npos) << narration;
      if (plane) {
        EXPECT_EQ(state["event"]["kind"], "grid test");
        if (firstTest == step) {
          EXPECT_EQ(state["pairsAtStep"].size(), narration.find(", a pair.") != std::string::npos ? 1u : 0u);
        }
      }
    }
    EXPECT_EQ(static_cast<std::size_t>(tests), boxTests);  // no oversize box here: every test is a cell's
    ASSERT_GT(firstTest, 0);
    if (plane) {
      EXPECT_EQ(state["stepKinds"]["grid test"].get<std::size_t>(), boxTests);
      EXPECT_EQ(state["pairsAtStep"], state["pairList"]);  // the last step: every pair found
      lab->setStep(firstTest - 1);  // the last insertion: no test yet, no pair known
      EXPECT_EQ(dump(*lab)["pairsAtStep"].size(), 0u);
    }
  }
}

// An insertion names the object's box and a cell that box overlaps, and which of its cells this is: it said "#5
// (centre (5.689, 4.333)) goes into cell (3, 3)", a cell that centre is not in (newcomer review s31, A6), since an
// object goes into every cell its box overlaps.
TEST(BroadPhaseLab, AGridInsertionNamesTheBoxThatOverlapsTheCell) {
  std::unique_ptr<Lab> lab = openLab("Broad phase", R"({"count": 40, "motion": "drift", "seed": 3, "spacing": 1.4, "paused": true})", "grid");
  ASSERT_NE(lab, nullptr);
  const std::regex words(R"(#(\d+)'s box \[([-0-9.e]+), ([-0-9.e]+)\] x \[([-0-9.e]+), ([-0-9.e]+)\] overlaps cell \(-?\d+, -?\d+\): .*\(this is (\d+) of (\d+)\))");
  int insertions = 0, spread = 0;
  std::string lastId;
  int lastNth = 0;
  for (int step = 0; step < lab->stepCount(); ++step) {
    lab->setStep(step);
    const Json state = dump(*lab);
    if (!state["event"].contains("cell_box")) continue;
    const std::string narration = state["event"]["narration"].get<std::string>();
    std::smatch m;
    ASSERT_TRUE(std::regex_search(narration, m, words)) << narration;
    ++insertions;
    const Json& cell = state["event"]["cell_box"];
    const double box[4] = {std::stod(m[2]), std::stod(m[3]), std::stod(m[4]), std::stod(m[5])};
    const double slack = 1e-3;  // the narration's four digits
    EXPECT_LE(box[0], cell[1][0].get<double>() + slack) << narration;
    EXPECT_GE(box[1], cell[0][0].get<double>() - slack) << narration;
    EXPECT_LE(box[2], cell[1][1].get<double>() + slack) << narration;
    EXPECT_GE(box[3], cell[0][1].get<double>() - slack) << narration;
    const int nth = std::stoi(m[6]), cells = std::stoi(m[7]);
    EXPECT_LE(nth, cells);
    EXPECT_EQ(nth, m[1] == lastId ? lastNth + 1 : 1) << narration;  // an object's cells in a row, counted
    if (cells > 1) ++spread;
    lastId = m[1];
    lastNth = nth;
  }
  EXPECT_GT(insertions, 40);
  EXPECT_GT(spread, 0) << "some box spans more than one cell";
}

// Red means the same in both labs and every algorithm that steps: the object is in a pair found at or before the
// step shown. A newcomer saw the 3D labs and the 2D tree colour the frame's final pairs red from step 1, while 2D
// sweep and prune and the grid coloured the pairs found so far. At the first step no pair is found yet; the grid's
// and the tree's found pairs only grow, and are real pairs; at the last step they are the frame's pairs. The
// legend's red row reads the same in every algorithm.
TEST(BroadPhaseLab, RedMeansAPairFoundAtOrBeforeTheStepInEveryAlgorithm) {
  using PairSet = std::set<std::pair<int, int>>;
  const auto pairSet = [](const Json& list) {
    PairSet pairs;
    for (const Json& pair : list) pairs.insert({pair[0].get<int>(), pair[1].get<int>()});
    return pairs;
  };
  for (const char* name : {"Broad phase", "Broad phase 3D"}) {
    SCOPED_TRACE(name);
    const bool plane = std::string(name) == "Broad phase";
    const char* frameKey = plane ? "pairList" : "pair_list";
    const char* stepKey = plane ? "pairsAtStep" : "pairs_at_step";
    std::set<std::string> redRows;
    for (const char* algorithm : {"sap", "grid", "bvh"}) {
      SCOPED_TRACE(algorithm);
      std::unique_ptr<Lab> lab =
          openLab(name, R"({"count": 24, "motion": "drift", "seed": 1, "spacing": 2.0, "paused": true})", algorithm);
      ASSERT_NE(lab, nullptr);
      ASSERT_GT(lab->stepCount(), 2);
      lab->setStep(0);
      Json state = dump(*lab);
      const PairSet framePairs = pairSet(state[frameKey]);
      ASSERT_FALSE(framePairs.empty());
      EXPECT_TRUE(pairSet(state[stepKey]).empty()) << "step 1 found no pair yet: " << state[stepKey];
      ASSERT_GE(state["legend"].size(), 2u);
      redRows.insert(state["legend"][1].get<std::string>());
      PairSet previous;
      for (int step = 0; step < lab->stepCount(); ++step) {
        lab->setStep(step);
        state = dump(*lab);
        const PairSet shown = pairSet(state[stepKey]);
        if (std::string(algorithm) != "sap") {  // sweep and prune's candidates are filtered at the end
          EXPECT_TRUE(std::includes(shown.begin(), shown.end(), previous.begin(), previous.end())) << "step " << step;
          EXPECT_TRUE(std::includes(framePairs.begin(), framePairs.end(), shown.begin(), shown.end())) << "step " << step;
        }
        previous = shown;
      }
      EXPECT_EQ(previous, framePairs);  // the last step: every pair found
      redRows.insert(state["legend"][1].get<std::string>());
    }
    EXPECT_EQ(redRows.size(), 1u) << "the red row differs between algorithms";
    EXPECT_NE(redRows.begin()->find("in a pair found at or before this step"), std::string::npos) << *redRows.begin();
  }
}

// Both labs open the same way: paused at frame 0 on step 1, whatever the remembered settings (they keep view
// options and the algorithm, not the simulation's state); the shell's first frames move nothing. N steps the next
// frame from its start, P runs and shows each frame's last step. A newcomer met the 3D lab running at its last step.
// A scene's lab_state.paused is read and saved by both.
TEST(BroadPhaseLab, BothLabsOpenPausedOnStepOne) {
  for (const char* name : {"Broad phase", "Broad phase 3D"}) {
    SCOPED_TRACE(name);
    const LabInfo* info = findLab(name);
    ASSERT_NE(info, nullptr);
    std::unique_ptr<Lab> lab = info->create();
    lab->loadSettings(info->create()->saveSettings());  // as the shell does with remembered settings
    for (int frame = 0; frame < 5; ++frame) lab->update(1.0 / 60.0);
    Json state = dump(*lab);
    EXPECT_EQ(state["frame"].get<int>(), 0);
    EXPECT_FALSE(state["running"].get<bool>());
    EXPECT_FALSE(lab->sceneRunning());
    ASSERT_GT(lab->stepCount(), 2);
    EXPECT_EQ(lab->stepIndex(), 0);

    lab->keyPressed({GLFW_KEY_N, 0});
    lab->update(1.0 / 60.0);
    EXPECT_EQ(dump(*lab)["frame"].get<int>(), 1);
    EXPECT_EQ(lab->stepIndex(), 0);
    lab->keyPressed({GLFW_KEY_P, 0});
    lab->update(1.0 / 60.0);
    EXPECT_TRUE(lab->sceneRunning());
    EXPECT_EQ(lab->stepIndex(), lab->stepCount() - 1);

    Scene saved;
    lab->saveScene(saved);
    EXPECT_EQ(saved.labState["paused"], false);
    std::unique_ptr<Lab> reopened = info->create();
    std::string error;
    saved.shapes.clear();  // the 3D lab builds its boxes from lab_state; the plane's can too
    saved.labState["count"] = 24;
    ASSERT_TRUE(reopened->loadScene(saved, error)) << error;
    EXPECT_TRUE(reopened->sceneRunning());
    Scene bad;
    bad.labState = Json::parse(R"({"paused": "yes"})");
    EXPECT_FALSE(info->create()->loadScene(bad, error));
    EXPECT_NE(error.find("lab_state.paused"), std::string::npos) << error;
  }
}

// Each legend row is one thing: no two rows share a colour and a mark, and no box outline (an object's, this step's
// thick box, the active list's) shares its colour with a tree depth's box. A newcomer found two reds and two yellows
// in the sweep's legend, the root's yellow on this step's node pair, and a rejected pair in "in a pair" red. The
// grid's cells are more opaque, not darker, with more objects.
TEST(BroadPhaseLab, LegendRowsNeverShareAColourAndAMark) {
  for (const char* name : {"Broad phase", "Broad phase 3D"}) {
    SCOPED_TRACE(name);
    const bool plane = std::string(name) == "Broad phase";
    for (const char* algorithm : {"sap", "grid", "bvh", "brute"}) {
      SCOPED_TRACE(algorithm);
      std::unique_ptr<Lab> lab =
          openLab(name, R"({"count": 24, "motion": "drift", "seed": 1, "spacing": 2.0, "paused": true})", algorithm);
      ASSERT_NE(lab, nullptr);
      for (int step = 0; step < std::max(lab->stepCount(), 1); ++step) {
        lab->setStep(step);
        const Json state = dump(*lab);
        const Json& rows = state[plane ? "legendMarks" : "legend_marks"];
        ASSERT_TRUE(rows.is_array() && !rows.empty()) << state;
        std::set<std::string> seen;
        std::set<std::string> boxColours;  // outlines, thick outlines and tree depths: all drawn as box outlines
        for (const Json& row : rows) {
          const std::string text = row["text"].get<std::string>();
          EXPECT_EQ(text.find("darker"), std::string::npos) << text;
          const std::string mark = row["mark"].get<std::string>();
          for (const Json& colour : row["colors"]) {
            EXPECT_TRUE(seen.insert(mark + " " + colour.get<std::string>()).second)
                << "step " << step << ": two rows draw " << mark << " " << colour << " (" << text << ")";
            if (mark == "outline" || mark == "thick" || mark == "depths") {
              EXPECT_TRUE(boxColours.insert(colour.get<std::string>()).second)
                  << "step " << step << ": a box outline in " << colour << " means two things (" << text << ")";
            }
          }
        }
      }
    }
  }
}

// The objects' names at 150 % UI scale, as the reviewer's screenshot framed the default scene at step 25 (its view
// and font size): every name either touches its own object's box or has a leader line back to it. Anchored at the
// box's top-left corner, "#12" was moved 7 pixels (no leader) onto #5's box.
TEST(BroadPhaseLab, ObjectNamesTouchTheirBoxOrHaveALeaderAt150Percent) {
  std::unique_ptr<Lab> lab = openLab("Broad phase", R"({"paused": true})", "sap");
  ASSERT_NE(lab, nullptr);
  lab->setStep(24);
  const Json state = dump(*lab);
  Camera camera;  // the reviewer's ui150_bp.json
  camera.setRect({517.5, 34.5, 1082.5, 901.0});
  camera.setView({4.898979485566356, 3.919183588453085}, 68.46664037987703);
  constexpr double kFont = 22.5;
  std::vector<LabelRequest> requests;
  std::vector<std::pair<Vec2d, Vec2d>> boxes;  // window pixels, top-left and bottom-right
  for (const Json& object : state["objects"]) {
    const Vec2d topLeft = camera.worldToScreen({object["min"][0].get<double>(), object["max"][1].get<double>()});
    const Vec2d bottomRight = camera.worldToScreen({object["max"][0].get<double>(), object["min"][1].get<double>()});
    const std::size_t characters = 1 + std::to_string(object["id"].get<int>()).size();  // "#12"
    const Vec2d size{0.62 * kFont * static_cast<double>(characters) + 6, kFont + 2};  // DejaVu Sans's digits
    requests.push_back(broadphase::objectLabelRequest(topLeft, bottomRight, size));
    boxes.emplace_back(topLeft, bottomRight);
  }
  ASSERT_EQ(requests.size(), 24u);
  const std::vector<LabelPlacement> placed = layoutLabelBoxes(camera.rect(), requests);
  int placedCount = 0;
  for (std::size_t i = 0; i < placed.size(); ++i) {
    if (!placed[i].placed) continue;
    ++placedCount;
    const auto& [lo, hi] = boxes[i];
    constexpr double kNear = 2;  // a name just above its box (1 pixel apart) touches it
    const bool touches = placed[i].min.x <= hi.x + kNear && lo.x <= placed[i].max.x + kNear &&
                         placed[i].min.y <= hi.y + kNear && lo.y <= placed[i].max.y + kNear;
    EXPECT_TRUE(touches || placed[i].leader) << state["objects"][i]["id"] << " is away from its box with no leader";
  }
  EXPECT_GE(placedCount, 22);
}

// The step's objects are named in yellow and placed first: the ones its narration names (the entering box and the
// pairs it makes, a grid cell's insertion or test), in both labs; the names are anchored at each box's centre (in
// 3D a corner sat among the other boxes of a cluster).
TEST(BroadPhaseLab, TheStepsObjectsNamesAreHighlighted) {
  const std::regex id("#(\\d+)");
  for (const char* name : {"Broad phase", "Broad phase 3D"}) {
    SCOPED_TRACE(name);
    const bool plane = std::string(name) == "Broad phase";
    for (const char* algorithm : {"sap", "grid"}) {
      SCOPED_TRACE(algorithm);
      std::unique_ptr<Lab> lab =
          openLab(name, R"({"count": 24, "motion": "drift", "seed": 1, "spacing": 2.0, "paused": true})", algorithm);
      ASSERT_NE(lab, nullptr);
      int equal = 0;
      for (int step = 0; step < lab->stepCount(); ++step) {
        lab->setStep(step);
        const Json state = dump(*lab);
        const std::string narration = (plane ? state["event"]["narration"] : state["step"]["narration"]).get<std::string>();
        std::set<int> named, highlighted;
        for (auto it = std::sregex_iterator(narration.begin(), narration.end(), id); it != std::sregex_iterator(); ++it)
          named.insert(std::stoi((*it)[1].str()));
        const Json& labels = state[plane ? "objectLabels" : "box_labels"];
        ASSERT_EQ(labels.size(), 24u);
        for (const Json& label : labels)
          if (label["highlighted"].get<bool>()) highlighted.insert(label["id"].get<int>());
        if (narration.find(" filters the candidates") != std::string::npos ||
            narration.find("The sweep on ") == 0) {
          EXPECT_TRUE(highlighted.empty()) << narration;  // a stage's verdicts: many pairs, no one box
          continue;
        }
        EXPECT_FALSE(highlighted.empty()) << "step " << step << ": " << narration;
        EXPECT_TRUE(std::includes(named.begin(), named.end(), highlighted.begin(), highlighted.end()))
            << "step " << step << ": " << narration;
        equal += named == highlighted ? 1 : 0;
      }
      EXPECT_GT(equal, lab->stepCount() / 3);
      if (plane) {
        const Json state = dump(*lab);
        for (std::size_t i = 0; i < state["objects"].size(); ++i) {
          const Json& object = state["objects"][i];
          const Json& label = state["objectLabels"][i];
          EXPECT_DOUBLE_EQ(label["at"][0].get<double>(), 0.5 * (object["min"][0].get<double>() + object["max"][0].get<double>()));
          EXPECT_DOUBLE_EQ(label["at"][1].get<double>(), 0.5 * (object["min"][1].get<double>() + object["max"][1].get<double>()));
        }
      }
    }
  }
}

// The 3D lab's strips give the whole frame's counts; mid-sweep the sweep axis's also says how many are found so far,
// the number the step panel lists, so the two cannot be read as one that disagrees.
TEST(BroadPhase3Lab, SweepStripSaysFrameTotalAndSoFar) {
  std::unique_ptr<Lab> lab =
      openLab("Broad phase 3D", R"({"count": 24, "motion": "drift", "seed": 1, "spacing": 2.0, "paused": true})", "sap");
  ASSERT_NE(lab, nullptr);
  Json state = dump(*lab);
  const std::size_t total = state["candidates_per_axis"][0].get<std::size_t>();
  const std::string axis(1, "xyz"[state["axis_order"][0].get<int>()]);
  lab->setStep(19);
  state = dump(*lab);
  const std::string label = state["strip_labels"][0].get<std::string>();
  EXPECT_NE(label.find(" in all"), std::string::npos) << label;
  EXPECT_NE(label.find(std::to_string(total)), std::string::npos) << label;
  EXPECT_NE(label.find(" so far"), std::string::npos) << label;
  // The filters run after the sweep: mid-sweep their strips give no count yet (they gave the frame's final ones;
  // review s33, A10).
  const std::string first(1, "xyz"[state["axis_order"][1].get<int>()]), second(1, "xyz"[state["axis_order"][2].get<int>()]);
  EXPECT_EQ(state["strip_labels"][1], "then " + first + ": after the sweep");
  EXPECT_EQ(state["strip_labels"][2], "then " + second + ": after " + first);
  lab->setStep(lab->stepCount() - 1);
  state = dump(*lab);
  EXPECT_EQ(state["strip_labels"][0], axis + " (sweep): " + std::to_string(total) + " pairs in all");
  EXPECT_EQ(state["strip_labels"][2],
            "then " + second + ": " + std::to_string(state["candidates_per_axis"][2].get<std::size_t>()) + " left");
}

// The sweep's last steps announce a count and list that many pairs, or say how many they leave out ("9 ... are the
// pairs" listed eight; newcomer review s35 A14); the step's list calls them sweep-axis candidates and says of each
// rejected one which axis rejected it and by how much. In 3D the first filter's survivors stay candidates.
TEST(BroadPhaseLab, TheFilterStepListsEveryPairItCountsAndWhyCandidatesWereRejected) {
  const std::regex counted(R"(filters the candidates: (\d+) also overlap on [xyz] and (are the pairs|stay candidates) (.*); \d+ rejected)");
  const std::regex more(R"( and (\d+) more$)");
  const std::regex rejectedRow(R"(^\(#(\d+), #(\d+)\)  rejected: ([xyz]) gap (\S+)$)");
  for (const char* name : {"Broad phase", "Broad phase 3D"}) {
    SCOPED_TRACE(name);
    const bool plane = std::string(name) == "Broad phase";
    std::unique_ptr<Lab> lab =
        openLab(name, R"({"count": 60, "motion": "drift", "seed": 2, "spacing": 1.0, "paused": true})", "sap");
    ASSERT_NE(lab, nullptr);
    int filterSteps = 0;
    bool sawLongList = false, sawRejected = false;
    for (int step = 0; step < lab->stepCount(); ++step) {
      lab->setStep(step);
      const Json state = dump(*lab);
      const std::string narration = plane ? state["event"]["narration"].get<std::string>() : state["step"]["narration"].get<std::string>();
      std::smatch match;
      if (!std::regex_search(narration, match, counted)) continue;
      ++filterSteps;
      const std::size_t count = std::stoul(match[1].str());
      const std::string list = match[3].str();
      const std::size_t listed = static_cast<std::size_t>(std::count(list.begin(), list.end(), '#')) / 2;
      std::smatch left;
      const std::size_t omitted = std::regex_search(list, left, more) ? std::stoul(left[1].str()) : 0;
      EXPECT_EQ(listed + omitted, count) << narration;
      sawLongList = sawLongList || count > 8;
      const bool last = match[2].str() == "are the pairs";
      EXPECT_EQ(last, plane || narration.find("Axis " + std::string(1, "xyz"[state["axis_order"][2].get<int>()])) == 0) << narration;
      // Each candidate's row: kept, or rejected with the axis and the gap between the two boxes on it.
      const Json& rows = plane ? state["sweep"]["candidateRows"] : state["step"]["candidateRows"];
      for (const Json& row : rows) {
        const std::string text = row.get<std::string>();
        std::smatch parts;
        if (!std::regex_search(text, parts, rejectedRow)) {
          EXPECT_NE(text.find("  kept"), std::string::npos) << text;
          continue;
        }
        sawRejected = true;
        EXPECT_GT(std::stod(parts[4].str()), 0.0) << text;
        if (!plane) continue;  // the 3D lab's dump has no boxes: the plane's gaps are checked against its boxes
        const Json& objects = state["objects"];
        const auto axis = static_cast<std::size_t>(std::string("xyz").find(parts[3].str()[0]));
        const auto box = [&](const std::string& id) -> const Json& {
          for (const Json& object : objects)
            if (object["id"].get<std::size_t>() == std::stoul(id)) return object;
          ADD_FAILURE() << "no box #" << id;
          return objects[0];
        };
        const Json& a = box(parts[1].str());
        const Json& b = box(parts[2].str());
        const double gap = std::max(a["min"][axis].get<double>() - b["max"][axis].get<double>(),
                                    b["min"][axis].get<double>() - a["max"][axis].get<double>());
        EXPECT_GT(gap, 0.0) << text;
        EXPECT_NEAR(std::stod(parts[4].str()), gap, 1e-3 * std::max(1.0, gap)) << text;
      }
    }
    EXPECT_EQ(filterSteps, plane ? 1 : 2);
    EXPECT_TRUE(sawLongList) << "the scene should give more than 8 pairs";
    EXPECT_TRUE(sawRejected);
  }
}

// The tree view labels the nodes each step's narration names ("Node 11 vs node 40"), and its depth labels sit at
// different corners, so the root's and a child's never stack at a shared corner.
TEST(BroadPhaseLab, TreeViewLabelsTheStepsNodesAndDepthsApart) {
  std::unique_ptr<Lab> lab =
      openLab("Broad phase", R"({"count": 40, "motion": "teleport", "seed": 1, "spacing": 2.0, "paused": true})", "bvh");
  ASSERT_NE(lab, nullptr);
  ASSERT_GT(lab->stepCount(), 10);
  const std::regex named("[Nn]ode (\\d+)");
  for (int step = 0; step < lab->stepCount(); ++step) {
    lab->setStep(step);
    const Json state = dump(*lab);
    const std::string narration = state["event"]["narration"].get<std::string>();
    std::set<std::string> texts;
    std::set<std::pair<double, double>> anchors;
    int depthLabels = 0;
    for (const Json& label : state.value("treeLabels", Json::array())) {
      texts.insert(label["text"].get<std::string>());
      const bool fresh = anchors.insert({label["at"][0].get<double>(), label["at"][1].get<double>()}).second;
      if (label["text"].get<std::string>().starts_with("depth ")) {
        ++depthLabels;
        EXPECT_TRUE(fresh) << "step " << step << ": two labels at one corner";
      }
    }
    EXPECT_EQ(depthLabels, 3) << "step " << step;  // the root and its two inner children
    for (auto it = std::sregex_iterator(narration.begin(), narration.end(), named); it != std::sregex_iterator(); ++it) {
      EXPECT_TRUE(texts.contains("node " + (*it)[1].str())) << "step " << step << ": " << narration;
    }
  }
}

// A pile of 1,000 boxes on a floor is hundreds of units wide and 4 tall: fitted whole, every box is under a pixel
// tall. The view frames a window of the floor's left end instead, where boxes are tens of pixels wide; a short
// floor and the other motions are framed whole as before.
TEST(BroadPhaseLab, LongFloorIsFramedByAReadableWindow) {
  std::unique_ptr<Lab> floor =
      openLab("Broad phase", R"({"count": 1000, "motion": "floor", "seed": 1, "spacing": 2.0, "paused": true})", "sap");
  ASSERT_NE(floor, nullptr);
  EXPECT_TRUE(floor->takeFitRequest());  // the world changed size
  EXPECT_FALSE(floor->takeFitRequest());
  const std::optional<WorldBounds> window = floor->sceneBounds(0);
  ASSERT_TRUE(window.has_value());
  EXPECT_LE(window->max.x - window->min.x, 30.0);
  EXPECT_GE(window->max.y, 4.0);  // the drop height
  Json state = dump(*floor);
  EXPECT_TRUE(state["floorWindowed"].get<bool>());
  for (const char* labState : {R"({"count": 24, "motion": "floor", "seed": 1, "spacing": 2.0, "paused": true})",
                               R"({"count": 1000, "motion": "bounce", "seed": 1, "spacing": 2.0, "paused": true})"}) {
    SCOPED_TRACE(labState);
    std::unique_ptr<Lab> lab = openLab("Broad phase", labState, "sap");
    ASSERT_NE(lab, nullptr);
    const std::optional<WorldBounds> whole = lab->sceneBounds(0);
    ASSERT_TRUE(whole.has_value());
    EXPECT_FALSE(dump(*lab)["floorWindowed"].get<bool>());
    for (const Json& object : dump(*lab).value("objects", Json::array())) {
      EXPECT_LE(object["max"][0].get<double>(), whole->max.x);
    }
    EXPECT_GT(whole->max.x - whole->min.x, 10.0);
  }
}

// The Plots window offers the series the algorithm fills, for both labs: no row of zeros for the others; and
// both labs count their updates, so a paused simulation adds no frames to the recording.
TEST(BroadPhaseLab, PlotSeriesAreTheAlgorithmsOwn) {
  const std::vector<std::pair<const char*, std::vector<std::string>>> expected = {
      {"sap", {"pairs", "sap_swaps", "candidates", "update_time"}},
      {"grid", {"pairs", "cells", "update_time"}},
      {"bvh", {"pairs", "nodes", "update_time"}},
      {"brute", {"pairs", "update_time"}}};
  for (const auto& [algorithm, names] : expected) {
    SCOPED_TRACE(algorithm);
    std::unique_ptr<Lab> lab =
        openLab("Broad phase", R"({"count": 40, "motion": "drift", "seed": 3, "spacing": 1.4, "paused": true})", algorithm);
    ASSERT_NE(lab, nullptr);
    std::vector<FrameMetric> metrics;
    lab->frameMetrics(metrics);
    std::vector<std::string> reported;
    for (const FrameMetric& metric : metrics) reported.push_back(metric.name);
    EXPECT_EQ(reported, names);
    const std::optional<std::uint64_t> before = lab->metricsUpdate();
    ASSERT_TRUE(before.has_value());
    lab->update(1.0 / 60.0);  // paused: no update runs
    EXPECT_EQ(lab->metricsUpdate(), before);
  }
  std::unique_ptr<Lab> space =
      openLab("Broad phase 3D", R"({"count": 24, "motion": "drift", "seed": 1, "spacing": 2.0, "paused": true})", "grid");
  ASSERT_NE(space, nullptr);
  EXPECT_TRUE(space->metricsUpdate().has_value());
}

}  // namespace
}  // namespace lab
