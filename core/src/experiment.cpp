// core/src/experiment.cpp: random pairs, references, and the timed runs of collide/experiment.h.
//
// [SECTION] Random numbers (splitmix64)
// [SECTION] Configuration
// [SECTION] Pairs
// [SECTION] Prepared trials: the pair in the run's scalar, in A's frame, with its reference
// [SECTION] Timed queries
// [SECTION] Statistics and worst cases
// [SECTION] runExperiment
#include "collide/experiment.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <numbers>
#include <variant>
#if defined(__unix__) || defined(__APPLE__)
#include <time.h>
#endif

#include "collide/polygon.h"

namespace collide {

namespace {

// [SECTION] Random numbers (splitmix64)

// Steele, Lea and Flood's splitmix64: tiny, fast, and good enough to scatter shapes. Each trial seeds its own
// generator from (seed, trial), so a trial does not depend on the ones before it.
class Random {
 public:
  Random(std::uint64_t seed, std::uint64_t trial) : state_(mix(seed) ^ mix(trial + 0x632be59bd9b4e019ull)) {}

  std::uint64_t next() {
    state_ += 0x9e3779b97f4a7c15ull;
    return mix(state_);
  }
  // Uniform in [0, 1) with 53 random bits.
  double uniform() { return double(next() >> 11) * 0x1.0p-53; }
  double uniform(double low, double high) { return low + (high - low) * uniform(); }
  int integer(int low, int high) { return low + int(next() % std::uint64_t(high - low + 1)); }

