#include "grundy/solve/detail/mobility_order.h"

#include <algorithm>

namespace grundy::detail {

void order_by_option_count(std::vector<std::pair<std::uint32_t, std::uint32_t>>& peeked) {
  // Most options first, the search taking from the back; among equal
  // counts the listing's order (`peeked` holds it reversed).
  std::reverse(peeked.begin(), peeked.end());
  std::stable_sort(peeked.begin(), peeked.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
}

}  // namespace grundy::detail
