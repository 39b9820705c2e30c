// What a run computing a take-and-break code's values will cost, decided
// before any work, once for every front end: the command line's `values`,
// `value --store` and `period`, the Python module's values() and period()
// (check_values_in_memory).
// Each front end only asks for the plan, refuses with the library's words
// (front_end_words.h names its settings) and prints.
//
// Description: a run of G(0..to) holds 2 bytes a value in memory (none when
//   the sequence is in a store, whose pages are the kernel's page cache), the
//   engine's tables (a bit a value for a store, two for memory, and 64 MiB)
//   and, for a code the rare/common engine does not cover, the split-set
//   engine's sets (split_set_bytes); its work is the split-set engine's
//   operations (split_set_work), bounded by kMaxSplitSetWork. A range that
//   reaches past the values a period search computes first (search_bound)
//   is answered from a proven period when there is one, so its refusal waits
//   for that search.
// Source: the engines' memory and work models, sequence_engine.h;
//   docs/performance.md for the rates behind kMaxSplitSetWork.
// Status: tests/unit/code_run_plan_test.cpp; the refusals of both front ends
//   (tests/cli/bad_input_test.cpp, python/tests/test_api.py).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "grundy/core/error.h"
#include "grundy/core/types.h"
#include "grundy/rules/ruleset.h"
#include "grundy/rules/take_and_break.h"
#include "grundy/solve/heap_values.h"
#include "grundy/solve/period_search.h"
#include "grundy/solve/sequence_run.h"
#include "grundy/solve/value_histogram.h"

namespace grundy {

// Most work a run on the split-set engine (a code that can leave three
// heaps or more, or an infinite one) may take (split_set_work): 4-5 hours
// at the 6-7·10^9 a second measured on one thread, about half that on two
// (docs/performance.md, "Codes the rare/common engine does not cover").
inline constexpr std::uint64_t kMaxSplitSetWork = 100'000'000'000'000;

struct CodeRunPlan {
  Heap to = 0;
  bool stored = false;   // the sequence is kept in a store (mapped_sequence.h)
  std::uint64_t bytes = 0;  // memory the run needs (saturating)
  std::uint64_t work = 0;   // split-set operations; 0 on the rare/common engine
  // Values a period search computes first (affordable_code_values with the
  // default ComputeLimits); `far` when `to` is at or past it.
  Heap search_bound = 0;
  bool far = false;

