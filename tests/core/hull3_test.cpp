// makeHull (hull3.h): Quickhull with coplanar faces merged, its refusals, and the validate mode.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <set>
#include <span>
#include <utility>
#include <vector>

#include "collide/hull3.h"

namespace collide {
namespace {

using V = Vec3<double>;

std::vector<V> cubeCorners(double h) {
  std::vector<V> corners;
  for (const V& c : Box3<double>{{h, h, h}}.corners()) corners.push_back(c);
  return corners;
}

// The invariants hull3.h promises, on any built hull.
template <Scalar S>
void expectWellFormed(const Hull<S>& hull, std::span<const Vec3<S>> input, S tolerance) {
  const int v = static_cast<int>(hull.vertices.size());
  const int e = static_cast<int>(hull.edges.size());
  const int f = static_cast<int>(hull.faces.size());
  EXPECT_EQ(v - e + f, 2) << "Euler: V " << v << " E " << e << " F " << f;
  EXPECT_LE(f, 2 * v - 4);
  EXPECT_LE(e, 3 * v - 6);
  // Each vertex is an input point, bit for bit.
  for (const Vec3<S>& vertex : hull.vertices) {
    EXPECT_NE(std::find(input.begin(), input.end(), vertex), input.end());
  }
  std::vector<int> facesAround(v, 0);
  for (int i = 0; i < f; ++i) {
    const HullFace<S>& face = hull.faces[i];
    EXPECT_GE(face.count, 3);
    EXPECT_NEAR(static_cast<double>(length(face.normal)), 1.0, 1e-5);
    for (int k = 0; k < face.count; ++k) {
      const Vec3<S>& a = hull.vertices[hull.faceVertices[face.first + k]];
      const Vec3<S>& b = hull.vertices[hull.faceVertices[face.first + (k + 1) % face.count]];
      const Vec3<S>& c = hull.vertices[hull.faceVertices[face.first + (k + 2) % face.count]];
      // Counter-clockwise seen from outside and convex: no corner dents inside its chord beyond the tolerance.
      EXPECT_GE(dot(cross(b - a, c - a), face.normal) / length(c - a), -tolerance) << "face " << i << " corner " << k;
      EXPECT_LE(std::abs(dot(face.normal, a) - face.offset), tolerance) << "face " << i << " vertex off its plane";
      ++facesAround[hull.faceVertices[face.first + k]];
    }
    // Every input point inside or on every face plane.
    for (const Vec3<S>& point : input) EXPECT_LE(dot(face.normal, point) - face.offset, tolerance);
  }
  for (int i = 0; i < v; ++i) EXPECT_GE(facesAround[i], 3) << "vertex " << i << " lies on an edge or a face";
  // Edges: a -> b in faceA's loop, b -> a in faceB's loop, each pair once.
  std::set<std::pair<int, int>> seen;
  const auto hasDirected = [&](int faceIndex, int a, int b) {
    const HullFace<S>& face = hull.faces[faceIndex];
    for (int k = 0; k < face.count; ++k) {
      if (hull.faceVertices[face.first + k] == a && hull.faceVertices[face.first + (k + 1) % face.count] == b) {
        return true;
      }
    }
    return false;
  };
  for (const HullEdge& edge : hull.edges) {
    EXPECT_TRUE(seen.insert({std::min(edge.a, edge.b), std::max(edge.a, edge.b)}).second);
    EXPECT_TRUE(hasDirected(edge.faceA, edge.a, edge.b));
    EXPECT_TRUE(hasDirected(edge.faceB, edge.b, edge.a));
    // No two faces in one plane left unmerged: some vertex of faceB lies below faceA's plane.
    const HullFace<S>& faceA = hull.faces[edge.faceA];
    const HullFace<S>& faceB = hull.faces[edge.faceB];
    S below = S(0);
    for (int k = 0; k < faceB.count; ++k) {
      below = std::max(below, faceA.offset - dot(faceA.normal, hull.vertices[hull.faceVertices[faceB.first + k]]));
    }
    EXPECT_GT(below, S(0));
  }
  // The centre strictly inside.
  for (const HullFace<S>& face : hull.faces) EXPECT_LT(dot(face.normal, hull.center), face.offset);
}

TEST(Hull3, CubeHasSixQuadFacesAndTwelveEdges) {
  const std::vector<V> corners = cubeCorners(1);
  const HullBuildResult<double> built = makeHull<double>(corners);
  ASSERT_TRUE(built.hull) << built.error;
  const Hull<double>& hull = *built.hull;
  EXPECT_EQ(hull.vertices.size(), 8u);
  EXPECT_EQ(hull.faces.size(), 6u);
  EXPECT_EQ(hull.edges.size(), 12u);
  for (const HullFace<double>& face : hull.faces) {
    EXPECT_EQ(face.count, 4);
    EXPECT_NEAR(face.offset, 1.0, 1e-15);
  }
  EXPECT_EQ(hull.vertices, corners);  // input order kept
  expectWellFormed<double>(hull, corners, 1e-12);
}

TEST(Hull3, CubeDropsInteriorFaceAndEdgePoints) {
  std::vector<V> points = {{0, 0, 0}, {0.5, -0.25, 0.1}, {1, 0, 0}, {0, 1, 0.5}, {1, 1, 0}, {-0.3, 0.2, -0.9}};
  for (const V& corner : cubeCorners(1)) points.push_back(corner);
  points.push_back({1, 1, 1});  // a duplicate corner
  const HullBuildResult<double> built = makeHull<double>(points);
  ASSERT_TRUE(built.hull) << built.error;
  EXPECT_EQ(built.hull->vertices.size(), 8u);
  EXPECT_EQ(built.hull->faces.size(), 6u);
  EXPECT_EQ(built.hull->edges.size(), 12u);
  expectWellFormed<double>(*built.hull, points, 1e-12);
}

// A box turned and moved far away: its corners are coplanar only to rounding, in double and in float.
template <Scalar S>
void rotatedTranslatedBox(S tolerance) {
  const Quat<S> q = Quat<S>::fromEuler(S(0.3), S(-0.7), S(1.1));
  std::vector<Vec3<S>> points;
  for (const Vec3<S>& corner : Box3<S>{{S(0.5), S(2), S(0.125)}}.corners()) {
    points.push_back(q.apply(corner) + Vec3<S>{S(1e3), S(-2e3), S(5e2)});
  }
  const HullBuildResult<S> built = makeHull<S>(points);
  ASSERT_TRUE(built.hull) << built.error;
  EXPECT_EQ(built.hull->faces.size(), 6u);
  EXPECT_EQ(built.hull->edges.size(), 12u);
  expectWellFormed<S>(*built.hull, points, tolerance);
}

TEST(Hull3, RotatedTranslatedBoxMergesItsFaces) {
  rotatedTranslatedBox<double>(1e-9);
  rotatedTranslatedBox<float>(1e-2f);
}

// An octahedron whose vertices Quickhull may meet after points in the middle of its edges.
TEST(Hull3, OctahedronWithEdgeMidpoints) {
  std::vector<V> points = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
  const std::vector<V> corners = points;
  for (std::size_t i = 0; i < corners.size(); ++i) {
    for (std::size_t j = i + 1; j < corners.size(); ++j) {
      if (dot(corners[i], corners[j]) == 0.0) points.insert(points.begin(), 0.5 * (corners[i] + corners[j]));
    }
  }
  const HullBuildResult<double> built = makeHull<double>(points);
  ASSERT_TRUE(built.hull) << built.error;
  EXPECT_EQ(built.hull->vertices.size(), 6u);
  EXPECT_EQ(built.hull->faces.size(), 8u);
  EXPECT_EQ(built.hull->edges.size(), 12u);
  expectWellFormed<double>(*built.hull, points, 1e-12);
}

template <Scalar S>
void randomClouds(int trials, double tolerance) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<S> coordinate(S(-1), S(1));
  std::uniform_int_distribution<int> size(4, 64);
  for (int trial = 0; trial < trials; ++trial) {
    std::vector<Vec3<S>> points(size(rng));
    for (Vec3<S>& p : points) p = {coordinate(rng), coordinate(rng), S(0.25) * coordinate(rng)};
    const HullBuildResult<S> built = makeHull<S>(points);
    ASSERT_TRUE(built.hull) << built.error;
    expectWellFormed<S>(*built.hull, points, static_cast<S>(tolerance));
  }
}

TEST(Hull3, RandomCloudsDouble) { randomClouds<double>(300, 1e-9); }
TEST(Hull3, RandomCloudsFloat) { randomClouds<float>(300, 2e-3); }

// Points on a grid: many exactly coplanar and collinear points, the hull is the grid's box.
TEST(Hull3, GridGivesItsBox) {
  std::vector<V> points;
  for (int x = 0; x < 4; ++x) {
    for (int y = 0; y < 3; ++y) {
      for (int z = 0; z < 5; ++z) points.push_back({0.1 * x, 0.1 * y, 0.1 * z});
    }
  }
  const HullBuildResult<double> built = makeHull<double>(points);
  ASSERT_TRUE(built.hull) << built.error;
  EXPECT_EQ(built.hull->vertices.size(), 8u);
  EXPECT_EQ(built.hull->faces.size(), 6u);
  EXPECT_EQ(built.hull->edges.size(), 12u);
  expectWellFormed<double>(*built.hull, points, 1e-12);
}

// Coordinates on a small lattice: many coplanar, collinear and duplicate points (the hard inputs for Quickhull).
TEST(Hull3, LatticeClouds) {
  std::mt19937 rng(5);
  std::uniform_int_distribution<int> coordinate(-2, 2);
  std::uniform_int_distribution<int> size(8, 60);
  int built = 0;
  for (int trial = 0; trial < 300; ++trial) {
    std::vector<V> points(size(rng));
    for (V& p : points) p = {0.5 * coordinate(rng), 0.5 * coordinate(rng), 0.5 * coordinate(rng)};
    const HullBuildResult<double> result = makeHull<double>(points);
    if (!result.hull) continue;  // a coplanar draw is refused, as tested above
    ++built;
    expectWellFormed<double>(*result.hull, points, 1e-12);
  }
  EXPECT_GT(built, 250);
}

TEST(Hull3, PointsOnASphereFloat) {
  std::mt19937 rng(13);
  std::normal_distribution<float> gauss;
  std::vector<Vec3<float>> points(kMaxHullPoints);
  for (Vec3<float>& p : points) p = normalize(Vec3<float>{gauss(rng), gauss(rng), gauss(rng)});
  const HullBuildResult<float> built = makeHull<float>(points);
  ASSERT_TRUE(built.hull) << built.error;
  EXPECT_GT(built.hull->vertices.size(), 900u);
  // Merged faces are flat within twice the tolerance (vertices within it of the seed's plane, the offset at
  // the farthest); the cloud's size is its box diagonal, under 2 sqrt(3).
  expectWellFormed<float>(*built.hull, points, 2 * 3.5f * kHullRelativeTolerance<float>);
}

TEST(Hull3, PointsOnASphere) {
  std::mt19937 rng(11);
  std::normal_distribution<double> gauss;
  std::vector<V> points(500);
  for (V& p : points) p = 3.0 * normalize(V{gauss(rng), gauss(rng), gauss(rng)});
  const HullBuildResult<double> built = makeHull<double>(points);
  ASSERT_TRUE(built.hull) << built.error;
  EXPECT_EQ(built.hull->vertices.size(), points.size());  // every point on a sphere is a vertex
  expectWellFormed<double>(*built.hull, points, 1e-9);
  // Most faces are triangles: random points on a sphere have no four coplanar.
  EXPECT_EQ(built.hull->faces.size(), 2 * points.size() - 4);
}

TEST(Hull3, RefusesTooFewPoints) {
  const std::vector<V> three = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  const HullBuildResult<double> built = makeHull<double>(three);
  EXPECT_FALSE(built.hull);
  EXPECT_EQ(built.error, "a hull needs at least 4 points; got 3");
}

TEST(Hull3, RefusesTooManyPoints) {
  std::vector<V> points(kMaxHullPoints + 1);
  for (std::size_t i = 0; i < points.size(); ++i) points[i] = {std::cos(0.1 * i), std::sin(0.1 * i), 0.01 * i};
  const HullBuildResult<double> built = makeHull<double>(points);
  EXPECT_FALSE(built.hull);
  EXPECT_EQ(built.error, "a hull takes at most 1024 points; got 1025");
}

TEST(Hull3, RefusesDegenerateClouds) {
  const std::vector<V> same = {{1, 2, 3}, {1, 2, 3}, {1, 2, 3}, {1, 2, 3}, {1, 2, 3}};
  EXPECT_EQ(makeHull<double>(same).error,
            "all points coincide: they lie within 3e-12 of one point (1e-12 of the hull's size 3); a hull needs 4 points "
            "that span a volume");
  const std::vector<V> line = {{0, 0, 0}, {1, 1, 1}, {2, 2, 2}, {-3, -3, -3}, {0.5, 0.5, 0.5}};
  EXPECT_EQ(makeHull<double>(line).error,
            "all points are collinear: they lie within 8.66e-12 of one line (1e-12 of the hull's size 8.66); a hull needs "
            "4 points that span a volume: give a segment, or a thin capsule");
  // The width under which the refusal says "coplanar", relative to the size (here the largest coordinate, 5), and
  // what to give instead (review s34, A11: the message named no tolerance).
  const std::vector<V> plane = {{0, 0, 5}, {1, 0, 5}, {0, 1, 5}, {1, 1, 5}, {0.3, 0.2, 5}};
  EXPECT_EQ(makeHull<double>(plane).error,
            "all points are coplanar: they lie within 5e-12 of one plane (1e-12 of the hull's size 5); a hull needs 4 "
            "points that span a volume: give a thin box (a small half extent), or a triangle");
  // Coplanar to rounding: a tilted plane at a large offset.
  const Quat<double> q = Quat<double>::fromEuler(0.2, 0.4, 0.6);
  std::vector<V> tilted;
  for (const V& p : plane) tilted.push_back(q.apply(p) + V{1e6, 0, 0});
  EXPECT_EQ(makeHull<double>(tilted).error.rfind("all points are coplanar: they lie within 1e-06 of one plane", 0), 0u)
      << makeHull<double>(tilted).error;
}

// A plate's corners: w x h, `thickness` thick.
std::vector<V> plate(double w, double h, double thickness) {
  return {{0, 0, 0}, {w, 0, 0}, {0, h, 0}, {w, h, 0}, {0, 0, thickness}, {w, 0, thickness}, {0, h, thickness}, {w, h, thickness}};
}

// Thin plates are hulls, not coplanar clouds (review s34, A11): a unit plate 1e-8 thick and a 1000 x 1000 one 1e-6
// thick were refused under a tolerance of 1.5e-8 of their size, while a box 1e-9 thick works. A thin cloud's
// tolerance is a hundredth of its width.
TEST(Hull3, ThinPlatesAreBuilt) {
  for (const auto& [w, thickness] : {std::pair{1.0, 1e-8}, {1000.0, 1e-6}, {1.0, 1e-10}, {1.0, 1e-11}}) {
    const std::vector<V> corners = plate(w, w, thickness);
    const HullBuildResult<double> built = makeHull<double>(corners);
    ASSERT_TRUE(built.hull) << w << " x " << thickness << ": " << built.error;
    EXPECT_EQ(built.hull->vertices.size(), 8u);
    EXPECT_EQ(built.hull->faces.size(), 6u) << w << " x " << thickness;
    expectWellFormed<double>(*built.hull, corners, 1e-3 * thickness);
    // Its depth along z is its thickness: the support's extremes.
    EXPECT_EQ(built.hull->support({0, 0, 1}).z - built.hull->support({0, 0, -1}).z, thickness);
  }
  // Turned and moved: still a closed hull of its 8 corners.
  const Quat<double> q = Quat<double>::fromEuler(0.3, -0.5, 0.7);
  std::vector<V> turned;
  for (const V& p : plate(1, 1, 1e-8)) turned.push_back(q.apply(p) + V{2, -1, 3});
  const HullBuildResult<double> built = makeHull<double>(turned);
  ASSERT_TRUE(built.hull) << built.error;
  EXPECT_EQ(built.hull->vertices.size(), 8u);
  // Floats: the plate 1e-8 thick, as float reads it.
  std::vector<Vec3<float>> floats;
  for (const V& p : plate(1, 1, 1e-8)) floats.push_back(p.cast<float>());
  const HullBuildResult<float> inFloat = makeHull<float>(floats);
  ASSERT_TRUE(inFloat.hull) << inFloat.error;
  EXPECT_EQ(inFloat.hull->vertices.size(), 8u);
  // Below a millionth of a millionth of its size a plate is refused, saying so.
  EXPECT_EQ(makeHull<double>(plate(1, 1, 1e-13)).error.rfind("all points are coplanar: they lie within 1.41e-12 of one plane", 0), 0u)
      << makeHull<double>(plate(1, 1, 1e-13)).error;
}

// The points Quickhull drops are named with the reason, and kept with the hull (review s34, A11: 16 pasted points
// showed as 8 and were saved as 8).
TEST(Hull3, DroppedPointsAreNamedAndKept) {
  std::vector<V> points = cubeCorners(0.5);
  const V top = points[6];
  for (const V& extra : std::vector<V>{top, top, {0, 0, 0.5}, {0, 0, -0.5}, {0.5, 0, 0}, {0, 0.5, 0.5}, {0.25, 0.25, 0.5}, {0, 0, 0}})
    points.push_back(extra);
  const HullBuildResult<double> built = makeHull<double>(points);
  ASSERT_TRUE(built.hull) << built.error;
  EXPECT_EQ(built.hull->vertices.size(), 8u);
  EXPECT_EQ(built.dropped, "16 points given: 8 vertices; dropped: points 8 and 9 (= point 6), 10-14 on a face or an edge, 15 inside");
  EXPECT_EQ(built.hull->givenPoints, points);
  // One point dropped reads in the singular; a hull of vertices only keeps no copy and says nothing.
  std::vector<V> one = cubeCorners(1);
  one.push_back({0, 0, 0});
  EXPECT_EQ(makeHull<double>(one).dropped, "9 points given: 8 vertices; dropped: point 8 inside");
  const HullBuildResult<double> cube = makeHull<double>(cubeCorners(1));
  EXPECT_EQ(cube.dropped, "");
  EXPECT_TRUE(cube.hull->givenPoints.empty());
}

TEST(Hull3, RefusesNonFinitePointByIndex) {
  std::vector<V> points = cubeCorners(1);
  points[5].y = std::nan("");
  HullBuildResult<double> built = makeHull<double>(points);
  EXPECT_FALSE(built.hull);
  EXPECT_EQ(built.error, "point 5 is not finite");
  EXPECT_EQ(built.badPoint, 5);
  points[5].y = 1;
  points[2].z = -std::numeric_limits<double>::infinity();
  built = makeHull<double>(points);
  EXPECT_EQ(built.error, "point 2 is not finite");
  EXPECT_EQ(built.badPoint, 2);
  points[2].z = 1e30;
  EXPECT_EQ(makeHull<double>(points).error, "point 2 is beyond the coordinate range");
}

TEST(Hull3, ValidateKeepsThePointsAsGiven) {
  std::mt19937 rng(3);
  std::normal_distribution<double> gauss;
  std::vector<V> points(40);
  for (V& p : points) p = normalize(V{gauss(rng), gauss(rng), gauss(rng)});
  const HullBuildResult<double> built = makeHull<double>(points, HullBuild::Validate);
  ASSERT_TRUE(built.hull) << built.error;
  EXPECT_EQ(built.hull->vertices, points);
  expectWellFormed<double>(*built.hull, points, 1e-12);
}

TEST(Hull3, ValidateRefusesAnInnerPointByIndex) {
  std::vector<V> points = cubeCorners(1);
  points.insert(points.begin() + 3, V{0.1, 0.2, 0.3});
  HullBuildResult<double> built = makeHull<double>(points, HullBuild::Validate);
  EXPECT_FALSE(built.hull);
  EXPECT_EQ(built.badPoint, 3);
  EXPECT_EQ(built.error, "point 3 is not a vertex of the hull (it lies inside it, or on a face or an edge)");
  points[3] = {1, 0, 0};  // the centre of the +x face
  built = makeHull<double>(points, HullBuild::Validate);
  EXPECT_EQ(built.badPoint, 3);
  points[3] = points[8];  // a duplicate of a corner
  built = makeHull<double>(points, HullBuild::Validate);
  EXPECT_EQ(built.badPoint, 8);
  EXPECT_EQ(built.error, "point 8 duplicates point 3");
}

}  // namespace
}  // namespace collide

