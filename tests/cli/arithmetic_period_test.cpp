// Arithmetic periods (a saltus) on real command lines: proven for Lasker's
// Nim 4.[3], Nim 0.[3] and 8.[3] by their closed forms and for all-but games
// by the window argument, so `period`, `value` and `analyze` answer heaps up
// to 2^63 - 1 at once; observed only for C.[3] (split into two or three
// heaps): `value` refuses it without --observed, `analyze` answers and says
// NOT PROVEN (--proven-only refuses).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "support/cli.h"
#include "support/process.h"

namespace grundy::arithmetic_period_test {
namespace {

using testing::run_program;

nlohmann::json run_json(const std::vector<std::string>& args) { return testing::grundy_json(args); }

// docs/theory.md §2 / Winning Ways ch. 4: Lasker's Nim.
std::uint64_t lasker(std::uint64_t n) {
  if (n == 0) return 0;
  switch (n % 4) {
    case 1:
    case 2: return n;
    case 3: return n + 1;
    default: return n - 1;
  }
}

constexpr std::uint64_t kMaxHeap = 9'223'372'036'854'775'807ULL;  // 2^63 - 1

TEST(ArithmeticPeriodCli, LaskersNimPeriodIsProven) {
  // WW ch. 4: period 4, saltus 4, G(0) = 0 the only exception.
  for (const char* code : {"4.[3]", "4.3[3]"}) {
    SCOPED_TRACE(code);
    const auto j = run_json({"period", code, "--json"});
    EXPECT_EQ(j["period"], 4);
    EXPECT_EQ(j["preperiod"], 1);
    EXPECT_EQ(j["saltus"], 4);
    EXPECT_EQ(j["proven"], true);
    EXPECT_EQ(j["criterion"], "Lasker's Nim closed form, Winning Ways ch. 4");
    EXPECT_GE(j["checked_to"].get<std::uint64_t>(), j["proof_needs"].get<std::uint64_t>());
  }
  const auto text = run_program(GRUNDY_CLI_PATH, {"period", "4.[3]"});
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("saltus 4"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("proven: Lasker's Nim closed form"), std::string::npos) << text.out;
}

// 8.[3]: G(n) = n except that 8q+7 and 8q+8 are swapped (closed form proved
// in docs/periodicity-proofs.md §2; checked against the naive mex to n = 300 in
// tests/unit/periodicity_test.cpp).
std::uint64_t three_split(std::uint64_t n) {
  if (n >= 7 && n % 8 == 7) return n + 1;
  if (n >= 8 && n % 8 == 0) return n - 1;
  return n;
}

TEST(ArithmeticPeriodCli, ThreeSplitPeriodIsProven) {
  for (const char* code : {"8.[3]", "8.3[3]"}) {
    SCOPED_TRACE(code);
    const auto start = std::chrono::steady_clock::now();
    const auto j = run_json({"period", code, "--json"});
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_EQ(j["period"], 8);
    EXPECT_EQ(j["preperiod"], 1);
    EXPECT_EQ(j["saltus"], 8);
    EXPECT_EQ(j["proven"], true);
    EXPECT_EQ(j["criterion"], "closed form of 8.[3] (proof in docs/periodicity-proofs.md)");
    EXPECT_LT(seconds, 10.0);
  }
  for (std::uint64_t n : {std::uint64_t{1'000'000'000'000'000'000},
                          std::uint64_t{1'000'000'000'000'000'007}, kMaxHeap - 1, kMaxHeap}) {
    SCOPED_TRACE(n);
    const auto j = run_json({"value", "8.[3]", std::to_string(n), "--json"});
    EXPECT_EQ(j["proven"], true);
    EXPECT_EQ(j["value"], three_split(n));
  }
}

TEST(ArithmeticPeriodCli, ValueAtHugeHeapsOfLaskersNimAndNim) {
  for (std::uint64_t n : {std::uint64_t{1'000'000'000'000'000'000}, std::uint64_t{70'000},
                          kMaxHeap - 1, kMaxHeap}) {
    SCOPED_TRACE(n);
    const auto j = run_json({"value", "4.[3]", std::to_string(n), "--json"});
    EXPECT_EQ(j["proven"], true);
    EXPECT_EQ(j["value"], lasker(n));
    EXPECT_EQ(j["periodicity"]["saltus"], 4);
    // Nim: G(n) = n (docs/theory.md §2).
    const auto nim = run_json({"value", "0.[3]", std::to_string(n), "--json"});
    EXPECT_EQ(nim["proven"], true);
    EXPECT_EQ(nim["value"], n);
  }
  const auto text = run_program(GRUNDY_CLI_PATH, {"value", "4.[3]", "1000000000000000000"});
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("G(1000000000000000000) = 999999999999999999"), std::string::npos)
      << text.out;
  EXPECT_EQ(text.out.find("NOT PROVEN"), std::string::npos) << text.out;
}

TEST(ArithmeticPeriodCli, AnalyzeHugeLaskerHeapsAtOnce) {
  const auto start = std::chrono::steady_clock::now();
  const auto j = run_json({"analyze", "4.[3]", "1000000000", "999999999", "--json"});
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const std::uint64_t a = lasker(1'000'000'000), b = lasker(999'999'999);
  EXPECT_EQ(j["heap_values"], nlohmann::json({a, b}));
  EXPECT_EQ(j["value"], a ^ b);
  EXPECT_EQ(j["outcome"], (a ^ b) ? "N" : "P");
  EXPECT_NE(j["method"].get<std::string>().find("proven period 4"), std::string::npos)
      << j["method"];
  EXPECT_LT(seconds, 10.0);
}

TEST(ArithmeticPeriodCli, UnprovenArithmeticPeriodsAreRefusedAtOnce) {
  // C.[3]: no criterion proves its arithmetic period (docs/periodicity-proofs.md §5), so
  // `value` at a huge heap, and `analyze --proven-only`, refuse, quickly,
  // with the pattern seen and the way to accept it.
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"value", "C.[3]", "1000000000000000000"},
        std::vector<std::string>{"analyze", "C.[3]", "1000000000", "999999999", "--proven-only"}}) {
    SCOPED_TRACE(args[1] + " " + args[2]);
    const auto start = std::chrono::steady_clock::now();
    const auto run = run_program(GRUNDY_CLI_PATH, args);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_EQ(run.status, 2);
    EXPECT_NE(run.err.find("no criterion here proves it"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("--observed"), std::string::npos) << run.err;
    EXPECT_LT(seconds, 10.0);
  }
}

TEST(ArithmeticPeriodCli, AnalyzeAnswersAtOnceSayingWhetherProven) {
  // The examples: `analyze C.[3] 1000000000 999999999` answers from
  // the observed pattern and says NOT PROVEN; an all-but game and 8.[3]
  // answer from their proven periods, the all-but game with all its winning
  // moves (8.[3]'s three-heap splits are not listed for huge heaps). Values: G(n0 + r + q p) =
  // G(n0 + r) + q s with (n0, p, s) from `period`, G(n0 + r) from `values`.
  struct Case {
    std::vector<std::string> args;
    bool proven;
    bool moves_complete;
  };
  for (const Case& c : {Case{{"C.[3]", "1000000000", "999999999"}, false, false},
                        Case{{"8.[3]", "1000000000", "999999999"}, true, false},
                        Case{{"allbut:2,3,7", "123456789012345", "5"}, true, true}}) {
    SCOPED_TRACE(c.args[0]);
    auto args = c.args;
    args.insert(args.begin(), "analyze");
    args.push_back("--json");
    const auto j = run_json(args);
    EXPECT_EQ(j["proven"], c.proven);
    const auto period = run_json({"period", c.args[0], "--json", "--max", "2048"});
    const std::uint64_t n0 = period["preperiod"], p = period["period"], s = period["saltus"];
    std::uint64_t total = 0;
    for (std::size_t i = 1; i < c.args.size(); ++i) {
      const std::uint64_t n = std::stoull(c.args[i]);
      std::uint64_t g;
      if (n < 2048) {
        g = run_json({"values", c.args[0], "--from", c.args[i], "--to", c.args[i], "--json"})["values"][0];
      } else {
        const std::uint64_t base = n0 + (n - n0) % p;
        g = run_json({"values", c.args[0], "--to", std::to_string(base), "--json"})["values"][base]
                .get<std::uint64_t>() +
            (n - n0) / p * s;
      }
      EXPECT_EQ(j["heap_values"][i - 1], g) << n;
      total ^= g;
    }
    EXPECT_EQ(j["value"], total);
    if (c.moves_complete) {
      EXPECT_TRUE(j["winning_moves_complete"].get<bool>());
      EXPECT_EQ(j["winning_moves"].size(), j["winning_move_count"].get<std::uint64_t>());
    }
    const auto text = run_program(GRUNDY_CLI_PATH, {"analyze", c.args[0], c.args[1], c.args[2]});
    EXPECT_EQ(text.out.find("NOT PROVEN") != std::string::npos, !c.proven) << text.out;
  }
}

TEST(ArithmeticPeriodCli, HeapsWithinTheValuesComputedAreExact) {
  // 0.209's pattern (period 9, saltus 3) is only observed: the arithmetic
  // test (§4 of docs/periodicity-proofs.md) fails on it, even on the period
  // taken 2, 4 or 8 times. A heap of 5000 is
  // past the 4096 values below which no period is looked for, so the values
  // G(0..5000) are computed in search of one; G(5000) is then exact, not
  // NOT PROVEN; a heap past the values computed comes from the pattern.
  auto j = run_json({"analyze", "0.209", "5000", "5", "--json"});
  EXPECT_EQ(j["proven"], true);
  EXPECT_EQ(j["heap_values"][0],
            run_json({"values", "0.209", "--from", "5000", "--to", "5000", "--json"})["values"][0]);
  auto text = run_program(GRUNDY_CLI_PATH, {"analyze", "0.209", "5000", "5"});
  EXPECT_EQ(text.out.find("NOT PROVEN"), std::string::npos) << text.out;
  EXPECT_EQ(text.out.find("OBSERVED"), std::string::npos) << text.out;
  EXPECT_EQ(run_program(GRUNDY_CLI_PATH, {"analyze", "0.209", "5000", "5", "--proven-only"}).status,
            0);
  j = run_json({"analyze", "0.209", "1000000", "5", "--json"});
  EXPECT_EQ(j["proven"], false);
  text = run_program(GRUNDY_CLI_PATH, {"analyze", "0.209", "1000000", "5"});
  EXPECT_NE(text.out.find("NOT PROVEN"), std::string::npos) << text.out;
  // Past the default bound (13567 values, about a second's work), --max
  // computes as many values as asked, as for `value` and `period`.
  EXPECT_EQ(run_json({"analyze", "0.209", "14000", "5", "--json"})["proven"], false);
  j = run_json({"analyze", "0.209", "14000", "5", "--max", "14001", "--json"});
  EXPECT_EQ(j["proven"], true);
  EXPECT_EQ(j["heap_values"][0],
            run_json({"values", "0.209", "--from", "14000", "--to", "14000", "--json"})["values"]
                    [0]);
}

TEST(ArithmeticPeriodCli, ThreeHeapCodesProvenByTheArithmeticTest) {
  // docs/periodicity-proofs.md §4. Each pattern is extended from values
  // `values` lists, and 0.8 also against G(n) = (n - 1) div 3, which the
  // naive mex gives to n = 300 (tests/unit/periodicity_test.cpp).
  struct Case {
    const char* code;
    std::uint64_t preperiod, period, saltus;
  };
  for (const Case& c : {Case{"0.8", 1, 3, 1}, Case{"0.C", 1, 2, 1}, Case{"0.28", 1, 53, 16},
                        Case{"0.9C", 28, 36, 16}}) {
    SCOPED_TRACE(c.code);
    const auto period = run_json({"period", c.code, "--json"});
    EXPECT_EQ(period["proven"], true);
    EXPECT_EQ(period["preperiod"], c.preperiod);
    EXPECT_EQ(period["period"], c.period);
    EXPECT_EQ(period["saltus"], c.saltus);
    EXPECT_NE(period["criterion"].get<std::string>().find("arithmetic-periodicity test"),
              std::string::npos);
    const auto small = run_json({"values", c.code, "--to", "200", "--json"})["values"];
    for (const std::uint64_t n : {std::uint64_t{1'000'000'000'000'000'000},
                                  std::uint64_t{9'223'372'036'854'775'807}}) {
      const auto j = run_json({"value", c.code, std::to_string(n), "--json"});
      EXPECT_EQ(j["proven"], true);
      const std::uint64_t base = c.preperiod + (n - c.preperiod) % c.period;
      EXPECT_EQ(j["value"],
                small[base].get<std::uint64_t>() + (n - c.preperiod) / c.period * c.saltus)
          << n;
    }
  }
  EXPECT_EQ(run_json({"value", "0.8", "1000000000000000000", "--json"})["value"],
            333'333'333'333'333'333u);
  // Values past 16 bits come from the proven period too (the engines stop
  // at 65535).
  const auto run = run_program(GRUNDY_CLI_PATH, {"values", "0.8", "--from", "2999999", "--to",
                                                 "3000001", "--csv"});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.out, "n,value\n2999999,999999\n3000000,999999\n3000001,1000000\n");
  // A winning move from a huge heap is found the way the proof finds one
  // (x, y, y with G(x) the value wanted): each listed move leads to a
  // position of value 0, the list says it is not every move, and counting
  // them is refused.
  const auto play = run_json({"analyze", "0.8", "1000000000000000000", "5", "7", "--json"});
  EXPECT_EQ(play["outcome"], "N");
  EXPECT_EQ(play["winning_moves_complete"], false);
  EXPECT_TRUE(play.contains("moves_note"));
  ASSERT_FALSE(play["winning_moves"].empty());
  for (const auto& move : play["winning_moves"]) {
    std::vector<std::string> args = {"analyze", "0.8"};
    for (const auto& heap : move["position"])
      args.push_back(std::to_string(heap.get<std::uint64_t>()));
    args.push_back("--json");
    EXPECT_EQ(run_json(args)["value"], 0) << move["description"];
  }
  const auto count = run_program(GRUNDY_CLI_PATH,
                                 {"analyze", "0.8", "1000000000000000000", "5", "7", "--count"});
  EXPECT_EQ(count.status, 2);
  EXPECT_NE(count.err.find("out of reach"), std::string::npos) << count.err;
  // A saltus that is not a power of 2 is proven on the period taken twice
  // (0.3F: period 6, saltus 3 as 12 and 6); where the test fails the
  // pattern stays observed (0.209: period 9, saltus 3).
  const auto doubled = run_json({"period", "0.3F", "--json"});
  EXPECT_EQ(doubled["proven"], true);
  EXPECT_EQ(doubled["period"], 6);
  EXPECT_NE(doubled["criterion"].get<std::string>().find("as period 12 with saltus 6"),
            std::string::npos);
  EXPECT_EQ(run_json({"period", "0.209", "--max", "2000", "--json"})["proven"], false);
}

TEST(ArithmeticPeriodCli, ObservedArithmeticPeriodsSayNotProven) {
  // With --observed the pattern seen is extended: G(n0 + r + q p) =
  // G(n0 + r) + q s with (n0, p, s) as reported, and G(n0 + r) computed
  // directly by `values`.
  for (const char* code : {"C.[3]"}) {
    SCOPED_TRACE(code);
    const std::uint64_t n = 1'000'000'000'000'000'000;
    const auto j = run_json({"value", code, std::to_string(n), "--observed", "--json"});
    EXPECT_EQ(j["proven"], false);
    const auto& p = j["periodicity"];
    EXPECT_EQ(p["proven"], false);
    EXPECT_EQ(p["criterion"], "observed");
    EXPECT_NE(p["saltus"], 0);
    const std::uint64_t n0 = p["preperiod"], period = p["period"], saltus = p["saltus"];
    const std::uint64_t base = n0 + (n - n0) % period;
    const auto small = run_json({"values", code, "--to", std::to_string(base), "--json"});
    EXPECT_EQ(j["value"], small["values"][base].get<std::uint64_t>() + (n - n0) / period * saltus);
    const auto text =
        run_program(GRUNDY_CLI_PATH, {"value", code, std::to_string(n), "--observed"});
    EXPECT_NE(text.out.find("NOT PROVEN"), std::string::npos) << text.out;
  }
  // `period` on an all-but game: proven by the window argument.
  const auto text = run_program(GRUNDY_CLI_PATH, {"period", "allbut:2,3,7", "--max", "4096"});
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("proven: window argument"), std::string::npos) << text.out;
}

