// Turning user text into rulesets and heaps. Every failure is an InputError
// that names the offending token.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/rules/ruleset.h"

namespace grundy {

// A ruleset from its name, case-insensitive. The names accepted are those of
// the one table of rulesets, kRulesets in src/rules/registry.cpp, which
// ruleset_catalogue() lists (and `grundy help rulesets` prints).
std::unique_ptr<Ruleset> parse_ruleset(std::string_view name);

// A heap size: decimal digits only, at most 2^63-1.
Heap parse_heap(std::string_view token);
// A count or bound given as an option (--to, --max, --search-limit): the
// digits of parse_heap, or 1K, 1M, 1G, 1T (10^3 .. 10^12, decimal), B^E
// (2^20, 10^9), or decimal notation naming a whole number (1e6, 1.5e3; not
// 1e-3, 1.25e1). At most 2^63-1; throws InputError naming the token.
Heap parse_count(std::string_view token);
// Heap sizes for a ruleset, checked against the ruleset's position shape.
Position parse_position(const Ruleset& ruleset, const std::vector<std::string>& tokens);

struct RulesetSyntax {
  std::string pattern;      // e.g. "bash:M"
  std::string description;  // one line
};
// Every ruleset name the parser accepts, for help texts: the rows of the
// table parse_ruleset reads, in its order.
const std::vector<RulesetSyntax>& ruleset_catalogue();

}  // namespace grundy
