// Lasker's Nim: remove any positive number of tokens from one heap, or split
// a heap into two non-empty heaps (the code 4.[3]).
//
// Description: G(0) = 0 and, for n >= 1, G(n) = n if n ≡ 1, 2 (mod 4),
//   n + 1 if n ≡ 3, n - 1 if n ≡ 0.
// Source: WW ch. 4 (Lasker's Nim); docs/theory.md §2.
// Time: O(1) per value; the winning splits of a heap are listed in O(1) each
//   by solving A + B = C, A xor B = T in each residue class (below).
// Status: G compared with the naive mex of 4.[3] to n = 200, winning options
//   with full enumeration to n = 200 (tests/stress).
#pragma once

#include "grundy/rules/heap_ruleset.h"

namespace grundy {

class Lasker final : public HeapRuleset {
 public:
  std::string name() const override { return "lasker"; }
  void for_each_heap_option(Heap n, const HeapOptionVisitor& visit) const override;
  std::optional<TakeAndBreak> as_code() const override;
  std::optional<Nimber> closed_form_value(Heap n) const override { return value(n); }
  bool for_each_heap_option_with_value(Heap n, Nimber target,
                                       const HeapOptionVisitor& visit) const override;
  std::uint64_t compute_cost(Heap last) const override;

  static Nimber value(Heap n);
  // The heap size whose value is v (G is a bijection of the naturals).
  static Heap heap_with_value(Nimber v);
};

}  // namespace grundy
