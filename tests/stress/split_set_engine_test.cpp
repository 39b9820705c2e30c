// The split-set engine (codes whose moves can leave three heaps, and infinite
// codes) against the naive engine, its by-definition twin: random
// hexadecimal codes with a three-heap digit or a repeated block, values that
// outgrow 64, 128, ... mid-run (sets of more words, words moved by the xor),
// runs extended in pieces, on a vector and on caller-owned storage, and
// stopped and resumed.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <random>
#include <string>
#include <vector>

#include "grundy/core/error.h"
#include "grundy/rules/take_and_break.h"
#include "grundy/solve/sequence_engine.h"
#include "support/engine_runs.h"

namespace grundy::split_set_engine_test {
namespace {

constexpr std::uint64_t kSeed = 20261127;

// A finite hexadecimal code with at least one digit that can leave three
// heaps (bit 8): d0 in {0, 4, 8, C}, 1-5 digits after the point, and now and
// then a '!' on a digit that leaves two heaps but not three.
std::string random_three_heap_code(std::mt19937_64& rng) {
  static const char* kHex = "0123456789ABCDEF";
  while (true) {
    std::string code(1, "048C"[rng() % 4]);
    if (code[0] == '4' && rng() % 3 == 0) code += '!';
    code += '.';
    const unsigned digits = 1 + static_cast<unsigned>(rng() % 5);
    for (unsigned i = 0; i < digits; ++i) {
      const unsigned d = static_cast<unsigned>(rng() % 16);
      code += kHex[d];
      if ((d & 4) && !(d & 8) && rng() % 4 == 0) code += '!';
    }
    if (TakeAndBreak::parse(code).max_parts() == 3) return code;
  }
}

// An infinite hexadecimal code: d0 in {0, 4, 8, C}, 0-3 digits after the
// point, then a repeated block of 1-3 digits, with '!' now and then on a
// digit that leaves two heaps but not three (in the block too). Three-heap
// digits only when `three`.
std::string random_infinite_code(std::mt19937_64& rng, bool three) {
  static const char* kHex = "0123456789ABCDEF";
  const unsigned digit_mask = three ? 15 : 7;
  while (true) {
    std::string code(1, "048C"[rng() % (three ? 4 : 2)]);
    if (code[0] == '4' && rng() % 3 == 0) code += '!';
    code += '.';
    const auto add_digits = [&](unsigned count) {
      for (unsigned i = 0; i < count; ++i) {
        const unsigned d = static_cast<unsigned>(rng() % 16) & digit_mask;
        code += kHex[d];
        if ((d & 4) && !(d & 8) && rng() % 4 == 0) code += '!';
      }
    };
    add_digits(static_cast<unsigned>(rng() % 4));
    code += '[';
    add_digits(1 + static_cast<unsigned>(rng() % 3));
    code += ']';
    const TakeAndBreak parsed = TakeAndBreak::parse(code);
    if (!parsed.is_finite() && (parsed.max_parts() == 3) == three) return code;
  }
}

// G(0..last) of `text` by the split-set engine, and by the engine
// make_fast_engine picks (the same), against the naive engine.
void expect_naive_values(const std::string& text, Heap last) {
  const TakeAndBreak code = TakeAndBreak::parse(text);
  const ValueSequence expected = naive(text, last);
  auto engine = make_split_set_engine(code);
  EXPECT_SAME_SEQUENCE(run(*engine, last), expected);
  auto fast = make_fast_engine(code, 1);
  EXPECT_SAME_SEQUENCE(run(*fast, last), expected);
}

TEST(SplitSetEngineStress, RandomThreeHeapCodesAgainstTheNaiveEngine) {
  std::mt19937_64 rng(kSeed);
  for (int trial = 0; trial < 150; ++trial) {
    const std::string text = random_three_heap_code(rng);
    SCOPED_TRACE("seed " + std::to_string(kSeed) + ", trial " + std::to_string(trial) +
                 ", code " + text);
    expect_naive_values(text, 260);
  }
}

TEST(SplitSetEngineStress, RandomInfiniteCodesAgainstTheNaiveEngine) {
  std::mt19937_64 rng(kSeed + 2);
  for (int trial = 0; trial < 300; ++trial) {
    const bool three = trial % 3 == 0;
    const std::string text = random_infinite_code(rng, three);
    SCOPED_TRACE("seed " + std::to_string(kSeed + 2) + ", trial " + std::to_string(trial) +
                 ", code " + text);
    // The naive engine takes O(n^2) a value for these (O(n^3) with three
    // heaps).
    expect_naive_values(text, three ? 120 : 400);
  }
}

TEST(SplitSetEngineStress, GrowingValues) {
  // Codes whose values grow (arithmetic-periodic or close to it), so the
  // sets widen several times within a run: 0.8 reaches 999 and 0.9A 1967
  // by n = 3000 (by the naive engine).
  // Infinite codes: 0.[7] (values n), 4.[7], 0.1[6], 0.[37]!... grow too.
  for (const char* text : {"0.8", "0.9A", "4!.8", "0.E7", "0.0008", "C.1", "0.[7]", "4.[7]",
                           "0.1[6]", "0.[37!]", "0.2[64!]"}) {
    SCOPED_TRACE(text);
    const Heap last = TakeAndBreak::parse(text).is_finite() ? 1500 : 1100;
    auto engine = make_split_set_engine(TakeAndBreak::parse(text));
    EXPECT_SAME_SEQUENCE(run(*engine, last), naive(text, last));
  }
}

TEST(SplitSetEngineStress, EveryVectorTargetAgreesWithTheNaiveEngine) {
  // The three-heap sets are built by a vector kernel (sequence_kernels.h):
  // values past 64 times the lanes of each target, so that vectors move
  // whole (0.9A reaches 1024 before n = 1600 and 2048 soon after 3000; 0.8
  // reaches 999 at 3000) and are permuted within (every v >> 6 mod the
  // lanes). 0.8! runs the kernel without the equal splits (S3!, '!' on
  // three heaps; 0.8! reaches 745 at 3000), 0.VV on the sets S3 (four
  // heaps; G(700) = 700).
  struct Case {
    const char* code;
    Heap last;
  };
  const std::vector<Case> cases = {Case{"0.9A", 3300}, Case{"0.8", 3000}, Case{"8.[7]", 900},
                                   Case{"0.8!", 2200}, Case{"0.VV", 700}};
  std::vector<ValueSequence> expected;
  for (const Case& c : cases) expected.push_back(naive(c.code, c.last));
  for_each_vector_target([&] {
    for (std::size_t i = 0; i < cases.size(); ++i) {
      SCOPED_TRACE(cases[i].code);
      auto engine = make_split_set_engine(TakeAndBreak::parse(cases[i].code));
      EXPECT_SAME_SEQUENCE(run(*engine, cases[i].last), expected[i]);
    }
  });
}

TEST(SplitSetEngineStress, TwoThreadsAgreeWithOne) {
  // With two threads the upper half of each large S3 is made on a helper
  // (once its unions reach 2^16 set words: 0.8 from about n = 6150, 0.9A
  // from 3150, 8.[7] and 0.[F] from 3072): the whole sequences against one
  // thread's (itself
  // compared with the naive engine above), the naive engine's where it is
  // fast enough, in pieces, and a stop and resume.
  for (const char* text : {"0.8", "0.9A", "8.[7]", "0.[F]", "C.1"}) {
    SCOPED_TRACE(text);
    const TakeAndBreak code = TakeAndBreak::parse(text);
    const Heap last = 7000;
    auto one = make_split_set_engine(code, 1);
    const ValueSequence expected = run(*one, last);
    auto two = make_split_set_engine(code, 2);
    EXPECT_SAME_SEQUENCE(run(*two, last), expected);
    auto pieces = make_split_set_engine(code, 2);
    ValueSequence values;
    for (Heap to : {Heap{2500}, Heap{4000}, Heap{5999}, last})
      ASSERT_TRUE(pieces->extend(values, to, {}));
    EXPECT_SAME_SEQUENCE(values, expected);
  }
  const Heap last = 3400;
  auto two = make_split_set_engine(TakeAndBreak::parse("0.9A"), 2);
  EXPECT_SAME_SEQUENCE(run(*two, last), naive("0.9A", last));
}

TEST(SplitSetEngineStress, ExtendedInPiecesOnBothKindsOfStorage) {
  std::mt19937_64 rng(kSeed + 1);
  for (int trial = 0; trial < 60; ++trial) {
    const std::string text = trial % 3 == 0 ? random_three_heap_code(rng)
                                            : random_infinite_code(rng, trial % 3 == 1);
    SCOPED_TRACE("code " + text);
    const TakeAndBreak code = TakeAndBreak::parse(text);
    const TakeAndBreak parsed = TakeAndBreak::parse(text);
    const Heap last = parsed.is_finite() || parsed.max_parts() < 3 ? 400 : 150;
    const ValueSequence expected = naive(text, last);

    // A vector, extended in random pieces by one engine.
    auto engine = make_split_set_engine(code);
    ValueSequence values;
    Heap to = 0;
    while (to < last) {
      to = std::min<Heap>(last, to + 1 + rng() % 120);
      ASSERT_TRUE(engine->extend(values, to, {}));
    }
    EXPECT_SAME_SEQUENCE(values, expected);

    // Caller-owned storage: the engine goes on from its own state while the
    // storage is the one it left, and rebuilds from the prefix otherwise
    // (another engine's prefix, or storage of its own).
    std::vector<Value16> storage(last + 1, 0xFFFF);
    Heap known = 0;
    auto a = make_split_set_engine(code);
    ASSERT_TRUE(a->extend_in(storage.data(), known, last / 3, {}));
    ASSERT_TRUE(a->extend_in(storage.data(), known, 2 * last / 3, {}));
    // Other storage at the same size, with another prefix (G(5) changed):
    // the engine must rebuild from it, as the naive engine computes from it.
    std::vector<Value16> other(storage), other_expected(storage);
    other[5] = other_expected[5] = static_cast<Value16>(other[5] ^ 1);
    Heap other_known = known, naive_known = known;
    ASSERT_TRUE(a->extend_in(other.data(), other_known, last, {}));
    ASSERT_TRUE(make_naive_engine(code)->extend_in(other_expected.data(), naive_known, last, {}));
    EXPECT_TRUE(other == other_expected) << "a changed prefix";
    auto b = make_split_set_engine(code);
    ASSERT_TRUE(b->extend_in(storage.data(), known, last, {}));
    EXPECT_EQ(known, last + 1);
    EXPECT_SAME_SEQUENCE(ValueSequence(storage.begin(), storage.end()), expected);
    // A vector of the length the engine left but with another prefix (G(5)
    // changed): the engine must rebuild from it, not go on from its state.
    ValueSequence half;
    ASSERT_TRUE(engine->extend(half, last / 2, {}));
    ValueSequence changed(half), changed_expected(last + 1);
    changed[5] = static_cast<Value16>(changed[5] ^ 1);
    std::copy(changed.begin(), changed.end(), changed_expected.begin());
    Heap changed_known = changed.size();
    ASSERT_TRUE(make_naive_engine(code)->extend_in(changed_expected.data(), changed_known, last, {}));
    ASSERT_TRUE(engine->extend(changed, last, {}));
    EXPECT_SAME_SEQUENCE(changed, changed_expected);
    // A prefix loaded from elsewhere (a checkpoint): a fresh vector of it.
    ValueSequence resumed(expected.begin(), expected.begin() + last / 2);
    ASSERT_TRUE(a->extend(resumed, last, {}));
    EXPECT_SAME_SEQUENCE(resumed, expected);
  }
}

TEST(SplitSetEngineStress, StopsWithAPrefixAndResumes) {
  const std::string text = "0.9A";
  const Heap last = 2000;
  const ValueSequence expected = naive(text, last);
  auto engine = make_split_set_engine(TakeAndBreak::parse(text));
  std::atomic<bool> stop{false};
  EngineControl control;
  control.stop = &stop;
  Heap reports = 0;
  control.progress = [&](const EngineProgress& p) {
    ++reports;
    EXPECT_LE(p.reached, last + 1);
  };
  ValueSequence values;
  ASSERT_TRUE(engine->extend(values, 700, control));
  stop = true;
  EXPECT_FALSE(engine->extend(values, last, control));  // stops at its first check
  EXPECT_GE(values.size(), 701u);
  EXPECT_LT(values.size(), last + 1);
  EXPECT_TRUE(std::equal(values.begin(), values.end(), expected.begin()));
  stop = false;
  ASSERT_TRUE(engine->extend(values, last, control));
  EXPECT_SAME_SEQUENCE(values, expected);
  EXPECT_GT(reports, 0u);
}

TEST(SplitSetEngineStress, WorkAndMemoryModelsAgreeWithTheirPerHeapSums) {
  // split_set_work sums its per-heap cost over runs of n in closed form;
  // here the same per-heap cost summed heap by heap (V the power of two above
  // n, at least 64, at most 65536; W = V/64): n/2 for S2(n) when moves can
  // leave two heaps or more, (n/3 + 64) W for S3(n) when three, and W per
  // set union: one per two- or three-heap digit before the block, one per
  // kind of set of each block digit, and one per kind to join a heap size
  // to its residue. With modifiers: n/3 look-ups for S3?(n), and n
  // look-ups plus (n + 64) W for S3!(n) (in place of S3(n) unless the code
  // has other three-heap digits); a '=' digit needs no S2 or S3. Four heaps:
  // (n/4 + 64) W for S4(n), n/4 look-ups for S4?(n); for S4!, the knapsack
  // (distinct_part_sets.h): once G(a) is known, (last - a) unions in each of
  // four families, 4 W each, a sum that depends on the last heap.
  struct Case {
    const char* code;
    unsigned unions;
    bool two, three, some = false, distinct = false, four = false, four_some = false,
         four_distinct = false;
  };
  for (const Case& c :
       {Case{"0.8", 1, true, true}, Case{"0.9A", 2, true, true}, Case{"0.3F", 2, true, true},
        Case{"4!.8", 2, true, true}, Case{"C.1", 2, true, true},
        Case{"0.[7]", 2 + 2, true, false}, Case{"0.8[3]", 1 + 1 + 1, true, true},
        Case{"4.1[F6]", 1 + 5 + 3, true, true}, Case{"0.8?", 1, true, true, true},
        Case{"0.8!", 1, true, false, false, true}, Case{"0.9A!", 2, true, true, false, true},
        Case{"0.8=", 1, false, false}, Case{"4=.8=", 2, false, false},
        Case{"0.G", 1, true, true, false, false, true},
        Case{"0.G?", 1, true, true, false, false, true, true},
        Case{"0.G!", 1, false, false, false, false, false, false, true},
        Case{"0.4G!", 2, true, false, false, false, false, false, true}}) {
    SCOPED_TRACE(c.code);
    const TakeAndBreak code = TakeAndBreak::parse(c.code);
    double sum = 0;
    for (Heap n = 0; n <= 200000; ++n) {
      const double w = static_cast<double>(
          std::min<Heap>(65536, std::max<Heap>(64, std::bit_ceil(n + 1))) / 64);
      sum += (c.two ? n / 2.0 : 0) + c.unions * w + (c.three ? (n / 3.0 + 64) * w : 0) +
             (c.some ? n / 3.0 : 0) + (c.distinct ? n + (n + 64.0) * w : 0) +
             (c.four ? (n / 4.0 + 64) * w : 0) + (c.four_some ? n / 4.0 : 0);
      if (n == 1000 || n == 70000 || n == 200000) {
        double knapsack = 0;
        for (Heap a = 0; c.four_distinct && a <= n; ++a)
          knapsack += 16.0 * static_cast<double>(n - a) *
                      static_cast<double>(
                          std::min<Heap>(65536, std::max<Heap>(64, std::bit_ceil(a + 1))) / 64);
        const double model = static_cast<double>(split_set_work(code, n));
        EXPECT_NEAR(model / (sum + knapsack), 1.0, 0.01) << "n = " << n;
      }
    }
  }
  // Sets of 65536 bits: S2 of every heap size with three-heap moves, a
  // window of f + 2 of them and three per residue otherwise; and the copy of
  // the values.
  EXPECT_EQ(split_set_bytes(TakeAndBreak::parse("0.9A"), 99999),
            std::uint64_t{100000} * 65536 / 8 + 2 * 100000);
  EXPECT_EQ(split_set_bytes(TakeAndBreak::parse("0.9A"), 999), 1000u * 1024 / 8 + 2 * 1000);
  EXPECT_EQ(split_set_bytes(TakeAndBreak::parse("0.1[76]"), 99999),
            std::uint64_t{3 + 3 * 2} * 65536 / 8 + 2 * 100000);
  EXPECT_EQ(split_set_bytes(TakeAndBreak::parse("0.8!"), 999), 1000u * 1024 / 8 + 2 * 1000);
  EXPECT_EQ(split_set_bytes(TakeAndBreak::parse("0.8="), 999), 2u * 1000);  // no sets
  // Four heaps: S3 kept for every heap size too.
  EXPECT_EQ(split_set_bytes(TakeAndBreak::parse("0.G"), 999), 2000u * 1024 / 8 + 2 * 1000);
  // '!' on four heaps: the knapsack's four families up to the last heap,
  // and with two heaps too the ring of S2.
  EXPECT_EQ(split_set_bytes(TakeAndBreak::parse("0.G!"), 999), 4000u * 1024 / 8 + 2 * 1000);
  EXPECT_EQ(split_set_bytes(TakeAndBreak::parse("0.4G!"), 999),
            (4000u + 2 + 2) * 1024 / 8 + 2 * 1000);  // a ring of f + 2
  EXPECT_EQ(split_set_bytes(TakeAndBreak::parse("0.6"), 1000), 0u);
  EXPECT_EQ(split_set_work(TakeAndBreak::parse("0.6"), 1000), 0u);
}

TEST(SplitSetEngineStress, RefusesCodesItDoesNotCompute) {
  for (const char* text : {"0.77", "0.6", "4!.0", "0.137"})
    EXPECT_THROW(make_split_set_engine(TakeAndBreak::parse(text)), InputError) << text;
}

}  // namespace
}  // namespace grundy::split_set_engine_test
