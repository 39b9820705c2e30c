// AcWing 892, staircase Nim: "Yes" if the player to move wins, else "No".
//
// Description: input n, then the tokens a_1..a_n on stairs 1..n; a move sends
//   one or more tokens from stair i to stair i-1 (stair 1 to the ground, where
//   they stay). The mover wins iff the nim-sum of the odd-numbered stairs is
//   non-zero (grundy::StaircaseNim, docs/theory.md §2).
// Source: AcWing 892 "台阶-Nim游戏": 1 <= n <= 10^5,
//   1 <= a_i <= 10^9; sample "3\n2 1 3\n" gives "Yes".
// Time: O(n). Memory: O(n) for the stairs.
// Status: tests/cli/examples_test.cpp: the published sample; random small
//   staircases against grundy::BruteForce over StaircaseNim; 10^5 stairs up to
//   10^9 against a direct nim-sum of the odd stairs.
#include <algorithm>

#include "contest_io.h"
#include "grundy/rules/staircase.h"

int main() {
  return contest::run([] {
    contest::Reader in;
    const grundy::Heap n = in.expect("the number of stairs");
    grundy::Position stairs;
    stairs.reserve(std::min<grundy::Heap>(n, grundy::Heap{1} << 20));
    for (grundy::Heap i = 0; i < n; ++i) stairs.push_back(in.expect_item("stairs", i, n));
    contest::write(grundy::StaircaseNim().is_p_position(stairs) ? "No\n" : "Yes\n");
  });
}
