// What every ruleset provides: its name, which lists of numbers are its
// positions, and its legal moves. How a game is solved is not its business,
// except for the closed forms that belong to it (docs/architecture.md, layer 2).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "grundy/core/bounded_list.h"
#include "grundy/core/types.h"

namespace grundy {

// A move as shown to a user: how the position changes and a description in
// the game's own vocabulary ("take 3 from heap 2 (7 → 4)"). The change is
// kept as a splice, so that a position of 10^7 heaps with many winning moves
// is not copied once per move: the position after the move is the one before
// with `replaced` entries from `index` on replaced by `parts`. In a sum of
// games (a compound position, rules/compound.h) a move of one component
// names it, and the splice is within that component's numbers.
struct Move {
  static constexpr std::size_t kWhole = static_cast<std::size_t>(-1);
  std::size_t component = kWhole;  // the component moved in, or kWhole
  std::size_t index = 0;
  std::size_t replaced = 0;
  Position parts;
  std::string description;

  // A move given by the whole position it leads to.
  static Move to(const Position& before, Position after, std::string description);
  // The position after the move; for a move of a component, `before` is the
  // compound position (length-prefixed components, Compound::encode).
  Position after(const Position& before) const;
};

// Moves as shown to a user, at most a caller's number of them.
using MoveList = BoundedList<Move>;

class Ruleset;
class HeapRuleset;
class PositionRuleset;
class GraphTokens;
class Compound;

// The families of rulesets, by what each provides to solve its positions:
// heap games their heap values (closed form or table) and moves to a given
// value, position games their closed form, tokens on a graph the graph
// itself, compounds their components, and any other ruleset only its moves.
// A solver picks its method by visiting the ruleset (Ruleset::accept), so a
// new game of an existing family needs nothing in the solvers.
class RulesetVisitor {
 public:
  virtual ~RulesetVisitor() = default;
  virtual void heaps(const HeapRuleset& ruleset) = 0;
  virtual void closed_form(const PositionRuleset& ruleset) = 0;
  virtual void graph_tokens(const GraphTokens& ruleset) = 0;
  virtual void compound(const Compound& ruleset) = 0;
  virtual void moves_only(const Ruleset& ruleset) = 0;
};

class Ruleset {
 public:
  virtual ~Ruleset() = default;

  // The canonical name; parse_ruleset(name()) gives an equivalent ruleset.
  virtual std::string name() const = 0;
  // The name to show a person: the one they typed where the table of names
  // gave it (kayles for the code 0.77), else name(). Front ends print it;
  // name() stays the identity (checkpoints, equality of rulesets).
  virtual std::string shown_name() const { return name(); }

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

  // Calls `visit` with canonical(option) for the options of `position`, in
  // for_each_option's order, until it returns false: what a search expands.
  // Every distinct canonical option comes at least once, but a repeat may
  // be left out: a heap game skips a heap equal to the one before it (the
  // same options), and a sum canonicalises only the part a move changed.
  virtual void for_each_canonical_option(const Position& position,
                                         const std::function<bool(Position&&)>& visit) const;

  // The position as a user writes it after the ruleset's name: the numbers
  // separated by spaces, unless the game has its own notation (vertex names).
  virtual std::string show(const Position& position) const;

  // Whether play can return to a position it has left (a graph with a
  // cycle): solvers that recurse on options must not be used then.
  virtual bool has_cycles() const { return false; }

  // Whether each number of a position is a component of its own, the
  // position being their disjunctive sum (heaps of a heap game, tokens on a
  // graph): positions of such a game merge into one, and an Every-SG
  // compound moves each number separately.
  virtual bool numbers_are_components() const { return false; }

  // Calls the visitor's function for this ruleset's family.
  virtual void accept(RulesetVisitor& visitor) const { visitor.moves_only(*this); }

  // Misère play by a closed form that belongs to the ruleset (misère Nim):
  // whether the player to move loses, and its winning moves, at most
  // `max_moves` of them; nullopt where there is none.
  struct MisereClosedForm {
    std::string name;  // e.g. "misère Nim"
    bool p_position = false;
    MoveList winning_moves;
  };
  virtual std::optional<MisereClosedForm> misere_closed_form(const Position& /*position*/,
                                                             std::size_t /*max_moves*/) const {
    return std::nullopt;
  }

  // All options, each with its description (for small positions and tests).
  std::vector<Move> moves(const Position& position) const;
  // The options in the generator's order, at most `max` of them.
  OptionList options(const Position& position, std::size_t max) const;
};

}  // namespace grundy
