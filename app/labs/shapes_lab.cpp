// The Shapes lab (Basics): one shape of every core type, to drag, rotate and edit, and the support function
// made visible: the timeline sweeps a direction d around the circle, and every shape shows its support point
// (its farthest point along d, Collision detection notes) with the supporting line through it.
// It is also the testbed of the shared editing (widgets/shape_editor.h) the narrow-phase lab reuses.
//
// [SECTION] Scene
// [SECTION] Lab
// [SECTION] Panel
#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <type_traits>
#include <variant>

#include <imgui.h>

#include "collide/polygon.h"
#include "collide/support.h"
#include "lab/lab.h"
#include "labs/format.h"
#include "platform/theme.h"
#include "render/shape_drawing.h"
#include "widgets/shape_editor.h"
#include "widgets/shape_inspector.h"
#include "widgets/wrapped_text.h"

namespace lab {

namespace {

constexpr double kPi = std::numbers::pi;
constexpr double kDegrees = 180.0 / kPi;
constexpr int kDefaultDirections = 16;

// [SECTION] Scene

std::vector<Collider> defaultScene() {
  std::vector<Collider> shapes;
  for (std::size_t type = 0; type < collide::kShapeTypeNames.size(); ++type) {
    const double x = -4.5 + 3.0 * static_cast<double>(type % 4);
    const double y = type < 4 ? 1.6 : -1.6;
    const bool sector = std::holds_alternative<collide::Sector<double>>(defaultShape(type));
    shapes.push_back(sector ? placedShape(type, {x - 0.5, y - 0.2}, kPi / 6) : placedShape(type, {x, y}, 0.0));
  }
  return shapes;
}

// The support point along d of a placed shape, in world coordinates (placement: an Aabb is already in the world).
Vec2d worldSupport(const Collider& collider, Vec2d direction) {
  return std::visit([&](const auto& shape) { return collide::Transformed{shape, collide::placement(collider)}.support(direction); },
                    collider.shape);
}

Color shapeColor(const Collider& collider) { return palette::kShapeTypes[collider.shape.index()]; }

// A sector with a half angle over 90 degrees is not convex (Sector::isConvex). Its support function is its convex
// hull's, so that hull is all GJK, EPA and SAT could see of it (they refuse it: query.h's Accepts::ConvexShapes):
// the support points over dense directions, hulled.
bool nonConvexSector(const Collider& collider) {
  const auto* sector = std::get_if<collide::Sector<double>>(&collider.shape);
  return sector != nullptr && !sector->isConvex();
}

std::vector<Vec2d> supportHull(const Collider& collider) {
  constexpr int kDirections = 128;
  std::vector<Vec2d> points;
  points.reserve(kDirections);
  for (int i = 0; i < kDirections; ++i) {
    const double angle = 2.0 * kPi * i / kDirections;
    points.push_back(worldSupport(collider, {std::cos(angle), std::sin(angle)}));
  }
  return collide::convexHull<double>(points);
}

// [SECTION] Lab

class ShapesLab final : public Lab {
 public:
  static std::unique_ptr<Lab> create() { return std::make_unique<ShapesLab>(); }

  ShapesLab() : shapes_(defaultScene()) { nameShapes(); }

  void update(double seconds) override { editor_.update(seconds); }

  void draw(const DrawContext& context) override {
    Renderer2D& renderer = *context.planar;
    for (const Collider& shape : shapes_) drawShape(renderer, shape, shapeColor(shape));
    for (const Collider& shape : shapes_) {
      if (!nonConvexSector(shape)) continue;
      // What the support function answers for instead of the sector: its hull, dashed over it.
      const std::vector<Vec2d> hull = supportHull(shape);
      renderer.polyline(hull, true, palette::kAccent.withAlpha(0.8f), LineStyle{1.5f, 6.0f, 4.0f});
      const auto top = std::max_element(hull.begin(), hull.end(), [](Vec2d p, Vec2d q) { return p.y < q.y; });
      if (top != hull.end())
        renderer.label(*top, "not convex: its support points are the dashed hull's", palette::kAccent, {8, -22});
    }
    if (showSupport_) drawSupport(renderer);
    editor_.drawOverlay(renderer, shapes_);
    for (std::size_t i = 0; i < shapes_.size(); ++i) {
      const WorldBounds bounds = shapeBounds(shapes_[i]);
      const std::string label = names_[i] + " (" + std::string(collide::shapeTypeName(shapes_[i].shape)) + ")";
      renderer.label({bounds.min.x, bounds.min.y}, label, shapeColor(shapes_[i]).withAlpha(0.9f), {0, 4});
    }
  }

