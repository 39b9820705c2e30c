// The analysis of a position: who wins, its Grundy value, and every winning
// move, by the best exact method available for its games and the convention.
// A position of one game is analysed as a sum of one component; a
// disjunctive compound (rules/compound.h) as the sum of its components.
//
// Description: each component's game is valued by what its family provides
//   (src/solve/analysis/valuation.h: heap values from a closed form, a table or a
//   proven period; a position game's closed form; γ of a graph; a bounded
//   search). Normal play: the sum's γ by Smith's sum rule (finite values
//   nim-add, docs/theory.md §1, §6), the outcome from it, and in component
//   i every move to the nim-sum of the other components (only when those
//   are all finite). Misère play: a closed form of the game (misère Nim),
//   the misère-Nim rule where every heap is verified tame (SJ theorem,
//   genus.h), the misère quotient of a heap game where it covers the heaps
//   (misere_quotient.h), and otherwise a search of the whole position within a stated
//   limit: exhaustive (brute_force.h), or retrograde analysis with cycles
//   (retrograde.h; wins, losses, draws).
// Source: docs/theory.md §1, §2, §4, §6; C. A. B. Smith, "Graphs and
//   composite games", J. Combin. Theory 1 (1966).
// Status: every method compared with brute force on small positions, every
//   convention with a retrograde analysis of whole random compounds, and
//   every winning move checked to be legal and to lead to a P-position
//   (tests/stress/analysis_test.cpp, conventions_test.cpp, tests/cli).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "grundy/core/outcome.h"
#include "grundy/rules/ruleset.h"
#include "grundy/solve/convention.h"
#include "grundy/solve/heap_values.h"
#include "grundy/solve/search_control.h"

namespace grundy {

// The steps of one step of a period search an analysis allows
// (ComputeLimits::max_step_work): about half a second of the rare/common
// engine at about 0.5 ns a step on two threads (AMD EPYC Zen 5; 0.344 and
// 0.6 alike), so that the whole search, whose steps double, stays within
// about 2 s: 0.344, whose values are not sparse, stops at G(0..131071) in
// about 1.5 s where its default 2^20 values took 24 s; 0.6 still reaches
// 10^6 (0.8 s). `--max` lifts it.
inline constexpr std::uint64_t kAnalysisStepWork = 1'000'000'000;

inline ComputeLimits analysis_compute_limits() {
  ComputeLimits limits;
  limits.max_step_work = kAnalysisStepWork;
  return limits;
}

struct AnalysisOptions {
  Convention convention = Convention::normal;
  // Most winning moves listed; the list says when it was cut.
  std::size_t max_moves = 10'000;
  // Count the winning moves without listing them (Analysis::winning_move_count),
  // up to max_moves of them.
  bool count_only = false;
  // Most single-heap options visited in search of winning moves (heaps known
  // through a period may have astronomically many); past it the list is
  // marked incomplete.
  std::uint64_t max_option_visits = 5'000'000;
  // Most positions an exhaustive search may store.
  std::uint64_t search_limit = 4'000'000;
  ComputeLimits compute = analysis_compute_limits();
  // Progress reports and a stop flag for the position searches
  // (search_control.h): a stop throws Interrupted. nullptr: none.
  const SearchControl* control = nullptr;
  // The same for computing heap values with the sequence engine (a code's
  // G(0..n) up to its proven period or the heap asked about): progress
  // reports, and a stop that throws Interrupted. nullptr: none.
  const EngineControl* values_control = nullptr;
};

// How an analysis was obtained, as a fact a caller may branch on (the
// words are Analysis::method's).
enum class AnalysisMethod {
  closed_form,        // a rule of the whole game (Bouton, Wythoff, misère Nim, ...)
  sprague_grundy,     // the nim-sum of the components' values (γ with cycles)
  misere_nim_rule,    // misère play of heaps whose genus is a nim heap's (SJ theorem)
  misere_quotient,    // the misère quotient of the game
  retrograde,         // the labelling of the whole position's graph
  exhaustive_search,  // a memoised search of the whole position
};

struct Analysis {
  Outcome outcome = Outcome::P;
  // Normal-play Grundy value of the whole position; nullopt in misère play or
  // where it is not known (the note says why).
  std::optional<Nimber> value;
  std::string value_note;
  // Normal-play values of the independent parts (heaps, stairs); nullopt
  // where the position is not such a sum, and in misère play.
  std::optional<std::vector<Nimber>> heap_values;
  MoveList winning_moves;
  // The number of winning moves, when it is known exactly (the list is
  // complete, or count_only counted them all).
  std::optional<std::uint64_t> winning_move_count;
  // How the answer was obtained, e.g. "closed form (misère Nim)".
  std::string method;
  AnalysisMethod method_kind = AnalysisMethod::closed_form;
  // For the nim-sum of heap values: how those values were found ("closed
  // form", "computed by mex", a proven period); empty otherwise.
  std::string heap_value_method;
  // Why the list of winning moves is incomplete, when it is for a reason
  // other than max_moves (empty otherwise).
  std::string moves_note;
  // False when some heap value came from a period observed but not proven
  // (ComputeLimits::accept_observed): the answer is then not a proof.
  bool proven = true;
};

Analysis analyze(const Ruleset& ruleset, const Position& position,
                 const AnalysisOptions& options = {});

}  // namespace grundy
