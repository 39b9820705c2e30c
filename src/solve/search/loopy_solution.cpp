#include "grundy/solve/detail/loopy_solution.h"

#include <algorithm>

#include "grundy/solve/convention.h"
#include "grundy/solve/graph_values.h"

namespace grundy::detail {

namespace {

// The graph of one convention with the fixed results as vertices (see the
// header); vertex n (the vertex count of `graph`) is the terminal one.
Graph with_fixed_results(const Graph& graph, const std::vector<Primitive>& fixed,
                         Convention convention) {
  const Vertex n = graph.vertex_count();
  Graph g;
  const Vertex terminal[] = {n};
  const bool lost_is_terminal = convention == Convention::normal;
  for (Vertex u = 0; u < n; ++u) {
    if (!ends_game(fixed[u])) {
      g.append_vertex(graph.followers(u));
    } else if (fixed[u] == Primitive::game_tied) {
      const Vertex self[] = {u};
      g.append_vertex(self);
    } else if ((fixed[u] == Primitive::game_lost) == lost_is_terminal) {
      g.append_vertex({});
    } else {
      g.append_vertex(terminal);
    }
  }
  g.append_vertex({});
  return g;
}

void label(const Graph& g, Convention convention, Labelling& labels) {
  retrograde_label(g, g.reversed(), 0, convention, labels);
}

}  // namespace

LoopySolution solve_loopy_graph(const Graph& graph, const std::vector<Primitive>& fixed,
                                bool with_gamma) {
  LoopySolution solved;
  if (std::any_of(fixed.begin(), fixed.end(), ends_game)) {
    label(with_fixed_results(graph, fixed, Convention::normal), Convention::normal,
          solved.normal);
    label(with_fixed_results(graph, fixed, Convention::misere), Convention::misere,
          solved.misere);
  } else {
    label(graph, Convention::normal, solved.normal);
    label(graph, Convention::misere, solved.misere);
  }
  if (with_gamma) solved.gamma = generalised_grundy_values(graph);
  return solved;
}

}  // namespace grundy::detail
