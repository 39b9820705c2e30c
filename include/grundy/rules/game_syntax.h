// The text syntax of a position: a ruleset and its numbers, or a sum of
// several games separated by '+' (docs/sums.md), the syntax `grundy analyze`
// reads and every front end (the command line, the Python module) shares:
//
//   kayles 5 7 + nim 3 + wythoff 3 5 + graph:g.txt a b
//
// A summand is RULESET NUMBER..., or graph:FILE VERTEX... (ids or names);
// summands of the same heap game, or of the same graph file, are merged
// (kayles 5 + kayles 7 is kayles 5 7). Numbers in parentheses, "kayles 3
// (1 1)", are one component of an Every-SG or conjunctive compound: the
// heaps a split left of one heap (a disjunctive sum ignores the grouping).
// Every failure is an InputError naming the token.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/rules/compound.h"
#include "grundy/rules/graph.h"
#include "grundy/rules/graph_file.h"

namespace grundy {

// Reads the graph of a graph:FILE summand. Empty: read_graph_file
// (graph_file.h) with the default memory limit. A front end passes its own
// for another limit, or for graphs that are not files (the web page's).
using GraphReader = std::function<Graph(const std::string& file)>;

// Whether the arguments use the sum syntax (a '+' or a graph: summand).
bool is_sum_syntax(const std::string& ruleset, const std::vector<std::string>& tokens);

// The summands of `ruleset tokens...`, merged as above.
std::vector<GamePosition> parse_summands(const std::string& ruleset,
                                         const std::vector<std::string>& tokens,
                                         const GraphReader& read_graph = {});

// The words of a whole position written as one line, "kayles 5 + nim 3":
// split at white space, with every '+' a word of its own ("5+nim" is
// "5", "+", "nim") except inside braces, where it belongs to a
// take-and-break digit ("0.{2+}").
std::vector<std::string> split_game_words(std::string_view text);

// The summands of a whole position written as one line (split_game_words,
// then parse_summands). Throws InputError for an empty text.
std::vector<GamePosition> parse_game(std::string_view text,
                                     const GraphReader& read_graph = {});

// The inverse of parse_game: a position of `ruleset` written as the line
// parse_game reads back, "0.77 5 3" ("kayles 5 3" is read the same), and for
// a sum of several games each summand with its game, "0.77 5 + nim 3". A
// graph summand is written with the graph's name, which parse_game reads
// back only through a GraphReader that knows that name.
std::string game_text(const Ruleset& ruleset, const Position& position);

}  // namespace grundy
