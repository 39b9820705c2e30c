// Nim-sum and mex: the two operations every Grundy computation is made of
// (docs/theory.md §1).
#pragma once

#include <bit>
#include <cstdint>
#include <vector>

#include "grundy/core/types.h"

namespace grundy {

// The nim-sum of two nimbers: the value of the disjunctive sum of two games
// with these values (Sprague-Grundy theorem).
constexpr Nimber nim_sum(Nimber a, Nimber b) { return a ^ b; }

template <class Range>
constexpr Nimber nim_sum_of(const Range& values) {
  Nimber total = 0;
  for (Nimber v : values) total ^= v;
  return total;
}

// mex of a set given as a bit mask of values below 64.
constexpr Nimber mex_of_mask(std::uint64_t mask) {
  return static_cast<Nimber>(std::countr_one(mask));
}

// A reusable set of small nimbers for mex computations in hot loops: marking
// costs one OR, the mex scans words, and `clear` resets only the words used,
// so after the first few calls nothing is allocated.
class MexSet {
 public:
  void insert(Nimber v) {
    const std::size_t word = static_cast<std::size_t>(v >> 6);
    if (word >= words_.size()) words_.resize(word + 1, 0);
    words_[word] |= std::uint64_t{1} << (v & 63);
    if (word + 1 > used_) used_ = word + 1;
  }
  bool contains(Nimber v) const {
    const std::size_t word = static_cast<std::size_t>(v >> 6);
    return word < used_ && ((words_[word] >> (v & 63)) & 1U);
  }
  // Least non-negative integer not in the set.
  Nimber mex() const {
    for (std::size_t i = 0; i < used_; ++i)
      if (words_[i] != ~std::uint64_t{0})
        return (static_cast<Nimber>(i) << 6) + static_cast<Nimber>(std::countr_one(words_[i]));
    return static_cast<Nimber>(used_) << 6;
  }
  void clear() {
    for (std::size_t i = 0; i < used_; ++i) words_[i] = 0;
    used_ = 0;
  }

 private:
  std::vector<std::uint64_t> words_;
  std::size_t used_ = 0;
};

}  // namespace grundy
