// Win, loss or draw, and Smith's remoteness, of every position of any finite
// game graph, cycles allowed: the exact method for loopy games that are not
// tokens on an explicit graph (compounds with a graph component, misère play
// on a cyclic graph), and a twin for every other engine.
//
// Description: the positions reachable from a start (keyed on
//   Ruleset::canonical) are numbered breadth-first and their options stored
//   as one compressed sparse row array of 32-bit ids (repeated options merged).
//   Backward induction then labels them from the positions without options:
//   those are lost for the mover in normal play and won in misère play; a
//   position with an option labelled lost is won; a position all of whose
//   options are labelled won is lost (a counter of unlabelled options per
//   position, decremented along reversed edges). In a game with cycles, what
//   is never labelled is a draw: from it neither player can force a win, and
//   each can keep away from losing (WW ch. 11; Ferguson, part I, §3).
//   Labels are assigned in nondecreasing remoteness (breadth-first layers),
//   so that a won position is labelled from its lost option of least
//   remoteness and a lost position when its option of largest remoteness is
//   labelled: R(won) = 1 + min R of its lost options, R(lost) = 1 + max R of
//   its options, Smith's remoteness (docs/theory.md §5). In misère play a position
//   without options gets R = 1 (remoteness.h), so "the mover wins iff R is
//   odd" holds in both conventions. A later start explores only positions not
//   seen before; the positions already labelled keep their labels (they reach
//   only each other) and seed the new pass in the order of their remoteness.
// Source: docs/theory.md §5, §6; retrograde analysis as in endgame tables (Thompson,
//   "Retrograde analysis of certain endgames", ICCA J. 9 (1986)); C. A. B.
//   Smith, "Graphs and composite games", J. Combin. Theory 1 (1966) 51-81
//   (remoteness, draws in loopy games); T. S. Ferguson, Game Theory, part I, §3.
// Time: O(V + E) for the V positions and E distinct moves a query adds, plus
//   generating and hashing the options of each new position once, plus
//   O(B log B) for the B moves from new positions into positions labelled by
//   earlier queries (taken in order of remoteness).
// Memory: every canonical position once (hash map), 4 bytes per move, about
//   21 bytes per position for ids, offsets, labels and remoteness; a labelling
//   pass holds the new part's reversed moves (4 bytes each, 8 into old
//   positions) and a few 4- and 8-byte arrays over the new positions.
// Status: compared with BruteForce (outcome, winning options) and TempoSearch
//   (remoteness) on random acyclic heap games in both conventions; on random
//   graphs with cycles (1-3 tokens), outcome against the generalised
//   Sprague-Grundy function (graph_values.h), and outcome, remoteness and the
//   winning and drawing option sets against a fixed point computed round by
//   round by a twin in the test; Ferguson's cyclic graph by hand
//   (tests/stress/retrograde_test.cpp).
#pragma once

#include <cstdint>
#include <optional>
#include <unordered_map>
#include <utility>
#include <vector>

#include "grundy/core/outcome.h"
#include "grundy/core/types.h"
#include "grundy/rules/ruleset.h"
#include "grundy/solve/brute_force.h"
#include "grundy/solve/convention.h"
#include "grundy/solve/detail/explore.h"
#include "grundy/solve/detail/retrograde_label.h"

namespace grundy {

class Retrograde {
 public:
  // Most positions any Retrograde stores, whatever limit is asked for: ids and
  // remoteness are 32-bit (R is at most the number of positions).
  static constexpr std::uint64_t kMaxPositions = 0xFFFF'FFFEULL;

  // Throws LimitError (naming the limit) when a query would need more than
  // `position_limit` positions (at most kMaxPositions).
  Retrograde(const Ruleset& ruleset, Convention convention, std::uint64_t position_limit);

  // Explores what `position` reaches and labels it: P (lost for the mover),
  // N (won) or D (draw). The graph stays explored for later queries; a query
  // that throws LimitError leaves it as it was.
  Outcome outcome(const Position& position);

  // Smith's remoteness of a won or lost position (see above); nullopt for a
  // draw.
  std::optional<std::uint64_t> remoteness(const Position& position);

  // The options of `position`, as the ruleset generates them, that lead to a
  // lost position (the winning moves), at most `max` of them.
  OptionList winning_options(const Position& position, std::size_t max);
  // For a drawn position, its options that keep the draw (to drawn
  // positions: a draw has no lost option, and a move to a won position
  // loses); empty for a won or lost position.
  OptionList drawing_options(const Position& position, std::size_t max);

  // The option good play chooses, first in generator order among equals: the
  // winner moves to a lost option of least remoteness (hurries), the loser to
  // an option of largest remoteness (resists longest), a player in a draw to
  // a drawn option. nullopt for a position without options.
  std::optional<Position> best_option(const Position& position);

  // Progress reports and a stop flag (search_control.h); nullptr: none.
  void set_control(const SearchControl* control) {
    graph_.set_control(control, "retrograde analysis");
  }

  std::uint64_t positions_stored() const { return graph_.vertex_count(); }
  std::uint64_t moves_stored() const { return graph_.graph().edge_count(); }

 private:
  using Id = Vertex;
  using Label = detail::Label;

  // The id of `position`'s canonical form, exploring and labelling what it
  // reaches if it is new.
  Id ensure(const Position& position);
  // The generated options of `position` with the ids of their canonical forms.
  std::vector<std::pair<Position, Id>> options_with_ids(const Position& position);
  // Those of them labelled `label`, at most `max`.
  OptionList options_labelled(const Position& position, Label label, std::size_t max);

  const Ruleset& ruleset_;
  Convention convention_;
  std::uint64_t limit_;
  detail::SearchWork work_;
  // Every canonical position reached, numbered, with its options.
  detail::GraphExplorer<Position, PositionHash> graph_;
  detail::Labelling labels_;
};

}  // namespace grundy
