// The spatial view's camera and shape meshes without a window (app/render/orbit_camera.h, shape_drawing3.h):
// project and ray are inverses, fit frames every corner inside the margin, zoom keeps the point under the cursor,
// pan moves the world with the mouse, pitch clamps, presets look along the axes; every shape's mesh is closed,
// outward and inside its bounds.
#include <cmath>
#include <numbers>
#include <vector>

#include <gtest/gtest.h>

#include "collide/hull3.h"
#include "render/orbit_camera.h"
#include "render/renderer3d.h"
#include "render/shape_drawing3.h"

namespace lab {
namespace {

constexpr Projection kProjections[] = {Projection::Perspective, Projection::Orthographic};

OrbitCamera camera(Projection projection, double yaw = 0.7, double pitch = 0.4, double distance = 9) {
  OrbitCamera c;
  c.setRect({100, 50, 800, 600});
  c.setView({1, -2, 0.5}, yaw, pitch, distance);
  c.setProjection(projection);
  return c;
}

void expectNear(Vec2d a, Vec2d b, double tolerance) {
  EXPECT_NEAR(a.x, b.x, tolerance);
  EXPECT_NEAR(a.y, b.y, tolerance);
}

TEST(OrbitCamera, ProjectOfAPointOnTheRayIsThePixel) {
  for (Projection projection : kProjections) {
    const OrbitCamera c = camera(projection);
    for (const Vec2d pixel : {Vec2d{500, 350}, Vec2d{100, 50}, Vec2d{899, 649}, Vec2d{123.25, 600.5}}) {
      const Ray3 ray = c.ray(pixel);
      EXPECT_NEAR(collide::length(ray.direction), 1.0, 1e-12);
      for (double t : {0.5, 3.0, 9.0, 40.0}) {
        const Projected p = c.project(ray.origin + t * ray.direction);
        EXPECT_TRUE(p.inFront);
        expectNear(p.screen, pixel, 1e-7);
        // unproject is project's inverse: the pixel at that depth is the point.
        EXPECT_LT(collide::length(c.unproject(pixel, p.depth) - (ray.origin + t * ray.direction)), 1e-9);
      }
    }
  }
}

TEST(OrbitCamera, TheRayThroughAPointsPixelPassesThroughIt) {
  for (Projection projection : kProjections) {
    const OrbitCamera c = camera(projection);
    for (const Vec3d world : {Vec3d{1, -2, 0.5}, Vec3d{3, 1, -2}, Vec3d{-2, 0.5, 4}}) {
      const Projected p = c.project(world);
      ASSERT_TRUE(p.inFront);
      const Ray3 ray = c.ray(p.screen);
      const Vec3d offset = world - ray.origin;
      const Vec3d across = offset - collide::dot(offset, ray.direction) * ray.direction;
      EXPECT_LT(collide::length(across), 1e-9);
      EXPECT_GT(collide::dot(offset, ray.direction), 0);  // in front of the ray's origin
      EXPECT_NEAR(p.depth, collide::dot(world - c.eye(), c.forward()), 1e-9);
    }
  }
}

TEST(OrbitCamera, TheTargetIsAtTheCentreAndBehindTheEyeIsNotInFront) {
  const OrbitCamera c = camera(Projection::Perspective);
  expectNear(c.project(c.target()).screen, c.rect().center(), 1e-9);
  EXPECT_NEAR(c.project(c.target()).depth, c.distance(), 1e-9);
  EXPECT_FALSE(c.project(c.eye() - c.forward()).inFront);
  // The frame is right-handed and orthonormal, with up on screen -y.
  EXPECT_NEAR(collide::dot(collide::cross(c.right(), c.up()), -1.0 * c.forward()), 1.0, 1e-12);
  EXPECT_LT(c.project(c.target() + c.up()).screen.y, c.rect().center().y);
  EXPECT_GT(c.project(c.target() + c.right()).screen.x, c.rect().center().x);
}

TEST(OrbitCamera, FitShowsEveryCornerInsideTheMarginAndKeepsTheDirection) {
  const WorldBounds3 boxes[] = {{{-1, -1, -1}, {1, 1, 1}}, {{10, 0, -3}, {14, 0.1, 30}}, {{-1e-3, 5, 5}, {1e-3, 5.002, 5.001}}};
  constexpr double kMargin = 48;
  for (Projection projection : kProjections) {
    for (const WorldBounds3& box : boxes) {
      for (double yaw : {0.0, 0.7, -2.5}) {
        OrbitCamera c = camera(projection, yaw, 0.3);
        c.fit(box, kMargin);
        EXPECT_NEAR(c.yaw(), yaw, 1e-12);
        EXPECT_NEAR(c.pitch(), 0.3, 1e-12);
        double slack = 1e9;  // the smallest distance from a corner to the margin: the fit is tight
        for (int i = 0; i < 8; ++i) {
          const Vec3d corner{(i & 1) ? box.max.x : box.min.x, (i & 2) ? box.max.y : box.min.y,
                             (i & 4) ? box.max.z : box.min.z};
          const Projected p = c.project(corner);
          ASSERT_TRUE(p.inFront);
          const ScreenRect& r = c.rect();
          const double inside = std::min({p.screen.x - (r.x + kMargin), r.x + r.width - kMargin - p.screen.x,
                                          p.screen.y - (r.y + kMargin), r.y + r.height - kMargin - p.screen.y});
          EXPECT_GE(inside, -1e-6);
          slack = std::min(slack, inside);
        }
        EXPECT_LT(slack, 1e-6 * c.distance() + 1e-6);
        // shows says what fit guarantees: every corner inside the margin (a hair less), not inside a wider one.
        EXPECT_TRUE(c.shows(box, kMargin - 1e-3));
        EXPECT_FALSE(c.shows(box, kMargin + 1));
      }
    }
  }
}

// lookAlong turns the camera to look along a direction at a point, keeping the distance; straight down is held at
// the pitch limit, as setView holds it.
TEST(OrbitCamera, LookAlongLooksThatWayAtThatPointFromTheSameDistance) {
  OrbitCamera camera;
  camera.setView({0, 0, 0}, 0.3, 0.2, 7);
  for (const Vec3d& along : {Vec3d{1, 0, 0}, Vec3d{0.3, -0.4, -2}, Vec3d{-1, 0.5, 0.2}}) {
    camera.lookAlong({1, 2, 3}, along);
    EXPECT_NEAR(collide::length(camera.forward() - collide::normalize(along)), 0.0, 1e-12);
    EXPECT_NEAR(collide::length(camera.target() - Vec3d{1, 2, 3}), 0.0, 1e-12);
    EXPECT_DOUBLE_EQ(camera.distance(), 7);
  }
  camera.lookAlong({0, 0, 0}, {0, -1, 0});
  EXPECT_NEAR(camera.pitch(), OrbitCamera::kMaxPitch, 1e-12);
  const Vec3d before = camera.forward();
  camera.lookAlong({5, 5, 5}, {0, 0, 0});  // no direction: nothing changes
  EXPECT_EQ(camera.forward(), before);
}

TEST(OrbitCamera, ZoomAtKeepsThePointUnderTheCursor) {
  for (Projection projection : kProjections) {
    for (const Vec2d anchor : {Vec2d{500, 350}, Vec2d{150, 600}, Vec2d{870, 80}}) {
      OrbitCamera c = camera(projection);
      // The point under the cursor on the plane through the target facing the camera.
      const Ray3 ray = c.ray(anchor);
      const double t = collide::dot(c.target() - ray.origin, c.forward()) / collide::dot(ray.direction, c.forward());
      const Vec3d under = ray.origin + t * ray.direction;
      const double before = c.distance();
      for (double factor : {1.15, 1.15, 1 / 1.15, 4.0}) c.zoomAt(anchor, factor);
      EXPECT_NEAR(c.distance(), before / (1.15 * 4.0), 1e-9);
      expectNear(c.project(under).screen, anchor, 1e-7);
    }
  }
}

TEST(OrbitCamera, ZoomStopsAtTheDistanceLimits) {
  OrbitCamera c = camera(Projection::Perspective);
  for (int i = 0; i < 200; ++i) c.zoomAt({300, 200}, 10.0);
  EXPECT_EQ(c.distance(), OrbitCamera::kMinDistance);
  EXPECT_TRUE(collide::isFinite(c.target()));
  for (int i = 0; i < 200; ++i) c.zoomAt({300, 200}, 0.1);
  EXPECT_EQ(c.distance(), OrbitCamera::kMaxDistance);
  c.zoomAt({300, 200}, std::nan(""));
  c.zoomAt({300, 200}, 0.0);
  EXPECT_EQ(c.distance(), OrbitCamera::kMaxDistance);
}

TEST(OrbitCamera, PanMovesTheTargetWithTheMouse) {
  for (Projection projection : kProjections) {
    OrbitCamera c = camera(projection);
    const Vec3d before = c.target();
    c.pan({40, -25});
    expectNear(c.project(before).screen, c.rect().center() + Vec2d{40, -25}, 1e-7);
  }
}

TEST(OrbitCamera, PitchClampsAndTheFrameStaysDefined) {
  OrbitCamera c = camera(Projection::Perspective);
  c.orbit({0, 1e6});
  EXPECT_EQ(c.pitch(), OrbitCamera::kMaxPitch);
  c.orbit({0, -1e7});
  EXPECT_EQ(c.pitch(), -OrbitCamera::kMaxPitch);
  c.setView(c.target(), 0, 3.0, 5);
  EXPECT_EQ(c.pitch(), OrbitCamera::kMaxPitch);
  EXPECT_NEAR(collide::length(c.up()), 1.0, 1e-12);
  EXPECT_NEAR(collide::dot(c.up(), c.forward()), 0.0, 1e-12);
  // Yaw wraps, so a long orbit never grows it.
  c.orbit({1e5, 0});
  EXPECT_LE(std::abs(c.yaw()), std::numbers::pi);
  // Non-finite values are ignored.
  const double yaw = c.yaw();
  c.setView({std::nan(""), 0, 0}, std::nan(""), std::nan(""), std::numeric_limits<double>::infinity());
  EXPECT_EQ(c.yaw(), yaw);
  EXPECT_TRUE(collide::isFinite(c.target()));
  EXPECT_EQ(c.distance(), 5);
}

TEST(OrbitCamera, PresetsLookAlongTheAxesAndKeepTargetAndDistance) {
  OrbitCamera c = camera(Projection::Perspective);
  const Vec3d target = c.target();
  const double distance = c.distance();
  const struct {
    ViewPreset preset;
    Vec3d forward;
  } cases[] = {{ViewPreset::PlusX, {-1, 0, 0}}, {ViewPreset::MinusX, {1, 0, 0}}, {ViewPreset::PlusZ, {0, 0, -1}},
               {ViewPreset::MinusZ, {0, 0, 1}}};
  for (const auto& test : cases) {
    c.setPreset(test.preset);
    EXPECT_LT(collide::length(c.forward() - test.forward), 1e-12);
    EXPECT_EQ(c.target(), target);
    EXPECT_EQ(c.distance(), distance);
  }
  c.setPreset(ViewPreset::PlusY);
  EXPECT_LT(c.forward().y, -0.999);  // from above, within the pitch limit
  c.setPreset(ViewPreset::MinusY);
  EXPECT_GT(c.forward().y, 0.999);
  c.setPreset(ViewPreset::Isometric);
  EXPECT_LT(collide::length(c.forward() + Vec3d{1, 1, 1} / std::sqrt(3.0)), 1e-12);
}

TEST(OrbitCamera, PixelSizeMatchesTheProjection) {
  for (Projection projection : kProjections) {
    const OrbitCamera c = camera(projection);
    const Vec3d at = c.target() + 2.0 * c.right();
    const double size = c.pixelSizeAt(at);
    const Vec2d a = c.project(at).screen;
    const Vec2d b = c.project(at + 10 * size * c.right()).screen;
    EXPECT_NEAR(b.x - a.x, 10.0, 1e-6);
  }
}

// [SECTION] Shape meshes

collide::Hull<double> octahedron() {
  const Vec3d points[] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
  return *collide::makeHull<double>(points).hull;
}

std::vector<Collider3> everyShape() {
  const collide::Transform3<double> pose{{0.5, -1, 2}, collide::Quat<double>::fromEuler(0.3, -0.7, 1.1)};
  collide::Mesh<double> tetra{{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, {{0, 2, 1}, {0, 1, 3}, {0, 3, 2}, {1, 2, 3}}};
  return {Collider3{collide::Point3<double>{{1, 2, 3}}, pose},
          Collider3{collide::Segment3<double>{}, pose},
          Collider3{collide::Triangle3<double>{}, pose},
          Collider3{collide::Sphere<double>{{0.2, 0, 0}, 1.5}, pose},
          Collider3{collide::Aabb3<double>{{-1, 0, 2}, {3, 1, 2.5}}, pose},
          Collider3{collide::Box3<double>{{1, 2, 0.5}}, pose},
          Collider3{collide::Capsule3<double>{{0, -1, 0.5}, {1, 1, 0}, 0.4}, pose},
          Collider3{collide::Cylinder<double>{1.5, 0.7}, pose},
          Collider3{octahedron(), pose},
          Collider3{tetra, pose}};
}

// Six times the signed volume the triangles enclose (the divergence theorem): positive when they face outward.
double signedVolume(const ShapeMesh3& mesh) {
  double volume = 0;
  for (std::size_t t = 0; t + 2 < mesh.triangles.size(); t += 3) {
    const Vec3d a = mesh.positions[static_cast<std::size_t>(mesh.triangles[t])];
    const Vec3d b = mesh.positions[static_cast<std::size_t>(mesh.triangles[t + 1])];
    const Vec3d c = mesh.positions[static_cast<std::size_t>(mesh.triangles[t + 2])];
    volume += collide::dot(a, collide::cross(b, c));
  }
  return volume / 6;
}

TEST(ShapeMesh3, EverySolidIsClosedOutwardAndInsideItsBounds) {
  for (const Collider3& collider : everyShape()) {
    SCOPED_TRACE(std::string(collide::shapeTypeName(collider.shape)));
    const ShapeMesh3 mesh = shapeMesh3(collider, 24);
    const WorldBounds3 box = shapeBounds3(collider);
    for (const Vec3d& p : mesh.positions) {
      EXPECT_GE(p.x, box.min.x - 1e-9);
      EXPECT_LE(p.x, box.max.x + 1e-9);
      EXPECT_GE(p.y, box.min.y - 1e-9);
      EXPECT_LE(p.y, box.max.y + 1e-9);
      EXPECT_GE(p.z, box.min.z - 1e-9);
      EXPECT_LE(p.z, box.max.z + 1e-9);
    }
    for (int index : mesh.triangles) ASSERT_LT(static_cast<std::size_t>(index), mesh.positions.size());
    // The flag the renderer reads (set by type, not worked out per frame) agrees with the edge test.
    EXPECT_EQ(mesh.topology.surface, meshSurface(mesh.triangles, static_cast<int>(mesh.positions.size())));
    const std::size_t type = collider.shape.index();
    EXPECT_EQ(mesh.topology.surface, type <= 2 ? MeshSurface::Open : MeshSurface::Closed);
    if (type <= 2) {  // point, segment, triangle: no volume
      EXPECT_EQ(mesh.triangles.size(), type == 2 ? 3u : 0u);
      continue;
    }
    EXPECT_GT(signedVolume(mesh), 0);
    // Closed: every edge is shared by exactly two triangles, so no border edge is outlined...
    for (const auto& [i, j] : outlineEdges(mesh.positions, mesh.triangles)) {
      int uses = 0;
      for (std::size_t t = 0; t < mesh.triangles.size(); t += 3)
        for (int k = 0; k < 3; ++k)
          uses += (mesh.triangles[t + k] == i && mesh.triangles[t + (k + 1) % 3] == j) ||
                  (mesh.triangles[t + k] == j && mesh.triangles[t + (k + 1) % 3] == i);
      EXPECT_EQ(uses, 2);
    }
  }
}

TEST(ShapeMesh3, VolumesApproachTheShapes) {
  const std::vector<Collider3> shapes = everyShape();
  const double pi = std::numbers::pi;
  EXPECT_NEAR(signedVolume(shapeMesh3(shapes[3], 96)), 4.0 / 3.0 * pi * 1.5 * 1.5 * 1.5, 0.01 * 14.1);
  EXPECT_NEAR(signedVolume(shapeMesh3(shapes[4], 8)), 4 * 1 * 0.5, 1e-9);
  EXPECT_NEAR(signedVolume(shapeMesh3(shapes[5], 8)), 2 * 4 * 1, 1e-9);
  EXPECT_NEAR(signedVolume(shapeMesh3(shapes[7], 96)), pi * 0.7 * 0.7 * 3.0, 0.01 * 4.62);
  EXPECT_NEAR(signedVolume(shapeMesh3(shapes[8], 8)), 4.0 / 3.0, 1e-9);
}

// Smooth shading's normals: the curved shapes give one per triangle corner, unit and on the outer side of the
// triangle; a sphere's is the true surface's, (p - centre) / r; a cylinder's caps keep the axis (creased rims).
// Polytopes give none (lit flat).
TEST(ShapeMesh3, CurvedShapesGiveOutwardNormalsAtEveryCorner) {
  const std::vector<Collider3> shapes = everyShape();
  for (const Collider3& collider : shapes) {
    SCOPED_TRACE(std::string(collide::shapeTypeName(collider.shape)));
    const ShapeMesh3 mesh = shapeMesh3(collider, 24);
    const std::size_t type = collider.shape.index();
    if (type != 3 && type != 6 && type != 7) {
      EXPECT_TRUE(mesh.normals.empty());
      continue;
    }
    ASSERT_EQ(mesh.normals.size(), mesh.triangles.size());
    for (std::size_t t = 0; t + 2 < mesh.triangles.size(); t += 3) {
      const auto at = [&](std::size_t k) { return mesh.positions[static_cast<std::size_t>(mesh.triangles[t + k])]; };
      const Vec3d face = collide::cross(at(1) - at(0), at(2) - at(0));
      for (std::size_t k = 0; k < 3; ++k) {
        const Vec3d n = mesh.normals[t + k];
        EXPECT_NEAR(collide::length(n), 1.0, 1e-12);
        EXPECT_GT(collide::dot(n, face), 0.0);
      }
    }
  }
  const ShapeMesh3 sphere = shapeMesh3(shapes[3], 24);
  const Vec3d centre = collide::placement(shapes[3]).apply(Vec3d{0.2, 0, 0});
  for (std::size_t i = 0; i < sphere.triangles.size(); ++i) {
    const Vec3d expected = (sphere.positions[static_cast<std::size_t>(sphere.triangles[i])] - centre) / 1.5;
    EXPECT_NEAR(collide::length(sphere.normals[i] - expected), 0.0, 1e-12);
  }
  // Every cylinder corner's normal is the axis (a cap) or perpendicular to it (the side).
  const ShapeMesh3 cylinder = shapeMesh3(shapes[7], 24);
  const Vec3d axis = collide::placement(shapes[7]).q.apply(Vec3d{0, 1, 0});
  int caps = 0;
  for (const Vec3d& n : cylinder.normals) {
    const double along = std::abs(collide::dot(n, axis));
    EXPECT_TRUE(std::abs(along - 1) < 1e-12 || along < 1e-12) << along;
    caps += along > 0.5;
  }
  EXPECT_EQ(caps, 2 * 24 * 3);  // two caps of 24 triangles
}

// A faceted sphere's smooth normals are close to the true sphere's (the mean of the facets around each vertex);
// a cube's edges are sharper than the crease limit, so each of its corners keeps its face's normal.
TEST(ShapeMesh3, SmoothNormalsFollowACurveAndKeepCreases) {
  const Collider3 sphere{collide::Sphere<double>{{1, 2, 3}, 2.0}, {{0, 0, 0}, collide::Quat<double>::identity()}};
  const ShapeMesh3 ball = shapeMesh3(sphere, 32);
  const std::vector<Vec3d> normals = smoothNormals(ball.positions, ball.triangles);
  ASSERT_EQ(normals.size(), ball.triangles.size());
  for (std::size_t i = 0; i < normals.size(); ++i) {
    const Vec3d radial = collide::normalize(ball.positions[static_cast<std::size_t>(ball.triangles[i])] - Vec3d{1, 2, 3});
    EXPECT_GT(collide::dot(normals[i], radial), std::cos(0.05));
  }
  const ShapeMesh3 box = shapeMesh3(everyShape()[5]);
  const std::vector<Vec3d> flat = smoothNormals(box.positions, box.triangles);
  for (std::size_t t = 0; t < box.triangles.size(); t += 3) {
    const auto at = [&](std::size_t k) { return box.positions[static_cast<std::size_t>(box.triangles[t + k])]; };
    const Vec3d face = collide::normalize(collide::cross(at(1) - at(0), at(2) - at(0)));
    for (std::size_t k = 0; k < 3; ++k) EXPECT_NEAR(collide::length(flat[t + k] - face), 0.0, 1e-12);
  }
}

TEST(ShapeMesh3, PolytopeOutlinesAreTheirTrueEdges) {
  const std::vector<Collider3> shapes = everyShape();
  const ShapeMesh3 box = shapeMesh3(shapes[5]);
  EXPECT_EQ(outlineEdges(box.positions, box.triangles).size(), 12u);  // not the faces' diagonals
  const ShapeMesh3 triangle = shapeMesh3(shapes[2]);
  EXPECT_EQ(outlineEdges(triangle.positions, triangle.triangles).size(), 3u);
  const ShapeMesh3 tetra = shapeMesh3(shapes[9]);
  EXPECT_EQ(outlineEdges(tetra.positions, tetra.triangles).size(), 6u);
}

TEST(WorldBounds3, IncludesPointsAndBoxes) {
  WorldBounds3 box = WorldBounds3::none();
  EXPECT_TRUE(box.empty());
  box.include(Vec3d{1, 2, 3});
  EXPECT_FALSE(box.empty());
  box.include(WorldBounds3{{-1, 0, 5}, {0, 4, 6}});
  box.include(WorldBounds3::none());
  EXPECT_EQ(box.min, (Vec3d{-1, 0, 3}));
  EXPECT_EQ(box.max, (Vec3d{1, 4, 6}));
}

}  // namespace
}  // namespace lab
