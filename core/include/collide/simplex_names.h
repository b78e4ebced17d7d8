// collide/simplex_names.h: the names a GJK run's simplex vertices go by, one scheme for `collision-lab trace` and
// the labs' narration and pictures: "w0" for the run's first support, "w1" for the next, never letters that clash
// with the shapes A and B.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "collide/gjk.h"
#include "collide/simplex.h"

namespace collide {

// A simplex's vertex names by slot: the index of the support each came from, -1 for an unused slot.
using SupportNames = std::array<int, 4>;

// "w3" (appended, not "w" + to_string: GCC 12's -Wrestrict misfires on that once inlined)
[[nodiscard]] inline std::string supportName(int supportIndex) {
  std::string name = "w";
  name += std::to_string(supportIndex);
  return name;
}

// Vertex 0 of steps[index].simplexBefore is that step's support w<index>; an older vertex takes the latest earlier
// support at its point, so a vertex keeps its name from step to step while the simplex reorders its slots.
template <class V>
[[nodiscard]] SupportNames simplexSupportIndices(const std::vector<GjkStep<V>>& steps, int index) {
  SupportNames names{-1, -1, -1, -1};
  if (index < 0 || index >= static_cast<int>(steps.size())) return names;
  const Simplex<V>& simplex = steps[static_cast<std::size_t>(index)].simplexBefore;
  for (int i = 0; i < simplex.count && i < 4; ++i) {
    names[static_cast<std::size_t>(i)] = index;
    if (i == 0) continue;
    for (int k = index - 1; k >= 0; --k) {
      if (steps[static_cast<std::size_t>(k)].support.point == simplex.vertices[static_cast<std::size_t>(i)].point) {
        names[static_cast<std::size_t>(i)] = k;
        break;
      }
    }
  }
  return names;
}

// The names of `simplex`'s vertices when its vertices are among steps[index].simplexBefore's (that step's
// simplexAfter, or EPA's start after GJK's last step): each takes the name of the first unused vertex at its point.
template <class V>
[[nodiscard]] SupportNames simplexSupportIndicesAfter(const std::vector<GjkStep<V>>& steps, int index,
                                                      const Simplex<V>& simplex) {
  SupportNames names{-1, -1, -1, -1};
  if (index < 0 || index >= static_cast<int>(steps.size())) return names;
  const Simplex<V>& before = steps[static_cast<std::size_t>(index)].simplexBefore;
  const SupportNames beforeNames = simplexSupportIndices(steps, index);
  std::uint8_t used = 0;
  for (int j = 0; j < simplex.count && j < 4; ++j) {
    for (int i = 0; i < before.count && i < 4; ++i) {
      if ((used & (1u << i)) != 0 || before.vertices[static_cast<std::size_t>(i)].point != simplex.vertices[static_cast<std::size_t>(j)].point)
        continue;
      used = static_cast<std::uint8_t>(used | (1u << i));
      names[static_cast<std::size_t>(j)] = beforeNames[static_cast<std::size_t>(i)];
      break;
    }
  }
  return names;
}

// "w3-w0": the kept vertices of a region in the simplex's slot order (the newest first), joined.
[[nodiscard]] inline std::string keptNames(SimplexRegion region, const SupportNames& names) {
  std::string text;
  for (int i = 0; i < 4; ++i) {
    if (!region.keeps(i) || names[static_cast<std::size_t>(i)] < 0) continue;
    if (!text.empty()) text += "-";
    text += supportName(names[static_cast<std::size_t>(i)]);
  }
  return text;
}

// "vertex w2", "edge w3-w0", "face w3-w1-w0", "interior" (of a triangle in the plane, a tetrahedron in space).
[[nodiscard]] inline std::string regionName(SimplexRegion region, const SupportNames& names) {
  switch (region.feature) {
    case SimplexFeature::Vertex: return "vertex " + keptNames(region, names);
    case SimplexFeature::Edge: return "edge " + keptNames(region, names);
    case SimplexFeature::Face: return "face " + keptNames(region, names);
    default: return "interior";
  }
}

}  // namespace collide
