// Graph games against twins written here from the definitions:
// - acyclic values against the mex recursion on random DAGs;
// - on random graphs with cycles, the outcome of every position of 1-3 tokens
//   and its exact set of winning moves against a win/loss/draw labelling of
//   the whole token-sum game graph (product states, counting retrograde
//   analysis), and γ itself against "u + *m is a loss for the mover iff
//   γ(u) = m" on the product of the graph with a Nim heap;
// - the CSR storage (built at once, or row by row and cut back) and the text
//   parser against the edge lists they came from.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "support/mex_naive.h"
#include "grundy/core/nimber.h"
#include "grundy/rules/graph.h"
#include "grundy/solve/graph_values.h"

namespace grundy::graph_test {
namespace {

constexpr std::uint64_t kSeed = 20240611;

using Adjacency = std::vector<std::set<int>>;

struct RandomGraph {
  int vertex_count = 0;
  std::vector<Edge> edges;  // may repeat edges
  Adjacency adjacency;      // the same edges as sets
};

// A random digraph: each ordered pair (self-loops included when `loops`)
// becomes an edge with probability `density`; some edges are listed twice.
RandomGraph random_graph(std::mt19937_64& rng, int n, double density, bool loops) {
  RandomGraph g;
  g.vertex_count = n;
  g.adjacency.resize(n);
  std::bernoulli_distribution edge(density), twice(0.1);
  for (int u = 0; u < n; ++u)
    for (int v = 0; v < n; ++v) {
      if ((u == v && !loops) || !edge(rng)) continue;
      g.edges.push_back({static_cast<Vertex>(u), static_cast<Vertex>(v)});
      if (twice(rng)) g.edges.push_back({static_cast<Vertex>(u), static_cast<Vertex>(v)});
      g.adjacency[u].insert(v);
    }
  std::shuffle(g.edges.begin(), g.edges.end(), rng);
  return g;
}

// A random DAG whose topological order is a random permutation of the ids.
RandomGraph random_dag(std::mt19937_64& rng, int n, double density) {
  std::vector<int> order(n);
  for (int i = 0; i < n; ++i) order[i] = i;
  std::shuffle(order.begin(), order.end(), rng);
  RandomGraph g;
  g.vertex_count = n;
  g.adjacency.resize(n);
  std::bernoulli_distribution edge(density);
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j)
      if (edge(rng)) {
        g.edges.push_back({static_cast<Vertex>(order[i]), static_cast<Vertex>(order[j])});
        g.adjacency[order[i]].insert(order[j]);
      }
  std::shuffle(g.edges.begin(), g.edges.end(), rng);
  return g;
}

Graph build(const RandomGraph& g) { return Graph::from_edges(g.vertex_count, g.edges); }

// G by the definition: mex of the followers' values, memoised recursion.
Nimber mex_recursion(const Adjacency& adjacency, int u, std::vector<Nimber>& memo) {
  if (memo[u] != kInfiniteGamma) return memo[u];
  std::vector<Nimber> seen;
  for (const int v : adjacency[u]) seen.push_back(mex_recursion(adjacency, v, memo));
  return memo[u] = mex_naive(seen);
}

enum class Label { draw, win, loss };  // for the player to move

// Classical retrograde labelling of an explicit game graph: positions without
// moves are losses; a position with a move to a loss is a win; a position all
// of whose moves lead to wins is a loss (counted down); the rest are draws.
std::vector<Label> retrograde(const std::vector<std::vector<int>>& moves) {
  const std::size_t n = moves.size();
  std::vector<std::vector<int>> back(n);
  std::vector<std::size_t> undecided(n);
  std::vector<Label> label(n, Label::draw);
  std::vector<int> queue;
  for (std::size_t s = 0; s < n; ++s) {
    undecided[s] = moves[s].size();
    for (const int t : moves[s]) back[t].push_back(static_cast<int>(s));
    if (moves[s].empty()) {
      label[s] = Label::loss;
      queue.push_back(static_cast<int>(s));
    }
  }
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const int t = queue[head];
    for (const int s : back[t]) {
      if (label[s] != Label::draw) continue;
      if (label[t] == Label::loss) {
        label[s] = Label::win;
        queue.push_back(s);
      } else if (--undecided[s] == 0) {
        label[s] = Label::loss;
        queue.push_back(s);
      }
    }
  }
  return label;
}

// The game of k tokens on the graph: state = tuple of token vertices in base
// n; the moves of each state are distinct states.
struct TokenGame {
  int n = 0, k = 0;
  std::vector<std::vector<int>> moves;
  std::vector<Label> label;

