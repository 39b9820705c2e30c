// The one explorer of game graphs: the positions reachable from a root,
// numbered breadth-first with dense 32-bit ids, and their moves as a CSR
// Graph (rules/graph.h), for the analyses of games that may have cycles:
// Retrograde, GameSolver's loopy positions and the values of loopy
// components of a sum (compound_analysis.cpp).
//
// Description: keys are canonical positions (the caller's options function
//   emits them canonical). explore(root) numbers the root and then, taking
//   the numbered positions in order, generates each one's options, numbers
//   those not seen yet and appends its row of followers (sorted, repeated
//   options merged) to the graph. Between calls the graph is closed: every
//   vertex's followers are vertices. A later root extends it: only positions
//   not seen before are numbered and expanded, earlier ids and rows stay.
//   Numbering a position past the limit throws LimitError with the caller's
//   message, after forgetting everything that call had numbered, so the
//   graph is as it was before the call.
// Source: breadth-first search (Cormen, Leiserson, Rivest and Stein,
//   Introduction to Algorithms, §22.2); compressed sparse rows as in
//   rules/graph.h.
// Time: O(V + E) hash look-ups and inserts for the V positions and E moves a
//   call adds (plus generating the moves, and sorting each row: O(d log d)
//   for a position with d options).
// Memory: every key once (hash map), a pointer to it per id, 4 bytes per
//   distinct move and 8 per position in the CSR arrays.
// Status: through Retrograde (incremental graphs against fresh ones, limits
//   leaving the graph usable: tests/stress/retrograde_test.cpp), GameSolver
//   on random digraphs with cycles (user_game_test.cpp), and user games with
//   cycles, alone and in sums with a Nim heap (src/solve/analysis/valuation.cpp),
//   against tokens on the same graph (tests/stress/user_ruleset_test.cpp).
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "grundy/core/error.h"
#include "grundy/rules/graph.h"
#include "grundy/solve/search_control.h"

namespace grundy::detail {

template <class Key, class Hash = std::hash<Key>, class KeyEqual = std::equal_to<Key>>
class GraphExplorer {
 public:
  GraphExplorer() = default;
  explicit GraphExplorer(Hash hash) : ids_(0, std::move(hash)) {}
  // keys_ points into ids_: moving keeps the nodes, copying would not.
  GraphExplorer(const GraphExplorer&) = delete;
  GraphExplorer& operator=(const GraphExplorer&) = delete;
  GraphExplorer(GraphExplorer&&) = default;
  GraphExplorer& operator=(GraphExplorer&&) = default;

  // Progress reports and a stop flag while exploring (search_control.h),
  // under the name `search`; nullptr: none. A stop throws Interrupted and,
  // like a limit, leaves the graph as it was before the call.
  void set_control(const SearchControl* control, const char* search) {
    ticker_.set(control, search);
  }

  Vertex vertex_count() const { return graph_.vertex_count(); }
  const Graph& graph() const { return graph_; }
  const Key& key(Vertex u) const { return *keys_[u]; }
  std::optional<Vertex> find(const Key& key) const {
    if (auto it = ids_.find(key); it != ids_.end()) return it->second;
    return std::nullopt;
  }

  // The id of `root` (canonical), exploring what it reaches first if it is
  // new. `options(key, emit)` must call emit(option) with the canonical key
  // of every option of `key` (repeats allowed). At most `limit` positions in
  // all (and at most kMaxVertexCount); past it, LimitError(limit_message()).
  template <class Options, class LimitMessage>
  Vertex explore(const Key& root, std::uint64_t limit, Options&& options,
                 LimitMessage&& limit_message) {
    if (auto it = ids_.find(root); it != ids_.end()) return it->second;
    limit = std::min(limit, kMaxVertexCount);
    const Vertex first = vertex_count();
    const auto intern = [&](auto&& key) -> Vertex {
      const auto [it, fresh] =
          ids_.try_emplace(std::forward<decltype(key)>(key), static_cast<Vertex>(keys_.size()));
      if (!fresh) return it->second;
      if (keys_.size() >= limit) {
        ids_.erase(it);
        throw LimitError(limit_message());
      }
      keys_.push_back(&it->first);
      return it->second;
    };
    try {
      intern(root);
      std::vector<Vertex> row;
      for (std::size_t u = first; u < keys_.size(); ++u) {
        ticker_.tick(keys_.size(), limit);
        row.clear();
        options(*keys_[u], [&](auto&& option) {
          row.push_back(intern(std::forward<decltype(option)>(option)));
        });
        std::sort(row.begin(), row.end());
        row.erase(std::unique(row.begin(), row.end()), row.end());
        graph_.append_vertex(row);
      }
    } catch (...) {
      // (A first call forgets everything at once: looking up each key to
      // erase it took a tenth of a refused search's time.)
      if (first == 0)
        ids_.clear();
      else
        for (std::size_t u = first; u < keys_.size(); ++u) ids_.erase(ids_.find(*keys_[u]));
      keys_.resize(first);
      graph_.truncate(first);
      throw;
    }
    return first;
  }

 private:
  std::unordered_map<Key, Vertex, Hash, KeyEqual> ids_;
  // keys_[id] is the key numbered id (in ids_, whose nodes never move).
  std::vector<const Key*> keys_;
  Graph graph_;
  SearchTicker ticker_;
};

}  // namespace grundy::detail
