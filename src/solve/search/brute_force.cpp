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
// An option's first numbers beside a pointer to it, so that most
// comparisons of a sort read one array: std::sort of the options themselves
// compared vectors spread over the heap, and took 70% of a refused misère
// search over a heap of 10^6 (500,000 options). Numbers past an option's end
// read as 0, so that options whose prefixes differ are in lexicographic order
// and only options of equal prefixes are compared in full.
struct Keyed {
  static constexpr std::size_t kPrefix = 4;
  Heap prefix[kPrefix];
  Position* option;
  bool operator<(const Keyed& other) const {
    for (std::size_t i = 0; i < kPrefix; ++i)
      if (prefix[i] != other.prefix[i]) return prefix[i] < other.prefix[i];
    return *option < *other.option;
  }
};
}  // namespace

void sort_each_once(std::vector<Position>& options) {
  if (options.size() < 2) return;
  std::vector<Keyed> keyed(options.size());
  for (std::size_t i = 0; i < options.size(); ++i) {
    Keyed& k = keyed[i];
    const Position& p = options[i];
    for (std::size_t j = 0; j < Keyed::kPrefix; ++j) k.prefix[j] = j < p.size() ? p[j] : 0;
    k.option = &options[i];
  }
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
