// The sequence commands on real command lines: period (proven periods of
// docs/theory.md §8), value at 10^18 by a proven period, values --stats/--out,
// and analyze on huge heaps of periodic codes.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <map>
#include <tuple>

#include <fmt/format.h>

#include "support/cli.h"
#include "support/process.h"

namespace grundy::sequence_cli_test {
namespace {

using testing::run_program;

nlohmann::json run_json(const std::vector<std::string>& args) { return testing::grundy_json(args); }

std::vector<std::uint64_t> first_values(const std::string& code, int last) {
  return run_json({"values", code, "--to", std::to_string(last), "--json"})["values"]
      .get<std::vector<std::uint64_t>>();
}

TEST(SequenceCli, PeriodProvesPublishedPeriods) {
  // docs/theory.md §8 (WW ch. 4; CGSuite): Kayles preperiod 71 period 12; Dawson's
  // Kayles 53/34; Dawson's Chess 0.137 52/34; 0.4 54/34; 0.17 33/34;
  // 0.44 143/24; 0.45 498/20.
  const struct {
    const char* code;
    std::uint64_t preperiod, period;
  } published[] = {{"kayles", 71, 12}, {"dawson", 53, 34}, {"0.137", 52, 34}, {"0.4", 54, 34},
                   {"0.17", 33, 34},   {"0.44", 143, 24},  {"0.45", 498, 20}};
  for (const auto& g : published) {
    SCOPED_TRACE(g.code);
    const auto j = run_json({"period", g.code, "--json"});
    EXPECT_EQ(j["period"], g.period);
    EXPECT_EQ(j["preperiod"], g.preperiod);
    EXPECT_EQ(j["saltus"], 0);
    EXPECT_EQ(j["proven"], true);
    EXPECT_GE(j["checked_to"].get<std::uint64_t>(), j["proof_needs"].get<std::uint64_t>());
  }
}

TEST(SequenceCli, PeriodStopsAtTheDefaultBound) {
  // 0.209 can leave three heaps: O(n^2) set operations in all at least (its
  // values grow like n, so more), and its pattern (period 9, saltus 3) is one
  // the arithmetic test does not prove. It used to look for a proof up to
  // 4,194,304 values, for days; now the default bound is the work budget of
  // the other commands, and --max sets another.
  auto run = run_program(GRUNDY_CLI_PATH, {"period", "0.209"});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("NOT proven"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("default bound"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("--max"), std::string::npos) << run.out;
  auto j = run_json({"period", "0.209", "--json"});
  EXPECT_EQ(j["proven"], false);
  // The bound is the naive table's budget of option visits turned into as
  // many seconds on the split-set engine (kSplitSetOpsPerVisit): n = 13567,
  // about a second.
  EXPECT_LT(j["checked_to"].get<std::uint64_t>(), 20000u);
  EXPECT_GE(j["checked_to"].get<std::uint64_t>(), 10000u);
  j = run_json({"period", "0.209", "--max", "1500", "--json"});
  EXPECT_EQ(j["checked_to"], 1500);
  // Codes the fast engine computes keep the old bound: proven as before.
  EXPECT_EQ(run_json({"period", "0.45", "--json"})["proven"], true);
  // `value` computes within the same bound: G(10000) of a code like 0.209
  // (a fraction of a second) was refused while the bound was 4·10^8
  // operations (n = 5200). It must agree with `values`, which has no such
  // bound.
  run = run_program(GRUNDY_CLI_PATH, {"value", "0.209", "10000"});
  ASSERT_EQ(run.status, 0) << run.err;
  const auto listed = run_json({"values", "0.209", "--from", "10000", "--to", "10000", "--json"});
  EXPECT_NE(run.out.find(fmt::format("= {} ", listed["values"][0].get<unsigned>())),
            std::string::npos)
      << run.out;
  // Past the bound, with no criterion to prove a period, the refusal says
  // how to compute G(n) in full, and that way agrees with `values`.
  run = run_program(GRUNDY_CLI_PATH, {"value", "0.209", "14000"});
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("`value --store FILE` computes G(0..14000) in full"), std::string::npos)
      << run.err;
  const std::string store = (testing::scratch().path() / "value-in-full.store").string();
  const auto stored = run_json({"value", "0.209", "14000", "--store", store, "--json"});
  EXPECT_EQ(stored["proven"], true);
  EXPECT_EQ(stored["value"],
            run_json({"values", "0.209", "--from", "14000", "--to", "14000", "--json"})["values"]
                    [0]);
  // An explicit --max sets the bound, as for `period`: then the values are
  // computed that far, whatever the default work budget.
  const auto past = run_json({"value", "0.209", "14000", "--max", "14001", "--json"});
  EXPECT_EQ(past["value"], stored["value"]);
  EXPECT_EQ(past["proven"], true);
  // Far beyond what a run can reach, no such suggestion; nor where the
  // pattern seen (period 9, saltus 3: G(n) near n/3) passes the engines'
  // 16-bit values before n.
  for (const char* far : {"1000000000000", "300000"}) {
    run = run_program(GRUNDY_CLI_PATH, {"value", "0.209", far});
    EXPECT_EQ(run.status, 2);
    EXPECT_EQ(run.err.find("--store"), std::string::npos) << run.err;
  }
}

TEST(SequenceCli, GrundysGameOnTheCodeEngine) {
  // Grundy's game is the code 4!.0: its values come from the sequence
  // engines, past the n = 28,000 where the naive table used to stop.
  const auto j = run_json({"values", "grundy-game", "--from", "99995", "--to", "100000", "--json"});
  EXPECT_EQ(j["values"].size(), 6u);
  EXPECT_EQ(run_json({"values", "4!.0", "--from", "99995", "--to", "100000", "--json"})["values"],
            j["values"]);
  // No period is claimed: none is proven for a code with '!'.
  auto p = run_json({"period", "grundy-game", "--max", "65536", "--json"});
  EXPECT_EQ(p["code"], "4!.0");
  EXPECT_EQ(p["proven"], false);
  EXPECT_EQ(p["checked_to"], 65536);
  // 0.7777! looks periodic (period 24 from 142) but the Guy-Smith theorem
  // does not apply to it: observed, never proven; value refuses beyond.
  p = run_json({"period", "0.7777!", "--max", "20000", "--json"});
  EXPECT_EQ(p["proven"], false);
  const auto run = run_program(GRUNDY_CLI_PATH, {"value", "0.7777!", "1000000000000"});
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("no proven period"), std::string::npos) << run.err;
}

TEST(SequenceCli, CgsuiteModifiersOnTheCommandLine) {
  // '?' is '!' on two heaps: the same values as Grundy's game (4!.0) far out.
  EXPECT_EQ(run_json({"values", "4?.0", "--from", "99995", "--to", "100000", "--json"})["values"],
            run_json({"values", "4!.0", "--from", "99995", "--to", "100000", "--json"})["values"]);
  // The names as written; no period proven for a code with modifiers.
  for (const char* code : {"8=.0", "0.F?", "0.8!", "0.4=", "4.[6=]"}) {
    SCOPED_TRACE(code);
    const auto p = run_json({"period", code, "--max", "3000", "--json"});
    EXPECT_EQ(p["code"], code);
    EXPECT_EQ(p["proven"], false);
    // value, values and analyze agree (the values by the engines, analyze
    // by the code's own moves on a single heap).
    const auto values = first_values(code, 60);
    EXPECT_EQ(run_json({"value", code, "2500", "--json"})["value"],
              run_json({"values", code, "--from", "2500", "--to", "2500", "--json"})["values"][0]);
    for (int n : {0, 7, 30, 60})
      EXPECT_EQ(run_json({"analyze", code, std::to_string(n), "--json"})["value"], values[n])
          << "n = " << n;
  }
  // Refused with one line and status 2: a modifier on a digit that cannot
  // split, two modifiers, a modifier with no digit.
  for (const char* bad : {"0.3!", "0.4?=", "0.[=]", "=.4"}) {
    SCOPED_TRACE(bad);
    const auto run = run_program(GRUNDY_CLI_PATH, {"values", bad, "--to", "10"});
    EXPECT_EQ(run.status, 2);
    EXPECT_NE(run.err.find("malformed take-and-break code"), std::string::npos) << run.err;
    EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
  }
}

TEST(SequenceCli, FourHeapDigits) {
  // Base-32 digits G-V may leave four heaps: 0.2G (remove one token, or two
  // and split the rest into four heaps) has period 2 from n = 1, proven by
  // the Guy-Smith theorem with k = 4; values by the engines against the
  // code's own moves (analyze on a single heap).
  const auto p = run_json({"period", "0.2G", "--json"});
  EXPECT_EQ(p["proven"], true);
  EXPECT_EQ(p["period"], 2);
  EXPECT_NE(p["criterion"].get<std::string>().find("k = 4"), std::string::npos) << p;
  const auto values = first_values("0.2G", 40);
  for (int n : {0, 5, 17, 40})
    EXPECT_EQ(run_json({"analyze", "0.2G", std::to_string(n), "--json"})["value"], values[n]);
  EXPECT_EQ(run_json({"value", "0.2G", "1000000000000000001", "--json"})["value"], values[1]);
  for (const char* code : {"G?.0", "0.KV", "0.[G=]"})
    EXPECT_EQ(run_json({"values", code, "--to", "30", "--json"})["values"].size(), 31u) << code;
  // The explanation's table of options holds four heaps and their values
  // (0.G: G(1..4) = 0, G(5) = 1).
  const auto explain = run_program(GRUNDY_CLI_PATH, {"analyze", "0.G", "9", "--explain"});
  ASSERT_EQ(explain.status, 0) << explain.err;
  const std::string row = "1 + 1 + 1 + 5  G(1) xor G(1) xor G(1) xor G(5) = 0 xor 0 xor 0 xor 1 = 1";
  EXPECT_NE(explain.out.find(row), std::string::npos) << explain.out;
}

TEST(SequenceCli, WiderDigitsThanFourHeaps) {
  // CGSuite's &n; digit: 0.&34; removes one token and leaves one heap or
  // five; its period 2 is proven by the Guy-Smith theorem with k = 5.
  const auto p = run_json({"period", "0.&34;", "--json"});
  EXPECT_EQ(p["proven"], true);
  EXPECT_EQ(p["period"], 2);
  EXPECT_NE(p["criterion"].get<std::string>().find("k = 5"), std::string::npos) << p;
  // With '+' or '*' no k bounds the heaps a move leaves: observed only.
  const auto plus = run_json({"period", "0.{2+}", "--json"});
  EXPECT_EQ(plus["proven"], false);
  EXPECT_EQ(plus["code"], "0.{2+}");
  // A wide spelling of a classic digit is that digit.
  EXPECT_EQ(run_json({"values", "0.{2,3}!", "--to", "40", "--json"})["values"],
            run_json({"values", "0.C!", "--to", "40", "--json"})["values"]);
  // value, values and analyze agree: the engine's sequence against the
  // code's own moves on a single heap.
  for (const char* code : {"0.{2+}", "0.*", "0.{2!,3=,6+}", "{2+}=.0", "0.1&32;"}) {
    SCOPED_TRACE(code);
    const auto values = first_values(code, 40);
    EXPECT_EQ(run_json({"value", code, "40", "--json"})["value"], values[40]);
    for (int n : {0, 9, 25, 40})
      EXPECT_EQ(run_json({"analyze", code, std::to_string(n), "--json"})["value"], values[n])
          << "n = " << n;
  }
  // Far past what the sets allow, or the knapsack of '!' on three heaps or
  // more: refused before any work, one line.
  for (const auto& [code, to, why] :
       {std::tuple{"0.*", "1000000", "operations"},
        std::tuple{"0.{2+}!", "1000000", "operations"}}) {
    const auto far = run_program(GRUNDY_CLI_PATH, {"values", code, "--to", to});
    EXPECT_EQ(far.status, 2);
    EXPECT_NE(far.err.find(why), std::string::npos) << far.err;
    EXPECT_NE(far.err.find("partition-set engine"), std::string::npos) << far.err;
    EXPECT_EQ(std::count(far.err.begin(), far.err.end(), '\n'), 1) << far.err;
  }
  // Past the naive engine's reach (p(n) options at n with '*'): the sets.
  const auto star = run_json({"values", "0.{2+}", "--from", "3000", "--to", "3003", "--json"});
  EXPECT_EQ(star["values"].size(), 4u);
}

TEST(SequenceCli, SubtractionGamePeriod) {
  // subtract:1,3,4: period 7 from the start, P-positions n ≡ 0, 2 (mod 7)
  // (WW ch. 4, the subtraction game S(1,3,4)).
  const auto j = run_json({"period", "subtract:1,3,4", "--json"});
  EXPECT_EQ(j["period"], 7);
  EXPECT_EQ(j["proven"], true);
}

TEST(SequenceCli, ValueAtHugeHeapByProvenPeriod) {
  const auto g = first_values("kayles", 300);
  const std::uint64_t n = 1'000'000'000'000'000'000ULL;
  const auto j = run_json({"value", "kayles", std::to_string(n), "--json"});
  EXPECT_EQ(j["proven"], true);
  EXPECT_EQ(j["value"], g[71 + (n - 71) % 12]);
  const auto small = run_json({"value", "kayles", "250", "--json"});
  EXPECT_EQ(small["value"], g[250]);
}

TEST(SequenceCli, ProvenPeriodsAnswerEverywhereTheyApply) {
  // Dawson's Kayles just past 2^20: once computed value by value (a cliff
  // below the proof threshold), now from the period proven on 4096 values.
  const auto dawson = first_values("dawson", 300);
  const std::uint64_t n = (1u << 20) + 1;
  auto j = run_json({"value", "dawson", std::to_string(n), "--json"});
  EXPECT_EQ(j["value"], dawson[53 + (n - 53) % 34]);
  EXPECT_EQ(j["proven"], true);
  EXPECT_NE(j["method"].get<std::string>().find("proven period"), std::string::npos) << j["method"];

  // A far range of values: from the proven period, as `value` gives it
  // (it asked for 2·10^12 MiB before).
  const auto kayles = first_values("kayles", 300);
  const std::uint64_t far = 1'000'000'000'000'000'000ULL;
  j = run_json({"values", "kayles", "--from", std::to_string(far), "--to",
                std::to_string(far + 10), "--json"});
  ASSERT_EQ(j["values"].size(), 11u);
  for (std::uint64_t i = 0; i <= 10; ++i)
    EXPECT_EQ(j["values"][i], kayles[71 + (far + i - 71) % 12]) << i;
  const std::string out = (testing::scratch().path() / "far.csv").string();
  auto run = run_program(GRUNDY_CLI_PATH, {"values", "kayles", "--from", std::to_string(far),
                                           "--to", std::to_string(far + 2), "--out", out});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(testing::read_file(out),
            fmt::format("n,value\n{},{}\n{},{}\n{},{}\n", far, kayles[71 + (far - 71) % 12],
                        far + 1, kayles[71 + (far + 1 - 71) % 12], far + 2,
                        kayles[71 + (far + 2 - 71) % 12]));

  // Without a proven period a far range is still refused before it starts,
  // by memory or, for a code that can leave three heaps, by work.
  // (--max-memory 60G: 0.209's split sets alone would need 39 GiB.)
  run = run_program(GRUNDY_CLI_PATH, {"values", "0.209", "--from", "5000000", "--to", "5000010",
                                      "--max-memory", "60G"});
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("operations"), std::string::npos) << run.err;
  // A code that can leave three heaps also needs its split sets (V/8 bytes a
  // heap size: 8 KiB once its values pass 32768), counted up front. (Work is
  // judged first: G(0..700000) is within the work limit, G(0..3000000) not.)
  run = run_program(GRUNDY_CLI_PATH,
                    {"values", "0.209", "--to", "700000", "--max-memory", "1G", "--csv"});
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("needs about 5535 MiB"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("no period"), std::string::npos) << run.err;
}

