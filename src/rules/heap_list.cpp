#include "grundy/rules/heap_list.h"

#include <utility>

#include <fmt/format.h>

#include "grundy/core/error.h"
#include "grundy/rules/registry.h"

namespace grundy {

namespace {

bool is_separator(char c) { return c == ' ' || c == '\n' || c == '\t' || c == '\r'; }

// Digits a uint64 always holds: 10^18 - 1 < 2^63.
constexpr std::size_t kFastDigits = 18;

}  // namespace

void HeapListReader::end_word() {
  if (word_.empty()) return;
  try {
    heaps_.push_back(parse_heap(word_));
  } catch (const InputError& e) {
    throw InputError(e.token(), fmt::format("{}: {}", shown_, e.what()));
  }
  word_.clear();
}

void HeapListReader::feed(std::string_view piece) {
  std::size_t i = 0;
  while (i < piece.size()) {
    const char c = piece[i];
    if (is_separator(c)) {
      end_word();
      ++i;
      continue;
    }
    if (word_.empty() && c >= '0' && c <= '9') {
      std::uint64_t value = 0;
      std::size_t j = i;
      while (j < piece.size() && j - i < kFastDigits && piece[j] >= '0' && piece[j] <= '9') {
        value = value * 10 + static_cast<std::uint64_t>(piece[j] - '0');
        ++j;
      }
      if (j < piece.size() && is_separator(piece[j])) {
        heaps_.push_back(value);
        i = j;
        continue;
      }
      // Longer, not a number, or cut by the end of the piece: parse_heap
      // decides once the word is whole.
      word_.append(piece.substr(i, j - i));
      i = j;
      continue;
    }
    word_.push_back(c);
    ++i;
  }
}

std::vector<std::uint64_t> HeapListReader::finish() {
  end_word();
  return std::move(heaps_);
}

}  // namespace grundy
