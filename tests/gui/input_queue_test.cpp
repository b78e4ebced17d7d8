// The input queue (app/platform/input_queue.h), fed the GLFW events of a stalled frame: a press is seen where
// it happened and the motion after it on the next frame; a click inside one frame is a press, then a release; a
// drag's release waits for a frame of its own; keys and typed characters wait behind a click. Then through a
// headless ImGui: the press lands at the press position (io.MouseClickedPos, the button under it), a slider dragged
// inside one frame ends where released, a field opened by a double-click takes what was typed after it, and a
// click on a popup that opened in the same stalled frame picks its entry.
#include <array>
#include <vector>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>  // key numbers
#include <gtest/gtest.h>
#include <imgui.h>

#include "platform/input_queue.h"
#include "support/headless_imgui.h"

namespace lab {
namespace {

using Buttons = std::array<bool, InputQueue::kButtons>;
constexpr Buttons kUp{};
constexpr Buttons kLeft{true, false, false, false, false};

void expectFrame(const InputQueue::Frame& frame, float x, float y, const Buttons& down, bool replayed) {
  EXPECT_TRUE(frame.positioned);
  EXPECT_EQ(frame.x, x);
  EXPECT_EQ(frame.y, y);
  EXPECT_EQ(frame.down, down);
  EXPECT_EQ(frame.replayed, replayed);
}

// [SECTION] The queue's rules

TEST(InputQueue, MovesAloneAreOneFrameAtTheLastPosition) {
  InputQueue queue;
  EXPECT_FALSE(queue.knowsPosition());
  EXPECT_FALSE(queue.nextFrame().positioned);
  for (int i = 0; i < 100; ++i) queue.move(static_cast<float>(i), 2.0f * static_cast<float>(i));
  EXPECT_TRUE(queue.knowsPosition());
  expectFrame(queue.nextFrame(), 99, 198, kUp, false);  // the live position is as new: not replayed
  expectFrame(queue.nextFrame(), 99, 198, kUp, false);  // nothing new: the same state
}

TEST(InputQueue, APressIsSeenWhereItHappenedAndTheMotionNextFrame) {
  InputQueue queue;
  queue.move(100, 200);  // P
  queue.button(0, true);
  queue.move(150, 210);
  queue.move(300, 260);  // Q, all before the next frame
  expectFrame(queue.nextFrame(), 100, 200, kLeft, true);
  expectFrame(queue.nextFrame(), 300, 260, kLeft, false);
}

TEST(InputQueue, AClickInsideOneFrameIsAPressThenARelease) {
  InputQueue queue;
  queue.move(40, 50);
  queue.button(0, true);
  queue.button(0, false);
  queue.move(400, 500);  // then the pointer leaves
  expectFrame(queue.nextFrame(), 40, 50, kLeft, true);
  expectFrame(queue.nextFrame(), 40, 50, kUp, true);  // released where it was pressed, not at (400, 500)
  expectFrame(queue.nextFrame(), 400, 500, kUp, false);
}

TEST(InputQueue, ADragInsideOneFrameMovesWhileHeldThenReleases) {
  InputQueue queue;
  queue.move(10, 10);
  queue.button(0, true);
  queue.move(60, 30);
  queue.button(0, false);
  expectFrame(queue.nextFrame(), 10, 10, kLeft, true);
  expectFrame(queue.nextFrame(), 60, 30, kLeft, true);  // the motion with the button still down ...
  expectFrame(queue.nextFrame(), 60, 30, kUp, true);    // ... and the release in a frame of its own
  expectFrame(queue.nextFrame(), 60, 30, kUp, false);
}

TEST(InputQueue, ADoubleClickInsideOneFrameIsFourFrames) {
  InputQueue queue;
  queue.move(5, 6);
  for (int i = 0; i < 2; ++i) {
    queue.button(0, true);
    queue.button(0, false);
  }
  const Buttons expected[] = {kLeft, kUp, kLeft, kUp};
  for (const Buttons& down : expected) expectFrame(queue.nextFrame(), 5, 6, down, true);
  expectFrame(queue.nextFrame(), 5, 6, kUp, false);
}

TEST(InputQueue, AMoveThenAPressShareAFrame) {
  // A press after moves is seen in the same frame at the press position: a frame at normal speed is not delayed.
  InputQueue queue;
  queue.move(1, 1);
  expectFrame(queue.nextFrame(), 1, 1, kUp, false);
  queue.move(70, 80);
  queue.button(0, true);
  expectFrame(queue.nextFrame(), 70, 80, kLeft, true);
}

TEST(InputQueue, DifferentButtonsChangeInOneFrame) {
  InputQueue queue;
  queue.move(3, 4);
  queue.button(1, true);
  queue.button(0, true);
  expectFrame(queue.nextFrame(), 3, 4, Buttons{true, true, false, false, false}, true);
}

TEST(InputQueue, RepeatsAndUnknownButtonsChangeNothing) {
  InputQueue queue;
  queue.move(3, 4);
  queue.button(0, false);  // GLFW releases every button when the window loses focus, pressed or not
  queue.button(-1, true);
  queue.button(InputQueue::kButtons, true);
  expectFrame(queue.nextFrame(), 3, 4, kUp, false);
}

// A wheel turn after a click waits for the click's frames, as a move does: the click in a view and the turn over
// the panel reach ImGui in that order, each where it happened (the turn went to the view, hunt s30).
TEST(InputQueue, AWheelTurnAfterAClickWaitsForItsFrames) {
  InputQueue queue;
  queue.move(10, 10);
  queue.button(0, true);
  queue.button(0, false);
  queue.move(300, 40);
  queue.wheel(0, -1);
  queue.wheel(0, -2);
  const InputQueue::Frame press = queue.nextFrame();
  EXPECT_EQ(press.wheelY, 0.0f);
  EXPECT_EQ(press.x, 10.0f);
  const InputQueue::Frame release = queue.nextFrame();
  EXPECT_EQ(release.wheelY, 0.0f);
  EXPECT_EQ(release.x, 10.0f);
  const InputQueue::Frame turn = queue.nextFrame();
  EXPECT_EQ(turn.x, 300.0f);
  EXPECT_EQ(turn.wheelY, -3.0f);
  EXPECT_EQ(queue.nextFrame().wheelY, 0.0f);  // handed out once
}

// A press keeps the modifiers held when it happened, for its own frame only.
TEST(InputQueue, APressKeepsItsModifiersForItsFrame) {
  InputQueue queue;
  queue.move(5, 5);
  queue.button(0, true, InputQueue::kShift | InputQueue::kCtrl);
  queue.move(50, 5);
  EXPECT_EQ(queue.nextFrame().modifiers, InputQueue::kShift | InputQueue::kCtrl);
  EXPECT_EQ(queue.nextFrame().modifiers, 0);  // the drag's move: the keys held count (none were pressed here)
}

// [SECTION] Keys and characters in order with the pointer

using Action = InputQueue::KeyAction;

std::vector<int> keysOf(const InputQueue::Frame& frame) {
  std::vector<int> keys;
  for (const KeyPress& press : frame.keyPresses) keys.push_back(press.key);
  return keys;
}

// Double-click a field, type 3 and Enter, all in one stalled frame (hunt s30): the keys and the character wait for
// the double-click's four frames, so the shell and the field see them after the field opened.
TEST(InputQueue, KeysAndCharactersWaitBehindAPendingClick) {
  InputQueue queue;
  queue.move(75, 75);
  for (int i = 0; i < 2; ++i) {
    queue.button(0, true);
    queue.button(0, false);
  }
  queue.key(GLFW_KEY_3, Action::Press);
  queue.character('3');
  queue.key(GLFW_KEY_3, Action::Release);
  queue.key(GLFW_KEY_ENTER, Action::Press);
  queue.key(GLFW_KEY_ENTER, Action::Release);
  for (int i = 0; i < 4; ++i) {
    const InputQueue::Frame click = queue.nextFrame();
    EXPECT_TRUE(click.keyPresses.empty()) << "frame " << i;
    EXPECT_TRUE(click.characters.empty()) << "frame " << i;
    EXPECT_FALSE(click.keysDown.test(GLFW_KEY_3)) << "frame " << i;
    EXPECT_TRUE(click.replayed);
  }
  const InputQueue::Frame typed = queue.nextFrame();
  EXPECT_EQ(keysOf(typed), std::vector<int>{GLFW_KEY_3});
  EXPECT_EQ(typed.characters, std::vector<unsigned>{'3'});
  EXPECT_TRUE(typed.keysDown.test(GLFW_KEY_3));
  const InputQueue::Frame enter = queue.nextFrame();  // 3's release waited: a second change of the same key
  EXPECT_FALSE(enter.keysDown.test(GLFW_KEY_3));
  EXPECT_TRUE(enter.keysDown.test(GLFW_KEY_ENTER));
  EXPECT_EQ(keysOf(enter), std::vector<int>{GLFW_KEY_ENTER});
  EXPECT_FALSE(queue.nextFrame().keysDown.test(GLFW_KEY_ENTER));
  EXPECT_FALSE(queue.nextFrame().replayed);
}

// The other way round: what was typed reaches ImGui before a click that came after it (into the field that had the
// keyboard, not after the click moved it elsewhere); a character alone waits behind a press too.
TEST(InputQueue, AClickWaitsBehindTypingAndTypingBehindAClick) {
  InputQueue queue;
  queue.move(10, 10);
  queue.character('a');
  queue.button(0, true);
  queue.character('b');
  const InputQueue::Frame typed = queue.nextFrame();
  EXPECT_EQ(typed.characters, std::vector<unsigned>{'a'});
  EXPECT_FALSE(typed.down[0]);
  const InputQueue::Frame press = queue.nextFrame();
  EXPECT_TRUE(press.down[0]);
  EXPECT_TRUE(press.characters.empty());
  EXPECT_EQ(queue.nextFrame().characters, std::vector<unsigned>{'b'});
}

// Typing at any speed a person types (each key down before the previous one is up, or after) and the characters
// with their keys share frames: nothing typed is delayed. Only a tap inside one frame gives its release a frame.
TEST(InputQueue, TypingIsNotDelayed) {
  InputQueue queue;
  queue.key(GLFW_KEY_A, Action::Press);
  queue.character('a');
  const InputQueue::Frame first = queue.nextFrame();
  EXPECT_EQ(keysOf(first), std::vector<int>{GLFW_KEY_A});
  EXPECT_EQ(first.characters, std::vector<unsigned>{'a'});
  EXPECT_FALSE(first.replayed);
  queue.key(GLFW_KEY_B, Action::Press);  // B down before A is up, as people type
  queue.character('b');
  queue.key(GLFW_KEY_A, Action::Release);
  queue.key(GLFW_KEY_C, Action::Press);
  queue.character('c');
  const InputQueue::Frame second = queue.nextFrame();
  EXPECT_EQ(keysOf(second), (std::vector<int>{GLFW_KEY_B, GLFW_KEY_C}));
  EXPECT_EQ(second.characters, (std::vector<unsigned>{'b', 'c'}));
  EXPECT_FALSE(second.keysDown.test(GLFW_KEY_A));
  EXPECT_TRUE(second.keysDown.test(GLFW_KEY_B));
  EXPECT_FALSE(second.replayed);
  queue.key(GLFW_KEY_B, Action::Release);
  queue.key(GLFW_KEY_C, Action::Release);
  queue.key(GLFW_KEY_D, Action::Press);
  queue.character('d');
  queue.key(GLFW_KEY_D, Action::Release);  // a tap inside the frame: ImGui sees D down for one frame
  const InputQueue::Frame third = queue.nextFrame();
  EXPECT_EQ(third.characters, std::vector<unsigned>{'d'});
  EXPECT_TRUE(third.keysDown.test(GLFW_KEY_D));
  EXPECT_FALSE(queue.nextFrame().keysDown.test(GLFW_KEY_D));
}

// A key held down: its repeats are presses, one frame's worth each frame, and it stays down in between; Shift held
// through a drag is the drag's modifier in every frame, and a Shift pressed mid-drag turns only the motion after it.
TEST(InputQueue, AHeldKeyRepeatsAndStaysDown) {
  InputQueue queue;
  queue.key(GLFW_KEY_RIGHT, Action::Press);
  EXPECT_EQ(keysOf(queue.nextFrame()), std::vector<int>{GLFW_KEY_RIGHT});
  for (int i = 0; i < 3; ++i) {
    queue.key(GLFW_KEY_RIGHT, Action::Repeat);
    const InputQueue::Frame repeat = queue.nextFrame();
    EXPECT_EQ(keysOf(repeat), std::vector<int>{GLFW_KEY_RIGHT});
    EXPECT_TRUE(repeat.keysDown.test(GLFW_KEY_RIGHT));
  }
  const InputQueue::Frame idle = queue.nextFrame();
  EXPECT_TRUE(idle.keyPresses.empty());
  EXPECT_TRUE(idle.keysDown.test(GLFW_KEY_RIGHT));
  queue.key(GLFW_KEY_RIGHT, Action::Release);
  EXPECT_FALSE(queue.nextFrame().keysDown.test(GLFW_KEY_RIGHT));

  queue.key(GLFW_KEY_LEFT_SHIFT, Action::Press, InputQueue::kShift);
  EXPECT_EQ(queue.nextFrame().modifiers, InputQueue::kShift);
  queue.move(10, 10);
  queue.button(0, true, InputQueue::kShift);
  EXPECT_EQ(queue.nextFrame().modifiers, InputQueue::kShift);
  for (int x = 20; x <= 40; x += 10) {
    queue.move(static_cast<float>(x), 10);
    EXPECT_EQ(queue.nextFrame().modifiers, InputQueue::kShift);
  }
  queue.key(GLFW_KEY_LEFT_SHIFT, Action::Release);
  queue.move(50, 10);
  const InputQueue::Frame released = queue.nextFrame();
  EXPECT_EQ(released.modifiers, 0);
  EXPECT_EQ(released.x, 40.0f);  // the move after Shift's change waits for the next frame
  EXPECT_EQ(queue.nextFrame().x, 50.0f);
}

// A popup appearing holds button changes for a frame, and what came after them; moves before them go ahead.
TEST(InputQueue, HeldButtonsWaitForTheNextFrame) {
  InputQueue queue;
  queue.move(30, 40);
  queue.button(0, true);
  queue.key(GLFW_KEY_A, Action::Press);
  const InputQueue::Frame held = queue.nextFrame(true);
  EXPECT_EQ(held.x, 30.0f);
  EXPECT_FALSE(held.down[0]);
  EXPECT_TRUE(held.keyPresses.empty());
  EXPECT_TRUE(held.replayed);
  EXPECT_TRUE(queue.nextFrame(true).down[0]);  // never two frames in a row: a popup that never shows holds nothing
  EXPECT_EQ(keysOf(queue.nextFrame()), std::vector<int>{GLFW_KEY_A});
}

// [SECTION] Through ImGui

class InputQueueImGui : public ::testing::Test {
 protected:
  InputQueueImGui() {
    ImGuiIO& io = ImGui::GetIO();
    io.KeyMap[ImGuiKey_Enter] = GLFW_KEY_ENTER;  // as the GLFW backend maps it
    io.KeyMap[ImGuiKey_Escape] = GLFW_KEY_ESCAPE;
  }

