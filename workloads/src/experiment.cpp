// workloads/src/experiment.cpp: random pairs, references, and the timed runs of workloads/experiment.h.
//
// [SECTION] Configuration
// [SECTION] Pairs
// [SECTION] Prepared trials: the pair in the run's scalar, with its reference
// [SECTION] Timed queries
// [SECTION] Statistics and worst cases
// [SECTION] runExperiment: chunks of trials shared by the worker threads
#include "workloads/experiment.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <exception>
#include <cmath>
#include <limits>
#include <mutex>
#include <numbers>
#include <stdexcept>
#include <thread>
#include <type_traits>
#include <variant>
#if defined(__unix__) || defined(__APPLE__)
#include <time.h>
#endif

#include "collide/cast_query.h"
#include "collide/polygon.h"
#include "collide/query3.h"
#include "workloads/random.h"
#include "workloads/random_shapes3.h"

namespace collide {

namespace {

// CPU time of the calling thread: "compute" even when other processes share the core, and apart from the GUI
// thread when the app runs an experiment in the background. Wall time where POSIX thread clocks are missing.
double threadSeconds() {
#if defined(CLOCK_THREAD_CPUTIME_ID)
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return double(now.tv_sec) + 1e-9 * double(now.tv_nsec);
#else
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
#endif
}

constexpr double kTwoPi = 2.0 * std::numbers::pi;
// Trials prepared, then timed, at a time. A trial holds two 2 KB polygons, so 256 of them (about 1 MB) stay in a
// core's L2 cache between being built and being queried; the clocks read per chunk cost little at that size.
constexpr std::uint64_t kChunkSize = 256;
constexpr double kWarmStartStep = 0.05;     // how far B moved since the cached query, in units of A's size

}  // namespace

// [SECTION] Configuration

namespace {

// The families named without a count, and the two with one (ngonN, hullN): their count's range.
constexpr std::pair<std::string_view, PairFamily> kPlainFamilies[] = {
    {"boxes", PairFamily::Boxes},         {"circles", PairFamily::Circles},       {"capsules", PairFamily::Capsules},
    {"mixed", PairFamily::Mixed},         {"boxes3d", PairFamily::Boxes3d},       {"spheres", PairFamily::Spheres},
    {"capsules3d", PairFamily::Capsules3d}, {"cylinders", PairFamily::Cylinders}, {"mixed3d", PairFamily::Mixed3d}};
struct CountedFamily {
  std::string_view prefix;
  PairFamily family;
  int min, max;
  std::string_view what;
};
constexpr CountedFamily kCountedFamilies[] = {{"ngon", PairFamily::Ngon, 3, kMaxPolygonVertices, "an n-gon family"},
                                              {"hull", PairFamily::Hull, kMinHullPoints, kMaxHullPoints, "a hull family"}};
constexpr std::string_view kFamilyList =
    "boxes, ngonN (e.g. ngon8), circles, capsules, mixed (2D); boxes3d, hullN (e.g. hull32), spheres, capsules3d, "
    "cylinders, mixed3d (3D)";

const CountedFamily* countedFamily(PairFamily family) {
  for (const CountedFamily& counted : kCountedFamilies)
    if (counted.family == family) return &counted;
  return nullptr;
}

}  // namespace

std::string familyName(PairFamily family, int pointCount) {
  if (const CountedFamily* counted = countedFamily(family)) return std::string(counted->prefix) + std::to_string(pointCount);
  for (const auto& [text, plain] : kPlainFamilies)
    if (plain == family) return std::string(text);
  return "unknown";
}

bool parseFamily(std::string_view name, ExperimentConfig& config, std::string& error) {
  for (const auto& [text, family] : kPlainFamilies) {
    if (name == text) {
      config.family = family;
      return true;
    }
  }
  for (const CountedFamily& counted : kCountedFamilies) {
    if (!name.starts_with(counted.prefix)) continue;
    const std::string_view digits = name.substr(counted.prefix.size());
    int count = 0;
    const auto [end, code] = std::from_chars(digits.data(), digits.data() + digits.size(), count);
    if (code == std::errc{} && end == digits.data() + digits.size() && count >= counted.min && count <= counted.max) {
      config.family = counted.family;
      config.pointCount = count;
      return true;
    }
    // Appended piece by piece: GCC 12 warns (-Wrestrict, a false positive) on "\"" + std::string(...).
    error.assign(1, '"').append(name).append("\": ").append(counted.what).append(" is ").append(counted.prefix);
    error.append("N with N from ").append(std::to_string(counted.min)).append(" to ").append(std::to_string(counted.max));
    error.append(", e.g. ").append(counted.prefix).append(counted.family == PairFamily::Hull ? "32" : "8");
    return false;
  }
  error.assign(1, '"').append(name).append("\" is not a family; expected ").append(kFamilyList);
  return false;
}

std::string validateExperiment(const ExperimentConfig& config) {
  const int dimension = familyDimension(config.family);
  if (config.algorithms.empty()) return "algorithms: expected at least one of " + algorithmNameList(true, dimension);
  for (const Algorithm algorithm : config.algorithms) {
    if (!isIterative(algorithm))
      return "algorithms: " + std::string(algorithmName(algorithm)) + " has no iterations; expected " +
             algorithmNameList(true, dimension);
    if (!runsIn(algorithm, dimension))
      return "algorithms: " + std::string(algorithmName(algorithm)) + " does not run in " + std::to_string(dimension) +
             "D, the family's dimension; expected " + algorithmNameList(true, dimension);
    if (std::count(config.algorithms.begin(), config.algorithms.end(), algorithm) > 1)
      return "algorithms: " + std::string(algorithmName(algorithm)) + " is listed twice";
  }
  if (const CountedFamily* counted = countedFamily(config.family);
      counted && (config.pointCount < counted->min || config.pointCount > counted->max)) {
    return "family: " + std::string(counted->what) + " has " + std::to_string(counted->min) + " to " +
           std::to_string(counted->max) + (config.family == PairFamily::Hull ? " points" : " vertices");
  }
  if (config.trials < 1) return "trials: expected at least 1";
  if (!std::isfinite(config.gapMin) || !std::isfinite(config.gapMax) || config.gapMin > config.gapMax)
    return "gap: expected finite numbers with min <= max";
  if (!(config.sizeRatio > 0) || !std::isfinite(config.sizeRatio) || config.sizeRatio > 1e3 || config.sizeRatio < 1e-3)
    return "size ratio: expected a number from 0.001 to 1000";
  // The shapes sit within a few units of the offset, which must stay well inside kMaxCoordinate (shapes.h).
  const double maxOffset = config.precision == Precision::Float ? 1e8 : 1e15;
  if (!std::isfinite(config.offset) || std::abs(config.offset) > maxOffset) {
    return "offset: expected a finite number up to " + std::string(config.precision == Precision::Float ? "1e8 in float" : "1e15");
  }
  if (config.trials > kMaxExperimentTrials) {
    return "trials: expected at most " + std::to_string(kMaxExperimentTrials) + " (about a minute on two cores)";
  }
  if (config.worstCaseCount > kMaxWorstCases) {
    return "worst cases: expected at most " + std::to_string(kMaxWorstCases);
  }
  if (config.maxIterations < 1 || config.maxIterations > 1000) return "max iterations: expected 1 to 1000";
  if (!(config.valueTolerance > 0)) return "value tolerance: expected a positive number";
  if (config.worstCaseCount < 0) return "worst cases: expected a count >= 0";
  return {};
}

// [SECTION] Pairs

namespace {

enum class ShapeKind { Box, Ngon, Circle, Capsule };

// Writes the shape into `shape`: a Polygon<double> is 2 KB, and an experiment builds millions, so each is built
// where it stays rather than returned and copied through a variant or two.
void makeShape(ShapeKind kind, int vertexCount, double size, SplitMix64& random, Shape<double>& shape) {
  switch (kind) {
    case ShapeKind::Box: {
      const double aspect = random.uniform(0.25, 1.0);
      const double halfX = size / std::sqrt(1.0 + aspect * aspect);
      shape = Box<double>{{halfX, aspect * halfX}};
      return;
    }
    case ShapeKind::Circle: shape = Circle<double>{{}, size}; return;
    case ShapeKind::Capsule: {
      const double halfLength = random.uniform(0.3, 0.7) * size;
      shape = Capsule<double>{{-halfLength, 0}, {halfLength, 0}, size - halfLength};
      return;
    }
    case ShapeKind::Ngon: break;
  }
  // Vertices on a circle are in convex position; jittering their angles by under half a step keeps their order.
  std::array<Vec2<double>, kMaxPolygonVertices> points{};
  const double step = kTwoPi / vertexCount;
  const double phase = random.uniform(0.0, step);
  for (int i = 0; i < vertexCount; ++i) {
    const double angle = phase + step * (i + random.uniform(-0.35, 0.35));
    points[std::size_t(i)] = size * Vec2<double>{std::cos(angle), std::sin(angle)};
  }
  // In convex position and counter-clockwise by construction: no validation needed (it dominated the run time).
  shape = makeConvexPolygon<double>(std::span<const Vec2<double>>(points.data(), std::size_t(vertexCount)));
}

void makeFamilyShape(const ExperimentConfig& config, double size, SplitMix64& random, Shape<double>& shape) {
  switch (config.family) {
    case PairFamily::Boxes: return makeShape(ShapeKind::Box, 0, size, random, shape);
    case PairFamily::Ngon: return makeShape(ShapeKind::Ngon, config.pointCount, size, random, shape);
    case PairFamily::Circles: return makeShape(ShapeKind::Circle, 0, size, random, shape);
    case PairFamily::Capsules: return makeShape(ShapeKind::Capsule, 0, size, random, shape);
    case PairFamily::Mixed: break;
    default: return;  // a family of space: not called (familyDimension picks the pair type)
  }
  const auto kind = static_cast<ShapeKind>(random.integer(0, 3));
  makeShape(kind, random.integer(3, 12), size, random, shape);
}

// Space: the generators the 3D property tests and benchmarks draw from (workloads/random_shapes3.h).
void makeFamilyShape(const ExperimentConfig& config, double size, SplitMix64& random, Shape3<double>& shape) {
  switch (config.family) {
    case PairFamily::Boxes3d: shape = randomBox3<double>(random, size); return;
    case PairFamily::Hull: shape = randomHull<double>(random, config.pointCount, size); return;
    case PairFamily::Spheres: shape = randomSphere<double>(random, size); return;
    case PairFamily::Capsules3d: shape = randomCapsule3<double>(random, size); return;
    case PairFamily::Cylinders: shape = randomCylinder<double>(random, size); return;
    case PairFamily::Mixed3d: shape = randomShape3<double>(random, size); return;
    default: return;  // a family of the plane: not called
  }
}

// How far a placed shape reaches along unit u from its position: dot(support(u), u) - dot(position, u).
template <class ColliderType, class V>
double reach(const ColliderType& collider, V u) {
  return std::visit(
      [&](const auto& shape) {
        if constexpr (requires { shape.support(u); }) {
          const Transformed placed{shape, collider.transform};
          return dot(placed.support(u) - collider.transform.p, u);
        } else {
          return 0.0;
        }
      },
      collider.shape);
}

// Where a placed shape's centroid is (a sphere's or capsule's may be off its position on purpose).
template <class ColliderType>
auto centroidOf(const ColliderType& collider) {
  return std::visit(
      [&](const auto& shape) {
        if constexpr (SupportShape<std::decay_t<decltype(shape)>>) {
          return Transformed{shape, collider.transform}.centroid();
        } else {
          return collider.transform.p;  // a mesh: no family makes one
        }
      },
      collider.shape);
}

// B's centroid on the line through A's centroid along u, `gap` from touching A along that line: B slid along the
// line by `gap` from where it first touches A coming in from far along u (positive: apart by that much of travel;
// negative: overlapping by that much along the line, which the penetration depth never exceeds). The touching
// places are linear casts (the core's GJK ray cast on A - B, to 1e-12 of the pair's size: kPlacement). Before, B was placed
// by A's and B's reach along u, their supporting planes `gap` apart: rotated boxes and off-centre spheres passed
// each other side by side, and "overlap 0.2" spheres at size ratio 1000 were 38.8 apart (review s33, A1). The line
// through both centroids crosses A - B on a chord around 0; an overlap longer than half that chord would push B
// out the other side, so B stops at the chord's middle and `pair.gap` says where it went.
template <class Pair, class V>
void placeAtGap(Pair& pair, V u, double gap) {
  const V fromA = centroidOf(pair.a);
  pair.b.transform.p = V{};
  const V offsetB = centroidOf(pair.b);  // B's centroid from its position, turned
  const double reachSum = reach(pair.a, u) + reach(pair.a, -u) + reach(pair.b, u) + reach(pair.b, -u);
  const double far = 2.0 * reachSum + 1.0;  // the centroids this far apart along u: the projections are apart
  using M = Motion<V>;
  // A loose cap: a ray through a curved side (a cylinder's rim) can take more steps than the default 64 to meet
  // the default tolerance; the placement needs no better than 1e-12 of the pair's size.
  static constexpr CastOptions kPlacement{.maxIterations = 1000, .relativeTarget = 0.0, .relativeTolerance = 1e-12};
  // Where B's centroid first touches, coming in along -sign * u from `far` away: its signed place on the line.
  const auto touchingFrom = [&](double sign) {
    pair.b.transform.p = fromA + (sign * far) * u - offsetB;
    const CastResult<V> met = runCast(CastAlgorithm::Linear, pair.a, M{}, pair.b, M{(-sign * far) * u, {}}, kPlacement);
    // The cap's fraction is still a time before which they certainly do not touch: B placed there is apart by at
    // most what the cast had left, far below any gap asked for. Anything else is a defect, said (not a crash: the
    // run rethrows it on the caller's thread).
    if (met.status != CastStatus::Hit && met.status != CastStatus::MaxIterations) {
      throw std::logic_error("experiment: trial " + std::to_string(pair.trial) +
                             " could not be placed (a linear cast along the centre line said " +
                             std::string(castStatusName(met.status)) + " after " + std::to_string(met.iterations) +
                             " iterations)");
    }
    return sign * far * (1.0 - met.fraction);
  };
  const double touching = touchingFrom(1.0);
  double along = touching + gap;
  pair.stoppedAtMiddle = false;
  if (gap < 0) {
    if (const double middle = 0.5 * (touching + touchingFrom(-1.0)); middle > along) {
      along = middle;
      pair.stoppedAtMiddle = true;
    }
  }
  pair.gap = along - touching;
  pair.direction = u;
  pair.b.transform.p = fromA + along * u - offsetB;
}

// The pair of trial `trial`, written into `pair` (see makeShape). previousB is drawn last, so leaving it out
// (withPreviousB false: a cold run never reads it, and it costs two sines, two cosines and an atan2) changes nothing
// else.
void buildExperimentPair(const ExperimentConfig& config, std::uint64_t trial, bool withPreviousB, ExperimentPair& pair) {
  SplitMix64 random = SplitMix64::stream(config.seed, trial);
  pair.trial = trial;
  makeFamilyShape(config, 1.0, random, pair.a.shape);
  makeFamilyShape(config, config.sizeRatio, random, pair.b.shape);
  const Vec2<double> jitter{random.uniform(-1.0, 1.0), random.uniform(-1.0, 1.0)};
  pair.a.transform = Transform<double>::fromPose(Vec2<double>{config.offset, config.offset} + jitter,
                                                 random.uniform(0.0, kTwoPi));
  pair.b.transform = Transform<double>::fromPose({}, random.uniform(0.0, kTwoPi));
  const double direction = random.uniform(0.0, kTwoPi);
  const Vec2<double> u{std::cos(direction), std::sin(direction)};
  placeAtGap(pair, u, random.uniform(config.gapMin, config.gapMax));
  if (!withPreviousB) {
    pair.previousB = {};
    return;
  }
  const double stepAngle = random.uniform(0.0, kTwoPi);
  pair.previousB = Transform<double>::fromPose(
      pair.b.transform.p - kWarmStartStep * Vec2<double>{std::cos(stepAngle), std::sin(stepAngle)},
      pair.b.transform.q.angle() - random.uniform(-kWarmStartStep, kWarmStartStep));
}

// The same placement in space: A jittered in a unit cube around (offset, offset, offset), both turned uniformly
// (Shoemake 1992), B along a uniform direction.
void buildExperimentPair(const ExperimentConfig& config, std::uint64_t trial, bool withPreviousB,
                         ExperimentPair3& pair) {
  SplitMix64 random = SplitMix64::stream(config.seed, trial);
  pair.trial = trial;
  makeFamilyShape(config, 1.0, random, pair.a.shape);
  makeFamilyShape(config, config.sizeRatio, random, pair.b.shape);
  const Vec3<double> jitter{random.uniform(-1.0, 1.0), random.uniform(-1.0, 1.0), random.uniform(-1.0, 1.0)};
  pair.a.transform = {Vec3<double>{config.offset, config.offset, config.offset} + jitter,
                      randomRotation<double>(random)};
  pair.b.transform = {{}, randomRotation<double>(random)};
  const Vec3<double> u = randomDirection(random);
  placeAtGap(pair, u, random.uniform(config.gapMin, config.gapMax));
  if (!withPreviousB) {
    pair.previousB = {};
    return;
  }
  const Vec3<double> step = randomDirection(random);
  const Vec3<double> axis = randomDirection(random);
  pair.previousB = {pair.b.transform.p - kWarmStartStep * step,
                    (Quat<double>::fromAxisAngle(axis, random.uniform(-kWarmStartStep, kWarmStartStep)) *
                     pair.b.transform.q)
                        .normalized()};
}

}  // namespace

ExperimentPair makeExperimentPair(const ExperimentConfig& config, std::uint64_t trial) {
  ExperimentPair pair;
  buildExperimentPair(config, trial, true, pair);
  return pair;
}

ExperimentPair3 makeExperimentPair3(const ExperimentConfig& config, std::uint64_t trial) {
  ExperimentPair3 pair;
  buildExperimentPair(config, trial, true, pair);
  return pair;
}

namespace {

// [SECTION] Prepared trials: the pair in the run's scalar, with its reference

// A value the run did not need is NaN, not 0: a worst case of boolean GJK on hulls said "apart, distance 0" for pairs
// whose distance nobody computed.
struct Reference {
  bool hit = false;
  double distance = std::numeric_limits<double>::quiet_NaN();  // when not hit, and measured
  double depth = std::numeric_limits<double>::quiet_NaN();     // when hit, and measured
};

// The collider and vector types of a pair type in scalar S: the plane's or space's.
template <class Pair, Scalar S>
struct In;
template <Scalar S>
struct In<ExperimentPair, S> {
  using Collider = collide::Collider<S>;
  using Vec = Vec2<S>;
};
template <Scalar S>
struct In<ExperimentPair3, S> {
  using Collider = Collider3<S>;
  using Vec = Vec3<S>;
};

// A trial as the queries see it. The exact pair is built in place and, in double, queried as it is; in float its
// colliders are rounded to float in the world frame, as an app in float would hold them.
template <class Pair, Scalar S>
struct Trial {
  struct None {};
  using ColliderS = typename In<Pair, S>::Collider;
  using Rounded = std::conditional_t<std::is_same_v<S, double>, None, ColliderS>;
  Pair pair;
  [[no_unique_address]] Rounded roundedA;
  [[no_unique_address]] Rounded roundedB;
  SimplexCache<typename In<Pair, S>::Vec> cache;  // warm start: filled at B's previous pose

