// grundy graph FILE [--tokens V...] [--json]: the γ value of every vertex of a
// directed graph and the analysis of a position of tokens on it
// (docs/graph-format.md).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "grundy/rules/graph.h"

namespace grundy::cli {

// Reads a graph in either form (parse_graph_input, rules/graph_file.h) from
// a file or, for '-', from standard input, whose wait Ctrl-C and SIGTERM
// end (long_run.h).
Graph read_graph(const std::string& file, std::uint64_t max_memory);

// Prints the values (all of them for graphs of up to 10,000 vertices, else a
// summary) and, when tokens are given (vertex ids or names), the outcome of
// that position with its winning moves. Returns the exit status; bad input
// throws InputError.
int run_graph(const std::string& file, const std::vector<std::string>& tokens, bool json,
              std::uint64_t max_memory);

}  // namespace grundy::cli
