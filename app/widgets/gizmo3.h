// app/widgets/gizmo3.h: a small translate / rotate gizmo for a pose in a spatial view, drawn through Renderer3D:
// three arrows along the world axes (drag: move along that axis) and three rings around them (drag: turn about
// that axis by the angle the mouse sweeps around the ring). Handles keep a fixed size on screen, are picked within
// a few pixels and brighten under the mouse. Also the plain drag of a point on the plane through it facing the
// camera (Shift: along the line of sight), for shapes dragged without the gizmo.
//
// Use: part = pickGizmo(camera, pose, mouse) on hover and press; on press GizmoDrag drag(camera, pose, part, mouse);
// every move: pose = drag.update(camera, mouse); drawGizmo(renderer, pose, hovered or active part) every frame.
#pragma once

#include "collide/math.h"
#include "lab/vocabulary.h"
#include "render/orbit_camera.h"
#include "render/renderer3d.h"

namespace lab {

using Pose3 = collide::Transform3<double>;

enum class GizmoPart { None, TranslateX, TranslateY, TranslateZ, RotateX, RotateY, RotateZ };

struct GizmoSize {
  double arrowPixels = 110;  // arrow length on screen, reaching past the rings
  double ringPixels = 60;    // ring radius on screen
  double pickPixels = 6;     // how close the mouse must come to a handle
};

// The world axis a part moves along or turns about (unit), or zero for None.
[[nodiscard]] Vec3d gizmoAxis(GizmoPart part);
[[nodiscard]] bool isRotation(GizmoPart part);

// The handle nearest the mouse within size.pickPixels, or None.
[[nodiscard]] GizmoPart pickGizmo(const OrbitCamera& camera, const Pose3& pose, Vec2d screen, const GizmoSize& size = {});

// The arrows and rings at the pose's position (over everything, so a handle inside a shape can be grabbed).
void drawGizmo(Renderer3D& renderer, const Pose3& pose, GizmoPart highlighted, const GizmoSize& size = {});

// One drag of a handle, from the press to the release. Translation: the point of the axis line nearest the mouse
// ray follows the mouse (Ericson 5.1.8, closest points of two lines). Rotation: the ray meets the ring's plane and
// the angle it sweeps about the centre, unwrapped across turns, turns the pose; a ring seen edge-on uses the sweep
// of the mouse around the centre on screen instead.
class GizmoDrag {
 public:
  GizmoDrag(const OrbitCamera& camera, const Pose3& pose, GizmoPart part, Vec2d screen);
  [[nodiscard]] GizmoPart part() const { return part_; }
  // The pose for the mouse at `screen`.
  [[nodiscard]] Pose3 update(const OrbitCamera& camera, Vec2d screen);

 private:
  [[nodiscard]] bool axisParameter(const OrbitCamera& camera, Vec2d screen, double& t) const;
  [[nodiscard]] double ringAngle(const OrbitCamera& camera, Vec2d screen) const;

  GizmoPart part_ = GizmoPart::None;
  Pose3 start_{};
  Vec3d axis_{};
  bool valid_ = false;  // false: the axis points at the eye (a translation cannot be read); the pose stays
  bool onScreen_ = false;  // a ring seen edge-on at the press: its angle is read on screen for the whole drag
  double startParameter_ = 0;
  double lastAngle_ = 0;
  double sweep_ = 0;
};

// A point dragged with the mouse from `screenStart` to `screen`: on the plane through `start` facing the camera,
// or along the line of sight through it (`alongView`: up the screen moves it away, one pixel per pixel at its
// depth). The point stays under the mouse on the plane, and on its pixel along the line of sight.
[[nodiscard]] Vec3d dragPointInView(const OrbitCamera& camera, Vec3d start, Vec2d screenStart, Vec2d screen,
                                    bool alongView);

}  // namespace lab
