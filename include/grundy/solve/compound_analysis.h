// Analysis of compounds of different games (rules/compound.h) by the turn
// counts of their components: Every-SG, the conjunctive compound, and
// remoteness (the disjunctive sum, in normal and misère play, is analysis.h).
//
// Description:
//   Every-SG: Smith's suspense number of each component (suspense.h); the
//   mover wins iff the largest is odd; good play moves every component to an
//   option of suspense S - 1. With cycles in some component the suspense
//   theory does not apply and the compound itself is analysed by
//   retrograde analysis (wins, losses, draws).
//   Conjunctive compound: Smith's remoteness of each component; the least
//   decides (odd: the mover wins), each component moved by its remoteness.
//   With cycles: retrograde analysis of the compound.
//   Remoteness: Smith's remoteness (remoteness.h), or, with cycles, the
//   remoteness of the retrograde analysis (draws have none).
// Source: docs/theory.md §1, §4, §5, §6; C. A. B. Smith, "Graphs and composite
//   games", JCT 1 (1966); Winning Ways ch. 9, 11.
// Time: that of the component searches, which are bounded by
//   `search_limit` positions and fail with a LimitError naming it.
// Status: every convention compared with a retrograde analysis of the whole
//   compound on random small compounds of heap games, Wythoff, staircase and
//   tokens on acyclic and cyclic graphs (tests/stress/conventions_test.cpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "grundy/core/outcome.h"
#include "grundy/rules/compound.h"
#include "grundy/solve/analysis.h"
#include "grundy/solve/graph_values.h"
#include "grundy/solve/remoteness.h"

namespace grundy {

// The analysis of an Every-SG or conjunctive compound: one result for both,
// which every front end reads (the command line, the module, the page).
struct CompoundAnalysis {
  Outcome outcome = Outcome::P;
  // The turn number of each component: suspense (Every-SG) or remoteness
  // (conjunctive); empty when the compound was analysed whole (components
  // with cycles).
  std::vector<std::uint64_t> numbers;
  // The move good play makes (the winner's winning move, the loser's
  // hurried or resisting one, a drawing one); nullopt when there is no move.
  std::optional<Position> move;
  std::string method;
  // Which numbers these are: Tempo::suspense (Every-SG) or
  // Tempo::remoteness (conjunctive).
  Tempo tempo = Tempo::suspense;

  // The number that decides, and how many turns the game lasts with good
  // play: the largest suspense (Every-SG) or the least remoteness
  // (conjunctive); nullopt when the compound was analysed whole.
  std::optional<std::uint64_t> decisive() const;
};

// Every-SG: who wins a continued conjunctive compound (CompoundKind::every)
// and the compound move good play makes.
CompoundAnalysis analyze_every(const Compound& every, const Position& position,
                               std::uint64_t search_limit,
                               const SearchControl* control = nullptr);

// The conjunctive compound (CompoundKind::conjunctive): each turn the mover
// moves in every component, and loses as soon as some component has no move
// (docs/theory.md §5). The mover wins iff the least remoteness of the components
// is odd; good play moves each component by its remoteness (winner hurries,
// loser resists). Components with cycles: retrograde analysis of the whole.
CompoundAnalysis analyze_conjunctive(const Compound& conjunctive, const Position& position,
                                     std::uint64_t search_limit,
                                     const SearchControl* control = nullptr);

// Either of the two, by the compound's kind (an InputError for a
// disjunctive sum, which analysis.h analyses).
CompoundAnalysis analyze_compound(const Compound& compound, const Position& position,
                                  std::uint64_t search_limit,
                                  const SearchControl* control = nullptr);

// Remoteness of any position (a compound too) under a convention.
struct RemotenessAnalysis {
  Outcome outcome = Outcome::P;
  std::optional<std::uint64_t> remoteness;  // nullopt for a draw
  // The move good play makes (hurry to win, resist longest, keep the draw);
  // nullopt without moves.
  std::optional<Position> best;
  std::string method;
};
RemotenessAnalysis analyze_remoteness(const Ruleset& ruleset, const Position& position,
                                      Convention convention, std::uint64_t search_limit,
    const SearchControl* control = nullptr);

}  // namespace grundy
