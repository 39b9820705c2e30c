// --max-memory: the size a user types, and the limit it sets (commands.h).
#include <algorithm>
#include <cctype>
#include <cstring>
#include <iterator>
#include <string>
#include <utility>

#include <fmt/format.h>

#include "commands.h"
#include "grundy/core/error.h"
#include "grundy/core/memory.h"
#include "grundy/rules/registry.h"

namespace grundy::cli {

std::uint64_t memory_limit(const std::string& text) {
  return text.empty() ? default_memory_limit() : parse_memory(text);
}

std::uint64_t parse_memory(const std::string& text) {
  // Memory is counted in powers of 1024, as the kernel and free(1) count it:
  // 8G, 8GB and 8GiB all mean 8 * 2^30 bytes (docs/usage.md).
  static constexpr std::pair<char, unsigned> kUnits[] = {{'K', 10}, {'M', 20}, {'G', 30}, {'T', 40}};
  std::string digits = text;
  unsigned shift = 0;
  for (const char* suffix : {"iB", "ib", "B", "b", ""}) {
    const std::size_t length = std::strlen(suffix);
    if (digits.size() < length + 2 || digits.compare(digits.size() - length, length, suffix) != 0)
      continue;
    const char unit = static_cast<char>(std::toupper(static_cast<unsigned char>(digits[digits.size() - length - 1])));
    const auto* found = std::find_if(std::begin(kUnits), std::end(kUnits),
                                     [unit](const auto& u) { return u.first == unit; });
    if (found == std::end(kUnits)) continue;
    shift = found->second;
    digits.resize(digits.size() - length - 1);
    break;
  }
  if (shift == 0 && digits.size() >= 2 && (digits.back() == 'B' || digits.back() == 'b'))
    digits.pop_back();  // plain bytes: 4096B
  Heap amount;
  try {
    amount = parse_heap(digits);
  } catch (const InputError&) {
    throw InputError(text, fmt::format("--max-memory '{}' is not a size like 512M, 4G, 4GB or 4GiB",
                                       text));
  }
  if (amount > ((~std::uint64_t{0}) >> shift))
    throw InputError(text, fmt::format("--max-memory '{}' is too large", text));
  return amount << shift;
}

}  // namespace grundy::cli
