// The methods behind nim_product (grundy/core/nim_product.h) and its
// by-definition twins, for the library's own tests and benchmarks: not part
// of the public interface.
#pragma once

#include "grundy/core/types.h"

namespace grundy {
namespace detail {

// The bound on the arguments of nim_product_naive.
inline constexpr Nimber kNimProductNaiveLimit = 256;

// a ⊗ b from log/exp tables of the 16-bit field: the portable path of
// nim_product, exposed so that tests and benchmarks reach it on any CPU.
Nimber nim_product_tables(Nimber a, Nimber b);

// Whether nim_product takes the carry-less path on this CPU.
bool nim_product_is_carryless();

// a ⊗ b by Conway's definition, mex{ a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a, b' < b }:
// the by-definition twin of nim_product, for tests. Requires a, b < 256
// (asserted). Memoised: a call beyond the current table refills it up to the
// next power of two n (at least 16), in O(n^4) steps, about a second for
// n = 256.
Nimber nim_product_naive(Nimber a, Nimber b);

// a ⊗ b by the half-split recursion of docs/theory.md §7, with no tables: the
// second twin of nim_product, for tests on 64-bit values. Some 10^4 steps
// for random 64-bit arguments.
Nimber nim_product_half_split(Nimber a, Nimber b);

}  // namespace detail

}  // namespace grundy
