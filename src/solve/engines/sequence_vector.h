// What the sequence engines share around their extend_in: SequenceEngine::
// extend on a vector, in terms of extend_in on its storage, and the polling
// of the stop flag and the progress report in the loop over heaps.
#pragma once

#include <bit>
#include <chrono>
#include <cstddef>
#include <cstdint>

#include "grundy/core/error.h"
#include "grundy/rules/take_and_break.h"
#include "grundy/solve/sequence_engine.h"

namespace grundy::detail {

// Throws LimitError unless G(0..last) fits in 16-bit storage in this
// machine's memory (naive_engine.cpp).
void check_sequence_size(const TakeAndBreak& code, Heap last);

// The error for G(n) of `code` past the 16-bit values the engines store.
LimitError value_past_16_bits(const TakeAndBreak& code, Heap n);

// The mex of a set of option values held as `words` 64-bit words: the first
// value not in it (64·words when all are).
inline Nimber set_mex(const std::uint64_t* set, std::size_t words) {
  for (std::size_t w = 0; w < words; ++w)
    if (set[w] != ~std::uint64_t{0}) return 64 * w + static_cast<Nimber>(std::countr_one(set[w]));
  return 64 * words;
}

// Extends `values` (G(0..values.size()-1)) to G(0..last) with
// extend_in(storage, known), an engine's extend_in on the vector's storage:
// G(0) = 0 is put in first, the size is checked and made, and the vector is
// cut back to the values known, also when extend_in throws.
// already_known(known) is called instead when there is nothing to compute.
template <class ExtendIn, class AlreadyKnown>
bool extend_vector(const TakeAndBreak& code, ValueSequence& values, Heap last,
                   ExtendIn&& extend_in, AlreadyKnown&& already_known) {
  if (values.empty()) values.push_back(0);  // G(0) = 0: no options
  Heap known = values.size();
  if (last < known) {
    already_known(known);
    return true;
  }
  check_sequence_size(code, last);
  values.resize(last + 1);
  bool done = false;
  try {
    done = extend_in(values.data(), known);
  } catch (...) {
    values.resize(known);
    throw;
  }
  values.resize(known);
  return done;
}

// The stop flag and progress reports of an engine's loop over heaps n:
// stop_before(n, work), called at each heap, looks at every multiple of
// `every` (a power of two) and once the work counted since the last look
// passes 2^24. A look resets `work`, reports progress (at most every
// 500 ms) and says whether the run must stop before heap n.
class HeapLoopPoll {
 public:
  HeapLoopPoll(const EngineControl& control, EngineProgress& progress, Heap every)
      : control_(control), progress_(progress), mask_(every - 1) {}
  bool stop_before(Heap n, std::uint64_t& work) {
    if ((n & mask_) != 0 && work <= (std::uint64_t{1} << 24)) return false;
    work = 0;
    if (control_.stopped()) return true;
    if (control_.progress && Clock::now() - last_report_ > std::chrono::milliseconds(500)) {
      progress_.reached = n;
      control_.progress(progress_);
      last_report_ = Clock::now();
    }
    return false;
  }

 private:
  using Clock = std::chrono::steady_clock;
  const EngineControl& control_;
  EngineProgress& progress_;
  Heap mask_;
  Clock::time_point last_report_ = Clock::now();
};

}  // namespace grundy::detail
