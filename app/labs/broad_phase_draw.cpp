// The broad-phase lab's drawing: the objects (batched; outlines or points for large N), the grid cells by
// occupancy, the tree boxes by depth, the stepped sweep of sweep and prune (Collision detection notes: the sweep line, the
// endpoints as ticks under the axis, the endpoint array with its insertion-sort swaps, the active list and the
// pairs), and the replay and narration those views share.
//
// [SECTION] Sweep replay and narration
// [SECTION] Panels shared with the 3D lab
// [SECTION] Objects
// [SECTION] Grid and tree
// [SECTION] The stepped update
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <span>
#include <string>

#define GLFW_INCLUDE_NONE  // key codes only
#include <GLFW/glfw3.h>
#include <imgui.h>

#include "labs/broad_phase_counters.h"
#include "labs/broad_phase_lab.h"
#include "labs/format.h"
#include "labs/midphase_common.h"
#include "labs/narration.h"
#include "platform/theme.h"
#include "widgets/wrapped_text.h"
#include "widgets/value_slider.h"

namespace lab::broadphase {

namespace {

std::string endpointName(const collide::SapEndpointInfo<double>& endpoint, int axis) {
  return std::string(endpoint.isMax ? "max" : "min") + " of #" + std::to_string(endpoint.id) + " (" +
         kAxisNames[axis] + " = " + formatNumber(endpoint.value) + ")";
}

// The step's answer (the pairs an axis keeps) lists this many before "and N more".
constexpr std::size_t kPairsListed = 16;

// A list cut short says how many it leaves out: "9 ... are the pairs" above eight of them read as the whole answer
// (newcomer review s35 A14).
std::string pairList(const std::vector<ProxyPair>& pairs, std::size_t limit = 8) {
  std::string text;
  for (std::size_t i = 0; i < pairs.size() && i < limit; ++i) {
    if (i > 0) text += ", ";
    text += "(#" + std::to_string(pairs[i].first) + ", #" + std::to_string(pairs[i].second) + ")";
  }
  if (pairs.size() > limit) text += " and " + std::to_string(pairs.size() - limit) + " more";
  return text.empty() ? "none" : text;
}

Vec2d boxCentre(const Box& box) { return {0.5 * (box.min[0] + box.max[0]), 0.5 * (box.min[1] + box.max[1])}; }

void boxCorners(const Box& box, Vec2d (&corners)[4]) {
  corners[0] = {box.min[0], box.min[1]};
  corners[1] = {box.max[0], box.min[1]};
  corners[2] = {box.max[0], box.max[1]};
  corners[3] = {box.min[0], box.max[1]};
}

bool visibleBox(const Box& box, const WorldBounds& visible) {
  return box.max[0] >= visible.min.x && box.min[0] <= visible.max.x && box.max[1] >= visible.min.y &&
         box.min[1] <= visible.max.y;
}

template <int Dim>
std::string cellName(const std::array<std::int64_t, Dim>& cell) {
  std::string text = "(";
  for (int k = 0; k < Dim; ++k) {
    if (k > 0) text += ", ";
    text += std::to_string(cell[static_cast<std::size_t>(k)]);
  }
  return text + ")";
}

// Objects beyond these counts are drawn as outlines, then as points, so 100,000 stay interactive.
constexpr std::size_t kFillLimit = 3000;
constexpr std::size_t kOutlineLimit = 25000;

}  // namespace

// [SECTION] Sweep replay and narration

LabelRequest objectLabelRequest(Vec2d topLeft, Vec2d bottomRight, Vec2d labelSize) {
  const Vec2d centre = 0.5 * (topLeft + bottomRight);
  return {centre, Vec2d{topLeft.x + 1, topLeft.y - labelSize.y - 1} - centre, labelSize};
}

std::string idList(const std::vector<ProxyId>& ids) {
  std::string text = "{";
  for (std::size_t i = 0; i < ids.size(); ++i) {
    text += i > 0 ? ", #" : "#";
    text += std::to_string(ids[i]);
  }
  return text + "}";
}

template <int Dim>
SweepReplayOf<Dim> replaySweep(const std::vector<collide::BroadPhaseEvent<double, Dim>>& events, int upTo, int sweepAxis,
                               std::vector<collide::SapEndpointInfo<double>> previousOrder) {
  SweepReplayOf<Dim> replay;
  replay.axis = sweepAxis;
  replay.order = std::move(previousOrder);
  const int last = std::min(upTo, static_cast<int>(events.size()) - 1);
  for (int i = 0; i <= last; ++i) {
    const auto& event = events[static_cast<std::size_t>(i)];
    replay.current = &event;
    replay.made.clear();
    replay.swapSlot = -1;
    if (const auto* swap = std::get_if<collide::SapSwap<double>>(&event)) {
      // Before the swap `passed` sits at position and `moving` at position + 1; afterwards the other way round.
      if (swap->axis == sweepAxis && swap->position + 1 < replay.order.size()) {
        replay.order[swap->position] = swap->moving;
        replay.order[swap->position + 1] = swap->passed;
        replay.swapSlot = static_cast<int>(swap->position);
        ++replay.swaps;
      }
    } else if (const auto* resort = std::get_if<collide::SapResort>(&event)) {
      std::stable_sort(replay.order.begin(), replay.order.end(), [](const auto& a, const auto& b) {
        return a.value < b.value || (a.value == b.value && !a.isMax && b.isMax);
      });
      replay.swaps += resort->inversions;
    } else if (const auto* enter = std::get_if<collide::SapEnter<double>>(&event)) {
      for (const ProxyId other : replay.active) {
        replay.made.push_back({std::min(other, enter->id), std::max(other, enter->id)});
      }
      replay.candidates.insert(replay.candidates.end(), replay.made.begin(), replay.made.end());
      replay.active.push_back(enter->id);
      replay.sweepValue = enter->value;
    } else if (const auto* leave = std::get_if<collide::SapLeave<double>>(&event)) {
      std::erase(replay.active, leave->id);
      replay.sweepValue = leave->value;
    } else if (const auto* stage = std::get_if<collide::SapAxisPairs>(&event)) {
      replay.stagePairs = stage;
    }
  }
  return replay;
}

template <int Dim>
std::string narrateEvent(const SweepReplayOf<Dim>& replay, const std::vector<collide::BroadPhaseEvent<double, Dim>>& events,
                         int index, const std::vector<collide::Bounds<double, Dim>>& boxes) {
  if (index < 0 || index >= static_cast<int>(events.size())) return "";
  const auto& event = events[static_cast<std::size_t>(index)];
  char text[512];
  if (const auto* swap = std::get_if<collide::SapSwap<double>>(&event)) {
    // A max passing a min ends an overlap on this axis; a min passing a max starts one (the Collision detection notes' note
    // that swaps alone can maintain the pair list).
    std::string consequence;
    if (swap->moving.isMax != swap->passed.isMax && swap->moving.id != swap->passed.id) {
      consequence = std::string(": #") + std::to_string(swap->moving.id) + " and #" + std::to_string(swap->passed.id) +
                    (swap->moving.isMax ? " stop" : " start") + " overlapping on " + kAxisNames[swap->axis];
    }
    std::snprintf(text, sizeof text,
                  "Insertion sort on %c, swap %zu: %s is less than %s, so it moves down to slot %zu%s. "
                  "Each swap removes one inversion left by the motion (temporal coherence: few swaps).",
                  kAxisNames[swap->axis], replay.swaps, endpointName(swap->moving, swap->axis).c_str(),
                  endpointName(swap->passed, swap->axis).c_str(), swap->position, consequence.c_str());
  } else if (const auto* resort = std::get_if<collide::SapResort>(&event)) {
    std::snprintf(text, sizeof text,
                  "The swap budget ran out on %c (no coherence, e.g. teleports): a merge sort removes the "
                  "remaining %zu inversions at once.",
                  kAxisNames[resort->axis], resort->inversions);
  } else if (const auto* enter = std::get_if<collide::SapEnter<double>>(&event)) {
    // What the entering box makes, in words that read right for none, one and many.
    std::string made;
    if (enter->active.empty()) {
      made = "the active list is empty, so it makes no candidate pair";
    } else {
      made = std::string("it overlaps on ") + kAxisNames[enter->axis] + " every box in the active list " +
             idList(enter->active);
      if (replay.made.empty()) made += ", but makes no new candidate pair";
      else
        made += ", making " + std::to_string(replay.made.size()) + (replay.made.size() == 1 ? " candidate pair: " : " candidate pairs: ") +
                pairList(replay.made);
    }
    std::snprintf(text, sizeof text, "Endpoint min of #%u at %c = %s enters: %s. Active list is now %s.", enter->id,
                  kAxisNames[enter->axis], formatNumber(enter->value).c_str(), made.c_str(), idList(replay.active).c_str());
  } else if (const auto* leave = std::get_if<collide::SapLeave<double>>(&event)) {
    std::snprintf(text, sizeof text,
                  "Endpoint max of #%u at %c = %s leaves: no later box can overlap it on %c. Active list is now %s.",
                  leave->id, kAxisNames[leave->axis], formatNumber(leave->value).c_str(), kAxisNames[leave->axis],
                  idList(replay.active).c_str());
  } else if (const auto* stage = std::get_if<collide::SapAxisPairs>(&event)) {
    // Built as a string: the lists may be longer than the fixed buffer of the other sentences.
    const std::string axis(1, kAxisNames[stage->axis]);
    if (stage->stage == 0)
      return "The sweep on " + axis + " is done: " + std::to_string(stage->kept.size()) + " candidate pairs overlap on " +
             axis + ": " + pairList(stage->kept, kPairsListed) + ".";
    // In 3D the first filter's survivors are still candidates: the last axis's are the pairs.
    const bool last = stage->stage + 1 >= Dim;
    return "Axis " + axis + " filters the candidates: " + std::to_string(stage->kept.size()) + " also overlap on " + axis +
           (last ? " and are the pairs " : " and stay candidates ") + pairList(stage->kept, kPairsListed) + "; " +
           std::to_string(stage->rejected.size()) + " rejected " + pairList(stage->rejected, 4) + ".";
  } else if (const auto* insert = std::get_if<collide::GridInsert<Dim>>(&event)) {
    // An object goes into every cell its box overlaps, not only its centre's (review s31, A6: "centre (5.689,
    // 4.333) goes into cell (3, 3)", a cell that centre is not in): its box, and which of its cells this is.
    const std::string cell = cellName<Dim>(insert->cell);
    std::string box = "?";
    if (insert->id < boxes.size()) {
      box.clear();
      for (int axis = 0; axis < Dim; ++axis) {
        box += (axis > 0 ? " x [" : "[") + formatNumber(boxes[insert->id].min[axis]) + ", " +
               formatNumber(boxes[insert->id].max[axis]) + "]";
      }
    }
    int nth = 0, cells = 0;
    for (std::size_t i = 0; i < events.size(); ++i) {
      const auto* other = std::get_if<collide::GridInsert<Dim>>(&events[i]);
      if (other == nullptr || other->id != insert->id) continue;
      ++cells;
      if (static_cast<int>(i) <= index) nth = cells;
    }
    std::snprintf(text, sizeof text,
                  "#%u's box %s overlaps cell %s: it goes into each cell its box overlaps (this is %d of %d). Once "
                  "every object is in, objects sharing a cell are tested, each pair once (the later steps).",
                  insert->id, box.c_str(), cell.c_str(), nth, cells);
  } else if (const auto* oversize = std::get_if<collide::GridOversize>(&event)) {
    std::snprintf(text, sizeof text, "#%u spans too many cells: it is tested against every object instead.",
                  oversize->id);
  } else if (const auto* test = std::get_if<collide::GridTest<Dim>>(&event)) {
    const char* outcome = test->overlap ? "the boxes overlap, a pair" : "the boxes are apart, no pair";
    if (test->oversize) {
      std::snprintf(text, sizeof text, "Oversize #%u against #%u: %s.", test->a, test->b, outcome);
    } else {
      // uniform_grid.h's ownsPair: of the cells both share, only the one holding the overlap's min corner tests.
      std::snprintf(text, sizeof text,
                    "#%u and #%u share cell %s, the cell of the corner (max of the two boxes' mins, per axis), so "
                    "only this of the cells they share tests them: %s.",
                    test->a, test->b, cellName<Dim>(test->cell).c_str(), outcome);
    }
  } else if (const auto* visit = std::get_if<collide::TreeVisit>(&event)) {
    if (visit->nodeA == visit->nodeB) {
      std::snprintf(text, sizeof text, "Node %d against itself: its two children are tested against each other.",
                    visit->nodeA);
    } else {
      std::snprintf(text, sizeof text, "Node %d vs node %d: the fat boxes %s.", visit->nodeA, visit->nodeB,
                    visit->overlap ? "overlap, so the query descends (or reports a pair of leaves)"
                                   : "do not overlap, so both subtrees are pruned");
    }
  } else {
    return "";
  }
  return text;
}

template <int Dim>
std::string candidateRow(ProxyPair pair, const std::vector<collide::Bounds<double, Dim>>& boxes,
                         const std::array<int, Dim>& axisOrder, int stage) {
  std::string row = "(#" + std::to_string(pair.first) + ", #" + std::to_string(pair.second) + ")";
  if (stage < 1 || pair.first >= boxes.size() || pair.second >= boxes.size()) return row;
  const auto& a = boxes[pair.first];
  const auto& b = boxes[pair.second];
  for (int k = 1; k <= std::min(stage, Dim - 1); ++k) {
    const int axis = axisOrder[static_cast<std::size_t>(k)];
    // The space between the two boxes on that axis (collide::overlaps: touching still overlaps).
    const double gap = std::max(a.min[axis] - b.max[axis], b.min[axis] - a.max[axis]);
    if (gap > 0) return row + "  rejected: " + kAxisNames[axis] + " gap " + formatNumber(gap);
  }
  return row + "  kept";
}

// [SECTION] Panels shared with the 3D lab

namespace {

// The row's mark in a swatch-sized square at the cursor, as the view draws it.
void drawLegendMark(const LegendRow& row, float size) {
  ImDrawList& list = *ImGui::GetWindowDrawList();
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const ImVec2 end(at.x + size, at.y + size);
  const ImU32 color = ImGui::GetColorU32(toImVec4(row.color));
  const float line = std::max(1.0f, size / 8.0f);
  switch (row.kind) {
    case LegendRow::Kind::Swatch: list.AddRectFilled(at, end, color); break;
    case LegendRow::Kind::Outline:
      list.AddRectFilled(at, end, ImGui::GetColorU32(toImVec4(row.color.withAlpha(0.22f))));
      list.AddRect(at, end, color, 0.0f, 0, 1.5f);
      break;
    case LegendRow::Kind::Thick:
      list.AddRect({at.x + line, at.y + line}, {end.x - line, end.y - line}, color, 0.0f, 0, 2.0f * line);
      break;
    case LegendRow::Kind::Line: list.AddLine({at.x, end.y - line}, {end.x, at.y + line}, color, 2.0f); break;
    case LegendRow::Kind::Dashed:
      for (int dash = 0; dash < 3; ++dash) {  // three dashes along the diagonal, as the view's dashes
        const float t0 = static_cast<float>(dash) / 3.0f, t1 = t0 + 0.2f;
        list.AddLine({at.x + t0 * size, end.y - t0 * size}, {at.x + t1 * size, end.y - t1 * size}, color, 2.0f);
      }
      break;
    case LegendRow::Kind::Shades:
      for (int shade = 0; shade < 3; ++shade) {  // one, two and several objects in a cell
        const float x0 = at.x + static_cast<float>(shade) * size / 3.0f;
        list.AddRectFilled({x0, at.y}, {x0 + size / 3.0f, end.y},
                           ImGui::GetColorU32(toImVec4(row.color.withAlpha(0.12f + 0.24f * static_cast<float>(shade)))));
      }
      break;
    case LegendRow::Kind::DepthColors:
    case LegendRow::Kind::Note: break;
  }
  ImGui::Dummy({size, size});
}

const char* markName(LegendRow::Kind kind) {
  static constexpr const char* kNames[] = {"swatch", "outline", "thick", "line", "dashed", "shades", "depths", "note"};
  return kNames[static_cast<int>(kind)];
}

std::string hexColor(const Color& color) {
  const auto byte = [](float value) { return static_cast<int>(std::lround(std::clamp(value, 0.0f, 1.0f) * 255.0f)); };
  char text[8];
  std::snprintf(text, sizeof text, "#%02x%02x%02x", byte(color.r), byte(color.g), byte(color.b));
  return text;
}

}  // namespace

void drawLegend(const std::vector<LegendRow>& rows) {
  ImGui::Spacing();
  ImGui::TextDisabled("LEGEND");
  const float size = ImGui::GetFontSize();
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const LegendRow& row = rows[i];
    ImGui::PushID(static_cast<int>(i));
    if (row.kind == LegendRow::Kind::Note) {
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
      ImGui::PushTextWrapPos(0.0f);  // wraps at the panel's edge rather than being cut
      ImGui::TextUnformatted(row.text.c_str());
      ImGui::PopTextWrapPos();
      ImGui::PopStyleColor();
    } else {
      if (row.kind == LegendRow::Kind::DepthColors) {
        for (std::size_t depth = 0; depth + 1 < std::size(palette::kDepthColors); ++depth) {
          LegendRow swatch{LegendRow::Kind::Thick, treeDepthColor(static_cast<int>(depth)), {}};
          drawLegendMark(swatch, size);
          ImGui::SameLine();
        }
      } else {
        drawLegendMark(row, size);
        ImGui::SameLine();
      }
      ImGui::PushTextWrapPos(0.0f);  // a long row wraps at the panel's edge rather than being cut
      ImGui::TextUnformatted(row.text.c_str());
      ImGui::PopTextWrapPos();
    }
    ImGui::PopID();
  }
}

