// One code of a survey (`grundy survey`): its canonical name, its period and
// preperiod proven by the criteria of periodicity.h or how far it was
// computed without one, its largest value and rare count, and its time.
//
// Description: survey_code runs the period search of period_search.h on one
//   engine thread, up to a bound N of values and within a bound of work
//   (both lowered, as `grundy period` lowers them, for a code on the
//   split-set engine: one that can leave three heaps or more, or an infinite
//   one).
//   A period is called proven only when find_periodicity proves it;
//   anything else is "observed" (a pattern seen, not proven) or "none" (no
//   pattern in the values computed). A proven entry keeps the values
//   G(0..preperiod+period-1), which with the proven period determine the
//   whole sequence: two codes with equal (preperiod, period, saltus) and equal
//   kept values have the same value for every heap (survey.h groups them).
//   A misère survey (SurveyLimits::misere) computes each code's misère
//   quotient instead (misere_quotient.h): the heaps adjoined, |Q|, |P|, the
//   pretending function's period (proven: the quotient is the whole game's)
//   and tame or wild, as the published tables give them.
// Source: docs/theory.md §3; docs/survey.md.
// Time and memory: those of search_period up to N values.
// Status: tests/stress/survey_test.cpp (entries equal to search_period run
//   directly), tests/unit/survey_test.cpp (published periods).
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "grundy/core/types.h"
#include "grundy/rules/take_and_break.h"
#include "grundy/solve/control.h"
#include "grundy/solve/periodicity.h"
#include "grundy/solve/sequence_engine.h"

namespace grundy {

enum class SurveyStatus {
  proven,    // a period proven by a criterion of periodicity.h
  observed,  // a pattern seen in the values computed, not proven
  none,      // no pattern seen in the values computed
  stopped,   // the engine could not go on (a value past 16 bits); see `stopped`
};

// "proven", "observed", "none", "stopped"; and back (false for another word).
const char* survey_status_name(SurveyStatus status);
bool parse_survey_status(std::string_view word, SurveyStatus& status);

struct SurveyEntry {
  std::string name;  // the canonical code, TakeAndBreak::name()
  SurveyStatus status = SurveyStatus::none;
  // Period, preperiod, saltus, how far it was checked and what a proof needs.
  Periodicity periodicity;
  Nimber largest_value = 0;       // max G(n) over the values computed
  std::uint64_t rare_count = 0;   // heap sizes with a rare value at the end (rare/common engine)
  std::uint64_t milliseconds = 0; // time taken (the one field that varies between runs)
  // Why the values stop short of max_values: the engine's message (status
  // stopped), or the work limit (status observed or none); else empty.
  std::string stopped;
  // G(0..preperiod+period-1) when proven, else empty (always empty in a
  // misère survey).
  std::vector<std::uint16_t> proven_prefix;

  // A misère survey's entry: `periodicity` holds the pretending function's
  // period (period, preperiod, proven; checked_to = quotient_heap + 1), and
  // status is proven (the quotient is the whole game's), observed (a period
  // seen in Φ(0..quotient_heap)) or none; `stopped` says why fewer heaps
  // than asked were adjoined, when the period was not proven first.
  bool misere = false;
  Heap quotient_heap = 0;          // the quotient is that of heaps 0..quotient_heap
  std::uint64_t order = 0;         // |Q|
  std::uint64_t p_size = 0;        // |P|
  int tame = -1;                   // 1 tame, 0 wild, -1 not decided

  // Equal in everything but the time taken.
  bool same_result(const SurveyEntry& other) const;
};

// How far a survey computes each code. An entry depends only on its code and
// these, never on the machine, the threads or the ranks.
struct SurveyLimits {
  Heap max_values = Heap{1} << 20;  // values per code at most (at least 16)
  // Work per code at most, in the estimate of PeriodSearchOptions::max_work
  // (0: none); codes whose values are not sparse cost O(n^2). In a misère
  // survey: steps of the quotient's verification work
  // (QuotientOptions::max_verify_work, about a nanosecond each).
  std::uint64_t max_work = std::uint64_t{1} << 30;
  // A misère survey: each code's misère quotient up to heap max_heap (or
  // until its period is proven), of at most max_elements elements.
  bool misere = false;
  Heap max_heap = 50;
  std::uint64_t max_elements = 4096;

  friend bool operator==(const SurveyLimits&, const SurveyLimits&) = default;
};

// A survey's control: its progress is each finished entry, passed on one at
// a time (to be journalled; run_survey); its stop flag ends the survey
// between codes and inside a long one.
using SurveyControl = Control<SurveyEntry>;

// The entry of `code` computed within `limits`. Returns false, leaving
// `entry` unset, when the control's stop flag was raised before the code
// was finished; the caller then records nothing for it. The control's
// progress is not called here (run_survey calls it).
bool survey_code(const TakeAndBreak& code, const SurveyLimits& limits, SurveyEntry& entry,
                 const SurveyControl& control = {});

}  // namespace grundy
