// What every ruleset provides: its name, which lists of numbers are its
// positions, and its legal moves. How a game is solved is not its business,
// except for the closed forms that belong to it (docs/architecture.md, layer 2).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "grundy/core/types.h"

namespace grundy {

// A move as shown to a user: how the position changes and a description in
// the game's own vocabulary ("take 3 from heap 2 (7 → 4)"). The change is
// kept as a splice, so that a position of 10^7 heaps with many winning moves
// is not copied once per move: the position after the move is the one before
// with `replaced` entries from `index` on replaced by `parts`.
struct Move {
  std::size_t index = 0;
  std::size_t replaced = 0;
  Position parts;
  std::string description;

  // A move given by the whole position it leads to.
  static Move to(const Position& before, Position after, std::string description);
  Position after(const Position& before) const;
};

// A bounded list of moves. `complete` is false when the list was cut at the
// caller's limit, so a truncated answer is never mistaken for the whole one.
struct MoveList {
  std::vector<Move> moves;
  bool complete = true;
};

class Ruleset {
 public:
  virtual ~Ruleset() = default;

  // The canonical name; parse_ruleset(name()) gives an equivalent ruleset.
  virtual std::string name() const = 0;

  // Throws InputError if `position` is not a position of this game (for
  // example Wythoff's game with three heaps).
  virtual void check_position(const Position& position) const;

  // Calls `visit` with every option (position after one legal move) until it
  // returns false. Options that are the same list of numbers are visited once.
  virtual void for_each_option(const Position& position,
                               const std::function<bool(const Position&)>& visit) const = 0;

  // Describes the move from `before` to `after`, which must be an option.
  virtual std::string describe_move(const Position& before, const Position& after) const = 0;

  // A key that is equal for positions that are the same game; memoised search
  // keys on it. The default is the position itself.
  virtual Position canonical(const Position& position) const { return position; }

  // The position as a user writes it after the ruleset's name: the numbers
  // separated by spaces, unless the game has its own notation (vertex names).
  virtual std::string show(const Position& position) const;

  // Whether play can return to a position it has left (a graph with a
  // cycle): solvers that recurse on options must not be used then.
  virtual bool has_cycles() const { return false; }

  // All options, each with its description (for small positions and tests).
  std::vector<Move> moves(const Position& position) const;
};

}  // namespace grundy
