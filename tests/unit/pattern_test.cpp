// The table-and-pattern method (solve/pattern.h, pattern_table.h,
// ruleset_game.h) on games whose tables are known by a closed form:
// Bachet's game (G(n) = n mod (k + 1), Winning Ways ch. 3), Nim (G(n) = n,
// docs/theory.md §2), Fibonacci-number P-positions (Whinihan, Fibonacci
// Quarterly 1, 1963), Wythoff's P-positions by their mex construction
// (W. A. Wythoff, Nieuw Archief voor Wiskunde 7, 1907), two Kayles heaps
// against HeapValues (P iff G(n) = G(m), Sprague-Grundy), and misère Nim's
// rule (C. L. Bouton, Annals of Math. 3, 1902).
#include "grundy/solve/pattern.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <set>
#include <utility>
#include <vector>

#include "grundy/rules/registry.h"
#include "grundy/solve/heap_values.h"
#include "grundy/solve/pattern_table.h"
#include "grundy/solve/ruleset_game.h"

namespace grundy::pattern_test {
namespace {

// Take 1..k from one heap.
struct TakeUpTo {
  using position = std::uint64_t;
  std::uint64_t k;
  std::vector<position> moves(position n) const {
    std::vector<position> options;
    for (std::uint64_t t = 1; t <= k && t <= n; ++t) options.push_back(n - t);
    return options;
  }
};

// Nim on one heap.
struct OneHeap {
  using position = std::uint64_t;
  std::vector<position> moves(position n) const {
    std::vector<position> options;
    for (position m = 0; m < n; ++m) options.push_back(m);
    return options;
  }
};

TEST(Pattern, BachetTableShowsPeriodFourObserved) {
  GameSolver<TakeUpTo> solver(TakeUpTo{3});
  const std::vector<Nimber> values = value_table(solver, [](std::uint64_t n) { return n; }, 0, 100);
  ASSERT_EQ(values.size(), 101u);
  for (std::uint64_t n = 0; n <= 100; ++n) ASSERT_EQ(values[n], n % 4) << n;
  const PatternReport r = observe_pattern(values);
  EXPECT_EQ(r.periodicity.period, 4u);
  EXPECT_EQ(r.periodicity.preperiod, 0u);
  EXPECT_EQ(r.periodicity.saltus, 0);
  EXPECT_FALSE(r.periodicity.proven);
  EXPECT_EQ(r.label(), "observed up to n = 100, not proven");
  ASSERT_EQ(r.p_positions.size(), 26u);
  for (std::size_t k = 0; k < r.p_positions.size(); ++k) EXPECT_EQ(r.p_positions[k], 4 * k);
  EXPECT_EQ(r.gaps, std::vector<std::uint64_t>(25, 4));
  EXPECT_EQ(r.gap_periodicity.period, 1u);
  EXPECT_FALSE(r.sum_of_two_before_from);
  const std::string text = pattern_text(r, "take 1-3, n", values);
  EXPECT_NE(text.find("pattern: period 4 from n = 0; observed up to n = 100, not proven\n"),
            std::string::npos)
      << text;
  EXPECT_EQ(text.find("proven ("), std::string::npos) << text;
  EXPECT_NE(text.find("         0  0123012301230123"), std::string::npos) << text;
}

TEST(Pattern, OutcomesFromAnOffsetAreInAbsoluteN) {
  // Outcomes of n = 5..80: P iff n is a multiple of 4 (as above).
  GameSolver<TakeUpTo> solver(TakeUpTo{3});
  const std::vector<Outcome> outcomes =
      outcome_table(solver, [](std::uint64_t n) { return n; }, 5, 80);
  const PatternReport r = observe_outcomes(outcomes, 5);
  EXPECT_FALSE(r.of_values);
  EXPECT_EQ(r.last(), 80u);
  EXPECT_EQ(r.periodicity.period, 4u);
  EXPECT_EQ(r.periodicity.preperiod, 5u);
  EXPECT_EQ(r.periodicity.checked_to, 81u);
  EXPECT_EQ(r.p_positions.front(), 8u);
  EXPECT_EQ(r.p_positions.back(), 80u);
}

TEST(Pattern, NimIsArithmeticWithSaltusOne) {
  GameSolver<OneHeap> solver(OneHeap{});
  const auto values = value_table(solver, [](std::uint64_t n) { return n; }, 0, 40);
  const PatternReport r = observe_pattern(values);
  EXPECT_EQ(r.periodicity.period, 1u);
  EXPECT_EQ(r.periodicity.saltus, 1);
  EXPECT_FALSE(r.periodicity.proven);  // a user game: observed only
  EXPECT_EQ(r.p_positions, std::vector<std::uint64_t>{0});
  EXPECT_EQ(periodicity_text(r.periodicity), "period 1 from n = 0, saltus 1 (arithmetic)");
}

TEST(Pattern, FibonacciPositionsAreSumsOfTheTwoBefore) {
  // P exactly at the Fibonacci numbers 1, 2, 3, 5, 8, ... up to 1000.
  std::set<std::uint64_t> fib{1, 2};
  for (std::uint64_t a = 1, b = 2; a + b <= 1000;) {
    const std::uint64_t c = a + b;
    fib.insert(c);
    a = b;
    b = c;
  }
  std::vector<Outcome> outcomes;
  for (std::uint64_t n = 1; n <= 1000; ++n)
    outcomes.push_back(fib.count(n) ? Outcome::P : Outcome::N);
  const PatternReport r = observe_outcomes(outcomes, 1);
  EXPECT_EQ(r.p_positions, std::vector<std::uint64_t>(fib.begin(), fib.end()));
  ASSERT_TRUE(r.sum_of_two_before_from);
  EXPECT_EQ(*r.sum_of_two_before_from, 2u);  // 3 = 1 + 2
  // After 987 the table is N to its end: 13 equal outcomes, which the
  // detection rule reports as a period 1 (seen, not a rule of the game).
  EXPECT_EQ(r.periodicity.period, 1u);
  EXPECT_EQ(r.periodicity.preperiod, 988u);
  EXPECT_NE(pattern_text(r, "fib").find("each P-position from the 3rd on is the sum of the two "
                                        "before it; observed up to n = 1000"),
            std::string::npos);
  // One P-position off the rule near the end breaks it there: fewer than 8 confirm.
  outcomes[985 - 1] = Outcome::P;
  const PatternReport broken = observe_outcomes(outcomes, 1);
  EXPECT_FALSE(broken.sum_of_two_before_from);
}

TEST(Pattern, WythoffGridAgainstTheMexConstruction) {
  const auto wythoff = parse_ruleset("wythoff");
  GameSolver<RulesetGame> solver(RulesetGame{wythoff.get()});
  const std::uint64_t last = 40;
  std::atomic<bool> stop{false};
  std::uint64_t reported = 0;
  TableControl control;
  control.progress = [&](const TableProgress& now) {
    EXPECT_EQ(now.total, (last + 1) * (last + 1));
    reported = now.done;
  };
  control.stop = &stop;
  const OutcomeGrid grid = outcome_grid(
      solver, [](std::uint64_t n, std::uint64_t m) { return Position{n, m}; }, 0, last, 0, last,
      Convention::normal, control);
  EXPECT_EQ(reported, (last + 1) * (last + 1));
  // a_k = mex of the earlier a's and b's, b_k = a_k + k (Wythoff 1907).
  std::set<std::pair<std::uint64_t, std::uint64_t>> expected;
  std::set<std::uint64_t> used;
  for (std::uint64_t k = 0;; ++k) {
    std::uint64_t a = 0;
    while (used.count(a)) ++a;
    const std::uint64_t b = a + k;
    if (a > last) break;
    used.insert(a);
    used.insert(b);
    if (b <= last) {
      expected.insert({a, b});
      expected.insert({b, a});
    }
  }
  const GridReport r = observe_grid(grid);
  using Cells = std::set<std::pair<std::uint64_t, std::uint64_t>>;
  EXPECT_EQ(Cells(r.p_positions.begin(), r.p_positions.end()), expected);
  EXPECT_TRUE(r.symmetric);
  EXPECT_EQ(r.label(), "observed for n = 0..40, m = 0..40, not proven");
  // Row 3: the one P-position (3, 5).
  EXPECT_EQ(r.rows_seen[3].p_runs, (std::vector<std::pair<std::uint64_t, std::uint64_t>>{{5, 5}}));
  const std::string text = grid_text(r, grid, "wythoff n m");
  EXPECT_NE(text.find("  n =   3 NNNNNPNNNN"), std::string::npos) << text;
  // N from m = 6 on (the row's one P-position is (3, 5)): period 1 from m = 6.
  EXPECT_NE(text.find("  n = 3: m = 5; period 1 from m = 6\n"), std::string::npos) << text;
  // A raised stop flag leaves no rows.
  stop = true;
  const OutcomeGrid none = outcome_grid(
      solver, [](std::uint64_t n, std::uint64_t m) { return Position{n, m}; }, 0, 5, 0, 5,
      Convention::normal, control);
  EXPECT_TRUE(none.outcomes.empty());
  EXPECT_EQ(observe_grid(none).rows, 0u);
}

TEST(Pattern, TwoKaylesHeapsAgainstHeapValues) {
  const auto kayles = parse_ruleset("kayles");
  GameSolver<RulesetGame> solver(RulesetGame{kayles.get()});
  const std::uint64_t last = 60;
  const OutcomeGrid grid = outcome_grid(
      solver, [](std::uint64_t n, std::uint64_t m) { return Position{n, m}; }, 0, last, 0, last);
  HeapValues g(*heap_ruleset_of(*kayles));
  for (std::uint64_t n = 0; n <= last; ++n)
    for (std::uint64_t m = 0; m <= last; ++m)
      ASSERT_EQ(grid.at(n, m) == Outcome::P, g.value(n) == g.value(m)) << n << " " << m;
  // A single heap's values through the same adapter.
  const auto values = value_table(solver, [](std::uint64_t n) { return Position{n}; }, 0, last);
  for (std::uint64_t n = 0; n <= last; ++n) ASSERT_EQ(values[n], g.value(n)) << n;
}

TEST(Pattern, MisereNimTwoHeapsFollowBoutonsRule) {
  const auto nim = parse_ruleset("nim");
  GameSolver<RulesetGame> solver(RulesetGame{nim.get()});
  const OutcomeGrid grid = outcome_grid(
      solver, [](std::uint64_t n, std::uint64_t m) { return Position{n, m}; }, 0, 15, 0, 15,
      Convention::misere);
  for (std::uint64_t n = 0; n <= 15; ++n)
    for (std::uint64_t m = 0; m <= 15; ++m) {
      // Every heap at most 1: P iff an odd number of 1s; else P iff n xor m = 0.
      const bool p = std::max(n, m) <= 1 ? (n + m) % 2 == 1 : n == m;
      ASSERT_EQ(grid.at(n, m) == Outcome::P, p) << n << " " << m;
    }
}

TEST(Pattern, AsymmetricGridAndEmptyTables) {
  OutcomeGrid grid;
  grid.rows = grid.columns = 2;
  grid.outcomes = {Outcome::P, Outcome::N, Outcome::P, Outcome::D};
  const GridReport r = observe_grid(grid);
  EXPECT_FALSE(r.symmetric);
  EXPECT_EQ(r.draws, 1u);
  EXPECT_EQ(r.p_positions.size(), 2u);
  const PatternReport empty = observe_pattern(std::vector<Nimber>{});
  EXPECT_EQ(empty.label(), "nothing computed");
  EXPECT_EQ(empty.periodicity.period, 0u);
}

TEST(Pattern, ProvenPeriodicityOnlyWhenGiven) {
  // Kayles (0.77) is periodic with period 12 from n = 71 (docs/theory.md §3),
  // proven by Guy-Smith given enough values: the report says proven only
  // with find_periodicity's result.
  const auto kayles = parse_ruleset("kayles");
  const HeapRuleset& heaps = *heap_ruleset_of(*kayles);
  HeapValues g(heaps);
  std::vector<Nimber> values;
  std::vector<std::uint16_t> small;
  for (std::uint64_t n = 0; n < 400; ++n) {
    values.push_back(g.value(n));
    small.push_back(static_cast<std::uint16_t>(values.back()));
  }
  const PatternReport observed = observe_pattern(values);
  EXPECT_EQ(observed.periodicity.period, 12u);
  EXPECT_EQ(observed.periodicity.preperiod, 71u);
  EXPECT_FALSE(observed.periodicity.proven);
  const Periodicity proof = find_periodicity(*heaps.as_code(), small);
  ASSERT_TRUE(proof.proven);
  const PatternReport proven = with_proven_periodicity(observed, proof);
  EXPECT_TRUE(proven.periodicity.proven);
  EXPECT_EQ(proven.label().rfind("proven (Guy-Smith", 0), 0u) << proven.label();
  // Too few values for the theorem: stays observed.
  const std::vector<std::uint16_t> few(small.begin(), small.begin() + 110);
  const Periodicity short_proof = find_periodicity(*heaps.as_code(), few);
  const std::vector<Nimber> few_values(values.begin(), values.begin() + 110);
  EXPECT_FALSE(with_proven_periodicity(observe_pattern(few_values), short_proof).periodicity.proven);
}

}  // namespace
}  // namespace grundy::pattern_test
