#include "grundy/solve/search_control.h"

#include <fmt/format.h>

namespace grundy::detail {

void SearchTicker::poll(std::uint64_t positions, std::uint64_t limit) {
  countdown_ = kSearchTick;
  if (control_ == nullptr) return;
  if (control_->stop != nullptr && control_->stop->load(std::memory_order_relaxed))
    throw Interrupted(fmt::format("{} stopped after {} {} (the limit being {})", search_,
                                  positions, unit_, limit));
  if (control_->progress)
    control_->progress(SearchProgress{search_, positions, limit, limit_setting_, unit_});
}

}  // namespace grundy::detail
