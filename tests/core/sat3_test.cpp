// SAT in space (sat3.h): boxes by 15 axes, SAT lite, polytopes through their views with the Gauss-map pruning,
// checked against GJK's boolean and against brute force over every candidate axis.
//
// [SECTION] Helpers and brute force
// [SECTION] Boxes: contact kinds, touching, edge separation, SAT lite
// [SECTION] Boxes: properties
// [SECTION] Hulls and the other polytopes: properties
// [SECTION] Traces, refusals
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <numbers>
#include <random>
#include <vector>

#include "collide/gjk.h"
#include "collide/hull3.h"
#include "collide/sat3.h"
#include "support/core_test_support.h"

namespace collide {
namespace {

// [SECTION] Helpers and brute force

using V = Vec3<double>;
using X = Transform3<double>;

X at(double x, double y, double z, Quat<double> q = Quat<double>::identity()) { return {{x, y, z}, q}; }

// Property counts: a few thousand by default; COLLIDE_PROPERTY_PAIRS raises them (the nightly run).
int pairCount(int defaultCount) {
  const char* value = std::getenv("COLLIDE_PROPERTY_PAIRS");
  return value ? std::max(defaultCount, std::atoi(value)) : defaultCount;
}

Quat<double> randomRotation(std::mt19937& rng) {
  std::normal_distribution<double> gauss;
  return Quat<double>{gauss(rng), gauss(rng), gauss(rng), gauss(rng)}.normalized();
}

template <class Shape>
bool gjkHit(const Shape& a, const X& xa, const Shape& b, const X& xb) {
  return gjkIntersect(Transformed{a, xa}, Transformed{b, xb}).hit;
}

// A polytope in the world, for brute force: its vertices, face normals and edge directions.
struct WorldPolytope {
  std::vector<V> vertices;
  std::vector<V> normals;
  std::vector<V> edges;
};

WorldPolytope worldBox(const Box3<double>& box, const X& xf) {
  WorldPolytope out;
  for (const V& corner : box.corners()) out.vertices.push_back(xf.apply(corner));
  out.normals = {xf.q.xAxis(), xf.q.yAxis(), xf.q.zAxis()};
  out.edges = out.normals;
  return out;
}

WorldPolytope worldHull(const Hull<double>& hull, const X& xf) {
  WorldPolytope out;
  for (const V& v : hull.vertices) out.vertices.push_back(xf.apply(v));
  for (const HullFace<double>& face : hull.faces) out.normals.push_back(xf.q.apply(face.normal));
  for (const HullEdge& edge : hull.edges) out.edges.push_back(xf.q.apply(hull.vertices[edge.b] - hull.vertices[edge.a]));
  return out;
}

double overlapOn(const WorldPolytope& a, const WorldPolytope& b, V axis) {
  double minA = std::numeric_limits<double>::infinity(), maxA = -minA, minB = minA, maxB = -minA;
  for (const V& v : a.vertices) {
    minA = std::min(minA, dot(v, axis));
    maxA = std::max(maxA, dot(v, axis));
  }
  for (const V& v : b.vertices) {
    minB = std::min(minB, dot(v, axis));
    maxB = std::max(maxB, dot(v, axis));
  }
  return std::min(maxA - minB, maxB - minA);
}

// The minimum overlap over every face normal and every edge pair (none pruned): < 0 when some axis separates
// (then the largest gap, negated).
double bruteForceOverlap(const WorldPolytope& a, const WorldPolytope& b) {
  std::vector<V> axes = a.normals;
  axes.insert(axes.end(), b.normals.begin(), b.normals.end());
  for (const V& ea : a.edges) {
    for (const V& eb : b.edges) {
      const V axis = cross(ea, eb);
      if (length(axis) > 1e-9 * length(ea) * length(eb)) axes.push_back(normalize(axis));
    }
  }
  double minimum = std::numeric_limits<double>::infinity();
  for (const V& axis : axes) minimum = std::min(minimum, overlapOn(a, b, axis));
  return minimum;
}

Hull<double> randomHull(std::mt19937& rng, int count, double size) {
  std::uniform_real_distribution<double> coordinate(-size, size);
  std::vector<V> points(count);
  for (V& p : points) p = {coordinate(rng), coordinate(rng), coordinate(rng)};
  HullBuildResult<double> built = makeHull<double>(points);
  EXPECT_TRUE(built.hull) << built.error;
  return std::move(*built.hull);
}

Hull<double> boxHull(V halfExtents) {
  std::vector<V> corners;
  for (const V& c : Box3<double>{halfExtents}.corners()) corners.push_back(c);
  return std::move(*makeHull<double>(corners).hull);
}

// [SECTION] Boxes: contact kinds, touching, edge separation, SAT lite

const double kQuarter = std::numbers::pi / 4;

struct BoxPair {
  Box3<double> a, b;
  X xa, xb;
};

BoxPair randomBoxes(std::mt19937& rng) {
  std::uniform_real_distribution<double> size(0.1, 2.0);
  std::uniform_real_distribution<double> offset(-3.0, 3.0);
  return {Box3<double>{{size(rng), size(rng), size(rng)}}, Box3<double>{{size(rng), size(rng), size(rng)}},
          at(0.5, -1, 2, randomRotation(rng)), at(0.5 + offset(rng), -1 + offset(rng), 2 + offset(rng), randomRotation(rng))};
}


TEST(Sat3Boxes, FaceToFace) {
  const Box3<double> a{{1, 1, 1}};
  const Box3<double> b{{0.5, 0.5, 0.5}};
  const SatResult3<double> result = satBoxes(a, at(0, 0, 0), b, at(0.2, 1.3, -0.1));
  EXPECT_TRUE(result.hit);
  EXPECT_NEAR(result.depth, 0.2, 1e-12);
  EXPECT_NEAR(result.normal.y, 1.0, 1e-12);
  EXPECT_EQ(result.bestSource, AxisSource3::FaceOfA);
  EXPECT_EQ(result.bestIndexA, 1);
  EXPECT_EQ(result.axesTested + result.axesPruned, 15);
  EXPECT_EQ(result.axesPruned, 3);  // aligned boxes: x cross x, y cross y, z cross z
}

// Two boxes turned 45 degrees about different axes: A's edge along z points at +x, B's edge along y points at -x.
// The only separating direction is x = z x y, an edge pair; the face axes all overlap by 1/sqrt(2) - gap/sqrt(2).
struct EdgeToEdge {
  Box3<double> box{{1, 1, 1}};
  X xfA = at(0, 0, 0, Quat<double>::fromAxisAngle({0, 0, 1}, kQuarter));
  X placeB(double gap) const {
    return at(2 * std::sqrt(2.0) + gap, 0, 0, Quat<double>::fromAxisAngle({0, 1, 0}, kQuarter));
  }
};

TEST(Sat3Boxes, EdgeToEdgeOverlap) {
  const EdgeToEdge setup;
  const SatResult3<double> result = satBoxes(setup.box, setup.xfA, setup.box, setup.placeB(-0.1));
  EXPECT_TRUE(result.hit);
  EXPECT_NEAR(result.depth, 0.1, 1e-12);
  EXPECT_NEAR(result.normal.x, 1.0, 1e-12);
  EXPECT_EQ(result.bestSource, AxisSource3::EdgePair);
  EXPECT_EQ(result.bestIndexA, 2);  // A's z axis
  EXPECT_EQ(result.bestIndexB, 1);  // B's y axis
  EXPECT_NEAR(result.translation.x, 0.1, 1e-12);
}

TEST(Sat3Boxes, SeparatedAlongAnEdgeAxisOnly) {
  const EdgeToEdge setup;
  const SatResult3<double> result = satBoxes(setup.box, setup.xfA, setup.box, setup.placeB(0.1));
  EXPECT_FALSE(result.hit);
  EXPECT_NEAR(result.separation, 0.1, 1e-12);
  EXPECT_NEAR(result.normal.x, 1.0, 1e-12);
  EXPECT_EQ(result.bestSource, AxisSource3::EdgePair);
  EXPECT_FALSE(gjkHit(setup.box, setup.xfA, setup.box, setup.placeB(0.1)));
  // The face axes alone do not see it: SAT lite says hit, and says it was fooled, naming the edge axis.
  const SatResult3<double> lite = satBoxesLite(setup.box, setup.xfA, setup.box, setup.placeB(0.1));
  EXPECT_TRUE(lite.hit);
  EXPECT_TRUE(lite.fooled);
  EXPECT_NEAR(lite.fooledAxis.x, 1.0, 1e-12);
  EXPECT_EQ(lite.fooledEdgeA, 2);
  EXPECT_EQ(lite.fooledEdgeB, 1);
  EXPECT_EQ(lite.axesTested, 6);
  EXPECT_NEAR(lite.depth, (1 - 0.1) / std::sqrt(2.0), 1e-12);
  // When they really overlap, lite is not fooled.
  const SatResult3<double> overlapping = satBoxesLite(setup.box, setup.xfA, setup.box, setup.placeB(-0.1));
  EXPECT_TRUE(overlapping.hit);
  EXPECT_FALSE(overlapping.fooled);
  // And a face gap is a face gap for both.
  const SatResult3<double> apart = satBoxesLite(setup.box, setup.xfA, setup.box, setup.placeB(1.5));
  EXPECT_FALSE(apart.hit);
  EXPECT_FALSE(apart.fooled);
}

TEST(Sat3Boxes, VertexToFace) {
  // B turned so that its corner (-1, -1, -1) points straight down, then lowered onto A's top face.
  const V corner = normalize(V{-1, -1, -1});
  const V down{0, 0, -1};
  const V axis = normalize(cross(corner, down));
  const Quat<double> q = Quat<double>::fromAxisAngle(axis, std::acos(dot(corner, down)));
  const Box3<double> box{{1, 1, 1}};
  const double reach = std::sqrt(3.0);
  const SatResult3<double> result = satBoxes(box, at(0, 0, 0), box, at(0.1, -0.2, 1 + reach - 0.05, q));
  EXPECT_TRUE(result.hit);
  EXPECT_NEAR(result.depth, 0.05, 1e-12);
  EXPECT_NEAR(result.normal.z, 1.0, 1e-12);
  EXPECT_EQ(result.bestSource, AxisSource3::FaceOfA);
  EXPECT_FALSE(satBoxes(box, at(0, 0, 0), box, at(0.1, -0.2, 1 + reach + 0.05, q)).hit);
}

TEST(Sat3Boxes, TouchingIsAHitWithDepthZero) {
  const Box3<double> box{{1, 1, 1}};
  const SatResult3<double> faces = satBoxes(box, at(0, 0, 0), box, at(2, 0.5, 0.5));
  // Depth 0 up to the relative slack Ericson's epsilon adds to |R| (16 epsilons of the extents).
  EXPECT_TRUE(faces.hit);
  EXPECT_NEAR(faces.depth, 0.0, 1e-13);
  EXPECT_NEAR(faces.normal.x, 1.0, 1e-14);
  const EdgeToEdge setup;
  const SatResult3<double> edges = satBoxes(setup.box, setup.xfA, setup.box, setup.placeB(0));
  EXPECT_TRUE(edges.hit);
  EXPECT_NEAR(edges.depth, 0.0, 1e-13);
  // The polytope path agrees on both.
  EXPECT_TRUE(satPolytopes(box, at(0, 0, 0), box, at(2, 0.5, 0.5)).hit);
  EXPECT_TRUE(satPolytopes(setup.box, setup.xfA, setup.box, setup.placeB(0)).hit);
}

// Identical boxes at one place and offset along one, two and three axes (where GJK can end on a small simplex).
TEST(Sat3Boxes, IdenticalAndOffsetBoxes) {
  const Box3<double> box{{1, 1, 1}};
  for (const V offset : {V{0, 0, 0}, V{0.5, 0, 0}, V{0.5, 0.5, 0}, V{0.5, 0.5, 0.5}}) {
    const SatResult3<double> result = satBoxes(box, at(0, 0, 0), box, at(offset.x, offset.y, offset.z));
    EXPECT_TRUE(result.hit);
    EXPECT_NEAR(result.depth, 2.0 - std::max({offset.x, offset.y, offset.z}), 1e-12);
    EXPECT_NEAR(length(result.normal), 1.0, 1e-12);
  }
}

// Cubes stacked with a 0.1 overlap (libccd gives depth 0 and a NaN normal here), a thin plate against a small box,
// and a 1:1000 size ratio.
TEST(Sat3Boxes, StackedThinAndLopsided) {
  const Box3<double> cube{{1, 1, 1}};
  const SatResult3<double> stacked = satBoxes(cube, at(0, 0, 0), cube, at(0, 0, 1.9));
  EXPECT_TRUE(stacked.hit);
  EXPECT_NEAR(stacked.depth, 0.1, 1e-12);
  EXPECT_NEAR(stacked.normal.z, 1.0, 1e-12);
  const Box3<double> plate{{0.23, 0.24, 0.005}};
  const Box3<double> small{{0.05, 0.05, 0.05}};
  const SatResult3<double> thin = satBoxes(plate, at(0, 0, 0), small, at(0.1, 0.1, 0.05));
  EXPECT_TRUE(thin.hit);
  EXPECT_NEAR(thin.depth, 0.005, 1e-12);
  EXPECT_NEAR(thin.normal.z, 1.0, 1e-12);
  const Box3<double> big{{1000, 1000, 1000}};
  const Quat<double> turn = Quat<double>::fromEuler(0.1, 0.2, 0.3);
  const SatResult3<double> lopsided = satBoxes(big, at(0, 0, 0), cube, at(0, 0, 1000.5, turn));
  EXPECT_TRUE(lopsided.hit);
  EXPECT_NEAR(lopsided.normal.z, 1.0, 1e-12);
  // The small cube reaches |x.z| + |y.z| + |z.z| below its centre, 0.5 above the big one's top face.
  const double reach = std::abs(turn.xAxis().z) + std::abs(turn.yAxis().z) + std::abs(turn.zAxis().z);
  EXPECT_NEAR(lopsided.depth, reach - 0.5, 1e-12);
}

// The same pair moved to 1e3 and 1e5: SAT works in A's frame, so only the rounding of the positions remains
// (about 1e-16 of the offset per coordinate; the tolerance below is 1e-13 of it).
TEST(Sat3Boxes, FarFromTheOriginAgrees) {
  std::mt19937 rng(41);
  for (int i = 0; i < 200; ++i) {
    BoxPair p = [&] {
      std::uniform_real_distribution<double> size(0.1, 2.0), offset(-2.0, 2.0);
      return BoxPair{Box3<double>{{size(rng), size(rng), size(rng)}}, Box3<double>{{size(rng), size(rng), size(rng)}},
                     at(0, 0, 0, randomRotation(rng)), at(offset(rng), offset(rng), offset(rng), randomRotation(rng))};
    }();
    const SatResult3<double> near = satBoxes(p.a, p.xa, p.b, p.xb);
    for (const double far : {1e3, 1e5}) {
      const V shift{far, -far, far};
      const SatResult3<double> moved = satBoxes(p.a, X{p.xa.p + shift, p.xa.q}, p.b, X{p.xb.p + shift, p.xb.q});
      const double tolerance = 1e-13 * far;
      if (std::abs(near.hit ? near.depth : near.separation) < tolerance) continue;
      ASSERT_EQ(near.hit, moved.hit) << i << " at " << far;
      ASSERT_NEAR(near.hit ? near.depth : near.separation, moved.hit ? moved.depth : moved.separation, tolerance);
      const SatResult3<double> hulls = sat(boxHull(p.a.halfExtents), X{p.xa.p + shift, p.xa.q},
                                           boxHull(p.b.halfExtents), X{p.xb.p + shift, p.xb.q});
      ASSERT_EQ(near.hit, hulls.hit) << i << " at " << far;
      if (near.hit) {
        ASSERT_NEAR(near.depth, hulls.depth, tolerance);
      }
    }
  }
}

// [SECTION] Boxes: properties

TEST(Sat3Boxes, AgreesWithGjkAndBruteForce) {
  std::mt19937 rng(17);
  const int pairs = pairCount(3000);
  int hits = 0, misses = 0;
  for (int i = 0; i < pairs; ++i) {
    const BoxPair p = randomBoxes(rng);
    const SatResult3<double> result = satBoxes(p.a, p.xa, p.b, p.xb);
    ASSERT_EQ(result.status, Status::Converged);
    const double brute = bruteForceOverlap(worldBox(p.a, p.xa), worldBox(p.b, p.xb));
    if (std::abs(brute) < 1e-9) continue;  // touching within rounding: either answer is right
    ASSERT_EQ(result.hit, brute >= 0) << "pair " << i;
    ASSERT_EQ(result.hit, gjkHit(p.a, p.xa, p.b, p.xb)) << "pair " << i;
    if (result.hit) {
      ++hits;
      ASSERT_NEAR(result.depth, brute, 1e-10) << "pair " << i;
      // The normal is the axis of that depth, and moving B by the translation leaves them touching.
      const WorldPolytope moved = worldBox(p.b, {p.xb.p + result.translation, p.xb.q});
      ASSERT_NEAR(overlapOn(worldBox(p.a, p.xa), moved, result.normal), 0.0, 1e-10);
    } else {
      ++misses;
      ASSERT_GT(result.separation, 0.0);
      ASSERT_NEAR(-overlapOn(worldBox(p.a, p.xa), worldBox(p.b, p.xb), result.normal), result.separation, 1e-10);
    }
  }
  EXPECT_GT(hits, pairs / 10);
  EXPECT_GT(misses, pairs / 10);
}

// The polytope path on the same boxes (as Box3 views and as hulls) gives satBoxes' answers.
TEST(Sat3Boxes, PolytopePathAgreesWithFifteenAxes) {
  std::mt19937 rng(19);
  const int pairs = pairCount(2000);
  for (int i = 0; i < pairs; ++i) {
    const BoxPair p = randomBoxes(rng);
    const SatResult3<double> boxes = satBoxes(p.a, p.xa, p.b, p.xb);
    const SatResult3<double> views = satPolytopes(p.a, p.xa, p.b, p.xb);
    const SatResult3<double> hulls = sat(boxHull(p.a.halfExtents), p.xa, boxHull(p.b.halfExtents), p.xb);
    if (boxes.hit && std::abs(boxes.depth) < 1e-9) continue;
    ASSERT_EQ(boxes.hit, views.hit) << "pair " << i;
    ASSERT_EQ(boxes.hit, hulls.hit) << "pair " << i;
    if (boxes.hit) {
      ASSERT_NEAR(boxes.depth, views.depth, 1e-10) << "pair " << i;
      ASSERT_NEAR(boxes.depth, hulls.depth, 1e-10) << "pair " << i;
    }
  }
}

TEST(Sat3Boxes, FloatAgreesWithDouble) {
  std::mt19937 rng(23);
  for (int i = 0; i < 1000; ++i) {
    const BoxPair p = randomBoxes(rng);
    const SatResult3<double> wide = satBoxes(p.a, p.xa, p.b, p.xb);
    const SatResult3<float> narrow = satBoxes(Box3<float>{p.a.halfExtents.cast<float>()}, p.xa.cast<float>(),
                                              Box3<float>{p.b.halfExtents.cast<float>()}, p.xb.cast<float>());
    if (std::abs(wide.hit ? wide.depth : wide.separation) < 1e-4) continue;
    ASSERT_EQ(wide.hit, narrow.hit) << "pair " << i;
    if (wide.hit) {
      ASSERT_NEAR(wide.depth, narrow.depth, 1e-4) << "pair " << i;
    }
  }
}

// Where a face axis gives the depth, float's depth is double's to float's rounding of the inputs' size: no slack is
// added to a face axis' radius (16 epsilons of each half extent on every axis moved float depths by 40 epsilons of
// the size on average). Double runs on the same float-rounded inputs, so only the arithmetic differs.
TEST(Sat3Boxes, FloatDepthOnAFaceAxisIsDoublesToRounding) {
  std::mt19937 rng(31);
  int faceHits = 0;
  for (int i = 0; i < pairCount(4000); ++i) {
    const BoxPair p = randomBoxes(rng);
    const Box3<float> a{p.a.halfExtents.cast<float>()}, b{p.b.halfExtents.cast<float>()};
    const Transform3<float> xa = p.xa.cast<float>(), xb = p.xb.cast<float>();
    const SatResult3<float> narrow = satBoxes(a, xa, b, xb);
    const SatResult3<double> wide = satBoxes(Box3<double>{a.halfExtents.cast<double>()}, xa.cast<double>(),
                                             Box3<double>{b.halfExtents.cast<double>()}, xb.cast<double>());
    if (!wide.hit || !narrow.hit || wide.bestSource == AxisSource3::EdgePair) continue;
    const double scale = std::max({p.a.halfExtents.x, p.a.halfExtents.y, p.a.halfExtents.z, p.b.halfExtents.x,
                                   p.b.halfExtents.y, p.b.halfExtents.z, length(p.xb.p - p.xa.p)});
    ASSERT_NEAR(narrow.depth, wide.depth, 16 * kEpsilon<float> * scale) << "pair " << i;
    ++faceHits;
  }
  EXPECT_GT(faceHits, 300);
}

// [SECTION] Hulls and the other polytopes: properties

TEST(Sat3Hulls, AgreeWithGjkAndUnprunedBruteForce) {
  std::mt19937 rng(29);
  std::uniform_int_distribution<int> count(8, 32);
  std::uniform_real_distribution<double> offset(-2.5, 2.5);
  const int pairs = pairCount(2000);
  int hits = 0, misses = 0, pruned = 0;
  for (int i = 0; i < pairs; ++i) {
    const Hull<double> a = randomHull(rng, count(rng), 1.0);
    const Hull<double> b = randomHull(rng, count(rng), 1.0);
    const X xa = at(-1, 0.5, 3, randomRotation(rng));
    const X xb = at(-1 + offset(rng), 0.5 + offset(rng), 3 + offset(rng), randomRotation(rng));
    const SatResult3<double> result = sat(a, xa, b, xb);
    ASSERT_EQ(result.status, Status::Converged);
    const double brute = bruteForceOverlap(worldHull(a, xa), worldHull(b, xb));
    if (std::abs(brute) < 1e-9) continue;
    ASSERT_EQ(result.hit, brute >= 0) << "pair " << i;
    ASSERT_EQ(result.hit, gjkHit(a, xa, b, xb)) << "pair " << i;
    if (result.hit) {
      ++hits;
      pruned += result.axesPruned;
      // The Gauss map skips most edge pairs, and the minimum over the rest is the minimum over all of them.
      ASSERT_NEAR(result.depth, brute, 1e-10) << "pair " << i;
    } else {
      ++misses;
      ASSERT_NEAR(-overlapOn(worldHull(a, xa), worldHull(b, xb), result.normal), result.separation, 1e-10);
    }
  }
  EXPECT_GT(hits, pairs / 10);
  EXPECT_GT(misses, pairs / 10);
  EXPECT_GT(pruned, 0);
}

// Points, segments, triangles, aabbs and boxes, in every pair, through the polytope path: the boolean agrees with
// GJK, including flat configurations (coplanar triangles, a point in a triangle's plane, collinear segments).
template <class A, class B>
void expectAgreesWithGjk(const A& a, const X& xa, const B& b, const X& xb, int pair) {
  const SatResult3<double> result = sat(a, xa, b, xb);
  ASSERT_EQ(result.status, Status::Converged);
  if ((result.hit ? result.depth : result.separation) < 1e-9) return;  // touching within rounding
  const X ia = std::same_as<A, Aabb3<double>> ? X{} : xa;
  const X ib = std::same_as<B, Aabb3<double>> ? X{} : xb;
  ASSERT_EQ(result.hit, gjkIntersect(Transformed{a, ia}, Transformed{b, ib}).hit)
      << __PRETTY_FUNCTION__ << " pair " << pair << " depth " << result.depth << " gap " << result.separation;
}

TEST(Sat3Polytopes, SmallShapesAgreeWithGjk) {
  std::mt19937 rng(31);
  std::uniform_real_distribution<double> c(-1.0, 1.0);
  std::uniform_int_distribution<int> flat(0, 3);
  const int pairs = pairCount(2000);
  for (int i = 0; i < pairs; ++i) {
    // Every fourth pair lies in the plane z = 0 with identity rotations: A - B is flat there.
    const bool planar = flat(rng) == 0;
    const auto point = [&] { return V{c(rng), c(rng), planar ? 0.0 : c(rng)}; };
    const auto pose = [&] { return planar ? at(c(rng), c(rng), 0) : at(c(rng), c(rng), c(rng), randomRotation(rng)); };
    const Point3<double> p{point()};
    const Segment3<double> s{point(), point()};
    const Triangle3<double> t{point(), point(), point()};
    const V low = point();
    const Aabb3<double> aabb{low, low + V{std::abs(c(rng)), std::abs(c(rng)), planar ? 0.0 : std::abs(c(rng))}};
    const Box3<double> box{{std::abs(c(rng)), std::abs(c(rng)), planar ? 0.0 : std::abs(c(rng))}};
    const X x1 = pose(), x2 = pose();
    expectAgreesWithGjk(p, x1, t, x2, i);
    expectAgreesWithGjk(p, x1, s, x2, i);
    expectAgreesWithGjk(s, x1, s, x2, i);
    expectAgreesWithGjk(s, x1, t, x2, i);
    expectAgreesWithGjk(t, x1, t, x2, i);
    expectAgreesWithGjk(t, x1, box, x2, i);
    expectAgreesWithGjk(s, x1, aabb, x2, i);
    expectAgreesWithGjk(aabb, x1, t, x2, i);
    expectAgreesWithGjk(p, x1, box, x2, i);
    expectAgreesWithGjk(box, x1, aabb, x2, i);
  }
}

// Hulls against every other polytope type through the polytope path, and hulls in float against double.
TEST(Sat3Polytopes, HullsAgainstSmallShapes) {
  std::mt19937 rng(43);
  std::uniform_real_distribution<double> c(-1.0, 1.0);
  const int pairs = pairCount(500);
  for (int i = 0; i < pairs; ++i) {
    const Hull<double> hull = randomHull(rng, 16, 0.8);
    const auto point = [&] { return V{c(rng), c(rng), c(rng)}; };
    const X x1 = at(c(rng), c(rng), c(rng), randomRotation(rng));
    const X x2 = at(c(rng), c(rng), c(rng), randomRotation(rng));
    const V low = point();
    expectAgreesWithGjk(hull, x1, Point3<double>{point()}, x2, i);
    expectAgreesWithGjk(Segment3<double>{point(), point()}, x1, hull, x2, i);
    expectAgreesWithGjk(hull, x1, Triangle3<double>{point(), point(), point()}, x2, i);
    expectAgreesWithGjk(Aabb3<double>{low, low + V{0.5, 0.2, 0.7}}, x1, hull, x2, i);
    expectAgreesWithGjk(hull, x1, Box3<double>{{0.3, 0.6, 0.2}}, x2, i);
  }
}

TEST(Sat3Hulls, FloatAgreesWithDouble) {
  std::mt19937 rng(47);
  for (int i = 0; i < 300; ++i) {
    const Hull<double> a = randomHull(rng, 20, 1.0);
    const Hull<double> b = randomHull(rng, 20, 1.0);
    const X xa = at(0, 0, 0, randomRotation(rng));
    const X xb = at(1.2, -0.3, 0.4, randomRotation(rng));
    const SatResult3<double> wide = sat(a, xa, b, xb);
    const Hull<float> fa = std::get<Hull<float>>(castShape<float>(Shape3<double>{a}));
    const Hull<float> fb = std::get<Hull<float>>(castShape<float>(Shape3<double>{b}));
    const SatResult3<float> narrow = sat(fa, xa.cast<float>(), fb, xb.cast<float>());
    ASSERT_EQ(narrow.status, Status::Converged);
    if (std::abs(wide.hit ? wide.depth : wide.separation) < 1e-4) continue;
    ASSERT_EQ(wide.hit, narrow.hit) << i;
    if (wide.hit) {
      ASSERT_NEAR(wide.depth, narrow.depth, 1e-4) << i;
    }
  }
}

// The flat cases by hand: a point in a triangle's plane beside it, collinear segments apart, coplanar triangles.
TEST(Sat3Polytopes, FlatConfigurations) {
  const Triangle3<double> triangle{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  EXPECT_FALSE(sat(Point3<double>{{0.6, 0.6, 0}}, X{}, triangle, X{}).hit);
  EXPECT_TRUE(sat(Point3<double>{{0.2, 0.2, 0}}, X{}, triangle, X{}).hit);
  const Segment3<double> segment{{0, 0, 0}, {1, 0, 0}};
  EXPECT_FALSE(sat(segment, X{}, segment, at(1.5, 0, 0)).hit);
  EXPECT_TRUE(sat(segment, X{}, segment, at(0.5, 0, 0)).hit);
  EXPECT_FALSE(sat(segment, X{}, segment, at(0.5, 0.1, 0)).hit);  // parallel, side by side
  EXPECT_FALSE(sat(triangle, X{}, triangle, at(0.6, 0.6, 0)).hit);
  const SatResult3<double> crossing = sat(triangle, X{}, triangle, at(0.25, 0.25, 0));
  EXPECT_TRUE(crossing.hit);
  EXPECT_NEAR(crossing.depth, 0.0, 1e-15);  // flat: the plane normal moves them apart at once
  // A triangle without area is its longest edge.
  const Triangle3<double> sliver{{0, 0, 0}, {2, 0, 0}, {1, 0, 0}};
  EXPECT_TRUE(sat(sliver, X{}, Point3<double>{{1.5, 0, 0}}, X{}).hit);
  EXPECT_FALSE(sat(sliver, X{}, Point3<double>{{1.5, 0.01, 0}}, X{}).hit);
}

// [SECTION] Traces, refusals

template <class A, class B>
void expectRecordedEqualsUnrecorded(const A& a, const X& xa, const B& b, const X& xb) {
  Recorder<SatAxisStep3<double>> recorder;
  const SatResult3<double> traced = sat(a, xa, b, xb, recorder);
  const SatResult3<double> plain = sat(a, xa, b, xb);
  ASSERT_EQ(traced.hit, plain.hit);
  ASSERT_TRUE(test::sameBits(traced.depth, plain.depth));
  ASSERT_TRUE(test::sameBits(traced.separation, plain.separation));
  ASSERT_TRUE(test::sameBits(traced.normal.x, plain.normal.x) && test::sameBits(traced.normal.y, plain.normal.y) &&
              test::sameBits(traced.normal.z, plain.normal.z));
  ASSERT_EQ(traced.bestAxisIndex, plain.bestAxisIndex);
  ASSERT_EQ(traced.axesTested, plain.axesTested);
  ASSERT_EQ(traced.axesPruned, plain.axesPruned);
  // One step per candidate, numbered in order; the last step's best is the result's.
  ASSERT_EQ(static_cast<int>(recorder.steps.size()), plain.axesTested + plain.axesPruned);
  int pruned = 0;
  for (std::size_t i = 0; i < recorder.steps.size(); ++i) {
    const SatAxisStep3<double>& step = recorder.steps[i];
    ASSERT_EQ(step.axisIndex, static_cast<int>(i));
    pruned += step.pruned;
    if (!step.pruned) {
      ASSERT_NEAR(step.overlap, std::min(step.maxA - step.minB, step.maxB - step.minA), 1e-9);
    }
  }
  ASSERT_EQ(pruned, plain.axesPruned);
  ASSERT_EQ(recorder.steps.back().bestAxisIndex, plain.bestAxisIndex);
  const SatAxisStep3<double>& best = recorder.steps[plain.bestAxisIndex];
  ASSERT_EQ(best.source, plain.bestSource);
  ASSERT_NEAR(std::abs(dot(best.axis, plain.normal)), 1.0, 1e-12);
  ASSERT_EQ(best.separating, !plain.hit);
}

TEST(Sat3Trace, RecordedEqualsUnrecorded) {
  std::mt19937 rng(37);
  for (int i = 0; i < 200; ++i) {
    const BoxPair p = randomBoxes(rng);
    expectRecordedEqualsUnrecorded(p.a, p.xa, p.b, p.xb);
    const Hull<double> a = randomHull(rng, 12, 1.0);
    const Hull<double> b = randomHull(rng, 20, 1.0);
    expectRecordedEqualsUnrecorded(a, p.xa, b, p.xb);
    expectRecordedEqualsUnrecorded(Triangle3<double>{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, p.xa, a, p.xb);
  }
}

TEST(Sat3Trace, WorldIntervalsOnAKnownPair) {
  const Box3<double> box{{1, 1, 1}};
  Recorder<SatAxisStep3<double>> recorder;
  const SatResult3<double> result = satBoxes(box, at(10, 0, 0), box, at(11.5, 0, 0), recorder);
  ASSERT_TRUE(result.hit);
  const SatAxisStep3<double>& first = recorder.steps[0];
  EXPECT_EQ(first.source, AxisSource3::FaceOfA);
  EXPECT_NEAR(first.minA, 9.0, 1e-12);
  EXPECT_NEAR(first.maxA, 11.0, 1e-12);
  EXPECT_NEAR(first.minB, 10.5, 1e-12);
  EXPECT_NEAR(first.maxB, 12.5, 1e-12);
  EXPECT_NEAR(first.overlap, 0.5, 1e-12);
  EXPECT_TRUE(recorder.steps[6].pruned);  // x cross x: parallel
}

TEST(Sat3Refusals, NonFiniteInputGetsAStatus) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const Box3<double> box{{1, 1, 1}};
  const SatResult3<double> badBox = satBoxes(Box3<double>{{1, nan, 1}}, at(0, 0, 0), box, at(0.5, 0, 0));
  EXPECT_EQ(badBox.status, Status::InvalidInput);
  EXPECT_FALSE(badBox.hit);
  EXPECT_EQ(badBox.axesTested, 0);
  EXPECT_EQ(satBoxes(box, at(0, nan, 0), box, at(0.5, 0, 0)).status, Status::InvalidInput);
  EXPECT_EQ(satBoxesLite(box, at(0, 0, 0), box, {{0.5, 0, 0}, {nan, 0, 0, 1}}).status, Status::InvalidInput);
  Hull<double> hull = boxHull({1, 1, 1});
  EXPECT_EQ(sat(hull, at(0, 0, 0), hull, at(0.5, 0, 0)).status, Status::Converged);
  hull.vertices[3].z = std::numeric_limits<double>::infinity();
  EXPECT_EQ(sat(hull, at(0, 0, 0), box, at(0.5, 0, 0)).status, Status::InvalidInput);
  EXPECT_EQ(sat(Triangle3<double>{{0, 0, 0}, {nan, 0, 0}, {0, 1, 0}}, X{}, box, X{}).status, Status::InvalidInput);
  // Curved and non-convex shapes have no axis set.
  const Collider3<double> sphere{Sphere<double>{}, X{}};
  const Collider3<double> boxCollider{box, X{}};
  EXPECT_EQ(satColliders(sphere, boxCollider).status, Status::InvalidInput);
  EXPECT_EQ(satColliders(boxCollider, boxCollider).status, Status::Converged);
}

}  // namespace
}  // namespace collide
