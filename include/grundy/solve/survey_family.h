// The codes of a family of take-and-break games, for `grundy survey`: a
// pattern such as 0.ddd (every 3-digit octal code), 0.[0-7][0-7] or 4.xx, or
// a list of codes and patterns, one per line.
//
// Description: a pattern is a code in which some digits are wildcards:
//   `d` stands for an octal digit 0..7, `x` for a hexadecimal digit 0..F, and
//   a bracket that holds a dash, such as [0-7] or [1-37] (1, 2, 3 and 7),
//   for the digits it lists. A bracket without a dash is the code's own
//   repeated block, as in 4.[3]. Since `d` is a wildcard, the hexadecimal
//   digit 13 is written `D` in a pattern. A wildcard followed by a modifier
//   ('0.d!') stands for its digits that split a heap (4-7 there), the only
//   ones a modifier may follow. Codes come out in the order of
//   their digits, the leftmost varying slowest, each checked by
//   TakeAndBreak::parse.
// Source: the notation of take-and-break codes, docs/theory.md §3.
// Time: O(number of codes x length of the pattern).
// Status: tests/unit/survey_test.cpp.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace grundy {

// Most codes one family may hold (16^5 would already be a million codes).
inline constexpr std::size_t kMaxFamilySize = 1'000'000;

// The codes a pattern stands for, in order. Throws InputError naming the
// pattern (an unclosed or empty bracket, a reversed range, a code that does
// not parse) and LimitError above kMaxFamilySize codes.
std::vector<std::string> expand_family(std::string_view pattern);

// The codes of a list: one code or pattern per line; blank lines and text
// after '#' are ignored; a code listed twice is kept once. `source` names
// the list in errors (a file name).
std::vector<std::string> expand_family_list(std::string_view text, std::string_view source);

}  // namespace grundy
