// A lower bound, found before any search, on how many positions a search
// that expands every position reachable from a start must store (the
// remoteness and suspense searches, remoteness.h): when it is over the
// search's position limit, the search is refused at once instead of after
// filling its memory to the limit (Kayles 100 under Every-SG: 90 s of work,
// then the same refusal).
//
// Description: for a take-and-break code that can remove one token leaving
//   one heap (d1 has bit 2) every smaller non-empty heap is reachable from a
//   heap; if it can also remove k tokens leaving two heaps, with no split
//   modifier, then from a heap of n every multiset of non-empty heaps x_1..x_m
//   with x_1 + ... + x_m + k(m - 1) <= n is reachable (take tokens one at a
//   time down to that total, then split off x_1, x_2, ... in turn). Their
//   number is that of the partitions of t <= n + k into parts of at least
//   k + 1 (y_i = x_i + k), counted by the usual dynamic programme over part
//   sizes. Only heaps that have a move are counted (of two tokens or more
//   when d1 lacks bit 1), so that no canonical form can merge two of them. A position of several heaps reaches at least what its largest
//   heap does. A compound counts its components each on its own: a
//   disjunctive sum reaches every combination of its components' positions
//   (the product), an Every-SG compound at least what its largest component
//   reaches (each component still walks every path of its own game), a
//   conjunctive one no bound (a component that runs out of moves ends the
//   game). Other rulesets: no bound (0), the search runs as before.
// Time: O(h^2) for the largest heap h, h capped at kReachEstimateHeap.
// Status: tests/unit/reach_estimate_test.cpp (below the number of positions
//   an exploration reaches, equal to it for Kayles less the empty position);
//   the refusal, tests/cli/search_progress_test.cpp.
#pragma once

#include <cstdint>

#include "grundy/core/types.h"
#include "grundy/rules/ruleset.h"

namespace grundy::detail {

// Heaps past this are counted as this many tokens: the count is far past
// any limit long before (p(2000) has 45 digits), and the programme stays a
// few milliseconds.
inline constexpr Heap kReachEstimateHeap = 2000;

// At least this many positions are reachable from `position` (the start
// counted), saturating at `cap`; 0 when no cheap bound is known.
std::uint64_t reachable_positions_at_least(const Ruleset& ruleset, const Position& position,
                                           std::uint64_t cap);

}  // namespace grundy::detail
