#include "grundy/core/factorization.h"

#include <algorithm>
#include <numeric>

#include "grundy/core/error.h"

namespace grundy {

namespace {

using u64 = std::uint64_t;
// GCC and Clang (also for WebAssembly) have 128-bit integers.
__extension__ typedef unsigned __int128 u128;

u64 mul_mod(u64 a, u64 b, u64 m) { return static_cast<u64>(static_cast<u128>(a) * b % m); }

u64 pow_mod(u64 base, u64 exponent, u64 m) {
  u64 result = 1 % m;
  base %= m;
  while (exponent > 0) {
    if (exponent & 1) result = mul_mod(result, base, m);
    base = mul_mod(base, base, m);
    exponent >>= 1;
  }
  return result;
}

// One round of Miller-Rabin: false when `a` witnesses that odd n > 2 is
// composite (n - 1 = d 2^s, d odd).
bool strong_probable_prime(u64 n, u64 a, u64 d, unsigned s) {
  u64 x = pow_mod(a, d, n);
  if (x == 1 || x == n - 1) return true;
  for (unsigned r = 1; r < s; ++r) {
    x = mul_mod(x, x, n);
    if (x == n - 1) return true;
  }
  return false;
}

constexpr u64 kSmallPrimes[] = {2,  3,  5,  7,  11, 13, 17, 19, 23, 29, 31,
                                37, 41, 43, 47, 53, 59, 61};

// A non-trivial factor of the composite odd n (Pollard's rho, Brent's
// variant, products of 128 differences between gcds).
u64 rho_factor(u64 n) {
  for (u64 c = 1;; ++c) {
    const auto f = [&](u64 x) {
      return static_cast<u64>((static_cast<u128>(mul_mod(x, x, n)) + c) % n);
    };
    u64 y = 2, x = 2, g = 1, q = 1, ys = 2;
    u64 r = 1;
    constexpr u64 kBatch = 128;
    do {
      x = y;
      for (u64 i = 0; i < r; ++i) y = f(y);
      u64 k = 0;
      do {
        ys = y;
        for (u64 i = 0; i < std::min(kBatch, r - k); ++i) {
          y = f(y);
          q = mul_mod(q, x > y ? x - y : y - x, n);
        }
        g = std::gcd(q, n);
        k += kBatch;
      } while (k < r && g == 1);
      r *= 2;
    } while (g == 1);
    if (g == n) {
      // The batch overshot: step back one difference at a time.
      do {
        ys = f(ys);
        g = std::gcd(x > ys ? x - ys : ys - x, n);
      } while (g == 1);
    }
    if (g != n) return g;
  }
}

// n has no prime factor below 64 (kSmallPrimes).
void factor_into(u64 n, std::vector<u64>& primes) {
  if (n == 1) return;
  // Without a factor below 64, a number below 67^2 is prime.
  if (n < 67 * 67 || is_prime(n)) {
    primes.push_back(n);
    return;
  }
  const u64 d = rho_factor(n);
  factor_into(d, primes);
  factor_into(n / d, primes);
}

}  // namespace

bool is_prime(std::uint64_t n) {
  if (n < 2) return false;
  for (u64 p : kSmallPrimes) {
    if (n == p) return true;
    if (n % p == 0) return false;
  }
  u64 d = n - 1;
  unsigned s = 0;
  while ((d & 1) == 0) {
    d >>= 1;
    ++s;
  }
  // The first twelve primes as bases decide every n < 3.3 x 10^24.
  for (u64 a : {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37})
    if (!strong_probable_prime(n, a, d, s)) return false;
  return true;
}

std::vector<std::pair<std::uint64_t, unsigned>> prime_factors(std::uint64_t n) {
  GRUNDY_ASSERT(n >= 1);
  std::vector<u64> primes;
  for (u64 p : kSmallPrimes)
    while (n % p == 0) {
      primes.push_back(p);
      n /= p;
    }
  factor_into(n, primes);
  std::sort(primes.begin(), primes.end());
  std::vector<std::pair<std::uint64_t, unsigned>> factors;
  for (u64 p : primes) {
    if (!factors.empty() && factors.back().first == p)
      ++factors.back().second;
    else
      factors.emplace_back(p, 1);
  }
  return factors;
}

std::vector<std::uint64_t> divisors(std::uint64_t n) {
  std::vector<u64> result{1};
  for (const auto& [p, e] : prime_factors(n)) {
    const std::size_t before = result.size();
    u64 power = 1;
    for (unsigned i = 0; i < e; ++i) {
      power *= p;
      for (std::size_t j = 0; j < before; ++j) result.push_back(result[j] * power);
    }
  }
  std::sort(result.begin(), result.end());
  return result;
}

}  // namespace grundy
