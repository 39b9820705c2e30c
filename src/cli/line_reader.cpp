// See line_reader.h. libedit's readline interface (Debian libedit-dev) is
// used, not GNU readline, whose licence (GPL) the project does not take on.
#include "line_reader.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>

#include <unistd.h>

#ifdef GRUNDY_HAVE_LIBEDIT
#include <editline/readline.h>
#endif

namespace grundy::cli {

namespace {

// Editing needs a terminal at both ends that understands cursor movement.
bool interactive_terminal() {
  const char* term = std::getenv("TERM");
  return ::isatty(STDIN_FILENO) && ::isatty(STDOUT_FILENO) && term != nullptr &&
         std::strcmp(term, "") != 0 && std::strcmp(term, "dumb") != 0;
}

}  // namespace

LineReader::LineReader() {
#ifdef GRUNDY_HAVE_LIBEDIT
  editing_ = interactive_terminal();
  if (editing_) {
    rl_readline_name = "grundy";  // ~/.editrc may hold "grundy:" settings
    using_history();
  }
#endif
}

LineReader::~LineReader() {
#ifdef GRUNDY_HAVE_LIBEDIT
  if (editing_) clear_history();
#endif
}

std::optional<std::string> LineReader::read(const std::string& prompt) {
#ifdef GRUNDY_HAVE_LIBEDIT
  if (editing_) {
    std::fflush(stdout);
    char* line = readline(prompt.c_str());
    if (line == nullptr) return std::nullopt;
    std::string text(line);
    std::free(line);
    if (text.find_first_not_of(" \t") != std::string::npos) add_history(text.c_str());
    return text;
  }
#endif
  std::fputs(prompt.c_str(), stdout);
  std::fflush(stdout);
  std::string text;
  if (!std::getline(std::cin, text)) return std::nullopt;
  return text;
}

}  // namespace grundy::cli
