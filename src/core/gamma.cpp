#include "grundy/core/gamma.h"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace grundy {

GammaValue gamma_sum(const GammaValue& a, const GammaValue& b) {
  if (a.finite && b.finite) return {true, a.value ^ b.value, {}};
  if (!a.finite && !b.finite) return {false, 0, {}};
  const GammaValue& infinite = a.finite ? b : a;
  const Nimber shift = a.finite ? a.value : b.value;
  GammaValue result{false, 0, {}};
  for (const Nimber k : infinite.infinity_set) result.infinity_set.push_back(k ^ shift);
  std::sort(result.infinity_set.begin(), result.infinity_set.end());
  return result;
}

std::string gamma_text(const GammaValue& value) {
  if (value.finite) return fmt::to_string(value.value);
  return fmt::format("∞{{{}}}", fmt::join(value.infinity_set, ","));
}

Outcome outcome_of(const GammaValue& value) {
  if (value.finite) return value.value == 0 ? Outcome::P : Outcome::N;
  return std::binary_search(value.infinity_set.begin(), value.infinity_set.end(), Nimber{0})
             ? Outcome::N
             : Outcome::D;
}

}  // namespace grundy
