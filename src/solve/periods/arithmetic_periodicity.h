// A test that proves an arithmetic period G(n + p) = G(n) + s (s > 0) of a
// finite take-and-break code whose moves leave at most four heaps and some
// move leaves three or four: codes such as 0.8, 0.C, 0.28, 0.G (our own
// theorem, docs/periodicity-proofs.md §4; no published test with a readable
// bound was found, see §5 there).
//
// Description: F is the pattern itself: F(x) = G(x) for x < n0 and
//   F(n0 + r + q p) = G(n0 + r) + q s. By induction on n >= M, G(n) = F(n)
//   follows from two facts about the options of n, each reduced to a finite
//   check on G(0..N-1):
//   (A) no option has the value F(n). Every option is classified by n mod p,
//       the tokens removed, its parts below n0 (exact) and the residues mod p
//       of the others; for some 2^b dividing s, either the low b bits of the
//       xor differ from F(n)'s, or its high parts' sum is below F(n)'s high
//       part (xor <= sum), or, with one part >= n0, no carry pattern makes
//       the xor equal.
//   (B) every v < F(n) is an option's value: a value v = G(x) far enough
//       below is left by removing i tokens and splitting into x, y, y (a
//       digit with three heaps, x = n - i - 2y), or x, y, y, w with
//       G(w) = 0 (four heaps); 0 also by y, y and y, y, z, z.
//       The few values near F(n) must be left by a move with one part x >= n0
//       and other parts of fixed sizes whose xor c is below 2^e, 2^e the
//       largest power of 2 dividing S, the saltus over L = lcm(p, 2): such a
//       move of n + L leaves (G(x) xor c) + S. Checked on L consecutive
//       heaps n in [M, M + L).
//   The test reports M + L as the values the proof needs. It runs on the
//   pattern as given and then as period 2^k p, saltus 2^k s (k = 1, 2, 3),
//   the same pattern, where 2^k divides the saltus, so that (A) has low
//   bits to compare (0.3F: period 6, saltus 3, proven as 12 and 6).
// Time: (A) O((t + 1) p k (n0 + p)^(k-1) log s) for moves of up to k parts,
//   refused above 3·10^7 classes (a period of about 150 for k = 3, 40 for
//   k = 4); (B) O(N) for the values' first positions plus O(t S^2) per heap
//   examined (S = n0 + 2L + 64 at most 512 sizes of fixed parts; 40^3/6 for
//   four-part moves), at most 4L + 256 heaps, fewer where a residue fails
//   twice.
// Memory: O(N) (first position of each value, by parity).
// Status: tests/unit/periodicity_test.cpp (0.8 against the naive mex and
//   extended to 2^63 - 1; 0.C, 0.28, 0.9C, 8.8, 0.G proven on prefixes of
//   naive values and predicting the rest; a passing pattern of 0.8F8 and
//   0.209's pattern not proven; 0.3F's proven on its period doubled;
//   xor_can_add against every x), tests/stress/
//   periodicity_test.cpp (120 random hexadecimal codes: every period proven
//   on a prefix predicts the engine's values to n = 3000), tests/stress/
//   survey_test.cpp (proven saltus against the naive mex),
//   tests/cli/arithmetic_period_test.cpp.
#pragma once

#include <cstdint>
#include <span>

#include "grundy/rules/take_and_break.h"
#include "grundy/solve/periodicity.h"

namespace grundy {

// Whether the test can apply to `code`: finite, no modifiers, every digit
// leaving 0 to 4 heaps (d0 only splitting into 2 to 4), one leaving 3 or 4.
bool arithmetic_test_applies(const TakeAndBreak& code);

// For result's pattern (preperiod n0, period p, saltus s > 0) on
// G(0..values.size()-1): sets result.proven and result.criterion when the
// test proves it, and result.proof_needs to the values the proof needs (or
// at least needs, when there are too few), 0 when the test fails for a
// reason more values of the same pattern would not change.
// Precondition: arithmetic_test_applies(code); G(n + p) = G(n) + s for
// n0 <= n < values.size() - p.
void prove_arithmetic_period(const TakeAndBreak& code, std::span<const std::uint16_t> values,
                             Periodicity& result);

namespace detail {
// Whether (x xor h) - x = e for some x >= 0, given h >= 0.
bool xor_can_add(std::int64_t h, std::int64_t e);
}  // namespace detail

}  // namespace grundy
