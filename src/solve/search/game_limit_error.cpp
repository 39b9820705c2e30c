#include "grundy/solve/detail/game_limit_error.h"

#include <string>

#include "grundy/core/front_end_words.h"

namespace grundy::detail {

LimitError game_limit_error(GameLimit which, std::uint64_t limit) {
  const std::string n = std::to_string(limit);
  switch (which) {
    case GameLimit::positions:
      return LimitError("user game: more than " + n +
                            " distinct positions would be stored, the solver's position limit" +
                            raise_with("game-positions"),
                        ExceededLimit{"game-positions", limit, 0});
    case GameLimit::options:
      return LimitError("user game: a position has more than " + n +
                            " options, the solver's option limit" + raise_with("game-options"),
                        ExceededLimit{"game-options", limit, 0});
    case GameLimit::visits:
      return LimitError("user game: more than " + n +
                            " options would be looked at, the solver's work limit" +
                            raise_with("game-visits"),
                        ExceededLimit{"game-visits", limit, 0});
    case GameLimit::bytes:
      break;
  }
  return LimitError("user game: the positions stored would take more than " +
                        std::to_string(limit >> 20) + " MiB, the solver's memory limit" +
                        raise_with("game-memory"),
                    ExceededLimit{"game-memory", limit, 0});
}

}  // namespace grundy::detail
