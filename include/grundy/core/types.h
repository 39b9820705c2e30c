// Basic vocabulary shared by every layer: heap sizes, nimbers, positions.
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

namespace grundy {

// A heap size (number of tokens). Every size up to 2^63-1 is accepted, so that
// the sum of two heaps and the intermediate values of closed forms never
// overflow 64 bits.
using Heap = std::uint64_t;
inline constexpr Heap kMaxHeap = static_cast<Heap>(std::numeric_limits<std::int64_t>::max());

// A Grundy value (nim value, nimber).
using Nimber = std::uint64_t;

// A position is a list of non-negative integers: the heaps of a heap game, the
// stairs 1..n of staircase Nim, the two heaps of Wythoff's game.
using Position = std::vector<Heap>;

}  // namespace grundy
