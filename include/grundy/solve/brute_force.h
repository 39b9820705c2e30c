// Exhaustive search over a ruleset's move generator: the by-definition twin
// of every closed form, and the exact method for misère play where no closed
// form is proven.
//
// Description: G(x) = mex of the options' values (normal play); the mover
//   wins iff some option is lost for the mover there, a position without
//   options being lost in normal play and won in misère play. Memoised on
//   Ruleset::canonical (for heap games, the sorted multiset of non-empty
//   heaps, docs/theory.md §4). Depth-first with an explicit stack, so long games
//   cannot overflow the call stack.
// Source: docs/theory.md §1, §4.
// Time: O(sum of options over the positions reached); the win/loss search
//   stops at the first losing option. Memory: one entry per position reached.
// Status: a definition. Compared with an independent plain recursion
//   (tests/support/twins.h) through the analyses that use it
//   (tests/stress/analysis_test.cpp), and with retrograde analysis on acyclic
//   games (tests/stress/retrograde_test.cpp); no unit test calls it directly.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "grundy/core/types.h"
#include "grundy/rules/ruleset.h"
#include "grundy/solve/convention.h"
#include "grundy/solve/detail/search_work.h"
#include "grundy/solve/search_control.h"

namespace grundy {

// Not noexcept on purpose: libstdc++'s unordered containers keep each
// node's hash only when the hash function may throw (or is marked slow), and
// without it every probe of a bucket hashes the nodes it passes again, each
// a walk over a vector in another cache line. (Retrograde analysis spends
// about half of its time in its table's lookups, mostly cache misses; kept
// hashes took a refused one from 1.86 to 1.75 s: docs/testing.md, "The work
// of a search".)
struct PositionHash {
  std::size_t operator()(const Position& p) const;
};

namespace detail {

// Calls emit(canonical option) for every distinct option of `position`
// (some repeats may be left out: Ruleset::for_each_canonical_option): the
// moves of a Ruleset game as the explorer (detail/explore.h) and the
// searches see them; both merge what repeats.
template <class Emit>
void for_each_canonical_option(const Ruleset& ruleset, const Position& position, Emit&& emit) {
  ruleset.for_each_canonical_option(position, [&](Position&& option) {
    emit(std::move(option));
    return true;
  });
}

// Sorts `options` (lexicographically, as std::sort would) and keeps one of
// each (brute_force.cpp). `from` is the position they are options of, or
// any position: the result is the same, only its speed depends on options
// repeating `from`'s first numbers.
void sort_each_once(std::vector<Position>& options, const Position& from);

// The options of `position` as a search's children (detail/search.h):
// canonical, sorted, each once. The order decides how soon a win/loss
// search meets a losing option: in ascending order it decides 0.16 (30, 20)
// in misère play within its work, in the generator's order it does not.
// `generated(option, n)` is called after the n-th option is generated, so
// that a caller can count its work and refuse a position with too many
// options before they are all held.
template <class Generated>
std::vector<Position> canonical_options(const Ruleset& ruleset, const Position& position,
                                        Generated generated) {
  std::vector<Position> options;
  for_each_canonical_option(ruleset, position, [&](Position&& option) {
    options.push_back(std::move(option));
    generated(options.back(), options.size());
  });
  sort_each_once(options, position);
  return options;
}

}  // namespace detail

class BruteForce {
 public:
  // Throws LimitError when more than `position_limit` positions would be
  // stored, or a single position has more options than that, or the work
  // would be more than that limit allows (detail/search_work.h).
  BruteForce(const Ruleset& ruleset, std::uint64_t position_limit);
  // The same with a budget of steps of its own.
  BruteForce(const Ruleset& ruleset, std::uint64_t position_limit, std::uint64_t step_budget);

  // Normal-play Grundy value.
  Nimber grundy_value(const Position& position);
  // Whether the player to move wins under `convention`.
  bool mover_wins(const Position& position, Convention convention);
  // Every option after which the player to move (the opponent) loses, in the
  // generator's order, at most max_moves (marked incomplete if cut).
  OptionList winning_options(const Position& position, Convention convention,
                             std::size_t max_moves);

  std::uint64_t positions_stored() const;
  std::uint64_t position_limit() const { return limit_; }
  // Progress reports and a stop flag (search_control.h); nullptr: none.
  // Steps of work (detail/search_work.h) already spent on the same question
  // by `by`, taken from this search's budget (analysis.cpp: the misère
  // quotient tried first).
  void spent_before(std::uint64_t steps, std::string by) { work_.spent_before(steps, std::move(by)); }
  void set_control(const SearchControl* control) { ticker_.set(control, "exhaustive search"); }

 private:
  std::vector<Position> expand(const Position& key);
  void check_limit(std::size_t extra) const;
  void check_memory(std::uint64_t count) const;

  const Ruleset& ruleset_;
  std::uint64_t limit_;
  detail::SearchWork work_;
  std::uint64_t memory_limit_;
  // The most numbers in a position expanded so far (memory per position).
  std::uint64_t largest_position_ = 1;
  std::unordered_map<Position, Nimber, PositionHash> values_;
  std::unordered_map<Position, bool, PositionHash> wins_[2];
  // Positions held in the search stack's option lists, counted in the limit
  // with the stored ones so that memory stays bounded by it.
  std::size_t held_ = 0;
  detail::SearchTicker ticker_;
};

}  // namespace grundy
