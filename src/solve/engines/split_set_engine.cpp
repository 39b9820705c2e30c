// The split-set engine: heap values of a take-and-break code that the
// rare/common engine does not cover (moves that can leave three or four
// heaps, or an infinite code [..]), in O(n V/64) per value instead of the
// naive mex's O(n^2) or more.
//
// Description: the values of the two-heap splits of a heap of i tokens form
//   a set S2(i) = {G(a) ^ G(i-a) : 1 <= a <= i-a}, kept as a bit set over the
//   values below V (a power of two above every value so far). A three-heap
//   split of j tokens has a smallest heap a <= j/3, and the other two split
//   j - a, so the three-heap values of j are
//     S3(j) = union over 1 <= a <= j/3 of G(a) ^ S2(j - a),
//   where "G(a) ^ S" is the set S with every element xored with G(a): j/3
//   set operations of V/64 words, not the ~j^2/12 triples one by one. Xor
//   with v moves word w of a set to word w ^ (v >> 6) and permutes the bits
//   within each word by v & 63; the permutation of bits distributes over
//   or, so the sets are first or-ed, words moved, into 64 sets by v & 63,
//   and only those 64 have their bits permuted (a vector kernel,
//   kernels::or_three_heap_set in sequence_kernels.h). With two threads, a
//   helper makes the upper half of the range of a of each large S3(j)
//   (solve/engines/set_helper.h).
//   CGSuite's modifiers: S2(i) leaves out the equal split, whose value is
//   always 0, so a two-heap digit with '!' or '?' (unequal heaps) takes
//   S2(i), one without adds 0 when i is even, and one with '=' takes only
//   that 0. On three heaps, '=' gives the one value G(a) ^ G(a) ^ G(a) =
//   G(a) when i = 3a; '?' takes S3(i) less G(i/3) unless another triple
//   gives it (O(i) look-ups); '!' takes a union like S3's over all x <=
//   i-3 of G(x) ^ S2(i - x) with one value left out of each S2 (why that is
//   exact: split_sets.h).
//   Four heaps (digits G-V): S4(j) = union over a <= j/4 of G(a) ^ S3(j-a),
//   the same kernel on the sets S3, then kept for every heap size; '='
//   gives 0 when 4 divides j, '?' takes S4(j) less 0 unless another split
//   gives 0, and '!' (pairwise unequal heaps) comes from a 0/1 knapsack over
//   the heap sizes, which never mixes in splits with equal heaps
//   (distinct_part_sets.h; its sets kept up to the run's last heap).
//   An infinite code d0.d1..df[e0..e(p-1)] removes k = f+1+j+ip tokens
//   with digit e_j for every i >= 0: the heaps it leaves from n have
//   m = n - k tokens, every m <= n-f-1-j with m = n-f-1-j (mod p). So the
//   engine keeps, for each residue c mod p, the union over the m = c
//   (mod p) with 1 <= m <= n-f-1 of {G(m)}, S2(m) and S3(m), adding one m
//   per heap: a block digit then costs one set union a heap, not n/p
//   removals. (Every m <= n-f-1 of that residue is <= n-f-1-j, since the
//   next one would be more than n-f-1.)
// Source: the mex rule, docs/theory.md §1, §3 (WW ch. 4); how the sets are
//   kept and what they gain: docs/performance.md, "Codes the rare/common
//   engine does not cover".
// Time: per value, n/2 xors to build S2(n); with three-heap moves n/3
//   unions of V/64 words plus 64 bit permutations of V/64 words to build
//   S3(n); one union of V/64 words per digit and set kind. With '?' on
//   three heaps O(n) look-ups more; with '!', n unions instead of n/3.
//   Four heaps: n/4 unions more for S4(n); with '!' on them, once G(a) is
//   known, (M - a) unions of V/64 words in each of the knapsack's four
//   families (M the run's last heap).
// Memory: 2 bytes per heap size (the sequence); with three-heap moves V/8
//   bytes per heap size for the sets S2, twice that with four-heap moves (S3
//   too), and four such sets per heap up to M for the knapsack of '!' on
//   four heaps (a LimitError when they would not fit in the machine's memory;
//   `values` refuses such a run up front, split_set_bytes), otherwise the
//   sets of the last f+2 heap sizes and of the p residues only; and for
//   extend on a vector, a copy of the values it left (2 bytes a heap size),
//   to know whether it may go on from them.
// Status: compared with the naive engine on random hexadecimal codes, finite
//   and infinite (tests/stress/split_set_engine_test.cpp), with modifiers
//   and with four-heap digits (tests/stress/modifier_engine_test.cpp).
#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>
#include <memory>
#include <thread>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "grundy/core/error.h"
#include "grundy/rules/heap_ruleset.h"
#include "grundy/solve/sequence_engine.h"
#include "solve/base/back_off.h"
#include "solve/engines/distinct_part_sets.h"
#include "solve/engines/rare_common.h"
#include "solve/engines/sequence_kernels.h"
#include "solve/engines/sequence_vector.h"
#include "solve/engines/set_engine_loop.h"
#include "solve/engines/set_helper.h"
#include "solve/engines/split_sets.h"
#include "solve/base/thread_start.h"

