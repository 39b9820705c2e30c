// The grundy binary on real command lines: output, JSON fields, exit status,
// and every winning move it prints checked to be legal and to lead to a
// P-position (by the brute-force twin where the position is small).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "grundy/rules/registry.h"
#include "grundy/solve/brute_force.h"
#include "support/cli.h"
#include "support/process.h"
#include "support/twins.h"

namespace grundy::cli_test {
namespace {

using testing::ProgramRun;
using testing::run_program;

using testing::grundy_cli;

nlohmann::json analyze_json(std::vector<std::string> args) {
  args.insert(args.begin(), "analyze");
  args.push_back("--json");
  return testing::grundy_json(args);
}

void expect_bad(const std::vector<std::string>& args, const std::string& token) {
  testing::expect_bad_input(args, token);
}

TEST(Cli, VersionAndHelp) {
  auto run = grundy_cli({"--version"});
  EXPECT_EQ(run.status, 0);
  EXPECT_EQ(run.out.rfind("grundy ", 0), 0u);
  run = grundy_cli({"--help"});
  EXPECT_EQ(run.status, 0);
  EXPECT_NE(run.out.find("analyze"), std::string::npos);
  for (const char* topic : {"analyze", "values", "rulesets"}) {
    run = grundy_cli({"help", topic});
    EXPECT_EQ(run.status, 0) << topic;
    EXPECT_NE(run.out.find(topic == std::string("rulesets") ? "kayles" : "--json"), std::string::npos);
  }
}

TEST(Cli, AnalyzeNimText) {
  // Worked by hand: 14 xor 21 = 27, so take 12 from 39 leaving (14, 21, 27).
  const auto run = grundy_cli({"analyze", "nim", "14", "21", "39"});
  EXPECT_EQ(run.status, 0);
  EXPECT_NE(run.out.find("outcome: N"), std::string::npos);
  EXPECT_NE(run.out.find("take 12 from heap 3 (39 → 27)  →  14 21 27"), std::string::npos) << run.out;
}

TEST(Cli, AnalyzeJsonFields) {
  const auto j = analyze_json({"kayles", "5", "7"});
  EXPECT_EQ(j["outcome"], "N");
  EXPECT_EQ(j["value"], 4 ^ 2);  // G(5) = 4, G(7) = 2 (docs/theory.md §8)
  EXPECT_EQ(j["heap_values"], nlohmann::json({4, 2}));
  ASSERT_TRUE(j["winning_moves"].is_array());
  for (const auto& m : j["winning_moves"]) {
    EXPECT_TRUE(m["description"].is_string());
    EXPECT_TRUE(m["position"].is_array());
  }
  const auto misere = analyze_json({"kayles", "5", "7", "--misere"});
  EXPECT_TRUE(misere["value"].is_null());
  const auto p = analyze_json({"nim", "1", "2", "3"});
  EXPECT_EQ(p["outcome"], "P");
  EXPECT_EQ(p["winning_moves"].size(), 0u);
}

TEST(Cli, OneAndCount) {
  // Nim-sum 7: only the heap of 4 has the top bit; in (3, 5, 6), nim-sum 0.
  auto run = grundy_cli({"analyze", "nim", "1", "2", "4", "--count"});
  EXPECT_EQ(run.out, "1\n");
  run = grundy_cli({"analyze", "nim", "3", "5", "7", "--count"});  // nim-sum 1: all three
  EXPECT_EQ(run.out, "3\n");
  run = grundy_cli({"analyze", "nim", "1", "2", "4", "--one"});
  EXPECT_NE(run.out.find("winning move:"), std::string::npos);
  const auto j = analyze_json({"nim", "1", "2", "4", "--one"});
  EXPECT_EQ(j["winning_moves"].size(), 1u);
}

TEST(Cli, JsonMovesNameWhatTheyChange) {
  // The splice of each move, applied to the position, gives the position
  // after it (docs/json.md); the twin is the move's own "position".
  auto j = analyze_json({"kayles", "5", "7", "9"});
  ASSERT_FALSE(j["winning_moves"].empty());
  for (const auto& m : j["winning_moves"]) {
    std::vector<std::uint64_t> after = j["position"];
    const std::size_t at = m["index"], replaced = m["replaced"];
    after.erase(after.begin() + static_cast<std::ptrdiff_t>(at),
                after.begin() + static_cast<std::ptrdiff_t>(at + replaced));
    const std::vector<std::uint64_t> parts = m["parts"];
    after.insert(after.begin() + static_cast<std::ptrdiff_t>(at), parts.begin(), parts.end());
    EXPECT_EQ(nlohmann::json(after), m["position"]) << m.dump();
    EXPECT_FALSE(m.contains("component"));
  }
  // A sum: the component, and the splice within it.
  j = analyze_json({"kayles", "5", "+", "nim", "3"});
  ASSERT_EQ(j["winning_moves"].size(), 2u);
  for (const auto& m : j["winning_moves"]) {
    const std::size_t c = m["component"];
    std::vector<std::uint64_t> after = j["position"][c]["position"];
    after.erase(after.begin() + static_cast<std::ptrdiff_t>(m["index"].get<std::size_t>()));
    const std::vector<std::uint64_t> parts = m["parts"];
    after.insert(after.begin() + static_cast<std::ptrdiff_t>(m["index"].get<std::size_t>()),
                 parts.begin(), parts.end());
    EXPECT_EQ(nlohmann::json(after), m["position"][c]["position"]) << m.dump();
  }
  // A long position is not repeated in every move.
  std::string heaps;
  for (int i = 1; i <= 300; ++i) heaps += std::to_string(i) + " ";
  const auto run = grundy_cli({"analyze", "nim", "--input", "-", "--json"}, heaps);
  ASSERT_EQ(run.status, 0) << run.err;
  j = nlohmann::json::parse(run.out);
  ASSERT_FALSE(j["winning_moves"].empty());
  for (const auto& m : j["winning_moves"]) EXPECT_FALSE(m.contains("position"));
}

TEST(Cli, CountingFromAPeriodListsNothing) {
  // A heap of 10^18 Kayles has about 10^17 winning splits: --count takes
  // their number from the period (tests/stress/periodic_options_test.cpp
  // checks it against enumeration) and must not list them, which once
  // exhausted memory. Past the cap it says so; with a cap above it, the count.
  auto run = grundy_cli({"analyze", "kayles", "1000000000000000000", "3", "--count"});
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.out, "more than 1000000000\n");
  run = grundy_cli({"analyze", "kayles", "1000000000000000000", "3", "--count", "--max-moves",
                    "1000000000000000000"});
  EXPECT_EQ(run.status, 0) << run.err;
  const std::uint64_t total = std::stoull(run.out);
  EXPECT_GT(total, 1'000'000'000U);
  run = grundy_cli({"analyze", "kayles", "1000000000000000000", "3", "--count", "--max-moves",
                    std::to_string(total - 1)});
  EXPECT_EQ(run.out, "more than " + std::to_string(total - 1) + "\n");
}

// Every winning move printed for a small position is a legal option and the
// twin says the opponent then loses; and no winning move is missing.
void check_moves_by_twin(const std::string& ruleset_name, const Position& p, bool misere) {
  std::vector<std::string> args = {ruleset_name};
  for (Heap h : p) args.push_back(std::to_string(h));
  if (misere) args.push_back("--misere");
  SCOPED_TRACE(ruleset_name + " " + testing::show(p) + (misere ? " misère" : ""));
  const auto j = analyze_json(args);
  const auto ruleset = parse_ruleset(ruleset_name);
  testing::RecursiveTwin twin(*ruleset, misere);
  EXPECT_EQ(j["outcome"], twin.mover_wins(p) ? "N" : "P");
  std::vector<Position> printed;
  for (const auto& m : j["winning_moves"]) printed.push_back(m["position"].get<Position>());
  std::sort(printed.begin(), printed.end());
  EXPECT_EQ(printed, twin.winning_options(p));
}

TEST(Cli, EveryPrintedWinningMoveIsLegalAndWins) {
  const std::pair<const char*, Position> cases[] = {
      {"nim", {3, 4, 5}},        {"nim", {1, 1, 2}},       {"bash:3", {5, 6, 9}},
      {"subtract:1,3,4", {7, 9}}, {"allbut:2,3,7", {8, 5}}, {"staircase", {2, 1, 3}},
      {"wythoff", {4, 6}},       {"wythoff", {10, 3}},     {"moore:2", {3, 5, 6}},
      {"lasker", {6, 9}},        {"split", {3, 2}},        {"grundy-game", {9, 7}},
      {"divisor", {12, 5}},      {"squares", {10, 7}},     {"fibonacci", {11, 4}},
      {"kayles", {5, 7}},        {"dawson", {9, 4}},       {"0.137", {8, 3}},
      {"0.3F", {7, 5}},          {"4.[3]", {5, 6}},        {"8.[3]", {7}}};
  for (const auto& [name, p] : cases)
    for (bool misere : {false, true}) check_moves_by_twin(name, p, misere);
}

TEST(Cli, LargeHeapsClosedForms) {
  auto j = analyze_json({"lasker", "123456789012", "5"});
  EXPECT_EQ(j["heap_values"], nlohmann::json({123456789011ULL, 5}));
  j = analyze_json({"wythoff", "9223372036854775807", "5700357409661599241"});
  EXPECT_TRUE(j["outcome"] == "N" || j["outcome"] == "P");
  for (const auto& m : j["winning_moves"]) {
    const auto after = m["position"].get<Position>();
    const auto next = analyze_json({"wythoff", std::to_string(after[0]), std::to_string(after[1])});
    EXPECT_EQ(next["outcome"], "P");
  }
  j = analyze_json({"nim", "9223372036854775807", "1"});
  EXPECT_EQ(j["value"], 9223372036854775806ULL);
  j = analyze_json({"moore:3", "9223372036854775807", "5", "1", "12"});
  for (const auto& m : j["winning_moves"]) {
    std::vector<std::string> args = {"moore:3"};
    for (Heap h : m["position"].get<Position>()) args.push_back(std::to_string(h));
    EXPECT_EQ(analyze_json(args)["outcome"], "P");
  }
}

TEST(Cli, Values) {
  auto run = grundy_cli({"values", "kayles", "--to", "20", "--json"});
  ASSERT_EQ(run.status, 0);
  const auto j = nlohmann::json::parse(run.out);
  EXPECT_EQ(j["from"], 0);
  EXPECT_EQ(j["to"], 20);
  // docs/theory.md §8: Kayles G(0..20).
  EXPECT_EQ(j["values"], nlohmann::json({0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1}));
  run = grundy_cli({"values", "bash:3", "--from", "5", "--to", "8", "--csv"});
  EXPECT_EQ(run.out, "n,value\n5,1\n6,2\n7,3\n8,0\n");
  run = grundy_cli({"values", "lasker", "--from", "1000000000000000000", "--to", "1000000000000000003", "--json"});
  EXPECT_EQ(nlohmann::json::parse(run.out)["values"],
            nlohmann::json({999999999999999999ULL, 1000000000000000001ULL, 1000000000000000002ULL,
                            1000000000000000004ULL}));
}

TEST(Cli, HeapsFromFile) {
  const auto run = grundy_cli({"analyze", "nim", "--input", "-", "--count"}, "3 5\n7\n");
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.out, "3\n");
}

TEST(Cli, BadInputIsOneLineAndStatusTwo) {
  expect_bad({"analyze", "foo", "3"}, "'foo'");
  expect_bad({"analyze", "nim", "-3"}, "'-3'");
  expect_bad({"analyze", "nim", "3x"}, "'3x'");
  expect_bad({"analyze", "nim", "9223372036854775808"}, "9223372036854775808");
  expect_bad({"analyze", "nim", "99999999999999999999999"}, "99999999999999999999999");
  expect_bad({"analyze", "0.7W", "3"}, "'W'");
  expect_bad({"analyze", "0.[3", "3"}, "0.[3");
  expect_bad({"analyze", "bash:0", "3"}, "bash:0");
  expect_bad({"analyze", "wythoff", "1", "2", "3"}, "exactly 2 heaps");
  expect_bad({"analyze", "nim"}, "heap");
  expect_bad({"analyze", "split", "100000000000"}, "too large");
  expect_bad({"analyze", "nim", "--input", "/nonexistent/heaps"}, "/nonexistent/heaps");
  expect_bad({"values", "wythoff"}, "heap ruleset");
  expect_bad({"values", "nim", "--from", "5", "--to", "3"}, "smaller");
  expect_bad({"frobnicate"}, "frobnicate");
  // Dawson's Chess's misère quotient is verified only for small heaps (to 28
  // inside an analysis), so a huge heap falls to the exhaustive search and
  // its limit.
  expect_bad({"analyze", "0.137", "1000000000000", "--misere"}, "limit");
  expect_bad({"help", "nothing"}, "nothing");
}

// Misère subtract-1..3 (bash:3): a heap n is lost iff n ≡ 1 (mod 4) (WW
// ch. 13), and its misère quotient, proven for every heap, answers a heap
// far beyond any search with the one winning move, to 10^12 − 3.
TEST(Cli, MisereBashByItsQuotient) {
  const auto run = grundy_cli({"analyze", "bash:3", "1000000000000", "--misere"});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("outcome: N"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("misère quotient of the whole game"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("→  999999999997\n"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("winning moves (1):"), std::string::npos) << run.out;
}

TEST(Cli, BadHeapFile) {
  const auto run = grundy_cli({"analyze", "nim", "--input", "-"}, "1 2 x3\n");
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("'x3'"), std::string::npos) << run.err;
}

}  // namespace
}  // namespace grundy::cli_test

