#include "grundy/core/nimber.h"

#include "support/mex_naive.h"

#include <gtest/gtest.h>

namespace grundy::nimber_test {
namespace {

TEST(Nimber, NimSum) {
  EXPECT_EQ(nim_sum(3, 5), 6u);
  EXPECT_EQ(nim_sum_of(std::vector<Nimber>{1, 2, 3}), 0u);
  // Worked by hand in binary: 14 xor 21 = 27, 55 xor 81 = 102, 29 xor 45 = 48.
  EXPECT_EQ(nim_sum(14, 21), 27u);
  EXPECT_EQ(nim_sum(55, 81), 102u);
  EXPECT_EQ(nim_sum(29, 45), 48u);
}

TEST(Nimber, Mex) {
  EXPECT_EQ(mex_naive({}), 0u);
  EXPECT_EQ(mex_naive({2, 3, 4}), 0u);  // 0 is missing
  EXPECT_EQ(mex_naive({0, 1, 3}), 2u);
  EXPECT_EQ(mex_of_mask(0b1011), 2u);
  EXPECT_EQ(mex_of_mask(~std::uint64_t{0}), 64u);
}

TEST(Nimber, MexSetAgreesWithNaiveAndResets) {
  MexSet s;
  for (Nimber v : {0, 1, 2, 63, 64, 65, 200}) s.insert(v);
  EXPECT_EQ(s.mex(), 3u);
  EXPECT_TRUE(s.contains(200));
  EXPECT_FALSE(s.contains(201));
  s.clear();
  EXPECT_EQ(s.mex(), 0u);
  for (Nimber v = 0; v < 130; ++v) s.insert(v);
  EXPECT_EQ(s.mex(), 130u);
}

}  // namespace
}  // namespace grundy::nimber_test
