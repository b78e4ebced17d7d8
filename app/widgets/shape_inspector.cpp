// app/widgets/shape_inspector.cpp: the side panel's exact editor of one collider, shared by every lab.
#include "widgets/shape_inspector.h"

#include <algorithm>
#include <array>
#include <map>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <initializer_list>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>

#include <imgui.h>
#include <imgui_internal.h>  // ClearActiveID: a refused entry ends the typing

#include "collide/hull3.h"
#include "io/shape_json.h"
#include "platform/theme.h"
#include "widgets/shape_editor.h"
#include "widgets/wrapped_text.h"

namespace lab {

namespace {

constexpr double kDegrees = 180.0 / std::numbers::pi;

// A typed number no shape can hold ("nan", "inf", or beyond the range the algorithms compute in, shapes.h's
// kMaxCoordinate): the shape keeps the value it had before the edit, and the reason is said under the fields, never
// dropped in silence.
// Set by the field editors during one drawShapeInspector call, which hands it to the caller's error.
std::string typedRefusal;

bool acceptTyped(const char* label, std::initializer_list<double> values) {
  for (const double value : values) {
    if (std::isnan(value)) {
      typedRefusal = std::string(label) + ": NaN is not a number; the field keeps the value it had";
    } else if (!std::isfinite(value) || std::abs(value) > collide::kMaxCoordinate<double>) {
      char text[160];
      std::snprintf(text, sizeof text, "%s: %.3g is beyond +-%.0e, where the algorithms lose all precision; the field keeps the value it had",
                    label, value, collide::kMaxCoordinate<double>);
      typedRefusal = text;
    } else {
      continue;
    }
    return false;
  }
  return true;
}

// ImGui applies a typed number at every keystroke, so "1e19" passes through "1e1" = 10 on its way to being refused.
// The values a field held when it was activated are kept (one field is active at a time); a refusal puts them back
// and ends the typing, so the shape is as it was before the edit and the field shows what it kept.
struct EditStart {
  ImGuiID id = 0;
  double values[3] = {};
};
EditStart editStart;

void rememberStart(const double* values, int count) {
  if (!ImGui::IsItemActivated()) return;
  editStart.id = ImGui::GetItemID();
  std::copy(values, values + count, editStart.values);
}

// After a refusal: true (and `values` from before the edit) when the field had taken some keystrokes already.
bool restoreStart(double* values, int count) {
  const bool restore = editStart.id == ImGui::GetItemID() && editStart.id != 0;
  if (restore) std::copy(editStart.values, editStart.values + count, values);
  ImGui::ClearActiveID();
  editStart.id = 0;
  return restore;
}

// This frame's field rects (inspectorFieldRects), and the shape whose inspector is being drawn.
InspectorFieldRects fieldRects;
std::string fieldShape;

// The rects of the `count` numbers of the field just drawn, `fullWidth` wide together: ImGui 1.86's DragScalarN
// splits the width as PushMultiItemsWidths does (each floor((w - gaps) / n), the last the rest), ItemInnerSpacing
// apart; the field's item rect (its group, with the label) starts at the first.
void recordFieldRects(const char* label, int count, float fullWidth) {
  const float gap = ImGui::GetStyle().ItemInnerSpacing.x;
  const float one = std::max(1.0f, std::floor((fullWidth - gap * static_cast<float>(count - 1)) / static_cast<float>(count)));
  const float last = std::max(1.0f, std::floor(fullWidth - (one + gap) * static_cast<float>(count - 1)));
  const ImVec2 min = ImGui::GetItemRectMin();
  std::vector<ScreenRect>& rects = fieldRects[fieldShape][label];
  rects.clear();
  for (int i = 0; i < count; ++i) {
    rects.push_back({min.x + static_cast<float>(i) * (one + gap), min.y, i == count - 1 ? last : one, ImGui::GetFrameHeight()});
  }
}

// One field of `count` numbers (a DragScalar or DragScalarN): true when `values` changed, refusals said. ImGui
// rounds a dragged value to the digits `format` shows unless `flags` says ImGuiSliderFlags_NoRoundToFormat.
bool editNumbers(const char* label, double* values, int count, double speed, const double* minimum,
                 const double* maximum, const char* format, ImGuiSliderFlags flags = ImGuiSliderFlags_None) {
  double edited[3];
  std::copy(values, values + count, edited);
  const float fullWidth = ImGui::CalcItemWidth();
  const bool changed = count == 1 ? ImGui::DragScalar(label, ImGuiDataType_Double, edited, static_cast<float>(speed),
                                                      minimum, maximum, format, flags)
                                  : ImGui::DragScalarN(label, ImGuiDataType_Double, edited, count,
                                                       static_cast<float>(speed), minimum, maximum, format, flags);
  recordFieldRects(label, count, fullWidth);
  rememberStart(values, count);
  if (!changed) return false;
  for (int i = 0; i < count; ++i) {
    if (!acceptTyped(label, {edited[i]})) return restoreStart(values, count);
  }
  for (int i = 0; i < count; ++i) values[i] = minimum != nullptr ? std::clamp(edited[i], *minimum, *maximum) : edited[i];
  return true;
}

bool editDouble(const char* label, double& value, double speed, double minimum, double maximum,
                const char* format = "%.10g") {
  return editNumbers(label, &value, 1, speed, &minimum, &maximum, format);
}

bool editVector(const char* label, Vec2d& value, double speed = 0.01) {
  double pair[2] = {value.x, value.y};
  if (!editNumbers(label, pair, 2, speed, nullptr, nullptr, "%.10g")) return false;
  value = {pair[0], pair[1]};
  return true;
}

bool editVector(const char* label, Vec3d& value, double speed = 0.01) {
  double triple[3] = {value.x, value.y, value.z};
  if (!editNumbers(label, triple, 3, speed, nullptr, nullptr, "%.10g")) return false;
  value = {triple[0], triple[1], triple[2]};
  return true;
}

// Angles in degrees: four decimals shown (three turns to ten digits, "80.34375123", did not fit their fields), and a
// drag adds to the whole value, not to the value rounded to what is shown: a drag wrote the rotation rounded to 1e-4
// degrees. (The ten significant digits of "%.10g" keep ImGui's rounding: a dragged position's saved number stays
// short, and nothing a person placed is lost.)
bool editDegrees(const char* label, double& degrees, double minimum, double maximum) {
  return editNumbers(label, &degrees, 1, 0.5, &minimum, &maximum, "%.4f", ImGuiSliderFlags_NoRoundToFormat);
}

bool editDegrees(const char* label, Vec3d& degrees) {
  double triple[3] = {degrees.x, degrees.y, degrees.z};
  if (!editNumbers(label, triple, 3, 0.5, nullptr, nullptr, "%.4f", ImGuiSliderFlags_NoRoundToFormat)) return false;
  degrees = {triple[0], triple[1], triple[2]};
  return true;
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
        edited |= editVector(label, points[i]);
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
    collide::Aabb3<double> candidate = *box;
    if (editVector("Min", candidate.min) | editVector("Max", candidate.max)) {
      if (candidate.min.x <= candidate.max.x && candidate.min.y <= candidate.max.y && candidate.min.z <= candidate.max.z) {
        *box = candidate;
        changed = true;
      } else {
        error = "min must not exceed max";
      }
    }
    ImGui::TextDisabled("an aabb stays axis-aligned: it has no rotation");
  } else {
    changed |= editVector("Position", shape.transform.p);
    Vec3d degrees = displayedEulerDegrees(shape.transform.q);
    if (editDegrees("Rotation (deg)", degrees)) {
      shape.transform.q = collide::Quat<double>::fromEuler(degrees.x / kDegrees, degrees.y / kDegrees, degrees.z / kDegrees);
      changed = true;
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("about world x, then y, then z; stored as a quaternion");
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
          changed |= editDouble("Radius", s.radius, 0.01, 0.0, 1e6);
        } else if constexpr (std::is_same_v<T, collide::Box3<double>>) {
          changed |= editDouble("Half x", s.halfExtents.x, 0.01, 1e-6, 1e6);
          changed |= editDouble("Half y", s.halfExtents.y, 0.01, 1e-6, 1e6);
          changed |= editDouble("Half z", s.halfExtents.z, 0.01, 1e-6, 1e6);
        } else if constexpr (std::is_same_v<T, collide::Capsule3<double>>) {
          changed |= editVector("A (local)", s.a);
          changed |= editVector("B (local)", s.b);
          changed |= editDouble("Radius", s.radius, 0.01, 0.0, 1e6);
        } else if constexpr (std::is_same_v<T, collide::Cylinder<double>>) {
          changed |= editDouble("Half height", s.halfHeight, 0.01, 1e-6, 1e6);
          changed |= editDouble("Radius", s.radius, 0.01, 1e-6, 1e6);
        } else if constexpr (std::is_same_v<T, collide::Hull<double>>) {
          changed |= editHullPoints(s, error, name);
        } else if constexpr (std::is_same_v<T, collide::Mesh<double>>) {
          showMesh(s);
        }
      },
      shape.shape);
  if (!typedRefusal.empty()) error = std::exchange(typedRefusal, std::string());
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
    collide::Aabb<double> candidate = *box;
    if (editVector("Min", candidate.min) | editVector("Max", candidate.max)) {
      if (candidate.min.x <= candidate.max.x && candidate.min.y <= candidate.max.y) {
        *box = candidate;
        changed = true;
      } else {
        error = "min must not exceed max";
      }
    }
  } else {
    if (editVector("Position", shape.transform.p)) changed = true;
    double degrees = shape.transform.q.angle() * kDegrees;
    if (editDegrees("Angle (deg)", degrees, -180.0, 180.0)) {
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
          changed |= editDouble("Radius", s.radius, 0.01, 0.0, 1e6);
        } else if constexpr (std::is_same_v<T, collide::Box<double>>) {
          changed |= editDouble("Half width", s.halfExtents.x, 0.01, 1e-6, 1e6);
          changed |= editDouble("Half height", s.halfExtents.y, 0.01, 1e-6, 1e6);
        } else if constexpr (std::is_same_v<T, collide::Capsule<double>>) {
          changed |= editVector("A (local)", s.a);
          changed |= editVector("B (local)", s.b);
          changed |= editDouble("Radius", s.radius, 0.01, 0.0, 1e6);
        } else if constexpr (std::is_same_v<T, collide::Sector<double>>) {
          changed |= editDouble("Radius", s.radius, 0.01, 1e-6, 1e6);
          double halfDegrees = s.halfAngle * kDegrees;
          if (editDegrees("Half angle (deg)", halfDegrees, 0.01, 180.0)) {
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
            if (editVector(label, vertex)) {
              Collider candidate = shape;
              if (moveVertex(candidate, i, shape.transform.apply(vertex), error)) {
                shape = candidate;
                error.clear();
                changed = true;
              }
            }
            ImGui::PopID();
          }
        }
      },
      shape.shape);
  if (!typedRefusal.empty()) error = std::exchange(typedRefusal, std::string());
  showError(error);
  ImGui::PopItemWidth();
  return changed;
}

const InspectorFieldRects& inspectorFieldRects() { return fieldRects; }

void clearInspectorFieldRects() { fieldRects.clear(); }

}  // namespace lab