namespace grundy::cli_test {
namespace {

TEST(Cli, BenchIsAFingerprint) {
  // The same build gives the same checksum every time (docs/architecture.md: `bench`).
  const auto first = grundy_cli({"bench"});
  const auto second = grundy_cli({"bench"});
  ASSERT_EQ(first.status, 0) << first.err;
  const auto checksum = [](const std::string& out) { return out.substr(out.find("checksum:"), 27); };
  EXPECT_EQ(checksum(first.out), checksum(second.out));
  EXPECT_NE(first.out.find("positions analysed: 450"), std::string::npos) << first.out;
}

TEST(Cli, BenchMatchesReference) {
  // The checksum recorded in the repository (kBenchReference in
  // src/cli/bench_command.cpp), which bench prints as "reference:".
  const auto run = grundy_cli({"bench"});
  ASSERT_EQ(run.status, 0) << run.err;
  const auto field = [&](const std::string& label) {
    const auto at = run.out.find(label + ": ");
    return at == std::string::npos ? std::string() : run.out.substr(at + label.size() + 2, 16);
  };
  ASSERT_EQ(field("reference").size(), 16u) << run.out;
  EXPECT_EQ(field("checksum"), field("reference"))
      << "grundy bench's checksum differs from the recorded reference: some analysis now answers "
         "differently. If that is intended, set kBenchReference in src/cli/bench_command.cpp to "
         "the new checksum (in the same commit, saying why); if not, find the change.\n"
      << run.out;
  EXPECT_NE(run.out.find("(matches)"), std::string::npos) << run.out;
}

}  // namespace
}  // namespace grundy::cli_test

