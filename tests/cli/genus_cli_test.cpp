// grundy values --misere [--genus] through the binary: genera checked
// against an explicit-sum twin, the verdict against the twin's genera of
// every position it covers, JSON fields, defaults and errors.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "grundy/core/nimber.h"
#include "grundy/rules/registry.h"
#include "grundy/solve/brute_force.h"
#include "support/genus_twin.h"
#include "support/cli.h"
#include "support/process.h"
#include "support/twins.h"

namespace grundy::genus_cli_test {
namespace {

using testing::ProgramRun;
using testing::run_program;

using testing::grundy_cli;

nlohmann::json run_json(const std::vector<std::string>& args) { return testing::grundy_json(args); }

void expect_bad(const std::vector<std::string>& args, const std::string& token) {
  testing::expect_bad_input(args, token);
}

using testing::MisereSumTwin;

// Whether g_0.. (value x) is the sequence of a nim position: the tame
// genera 0^120, 1^031, x^(x, x⊕2) (docs/misere.md).
bool tame_sequence(Nimber x, const std::vector<Nimber>& g) {
  bool ok = g[0] == x || (x <= 1 && g[0] == (x ^ 1));
  for (std::size_t i = 1; i < g.size(); ++i) ok = ok && g[i] == (i % 2 ? x ^ 2 : x);
  return ok;
}

TEST(GenusCli, NimText) {
  const auto run = grundy_cli({"values", "nim", "--misere", "--genus", "--to", "5"});
  ASSERT_EQ(run.status, 0) << run.err;
  // WW ch. 13: *0 = 0^120, *1 = 1^031, *n = n^(n, n⊕2).
  for (const char* symbol : {" 0^120\n", " 1^031\n", " 2^20\n", " 3^31\n", " 4^46\n", " 5^57\n"})
    EXPECT_NE(run.out.find(symbol), std::string::npos) << symbol << "\n" << run.out;
  EXPECT_NE(run.out.find("verdict: tame for heaps 0..5"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("misère Nim"), std::string::npos) << run.out;
}

TEST(GenusCli, KaylesAgainstTheTwin) {
  const auto j = run_json({"values", "0.77", "--misere", "--genus", "--to", "12", "--json"});
  EXPECT_EQ(j["ruleset"], "0.77");
  EXPECT_EQ(j["from"], 0);
  EXPECT_EQ(j["to"], 12);
  ASSERT_EQ(j["genus"].size(), 13u);
  const auto kayles = parse_ruleset("kayles");
  MisereSumTwin twin(*kayles);
  // docs/theory.md §8 (WW ch. 4): G(0..12) of Kayles.
  const std::vector<Nimber> normal{0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4};
  std::map<Heap, bool> heap_tame;
  for (Heap n = 0; n <= 12; ++n) {
    SCOPED_TRACE(n);
    const auto& e = j["genus"][n];
    EXPECT_EQ(e["n"], n);
    EXPECT_EQ(e["value"], normal[n]);
    const auto digits = e["misere"].get<std::vector<Nimber>>();
    ASSERT_GE(digits.size(), 2u);
    // The digits, and two more terms: the last two repeat.
    auto g = twin.sequence({n}, digits.size() + 1);
    std::vector<Nimber> expected(g.begin(), g.begin() + static_cast<long>(digits.size()));
    EXPECT_EQ(digits, expected);
    EXPECT_EQ(g[digits.size()], digits[digits.size() - 2]);
    EXPECT_EQ(g[digits.size() + 1], digits[digits.size() - 1]);
    std::string symbol = std::to_string(normal[n]) + "^";
    for (Nimber d : digits) symbol += std::to_string(d);
    EXPECT_EQ(e["symbol"], symbol);
    heap_tame[n] = tame_sequence(normal[n], g);
  }
  // The verdict: the first heap from which a wild position is reachable,
  // found by the twin over every position reachable from each heap.
  testing::RecursiveTwin grundy_twin(*kayles, false);
  std::optional<Heap> first_wild;
  std::set<Position> seen;
  for (Heap n = 0; n <= 12 && !first_wild; ++n) {
    std::vector<Position> todo{{n}};
    while (!todo.empty() && !first_wild) {
      Position p = kayles->canonical(todo.back());
      todo.pop_back();
      if (!seen.insert(p).second) continue;
      if (!tame_sequence(grundy_twin.grundy(p), twin.sequence(p, 6))) first_wild = n;
      kayles->for_each_option(p, [&](const Position& q) {
        todo.push_back(q);
        return true;
      });
    }
  }
  ASSERT_TRUE(first_wild.has_value());
  EXPECT_FALSE(j["tame"].get<bool>());
  EXPECT_FALSE(j["misere_nim_rule"].get<bool>());
  EXPECT_EQ(j["wild"]["heap"], *first_wild);
  EXPECT_FALSE(heap_tame[*first_wild] && j["wild"]["position"] == nlohmann::json({*first_wild}));
  EXPECT_EQ(j["verdict"].get<std::string>().rfind("wild: ", 0), 0u) << j["verdict"];
  EXPECT_GT(j["positions"].get<std::uint64_t>(), 13u);

  // The same verdict in the text form.
  const auto run = grundy_cli({"values", "0.77", "--misere", "--genus", "--to", "12"});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("verdict: " + j["verdict"].get<std::string>() + "\n"), std::string::npos)
      << run.out;
}

TEST(GenusCli, TameButNotNimHeaps) {
  // 0.31 (Stalking; WW ch. 13): heap 3 is not a misère nim heap. By the
  // twin: heap 3 = {*2}, genus 0^02.
  const auto j = run_json({"values", "0.31", "--misere", "--genus", "--to", "8", "--json"});
  const auto stalking = parse_ruleset("0.31");
  MisereSumTwin twin(*stalking);
  EXPECT_EQ(twin.sequence({3}, 3), (std::vector<Nimber>{0, 2, 0, 2}));
  EXPECT_EQ(j["genus"][3]["symbol"], "0^02");
  EXPECT_TRUE(j["tame"].get<bool>());
  EXPECT_FALSE(j["misere_nim_rule"].get<bool>());
  EXPECT_TRUE(j["wild"].is_null());
  EXPECT_NE(j["verdict"].get<std::string>().find("heap 3 has genus 0^02"), std::string::npos);
}

TEST(GenusCli, MisereValues) {
  // Default range 0..20 with --misere; G⁻(n) = 0 exactly at the misère
  // P-positions (brute force).
  const auto j = run_json({"values", "kayles", "--misere", "--json"});
  EXPECT_EQ(j["convention"], "misere");
  EXPECT_EQ(j["to"], 20);
  ASSERT_EQ(j["values"].size(), 21u);
  const auto kayles = parse_ruleset("kayles");
  BruteForce brute(*kayles, 1'000'000);
  for (Heap n = 0; n <= 20; ++n)
    EXPECT_EQ(j["values"][n] != 0, brute.mover_wins({n}, Convention::misere)) << n;

  // Single nim heaps: G⁻(*0) = 1, G⁻(*1) = 0, G⁻(*n) = n (misère Nim).
  auto run = grundy_cli({"values", "nim", "--misere", "--csv", "--to", "3"});
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.out, "n,misere_value\n0,1\n1,0\n2,2\n3,3\n");
  run = grundy_cli({"values", "nim", "--misere", "--from", "8", "--to", "9"});
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.out, "nim: misère G⁻(n) for n = 8..9\n       8: 8 9\n");
  // --from > 0: genera listed from there, verdict still over 0..to.
  const auto g = run_json({"values", "nim", "--misere", "--genus", "--from", "3", "--to", "4", "--json"});
  ASSERT_EQ(g["genus"].size(), 2u);
  EXPECT_EQ(g["genus"][0]["n"], 3);
  EXPECT_EQ(g["genus"][1]["symbol"], "4^46");
  EXPECT_EQ(g["positions"], 5);
}

