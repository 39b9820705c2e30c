// grundy quotient through the binary: the text and JSON of a quotient worked
// out by hand (Nim heaps 0..3, from misère Nim's rule, docs/theory.md §2),
// the JSON's P-portion and multiplication table against exhaustive search on
// sums of 0.75 heaps, a stop at a heap that cannot be verified, bad input,
// analyze --misere on a thousand heaps by the quotient, and on the Kayles sum
// 14 15 16 17 18, which no exhaustive search decides.
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <regex>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "grundy/rules/registry.h"
#include "support/cli.h"
#include "support/process.h"
#include "support/twins.h"

namespace grundy::quotient_cli_test {
namespace {

using testing::grundy_cli;

TEST(QuotientCli, NimHeapsUpToThreeAsText) {
  const auto run = grundy_cli({"quotient", "nim", "--max-heap", "3"});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("presentation: <a, b | a^2 = 1, b^3 = b>\n"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("order |Q| = 6\n"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("P-portion (2): a, b^2\n"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("       0: 1 a b ab\n"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("tame or wild: tame"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("last new generator: heap 2\n"), std::string::npos) << run.out;
}

// Every sum of up to three 0.75 heaps of size <= 12: the product of the
// JSON's pretending function, by its multiplication table, is in the
// P-portion exactly when exhaustive search says the mover loses.
TEST(QuotientCli, JsonTableAgainstExhaustiveSearch) {
  const auto j = testing::grundy_json({"quotient", "0.75", "--max-heap", "12", "--json"});
  ASSERT_EQ(j["max_heap"], 12);
  ASSERT_TRUE(j["stopped"].is_null());
  const auto elements = j["elements"].get<std::vector<std::string>>();
  std::map<std::string, std::size_t> index;
  for (std::size_t i = 0; i < elements.size(); ++i) index[elements[i]] = i;
  std::set<std::size_t> p;
  for (const auto& name : j["p_portion"]) p.insert(index.at(name.get<std::string>()));
  EXPECT_EQ(j["p_size"], p.size());
  const auto table = j["multiplication"].get<std::vector<std::vector<std::size_t>>>();
  const auto phi = j["pretending"].get<std::vector<std::string>>();
  const auto game = parse_ruleset("0.75");
  testing::RecursiveTwin twin(*game, true);
  for (const Position& heaps : testing::all_positions(3, 12)) {
    std::size_t x = 0;
    for (Heap h : heaps) x = table[x][index.at(phi[h])];
    ASSERT_EQ(p.count(x) > 0, !twin.mover_wins(heaps)) << testing::show(heaps);
  }
}

// 0.741 once stopped at heap 9 (no verified candidate); learning
// (docs/misere-quotients.md, "Learning") now adjoins heaps 9..12.
TEST(QuotientCli, LearnsTheHeapsTheConstructionCannotVerify) {
  const auto run = grundy_cli({"quotient", "0.741", "--max-heap", "12"});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("0.741: misère quotient of heaps 0..12\n"), std::string::npos) << run.out;
  EXPECT_EQ(run.out.find("stopped:"), std::string::npos) << run.out;
}

TEST(QuotientCli, BadInput) {
  testing::expect_bad_input({"quotient", "wythoff"}, "wythoff");
  testing::expect_bad_input({"quotient", "0.9x"}, "0.9x");
  testing::expect_bad_input({"quotient", "0.75", "--max-heap", "0"}, "--max-heap");
}

// A limit reached on the way stops the run with the quotient verified before
// it printed, saying which limit and the option that raises it. Heaps 0..2 of
// 0.75 already have six elements (misère Nim's heaps 0..2); 0.35's quotient
// passes 1000 elements by heap 14, whose table does not fit in half of 8 MiB.
TEST(QuotientCli, LimitsStopWithTheVerifiedQuotient) {
  auto run = grundy_cli({"quotient", "0.75", "--max-heap", "10", "--max-elements", "4"});
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("0.75: misère quotient of heaps 0..1\nstopped: the quotient of heaps "
                         "0..2 has 6 elements, more than the limit of 4 (raise it with "
                         "--max-elements); what follows is the quotient of heaps 0..1, verified\n"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("order |Q| = 2\n"), std::string::npos) << run.out;
  run = grundy_cli({"quotient", "0.35", "--max-heap", "30", "--max-memory", "8M"});
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_TRUE(std::regex_search(
      run.out, std::regex(R"(stopped: the quotient of heaps 0\.\.(\d+) has (\d+) elements, whose )"
                          R"(multiplication table \(\d+ MiB\) does not fit in half of the memory )"
                          R"(allowed \(8 MiB; raise it with --max-memory\))")))
      << run.out;
  testing::expect_bad_input({"quotient", "0.75", "--max-memory", "lots"}, "--max-memory");
}

// A thousand heaps of 0.75, whose quotient is proven for the whole game:
// analyze answers by the quotient, and its outcome is the one the product
// of `grundy quotient`'s pretending function (extended by its period) gives.
// The twin check of such answers is on small sums, in
// tests/stress/misere_quotient_test.cpp.
TEST(QuotientCli, AnalyzeAThousandHeapsByTheQuotient) {
  // The criterion needs heaps up to 2(8 + 2) + 2 - 1 = 21 here.
  const auto q = testing::grundy_json({"quotient", "0.75", "--max-heap", "30", "--json"});
  ASSERT_TRUE(q["whole_game"].get<bool>());
  const auto elements = q["elements"].get<std::vector<std::string>>();
  std::map<std::string, std::size_t> index;
  for (std::size_t i = 0; i < elements.size(); ++i) index[elements[i]] = i;
  const auto table = q["multiplication"].get<std::vector<std::vector<std::size_t>>>();
  const auto phi = q["pretending"].get<std::vector<std::string>>();
  const std::size_t period = q["period"]["period"], preperiod = q["period"]["preperiod"];
  std::set<std::string> p;
  for (const auto& name : q["p_portion"]) p.insert(name.get<std::string>());

  std::mt19937_64 rng(20261125);
  std::string heaps;
  std::size_t x = 0;
  for (int i = 0; i < 1000; ++i) {
    const std::size_t h = rng() % 1000;
    heaps += std::to_string(h) + " ";
    const std::size_t n = h < phi.size() ? h : preperiod + (h - preperiod) % period;
    x = table[x][index.at(phi[n])];
  }
  const auto run = grundy_cli({"analyze", "0.75", "--input", "-", "--misere", "--json"}, heaps);
  ASSERT_EQ(run.status, 0) << run.err;
  const auto j = nlohmann::json::parse(run.out);
  EXPECT_NE(j["method"].get<std::string>().find("misère quotient of the whole game"),
            std::string::npos)
      << j["method"];
  EXPECT_EQ(j["outcome"].get<std::string>() == "P", p.count(elements[x]) > 0) << run.out.substr(0, 300);
}

// The sum the issue names, beyond any exhaustive search: analyze answers it by
// Kayles' quotient of heaps 0..64 (verified; docs/misere-quotients.md), and
// every winning move it lists leaves a position the quotient calls a loss
// for the player to move, as `analyze` of that position also says.
TEST(QuotientCli, KaylesFourteenToEighteenByTheQuotient) {
  const auto j = testing::grundy_json(
      {"analyze", "kayles", "14", "15", "16", "17", "18", "--misere", "--json"});
  const std::string method = j["method"];
  EXPECT_NE(method.find("misère quotient of heaps 0..64"), std::string::npos) << method;
  ASSERT_EQ(j["outcome"], "N");
  ASSERT_FALSE(j["winning_moves"].empty());
  const auto first = j["winning_moves"][0];
  std::vector<std::string> args{"analyze", "kayles"};
  for (const auto& h : first["position"]) args.push_back(std::to_string(h.get<Heap>()));
  args.push_back("--misere");
  args.push_back("--json");
  const auto after = testing::grundy_json(args);
  EXPECT_EQ(after["outcome"], "P") << first;
}

}  // namespace
}  // namespace grundy::quotient_cli_test
