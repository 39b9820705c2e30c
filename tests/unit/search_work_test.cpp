// The work budget of the position searches (detail/search_work.h): steps are
// counted as documented, the refusal names the setting that raises it, and
// a search is refused by its work far below its position limit.
#include <gtest/gtest.h>

#include <string>

#include "grundy/core/error.h"
#include "grundy/rules/registry.h"
#include "grundy/solve/brute_force.h"
#include "grundy/solve/detail/search_work.h"
#include "grundy/solve/remoteness.h"

namespace grundy::search_work_test {
namespace {

using detail::SearchWork;

TEST(SearchWork, CountsStepsUpToTheBudget) {
  SearchWork work(10);  // 80 steps
  EXPECT_EQ(work.budget(), 10 * detail::kStepsPerPosition);
  EXPECT_TRUE(work.expansion());  // 32
  EXPECT_TRUE(work.option(3));    // 32 + 8 + 6 = 46
  EXPECT_EQ(work.steps(), detail::kStepsPerExpansion + detail::kStepsPerOption +
                              3 * detail::kStepsPerNumber);
  EXPECT_TRUE(work.expansion());  // 78
  EXPECT_EQ(work.as_positions(), 78 / detail::kStepsPerPosition);
  EXPECT_FALSE(work.option(0));  // 86 > 80
}

TEST(SearchWork, ABudgetNearTheTopSaturates) {
  SearchWork work(~std::uint64_t{0});
  EXPECT_EQ(work.budget(), ~std::uint64_t{0});
  EXPECT_TRUE(work.option(1000));
}

TEST(SearchWork, TheRefusalNamesTheLimitThatRaisesIt) {
  try {
    SearchWork(5).refuse("exhaustive search", "nim");
    FAIL() << "no LimitError";
  } catch (const LimitError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("exhaustive search over 'nim' would take more than 40 steps"),
              std::string::npos)
        << what;
    EXPECT_NE(what.find("5 positions its limit allows"), std::string::npos) << what;
    ASSERT_TRUE(e.exceeded().has_value());
    EXPECT_EQ(e.exceeded()->setting, "search-limit");
    EXPECT_EQ(e.exceeded()->limit, 5u);
  }
  // A budget of its own is not the position limit's: no setting raises it.
  try {
    SearchWork(5, 1000).refuse("exhaustive search", "nim");
    FAIL() << "no LimitError";
  } catch (const LimitError& e) {
    EXPECT_FALSE(e.exceeded().has_value());
  }
}

// Work spent on the same question before the search (an analysis's misère
// quotient) comes out of its budget, and the refusal says so.
TEST(SearchWork, WorkSpentBeforeComesOutOfTheBudget) {
  SearchWork work(5);  // 40 steps
  work.spent_before(30, "the misère quotient tried first");
  EXPECT_EQ(work.budget(), 10u);
  EXPECT_TRUE(work.expansion() == false);  // 32 steps > 10
  try {
    work.refuse("exhaustive search", "nim");
    FAIL() << "no LimitError";
  } catch (const LimitError& e) {
    EXPECT_STREQ(e.what(),
                 "exhaustive search over 'nim' would take more than 10 steps of work: 8 for each of "
                 "the 5 positions its limit allows, less the 30 that the misère quotient tried "
                 "first took (raise it with the search_limit argument)");
    ASSERT_TRUE(e.exceeded().has_value());
    EXPECT_EQ(e.exceeded()->setting, "search-limit");
  }
  SearchWork all(5);
  all.spent_before(1000, "the misère quotient tried first");
  EXPECT_EQ(all.budget(), 0u);
  try {
    all.refuse("exhaustive search", "nim");
    FAIL() << "no LimitError";
  } catch (const LimitError& e) {
    EXPECT_STREQ(e.what(),
                 "exhaustive search over 'nim' was not started: the misère quotient tried first "
                 "took 1000 steps of work, all of the 40 (8 for each of the 5 positions) its limit "
                 "allows (raise it with the search_limit argument)");
  }
}

// Nim (2, 300) under remoteness: the search stores fewer than a thousand
// positions ((a, b) with a <= 2, b <= 300) but generates about 135,000
// options, each one costing steps: refused at a limit of 100,000 positions
// (800,000 steps), answered at 1,000,000. R = 5: the winner moves to (2, 2),
// R = 4 (Winning Ways, ch. 9: the loser takes one token at a time).
TEST(SearchWork, ASearchIsRefusedByItsWorkFarBelowItsPositionLimit) {
  const auto nim = parse_ruleset("nim");
  Remoteness tight(*nim, Convention::normal, 100'000);
  EXPECT_THROW(tight.value({2, 300}), LimitError);
  EXPECT_LT(tight.positions_stored(), 1000u);
  Remoteness enough(*nim, Convention::normal, 1'000'000);
  EXPECT_EQ(enough.value({2, 300}), 5u);

  // The same for the exhaustive search in misère play.
  BruteForce tight_misere(*nim, 1'000);
  EXPECT_THROW(tight_misere.mover_wins({2, 300, 300}, Convention::misere), LimitError);
  EXPECT_LT(tight_misere.positions_stored(), 1000u);
}

}  // namespace
}  // namespace grundy::search_work_test
