// A graph game's file, in either of its two forms (docs/graph-format.md):
// the text format parse_graph reads (a header line, then edges), or JSON,
// {"vertices": V or ["a", ...], "edges": [[u, v], ...]}, whose endpoints are
// ids or names. `grundy graph FILE`, graph:FILE summands of every front end,
// the web page's Graph view and the fuzz harness read graphs here.
//
// Description: a text whose first non-blank character is '{' is JSON.
//   Both forms are checked against the memory limit (check_graph_memory)
//   once the graph's size is known and before its edges are stored, so a
//   header announcing a huge graph is refused rather than allocated.
// Status: tests/unit/graph_file_test.cpp; fuzz/graph.cpp.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "grundy/core/memory.h"
#include "grundy/rules/graph.h"

namespace grundy {

// The JSON form. InputError names the JSON element at fault (nlohmann's
// parse errors name the line and column).
Graph parse_graph_json(std::string_view text, std::uint64_t max_memory = default_memory_limit());

// Either form, by its first character. Every error's message starts with
// "`shown`: " (the file's name, say), unless `shown` is empty (a graph typed
// into the web page, which has no name).
Graph parse_graph_input(std::string_view text, const std::string& shown,
                        std::uint64_t max_memory = default_memory_limit());

// The graph of the file at `path`, in either form. Throws InputError naming
// the file when it cannot be read.
Graph read_graph_file(const std::string& path, std::uint64_t max_memory = default_memory_limit());

}  // namespace grundy
