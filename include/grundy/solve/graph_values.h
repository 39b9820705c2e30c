// Values of the game "slide a token along an edge" on a directed graph, with
// or without cycles, and the analysis of a position of several tokens (a sum)
// (docs/theory.md §1, §6).
//
// Description:
//   acyclic_grundy_values: G(u) = mex{G(v) : v a follower of u} for every
//   vertex, in reverse topological order (Kahn's algorithm run on the
//   reversed graph, which starts from the vertices without followers), the
//   mex taken with a reusable stamp array indexed by value (G(u) is at most
//   the out-degree of u, so larger follower values are skipped). If some
//   vertices are never reached the graph has a cycle; one is returned.
//
//   generalised_grundy_values: the generalised Sprague-Grundy function γ of
//   C. A. B. Smith. γ(u) = m iff (A) m = mex of the finite γ among u's
//   followers, no follower having γ = m, and (B) every follower v with γ(v) > m
//   or γ(v) = ∞ has a follower w with γ(w) = m whose counter c(w) is below
//   c(u); every other vertex has γ = ∞(K), K the finite γ among its followers.
//   The counter (the order in which values are found) is what rules out
//   circular justifications: without it, the 2-cycle a <-> b would admit
//   γ(a) = 0, γ(b) = 1, while both are draws, γ = ∞(∅). Values are found for
//   m = 0, 1, 2, ... by one retrograde counting pass per m, like a win/loss
//   labelling restricted to the vertices R_m that have no value below m:
//   a vertex is "alive" at m if it has followers of every value below m; it
//   gets value m when it is alive and all its followers in R_m are "marked"
//   (have a follower of value m); a vertex gets marked as soon as one of its
//   followers gets value m. Counters of R_m-followers not yet marked fall as
//   marks arrive, so each edge is looked at a bounded number of times per
//   pass. A vertex alive at m that ends the pass neither valued nor marked
//   lacks a follower of value m and can never get a value: it is ∞. The alive
//   set therefore shrinks from pass to pass and the passes stop when it is
//   empty, after at most (largest finite γ) + 2 passes.
//
//   Positions: tokens on vertices, a move slides one token along an edge.
//   Smith's sum theorem: the γ of a sum is the nim-sum of the components when
//   all are finite; a ⊕ ∞(K) = ∞(K ⊕ a); two or more ∞ give ∞(∅). The player
//   to move loses (P) iff γ = 0, wins (N) iff γ is finite and non-zero or
//   ∞(K) with 0 in K, and otherwise the game is a draw (D) (docs/theory.md §6). A
//   winning move is a move to a position of γ = 0; in a draw there is none.
//   Moving to a P-position is always correct, but in a game with cycles a
//   player who only ever does that can be led round a cycle for ever (see
//   T. S. Ferguson, Game Theory, part I, §3, after Figure 3.4): the counter
//   orders the moves that make progress.
// Source: C. A. B. Smith, "Graphs and composite games", J. Combin. Theory 1
//   (1966) 51-81; A. S. Fraenkel and Y. Yesha, "The generalized Sprague-Grundy
//   function and its invariance under certain mappings", J. Combin. Theory A 43
//   (1986) 165-177 (the counting algorithm); Winning Ways ch. 11 (loopy
//   impartial games, ∞ values); docs/theory.md §6.
// Time: acyclic O(V + E). Generalised: pass m costs O(|alive at m| + the
//   in-degrees of the vertices valued or marked in it) <= O(V + E), so
//   O((γ_max + 2)(V + E)) in all, γ_max the largest finite value (at most the
//   largest out-degree); in practice a pass touches only the neighbourhood of
//   the vertices of value m. analyze_tokens O(k + sum of the out-degrees of
//   the k token vertices).
// Memory: the reversed graph (4E + 8V bytes) and a few 32-bit arrays of V.
// Status: stress-tested (tests/stress/graph_test.cpp) against twins written
//   there from the definitions: acyclic values against the mex recursion on
//   random DAGs; on hundreds of random graphs with cycles (up to 10
//   vertices), γ(u) against "u + *m is lost for the mover iff γ(u) = m" on
//   the product with a Nim heap, the outcome of every position of 1-3 tokens
//   and its exact set of winning moves against a win/loss/draw labelling of
//   the whole token-sum game graph, and γ of the two-token game graph
//   (K sets included) against gamma_sum. Unit tests: Ferguson's cyclic graph
//   (Game Theory, part I, Figure 3.4), hand-solved graphs and the sum-rule
//   cases of docs/theory.md §6.
#pragma once