Json legendJson(const std::vector<LegendRow>& rows) {
  Json out = Json::array();
  for (const LegendRow& row : rows) out.push_back(row.text);
  return out;
}

Json legendMarksJson(const std::vector<LegendRow>& rows) {
  Json out = Json::array();
  for (const LegendRow& row : rows) {
    Json colors = Json::array();
    if (row.kind == LegendRow::Kind::DepthColors) {
      for (std::size_t depth = 0; depth + 1 < std::size(palette::kDepthColors); ++depth)
        colors.push_back(hexColor(treeDepthColor(static_cast<int>(depth))));
    } else if (row.kind != LegendRow::Kind::Note) {
      colors.push_back(hexColor(row.color));
    }
    out.push_back({{"text", row.text}, {"mark", markName(row.kind)}, {"colors", colors}});
  }
  return out;
}

std::string commandLine(int dimensions, Algorithm algorithm, int axisChoice, std::size_t count, collide::BoxMotion motion,
                        std::uint64_t seed, double spacing, std::size_t frame) {
  std::string out = "collision-lab broadphase";
  if (dimensions == 3) out += " --dim 3";
  out += " --algo " + std::string(kAlgorithmNames[static_cast<std::size_t>(algorithm)]);
  if (algorithm == Algorithm::Sap && axisChoice >= 0) out += std::string(" --sweep-axis ") + kAxisNames[axisChoice];
  out += " --count " + std::to_string(count) + " --motion " + std::string(collide::motionName(motion)) + " --seed " +
         std::to_string(seed) + " --spacing " + exactNumber(spacing) + " --frames " + std::to_string(frame);
  if (frame > 0) out += " --csv -";
  return out;
}

