#include "grundy/solve/brute_force.h"

#include "grundy/solve/detail/search.h"

#include <algorithm>

#include <fmt/format.h>

#include "grundy/core/error.h"
#include "grundy/core/front_end_words.h"
#include "grundy/core/memory.h"
#include "grundy/core/nimber.h"
#include "grundy/core/saturating.h"

namespace grundy {

std::size_t PositionHash::operator()(const Position& p) const {
  std::uint64_t h = 0x9E3779B97F4A7C15ULL ^ p.size();
  for (Heap x : p) {
    h ^= x + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2);
    h *= 0xBF58476D1CE4E5B9ULL;
  }
  return static_cast<std::size_t>(h ^ (h >> 31));
}

namespace detail {

namespace {
// A sort key of an option, so that most comparisons of the sort read one
// array: std::sort of the options themselves compared vectors spread over
// the heap, number by number from the first, and took 70% of a refused
// misère search over a heap of 10^6 (500,000 options). The options of a
// position mostly repeat it up to where the move changed it (a sum's other
// components, a heap game's smaller heaps), so each option is placed by
// where it first leaves the position it was generated from, `from`: at
// index d, below `from` there (a smaller number, or the option ends) or
// above it (a larger number, `from` ends, or the option is `from`), and the
// numbers from d on. Between two options that leave at different indices,
// that decides their lexicographic order: below `from` the earlier leaver is
// smaller, above it the later one; options leaving at the same index differ
// from there, and only those whose next four numbers tie are compared in
// full.
struct Keyed {
  // 48 bytes: the sort of a long list is bound by moving its keys through
  // memory, so the key is kept small.
  static constexpr std::size_t kNext = 4;
  std::uint32_t leaves;  // d (`from` is shorter than 2^32: sort_each_once)
  std::uint16_t held;    // numbers from d on in next (at most kNext)
  bool above;
  Heap next[kNext];
  Position* option;

  Keyed(Position& o, const Position& from) : option(&o) {
    std::size_t i = 0;
    while (i < o.size() && i < from.size() && o[i] == from[i]) ++i;
    leaves = static_cast<std::uint32_t>(i);
    above = !(i < from.size() && (i == o.size() || o[i] < from[i]));
    held = static_cast<std::uint16_t>(std::min(kNext, o.size() - i));
    for (std::size_t j = 0; j < held; ++j) next[j] = o[i + j];
  }
  bool operator<(const Keyed& other) const {
    if (above != other.above) return other.above;
    if (leaves != other.leaves) return above ? leaves > other.leaves : leaves < other.leaves;
    const std::size_t both = std::min(held, other.held);
    for (std::size_t j = 0; j < both; ++j)
      if (next[j] != other.next[j]) return next[j] < other.next[j];
    if (held != other.held) return held < other.held;  // one ends first
    if (held < kNext) return false;                     // both end here: equal
    const std::size_t from = std::size_t{leaves} + kNext;
    return std::lexicographical_compare(option->begin() + static_cast<std::ptrdiff_t>(from),
                                        option->end(),
                                        other.option->begin() + static_cast<std::ptrdiff_t>(from),
                                        other.option->end());
  }
};
}  // namespace

void sort_each_once(std::vector<Position>& options, const Position& from) {
  if (options.size() < 2) return;
  // A short list is sorted directly, as before: the keys are for lists
  // that do not fit in a cache (and hold an index of 32 bits).
  if (options.size() <= 32 || from.size() > UINT32_MAX) {
    std::sort(options.begin(), options.end());
    options.erase(std::unique(options.begin(), options.end()), options.end());
    return;
  }
  std::vector<Keyed> keyed;
  keyed.reserve(options.size());
  for (Position& option : options) keyed.emplace_back(option, from);
  std::sort(keyed.begin(), keyed.end());
  // Equal options are next to each other; the first of each is kept (the
  // comparisons all come before the moves).
  std::vector<char> repeat(keyed.size(), 0);
  for (std::size_t i = 1; i < keyed.size(); ++i) repeat[i] = !(keyed[i - 1] < keyed[i]);
  std::vector<Position> sorted;
  sorted.reserve(options.size());
  for (std::size_t i = 0; i < keyed.size(); ++i)
    if (!repeat[i]) sorted.push_back(std::move(*keyed[i].option));
  options = std::move(sorted);
}

}  // namespace detail

BruteForce::BruteForce(const Ruleset& ruleset, std::uint64_t position_limit)
    : BruteForce(ruleset, position_limit,
                 detail::saturating_mul(position_limit, detail::kStepsPerPosition)) {}