namespace grundy {

namespace {

using SetWord = std::uint64_t;
constexpr Nimber kSplitValueLimit = Nimber{1} << 16;  // values are stored in 16 bits
// Which sets of each heap size a code needs: S2 (two-heap splits other than
// '=' ones, and for the sets below), S3 (three heaps without a modifier or
// with '?', and for S4), S3? ('?'), S3! ('!'), S4 (four heaps without a
// modifier or with '?'; S3 then kept for every heap size), S4? ('?') and
// S4! ('!', from a knapsack over the parts, distinct_part_sets.h). A '='
// split needs none.
struct SetsUsed {
  bool pairs = false, threes = false, some = false, distinct = false;
  bool all_threes = false, fours = false, fours_some = false, fours_distinct = false;
};

SetsUsed sets_used(const TakeAndBreak& code) {
  SetsUsed used;
  for (Heap k = 0; k <= code.last_digit() + code.repeat_length(); ++k) {
    const unsigned d = code.code_digit(k).classic_bits();
    const SplitModifier m = code.modifier(k);
    if (m == SplitModifier::all_equal) continue;
    used.pairs = used.pairs || (d & 4) != 0;
    if (d & 8) {
      used.threes = used.threes || m != SplitModifier::distinct;
      used.some = used.some || m == SplitModifier::not_all_equal;
      used.distinct = used.distinct || m == SplitModifier::distinct;
    }
    if (d & 16) {
      used.fours = used.fours || m != SplitModifier::distinct;
      used.fours_some = used.fours_some || m == SplitModifier::not_all_equal;
      used.fours_distinct = used.fours_distinct || m == SplitModifier::distinct;
    }
  }
  used.all_threes = used.fours;
  used.threes = used.threes || used.fours;
  used.pairs = used.pairs || used.threes || used.distinct;
  return used;
}

void or_set(SetWord* out, const SetWord* set, unsigned words) {
  for (unsigned w = 0; w < words; ++w) out[w] |= set[w];
}


class SplitSetEngine final : public detail::SetEngineLoop<SplitSetEngine> {
 public:
  SplitSetEngine(const TakeAndBreak& code, unsigned threads);

 private:
  friend class detail::SetEngineLoop<SplitSetEngine>;
  struct Digit {
    Heap k;
    unsigned bits;
    SplitModifier modifier;
    // Whether the two-heap equal split is no move ('!' or '?').
    bool unequal() const {
      return modifier == SplitModifier::distinct || modifier == SplitModifier::not_all_equal;
    }
  };
  // The kinds of set a residue keeps: the values of one heap, of two (less
  // the equal split), of three (S3), of three not all equal (S3?), of three
  // pairwise unequal (S3!), of three equal heaps, and the same for four.
  enum Kind {
    kOne, kTwo,
    kThree, kThreeSome, kThreeDistinct, kThirds,
    kFour, kFourSome, kFourDistinct, kFourths,
    kKinds
  };
  // The kind for a digit's splits into `parts` heaps (3 or 4).
  static Kind split_kind(unsigned parts, SplitModifier modifier) {
    const int first = parts == 3 ? kThree : kFour;
    switch (modifier) {
      case SplitModifier::not_all_equal: return static_cast<Kind>(first + 1);
      case SplitModifier::distinct: return static_cast<Kind>(first + 2);
      case SplitModifier::all_equal: return static_cast<Kind>(first + 3);
      case SplitModifier::none: break;
    }
    return static_cast<Kind>(first);
  }

