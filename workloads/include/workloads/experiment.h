// workloads/experiment.h: batch experiments over random shape pairs: how many iterations GJK, GJK distance, EPA and
// SAT take, how often they hit the cap, how often they disagree with a reference, and how long a query takes.
//
// Every trial is made from (seed, trial index) alone by our own PRNG, so any trial can be rebuilt on its own
// (makeExperimentPair: the worst-case finder opens it in the narrow-phase lab) and a seed gives the same
// histogram on every machine that rounds the same way. A trial: shape A of size 1 (in the plane its circumradius;
// in space the scale of workloads/random_shapes3.h's generators) at `offset` + a random jitter, random rotation;
// shape B of size `sizeRatio`, random rotation, placed along a random direction u so that the two shadows on u are
// `gap` apart (gap < 0: they overlap by -gap along u). That gap is an upper bound on the true distance and on the
// true depth, not the exact value; the reference computes those. The family says the dimension: boxes, ngonN,
// circles, capsules and mixed are pairs in the plane; boxes3d, hullN, spheres, capsules3d, cylinders and mixed3d
// pairs in space (the same harness, over Collider3).
//
// Reference (always in double, on the exact pair): SAT for two polytopes (hit, depth), else double GJK distance
// (hit, distance) and double GJK + EPA (depth). SAT lite (space, boxes) is compared as SAT is: a hit where SAT
// says apart is its false positive, and a depth other than SAT's minimum one disagrees too. A query disagrees when its hit differs, or when both say "apart"
// (distance) or both say "hit" (epa, sat depth) and the values differ by more than valueTolerance.
// In float, the pair is rounded to float in the world frame first, then moved into A's frame like runQuery does;
// far from the origin that rounding alone moves B by up to an ulp of the offset (1/128 at 1e5).
//
// Timing covers the algorithm calls only: inputs, references and warm-start caches are prepared outside.
//
// [SECTION] Configuration
// [SECTION] Pairs
// [SECTION] Results
// [SECTION] Running
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "collide/query.h"
#include "collide/shapes.h"
#include "collide/hull3.h"
#include "collide/shapes3.h"

