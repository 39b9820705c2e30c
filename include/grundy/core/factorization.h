// Factoring 64-bit integers, for rules whose moves depend on the divisors of
// a heap (the Divisor Game, rules/subtraction.h): listing the divisors of a
// heap near 2^63 by trial division up to its square root takes seconds,
// while from its prime factors they come at once.
//
// Description: Miller-Rabin with the first twelve primes as bases, which is
//   exact for every n < 3.3 x 10^24 (so for every 64-bit n), and Pollard's
//   rho with Brent's cycle finding for the factors left after trial division
//   by the primes below 64. Products modulo n are taken in 128-bit integers.
// Source: G. L. Miller, Riemann's hypothesis and tests for primality (1976)
//   and M. O. Rabin, Probabilistic algorithm for testing primality (1980);
//   the bases: J. Sorenson and J. Webster, Strong pseudoprimes to twelve
//   prime bases, Math. Comp. 86 (2017); J. M. Pollard, A Monte Carlo method
//   for factorization, BIT 15 (1975); R. P. Brent, An improved Monte Carlo
//   factorization algorithm, BIT 20 (1980).
// Time: about n^(1/4) steps of rho for the largest factor pair, each a few
//   128-bit products.
// Status: tests/unit/factorization_test.cpp (against trial division on
//   random numbers, primes, prime squares, Carmichael numbers and 2^63 - 1).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

namespace grundy {

// Whether n is prime (exact).
bool is_prime(std::uint64_t n);

// The prime factors of n >= 1 with their exponents, ascending (none for 1).
std::vector<std::pair<std::uint64_t, unsigned>> prime_factors(std::uint64_t n);

// Every divisor of n >= 1, ascending.
std::vector<std::uint64_t> divisors(std::uint64_t n);

}  // namespace grundy
