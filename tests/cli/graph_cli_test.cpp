// Graph files on the command line where they used to fail badly: a self-loop
// (a pass) in every kind of analysis and in play, and a header announcing more
// vertices than memory allows (refused up front, exit status 2).
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "support/cli.h"
#include "support/process.h"

namespace grundy::graph_cli_test {
namespace {

using testing::grundy_cli;

std::string write_graph(const std::string& name, const std::string& text) {
  const std::string path = (testing::scratch().path() / name).string();
  std::ofstream(path) << text;
  return path;
}

TEST(GraphCli, SelfLoopMovesAreDescribed) {
  // Vertex 0 has only a self-loop: every move is a pass, play never ends (D).
  const std::string loop = "graph:" + write_graph("loop.txt", "1 1\n0 0\n");
  for (const char* option : {"--remoteness", "--every", "--conjunctive"}) {
    SCOPED_TRACE(option);
    const auto run = grundy_cli({"analyze", loop, "0", option});
    EXPECT_EQ(run.status, 0) << run.err;
    EXPECT_NE(run.out.find("outcome: D"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("token 1: 0 → 0 (self-loop: a pass)"), std::string::npos) << run.out;
  }
  // A self-loop beside a real move: 0 → 0 or 0 → 1 (a sink), so 0 is N.
  const std::string exit = "graph:" + write_graph("exit.txt", "2 2\n0 0\n0 1\n");
  auto run = grundy_cli({"analyze", exit, "0", "--remoteness", "--json"});
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("0 → 1"), std::string::npos) << run.out;
  // Play lists the pass among the moves and lets the human make it.
  run = grundy_cli({"play", loop, "0"}, "moves\n1\nquit\n");
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("You: token 1: 0 → 0 (self-loop: a pass)"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("Computer: token 1: 0 → 0 (self-loop: a pass)"), std::string::npos)
      << run.out;
}

TEST(GraphCli, HugeVertexCountIsRefusedBeforeAllocating) {
  // The documented maximum, 4,294,967,295 vertices, in a two-line file.
  const std::string huge = write_graph("huge.txt", "4294967295 1\n0 1\n");
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"graph", huge},
           {"graph", huge, "--max-memory", "1G"},
           {"analyze", "graph:" + huge, "0"},
           {"play", "graph:" + huge, "0"}}) {
    testing::expect_bad_input(args, "--max-memory");
  }
  const std::string json = write_graph("huge.json", "{\"vertices\": 4294967295, \"edges\": []}");
  testing::expect_bad_input({"graph", json, "--max-memory", "1G"}, "MiB");
  // A small graph under a tiny limit is refused too, and passes when raised.
  const std::string small = write_graph("small.txt", "1000 1\n0 1\n");
  testing::expect_bad_input({"graph", small, "--max-memory", "1K"}, "small.txt: line 1");
  EXPECT_EQ(grundy_cli({"graph", small, "--max-memory", "1M"}).status, 0);
}

}  // namespace
}  // namespace grundy::graph_cli_test
