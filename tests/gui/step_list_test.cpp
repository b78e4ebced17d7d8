// The step list widget (app/widgets/step_list.h) driven through ImGui without a display: clicking a row selects
// that row's step, rows run in step order under their phase markers, and a click on the current row or on a
// marker changes nothing.
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <imgui.h>

#include "support/headless_imgui.h"
#include "widgets/step_list.h"

namespace lab {
namespace {

class StepListTest : public ::testing::Test {
 protected:
  test::HeadlessImGui imgui_{ImVec2(400, 600)};

  // One frame with the pointer at (x, y), the left button held or not; returns whether the list changed step.
  bool frame(int& step, float x, float y, bool down) {
    ImGuiIO& io = ImGui::GetIO();
    io.DeltaTime = 1.0f / 60.0f;
    io.MousePos = ImVec2(x, y);
    io.MouseDown[0] = down;
    ImGui::NewFrame();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(400, 600));
    ImGui::Begin("panel", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove);
    const bool changed = drawStepList(step, entries_, "converged (duplicate support)", 40);
    ImGui::End();
    ImGui::Render();
    return changed;
  }
  bool click(int& step, float x, float y) {
    frame(step, x, y, false);
    bool changed = frame(step, x, y, true);
    changed = frame(step, x, y, false) || changed;
    return changed;
  }

  std::vector<StepListEntry> entries_ = {{"GJK", "simplex of 1"}, {"GJK", "simplex of 2"}, {"GJK", "simplex of 3"},
                                         {"EPA start", "gap 3.1"},  {"EPA", "gap 1.2"},      {"EPA", "gap 0"}};
};

TEST_F(StepListTest, ClickingARowGoesToItsStep) {
  int step = 0;
  frame(step, -1, -1, false);  // lay out once
  // Click down the list: every step is reached, in order, and only by clicking its row.
  std::vector<int> reached;
  for (float y = 1; y < 400; y += 3) {
    const int before = step;
    const bool changed = click(step, 120, y);
    EXPECT_EQ(changed, step != before) << y;  // a click on the current row (or a marker) changes nothing
    if (reached.empty() || reached.back() != step) reached.push_back(step);
  }
  // Step 0 first (already current), then 1 .. 5 in order as the pointer moves down the rows.
  EXPECT_EQ(reached, (std::vector<int>{0, 1, 2, 3, 4, 5}));
}

}  // namespace
}  // namespace lab
