// The values of the splits of a heap into pairwise unequal heaps (CGSuite's
// '!' on a wide digit, &n;, {..} or after '+' / '*'), as sets, by a 0/1
// knapsack over the heap sizes.
//
// Description: a split into pairwise unequal heaps is a set of distinct
//   parts. Taking the parts in increasing order, the sets of r distinct parts
//   from {1, ..., a} summing to m are those from {1, ..., a-1}, and those
//   that hold a: a together with r-1 distinct parts from {1, ..., a-1}
//   summing to m - a. So, with D_r(m) the values of the sets seen so far,
//   adding the part a (once G(a) is known) is
//     D_r(m) |= G(a) ^ D_{r-1}(m - a)  for every m > a and r >= 2,
//     D_1(a) = {G(a)},
//   with m taken downwards, so that D_{r-1}(m - a) is still without a (each
//   part at most once: the 0/1 knapsack). A set, unlike a union over the
//   smallest part, never mixes in splits with equal heaps, so no value has
//   to be taken out again. When a heap n is reached, the parts 1..n-1 are
//   in, and D_r(n) is exactly the values of its splits into r pairwise
//   unequal heaps. "r heaps or more" keeps one more family per such r:
//     E_r(m) |= G(a) ^ (E_r(m - a) u D_{r-1}(m - a)).
//   The sets are kept for every heap up to a bound M given in advance (the
//   last heap asked for): a part changes all the sets above it, so a set
//   past M cannot be made later from the others; the engine starts again
//   with a larger M (at least twice the old one) when asked for more.
// Source: the dynamic program of the 0-1 knapsack problem (each item used
//   at most once; Cormen, Leiserson, Rivest, Stein, Introduction to
//   Algorithms, 3rd ed., exercise 16.2-2), here over sets of xor values; the
//   splits and '!': docs/theory.md §3, docs/usage.md (modifiers).
// Time: per part a, (M - a) sets of V/64 words per family, each word's bits
//   permuted by the low six bits of G(a) (six swap steps at most).
// Memory: V/8 bytes per heap size up to M and family.
// Status: against the naive engine (every split listed) on random codes
//   with wide digits (tests/stress/wide_digit_test.cpp), and against the
//   splits listed one by one (the same file).
#pragma once

#include <cstdint>
#include <vector>

#include "grundy/solve/sequence_engine.h"

namespace grundy::distinct_parts {

class DistinctPartSets {
 public:
  using SetWord = std::uint64_t;

  // The families to keep: D_1..D_exactly and E_r for each r in `or_more`
  // (each r >= 2; D_1..D_{r-1} are then kept too).
  DistinctPartSets(Heap exactly, std::vector<Heap> or_more);
  // Empties the sets, for heaps 0..last, `words` words a set; no part in.
  void reset(unsigned words, Heap last);
  // reset, then the parts 1..parts (G in g) added. Returns the words or-ed.
  std::uint64_t restart(const Value16* g, unsigned words, Heap last, Heap parts);
  // Widens every set to `words` words (the values so far lie below the old
  // width); fewer words than now change nothing.
  void widen(unsigned words);
  // Adds the part a (G(a) in g); parts go in as 1, 2, 3, ... in turn.
  // Returns the words or-ed, for the progress polls.
  std::uint64_t add_part(const Value16* g, Heap a);
  // D_r(m) and E_r(m) (the parts below m in, m <= last()).
  const SetWord* exactly(Heap r, Heap m) const { return set(exactly_[r], m); }
  const SetWord* or_more(Heap r, Heap m) const;
  Heap last() const { return last_; }
  Heap parts() const { return parts_; }
  std::uint64_t families() const { return exactly_.size() - 1 + or_more_.size(); }

 private:
  const SetWord* set(const std::vector<SetWord>& family, Heap m) const {
    return family.data() + m * std::size_t{words_};
  }
  SetWord* set(std::vector<SetWord>& family, Heap m) {
    return family.data() + m * std::size_t{words_};
  }

  unsigned words_ = 1;
  Heap last_ = 0;   // M: the sets are kept for heaps 0..M
  Heap parts_ = 0;  // the parts 1..parts_ are in
  std::vector<std::vector<SetWord>> exactly_;  // exactly_[r]: D_r(0..M), index 0 unused
  std::vector<Heap> or_more_r_;                // the r of each E_r
  std::vector<std::vector<SetWord>> or_more_;  // E_r(0..M), in the order of or_more_r_
};

}  // namespace grundy::distinct_parts
