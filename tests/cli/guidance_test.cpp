// A command line that guides (issue 16): usage on a bare `grundy`, -V, help
// on every command and topic, "did you mean" for commands, rulesets and
// options, counts and sizes written as people write them, and the name the
// user typed shown back.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "support/cli.h"
#include "support/process.h"

namespace grundy::guidance_test {
namespace {

using testing::expect_bad_input;
using testing::grundy_cli;
using testing::grundy_json;

bool contains(const std::string& text, const std::string& piece) {
  return text.find(piece) != std::string::npos;
}

TEST(Guidance, BareGrundyPrintsUsage) {
  const auto run = grundy_cli({});
  EXPECT_EQ(run.status, 0);
  EXPECT_TRUE(contains(run.out, "Usage")) << run.out;
  EXPECT_TRUE(contains(run.out, "analyze")) << run.out;
  EXPECT_TRUE(run.err.empty()) << run.err;
}

TEST(Guidance, ShortVersionFlag) {
  const auto run = grundy_cli({"-V"});
  EXPECT_EQ(run.status, 0);
  EXPECT_EQ(run.out.rfind("grundy ", 0), 0u) << run.out;
}

// Every command and topic 'grundy help' lists has its help, and the list
// names every command the program has.
TEST(Guidance, HelpOnEveryCommandAndTopic) {
  const auto list = grundy_cli({"help"});
  ASSERT_EQ(list.status, 0);
  const std::vector<std::string> topics{"analyze", "period", "pattern", "value",    "values",
                                        "graph",   "play",   "bench",   "rulesets", "numbers",
                                        "help"};
  for (const std::string& topic : topics) {
    SCOPED_TRACE(topic);
    EXPECT_TRUE(contains(list.out, "  " + topic + " ")) << list.out;
    const auto run = grundy_cli({"help", topic});
    EXPECT_EQ(run.status, 0) << run.err;
    EXPECT_FALSE(run.out.empty());
  }
  EXPECT_TRUE(contains(grundy_cli({"help", "bench"}).out, "checksum"));
  EXPECT_TRUE(contains(grundy_cli({"help", "numbers"}).out, "2^30"));
  // The top-level help lists the same commands.
  const auto top = grundy_cli({"--help"});
  for (const char* command : {"analyze", "period", "pattern", "value", "values", "graph", "play",
                              "bench", "help"})
    EXPECT_TRUE(contains(top.out, command)) << command;
}

TEST(Guidance, DidYouMean) {
  expect_bad_input({"analyse", "nim", "3"}, "did you mean 'analyze'?");
  expect_bad_input({"vaules", "kayles"}, "did you mean 'values'?");
  expect_bad_input({"analyze", "kayle", "5"}, "did you mean 'kayles'?");
  expect_bad_input({"analyze", "bash", "5"}, "'bash' needs a parameter: bash:M");
  expect_bad_input({"analyze", "nim", "3", "--mis"}, "did you mean '--misere'?");
  expect_bad_input({"values", "kayles", "--too", "5"}, "did you mean '--to'?");
  expect_bad_input({"analyze", "nim", "3", "--jsno"}, "did you mean '--json'?");
  expect_bad_input({"help", "rulesest"}, "did you mean 'rulesets'?");
  expect_bad_input({"analyze", "nim", "3", "--bogus"}, "unknown option '--bogus' for 'analyze'");
}

TEST(Guidance, ValuesWithAHeapSuggestsValueOrTo) {
  expect_bad_input({"values", "kayles", "5"}, "'grundy value kayles 5'");
  expect_bad_input({"values", "kayles", "5"}, "'grundy values kayles --to 5'");
  // A flag takes no value: what follows it is read as usual.
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"values", "kayles", "--misere", "--to", "8"},
        std::vector<std::string>{"values", "kayles", "--stats", "--to", "8"},
        std::vector<std::string>{"values", "kayles", "--to=8", "--csv"}})
    EXPECT_EQ(grundy_cli(args).status, 0) << args[2];
}

TEST(Guidance, MisereWithTheAccent) {
  const auto accented = grundy_cli({"analyze", "nim", "1", "1", "--misère"});
  const auto plain = grundy_cli({"analyze", "nim", "1", "1", "--misere"});
  EXPECT_EQ(accented.status, 0) << accented.err;
  EXPECT_EQ(accented.out, plain.out);
  EXPECT_TRUE(contains(plain.out, "misère play")) << plain.out;
}

