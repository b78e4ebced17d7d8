// The narrow-phase labs' RESULT block (drawQueryResult, app/labs/narrow_phase_common.h) drawn through ImGui without a
// display, its text read back through ImGui's log: the same fields in the plane and in space (the 3D lab showed one
// line, without the status and the stop), EPA's count beside GJK's, and a refusal in words.
#include <string>

#include <gtest/gtest.h>
#include <imgui.h>

#include "labs/narration.h"
#include "labs/narrow_phase_common.h"
#include "support/headless_imgui.h"

namespace lab {
namespace {

// What `draw` shows in one frame, as ImGui logs it (a line per widget).
template <class Draw>
std::string loggedText(Draw draw) {
  test::HeadlessImGui imgui(ImVec2(800, 600));
  ImGui::NewFrame();
  ImGui::SetNextWindowSize(ImVec2(800, 600));  // wide enough that no line wraps
  ImGui::Begin("panel");
  ImGui::LogToClipboard();
  draw();
  ImGui::LogFinish();
  const std::string text = ImGui::GetClipboardText();
  ImGui::End();
  ImGui::Render();
  return text;
}

// The block's text.
template <class V>
std::string resultText(const collide::QueryResultOf<V>& result) {
  return loggedText([&] { drawQueryResult(result); });
}

TEST(ResultBlock, SaysTheSameFieldsInSpaceAsInThePlane) {
  collide::QueryResult3<double> epa;
  epa.ok = true;
  epa.hit = true;
  epa.algorithm = collide::Algorithm::Epa;
  epa.depth = 2.0;
  epa.normal = Vec3d{0, -1, 0};
  epa.pointA = Vec3d{0.5, -1, 0};
  epa.pointB = Vec3d{0.5, 1, 0};
  epa.iterations = 8;
  epa.gjkIterations = 2;
  epa.status = collide::Status::Converged;
  epa.stopReason = "converged";
  const std::string text = resultText(epa);
  for (const char* line : {"HIT", "depth       2", "normal      (0, -1, 0)", "point on A  (0.5, -1, 0)",
                           "point on B  (0.5, 1, 0)", "GJK iters   2", "EPA iters   8", "status      converged",
                           "stop        converged"}) {
    EXPECT_NE(text.find(line), std::string::npos) << line << " in\n" << text;
  }

  // Apart: GJK's count, and no EPA count of 0 beside GJK's steps.
  collide::QueryResult<double> apart;
  apart.ok = true;
  apart.algorithm = collide::Algorithm::Epa;
  apart.iterations = 0;
  apart.gjkIterations = 3;
  const std::string apartText = resultText(apart);
  EXPECT_NE(apartText.find("NO HIT"), std::string::npos) << apartText;
  EXPECT_NE(apartText.find("no EPA: the shapes are apart"), std::string::npos) << apartText;
  EXPECT_EQ(apartText.find("EPA iters"), std::string::npos) << apartText;
  // Its stop is GJK's, named so: EPA's own "none" beside "status converged" read as a missing value (review s34,
  // A12); the step list's last line says the same.
  apart.status = collide::Status::Converged;
  apart.stopReason = "none";
  const std::string gjkStopText = loggedText([&] { drawQueryResult(apart, collide::GjkStop::Separated); });
  EXPECT_NE(gjkStopText.find("GJK stop    separated"), std::string::npos) << gjkStopText;
  EXPECT_EQ(gjkStopText.find("none"), std::string::npos) << gjkStopText;
  EXPECT_EQ(stopLine(apart, collide::GjkStop::Separated), "converged (GJK: separated)");

  collide::QueryResult<double> refused;
  refused.error = "shape A: the circle's radius -1 is negative";
  EXPECT_NE(resultText(refused).find("Refused: shape A: the circle's radius -1 is negative"), std::string::npos);
}

// A result repeated reads the same: boxes at 1e6 a gap of 1e-4 apart (review s32's sc_huge, GJK distance) measured
// 9.999994654e-05, which the block wrote "9.99999e-05" beside the verdict's, the |v| label's and the world label's
// "0.0001". Every measure the block shows is the verdict sentence's text.
TEST(ResultBlock, AMeasureReadsAsTheWordsWriteIt) {
  collide::QueryResult3<double> apart;
  apart.ok = true;
  apart.algorithm = collide::Algorithm::Distance;
  apart.distance = 9.999994654208422e-05;
  apart.normal = Vec3d{1, 0, 0};
  collide::QueryResult<double> deep;
  deep.ok = true;
  deep.hit = true;
  deep.algorithm = collide::Algorithm::Sat;
  deep.depth = 0.123456789;
  deep.normal = collide::Vec2<double>{0, 1};
  const auto measureOf = [](const std::string& text, const std::string& name) {
    const std::size_t at = text.find(name + " ");
    if (at == std::string::npos) return std::string("(no " + name + ")");
    const std::size_t begin = text.find_first_not_of(' ', at + name.size());
    return text.substr(begin, text.find_first_of(" \n", begin) - begin);
  };
  EXPECT_EQ(measureOf(resultText(apart), "distance"), "0.0001") << resultText(apart);
  EXPECT_EQ(measureOf(resultText(apart), "distance"), formatNumber(*apart.distance));
  EXPECT_NE(narrateResult(apart).find("distance " + formatNumber(*apart.distance)), std::string::npos) << narrateResult(apart);
  EXPECT_EQ(measureOf(resultText(deep), "depth"), "0.1235") << resultText(deep);
  EXPECT_NE(narrateResult(deep).find("depth 0.1235"), std::string::npos) << narrateResult(deep);
}

// The cost line under the block (drawQueryTiming): a refused pair ran nothing, so it has no time and no steps (it
// showed "query 82.73 us" for a refusal, review s31 A18).
template <class V>
std::string timingText(const collide::QueryResultOf<V>& result) {
  return loggedText([&] { drawQueryTiming(result, 82.73, false, 2.4); });
}

TEST(ResultBlock, ARefusalHasNoTimeAndNoSteps) {
  collide::QueryResult<double> refused;
  refused.ok = false;
  refused.error = "shape A: sat takes polytopes only";
  EXPECT_EQ(timingText(refused).find(" us"), std::string::npos) << timingText(refused);
  EXPECT_NE(timingText(refused).find("refused: no query ran, so no time and no steps"), std::string::npos);
  collide::QueryResult3<double> ran;
  ran.ok = true;
  EXPECT_NE(timingText(ran).find("query 82.73 us (double), record 2.4 us"), std::string::npos) << timingText(ran);
}

}  // namespace
}  // namespace lab