  std::vector<int> tokens(int state) const {
    std::vector<int> t(k);
    for (int i = 0; i < k; ++i, state /= n) t[i] = state % n;
    return t;
  }
  int state(const std::vector<int>& t) const {
    int s = 0;
    for (int i = k - 1; i >= 0; --i) s = s * n + t[i];
    return s;
  }
};

TokenGame token_game(const Adjacency& adjacency, int k) {
  TokenGame game;
  game.n = static_cast<int>(adjacency.size());
  game.k = k;
  int states = 1;
  for (int i = 0; i < k; ++i) states *= game.n;
  game.moves.resize(states);
  for (int s = 0; s < states; ++s) {
    const std::vector<int> t = game.tokens(s);
    std::set<int> next;
    for (int i = 0; i < k; ++i)
      for (const int w : adjacency[t[i]]) {
        std::vector<int> after = t;
        after[i] = w;
        next.insert(game.state(after));
      }
    game.moves[s].assign(next.begin(), next.end());
  }
  game.label = retrograde(game.moves);
  return game;
}

Outcome outcome_of_label(Label label) {
  switch (label) {
    case Label::loss: return Outcome::P;
    case Label::win: return Outcome::N;
    case Label::draw: return Outcome::D;
  }
  return Outcome::D;
}

TEST(GraphStress, CsrAndReversedMatchTheEdgeLists) {
  std::mt19937_64 rng(kSeed);
  for (int trial = 0; trial < 300; ++trial) {
    SCOPED_TRACE(::testing::Message() << "seed " << kSeed << ", trial " << trial);
    const int n = 1 + static_cast<int>(rng() % 40);
    const RandomGraph r =
        random_graph(rng, n, 0.02 + 0.3 * static_cast<double>(rng() % 100) / 100, trial % 2 == 0);
    const Graph g = build(r);
    const Graph back = g.reversed();
    std::uint64_t edges = 0;
    Adjacency predecessors(n);
    for (int u = 0; u < n; ++u) {
      const auto f = g.followers(static_cast<Vertex>(u));
      ASSERT_EQ(std::vector<int>(f.begin(), f.end()),
                std::vector<int>(r.adjacency[u].begin(), r.adjacency[u].end()));
      edges += r.adjacency[u].size();
      for (const int v : r.adjacency[u]) predecessors[v].insert(u);
    }
    EXPECT_EQ(g.edge_count(), edges);
    for (int v = 0; v < n; ++v) {
      const auto p = back.followers(static_cast<Vertex>(v));
      ASSERT_EQ(std::vector<int>(p.begin(), p.end()),
                std::vector<int>(predecessors[v].begin(), predecessors[v].end()));
    }
  }
}

// A graph built row by row (as solve/detail/explore.h does), cut back and
// extended again, against the same edges built at once; the reverse of its
// part from a vertex on against the edge lists.
TEST(GraphStress, AppendedRowsAndPartialReversesMatchTheEdgeLists) {
  std::mt19937_64 rng(kSeed + 7);
  for (int trial = 0; trial < 300; ++trial) {
    SCOPED_TRACE(::testing::Message() << "seed " << kSeed + 7 << ", trial " << trial);
    const int n = 1 + static_cast<int>(rng() % 40);
    const RandomGraph r =
        random_graph(rng, n, 0.02 + 0.3 * static_cast<double>(rng() % 100) / 100, trial % 2 == 0);
    const auto row = [&](int u) {
      return std::vector<Vertex>(r.adjacency[u].begin(), r.adjacency[u].end());
    };
    const Vertex cut = static_cast<Vertex>(rng() % (n + 1));
    Graph g;
    for (int u = 0; u < n; ++u) g.append_vertex(row(u));
    g.truncate(cut);
    ASSERT_EQ(g.vertex_count(), cut);
    for (int u = static_cast<int>(cut); u < n; ++u) g.append_vertex(row(u));
    const Graph whole = build(r);
    ASSERT_EQ(g.vertex_count(), whole.vertex_count());
    ASSERT_EQ(g.edge_count(), whole.edge_count());
    for (int u = 0; u < n; ++u) {
      const auto a = g.followers(static_cast<Vertex>(u));
      const auto b = whole.followers(static_cast<Vertex>(u));
      ASSERT_EQ(std::vector<Vertex>(a.begin(), a.end()), std::vector<Vertex>(b.begin(), b.end()));
    }
    const Vertex first = static_cast<Vertex>(rng() % (n + 1));
    const Graph back = g.reversed(first);
    ASSERT_EQ(back.vertex_count(), static_cast<Vertex>(n) - first);
    for (int v = static_cast<int>(first); v < n; ++v) {
      std::vector<Vertex> expected;
      for (int u = static_cast<int>(first); u < n; ++u)
        if (r.adjacency[u].count(v)) expected.push_back(static_cast<Vertex>(u) - first);
      const auto p = back.followers(static_cast<Vertex>(v) - first);
      ASSERT_EQ(std::vector<Vertex>(p.begin(), p.end()), expected);
    }
  }
}

