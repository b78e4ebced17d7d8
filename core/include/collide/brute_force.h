// collide/brute_force.h: every pair tested, O(n^2): the reference the other broad phases must match.
#pragma once

#include <vector>

#include "collide/broadphase.h"

namespace collide {

template <Scalar S, int Dim = 2>
class BruteForce : public BroadPhaseBase<BruteForce<S, Dim>, S, Dim> {
  using Base = BroadPhaseBase<BruteForce<S, Dim>, S, Dim>;

 public:
  using typename Base::Box;
  using typename Base::Scalar;
  using Base::kDimensions;
  using Base::update;

  [[nodiscard]] ProxyId add(const Box& box) { return proxies_.add(box); }
  [[nodiscard]] bool remove(ProxyId id) { return proxies_.remove(id); }
  [[nodiscard]] bool move(ProxyId id, const Box& box) { return proxies_.move(id, box); }

  // Tests every pair of live proxies in id order; the collector sorts the pairs as the others' do. No trace events:
  // there is nothing to step but the double loop.
  template <class Trace = NoTrace>
  const std::vector<ProxyPair>& update(Trace&) {
    proxies_.recycleReleased();
    stats_ = {};
    collector_.begin(proxies_.slotCount());
    const auto slots = static_cast<ProxyId>(proxies_.slotCount());
    for (ProxyId a = 0; a < slots; ++a) {
      if (!proxies_.contains(a)) continue;
      const Box& boxA = proxies_.box(a);
      for (ProxyId b = a + 1; b < slots; ++b) {
        if (!proxies_.contains(b)) continue;
        ++stats_.boxTests;
        if (overlaps(boxA, proxies_.box(b))) collector_.add(a, b);
      }
    }
    return this->finishUpdate();
  }

  [[nodiscard]] std::size_t memoryBytes() const { return this->sharedMemoryBytes(); }

 private:
  using Base::collector_;
  using Base::proxies_;
  using Base::stats_;
};

}  // namespace collide
