// The pointer queue (app/platform/pointer_queue.h), fed the GLFW events of a stalled frame: a press is seen where
// it happened and the motion after it on the next frame; a click inside one frame is a press, then a release; a
// drag's release waits for a frame of its own. Then through a headless ImGui: the press lands at the press
// position (io.MouseClickedPos, the button under it) and a slider dragged inside one frame ends where released.
#include <array>

#include <gtest/gtest.h>
#include <imgui.h>

#include "platform/pointer_queue.h"
#include "support/headless_imgui.h"

namespace lab {
namespace {

using Buttons = std::array<bool, PointerQueue::kButtons>;
constexpr Buttons kUp{};
constexpr Buttons kLeft{true, false, false, false, false};

void expectFrame(const PointerQueue::Frame& frame, float x, float y, const Buttons& down, bool replayed) {
  EXPECT_TRUE(frame.positioned);
  EXPECT_EQ(frame.x, x);
  EXPECT_EQ(frame.y, y);
  EXPECT_EQ(frame.down, down);
  EXPECT_EQ(frame.replayed, replayed);
}

// [SECTION] The queue's rules

TEST(PointerQueue, MovesAloneAreOneFrameAtTheLastPosition) {
  PointerQueue queue;
  EXPECT_FALSE(queue.knowsPosition());
  EXPECT_FALSE(queue.nextFrame().positioned);
  for (int i = 0; i < 100; ++i) queue.move(static_cast<float>(i), 2.0f * static_cast<float>(i));
  EXPECT_TRUE(queue.knowsPosition());
  expectFrame(queue.nextFrame(), 99, 198, kUp, false);  // the live position is as new: not replayed
  expectFrame(queue.nextFrame(), 99, 198, kUp, false);  // nothing new: the same state
}

TEST(PointerQueue, APressIsSeenWhereItHappenedAndTheMotionNextFrame) {
  PointerQueue queue;
  queue.move(100, 200);  // P
  queue.button(0, true);
  queue.move(150, 210);
  queue.move(300, 260);  // Q, all before the next frame
  expectFrame(queue.nextFrame(), 100, 200, kLeft, true);
  expectFrame(queue.nextFrame(), 300, 260, kLeft, false);
}

TEST(PointerQueue, AClickInsideOneFrameIsAPressThenARelease) {
  PointerQueue queue;
  queue.move(40, 50);
  queue.button(0, true);
  queue.button(0, false);
  queue.move(400, 500);  // then the pointer leaves
  expectFrame(queue.nextFrame(), 40, 50, kLeft, true);
  expectFrame(queue.nextFrame(), 40, 50, kUp, true);  // released where it was pressed, not at (400, 500)
  expectFrame(queue.nextFrame(), 400, 500, kUp, false);
}

TEST(PointerQueue, ADragInsideOneFrameMovesWhileHeldThenReleases) {
  PointerQueue queue;
  queue.move(10, 10);
  queue.button(0, true);
  queue.move(60, 30);
  queue.button(0, false);
  expectFrame(queue.nextFrame(), 10, 10, kLeft, true);
  expectFrame(queue.nextFrame(), 60, 30, kLeft, true);  // the motion with the button still down ...
  expectFrame(queue.nextFrame(), 60, 30, kUp, true);    // ... and the release in a frame of its own
  expectFrame(queue.nextFrame(), 60, 30, kUp, false);
}

TEST(PointerQueue, ADoubleClickInsideOneFrameIsFourFrames) {
  PointerQueue queue;
  queue.move(5, 6);
  for (int i = 0; i < 2; ++i) {
    queue.button(0, true);
    queue.button(0, false);
  }
  const Buttons expected[] = {kLeft, kUp, kLeft, kUp};
  for (const Buttons& down : expected) expectFrame(queue.nextFrame(), 5, 6, down, true);
  expectFrame(queue.nextFrame(), 5, 6, kUp, false);
}

TEST(PointerQueue, AMoveThenAPressShareAFrame) {
  // A press after moves is seen in the same frame at the press position: a frame at normal speed is not delayed.
  PointerQueue queue;
  queue.move(1, 1);
  expectFrame(queue.nextFrame(), 1, 1, kUp, false);
  queue.move(70, 80);
  queue.button(0, true);
  expectFrame(queue.nextFrame(), 70, 80, kLeft, true);
}

TEST(PointerQueue, DifferentButtonsChangeInOneFrame) {
  PointerQueue queue;
  queue.move(3, 4);
  queue.button(1, true);
  queue.button(0, true);
  expectFrame(queue.nextFrame(), 3, 4, Buttons{true, true, false, false, false}, true);
}

TEST(PointerQueue, RepeatsAndUnknownButtonsChangeNothing) {
  PointerQueue queue;
  queue.move(3, 4);
  queue.button(0, false);  // GLFW releases every button when the window loses focus, pressed or not
  queue.button(-1, true);
  queue.button(PointerQueue::kButtons, true);
  expectFrame(queue.nextFrame(), 3, 4, kUp, false);
}

// A wheel turn after a click waits for the click's frames, as a move does: the click in a view and the turn over
// the panel reach ImGui in that order, each where it happened (the turn went to the view, hunt s30).
TEST(PointerQueue, AWheelTurnAfterAClickWaitsForItsFrames) {
  PointerQueue queue;
  queue.move(10, 10);
  queue.button(0, true);
  queue.button(0, false);
  queue.move(300, 40);
  queue.wheel(0, -1);
  queue.wheel(0, -2);
  const PointerQueue::Frame press = queue.nextFrame();
  EXPECT_EQ(press.wheelY, 0.0f);
  EXPECT_EQ(press.x, 10.0f);
  const PointerQueue::Frame release = queue.nextFrame();
  EXPECT_EQ(release.wheelY, 0.0f);
  EXPECT_EQ(release.x, 10.0f);
  const PointerQueue::Frame turn = queue.nextFrame();
  EXPECT_EQ(turn.x, 300.0f);
  EXPECT_EQ(turn.wheelY, -3.0f);
  EXPECT_EQ(queue.nextFrame().wheelY, 0.0f);  // handed out once
}

// A press keeps the modifiers held when it happened, for its own frame only.
TEST(PointerQueue, APressKeepsItsModifiersForItsFrame) {
  PointerQueue queue;
  queue.move(5, 5);
  queue.button(0, true, PointerQueue::kShift | PointerQueue::kCtrl);
  queue.move(50, 5);
  EXPECT_EQ(queue.nextFrame().modifiers, PointerQueue::kShift | PointerQueue::kCtrl);
  EXPECT_EQ(queue.nextFrame().modifiers, -1);  // the drag's move: the live keys count
}

// [SECTION] Through ImGui

class PointerQueueImGui : public ::testing::Test {
 protected:
  test::HeadlessImGui imgui_{ImVec2(400, 300)};

