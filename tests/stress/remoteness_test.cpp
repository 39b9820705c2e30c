// Remoteness (solve/remoteness.h) against its definition written out as plain
// recursion over raw, uncanonicalised positions, and its parity against the
// outcome twin, in both conventions; plus forced games whose remoteness is
// plain to see.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>

#include "grundy/core/error.h"
#include "grundy/rules/registry.h"
#include "grundy/solve/remoteness.h"
#include "grundy/solve/strategy.h"
#include "support/twins.h"

namespace grundy::remoteness_test {
namespace {

// docs/theory.md §5, with a misère terminal position given R = 1 (remoteness.h).
class RemotenessTwin {
 public:
  RemotenessTwin(const Ruleset& ruleset, bool misere) : ruleset_(ruleset), misere_(misere) {}

  std::uint64_t remoteness(const Position& p) {
    if (auto it = memo_.find(p); it != memo_.end()) return it->second;
    std::vector<Position> options;
    ruleset_.for_each_option(p, [&](const Position& after) {
      options.push_back(after);
      return true;
    });
    std::vector<std::uint64_t> even, all;
    for (const Position& after : options) {
      const std::uint64_t r = remoteness(after);
      all.push_back(r);
      if (r % 2 == 0) even.push_back(r);
    }
    std::uint64_t r;
    if (all.empty())
      r = misere_ ? 1 : 0;
    else if (!even.empty())
      r = 1 + *std::min_element(even.begin(), even.end());
    else
      r = 1 + *std::max_element(all.begin(), all.end());
    memo_[p] = r;
    return r;
  }

 private:
  const Ruleset& ruleset_;
  bool misere_;
  std::map<Position, std::uint64_t> memo_;
};

void check_random(const std::string& name, std::size_t max_count, Heap max_heap, int rounds) {
  const auto ruleset = parse_ruleset(name);
  for (const Convention convention : {Convention::normal, Convention::misere}) {
    const bool misere = convention == Convention::misere;
    Remoteness search(*ruleset, convention, 1'000'000);
    RemotenessTwin twin(*ruleset, misere);
    testing::RecursiveTwin outcome(*ruleset, misere);
    const unsigned seed = 20240605;
    std::mt19937_64 rng(seed);
    for (int round = 0; round < rounds; ++round) {
      const std::size_t count =
          name == "wythoff" ? 2 : 1 + static_cast<std::size_t>(rng() % max_count);
      Position p(count);
      for (Heap& h : p) h = rng() % (max_heap + 1);
      SCOPED_TRACE(::testing::Message() << name << (misere ? " misère " : " normal ")
                                        << testing::show(p) << " seed " << seed);
      const std::uint64_t r = search.value(p);
      ASSERT_EQ(r, twin.remoteness(p));
      ASSERT_EQ(r % 2 == 1, outcome.mover_wins(p));
      if (r > 0 && !(misere && r == 1)) {
        const Position best = search.best_option(p);
        EXPECT_EQ(twin.remoteness(best) + 1, r);
      }
    }
  }
}

// play_length by its meaning: good play (each side's best_option, the
// winner hurrying and the loser resisting) played out to the end, counting
// the moves and who made them; the winner is the mover iff R is odd.
void check_play_length(const std::string& name, std::size_t max_count, Heap max_heap, int rounds) {
  const auto ruleset = parse_ruleset(name);
  for (const Convention convention : {Convention::normal, Convention::misere}) {
    Remoteness search(*ruleset, convention, 1'000'000);
    std::mt19937_64 rng(20261129);
    for (int round = 0; round < rounds; ++round) {
      const std::size_t count =
          name == "wythoff" ? 2 : 1 + static_cast<std::size_t>(rng() % max_count);
      Position p(count);
      for (Heap& h : p) h = rng() % (max_heap + 1);
      SCOPED_TRACE(::testing::Message() << name << (convention == Convention::misere ? " misère " : " normal ")
                                        << testing::show(p));
      const std::uint64_t r = search.value(p);
      std::uint64_t moves = 0, mover_moves = 0;
      for (Position at = p; first_option(*ruleset, at); ++moves) {
        if (moves % 2 == 0) ++mover_moves;
        at = search.best_option(at);
      }
      const PlayLength length = play_length(r, convention);
      EXPECT_EQ(length.moves, moves);
      EXPECT_EQ(length.winner_moves, r % 2 == 1 ? mover_moves : moves - mover_moves);
    }
  }
}

TEST(Remoteness, PlayLengthIsGoodPlayPlayedOut) {
  check_play_length("nim", 3, 5, 200);
  check_play_length("kayles", 2, 7, 200);
  check_play_length("wythoff", 2, 10, 150);
  check_play_length("subtract:1,3,4", 3, 10, 150);
}

TEST(Remoteness, MatchesDefinitionNim) { check_random("nim", 3, 5, 300); }
TEST(Remoteness, MatchesDefinitionKayles) { check_random("kayles", 2, 7, 300); }
TEST(Remoteness, MatchesDefinitionWythoff) { check_random("wythoff", 2, 12, 300); }
TEST(Remoteness, MatchesDefinitionSubtraction) { check_random("subtract:1,3,4", 3, 10, 300); }
TEST(Remoteness, MatchesDefinitionStaircase) { check_random("staircase", 3, 4, 200); }

// Subtract-1 is forced: a heap of n lasts exactly n moves, one more in misère
// play for the virtual last move.
TEST(Remoteness, ForcedGame) {
  const auto ruleset = parse_ruleset("bash:1");
  Remoteness normal(*ruleset, Convention::normal, 10'000);
  Remoteness misere(*ruleset, Convention::misere, 10'000);
  for (Heap n = 0; n <= 50; ++n) {
    EXPECT_EQ(normal.value({n}), n);
    EXPECT_EQ(misere.value({n}), n + 1);
    // n moves either way; the winner makes the last move in normal play
    // and the second to last in misère play.
    EXPECT_EQ(play_length(normal.value({n}), Convention::normal).moves, n);
    EXPECT_EQ(play_length(misere.value({n}), Convention::misere).moves, n);
  }
}

// One Nim heap: the winner takes it all at once (R = 1); in misère play the
// winner leaves 1 (R = 3), and a lone 1 is lost (R = 2).
TEST(Remoteness, SingleNimHeap) {
  const auto ruleset = parse_ruleset("nim");
  Remoteness normal(*ruleset, Convention::normal, 10'000);
  Remoteness misere(*ruleset, Convention::misere, 10'000);
  EXPECT_EQ(normal.value({0}), 0u);
  EXPECT_EQ(misere.value({0}), 1u);
  EXPECT_EQ(misere.value({1}), 2u);
  for (Heap n = 1; n <= 30; ++n) EXPECT_EQ(normal.value({n}), 1u);
  for (Heap n = 2; n <= 30; ++n) EXPECT_EQ(misere.value({n}), 3u);
}

TEST(Remoteness, LimitIsEnforced) {
  const auto ruleset = parse_ruleset("nim");
  Remoteness search(*ruleset, Convention::normal, 100);
  EXPECT_THROW(search.value({20, 20, 20}), LimitError);
}

}  // namespace
}  // namespace grundy::remoteness_test