  SetWord* pairs(Heap i) {
    return pairs_.data() + (all_pairs_ ? i : i % window_) * std::size_t{words_};
  }
  SetWord* threes(Heap i) {
    return threes_.data() + (all_threes_ ? i : i % window_) * std::size_t{words_};
  }
  SetWord* ring(std::vector<SetWord>& sets, Heap i) {
    return sets.data() + (i % window_) * std::size_t{words_};
  }
  // The set of a heap size for the kind of a finite digit's splits (in the
  // rings of window_ heap sizes).
  SetWord* split_set(Kind kind, Heap i) {
    switch (kind) {
      case kThreeSome: return ring(some_, i);
      case kThreeDistinct: return ring(distinct_, i);
      case kFour: return ring(fours_, i);
      case kFourSome: return ring(fours_some_, i);
      case kFourDistinct: return ring(fours_distinct_, i);
      default: return threes(i);
    }
  }
  SetWord* some(Heap i) { return ring(some_, i); }
  SetWord* distinct(Heap i) { return ring(distinct_, i); }
  SetWord* joined(Kind kind, Heap c) {
    return joined_[kind].data() + c * std::size_t{words_};
  }
  void widen(Nimber bound, Heap sizes);
  void add_sets(const Value16* g, Heap n, Heap needed_from);
  void or_union(const SetWord* sets, const Value16* g, Heap j, Heap last_a, bool equal_splits,
                SetWord* out);
  void make_not_all_equal(const Value16* g, Heap j);
  void make_distinct(const Value16* g, Heap j);
  void make_fours(const Value16* g, Heap j);
  std::uint64_t collect_options(const Value16* g, Heap n, SetWord* options);
  // The loop's steps (set_engine_loop.h): the rebuild above, the sets and
  // options of heap n, nothing once G(n) is known (add_sets counted n).
  void rebuild(const Value16* g, Heap known);
  std::uint64_t options_of(const Value16* g, Heap n, SetWord* options);
  void settle(const Value16* g, Heap n) {
    if (fours_distinct_used_ && n >= 1) check_steps_ += distinct_parts_.add_part(g, n);
  }
  // The knapsack of S4! again with the parts 1..parts, its sets kept up to
  // the run's last heap and `at_least` at least.
  void restart_distinct(const Value16* g, Heap parts, Heap at_least);

