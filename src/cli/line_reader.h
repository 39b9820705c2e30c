// The lines a person types to `grundy play`: with line editing and history
// (libedit: arrow keys, Ctrl-A/E, up for the last move) on a terminal, and
// as plain lines otherwise (a pipe, a script, TERM=dumb), so that sessions
// can still be scripted.
#pragma once

#include <optional>
#include <string>

namespace grundy::cli {

class LineReader {
 public:
  LineReader();
  ~LineReader();
  LineReader(const LineReader&) = delete;
  LineReader& operator=(const LineReader&) = delete;

  // The next line without its newline, after showing `prompt`; nullopt at
  // the end of input (Ctrl-D). A non-empty line joins the history.
  std::optional<std::string> read(const std::string& prompt);
  // Whether lines are edited (a terminal and libedit).
  bool editing() const { return editing_; }

 private:
  bool editing_ = false;
};

}  // namespace grundy::cli
