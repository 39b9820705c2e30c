// Five classic contest games solved with GameSolver and, for sizes beyond
// search, the table-and-pattern method (docs/contest.md shows this file's
// code and output; tests/cli/user_examples_test.cpp checks that the two
// agree): Euclid's game, the cutting game of POJ 2311, Fibonacci Nim, a board
// walk (HDU 2147, "kiki's game") and Schwenk's take-away game with k = 3.
//
// Description: each game is solved by search where search reaches, a table
//   of a family of its positions is made (pattern_table.h) and read
//   (pattern.h), and the rule the table shows is checked on the whole table
//   before it answers a size far beyond search. The program aborts if a rule
//   disagrees with the table. Every rule is printed as observed up to the
//   table's bound; the published proofs are cited in docs/contest.md.
// Source: A. J. Cole and A. J. T. Davie, "A game based on the Euclidean
//   algorithm and a winning strategy for it", Math. Gazette 53 (1969)
//   354-357; POJ 2311 "Cutting Game"; M. J. Whinihan, "Fibonacci Nim",
//   Fibonacci Quarterly 1 (1963) 9-13; HDU 2147 "kiki's game"; A. J. Schwenk,
//   "Take-away games", Fibonacci Quarterly 8 (1970) 225-234.
// Status: self-checking; run by tests/cli/user_examples_test.cpp.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "grundy/solve/pattern.h"
#include "grundy/solve/pattern_table.h"
#include "grundy/solve/user_game.h"

using u64 = std::uint64_t;

namespace {

void check(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "contest_patterns: the rule disagrees with the table: %s\n", what);
    std::abort();
  }
}

// floor(sqrt(x)) in integers.
u64 isqrt(u64 x) {
  u64 lo = 0, hi = std::min<u64>(x, 4'294'967'295u);
  while (lo < hi) {
    const u64 mid = lo + (hi - lo + 1) / 2;
    if (mid * mid <= x) lo = mid; else hi = mid - 1;
  }
  return lo;
}

}  // namespace

// [euclid]
// Euclid's game: subtract a positive multiple of the smaller number from the
// larger, leaving it non-negative; whoever makes a 0 wins.
struct Euclid {
  using position = std::pair<u64, u64>;  // larger first
  static std::size_t hash(const position& p) { return p.first * 1000003u ^ p.second; }
  position canonical(position p) const {
    if (p.first < p.second) std::swap(p.first, p.second);
    return p;
  }
  grundy::Primitive primitive(const position& p) const {  // the previous player made a 0
    return p.second == 0 ? grundy::Primitive::game_lost : grundy::Primitive::undecided;
  }
  template <class Visit>
  void moves(const position& p, Visit&& visit) const {
    for (u64 k = 1; k <= p.first / p.second; ++k)
      if (!visit(position{p.first - k * p.second, p.second})) return;
  }
};
// [/euclid]

// [cutting]
// A sheet cut along grid lines into two pieces; whoever cuts off a 1x1 piece wins.
struct Cutting {
  using position = std::pair<u64, u64>;  // width <= height
  static std::size_t hash(const position& p) { return p.first << 16 | p.second; }
  static position piece(u64 w, u64 h) { return w <= h ? position{w, h} : position{h, w}; }
  grundy::Primitive primitive(const position& p) const {
    return p == position{1, 1} ? grundy::Primitive::game_lost : grundy::Primitive::undecided;
  }
  template <class Visit>
  void moves(const position& p, Visit&& visit) const {
    for (u64 a = 1; a < p.first; ++a)
      if (!visit(piece(a, p.second), piece(p.first - a, p.second))) return;
    for (u64 b = 1; b < p.second; ++b)
      if (!visit(piece(p.first, b), piece(p.first, p.second - b))) return;
  }
};
// [/cutting]

// [take-away]
// Take from one heap at least 1 and at most `limit`; the next player may then
// take at most k times as many. Fibonacci Nim is k = 2 with a first limit of
// n - 1 (not the whole heap); Schwenk's take-away games are every k.
struct TakeAway {
  using position = std::pair<u64, u64>;  // stones, most that may be taken
  u64 k;
  static std::size_t hash(const position& p) { return p.first << 32 ^ p.second; }
  position canonical(position p) const { return {p.first, std::min(p.second, p.first)}; }
  template <class Visit>
  void moves(const position& p, Visit&& visit) const {
    for (u64 t = 1; t <= std::min(p.first, p.second); ++t)
      if (!visit(position{p.first - t, k * t})) return;
  }
};
// [/take-away]

// [board]
// A coin x columns right and y rows up from the bottom-left corner moves one
// square left, down, or diagonally down-left; whoever cannot move loses.
struct BoardWalk {
  using position = std::pair<u64, u64>;
  static std::size_t hash(const position& p) { return p.first << 32 ^ p.second; }
  std::vector<position> moves(const position& p) const {
    std::vector<position> options;
    if (p.first > 0) options.push_back({p.first - 1, p.second});
    if (p.second > 0) options.push_back({p.first, p.second - 1});
    if (p.first > 0 && p.second > 0) options.push_back({p.first - 1, p.second - 1});
    return options;
  }
};
// [/board]

