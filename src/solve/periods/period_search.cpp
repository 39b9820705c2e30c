#include "grundy/solve/period_search.h"

#include <algorithm>

#include "grundy/core/error.h"

namespace grundy {

PeriodGrown grow_until_periodic(const TakeAndBreak& code, Heap start, Heap limit,
                                bool observe_to_max, const PeriodGrowth& growth) {
  PeriodGrown result;
  // Examines G(0..size-1), or the prefix computed when it is shorter: a
  // resumed run may hold far more values than this step's, whose detection
  // would read them all for nothing.
  const auto examine = [&](Heap size) {
    const std::span<const std::uint16_t> values = growth.values();
    result.periodicity =
        find_periodicity(code, values.first(std::min<std::size_t>(values.size(), size)));
  };
  Heap size = std::min(limit, std::max(kPeriodSearchStart, start));
  if (size == 0) return result;  // nothing asked for
  while (true) {
    try {
      if (!growth.compute(size)) {
        examine(size);
        result.end = PeriodGrowthEnd::interrupted;
        return result;
      }
    } catch (const LimitError& e) {
      if (growth.values().empty()) throw;
      examine(size);
      result.end = PeriodGrowthEnd::values_stop;
      result.stopped = e.what();
      return result;
    }
    examine(size);
    const Periodicity& p = result.periodicity;
    if (p.proven) {
      result.end = PeriodGrowthEnd::proven;
      return result;
    }
    if (size >= limit) {
      result.end = PeriodGrowthEnd::limit;
      return result;
    }
    // No criterion can prove a period of this code: more values would only
    // extend the observation, which the caller must ask for explicitly.
    if (p.period != 0 && !has_period_criterion(code) && !observe_to_max) {
      result.end = PeriodGrowthEnd::unprovable;
      return result;
    }
    const Heap next = std::min(limit, std::max<Heap>(2 * size, p.proof_needs));
    if (growth.may_grow && !growth.may_grow(size, next)) {
      result.end = PeriodGrowthEnd::over_work;
      return result;
    }
    size = next;
  }
}

PeriodSearch search_period(const TakeAndBreak& code, const PeriodSearchOptions& options,
                           const EngineControl& control) {
  const Heap max = options.max_values;
  if (max < 16)
    throw InputError(std::to_string(max), "a period search needs at least 16 values");
  auto engine = make_fast_engine(code, options.threads);
  PeriodSearch result;
  PeriodGrowth growth;
  growth.compute = [&](Heap size) {
    return result.values.size() >= size || engine->extend(result.values, size - 1, control);
  };
  growth.values = [&] { return std::span<const std::uint16_t>(result.values); };
  if (options.max_work != 0) {
    // The rare/common engine pairs each new heap size with every rare one.
    growth.may_grow = [&](Heap have, Heap next) {
      const std::uint64_t rare = std::max<std::uint64_t>(engine->progress().rare_count, 1);
      return next - have <= options.max_work / rare;
    };
  }
  PeriodGrown grown = grow_until_periodic(code, 0, max, options.observe_to_max, growth);
  result.periodicity = std::move(grown.periodicity);
  result.interrupted = grown.end == PeriodGrowthEnd::interrupted;
  result.stopped = std::move(grown.stopped);
  result.unprovable = grown.end == PeriodGrowthEnd::unprovable;
  result.over_work = grown.end == PeriodGrowthEnd::over_work;
  return result;
}

}  // namespace grundy
