// The naive heap-value engine: G(n) by the definition, mex over every option.
//
// Description: for each heap n in order, marks the value of every option in a
//   bit set and takes the mex. The options come straight from the code's
//   digits (docs/theory.md §3): digit d_k, k >= 1, bit 1 takes a whole heap
//   of k, bit 2 leaves one heap n-k, bit 4 two heaps a + b = n-k (a <= b),
//   bit 8 three heaps a <= b <= c, bit 16 four; d0 (k = 0) only splits; a
//   code with wider digits (code_digit.h) lists its options itself. The
//   modifiers restrict the splits: '!' to a < b (< c ...), as in Grundy's
//   game 4!.0, '?' to heaps not all equal, '=' to heaps all equal. All
//   values so far are below a power of two V >= 64, so every option value (a
//   xor of at most four of them) is too: while V = 64 the values seen are
//   the bits of one register; past it, a byte each. (A bit set in memory
//   made every option read and write back its word, and a heap's options
//   mostly fall on a few words, so each waited for the one before: twice
//   the time of the byte stores.)
// Source: docs/theory.md §1, §3 (WW ch. 4).
// Time: O(n) per value and two-heap digit, O(n^2) per value and three-heap
//   digit, O(n^3) per value and four-heap digit; an infinite code [..]
//   costs O(n) removal options per value as well.
// Memory: 2 bytes per heap size (the sequence), plus one byte per heap size
//   of cached digits for an infinite code, and V bytes (at most 64 KiB) for
//   the values seen.
// Status: the reference for the rare/common engine; itself compared with
//   grundy::naive_heap_values (a third implementation, through the ruleset's
//   option generator) and published values (tests/stress/sequence_engine_test.cpp).
#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include <fmt/format.h>

#include "grundy/core/error.h"
#include "grundy/core/memory.h"
#include "grundy/solve/sequence_engine.h"
#include "solve/engines/sequence_vector.h"


namespace grundy {

namespace detail {

// Declared in sequence_vector.h: shared by the engines.
void check_sequence_size(const TakeAndBreak& code, Heap last) {
  constexpr Heap kMaxLast = (Heap{1} << 32) - 2;
  if (last > kMaxLast)
    throw LimitError(fmt::format(
        "G(0..{}) of '{}' is beyond the engines' limit of 2^32-1 heap sizes ({} GiB of values)",
        last, code.name(), (last + 1) / (Heap{1} << 29)));
  const std::uint64_t memory = usable_memory();
  if (memory != 0 && (last + 1) * sizeof(Value16) > memory)
    throw LimitError(fmt::format(
        "G(0..{}) of '{}' needs {} MiB at 2 bytes per heap size, more than the {} MiB of "
        "memory this process may use",
        last, code.name(), (last + 1) * sizeof(Value16) >> 20, memory >> 20));
}

LimitError value_past_16_bits(const TakeAndBreak& code, Heap n) {
  return LimitError(fmt::format(
      "G({}) of '{}' is at least 65536, beyond the 16-bit values the sequence engines store", n,
      code.name()));
}

}  // namespace detail

namespace {

constexpr Nimber kValueLimit = Nimber{1} << 16;

class NaiveEngine final : public SequenceEngine {
 public:
  explicit NaiveEngine(const TakeAndBreak& code) : code_(code), classic_(code.is_classic()) {}

  bool extend(ValueSequence& values, Heap last, const EngineControl& control) override;
  bool extend_in(Value16* g, Heap& known, Heap last, const EngineControl& control) override;
  EngineProgress progress() const override { return progress_; }

 private:
  // The digit of removing k tokens, with its modifier in the bits above 31,
  // cached so the inner loops index a byte array (an infinite code's digits
  // are needed for every k <= n).
  static constexpr unsigned kModifierShift = 5;
  unsigned digit(Heap k) {
    while (digits_.size() <= k) {
      const Heap j = digits_.size();
      digits_.push_back(static_cast<std::uint8_t>(
          code_.code_digit(j).classic_bits() |
          static_cast<unsigned>(code_.modifier(j)) << kModifierShift));
    }
    return digits_[k];
  }
  template <class Mark>
  void visit_options(const Value16* g, Heap n, Mark&& mark);

