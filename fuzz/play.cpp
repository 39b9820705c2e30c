// Fuzzes what a player types in a game against the computer (`grundy play`,
// the web page's Play view): each line goes through the one reading of
// moves every front end uses (present/move_syntax.h: move numbers, "to"
// positions, moves typed back as listed, '|'-separated Every-SG
// components), and the game goes on as the front ends play it, with the
// library's strategies (solve/strategy.h) answering: "hint" asks for a
// hint, "undo" takes a turn back. The first byte chooses one of a few games
// and who moves first; the rest is the lines. Every move read and every
// move the computer makes must be an option of the position it was made
// in; a line that names no move must be refused with a message.
#include <unistd.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "grundy/rules/compound.h"
#include "grundy/rules/game_syntax.h"
#include "grundy/rules/registry.h"
#include "grundy/solve/strategy.h"
#include "harness.h"
#include "present/move_syntax.h"

namespace {

using namespace grundy;

constexpr std::uint64_t kSearchLimit = 10'000;
// Options listed to check a move against: the setups' positions have fewer.
constexpr std::size_t kMaxOptions = 4096;

// The graph of the graph: game, in a file of one fixed name (libFuzzer may
// end without running atexit handlers, so a name per process would pile up);
// written under a name of its own and renamed, so that runs side by side
// never read it half written.
const std::string& graph_file() {
  static const std::string path = [] {
    const std::string p = "/tmp/grundy-fuzz-play-graph.txt";
    const std::string part = p + "." + std::to_string(::getpid());
    std::FILE* file = std::fopen(part.c_str(), "wb");
    if (file == nullptr) fuzz::defect("cannot write " + part);
    std::fputs("4 5\nname 0 a\nname 1 b\na b\nb a\nb 2\n2 3\n3 3\n", file);
    std::fclose(file);
    if (std::rename(part.c_str(), p.c_str()) != 0) fuzz::defect("cannot rename " + part);
    return p;
  }();
  return path;
}

struct Setup {
  std::string ruleset;
  std::vector<std::string> heaps;
  bool misere = false;
  bool every = false;
};

std::vector<Setup> setups() {
  return {
      {"nim", {"3", "4", "5"}},
      {"nim", {"1", "1", "2"}, true},
      {"kayles", {"5", "7"}},
      {"kayles", {"3", "(1", "1)"}, false, true},
      {"0.137", {"9"}, true},
      {"subtract:1,3,4", {"10", "6"}},
      {"wythoff", {"3", "5"}},
      {"staircase", {"2", "1", "3"}},
      {"moore:2", {"3", "4", "5"}},
      {"lasker", {"6"}, false, true},
      {"kayles", {"4", "+", "nim", "3", "+", "wythoff", "2", "1"}},
      {"graph:" + graph_file(), {"a", "2"}},
  };
}

bool is_option(const Ruleset& rules, const Position& from, const Position& to) {
  const OptionList options = rules.options(from, kMaxOptions);
  fuzz::expect(options.complete, "a setup's position has too many options to check");
  return std::find(options.begin(), options.end(), to) != options.end();
}

// Normal or misère play of one position (a sum, or an Every-SG compound
// played as one game, as the front ends play a sum with --every).
void play(const Ruleset& rules, Convention convention, Position position, bool computer_first,
          const std::vector<std::string>& lines) {
  Strategy strategy(rules, convention, kSearchLimit);
  const auto computer = [&] {
    const auto choice = strategy.best_move(position);
    if (!choice) return false;
    fuzz::expect(is_option(rules, position, choice->after), "the computer's move is no option");
    position = choice->after;
    return true;
  };
  std::vector<Position> history;
  if (computer_first && !computer()) return;
  for (const std::string& line : lines) {
    if (!first_option(rules, position)) return;
    if (line == "undo") {
      if (!history.empty()) position = history.back(), history.pop_back();
      continue;
    }
    if (line == "hint") {
      const Strategy::Hint hint = strategy.hint(position);
      if (hint.winning)
        fuzz::expect(is_option(rules, position, hint.winning->after(position)),
                     "the hint's move is no option");
      continue;
    }
    Position next;
    try {
      next = present::read_move(rules, position, line);
    } catch (const InputError& e) {
      fuzz::expect(*e.what() != '\0', "a line refused without a message");
      continue;
    }
    fuzz::expect(is_option(rules, position, next), "a move read is no option");
    history.push_back(position);
    position = next;
    if (!computer()) return;
  }
}

// Every-SG play of the components of one ruleset (the front ends' --every
// on a position of one game).
void play_every(const Ruleset& rules, std::vector<Position> components, bool computer_first,
                const std::vector<std::string>& lines) {
  EveryStrategy strategy(rules, kSearchLimit);
  const auto moved_legally = [&](const std::vector<Position>& before,
                                 const std::vector<Position>& after) {
    if (after.size() != before.size()) return false;
    const std::vector<std::size_t> movable = strategy.movable(before);
    for (std::size_t i = 0; i < before.size(); ++i) {
      const bool moves = std::find(movable.begin(), movable.end(), i) != movable.end();
      if (moves ? !is_option(rules, before[i], after[i]) : after[i] != before[i]) return false;
    }
    return true;
  };
  const auto computer = [&] {
    if (strategy.movable(components).empty()) return false;
    bool noted = false;
    std::vector<Position> next = strategy.best_move(components, noted);
    fuzz::expect(moved_legally(components, next), "the computer's Every-SG move is not legal");
    components = std::move(next);
    return true;
  };
  if (computer_first && !computer()) return;
  for (const std::string& line : lines) {
    const std::vector<std::size_t> movable = strategy.movable(components);
    if (movable.empty()) return;
    std::vector<Position> next;
    try {
      next = present::read_every_move(std::vector<const Ruleset*>(components.size(), &rules),
                                      components, movable, line);
    } catch (const InputError& e) {
      fuzz::expect(*e.what() != '\0', "a line refused without a message");
      continue;
    }
    fuzz::expect(moved_legally(components, next), "an Every-SG move read is not legal");
    components = std::move(next);
    if (!computer()) return;
  }
}

void run(const Setup& setup, bool computer_first, const std::vector<std::string>& lines) {
  const Convention convention = setup.misere ? Convention::misere : Convention::normal;
  if (is_sum_syntax(setup.ruleset, setup.heaps)) {
    const auto summands = parse_summands(setup.ruleset, setup.heaps);
    if (setup.every) {
      const CompoundPosition game = every_compound_of(summands);
      return play(*game.compound, Convention::normal, game.position, computer_first, lines);
    }
    const GamePosition game = sum_of(summands);
    return play(*game.ruleset, convention, game.position, computer_first, lines);
  }
  const auto rules = parse_ruleset(setup.ruleset);
  const Position start = parse_position(*rules, setup.heaps);
  if (!setup.every) return play(*rules, convention, start, computer_first, lines);
  std::vector<Position> components;
  if (rules->numbers_are_components())
    for (Heap h : start) components.push_back({h});
  else
    components.push_back(start);
  play_every(*rules, std::move(components), computer_first, lines);
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  (void)graph_file();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  static const std::vector<Setup> games = setups();
  const Setup& setup = games[(data[0] >> 1) % games.size()];
  const auto lines = fuzz::lines_of(fuzz::as_text(data + 1, size - 1));
  return fuzz::run_one([&] { run(setup, (data[0] & 1) != 0, lines); });
}
