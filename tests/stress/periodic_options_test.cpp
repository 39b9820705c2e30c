// Winning options of huge heaps from a proven period, against the full
// enumeration of every option over directly computed values.
#include "solve/values/periodic_options.h"

#include <gtest/gtest.h>

#include "grundy/solve/heap_values.h"
#include "grundy/solve/periodicity.h"

namespace grundy::periodic_options_test {
namespace {

std::vector<std::vector<Heap>> as_lists(const std::vector<HeapOption>& options) {
  std::vector<std::vector<Heap>> lists;
  for (const auto& o : options) lists.emplace_back(o.parts.begin(), o.parts.begin() + o.part_count);
  return lists;
}

TEST(PeriodicOptionsStress, MatchesFullEnumeration) {
  int codes_checked = 0;
  for (const char* name : {"0.77", "0.07", "0.137", "0.4", "0.17", "0.3033", "0.16", "0.72",
                           "4.07", "0.154"}) {
    SCOPED_TRACE(name);
    const TakeAndBreak code = TakeAndBreak::parse(name);
    const Heap last = 6000;
    const auto g = naive_heap_values(code, last);
    std::vector<std::uint16_t> g16(g.begin(), g.end());
    const Periodicity period = find_periodicity(code, g16);
    if (!period.proven || period.saltus != 0) continue;  // only proven pure periods apply
    ++codes_checked;
    const auto value = [&](Heap m) { return g[m]; };
    for (Heap n = 2 * (period.preperiod + period.period) + 40; n <= last; n += 397) {
      for (Nimber target = 0; target <= 16; ++target) {
        std::vector<HeapOption> all;
        code.for_each_heap_option(n, [&](const HeapOption& o) {
          Nimber v = 0;
          for (int i = 0; i < o.part_count; ++i) v ^= g[o.parts[i]];
          if (v == target) all.push_back(o);
          return true;
        });
        const auto found = periodic_options_with_value(code, value, period.preperiod,
                                                       period.period, n, target, 25);
        ASSERT_TRUE(found.has_value()) << n;
        EXPECT_EQ(found->count, all.size()) << "n = " << n << " target " << target;
        all.resize(std::min<std::size_t>(all.size(), 25));
        EXPECT_EQ(as_lists(found->listed), as_lists(all)) << "n = " << n << " target " << target;
      }
    }
  }
  EXPECT_GE(codes_checked, 5);
}

}  // namespace
}  // namespace grundy::periodic_options_test
