#include "grundy/solve/remoteness.h"

#include "grundy/solve/detail/search.h"

#include <algorithm>

#include <fmt/format.h>

#include "grundy/core/error.h"
#include "grundy/core/front_end_words.h"
#include "solve/search/reach_estimate.h"

namespace grundy {

TempoSearch::TempoSearch(const Ruleset& ruleset, Convention convention, Tempo tempo,
                         std::uint64_t position_limit)
    : ruleset_(ruleset),
      convention_(convention),
      tempo_(tempo),
      limit_(position_limit),
      work_(position_limit) {}

const char* TempoSearch::search_name() const {
  return tempo_ == Tempo::remoteness ? "remoteness search" : "suspense search";
}

void TempoSearch::check_limit(std::size_t extra) const {
  if (values_.size() + held_ + extra > limit_)
    throw LimitError(fmt::format("{} over '{}' would exceed the limit of {} positions{}",
                                 search_name(), ruleset_.name(), limit_,
                                 raise_with("search-limit")),
                     ExceededLimit{"search-limit", limit_, 0});
}

std::vector<Position> TempoSearch::expand(const Position& key) {
  ticker_.tick(std::max<std::uint64_t>(values_.size() + held_, work_.as_positions()), limit_);
  if (!work_.expansion()) work_.refuse(search_name(), ruleset_.name());
  return detail::canonical_options(ruleset_, key, [&](const Position& option, std::size_t count) {
    if (count > limit_) check_limit(count);
    if (!work_.option(option.size())) work_.refuse(search_name(), ruleset_.name());
  });
}

std::uint64_t TempoSearch::combine(const std::vector<std::uint64_t>& option_values) const {
  // A misère position without options is won by the mover: R = 1 keeps the
  // parity rule (see the header).
  if (option_values.empty()) return convention_ == Convention::misere ? 1 : 0;
  bool any_even = false;
  std::uint64_t best_even = 0, min_all = ~std::uint64_t{0}, max_all = 0;
  for (std::uint64_t r : option_values) {
    min_all = std::min(min_all, r);
    max_all = std::max(max_all, r);
    if (r % 2 != 0) continue;
    if (!any_even) {
      best_even = r;
    } else {
      best_even = tempo_ == Tempo::remoteness ? std::min(best_even, r) : std::max(best_even, r);
    }
    any_even = true;
  }
  if (any_even) return 1 + best_even;
  return 1 + (tempo_ == Tempo::remoteness ? max_all : min_all);
}

std::uint64_t TempoSearch::value(const Position& position) {
  // The search stores every position reachable from the start: when a
  // count made before it (reach_estimate.h) is already over the limit, it is
  // refused at once, as it would be when the memo filled up. A start whose
  // largest heap is no larger than one counted before needs no new count.
  Heap largest = 0;
  for (Heap h : position) largest = std::max(largest, h);
  if (largest > estimated_heap_) {
    const std::uint64_t cap = limit_ == ~std::uint64_t{0} ? limit_ : limit_ + 1;
    const std::uint64_t reach = detail::reachable_positions_at_least(ruleset_, position, cap);
    if (reach > limit_)
      throw LimitError(fmt::format(
          "{} search over '{}' would exceed the limit of {} positions: {} positions are "
          "reachable from this one, counted before the search{}",
          tempo_ == Tempo::remoteness ? "remoteness" : "suspense", ruleset_.name(), limit_,
          reach >= cap ? fmt::format("more than {}", limit_) : fmt::format("at least {}", reach),
          raise_with("search-limit")),
          ExceededLimit{"search-limit", limit_, reach});
    estimated_heap_ = largest;
  }
  return detail::memoised_value(
      ruleset_.canonical(position), values_, held_, [&](const Position& key) { return expand(key); },
      [&](std::size_t extra) { check_limit(extra); },
      [&](const std::vector<std::uint64_t>& option_values) { return combine(option_values); });
}

Position TempoSearch::best_option(const Position& position) {
  const std::uint64_t target = value(position);
  std::vector<Position> options;
  ruleset_.for_each_option(position, [&](const Position& after) {
    options.push_back(after);
    return true;
  });
  GRUNDY_ASSERT(!options.empty());
  for (const Position& after : options)
    if (value(after) + 1 == target) return after;
  GRUNDY_ASSERT(false);
  return {};
}

}  // namespace grundy