// Counts as people write them; each form names the same number as its
// digits (the number itself worked by hand).
TEST(Guidance, CountsInEveryForm) {
  const auto digits = grundy_json({"values", "kayles", "--from", "1000", "--to", "1024", "--json"});
  for (const auto& [from, to] : std::vector<std::pair<std::string, std::string>>{
           {"1K", "2^10"}, {"1e3", "1.024e3"}, {"10^3", "1024"}}) {
    SCOPED_TRACE(from + " " + to);
    EXPECT_EQ(grundy_json({"values", "kayles", "--from", from, "--to", to, "--json"}), digits);
  }
  EXPECT_EQ(grundy_json({"value", "kayles", "1e18", "--json"}),
            grundy_json({"value", "kayles", "1000000000000000000", "--json"}));
  EXPECT_EQ(grundy_cli({"period", "0.6", "--max", "2K"}).out,
            grundy_cli({"period", "0.6", "--max", "2000"}).out);
  EXPECT_EQ(grundy_cli({"analyze", "nim", "3", "4", "--count", "--max-moves", "2^20"}).out,
            grundy_cli({"analyze", "nim", "3", "4", "--count", "--max-moves", "1048576"}).out);
  expect_bad_input({"values", "kayles", "--to", "1e-3"}, "'1e-3'");
  expect_bad_input({"values", "kayles", "--to", "1.25e1"}, "'1.25e1' is not a whole number");
  expect_bad_input({"values", "kayles", "--to", "2^63"}, "larger than 2^63-1");
}

// Sizes: 8G, 8GB and 8GiB are the same 8 * 2^30 bytes (help numbers says so).
TEST(Guidance, SizesInEveryForm) {
  for (const char* size : {"1G", "1GB", "1GiB", "1gb", "1024M", "1048576K", "1073741824"}) {
    const auto run = grundy_cli({"values", "kayles", "--to", "10", "--max-memory", size});
    EXPECT_EQ(run.status, 0) << size << ": " << run.err;
  }
  // A limit below what 10^5 values need, in each spelling, is refused up
  // front, naming the same limit of 1 MiB.
  for (const char* size : {"1M", "1MB", "1MiB", "1048576"}) {
    const auto tiny = grundy_cli({"values", "0.6", "--to", "1e5", "--max-memory", size});
    EXPECT_EQ(tiny.status, 2) << size;
    EXPECT_TRUE(contains(tiny.err, "over the memory limit of 1 MiB (raise it with --max-memory)")) << size << tiny.err;
  }
  expect_bad_input({"values", "kayles", "--max-memory", "8GX"}, "'8GX'");
}

// The name typed is the name shown, the code beside it.
TEST(Guidance, TheNameTypedIsShown) {
  const auto run = grundy_cli({"analyze", "kayles", "5"});
  EXPECT_TRUE(contains(run.out, "kayles (0.77) (normal play): 5")) << run.out;
  EXPECT_EQ(grundy_json({"analyze", "kayles", "5", "--json"})["ruleset"], "kayles");
  EXPECT_EQ(grundy_json({"analyze", "0.77", "5", "--json"})["ruleset"], "0.77");
  EXPECT_TRUE(contains(grundy_cli({"analyze", "dawson", "5", "+", "nim", "3"}).out,
                       "dawson 5 + nim 3"));
  EXPECT_TRUE(contains(grundy_cli({"values", "kayles", "--to", "3"}).out, "kayles (0.77): G(n)"));
  EXPECT_TRUE(contains(grundy_cli({"value", "dawson", "9"}).out, "in dawson (0.07)"));
  // lasker is lasker everywhere, its code beside it where the code is what is searched.
  EXPECT_TRUE(contains(grundy_cli({"period", "lasker"}).out, "lasker (4.[3]): "));
  EXPECT_TRUE(contains(grundy_cli({"value", "lasker", "9"}).out, "in lasker\n"));
  const auto period = grundy_json({"period", "kayles", "--json"});
  EXPECT_EQ(period["ruleset"], "kayles");
  EXPECT_EQ(period["code"], "0.77");
}

