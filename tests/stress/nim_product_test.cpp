#include "grundy/core/nim_product.h"
#include "core/nim_product_detail.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>

namespace grundy::nim_product_test {
namespace {

constexpr std::uint64_t kSeed = 20240607;

// Random 64-bit nimbers that also hit the branch-free zero handling of the
// tables: each 16-bit chunk is, with some probability, 0, 1 or equal to the
// chunk below, and the width is random.
class NimberSource {
 public:
  explicit NimberSource(std::uint64_t seed) : engine_(seed) {}
  Nimber next() {
    Nimber x = engine_();
    for (unsigned chunk = 0; chunk < 4; ++chunk) {
      const unsigned roll = static_cast<unsigned>(engine_() % 8);
      const Nimber mask = Nimber{0xffff} << (16 * chunk);
      if (roll == 0) x &= ~mask;
      if (roll == 1) x = (x & ~mask) | (Nimber{1} << (16 * chunk));
      if (roll == 2 && chunk > 0) x = (x & ~mask) | ((x << 16) & mask);
    }
    const unsigned width = static_cast<unsigned>(engine_() % 65);
    if (engine_() % 2 == 0 && width < 64) x &= (Nimber{1} << width) - 1;
    return x;
  }

 private:
  std::mt19937_64 engine_;
};

TEST(NimProductStress, MatchesDefinitionBelow256) {
  // All products of nimbers below 256 against the mex definition: the naive
  // table costs about a second in Release.
  for (Nimber a = 0; a < detail::kNimProductNaiveLimit; ++a) {
    for (Nimber b = 0; b < detail::kNimProductNaiveLimit; ++b) {
      const Nimber expected = detail::nim_product_naive(a, b);
      ASSERT_EQ(nim_product(a, b), expected) << a << " ⊗ " << b;
      ASSERT_EQ(detail::nim_product_tables(a, b), expected) << a << " ⊗ " << b;
      ASSERT_EQ(detail::nim_product_half_split(a, b), expected) << a << " ⊗ " << b;
    }
  }
}

// nim_product may take the carry-less path (see nim_product_is_carryless);
// nim_product_tables is the portable path; both are checked.
TEST(NimProductStress, MatchesHalfSplitOnRandomValues) {
  NimberSource source(kSeed);
  for (int i = 0; i < 20000; ++i) {
    const Nimber a = source.next(), b = source.next();
    const Nimber expected = detail::nim_product_half_split(a, b);
    ASSERT_EQ(nim_product(a, b), expected)
        << "seed " << kSeed << ", case " << i << ": " << a << " ⊗ " << b;
    ASSERT_EQ(detail::nim_product_tables(a, b), expected)
        << "seed " << kSeed << ", case " << i << ": " << a << " ⊗ " << b;
    ASSERT_EQ(nim_square(a), detail::nim_product_half_split(a, a))
        << "seed " << kSeed << ", case " << i << ": square of " << a;
  }
}

TEST(NimProductStress, FieldIdentities) {
  NimberSource source(kSeed + 1);
  for (int i = 0; i < 100000; ++i) {
    const Nimber a = source.next(), b = source.next(), c = source.next();
    SCOPED_TRACE(::testing::Message() << "seed " << kSeed + 1 << ", case " << i << ": a = " << a
                                    << ", b = " << b << ", c = " << c);
    const Nimber ab = nim_product(a, b);
    ASSERT_EQ(ab, nim_product(b, a));
    ASSERT_EQ(ab, detail::nim_product_tables(a, b));
    ASSERT_EQ(nim_product(ab, c), nim_product(a, nim_product(b, c)));
    ASSERT_EQ(nim_product(a, b ^ c), ab ^ nim_product(a, c));
    ASSERT_EQ(nim_product(a, 1), a);
    ASSERT_EQ(nim_square(a), nim_product(a, a));
    if (a != 0) {
      ASSERT_EQ(nim_product(a, nim_inverse(a)), 1U);
      if (b != 0) {
        ASSERT_EQ(nim_inverse(ab), nim_product(nim_inverse(a), nim_inverse(b)));
      }
    }
  }
}

// a^-1 = a^(2^64 - 2) in the multiplicative group of order 2^64 - 1, by
// square-and-multiply on the table-free twin.
TEST(NimProductStress, InverseMatchesPower) {
  NimberSource source(kSeed + 2);
  for (int i = 0; i < 100; ++i) {
    const Nimber a = source.next() | 1;
    Nimber power = 1;
    for (int bit = 63; bit >= 0; --bit) {
      power = detail::nim_product_half_split(power, power);
      if (bit != 0) power = detail::nim_product_half_split(power, a);  // exponent 11…10
    }
    ASSERT_EQ(nim_inverse(a), power) << "seed " << kSeed + 2 << ", case " << i << ": " << a;
  }
}

}  // namespace
}  // namespace grundy::nim_product_test
