// Every helper thread the library starts, when the system refuses it (made to
// happen by solve/base/thread_start.h's switch): the one policy is that the
// work goes on with the threads that did start, with the same results. The
// rare/common engine with none or some of its helpers, the split-set
// engine's second thread, the survey's workers.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "grundy/core/error.h"
#include "grundy/rules/take_and_break.h"
#include "grundy/solve/sequence_engine.h"
#include "grundy/solve/survey.h"
#include "solve/engines/rare_common.h"
#include "solve/base/thread_start.h"
#include "support/engine_runs.h"

namespace grundy::thread_refusal_test {
namespace {

// Sets the switch for one test, and clears it whatever happens.
struct RefusedStarts {
  RefusedStarts(unsigned count, unsigned allowed) { detail::refuse_thread_starts(count, allowed); }
  ~RefusedStarts() { detail::refuse_thread_starts(0); }
};

TEST(ThreadRefusal, RareCommonGoesOnWithTheHelpersItGot) {
  const Heap last = Heap{1} << 16;
  RareCommonOptions one;
  one.threads = 1;
  const ValueSequence expected = rare_common("0.161", last, one);
  // No helper (two threads, the one helper refused), one of two helpers
  // (three threads, the second refused), one of three (four threads, the
  // second and third refused: no start is asked for after a refusal).
  for (const auto [threads, allowed] : {std::pair{2u, 0u}, std::pair{3u, 1u}, std::pair{4u, 1u}}) {
    SCOPED_TRACE("threads " + std::to_string(threads));
    RefusedStarts refused(1, allowed);
    RareCommonOptions options;
    options.threads = threads;
    RareCommonEngine engine(TakeAndBreak::parse("0.161"), options);
    ValueSequence values;
    EXPECT_TRUE(engine.extend(values, last, {}));
    EXPECT_EQ(detail::thread_starts_to_refuse(), 0u);  // it did try
    EXPECT_SAME_SEQUENCE(values, expected);
    // And again on the same engine, now with every helper.
    EXPECT_TRUE(engine.extend(values, 2 * last, {}));
    EXPECT_SAME_SEQUENCE(values, rare_common("0.161", 2 * last, one));
  }
}

TEST(ThreadRefusal, SplitSetGoesOnWithOneThread) {
  // 0.9A's three-heap sets reach the helper's threshold near n = 3150.
  // One thread is compared with the naive engine in split_set_engine_test.
  const Heap last = 3400;
  const ValueSequence expected = run(*make_split_set_engine(TakeAndBreak::parse("0.9A"), 1), last);
  RefusedStarts refused(1, 0);
  auto engine = make_split_set_engine(TakeAndBreak::parse("0.9A"), 2);
  EXPECT_SAME_SEQUENCE(run(*engine, last), expected);
  EXPECT_EQ(detail::thread_starts_to_refuse(), 0u);  // it did try, once
}

TEST(ThreadRefusal, SurveyGoesOnWithTheWorkersItGot) {
  const std::vector<std::string> codes = {"0.07", "0.16", "0.33", "0.51", "4.07"};
  SurveyLimits limits;
  limits.max_values = 1 << 14;
  const auto survey = [&](unsigned threads) {
    std::map<std::string, SurveyEntry> entries;
    EXPECT_TRUE(run_survey(codes, limits, threads,
                           SurveyControl{[&](const SurveyEntry& e) { entries.emplace(e.name, e); }}));
    return entries;
  };
  const std::map<std::string, SurveyEntry> expected = survey(1);
  ASSERT_EQ(expected.size(), codes.size());
  for (const auto [threads, allowed] : {std::pair{2u, 0u}, std::pair{4u, 1u}}) {
    SCOPED_TRACE("threads " + std::to_string(threads));
    RefusedStarts refused(1, allowed);
    const std::map<std::string, SurveyEntry> entries = survey(threads);
    ASSERT_EQ(entries.size(), expected.size());
    for (const auto& [name, entry] : entries) EXPECT_TRUE(entry.same_result(expected.at(name))) << name;
    EXPECT_EQ(detail::thread_starts_to_refuse(), 0u);  // it did try
  }
}

}  // namespace
}  // namespace grundy::thread_refusal_test
