// The refusals of GameSolver (user_game.h) at each of its GameLimits, one
// line each, naming the limit and the setting that raises it.
//
// Description: the messages do not depend on the game, so they are built
//   here, once, in the library: written inside the GameSolver template they
//   were compiled again for every game a program solves (four string
//   builders of about 600 bytes of code each, docs/testing.md).
// Status: through GameSolver (tests/stress/user_game_search_test.cpp: each
//   limit's message; examples/contest_limits.cpp).
#pragma once

#include <cstdint>

#include "grundy/core/error.h"

namespace grundy::detail {

enum class GameLimit : std::uint8_t {
  positions,  // GameLimits::positions: distinct positions stored
  options,    // GameLimits::options: options of one position
  visits,     // GameLimits::visits: options looked at
  bytes,      // GameLimits::bytes: the tables' memory
};

// The LimitError thrown when `which`, whose value is `limit`, would be passed.
LimitError game_limit_error(GameLimit which, std::uint64_t limit);

}  // namespace grundy::detail
