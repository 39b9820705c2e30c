// The survey against its twins on random small cases: each entry equals the
// period search run directly on the code; a proven entry's values and its
// periodic continuation equal the values computed by definition (a mex over
// every move, written here from the rules of take-and-break codes); codes
// the table joins as the same game have equal values by definition; and the
// table does not depend on the number of threads. The seed is printed on
// failure.
#include "grundy/solve/survey.h"

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <string>
#include <vector>

#include "grundy/solve/period_search.h"
#include "support/mex_naive.h"
#include "support/twins.h"

namespace grundy::survey_test {
namespace {

constexpr std::uint64_t kSeed = 20261125;

// G(0..last) by definition: a move removes k tokens from one heap (digit
// d_k) and leaves 0 heaps (bit 1, all k taken), 1 (bit 2), 2 (bit 4) or 3
// (bit 8) non-empty heaps.
std::vector<Nimber> values_by_definition(const TakeAndBreak& code, Heap last) {
  std::vector<Nimber> g;
  for (Heap n = 0; n <= last; ++n) {
    std::vector<Nimber> seen;
    for (Heap k = 0; k <= n; ++k) {
      const unsigned d = code.digit(k);
      const Heap rest = n - k;
      if ((d & 1) && rest == 0 && k > 0) seen.push_back(0);
      if ((d & 2) && rest > 0 && k > 0) seen.push_back(g[rest]);
      if (d & 4)
        for (Heap a = 1; 2 * a <= rest; ++a) seen.push_back(g[a] ^ g[rest - a]);
      if (d & 8)
        for (Heap a = 1; 3 * a <= rest; ++a)
          for (Heap b = a; a + 2 * b <= rest; ++b) seen.push_back(g[a] ^ g[b] ^ g[rest - a - b]);
    }
    g.push_back(mex_naive(seen));
  }
  return g;
}

std::string random_survey_code(std::mt19937_64& rng) {
  // Half random codes of the test support (octal or hexadecimal, d0 0 or 4),
  // half 3-digit octal codes, the family the literature tabulates.
  if (rng() % 2 == 0) return testing::random_code(rng);
  std::string code = "0.";
  for (int i = 0; i < 3; ++i) code += static_cast<char>('0' + rng() % 8);
  return code;
}

TEST(SurveyStress, EntriesMatchThePeriodSearchAndTheDefinition) {
  std::mt19937_64 rng(kSeed);
  SCOPED_TRACE("seed " + std::to_string(kSeed));
  SurveyLimits limits;
  limits.max_values = 2048;
  limits.max_work = 0;
  int proven = 0, saltus = 0;
  for (int trial = 0; trial < 60; ++trial) {
    const std::string text = random_survey_code(rng);
    SCOPED_TRACE(text);
    const TakeAndBreak code = TakeAndBreak::parse(text);
    // Codes that leave three heaps cost O(n^2 V/64) on the split-set engine.
    limits.max_values = code.max_parts() == 3 ? 400 : 2048;
    SurveyEntry entry;
    ASSERT_TRUE(survey_code(code, limits, entry));
    EXPECT_EQ(entry.name, code.name());
    PeriodSearchOptions options;
    options.max_values = std::min<Heap>(limits.max_values, entry.periodicity.checked_to);
    options.threads = 1;
    const PeriodSearch direct = search_period(code, options);
    EXPECT_EQ(entry.periodicity, direct.periodicity);
    Nimber largest = 0;
    for (auto v : direct.values) largest = std::max<Nimber>(largest, v);
    EXPECT_EQ(entry.largest_value, largest);
    EXPECT_EQ(entry.status == SurveyStatus::proven, direct.periodicity.proven);
    if (entry.status != SurveyStatus::proven) continue;
    ++proven;
    // The proof, checked by definition beyond the values it was found in
    // (three-heap codes cost n^3 by definition: fewer values).
    const Periodicity& p = entry.periodicity;
    const Heap last = std::min<Heap>(code.max_parts() == 3 ? 200 : 1500,
                                     std::max<Heap>(p.checked_to + 200, 3 * (p.preperiod + p.period)));
    const std::vector<Nimber> g = values_by_definition(code, last);
    ASSERT_EQ(entry.proven_prefix.size(), p.preperiod + p.period);
    for (Heap n = 0; n <= last; ++n) {
      const bool periodic = n >= p.preperiod + p.period;
      const Heap r = periodic ? p.preperiod + (n - p.preperiod) % p.period : n;
      const Heap steps = periodic ? (n - p.preperiod) / p.period : 0;
      ASSERT_EQ(g[n], entry.proven_prefix[r] + steps * static_cast<Nimber>(p.saltus))
          << "n = " << n;
    }
    saltus += p.saltus != 0;
  }
  EXPECT_GT(proven, 20);
  EXPECT_GT(saltus, 0);  // an arithmetic period is checked too
}

TEST(SurveyStress, CodesJoinedAsTheSameGameHaveEqualValues) {
  std::mt19937_64 rng(kSeed + 1);
  SCOPED_TRACE("seed " + std::to_string(kSeed + 1));
  std::vector<std::string> codes;
  for (int i = 0; i < 40; ++i) codes.push_back(random_survey_code(rng));
  // Some codes twice, and written with a trailing zero: the same name.
  codes.push_back(codes[0]);
  codes.push_back("0.770");
  codes.push_back("0.77");
  SurveyLimits limits;
  limits.max_values = 1024;  // codes that leave three heaps cost O(n^2 V/64)
  std::map<std::string, SurveyEntry> one, three;
  ASSERT_TRUE(run_survey(survey_pending(codes, one), limits, 1,
                         SurveyControl{[&](const SurveyEntry& e) { one[e.name] = e; }}));
  ASSERT_TRUE(run_survey(survey_pending(codes, three), limits, 3,
                         SurveyControl{[&](const SurveyEntry& e) { three[e.name] = e; }}));
  const std::vector<SurveyRow> rows = survey_table(codes, one);
  const std::vector<SurveyRow> rows3 = survey_table(codes, three);
  ASSERT_EQ(rows.size(), rows3.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    EXPECT_EQ(rows[i].code, rows3[i].code);
    EXPECT_EQ(rows[i].same_as, rows3[i].same_as);
    EXPECT_TRUE(rows[i].entry.same_result(rows3[i].entry)) << rows[i].code;
  }
  std::map<std::string, std::vector<Nimber>> by_definition;
  const auto values = [&](const std::string& text) -> const std::vector<Nimber>& {
    auto found = by_definition.find(text);
    if (found == by_definition.end()) {
      const TakeAndBreak code = TakeAndBreak::parse(text);
      found = by_definition
                  .emplace(text, values_by_definition(code, code.max_parts() == 3 ? 150 : 600))
                  .first;
    }
    return found->second;
  };
  int joined = 0;
  for (const SurveyRow& row : rows) {
    if (row.same_as.empty()) continue;
    ++joined;
    SCOPED_TRACE(row.code + " = " + row.same_as);
    const std::vector<Nimber>& a = values(row.code);
    const std::vector<Nimber>& b = values(row.same_as);
    const std::size_t common = std::min(a.size(), b.size());
    for (std::size_t n = 0; n < common; ++n) ASSERT_EQ(a[n], b[n]) << "n = " << n;
  }
  EXPECT_GE(joined, 3);
}

}  // namespace
}  // namespace grundy::survey_test
