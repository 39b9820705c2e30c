#include "grundy/solve/period_search.h"

#include <algorithm>

#include "grundy/core/error.h"

namespace grundy {

PeriodSearch search_period(const TakeAndBreak& code, const PeriodSearchOptions& options,
                           const EngineControl& control) {
  const Heap max = options.max_values;
  if (max < 16)
    throw InputError(std::to_string(max), "a period search needs at least 16 values");
  auto engine = make_fast_engine(code, options.threads);
  PeriodSearch result;
  Heap size = std::min<Heap>(max, 1 << 10);
  while (true) {
    try {
      if (!engine->extend(result.values, size - 1, control)) result.interrupted = true;
    } catch (const LimitError& e) {
      if (result.values.empty()) throw;
      result.stopped = e.what();
    }
    result.periodicity = find_periodicity(code, result.values);
    const Periodicity& p = result.periodicity;
    if (p.proven || result.interrupted || !result.stopped.empty() || size == max) break;
    // No criterion can prove a period of this code: more values would only
    // extend the observation, which the caller must ask for explicitly.
    if (p.period != 0 && !has_period_criterion(code) && !options.observe_to_max) {
      result.unprovable = true;
      break;
    }
    const Heap next = std::min(max, std::max<Heap>(2 * size, p.proof_needs));
    if (options.max_work != 0) {
      const std::uint64_t rare = std::max<std::uint64_t>(engine->progress().rare_count, 1);
      const Heap step = next - result.values.size();
      if (step > options.max_work / rare) {
        result.over_work = true;
        break;
      }
    }
    size = next;
  }
  return result;
}

}  // namespace grundy
