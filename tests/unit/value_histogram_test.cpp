// Value counts over ranges of heap sizes (value_histogram.h) against their
// twin, counting G(n) heap by heap through value_from_periodicity, on proven
// periods of octal codes (the values from the naive mex) and on an
// arithmetic period; far ranges by totals and by one residue class counted
// by hand.
#include "grundy/solve/value_histogram.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "grundy/core/error.h"
#include "grundy/rules/take_and_break.h"
#include "grundy/solve/heap_values.h"
#include "grundy/solve/periodicity.h"

namespace grundy::value_histogram_test {
namespace {

std::vector<std::uint16_t> code_values(const TakeAndBreak& code, Heap count) {
  std::vector<std::uint16_t> values;
  for (const Nimber v : naive_heap_values(code, count - 1))
    values.push_back(static_cast<std::uint16_t>(v));
  return values;
}

std::map<Nimber, std::uint64_t> one_by_one(std::span<const std::uint16_t> known,
                                           const Periodicity& p, Heap from, Heap to) {
  std::map<Nimber, std::uint64_t> counts;
  for (Heap n = from; n <= to; ++n) ++counts[*value_from_periodicity(p, known, n)];
  return counts;
}

TEST(ValueHistogram, CountsSmallAndLargeValues) {
  ValueHistogram h;
  EXPECT_TRUE(h.empty());
  EXPECT_EQ(h.max_value(), 0u);
  const std::vector<std::uint16_t> values = {3, 0, 3, 65535};
  h.add_each(values);
  h.add(70000, 5);
  h.add(3, 0);  // no heaps: nothing counted
  h.add(0);
  const std::map<Nimber, std::uint64_t> expected = {{0, 2}, {3, 2}, {65535, 1}, {70000, 5}};
  EXPECT_EQ(h.counts(), expected);
  EXPECT_EQ(h.max_value(), 70000u);
  EXPECT_EQ(h.total(), 10u);
}

// Kayles (0.77), 0.137, 4.7 and Dawson's Kayles (0.07): their periods
// proven (periodicity.h) over naive values, then random ranges inside and
// past the values known.
TEST(ValueHistogram, ProvenPeriodsAgreeWithCountingEachHeap) {
  std::mt19937_64 random(20261126);
  for (const char* name : {"0.77", "0.137", "4.7", "0.07"}) {
    const TakeAndBreak code = TakeAndBreak::parse(name);
    const std::vector<std::uint16_t> known = code_values(code, 600);
    const Periodicity p = find_periodicity(code, known);
    ASSERT_TRUE(p.proven) << name;
    ASSERT_EQ(p.saltus, 0) << name;
    for (int trial = 0; trial < 200; ++trial) {
      const Heap from = random() % 1500;
      const Heap to = from + random() % 1500;
      ValueHistogram h;
      add_sequence_values(h, known, p, from, to);
      EXPECT_EQ(h.counts(), one_by_one(known, p, from, to)) << name << " " << from << ".." << to;
      EXPECT_EQ(h.total(), to - from + 1);
    }
  }
}

TEST(ValueHistogram, FarRangesAreExact) {
  const TakeAndBreak kayles = TakeAndBreak::parse("0.77");
  const std::vector<std::uint16_t> known = code_values(kayles, 600);
  const Periodicity p = find_periodicity(kayles, known);
  ASSERT_TRUE(p.proven);
  ValueHistogram h;
  add_sequence_values(h, known, p, 0, kMaxHeap);
  // Every heap counted once: 2^63 of them.
  EXPECT_EQ(h.total(), Heap{1} << 63);
  // One class by hand: the heaps n >= 600 with n = 600 (mod 12) all have
  // G(600); there are (2^63 - 1 - 600) / 12 + 1 of them, and every heap of
  // that value is in some class, so its count is at least that many.
  const Nimber v600 = *value_from_periodicity(p, known, 600);
  EXPECT_GE(h.counts().at(v600), (kMaxHeap - 600) / p.period + 1);
  // The sum over a class-aligned window is period times the window count.
  ValueHistogram window;
  add_sequence_values(window, known, p, kMaxHeap - 12 * 1000 + 1, kMaxHeap);
  ValueHistogram near;
  add_sequence_values(near, known, p, 600, 600 + 12 * 1000 - 1);
  EXPECT_EQ(window.counts(), near.counts());
}

// Nim's values as an arithmetic period (preperiod 0, period 1, saltus 1):
// counted one at a time, and refused past kMaxOneByOne before any count.
TEST(ValueHistogram, SaltusCountsEachHeapAndIsBounded) {
  const std::vector<std::uint16_t> known = {0, 1, 2, 3};
  Periodicity p;
  p.preperiod = 0;
  p.period = 1;
  p.saltus = 1;
  p.proven = true;
  ValueHistogram h;
  add_sequence_values(h, known, p, 2, 70001);
  EXPECT_EQ(h.total(), 70000u);
  EXPECT_EQ(h.counts(), one_by_one(known, p, 2, 70001));
  EXPECT_EQ(h.max_value(), 70001u);
  ValueHistogram refused;
  EXPECT_THROW(add_sequence_values(refused, known, p, 0, kMaxOneByOne + 10), LimitError);
  EXPECT_TRUE(refused.empty());
}

TEST(ValueHistogram, NoPeriodMeansOnlyTheValuesKnown) {
  const std::vector<std::uint16_t> known = {0, 1, 1, 2};
  ValueHistogram h;
  add_sequence_values(h, known, std::nullopt, 1, 3);
  EXPECT_EQ(h.total(), 3u);
  EXPECT_THROW(add_sequence_values(h, known, std::nullopt, 1, 4), LimitError);
  Periodicity observed;
  observed.preperiod = 1;
  observed.period = 1;
  observed.proven = false;
  EXPECT_THROW(add_sequence_values(h, known, observed, 0, 9), LimitError);
  ValueHistogram accepted;
  add_sequence_values(accepted, known, observed, 0, 9, true);
  EXPECT_EQ(accepted.total(), 10u);
  EXPECT_THROW(add_sequence_values(h, known, observed, 0, kMaxHeap + 1, true), InputError);
}

TEST(ValueHistogram, ReadIsCalledBeforeEachRunOfKnownValues) {
  const std::vector<std::uint16_t> known(100, 7);
  std::vector<std::pair<Heap, Heap>> reads;
  ValueHistogram h;
  add_sequence_values(h, known, std::nullopt, 10, 99, false,
                      [&](Heap first, Heap end) { reads.emplace_back(first, end); });
  EXPECT_EQ(reads, (std::vector<std::pair<Heap, Heap>>{{10, 100}}));
  EXPECT_EQ(h.counts().at(7), 90u);
}

}  // namespace
}  // namespace grundy::value_histogram_test
