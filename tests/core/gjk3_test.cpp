// GJK in space: boolean and distance on the 3D shapes (shapes3.h), the same templates as in the plane.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "collide/gjk.h"
#include "collide/shapes3.h"

namespace collide {
namespace {

using V = Vec3<double>;

template <class A, class B>
GjkBooleanResult<V> intersect(const A& a, const Transform3<double>& xa, const B& b, const Transform3<double>& xb) {
  return gjkIntersect(Transformed{a, xa}, Transformed{b, xb});
}

template <class A, class B>
DistanceResult<V> distanceOf(const A& a, const Transform3<double>& xa, const B& b, const Transform3<double>& xb) {
  return gjkDistance(Transformed{a, xa}, Transformed{b, xb});
}

Transform3<double> at(double x, double y, double z, Quat<double> q = Quat<double>::identity()) { return {{x, y, z}, q}; }

TEST(Gjk3, BoxesApartAndOverlapping) {
  const Box3<double> box{{1, 1, 1}};
  EXPECT_FALSE(intersect(box, at(0, 0, 0), box, at(2.5, 0, 0)).hit);
  EXPECT_TRUE(intersect(box, at(0, 0, 0), box, at(1.5, 0.3, -0.2)).hit);
  const DistanceResult<V> apart = distanceOf(box, at(0, 0, 0), box, at(3, 0.5, 0.25));
  EXPECT_NEAR(apart.distance, 1.0, 1e-12);
  EXPECT_NEAR(apart.normal.x, 1.0, 1e-12);
  EXPECT_EQ(apart.status, Status::Converged);
}

// Identical boxes, and offsets along one, two and three axes: GJK may end on fewer than four points.
TEST(Gjk3, IdenticalAndOffsetBoxesOverlap) {
  const Box3<double> box{{1, 1, 1}};
  for (const V offset : {V{0, 0, 0}, V{0.5, 0, 0}, V{0.5, 0.5, 0}, V{0.5, 0.5, 0.5}}) {
    const GjkBooleanResult<V> result = intersect(box, at(0, 0, 0), box, at(offset.x, offset.y, offset.z));
    EXPECT_TRUE(result.hit) << offset.x << " " << offset.y << " " << offset.z;
    EXPECT_EQ(result.status, Status::Converged);
    const DistanceResult<V> distance = distanceOf(box, at(0, 0, 0), box, at(offset.x, offset.y, offset.z));
    EXPECT_TRUE(distance.overlap);
    EXPECT_EQ(distance.distance, 0.0);
  }
}

TEST(Gjk3, RotatedBoxEdgeAgainstFace) {
  const Box3<double> box{{1, 1, 1}};
  // B turned 45 degrees about z: its edge reaches sqrt(2) toward A.
  const Quat<double> turned = Quat<double>::fromAxisAngle({0, 0, 1}, std::acos(-1.0) / 4);
  const double reach = std::sqrt(2.0);
  const DistanceResult<V> result = distanceOf(box, at(0, 0, 0), box, at(1 + reach + 0.25, 0, 0, turned));
  EXPECT_NEAR(result.distance, 0.25, 1e-12);
  EXPECT_FALSE(intersect(box, at(0, 0, 0), box, at(1 + reach + 0.25, 0, 0, turned)).hit);
  EXPECT_TRUE(intersect(box, at(0, 0, 0), box, at(1 + reach - 0.25, 0, 0, turned)).hit);
}

TEST(Gjk3, RoundShapesAreExact) {
  const Sphere<double> sphere{{}, 0.5};
  const Capsule3<double> capsule{{0, -1, 0}, {0, 1, 0}, 0.25};
  const Cylinder<double> cylinder{1, 0.5};
  EXPECT_NEAR(distanceOf(sphere, at(0, 0, 0), sphere, at(0, 0, 3)).distance, 2.0, 1e-12);
  EXPECT_NEAR(distanceOf(sphere, at(0, 0, 0), capsule, at(2, 0.5, 0)).distance, 1.25, 1e-12);
  // A sphere above the cylinder's cap, then beside its rim.
  EXPECT_NEAR(distanceOf(sphere, at(0, 3, 0), cylinder, at(0, 0, 0)).distance, 1.5, 1e-9);
  EXPECT_NEAR(distanceOf(sphere, at(0, 0, 2), cylinder, at(0, 0, 0)).distance, 1.0, 1e-6);
  EXPECT_TRUE(intersect(sphere, at(0, 0, 0.9), cylinder, at(0, 0, 0)).hit);
  EXPECT_FALSE(intersect(sphere, at(0, 0, 1.1), cylinder, at(0, 0, 0)).hit);
}

TEST(Gjk3, TouchingFacesAreAHit) {
  const Box3<double> box{{1, 1, 1}};
  const GjkBooleanResult<V> result = intersect(box, at(0, 0, 0), box, at(2, 0, 0));
  EXPECT_TRUE(result.hit);
}

TEST(Gjk3, PointInsideTetrahedronAndTriangle) {
  const Point3<double> point{};
  const Triangle3<double> triangle{{-1, 0, -1}, {1, 0, -1}, {0, 0, 1}};
  EXPECT_TRUE(intersect(point, at(0, 0, 0), triangle, at(0, 0, 0)).hit);
  EXPECT_NEAR(distanceOf(point, at(0, 2, 0), triangle, at(0, 0, 0)).distance, 2.0, 1e-12);
  EXPECT_NEAR(distanceOf(point, at(0, 0, 3), triangle, at(0, 0, 0)).distance, 2.0, 1e-12);
}

TEST(Gjk3, NonFiniteInputStopsWithStatus) {
  const Box3<double> box{{1, 1, std::numeric_limits<double>::quiet_NaN()}};
  const GjkBooleanResult<V> result = intersect(box, at(0, 0, 0), Box3<double>{}, at(0.5, 0, 0));
  EXPECT_EQ(result.status, Status::InvalidInput);
  EXPECT_FALSE(result.hit);
  EXPECT_EQ(distanceOf(box, at(0, 0, 0), Box3<double>{}, at(0.5, 0, 0)).status, Status::InvalidInput);
}

TEST(Shapes3, ValidityNamesTheField) {
  EXPECT_TRUE(isValid(Shape3<double>{Box3<double>{}}));
  const ShapeCheck negative = isValid(Shape3<double>{Sphere<double>{{}, -1}});
  EXPECT_EQ(negative.fault, ShapeFault::Negative);
  EXPECT_EQ(negative.field, ShapeField::Radius);
  Mesh<double> mesh{{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, {{0, 1, 3}}};
  const ShapeCheck index = isValid(Shape3<double>{mesh});
  EXPECT_EQ(index.fault, ShapeFault::IndexRange);
  EXPECT_EQ(index.vertex, 0);
  EXPECT_EQ(index.value, 3.0);
  Collider3<double> rotated{Box3<double>{}, {{0, 0, 0}, {0, 0, 0, 0}}};
  EXPECT_EQ(isValid(rotated).field, ShapeField::Rotation);
}

TEST(Shapes3, BoundsOfRotatedBoxAndMesh) {
  const Quat<double> turned = Quat<double>::fromAxisAngle({0, 0, 1}, std::acos(-1.0) / 4);
  const Bounds<double, 3> box = bounds(Collider3<double>{Box3<double>{{1, 1, 1}}, {{1, 2, 3}, turned}});
  EXPECT_NEAR(box.min[0], 1 - std::sqrt(2.0), 1e-12);
  EXPECT_NEAR(box.max[1], 2 + std::sqrt(2.0), 1e-12);
  EXPECT_NEAR(box.max[2], 4, 1e-12);
  const Bounds<double, 3> mesh =
      bounds(Collider3<double>{Mesh<double>{{{0, 0, 0}, {1, 0, 0}, {0, 2, 0}}, {{0, 1, 2}}}, at(0, 0, 1)});
  EXPECT_EQ(mesh.max[1], 2.0);
  EXPECT_EQ(mesh.min[2], 1.0);
}

}  // namespace
}  // namespace collide