  // One frame as the window runs it: the backend's live pointer (where the pointer is when the frame starts),
  // then the queue's frame over it, then a panel with a button at (20, 20) and a slider below it.
  void frame(ImVec2 live) {
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = live;
    applyPointerFrame(queue_.nextFrame(), io, liveModifiers_);
    ImGui::NewFrame();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(400, 300));
    ImGui::Begin("panel", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove);
    ImGui::SetCursorScreenPos(ImVec2(20, 20));
    buttonClicked_ = ImGui::Button("press me", ImVec2(100, 30)) || buttonClicked_;
    ImGui::SetCursorScreenPos(ImVec2(20, 100));
    ImGui::SetNextItemWidth(200);
    ImGui::SliderFloat("value", &value_, 0.0f, 1.0f);
    ImGui::End();
    ImGui::Render();
  }

  PointerQueue queue_;
  int liveModifiers_ = 0;  // the modifier keys held when the frame runs
  bool buttonClicked_ = false;
  float value_ = 0.0f;
};

TEST_F(PointerQueueImGui, AClickInAStalledFrameLandsOnTheButtonItWasOver) {
  queue_.move(300, 250);
  frame(ImVec2(300, 250));
  // Within one stalled frame: onto the button, click, and away again.
  queue_.move(60, 35);
  queue_.button(0, true);
  queue_.button(0, false);
  queue_.move(300, 250);
  frame(ImVec2(300, 250));  // the backend would say: pressed, at (300, 250)
  EXPECT_EQ(ImGui::GetIO().MouseClickedPos[0].x, 60.0f);
  EXPECT_EQ(ImGui::GetIO().MouseClickedPos[0].y, 35.0f);
  for (int i = 0; i < 3; ++i) frame(ImVec2(300, 250));
  EXPECT_TRUE(buttonClicked_);
}

TEST_F(PointerQueueImGui, ASliderDraggedInAStalledFrameEndsWhereReleased) {
  queue_.move(21, 110);  // the slider's left end
  frame(ImVec2(21, 110));
  queue_.button(0, true);
  queue_.move(120, 110);  // half way
  queue_.button(0, false);
  queue_.move(350, 280);
  for (int i = 0; i < 5; ++i) frame(ImVec2(350, 280));
  EXPECT_NEAR(value_, 0.5f, 0.03f);
}

// A Shift-press whose Shift was let go before the stalled frame ran: ImGui sees Shift on the press's frame, and the
// live keys again on the next (a Shift-drag turned into a plain drag, hunt s30). The wheel reaches ImGui from the
// queue too.
TEST_F(PointerQueueImGui, APressSeesTheModifiersHeldWhenItHappened) {
  queue_.move(300, 250);
  frame(ImVec2(300, 250));
  queue_.button(0, true, PointerQueue::kShift);
  liveModifiers_ = 0;  // released by the time the frame runs
  frame(ImVec2(300, 250));
  EXPECT_TRUE(ImGui::GetIO().KeyShift);
  EXPECT_TRUE(ImGui::IsMouseClicked(0));
  frame(ImVec2(300, 250));
  EXPECT_FALSE(ImGui::GetIO().KeyShift);
  queue_.wheel(0, 2);
  ImGuiIO& io = ImGui::GetIO();
  io.MouseWheel = 0;  // what the backend added: nothing, the queue has the turn (ImGui clears it each frame)
  applyPointerFrame(queue_.nextFrame(), io, 0);
  EXPECT_EQ(io.MouseWheel, 2.0f);
}

}  // namespace
}  // namespace lab
