// Graph games at the scale of the issue: random graphs of 10^7 edges, solved
// from memory (acyclic: Kahn + mex; with cycles: the generalised
// Sprague-Grundy passes), built into CSR from an edge list, and parsed from a
// text file (read + parse). Counters: edges/s (and bytes/s for parsing);
// "passes" is the number of values m the generalised method tried.
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "grundy/rules/graph.h"
#include "grundy/solve/graph_values.h"

namespace {

using grundy::Edge;
using grundy::Graph;
using grundy::Vertex;

constexpr std::uint64_t kEdges = 10'000'000;

// kEdges random edges on `vertices` vertices; acyclic ones go from the
// smaller id to the larger (a random DAG whose topological order is the ids).
std::vector<Edge> random_edges(Vertex vertices, bool acyclic, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Edge> edges;
  edges.reserve(kEdges);
  while (edges.size() < kEdges) {
    auto u = static_cast<Vertex>(rng() % vertices), v = static_cast<Vertex>(rng() % vertices);
    if (acyclic) {
      if (u == v) continue;
      if (u > v) std::swap(u, v);
    }
    edges.push_back({u, v});
  }
  return edges;
}

const Graph& random_graph(Vertex vertices, bool acyclic) {
  static std::vector<std::pair<std::pair<Vertex, bool>, Graph>> cache;
  for (const auto& [key, graph] : cache)
    if (key == std::make_pair(vertices, acyclic)) return graph;
  const auto edges = random_edges(vertices, acyclic, 20240611 + vertices + acyclic);
  cache.emplace_back(std::make_pair(vertices, acyclic), Graph::from_edges(vertices, edges));
  return cache.back().second;
}

void set_edge_rate(benchmark::State& state, std::uint64_t edges) {
  state.counters["edges"] = static_cast<double>(edges);
  state.counters["edges/s"] =
      benchmark::Counter(static_cast<double>(edges), benchmark::Counter::kIsIterationInvariantRate);
}

void BM_SolveAcyclic(benchmark::State& state) {
  const Graph& graph = random_graph(static_cast<Vertex>(state.range(0)), true);
  std::uint32_t largest = 0;
  for (auto _ : state) {
    const auto values = grundy::acyclic_grundy_values(graph);
    largest = *std::max_element(values.values.begin(), values.values.end());
    benchmark::DoNotOptimize(values.values.data());
  }
  state.counters["max_G"] = largest;
  set_edge_rate(state, graph.edge_count());
}
BENCHMARK(BM_SolveAcyclic)
    ->Arg(1'000'000)
    ->Arg(5'000'000)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

void BM_SolveCyclic(benchmark::State& state) {
  const Graph& graph = random_graph(static_cast<Vertex>(state.range(0)), false);
  std::uint32_t passes = 0;
  std::uint64_t infinite = 0;
  for (auto _ : state) {
    const auto gamma = grundy::generalised_grundy_values(graph, &passes);
    infinite =
        static_cast<std::uint64_t>(std::count(gamma.begin(), gamma.end(), grundy::kInfiniteGamma));
    benchmark::DoNotOptimize(gamma.data());
  }
  state.counters["passes"] = passes;
  state.counters["infinite"] = static_cast<double>(infinite);
  set_edge_rate(state, graph.edge_count());
}
BENCHMARK(BM_SolveCyclic)
    ->Arg(1'000'000)
    ->Arg(5'000'000)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// solve_graph on a cyclic graph: the acyclic attempt (which finds a cycle)
// plus the generalised method, as the CLI runs it.
void BM_SolveGraphCyclic(benchmark::State& state) {
  const Graph& graph = random_graph(static_cast<Vertex>(state.range(0)), false);
  for (auto _ : state) benchmark::DoNotOptimize(grundy::solve_graph(graph).gamma.data());
  set_edge_rate(state, graph.edge_count());
}
BENCHMARK(BM_SolveGraphCyclic)->Arg(1'000'000)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_BuildCsr(benchmark::State& state) {
  const auto vertices = static_cast<Vertex>(state.range(0));
  const auto edges = random_edges(vertices, false, 7);
  for (auto _ : state)
    benchmark::DoNotOptimize(Graph::from_edges(vertices, edges).targets().data());
  set_edge_rate(state, edges.size());
}
BENCHMARK(BM_BuildCsr)->Arg(1'000'000)->Unit(benchmark::kMillisecond)->UseRealTime();

// The file holds the header and kEdges lines "u v"; each iteration reads the
// whole file and parses it, as `grundy graph FILE` does.
void BM_ParseFile(benchmark::State& state) {
  const auto vertices = static_cast<Vertex>(state.range(0));
  const std::string path = "/tmp/grundy_bench_graph_" + std::to_string(::getpid()) + ".txt";
  std::uint64_t bytes = 0;
  {
    const auto edges = random_edges(vertices, false, 11);
    std::string text =
        "# bench_graph\n" + std::to_string(vertices) + " " + std::to_string(edges.size()) + "\n";
    text.reserve(edges.size() * 16);
    for (const Edge& e : edges) {
      text += std::to_string(e.from);
      text += ' ';
      text += std::to_string(e.to);
      text += '\n';
    }
    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (!f || std::fwrite(text.data(), 1, text.size(), f) != text.size()) {
      state.SkipWithError("cannot write the temporary graph file");
      if (f) std::fclose(f);
      return;
    }
    std::fclose(f);
    bytes = text.size();
  }
  for (auto _ : state) {
    std::FILE* f = std::fopen(path.c_str(), "rb");
    std::string text(bytes, '\0');
    const std::size_t got = std::fread(text.data(), 1, bytes, f);
    std::fclose(f);
    text.resize(got);
    const Graph graph = grundy::parse_graph(text);
    benchmark::DoNotOptimize(graph.targets().data());
  }
  std::remove(path.c_str());
  state.counters["bytes/s"] =
      benchmark::Counter(static_cast<double>(bytes), benchmark::Counter::kIsIterationInvariantRate);
  set_edge_rate(state, kEdges);
}
BENCHMARK(BM_ParseFile)->Arg(1'000'000)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