  [[nodiscard]] std::optional<WorldBounds> sceneBounds(int) const override {
    WorldBounds bounds = WorldBounds::none();
    for (const Collider& shape : shapes_) bounds.include(shapeBounds(shape));
    return bounds;
  }

  bool mouseDown(const MouseEvent& event) override { return editor_.mouseDown(shapes_, event); }
  void mouseMove(const MouseEvent& event) override { editor_.mouseMove(shapes_, event); }
  void mouseUp(const MouseEvent&) override { editor_.mouseUp(); }

  [[nodiscard]] int stepCount() const override { return directionCount_; }
  [[nodiscard]] int stepIndex() const override { return step_; }
  void setStep(int index) override { step_ = std::clamp(index, 0, directionCount_ - 1); }

  bool loadScene(const Scene& scene, std::string& error) override {
    if (scene.shapes.empty() || scene.shapes.size() > kMaxShapes) {
      error = "shapes: expected 1 to " + std::to_string(kMaxShapes) + " shapes, got " +
              std::to_string(scene.shapes.size());
      return false;
    }
    shapes_.clear();
    names_.clear();
    motions_.clear();
    for (const SceneShape& shape : scene.shapes) {
      shapes_.push_back(shape.collider);
      names_.push_back(shape.name);
      motions_.push_back(shape.motion);
    }
    editor_ = {};
    return true;
  }

  void saveScene(Scene& scene) const override {
    scene.shapes.clear();
    for (std::size_t i = 0; i < shapes_.size(); ++i) scene.shapes.push_back({names_[i], shapes_[i], motions_[i]});
    scene.labState = Json::object();
  }

  void loadSettings(const Json& settings) override {
    readSetting(settings, "showSupport", showSupport_);
    readSetting(settings, "directions", directionCount_);
    directionCount_ = std::clamp(directionCount_, 4, 64);
  }
  [[nodiscard]] Json saveSettings() const override {
    return {{"showSupport", showSupport_}, {"directions", directionCount_}};
  }

  void dumpState(Json& out) const override {
    Json shapes = Json::array();
    for (const Collider& shape : shapes_) shapes.push_back(colliderToJson(shape));
    out["shapes"] = shapes;
    out["selected"] = editor_.selected();
    Json notConvex = Json::array();
    for (std::size_t i = 0; i < shapes_.size(); ++i)
      if (nonConvexSector(shapes_[i])) notConvex.push_back(names_[i]);
    out["not_convex"] = notConvex;
    const Vec2d d = direction();
    out["direction"] = {d.x, d.y};
    // The panel's table as last drawn: each shape's support point, dot(p, d), and both as the table wrote them.
    Json support = Json::array();
    for (std::size_t i = 0; i < supportShown_.size() && i < shapes_.size(); ++i) {
      const SupportRow row = supportRow(i);
      support.push_back({{"shape", names_[i]},
                         {"point", {row.point.x, row.point.y}},
                         {"dot", row.dot},
                         {"shown", {{"point", supportShown_[i][0]}, {"dot", supportShown_[i][1]}}}});
    }
    out["support"] = std::move(support);
  }

  [[nodiscard]] std::vector<Shortcut> shortcuts() const override { return ShapeEditor::shortcuts(); }

  void drawUi() override;

 private:
  [[nodiscard]] Vec2d direction() const {
    const double angle = 2 * kPi * static_cast<double>(step_) / directionCount_;
    return {std::cos(angle), std::sin(angle)};
  }