TEST(SequenceCli, UnprovenPatternNeedsObserved) {
  auto run = run_program(GRUNDY_CLI_PATH, {"value", "8.[3]", "1000000000"});
  if (run.status == 0) {
    // A criterion proved it: then the JSON must say proven.
    EXPECT_EQ(run_json({"value", "8.[3]", "1000000000", "--json"})["proven"], true);
  } else {
    EXPECT_EQ(run.status, 2);
    EXPECT_NE(run.err.find("--observed"), std::string::npos) << run.err;
    const auto j = run_json({"value", "8.[3]", "1000000000", "--observed", "--json"});
    EXPECT_EQ(j["proven"], false);
  }
}

TEST(SequenceCli, InfiniteCodeComputedPastItsFirstPatternIsExact) {
  // 4.[7] has no criterion here: its period search stops at the first
  // pattern (in 4096 values), and G(20000) is then computed, by the
  // split-set engine in well under a second (the naive mex would take
  // minutes). It was reported as coming from the observed pattern.
  const auto j = run_json({"value", "4.[7]", "20000", "--json"});
  EXPECT_EQ(j["proven"], true);
  EXPECT_EQ(j["method"], "computed");
  EXPECT_EQ(j["periodicity"]["proven"], false);
  EXPECT_LT(j["periodicity"]["checked_to"].get<std::uint64_t>(), 20000u);
  const auto values = run_json({"values", "4.[7]", "--from", "20000", "--to", "20000", "--json"});
  EXPECT_EQ(j["value"], values["values"][0]);
  const auto run = run_program(GRUNDY_CLI_PATH, {"value", "4.[7]", "20000"});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("computed exactly"), std::string::npos) << run.out;
}