std::optional<Algorithm> algorithmKey(const KeyPress& press, Algorithm current) {
  for (int i = 0; i < static_cast<int>(kAlgorithmNames.size()); ++i) {
    if (isPress(press, GLFW_KEY_1 + i) && current != static_cast<Algorithm>(i)) return static_cast<Algorithm>(i);
  }
  return std::nullopt;
}

bool drawAlgorithmChoice(Algorithm& algorithm) {
  ImGui::TextDisabled("ALGORITHM");
  int picked = static_cast<int>(algorithm);
  ImGui::SetNextItemWidth(-1.0f);  // no label: the combo takes the panel's width, so its text is not cut
  if (!ImGui::Combo("##algorithm", &picked, kAlgorithmTitles.data(), static_cast<int>(kAlgorithmTitles.size()))) return false;
  algorithm = static_cast<Algorithm>(picked);
  return true;
}

bool drawSweepAxisChoice(int dimensions, int& axisChoice) {
  const char* axes[] = {"Sweep axis: automatic (largest variance)", "Sweep axis: x", "Sweep axis: y", "Sweep axis: z"};
  int axis = axisChoice + 1;
  ImGui::SetNextItemWidth(-1.0f);
  if (!ImGui::Combo("##axis", &axis, axes, dimensions + 1)) return false;
  axisChoice = axis - 1;
  return true;
}

bool drawSceneControls(std::size_t& count, collide::BoxMotion& motion, double& spacing, const char* floorLabel) {
  bool regenerate = false;
  int value = static_cast<int>(count);
  if (valueSliderInt("Count", &value, static_cast<int>(kMinCount), static_cast<int>(kMaxCount), "%d",
                       ImGuiSliderFlags_Logarithmic)) {
    count = static_cast<std::size_t>(value);
  }
  regenerate |= ImGui::IsItemDeactivatedAfterEdit();
  for (const int preset : {24, 64, 1000, 10000, 100000}) {
    ImGui::PushID(preset);
    char label[16];
    std::snprintf(label, sizeof label, preset >= 1000 ? "%dk" : "%d", preset >= 1000 ? preset / 1000 : preset);
    if (ImGui::SmallButton(label)) {
      count = static_cast<std::size_t>(preset);
      regenerate = true;
    }
    ImGui::PopID();
    ImGui::SameLine();
  }
  ImGui::NewLine();
  int chosen = static_cast<int>(motion);
  const char* motions[] = {"Drift (coherent)", "Bounce in a box", floorLabel, "Random teleports"};
  if (ImGui::Combo("Motion", &chosen, motions, 4)) {
    motion = static_cast<collide::BoxMotion>(chosen);
    regenerate = true;
  }
  float spacingValue = static_cast<float>(spacing);
  if (valueSliderFloat("Spacing", &spacingValue, 0.5f, 6.0f, "%.2f")) spacing = spacingValue;
  regenerate |= ImGui::IsItemDeactivatedAfterEdit();
  return regenerate;
}

namespace {
constexpr std::array<const char*, 4> kSweepAxisNames = {"auto", "x", "y", "z"};  // axis + 1
}  // namespace