// Outputs: '-' is standard output, --json with a file prints what was
// written, a plot's format follows its extension and a wrong one is refused
// before any work.
TEST(Guidance, OutputsToStandardOutputAndJsonSummaries) {
  const auto csv = grundy_cli({"values", "kayles", "--to", "5", "--out", "-"});
  EXPECT_EQ(csv.out, "n,value\n0,0\n1,1\n2,2\n3,3\n4,1\n5,4\n");  // Kayles: WW ch. 4
  const auto svg = grundy_cli({"values", "kayles", "--to", "100", "--plot", "-", "--title", "K",
                               "--size", "800x500"});
  EXPECT_EQ(svg.out.rfind("<?xml", 0), 0u);
  EXPECT_TRUE(contains(svg.out, "<title>K</title>"));
  EXPECT_TRUE(contains(svg.out, "width=\"800\" height=\"500\""));
  const auto dir = testing::scratch().path();
  const std::string plot = (dir / "k.svg").string();
  const auto summary = grundy_json({"values", "kayles", "--to", "100", "--plot", plot, "--json"});
  EXPECT_EQ(summary["plot"], plot);
  EXPECT_TRUE(summary["out"].is_null());
  EXPECT_EQ(summary["periodicity"]["period"], 12);  // Kayles: period 12 from 71 (WW ch. 4)
  expect_bad_input({"values", "kayles", "--plot", (dir / "k.jpg").string()}, "must end in .svg");
  expect_bad_input({"values", "kayles", "--plot", "-", "--json"}, "--plot - writes to standard output");
  expect_bad_input({"values", "kayles", "--out", "-", "--plot", "-"}, "both write to standard output");
  expect_bad_input({"values", "kayles", "--plot", plot, "--size", "10x10"}, "--size '10x10'");
  expect_bad_input({"pattern", "kayles", "n", "--plot", (dir / "k.gif").string()}, "must end in .svg");
}

// The period marked once: no dashed line per period however long the plot
// (0.137 to 3000), an arithmetic period named (lasker: period 4, saltus 4,
// WW ch. 4), and "no period found up to N" where none was.
TEST(Guidance, PlotsMarkThePeriodOnce) {
  const auto long_plot = grundy_cli({"values", "0.137", "--to", "3000", "--plot", "-"});
  EXPECT_FALSE(contains(long_plot.out, "stroke-dasharray")) << long_plot.out.substr(0, 2000);
  EXPECT_TRUE(contains(grundy_cli({"values", "lasker", "--to", "100", "--plot", "-"}).out,
                       "arithmetic period 4, saltus 4 from n = 1 (proven)"));
  EXPECT_TRUE(contains(grundy_cli({"values", "0.6", "--to", "300", "--plot", "-"}).out,
                       "no period found up to n = 300"));
}

// values --stats: a header for what follows, a histogram of a few lines.
TEST(Guidance, StatsHistogramIsCompact) {
  const auto run = grundy_cli({"values", "dawson", "--to", "200", "--stats"});
  // The header says what follows: statistics, not a list of values.
  EXPECT_EQ(run.out.rfind("dawson (0.07): statistics of G(n) for n = 0..200\n", 0), 0u) << run.out;
  const auto at = run.out.find("histogram (");
  ASSERT_NE(at, std::string::npos) << run.out;
  const std::string histogram = run.out.substr(at);
  EXPECT_EQ(std::count(histogram.begin(), histogram.end(), '\n'), 2) << histogram;
  // The counts add up to the 201 values.
  const auto j = grundy_json({"values", "dawson", "--to", "200", "--stats", "--json"});
  std::uint64_t total = 0;
  for (const auto& [value, count] : j["histogram"].items()) total += count.get<std::uint64_t>();
  EXPECT_EQ(total, 201u);
}

// --explain for a heap game: the option table, worked by hand for Kayles'
// heap 5 (G(0..4) = 0 1 2 3 1, WW ch. 4); and the other conventions.
TEST(Guidance, ExplainShowsTheOptionTableAndEveryConvention) {
  const auto run = grundy_cli({"analyze", "kayles", "5", "--explain"});
  for (const char* line : {"Why G(5) = 4", "  1 + 3   G(1) xor G(3) = 1 xor 3 = 2",
                           "  2 + 2   G(2) xor G(2) = 2 xor 2 = 0", "  4       G(4) = 1",
                           "Values reached: 0, 1, 2, 3. The least value not among them is 4"})
    EXPECT_TRUE(contains(run.out, line)) << line << "\n" << run.out;
  // Nim 1 2: remoteness 3 (take 1 from the 2 to 1 1, remoteness 2).
  const auto remote = grundy_cli({"analyze", "nim", "1", "2", "--remoteness", "--explain"});
  EXPECT_TRUE(contains(remote.out, "This position has remoteness 3, odd")) << remote.out;
  EXPECT_TRUE(contains(remote.out, "leads to remoteness 2, even")) << remote.out;
  const auto every = grundy_cli({"analyze", "kayles", "3", "4", "--every", "--explain"});
  EXPECT_TRUE(contains(every.out, "the largest is 3, odd")) << every.out;
  const auto conj = grundy_cli({"analyze", "kayles", "3", "4", "--conjunctive", "--explain"});
  EXPECT_TRUE(contains(conj.out, "the least is 3, odd")) << conj.out;
}

}  // namespace
}  // namespace grundy::guidance_test
