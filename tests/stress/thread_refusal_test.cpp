// The sequence engines when the system refuses a helper thread (made to
// happen by solve/base/thread_start.h's switch): the rare/common engine stops
// with one LimitError naming the threads, after stopping the helpers it had
// started, and runs again once threads are allowed; the split-set engine
// goes on with one thread and the same values.
#include <gtest/gtest.h>

#include <string>
#include <utility>

#include "grundy/core/error.h"
#include "grundy/rules/take_and_break.h"
#include "grundy/solve/sequence_engine.h"
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

TEST(ThreadRefusal, RareCommonStopsWithOneClearErrorAndRunsAgain) {
  const Heap last = Heap{1} << 16;
  RareCommonOptions one;
  one.threads = 1;
  const ValueSequence expected = rare_common("0.161", last, one);
  // The first helper refused (two threads), then the second of two helpers
  // (three threads: the first, started, is stopped and joined).
  for (const auto [threads, allowed] : {std::pair{2u, 0u}, std::pair{3u, 1u}}) {
    SCOPED_TRACE("threads " + std::to_string(threads));
    RefusedStarts refused(1, allowed);
    RareCommonOptions options;
    options.threads = threads;
    RareCommonEngine engine(TakeAndBreak::parse("0.161"), options);
    ValueSequence values;
    try {
      engine.extend(values, last, {});
      ADD_FAILURE() << "no error";
    } catch (const LimitError& e) {
      EXPECT_NE(std::string(e.what()).find("cannot start " + std::to_string(threads - 1) +
                                           " helper threads (the system refused thread " +
                                           std::to_string(allowed + 1)),
                std::string::npos)
          << e.what();
    }
    EXPECT_EQ(detail::thread_starts_to_refuse(), 0u);  // it did try
    EXPECT_TRUE(engine.extend(values, last, {}));
    EXPECT_SAME_SEQUENCE(values, expected);
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

}  // namespace
}  // namespace grundy::thread_refusal_test
