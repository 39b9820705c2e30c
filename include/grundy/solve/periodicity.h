// Periodicity of heap-value sequences G(0), G(1), ... and G(n) for any n once
// a period is known (docs/theory.md §3).
//
// Description: detect_periodicity finds, in G(0..N-1), a period p, preperiod n0
//   and saltus s >= 0 with G(n + p) = G(n) + s for every n0 <= n < N - p.
//   Rule (a pattern must be seen before it is reported): it must be confirmed
//   by at least max(p, kMinConfirmations) pairs (m, m + p) beyond those that
//   fixed it. A pure period is fixed by p alone, so the periodic part
//   G(n0..N-1), of L = N - n0 values and L - p pairs, needs L - p >= max(p, 8):
//   two full periods and never fewer than 8 confirmations. A saltus is read
//   off one pair, so an arithmetic period needs L - p - 1 >= max(p, 8).
//   (Two periods alone would let "the last two values are equal" pass as
//   period 1, and any two values as period 1 with a saltus.)
//   Among all (p, n0(p)) passing that rule, where n0(p) is the least preperiod
//   for p, the least n0 wins; then a pure period (s = 0); then the least p.
//   Ordering by n0 first keeps a short coincidental tail from beating the real
//   period; on enough data (N - n0 >= p + p' for the real period p and any
//   rival p') the Fine-Wilf theorem leaves only the real least period, with its
//   own least preperiod, and excludes a saltus s != 0 where a pure period fits.
//   A negative saltus is never reported: it cannot continue for ever in a
//   sequence of non-negative values.
//   find_periodicity adds the proof for a take-and-break code:
//   - finite codes, s = 0: the Guy-Smith periodicity theorem in its k-heap form
//     with CGSuite's margin: if G(n + p) = G(n) for n0 <= n < N - p and
//     N >= k*n0 + k*p + t + k (t = index of the last non-zero digit, k = the
//     most heaps a move can leave), then G(n + p) = G(n) for every n >= n0.
//     For k = 1 (subtraction games: digits 0..3 only) this is the window
//     argument: G(n) depends only on G(n - t..n - 1).
//   - arithmetic periodicity (s != 0): proven for the three codes with a
//     closed form, recognised as games (every digit after the point is 3, so
//     0.[3], 0.3[3], 4.[33], 8.3[3] ... all count): 0.[3] is Nim, G(n) = n
//     (period 1, saltus 1 from n = 0); 4.[3] is Lasker's Nim (period 4,
//     saltus 4 from n = 1); 8.[3] (remove any number, or split a heap into
//     three non-empty heaps) has G(n) = n except G(8q+7) = 8q+8 and
//     G(8q+8) = 8q+7 (period 8, saltus 8 from n = 1; our own proof,
//     docs/periodicity-proofs.md §2). The period is proven when the detection rule reports exactly
//     the closed form's (n0, p, s) and every value examined equals the
//     closed form. The cofinite subtraction codes (all-but games) are proven
//     by the window argument of docs/periodicity-proofs.md §3.
//   - finite codes whose moves leave at most four heaps, some three or four
//     (such as 0.8, 0.C, 0.28, 0.G), s != 0: our own
//     arithmetic-periodicity test (docs/periodicity-proofs.md §4,
//     solve/periods/arithmetic_periodicity.h), which needs the values up to an
//     induction start M plus lcm(p, 2), on the period taken 1, 2, 4 or 8
//     times; where it fails the pattern stays observed (0.209).
//   - every other arithmetic period, and every period of any other infinite
//     code (C.[3], 4.[7], ...), is reported as observed up to N, never as
//     proven: no published criterion with a checkable bound was found for
//     them (docs/periodicity-proofs.md §5 says what was looked up and why
//     each source does not apply). has_period_criterion() tells the callers
//     that computing more values cannot change that.
//   value_from_periodicity then gives G(n) for every n <= 2^63 - 1 exactly.
// Source: Guy-Smith theorem: R. K. Guy and C. A. B. Smith, "The G-values of
//   various games", Proc. Cambridge Philos. Soc. 52 (1956) 514-526; Winning
//   Ways (Berlekamp, Conway, Guy) ch. 4. Margin: CGSuite (aaron-siegel/cgsuite,
//   core/impartial/TBCode.java getAPChecker: setLinearCriteria(maxSplit,
//   maxSplit, lastDigit + maxSplit) and setMaxSaltus(0); APChecker.meetsCriteria
//   accepts when k*preperiod + k*period + t + k <= number of values).
//   Closed forms: Lasker's Nim, Winning Ways ch. 4 (rules/lasker.h, docs/theory.md
//   §2); Nim, docs/theory.md §2 (the options of a heap n are exactly the heaps
//   0..n-1, so G(n) = mex{0..n-1} = n by induction); 8.[3], proved in
//   docs/periodicity-proofs.md §2 (induction on n, with a case analysis of
//   the splits by the residues of the parts mod 8).
//   Finite octal codes are never arithmetic-periodic: D. G. Horrocks and
//   R. J. Nowakowski, "Regularity in the G-sequences of octal games with a
//   pass", INTEGERS 3 (2003) (abstract).
// Time: for each candidate p <= N/2, a scan back from the end that stops at
//   the first pair breaking the pattern; multiples of the best period so far
//   are skipped (see the .cpp). Most scans stop within a few values, so O(N)
//   in practice: 0.15-0.25 s at N = 10^8 (periodic, random, binary random);
//   adversarial sequences could make it quadratic. The closed-form check is
//   O(N). value_from_periodicity: O(1).
// Memory: O(1) beyond the values.
// Status: tests/unit/periodicity_test.cpp (published periods of octal games,
//   all proven; subtraction games; Lasker's Nim and Nim against their closed
//   forms to 2^63 - 1; 8.[3] proven, its closed form against the naive mex
//   to n = 300; C.[3] observed only; all-but games by the window argument),
//   tests/stress/periodicity_test.cpp (against a twin that tries every
//   (n0, p) pair; proven periods extended and compared with directly computed
//   values of random finite codes, random infinite codes and random all-but
//   sets, up to 4x the values they were proven on; nothing outside the
//   criteria marked proven).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "grundy/core/types.h"
#include "grundy/rules/take_and_break.h"

