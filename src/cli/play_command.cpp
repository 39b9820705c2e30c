// grundy play: a game against perfect play in the terminal. The computer
// wins whenever it can (remoteness or analyze), and when it is lost it plays
// the move of largest remoteness, the one that resists longest (docs/theory.md
// §5). In Every-SG play (--every) it moves each component by its suspense
// number: winning components are prolonged, losing ones hurried.
#include "play_command.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "grundy/core/error.h"
#include "grundy/rules/graph_tokens.h"
#include "grundy/rules/heap_ruleset.h"
#include "grundy/rules/registry.h"
#include "grundy/solve/analysis.h"
#include "grundy/solve/graph_values.h"
#include "commands.h"
#include "game_syntax.h"
#include "graph_command.h"
#include "grundy/solve/strategy.h"
#include "line_reader.h"
#include "long_run.h"
#include "present/move_syntax.h"

namespace grundy::cli {

namespace {

// Legal moves are listed with the position when there are at most this many.
constexpr std::size_t kListedMoves = 10;
// `moves` lists at most this many.
constexpr std::size_t kMaxListedMoves = 1'000;
// `table` values at most this many moves.
constexpr std::size_t kTableMoves = 50;
// The banner and the help are wrapped to this width.
constexpr std::size_t kBannerWidth = 78;
constexpr const char* kCommandsHelp = "also: hint, moves, table (each move's value, outcome and "
                                      "remoteness), undo, quit.";
// Options counted before the count is given as "more than".
constexpr std::size_t kCountedMoves = 100'000;

// Runs one of the computer's searches (its move, a hint, the prediction, the
// table) as a SearchRun: a progress line on a terminal, and Ctrl-C stops the
// search (it throws Interrupted). The handlers are installed only while the
// search runs, so Ctrl-C at the prompt ends the game as it always did.
template <class Searcher, class Search>
auto searching(Searcher& searcher, Search&& search) {
  SearchRun run;
  searcher.set_control(run.control());
  struct Detach {
    Searcher& searcher;
    ~Detach() { searcher.set_control(nullptr); }
  } detach{searcher};
  return search(run.control());
}

constexpr const char* kStopped = "(stopped by Ctrl-C; the game goes on)\n";

void say(const std::string& text) {
  std::fputs(text.c_str(), stdout);
  std::fflush(stdout);
}

std::string join(const Position& p) { return fmt::format("{}", fmt::join(p, " ")); }

std::vector<std::string> words(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> result;
  for (std::string w; in >> w;) result.push_back(w);
  return result;
}

bool has_move(const Ruleset& rules, const Position& p) { return first_option(rules, p).has_value(); }

// `text` in lines of at most kBannerWidth columns (a word longer stays whole).
std::string wrapped(const std::string& text) {
  std::string out, line;
  std::size_t columns = 0;  // of `line`, counting UTF-8 code points
  for (const std::string& word : words(text)) {
    std::size_t width = 0;
    for (unsigned char c : word) width += (c & 0xC0) != 0x80 ? 1 : 0;
    if (!line.empty() && columns + 1 + width > kBannerWidth) {
      out += line + '\n';
      line.clear();
      columns = 0;
    }
    if (!line.empty()) {
      line += ' ';
      ++columns;
    }
    line += word;
    columns += width;
  }
  return line.empty() ? out : out + line + '\n';
}

// The option the player means by the line (move_syntax.h), or nullopt after
// printing its one-line complaint.
std::optional<Position> read_move_or_say(const Ruleset& rules, const Position& p,
                                         const std::string& line) {
  try {
    return present::read_move(rules, p, line);
  } catch (const InputError& e) {
    say(std::string(e.what()) + "\n");
    return std::nullopt;
  }
}

void list_moves(const Ruleset& rules, const Position& p, const std::string& indent) {
  const OptionList options = rules.options(p, kMaxListedMoves);
  for (std::size_t i = 0; i < options.size(); ++i)
    say(fmt::format("{}{}. {}  →  {}\n", indent, i + 1, rules.describe_move(p, options[i]),
                    rules.show(options[i])));
  if (!options.complete) say(fmt::format("{}(only the first {} moves are listed)\n", indent, options.size()));
}

// ---- Normal and misère play -------------------------------------------------

// The terminal session both kinds of game share: the prompt, the commands
// quit, hint, moves and undo, the human's move and the computer's reply.
// `State` is what a move changes: a position, or the components of an
// Every-SG game.
template <class State>
class Session {
 public:
  virtual ~Session() = default;

 protected:
  explicit Session(State start) : state_(std::move(start)) {}

