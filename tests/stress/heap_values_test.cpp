// G(n) of every heap ruleset against the naive mex to n = 200 (issue), the
// closed forms and fast methods against the naive engine, and the dedicated
// rulesets against their take-and-break codes.
#include <gtest/gtest.h>

#include <set>

#include "grundy/rules/heap_ruleset.h"
#include "grundy/rules/registry.h"
#include "grundy/solve/brute_force.h"
#include "grundy/solve/heap_values.h"

namespace grundy::heap_values_test {
namespace {

const HeapRuleset& as_heap(const std::unique_ptr<Ruleset>& r) {
  const auto* h = dynamic_cast<const HeapRuleset*>(r.get());
  EXPECT_NE(h, nullptr);
  return *h;
}

const char* const kHeapRulesets[] = {
    "nim", "bash:1", "bash:3", "bash:7", "subtract:1,3,4", "subtract:2,5,6", "allbut:2,3,7",
    "allbut:1", "lasker", "split", "grundy-game", "divisor", "squares", "fibonacci",
    "powers2", "kayles", "dawson", "0.137", "0.6", "0.007", "0.3F", "4.[3]", "8.[3]", "C.[3]", "0.[37]"};

TEST(HeapValuesStress, EveryRulesetAgainstNaiveMexTo200) {
  for (const char* name : kHeapRulesets) {
    SCOPED_TRACE(name);
    const auto r = parse_ruleset(name);
    const HeapRuleset& heaps = as_heap(r);
    const auto naive = naive_heap_values(heaps, 200);
    HeapValues values(heaps);
    for (Heap n = 0; n <= 200; ++n) ASSERT_EQ(values.value(n), naive[n]) << "n = " << n;
    if (auto fast = heaps.fast_values(200); !fast.empty()) EXPECT_EQ(fast, naive);
  }
}

TEST(HeapValuesStress, SingleHeapAgainstGenericSearch) {
  // A second, independent route: the generic position search on one heap. A
  // split multiplies heaps, so the search space is all multisets reachable:
  // kept small for the splitting rulesets.
  for (const char* name : kHeapRulesets) {
    SCOPED_TRACE(name);
    const auto r = parse_ruleset(name);
    const unsigned parts = std::string(name) == "split" ? 9 : 0;
    Heap last = as_heap(r).compute_cost(40) > 40 * 41 * 3 ? 13 : 40;
    if (parts) last = 5;
    HeapValues values(as_heap(r));
    // Lasker's Nim to heap 40 takes about 10^8 steps of work
    // (detail/search_work.h), more than a limit of 10^7 positions allows.
    BruteForce search(*r, 100'000'000);
    for (Heap n = 0; n <= last; ++n) ASSERT_EQ(values.value(n), search.grundy_value({n})) << n;
  }
}

std::multiset<std::vector<Heap>> options_of(const HeapRuleset& r, Heap n) {
  std::multiset<std::vector<Heap>> s;
  r.for_each_heap_option(n, [&](const HeapOption& o) {
    s.insert(std::vector<Heap>(o.parts.begin(), o.parts.begin() + o.part_count));
    return true;
  });
  return s;
}

TEST(HeapValuesStress, DedicatedRulesetsEqualTheirCodes) {
  // docs/theory.md §3: 0.[3] is Nim, 4.[3] is Lasker's Nim, a subtraction set is
  // the code with a 3 at each amount, all-but {2,3,7} is 0.3003330[3].
  const std::pair<const char*, const char*> pairs[] = {
      {"nim", "0.[3]"},           {"lasker", "4.[3]"},         {"bash:3", "0.333"},
      {"subtract:1,3,4", "0.3033"}, {"allbut:2,3,7", "0.3003330[3]"}, {"kayles", "0.77"}};
  for (const auto& [name, code] : pairs) {
    SCOPED_TRACE(std::string(name) + " = " + code);
    const auto a = parse_ruleset(name), b = parse_ruleset(code);
    for (Heap n = 0; n <= 60; ++n) ASSERT_EQ(options_of(as_heap(a), n), options_of(as_heap(b), n));
  }
}

TEST(HeapValuesStress, OptionsAreDistinctAndSmaller) {
  for (const char* name : kHeapRulesets) {
    SCOPED_TRACE(name);
    const auto r = parse_ruleset(name);
    for (Heap n = 0; n <= 50; ++n) {
      std::set<std::vector<Heap>> seen;
      as_heap(r).for_each_heap_option(n, [&](const HeapOption& o) {
        std::vector<Heap> parts(o.parts.begin(), o.parts.begin() + o.part_count);
        EXPECT_TRUE(std::is_sorted(parts.begin(), parts.end()));
        for (Heap p : parts) {
          EXPECT_GT(p, 0u);
          EXPECT_LT(p, n);
        }
        EXPECT_TRUE(seen.insert(parts).second) << "duplicate option of " << n;
        return true;
      });
    }
  }
}

TEST(HeapValuesStress, ClosedFormShortcutsEqualFiltering) {
  // for_each_heap_option_with_value must give exactly the options of that
  // value found by enumerating all options.
  for (const char* name : {"nim", "bash:1", "bash:4", "lasker"}) {
    SCOPED_TRACE(name);
    const auto r = parse_ruleset(name);
    const HeapRuleset& heaps = as_heap(r);
    const auto g = naive_heap_values(heaps, 130);
    for (Heap n = 0; n <= 120; ++n) {
      for (Nimber target = 0; target <= 130; ++target) {
        std::multiset<std::vector<Heap>> fast, slow;
        ASSERT_TRUE(heaps.for_each_heap_option_with_value(n, target, [&](const HeapOption& o) {
          fast.insert(std::vector<Heap>(o.parts.begin(), o.parts.begin() + o.part_count));
          return true;
        }));
        heaps.for_each_heap_option(n, [&](const HeapOption& o) {
          Nimber v = 0;
          for (int i = 0; i < o.part_count; ++i) v ^= g[o.parts[i]];
          if (v == target) slow.insert(std::vector<Heap>(o.parts.begin(), o.parts.begin() + o.part_count));
          return true;
        });
        ASSERT_EQ(fast, slow) << "n = " << n << " target " << target;
      }
    }
  }
}

// What a period search may hold: 2 bytes a value after 64 MiB for the
// engine, never fewer than 16 values.
TEST(HeapValuesStress, CodeValuesWithinMemory) {
  const std::uint64_t room = std::uint64_t{64} << 20;
  EXPECT_EQ(code_values_within(0), 16u);
  EXPECT_EQ(code_values_within(room), 16u);
  EXPECT_EQ(code_values_within(room + 2000), 1000u);
  EXPECT_EQ(code_values_within(std::uint64_t{24} << 30), ((std::uint64_t{24} << 30) - room) / 2);
}

}  // namespace
}  // namespace grundy::heap_values_test
