// How the positions of one game are valued, chosen by the game's family
// (rules/ruleset.h, RulesetVisitor): the one place where the solvers learn
// what a ruleset provides. The analysis of a position — a game alone or one
// component of a sum — asks its game's Valuation for values and for the moves
// to a given value (docs/theory.md §1, §6).
//
// Description: heap games: heap values (closed form, table or proven
//   period: heap_values.h) nim-added, and the options of value G(h) xor t of
//   each heap; position games: their closed form, or a bounded search where
//   it gives only the outcome; tokens on a graph: γ of the graph
//   (graph_values.h); any other game with cycles: γ of the graph of the
//   positions reachable from the ones asked about; any other game: a bounded
//   memoised search (brute_force.h).
// Status: through analysis.h, against brute force and retrograde analysis of
//   whole sums (tests/stress/analysis_test.cpp, conventions_test.cpp).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "grundy/core/gamma.h"
#include "grundy/rules/heap_ruleset.h"
#include "grundy/solve/analysis.h"
#include "grundy/solve/heap_values.h"

namespace grundy::detail {

// A component's value is searched for only this far: an analysis must answer
// at once.
inline constexpr std::uint64_t kValueSearchLimit = 200'000;
// About what 4,000,000 options of a few numbers each take (detail/search_work.h).
inline constexpr std::uint64_t kValueSearchSteps = 24'000'000;

class Valuation {
 public:
  virtual ~Valuation() = default;

  // γ of a position of this game (a nimber unless the game has cycles), as
  // needed to add it to other games. Throws LimitError when it can be neither
  // read from a closed form or table nor searched within the limits.
  virtual GammaValue value(const Position& position) = 0;

  // The moves of `position` to a position of value `target`, described in
  // the game's own words, appended to `list` until it holds `room` moves;
  // list.complete becomes false when there were more or a search budget cut
  // the search.
  virtual void moves_to_value(const Position& position, Nimber target, std::size_t room,
                              MoveList& list) = 0;

  // Normal play of this game alone, where its family answers more than a sum
  // of one would (heap values per heap, an outcome without a value, counts
  // without move lists); nullopt to be analysed as a sum of one component.
  virtual std::optional<Analysis> analyze_alone(const Position& /*position*/) {
    return std::nullopt;
  }

  // False once a value came from an observed, unproven period.
  virtual bool exact() const { return true; }

  // For heap games, their values (the misère-Nim rule reads them); nullptr
  // for other families.
  virtual const HeapRuleset* heap_game() const { return nullptr; }
  virtual HeapValues* heap_values() { return nullptr; }
};

// The valuation of `ruleset`'s family, within `options`' limits (which must
// outlive it, as must the ruleset).
std::unique_ptr<Valuation> valuation_of(const Ruleset& ruleset, const AnalysisOptions& options);

}  // namespace grundy::detail