bool readGeneratorState(const Json& state, int dimensions, double maxSpacing, GeneratorState& generator, std::string& error) {
  GeneratorState read = generator;
  if (const auto it = state.find("count"); it != state.end()) {
    if (!it->is_number_integer() || it->get<long long>() < static_cast<long long>(kMinCount) ||
        it->get<long long>() > static_cast<long long>(kMaxCount)) {
      error = "lab_state.count: expected an integer from " + std::to_string(kMinCount) + " to " + std::to_string(kMaxCount) +
              ", got " + describeJsonValue(*it);
      return false;
    }
    read.count = static_cast<std::size_t>(it->get<long long>());
  }
  if (const auto it = state.find("motion"); it != state.end()) {
    const auto parsed = it->is_string() ? collide::parseMotion(it->get<std::string>()) : std::nullopt;
    if (!parsed) {
      error = "lab_state.motion: expected drift, bounce, floor or teleport, got " + describeJsonValue(*it);
      return false;
    }
    read.motion = *parsed;
  }
  if (const auto it = state.find("seed"); it != state.end()) {
    if (!it->is_number_unsigned()) {
      error = "lab_state.seed: expected a non-negative integer, got " + describeJsonValue(*it);
      return false;
    }
    read.seed = it->get<std::uint64_t>();
  }
  if (const auto it = state.find("spacing"); it != state.end()) {
    if (!it->is_number() || !(it->get<double>() >= 0.5 && it->get<double>() <= maxSpacing)) {
      error = "lab_state.spacing: expected a number from 0.5 to " + formatNumber(maxSpacing) + ", got " + describeJsonValue(*it);
      return false;
    }
    read.spacing = it->get<double>();
  }
  if (const auto it = state.find("axis"); it != state.end()) {
    const std::string name = it->is_string() ? it->get<std::string>() : "";
    const auto names = std::span(kSweepAxisNames).first(static_cast<std::size_t>(dimensions) + 1);
    const auto found = std::find(names.begin(), names.end(), name);
    if (found == names.end()) {
      error = std::string("lab_state.axis: expected ") + (dimensions == 3 ? "auto, x, y or z" : "auto, x or y") + ", got " +
              describeJsonValue(*it);
      return false;
    }
    read.axis = static_cast<int>(found - names.begin()) - 1;
  }
  generator = read;
  return true;
}

Json generatorStateJson(const GeneratorState& generator) {
  return {{"count", generator.count},
          {"motion", std::string(collide::motionName(generator.motion))},
          {"seed", generator.seed},
          {"spacing", generator.spacing},
          {"axis", kSweepAxisNames[static_cast<std::size_t>(generator.axis + 1)]}};
}

bool readSimulationState(const Json& state, bool& paused, long long& frames, std::string& error) {
  if (const auto it = state.find("paused"); it != state.end()) {
    if (!it->is_boolean()) {
      error = "lab_state.paused: expected true or false, got " + describeJsonValue(*it);
      return false;
    }
    paused = it->get<bool>();
  }
  if (const auto it = state.find("frames"); it != state.end()) {
    if (!it->is_number_integer() || it->get<long long>() < 0 || it->get<long long>() > 100000) {
      error = "lab_state.frames: expected an integer from 0 to 100000, got " + describeJsonValue(*it);
      return false;
    }
    frames = it->get<long long>();
  }
  return true;
}

SimulationAction drawSimulationControls(std::size_t frame, bool& running) {
  SimulationAction action = SimulationAction::None;
  ImGui::TextDisabled("SIMULATION  frame %zu", frame);
  if (ImGui::Button(running ? "Pause (P)" : "Run (P)")) running = !running;
  ImGui::SameLine();
  if (ImGui::Button("Next frame (N)")) {
    running = false;
    action = SimulationAction::NextFrame;
  }
  ImGui::SameLine();
  if (ImGui::Button("Restart")) action = SimulationAction::Restart;
  return action;
}

template <int Dim>
void BroadPhaseCore<Dim>::drawUpdateStats(Algorithm algorithm, std::size_t objects) const {
  ImGui::Spacing();
  ImGui::TextDisabled("THIS FRAME");
  if (!bruteChecked_) {
    ImGui::TextDisabled("pairs == brute force: not checked (N > %zu)", kBruteLimit);
  } else if (bruteMissing_ == 0 && bruteExtra_ == 0) {
    ImGui::PushStyleColor(ImGuiCol_Button, toImVec4(palette::kSeparated.withAlpha(0.75f)));
    ImGui::SmallButton("pairs == brute force");
    ImGui::PopStyleColor();
  } else {
    ImGui::PushStyleColor(ImGuiCol_Button, toImVec4(palette::kHit.withAlpha(0.85f)));
    char text[96];
    std::snprintf(text, sizeof text, "pairs != brute force: %zu missing, %zu extra", bruteMissing_, bruteExtra_);
    ImGui::SmallButton(text);
    ImGui::PopStyleColor();
  }
  if (!ImGui::BeginTable("stats", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) return;
  auto row = [](const char* name, const char* format, auto value) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(name);
    ImGui::TableNextColumn();
    ImGui::Text(format, value);
  };
  row("objects", "%zu", objects);
  if (algorithm == Algorithm::Sap) {
    // The Collision detection notes' filtering: the sweep axis's list, then each further axis keeps fewer.
    char name[48];
    std::snprintf(name, sizeof name, "%s (%c)", counterName(Counter::SweepCandidates), kAxisNames[stats_.axisOrder[0]]);
    row(name, "%zu", stats_.candidatePairsPerAxis[0]);
    for (int k = 1; k < Dim; ++k) {
      std::snprintf(name, sizeof name, "... also on %c", kAxisNames[stats_.axisOrder[static_cast<std::size_t>(k)]]);
      row(name, "%zu", stats_.candidatePairsPerAxis[static_cast<std::size_t>(k)]);
    }
    row(counterName(Counter::Swaps), "%zu", stats_.swaps);
    if (stats_.resorted) row("swap budget spent", "%s", "merge sort");
  }
  if (algorithm == Algorithm::Grid) {
    row(counterName(Counter::CellsTouched), "%zu", stats_.cellsTouched);
    row(counterName(Counter::OccupiedCells), "%zu", stats_.occupiedCells);
    row("cell size", "%.3f", std::get<Grid>(broadPhase_).cellSize());
    row("oversize objects", "%zu", stats_.oversizeObjects);
  }
  if (algorithm == Algorithm::Bvh) {
    row(counterName(Counter::NodePairsVisited), "%zu", stats_.nodesVisited);
    row(counterName(Counter::LeavesReinserted), "%zu", stats_.reinsertions);
    row("tree height", "%d", std::get<Tree>(broadPhase_).height());
  }
  row(counterName(Counter::BoxTests), "%zu", stats_.boxTests);
  row(counterName(Counter::Pairs), "%zu", pairs_.size());
  row("update time", "%.1f us", updateMicroseconds_);
  ImGui::EndTable();
  // What the box tests are under this algorithm (one name for them in the CLI, here and the README): a sweep's bands
  // test fewer pairs than its candidates (sweep_and_prune.h), a tree's node pairs are fat-box tests too.
  const std::string_view name = kAlgorithmNames[static_cast<std::size_t>(algorithm)];
  const std::string meaning = counterMeaning(Counter::BoxTests, name, Dim > 1 ? kAxisNames[stats_.axisOrder[1]] : '\0');
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  textWrapped("Box tests: %s.", meaning.c_str());
  ImGui::PopStyleColor();
}

template <int Dim>
void BroadPhaseCore<Dim>::drawStepNarration(Algorithm algorithm, int step, const std::vector<Box>& boxes) const {
  ImGui::Spacing();
  ImGui::TextDisabled("STEP %d OF %d", step + 1, static_cast<int>(events_.steps.size()));
  if (replayChecked_ && !replayAgrees_)
    ImGui::TextColored(toImVec4(palette::kHit), "The replay of the recorded steps differs from the update (a bug).");
  if (algorithm != Algorithm::Sap) {
    textWrapped("%s", narrateEvent<Dim>({}, events_.steps, step, boxes).c_str());
    return;
  }
  const SweepReplayOf<Dim> replay = replayAt(step);
  narrationText(narrateEvent<Dim>(replay, events_.steps, step, boxes), toImVec4(palette::kAccent));
  ImGui::Text("Active list (%zu):", replay.active.size());
  textWrapped("%s", idList(replay.active).c_str());
  // The README's and the counters' word: these are candidates, not yet pairs (review s35 A14).
  ImGui::Text("Sweep-axis candidates (%zu):", replay.candidates.size());
  const int stage = replay.stagePairs != nullptr ? replay.stagePairs->stage : 0;
  if (ImGui::BeginListBox("##candidates", ImVec2(-1.0f, ImGui::GetTextLineHeightWithSpacing() * 6.2f))) {
    for (const ProxyPair& pair : replay.candidates) {
      const bool isNew = std::find(replay.made.begin(), replay.made.end(), pair) != replay.made.end();
      const std::string row = candidateRow<Dim>(pair, boxes, stats_.axisOrder, stage);
      const bool rejected = row.find("rejected") != std::string::npos;
      // Red as the boxes of a pair, grey as a rejected pair's dashed line; yellow: this event's.
      const Color color = isNew ? palette::kAccent : stage >= 1 ? (rejected ? palette::kTextDim : palette::kHit) : palette::kText;
      ImGui::TextColored(toImVec4(color), "%s", row.c_str());
    }
    ImGui::EndListBox();
  }
}

