// grundy graph FILE [--tokens V...]: values of a directed graph game and the
// analysis of a token position. File formats and the JSON output are
// described in docs/graph-format.md.
#include "graph_command.h"

#include <algorithm>
#include <cstdio>
#include <memory>
#include <string_view>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "commands.h"
#include "grundy/core/error.h"
#include "grundy/rules/graph_file.h"
#include "grundy/solve/graph_values.h"
#include "long_run.h"

namespace grundy::cli {

namespace {

// Graphs up to this many vertices have every value listed; larger ones get a
// summary and the token vertices only.
constexpr Vertex kListedVertexLimit = 10'000;
// Winning moves listed (all are counted).
constexpr std::size_t kListedMoveLimit = 1'000;
// Vertices of the example cycle shown in text output.
constexpr std::size_t kShownCycleLength = 12;
// Distinct finite values shown in the text summary.
constexpr std::size_t kShownValueCounts = 16;

struct FileCloser {
  void operator()(std::FILE* f) const {
    if (f && f != stdin) std::fclose(f);
  }
};

std::string read_whole_file(const std::string& path) {
  std::unique_ptr<std::FILE, FileCloser> file(path == "-" ? stdin : std::fopen(path.c_str(), "rb"));
  if (!file) throw InputError(path, fmt::format("cannot open graph file '{}'", path));
  std::string text;
  if (path != "-" && std::fseek(file.get(), 0, SEEK_END) == 0) {
    const long size = std::ftell(file.get());
    if (size > 0) text.reserve(static_cast<std::size_t>(size));
    std::rewind(file.get());
  }
  std::vector<char> buffer(1 << 20);
  // Standard input or a pipe may wait for ever: Ctrl-C and SIGTERM end the
  // wait (long_run.h).
  const InputWait wait;
  const std::string shown = path == "-" ? std::string("standard input") : "'" + path + "'";
  while (true) {
    const std::size_t got = std::fread(buffer.data(), 1, buffer.size(), file.get());
    wait.check(shown);
    if (got == 0) break;
    text.append(buffer.data(), got);
  }
  if (std::ferror(file.get()))
    throw InputError(path, fmt::format("error reading graph file '{}'", path));
  return text;
}

// JSON fields "gamma" (integer, or null when infinite) and "infinity" (K).
void put_gamma(nlohmann::ordered_json& j, const GammaValue& value) {
  if (value.finite) {
    j["gamma"] = value.value;
  } else {
    j["gamma"] = nullptr;
    j["infinity"] = value.infinity_set;
  }
}

nlohmann::ordered_json vertex_json(const Graph& graph, const GammaValue& value, Vertex u) {
  nlohmann::ordered_json j;
  j["vertex"] = u;
  if (const auto name = graph.name(u); !name.empty()) j["name"] = std::string(name);
  put_gamma(j, value);
  j["outcome"] = std::string(1, outcome_letter(outcome_of(value)));
  return j;
}

struct Summary {
  std::uint64_t outcomes[3] = {0, 0, 0};  // P, N, D of a single token
  std::uint64_t infinite = 0;
  std::vector<std::uint64_t> finite_counts;  // by value
};

Summary summarise(const Graph& graph, const std::vector<std::uint32_t>& gamma) {
  Summary s;
  for (Vertex u = 0; u < graph.vertex_count(); ++u) {
    const std::uint32_t g = gamma[u];
    if (g != kInfiniteGamma) {
      if (g >= s.finite_counts.size()) s.finite_counts.resize(g + 1, 0);
      ++s.finite_counts[g];
      ++s.outcomes[g == 0 ? 0 : 1];
      continue;
    }
    ++s.infinite;
    const auto followers = graph.followers(u);
    const bool to_zero =
        std::any_of(followers.begin(), followers.end(), [&](Vertex v) { return gamma[v] == 0; });
    ++s.outcomes[to_zero ? 1 : 2];
  }
  return s;
}

std::vector<Vertex> token_vertices(const Graph& graph, const std::vector<std::string>& tokens) {
  std::vector<Vertex> result;
  for (const std::string& token : tokens) {
    const auto vertex = graph.find_vertex(token);
    if (!vertex)
      throw InputError(token, fmt::format("token '{}' is not a vertex of the graph (give an id "
                                          "below {} or a vertex name)",
                                          token, graph.vertex_count()));
    result.push_back(*vertex);
  }
  return result;
}

const char* outcome_sentence(Outcome outcome) {
  switch (outcome) {
    case Outcome::P: return "P (the player to move loses; no winning move)";
    case Outcome::N: return "N (the player to move wins)";
    case Outcome::D: return "D (a draw: neither player can force a win; no winning move)";
  }
  return "?";
}

void print_text(const Graph& graph, const GraphValues& values, const std::vector<Vertex>& tokens,
                bool have_tokens) {
  std::string out;
  out += fmt::format("graph: {} vert{}, {} edge{}, ", graph.vertex_count(),
                     graph.vertex_count() == 1 ? "ex" : "ices", graph.edge_count(),
                     graph.edge_count() == 1 ? "" : "s");
  if (values.acyclic) {
    out += "acyclic\n";
  } else {
    std::vector<std::string> shown;
    for (std::size_t i = 0; i < values.cycle.size() && i < kShownCycleLength; ++i)
      shown.push_back(graph.label(values.cycle[i]));
    out +=
        fmt::format("with cycles, e.g. {} → {}{}\n", fmt::join(shown, " → "),
                    values.cycle.size() <= kShownCycleLength ? graph.label(values.cycle[0]) : "…",
                    values.cycle.size() <= kShownCycleLength
                        ? ""
                        : fmt::format(" (a cycle of {} vertices)", values.cycle.size()));
  }
  const Summary s = summarise(graph, values.gamma);
  const char* const symbol = values.acyclic ? "G" : "γ";
  std::vector<std::string> counts;
  std::size_t v = 0;
  for (; v < s.finite_counts.size() && counts.size() < kShownValueCounts; ++v)
    if (s.finite_counts[v])
      counts.push_back(fmt::format("{} = {}: {}", symbol, v, s.finite_counts[v]));
  if (v < s.finite_counts.size())
    counts.push_back(fmt::format("… (largest {} = {})", symbol, s.finite_counts.size() - 1));
  if (s.infinite) counts.push_back(fmt::format("{} = ∞: {}", symbol, s.infinite));
  out += fmt::format("vertices by value: {}\n", fmt::join(counts, ", "));
  out += fmt::format("vertices by outcome of a single token: {} P, {} N, {} D\n", s.outcomes[0],
                     s.outcomes[1], s.outcomes[2]);

  if (graph.vertex_count() <= kListedVertexLimit) {
    std::size_t label_width = 6, value_width = 1;
    std::vector<std::string> labels(graph.vertex_count()), texts(graph.vertex_count());
    for (Vertex u = 0; u < graph.vertex_count(); ++u) {
      labels[u] = graph.label(u);
      texts[u] = gamma_text(gamma_value(graph, values.gamma, u));
      label_width = std::max(label_width, labels[u].size());
      value_width = std::max(value_width, texts[u].size());
    }
    out += values.acyclic ? "\nG: the Grundy value of a single token on the vertex\n"
                          : "\nγ: the generalised Grundy value of a single token on the vertex;\n"
                            "∞{K}: no finite value, K = the finite values among its followers\n";
    out += fmt::format("{:<{}}  {:<{}}  outcome\n", "vertex", label_width,
                       values.acyclic ? "G" : "γ", value_width);
    for (Vertex u = 0; u < graph.vertex_count(); ++u) {
      const GammaValue g = gamma_value(graph, values.gamma, u);
      // fmt pads by code points, so ∞ counts as one column.
      out += fmt::format("{:<{}}  {:<{}}  {}\n", labels[u], label_width, texts[u], value_width,
                         outcome_letter(outcome_of(g)));
      if (out.size() > (1 << 16)) {
        std::fwrite(out.data(), 1, out.size(), stdout);
        out.clear();
      }
    }
  } else {
    out += fmt::format(
        "(values of single vertices are listed for graphs of up to {} vertices; "
        "give --tokens to see those of some vertices)\n",
        kListedVertexLimit);
  }

  if (have_tokens) {
    std::vector<std::string> shown;
    for (const Vertex t : tokens)
      shown.push_back(
          fmt::format("{} ({})", graph.label(t), gamma_text(gamma_value(graph, values.gamma, t))));
    out += fmt::format("\ntokens: {}\n",
                       tokens.empty() ? "none" : fmt::format("{}", fmt::join(shown, ", ")));
    const TokenAnalysis a = analyze_tokens(graph, values.gamma, tokens, kListedMoveLimit);
    out += fmt::format("value of the position: {}\n", gamma_text(a.value));
    out += fmt::format("outcome: {}\n", outcome_sentence(a.outcome));
    if (a.outcome == Outcome::N) {
      out += fmt::format("winning moves ({}):\n", a.winning_move_count);
      for (const TokenMove& m : a.winning_moves)
        out += fmt::format("  token {}: {} → {}\n", m.token + 1, graph.label(m.from),
                           graph.label(m.to));
      if (a.winning_move_count > a.winning_moves.size())
        out += fmt::format("  … and {} more\n", a.winning_move_count - a.winning_moves.size());
    }
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
}

void print_json(const Graph& graph, const GraphValues& values, const std::vector<Vertex>& tokens,
                bool have_tokens) {
  nlohmann::ordered_json j;
  j["vertices"] = graph.vertex_count();
  j["edges"] = graph.edge_count();
  j["acyclic"] = values.acyclic;
  if (!values.acyclic) {
    auto cycle = nlohmann::ordered_json::array();
    for (const Vertex u : values.cycle) cycle.push_back(u);
    j["cycle"] = std::move(cycle);
  }
  const Summary s = summarise(graph, values.gamma);
  nlohmann::ordered_json summary;
  summary["P"] = s.outcomes[0];
  summary["N"] = s.outcomes[1];
  summary["D"] = s.outcomes[2];
  summary["finite_value_counts"] = s.finite_counts;
  summary["infinite"] = s.infinite;
  j["summary"] = std::move(summary);
  if (graph.vertex_count() <= kListedVertexLimit) {
    auto list = nlohmann::ordered_json::array();
    for (Vertex u = 0; u < graph.vertex_count(); ++u)
      list.push_back(vertex_json(graph, gamma_value(graph, values.gamma, u), u));
    j["values"] = std::move(list);
  } else {
    j["values"] = nullptr;
  }
  if (have_tokens) {
    auto list = nlohmann::ordered_json::array();
    for (const Vertex t : tokens)
      list.push_back(vertex_json(graph, gamma_value(graph, values.gamma, t), t));
    j["tokens"] = std::move(list);
    const TokenAnalysis a = analyze_tokens(graph, values.gamma, tokens, kListedMoveLimit);
    // The position in the shape every command gives it (docs/json.md): the
    // token vertices, as `analyze graph:FILE ... --json` writes them; what
    // is known of it beside.
    auto position = nlohmann::ordered_json::array();
    for (const Vertex t : tokens) position.push_back(t);
    j["position"] = std::move(position);
    nlohmann::ordered_json value;
    put_gamma(value, a.value);
    j["position_value"] = std::move(value);
    j["outcome"] = std::string(1, outcome_letter(a.outcome));
    auto moves = nlohmann::ordered_json::array();
    for (const TokenMove& m : a.winning_moves)
      moves.push_back({{"token", m.token}, {"from", m.from}, {"to", m.to}});
    j["winning_moves"] = std::move(moves);
    j["winning_move_count"] = a.winning_move_count;
    j["winning_moves_complete"] = a.winning_moves.complete;
  }
  write_json(j);
}

}  // namespace

Graph read_graph(const std::string& file, std::uint64_t max_memory) {
  return parse_graph_input(read_whole_file(file), file == "-" ? "standard input" : file, max_memory);
}

int run_graph(const std::string& file, const std::vector<std::string>& tokens, bool json,
              std::uint64_t max_memory) {
  const Graph graph = read_graph(file, max_memory);
  const std::vector<Vertex> token_list = token_vertices(graph, tokens);
  // Large graphs: a progress line on a terminal, and Ctrl-C stops the work
  // (Interrupted: one line, status 130).
  SearchRun run;
  const GraphValues values = solve_graph(graph, run.control());
  run.finish();
  if (json)
    print_json(graph, values, token_list, !tokens.empty());
  else
    print_text(graph, values, token_list, !tokens.empty());
  return 0;
}

}  // namespace grundy::cli
