// The order in which GameSolver's outcome search tries the options of a
// position (user_game.h, order_by_mobility): fewest options first, by the
// mobility heuristic of proof-number search (L. V. Allis, M. van der
// Meulen, H. J. van den Herik, "Proof-number search", Artificial
// Intelligence 66 (1994)).
//
// Description: the sort does not depend on the game, so it is compiled once
//   here, in the library; written in the GameSolver template, the stable
//   sort was compiled again for every game (its comparator's type was one
//   of each GameSolver<G>), about 3 KB of code a game (docs/testing.md).
// Time: O(k log k) for k options.
// Status: through GameSolver (tests/stress/user_game_search_test.cpp: the
//   search's cost whatever the order of the moves).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

namespace grundy::detail {

// `peeked` holds (option count, index) pairs, the last listed option first;
// reorders them so that the search, which takes options from the back,
// takes the one with the fewest options first, and among equal counts the
// one listed first.
void order_by_option_count(std::vector<std::pair<std::uint32_t, std::uint32_t>>& peeked);

}  // namespace grundy::detail
