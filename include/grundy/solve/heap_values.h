// G(n) for single heaps of any heap ruleset: by its closed form where one is
// proven; from a table computed on demand (the research-scale engine for
// take-and-break codes, the ruleset's own faster method, or the naive mex);
// and beyond the table (or beyond the 16-bit values the code engines store),
// for codes, from a proven period (periodicity.h: Guy-Smith, or the closed
// forms of Nim and Lasker's Nim for an arithmetic period). Anything else is
// refused with a LimitError that says why, never guessed.
//
// Description: naive engine: G(n) = mex{ xor of G(parts) : options of n },
//   n = 0, 1, 2, ... in order, since every part is smaller than n.
// Source: docs/theory.md §1 (Sprague-Grundy theorem), §3 (periodicity).
// Time: the ruleset's compute_cost(n), or the engine's; Memory: 8 bytes per
//   heap size (2 for codes).
// Status: the reference for every closed form and fast method (tests/stress).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "grundy/core/types.h"
#include "grundy/rules/heap_ruleset.h"
#include "grundy/rules/take_and_break.h"
#include "grundy/solve/period_search.h"
#include "grundy/solve/periodicity.h"
#include "grundy/solve/sequence_engine.h"

namespace grundy {

// What one option visit of the work budget buys on the split-set engine:
// the naive table visits about 4·10^8 options a second, the split-set engine
// does 4-10·10^9 of its operations (split_set_work) a second on one thread
// (docs/performance.md, "Codes the rare/common engine does not cover"), so
// that the same budget is about the same time on either.
inline constexpr std::uint64_t kSplitSetOpsPerVisit = 16;

// The most split-set operations `max_work` allows (saturating).
std::uint64_t split_set_budget(std::uint64_t max_work);

struct ComputeLimits {
  // Most options the naive table may visit, about one second of work; for
  // a code on the split-set engine (three heaps or more, or infinite), the
  // same time: split_set_budget(max_work) of its operations.
  std::uint64_t max_work = 400'000'000;
  // Most heap sizes held in a naive table (8 bytes each).
  Heap max_table = Heap{1} << 25;
  // Most values computed for a take-and-break code (2 bytes each), directly
  // or in search of a proven period.
  Heap max_code_values = Heap{1} << 20;
  // max_code_values was asked for (`--max`): it bounds a code's values alone,
  // whatever the split-set engine's work (code_values_limit).
  bool code_values_given = false;
  // Use a period that is observed but not proven (only on explicit request).
  bool accept_observed = false;
  // For a code on the rare/common engine, unless max_code_values was given:
  // a search for its period starts no step whose estimated work exceeds
  // this: new heap sizes times rare values so far (as
  // PeriodSearchOptions::max_work) times the code's digits that split. 0:
  // none. An analysis sets it
  // (kAnalysisStepWork): 0.344's values are not sparse, and G(0..2^20), its
  // default, took 24 s.
  std::uint64_t max_step_work = 0;
  // A refused G(n) names the front end's way to compute G(0..n) in full
  // (FrontEndWords::in_full, core/front_end_words.h) for n up to this: 2^36
  // values are 128 GiB in a sequence file and days of work; the Python
  // module, which keeps its values in memory, offers less.
  Heap in_full_max = Heap{1} << 36;
};

// Where the values of a heap ruleset come from: its proven closed form; the
// research-scale engine of the take-and-break code it is (sequence_engine.h,
// which also makes a long run resumable: sequence_run.h); or a table of the
// ruleset's own faster method or the naive mex. The one decision, used by
// HeapValues and by `grundy values`.
enum class ValueSource { closed_form, code_engine, table };

struct HeapValueSource {
  ValueSource source = ValueSource::table;
  // The ruleset as a code, exactly when source is code_engine.
  std::optional<TakeAndBreak> code;
};

HeapValueSource heap_value_source(const HeapRuleset& ruleset);

// The most values of a take-and-break code a period search may hold in
// `memory` bytes: 2 bytes each, after 64 MiB for the engine's tables; at
// least 16. A search asked for more (period --max, value --max, Python's
// max=) is lowered to this rather than left to fail allocating: one that
// proves its period early never gets near it.
Heap code_values_within(std::uint64_t memory);

// The most values of `code` worth computing: `max_values`, and for a code
// the rare/common engine does not cover (the split-set engine, O(n)
// operations a value) no more than `max_work` allows: split_set_work
// (sequence_engine.h) at most split_set_budget(max_work). At least 1.
Heap affordable_code_values(const TakeAndBreak& code, Heap max_values, std::uint64_t max_work);

// The most values of `code` that `limits` let HeapValues compute:
// max_code_values when it was given, else affordable_code_values. At least 1.
Heap code_values_limit(const TakeAndBreak& code, const ComputeLimits& limits);

// G(0..last) by the naive mex over every option: the by-definition twin.
std::vector<Nimber> naive_heap_values(const HeapRuleset& ruleset, Heap last);

class HeapValues {
 public:
  explicit HeapValues(const HeapRuleset& ruleset, ComputeLimits limits = {});

