// What every fuzz harness shares (docs/fuzzing.md). A harness feeds the
// bytes libFuzzer gives it to one parser. Bad input is expected, and its only
// accepted outcome is an InputError or a LimitError carrying a message (which
// the command line prints on one line with exit status 2). Anything else is
// a defect that libFuzzer reports and saves: another exception (it is caught
// here, printed and turned into an abort), a crash, a sanitizer report
// (AddressSanitizer, UndefinedBehaviorSanitizer), a failed GRUNDY_ASSERT, or
// an input that takes longer than -timeout.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <string_view>
#include <typeinfo>
#include <vector>

#include "grundy/core/error.h"

namespace grundy::fuzz {

// A defect found: says what, and aborts so that libFuzzer saves the input.
[[noreturn]] inline void defect(const std::string& what) {
  std::fprintf(stderr, "fuzz harness: defect: %s\n", what.c_str());
  std::fflush(stderr);
  std::abort();
}

inline void expect(bool condition, const char* what) {
  if (!condition) defect(what);
}

// Runs `body` on one input: refusals are fine when they say why.
template <class Body>
int run_one(Body&& body) {
  try {
    body();
  } catch (const InputError& e) {
    if (std::string_view(e.what()).empty()) defect("InputError without a message");
  } catch (const LimitError& e) {
    if (std::string_view(e.what()).empty()) defect("LimitError without a message");
  } catch (const std::exception& e) {
    defect(std::string("unexpected exception ") + typeid(e).name() + ": " + e.what());
  } catch (...) {
    defect("unexpected exception of a type not derived from std::exception");
  }
  return 0;
}

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// The lines of a text, without their '\n'.
inline std::vector<std::string> lines_of(std::string_view text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start <= text.size()) {
    const auto end = text.find('\n', start);
    if (end == std::string_view::npos) {
      lines.emplace_back(text.substr(start));
      break;
    }
    lines.emplace_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

}  // namespace grundy::fuzz