TEST(GenusCli, Errors) {
  expect_bad({"values", "kayles", "--genus"}, "--misere");
  expect_bad({"values", "kayles", "--misere", "--genus", "--csv"}, "--json");
  expect_bad({"values", "kayles", "--misere", "--checkpoint", "x.bin"}, "--checkpoint");
  expect_bad({"values", "kayles", "--misere", "--out", "x.csv"}, "--out");
  expect_bad({"values", "kayles", "--misere", "--stats"}, "--stats");
  expect_bad({"values", "kayles", "--search-limit", "10"}, "--misere");
  expect_bad({"values", "kayles", "--misere", "--to", "40", "--search-limit", "100"},
             "limit of 100 positions");
  expect_bad({"values", "nim", "--misere", "--from", "1000000000", "--to", "1000000000",
              "--search-limit", "1000"},
             "limit of 1000 positions");
  expect_bad({"values", "nim", "--misere", "--genus", "--from", "1000000000", "--to",
              "1000000000"},
             "heaps 0..1000000000");
  expect_bad({"values", "wythoff", "--misere"}, "heap ruleset");
  const auto run = grundy_cli({"help", "values"});
  EXPECT_EQ(run.status, 0);
  EXPECT_NE(run.out.find("--genus"), std::string::npos);
  EXPECT_NE(run.out.find("--search-limit"), std::string::npos);
}

}  // namespace
}  // namespace grundy::genus_cli_test