  // Shape i's support point along d and dot(p, d), its extent along d: the panel's table lists them so a student
  // can check a dot product by hand (newcomer review s31, C1: the view showed the points with no numbers).
  struct SupportRow {
    Vec2d point;
    double dot = 0;
  };
  [[nodiscard]] SupportRow supportRow(std::size_t i) const {
    const Vec2d p = worldSupport(shapes_[i], direction());
    return {p, collide::dot(p, direction())};
  }
  void drawSupportTable();

  void drawSupport(Renderer2D& renderer) const {
    const Vec2d d = direction();
    const Vec2d along = collide::leftPerp(d);
    const double reach = renderer.camera().pixelsToWorld(40);
    for (const Collider& shape : shapes_) {
      const Vec2d support = worldSupport(shape, d);
      const WorldBounds bounds = shapeBounds(shape);
      const Vec2d middle = 0.5 * (bounds.min + bounds.max);
      // The supporting line: every point of the shape lies on its near side.
      renderer.dashedLine(support - reach * along, support + reach * along, palette::kAccent.withAlpha(0.7f), 1.5f,
                          6.0f, 4.0f);
      renderer.arrow(middle, middle + 0.75 * collide::dot(support - middle, d) * d, palette::kAccent.withAlpha(0.55f),
                     1.5f, 9.0f);
      renderer.point(support, palette::kAccent, 5.0f);
    }
  }


  void nameShapes() {
    names_.clear();
    for (std::size_t i = 0; i < shapes_.size(); ++i) names_.push_back(defaultShapeName(i));
    motions_.assign(shapes_.size(), std::nullopt);
  }

  // The picture stays readable up to this many shapes; more belong in the broad-phase lab.
  static constexpr std::size_t kMaxShapes = 64;

