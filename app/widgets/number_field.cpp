// app/widgets/number_field.cpp: the one number field of every lab's panel, and its policy for typed numbers.
//
// [SECTION] The policy: reading a committed text
// [SECTION] The field: drag, type, commit, refuse at the field
#include "widgets/number_field.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include <imgui.h>
#include <imgui_internal.h>  // TempInputText: the typed box over a drag field, as DragScalar opens its own

#include "labs/format.h"
#include "collide/shapes.h"
#include "platform/theme.h"
#include "widgets/wrapped_text.h"

namespace lab {

// [SECTION] The policy: reading a committed text

NumberRange coordinateRange() {
  return {-collide::kMaxCoordinate<double>, collide::kMaxCoordinate<double>, false};
}

NumberRange sizeRange(bool positive) {
  return {0.0, collide::kMaxCoordinate<double>, positive};
}


namespace {

// 1e18 rather than 1000000000000000000: the limits as people write them.
std::string rangeNumber(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.6g", value);
  std::string words = text;
  const std::size_t e = words.find("e+");
  if (e != std::string::npos) {
    std::string exponent = words.substr(e + 2);
    exponent.erase(0, std::min(exponent.find_first_not_of('0'), exponent.size() - 1));
    words = words.substr(0, e) + "e" + exponent;
  }
  return words;
}

}  // namespace

std::string describeRange(const NumberRange& range) {
  return (range.lowOpen ? "> " : "") + rangeNumber(range.low) + " to " + rangeNumber(range.high);
}

TypedNumber readTypedNumber(std::string_view field, std::string_view typed, const NumberRange& range, double kept) {
  const std::string keptWords = "; kept " + exactNumber(kept);
  const auto refuse = [&](const std::string& why) { return TypedNumber{std::nullopt, std::string(field) + ": " + why + keptWords}; };
  std::string_view text = typed;
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
  if (text.empty()) return refuse("nothing was typed, a number " + describeRange(range) + " was expected");
  std::string_view digits = text;
  if (digits.front() == '+') digits.remove_prefix(1);  // from_chars takes "-" but not "+"
  double value = 0;
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  const std::string quoted(text);
  if (end != digits.data() + digits.size() || digits.empty() || (error != std::errc() && error != std::errc::result_out_of_range))
    return refuse(quoted + " is not a number");
  if (error == std::errc::result_out_of_range) {
    // from_chars leaves value alone: strtod says which way (infinity, or a number too small for a double, 0).
    value = std::strtod(std::string(digits).c_str(), nullptr);
  }
  if (std::isnan(value)) return refuse(quoted + " is not a number");
  const bool below = range.lowOpen ? !(value > range.low) : !(value >= range.low);
  if (below || !(value <= range.high)) return refuse(quoted + " is outside the accepted range, " + describeRange(range));
  return {value, {}};
}

NumberCheck lengthAtMost(double limit, std::string_view what) {
  return [limit, what = std::string(what)](std::span<const double> candidate, int) -> std::string {
    double largest = 0;  // scaled by the largest number first: the squares of 1e18 overflow nothing, of 1e200 they do
    for (const double number : candidate) largest = std::max(largest, std::abs(number));
    if (largest == 0) return {};
    double squares = 0;
    for (const double number : candidate) squares += (number / largest) * (number / largest);
    const double length = largest * std::sqrt(squares);
    if (length <= limit) return {};
    char words[64];
    std::snprintf(words, sizeof words, "%.6g", length);
    return "makes " + what + "'s length " + words + ", beyond " + rangeNumber(limit);
  };
}

NumberFieldOptions velocityOptions() {
  NumberFieldOptions options;
  options.check = lengthAtMost(collide::kMaxCoordinate<double>, "the velocity");
  return options;
}

NumberFieldOptions turnOptions() {
  NumberFieldOptions options;
  options.speed = 0.5;
  options.roundDrags = false;
  return options;
}

// [SECTION] The field: drag, type, commit, refuse at the field

namespace {

// The number being typed: one at a time (ImGui has one active item). Its text is the field's own buffer, read only
// when the typing ends.
struct Typing {
  ImGuiID id = 0;
  char text[128] = {};
  int frame = -1;  // the last frame its box was drawn in
};
Typing typing;

// The refusal shown, one at a time, under the field whose id it carries. It goes when that field changes, when
// another refusal replaces it, or when the field was not drawn in the frame before (another lab, a folded section).
struct Refusal {
  ImGuiID field = 0;
  std::string text;
  int frame = -1;         // the last frame it was drawn in
  bool inView = false;    // scrolled into view once; afterwards the user's scrolling is left alone
  ScreenRect rect, fieldRect;
  std::vector<double> kept;  // the field's numbers it says were kept: another scene, an undo or a drag in the view
                             // changes them, and the "kept" it says is no longer true
};
Refusal refusal;

std::string visibleLabel(const char* label) {
  return std::string(label, ImGui::FindRenderedTextEnd(label));
}

// "Position x" for a field of several numbers, "Half width" for one.
std::string numberName(const char* label, int index, int count) {
  std::string name = visibleLabel(label);
  if (count > 1) name += std::string(" ") + "xyz"[index];
  return name;
}

// `value` with as many significant digits (6 at most) as fit `width` pixels, its exponent written short ("-1.23e5",
// not "-1.23e+05": at 200 % a box of a 3D position holds about six characters).
std::string fittedText(double value, float width) {
  std::string text;
  for (int digits = 6; digits >= 1; --digits) {
    char printed[40];
    std::snprintf(printed, sizeof printed, "%.*g", digits, value);
    text = printed;
    if (const std::size_t e = text.find('e'); e != std::string::npos) {
      std::string exponent = text.substr(e + 1);
      const bool negative = exponent[0] == '-';
      exponent.erase(0, exponent.find_first_not_of("+-0"));
      text = text.substr(0, e) + "e" + (negative ? "-" : "") + (exponent.empty() ? "0" : exponent);
    }
    if (ImGui::CalcTextSize(text.c_str()).x <= width) break;
  }
  return text;
}

double roundedToTenDigits(double value) {
  char text[40];
  std::snprintf(text, sizeof text, "%.10g", value);
  return std::strtod(text, nullptr);
}

}  // namespace

bool numberField(const char* label, std::span<double> values, const NumberFieldOptions& options) {
  ImGuiWindow* window = ImGui::GetCurrentWindow();
  if (window->SkipItems) return false;
  ImGuiContext& g = *GImGui;
  const ImGuiStyle& style = ImGui::GetStyle();
  const int count = static_cast<int>(values.size());
  const NumberRange& range = options.range;
  // An open range's low cannot be reached by a drag: it stops a millionth above (1e-6, the old clamp of a size).
  const double dragLow = options.dragLow.value_or(range.lowOpen ? range.low + 1e-6 : range.low);
  bool changed = false;
  std::string refused;  // this frame's refusal, if any
  if (options.rects) options.rects->clear();

  ImGui::BeginGroup();
  ImGui::PushID(label);
  const ImGuiID fieldId = ImGui::GetID("##field");
  ImGui::PushMultiItemsWidths(count, ImGui::CalcItemWidth());
  for (int i = 0; i < count; ++i) {
    ImGui::PushID(i);
    if (i > 0) ImGui::SameLine(0, style.ItemInnerSpacing.x);
    const ImGuiID id = window->GetID("");  // DragScalar's id for the label "", and the typed box's
    const float width = ImGui::CalcItemWidth();
    double& value = values[static_cast<std::size_t>(i)];
    std::string typed;
    bool committed = false;
    // A box not drawn in the frame before (its section folded by the click that ended the typing) never saw that
    // click: its text is dropped, not applied later when the section opens again.
    if (typing.id == id && typing.frame < g.FrameCount - 1) typing.id = 0;
    if (typing.id == id && ImGui::TempInputIsActive(id)) {
      typing.frame = g.FrameCount;
      // Typing: the box stands where the drag field was, holding what was typed so far; nothing applies yet.
      const ImVec2 at = window->DC.CursorPos;
      const ImRect box(at, ImVec2(at.x + width, at.y + ImGui::GetFrameHeight()));
      ImGui::ItemSize(box, style.FramePadding.y);
      ImGui::ItemAdd(box, id, &box);
      ImGui::TempInputText(box, id, "", typing.text, sizeof typing.text, ImGuiInputTextFlags_None);
    } else {
      // The text shown, passed as the format: a number has no '%', and NoRoundToFormat keeps ImGui from reading it.
      const std::string shownText = fittedText(value, width - 2.0f * style.FramePadding.x);
      const char* format = shownText.c_str();
      double dragged = value;
      const double high = range.high;
      const bool moved = ImGui::DragScalar("", ImGuiDataType_Double, &dragged, static_cast<float>(options.speed), &dragLow,
                                           &high, format, ImGuiSliderFlags_NoInput | ImGuiSliderFlags_NoRoundToFormat);
      const bool typeIt = (ImGui::IsItemActive() && ((g.IO.MouseClicked[0] && g.IO.KeyCtrl) || g.IO.MouseDoubleClicked[0])) ||
                          g.NavActivateInputId == id;
      if (typeIt) {
        // Opened in the frame of the click that asks for it, as DragScalar opens its own: the click activates it.
        typing.id = id;
        typing.frame = g.FrameCount;
        const std::string whole = exactNumber(value);
        std::snprintf(typing.text, sizeof typing.text, "%s", whole.c_str());
        const ImRect box(ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
        ImGui::TempInputText(box, id, "", typing.text, sizeof typing.text, ImGuiInputTextFlags_AutoSelectAll);
      } else if (moved) {
        typed = exactNumber(options.roundDrags ? roundedToTenDigits(dragged) : dragged);
        committed = true;
      } else if (ImGui::IsItemHovered() && !ImGui::IsItemActive()) {
        const std::string whole = numberName(label, i, count) + " = " + exactNumber(value) +
                                  " (double-click or Ctrl+click to type a value; Enter applies it)";
        if (options.tip) ImGui::SetTooltip("%s\n%s", whole.c_str(), options.tip);
        else ImGui::SetTooltip("%s", whole.c_str());
      }
    }
    if (options.rects) {
      const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
      options.rects->push_back({min.x, min.y, max.x - min.x, max.y - min.y});
    }
    if (typing.id == id && !ImGui::TempInputIsActive(id)) {
      // The typing ended: Enter, a click elsewhere, Tab, or Escape (which put the old text back).
      typed = typing.text;
      typing.id = 0;
      committed = true;
    }
    if (committed) {
      const std::string name = numberName(label, i, count);
      const TypedNumber read = readTypedNumber(name, typed, range, value);
      if (!read.value) {
        refused = read.refusal;
      } else if (*read.value != value) {
        std::vector<double> candidate(values.begin(), values.end());
        candidate[static_cast<std::size_t>(i)] = *read.value;
        const std::string why = options.check ? options.check(candidate, i) : std::string();
        if (!why.empty()) {
          refused = name + ": " + typed + " " + why + "; kept " + exactNumber(value);
        } else {
          value = *read.value;
          changed = true;
          if (refusal.field == fieldId) refusal = {};
        }
      } else if (refusal.field == fieldId) {
        refusal = {};  // the same value again (Escape): the refusal was read
      }
    }
    ImGui::PopID();
    ImGui::PopItemWidth();
  }
  ImGui::PopID();
  const std::string shown = visibleLabel(label);
  if (!shown.empty()) {
    ImGui::SameLine(0, style.ItemInnerSpacing.x);
    ImGui::TextUnformatted(shown.c_str());
  }
  ImGui::EndGroup();
  const ImVec2 fieldMin = ImGui::GetItemRectMin(), fieldMax = ImGui::GetItemRectMax();

  if (!refused.empty()) refusal = {fieldId, refused, g.FrameCount, false, {}, {}, {values.begin(), values.end()}};
  if (refusal.field == fieldId) {
    if ((refusal.frame != g.FrameCount - 1 && refusal.frame != g.FrameCount) || !std::equal(values.begin(), values.end(), refusal.kept.begin(), refusal.kept.end())) {
      refusal = {};  // not drawn in the frame before (the field left the panel), or its numbers changed since
    } else {
      ImGui::PushStyleColor(ImGuiCol_Text, toImVec4(palette::kErrorText));
      textWrapped("%s", refusal.text.c_str());
      ImGui::PopStyleColor();
      const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
      refusal.frame = g.FrameCount;
      refusal.rect = {min.x, min.y, max.x - min.x, max.y - min.y};
      refusal.fieldRect = {fieldMin.x, fieldMin.y, fieldMax.x - fieldMin.x, fieldMax.y - fieldMin.y};
      if (!refusal.inView) {
        // Once, as it appears: a refusal at the panel's foot was cut off, under a scroll bar (review s35, A3).
        ImGui::ScrollToBringRectIntoView(window, ImRect(ImVec2(min.x, fieldMin.y), max));
        refusal.inView = true;
      }
    }
  }
  if (changed && refusal.field != 0 && refusal.field != fieldId) refusal = {};  // the user has moved on
  return changed;
}

std::optional<ShownRefusal> shownFieldRefusal() {
  // Only one drawn in this frame or the last: a field gone from the panel takes its refusal with it.
  const int frame = GImGui != nullptr ? GImGui->FrameCount : -1;
  if (refusal.field == 0 || (refusal.frame != frame && refusal.frame != frame - 1)) return std::nullopt;
  return ShownRefusal{refusal.text, refusal.rect, refusal.fieldRect};
}

void resetNumberFields() {
  typing = {};
  refusal = {};
}

}  // namespace lab
