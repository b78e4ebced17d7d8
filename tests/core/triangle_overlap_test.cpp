// The triangle-triangle test (Devillers-Guigue) on exact cases, then against a separating-axis reference on
// random triangles with integer corners, where every product is exact and touching is common.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <limits>

#include "collide/triangle_overlap.h"
#include "workloads/random.h"

namespace collide {
namespace {

using V = Vec3<double>;

bool overlap(V a, V b, V c, V d, V e, V f) {
  // The answer must not depend on the order of the triangles or the order (and winding) of their corners.
  const bool answer = trianglesOverlap(a, b, c, d, e, f);
  EXPECT_EQ(answer, trianglesOverlap(d, e, f, a, b, c));
  EXPECT_EQ(answer, trianglesOverlap(b, c, a, f, d, e));
  EXPECT_EQ(answer, trianglesOverlap(a, c, b, d, f, e));
  return answer;
}

TEST(TriangleOverlap, CrossingTriangles) {
  EXPECT_TRUE(overlap({-1, -1, 0}, {1, -1, 0}, {0, 1, 0}, {0, 0, -1}, {0, 0, 1}, {0, 2, 1}));
}

TEST(TriangleOverlap, SeparatedByAPlane) {
  EXPECT_FALSE(overlap({0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 0, 1}, {0, 1, 1}));
}

TEST(TriangleOverlap, SharedVertexTouches) {
  EXPECT_TRUE(overlap({0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 0}, {-1, 0, 1}, {0, -1, 1}));
}

TEST(TriangleOverlap, EdgeTouchingEdgeInDifferentPlanes) {
  // Edge x in [0, 2] at y = z = 0 of the first; the second's edge crosses it at (1, 0, 0), the rest above.
  EXPECT_TRUE(overlap({0, 0, 0}, {2, 0, 0}, {1, -2, 0}, {1, -1, 0}, {1, 1, 0}, {1, 0, 3}));
  // Lifted by one: a gap.
  EXPECT_FALSE(overlap({0, 0, 0}, {2, 0, 0}, {1, -2, 0}, {1, -1, 1}, {1, 1, 1}, {1, 0, 4}));
}

TEST(TriangleOverlap, VertexOnFace) {
  EXPECT_TRUE(overlap({-2, -2, 0}, {2, -2, 0}, {0, 2, 0}, {0, 0, 0}, {1, 0, 2}, {0, 1, 2}));
  EXPECT_FALSE(overlap({-2, -2, 0}, {2, -2, 0}, {0, 2, 0}, {0, 0, 1}, {1, 0, 2}, {0, 1, 2}));
}

TEST(TriangleOverlap, VertexTouchingAnEdgeFromAnotherPlane) {
  EXPECT_TRUE(overlap({0, 0, 0}, {2, 0, 0}, {0, 2, 0}, {1, 0, 0}, {1, -1, 1}, {2, -1, 1}));
}

TEST(TriangleOverlap, CoplanarOverlapAndContainmentAndGap) {
  EXPECT_TRUE(overlap({0, 0, 0}, {4, 0, 0}, {0, 4, 0}, {1, 1, 0}, {5, 1, 0}, {1, 5, 0}));    // edges cross
  EXPECT_TRUE(overlap({0, 0, 0}, {8, 0, 0}, {0, 8, 0}, {1, 1, 0}, {2, 1, 0}, {1, 2, 0}));    // one inside
  EXPECT_TRUE(overlap({0, 0, 0}, {2, 0, 0}, {0, 2, 0}, {2, 0, 0}, {4, 0, 0}, {3, 2, 0}));    // corner to corner
  EXPECT_TRUE(overlap({0, 0, 0}, {2, 0, 0}, {0, 2, 0}, {1, 1, 0}, {3, 1, 0}, {1, 3, 0}));    // vertex on edge
  EXPECT_FALSE(overlap({0, 0, 0}, {2, 0, 0}, {0, 2, 0}, {2, 2, 0}, {4, 2, 0}, {2, 4, 0}));   // a gap along x + y
  EXPECT_TRUE(overlap({0, 0, 5}, {2, 0, 5}, {0, 2, 5}, {0, 0, 5}, {0, 2, 5}, {-2, 0, 5}));   // shared edge
}

TEST(TriangleOverlap, CoplanarInATiltedPlane) {
  // The plane x + y + z = 3: no axis-aligned projection is special.
  EXPECT_TRUE(overlap({3, 0, 0}, {0, 3, 0}, {0, 0, 3}, {1, 1, 1}, {2, 1, 0}, {2, 0, 1}));
  EXPECT_FALSE(overlap({3, 0, 0}, {0, 3, 0}, {0, 0, 3}, {4, 0, -1}, {5, -1, -1}, {4, -1, 0}));
}

TEST(TriangleOverlap, DegenerateTrianglesAreSegments) {
  // A zero-area triangle (a segment from (0,0,-1) to (0,0,1)) through a face, and beside it.
  EXPECT_TRUE(overlap({0, 0, -1}, {0, 0, 1}, {0, 0, 0}, {-1, -1, 0}, {1, -1, 0}, {0, 1, 0}));
  EXPECT_FALSE(overlap({5, 0, -1}, {5, 0, 1}, {5, 0, 0}, {-1, -1, 0}, {1, -1, 0}, {0, 1, 0}));
  // Two segments crossing, two parallel apart, two collinear overlapping, a point on a segment.
  EXPECT_TRUE(overlap({-1, 0, 0}, {1, 0, 0}, {0, 0, 0}, {0, -1, 0}, {0, 1, 0}, {0, 0, 0}));
  EXPECT_FALSE(overlap({-1, 0, 0}, {1, 0, 0}, {0, 0, 0}, {-1, 1, 0}, {1, 1, 0}, {0, 1, 0}));
  EXPECT_TRUE(overlap({0, 0, 0}, {2, 0, 0}, {1, 0, 0}, {1, 0, 0}, {3, 0, 0}, {2, 0, 0}));
  EXPECT_TRUE(overlap({1, 0, 0}, {1, 0, 0}, {1, 0, 0}, {0, 0, 0}, {2, 0, 0}, {1, 0, 0}));
  EXPECT_FALSE(overlap({1, 1, 0}, {1, 1, 0}, {1, 1, 0}, {0, 0, 0}, {2, 0, 0}, {1, 0, 0}));
}

TEST(TriangleOverlap, NonFiniteAnswersNo) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_FALSE(trianglesOverlap<double>({nan, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}));
}

// Separating axes of two closed triangles: both normals, the 9 edge products and each normal crossed with each
// edge (the in-plane axes of the coplanar case). Exact on integer corners.
bool satReference(const std::array<V, 3>& a, const std::array<V, 3>& b) {
  std::array<V, 3> ea, eb;
  for (int i = 0; i < 3; ++i) {
    ea[i] = a[(i + 1) % 3] - a[i];
    eb[i] = b[(i + 1) % 3] - b[i];
  }
  const V na = cross(ea[0], ea[1]), nb = cross(eb[0], eb[1]);
  std::array<V, 17> axes{na, nb};
  int count = 2;
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) axes[count++] = cross(ea[i], eb[j]);
  }
  for (int i = 0; i < 3; ++i) axes[count++] = cross(na, ea[i]);
  for (int i = 0; i < 3; ++i) axes[count++] = cross(nb, eb[i]);
  for (const V axis : axes) {
    if (axis == V{}) continue;
    double minA = dot(a[0], axis), maxA = minA, minB = dot(b[0], axis), maxB = minB;
    for (int i = 1; i < 3; ++i) {
      minA = std::min(minA, dot(a[i], axis));
      maxA = std::max(maxA, dot(a[i], axis));
      minB = std::min(minB, dot(b[i], axis));
      maxB = std::max(maxB, dot(b[i], axis));
    }
    if (maxA < minB || maxB < minA) return false;
  }
  return true;
}

