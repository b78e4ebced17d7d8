// workloads/random.h: the project's one pseudo-random generator.
//
// SplitMix64 (Steele, Lea, Flood, "Fast splittable pseudorandom number generators", OOPSLA 2014): tiny, fast and
// the same numbers on every platform, so a seed gives the same shapes, pairs and motions everywhere (std::
// distributions differ between standard libraries). Every workload draws from it: random shapes and pairs,
// moving boxes, experiments (one stream per trial, so a trial is rebuilt from its index alone).
#pragma once

#include <cstdint>
#include <numbers>

namespace collide {

class SplitMix64 {
 public:
  explicit constexpr SplitMix64(std::uint64_t seed = 0) : state_(seed) {}

  // An independent stream for (seed, index): trial `index` of an experiment does not depend on the ones before.
  [[nodiscard]] static constexpr SplitMix64 stream(std::uint64_t seed, std::uint64_t index) {
    return SplitMix64(mix(seed) ^ mix(index + 0x632be59bd9b4e019ull));
  }

  constexpr std::uint64_t next() {
    state_ += 0x9e3779b97f4a7c15ull;
    return mix(state_);
  }
  // Uniform in [0, 1): the top 53 bits.
  constexpr double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
  // Uniform in [low, high).
  constexpr double uniform(double low, double high) { return low + (high - low) * uniform(); }
  // Uniform in [low, high], both included.
  constexpr int integer(int low, int high) {
    return low + static_cast<int>(next() % static_cast<std::uint64_t>(high - low + 1));
  }
  // An angle uniform in [-pi, pi).
  double angle() { return uniform(-std::numbers::pi, std::numbers::pi); }

 private:
  static constexpr std::uint64_t mix(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  std::uint64_t state_;
};

}  // namespace collide
