// Fuzzes heap files (`grundy analyze RULESET --input FILE`):
// HeapListReader (rules/heap_list.h), which parses whitespace-separated
// numbers in pieces with a fast path for short numbers. The first byte
// chooses the piece size (1 to 64 bytes), so that numbers and separators
// straddle pieces; the rest is the file. The heaps read must be exactly
// those of a plain reading, word by word through parse_heap, and a file one
// rejects the other must reject too.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/core/error.h"
#include "grundy/rules/heap_list.h"
#include "grundy/rules/registry.h"
#include "harness.h"

namespace {

bool is_separator(char c) { return c == ' ' || c == '\n' || c == '\t' || c == '\r'; }

// The heaps of `text` read the plain way, or nullopt when a word is not a heap size.
std::optional<std::vector<std::uint64_t>> plain_reading(std::string_view text) {
  std::vector<std::uint64_t> heaps;
  std::string word;
  try {
    for (std::size_t i = 0; i <= text.size(); ++i) {
      if (i == text.size() || is_separator(text[i])) {
        if (!word.empty()) heaps.push_back(grundy::parse_heap(word));
        word.clear();
      } else {
        word += text[i];
      }
    }
  } catch (const grundy::InputError&) {
    return std::nullopt;
  }
  return heaps;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::size_t block = 1 + data[0] % 64;
  const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  const auto expected = plain_reading(text);
  bool rejected = false;
  grundy::fuzz::run_one([&] {
    rejected = true;
    grundy::HeapListReader reader("fuzz");
    for (std::size_t at = 0; at < text.size(); at += block)
      reader.feed(std::string_view(text).substr(at, block));
    const auto heaps = reader.finish();
    rejected = false;
    grundy::fuzz::expect(expected.has_value(), "HeapListReader accepts a file with a bad word");
    grundy::fuzz::expect(heaps == *expected, "HeapListReader reads other heaps than the plain reading");
  });
  if (rejected) grundy::fuzz::expect(!expected.has_value(), "HeapListReader rejects a good file");
  return 0;
}
