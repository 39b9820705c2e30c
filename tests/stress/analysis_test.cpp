// Every closed form and every analysis path against the by-definition twin:
// outcome, Grundy value and the exact set of winning moves on all small
// positions (issue: Nim and misère Nim up to 4 heaps of <= 7; Wythoff up to
// 40x40; Moore k <= 3 up to 4 heaps of <= 7; staircase up to 5 stairs of <= 4).
#include <gtest/gtest.h>

#include <memory>
#include <random>

#include "grundy/rules/compound.h"
#include "grundy/rules/position_ruleset.h"
#include "grundy/rules/registry.h"
#include "grundy/solve/analysis.h"
#include "grundy/solve/brute_force.h"
#include "support/twins.h"

namespace grundy::analysis_test {
namespace {

using testing::all_positions;
using testing::RecursiveTwin;
using testing::show;

std::vector<Position> sorted_afters(const Analysis& a, const Position& before) {
  std::vector<Position> afters;
  for (const Move& m : a.winning_moves.items) afters.push_back(m.after(before));
  std::sort(afters.begin(), afters.end());
  return afters;
}

// Checks one position completely against the twin.
void check_position(const Ruleset& ruleset, const Position& p, Convention convention,
                    RecursiveTwin& twin) {
  SCOPED_TRACE(ruleset.name() + " " + show(p) +
               (convention == Convention::misere ? " misère" : " normal"));
  AnalysisOptions options;
  options.convention = convention;
  options.max_moves = 1'000'000;
  const Analysis a = analyze(ruleset, p, options);
  const bool wins = twin.mover_wins(p);
  EXPECT_EQ(a.outcome, wins ? Outcome::N : Outcome::P);
  if (convention == Convention::normal) {
    ASSERT_TRUE(a.value.has_value());
    EXPECT_EQ(*a.value, twin.grundy(p));
  } else {
    EXPECT_FALSE(a.value.has_value());
  }
  EXPECT_TRUE(a.winning_moves.complete);
  const auto expected = twin.winning_options(p);
  const auto got = sorted_afters(a, p);
  EXPECT_EQ(got.size(), a.winning_moves.items.size()) << "duplicate winning moves";
  EXPECT_EQ(got, expected);
  // Descriptions agree with the generic describer of the ruleset.
  for (const Move& m : a.winning_moves.items)
    EXPECT_EQ(m.description, ruleset.describe_move(p, m.after(p)));
}

void check_all(const std::string& name, std::size_t max_count, Heap max_heap,
               Convention convention, std::size_t min_count = 1) {
  const auto ruleset = parse_ruleset(name);
  RecursiveTwin twin(*ruleset, convention == Convention::misere);
  for (std::size_t count = min_count; count <= max_count; ++count)
    for (const Position& p : all_positions(count, max_heap))
      check_position(*ruleset, p, convention, twin);
}

TEST(AnalysisStress, NimUpToFourHeapsOfSeven) { check_all("nim", 4, 7, Convention::normal); }
TEST(AnalysisStress, MisereNimUpToFourHeapsOfSeven) { check_all("nim", 4, 7, Convention::misere); }

TEST(AnalysisStress, WythoffUpTo40) { check_all("wythoff", 2, 40, Convention::normal, 2); }
TEST(AnalysisStress, MisereWythoffUpTo12) { check_all("wythoff", 2, 12, Convention::misere, 2); }

TEST(AnalysisStress, MooreK1ToK3UpToFourHeapsOfSeven) {
  for (const char* name : {"moore:1", "moore:2", "moore:3"}) {
    const auto ruleset = parse_ruleset(name);
    RecursiveTwin twin(*ruleset, false);
    for (std::size_t count = 1; count <= 4; ++count)
      for (const Position& p : all_positions(count, 7)) {
        SCOPED_TRACE(std::string(name) + " " + show(p));
        AnalysisOptions options;
        options.max_moves = 1'000'000;
        const Analysis a = analyze(*ruleset, p, options);
        EXPECT_EQ(a.outcome, twin.mover_wins(p) ? Outcome::N : Outcome::P);
        if (a.value) EXPECT_EQ(*a.value, twin.grundy(p));
        EXPECT_TRUE(a.winning_moves.complete);
        EXPECT_EQ(sorted_afters(a, p), twin.winning_options(p));
      }
  }
}

TEST(AnalysisStress, StaircaseUpToFiveStairsOfFour) {
  check_all("staircase", 5, 4, Convention::normal);
}

TEST(AnalysisStress, StaircaseMovesToEveryValue) {
  // A staircase in a sum needs its moves to the value of the other
  // components, which StaircaseNim::options_with_value gives without listing
  // the options: on every position of up to four stairs of at most four
  // tokens and every target below 8, exactly the options whose value by
  // definition (the twin's mex) is the target.
  const auto ruleset = parse_ruleset("staircase");
  const auto& stairs = dynamic_cast<const PositionRuleset&>(*ruleset);
  RecursiveTwin twin(*ruleset, false);
  for (std::size_t count = 1; count <= 4; ++count)
    for (const Position& p : all_positions(count, 4))
      for (Nimber target = 0; target < 8; ++target) {
        SCOPED_TRACE(show(p) + " to value " + std::to_string(target));
        std::vector<Position> expected;
        ruleset->for_each_option(p, [&](const Position& after) {
          if (twin.grundy(after) == target) expected.push_back(after);
          return true;
        });
        std::sort(expected.begin(), expected.end());
        const auto found = stairs.options_with_value(p, target, 1000);
        ASSERT_TRUE(found.has_value());
        EXPECT_TRUE(found->complete);
        std::vector<Position> got(found->begin(), found->end());
        std::sort(got.begin(), got.end());
        EXPECT_EQ(got, expected);
      }
}

TEST(AnalysisStress, StaircaseInSumsMatchesTheWholeSumSearched) {
  // Nim heap + staircase: the sum's winning moves (one component moved at a
  // time, each to the value of the other) against the exhaustive search of
  // the whole compound.
  const Compound sum({parse_ruleset("nim"), parse_ruleset("staircase")},
                     CompoundKind::disjunctive);
  RecursiveTwin twin(sum, false);
  for (Heap h = 0; h <= 4; ++h)
    for (std::size_t count = 1; count <= 3; ++count)
      for (const Position& p : all_positions(count, 3)) {
        const Position whole = Compound::encode({Position{h}, p});
        SCOPED_TRACE(sum.show(whole));
        AnalysisOptions options;
        options.max_moves = 1'000'000;
        const Analysis a = analyze(sum, whole, options);
        EXPECT_EQ(a.outcome, twin.mover_wins(whole) ? Outcome::N : Outcome::P);
        EXPECT_EQ(sorted_afters(a, whole), twin.winning_options(whole));
      }
}

TEST(AnalysisStress, HeapRulesetsSmallSums) {
  // Sums of up to three heaps of up to 9 for every computed heap ruleset, and
  // the closed-form ones, in both conventions.
  for (const char* name : {"bash:2", "bash:3", "subtract:1,3,4", "subtract:2,5", "allbut:2,3,7",
                           "lasker", "split", "grundy-game", "divisor", "squares", "fibonacci",
                           "kayles", "dawson", "0.137", "0.3F", "4.[3]", "8.[3]", "0.6"}) {
    for (Convention c : {Convention::normal, Convention::misere}) {
      const auto ruleset = parse_ruleset(name);
      RecursiveTwin twin(*ruleset, c == Convention::misere);
      // Splitting multiplies heaps, so the sums reachable from split's heaps
      // grow fast: smaller heaps there.
      const bool split = std::string(name) == "split";
      for (std::size_t count = 1; count <= 3; ++count)
        for (const Position& p : all_positions(count, split ? 4 : count == 3 ? 6 : 9))
          check_position(*ruleset, p, c, twin);
    }
  }
}

TEST(AnalysisStress, MisereNimRuleWhereVerifiedTameMatchesSearch) {
  // Random octal codes and subtraction sets, sums of 3-6 heaps of up to 8:
  // where the heaps are verified tame (genus.h) analyze decides misère play
  // by the misère-Nim rule on the values; it must agree with the twin's
  // exhaustive search, winning moves included.
  constexpr std::uint64_t kSeed = 1313;
  std::mt19937_64 rng(kSeed);
  int by_rule = 0;
  for (int trial = 0; trial < 60; ++trial) {
    std::string name;
    if (trial % 3 == 0) {
      name = "subtract:" + std::to_string(1 + rng() % 2) + "," + std::to_string(3 + rng() % 4);
    } else {
      name = "0.";
      for (int d = 0; d < 1 + static_cast<int>(rng() % 3); ++d) name += static_cast<char>('0' + rng() % 8);
      if (name.back() == '0') name.back() = '3';
    }
    const auto ruleset = parse_ruleset(name);
    RecursiveTwin twin(*ruleset, true);
    for (int k = 0; k < 5; ++k) {
      Position p;
      for (std::size_t i = 0, n = 3 + rng() % 4; i < n; ++i) p.push_back(rng() % 9);
      SCOPED_TRACE("seed " + std::to_string(kSeed) + " trial " + std::to_string(trial));
      check_position(*ruleset, p, Convention::misere, twin);
      AnalysisOptions options;
      options.convention = Convention::misere;
      by_rule += analyze(*ruleset, p, options).method.find("misère-Nim rule") != std::string::npos;
    }
  }
  EXPECT_GT(by_rule, 50) << "the sample must exercise the rule";
}

TEST(AnalysisStress, RandomLargerNimAndMisereNim) {
  // Larger positions: closed forms against the twin are too slow there, so
  // check each winning move is legal (an option) and leads to a P-position by
  // the closed form, and that a P-position has none.
  const unsigned seed = 20261122;
  std::mt19937_64 rng(seed);
  const auto nim = parse_ruleset("nim");
  for (int round = 0; round < 2000; ++round) {
    SCOPED_TRACE("seed " + std::to_string(seed) + " round " + std::to_string(round));
    Position p(1 + rng() % 8);
    for (Heap& h : p) h = (round % 2) ? rng() % 4 : rng() % (Heap{1} << 40);
    for (Convention c : {Convention::normal, Convention::misere}) {
      AnalysisOptions options;
      options.convention = c;
      const Analysis a = analyze(*nim, p, options);
      // A terminal position is won in misère play with no move to make.
      const bool terminal = std::all_of(p.begin(), p.end(), [](Heap h) { return h == 0; });
      if (!(terminal && c == Convention::misere))
        EXPECT_EQ(a.outcome == Outcome::P, a.winning_moves.items.empty());
      for (const Move& m : a.winning_moves.items) {
        const Position after = m.after(p);
        ASSERT_EQ(after.size(), p.size());
        int changed = 0;
        for (std::size_t i = 0; i < p.size(); ++i)
          if (after[i] != p[i]) {
            ++changed;
            EXPECT_LT(after[i], p[i]);
          }
        EXPECT_EQ(changed, 1);
        const Analysis next = analyze(*nim, after, options);
        EXPECT_EQ(next.outcome, Outcome::P);
      }
    }
  }
}

TEST(AnalysisStress, LaskerWinningMovesAtLargeHeaps) {
  // The closed-form shortcut for Lasker's winning splits, checked move by
  // move at large heaps: each listed move is a legal option and leaves a
  // nim-sum of 0 under the closed form.
  const unsigned seed = 7;
  std::mt19937_64 rng(seed);
  const auto lasker = parse_ruleset("lasker");
  for (int round = 0; round < 300; ++round) {
    Position p = {rng() % (Heap{1} << 40), rng() % 64};
    SCOPED_TRACE("seed 7, " + show(p));
    AnalysisOptions options;
    options.max_moves = 200;
    const Analysis a = analyze(*lasker, p, options);
    for (const Move& m : a.winning_moves.items) {
      const Position after = m.after(p);
      const Analysis next = analyze(*lasker, after, options);
      EXPECT_EQ(next.outcome, Outcome::P) << show(after);
      Heap total = 0;
      for (std::size_t i = 0; i < m.parts.size(); ++i) total += m.parts[i];
      EXPECT_TRUE(total < p[m.index] || m.parts.size() == 2);
      EXPECT_LE(total, p[m.index]);
    }
  }
}

}  // namespace
}  // namespace grundy::analysis_test
