// The arithmetic-periodicity test; see the header, and the proof in
// docs/periodicity-proofs.md §4, whose steps (A), (B1)-(B3) the functions
// below check.
#include "solve/periods/arithmetic_periodicity.h"

#include <algorithm>
#include <bit>
#include <limits>
#include <vector>

#include <fmt/format.h>

#include "grundy/rules/heap_ruleset.h"

namespace grundy {

namespace {

using Wide = std::int64_t;

// Refuse (A) above this many classified moves (a period of about 150 with a
// short preperiod; a few tenths of a second).
constexpr std::uint64_t kClassBudget = 30'000'000;
// Fixed parts of the moves (B3) looks at: sizes 1..S.
constexpr Heap kMaxFixedPart = 512;
constexpr Wide kNowhere = std::numeric_limits<Wide>::max();
// Periods 2p, 4p, 8p tried after p (prove_arithmetic_period).
constexpr unsigned kMostDoublings = 3;

// G as the induction assumes it: the values below n0, the pattern above.
struct Pattern {
  std::span<const std::uint16_t> g;
  Heap n0, p;
  Wide s;
  Wide operator()(Heap x) const {
    return x < n0 ? Wide{g[x]} : Wide{g[n0 + (x - n0) % p]} + static_cast<Wide>((x - n0) / p) * s;
  }
  Wide base(Heap r) const { return g[n0 + r]; }
};

// The most parts a move may leave here.
constexpr unsigned kMostParts = 4;
// Fixed parts of four-part moves (B3) looks at, and the parts of value 0
// beside x, y, y in a four-part move (B1): sizes 1..this.
constexpr Heap kFourPartFixed = 40;

// The heap counts a move removing i tokens may leave (bits 1..4).
unsigned counts(const TakeAndBreak& code, Heap i) {
  return static_cast<unsigned>(code.digit(i)) & 0b11110u;
}

// (A): no move of any heap n >= M has the value F(n). A move removes i
// tokens and leaves j parts: `small` parts below n0 (exact sizes) and J
// parts >= n0 with residues r_l mod p, whose sum the move fixes mod p. With
// n = n0 + r_n + q_n p and a part n0 + r_l + q_l p, the sum of the q_l is
// q_n + dq, dq = (r_n - i - sum(small) - (J - 1) n0 - sum(r_l)) / p exactly.
class OwnValueExcluded {
 public:
  OwnValueExcluded(const Pattern& f, const TakeAndBreak& code) : f_(f), code_(code) {
    const int twos = std::countr_zero(static_cast<std::uint64_t>(f.s));
    for (int b = 0; b <= twos; ++b) bits_.push_back(b);
  }

  // Moves classified, for the budget.
  std::uint64_t classes() const {
    using detail::saturating_add, detail::saturating_mul;
    const std::uint64_t sizes = saturating_add(f_.p, f_.n0);  // a part's classes
    std::uint64_t per_move = 0;
    for (Heap i = 0; i <= code_.last_digit(); ++i)
      for (unsigned j = 1; j <= kMostParts; ++j) {
        if (!(counts(code_, i) >> j & 1)) continue;
        std::uint64_t move = j;  // j choices of how many parts are large, each
        for (unsigned k = 1; k < j; ++k) move = saturating_mul(move, sizes);  // <= sizes^(j-1)
        per_move = saturating_add(per_move, move);
      }
    return saturating_mul(saturating_mul(per_move, f_.p), bits_.size());
  }

  bool holds() const {
    std::vector<Heap> small;
    for (Heap i = 0; i <= code_.last_digit(); ++i)
      for (unsigned j = 1; j <= kMostParts; ++j) {
        if (!(counts(code_, i) >> j & 1)) continue;
        for (unsigned large = 1; large <= j; ++large)
          if (!small_parts(i, large, j - large, 1, small)) return false;
      }
    return true;
  }

 private:
  // Every multiset of `left` more parts below n0 (from `from` up).
  bool small_parts(Heap i, unsigned large, unsigned left, Heap from,
                   std::vector<Heap>& small) const {
    if (left == 0) {
      std::vector<Heap> residues;
      return large_parts(i, large, small, residues);
    }
    for (Heap x = from; x < f_.n0; ++x) {
      small.push_back(x);
      const bool ok = small_parts(i, large, left - 1, x, small);
      small.pop_back();
      if (!ok) return false;
    }
    return true;
  }

