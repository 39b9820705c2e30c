// Staircase Nim: stairs 1..n hold tokens; a move sends one or more tokens
// from stair i down to stair i-1 (from stair 1 to the ground, where they stay).
//
// Description: P iff the nim-sum of the odd-numbered stairs is 0. Tokens on
//   even stairs do not matter: a move from an even stair can be undone by
//   moving the same tokens on down, so the game plays as Nim on the odd
//   stairs, and its Grundy value is that nim-sum. Winning moves: bring an odd
//   stair i from a_i to a_i xor X (X the nim-sum), or push tokens from an
//   even stair onto the odd stair below it so that it becomes a xor X. The
//   moves to any other value t are the same with X replaced by X xor t
//   (options_with_value), so a staircase of 2^63 - 1 tokens in a sum is
//   answered without visiting its options.
// Source: AcWing 892 "台阶-Nim游戏"; docs/theory.md §2; WW ch. 3.
// Time: O(stairs), whatever the number of tokens.
// Status: outcome, value and the exact set of winning moves compared with
//   brute force on every position of up to five stairs of at most four
//   tokens (tests/stress).
#pragma once

#include "grundy/rules/position_ruleset.h"

namespace grundy {

class StaircaseNim final : public PositionRuleset {
 public:
  std::string name() const override { return "staircase"; }
  void for_each_option(const Position& stairs,
                       const std::function<bool(const Position&)>& visit) const override;
  std::string describe_move(const Position& before, const Position& after) const override;
  void accept_closed_form(ClosedFormVisitor& visitor) const override {
    visitor.staircase(*this);
  }
  bool is_p_position(const Position& stairs) const override;
  OptionList winning_moves(const Position& stairs, std::size_t max_moves) const override;
  std::optional<OptionList> options_with_value(const Position& stairs, Nimber target,
                                               std::size_t max_moves) const override;
  std::optional<Nimber> closed_form_value(const Position& stairs) const override;
  std::optional<std::vector<Nimber>> part_values(const Position& stairs) const override;
};

}  // namespace grundy