  [[nodiscard]] const ColliderS& a() const {
    if constexpr (std::is_same_v<S, double>) return pair.a;
    else return roundedA;
  }
  [[nodiscard]] const ColliderS& b() const {
    if constexpr (std::is_same_v<S, double>) return pair.b;
    else return roundedB;
  }
};

struct Needs {
  bool distance = false;
  bool depth = false;
};

// The experiment families make boxes, polygons, circles and capsules: the first two are polytopes. In space:
// boxes and hulls.
bool isPolytope(const Shape<double>& shape) {
  return std::holds_alternative<Box<double>>(shape) || std::holds_alternative<Polygon<double>>(shape);
}
bool isPolytope(const Shape3<double>& shape) {
  return std::holds_alternative<Box3<double>>(shape) || std::holds_alternative<Hull<double>>(shape);
}

// Double precision, on the exact pair, through the same dispatch (query.h, query3.h) as the timed queries.
template <class Pair>
Reference computeReference(const Pair& pair, Needs needs) {
  Reference reference;
  if (isPolytope(pair.a.shape) && isPolytope(pair.b.shape)) {
    const auto sat = runQuery(Algorithm::Sat, pair.a, pair.b);
    reference.hit = sat.hit;
    reference.depth = sat.depth.value_or(0.0);
    if (!reference.hit && needs.distance) {
      reference.distance = runQuery(Algorithm::Distance, pair.a, pair.b).distance.value_or(0.0);
    }
  } else {
    const auto distance = runQuery(Algorithm::Distance, pair.a, pair.b);
    reference.hit = distance.hit;
    reference.distance = distance.distance.value_or(0.0);
    if (reference.hit && needs.depth) reference.depth = runQuery(Algorithm::Epa, pair.a, pair.b).depth.value_or(0.0);
  }
  return reference;
}

template <class Pair, Scalar S>
void prepareTrial(const ExperimentConfig& config, const QueryOptions& options, std::uint64_t index, Needs needs,
                  Trial<Pair, S>& trial, Reference& reference) {
  const Pair& pair = trial.pair;
  buildExperimentPair(config, index, config.warmStart, trial.pair);
  reference = computeReference(pair, needs);
  if constexpr (!std::is_same_v<S, double>) {
    trial.roundedA = castCollider<S>(pair.a);
    trial.roundedB = castCollider<S>(pair.b);
  }
  trial.cache = {};
  if (config.warmStart) {
    const typename In<Pair, S>::Collider previousB{castShape<S>(pair.b.shape), pair.previousB.template cast<S>()};
    (void)runQuery(Algorithm::Distance, trial.a(), previousB, options, &trial.cache);
  }
}

// [SECTION] Timed queries

struct Outcome {
  bool ran = false;       // false: not applicable (sat on a curved pair)
  std::string_view refusedShape;  // when not ran: the type of the shape it does not take
  std::string refusal;            // and the library's sentence why
  bool iterated = false;  // counts in the histogram (epa: boolean GJK found a hit)
  bool byCores = false;   // epa: the rounded shapes' cores gave the depth, no EPA iteration ran
  int iterations = 0;
  Status status = Status::Converged;
  bool hit = false;
  double value = 0;
};

// Every query goes through runQuery, the one dispatch of the app and the CLI: what is timed is what they run.
template <class Pair, Scalar S>
void runQueries(Algorithm algorithm, const ExperimentConfig& config, const QueryOptions& options,
                std::vector<Trial<Pair, S>>& trials, std::size_t count, std::vector<Outcome>& outcomes) {
  const bool warm = config.warmStart && algorithm == Algorithm::Distance;
  for (std::size_t i = 0; i < count; ++i) {
    Trial<Pair, S>& trial = trials[i];
    Outcome& outcome = outcomes[i];
    outcome = {};
    SimplexCache<typename In<Pair, S>::Vec> cache = trial.cache;
    const auto result = runQuery(algorithm, trial.a(), trial.b(), options, warm ? &cache : nullptr);
    if (!result.ok) {  // sat on a curved pair, sat-lite on a hull: not applicable
      outcome.refusedShape = result.refusal.shapeType;
      outcome.refusal = result.refusal.detail;
      continue;
    }
    outcome.ran = true;
    outcome.iterated = algorithm != Algorithm::Epa || result.hit;
    outcome.byCores = algorithm == Algorithm::Epa && result.stopReason == epaStopName(EpaStop::RoundedCores);
    outcome.iterations = result.iterations.value_or(0);
    outcome.status = result.status.value_or(Status::Converged);
    outcome.hit = result.hit;
    if (algorithm == Algorithm::Distance) outcome.value = double(result.distance.value_or(S(0)));
    if (algorithm == Algorithm::Epa || algorithm == Algorithm::Sat || algorithm == Algorithm::SatLite)
      outcome.value = double(result.depth.value_or(S(0)));
  }
}

// [SECTION] Statistics and worst cases

bool disagrees(Algorithm algorithm, const Outcome& outcome, const Reference& reference, double tolerance) {
  if (outcome.status == Status::InvalidInput) return true;
  if (outcome.hit != reference.hit) return true;
  switch (algorithm) {
    case Algorithm::Distance: return !outcome.hit && std::abs(outcome.value - reference.distance) > tolerance;
    case Algorithm::Epa:
    case Algorithm::Sat:
    case Algorithm::SatLite: return outcome.hit && std::abs(outcome.value - reference.depth) > tolerance;
    default: return false;
  }
}

bool moreIterations(const WorstCase& x, const WorstCase& y) {
  return x.iterations > y.iterations || (x.iterations == y.iterations && x.trial < y.trial);
}

// A disagreement on hit or apart (SAT lite fooled by an edge-edge gap) before one on a distance or depth: with
// first-come order, sat-lite's first 20 on boxes were all depths off, and not one pair it called a hit wrongly.
bool splitsVerdict(const WorstCase& item) { return item.hit != item.referenceHit; }
bool listedBefore(const WorstCase& x, const WorstCase& y) {
  if (splitsVerdict(x) != splitsVerdict(y)) return splitsVerdict(x);
  return x.trial < y.trial;
}

// Keeps the `capacity` runs with the most iterations (earlier trials win ties) and `capacity` disagreements, those
// on hit or apart first, then the earliest trials. Each worker thread keeps its own; merge() gives the same lists
// whatever the split.
class WorstCaseKeeper {
 public:
  explicit WorstCaseKeeper(int capacity) : capacity_(std::size_t(std::max(capacity, 0))) {}

