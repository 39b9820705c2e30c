// Nim multiplication: the product that, with nim-sum as addition, makes the
// nimbers below 2^(2^k) a field (docs/theory.md §7).
#pragma once

#include "grundy/core/types.h"

namespace grundy {

// a ⊗ b in the field of nimbers below 2^64. Commutative, associative,
// distributive over nim_sum, with 1 as identity. Uses the CPU's carry-less
// multiplication where there is one (x86-64 PCLMULQDQ, checked at run time),
// else log/exp tables of the 16-bit field; both give the same products.
Nimber nim_product(Nimber a, Nimber b);

// a ⊗ a.
Nimber nim_square(Nimber a);

// The b with a ⊗ b = 1. Requires a != 0 (asserted): 0 has no inverse, so a
// caller that can see 0 must rule it out first.
Nimber nim_inverse(Nimber a);

}  // namespace grundy
