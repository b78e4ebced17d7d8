// The 3D gizmo's maths without a window (app/widgets/gizmo3.h): picking within a few pixels, dragging an arrow
// moves along its axis by what the mouse shows, dragging a ring turns by the angle swept (whole turns too), an
// axis along the line of sight refuses, and the view-plane drag keeps the point under the mouse.
#include <cmath>
#include <numbers>

#include <gtest/gtest.h>

#include "widgets/gizmo3.h"

namespace lab {
namespace {

constexpr Projection kProjections[] = {Projection::Perspective, Projection::Orthographic};

OrbitCamera camera(Projection projection) {
  OrbitCamera c;
  c.setRect({0, 0, 1000, 700});
  c.setView({0.5, 0.2, -0.3}, 0.6, 0.45, 8);
  c.setProjection(projection);
  return c;
}

const Pose3 kPose{{1, 0.5, -0.5}, collide::Quat<double>::fromEuler(0.2, 0.1, -0.3)};

// Window pixels of a world point.
Vec2d screenOf(const OrbitCamera& c, Vec3d world) { return c.project(world).screen; }

TEST(Gizmo3, PicksEachHandleWithinAFewPixelsAndNothingElsewhere) {
  const GizmoSize size;
  for (Projection projection : kProjections) {
    const OrbitCamera c = camera(projection);
    const double unit = c.pixelSizeAt(kPose.p);
    for (GizmoPart part : {GizmoPart::TranslateX, GizmoPart::TranslateY, GizmoPart::TranslateZ}) {
      const Vec3d tip = kPose.p + 0.98 * size.arrowPixels * unit * gizmoAxis(part);
      EXPECT_EQ(pickGizmo(c, kPose, screenOf(c, tip)), part);
      EXPECT_EQ(pickGizmo(c, kPose, screenOf(c, tip) + Vec2d{2, 2}), part);
    }
    // A point of each ring, 60 degrees round from its first basis vector.
    const struct {
      GizmoPart part;
      Vec3d u, v;
    } rings[] = {{GizmoPart::RotateX, {0, 1, 0}, {0, 0, 1}}, {GizmoPart::RotateY, {0, 0, 1}, {1, 0, 0}},
                 {GizmoPart::RotateZ, {1, 0, 0}, {0, 1, 0}}};
    for (const auto& ring : rings) {
      const double a = std::numbers::pi / 3;
      const Vec3d p = kPose.p + size.ringPixels * unit * (std::cos(a) * ring.u + std::sin(a) * ring.v);
      EXPECT_EQ(pickGizmo(c, kPose, screenOf(c, p)), ring.part);
    }
    EXPECT_EQ(pickGizmo(c, kPose, screenOf(c, kPose.p) + Vec2d{300, 250}), GizmoPart::None);
    EXPECT_EQ(pickGizmo(c, kPose, {std::nan(""), 0}), GizmoPart::None);
  }
}

// Review s35 A10: each ring crosses two arrows' shafts; a press there picked the ring (nearest, the later part)
// and turned the shape. The arrow wins where they overlap; the ring still wins away from the shafts.
TEST(Gizmo3, AnArrowWinsWhereARingCrossesItsShaft) {
  const GizmoSize size;
  for (Projection projection : kProjections) {
    const OrbitCamera c = camera(projection);
    const double unit = c.pixelSizeAt(kPose.p);
    for (GizmoPart part : {GizmoPart::TranslateX, GizmoPart::TranslateY, GizmoPart::TranslateZ}) {
      const Vec3d crossing = kPose.p + size.ringPixels * unit * gizmoAxis(part);
      EXPECT_EQ(pickGizmo(c, kPose, screenOf(c, crossing)), part);
      EXPECT_EQ(pickGizmo(c, kPose, screenOf(c, crossing) + Vec2d{1, -2}), part);
    }
    const Vec3d onZRing = kPose.p + size.ringPixels * unit * Vec3d{std::cos(0.8), std::sin(0.8), 0};
    EXPECT_EQ(pickGizmo(c, kPose, screenOf(c, onZRing)), GizmoPart::RotateZ);
  }
}

TEST(Gizmo3, AnArrowDragMovesAlongItsAxisByWhatTheMouseShows) {
  for (Projection projection : kProjections) {
    const OrbitCamera c = camera(projection);
    for (GizmoPart part : {GizmoPart::TranslateX, GizmoPart::TranslateY, GizmoPart::TranslateZ}) {
      const Vec3d axis = gizmoAxis(part);
      GizmoDrag drag(c, kPose, part, screenOf(c, kPose.p + 0.5 * axis));
      const Pose3 moved = drag.update(c, screenOf(c, kPose.p + 1.75 * axis));
      EXPECT_LT(collide::length(moved.p - (kPose.p + 1.25 * axis)), 1e-9);
      EXPECT_EQ(moved.q, kPose.q);
      // Off the axis on screen, the axis point nearest the mouse ray: still on the axis line.
      const Pose3 off = drag.update(c, screenOf(c, kPose.p + 1.0 * axis) + Vec2d{0, 40});
      const Vec3d along = off.p - kPose.p;
      EXPECT_LT(collide::length(along - collide::dot(along, axis) * axis), 1e-12);
    }
  }
}

TEST(Gizmo3, ARingDragTurnsByTheSweptAngleAboutItsAxis) {
  for (Projection projection : kProjections) {
    const OrbitCamera c = camera(projection);
    const double unit = c.pixelSizeAt(kPose.p);
    const double radius = GizmoSize{}.ringPixels * unit;
    // Round the Y ring (u = z, v = x), in steps, one and a quarter turns.
    const auto ringPoint = [&](double a) { return screenOf(c, kPose.p + radius * (std::cos(a) * Vec3d{0, 0, 1} + std::sin(a) * Vec3d{1, 0, 0})); };
    GizmoDrag drag(c, kPose, GizmoPart::RotateY, ringPoint(0.0));
    Pose3 pose = kPose;
    const int steps = 50;
    const double total = 2.5 * std::numbers::pi;
    for (int i = 1; i <= steps; ++i) pose = drag.update(c, ringPoint(total * i / steps));
    const collide::Quat<double> expected = collide::Quat<double>::fromAxisAngle({0, 1, 0}, total) * kPose.q;
    // q and -q are the same turn: compare what they do to a vector.
    const Vec3d probe{0.3, -0.7, 0.2};
    EXPECT_LT(collide::length(pose.q.apply(probe) - expected.apply(probe)), 1e-9);
    EXPECT_EQ(pose.p, kPose.p);
  }
}

TEST(Gizmo3, AnAxisAlongTheLineOfSightDoesNotMove) {
  OrbitCamera c = camera(Projection::Orthographic);
  c.setPreset(ViewPreset::PlusZ);  // looking down -z: the Z arrow points at the eye
  GizmoDrag drag(c, kPose, GizmoPart::TranslateZ, screenOf(c, kPose.p));
  EXPECT_EQ(drag.update(c, screenOf(c, kPose.p) + Vec2d{30, 30}).p, kPose.p);
  // The Z ring is seen face on; the X ring edge-on turns by the mouse's sweep on screen around the centre.
  const Vec2d centre = screenOf(c, kPose.p);
  GizmoDrag edgeOn(c, kPose, GizmoPart::RotateX, centre + Vec2d{0, -60});
  const Pose3 turned = edgeOn.update(c, centre + Vec2d{-60, 0});
  EXPECT_GT(std::abs(collide::dot(turned.q.apply(Vec3d{0, 0, 1}), kPose.q.apply(Vec3d{0, 0, 1})) - 1), 1e-3);
}

TEST(Gizmo3, TheViewPlaneDragKeepsThePointUnderTheMouse) {
  for (Projection projection : kProjections) {
    const OrbitCamera c = camera(projection);
    const Vec3d start{0.7, -0.4, 1.1};
    const Vec2d from = screenOf(c, start);
    const Vec2d to = from + Vec2d{85, -40};
    const Vec3d moved = dragPointInView(c, start, from, to, false);
    const Vec2d landed = screenOf(c, moved);
    EXPECT_NEAR(landed.x, to.x, 1e-7);
    EXPECT_NEAR(landed.y, to.y, 1e-7);
    EXPECT_NEAR(collide::dot(moved - start, c.forward()), 0, 1e-12);  // on the plane facing the camera
    // Shift: along the line of sight; up moves away and the point keeps its pixel.
    const Vec3d away = dragPointInView(c, start, from, from + Vec2d{10, -30}, true);
    EXPECT_GT(collide::dot(away - start, c.forward()), 0);
    EXPECT_NEAR(screenOf(c, away).x, from.x, 1e-7);
    EXPECT_NEAR(screenOf(c, away).y, from.y, 1e-7);
    EXPECT_NEAR(collide::length(away - start), 30 * c.pixelSizeAt(start), 1e-12);
  }
}

}  // namespace
}  // namespace lab
