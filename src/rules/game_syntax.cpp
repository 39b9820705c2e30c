#include "grundy/rules/game_syntax.h"

#include <memory>

#include <fmt/format.h>

#include "grundy/core/error.h"
#include "grundy/rules/graph_tokens.h"
#include "grundy/rules/registry.h"

namespace grundy {

namespace {

constexpr std::string_view kGraphPrefix = "graph:";

bool is_graph(const std::string& name) { return name.rfind(kGraphPrefix, 0) == 0; }

GamePosition parse_summand(const std::string& name, const std::vector<std::string>& numbers,
                           const GraphReader& read_graph) {
  GamePosition s;
  if (is_graph(name)) {
    const std::string file = name.substr(kGraphPrefix.size());
    if (file.empty()) throw InputError(name, "graph: needs a file name, e.g. graph:g.txt");
    auto graph =
        std::make_shared<const Graph>(read_graph ? read_graph(file) : read_graph_file(file));
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

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

}  // namespace

bool is_sum_syntax(const std::string& ruleset, const std::vector<std::string>& tokens) {
  if (is_graph(ruleset)) return true;
  for (const std::string& t : tokens)
    if (t == "+" || t.find_first_of("()") != std::string::npos) return true;
  return false;
}

namespace {

// The tokens with parentheses and blanks as separators of their own, so that
// "(1 1)" (one quoted word), "(1" "1)" and "(" "1" "1" ")" read alike.
std::vector<std::string> split_groups(const std::vector<std::string>& tokens) {
  std::vector<std::string> result;
  for (const std::string& token : tokens) {
    std::string word;
    auto flush = [&] {
      if (!word.empty()) result.push_back(word);
      word.clear();
    };
    for (char c : token) {
      if (c == '(' || c == ')') {
        flush();
        result.emplace_back(1, c);
      } else if (is_space(c)) {
        flush();
      } else {
        word += c;
      }
    }
    flush();
  }
  return result;
}

}  // namespace

std::vector<GamePosition> parse_summands(const std::string& ruleset,
                                         const std::vector<std::string>& raw_tokens,
                                         const GraphReader& read_graph) {
  const std::vector<std::string> tokens = split_groups(raw_tokens);
  std::vector<GamePosition> summands;
  std::string name = ruleset;
  std::vector<std::string> numbers;
  bool grouped = false;  // this summand has a group "(1 1)": one component
                         // of an Every-SG compound (what a split left of a heap)
  auto flush_numbers = [&] {
    if (!numbers.empty()) add_summand(summands, parse_summand(name, numbers, read_graph));
    numbers.clear();
  };
  auto add_group = [&](const std::vector<std::string>& group) {
    flush_numbers();
    GamePosition s = parse_summand(name, group, read_graph);
    if (!s.ruleset->numbers_are_components())
      throw InputError("(", fmt::format("parentheses group the heaps (or tokens) of one "
                                        "component, and {} has none; e.g. kayles 3 (1 1)",
                                        s.ruleset->name()));
    s.grouped = true;
    summands.push_back(std::move(s));
    grouped = true;
  };
  auto finish = [&] {
    if (name == "+" || name.empty())
      throw InputError("+", "a '+' must stand between two games, e.g. kayles 5 + nim 3");
    if (numbers.empty() && !grouped)
      throw InputError(name, fmt::format("'{}' needs a position after it", name));
    flush_numbers();
  };
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    if (tokens[i] == ")") throw InputError(")", "a ')' without its '('");
    if (tokens[i] == "(") {
      std::vector<std::string> group;
      while (++i < tokens.size() && tokens[i] != ")") {
        if (tokens[i] == "(" || tokens[i] == "+")
          throw InputError(tokens[i], fmt::format("'{}' inside parentheses: a group holds "
                                                  "numbers only, e.g. kayles 3 (1 1)",
                                                  tokens[i]));
        group.push_back(tokens[i]);
      }
      if (i == tokens.size()) throw InputError("(", "a '(' without its ')'");
      if (group.empty()) throw InputError("()", "an empty group '()': write its numbers inside");
      add_group(group);
      continue;
    }
    if (tokens[i] != "+") {
      numbers.push_back(tokens[i]);
      continue;
    }
    finish();
    if (i + 1 == tokens.size())
      throw InputError("+", "a '+' must be followed by another game, e.g. kayles 5 + nim 3");
    name = tokens[++i];
    grouped = false;
  }
  finish();
  return summands;
}

std::vector<std::string> split_game_words(std::string_view text) {
  std::vector<std::string> words;
  std::string word;
  auto end_word = [&] {
    if (!word.empty()) words.push_back(std::move(word));
    word.clear();
  };
  // A '+' inside braces is part of a take-and-break digit ("0.{2+}": two
  // heaps or more), not a sum.
  int braces = 0;
  for (const char c : text) {
    if (c == '{') ++braces;
    if (c == '}' && braces > 0) --braces;
    if (is_space(c)) {
      end_word();
    } else if (c == '+' && braces == 0) {
      end_word();
      words.emplace_back("+");
    } else {
      word += c;
    }
  }
  end_word();
  return words;
}

std::vector<GamePosition> parse_game(std::string_view text, const GraphReader& read_graph) {
  std::vector<std::string> words = split_game_words(text);
  if (words.empty())
    throw InputError("", "a game is needed: a ruleset and its position, e.g. kayles 5 + nim 3");
  const std::string ruleset = words.front();
  words.erase(words.begin());
  return parse_summands(ruleset, words, read_graph);
}

std::string game_text(const Ruleset& ruleset, const Position& position) {
  // A compound shows each summand with its game already.
  if (compound_of(ruleset) != nullptr) return ruleset.show(position);
  const std::string shown = ruleset.show(position);
  return shown.empty() ? ruleset.name() : ruleset.name() + " " + shown;
}

}  // namespace grundy
