#include "grundy/solve/option_table.h"

#include <algorithm>

namespace grundy {

OptionTable option_table(const HeapRuleset& ruleset, Heap n,
                         const std::function<Nimber(Heap)>& value_of, std::size_t max_rows) {
  OptionTable table;
  table.heap = n;
  ruleset.for_each_heap_option(n, [&](const HeapOption& option) {
    OptionRow row;
    const bool listed = table.rows.size() < max_rows;
    for (std::size_t i = 0; i < option.part_count; ++i) {
      const Nimber v = value_of(option.parts[i]);
      row.value ^= v;
      if (listed) row.part_values.push_back(v);
    }
    table.reached.push_back(row.value);
    if (listed) {
      row.option = option;
      table.rows.push_back(std::move(row));
    }
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