namespace grundy::cli_test {
namespace {

TEST(Cli, GraphCommand) {
  // Ferguson, Game Theory, part I, Figure 3.4 (docs/graph-format.md): a cycle
  // a → b → c → a with c → d → e. Tokens on d, e, c: γ = 1, 0, ∞{1}; the sum
  // rule (docs/theory.md §6) gives N with the move c → d (then 1 xor 0 xor 1 = 0).
  const std::string graph = "# Ferguson 3.4\n5 5\nname 0 a\nname 1 b\nname 2 c\nname 3 d\n"
                            "name 4 e\na b\n1 c\nc a\nc d\n3 e\n";
  auto run = grundy_cli({"graph", "-", "--tokens", "d", "e", "c", "--json"}, graph);
  ASSERT_EQ(run.status, 0) << run.err;
  const auto j = nlohmann::json::parse(run.out);
  EXPECT_EQ(j["values"][3]["gamma"], 1);
  EXPECT_EQ(j["values"][4]["gamma"], 0);
  EXPECT_TRUE(j["values"][0]["gamma"].is_null());
  run = grundy_cli({"graph", "-", "--tokens", "d", "e", "c"}, graph);
  EXPECT_NE(run.out.find("outcome: N"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("c → d"), std::string::npos) << run.out;
  run = grundy_cli({"graph", "-", "--tokens", "a"}, graph);
  EXPECT_NE(run.out.find("outcome: D"), std::string::npos) << run.out;
  expect_bad({"graph", "/nonexistent/graph.txt"}, "graph.txt");
  run = grundy_cli({"graph", "-"}, "3 2\n0 1\n1 5\n");
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("line 3"), std::string::npos) << run.err;
}

}  // namespace
}  // namespace grundy::cli_test

