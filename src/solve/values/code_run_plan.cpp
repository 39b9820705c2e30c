#include "grundy/solve/code_run_plan.h"

#include <algorithm>

#include <fmt/format.h>

#include "grundy/core/front_end_words.h"
#include "grundy/core/saturating.h"
#include "grundy/solve/heap_values.h"
#include "grundy/solve/sequence_engine.h"

namespace grundy {

CodeRunPlan plan_code_run(const TakeAndBreak& code, Heap to, bool stored) {
  CodeRunPlan plan;
  plan.to = to;
  plan.stored = stored;
  const std::uint64_t tables = (stored ? (to + 1) / 64 : (to + 1) / 4) + (64 << 20);
  plan.bytes = detail::saturating_add(
      detail::saturating_add(detail::saturating_mul(to + 1, stored ? 0 : 2), tables),
      split_set_bytes(code, to));
  plan.work = split_set_work(code, to);
  const ComputeLimits defaults;
  plan.search_bound = affordable_code_values(code, defaults.max_code_values, defaults.max_work);
  plan.far = to >= plan.search_bound;
  return plan;
}

LimitError code_run_over_memory(const CodeRunPlan& plan, const std::string& shown,
                                std::uint64_t limit, const std::string& why) {
  return LimitError(fmt::format(
      "computing G(0..{}) of '{}' needs about {} MiB, over the memory limit of {} MiB{}{}",
      plan.to, shown, plan.bytes >> 20, limit >> 20, raise_with("max-memory"), why),
      ExceededLimit{"max-memory", limit, plan.bytes});
}

LimitError code_run_over_work(const CodeRunPlan& plan, const TakeAndBreak& code,
                              const std::string& shown, const std::string& why) {
  return LimitError(fmt::format(
      "computing G(0..{}) of '{}' takes {} operations ({}), over the limit of {}{}", plan.to,
      shown,
      plan.work == ~std::uint64_t{0} ? std::string("more than 2^64")
                                     : fmt::format("about {}", plan.work),
      code.is_classic() ? "the rare/common engine covers only finite codes whose moves leave at "
                          "most two heaps"
                        : "digits past four heaps: the partition-set engine makes O(n) set "
                          "unions a heap",
      kMaxSplitSetWork, why));
}

LimitError code_run_refusal(const CodeRunPlan& plan, const TakeAndBreak& code,
                            const std::string& shown, std::uint64_t memory_limit,
                            const std::string& why) {
  // Work first: it is the same on every machine, and a run of days is not
  // made possible by more memory, so advice to raise the memory limit would
  // mislead.
  if (plan.over_work()) return code_run_over_work(plan, code, shown, why);
  return code_run_over_memory(plan, shown, memory_limit, why);
}

void check_code_run(const CodeRunPlan& plan, const TakeAndBreak& code, const std::string& shown,
                    std::uint64_t memory_limit, const std::string& why) {
  if (plan.refused(memory_limit)) throw code_run_refusal(plan, code, shown, memory_limit, why);
}

ValuesPlan plan_values(const HeapValueSource& source, Heap to, bool stored,
                       const std::string& shown, std::uint64_t memory_limit) {
  ValuesPlan plan{source, std::nullopt, ComputeLimits{}};
  switch (source.source) {
    case ValueSource::code_engine:
      plan.code_run = plan_code_run(*source.code, to, stored);
      if (!plan.code_run->far) check_code_run(*plan.code_run, *source.code, shown, memory_limit);
      break;
    case ValueSource::table:
      check_table_run(to, shown, memory_limit);
      plan.table_limits = table_run_limits(to, memory_limit);
      break;
    case ValueSource::closed_form:
      break;
  }
  return plan;
}

void check_histogram_range(const HeapValueSource& source, const HeapRuleset& heaps, Heap from,
                           Heap to, const std::string& shown) {
  if (to - from < kMaxOneByOne || source.source != ValueSource::closed_form || heaps.as_code())
    return;
  throw InputError(std::to_string(to),
                   fmt::format("at most {} values at a time for {} of '{}', whose values come "
                               "from a closed form one by one",
                               kMaxOneByOne, option_name("stats"), shown));
}

ValueHistogram histogram_of(const HeapValueSource& source, const HeapRuleset& heaps, Heap from,
                            Heap to, const std::function<Nimber(Heap)>& value_at,
                            const std::string& shown) {
  check_histogram_range(source, heaps, from, to, shown);
  ValueHistogram counted;
  if (to - from < kMaxOneByOne || source.source != ValueSource::closed_form) {
    for (Heap n = from;; ++n) {
      counted.add(value_at(n));
      if (n == to) break;
    }
    return counted;
  }
  // The code's period (period_search.h), proven or refused.
  const PeriodSearch search = search_period(*heaps.as_code(), PeriodSearchOptions{});
  if (!search.periodicity.proven)
    throw LimitError(fmt::format("at most {} values at a time for {} of '{}': its "
                                 "values come from a closed form one by one, and no period "
                                 "of it is proven in G(0..{})",
                                 kMaxOneByOne, option_name("stats"), shown,
                                 search.values.size() - 1));
  add_sequence_values(counted, search.values, search.periodicity, from, to);
  return counted;
}

std::optional<CodeRunPlan> check_values_in_memory(const HeapValueSource& source, Heap from,
                                                  Heap to, const std::string& shown,
                                                  std::uint64_t memory_limit) {
  const ValuesPlan plan = plan_values(source, to, false, shown, memory_limit);
  // The values held, 8 bytes each: for a closed form, which needs no run,
  // and for a far range, whose values may come from a period (and outgrow
  // 16 bits with a saltus).
  if (plan.closed_form() || plan.far()) {
    const std::uint64_t bytes = detail::saturating_mul(to - from + 1, 8);
    if (bytes > memory_limit)
      throw LimitError(fmt::format(
          "G({}..{}) of '{}' is {} MiB of values, over the memory limit of {} MiB{}", from, to,
          shown, bytes >> 20, memory_limit >> 20, raise_with("max-memory")),
          ExceededLimit{"max-memory", memory_limit, bytes});
  }
  return plan.code_run;
}

bool far_run_refused(const CodeRunPlan& plan, const SequenceRun& run, std::uint64_t memory_limit) {
  return !run.period() && plan.refused(memory_limit);
}

LimitError far_run_refusal(const CodeRunPlan& plan, const SequenceRun& run,
                           const std::string& shown, std::uint64_t memory_limit,
                           const std::string& also) {
  return code_run_refusal(
      plan, run.code(), shown, memory_limit,
      fmt::format(", and no period of it is proven in G(0..{}){}", run.reached() - 1, also));
}

std::uint64_t table_run_bytes(Heap to) {
  return detail::saturating_add(detail::saturating_mul(to + 1, 8), (to + 1) / 4 + (64 << 20));
}

ComputeLimits table_run_limits(Heap to, std::uint64_t memory_limit) {
  ComputeLimits limits;
  limits.max_table =
      std::max<Heap>(limits.max_table, std::min<Heap>(detail::saturating_add(to, 1), memory_limit / 8));
  return limits;
}

void check_table_run(Heap to, const std::string& shown, std::uint64_t memory_limit,
                     const std::string& why) {
  const std::uint64_t bytes = table_run_bytes(to);
  if (bytes <= memory_limit) return;
  throw LimitError(fmt::format(
      "computing G(0..{}) of '{}' needs about {} MiB, over the memory limit of {} MiB{}{}", to,
      shown, bytes >> 20, memory_limit >> 20, raise_with("max-memory"), why),
      ExceededLimit{"max-memory", memory_limit, bytes});
}

PeriodSearchBound period_search_bound(const TakeAndBreak& code, Heap asked, bool asked_given,
                                      std::uint64_t memory_limit) {
  PeriodSearchBound bound;
  bound.fits = code_values_within(memory_limit);
  ComputeLimits limits;
  limits.max_code_values = asked;
  limits.code_values_given = asked_given;
  bound.max = std::min(bound.fits,
                       std::max<Heap>(std::min<Heap>(asked, 16), code_values_limit(code, limits)));
  bound.lowered = bound.fits < asked;
  return bound;
}

PeriodPlan plan_period(const Ruleset& ruleset, std::optional<Heap> max,
                       std::optional<bool> observe_to_max, unsigned threads,
                       std::uint64_t memory_limit) {
  const HeapRuleset& heaps = require_heap_ruleset(ruleset, "period");
  const std::optional<TakeAndBreak> code = heaps.as_code();
  if (!code)
    throw InputError(ruleset.name(),
                     fmt::format("'period' needs a take-and-break code or subtraction set; '{}' "
                                 "is neither",
                                 ruleset.shown_name()));
  PeriodPlan plan{*code, kDefaultPeriodValues, false, {}, {}};
  plan.asked_given = max.has_value();
  plan.asked = max.value_or(kDefaultPeriodValues);
  if (plan.asked < 16)
    throw InputError(std::to_string(plan.asked),
                     fmt::format("{} must be at least 16", option_name("max")));
  if (plan.asked > kMaxHeap)
    throw InputError(std::to_string(plan.asked),
                     fmt::format("{} is over 2^63-1", option_name("max")));
  plan.bound = period_search_bound(*code, plan.asked, plan.asked_given, memory_limit);
  plan.options.max_values = plan.bound.max;
  plan.options.observe_to_max = observe_to_max.value_or(plan.asked_given);
  plan.options.threads = threads;
  return plan;
}

PeriodShortfall period_shortfall(const PeriodPlan& plan, const PeriodSearch& search) {
  PeriodShortfall s;
  const Heap max = plan.options.max_values;
  if (search.periodicity.proven || search.interrupted || !search.stopped.empty() ||
      search.unprovable || search.values.size() != max || max >= plan.asked)
    return s;
  s.reached = max;
  if (max == plan.bound.fits) {
    s.reason = PeriodShortfall::Reason::memory;
  } else {
    s.reason = PeriodShortfall::Reason::work;
    s.work = split_set_work(plan.code, max - 1);
    s.budget = split_set_budget(ComputeLimits{}.max_work);
  }
  return s;
}

}  // namespace grundy
