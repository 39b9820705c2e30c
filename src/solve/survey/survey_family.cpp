#include "grundy/solve/survey_family.h"

#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "grundy/core/error.h"
#include "grundy/rules/take_and_break.h"

namespace grundy {

namespace {

// The digits of a code, in base 32 (take_and_break.h): 0-7 octal, 0-F
// hexadecimal, G-V for moves that may leave four heaps.
constexpr std::string_view kDigits = "0123456789ABCDEFGHIJKLMNOPQRSTUV";

int digit_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'V') return c - 'A' + 10;
  if (c >= 'a' && c <= 'v') return c - 'a' + 10;
  return -1;
}

// One position of a pattern: a fixed piece of text, or the digits a wildcard
// stands for.
struct Slot {
  std::string text;  // a fixed piece when `choices` is empty
  std::string choices;
};

std::vector<Slot> parse_pattern(std::string_view pattern) {
  std::vector<Slot> slots;
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    const char c = pattern[i];
    if (c == 'd') {
      slots.push_back({"", std::string(kDigits.substr(0, 8))});
    } else if (c == 'x') {
      slots.push_back({"", std::string(kDigits.substr(0, 16))});
    } else if (c == '[') {
      const std::size_t close = pattern.find(']', i);
      if (close == std::string_view::npos)
        throw InputError(std::string(pattern),
                         fmt::format("'{}': a '[' without its ']'", pattern));
      const std::string_view inside = pattern.substr(i + 1, close - i - 1);
      if (inside.find('-') == std::string_view::npos) {
        // The code's repeated block: kept as written.
        slots.push_back({std::string(pattern.substr(i, close - i + 1)), ""});
      } else {
        std::string choices;
        for (std::size_t j = 0; j < inside.size(); ++j) {
          const int from = digit_value(inside[j]);
          int to = from;
          if (j + 2 < inside.size() && inside[j + 1] == '-') {
            to = digit_value(inside[j + 2]);
            j += 2;
          }
          if (from < 0 || to < 0 || to < from)
            throw InputError(std::string(pattern),
                             fmt::format("'{}': '[{}]' is not a list of digits and ranges such "
                                         "as [0-7] or [1-37]",
                                         pattern, inside));
          for (int v = from; v <= to; ++v)
            if (choices.find(kDigits[v]) == std::string::npos) choices += kDigits[v];
        }
        std::sort(choices.begin(), choices.end(),
                  [](char a, char b) { return digit_value(a) < digit_value(b); });
        slots.push_back({"", choices});
      }
      i = close;
    } else {
      slots.push_back({std::string(1, c), ""});
    }
  }
  // A modifier right after a wildcard ('0.d!', '0.x?', '[4-F]=') restricts
  // splits, so it makes sense only after a digit that splits a heap (4-V,
  // take_and_break.h): the wildcard stands for those of its digits only.
  for (std::size_t i = 0; i + 1 < slots.size(); ++i) {
    const std::string& next = slots[i + 1].text;
    if (slots[i].choices.empty() || slots[i + 1].choices.size() != 0 || next.size() != 1 ||
        std::string_view("!?=").find(next[0]) == std::string_view::npos)
      continue;
    std::string& choices = slots[i].choices;
    choices.erase(std::remove_if(choices.begin(), choices.end(),
                                 [](char c) { return (digit_value(c) & 28) == 0; }),
                  choices.end());
    if (choices.empty())
      throw InputError(std::string(pattern),
                       fmt::format("'{}': the wildcard before '{}' holds no digit that splits a "
                                   "heap (4 to V), which the modifier needs",
                                   pattern, next));
  }
  return slots;
}

}  // namespace

std::vector<std::string> expand_family(std::string_view pattern) {
  if (pattern.empty()) throw InputError("", "an empty family: give a pattern such as 0.ddd");
  const std::vector<Slot> slots = parse_pattern(pattern);
  std::size_t count = 1;
  for (const Slot& slot : slots) {
    if (slot.choices.empty()) continue;
    if (count > kMaxFamilySize / slot.choices.size())
      throw LimitError(fmt::format("the family '{}' holds more than {} codes; survey it in parts",
                                   pattern, kMaxFamilySize));
    count *= slot.choices.size();
  }
  std::vector<std::string> codes;
  codes.reserve(count);
  std::vector<std::size_t> pick(slots.size(), 0);
  for (std::size_t serial = 0; serial < count; ++serial) {
    std::string code;
    for (std::size_t i = 0; i < slots.size(); ++i)
      code += slots[i].choices.empty() ? slots[i].text : std::string(1, slots[i].choices[pick[i]]);
    try {
      (void)TakeAndBreak::parse(code);
    } catch (const InputError& e) {
      throw InputError(std::string(pattern),
                       fmt::format("the family '{}' holds '{}', which is not a code: {}", pattern,
                                   code, e.what()));
    }
    codes.push_back(std::move(code));
    // The next choice, the rightmost wildcard varying fastest.
    for (std::size_t i = slots.size(); i-- > 0;) {
      if (slots[i].choices.empty()) continue;
      if (++pick[i] < slots[i].choices.size()) break;
      pick[i] = 0;
    }
  }
  return codes;
}

std::vector<std::string> expand_family_list(std::string_view text, std::string_view source) {
  std::vector<std::string> codes;
  std::set<std::string> seen;
  std::size_t line_number = 0;
  while (!text.empty()) {
    ++line_number;
    const std::size_t end = std::min(text.find('\n'), text.size());
    std::string_view line = text.substr(0, end);
    text.remove_prefix(std::min(end + 1, text.size()));
    line = line.substr(0, std::min(line.find('#'), line.size()));
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
    while (!line.empty() && (line.back() == ' ' || line.back() == '\t' || line.back() == '\r'))
      line.remove_suffix(1);
    if (line.empty()) continue;
    std::vector<std::string> expanded;
    try {
      expanded = expand_family(line);
    } catch (const InputError& e) {
      throw InputError(std::string(line),
                       fmt::format("{} line {}: {}", source, line_number, e.what()));
    }
    for (std::string& code : expanded) {
      if (!seen.insert(code).second) continue;
      if (codes.size() == kMaxFamilySize)
        throw LimitError(fmt::format("{} holds more than {} codes; survey it in parts", source,
                                     kMaxFamilySize));
      codes.push_back(std::move(code));
    }
  }
  if (codes.empty())
    throw InputError(std::string(source), fmt::format("{} lists no code", source));
  return codes;
}

}  // namespace grundy
