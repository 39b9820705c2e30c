// Remoteness (and its sibling, suspense): how many moves are left when the
// winner hurries and the loser drags the game out, or the other way round.
//
// Description: Smith's remoteness (WW ch. 9; docs/theory.md §5):
//   R(x) = 0 if x has no option; 1 + min{ R(y) even } if some option has even
//   R (the mover wins: hurry); else 1 + max{ R(y) } (the mover loses: resist
//   longest). The mover wins iff R(x) is odd. Suspense swaps min and max
//   (the winner prolongs, the loser hurries) and drives Every-SG
//   (suspense.h). In misère play a position without options is a win for
//   the mover; it is given R = 1, as if it had one move to a terminal
//   position, so that "the mover wins iff R is odd" holds in both
//   conventions. Memoised on Ruleset::canonical, depth-first with an explicit
//   stack so that long games cannot overflow the call stack.
// Source: docs/theory.md §5; Berlekamp, Conway, Guy, Winning Ways, ch. 9.
// Time: O(sum of options over the positions reached).
// Memory: one entry per position reached, bounded by the position limit
//   (options held on the search stack count too).
// Status: compared with a plain recursive definition on raw (uncanonicalised)
//   positions of nim, kayles, wythoff and subtraction games, and its parity
//   with BruteForce::mover_wins, in both conventions
//   (tests/stress/remoteness_test.cpp).
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "grundy/core/types.h"
#include "grundy/rules/ruleset.h"
#include "grundy/solve/brute_force.h"
#include "grundy/solve/convention.h"

namespace grundy {

// Which of Smith's two tempo functions a search computes.
enum class Tempo {
  remoteness,  // winner hurries, loser resists (conjunctive compound, good play)
  suspense,    // winner prolongs, loser hurries (Every-SG)
};

class TempoSearch {
 public:
  // Throws LimitError when more than `position_limit` positions would be
  // stored or held on the search stack, or the work would be more than that
  // limit allows (detail/search_work.h).
  TempoSearch(const Ruleset& ruleset, Convention convention, Tempo tempo,
              std::uint64_t position_limit);

  // R(x) (or S(x)); the player to move wins iff it is odd.
  std::uint64_t value(const Position& position);

  // The option (as the generator produced it, not canonicalised) that good
  // play chooses: the first option attaining the value's min or max. Must
  // not be called on a position without options.
  Position best_option(const Position& position);

  std::uint64_t positions_stored() const { return values_.size(); }
  // Progress reports and a stop flag (search_control.h); nullptr: none.
  void set_control(const SearchControl* control) {
    ticker_.set(control, search_name());
  }

 private:
  std::vector<Position> expand(const Position& key);
  void check_limit(std::size_t extra) const;
  const char* search_name() const;
  // The value of a position from the values of its options.
  std::uint64_t combine(const std::vector<std::uint64_t>& option_values) const;

  const Ruleset& ruleset_;
  Convention convention_;
  Tempo tempo_;
  std::uint64_t limit_;
  detail::SearchWork work_;
  std::unordered_map<Position, std::uint64_t, PositionHash> values_;
  std::size_t held_ = 0;
  // The largest heap whose reachable positions were counted (value()).
  Heap estimated_heap_ = 0;
  detail::SearchTicker ticker_;
};

// How long a game lasts with good play, from a position's remoteness (or
// suspense number): the moves in all, and how many of them the winner makes.
// In normal play the remoteness is the count of moves itself. In misère
// play it is one more, since a position without moves counts 1 there (the
// mover has won without moving): misère nim 1 1 has remoteness 3 and ends
// after 2 moves, one of them the winner's. A front end that says "you win in
// N moves" must say it from here, not from the remoteness.
struct PlayLength {
  std::uint64_t moves = 0;         // moves until the game ends
  std::uint64_t winner_moves = 0;  // of them, the winner's
};
constexpr PlayLength play_length(std::uint64_t remoteness, Convention convention) {
  const bool mover_wins = remoteness % 2 == 1;
  const std::uint64_t moves =
      convention == Convention::misere && remoteness > 0 ? remoteness - 1 : remoteness;
  // The players alternate, the mover first: the mover makes the odd-numbered
  // moves, ceil(moves / 2), the other floor(moves / 2).
  return {moves, mover_wins ? (moves + 1) / 2 : moves / 2};
}

// Remoteness under a convention: TempoSearch with Tempo::remoteness.
class Remoteness : public TempoSearch {
 public:
  Remoteness(const Ruleset& ruleset, Convention convention, std::uint64_t position_limit)
      : TempoSearch(ruleset, convention, Tempo::remoteness, position_limit) {}
};

}  // namespace grundy
