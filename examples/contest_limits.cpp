// Five contest problems written against GameSolver as a contest programmer
// would (the game types are in contest_games.h), run at their problems' own limits with a contest's budget: each
// query answers, or is refused in one line naming the limit it would pass.
// docs/contest.md ("At the problems' limits") has the time and memory of
// each run.
//
//   hdu1729   HDU 1729 "Stone Game": boxes of capacity s holding c stones;
//             a move adds 1..c² stones to one box, up to its capacity;
//             whoever cannot move loses. A full box is Primitive::no_move;
//             the boxes are a sum. Limits: 50 boxes, s <= 1,000,000.
//   poj3922   POJ 3922 "A simple stone game": n stones; the first move takes
//             1..n-1, each later one at most k times the take before;
//             whoever takes the last stone wins. Answer: the smallest first
//             take that wins, or "lose". Limits: n <= 10^8, k <= 10^5.
//   euclid    Euclid's game (Luogu P1290, POJ 2348): subtract a positive
//             multiple of the smaller number from the larger; whoever makes
//             a 0 wins. Limits: numbers below 2^31.
//   poj2311   POJ 2311 "Cutting Game": cut a sheet along a grid line into
//             two; whoever cuts off a 1x1 piece wins. Limits: 200 x 200.
//   lc464     LeetCode 464 "Can I Win": numbers 1..n taken in turn into a
//             running total; whoever brings it to the target wins. Limits:
//             n <= 20, target <= 300.
//
// Description: every query runs with the budget a contest allows, set in
//   grundy::GameLimits: 200 MiB of tables (a 256 MB problem, less the
//   program), a million options of one position (listing and examining
//   them alone takes a tenth of a second), and 100 million option visits
//   (under a second here). Without arguments the program first
//   checks each game against a search written from the problem's statement
//   (whole positions, no Grundy values, no GameSolver) on small cases and
//   aborts on any disagreement, then runs every problem at its limits; with
//   a problem's name it runs that one at its limits only.
// Source: the problems as cited; Euclid's game, A. J. Cole and A. J. T.
//   Davie, Math. Gazette 53 (1969).
// Status: tests/cli/user_examples_test.cpp runs it and checks its answers.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "contest_games.h"
#include "grundy/core/error.h"
#include "grundy/solve/user_game.h"

// A contest's budget (see the comment above).
constexpr grundy::GameLimits kContest{/*positions=*/10'000'000, /*options=*/1'000'000,
                                      /*bytes=*/200u << 20, /*visits=*/100'000'000};

namespace {

void check(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "contest_limits: disagreement with the statement: %s\n", what);
    std::abort();
  }
}

