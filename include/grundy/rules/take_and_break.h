// Take-and-break games given by a code d0.d1d2d3... (octal and hexadecimal
// games) in CGSuite's notation.
//
// Description: digit d_k says what a move that removes k tokens from one heap
//   may leave: bit 1 nothing, bit 2 one non-empty heap, bit 4 two, bit 8
//   three. d0 (before the point) is for moves that remove nothing and only
//   split: 4 into two non-empty heaps, 8 into three. A block in square
//   brackets at the end repeats for ever: 0.[3] is Nim, 4.[3] Lasker's Nim.
//   Names: kayles = 0.77, dawson = 0.07 (Dawson's Kayles).
//   Modifier: '!' after a digit that splits into two heaps (4-7, with or
//   without the point) restricts that split to two UNEQUAL heaps, as in
//   CGSuite's codes; 4!.0 is Grundy's game. Only this modifier is read, and
//   only on two-heap digits (CGSuite's '?' and '=', and modifiers on digits
//   that can leave three heaps, are refused).
// Source: WW ch. 4; CGSuite TakeAndBreak (its code "4!.0" for Grundy's
//   game); docs/theory.md §3.
// Time: options of heap n: O(t) removals for a code of t digits, plus O(n)
//   per two-heap digit and O(n^2) per three-heap digit.
// Status: option lists compared with the dedicated rulesets (0.[3] = nim,
//   4.[3] = lasker, 0.333 = subtract:1,2,3); values with published ones
//   (docs/theory.md §8) and with the naive mex (tests).
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "grundy/rules/heap_ruleset.h"

namespace grundy {

class TakeAndBreak final : public HeapRuleset {
 public:
  // Parses a code such as "0.77", "4.[3]", "0.3F", ".137" or "0.3003330[3]"
  // (hexadecimal digits in either case). Throws InputError naming the code
  // and what is wrong with it.
  static TakeAndBreak parse(std::string_view code);

  // The code with digit d_k = `finite[k-1]`, then `repeat` for ever.
  static TakeAndBreak from_digits(unsigned d0, std::vector<unsigned> finite,
                                  std::vector<unsigned> repeat = {});

  std::string name() const override;
  // kayles rather than 0.77 where the user wrote kayles (registry.cpp).
  std::string shown_name() const override { return alias_.empty() ? name() : alias_; }
  // The same code, shown as `alias`.
  TakeAndBreak named(std::string alias) const {
    TakeAndBreak copy = *this;
    copy.alias_ = std::move(alias);
    return copy;
  }
  std::optional<TakeAndBreak> as_code() const override { return *this; }
  void for_each_heap_option(Heap n, const HeapOptionVisitor& visit) const override;
  std::uint64_t compute_cost(Heap last) const override;
  std::uint64_t heap_option_bound(Heap n) const override { return option_bound(n); }

  // The digit for removing k tokens (k = 0: the digit before the point),
  // without its modifier.
  unsigned digit(Heap k) const { return raw_digit(k) & 15; }
  // Whether the two heaps left by removing k tokens must be unequal ('!').
  bool unequal_split(Heap k) const { return (raw_digit(k) & kUnequal) != 0; }
  // Whether some digit carries a modifier. The periodicity theorems shift one
  // part of a split by the period, which can turn an unequal split into an
  // equal one: none of them applies to such a code.
  bool has_modifiers() const;
  bool is_finite() const { return repeat_.empty(); }
  // Index of the last non-zero digit of a finite code (t in the Guy-Smith
  // theorem); for an infinite code, the number f of digits d1..df before the
  // repeated block.
  std::size_t last_digit() const { return finite_.size(); }
  // The length of the repeated block (0 for a finite code): digit
  // f + 1 + j + i·repeat_length() is the block's digit j.
  std::size_t repeat_length() const { return repeat_.size(); }
  // The most heaps a move can leave (1, 2 or 3).
  unsigned max_parts() const;

 private:
  TakeAndBreak(unsigned d0, std::vector<unsigned> finite, std::vector<unsigned> repeat);
  std::uint64_t option_bound(Heap n) const;
  // The stored digit: bits 1-8 as above, kUnequal for the '!' modifier.
  unsigned raw_digit(Heap k) const;
  static constexpr unsigned kUnequal = 16;

  unsigned d0_;
  std::vector<unsigned> finite_;  // d1 .. dt, no trailing zeros when repeat_ is empty
  std::vector<unsigned> repeat_;  // the repeated block, empty for a finite code
  std::string alias_;             // the table's name for the code, if it was named so
};

}  // namespace grundy