BruteForce::BruteForce(const Ruleset& ruleset, std::uint64_t position_limit,
                       std::uint64_t step_budget)
    : ruleset_(ruleset),
      limit_(position_limit),
      work_(position_limit, step_budget),
      // What `position_limit` positions of a few dozen numbers take (256
      // bytes each; at least 64 MiB, so that a small limit is still met by
      // its count first), and never more than a computation may take.
      memory_limit_(std::min(default_memory_limit(),
                             position_limit > (~std::uint64_t{0}) / 256
                                 ? ~std::uint64_t{0}
                                 : std::max<std::uint64_t>(position_limit * 256, 64ull << 20))) {}

std::uint64_t BruteForce::positions_stored() const {
  return values_.size() + wins_[0].size() + wins_[1].size();
}

void BruteForce::check_limit(std::size_t extra) const {
  const std::uint64_t count = positions_stored() + held_ + extra;
  if (count > limit_)
    throw LimitError(fmt::format(
        "exhaustive search over '{}' would exceed the limit of {} positions{}", ruleset_.name(),
        limit_, raise_with("search-limit")),
        ExceededLimit{"search-limit", limit_, 0});
  check_memory(count);
}

// The position limit counts positions, but a position of k numbers takes
// about 8k bytes: a sum of 20,000 heaps would exhaust memory long before
// the count is reached (its first expansion alone holds a million options of
// 20,000 numbers each), so the bytes are bounded too: by what the position
// limit allows for positions of a few dozen numbers, and never beyond the
// memory a computation may take (core/memory.h).
void BruteForce::check_memory(std::uint64_t count) const {
  const std::uint64_t bytes_each = 8 * largest_position_ + 96;
  if (count > memory_limit_ / bytes_each)
    throw LimitError(fmt::format(
        "exhaustive search over '{}' would need more than {} MiB for its positions of up to {} "
        "numbers each (256 bytes a position within the search limit); no exhaustive search can "
        "decide so large a position",
        ruleset_.name(), memory_limit_ >> 20, largest_position_));
}

std::vector<Position> BruteForce::expand(const Position& key) {
  ticker_.tick(std::max(positions_stored() + held_, work_.as_positions()), limit_);
  largest_position_ = std::max<std::uint64_t>(largest_position_, key.size());
  if (!work_.expansion()) work_.refuse("exhaustive search", ruleset_.name());
  return detail::canonical_options(ruleset_, key, [&](const Position& option, std::size_t count) {
    if (count > limit_) check_limit(count);
    if ((count & 1023) == 0) check_limit(count);
    if (!work_.option(option.size())) work_.refuse("exhaustive search", ruleset_.name());
  });
}

Nimber BruteForce::grundy_value(const Position& position) {
  MexSet seen;
  return detail::memoised_value(
      ruleset_.canonical(position), values_, held_, [&](const Position& key) { return expand(key); },
      [&](std::size_t extra) { check_limit(extra); },
      [&](const std::vector<Nimber>& option_values) {
        seen.clear();
        for (const Nimber v : option_values) seen.insert(v);
        return seen.mex();
      });
}

bool BruteForce::mover_wins(const Position& position, Convention convention) {
  auto& memo = wins_[convention == Convention::misere ? 1 : 0];
  const Position root = ruleset_.canonical(position);
  if (auto it = memo.find(root); it != memo.end()) return it->second;
  // The search stops at the first option lost for its mover.
  struct Policy {
    struct Node {
      std::vector<Position> children;
      bool wins = false;
    };
    BruteForce& search;
    std::unordered_map<Position, bool, PositionHash>& memo;
    bool terminal_wins;
    Node expand(const Position& key) { return {search.expand(key)}; }
    detail::Step step(Node& node, const Position& child) {
      const auto it = memo.find(child);
      if (it == memo.end()) return detail::Step::descend;
      if (it->second) return detail::Step::next;
      node.wins = true;
      return detail::Step::decided;
    }
    void finish(Position&& key, Node& node) {
      memo.emplace(std::move(key), node.children.empty() ? terminal_wins : node.wins);
    }
    void abandon(const Position&) {}
    void check_limit(std::size_t extra) { search.check_limit(extra); }
  } policy{*this, memo, convention == Convention::misere};
  detail::post_order_search(root, policy, held_);
  return memo.at(root);
}

OptionList BruteForce::winning_options(const Position& position, Convention convention,
                                       std::size_t max_moves) {
  std::vector<Position> options;
  ruleset_.for_each_option(position, [&](const Position& after) {
    options.push_back(after);
    if (options.size() > limit_) check_limit(options.size());
    return true;
  });
  OptionList winning;
  for (Position& after : options) {
    if (mover_wins(after, convention)) continue;
    if (!winning.add(std::move(after), max_moves)) break;
  }
  return winning;
}

}  // namespace grundy