  bool over_memory(std::uint64_t limit) const { return bytes > limit; }
  bool over_work() const { return work > kMaxSplitSetWork; }
  // Whether the run is refused under `limit` (memory or work).
  bool refused(std::uint64_t limit) const { return over_memory(limit) || over_work(); }
};

// The plan of computing G(0..to) of `code`, in memory or in a store.
CodeRunPlan plan_code_run(const TakeAndBreak& code, Heap to, bool stored);

// The refusals of a plan, in the front end's words: "computing G(0..to) of
// 'SHOWN' needs about N MiB, over the memory limit of M MiB (raise it with
// --max-memory)" and
// "... takes about W operations (why), over the limit of ...". `shown` names
// the ruleset as the user typed it; `why` is appended (", and no period of
// it is proven in G(0..n)").
LimitError code_run_over_memory(const CodeRunPlan& plan, const std::string& shown,
                                std::uint64_t limit, const std::string& why = "");
LimitError code_run_over_work(const CodeRunPlan& plan, const TakeAndBreak& code,
                              const std::string& shown, const std::string& why = "");

// The plan's refusal under `memory_limit` (work first, which is the same on
// every machine, then memory), for a plan that is refused().
LimitError code_run_refusal(const CodeRunPlan& plan, const TakeAndBreak& code,
                            const std::string& shown, std::uint64_t memory_limit,
                            const std::string& why = "");

// Throws the plan's refusal when there is one: for a run that goes straight
// to G(0..to), without a period search first.
void check_code_run(const CodeRunPlan& plan, const TakeAndBreak& code, const std::string& shown,
                    std::uint64_t memory_limit, const std::string& why = "");

// A ruleset that is neither a code nor a closed form has its G(0..to) in a
// table (heap_values.h): 8 bytes a value, its bookkeeping and 64 MiB. Throws
// the refusal, worded as code_run_over_memory's, when that is over
// `memory_limit`.
std::uint64_t table_run_bytes(Heap to);
// The limits of a table run of G(0..to) that check_table_run accepted: the
// default table bound raised to `to` + 1 values, at most what
// `memory_limit` holds at 8 bytes a value (`grundy values`, the module's
// values()).
ComputeLimits table_run_limits(Heap to, std::uint64_t memory_limit);
void check_table_run(Heap to, const std::string& shown, std::uint64_t memory_limit,
                     const std::string& why = "");

// A request for G(0..to) of a heap ruleset, decided once for every front
// end: where the values come from (heap_value_source); for a code, its
// run's plan (in a store when `stored`), refused now when G(0..to) lies
// within the values a period search computes first (a far range waits for
// that search: far_run_refused); for a table, its limits
// (table_run_limits), refused now when over `memory_limit`. A closed form
// needs no run. `shown` names the ruleset as the user typed it.
struct ValuesPlan {
  HeapValueSource source;
  std::optional<CodeRunPlan> code_run;
  ComputeLimits table_limits;
  bool engine() const { return source.source == ValueSource::code_engine; }
  bool closed_form() const { return source.source == ValueSource::closed_form; }
  bool far() const { return code_run && code_run->far; }
};
ValuesPlan plan_values(const HeapValueSource& source, Heap to, bool stored,
                       const std::string& shown, std::uint64_t memory_limit);

// The histogram of G(from..to) of a heap ruleset whose values come from a
// closed form or a table (`grundy values --stats`; an engine's run counts
// its own, add_sequence_values): one value at a time for at most
// kMaxOneByOne heaps; a longer range of a closed form through the period of
// its code (bash:5; Nim's arithmetic period still counts one by one, every
// value being new), counted by residue class as an engine's would be.
// check_histogram_range judges the range before any work (an InputError
// for a longer range of a closed form that is no code);
// histogram_of then counts, with a LimitError when the code's period is not
// proven. `value_at` gives G(n) one at a time.
void check_histogram_range(const HeapValueSource& source, const HeapRuleset& heaps, Heap from,
                           Heap to, const std::string& shown);
ValueHistogram histogram_of(const HeapValueSource& source, const HeapRuleset& heaps, Heap from,
                            Heap to, const std::function<Nimber(Heap)>& value_at,
                            const std::string& shown);

// A request for G(from..to) of a heap ruleset whose values are all computed
// and then held in memory (the Python module's values(), which returns them
// as an array; the web page's Sequence): refused as its source's run would
// be (a code's engine with plan_code_run, a table with check_table_run),
// and for a closed form, which needs no run, when the values themselves, 8
// bytes each, are over `memory_limit`. For a code it returns the plan: a far
// one (plan.far) is answered from a proven period when the search finds one
// (SequenceRun::search_period(plan.search_bound)), so its run's refusal
// waits for that search (far_run_refused); until then only the values
// held, 8 bytes each, are judged.
std::optional<CodeRunPlan> check_values_in_memory(const HeapValueSource& source, Heap from,
                                                  Heap to, const std::string& shown,
                                                  std::uint64_t memory_limit);

// A far plan after its period search on `run`: true when no period is
// proven, so that G(0..to) must be computed in full, and the plan refuses
// that run (the refusal is far_run_refusal's, which says how far no period
// was proven, `also` appended).
bool far_run_refused(const CodeRunPlan& plan, const SequenceRun& run, std::uint64_t memory_limit);
LimitError far_run_refusal(const CodeRunPlan& plan, const SequenceRun& run,
                           const std::string& shown, std::uint64_t memory_limit,
                           const std::string& also = "");

// How far a period search of `code` may look: `asked` values (at least 16),
// lowered to what `memory_limit` holds (code_values_within), and, unless
// `asked` was given explicitly, to the work budget of the other commands
// (code_values_limit with the default ComputeLimits): a code on the
// split-set engine costs O(n^2) operations or more and would otherwise run
// for days. `lowered` says that memory lowered it.
struct PeriodSearchBound {
  Heap max = 0;
  Heap fits = 0;
  bool lowered = false;
};
PeriodSearchBound period_search_bound(const TakeAndBreak& code, Heap asked, bool asked_given,
                                      std::uint64_t memory_limit);

// A request for the period of `ruleset` (`grundy period`, the Python
// module's period(), the web page's Period), decided once: the code it
// searches (InputError for a ruleset that is not a heap game, or a heap game
// that is neither a take-and-break code nor a subtraction set), the values
// it may compute (period_search_bound: `max` values, at least 16, default
// 2^22, lowered to what `memory_limit` holds and, when `max` is not given,
// to the work budget), and whether it looks as far as that bound when no
// criterion can prove a period (by default: when `max` is given).
inline constexpr Heap kDefaultPeriodValues = Heap{1} << 22;
struct PeriodPlan {
  TakeAndBreak code;
  Heap asked = kDefaultPeriodValues;  // the values asked for
  bool asked_given = false;
  PeriodSearchBound bound;
  PeriodSearchOptions options;  // what search_period runs
};
PeriodPlan plan_period(const Ruleset& ruleset, std::optional<Heap> max,
                       std::optional<bool> observe_to_max, unsigned threads,
                       std::uint64_t memory_limit);

// Why a period search stopped short of the values asked for, as data that
// each front end words: the memory limit lowered the bound (memory), or the
// default work budget did (work: G(0..reached-1) take `work` operations,
// over `budget`).
struct PeriodShortfall {
  enum class Reason { none, memory, work } reason = Reason::none;
  Heap reached = 0;
  std::uint64_t work = 0;
  std::uint64_t budget = 0;
};
PeriodShortfall period_shortfall(const PeriodPlan& plan, const PeriodSearch& search);

}  // namespace grundy