  Heap prefix_ = 0;  // f: the digits before the repeated block (a finite code's last digit)
  Heap period_ = 0;  // p: the length of the repeated block, 0 for a finite code
  std::vector<Digit> digits_;   // the non-zero digits d0 .. df
  std::vector<Digit> block_;    // the repeated block's non-zero digits: k = f+1+j
  bool joins_[kKinds] = {};     // the kinds of set the block's digits use
  bool joins_even_ = false;     // the block has a two-heap digit: residues note even m
  bool pairs_used_ = false;     // S2 is needed: two heaps (not '='), or three
  bool threes_used_ = false;    // S3 is needed: three heaps (neither '=' nor '!')
  bool some_used_ = false;      // S3? is needed: three heaps with '?'
  bool distinct_used_ = false;  // S3! is needed: three heaps with '!'
  bool fours_used_ = false, fours_some_used_ = false, fours_distinct_used_ = false;  // S4, S4?, S4!
  bool all_pairs_ = false;      // S2 of every heap size is kept (S3 and S3! need them)
  bool all_threes_ = false;     // S3 of every heap size is kept (S4 needs them)
  Heap window_ = 2;             // the ring's heap sizes: n-f-1 .. n
  std::vector<SetWord> pairs_;   // S2(i) less the equal split: every i, or a ring of window_
  std::vector<SetWord> threes_;  // S3(i), a ring of window_
  std::vector<SetWord> some_;      // S3?(i): three heaps not all equal, a ring of window_
  std::vector<SetWord> distinct_;  // S3!(i): three pairwise unequal heaps, a ring of window_
  std::vector<SetWord> fours_, fours_some_, fours_distinct_;  // S4, S4?, S4!: rings of window_
  std::vector<std::pair<Heap, unsigned>> cleared_;  // scratch: the values S3!(j) took out of S2
  // For S4!: the sets of 1-4 distinct parts, up to the run's last heap.
  distinct_parts::DistinctPartSets distinct_parts_{4, {}};
  std::uint64_t check_steps_ = 0;  // look-ups of the S3? checks (progress polls)
  std::vector<SetWord> joined_[kKinds];  // per residue c < p: the unions over m = c (mod p)
  std::vector<char> even_;       // per residue: an even m >= 2 was joined (equal split, 0)
  std::vector<SetWord> by_low_;  // 64 sets: the words moved, bits not yet permuted
  detail::SharedUnion sharing_;  // the upper half of large unions on a second thread
};

SplitSetEngine::SplitSetEngine(const TakeAndBreak& code, unsigned threads)
    : SetEngineLoop(code, 256) {
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
  threads = 1;  // the WebAssembly build (web/) has no threads
#endif
  sharing_.set_threads(threads ? threads : std::max(1u, std::thread::hardware_concurrency()));
  prefix_ = code_.last_digit();
  period_ = code_.repeat_length();
  for (Heap k = 0; k <= prefix_ + period_; ++k) {
    const unsigned d = code_.code_digit(k).classic_bits();
    if (d == 0) continue;
    const Digit digit{k, d, code_.modifier(k)};
    (k <= prefix_ ? digits_ : block_).push_back(digit);
    if (k <= prefix_) continue;
    if (d & 2) joins_[kOne] = true;
    if ((d & 4) && digit.modifier != SplitModifier::all_equal) joins_[kTwo] = true;
    if (d & 4) joins_even_ = true;
    if (d & 8) joins_[split_kind(3, digit.modifier)] = true;
    if (d & 16) joins_[split_kind(4, digit.modifier)] = true;
  }
  const SetsUsed used = sets_used(code_);
  pairs_used_ = used.pairs;
  threes_used_ = used.threes;
  some_used_ = used.some;
  distinct_used_ = used.distinct;
  fours_used_ = used.fours;
  fours_some_used_ = used.fours_some;
  fours_distinct_used_ = used.fours_distinct;
  all_pairs_ = threes_used_ || distinct_used_;
  all_threes_ = used.all_threes;
  window_ = prefix_ + 2;
}

// Gives every set its width for values below `bound` (the values so far lie
// below the old bound, so the new words are zero), `sizes` heap sizes of S2
// to come when all are kept.
void SplitSetEngine::widen(Nimber bound, Heap sizes) {
  // Families of sets kept for every heap size: S2, S3; the knapsack's four
  // up to its last heap (counted as if the others were too: a bound).
  const std::uint64_t families = (all_pairs_ ? (all_threes_ ? 2 : 1) : 0) +
                                 (fours_distinct_used_ ? distinct_parts_.families() : 0);
  const unsigned old_words = set_bound(
      bound, fours_distinct_used_ ? std::max(sizes, distinct_parts_.last()) : sizes, families,
      "split");
  const auto relayout = [&](std::vector<SetWord>& sets, std::size_t count) {
    SetEngineLoop::relayout(sets, count, old_words);
  };
  if (pairs_used_) relayout(pairs_, all_pairs_ ? std::max<Heap>(sizes_, 1) : window_);
  if (threes_used_) relayout(threes_, all_threes_ ? std::max<Heap>(sizes_, 1) : window_);
  if (some_used_) relayout(some_, window_);
  if (distinct_used_) relayout(distinct_, window_);
  if (fours_used_) relayout(fours_, window_);
  if (fours_some_used_) relayout(fours_some_, window_);
  if (fours_distinct_used_) {
    relayout(fours_distinct_, window_);
    distinct_parts_.widen(words_);
  }
  for (auto& sets : joined_) if (period_ > 0) relayout(sets, period_);
  by_low_.assign(threes_used_ || distinct_used_ ? 64 * std::size_t{words_} : 0, 0);  // S4 too
}

// out |= the union over 1 <= a <= last_a of G(a) ^ S(j - a), S(i) the set
// of heap size i in `sets` (S2, kept for every heap size when three-heap
// moves are used, or S3, kept so for four-heap moves), with the equal
// splits (0) if `equal_splits`; S3(j) is the union of the S2 for
// last_a = j/3, with the equal splits; S4(j) that of the S3 for j/4,
// without. The vector kernel (sequence_kernels.h), the upper half of the
// range of a on the helper when there are two threads and the work is
// worth it.
void SplitSetEngine::or_union(const SetWord* sets, const Value16* g, Heap j, Heap last_a,
                              bool equal_splits, SetWord* out) {
  sharing_.or_union(g, j, last_a, sets, words_, equal_splits, by_low_.data(), out);
}

// With G(0..n-1) known: makes S2(n) and the three- and four-heap sets of n
// that the code uses (S3, S3?, S3!, S4, S4?, S4!), and joins heap size
// n-f-1 to its residue. The sets of heap sizes below `needed_from` are made
// only where later sets need them (a rebuild skips the rest).
void SplitSetEngine::add_sets(const Value16* g, Heap n, Heap needed_from) {
  const bool needed = n >= needed_from;
  if (pairs_used_ && (needed || all_pairs_ || joins_[kTwo])) {
    if (all_pairs_) pairs_.resize((n + 1) * std::size_t{words_}, 0);
    split_sets::make_pairs(g, n, words_, pairs(n));
  }
  if (threes_used_ && (needed || all_threes_ || joins_[kThree] || joins_[kThreeSome])) {
    if (all_threes_) threes_.resize((n + 1) * std::size_t{words_}, 0);
    SetWord* set = threes(n);
    std::fill_n(set, words_, 0);
    if (n >= 3) or_union(pairs_.data(), g, n, n / 3, true, set);
    if (some_used_) make_not_all_equal(g, n);  // from S3(n)
  }
  if (distinct_used_ && (needed || joins_[kThreeDistinct])) make_distinct(g, n);
  if (fours_used_ && (needed || joins_[kFour] || joins_[kFourSome])) make_fours(g, n);
  if (fours_distinct_used_ && (needed || joins_[kFourDistinct])) {
    // The parts 1..n-1 are in the knapsack (settle adds each).
    if (n > distinct_parts_.last()) restart_distinct(g, n - 1, 2 * distinct_parts_.last());
    if (n >= 4) std::copy_n(distinct_parts_.exactly(4, n), words_, ring(fours_distinct_, n));
    else std::fill_n(ring(fours_distinct_, n), words_, 0);
  }
  sizes_ = n + 1;
  if (period_ == 0 || n < prefix_ + 2) return;
  const Heap m = n - prefix_ - 1, c = m % period_;
  const auto join_value = [&](Kind kind, unsigned v) {
    joined(kind, c)[v >> 6] |= SetWord{1} << (v & 63);
  };
  if (joins_[kOne]) join_value(kOne, g[m]);
  if (joins_[kTwo] && m >= 2) or_set(joined(kTwo, c), pairs(m), words_);
  if (joins_even_ && m >= 2 && m % 2 == 0) even_[c] = 1;
  if (joins_[kThree] && m >= 3) or_set(joined(kThree, c), threes(m), words_);
  if (joins_[kThreeSome] && m >= 3) or_set(joined(kThreeSome, c), some(m), words_);
  if (joins_[kThreeDistinct] && m >= 3) or_set(joined(kThreeDistinct, c), distinct(m), words_);
  if (joins_[kThirds] && m >= 3 && m % 3 == 0) join_value(kThirds, g[m / 3]);
  if (joins_[kFour] && m >= 4) or_set(joined(kFour, c), ring(fours_, m), words_);
  if (joins_[kFourSome] && m >= 4) or_set(joined(kFourSome, c), ring(fours_some_, m), words_);
  if (joins_[kFourDistinct] && m >= 4)
    or_set(joined(kFourDistinct, c), ring(fours_distinct_, m), words_);
  if (joins_[kFourths] && m >= 4 && m % 4 == 0) join_value(kFourths, 0);  // 4 x G(m/4)
}

// S4(j) = the union over a <= j/4 of G(a) ^ S3(j - a) (a four-heap split
// has a smallest heap a, and the other three split j - a in any way);
// S4?(j): S4(j) less 0 when j = 4a and only (a, a, a, a) gives 0, that is
// when no G(x) with x < a is in S3(j - x) (another split's smallest heap x,
// the other three of value G(x)). (S4!(j) comes from the knapsack, add_sets.)
void SplitSetEngine::make_fours(const Value16* g, Heap j) {
  if (fours_used_) {
    SetWord* set = ring(fours_, j);
    std::fill_n(set, words_, 0);
    if (j >= 4) or_union(threes_.data(), g, j, j / 4, false, set);
  }
  if (fours_some_used_) {
    SetWord* set = ring(fours_some_, j);
    std::copy_n(ring(fours_, j), words_, set);
    if (j % 4 == 0 &&
        !split_sets::other_four_give_zero(g, j, [this](Heap r) { return threes(r); },
                                          check_steps_))
      set[0] &= ~SetWord{1};
  }
}

// S3?(j), j >= 3: S3(j) less G(j/3) when j = 3a and only the triple
// (a, a, a) gives it (split_sets.h).
void SplitSetEngine::make_not_all_equal(const Value16* g, Heap j) {
  SetWord* set = some(j);
  std::copy_n(threes(j), words_, set);
  if (j % 3 != 0) return;
  if (split_sets::other_triple_gives(g, j, [this](Heap r) { return pairs(r); }, check_steps_))
    return;
  const unsigned v = g[j / 3];
  set[v >> 6] &= ~(SetWord{1} << (v & 63));
}

// S3!(j): the union over 1 <= x <= j-3 of G(x) ^ (S2(j - x) less the value
// of the split {x, j - 2x}), unequal splits only (split_sets.h): that
// value's bit is taken out of each S2(j - x) in place for the kernel, and
// put back after.
void SplitSetEngine::make_distinct(const Value16* g, Heap j) {
  SetWord* set = distinct(j);
  std::fill_n(set, words_, 0);
  if (j < 6) return;  // 1 + 2 + 3 is the least
  cleared_.clear();
  for (Heap x = 1; x + 3 <= j; ++x) {
    unsigned v = 0;
    if (!split_sets::split_to_leave_out(g, j, x, v)) continue;
    SetWord& word = pairs(j - x)[v >> 6];
    const SetWord bit = SetWord{1} << (v & 63);
    if (word & bit) {
      word &= ~bit;
      cleared_.push_back({j - x, v});
    }
  }
  or_union(pairs_.data(), g, j, j - 3, false, set);
  for (const auto& [r, v] : cleared_) pairs(r)[v >> 6] |= SetWord{1} << (v & 63);
}

// Marks the value of every option of a heap of n (n >= 1) in `options`;
// returns the set words or-ed, for the progress polls.
std::uint64_t SplitSetEngine::collect_options(const Value16* g, Heap n, SetWord* options) {
  std::uint64_t unions = 0;
  const auto mark = [&](unsigned v) { options[v >> 6] |= SetWord{1} << (v & 63); };
  for (const Digit& digit : digits_) {
    if (digit.k > n) break;
    const Heap rest = n - digit.k;
    const unsigned d = digit.bits;
    const bool equal = digit.modifier == SplitModifier::all_equal;
    if ((d & 1) && digit.k > 0 && rest == 0) options[0] |= 1;
    if ((d & 2) && digit.k > 0 && rest >= 1) mark(g[rest]);
    if ((d & 4) && rest >= 2) {
      if (!equal) {
        or_set(options, pairs(rest), words_);
        ++unions;
      }
      if (!digit.unequal() && rest % 2 == 0) options[0] |= 1;  // the equal split
    }
    if ((d & 8) && rest >= 3) {
      if (equal) {
        if (rest % 3 == 0) mark(g[rest / 3]);  // G(a) ^ G(a) ^ G(a)
      } else {
        or_set(options, split_set(split_kind(3, digit.modifier), rest), words_);
        ++unions;
      }
    }
    if ((d & 16) && rest >= 4) {
      if (equal) {
        if (rest % 4 == 0) mark(0);  // G(a) ^ G(a) ^ G(a) ^ G(a)
      } else {
        or_set(options, split_set(split_kind(4, digit.modifier), rest), words_);
        ++unions;
      }
    }
  }
  if (period_ == 0 || n <= prefix_) return unions * words_;
  if (code_.digit(n) & 1) options[0] |= 1;  // the block's digit takes the whole heap
  for (const Digit& digit : block_) {
    if (digit.k >= n) break;
    const Heap c = (n - digit.k) % period_;
    if (digit.bits & 2) or_set(options, joined(kOne, c), words_);
    if (digit.bits & 4) {
      if (digit.modifier != SplitModifier::all_equal) or_set(options, joined(kTwo, c), words_);
      if (!digit.unequal() && even_[c]) options[0] |= 1;  // an equal split
    }
    if (digit.bits & 8) or_set(options, joined(split_kind(3, digit.modifier), c), words_);
    if (digit.bits & 16) or_set(options, joined(split_kind(4, digit.modifier), c), words_);
    unions += 3;
  }
  return unions * words_;
}

// The sets for G(0..known-1), from the prefix (a new run, or storage that
// another caller has changed since).
void SplitSetEngine::rebuild(const Value16* g, Heap known) {
  Nimber bound = 64;
  for (Heap n = 0; n < known; ++n) bound = std::max<Nimber>(bound, std::bit_ceil(Nimber{g[n]} + 1));
  sizes_ = 0;
  pairs_.clear();
  threes_.clear();
  some_.clear();
  distinct_.clear();
  fours_.clear();
  fours_some_.clear();
  fours_distinct_.clear();
  for (auto& sets : joined_) sets.clear();
  words_ = 1;
  widen(bound, known);
  if (fours_distinct_used_) restart_distinct(g, 0, known);
  for (auto& sets : joined_) sets.assign(period_ * std::size_t{words_}, 0);
  even_.assign(period_, 0);
  const Heap needed_from = known > window_ ? known - window_ : 0;
  for (Heap n = 1; n < known; ++n) {
    add_sets(g, n, needed_from);
    settle(g, n);
  }
  sizes_ = known;
}

void SplitSetEngine::restart_distinct(const Value16* g, Heap parts, Heap at_least) {
  const Heap last = std::max({run_last_, at_least, Heap{64}});
  set_bound(bound_, last,  // its sets count against the machine's memory too
            (all_pairs_ ? (all_threes_ ? 2 : 1) : 0) + distinct_parts_.families(), "split");
  check_steps_ += distinct_parts_.restart(g, words_, last, parts);
}

std::uint64_t SplitSetEngine::options_of(const Value16* g, Heap n, SetWord* options) {
  add_sets(g, n, 0);
  std::uint64_t work = 0;
  if (pairs_used_) work += n / 2;
  if (threes_used_) work += (n / 3 + 64) * std::uint64_t{words_};
  if (distinct_used_) work += n + (n + 64) * std::uint64_t{words_};
  work += collect_options(g, n, options) + check_steps_;
  check_steps_ = 0;
  return work;
}

}  // namespace

std::uint64_t split_set_work(const TakeAndBreak& code, Heap last) {
  if (rare_common_applies(code)) return 0;
  if (!code.is_classic()) return partition_set_work(code, last);  // wider digits
  const SetsUsed used = sets_used(code);
  // Set unions a heap: one per two-, three- or four-heap digit of d0..df; one
  // per kind of set (one heap, two, three, four) of each digit of the block,
  // and one a kind to join heap size n-f-1 to its residue.
  std::uint64_t unions = 0;
  for (Heap k = 0; k <= code.last_digit(); ++k)
    unions += static_cast<unsigned>(std::popcount(code.code_digit(k).classic_bits() & 28u));
  unsigned block_bits = 0;
  for (Heap j = 0; j < code.repeat_length(); ++j) {
    const unsigned d = code.code_digit(code.last_digit() + 1 + j).classic_bits() & 30u;
    unions += static_cast<unsigned>(std::popcount(d));
    block_bits |= d;
  }
  unions += static_cast<unsigned>(std::popcount(block_bits));
  // Per heap n, with V the power of two above n (at most 65536) and
  // W = V/64 words a set: n/2 pairs for S2(n), n/3 unions of W words and
  // 64 permutations of W words for S3(n), n/3 look-ups for S3?(n), n
  // look-ups and n unions and 64 permutations of W words for S3!(n), n/4
  // unions and 64 permutations for S4(n), n/4 look-ups for S4?(n), W words
  // per union above; for '!' on four heaps, once G(n) is known, (last - n)
  // unions of W words in each of the knapsack's four families, about four
  // operations a word (moved, bits permuted). Summed over the runs of n with
  // the same W.
  using detail::saturating_add;
  using detail::saturating_mul;
  std::uint64_t work = 0;
  for (Heap lo = 0; lo <= last;) {
    const Heap bound = std::min<Heap>(kSplitValueLimit, std::max<Heap>(64, std::bit_ceil(lo + 1)));
    const Heap hi = bound >= kSplitValueLimit ? last : std::min<Heap>(last, bound - 1);
    const std::uint64_t words = bound / 64, count = hi - lo + 1;
    // lo + ... + hi, halved before the product so that it cannot overflow
    const std::uint64_t sum = (lo + hi) % 2 == 0 ? saturating_mul((lo + hi) / 2, count)
                                                 : saturating_mul(lo + hi, count / 2);
    if (used.pairs) work = saturating_add(work, sum / 2);
    work = saturating_add(work, saturating_mul(saturating_mul(unions, words), count));
    if (used.threes)
      work = saturating_add(work, saturating_mul(words, saturating_add(sum / 3, 64 * count)));
    if (used.some) work = saturating_add(work, sum / 3);
    if (used.distinct)
      work = saturating_add(
          work, saturating_add(sum, saturating_mul(words, saturating_add(sum, 64 * count))));
    if (used.fours)
      work = saturating_add(work, saturating_mul(words, saturating_add(sum / 4, 64 * count)));
    if (used.fours_some) work = saturating_add(work, sum / 4);
    if (used.fours_distinct)  // the sum over the range of (last - n): count last - sum
      work = saturating_add(work, saturating_mul(16 * words, saturating_mul(count, last) - sum));
    if (hi == last) break;
    lo = hi + 1;
  }
  return work;
}

std::uint64_t split_set_bytes(const TakeAndBreak& code, Heap last) {
  if (rare_common_applies(code)) return 0;
  if (!code.is_classic()) return partition_set_bytes(code, last);  // wider digits
  const Heap bound = std::min<Heap>(kSplitValueLimit, std::max<Heap>(64, std::bit_ceil(last + 1)));
  // S2 of every heap size with three-heap sets made from them, else the
  // ring's; S3 of every heap size too with four-heap sets; the four
  // families of the knapsack of '!' on four heaps; the residues' unions; the
  // copy of the values `extend` keeps.
  const SetsUsed used = sets_used(code);
  const std::uint64_t all = used.threes || used.distinct ? (used.all_threes ? 2 : 1) : 0;
  const std::uint64_t sets = detail::saturating_add(
      detail::saturating_add(all ? detail::saturating_mul(all, last + 1)
                             : used.pairs ? code.last_digit() + 2
                                          : 0,
                             used.fours_distinct ? detail::saturating_mul(4, last + 1) : 0),
      3 * code.repeat_length());
  return detail::saturating_add(detail::saturating_mul(sets, bound / 8),
                                detail::saturating_mul(last + 1, sizeof(Value16)));
}

std::unique_ptr<SequenceEngine> make_split_set_engine(const TakeAndBreak& code, unsigned threads) {
  if (!code.is_classic())
    throw InputError(code.name(), fmt::format("the split-set engine reads digits 0-V (at most "
                                              "four heaps, one modifier a digit); '{}' has "
                                              "wider ones",
                                              code.name()));
  if (rare_common_applies(code))
    throw InputError(code.name(), fmt::format("the split-set engine is for the codes the "
                                              "rare/common engine does not cover: infinite ones "
                                              "and those whose moves can leave three heaps or "
                                              "more; "
                                              "'{}' is not one",
                                              code.name()));
  return std::make_unique<SplitSetEngine>(code, threads);
}

}  // namespace grundy
