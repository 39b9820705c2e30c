// Re-verifying an answer with its by-definition twin, where the size allows
// (`--check` of analyze, values and period): a disagreement is a bug in
// grundy, and is reported as such, never hidden.
//
// Description: analyze: the outcome (and in normal play the Grundy value)
//   recomputed by exhaustive search of the whole position (brute_force.h;
//   retrograde analysis, retrograde.h, for games with cycles), and every
//   listed winning move checked to lead to a position lost for the player
//   then to move (a P-position). values: G(n) recomputed by the naive mex
//   over every option (naive_heap_values, heap_values.h) for n up to a work
//   bound; past that bound, at a few heaps spread over the rest of the range
//   (the top one first), G(n) against the mex of its options' values as
//   computed (the mex rule at n, given the values below n), within a budget
//   that grows with the values computed. period: the period relation
//   G(n + p) = G(n) + s checked by definition at every n of the computed
//   range from the preperiod on, and the values themselves against the
//   naive mex up to a work bound and the mex rule past it.
// Source: docs/theory.md §1 (mex, P-positions), §3 (periodicity).
// Status: each check fed a right and a wrong answer
//   (tests/unit/check_test.cpp); through the command line in
//   tests/cli/check_cli_test.cpp.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "grundy/core/types.h"
#include "grundy/rules/heap_ruleset.h"
#include "grundy/rules/ruleset.h"
#include "grundy/solve/analysis.h"
#include "grundy/solve/periodicity.h"
#include "grundy/solve/search_control.h"
#include "grundy/solve/sequence_engine.h"

namespace grundy {

struct CheckReport {
  // False when the twin could not be run (`what` says why).
  bool checked = false;
  // False when the twin disagrees (`what` says where): a bug.
  bool agrees = true;
  // What was checked, why it was not, or the disagreement.
  std::string what;
};

// Most positions the twin of analyze may store.
inline constexpr std::uint64_t kCheckSearchLimit = 250'000;
// Most option visits the naive mex of values and period may make.
inline constexpr std::uint64_t kCheckWork = 100'000'000;
// Most heaps past the naive table whose mex rule is checked.
inline constexpr int kCheckSpotHeaps = 16;

// The option visits a check may spend on heaps past the naive table when
// `computed` values were computed to answer (not taken from a period or a
// closed form): twice that many, at least `at_least`, so that a run to 2^32
// has its top heaps checked (about 2·10^9 options each for 0.6) at a cost
// small beside the run's, and a heap of 10^15 answered by its period is not
// visited option by option.
std::uint64_t check_spot_work(std::uint64_t computed, std::uint64_t at_least = kCheckWork);

// The analysis `a` of `position` under `convention`, against exhaustive
// search of the whole position within `limit` positions.
CheckReport check_analysis(const Ruleset& ruleset, const Position& position, const Analysis& a,
                           Convention convention, std::uint64_t limit = kCheckSearchLimit,
                           const SearchControl* control = nullptr);

// G(from..to) as `value_at` gives them, against the naive mex, for n up to
// the largest bound whose naive table costs at most `max_work` option visits.
// Past it, at most kCheckSpotHeaps heaps n of the rest of the range (`to`,
// then evenly spaced down to the first one past the table) while
// `spot_work` option visits last (default `max_work`; none when 0): G(n)
// against the mex of the values `value_at` gives its options. `control`
// (may be null) sees the progress of that part and can stop it
// (Interrupted).
CheckReport check_heap_values(const HeapRuleset& ruleset, Heap from, Heap to,
                              const std::function<Nimber(Heap)>& value_at,
                              std::uint64_t max_work = kCheckWork,
                              std::optional<std::uint64_t> spot_work = std::nullopt,
                              const SearchControl* control = nullptr);

// The periodicity `p` found in `values` (G(0..)), by definition over all of
// them, and the values against the naive mex of `ruleset` within `max_work`.
CheckReport check_periodicity(const HeapRuleset& ruleset, const Periodicity& p,
                              const ValueSequence& values, std::uint64_t max_work = kCheckWork);

}  // namespace grundy
