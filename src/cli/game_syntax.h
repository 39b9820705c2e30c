// The command-line syntax of a position: a ruleset and its numbers, or a sum
// of several, separated by '+' (docs/usage.md, "Sums of different games"):
//
//   kayles 5 7 + nim 3 + wythoff 3 5 + graph:g.txt a b
//
// A summand is RULESET NUMBER..., or graph:FILE VERTEX... (ids or names);
// summands of the same heap game, or of the same graph file, are merged
// (kayles 5 + kayles 7 is kayles 5 7). Every failure is an InputError naming
// the token.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "grundy/rules/compound.h"
#include "grundy/rules/ruleset.h"

namespace grundy::cli {

using Summand = GamePosition;

// Whether the arguments use the sum syntax (a '+' or a graph: summand).
bool is_sum_syntax(const std::string& ruleset, const std::vector<std::string>& tokens);

// The summands of `ruleset tokens...`, merged as above; a graph file that
// would need more than `max_memory` bytes is refused (read_graph).
std::vector<Summand> parse_summands(const std::string& ruleset,
                                    const std::vector<std::string>& tokens,
                                    std::uint64_t max_memory);

// A game to analyse: one ruleset and its position (a compound when there are
// several summands): sum_of and every_compound_of (rules/compound.h).
using ParsedGame = GamePosition;

}  // namespace grundy::cli
