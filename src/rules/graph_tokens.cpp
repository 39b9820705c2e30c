#include "grundy/rules/graph_tokens.h"

#include <algorithm>

#include <fmt/format.h>

#include "grundy/core/error.h"

namespace grundy {

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
  while (i < before.size() && before[i] == after[i]) ++i;
  GRUNDY_ASSERT(i < before.size());
  return fmt::format("token {}: {} → {}", i + 1, graph_->label(static_cast<Vertex>(before[i])),
                     graph_->label(static_cast<Vertex>(after[i])));
}

Position GraphTokens::canonical(const Position& tokens) const {
  Position key = tokens;
  std::sort(key.begin(), key.end());
  return key;
}

}  // namespace grundy
