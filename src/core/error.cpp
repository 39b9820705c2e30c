#include "grundy/core/error.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace grundy::detail {

namespace {

// A message quotes what the user typed, which can be a number of 10,000
// digits or a pasted page: the message would then fill a terminal, or run
// past its field on the web page. A run of more than kLongDigits digits
// keeps its first and last few with the count between them; so does any
// other run of more than kLongWord characters without a space (paths and
// codes are far shorter).
constexpr std::size_t kLongDigits = 40;
constexpr std::size_t kLongWord = 200;

bool is_digit(char c) { return c >= '0' && c <= '9'; }
// A UTF-8 continuation byte: a cut must not fall before one.
bool continues(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

std::string shortened(const std::string& run, bool digits) {
  const std::size_t head_size = digits ? 16 : 60, tail_size = digits ? 4 : 20;
  std::size_t head = head_size, tail = run.size() - tail_size;
  while (head > 0 && continues(run[head])) --head;
  while (tail < run.size() && continues(run[tail])) ++tail;
  std::size_t characters = 0;
  for (const char c : run) characters += continues(c) ? 0 : 1;
  return run.substr(0, head) + "…[" + std::to_string(characters) +
         (digits ? " digits" : " characters") + "]…" + run.substr(tail);
}

// The word (no space in it) with its long runs of digits shortened, or the
// whole word when it is long without being one long number.
std::string shorten_word(const std::string& word) {
  std::string out;
  std::size_t longest_digits = 0;
  for (std::size_t i = 0; i < word.size();) {
    std::size_t j = i;
    while (j < word.size() && is_digit(word[j]) == is_digit(word[i])) ++j;
    const std::string run = word.substr(i, j - i);
    if (is_digit(word[i])) longest_digits = std::max(longest_digits, run.size());
    out += is_digit(word[i]) && run.size() > kLongDigits ? shortened(run, true) : run;
    i = j;
  }
  if (longest_digits <= kLongDigits && word.size() > kLongWord) return shortened(word, false);
  return out;
}

std::string shorten_long_runs(const std::string& message) {
  std::string out;
  for (std::size_t i = 0; i <= message.size();) {
    std::size_t end = message.find(' ', i);
    if (end == std::string::npos) end = message.size();
    out += shorten_word(message.substr(i, end - i));
    if (end < message.size()) out += ' ';
    i = end + 1;
  }
  return out;
}

}  // namespace

std::string one_line(const std::string& original) {
  static constexpr char kHex[] = "0123456789abcdef";
  const std::string message = shorten_long_runs(original);
  std::string line;
  line.reserve(message.size());
  for (const char c : message) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '\n') {
      line += "\\n";
    } else if (c == '\r') {
      line += "\\r";
    } else if (c == '\t') {
      line += "\\t";
    } else if (byte < 0x20 || byte == 0x7F) {
      line += "\\x";
      line += kHex[byte >> 4];
      line += kHex[byte & 0xF];
    } else {
      line += c;
    }
  }
  return line;
}

void assertion_failed(const char* condition, const char* file, int line) {
  std::fprintf(stderr, "grundy: internal error: assertion '%s' failed at %s:%d\n", condition,
               file, line);
  std::abort();
}

}  // namespace grundy::detail