 private:
  static std::uint64_t mix(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  std::uint64_t state_;
};

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
constexpr std::uint64_t kChunkSize = 1024;  // trials prepared, then timed, at a time: a few MB of shapes
constexpr double kWarmStartStep = 0.05;     // how far B moved since the cached query, in units of A's size

}  // namespace

// [SECTION] Configuration

std::string familyName(PairFamily family, int ngonVertices) {
  switch (family) {
    case PairFamily::Boxes: return "boxes";
    case PairFamily::Ngon: return "ngon" + std::to_string(ngonVertices);
    case PairFamily::Circles: return "circles";
    case PairFamily::Capsules: return "capsules";
    case PairFamily::Mixed: return "mixed";
  }
  return "unknown";
}

bool parseFamily(std::string_view name, ExperimentConfig& config, std::string& error) {
  const std::pair<std::string_view, PairFamily> plain[] = {{"boxes", PairFamily::Boxes},
                                                           {"circles", PairFamily::Circles},
                                                           {"capsules", PairFamily::Capsules},
                                                           {"mixed", PairFamily::Mixed}};
  for (const auto& [text, family] : plain) {
    if (name == text) {
      config.family = family;
      return true;
    }
  }
  if (name.starts_with("ngon")) {
    const std::string_view digits = name.substr(4);
    int count = 0;
    const auto [end, code] = std::from_chars(digits.data(), digits.data() + digits.size(), count);
    if (code == std::errc{} && end == digits.data() + digits.size() && count >= 3 && count <= kMaxPolygonVertices) {
      config.family = PairFamily::Ngon;
      config.ngonVertices = count;
      return true;
    }
    // Appended piece by piece: GCC 12 warns (-Wrestrict, a false positive) on "\"" + std::string(...).
    error.assign(1, '"').append(name).append("\": an n-gon family is ngonN with N from 3 to ");
    error.append(std::to_string(kMaxPolygonVertices)).append(", e.g. ngon8");
    return false;
  }
  error.assign(1, '"').append(name).append("\" is not a family; expected boxes, ngonN (e.g. ngon8), circles, capsules or mixed");
  return false;
}

std::string validateExperiment(const ExperimentConfig& config) {
  if (config.algorithms.empty()) return "algorithms: expected at least one of gjk, distance, epa, sat";
  for (const Algorithm algorithm : config.algorithms) {
    if (algorithm == Algorithm::Analytic) return "algorithms: analytic has no iterations; expected gjk, distance, epa or sat";
    if (std::count(config.algorithms.begin(), config.algorithms.end(), algorithm) > 1)
      return "algorithms: " + std::string(algorithmName(algorithm)) + " is listed twice";
  }
  if (config.family == PairFamily::Ngon && (config.ngonVertices < 3 || config.ngonVertices > kMaxPolygonVertices))
    return "family: an n-gon has 3 to " + std::to_string(kMaxPolygonVertices) + " vertices";
  if (config.trials < 1) return "trials: expected at least 1";
  if (!std::isfinite(config.gapMin) || !std::isfinite(config.gapMax) || config.gapMin > config.gapMax)
    return "gap: expected finite numbers with min <= max";
  if (!(config.sizeRatio > 0) || !std::isfinite(config.sizeRatio) || config.sizeRatio > 1e3 || config.sizeRatio < 1e-3)
    return "size ratio: expected a number from 0.001 to 1000";
  if (!std::isfinite(config.offset) || std::abs(config.offset) > 1e15) return "offset: expected a finite number up to 1e15";
  if (config.maxIterations < 1 || config.maxIterations > 1000) return "max iterations: expected 1 to 1000";
  if (!(config.valueTolerance > 0)) return "value tolerance: expected a positive number";
  if (config.worstCaseCount < 0) return "worst cases: expected a count >= 0";
  return {};
}

// [SECTION] Pairs

namespace {

enum class ShapeKind { Box, Ngon, Circle, Capsule };

Shape<double> makeShape(ShapeKind kind, int vertexCount, double size, Random& random) {
  switch (kind) {
    case ShapeKind::Box: {
      const double aspect = random.uniform(0.25, 1.0);
      const double halfX = size / std::sqrt(1.0 + aspect * aspect);
      return Box<double>{{halfX, aspect * halfX}};
    }
    case ShapeKind::Circle: return Circle<double>{{}, size};
    case ShapeKind::Capsule: {
      const double halfLength = random.uniform(0.3, 0.7) * size;
      return Capsule<double>{{-halfLength, 0}, {halfLength, 0}, size - halfLength};
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
  PolygonBuildResult<double> built = makePolygon<double>(std::span(points.data(), std::size_t(vertexCount)));
  return built.polygon ? *built.polygon : makeRegularPolygon(vertexCount, size);
}

Shape<double> makeFamilyShape(const ExperimentConfig& config, double size, Random& random) {
  switch (config.family) {
    case PairFamily::Boxes: return makeShape(ShapeKind::Box, 0, size, random);
    case PairFamily::Ngon: return makeShape(ShapeKind::Ngon, config.ngonVertices, size, random);
    case PairFamily::Circles: return makeShape(ShapeKind::Circle, 0, size, random);
    case PairFamily::Capsules: return makeShape(ShapeKind::Capsule, 0, size, random);
    case PairFamily::Mixed: break;
  }
  const auto kind = static_cast<ShapeKind>(random.integer(0, 3));
  return makeShape(kind, random.integer(3, 12), size, random);
}

// How far a placed shape reaches along unit u from its position: dot(support(u), u) - dot(position, u).
double reach(const Collider<double>& collider, Vec2<double> u) {
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

}  // namespace

ExperimentPair makeExperimentPair(const ExperimentConfig& config, std::uint64_t trial) {
  Random random(config.seed, trial);
  ExperimentPair pair;
  pair.trial = trial;
  pair.a.shape = makeFamilyShape(config, 1.0, random);
  pair.b.shape = makeFamilyShape(config, config.sizeRatio, random);
  const Vec2<double> jitter{random.uniform(-1.0, 1.0), random.uniform(-1.0, 1.0)};
  pair.a.transform = Transform<double>::fromPose(Vec2<double>{config.offset, config.offset} + jitter,
                                                 random.uniform(0.0, kTwoPi));
  pair.b.transform = Transform<double>::fromPose({}, random.uniform(0.0, kTwoPi));
  const double direction = random.uniform(0.0, kTwoPi);
  const Vec2<double> u{std::cos(direction), std::sin(direction)};
  pair.gap = random.uniform(config.gapMin, config.gapMax);
  const double centreDistance = reach(pair.a, u) + reach(pair.b, -u) + pair.gap;
  pair.b.transform.p = pair.a.transform.p + centreDistance * u;
  const double stepAngle = random.uniform(0.0, kTwoPi);
  pair.previousB = Transform<double>::fromPose(
      pair.b.transform.p - kWarmStartStep * Vec2<double>{std::cos(stepAngle), std::sin(stepAngle)},
      pair.b.transform.q.angle() - random.uniform(-kWarmStartStep, kWarmStartStep));
  return pair;
}

namespace {

// [SECTION] Prepared trials: the pair in the run's scalar, in A's frame, with its reference

template <Scalar S>
using TrialShape = std::variant<Box<S>, Polygon<S>, Circle<S>, Capsule<S>>;

template <Scalar S>
TrialShape<S> trialShape(const Shape<double>& shape) {
  const Shape<S> cast = castShape<S>(shape);
  if (const auto* box = std::get_if<Box<S>>(&cast)) return *box;
  if (const auto* polygon = std::get_if<Polygon<S>>(&cast)) return *polygon;
  if (const auto* circle = std::get_if<Circle<S>>(&cast)) return *circle;
  return std::get<Capsule<S>>(cast);
}

template <class T>
constexpr bool kIsPolytope = std::is_same_v<T, Box<typename T::Scalar>> || std::is_same_v<T, Polygon<typename T::Scalar>>;

struct Reference {
  bool polytopes = false;
  bool hit = false;
  double distance = 0;  // when not hit
  double depth = 0;     // when hit
};

template <Scalar S>
struct Trial {
  TrialShape<S> a;
  TrialShape<S> b;
  Transform<S> relative;   // B in A's frame
  SimplexCache<Vec2<S>> cache;   // warm start: filled at B's previous pose
};

struct Needs {
  bool distance = false;
  bool depth = false;
};

// Double precision, on the exact pair, in A's frame.
Reference computeReference(const TrialShape<double>& a, const TrialShape<double>& b, const Transform<double>& relative,
                           Needs needs) {
  return std::visit(
      [&](const auto& shapeA, const auto& shapeB) {
        using A = std::decay_t<decltype(shapeA)>;
        using B = std::decay_t<decltype(shapeB)>;
        Reference reference;
        const Transformed placedB{shapeB, relative};
        if constexpr (kIsPolytope<A> && kIsPolytope<B>) {
          const SatResult<double> result = sat(shapeA, Transform<double>::identity(), shapeB, relative);
          reference.polytopes = true;
          reference.hit = result.hit;
          reference.depth = result.depth;
          if (!reference.hit && needs.distance) reference.distance = gjkDistance(shapeA, placedB).distance;
        } else {
          const DistanceResult<Vec2<double>> distance = gjkDistance(shapeA, placedB);
          reference.hit = distance.overlap;
          reference.distance = distance.distance;
          if (reference.hit && needs.depth) reference.depth = gjkEpa(shapeA, placedB).depth;
        }
        return reference;
      },
      a, b);
}

template <Scalar S>
void prepareTrial(const ExperimentConfig& config, std::uint64_t index, Needs needs, Trial<S>& trial,
                  Reference& reference) {
  const ExperimentPair pair = makeExperimentPair(config, index);
  const TrialShape<double> exactA = trialShape<double>(pair.a.shape);
  const TrialShape<double> exactB = trialShape<double>(pair.b.shape);
  reference = computeReference(exactA, exactB, invMul(pair.a.transform, pair.b.transform), needs);
  trial.a = trialShape<S>(pair.a.shape);
  trial.b = trialShape<S>(pair.b.shape);
  // Rounded to S in the world frame first, as an app in S would hold them; then into A's frame (runQuery's way).
  const Transform<S> worldA = pair.a.transform.cast<S>();
  trial.relative = invMul(worldA, pair.b.transform.cast<S>());
  trial.cache = {};
  if (config.warmStart) {
    const Transform<S> previous = invMul(worldA, pair.previousB.cast<S>());
    GjkOptions options;
    options.maxIterations = config.maxIterations;
    std::visit([&](const auto& a, const auto& b) { (void)gjkDistance(a, Transformed{b, previous}, options, &trial.cache); },
               trial.a, trial.b);
  }
}

// [SECTION] Timed queries

struct Outcome {
  bool ran = false;  // false: not applicable (sat on a curved pair)
  bool iterated = false;  // counts in the histogram (epa: boolean GJK found a hit)
  int iterations = 0;
  Status status = Status::Converged;
  bool hit = false;
  double value = 0;
};

template <Scalar S>
void runQueries(Algorithm algorithm, const ExperimentConfig& config, const std::vector<Trial<S>>& trials,
                std::size_t count, std::vector<Outcome>& outcomes) {
  GjkOptions gjkOptions;
  gjkOptions.maxIterations = config.maxIterations;
  EpaOptions epaOptions;
  epaOptions.maxIterations = config.maxIterations;
  const bool warm = config.warmStart;
  for (std::size_t i = 0; i < count; ++i) {
    const Trial<S>& trial = trials[i];
    Outcome& outcome = outcomes[i];
    std::visit(
        [&](const auto& a, const auto& b) {
          using A = std::decay_t<decltype(a)>;
          using B = std::decay_t<decltype(b)>;
          const Transformed placedB{b, trial.relative};
          outcome = {};
          switch (algorithm) {
            case Algorithm::Gjk: {
              const GjkBooleanResult<Vec2<S>> result = gjkIntersect(a, placedB, gjkOptions);
              outcome = {true, true, result.iterations, result.status, result.hit, 0.0};
              break;
            }
            case Algorithm::Distance: {
              SimplexCache<Vec2<S>> cache = trial.cache;
              const DistanceResult<Vec2<S>> result = gjkDistance(a, placedB, gjkOptions, warm ? &cache : nullptr);
              outcome = {true, true, result.iterations, result.status, result.overlap, double(result.distance)};
              break;
            }
            case Algorithm::Epa: {
              const PenetrationResult<S> result = gjkEpa(a, placedB, gjkOptions, epaOptions);
              outcome = {true, result.hit, result.iterations, result.status, result.hit, double(result.depth)};
              break;
            }
            case Algorithm::Sat: {
              if constexpr (kIsPolytope<A> && kIsPolytope<B>) {
                SatResult<S> result;
                if constexpr (std::is_same_v<A, Box<S>> && std::is_same_v<B, Box<S>>) {
                  result = satBoxes(a, Transform<S>::identity(), b, trial.relative);
                } else {
                  result = sat(a, Transform<S>::identity(), b, trial.relative);
                }
                outcome = {true, true, result.axesTested, result.status, result.hit, double(result.depth)};
              }
              break;
            }
            case Algorithm::Analytic: break;
          }
        },
        trial.a, trial.b);
  }
}

// [SECTION] Statistics and worst cases

bool disagrees(Algorithm algorithm, const Outcome& outcome, const Reference& reference, double tolerance) {
  if (outcome.status == Status::InvalidInput) return true;
  if (outcome.hit != reference.hit) return true;
  switch (algorithm) {
    case Algorithm::Distance: return !outcome.hit && std::abs(outcome.value - reference.distance) > tolerance;
    case Algorithm::Epa:
    case Algorithm::Sat: return outcome.hit && std::abs(outcome.value - reference.depth) > tolerance;
    default: return false;
  }
}

// Keeps the `capacity` runs with the most iterations (earlier trials win ties) and the first `capacity`
// disagreements.
class WorstCaseKeeper {
 public:
  explicit WorstCaseKeeper(int capacity) : capacity_(std::size_t(std::max(capacity, 0))) {}

  void offer(const WorstCase& candidate) {
    if (capacity_ == 0) return;
    if (candidate.disagrees && disagreements_.size() < capacity_) disagreements_.push_back(candidate);
    if (slowest_.size() == capacity_ && candidate.iterations <= slowest_.back().iterations) return;
    const auto position = std::upper_bound(slowest_.begin(), slowest_.end(), candidate,
                                           [](const WorstCase& x, const WorstCase& y) { return x.iterations > y.iterations; });
    slowest_.insert(position, candidate);
    if (slowest_.size() > capacity_) slowest_.pop_back();
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
    if (!outcome.ran) continue;
    ++stats.queries;
    const Reference& reference = references[i];
    const bool disagreement = disagrees(algorithm, outcome, reference, config.valueTolerance);
    stats.disagreements += disagreement;
    stats.invalid += outcome.status == Status::InvalidInput;
    const bool capHit = outcome.status == Status::MaxIterations;
    if (outcome.iterated) {
      ++stats.runs;
      const auto bucket = std::size_t(std::clamp(outcome.iterations, 0, config.maxIterations));
      ++stats.histogram[bucket];
      stats.iterationSum += std::uint64_t(outcome.iterations);
      stats.maxIterationsSeen = std::max(stats.maxIterationsSeen, outcome.iterations);
      stats.capHits += capHit;
    }
    const double referenceValue = algorithm == Algorithm::Distance ? reference.distance
                                  : algorithm == Algorithm::Gjk    ? 0.0
                                                                   : reference.depth;
    keeper.offer({firstTrial + i, algorithm, outcome.iterations, disagreement, capHit, outcome.hit, reference.hit,
                  outcome.value, referenceValue});
  }
}

// [SECTION] runExperiment

template <Scalar S>
ExperimentResult runExperimentIn(const ExperimentConfig& config, const ExperimentProgress& progress,
                                 const std::atomic<bool>* cancel) {
  ExperimentResult result;
  std::vector<WorstCaseKeeper> keepers;
  Needs needs;
  for (const Algorithm algorithm : config.algorithms) {
    AlgorithmStats stats;
    stats.algorithm = algorithm;
    stats.histogram.assign(std::size_t(config.maxIterations) + 1, 0);
    result.algorithms.push_back(std::move(stats));
    keepers.emplace_back(config.worstCaseCount);
    needs.distance |= algorithm == Algorithm::Distance;
    needs.depth |= algorithm == Algorithm::Epa || algorithm == Algorithm::Sat;
  }

  std::vector<Trial<S>> trials(std::size_t(std::min(kChunkSize, config.trials)));
  std::vector<Reference> references(trials.size());
  std::vector<Outcome> outcomes(trials.size());
  for (std::uint64_t first = 0; first < config.trials; first += kChunkSize) {
    if (cancel && cancel->load(std::memory_order_relaxed)) {
      result.cancelled = true;
      break;
    }
    const auto count = std::size_t(std::min(kChunkSize, config.trials - first));
    const double prepareStart = threadSeconds();
    for (std::size_t i = 0; i < count; ++i) prepareTrial(config, first + i, needs, trials[i], references[i]);
    result.prepareSeconds += threadSeconds() - prepareStart;

    for (std::size_t k = 0; k < config.algorithms.size(); ++k) {
      const double start = threadSeconds();
      runQueries(config.algorithms[k], config, trials, count, outcomes);
      result.algorithms[k].seconds += threadSeconds() - start;
      accumulate(config.algorithms[k], config, first, outcomes, references, count, result.algorithms[k], keepers[k]);
    }
    result.trialsRun = first + count;
    if (progress) progress(result.trialsRun, config.trials);
  }

  for (const WorstCaseKeeper& keeper : keepers) keeper.appendTo(result.worstCases);
  std::stable_sort(result.worstCases.begin(), result.worstCases.end(), [](const WorstCase& x, const WorstCase& y) {
    if (x.disagrees != y.disagrees) return x.disagrees;
    return x.iterations > y.iterations;
  });
  return result;
}

}  // namespace

ExperimentResult runExperiment(const ExperimentConfig& config, const ExperimentProgress& progress,
                               const std::atomic<bool>* cancel) {
  if (!validateExperiment(config).empty()) return {};
  if (config.precision == Precision::Float) return runExperimentIn<float>(config, progress, cancel);
  return runExperimentIn<double>(config, progress, cancel);
}

}  // namespace collide
