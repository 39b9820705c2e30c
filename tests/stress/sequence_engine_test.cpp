// The heap-value sequence engines against each other and against published
// values: the rare/common engine against the naive engine (every code
// 0.d1d2d3, random octal and hexadecimal codes, forced masks, thread counts,
// resumed prefixes), the naive engine against grundy::naive_heap_values (a
// third implementation, through the ruleset's option generator), and both
// against sequences published in Winning Ways and the OEIS.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "grundy/core/error.h"
#include "grundy/rules/take_and_break.h"
#include "grundy/solve/heap_values.h"
#include "solve/engines/rare_common.h"
#include "solve/engines/sequence_kernels.h"
#include "grundy/solve/sequence_engine.h"
#include "support/engine_runs.h"

namespace grundy::sequence_engine_test {
namespace {

constexpr std::uint64_t kSeed = 20240611;

std::string digit_char(unsigned d) { return std::string(1, "0123456789ABCDEF"[d]); }

TEST(SequenceEngineStress, EveryThreeDigitOctalCodeTo4096) {
  // (1) rare/common (automatic mask, one thread and the default) against
  // the naive engine, every code 0.d1d2d3.
  for (unsigned code = 0; code < 512; ++code) {
    const std::string text = "0." + digit_char(code >> 6) + digit_char((code >> 3) & 7) +
                             digit_char(code & 7);
    SCOPED_TRACE(text);
    const ValueSequence expected = naive(text, 4096);
    RareCommonOptions one_thread;
    one_thread.threads = 1;
    EXPECT_SAME_SEQUENCE(rare_common(text, 4096, one_thread), expected);
    if (code % 37 == 0) EXPECT_SAME_SEQUENCE(rare_common(text, 4096), expected);
  }
}

// A random code: d0 in {0, 4, 8, C} (sometimes), 1-6 digits, octal or
// hexadecimal, sometimes a repeated block.
std::string random_code(std::mt19937_64& rng) {
  const bool hex = rng() % 3 == 0;
  const unsigned top = hex ? 16 : 8;
  std::string code;
  switch (rng() % 6) {
    case 0: code = "4."; break;
    case 1: code = hex ? "8." : "4."; break;
    case 2: code = hex ? "C." : "0."; break;
    default: code = "0."; break;
  }
  const unsigned digits = 1 + static_cast<unsigned>(rng() % 6);
  for (unsigned i = 0; i < digits; ++i) code += digit_char(static_cast<unsigned>(rng() % top));
  if (rng() % 4 == 0) {
    code += '[';
    const unsigned block = 1 + static_cast<unsigned>(rng() % 2);
    // Removal-only blocks keep infinite codes affordable for the naive engine.
    for (unsigned i = 0; i < block; ++i) code += digit_char(static_cast<unsigned>(rng() % 4));
    code += ']';
  }
  return code;
}

// The largest n a test affords for the naive engine on this code.
Heap affordable(const TakeAndBreak& code) {
  if (code.max_parts() == 3) return 150;
  if (!code.is_finite()) return 1200;
  return 4096;
}

TEST(SequenceEngineStress, RandomOctalAndHexadecimalCodes) {
  // (2) random longer codes, the fast engine (rare/common where it applies,
  // else naive) against the naive engine; codes where they coincide are
  // checked against naive_heap_values instead.
  std::mt19937_64 rng(kSeed);
  for (int trial = 0; trial < 120; ++trial) {
    const std::string text = random_code(rng);
    SCOPED_TRACE("seed " + std::to_string(kSeed) + ", trial " + std::to_string(trial) + ", code " +
                 text);
    const TakeAndBreak code = TakeAndBreak::parse(text);
    const Heap last = affordable(code);
    const ValueSequence expected = naive(text, last);
    if (rare_common_applies(code)) {
      RareCommonOptions options;
      options.threads = 1 + trial % 2;
      EXPECT_SAME_SEQUENCE(rare_common(text, last, options), expected);
    } else {
      const Heap small = std::min<Heap>(last, 100);
      const std::vector<Nimber> third = naive_heap_values(code, small);
      for (Heap n = 0; n <= small; ++n) ASSERT_EQ(expected[n], third[n]) << "n = " << n;
    }
    auto fast = make_fast_engine(code, 2);
    EXPECT_SAME_SEQUENCE(run(*fast, last), expected);
  }
}

TEST(SequenceEngineStress, NaiveEngineAgainstNaiveHeapValues) {
  // (3) a third, independent implementation: the ruleset's own option
  // generator with a std::function visitor (solve/heap_values.h).
  std::vector<std::string> codes = {"0.77", "0.07", "0.137", "0.6", "0.007", "0.16", "0.014",
                                    "4.007", "0.3F", "8.0", "C.1", "8.[3]", "4.[3]", "0.[37]",
                                    "0.F", "0.8", "0.9A", "4.", "0.0000004", "0.[2]", "0.2[1]"};
  std::mt19937_64 rng(kSeed + 3);
  for (int i = 0; i < 30; ++i) codes.push_back(random_code(rng));
  for (const std::string& text : codes) {
    SCOPED_TRACE("seed " + std::to_string(kSeed + 3) + ", code " + text);
    const TakeAndBreak code = TakeAndBreak::parse(text);
    const Heap last = code.max_parts() == 3 ? 120 : 300;
    const ValueSequence values = naive(text, last);
    const std::vector<Nimber> expected = naive_heap_values(code, last);
    for (Heap n = 0; n <= last; ++n) ASSERT_EQ(values[n], expected[n]) << "n = " << n;
  }
}

TEST(SequenceEngineStress, ForcedMasksGiveTheSameSequence) {
  // (4) the method is correct for any mask; bad masks only cost time. Mask 0
  // makes every value rare (every split paired, no scan).
  const std::vector<Nimber> masks = {0, 1, 2, 3, 5, 0x1F, 0xFFFF, 0x8000, 494, 0x155};
  for (const char* text : {"0.6", "0.77", "0.007", "0.16", "0.014", "4.07", "0.3456"}) {
    const ValueSequence expected = naive(text, 3000);
    for (Nimber mask : masks) {
      SCOPED_TRACE(std::string(text) + " mask " + std::to_string(mask));
      RareCommonOptions options;
      options.mask = mask;
      options.threads = 1;
      EXPECT_SAME_SEQUENCE(rare_common(text, 3000, options), expected);
    }
  }
  // Longer: Officers to 60000 with good, poor and automatic masks, two threads.
  const ValueSequence automatic = rare_common("0.6", 60000);
  for (Nimber mask : {Nimber{494}, Nimber{0x1EE}, Nimber{0xFE}, Nimber{0x3}}) {
    SCOPED_TRACE("0.6 mask " + std::to_string(mask));
    RareCommonOptions options;
    options.mask = mask;
    options.threads = 2;
    EXPECT_SAME_SEQUENCE(rare_common("0.6", 60000, options), automatic);
  }
  EXPECT_THROW(RareCommonEngine(TakeAndBreak::parse("0.6"), RareCommonOptions{1, 65536, true}),
               InputError);
}

TEST(SequenceEngineStress, WideLayoutGivesTheSameSequence) {
  // The rare list keeps heap sizes from 2^32 on in a 64-bit part; here
  // RareCommonOptions::wide_from moves that switch to heap size 1 (every
  // entry wide), 17 (just past the first entries) and the middle entry of
  // the rare list (under the mask a run ends with), with one thread.
  // With the switch midway also: two threads with the run in three pieces
  // (each rebuilt from the prefix, so the rebuild meets the switch before
  // and after it); forced speculation (rollbacks across the switch); mask 0
  // (every heap size rare, far pairs in blocks on both sides). Against the
  // naive engine; the wide part must hold exactly the rare heap sizes from
  // wide_from on.
  struct Case {
    const char* code;
    Heap last;
  };
  for (const Case& c : {Case{"0.6", 5000}, Case{"0.014", 5000}, Case{"0.16", 8000},
                        Case{"0.161", 5000}, Case{"4!.0", 5000}, Case{"0.77", 5000}}) {
    const ValueSequence expected = naive(c.code, c.last);
    RareCommonEngine narrow(TakeAndBreak::parse(c.code));
    EXPECT_SAME_SEQUENCE(run(narrow, c.last), expected);
    EXPECT_EQ(narrow.stats().wide_entries, 0u);  // nothing wide below 2^32 by default
    const Nimber mask = narrow.progress().mask;
    Heap middle = 1;  // past the first half of the rare heap sizes
    for (std::uint64_t seen = 0, half = rare_from(expected, 1, mask) / 2; seen < half; ++middle)
      if (std::popcount(static_cast<unsigned>(expected[middle] & mask)) % 2 == 0) ++seen;
    for (Heap wide_from : {Heap{1}, Heap{17}, middle}) {
      for (int variant = 0; variant < (wide_from == middle ? 4 : 1); ++variant) {
        SCOPED_TRACE(std::string(c.code) + " wide from " + std::to_string(wide_from) +
                     " variant " + std::to_string(variant));
        RareCommonOptions options;
        options.wide_from = wide_from;
        options.threads = variant == 0 ? 1 : 2;
        options.force_speculation = variant == 2;
        if (variant == 3) options.mask = 0;
        RareCommonEngine engine(TakeAndBreak::parse(c.code), options);
        ValueSequence values;
        if (variant == 1) {
          ASSERT_TRUE(engine.extend(values, c.last / 3, {}));
          ASSERT_TRUE(engine.extend(values, 2 * c.last / 3, {}));
        }
        ASSERT_TRUE(engine.extend(values, c.last, {}));
        EXPECT_SAME_SEQUENCE(values, expected);
        EXPECT_GT(engine.stats().wide_entries, 0u);
        EXPECT_EQ(engine.stats().wide_entries,
                  rare_from(values, wide_from, engine.progress().mask));
      }
    }
  }
  // A switch past 2^32 is refused: 32 bits could not hold the heap sizes below it.
  RareCommonOptions past;
  past.wide_from = (Heap{1} << 32) + 1;
  EXPECT_THROW(RareCommonEngine(TakeAndBreak::parse("0.6"), past), InputError);
}

TEST(SequenceEngineStress, VectorKernelsAgreeWithTheDefinition) {
  // Each kernel on random input against its definition written here: the
  // bit sets bit by bit, the scans as the set of xors g[a] ^ g[m - a] over
  // the range (every count 1..8 for the list, random tables of 64 to 65536
  // bits for the table, ranges of every length mod 64).
  std::mt19937_64 rng(kSeed + 11);
  for_each_vector_target([&] {
    for (int trial = 0; trial < 1500; ++trial) {
      const unsigned words = 1 + static_cast<unsigned>(rng() % 8);
      std::vector<std::uint32_t> stamps(64 * words);
      std::vector<std::uint8_t> bytes(64 * words);
      const std::uint32_t epoch = static_cast<std::uint32_t>(rng() % 4);
      for (std::size_t i = 0; i < stamps.size(); ++i) {
        stamps[i] = static_cast<std::uint32_t>(rng() % 4);
        bytes[i] = static_cast<std::uint8_t>(rng() % 4);
      }
      std::vector<std::uint64_t> bits(words), byte_bits(words);
      kernels::exclusion_bits(stamps.data(), epoch, words, bits.data());
      kernels::group_bits(bytes.data(), static_cast<std::uint8_t>(epoch), words, byte_bits.data());
      for (unsigned i = 0; i < 64 * words; ++i) {
        ASSERT_EQ((bits[i / 64] >> (i % 64)) & 1, std::uint64_t{stamps[i] == epoch}) << i;
        ASSERT_EQ((byte_bits[i / 64] >> (i % 64)) & 1, std::uint64_t{bytes[i] == epoch}) << i;
      }

      const unsigned value_bits = 1 + static_cast<unsigned>(rng() % 16);
      const Heap m = 2 + rng() % 700;
      ValueSequence g(m + 1);
      for (Value16& v : g) v = static_cast<Value16>(rng() % (1u << value_bits));
      const Heap from = 1 + rng() % (m / 2);
      const Heap to = from + rng() % (m / 2 - from + 1);
      std::vector<bool> seen(1u << 16);
      for (Heap a = from; a <= to; ++a) seen[g[a] ^ g[m - a]] = true;
      // Targets: some xors that occur, some values that may not.
      // Distinct values: no more than the values there are.
      const unsigned count = 1 + static_cast<unsigned>(
                                     rng() % std::min(kernels::kMaxTargets, 1u << value_bits));
      std::vector<Value16> targets;
      while (targets.size() < count) {
        const Heap a = from + rng() % (to - from + 1);
        const Value16 v = rng() % 2 ? static_cast<Value16>(g[a] ^ g[m - a])
                                    : static_cast<Value16>(rng() % (1u << value_bits));
        if (std::find(targets.begin(), targets.end(), v) == targets.end()) targets.push_back(v);
      }
      std::vector<Value16> expected;
      for (Value16 v : targets)
        if (!seen[v]) expected.push_back(v);
      std::uint64_t steps = 0;
      std::vector<Value16> left = targets;
      const unsigned remaining =
          kernels::scan_targets(g.data(), m, from, to, left.data(), count, steps);
      left.resize(remaining);
      std::sort(left.begin(), left.end());
      std::sort(expected.begin(), expected.end());
      ASSERT_EQ(left, expected) << "m " << m << " from " << from << " to " << to;
      ASSERT_LE(steps, to + 1 - from);

      // The table scan: random tables over the values' range, to the end
      // (enough = 0) and stopping when few are left (enough = 8).
      const unsigned table_words = std::max(1u, (1u << value_bits) / 64);
      std::vector<std::uint64_t> table(table_words);
      for (std::uint64_t& word : table) word = rng() & rng();
      if (value_bits < 6) table[0] &= (std::uint64_t{1} << (1u << value_bits)) - 1;
      unsigned bits_set = 0;
      for (std::uint64_t word : table) bits_set += static_cast<unsigned>(std::popcount(word));
      if (bits_set == 0) continue;
      for (unsigned enough : {0u, 8u}) {
        std::vector<std::uint64_t> t = table;
        Heap a = from;
        std::uint64_t table_steps = 0;
        const unsigned after = kernels::scan_table(g.data(), m, a, to, t.data(), table_words,
                                                   bits_set, enough, table_steps);
        ASSERT_EQ(table_steps, a - from);
        ASSERT_LE(a, to + 1);
        unsigned count_left = 0;
        for (unsigned v = 0; v < 64 * table_words; ++v) {
          const bool was = (table[v / 64] >> (v % 64)) & 1, is = (t[v / 64] >> (v % 64)) & 1;
          count_left += is;
          // A value is cleared only if it is a split's xor, and always if
          // the scan went to the end.
          if (was && !is) ASSERT_TRUE(seen[v]) << v;
          if (was && is && a > to) ASSERT_FALSE(seen[v]) << v;
          ASSERT_FALSE(!was && is) << v;
        }
        ASSERT_EQ(after, count_left);
        if (enough == 0) ASSERT_TRUE(a > to || after == 0);
        if (a <= to) ASSERT_LE(after, enough);
      }
    }
  });
}

TEST(SequenceEngineStress, EveryVectorTargetAgreesWithThePortableKernels) {
  // Whole sequences with the vector kernels of each target against the
  // portable kernels: long enough for values past 1024 and 2048 (0.0404
  // passes 1024 before n = 15000, 0.40404 passes 2048 before n = 27000),
  // and for the long scans of the sparse codes.
  struct Case {
    const char* code;
    Heap last;
  };
  const std::vector<Case> cases = {Case{"0.6", 30000},    Case{"0.007", 20000},
                                   Case{"0.16", 30000},   Case{"0.014", 20000},
                                   Case{"0.77", 20000},   Case{"0.0404", 15000},
                                   Case{"0.40404", 27000}};
  std::vector<ValueSequence> expected;
  for (const Case& c : cases) {
    RareCommonOptions portable;
    portable.simd = false;
    portable.threads = 2;
    expected.push_back(rare_common(c.code, c.last, portable));
  }
  for_each_vector_target([&] {
    for (std::size_t i = 0; i < cases.size(); ++i) {
      SCOPED_TRACE(cases[i].code);
      RareCommonOptions vector;
      vector.threads = 1;
      EXPECT_SAME_SEQUENCE(rare_common(cases[i].code, cases[i].last, vector), expected[i]);
    }
  });
}

TEST(SequenceEngineStress, ThreadCountDoesNotChangeValues) {
  // (5) threads 1, 2 and 3 (3 oversubscribes two cores on purpose). 0.161
  // and 0.034, whose scans average well under 2048 splits, hand scans over
  // since the threshold is 512 (docs/performance.md, "Two threads"): their
  // helpers must have confirmed some.
  struct Case {
    const char* code;
    Heap last;
    bool speculates;
  };
  for (const Case& c : {Case{"0.6", 150000, true}, Case{"0.014", 150000, true},
                        Case{"0.16", 150000, false}, Case{"0.007", 40000, false},
                        Case{"0.161", 150000, true}, Case{"0.034", 100000, true}}) {
    SCOPED_TRACE(c.code);
    RareCommonOptions options;
    options.threads = 1;
    const ValueSequence one = rare_common(c.code, c.last, options);
    for (unsigned threads : {2u, 3u}) {
      options.threads = threads;
      RareCommonEngine engine(TakeAndBreak::parse(c.code), options);
      EXPECT_SAME_SEQUENCE(run(engine, c.last), one) << threads << " threads";
      if (c.speculates) EXPECT_GT(engine.stats().speculated, 0u) << threads << " threads";
    }
  }
}

TEST(SequenceEngineStress, FailedSpeculativeScansRollBack) {
  // Every scan handed to the helpers, also right after rare values: each new
  // rare value found by a helper rolls the sequence back (thousands of times
  // in these early heaps, where rare values are frequent).
  struct Case {
    const char* code;
    Heap last;
  };
  for (const Case& c : {Case{"0.6", 6000}, Case{"0.014", 8000}, Case{"0.77", 30000},
                        Case{"4.007", 8000}}) {
    const std::string text = c.code;
    const Heap last = c.last;
    SCOPED_TRACE(text);
    RareCommonOptions one;
    one.threads = 1;
    const ValueSequence expected = rare_common(text, last, one);
    for (unsigned threads : {2u, 3u}) {
      RareCommonOptions options;
      options.threads = threads;
      options.force_speculation = true;
      RareCommonEngine engine(TakeAndBreak::parse(text), options);
      EXPECT_SAME_SEQUENCE(run(engine, last), expected) << threads << " threads";
      EXPECT_GT(engine.stats().rollbacks, 0u) << threads << " threads";
      EXPECT_GT(engine.stats().speculated, 0u) << threads << " threads";
    }
  }
}

TEST(SequenceEngineStress, ResumingFromAPrefixGivesTheSameSequence) {
  // (6) a prefix passed in `values` (as from a checkpoint) is continued
  // exactly, by the same engine object or a fresh one, naive or rare/common.
  struct Case {
    const char* code;
    Heap last;
  };
  for (const Case& c : {Case{"0.6", 70000}, Case{"0.16", 70000}, Case{"4.007", 25000},
                        Case{"0.77", 30000}}) {
    const std::string text = c.code;
    SCOPED_TRACE(text);
    const TakeAndBreak code = TakeAndBreak::parse(text);
    const Heap last = c.last;
    const ValueSequence whole = rare_common(text, last);
    for (Heap cut : {Heap{0}, Heap{1}, Heap{977}, Heap{20628}, Heap{65537}}) {
      if (cut >= last) continue;
      RareCommonEngine engine(code);
      ValueSequence values;
      ASSERT_TRUE(engine.extend(values, cut, {}));
      RareCommonEngine fresh(code);
      ValueSequence copy = values;
      ASSERT_TRUE(engine.extend(values, last, {}));
      ASSERT_TRUE(fresh.extend(copy, last, {}));
      EXPECT_SAME_SEQUENCE(values, whole) << "cut at " << cut;
      EXPECT_SAME_SEQUENCE(copy, whole) << "cut at " << cut << ", fresh engine";
    }
    ValueSequence prefix(whole.begin(), whole.begin() + 3001);
    auto slow = make_naive_engine(code);
    ASSERT_TRUE(slow->extend(prefix, 4000, {}));
    EXPECT_SAME_SEQUENCE(prefix, ValueSequence(whole.begin(), whole.begin() + 4001));
  }
}

TEST(SequenceEngineStress, StopLeavesAConsistentPrefixAndProgressIsReported) {
  const ValueSequence whole = rare_common("0.6", 300000);
  for (unsigned threads : {1u, 2u}) {
    SCOPED_TRACE(std::to_string(threads) + " threads");
    std::atomic<bool> stop{false};
    EngineControl control;
    control.stop = &stop;
    int calls = 0;
    control.progress = [&](const EngineProgress& p) {
      ++calls;
      EXPECT_LE(p.reached, 300001u);
    };
    RareCommonOptions options;
    options.threads = threads;
    RareCommonEngine engine(TakeAndBreak::parse("0.6"), options);
    ValueSequence values;
    ASSERT_TRUE(engine.extend(values, 50000, control));
    stop = true;
    EXPECT_FALSE(engine.extend(values, 300000, control));
    ASSERT_GE(values.size(), 50001u);
    ASSERT_LT(values.size(), 300001u);
    EXPECT_SAME_SEQUENCE(values, ValueSequence(whole.begin(), whole.begin() + values.size()));
    stop = false;
    ASSERT_TRUE(engine.extend(values, 300000, control));
    EXPECT_SAME_SEQUENCE(values, whole);
    EXPECT_GE(calls, 3);
    EXPECT_EQ(engine.progress().reached, 300001u);
  }
  auto slow = make_naive_engine(TakeAndBreak::parse("0.6"));
  std::atomic<bool> stop{true};
  EngineControl control;
  control.stop = &stop;
  ValueSequence values;
  EXPECT_FALSE(slow->extend(values, 5000, control));
  EXPECT_SAME_SEQUENCE(values, ValueSequence(whole.begin(), whole.begin() + values.size()));
}

TEST(SequenceEngineStress, ValuesBeyond16BitsAreALimitError) {
  // Nim, 0.[3]: G(n) = n, so G(65536) does not fit; the values before it stay.
  auto engine = make_naive_engine(TakeAndBreak::parse("0.[3]"));
  ValueSequence values(65536);
  for (Heap n = 0; n < 65536; ++n) values[n] = static_cast<Value16>(n);
  EXPECT_THROW(engine->extend(values, 70000, {}), LimitError);
  EXPECT_EQ(values.size(), 65536u);
  // The same through the rare/common engine: removing 1..65536 tokens is
  // Nim below 65537, so G(65536) = 65536.
  const TakeAndBreak long_subtraction = TakeAndBreak::parse("0." + std::string(65536, '3'));
  RareCommonEngine rare_common_engine(long_subtraction);
  ValueSequence prefix(values.begin(), values.end());
  EXPECT_THROW(rare_common_engine.extend(prefix, 70000, {}), LimitError);
  EXPECT_EQ(prefix.size(), 65536u);
  // Far from the limit: 0.3333 is subtraction {1,2,3,4}, G(n) = n mod 5.
  RareCommonEngine subtraction(TakeAndBreak::parse("0.3333"));
  ValueSequence small;
  ASSERT_TRUE(subtraction.extend(small, 100, {}));
  for (Heap n = 0; n <= 100; ++n) EXPECT_EQ(small[n], n % 5);
}

// (7) Published values.
TEST(SequenceEngineStress, PublishedValues) {
  // Kayles (0.77) and Dawson's Kayles (0.07), G(0..20): WW ch. 4, docs/theory.md §8.
  const ValueSequence kayles = {0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1};
  const ValueSequence dawson = {0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3};
  // Officers (0.6), G(0..101): OEIS A046695 (Couples-are-Forever and the
  // octal games .6, .601, ...; offset 0).
  const ValueSequence officers = {
      0, 0, 1, 2, 0, 1, 2, 3, 1, 2, 3, 4, 0, 3, 4, 2, 1, 3, 2, 1, 0, 2, 1, 4, 5, 1,
      4, 5, 1, 2, 0, 1, 2, 3, 1, 2, 3, 4, 2, 3, 4, 2, 3, 4, 2, 1, 0, 2, 8, 4, 5, 3,
      4, 5, 6, 2, 5, 1, 2, 3, 1, 2, 3, 4, 2, 3, 4, 2, 3, 4, 2, 3, 0, 2, 3, 4, 5, 3,
      4, 5, 6, 4, 5, 6, 2, 3, 1, 2, 3, 4, 2, 3, 4, 2, 3, 4, 2, 3, 0, 2, 3, 4};
  // Dawson's Chess (0.137), G(0..130): OEIS A002187 (offset 0).
  const ValueSequence dawsons_chess = {
      0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1,
      0, 4, 5, 2, 7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1,
      1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5,
      5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3,
      3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4};
  // .127 (OEIS A071464, offset 1: a(n) = G(n)), G(1..87).
  const ValueSequence octal127 = {
      1, 0, 2, 2, 1, 0, 4, 4, 1, 2, 2, 0, 1, 4, 4, 6, 1, 7, 7, 0, 1, 2, 2, 6, 1, 4, 4, 8, 1,
      2, 7, 8, 1, 0, 7, 2, 6, 8, 1, 4, 9, 8, 1, 2, 6, 0, 1, 4, 6, 2, 1, 8, 9, 0, 1, 6, 2, 2,
      7, 0, 1, 8, 3, 2, 1, 4, 4, 8, 9, 2, 7, 8, 1, 0, 9, 2, 2, 6, 4, 4, 1, 8, 3, 2, 1, 0, 4};
  struct Case {
    const char* code;
    const ValueSequence* values;
    std::size_t offset;
  };
  for (const Case& c : {Case{"0.77", &kayles, 0}, Case{"0.07", &dawson, 0},
                        Case{"0.6", &officers, 0}, Case{"0.137", &dawsons_chess, 0},
                        Case{"0.127", &octal127, 1}}) {
    SCOPED_TRACE(c.code);
    const Heap last = c.values->size() + c.offset - 1;
    const ValueSequence slow = naive(c.code, last);
    const ValueSequence fast = rare_common(c.code, last);
    EXPECT_SAME_SEQUENCE(ValueSequence(slow.begin() + c.offset, slow.end()), *c.values);
    EXPECT_SAME_SEQUENCE(ValueSequence(fast.begin() + c.offset, fast.end()), *c.values);
  }
}

TEST(SequenceEngineStress, PublishedPeriodsAndRareCounts) {
  // .127: "eventually periodic with period 4, the last exception is at
  // n = 46577" (OEIS A071464, after Gangolli & Plambeck, IJGT 18, 1989).
  const ValueSequence g127 = rare_common("0.127", 60000);
  for (Heap n = 46578; n + 4 <= 60000; ++n) ASSERT_EQ(g127[n], g127[n + 4]) << n;
  EXPECT_NE(g127[46577], g127[46581]);
  // .56: "eventually periodic with period 144, the last exception is at
  // n = 326637" (OEIS A071436, after Gangolli & Plambeck). Checked up to an
  // index convention of one period: periodic from 326637 + 144 on, and an
  // exception within a period of 326637.
  const ValueSequence g56 = rare_common("0.56", 340000);
  for (Heap n = 326637 + 144; n + 144 <= 340000; ++n) ASSERT_EQ(g56[n], g56[n + 144]) << n;
  bool exception = false;
  for (Heap n = 326637 - 144; n <= 326637 + 144; ++n)
    exception = exception || g56[n] != g56[n + 144];
  EXPECT_TRUE(exception);
  // Officers: 1584 rare values (G(0) included), the last at n = 20627
  // (mvr.github.io, "Constraining the period of Officers", 2026).
  RareCommonEngine engine(TakeAndBreak::parse("0.6"));
  ValueSequence officers;
  ASSERT_TRUE(engine.extend(officers, 200000, {}));
  const Nimber mask = engine.progress().mask;
  Heap count = 0, last_rare = 0;
  for (Heap n = 0; n < officers.size(); ++n)
    if (std::popcount(officers[n] & mask) % 2 == 0) {
      ++count;
      last_rare = n;
    }
  EXPECT_EQ(count, 1584u);
  EXPECT_EQ(last_rare, 20627u);
  EXPECT_EQ(engine.progress().rare_count + 1, 1584u);
}

}  // namespace
}  // namespace grundy::sequence_engine_test
