#include "game_syntax.h"

#include <fmt/format.h>

#include "graph_command.h"
#include "grundy/core/error.h"
#include "grundy/rules/graph_tokens.h"
#include "grundy/rules/heap_ruleset.h"
#include "grundy/rules/registry.h"

namespace grundy::cli {

namespace {

constexpr std::string_view kGraphPrefix = "graph:";

bool is_graph(const std::string& name) { return name.rfind(kGraphPrefix, 0) == 0; }

Summand parse_summand(const std::string& name, const std::vector<std::string>& numbers,
                      std::uint64_t max_memory) {
  if (numbers.empty())
    throw InputError(name, fmt::format("'{}' needs a position after it", name));
  Summand s;
  if (is_graph(name)) {
    const std::string file = name.substr(kGraphPrefix.size());
    if (file.empty()) throw InputError(name, "graph: needs a file name, e.g. graph:g.txt");
    auto graph = std::make_shared<const Graph>(read_graph(file, max_memory));
    for (const std::string& token : numbers) {
      const auto v = graph->find_vertex(token);
      if (!v) throw InputError(token, fmt::format("'{}' is not a vertex of {}", token, file));
      s.position.push_back(*v);
    }
    s.ruleset = std::make_shared<const GraphTokens>(std::move(graph), file);
    return s;
  }
  s.ruleset = parse_ruleset(name);
  s.position = parse_position(*s.ruleset, numbers);
  return s;
}

}  // namespace

bool is_sum_syntax(const std::string& ruleset, const std::vector<std::string>& tokens) {
  if (is_graph(ruleset)) return true;
  for (const std::string& t : tokens)
    if (t == "+") return true;
  return false;
}

std::vector<Summand> parse_summands(const std::string& ruleset,
                                    const std::vector<std::string>& tokens,
                                    std::uint64_t max_memory) {
  std::vector<Summand> summands;
  std::string name = ruleset;
  std::vector<std::string> numbers;
  auto finish = [&] {
    if (name == "+" || name.empty())
      throw InputError("+", "a '+' must stand between two games, e.g. kayles 5 + nim 3");
    add_summand(summands, parse_summand(name, numbers, max_memory));
  };
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    if (tokens[i] != "+") {
      numbers.push_back(tokens[i]);
      continue;
    }
    finish();
    if (i + 1 == tokens.size())
      throw InputError("+", "a '+' must be followed by another game, e.g. kayles 5 + nim 3");
    name = tokens[++i];
    numbers.clear();
  }
  finish();
  return summands;
}

}  // namespace grundy::cli