template <int Dim>
std::vector<ProxyPair> BroadPhaseCore<Dim>::pairsFoundBy(Algorithm algorithm, int step, const std::vector<Box>& boxes) const {
  if (events_.steps.empty() || algorithm == Algorithm::Brute) return pairs_;
  const int last = std::clamp(step, 0, static_cast<int>(events_.steps.size()) - 1);
  std::vector<ProxyPair> found;
  if (algorithm == Algorithm::Sap) {
    const SweepReplayOf<Dim> replay = replayAt(last);
    found = replay.stagePairs != nullptr ? replay.stagePairs->kept : replay.candidates;
  } else {
    const auto* tree = std::get_if<Tree>(&broadPhase_);
    for (int i = 0; i <= last; ++i) {
      const Event& event = events_.steps[static_cast<std::size_t>(i)];
      if (const auto* test = std::get_if<collide::GridTest<Dim>>(&event); test != nullptr && test->overlap) {
        found.push_back({std::min(test->a, test->b), std::max(test->a, test->b)});
      } else if (const auto* visit = std::get_if<collide::TreeVisit>(&event);
                 visit != nullptr && tree != nullptr && visit->overlap && visit->nodeA != visit->nodeB) {
        // Two leaves whose fat boxes overlap: the pair is reported when their own boxes do (aabb_tree.h's
        // self-query). The tree's nodes are as this update's query left them.
        const auto& nodes = tree->nodes();
        if (visit->nodeA < 0 || visit->nodeB < 0 || visit->nodeA >= static_cast<int>(nodes.size()) ||
            visit->nodeB >= static_cast<int>(nodes.size()))
          continue;
        const auto& a = nodes[static_cast<std::size_t>(visit->nodeA)];
        const auto& b = nodes[static_cast<std::size_t>(visit->nodeB)];
        if (!a.isLeaf() || !b.isLeaf() || a.proxy >= boxes.size() || b.proxy >= boxes.size()) continue;
        if (collide::overlaps(boxes[a.proxy], boxes[b.proxy]))
          found.push_back({std::min(a.proxy, b.proxy), std::max(a.proxy, b.proxy)});
      }
    }
  }
  std::sort(found.begin(), found.end());
  found.erase(std::unique(found.begin(), found.end()), found.end());
  return found;
}

template <int Dim>
std::vector<ProxyId> BroadPhaseCore<Dim>::stepProxies(Algorithm algorithm, int step) const {
  std::vector<ProxyId> ids;
  if (step < 0 || step >= static_cast<int>(events_.steps.size())) return ids;
  const Event& event = events_.steps[static_cast<std::size_t>(step)];
  if (const auto* swap = std::get_if<collide::SapSwap<double>>(&event)) {
    ids = {swap->moving.id, swap->passed.id};
  } else if (const auto* enter = std::get_if<collide::SapEnter<double>>(&event)) {
    ids.push_back(enter->id);
    if (algorithm == Algorithm::Sap)
      for (const ProxyPair& pair : replayAt(step).made) ids.insert(ids.end(), {pair.first, pair.second});
  } else if (const auto* leave = std::get_if<collide::SapLeave<double>>(&event)) {
    ids.push_back(leave->id);
  } else if (const auto* insert = std::get_if<collide::GridInsert<Dim>>(&event)) {
    ids.push_back(insert->id);
  } else if (const auto* oversize = std::get_if<collide::GridOversize>(&event)) {
    ids.push_back(oversize->id);
  } else if (const auto* test = std::get_if<collide::GridTest<Dim>>(&event)) {
    ids = {test->a, test->b};
  } else if (const auto* visit = std::get_if<collide::TreeVisit>(&event); visit != nullptr && std::holds_alternative<Tree>(broadPhase_)) {
    const auto& nodes = std::get<Tree>(broadPhase_).nodes();
    for (const int index : {visit->nodeA, visit->nodeB}) {
      if (index >= 0 && index < static_cast<int>(nodes.size()) && nodes[static_cast<std::size_t>(index)].isLeaf())
        ids.push_back(nodes[static_cast<std::size_t>(index)].proxy);
    }
  }
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  return ids;
}

template <int Dim>
std::vector<LegendRow> BroadPhaseCore<Dim>::pairLegendRows(Algorithm algorithm, int step, const char* noun,
                                                           bool namesShown) const {
  std::vector<LegendRow> rows;
  const std::string name(noun);
  if (events_.steps.empty()) {
    rows.push_back({LegendRow::Kind::Outline, palette::kShapeA, name + " in no pair this frame"});
    rows.push_back({LegendRow::Kind::Outline, palette::kHit, name + " in a pair this frame"});
    return rows;
  }
  rows.push_back({LegendRow::Kind::Outline, palette::kShapeA, name + " in no pair found at or before this step"});
  rows.push_back({LegendRow::Kind::Outline, palette::kHit, name + " in a pair found at or before this step"});
  if (namesShown) rows.push_back({LegendRow::Kind::Note, {}, "(a yellow name: the " + name + " this step is about)"});
  if (algorithm == Algorithm::Sap) {
    // What "found" is while sweep and prune is at work: a candidate overlaps on the axes tested so far only.
    const SweepReplayOf<Dim> replay = replayAt(step);
    if (replay.stagePairs == nullptr || replay.stagePairs->stage == 0) {
      rows.push_back({LegendRow::Kind::Note, {},
                      std::string("(while sweeping: a candidate pair, overlapping on ") + kAxisNames[replay.axis] +
                          " so far)"});
    } else {
      rows.push_back({LegendRow::Kind::Note, {},
                      std::string("(after the sweep: a candidate pair the ") + kAxisNames[replay.stagePairs->axis] +
                          " test keeps)"});
    }
  }
  return rows;
}

template class BroadPhaseCore<2>;
template class BroadPhaseCore<3>;

template SweepReplayOf<2> replaySweep<2>(const std::vector<collide::BroadPhaseEvent<double, 2>>&, int, int,
                                         std::vector<collide::SapEndpointInfo<double>>);
template SweepReplayOf<3> replaySweep<3>(const std::vector<collide::BroadPhaseEvent<double, 3>>&, int, int,
                                         std::vector<collide::SapEndpointInfo<double>>);
template std::string narrateEvent<2>(const SweepReplayOf<2>&, const std::vector<collide::BroadPhaseEvent<double, 2>>&, int,
                                     const std::vector<collide::Bounds<double, 2>>&);
template std::string candidateRow<2>(ProxyPair, const std::vector<collide::Bounds<double, 2>>&, const std::array<int, 2>&, int);
template std::string candidateRow<3>(ProxyPair, const std::vector<collide::Bounds<double, 3>>&, const std::array<int, 3>&, int);
template std::string narrateEvent<3>(const SweepReplayOf<3>&, const std::vector<collide::BroadPhaseEvent<double, 3>>&, int,
                                     const std::vector<collide::Bounds<double, 3>>&);

SweepReplay BroadPhaseLab::currentReplay() const { return replayAt(step_); }

// The objects are coloured by the pairs found at or before the timeline's step (broad_phase_core.h).
std::vector<ProxyPair> BroadPhaseLab::pairsAtStep() const { return pairsFoundBy(algorithm_, step_, currentBoxes()); }

