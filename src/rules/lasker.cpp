#include "grundy/rules/lasker.h"

#include "grundy/rules/take_and_break.h"

namespace grundy {

std::optional<TakeAndBreak> Lasker::as_code() const { return TakeAndBreak::parse("4.[3]"); }

Nimber Lasker::value(Heap n) {
  if (n == 0) return 0;
  switch (n % 4) {
    case 0: return n - 1;
    case 3: return n + 1;
    default: return n;
  }
}

Heap Lasker::heap_with_value(Nimber v) {
  if (v == 0) return 0;
  switch (v % 4) {
    case 0: return v - 1;  // G(4q+3) = 4q+4
    case 3: return v + 1;  // G(4q+4) = 4q+3
    default: return v;
  }
}

void Lasker::for_each_heap_option(Heap n, const HeapOptionVisitor& visit) const {
  HeapOption option;
  for (Heap left = n; left-- > 0;) {
    option.part_count = left ? 1 : 0;
    option.parts[0] = left;
    if (!visit(option)) return;
  }
  option.part_count = 2;
  for (Heap a = 1; a <= n / 2; ++a) {
    option.parts[0] = a;
    option.parts[1] = n - a;
    if (!visit(option)) return;
  }
}

std::uint64_t Lasker::compute_cost(Heap last) const {
  return detail::saturating_mul(last + 1, last + last / 2 + 1);
}

bool Lasker::for_each_heap_option_with_value(Heap n, Nimber target,
                                             const HeapOptionVisitor& visit) const {
  HeapOption option;
  // Removals: the one heap below n with value `target`.
  const Heap left = heap_with_value(target);
  if (left < n) {
    option.part_count = left ? 1 : 0;
    option.parts[0] = left;
    if (!visit(option)) return true;
  }
  // Splits a + b = n with a <= b. Write a = 4α + r with r in 1..4; then
  // G(a) = 4(α + e_r) + ρ_r with (e, ρ) = (0,1), (0,2), (1,0), (0,3) for
  // r = 1..4. So G(a) xor G(b) = target splits into the low two bits,
  // ρ_r xor ρ_s = target mod 4, and A xor B = T = target / 4 with
  // A + B = C known. Such (A, B) exist iff D = C - T is even, non-negative and
  // (D/2) & T = 0; they are A = D/2 + S, B = D/2 + (T - S) for every subset S
  // of the bits of T (A + B = (A xor B) + 2 (A and B)).
  static constexpr Heap kE[5] = {0, 0, 0, 1, 0};
  static constexpr Heap kRho[5] = {0, 1, 2, 0, 3};
  option.part_count = 2;
  const Nimber high = target >> 2;
  for (Heap r = 1; r <= 4; ++r) {
    for (Heap s = 1; s <= 4; ++s) {
      if ((kRho[r] ^ kRho[s]) != (target & 3)) continue;
      if (n < r + s || (n - r - s) % 4 != 0) continue;
      const Heap c = (n - r - s) / 4 + kE[r] + kE[s];
      if (c < high || (c - high) % 2 != 0) continue;
      const Heap shared = (c - high) / 2;
      if (shared & high) continue;
      for (Nimber subset = high;; subset = (subset - 1) & high) {
        const Heap big_a = shared + subset, big_b = shared + (high ^ subset);
        if (big_a >= kE[r] && big_b >= kE[s]) {
          const Heap a = 4 * (big_a - kE[r]) + r, b = 4 * (big_b - kE[s]) + s;
          if (a <= b) {
            option.parts[0] = a;
            option.parts[1] = b;
            if (!visit(option)) return true;
          }
        }
        if (subset == 0) break;
      }
    }
  }
  return true;
}

}  // namespace grundy
