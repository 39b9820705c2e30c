// The analysis of a position: who wins, its Grundy value, and every winning
// move, by the best exact method available for the ruleset and convention.
//
// Description: heap games in normal play: G of each heap (closed form or
//   computed table), nim-sum, and for each heap i the options of value
//   G(h_i) xor X (docs/theory.md §1). Position rulesets: their proven closed form.
//   Misère Nim: its closed form. Every other misère question: exhaustive
//   search over the whole position (brute_force.h), within a stated limit.
// Source: docs/theory.md §1, §2, §4.
// Status: every method compared with brute force on small positions, and
//   every winning move checked to be legal and to lead to a P-position
//   (tests/stress, tests/cli).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "grundy/core/outcome.h"
#include "grundy/rules/ruleset.h"
#include "grundy/solve/convention.h"
#include "grundy/solve/heap_values.h"

namespace grundy {

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
  ComputeLimits compute;
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
  // Why the list of winning moves is incomplete, when it is for a reason
  // other than max_moves (empty otherwise).
  std::string moves_note;
  // False when some heap value came from a period observed but not proven
  // (ComputeLimits::accept_observed): the answer is then not a proof.
  bool proven = true;
};

Analysis analyze(const Ruleset& ruleset, const Position& position,
                 const AnalysisOptions& options = {});

class HeapRuleset;

namespace detail {
// Normal play: a position of a heap game beside other games whose values
// nim-add to `outside`. The value is the position's own; the outcome and the
// winning moves (all in this position) are those of the whole sum.
Analysis analyze_heaps_beside(const HeapRuleset& ruleset, const Position& position, Nimber outside,
                              const AnalysisOptions& options);

// Misère play of a sum of heap-game positions, by the misère-Nim rule on
// their values, when every position reachable from their heaps is verified
// tame with nim-heap genera (genus.h); nullopt when that is not verified.
// The winning moves go to `moves` as (part, move within the part).
struct HeapPart {
  const HeapRuleset* ruleset;
  const Position* position;
};
std::optional<Analysis> misere_by_nim_rule(const std::vector<HeapPart>& parts,
                                           const AnalysisOptions& options,
                                           std::vector<std::pair<std::size_t, Move>>& moves);
}  // namespace detail

}  // namespace grundy