TEST(GraphStress, ParserReadsBackWrittenGraphs) {
  std::mt19937_64 rng(kSeed + 1);
  for (int trial = 0; trial < 200; ++trial) {
    SCOPED_TRACE(::testing::Message() << "seed " << kSeed + 1 << ", trial " << trial);
    const int n = 1 + static_cast<int>(rng() % 30);
    const RandomGraph r = random_graph(rng, n, 0.15, true);
    // Names for some vertices, used for some endpoints; comments and blank
    // lines sprinkled in.
    std::vector<std::string> names(n);
    std::string text = "# random graph\n" + std::to_string(n) + " " +
                       std::to_string(r.edges.size()) + "  # header\n";
    std::vector<std::pair<Vertex, std::string>> expected_names;
    for (int u = 0; u < n; ++u)
      if (rng() % 3 == 0) {
        names[u] = "v_" + std::to_string(u) + "x";
        text += "name " + std::to_string(u) + " " + names[u] + "\n";
        expected_names.emplace_back(static_cast<Vertex>(u), names[u]);
      }
    auto endpoint = [&](Vertex v) {
      return !names[v].empty() && rng() % 2 ? names[v] : std::to_string(v);
    };
    for (const Edge& e : r.edges) {
      if (rng() % 5 == 0) text += "\n";
      if (rng() % 7 == 0) text += "# comment\n";
      text += endpoint(e.from) + (rng() % 2 ? " " : "\t") + endpoint(e.to);
      text += rng() % 4 == 0 ? "   # edge\n" : "\n";
    }
    const Graph parsed = parse_graph(text);
    const Graph built = Graph::from_edges(n, r.edges, expected_names);
    ASSERT_EQ(parsed.vertex_count(), built.vertex_count());
    ASSERT_TRUE(std::ranges::equal(parsed.offsets(), built.offsets()));
    ASSERT_TRUE(std::ranges::equal(parsed.targets(), built.targets()));
    for (int u = 0; u < n; ++u) EXPECT_EQ(parsed.name(u), names[u]);
  }
}

TEST(GraphStress, AcyclicValuesMatchMexByDefinition) {
  std::mt19937_64 rng(kSeed + 2);
  for (int trial = 0; trial < 400; ++trial) {
    SCOPED_TRACE(::testing::Message() << "seed " << kSeed + 2 << ", trial " << trial);
    const int n =
        trial < 300 ? 1 + static_cast<int>(rng() % 14) : 100 + static_cast<int>(rng() % 200);
    const double density = trial < 300 ? 0.1 + 0.6 * static_cast<double>(rng() % 100) / 100
                                       : 0.01 + 0.1 * static_cast<double>(rng() % 100) / 100;
    const RandomGraph r = random_dag(rng, n, density);
    const Graph g = build(r);
    std::vector<Nimber> expected(n, kInfiniteGamma);
    for (int u = 0; u < n; ++u) mex_recursion(r.adjacency, u, expected);

    const AcyclicValues acyclic = acyclic_grundy_values(g);
    ASSERT_TRUE(acyclic.acyclic());
    const std::vector<std::uint32_t> generalised = generalised_grundy_values(g);
    const GraphValues solved = solve_graph(g);
    EXPECT_TRUE(solved.acyclic);
    for (int u = 0; u < n; ++u) {
      ASSERT_EQ(acyclic.values[u], expected[u]) << "vertex " << u;
      ASSERT_EQ(generalised[u], expected[u]) << "vertex " << u;
      ASSERT_EQ(solved.gamma[u], expected[u]) << "vertex " << u;
    }
    // A few token positions: the nim-sum (Sprague-Grundy theorem).
    for (int round = 0; round < 5; ++round) {
      std::vector<Vertex> tokens(1 + rng() % 4);
      Nimber sum = 0;
      for (Vertex& t : tokens) sum ^= expected[t = static_cast<Vertex>(rng() % n)];
      const TokenAnalysis a = analyze_tokens(g, solved.gamma, tokens);
      EXPECT_EQ(a.value, (GammaValue{true, sum, {}}));
      EXPECT_EQ(a.outcome, sum == 0 ? Outcome::P : Outcome::N);
    }
  }
}

