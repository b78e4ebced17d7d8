// SAT: hand-checked cases, every polytope pair, the OBB shortcut against the generic test, the MTV separating,
// degenerate input and the trace.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <numbers>
#include <random>
#include <vector>

#include "collide/polygon.h"
#include "collide/sat.h"
#include "support/core_test_support.h"

namespace collide {
namespace {

using namespace collide::test;  // Scalars, kClose, at, placed, sameBits

template <class S>
class SatTest : public ::testing::Test {};
TYPED_TEST_SUITE(SatTest, Scalars);

// A random convex polygon: the hull of 3 to 12 random points, so its shape and vertex count vary.
template <class S>
Polygon<S> randomPolygon(std::mt19937_64& random, double size) {
  std::uniform_real_distribution<double> coordinate(-size, size);
  std::uniform_int_distribution<int> count(3, 12);
  for (;;) {
    std::vector<Vec2<S>> cloud(static_cast<std::size_t>(count(random)));
    for (auto& p : cloud) p = {S(coordinate(random)), S(coordinate(random))};
    auto built = makePolygon<S>(std::span<const Vec2<S>>(cloud), PolygonBuild::Hull);
    if (built.polygon) return *built.polygon;
  }
}

template <class S>
Transform<S> randomTransform(std::mt19937_64& random, double spread) {
  std::uniform_real_distribution<double> position(-spread, spread);
  std::uniform_real_distribution<double> angle(-std::numbers::pi, std::numbers::pi);
  return Transform<S>::fromPose({S(position(random)), S(position(random))}, S(angle(random)));
}

TYPED_TEST(SatTest, SeparatedBoxesReportTheGapAlongTheSeparatingAxis) {
  using S = TypeParam;
  const Polygon<S> box = makeBox<S>({1, 1});
  const SatResult<S> result = satPolygons(box, at<S>(0, 0), box, at<S>(S(3), S(0.5)));
  EXPECT_FALSE(result.hit);
  EXPECT_EQ(result.status, Status::Converged);
  EXPECT_NEAR(result.separation, 1, 1e-6);
  EXPECT_NEAR(result.normal.x, 1, 1e-6);
  EXPECT_NEAR(result.normal.y, 0, 1e-6);
  EXPECT_EQ(result.bestSource, AxisSource::EdgeOfA);
  EXPECT_EQ(result.bestEdge, 1);
  EXPECT_EQ(result.axesTested, 2);  // edge 0 (normal -y) overlaps, edge 1 (+x) separates: early exit
}

TYPED_TEST(SatTest, OverlappingBoxesGiveTheMinimumTranslationFromAToB) {
  using S = TypeParam;
  const Polygon<S> box = makeBox<S>({1, 1});
  // B overlaps A by 0.5 on x and 1.5 on y: push B along +x by 0.5.
  const SatResult<S> result = satPolygons(box, at<S>(0, 0), box, at<S>(S(1.5), S(0.5)));
  ASSERT_TRUE(result.hit);
  EXPECT_NEAR(result.depth, 0.5, 1e-6);
  EXPECT_NEAR(result.normal.x, 1, 1e-6);
  EXPECT_NEAR(result.translation.x, 0.5, 1e-6);
  EXPECT_NEAR(result.translation.y, 0, 1e-6);
  EXPECT_EQ(result.axesTested, 8);
  // Swapped, the normal still points from the first shape to the second.
  const SatResult<S> swapped = satPolygons(box, at<S>(S(1.5), S(0.5)), box, at<S>(0, 0));
  ASSERT_TRUE(swapped.hit);
  EXPECT_NEAR(swapped.normal.x, -1, 1e-6);
}

TYPED_TEST(SatTest, TouchingIsAHitWithZeroDepth) {
  using S = TypeParam;
  const Polygon<S> box = makeBox<S>({1, 1});
  const SatResult<S> result = satPolygons(box, at<S>(0, 0), box, at<S>(2, 0));
  EXPECT_TRUE(result.hit);
  EXPECT_EQ(result.depth, S(0));
  const SatResult<S> boxes = satBoxes(Box<S>{{1, 1}}, at<S>(0, 0), Box<S>{{1, 1}}, at<S>(0, 2));
  EXPECT_TRUE(boxes.hit);
  EXPECT_EQ(boxes.depth, S(0));
  const SatResult<S> aabbs = satAabbs(Aabb<S>{{0, 0}, {1, 1}}, Aabb<S>{{1, 0}, {2, 1}});
  EXPECT_TRUE(aabbs.hit);
  EXPECT_EQ(aabbs.depth, S(0));
}

TYPED_TEST(SatTest, IdenticalShapesAtOnePositionOverlapByTheirThinnestWidth) {
  using S = TypeParam;
  const Polygon<S> box = makeBox<S>({2, S(0.5)});
  const SatResult<S> result = satPolygons(box, at<S>(3, 4, S(0.3)), box, at<S>(3, 4, S(0.3)));
  ASSERT_TRUE(result.hit);
  EXPECT_NEAR(result.depth, 1, 1e-5);
  EXPECT_NEAR(std::abs(dot(result.normal, Rot<S>::fromAngle(S(0.3)).yAxis())), 1, 1e-5);
}

TYPED_TEST(SatTest, ContainedShapeLeavesThroughTheNearestSide) {
  using S = TypeParam;
  // A small box inside a big one, near its right side: the MTV pushes it out to the right, the shorter way.
  const SatResult<S> result = satPolygons(makeBox<S>({5, 5}), at<S>(0, 0), makeBox<S>({1, 1}), at<S>(3, 0));
  ASSERT_TRUE(result.hit);
  EXPECT_NEAR(result.depth, 3, 1e-5);  // from x in [2, 4] to x >= 5
  EXPECT_NEAR(result.normal.x, 1, 1e-6);
}

TEST(SatTestDouble, ObbShortcutAgreesWithGenericSatOnRandomBoxes) {
  std::mt19937_64 random(11);
  std::uniform_real_distribution<double> extent(0.05, 3);
  int hits = 0;
  for (int i = 0; i < 100000; ++i) {
    const Box<double> a{{extent(random), extent(random)}};
    const Box<double> b{{extent(random), extent(random)}};
    const Transform<double> xfA = randomTransform<double>(random, 4);
    const Transform<double> xfB = randomTransform<double>(random, 4);
    const SatResult<double> shortcut = satBoxes(a, xfA, b, xfB);
    const SatResult<double> generic = sat(a, xfA, b, xfB);
    const SatResult<double> asPolygons = satPolygons(makeBox(a.halfExtents), xfA, makeBox(b.halfExtents), xfB);
    const double margin = shortcut.hit ? shortcut.depth : shortcut.separation;
    if (margin < 1e-9) continue;  // touching within rounding: either answer is right
    ASSERT_EQ(shortcut.hit, generic.hit) << i;
    ASSERT_EQ(shortcut.hit, asPolygons.hit) << i;
    if (shortcut.hit) {
      ++hits;
      ASSERT_NEAR(shortcut.depth, generic.depth, 1e-9) << i;
      ASSERT_NEAR(shortcut.depth, asPolygons.depth, 1e-9) << i;
    }
  }
  EXPECT_GT(hits, 10000);  // the sample exercises both outcomes
  EXPECT_LT(hits, 90000);
}

TEST(SatTestDouble, MinimumTranslationSeparatesAndIsMinimal) {
  std::mt19937_64 random(12);
  int hits = 0;
  for (int i = 0; i < 20000; ++i) {
    const Polygon<double> a = randomPolygon<double>(random, 2);
    const Polygon<double> b = randomPolygon<double>(random, 2);
    const Transform<double> xfA = randomTransform<double>(random, 2);
    Transform<double> xfB = randomTransform<double>(random, 2);
    const SatResult<double> result = satPolygons(a, xfA, b, xfB);
    if (!result.hit || result.depth < 1e-6) continue;
    ++hits;
    EXPECT_NEAR(length(result.normal), 1, 1e-12);
    EXPECT_NEAR(length(result.translation), result.depth, 1e-12);
    Transform<double> moved = xfB;
    moved.p += result.translation * (1 + 1e-9);
    ASSERT_FALSE(satPolygons(a, xfA, b, moved).hit) << i;
    moved.p = xfB.p + result.translation * (1 - 1e-6);
    ASSERT_TRUE(satPolygons(a, xfA, b, moved).hit) << i;
  }
  EXPECT_GT(hits, 2000);
}

// Float: the same two properties on fewer cases, with margins a float can honour.
TEST(SatTestFloat, ObbShortcutAgreesAndTheMinimumTranslationSeparates) {
  std::mt19937_64 random(15);
  std::uniform_real_distribution<double> extent(0.05, 3);
  int hits = 0;
  for (int i = 0; i < 10000; ++i) {
    const Box<float> a{{float(extent(random)), float(extent(random))}};
    const Box<float> b{{float(extent(random)), float(extent(random))}};
    const Transform<float> xfA = randomTransform<float>(random, 4);
    const Transform<float> xfB = randomTransform<float>(random, 4);
    const SatResult<float> shortcut = satBoxes(a, xfA, b, xfB);
    const SatResult<float> asPolygons = satPolygons(makeBox(a.halfExtents), xfA, makeBox(b.halfExtents), xfB);
    if ((shortcut.hit ? shortcut.depth : shortcut.separation) < 1e-4f) continue;
    ASSERT_EQ(shortcut.hit, asPolygons.hit) << i;
    if (!shortcut.hit) continue;
    ++hits;
    ASSERT_NEAR(shortcut.depth, asPolygons.depth, 1e-4f) << i;
    if (asPolygons.depth < 1e-2f) continue;  // the push below must clear float rounding at these coordinates
    Transform<float> moved = xfB;
    moved.p += asPolygons.translation * 1.001f;
    ASSERT_FALSE(satPolygons(makeBox(a.halfExtents), xfA, makeBox(b.halfExtents), moved).hit) << i;
  }
  EXPECT_GT(hits, 1000);
}

TEST(SatTestDouble, DepthIsTheMinimumOverlapOverAllDirections) {
  // Brute force: project both polygons on 3600 directions; SAT's depth is the smallest overlap among them
  // (up to the angular sampling) and never more than any of them.
  std::mt19937_64 random(13);
  for (int i = 0; i < 300; ++i) {
    const Polygon<double> a = randomPolygon<double>(random, 2);
    const Polygon<double> b = randomPolygon<double>(random, 2);
    const Transform<double> xfA = randomTransform<double>(random, 1);
    const Transform<double> xfB = randomTransform<double>(random, 1);
    const SatResult<double> result = satPolygons(a, xfA, b, xfB);
    double smallest = std::numeric_limits<double>::infinity();
    for (int k = 0; k < 3600; ++k) {
      const double angle = std::numbers::pi * k / 3600;
      const Vec2<double> axis{std::cos(angle), std::sin(angle)};
      double minA = 1e300, maxA = -1e300, minB = 1e300, maxB = -1e300;
      for (int v = 0; v < a.count; ++v) {
        const double p = dot(xfA.apply(a.vertices[v]), axis);
        minA = std::min(minA, p);
        maxA = std::max(maxA, p);
      }
      for (int v = 0; v < b.count; ++v) {
        const double p = dot(xfB.apply(b.vertices[v]), axis);
        minB = std::min(minB, p);
        maxB = std::max(maxB, p);
      }
      smallest = std::min(smallest, std::min(maxA - minB, maxB - minA));
    }
    if (result.hit) {
      EXPECT_LE(result.depth, smallest + 1e-9) << i;
      EXPECT_GE(result.depth, smallest - 1e-3) << i;  // the sampled directions miss the exact one slightly
    } else {
      EXPECT_LT(smallest, 0) << i;
    }
  }
}

TYPED_TEST(SatTest, PointsAndSegmentsWorkWithEveryPolytope) {
  using S = TypeParam;
  const Transform<S> origin = at<S>(0, 0);
  // Point in and out of a box.
  EXPECT_TRUE(sat(Point<S>{}, at<S>(S(0.5), S(0.5)), Box<S>{{1, 1}}, origin).hit);
  EXPECT_FALSE(sat(Point<S>{}, at<S>(S(1.5), S(0.5)), Box<S>{{1, 1}}, origin).hit);
  // Two points: the centre line is the only axis.
  const SatResult<S> apart = sat(Point<S>{}, origin, Point<S>{}, at<S>(3, 4));
  EXPECT_FALSE(apart.hit);
  EXPECT_NEAR(apart.separation, 5, 1e-5);
  EXPECT_EQ(apart.bestSource, AxisSource::CenterLine);
  const SatResult<S> together = sat(Point<S>{}, at<S>(2, 2), Point<S>{}, at<S>(2, 2));
  EXPECT_TRUE(together.hit);
  EXPECT_EQ(together.depth, S(0));
  // Collinear segments with a gap: only the segment direction separates them.
  const Segment<S> segment{{-1, 0}, {1, 0}};
  const SatResult<S> collinear = sat(segment, origin, segment, at<S>(3, 0));
  EXPECT_FALSE(collinear.hit);
  EXPECT_EQ(collinear.bestSource, AxisSource::SegmentDirectionA);
  EXPECT_NEAR(collinear.separation, 1, 1e-6);
  // A point on a segment's line beyond its end.
  EXPECT_FALSE(sat(Point<S>{}, at<S>(2, 0), segment, origin).hit);
  EXPECT_TRUE(sat(Point<S>{}, at<S>(S(0.5), 0), segment, origin).hit);
  // Crossing segments, and a segment through a polygon.
  EXPECT_TRUE(sat(segment, origin, segment, at<S>(0, 0, S(1))).hit);
  EXPECT_TRUE(sat(segment, at<S>(0, S(0.5)), makeRegularPolygon<S>(6, 1), origin).hit);
  EXPECT_FALSE(sat(segment, at<S>(0, S(1.5)), makeRegularPolygon<S>(6, 1), origin).hit);
}

TYPED_TEST(SatTest, AabbIgnoresItsTransformAndMatchesSatAabbs) {
  using S = TypeParam;
  const Aabb<S> a{{0, 0}, {2, 1}};
  const Aabb<S> b{{S(1.5), S(0.75)}, {3, 3}};  // overlaps 0.5 on x, 0.25 on y
  const SatResult<S> direct = satAabbs(a, b);
  const SatResult<S> generic = sat(a, at<S>(100, 100, S(1)), b, at<S>(-7, 3, S(2)));
  ASSERT_TRUE(direct.hit);
  ASSERT_TRUE(generic.hit);
  EXPECT_NEAR(direct.depth, 0.25, 1e-6);
  EXPECT_EQ(direct.depth, generic.depth);
  EXPECT_EQ(direct.normal, generic.normal);
  EXPECT_EQ(direct.bestSource, AxisSource::WorldY);
  EXPECT_NEAR(direct.normal.y, 1, 1e-6);
  EXPECT_FALSE(satAabbs(a, Aabb<S>{{S(2.5), 0}, {3, 1}}).hit);
}

TYPED_TEST(SatTest, InvalidInputIsRefusedNotCrashed) {
  using S = TypeParam;
  const S nan = std::numeric_limits<S>::quiet_NaN();
  const S inf = std::numeric_limits<S>::infinity();
  const Polygon<S> box = makeBox<S>({1, 1});
  Polygon<S> broken = box;
  broken.vertices[2].x = nan;
  for (const SatResult<S>& result :
       {satPolygons(broken, at<S>(0, 0), box, at<S>(0, 0)), satPolygons(box, at<S>(nan, 0), box, at<S>(0, 0)),
        satPolygons(box, at<S>(0, 0), box, at<S>(inf, 0)), satPolygons(Polygon<S>{}, at<S>(0, 0), box, at<S>(0, 0)),
        satBoxes(Box<S>{{nan, 1}}, at<S>(0, 0), Box<S>{}, at<S>(0, 0)),
        satBoxes(Box<S>{{-1, 1}}, at<S>(0, 0), Box<S>{}, at<S>(0, 0)),
        satAabbs(Aabb<S>{{1, 1}, {0, 0}}, Aabb<S>{}), satAabbs(Aabb<S>{}, Aabb<S>{{0, 0}, {inf, 1}}),
        sat(Segment<S>{{0, 0}, {nan, 0}}, at<S>(0, 0), Point<S>{}, at<S>(0, 0))}) {
    EXPECT_FALSE(result.hit);
    EXPECT_EQ(result.status, Status::InvalidInput);
    EXPECT_EQ(result.axesTested, 0);
  }
}

// The guard SAT runs on every call (allValid: integer magnitudes, blocks of four slots) refuses exactly what
// isValid does, at every slot of a polygon whose count is not a multiple of 4, and ignores the slots past count.
TYPED_TEST(SatTest, ThePolygonGuardAgreesWithIsValidAtEverySlot) {
  using S = TypeParam;
  const S limit = kMaxCoordinate<S>;
  const S above = std::nextafter(limit, std::numeric_limits<S>::infinity());
  const S nan = std::numeric_limits<S>::quiet_NaN();
  const S inf = std::numeric_limits<S>::infinity();
  const S largest = std::numeric_limits<S>::max();
  const std::vector<S> values = {nan, inf, -inf, above, -above, limit, -limit, largest, S(2), S(0)};
  const Polygon<S> pentagon = makeRegularPolygon<S>(5, 1);
  const Polygon<S> box = makeBox<S>({1, 1});
  for (int slot = 0; slot < pentagon.count + 3; ++slot) {
    for (int field = 0; field < 4; ++field) {
      for (const S value : values) {
        SCOPED_TRACE(::testing::Message() << "slot " << slot << ", field " << field << ", value " << value);
        Polygon<S> poked = pentagon;
        Vec2<S>& target = field < 2 ? poked.vertices[slot] : poked.normals[slot];
        (field % 2 == 0 ? target.x : target.y) = value;
        const bool valid = isValid(poked).ok();
        EXPECT_EQ(allValid(poked), valid);
        EXPECT_EQ(satPolygons(poked, at<S>(0, 0), box, at<S>(3, 0)).status == Status::InvalidInput, !valid);
        if (slot >= pentagon.count) {
          EXPECT_TRUE(valid);  // past count: not part of the polygon
        }
      }
    }
  }
}

TYPED_TEST(SatTest, CollidersDispatchPolytopesAndRefuseCurvedShapes) {
  using S = TypeParam;
  const Collider<S> box{Box<S>{{1, 1}}, at<S>(0, 0)};
  const Collider<S> polygon{makeRegularPolygon<S>(5, 1), at<S>(S(1.5), 0)};
  const SatResult<S> viaColliders = satColliders(box, polygon);
  const SatResult<S> direct = sat(Box<S>{{1, 1}}, at<S>(0, 0), makeRegularPolygon<S>(5, 1), at<S>(S(1.5), 0));
  EXPECT_TRUE(viaColliders.hit);
  EXPECT_EQ(viaColliders.depth, direct.depth);
  const Collider<S> circle{Circle<S>{}, at<S>(0, 0)};
  EXPECT_EQ(satColliders(box, circle).status, Status::InvalidInput);
  EXPECT_EQ(satColliders(circle, box).status, Status::InvalidInput);
}

TEST(SatTestDouble, LargeAndTinyCoordinatesKeepTheirPrecision) {
  const Polygon<double> a = makeRegularPolygon<double>(7, 1);
  const Polygon<double> b = makeBox<double>({0.5, 0.25});
  const SatResult<double> near = satPolygons(a, at(0.0, 0.0, 0.2), b, at(1.1, 0.3, -0.4));
  // The same pair a million units away: A's frame cancels the offset before projecting.
  const SatResult<double> far = satPolygons(a, at(1e6, -1e6, 0.2), b, at(1e6 + 1.1, -1e6 + 0.3, -0.4));
  ASSERT_TRUE(near.hit);
  ASSERT_TRUE(far.hit);
  EXPECT_NEAR(far.depth, near.depth, 1e-9);
  EXPECT_EQ(far.bestAxisIndex, near.bestAxisIndex);
  // Shrunk a million times: the depth shrinks with it.
  Polygon<double> smallA = makeRegularPolygon<double>(7, 1e-6);
  const Box<double> smallB{{0.5e-6, 0.25e-6}};
  const SatResult<double> tiny = sat(smallA, at(0.0, 0.0, 0.2), smallB, at(1.1e-6, 0.3e-6, -0.4));
  ASSERT_TRUE(tiny.hit);
  EXPECT_NEAR(tiny.depth / near.depth, 1e-6, 1e-15);
}

TYPED_TEST(SatTest, TraceDoesNotChangeTheResultAndDescribesEveryAxis) {
  using S = TypeParam;
  std::mt19937_64 random(14);
  for (int i = 0; i < 200; ++i) {
    const Polygon<S> a = randomPolygon<S>(random, 2);
    const Polygon<S> b = randomPolygon<S>(random, 2);
    const Transform<S> xfA = randomTransform<S>(random, 2);
    const Transform<S> xfB = randomTransform<S>(random, 2);
    Recorder<SatAxisStep<S>> recorder;
    const SatResult<S> traced = satPolygons(a, xfA, b, xfB, recorder);
    const SatResult<S> plain = satPolygons(a, xfA, b, xfB);
    // Field by field, bit for bit (a whole-struct memcmp would also compare padding bytes).
    const auto bits = [](S x, S y) { return std::memcmp(&x, &y, sizeof(S)) == 0; };
    EXPECT_EQ(traced.hit, plain.hit);
    EXPECT_TRUE(bits(traced.depth, plain.depth) && bits(traced.separation, plain.separation));
    EXPECT_TRUE(bits(traced.normal.x, plain.normal.x) && bits(traced.normal.y, plain.normal.y));
    EXPECT_TRUE(bits(traced.translation.x, plain.translation.x) && bits(traced.translation.y, plain.translation.y));
    EXPECT_EQ(traced.axesTested, plain.axesTested);
    EXPECT_EQ(traced.bestAxisIndex, plain.bestAxisIndex);
    EXPECT_EQ(traced.bestSource, plain.bestSource);
    EXPECT_EQ(traced.bestEdge, plain.bestEdge);
    EXPECT_EQ(traced.status, plain.status);
    ASSERT_EQ(static_cast<int>(recorder.steps.size()), traced.axesTested);
    for (std::size_t k = 0; k < recorder.steps.size(); ++k) {
      const SatAxisStep<S>& step = recorder.steps[k];
      EXPECT_EQ(step.axisIndex, static_cast<int>(k));
      EXPECT_EQ(step.source, k < static_cast<std::size_t>(a.count) ? AxisSource::EdgeOfA : AxisSource::EdgeOfB);
      EXPECT_NEAR(length(step.axis), 1, 1e-5);
      EXPECT_EQ(axisSourceName(step.source), k < static_cast<std::size_t>(a.count) ? "edge of A" : "edge of B");
      // The world intervals tell the same overlap as the one computed in A's frame.
      EXPECT_NEAR(step.overlap, std::min(step.maxA - step.minB, step.maxB - step.minA), 1e-4);
      EXPECT_EQ(step.separating, k + 1 == recorder.steps.size() && !traced.hit);
    }
    EXPECT_EQ(recorder.steps.back().bestAxisIndex, traced.bestAxisIndex);
    if (traced.hit) {
      EXPECT_EQ(recorder.steps.back().bestOverlap, traced.depth);
    }
  }
  // The OBB shortcut traces its 4 axes with the projection radii as intervals.
  Recorder<SatAxisStep<S>> boxSteps;
  const SatResult<S> boxes = satBoxes(Box<S>{{1, 1}}, at<S>(0, 0), Box<S>{{1, 1}}, at<S>(S(1.5), 0, S(0.5)), boxSteps);
  ASSERT_TRUE(boxes.hit);
  ASSERT_EQ(boxSteps.steps.size(), 4u);
  EXPECT_NEAR(boxSteps.steps[0].minA, -1, 1e-6);
  EXPECT_NEAR(boxSteps.steps[0].maxA, 1, 1e-6);
  EXPECT_EQ(boxSteps.steps[2].source, AxisSource::EdgeOfB);
}

}  // namespace
}  // namespace collide
