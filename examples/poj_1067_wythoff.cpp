// POJ 1067, Wythoff's game: for each pair "a b" until the end of input, "1" if
// the player to move wins, else "0", one per line.
//
// Description: two heaps; a move takes any positive number from one heap, or
//   the same positive number from both. (a, b) is lost for the mover iff it is
//   a Wythoff pair (floor(k*phi), floor(k*phi^2)) in either order, decided by
//   grundy::wythoff::is_p_position in exact integer arithmetic (the usual
//   floating-point formula fails from about 10^8, docs/theory.md §2).
// Source: POJ 1067 "取石子游戏": a, b <= 10^9, non-negative;
//   sample "2 1\n8 4\n4 7\n" gives "0\n1\n0".
// Time: O(1) per pair. Memory: O(pairs) for the collected answer.
// Status: tests/cli/examples_test.cpp: the published sample; every pair of
//   heaps below 30 against grundy::BruteForce over Wythoff; 10^5 pairs up to
//   10^9 (half of them P-positions or next to one) against a Beatty-sequence
//   computation in the test.
#include <string>

#include "contest_io.h"
#include "grundy/rules/wythoff_closed_form.h"

int main() {
  return contest::run([] {
    contest::Reader in;
    std::string out;
    try {
      grundy::Heap a = 0;
      while (in.next(a)) {
        const grundy::Heap b = in.expect("the second heap of a pair");
        out += grundy::wythoff::is_p_position(a, b) ? "0\n" : "1\n";
      }
    } catch (...) {
      contest::write(out);  // the answers to the pairs before the bad one
      throw;
    }
    contest::write(out);
  });
}
