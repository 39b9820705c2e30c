#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "commands.h"
#include "long_run.h"
#include "grundy/core/error.h"
#include "grundy/rules/registry.h"

namespace grundy::cli {

namespace {
struct FileCloser {
  void operator()(std::FILE* f) const {
    if (f && f != stdin) std::fclose(f);
  }
};
std::string shown_heap_file(const std::string& path) {
  return path == "-" ? std::string("standard input") : fmt::format("heap file '{}'", path);
}

}  // namespace

// Reads in large blocks and parses by hand: a position of 10^7 heaps should
// cost little more than reading the file.
std::vector<std::uint64_t> read_heaps(const std::string& path) {
  std::unique_ptr<std::FILE, FileCloser> file(path == "-" ? stdin : std::fopen(path.c_str(), "rb"));
  if (!file) throw InputError(path, fmt::format("cannot open heap file '{}'", path));
  std::vector<std::uint64_t> heaps = read_heaps(file.get(), path);
  // As on the command line, where a position needs at least one heap.
  if (heaps.empty())
    throw InputError(path, fmt::format("{} holds no heap sizes", shown_heap_file(path)));
  return heaps;
}

std::vector<std::uint64_t> read_heaps(std::FILE* file, const std::string& path, std::size_t block) {
  GRUNDY_ASSERT(block > 0);
  std::vector<std::uint64_t> heaps;
  std::vector<char> buffer(block);
  std::string token;
  auto flush = [&] {
    if (token.empty()) return;
    try {
      heaps.push_back(parse_heap(token));
    } catch (const InputError& e) {
      throw InputError(e.token(), fmt::format("{}: {}", shown_heap_file(path), e.what()));
    }
    token.clear();
  };
  // Standard input or a pipe may wait for ever: Ctrl-C and SIGTERM end the
  // wait (long_run.h).
  const InputWait wait;
  while (true) {
    const std::size_t got = std::fread(buffer.data(), 1, buffer.size(), file);
    wait.check(shown_heap_file(path));
    if (got == 0) break;
    std::size_t i = 0;
    // Fast path for numbers of at most 18 digits; anything else goes through
    // parse_heap, which checks it.
    while (i < got) {
      const char c = buffer[i];
      if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
        flush();
        ++i;
        continue;
      }
      if (token.empty() && c >= '0' && c <= '9') {
        std::uint64_t value = 0;
        std::size_t j = i, digits = 0;
        while (j < got && buffer[j] >= '0' && buffer[j] <= '9' && digits < 18) {
          value = value * 10 + static_cast<std::uint64_t>(buffer[j] - '0');
          ++j;
          ++digits;
        }
        if (j < got && (buffer[j] == ' ' || buffer[j] == '\n' || buffer[j] == '\t' ||
                        buffer[j] == '\r')) {
          heaps.push_back(value);
          i = j;
          continue;
        }
        token.append(buffer.data() + i, j - i);
        i = j;
        continue;
      }
      token.push_back(c);
      ++i;
    }
  }
  if (std::ferror(file)) throw InputError(path, fmt::format("error reading heap file '{}'", path));
  flush();
  return heaps;
}

}  // namespace grundy::cli
