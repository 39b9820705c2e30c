// Periodicity detection and proof; see the header for Description / Source /
// Time / Memory / Status.
//
// Why the Guy-Smith margin k*n0 + k*p + t + k is enough (the induction behind
// WW's theorem, redone for take-and-break codes with up to k parts): suppose
// G(m + p) = G(m) for n0 <= m < n, where n >= M = k*n0 + (k-1)*p + t + k (so
// N >= M + p values cover the check). A move from n + p removes j <= t tokens
// and leaves at most k non-empty parts, the largest c >= (n + p - t)/k >=
// n0 + p + 1. Replacing c by c - p (>= n0 + 1, so still non-empty, and < n) is
// a move of the same kind from n with the same value, since G(c) = G(c - p).
// Conversely the largest part c' of a move from n is >= (n - t)/k >= n0 + 1,
// and c' + p gives a move from n + p of the same value. Neither n nor n + p
// can be removed whole (both exceed t). So G(n + p) = G(n). The "+ k" is the
// margin that keeps c - p non-empty when n0 = 0; WW's bound without it is
// k*n0 + (k-1)*p + t.
//
// Arithmetic periodicity: what was looked up, and why only the closed forms
// (and the window argument below) prove anything here.
// - S. Howse and R. J. Nowakowski, "Periodicity and arithmetic-periodicity in
//   hexadecimal games", Theoret. Comput. Sci. 313 (2004) 463-472: only the
//   first page was readable (abstract: "a new arithmetic-periodicity
//   theorem"). Its games are finite codes 0.d1d2...du (0 <= di <= 15), so even
//   read in full it would cover none of 4.[3], 8.[3] or the all-but games,
//   which are infinite codes (d0 != 0 for the first two). The theorem's
//   hypothesis (how many values, as a function of preperiod, period, saltus
//   and u) could not be read, so it is not implemented, not even for finite
//   hexadecimal codes: guessing a bound would make "proven" a guess.
// - All-but subtraction games: D. Sleator and M. Slusky, "Subtraction games
//   with FES sets of size 3", arXiv:1201.3299 (abstract) report that
//   A. Siegel (MSc thesis, Dalhousie, 2005) proved every all-but game
//   ultimately arithmetic-periodic, purely so for |X| = 1, 2, and they add
//   |X| = 3. These are existence results: without a bound on the period or
//   preperiod no finite computation proves a particular (n0, p, s) from them.
//   No statement with a checkable bound was found.
// - CGSuite (aaron-siegel/cgsuite, TBCode getAPChecker / TBCode.scala
//   periodicityChecker) calls setMaxSaltus(0) for every take-and-break code,
//   infinite ones included: it never proves a saltus either.
// - Winning Ways ch. 4 gives Lasker's Nim (4.[3]) in closed form, and Nim
//   (0.[3]) has G(n) = n; these two codes are recognised (header), and so is
//   8.[3] by a closed form of our own, proved below.
// A period with a saltus of any other code stays "observed", except for the
// codes covered by the window argument below.
//
// Closed form of 8.[3] (our own theorem and proof; a short search found no
// published statement to cite). The game: from a heap n, remove k >= 1
// tokens leaving nothing (k = n) or one heap (k < n) (digit 3), so every
// heap m in 0..n-1 is an option; or remove nothing and split the heap into
// three non-empty heaps a + b + c = n (d0 = 8), of value G(a) ^ G(b) ^ G(c)
// (^ = xor). Let
//   s(0) = 0, and for n >= 1: s(n) = n + 1 if n = 7 (mod 8),
//   s(n) = n - 1 if n = 0 (mod 8), s(n) = n otherwise,
// i.e. s swaps 8q+7 and 8q+8 (q >= 0) and fixes every other number.
// Theorem: G(n) = s(n) for every n >= 0. Hence G(n + 8) = G(n) + 8 for
// n >= 1 (same residue, and n + 8 >= 9), while G(8) = 7 != G(0) + 8:
// preperiod 1, period 8, saltus 8.
// Lemma X. For x1, x2, x3 >= 0 let c_k be how many of them have bit k set.
//   x1 + x2 + x3 = sum_k 2^k c_k and x1 ^ x2 ^ x3 = sum_k 2^k (c_k mod 2), so
//   (x1 + x2 + x3) - (x1 ^ x2 ^ x3) = sum_k 2^k (c_k - c_k mod 2): it is
//   >= 0, even (every term is 2^k times an even number), and 0 exactly when
//   no bit is set in two of the x_i ("bit-disjoint").
// Proof of the theorem: strong induction on n; suppose G(m) = s(m) for all
// m < n. n = 0 has no option: G(0) = 0 = s(0). Let n >= 1.
// Step 1, one-heap options. Their values are s({0..n-1}). s is a bijection
// that maps each pair {8p+7, 8p+8} onto itself and fixes every other
// number, so s({0..n-1}) = {0..n-1} unless {0..n-1} holds 8p+7 but not
// 8p+8, i.e. n - 1 = 8p+7. Hence the one-heap values are {0..n-1} if
// n != 0 (mod 8), and {0..n-2} plus {n} if n = 8q+8.
// Step 2, the split values. The parts a, b, c of a split are >= 1 and
// <= n - 2, so their values are s(a), s(b), s(c). It suffices to show:
//  (i)   n mod 8 in 1..6: no split has value n. (Then the option values
//        hold 0..n-1, not n: G(n) = n = s(n).)
//  (ii)  n = 8q+7: some split has value 8q+7 and none has value 8q+8.
//        (Then they hold 0..8q+7, not 8q+8: G(n) = 8q+8 = s(n).)
//  (iii) n = 8q+8: no split has value 8q+7. (Then they hold 0..8q+6 and
//        not 8q+7: G(n) = 8q+7 = s(n).)
// Nothing below the mex is needed from the splits: Step 1 covers it.
// Existence in (ii): the split 1 + 2 + (8q+4) has parts fixed by s and value
// 1 ^ 2 ^ (8q+4) = 8q+7 (8q+4 has bit 2 and bits >= 3 only).
// Non-existence. Call a part x "plain" if x mod 8 is in 1..6 (s(x) = x),
// a "seven" if x = 7 (mod 8) (s(x) = x + 1, = 0 mod 8), a "zero" if
// x = 0 (mod 8) (then x >= 8 and s(x) = x - 1, = 7 mod 8). Write
// s(x) = 8 x' + x_lo with x_lo = s(x) mod 8: x_lo = x mod 8 (in 1..6) for a
// plain part, 0 for a seven, 7 for a zero. Take a split a + b + c = n with
// e sevens and z zeros (e + z <= 3); A = s(a), B = s(b), C = s(c), so
//   A + B + C = n + e - z.
// Suppose A ^ B ^ C = t = 8T + tau (0 <= tau <= 7). Xor acts bit by bit and
// the lows fill bits 0..2 only, so A ^ B ^ C = 8 (a' ^ b' ^ c') +
// (a_lo ^ b_lo ^ c_lo): a_lo ^ b_lo ^ c_lo = tau and a' ^ b' ^ c' = T. By Lemma X,
// a' + b' + c' - T = 2w with an integer w >= 0, and
// cc := a_lo + b_lo + c_lo - tau is >= 0, even, and 0 exactly when a_lo,
// b_lo, c_lo are bit-disjoint. Then
//   n + e - z - t = (A + B + C) - (A ^ B ^ C) = 8 (a' + b' + c' - T) + cc
//                 = 16 w + cc.                                          (*)
//  (i) t = n, tau = n mod 8 in 1..6. (*): e - z = 16w + cc with
//      -3 <= e - z <= 3, so w = 0 and cc = e - z, even and >= 0: 0 or 2.
//      cc = 0, so e = z, and e + z <= 3 leaves e = z = 0 or e = z = 1.
//      e = z = 0: the three lows are non-zero (plain parts) and
//        bit-disjoint within bits 0..2, so they are 1, 2, 4 and tau = 7.
//        But tau <= 6. Contradiction.
//      e = z = 1: the third part is plain; the zero's low 7 and the plain
//        part's low (1..6) share a bit, so cc > 0. Contradiction.
//      cc = 2: e - z = 2 with e + z <= 3 forces e = 2, z = 0: lows 0, 0 and
//        one more, bit-disjoint, so cc = 0. Contradiction.
//  (ii) n = 8q+7, t = 8q+8 = n + 1, tau = 0. (*): e - z - 1 = 16w + cc >= 0
//      and e - z - 1 <= 2, so w = 0 and, cc being even, e - z is 1 or 3;
//      cc = a_lo + b_lo + c_lo.
//      e - z = 1: cc = 0, so every low is 0: all three parts are sevens,
//        e = 3, z = 0, e - z = 3. Contradiction.
//      e - z = 3: e = 3, every low is 0, cc = 0 != 2. Contradiction.
//  (iii) n = 8q+8, t = 8q+7 = n - 1, tau = 7. (*): 1 + e - z = 16w + cc with
//      0 <= 1 + e - z <= 4, so w = 0 and cc = 1 + e - z is 0, 2 or 4.
//      cc = 0 (e - z = -1, so z >= 1): the zero's low is 7, and every other
//        low, bit-disjoint from 7, is 0: the other two parts are sevens,
//        e = 2, z = 1, e - z = 1. Contradiction.
//      cc = 2 (e - z = 1: (e, z) = (1, 0) or (2, 1)). (2, 1): lows 0, 0, 7,
//        cc = 0. (1, 0): lows 0, x, y with x, y in 1..6 and x ^ y = 7, so
//        y = 7 - x and x + y = 7: cc = 0. Contradiction either way.
//      cc = 4 (e - z = 3): e = 3, every low is 0, xor 0 != 7. Contradiction.
// So (i)-(iii) hold and G(n) = s(n). (tests/unit/periodicity_test.cpp
// compares s with the naive mex to n = 300 and re-derives the case analysis
// above by enumerating every residue triple.)
//
// Window argument for cofinite subtraction codes (our own lemma, proved here;
// no published criterion with a bound was found, see above). Let the code be
// 0.d1..dx followed by 3 for ever, every d_k in 0..3 (the all-but games
// allbut:X are these with d_k in {0, 3} and x = max X). For a heap n > x the
// options are one heap m for EVERY m in 0..n-x-1 (remove k > x tokens), and
// the window heaps n - k, k <= x with bit 2 in d_k. So
//   G(n) = mex( V(n-x-1) ∪ W(n) ),  V(j) = {G(0..j)},  W(n) = {G(n-k) : k <= x, d_k & 2}.
// Claim: if G(n + p) = G(n) + s (s > 0) for n0 <= n < N - p, and
//   C5: N >= n0 + p + x + 1,
//   C1: min G(N-p..N-1) + s > max G(0..n0+p-1),
//   C2: every v < s is in V(N-x-1),
//   C3: G(m) + s is in V(N-x-1) for every m < n0,
// then G(n) = G(n - p) + s for every n >= N. Induction on n >= N, all
// smaller heaps from n0 + p on satisfying the shift. Let g' = G(n-p) =
// mex(A), A = V(n-p-x-1) ∪ W(n-p) (n - p > x by C5). W(n) = W(n-p) + s, as
// every window heap n - k >= n0 + p (C5). Then:
// (a) g' + s is not an option value of n: not in W(n) since g' is not in
//   W(n-p); if G(m) = g' + s with n0 + p <= m <= n-x-1 then G(m-p) = g' with
//   m - p <= n-p-x-1, so g' in A, impossible; and m < n0 + p is ruled out
//   by C1, as g' >= min G(N-p..N-1) (the values grow by s each period).
// (b) every v < g' + s is one: v < s by C2 (V(N-x-1) ⊆ V(n-x-1)); for
//   v >= s, v - s < g' lies in A: in W(n-p) gives v in W(n); G(m) = v - s
//   with n0 <= m <= n-p-x-1 gives G(m+p) = v, m + p <= n-x-1; m < n0 is C3.
// So G(n) = mex = g' + s. The stress test extends every period proven this
// way far beyond the values it was proven on and compares with the naive
// mex.
#include "grundy/solve/periodicity.h"

