// The split-set engine: heap values of a finite code whose moves can leave
// three heaps, in O(n^2 V/64) instead of the naive mex's O(n^3).
//
// Description: the values of the two-heap splits of a heap of i tokens form
//   a set S2(i) = {G(a) ^ G(i-a) : 1 <= a <= i-a}, kept as a bit set over the
//   values below V (a power of two above every value so far) for every
//   i <= n. A three-heap split of j tokens has a smallest heap a <= j/3, and
//   the other two split j - a, so the three-heap values of j are
//     S3(j) = union over 1 <= a <= j/3 of G(a) ^ S2(j - a),
//   where "G(a) ^ S" is the set S with every element xored with G(a): j/3
//   set operations of V/64 words, not the ~j^2/12 triples one by one. Xor
//   with v moves word w of a set to word w ^ (v >> 6) and permutes the bits
//   within each word by v & 63; the permutation of bits distributes over
//   or, so the sets are first or-ed, words moved, into 64 sets by v & 63,
//   and only those 64 have their bits permuted. A '!' two-heap digit
//   (unequal heaps only) uses S2(i) less the equal split, which is kept
//   apart: its value is always 0.
// Source: the mex rule, docs/theory.md §1, §3 (WW ch. 4); how the sets are
//   kept and what they gain: docs/performance.md, "Codes that leave three
//   heaps".
// Time: O(n V/64) per value: n/2 xors to build S2(n), and per three-heap
//   digit n/3 unions of V/64 words plus 64 bit permutations of V/64 words.
// Memory: 2 bytes per heap size (the sequence) and V/8 bytes per heap size
//   for the sets S2; a LimitError when they would not fit in the machine's
//   memory (`values` refuses such a run up front, three_heap_set_bytes).
// Status: compared with the naive engine on random hexadecimal codes
//   (tests/stress/split_set_engine_test.cpp).
#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include <fmt/format.h>

#include "grundy/core/error.h"
#include "grundy/core/memory.h"
#include "grundy/rules/heap_ruleset.h"
#include "grundy/solve/sequence_engine.h"
#include "solve/sequence_vector.h"

namespace grundy {

namespace {

using SetWord = std::uint64_t;
constexpr Nimber kSplitValueLimit = Nimber{1} << 16;  // values are stored in 16 bits

// The word x with bit p moved to bit p ^ low (low < 64): one swap of
// adjacent blocks per bit of low.
SetWord xor_bits(SetWord x, unsigned low) {
  static constexpr SetWord kLow[6] = {0x5555555555555555, 0x3333333333333333,
                                      0x0F0F0F0F0F0F0F0F, 0x00FF00FF00FF00FF,
                                      0x0000FFFF0000FFFF, 0x00000000FFFFFFFF};
  for (unsigned i = 0; i < 6; ++i)
    if ((low >> i) & 1) {
      const unsigned s = 1u << i;
      x = ((x & kLow[i]) << s) | ((x >> s) & kLow[i]);
    }
  return x;
}

class SplitSetEngine final : public SequenceEngine {
 public:
  explicit SplitSetEngine(const TakeAndBreak& code) : code_(code) {
    for (Heap k = 0; k <= code_.last_digit(); ++k) {
      const unsigned d = code_.digit(k);
      if (d != 0) digits_.push_back({k, d, code_.unequal_split(k)});
    }
  }

  bool extend(ValueSequence& values, Heap last, const EngineControl& control) override;
  bool extend_in(Value16* g, Heap& known, Heap last, const EngineControl& control) override;
  EngineProgress progress() const override { return progress_; }

 private:
  struct Digit {
    Heap k;
    unsigned bits;
    bool unequal;
  };
  SetWord* pairs(Heap i) { return pairs_.data() + i * words_; }
  void grow_bound(Heap sizes);
  void add_pair_set(const Value16* g, Heap i);
  void or_three_heap_set(const Value16* g, Heap j, SetWord* out);
  void rebuild(const Value16* g, Heap known);