namespace collide {

// [SECTION] Configuration

// The plane's families, then space's (kFirstFamilyIn3d on).
enum class PairFamily : std::uint8_t {
  Boxes, Ngon, Circles, Capsules, Mixed,                     // 2D
  Boxes3d, Hull, Spheres, Capsules3d, Cylinders, Mixed3d,    // 3D
};
inline constexpr PairFamily kFirstFamilyIn3d = PairFamily::Boxes3d;
inline constexpr int kFamilyCount = 11;
// 2 or 3.
[[nodiscard]] constexpr int familyDimension(PairFamily family) { return family >= kFirstFamilyIn3d ? 3 : 2; }
enum class Precision : std::uint8_t { Double, Float };

struct ExperimentConfig {
  PairFamily family = PairFamily::Ngon;
  // Ngon: the n-gons' vertex count, 3..kMaxPolygonVertices (vertices jittered around a circle). Hull: the points
  // the hull is built from, kMinHullPoints..kMaxHullPoints (on a random ellipsoid, a few pulled inside).
  int pointCount = 8;
  std::vector<Algorithm> algorithms{Algorithm::Distance};  // the iterative ones of the table (sat: polytope pairs only)
  std::uint64_t trials = 100000;
  std::uint64_t seed = 1;
  double gapMin = -0.25;  // signed gap along the centre line, uniform in [gapMin, gapMax], in units of A's size
  double gapMax = 0.25;
  double sizeRatio = 1.0;  // B's size over A's size, > 0 (kSizeRatioWords)
  double offset = 0.0;     // added to both coordinates of both shapes: float trouble far from the origin
  bool warmStart = false;  // distance only: start from the cache of B one small step earlier (RTR collision summary)
  Precision precision = Precision::Double;
  int maxIterations = 64;        // the cap of every algorithm
  double valueTolerance = 1e-3;  // distances or depths further apart than this (A's size = 1) disagree
  int worstCaseCount = 20;       // per algorithm: the most iterations, and the first disagreements (on hit or apart
                                 // first)
};

// What a size ratio means, for the lab's tooltip and the CLI's help: in space sizes bound the shapes, each drawn at
// random within its own (a 1000:1 sphere pair's radii were 669 and 0.74, a ratio of 909; review s33, A1).
inline constexpr const char* kSizeRatioWords =
    "B's size over A's (A's is 1). In the plane a size is the shape's circumradius; in space it bounds the shape, "
    "drawn at random within it (a box's half sides, a sphere's radius: a quarter or a fifth of it up to all of it), "
    "so the shapes' own ratio varies around this one";

// The bounds of every count a configuration holds: a run is at most about a minute on two cores, and the
// worst-case lists stay small enough to sort and show.
inline constexpr std::uint64_t kMaxExperimentTrials = 100'000'000;
inline constexpr int kMaxWorstCases = 10'000;
inline constexpr int kMinHullPoints = 4;  // up to hull3.h's kMaxHullPoints

// "boxes", "ngon8", "circles", "capsules", "mixed"; "boxes3d", "hull32", "spheres", "capsules3d", "cylinders",
// "mixed3d". `pointCount` is read for ngonN and hullN.
[[nodiscard]] std::string familyName(PairFamily family, int pointCount);
// Parses a family name into config.family and config.pointCount; false with `error` on a bad name.
[[nodiscard]] bool parseFamily(std::string_view name, ExperimentConfig& config, std::string& error);
[[nodiscard]] constexpr std::string_view precisionName(Precision precision) {
  return precision == Precision::Float ? "float" : "double";
}
// Empty when the configuration can run, else a sentence naming the field and what was expected.
[[nodiscard]] std::string validateExperiment(const ExperimentConfig& config);

// [SECTION] Pairs

template <class ColliderType>
struct ExperimentPairOf {
  std::uint64_t trial = 0;
  ColliderType a;  // world frame, exact (double)
  ColliderType b;
  decltype(ColliderType::transform) previousB;  // B one small step earlier: a warm start primes its cache there
  double gap = 0;                               // how far B is from touching A along the centre line
  // The gap asked for was an overlap deeper than half the centre line's chord through A - B: B stopped at the
  // chord's middle, so `gap` overlaps less than asked (placeAtGap).
  bool stoppedAtMiddle = false;
  decltype(ColliderType::transform.p) direction{};  // the centre line: B was placed along it from A (unit)
};
using ExperimentPair = ExperimentPairOf<Collider<double>>;    // a family of the plane
using ExperimentPair3 = ExperimentPairOf<Collider3<double>>;  // a family of space

// The pair of trial `trial` (0-based); the same on every call. For the configuration's dimension (familyDimension):
// makeExperimentPair3 for a family of space.
[[nodiscard]] ExperimentPair makeExperimentPair(const ExperimentConfig& config, std::uint64_t trial);
[[nodiscard]] ExperimentPair3 makeExperimentPair3(const ExperimentConfig& config, std::uint64_t trial);

// [SECTION] Results

struct AlgorithmStats {
  Algorithm algorithm{};
  // [k]: runs that took k iterations (sat: axes tested), k = 0 up to the cap or the most seen if more (SAT is not
  // capped: a hull pair tests hundreds of axes). Never folded into a last bin, so every count is the real one.
  std::vector<std::uint64_t> histogram;
  std::uint64_t queries = 0;        // timed queries (sat: polytope pairs only; sat-lite: box pairs only)
  std::uint64_t runs = 0;           // queries in the histogram (epa: those boolean GJK found overlapping)
  std::uint64_t capHits = 0;        // runs that stopped at the iteration cap (never for sat, sat-lite: not capped)
  std::uint64_t byCores = 0;        // epa: runs of rounded shapes whose cores stay apart (depth = radii - distance,
                                    // no EPA iteration: the histogram's 0)
  // Pairs the algorithm does not take (sat: a curved shape; sat-lite: not a box), by the refused shape's type, and
  // the refusal's reason ("sat takes polytopes only (point, ...)"): skippedWords says them.
  std::uint64_t skipped = 0;
  std::map<std::string, std::uint64_t, std::less<>> skippedShapes;
  std::string skipReason;
  std::uint64_t disagreements = 0;  // queries that disagree with the reference
  std::uint64_t invalid = 0;        // queries refused as invalid input
  std::uint64_t iterationSum = 0;
  int maxIterationsSeen = 0;
  double seconds = 0;               // compute (CPU time of the running thread) of the queries

