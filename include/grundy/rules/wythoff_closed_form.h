// Wythoff's game in closed form, exact for every heap up to 2^63-1 (docs/theory.md §2).
//
// Description: two heaps; a move takes >= 1 tokens from one heap, or the same
//   number >= 1 from both. The P-positions are (a_k, b_k) and their mirrors,
//   a_k = floor(k*phi), b_k = a_k + k, phi = (1 + sqrt 5) / 2. Everything is
//   integer arithmetic: floor(k*phi) = floor((k + floor(k*sqrt 5)) / 2), because
//   k*sqrt 5 is irrational for k >= 1, so replacing it by its floor cannot move
//   (k + k*sqrt 5) / 2 across an integer. Floating point is wrong here from
//   k = 102,334,155 on (docs/theory.md §2), so none is used.
// Source: W. A. Wythoff, "A modification of the game of nim", Nieuw Archief voor
//   Wiskunde (2) 7 (1907) 199-202; Beatty's theorem (S. Beatty, Amer. Math.
//   Monthly 33 (1926), problem 3173) for the complementary sequences
//   floor(n*phi), floor(n*phi^2); contest problem POJ 1067. Sequences: OEIS A000201 (lower),
//   A001950 (upper).
// Time: O(1) per query: one 64x64->128-bit product and a few 128-bit squares.
// Memory: O(1).
// Status: stress-tested (tests/stress/wythoff_closed_form_test.cpp) against a
//   P/N table built from the move rules (heaps < 400; every winning move
//   enumerated for heaps <= 200), and up to 2^63-1 against an independent
//   Zeckendorf (Fibonacci numeration) twin that shares no code with this file.
#pragma once

#include <bit>
#include <cstdint>
#include <utility>
#include <vector>

#include "grundy/core/types.h"

namespace grundy::wythoff {

__extension__ typedef unsigned __int128 Uint128;

// floor(sqrt(n)) for any 128-bit n, exactly: Newton's method on integers,
// started above the root so that the iterates decrease strictly until the
// first one that does not (H. Cohen, "A Course in Computational Algebraic
// Number Theory", Algorithm 1.7.1).
constexpr Heap isqrt_u128(Uint128 n) {
  if (n < 2) return static_cast<Heap>(n);
  const auto high = static_cast<std::uint64_t>(n >> 64);
  const int bits = high != 0 ? 128 - std::countl_zero(high)
                             : 64 - std::countl_zero(static_cast<std::uint64_t>(n));
  Uint128 root = Uint128{1} << ((bits + 1) / 2);  // 2^ceil(bits/2) > sqrt(n)
  while (true) {
    const Uint128 next = (root + n / root) >> 1;
    if (next >= root) return static_cast<Heap>(root);
    root = next;
  }
}

// a_k = floor(k*phi), the lower member of the k-th P-pair (OEIS A000201, with
// a_0 = 0). Throws LimitError when a_k > kMaxHeap, i.e. for
// k > floor(2^63 / phi) = 5,700,357,409,661,599,242.
Heap lower(Heap k);

// b_k = a_k + k = floor(k*phi^2), the upper member (OEIS A001950, b_0 = 0).
// Throws LimitError when b_k > kMaxHeap, i.e. for
// k > floor(2^63 / phi^2) = 3,523,014,627,193,176,565.
Heap upper(Heap k);

// Whether (x, y) is a P-position (the player to move loses). Either order.
// Throws LimitError if a heap exceeds kMaxHeap.
bool is_p_position(Heap x, Heap y);

// The other member of the unique P-pair containing x: b_k if x = a_k, a_k if
// x = b_k, and 0 for 0. Throws LimitError if x or the answer exceeds kMaxHeap
// (the answer does when x is a lower value above about 0.618 * 2^63).
Heap partner(Heap x);

// Every position reachable from (x, y) in one move that is a P-position, in
// the input's heap order (first component = new first heap), sorted
// lexicographically ascending. At most three: the first heap down to the
// partner of the second, the second down to the partner of the first, and
// both down to the pair with the same difference; they are pairwise distinct
// because each kind of move changes a different set of heaps. Empty iff
// (x, y) is a P-position. Throws LimitError if a heap exceeds kMaxHeap.
std::vector<std::pair<Heap, Heap>> winning_moves(Heap x, Heap y);

}  // namespace grundy::wythoff