  // Every residue of the first large - 1 large parts; the last follows.
  bool large_parts(Heap i, unsigned large, const std::vector<Heap>& small,
                   std::vector<Heap>& residues) const {
    if (residues.size() + 1 < large) {
      for (Heap r = 0; r < f_.p; ++r) {
        residues.push_back(r);
        const bool ok = large_parts(i, large, small, residues);
        residues.pop_back();
        if (!ok) return false;
      }
      return true;
    }
    Wide small_sum = 0, free_sum = 0;
    for (Heap x : small) small_sum += static_cast<Wide>(x);
    for (Heap r : residues) free_sum += static_cast<Wide>(r);
    const Wide p = static_cast<Wide>(f_.p), n0 = static_cast<Wide>(f_.n0);
    for (Heap rn = 0; rn < f_.p; ++rn) {
      // sum of the large parts = n - i - small_sum, so the residues sum to
      // n0 + rn - i - small_sum - large n0 mod p.
      const Wide want = n0 + static_cast<Wide>(rn) - static_cast<Wide>(i) - small_sum -
                        static_cast<Wide>(large) * n0 - free_sum;
      const Heap last = static_cast<Heap>(((want % p) + p) % p);
      const Wide residue_sum = free_sum + static_cast<Wide>(last);
      const Wide numerator = static_cast<Wide>(rn) - static_cast<Wide>(i) - small_sum -
                             static_cast<Wide>(large - 1) * n0 - residue_sum;
      const Wide dq = numerator / p;  // exact: numerator is a multiple of p
      if (!excluded(rn, small, residues, last, dq)) return false;
    }
    return true;
  }

  bool excluded(Heap rn, const std::vector<Heap>& small, const std::vector<Heap>& residues,
                Heap last, Wide dq) const {
    for (int b : bits_) {
      const Wide mask = (Wide{1} << b) - 1;
      const Wide step = f_.s >> b;
      Wide low = 0, high_xor = 0, high_sum = 0;
      for (Heap x : small) {
        low ^= Wide{f_.g[x]} & mask;
        high_xor ^= Wide{f_.g[x]} >> b;
        high_sum += Wide{f_.g[x]} >> b;
      }
      Wide large_high = 0;
      for (Heap r : residues) {
        low ^= f_.base(r) & mask;
        large_high += f_.base(r) >> b;
      }
      low ^= f_.base(last) & mask;
      large_high += f_.base(last) >> b;
      if (low != (f_.base(rn) & mask)) return true;
      const Wide own_high = f_.base(rn) >> b;
      if (residues.empty()) {
        // One large part of high part X = own_high - e0 for every n of this
        // class; its xor with the small parts' high xor h equals own_high
        // only if some carry pattern turns X into X + e0.
        const Wide e0 = own_high - large_high - step * dq;
        if (!detail::xor_can_add(high_xor, e0)) return true;
      } else if (high_sum + large_high + step * dq < own_high) {
        return true;  // xor <= sum < F(n)'s high part
      }
    }
    return false;
  }

