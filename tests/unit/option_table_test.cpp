// Kayles' heap 5 worked by hand (Winning Ways ch. 4: G(0..5) of Kayles are
// 0 1 2 3 1 4): its five options, their values and the mex.
#include <gtest/gtest.h>

#include <algorithm>
#include <utility>
#include <vector>

#include "grundy/rules/registry.h"
#include "grundy/solve/option_table.h"

namespace grundy::option_table_test {
namespace {

TEST(OptionTable, KaylesHeapFiveByHand) {
  const auto kayles = parse_ruleset("kayles");
  const std::vector<Nimber> g{0, 1, 2, 3, 1};
  const OptionTable table =
      option_table(*heap_ruleset_of(*kayles), 5, [&](Heap m) { return g.at(m); }, 100);
  // Take 1: leave 4, 1 + 3 or 2 + 2; take 2: leave 3 or 1 + 2.
  std::vector<std::pair<std::vector<Heap>, Nimber>> rows;
  for (const OptionRow& row : table.rows)
    rows.emplace_back(std::vector<Heap>(row.option.parts.begin(),
                                        row.option.parts.begin() + row.option.part_count),
                      row.value);
  std::sort(rows.begin(), rows.end());
  const std::vector<std::pair<std::vector<Heap>, Nimber>> expected{
      {{1, 2}, 1 ^ 2}, {{1, 3}, 1 ^ 3}, {{2, 2}, 0}, {{3}, 3}, {{4}, 1}};
  EXPECT_EQ(rows, expected);
  EXPECT_EQ(table.option_count, 5u);
  EXPECT_EQ(table.reached, (std::vector<Nimber>{0, 1, 2, 3}));
  EXPECT_EQ(table.mex, 4u);
}

TEST(OptionTable, EmptyHeapHasNoOptionsAndValueZero) {
  const auto nim = parse_ruleset("nim");
  const OptionTable table = option_table(*heap_ruleset_of(*nim), 0, [](Heap m) { return m; }, 10);
  EXPECT_EQ(table.option_count, 0u);
  EXPECT_TRUE(table.rows.empty());
  EXPECT_EQ(table.mex, 0u);
}

}  // namespace
}  // namespace grundy::option_table_test
