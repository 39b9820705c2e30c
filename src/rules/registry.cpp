#include "grundy/rules/registry.h"

#include <algorithm>
#include <cctype>
#include <optional>

#include <fmt/format.h>

#include "grundy/core/error.h"
#include "grundy/core/front_end_words.h"
#include "grundy/core/spelling.h"
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
    throw negative_number_error(text);
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

namespace {

// The number `mantissa` * 10^`exponent`, or nullopt past 2^63-1.
std::optional<Heap> scaled(Heap mantissa, unsigned exponent) {
  for (unsigned i = 0; i < exponent; ++i) {
    if (mantissa > kMaxHeap / 10) return std::nullopt;
    mantissa *= 10;
  }
  return mantissa;
}

}  // namespace

Heap parse_count(std::string_view token) {
  const std::string text(token);
  const auto not_a_count = [&] {
    return InputError(text, fmt::format("'{}' is not a whole number (e.g. 1000000, 1M, 10^6, "
                                        "2^20, 1e6)",
                                        text));
  };
  const auto too_large = [&] {
    return InputError(text, fmt::format("'{}' is larger than 2^63-1", text));
  };
  const auto digits_only = [](std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
  };
  // Digits past 2^63-1 name the whole token, not the piece of it.
  const auto value_of = [&](std::string_view digits) {
    try {
      return parse_heap(digits);
    } catch (const InputError&) {
      throw too_large();
    }
  };
  if (digits_only(token)) return parse_heap(token);
  // B^E: a power, exact.
  if (const auto caret = token.find('^'); caret != std::string_view::npos) {
    const auto base_text = token.substr(0, caret), exponent_text = token.substr(caret + 1);
    if (!digits_only(base_text) || !digits_only(exponent_text)) throw not_a_count();
    const Heap base = value_of(base_text), exponent = value_of(exponent_text);
    Heap power = 1;
    for (Heap i = 0; i < exponent && power != 0; ++i) {
      if (base != 0 && power > kMaxHeap / base) throw too_large();
      power *= base;
    }
    return exponent == 0 ? 1 : power;
  }
  // 1K, 1M, 1G, 1T: thousands, millions, ... (a count, so decimal, as SI says).
  static constexpr std::pair<char, unsigned> kMultipliers[] = {
      {'K', 3}, {'k', 3}, {'M', 6}, {'G', 9}, {'T', 12}};
  for (const auto& [letter, exponent] : kMultipliers) {
    if (token.size() < 2 || token.back() != letter) continue;
    const auto number = token.substr(0, token.size() - 1);
    if (!digits_only(number)) throw not_a_count();
    const auto value = scaled(value_of(number), exponent);
    if (!value) throw too_large();
    return *value;
  }
  // 1e6, 1.5e3: decimal notation, accepted only when the number is whole.
  const auto e = token.find_first_of("eE");
  if (e == std::string_view::npos || e == 0 || e + 1 == token.size()) throw not_a_count();
  const auto mantissa = token.substr(0, e), exponent_text = token.substr(e + 1);
  if (exponent_text[0] == '-') {
    throw InputError(text, fmt::format("'{}' is not a whole number (a negative exponent)", text));
  }
  if (!digits_only(exponent_text[0] == '+' ? exponent_text.substr(1) : exponent_text))
    throw not_a_count();
  const auto point = mantissa.find('.');
  const auto whole_part = mantissa.substr(0, point);
  const auto fraction = point == std::string_view::npos ? std::string_view{} : mantissa.substr(point + 1);
  if ((!whole_part.empty() && !digits_only(whole_part)) || (!fraction.empty() && !digits_only(fraction)) ||
      (whole_part.empty() && fraction.empty()))
    throw not_a_count();
  Heap exponent = value_of(exponent_text[0] == '+' ? exponent_text.substr(1) : exponent_text);
  // Shift the point right: the digits of the fraction beyond the exponent
  // must be zeros, else the number is not whole.
  std::string digits(whole_part);
  std::string_view rest = fraction;
  while (!rest.empty() && exponent > 0) {
    digits += rest[0];
    rest.remove_prefix(1);
    --exponent;
  }
  if (!std::all_of(rest.begin(), rest.end(), [](char c) { return c == '0'; }))
    throw InputError(text, fmt::format("'{}' is not a whole number", text));
  const auto first = digits.find_first_not_of('0');
  const Heap mantissa_value = first == std::string::npos ? 0 : value_of(digits.substr(first));
  if (mantissa_value == 0) return 0;
  if (exponent > 18) throw too_large();
  const auto value = scaled(mantissa_value, static_cast<unsigned>(exponent));
  if (!value) throw too_large();
  return *value;
}

