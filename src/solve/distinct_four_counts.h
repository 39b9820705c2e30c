// The values of the splits of a heap into four pairwise unequal heaps
// (CGSuite's '!' on a digit of G-V), from counts of splits rather than sets.
//
// Description: a set of values cannot lose the splits with equal heaps once
//   they are in a union (another split may give the same value), but a count
//   of splits can: Möbius inversion over the ways four places can be equal
//   (the partition lattice of {1, 2, 3, 4}, whose Möbius function is
//   prod over blocks B of (-1)^(|B|-1) (|B|-1)!) counts the ordered
//   quadruples with pairwise unequal heaps as
//     D4 = C4 - 6 T211 + 3 T22 + 8 T31 - 6 T4,
//   each term an array over the values v, for a heap of j tokens:
//     C4(j, v)   ordered (a, b, c, d), every heap >= 1, sum j, value v;
//     T211(j, v) (a, a, b, c): sum over a of C2(j - 2a, v), a parity class's
//                running sum of C2, kept as it grows;
//     T22(j, 0)  (a, a, b, b): j/2 - 1 when j is even (their value is 0);
//     T31(j, v)  (a, a, a, b): the a with G(a) ^ G(j - 3a) = v;
//     T4(j, 0)   (a, a, a, a): 1 when 4 divides j;
//   with C2(m, v) and C3(m, v) the ordered two- and three-heap splits of m of
//   value v: C2 counted pair by pair, C3(m) = sum over a of C2(m - a) moved
//   by G(a), C4(j) = sum over a of C3(j - a) moved by G(a) ("moved by g":
//   entry v goes to v ^ g). Then S4!(j) = {v : D4(j, v) > 0}. The
//   arithmetic is modulo 2^64; D4 itself, at most the (j-1 choose 3) ordered
//   splits of j, is below 2^64, so the wrapped sum is D4 exactly and a zero
//   is a true zero. C2 and C3 are kept in 32 bits (half the memory traffic,
//   which bounds the time): C3(m) <= (m-1 choose 2) < 2^32 for the heaps
//   allowed (kMaxHeap).
//   A move by g is done as the three-heap sets do it (sequence_kernels.h):
//   blocks of eight entries move by g with its low three bits cleared
//   (plain vector adds), into one of eight buckets by g & 7, and each bucket
//   is permuted within its blocks once per heap.
// Source: the Möbius function of the partition lattice: G.-C. Rota, On the
//   foundations of combinatorial theory I (1964); the four terms worked out
//   in docs/performance.md, "Four heaps"; the splits and '!': docs/theory.md
//   §3, docs/usage.md (modifiers).
// Time: O(j V) additions for heap j (C3(j) and C4(j), V the values' bound),
//   in blocks of eight; O(j) for C2(j) and T31, O(V) for the rest. The
//   split-by-split way is O(j^3).
// Memory: C2 and C3 of every heap size: 8 V bytes a heap size.
// Status: against the quadruples listed one by one on random sequences of
//   few values (tests/stress/modifier_engine_test.cpp) and, in the
//   split-set engine, against the naive engine.
#pragma once

#include <cstdint>
#include <vector>

#include "grundy/solve/sequence_engine.h"

namespace grundy::split_counts {

class DistinctFourCounts {
 public:
  using Count = std::uint64_t;   // sums, modulo 2^64
  using Stored = std::uint32_t;  // C2 and C3 as kept
  // The largest heap whose C3, (m-1 choose 2) at most, fits in Stored.
  static constexpr Heap kMaxHeap = 92683;
  static_assert((kMaxHeap - 1) * (kMaxHeap - 2) / 2 <= UINT32_MAX &&
                kMaxHeap * (kMaxHeap - 1) / 2 > UINT32_MAX);

  // Empties the tables but for heap 0 (no splits); the next heap to add is 1.
  // `values` is the bound on values (a power of two, at least 64).
  void reset(unsigned values);
  // Widens every row to `values` entries (a power of two, at least the old
  // bound; the values so far lie below the old one).
  void widen(unsigned values);
  // With G(0..n-1) in g and the heaps below n added: if `set` is not null,
  // writes there the bit set of S4!(n) (values/64 words, cleared first);
  // then adds heap n's counts. n must be the next heap (1, 2, 3, ... in
  // turn). A LimitError past kMaxHeap. Returns the additions done, for the
  // progress polls.
  std::uint64_t add(const Value16* g, Heap n, std::uint64_t* set);
  Heap heaps() const { return heaps_; }
  // Bytes a heap size takes for `values` values.
  static std::uint64_t bytes_per_heap(unsigned values) { return 2ull * values * sizeof(Stored); }

 private:
  Stored* c2(Heap m) { return c2_.data() + m * std::size_t{values_}; }
  Stored* c3(Heap m) { return c3_.data() + m * std::size_t{values_}; }
  // out += sum over 1 <= a <= last_a of row(rest - a) moved by G(a).
  template <class Row, class Out>
  void add_moved(const Value16* g, Heap rest, Heap last_a, Row&& row, Out* out);

  unsigned values_ = 64;
  Heap heaps_ = 0;
  std::vector<Stored> c2_, c3_;  // C2(m, v), C3(m, v) for every m < heaps_
  std::vector<Count> parity_;   // per parity of m: the sum of C2(m, v) so far (T211)
  std::vector<Count> buckets_;  // scratch: 8 rows, by g & 7
  std::vector<Count> sum_;      // scratch: a row
};

}  // namespace grundy::split_counts