// The hull's support (detail::farthestVertex over its lanes: SSE2, four points at a time) answers exactly as the
// shared arg-max (detail::farthestOf): the first vertex of largest dot product, NaN products passed over,
// vertices[0] kept when its own is NaN. Random clouds of 1 to 40 points (every remainder of the four lanes, so the
// padded last block too), directions along the axes and the cloud's own points (ties, and -0 against +0), random
// ones, and NaN in a vertex or in the direction.
template <class S>
void supportMatchesFarthestOf() {
  std::mt19937_64 random(2026);
  std::uniform_real_distribution<double> coordinate(-1.0, 1.0);
  const S nan = std::numeric_limits<S>::quiet_NaN();
  const auto same = [](collide::Vec3<S> a, collide::Vec3<S> b) {
    return std::memcmp(&a, &b, sizeof a) == 0;
  };
  for (int trial = 0; trial < 2000; ++trial) {
    const int count = 1 + trial % 40;
    std::vector<collide::Vec3<S>> points(static_cast<std::size_t>(count));
    for (auto& p : points) {
      // Rounded to a coarse lattice half the time, so that dot products tie.
      const bool lattice = trial % 2 == 0;
      const auto draw = [&] {
        const double x = coordinate(random);
        return static_cast<S>(lattice ? std::round(x * 2.0) / 2.0 : x);
      };
      p = {draw(), draw(), draw()};
    }
    if (trial % 50 == 7) points[static_cast<std::size_t>(trial % count)].y = nan;
    std::vector<collide::Vec3<S>> directions = {{1, 0, 0}, {0, -1, 0}, {0, 0, 1}, {1, 1, 0}, {-1, 1, 1}};
    for (int i = 0; i < 8; ++i)
      directions.push_back({static_cast<S>(coordinate(random)), static_cast<S>(coordinate(random)),
                            static_cast<S>(coordinate(random))});
    directions.push_back(points[static_cast<std::size_t>(trial % count)]);
    if (trial % 100 == 3) directions.push_back({nan, 0, 1});
    const std::vector<S> lanes = collide::detail::supportLanes(points);
    for (const auto& d : directions) {
      const collide::Vec3<S> expected = collide::detail::farthestOf(points.data(), count, d);
      const collide::Vec3<S> got = collide::detail::farthestVertex(points, lanes, d);
      ASSERT_TRUE(same(expected, got)) << "trial " << trial << " count " << count;
    }
  }
}

