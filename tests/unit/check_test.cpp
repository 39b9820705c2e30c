// The checks of --check (check.h) agree with right answers and catch wrong
// ones: a flipped outcome, a wrong value, a winning move to an N-position,
// a wrong G(n) in the naive table or past it, a period that does not hold.
#include <atomic>

#include <gtest/gtest.h>

#include "grundy/rules/registry.h"
#include "grundy/solve/analysis.h"
#include "grundy/solve/check.h"
#include "grundy/solve/heap_values.h"

namespace grundy::check_test {
namespace {

TEST(Check, AnalysisAgreesAndCatchesWrongAnswers) {
  const auto kayles = parse_ruleset("kayles");
  const Position position{5, 6, 7};
  for (Convention convention : {Convention::normal, Convention::misere}) {
    AnalysisOptions options;
    options.convention = convention;
    const Analysis right = analyze(*kayles, position, options);
    const CheckReport ok = check_analysis(*kayles, position, right, convention);
    EXPECT_TRUE(ok.checked && ok.agrees) << ok.what;
    EXPECT_NE(ok.what.find("winning move"), std::string::npos) << ok.what;

    Analysis flipped = right;
    flipped.outcome = right.outcome == Outcome::N ? Outcome::P : Outcome::N;
    const CheckReport bad = check_analysis(*kayles, position, flipped, convention);
    EXPECT_TRUE(bad.checked);
    EXPECT_FALSE(bad.agrees);
    EXPECT_NE(bad.what.find("outcome"), std::string::npos) << bad.what;

    // A move that leaves the position to the opponent as it is: to 5 6 6
    // (N: the mover takes the 5 in normal play; checked either way).
    Analysis wrong_move = right;
    ASSERT_FALSE(right.winning_moves.items.empty());
    for (Heap take = 1; take <= 2; ++take) {
      const Position after{5, 6, 7 - take};
      wrong_move.winning_moves.items = {Move::to(position, after, "a wrong move")};
      const CheckReport r = check_analysis(*kayles, position, wrong_move, convention);
      bool loses = false;
      for (const Move& m : right.winning_moves.items) loses = loses || m.after(position) == after;
      EXPECT_EQ(r.agrees, loses) << r.what;
      if (!loses) EXPECT_NE(r.what.find("a wrong move"), std::string::npos) << r.what;
    }
  }
  AnalysisOptions options;
  Analysis wrong_value = analyze(*kayles, position, options);
  wrong_value.value = *wrong_value.value ^ 1;
  const CheckReport bad = check_analysis(*kayles, position, wrong_value, Convention::normal);
  EXPECT_FALSE(bad.agrees) << bad.what;
  EXPECT_NE(bad.what.find("value"), std::string::npos) << bad.what;
}

TEST(Check, AnalysisBeyondReachIsNotChecked) {
  const auto kayles = parse_ruleset("kayles");
  const Position position{12, 13};
  const Analysis a = analyze(*kayles, position);
  const CheckReport r = check_analysis(*kayles, position, a, Convention::normal, 50);
  EXPECT_FALSE(r.checked);
  EXPECT_TRUE(r.agrees);
  EXPECT_NE(r.what.find("not checked: the position is beyond the twin's reach"),
            std::string::npos)
      << r.what;
}

TEST(Check, HeapValuesAgainstNaiveMex) {
  const auto officers = parse_ruleset("0.6");
  const HeapRuleset& heaps = *heap_ruleset_of(*officers);
  HeapValues values(heaps);
  const auto right = [&](Heap n) { return values.value(n); };
  CheckReport r = check_heap_values(heaps, 0, 200, right);
  EXPECT_TRUE(r.checked && r.agrees) << r.what;
  EXPECT_NE(r.what.find("G(0..200)"), std::string::npos) << r.what;
  const auto wrong = [&](Heap n) { return n == 77 ? values.value(n) + 1 : values.value(n); };
  r = check_heap_values(heaps, 0, 200, wrong);
  EXPECT_FALSE(r.agrees);
  EXPECT_NE(r.what.find("G(77)"), std::string::npos) << r.what;
  // Beyond the work bound, with no budget past the table: said, not checked.
  r = check_heap_values(heaps, 100, 200, right, 10, 0);
  EXPECT_FALSE(r.checked);
}

// Past the naive table: the mex rule at heaps spread over the rest of the
// range, the top one first. The twin here is the naive mex itself (the
// values come from HeapValues, checked against it above).
TEST(Check, HeapValuesPastTheTableByTheMexRule) {
  const auto officers = parse_ruleset("0.6");
  const HeapRuleset& heaps = *heap_ruleset_of(*officers);
  HeapValues values(heaps);
  const auto right = [&](Heap n) { return values.value(n); };
  // A table to about heap 140 (10^4 option visits), then 16 heaps to 3000
  // within the budget of a run that computed G(0..3000).
  const std::uint64_t spots = check_spot_work(3001);
  CheckReport r = check_heap_values(heaps, 0, 3000, right, 10'000, spots);
  EXPECT_TRUE(r.checked && r.agrees) << r.what;
  EXPECT_NE(r.what.find("at 16 heaps from"), std::string::npos) << r.what;
  EXPECT_NE(r.what.find("to 3000"), std::string::npos) << r.what;
  // The top heap is always among them.
  const auto wrong_top = [&](Heap n) { return n == 3000 ? values.value(n) ^ 1 : values.value(n); };
  r = check_heap_values(heaps, 0, 3000, wrong_top, 10'000, spots);
  EXPECT_FALSE(r.agrees);
  EXPECT_NE(r.what.find("G(3000)"), std::string::npos) << r.what;
  // A range of at most 16 heaps past the table is checked heap by heap.
  const auto wrong_inner = [&](Heap n) {
    return n == 2005 ? values.value(n) + 1 : values.value(n);
  };
  r = check_heap_values(heaps, 2000, 2010, wrong_inner, 10'000, spots);
  EXPECT_FALSE(r.agrees);
  EXPECT_NE(r.what.find("G(2005)"), std::string::npos) << r.what;
  r = check_heap_values(heaps, 2000, 2010, right, 10'000, spots);
  EXPECT_TRUE(r.checked && r.agrees) << r.what;
  EXPECT_NE(r.what.find("at 11 heaps from 2000 to 2010"), std::string::npos) << r.what;
  // A budget too small for the top heap checks the lower heaps that fit:
  // 0.6 bounds the options of heap n by n/2 + 4 (it has n/2 + 1), so 1006
  // option visits reach heap 2005 and no other.
  r = check_heap_values(heaps, 2000, 2010, right, 10'000, 1'006);
  EXPECT_TRUE(r.checked && r.agrees) << r.what;
  EXPECT_EQ(r.what, "G(2005) against the mex of its options' values as computed (no table: the "
                    "naive mex does not reach G(2000))");
  // Without a budget of its own, the check past the table spends at most
  // max_work: a heap of 10^15 answered from a period is not visited.
  const auto kayles = parse_ruleset("kayles");
  const HeapRuleset& kayles_heaps = *heap_ruleset_of(*kayles);
  HeapValues kayles_values(kayles_heaps);
  const Heap huge = Heap{1'000'000'000'000'000};
  r = check_heap_values(kayles_heaps, huge, huge + 3,
                        [&](Heap n) { return kayles_values.value(n); }, 10'000);
  EXPECT_FALSE(r.checked) << r.what;
  // Stopped through its control: Interrupted, no report.
  std::atomic<bool> stop{true};
  SearchControl control;
  control.stop = &stop;
  try {
    check_heap_values(heaps, 0, 100'000, right, 10'000, spots, &control);
    ADD_FAILURE() << "not stopped";
  } catch (const Interrupted& e) {
    EXPECT_NE(std::string(e.what()).find("check by definition stopped after"), std::string::npos)
        << e.what();
    EXPECT_NE(std::string(e.what()).find("option visits"), std::string::npos) << e.what();
  }
}

TEST(Check, PeriodicityByDefinition) {
  const auto code = parse_ruleset("0.137");
  const HeapRuleset& heaps = *heap_ruleset_of(*code);
  const std::vector<Nimber> naive = naive_heap_values(heaps, 400);
  ValueSequence values(naive.begin(), naive.end());
  const Periodicity p = find_periodicity(*heaps.as_code(), values);
  ASSERT_EQ(p.period, 34u);
  CheckReport r = check_periodicity(heaps, p, values);
  EXPECT_TRUE(r.checked && r.agrees) << r.what;
  Periodicity wrong = p;
  wrong.period = 17;
  r = check_periodicity(heaps, wrong, values);
  EXPECT_FALSE(r.agrees);
  EXPECT_NE(r.what.find("period 17"), std::string::npos) << r.what;
  ValueSequence changed = values;
  changed[300] ^= 1;
  r = check_periodicity(heaps, p, changed);
  EXPECT_FALSE(r.agrees) << r.what;
}

}  // namespace
}  // namespace grundy::check_test
