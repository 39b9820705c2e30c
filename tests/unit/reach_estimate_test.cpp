// The count of reachable positions made before a remoteness or suspense
// search (src/solve/search/reach_estimate.h) never exceeds the positions an
// exploration of the game actually reaches, and is exact for Kayles (every
// multiset of rows with x_1 + ... + x_m + m - 1 <= n, and the empty one).
#include <gtest/gtest.h>

#include <memory>
#include <set>
#include <string>
#include <vector>

#include "grundy/core/error.h"
#include "grundy/rules/compound.h"
#include "grundy/rules/game_syntax.h"
#include "grundy/rules/registry.h"
#include "grundy/solve/remoteness.h"
#include "solve/search/reach_estimate.h"

namespace grundy::reach_estimate_test {
namespace {

// Every canonical position reachable from `start`, the start included.
std::size_t explored(const Ruleset& ruleset, const Position& start) {
  std::set<Position> seen{ruleset.canonical(start)};
  std::vector<Position> todo{ruleset.canonical(start)};
  while (!todo.empty()) {
    const Position p = todo.back();
    todo.pop_back();
    ruleset.for_each_option(p, [&](const Position& after) {
      const Position key = ruleset.canonical(after);
      if (seen.insert(key).second) todo.push_back(key);
      return true;
    });
  }
  return seen.size();
}

// The LimitError a search of `start` ends in ("" if it answers).
std::string refusal(TempoSearch& search, const Position& start) {
  try {
    search.value(start);
  } catch (const LimitError& e) {
    return e.what();
  }
  return "";
}

TEST(ReachEstimate, NeverAboveWhatAnExplorationReaches) {
  for (const char* name : {"kayles", "0.137", "0.6", "0.51", "0.15", "4.7", "0.75", "0.3F",
                           "bash:3", "nim", "dawson", "0.07", "subtract:2,3", "lasker"}) {
    SCOPED_TRACE(name);
    const std::unique_ptr<Ruleset> ruleset = parse_ruleset(name);
    for (Heap n = 0; n <= 16; ++n) {
      const std::uint64_t bound =
          detail::reachable_positions_at_least(*ruleset, Position{n}, ~std::uint64_t{0});
      EXPECT_LE(bound, explored(*ruleset, Position{n})) << "n = " << n;
    }
    const std::uint64_t two =
        detail::reachable_positions_at_least(*ruleset, Position{9, 6}, ~std::uint64_t{0});
    EXPECT_LE(two, explored(*ruleset, Position{9, 6}));
  }
}

TEST(ReachEstimate, ExactForKaylesLessTheEmptyPosition) {
  const std::unique_ptr<Ruleset> kayles = parse_ruleset("kayles");
  for (Heap n = 1; n <= 18; ++n)
    EXPECT_EQ(detail::reachable_positions_at_least(*kayles, Position{n}, ~std::uint64_t{0}) + 1,
              explored(*kayles, Position{n}))
        << "n = " << n;
  // p(101) - 1 multisets from Kayles 100 (partitions of 101 into parts of
  // two or more: p(101) - p(100), summed over totals up to 101, telescopes;
  // p(101) = 214481126, OEIS A000041).
  EXPECT_EQ(detail::reachable_positions_at_least(*kayles, Position{100}, ~std::uint64_t{0}),
            214481126u - 1);
  // Saturating at the cap given.
  EXPECT_EQ(detail::reachable_positions_at_least(*kayles, Position{100}, 4'000'001), 4'000'001u);
}

TEST(ReachEstimate, SuspenseSearchPastItsLimitIsRefusedBeforeTheWork) {
  // The count, not the memo, refuses Kayles 100 (90 s of search before).
  const std::unique_ptr<Ruleset> kayles = parse_ruleset("kayles");
  TempoSearch search(*kayles, Convention::normal, Tempo::suspense, 4'000'000);
  const std::string why = refusal(search, Position{100});
  EXPECT_NE(why.find("more than 4000000 positions are reachable"), std::string::npos) << why;
  EXPECT_EQ(search.positions_stored(), 0u);
  // Within the limit, the search runs as before.
  TempoSearch small(*kayles, Convention::normal, Tempo::suspense, 4'000'000);
  EXPECT_GT(small.value(Position{12}), 0u);
}

TEST(ReachEstimate, CompoundsNeverAboveWhatAnExplorationReaches) {
  // Disjunctive sums of games of different rulesets (kept apart), and the
  // Every-SG and conjunctive compounds of the same summands.
  for (const char* text : {"kayles 9 + 0.137 8", "kayles 9 + 0.75 8", "kayles 7 + nim 3 + 0.6 6", "0.15 10 + wythoff 2 3",
                           "kayles 6 4 + dawson 7", "nim 2 + lasker 3"}) {
    SCOPED_TRACE(text);
    const std::vector<GamePosition> summands = parse_game(text);
    const GamePosition sum = sum_of(summands);
    const std::uint64_t bound =
        detail::reachable_positions_at_least(*sum.ruleset, sum.position, ~std::uint64_t{0});
    EXPECT_LE(bound, explored(*sum.ruleset, sum.position));
    for (CompoundKind kind : {CompoundKind::every, CompoundKind::conjunctive}) {
      const CompoundPosition c = every_compound_of(summands, kind);
      const std::uint64_t b =
          detail::reachable_positions_at_least(*c.compound, c.position, ~std::uint64_t{0});
      EXPECT_LE(b, explored(*c.compound, c.position));
      if (kind == CompoundKind::conjunctive) EXPECT_EQ(b, 0u);
    }
  }
  // The product of the components' counts: Kayles 9 and 0.75 8 each
  // counted alone (the sum is their pairs).
  const GamePosition sum = sum_of(parse_game("kayles 9 + 0.75 8"));
  const auto& parts = *compound_of(*sum.ruleset);
  const std::vector<Position> each = parts.decode(sum.position);
  EXPECT_EQ(detail::reachable_positions_at_least(*sum.ruleset, sum.position, ~std::uint64_t{0}),
            detail::reachable_positions_at_least(parts.ruleset(0), each[0], ~std::uint64_t{0}) *
                detail::reachable_positions_at_least(parts.ruleset(1), each[1], ~std::uint64_t{0}));
}

TEST(ReachEstimate, RemotenessOfASumPastItsLimitIsRefusedBeforeTheWork) {
  // Kayles 40 reaches about 44 thousand positions (p(41) - 1) and 0.75 20
  // about a thousand: their sum's pairs are far past 4,000,000, each alone
  // within it.
  const GamePosition sum = sum_of(parse_game("kayles 40 + 0.75 20"));
  TempoSearch search(*sum.ruleset, Convention::normal, Tempo::remoteness, 4'000'000);
  const std::string why = refusal(search, sum.position);
  EXPECT_NE(why.find("positions are reachable from this one, counted before"), std::string::npos)
      << why;
  EXPECT_EQ(search.positions_stored(), 0u);
}

}  // namespace
}  // namespace grundy::reach_estimate_test
