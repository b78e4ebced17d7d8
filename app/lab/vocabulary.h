// app/lab/vocabulary.h: the words the app's layers share: vectors and colliders, JSON documents, key presses,
// mouse events, views, frame metrics (and the clock that times them), shortcuts and kinds of step. A leaf header (the core, nlohmann's JSON and the standard
// library only), so a widget, the renderer or a file format can speak it without knowing what a lab is.
#pragma once

#include <algorithm>
#include <chrono>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "collide/math.h"
#include "collide/shapes.h"
#include "collide/shapes3.h"

namespace lab {

// [SECTION] Geometry and documents

using Vec2d = collide::Vec2<double>;
using Vec3d = collide::Vec3<double>;
using Collider = collide::Collider<double>;
using Collider3 = collide::Collider3<double>;
// Ordered, so files keep their key order when the app loads and saves them.
using Json = nlohmann::ordered_json;

// Reads json[key] into `value` when it is there and holds the right type; otherwise `value` keeps what it had.
// Settings files are the user's: a stale or hand-edited value must not cost the others, nor end the app.
template <class T>
void readSetting(const Json& json, const char* key, T& value) {
  if (!json.is_object() || !json.contains(key)) return;
  try {
    json.at(key).get_to(value);
  } catch (const Json::exception&) {
  }
}

// A value that does not fit a file format. The message names the field and what was expected, e.g.
// "shapes[1].radius: expected a non-negative number, got -1".
class JsonFieldError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// [SECTION] Keyboard
// Presses are queued by the window's GLFW key callback (platform/input_queue.h): ImGui 1.86 only sees whether a
// key is down when a frame starts, so a quick tap between two frames (or xdotool in the tests) would be lost; the
// queue keeps every press, repeats included, and hands each out in the frame it reaches ImGui (after a click that
// came before it). Labs receive them through Lab::keyPressed, never by polling ImGui.

struct KeyPress {
  int key = 0;        // GLFW_KEY_*
  int modifiers = 0;  // GLFW_MOD_* bits held at the press
};

inline constexpr int kModShift = 0x0001;    // GLFW_MOD_SHIFT
inline constexpr int kModControl = 0x0002;  // GLFW_MOD_CONTROL
inline constexpr int kModAlt = 0x0004;      // GLFW_MOD_ALT

// Whether `press` is `key` with exactly `modifiers` among Shift, Ctrl and Alt.
[[nodiscard]] constexpr bool isPress(const KeyPress& press, int key, int modifiers = 0) {
  return press.key == key && (press.modifiers & (kModShift | kModControl | kModAlt)) == modifiers;
}

// How many times `key` was pressed this frame with exactly `modifiers`.
[[nodiscard]] inline int countPresses(std::span<const KeyPress> presses, int key, int modifiers = 0) {
  int count = 0;
  for (const KeyPress& press : presses) count += isPress(press, key, modifiers) ? 1 : 0;
  return count;
}

// [SECTION] Views and the mouse

// What a view shows, and so how it is drawn and how a mouse position maps into it. Planar: a 2D world under a
// Camera, drawn with Renderer2D. Spatial: a 3D world under an OrbitCamera, drawn with Renderer3D; the mouse gives
// a ray. The shell gives each view the context of its kind.
enum class ViewKind { Planar, Spatial };

struct Modifiers {
  bool shift = false;
  bool control = false;
  bool alt = false;
};

enum class MouseButton { Left = 0, Right = 1, Middle = 2 };

// The mouse in a planar view.
struct PlanarPointer {
  Vec2d world{};          // in the view's world coordinates
  double pixelSize = 1;   // world units per window pixel: hit tolerances use it
};

// The mouse in a spatial view: the ray through the pointer, in world coordinates.
struct SpatialPointer {
  Vec3d origin{};
  Vec3d direction{0, 0, -1};  // unit
  double pixelSize = 1;       // world units per window pixel at the camera's target: hit tolerances use it
};

struct MouseEvent {
  int view = 0;  // which of the lab's views the event happened in
  ViewKind kind = ViewKind::Planar;
  Vec2d screen{};  // window pixels
  MouseButton button = MouseButton::Left;
  Modifiers modifiers{};
  PlanarPointer planar{};    // when kind == ViewKind::Planar
  SpatialPointer spatial{};  // when kind == ViewKind::Spatial
};

// [SECTION] What a lab tells the shell

// A number a lab measured this frame, for the recorder and the plot panel, e.g. {"gjk_iterations", 5,
// "iterations", "GJK iterations"} or {"query_time", 0.8, "us", "query time (\u00b5s)"}. Names and units are
// snake_case and stable: they become CSV columns. The label is what the Plots window shows (the name when empty).
// A unit of "bool" is a 0/1 flag: plotted in a strip of its own, not on an axis of counts.
struct FrameMetric {
  std::string name;
  double value = 0;
  std::string unit;
  std::string label;
};

// The clock labs time their work with (the metrics' "us" columns).
using Clock = std::chrono::steady_clock;
[[nodiscard]] inline double microsecondsSince(Clock::time_point start) {
  return std::chrono::duration<double, std::micro>(Clock::now() - start).count();
}

// The mean time of `run` repeated until ~50 us have passed (at most 1000 runs): one query of small shapes takes well
// under a microsecond, below what a single clock reading resolves reliably.
template <class Run>
[[nodiscard]] double meanMicroseconds(Run&& run) {
  constexpr double kBudgetMicros = 50.0;
  constexpr int kMaxRuns = 1000;
  int runs = 0;
  const Clock::time_point start = Clock::now();
  double elapsed = 0;
  do {
    run();
    elapsed = microsecondsSince(start);
  } while (++runs < kMaxRuns && elapsed < kBudgetMicros);
  return elapsed / runs;
}

// How long recording a trace took, over a session: the last, the largest and how many (the drag goal reads these).
struct RecordTiming {
  double last = 0;
  double max = 0;
  int count = 0;
  void add(double micros) {
    last = micros;
    max = std::max(max, micros);
    ++count;
  }
  [[nodiscard]] Json json() const { return {{"last", last}, {"max", max}, {"count", count}}; }
};

// A shortcut a lab adds to the help overlay (F1), e.g. {"Delete", "remove the selected vertex"}.
struct Shortcut {
  std::string keys;
  std::string action;
};

// The steps of one kind on a lab's timeline ("leaf test", "prune"), read from the recorded events: the timeline's
// jump buttons and Shift+Left / Shift+Right go to the previous or next one (widgets/timeline.h).
struct StepKind {
  std::string name;        // singular, lowercase, as the picker and tooltips say it: "false positive"
  std::vector<int> steps;  // timeline indices from 0, ascending
  std::string absent;      // when `steps` is empty and there is a reason to say: "SAT lite (L) is off: ..."
};

}  // namespace lab