  // G(n); throws LimitError if n is beyond what may be computed or proven.
  Nimber value(Heap n);
  // Makes G(n) available for every n <= last, or throws LimitError saying why.
  void require(Heap last);
  // Progress reports and a stop flag for the code engine's work (each call
  // of it reports from G(0)); a stop throws Interrupted (search_control.h).
  // nullptr: none.
  void set_control(const EngineControl* control) { control_ = control; }
  bool has_closed_form() const { return closed_form_; }
  // The periodicity used for heaps beyond the table, once one was needed.
  const std::optional<Periodicity>& periodicity() const { return periodicity_; }
  // The code, when the values come from a take-and-break code, and how many
  // of its values are in the table (beyond it: the periodicity).
  const TakeAndBreak* code() const { return code_ ? &*code_ : nullptr; }
  Heap table_size() const { return code_ ? code_values_.size() : table_.size(); }
  // How the values are known, for reports ("closed form", "computed by mex",
  // "proven period (Guy-Smith ...)").
  std::string method() const;
  // False once a value came from an observed, unproven period (only possible
  // with ComputeLimits::accept_observed). A period observed while looking
  // for a proof leaves the values of the table exact: G(5000) of 0.8 is
  // computed even though 0.8's pattern is only observed.
  bool exact() const { return !(from_period_ && periodicity_ && !periodicity_->proven); }
  // Whether G(n), as value(n) gave it, is proven: the one rule every front
  // end applies. A closed form and the values computed (the table) are
  // exact; past the table G(n) came from the periodicity, proven or only
  // observed. The table, not Periodicity::checked_to, is the bound: a code
  // without a criterion stops its period search at the first pattern, and
  // its table may then go on far past the values searched.
  bool value_is_proven(Heap n) const {
    if (!value_from_period(n)) return true;
    return periodicity_ && periodicity_->proven;
  }
  // Whether G(n), as value(n) gave it, came from the periodicity: past the
  // table, without a closed form.
  bool value_from_period(Heap n) const { return !closed_form_ && n >= table_size(); }
  // How G(n) was found, for a report: method() when a closed form or a
  // period gave it, "computed" when the table did.
  std::string value_method(Heap n) const {
    return closed_form_ || n >= table_size() ? method() : std::string("computed");
  }

 private:
  void extend_code(Heap needed, Heap target);
  std::string search_period(Heap limit);
  // Whether ComputeLimits::max_step_work allows computing G(have..next-1).
  bool step_work_allows(Heap have, Heap next) const;
  void find_period_for(Heap n);
  Heap code_limit();

  const HeapRuleset& ruleset_;
  ComputeLimits limits_;
  bool closed_form_;
  std::optional<TakeAndBreak> code_;
  std::unique_ptr<SequenceEngine> engine_;
  ValueSequence code_values_;
  std::vector<Nimber> table_;
  std::optional<Periodicity> periodicity_;
  bool from_period_ = false;  // some value came from periodicity_, beyond the table
  Heap code_limit_ = 0;       // code_limit() once computed (it is at least 1)
  bool engine_stopped_ = false;  // the engine refused to go on (16-bit values, memory)
  const EngineControl* control_ = nullptr;
};

}  // namespace grundy
