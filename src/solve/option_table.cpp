#include "grundy/solve/option_table.h"

#include <algorithm>

namespace grundy {

OptionTable option_table(const HeapRuleset& ruleset, Heap n,
                         const std::function<Nimber(Heap)>& value_of, std::size_t max_rows) {
  OptionTable table;
  table.heap = n;
  ruleset.for_each_heap_option(n, [&](const HeapOption& option) {
    OptionRow row;
    row.option = option;
    for (std::uint8_t i = 0; i < option.part_count; ++i) {
      row.part_values[i] = value_of(option.parts[i]);
      row.value ^= row.part_values[i];
    }
    table.reached.push_back(row.value);
    if (table.rows.size() < max_rows) table.rows.push_back(row);
    ++table.option_count;
    return true;
  });
  std::sort(table.reached.begin(), table.reached.end());
  table.reached.erase(std::unique(table.reached.begin(), table.reached.end()), table.reached.end());
  // The mex: the first gap in the sorted distinct values.
  for (const Nimber v : table.reached) {
    if (v != table.mex) break;
    ++table.mex;
  }
  return table;
}

}  // namespace grundy
