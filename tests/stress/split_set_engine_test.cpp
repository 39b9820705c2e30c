// The split-set engine (codes whose moves can leave three heaps) against the
// naive engine, its by-definition twin: random hexadecimal codes with a
// three-heap digit, values that outgrow 64, 128, ... mid-run (sets of more
// words, words moved by the xor), runs extended in pieces, on a vector and on
// caller-owned storage, and stopped and resumed.
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

namespace grundy {
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

TEST(SplitSetEngineStress, RandomThreeHeapCodesAgainstTheNaiveEngine) {
  std::mt19937_64 rng(kSeed);
  for (int trial = 0; trial < 150; ++trial) {
    const std::string text = random_three_heap_code(rng);
    SCOPED_TRACE("seed " + std::to_string(kSeed) + ", trial " + std::to_string(trial) +
                 ", code " + text);
    const TakeAndBreak code = TakeAndBreak::parse(text);
    const Heap last = 260;
    const ValueSequence expected = naive(text, last);
    auto engine = make_split_set_engine(code);
    EXPECT_SAME_SEQUENCE(run(*engine, last), expected);
    auto fast = make_fast_engine(code, 1);
    EXPECT_SAME_SEQUENCE(run(*fast, last), expected);
  }
}

TEST(SplitSetEngineStress, GrowingValues) {
  // Codes whose values grow (arithmetic-periodic or close to it), so the
  // sets widen several times within a run: 0.8 reaches 999 and 0.9A 1967
  // by n = 3000 (by the naive engine).
  for (const char* text : {"0.8", "0.9A", "4!.8", "0.E7", "0.0008", "C.1"}) {
    SCOPED_TRACE(text);
    const Heap last = 1500;
    auto engine = make_split_set_engine(TakeAndBreak::parse(text));
    EXPECT_SAME_SEQUENCE(run(*engine, last), naive(text, last));
  }
}

TEST(SplitSetEngineStress, ExtendedInPiecesOnBothKindsOfStorage) {
  std::mt19937_64 rng(kSeed + 1);
  for (int trial = 0; trial < 40; ++trial) {
    const std::string text = random_three_heap_code(rng);
    SCOPED_TRACE("code " + text);
    const TakeAndBreak code = TakeAndBreak::parse(text);
    const Heap last = 400;
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
    ASSERT_TRUE(a->extend_in(storage.data(), known, 150, {}));
    ASSERT_TRUE(a->extend_in(storage.data(), known, 250, {}));
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
    // A prefix loaded from elsewhere (a checkpoint): a fresh vector of it.
    ValueSequence resumed(expected.begin(), expected.begin() + 200);
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
  // three_heap_work sums its per-heap cost over runs of n in closed form;
  // here the same per-heap cost summed heap by heap (V the power of two above
  // n, at least 64, at most 65536; W = V/64): n/2 + W per two-heap digit +
  // (n/3 + 64) W per three-heap digit.
  for (const char* text : {"0.8", "0.9A", "0.3F", "4!.8", "C.1"}) {
    SCOPED_TRACE(text);
    const TakeAndBreak code = TakeAndBreak::parse(text);
    std::uint64_t two = 0, three = 0;
    for (Heap k = 0; k <= code.last_digit(); ++k) {
      two += (code.digit(k) & 4) != 0;
      three += (code.digit(k) & 8) != 0;
    }
    double sum = 0;
    for (Heap n = 0; n <= 200000; ++n) {
      const double w = static_cast<double>(
          std::min<Heap>(65536, std::max<Heap>(64, std::bit_ceil(n + 1))) / 64);
      sum += n / 2.0 + two * w + three * (n / 3.0 + 64) * w;
      if (n == 1000 || n == 70000 || n == 200000) {
        const double model = static_cast<double>(three_heap_work(code, n));
        EXPECT_NEAR(model / sum, 1.0, 0.01) << "n = " << n;
      }
    }
    EXPECT_EQ(three_heap_set_bytes(code, 99999), std::uint64_t{100000} * 65536 / 8);  // V = 65536
    EXPECT_EQ(three_heap_set_bytes(code, 999), 1000u * 1024 / 8);
  }
  EXPECT_EQ(three_heap_set_bytes(TakeAndBreak::parse("0.6"), 1000), 0u);
  EXPECT_EQ(three_heap_work(TakeAndBreak::parse("0.8[3]"), 500),
            TakeAndBreak::parse("0.8[3]").compute_cost(500));
}

TEST(SplitSetEngineStress, RefusesCodesItDoesNotCompute) {
  for (const char* text : {"0.77", "0.6", "4!.0", "0.8[3]"})
    EXPECT_THROW(make_split_set_engine(TakeAndBreak::parse(text)), InputError) << text;
}

}  // namespace
}  // namespace grundy
