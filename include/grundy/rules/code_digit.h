// One digit of a take-and-break code: how many heaps a move that removes its
// number of tokens may leave, and, for two heaps or more, which splits.
//
// Description: the classic digits 0-9, A-V are bit sets over 0..4 heaps (bit 1
//   nothing, 2 one heap, 4 two, 8 three, 16 four), each with at most one
//   modifier for all its splits ('!' pairwise unequal heaps, '?' not all
//   equal, '=' all equal). CGSuite writes wider digits too, and so does
//   grundy: &n; is the bit set n (heap counts 0..63: &32; leaves five
//   heaps), {2,3,5} lists the heap counts, {2+} is "two heaps or more", '*'
//   any number of heaps (zero included), and a list may give each count its
//   own modifier ({2!,3=}). A CodeDigit holds all of these: a 64-bit set of
//   counts, "or more" past its largest, and one set of counts per modifier.
// Source: CGSuite's take-and-break codes (class TBCode: digits, constraint
//   lists, '*', '&n;'); WW ch. 4 for the classic digits; docs/theory.md §3.
// Status: parsed and printed back by TakeAndBreak, every spelling of one
//   digit printing the same canonical text (tests/unit/code_digit_test.cpp;
//   random codes in tests/stress/wide_digit_test.cpp).
#pragma once

#include <cstdint>
#include <limits>
#include <string>

#include "grundy/core/types.h"

namespace grundy {

// A modifier after a splitting digit: which heaps its splits may leave.
enum class SplitModifier : std::uint8_t {
  none,           // any
  distinct,       // '!': pairwise unequal heaps
  not_all_equal,  // '?': heaps not all equal (two heaps: the same as '!')
  all_equal,      // '=': all heaps equal
};

// The modifier's character ('!', '?', '='), or 0 for none.
char modifier_char(SplitModifier modifier);

// max_heaps() of a digit whose moves may leave any number of heaps.
inline constexpr Heap kAnyNumberOfHeaps = std::numeric_limits<Heap>::max();
// The bits of CodeDigit::counts that leave two heaps or more: the splits,
// which modifiers restrict.
inline constexpr std::uint64_t kSplitCounts = ~std::uint64_t{3};

struct CodeDigit {
  // Bit r: a move may leave r non-empty heaps (r = 0: it takes the whole
  // heap). With or_more, every bit from the first count of the "or more" run
  // up to 63 is set.
  std::uint64_t counts = 0;
  // The digit also allows every count past 63 (CGSuite's '+' and '*'), with
  // the modifier of count 63.
  bool or_more = false;
  // The counts r >= 2 whose splits are restricted, one set per modifier
  // (subsets of counts, pairwise disjoint).
  std::uint64_t distinct = 0, not_all_equal = 0, all_equal = 0;

  // A classic digit: `bits` < 32 as above, with `modifier` on its splits.
  static CodeDigit classic(unsigned bits, SplitModifier modifier = SplitModifier::none);

  bool is_zero() const { return counts == 0; }
  bool allows(Heap r) const { return r < 64 ? (counts >> r & 1) != 0 : or_more; }
  // The restriction on splits into r heaps (none for r < 2).
  SplitModifier modifier(Heap r) const;
  // The most heaps a move may leave; kAnyNumberOfHeaps with or_more.
  Heap max_heaps() const;
  bool has_modifiers() const { return (distinct | not_all_equal | all_equal) != 0; }
  // A digit the engines written for at most four heaps read: counts within
  // 0..4 and one modifier for all its splits.
  bool is_classic() const;
  // For a classic digit: its bits and its splits' modifier.
  unsigned classic_bits() const { return static_cast<unsigned>(counts & 31); }
  SplitModifier split_modifier() const;

  // CGSuite's notation, canonical: a base-32 character where one fits, else
  // &n;, '*', or a list in braces; the modifier after it, or after each count
  // when they differ.
  std::string text() const;

  friend bool operator==(const CodeDigit&, const CodeDigit&) = default;
};

}  // namespace grundy