namespace grundy {

// Least number of pairs (m, m + p) confirming a reported pattern (rule above).
inline constexpr Heap kMinConfirmations = 8;

// Least length N - n0 of a reported periodic part with period p (rule above).
constexpr Heap min_periodic_part(Heap period, bool has_saltus) {
  return period + (period > kMinConfirmations ? period : kMinConfirmations) + (has_saltus ? 1 : 0);
}

// G(n + period) = G(n) + saltus for preperiod <= n < checked_to - period, and,
// when proven, for every n >= preperiod. A plain value: compare, copy, store.
struct Periodicity {
  Heap preperiod = 0;
  Heap period = 0;  // 0: no period found
  std::int64_t saltus = 0;
  bool proven = false;
  Heap checked_to = 0;   // G(0..checked_to-1) were examined
  Heap proof_needs = 0;  // values the proof criterion needs; 0 if none applies
  // The theorem that proves the period, "observed" when none does (yet), or
  // "none" when no period was found.
  std::string criterion;

  friend bool operator==(const Periodicity&, const Periodicity&) = default;
};

// What a Periodicity says, in words, for every front end: "period P,
// preperiod Q (periodic from n = Q)[, saltus S]" and on a second line
// "proven: CRITERION (checked G(0..N-1); the proof needs K values)" or "NOT
// proven: observed up to n = N-1; ..." (N = checked_to, the values
// examined); "no period seen in G(0..N-1)" when there is none. No newline
// at the end.
std::string periodicity_statement(const Periodicity& p);
// The second line alone (the first when there is no period): why the
// period holds, or how far it was only observed.
std::string periodicity_certificate(const Periodicity& p);

// The periodicity of a bare sequence (rule above); never proven. The 64-bit
// form is the same rule over any values (a table of a user game's values,
// solve/pattern.h): on values that fit in 16 bits both give the same result.
Periodicity detect_periodicity(std::span<const std::uint16_t> values);
Periodicity detect_periodicity(std::span<const Nimber> values);

// The periodicity of the heap values G(0..values.size()-1) of `code`, proven
// where a theorem whose hypotheses are checked here applies (Guy-Smith, the
// window argument, the arithmetic-periodicity test) or a closed form of the
// code's game agrees with it (Nim, Lasker's Nim, 8.[3]).
Periodicity find_periodicity(const TakeAndBreak& code, std::span<const std::uint16_t> values);

// Whether a criterion here can prove a period of `code`, given enough values:
// Guy-Smith for a finite code (pure periods), the closed form for a code that
// is Nim, Lasker's Nim or 8.[3], the window argument for a cofinite
// subtraction code. For any other infinite code more values never give a
// proof, so a search for one may stop as soon as a period is seen.
bool has_period_criterion(const TakeAndBreak& code);

// For a code whose moves only remove tokens, leaving at most one heap, with
// every digit 3 from some point on (d0 = 0, d1..dx in 0..3, then 3 for ever:
// the all-but games and other cofinite subtraction sets): x. nullopt for any
// other code. Their arithmetic periods are proven by the window argument
// (docs/periodicity-proofs.md §3).
std::optional<Heap> cofinite_subtraction_length(const TakeAndBreak& code);

// Values the Guy-Smith theorem (with CGSuite's margin) needs to prove period p
// with preperiod n0 for a finite code: k*n0 + k*p + t + k, at least
// n0 + min_periodic_part(p, false) (the detection rule); saturates at
// UINT64_MAX.
// Precondition: code.is_finite().
Heap guy_smith_bound(const TakeAndBreak& code, Heap preperiod, Heap period);

// G(n) for n < values.size() from the values, otherwise from the periodicity
// when it is proven (or observed, if accept_observed): G(n0 + r + q*p) =
// G(n0 + r) + q*s. nullopt when no period applies. Throws InputError for
// n > kMaxHeap and LimitError when the value would not fit in 64 bits.
// Precondition: `values` holds at least G(0..preperiod+period-1), as the
// sequence the periodicity was found in does.
std::optional<Nimber> value_from_periodicity(const Periodicity& periodicity,
                                             std::span<const std::uint16_t> values, Heap n,
                                             bool accept_observed = false);

}  // namespace grundy
