// Wythoff's game as a ruleset: two heaps; take any positive number from one
// heap, or the same positive number from both. The exact closed form is in
// wythoff_closed_form.h.
#pragma once

#include "grundy/rules/position_ruleset.h"

namespace grundy {

class Wythoff final : public PositionRuleset {
 public:
  std::string name() const override { return "wythoff"; }
  void check_position(const Position& heaps) const override;
  void for_each_option(const Position& heaps,
                       const std::function<bool(const Position&)>& visit) const override;
  std::string describe_move(const Position& before, const Position& after) const override;
  Position canonical(const Position& heaps) const override;
  void accept_closed_form(ClosedFormVisitor& visitor) const override {
    visitor.wythoff(*this);
  }
  bool is_p_position(const Position& heaps) const override;
  OptionList winning_moves(const Position& heaps, std::size_t max_moves) const override;
  // 0 at P-positions; otherwise no closed form is known.
  std::optional<Nimber> closed_form_value(const Position& heaps) const override;
};

}  // namespace grundy
