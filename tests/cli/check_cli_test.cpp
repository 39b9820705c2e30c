// --check of analyze, values and period: the twin's report on standard
// error, the output unchanged, "not checked" where the twin cannot reach.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "support/process.h"

namespace grundy::check_cli_test {
namespace {

using testing::run_program;

TEST(CheckCli, AnalyzeReportsWhatItChecked) {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"analyze", "kayles", "5", "6", "7", "--check"},
        std::vector<std::string>{"analyze", "kayles", "5", "6", "7", "--misere", "--check"},
        std::vector<std::string>{"analyze", "0.6", "10", "+", "nim", "3", "--check"}}) {
    const auto run = run_program(GRUNDY_CLI_PATH, args);
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_NE(run.err.find("check: agrees: outcome "), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("to P-positions, by exhaustive search"), std::string::npos) << run.err;
    std::vector<std::string> plain = args;
    plain.pop_back();
    EXPECT_EQ(run.out, run_program(GRUNDY_CLI_PATH, plain).out);
  }
  const auto beyond =
      run_program(GRUNDY_CLI_PATH, {"analyze", "kayles", "12", "13", "--check", "--search-limit", "50"});
  ASSERT_EQ(beyond.status, 0) << beyond.err;
  EXPECT_NE(beyond.err.find("not checked: the position is beyond the twin's reach"),
            std::string::npos)
      << beyond.err;
}

TEST(CheckCli, ValuesAndPeriodReportWhatTheyChecked) {
  auto run = run_program(GRUNDY_CLI_PATH, {"values", "0.6", "--to", "300", "--check"});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.err.find("check: agrees: G(0..300) against the naive mex"), std::string::npos)
      << run.err;
  // Past the naive mex's reach, the mex rule at the heaps asked for.
  run = run_program(GRUNDY_CLI_PATH,
                    {"values", "0.6", "--from", "100000", "--to", "100003", "--check"});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.err.find("check: agrees: G(n) against the mex of its options' values as computed "
                         "at 4 heaps from 100000 to 100003"),
            std::string::npos)
      << run.err;
  run = run_program(GRUNDY_CLI_PATH, {"period", "0.137", "--check"});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.err.find("check: agrees: G(n + 34) = G(n) for every n from 52"), std::string::npos)
      << run.err;
  run = run_program(GRUNDY_CLI_PATH, {"values", "kayles", "--misere", "--to", "8", "--check"});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.err.find("not checked"), std::string::npos) << run.err;
}

// With --json the report is also a field of the answer (docs/json.md):
// {"checked", "agrees", "what"}, the same words as on standard error.
TEST(CheckCli, JsonAnswersCarryTheReport) {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"analyze", "kayles", "5", "6", "7", "--json", "--check"},
        std::vector<std::string>{"values", "0.6", "--to", "300", "--json", "--check"},
        std::vector<std::string>{"values", "0.6", "--to", "300", "--stats", "--json", "--check"},
        std::vector<std::string>{"period", "0.137", "--json", "--check"}}) {
    const auto run = run_program(GRUNDY_CLI_PATH, args);
    ASSERT_EQ(run.status, 0) << run.err;
    const auto j = nlohmann::json::parse(run.out);
    ASSERT_TRUE(j.contains("check")) << run.out;
    EXPECT_EQ(j["check"]["checked"], true) << run.out;
    EXPECT_EQ(j["check"]["agrees"], true) << run.out;
    const std::string what = j["check"]["what"];
    EXPECT_NE(run.err.find(what), std::string::npos) << run.err;
    std::vector<std::string> plain = args;
    plain.pop_back();
    EXPECT_FALSE(nlohmann::json::parse(run_program(GRUNDY_CLI_PATH, plain).out).contains("check"));
  }
}

// The up-front refusals: a genus search whose heaps provably reach more
// positions than the limit is refused before it starts.
TEST(CheckCli, GenusSearchBeyondTheLimitIsRefusedAtOnce) {
  auto run = run_program(GRUNDY_CLI_PATH, {"values", "kayles", "--misere", "--to", "1000"});
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("--search-limit"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("a lower bound, counted before searching"), std::string::npos) << run.err;
  run = run_program(GRUNDY_CLI_PATH,
                    {"values", "kayles", "--misere", "--genus", "--to", "400"});
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("a lower bound, counted before searching"), std::string::npos) << run.err;
}

}  // namespace
}  // namespace grundy::check_cli_test
