// Flip Game II (LeetCode 294) as a user-defined game: a string of '+' and
// '-'; a move flips two consecutive "++" into "--"; the player who cannot
// move loses. canWin(s) says whether the player to move wins.
//
// Description: the maximal runs of '+' are independent components. Flipping
//   "++" inside a run of n leaves runs a and b with a + b = n - 2, so a run
//   of n is a heap of Dawson's Kayles, the take-and-break code 0.07 (the same
//   game as the rows of examples/multi_sg_rows.cpp). The program solves each string three
//   ways and aborts if they differ: the solver with components = runs; the
//   solver on the raw string (no components); and a direct memoised
//   win/loss search over strings written here, the problem's own statement.
// Source: LeetCode 294 "Flip Game II" (examples: "++++" -> true,
//   "+" -> false); docs/theory.md §3 (0.07), §8 (its first values).
// Time: the run solver O(n^2) over run lengths; the raw searches are
//   exponential and only run on short strings. Memory: one entry per string.
// Status: self-checking (aborts on disagreement);
//   tests/cli/user_examples_test.cpp checks its lines.
#include <cstdio>
#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

#include "grundy/rules/take_and_break.h"
#include "grundy/solve/heap_values.h"
#include "grundy/solve/user_game.h"

namespace {

struct FlipGame {
  using position = std::string;

  std::vector<position> moves(const position& s) const {
    std::vector<position> options;
    for (std::size_t i = 0; i + 1 < s.size(); ++i)
      if (s[i] == '+' && s[i + 1] == '+') {
        position after = s;
        after[i] = after[i + 1] = '-';
        options.push_back(std::move(after));
      }
    return options;
  }
};

// Runs of '+' as components, each written as a string of '+' alone.
struct FlipGameByRuns : FlipGame {
  std::vector<position> components(const position& s) const {
    std::vector<position> runs;
    std::size_t i = 0;
    while (i < s.size()) {
      if (s[i] != '+') {
        ++i;
        continue;
      }
      std::size_t j = i;
      while (j < s.size() && s[j] == '+') ++j;
      if (j - i >= 2) runs.push_back(std::string(j - i, '+'));
      i = j;
    }
    return runs;
  }
};

// The problem statement as code: the mover wins iff some flip leaves the
// opponent without a win.
bool can_win_direct(const std::string& s, std::unordered_map<std::string, bool>& memo) {
  if (auto it = memo.find(s); it != memo.end()) return it->second;
  bool win = false;
  for (std::size_t i = 0; i + 1 < s.size() && !win; ++i)
    if (s[i] == '+' && s[i + 1] == '+') {
      std::string after = s;
      after[i] = after[i + 1] = '-';
      win = !can_win_direct(after, memo);
    }
  return memo[s] = win;
}

}  // namespace

int main() {
  grundy::GameSolver<FlipGameByRuns> by_runs(FlipGameByRuns{});
  grundy::GameSolver<FlipGame> raw(FlipGame{});
  std::unordered_map<std::string, bool> memo;
  const auto code = grundy::TakeAndBreak::parse("0.07");
  grundy::HeapValues dawson(code);

  std::printf("run values G(0..30):");
  for (int n = 0; n <= 30; ++n) {
    const grundy::Nimber g = *by_runs.grundy_value(std::string(n, '+'));
    GRUNDY_ASSERT(g == dawson.value(static_cast<grundy::Heap>(n)));
    std::printf(" %llu", static_cast<unsigned long long>(g));
  }
  std::printf("\nagree with 0.07 (Dawson's Kayles) for runs 0..30\n");

  const std::vector<std::string> strings = {"++++", "+", "", "+++++", "++-++", "+++-+++",
                                            "++++-++++", "+++++++", "++--+++-++++",
                                            "+++++++++++++++"};
  for (const auto& s : strings) {
    const bool wins = by_runs.outcome(s) == grundy::Outcome::N;
    GRUNDY_ASSERT(wins == (raw.outcome(s) == grundy::Outcome::N));
    GRUNDY_ASSERT(wins == can_win_direct(s, memo));
    std::printf("canWin(\"%s\") = %s\n", s.c_str(), wins ? "true" : "false");
  }
  // A long string: only the run decomposition makes it instant.
  std::string long_string;
  for (int i = 0; i < 40; ++i) long_string += std::string(static_cast<std::size_t>(i % 13), '+') + "-";
  grundy::Nimber by_code = 0;
  for (int i = 0; i < 40; ++i) by_code ^= dawson.value(static_cast<grundy::Heap>(i % 13));
  const bool long_wins = by_runs.outcome(long_string) == grundy::Outcome::N;
  GRUNDY_ASSERT(long_wins == (by_code != 0));
  std::printf("canWin(40 runs, %zu chars) = %s\n", long_string.size(), long_wins ? "true" : "false");
  return 0;
}
