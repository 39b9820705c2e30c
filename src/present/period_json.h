// The JSON of a periodicity (docs/json.md): what `grundy period --json`
// and `grundy pattern --json` print and what the web page's Period view
// reads, built in one place so that both say "no period" the same way (null,
// not 0).
#pragma once

#include <nlohmann/json.hpp>

#include "grundy/solve/periodicity.h"

namespace grundy::present {

// period, preperiod (null when no period was found), saltus, proven,
// checked_to, proof_needs (null when no proof applies), criterion and the
// certificate's sentence.
nlohmann::json periodicity_json(const Periodicity& periodicity);

}  // namespace grundy::present
