// Every-SG (the continued conjunctive compound, docs/theory.md §5): each turn the
// mover moves in EVERY component that still has a move; whoever cannot move
// at all loses.
//
// Description: Smith's suspense number of each component, S(x) = 0 if x has
//   no option; 1 + max{ S(y) even } if some option has even S (the winner
//   prolongs); else 1 + min{ S(y) } (the loser hurries). The mover wins the
//   compound iff the largest S over the components is odd, and good play
//   moves every component to an option of value S - 1. A component is a
//   position of the ruleset: for a heap game one heap to begin with, and
//   after a splitting move the disjunctive sum of its parts (a move in it is
//   a move in one part), searched as one position on its canonical multiset.
// Source: docs/theory.md §5; Winning Ways, ch. 9; C. A. B. Smith, J. Combin.
//   Theory 1 (1966).
// Time, memory: those of TempoSearch (remoteness.h) over each component.
// Status: compared with a direct search of the compound (state = the tuple of
//   components) on random small positions of nim, kayles, subtraction games
//   and splitting games (tests/stress/suspense_test.cpp).
#pragma once

#include <cstdint>
#include <vector>

#include "grundy/solve/remoteness.h"

namespace grundy {

// The suspense number of normal-play components.
class Suspense : public TempoSearch {
 public:
  Suspense(const Ruleset& ruleset, std::uint64_t position_limit)
      : TempoSearch(ruleset, Convention::normal, Tempo::suspense, position_limit) {}

  // Whether the player to move wins the Every-SG compound of `components`.
  bool mover_wins(const std::vector<Position>& components);
};

}  // namespace grundy
