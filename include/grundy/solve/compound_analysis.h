// Analysis of compounds of different games (rules/compound.h) under every
// convention: the disjunctive sum in normal and misère play, Every-SG, and
// remoteness.
//
// Description:
//   Normal play, sums: each component's value: heap games by their heap
//   values (heap_values.h: closed form, table or proven period), tokens on a
//   graph by the generalised Sprague-Grundy function γ (graph_values.h, so
//   graphs with cycles too), position games (Wythoff, staircase, Moore) by
//   their closed form, or a bounded search when the closed form gives only
//   the outcome. The whole sum's γ by Smith's sum rule (finite values
//   nim-add; one ∞(K) with the rest x gives ∞(K ⊕ x); two or more ∞ give
//   ∞(∅)), the outcome from it, and the winning moves: in component i,
//   every move to a value equal to the nim-sum r_i of the other components
//   (only when those are all finite), found with each game's own machinery
//   (heap games: analysis.h; graphs: followers of value r_i ⊕ the other
//   tokens; position games: the closed-form P-moves when r_i = 0, else the
//   values of the options).
//   Misère play: Grundy values do not decide it (docs/theory.md §4). Sums without
//   cycles are searched exhaustively (brute_force.h), memoised on canonical
//   component multisets, within the stated position limit; with cycles a
//   retrograde analysis of the sum (retrograde.h) gives wins, losses and
//   draws.
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
// Time: that of the component methods, plus O(options of one component) per
//   component for the winning moves; the searches are bounded by
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

namespace grundy {

// Normal or misère play of a disjunctive compound. In normal play
// Analysis::heap_values holds the components' values when all are finite,
// and value_note gives γ = ∞(K) when the sum's is infinite.
Analysis analyze_compound(const Compound& sum, const Position& position,
                          const AnalysisOptions& options = {});

// The γ of each component of a disjunctive compound in normal play (throws
// LimitError when a value can be neither read from a closed form nor
// searched within the limit).
std::vector<GammaValue> component_values(const Compound& sum, const Position& position,
                                         const AnalysisOptions& options = {});

// Every-SG: who wins a continued conjunctive compound (CompoundKind::every)
// and the compound move good play makes.
struct EveryAnalysis {
  Outcome outcome = Outcome::P;
  // Suspense of each component; empty when the compound was analysed whole
  // (components with cycles).
  std::vector<std::uint64_t> suspense;
  // The move good play makes (the winner's winning move, the loser's
  // hurried one, a drawing one); nullopt when there is no move.
  std::optional<Position> move;
  std::string method;
};
EveryAnalysis analyze_every(const Compound& every, const Position& position,
                            std::uint64_t search_limit);

// The conjunctive compound (CompoundKind::conjunctive): each turn the mover
// moves in every component, and loses as soon as some component has no move
// (docs/theory.md §5). The mover wins iff the least remoteness of the components
// is odd; good play moves each component by its remoteness (winner hurries,
// loser resists). Components with cycles: retrograde analysis of the whole.
struct ConjunctiveAnalysis {
  Outcome outcome = Outcome::P;
  // Remoteness of each component; empty when analysed whole.
  std::vector<std::uint64_t> remoteness;
  std::optional<Position> move;  // nullopt when there is no move
  std::string method;
};
ConjunctiveAnalysis analyze_conjunctive(const Compound& conjunctive, const Position& position,
                                        std::uint64_t search_limit);

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
                                      Convention convention, std::uint64_t search_limit);

}  // namespace grundy
