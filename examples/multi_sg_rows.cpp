// A Multi-SG game as a user-defined game: several rows of stones; a
// move removes two ADJACENT stones from one row, which may split it in two;
// the player who cannot move loses.
//
// Description: a position is the list of row lengths; the rows are its
//   components (a disjunctive sum), so grundy::GameSolver computes G(row) by
//   the mex and adds rows by nim-sum. Removing two adjacent stones from a row
//   of n leaves rows a and b with a + b = n - 2: this is the take-and-break
//   code 0.07 (Dawson's Kayles), so every row value is checked against
//   grundy::HeapValues on that code, and every sum against the whole-position
//   search with the components ignored.
// Source: "Multi-SG" is the name Jia Zhihao's 2009 paper (docs/theory.md §4)
//   gives to games whose moves may split a component into several;
//   docs/theory.md §1, §3 (0.07), §8 (its first values).
// Time: O(n^2) for the row values up to n. Memory: one entry per row length.
// Status: the program aborts on any disagreement; tests/cli/user_examples_test.cpp
//   checks its printed values against docs/theory.md §8.
#include <algorithm>
#include <cstdio>
#include <vector>

#include "grundy/rules/take_and_break.h"
#include "grundy/solve/heap_values.h"
#include "grundy/solve/user_game.h"

namespace {

struct RowsGame {
  using position = std::vector<int>;  // row lengths

  static std::size_t hash(const position& rows) {
    std::size_t h = rows.size();
    for (int r : rows) h = h * 1000003u ^ static_cast<std::size_t>(r);
    return h;
  }
  // Rows are interchangeable and an empty row has no moves.
  position canonical(const position& rows) const {
    position sorted;
    for (int r : rows)
      if (r > 0) sorted.push_back(r);
    std::sort(sorted.begin(), sorted.end());
    return sorted;
  }
  std::vector<position> moves(const position& rows) const {
    std::vector<position> options;
    for (std::size_t i = 0; i < rows.size(); ++i)
      for (int left = 0; left + 2 <= rows[i]; ++left) {
        position after = rows;
        after[i] = left;
        after.push_back(rows[i] - 2 - left);
        options.push_back(std::move(after));
      }
    return options;
  }
};

struct RowsAsSum : RowsGame {
  std::vector<position> components(const position& rows) const {
    std::vector<position> parts;
    for (int r : rows)
      if (r > 0) parts.push_back({r});
    return parts;
  }
};

}  // namespace

int main() {
  grundy::GameSolver<RowsAsSum> solver(RowsAsSum{});
  grundy::GameSolver<RowsGame> whole(RowsGame{});
  const auto code = grundy::TakeAndBreak::parse("0.07");
  grundy::HeapValues dawson(code);

  std::printf("row values G(0..30):");
  for (int n = 0; n <= 30; ++n) {
    const grundy::Nimber g = *solver.grundy_value({n});
    GRUNDY_ASSERT(g == dawson.value(static_cast<grundy::Heap>(n)));
    std::printf(" %llu", static_cast<unsigned long long>(g));
  }
  std::printf("\nagree with 0.07 (Dawson's Kayles) for rows 0..30\n");

  const std::vector<std::vector<int>> examples = {{3}, {4, 5}, {2, 2}, {7, 3, 5}, {1, 2, 3, 4}, {6, 9}};
  for (const auto& rows : examples) {
    const grundy::Nimber g = *solver.grundy_value(rows);
    grundy::Nimber by_code = 0;
    for (int r : rows) by_code ^= dawson.value(static_cast<grundy::Heap>(r));
    GRUNDY_ASSERT(g == by_code);
    GRUNDY_ASSERT(g == *whole.grundy_value(rows));
    std::printf("rows");
    for (int r : rows) std::printf(" %d", r);
    std::printf(": G = %llu, %c, misere %c, winning moves %zu\n", static_cast<unsigned long long>(g),
                grundy::outcome_letter(solver.outcome(rows)),
                grundy::outcome_letter(solver.outcome(rows, grundy::Convention::misere)),
                solver.winning_moves(rows).size());
  }
  return 0;
}
