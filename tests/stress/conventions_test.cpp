// Every convention's analysis of compounds (solve/compound_analysis.h) against
// a retrograde analysis of the whole compound (solve/retrograde.h), on random
// small compounds of heap games (random octal and hexadecimal codes,
// subtraction sets, nim), Wythoff pairs, staircases and tokens on random
// acyclic and cyclic graphs:
// - normal play: the outcome (P, N, D) and the exact set of winning moves of
//   the disjunctive sum;
// - misère play: the same against Retrograde(misère), and against BruteForce
//   when no component has cycles;
// - Every-SG: the outcome against Retrograde on the Every-SG compound, and
//   that the move given is legal and, when the mover wins, leads to a lost
//   position;
// - the conjunctive compound: the outcome against Retrograde, and that the
//   move given is legal and, when the mover wins, leads to a lost position;
// - remoteness in both conventions, with the move good play makes.
// Where a component has cycles, compound_analysis itself uses Retrograde for
// misère play, Every-SG and remoteness, so those answers are also compared
// with LoopyTwin, a fixed point of the definitions computed round by round.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "grundy/rules/compound.h"
#include "grundy/rules/graph.h"
#include "grundy/rules/graph_tokens.h"
#include "grundy/rules/registry.h"
#include "grundy/solve/brute_force.h"
#include "grundy/solve/compound_analysis.h"
#include "grundy/solve/retrograde.h"
#include "support/loopy_twin.h"
#include "support/twins.h"