TEST(TriangleOverlap, MatchesSeparatingAxesOnAnIntegerGrid) {
  SplitMix64 random(12);
  int hits = 0, coplanarPairs = 0;
  const int pairs = 40000;
  for (int n = 0; n < pairs; ++n) {
    std::array<V, 3> a, b;
    // A flat z = 0 layer half the time, so coplanar and touching pairs are common.
    const bool flat = random.integer(0, 1) == 0;
    for (auto* t : {&a, &b}) {
      for (V& p : *t) p = {double(random.integer(-3, 3)), double(random.integer(-3, 3)), flat ? 0.0 : double(random.integer(-3, 3))};
    }
    const V na = cross(a[1] - a[0], a[2] - a[0]), nb = cross(b[1] - b[0], b[2] - b[0]);
    if (na == V{} || nb == V{}) continue;  // the reference's axes assume area; segments are tested above
    coplanarPairs += flat ? 1 : 0;
    const bool expected = satReference(a, b);
    hits += expected ? 1 : 0;
    ASSERT_EQ(trianglesOverlap(a[0], a[1], a[2], b[0], b[1], b[2]), expected)
        << "pair " << n << ": (" << a[0].x << "," << a[0].y << "," << a[0].z << ") (" << a[1].x << "," << a[1].y
        << "," << a[1].z << ") (" << a[2].x << "," << a[2].y << "," << a[2].z << ") vs (" << b[0].x << "," << b[0].y
        << "," << b[0].z << ") (" << b[1].x << "," << b[1].y << "," << b[1].z << ") (" << b[2].x << "," << b[2].y
        << "," << b[2].z << ")";
  }
  EXPECT_GT(hits, pairs / 10);
  EXPECT_GT(coplanarPairs, pairs / 4);
}

}  // namespace
}  // namespace collide