namespace grundy::cli_test {
namespace {

TEST(Cli, EverySgAndRemoteness) {
  // bash:1 is forced play: a heap of n lasts exactly n moves, so its suspense
  // and remoteness are n (docs/theory.md §5 by definition). Every-SG: the largest
  // suspense decides by parity.
  auto j = analyze_json({"bash:1", "4", "3", "--every"});
  EXPECT_EQ(j["suspense"], nlohmann::json({4, 3}));
  EXPECT_EQ(j["outcome"], "P");
  j = analyze_json({"bash:1", "3", "2", "--every"});
  EXPECT_EQ(j["outcome"], "N");
  ASSERT_EQ(j["winning_moves"].size(), 1u);
  EXPECT_EQ(j["winning_moves"][0]["position"], nlohmann::json({2, 1}));
  // A Nim heap is taken whole at once in Every-SG: suspense 1.
  j = analyze_json({"nim", "3", "4", "5", "--every"});
  EXPECT_EQ(j["suspense"], nlohmann::json({1, 1, 1}));
  j = analyze_json({"bash:1", "4", "--remoteness"});
  EXPECT_EQ(j["remoteness"], 4);
  EXPECT_EQ(j["outcome"], "P");
  j = analyze_json({"nim", "7", "--remoteness"});
  EXPECT_EQ(j["remoteness"], 1);
  EXPECT_EQ(j["best_move"]["position"], nlohmann::json({0}));
  expect_bad({"analyze", "nim", "3", "--every", "--misere"}, "--misere");
}

// The arguments that write a one-row Every-SG position as JSON gives it: a
// heap as a number, the heaps a split left of one heap as a group "(a b)".
std::vector<std::string> typed_back(const std::string& game, const nlohmann::json& row) {
  std::vector<std::string> args{"analyze", game};
  for (const auto& c : row) {
    if (c.is_number()) {
      args.push_back(std::to_string(c.get<std::uint64_t>()));
    } else {
      std::string group = "(";
      for (const auto& n : c) group += (group.size() > 1 ? " " : "") + std::to_string(n.get<std::uint64_t>());
      args.push_back(group + ")");
    }
  }
  return args;
}

TEST(Cli, EverySgMovesKeepTheirGrouping) {
  // After a split, the parts of a heap are one component of the Every-SG
  // compound (their sum), not several: a winning move typed back must give
  // the same compound, whose outcome is then P (docs/theory.md §5).
  for (const char* game : {"kayles", "0.77", "dawson", "0.137"}) {
    for (Heap a = 1; a <= 9; ++a) {
      for (Heap b = 1; b <= 6; ++b) {
        auto j = analyze_json({game, std::to_string(a), std::to_string(b), "--every"});
        if (j["outcome"] != "N") continue;
        ASSERT_EQ(j["winning_moves"].size(), 1u);
        const auto& after = j["winning_moves"][0]["position"];
        ASSERT_EQ(after.size(), 2u) << j.dump();
        std::vector<std::string> args = typed_back(game, after);
        args.erase(args.begin());
        args.push_back("--every");
        const auto back = analyze_json(args);
        EXPECT_EQ(back["outcome"], "P") << game << " " << a << " " << b << " → " << after.dump();
        EXPECT_EQ(back["position"], after);
      }
    }
  }
  // Text shows the groups in parentheses, and reads them back.
  auto run = grundy_cli({"analyze", "kayles", "3", "4", "--every"});
  EXPECT_NE(run.out.find("→  kayles (1 1) (1 1)"), std::string::npos) << run.out;  // the name typed
  run = grundy_cli({"analyze", "kayles", "(1", "1)", "(1 1)", "--every"});
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("suspense numbers: 2 2"), std::string::npos) << run.out;
  // Grouping changes nothing in a disjunctive sum.
  EXPECT_EQ(analyze_json({"kayles", "(1 1)", "5"})["value"], analyze_json({"kayles", "1", "1", "5"})["value"]);
  expect_bad({"analyze", "kayles", "(1", "1", "--every"}, "(");
  expect_bad({"analyze", "kayles", "1)", "--every"}, ")");
  expect_bad({"analyze", "kayles", "()", "--every"}, "()");
  expect_bad({"analyze", "kayles", "(1", "+", "nim", "1)", "--every"}, "+");
  expect_bad({"analyze", "wythoff", "(1 2)", "--every"}, "(");
}

}  // namespace
}  // namespace grundy::cli_test

