#include "grundy/core/nim_product.h"
#include "core/nim_product_detail.h"

#include <gtest/gtest.h>

#include <cstdint>

namespace grundy::nim_product_test {
namespace {

// The nim-multiplication table of 0..15: Berlekamp, Conway, Guy, Winning Ways,
// ch. 14 (reproduced in Wikipedia's "Nimber" article). Each entry is checked
// against the definition (nim_product_naive) as well as the fast product.
constexpr std::uint8_t kWinningWaysTable[16][16] = {
    {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
    {0, 2, 3, 1, 8, 10, 11, 9, 12, 14, 15, 13, 4, 6, 7, 5},
    {0, 3, 1, 2, 12, 15, 13, 14, 4, 7, 5, 6, 8, 11, 9, 10},
    {0, 4, 8, 12, 6, 2, 14, 10, 11, 15, 3, 7, 13, 9, 5, 1},
    {0, 5, 10, 15, 2, 7, 8, 13, 3, 6, 9, 12, 1, 4, 11, 14},
    {0, 6, 11, 13, 14, 8, 5, 3, 7, 1, 12, 10, 9, 15, 2, 4},
    {0, 7, 9, 14, 10, 13, 3, 4, 15, 8, 6, 1, 5, 2, 12, 11},
    {0, 8, 12, 4, 11, 3, 7, 15, 13, 5, 1, 9, 6, 14, 10, 2},
    {0, 9, 14, 7, 15, 6, 1, 8, 5, 12, 11, 2, 10, 3, 4, 13},
    {0, 10, 15, 5, 3, 9, 12, 6, 1, 11, 14, 4, 2, 8, 13, 7},
    {0, 11, 13, 6, 7, 12, 10, 1, 9, 2, 4, 15, 14, 5, 3, 8},
    {0, 12, 4, 8, 13, 1, 9, 5, 6, 10, 2, 14, 11, 7, 15, 3},
    {0, 13, 6, 11, 9, 4, 15, 2, 14, 3, 8, 5, 7, 10, 1, 12},
    {0, 14, 7, 9, 5, 11, 2, 12, 10, 4, 13, 3, 15, 1, 8, 6},
    {0, 15, 5, 10, 1, 14, 4, 11, 2, 13, 7, 8, 3, 12, 6, 9},
};

TEST(NimProduct, WinningWaysTable) {
  for (Nimber a = 0; a < 16; ++a) {
    for (Nimber b = 0; b < 16; ++b) {
      SCOPED_TRACE(::testing::Message() << a << " ⊗ " << b);
      const Nimber expected = kWinningWaysTable[a][b];
      EXPECT_EQ(detail::nim_product_naive(a, b), expected);
      EXPECT_EQ(nim_product(a, b), expected);
      EXPECT_EQ(detail::nim_product_tables(a, b), expected);
      EXPECT_EQ(detail::nim_product_half_split(a, b), expected);
    }
  }
}

TEST(NimProduct, SmallLiterals) {
  // Entries of the Winning Ways table above, and 16 ⊗ 16 = 24 from ONAG ch. 6
  // (F ⊗ F = 3F/2); each also checked by definition.
  struct Case {
    Nimber a, b, product;
  };
  constexpr Case kCases[] = {
      {2, 2, 3}, {2, 3, 1}, {3, 3, 2}, {4, 4, 6}, {8, 8, 13}, {2, 4, 8}, {4, 8, 11},
      {16, 16, 24},
  };
  for (const Case& c : kCases) {
    SCOPED_TRACE(::testing::Message() << c.a << " ⊗ " << c.b);
    EXPECT_EQ(detail::nim_product_naive(c.a, c.b), c.product);
    EXPECT_EQ(nim_product(c.a, c.b), c.product);
    EXPECT_EQ(nim_product(c.b, c.a), c.product);
    EXPECT_EQ(detail::nim_product_tables(c.a, c.b), c.product);
  }
}

// ONAG ch. 6: for a Fermat 2-power F = 2^(2^n), F ⊗ F = (3/2)·F and x ⊗ F = x·F
// (ordinary product) for every x < F; distinct Fermat 2-powers multiply as
// integers.
TEST(NimProduct, FermatTwoPowers) {
  constexpr Nimber kFermat[] = {2, 4, 16, 256, 65536, Nimber{1} << 32};
  for (Nimber f : kFermat) {
    SCOPED_TRACE(::testing::Message() << "F = " << f);
    EXPECT_EQ(nim_product(f, f), f + f / 2);
    EXPECT_EQ(detail::nim_product_tables(f, f), f + f / 2);
    EXPECT_EQ(nim_square(f), f + f / 2);
    for (Nimber x : {Nimber{0}, Nimber{1}, f / 2, f - 1, f / 3}) {
      EXPECT_EQ(nim_product(x, f), x * f) << "x = " << x;
      EXPECT_EQ(detail::nim_product_tables(x, f), x * f) << "x = " << x;
    }
  }
  EXPECT_EQ(nim_product(4, 16), 64U);
  EXPECT_EQ(nim_product(16, 256), 4096U);
  EXPECT_EQ(nim_product(256, 65536), Nimber{1} << 24);
  EXPECT_EQ(nim_product(65536, Nimber{1} << 32), Nimber{1} << 48);
  // (2·16·256) ⊗ (4·65536·2^32) = (2 ⊗ 4) ⊗ 16 ⊗ 256 ⊗ 65536 ⊗ 2^32 = 8·2^60.
  EXPECT_EQ(nim_product(2 * 16 * 256, 4 * 65536 * (Nimber{1} << 32)), Nimber{1} << 63);
}

TEST(NimProduct, SquareAndInverseOnTable) {
  for (Nimber a = 0; a < 16; ++a) EXPECT_EQ(nim_square(a), kWinningWaysTable[a][a]) << a;
  // The inverse of a is the b whose table entry is 1.
  for (Nimber a = 1; a < 16; ++a) {
    Nimber inverse = 0;
    for (Nimber b = 1; b < 16; ++b)
      if (kWinningWaysTable[a][b] == 1) inverse = b;
    EXPECT_EQ(nim_inverse(a), inverse) << a;
  }
}

TEST(NimProduct, IdentityAndZero) {
  constexpr Nimber kValues[] = {0, 1, 2, 255, 256, 65535, 0x123456789abcdefULL,
                                ~Nimber{0}};
  for (Nimber a : kValues) {
    EXPECT_EQ(nim_product(a, 1), a);
    EXPECT_EQ(nim_product(1, a), a);
    EXPECT_EQ(nim_product(a, 0), 0U);
    EXPECT_EQ(nim_product(0, a), 0U);
  }
  EXPECT_EQ(nim_inverse(1), 1U);
}

}  // namespace
}  // namespace grundy::nim_product_test
