// Wythoff's game in closed form; see the header for Description / Source /
// Time / Memory / Status.
//
// Two exact primitives carry everything:
//   floor(k*sqrt 5), for a_k = floor((k + floor(k*sqrt 5)) / 2), and
//   floor(x/phi),    for the partner of x.
// Each starts from a fixed-point estimate (k times floor(sqrt 5 * 2^62), a
// 64x64->128-bit product) that is at most 2 below the answer, and is then
// settled by comparisons of integer squares, so the result is exact whatever
// the estimate; the estimate only bounds the number of correction steps.
#include "grundy/rules/wythoff_closed_form.h"

#include <algorithm>
#include <string>

#include <fmt/format.h>

#include "grundy/core/error.h"

namespace grundy::wythoff {
namespace {

// floor(sqrt 5 * 2^62) < 2^64.
constexpr Heap kSqrt5Fixed = isqrt_u128(Uint128{5} << 124);

// The largest index handled: 3 * 2^61 = 0.75 * 2^63. Any larger k has
// a_k > k*phi - 1 > 1.2 * 2^63 > kMaxHeap, so it is never needed; up to it
// 5k^2 < 2^128 and floor(k*sqrt 5) + 1 < 2^64, so every square below fits.
constexpr Heap kIndexLimit = Heap{3} << 61;

// floor(k * sqrt 5), k <= kIndexLimit. The estimate e = floor(k * kSqrt5Fixed
// / 2^62) satisfies k*sqrt 5 - k/2^62 < e <= k*sqrt 5, and k/2^62 < 2, so each
// loop below runs at most twice (the second not at all).
Heap floor_sqrt5_times(Heap k) {
  GRUNDY_ASSERT(k <= kIndexLimit);
  const Uint128 five_k_squared = Uint128{5} * k * k;
  auto root = static_cast<Heap>((Uint128{k} * kSqrt5Fixed) >> 62);
  while (Uint128{root + 1} * (root + 1) <= five_k_squared) ++root;
  while (Uint128{root} * root > five_k_squared) --root;
  return root;
}

// a_k = floor(k*phi) for k <= kIndexLimit; may exceed kMaxHeap (< 2^64).
Heap lower_unchecked(Heap k) {
  return static_cast<Heap>((Uint128{k} + floor_sqrt5_times(k)) / 2);
}

// Whether m*phi <= x, i.e. m*sqrt 5 <= 2x - m, for m, x <= 2^63.
bool phi_times_at_most(Heap m, Heap x) {
  if (m == 0) return true;
  const Uint128 twice_x = Uint128{x} * 2;
  if (twice_x < m) return false;
  const Uint128 rest = twice_x - m;  // < 2^64 as m >= 1
  return Uint128{5} * m * m <= rest * rest;
}

// floor(x / phi) = floor(x * (sqrt 5 - 1) / 2), x <= 2^63: the q with
// q*phi <= x < (q+1)*phi (never equal for q >= 1, phi being irrational). The
// estimate floor((e - x) / 2), with e as in floor_sqrt5_times, is q or q - 1.
Heap floor_div_phi(Heap x) {
  if (x == 0) return 0;
  const Uint128 estimate = (Uint128{x} * kSqrt5Fixed) >> 62;  // >= x since sqrt 5 > 1
  auto q = static_cast<Heap>((estimate - x) / 2);
  while (phi_times_at_most(q + 1, x)) ++q;
  while (!phi_times_at_most(q, x)) --q;
  return q;
}

// The partner of x <= kMaxHeap (may exceed kMaxHeap; always < 2^64).
//
// Why it works. The sequences floor(n*phi) and floor(n*phi^2), n >= 1, are
// complementary (Beatty's theorem, 1/phi + 1/phi^2 = 1), so each x >= 1 is
// exactly one of a_k, b_k. Let q = floor(x/phi).
// - x = a_k means x < k*phi < x + 1, i.e. x/phi < k < (x+1)/phi, an interval
//   of length 1/phi < 1 whose only candidate integer is k = q + 1. So x is a
//   lower value iff (q+1)*phi < x + 1, and then its partner is b = x + q + 1.
// - Otherwise x = b_j with x/phi^2 < j < (x+1)/phi^2; as x/phi^2 = x - x/phi,
//   j = x - ceil(x/phi) + 1 = x - q, and the partner is a_j = x - j = q.
Heap partner_unchecked(Heap x) {
  if (x == 0) return 0;
  const Heap q = floor_div_phi(x);
  const bool lower_value = phi_times_at_most(q + 1, x + 1);
  return lower_value ? x + q + 1 : q;
}

void check_heap(Heap heap) {
  if (heap > kMaxHeap)
    throw LimitError(fmt::format("Wythoff: heap {} exceeds the largest supported heap 2^63-1",
                                 heap));
}

}  // namespace

Heap lower(Heap k) {
  if (k <= kIndexLimit) {
    const Heap a = lower_unchecked(k);
    if (a <= kMaxHeap) return a;
  }
  throw LimitError(fmt::format("Wythoff: a_{} = floor({} * phi) exceeds 2^63-1", k, k));
}

Heap upper(Heap k) {
  if (k <= kIndexLimit) {
    const Uint128 b = Uint128{lower_unchecked(k)} + k;
    if (b <= kMaxHeap) return static_cast<Heap>(b);
  }
  throw LimitError(fmt::format("Wythoff: b_{} = floor({} * phi^2) exceeds 2^63-1", k, k));
}

bool is_p_position(Heap x, Heap y) {
  check_heap(x);
  check_heap(y);
  if (x > y) std::swap(x, y);
  const Heap difference = y - x;
  // Beyond kIndexLimit, a_d > kMaxHeap >= x.
  return difference <= kIndexLimit && lower_unchecked(difference) == x;
}

Heap partner(Heap x) {
  check_heap(x);
  const Heap other = partner_unchecked(x);
  if (other > kMaxHeap)
    throw LimitError(
        fmt::format("Wythoff: the partner {} of heap {} exceeds 2^63-1", other, x));
  return other;
}

std::vector<std::pair<Heap, Heap>> winning_moves(Heap x, Heap y) {
  check_heap(x);
  check_heap(y);
  std::vector<std::pair<Heap, Heap>> moves;
  // The only P-position with second heap y is (partner(y), y); likewise for x.
  if (const Heap p = partner_unchecked(y); p < x) moves.emplace_back(p, y);
  if (const Heap p = partner_unchecked(x); p < y) moves.emplace_back(x, p);
  // Taking t from both keeps d = |x - y|; the only P-pair with that
  // difference has smaller heap a_d.
  const Heap smaller = std::min(x, y);
  const Heap difference = std::max(x, y) - smaller;
  if (difference <= kIndexLimit) {
    const Heap a = lower_unchecked(difference);
    if (a < smaller) moves.emplace_back(x - (smaller - a), y - (smaller - a));
  }
  std::sort(moves.begin(), moves.end());
  return moves;
}

}  // namespace grundy::wythoff