  test::HeadlessImGui imgui_{ImVec2(400, 300)};

  // One frame as the window runs it: the backend's live pointer (where the pointer is when the frame starts),
  // then the queue's frame over it (held while a popup appears), then the shell's reading of the keys, then a
  // panel with a button at (20, 20), a slider below it, a number field and a combo.
  void frame(ImVec2 live) {
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = live;
    const InputQueue::Frame input = queue_.nextFrame(popupAppearing());
    applyInputFrame(input, io);
    ImGui::NewFrame();
    // The shell's shortcuts (LabShell::frame): only while no widget has the keyboard.
    if (!io.WantCaptureKeyboard)
      for (const KeyPress& press : input.keyPresses) shortcuts_ += press.key == GLFW_KEY_3 ? 1 : 0;
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(400, 300));
    ImGui::Begin("panel", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove);
    ImGui::SetCursorScreenPos(ImVec2(20, 20));
    buttonClicked_ = ImGui::Button("press me", ImVec2(100, 30)) || buttonClicked_;
    ImGui::SetCursorScreenPos(ImVec2(20, 100));
    ImGui::SetNextItemWidth(200);
    ImGui::SliderFloat("value", &value_, 0.0f, 1.0f);
    ImGui::SetCursorScreenPos(ImVec2(20, 150));
    ImGui::SetNextItemWidth(200);
    ImGui::DragFloat("x", &field_, 0.01f);  // a double-click types into it, as the inspector's numbers
    ImGui::SetCursorScreenPos(ImVec2(20, 200));
    ImGui::SetNextItemWidth(200);
    static constexpr const char* kItems[] = {"zero", "one", "two", "three"};
    if (ImGui::BeginCombo("pick", kItems[picked_])) {  // as the lab picker
      for (int i = 0; i < 4; ++i) {
        if (ImGui::Selectable(kItems[i], i == picked_)) picked_ = i;
        const ImVec2 min = ImGui::GetItemRectMin();
        const ImVec2 max = ImGui::GetItemRectMax();
        itemCentres_[static_cast<std::size_t>(i)] = ImVec2((min.x + max.x) / 2, (min.y + max.y) / 2);
      }
      ImGui::EndCombo();
    }
    ImGui::End();
    ImGui::Render();
  }

