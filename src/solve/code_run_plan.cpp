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
      plan.to, shown, plan.bytes >> 20, limit >> 20, raise_with("max-memory"), why));
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
  if (plan.over_memory(memory_limit)) return code_run_over_memory(plan, shown, memory_limit, why);
  return code_run_over_work(plan, code, shown, why);
}

void check_code_run(const CodeRunPlan& plan, const TakeAndBreak& code, const std::string& shown,
                    std::uint64_t memory_limit, const std::string& why) {
  if (plan.refused(memory_limit)) throw code_run_refusal(plan, code, shown, memory_limit, why);
}

void check_values_in_memory(const HeapValueSource& source, Heap from, Heap to,
                            const std::string& shown, std::uint64_t memory_limit) {
  switch (source.source) {
    case ValueSource::code_engine:
      check_code_run(plan_code_run(*source.code, to, false), *source.code, shown, memory_limit);
      return;
    case ValueSource::table:
      check_table_run(to, shown, memory_limit);
      return;
    case ValueSource::closed_form: break;
  }
  // A closed form needs no run: what is left is the values, 8 bytes each.
  const std::uint64_t bytes = detail::saturating_mul(to - from + 1, 8);
  if (bytes > memory_limit)
    throw LimitError(fmt::format(
        "G({}..{}) of '{}' is {} MiB of values, over the memory limit of {} MiB{}", from, to,
        shown, bytes >> 20, memory_limit >> 20, raise_with("max-memory")));
}

std::uint64_t table_run_bytes(Heap to) {
  return detail::saturating_add(detail::saturating_mul(to + 1, 8), (to + 1) / 4 + (64 << 20));
}

void check_table_run(Heap to, const std::string& shown, std::uint64_t memory_limit,
                     const std::string& why) {
  const std::uint64_t bytes = table_run_bytes(to);
  if (bytes <= memory_limit) return;
  throw LimitError(fmt::format(
      "computing G(0..{}) of '{}' needs about {} MiB, over the memory limit of {} MiB{}{}", to,
      shown, bytes >> 20, memory_limit >> 20, raise_with("max-memory"), why));
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

}  // namespace grundy
