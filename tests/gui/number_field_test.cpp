// The number fields' one policy (app/widgets/number_field.h): typed text read when committed, refused at the field
// that refused, naming it, the text as typed, the range and the value kept; nothing clamped in silence (review s35,
// A3, A4, A9, A11). readTypedNumber alone, then the field typed into through ImGui without a window.
#include <span>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include <imgui.h>
#include <imgui_internal.h>

#include "collide/polygon.h"
#include "labs/format.h"
#include "platform/theme.h"
#include "widgets/number_field.h"
#include "widgets/shape_inspector.h"

#include "../support/headless_imgui.h"

namespace lab {
namespace {

// [SECTION] The policy: readTypedNumber

TEST(NumberFieldPolicy, RefusesWhatTheReviewTypedNamingTheFieldTheTextTheRangeAndTheKeptValue) {
  const NumberRange half = sizeRange(true), radius = sizeRange(false), coordinate = coordinateRange();
  struct Case {
    const char* field;
    const char* typed;
    NumberRange range;
    double kept;
    const char* refusal;
  };
  for (const Case& c : {
           Case{"Half width", "-1", half, 1.0, "Half width: -1 is outside the accepted range, > 0 to 1e18; kept 1"},
           Case{"Half width", "0", half, 1.0, "Half width: 0 is outside the accepted range, > 0 to 1e18; kept 1"},
           Case{"Half width", "1e-400", half, 1.0, "Half width: 1e-400 is outside the accepted range, > 0 to 1e18; kept 1"},
           Case{"Half height", "nan", half, 0.6, "Half height: nan is not a number; kept 0.6"},
           Case{"Angle (deg)", "abc", {-180, 180}, 28.5, "Angle (deg): abc is not a number; kept 28.5"},
           Case{"Angle (deg)", "270", {-180, 180}, 28.5, "Angle (deg): 270 is outside the accepted range, -180 to 180; kept 28.5"},
           Case{"Position x", "1e400", coordinate, 0.0, "Position x: 1e400 is outside the accepted range, -1e18 to 1e18; kept 0"},
           Case{"Position x", "-inf", coordinate, 0.0, "Position x: -inf is outside the accepted range, -1e18 to 1e18; kept 0"},
           Case{"Position x", "1.0000001e18", coordinate, 0.0,
                "Position x: 1.0000001e18 is outside the accepted range, -1e18 to 1e18; kept 0"},
           Case{"Position y", "1,5", coordinate, 2.0, "Position y: 1,5 is not a number; kept 2"},
           Case{"Position y", "0x10", coordinate, 2.0, "Position y: 0x10 is not a number; kept 2"},
           Case{"Position y", "", coordinate, 2.0, "Position y: nothing was typed, a number -1e18 to 1e18 was expected; kept 2"},
           Case{"Radius", "-0.5", radius, 0.25, "Radius: -0.5 is outside the accepted range, 0 to 1e18; kept 0.25"},
       }) {
    SCOPED_TRACE(c.typed);
    const TypedNumber read = readTypedNumber(c.field, c.typed, c.range, c.kept);
    EXPECT_FALSE(read.value.has_value()) << *read.value;
    EXPECT_EQ(read.refusal, c.refusal);
  }
}

// Within the README's supported range every number is taken as typed: 1e9 became 1000000 (the old 1e6 cap).
TEST(NumberFieldPolicy, TakesEveryNumberInTheSupportedRangeAsTyped) {
  struct Case {
    const char* typed;
    NumberRange range;
    double value;
  };
  for (const Case& c : {Case{"1e9", sizeRange(true), 1e9}, Case{"1e18", sizeRange(true), 1e18},
                        Case{"-1e18", coordinateRange(), -1e18}, Case{" 2.5 ", coordinateRange(), 2.5},
                        Case{"+3", coordinateRange(), 3.0}, Case{"0", sizeRange(false), 0.0},
                        Case{"1e-9", sizeRange(true), 1e-9}, Case{"0.1", coordinateRange(), 0.1},
                        Case{"180", {-180, 180}, 180.0}}) {
    SCOPED_TRACE(c.typed);
    const TypedNumber read = readTypedNumber("field", c.typed, c.range, 7.0);
    ASSERT_TRUE(read.value.has_value()) << read.refusal;
    EXPECT_EQ(*read.value, c.value);
    EXPECT_TRUE(read.refusal.empty());
  }
}

// A velocity the cast would refuse is refused at its field: 1e30 was accepted, then the whole cast refused.
TEST(NumberFieldPolicy, AVelocityLongerThanTheCastTakesIsRefusedAtItsField) {
  const NumberCheck check = velocityOptions().check;
  ASSERT_TRUE(check);
  EXPECT_EQ(check(std::vector<double>{3, 4}, 0), "");
  EXPECT_EQ(check(std::vector<double>{1e18, 0, 0}, 0), "");
  EXPECT_EQ(check(std::vector<double>{1e18, 1e18}, 1), "makes the velocity's length 1.41421e+18, beyond 1e18");
  EXPECT_FALSE(readTypedNumber("Velocity x", "1e30", velocityOptions().range, 0.0).value.has_value());
}

// [SECTION] The field, typed into

// One window holding whatever `draw` draws, driven frame by frame: a click, typed characters, Enter.
class FieldHarness {
 public:
  explicit FieldHarness(ImVec2 window = {800, 600}) : imgui_({1600, 1000}), window_(window) {
    resetNumberFields();  // what an earlier test's context left
    setScale(1.0f);
    ImGuiIO& io = ImGui::GetIO();
    io.KeyMap[ImGuiKey_Enter] = 13;
    io.KeyMap[ImGuiKey_Escape] = 27;
  }

