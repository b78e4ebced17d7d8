// Sliders write their value beside the grab (app/widgets/value_slider.h): the timeline's speed read "2.00 steps/s"
// with the knob on its "2" (newcomer review s31).
#include <gtest/gtest.h>

#include "widgets/value_slider.h"

namespace lab {
namespace {

TEST(ValueSlider, TheValueGoesInTheWiderSideOfTheGrabAndNeverUnderIt) {
  // A 200-pixel frame, text 60 wide. Grab near the left: the text is centred in the right part.
  float x = valueTextX(0, 200, 40, 46, 60);
  EXPECT_GE(x, 46.0f + 4.0f);
  EXPECT_LE(x + 60.0f, 200.0f - 4.0f);
  EXPECT_NEAR(x, 46.0f + 0.5f * (154.0f - 60.0f), 1e-4f);
  // Grab near the right: the left part.
  x = valueTextX(0, 200, 150, 156, 60);
  EXPECT_GE(x, 4.0f);
  EXPECT_LE(x + 60.0f, 150.0f - 4.0f);
  // Grab in the middle of a frame where the text still fits on one side.
  x = valueTextX(0, 200, 97, 103, 60);
  EXPECT_TRUE(x >= 103.0f || x + 60.0f <= 97.0f) << x;
  // Fits on neither side (a narrow scrub bar): centred over the frame, as ImGui writes it, rather than cut at its end.
  x = valueTextX(0, 100, 45, 55, 60);
  EXPECT_NEAR(x, 20.0f, 1e-4f);
}

}  // namespace
}  // namespace lab
