// Tokens on a directed graph as a ruleset: a position lists the vertices the
// tokens stand on, and a move slides one token along an edge (docs/theory.md §6).
// Lets the generic machinery (play, search) run on graph positions; on graphs
// with cycles, values come from solve/graph_values.h instead of search.
#pragma once

#include <memory>

#include "grundy/rules/graph.h"
#include "grundy/rules/ruleset.h"

namespace grundy {

class GraphTokens final : public Ruleset {
 public:
  void accept(RulesetVisitor& visitor) const override { visitor.graph_tokens(*this); }
  bool numbers_are_components() const override { return true; }
  // `source` names where the graph came from (its file), for name().
  explicit GraphTokens(std::shared_ptr<const Graph> graph, std::string source = "");
  // "graph", or "graph:FILE" when the source is known.
  std::string name() const override { return source_.empty() ? "graph" : "graph:" + source_; }
  void check_position(const Position& tokens) const override;
  void for_each_option(const Position& tokens,
                       const std::function<bool(const Position&)>& visit) const override;
  std::string describe_move(const Position& before, const Position& after) const override;
  // Tokens are interchangeable: sorted.
  Position canonical(const Position& tokens) const override;
  // Whether the graph has a directed cycle (found once, by Kahn's algorithm).
  bool has_cycles() const override { return cyclic_; }
  // Vertex labels (names where the file gives them).
  std::string show(const Position& tokens) const override;
  const Graph& graph() const { return *graph_; }

 private:
  std::shared_ptr<const Graph> graph_;
  std::string source_;
  bool cyclic_ = false;
};

}  // namespace grundy
