// The command line's names for the position syntax, which lives in the
// library (include/grundy/rules/game_syntax.h) so that every front end reads
// sums the same way; the command line reads graph:FILE with read_graph
// (graph_command.h), which accepts the JSON form too.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "graph_command.h"
#include "grundy/rules/compound.h"
#include "grundy/rules/game_syntax.h"

namespace grundy::cli {

using Summand = GamePosition;
using ::grundy::is_sum_syntax;

// The summands of `ruleset tokens...` (rules/game_syntax.h), graph files read
// by read_graph; a graph file that would need more than `max_memory` bytes is
// refused.
inline std::vector<Summand> parse_summands(const std::string& ruleset,
                                           const std::vector<std::string>& tokens,
                                           std::uint64_t max_memory) {
  return ::grundy::parse_summands(
      ruleset, tokens, [max_memory](const std::string& file) { return read_graph(file, max_memory); });
}

// A game to analyse: one ruleset and its position (a compound when there are
// several summands): sum_of and every_compound_of (rules/compound.h).
using ParsedGame = GamePosition;

}  // namespace grundy::cli
