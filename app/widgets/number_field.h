// app/widgets/number_field.h: the one number field of every lab's panel (the inspectors, the continuous labs'
// motion, the experiment's settings), and its policy for typed numbers.
//
// A field's numbers are dragged (clamped to the field's range while dragging) or typed (double-click or Ctrl+click).
// Typed text is read when it is committed, on Enter or when the field loses focus, never at each keystroke ("1e400"
// passed through "1e40" on its way, and that was the number refused). A typed value outside the field's range, or
// not a number at all, is refused in red under that very field, naming the field, the text as typed and the
// accepted range, and saying the field kept its value ("Half width: -1 is outside the accepted range, > 0 to 1e18;
// kept 1"). Nothing is clamped in silence. The numbers are shown rounded to what fits their box (at most 6
// significant digits); the tooltip and the text being typed hold the whole value.
#pragma once

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "render/camera.h"  // ScreenRect

namespace lab {

// The values a field accepts: [low, high], or (low, high] when lowOpen.
struct NumberRange {
  double low = 0;
  double high = 0;
  bool lowOpen = false;
};

// The README's "Supported range": every coordinate, size and position within 1e18 in magnitude
// (collide::kMaxCoordinate<double>).
[[nodiscard]] NumberRange coordinateRange();
// A size: [0, 1e18] (a radius) or, `positive`, (0, 1e18] (a half extent), as the scene files take them.
[[nodiscard]] NumberRange sizeRange(bool positive);

// "-1e18 to 1e18", "> 0 to 1e18", "0 to 1e18".
[[nodiscard]] std::string describeRange(const NumberRange& range);

// What a committed text gives: the value, or the refusal to show (the field named, the text as typed, the range,
// and "kept" with the value the field keeps).
struct TypedNumber {
  std::optional<double> value;
  std::string refusal;
};
[[nodiscard]] TypedNumber readTypedNumber(std::string_view field, std::string_view typed, const NumberRange& range,
                                          double kept);

// A rule on the field's numbers together (min <= max, a convex outline, a velocity's length): given the candidate
// numbers and the one that changed, the reason it is refused, worded to follow the value ("> gap max 0.25"), or "".
using NumberCheck = std::function<std::string(std::span<const double> candidate, int changed)>;

// The numbers as one vector whose length must stay within `limit` (a velocity: the cast refuses a longer one).
[[nodiscard]] NumberCheck lengthAtMost(double limit, std::string_view what);

struct NumberFieldOptions {
  NumberRange range = coordinateRange();
  double speed = 0.01;               // per pixel dragged
  std::optional<double> dragLow;     // where a drag stops below (an open range's low cannot be reached)
  bool roundDrags = true;            // a dragged value is kept to 10 significant digits, so a saved number stays short
  NumberCheck check;                 // null: the range alone
  const char* tip = nullptr;         // said on hover, under the whole value
  std::vector<ScreenRect>* rects = nullptr;  // filled with each number's box (window pixels), for --dump-state
};

// The continuous labs' motion fields: a velocity (each number and its length within 1e18, what the cast takes: a
// longer one was accepted by the field and then refused the whole cast, review s35 A3) and a turn in degrees.
[[nodiscard]] NumberFieldOptions velocityOptions();
[[nodiscard]] NumberFieldOptions turnOptions();

// One field of values.size() numbers (1 to 3) named `label` (the part before "##" is drawn beside it, and names the
// numbers in refusals: "Position x"). True when a value changed this frame; a refused value leaves `values` as they
// were and its message under the field until the field is edited again or leaves the panel.
bool numberField(const char* label, std::span<double> values, const NumberFieldOptions& options = {});

// The refusal shown now, if any (what --dump-state writes as "field_refusal"), and where it was drawn.
struct ShownRefusal {
  std::string text;
  ScreenRect rect;        // the message, window pixels
  ScreenRect field;       // the field it is about
};
[[nodiscard]] std::optional<ShownRefusal> shownFieldRefusal();

// Forgets the typing and the refusal (kept across frames by the fields' ImGui ids and frame counts), for a new ImGui
// context: the tests make one per test, and its frame count starts again at 0.
void resetNumberFields();

}  // namespace lab
