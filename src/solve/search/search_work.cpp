#include "grundy/solve/detail/search_work.h"

#include <fmt/format.h>

#include "grundy/core/error.h"
#include "grundy/core/front_end_words.h"

namespace grundy::detail {

void SearchWork::refuse(std::string_view search, std::string_view ruleset) const {
  if (!spent_by_.empty() && budget_ == 0)
    throw LimitError(
        fmt::format("{} over '{}' was not started: {} took {} steps of work, all of the {} ({} "
                    "for each of the {} positions) its limit allows{}",
                    search, ruleset, spent_by_, spent_before_,
                    saturating_mul(position_limit_, kStepsPerPosition), kStepsPerPosition,
                    position_limit_, raise_with("search-limit")),
        ExceededLimit{"search-limit", position_limit_, 0});
  if (!spent_by_.empty())
    throw LimitError(
        fmt::format("{} over '{}' would take more than {} steps of work: {} for each of the {} "
                    "positions its limit allows, less the {} that {} took{}",
                    search, ruleset, budget_, kStepsPerPosition, position_limit_, spent_before_,
                    spent_by_, raise_with("search-limit")),
        ExceededLimit{"search-limit", position_limit_, 0});
  if (budget_ != saturating_mul(position_limit_, kStepsPerPosition))
    throw LimitError(fmt::format("{} over '{}' would take more than {} steps of work", search,
                                 ruleset, budget_));
  throw LimitError(
      fmt::format("{} over '{}' would take more than {} steps of work (about two for each "
                  "number of an option generated), {} for each of the {} positions its limit "
                  "allows{}",
                  search, ruleset, budget_, kStepsPerPosition, position_limit_,
                  raise_with("search-limit")),
      ExceededLimit{"search-limit", position_limit_, 0});
}

}  // namespace grundy::detail
