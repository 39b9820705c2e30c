// Literal checks of the Wythoff closed form against published values:
// docs/theory.md §8 (OEIS A000201 lower Wythoff sequence, A001950 upper Wythoff
// sequence, both extended with a_0 = b_0 = 0) and the first P-positions
// (0,0), (1,2), (3,5), (4,7), (6,10) of Wythoff 1907.
#include "grundy/rules/wythoff_closed_form.h"

#include <gtest/gtest.h>

#include <utility>
#include <vector>

#include "grundy/core/error.h"

namespace grundy::wythoff {
namespace {

using Moves = std::vector<std::pair<Heap, Heap>>;

TEST(WythoffClosedForm, IsqrtLiterals) {
  EXPECT_EQ(isqrt_u128(0), 0U);
  EXPECT_EQ(isqrt_u128(1), 1U);
  EXPECT_EQ(isqrt_u128(3), 1U);
  EXPECT_EQ(isqrt_u128(4), 2U);
  EXPECT_EQ(isqrt_u128(99), 9U);
  EXPECT_EQ(isqrt_u128(100), 10U);
  EXPECT_EQ(isqrt_u128(Uint128{1} << 126), Heap{1} << 63);
  EXPECT_EQ(isqrt_u128((Uint128{1} << 126) - 1), (Heap{1} << 63) - 1);
  EXPECT_EQ(isqrt_u128(~Uint128{0}), ~Heap{0});  // 2^128 - 1 -> 2^64 - 1
  static_assert(isqrt_u128(1'000'000'000'000) == 1'000'000);
}

TEST(WythoffClosedForm, LowerSequenceA000201) {
  // docs/theory.md §8; A000201 from n = 1, preceded by a_0 = 0.
  const std::vector<Heap> expected = {0, 1, 3, 4, 6, 8, 9, 11, 12, 14, 16, 17, 19};
  for (Heap k = 0; k < expected.size(); ++k) EXPECT_EQ(lower(k), expected[k]) << "k=" << k;
}

TEST(WythoffClosedForm, UpperSequenceA001950) {
  // docs/theory.md §8; A001950 from n = 1, preceded by b_0 = 0.
  const std::vector<Heap> expected = {0, 2, 5, 7, 10, 13, 15, 18, 20};
  for (Heap k = 0; k < expected.size(); ++k) EXPECT_EQ(upper(k), expected[k]) << "k=" << k;
}

TEST(WythoffClosedForm, FirstPPositions) {
  const std::vector<std::pair<Heap, Heap>> first = {{0, 0}, {1, 2}, {3, 5}, {4, 7}, {6, 10}};
  for (const auto& [a, b] : first) {
    EXPECT_TRUE(is_p_position(a, b)) << a << "," << b;
    EXPECT_TRUE(is_p_position(b, a)) << b << "," << a;
    EXPECT_EQ(partner(a), b);
    EXPECT_EQ(partner(b), a);
    EXPECT_TRUE(winning_moves(a, b).empty());
    EXPECT_TRUE(winning_moves(b, a).empty());
  }
}

TEST(WythoffClosedForm, NPositionsNearFirstPPairs) {
  EXPECT_FALSE(is_p_position(0, 1));
  EXPECT_FALSE(is_p_position(1, 1));
  EXPECT_FALSE(is_p_position(2, 2));
  EXPECT_FALSE(is_p_position(3, 4));
  EXPECT_FALSE(is_p_position(3, 6));
  EXPECT_FALSE(is_p_position(4, 6));
  EXPECT_FALSE(is_p_position(5, 7));
  EXPECT_FALSE(is_p_position(6, 9));
}

// Moves worked out by hand from the first P-pairs and the move rules.
TEST(WythoffClosedForm, WinningMovesByHand) {
  // (2,2): 1 from the first, 1 from the second, or 2 from both.
  EXPECT_EQ(winning_moves(2, 2), (Moves{{0, 0}, {1, 2}, {2, 1}}));
  // (4,4): partner(4) = 7 is too large, so only both heaps to 0.
  EXPECT_EQ(winning_moves(4, 4), (Moves{{0, 0}}));
  // (6,7): d = 1 gives (1,2); partner(7) = 4 < 6 gives (4,7); partner(6) = 10 > 7.
  EXPECT_EQ(winning_moves(6, 7), (Moves{{1, 2}, {4, 7}}));
  EXPECT_EQ(winning_moves(7, 6), (Moves{{2, 1}, {7, 4}}));
  // (10,10): both to 0, first to 6, second to 6.
  EXPECT_EQ(winning_moves(10, 10), (Moves{{0, 0}, {6, 10}, {10, 6}}));
  // (0,5): only the second heap can move; partner(0) = 0.
  EXPECT_EQ(winning_moves(0, 5), (Moves{{0, 0}}));
}

TEST(WythoffClosedForm, LimitsAtTwoToThe63) {
  EXPECT_THROW(lower(kMaxHeap), LimitError);
  EXPECT_THROW(upper(kMaxHeap), LimitError);
  EXPECT_THROW(lower(~Heap{0}), LimitError);
  EXPECT_THROW(is_p_position(kMaxHeap + 1, 0), LimitError);
  EXPECT_THROW(is_p_position(0, kMaxHeap + 1), LimitError);
  EXPECT_THROW(partner(kMaxHeap + 1), LimitError);
  EXPECT_THROW(winning_moves(kMaxHeap + 1, 1), LimitError);
  EXPECT_NO_THROW(is_p_position(kMaxHeap, kMaxHeap));
  EXPECT_NO_THROW(winning_moves(kMaxHeap, kMaxHeap));
  EXPECT_NO_THROW(winning_moves(0, kMaxHeap));
  // (x, x) with x > 0 is never P; from (M, M) one move empties both heaps.
  EXPECT_FALSE(is_p_position(kMaxHeap, kMaxHeap));
  EXPECT_EQ(winning_moves(kMaxHeap, kMaxHeap).front(), (std::pair<Heap, Heap>{0, 0}));
}

}  // namespace
}  // namespace grundy::wythoff