Position parse_position(const Ruleset& ruleset, const std::vector<std::string>& tokens) {
  Position position;
  position.reserve(tokens.size());
  for (const auto& t : tokens) position.push_back(parse_heap(t));
  ruleset.check_position(position);
  return position;
}

namespace {

// THE table of rulesets: parse_ruleset, ruleset_catalogue() and so the help
// text (`grundy help rulesets`) are all read from it. An entry is matched by
// the form of its pattern, against the name lower-cased:
//   "nim"         a plain name: exactly that word;
//   "bash:M"      a family: the word before ':', then ':' and a parameter;
//   "d0.d1d2..."  the take-and-break codes, recognised by their shape: a name
//                 with a '.' and no ':' (TakeAndBreak::parse judges the rest).
// The factory gets the parameter text: what follows ':' for a family, the
// name as typed for a code, nothing for a plain name; and the whole name as
// typed, for its messages. It returns the ruleset or throws an InputError
// naming the offending token.
using Factory = std::unique_ptr<Ruleset> (*)(std::string_view parameter, const std::string& whole);

struct RulesetEntry {
  std::string_view pattern;
  std::string_view help;  // one line
  Factory make;
};

template <class R>
std::unique_ptr<Ruleset> plain(std::string_view, const std::string&) {
  return std::make_unique<R>();
}

constexpr RulesetEntry kRulesets[] = {
    {"nim", "remove any positive number of tokens from one heap", plain<Nim>},
    {"bash:M", "remove 1 to M tokens from one heap",
     [](std::string_view m, const std::string& whole) -> std::unique_ptr<Ruleset> {
       return std::make_unique<Bash>(parse_parameter(m, whole));
     }},
    {"subtract:S", "remove exactly s tokens, s in the list S (e.g. subtract:1,3,4)",
     [](std::string_view s, const std::string& whole) -> std::unique_ptr<Ruleset> {
       return std::make_unique<SubtractionSet>(parse_list(s, whole));
     }},
    {"allbut:S", "remove any positive number except those in S (e.g. allbut:2,3,7)",
     [](std::string_view s, const std::string& whole) -> std::unique_ptr<Ruleset> {
       if (s.empty()) return std::make_unique<AllBut>(std::vector<Heap>{});
       return std::make_unique<AllBut>(parse_list(s, whole));
     }},
    {"staircase", "stairs 1..n; move tokens from a stair to the one below", plain<StaircaseNim>},
    {"wythoff", "two heaps; take from one heap or the same from both", plain<Wythoff>},
    {"moore:K", "reduce between 1 and K heaps at once (Moore's Nim_K)",
     [](std::string_view k_text, const std::string& whole) -> std::unique_ptr<Ruleset> {
       const Heap k = parse_parameter(k_text, whole);
       if (k > 64)
         throw InputError(whole, fmt::format("ruleset '{}': k must be between 1 and 64", whole));
       return std::make_unique<MooreNim>(static_cast<unsigned>(k));
     }},
    {"lasker", "remove tokens, or split a heap into two non-empty heaps", plain<Lasker>},
    {"split", "replace a heap by two heaps, both strictly smaller (may be empty)", plain<SplitNim>},
    {"grundy-game", "split a heap into two unequal non-empty heaps", plain<GrundyGame>},
    {"divisor", "subtract a proper divisor of the heap", plain<DivisorGame>},
    {"squares", "subtract a positive square", plain<SubtractSquare>},
    {"fibonacci", "subtract a Fibonacci number", plain<SubtractFibonacci>},
    {"powers2", "subtract a power of two (1, 2, 4, 8, ...)", plain<SubtractPowerOfTwo>},
    {"kayles", "the take-and-break code 0.77",
     [](std::string_view, const std::string&) -> std::unique_ptr<Ruleset> {
       return std::make_unique<TakeAndBreak>(TakeAndBreak::parse("0.77").named("kayles"));
     }},
    {"dawson", "Dawson's Kayles, the code 0.07",
     [](std::string_view, const std::string&) -> std::unique_ptr<Ruleset> {
       return std::make_unique<TakeAndBreak>(TakeAndBreak::parse("0.07").named("dawson"));
     }},
    {"d0.d1d2...",
     "a take-and-break code, e.g. 0.137, 0.3F, 4.[3], 4!.0, 0.{2+} (CGSuite notation)",
     [](std::string_view code, const std::string&) -> std::unique_ptr<Ruleset> {
       return std::make_unique<TakeAndBreak>(TakeAndBreak::parse(code));
     }},
};

// The parameter text when `entry` accepts the lower-cased name `key`
// (empty for a plain name), nullopt when it does not.
std::optional<std::string_view> match(const RulesetEntry& entry, std::string_view key,
                                      std::string_view typed) {
  const auto colon = entry.pattern.find(':');
  if (colon != std::string_view::npos) {
    const auto key_colon = key.find(':');
    if (key_colon == std::string_view::npos || key.substr(0, key_colon) != entry.pattern.substr(0, colon))
      return std::nullopt;
    return key.substr(key_colon + 1);
  }
  if (entry.pattern.find('.') != std::string_view::npos) {
    if (key.find(':') != std::string_view::npos || key.find('.') == std::string_view::npos)
      return std::nullopt;
    return typed;
  }
  if (key != entry.pattern) return std::nullopt;
  return std::string_view{};
}

}  // namespace

