// GameSolver (solve/user_game.h) against its by-definition twins: heap
// rulesets wrapped as user games against grundy::BruteForce (Grundy values,
// normal and misère outcomes, winning moves, component sums against the
// whole-position search); random digraphs with cycles against a win/loss/draw
// labelling computed here by iterating the definition to its fixed point,
// for one token and for sums of two tokens.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "grundy/rules/registry.h"
#include "grundy/solve/brute_force.h"
#include "grundy/solve/user_game.h"

namespace grundy::user_game_test {
namespace {

constexpr std::uint64_t kSeed = 20240917;

// A heap ruleset as a user game: whole positions, moves from the ruleset.
struct HeapGame {
  using position = Position;
  const Ruleset* ruleset = nullptr;

  static std::size_t hash(const Position& p) { return PositionHash{}(p); }
  std::vector<Position> moves(const Position& p) const {
    std::vector<Position> options;
    ruleset->for_each_option(p, [&](const Position& option) {
      options.push_back(option);
      return true;
    });
    return options;
  }
  Position canonical(const Position& p) const { return ruleset->canonical(p); }
};

// The same with each heap a component.
struct HeapGameByHeaps : HeapGame {
  std::vector<Position> components(const Position& p) const {
    std::vector<Position> parts;
    for (Heap h : p)
      if (h != 0) parts.push_back({h});
    return parts;
  }
};

static_assert(Game<HeapGame> && !GameWithComponents<HeapGame> && GameWithCanonical<HeapGame>);
static_assert(GameWithComponents<HeapGameByHeaps>);

struct NoHash {
  struct position {
    int x;
    friend bool operator==(const position&, const position&) = default;
  };
  std::vector<position> moves(const position&) const { return {}; }
};
static_assert(!Game<NoHash>, "a position without a hash is refused");

std::string text(const Position& p) {
  std::string s;
  for (Heap h : p) s += std::to_string(h) + " ";
  return s;
}

TEST(UserGame, HeapRulesetsAgreeWithBruteForce) {
  std::mt19937_64 rng(kSeed);
  struct Case {
    const char* name;
    Heap max_heap;
  };
  for (const Case& c : {Case{"kayles", 9}, Case{"dawson", 10}, Case{"0.137", 9}, Case{"nim", 5},
                        Case{"subtract:1,3,4", 12}, Case{"lasker", 5}, Case{"0.6", 9}}) {
    const auto ruleset = parse_ruleset(c.name);
    BruteForce brute(*ruleset, 2'000'000);
    GameSolver<HeapGameByHeaps> by_heaps(HeapGameByHeaps{{ruleset.get()}});
    GameSolver<HeapGame> whole(HeapGame{ruleset.get()});
    for (int trial = 0; trial < 60; ++trial) {
      Position p(1 + rng() % 3);
      for (Heap& h : p) h = rng() % (c.max_heap + 1);
      SCOPED_TRACE(std::string("seed ") + std::to_string(kSeed) + ", " + c.name + ": " + text(p));
      const Nimber g = brute.grundy_value(p);
      EXPECT_EQ(by_heaps.grundy_value(p), g);
      EXPECT_EQ(whole.grundy_value(p), g);
      for (const Convention convention : {Convention::normal, Convention::misere}) {
        const Outcome expected = brute.mover_wins(p, convention) ? Outcome::N : Outcome::P;
        EXPECT_EQ(by_heaps.outcome(p, convention), expected);
        EXPECT_EQ(whole.outcome(p, convention), expected);
        const auto wins = by_heaps.winning_moves(p, convention);
        // A misère terminal position is won without a move.
        if (!by_heaps.game().moves(p).empty()) EXPECT_EQ(wins.empty(), expected == Outcome::P);
        for (const Position& option : wins) EXPECT_FALSE(brute.mover_wins(option, convention));
        EXPECT_EQ(wins.size(), brute.winning_options(p, convention, 1'000'000).size());
      }
      const auto remoteness = whole.remoteness(p);
      ASSERT_TRUE(remoteness.has_value());
      EXPECT_EQ(*remoteness % 2 == 1, g != 0);
    }
    EXPECT_FALSE(by_heaps.found_cycle());
  }
}

// Remoteness by its definition (docs/theory.md §5), recursively, on Kayles.
std::uint64_t remoteness_twin(const HeapGame& game, const Position& p) {
  std::vector<std::uint64_t> r;
  for (const Position& option : game.moves(p)) r.push_back(remoteness_twin(game, option));
  if (r.empty()) return 0;
  std::uint64_t least_even = UINT64_MAX, most = 0;
  for (std::uint64_t x : r) {
    if (x % 2 == 0) least_even = std::min(least_even, x);
    most = std::max(most, x);
  }
  return 1 + (least_even != UINT64_MAX ? least_even : most);
}

TEST(UserGame, RemotenessMatchesDefinition) {
  const auto ruleset = parse_ruleset("kayles");
  const HeapGame game{ruleset.get()};
  GameSolver<HeapGame> solver(game);
  for (const Position& p : {Position{}, Position{1}, Position{2}, Position{5}, Position{3, 4},
                            Position{2, 2, 3}, Position{7}}) {
    SCOPED_TRACE(text(p));
    EXPECT_EQ(solver.remoteness(p), remoteness_twin(game, p));
  }
}

// Tokens on a digraph, as a user game; each token a component.
struct TokenGame {
  using position = std::vector<int>;
  const std::vector<std::vector<int>>* followers = nullptr;

