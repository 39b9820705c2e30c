// grundy pattern on real command lines: Kayles' period (period 12, least
// preperiod 71: docs/theory.md §8) proven by Guy-Smith only with enough
// values and observed below; Wythoff's P-positions by their mex construction
// (Wythoff 1907); misère Nim by Bouton's rule (docs/theory.md §2); a fixed
// heap beside the varying one; bad input as one line and status 2.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "support/cli.h"

namespace grundy::pattern_cli_test {
namespace {

using testing::grundy_cli;
using testing::grundy_json;

TEST(PatternCli, KaylesPeriodProvenOnlyWithEnoughValues) {
  const auto proven = grundy_cli({"pattern", "kayles", "n", "--to", "300"});
  ASSERT_EQ(proven.status, 0) << proven.err;
  EXPECT_NE(proven.out.find("pattern: period 12 from n = 71; proven (Guy-Smith"),
            std::string::npos)
      << proven.out;
  // G(0..20) of docs/theory.md §8, in base 36 on the plot.
  EXPECT_NE(proven.out.find("         0  012314321426412714321"), std::string::npos) << proven.out;
  const auto observed = grundy_cli({"pattern", "kayles", "n", "--to", "100"});
  ASSERT_EQ(observed.status, 0) << observed.err;
  EXPECT_NE(observed.out.find("pattern: period 12 from n = 71; observed up to n = 100, not proven"),
            std::string::npos)
      << observed.out;
  EXPECT_EQ(observed.out.find("proven ("), std::string::npos) << observed.out;
  const nlohmann::json j = grundy_json({"pattern", "kayles", "n", "--to", "100", "--json"});
  EXPECT_EQ(j["pattern"]["period"], 12);
  EXPECT_EQ(j["pattern"]["preperiod"], 71);
  EXPECT_EQ(j["pattern"]["proven"], false);
  EXPECT_EQ(j["values"].size(), 101u);
  EXPECT_EQ(j["p_positions"], nlohmann::json::array({0}));
}

TEST(PatternCli, WythoffPositionsAgainstTheMexConstruction) {
  const nlohmann::json j = grundy_json({"pattern", "wythoff", "n", "m", "--to", "30", "--json"});
  std::set<std::pair<std::uint64_t, std::uint64_t>> expected, used_pairs;
  std::set<std::uint64_t> used;
  for (std::uint64_t k = 0;; ++k) {
    std::uint64_t a = 0;
    while (used.count(a)) ++a;
    if (a > 30) break;
    used.insert(a);
    used.insert(a + k);
    if (a + k <= 30) {
      expected.insert({a, a + k});
      expected.insert({a + k, a});
    }
  }
  std::set<std::pair<std::uint64_t, std::uint64_t>> found;
  for (const auto& p : j["p_positions"])
    found.insert({p[0].get<std::uint64_t>(), p[1].get<std::uint64_t>()});
  EXPECT_EQ(found, expected);
  EXPECT_EQ(j["symmetric"], true);
  EXPECT_EQ(j["rows"], 31);
  EXPECT_EQ(j["table"][1]["outcomes"].get<std::string>().substr(0, 4), "NNPN");
  EXPECT_EQ(j["label"], "observed for n = 0..30, m = 0..30, not proven");
}

TEST(PatternCli, MisereNimByBoutonsRule) {
  // One heap: P only at n = 1. Two heaps at most 1: P iff one of them is 1;
  // otherwise P iff n = m.
  const nlohmann::json one = grundy_json({"pattern", "nim", "n", "--misere", "--json"});
  EXPECT_EQ(one["outcomes"], "NP" + std::string(29, 'N'));
  EXPECT_EQ(one["convention"], "misere");
  const nlohmann::json two = grundy_json({"pattern", "nim", "n", "m", "--misere", "--json"});
  ASSERT_EQ(two["table"].size(), 13u);
  for (std::uint64_t n = 0; n <= 12; ++n) {
    const std::string row = two["table"][n]["outcomes"];
    for (std::uint64_t m = 0; m <= 12; ++m) {
      const bool p = std::max(n, m) <= 1 ? n + m == 1 : n == m;
      EXPECT_EQ(row[m], p ? 'P' : 'N') << n << " " << m;
    }
  }
}

TEST(PatternCli, FixedHeapBesideTheVaryingOne) {
  // nim 3 n: G = 3 xor n, P only at n = 3; from n = 2 on.
  const nlohmann::json j = grundy_json({"pattern", "nim", "3", "n", "--from", "2", "--to", "40", "--json"});
  EXPECT_EQ(j["from"], 2);
  EXPECT_EQ(j["values"][0], 3 ^ 2);
  EXPECT_EQ(j["p_positions"], nlohmann::json::array({3}));
  EXPECT_EQ(j["family"], "nim 3 n");
}

TEST(PatternCli, PlotMarksThePeriod) {
  const std::string path =
      (std::filesystem::temp_directory_path() / ("grundy_pattern_plot_" + std::to_string(::getpid()) + ".svg"))
          .string();
  const auto run = grundy_cli({"pattern", "kayles", "n", "--to", "300", "--plot", path});
  ASSERT_EQ(run.status, 0) << run.err;
  std::ifstream in(path);
  const std::string svg((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::filesystem::remove(path);
  EXPECT_NE(svg.find("period 12 from n = 71 (proven)"), std::string::npos);
}

TEST(PatternCli, BadInput) {
  testing::expect_bad_input({"pattern", "kayles", "3"}, "letter n");
  testing::expect_bad_input({"pattern", "kayles", "n", "n"}, "twice");
  testing::expect_bad_input({"pattern", "kayles", "n", "+", "nim", "n"}, "sum");
  testing::expect_bad_input({"pattern", "wythoff", "n"}, "2 heaps");
  testing::expect_bad_input({"pattern", "kayles", "n", "--from", "5", "--to", "3"}, "below");
  testing::expect_bad_input({"pattern", "kayles", "n", "m", "--plot", "x.svg"}, "--plot");
  testing::expect_bad_input({"pattern", "kayles", "x"}, "x");
  testing::expect_bad_input({"pattern", "kayles", "n", "--to", "1000000000000"},
                            "at most 100000000 rows");
}

}  // namespace
}  // namespace grundy::pattern_cli_test
