#include "grundy/rules/subtraction.h"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "grundy/core/error.h"
#include "grundy/core/factorization.h"
#include "grundy/rules/take_and_break.h"

namespace grundy {

namespace {
std::vector<Heap> sorted_distinct(std::vector<Heap> v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  return v;
}
}  // namespace

Heap isqrt(Heap n) {
  Heap lo = 0, hi = std::min<Heap>(n, 4294967295ULL);
  while (lo < hi) {
    const Heap mid = lo + (hi - lo + 1) / 2;
    if (mid * mid <= n) lo = mid; else hi = mid - 1;
  }
  return lo;
}

void SubtractionRuleset::for_each_heap_option(Heap n, const HeapOptionVisitor& visit) const {
  for_each_subtraction(n, [&](Heap k) { return visit(HeapOption::leaving(n - k)); });
}

// --- bash:M
Bash::Bash(Heap max_take) : max_take_(max_take) { GRUNDY_ASSERT(max_take >= 1); }

std::string Bash::name() const { return fmt::format("bash:{}", max_take_); }

void Bash::for_each_subtraction(Heap n, const SubtractionVisitor& visit) const {
  for (Heap k = 1; k <= std::min(n, max_take_); ++k)
    if (!visit(k)) return;
}

// G(n) = n mod (M+1): the options of n are n-1 .. n-M, whose values are the
// M residues other than n's own (docs/theory.md §2).
std::optional<Nimber> Bash::closed_form_value(Heap n) const { return n % (max_take_ + 1); }

bool Bash::for_each_heap_option_with_value(Heap n, Nimber target,
                                           const HeapOptionVisitor& visit) const {
  const Heap modulus = max_take_ + 1;
  if (target >= modulus) return true;
  // The only k in 1..M with (n - k) ≡ target (mod M+1).
  const Heap k = (n % modulus + modulus - target) % modulus;
  if (k != 0 && k <= n) visit(HeapOption::leaving(n - k));
  return true;
}

std::uint64_t Bash::compute_cost(Heap last) const {
  return detail::saturating_mul(last + 1, std::min(last, max_take_) + 1);
}

// --- subtract:S
SubtractionSet::SubtractionSet(std::vector<Heap> amounts)
    : amounts_(sorted_distinct(std::move(amounts))) {
  GRUNDY_ASSERT(!amounts_.empty() && amounts_.front() >= 1);
}

std::string SubtractionSet::name() const { return fmt::format("subtract:{}", fmt::join(amounts_, ",")); }

void SubtractionSet::for_each_subtraction(Heap n, const SubtractionVisitor& visit) const {
  for (Heap k : amounts_) {
    if (k > n) return;
    if (!visit(k)) return;
  }
}

std::uint64_t SubtractionSet::compute_cost(Heap last) const {
  return detail::saturating_mul(last + 1, amounts_.size() + 1);
}

// --- allbut:S
AllBut::AllBut(std::vector<Heap> excluded) : excluded_(sorted_distinct(std::move(excluded))) {
  GRUNDY_ASSERT(excluded_.empty() || excluded_.front() >= 1);
}

std::string AllBut::name() const { return fmt::format("allbut:{}", fmt::join(excluded_, ",")); }

void AllBut::for_each_subtraction(Heap n, const SubtractionVisitor& visit) const {
  auto next_excluded = excluded_.begin();
  for (Heap k = 1; k <= n; ++k) {
    while (next_excluded != excluded_.end() && *next_excluded < k) ++next_excluded;
    if (next_excluded != excluded_.end() && *next_excluded == k) continue;
    if (!visit(k)) return;
  }
}

std::uint64_t AllBut::compute_cost(Heap last) const {
  return detail::saturating_mul(last + 1, last + 1);
}

// --- squares
void SubtractSquare::for_each_subtraction(Heap n, const SubtractionVisitor& visit) const {
  for (Heap j = 1; j * j <= n; ++j)
    if (!visit(j * j)) return;
}

std::uint64_t SubtractSquare::compute_cost(Heap last) const {
  return detail::saturating_mul(last + 1, isqrt(last) + 1);
}

// --- fibonacci: 1, 2, 3, 5, 8, ... (each amount once)
void SubtractFibonacci::for_each_subtraction(Heap n, const SubtractionVisitor& visit) const {
  Heap a = 1, b = 2;
  while (a <= n) {
    if (!visit(a)) return;
    if (b > kMaxHeap) return;
    const Heap c = a + b;
    a = b;
    b = c;
  }
}

std::uint64_t SubtractFibonacci::compute_cost(Heap last) const {
  return detail::saturating_mul(last + 1, 92);
}

// --- powers2: 1, 2, 4, 8, ...
void SubtractPowerOfTwo::for_each_subtraction(Heap n, const SubtractionVisitor& visit) const {
  for (Heap k = 1; k <= n; k <<= 1) {
    if (!visit(k)) return;
    if (k > n / 2) return;  // the next power is past n (and may not fit)
  }
}

std::uint64_t SubtractPowerOfTwo::compute_cost(Heap last) const {
  return detail::saturating_mul(last + 1, 64);
}

// --- divisor: take a proper divisor d of n (1 <= d < n), in the order
// 1, n/1, 2, n/2, ... of the divisors up to sqrt(n) and their partners. For
// a large heap the divisors come from its prime factors
// (core/factorization.h): by trial division up to sqrt(n) a heap near 2^63
// took seconds. A small one is divided by hand, which is quicker below
// about 2^18 (a few hundred divisions against the primality test's modular
// powers), and every position of a search of small heaps expands it.
constexpr Heap kTrialDivisionBelow = Heap{1} << 18;

void DivisorGame::for_each_subtraction(Heap n, const SubtractionVisitor& visit) const {
  if (n == 0) return;
  if (n < kTrialDivisionBelow) {
    for (Heap d = 1; d * d <= n; ++d) {
      if (n % d != 0) continue;
      if (d < n && !visit(d)) return;
      const Heap e = n / d;
      if (e != d && e < n && !visit(e)) return;
    }
    return;
  }
  const std::vector<Heap> all = divisors(n);
  for (std::size_t i = 0, j = all.size() - 1; i <= j; ++i, --j) {
    if (all[i] < n && !visit(all[i])) return;
    if (j != i && all[j] < n && !visit(all[j])) return;
    if (j == 0) break;
  }
}

std::uint64_t DivisorGame::compute_cost(Heap last) const {
  return detail::saturating_mul(last + 1, isqrt(last) + 1);
}

}  // namespace grundy

namespace grundy {

// A subtraction game is the code with digit 3 (take k, leaving nothing or
// one heap) at each amount k (docs/theory.md §3).
std::optional<TakeAndBreak> Bash::as_code() const {
  if (max_take_ > kMaxCodeDigits) return std::nullopt;
  return TakeAndBreak::from_digits(0, std::vector<unsigned>(max_take_, 3));
}

std::optional<TakeAndBreak> SubtractionSet::as_code() const {
  if (amounts_.back() > kMaxCodeDigits) return std::nullopt;
  std::vector<unsigned> digits(amounts_.back(), 0);
  for (Heap k : amounts_) digits[k - 1] = 3;
  return TakeAndBreak::from_digits(0, std::move(digits));
}

std::optional<TakeAndBreak> AllBut::as_code() const {
  const Heap last = excluded_.empty() ? 0 : excluded_.back();
  if (last > kMaxCodeDigits) return std::nullopt;
  std::vector<unsigned> digits(last, 3);
  for (Heap k : excluded_) digits[k - 1] = 0;
  return TakeAndBreak::from_digits(0, std::move(digits), {3});
}

}  // namespace grundy