// [SECTION] Objects

void BroadPhaseLab::draw(const DrawContext& context) {
  Renderer2D& renderer = *context.planar;
  const Clock::time_point start = Clock::now();
  const double cpuStart = threadCpuMicroseconds();
  const WorldBounds visible = renderer.camera().visibleBounds();
  // The walls.
  const Vec2d walls[] = {{0, 0}, {worldSize_.x, 0}, worldSize_, {0, worldSize_.y}};
  renderer.polyline(walls, true, palette::kTextDim.withAlpha(0.6f), {1.0f, 6.0f, 4.0f});
  if (floorWindowed()) {
    char text[96];
    std::snprintf(text, sizeof text, "the floor goes on to x = %.0f: wheel out, or VIEW > Whole floor", worldSize_.x);
    renderer.label({kFloorWindow, worldSize_.y}, text, palette::kTextDim, {-8, -40});
  }
  if (algorithm_ == Algorithm::Grid && draw_.showGrid) drawGridCells(renderer, visible);
  if (algorithm_ == Algorithm::Bvh && draw_.showTree) drawTree(renderer, visible);
  // The tree's labels: the step's nodes first (placed before the scene's names), then the depths.
  for (const bool step : {true, false}) {
    renderer.setLabelPriority(step ? kLabelPriorityStep : kLabelPriorityScene);
    for (const TreeLabel& label : treeLabels()) {
      if ((label.corner == TreeLabel::Corner::InsideTopRight) != step) continue;
      const double width = ImGui::CalcTextSize(label.text.c_str()).x + kLabelPadding.x;
      const Vec2d offset = label.corner == TreeLabel::Corner::AboveTopLeft       ? Vec2d{2, -18}
                           : label.corner == TreeLabel::Corner::InsideBottomLeft ? Vec2d{3, -20}
                                                                                 : Vec2d{-width - 3, 3};
      renderer.label(label.at, label.text, label.color, offset);
    }
  }
  renderer.setLabelPriority(kLabelPriorityScene);
  drawObjects(renderer, visible);
  if (stepping()) {
    if (algorithm_ == Algorithm::Sap) {
      drawSweep(renderer);
    } else {
      drawOtherEvent(renderer);
    }
  }
  drawCpuMicroseconds_ = threadCpuMicroseconds() - cpuStart;
  drawMicroseconds_ = microsecondsSince(start);
}

// Fills first, then outlines, then points: one batched run each (Renderer2D batches runs of the same kind).
void BroadPhaseLab::drawObjects(Renderer2D& renderer, const WorldBounds& visible) const {
  const std::size_t count = objects_.size();
  const double pixel = renderer.camera().pixelsToWorld(1);
  const bool fill = count <= kFillLimit;
  const bool outline = count <= kOutlineLimit;
  // Coloured by the pairs known at the timeline's step, not by the end of the frame.
  const std::vector<ProxyPair> pairs = pairsAtStep();
  std::vector<std::uint8_t> inPair(objectOfProxy_.size(), 0);
  for (const ProxyPair& pair : pairs) {
    if (pair.first < inPair.size()) inPair[pair.first] = 1;
    if (pair.second < inPair.size()) inPair[pair.second] = 1;
  }
  auto colorOf = [&](const MovingObject& object) {
    return object.proxy < inPair.size() && inPair[object.proxy] ? palette::kHit : palette::kShapeA;
  };
  auto tiny = [&](const MovingObject& object) {
    return std::max(object.halfExtents.x, object.halfExtents.y) < 1.5 * pixel;
  };
  Vec2d corners[4];
  if (fill) {
    for (const MovingObject& object : objects_) {
      const Box box = object.box();
      if (object.circle || !visibleBox(box, visible) || tiny(object)) continue;
      boxCorners(box, corners);
      renderer.convexPolygon(corners, colorOf(object).withAlpha(0.22f));
    }
  }
  if (draw_.showPairs && count <= kFillLimit) {
    // The overlap of each pair's boxes: where the broad phase says "maybe" (a candidate of the sweep that the other
    // axis will reject has none yet).
    for (const ProxyPair& pair : pairs) {
      const int a = pair.first < objectOfProxy_.size() ? objectOfProxy_[pair.first] : -1;
      const int b = pair.second < objectOfProxy_.size() ? objectOfProxy_[pair.second] : -1;
      if (a < 0 || b < 0) continue;
      const Box boxA = objects_[static_cast<std::size_t>(a)].box();
      const Box boxB = objects_[static_cast<std::size_t>(b)].box();
      if (!collide::overlaps(boxA, boxB)) continue;
      const Box overlap{{std::max(boxA.min[0], boxB.min[0]), std::max(boxA.min[1], boxB.min[1])},
                        {std::min(boxA.max[0], boxB.max[0]), std::min(boxA.max[1], boxB.max[1])}};
      boxCorners(overlap, corners);
      renderer.convexPolygon(corners, palette::kHit.withAlpha(0.7f));
    }
  }
  if (outline) {
    for (const MovingObject& object : objects_) {
      const Box box = object.box();
      if (!visibleBox(box, visible) || tiny(object)) continue;
      const Color color = colorOf(object);
      if (!object.circle) {
        boxCorners(box, corners);
        renderer.polyline(corners, true, color, {fill ? 1.5f : 1.0f});
      }
    }
    for (const MovingObject& object : objects_) {
      const Box box = object.box();
      if (!object.circle || !visibleBox(box, visible) || tiny(object)) continue;
      const Color color = colorOf(object);
      renderer.circle(object.centre, object.halfExtents.x, fill ? color.withAlpha(0.22f) : Color{0, 0, 0, 0}, color,
                      fill ? 1.5f : 1.0f);
    }
    if (fill) {
      // A circle's box is what the broad phase sees.
      for (const MovingObject& object : objects_) {
        if (!object.circle || !visibleBox(object.box(), visible) || tiny(object)) continue;
        boxCorners(object.box(), corners);
        renderer.polyline(corners, true, colorOf(object).withAlpha(0.45f), {1.0f, 4.0f, 3.0f});
      }
    }
  }
  // Points: every object when there are too many to outline, and the ones smaller than a pixel or two. Solid
  // squares of at least 1.5 pixels through the plain fill shader: a software rasteriser (llvmpipe) fills 100,000
  // of these several times faster than as many anti-aliased discs.
  const double dot = 0.75 * pixel;
  for (const MovingObject& object : objects_) {
    if (outline && !tiny(object)) continue;
    const Box box = object.box();
    if (!visibleBox(box, visible)) continue;
    const double hx = std::max(object.halfExtents.x, dot);
    const double hy = std::max(object.halfExtents.y, dot);
    const Vec2d square[4] = {{object.centre.x - hx, object.centre.y - hy}, {object.centre.x + hx, object.centre.y - hy},
                             {object.centre.x + hx, object.centre.y + hy}, {object.centre.x - hx, object.centre.y + hy}};
    renderer.convexPolygon(square, colorOf(object));
  }
  if (selected_ >= 0 && selected_ < static_cast<int>(objects_.size())) {
    boxCorners(objects_[static_cast<std::size_t>(selected_)].box(), corners);
    renderer.polyline(corners, true, palette::kSelection, {2.5f});
  }
  if (draw_.showLabels && count <= kTraceLimit) {
    // The step's objects first (placed before the others, in yellow: this step's), then the rest.
    const std::vector<ProxyId> named = stepping() ? stepProxies(algorithm_, step_) : std::vector<ProxyId>{};
    const Camera& camera = renderer.camera();
    for (const bool step : {true, false}) {
      renderer.setLabelPriority(step ? kLabelPriorityStep : kLabelPriorityScene);
      for (const MovingObject& object : objects_) {
        if (std::binary_search(named.begin(), named.end(), object.proxy) != step) continue;
        const Box box = object.box();
        char text[16];
        std::snprintf(text, sizeof text, "#%u", object.proxy);
        const ImVec2 size = ImGui::CalcTextSize(text);
        const LabelRequest request = objectLabelRequest(camera.worldToScreen({box.min[0], box.max[1]}),
                                                        camera.worldToScreen({box.max[0], box.min[1]}),
                                                        Vec2d{size.x, size.y} + kLabelPadding);
        renderer.label(object.centre, text, step ? palette::kAccent : palette::kText.withAlpha(0.85f), request.offset);
      }
    }
    renderer.setLabelPriority(kLabelPriorityScene);
  }
}

