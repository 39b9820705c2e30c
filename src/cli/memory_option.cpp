// --max-memory: the size a user types, and the limit it sets (commands.h).
#include <string>

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
  std::string digits = text;
  std::uint64_t unit = 1;
  if (!digits.empty()) {
    switch (digits.back()) {
      case 'K': case 'k': unit = std::uint64_t{1} << 10; break;
      case 'M': case 'm': unit = std::uint64_t{1} << 20; break;
      case 'G': case 'g': unit = std::uint64_t{1} << 30; break;
      case 'T': case 't': unit = std::uint64_t{1} << 40; break;
      default: break;
    }
    if (unit != 1) digits.pop_back();
  }
  Heap amount;
  try {
    amount = parse_heap(digits);
  } catch (const InputError&) {
    throw InputError(text, fmt::format("--max-memory '{}' is not a size like 512M or 4G", text));
  }
  if (amount > (~std::uint64_t{0}) / unit)
    throw InputError(text, fmt::format("--max-memory '{}' is too large", text));
  return amount * unit;
}

}  // namespace grundy::cli
