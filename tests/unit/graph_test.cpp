// rules/graph.h (the text format, CSR storage) and solve/graph_values.h on
// literal graphs: a cyclic graph from Ferguson's notes, hand-solved graphs and
// the sum-rule cases of docs/theory.md §6.
#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <vector>

#include "grundy/core/error.h"
#include "grundy/rules/graph.h"
#include "grundy/solve/graph_values.h"

namespace grundy::graph_test {
namespace {

std::vector<Vertex> followers(const Graph& g, Vertex u) {
  const auto f = g.followers(u);
  return {f.begin(), f.end()};
}

// The message of the InputError that parsing `text` throws ("" if none).
std::string parse_error(const std::string& text) {
  try {
    parse_graph(text);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(GraphParse, HeaderAndEdges) {
  const Graph g = parse_graph("3 3\n0 1\n1 2\n0 2\n");
  EXPECT_EQ(g.vertex_count(), 3u);
  EXPECT_EQ(g.edge_count(), 3u);
  EXPECT_EQ(followers(g, 0), (std::vector<Vertex>{1, 2}));
  EXPECT_EQ(followers(g, 1), (std::vector<Vertex>{2}));
  EXPECT_TRUE(followers(g, 2).empty());
  EXPECT_EQ(g.out_degree(0), 2u);
  EXPECT_FALSE(g.has_names());
  EXPECT_EQ(g.label(2), "2");
}

TEST(GraphParse, CommentsBlankLinesWhitespaceAndNoFinalNewline) {
  const Graph g = parse_graph(
      "# a comment before the header\n"
      "\n"
      "  4\t3   # vertices, edges\r\n"
      "#only a comment\n"
      "\t\n"
      "0 3#no space before the comment\n"
      "   3 1  \r\n"
      "1 2");
  EXPECT_EQ(g.vertex_count(), 4u);
  EXPECT_EQ(followers(g, 0), (std::vector<Vertex>{3}));
  EXPECT_EQ(followers(g, 3), (std::vector<Vertex>{1}));
  EXPECT_EQ(followers(g, 1), (std::vector<Vertex>{2}));
}

TEST(GraphParse, NamesAnywhereAfterTheHeaderAndUsedInEdges) {
  const Graph g = parse_graph(
      "3 3\n"
      "name 0 start\n"
      "start 1\n"
      "name 2 end   # vertex 1 stays unnamed\n"
      "1 end\n"
      "start end\n");
  EXPECT_TRUE(g.has_names());
  EXPECT_EQ(g.name(0), "start");
  EXPECT_EQ(g.name(1), "");
  EXPECT_EQ(g.label(1), "1");
  EXPECT_EQ(g.label(2), "end");
  EXPECT_EQ(followers(g, 0), (std::vector<Vertex>{1, 2}));
  EXPECT_EQ(g.find_vertex("end"), Vertex{2});
  EXPECT_EQ(g.find_vertex("1"), Vertex{1});
  EXPECT_EQ(g.find_vertex("3"), std::nullopt);
  EXPECT_EQ(g.find_vertex("nowhere"), std::nullopt);
  // A vertex called "name" is fine: a two-field line is always an edge.
  const Graph h = parse_graph("2 1\nname 0 name\nname 1\n");
  EXPECT_EQ(followers(h, 0), (std::vector<Vertex>{1}));
}

TEST(GraphParse, RepeatedEdgesMergedSelfLoopsKept) {
  const Graph g = parse_graph("3 5\n0 2\n0 1\n0 2\n1 1\n0 2\n");
  EXPECT_EQ(g.edge_count(), 3u);
  EXPECT_EQ(followers(g, 0), (std::vector<Vertex>{1, 2}));
  EXPECT_EQ(followers(g, 1), (std::vector<Vertex>{1}));
  const Graph r = g.reversed();
  EXPECT_EQ(followers(r, 1), (std::vector<Vertex>{0, 1}));
  EXPECT_EQ(followers(r, 2), (std::vector<Vertex>{0}));
  EXPECT_TRUE(followers(r, 0).empty());
}

TEST(GraphParse, EmptyGraphs) {
  EXPECT_EQ(parse_graph("0 0\n").vertex_count(), 0u);
  const Graph g = parse_graph("# isolated vertices\n5 0\n");
  EXPECT_EQ(g.vertex_count(), 5u);
  EXPECT_EQ(g.edge_count(), 0u);
}

TEST(GraphParse, ErrorsNameTheLine) {
  EXPECT_EQ(parse_error("# ten vertices\n10 3\n0 1\n\n# next\n1 2\n2 12\n"),
            "line 7: edge target 12 out of range (graph has 10 vertices)");
  EXPECT_EQ(parse_error("2 1\n5 0\n"), "line 2: edge source 5 out of range (graph has 2 vertices)");
  EXPECT_EQ(parse_error("2 1\n0 99999999999999999999999\n"),
            "line 2: edge target 99999999999999999999999 out of range (graph has 2 vertices)");
  EXPECT_EQ(parse_error(""),
            "line 1: no header line 'V E' (vertex count, edge count) before the end of the file");
  EXPECT_EQ(parse_error("# nothing\n\n"),
            "line 2: no header line 'V E' (vertex count, edge count) before the end of the file");
  EXPECT_EQ(parse_error("3\n"),
            "line 1: expected the header 'V E' (vertex count, edge count), found '3'");
  EXPECT_EQ(parse_error("\nthree 2\n"),
            "line 2: expected the header 'V E' (vertex count, edge count), found 'three 2'");
  EXPECT_EQ(parse_error("1 2 3 4\n"),
            "line 1: expected the header 'V E' (vertex count, edge count), found '1 2 3 ...'");
  EXPECT_EQ(parse_error("4294967296 0\n"),
            "line 1: vertex count 4294967296 exceeds the limit 4294967295");
  EXPECT_EQ(parse_error("3 1\n0 1\n1 2\n"),
            "line 3: more edge lines than the 1 announced by the header on line 1");
  EXPECT_EQ(parse_error("# header next\n3 3\n0 1\n1 2\n"),
            "line 4: the file ends after 2 edge lines, but the header on line 2 says 3");
  EXPECT_EQ(parse_error("3 1\n0 1 2\n"),
            "line 2: expected an edge 'u v' or a name 'name ID NAME', found '0 1 2' (3 fields)");
  EXPECT_EQ(parse_error("3 1\n0\n"),
            "line 2: expected an edge 'u v' or a name 'name ID NAME', found '0' (1 field)");
  EXPECT_EQ(parse_error("3 1\n0 1 2 3 4\n"),
            "line 2: expected an edge 'u v' or a name 'name ID NAME', found 5 fields");
  EXPECT_EQ(parse_error("3 1\n0 1x\n"),
            "line 2: edge target '1x' is neither a vertex id nor a name (names do not start with "
            "a digit)");
  EXPECT_EQ(parse_error("3 1\nstart 1\nname 0 start\n"),
            "line 2: edge source 'start' is not a declared vertex name (declare it first with "
            "'name ID start')");
  EXPECT_EQ(parse_error("3 0\nname 3 x\n"),
            "line 2: named vertex 3 out of range (graph has 3 vertices)");
  EXPECT_EQ(parse_error("3 0\nname x y\n"),
            "line 2: in 'name ID NAME', ID must be a vertex id, found 'x'");
  EXPECT_EQ(parse_error("3 0\nname 1 2b\n"),
            "line 2: invalid vertex name '2b' (names do not start with a digit)");
  EXPECT_EQ(parse_error("3 0\nname 0 a\nname 1 a\n"), "line 3: name 'a' already given to vertex 0");
  EXPECT_EQ(parse_error("3 0\nname 0 a\n\nname 0 b\n"), "line 4: vertex 0 already named on line 2");
}

TEST(GraphParse, ErrorTokenIsTheOffendingField) {
  try {
    parse_graph("3 1\n0 7\n");
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(e.token(), "7");
  }
}

TEST(GraphParse, MemoryCheckedRightAfterTheHeader) {
  // The documented maximum vertex count: 40 bytes a vertex is 160 GiB, refused
  // before anything is allocated (a limit of 1 GiB here, whatever the machine).
  const std::string huge = "4294967295 1\n0 1\n";
  try {
    parse_graph(huge, std::uint64_t{1} << 30);
    ADD_FAILURE() << "no LimitError";
  } catch (const LimitError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("line 1"), std::string::npos) << message;
    // The advice in the C++ API's words, the default (core/front_end_words.h).
    EXPECT_NE(message.find("(raise it with the max_memory argument)"), std::string::npos)
        << message;
    EXPECT_NE(message.find("1024 MiB"), std::string::npos) << message;
  }
  EXPECT_EQ(graph_memory_estimate(4294967295u, 1), 4294967295ull * 40 + 16);
  EXPECT_EQ(graph_memory_estimate(~0ull, ~0ull), ~0ull);
  // Exactly at the estimate: accepted.
  EXPECT_EQ(parse_graph("3 1\n0 1\n", graph_memory_estimate(3, 1)).vertex_count(), 3u);
  EXPECT_THROW(parse_graph("3 1\n0 1\n", graph_memory_estimate(3, 1) - 1), LimitError);
  // A header promising more edges than the file can hold is an input error
  // naming the line, not a memory refusal.
  EXPECT_NE(parse_error("3 100000000000\n0 1\n").find("line 2"), std::string::npos);
}

TEST(GraphFromEdges, ChecksRangesAndNames) {
  const std::vector<Edge> edges{{0, 1}, {1, 0}, {0, 1}};
  const Graph g = Graph::from_edges(2, edges, {{1, "b"}, {0, "a"}});
  EXPECT_EQ(g.edge_count(), 2u);
  EXPECT_EQ(g.label(0), "a");
  EXPECT_EQ(g.find_vertex("b"), Vertex{1});
  const std::vector<Edge> bad{{0, 1}, {2, 0}};
  EXPECT_THROW(Graph::from_edges(2, bad), InputError);
  EXPECT_THROW(Graph::from_edges(2, edges, {{0, "a"}, {1, "a"}}), InputError);
  EXPECT_THROW(Graph::from_edges(2, edges, {{0, "a"}, {0, "b"}}), InputError);
  EXPECT_THROW(Graph::from_edges(2, edges, {{0, "has space"}}), InputError);
  EXPECT_THROW(Graph::from_edges(2, edges, {{0, "#x"}}), InputError);
  EXPECT_THROW(Graph::from_edges(2, edges, {{5, "x"}}), InputError);
  EXPECT_TRUE(is_valid_vertex_name("x1"));
  EXPECT_FALSE(is_valid_vertex_name("1x"));
  EXPECT_FALSE(is_valid_vertex_name(""));
}

GammaValue finite(Nimber v) { return {true, v, {}}; }
GammaValue infinite(std::vector<Nimber> k) { return {false, 0, std::move(k)}; }

GammaValue gamma_of(const Graph& g, const std::vector<std::uint32_t>& gamma, const char* name) {
  return gamma_value(g, gamma, *g.find_vertex(name));
}

// T. S. Ferguson, Game Theory, part I (Impartial Combinatorial Games), §3,
// Figure 3.4 "A cyclic graph": the cycle a -> b -> c -> a with c -> d -> e.
// Ferguson: e is terminal (value 0), d has only e as follower (value 1), a
// player at c will not move to d, and a, b and c are all tied (draws). The K
// sets follow from the definition: the finite values among the followers are
// {1} for c (d) and none for a and b.
TEST(GraphValues, FergusonFigure3_4) {
  const Graph g = parse_graph(
      "5 5\n"
      "name 0 a\nname 1 b\nname 2 c\nname 3 d\nname 4 e\n"
      "a b\nb c\nc a\nc d\nd e\n");
  const AcyclicValues acyclic = acyclic_grundy_values(g);
  EXPECT_FALSE(acyclic.acyclic());
  std::vector<Vertex> cycle = acyclic.cycle;
  std::rotate(cycle.begin(), std::min_element(cycle.begin(), cycle.end()), cycle.end());
  EXPECT_EQ(cycle, (std::vector<Vertex>{0, 1, 2}));
  const GraphValues values = solve_graph(g);
  EXPECT_FALSE(values.acyclic);
  EXPECT_EQ(gamma_of(g, values.gamma, "e"), finite(0));
  EXPECT_EQ(gamma_of(g, values.gamma, "d"), finite(1));
  EXPECT_EQ(gamma_of(g, values.gamma, "c"), infinite({1}));
  EXPECT_EQ(gamma_of(g, values.gamma, "b"), infinite({}));
  EXPECT_EQ(gamma_of(g, values.gamma, "a"), infinite({}));
  for (const char* tied : {"a", "b", "c"})
    EXPECT_EQ(outcome_of(gamma_of(g, values.gamma, tied)), Outcome::D) << tied;
  EXPECT_EQ(outcome_of(gamma_of(g, values.gamma, "d")), Outcome::N);
  EXPECT_EQ(outcome_of(gamma_of(g, values.gamma, "e")), Outcome::P);
}

// a <-> b, b -> c. From a the only move is to b, from which the opponent moves
// to the terminal c and wins: a is P, γ(a) = 0 (c, reached from b, is the
// follower of value 0 that "reverses" a's move to b). b reaches a and c, both
// 0, so γ(b) = 1.
TEST(GraphValues, TwoCycleWithAnExit) {
  const Graph g = parse_graph("3 3\n0 1\n1 0\n1 2\n");
  const auto gamma = generalised_grundy_values(g);
  EXPECT_EQ(gamma, (std::vector<std::uint32_t>{0, 1, 0}));
}

// a <-> b alone: play never ends, both draws, γ = ∞(∅). (The definition without
// Fraenkel's counter would also accept γ(a) = 0, γ(b) = 1.)
TEST(GraphValues, BareTwoCycleIsADraw) {
  const Graph g = parse_graph("2 2\n0 1\n1 0\n");
  std::uint32_t passes = 0;
  const auto gamma = generalised_grundy_values(g, &passes);
  EXPECT_EQ(gamma, (std::vector<std::uint32_t>{kInfiniteGamma, kInfiniteGamma}));
  EXPECT_EQ(passes, 1u);
  EXPECT_EQ(outcome_of(gamma_value(g, gamma, 0)), Outcome::D);
}

// A self-loop is a pass: the vertex is never P. With an exit to a terminal
// vertex the mover wins by taking it: ∞{0}, N. Alone: ∞{}, D.
TEST(GraphValues, SelfLoops) {
  const Graph g = parse_graph("3 3\n0 0\n0 1\n2 2\n");
  const auto gamma = generalised_grundy_values(g);
  EXPECT_EQ(gamma_value(g, gamma, 0), infinite({0}));
  EXPECT_EQ(gamma_value(g, gamma, 1), finite(0));
  EXPECT_EQ(gamma_value(g, gamma, 2), infinite({}));
  EXPECT_EQ(outcome_of(gamma_value(g, gamma, 0)), Outcome::N);
  EXPECT_EQ(outcome_of(gamma_value(g, gamma, 2)), Outcome::D);
  const AcyclicValues acyclic = acyclic_grundy_values(g);
  ASSERT_EQ(acyclic.cycle.size(), 1u);
  EXPECT_TRUE(acyclic.cycle[0] == 0 || acyclic.cycle[0] == 2);
}

// Nim heaps of 0, 1, 2 and 3 as a DAG (heap n moves to every smaller heap):
// G(n) = n (docs/theory.md §2), by both methods.
TEST(GraphValues, NimHeapsAsADag) {
  const Graph g = parse_graph("4 6\n1 0\n2 0\n2 1\n3 0\n3 1\n3 2\n");
  const AcyclicValues acyclic = acyclic_grundy_values(g);
  ASSERT_TRUE(acyclic.acyclic());
  EXPECT_EQ(acyclic.values, (std::vector<std::uint32_t>{0, 1, 2, 3}));
  std::uint32_t passes = 0;
  EXPECT_EQ(generalised_grundy_values(g, &passes), acyclic.values);
  EXPECT_EQ(passes, 4u);  // m = 0..3; after m = 3 no vertex is left alive
}

// The sum rule of docs/theory.md §6 on one graph holding
//   s0 (terminal), s1 -> s0, s2 -> s1, s0          G = 0, 1, 2
//   x -> x, x -> s0                                 ∞{0} (pass, or move to 0)
//   z -> z, z -> s1                                 ∞{1}
//   d -> d                                          ∞{}
TEST(GraphValues, SumRuleCases) {
  const Graph g = parse_graph(
      "6 8\n"
      "name 0 s0\nname 1 s1\nname 2 s2\nname 3 x\nname 4 z\nname 5 d\n"
      "s1 s0\ns2 s1\ns2 s0\nx x\nx s0\nz z\nz s1\nd d\n");
  const auto gamma = generalised_grundy_values(g);
  EXPECT_EQ(gamma_of(g, gamma, "s2"), finite(2));
  EXPECT_EQ(gamma_of(g, gamma, "x"), infinite({0}));
  EXPECT_EQ(gamma_of(g, gamma, "z"), infinite({1}));
  EXPECT_EQ(gamma_of(g, gamma, "d"), infinite({}));
  auto analyse = [&](std::vector<const char*> names) {
    std::vector<Vertex> tokens;
    for (const char* n : names) tokens.push_back(*g.find_vertex(n));
    return analyze_tokens(g, gamma, tokens);
  };
  const Vertex s0 = 0, s1 = 1, s2 = 2, x = 3, z = 4;

  // All finite: the nim-sum. s1 + s2 = 3: the only move to 0 is s2 -> s1.
  TokenAnalysis a = analyse({"s1", "s2"});
  EXPECT_EQ(a.value, finite(3));
  EXPECT_EQ(a.outcome, Outcome::N);
  EXPECT_EQ(a.winning_moves.items, (std::vector<TokenMove>{{1, s2, s1}}));
  EXPECT_EQ(a.winning_move_count, 1u);
  a = analyse({"s2", "s2"});
  EXPECT_EQ(a.value, finite(0));
  EXPECT_EQ(a.outcome, Outcome::P);
  EXPECT_TRUE(a.winning_moves.empty());
  // No token at all: nobody can move, the mover loses.
  a = analyse({});
  EXPECT_EQ(a.outcome, Outcome::P);

  // Exactly one ∞(K), the others xor to v: N iff v in K. x + s0: v = 0 in
  // {0}, win by x -> s0. x + s1: v = 1 not in {0}: moving x to s0 leaves
  // s0 + s1 (N for the opponent), moving s1 leaves x + s0 (N for the
  // opponent), so both players pass at x for ever: a draw.
  a = analyse({"x", "s0"});
  EXPECT_EQ(a.value, infinite({0}));
  EXPECT_EQ(a.outcome, Outcome::N);
  EXPECT_EQ(a.winning_moves.items, (std::vector<TokenMove>{{0, x, s0}}));
  a = analyse({"x", "s1"});
  EXPECT_EQ(a.value, infinite({1}));
  EXPECT_EQ(a.outcome, Outcome::D);
  EXPECT_TRUE(a.winning_moves.empty());
  // s1 + z = ∞{1 xor 1} = ∞{0}: N by z -> s1, leaving s1 + s1 = 0.
  a = analyse({"s1", "z"});
  EXPECT_EQ(a.value, infinite({0}));
  EXPECT_EQ(a.outcome, Outcome::N);
  EXPECT_EQ(a.winning_moves.items, (std::vector<TokenMove>{{1, z, s1}}));
  // s2 + s1 + z: the finite part is 3, K xor 3 = {2}: a draw.
  a = analyse({"s2", "s1", "z"});
  EXPECT_EQ(a.value, infinite({2}));
  EXPECT_EQ(a.outcome, Outcome::D);

  // Two or more ∞: a draw, whatever K.
  for (const auto& tokens : std::vector<std::vector<const char*>>{
           {"x", "z"}, {"x", "x"}, {"x", "z", "s0"}, {"d", "x", "z"}}) {
    a = analyse(tokens);
    EXPECT_EQ(a.value, infinite({}));
    EXPECT_EQ(a.outcome, Outcome::D);
    EXPECT_TRUE(a.winning_moves.empty());
  }
}

TEST(GraphValues, GammaSumAndOutcome) {
  EXPECT_EQ(gamma_sum(finite(5), finite(3)), finite(6));
  EXPECT_EQ(gamma_sum(finite(2), infinite({0, 3, 6})), infinite({1, 2, 4}));
  EXPECT_EQ(gamma_sum(infinite({0, 3, 6}), finite(2)), infinite({1, 2, 4}));
  EXPECT_EQ(gamma_sum(infinite({0}), infinite({0})), infinite({}));
  EXPECT_EQ(outcome_of(finite(0)), Outcome::P);
  EXPECT_EQ(outcome_of(finite(4)), Outcome::N);
  EXPECT_EQ(outcome_of(infinite({0, 2})), Outcome::N);
  EXPECT_EQ(outcome_of(infinite({1, 2})), Outcome::D);
  EXPECT_EQ(outcome_of(infinite({})), Outcome::D);
}

// t terminal, p -> t, q -> t, p, u -> q: G = 0, 1, 2, 0. In u + q (value 2)
// there are two moves to a P-position: q -> t (leaving u, value 0) and the
// move u -> q that raises u's value from 0 to 2 (leaving q + q, a mirror
// position). No other move works: q -> p leaves u + p of value 1.
TEST(GraphValues, WinningMovesMayRaiseAValueAndAreCapped) {
  const Graph g = parse_graph("4 4\n1 0\n2 0\n2 1\n3 2\n");
  const auto gamma = generalised_grundy_values(g);
  EXPECT_EQ(gamma, (std::vector<std::uint32_t>{0, 1, 2, 0}));
  const Vertex t = 0, q = 2, u = 3;
  const std::vector<Vertex> tokens{u, q};
  TokenAnalysis a = analyze_tokens(g, gamma, tokens);
  EXPECT_EQ(a.value, finite(2));
  EXPECT_EQ(a.winning_moves.items, (std::vector<TokenMove>{{0, u, q}, {1, q, t}}));
  EXPECT_EQ(a.winning_move_count, 2u);
  a = analyze_tokens(g, gamma, tokens, 1);
  EXPECT_EQ(a.winning_moves.items, (std::vector<TokenMove>{{0, u, q}}));
  EXPECT_EQ(a.winning_move_count, 2u);
  const std::vector<Vertex> bad{7};
  EXPECT_THROW(analyze_tokens(g, gamma, bad), InputError);
}


// A path 0 <- 1 <- ... <- n-1, closed into a cycle at its end when `cyclic`:
// both methods of solve_graph run over every vertex.
Graph long_path(Vertex n, bool cyclic) {
  std::vector<Edge> edges;
  for (Vertex u = 1; u < n; ++u) edges.push_back({u, u - 1});
  if (cyclic) edges.push_back({0, n - 1});
  return Graph::from_edges(n, edges);
}

// solve_graph reports progress through a SearchControl (the vertices valued
// so far, out of all of them) and stops when asked: the command line's
// progress line and Ctrl-C for large graphs (search_control.h).
TEST(GraphValues, ControlSeesProgressAndStops) {
  for (const bool cyclic : {false, true}) {
    const Graph g = long_path(100'000, cyclic);
    std::uint64_t reports = 0, last_limit = 0;
    SearchControl watch;
    watch.progress = [&](const SearchProgress& p) {
      ++reports;
      last_limit = p.limit;
      EXPECT_LE(p.positions, p.limit);
      EXPECT_STREQ(p.limit_setting, "");
    };
    const GraphValues watched = solve_graph(g, &watch);
    EXPECT_GT(reports, 0u) << cyclic;
    EXPECT_EQ(last_limit, 100'000u);
    EXPECT_EQ(watched.gamma, solve_graph(g).gamma);
    EXPECT_EQ(watched.acyclic, !cyclic);

    std::atomic<bool> stop{true};
    SearchControl stopping;
    stopping.stop = &stop;
    EXPECT_THROW(solve_graph(g, &stopping), Interrupted) << cyclic;
  }
}

}  // namespace
}  // namespace grundy::graph_test
