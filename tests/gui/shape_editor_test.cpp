// The shared shape editing (app/widgets/shape_editor.h) without a window: picking, dragging, Shift-drag rotation,
// and polygon vertex edits that must keep the outline convex or refuse with a reason.
#include <cmath>
#include <iomanip>
#include <numbers>
#include <map>
#include <string>
#include <tuple>
#include <variant>

#include <gtest/gtest.h>

#include "collide/polygon.h"
#include "widgets/shape_editor.h"
#include "widgets/shape_inspector.h"

#include "../support/headless_imgui.h"
#include "platform/theme.h"

#include <imgui.h>
#include <imgui_internal.h>

namespace lab {
namespace {

Collider square(Vec2d position) {
  const Vec2d outline[] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
  return {*collide::makePolygon<double>(outline).polygon, collide::Transform<double>::fromPose(position, 0.0)};
}

MouseEvent mouseAt(Vec2d world, bool shift = false, bool control = false) {
  MouseEvent event;
  event.planar.world = world;
  event.modifiers = {shift, control, false};
  event.planar.pixelSize = 0.01;  // 100 pixels per unit: the pick tolerance is 0.07 units
  return event;
}

TEST(ShapeEditorGeometry, DistanceIsZeroInsideAndEuclideanOutside) {
  const Collider box = square({3, 0});
  EXPECT_EQ(distanceToShape(box, {3.5, 0.5}), 0.0);
  EXPECT_NEAR(distanceToShape(box, {6, 0}), 2.0, 1e-12);
  const Collider circle{collide::Circle<double>{{0, 0}, 1.0}, collide::Transform<double>::fromPose({0, 5}, 0.3)};
  EXPECT_EQ(distanceToShape(circle, {0.2, 5.1}), 0.0);
  EXPECT_NEAR(distanceToShape(circle, {0, 8}), 2.0, 1e-3);  // the outline is sampled, 128 segments
  const Collider sector{collide::Sector<double>{2.0, std::numbers::pi / 4}, {}};
  EXPECT_EQ(distanceToShape(sector, {1.0, 0.2}), 0.0);
  EXPECT_GT(distanceToShape(sector, {-1.0, 0.0}), 0.9);  // behind the apex
}

TEST(ShapeEditorVertices, MovingAVertexKeepsTheOutlineConvexOrRefuses) {
  Collider shape = square({10, 0});
  std::string error;
  // Outward: still convex.
  ASSERT_TRUE(moveVertex(shape, 2, {11.5, 1.5}, error)) << error;
  EXPECT_EQ(std::get<collide::Polygon<double>>(shape.shape).vertices[2], (Vec2d{1.5, 1.5}));
  // Past the diagonal: a reflex corner, refused, nothing changed.
  const Collider before = shape;
  EXPECT_FALSE(moveVertex(shape, 2, {9.9, -0.1}, error));
  EXPECT_NE(error.find("vertex"), std::string::npos) << error;
  EXPECT_EQ(std::get<collide::Polygon<double>>(shape.shape).vertices[2],
            std::get<collide::Polygon<double>>(before.shape).vertices[2]);
}

TEST(ShapeEditorVertices, InsertAndRemoveRespectTheLimits) {
  Collider shape = square({0, 0});
  std::string error;
  ASSERT_TRUE(insertPolygonVertex(shape, 0, {0, -1}, 0.2, error)) << error;
  const auto& polygon = std::get<collide::Polygon<double>>(shape.shape);
  ASSERT_EQ(polygon.count, 5);
  EXPECT_NEAR(polygon.vertices[1].x, 0.0, 1e-12);
  EXPECT_NEAR(polygon.vertices[1].y, -1.2, 1e-12);  // the bottom edge's midpoint pushed out along its normal
  ASSERT_TRUE(removePolygonVertex(shape, 1, error)) << error;
  ASSERT_TRUE(removePolygonVertex(shape, 0, error)) << error;
  EXPECT_EQ(std::get<collide::Polygon<double>>(shape.shape).count, 3);
  EXPECT_FALSE(removePolygonVertex(shape, 0, error));
  EXPECT_EQ(error, "a polygon needs at least 3 vertices");
}

// Ctrl+click puts the new vertex where the click falls on the edge (it went to the midpoint; review s32 A16), and
// near a corner pushes it out only as far as convexity allows.
TEST(ShapeEditorVertices, AnInsertedVertexGoesWhereTheEdgeWasClicked) {
  Collider shape = square({0, 0});
  std::string error;
  ASSERT_TRUE(insertPolygonVertex(shape, 0, {0.5, -1.01}, 0.2, error)) << error;
  const auto& polygon = std::get<collide::Polygon<double>>(shape.shape);
  EXPECT_NEAR(polygon.vertices[1].x, 0.5, 1e-12);
  EXPECT_NEAR(polygon.vertices[1].y, -1.2, 1e-12);
  // Beside a corner the vertex is kept a twentieth of the edge off it.
  Collider corner = square({0, 0});
  ASSERT_TRUE(insertPolygonVertex(corner, 0, {0.999, -1}, 0.2, error)) << error;
  const auto& near = std::get<collide::Polygon<double>>(corner.shape);
  EXPECT_NEAR(near.vertices[1].x, 0.9, 1e-12);
  EXPECT_NEAR(near.vertices[1].y, -1.2, 1e-12);
  // A hexagon's wide corners leave little room beside them: the push shrinks until the outline stays convex.
  std::vector<Vec2d> hexagon;
  for (int i = 0; i < 6; ++i) hexagon.push_back({std::cos(i * std::numbers::pi / 3), std::sin(i * std::numbers::pi / 3)});
  Collider wide{*collide::makePolygon<double>(hexagon).polygon, collide::Transform<double>::fromPose({0, 0}, 0.0)};
  const Vec2d nearCorner = hexagon[0] + 0.06 * (hexagon[1] - hexagon[0]);
  ASSERT_TRUE(insertPolygonVertex(wide, 0, nearCorner, 1.0, error)) << error;
  EXPECT_EQ(std::get<collide::Polygon<double>>(wide.shape).count, 7);
}

TEST(ShapeEditorMouse, DragMovesTheTopmostShape) {
  Collider shapes[] = {square({0, 0}), square({0.5, 0})};  // the second is drawn on top
  ShapeEditor editor;
  ASSERT_TRUE(editor.mouseDown(shapes, mouseAt({0.2, 0.1})));
  EXPECT_EQ(editor.selected(), 1);
  EXPECT_TRUE(editor.mouseMove(shapes, mouseAt({1.2, 2.1})));
  editor.mouseUp();
  EXPECT_EQ(shapes[1].transform.p, (Vec2d{1.5, 2.0}));
  EXPECT_EQ(shapes[0].transform.p, (Vec2d{0, 0}));
  EXPECT_FALSE(editor.dragging());
  // A press on empty space takes nothing (the shell pans) and clears the selection.
  EXPECT_FALSE(editor.mouseDown(shapes, mouseAt({20, 20})));
  EXPECT_EQ(editor.selected(), -1);
}

TEST(ShapeEditorMouse, ShiftDragRotatesAboutTheShapeOrigin) {
  Collider shapes[] = {square({4, 4})};
  ShapeEditor editor;
  ASSERT_TRUE(editor.mouseDown(shapes, mouseAt({4.8, 4.0}, /*shift=*/true)));
  EXPECT_TRUE(editor.mouseMove(shapes, mouseAt({4.0, 4.8}, true)));
  editor.mouseUp();
  EXPECT_NEAR(shapes[0].transform.q.angle(), std::numbers::pi / 2, 1e-12);
  EXPECT_EQ(shapes[0].transform.p, (Vec2d{4, 4}));
}

TEST(ShapeEditorMouse, DraggingAVertexIntoAReflexCornerShowsTheRefusal) {
  Collider shapes[] = {square({0, 0})};
  ShapeEditor editor;
  editor.select(0);
  ASSERT_TRUE(editor.mouseDown(shapes, mouseAt({1.0, 1.0})));  // the top right corner
  EXPECT_TRUE(editor.mouseMove(shapes, mouseAt({1.4, 1.3})));
  EXPECT_TRUE(editor.hint().empty());
  EXPECT_FALSE(editor.mouseMove(shapes, mouseAt({-0.2, -0.3})));
  EXPECT_NE(editor.hint().find("refused"), std::string::npos) << editor.hint();
  editor.mouseUp();
  editor.update(30.0);
  EXPECT_FALSE(editor.hint().empty());  // it stays after the release, to be read, until the next press
  editor.mouseDown(shapes, mouseAt({5, 5}));
  EXPECT_TRUE(editor.hint().empty());
  EXPECT_EQ(std::get<collide::Polygon<double>>(shapes[0].shape).vertices[2], (Vec2d{1.4, 1.3}));
}

// Review s35 A5: a press on a vertex of a shape that is not selected reshapes it on the first press (it moved the
// whole polygon, and the handles appeared only after); a press away from the vertices still moves the body.
TEST(ShapeEditorMouse, AVertexOfAnUnselectedPolygonReshapesItOnTheFirstPress) {
  Collider shapes[] = {square({0, 0}), square({5, 0})};
  ShapeEditor editor;
  ASSERT_EQ(editor.selected(), -1);
  editor.mouseMove(shapes, mouseAt({1.03, 0.98}));  // the hover names the vertex, so its handle shows
  EXPECT_EQ(editor.hovered(), 0);
  EXPECT_EQ(editor.pick(shapes, {1.03, 0.98}, 0.01).part, ShapeEditor::Part::Vertex);
  ASSERT_TRUE(editor.mouseDown(shapes, mouseAt({1.03, 0.98})));  // within the 7-pixel pick radius of (1, 1)
  EXPECT_EQ(editor.selected(), 0);
  EXPECT_TRUE(editor.mouseMove(shapes, mouseAt({1.53, 1.38})));
  editor.mouseUp();
  EXPECT_EQ(shapes[0].transform.p, (Vec2d{0, 0}));  // the body stayed
  const auto& polygon = std::get<collide::Polygon<double>>(shapes[0].shape);
  EXPECT_NEAR(polygon.vertices[2].x, 1.53, 1e-12);  // the vertex goes to the mouse
  EXPECT_NEAR(polygon.vertices[2].y, 1.38, 1e-12);
  // The other shape, unselected, pressed inside but away from its corners: the whole shape moves.
  ASSERT_TRUE(editor.mouseDown(shapes, mouseAt({5.5, 0.2})));
  EXPECT_EQ(editor.selected(), 1);
  EXPECT_TRUE(editor.mouseMove(shapes, mouseAt({6.5, 0.2})));
  editor.mouseUp();
  EXPECT_EQ(shapes[1].transform.p, (Vec2d{6, 0}));
}

TEST(ShapeEditorMouse, ARefusalNamesVerticesTheViewCanLabel) {
  EXPECT_EQ(namedNumbers("refused: vertex 3 makes the outline non-convex", "vertex "), (std::vector<int>{3}));
  EXPECT_EQ(namedNumbers("vertex 12 duplicates vertex 1", "vertex "), (std::vector<int>{12, 1}));
  EXPECT_EQ(namedNumbers("the outline has zero area (all vertices collinear)", "vertex "), (std::vector<int>{}));
}

TEST(ShapeEditorMouse, ControlClickOnAnEdgeAddsAVertex) {
  Collider shapes[] = {square({0, 0})};
  ShapeEditor editor;
  ASSERT_TRUE(editor.mouseDown(shapes, mouseAt({0.3, -1.0}, false, /*control=*/true)));
  EXPECT_EQ(std::get<collide::Polygon<double>>(shapes[0].shape).count, 5);
  EXPECT_FALSE(editor.dragging());
}

// The inspector files where it drew each number (--dump-state's "inspector": GUI tests aim at a field from it, not
// at a place that moves with the panel): under the shape's name, the middle of each rect is over that very number.
TEST(ShapeInspector, EachNumbersRectIsWhereItsFieldIs) {
  test::HeadlessImGui imgui({800, 600});
  Collider3 box{collide::Box3<double>{{1, 0.5, 0.25}}, collide::Transform3<double>{}};
  Collider polygon = square({0, 0});
  std::string error;
  std::map<std::string, ImGuiID> ids;  // "Position 1": the id of Position's y
  const auto componentId = [](const char* label, int i) {
    ImGui::PushID(label);  // DragScalarN's ids: the label, then each component's index
    ImGui::PushID(i);
    const ImGuiID id = ImGui::GetID("");
    ImGui::PopID();
    ImGui::PopID();
    return id;
  };
  const auto frame = [&](bool threeD) {
    ImGui::NewFrame();
    ImGui::SetNextWindowPos({0, 0});
    ImGui::SetNextWindowSize({800, 600});
    ImGui::Begin("inspector");
    clearInspectorFieldRects();
    for (int i = 0; i < 3; ++i) ids["Position " + std::to_string(i)] = componentId("Position", i);
    ids["Half y 0"] = componentId("Half y", 0);  // a field of one number: laid out as the others
    ImGui::PushID(2);  // the polygon's vertex 2
    ids["v2 0"] = componentId("v2", 0);
    ImGui::PopID();
    if (threeD) (void)drawShapeInspector(box, error, "B");
    else (void)drawShapeInspector(polygon, error, "A");
    ImGui::End();
    ImGui::Render();
  };
  ImGuiIO& io = ImGui::GetIO();
  const ImGuiContext& context = *ImGui::GetCurrentContext();
  for (const auto& [threeD, shape, field, index] : {std::tuple{true, "B", "Position", 0}, std::tuple{true, "B", "Position", 2},
                                                    std::tuple{true, "B", "Half y", 0}, std::tuple{false, "A", "Position", 1},
                                                    std::tuple{false, "A", "v2", 0}}) {
    SCOPED_TRACE(std::string(shape) + " " + field + " " + std::to_string(index));
    frame(threeD);
    const InspectorFieldRects& rects = inspectorFieldRects();
    ASSERT_EQ(rects.size(), 1u);
    ASSERT_TRUE(rects.contains(shape));
    ASSERT_TRUE(rects.at(shape).contains(field));
    const std::vector<ScreenRect>& numbers = rects.at(shape).at(field);
    ASSERT_EQ(numbers.size(), std::string_view(field) == "Half y" ? 1u : threeD ? 3u : 2u);
    const Vec2d middle = numbers[static_cast<std::size_t>(index)].center();
    io.MousePos = {static_cast<float>(middle.x), static_cast<float>(middle.y)};
    frame(threeD);
    frame(threeD);
    EXPECT_EQ(context.HoveredId, ids[std::string(field) + " " + std::to_string(index)]);
  }
}

// In the side panel's width (23 font sizes) every label and line of the inspector shows whole: the sector's field
// left its label 6.5 font sizes and "Half angle (deg)" lost its parenthesis; the polygon's line ran off the panel.
TEST(ShapeInspector, LabelsAndLinesFitTheSidePanel) {
  test::HeadlessImGui imgui({1600, 1000});
  applyTheme(1.0f);
  unsigned char* pixels = nullptr;
  int atlasWidth = 0, atlasHeight = 0;
  ImGui::GetIO().Fonts->GetTexDataAsRGBA32(&pixels, &atlasWidth, &atlasHeight);
  collide::Sector<double> sector;
  sector.radius = 2.0;
  sector.halfAngle = 2.0;
  for (Collider shape : {Collider{sector, collide::Transform<double>::fromPose({0, 0}, 0.0)}, square({0, 0})}) {
    std::string error;
    float reached = 0, limit = 0;
    for (int frame = 0; frame < 2; ++frame) {
      ImGui::NewFrame();
      const float panelWidth = 23.0f * ImGui::GetFontSize();
      ImGui::SetNextWindowPos({0, 0});
      ImGui::SetNextWindowSize({panelWidth, 900});
      ImGui::Begin("##side panel", nullptr, ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize);
      (void)drawShapeInspector(shape, error, "shape");
      reached = ImGui::GetCurrentWindow()->DC.CursorMaxPos.x;
      limit = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
      ImGui::End();
      ImGui::Render();
    }
    EXPECT_LE(reached, limit) << "shape type " << shape.shape.index();
  }
}

// The rotation fields show four decimals; a drag must add to the whole angle, not to the angle rounded to what the
// field shows (ImGui rounds a dragged value to its format's digits unless told not to): a drag of one Euler angle
// left it rounded to 1e-4 degrees. Here the yaw is dragged; the turns keep every digit they had.
TEST(ShapeInspector, ADraggedRotationKeepsTheDigitsTheFieldDoesNotShow) {
  test::HeadlessImGui imgui({800, 600});
  constexpr double kToRadians = std::numbers::pi / 180.0;
  const Vec3d start{10.987654321, -20.123456789, 30.123456789};
  Collider3 box{collide::Box3<double>{{1, 0.5, 0.25}},
                collide::Transform3<double>{{0, 0, 0}, collide::Quat<double>::fromEuler(start.x * kToRadians,
                                                                                        start.y * kToRadians,
                                                                                        start.z * kToRadians)}};
  std::string error;
  ImGuiID yawField = 0;
  const auto frame = [&] {
    ImGui::NewFrame();
    ImGui::SetNextWindowPos({0, 0});
    ImGui::SetNextWindowSize({800, 600});
    ImGui::Begin("inspector");
    ImGui::PushID("Rotation (deg)");  // DragScalarN's ids: the label, then each component's index
    ImGui::PushID(2);
    yawField = ImGui::GetID("");
    ImGui::PopID();
    ImGui::PopID();
    (void)drawShapeInspector(box, error, "box");
    ImGui::End();
    ImGui::Render();
  };
  ImGuiIO& io = ImGui::GetIO();
  const ImGuiContext& context = *ImGui::GetCurrentContext();
  frame();
  bool hovered = false;
  for (float y = 2; y < 600 && !hovered; y += 3) {
    for (float x = 2; x < 800 && !hovered; x += 8) {
      io.MousePos = {x, y};
      frame();
      hovered = context.HoveredId == yawField;
    }
  }
  ASSERT_TRUE(hovered) << "the rotation's z field was not found";
  io.MouseDown[0] = true;
  frame();
  for (int i = 0; i < 12; ++i) {  // 12 pixels right, one a frame
    io.MousePos.x += 1;
    frame();
  }
  io.MouseDown[0] = false;
  frame();
  const Vec3d degrees = displayedEulerDegrees(box.transform.q);
  const double steps = (degrees.z - start.z) / 0.5;  // 0.5 degrees a pixel
  EXPECT_GE(steps, 1.0) << "the drag turned nothing";
  EXPECT_NEAR(steps, std::round(steps), 1e-9) << "yaw " << std::setprecision(12) << degrees.z;
  EXPECT_NEAR(degrees.x, start.x, 1e-9);
  EXPECT_NEAR(degrees.y, start.y, 1e-9);
  EXPECT_TRUE(error.empty()) << error;
}

}  // namespace
}  // namespace lab
