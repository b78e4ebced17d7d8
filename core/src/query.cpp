// core/src/query.cpp: collide/query.h for double (query_float.cpp: for float; query_impl.h: the code), and the
// non-template part: the algorithm table's name lists and the refusal sentences.
#include "query_impl.h"

namespace collide {

std::vector<std::string> algorithmNames(bool iterativeOnly, int dimension) {
  std::vector<std::string> names;
  for (const AlgorithmInfo& info : kAlgorithmTable) {
    if (iterativeOnly && !isIterative(info.algorithm)) continue;
    if (dimension != 0 && !runsIn(info.algorithm, dimension)) continue;
    names.emplace_back(info.name);
  }
  return names;
}

std::string algorithmNameList(bool iterativeOnly, int dimension) {
  std::string list;
  for (const std::string& name : algorithmNames(iterativeOnly, dimension)) {
    if (!list.empty()) list += ", ";
    list += name;
  }
  return list;
}

std::string_view fieldWords(ShapeField field) {
  switch (field) {
    case ShapeField::Whole: return "shape";
    case ShapeField::Position: return "position";
    case ShapeField::Angle: return "angle";
    case ShapeField::Center: return "centre";
    case ShapeField::Radius: return "radius";
    case ShapeField::EndA: return "first end";
    case ShapeField::EndB: return "second end";
    case ShapeField::Min: return "min corner";
    case ShapeField::Max: return "max corner";
    case ShapeField::HalfExtents: return "half extents";
    case ShapeField::Vertices: return "vertices";
    case ShapeField::HalfAngle: return "half angle";
    case ShapeField::EndC: return "third corner";
    case ShapeField::HalfHeight: return "half height";
    case ShapeField::Points: return "points";
    case ShapeField::Triangles: return "triangles";
    case ShapeField::Rotation: return "rotation";
  }
  return "shape";
}

std::string sentence(const Refusal& refusal) {
  if (refusal.side == Side::Pair) return refusal.detail;
  std::string text = refusal.side == Side::A ? "shape A: " : "shape B: ";
  if (refusal.field == ShapeField::Vertices || refusal.field == ShapeField::Points ||
      refusal.field == ShapeField::Triangles) {
    text.append("the ").append(refusal.shapeType).append("'s ");  // the detail names the vertex or triangle
  } else if (refusal.field != ShapeField::Whole) {
    text.append("the ").append(refusal.shapeType).append("'s ").append(fieldWords(refusal.field)).append(" ");
  }
  return text + refusal.detail;
}

COLLIDE_QUERY_INSTANTIATE(double)

}  // namespace collide