  // The rates below are over zero queries when the algorithm took no pair: say "-" then, not "0 (0%)".
  [[nodiscard]] double meanIterations() const { return runs ? double(iterationSum) / double(runs) : 0.0; }
  [[nodiscard]] double capHitShare() const { return runs ? double(capHits) / double(runs) : 0.0; }
  [[nodiscard]] double disagreementShare() const { return queries ? double(disagreements) / double(queries) : 0.0; }
  [[nodiscard]] double nanosecondsPerQuery() const { return queries ? seconds * 1e9 / double(queries) : 0.0; }
};

// Does the iteration cap stop this algorithm? GJK's and EPA's loops are capped; SAT and SAT lite test every axis
// they need (a hull pair hundreds), so their counts can pass the cap and are never cap hits.
[[nodiscard]] constexpr bool isCapped(Algorithm algorithm) {
  return algorithm != Algorithm::Sat && algorithm != Algorithm::SatLite;
}

// Why an algorithm ran on fewer pairs than the run made, empty when it took them all: "sat skipped 163 of 200 pairs:
// sat takes polytopes only (point, segment, aabb, box, polygon); they hold a circle (120) or a capsule (43)".
[[nodiscard]] std::string skippedWords(const AlgorithmStats& stats, std::uint64_t trials);

// What EPA's row counts, empty for another algorithm: "epa: mean, max and cap hits over its 7476 runs, the pairs
// boolean GJK found overlapping (apart, it has no depth to find); 5204 of them are rounded shapes whose cores stay
// apart: the depth is the radii less the cores' distance, with no EPA iteration (the 0s in its mean)". Without the
// last clause mixed 2D's mean of 0.49 read as EPA converging in half an iteration.
[[nodiscard]] std::string epaRunsWords(const AlgorithmStats& stats);

// A pair worth a look: the most iterations, or a disagreement with the reference.
struct WorstCase {
  std::uint64_t trial = 0;
  Algorithm algorithm{};
  int iterations = 0;
  bool disagrees = false;
  bool capHit = false;
  bool hit = false;            // what the algorithm said
  bool referenceHit = false;   // what the reference said
  double value = 0;            // distance (distance) or depth (epa, sat, sat-lite); 0 for gjk
  double referenceValue = 0;   // the reference's depth when it says hit, its distance when it says apart; NaN when
                               // the run did not need it (boolean GJK alone on polytopes: SAT gives no distance)
};

// A worst case's answer and its reference in words: "hit, depth 0.0132", "apart, distance 0.0006057", or the verdict
// alone where the algorithm measures nothing on that side (boolean GJK; SAT's gap is not a distance). A bare
// "apart 0" read as "touching" beside a reference whose real gap was 0.0006.
// Whether the algorithm measured a value on the side it answered: a depth on a hit (epa, sat, sat-lite), a distance
// when apart (distance).
[[nodiscard]] bool measuresValue(const WorstCase& item);
[[nodiscard]] std::string answerWords(const WorstCase& item);
[[nodiscard]] std::string referenceWords(const WorstCase& item);

struct ExperimentResult {
  std::uint64_t trialsRun = 0;  // < config.trials when cancelled
  bool cancelled = false;
  std::vector<AlgorithmStats> algorithms;  // in config.algorithms order
  std::vector<WorstCase> worstCases;       // disagreements first (on hit or apart, then on a value), then by
                                           // iterations, most first
  double prepareSeconds = 0;               // making pairs, references and caches (not in the query times)
  // The gaps the pairs were placed at (ExperimentPair::gap), NaN before any trial, and how many overlap less than
  // asked because B stopped at the middle of the centre line's chord (review s33, C3).
  double realisedGapMin = std::numeric_limits<double>::quiet_NaN();
  double realisedGapMax = std::numeric_limits<double>::quiet_NaN();
  std::uint64_t stoppedAtMiddle = 0;
};

// The gap asked for beside the one the pairs got, for the CLI's summary and the lab's: "gap asked -0.25 to -0.2,
// realised -0.25 to -0.2", and when some pairs could not overlap that deep, how many and why.
[[nodiscard]] std::string gapWords(const ExperimentConfig& config, const ExperimentResult& result);

// Which worst cases a list shows: the CLI's printed list and its --dump-pairs, and the lab's table, all through
// listedWorstCases.
struct WorstCaseFilter {
  std::optional<Algorithm> algorithm;  // one algorithm's; none: every algorithm's
  // Only the queries that disagree with the reference (the table's "disagreements"): where the ticked algorithms
  // differ on hit or apart, one of them differs from the reference (SAT lite fooled by an edge-edge gap), or a
  // distance or depth is off by more than the tolerance.
  bool disagreementsOnly = false;
  int perAlgorithm = kMaxWorstCases;  // at most this many of each algorithm (the CLI's --worst)
};
// In the result's order (disagreements on hit or apart, then on a value, then the most iterations).
[[nodiscard]] std::vector<WorstCase> listedWorstCases(const ExperimentResult& result, const WorstCaseFilter& filter);

// [SECTION] Running

// Called from the running thread after every chunk of trials.
using ExperimentProgress = std::function<void(std::uint64_t done, std::uint64_t total)>;

// Runs the experiment on the calling thread. `cancel` (optional) is read between chunks; a cancelled run
// returns what it measured so far. An invalid configuration returns an empty result (check validateExperiment).
[[nodiscard]] ExperimentResult runExperiment(const ExperimentConfig& config, const ExperimentProgress& progress = {},
                                             const std::atomic<bool>* cancel = nullptr);

}  // namespace collide
