// The narrow-phase labs' RESULT block (drawQueryResult, app/labs/narrow_phase_common.h) drawn through ImGui without a
// display, its text read back through ImGui's log: the same fields in the plane and in space (the 3D lab showed one
// line, without the status and the stop), EPA's count beside GJK's, and a refusal in words.
#include <string>

#include <gtest/gtest.h>
#include <imgui.h>

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

  collide::QueryResult<double> refused;
  refused.error = "shape A: the circle's radius -1 is negative";
  EXPECT_NE(resultText(refused).find("Refused: shape A: the circle's radius -1 is negative"), std::string::npos);
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
