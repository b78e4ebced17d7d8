// collide/brute_force.h: every pair tested, O(n^2): the reference the other broad phases must match.
#pragma once

#include <vector>

#include "collide/broadphase.h"

namespace collide {

template <Scalar S, int Dim = 2>
class BruteForce {
 public:
  using Scalar = S;
  using Box = Bounds<S, Dim>;
  static constexpr int kDimensions = Dim;

  [[nodiscard]] ProxyId add(const Box& box) { return proxies_.add(box); }
  [[nodiscard]] bool remove(ProxyId id) { return proxies_.remove(id); }
  [[nodiscard]] bool move(ProxyId id, const Box& box) { return proxies_.move(id, box); }

  // Tests every pair of live proxies in id order, so the pairs come out sorted. No trace events: there is
  // nothing to step but the double loop.
  template <class Trace = NoTrace>
  const std::vector<ProxyPair>& update(Trace&) {
    proxies_.recycleReleased();
    stats_ = {};
    pairs_.clear();
    const auto slots = static_cast<ProxyId>(proxies_.slotCount());
    for (ProxyId a = 0; a < slots; ++a) {
      if (!proxies_.contains(a)) continue;
      const Box& boxA = proxies_.box(a);
      for (ProxyId b = a + 1; b < slots; ++b) {
        if (!proxies_.contains(b)) continue;
        ++stats_.boxTests;
        if (overlaps(boxA, proxies_.box(b))) pairs_.push_back({a, b});
      }
    }
    stats_.proxies = proxies_.size();
    stats_.pairs = pairs_.size();
    return pairs_;
  }
  const std::vector<ProxyPair>& update() {
    NoTrace trace;
    return update(trace);
  }

  [[nodiscard]] const std::vector<ProxyPair>& pairs() const { return pairs_; }
  [[nodiscard]] const BroadPhaseStats<Dim>& stats() const { return stats_; }
  [[nodiscard]] std::size_t size() const { return proxies_.size(); }
  [[nodiscard]] bool contains(ProxyId id) const { return proxies_.contains(id); }
  [[nodiscard]] const Box& box(ProxyId id) const { return proxies_.box(id); }
  [[nodiscard]] std::size_t memoryBytes() const {
    return proxies_.memoryBytes() + pairs_.capacity() * sizeof(ProxyPair);
  }

 private:
  ProxyTable<S, Dim> proxies_;
  std::vector<ProxyPair> pairs_;
  BroadPhaseStats<Dim> stats_;
};

}  // namespace collide
