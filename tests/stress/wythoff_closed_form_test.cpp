// Stress tests of the Wythoff closed form against two twins that share no code
// with it:
// 1. a P/N table built from the move rules alone (small heaps), with every
//    winning move found by enumerating every move;
// 2. Fibonacci numeration (Zeckendorf), for heaps up to 2^63-1. Write n >= 1 as
//    a sum of non-consecutive Fibonacci numbers F_i, i >= 2 (F_1 = F_2 = 1).
//    Then (Fraenkel, "How to beat your Wythoff games' opponent on three
//    fronts", Amer. Math. Monthly 89 (1982) 353-361; OEIS A000201, A001950):
//    - n is a lower Wythoff number iff its least index is even (its
//      representation as a 0/1 string ends in an even number of zeros);
//    - the partner of a lower number is its left shift (each F_i -> F_{i+1}),
//      that of an upper number its right shift (each F_i -> F_{i-1});
//    - hence a_k = shift_left(k - 1) + 1 for k >= 1.
//    The twin's rules are themselves checked against the table before use.
// Seeds are fixed and printed on failure.
#include "grundy/rules/wythoff_closed_form.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "grundy/core/error.h"

namespace grundy::wythoff {
namespace {

using Moves = std::vector<std::pair<Heap, Heap>>;

constexpr std::uint64_t kSeed = 20240517;

// ---- Twin 1: by definition ------------------------------------------------

// P[x][y] for x, y < kTableSize, from the rule "P iff no move reaches a P".
constexpr int kTableSize = 400;
constexpr int kMoveCheckSize = 200;  // winning moves compared for x, y <= 200

const std::vector<std::vector<bool>>& p_table() {
  static const auto table = [] {
    std::vector<std::vector<bool>> p(kTableSize, std::vector<bool>(kTableSize, false));
    for (int x = 0; x < kTableSize; ++x)
      for (int y = 0; y < kTableSize; ++y) {
        bool reaches_p = false;
        for (int t = 1; t <= x && !reaches_p; ++t) reaches_p = p[x - t][y];
        for (int t = 1; t <= y && !reaches_p; ++t) reaches_p = p[x][y - t];
        for (int t = 1; t <= std::min(x, y) && !reaches_p; ++t) reaches_p = p[x - t][y - t];
        p[x][y] = !reaches_p;
      }
    return p;
  }();
  return table;
}

Moves winning_moves_by_definition(int x, int y) {
  const auto& p = p_table();
  Moves moves;
  for (int t = 1; t <= x; ++t)
    if (p[x - t][y]) moves.emplace_back(x - t, y);
  for (int t = 1; t <= y; ++t)
    if (p[x][y - t]) moves.emplace_back(x, y - t);
  for (int t = 1; t <= std::min(x, y); ++t)
    if (p[x - t][y - t]) moves.emplace_back(x - t, y - t);
  std::sort(moves.begin(), moves.end());
  moves.erase(std::unique(moves.begin(), moves.end()), moves.end());
  return moves;
}

// ---- Twin 2: Zeckendorf ---------------------------------------------------

// F_0 .. F_93; F_93 < 2^64 < F_94.
const std::array<Heap, 94>& fibonacci() {
  static const auto f = [] {
    std::array<Heap, 94> v{};
    v[1] = 1;
    for (std::size_t i = 2; i < v.size(); ++i) v[i] = v[i - 1] + v[i - 2];
    return v;
  }();
  return f;
}

// Indices i >= 2 of the Zeckendorf representation of n, largest first (greedy).
std::vector<int> zeckendorf(Heap n) {
  const auto& f = fibonacci();
  std::vector<int> indices;
  for (int i = 93; i >= 2 && n > 0; --i)
    if (f[i] <= n) {
      indices.push_back(i);
      n -= f[i];
    }
  return indices;
}

bool is_lower_z(Heap n) { return n == 0 || zeckendorf(n).back() % 2 == 0; }

// Sum of F_{i+shift}; callers keep it below 2^64.
Heap shift_z(Heap n, int shift) {
  Heap sum = 0;
  for (int i : zeckendorf(n)) sum += fibonacci()[i + shift];
  return sum;
}

Heap partner_z(Heap n) {
  if (n == 0) return 0;
  return is_lower_z(n) ? shift_z(n, 1) : shift_z(n, -1);
}

Heap lower_z(Heap k) { return k == 0 ? 0 : shift_z(k - 1, 1) + 1; }

bool is_p_z(Heap x, Heap y) {
  const Heap lo = std::min(x, y), hi = std::max(x, y);
  if (lo == 0) return hi == 0;
  return is_lower_z(lo) && shift_z(lo, 1) == hi;
}

// The winning moves assembled from the twin's arithmetic: the first heap to the
// partner of the second, the second to the partner of the first, both to the
// pair with the same difference.
Moves winning_moves_z(Heap x, Heap y) {
  Moves moves;
  if (const Heap p = partner_z(y); p < x) moves.emplace_back(p, y);
  if (const Heap p = partner_z(x); p < y) moves.emplace_back(x, p);
  const Heap lo = std::min(x, y), d = std::max(x, y) - lo;
  if (const Heap a = lower_z(d); a < lo) moves.emplace_back(x - (lo - a), y - (lo - a));
  std::sort(moves.begin(), moves.end());
  return moves;
}

bool is_legal_move(Heap x, Heap y, Heap nx, Heap ny) {
  if (nx == x) return ny < y;
  if (ny == y) return nx < x;
  return nx < x && ny < y && x - nx == y - ny;
}

// ---- Tests ----------------------------------------------------------------

TEST(WythoffClosedFormStress, IsqrtByDefinition) {
  std::mt19937_64 rng(kSeed);
  for (int i = 0; i < 100000; ++i) {
    const Uint128 full = (Uint128{rng()} << 64) | rng();
    const Uint128 n = full >> (rng() % 128);
    const Uint128 r = isqrt_u128(n);
    ASSERT_LE(r * r, n) << "seed " << kSeed << " i " << i;
    // (r+1)^2 > n, where r + 1 = 2^64 makes (r+1)^2 = 2^128 > n.
    if (r + 1 < (Uint128{1} << 64))
      ASSERT_GT((r + 1) * (r + 1), n) << "seed " << kSeed << " i " << i;
  }
}

TEST(WythoffClosedFormStress, PPositionsMatchMoveRules) {
  const auto& p = p_table();
  for (int x = 0; x < kTableSize; ++x)
    for (int y = 0; y < kTableSize; ++y) {
      ASSERT_EQ(is_p_position(x, y), p[x][y]) << x << "," << y;
      ASSERT_EQ(is_p_z(x, y), p[x][y]) << "Zeckendorf twin " << x << "," << y;
    }
}

TEST(WythoffClosedFormStress, SequencesAndPartnerMatchMoveRules) {
  const auto& p = p_table();
  // The k-th pair is the P-position (x, x + k); one per difference k.
  for (int k = 0; k < kTableSize / 3; ++k) {
    std::vector<int> smaller;
    for (int x = 0; x + k < kTableSize; ++x)
      if (p[x][x + k]) smaller.push_back(x);
    ASSERT_EQ(smaller.size(), 1U) << "k=" << k;
    EXPECT_EQ(lower(k), static_cast<Heap>(smaller[0])) << "k=" << k;
    EXPECT_EQ(upper(k), static_cast<Heap>(smaller[0] + k)) << "k=" << k;
    EXPECT_EQ(lower_z(k), static_cast<Heap>(smaller[0])) << "Zeckendorf twin k=" << k;
  }
  // Every x lies in exactly one P-pair (partner <= phi*x + 1 < kTableSize).
  for (int x = 0; x < kTableSize / 2; ++x) {
    std::vector<int> partners;
    for (int y = 0; y < kTableSize; ++y)
      if (p[x][y]) partners.push_back(y);
    ASSERT_EQ(partners.size(), 1U) << "x=" << x;
    EXPECT_EQ(partner(x), static_cast<Heap>(partners[0])) << "x=" << x;
    EXPECT_EQ(partner_z(x), static_cast<Heap>(partners[0])) << "Zeckendorf twin x=" << x;
  }
}

TEST(WythoffClosedFormStress, WinningMovesMatchEnumeration) {
  for (int x = 0; x <= kMoveCheckSize; ++x)
    for (int y = 0; y <= kMoveCheckSize; ++y) {
      const Moves expected = winning_moves_by_definition(x, y);
      ASSERT_EQ(winning_moves(x, y), expected) << x << "," << y;
      ASSERT_LE(expected.size(), 3U);
      ASSERT_EQ(winning_moves_z(x, y), expected) << "Zeckendorf twin " << x << "," << y;
    }
}

// k = F_n: by Binet, F_n*phi - F_{n+1} = -psi^n with psi = -1/phi, which is
// positive for odd n and negative for even n, so a_{F_n} = F_{n+1} for odd n
// and F_{n+1} - 1 for even n (e.g. a_3 = 4, a_5 = 8 in A000201).
TEST(WythoffClosedFormStress, FibonacciIndices) {
  const auto& f = fibonacci();
  for (int n = 2; n <= 91; ++n) {
    const Heap k = f[n];
    const Heap a = f[n + 1] - (n % 2 == 0 ? 1 : 0);
    ASSERT_EQ(lower(k), a) << "n=" << n;
    ASSERT_EQ(lower_z(k), a) << "Zeckendorf twin n=" << n;
    if (a + k <= kMaxHeap) {
      ASSERT_EQ(upper(k), a + k) << "n=" << n;
      ASSERT_TRUE(is_p_position(a, a + k)) << "n=" << n;
      ASSERT_TRUE(is_p_position(a + k, a)) << "n=" << n;
      ASSERT_FALSE(is_p_position(a, a + k + 1)) << "n=" << n;
      ASSERT_FALSE(is_p_position(a, a + k - 1)) << "n=" << n;
      ASSERT_EQ(partner(a), a + k) << "n=" << n;
      ASSERT_EQ(partner(a + k), a) << "n=" << n;
    } else {
      EXPECT_THROW(upper(k), LimitError) << "n=" << n;
      EXPECT_THROW(partner(a), LimitError) << "n=" << n;
    }
  }
  // The cases named in the brief, spelled out.
  EXPECT_EQ(lower(f[40]), f[41] - 1);
  EXPECT_EQ(upper(f[60]), f[62] - 1);
  EXPECT_EQ(upper(f[90]), f[92] - 1);  // 7,540,113,804,746,346,428: near 2^63
  EXPECT_EQ(lower(f[91]), f[92]);
  EXPECT_THROW(upper(f[91]), LimitError);  // F_93 > 2^63 - 1
}

// floor(n*phi) in double precision first goes wrong at n = 102,334,155 =
// F_40 (docs/theory.md §2): F_40*phi = F_41 - phi^-40 = 165,580,141 - 4.4e-9, but
// doubles near 1.66e8 are 2^-25 ~ 3.0e-8 apart, so the product rounds up to
// F_41 and its floor is one too large. The exact answer is F_41 - 1.
TEST(WythoffClosedFormStress, FirstFloatingPointFailure) {
  const Heap n = 102'334'155;
  ASSERT_EQ(n, fibonacci()[40]);
  EXPECT_EQ(lower(n), lower_z(n));
  EXPECT_EQ(lower(n), Heap{165'580'140});
  EXPECT_TRUE(is_p_position(lower(n), lower(n) + n));
  EXPECT_FALSE(is_p_position(lower(n) + 1, lower(n) + 1 + n));
}

TEST(WythoffClosedFormStress, RandomIndicesNear1e18) {
  std::mt19937_64 rng(kSeed);
  SCOPED_TRACE("seed " + std::to_string(kSeed));
  for (int i = 0; i < 3000; ++i) {
    const Heap k = 1'000'000'000'000'000'000 + (rng() >> 24);  // + up to 2^40
    const Heap a = lower_z(k), b = a + k;
    ASSERT_TRUE(is_lower_z(a) && shift_z(a, -1) == k) << "twin inconsistent at k=" << k;
    ASSERT_EQ(lower(k), a) << "k=" << k;
    ASSERT_EQ(upper(k), b) << "k=" << k;
    ASSERT_TRUE(is_p_position(a, b)) << "k=" << k;
    ASSERT_TRUE(is_p_position(b, a)) << "k=" << k;
    ASSERT_FALSE(is_p_position(a, b + 1)) << "k=" << k;
    ASSERT_FALSE(is_p_position(a, b - 1)) << "k=" << k;
    ASSERT_FALSE(is_p_position(a + 1, b)) << "k=" << k;
    ASSERT_EQ(partner(a), b) << "k=" << k;
    ASSERT_EQ(partner(b), a) << "k=" << k;
    // lower() against the generic integer square root, a second exact route.
    const Heap generic = static_cast<Heap>((Uint128{k} + isqrt_u128(Uint128{5} * k * k)) / 2);
    ASSERT_EQ(lower(k), generic) << "k=" << k;
  }
}

TEST(WythoffClosedFormStress, RandomPartnersUpTo2To63) {
  std::mt19937_64 rng(kSeed + 1);
  SCOPED_TRACE("seed " + std::to_string(kSeed + 1));
  for (int i = 0; i < 20000; ++i) {
    const Heap x = (rng() >> 1) >> (rng() % 64);  // all magnitudes up to 2^63-1
    const Heap expected = partner_z(x);
    if (expected <= kMaxHeap)
      ASSERT_EQ(partner(x), expected) << "x=" << x;
    else
      ASSERT_THROW(partner(x), LimitError) << "x=" << x;
  }
}

TEST(WythoffClosedFormStress, RandomPositionsNear2To62) {
  std::mt19937_64 rng(kSeed + 2);
  SCOPED_TRACE("seed " + std::to_string(kSeed + 2));
  const Heap centre = Heap{1} << 62;
  std::array<int, 4> move_counts{};
  for (int i = 0; i < 5000; ++i) {
    // P-pairs whose upper heap is near 2^62: k near 2^62 / phi^2 ~ 0.382 * 2^62.
    const Heap k = (centre / 1000) * 382 + (rng() >> 24);
    const Heap a = lower_z(k), b = a + k;
    ASSERT_EQ(lower(k), a) << "k=" << k;
    ASSERT_TRUE(is_p_position(a, b)) << "k=" << k;
    ASSERT_FALSE(is_p_position(a, b + 1)) << "k=" << k;
    ASSERT_FALSE(is_p_position(a, b - 1)) << "k=" << k;
    ASSERT_TRUE(winning_moves(a, b).empty()) << "k=" << k;

    // Arbitrary positions near 2^62, and N-positions one step off a P-pair.
    const Heap spread = rng() % 3 == 0 ? (Heap{1} << 61) : (Heap{1} << 20);
    const std::array<std::pair<Heap, Heap>, 3> positions = {{
        {centre - spread / 2 + rng() % spread, centre - spread / 2 + rng() % spread},
        {b + 1 + rng() % 1000, a},
        {a + rng() % 1000, b + 1 + rng() % 1000},
    }};
    for (const auto& [x, y] : positions) {
      const Moves moves = winning_moves(x, y);
      ASSERT_EQ(is_p_position(x, y), is_p_z(x, y)) << x << "," << y;
      ASSERT_EQ(moves.empty(), is_p_z(x, y)) << x << "," << y;
      ASSERT_LE(moves.size(), 3U);
      ASSERT_TRUE(std::is_sorted(moves.begin(), moves.end())) << x << "," << y;
      for (const auto& [nx, ny] : moves) {
        ASSERT_TRUE(is_legal_move(x, y, nx, ny)) << x << "," << y << " -> " << nx << "," << ny;
        ASSERT_TRUE(is_p_z(nx, ny)) << x << "," << y << " -> " << nx << "," << ny;
        ASSERT_TRUE(is_p_position(nx, ny)) << x << "," << y << " -> " << nx << "," << ny;
      }
      ASSERT_EQ(moves, winning_moves_z(x, y)) << x << "," << y;
      ++move_counts[moves.size()];
    }
  }
  // Each count from 1 to 3 occurred, so every kind of move was exercised.
  EXPECT_GT(move_counts[1], 0);
  EXPECT_GT(move_counts[2], 0);
  EXPECT_GT(move_counts[3], 0);
}

// The last index whose pair member still fits: the largest lower (upper)
// number <= 2^63-1 by the Zeckendorf criterion, and its index by a right shift.
TEST(WythoffClosedFormStress, EdgeOf63Bits) {
  Heap x = kMaxHeap;
  while (!is_lower_z(x)) --x;
  const Heap k = shift_z(x, -1);
  EXPECT_EQ(lower(k), x);
  EXPECT_THROW(lower(k + 1), LimitError);

  Heap y = kMaxHeap;
  while (is_lower_z(y)) --y;
  const Heap a = shift_z(y, -1), j = y - a;
  EXPECT_EQ(upper(j), y);
  EXPECT_EQ(lower(j), a);
  EXPECT_THROW(upper(j + 1), LimitError);
  EXPECT_TRUE(is_p_position(a, y));
  EXPECT_TRUE(is_p_position(y, a));
  EXPECT_EQ(partner(y), a);
  EXPECT_EQ(partner(a), y);
  EXPECT_EQ(winning_moves(kMaxHeap, a), winning_moves_z(kMaxHeap, a));
}

}  // namespace
}  // namespace grundy::wythoff