#include <algorithm>
#include <optional>
#include <limits>

#include <fmt/format.h>

#include "grundy/core/error.h"
#include "grundy/rules/lasker.h"

namespace grundy {

namespace {

__extension__ typedef __int128 Int128;

struct Candidate {
  Heap preperiod;
  Heap period;
  std::int64_t saltus;
};

// The detection order of the header: least preperiod, then pure, then least
// period.
bool better(const Candidate& a, const Candidate& b) {
  if (a.preperiod != b.preperiod) return a.preperiod < b.preperiod;
  if ((a.saltus == 0) != (b.saltus == 0)) return a.saltus == 0;
  return a.period < b.period;
}

// An arithmetic-periodic code with a closed form (header): d0.[3]. Nim and
// Lasker's Nim are published; 8.[3] is proved at the top of this file.
struct ClosedForm {
  unsigned d0;
  Heap preperiod;
  Heap period;
  std::int64_t saltus;
  Nimber (*value)(Heap);
  const char* criterion;
};

// 8.[3] (proof at the top of this file): s(n) swaps 8q+7 and 8q+8.
Nimber three_split_value(Heap n) {
  if (n == 0) return 0;
  switch (n % 8) {
    case 7: return n + 1;
    case 0: return n - 1;
    default: return n;
  }
}

constexpr ClosedForm kClosedForms[] = {
    {0, 0, 1, 1, [](Heap n) -> Nimber { return n; }, "Nim closed form G(n) = n"},
    {4, 1, 4, 4, &Lasker::value, "Lasker's Nim closed form, Winning Ways ch. 4"},
    {8, 1, 8, 8, &three_split_value, "closed form of 8.[3] (proof in periodicity.cpp)"},
};

// The closed form whose game `code` is, or nullptr. Every digit after the
// point 3 (remove any number, leaving nothing or one heap) is the same game
// however the code is written (0.[3], 0.3[3], 0.[33]); d0 adds the splits.
const ClosedForm* closed_form_of(const TakeAndBreak& code) {
  if (code.is_finite()) return nullptr;
  const std::string name = code.name();
  const auto point = name.find('.');
  if (name.find_first_not_of("3[]", point + 1) != std::string::npos) return nullptr;
  for (const ClosedForm& form : kClosedForms)
    if (code.digit(0) == form.d0) return &form;
  return nullptr;
}

// The window argument for cofinite subtraction codes (see the top of this
// file); fills `result` when conditions C1-C5 hold on the values.
void prove_cofinite(Heap x, std::span<const std::uint16_t> values, Periodicity& result) {
  const Heap n0 = result.preperiod, p = result.period, N = values.size();
  const auto s = static_cast<Nimber>(result.saltus);
  // C5: the heaps n >= N and n - p have windows in the periodic part.
  result.proof_needs = std::max(detail::saturating_add(detail::saturating_add(n0, p), x + 1),
                                detail::saturating_add(n0, min_periodic_part(p, true)));
  if (result.saltus <= 0 || N < result.proof_needs) return;
  // V = the values of G(0..N-x-1), which every heap n >= N has as options.
  const Heap reach = N - x;  // G(0..reach-1)
  std::vector<bool> seen;
  for (Heap m = 0; m < reach; ++m) {
    if (values[m] >= seen.size()) seen.resize(values[m] + 1, false);
    seen[values[m]] = true;
  }
  auto in_v = [&](Nimber v) { return v < seen.size() && seen[v]; };
  // C1: the values of the last period plus s exceed every value before the
  // periodic part's second period.
  Nimber low = std::numeric_limits<Nimber>::max(), high = 0;
  for (Heap n = N - p; n < N; ++n) low = std::min<Nimber>(low, values[n]);
  for (Heap m = 0; m < n0 + p; ++m) high = std::max<Nimber>(high, values[m]);
  if (low + s <= high) return;
  // C2: every value below s is in V.
  for (Nimber v = 0; v < s; ++v)
    if (!in_v(v)) return;
  // C3: G(m) + s is in V for every m in the preperiod.
  for (Heap m = 0; m < n0; ++m)
    if (!in_v(values[m] + s)) return;
  result.proven = true;
  result.criterion = fmt::format(
      "window argument for subtraction codes with an all-3 tail (x = {}; proof in "
      "periodicity.cpp)",
      x);
}

}  // namespace

Periodicity detect_periodicity(std::span<const std::uint16_t> values) {
  const Heap n_values = values.size();
  Periodicity result;
  result.checked_to = n_values;
  result.criterion = "none";
  const std::uint16_t* g = values.data();

  std::optional<Candidate> best;
  // A candidate needs N - n0 >= min_periodic_part(p, false) >= 2p.
  for (Heap p = 1; min_periodic_part(p, false) <= n_values; ++p) {
    // Skip a multiple p = m*q of the best period q (preperiod n0, saltus s)
    // when n0 + p < N. Then G(N-1) - G(N-1-p) = m*s, as N-1-p >= n0, and at
    // n0 - 1 (if n0 > 0) G(n0-1+p) - G(n0-1+q) = (m-1)*s while
    // G(n0-1+q) - G(n0-1) != s, so p fails there: its preperiod is >= n0,
    // and with an equal one it loses the tie (saltus m*s, larger period).
    // Skipping them keeps the cost O(N) for the real period instead of O(N)
    // per multiple.
    if (best && p % best->period == 0 && best->preperiod + p < n_values) continue;
    const std::int64_t saltus =
        std::int64_t{g[n_values - 1]} - std::int64_t{g[n_values - 1 - p]};
    if (saltus < 0) continue;
    // The relation holds for every pair (m, m + p) with start <= m < N - p.
    Heap start = n_values - 1 - p;
    const std::uint16_t* upper = g + p;
    if (saltus == 0) {
      while (start > 0 && upper[start - 1] == g[start - 1]) --start;
    } else {
      while (start > 0 && std::int64_t{upper[start - 1]} - std::int64_t{g[start - 1]} == saltus)
        --start;
    }
    if (n_values - start < min_periodic_part(p, saltus != 0)) continue;
    const Candidate candidate{start, p, saltus};
    if (!best || better(candidate, *best)) best = candidate;
  }
  if (best) {
    result.preperiod = best->preperiod;
    result.period = best->period;
    result.saltus = best->saltus;
    result.criterion = "observed";
  }
  return result;
}

Heap guy_smith_bound(const TakeAndBreak& code, Heap preperiod, Heap period) {
  GRUNDY_ASSERT(code.is_finite());
  const Heap k = code.max_parts();
  const Heap t = code.last_digit();
  using detail::saturating_add, detail::saturating_mul;
  const Heap bound = saturating_add(
      saturating_add(saturating_mul(k, preperiod), saturating_mul(k, period)), t + k);
  return std::max(bound, saturating_add(preperiod, min_periodic_part(period, false)));
}

Periodicity find_periodicity(const TakeAndBreak& code, std::span<const std::uint16_t> values) {
  Periodicity result = detect_periodicity(values);
  if (const ClosedForm* form = closed_form_of(code)) {
    // The detection must have settled on the closed form's own pattern, on
    // values that are the closed form's: then the theorem is about exactly
    // the sequence examined.
    result.proof_needs = form->preperiod + min_periodic_part(form->period, form->saltus != 0);
    if (result.period != form->period || result.preperiod != form->preperiod ||
        result.saltus != form->saltus)
      return result;
    for (Heap n = 0; n < values.size(); ++n)
      if (values[n] != form->value(n)) return result;
    result.proven = true;
    result.criterion = form->criterion;
    return result;
  }
  if (const auto x = cofinite_subtraction_length(code)) {
    if (result.period != 0) prove_cofinite(*x, values, result);
    return result;
  }
  // Guy-Smith covers pure periods of finite codes only. A saltus stays
  // "observed": for a finite octal code it can only be a passing pattern
  // (Horrocks-Nowakowski); for hexadecimal and other infinite codes no
  // checkable criterion is implemented (see the top of this file).
  if (result.period == 0 || !code.is_finite() || result.saltus != 0) return result;
  result.proof_needs = guy_smith_bound(code, result.preperiod, result.period);
  if (result.checked_to >= result.proof_needs) {
    result.proven = true;
    result.criterion = fmt::format("Guy-Smith periodicity theorem (k = {}, t = {}{})",
                                   code.max_parts(), code.last_digit(),
                                   code.max_parts() == 1 ? ": subtraction window" : "");
  }
  return result;
}

// A code whose moves only remove tokens and leave at most one heap, and
// whose digits are all 3 from some point on (d0 = 0; d1..dx in 0..3; then
// 3 for ever): the all-but subtraction games and every other "cofinite"
// subtraction code. x is the number of digits before the all-3 tail.
std::optional<Heap> cofinite_subtraction_length(const TakeAndBreak& code) {
  if (code.is_finite() || code.digit(0) != 0) return std::nullopt;
  const std::string name = code.name();
  const auto open = name.find('[');
  if (open == std::string::npos) return std::nullopt;
  const auto close = name.find(']', open);
  if (name.substr(open + 1, close - open - 1).find_first_not_of('3') != std::string::npos)
    return std::nullopt;
  const Heap x = code.last_digit();
  for (Heap k = 1; k <= x; ++k)
    if (code.digit(k) > 3) return std::nullopt;
  return x;
}

bool has_period_criterion(const TakeAndBreak& code) {
  return code.is_finite() || closed_form_of(code) != nullptr ||
         cofinite_subtraction_length(code).has_value();
}

std::optional<Nimber> value_from_periodicity(const Periodicity& periodicity,
                                             std::span<const std::uint16_t> values, Heap n,
                                             bool accept_observed) {
  if (n < values.size()) return values[n];
  if (n > kMaxHeap)
    throw InputError(std::to_string(n),
                     fmt::format("heap {} is larger than the largest heap 2^63-1", n));
  if (periodicity.period == 0 || (!periodicity.proven && !accept_observed)) return std::nullopt;
  const Heap n0 = periodicity.preperiod;
  const Heap p = periodicity.period;
  GRUNDY_ASSERT(periodicity.saltus >= 0);
  GRUNDY_ASSERT(n0 + p <= values.size());
  // n >= values.size() >= n0 + p, so n is in the periodic part.
  const Heap steps = (n - n0) / p;
  const Heap base = n0 + (n - n0) % p;
  const Int128 value = Int128{values[base]} + Int128{steps} * Int128{periodicity.saltus};
  if (value > Int128{std::numeric_limits<Nimber>::max()})
    throw LimitError(fmt::format(
        "G({}) = G({}) + {} * {} does not fit in 64 bits", n, base, steps, periodicity.saltus));
  return static_cast<Nimber>(value);
}

}  // namespace grundy
