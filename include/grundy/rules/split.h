// Games whose moves only split heaps.
//
// Description:
//   split        — replace a heap of a by two heaps b, c with 0 <= b, c < a
//                  ("拆分-Nim", AcWing 894; b + c may exceed a).
//                  G(a) = mex{ G(b) xor G(c) : 0 <= c <= b < a }.
//   grundy-game  — split a heap into two unequal non-empty heaps (Grundy's
//                  game, WW ch. 4; no closed form is known). As a code it is
//                  4!.0 (CGSuite's, '!': the two heaps unequal), so its
//                  sequence is computed by the code engines: rare/common
//                  for long runs (src/solve/engines/rare_common.h).
// Source: AcWing 894 (split); docs/theory.md §2; WW ch. 4 (Grundy's game);
//   OEIS A002188 (its values).
// Time: split: O(a) options per value from the incremental set of reachable
//   nim-sums (the set only grows with a), O(N^2) for G(0..N); naive O(a^2).
//   grundy-game: O(a) options; its sequence as the code engines' (4!.0).
// Status: the incremental computation compared with the naive mex to
//   a = 200 (tests/stress); grundy-game's options with those of 4!.0, its
//   values with OEIS A002188 (tests).
#pragma once

#include "grundy/rules/heap_ruleset.h"

namespace grundy {

class SplitNim final : public HeapRuleset {
 public:
  std::string name() const override { return "split"; }
  void for_each_heap_option(Heap n, const HeapOptionVisitor& visit) const override;
  std::vector<Nimber> fast_values(Heap last) const override;
  std::uint64_t compute_cost(Heap last) const override;
};

class GrundyGame final : public HeapRuleset {
 public:
  std::string name() const override { return "grundy-game"; }
  void for_each_heap_option(Heap n, const HeapOptionVisitor& visit) const override;
  std::optional<TakeAndBreak> as_code() const override;
  std::uint64_t compute_cost(Heap last) const override;
};

}  // namespace grundy
