// Three contest games written against GameSolver with the hooks made for
// them (docs/user-games.md, "Contest games"): the pool game "can I win"
// (LeetCode 464) with a primitive loss, the cutting game of POJ 2311 ("whoever
// cuts off a 1×1 piece wins") with primitive positions and options given as
// sums of two pieces, and Bachet's game with moves as moves and a run-time
// parameter. The game types are the ones docs/user-games.md shows (the first
// two in contest_games.h, shared with contest_limits.cpp).
//
// Description: each answer is checked against an independent method and the
//   program aborts on any disagreement: the pool game against a search
//   written from LeetCode 464's statement, with its tie and its target of 0
//   (n <= 10, every target); the cutting game against the
//   contest solution, which removes the cuts that leave a 1-wide piece by hand
//   and takes the mex rule over the rest (up to 12 × 12); Bachet's game
//   against G(n) = n mod (k + 1).
// Source: Bachet's game, Winning Ways ch. 3; the rest as cited above.
// Time: well under a second (the 200 × 200 sheet is 20,100 pieces).
// Status: self-checking; tests/cli/user_examples_test.cpp checks its lines.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "contest_games.h"
#include "grundy/solve/user_game.h"

// Take 1..k stones from one heap, k a run-time parameter; moves as moves.
struct TakeUpTo {
  using position = int;
  using move = int;
  int k;
  std::vector<int> legal_moves(int n) const {
    std::vector<int> takes;
    for (int t = 1; t <= k && t <= n; ++t) takes.push_back(t);
    return takes;
  }
  int play(int n, int take) const { return n - take; }
  std::string describe(int take) const { return "take " + std::to_string(take); }
};

namespace {

void check(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "contest_games: disagreement: %s\n", what);
    std::abort();
  }
}

// LeetCode 464 from its statement, written without the solver and without
// Pool's rules: +1 when the player to move can force a win, 0 when the best
// either can force is that the numbers run out below the target (nobody
// wins), -1 when the opponent can force a win. `used` holds the numbers
// taken, `left` what the total still lacks.
int pool_by_statement(int n, unsigned used, int left, std::map<unsigned, int>& memo) {
  if (auto it = memo.find(used); it != memo.end()) return it->second;
  int best = -2;  // no number left: the game ends, nobody reached the target
  for (int k = 1; k <= n && best < 1; ++k) {
    if (used >> k & 1) continue;
    const int result = k >= left ? 1 : -pool_by_statement(n, used | 1u << k, left - k, memo);
    best = std::max(best, result);
  }
  return memo[used] = best == -2 ? 0 : best;
}

bool can_i_win_by_statement(int n, int target) {
  if (target <= 0) return true;  // the problem's own rule for a target of 0
  std::map<unsigned, int> memo;  // the total is a function of `used`
  return pool_by_statement(n, 0, target, memo) == 1;
}

// The contest solution of POJ 2311: no cut may leave a 1-wide piece (the
// opponent would cut off a 1×1 piece), then the mex rule.
int cutting_by_hand(int w, int h, std::map<std::pair<int, int>, int>& memo) {
  if (auto it = memo.find({w, h}); it != memo.end()) return it->second;
  std::vector<int> seen;
  for (int a = 2; a + 2 <= w; ++a) seen.push_back(cutting_by_hand(a, h, memo) ^ cutting_by_hand(w - a, h, memo));
  for (int b = 2; b + 2 <= h; ++b) seen.push_back(cutting_by_hand(w, b, memo) ^ cutting_by_hand(w, h - b, memo));
  int m = 0;
  while (std::find(seen.begin(), seen.end(), m) != seen.end()) ++m;
  return memo[{w, h}] = m;
}

}  // namespace

int main() {
  // The pool game: the answer against the problem's statement for every
  // n <= 10 and every target from 0 to past 1 + ... + n; LeetCode's samples
  // (10, 11): false, (10, 0): true, (10, 1): true.
  grundy::GameSolver<Pool> pool(Pool{10, 1});
  for (int n = 1; n <= 10; ++n)
    for (int target = 0; target <= n * (n + 1) / 2 + 2; ++target)
      check(can_i_win(pool, n, target) == can_i_win_by_statement(n, target), "pool");
  check(!can_i_win(pool, 10, 11) && can_i_win(pool, 10, 0) && can_i_win(pool, 10, 1),
        "pool samples");
  std::printf("pool 20, target 300: %s\n", can_i_win(pool, 20, 300) ? "true" : "false");
  std::printf("pool 20, target 200: %s\n", can_i_win(pool, 20, 200) ? "true" : "false");

  // The cutting game: the primitive positions against the cuts removed by hand.
  grundy::GameSolver<Cutting> cutting(Cutting{});
  std::map<std::pair<int, int>, int> memo;
  for (int w = 2; w <= 12; ++w)
    for (int h = 2; h <= 12; ++h) {
      check(cutting.grundy_value({w, h}) == static_cast<grundy::Nimber>(cutting_by_hand(w, h, memo)),
            "cutting values");
      check((cutting.outcome(Cutting::piece(w, h)) == grundy::Outcome::P) == (cutting_by_hand(w, h, memo) == 0),
            "cutting outcomes");
    }
  std::printf("cutting 2x2: %c, 2x3: %c, 1x5: %c\n",
              grundy::outcome_letter(cutting.outcome({2, 2})),
              grundy::outcome_letter(cutting.outcome({2, 3})),
              grundy::outcome_letter(cutting.outcome({1, 5})));
  std::printf("cutting 200x200: %c\n", grundy::outcome_letter(cutting.outcome({200, 200})));

  // Bachet's game: G(n) = n mod (k + 1); the winning move takes n mod (k + 1).
  grundy::GameSolver<TakeUpTo> bachet(TakeUpTo{1});
  for (int k = 1; k <= 6; ++k) {
    bachet.reset(TakeUpTo{k});
    for (int n = 0; n <= 50; ++n)
      check(bachet.grundy_value(n) == static_cast<grundy::Nimber>(n % (k + 1)), "bachet");
  }
  bachet.reset(TakeUpTo{3});
  std::printf("take up to 3 from 10: %s\n", bachet.winning_plays(10).at(0).text.c_str());
  return 0;
}
