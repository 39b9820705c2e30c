// The two kinds of expected failure. Both carry a message meant for the user;
// front ends print it on one line and exit with status 2 (docs/architecture.md, Errors).
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

namespace grundy {

namespace detail {
// The message on one printable line: a control character the input brought
// into it (a line break in a ruleset name, a NUL in a heap file) is written
// as an escape, \n, \r, \t or \xHH. A NUL would otherwise cut what() short.
std::string one_line(const std::string& message);
}  // namespace detail

// Bad input: an unknown ruleset, a malformed number or code, a heap count the
// ruleset does not accept. `token` is the offending piece of input.
class InputError : public std::runtime_error {
 public:
  InputError(std::string token, const std::string& message)
      : std::runtime_error(detail::one_line(message)), token_(std::move(token)) {}
  const std::string& token() const { return token_; }

 private:
  std::string token_;
};

// A negative number where a heap size, a range or a count is wanted: one
// wording for the library's parsers and every front end's.
inline InputError negative_number_error(const std::string& text) {
  return InputError(text, "negative number '" + text +
                              "': heap sizes, ranges and counts are non-negative integers");
}

// The setting a refused request would have to raise, as data, so that a
// front end can act on it (offer the larger value, fill in its own field)
// rather than read it out of the message.
struct ExceededLimit {
  // The setting as the command line spells it without its dashes
  // ("search-limit", "max-memory", "game-positions"; front_end_words.h).
  std::string setting;
  // Its value in the refused request (bytes for a memory limit).
  std::uint64_t limit = 0;
  // What the request needs, at least; 0 when that is not known before the
  // work (a search that ran into its limit).
  std::uint64_t needed = 0;
};

// A well-formed request that is beyond what grundy can compute exactly within
// its stated limits (a heap too large for a computed ruleset, a misère search
// over too many positions). The message says which limit and why; where one
// setting would let the request through, exceeded() says which, as data.
class LimitError : public std::runtime_error {
 public:
  explicit LimitError(const std::string& message)
      : std::runtime_error(detail::one_line(message)) {}
  LimitError(const std::string& message, ExceededLimit exceeded)
      : std::runtime_error(detail::one_line(message)), exceeded_(std::move(exceeded)) {}
  const std::optional<ExceededLimit>& exceeded() const { return exceeded_; }

 private:
  std::optional<ExceededLimit> exceeded_;
};

}  // namespace grundy

// Internal invariants: on in every build type, because a wrong game value is
// worse than a crash. Only for conditions that cannot be caused by user input.
#define GRUNDY_ASSERT(cond)                                                                  \
  do {                                                                                       \
    if (!(cond)) ::grundy::detail::assertion_failed(#cond, __FILE__, __LINE__);              \
  } while (false)

namespace grundy::detail {
[[noreturn]] void assertion_failed(const char* condition, const char* file, int line);
}
