// core/factorization.h against its by-definition twin, trial division, on
// random numbers below 10^12 and on the cases that trip factoring programs:
// primes, squares and higher powers of primes, Carmichael numbers (strong
// pseudoprimes to some bases), the largest 64-bit values and 2^63 - 1,
// whose factorization 7^2 * 73 * 127 * 337 * 92737 * 649657 is in every
// table of Mersenne numbers (OEIS A001265 lists the factors of 2^n - 1).
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <utility>
#include <vector>

#include "grundy/core/factorization.h"

namespace grundy::factorization_test {
namespace {

using Factors = std::vector<std::pair<std::uint64_t, unsigned>>;

Factors by_trial_division(std::uint64_t n) {
  Factors factors;
  for (std::uint64_t p = 2; p * p <= n; ++p) {
    unsigned e = 0;
    while (n % p == 0) {
      n /= p;
      ++e;
    }
    if (e > 0) factors.emplace_back(p, e);
  }
  if (n > 1) factors.emplace_back(n, 1);
  return factors;
}

std::vector<std::uint64_t> divisors_by_definition(std::uint64_t n) {
  std::vector<std::uint64_t> small, large;
  for (std::uint64_t d = 1; d * d <= n; ++d)
    if (n % d == 0) {
      small.push_back(d);
      if (d != n / d) large.insert(large.begin(), n / d);
    }
  small.insert(small.end(), large.begin(), large.end());
  return small;
}

TEST(Factorization, AgreesWithTrialDivision) {
  std::mt19937_64 rng(20261129);
  for (int i = 0; i < 2000; ++i) {
    const std::uint64_t n = 1 + rng() % 1'000'000'000'000;
    ASSERT_EQ(prime_factors(n), by_trial_division(n)) << n;
  }
  for (std::uint64_t n = 1; n <= 5000; ++n) {
    ASSERT_EQ(prime_factors(n), by_trial_division(n)) << n;
    ASSERT_EQ(divisors(n), divisors_by_definition(n)) << n;
    ASSERT_EQ(is_prime(n), (by_trial_division(n) == Factors{{n, 1}})) << n;
  }
}

TEST(Factorization, HardCases) {
  // Carmichael numbers and strong pseudoprimes to base 2.
  for (const std::uint64_t n : {561ULL, 41041ULL, 825265ULL, 3215031751ULL, 2152302898747ULL,
                                3474749660383ULL, 341550071728321ULL})
    EXPECT_EQ(prime_factors(n), by_trial_division(n)) << n;
  EXPECT_EQ(prime_factors((std::uint64_t{1} << 63) - 1),
            (Factors{{7, 2}, {73, 1}, {127, 1}, {337, 1}, {92737, 1}, {649657, 1}}));
  // The largest primes below 2^63 and 2^64, a product of two primes near
  // 2^32, and a prime's square and cube.
  EXPECT_TRUE(is_prime(9223372036854775783ULL));
  EXPECT_TRUE(is_prime(18446744073709551557ULL));
  EXPECT_EQ(prime_factors(4294967291ULL * 4294967279ULL),
            (Factors{{4294967279ULL, 1}, {4294967291ULL, 1}}));
  EXPECT_EQ(prime_factors(4294967291ULL * 4294967291ULL), (Factors{{4294967291ULL, 2}}));
  EXPECT_EQ(prime_factors(2097143ULL * 2097143ULL * 2097143ULL), (Factors{{2097143ULL, 3}}));
  EXPECT_EQ(prime_factors(std::uint64_t{1} << 63), (Factors{{2, 63}}));
  EXPECT_EQ(divisors(std::uint64_t{1} << 40).size(), 41u);
  const std::vector<std::uint64_t> d = divisors(735134400);  // 1344 divisors, highly composite
  EXPECT_EQ(d.size(), 1344u);
  EXPECT_EQ(d, divisors_by_definition(735134400));
}

}  // namespace
}  // namespace grundy::factorization_test