#include <cstdint>
#include <functional>
#include <limits>
#include <span>
#include <vector>

#include "grundy/core/bounded_list.h"
#include "grundy/core/gamma.h"
#include "grundy/core/outcome.h"
#include "grundy/core/types.h"
#include "grundy/rules/graph.h"
#include "grundy/solve/search_control.h"

namespace grundy {

// A stored γ: a finite value, or kInfiniteGamma. Finite values are at most
// the out-degree, so 32 bits suffice.
inline constexpr std::uint32_t kInfiniteGamma = std::numeric_limits<std::uint32_t>::max();

struct AcyclicValues {
  // G(u) of every vertex; empty when the graph has a cycle.
  std::vector<std::uint32_t> values;
  // When the graph is not acyclic: a directed cycle v0 -> v1 -> ... -> v0,
  // listed without repeating v0 (a self-loop is a cycle of one vertex).
  std::vector<Vertex> cycle;
  bool acyclic() const { return cycle.empty(); }
};

AcyclicValues acyclic_grundy_values(const Graph& graph);

// γ of every vertex (finite or kInfiniteGamma). `passes`, if given, receives
// the number of values m tried.
std::vector<std::uint32_t> generalised_grundy_values(const Graph& graph,
                                                     std::uint32_t* passes = nullptr);

// Both: the acyclic method when it applies, else the generalised one.
struct GraphValues {
  std::vector<std::uint32_t> gamma;  // as generalised_grundy_values
  bool acyclic = true;
  std::vector<Vertex> cycle;  // one cycle when !acyclic
  std::uint32_t passes = 0;   // passes of the generalised method (0 if acyclic)
};

// `control` (search_control.h) sees the vertices valued so far out of all of
// them, and can stop the work (Interrupted); nullptr: none.
GraphValues solve_graph(const Graph& graph, const SearchControl* control = nullptr);

// γ(u) with, when infinite, K read from u's followers.
GammaValue gamma_value(const Graph& graph, std::span<const std::uint32_t> gamma, Vertex u);

// Slide token `token` (an index into the token list) from `from` to `to`.
struct TokenMove {
  std::size_t token = 0;
  Vertex from = 0;
  Vertex to = 0;
  friend bool operator==(const TokenMove&, const TokenMove&) = default;
};

// Calls `visit` with every move of the tokens to a position of γ = target
// (finite), by token, then by follower, until it returns false.
void for_each_token_move_to_value(const Graph& graph, std::span<const std::uint32_t> gamma,
                                  std::span<const Vertex> tokens, Nimber target,
                                  const std::function<bool(const TokenMove&)>& visit);

struct TokenAnalysis {
  GammaValue value;  // γ of the whole position
  Outcome outcome = Outcome::P;
  // Every move to a position of γ = 0 (empty for P and D), by token, then by
  // target vertex; at most max_moves of them.
  BoundedList<TokenMove> winning_moves;
  std::uint64_t winning_move_count = 0;  // all of them, listed or not
};

// Throws InputError if a token is not a vertex of the graph.
TokenAnalysis analyze_tokens(const Graph& graph, std::span<const std::uint32_t> gamma,
                             std::span<const Vertex> tokens,
                             std::size_t max_moves = std::numeric_limits<std::size_t>::max());

}  // namespace grundy
