// Subtraction games: a move removes k tokens from one heap, for k in a set
// that may depend on the heap (docs/theory.md §2-§3).
//
// Description: bash:M (k in 1..M, closed form G(n) = n mod (M+1));
//   subtract:S (k in a finite set S); allbut:S (any k >= 1 not in S);
//   squares (k a positive square); fibonacci (k a Fibonacci number);
//   divisor (k a proper divisor of n: the Divisor Game, LeetCode 1025;
//   closed form G(n) = the exponent of 2 in n for n >= 1, G(0) = 0. Write
//   n = 2^k m, m odd. For j < k, taking 2^j m leaves 2^j m (2^(k-j) - 1),
//   whose exponent of 2 is j: every value below k is an option's. Taking
//   a divisor 2^i m' (m' | m, i <= k) leaves an exponent i < k when i < k,
//   and when i = k leaves 2^k (m - m'), m - m' even and positive: an
//   exponent above k. So no option has exponent k, and G(n) = k by
//   induction on n);
//   powers2 (k a power of two, closed form G(n) = n mod 3: every power of
//   two is 1 or 2 mod 3, so no option of n has n's residue, while n - 1 and
//   n - 2 have the two others).
// Source: WW ch. 4; docs/theory.md §2; LeetCode 292 (Bash, M = 3), AcWing 893
//   (subtraction set), LeetCode 1025 (divisor), LeetCode 1510 (squares).
// Time: options of heap n: |S|, n, sqrt(n), log n, sqrt(n), log n
//   respectively; powers2's values cost nothing.
// Status: each G(n) compared with the naive mex over the options to n = 200
//   and with the equivalent take-and-break code (tests/stress).
#pragma once

#include <bit>
#include <vector>

#include "grundy/rules/heap_ruleset.h"

namespace grundy {

class SubtractionRuleset : public HeapRuleset {
 public:
  using SubtractionVisitor = std::function<bool(Heap)>;
  // Visits each amount k (1 <= k <= n) that may be taken from a heap of n.
  virtual void for_each_subtraction(Heap n, const SubtractionVisitor& visit) const = 0;
  void for_each_heap_option(Heap n, const HeapOptionVisitor& visit) const override;
};

class Bash final : public SubtractionRuleset {
 public:
  explicit Bash(Heap max_take);  // max_take >= 1
  std::string name() const override;
  void for_each_subtraction(Heap n, const SubtractionVisitor& visit) const override;
  std::optional<Nimber> closed_form_value(Heap n) const override;
  bool for_each_heap_option_with_value(Heap n, Nimber target,
                                       const HeapOptionVisitor& visit) const override;
  std::uint64_t compute_cost(Heap last) const override;
  std::optional<TakeAndBreak> as_code() const override;

 private:
  Heap max_take_;
};

class SubtractionSet final : public SubtractionRuleset {
 public:
  explicit SubtractionSet(std::vector<Heap> amounts);  // non-empty, positive
  std::string name() const override;
  void for_each_subtraction(Heap n, const SubtractionVisitor& visit) const override;
  std::uint64_t compute_cost(Heap last) const override;
  std::optional<TakeAndBreak> as_code() const override;
  const std::vector<Heap>& amounts() const { return amounts_; }

 private:
  std::vector<Heap> amounts_;  // ascending, distinct
};

class AllBut final : public SubtractionRuleset {
 public:
  explicit AllBut(std::vector<Heap> excluded);  // positive
  std::string name() const override;
  void for_each_subtraction(Heap n, const SubtractionVisitor& visit) const override;
  std::uint64_t compute_cost(Heap last) const override;
  std::optional<TakeAndBreak> as_code() const override;

 private:
  std::vector<Heap> excluded_;  // ascending, distinct
};

class SubtractSquare final : public SubtractionRuleset {
 public:
  std::string name() const override { return "squares"; }
  void for_each_subtraction(Heap n, const SubtractionVisitor& visit) const override;
  std::uint64_t compute_cost(Heap last) const override;
};

class SubtractFibonacci final : public SubtractionRuleset {
 public:
  std::string name() const override { return "fibonacci"; }
  void for_each_subtraction(Heap n, const SubtractionVisitor& visit) const override;
  std::uint64_t compute_cost(Heap last) const override;
};

class SubtractPowerOfTwo final : public SubtractionRuleset {
 public:
  std::string name() const override { return "powers2"; }
  void for_each_subtraction(Heap n, const SubtractionVisitor& visit) const override;
  std::uint64_t compute_cost(Heap last) const override;
  std::optional<Nimber> closed_form_value(Heap n) const override { return n % 3; }
};

class DivisorGame final : public SubtractionRuleset {
 public:
  std::string name() const override { return "divisor"; }
  void for_each_subtraction(Heap n, const SubtractionVisitor& visit) const override;
  std::uint64_t compute_cost(Heap last) const override;
  std::optional<Nimber> closed_form_value(Heap n) const override {
    return n == 0 ? Nimber{0} : static_cast<Nimber>(std::countr_zero(n));
  }
};

// floor(sqrt(n)), exact for every 64-bit n.
Heap isqrt(Heap n);

}  // namespace grundy