  static std::size_t hash(const position& p) {
    std::size_t h = 17;
    for (int v : p) h = h * 31 + static_cast<std::size_t>(v);
    return h;
  }
  position canonical(position p) const {
    std::sort(p.begin(), p.end());
    return p;
  }
  std::vector<position> moves(const position& p) const {
    std::vector<position> options;
    for (std::size_t i = 0; i < p.size(); ++i)
      for (int w : (*followers)[static_cast<std::size_t>(p[i])]) {
        position after = p;
        after[i] = w;
        options.push_back(after);
      }
    return options;
  }
  std::vector<position> components(const position& p) const {
    std::vector<position> parts;
    for (int v : p) parts.push_back({v});
    return parts;
  }
};

// Win (+1) / loss (-1) / draw (0) of every vertex of a game graph, by
// iterating the definition until nothing changes.
std::vector<int> fixed_point_labels(const std::vector<std::vector<int>>& followers,
                                    bool terminal_wins) {
  std::vector<int> label(followers.size(), 0);
  for (bool changed = true; changed;) {
    changed = false;
    for (std::size_t v = 0; v < followers.size(); ++v) {
      if (label[v] != 0) continue;
      int next = 0;
      if (followers[v].empty()) {
        next = terminal_wins ? 1 : -1;
      } else {
        bool some_lost = false, all_won = true;
        for (int w : followers[v]) {
          some_lost |= label[static_cast<std::size_t>(w)] < 0;
          all_won &= label[static_cast<std::size_t>(w)] > 0;
        }
        next = some_lost ? 1 : all_won ? -1 : 0;
      }
      if (next != 0) label[v] = next, changed = true;
    }
  }
  return label;
}

Outcome outcome_of_label(int label) { return label > 0 ? Outcome::N : label < 0 ? Outcome::P : Outcome::D; }

TEST(UserGame, RandomDigraphsWithCycles) {
  std::mt19937_64 rng(kSeed + 1);
  int loopy_graphs = 0, draws = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const int n = 1 + static_cast<int>(rng() % 8);
    std::vector<std::vector<int>> followers(static_cast<std::size_t>(n));
    const int edges = static_cast<int>(rng() % (2 * n + 1));
    for (int e = 0; e < edges; ++e)
      followers[rng() % n].push_back(static_cast<int>(rng() % n));
    SCOPED_TRACE("seed " + std::to_string(kSeed + 1) + ", trial " + std::to_string(trial));
    GameSolver<TokenGame> solver(TokenGame{&followers});

    // The two-token game graph: vertex a * n + b for tokens (a, b).
    std::vector<std::vector<int>> pair_followers(static_cast<std::size_t>(n * n));
    for (int a = 0; a < n; ++a)
      for (int b = 0; b < n; ++b) {
        for (int w : followers[a]) pair_followers[a * n + b].push_back(w * n + b);
        for (int w : followers[b]) pair_followers[a * n + b].push_back(a * n + w);
      }
    for (const bool misere : {false, true}) {
      const Convention convention = misere ? Convention::misere : Convention::normal;
      const auto single = fixed_point_labels(followers, misere);
      const auto pairs = fixed_point_labels(pair_followers, misere);
      for (int v = 0; v < n; ++v) {
        EXPECT_EQ(solver.outcome({v}, convention), outcome_of_label(single[v])) << "vertex " << v;
        draws += single[v] == 0;
        for (const auto& option : solver.winning_moves({v}, convention))
          EXPECT_EQ(single[option[0]], -1) << "winning move " << v << " -> " << option[0];
      }
      for (int a = 0; a < n; ++a)
        for (int b = a; b < n; ++b) {
          EXPECT_EQ(solver.outcome({a, b}, convention), outcome_of_label(pairs[a * n + b]))
              << "tokens " << a << ", " << b;
          for (const auto& option : solver.winning_moves({a, b}, convention))
            EXPECT_EQ(pairs[option[0] * n + option[1]], -1);
        }
    }
    for (int v = 0; v < n; ++v) {
      // Normal play: a draw exactly when no remoteness, and odd remoteness = N.
      const auto remoteness = solver.remoteness({v});
      const Outcome outcome = solver.outcome({v});
      EXPECT_EQ(remoteness.has_value(), outcome != Outcome::D);
      if (remoteness) EXPECT_EQ(*remoteness % 2 == 1, outcome == Outcome::N);
    }
    loopy_graphs += solver.found_cycle();
  }
  // The random graphs must actually exercise the loopy path.
  EXPECT_GT(loopy_graphs, 100);
  EXPECT_GT(draws, 100);
}

// A chain far longer than any call stack would allow: n -> n - 1.
struct Countdown {
  using position = std::uint64_t;
  std::vector<position> moves(position n) const {
    if (n == 0) return {};
    return {n - 1};
  }
};

TEST(UserGame, LongGamesNeedNoRecursion) {
  GameSolver<Countdown> solver(Countdown{}, 2'000'000);
  EXPECT_EQ(solver.grundy_value(300'000), 0u);
  EXPECT_EQ(solver.grundy_value(300'001), 1u);
  EXPECT_EQ(solver.remoteness(300'001), 300'001u);
  EXPECT_EQ(solver.outcome(300'000, Convention::misere), Outcome::N);
}

TEST(UserGame, PositionLimit) {
  GameSolver<Countdown> solver(Countdown{}, 1000);
  EXPECT_THROW(solver.grundy_value(5000), LimitError);
  // After the refusal the solver is still usable for small positions.
  EXPECT_EQ(solver.grundy_value(10), 0u);

  const std::vector<std::vector<int>> ring = {{1}, {2}, {3}, {4}, {0}};
  GameSolver<TokenGame> loopy(TokenGame{&ring}, 3);
  EXPECT_THROW(loopy.outcome({0}), LimitError);
}

}  // namespace
}  // namespace grundy::user_game_test