  // `iterated`: the algorithm ran its loop (EPA on a pair GJK found apart did not): only those can be slowest.
  void offer(const WorstCase& candidate, bool iterated) {
    if (capacity_ == 0) return;
    if (candidate.disagrees && (disagreements_.size() < capacity_ || listedBefore(candidate, disagreements_.back()))) {
      disagreements_.insert(std::upper_bound(disagreements_.begin(), disagreements_.end(), candidate, listedBefore),
                            candidate);
      if (disagreements_.size() > capacity_) disagreements_.pop_back();
    }
    if (!iterated) return;
    if (slowest_.size() == capacity_ && !moreIterations(candidate, slowest_.back())) return;
    slowest_.insert(std::upper_bound(slowest_.begin(), slowest_.end(), candidate, moreIterations), candidate);
    if (slowest_.size() > capacity_) slowest_.pop_back();
  }
  void merge(const WorstCaseKeeper& other) {
    slowest_.insert(slowest_.end(), other.slowest_.begin(), other.slowest_.end());
    std::sort(slowest_.begin(), slowest_.end(), moreIterations);
    if (slowest_.size() > capacity_) slowest_.resize(capacity_);
    disagreements_.insert(disagreements_.end(), other.disagreements_.begin(), other.disagreements_.end());
    std::sort(disagreements_.begin(), disagreements_.end(), listedBefore);
    if (disagreements_.size() > capacity_) disagreements_.resize(capacity_);
  }
  void appendTo(std::vector<WorstCase>& out) const {
    out.insert(out.end(), disagreements_.begin(), disagreements_.end());
    for (const WorstCase& slow : slowest_) {
      const bool listed = std::any_of(disagreements_.begin(), disagreements_.end(),
                                      [&](const WorstCase& d) { return d.trial == slow.trial; });
      if (!listed) out.push_back(slow);
    }
  }

