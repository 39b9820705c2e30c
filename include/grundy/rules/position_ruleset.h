// Games whose position is not a sum of independent heaps (staircase Nim,
// Wythoff's game, Moore's Nim_k) but whose normal-play P-positions and
// winning moves have a proven closed form that belongs to the ruleset.
#pragma once

#include <optional>

#include "grundy/core/nimber.h"
#include "grundy/rules/ruleset.h"

namespace grundy {

class PositionRuleset : public Ruleset {
 public:
  void accept(RulesetVisitor& visitor) const override { visitor.closed_form(*this); }

  // Normal play: is the player to move lost?
  virtual bool is_p_position(const Position& position) const = 0;

  // Normal play: every option that is a P-position, at most `max_moves` of
  // them (complete = false when there were more), in a documented order.
  virtual std::vector<Position> winning_moves(const Position& position, std::size_t max_moves,
                                              bool& complete) const = 0;

  // The Grundy value of the whole position, where a closed form gives it.
  virtual std::optional<Nimber> closed_form_value(const Position& /*position*/) const {
    return std::nullopt;
  }

  // Values of the parts the position decomposes into, where it does (the
  // stairs of staircase Nim); nullopt otherwise.
  virtual std::optional<std::vector<Nimber>> part_values(const Position& /*position*/) const {
    return std::nullopt;
  }
};

}  // namespace grundy