  int loop(bool computer_first) {
    if (computer_first && !game_over(false)) computer_moves();
    LineReader reader;
    // The position is shown again after a move or a complaint, not after a
    // hint, a list or a table, which would scroll what was asked for away.
    bool show_position = true;
    while (true) {
      if (game_over(true)) return 0;
      if (show_position) show();
      show_position = true;
      const std::optional<std::string> typed = reader.read("> ");
      if (!typed) {
        say("\n");
        return 0;
      }
      const std::string& line = *typed;
      const auto tokens = words(line);
      if (tokens.empty()) {
        show_position = false;
        continue;
      }
      if (tokens[0] == "quit" || tokens[0] == "exit") {
        say("Bye.\n");
        return 0;
      }
      if (tokens[0] == "hint") {
        hint();
        show_position = false;
        continue;
      }
      if (tokens[0] == "moves") {
        list();
        show_position = false;
        continue;
      }
      if (tokens[0] == "table") {
        table();
        show_position = false;
        continue;
      }
      if (tokens[0] == "help") {
        say(wrapped(std::string(present::kMoveSyntaxHelp) + "; " + kCommandsHelp));
        show_position = false;
        continue;
      }
      if (tokens[0] == "undo") {
        if (history_.empty()) {
          say("Nothing to undo.\n");
        } else {
          state_ = history_.back();
          history_.pop_back();
          say("Took back your last move and the reply.\n");
        }
        continue;
      }
      auto chosen = read(tokens, line);
      if (!chosen) continue;
      history_.push_back(state_);
      state_ = std::move(*chosen);
      announce_human(history_.back());
      if (game_over(false)) return 0;
      computer_moves();
    }
  }

  // Whether the player to move (the human iff `human_to_move`) has no move;
  // if so, announces the winner.
  virtual bool game_over(bool human_to_move) = 0;
  virtual void show() = 0;
  virtual void hint() = 0;
  virtual void list() = 0;
  virtual void table() = 0;
  // The state the human means by the line, or nullopt after a complaint.
  virtual std::optional<State> read(const std::vector<std::string>& tokens,
                                    const std::string& line) = 0;
  // Says what the human's move from `before` to state_ was.
  virtual void announce_human(const State& before) = 0;
  virtual void computer_moves() = 0;

  State state_;
  // The states before each of the human's moves, for undo.
  std::vector<State> history_;
};

class Game final : public Session<Position> {
 public:
  Game(const Ruleset& rules, Convention convention, Position start, std::uint64_t limit)
      : Session(std::move(start)), rules_(rules), convention_(convention),
        strategy_(rules, convention, limit) {}

  int run(bool computer_first) {
    say(wrapped(fmt::format("Playing {} in {} play: whoever cannot move {}.", titled_name(rules_),
                            convention_ == Convention::misere ? "misère" : "normal",
                            convention_ == Convention::misere ? "wins" : "loses")));
    say(wrapped(fmt::format("{}{}; {}", static_cast<char>(std::toupper(present::kMoveSyntaxHelp[0])),
                            present::kMoveSyntaxHelp + 1, kCommandsHelp)));
    return loop(computer_first);
  }

 private:
  bool game_over(bool human_to_move) override {
    if (has_move(rules_, state_)) return false;
    finish(human_to_move);
    return true;
  }

  int finish(bool human_to_move) {
    const bool mover_wins = convention_ == Convention::misere;
    const bool human_wins = human_to_move == mover_wins;
    say(fmt::format("Position: {}\n{} no move left. Game over: {}.\n", rules_.show(state_),
                    human_to_move ? "You have" : "The computer has",
                    human_wins ? "you win" : "the computer wins"));
    return 0;
  }

  void show() override {
    say(fmt::format("Position: {}\n", rules_.show(state_)));
    const OptionList options = rules_.options(state_, kCountedMoves);
    if (options.size() <= kListedMoves) {
      list_moves(rules_, state_, "  ");
    } else {
      say(fmt::format("{}{} legal moves ('moves' lists them)\n", options.complete ? "" : "more than ",
                      options.size()));
    }
    predict();
  }

  // With perfect play from here, by Smith's remoteness R (odd: the player
  // to move wins): the winner needs at most ceil(R/2) moves of their own.
  void predict() {
    std::optional<std::uint64_t> r;
    try {
      r = searching(strategy_, [&](const SearchControl*) { return strategy_.remoteness(state_); });
    } catch (const LimitError&) {
      return;  // too large to predict; the game goes on without
    } catch (const Interrupted&) {
      say(std::string("Prediction: ") + kStopped);
      return;
    }
    if (!r)
      say("Prediction: a draw with perfect play.\n");
    else if (*r % 2 == 1)
      say(fmt::format("Prediction: you win in at most {} with perfect play.\n",
                      count_of_moves((*r + 1) / 2)));
    else
      say(fmt::format("Prediction: the computer wins with perfect play; you can hold out for {}.\n",
                      count_of_moves(*r / 2)));
  }

