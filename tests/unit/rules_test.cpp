// Literal checks of ruleset parsing, option generation and published values.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <utility>
#include <vector>

#include "grundy/core/error.h"
#include "grundy/rules/heap_ruleset.h"
#include "grundy/rules/lasker.h"
#include "grundy/rules/registry.h"
#include "grundy/rules/take_and_break.h"
#include "grundy/solve/heap_values.h"

namespace grundy::rules_test {
namespace {

std::vector<Nimber> first_values(const std::string& name, Heap last) {
  const auto r = parse_ruleset(name);
  HeapValues values(dynamic_cast<const HeapRuleset&>(*r));
  std::vector<Nimber> v;
  for (Heap n = 0; n <= last; ++n) v.push_back(values.value(n));
  return v;
}

TEST(Rules, KaylesPublishedValues) {
  // docs/theory.md §8 (WW ch. 4): G(0..20) of Kayles.
  EXPECT_EQ(first_values("kayles", 20),
            (std::vector<Nimber>{0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1}));
}

TEST(Rules, DawsonPublishedValues) {
  // docs/theory.md §8 (WW ch. 4): G(0..20) of Dawson's Kayles 0.07.
  EXPECT_EQ(first_values("dawson", 20),
            (std::vector<Nimber>{0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3}));
}

// Published periods (docs/theory.md §8; WW ch. 4 table of octal games): the
// sequence repeats with period p from the preperiod on; we check it over a
// stretch and that it does not hold one step earlier.
void expect_period(const std::string& code, Heap preperiod, Heap period) {
  SCOPED_TRACE(code);
  const auto g = first_values(code, 1500);
  for (Heap n = preperiod; n + period <= 1500; ++n) ASSERT_EQ(g[n + period], g[n]) << n;
  EXPECT_NE(g[preperiod - 1 + period], g[preperiod - 1]);
}

TEST(Rules, PublishedPeriods) {
  expect_period("0.77", 71, 12);   // Kayles: last exceptional value at n = 70
  expect_period("0.07", 53, 34);   // Dawson's Kayles
  expect_period("0.137", 52, 34);  // Dawson's Chess
  expect_period("0.4", 54, 34);
  expect_period("0.17", 33, 34);
  expect_period("0.44", 143, 24);
}

TEST(Rules, LaskerClosedForm) {
  // docs/theory.md §2: G(n) = n for n ≡ 1, 2; n + 1 for n ≡ 3; n - 1 for n ≡ 0 (mod 4).
  EXPECT_EQ(Lasker::value(0), 0u);
  EXPECT_EQ(Lasker::value(1), 1u);
  EXPECT_EQ(Lasker::value(2), 2u);
  EXPECT_EQ(Lasker::value(3), 4u);
  EXPECT_EQ(Lasker::value(4), 3u);
  EXPECT_EQ(Lasker::value(4'000'000'000'000'000'003ULL), 4'000'000'000'000'000'004ULL);
  for (Nimber v = 0; v < 100; ++v) EXPECT_EQ(Lasker::value(Lasker::heap_with_value(v)), v);
}

TEST(Rules, BashLeetCode292) {
  // LeetCode 292: with 1..3 per turn, multiples of 4 are lost (docs/theory.md §2).
  const auto g = first_values("bash:3", 12);
  for (Heap n = 0; n <= 12; ++n) EXPECT_EQ(g[n] == 0, n % 4 == 0) << n;
}

TEST(Rules, DivisorGameParity) {
  // LeetCode 1025: even numbers are won, odd ones lost (docs/theory.md §8).
  const auto g = first_values("divisor", 200);
  for (Heap n = 1; n <= 200; ++n) EXPECT_EQ(g[n] != 0, n % 2 == 0) << n;
}

// Subtract a power of two: G(n) = n mod 3 (subtraction.h gives the proof;
// heap_values_test compares it with the naive mex to 200). At the largest
// heap, its 63 options (2^0..2^62) are listed without overflow, and none has
// the heap's own value.
TEST(Rules, PowersOfTwoAtTheLargestHeap) {
  const auto r = parse_ruleset("powers2");
  const auto* heaps = heap_ruleset_of(*r);
  ASSERT_NE(heaps, nullptr);
  const Heap n = kMaxHeap;
  ASSERT_EQ(heaps->closed_form_value(n), Nimber{1});  // 2^63 - 1 = 1 mod 3
  std::vector<Heap> taken;
  heaps->for_each_heap_option(n, [&](const HeapOption& o) {
    EXPECT_EQ(o.part_count, 1u);
    taken.push_back(n - o.parts[0]);
    EXPECT_NE(heaps->closed_form_value(o.parts[0]), Nimber{1});
    return true;
  });
  ASSERT_EQ(taken.size(), 63u);
  for (std::size_t i = 0; i < taken.size(); ++i) EXPECT_EQ(taken[i], Heap{1} << i);
}

// The Divisor Game: G(n) = the exponent of 2 in n (subtraction.h gives the
// proof; heap_values_test compares it with the naive mex to 200). Checked
// here by definition on heaps up to 2^40, whose options are enumerated
// (O(sqrt n) each): none has the heap's own value, and every smaller value
// is some option's; and at the largest heaps by the formula alone.
TEST(Rules, DivisorGameByDefinitionAtLargeHeaps) {
  const auto r = parse_ruleset("divisor");
  const auto* heaps = heap_ruleset_of(*r);
  ASSERT_NE(heaps, nullptr);
  EXPECT_EQ(heaps->closed_form_value(Heap{1} << 62), Nimber{62});
  EXPECT_EQ(heaps->closed_form_value(kMaxHeap), Nimber{0});
  for (const Heap n : {Heap{1} << 40, (Heap{3} << 30), (Heap{5} << 36), Heap{1000000007},
                       Heap{2} * 1000000007 * 96}) {
    SCOPED_TRACE(n);
    const Nimber g = *heaps->closed_form_value(n);
    std::vector<bool> seen(g, false);
    heaps->for_each_heap_option(n, [&](const HeapOption& o) {
      const Nimber h = *heaps->closed_form_value(o.parts[0]);
      EXPECT_NE(h, g);
      if (h < g) seen[h] = true;
      return true;
    });
    EXPECT_EQ(std::count(seen.begin(), seen.end(), false), 0);
  }
}

TEST(Rules, NamesRoundTrip) {
  for (const char* name : {"nim", "bash:3", "subtract:1,3,4", "allbut:2,3,7", "staircase",
                           "wythoff", "moore:2", "lasker", "split", "grundy-game", "divisor",
                           "squares", "fibonacci", "powers2", "0.77", "0.07", "0.137", "4.[3]", "0.3F"}) {
    const auto r = parse_ruleset(name);
    EXPECT_EQ(parse_ruleset(r->name())->name(), r->name());
  }
  EXPECT_EQ(parse_ruleset("KAYLES")->name(), "0.77");
  EXPECT_EQ(parse_ruleset("Nim")->name(), "nim");
  EXPECT_EQ(parse_ruleset("subtract:4,1,3,1")->name(), "subtract:1,3,4");
  EXPECT_EQ(parse_ruleset("0.3f")->name(), "0.3F");
  EXPECT_EQ(parse_ruleset(".77")->name(), "0.77");
  EXPECT_EQ(parse_ruleset("0.770")->name(), "0.77");
}

TEST(Rules, BadNamesNameTheToken) {
  const char* bad[] = {"foo", "bash:", "bash:0", "bash:x", "subtract:1,,2", "subtract:",
                       "moore:0", "moore:65", "0.7W", "1.5", "0.[3", "0.3]", "0.[]", "0.[3]4",
                       "00.7", "bash:99999999999999999999", "subtract:-1"};
  for (const char* name : bad) {
    SCOPED_TRACE(name);
    EXPECT_THROW(parse_ruleset(name), InputError);
  }
  try {
    parse_ruleset("0.7W");
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("'W' is not a digit (0-9, A-V, or &n;"),
              std::string::npos);
  }
}

TEST(Rules, HeapParsing) {
  EXPECT_EQ(parse_heap("0"), 0u);
  EXPECT_EQ(parse_heap("9223372036854775807"), kMaxHeap);
  EXPECT_THROW(parse_heap("9223372036854775808"), InputError);
  EXPECT_THROW(parse_heap("-1"), InputError);
  EXPECT_THROW(parse_heap("1e5"), InputError);
  EXPECT_THROW(parse_heap(""), InputError);
  EXPECT_THROW(parse_heap("+3"), InputError);
  const auto wythoff = parse_ruleset("wythoff");
  EXPECT_THROW(parse_position(*wythoff, {"1", "2", "3"}), InputError);
  EXPECT_EQ(parse_position(*wythoff, {"1", "2"}), (Position{1, 2}));
}

TEST(Rules, TakeAndBreakOptions) {
  // Kayles 0.77 on a row of 4: take 1 (leave 3, or 1+2) or take 2 (leave 2,
  // or 1+1). WW ch. 4.
  const auto kayles = TakeAndBreak::parse("0.77");
  std::vector<std::vector<Heap>> options;
  kayles.for_each_heap_option(4, [&](const HeapOption& o) {
    options.emplace_back(o.parts.begin(), o.parts.begin() + o.part_count);
    return true;
  });
  EXPECT_EQ(options, (std::vector<std::vector<Heap>>{{3}, {1, 2}, {2}, {1, 1}}));
  EXPECT_EQ(TakeAndBreak::parse("4.[3]").digit(0), 4u);
  EXPECT_EQ(TakeAndBreak::parse("0.3003330[3]").digit(1000), 3u);
  EXPECT_EQ(TakeAndBreak::parse("0.3003330[3]").digit(7), 0u);
  EXPECT_EQ(TakeAndBreak::parse("0.3F").max_parts(), 3u);
}

TEST(Rules, UnequalSplitModifier) {
  // CGSuite's '!' after a two-heap digit: the two heaps must be unequal;
  // 4!.0 is Grundy's game. A heap of 6 splits into 1+5 and 2+4, not 3+3.
  const auto grundy = TakeAndBreak::parse("4!.0");
  EXPECT_EQ(grundy.name(), "4!.0");
  EXPECT_TRUE(grundy.has_modifiers());
  EXPECT_TRUE(grundy.unequal_split(0));
  EXPECT_EQ(grundy.digit(0), 4u);
  EXPECT_FALSE(TakeAndBreak::parse("4.0").has_modifiers());
  std::vector<std::vector<Heap>> options;
  grundy.for_each_heap_option(6, [&](const HeapOption& o) {
    options.emplace_back(o.parts.begin(), o.parts.begin() + o.part_count);
    return true;
  });
  EXPECT_EQ(options, (std::vector<std::vector<Heap>>{{1, 5}, {2, 4}}));
  // The same options as the grundy-game ruleset, heap by heap.
  const auto ruleset = parse_ruleset("grundy-game");
  const auto& heaps = dynamic_cast<const HeapRuleset&>(*ruleset);
  for (Heap n = 0; n <= 40; ++n) {
    std::vector<HeapOption> a, b;
    grundy.for_each_heap_option(n, [&](const HeapOption& o) { a.push_back(o); return true; });
    heaps.for_each_heap_option(n, [&](const HeapOption& o) { b.push_back(o); return true; });
    EXPECT_EQ(a, b) << "n = " << n;
  }
  EXPECT_EQ(heaps.as_code()->name(), "4!.0");
  // Names round-trip; '!' on a later digit and inside a repeated block too.
  for (const char* name : {"4!.0", "0.4!", "0.74!", "4!.07!", "0.[4!]", "0.6!0"})
    EXPECT_EQ(TakeAndBreak::parse(TakeAndBreak::parse(name).name()).name(),
              TakeAndBreak::parse(name).name())
        << name;
  EXPECT_EQ(TakeAndBreak::parse("0.74!0").name(), "0.74!");
  EXPECT_EQ(TakeAndBreak::parse("0.74!").unequal_split(2), true);
  EXPECT_EQ(TakeAndBreak::parse("0.74!").unequal_split(1), false);
  // Refused: on a digit that cannot split, with nothing before it, twice.
  for (const char* bad : {"0.3!", "0.1?", "0.2=", "0!.4", "!.0", "0.!", "4!!.0", "0.4!!", "0.4!?",
                          "0.4=!", "0.[!]", "0.[=]", "?.4", "0.4[?]", "4?=.0", "0.W", "H.0",
                          "0.&3;!", "0.{0,1}?", "*.0", "0.3!"}) {
    SCOPED_TRACE(bad);
    EXPECT_THROW(TakeAndBreak::parse(bad), InputError);
  }
}

TEST(Rules, SplitModifiersByDefinition) {
  // CGSuite's modifiers: '!' pairwise unequal heaps, '?' not all equal, '='
  // all equal; for two heaps '?' is '!'.
  const auto allowed = [](SplitModifier m, std::vector<Heap> parts) {
    return split_allowed(m, parts.data(), parts.size());
  };
  EXPECT_TRUE(allowed(SplitModifier::none, {2, 2, 2}));
  EXPECT_TRUE(allowed(SplitModifier::distinct, {1, 2, 3}));
  EXPECT_FALSE(allowed(SplitModifier::distinct, {1, 1, 4}));
  EXPECT_FALSE(allowed(SplitModifier::distinct, {1, 3, 3}));
  EXPECT_FALSE(allowed(SplitModifier::distinct, {2, 2}));
  EXPECT_TRUE(allowed(SplitModifier::not_all_equal, {1, 1, 4}));
  EXPECT_FALSE(allowed(SplitModifier::not_all_equal, {2, 2, 2}));
  EXPECT_FALSE(allowed(SplitModifier::not_all_equal, {3, 3}));
  EXPECT_TRUE(allowed(SplitModifier::all_equal, {2, 2, 2}));
  EXPECT_FALSE(allowed(SplitModifier::all_equal, {2, 2, 3}));
  EXPECT_FALSE(allowed(SplitModifier::all_equal, {1, 2}));
  // The option generator against the definition: every way to remove k
  // tokens and leave 0-3 heaps in ascending order, kept when the digit's bit
  // for that many heaps is set and its modifier allows the heaps.
  for (const char* text : {"4!.0", "4?.0", "4=.0", "8!.0", "8?.0", "8=.0", "C!.0", "C?.0",
                           "C=.0", "0.7F=", "0.6?E!", "0.[D=4?]", "4=.3B?[F!]", "G.0", "G!.0",
                           "G?.0", "G=.0", "0.V?", "S.3[N=]", "0.u!"}) {
    SCOPED_TRACE(text);
    const TakeAndBreak code = TakeAndBreak::parse(text);
    EXPECT_EQ(TakeAndBreak::parse(code.name()).name(), code.name());
    EXPECT_EQ(code.has_modifiers(), std::string(text).find_first_of("!?=") != std::string::npos);
    for (Heap n = 0; n <= 24; ++n) {
      std::vector<std::vector<Heap>> generated, defined;
      code.for_each_heap_option(n, [&](const HeapOption& o) {
        generated.emplace_back(o.parts.begin(), o.parts.begin() + o.part_count);
        return true;
      });
      for (Heap k = 0; k <= n; ++k) {
        const unsigned d = code.digit(k);
        const Heap rest = n - k;
        if ((d & 1) && k > 0 && rest == 0) defined.push_back({});
        if ((d & 2) && k > 0 && rest >= 1) defined.push_back({rest});
        for (Heap a = 1; a <= rest; ++a)
          for (Heap b = a; a + b <= rest; ++b) {
            const Heap c = rest - a - b;
            const Heap parts[3] = {a, b, c};
            if ((d & 4) && c == 0 && split_allowed(code.modifier(k), parts, 2))
              defined.push_back({a, b});
            if ((d & 8) && c >= b && split_allowed(code.modifier(k), parts, 3))
              defined.push_back({a, b, c});
            for (Heap e = b; (d & 16) && a + b + 2 * e <= rest; ++e) {
              const Heap four[4] = {a, b, e, rest - a - b - e};
              if (split_allowed(code.modifier(k), four, 4)) defined.push_back({a, b, e, four[3]});
            }
          }
      }
      std::sort(generated.begin(), generated.end());
      std::sort(defined.begin(), defined.end());
      EXPECT_EQ(generated, defined) << "n = " << n;
    }
  }
  // Which modifier each digit has, and the names as written.
  const auto code = TakeAndBreak::parse("4=.3b?[f!]");
  EXPECT_EQ(code.name(), "4=.3B?[F!]");
  EXPECT_EQ(code.modifier(0), SplitModifier::all_equal);
  EXPECT_EQ(code.modifier(1), SplitModifier::none);
  EXPECT_EQ(code.modifier(2), SplitModifier::not_all_equal);
  EXPECT_EQ(code.modifier(9), SplitModifier::distinct);
  EXPECT_TRUE(code.equal_split_only(0));
  EXPECT_TRUE(code.unequal_split(2));
  EXPECT_TRUE(code.unequal_split(3));
  EXPECT_FALSE(code.unequal_split(1));
  EXPECT_EQ(TakeAndBreak::parse("s.3[n=]").name(), "S.3[N=]");
  EXPECT_EQ(TakeAndBreak::parse("S.3[N=]").max_parts(), 4u);
  EXPECT_EQ(TakeAndBreak::parse("0.V").digit(1), 31u);
  EXPECT_EQ(modifier_char(SplitModifier::not_all_equal), '?');
  EXPECT_EQ(modifier_char(SplitModifier::none), 0);
}

TEST(Rules, GrundysGameOeisA002188) {
  // OEIS A002188, "Sprague-Grundy values for Grundy's game", G(0..104).
  const std::vector<Nimber> a002188 = {
      0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0,
      4, 1, 2, 3, 1, 2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0,
      2, 1, 5, 2, 1, 3, 2, 1, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5,
      2, 4, 5, 2, 4, 3, 7, 4, 3, 7, 4, 3, 7, 4, 3, 5, 2, 3, 5, 2, 3, 5, 2, 3};
  ASSERT_EQ(a002188.size(), 105u);
  EXPECT_EQ(first_values("grundy-game", 104), a002188);
  // A. Flammenkamp's table of Grundy's game (linked from A002188): every
  // heap n <= 231 whose value is in the sparse set (the bits of G(n) above
  // the lowest have even parity, mask 0xFE), with its value; every other
  // heap's value is common.
  const std::vector<std::pair<Heap, Nimber>> sparse = {
      {0, 0},    {1, 0},    {2, 0},    {3, 1},    {4, 0},    {6, 1},    {7, 0},
      {9, 1},    {10, 0},   {12, 1},   {15, 1},   {20, 0},   {23, 0},   {26, 0},
      {28, 1},   {31, 1},   {34, 1},   {37, 1},   {40, 1},   {43, 1},   {46, 1},
      {49, 1},   {50, 0},   {52, 1},   {53, 0},   {55, 1},   {58, 1},   {61, 1},
      {87, 7},   {90, 7},   {93, 7},   {146, 6},  {149, 6},  {152, 6},  {158, 11},
      {161, 11}, {164, 11}, {167, 11}, {176, 7},  {179, 7},  {181, 12}, {182, 7},
      {185, 7},  {188, 7},  {190, 12}, {193, 12}, {196, 10}, {231, 10}};
  const auto g = first_values("grundy-game", 231);
  std::vector<std::pair<Heap, Nimber>> rare;
  for (Heap n = 0; n <= 231; ++n)
    if (std::popcount(g[n] & 0xFE) % 2 == 0) rare.emplace_back(n, g[n]);
  EXPECT_EQ(rare, sparse);
}

TEST(Rules, DescribeMoves) {
  const auto kayles = parse_ruleset("kayles");
  EXPECT_EQ(kayles->describe_move({5, 7}, {1, 3, 7}),
            "take 1 from heap 1 and split the rest (5 → 1 + 3)");
  EXPECT_EQ(kayles->describe_move({5, 7}, {5, 5}), "take 2 from heap 2 (7 → 5)");
  EXPECT_EQ(kayles->describe_move({5, 1}, {5, 0}), "take all 1 from heap 2");
  const auto split = parse_ruleset("split");
  EXPECT_EQ(split->describe_move({3}, {2, 2}), "replace heap 1 by smaller heaps (3 → 2 + 2)");
  const auto lasker = parse_ruleset("lasker");
  EXPECT_EQ(lasker->describe_move({7}, {3, 4}), "split heap 1 (7 → 3 + 4)");
  EXPECT_EQ(parse_ruleset("staircase")->describe_move({2, 1, 3}, {2, 2, 2}),
            "move 1 token from stair 3 to stair 2");
  EXPECT_EQ(parse_ruleset("wythoff")->describe_move({4, 6}, {3, 5}), "take 1 from both heaps");
}

}  // namespace
}  // namespace grundy::rules_test
