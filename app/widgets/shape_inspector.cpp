// app/widgets/shape_inspector.cpp: the side panel's exact editor of one collider, shared by every lab.
#include "widgets/shape_inspector.h"

#include <algorithm>
#include <array>
#include <map>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>

#include <imgui.h>

#include "labs/format.h"
#include "collide/hull3.h"
#include "io/shape_json.h"
#include "platform/theme.h"
#include "widgets/number_field.h"
#include "widgets/shape_editor.h"
#include "widgets/wrapped_text.h"

namespace lab {

namespace {

constexpr double kDegrees = 180.0 / std::numbers::pi;

// This frame's field rects (inspectorFieldRects), and the shape whose inspector is being drawn.
InspectorFieldRects fieldRects;
std::string fieldShape;

// Every number goes through numberField (widgets/number_field.h): typed values are read on Enter or focus loss and
// refused at their field, naming it, the text as typed and the range; nothing is clamped in silence. `check` is a
// rule on the field's numbers together (a vertex keeping the outline convex).
bool editNumbers(const char* label, std::span<double> values, NumberFieldOptions options) {
  options.rects = &fieldRects[fieldShape][label];
  return numberField(label, values, options);
}

// A size: a radius (>= 0) or, `positive`, a half extent (> 0), up to the README's 1e18, as a scene file takes it.
bool editSize(const char* label, double& value, bool positive) {
  NumberFieldOptions options;
  options.range = sizeRange(positive);
  return editNumbers(label, {&value, 1}, options);
}

bool editVector(const char* label, Vec2d& value, NumberCheck check = {}) {
  double pair[2] = {value.x, value.y};
  NumberFieldOptions options;
  options.check = std::move(check);
  if (!editNumbers(label, pair, options)) return false;
  value = {pair[0], pair[1]};
  return true;
}

bool editVector(const char* label, Vec3d& value, NumberCheck check = {}) {
  double triple[3] = {value.x, value.y, value.z};
  NumberFieldOptions options;
  options.check = std::move(check);
  if (!editNumbers(label, triple, options)) return false;
  value = {triple[0], triple[1], triple[2]};
  return true;
}

// Angles in degrees, in [low, high]. A drag adds to the whole value, and keeps every digit (roundDrags off): a drag
// wrote the rotation rounded to what the field showed.
NumberFieldOptions degreeOptions(double low, double high, bool lowOpen = false) {
  NumberFieldOptions options;
  options.range = {low, high, lowOpen};
  options.speed = 0.5;
  options.roundDrags = false;
  return options;
}

bool editDegrees(const char* label, double& degrees, const NumberFieldOptions& options) {
  return editNumbers(label, {&degrees, 1}, options);
}

// An aabb's corner: min must not exceed max on any axis; the refusal names the other corner's number.
NumberCheck cornerCheck(std::span<const double> other, bool isMin) {
  const std::vector<double> opposite(other.begin(), other.end());
  return [opposite, isMin](std::span<const double> candidate, int changed) -> std::string {
    const double mine = candidate[static_cast<std::size_t>(changed)], theirs = opposite[static_cast<std::size_t>(changed)];
    if (isMin ? mine <= theirs : mine >= theirs) return {};
    return std::string(isMin ? "> max " : "< min ") + "xyz"[changed] + " " + exactNumber(theirs);
  };
}

void showError(const std::string& error) {
  if (error.empty()) return;
  ImGui::PushStyleColor(ImGuiCol_Text, toImVec4(palette::kErrorText));
  textWrapped("refused: %s", error.c_str());
  ImGui::PopStyleColor();
}

// What Quickhull dropped of a hull's given points (hullDroppedPoints), worked out again only when they change: the
// inspector is drawn every frame, a build of 1024 points is not. By the shape's name.
const std::string& droppedWords(std::string_view name, const collide::Hull<double>& hull) {
  static std::map<std::string, std::pair<std::vector<Vec3d>, std::string>, std::less<>> cache;
  auto& [points, words] = cache[std::string(name)];
  if (points != hull.givenPoints) {
    points = hull.givenPoints;
    words = hullDroppedPoints(hull);
  }
  return words;
}

// A hull's point list: edit, add (a copy of the last, nudged outward) or remove a point; every change is rebuilt
// by Quickhull and refused, naming the point, when it gives no solid hull. The list is the points as given, those
// Quickhull dropped included (review s34, A11: 16 pasted points showed, and saved, as their 8 vertices), and what
// was dropped is said; "Keep only the vertices" lets the others go, by the user's choice.
bool editHullPoints(collide::Hull<double>& hull, std::string& error, std::string_view name) {
  const bool dropped = !hull.givenPoints.empty();
  std::vector<Vec3d> points = dropped ? hull.givenPoints : hull.vertices;
  bool edited = false;
  int remove = -1;
  if (dropped) {
    textWrapped("%zu vertices (local frame), %zu faces, %zu edges", hull.vertices.size(), hull.faces.size(), hull.edges.size());
    ImGui::PushStyleColor(ImGuiCol_Text, toImVec4(palette::kTextDim));
    textWrapped("%s. They are kept in the list and saved with the scene.", droppedWords(name, hull).c_str());
    ImGui::PopStyleColor();
    if (ImGui::SmallButton("Keep only the vertices")) {
      hull.givenPoints.clear();
      error.clear();
      return true;
    }
  } else {
    ImGui::Text("%zu points (local frame), %zu faces, %zu edges", hull.vertices.size(), hull.faces.size(), hull.edges.size());
  }
  // The point rows folded until asked for: a 64-point hull's rows pushed everything below them out of the panel.
  if (ImGui::TreeNodeEx("##hullrows", ImGuiTreeNodeFlags_NoAutoOpenOnLog, "Edit the %zu points", points.size())) {
    if (ImGui::BeginChild("##hullpoints", ImVec2(0, ImGui::GetFrameHeightWithSpacing() * std::min<float>(8.0f, float(points.size()) + 0.5f)), true)) {
      for (std::size_t i = 0; i < points.size(); ++i) {
        ImGui::PushID(static_cast<int>(i));
        char label[24];
        std::snprintf(label, sizeof label, "p%zu", i);
        // Refused at the point's field when Quickhull gives no solid hull with it.
        const auto builds = [&points, i](std::span<const double> candidate, int) -> std::string {
          std::vector<Vec3d> moved = points;
          moved[i] = {candidate[0], candidate[1], candidate[2]};
          const collide::HullBuildResult<double> built = collide::makeHull<double>(moved);
          return built.hull ? std::string() : "leaves no solid hull: " + built.error;
        };
        edited |= editVector(label, points[i], builds);
        ImGui::SameLine();
        if (ImGui::SmallButton("x")) remove = static_cast<int>(i);
        ImGui::PopID();
      }
    }
    ImGui::EndChild();
    ImGui::TreePop();
  }
  if (remove >= 0) {
    points.erase(points.begin() + remove);
    edited = true;
  }
  if (ImGui::SmallButton("Add point") && !points.empty()) {
    const Vec3d outward = points.back() - hull.center;
    points.push_back(points.back() + 0.25 * outward);
    edited = true;
  }
  if (!edited) return false;
  collide::HullBuildResult<double> built = collide::makeHull<double>(points);
  if (!built.hull) {
    error = built.error;
    return false;
  }
  hull = std::move(*built.hull);
  error.clear();
  return true;
}

// A mesh, read only: no narrow-phase algorithm takes it (it has no support function), so its numbers are shown,
// not edited; the Type row above turns it into a shape they take.
void showMesh(const collide::Mesh<double>& mesh) {
  ImGui::PushStyleColor(ImGuiCol_Text, toImVec4(palette::kTextDim));
  textWrapped("Not convex: no narrow-phase algorithm takes it. Mesh pairs go to the Mid phase lab "
              "(collision-lab midphase, with .obj files), or to collision-lab query one triangle at a time.");
  ImGui::PopStyleColor();
  if (ImGui::TreeNodeEx("##meshrows", ImGuiTreeNodeFlags_NoAutoOpenOnLog, "The %zu vertices and %zu triangles (read only)",
                        mesh.vertices.size(), mesh.triangles.size())) {
    const float rows = std::min<float>(10.0f, static_cast<float>(mesh.vertices.size() + mesh.triangles.size()) + 0.5f);
    if (ImGui::BeginChild("##meshlist", ImVec2(0, ImGui::GetTextLineHeightWithSpacing() * rows), true)) {
      for (std::size_t i = 0; i < mesh.vertices.size(); ++i) {
        const Vec3d& v = mesh.vertices[i];
        ImGui::Text("v%zu  (%.10g, %.10g, %.10g)", i, v.x, v.y, v.z);
      }
      for (std::size_t t = 0; t < mesh.triangles.size(); ++t) {
        const std::array<int, 3>& tri = mesh.triangles[t];
        ImGui::Text("t%zu  v%d v%d v%d", t, tri[0], tri[1], tri[2]);
      }
    }
    ImGui::EndChild();
    ImGui::TreePop();
  }
}

// The width the fields leave their labels: the widest label's, at least 6.5 font sizes ("Half angle (deg)" did not
// fit 6.5 and was cut to "Half angle (deg").
float labelWidth() {
  float widest = ImGui::GetFontSize() * 6.5f;
  for (const char* label : {"Half angle (deg)", "Rotation (deg)", "Angle (deg)", "Half height", "A (local)", "Position"})
    widest = std::max(widest, ImGui::CalcTextSize(label).x + ImGui::GetStyle().ItemInnerSpacing.x);
  return widest;
}

}  // namespace

Vec3d eulerAngles(const collide::Quat<double>& q) {
  // Rz(yaw) Ry(pitch) Rx(roll): the standard aerospace sequence.
  const double sinPitch = std::clamp(2.0 * (q.w * q.y - q.z * q.x), -1.0, 1.0);
  const double roll = std::atan2(2.0 * (q.w * q.x + q.y * q.z), 1.0 - 2.0 * (q.x * q.x + q.y * q.y));
  const double yaw = std::atan2(2.0 * (q.w * q.z + q.x * q.y), 1.0 - 2.0 * (q.y * q.y + q.z * q.z));
  return {roll, std::asin(sinPitch), yaw};
}

Vec3d displayedEulerDegrees(const collide::Quat<double>& q) {
  Vec3d degrees = kDegrees * eulerAngles(q);
  for (double* angle : {&degrees.x, &degrees.y, &degrees.z})
    if (std::abs(*angle) < 1e-9) *angle = 0.0;
  return degrees;
}

collide::Shape3<double> defaultShape3(std::size_t type) {
  using namespace collide;
  switch (type) {
    case 0: return Point3<double>{};
    case 1: return Segment3<double>{};
    case 2: return Triangle3<double>{};
    case 3: return Sphere<double>{};
    case 4: return Aabb3<double>{};
    case 5: return Box3<double>{};
    case 6: return Capsule3<double>{};
    case 7: return Cylinder<double>{};
    case 8: {
      // An irregular octahedron-like hull: every face a triangle, so the polytope algorithms have work to do.
      const std::vector<Vec3<double>> points = {{1, 0, 0},  {-1, 0.1, 0}, {0, 1.1, 0.1}, {0.1, -0.9, 0},
                                                {0, 0, 1.2}, {0.1, 0, -1}, {0.5, 0.5, 0.5}};
      return *makeHull<double>(points).hull;
    }
    default: return Mesh<double>{};
  }
}

bool drawShapeInspector(Collider3& shape, std::string& error, std::string_view name) {
  fieldShape = name;
  bool changed = false;
  ImGui::PushItemWidth(-labelWidth());
  // Every type but the mesh is offered: it has no support function, so no narrow-phase algorithm takes it. A mesh
  // read from a scene is named in the row (it showed an empty combo, review s34 A1), and any type replaces it.
  constexpr int kTypes = static_cast<int>(collide::kShape3TypeNames.size()) - 1;
  int type = static_cast<int>(shape.shape.index());
  std::string preview(collide::shapeTypeName(shape.shape));
  const auto* mesh = std::get_if<collide::Mesh<double>>(&shape.shape);
  if (mesh)
    preview = "mesh (" + std::to_string(mesh->vertices.size()) + " vertices, " + std::to_string(mesh->triangles.size()) + " triangles)";
  bool picked = false;
  // Filed as the number fields are ("Type"; the open list's entries as "Type items", in type order), so a GUI test
  // aims at them.
  const ImVec2 row = ImGui::GetCursorScreenPos();
  fieldRects[fieldShape]["Type"] = {{row.x, row.y, ImGui::CalcItemWidth(), ImGui::GetFrameHeight()}};
  // A mesh's counts take the arrow's room (the row cut "triangles)" off at 100 %); the tooltip has them whole.
  const bool open = ImGui::BeginCombo("Type", preview.c_str(), mesh ? ImGuiComboFlags_NoArrowButton : ImGuiComboFlags_None);
  if (mesh && ImGui::IsItemHovered()) ImGui::SetTooltip("%s: pick a type to replace it", preview.c_str());
  if (open) {
    std::vector<ScreenRect>& items = fieldRects[fieldShape]["Type items"];
    items.clear();
    for (int i = 0; i < kTypes; ++i) {
      if (ImGui::Selectable(collide::kShape3TypeNames[static_cast<std::size_t>(i)].data(), i == type)) {
        picked = i != type;
        type = i;
      }
      const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
      items.push_back({min.x, min.y, max.x - min.x, max.y - min.y});
      if (i == type) ImGui::SetItemDefaultFocus();
    }
    ImGui::EndCombo();
  }
  if (picked) {
    const Vec3d anchor = collide::placement(shape).p;
    shape.shape = defaultShape3(static_cast<std::size_t>(type));
    if (auto* box = std::get_if<collide::Aabb3<double>>(&shape.shape)) {
      box->min = box->min + anchor;
      box->max = box->max + anchor;
    }
    shape.transform.p = anchor;
    error.clear();
    changed = true;
  }
  if (auto* box = std::get_if<collide::Aabb3<double>>(&shape.shape)) {
    const double min[3] = {box->min.x, box->min.y, box->min.z}, max[3] = {box->max.x, box->max.y, box->max.z};
    changed |= editVector("Min", box->min, cornerCheck(max, true));
    changed |= editVector("Max", box->max, cornerCheck(min, false));
    ImGui::TextDisabled("an aabb stays axis-aligned: it has no rotation");
  } else {
    changed |= editVector("Position", shape.transform.p);
    Vec3d degrees = displayedEulerDegrees(shape.transform.q);
    double turns[3] = {degrees.x, degrees.y, degrees.z};
    NumberFieldOptions rotation = degreeOptions(-180.0, 180.0);
    rotation.tip = "about world x, then y, then z; stored as a quaternion";
    if (editNumbers("Rotation (deg)", turns, rotation)) {
      degrees = {turns[0], turns[1], turns[2]};
      shape.transform.q = collide::Quat<double>::fromEuler(degrees.x / kDegrees, degrees.y / kDegrees, degrees.z / kDegrees);
      changed = true;
    }
  }
  std::visit(
      [&](auto& s) {
        using T = std::decay_t<decltype(s)>;
        if constexpr (std::is_same_v<T, collide::Segment3<double>>) {
          changed |= editVector("A (local)", s.a);
          changed |= editVector("B (local)", s.b);
        } else if constexpr (std::is_same_v<T, collide::Triangle3<double>>) {
          changed |= editVector("A (local)", s.a);
          changed |= editVector("B (local)", s.b);
          changed |= editVector("C (local)", s.c);
        } else if constexpr (std::is_same_v<T, collide::Sphere<double>>) {
          changed |= editSize("Radius", s.radius, false);
        } else if constexpr (std::is_same_v<T, collide::Box3<double>>) {
          changed |= editSize("Half x", s.halfExtents.x, true);
          changed |= editSize("Half y", s.halfExtents.y, true);
          changed |= editSize("Half z", s.halfExtents.z, true);
        } else if constexpr (std::is_same_v<T, collide::Capsule3<double>>) {
          changed |= editVector("A (local)", s.a);
          changed |= editVector("B (local)", s.b);
          changed |= editSize("Radius", s.radius, false);
        } else if constexpr (std::is_same_v<T, collide::Cylinder<double>>) {
          changed |= editSize("Half height", s.halfHeight, true);
          changed |= editSize("Radius", s.radius, false);
        } else if constexpr (std::is_same_v<T, collide::Hull<double>>) {
          changed |= editHullPoints(s, error, name);
        } else if constexpr (std::is_same_v<T, collide::Mesh<double>>) {
          showMesh(s);
        }
      },
      shape.shape);
  showError(error);
  ImGui::PopItemWidth();
  return changed;
}

bool drawShapeInspector(Collider& shape, std::string& error, std::string_view name) {
  fieldShape = name;
  bool changed = false;
  ImGui::PushItemWidth(-labelWidth());
  int type = static_cast<int>(shape.shape.index());
  const char* names[collide::kShapeTypeNames.size()];
  for (std::size_t i = 0; i < collide::kShapeTypeNames.size(); ++i) names[i] = collide::kShapeTypeNames[i].data();
  if (ImGui::Combo("Type", &type, names, static_cast<int>(collide::kShapeTypeNames.size()))) {
    shape = placedShape(static_cast<std::size_t>(type), shapeAnchor(shape), shape.transform.q.angle());
    error.clear();
    changed = true;
  }
  if (auto* box = std::get_if<collide::Aabb<double>>(&shape.shape)) {
    const double min[2] = {box->min.x, box->min.y}, max[2] = {box->max.x, box->max.y};
    changed |= editVector("Min", box->min, cornerCheck(max, true));
    changed |= editVector("Max", box->max, cornerCheck(min, false));
  } else {
    if (editVector("Position", shape.transform.p)) changed = true;
    double degrees = shape.transform.q.angle() * kDegrees;
    if (editDegrees("Angle (deg)", degrees, degreeOptions(-180.0, 180.0))) {
      shape.transform.q = collide::Rot<double>::fromAngle(degrees / kDegrees);
      changed = true;
    }
  }
  std::visit(
      [&](auto& s) {
        using T = std::decay_t<decltype(s)>;
        if constexpr (std::is_same_v<T, collide::Segment<double>>) {
          changed |= editVector("A (local)", s.a);
          changed |= editVector("B (local)", s.b);
        } else if constexpr (std::is_same_v<T, collide::Circle<double>>) {
          changed |= editSize("Radius", s.radius, false);
        } else if constexpr (std::is_same_v<T, collide::Box<double>>) {
          changed |= editSize("Half width", s.halfExtents.x, true);
          changed |= editSize("Half height", s.halfExtents.y, true);
        } else if constexpr (std::is_same_v<T, collide::Capsule<double>>) {
          changed |= editVector("A (local)", s.a);
          changed |= editVector("B (local)", s.b);
          changed |= editSize("Radius", s.radius, false);
        } else if constexpr (std::is_same_v<T, collide::Sector<double>>) {
          changed |= editSize("Radius", s.radius, true);
          double halfDegrees = s.halfAngle * kDegrees;
          NumberFieldOptions halfAngle = degreeOptions(0.0, 180.0, true);
          halfAngle.dragLow = 0.01;
          if (editDegrees("Half angle (deg)", halfDegrees, halfAngle)) {
            s.halfAngle = halfDegrees / kDegrees;
            changed = true;
          }
          if (!s.isConvex()) ImGui::TextColored(ImVec4(1, 0.75f, 0.3f, 1), "over 90 deg: not convex, analytic only");
        } else if constexpr (std::is_same_v<T, collide::Polygon<double>>) {
          textWrapped("%d vertices (local frame); Ctrl+click an edge/vertex to add/remove", s.count);
          for (int i = 0; i < s.count; ++i) {
            ImGui::PushID(i);
            Vec2d vertex = s.vertices[static_cast<std::size_t>(i)];
            char label[16];
            std::snprintf(label, sizeof label, "v%d", i);
            // Refused at the vertex's field when the outline would not stay convex.
            const auto convex = [&shape, i](std::span<const double> moved, int) -> std::string {
              Collider candidate = shape;
              std::string why;
              return moveVertex(candidate, i, shape.transform.apply(Vec2d{moved[0], moved[1]}), why) ? std::string() : "refused: " + why;
            };
            std::string why;
            if (editVector(label, vertex, convex)) changed = moveVertex(shape, i, shape.transform.apply(vertex), why) || changed;
            ImGui::PopID();
          }
        }
      },
      shape.shape);
  showError(error);
  ImGui::PopItemWidth();
  return changed;
}

const InspectorFieldRects& inspectorFieldRects() { return fieldRects; }

void clearInspectorFieldRects() { fieldRects.clear(); }

std::vector<ScreenRect>* inspectorFieldSlot(const std::string& shape, const std::string& field) {
  return &fieldRects[shape][field];
}

}  // namespace lab