// [SECTION] Grid and tree

// The cells in use, shaded by how many objects each holds (counted here from the boxes and the grid's cell size).
void BroadPhaseLab::drawGridCells(Renderer2D& renderer, const WorldBounds& visible) const {
  const double cell = std::get<Grid>(broadPhase_).cellSize();
  if (!(cell > 0)) return;
  const double cellPixels = renderer.camera().worldToPixels(cell);
  if (cellPixels < 2) return;
  // The cells the boxes went into at the last update (the grid's own mapping; oversize boxes go into none),
  // more opaque (on the dark background: lighter) the more boxes share one.
  Vec2d corners[4];
  for (const auto& occupied : std::get<Grid>(broadPhase_).occupiedCells()) {
    const Box box = gridCellBox(occupied.cell);
    if (!visibleBox(box, visible)) continue;
    boxCorners(box, corners);
    const float shade = 0.12f + 0.12f * static_cast<float>(occupied.proxies - 1);
    renderer.convexPolygon(corners, palette::kMinkowski.withAlpha(std::min(shade, 0.6f)));
  }
  if (cellPixels >= 6) {
    // The grid lines over the visible part of the world.
    const double x0 = std::max(0.0, std::floor(visible.min.x / cell) * cell);
    const double x1 = std::min(worldSize_.x, visible.max.x);
    const double y0 = std::max(0.0, std::floor(visible.min.y / cell) * cell);
    const double y1 = std::min(worldSize_.y, visible.max.y);
    const Color line = palette::kMinkowski.withAlpha(0.35f);
    for (double x = x0; x <= x1; x += cell) renderer.line({x, std::max(0.0, visible.min.y)}, {x, y1}, line, {1.0f});
    for (double y = y0; y <= y1; y += cell) renderer.line({std::max(0.0, visible.min.x), y}, {x1, y}, line, {1.0f});
  }
  if (objects_.size() <= kFillLimit) {
    char text[64];
    std::snprintf(text, sizeof text, "cell size %s", formatNumber(cell).c_str());
    renderer.label({0, worldSize_.y}, text, palette::kMinkowski, {0, -20});
  }
}

// Internal nodes down to the depth slider, coloured by depth; the slider's depth filled.
void BroadPhaseLab::drawTree(Renderer2D& renderer, const WorldBounds& visible) const {
  const Tree& tree = std::get<Tree>(broadPhase_);
  if (tree.root() < 0) return;
  const auto& nodes = tree.nodes();
  std::vector<std::pair<int, int>> stack{{tree.root(), 0}};
  Vec2d corners[4];
  std::vector<std::pair<int, int>> outlines;
  while (!stack.empty()) {
    const auto [index, depth] = stack.back();
    stack.pop_back();
    const auto& node = nodes[static_cast<std::size_t>(index)];
    if (!visibleBox(node.box, visible)) continue;
    const Color color = treeDepthColor(static_cast<int>(depth));
    if (node.isLeaf()) {
      if (objects_.size() <= kFillLimit && depth <= draw_.treeDepth + 1) {
        boxCorners(node.box, corners);
        renderer.polyline(corners, true, color.withAlpha(0.5f), {1.0f, 3.0f, 3.0f});  // the fat box
      }
      continue;
    }
    if (depth == draw_.treeDepth) {
      boxCorners(node.box, corners);
      renderer.convexPolygon(corners, color.withAlpha(0.12f));
    }
    outlines.emplace_back(index, depth);
    if (depth < draw_.treeDepth) {
      stack.emplace_back(node.child1, depth + 1);
      stack.emplace_back(node.child2, depth + 1);
    }
  }
  for (const auto& [index, depth] : outlines) {
    boxCorners(nodes[static_cast<std::size_t>(index)].box, corners);
    const Color color = treeDepthColor(static_cast<int>(depth));
    renderer.polyline(corners, true, color.withAlpha(depth == draw_.treeDepth ? 1.0f : 0.7f),
                      {depth == 0 ? 2.5f : 1.5f});
  }
}

std::vector<TreeLabel> BroadPhaseLab::treeLabels() const {
  std::vector<TreeLabel> labels;
  if (algorithm_ != Algorithm::Bvh || objects_.size() > kFillLimit) return labels;
  const Tree& tree = std::get<Tree>(broadPhase_);
  const auto& nodes = tree.nodes();
  if (draw_.showTree && tree.root() >= 0) {
    const auto& root = nodes[static_cast<std::size_t>(tree.root())];
    labels.push_back({TreeLabel::Corner::AboveTopLeft, {root.box.min[0], root.box.max[1]}, "depth 0", treeDepthColor(0)});
    if (!root.isLeaf() && draw_.treeDepth >= 1) {
      for (const int child : {root.child1, root.child2}) {
        const auto& node = nodes[static_cast<std::size_t>(child)];
        if (node.isLeaf()) continue;  // a leaf's fat box is dashed, not a depth's box
        labels.push_back({TreeLabel::Corner::InsideBottomLeft, {node.box.min[0], node.box.min[1]}, "depth 1",
                          treeDepthColor(1)});
      }
    }
  }
  if (step_ >= 0 && step_ < stepCount()) {
    if (const auto* visit = std::get_if<collide::TreeVisit>(&events_.steps[static_cast<std::size_t>(step_)])) {
      const Color color = visit->overlap ? palette::kAccent : palette::kTextDim;
      const std::vector<int> named = visit->nodeA == visit->nodeB ? std::vector<int>{visit->nodeA}
                                                                  : std::vector<int>{visit->nodeA, visit->nodeB};
      for (const int index : named) {
        if (index < 0 || index >= static_cast<int>(nodes.size())) continue;
        const auto& box = nodes[static_cast<std::size_t>(index)].box;
        labels.push_back({TreeLabel::Corner::InsideTopRight, {box.max[0], box.max[1]}, "node " + std::to_string(index),
                          color});
      }
    }
  }
  return labels;
}

// [SECTION] The stepped update

