// LeetCode 292, 1025 and 1510 from the command line: each input line
// "problem n" (problem = 292, 1025 or 1510; 1 <= n <= 2^31-1) prints "true"
// if the first player wins, else "false", one per line.
//
// Description: the functions of leetcode.h; this file only reads and writes.
//   1025 and 1510 accept n as far as grundy::HeapValues may compute (well
//   beyond LeetCode's 1000 and 10^5); larger n end with a message and exit
//   status 2.
// Source: LeetCode 292 (example n = 4 gives false), 1025 (n = 2 gives true,
//   n = 3 false), 1510 (n = 1 true, n = 2 false, n = 4 true).
// Time: as leetcode.h, per line; the lines are read first so that each
//   computed table is built once, for the largest n asked. Memory: as
//   leetcode.h, and 16 bytes per line.
// Status: tests/cli/examples_test.cpp: published examples; 10^5 random
//   queries against closed forms and a DP in the test.
#include <algorithm>
#include <exception>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "contest_io.h"
#include "leetcode.h"

namespace {

bool first_player_wins(grundy::Heap problem, grundy::Heap n) {
  if (n < 1 || n > 2147483647)
    throw grundy::InputError(std::to_string(n), fmt::format("n = {} is outside 1..2^31-1", n));
  const int stones = static_cast<int>(n);
  switch (problem) {
    case 292: return can_win_nim(stones);
    case 1025: return divisor_game(stones);
    case 1510: return winner_square_game(stones);
    default:
      throw grundy::InputError(std::to_string(problem),
                               fmt::format("unknown problem {}: expected 292, 1025 or 1510", problem));
  }
}

// Builds the tables of 1025 and 1510 once, for the largest n asked of each,
// rather than regrowing them as larger n arrive. An n that cannot be answered
// is skipped here and reported at its own line.
void build_tables(const std::vector<std::pair<grundy::Heap, grundy::Heap>>& queries) {
  grundy::Heap largest_divisor = 0, largest_square = 0;
  for (const auto& [problem, n] : queries) {
    if (n > 2147483647) continue;
    if (problem == 1025) largest_divisor = std::max(largest_divisor, n);
    if (problem == 1510) largest_square = std::max(largest_square, n);
  }
  try {
    if (largest_divisor != 0) divisor_game(static_cast<int>(largest_divisor));
  } catch (const std::exception&) {
  }
  try {
    if (largest_square != 0) winner_square_game(static_cast<int>(largest_square));
  } catch (const std::exception&) {
  }
}

}  // namespace

int main() {
  return contest::run([] {
    contest::Reader in;
    std::vector<std::pair<grundy::Heap, grundy::Heap>> queries;
    std::exception_ptr read_error;  // reported after the answers to the lines before it
    try {
      grundy::Heap problem = 0;
      while (in.next(problem)) queries.emplace_back(problem, in.expect("n after the problem number"));
    } catch (const grundy::InputError&) {
      read_error = std::current_exception();
    }
    build_tables(queries);
    std::string out;
    try {
      for (const auto& [problem, n] : queries) out += first_player_wins(problem, n) ? "true\n" : "false\n";
    } catch (...) {
      contest::write(out);
      throw;
    }
    contest::write(out);
    if (read_error) std::rethrow_exception(read_error);
  });
}
