// POJ 2234, Matches Game (Nim): for each case until the end of input — m, then
// m heaps — "Yes" if the player to move wins, else "No", one per line.
//
// Description: as AcWing 891, case after case: the mover wins iff the nim-sum
//   of the heaps' Grundy values (G(h) = h under grundy::Nim) is non-zero.
// Source: POJ 2234 "Matches Game": m <= 20, heaps <= 10^7;
//   sample "2 45 45\n3 3 6 9\n" gives "No\nYes".
// Time: O(total heaps). Memory: O(cases) for the collected answer.
// Status: tests/cli/examples_test.cpp: the published sample; a file of random
//   small cases against grundy::BruteForce over Nim; 10^5 heaps up to 10^9 in
//   5000 cases against direct nim-sums.
#include <string>

#include "contest_io.h"
#include "grundy/rules/nim.h"
#include "grundy/solve/heap_values.h"

int main() {
  return contest::run([] {
    contest::Reader in;
    const grundy::Nim nim;
    grundy::HeapValues values(nim);
    std::string out;
    try {
      grundy::Heap m = 0;
      while (in.next(m)) {
        grundy::Nimber sum = 0;
        for (grundy::Heap i = 0; i < m; ++i)
          sum ^= values.value(in.expect_item("heaps of a case", i, m));
        out += sum != 0 ? "Yes\n" : "No\n";
      }
    } catch (...) {
      contest::write(out);  // the answers to the cases before the bad one
      throw;
    }
    contest::write(out);
  });
}
