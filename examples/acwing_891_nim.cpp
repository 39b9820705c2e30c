// AcWing 891, Nim: "Yes" if the player to move wins, else "No".
//
// Description: input n, then n heap sizes. Each heap is a game of its own and
//   the position is their sum, so the mover wins iff the nim-sum of the heaps'
//   Grundy values (G(h) = h under Nim) is non-zero (Bouton; Sprague-Grundy,
//   docs/theory.md §1-2). The heaps are streamed, never stored.
// Source: AcWing 891 "Nim游戏": 1 <= n <= 10^5,
//   1 <= heap <= 10^9; sample "2\n2 3\n" gives "Yes".
// Time: O(n). Memory: O(1).
// Status: tests/cli/examples_test.cpp: the published sample; random small
//   positions against grundy::BruteForce over Nim; 10^5 heaps up to 10^9
//   against a direct nim-sum. Speed: tools/bench_nim_file.sh.
#include "contest_io.h"
#include "grundy/rules/nim.h"
#include "grundy/solve/heap_values.h"

int main() {
  return contest::run([] {
    contest::Reader in;
    const grundy::Nim nim;
    grundy::HeapValues values(nim);
    const grundy::Heap n = in.expect("the number of heaps");
    grundy::Nimber sum = 0;
    for (grundy::Heap i = 0; i < n; ++i) sum ^= values.value(in.expect_item("heaps", i, n));
    contest::write(sum != 0 ? "Yes\n" : "No\n");
  });
}
