// Saturating arithmetic on 64-bit counts: a result past 2^64 - 1 stays at
// 2^64 - 1 instead of wrapping. For cost and size estimates (work, memory,
// positions, splits), where "more than any limit" is the right answer to an
// overflow and a wrapped small number would accept a request of days.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>

namespace grundy::detail {

inline constexpr std::uint64_t kSaturated = std::numeric_limits<std::uint64_t>::max();

inline std::uint64_t saturating_add(std::uint64_t a, std::uint64_t b) {
  std::uint64_t r;
  return __builtin_add_overflow(a, b, &r) ? kSaturated : r;
}

inline std::uint64_t saturating_mul(std::uint64_t a, std::uint64_t b) {
  std::uint64_t r;
  return __builtin_mul_overflow(a, b, &r) ? kSaturated : r;
}

// a * b, or `cap` when that is smaller.
inline std::uint64_t saturating_mul(std::uint64_t a, std::uint64_t b, std::uint64_t cap) {
  return std::min(saturating_mul(a, b), cap);
}

}  // namespace grundy::detail
