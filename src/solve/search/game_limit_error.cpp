#include "grundy/solve/detail/game_limit_error.h"

#include <string>

#include "grundy/core/front_end_words.h"

namespace grundy::detail {

namespace {

// Each limit's message around the number, and its setting, in the order of
// GameLimit.
struct LimitWords {
  const char* before;
  const char* after;
  const char* setting;
};
constexpr LimitWords kLimitWords[] = {
    {"user game: more than ", " distinct positions would be stored, the solver's position limit",
     "game-positions"},
    {"user game: a position has more than ", " options, the solver's option limit",
     "game-options"},
    {"user game: more than ", " options would be looked at, the solver's work limit",
     "game-visits"},
    {"user game: the positions stored would take more than ", " MiB, the solver's memory limit",
     "game-memory"},
};

}  // namespace

LimitError game_limit_error(GameLimit which, std::uint64_t limit) {
  const LimitWords& words = kLimitWords[static_cast<unsigned>(which)];
  const std::uint64_t shown = which == GameLimit::bytes ? limit >> 20 : limit;  // in MiB
  return LimitError(words.before + std::to_string(shown) + words.after + raise_with(words.setting),
                    ExceededLimit{words.setting, limit, 0});
}

}  // namespace grundy::detail
