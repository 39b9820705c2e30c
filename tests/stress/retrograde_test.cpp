// Retrograde analysis (solve/retrograde.h) against independent twins:
// - random acyclic heap games (random octal and hexadecimal codes, subtraction
//   sets, nim, wythoff, staircase): outcome and winning options against
//   BruteForce, remoteness against TempoSearch, in both conventions;
// - tokens on random graphs with cycles: in normal play the outcome and the
//   winning moves against the generalised Sprague-Grundy function
//   (graph_values.h); in both conventions outcome, remoteness, winning and
//   drawing options and the choice of best_option against LoopyTwin, a fixed
//   point computed round by round from the definitions;
// - Ferguson's cyclic graph (docs/examples/ferguson.txt) solved by hand.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "grundy/core/error.h"
#include "grundy/rules/graph.h"
#include "grundy/rules/graph_tokens.h"
#include "grundy/rules/registry.h"
#include "grundy/solve/brute_force.h"
#include "grundy/solve/graph_values.h"
#include "grundy/solve/remoteness.h"
#include "grundy/solve/retrograde.h"
#include "support/loopy_twin.h"
#include "support/twins.h"

namespace grundy::retrograde_test {
namespace {

constexpr std::uint64_t kSeed = 20240617;
constexpr std::uint64_t kLimit = 1'000'000;

using testing::all_options;
using testing::LoopyTwin;
using testing::sorted;

// What best_option must satisfy, given the twin's labels and remoteness.
void check_best_option(Retrograde& retro, const LoopyTwin& twin, const Ruleset& ruleset,
                       const Position& p) {
  const std::optional<Position> best = retro.best_option(p);
  const std::vector<Position> options = all_options(ruleset, p);
  if (options.empty()) {
    EXPECT_FALSE(best.has_value());
    return;
  }
  ASSERT_TRUE(best.has_value());
  EXPECT_NE(std::find(options.begin(), options.end(), *best), options.end());
  switch (twin.outcome(p)) {
    case Outcome::N:
      EXPECT_EQ(twin.outcome(*best), Outcome::P);
      EXPECT_EQ(*twin.remoteness(*best) + 1, *twin.remoteness(p));
      break;
    case Outcome::P:
      EXPECT_EQ(*twin.remoteness(*best) + 1, *twin.remoteness(p));
      break;
    case Outcome::D:
      EXPECT_EQ(twin.outcome(*best), Outcome::D);
      break;
  }
}

// ---------------------------------------------------------------------------
// Acyclic games: BruteForce and TempoSearch are the twins.

using testing::random_code;

std::string random_heap_ruleset(std::mt19937_64& rng) {
  switch (rng() % 6) {
    case 0: return "nim";
    case 1: return "wythoff";
    case 2: return "staircase";
    case 3: {
      std::string name = "subtract:";
      const std::size_t count = 1 + rng() % 3;
      for (std::size_t i = 0; i < count; ++i)
        name += (i ? "," : "") + std::to_string(1 + rng() % 5);
      return name;
    }
    default: return random_code(rng);
  }
}

Position random_position(std::mt19937_64& rng, const std::string& name) {
  if (name == "wythoff") return {rng() % 9, rng() % 9};
  const std::size_t count = 1 + rng() % 3;
  Position p(count);
  for (Heap& h : p) h = rng() % (name == "staircase" ? 5 : 9);
  return p;
}

TEST(Retrograde, MatchesBruteForceAndRemotenessOnAcyclicGames) {
  std::mt19937_64 rng(kSeed);
  for (int trial = 0; trial < 60; ++trial) {
    const std::string name = random_heap_ruleset(rng);
    const auto ruleset = parse_ruleset(name);
    for (const Convention convention : {Convention::normal, Convention::misere}) {
      const bool misere = convention == Convention::misere;
      Retrograde retro(*ruleset, convention, kLimit);
      BruteForce brute(*ruleset, kLimit);
      Remoteness remoteness(*ruleset, convention, kLimit);
      for (int round = 0; round < 15; ++round) {
        const Position p = random_position(rng, name);
        SCOPED_TRACE(::testing::Message() << "seed " << kSeed << ", trial " << trial << ": "
                                          << name << (misere ? " misère " : " normal ")
                                          << testing::show(p));
        const bool wins = brute.mover_wins(p, convention);
        ASSERT_EQ(retro.outcome(p), wins ? Outcome::N : Outcome::P);
        ASSERT_EQ(retro.remoteness(p), remoteness.value(p));
        const OptionList winning = retro.winning_options(p, 1'000);
        EXPECT_EQ(sorted(winning.items),
                  sorted(brute.winning_options(p, convention, 1'000).items));
        EXPECT_TRUE(winning.complete);
        const auto best = retro.best_option(p);
        if (all_options(*ruleset, p).empty()) {
          EXPECT_FALSE(best.has_value());
        } else {
          ASSERT_TRUE(best.has_value());
          EXPECT_EQ(remoteness.value(*best) + 1, remoteness.value(p));
          if (wins) {
            EXPECT_FALSE(brute.mover_wins(*best, convention));
          }
        }
      }
    }
  }
}

// ---------------------------------------------------------------------------
// Graphs with cycles.

struct RandomGraph {
  std::shared_ptr<const Graph> graph;
  int vertex_count = 0;
};

// Each ordered pair (self-loops included) is an edge with probability
// percent/100.
RandomGraph random_graph(std::mt19937_64& rng, int vertex_count, unsigned percent) {
  std::vector<Edge> edges;
  for (int u = 0; u < vertex_count; ++u)
    for (int v = 0; v < vertex_count; ++v)
      if (rng() % 100 < percent) edges.push_back({static_cast<Vertex>(u), static_cast<Vertex>(v)});
  return {std::make_shared<const Graph>(Graph::from_edges(vertex_count, edges)), vertex_count};
}

// Every multiset of `tokens` vertices, as sorted lists.
std::vector<Position> token_positions(int vertex_count, std::size_t tokens) {
  std::vector<Position> result;
  for (Position p : testing::all_positions(tokens, vertex_count - 1))
    if (std::is_sorted(p.begin(), p.end())) result.push_back(p);
  return result;
}

TEST(Retrograde, MatchesGeneralisedGrundyAndTheFixedPointOnCyclicGraphs) {
  std::mt19937_64 rng(kSeed + 1);
  int draws = 0, misere_draws = 0;
  for (int trial = 0; trial < 60; ++trial) {
    const int vertex_count = 1 + static_cast<int>(rng() % 10);
    const unsigned percent = 10 + static_cast<unsigned>(rng() % 30);
    const RandomGraph g = random_graph(rng, vertex_count, percent);
    const GraphTokens ruleset(g.graph);
    const std::vector<std::uint32_t> gamma = generalised_grundy_values(*g.graph);
    const std::size_t tokens = 1 + rng() % 3;
    std::vector<Position> positions = token_positions(vertex_count, tokens);
    // Shuffled and unsorted, so Retrograde meets them in no particular order
    // (extending its graph) and canonicalises them itself.
    std::shuffle(positions.begin(), positions.end(), rng);
    for (Position& p : positions) std::shuffle(p.begin(), p.end(), rng);
    for (const Convention convention : {Convention::normal, Convention::misere}) {
      const bool misere = convention == Convention::misere;
      Retrograde retro(ruleset, convention, kLimit);
      LoopyTwin twin(ruleset, misere);
      for (const Position& p : positions) twin.add(p);
      for (const Position& p : positions) {
        SCOPED_TRACE(::testing::Message() << "seed " << kSeed + 1 << ", trial " << trial
                                          << (misere ? " misère" : " normal") << ", tokens "
                                          << testing::show(p));
        const Outcome outcome = retro.outcome(p);
        ASSERT_EQ(outcome, twin.outcome(p));
        ASSERT_EQ(retro.remoteness(p), twin.remoteness(p));
        (misere ? misere_draws : draws) += outcome == Outcome::D;
        const OptionList winning = retro.winning_options(p, 1'000);
        EXPECT_TRUE(winning.complete);
        EXPECT_EQ(sorted(winning.items), twin.options_to(p, Outcome::P));
        const OptionList drawing = retro.drawing_options(p, 1'000);
        EXPECT_TRUE(drawing.complete);
        EXPECT_EQ(sorted(drawing.items), outcome == Outcome::D ? twin.options_to(p, Outcome::D)
                                                 : std::vector<Position>{});
        check_best_option(retro, twin, ruleset, p);
        if (misere) continue;
        std::vector<Vertex> vertices(p.begin(), p.end());
        const TokenAnalysis analysis = analyze_tokens(*g.graph, gamma, vertices);
        EXPECT_EQ(outcome, analysis.outcome);
        std::vector<Position> by_gamma;
        for (const TokenMove& move : analysis.winning_moves) {
          Position after = p;
          after[move.token] = move.to;
          by_gamma.push_back(after);
        }
        EXPECT_EQ(sorted(winning.items), sorted(by_gamma));
      }
    }
  }
  // The trials must exercise draws, or the cyclic case is not tested.
  EXPECT_GT(draws, 50);
  EXPECT_GT(misere_draws, 50);
}

// A later start that reaches the positions of an earlier one, and one that
// does not, give the same answers as a fresh analysis.
TEST(Retrograde, ExtendingTheGraphKeepsEarlierLabels) {
  std::mt19937_64 rng(kSeed + 2);
  for (int trial = 0; trial < 30; ++trial) {
    const RandomGraph g = random_graph(rng, 8, 20);
    const GraphTokens ruleset(g.graph);
    for (const Convention convention : {Convention::normal, Convention::misere}) {
      SCOPED_TRACE(::testing::Message() << "seed " << kSeed + 2 << ", trial " << trial);
      Retrograde growing(ruleset, convention, kLimit);
      for (int query = 0; query < 10; ++query) {
        Position p(1 + rng() % 3);
        for (Heap& t : p) t = rng() % 8;
        Retrograde fresh(ruleset, convention, kLimit);
        ASSERT_EQ(growing.outcome(p), fresh.outcome(p));
        ASSERT_EQ(growing.remoteness(p), fresh.remoteness(p));
      }
    }
  }
}

// ---------------------------------------------------------------------------
// Named example and limits.

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// T. S. Ferguson, Game Theory, part I, §3, Figure 3.4: a -> b -> c -> a,
// c -> d -> e. Ferguson: e is terminal, d moves only to e, a player at c will
// not move to d, so a, b and c are draws. Remoteness by hand: e 0 (lost),
// d 1 (won by d -> e). In misère play the terminal e is won (R = 1), d must
// move to it (lost, R = 2), c wins by c -> d (R = 3), b must move to c (lost,
// R = 4), a wins by a -> b (R = 5): no draw is left. Two tokens on d: each
// player moves one to e, and the mover loses after two moves (normal play).
TEST(Retrograde, FergusonFigure3_4) {
  const auto graph = std::make_shared<const Graph>(
      parse_graph(read_text(GRUNDY_SOURCE_DIR "/docs/examples/ferguson.txt")));
  const GraphTokens ruleset(graph);
  const auto at = [&](const char* name) { return static_cast<Heap>(*graph->find_vertex(name)); };
  const Heap a = at("a"), b = at("b"), c = at("c"), d = at("d"), e = at("e");

  Retrograde normal(ruleset, Convention::normal, 1'000);
  for (Heap tied : {a, b, c}) {
    EXPECT_EQ(normal.outcome({tied}), Outcome::D);
    EXPECT_EQ(normal.remoteness({tied}), std::nullopt);
  }
  EXPECT_EQ(normal.outcome({d}), Outcome::N);
  EXPECT_EQ(normal.remoteness({d}), 1u);
  EXPECT_EQ(normal.outcome({e}), Outcome::P);
  EXPECT_EQ(normal.remoteness({e}), 0u);
  EXPECT_EQ(normal.drawing_options({c}, 10).items, std::vector<Position>{{a}});
  EXPECT_TRUE(normal.winning_options({c}, 10).empty());
  EXPECT_EQ(normal.best_option({c}), Position{a});
  EXPECT_EQ(normal.winning_options({d}, 10).items, std::vector<Position>{{e}});
  EXPECT_EQ(normal.best_option({e}), std::nullopt);
  EXPECT_EQ(normal.outcome({d, d}), Outcome::P);
  EXPECT_EQ(normal.remoteness({d, d}), 2u);

  Retrograde misere(ruleset, Convention::misere, 1'000);
  const std::vector<std::pair<Heap, std::uint64_t>> expected = {
      {e, 1}, {d, 2}, {c, 3}, {b, 4}, {a, 5}};
  for (const auto& [vertex, r] : expected) {
    EXPECT_EQ(misere.outcome({vertex}), r % 2 ? Outcome::N : Outcome::P) << vertex;
    EXPECT_EQ(misere.remoteness({vertex}), r) << vertex;
  }
  EXPECT_EQ(misere.best_option({c}), Position{d});
  EXPECT_EQ(misere.best_option({e}), std::nullopt);
}

TEST(Retrograde, LimitIsEnforcedAndLeavesTheGraphUsable) {
  const auto ruleset = parse_ruleset("nim");
  // (20, 20, 20) reaches C(23, 3) = 1771 positions: past the limit, or
  // past the work it allows (detail/search_work.h), which names it too.
  Retrograde retro(*ruleset, Convention::normal, 1000);
  EXPECT_EQ(retro.outcome({2, 3}), Outcome::N);
  const std::uint64_t stored = retro.positions_stored();
  try {
    retro.outcome({20, 20, 20});
    ADD_FAILURE() << "no LimitError";
  } catch (const LimitError& e) {
    EXPECT_NE(std::string(e.what()).find("1000 positions"), std::string::npos) << e.what();
  }
  EXPECT_EQ(retro.positions_stored(), stored);
  EXPECT_EQ(retro.outcome({1, 1}), Outcome::P);
  EXPECT_EQ(retro.remoteness({1, 1}), 2u);  // the loser takes one heap, the winner the other
}

}  // namespace
}  // namespace grundy::retrograde_test