// --- the statements, searched on whole positions ---------------------------------------
// HDU 1729: whether the mover wins the boxes (capacity, stones).
bool boxes_by_statement(std::vector<std::pair<int, int>> p, std::map<std::vector<std::pair<int, int>>, bool>& memo) {
  std::sort(p.begin(), p.end());
  if (auto it = memo.find(p); it != memo.end()) return it->second;
  bool win = false;
  for (std::size_t i = 0; i < p.size() && !win; ++i)
    for (long add = 1; add <= long(p[i].second) * p[i].second && p[i].second + add <= p[i].first && !win; ++add) {
      auto after = p;
      after[i].second += int(add);
      win = !boxes_by_statement(after, memo);
    }
  return memo[p] = win;
}
// POJ 3922: whether the mover wins `left` stones allowed to take `most`.
bool stones_by_statement(u64 left, u64 most, u64 k, std::map<std::pair<u64, u64>, bool>& memo) {
  if (auto it = memo.find({left, most}); it != memo.end()) return it->second;
  bool win = false;
  for (u64 take = 1; take <= std::min(left, most) && !win; ++take)
    win = take == left || !stones_by_statement(left - take, k * take, k, memo);
  return memo[{left, most}] = win;
}
// POJ 3922 by the contest construction (Cao Qinxiang, "From the k-times
// dynamic subtraction game", Chinese IOI training team paper, 2009): the
// losing sizes a[0..] with, beside each, b[i] the largest number written as
// a sum of a's each more than k times the next; the first take from n is
// what is left once the largest a below it is taken away while n is not an a.
u64 first_take_by_construction(u64 n, u64 k) {
  std::vector<u64> a{1}, b{1};
  std::size_t j = 0;
  while (a.back() < n) {
    const u64 next = b.back() + 1;
    a.push_back(next);
    while (a[j + 1] * k < next) ++j;
    b.push_back(a[j] * k < next ? b[j] + next : next);
  }
  if (a.back() == n) return 0;
  while (std::find(a.begin(), a.end(), n) == a.end()) n -= *(std::lower_bound(a.begin(), a.end(), n) - 1);
  return n;
}
// Euclid's game: whether the mover wins (a, b), a >= b.
bool euclid_by_statement(u64 a, u64 b, std::map<std::pair<u64, u64>, bool>& memo) {
  if (b == 0) return false;
  if (auto it = memo.find({a, b}); it != memo.end()) return it->second;
  bool win = false;
  for (u64 m = 1; m <= a / b && !win; ++m) {
    const u64 rest = a - m * b;
    win = rest == 0 || !euclid_by_statement(std::max(rest, b), std::min(rest, b), memo);
  }
  return memo[{a, b}] = win;
}
// POJ 2311: whether the mover wins the sheets (sorted pieces, w <= h).
bool cutting_by_statement(std::vector<std::pair<int, int>> p, std::map<std::vector<std::pair<int, int>>, bool>& memo) {
  std::sort(p.begin(), p.end());
  if (auto it = memo.find(p); it != memo.end()) return it->second;
  bool win = false;
  for (std::size_t i = 0; i < p.size() && !win; ++i) {
    const auto [w, h] = p[i];
    std::vector<std::pair<std::pair<int, int>, std::pair<int, int>>> cuts;
    for (int a = 1; a < w; ++a) cuts.push_back({{a, h}, {w - a, h}});
    for (int b = 1; b < h; ++b) cuts.push_back({{w, b}, {w, h - b}});
    for (auto [a, b] : cuts) {
      a = Cutting::piece(a.first, a.second);
      b = Cutting::piece(b.first, b.second);
      // Cutting off a 1x1 piece wins at once.
      win = a == std::pair{1, 1} || b == std::pair{1, 1};
      if (!win) {
        auto after = p;
        after[i] = a;
        after.push_back(b);
        win = !cutting_by_statement(after, memo);
      }
      if (win) break;
    }
  }
  return memo[p] = win;
}
// LeetCode 464: +1 when the mover can force reaching the target first, 0 when
// the numbers run out first, -1 when the opponent can force it.
int pool_by_statement(int n, unsigned used, int left, std::map<unsigned, int>& memo) {
  if (auto it = memo.find(used); it != memo.end()) return it->second;
  int best = -2;
  for (int k = 1; k <= n && best < 1; ++k)
    if (!(used >> k & 1)) best = std::max(best, k >= left ? 1 : -pool_by_statement(n, used | 1u << k, left - k, memo));
  return memo[used] = best == -2 ? 0 : best;
}

void check_against_statements() {
  {
    grundy::GameSolver<Box> solver(Box{}, kContest);
    std::map<std::vector<std::pair<int, int>>, bool> memo;
    for (int s1 = 0; s1 <= 9; ++s1)
      for (int c1 = 0; c1 <= s1; ++c1)
        for (int s2 = 0; s2 <= 7; ++s2)
          for (int c2 = 0; c2 <= s2; ++c2)
            check(first_player_wins(solver, {{s1, c1}, {s2, c2}}) ==
                      boxes_by_statement({{s1, c1}, {s2, c2}}, memo),
                  "hdu1729");
  }
  for (u64 k = 1; k <= 4; ++k) {
    grundy::GameSolver<StoneGame<>> solver(StoneGame<>{k}, kContest);
    std::map<std::pair<u64, u64>, bool> memo;
    for (u64 n = 1; n <= 60; ++n) {
      u64 expected = 0;
      for (u64 take = 1; take < n && expected == 0; ++take)
        if (!stones_by_statement(n - take, k * take, k, memo)) expected = take;
      check(first_take(solver, n) == expected, "poj3922");
    }
    for (u64 n = 2; n <= 1500; ++n)
      check(first_take(solver, n) == first_take_by_construction(n, k), "poj3922 construction");
  }
  {
    grundy::GameSolver<Euclid> solver(Euclid{}, kContest);
    std::map<std::pair<u64, u64>, bool> memo;
    for (u64 a = 1; a <= 80; ++a)
      for (u64 b = 1; b <= a; ++b)
        check((solver.outcome({a, b}) == grundy::Outcome::N) == euclid_by_statement(a, b, memo), "euclid");
  }
  {
    grundy::GameSolver<Cutting> solver(Cutting{}, kContest);
    std::map<std::vector<std::pair<int, int>>, bool> memo;
    for (int w = 1; w <= 5; ++w)
      for (int h = w; h <= 5; ++h)
        check((solver.outcome({w, h}) == grundy::Outcome::N) == cutting_by_statement({{w, h}}, memo), "poj2311");
  }
  {
    grundy::GameSolver<Pool> solver(Pool{1, 1}, kContest);
    for (int n = 1; n <= 9; ++n)
      for (int target = 0; target <= n * (n + 1) / 2 + 1; ++target) {
        std::map<unsigned, int> memo;
        const bool expected = target <= 0 || pool_by_statement(n, 0, target, memo) == 1;
        check(can_i_win(solver, n, target) == expected, "lc464");
      }
  }
  std::printf("every game agrees with its statement on the small cases\n");
}

