// The search for a period of a take-and-break code's heap values, proven
// where a criterion applies (periodicity.h): what `grundy period` and the
// Python module's period() run.
//
// Description: the values are computed on the research-scale engine
//   (sequence_engine.h) from kPeriodSearchStart values on, doubling (or jumping to the number of
//   values the proof needs) until the period is proven, the limit is
//   reached, the engine stops (a value past 16 bits: the prefix it kept is
//   examined as it is) or the caller's stop flag is raised. For a code no
//   criterion can prove, the search stops at the first pattern seen unless
//   the caller asks to look as far as the limit. A caller may also bound the
//   work per search (max_work), deterministically.
// Source: docs/theory.md §3; the criteria of periodicity.h.
// Time and memory: those of the engine on the values computed, 2 bytes each.
// Status: the command line's period tests (tests/cli/arithmetic_period_test.cpp,
//   tests/cli/sequence_cli_test.cpp) and the Python module's
//   (python/tests/test_api.py); the work limit in tests/unit/survey_test.cpp.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>

#include "grundy/core/types.h"
#include "grundy/rules/take_and_break.h"
#include "grundy/solve/periodicity.h"
#include "grundy/solve/sequence_engine.h"

namespace grundy {

// Values of a code computed first in search of a period (then doubled).
inline constexpr Heap kPeriodSearchStart = Heap{1} << 12;

// The one doubling loop of every period search: search_period below (what
// `grundy period` and the survey run), HeapValues (G(n) beyond its table)
// and SequenceRun (a far range answered from a period). Each of them only
// says where the values come from.
//
// The loop asks for G(0..s-1), s = max(first, start) (at most `limit`),
// and examines them with find_periodicity; then, until the period is proven,
// it asks for max(2s, what the proof needs) values, at most `limit`. It stops
// at a proof, at the limit, when the caller's stop flag stopped a step, when
// the values stop (a value past 16 bits, or memory: the prefix computed is
// examined as it is), when the caller's work cap refuses the next step, or
// at the first pattern seen when no criterion can prove a period of the code
// (has_period_criterion) unless asked to look as far as the limit.
struct PeriodGrowth {
  // Makes G(0..size-1) available; false when the caller's stop flag stopped
  // it. Throws LimitError when the values stop short of size.
  std::function<bool(Heap size)> compute;
  // G(0..) as far as computed.
  std::function<std::span<const std::uint16_t>()> values;
  // When set: false refuses the step from `have` values to `next`.
  std::function<bool(Heap have, Heap next)> may_grow;
};

enum class PeriodGrowthEnd {
  proven,        // the period is proven
  limit,         // `limit` values examined, not proven
  unprovable,    // a pattern seen, and no criterion can prove one
  interrupted,   // the stop flag stopped a step
  values_stop,   // the values stopped short (PeriodGrown::stopped says why)
  over_work,     // may_grow refused the next step
};

struct PeriodGrown {
  Periodicity periodicity;  // of the values examined last
  PeriodGrowthEnd end = PeriodGrowthEnd::limit;
  std::string stopped;  // the LimitError's message, for values_stop
};

// Throws the LimitError of compute when not even one value is computed.
PeriodGrown grow_until_periodic(const TakeAndBreak& code, Heap start, Heap limit,
                                bool observe_to_max, const PeriodGrowth& growth);

struct PeriodSearchOptions {
  // Compute at most this many values (at least 16).
  Heap max_values = Heap{1} << 22;
  // Look as far as max_values even when no criterion can prove a period.
  bool observe_to_max = false;
  unsigned threads = 0;  // 0: one per core
  // When not 0: do not start a step whose estimated work exceeds this. The
  // estimate of extending G(0..s-1) to G(0..s'-1) is (s' - s) x max(1, rare
  // values so far): the rare/common engine pairs each new heap size with
  // every rare one (docs/theory.md §3). It depends only on the code and the
  // sizes, never on the machine, so a search stopped by it stops at the same
  // n every time.
  std::uint64_t max_work = 0;
};

struct PeriodSearch {
  Periodicity periodicity;
  ValueSequence values;  // G(0..) as far as they were computed
  bool interrupted = false;  // the stop flag was raised
  // The engine's message when it could not go on (empty otherwise).
  std::string stopped;
  // Stopped at the first pattern: no criterion can prove a period of this code.
  bool unprovable = false;
  // Stopped short of max_values because the next step would exceed max_work.
  bool over_work = false;
};

// Throws InputError when max_values < 16, and the engine's LimitError when
// not even the first values can be computed.
PeriodSearch search_period(const TakeAndBreak& code, const PeriodSearchOptions& options,
                           const EngineControl& control = {});

}  // namespace grundy
