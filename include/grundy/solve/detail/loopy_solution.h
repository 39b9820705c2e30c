// The part of GameSolver's loopy analysis (user_game.h) that works on the
// game graph alone: given the graph of the canonical whole positions
// reachable from a root (detail/explore.h) and the results the rules fix,
// the win/loss/draw labels with remoteness in both conventions
// (detail/retrograde_label.h) and, when asked, γ (graph_values.h).
//
// Description: a primitive position becomes a vertex whose labels are that
//   result in both conventions: a loss for the mover is a vertex without
//   followers in normal play and one with a single move to an extra
//   terminal vertex in misère play, a win the other way round, a tie a
//   vertex whose one move is to itself. Nothing here depends on the game's
//   types, so it is compiled once, in the library, rather than in every
//   GameSolver<G> a program instantiates (docs/testing.md).
// Source: docs/theory.md §5, §6 (retrograde analysis, Smith's γ).
// Time: O(V + E) per convention for the labels (retrograde_label.h),
//   O((γmax + 2)(V + E)) for γ.
// Memory: one copy of the graph per convention when some result is fixed.
// Status: through GameSolver on random digraphs with cycles, ties and
//   primitive positions against a fixed point computed in the test
//   (tests/stress/user_game_test.cpp).
#pragma once

#include <cstdint>
#include <vector>

#include "grundy/rules/graph.h"
#include "grundy/solve/detail/retrograde_label.h"
#include "grundy/solve/user_game_rules.h"

namespace grundy::detail {

struct LoopySolution {
  Labelling normal, misere;  // per vertex of the graph
  std::vector<std::uint32_t> gamma;  // γ per vertex (graph_values.h); empty unless asked
};

// `fixed`: empty, or per vertex the result the rules fix (undecided where
// they fix none). γ is computed when `with_gamma` (a game without
// primitive positions).
LoopySolution solve_loopy_graph(const Graph& graph, const std::vector<Primitive>& fixed,
                                bool with_gamma);

}  // namespace grundy::detail
