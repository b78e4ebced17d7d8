// app/render/orbit_camera.h: the camera of a spatial view: it orbits a target point (yaw about world +Y, pitch
// above the horizon), at a distance, in perspective or orthographic projection; it maps world points to window
// pixels and window pixels to rays, and pans, zooms at the cursor, fits a box, and jumps to view presets.
// Doubles on the CPU, like Camera: the renderer projects through it, so large coordinates stay precise.
#pragma once

#include <array>
#include <span>

#include "lab/vocabulary.h"
#include "render/camera.h"

namespace lab {

// An axis-aligned box in world coordinates (a spatial view's fit target).
struct WorldBounds3 {
  Vec3d min{0, 0, 0};
  Vec3d max{0, 0, 0};
  void include(Vec3d p);
  void include(const WorldBounds3& other);
  [[nodiscard]] bool empty() const { return min.x > max.x || min.y > max.y || min.z > max.z; }
  [[nodiscard]] static WorldBounds3 none();
};

struct Ray3 {
  Vec3d origin{};
  Vec3d direction{0, 0, -1};  // unit
};

// Where a world point lands: window pixels, and its depth along the view direction (> 0 in front).
struct Projected {
  Vec2d screen{};
  double depth = 0;
  bool inFront = false;  // in front of the near plane
};

enum class ViewPreset { PlusX, MinusX, PlusY, MinusY, PlusZ, MinusZ, Isometric };
enum class Projection { Perspective, Orthographic };

class OrbitCamera {
 public:
  static constexpr double kFieldOfViewY = 0.7853981633974483;  // 45 degrees, perspective
  static constexpr double kMaxPitch = 1.5533430342749532;      // 89 degrees: the up vector stays defined
  static constexpr double kMinDistance = 1e-4;
  static constexpr double kMaxDistance = 1e7;

  void setRect(const ScreenRect& rect) { rect_ = rect; }
  [[nodiscard]] const ScreenRect& rect() const { return rect_; }

  // [SECTION] State (angles in radians)
  [[nodiscard]] Vec3d target() const { return target_; }
  [[nodiscard]] double yaw() const { return yaw_; }
  [[nodiscard]] double pitch() const { return pitch_; }
  [[nodiscard]] double distance() const { return distance_; }
  [[nodiscard]] Projection projection() const { return projection_; }
  void setView(Vec3d target, double yaw, double pitch, double distance);  // clamps pitch and distance
  // Looks at `target` along `forward` (any length but 0), keeping the distance; pitch clamped as setView does.
  void lookAlong(Vec3d target, Vec3d forward);
  void setProjection(Projection projection) { projection_ = projection; }

  // [SECTION] Frame
  [[nodiscard]] Vec3d eye() const;      // the camera position
  [[nodiscard]] Vec3d forward() const;  // unit, from the eye toward the target
  [[nodiscard]] Vec3d right() const;    // unit, screen +x
  [[nodiscard]] Vec3d up() const;       // unit, screen -y (window pixels grow downward)

  // [SECTION] Mapping
  [[nodiscard]] Projected project(Vec3d world) const;
  // The eight corners of `bounds` projected (corner i takes max x when bit 0 of i is set, max y bit 1, max z bit 2).
  [[nodiscard]] std::array<Projected, 8> projectCorners(const WorldBounds3& bounds) const;
  // The ray through a window pixel (perspective: from the eye; orthographic: parallel to forward()).
  [[nodiscard]] Ray3 ray(Vec2d screen) const;
  // The world point at a window pixel and a depth along the view direction (project's inverse).
  [[nodiscard]] Vec3d unproject(Vec2d screen, double depth) const;
  // World units per window pixel at a world point (hit tolerances, handle sizes).
  [[nodiscard]] double pixelSizeAt(Vec3d world) const;
  // The near and far distances the projection uses, derived from the distance (for the depth buffer).
  [[nodiscard]] double nearPlane() const;
  [[nodiscard]] double farPlane() const;

  // [SECTION] Moves (screen deltas in window pixels)
  void orbit(Vec2d screenDelta);  // left-drag: yaw with x, pitch with y
  void pan(Vec2d screenDelta);    // the target follows the mouse on the plane through it facing the camera
  // Moves toward (factor > 1) or away from the point under `screenAnchor`, keeping it under the cursor.
  void zoomAt(Vec2d screenAnchor, double factor);
  // Shows `bounds` whole and centred with `marginPixels` free, keeping yaw and pitch.
  void fit(const WorldBounds3& bounds, double marginPixels);
  // Whether every corner of `bounds` is in front of the camera and `marginPixels` or more inside the view (what
  // fit guarantees).
  [[nodiscard]] bool shows(const WorldBounds3& bounds, double marginPixels) const;
  void setPreset(ViewPreset preset);  // keeps target and distance

 private:
  ScreenRect rect_{};
  Vec3d target_{0, 0, 0};
  double yaw_ = 0.6;
  double pitch_ = 0.45;
  double distance_ = 8;
  Projection projection_ = Projection::Perspective;
};

// A direction to look along across `axis` (perpendicular to it, so what lies along it shows at full length) that also
// sees the directions `sideOn` (planes' normals) about side-on: of the directions across the axis, the one they
// project least onto (least squares: the smaller eigenvector of their spread across it) or, when they favour none,
// the one nearest `near` (the smallest turn from the view's direction now); of its two signs, the one nearer `near`.
// Then tipped by `tilt` radians along their sum (off the axis where the normals lie along it), to the side nearer
// `near`, so a plane normal to them shows as a narrow area, where edge-on its patch was a line. Unit.
// The A - B panes' view of a cast's ray and of GJK's and EPA's answer, and aimAcross (no sideOn, no tilt).
// The tilt of the A - B panes' lookAcross (both 3D labs): their planes (a cast step's, EPA's faces) keep a third of
// their area, the ray or normal 90 % of its length.
inline constexpr double kPaneTilt = 0.4363323129985824;  // 25 degrees
[[nodiscard]] Vec3d lookAcross(Vec3d axis, std::span<const Vec3d> sideOn, Vec3d near, double tilt = 0);

}  // namespace lab
