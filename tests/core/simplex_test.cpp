// The simplex vocabulary over the vector type, and the closest-point solver's kernels in space (Ericson,
// Real-Time Collision Detection, 5.1.5 and 5.1.6). The plane's triangle kernel is tested in gjk_test.cpp.
#include <gtest/gtest.h>

#include <array>
#include <type_traits>

#include "collide/gjk.h"
#include "collide/simplex.h"

namespace collide {
namespace {

static_assert(Simplex<Vec2<float>>::kCapacity == 3 && Simplex<Vec2<double>>::kCapacity == 3);
static_assert(Simplex<Vec3<float>>::kCapacity == 4 && Simplex<Vec3<double>>::kCapacity == 4);
static_assert(std::tuple_size_v<decltype(SimplexCache<Vec3<double>>{}.directions)> == 4);
static_assert(std::is_same_v<decltype(GjkStep<Vec3<float>>{}.distance), float>);
static_assert(std::is_same_v<decltype(DistanceResult<Vec3<double>>{}.normal), Vec3<double>>);
static_assert(std::is_same_v<decltype(GjkBooleanResult<Vec3<double>>{}.simplex), Simplex<Vec3<double>>>);

template <class S>
class SimplexTest : public ::testing::Test {};
using Scalars = ::testing::Types<float, double>;
TYPED_TEST_SUITE(SimplexTest, Scalars);

template <class S>
detail::SimplexPoints<Vec3<S>> shifted(std::array<Vec3<S>, 4> corners, Vec3<S> query) {
  detail::SimplexPoints<Vec3<S>> points{};
  for (int i = 0; i < 4; ++i) points[i] = corners[i] - query;
  return points;
}

template <class S>
void expectAnswer(const detail::ClosestOnSimplex<Vec3<S>>& answer, const detail::SimplexPoints<Vec3<S>>& points,
                  int count, SimplexRegion region, Vec3<S> closest, Vec3<S> query) {
  SCOPED_TRACE(regionName(region));
  EXPECT_EQ(answer.region, region) << regionName(answer.region);
  EXPECT_EQ(answer.droppedMask, static_cast<std::uint8_t>(~region.kept & ((1u << count) - 1u)));
  const Vec3<S> found = answer.closestPoint + query;
  EXPECT_NEAR(found.x, closest.x, 1e-5);
  EXPECT_NEAR(found.y, closest.y, 1e-5);
  EXPECT_NEAR(found.z, closest.z, 1e-5);
  // The weights of the kept vertices, in order, rebuild the closest point and sum to 1.
  Vec3<S> rebuilt{};
  S sum = 0;
  for (int i = 0, k = 0; i < count; ++i) {
    if (!region.keeps(i)) continue;
    rebuilt += answer.weights[k] * points[i];
    sum += answer.weights[k++];
  }
  EXPECT_NEAR(sum, 1.0, 1e-5);
  EXPECT_NEAR(rebuilt.x, answer.closestPoint.x, 1e-5);
  EXPECT_NEAR(rebuilt.y, answer.closestPoint.y, 1e-5);
  EXPECT_NEAR(rebuilt.z, answer.closestPoint.z, 1e-5);
}

TYPED_TEST(SimplexTest, TriangleInSpaceFindsEachRegion) {
  using S = TypeParam;
  using V = Vec3<S>;
  // Triangle A(0,0,0) B(4,0,0) C(0,4,0); the origin moved to each query point.
  const std::array<V, 4> corners{V{0, 0, 0}, V{4, 0, 0}, V{0, 4, 0}, V{}};
  struct Case {
    V query;
    SimplexRegion region;
    V closest;
  };
  const Case cases[] = {
      {{-1, -1, 2}, {0b001, SimplexFeature::Vertex}, {0, 0, 0}}, {{5, -1, -3}, {0b010, SimplexFeature::Vertex}, {4, 0, 0}},
      {{-1, 5, 1}, {0b100, SimplexFeature::Vertex}, {0, 4, 0}},  {{2, -3, 1}, {0b011, SimplexFeature::Edge}, {2, 0, 0}},
      {{-3, 2, -1}, {0b101, SimplexFeature::Edge}, {0, 2, 0}},   {{3, 3, 5}, {0b110, SimplexFeature::Edge}, {2, 2, 0}},
      {{1, 1, 7}, {0b111, SimplexFeature::Face}, {1, 1, 0}},     {{1, 1, -7}, {0b111, SimplexFeature::Face}, {1, 1, 0}},
  };
  for (const Case& c : cases) {
    const detail::SimplexPoints<V> points = shifted(corners, c.query);
    expectAnswer(detail::closestOnSimplex(points, 3), points, 3, c.region, c.closest, c.query);
  }
}

TYPED_TEST(SimplexTest, TetrahedronFindsFacesEdgesVerticesAndInterior) {
  using S = TypeParam;
  using V = Vec3<S>;
  // A(0,0,0) B(4,0,0) C(0,4,0) D(0,0,4).
  const std::array<V, 4> corners{V{0, 0, 0}, V{4, 0, 0}, V{0, 4, 0}, V{0, 0, 4}};
  struct Case {
    V query;
    SimplexRegion region;
    V closest;
  };
  const Case cases[] = {
      {{1, 1, 1}, {0b1111, SimplexFeature::Interior}, {1, 1, 1}},  // inside: the origin itself
      {{1, 1, -3}, {0b0111, SimplexFeature::Face}, {1, 1, 0}},     // below face ABC
      {{1, -3, 1}, {0b1011, SimplexFeature::Face}, {1, 0, 1}},     // beside face ABD
      {{-3, 1, 1}, {0b1101, SimplexFeature::Face}, {0, 1, 1}},     // beside face ACD
      {{3, 3, 3}, {0b1110, SimplexFeature::Face}, {S(4) / 3, S(4) / 3, S(4) / 3}},  // beyond face BCD
      {{-1, -1, -1}, {0b0001, SimplexFeature::Vertex}, {0, 0, 0}},
      {{0, 0, 7}, {0b1000, SimplexFeature::Vertex}, {0, 0, 4}},
      {{2, -2, -2}, {0b0011, SimplexFeature::Edge}, {2, 0, 0}},
      {{-2, 2, 4}, {0b1100, SimplexFeature::Edge}, {0, 1, 3}},
  };
  for (const Case& c : cases) {
    const detail::SimplexPoints<V> points = shifted(corners, c.query);
    const detail::ClosestOnSimplex<V> answer = detail::closestOnSimplex(points, 4);
    if (c.region.feature == SimplexFeature::Interior) {
      EXPECT_EQ(answer.region, c.region);
      EXPECT_EQ(answer.droppedMask, 0);
      S sum = 0;
      V rebuilt{};
      for (int i = 0; i < 4; ++i) {
        EXPECT_GT(answer.weights[i], S(0));
        sum += answer.weights[i];
        rebuilt += answer.weights[i] * points[i];
      }
      EXPECT_NEAR(sum, 1.0, 1e-5);
      EXPECT_NEAR(length(rebuilt), 0.0, 1e-5);  // the barycentric weights of the origin
    } else {
      expectAnswer(answer, points, 4, c.region, c.closest, c.query);
    }
  }
}

TYPED_TEST(SimplexTest, BookkeepingHoldsFourVerticesInSpace) {
  using S = TypeParam;
  using V = Vec3<S>;
  Simplex<V> simplex;
  for (int i = 1; i <= 5; ++i) {
    SupportPoint<V> w;
    w.point = {S(i), S(0), S(0)};
    simplex = detail::pushFront(simplex, w);
  }
  // Newest first; a full simplex loses its oldest.
  EXPECT_EQ(simplex.count, 4);
  EXPECT_EQ(simplex.vertices[0].point.x, S(5));
  EXPECT_EQ(simplex.vertices[3].point.x, S(2));
  const Simplex<V> kept = detail::keepVertices(simplex, 0b0101);
  EXPECT_EQ(kept.count, 2);
  EXPECT_EQ(kept.vertices[0].point.x, S(4));
  EXPECT_EQ(kept.vertices[1].point.x, S(2));
  EXPECT_EQ(kept.vertices[2], SupportPoint<V>{});
  EXPECT_EQ(detail::regionBehindNewest<V>(3), (SimplexRegion{0b1110, SimplexFeature::Face}));
  EXPECT_EQ(detail::regionBehindNewest<Vec2<S>>(2), (SimplexRegion{0b110, SimplexFeature::Edge}));
  EXPECT_EQ(detail::initialDirection(V{}), (V{1, 0, 0}));
}

}  // namespace
}  // namespace collide
