// Periodicity detection and proof; see the header for Description / Source /
// Time / Memory / Status.
//
// What is proven here, and where the proofs are (docs/periodicity-proofs.md):
// - §1: why the Guy-Smith margin k*n0 + k*p + t + k suffices for codes whose
//   moves leave up to k parts (WW's induction, redone with the margin).
// - §2: 8.[3] has G(n) = n with 8q+7 and 8q+8 swapped (preperiod 1, period 8,
//   saltus 8): our own theorem, by induction on n with a case analysis of the
//   three-part splits by residues mod 8 (no published statement was found).
// - §3: the window argument that proves an arithmetic period of a cofinite
//   subtraction code 0.d1..dx[3] from conditions C1-C5 on the values (our own
//   lemma; prove_cofinite below checks C1-C5).
// - §4: the arithmetic-periodicity test for finite codes with moves into
//   three or four heaps (our own; solve/periods/arithmetic_periodicity.cpp checks it).
// - §5: why no other saltus is proven: the sources looked up (Howse and
//   Nowakowski, TCS 313; Sleator and Slusky, arXiv:1201.3299; CGSuite) give
//   no checkable bound.
#include "grundy/solve/periodicity.h"

#include <algorithm>
#include <optional>
#include <limits>

#include <fmt/format.h>

#include "grundy/core/error.h"
#include "grundy/rules/lasker.h"
#include "solve/periods/arithmetic_periodicity.h"

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
// Lasker's Nim are published; 8.[3] is proved in docs/periodicity-proofs.md §2.
struct ClosedForm {
  unsigned d0;
  Heap preperiod;
  Heap period;
  std::int64_t saltus;
  Nimber (*value)(Heap);
  const char* criterion;
};

// 8.[3] (proof in docs/periodicity-proofs.md §2): s(n) swaps 8q+7 and 8q+8.
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
    {8, 1, 8, 8, &three_split_value, "closed form of 8.[3] (proof in docs/periodicity-proofs.md)"},
};

// The closed form whose game `code` is, or nullptr. Every digit after the
// point 3 (remove any number, leaving nothing or one heap) is the same game
// however the code is written (0.[3], 0.3[3], 0.[33]); d0 adds the splits.
const ClosedForm* closed_form_of(const TakeAndBreak& code) {
  if (code.is_finite() || code.has_modifiers()) return nullptr;
  const std::string name = code.name();
  const auto point = name.find('.');
  if (name.find_first_not_of("3[]", point + 1) != std::string::npos) return nullptr;
  for (const ClosedForm& form : kClosedForms)
    if (code.digit(0) == form.d0) return &form;
  return nullptr;
}

// The window argument for cofinite subtraction codes
// (docs/periodicity-proofs.md §3); fills `result` when conditions C1-C5 hold on the values.
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
      "docs/periodicity-proofs.md)",
      x);
}

// The detection rule of the header over values of any unsigned type: the
// same scans for uint16 heap codes and for 64-bit values (the differences in
// 128 bits, so that no saltus overflows; one that does not fit in 64 bits is
// never reported).
template <class Value>
Periodicity detect_in(std::span<const Value> values) {
  const Heap n_values = values.size();
  Periodicity result;
  result.checked_to = n_values;
  result.criterion = "none";
  const Value* g = values.data();

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
    const Int128 wide_saltus = Int128{g[n_values - 1]} - Int128{g[n_values - 1 - p]};
    if (wide_saltus < 0 || wide_saltus > Int128{std::numeric_limits<std::int64_t>::max()})
      continue;
    const auto saltus = static_cast<std::int64_t>(wide_saltus);
    // The relation holds for every pair (m, m + p) with start <= m < N - p.
    Heap start = n_values - 1 - p;
    const Value* upper = g + p;
    if (saltus == 0) {
      while (start > 0 && upper[start - 1] == g[start - 1]) --start;
    } else {
      while (start > 0 && Int128{upper[start - 1]} - Int128{g[start - 1]} == wide_saltus) --start;
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

}  // namespace

std::string periodicity_certificate(const Periodicity& p) {
  // checked_to counts the values examined: the last is checked_to - 1.
  const Heap last = p.checked_to == 0 ? 0 : p.checked_to - 1;
  if (p.period == 0) return fmt::format("no period seen in G(0..{})", last);
  if (p.proven)
    return fmt::format("proven: {} (checked G(0..{}); the proof needs {} values)", p.criterion,
                       last, p.proof_needs);
  return fmt::format("NOT proven: observed up to n = {}{}", last,
                     p.proof_needs ? fmt::format("; the proof needs {} values", p.proof_needs)
                                   : std::string("; no criterion here applies"));
}

std::string periodicity_statement(const Periodicity& p) {
  if (p.period == 0) return periodicity_certificate(p);
  std::string text = fmt::format("period {}, preperiod {} (periodic from n = {})", p.period,
                                 p.preperiod, p.preperiod);
  if (p.saltus != 0) text += fmt::format(", saltus {}", p.saltus);
  return text + "\n" + periodicity_certificate(p);
}

Periodicity detect_periodicity(std::span<const std::uint16_t> values) {
  return detect_in(values);
}

Periodicity detect_periodicity(std::span<const Nimber> values) { return detect_in(values); }

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
  // A saltus of a finite code whose moves leave at most four heaps, some
  // three or four: the arithmetic-periodicity test (docs/periodicity-proofs.md
  // §4).
  // Any other saltus stays "observed": for a finite octal code it can only
  // be a passing pattern (Horrocks-Nowakowski); for infinite codes no
  // checkable criterion is implemented (docs/periodicity-proofs.md §5).
  if (result.period != 0 && result.saltus != 0 && arithmetic_test_applies(code)) {
    prove_arithmetic_period(code, values, result);
    return result;
  }
  // Guy-Smith covers pure periods of finite codes only.
  // Its proof maps a split (a, b) of n + p to (a, b - p) of n, which may be
  // an equal split: not for codes with the '!' modifier (Grundy's game).
  // It also needs a most heaps k a move can leave: none for '*' and '+'.
  if (result.period == 0 || !code.is_finite() || code.has_modifiers() || result.saltus != 0 ||
      code.max_parts() == kAnyNumberOfHeaps)
    return result;
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
  if (code.is_finite() || code.digit(0) != 0 || code.has_modifiers()) return std::nullopt;
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
  return (code.is_finite() && !code.has_modifiers() && code.max_parts() != kAnyNumberOfHeaps) ||
         closed_form_of(code) != nullptr ||
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
