#include "grundy/rules/registry.h"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "grundy/core/error.h"
#include "grundy/rules/lasker.h"
#include "grundy/rules/moore.h"
#include "grundy/rules/nim.h"
#include "grundy/rules/split.h"
#include "grundy/rules/staircase.h"
#include "grundy/rules/subtraction.h"
#include "grundy/rules/take_and_break.h"
#include "grundy/rules/wythoff.h"

namespace grundy {

namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// A positive number inside a ruleset parameter, e.g. the 4 of subtract:1,4.
Heap parse_parameter(std::string_view token, std::string_view whole) {
  if (token.empty())
    throw InputError(std::string(whole), fmt::format("ruleset '{}': empty number in the list", whole));
  Heap value;
  try {
    value = parse_heap(token);
  } catch (const InputError& e) {
    throw InputError(std::string(token), fmt::format("ruleset '{}': {}", whole, e.what()));
  }
  if (value == 0)
    throw InputError(std::string(token),
                     fmt::format("ruleset '{}': amounts must be positive, got 0", whole));
  return value;
}

std::vector<Heap> parse_list(std::string_view list, std::string_view whole) {
  std::vector<Heap> values;
  std::size_t start = 0;
  while (true) {
    const auto comma = list.find(',', start);
    values.push_back(parse_parameter(list.substr(start, comma - start), whole));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return values;
}

}  // namespace

Heap parse_heap(std::string_view token) {
  const std::string text(token);
  if (token.empty()) throw InputError(text, "empty heap size");
  if (token[0] == '-' && token.size() > 1 &&
      std::all_of(token.begin() + 1, token.end(), [](char c) { return c >= '0' && c <= '9'; }))
    throw InputError(text, fmt::format("negative heap size '{}'", text));
  Heap value = 0;
  for (char c : token) {
    if (c < '0' || c > '9')
      throw InputError(text, fmt::format("'{}' is not a heap size (a non-negative integer)", text));
    const Heap digit = static_cast<Heap>(c - '0');
    if (value > (kMaxHeap - digit) / 10)
      throw InputError(text, fmt::format("heap size '{}' is larger than 2^63-1", text));
    value = value * 10 + digit;
  }
  return value;
}

Position parse_position(const Ruleset& ruleset, const std::vector<std::string>& tokens) {
  Position position;
  position.reserve(tokens.size());
  for (const auto& t : tokens) position.push_back(parse_heap(t));
  ruleset.check_position(position);
  return position;
}

std::unique_ptr<Ruleset> parse_ruleset(std::string_view name) {
  const std::string key = lower(name);
  const std::string whole(name);
  if (key == "nim") return std::make_unique<Nim>();
  if (key == "staircase") return std::make_unique<StaircaseNim>();
  if (key == "wythoff") return std::make_unique<Wythoff>();
  if (key == "lasker") return std::make_unique<Lasker>();
  if (key == "split") return std::make_unique<SplitNim>();
  if (key == "grundy-game") return std::make_unique<GrundyGame>();
  if (key == "divisor") return std::make_unique<DivisorGame>();
  if (key == "squares") return std::make_unique<SubtractSquare>();
  if (key == "fibonacci") return std::make_unique<SubtractFibonacci>();
  if (key == "kayles") return std::make_unique<TakeAndBreak>(TakeAndBreak::parse("0.77"));
  if (key == "dawson") return std::make_unique<TakeAndBreak>(TakeAndBreak::parse("0.07"));

  const auto colon = key.find(':');
  if (colon != std::string::npos) {
    const std::string family = key.substr(0, colon);
    const std::string_view argument = std::string_view(key).substr(colon + 1);
    if (family == "bash") return std::make_unique<Bash>(parse_parameter(argument, whole));
    if (family == "subtract") return std::make_unique<SubtractionSet>(parse_list(argument, whole));
    if (family == "allbut") {
      if (argument.empty()) return std::make_unique<AllBut>(std::vector<Heap>{});
      return std::make_unique<AllBut>(parse_list(argument, whole));
    }
    if (family == "moore") {
      const Heap k = parse_parameter(argument, whole);
      if (k > 64)
        throw InputError(whole, fmt::format("ruleset '{}': k must be between 1 and 64", whole));
      return std::make_unique<MooreNim>(static_cast<unsigned>(k));
    }
    throw InputError(whole, fmt::format("unknown ruleset '{}' (see 'grundy help rulesets')", whole));
  }
  if (key.find('.') != std::string::npos)
    return std::make_unique<TakeAndBreak>(TakeAndBreak::parse(whole));
  throw InputError(whole, fmt::format("unknown ruleset '{}' (see 'grundy help rulesets')", whole));
}

const std::vector<RulesetSyntax>& ruleset_catalogue() {
  static const std::vector<RulesetSyntax> catalogue = {
      {"nim", "remove any positive number of tokens from one heap"},
      {"bash:M", "remove 1 to M tokens from one heap"},
      {"subtract:S", "remove exactly s tokens, s in the list S (e.g. subtract:1,3,4)"},
      {"allbut:S", "remove any positive number except those in S (e.g. allbut:2,3,7)"},
      {"staircase", "stairs 1..n; move tokens from a stair to the one below"},
      {"wythoff", "two heaps; take from one heap or the same from both"},
      {"moore:K", "reduce between 1 and K heaps at once (Moore's Nim_K)"},
      {"lasker", "remove tokens, or split a heap into two non-empty heaps"},
      {"split", "replace a heap by two heaps, both strictly smaller (may be empty)"},
      {"grundy-game", "split a heap into two unequal non-empty heaps"},
      {"divisor", "subtract a proper divisor of the heap"},
      {"squares", "subtract a positive square"},
      {"fibonacci", "subtract a Fibonacci number"},
      {"kayles", "the take-and-break code 0.77"},
      {"dawson", "Dawson's Kayles, the code 0.07"},
      {"d0.d1d2...", "a take-and-break code, e.g. 0.137, 0.3F, 4.[3] (CGSuite notation)"},
  };
  return catalogue;
}

}  // namespace grundy
