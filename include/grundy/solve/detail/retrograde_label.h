// The one retrograde labeller: win, loss or draw and Smith's remoteness of
// every vertex of a game graph, cycles allowed, by backward induction from
// the positions without options. Retrograde (retrograde.h) and GameSolver's
// loopy positions (user_game.h) use it, on graphs from detail/explore.h.
//
// Description: a vertex without followers is lost for the mover in normal
//   play (R = 0) and won in misère play (R = 1, so that "the mover wins iff
//   R is odd" holds in both conventions, remoteness.h). A vertex with a
//   follower labelled lost is won; one all of whose followers are labelled
//   won is lost (a counter of unlabelled followers per vertex, decremented
//   along reversed edges). Labels are given first in, first out, so in
//   nondecreasing remoteness: a won vertex is labelled from its lost follower
//   of least remoteness and a lost one when its follower of largest
//   remoteness is labelled, R(won) = 1 + min R of its lost followers,
//   R(lost) = 1 + max R of its followers (docs/theory.md §5). What is never
//   labelled is a draw: neither player can force a win, and each can keep
//   away from losing. Incremental use: vertices below `first` are labelled
//   already and have followers only among themselves; the new vertices'
//   moves into them are taken in the order of their remoteness, merged with
//   the queue, so that the order of remoteness is kept.
// Source: docs/theory.md §5, §6; retrograde analysis as in endgame tables
//   (K. Thompson, "Retrograde analysis of certain endgames", ICCA J. 9
//   (1986)); C. A. B. Smith, "Graphs and composite games", J. Combin.
//   Theory 1 (1966) 51-81 (remoteness, draws); T. S. Ferguson, Game Theory,
//   part I, §3; Winning Ways ch. 11.
// Time: O(V + E) over the new vertices and their moves, plus O(B log B) for
//   the B moves from new vertices into labelled earlier ones.
// Memory: a label (1 byte) and a remoteness (4 bytes) per vertex; a pass
//   holds a 4-byte counter and queue entry per new vertex and 8 bytes per
//   move into an earlier labelled vertex.
// Status: through Retrograde, against BruteForce and TempoSearch on acyclic
//   heap games and against a fixed point computed round by round on random
//   graphs with cycles, incremental graphs against fresh ones
//   (tests/stress/retrograde_test.cpp); through GameSolver on random digraphs
//   with cycles (user_game_test.cpp), its normal-play outcome asserted equal
//   to the one read from γ (graph_values.h).
#pragma once

#include <cstdint>
#include <vector>

#include "grundy/core/outcome.h"
#include "grundy/rules/graph.h"
#include "grundy/solve/convention.h"

namespace grundy::detail {

enum class Label : std::uint8_t { draw, won, lost };

// Won is N (the mover wins), lost is P, draw is D.
constexpr Outcome label_outcome(Label label) {
  switch (label) {
    case Label::won: return Outcome::N;
    case Label::lost: return Outcome::P;
    case Label::draw: return Outcome::D;
  }
  return Outcome::D;
}

struct Labelling {
  std::vector<Label> label;               // per vertex
  std::vector<std::uint32_t> remoteness;  // per vertex, meaningful when won or lost
};

// Labels the vertices first..n-1 of `graph` (n its vertex count), those
// below `first` being labelled in `labels` already. `predecessors` must be
// graph.reversed(first).
void retrograde_label(const Graph& graph, const Graph& predecessors, Vertex first,
                      Convention convention, Labelling& labels);

}  // namespace grundy::detail
