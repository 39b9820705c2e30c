// Generated sums: random positions of one to three components, mixing every
// ruleset (heap games, codes, Wythoff, Moore, staircase, a graph with
// cycles) with sizes from 0 to 2^63 - 1, in every convention, must each
// answer (status 0) or refuse in one line (status 2), under a 2 GiB
// address-space limit (`ulimit -v`), never crash or hang.
//
// The time each takes is printed, not asserted (a timed test fails on a
// loaded machine): the target, an answer or a refusal within 2 s each, is
// measured alone by bench/generated_sums.py, which draws from the same
// families. Here a request that runs past kHangAfter is killed and fails.
//
// GRUNDY_SUMS_SEED and GRUNDY_SUMS_COUNT draw other sums (the seed and the
// count of a failing run are printed with it).
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "support/process.h"

namespace grundy::generated_sums_test {
namespace {

using testing::run_program;
using testing::scratch;

constexpr int kHangAfter = 60;                // seconds
constexpr const char* kAddressSpaceKiB = "2097152";  // 2 GiB
constexpr std::uint64_t kDefaultSeed = 45;
constexpr int kDefaultCount = 36;

const char* const kSizes[] = {"0",    "1",       "2",       "3",
                              "5",    "7",       "10",      "30",
                              "100",  "1000",    "1000000", "1000000000000",
                              "9223372036854775807"};

// A small directed graph with cycles for graph:FILE (vertex count, edge
// count, then one edge a line), written once.
std::string graph_file() {
  static const std::string path = [] {
    const std::string p = (scratch().path() / "sums-graph.txt").string();
    std::mt19937_64 rng(7);
    constexpr int kVertices = 60, kEdges = 150;
    std::ofstream out(p);
    out << kVertices << ' ' << kEdges << '\n';
    for (int i = 0; i < kEdges; ++i) out << rng() % kVertices << ' ' << rng() % kVertices << '\n';
    return p;
  }();
  return path;
}

class Generator {
 public:
  explicit Generator(std::uint64_t seed) : rng_(seed) {}

  std::vector<std::string> request() {
    std::vector<std::string> args{"analyze"};
    const int components = pick(3) + 1;
    for (int i = 0; i < components; ++i) {
      if (i > 0) args.push_back("+");
      for (auto& word : component()) args.push_back(std::move(word));
    }
    static const std::vector<std::vector<std::string>> kConventions = {
        {}, {"--misere"}, {"--every"}, {"--conjunctive"}, {"--remoteness"},
        {"--misere", "--remoteness"}};
    for (const auto& flag : kConventions[pick(kConventions.size())]) args.push_back(flag);
    return args;
  }

 private:
  std::size_t pick(std::size_t n) { return static_cast<std::size_t>(rng_() % n); }
  std::string size() { return kSizes[pick(std::size(kSizes))]; }

  std::vector<std::string> component() {
    static const char* const kRulesets[] = {
        "nim",       "bash",    "subtract:1,3,4", "allbut:2,3,7", "staircase", "wythoff",
        "moore",     "lasker",  "split",          "grundy-game",  "divisor",   "squares",
        "fibonacci", "powers2", "kayles",         "dawson",       "0.137",     "0.344",
        "4.[3]",     "0.3F",    "4!.0",           "0.{2+}",       "0.16",      "0.6",
        "graph"};
    const std::string r = kRulesets[pick(std::size(kRulesets))];
    std::vector<std::string> words;
    if (r == "bash") {
      static const char* const kM[] = {"1", "2", "3", "8", "1000000000", "9223372036854775807"};
      words.push_back("bash:" + std::string(kM[pick(std::size(kM))]));
    } else if (r == "moore") {
      words.push_back("moore:" + std::to_string(pick(3) + 1));
    } else if (r == "graph") {
      words.push_back("graph:" + graph_file());
      const int tokens = static_cast<int>(pick(3)) + 1;
      // A vertex, or now and then a number that names none (refused).
      for (int i = 0; i < tokens; ++i)
        words.push_back(pick(10) == 0 ? size() : std::to_string(pick(60)));
      return words;
    } else {
      words.push_back(r);
    }
    const std::size_t numbers = r == "wythoff" ? 2 : pick(r == "staircase" || r == "moore" ? 4 : 3) + 1;
    for (std::size_t i = 0; i < numbers; ++i) words.push_back(size());
    return words;
  }

  std::mt19937_64 rng_;
};

std::uint64_t from_environment(const char* name, std::uint64_t fallback) {
  const char* text = std::getenv(name);
  return text != nullptr && *text != '\0' ? std::strtoull(text, nullptr, 10) : fallback;
}

std::string shown(const std::vector<std::string>& args) {
  std::string line = "grundy";
  for (const auto& a : args) line += " " + testing::shell_quote(a);
  return line;
}

TEST(GeneratedSums, EachAnswersOrRefusesInOneLineWithinTwoGibibytes) {
  const std::uint64_t seed = from_environment("GRUNDY_SUMS_SEED", kDefaultSeed);
  const auto count = static_cast<int>(from_environment("GRUNDY_SUMS_COUNT", kDefaultCount));
  Generator generator(seed);
  std::vector<std::pair<double, std::string>> times;
  int answered = 0, refused = 0;
  for (int i = 0; i < count; ++i) {
    const std::vector<std::string> args = generator.request();
    SCOPED_TRACE(::testing::Message() << "seed " << seed << ", request " << i << ": " << shown(args));
    // The limits and the hang guard come from the shell: ulimit -v, and
    // timeout's SIGKILL (status 137).
    std::vector<std::string> shell{"-c",
                                   std::string("ulimit -v ") + kAddressSpaceKiB +
                                       " && exec timeout -s KILL " + std::to_string(kHangAfter) +
                                       " \"$0\" \"$@\"",
                                   GRUNDY_CLI_PATH};
    shell.insert(shell.end(), args.begin(), args.end());
    const auto start = std::chrono::steady_clock::now();
    const auto run = run_program("/bin/sh", shell);
    const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
    times.emplace_back(took.count(), shown(args));
    ASSERT_NE(run.status, 137) << "killed after " << kHangAfter << " s";
    ASSERT_TRUE(run.status == 0 || run.status == 2) << "status " << run.status << "\n" << run.err;
    if (run.status == 0) {
      ++answered;
      EXPECT_NE(run.out.find("outcome: "), std::string::npos) << run.out;
      EXPECT_EQ(run.err, "");
    } else {
      ++refused;
      EXPECT_EQ(run.err.rfind("grundy: error: ", 0), 0u) << run.err;
      EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
      EXPECT_EQ(run.out, "");
    }
  }
  std::sort(times.rbegin(), times.rend());
  std::cout << "seed " << seed << ": " << answered << " answered, " << refused
            << " refused; slowest:\n";
  for (std::size_t i = 0; i < std::min<std::size_t>(5, times.size()); ++i)
    std::cout << "  " << times[i].first << " s  " << times[i].second << '\n';
}

}  // namespace
}  // namespace grundy::generated_sums_test