// Sweep and prune at the current event. Under the scene (x sweeps) or left of it (y sweeps): the axis with each
// endpoint as a tick (min: green, flag toward +axis; max: orange, flag back), and below it the endpoint array
// slot by slot, each slot wired to its tick: crossing wires are the inversions the insertion sort removes.
void BroadPhaseLab::drawSweep(Renderer2D& renderer) const {
  const SweepReplay replay = currentReplay();
  const std::vector<Box> boxes = currentBoxes();
  const int axis = replay.axis;
  const double length = axis == 0 ? worldSize_.x : worldSize_.y;
  const double across = axis == 0 ? worldSize_.y : worldSize_.x;
  const double side = std::max(worldSize_.x, worldSize_.y);
  const double tickBase = -0.06 * side;
  const double stripBase = -0.16 * side;
  auto at = [axis](double along, double offset) { return axis == 0 ? Vec2d{along, offset} : Vec2d{offset, along}; };
  const double tick = renderer.camera().pixelsToWorld(9);
  const std::string axisName(1, kAxisNames[axis]);

  // Candidate pairs found so far: red lines between centres, as their boxes are red; once another axis filters
  // them, the rejected ones grey and dashed. The current event's new pairs thick yellow (this event's colour).
  if (replay.stagePairs != nullptr) {
    for (const ProxyPair& pair : replay.stagePairs->kept) {
      renderer.line(boxCentre(boxes[pair.first]), boxCentre(boxes[pair.second]), palette::kHit, {2.0f});
    }
    for (const ProxyPair& pair : replay.stagePairs->rejected) {
      renderer.dashedLine(boxCentre(boxes[pair.first]), boxCentre(boxes[pair.second]), palette::kTextDim, 2.0f, 6.0f,
                          4.0f);
    }
  } else {
    for (const ProxyPair& pair : replay.candidates) {
      renderer.line(boxCentre(boxes[pair.first]), boxCentre(boxes[pair.second]), palette::kHit.withAlpha(0.7f), {1.5f});
    }
    for (const ProxyPair& pair : replay.made) {
      renderer.line(boxCentre(boxes[pair.first]), boxCentre(boxes[pair.second]), palette::kAccent, {2.5f});
    }
  }
  Vec2d corners[4];
  // The two objects whose endpoints the current swap exchanges.
  if (replay.swapSlot >= 0) {
    for (const int slot : {replay.swapSlot, replay.swapSlot + 1}) {
      const ProxyId id = replay.order[static_cast<std::size_t>(slot)].id;
      if (id >= boxes.size()) continue;
      boxCorners(boxes[id], corners);
      renderer.polyline(corners, true, palette::kAccent, {3.0f});
    }
  }
  // The active list: boxes outlined in purple, their interval on the axis as a band under the scene.
  for (const ProxyId id : replay.active) {
    boxCorners(boxes[id], corners);
    renderer.polyline(corners, true, palette::kMinkowski, {3.0f});
    renderer.line(at(boxes[id].min[axis], tickBase + 0.5 * tick), at(boxes[id].max[axis], tickBase + 0.5 * tick),
                  palette::kMinkowski.withAlpha(0.6f), {4.0f});
  }

  // The axis and its ticks.
  renderer.line(at(0, tickBase), at(length, tickBase), palette::kTextDim, {1.5f});
  renderer.label(at(length, tickBase), axisName + " endpoints", palette::kTextDim, {8, -8});
  const collide::SapEndpointInfo<double>* currentEndpoint = nullptr;
  if (replay.current != nullptr) {
    if (const auto* enter = std::get_if<collide::SapEnter<double>>(replay.current)) {
      currentEndpoint = &replay.order[std::min(enter->position, replay.order.size() - 1)];
    } else if (const auto* leave = std::get_if<collide::SapLeave<double>>(replay.current)) {
      currentEndpoint = &replay.order[std::min(leave->position, replay.order.size() - 1)];
    }
  }
  const std::size_t slots = replay.order.size();
  const double slotWidth = length / static_cast<double>(std::max<std::size_t>(slots, 1));
  const bool slotLabels = renderer.camera().worldToPixels(slotWidth) >= 16;
  for (std::size_t slot = 0; slot < slots; ++slot) {
    const auto& endpoint = replay.order[slot];
    const bool swapped = replay.swapSlot >= 0 && (static_cast<int>(slot) == replay.swapSlot ||
                                                  static_cast<int>(slot) == replay.swapSlot + 1);
    const bool isCurrent = currentEndpoint == &endpoint;
    const Color color = swapped || isCurrent ? palette::kAccent : endpoint.isMax ? palette::kShapeB : palette::kSeparated;
    const double value = endpoint.value;
    const double slotCentre = (static_cast<double>(slot) + 0.5) * slotWidth;
    // The tick: a stem across the axis and a flag pointing into the interval.
    const double flag = endpoint.isMax ? -tick : tick;
    renderer.line(at(value, tickBase - tick), at(value, tickBase + tick), color, {swapped || isCurrent ? 3.0f : 2.0f});
    renderer.triangle(at(value, tickBase + tick), at(value, tickBase + 0.2 * tick), at(value + flag, tickBase + 0.6 * tick),
                      color);
    // The wire from the tick to the endpoint's slot in the array.
    renderer.line(at(value, tickBase - tick), at(slotCentre, stripBase + tick), color.withAlpha(swapped ? 1.0f : 0.45f),
                  {swapped ? 2.5f : 1.0f});
    const Vec2d slotCorners[4] = {at(slotCentre - 0.4 * slotWidth, stripBase - tick),
                                  at(slotCentre + 0.4 * slotWidth, stripBase - tick),
                                  at(slotCentre + 0.4 * slotWidth, stripBase + tick),
                                  at(slotCentre - 0.4 * slotWidth, stripBase + tick)};
    renderer.convexPolygon(slotCorners, color.withAlpha(swapped || isCurrent ? 0.9f : 0.5f));
    if (slotLabels) {
      renderer.label(at(slotCentre - 0.4 * slotWidth, stripBase - tick),
                     std::to_string(endpoint.id), palette::kText, axis == 0 ? Vec2d{0, 2} : Vec2d{-22, -6});
    }
  }
  renderer.label(at(0, stripBase - 2.5 * tick), "endpoint array, slot by slot (crossing wires = inversions)",
                 palette::kTextDim, {0, 0});
  // The sweep line at the current endpoint.
  if (replay.sweepValue && replay.stagePairs == nullptr) {
    renderer.line(at(*replay.sweepValue, tickBase - tick), at(*replay.sweepValue, across), palette::kAccent, {2.0f});
    renderer.label(at(*replay.sweepValue, across), "sweep " + axisName + " = " + formatNumber(*replay.sweepValue),
                   palette::kAccent, {6, -18});
  }
}

// Grid and tree stepping: the cell an object goes into, or the two nodes the self-query tests.
void BroadPhaseLab::drawOtherEvent(Renderer2D& renderer) const {
  if (step_ < 0 || step_ >= stepCount()) return;
  const Event& event = events_.steps[static_cast<std::size_t>(step_)];
  const std::vector<Box> boxes = currentBoxes();
  Vec2d corners[4];
  if (const auto* insert = std::get_if<collide::GridInsert<2>>(&event)) {
    boxCorners(gridCellBox(insert->cell), corners);
    renderer.convexPolygon(corners, palette::kAccent.withAlpha(0.3f));
    renderer.polyline(corners, true, palette::kAccent, {2.5f});
    if (insert->id < boxes.size()) {
      boxCorners(boxes[insert->id], corners);
      renderer.polyline(corners, true, palette::kAccent, {3.0f});
    }
  } else if (const auto* oversize = std::get_if<collide::GridOversize>(&event)) {
    if (oversize->id < boxes.size()) {
      boxCorners(boxes[oversize->id], corners);
      renderer.polyline(corners, true, palette::kAccent, {3.0f});  // this step's object: red is "in a pair"
    }
  } else if (const auto* test = std::get_if<collide::GridTest<2>>(&event)) {
    // The cell that tests the pair, and the two boxes: yellow when they overlap, grey when apart (as the tree's
    // node pairs).
    const Color color = test->overlap ? palette::kAccent : palette::kTextDim;
    if (!test->oversize) {
      boxCorners(gridCellBox(test->cell), corners);
      renderer.convexPolygon(corners, palette::kAccent.withAlpha(0.3f));
      renderer.polyline(corners, true, palette::kAccent, {2.5f});
    }
    for (const ProxyId id : {test->a, test->b}) {
      if (id >= boxes.size()) continue;
      boxCorners(boxes[id], corners);
      renderer.polyline(corners, true, color, {3.0f});
    }
  } else if (const auto* visit = std::get_if<collide::TreeVisit>(&event)) {
    const auto& nodes = std::get<Tree>(broadPhase_).nodes();
    for (const int index : {visit->nodeA, visit->nodeB}) {
      if (index < 0 || index >= static_cast<int>(nodes.size())) continue;
      boxCorners(nodes[static_cast<std::size_t>(index)].box, corners);
      // Grey when pruned, as the mid-phase labs draw a pruned pair: red is "in a pair" in this lab's legend.
      renderer.polyline(corners, true, visit->overlap ? palette::kAccent : palette::kTextDim, {3.0f});
    }
  }
}

}  // namespace lab::broadphase
