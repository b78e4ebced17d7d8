// app/widgets/shape_inspector.cpp: the side panel's exact editor of one collider, shared by every lab.
#include "widgets/shape_inspector.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <type_traits>
#include <variant>

#include <imgui.h>

#include "widgets/shape_editor.h"

namespace lab {

namespace {

constexpr double kDegrees = 180.0 / std::numbers::pi;
const ImVec4 kErrorColor(1.0f, 0.45f, 0.45f, 1.0f);

bool editDouble(const char* label, double& value, double speed, double minimum, double maximum,
                const char* format = "%.10g") {
  double edited = value;
  if (!ImGui::DragScalar(label, ImGuiDataType_Double, &edited, static_cast<float>(speed), &minimum, &maximum, format))
    return false;
  if (!std::isfinite(edited)) return false;
  value = std::clamp(edited, minimum, maximum);
  return true;
}

bool editVector(const char* label, Vec2d& value, double speed = 0.01) {
  double pair[2] = {value.x, value.y};
  if (!ImGui::DragScalarN(label, ImGuiDataType_Double, pair, 2, static_cast<float>(speed), nullptr, nullptr, "%.10g"))
    return false;
  if (!std::isfinite(pair[0]) || !std::isfinite(pair[1])) return false;
  value = {pair[0], pair[1]};
  return true;
}

}  // namespace

bool drawShapeInspector(Collider& shape, std::string& error) {
  bool changed = false;
  ImGui::PushItemWidth(-ImGui::GetFontSize() * 6.5f);
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
    if (editDouble("Angle (deg)", degrees, 0.5, -180.0, 180.0, "%.4f")) {
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
          if (editDouble("Half angle (deg)", halfDegrees, 0.5, 0.01, 180.0, "%.4f")) {
            s.halfAngle = halfDegrees / kDegrees;
            changed = true;
          }
          if (!s.isConvex()) ImGui::TextColored(ImVec4(1, 0.75f, 0.3f, 1), "over 90 deg: not convex, analytic only");
        } else if constexpr (std::is_same_v<T, collide::Polygon<double>>) {
          ImGui::Text("%d vertices (local frame); Ctrl+click an edge/vertex to add/remove", s.count);
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
  if (!error.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, kErrorColor);
    ImGui::TextWrapped("refused: %s", error.c_str());
    ImGui::PopStyleColor();
  }
  ImGui::PopItemWidth();
  return changed;
}

}  // namespace lab