 private:
  std::size_t capacity_;
  std::vector<WorstCase> slowest_;
  std::vector<WorstCase> disagreements_;
};

void accumulate(Algorithm algorithm, const ExperimentConfig& config, std::uint64_t firstTrial,
                const std::vector<Outcome>& outcomes, const std::vector<Reference>& references, std::size_t count,
                AlgorithmStats& stats, WorstCaseKeeper& keeper) {
  for (std::size_t i = 0; i < count; ++i) {
    const Outcome& outcome = outcomes[i];
    if (!outcome.ran) {
      ++stats.skipped;
      ++stats.skippedShapes[outcome.refusedShape.empty() ? std::string("pair") : std::string(outcome.refusedShape)];
      // "sat takes polytopes only (...); a circle has a curved boundary ...": what it takes, the same for every shape.
      if (stats.skipReason.empty()) stats.skipReason = outcome.refusal.substr(0, outcome.refusal.find("; "));
      continue;
    }
    ++stats.queries;
    const Reference& reference = references[i];
    const bool disagreement = disagrees(algorithm, outcome, reference, config.valueTolerance);
    stats.disagreements += disagreement;
    stats.invalid += outcome.status == Status::InvalidInput;
    const bool capHit = outcome.status == Status::MaxIterations;
    if (outcome.iterated) {
      ++stats.runs;
      const auto count = std::size_t(std::max(outcome.iterations, 0));
      if (count >= stats.histogram.size()) stats.histogram.resize(count + 1, 0);  // sat: past the cap
      ++stats.histogram[count];
      stats.iterationSum += std::uint64_t(outcome.iterations);
      stats.maxIterationsSeen = std::max(stats.maxIterationsSeen, outcome.iterations);
      stats.capHits += capHit;
      stats.byCores += outcome.byCores;
    }
    const double referenceValue = reference.hit ? reference.depth : reference.distance;
    keeper.offer({firstTrial + i, algorithm, outcome.iterations, disagreement, capHit, outcome.hit, reference.hit,
                  outcome.value, referenceValue},
                 outcome.iterated);
  }
}

void add(AlgorithmStats& into, const AlgorithmStats& from) {
  if (from.histogram.size() > into.histogram.size()) into.histogram.resize(from.histogram.size(), 0);
  for (std::size_t k = 0; k < from.histogram.size(); ++k) into.histogram[k] += from.histogram[k];
  into.skipped += from.skipped;
  for (const auto& [shape, count] : from.skippedShapes) into.skippedShapes[shape] += count;
  if (into.skipReason.empty()) into.skipReason = from.skipReason;
  into.queries += from.queries;
  into.runs += from.runs;
  into.capHits += from.capHits;
  into.byCores += from.byCores;
  into.disagreements += from.disagreements;
  into.invalid += from.invalid;
  into.iterationSum += from.iterationSum;
  into.maxIterationsSeen = std::max(into.maxIterationsSeen, from.maxIterationsSeen);
  into.seconds += from.seconds;
}

// [SECTION] runExperiment: chunks of trials shared by the worker threads

// One worker's share: its own buffers, statistics and worst cases, merged when every chunk is done.
template <class Pair, Scalar S>
struct Worker {
  std::vector<Trial<Pair, S>> trials;
  std::vector<Reference> references;
  std::vector<Outcome> outcomes;
  std::vector<AlgorithmStats> stats;
  std::vector<WorstCaseKeeper> keepers;
  double prepareSeconds = 0;
  double gapMin = std::numeric_limits<double>::infinity();  // the placed pairs' gaps
  double gapMax = -std::numeric_limits<double>::infinity();
  std::uint64_t stoppedAtMiddle = 0;
};

template <class Pair, Scalar S>
ExperimentResult runExperimentIn(const ExperimentConfig& config, const ExperimentProgress& progress,
                                 const std::atomic<bool>* cancel) {
  QueryOptions options;
  options.gjk.maxIterations = config.maxIterations;
  options.epa.maxIterations = config.maxIterations;
  Needs needs;
  for (const Algorithm algorithm : config.algorithms) {
    needs.distance |= algorithm == Algorithm::Distance;
    needs.depth |= algorithm == Algorithm::Epa || algorithm == Algorithm::Sat || algorithm == Algorithm::SatLite;
  }
  // A cold double distance query is the reference computation itself (same function, same input, same bits):
  // its answer is copied into the reference instead of being computed twice.
  const bool distanceIsReference = std::is_same_v<S, double> && !config.warmStart;
  if (distanceIsReference) needs.distance = false;
  // That distance runs first in each chunk, so every algorithm's worst cases can show the reference distance (GJK
  // listed before it saw none and its apart pairs read "apart" alone).
  std::vector<std::size_t> order(config.algorithms.size());
  for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
  if (distanceIsReference) {
    std::stable_partition(order.begin(), order.end(),
                          [&](std::size_t k) { return config.algorithms[k] == Algorithm::Distance; });
  }
  const std::uint64_t chunks = (config.trials + kChunkSize - 1) / kChunkSize;
  const unsigned threads =
      unsigned(std::clamp<std::uint64_t>(std::min<std::uint64_t>(std::thread::hardware_concurrency(), 8), 1, chunks));

  std::vector<Worker<Pair, S>> workers(threads);
  for (Worker<Pair, S>& worker : workers) {
    const auto size = std::size_t(std::min(kChunkSize, config.trials));
    worker.trials.resize(size);
    worker.references.resize(size);
    worker.outcomes.resize(size);
    for (const Algorithm algorithm : config.algorithms) {
      AlgorithmStats stats;
      stats.algorithm = algorithm;
      stats.histogram.assign(std::size_t(config.maxIterations) + 1, 0);
      worker.stats.push_back(std::move(stats));
      worker.keepers.emplace_back(config.worstCaseCount);
    }
  }

  std::atomic<std::uint64_t> nextChunk{0};
  std::atomic<std::uint64_t> done{0};
  std::atomic<bool> cancelled{false};
  std::mutex progressMutex;
  std::exception_ptr failure;  // the first exception of any thread, rethrown on the caller's once all have joined
  std::atomic<bool> failed{false};
  const auto runChunks = [&](Worker<Pair, S>& worker) {
    while (!failed.load(std::memory_order_relaxed)) {
      if (cancel && cancel->load(std::memory_order_relaxed)) {
        cancelled = true;
        return;
      }
      const std::uint64_t chunk = nextChunk.fetch_add(1);
      if (chunk >= chunks) return;
      const std::uint64_t first = chunk * kChunkSize;
      const auto count = std::size_t(std::min(kChunkSize, config.trials - first));
      const double prepareStart = threadSeconds();
      for (std::size_t i = 0; i < count; ++i) {
        prepareTrial(config, options, first + i, needs, worker.trials[i], worker.references[i]);
        const auto& placed = worker.trials[i].pair;
        worker.gapMin = std::min(worker.gapMin, placed.gap);
        worker.gapMax = std::max(worker.gapMax, placed.gap);
        worker.stoppedAtMiddle += placed.stoppedAtMiddle;
      }
      worker.prepareSeconds += threadSeconds() - prepareStart;
      for (const std::size_t k : order) {
        const double start = threadSeconds();
        runQueries(config.algorithms[k], config, options, worker.trials, count, worker.outcomes);
        worker.stats[k].seconds += threadSeconds() - start;
        if (distanceIsReference && config.algorithms[k] == Algorithm::Distance) {
          for (std::size_t i = 0; i < count; ++i) {
            if (!worker.references[i].hit) worker.references[i].distance = worker.outcomes[i].value;
          }
        }
        accumulate(config.algorithms[k], config, first, worker.outcomes, worker.references, count, worker.stats[k],
                   worker.keepers[k]);
      }
      const std::uint64_t total = done.fetch_add(count) + count;
      if (progress) {
        const std::lock_guard lock(progressMutex);
        progress(total, config.trials);
      }
    }
  };
  const auto work = [&](Worker<Pair, S>& worker) {
    try {
      runChunks(worker);
    } catch (...) {
      const std::lock_guard lock(progressMutex);
      if (!failure) failure = std::current_exception();
      failed = true;
    }
  };
  std::vector<std::thread> helpers;
  for (std::size_t t = 1; t < workers.size(); ++t) helpers.emplace_back(work, std::ref(workers[t]));
  work(workers[0]);
  for (std::thread& helper : helpers) helper.join();
  if (failure) std::rethrow_exception(failure);

  ExperimentResult result;
  result.trialsRun = done.load();
  result.cancelled = cancelled.load();
  result.algorithms = std::move(workers[0].stats);
  for (std::size_t t = 1; t < workers.size(); ++t) {
    for (std::size_t k = 0; k < result.algorithms.size(); ++k) {
      add(result.algorithms[k], workers[t].stats[k]);
      workers[0].keepers[k].merge(workers[t].keepers[k]);
    }
  }
  for (const Worker<Pair, S>& worker : workers) {
    result.prepareSeconds += worker.prepareSeconds;
    result.stoppedAtMiddle += worker.stoppedAtMiddle;
    if (worker.gapMin > worker.gapMax) continue;  // it ran no chunk
    result.realisedGapMin = std::isnan(result.realisedGapMin) ? worker.gapMin : std::min(result.realisedGapMin, worker.gapMin);
    result.realisedGapMax = std::isnan(result.realisedGapMax) ? worker.gapMax : std::max(result.realisedGapMax, worker.gapMax);
  }
  for (const WorstCaseKeeper& keeper : workers[0].keepers) keeper.appendTo(result.worstCases);
  std::stable_sort(result.worstCases.begin(), result.worstCases.end(), [](const WorstCase& x, const WorstCase& y) {
    if (x.disagrees != y.disagrees) return x.disagrees;
    if (x.disagrees && splitsVerdict(x) != splitsVerdict(y)) return splitsVerdict(x);
    return x.iterations > y.iterations;
  });
  return result;
}

}  // namespace

ExperimentResult runExperiment(const ExperimentConfig& config, const ExperimentProgress& progress,
                               const std::atomic<bool>* cancel) {
  if (!validateExperiment(config).empty()) return {};
  const bool inSpace = familyDimension(config.family) == 3;
  if (config.precision == Precision::Float) {
    return inSpace ? runExperimentIn<ExperimentPair3, float>(config, progress, cancel)
                   : runExperimentIn<ExperimentPair, float>(config, progress, cancel);
  }
  return inSpace ? runExperimentIn<ExperimentPair3, double>(config, progress, cancel)
                 : runExperimentIn<ExperimentPair, double>(config, progress, cancel);
}

// [SECTION] Worst cases in words

namespace {
std::string measured(bool hit, double value) {
  char text[64];
  std::snprintf(text, sizeof text, "%s %.6g", hit ? "hit, depth" : "apart, distance", value);
  return text;
}
}  // namespace

bool measuresValue(const WorstCase& item) {
  return item.hit ? item.algorithm == Algorithm::Epa || item.algorithm == Algorithm::Sat ||
                        item.algorithm == Algorithm::SatLite
                  : item.algorithm == Algorithm::Distance;
}

std::string answerWords(const WorstCase& item) {
  return measuresValue(item) ? measured(item.hit, item.value) : std::string(item.hit ? "hit" : "apart");
}

std::string referenceWords(const WorstCase& item) {
  if (std::isnan(item.referenceValue)) return item.referenceHit ? "hit" : "apart";  // not measured in this run
  return measured(item.referenceHit, item.referenceValue);
}

std::string gapWords(const ExperimentConfig& config, const ExperimentResult& result) {
  char text[512];
  if (std::isnan(result.realisedGapMin)) {
    std::snprintf(text, sizeof text, "gap asked %g to %g, no pair placed", config.gapMin, config.gapMax);
    return text;
  }
  // Three digits: the extremes of uniform draws read as the range asked, unless a pair really fell outside it.
  int length = std::snprintf(text, sizeof text, "gap asked %g to %g, realised %.3g to %.3g", config.gapMin,
                             config.gapMax, result.realisedGapMin, result.realisedGapMax);
  if (result.stoppedAtMiddle > 0 && length > 0 && std::size_t(length) < sizeof text) {
    std::snprintf(text + length, sizeof text - std::size_t(length),
                  ": %llu of %llu %s (%.3g%%) overlap less than asked, as an overlap deeper than half the centre "
                  "line's chord through A - B stops B at the chord's middle",
                  static_cast<unsigned long long>(result.stoppedAtMiddle),
                  static_cast<unsigned long long>(result.trialsRun), result.trialsRun == 1 ? "pair" : "pairs",
                  100.0 * double(result.stoppedAtMiddle) / double(std::max<std::uint64_t>(result.trialsRun, 1)));
  }
  return text;
}

std::vector<WorstCase> listedWorstCases(const ExperimentResult& result, const WorstCaseFilter& filter) {
  std::vector<WorstCase> listed;
  std::map<Algorithm, int> perAlgorithm;
  for (const WorstCase& item : result.worstCases) {
    if (filter.algorithm && item.algorithm != *filter.algorithm) continue;
    if (filter.disagreementsOnly && !item.disagrees) continue;
    if (perAlgorithm[item.algorithm]++ >= filter.perAlgorithm) continue;
    listed.push_back(item);
  }
  return listed;
}

std::string skippedWords(const AlgorithmStats& stats, std::uint64_t trials) {
  if (stats.skipped == 0) return {};
  const std::string name(algorithmName(stats.algorithm));
  std::string text = name + " skipped " + std::to_string(stats.skipped) + " of " + std::to_string(trials) +
                     (trials == 1 ? " pair: " : " pairs: ") + stats.skipReason + "; " +
                     (stats.skipped == 1 ? "it holds " : "they hold ");
  std::size_t i = 0;
  for (const auto& [shape, count] : stats.skippedShapes) {
    if (i > 0) text += i + 1 == stats.skippedShapes.size() ? " or " : ", ";
    const bool vowel = !shape.empty() && std::string_view("aeiou").find(shape[0]) != std::string_view::npos;
    text += (vowel ? "an " : "a ") + shape + " (" + std::to_string(count) + ")";
    ++i;
  }
  return text;
}

std::string epaRunsWords(const AlgorithmStats& stats) {
  if (stats.algorithm != Algorithm::Epa || stats.queries == 0) return {};
  std::string text = "epa: mean, max and cap hits over its " + std::to_string(stats.runs) +
                     (stats.runs == 1 ? " run, the pair" : " runs, the pairs") +
                     " boolean GJK found overlapping (apart, it has no depth to find)";
  if (stats.byCores > 0)
    text += "; " + std::to_string(stats.byCores) + " of them " + (stats.byCores == 1 ? "is a" : "are") +
            " rounded " + (stats.byCores == 1 ? "pair" : "pairs") +
            " whose cores stay apart: the depth is the radii less the cores' distance, with no EPA iteration (the "
            "0s in its mean)";
  return text;
}

}  // namespace collide
