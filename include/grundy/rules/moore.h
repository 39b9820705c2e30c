// Moore's Nim_k as a ruleset: a move takes tokens from between 1 and k heaps
// (at least one from each heap chosen). The exact closed form is in
// moore_closed_form.h.
#pragma once

#include "grundy/rules/position_ruleset.h"

namespace grundy {

class MooreNim final : public PositionRuleset {
 public:
  explicit MooreNim(unsigned k);  // k >= 1
  std::string name() const override;
  void for_each_option(const Position& heaps,
                       const std::function<bool(const Position&)>& visit) const override;
  std::string describe_move(const Position& before, const Position& after) const override;
  Position canonical(const Position& heaps) const override;
  void accept_closed_form(ClosedFormVisitor& visitor) const override {
    visitor.moore(*this);
  }
  bool is_p_position(const Position& heaps) const override;
  OptionList winning_moves(const Position& heaps, std::size_t max_moves) const override;
  // k = 1 is Nim (value = nim-sum); otherwise 0 at P-positions only.
  std::optional<Nimber> closed_form_value(const Position& heaps) const override;
  // The options of value `target` without visiting every option: for
  // target 0 the winning moves (any k), for k = 1 Nim's one move per heap
  // (the heap reduced to target ^ the other heaps' nim-sum, where that is
  // smaller), in the order for_each_option visits them. Other k and
  // targets: nullopt (no closed form gives an N-position's value).
  std::optional<OptionList> options_with_value(const Position& heaps, Nimber target,
                                               std::size_t max_moves) const override;
  unsigned k() const { return k_; }

 private:
  unsigned k_;
};

}  // namespace grundy