TEST(SequenceCli, AnalyzeHugeHeapsOfPeriodicCode) {
  const auto g = first_values("kayles", 300);
  const std::uint64_t n = 1'000'000'000'000'000'000ULL;
  const auto j = run_json({"analyze", "kayles", std::to_string(n), "5", "--json", "--max-moves", "3"});
  const std::uint64_t gn = g[71 + (n - 71) % 12];
  EXPECT_EQ(j["heap_values"], nlohmann::json({gn, g[5]}));
  EXPECT_EQ(j["outcome"], (gn ^ g[5]) ? "N" : "P");
  EXPECT_NE(j["method"].get<std::string>().find("proven"), std::string::npos) << j["method"];
}

TEST(SequenceCli, StatsAndOut) {
  const auto values = first_values("0.6", 20000);
  const auto j = run_json({"values", "0.6", "--to", "20000", "--stats", "--json"});
  std::uint64_t total = 0, max_value = 0;
  std::map<std::uint64_t, std::uint64_t> histogram;
  for (auto v : values) {
    ++histogram[v];
    max_value = std::max(max_value, v);
  }
  for (const auto& [value, count] : j["histogram"].items()) {
    EXPECT_EQ(count.get<std::uint64_t>(), histogram[std::stoull(value)]) << value;
    total += count.get<std::uint64_t>();
  }
  EXPECT_EQ(total, 20001u);
  EXPECT_EQ(j["max_value"], max_value);
  EXPECT_TRUE(j.contains("rare_count"));

  const std::string csv = (testing::scratch().path() / "officers.csv").string();
  auto run = run_program(GRUNDY_CLI_PATH, {"values", "0.6", "--from", "5", "--to", "9", "--out", csv});
  ASSERT_EQ(run.status, 0) << run.err;
  std::string expected = "n,value\n";
  for (int n = 5; n <= 9; ++n) expected += std::to_string(n) + "," + std::to_string(values[n]) + "\n";
  EXPECT_EQ(testing::read_file(csv), expected);
}

