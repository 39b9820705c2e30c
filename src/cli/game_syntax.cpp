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

Summand parse_summand(const std::string& name, const std::vector<std::string>& numbers) {
  if (numbers.empty())
    throw InputError(name, fmt::format("'{}' needs a position after it", name));
  Summand s;
  if (is_graph(name)) {
    const std::string file = name.substr(kGraphPrefix.size());
    if (file.empty()) throw InputError(name, "graph: needs a file name, e.g. graph:g.txt");
    auto graph = std::make_shared<const Graph>(read_graph(file));
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

// Summands that are one game: heaps of the same heap game, tokens on the
// same graph file.
bool mergeable(const Summand& a, const Summand& b) {
  if (a.ruleset->name() != b.ruleset->name()) return false;
  return dynamic_cast<const HeapRuleset*>(a.ruleset.get()) != nullptr ||
         dynamic_cast<const GraphTokens*>(a.ruleset.get()) != nullptr;
}

}  // namespace

bool is_sum_syntax(const std::string& ruleset, const std::vector<std::string>& tokens) {
  if (is_graph(ruleset)) return true;
  for (const std::string& t : tokens)
    if (t == "+") return true;
  return false;
}

std::vector<Summand> parse_summands(const std::string& ruleset,
                                    const std::vector<std::string>& tokens) {
  std::vector<Summand> summands;
  std::string name = ruleset;
  std::vector<std::string> numbers;
  auto finish = [&] {
    if (name == "+" || name.empty())
      throw InputError("+", "a '+' must stand between two games, e.g. kayles 5 + nim 3");
    Summand s = parse_summand(name, numbers);
    for (Summand& earlier : summands) {
      if (mergeable(earlier, s)) {
        earlier.position.insert(earlier.position.end(), s.position.begin(), s.position.end());
        earlier.ruleset->check_position(earlier.position);
        return;
      }
    }
    summands.push_back(std::move(s));
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

ParsedGame sum_of(const std::vector<Summand>& summands) {
  if (summands.size() == 1)
    return {summands[0].ruleset, summands[0].position};
  std::vector<std::shared_ptr<const Ruleset>> rulesets;
  std::vector<Position> positions;
  for (const Summand& s : summands) {
    rulesets.push_back(s.ruleset);
    positions.push_back(s.position);
  }
  return {std::make_shared<const Compound>(std::move(rulesets), CompoundKind::disjunctive),
          Compound::encode(positions)};
}

ParsedGame every_compound_of(const std::vector<Summand>& summands, CompoundKind kind) {
  std::vector<std::shared_ptr<const Ruleset>> rulesets;
  std::vector<Position> positions;
  for (const Summand& s : summands) {
    const bool one_per_number = dynamic_cast<const HeapRuleset*>(s.ruleset.get()) != nullptr ||
                                dynamic_cast<const GraphTokens*>(s.ruleset.get()) != nullptr;
    if (one_per_number) {
      for (Heap n : s.position) {
        rulesets.push_back(s.ruleset);
        positions.push_back({n});
      }
    } else {
      rulesets.push_back(s.ruleset);
      positions.push_back(s.position);
    }
  }
  return {std::make_shared<const Compound>(std::move(rulesets), kind),
          Compound::encode(positions)};
}

}  // namespace grundy::cli
