// What the two set engines share (split_set_engine.cpp, partition_set_engine.cpp):
// extend on a vector and on storage, going on from their sets when the
// caller gives back what the last call left, and the loop over heaps that
// takes the mex of each heap's set of option values.
//
// Description: SetEngineLoop<Engine> is the engine's base (CRTP). The engine
//   keeps its sets for the heap sizes below sizes_, with values below
//   bound_ (words_ = bound_/64 words a set), and provides:
//     void rebuild(const Value16* g, Heap known)  the sets of G(0..known-1),
//                                                  sizes_ = known;
//     std::uint64_t options_of(const Value16* g, Heap n, SetWord* options)
//                                                  the sets of n that need only
//                                                  G(0..n-1), then the option
//                                                  values of heap n ored into
//                                                  `options`; returns the work;
//     void widen(Nimber bound, Heap sizes)         the sets for values below
//                                                  bound (a new G(n) reached
//                                                  the old one);
//     void settle(const Value16* g, Heap n)        the sets that need G(n);
//                                                  sizes_ = n + 1.
//   run_last_ is the last heap the current run asks for (set before the
//   rebuild), for sets that must be sized for it in advance
//   (distinct_part_sets.h).
// Status: through both engines' tests (tests/stress/split_set_engine_test.cpp,
//   modifier_engine_test.cpp, wide_digit_test.cpp), which extend in one
//   piece and in several.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "grundy/core/error.h"
#include "grundy/core/memory.h"
#include "grundy/rules/take_and_break.h"
#include "grundy/solve/sequence_engine.h"
#include "solve/engines/sequence_vector.h"

namespace grundy::detail {

template <class Engine>
class SetEngineLoop : public SequenceEngine {
 public:
  using SetWord = std::uint64_t;

  bool extend(ValueSequence& values, Heap last, const EngineControl& control) final {
    // Goes on from the sets when `values` holds what the last call left (a
    // caller extending in chunks); otherwise rebuilds.
    const bool continued = !left_values_.empty() && values == left_values_;
    left_values_.clear();
    left_g_ = nullptr;
    bool state = false;
    const bool done = extend_vector(
        code_, values, last,
        [&](Value16* g, Heap& known) {
          const bool reached = run(g, known, last, control, continued && known == sizes_);
          state = true;
          return reached;
        },
        [&](Heap known) { progress_ = EngineProgress{known, 0, 0}; });
    // A call that asked for nothing new (last below the values held) leaves
    // the values and the sets as they were: still a continuation.
    if (state || continued) left_values_ = values;
    return done;
  }

  bool extend_in(Value16* g, Heap& known, Heap last, const EngineControl& control) final {
    const bool continued = left_g_ != nullptr && g == left_g_ && known == left_at_;
    left_values_.clear();
    left_g_ = nullptr;
    const bool done = run(g, known, last, control, continued);
    left_g_ = g;
    left_at_ = known;
    return done;
  }

  EngineProgress progress() const final { return progress_; }

 protected:
  // Progress and the stop flag are looked at every `poll_every` heaps (a
  // power of two) or 2^24 units of work (HeapLoopPoll).
  SetEngineLoop(const TakeAndBreak& code, Heap poll_every)
      : code_(code), poll_every_(poll_every) {}

  // For the engine's widen: the width of a set for values below `bound`
  // (bound_, words_), after checking that `families` sets per heap size for
  // sizes + 1 heap sizes fit in the memory this process may use (usable_memory) (a LimitError naming the
  // `kind` of sets if not; families 0: nothing kept per heap size). Returns
  // the old words per set.
  unsigned set_bound(Nimber bound, Heap sizes, std::uint64_t families, const char* kind) {
    const unsigned old_words = words_;
    bound_ = bound;
    words_ = static_cast<unsigned>(bound_ / 64);
    const std::uint64_t bytes = (sizes + 1) * words_ * sizeof(SetWord) * families;
    const std::uint64_t memory = usable_memory();
    if (memory != 0 && bytes > memory)
      throw LimitError(fmt::format(
          "the {} sets of '{}' for {} heap sizes with values below {} need {} MiB, more than "
          "the {} MiB of memory this process may use",
          kind, code_.name(), sizes, bound_, bytes >> 20, memory >> 20));
    return old_words;
  }
  // The first `count` sets of `old_words` words in `sets` (fewer if it holds
  // fewer), each widened to words_ words, the new words zero.
  void relayout(std::vector<SetWord>& sets, std::size_t count, unsigned old_words) const {
    std::vector<SetWord> wider(count * words_, 0);
    for (std::size_t i = 0; i < count && (i + 1) * old_words <= sets.size(); ++i)
      std::copy_n(sets.data() + i * old_words, old_words, wider.data() + i * words_);
    sets = std::move(wider);
  }

  TakeAndBreak code_;
  EngineProgress progress_;
  Nimber bound_ = 64;
  unsigned words_ = 1;
  Heap sizes_ = 0;  // the sets are made for the heap sizes below this
  Heap run_last_ = 0;  // the last heap the current run asks for

 private:
  // Extends G(0..known-1) to G(0..last) in g; `continued` when the sets are
  // those of G(0..known-1). Leaves the sets those of the values known, unless
  // it throws (then the next call rebuilds).
  bool run(Value16* g, Heap& known, Heap last, const EngineControl& control, bool continued) {
    Engine& engine = static_cast<Engine&>(*this);
    if (known == 0) {
      g[0] = 0;  // G(0) = 0: no options
      known = 1;
      continued = false;
    }
    const Heap start = known;
    progress_ = EngineProgress{start, 0, 0};
    run_last_ = last;
    if (!continued || sizes_ != start) engine.rebuild(g, start);
    if (last < start) return true;

    HeapLoopPoll poll(control, progress_, poll_every_);
    std::uint64_t work = 0;
    std::vector<SetWord> options;
    Heap n = start;
    try {
      for (; n <= last; ++n) {
        if (poll.stop_before(n, work)) break;
        options.assign(words_, 0);
        work += engine.options_of(g, n, options.data());
        const Nimber value = set_mex(options.data(), words_);
        if (value >= (Nimber{1} << 16)) throw value_past_16_bits(code_, n);
        g[n] = static_cast<Value16>(value);
        if (value >= bound_) engine.widen(std::bit_ceil(value + 1), n + 1);
        engine.settle(g, n);
      }
    } catch (...) {
      known = n;
      progress_.reached = n;
      sizes_ = 0;  // the sets may be half made: the next call rebuilds
      throw;
    }
    known = n;
    progress_.reached = n;
    control.report(progress_);
    return n > last;
  }

  Heap poll_every_;
  const Value16* left_g_ = nullptr;  // the storage and size the last extend_in left
  Heap left_at_ = 0;
  ValueSequence left_values_;  // the values the last extend left (its state's)
};

}  // namespace grundy::detail
