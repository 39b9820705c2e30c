#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "commands.h"
#include "long_run.h"
#include "grundy/core/error.h"
#include "grundy/rules/heap_list.h"

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

// Reads in large blocks (HeapListReader, rules/heap_list.h): a position of
// 10^7 heaps should cost little more than reading the file.
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
  HeapListReader reader(shown_heap_file(path));
  std::vector<char> buffer(block);
  // Standard input or a pipe may wait for ever: Ctrl-C and SIGTERM end the
  // wait (long_run.h).
  const InputWait wait;
  while (true) {
    const std::size_t got = std::fread(buffer.data(), 1, buffer.size(), file);
    wait.check(shown_heap_file(path));
    if (got == 0) break;
    reader.feed(std::string_view(buffer.data(), got));
  }
  if (std::ferror(file)) throw InputError(path, fmt::format("error reading heap file '{}'", path));
  return reader.finish();
}

}  // namespace grundy::cli
