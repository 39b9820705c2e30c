#include "grundy/rules/graph_tokens.h"

#include <algorithm>

#include <fmt/format.h>

#include "grundy/core/error.h"

namespace grundy {

GraphTokens::GraphTokens(std::shared_ptr<const Graph> graph, std::string source)
    : graph_(std::move(graph)), source_(std::move(source)) {
  // Kahn's algorithm: the graph is acyclic iff repeatedly removing vertices
  // without remaining followers removes them all.
  const Vertex n = graph_->vertex_count();
  const Graph predecessors = graph_->reversed();
  std::vector<std::uint64_t> remaining(n);
  std::vector<Vertex> ready;
  for (Vertex u = 0; u < n; ++u) {
    remaining[u] = graph_->out_degree(u);
    if (remaining[u] == 0) ready.push_back(u);
  }
  std::uint64_t removed = 0;
  while (!ready.empty()) {
    const Vertex v = ready.back();
    ready.pop_back();
    ++removed;
    for (Vertex u : predecessors.followers(v))
      if (--remaining[u] == 0) ready.push_back(u);
  }
  cyclic_ = removed != n;
}

void GraphTokens::check_position(const Position& tokens) const {
  for (Heap t : tokens)
    if (t >= graph_->vertex_count())
      throw InputError(fmt::to_string(t), fmt::format("vertex {} is not in the graph ({} vertices)",
                                                      t, graph_->vertex_count()));
}

void GraphTokens::for_each_option(const Position& tokens,
                                  const std::function<bool(const Position&)>& visit) const {
  Position after = tokens;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    for (Vertex v : graph_->followers(static_cast<Vertex>(tokens[i]))) {
      after[i] = v;
      if (!visit(after)) return;
    }
    after[i] = tokens[i];
  }
}

std::string GraphTokens::describe_move(const Position& before, const Position& after) const {
  std::size_t i = 0;
  while (i < before.size() && i < after.size() && before[i] == after[i]) ++i;
  if (i < before.size() && i < after.size())
    return fmt::format("token {}: {} → {}", i + 1, graph_->label(static_cast<Vertex>(before[i])),
                       graph_->label(static_cast<Vertex>(after[i])));
  // Nothing changed: a token slid along a self-loop, a legal pass (the
  // position after is the position before). Name the first token that can.
  for (std::size_t t = 0; t < before.size(); ++t) {
    const auto u = static_cast<Vertex>(before[t]);
    if (u >= graph_->vertex_count()) continue;
    const auto followers = graph_->followers(u);
    if (std::binary_search(followers.begin(), followers.end(), u))
      return fmt::format("token {}: {} → {} (self-loop: a pass)", t + 1, graph_->label(u),
                         graph_->label(u));
  }
  return "no move";
}

Position GraphTokens::canonical(const Position& tokens) const {
  Position key = tokens;
  std::sort(key.begin(), key.end());
  return key;
}

std::string GraphTokens::show(const Position& tokens) const {
  std::string text;
  for (Heap t : tokens) {
    if (!text.empty()) text += ' ';
    text += t < graph_->vertex_count() ? graph_->label(static_cast<Vertex>(t)) : fmt::to_string(t);
  }
  return text;
}

}  // namespace grundy
