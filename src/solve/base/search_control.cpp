#include "grundy/solve/search_control.h"

#include <fmt/format.h>

#include "grundy/core/error.h"
#include "grundy/core/front_end_words.h"
#include "grundy/core/saturating.h"

namespace grundy {

void check_search_limit_fits(std::uint64_t limit, std::uint64_t max_memory) {
  const std::uint64_t fits = max_memory / kSearchBytesPerPosition;
  if (limit <= fits) return;
  const FrontEndWords& words = front_end_words();
  const std::string memory = setting_name("max-memory");
  throw LimitError(fmt::format(
      "{} positions cannot be stored in {} MiB ({} bytes a position at the least): {} "
      "positions fit, so {} would be reached only after the memory ran out; lower it{}",
      limit, max_memory >> 20, kSearchBytesPerPosition, fits,
      words.given("search-limit", fmt::to_string(limit)),
      memory.empty() ? std::string() : ", or raise " + memory),
      ExceededLimit{"max-memory", max_memory, detail::saturating_mul(limit, kSearchBytesPerPosition)});
}

}  // namespace grundy

namespace grundy::detail {

void SearchTicker::poll(std::uint64_t positions, std::uint64_t limit) {
  countdown_ = kSearchTick;
  if (control_ == nullptr) return;
  if (control_->stopped())
    throw Interrupted(fmt::format("{} stopped after {} {} (the limit being {})", search_,
                                  positions, unit_, limit));
  if (control_->progress)
    control_->progress(SearchProgress{search_, positions, limit, limit_setting_, unit_});
}

}  // namespace grundy::detail
