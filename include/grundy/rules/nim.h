// Nim (remove any positive number of tokens from one heap), in normal and
// misère play.
//
// Description: G(n) = n; a position is P iff the nim-sum of its heaps is 0.
//   Misère: if every heap has at most one token the mover wins iff the number
//   of non-empty heaps is even; otherwise iff the nim-sum is non-zero.
// Source: Bouton, Ann. Math. 3 (1901); misère: WW ch. 13; docs/theory.md §2.
// Time: O(heaps) for the outcome and for all winning moves.
// Status: compared with brute-force search on every position of up to four
//   heaps of at most seven tokens, normal and misère (tests/stress).
#pragma once

#include "grundy/rules/heap_ruleset.h"

namespace grundy {

class Nim final : public HeapRuleset {
 public:
  std::string name() const override { return "nim"; }
  bool is_nim() const override { return true; }
  void for_each_heap_option(Heap n, const HeapOptionVisitor& visit) const override;
  std::optional<TakeAndBreak> as_code() const override;
  std::optional<Nimber> closed_form_value(Heap n) const override { return n; }
  bool for_each_heap_option_with_value(Heap n, Nimber target,
                                       const HeapOptionVisitor& visit) const override;
  std::uint64_t compute_cost(Heap last) const override;
  // Misère Nim (Bouton 1901; docs/theory.md §2).
  std::optional<MisereClosedForm> misere_closed_form(const Position& heaps,
                                                     std::size_t max_moves) const override;
};

// Misère Nim (docs/theory.md §2; WW ch. 13).
bool misere_nim_is_p_position(const Position& heaps);
// The Nim moves to a misère P-position, in order of heap index, then of the
// size left, at most `max_moves` of them.
MoveList misere_nim_winning_moves(const Position& heaps, std::size_t max_moves);

}  // namespace grundy