// --stats past the values computed: Kayles to 2^63 - 1 from its proven
// period (period 12 from heap 71: docs/theory.md §8), each value's count the
// number of heaps of its residue classes, at once, and a closed form's
// through its code's period; a range that only an arithmetic period gives,
// one heap at a time, is refused; a binary --out larger than memory, or a
// CSV one larger than the disk, is refused before any work.
TEST(SequenceCli, StatsOfFarRanges) {
  const auto g = first_values("kayles", 300);
  const std::uint64_t to = 9'223'372'036'854'775'807ULL;
  const auto j = run_json({"values", "kayles", "--to", std::to_string(to), "--stats", "--json"});
  std::map<std::uint64_t, std::uint64_t> expected;
  for (std::uint64_t n = 0; n < 71; ++n) ++expected[g[n]];
  for (std::uint64_t r = 0; r < 12; ++r) expected[g[71 + r]] += (to - 71 - r) / 12 + 1;
  std::map<std::uint64_t, std::uint64_t> shown;
  for (const auto& [value, count] : j["histogram"].items())
    shown[std::stoull(value)] = count.get<std::uint64_t>();
  EXPECT_EQ(shown, expected);
  EXPECT_EQ(j["max_value"], expected.rbegin()->first);

  // Bash with at most 5 taken: a closed form, G(n) = n mod 6, counted
  // through its code's proven period.
  const auto bash =
      run_json({"values", "bash:5", "--to", "1000000000000", "--stats", "--json"})["histogram"];
  ASSERT_EQ(bash.size(), 6u);
  for (int v = 0; v < 6; ++v)
    EXPECT_EQ(bash[std::to_string(v)], (1000000000000ULL - v) / 6 + 1) << v;
  // Nim's values all differ (an arithmetic period): refused past 10^8.
  const auto closed =
      run_program(GRUNDY_CLI_PATH, {"values", "nim", "--to", "1000000000000", "--stats"});
  EXPECT_EQ(closed.status, 2);
  EXPECT_NE(closed.err.find("new values keep coming"), std::string::npos) << closed.err;
  const auto saltus =
      run_program(GRUNDY_CLI_PATH, {"values", "allbut:2,3,7", "--to", "1000000000000", "--stats"});
  EXPECT_EQ(saltus.status, 2);
  EXPECT_NE(saltus.err.find("new values keep coming"), std::string::npos) << saltus.err;
  const std::string binary = (testing::scratch().path() / "larger-than-memory.gsq").string();
  const auto out = run_program(GRUNDY_CLI_PATH, {"values", "kayles", "--to", "1000000000000",
                                                 "--out", binary, "--max-memory", "1G"});
  EXPECT_EQ(out.status, 2);
  EXPECT_NE(out.err.find("over the --max-memory limit"), std::string::npos) << out.err;
  // A CSV file of 10^15 lines (3 PB at least) fits on no disk: refused
  // before any work, and nothing written.
  const std::string csv = (testing::scratch().path() / "larger-than-disk.csv").string();
  const auto text = run_program(GRUNDY_CLI_PATH,
                                {"values", "kayles", "--to", "1000000000000000", "--out", csv});
  EXPECT_EQ(text.status, 2);
  EXPECT_NE(text.err.find("as CSV takes at least"), std::string::npos) << text.err;
  EXPECT_FALSE(std::filesystem::exists(csv));
}

