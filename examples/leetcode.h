// Three LeetCode games as plain functions over the library. Each is one heap
// of n stones; the player who cannot move loses; the answer is whether the
// first player wins, i.e. G(n) != 0.
//
// Description:
//   292  Nim Game: take 1..3 stones. grundy::Bash(3), G(n) = n mod 4 in closed
//        form, so every n up to 2^31-1 is O(1).
//   1025 Divisor Game: replace n by n - x for a proper divisor x of n
//        (0 < x < n, n mod x = 0). grundy::DivisorGame, values computed.
//   1510 Stone Game IV: take a positive square number of stones.
//        grundy::SubtractSquare, values computed.
//   The computed rulesets keep one table per process (grundy::HeapValues,
//   grown geometrically), so many queries cost one table; not thread-safe.
// Source: LeetCode 292, 1025 (1 <= n <= 1000), 1510 (1 <= n <= 10^5), the
//   problem statements; docs/theory.md §2.
// Time: 292 O(1); 1025 and 1510 O(n sqrt n) once for the table, then O(1).
// Memory: 8 bytes per heap size of the largest n asked for 1025 and 1510.
// Status: tests/cli/examples_test.cpp: every n <= 300 against
//   grundy::BruteForce over the same rulesets and against the problems'
//   statements as DP; LeetCode's published examples.
#pragma once

#include <string>

#include "grundy/core/error.h"
#include "grundy/rules/subtraction.h"
#include "grundy/solve/heap_values.h"

namespace leetcode_detail {
inline grundy::Heap heap(int n) {
  if (n < 0) throw grundy::InputError(std::to_string(n), "a heap cannot hold a negative number of stones");
  return static_cast<grundy::Heap>(n);
}
}  // namespace leetcode_detail

// LeetCode 292.
inline bool can_win_nim(int n) {
  static const grundy::Bash rules(3);
  return *rules.closed_form_value(leetcode_detail::heap(n)) != 0;
}

// LeetCode 1025. Throws grundy::LimitError beyond HeapValues' limits.
inline bool divisor_game(int n) {
  static const grundy::DivisorGame rules;
  static grundy::HeapValues values(rules);
  return values.value(leetcode_detail::heap(n)) != 0;
}

// LeetCode 1510. Throws grundy::LimitError beyond HeapValues' limits.
inline bool winner_square_game(int n) {
  static const grundy::SubtractSquare rules;
  static grundy::HeapValues values(rules);
  return values.value(leetcode_detail::heap(n)) != 0;
}