  static std::string count_of_moves(std::uint64_t n) {
    return fmt::format("{} move{}", n, n == 1 ? "" : "s");
  }

  // Each move with the value, outcome and remoteness of the position it
  // leaves (the opponent to move there).
  void table() override {
    try {
      searching(strategy_, [&](const SearchControl* control) { table_rows(control); });
    } catch (const Interrupted&) {
      say(kStopped);
    }
  }
  void table_rows(const SearchControl* control) {
    const OptionList options = rules_.options(state_, kTableMoves);
    for (std::size_t i = 0; i < options.size(); ++i) {
      const Position& after = options[i];
      // Each cell is formatted once, from what is known ("?": over the
      // search limit; "-": no Grundy value in misère play).
      std::optional<Nimber> grundy_value;
      bool value_unknown = false;
      if (convention_ == Convention::normal) {
        try {
          AnalysisOptions analysis;
          analysis.max_moves = 1;
          analysis.search_limit = 100'000;
          analysis.control = control;
          grundy_value = analyze(rules_, after, analysis).value;
        } catch (const LimitError&) {
          value_unknown = true;
        }
      }
      std::optional<std::uint64_t> r;
      bool remoteness_unknown = false;
      try {
        r = strategy_.remoteness(after);
      } catch (const LimitError&) {
        remoteness_unknown = true;
      }
      const std::string value =
          grundy_value ? fmt::to_string(*grundy_value) : fmt::format("{}", value_unknown ? '?' : '-');
      const std::string outcome = fmt::format(
          "{}", remoteness_unknown ? "outcome unknown"
                : !r               ? "D, a draw"
                : *r % 2 == 1      ? "N, the computer wins"
                                   : "P, you win");
      const std::string remoteness =
          remoteness_unknown ? fmt::format("{}", '?') : r ? fmt::to_string(*r) : fmt::format("{}", "none");
      say(fmt::format("  {}. {}  →  {}\n       value {}; {}; remoteness {}\n", i + 1,
                      rules_.describe_move(state_, after), rules_.show(after), value, outcome,
                      remoteness));
    }
    if (!options.complete) say(fmt::format("  (only the first {} moves)\n", options.size()));
  }

  void hint() override {
    try {
      const Strategy::Hint hint =
          searching(strategy_, [&](const SearchControl*) { return strategy_.hint(state_); });
      if (hint.winning)
        say(fmt::format("Hint: {}  →  {}\n", hint.winning->description,
                        rules_.show(hint.winning->after(state_))));
      else if (hint.drawing)
        say(fmt::format("Hint: no winning move; this keeps the draw: {}  →  {}\n",
                        hint.drawing->description, rules_.show(hint.drawing->after(state_))));
      else if (hint.loopy)
        say("Hint: no winning move exists; every move loses against perfect play.\n");
      else
        say("Hint: no winning move exists; every move loses against perfect play.\n");
    } catch (const LimitError& e) {
      say(fmt::format("Hint: not available ({})\n", e.what()));
    } catch (const Interrupted&) {
      say(std::string("Hint: ") + kStopped);
    }
  }

  // Ctrl-C while the computer thinks ends the game (main says so, status 130).
  void computer_moves() override {
    const auto choice =
        searching(strategy_, [&](const SearchControl*) { return strategy_.best_move(state_); });
    if (!choice->note.empty())
      say(fmt::format("(Note: this position is {}; the computer plays any legal move.)\n",
                      choice->note));
    say(fmt::format("Computer: {}\n", rules_.describe_move(state_, choice->after)));
    state_ = choice->after;
  }

  void list() override { list_moves(rules_, state_, "  "); }
  std::optional<Position> read(const std::vector<std::string>&, const std::string& line) override {
    return read_move_or_say(rules_, state_, line);
  }
  void announce_human(const Position& before) override {
    say(fmt::format("You: {}\n", rules_.describe_move(before, state_)));
  }

  const Ruleset& rules_;
  Convention convention_;
  Strategy strategy_;
};

// ---- Every-SG ---------------------------------------------------------------

class EveryGame final : public Session<std::vector<Position>> {
 public:
  EveryGame(const Ruleset& rules, std::vector<Position> components, std::uint64_t limit)
      : Session(std::move(components)), rules_(rules), strategy_(rules, limit) {}

  int run(bool computer_first) {
    say(wrapped(fmt::format("Playing {} as Every-SG: each turn, move in EVERY component that "
                            "still has a move; whoever cannot move at all loses.",
                            titled_name(rules_))));
    say(wrapped(std::string("Type one move number per movable component (e.g. '2 1'), or 'to' "
                            "and the components after your move separated by '|' (e.g. "
                            "'to 2 | 0'); ") +
                kCommandsHelp));
    return loop(computer_first);
  }

