// The non-template part of the broad phases: sorting the pair keys of one update.
#include <algorithm>

#include "collide/broadphase.h"

namespace collide {

// LSD radix sort, 11 bits a pass: with 100,000 proxies a key has 34 bits, so 4 passes over the pairs, where a
// comparison sort of a few hundred thousand keys costs several milliseconds a frame.
void sortPairKeys(std::vector<std::uint64_t>& keys, std::vector<std::uint64_t>& scratch, int idBits) {
  constexpr std::size_t kSmall = 256;
  if (keys.size() <= kSmall) {
    std::sort(keys.begin(), keys.end());
    return;
  }
  constexpr int kDigitBits = 11;
  constexpr std::size_t kBuckets = std::size_t{1} << kDigitBits;
  const int keyBits = 2 * idBits;
  scratch.resize(keys.size());
  std::vector<std::uint64_t>* source = &keys;
  std::vector<std::uint64_t>* target = &scratch;
  std::size_t counts[kBuckets];
  for (int shift = 0; shift < keyBits; shift += kDigitBits) {
    std::fill(counts, counts + kBuckets, std::size_t{0});
    for (const std::uint64_t key : *source) ++counts[(key >> shift) & (kBuckets - 1)];
    std::size_t total = 0;
    for (std::size_t& count : counts) {
      const std::size_t start = total;
      total += count;
      count = start;
    }
    for (const std::uint64_t key : *source) (*target)[counts[(key >> shift) & (kBuckets - 1)]++] = key;
    std::swap(source, target);
  }
  if (source != &keys) keys.swap(scratch);
}

}  // namespace collide