  const Pattern& f_;
  const TakeAndBreak& code_;
  std::vector<int> bits_;  // b with 2^b dividing s
};

}  // namespace

namespace detail {

// x xor h = x + sum over the bits 2^j of h of +-2^j (+ where x has a 0
// there), that is h - 2m for the submask m of h where x has 1s.
bool xor_can_add(std::int64_t h, std::int64_t e) {
  const std::int64_t twice_m = h - e;
  if (twice_m < 0 || twice_m % 2 != 0) return false;
  const std::int64_t m = twice_m / 2;
  return (m & ~h) == 0;
}

}  // namespace detail

bool arithmetic_test_applies(const TakeAndBreak& code) {
  if (!code.is_finite() || code.has_modifiers() || !code.is_classic()) return false;
  if ((code.digit(0) & 0b0011u) != 0) return false;
  bool three_or_four = false;
  for (Heap i = 0; i <= code.last_digit(); ++i) {
    if (code.digit(i) >> (kMostParts + 1) != 0) return false;
    three_or_four = three_or_four || (code.digit(i) >> 3 & 1) || (code.digit(i) >> 4 & 1);
  }
  return three_or_four;
}

namespace {

// The test on one pattern (n0, p, s): proven (needs the values it needed,
// from induction start `start`), or the values it would need (at least), or
// nothing (needs 0: it fails whatever the values).
struct TestOutcome {
  bool proven = false;
  Heap needs = 0;
  Heap start = 0;
};

TestOutcome run_test(const TakeAndBreak& code, std::span<const std::uint16_t> values, Heap n0,
                     Heap p, Wide s, Heap detection) {
  const Heap N = values.size(), t = code.last_digit();
  // The values of the first period, read by the pattern.
  if (N < n0 + p) return {false, std::max(detection, n0 + 2 * p), 0};
  const Pattern f{values, n0, p, s};

  // (A)
  const OwnValueExcluded own(f, code);
  if (own.classes() > kClassBudget || !own.holds()) return {};

  // (B1) Far values: the first position x >= 1 of each value, by parity.
  const Heap L = p % 2 == 0 ? p : 2 * p;
  const Wide shift = static_cast<Wide>(L / p) * f.s;  // F(x + L) = F(x) + shift
  Wide before_n0 = -1, before_n0_L = -1;
  for (Heap x = 0; x < n0 + L; ++x) {
    if (x < n0) before_n0 = std::max(before_n0, f(x));
    before_n0_L = std::max(before_n0_L, f(x));
  }
  // From `periodic` on, the values v and v + shift sit at positions L apart.
  const Wide periodic = std::max<Wide>({1, before_n0 + 1, before_n0_L + 1 - shift});
  Wide largest = 0;
  for (Heap n = 0; n < N; ++n) largest = std::max<Wide>(largest, values[n]);
  const Wide top = std::max(largest, periodic + shift);
  Wide least_base = kNowhere;
  for (Heap r = 0; r < p; ++r) least_base = std::min(least_base, f.base(r));
  // Past x_end every F(x) > top.
  const Heap x_end = n0 + p * static_cast<Heap>((top - least_base) / f.s + 2);
  std::vector<Wide> first[2];
  first[0].assign(static_cast<std::size_t>(top) + 1, kNowhere);
  first[1].assign(static_cast<std::size_t>(top) + 1, kNowhere);
  for (Heap x = x_end; x-- > 1;) {
    const Wide v = f(x);
    if (v <= top) first[x % 2][static_cast<std::size_t>(v)] = static_cast<Wide>(x);
  }
  std::vector<Heap> four, three, two, zeros;
  for (Heap i = 0; i <= t; ++i) {
    if (counts(code, i) >> 4 & 1) four.push_back(i);
    if (counts(code, i) >> 3 & 1) three.push_back(i);
    if (counts(code, i) >> 2 & 1) two.push_back(i);
  }
  for (Heap w = 1; w <= kFourPartFixed && w < N; ++w)
    if (f(w) == 0) zeros.push_back(w);
  // far[parity][v]: the least heap n of that parity from which x, y, y, or
  // x, y, y, w with G(w) = 0 (or y, y and y, y, z, z for 0) leaves v; every
  // larger heap of that parity also does. Computed once for every value the
  // steps below ask about.
  std::vector<Wide> far[2];
  for (unsigned parity = 0; parity < 2; ++parity) {
    far[parity].assign(static_cast<std::size_t>(top) + 1, kNowhere);
    for (std::size_t v = 0; v <= static_cast<std::size_t>(top); ++v) {
      Wide& from = far[parity][v];
      auto carrier = [&](Wide extra) {  // x, y, y plus `extra` tokens of value 0
        const Wide x = first[(parity + static_cast<unsigned>(extra % 2)) % 2][v];
        if (x != kNowhere) from = std::min(from, x + extra + 2);
      };
      for (Heap i : three) carrier(static_cast<Wide>(i));
      for (Heap i : four)
        for (Heap w : zeros) carrier(static_cast<Wide>(i + w));
      if (v == 0) {
        for (Heap i : two)
          if ((parity + i) % 2 == 0) from = std::min(from, static_cast<Wide>(i) + 2);
        for (Heap i : four)
          if ((parity + i) % 2 == 0) from = std::min(from, static_cast<Wide>(i) + 4);
      }
    }
  }
  auto far_from = [&](Wide v, unsigned parity) {
    return far[parity][static_cast<std::size_t>(v)];
  };

  // (B2) The values below `periodic` far from M on, those of the next
  // `shift` from M + L on: the least M.
  Wide need[2] = {0, 0};
  for (Wide v = 0; v < periodic + shift; ++v)
    for (unsigned parity = 0; parity < 2; ++parity) {
      const Wide from = far_from(v, parity);
      if (from == kNowhere) return {};
      need[parity] = std::max(need[parity], v < periodic ? from : from - static_cast<Wide>(L));
    }
  // Every move of a heap >= M has a part >= n0.
  Heap M = t + code.max_parts() * std::max<Heap>(n0, 1) + 1;
  auto meets_need = [&](Heap m) {
    for (unsigned parity = 0; parity < 2; ++parity) {
      const Heap m_parity = m % 2 == parity ? m : m + 1;
      if (static_cast<Wide>(m_parity) < need[parity]) return false;
    }
    return true;
  };
  while (!meets_need(M)) ++M;

  // (B3) Near values: L consecutive heaps from M on where every value below
  // F(n) that is not far is left by a move with one part x >= n0.
  const Wide fixed_xor_limit = Wide{1} << std::countr_zero(static_cast<std::uint64_t>(shift));
  const Heap fixed_max = std::min<Heap>(n0 + 2 * L + 64, kMaxFixedPart);
  auto near_values_left = [&](Heap n) {
    std::vector<Wide> wanted;
    for (Wide v = periodic; v < Wide{values[n]}; ++v)
      if (far_from(v, n % 2) > static_cast<Wide>(n)) wanted.push_back(v);
    if (wanted.empty()) return true;
    std::vector<bool> left(wanted.size(), false);
    std::size_t missing = wanted.size();
    auto leave = [&](Heap x, Wide c) {
      if (x < n0 || c >= fixed_xor_limit) return;
      const Wide v = f(x) ^ c;
      const auto it = std::lower_bound(wanted.begin(), wanted.end(), v);
      if (it == wanted.end() || *it != v) return;
      const std::size_t k = static_cast<std::size_t>(it - wanted.begin());
      if (!left[k]) {
        left[k] = true;
        --missing;
      }
    };
    for (Heap i = 0; i <= t && missing > 0 && i < n; ++i) {
      const unsigned c = counts(code, i);
      const Heap rest = n - i;
      if (c >> 1 & 1) leave(rest, 0);
      for (Heap y = 1; y <= fixed_max && y < rest && missing > 0; ++y) {
        if (c >> 2 & 1) leave(rest - y, f(y));
        if (c >> 3 & 1)
          for (Heap z = y; z <= fixed_max && y + z < rest; ++z) leave(rest - y - z, f(y) ^ f(z));
        if ((c >> 4 & 1) && y <= kFourPartFixed)
          for (Heap z = y; z <= kFourPartFixed; ++z)
            for (Heap w = z; w <= kFourPartFixed && y + z + w < rest; ++w)
              leave(rest - y - z - w, f(y) ^ f(z) ^ f(w));
      }
    }
    return missing == 0;
  };
  const Heap scan_end = std::min(N, M + 4 * L + 256);
  Heap run = 0;
  std::vector<bool> failed;  // heap M + k had a near value no move leaves
  for (Heap n = M; n < scan_end; ++n) {
    const bool good = near_values_left(n);
    failed.push_back(!good);
    // Failing again a whole L later, both heaps past every fixed part: the
    // moves (B3) looks at repeat with period L from there, so the same
    // residues fail for ever; stop looking.
    if (!good && n >= M + L && n - L > 2 * fixed_max + t + n0 && failed[n - M - L]) return {};
    run = good ? run + 1 : 0;
    if (run == L) {
      M = n + 1 - L;
      const Heap needs = std::max(M + L, detection);
      return {N >= needs, needs, M};
    }
  }
  // Too few values for a window of L good heaps, or none where one should be.
  if (scan_end == N) return {false, std::max({M + L, N + L, detection}), 0};
  return {};
}

}  // namespace

void prove_arithmetic_period(const TakeAndBreak& code, std::span<const std::uint16_t> values,
                             Periodicity& result) {
  result.proof_needs = 0;
  if (result.period == 0 || result.saltus <= 0 || !arithmetic_test_applies(code)) return;
  const Heap detection = result.preperiod + min_periodic_part(result.period, true);
  // The pattern is also one of period 2^k p and saltus 2^k s: with k > 0, 2
  // divides the saltus, so low bits of the values repeat and step (A) has
  // them to compare (0.3F: period 6, saltus 3, proven as 12 and 6).
  Heap needs = 0;
  for (unsigned k = 0; k <= kMostDoublings; ++k) {
    const Heap p = result.period << k;
    const Wide s = result.saltus << k;
    const TestOutcome o = run_test(code, values, result.preperiod, p, s, detection);
    if (o.proven) {
      result.proven = true;
      result.proof_needs = o.needs;
      result.criterion = fmt::format(
          "arithmetic-periodicity test for moves into three or four heaps ({}induction from n = "
          "{}; proof in docs/periodicity-proofs.md)",
          k == 0 ? "" : fmt::format("as period {} with saltus {}; ", p, s), o.start);
      return;
    }
    if (o.needs != 0 && (needs == 0 || o.needs < needs)) needs = o.needs;
  }
  result.proof_needs = needs;
}

}  // namespace grundy