// A --max far past memory is lowered to what the memory limit holds, not
// refused: a search that proves its period early (Kayles, period 12 from
// heap 71: docs/theory.md §8) answers at once.
TEST(SequenceCli, LargeMaxIsBoundedByMemoryNotRefused) {
  const auto p = run_json({"period", "kayles", "--max", "1000000000000", "--json"});
  EXPECT_EQ(p["proven"], true);
  EXPECT_EQ(p["period"], 12);
  EXPECT_EQ(p["preperiod"], 71);
  const auto g = first_values("kayles", 100);
  const auto v = run_json({"value", "kayles", "1000000", "--max", "1000000000000", "--json"});
  EXPECT_EQ(v["value"], g[71 + (1000000 - 71) % 12]);
}

// Where the memory limit does bind, --max is lowered to what it holds and
// the output says so. --max-memory sets a small limit: 65 MiB is the
// engine's 64 MiB and 2^20 bytes, so 2^19 values (code_values_within).
// Officers (0.6) shows no period that far.
TEST(SequenceCli, MaxLoweredToWhatTheMemoryLimitHolds) {
  auto period = run_program(GRUNDY_CLI_PATH, {"period", "0.6", "--max", "1000000000000",
                                              "--max-memory", "65M", "--threads", "1"});
  ASSERT_EQ(period.status, 0) << period.err;
  EXPECT_NE(period.out.find("no period seen in G(0..524287)"), std::string::npos) << period.out;
  EXPECT_NE(period.out.find("--max 1000000000000 lowered to 524288 values"), std::string::npos)
      << period.out;
  EXPECT_NE(period.out.find("(--max-memory)"), std::string::npos) << period.out;

  // value: the period is not found within the lowered bound, so no value.
  auto value = run_program(GRUNDY_CLI_PATH, {"value", "0.6", "100000000", "--max",
                                             "1000000000000", "--max-memory", "65M"});
  EXPECT_EQ(value.status, 2);
  EXPECT_NE(value.err.find("lowered to 524288 values"), std::string::npos) << value.err;
  EXPECT_EQ(std::count(value.err.begin(), value.err.end(), '\n'), 1) << value.err;

  // A bad size is refused before any work, with --store too.
  const std::string store = (testing::scratch().path() / "unused.store").string();
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"period", "0.6", "--max-memory", "lots"},
        std::vector<std::string>{"value", "0.6", "10", "--max-memory", "12Q"},
        std::vector<std::string>{"value", "0.6", "10", "--store", store, "--max-memory", "x"}}) {
    auto run = run_program(GRUNDY_CLI_PATH, args);
    EXPECT_EQ(run.status, 2) << args[0];
    EXPECT_NE(run.err.find("--max-memory"), std::string::npos) << run.err;
  }
}

}  // namespace
}  // namespace grundy::sequence_cli_test