  TakeAndBreak code_;
  bool classic_;  // digits 0-V only: the loops below; else the code's own options
  std::vector<std::uint8_t> digits_;
  std::vector<unsigned> listed_;  // option values of a wide-digit code, reused
  EngineProgress progress_;
};

// Calls mark(value) for the value of every option of a heap of n.
template <class Mark>
void NaiveEngine::visit_options(const Value16* g, Heap n, Mark&& mark) {
  if (!classic_) {
    // Wider digits (more than four heaps, or a modifier per heap count): the
    // code's own option list, split by split. Its values are listed first
    // and marked after: `mark` handed to the option list (a std::function)
    // would let what it refers to be reached from elsewhere, and the loops
    // below would then keep it in memory instead of registers.
    listed_.clear();
    code_.for_each_heap_option(n, [this, g](const HeapOption& option) {
      unsigned v = 0;
      for (std::size_t i = 0; i < option.part_count; ++i) v ^= g[option.parts[i]];
      listed_.push_back(v);
      return true;
    });
    for (const unsigned v : listed_) mark(v);
    return;
  }
  const Heap last_k = code_.is_finite() ? std::min<Heap>(n, code_.last_digit()) : n;
  for (Heap k = 0; k <= last_k; ++k) {
    const unsigned d = digit(k);
    if (d == 0) continue;
    const Heap rest = n - k;
    if ((d & 1) && k > 0 && rest == 0) mark(0u);
    if ((d & 2) && k > 0 && rest >= 1) mark(unsigned{g[rest]});
    const auto modifier = static_cast<SplitModifier>(d >> kModifierShift);
    if ((d & 4) && rest >= 2) {
      // a + b = rest, a <= b: by the definition, each split tested
      for (Heap a = 1; 2 * a <= rest; ++a) {
        const Heap parts[2] = {a, rest - a};
        if (split_allowed(modifier, parts, 2)) mark(unsigned{g[a]} ^ g[rest - a]);
      }
    }
    if ((d & 8) && rest >= 3)
      for (Heap a = 1; 3 * a <= rest; ++a) {
        const unsigned ga = g[a];
        for (Heap b = a; a + 2 * b <= rest; ++b) {
          const Heap parts[3] = {a, b, rest - a - b};
          if (split_allowed(modifier, parts, 3)) mark(ga ^ g[b] ^ g[rest - a - b]);
        }
      }
    if ((d & 16) && rest >= 4)
      for (Heap a = 1; 4 * a <= rest; ++a)
        for (Heap b = a; a + 3 * b <= rest; ++b) {
          const unsigned gab = unsigned{g[a]} ^ g[b];
          for (Heap c = b; a + b + 2 * c <= rest; ++c) {
            const Heap parts[4] = {a, b, c, rest - a - b - c};
            if (split_allowed(modifier, parts, 4)) mark(gab ^ g[c] ^ g[rest - a - b - c]);
          }
        }
  }
}

bool NaiveEngine::extend(ValueSequence& values, Heap last, const EngineControl& control) {
  return detail::extend_vector(
      code_, values, last,
      [&](Value16* g, Heap& known) { return extend_in(g, known, last, control); },
      [&](Heap known) { progress_ = EngineProgress{known, 0, 0}; });
}

bool NaiveEngine::extend_in(Value16* const g, Heap& known, Heap last,
                            const EngineControl& control) {
  if (known == 0) {
    g[0] = 0;  // G(0) = 0: no options
    known = 1;
  }
  const Heap start = known;
  progress_ = EngineProgress{start, 0, 0};
  if (last < start) return true;

  // V: a power of two above every value so far.
  Nimber bound = 64;
  for (Heap n = 0; n < start; ++n) bound = std::max<Nimber>(bound, std::bit_ceil(Nimber{g[n]} + 1));
  std::vector<std::uint8_t> seen(bound);  // past V = 64: a byte per value

  detail::HeapLoopPoll poll(control, progress_, 1024);
  std::uint64_t work = 0;
  Heap n = start;
  for (; n <= last; ++n) {
    if (poll.stop_before(n, work)) break;
    Nimber value;
    std::uint64_t marks = 0;  // options visited, a register in the loops
    if (bound == 64) {
      std::uint64_t set = 0;
      visit_options(g, n, [&](unsigned v) { set |= std::uint64_t{1} << v; ++marks; });
      value = static_cast<Nimber>(std::countr_one(set));
    } else {
      std::fill(seen.begin(), seen.end(), 0);
      std::uint8_t* const marked = seen.data();
      visit_options(g, n, [&](unsigned v) {
        marked[v] = 1;
        ++marks;
      });
      // The mex: the first value not marked (V if all are).
      value = static_cast<Nimber>(std::find(seen.begin(), seen.end(), 0) - seen.begin());
    }
    work += marks;
    if (value >= kValueLimit) {
      known = n;
      progress_.reached = n;
      throw detail::value_past_16_bits(code_, n);
    }
    g[n] = static_cast<Value16>(value);
    if (value >= bound) {
      bound *= 2;
      seen.assign(bound, 0);
    }
  }
  known = n;
  progress_.reached = n;
  control.report(progress_);
  return n > last;
}

}  // namespace

std::unique_ptr<SequenceEngine> make_naive_engine(const TakeAndBreak& code) {
  return std::make_unique<NaiveEngine>(code);
}

}  // namespace grundy
