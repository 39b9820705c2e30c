// Take-and-break games given by a code d0.d1d2d3... (octal and hexadecimal
// games) in CGSuite's notation.
//
// Description: digit d_k says what a move that removes k tokens from one heap
//   may leave: bit 1 nothing, bit 2 one non-empty heap, bit 4 two, bit 8
//   three, bit 16 four (digits in base 32 as in CGSuite: 0-9 then A-V, so
//   G-V can leave four heaps; octal and hexadecimal codes are the usual
//   ones). d0 (before the point) is for moves that remove nothing and only
//   split: 4 into two non-empty heaps, 8 into three, G into four. A block in square
//   brackets at the end repeats for ever: 0.[3] is Nim, 4.[3] Lasker's Nim.
//   Names: kayles = 0.77, dawson = 0.07 (Dawson's Kayles).
//   Modifiers (CGSuite's): after a digit that splits (4-V, before the point
//   too), '!' makes the heaps a split leaves pairwise UNEQUAL, '?' makes them
//   NOT ALL equal, '=' makes them ALL equal. They restrict only that digit's
//   moves that leave two heaps or more; for two heaps '!' and '?' are the
//   same. 4!.0 is Grundy's game; 0.4= removes a token and halves the rest.
//   Wider digits (CGSuite's too, rules/code_digit.h): &n; (&32; leaves five
//   heaps), {2,5} (a list of heap counts, each with its own modifier if
//   wanted), {2+} (two heaps or more), '*' (any number of heaps). 0.{2+}
//   removes one token and splits the rest into any number of heaps.
// Source: WW ch. 4; CGSuite TakeAndBreak (its code "4!.0" for Grundy's
//   game, and its modifiers); docs/theory.md §3.
// Time: options of heap n: O(t) removals for a code of t digits, plus O(n)
//   per two-heap digit, O(n^2) per three-heap digit, O(n^3) per four-heap
//   digit, and one step per partition (O(r) each) for r heaps: p(n) in all
//   for '*' (p(100) is about 1.9·10^8).
// Status: option lists compared with the dedicated rulesets (0.[3] = nim,
//   4.[3] = lasker, 0.333 = subtract:1,2,3) and, with modifiers, with every
//   split filtered by the definition (tests/unit/rules_test.cpp), wider
//   digits with every partition made by a recursion of the test's own
//   (tests/stress/wide_digit_test.cpp); values with published ones
//   (docs/theory.md §8) and with the naive mex (tests).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "grundy/rules/code_digit.h"
#include "grundy/rules/heap_ruleset.h"

namespace grundy {

// Whether `count` heaps `parts` (2 or more, in ascending order) are a split
// that `modifier` allows: the definition, for the naive engine and the tests.
inline bool split_allowed(SplitModifier modifier, const Heap* parts, std::size_t count) {
  // In ascending order, equal parts are neighbours.
  bool some_equal = false, all_equal = true;
  for (std::size_t i = 1; i < count; ++i) {
    some_equal = some_equal || parts[i] == parts[i - 1];
    all_equal = all_equal && parts[i] == parts[i - 1];
  }
  switch (modifier) {
    case SplitModifier::distinct: return !some_equal;
    case SplitModifier::not_all_equal: return !all_equal;
    case SplitModifier::all_equal: return all_equal;
    case SplitModifier::none: break;
  }
  return true;
}
// Calls `visit` with each split of `rest` tokens into r >= 2 non-empty heaps
// (ascending) that `modifier` allows, in lexicographic order, until it
// returns false (then false too). `option` is the buffer it fills, reused
// from call to call.
bool for_each_split(Heap rest, Heap r, SplitModifier modifier, HeapOption& option,
                    const HeapRuleset::HeapOptionVisitor& visit);

class TakeAndBreak final : public HeapRuleset {
 public:
  // Parses a code such as "0.77", "4.[3]", "0.3F", ".137", "0.3003330[3]"
  // (base-32 digits in either case) or "0.{2+}" (wider digits). Throws
  // InputError naming the code and what is wrong with it.
  static TakeAndBreak parse(std::string_view code);

  // The code with digit d_k = `finite[k-1]`, then `repeat` for ever; each a
  // classic digit's bits, with its SplitModifier shifted by kModifierShift.
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

  // The digit for removing k tokens (k = 0: the digit before the point).
  const CodeDigit& code_digit(Heap k) const;
  // Its heap counts as bits (bit r: r heaps; a classic digit's value).
  std::uint64_t digit(Heap k) const { return code_digit(k).counts; }
  // The modifier of a classic digit's splits (is_classic()).
  SplitModifier modifier(Heap k) const { return code_digit(k).split_modifier(); }
  // For a classic digit (the engines for two heaps): whether the two heaps
  // left by removing k tokens must be unequal ('!' or '?'), and whether they
  // must be equal ('=').
  bool unequal_split(Heap k) const {
    const SplitModifier m = modifier(k);
    return m == SplitModifier::distinct || m == SplitModifier::not_all_equal;
  }
  bool equal_split_only(Heap k) const { return modifier(k) == SplitModifier::all_equal; }
  // Whether every digit is classic (0-V, one modifier for all its splits):
  // the code the engines for at most four heaps read. The others (wider
  // digits) go to the partition-set engine (sequence_engine.h).
  bool is_classic() const;
  // Whether some digit carries a modifier. The periodicity theorems shift one
  // part of a split by the period, which can turn an unequal split into an
  // equal one and back: none of them applies to such a code.
  bool has_modifiers() const;
  bool is_finite() const { return repeat_.empty(); }
  // Index of the last non-zero digit of a finite code (t in the Guy-Smith
  // theorem); for an infinite code, the number f of digits d1..df before the
  // repeated block.
  std::size_t last_digit() const { return finite_.size(); }
  // The length of the repeated block (0 for a finite code): digit
  // f + 1 + j + i·repeat_length() is the block's digit j.
  std::size_t repeat_length() const { return repeat_.size(); }
  // The most heaps a move can leave (1 to 63), or kAnyNumberOfHeaps.
  Heap max_parts() const;

  // The bits of a classic packed digit: kModifierShift places its modifier.
  static constexpr unsigned kModifierShift = 5;

 private:
  TakeAndBreak(CodeDigit d0, std::vector<CodeDigit> finite, std::vector<CodeDigit> repeat);
  std::uint64_t option_bound(Heap n) const;

  CodeDigit d0_;
  std::vector<CodeDigit> finite_;  // d1 .. dt, no trailing zeros when repeat_ is empty
  std::vector<CodeDigit> repeat_;  // the repeated block, empty for a finite code
  std::string alias_;              // the table's name for the code, if it was named so
};

}  // namespace grundy
