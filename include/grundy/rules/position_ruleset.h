// Games whose position is not a sum of independent heaps (staircase Nim,
// Wythoff's game, Moore's Nim_k) but whose normal-play P-positions and
// winning moves have a proven closed form that belongs to the ruleset.
#pragma once

#include <optional>

#include "grundy/core/nimber.h"
#include "grundy/rules/ruleset.h"

namespace grundy {

class PositionRuleset;
class Wythoff;
class MooreNim;
class StaircaseNim;

// Which published rule decides a position game (docs/theory.md §2), for code
// that states the rule's own facts (the explanations of
// include/grundy/solve/explanation.h): Wythoff's P-pairs, Moore's column
// counts, staircase Nim's odd stairs. A game without such a statement is
// visited as `other`; a new one adds a function here, and the compiler then
// names every visitor that must handle it.
class ClosedFormVisitor {
 public:
  virtual ~ClosedFormVisitor() = default;
  virtual void wythoff(const Wythoff& ruleset) = 0;
  virtual void moore(const MooreNim& ruleset) = 0;
  virtual void staircase(const StaircaseNim& ruleset) = 0;
  virtual void other(const PositionRuleset& ruleset) = 0;
};

class PositionRuleset : public Ruleset {
 public:
  void accept(RulesetVisitor& visitor) const override { visitor.closed_form(*this); }

  // Calls the visitor's function for the rule that decides this game.
  virtual void accept_closed_form(ClosedFormVisitor& visitor) const { visitor.other(*this); }

  // Normal play: is the player to move lost?
  virtual bool is_p_position(const Position& position) const = 0;

  // Normal play: every option that is a P-position, at most `max_moves` of
  // them (marked incomplete when there were more), in a documented order.
  virtual OptionList winning_moves(const Position& position, std::size_t max_moves) const = 0;

  // The Grundy value of the whole position, where a closed form gives it.
  virtual std::optional<Nimber> closed_form_value(const Position& /*position*/) const {
    return std::nullopt;
  }

  // Normal play: every option whose Grundy value is `target`, at most
  // `max_moves` of them (marked incomplete when there were more), where a
  // closed form gives them without visiting every option; nullopt where it
  // does not (the caller then scans the options). A sum of games needs these
  // moves for target = the value of the other components, which a position
  // of 10^18 tokens could never list option by option.
  virtual std::optional<OptionList> options_with_value(const Position& /*position*/,
                                                       Nimber /*target*/,
                                                       std::size_t /*max_moves*/) const {
    return std::nullopt;
  }

  // Values of the parts the position decomposes into, where it does (the
  // stairs of staircase Nim); nullopt otherwise.
  virtual std::optional<std::vector<Nimber>> part_values(const Position& /*position*/) const {
    return std::nullopt;
  }
};

}  // namespace grundy