// Whether u lies on a directed cycle, by reachability (Floyd-Warshall).
std::vector<bool> on_cycles(const Adjacency& adjacency) {
  const int n = static_cast<int>(adjacency.size());
  std::vector<std::vector<bool>> reach(n, std::vector<bool>(n, false));
  for (int u = 0; u < n; ++u)
    for (const int v : adjacency[u]) reach[u][v] = true;
  for (int k = 0; k < n; ++k)
    for (int i = 0; i < n; ++i)
      if (reach[i][k])
        for (int j = 0; j < n; ++j)
          if (reach[k][j]) reach[i][j] = true;
  std::vector<bool> result(n);
  for (int u = 0; u < n; ++u) result[u] = reach[u][u];
  return result;
}

TEST(GraphStress, CyclesAreDetectedAndReported) {
  std::mt19937_64 rng(kSeed + 3);
  int cyclic = 0;
  for (int trial = 0; trial < 500; ++trial) {
    SCOPED_TRACE(::testing::Message() << "seed " << kSeed + 3 << ", trial " << trial);
    const int n = 1 + static_cast<int>(rng() % 12);
    const RandomGraph r =
        random_graph(rng, n, 0.03 + 0.2 * static_cast<double>(rng() % 100) / 100, trial % 3 == 0);
    const std::vector<bool> cycle_through = on_cycles(r.adjacency);
    const bool has_cycle =
        std::find(cycle_through.begin(), cycle_through.end(), true) != cycle_through.end();
    const AcyclicValues a = acyclic_grundy_values(build(r));
    ASSERT_EQ(a.acyclic(), !has_cycle);
    if (!has_cycle) continue;
    ++cyclic;
    EXPECT_TRUE(a.values.empty());
    const std::set<Vertex> distinct(a.cycle.begin(), a.cycle.end());
    EXPECT_EQ(distinct.size(), a.cycle.size());
    for (std::size_t i = 0; i < a.cycle.size(); ++i)
      ASSERT_TRUE(r.adjacency[a.cycle[i]].count(a.cycle[(i + 1) % a.cycle.size()]))
          << "no edge " << a.cycle[i] << " -> " << a.cycle[(i + 1) % a.cycle.size()];
  }
  EXPECT_GT(cyclic, 100);
}

// γ(u) = m iff the sum of a token at u and a Nim heap of m is lost for the
// player to move; γ(u) = ∞ iff no such m exists (Smith's theorem: finite
// parts add by nim-sum, and an ∞ part makes the sum ∞, never P). Heaps above
// the out-degree + 1 are not needed: a finite γ(u) is at most the out-degree.
TEST(GraphStress, GammaMatchesSumsWithANimHeap) {
  std::mt19937_64 rng(kSeed + 4);
  std::uint64_t finite = 0, infinite = 0;
  for (int trial = 0; trial < 400; ++trial) {
    SCOPED_TRACE(::testing::Message() << "seed " << kSeed + 4 << ", trial " << trial);
    const int n = 1 + static_cast<int>(rng() % 10);
    const RandomGraph r =
        random_graph(rng, n, 0.05 + 0.4 * static_cast<double>(rng() % 100) / 100, trial % 4 == 0);
    const Graph g = build(r);
    const auto gamma = generalised_grundy_values(g);
    int heaps = 1;
    for (int u = 0; u < n; ++u)
      heaps = std::max(heaps, static_cast<int>(r.adjacency[u].size()) + 2);
    // State u * heaps + h: a token at u and a heap of h.
    std::vector<std::vector<int>> moves(static_cast<std::size_t>(n) * heaps);
    for (int u = 0; u < n; ++u)
      for (int h = 0; h < heaps; ++h) {
        auto& m = moves[u * heaps + h];
        for (const int v : r.adjacency[u]) m.push_back(v * heaps + h);
        for (int smaller = 0; smaller < h; ++smaller) m.push_back(u * heaps + smaller);
      }
    const std::vector<Label> label = retrograde(moves);
    for (int u = 0; u < n; ++u) {
      std::vector<int> zero_at;
      for (int h = 0; h < heaps; ++h)
        if (label[u * heaps + h] == Label::loss) zero_at.push_back(h);
      ASSERT_LE(zero_at.size(), 1u) << "vertex " << u;
      if (zero_at.empty()) {
        ASSERT_EQ(gamma[u], kInfiniteGamma) << "vertex " << u;
        ++infinite;
      } else {
        ASSERT_EQ(gamma[u], static_cast<std::uint32_t>(zero_at[0])) << "vertex " << u;
        ++finite;
      }
    }
  }
  EXPECT_GT(finite, 300u);
  EXPECT_GT(infinite, 300u);
}

