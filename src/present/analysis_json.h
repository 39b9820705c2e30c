// The JSON of an analysis (docs/json.md): what `grundy analyze --json`
// prints, and what the web explorer (web/bindings.cpp) hands to JavaScript,
// built in one place so that both front ends give the same answer in the
// same fields.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "grundy/rules/compound.h"
#include "grundy/solve/analysis.h"
#include "grundy/solve/compound_analysis.h"
#include "grundy/solve/option_values.h"

namespace grundy::present {

// A position: its numbers, or for a compound one object per component.
nlohmann::json position_json(const Ruleset& ruleset, const Position& position);

// `analyze --json` in normal or misère play; `one` keeps the first winning
// move, `count` lists none (the count is in winning_move_count).
nlohmann::json analysis_json(const Ruleset& ruleset, const Position& position, const Analysis& a,
                             bool misere, bool one = false, bool count = false);

// `analyze --every --json` and `analyze --conjunctive --json`.
nlohmann::json compound_json(const Compound& compound, const Position& position,
                             const CompoundAnalysis& answer, bool conjunctive);

// `analyze --options --json`: every option with its value and outcome
// (option_values.h): "options" [{"description", "position", "value" (null
// in misère play; a string "∞{K}" on a cycle), "outcome"}],
// "options_complete", "options_mex" (null unless every option is listed
// with a finite value, in normal play).
nlohmann::json option_values_json(const Ruleset& ruleset, const OptionValues& table);

// `analyze --remoteness --json`.
nlohmann::json remoteness_json(const Ruleset& ruleset, const Position& position,
                               const RemotenessAnalysis& r, bool misere);

}  // namespace grundy::present
