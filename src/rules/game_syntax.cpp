#include "grundy/rules/game_syntax.h"

#include <cstdio>
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
  if (numbers.empty())
    throw InputError(name, fmt::format("'{}' needs a position after it", name));
  GamePosition s;
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

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

}  // namespace

Graph read_graph_file(const std::string& path) {
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"), &std::fclose);
  if (!file) throw InputError(path, fmt::format("cannot open graph file '{}'", path));
  std::string text;
  char buffer[1 << 16];
  while (true) {
    const std::size_t got = std::fread(buffer, 1, sizeof buffer, file.get());
    if (got == 0) break;
    text.append(buffer, got);
  }
  if (std::ferror(file.get()))
    throw InputError(path, fmt::format("error reading graph file '{}'", path));
  try {
    return parse_graph(text);
  } catch (const InputError& e) {
    throw InputError(e.token(), fmt::format("{}: {}", path, e.what()));
  }
}

bool is_sum_syntax(const std::string& ruleset, const std::vector<std::string>& tokens) {
  if (is_graph(ruleset)) return true;
  for (const std::string& t : tokens)
    if (t == "+") return true;
  return false;
}

std::vector<GamePosition> parse_summands(const std::string& ruleset,
                                         const std::vector<std::string>& tokens,
                                         const GraphReader& read_graph) {
  std::vector<GamePosition> summands;
  std::string name = ruleset;
  std::vector<std::string> numbers;
  auto finish = [&] {
    if (name == "+" || name.empty())
      throw InputError("+", "a '+' must stand between two games, e.g. kayles 5 + nim 3");
    add_summand(summands, parse_summand(name, numbers, read_graph));
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

std::vector<std::string> split_game_words(std::string_view text) {
  std::vector<std::string> words;
  std::string word;
  auto end_word = [&] {
    if (!word.empty()) words.push_back(std::move(word));
    word.clear();
  };
  for (const char c : text) {
    if (is_space(c)) {
      end_word();
    } else if (c == '+') {
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

}  // namespace grundy
