#include "grundy/solve/survey_entry.h"

#include <algorithm>
#include <chrono>

#include <fmt/format.h>

#include "grundy/core/error.h"
#include "grundy/solve/heap_values.h"
#include "grundy/solve/misere_quotient.h"
#include "grundy/solve/period_search.h"

namespace grundy {

const char* survey_status_name(SurveyStatus status) {
  switch (status) {
    case SurveyStatus::proven: return "proven";
    case SurveyStatus::observed: return "observed";
    case SurveyStatus::none: return "none";
    case SurveyStatus::stopped: return "stopped";
  }
  return "none";
}

bool parse_survey_status(std::string_view word, SurveyStatus& status) {
  for (SurveyStatus s : {SurveyStatus::proven, SurveyStatus::observed, SurveyStatus::none,
                         SurveyStatus::stopped})
    if (word == survey_status_name(s)) {
      status = s;
      return true;
    }
  return false;
}

bool SurveyEntry::same_result(const SurveyEntry& other) const {
  return name == other.name && status == other.status && periodicity == other.periodicity &&
         largest_value == other.largest_value && rare_count == other.rare_count &&
         stopped == other.stopped && proven_prefix == other.proven_prefix &&
         misere == other.misere && quotient_heap == other.quotient_heap && order == other.order &&
         p_size == other.p_size && tame == other.tame;
}

namespace {

std::uint64_t milliseconds_since(std::chrono::steady_clock::time_point start) {
  return static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::milliseconds>(
                                        std::chrono::steady_clock::now() - start)
                                        .count());
}

// A misère survey's entry: the quotient of heaps 0..max_heap, stopping as
// soon as the pretending function is proven periodic (then it is the whole
// game's) or at the first limit, with what was verified before it.
bool survey_quotient(const TakeAndBreak& code, const SurveyLimits& limits, SurveyEntry& entry,
                     const SurveyControl& survey_control) {
  const auto start = std::chrono::steady_clock::now();
  SearchControl control;
  control.stop = survey_control.stop;
  QuotientOptions options;
  options.max_heap = std::max<Heap>(limits.max_heap, 1);
  options.max_elements = static_cast<std::size_t>(limits.max_elements);
  options.stop_when_proven = true;
  options.stop_at_limit = true;
  options.stop_returns_quotient = true;
  if (limits.max_work != 0) options.max_verify_work = limits.max_work;
  options.control = &control;
  const MisereQuotient q = misere_quotient(code, options);
  if (q.interrupted()) return false;
  SurveyEntry result;
  result.name = code.name();
  result.misere = true;
  result.quotient_heap = q.max_heap();
  result.order = q.order();
  result.p_size = q.p_portion().size();
  result.tame = q.tame() ? (*q.tame() ? 1 : 0) : -1;
  Periodicity& p = result.periodicity;
  p.checked_to = q.max_heap() + 1;
  if (q.period()) {
    p.period = q.period()->period;
    p.preperiod = q.period()->preperiod;
    p.proven = q.period()->proven;
    if (p.proven) p.criterion = "periodicity criterion of docs/misere-quotients.md";
  }
  result.status = p.proven         ? SurveyStatus::proven
                  : p.period != 0  ? SurveyStatus::observed
                                   : SurveyStatus::none;
  result.stopped = q.limit_note();
  result.milliseconds = milliseconds_since(start);
  entry = std::move(result);
  return true;
}

}  // namespace

bool survey_code(const TakeAndBreak& code, const SurveyLimits& limits, SurveyEntry& entry,
                 const SurveyControl& survey_control) {
  if (limits.misere) return survey_quotient(code, limits, entry, survey_control);
  const Heap max_values = std::max<Heap>(limits.max_values, 16);
  const auto start = std::chrono::steady_clock::now();
  PeriodSearchOptions options;
  // Codes on the split-set engine (three heaps, or infinite) cost O(n^2)
  // operations or more: the same work budget as `grundy period` without
  // --max.
  options.max_values =
      std::max<Heap>(16, affordable_code_values(code, max_values, ComputeLimits{}.max_work));
  options.max_values = std::min(options.max_values, max_values);
  options.max_work = limits.max_work;
  options.threads = 1;  // a survey runs many codes side by side instead
  EngineProgress last;
  EngineControl control;
  control.progress = [&last](const EngineProgress& progress) { last = progress; };
  control.stop = survey_control.stop;
  PeriodSearch search;
  try {
    search = search_period(code, options, control);
  } catch (const LimitError& e) {
    // Not even the first values could be computed: an entry that says so.
    search.stopped = e.what();
  }
  if (search.interrupted) return false;

  SurveyEntry result;
  result.name = code.name();
  result.periodicity = search.periodicity;
  const Periodicity& p = result.periodicity;
  if (!search.stopped.empty()) {
    result.status = p.proven ? SurveyStatus::proven : SurveyStatus::stopped;
    result.stopped = search.stopped;
  } else if (p.proven) {
    result.status = SurveyStatus::proven;
  } else {
    result.status = p.period != 0 ? SurveyStatus::observed : SurveyStatus::none;
    if (search.over_work)
      result.stopped = fmt::format("work limit {} reached", limits.max_work);
    else if (!search.unprovable && options.max_values < max_values)
      result.stopped = fmt::format(
          "a code on the {}: stopped at {} operations",
          code.is_classic() ? "split-set engine" : "partition-set engine",
          split_set_budget(ComputeLimits{}.max_work));
  }
  if (result.status == SurveyStatus::proven)
    result.proven_prefix.assign(search.values.begin(),
                                search.values.begin() +
                                    static_cast<std::ptrdiff_t>(p.preperiod + p.period));
  for (Value16 v : search.values) result.largest_value = std::max<Nimber>(result.largest_value, v);
  result.rare_count = last.rare_count;
  result.milliseconds = milliseconds_since(start);
  entry = std::move(result);
  return true;
}

}  // namespace grundy