namespace grundy::conventions_test {
namespace {

constexpr std::uint64_t kSeed = 20240618;
// Room for the searches' work too (detail/search_work.h: 8 steps a
// position of the limit), which the retrograde twins of sums spend first.
constexpr std::uint64_t kLimit = 8'000'000;
constexpr std::size_t kAllMoves = 100'000;

std::set<Position> canonical_set(const Ruleset& ruleset, const std::vector<Position>& list) {
  std::set<Position> result;
  for (const Position& p : list) result.insert(ruleset.canonical(p));
  return result;
}

using testing::all_options;
using testing::LoopyTwin;

// ---------------------------------------------------------------------------
// Random compounds.

struct Component {
  std::shared_ptr<const Ruleset> ruleset;
  Position position;
  std::string text;  // for failure messages
};

using testing::random_code;

// Tokens on a random graph of at most 8 vertices: a DAG (edges go forward in
// a random order of the vertices) or a digraph with loops and cycles allowed.
Component random_graph_component(std::mt19937_64& rng, bool cyclic, Heap largest_token_count) {
  const int n = 2 + static_cast<int>(rng() % 7);
  const unsigned percent = 15 + static_cast<unsigned>(rng() % 25);
  std::vector<int> order(n);
  for (int i = 0; i < n; ++i) order[i] = i;
  std::shuffle(order.begin(), order.end(), rng);
  std::vector<Edge> edges;
  std::string text = cyclic ? "graph (edges" : "dag (edges";
  for (int i = 0; i < n; ++i)
    for (int j = cyclic ? 0 : i + 1; j < n; ++j)
      if (rng() % 100 < percent) {
        edges.push_back({static_cast<Vertex>(order[i]), static_cast<Vertex>(order[j])});
        text += " " + std::to_string(order[i]) + ">" + std::to_string(order[j]);
      }
  Component c;
  c.ruleset = std::make_shared<GraphTokens>(
      std::make_shared<const Graph>(Graph::from_edges(n, edges)));
  c.position.resize(1 + rng() % largest_token_count);
  for (Heap& t : c.position) t = rng() % n;
  c.text = text + ") tokens " + testing::show(c.position);
  return c;
}

// `small` keeps three-component compounds within a few thousand positions.
Component random_component(std::mt19937_64& rng, bool small) {
  const Heap largest_heap = small ? 5 : 8;
  std::string name;
  Position position;
  switch (rng() % 8) {
    case 0:
    case 1: name = random_code(rng); break;
    case 2: {
      name = "subtract:";
      const std::size_t count = 1 + rng() % 3;
      for (std::size_t i = 0; i < count; ++i)
        name += (i ? "," : "") + std::to_string(1 + rng() % 4);
      break;
    }
    case 3: name = "nim"; break;
    case 4:
      name = "wythoff";
      position = {rng() % (small ? 5 : 7), rng() % (small ? 5 : 7)};
      break;
    case 5:
      name = "staircase";
      position.resize(1 + rng() % 3);
      for (Heap& s : position) s = rng() % 4;
      break;
    case 6: return random_graph_component(rng, false, small ? 1 : 2);
    default: return random_graph_component(rng, true, small ? 1 : 2);
  }
  if (position.empty()) {
    position.resize(1 + rng() % 2);
    for (Heap& h : position) h = rng() % (largest_heap + 1);
  }
  Component c;
  c.ruleset = parse_ruleset(name);
  c.position = position;
  c.text = name + " " + testing::show(position);
  return c;
}

struct RandomCompound {
  std::vector<std::shared_ptr<const Ruleset>> rulesets;
  Position position;  // encoded
  std::string text;
};

RandomCompound random_compound(std::mt19937_64& rng) {
  const std::size_t count = 1 + rng() % 3;
  RandomCompound result;
  std::vector<Position> positions;
  for (std::size_t i = 0; i < count; ++i) {
    Component c = random_component(rng, count == 3);
    result.rulesets.push_back(c.ruleset);
    positions.push_back(c.position);
    result.text += (i ? " + " : "") + c.text;
  }
  result.position = Compound::encode(positions);
  return result;
}

// ---------------------------------------------------------------------------
// The checks.

// The option good play chooses, by the labels and remoteness of `retro`.
void check_best(Retrograde& retro, const Ruleset& ruleset, const Position& p,
                const std::optional<Position>& best) {
  const std::vector<Position> options = all_options(ruleset, p);
  if (options.empty()) {
    EXPECT_FALSE(best.has_value());
    return;
  }
  ASSERT_TRUE(best.has_value());
  ASSERT_TRUE(canonical_set(ruleset, options).count(ruleset.canonical(*best)));
  switch (retro.outcome(p)) {
    case Outcome::N:
      EXPECT_EQ(retro.outcome(*best), Outcome::P);
      EXPECT_EQ(*retro.remoteness(*best) + 1, *retro.remoteness(p));
      break;
    case Outcome::P:
      EXPECT_EQ(*retro.remoteness(*best) + 1, *retro.remoteness(p));
      break;
    case Outcome::D:
      EXPECT_EQ(retro.outcome(*best), Outcome::D);
      break;
  }
}

// The disjunctive sum under `convention`: outcome and winning moves.
void check_sum(const Compound& sum, const Position& p, Convention convention, Retrograde& retro,
               BruteForce* brute, const LoopyTwin* twin) {
  AnalysisOptions options;
  options.convention = convention;
  options.max_moves = kAllMoves;
  options.search_limit = kLimit;
  const Analysis a = analyze(sum, p, options);
  const Outcome expected = retro.outcome(p);
  ASSERT_EQ(a.outcome, expected) << a.method;
  if (brute) ASSERT_EQ(brute->mover_wins(p, convention), expected == Outcome::N);
  if (twin) ASSERT_EQ(twin->outcome(p), expected);

  EXPECT_TRUE(a.winning_moves.complete);
  std::vector<Position> listed;
  for (const Move& m : a.winning_moves.items) listed.push_back(m.after(p));
  std::vector<Position> distinct = listed;
  std::sort(distinct.begin(), distinct.end());
  EXPECT_EQ(std::unique(distinct.begin(), distinct.end()), distinct.end())
      << "a winning move is listed twice";
  const std::vector<Position> winning = retro.winning_options(p, kAllMoves).items;
  EXPECT_EQ(canonical_set(sum, listed), canonical_set(sum, winning)) << a.method;
  if (a.winning_move_count) {
    EXPECT_EQ(*a.winning_move_count, listed.size());
  }
}

void check_every(const Compound& every, const Position& p, Retrograde& retro,
                 const LoopyTwin* twin) {
  const CompoundAnalysis a = analyze_every(every, p, kLimit);
  const Outcome expected = retro.outcome(p);
  ASSERT_EQ(a.outcome, expected) << a.method;
  if (twin) ASSERT_EQ(twin->outcome(p), expected);
  if (!every.has_cycles()) {
    EXPECT_EQ(a.numbers.size(), every.size());
    // The largest suspense decides: odd iff the mover wins.
    ASSERT_TRUE(a.decisive().has_value());
    EXPECT_EQ(*a.decisive() % 2 == 1, expected == Outcome::N);
    EXPECT_EQ(*a.decisive(), *std::max_element(a.numbers.begin(), a.numbers.end()));
  }
  const std::vector<Position> options = all_options(every, p);
  if (options.empty()) {
    EXPECT_FALSE(a.move.has_value());
    return;
  }
  ASSERT_TRUE(a.move.has_value()) << a.method;
  ASSERT_TRUE(canonical_set(every, options).count(every.canonical(*a.move)))
      << "not a legal move: " << every.show(*a.move);
  if (expected == Outcome::N) EXPECT_EQ(retro.outcome(*a.move), Outcome::P) << a.method;
  if (expected == Outcome::D) EXPECT_EQ(retro.outcome(*a.move), Outcome::D) << a.method;
}

// The conjunctive compound: the least remoteness of the components decides.
void check_conjunctive(const Compound& conjunctive, const Position& p, Retrograde& retro) {
  const CompoundAnalysis a = analyze_conjunctive(conjunctive, p, kLimit);
  const Outcome expected = retro.outcome(p);
  ASSERT_EQ(a.outcome, expected) << a.method;
  if (!conjunctive.has_cycles()) {
    EXPECT_EQ(a.numbers.size(), conjunctive.size());
    // The least remoteness decides: odd iff the mover wins.
    ASSERT_TRUE(a.decisive().has_value());
    EXPECT_EQ(*a.decisive() % 2 == 1, expected == Outcome::N);
    EXPECT_EQ(*a.decisive(), *std::min_element(a.numbers.begin(), a.numbers.end()));
  } else {
    EXPECT_FALSE(a.decisive().has_value());
  }
  const std::vector<Position> options = all_options(conjunctive, p);
  if (options.empty()) {
    EXPECT_FALSE(a.move.has_value());
    return;
  }
  ASSERT_TRUE(a.move.has_value()) << a.method;
  ASSERT_TRUE(canonical_set(conjunctive, options).count(conjunctive.canonical(*a.move)))
      << "not a legal move: " << conjunctive.show(*a.move);
  if (expected == Outcome::N) EXPECT_EQ(retro.outcome(*a.move), Outcome::P) << a.method;
  if (expected == Outcome::D) EXPECT_EQ(retro.outcome(*a.move), Outcome::D) << a.method;
}

void check_remoteness(const Compound& game, const Position& p, Convention convention,
                      Retrograde& retro, const LoopyTwin* twin) {
  const RemotenessAnalysis a = analyze_remoteness(game, p, convention, kLimit);
  ASSERT_EQ(a.outcome, retro.outcome(p)) << a.method;
  ASSERT_EQ(a.remoteness, retro.remoteness(p)) << a.method;
  if (twin) ASSERT_EQ(a.remoteness, twin->remoteness(p));
  check_best(retro, game, p, a.best);
}

// What every search expands (Ruleset::for_each_canonical_option; a
// disjunctive compound canonicalises only the component a move changed)
// against its definition: canonical() of each option for_each_option lists,
// each distinct one at least once, on random compounds of every kind, their positions as
// drawn (heaps unsorted, empty heaps, tokens in any order) and two moves on.
TEST(Conventions, CanonicalOptionsAreTheCanonicalFormsOfTheOptions) {
  std::mt19937_64 rng(kSeed + 1);
  std::size_t compared = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const RandomCompound random = random_compound(rng);
    const CompoundKind kind = static_cast<CompoundKind>(trial % 3);
    const Compound game(random.rulesets, kind);
    std::vector<Position> frontier{random.position};
    for (int depth = 0; depth < 3 && !frontier.empty(); ++depth) {
      std::vector<Position> next;
      for (const Position& p : frontier) {
        std::vector<Position> expected, listed;
        game.for_each_option(p, [&](const Position& after) {
          expected.push_back(game.canonical(after));
          if (next.size() < 40 && rng() % 4 == 0) next.push_back(after);
          return true;
        });
        game.for_each_canonical_option(p, [&](Position&& option) {
          listed.push_back(std::move(option));
          return true;
        });
        // Each distinct option, repeats allowed to be left out.
        ASSERT_EQ(std::set<Position>(listed.begin(), listed.end()),
                  std::set<Position>(expected.begin(), expected.end()))
            << random.text << " (kind " << trial % 3 << ") at " << game.show(p);
        ASSERT_LE(listed.size(), expected.size());
        compared += listed.size();
      }
      frontier = std::move(next);
    }
  }
  EXPECT_GT(compared, 10'000u);
}

TEST(Conventions, CompoundAnalysesMatchRetrogradeAnalysis) {
  std::mt19937_64 rng(kSeed);
  int cyclic_trials = 0, draws = 0, every_draws = 0;
  for (int trial = 0; trial < 120; ++trial) {
    const RandomCompound random = random_compound(rng);
    const Compound sum(random.rulesets, CompoundKind::disjunctive);
    const Compound every(random.rulesets, CompoundKind::every);
    const Compound conjunctive(random.rulesets, CompoundKind::conjunctive);
    const bool cyclic = sum.has_cycles();
    cyclic_trials += cyclic;

    Retrograde normal(sum, Convention::normal, kLimit);
    Retrograde misere(sum, Convention::misere, kLimit);
    Retrograde every_normal(every, Convention::normal, kLimit);
    Retrograde conjunctive_normal(conjunctive, Convention::normal, kLimit);
    std::optional<BruteForce> brute;
    if (!cyclic) brute.emplace(sum, kLimit);
    // The start and a few of its options in the sum (which the Every-SG
    // compound need not reach from the start).
    std::vector<Position> positions{random.position};
    std::vector<Position> options = all_options(sum, random.position);
    std::shuffle(options.begin(), options.end(), rng);
    for (std::size_t i = 0; i < options.size() && i < 3; ++i) positions.push_back(options[i]);
    std::optional<LoopyTwin> twin_normal, twin_misere, twin_every;
    if (cyclic) {
      twin_normal.emplace(sum, false);
      twin_misere.emplace(sum, true);
      twin_every.emplace(every, false);
      twin_normal->add(random.position);
      twin_misere->add(random.position);
      for (const Position& p : positions) twin_every->add(p);
    }
    for (const Position& p : positions) {
      SCOPED_TRACE(::testing::Message() << "seed " << kSeed << ", trial " << trial << ": "
                                        << random.text << "; position " << sum.show(p));
      draws += normal.outcome(p) == Outcome::D;
      every_draws += every_normal.outcome(p) == Outcome::D;
      check_sum(sum, p, Convention::normal, normal, nullptr, twin_normal ? &*twin_normal : nullptr);
      check_sum(sum, p, Convention::misere, misere, brute ? &*brute : nullptr,
                twin_misere ? &*twin_misere : nullptr);
      check_every(every, p, every_normal, twin_every ? &*twin_every : nullptr);
      check_conjunctive(conjunctive, p, conjunctive_normal);
      check_remoteness(sum, p, Convention::normal, normal, twin_normal ? &*twin_normal : nullptr);
      check_remoteness(sum, p, Convention::misere, misere, twin_misere ? &*twin_misere : nullptr);
      check_remoteness(every, p, Convention::normal, every_normal,
                       twin_every ? &*twin_every : nullptr);
    }
  }
  // The random compounds must reach the cases that matter.
  EXPECT_GT(cyclic_trials, 20);
  EXPECT_GT(draws, 10);
  EXPECT_GT(every_draws, 10);
}

}  // namespace
}  // namespace grundy::conventions_test