  template <class Draw>
  void frame(Draw&& draw) {
    ImGui::NewFrame();
    ImGui::SetNextWindowPos({0, 0});
    ImGui::SetNextWindowSize(window_);
    ImGui::Begin("panel", nullptr, ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize);
    clearInspectorFieldRects();
    draw();
    scrollY_ = ImGui::GetScrollY();
    ImGui::End();
    ImGui::Render();
  }

  // Double-click at `at`, then type `text` one character a frame, then Enter; `draw` is drawn each frame.
  template <class Draw>
  void type(Vec2d at, const std::string& text, Draw&& draw, bool enter = true) {
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = {static_cast<float>(at.x), static_cast<float>(at.y)};
    for (int i = 0; i < 30; ++i) frame(draw);  // half a second: these clicks are not a double-click with the last
    for (int click = 0; click < 2; ++click) {
      io.MouseDown[0] = true;
      frame(draw);
      io.MouseDown[0] = false;
      frame(draw);
    }
    for (const char c : text) {
      io.AddInputCharacter(static_cast<unsigned>(c));
      frame(draw);
    }
    if (!enter) return;
    io.KeysDown[13] = true;
    frame(draw);
    io.KeysDown[13] = false;
    frame(draw);
  }

  // The theme at `scale` (View > UI scale), its fonts built as a renderer would.
  static void setScale(float scale) {
    applyTheme(scale);
    unsigned char* pixels = nullptr;
    int width = 0, height = 0;
    ImGui::GetIO().Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
  }

  [[nodiscard]] float scrollY() const { return scrollY_; }