int main() {
  // [euclid-solve]
  grundy::GameSolver<Euclid> euclid(Euclid{});
  std::printf("euclid (1000000007, 998244353): %c\n",
              grundy::outcome_letter(euclid.outcome({1'000'000'007, 998'244'353})));
  const grundy::OutcomeGrid grid = grundy::outcome_grid(
      euclid, [](u64 n, u64 m) { return Euclid::position{n, m}; }, 1, 200, 1, 200);
  const grundy::GridReport table = grundy::observe_grid(grid);
  std::printf("row 10: P at m = %llu..%llu; %s\n",
              (unsigned long long)table.rows_seen[9].p_runs[1].first,
              (unsigned long long)table.rows_seen[9].p_runs[1].second, table.label().c_str());
  // The rule the rows show: above the diagonal, (n, m) is P iff n < m < n*phi,
  // phi = (1 + sqrt 5) / 2, i.e. (2m - n)^2 < 5n^2 in integers.
  for (u64 n = 1; n <= 200; ++n)
    for (u64 m = n + 1; m <= 200; ++m)
      check((grid.at(n, m) == grundy::Outcome::P) == ((2 * m - n) * (2 * m - n) < 5 * n * n),
            "euclid");
  std::printf("floor(10 phi) = %llu\n", (unsigned long long)((10 + isqrt(500)) / 2));
  // [/euclid-solve]

  // [cutting-solve]
  grundy::GameSolver<Cutting> cutting(Cutting{});
  std::printf("cutting 200x200: %c\n", grundy::outcome_letter(cutting.outcome({200, 200})));
  const grundy::OutcomeGrid sheets = grundy::outcome_grid(
      cutting, [](u64 w, u64 h) { return Cutting::piece(w, h); }, 2, 12, 2, 12);
  std::string p_sheets;
  for (const auto& [w, h] : grundy::observe_grid(sheets).p_positions)
    if (w <= h) p_sheets += " " + std::to_string(w) + "x" + std::to_string(h);
  std::printf("P-sheets up to 12x12:%s\n", p_sheets.c_str());
  // [/cutting-solve]

  // [fibonacci-solve]
  grundy::GameSolver<TakeAway> fibonacci(TakeAway{2});
  const std::vector<grundy::Outcome> first_moves = grundy::outcome_table(
      fibonacci, [](u64 n) { return TakeAway::position{n, n - 1}; }, 1, 600);
  const grundy::PatternReport fib = grundy::observe_outcomes(first_moves, 1);
  std::fputs(grundy::pattern_text(fib, "Fibonacci Nim, n stones").c_str(), stdout);
  // The table's rule (P-positions 1, 2, then each the sum of the two before)
  // for a heap far beyond search:
  check(fib.p_positions[0] == 1 && fib.p_positions[1] == 2 && fib.sum_of_two_before_from == 2u,
        "fibonacci");
  const u64 stones = 1'000'000'000'000'000'000;
  u64 a = 1, b = 2;
  while (b < stones) b = std::exchange(a, b) + b;
  std::printf("10^18 stones: %s (observed rule)\n", b == stones ? "P" : "N");
  // [/fibonacci-solve]

  // [board-solve]
  grundy::GameSolver<BoardWalk> board(BoardWalk{});
  const grundy::OutcomeGrid walk = grundy::outcome_grid(
      board, [](u64 x, u64 y) { return BoardWalk::position{x, y}; }, 0, 60, 0, 60);
  const grundy::GridReport rows = grundy::observe_grid(walk);
  std::printf("row 0: %s; row 1: %s\n",
              grundy::periodicity_text(rows.rows_seen[0].pattern.periodicity, "y").c_str(),
              grundy::periodicity_text(rows.rows_seen[1].pattern.periodicity, "y").c_str());
  for (u64 x = 0; x <= 60; ++x)
    for (u64 y = 0; y <= 60; ++y)
      check((walk.at(x, y) == grundy::Outcome::P) == (x % 2 == 0 && y % 2 == 0), "board");
  // HDU 2147: an n x m board, the coin in the top-right corner (x = m - 1, y = n - 1).
  const u64 rows_n = 1'999'999'999, columns_m = 1'000'000'001;
  std::printf("%llu x %llu: %s (observed rule)\n", (unsigned long long)rows_n,
              (unsigned long long)columns_m,
              (columns_m - 1) % 2 == 0 && (rows_n - 1) % 2 == 0 ? "What a pity!" : "Wonderful!");
  // [/board-solve]

  // [schwenk-solve]
  grundy::GameSolver<TakeAway> schwenk(TakeAway{3});
  const std::vector<grundy::Outcome> threes = grundy::outcome_table(
      schwenk, [](u64 n) { return TakeAway::position{n, n - 1}; }, 1, 400);
  const grundy::PatternReport take3 = grundy::observe_outcomes(threes, 1);
  // Schwenk's sequence: H(1) = 1, H(j+1) = H(j) + H(l), l the least with 3 H(l) >= H(j).
  std::vector<u64> h{1};
  while (h.back() <= 400) {
    std::size_t l = 0;
    while (3 * h[l] < h.back()) ++l;
    h.push_back(h.back() + h[l]);
  }
  h.pop_back();
  check(take3.p_positions == h, "schwenk");
  std::string listed;
  for (u64 p : take3.p_positions) listed += " " + std::to_string(p);
  std::printf("take at most 3x the last, P up to 400:%s\n", listed.c_str());
  // [/schwenk-solve]
  return 0;
}
