// AcWing 894, split Nim: "Yes" if the player to move wins, else "No".
//
// Description: input n, then n heaps; a move replaces one heap a by two heaps
//   b, c with 0 <= b, c < a (b + c may exceed a). G(a) = mex of
//   G(b) xor G(c), computed once up to the largest heap (grundy::SplitNim
//   through grundy::HeapValues); the mover wins iff the nim-sum of the heaps'
//   values is non-zero (Sprague-Grundy, docs/theory.md §1-2).
// Source: AcWing 894 "拆分-Nim游戏": 1 <= n, a_i <= 100; sample
//   "2\n2 3\n" gives "Yes".
// Time: O(max heap^2) for the table, O(n) for the sum. Memory: 8 bytes per
//   heap size; heaps beyond HeapValues' limits are refused with a message
//   (exit status 2).
// Status: tests/cli/examples_test.cpp: the published sample; random small
//   positions against grundy::BruteForce over SplitNim; 10^5 heaps up to 100
//   against a by-definition table.
#include <algorithm>
#include <vector>

#include "contest_io.h"
#include "grundy/rules/split.h"
#include "grundy/solve/heap_values.h"

int main() {
  return contest::run([] {
    contest::Reader in;
    const grundy::Heap n = in.expect("the number of heaps");
    std::vector<grundy::Heap> heaps;
    heaps.reserve(std::min<grundy::Heap>(n, grundy::Heap{1} << 20));
    for (grundy::Heap i = 0; i < n; ++i) heaps.push_back(in.expect_item("heaps", i, n));

    const grundy::SplitNim rules;
    grundy::HeapValues values(rules);
    if (!heaps.empty()) values.require(*std::max_element(heaps.begin(), heaps.end()));
    grundy::Nimber sum = 0;
    for (grundy::Heap h : heaps) sum ^= values.value(h);
    contest::write(sum != 0 ? "Yes\n" : "No\n");
  });
}
