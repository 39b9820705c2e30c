#include "grundy/rules/split.h"

#include "grundy/core/nimber.h"
#include "grundy/rules/take_and_break.h"

namespace grundy {

void SplitNim::for_each_heap_option(Heap n, const HeapOptionVisitor& visit) const {
  // Options (b, c) with 0 <= c <= b < n; empty heaps are dropped from the parts.
  HeapOption option;
  for (Heap b = 0; b < n; ++b) {
    for (Heap c = 0; c <= b; ++c) {
      if (b == 0) {
        option.part_count = 0;
      } else if (c == 0) {
        option.part_count = 1;
        option.parts[0] = b;
      } else {
        option.part_count = 2;
        option.parts[0] = c;
        option.parts[1] = b;
      }
      if (!visit(option)) return;
    }
  }
}

std::vector<Nimber> SplitNim::fast_values(Heap last) const {
  // reachable(a) = { G(b) xor G(c) : c <= b < a } only grows: going from a to
  // a + 1 adds the nim-sums with b = a.
  std::vector<Nimber> g(last + 1);
  MexSet reachable;
  for (Heap a = 0; a <= last; ++a) {
    g[a] = reachable.mex();
    for (Heap c = 0; c <= a; ++c) reachable.insert(g[a] ^ g[c]);
  }
  return g;
}

std::uint64_t SplitNim::compute_cost(Heap last) const {
  return detail::saturating_mul(last + 1, last / 2 + 2);
}

void GrundyGame::for_each_heap_option(Heap n, const HeapOptionVisitor& visit) const {
  HeapOption option;
  option.part_count = 2;
  for (Heap a = 1; 2 * a < n; ++a) {
    option.parts[0] = a;
    option.parts[1] = n - a;
    if (!visit(option)) return;
  }
}

std::optional<TakeAndBreak> GrundyGame::as_code() const { return TakeAndBreak::parse("4!.0"); }

std::uint64_t GrundyGame::compute_cost(Heap last) const {
  return detail::saturating_mul(last + 1, last / 2 + 1);
}

}  // namespace grundy
