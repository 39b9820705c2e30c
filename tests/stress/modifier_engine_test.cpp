// CGSuite's modifiers ('!' pairwise unequal heaps, '?' not all equal, '='
// all equal) and its base-32 digits (G-V: four heaps) on every sequence
// engine: random codes with modifiers on two-, three- and four-heap digits,
// finite and infinite, through the engine
// make_fast_engine picks (rare/common or split-set, one and two threads)
// against the naive engine, and the naive engine against
// grundy::naive_heap_values, which takes its options from the code's option
// generator (itself checked against the definition in rules_test.cpp). The
// split-set engine's checks for '?' on three and four heaps and its sets for
// '!' (solve/engines/split_sets.h) also against the splits one by one, on random
// sequences of few values, where their rare cases are common (the knapsack
// of '!' on four heaps, solve/engines/distinct_part_sets.h, has its own such test in
// wide_digit_test.cpp).
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "grundy/rules/take_and_break.h"
#include "grundy/solve/heap_values.h"
#include "grundy/solve/sequence_engine.h"
#include "solve/engines/split_sets.h"
#include "support/engine_runs.h"

namespace grundy::modifier_engine_test {
namespace {

constexpr std::uint64_t kSeed = 20261127;
const char* const kHex = "0123456789ABCDEF";
const char* const kModifiers = "!?=";

// A random code with a modifier on at least one digit that splits: d0 in
// {0, 4, 8, C}, 1-4 digits after the point (hexadecimal when `three`,
// else octal), a repeated block of 1-2 digits when `infinite`.
std::string random_modified_code(std::mt19937_64& rng, bool three, bool infinite) {
  while (true) {
    bool marked = false;
    const auto add_digit = [&](std::string& code, unsigned d) {
      code += kHex[d];
      if ((d & 12) && rng() % 2) {
        code += kModifiers[rng() % 3];
        marked = true;
      }
    };
    std::string code;
    add_digit(code, 4 * static_cast<unsigned>(rng() % (three ? 4 : 2)));
    code += '.';
    const unsigned mask = three ? 15 : 7;
    for (unsigned i = 0, count = 1 + static_cast<unsigned>(rng() % 4); i < count; ++i)
      add_digit(code, static_cast<unsigned>(rng() % 16) & mask);
    if (infinite) {
      code += '[';
      for (unsigned i = 0, count = 1 + static_cast<unsigned>(rng() % 2); i < count; ++i)
        add_digit(code, static_cast<unsigned>(rng() % 16) & mask);
      code += ']';
    }
    const TakeAndBreak parsed = TakeAndBreak::parse(code);
    if (marked && parsed.has_modifiers() && parsed.is_finite() != infinite &&
        (parsed.max_parts() == 3) == three)
      return code;
  }
}

// G(0..last) by the fast engine (one and two threads) against the naive
// engine, and the naive engine against the option generator up to `small`.
void expect_naive_values(const std::string& text, Heap last, Heap small) {
  const TakeAndBreak code = TakeAndBreak::parse(text);
  const ValueSequence expected = naive(text, last);
  const std::vector<Nimber> third = naive_heap_values(code, small);
  for (Heap n = 0; n <= small; ++n) ASSERT_EQ(expected[n], third[n]) << "n = " << n;
  for (unsigned threads : {1u, 2u}) {
    auto fast = make_fast_engine(code, threads);
    EXPECT_SAME_SEQUENCE(run(*fast, last), expected) << "threads " << threads;
  }
}

TEST(ModifierEngineStress, RandomTwoHeapCodes) {
  // Finite ones go to the rare/common engine ('=' there is one option of
  // value 0), infinite ones to the split-set engine.
  std::mt19937_64 rng(kSeed);
  for (int trial = 0; trial < 120; ++trial) {
    const bool infinite = trial % 3 == 2;
    const std::string text = random_modified_code(rng, false, infinite);
    SCOPED_TRACE("seed " + std::to_string(kSeed) + ", trial " + std::to_string(trial) +
                 ", code " + text);
    EXPECT_EQ(rare_common_applies(TakeAndBreak::parse(text)), !infinite);
    expect_naive_values(text, infinite ? 400 : 2000, 120);
  }
}

TEST(ModifierEngineStress, RandomThreeHeapCodes) {
  std::mt19937_64 rng(kSeed + 1);
  for (int trial = 0; trial < 200; ++trial) {
    const bool infinite = trial % 4 == 3;
    const std::string text = random_modified_code(rng, true, infinite);
    SCOPED_TRACE("seed " + std::to_string(kSeed + 1) + ", trial " + std::to_string(trial) +
                 ", code " + text);
    expect_naive_values(text, infinite ? 110 : 240, 70);
  }
}

TEST(ModifierEngineStress, EachModifierOnEachKindOfDigit) {
  // Every modifier alone on d0 and on d1, two heaps and three, with values
  // that grow (8, 9, A: the sets widen mid-run) and with more digits beside.
  for (const char* digit : {"4", "5", "6", "7", "8", "9", "A", "B", "C", "D", "E", "F"})
    for (const char modifier : std::string(kModifiers)) {
      const std::string m(1, modifier);
      for (const std::string& text :
           {std::string("0.") + digit + m, std::string("0.1") + digit + m + "3",
            std::string(digit[0] >= '8' ? "8" : "4") + m + ".3" + digit,
            std::string("0.[") + digit + m + "]"}) {
        SCOPED_TRACE(text);
        const TakeAndBreak code = TakeAndBreak::parse(text);
        const bool big = code.is_finite() && code.max_parts() == 2;
        expect_naive_values(text, big ? 3000 : code.is_finite() ? 700 : 200, 60);
      }
    }
}

TEST(ModifierEngineStress, SameGamesUnderTwoNames) {
  // For two heaps '?' is '!' (Grundy's game is 4!.0 and 4?.0); for three
  // they differ ((1, 1, 4) has heaps not all equal, but two equal), and
  // each differs from no modifier.
  EXPECT_SAME_SEQUENCE(naive("4?.0", 3000), naive("4!.0", 3000));
  auto fast = make_fast_engine(TakeAndBreak::parse("4?.0"), 2);
  EXPECT_SAME_SEQUENCE(run(*fast, 20000), naive("4!.0", 20000));
  EXPECT_NE(naive("0.8?", 60), naive("0.8!", 60));
  EXPECT_NE(naive("0.8?", 60), naive("0.8", 60));
  EXPECT_NE(naive("0.8=", 60), naive("0.8", 60));
}

TEST(ModifierEngineStress, DistinctThreeHeapsAtLargerHeaps) {
  // '!' on three heaps: the split-set engine takes a value out of each of
  // its S2 sets for the unions and puts it back (split_set_engine.cpp,
  // make_distinct): values past 1024, on one thread and two (the helper
  // makes half of the unions from 2^16 set words on), in one run and in
  // pieces.
  for (const char* text : {"0.8!", "8!.1", "0.9A!", "0.3F!"}) {
    SCOPED_TRACE(text);
    const Heap last = 1600;
    const ValueSequence expected = naive(text, last);
    for (unsigned threads : {1u, 2u}) {
      auto engine = make_split_set_engine(TakeAndBreak::parse(text), threads);
      ValueSequence values;
      for (Heap to : {Heap{5}, Heap{300}, Heap{1100}, last})
        ASSERT_TRUE(engine->extend(values, to, {}));
      EXPECT_SAME_SEQUENCE(values, expected) << "threads " << threads;
    }
  }
}

// A random code with a digit that can leave four heaps (base 32, G-V), now
// and then a modifier on a splitting digit: d0 in {0, 4, 8, C, G, K, O, S},
// 1-3 digits after the point, a block of one digit when `infinite`.
std::string random_four_heap_code(std::mt19937_64& rng, bool infinite) {
  static const char* kBase32 = "0123456789ABCDEFGHIJKLMNOPQRSTUV";
  while (true) {
    const auto add_digit = [&](std::string& code, unsigned d) {
      code += kBase32[d];
      if ((d & 28) && rng() % 3 == 0) code += kModifiers[rng() % 3];
    };
    std::string code;
    add_digit(code, 4 * static_cast<unsigned>(rng() % 8));
    code += '.';
    for (unsigned i = 0, count = 1 + static_cast<unsigned>(rng() % 3); i < count; ++i)
      add_digit(code, static_cast<unsigned>(rng() % 32));
    if (infinite) {
      code += '[';
      add_digit(code, static_cast<unsigned>(rng() % 32));
      code += ']';
    }
    const TakeAndBreak parsed = TakeAndBreak::parse(code);
    if (parsed.max_parts() == 4 && parsed.is_finite() != infinite) return code;
  }
}

TEST(ModifierEngineStress, RandomFourHeapCodes) {
  // The naive engine takes O(n^3) a value here (O(n^4) in all).
  std::mt19937_64 rng(kSeed + 3);
  for (int trial = 0; trial < 120; ++trial) {
    const bool infinite = trial % 4 == 3;
    const std::string text = random_four_heap_code(rng, infinite);
    SCOPED_TRACE("seed " + std::to_string(kSeed + 3) + ", trial " + std::to_string(trial) +
                 ", code " + text);
    expect_naive_values(text, infinite ? 70 : 110, 50);
  }
}

TEST(ModifierEngineStress, FourHeapsAtLargerHeaps) {
  // Values past 64 and 128 (sets of several words, moved by the kernel),
  // one thread and two, in one run and in pieces; each modifier on a digit
  // that leaves four heaps.
  for (const char* text :
       {"0.G", "G.1", "0.G?", "0.G=", "0.G!", "0.KV", "0.[G]", "0.[G=]", "4.1[O=]", "0.[S?]"}) {
    SCOPED_TRACE(text);
    const Heap last = TakeAndBreak::parse(text).is_finite() ? 300 : 160;
    const ValueSequence expected = naive(text, last);
    for (unsigned threads : {1u, 2u}) {
      auto engine = make_split_set_engine(TakeAndBreak::parse(text), threads);
      ValueSequence values;
      for (Heap to : {Heap{3}, Heap{100}, last}) ASSERT_TRUE(engine->extend(values, to, {}));
      EXPECT_SAME_SEQUENCE(values, expected) << "threads " << threads;
      // Given G(0..120) (not what it left): its sets made again from the
      // prefix, by a new engine and by the one that went further.
      auto fresh = make_split_set_engine(TakeAndBreak::parse(text), threads);
      for (auto* from : {fresh.get(), engine.get()}) {
        ValueSequence prefix(expected.begin(), expected.begin() + 121);
        ASSERT_TRUE(from->extend(prefix, last, {}));
        EXPECT_SAME_SEQUENCE(prefix, expected) << "from a prefix, threads " << threads;
      }
    }
  }
}

TEST(ModifierEngineStress, TripleSetsAgainstTheTriples) {
  // Random "sequences" with values below 2, 4, 8 or 16 (one set word), so
  // that many triples share a value: the unequal triples none of whose heaps
  // brings their value into the union (the second half of the argument in
  // split_sets.h) come up.
  std::mt19937_64 rng(kSeed + 2);
  constexpr Heap kLast = 40;
  std::uint64_t spread = 0;
  for (int trial = 0; trial < 400; ++trial) {
    const unsigned values = 2u << (trial % 4);
    std::vector<Value16> g(kLast + 1);
    for (Heap i = 1; i <= kLast; ++i) g[i] = static_cast<Value16>(rng() % values);
    std::vector<split_sets::SetWord> pairs(kLast + 1), threes(kLast + 1);
    for (Heap r = 1; r <= kLast; ++r) split_sets::make_pairs(g.data(), r, 1, &pairs[r]);
    const auto pair_set = [&](Heap r) { return &pairs[r]; };
    for (Heap r = 3; r <= kLast; ++r)  // S3(r) by the triples themselves
      for (Heap a = 1; 3 * a <= r; ++a)
        for (Heap b = a; a + 2 * b <= r; ++b)
          threes[r] |= split_sets::SetWord{1} << (g[a] ^ g[b] ^ g[r - a - b]);
    const auto three_set = [&](Heap r) { return &threes[r]; };
    std::uint64_t steps = 0;
    for (Heap j = 3; j <= kLast; ++j) {
      SCOPED_TRACE("trial " + std::to_string(trial) + ", j = " + std::to_string(j));
      split_sets::SetWord distinct = 0;
      for (Heap a = 1; 3 * a < j; ++a)
        for (Heap b = a + 1; a + 2 * b < j; ++b) {
          const Heap c = j - a - b;
          const unsigned v = g[a] ^ g[b] ^ g[c];
          distinct |= split_sets::SetWord{1} << v;
          const auto left_out = [&](Heap x) {
            return 2 * x < j && j - 2 * x != x && g[j - 2 * x] == v;
          };
          if (left_out(a) && left_out(b) && left_out(c)) ++spread;
        }
      split_sets::SetWord made = 0;
      split_sets::or_distinct_triples(g.data(), j, pair_set, 1, &made);
      EXPECT_EQ(made, distinct);
      if (j % 3 == 0) {
        const Heap a = j / 3;
        bool other = false;
        for (Heap x = 1; 3 * x <= j; ++x)
          for (Heap y = x; x + 2 * y <= j; ++y)
            if (!(x == a && y == a)) other = other || (g[x] ^ g[y] ^ g[j - x - y]) == g[a];
        EXPECT_EQ(split_sets::other_triple_gives(g.data(), j, pair_set, steps), other);
      }
      if (j % 4 == 0) {
        const Heap a = j / 4;
        bool other = false;
        for (Heap x = 1; 4 * x <= j; ++x)
          for (Heap y = x; x + 3 * y <= j; ++y)
            for (Heap z = y; x + y + 2 * z <= j; ++z)
              if (!(x == a && y == a && z == a))
                other = other || (g[x] ^ g[y] ^ g[z] ^ g[j - x - y - z]) == 0;
        EXPECT_EQ(split_sets::other_four_give_zero(g.data(), j, three_set, steps), other);
      }
    }
  }
  EXPECT_GT(spread, 0u);  // the case the argument's second half is for came up
}

}  // namespace
}  // namespace grundy::modifier_engine_test