 private:
  std::vector<std::size_t> movable() const { return strategy_.movable(state_); }

  std::string shown() const {
    std::vector<std::string> parts;
    for (const Position& c : state_) parts.push_back(join(c));
    return fmt::format("{}", fmt::join(parts, " | "));
  }

  void show() override {
    say(fmt::format("Components: {}\n", shown()));
    for (std::size_t i : movable()) {
      const OptionList options = rules_.options(state_[i], kListedMoves + 1);
      say(fmt::format("  component {} ({}): {} legal moves\n", i + 1, join(state_[i]),
                      options.size() > kListedMoves ? fmt::format("more than {}", kListedMoves)
                                                    : std::to_string(options.size())));
    }
  }

  bool game_over(bool human_to_move) override {
    if (!movable().empty()) return false;
    say(fmt::format("Components: {}\n{} no move left. Game over: {}.\n", shown(),
                    human_to_move ? "You have" : "The computer has",
                    human_to_move ? "the computer wins" : "you win"));
    return true;
  }

  std::optional<std::vector<Position>> read_every_move(const std::string& typed) {
    try {
      return present::read_every_move(std::vector<const Ruleset*>(state_.size(), &rules_), state_,
                                  movable(), typed);
    } catch (const InputError& e) {
      say(std::string(e.what()) + "\n");
      return std::nullopt;
    }
  }

  void hint() override {
    try {
      const auto next = searching(strategy_, [&](const SearchControl*) {
        return strategy_.mover_wins(state_) ? std::optional(strategy_.best_move(state_))
                                            : std::nullopt;
      });
      if (!next) {
        say("Hint: no winning move exists; every move loses against perfect play.\n");
        return;
      }
      std::vector<std::string> parts;
      for (const Position& c : *next) parts.push_back(join(c));
      say(fmt::format("Hint: to {}\n", fmt::join(parts, " | ")));
    } catch (const LimitError& e) {
      say(fmt::format("Hint: not available ({})\n", e.what()));
    } catch (const Interrupted&) {
      say(std::string("Hint: ") + kStopped);
    }
  }

  void computer_moves() override {
    bool noted = false;
    state_ = searching(strategy_,
                       [&](const SearchControl*) { return strategy_.best_move(state_, noted); });
    if (noted)
      say("(Note: a component is too large for the suspense search; the computer plays any "
          "legal move there.)\n");
    say(fmt::format("Computer: {}\n", shown()));
  }

  void table() override {
    say("In Every-SG a move is one move in every component: 'hint' gives the best one.\n");
  }

  void list() override {
    for (std::size_t i : movable()) {
      say(fmt::format("Component {} ({}):\n", i + 1, join(state_[i])));
      list_moves(rules_, state_[i], "  ");
    }
  }
  std::optional<std::vector<Position>> read(const std::vector<std::string>&,
                                            const std::string& line) override {
    return read_every_move(line);
  }
  void announce_human(const std::vector<Position>&) override {
    say(fmt::format("You: {}\n", shown()));
  }

  const Ruleset& rules_;
  EveryStrategy strategy_;
};

}  // namespace

int run_play(const PlayRequest& request) {
  if (request.first != "me" && request.first != "computer")
    throw InputError(request.first,
                     fmt::format("--first must be 'me' or 'computer', not '{}'", request.first));
  const bool computer_first = request.first == "computer";
  const Convention convention = request.misere ? Convention::misere : Convention::normal;
  check_search_limit_fits(request.search_limit, memory_limit(request.max_memory));
  if (is_sum_syntax(request.ruleset, request.heaps)) {
    // A sum of different games, or tokens on a graph (game_syntax.h).
    const auto summands =
        parse_summands(request.ruleset, request.heaps, memory_limit(request.max_memory));
    if (request.every) {
      if (request.misere) throw InputError("--misere", "--every and --misere cannot be combined");
      const CompoundPosition game = every_compound_of(summands);
      return Game(*game.compound, Convention::normal, game.position, request.search_limit)
          .run(computer_first);
    }
    const ParsedGame game = sum_of(summands);
    return Game(*game.ruleset, convention, game.position, request.search_limit).run(computer_first);
  }
  const auto rules = parse_ruleset(request.ruleset);
  const Position start = parse_position(*rules, request.heaps);
  if (request.every) {
    if (request.misere) throw InputError("--misere", "--every and --misere cannot be combined");
    std::vector<Position> components;
    if (rules->numbers_are_components()) {
      for (Heap h : start) components.push_back({h});
    } else {
      components.push_back(start);
    }
    return EveryGame(*rules, std::move(components), request.search_limit).run(computer_first);
  }
  return Game(*rules, convention, start, request.search_limit).run(computer_first);
}

}  // namespace grundy::cli
