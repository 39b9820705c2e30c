#include "grundy/core/error.h"

#include <cstdio>
#include <cstdlib>

namespace grundy::detail {

std::string one_line(const std::string& message) {
  static constexpr char kHex[] = "0123456789abcdef";
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
