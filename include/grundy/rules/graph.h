// Games on a directed graph: tokens sit on vertices, a move slides one token
// along an edge, and the player who cannot move loses (docs/theory.md §6).
//
// Description: the graph is held in compressed sparse row (CSR) form, the
//   followers of vertex u being targets[offsets[u] .. offsets[u+1]), sorted
//   and without repeats (parallel edges are the same move, so they are merged;
//   self-loops are kept: they are a legal "pass" move). Vertex ids are 32-bit,
//   offsets 64-bit, so 10^8 edges cost 0.4 GB of targets. Vertices may carry
//   names; a vertex without one is shown by its decimal id.
//   parse_graph reads the text format of docs/graph-format.md: a header line
//   "V E", then E edge lines "u v" (ids or declared names) and optional
//   "name ID NAME" lines, with '#' comments and blank lines anywhere.
// Source: docs/theory.md §6 (the game); CSR is the usual sparse-matrix layout.
// Time: building O(V + E + sum of d log d) over the out-degrees d (one
//   counting sort by source, then a sort of each follower list); parsing is
//   linear in the text, with hand-written integer scanning.
// Memory: 8(V + 1) + 4E bytes, plus the names; parsing holds the 8E-byte edge
//   list while building. graph_memory_estimate bounds what reading and
//   solving a graph takes, and parse_graph checks it against a limit as soon
//   as the header is read, before anything is allocated for the graph.
// Status: parser checked on literal files, every error naming its line
//   (tests/unit/graph_test.cpp); CSR contents, built at once or row by row
//   (append_vertex, truncate), and reversed graphs, whole or from a vertex
//   on, compared with the edge lists of random graphs
//   (tests/stress/graph_test.cpp).
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "grundy/core/memory.h"

namespace grundy {

using Vertex = std::uint32_t;
// Ids run from 0 to kMaxVertexCount - 1, so every id fits in 32 bits.
inline constexpr std::uint64_t kMaxVertexCount = std::numeric_limits<Vertex>::max();

struct Edge {
  Vertex from = 0;
  Vertex to = 0;
  friend bool operator==(const Edge&, const Edge&) = default;
};

class Graph {
 public:
  Graph() = default;

  // The graph on vertices 0..vertex_count-1 with these edges (repeats merged)
  // and these (vertex, name) pairs, in any order. Throws InputError naming the
  // first edge with an endpoint out of range, or the first invalid name (see
  // is_valid_vertex_name), name given twice or vertex named twice.
  static Graph from_edges(std::uint64_t vertex_count, std::span<const Edge> edges,
                          std::vector<std::pair<Vertex, std::string>> names = {});

  Vertex vertex_count() const { return vertex_count_; }
  // Distinct edges (after merging repeats).
  std::uint64_t edge_count() const { return targets_.size(); }

  // The vertices one move away from u, in increasing order.
  std::span<const Vertex> followers(Vertex u) const {
    return {targets_.data() + offsets_[u], targets_.data() + offsets_[u + 1]};
  }
  std::uint64_t out_degree(Vertex u) const { return offsets_[u + 1] - offsets_[u]; }

  // The raw CSR arrays (offsets has vertex_count + 1 entries).
  std::span<const std::uint64_t> offsets() const { return offsets_; }
  std::span<const Vertex> targets() const { return targets_; }

  bool has_names() const { return !names_.empty(); }
  // The vertex's name, or "" when it has none.
  std::string_view name(Vertex u) const;
  // The name if there is one, else the decimal id.
  std::string label(Vertex u) const;
  // The vertex a user means by `text`: a decimal id below vertex_count, or a
  // vertex name. nullopt if there is no such vertex. Names are looked up by a
  // linear scan: meant for a few tokens, not for bulk input.
  std::optional<Vertex> find_vertex(std::string_view text) const;

  // The same graph with every edge reversed (the predecessors of each vertex,
  // in increasing order); names are not copied. With `first` > 0, the
  // reverse of the part on vertices first..n-1 alone, renumbered from 0
  // (vertex first + i is i; edges into earlier vertices are left out).
  Graph reversed(Vertex first = 0) const;

  // For a graph built as its vertices are met (solve/detail/explore.h):
  // appends vertex vertex_count() with these followers, sorted and distinct.
  // They may name vertices not appended yet; the graph is whole again once
  // every vertex named has been appended.
  void append_vertex(std::span<const Vertex> followers);
  // Drops the vertices from `count` on, with their followers.
  void truncate(Vertex count);

 private:
  Vertex vertex_count_ = 0;
  std::vector<std::uint64_t> offsets_ = std::vector<std::uint64_t>(1, 0);
  std::vector<Vertex> targets_;
  // Sorted by vertex; only named vertices, so a few names on a huge graph
  // cost nothing per vertex.
  std::vector<std::pair<Vertex, std::string>> names_;
};

// Names are non-empty, contain no whitespace and no '#', and do not start
// with a digit, so that a name can never be read as an id.
bool is_valid_vertex_name(std::string_view name);

// Bytes that reading a graph of V vertices and E edge lines and solving it
// take at most, roughly: the CSR graph (8V + 4E), the edge list read (8E),
// the counting sort's cursors (8V), the reversed graph the solvers build
// (8V + 4E) and their per-vertex arrays (16V): 40V + 16E, saturating.
std::uint64_t graph_memory_estimate(std::uint64_t vertices, std::uint64_t edges);

// Throws LimitError, saying how much a graph of this size needs and that
// --max-memory raises the limit, when graph_memory_estimate exceeds
// `max_memory` bytes.
void check_graph_memory(std::uint64_t vertices, std::uint64_t edges, std::uint64_t max_memory);

// Parses the text format (docs/graph-format.md). Throws InputError whose
// message starts with "line N: " for the offending line, and LimitError
// (check_graph_memory) right after the header when the graph it announces
// would need more than `max_memory` bytes.
Graph parse_graph(std::string_view text, std::uint64_t max_memory = default_memory_limit());

}  // namespace grundy
