// grundy graph FILE [--tokens V...] [--json]: the γ value of every vertex of a
// directed graph and the analysis of a position of tokens on it
// (docs/graph-format.md).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "grundy/rules/graph.h"

namespace grundy::cli {

// Reads a graph in the text format or, when the file starts with '{', in the
// JSON form ('-': standard input). Throws InputError naming the file and the
// line (text) or the JSON element at fault, and LimitError when the graph
// would need more than `max_memory` bytes (check_graph_memory, rules/graph.h).
Graph read_graph(const std::string& file, std::uint64_t max_memory);
// The same from the file's text, `shown` naming it in messages.
Graph parse_graph_input(const std::string& text, const std::string& shown, std::uint64_t max_memory);

// Prints the values (all of them for graphs of up to 10,000 vertices, else a
// summary) and, when tokens are given (vertex ids or names), the outcome of
// that position with its winning moves. Returns the exit status; bad input
// throws InputError.
int run_graph(const std::string& file, const std::vector<std::string>& tokens, bool json,
              std::uint64_t max_memory);

}  // namespace grundy::cli
