// Graph files in both forms (rules/graph_file.h, docs/graph-format.md): the
// JSON form reads the same graph as the text form, every kind of bad JSON
// is one InputError naming the file and the element, a graph too large for
// the memory limit is refused before its edges are read, and graph:FILE
// summands of parse_game read a JSON file too.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "grundy/core/error.h"
#include "grundy/rules/game_syntax.h"
#include "grundy/rules/graph_file.h"

namespace grundy::graph_file_test {
namespace {

// The graph of docs/graph-format.md's text example.
constexpr const char* kText = "5 5\nname 0 a\nname 1 b\nname 2 c\nname 3 d\nname 4 e\n"
                              "a b\n1 c\nc a\nc d\n3 e\n";
constexpr const char* kJson = R"({"vertices": ["a", "b", "c", "d", "e"],
  "edges": [["a", "b"], [1, "c"], ["c", "a"], ["c", "d"], [3, "e"]]})";

void expect_same(const Graph& a, const Graph& b) {
  ASSERT_EQ(a.vertex_count(), b.vertex_count());
  EXPECT_EQ(std::vector(a.offsets().begin(), a.offsets().end()),
            std::vector(b.offsets().begin(), b.offsets().end()));
  EXPECT_EQ(std::vector(a.targets().begin(), a.targets().end()),
            std::vector(b.targets().begin(), b.targets().end()));
  for (Vertex u = 0; u < a.vertex_count(); ++u) EXPECT_EQ(a.label(u), b.label(u));
}

TEST(GraphFile, JsonReadsTheSameGraphAsText) {
  expect_same(parse_graph_json(kJson), parse_graph(kText));
  expect_same(parse_graph_input(kJson, "g.json"), parse_graph_input(kText, "g.txt"));
  // A vertex count instead of names, endpoints by id.
  expect_same(parse_graph_json(R"({"vertices": 3, "edges": [[0, 1], [1, 2], [1, 2]]})"),
              parse_graph("3 3\n0 1\n1 2\n1 2\n"));
  // Leading blanks before the brace still mean JSON.
  EXPECT_EQ(parse_graph_input("\n  {\"vertices\": 2, \"edges\": []}", "g").vertex_count(), 2u);
}

TEST(GraphFile, BadJsonIsOneErrorNamingTheFileAndTheElement) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"{\"vertices\": 2, \"edges\": [[0, 1]", "invalid JSON"},
      {"{\"vertices\": 2, \"edges\": [], \"extra\": 1}", "unknown field \"extra\""},
      {"{\"vertices\": 2}", "needs both"},
      {"{\"vertices\": -1, \"edges\": []}", "must be a vertex count or an array of names"},
      {"{\"vertices\": 4294967296, \"edges\": []}", "exceeds the limit"},
      {"{\"vertices\": [\"1a\"], \"edges\": []}", "vertices[0]"},
      {"{\"vertices\": [\"a\", \"a\"], \"edges\": []}", "already given"},
      {"{\"vertices\": 2, \"edges\": [[0, 2]]}", "edges[0]: target 2 out of range"},
      {"{\"vertices\": [\"a\"], \"edges\": [[\"a\", \"b\"]]}", "is not a vertex name"},
      {"{\"vertices\": 2, \"edges\": [[0, 1, 1]]}", "expected a pair"},
      {"{\"vertices\": 2, \"edges\": [[0, 1.5]]}", "neither a vertex id nor a name"},
      {"{\"vertices\": 2, \"edges\": [[0, 444E244444]]}", "invalid JSON"},
      {"{\"vertices\": 2, \"edges\": {}}", "must be an array of [u, v] pairs"},
  };
  for (const auto& [text, expected] : cases) {
    SCOPED_TRACE(text);
    try {
      parse_graph_input(text, "g.json");
      ADD_FAILURE() << "accepted";
    } catch (const InputError& e) {
      const std::string message = e.what();
      EXPECT_EQ(message.rfind("g.json: ", 0), 0u) << message;
      EXPECT_NE(message.find(expected), std::string::npos) << message;
      EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    }
  }
}

TEST(GraphFile, AGraphOverTheMemoryLimitIsRefusedBeforeItsEdges) {
  // 10^8 vertices need about 4 GB; the edges (malformed here) are never read.
  for (const char* text : {"{\"vertices\": 100000000, \"edges\": [[0, \"x\"]]}",
                           "100000000 1\n0 x\n"}) {
    SCOPED_TRACE(text);
    EXPECT_THROW(parse_graph_input(text, "big", std::uint64_t{1} << 20), LimitError);
  }
}

TEST(GraphFile, SummandsReadJsonFiles) {
  const std::filesystem::path path =
      std::filesystem::temp_directory_path() / "grundy-graph-file-test.json";
  std::ofstream(path) << kJson;
  const auto summands = parse_game("graph:" + path.string() + " a c + nim 3");
  ASSERT_EQ(summands.size(), 2u);
  EXPECT_EQ(summands[0].position, (Position{0, 2}));
  EXPECT_THROW(read_graph_file(path.string(), 64), LimitError);
  std::filesystem::remove(path);
  EXPECT_THROW(read_graph_file(path.string()), InputError);
}

}  // namespace
}  // namespace grundy::graph_file_test
