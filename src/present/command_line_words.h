// The command line's words for what the library's messages advise
// (include/grundy/core/front_end_words.h): its options and commands. The
// command installs them in main; the web explorer (web/bindings.cpp), whose
// own limits are fixed, points to them.
#pragma once

#include "grundy/core/front_end_words.h"

namespace grundy::present {

FrontEndWords command_line_words();

}  // namespace grundy::present
