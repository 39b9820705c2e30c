// Cram on small boards as a user-defined game: players in turn place a
// domino on two adjacent empty cells (horizontally or vertically); the player
// who cannot move loses. Both players may place either way, so it is
// impartial.
//
// Description: a position is a board of at most 64 cells with a bit mask of
//   its empty cells. Its components are the connected regions of empty cells
//   (a domino lies within one region), each cropped to its bounding box and
//   brought to a canonical form, the least mask over the 8 symmetries of the
//   rectangle, so that equal regions share one memo entry. Every board value
//   is compared with the raw search (whole boards, no components, no
//   symmetry) and the program aborts on any disagreement.
// Source: the rules as in Winning Ways (Cram); two facts checked here follow
//   from the central-symmetry strategy: on an even × even board the second
//   player wins (answer each domino with its image under the half turn), on
//   an even × odd board the first player wins (take the two central cells,
//   then answer by the half turn). A 1 × n board is Dawson's Kayles, 0.07
//   (a domino removes two adjacent cells of a row, docs/theory.md §3, §8).
// Time: exponential in the board area; boards up to 3 × 7 run in well under a
//   second. Memory: one entry per distinct region reached.
// Status: self-checking (aborts on disagreement);
//   tests/cli/user_examples_test.cpp checks the symmetry outcomes and 1 × n.
#include <algorithm>
#include <bit>
#include <tuple>
#include <utility>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "grundy/solve/user_game.h"

namespace {

struct Board {
  int rows = 0;
  int cols = 0;
  std::uint64_t empty = 0;  // bit r * cols + c
  friend bool operator==(const Board&, const Board&) = default;
};

bool is_empty(const Board& b, int r, int c) { return (b.empty >> (r * b.cols + c)) & 1U; }
std::uint64_t bit(const Board& b, int r, int c) { return std::uint64_t{1} << (r * b.cols + c); }

Board full_board(int rows, int cols) {
  Board b{rows, cols, 0};
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) b.empty |= bit(b, r, c);
  return b;
}

struct Cram {
  using position = Board;

  static std::size_t hash(const Board& b) {
    return static_cast<std::size_t>(b.empty * 0x9E3779B97F4A7C15ULL) ^
           static_cast<std::size_t>(b.rows * 131 + b.cols);
  }
  std::vector<Board> moves(const Board& b) const {
    std::vector<Board> options;
    for (int r = 0; r < b.rows; ++r)
      for (int c = 0; c < b.cols; ++c) {
        if (!is_empty(b, r, c)) continue;
        if (c + 1 < b.cols && is_empty(b, r, c + 1))
          options.push_back({b.rows, b.cols, b.empty & ~bit(b, r, c) & ~bit(b, r, c + 1)});
        if (r + 1 < b.rows && is_empty(b, r + 1, c))
          options.push_back({b.rows, b.cols, b.empty & ~bit(b, r, c) & ~bit(b, r + 1, c)});
      }
    return options;
  }
};

// Cropped to the empty cells' bounding box, then the least of the 8 images
// under the symmetries of the rectangle.
Board canonical_region(const Board& b) {
  int r0 = b.rows, r1 = -1, c0 = b.cols, c1 = -1;
  for (int r = 0; r < b.rows; ++r)
    for (int c = 0; c < b.cols; ++c)
      if (is_empty(b, r, c)) {
        r0 = std::min(r0, r), r1 = std::max(r1, r), c0 = std::min(c0, c), c1 = std::max(c1, c);
      }
  if (r1 < 0) return Board{};
  const int h = r1 - r0 + 1, w = c1 - c0 + 1;
  Board best{};
  bool first = true;
  for (int transpose = 0; transpose < 2; ++transpose)
    for (int flip = 0; flip < 4; ++flip) {
      Board image{transpose ? w : h, transpose ? h : w, 0};
      for (int r = 0; r < h; ++r)
        for (int c = 0; c < w; ++c) {
          if (!is_empty(b, r0 + r, c0 + c)) continue;
          const int rr = (flip & 1) ? h - 1 - r : r, cc = (flip & 2) ? w - 1 - c : c;
          image.empty |= transpose ? bit(image, cc, rr) : bit(image, rr, cc);
        }
      auto rank = [](const Board& x) { return std::tuple(x.rows, x.cols, x.empty); };
      if (first || rank(image) < rank(best)) best = image;
      first = false;
    }
  return best;
}

struct CramByRegions : Cram {
  Board canonical(const Board& b) const { return canonical_region(b); }
  std::vector<Board> components(const Board& b) const {
    std::vector<Board> regions;
    std::uint64_t left = b.empty;
    while (left != 0) {
      const int start = std::countr_zero(left);
      std::uint64_t region = 0;
      std::vector<int> todo{start};
      region |= std::uint64_t{1} << start;
      while (!todo.empty()) {
        const int cell = todo.back();
        todo.pop_back();
        const int r = cell / b.cols, c = cell % b.cols;
        const int next[4][2] = {{r - 1, c}, {r + 1, c}, {r, c - 1}, {r, c + 1}};
        for (const auto& n : next) {
          if (n[0] < 0 || n[0] >= b.rows || n[1] < 0 || n[1] >= b.cols) continue;
          const std::uint64_t m = bit(b, n[0], n[1]);
          if ((left & m) && !(region & m)) {
            region |= m;
            todo.push_back(n[0] * b.cols + n[1]);
          }
        }
      }
      left &= ~region;
      if (std::popcount(region) >= 2) regions.push_back({b.rows, b.cols, region});
    }
    return regions;
  }
};

}  // namespace

int main() {
  grundy::GameSolver<CramByRegions> solver(CramByRegions{}, 10'000'000);
  grundy::GameSolver<Cram> raw(Cram{}, 10'000'000);
  const int max_cols[4] = {0, 20, 10, 7};
  for (int rows = 1; rows <= 3; ++rows) {
    std::printf("%d x n Cram, n = 1..%d:", rows, max_cols[rows]);
    for (int cols = 1; cols <= max_cols[rows]; ++cols) {
      const Board board = full_board(rows, cols);
      const grundy::Nimber g = *solver.grundy_value(board);
      // The raw search is exponential: only on the smaller boards.
      if (rows * cols <= 16) GRUNDY_ASSERT(g == *raw.grundy_value(board));
      std::printf(" %llu", static_cast<unsigned long long>(g));
    }
    std::printf("\n");
  }
  for (const auto& [rows, cols] : std::vector<std::pair<int, int>>{{2, 2}, {2, 3}, {3, 4}, {4, 4}, {3, 5}}) {
    const Board board = full_board(rows, cols);
    std::printf("%d x %d: %c, winning first moves %zu\n", rows, cols,
                grundy::outcome_letter(solver.outcome(board)), solver.winning_moves(board).size());
  }
  return 0;
}
