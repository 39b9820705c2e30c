// AcWing 893, Nim with a subtraction set: "Yes" if the player to move wins,
// else "No".
//
// Description: input k, the k amounts of the set S, n, then n heaps; a move
//   takes s tokens from one heap, s in S. G of a heap is computed once for
//   every size up to the largest heap (grundy::SubtractionSet through
//   grundy::HeapValues), and the mover wins iff the nim-sum of the heaps'
//   values is non-zero (Sprague-Grundy, docs/theory.md §1).
// Source: AcWing 893 "集合-Nim游戏": 1 <= n, k <= 100,
//   1 <= s_i, h_i <= 10^4; sample "2\n2 5\n3\n2 4 7\n" gives "Yes"
//   (G = 1, 0, 0 for heaps 2, 4, 7 under S = {2, 5}).
// Time: O(max heap * k) for the table, O(n) for the sum. Memory: 8 bytes per
//   heap size up to the largest heap; heaps beyond HeapValues' limits are
//   refused with a message (exit status 2).
// Status: tests/cli/examples_test.cpp: the published sample; random small
//   sets and positions against grundy::BruteForce over SubtractionSet; 10^5
//   heaps up to 10^4 with |S| = 100 against a by-definition table.
#include <algorithm>
#include <vector>

#include "contest_io.h"
#include "grundy/rules/subtraction.h"
#include "grundy/solve/heap_values.h"

int main() {
  return contest::run([] {
    contest::Reader in;
    const grundy::Heap k = in.expect("k, the size of the set S");
    if (k == 0) throw grundy::InputError("0", "the set S needs at least one amount");
    std::vector<grundy::Heap> amounts;
    for (grundy::Heap i = 0; i < k; ++i) {
      amounts.push_back(in.expect_item("amounts of S", i, k));
      if (amounts.back() == 0) throw grundy::InputError("0", "the amounts of S must be positive");
    }
    const grundy::SubtractionSet rules(std::move(amounts));

    const grundy::Heap n = in.expect("the number of heaps");
    std::vector<grundy::Heap> heaps;
    heaps.reserve(std::min<grundy::Heap>(n, grundy::Heap{1} << 20));
    for (grundy::Heap i = 0; i < n; ++i) heaps.push_back(in.expect_item("heaps", i, n));

    grundy::HeapValues values(rules);
    if (!heaps.empty()) values.require(*std::max_element(heaps.begin(), heaps.end()));
    grundy::Nimber sum = 0;
    for (grundy::Heap h : heaps) sum ^= values.value(h);
    contest::write(sum != 0 ? "Yes\n" : "No\n");
  });
}
