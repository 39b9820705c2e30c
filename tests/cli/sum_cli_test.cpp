// Sums of different games on the command line (game_syntax.h): random sums of
// a Kayles row, a Nim heap, a subtraction game, a Wythoff pair and tokens on a
// graph file (acyclic or with cycles) are analysed by the binary in normal and
// misère play, Every-SG, the conjunctive compound and remoteness, and every
// answer is compared with a retrograde analysis of the same compound built in
// the test (for acyclic sums also with the plain recursive twin): the
// outcome, the exact set of winning moves, that the Every-SG and conjunctive
// moves lead to a lost compound, the remoteness. Then the syntax errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <memory>
#include <random>
#include <set>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "grundy/rules/compound.h"
#include "grundy/rules/graph.h"
#include "grundy/rules/graph_tokens.h"
#include "grundy/rules/heap_ruleset.h"
#include "grundy/rules/registry.h"
#include "grundy/solve/retrograde.h"
#include "support/process.h"
#include "support/twins.h"

namespace grundy::sum_cli_test {
namespace {

using testing::ProgramRun;
using testing::run_program;

constexpr std::uint64_t kSeed = 7011;

ProgramRun grundy_cli(const std::vector<std::string>& args) {
  return run_program(GRUNDY_CLI_PATH, args, "");
}

// A random graph on `n` vertices written to a file; with `acyclic`, edges
// only go from lower to higher ids.
struct GraphFile {
  std::string path;
  std::shared_ptr<const Graph> graph;
};

GraphFile random_graph_file(std::mt19937_64& rng, int index, bool acyclic) {
  const int n = 3 + static_cast<int>(rng() % 5);
  std::vector<Edge> edges;
  for (int u = 0; u < n; ++u)
    for (int v = 0; v < n; ++v) {
      if (acyclic && v <= u) continue;
      if (rng() % 3 == 0) edges.push_back({static_cast<Vertex>(u), static_cast<Vertex>(v)});
    }
  if (!acyclic) edges.push_back({static_cast<Vertex>(n - 1), 0});  // a cycle through the end
  GraphFile file;
  file.path = (testing::scratch().path() / fmt::format("sum-graph-{}.txt", index)).string();
  std::ofstream out(file.path);
  out << "# random graph for sum_cli_test\n" << n << ' ' << edges.size() << '\n';
  for (const Edge& e : edges) out << e.from << ' ' << e.to << '\n';
  file.graph = std::make_shared<const Graph>(Graph::from_edges(n, edges));
  return file;
}

struct RandomSum {
  std::vector<std::string> args;  // after "analyze"
  std::vector<std::shared_ptr<const Ruleset>> rulesets;
  std::vector<Position> components;
  bool cyclic = false;
};

RandomSum random_sum(std::mt19937_64& rng, int index) {
  RandomSum sum;
  std::vector<int> kinds = {0, 1, 2, 3, 4};
  std::shuffle(kinds.begin(), kinds.end(), rng);
  const int count = 2 + static_cast<int>(rng() % 2);
  for (int k = 0; k < count; ++k) {
    if (!sum.args.empty()) sum.args.push_back("+");
    Position p;
    std::string name;
    switch (kinds[k]) {
      case 0: name = "kayles"; p = {1 + rng() % 6}; break;
      case 1: name = "nim"; p = {rng() % 5}; break;
      case 2: name = "subtract:1,3"; p = {rng() % 7, rng() % 4}; break;
      case 3: name = "wythoff"; p = {rng() % 4, rng() % 4}; break;
      case 4: {
        const bool acyclic = rng() % 2 == 0;
        GraphFile file = random_graph_file(rng, index, acyclic);
        sum.cyclic = sum.cyclic || !acyclic;
        name = "graph:" + file.path;
        const Position tokens = {rng() % file.graph->vertex_count(), rng() % file.graph->vertex_count()};
        sum.args.push_back(name);
        for (Heap t : tokens) sum.args.push_back(std::to_string(t));
        sum.rulesets.push_back(std::make_shared<const GraphTokens>(file.graph, file.path));
        sum.components.push_back(tokens);
        continue;
      }
    }
    sum.args.push_back(name);
    for (Heap h : p) sum.args.push_back(std::to_string(h));
    sum.rulesets.push_back(parse_ruleset(name));
    sum.components.push_back(p);
  }
  return sum;
}

// The components of a JSON position, canonicalised, for set comparison.
std::vector<Position> components_of(const nlohmann::json& position) {
  std::vector<Position> result;
  for (const auto& part : position) result.push_back(part["position"].get<Position>());
  return result;
}

Position canonical_compound(const Compound& c, const std::vector<Position>& components) {
  return c.canonical(Compound::encode(components));
}

TEST(SumCli, RandomSumsMatchRetrogradeAnalysisOfTheCompound) {
  std::mt19937_64 rng(kSeed);
  std::set<std::string> outcomes_seen;  // the sample must exercise P, N and D
  for (int round = 0; round < 40; ++round) {
    const RandomSum sum = random_sum(rng, round);
    SCOPED_TRACE(fmt::format("seed {} round {}: analyze {}", kSeed, round, fmt::join(sum.args, " ")));
    const Compound compound(sum.rulesets, CompoundKind::disjunctive);
    const Position start = Compound::encode(sum.components);
    for (const bool misere : {false, true}) {
      auto args = sum.args;
      args.insert(args.begin(), "analyze");
      args.push_back("--json");
      if (misere) args.push_back("--misere");
      const ProgramRun run = grundy_cli(args);
      ASSERT_EQ(run.status, 0) << run.err;
      const auto j = nlohmann::json::parse(run.out);
      Retrograde twin(compound, misere ? Convention::misere : Convention::normal, 1'000'000);
      EXPECT_EQ(j["outcome"].get<std::string>(), std::string(1, outcome_letter(twin.outcome(start))))
          << (misere ? "misère" : "normal");
      outcomes_seen.insert(j["outcome"].get<std::string>());
      if (!sum.cyclic) {
        testing::RecursiveTwin plain(compound, misere);
        EXPECT_EQ(j["outcome"] == "N", plain.mover_wins(start));
      }
      std::set<Position> expected, got;
      for (const Position& after : twin.winning_options(start, 100'000))
        expected.insert(compound.canonical(after));
      for (const auto& move : j["winning_moves"])
        got.insert(canonical_compound(compound, components_of(move["position"])));
      EXPECT_EQ(got, expected) << (misere ? "misère" : "normal");
      EXPECT_TRUE(j["winning_moves_complete"].get<bool>());
    }
    // Every-SG and the conjunctive compound: each heap and each token is a
    // component of its own.
    for (const CompoundKind kind : {CompoundKind::every, CompoundKind::conjunctive}) {
      auto args = sum.args;
      args.insert(args.begin(), "analyze");
      args.push_back(kind == CompoundKind::every ? "--every" : "--conjunctive");
      args.push_back("--json");
      const ProgramRun run = grundy_cli(args);
      ASSERT_EQ(run.status, 0) << run.err;
      const auto j = nlohmann::json::parse(run.out);
      std::vector<std::shared_ptr<const Ruleset>> rulesets;
      std::vector<Position> components;
      for (std::size_t i = 0; i < sum.rulesets.size(); ++i) {
        const bool split = dynamic_cast<const HeapRuleset*>(sum.rulesets[i].get()) != nullptr ||
                           dynamic_cast<const GraphTokens*>(sum.rulesets[i].get()) != nullptr;
        if (split) {
          for (Heap n : sum.components[i]) {
            rulesets.push_back(sum.rulesets[i]);
            components.push_back({n});
          }
        } else {
          rulesets.push_back(sum.rulesets[i]);
          components.push_back(sum.components[i]);
        }
      }
      const Compound every(rulesets, kind);
      Retrograde twin(every, Convention::normal, 1'000'000);
      const Position every_start = Compound::encode(components);
      const Outcome outcome = twin.outcome(every_start);
      EXPECT_EQ(j["outcome"].get<std::string>(), std::string(1, outcome_letter(outcome))) << every.name();
      if (outcome == Outcome::N) {
        ASSERT_EQ(j["winning_moves"].size(), 1u);
        const Position after = Compound::encode(components_of(j["winning_moves"][0]["position"]));
        EXPECT_EQ(twin.outcome(after), Outcome::P) << "the move must lead to a lost compound";
      }
    }
    // Remoteness of the sum.
    {
      auto args = sum.args;
      args.insert(args.begin(), "analyze");
      args.push_back("--remoteness");
      args.push_back("--json");
      const ProgramRun run = grundy_cli(args);
      ASSERT_EQ(run.status, 0) << run.err;
      const auto j = nlohmann::json::parse(run.out);
      Retrograde twin(compound, Convention::normal, 1'000'000);
      const auto r = twin.remoteness(start);
      if (r)
        EXPECT_EQ(j["remoteness"].get<std::uint64_t>(), *r);
      else
        EXPECT_TRUE(j["remoteness"].is_null());
    }
  }
  EXPECT_EQ(outcomes_seen, (std::set<std::string>{"D", "N", "P"}));
}

TEST(SumCli, TextOutputNamesEachComponent) {
  const ProgramRun run = grundy_cli({"analyze", "kayles", "5", "+", "nim", "3", "+", "wythoff", "3", "5"});
  ASSERT_EQ(run.status, 0) << run.err;
  // Values: Kayles G(5) = 4 (docs/theory.md §8), Nim 3, Wythoff (3,5) is a P-pair (G = 0).
  EXPECT_NE(run.out.find("component values: 4 3 0"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("value: 7"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("+ nim 3 + wythoff 3 5"), std::string::npos) << run.out;
}

// --options: every option of kayles 5 + nim 3 with its value, the values
// being Kayles' G(0..4) = 0 1 2 3 1 (OEIS A002186) and Nim's sizes, nim-added;
// the two P rows are the winning moves and the mex is the value, 4 xor 3 = 7.
TEST(SumCli, OptionsListEveryMoveWithItsValue) {
  const ProgramRun run =
      grundy_cli({"analyze", "kayles", "5", "+", "nim", "3", "--options", "--json"});
  ASSERT_EQ(run.status, 0) << run.err;
  const auto a = nlohmann::json::parse(run.out);
  std::multiset<int> values, want = {1 ^ 3, 1 ^ 3 ^ 3, 2 ^ 2 ^ 3, 3 ^ 3, 1 ^ 2 ^ 3, 4 ^ 2, 4 ^ 1, 4};
  std::set<std::string> p_rows, winning;
  for (const auto& o : a["options"]) {
    values.insert(o["value"].get<int>());
    EXPECT_EQ(o["outcome"], o["value"] == 0 ? "P" : "N");
    if (o["outcome"] == "P") p_rows.insert(o["description"]);
  }
  for (const auto& m : a["winning_moves"]) winning.insert(m["description"]);
  EXPECT_EQ(values, want);
  EXPECT_EQ(p_rows, winning);
  EXPECT_EQ(a["options_mex"], 7);
  EXPECT_TRUE(a["options_complete"]);
  const ProgramRun text = grundy_cli({"analyze", "kayles", "5", "+", "nim", "3", "--options"});
  EXPECT_NE(text.out.find("options (8; the value and outcome"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("mex of the options' values: 7"), std::string::npos) << text.out;
  // Misère play: outcomes only; a cut list says so and has no mex.
  const auto misere = nlohmann::json::parse(
      grundy_cli({"analyze", "nim", "1", "2", "--options", "--misere", "--json"}).out);
  ASSERT_EQ(misere["options"].size(), 3u);
  for (const auto& o : misere["options"]) EXPECT_TRUE(o["value"].is_null());
  EXPECT_TRUE(misere["options_mex"].is_null());
  const auto cut = nlohmann::json::parse(
      grundy_cli({"analyze", "nim", "1000", "1000", "--options", "--max-moves", "10", "--json"}).out);
  EXPECT_EQ(cut["options"].size(), 10u);
  EXPECT_FALSE(cut["options_complete"]);
  EXPECT_TRUE(cut["options_mex"].is_null());
  EXPECT_EQ(grundy_cli({"analyze", "kayles", "3", "--options", "--every"}).status, 2);
}

TEST(SumCli, SummandsOfOneHeapGameAreMerged) {
  const auto a = nlohmann::json::parse(grundy_cli({"analyze", "nim", "3", "+", "nim", "5", "--json"}).out);
  EXPECT_EQ(a["ruleset"], "nim");
  EXPECT_EQ(a["position"], nlohmann::json({3, 5}));
}

TEST(SumCli, BadSumsAreOneLineErrors) {
  const std::vector<std::vector<std::string>> cases = {
      {"analyze", "nim", "3", "+"},
      {"analyze", "nim", "3", "+", "+", "nim", "4"},
      {"analyze", "nim", "3", "+", "wythoff", "3"},
      {"analyze", "nim", "3", "+", "frobnicate", "3"},
      {"analyze", "nim", "3", "+", "kayles"},
      {"analyze", "graph:/nonexistent/file.txt", "0"},
  };
  for (const auto& args : cases) {
    SCOPED_TRACE(fmt::format("{}", fmt::join(args, " ")));
    const ProgramRun run = grundy_cli(args);
    EXPECT_EQ(run.status, 2);
    EXPECT_TRUE(run.out.empty());
    EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
  }
}

}  // namespace
}  // namespace grundy::sum_cli_test

namespace grundy::sum_cli_test {
namespace {

TEST(SumCli, HugeStaircaseInASumIsAnsweredByItsClosedForm) {
  // The staircase's moves to the other component's value come from its
  // closed form (StaircaseNim::options_with_value), not from its 2^63 - 1
  // options; before, this ran for minutes. `timeout` kills a run that would
  // hang again, so the test fails instead of waiting for CTest.
  const ProgramRun run =
      run_program("timeout", {"-s", "KILL", "60", GRUNDY_CLI_PATH, "analyze", "nim", "5", "+",
                              "staircase", "3", "9223372036854775807", "2"});
  ASSERT_EQ(run.status, 0) << run.err;
  // Odd stairs 3 and 2: value 1, the sum 5 ^ 1 = 4. Nim goes to 1; the
  // staircase goes to 5 by pushing 4 tokens from stair 2 onto stair 1 (3 ->
  // 7); stairs 1 and 3 cannot reach odd sum 5 by going down.
  EXPECT_NE(run.out.find("winning moves (2):"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("staircase 7 9223372036854775803 2"), std::string::npos) << run.out;
}

}  // namespace
}  // namespace grundy::sum_cli_test
