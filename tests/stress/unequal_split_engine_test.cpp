// The sequence engines on codes whose splits must leave two UNEQUAL heaps
// (the '!' modifier; Grundy's game is 4!.0): the rare/common engine against
// the naive engine (one and two threads, forced masks, forced speculation,
// resumed prefixes), the naive engine against grundy::naive_heap_values
// (the ruleset's option generator), and Grundy's game's values as a heap
// ruleset (grundy-game) against the engine's at a large n.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "grundy/rules/registry.h"
#include "grundy/rules/take_and_break.h"
#include "grundy/solve/heap_values.h"
#include "grundy/solve/sequence_engine.h"
#include "solve/engines/rare_common.h"
#include "support/engine_runs.h"

namespace grundy::unequal_split_engine_test {
namespace {

constexpr std::uint64_t kSeed = 20261125;

TEST(UnequalSplitEngineStress, GrundysGameRareCommonAgainstNaive) {
  const ValueSequence expected = naive("4!.0", 6000);
  // The equal split must really be excluded: 4.0 (equal splits allowed)
  // differs from n = 4 on.
  EXPECT_NE(naive("4.0", 10), ValueSequence(expected.begin(), expected.begin() + 11));
  for (unsigned threads : {1u, 2u}) {
    SCOPED_TRACE("threads " + std::to_string(threads));
    RareCommonOptions options;
    options.threads = threads;
    EXPECT_SAME_SEQUENCE(rare_common("4!.0", 6000, options), expected);
    options.simd = false;
    EXPECT_SAME_SEQUENCE(rare_common("4!.0", 6000, options), expected);
  }
  // Rollbacks: every scan handed over at once, so that some fail.
  RareCommonOptions speculating;
  speculating.threads = 2;
  speculating.force_speculation = true;
  EXPECT_SAME_SEQUENCE(rare_common("4!.0", 6000, speculating), expected);
}

TEST(UnequalSplitEngineStress, ForcedMasksGiveTheSameSequence) {
  // Any mask is correct. Mask 0 pairs every split, so the doubt about value
  // 0 (the equal split) is the only scan; 0xFFFE is Flammenkamp's sparse
  // space for Grundy's game (the parity of the value without its lowest bit).
  const ValueSequence expected = naive("4!.0", 3000);
  for (Nimber mask : {Nimber{0}, Nimber{1}, Nimber{2}, Nimber{3}, Nimber{0xFFFE}, Nimber{0x155},
                      Nimber{0x8000}}) {
    SCOPED_TRACE("mask " + std::to_string(mask));
    RareCommonOptions options;
    options.mask = mask;
    options.threads = 1 + static_cast<unsigned>(mask % 2);
    EXPECT_SAME_SEQUENCE(rare_common("4!.0", 3000, options), expected);
  }
}

TEST(UnequalSplitEngineStress, ResumedPrefixesContinueExactly) {
  const ValueSequence expected = naive("4!.0", 5000);
  for (Heap cut : {Heap{1}, Heap{2}, Heap{5}, Heap{100}, Heap{2049}, Heap{4000}}) {
    SCOPED_TRACE("cut " + std::to_string(cut));
    ValueSequence values(expected.begin(), expected.begin() + cut);
    RareCommonOptions options;
    options.threads = 1 + static_cast<unsigned>(cut % 2);
    RareCommonEngine engine(TakeAndBreak::parse("4!.0"), options);
    EXPECT_TRUE(engine.extend(values, 5000, {}));
    EXPECT_SAME_SEQUENCE(values, expected);
  }
}

// A random finite code with at least one two-heap digit carrying '!':
// d0 0 or 4(!), 1-5 octal or hexadecimal digits without three-heap bits.
std::string random_unequal_code(std::mt19937_64& rng) {
  const bool hex = rng() % 3 == 0;
  std::string code = rng() % 2 ? "4!." : (rng() % 2 ? "4." : "0.");
  bool marked = code[1] == '!';
  const unsigned digits = 1 + static_cast<unsigned>(rng() % 5);
  for (unsigned i = 0; i < digits; ++i) {
    unsigned d = static_cast<unsigned>(rng() % 8);
    if (hex && rng() % 2) d |= 8;
    if (d & 8) d &= ~4u;  // a three-heap digit takes no modifier
    code += "0123456789ABCDEF"[d];
    if ((d & 4) && (rng() % 2 || (!marked && i + 1 == digits))) {
      code += '!';
      marked = true;
    }
  }
  if (!marked) code += "4!";
  return code;
}

TEST(UnequalSplitEngineStress, RandomCodesWithUnequalSplits) {
  std::mt19937_64 rng(kSeed);
  for (int trial = 0; trial < 80; ++trial) {
    const std::string text = random_unequal_code(rng);
    SCOPED_TRACE("seed " + std::to_string(kSeed) + ", trial " + std::to_string(trial) + ", code " +
                 text);
    const TakeAndBreak code = TakeAndBreak::parse(text);
    ASSERT_TRUE(code.has_modifiers());
    const Heap last = code.max_parts() == 3 ? 150 : 3000;
    const ValueSequence expected = naive(text, last);
    // The naive engine against the option generator, a third implementation.
    const Heap small = std::min<Heap>(last, 150);
    const std::vector<Nimber> third = naive_heap_values(code, small);
    for (Heap n = 0; n <= small; ++n) ASSERT_EQ(expected[n], third[n]) << "n = " << n;
    if (rare_common_applies(code)) {
      RareCommonOptions options;
      options.threads = 1 + trial % 2;
      options.force_speculation = trial % 4 == 3;
      EXPECT_SAME_SEQUENCE(rare_common(text, last, options), expected);
    }
    auto fast = make_fast_engine(code, 2);
    EXPECT_SAME_SEQUENCE(run(*fast, last), expected);
  }
}

TEST(UnequalSplitEngineStress, GrundyGameRulesetAtLargeHeap) {
  // grundy-game as a heap ruleset takes its values from the code engine
  // (4!.0); against the naive engine up to n = 20000, where the naive one
  // still runs in well under a second.
  const Heap last = 20000;
  const ValueSequence expected = naive("4!.0", last);
  const auto ruleset = parse_ruleset("grundy-game");
  const HeapRuleset* heaps = heap_ruleset_of(*ruleset);
  ASSERT_NE(heaps, nullptr);
  ComputeLimits limits;
  limits.max_code_values = last + 1;
  HeapValues values(*heaps, limits);
  ASSERT_NE(values.code(), nullptr);
  EXPECT_EQ(values.code()->name(), "4!.0");
  for (Heap n : {last, Heap{19999}, Heap{12345}, Heap{4096}, Heap{3}})
    EXPECT_EQ(values.value(n), expected[n]) << "n = " << n;
  for (Heap n = 0; n <= last; ++n) ASSERT_EQ(values.value(n), expected[n]) << "n = " << n;
  EXPECT_EQ(values.method(), "computed by mex");
}

}  // namespace
}  // namespace grundy::unequal_split_engine_test
