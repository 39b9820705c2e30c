// Fuzzes graph files (`grundy graph FILE`, graph:FILE summands): the text
// format and the JSON form, as every front end reads them
// (parse_graph_input, rules/graph_file.h), with a memory
// limit of 1 MiB so that a header announcing a huge graph is refused rather
// than allocated. A graph that parses is solved (solve_graph), and every
// vertex must be found again by its label.
#include <cstddef>
#include <cstdint>

#include "grundy/rules/graph_file.h"
#include "grundy/solve/graph_values.h"
#include "harness.h"

namespace {

constexpr std::uint64_t kMaxMemory = std::uint64_t{1} << 20;

void check(std::string_view text) {
  using namespace grundy;
  const Graph graph = parse_graph_input(text, "fuzz", kMaxMemory);
  fuzz::expect(graph.offsets().size() == std::uint64_t{graph.vertex_count()} + 1,
               "offsets do not match the vertex count");
  for (Vertex u = 0; u < graph.vertex_count(); ++u) {
    for (const Vertex v : graph.followers(u))
      fuzz::expect(v < graph.vertex_count(), "an edge leads out of the graph");
    const auto found = graph.find_vertex(graph.label(u));
    fuzz::expect(found && *found == u, "a vertex is not found by its label");
  }
  const GraphValues values = solve_graph(graph);
  (void)values;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return grundy::fuzz::run_one([&] { check(grundy::fuzz::as_text(data, size)); });
}