  std::vector<Collider> shapes_;
  std::vector<std::string> names_;                // the scene's names, kept for saving
  std::vector<std::optional<ShapeMotion>> motions_;  // kept for saving; this lab does not animate them
  ShapeEditor editor_;
  int step_ = 0;
  int directionCount_ = kDefaultDirections;
  bool showSupport_ = true;
  std::string editError_;
  std::vector<std::array<std::string, 2>> supportShown_;  // the table's point and dot per shape, as last drawn
};

// [SECTION] Panel

void ShapesLab::drawUi() {
  ImGui::TextDisabled("SUPPORT FUNCTION");
  ImGui::Checkbox("Show support points", &showSupport_);
  if (ImGui::SliderInt("Directions", &directionCount_, 4, 64)) setStep(step_);
  const Vec2d d = direction();
  // The labs' one number format (format.h): (1, 0), not (1.000, 0.000).
  // 0 to 360 as the directions sweep round (past 180 it read -157.5).
  double degrees = std::atan2(d.y, d.x) * kDegrees;
  if (degrees < 0) degrees += 360.0;
  ImGui::Text("d = %s, %s degrees", formatVector(d).c_str(), formatNumber(degrees).c_str());
  textWrapped("Each yellow dot is its shape's support point: the point farthest along d. GJK and EPA see a "
                     "shape only through this function.");
  if (showSupport_) drawSupportTable();
  else supportShown_.clear();

  // A sector wider than 180 degrees is accepted (the analytic test takes it as it is), but the support function
  // answers for its convex hull: say so, whether or not it is selected.
  for (std::size_t i = 0; i < shapes_.size(); ++i) {
    if (!nonConvexSector(shapes_[i])) continue;
    ImGui::PushStyleColor(ImGuiCol_Text, toImVec4(palette::kWarningText));
    textWrapped("%s (sector) has a half angle over 90 degrees: it is not convex. Its support points are its convex "
                "hull's (dashed), so GJK, EPA and SAT would see that hull, not the sector: they refuse it. Only the "
                "analytic test (against a circle) takes the sector itself.",
                names_[i].c_str());
    ImGui::PopStyleColor();
  }

  ImGui::Spacing();
  ImGui::TextDisabled("SHAPES");
  if (ImGui::BeginListBox("##shapes", ImVec2(-1.0f, ImGui::GetTextLineHeightWithSpacing() * 8.4f))) {
    for (std::size_t i = 0; i < shapes_.size(); ++i) {
      ImGui::PushID(static_cast<int>(i));
      ImGui::ColorButton("##color", ImVec4(shapeColor(shapes_[i]).r, shapeColor(shapes_[i]).g, shapeColor(shapes_[i]).b, 1),
                         ImGuiColorEditFlags_NoTooltip, ImVec2(ImGui::GetFontSize(), ImGui::GetFontSize()));
      ImGui::SameLine();
      const std::string name = names_[i] + "  " + std::string(collide::shapeTypeName(shapes_[i].shape));
      if (ImGui::Selectable(name.c_str(), editor_.selected() == static_cast<int>(i))) editor_.select(static_cast<int>(i));
      ImGui::PopID();
    }
    ImGui::EndListBox();
  }
  const int selected = editor_.selected();
  if (selected >= 0 && selected < static_cast<int>(shapes_.size())) {
    ImGui::Spacing();
    ImGui::TextDisabled("INSPECTOR");
    drawShapeInspector(shapes_[static_cast<std::size_t>(selected)], editError_, names_[static_cast<std::size_t>(selected)]);
  } else {
    ImGui::TextDisabled("Click a shape to select it.");
  }
}

// Each shape's support point p and dot(p, d), every number to the table's digits (vectorFormat), so the sum
// p.x d.x + p.y d.y can be done by hand from the row and d above; the working on hover. The selected shape's row is
// tinted. Past ten shapes the table scrolls.
void ShapesLab::drawSupportTable() {
  std::vector<SupportRow> rows;
  std::vector<double> numbers;
  for (std::size_t i = 0; i < shapes_.size(); ++i) {
    rows.push_back(supportRow(i));
    numbers.insert(numbers.end(), {rows.back().point.x, rows.back().point.y});
  }
  const VectorFormat format = vectorFormat(numbers, 4, 2);
  std::vector<std::string> dots;
  float dotWidth = 0.0f;  // the widest, so the dots' digits line up right-aligned as the points' do
  for (const SupportRow& row : rows) {
    dots.push_back(formatSignificant(row.dot, format.digits));
    dotWidth = std::max(dotWidth, ImGui::CalcTextSize(dots.back().c_str()).x);
  }
  supportShown_.clear();
  constexpr std::size_t kRowsInSight = 10;
  const float height = rows.size() > kRowsInSight ? ImGui::GetTextLineHeightWithSpacing() * (kRowsInSight + 1.5f) : 0.0f;
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit |
                                (height > 0 ? ImGuiTableFlags_ScrollY : ImGuiTableFlags_None);
  if (!ImGui::BeginTable("##support", 3, flags, ImVec2(0.0f, height))) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("shape");
  ImGui::TableSetupColumn("support point p");
  ImGui::TableSetupColumn("dot(p, d)");
  ImGui::TableHeadersRow();
  const Vec2d d = direction();
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const SupportRow& row = rows[i];
    ImGui::TableNextRow();
    if (editor_.selected() == static_cast<int>(i))
      ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, ImGui::GetColorU32(toImVec4(palette::kAccent.withAlpha(0.18f))));
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(names_[i].c_str());
    ImGui::TableNextColumn();
    vectorCell(std::array<double, 2>{row.point.x, row.point.y}, format);
    ImGui::TableNextColumn();
    const std::string& dot = dots[i];
    ImGui::SetCursorPosX(ImGui::GetCursorPosX() + dotWidth - ImGui::CalcTextSize(dot.c_str()).x);
    ImGui::TextUnformatted(dot.c_str());
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip("dot(p, d) = %s * %s + %s * %s = %s", formatNumber(row.point.x).c_str(), formatNumber(d.x).c_str(),
                        formatNumber(row.point.y).c_str(), formatNumber(d.y).c_str(), formatNumber(row.dot).c_str());
    }
    const std::vector<std::string> point = vectorCellTexts(std::array<double, 2>{row.point.x, row.point.y}, format);
    supportShown_.push_back({"(" + point[0] + ", " + point[1] + ")", dot});
  }
  ImGui::EndTable();
}

const bool registered = registerLab("Basics", "Shapes", &ShapesLab::create);

}  // namespace

}  // namespace lab
