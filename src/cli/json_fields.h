// Pieces of JSON output that several commands share, so that a periodicity or
// a --check report has one shape wherever it appears (docs/json.md).
#pragma once

#include <nlohmann/json.hpp>

#include "grundy/solve/check.h"
#include "grundy/solve/periodicity.h"

namespace grundy::cli {

// {"period", "preperiod", "saltus", "proven", "checked_to", "proof_needs",
// "criterion"}; period and preperiod null when no period was seen.
nlohmann::json periodicity_json(const Periodicity& p);

// The report of --check: {"checked", "agrees", "what"}.
nlohmann::json check_json(const CheckReport& report);

}  // namespace grundy::cli
