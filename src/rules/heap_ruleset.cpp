#include "grundy/rules/heap_ruleset.h"

#include <algorithm>
#include <limits>

#include <fmt/format.h>

#include "grundy/core/error.h"
#include "grundy/rules/take_and_break.h"

namespace grundy {

std::optional<TakeAndBreak> HeapRuleset::as_code() const { return std::nullopt; }

Heap HeapOption::total() const {
  Heap sum = 0;
  for (std::size_t i = 0; i < part_count; ++i) sum += parts[i];
  return sum;
}

Position HeapRuleset::apply(const Position& position, std::size_t index, const HeapOption& option) {
  GRUNDY_ASSERT(index < position.size());
  Position after;
  after.reserve(position.size() + std::max<std::size_t>(option.part_count, 1) - 1);
  after.insert(after.end(), position.begin(), position.begin() + static_cast<std::ptrdiff_t>(index));
  if (option.part_count == 0) {
    after.push_back(0);
  } else {
    after.insert(after.end(), option.parts.begin(), option.parts.begin() + option.part_count);
  }
  after.insert(after.end(), position.begin() + static_cast<std::ptrdiff_t>(index) + 1,
               position.end());
  return after;
}

void HeapRuleset::for_each_option(const Position& position,
                                  const std::function<bool(const Position&)>& visit) const {
  for (std::size_t i = 0; i < position.size(); ++i) {
    // Equal heaps side by side give the same option lists; they are still
    // different moves (on different heaps), so each is visited.
    bool go_on = true;
    for_each_heap_option(position[i], [&](const HeapOption& option) {
      go_on = visit(apply(position, i, option));
      return go_on;
    });
    if (!go_on) return;
  }
}

namespace {
std::string describe(std::size_t index, Heap n, const HeapOption& option) {
  const std::size_t heap = index + 1;
  if (option.part_count == 0) return fmt::format("take all {} from heap {}", n, heap);
  std::string parts;
  for (std::size_t j = 0; j < option.part_count; ++j)
    parts += (j ? " + " : "") + fmt::to_string(option.parts[j]);
  const Heap sum = option.total();
  if (sum < n) {
    if (option.part_count == 1)
      return fmt::format("take {} from heap {} ({} → {})", n - sum, heap, n, parts);
    return fmt::format("take {} from heap {} and split the rest ({} → {})", n - sum, heap, n, parts);
  }
  if (sum == n) return fmt::format("split heap {} ({} → {})", heap, n, parts);
  return fmt::format("replace heap {} by smaller heaps ({} → {})", heap, n, parts);
}
}  // namespace

Move HeapRuleset::heap_move(std::size_t index, Heap heap, const HeapOption& option) {
  Move move;
  move.index = index;
  move.replaced = 1;
  // Assigned whole, not pushed then inserted: GCC 12 warns of an overflow
  // (-Wstringop-overflow, a false alarm) on the insert after a push_back.
  if (option.part_count == 0)
    move.parts.assign(1, 0);
  else
    move.parts.assign(option.parts.begin(), option.parts.begin() + option.part_count);
  move.description = describe(index, heap, option);
  return move;
}

std::string HeapRuleset::describe_move(const Position& before, const Position& after) const {
  // Every part of an option is smaller than the heap it came from, so the
  // first index where the positions differ is the heap that moved, and the
  // change in length says how many parts replaced it.
  std::size_t i = 0;
  while (i < before.size() && i < after.size() && before[i] == after[i]) ++i;
  GRUNDY_ASSERT(i < before.size());
  GRUNDY_ASSERT(after.size() + 1 >= before.size());
  HeapOption option;
  const std::size_t part_count = after.size() + 1 - before.size();
  if (!(part_count == 1 && after[i] == 0)) {
    option.part_count = static_cast<std::uint32_t>(part_count);
    option.parts.resize(part_count);
    for (std::size_t j = 0; j < part_count; ++j) option.parts[j] = after[i + j];
  }
  return describe(i, before[i], option);
}

Position HeapRuleset::canonical(const Position& position) const {
  Position key;
  key.reserve(position.size());
  for (Heap h : position)
    if (h != 0) key.push_back(h);
  std::sort(key.begin(), key.end());
  return key;
}

// A search's positions of a heap game are multisets with many equal heaps
// (Lasker's Nim and the split games leave heaps of 1 and 2 by the dozen):
// listing the options of each was most of a genus search's work, and put
// into order and merged again afterwards (detail::canonical_options).
void HeapRuleset::for_each_canonical_option(
    const Position& position, const std::function<bool(Position&&)>& visit) const {
  if (!std::is_sorted(position.begin(), position.end()) ||
      (!position.empty() && position.front() == 0)) {
    Ruleset::for_each_canonical_option(position, visit);
    return;
  }
  std::vector<Heap> parts;
  for (std::size_t i = 0; i < position.size(); ++i) {
    if (i > 0 && position[i] == position[i - 1]) continue;  // the same options
    bool go_on = true;
    for_each_heap_option(position[i], [&](const HeapOption& option) {
      parts.clear();
      for (std::size_t j = 0; j < option.part_count; ++j)
        if (option.parts[j] != 0) parts.push_back(option.parts[j]);
      std::sort(parts.begin(), parts.end());
      Position merged;
      merged.reserve(position.size() - 1 + parts.size());
      std::size_t a = 0, b = 0;
      while (true) {
        if (a == i) ++a;  // the heap moved in
        if (a == position.size()) break;
        if (b < parts.size() && parts[b] < position[a])
          merged.push_back(parts[b++]);
        else
          merged.push_back(position[a++]);
      }
      merged.insert(merged.end(), parts.begin() + static_cast<std::ptrdiff_t>(b), parts.end());
      go_on = visit(std::move(merged));
      return go_on;
    });
    if (!go_on) return;
  }
}

const HeapRuleset& require_heap_ruleset(const Ruleset& ruleset, std::string_view what) {
  const HeapRuleset* heaps = heap_ruleset_of(ruleset);
  if (heaps == nullptr)
    throw InputError(ruleset.shown_name(),
                     fmt::format("'{}' needs a heap ruleset: positions of '{}' are not sums of "
                                 "single heaps",
                                 what, ruleset.shown_name()));
  return *heaps;
}

const HeapRuleset* heap_ruleset_of(const Ruleset& ruleset) {
  struct Finder final : RulesetVisitor {
    const HeapRuleset* found = nullptr;
    void heaps(const HeapRuleset& r) override { found = &r; }
    void closed_form(const PositionRuleset&) override {}
    void graph_tokens(const GraphTokens&) override {}
    void compound(const Compound&) override {}
    void moves_only(const Ruleset&) override {}
  } finder;
  ruleset.accept(finder);
  return finder.found;
}

std::uint64_t HeapRuleset::heap_option_bound(Heap n) const {
  const std::uint64_t all = compute_cost(n);
  return n == kMaxHeap ? all : all / (n + 1) + 1;
}


}  // namespace grundy
