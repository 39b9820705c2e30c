#include "solve/search/reach_estimate.h"

#include <algorithm>
#include <vector>

#include "grundy/core/saturating.h"
#include "grundy/rules/compound.h"
#include "grundy/rules/heap_ruleset.h"
#include "grundy/rules/take_and_break.h"

namespace grundy::detail {

namespace {

// A compound's components are counted each on its own (the function below).
// A disjunctive sum moves in one component at a time, so every combination
// of the components' reachable positions is reachable: the product. An
// Every-SG compound moves in every component that can, so each component
// still reaches each of its own positions, with some positions of the
// others: at least the largest component's count. A conjunctive compound
// ends when one component cannot move, which can cut the others short: no
// bound.
std::uint64_t compound_reach_at_least(const Compound& compound, const Position& position,
                                      std::uint64_t cap) {
  if (compound.kind() == CompoundKind::conjunctive) return 0;
  const std::vector<Position> parts = compound.decode(position);
  std::uint64_t product = 1, largest = 0;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const std::uint64_t part = reachable_positions_at_least(compound.ruleset(i), parts[i], cap);
    largest = std::max(largest, part);
    if (part > 0) product = saturating_mul(product, part, cap);
  }
  if (largest == 0) return 0;
  return compound.kind() == CompoundKind::disjunctive ? product : largest;
}

}  // namespace

std::uint64_t reachable_positions_at_least(const Ruleset& ruleset, const Position& position,
                                           std::uint64_t cap) {
  if (const Compound* compound = compound_of(ruleset))
    return compound_reach_at_least(*compound, position, cap);
  const HeapRuleset* heaps = heap_ruleset_of(ruleset);
  if (heaps == nullptr || position.empty()) return 0;
  const auto code = heaps->as_code();
  // Removing one token leaving one heap: every smaller non-empty heap.
  if (!code || !code->is_classic() || (code->digit(1) & 2u) == 0) return 0;
  const Heap h = std::min(*std::max_element(position.begin(), position.end()), kReachEstimateHeap);
  if (h == 0) return 0;
  // The fewest tokens a move leaving two heaps removes, with every split
  // allowed (no modifier); 0: none within the first h digits.
  Heap k = 0;
  for (Heap j = 1; j < h && k == 0; ++j)
    if ((code->digit(j) & 4u) != 0 && code->modifier(j) == SplitModifier::none) k = j;
  // A heap of one token has a move only if d1 has bit 1 (remove it, leaving
  // none); the heaps counted are the ones that have moves, which no
  // canonical form could merge.
  const Heap least = (code->digit(1) & 1u) != 0 ? 1 : 2;
  if (h < least) return 0;
  if (k == 0) return std::min<std::uint64_t>(h - least + 1, cap);  // the heaps least..h
  // count[t]: partitions of t into parts of at least k + least, for
  // t <= h + k, saturating at cap.
  const Heap top = h + k;
  std::vector<std::uint64_t> count(top + 1, 0);
  count[0] = 1;
  for (Heap part = k + least; part <= top; ++part)
    for (Heap t = part; t <= top; ++t)
      count[t] = std::min(cap, saturating_add(count[t], count[t - part]));
  std::uint64_t total = 0;
  for (Heap t = k + least; t <= top; ++t) total = std::min(cap, saturating_add(total, count[t]));
  return total;
}

}  // namespace grundy::detail
