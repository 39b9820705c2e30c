// G(n) for single heaps of any heap ruleset: by its closed form where one is
// proven, otherwise from a table computed on demand (the ruleset's faster
// method where it has one, else the naive mex), refused with a LimitError
// beyond a stated budget.
//
// Description: naive engine: G(n) = mex{ xor of G(parts) : options of n },
//   n = 0, 1, 2, ... in order, since every part is smaller than n.
// Source: theory.md §1 (Sprague-Grundy theorem).
// Time: the ruleset's compute_cost(n); Memory: 8 bytes per heap size.
// Status: the reference for every closed form and fast method (tests/stress).
#pragma once

#include <cstdint>
#include <vector>

#include "grundy/core/types.h"
#include "grundy/rules/heap_ruleset.h"

namespace grundy {

struct ComputeLimits {
  // Most options the value table may visit, about one second of work.
  std::uint64_t max_work = 400'000'000;
  // Most heap sizes held in a table (8 bytes each).
  Heap max_table = Heap{1} << 25;
};

// G(0..last) by the naive mex over every option: the by-definition twin.
std::vector<Nimber> naive_heap_values(const HeapRuleset& ruleset, Heap last);

class HeapValues {
 public:
  explicit HeapValues(const HeapRuleset& ruleset, ComputeLimits limits = {});

  // G(n); throws LimitError if n is beyond what may be computed.
  Nimber value(Heap n);
  // Throws LimitError (saying why) unless G(0..last) is affordable.
  void require(Heap last);
  bool has_closed_form() const { return closed_form_; }

 private:
  const HeapRuleset& ruleset_;
  ComputeLimits limits_;
  bool closed_form_;
  std::vector<Nimber> table_;
};

}  // namespace grundy
