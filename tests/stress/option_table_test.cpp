// The option table's mex (G(n) by definition) against the engines' G(n)
// (HeapValues) for the named heap rulesets and for random take-and-break
// codes; the seed is fixed and printed on failure.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "grundy/rules/heap_ruleset.h"
#include "grundy/rules/registry.h"
#include "grundy/rules/take_and_break.h"
#include "grundy/solve/heap_values.h"
#include "grundy/solve/option_table.h"

namespace grundy::option_table_test {
namespace {

void expect_mex_is_value(const HeapRuleset& heaps, Heap last) {
  HeapValues values(heaps);
  const auto value_of = [&](Heap m) { return values.value(m); };
  for (Heap n = 0; n <= last; ++n) {
    const OptionTable table = option_table(heaps, n, value_of, 4);
    ASSERT_EQ(table.mex, values.value(n)) << heaps.name() << " n = " << n;
    std::size_t options = 0;
    heaps.for_each_heap_option(n, [&](const HeapOption&) { return ++options, true; });
    ASSERT_EQ(table.option_count, options);
    ASSERT_EQ(table.rows.size(), std::min<std::size_t>(options, 4));
    for (const OptionRow& row : table.rows) {
      Nimber sum = 0;
      for (std::size_t i = 0; i < row.option.part_count; ++i)
        sum ^= values.value(row.option.parts[i]);
      ASSERT_EQ(row.value, sum);
    }
  }
}

TEST(OptionTableStress, NamedRulesets) {
  for (const char* name : {"nim", "bash:3", "subtract:1,3,4", "allbut:2,3", "lasker", "split",
                           "grundy-game", "divisor", "squares", "kayles", "dawson", "0.137"}) {
    SCOPED_TRACE(name);
    const auto ruleset = parse_ruleset(name);
    expect_mex_is_value(*heap_ruleset_of(*ruleset), 40);
  }
}

TEST(OptionTableStress, RandomCodes) {
  const unsigned seed = 16;
  std::mt19937 random(seed);
  for (int trial = 0; trial < 40; ++trial) {
    std::vector<unsigned> digits(1 + random() % 4);
    for (unsigned& d : digits) d = random() % 8;
    const TakeAndBreak code = TakeAndBreak::from_digits(random() % 2 == 0 ? 0 : 4, digits);
    SCOPED_TRACE("seed " + std::to_string(seed) + ", code " + code.name());
    expect_mex_is_value(code, 30);
  }
}

}  // namespace
}  // namespace grundy::option_table_test
