// The plan of a code's run (code_run_plan.h): what the command line and the
// Python module both judge a values or period run by.
#include <gtest/gtest.h>
#include <fmt/format.h>

#include <optional>
#include <string>

#include "grundy/core/error.h"
#include "grundy/core/front_end_words.h"
#include "grundy/core/memory.h"
#include "grundy/solve/code_run_plan.h"
#include "grundy/solve/heap_values.h"
#include "grundy/solve/sequence_engine.h"
#include "grundy/solve/sequence_run.h"

namespace grundy::code_run_plan_test {
namespace {

TEST(CodeRunPlan, MemoryIsTwoBytesAValueAndTheTablesOrTheStoresBits) {
  const TakeAndBreak dawson = TakeAndBreak::parse("0.137");  // the rare/common engine: no split sets, no work bound
  const CodeRunPlan memory = plan_code_run(dawson, 999'999, false);
  EXPECT_EQ(memory.bytes, 2'000'000u + 1'000'000u / 4 + (64u << 20));
  EXPECT_EQ(memory.work, 0u);
  EXPECT_FALSE(memory.over_work());
  const CodeRunPlan stored = plan_code_run(dawson, 1'999'999, true);
  EXPECT_EQ(stored.bytes, 2'000'000u / 64 + (64u << 20));
  // Past the values a period search computes first (ComputeLimits::
  // max_code_values): answered from a proven period when there is one.
  EXPECT_EQ(stored.search_bound, Heap{1} << 20);
  EXPECT_TRUE(stored.far);
  EXPECT_FALSE(memory.far);
}

TEST(CodeRunPlan, SplitSetCodesCarryTheirWorkAndSets) {
  // 0.209 can leave three heaps: the split-set engine, O(n) work a value.
  const TakeAndBreak code = TakeAndBreak::parse("0.209");
  const CodeRunPlan plan = plan_code_run(code, 100'000, false);
  EXPECT_EQ(plan.work, split_set_work(code, 100'000));
  EXPECT_GT(plan.work, 0u);
  EXPECT_EQ(plan.bytes, 2 * 100'001u + 100'001u / 4 + (64u << 20) + split_set_bytes(code, 100'000));
  // The period search's bound is about a second of that work.
  EXPECT_EQ(plan.search_bound, affordable_code_values(code, ComputeLimits{}.max_code_values,
                                                      ComputeLimits{}.max_work));
  EXPECT_LT(plan.search_bound, 20'000u);
  EXPECT_TRUE(plan.far);
  // Far past kMaxSplitSetWork: refused before any work, naming the engine.
  const TakeAndBreak star = TakeAndBreak::parse("0.*");
  const CodeRunPlan days = plan_code_run(star, 1'000'000'000, false);
  EXPECT_TRUE(days.over_work());
  try {
    check_code_run(days, star, "0.*", ~std::uint64_t{0});
    FAIL() << "not refused";
  } catch (const LimitError& e) {
    EXPECT_NE(std::string(e.what()).find("partition-set engine"), std::string::npos) << e.what();
  }
}

TEST(CodeRunPlan, RefusesPastTheMemoryLimitFirst) {
  const TakeAndBreak code = TakeAndBreak::parse("0.6");
  const CodeRunPlan plan = plan_code_run(code, 1'000'000'000, false);
  EXPECT_TRUE(plan.over_memory(1u << 30));
  try {
    check_code_run(plan, code, "0.6", 1u << 30);
    FAIL() << "not refused";
  } catch (const LimitError& e) {
    EXPECT_NE(std::string(e.what()).find("over the memory limit of 1024 MiB (raise it with the max_memory argument)"),
              std::string::npos)
        << e.what();
  }
  EXPECT_NO_THROW(check_code_run(plan_code_run(code, 1000, false), code, "0.6", 1u << 30));
}

// The message of `check`, or "" when it does not throw.
template <class Check>
std::string refusal_of(Check&& check) {
  try {
    check();
  } catch (const LimitError& e) {
    return e.what();
  }
  return "";
}

TEST(CodeRunPlan, ValuesHeldInMemoryAreJudgedByTheirSource) {
  constexpr std::uint64_t kGiB = 1u << 30;
  // A code: its engine's plan, as `grundy values` judges it. Within the
  // values a period search computes first, the run is judged at once (here
  // its 64 MiB of tables over a 1 MiB limit).
  HeapValueSource code{ValueSource::code_engine, TakeAndBreak::parse("0.6")};
  EXPECT_EQ(refusal_of([&] { check_values_in_memory(code, 0, 1000, "0.6", 1u << 20); }),
            refusal_of([&] {
              check_code_run(plan_code_run(*code.code, 1000, false), *code.code, "0.6", 1u << 20);
            }));
  EXPECT_EQ(refusal_of([&] { check_values_in_memory(code, 0, 1000, "0.6", kGiB); }), "");
  // Beyond them the values may come from a proven period, so only the
  // values held (8 bytes each) are judged before the search.
  EXPECT_NE(refusal_of([&] { check_values_in_memory(code, 0, 1'000'000'000, "0.6", kGiB); })
                .find("G(0..1000000000) of '0.6' is 7629 MiB of values, over the memory limit"),
            std::string::npos);
  const std::optional<CodeRunPlan> far =
      check_values_in_memory(code, 1'000'000'000'000, 1'000'000'000'010, "0.6", kGiB);
  ASSERT_TRUE(far);
  EXPECT_TRUE(far->far);
  EXPECT_TRUE(far->refused(kGiB));
  // A table: 8 bytes a value, its bookkeeping and 64 MiB.
  const HeapValueSource table{ValueSource::table, std::nullopt};
  EXPECT_NE(refusal_of([&] { check_values_in_memory(table, 0, 200'000'000, "t", kGiB); }), "");
  EXPECT_EQ(refusal_of([&] { check_values_in_memory(table, 0, 100'000'000, "t", kGiB); }), "");
  // A closed form has no run: only the values held, 8 bytes each, count.
  const HeapValueSource closed{ValueSource::closed_form, std::nullopt};
  EXPECT_EQ(refusal_of([&] { check_values_in_memory(closed, 1'000'000'000'000, 1'000'100'000'000, "nim", kGiB); }),
            "");
  const std::string over = refusal_of([&] { check_values_in_memory(closed, 0, 200'000'000, "nim", kGiB); });
  EXPECT_EQ(over,
            "G(0..200000000) of 'nim' is 1525 MiB of values, over the memory limit of 1024 MiB "
            "(raise it with the max_memory argument)");
  // One call of a front end may name a setting its other calls lack.
  {
    const SettingWords words("max-memory", "max_memory=");
    EXPECT_NE(refusal_of([&] { check_values_in_memory(closed, 0, 200'000'000, "nim", kGiB); })
                  .find("(raise it with max_memory=)"),
              std::string::npos);
    const SettingWords none("max-memory", "");
    EXPECT_EQ(refusal_of([&] { check_values_in_memory(closed, 0, 200'000'000, "nim", kGiB); })
                  .find("raise it"),
              std::string::npos);
  }
  EXPECT_EQ(refusal_of([&] { check_values_in_memory(closed, 0, 200'000'000, "nim", kGiB); }), over);
}

// A far range after its period search: answered from a proven period, else
// refused by the plan with how far no period was proven.
TEST(CodeRunPlan, AFarRunIsRefusedOnlyWithoutAProvenPeriod) {
  constexpr std::uint64_t kGiB = 1u << 30;
  const Heap far = 1'000'000'000'000;
  SequenceRun dawson(TakeAndBreak::parse("0.07"), 1);
  const CodeRunPlan proven = plan_code_run(dawson.code(), far, false);
  ASSERT_TRUE(proven.far);
  ASSERT_TRUE(dawson.search_period(proven.search_bound));
  EXPECT_TRUE(dawson.period());
  EXPECT_FALSE(far_run_refused(proven, dawson, kGiB));
  EXPECT_EQ(dawson.value(far), dawson.value(53 + (far - 53) % 34));  // period 34 from n = 53

  SequenceRun wide(TakeAndBreak::parse("0.{2+}?"), 1);
  const CodeRunPlan unproven = plan_code_run(wide.code(), far, false);
  ASSERT_TRUE(unproven.far);
  ASSERT_TRUE(wide.search_period(unproven.search_bound));
  EXPECT_FALSE(wide.period());
  EXPECT_TRUE(far_run_refused(unproven, wide, kGiB));
  const std::string why = far_run_refusal(unproven, wide, "0.{2+}?", kGiB, "; more").what();
  EXPECT_NE(why.find(fmt::format("and no period of it is proven in G(0..{}); more",
                                 wide.reached() - 1)),
            std::string::npos)
      << why;
  EXPECT_NE(why.find("operations"), std::string::npos) << why;  // work before memory
}

TEST(PeriodSearchBound, TheWorkBoundAppliesUnlessMaxIsGiven) {
  const TakeAndBreak code = TakeAndBreak::parse("0.209");
  const std::uint64_t memory = std::uint64_t{8} << 30;
  const PeriodSearchBound by_default = period_search_bound(code, Heap{1} << 22, false, memory);
  EXPECT_EQ(by_default.max, plan_code_run(code, 0, false).search_bound);
  EXPECT_FALSE(by_default.lowered);
  EXPECT_EQ(period_search_bound(code, 50'000, true, memory).max, 50'000u);
  // Memory lowers even a max given: 2 bytes a value after 64 MiB.
  const PeriodSearchBound small = period_search_bound(code, 10'000'000, true, 70u << 20);
  EXPECT_EQ(small.max, code_values_within(70u << 20));
  EXPECT_TRUE(small.lowered);
  // A code without a work bound looks as far as asked.
  EXPECT_EQ(period_search_bound(TakeAndBreak::parse("0.16"), Heap{1} << 22, false, memory).max,
            Heap{1} << 22);
}

}  // namespace
}  // namespace grundy::code_run_plan_test
