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

// The mid-phase lab's words for a triangle test come from explainTrianglesOverlap: its verdict is the test's, and
// its numbers show the case. Hand cases first: a plane separates; the stretches on the common line miss; an edge
// crosses.
TEST(TriangleOverlapWhy, NamesTheCaseWithItsNumbers) {
  const TriangleWhy<double> above = explainTrianglesOverlap<double>({0, 0, 1}, {1, 0, 2}, {0, 1, 3}, {0, 0, 0}, {4, 0, 0}, {0, 4, 0});
  EXPECT_FALSE(above.overlap);
  ASSERT_EQ(above.kind, TriangleCase::ApartByPlaneOfB);
  EXPECT_DOUBLE_EQ(std::abs(above.distances[0]), 1.0);
  EXPECT_DOUBLE_EQ(std::abs(above.distances[1]), 2.0);
  EXPECT_DOUBLE_EQ(std::abs(above.distances[2]), 3.0);
  // Each crosses the other's plane (the second stands in y = 1, across z = 0), but on their common line y = 1, z = 0
  // the first covers x in [0, 3] and the second [5.5, 6.5]: 2.5 apart.
  const TriangleWhy<double> beside = explainTrianglesOverlap<double>({0, 0, 0}, {4, 0, 0}, {0, 4, 0}, {5, 1, -1}, {7, 1, -1}, {6, 1, 1});
  EXPECT_FALSE(beside.overlap);
  ASSERT_EQ(beside.kind, TriangleCase::ApartOnLine);
  EXPECT_NEAR(std::abs(beside.line.x), 1.0, 1e-15);
  const double gap = std::max(beside.stretchA[0], beside.stretchB[0]) - std::min(beside.stretchA[1], beside.stretchB[1]);
  EXPECT_NEAR(gap, 2.5, 1e-12);
  EXPECT_NEAR(beside.stretchA[1] - beside.stretchA[0], 3.0, 1e-12);
  // A vertical triangle in the plane x = y through the first: the first's edge from (4, 0, 0) to (0, 4, 0) passes
  // through it at (2, 2, 0) (its own edges are looked at first; the second's edge at x = y = 1 crosses too).
  const TriangleWhy<double> crossing = explainTrianglesOverlap<double>({0, 0, 0}, {4, 0, 0}, {0, 4, 0}, {1, 1, -1}, {1, 1, 1}, {9, 9, 1});
  EXPECT_TRUE(crossing.overlap);
  ASSERT_EQ(crossing.kind, TriangleCase::Crossing);
  EXPECT_TRUE(crossing.edgeOfFirst);
  EXPECT_EQ(crossing.edge, 1);
  EXPECT_DOUBLE_EQ(crossing.point.x, 2.0);
  EXPECT_DOUBLE_EQ(crossing.point.y, 2.0);
  EXPECT_DOUBLE_EQ(crossing.point.z, 0.0);
}

// On random triangles: the verdict is trianglesOverlap's; a separating plane has the other's corners all on one side;
// disjoint stretches when the test says apart after both planes, sharing a point when it says they overlap; a crossing
// edge's point lies in the other's plane and inside it.
TEST(TriangleOverlapWhy, AgreesWithTheTestOnRandomTriangles) {
  SplitMix64 random(34);
  int counts[7] = {};
  for (int n = 0; n < 20000; ++n) {
    std::array<V, 3> a, b;
    for (auto* t : {&a, &b})
      for (V& p : *t) p = {random.uniform(-1.0, 1.0), random.uniform(-1.0, 1.0), random.uniform(-1.0, 1.0)};
    const TriangleWhy<double> why = explainTrianglesOverlap(a[0], a[1], a[2], b[0], b[1], b[2]);
    ASSERT_EQ(why.overlap, trianglesOverlap(a[0], a[1], a[2], b[0], b[1], b[2])) << n;
    ++counts[static_cast<int>(why.kind)];
    switch (why.kind) {
      case TriangleCase::ApartByPlaneOfB:
      case TriangleCase::ApartByPlaneOfA:
        EXPECT_FALSE(why.overlap);
        EXPECT_TRUE((why.distances[0] > 0) == (why.distances[1] > 0) && (why.distances[1] > 0) == (why.distances[2] > 0)) << n;
        break;
      case TriangleCase::ApartOnLine:
        EXPECT_GT(std::max(why.stretchA[0], why.stretchB[0]), std::min(why.stretchA[1], why.stretchB[1]) - 1e-12) << n;
        break;
      case TriangleCase::Crossing: {
        EXPECT_LE(std::max(why.stretchA[0], why.stretchB[0]), std::min(why.stretchA[1], why.stretchB[1]) + 1e-12) << n;
        ASSERT_GE(why.edge, 0) << n;
        const std::array<V, 3>& other = why.edgeOfFirst ? b : a;
        const V normal = normalize(cross(other[1] - other[0], other[2] - other[0]));
        EXPECT_NEAR(dot(why.point - other[0], normal), 0.0, 1e-12) << n;
        break;
      }
      default: break;
    }
  }
  EXPECT_GT(counts[static_cast<int>(TriangleCase::ApartByPlaneOfB)], 100);
  EXPECT_GT(counts[static_cast<int>(TriangleCase::ApartByPlaneOfA)], 100);
  EXPECT_GT(counts[static_cast<int>(TriangleCase::ApartOnLine)], 100);
  EXPECT_GT(counts[static_cast<int>(TriangleCase::Crossing)], 100);
}

}  // namespace
}  // namespace collide
