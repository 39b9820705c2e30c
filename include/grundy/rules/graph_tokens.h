// Tokens on a directed graph as a ruleset: a position lists the vertices the
// tokens stand on, and a move slides one token along an edge (theory.md §6).
// Lets the generic machinery (play, search) run on graph positions; on graphs
// with cycles, values come from solve/graph_values.h instead of search.
#pragma once

#include <memory>

#include "grundy/rules/graph.h"
#include "grundy/rules/ruleset.h"

namespace grundy {

class GraphTokens final : public Ruleset {
 public:
  explicit GraphTokens(std::shared_ptr<const Graph> graph) : graph_(std::move(graph)) {}
  std::string name() const override { return "graph"; }
  void check_position(const Position& tokens) const override;
  void for_each_option(const Position& tokens,
                       const std::function<bool(const Position&)>& visit) const override;
  std::string describe_move(const Position& before, const Position& after) const override;
  // Tokens are interchangeable: sorted.
  Position canonical(const Position& tokens) const override;
  const Graph& graph() const { return *graph_; }

 private:
  std::shared_ptr<const Graph> graph_;
};

}  // namespace grundy