 private:
  test::HeadlessImGui imgui_;
  ImVec2 window_;
  float scrollY_ = 0;
};

Collider boxShape() {
  return {collide::Box<double>{{1.0, 0.5}}, collide::Transform<double>::fromPose({0, 0}, 0.0)};
}

double halfWidth(const Collider& box) { return std::get<collide::Box<double>>(box.shape).halfExtents.x; }

const ScreenRect& fieldRect(const char* shape, const char* field, std::size_t number = 0) {
  return inspectorFieldRects().at(shape).at(field).at(number);
}

// Typing applies nothing until Enter (every keystroke was applied: "1e400" was refused as its "1e40"); Enter applies
// a good number as typed, beyond the old 1e6 cap.
TEST(NumberField, TypedTextAppliesOnEnterNotAtEachKeystroke) {
  FieldHarness panel;
  Collider box = boxShape();
  std::string error;
  const auto draw = [&] { (void)drawShapeInspector(box, error, "B"); };
  panel.frame(draw);
  const Vec2d at = fieldRect("B", "Half width").center();
  panel.type(at, "1e9", draw, /*enter=*/false);
  EXPECT_EQ(halfWidth(box), 1.0) << "applied before Enter";
  EXPECT_FALSE(shownFieldRefusal().has_value());
  ImGuiIO& io = ImGui::GetIO();
  io.KeysDown[13] = true;
  panel.frame(draw);
  io.KeysDown[13] = false;
  panel.frame(draw);
  EXPECT_EQ(halfWidth(box), 1e9);
  EXPECT_FALSE(shownFieldRefusal().has_value()) << shownFieldRefusal()->text;
}

// A refused number: the shape keeps its value, and the refusal is drawn in red right under the field, whole, in
// the window's view, even when the field is the panel's last line (it was cut off under a scroll bar).
TEST(NumberField, ARefusalIsShownWholeInRedUnderItsFieldAndInView) {
  for (const float height : {600.0f, 0.0f}) {  // 0: the window ends just under the field
    SCOPED_TRACE(height);
    FieldHarness probe;
    Collider box = boxShape();
    std::string error;
    const auto draw = [&] { (void)drawShapeInspector(box, error, "B"); };
    probe.frame(draw);
    const ScreenRect probeRect = fieldRect("B", "Half width");
    const float windowHeight = height > 0 ? height : static_cast<float>(probeRect.y + probeRect.height) + 2.0f;

    FieldHarness panel({23.0f * 13.0f, windowHeight});
    panel.frame(draw);
    panel.frame(draw);
    panel.type(fieldRect("B", "Half width").center(), "-1", draw);
    EXPECT_EQ(halfWidth(box), 1.0);
    for (int i = 0; i < 3; ++i) panel.frame(draw);  // the scroll lands a frame after it is asked for
    const std::optional<ShownRefusal> shown = shownFieldRefusal();
    ASSERT_TRUE(shown.has_value());
    EXPECT_EQ(shown->text, "Half width: -1 is outside the accepted range, > 0 to 1e18; kept 1");
    const ScreenRect field = fieldRect("B", "Half width");
    EXPECT_NEAR(shown->field.y, field.y, 0.5) << "filed under another field";
    EXPECT_GE(shown->rect.y, field.y + field.height - 0.5) << "not under its field";
    EXPECT_LE(shown->rect.y, field.y + field.height + 12.0) << "not next to its field";
    EXPECT_GE(shown->rect.y, 0.0);
    EXPECT_LE(shown->rect.y + shown->rect.height, windowHeight) << "cut off at the panel's foot";
    EXPECT_LE(shown->rect.x + shown->rect.width, 23.0 * 13.0) << "runs off the panel's side";
    // Red: the error colour, in the draw list, on the message's text.
    bool red = false;
    const ImU32 errorColor = ImGui::GetColorU32(toImVec4(palette::kErrorText));
    for (const ImDrawList* list : std::span(ImGui::GetDrawData()->CmdLists, static_cast<std::size_t>(ImGui::GetDrawData()->CmdListsCount)))
      for (const ImDrawVert& vertex : list->VtxBuffer)
        red |= vertex.col == errorColor && vertex.pos.y >= shown->rect.y && vertex.pos.y <= shown->rect.y + shown->rect.height;
    EXPECT_TRUE(red) << "the message is not drawn in the error colour";
  }
}

// A refusal about A's polygon was also shown under Shape B's section: now only under the field that refused.
TEST(NumberField, ARefusalShowsOnlyUnderTheFieldThatRefused) {
  FieldHarness panel;
  const Vec2d outline[] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
  Collider a{*collide::makePolygon<double>(outline).polygon, collide::Transform<double>::fromPose({0, 0}, 0.0)};
  Collider b = boxShape();
  std::string errorA, errorB;
  const auto draw = [&] {
    ImGui::PushID(0);
    (void)drawShapeInspector(a, errorA, "A");
    ImGui::PopID();
    ImGui::PushID(1);
    (void)drawShapeInspector(b, errorB, "B");
    ImGui::PopID();
  };
  panel.frame(draw);
  panel.type(fieldRect("A", "v2", 0).center(), "-1.5", draw);
  const std::optional<ShownRefusal> shown = shownFieldRefusal();
  ASSERT_TRUE(shown.has_value());
  EXPECT_EQ(shown->text.rfind("v2 x: -1.5 refused: vertex", 0), 0u) << shown->text;
  EXPECT_NE(shown->text.find("; kept 1"), std::string::npos) << shown->text;
  EXPECT_NEAR(shown->field.y, fieldRect("A", "v2").y, 0.5);
  EXPECT_LT(shown->rect.y, fieldRect("B", "Position").y) << "drawn in B's section";
  EXPECT_TRUE(errorA.empty()) << errorA;
  EXPECT_TRUE(errorB.empty()) << errorB;
  EXPECT_EQ(std::get<collide::Polygon<double>>(a.shape).vertices[2], (Vec2d{1, 1}));
}

// Typing ended by a click that folds the field's section: the box never saw the click, and its text is dropped, not
// applied when the section opens again later.
TEST(NumberField, TypingInAFieldThatLeavesThePanelIsDropped) {
  FieldHarness panel;
  Collider box = boxShape();
  std::string error;
  bool open = true;
  const auto draw = [&] {
    if (open) (void)drawShapeInspector(box, error, "B");
  };
  panel.frame(draw);
  panel.type(fieldRect("B", "Half width").center(), "5", draw, /*enter=*/false);
  open = false;
  for (int i = 0; i < 3; ++i) panel.frame(draw);
  open = true;
  for (int i = 0; i < 3; ++i) panel.frame(draw);
  EXPECT_EQ(halfWidth(box), 1.0) << "the text typed before the section folded was applied when it opened";
  EXPECT_FALSE(shownFieldRefusal().has_value());
}

// A refusal says what the field kept: when the number changes under it (another scene opened, an undo, a drag in the
// view), it goes, rather than name a value the field no longer holds.
TEST(NumberField, ARefusalGoesWhenItsFieldsNumberChangesElsewhere) {
  FieldHarness panel;
  Collider box = boxShape();
  std::string error;
  const auto draw = [&] { (void)drawShapeInspector(box, error, "B"); };
  panel.frame(draw);
  panel.type(fieldRect("B", "Half width").center(), "-1", draw);
  ASSERT_TRUE(shownFieldRefusal().has_value());
  panel.frame(draw);
  EXPECT_TRUE(shownFieldRefusal().has_value()) << "gone by itself";
  std::get<collide::Box<double>>(box.shape).halfExtents.x = 3.0;  // as a scene opened over it would
  panel.frame(draw);
  EXPECT_FALSE(shownFieldRefusal().has_value()) << shownFieldRefusal()->text;
}

// A rule across fields (the experiment's gap min <= gap max) refuses at the field typed, naming both values.
TEST(NumberField, ARuleAcrossFieldsNamesBothValues) {
  FieldHarness panel;
  double gapMin = -0.25, gapMax = 0.25;
  std::vector<ScreenRect> rects;
  const auto draw = [&] {
    NumberFieldOptions options;
    options.rects = &rects;
    options.check = [max = gapMax](std::span<const double> gap, int) {
      return gap[0] <= max ? std::string() : "> gap max " + exactNumber(max);
    };
    numberField("gap min", {&gapMin, 1}, options);
  };
  panel.frame(draw);
  panel.type(rects.at(0).center(), "0.5", draw);
  EXPECT_EQ(gapMin, -0.25);
  ASSERT_TRUE(shownFieldRefusal().has_value());
  EXPECT_EQ(shownFieldRefusal()->text, "gap min: 0.5 > gap max 0.25; kept -0.25");
  panel.type(rects.at(0).center(), "0.2", draw);
  EXPECT_EQ(gapMin, 0.2);
  EXPECT_FALSE(shownFieldRefusal().has_value()) << "the refusal outlived a good value";
}

// A11: a number is shown rounded to what fits its box (0.8621702 was cut mid-digit, 1e13 lost its last zeros):
// every digit drawn in a box ends inside its padding, at 100 %, 150 % and 200 %. (ImGui cuts a glyph at the box's edge
// itself, so a number too wide shows as digits reaching the very edge.)
TEST(NumberField, ANumberIsRoundedToWhatFitsItsBox) {
  for (const float scale : {1.0f, 1.5f, 2.0f}) {
    SCOPED_TRACE(scale);
    FieldHarness panel;
    FieldHarness::setScale(scale);
    Collider3 box{collide::Box3<double>{{1, 0.5, 0.25}},
                  collide::Transform3<double>{{0.86217023456, -2.8784271, 10000000000000.0}, {}}};
    std::string error;
    const float panelWidth = 23.0f * ImGui::GetFontSize();  // the side panel's width
    const auto draw = [&] {
      ImGui::SetWindowSize({panelWidth, 900});
      (void)drawShapeInspector(box, error, "B");
    };
    panel.frame(draw);
    panel.frame(draw);
    const ImDrawData* data = ImGui::GetDrawData();
    const ImVec2 white = ImGui::GetIO().Fonts->TexUvWhitePixel;
    for (std::size_t number = 0; number < 3; ++number) {
      SCOPED_TRACE(number);
      const ScreenRect rect = fieldRect("B", "Position", number);
      const double right = rect.x + rect.width;
      int glyphs = 0;
      for (const ImDrawList* list : std::span(data->CmdLists, static_cast<std::size_t>(data->CmdListsCount))) {
        for (int i = 0; i + 2 < list->IdxBuffer.Size; i += 3) {
          const ImDrawVert* v[3] = {&list->VtxBuffer[list->IdxBuffer[i]], &list->VtxBuffer[list->IdxBuffer[i + 1]],
                                    &list->VtxBuffer[list->IdxBuffer[i + 2]]};
          bool glyph = true;
          float minX = 1e9f, maxX = -1e9f, minY = 1e9f;
          for (const ImDrawVert* vertex : v) {
            glyph &= vertex->uv.x != white.x || vertex->uv.y != white.y;
            minX = std::min(minX, vertex->pos.x);
            maxX = std::max(maxX, vertex->pos.x);
            minY = std::min(minY, vertex->pos.y);
          }
          if (!glyph || minY < rect.y || minY > rect.y + rect.height || minX < rect.x || minX >= right) continue;
          ++glyphs;
          EXPECT_LE(maxX, right - 0.5 * ImGui::GetStyle().FramePadding.x) << "a digit reaches its box's edge: cut";
        }
      }
      EXPECT_GT(glyphs, 0) << "no digits found in the box";
    }
  }
}

}  // namespace
}  // namespace lab