TEST(ArithmeticPeriodCli, PeriodStopsWhereValuesOutgrowSixteenBits) {
  // 0.[2]: remove any number but never the whole heap, so the options of n
  // are the heaps 1..n-1 and, by induction, G(0) = G(1) = 0, G(n) = n - 1:
  // saltus 1 from n = 1, no closed form here, and G(65537) = 65536 is past
  // the engines' 16-bit values. `period` reports what it saw up to there
  // instead of failing (about 5 s).
  const auto run = run_program(GRUNDY_CLI_PATH, {"period", "0.[2]", "--max", "70000"});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("period 1, preperiod 1 (periodic from n = 1), saltus 1"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("NOT proven: observed up to n = 65536"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("(stopped at n = 65537: G(65537) of '0.[2]' is at least 65536"),
            std::string::npos)
      << run.out;
}

}  // namespace
}  // namespace grundy::arithmetic_period_test

namespace grundy::arithmetic_period_test {
namespace {

TEST(ArithmeticPeriodCli, PeriodStopsAtTheFirstPatternWithoutACriterion) {
  // C.[3]: no criterion can prove its pattern, so `period` stops at once
  // instead of computing 4194304 values of a three-heap code; --max asks
  // for a longer observation explicitly.
  const auto start = std::chrono::steady_clock::now();
  const auto run = testing::run_program(GRUNDY_CLI_PATH, {"period", "C.[3]"});
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("NOT proven"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("stopped at the first pattern"), std::string::npos) << run.out;
  EXPECT_LT(seconds, 10.0);
  const auto further = testing::run_program(GRUNDY_CLI_PATH, {"period", "C.[3]", "--max", "2048"});
  ASSERT_EQ(further.status, 0) << further.err;
  EXPECT_NE(further.out.find("observed up to n = 2047"), std::string::npos) << further.out;
  EXPECT_EQ(further.out.find("stopped at the first pattern"), std::string::npos) << further.out;
}

TEST(ArithmeticPeriodCli, HugeHeapsOfSplittingCodesListTheirRemovalMoves) {
  // 8.[3] at 10^9: the moves that remove tokens are listed exactly (each
  // leads to a position of value 0 by the closed form proved in
  // docs/periodicity-proofs.md §2: n, with 8q+7 and 8q+8 swapped); the splits are not
  // searched, and the list says so.
  auto sigma = [](std::uint64_t n) -> std::uint64_t {
    if (n >= 7 && n % 8 == 7) return n + 1;
    if (n >= 8 && n % 8 == 0) return n - 1;
    return n;
  };
  const auto run = testing::run_program(
      GRUNDY_CLI_PATH, {"analyze", "8.[3]", "1000000000", "999999999", "--json"});
  ASSERT_EQ(run.status, 0) << run.err;
  const auto j = nlohmann::json::parse(run.out);
  EXPECT_EQ(j["proven"], true);
  EXPECT_EQ(j["winning_moves_complete"], false);
  EXPECT_TRUE(j.contains("moves_note"));
  ASSERT_FALSE(j["winning_moves"].empty());
  for (const auto& move : j["winning_moves"]) {
    std::uint64_t total = 0;
    for (const auto& h : move["position"]) total ^= sigma(h.get<std::uint64_t>());
    EXPECT_EQ(total, 0u) << move.dump();
  }
  // Counting would need the splits: a clear error, not a wrong count.
  const auto count = testing::run_program(
      GRUNDY_CLI_PATH, {"analyze", "8.[3]", "1000000000", "999999999", "--count"});
  EXPECT_EQ(count.status, 2);
  EXPECT_NE(count.err.find("splits"), std::string::npos) << count.err;
}

}  // namespace
}  // namespace grundy::arithmetic_period_test
