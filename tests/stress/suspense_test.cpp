// Every-SG by suspense numbers (solve/suspense.h) against a direct search of
// the compound itself: the state is the tuple of components, a move moves in
// every component that has a move, and whoever cannot move at all loses
// (docs/theory.md §5). Also checks that the prescribed move (each
// component to an option of suspense S - 1) wins whenever the compound is won.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>

#include "grundy/rules/registry.h"
#include "grundy/solve/suspense.h"
#include "support/twins.h"

namespace grundy::suspense_test {
namespace {

using Compound = std::vector<Position>;

class EverySgTwin {
 public:
  explicit EverySgTwin(const Ruleset& ruleset) : ruleset_(ruleset) {}

  bool mover_wins(Compound state) {
    for (Position& c : state) c = ruleset_.canonical(c);
    std::sort(state.begin(), state.end());
    if (auto it = memo_.find(state); it != memo_.end()) return it->second;
    // Options of each component; components without a move stay as they are.
    std::vector<std::vector<Position>> choices;
    bool any_move = false;
    for (const Position& c : state) {
      std::vector<Position> options;
      ruleset_.for_each_option(c, [&](const Position& after) {
        options.push_back(after);
        return true;
      });
      if (options.empty()) options.push_back(c);
      else any_move = true;
      choices.push_back(std::move(options));
    }
    bool wins = false;
    if (any_move) {
      std::vector<std::size_t> pick(state.size(), 0);
      for (;;) {
        Compound next;
        for (std::size_t i = 0; i < state.size(); ++i) next.push_back(choices[i][pick[i]]);
        if (!mover_wins(next)) {
          wins = true;
          break;
        }
        std::size_t i = 0;
        while (i < pick.size() && ++pick[i] == choices[i].size()) pick[i++] = 0;
        if (i == pick.size()) break;
      }
    }
    memo_[state] = wins;
    return wins;
  }

 private:
  const Ruleset& ruleset_;
  std::map<Compound, bool> memo_;
};

void check_random(const std::string& name, std::size_t max_count, Heap max_heap, int rounds) {
  const auto ruleset = parse_ruleset(name);
  Suspense suspense(*ruleset, 1'000'000);
  EverySgTwin twin(*ruleset);
  const unsigned seed = 3003;
  std::mt19937_64 rng(seed);
  for (int round = 0; round < rounds; ++round) {
    const std::size_t count = 1 + static_cast<std::size_t>(rng() % max_count);
    Compound components(count);
    for (Position& c : components) c = {rng() % (max_heap + 1)};
    std::string shown;
    for (const Position& c : components) shown += testing::show(c) + " ";
    SCOPED_TRACE(::testing::Message() << name << " " << shown << "seed " << seed);
    const bool wins = suspense.mover_wins(components);
    ASSERT_EQ(wins, twin.mover_wins(components));
    if (!wins) continue;
    Compound next;
    for (const Position& c : components) {
      bool has_move = false;
      ruleset->for_each_option(c, [&](const Position&) {
        has_move = true;
        return false;
      });
      next.push_back(has_move ? suspense.best_option(c) : c);
    }
    EXPECT_FALSE(twin.mover_wins(next));
  }
}

TEST(Suspense, MatchesCompoundSearchNim) { check_random("nim", 3, 6, 300); }
TEST(Suspense, MatchesCompoundSearchKayles) { check_random("kayles", 3, 7, 300); }
TEST(Suspense, MatchesCompoundSearchSubtraction) { check_random("subtract:1,2", 3, 9, 200); }
TEST(Suspense, MatchesCompoundSearchGrundyGame) { check_random("grundy-game", 3, 9, 200); }
TEST(Suspense, MatchesCompoundSearchDawson) { check_random("dawson", 2, 7, 200); }

// A forced game: a heap of n under subtract-1 lasts exactly n moves.
TEST(Suspense, ForcedGame) {
  const auto ruleset = parse_ruleset("bash:1");
  Suspense suspense(*ruleset, 10'000);
  for (Heap n = 0; n <= 40; ++n) EXPECT_EQ(suspense.value({n}), n);
}

}  // namespace
}  // namespace grundy::suspense_test