std::unique_ptr<Ruleset> parse_ruleset(std::string_view name) {
  const std::string key = lower(name);
  const std::string whole(name);
  for (const RulesetEntry& entry : kRulesets)
    if (const auto parameter = match(entry, key, whole)) return entry.make(*parameter, whole);
  // A family named without its parameter (bash for bash:M), or a near miss
  // of a name (kayle): say what was meant.
  std::vector<std::string> names;
  for (const RulesetEntry& entry : kRulesets) {
    const auto colon = entry.pattern.find(':');
    if (colon != std::string_view::npos && key == entry.pattern.substr(0, colon))
      throw InputError(whole, fmt::format("ruleset '{}' needs a parameter: {}, {}", whole,
                                          entry.pattern, entry.help));
    if (entry.pattern.find('.') == std::string_view::npos) names.emplace_back(entry.pattern);
  }
  const std::string meant = closest_word(key, names);
  // Where the names are listed, in the front end's words (front_end_words.h).
  const std::string& catalogue = front_end_words().catalogue;
  const std::string see = catalogue.empty() ? "" : "see " + catalogue;
  if (!meant.empty())
    throw InputError(whole, fmt::format("unknown ruleset '{}' (did you mean '{}'?{}{})", whole, meant,
                                        see.empty() ? "" : " ", see));
  throw InputError(whole, see.empty() ? fmt::format("unknown ruleset '{}'", whole)
                                      : fmt::format("unknown ruleset '{}' ({})", whole, see));
}

const std::vector<RulesetSyntax>& ruleset_catalogue() {
  static const std::vector<RulesetSyntax> catalogue = [] {
    std::vector<RulesetSyntax> rows;
    for (const RulesetEntry& entry : kRulesets)
      rows.push_back({std::string(entry.pattern), std::string(entry.help)});
    return rows;
  }();
  return catalogue;
}

}  // namespace grundy
