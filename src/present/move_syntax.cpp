// The move syntax of `grundy play` and of the web explorer's Play view
// (move_syntax.h).
#include "present/move_syntax.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <optional>
#include <sstream>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "grundy/core/error.h"

namespace grundy::present {

const char* const kMoveSyntaxHelp =
    "type a move number, the move as 'moves' lists it, or the position after it, e.g. 'to 3 4'";

namespace {

std::vector<std::string> words(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> result;
  for (std::string w; in >> w;) result.push_back(w);
  return result;
}

bool is_number(const std::string& w) {
  return !w.empty() && w.size() <= 18 && w.find_first_not_of("0123456789") == std::string::npos;
}

std::string numbers_typed(const Position& p) { return fmt::format("{}", fmt::join(p, " ")); }

// Text compared as typed: lower case, one space between words, and the
// signs + ( ) | → as words of their own, so "kayles 1 3+nim 2" matches
// "kayles 1 3 + nim 2".
std::string normalised(const std::string& text) {
  std::string spaced;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '+' || c == '(' || c == ')' || c == '|' || c == ',') {
      spaced += ' ';
      spaced += c;
      spaced += ' ';
    } else {
      spaced += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
  }
  std::string out;
  for (const std::string& w : words(spaced)) out += (out.empty() ? "" : " ") + w;
  return out;
}

// What follows the arrow of a hint or a listed move typed back whole
// ("take 1 from heap 1 (3 → 2)  →  2 4 5": the arrow with two spaces each
// side, not the one inside the description), or nullopt when there is none.
std::optional<std::string> after_arrow(const std::string& line) {
  for (const char* arrow : {"  \u2192  ", "  ->  "}) {
    const auto at = line.rfind(arrow);
    if (at != std::string::npos) return line.substr(at + std::strlen(arrow));
  }
  return std::nullopt;
}

}  // namespace

Position read_move(const Ruleset& rules, const Position& p, const std::string& line) {
  std::string text = line;
  bool as_position = false;
  if (const auto position = after_arrow(line)) {
    text = *position;
    as_position = true;
  }
  std::vector<std::string> tokens = words(text);
  if (!tokens.empty() && tokens[0] == "to") {
    tokens.erase(tokens.begin());
    as_position = true;
  }
  if (tokens.empty())
    throw InputError(line, "Not understood: give the position after your move, e.g. 'to 3'");
  const bool numbers = std::all_of(tokens.begin(), tokens.end(), is_number);
  if (!numbers) {
    // Words: the position as shown, or the move as described.
    std::string typed;
    for (const auto& t : tokens) typed += (typed.empty() ? "" : " ") + t;
    const std::string key = normalised(typed);
    std::optional<Position> chosen;
    rules.for_each_option(p, [&](const Position& after) {
      const std::string description = rules.describe_move(p, after), shown = rules.show(after);
      if (normalised(shown) == key ||
          (!as_position && (normalised(description) == key ||
                            normalised(description + " \u2192 " + shown) == key))) {
        chosen = after;
        return false;
      }
      return true;
    });
    if (!chosen) throw InputError(line, fmt::format("Not understood: '{}' ({})", line, kMoveSyntaxHelp));
    return *chosen;
  }
  if (!as_position && tokens.size() == 1) {
    const std::size_t k = std::stoull(tokens[0]);
    std::size_t seen = 0;
    std::optional<Position> chosen;
    rules.for_each_option(p, [&](const Position& after) {
      if (++seen == k) {
        chosen = after;
        return false;
      }
      return true;
    });
    if (!chosen)
      throw InputError(line, fmt::format("There is no move {} (type 'moves' to list them)", tokens[0]));
    return *chosen;
  }
  Position wanted;
  for (const auto& t : tokens) wanted.push_back(std::stoull(t));
  // Not every list of numbers is a position of the game (wythoff has two
  // heaps): canonical() may only be given positions.
  try {
    rules.check_position(wanted);
  } catch (const InputError& e) {
    throw InputError(line, fmt::format("'{}' is not a position of this game: {}", numbers_typed(wanted), e.what()));
  }
  const Position key = rules.canonical(wanted);
  std::optional<Position> chosen;
  rules.for_each_option(p, [&](const Position& after) {
    if (rules.canonical(after) == key) {
      chosen = after;
      return false;
    }
    return true;
  });
  if (!chosen)
    throw InputError(line, fmt::format("'{}' cannot be reached from {} in one move", numbers_typed(wanted), rules.show(p)));
  return *chosen;
}

std::vector<Position> read_every_move(const std::vector<const Ruleset*>& rulesets,
                                      const std::vector<Position>& components,
                                      const std::vector<std::size_t>& movable,
                                      const std::string& typed) {
  std::vector<Position> next = components;
  // A hint typed back ("Hint: to 1 | 0", or what follows its "to"), or
  // "to" and the components: the components after the move.
  std::string line = typed;
  if (const auto at = line.find("Hint:"); at != std::string::npos) line = line.substr(at + 5);
  const auto first = words(line);
  const bool to = !first.empty() && first[0] == "to";
  if (to) line = line.substr(line.find("to") + 2);
  if (to || line.find('|') != std::string::npos) {
    std::vector<std::string> parts;
    std::string part;
    std::istringstream in(line);
    while (std::getline(in, part, '|')) parts.push_back(part);
    if (parts.size() != components.size())
      throw InputError(typed, fmt::format("Give all {} components after your move, separated by '|'",
                                          components.size()));
    for (std::size_t i = 0; i < components.size(); ++i) {
      if (std::find(movable.begin(), movable.end(), i) == movable.end()) continue;  // no move there
      std::string wanted = "to";
      for (const auto& t : words(parts[i])) wanted += " " + t;
      next[i] = read_move(*rulesets[i], components[i], wanted);
    }
    return next;
  }
  const auto tokens = words(line);
  if (tokens.size() != movable.size())
    throw InputError(typed, fmt::format("Not understood: '{}' (give {} move numbers, one per movable "
                                        "component, or the components separated by '|')",
                                        line, movable.size()));
  for (std::size_t j = 0; j < movable.size(); ++j) {
    if (!is_number(tokens[j]))
      throw InputError(typed, fmt::format("Not understood: '{}' (give {} move numbers, or 'to' and the "
                                          "components separated by '|')",
                                          typed, movable.size()));
    next[movable[j]] = read_move(*rulesets[movable[j]], components[movable[j]], tokens[j]);
  }
  return next;
}

}  // namespace grundy::present
