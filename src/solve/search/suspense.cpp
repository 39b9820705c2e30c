#include "grundy/solve/suspense.h"

#include <algorithm>

namespace grundy {

bool Suspense::mover_wins(const std::vector<Position>& components) {
  std::uint64_t largest = 0;
  for (const Position& c : components) largest = std::max(largest, value(c));
  return largest % 2 == 1;
}

}  // namespace grundy
