// A survey of a family of take-and-break codes (`grundy survey`): every code
// computed by survey_code (survey_entry.h) on a work queue of threads, and
// the table of the results with the codes that are the same game.
//
// Description: run_survey hands the codes out one at a time to `threads`
//   workers (a long code holds up only its own worker), and passes each
//   finished entry to the caller at once (to be journalled). survey_table
//   lays the entries out in the order of the codes and joins codes into
//   classes of the same game when that is proven: the same canonical name
//   (TakeAndBreak::name(): "0.770" is "0.77"), or both periods proven with
//   equal preperiod, period and saltus and equal values G(0..preperiod+
//   period-1), which then fix every value. Codes whose periods are not proven
//   are never joined on their values, however alike.
// Source: docs/survey.md; the proofs of periodicity.h.
// Time: the codes' own; the table is O(codes x log codes + kept values).
// Status: tests/stress/survey_test.cpp (entries and classes against
//   search_period and values compared directly), tests/cli/survey_cli_test.cpp.
#pragma once

#include <atomic>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "grundy/core/types.h"
#include "grundy/solve/survey_entry.h"

namespace grundy {

// The canonical names of `codes` not among `done`, each once, in order.
std::vector<std::string> survey_pending(const std::vector<std::string>& codes,
                                        const std::map<std::string, SurveyEntry>& done);

// The workers a survey of `codes` codes runs on when asked for `requested`
// (0: one per core): never more than there are codes, at least one.
unsigned survey_threads(unsigned requested, std::size_t codes);

// Computes the entry of every code of `names` (canonical names) with
// `threads` workers (0: one per core), passing each to the control's
// progress as it finishes, one call at a time. Returns false when the
// control's stop flag was raised before all were done (the finished ones
// were passed on). An exception thrown by the progress callback stops the
// workers and is rethrown.
bool run_survey(const std::vector<std::string>& names, const SurveyLimits& limits, unsigned threads,
                const SurveyControl& control);

struct SurveyRow {
  std::string code;     // as the family wrote it
  SurveyEntry entry;
  std::string same_as;  // the first code of its class in the table, empty for that first
};

// One row per code of `codes`, sorted by code (digit by digit), with the
// classes above. Precondition: `entries` holds every code's canonical name.
std::vector<SurveyRow> survey_table(const std::vector<std::string>& codes,
                                    const std::map<std::string, SurveyEntry>& entries);

}  // namespace grundy