  InputQueue queue_;
  bool buttonClicked_ = false;
  float value_ = 0.0f;
  float field_ = 0.7f;
  int picked_ = 0;
  std::array<ImVec2, 4> itemCentres_{};
  int shortcuts_ = 0;  // presses of 3 the shell took as its shortcut
};

TEST_F(InputQueueImGui, AClickInAStalledFrameLandsOnTheButtonItWasOver) {
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

TEST_F(InputQueueImGui, ASliderDraggedInAStalledFrameEndsWhereReleased) {
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
TEST_F(InputQueueImGui, APressSeesTheModifiersHeldWhenItHappened) {
  queue_.move(300, 250);
  frame(ImVec2(300, 250));
  // Shift down, the press, Shift up: all before the frame runs.
  queue_.key(GLFW_KEY_LEFT_SHIFT, InputQueue::KeyAction::Press, InputQueue::kShift);
  queue_.button(0, true, InputQueue::kShift);
  queue_.key(GLFW_KEY_LEFT_SHIFT, InputQueue::KeyAction::Release);
  frame(ImVec2(300, 250));  // Shift's own frame: the press waits behind it
  frame(ImVec2(300, 250));
  EXPECT_TRUE(ImGui::GetIO().KeyShift);
  EXPECT_TRUE(ImGui::IsMouseClicked(0));
  frame(ImVec2(300, 250));
  EXPECT_FALSE(ImGui::GetIO().KeyShift);
  queue_.wheel(0, 2);
  ImGuiIO& io = ImGui::GetIO();
  io.MouseWheel = 0;  // what the backend added: nothing, the queue has the turn (ImGui clears it each frame)
  applyInputFrame(queue_.nextFrame(), io);
  EXPECT_EQ(io.MouseWheel, 2.0f);
}

// Hunt s30: double-click a number field, type 3, Enter, all in one stalled frame. The field opens and takes 3;
// the shell never sees the 3 while no widget has the keyboard (it switched the lab's algorithm).
TEST_F(InputQueueImGui, WhatIsTypedAfterADoubleClickGoesToTheFieldItOpened) {
  queue_.move(300, 250);
  frame(ImVec2(300, 250));
  queue_.move(120, 160);  // on the field
  for (int i = 0; i < 2; ++i) {
    queue_.button(0, true);
    queue_.button(0, false);
  }
  queue_.key(GLFW_KEY_3, InputQueue::KeyAction::Press);
  queue_.character('3');
  queue_.key(GLFW_KEY_3, InputQueue::KeyAction::Release);
  queue_.key(GLFW_KEY_ENTER, InputQueue::KeyAction::Press);
  queue_.key(GLFW_KEY_ENTER, InputQueue::KeyAction::Release);
  for (int i = 0; i < 8; ++i) frame(ImVec2(120, 160));
  EXPECT_EQ(field_, 3.0f);
  EXPECT_EQ(shortcuts_, 0);
  EXPECT_FALSE(ImGui::GetIO().WantTextInput);  // Enter closed the field
  // Idle, the same key is the shell's again.
  queue_.key(GLFW_KEY_3, InputQueue::KeyAction::Press);
  queue_.character('3');
  frame(ImVec2(120, 160));
  EXPECT_EQ(shortcuts_, 1);
  EXPECT_EQ(field_, 3.0f);
}

// Hunt s30 (4): click the combo, move to an entry, click, all in one stalled frame. The popup opens hidden for its
// first frame; the second click waits for it, and picks the entry instead of closing the popup as a click outside.
TEST_F(InputQueueImGui, AClickOnAPopupThatOpenedInTheSameStallPicksItsEntry) {
  queue_.move(120, 210);  // on the combo
  frame(ImVec2(120, 210));
  queue_.button(0, true);
  queue_.button(0, false);
  for (int i = 0; i < 4; ++i) frame(ImVec2(120, 210));  // opened once, to learn where its entries are
  const ImVec2 two = itemCentres_[2];
  ASSERT_GT(two.y, 0.0f);
  queue_.move(30, 280);  // outside: closes it
  queue_.button(0, true);
  queue_.button(0, false);
  for (int i = 0; i < 4; ++i) frame(ImVec2(30, 280));
  ASSERT_FALSE(ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId));
  ASSERT_EQ(picked_, 0);

  queue_.move(120, 210);
  queue_.button(0, true);
  queue_.button(0, false);
  queue_.move(two.x, two.y);
  queue_.button(0, true);
  queue_.button(0, false);
  for (int i = 0; i < 8; ++i) frame(two);
  EXPECT_EQ(picked_, 2);
  EXPECT_FALSE(ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId));
}

}  // namespace
}  // namespace lab