// --- the problems at their limits ------------------------------------------------------
// Runs `query`, printing "name: answer" or "name: refused: the limit's
// line", and with `timed` its seconds.
bool timed = false;
template <class Query>
void at_limit(const char* name, Query&& query) {
  const auto start = std::chrono::steady_clock::now();
  std::string line;
  try {
    line = query();
  } catch (const grundy::LimitError& e) {
    line = std::string("refused: ") + e.what();
  }
  std::printf("%s: %s", name, line.c_str());
  if (timed)
    std::printf(" [%.2f s]",
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  std::printf("\n");
}

void hdu1729() {
  grundy::GameSolver<Box> solver(Box{}, kContest);
  const auto answer = [&](const std::vector<Box::position>& boxes) {
    return first_player_wins(solver, boxes) ? std::string("Yes") : "No";
  };
  at_limit("hdu1729 (10000, 20) + (10000, 10000)", [&] { return answer({{10'000, 20}, {10'000, 10'000}}); });
  solver.reset();
  at_limit("hdu1729 50 boxes of 1000000", [&] {
    std::vector<Box::position> boxes;
    for (int i = 0; i < 50; ++i) boxes.push_back({1'000'000, 1 + i});
    return answer(boxes);
  });
}
void poj3922() {
  grundy::GameSolver<StoneGame<>> solver(StoneGame<>{3}, kContest);
  const auto answer = [&](u64 n) {
    const u64 take = first_take(solver, n);
    return take ? std::to_string(take) : std::string("lose");
  };
  at_limit("poj3922 10000 3", [&] { return answer(10'000); });
  solver.reset(StoneGame<>{100'000});
  at_limit("poj3922 100000000 100000", [&] { return answer(100'000'000); });
  // The same with the takes listed largest first.
  grundy::GameSolver<StoneGame<false>> largest(StoneGame<false>{3}, kContest);
  const auto answer_largest = [&](u64 n) {
    const u64 take = first_take(largest, n);
    return take ? std::to_string(take) : std::string("lose");
  };
  at_limit("poj3922 10000 3, largest take first", [&] { return answer_largest(10'000); });
  largest.reset(StoneGame<false>{100'000});
  at_limit("poj3922 100000000 100000, largest take first",
           [&] { return answer_largest(100'000'000); });
}
void euclid() {
  grundy::GameSolver<Euclid> solver(Euclid{}, kContest);
  const auto answer = [&](u64 a, u64 b) {
    return solver.outcome({std::max(a, b), std::min(a, b)}) == grundy::Outcome::N ? std::string("Stan wins")
                                                                                  : "Ollie wins";
  };
  at_limit("euclid 2147483647 1234567890", [&] { return answer(2'147'483'647, 1'234'567'890); });
  at_limit("euclid 2147483647 1", [&] { return answer(2'147'483'647, 1); });
}
void poj2311() {
  grundy::GameSolver<Cutting> solver(Cutting{}, kContest);
  at_limit("poj2311 200 200", [&] {
    return solver.outcome({200, 200}) == grundy::Outcome::N ? std::string("WIN") : "LOSE";
  });
}
void lc464() {
  grundy::GameSolver<Pool> solver(Pool{20, 300}, kContest);
  for (const int target : {300, 210, 200, 150, 100})
    at_limit(("lc464 20 " + std::to_string(target)).c_str(),
             [&] { return can_i_win(solver, 20, target) ? std::string("true") : "false"; });
}

}  // namespace

int main(int argc, char** argv) {
  const std::pair<const char*, void (*)()> problems[] = {
      {"hdu1729", hdu1729}, {"poj3922", poj3922}, {"euclid", euclid}, {"poj2311", poj2311}, {"lc464", lc464}};
  if (argc > 1) {
    timed = true;
    for (const auto& [name, run] : problems)
      if (std::strcmp(argv[1], name) == 0) {
        run();
        return 0;
      }
    std::fprintf(stderr, "contest_limits: unknown problem '%s' (hdu1729, poj3922, euclid, poj2311, lc464)\n", argv[1]);
    return 2;
  }
  check_against_statements();
  for (const auto& problem : problems) problem.second();
  return 0;
}
