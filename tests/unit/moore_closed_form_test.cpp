// Literal checks of Moore's Nim_k. Sources: a worked example, checked by hand
// below (S = {12, 24, 6, 8, 8}, k = 3, played to {8, 8, 0, 8, 8}); Bouton's rule for
// Nim, k = 1 (C. L. Bouton, Ann. Math. 3 (1901-02) 35-39; docs/theory.md §2); and
// small positions whose analysis by the move rules is written out beside them.
#include "grundy/rules/moore_closed_form.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <vector>

#include "grundy/core/error.h"

namespace grundy::moore {
namespace {

constexpr std::size_t kAll = std::numeric_limits<std::size_t>::max();
constexpr std::uint64_t kNoLimit = std::numeric_limits<std::uint64_t>::max();

bool contains(const std::vector<Position>& positions, const Position& p) {
  return std::find(positions.begin(), positions.end(), p) != positions.end();
}

// Columns of {12, 24, 6, 8, 8} are <1 0 2 1 0> mod 4 from bit 4 down, so the
// position is N; the move worked out by hand takes 16, 4 and 6 tokens from
// the first three heaps. Every choice of the algorithm is forced here (one
// heap has bit 4; then |S| = 1 = k+1-r at bit 3; exactly two heaps have
// bit 2), so docs/theory.md §2's algorithm makes that move.
TEST(MooreClosedForm, WorkedExample) {
  const Position start{12, 24, 6, 8, 8};
  const Position result{8, 8, 0, 8, 8};
  EXPECT_FALSE(is_p_position(start, 3));
  EXPECT_TRUE(is_p_position(result, 3));
  EXPECT_EQ(one_winning_move(start, 3), result);
  const OptionList all = winning_moves(start, 3, kAll);
  EXPECT_TRUE(all.complete);
  EXPECT_TRUE(contains(all.items, result));
  EXPECT_EQ(count_winning_moves(start, 3, kNoLimit), all.items.size());
}

// The column counts of the worked example, bit 0 first: 01100, 11000,
// 00110, 01000, 01000 hold 0, 1, 2, 4, 1 ones in bits 0..4.
TEST(MooreClosedForm, OnesPerColumn) {
  EXPECT_EQ(ones_per_column({12, 24, 6, 8, 8}, 5), (std::vector<std::uint64_t>{0, 1, 2, 4, 1}));
  EXPECT_EQ(ones_per_column({12, 24, 6, 8, 8}, 3), (std::vector<std::uint64_t>{0, 1, 2}));
  EXPECT_EQ(ones_per_column({}, 2), (std::vector<std::uint64_t>{0, 0}));
}

// Nim: {3, 4, 5} has nim-sum 2 and only 3 xor 2 = 1 < 3, so the one winning
// move is 3 -> 1; {1, 2, 3} has nim-sum 0.
TEST(MooreClosedForm, NimIsKEqualsOne) {
  EXPECT_FALSE(is_p_position({3, 4, 5}, 1));
  EXPECT_TRUE(is_p_position({1, 2, 3}, 1));
  EXPECT_TRUE(is_p_position({1, 4, 5}, 1));
  EXPECT_EQ(one_winning_move({3, 4, 5}, 1), (Position{1, 4, 5}));
  const OptionList all = winning_moves({3, 4, 5}, 1, kAll);
  EXPECT_TRUE(all.complete);
  EXPECT_EQ(all.items, (std::vector<Position>{{1, 4, 5}}));
  EXPECT_EQ(count_winning_moves({3, 4, 5}, 1, kNoLimit), 1U);
  EXPECT_EQ(one_winning_move({1, 2, 3}, 1), std::nullopt);
}

// k = 2, {1, 1, 1}: any move empties one or two heaps, and the opponent then
// empties the rest, so it is P (three ones in the column). {1, 1, 1, 1}: the
// winning moves empty exactly one heap (emptying two leaves {1, 1}, which the
// opponent empties): four moves, listed by the documented order (d = 1 new
// loose heap at bit 0, chosen in index order).
TEST(MooreClosedForm, KEqualsTwoOnOnes) {
  EXPECT_TRUE(is_p_position({1, 1, 1}, 2));
  EXPECT_FALSE(is_p_position({1, 1}, 2));
  EXPECT_FALSE(is_p_position({1, 1, 1, 1}, 2));
  const std::vector<Position> expected{{0, 1, 1, 1}, {1, 0, 1, 1}, {1, 1, 0, 1}, {1, 1, 1, 0}};
  const OptionList all = winning_moves({1, 1, 1, 1}, 2, kAll);
  EXPECT_TRUE(all.complete);
  EXPECT_EQ(all.items, expected);
  EXPECT_EQ(count_winning_moves({1, 1, 1, 1}, 2, kNoLimit), 4U);
  EXPECT_EQ(count_winning_moves({1, 1, 1, 1}, 2, 3), 3U);
  const OptionList two = winning_moves({1, 1, 1, 1}, 2, 2);
  EXPECT_FALSE(two.complete);
  EXPECT_EQ(two.items, (std::vector<Position>{{0, 1, 1, 1}, {1, 0, 1, 1}}));
}

// With k >= number of heaps a move may empty everything, so any non-empty
// position is N and emptying all heaps is its only winning move (any other
// result is non-empty, and the opponent empties it).
TEST(MooreClosedForm, KAtLeastHeapCountEmptiesEverything) {
  EXPECT_FALSE(is_p_position({5, 9}, 2));
  EXPECT_EQ(one_winning_move({5, 9}, 2), (Position{0, 0}));
  EXPECT_EQ(winning_moves({5, 9}, 2, kAll).items, (std::vector<Position>{{0, 0}}));
  EXPECT_EQ(count_winning_moves({5, 9}, 7, kNoLimit), 1U);
  const unsigned huge_k = std::numeric_limits<unsigned>::max();  // k+1 = 2^32 must not wrap
  EXPECT_FALSE(is_p_position({1}, huge_k));
  EXPECT_TRUE(is_p_position({0, 0, 0}, huge_k));
  EXPECT_EQ(one_winning_move({1, 6}, huge_k), (Position{0, 0}));
}

TEST(MooreClosedForm, TerminalPositionsAreP) {
  for (unsigned k : {1U, 2U, 5U}) {
    EXPECT_TRUE(is_p_position({}, k));
    EXPECT_TRUE(is_p_position({0, 0}, k));
    EXPECT_EQ(one_winning_move({}, k), std::nullopt);
    const OptionList none = winning_moves({0, 0}, k, kAll);
    EXPECT_TRUE(none.complete);
    EXPECT_TRUE(none.items.empty());
    EXPECT_EQ(count_winning_moves({}, k, kNoLimit), 0U);
  }
}

// 2^63 - 1 has the 63 low bits set: three copies fill each column with
// 3 = k+1 ones; with two copies and k = 2 both heaps must be emptied.
TEST(MooreClosedForm, LargestHeaps) {
  EXPECT_TRUE(is_p_position({kMaxHeap, kMaxHeap, kMaxHeap}, 2));
  EXPECT_TRUE(is_p_position({kMaxHeap, kMaxHeap}, 1));
  EXPECT_FALSE(is_p_position({kMaxHeap, kMaxHeap - 1}, 1));
  EXPECT_EQ(one_winning_move({kMaxHeap, kMaxHeap - 1}, 1), (Position{kMaxHeap - 1, kMaxHeap - 1}));
  EXPECT_EQ(winning_moves({kMaxHeap, kMaxHeap}, 2, kAll).items,
            (std::vector<Position>{{0, 0}}));
}

// Nim with nim-sum 3: each of the three non-empty heaps a has a xor 3 < a.
// one_winning_move takes the lowest-indexed heap with bit 1 set (the first
// column whose count is odd), as its header says.
TEST(MooreClosedForm, LargestHeapsInNim) {
  const Position start{kMaxHeap, 2, kMaxHeap - 1, 0};
  std::vector<Position> expected{{kMaxHeap - 3, 2, kMaxHeap - 1, 0},
                                 {kMaxHeap, 1, kMaxHeap - 1, 0},
                                 {kMaxHeap, 2, kMaxHeap - 2, 0}};
  OptionList all = winning_moves(start, 1, kAll);
  std::sort(all.items.begin(), all.items.end());
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(all.items, expected);
  EXPECT_EQ(one_winning_move(start, 1), (Position{kMaxHeap - 3, 2, kMaxHeap - 1, 0}));
}

TEST(MooreClosedForm, LimitZero) {
  const OptionList n_position = winning_moves({1}, 1, 0);
  EXPECT_TRUE(n_position.items.empty());
  EXPECT_FALSE(n_position.complete);  // {0} is reachable and not listed
  EXPECT_TRUE(winning_moves({1, 1}, 1, 0).complete);
  EXPECT_EQ(count_winning_moves({1}, 1, 0), 0U);
}

TEST(MooreClosedForm, KZeroIsRejected) {
  EXPECT_THROW(is_p_position({1}, 0), InputError);
  EXPECT_THROW(one_winning_move({1}, 0), InputError);
  EXPECT_THROW(winning_moves({1}, 0, 1), InputError);
  EXPECT_THROW(count_winning_moves({1}, 0, 1), InputError);
}

}  // namespace
}  // namespace grundy::moore
