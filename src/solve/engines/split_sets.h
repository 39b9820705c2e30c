// The split-set engine's sets of two-heap split values, and how it makes
// the three-heap sets of CGSuite's modifiers '?' (heaps not all equal) and
// '!' (pairwise unequal heaps).
//
// Description: S2(i) is the set of values G(a) ^ G(i-a), 1 <= a < i-a (the
//   equal split is kept apart: its value is 0). S3(j), the values of all
//   three-heap splits of j, comes from the S2 sets by unions
//   (split_set_engine.cpp). Taking some triples out of S3(j) cannot be done
//   on a union, since other triples may give the same values:
//   - '?' takes out the one triple (a, a, a) of j = 3a, value G(a);
//     other_triple_gives says whether another triple gives G(a);
//   - '!' takes out the triples (x, x, j-2x); S3!(j) is a union of sets
//     like S3(j)'s, each S2 with one value left out (or_distinct_triples);
//   - on four heaps, '?' takes out (a, a, a, a) of j = 4a, value 0;
//     other_four_give_zero says whether another split gives 0.
// Source: the definitions (docs/theory.md §3); the arguments are at each
//   function.
// Time: O(j) look-ups for '?'; for '!' the engine's unions, j - 3 of them
//   rather than S3's j/3.
// Status: against the triples enumerated one by one, on random sequences of
//   few values, where many triples share a value
//   (tests/stress/modifier_engine_test.cpp).
#pragma once

#include <algorithm>
#include <cstdint>

#include "grundy/solve/sequence_engine.h"

namespace grundy::split_sets {

using SetWord = std::uint64_t;

inline bool has(const SetWord* set, unsigned v) { return (set[v >> 6] >> (v & 63)) & 1; }

// S2(n) into `set` (`words` words, cleared first).
inline void make_pairs(const Value16* g, Heap n, unsigned words, SetWord* set) {
  std::fill_n(set, words, 0);
  for (Heap a = 1; 2 * a < n; ++a) {
    const unsigned v = unsigned{g[a]} ^ g[n - a];
    set[v >> 6] |= SetWord{1} << (v & 63);
  }
}

// For j = 3a: whether a triple of heaps summing to j other than (a, a, a)
// has value G(a). Such a triple has a smallest heap x < a, and its other two
// heaps split j - x (equally or not), so it exists exactly when G(a) ^ G(x)
// is in S2(j - x), or is 0 and j - x is even (the equal split), for some
// 1 <= x < a. `pairs(r)` gives S2(r). O(a) look-ups, added to `steps`.
template <class Pairs>
bool other_triple_gives(const Value16* g, Heap j, Pairs&& pairs, std::uint64_t& steps) {
  const Heap a = j / 3;
  const unsigned v = g[a];
  for (Heap x = 1; x < a; ++x) {
    const unsigned w = v ^ g[x];
    const Heap r = j - x;
    if ((w == 0 && r % 2 == 0) || has(pairs(r), w)) {
      steps += x;
      return true;
    }
  }
  steps += a;
  return false;
}

// For j = 4a: whether a split of j into four heaps other than (a, a, a, a)
// has value 0. Such a split has a smallest heap x < a, and its other three
// heaps split j - x in any way, so it exists exactly when G(x) is in
// S3(j - x) (three heaps of value G(x)) for some 1 <= x < a. `threes(r)`
// gives S3(r). O(a) look-ups, added to `steps`.
template <class Threes>
bool other_four_give_zero(const Value16* g, Heap j, Threes&& threes, std::uint64_t& steps) {
  const Heap a = j / 4;
  for (Heap x = 1; x < a; ++x)
    if (has(threes(j - x), g[x])) {
      steps += x;
      return true;
    }
  steps += a;
  return false;
}

// The values of the triples of pairwise unequal heaps with j tokens in all,
// S3!(j), are the union over 1 <= x <= j - 3 of
//   U(x) = G(x) ^ (S2(j - x) less the value of the split {x, j - 2x}),
// leaving that value out when j - 2x >= 1. Here is why.
// Every value v of U(x) comes from unequal heaps: some split y < z of j - x
//   has value G(x) ^ v, and when j - 2x >= 1 a value other than that of
//   {x, j - 2x}, so {y, z} is not {x, j - 2x}; then neither y nor z is x
//   (if one of them were, the other would be j - 2x).
// Every value v of unequal heaps is in some U(x): let x < y < z be unequal
//   heaps of value v. Take any of the three as x above: the other two split
//   the rest unequally with value G(x) ^ v, so v is in U(x) unless that is
//   the value left out, that is unless j - 2x >= 1 and G(j - 2x) = v. If
//   that happens for all three, then p = j - 2z < q = j - 2y < s = j - 2x
//   are unequal heaps (p >= 1), j tokens in all, of value v ^ v ^ v = v,
//   spread wider: s - p = 2(z - x) > z - x. Going on so cannot last for
//   ever (s - p < j), so some unequal triple of value v has a heap x with
//   v in U(x).
// So the union needs no count of the splits that give a value, which sets
// cannot keep: only one value left out of each S2(j - x).

// Whether the rest of j tokens after x splits as {x, j - 2x}, and that
// split's value `v` (to leave out of S2(j - x) for S3!(j)).
inline bool split_to_leave_out(const Value16* g, Heap j, Heap x, unsigned& v) {
  if (2 * x >= j) return false;
  v = unsigned{g[x]} ^ g[j - 2 * x];
  return true;
}

// out |= S3!(j), a word at a time by the union above: the twin of the
// engine's, which takes the values out of its S2 sets in place and runs
// the vector kernel. `pairs(r)` gives S2(r). O(j * words).
template <class Pairs>
void or_distinct_triples(const Value16* g, Heap j, Pairs&& pairs, unsigned words,
                         SetWord* out) {
  for (Heap x = 1; x + 3 <= j; ++x) {
    const SetWord* set = pairs(j - x);
    unsigned left_out = 0;
    const bool leave_out = split_to_leave_out(g, j, x, left_out);
    for (unsigned w = 0; w < 64 * words; ++w)
      if (has(set, w) && !(leave_out && w == left_out)) {
        const unsigned v = w ^ g[x];
        out[v >> 6] |= SetWord{1} << (v & 63);
      }
  }
}

}  // namespace grundy::split_sets
