// Every option of a position with its value and outcome: the table a student
// checks an SG computation against (the value of a position is the mex of
// its options' values), and the moves to step into one by one.
//
// Description: the options in the ruleset's order (in a sum, each
//   component's in turn), each described as the winning moves are. Normal
//   play: an option changes one component, so its γ is the other components'
//   values summed with the new value of the one it changes (Smith's sum rule;
//   the components valued as analysis.h values them, once each), and its
//   outcome follows from γ (P iff γ = 0). Misère play: each option's outcome
//   by its own analysis (the misère quotient, the misère-Nim rule or a
//   search, as analysis.h chooses), no value; the options' searches share
//   the position's search limit (each gets its share, at least 1000
//   positions), so that the table costs about what one search would.
// Source: Sprague (1935), Grundy (1939): G(x) = mex{G(y) : y an option of
//   x}; C. A. B. Smith, "Graphs and composite games" (1966) for γ.
// Status: each row's value and outcome against the analysis of the option
//   itself, and the mex against the position's value, on random sums of every
//   family (tests/stress/option_values_test.cpp).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "grundy/core/gamma.h"
#include "grundy/core/outcome.h"
#include "grundy/rules/ruleset.h"
#include "grundy/solve/analysis.h"

namespace grundy {

struct OptionValue {
  std::string description;     // the move, as Analysis::winning_moves words it
  Position after;              // the whole position after the move
  std::optional<GammaValue> value;  // its γ in normal play; nullopt in misère play
  Outcome outcome = Outcome::P;     // for the player then to move: P is a winning move
};

struct OptionValues {
  std::vector<OptionValue> options;  // the first max_rows options
  bool complete = true;              // every option is listed
  // The mex of the options' values, which is the position's Grundy value:
  // normal play, every option listed and every value finite.
  std::optional<Nimber> mex;
};

// Throws InputError for an Every-SG or conjunctive compound (their moves are
// valued by suspense and remoteness: compound_analysis.h), and LimitError
// where a value or an outcome cannot be found within `options`' limits.
OptionValues option_values(const Ruleset& ruleset, const Position& position,
                           const AnalysisOptions& options, std::size_t max_rows);

}  // namespace grundy
