// app/render/color.h: straight-alpha RGBA colours and the app's palette (dark theme).
#pragma once

#include <cstdint>

namespace lab {

struct Color {
  float r = 1;
  float g = 1;
  float b = 1;
  float a = 1;

  [[nodiscard]] constexpr Color withAlpha(float alpha) const { return {r, g, b, alpha}; }
  // Packed for ImGui draw lists (ImU32 is ABGR in memory order R, G, B, A).
  [[nodiscard]] constexpr std::uint32_t packed() const {
    auto byte = [](float v) { return static_cast<std::uint32_t>((v < 0 ? 0 : v > 1 ? 1 : v) * 255.0f + 0.5f); };
    return byte(r) | (byte(g) << 8) | (byte(b) << 16) | (byte(a) << 24);
  }
};

[[nodiscard]] constexpr Color rgb(int hex, float alpha = 1.0f) {
  return {static_cast<float>((hex >> 16) & 0xff) / 255.0f, static_cast<float>((hex >> 8) & 0xff) / 255.0f,
          static_cast<float>(hex & 0xff) / 255.0f, alpha};
}

// The palette: every lab draws with these so the app reads as one tool.
namespace palette {
inline constexpr Color kBackground = rgb(0x1b1e24);
inline constexpr Color kGridMinor = rgb(0x2a2f38);
inline constexpr Color kGridMajor = rgb(0x363c48);
inline constexpr Color kAxisX = rgb(0xb0524c);
inline constexpr Color kAxisY = rgb(0x5b9b52);
inline constexpr Color kText = rgb(0xd8dce4);
inline constexpr Color kTextDim = rgb(0x8a93a3);
inline constexpr Color kShapeA = rgb(0x4a9eff);    // shape A and the first of a set
inline constexpr Color kShapeB = rgb(0xffa94a);    // shape B
inline constexpr Color kAccent = rgb(0xf5d547);    // the thing the current step is about
inline constexpr Color kHit = rgb(0xff5c5c);       // overlap, penetration
inline constexpr Color kSeparated = rgb(0x5fd68a); // separation, distance
inline constexpr Color kMinkowski = rgb(0xb48cff); // A - B
// A cheap test fooled (SAT lite's overlap an edge axis refutes): magenta, far in hue from kHit's red (the pink it
// was sat among the red triangle pairs and read as them) and from the depth colours' violet.
inline constexpr Color kFalsePositive = rgb(0xff38e8);
inline constexpr Color kSelection = rgb(0xffffff);
// Panel text: an error or a refusal, and a warning that is not one (float far off double's answer).
inline constexpr Color kErrorText = rgb(0xff7373);
inline constexpr Color kWarningText = rgb(0xff9a3c);
// One colour per core shape type, in variant order (point, segment, circle, aabb, box, capsule, polygon, sector).
// None is kAccent's yellow: the Shapes lab draws its support points in it (the sector was yellow, its point lost).
inline constexpr Color kShapeTypes[8] = {rgb(0xe8e8e8), rgb(0x7fd4ff), rgb(0x4a9eff), rgb(0x5fd68a),
                                          rgb(0xffa94a), rgb(0xff7ab8), rgb(0xb48cff), rgb(0x2fb8a8)};
// A tree's boxes by depth: the root yellow, then orange, teal, violet, blue, cyan, repeating (depthColor).
inline constexpr Color kDepthColors[] = {kAccent, kShapeB, rgb(0x4fd1c5), kMinkowski, rgb(0x6f8dff), rgb(0x7fd4ff)};  // no magenta: kFalsePositive
}  // namespace palette

[[nodiscard]] constexpr Color depthColor(int depth) {
  return palette::kDepthColors[static_cast<unsigned>(depth) % (sizeof(palette::kDepthColors) / sizeof(Color))];
}

}  // namespace lab