namespace grundy::cli_test {
namespace {

TEST(Cli, PlayOnGraphPositions) {
  const std::string dir = GRUNDY_SOURCE_DIR "/docs/examples/";
  // Ferguson 3.4: a token on d (γ = 1) is N; the computer moves d → e and the
  // human, at the sink e, cannot move.
  auto run = grundy_cli({"play", "graph:" + dir + "ferguson.txt", "d", "--first", "computer"}, "");
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("Computer: token 1: d → e"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("Game over: the computer wins"), std::string::npos) << run.out;
  // The DAG: s is N for the human, who plays move 1 each time (s → a, then
  // c → t after the computer's forced a → c) and wins.
  run = grundy_cli({"play", "graph:" + dir + "dag.txt", "s"}, "hint\n1\n1\n");
  EXPECT_NE(run.out.find("Hint: token 1: s → a"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("Game over: you win"), std::string::npos) << run.out;
  // On the cycle a → b → c → a the game is a draw: it goes on until input ends.
  run = grundy_cli({"play", "graph:" + dir + "ferguson.txt", "a", "--first", "computer"},
                   "1\n1\n1\n1\n");
  EXPECT_EQ(run.status, 0);
  EXPECT_EQ(run.out.find("Game over"), std::string::npos) << run.out;
  expect_bad({"play", "graph:" + dir + "ferguson.txt", "zz"}, "'zz'");
}

}  // namespace
}  // namespace grundy::cli_test

namespace grundy::cli_test {
namespace {

TEST(Cli, PlayEverySgWholeGames) {
  // Every-SG (docs/theory.md §5) through the real binary, scripted on standard input.
  // bash:1 3 2: suspense 3 and 2 (forced play), largest odd, so the computer,
  // moving first, wins: (3, 2) → (2, 1), the human's forced (1, 0), → (0, 0).
  auto run = grundy_cli({"play", "bash:1", "3", "2", "--every", "--first", "computer"},
                        "1 1\n1\n1\n");
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("Game over: the computer wins"), std::string::npos) << run.out;
  // Kayles 3 4: suspense 3 and 3 (analyze --every), the computer wins
  // whatever the human plays (always the first listed move here).
  const auto j = analyze_json({"kayles", "3", "4", "--every"});
  ASSERT_EQ(j["outcome"], "N");
  run = grundy_cli({"play", "kayles", "3", "4", "--every", "--first", "computer"},
                   "1 1\n1 1\n1 1\n1\n1\n");
  EXPECT_NE(run.out.find("Game over: the computer wins"), std::string::npos) << run.out;
  // And a human who takes the hints from an N-position wins.
  run = grundy_cli({"play", "bash:1", "3", "2", "--every"}, "hint\n1 1\n1\n");
  EXPECT_NE(run.out.find("Game over: you win"), std::string::npos) << run.out;
}

}  // namespace
}  // namespace grundy::cli_test
