// The options of one heap with their values, and their mex: G(n) by its
// definition, laid out as a student checks it by hand (analyze --explain).
//
// Description: option_table(ruleset, n, value_of, max_rows) visits every
//   option of a heap of n (HeapRuleset::for_each_heap_option), values each as
//   the nim-sum of its parts' values (Sprague-Grundy: an option that leaves
//   several heaps is their sum), and takes the mex of the values reached.
// Source: R. P. Sprague, Tohoku Math. J. 41 (1935); P. M. Grundy, Eureka 2
//   (1939); Winning Ways ch. 4 (take-and-break games).
// Time: one call of value_of per part of each option: O(options of n).
// Status: the mex compared with HeapValues (the engines' G(n)) for random
//   codes, subtraction sets and heaps (tests/stress/option_table_test.cpp);
//   rows of Kayles' heap 5 checked by hand (tests/unit/option_table_test.cpp).
#pragma once

#include <array>
#include <cstddef>
#include <functional>
#include <vector>

#include "grundy/core/nimber.h"
#include "grundy/rules/heap_ruleset.h"

namespace grundy {

// One option of the heap: the heaps it leaves, their values, and its value.
struct OptionRow {
  HeapOption option;
  std::vector<Nimber> part_values;  // G of option.parts[i], i < part_count
  Nimber value = 0;                     // the nim-sum of part_values
};

struct OptionTable {
  Heap heap = 0;
  std::vector<OptionRow> rows;   // the first max_rows options, in the ruleset's order
  std::size_t option_count = 0;  // every option, listed or not
  std::vector<Nimber> reached;   // the distinct values of all options, ascending
  Nimber mex = 0;                // the least value not reached: G(heap)
};

// The option table of a heap of `n`; `value_of(m)` gives G(m) for m < n.
OptionTable option_table(const HeapRuleset& ruleset, Heap n,
                         const std::function<Nimber(Heap)>& value_of, std::size_t max_rows);

}  // namespace grundy
