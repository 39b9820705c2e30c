// grundy play RULESET POSITION... [--misere|--every] [--first me|computer]:
// a game in the terminal against a perfect opponent. Line-based on standard
// input and output, so that a session can be scripted.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "grundy/solve/strategy.h"

namespace grundy::cli {

struct PlayRequest {
  std::string ruleset;
  std::vector<std::string> heaps;
  bool misere = false;
  bool every = false;           // Every-SG: move in every component each turn
  std::string first = "me";     // who moves first: "me" or "computer"
  // Most positions the remoteness (or suspense) search may store; past it
  // the computer still plays a winning move where analyze finds one.
  std::uint64_t search_limit = Strategy::kDefaultSearchLimit;
  std::string max_memory;  // e.g. 4G; default: memory_limit("")
};

// Plays one game; returns the exit status (0 after a finished game, `quit`
// or the end of input). Bad arguments throw InputError.
int run_play(const PlayRequest& request);

}  // namespace grundy::cli