// Every position of 1, 2 and 3 tokens on 600 random graphs with
// cycles: outcome, and the exact set of winning moves (those leading to a
// loss for the opponent in the token game), against the retrograde twin.
TEST(GraphStress, TokenPositionsMatchRetrogradeAnalysis) {
  std::mt19937_64 rng(kSeed + 5);
  std::uint64_t counts[3] = {0, 0, 0};
  for (int trial = 0; trial < 600; ++trial) {
    SCOPED_TRACE(::testing::Message() << "seed " << kSeed + 5 << ", trial " << trial);
    const int n = 1 + static_cast<int>(rng() % 8);
    const RandomGraph r =
        random_graph(rng, n, 0.05 + 0.35 * static_cast<double>(rng() % 100) / 100, trial % 3 == 0);
    const Graph g = build(r);
    const GraphValues values = solve_graph(g);
    for (int k = 1; k <= 3; ++k) {
      const TokenGame game = token_game(r.adjacency, k);
      for (int s = 0; s < static_cast<int>(game.moves.size()); ++s) {
        const std::vector<int> t = game.tokens(s);
        const std::vector<Vertex> tokens(t.begin(), t.end());
        SCOPED_TRACE(::testing::Message() << "tokens " << ::testing::PrintToString(tokens));
        const TokenAnalysis a = analyze_tokens(g, values.gamma, tokens);
        ASSERT_EQ(a.outcome, outcome_of_label(game.label[s]));
        ++counts[static_cast<int>(a.outcome)];
        std::set<std::pair<std::size_t, Vertex>> expected, found;
        for (int i = 0; i < k; ++i)
          for (const int w : r.adjacency[t[i]]) {
            std::vector<int> after = t;
            after[i] = w;
            if (game.label[game.state(after)] == Label::loss)
              expected.insert({static_cast<std::size_t>(i), static_cast<Vertex>(w)});
          }
        for (const TokenMove& m : a.winning_moves) {
          ASSERT_EQ(m.from, tokens[m.token]);
          ASSERT_TRUE(r.adjacency[m.from].count(static_cast<int>(m.to)));
          found.insert({m.token, m.to});
        }
        ASSERT_EQ(found.size(), a.winning_moves.size()) << "a move listed twice";
        ASSERT_EQ(found, expected);
        ASSERT_EQ(a.winning_move_count, expected.size());
      }
    }
  }
  // The random graphs reach all three outcomes often.
  EXPECT_GT(counts[0], 2000u);
  EXPECT_GT(counts[1], 2000u);
  EXPECT_GT(counts[2], 2000u);
}

// Smith's sum rule for γ itself, K sets included: γ of the two-token game
// graph (solved as a graph) equals gamma_sum of the two vertices' γ.
TEST(GraphStress, GammaOfTwoTokenGameIsTheSumRule) {
  std::mt19937_64 rng(kSeed + 6);
  for (int trial = 0; trial < 200; ++trial) {
    SCOPED_TRACE(::testing::Message() << "seed " << kSeed + 6 << ", trial " << trial);
    const int n = 1 + static_cast<int>(rng() % 7);
    const RandomGraph r =
        random_graph(rng, n, 0.05 + 0.35 * static_cast<double>(rng() % 100) / 100, trial % 3 == 0);
    const Graph g = build(r);
    const auto gamma = generalised_grundy_values(g);
    const TokenGame game = token_game(r.adjacency, 2);
    std::vector<Edge> edges;
    for (int s = 0; s < static_cast<int>(game.moves.size()); ++s)
      for (const int t : game.moves[s])
        edges.push_back({static_cast<Vertex>(s), static_cast<Vertex>(t)});
    const Graph product = Graph::from_edges(game.moves.size(), edges);
    const auto product_gamma = generalised_grundy_values(product);
    for (int s = 0; s < static_cast<int>(game.moves.size()); ++s) {
      const std::vector<int> t = game.tokens(s);
      ASSERT_EQ(gamma_value(product, product_gamma, static_cast<Vertex>(s)),
                gamma_sum(gamma_value(g, gamma, static_cast<Vertex>(t[0])),
                          gamma_value(g, gamma, static_cast<Vertex>(t[1]))))
          << "tokens " << t[0] << ", " << t[1];
    }
  }
}

}  // namespace
}  // namespace grundy::graph_test