TEST(Hull3, BranchFreeSupportIsTheFarthestVertex) {
  supportMatchesFarthestOf<double>();
  supportMatchesFarthestOf<float>();
}

// A built hull carries the lanes its support scans, and so does its float copy: a stale or missing `lanes`
// would send the support back to the plain scan (or, stale, to the wrong vertex).
TEST(Hull3, BuiltAndCastHullsCarryTheirSupportLanes) {
  std::vector<collide::Vec3<double>> points;
  std::mt19937_64 random(7);
  std::uniform_real_distribution<double> coordinate(-1.0, 1.0);
  for (int i = 0; i < 30; ++i) points.push_back({coordinate(random), coordinate(random), coordinate(random)});
  const collide::HullBuildResult<double> built = collide::makeHull<double>(points);
  ASSERT_TRUE(built.hull.has_value()) << built.error;
  const collide::Hull<double>& hull = *built.hull;
  EXPECT_EQ(hull.lanes, collide::detail::supportLanes(hull.vertices));
  const auto copy = std::get<collide::Hull<float>>(collide::castShape<float>(collide::Shape3<double>{hull}));
  EXPECT_EQ(copy.lanes, collide::detail::supportLanes(copy.vertices));
  const collide::Vec3<double> d{0.3, -0.8, 0.5};
  const collide::Vec3<double> expected = collide::detail::farthestOf(hull.vertices.data(), static_cast<int>(hull.vertices.size()), d);
  EXPECT_EQ(hull.coreSupport(d), expected);
}
