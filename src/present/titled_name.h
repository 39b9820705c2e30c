// A ruleset titled for a person, one spelling for every front end: the name
// they typed and, where it stands for a take-and-break code, the code beside
// it ("kayles (0.77)", "nim", "0.137"). The command's headings, the web
// page's captions and results use it; the JSON keeps "ruleset" as typed.
#pragma once

#include <string>

#include "grundy/rules/ruleset.h"

namespace grundy::present {

inline std::string titled_name(const Ruleset& ruleset) {
  const std::string shown = ruleset.shown_name(), code = ruleset.name();
  return shown == code ? shown : shown + " (" + code + ")";
}

}  // namespace grundy::present
