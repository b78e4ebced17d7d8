// Concave polygons: refusals name the edges or the vertex; ear clipping covers the outline's area with n - 2
// triangles; Hertel-Mehlhorn's parts are convex polygons covering the same area, at most 2r + 1 of them.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <vector>

#include "collide/concave.h"
#include "collide/gjk.h"
#include "collide/polygon.h"
#include "workloads/random.h"

namespace collide {
namespace {

using V = Vec2<double>;

ConvexDecomposition<double> decompose(const std::vector<V>& outline) { return decomposeConcave<double>(outline); }

double area(const std::vector<V>& outline) { return signedArea<double>(outline); }

void expectCovering(const std::vector<V>& outline, const ConvexDecomposition<double>& d) {
  ASSERT_TRUE(d.ok()) << d.error;
  double triangles = 0;
  for (const auto& t : d.triangles) {
    const double a = 0.5 * cross(outline[t[1]] - outline[t[0]], outline[t[2]] - outline[t[0]]);
    EXPECT_GT(a, 0.0);
    triangles += a;
  }
  EXPECT_NEAR(triangles, area(outline), 1e-9 * std::abs(area(outline)));
  double parts = 0;
  ASSERT_EQ(d.parts.size(), d.polygons.size());
  for (const Polygon<double>& polygon : d.polygons) {
    std::vector<V> corners(polygon.vertices.begin(), polygon.vertices.begin() + polygon.count);
    EXPECT_TRUE(makePolygon<double>(corners).polygon.has_value());  // convex, counter-clockwise, clean
    parts += area(corners);
  }
  EXPECT_NEAR(parts, area(outline), 1e-9 * std::abs(area(outline)));
  EXPECT_LE(static_cast<int>(d.parts.size()), 2 * d.reflexVertices + 1);
}

TEST(Concave, ConvexOutlineIsOnePart) {
  const std::vector<V> square{{0, 0}, {2, 0}, {2, 2}, {0, 2}};
  const auto d = decompose(square);
  expectCovering(square, d);
  EXPECT_EQ(d.triangles.size(), 2u);
  EXPECT_EQ(d.parts.size(), 1u);
}

TEST(Concave, LShapeIsTwoParts) {
  const std::vector<V> l{{0, 0}, {3, 0}, {3, 1}, {1, 1}, {1, 3}, {0, 3}};
  const auto d = decompose(l);
  expectCovering(l, d);
  EXPECT_EQ(d.reflexVertices, 1);
  EXPECT_EQ(d.parts.size(), 2u);
}

TEST(Concave, StarAndCombAndCollinearCorners) {
  std::vector<V> star;
  for (int i = 0; i < 10; ++i) {
    const double r = i % 2 == 0 ? 2.0 : 0.8, angle = std::numbers::pi * i / 5;
    star.push_back({r * std::cos(angle), r * std::sin(angle)});
  }
  expectCovering(star, decompose(star));
  const std::vector<V> comb{{0, 0}, {5, 0}, {5, 3}, {4, 3}, {4, 1}, {3, 1}, {3, 3}, {2, 3}, {2, 1}, {1, 1}, {1, 3}, {0, 3}};
  expectCovering(comb, decompose(comb));
  // A vertex in the middle of an edge (collinear neighbours) is a corner of no triangle's interior angle.
  const std::vector<V> withMidpoint{{0, 0}, {1, 0}, {2, 0}, {2, 2}, {0, 2}};
  const auto d = decompose(withMidpoint);
  expectCovering(withMidpoint, d);
  EXPECT_EQ(d.parts.size(), 1u);
  EXPECT_EQ(d.polygons[0].count, 4);
}

TEST(Concave, RandomStarShapedOutlines) {
  SplitMix64 random(77);
  for (int trial = 0; trial < 300; ++trial) {
    const int n = random.integer(3, 60);
    std::vector<V> outline;
    for (int i = 0; i < n; ++i) {
      const double angle = 2 * std::numbers::pi * (i + random.uniform(0.0, 0.8)) / n;
      const double r = random.uniform(0.3, 2.0);
      outline.push_back({r * std::cos(angle), r * std::sin(angle)});
    }
    expectCovering(outline, decompose(outline));
  }
}

TEST(Concave, PartsWorkWithTheNarrowPhase) {
  // A comb with teeth 0.8 wide and gaps 1.2 wide, and its copy turned upside down with two teeth in the gaps: no
  // part touches a part of the other; lowered by one, the teeth reach the base.
  const std::vector<V> comb{{0, 0}, {4.8, 0}, {4.8, 3}, {4, 3}, {4, 1}, {2.8, 1},
                            {2.8, 3}, {2, 3}, {2, 1}, {0.8, 1}, {0.8, 3}, {0, 3}};
  const auto d = decompose(comb);
  expectCovering(comb, d);
  const auto anyOverlap = [&](Transform<double> xfB) {
    for (const auto& a : d.polygons) {
      for (const auto& b : d.polygons) {
        std::vector<V> moved;
        for (int i = 0; i < b.count; ++i) moved.push_back(xfB.apply(b.vertices[i]));
        if (gjkIntersect(a, makeConvexPolygon<double>(moved)).hit) return true;
      }
    }
    return false;
  };
  EXPECT_FALSE(anyOverlap({{5.8, 4.5}, Rot<double>{-1, 0}}));
  EXPECT_TRUE(anyOverlap({{5.8, 3.5}, Rot<double>{-1, 0}}));
}

TEST(Concave, MidPhaseFindsThePartPairsBruteForceFinds) {
  SplitMix64 random(91);
  for (int trial = 0; trial < 60; ++trial) {
    std::array<std::vector<V>, 2> outlines;
    for (auto& outline : outlines) {
      const int n = random.integer(5, 40);
      for (int i = 0; i < n; ++i) {
        const double angle = 2 * std::numbers::pi * (i + random.uniform(0.0, 0.8)) / n;
        const double r = random.uniform(0.3, 2.0);
        outline.push_back({r * std::cos(angle), r * std::sin(angle)});
      }
    }
    const auto a = decompose(outlines[0]), b = decompose(outlines[1]);
    ASSERT_TRUE(a.ok() && b.ok());
    const Transform<double> xfA{{random.uniform(-1, 1), random.uniform(-1, 1)}, Rot<double>{std::cos(0.3), std::sin(0.3)}};
    const double angle = random.angle();
    const Transform<double> xfB{{random.uniform(-2, 2), random.uniform(-2, 2)}, Rot<double>{std::cos(angle), std::sin(angle)}};
    std::vector<std::array<int, 2>> expected;
    for (int i = 0; i < static_cast<int>(a.polygons.size()); ++i) {
      for (int j = 0; j < static_cast<int>(b.polygons.size()); ++j) {
        std::vector<V> pa, pb;
        for (int k = 0; k < a.polygons[i].count; ++k) pa.push_back(xfA.apply(a.polygons[i].vertices[k]));
        for (int k = 0; k < b.polygons[j].count; ++k) pb.push_back(xfB.apply(b.polygons[j].vertices[k]));
        if (gjkIntersect(makeConvexPolygon<double>(pa), makeConvexPolygon<double>(pb)).hit) expected.push_back({i, j});
      }
    }
    const ConcavePairs<double> found = overlappingParts(a, xfA, b, xfB);
    EXPECT_EQ(found.status, Status::Converged);
    EXPECT_EQ(found.pairs, expected) << "trial " << trial;
    EXPECT_LE(found.partTests, static_cast<int>(a.polygons.size() * b.polygons.size()));
  }
}

TEST(Concave, RefusalsNameTheProblem) {
  EXPECT_EQ(decompose({{0, 0}, {1, 0}}).error, "a concave polygon needs 3 to 1024 vertices, got 2");
  auto bowtie = decompose({{0, 0}, {2, 2}, {2, 0}, {0, 2}});
  EXPECT_EQ(bowtie.error, "edges 0 and 2 intersect");
  EXPECT_EQ(bowtie.edgeA, 0);
  EXPECT_EQ(bowtie.edgeB, 2);
  EXPECT_EQ(decompose({{0, 0}, {2, 0}, {2, 2}, {2, 2}, {0, 2}}).error, "vertex 3 repeats vertex 2");
  EXPECT_EQ(decompose({{0, 0}, {0, 2}, {2, 2}, {2, 0}}).error, "vertices are clockwise; list them counter-clockwise");
  EXPECT_EQ(decompose({{0, 0}, {1, 0}, {2, 0}}).error, "edges 0 and 2 intersect");  // no area: the last edge doubles back
  // An edge folding back over its neighbour, and a vertex touching a far edge.
  EXPECT_EQ(decompose({{0, 0}, {2, 0}, {1, 0}, {1, 2}}).error, "edges 0 and 1 intersect");
  EXPECT_EQ(decompose({{0, 0}, {4, 0}, {4, 4}, {2, 0}, {0, 4}}).error, "edges 0 and 2 intersect");
  const double nan = std::nan("");
  EXPECT_EQ(decompose({{0, 0}, {nan, 0}, {0, 1}}).vertex, 1);
}

}  // namespace
}  // namespace collide