  TakeAndBreak code_;
  std::vector<Digit> digits_;
  EngineProgress progress_;
  Nimber bound_ = 64;
  unsigned words_ = 1;
  std::vector<SetWord> pairs_;  // S2(i) less the equal split, i = 0..sets_-1
  Heap sets_ = 0;
  std::vector<SetWord> by_low_;  // 64 sets: the words moved, bits not yet permuted
  const Value16* left_g_ = nullptr;   // the storage and size the last call left
  Heap left_at_ = 0;
};

// After bound_ has grown: gives every set of S2 its new width (the values
// so far lie below the old bound, so the new words are zero), for `sizes`
// heap sizes to come.
void SplitSetEngine::grow_bound(Heap sizes) {
  const unsigned old_words = words_;
  words_ = static_cast<unsigned>(bound_ / 64);
  const std::uint64_t bytes = (sizes + 1) * words_ * sizeof(SetWord);
  const std::uint64_t memory = physical_memory();
  if (memory != 0 && bytes > memory)
    throw LimitError(fmt::format(
        "the split sets of '{}' for {} heap sizes with values below {} need {} MiB, more than "
        "this machine's {} MiB of memory",
        code_.name(), sizes, bound_, bytes >> 20, memory >> 20));
  std::vector<SetWord> wider(std::max<Heap>(sets_, 1) * words_, 0);
  for (Heap i = 0; i < sets_; ++i)
    std::copy_n(pairs_.data() + i * old_words, old_words, wider.data() + i * words_);
  pairs_ = std::move(wider);
  by_low_.assign(64 * std::size_t{words_}, 0);
}

// S2(i) less the equal split: G(a) ^ G(i - a) for 1 <= a < i - a.
void SplitSetEngine::add_pair_set(const Value16* g, Heap i) {
  pairs_.resize((i + 1) * words_, 0);
  SetWord* set = pairs(i);
  std::fill_n(set, words_, 0);
  for (Heap a = 1; 2 * a < i; ++a) {
    const unsigned v = unsigned{g[a]} ^ g[i - a];
    set[v >> 6] |= SetWord{1} << (v & 63);
  }
  sets_ = i + 1;
}

// out |= S3(j), j >= 3.
void SplitSetEngine::or_three_heap_set(const Value16* g, Heap j, SetWord* out) {
  const unsigned words = words_;
  std::uint64_t used = 0;  // which of the 64 sets by_low_ are not empty
  for (Heap a = 1; 3 * a <= j; ++a) {
    const unsigned v = g[a], high = v >> 6;
    const Heap rest = j - a;
    SetWord* dst = by_low_.data() + (v & 63) * std::size_t{words};
    const SetWord* set = pairs(rest);
    for (unsigned w = 0; w < words; ++w) dst[w ^ high] |= set[w];
    if (rest % 2 == 0) dst[high] |= 1;  // the equal split of rest: value 0, moved to v
    used |= std::uint64_t{1} << (v & 63);
  }
  for (; used != 0; used &= used - 1) {
    const unsigned low = static_cast<unsigned>(std::countr_zero(used));
    SetWord* set = by_low_.data() + low * std::size_t{words};
    for (unsigned w = 0; w < words; ++w) {
      out[w] |= xor_bits(set[w], low);
      set[w] = 0;
    }
  }
}

// The sets for G(0..known-1), from the prefix (a new run, or storage that
// another caller has changed since).
void SplitSetEngine::rebuild(const Value16* g, Heap known) {
  bound_ = 64;
  for (Heap n = 0; n < known; ++n)
    bound_ = std::max<Nimber>(bound_, std::bit_ceil(Nimber{g[n]} + 1));
  sets_ = 0;
  pairs_.clear();
  words_ = 1;
  grow_bound(known);
  for (Heap i = 0; i < known; ++i) add_pair_set(g, i);
}

bool SplitSetEngine::extend(ValueSequence& values, Heap last, const EngineControl& control) {
  // A vector may move or change between calls: always rebuilt. (extend_in
  // leaves left_g_ empty when it throws.)
  left_g_ = nullptr;
  const bool done = detail::extend_vector(
      code_, values, last,
      [&](Value16* g, Heap& known) { return extend_in(g, known, last, control); },
      [&](Heap known) { progress_ = EngineProgress{known, 0, 0}; });
  left_g_ = nullptr;
  return done;
}

bool SplitSetEngine::extend_in(Value16* const g, Heap& known, Heap last,
                               const EngineControl& control) {
  const bool continued = left_g_ != nullptr && g == left_g_ && known == left_at_;
  left_g_ = nullptr;
  if (known == 0) {
    g[0] = 0;  // G(0) = 0: no options
    known = 1;
  }
  const Heap start = known;
  progress_ = EngineProgress{start, 0, 0};
  if (last < start) {
    if (continued) left_g_ = g;
    return true;
  }
  if (!continued) rebuild(g, start);

  detail::HeapLoopPoll poll(control, progress_, 256);
  std::uint64_t work = 0;
  std::vector<SetWord> options(words_);
  Heap n = start;
  try {
    for (; n <= last; ++n) {
      if (poll.stop_before(n, work)) break;
      add_pair_set(g, n);  // S2(n): needs G(1..n-1)
      options.assign(words_, 0);
      for (const Digit& digit : digits_) {
        if (digit.k > n) break;
        const Heap rest = n - digit.k;
        const unsigned d = digit.bits;
        if ((d & 1) && digit.k > 0 && rest == 0) options[0] |= 1;
        if ((d & 2) && digit.k > 0 && rest >= 1)
          options[g[rest] >> 6] |= SetWord{1} << (g[rest] & 63);
        if ((d & 4) && rest >= 2) {
          const SetWord* set = pairs(rest);
          for (unsigned w = 0; w < words_; ++w) options[w] |= set[w];
          if (!digit.unequal && rest % 2 == 0) options[0] |= 1;  // the equal split
          work += rest / 2;
        }
        if ((d & 8) && rest >= 3) {
          or_three_heap_set(g, rest, options.data());
          work += rest / 3 * words_;
        }
      }
      Nimber value = bound_;
      for (unsigned w = 0; w < words_; ++w)
        if (options[w] != ~SetWord{0}) {
          value = 64 * w + static_cast<Nimber>(std::countr_one(options[w]));
          break;
        }
      if (value >= kSplitValueLimit)
        throw LimitError(fmt::format(
            "G({}) of '{}' is at least 65536, beyond the 16-bit values the sequence engines "
            "store",
            n, code_.name()));
      g[n] = static_cast<Value16>(value);
      if (value >= bound_) {
        bound_ = std::bit_ceil(value + 1);
        grow_bound(n + 1);
        options.assign(words_, 0);
      }
    }
  } catch (...) {
    known = n;
    progress_.reached = n;
    throw;
  }
  known = n;
  progress_.reached = n;
  left_g_ = g;
  left_at_ = n;
  if (control.progress) control.progress(progress_);
  return n > last;
}

}  // namespace

std::uint64_t three_heap_work(const TakeAndBreak& code, Heap last) {
  if (!code.is_finite() || code.max_parts() != 3) return code.compute_cost(last);
  std::uint64_t two = 0, three = 0;  // digits that can leave two or three heaps
  for (Heap k = 0; k <= code.last_digit(); ++k) {
    if (code.digit(k) & 4) ++two;
    if (code.digit(k) & 8) ++three;
  }
  // Per heap n, with V the power of two above n (at most 65536) and
  // W = V/64 words a set: n/2 pairs for S2(n), W words per two-heap digit,
  // n/3 unions of W words and 64 permutations of W words per three-heap
  // digit. Summed over the runs of n with the same W.
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
    work = saturating_add(work, sum / 2);
    work = saturating_add(work, saturating_mul(saturating_mul(two, words), count));
    work = saturating_add(work, saturating_mul(saturating_mul(three, words),
                                               saturating_add(sum / 3, 64 * count)));
    if (hi == last) break;
    lo = hi + 1;
  }
  return work;
}

std::uint64_t three_heap_set_bytes(const TakeAndBreak& code, Heap last) {
  if (!code.is_finite() || code.max_parts() != 3) return 0;
  const Heap bound = std::min<Heap>(kSplitValueLimit, std::max<Heap>(64, std::bit_ceil(last + 1)));
  return detail::saturating_mul(last + 1, bound / 8);
}

std::unique_ptr<SequenceEngine> make_split_set_engine(const TakeAndBreak& code) {
  if (!code.is_finite() || code.max_parts() != 3)
    throw InputError(code.name(), fmt::format("the split-set engine needs a finite code whose "
                                              "moves can leave three heaps; '{}' is not one",
                                              code.name()));
  return std::make_unique<SplitSetEngine>(code);
}

}  // namespace grundy
