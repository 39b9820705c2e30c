// Watching a misère quotient computation while it runs (misere_quotient.cpp
// and the steps it calls: adjoining, verification, refinement,
// recalibration, learning): one poll that the long loops of every step call
// with the work they just did. Every so often (about a millisecond of work)
// it reads the control's stop flag and the clock against the time budget
// (QuotientOptions::control, max_seconds), throwing Interrupted when either
// says stop, and reports progress: the heap being adjoined, the order of the
// quotient verified so far, the step under way and its size.
//
// Description: the state is per thread (a survey computes quotients on
//   several threads at once) and set by a scope around one computation. A
//   computation started inside another one's scope without a control or a
//   time budget of its own (the quotients of Nim that decide tameness) is
//   watched by the outer one's flag and clock, and reports nothing itself.
// Status: tests/cli/quotient_stop_test.cpp (a signal and a time budget in
//   each step of long runs).
#pragma once

#include <chrono>
#include <cstdint>

#include "grundy/core/types.h"
#include "grundy/solve/misere_quotient.h"

namespace grundy::detail {

// Work between two looks at the flag and the clock: a unit is about a
// nanosecond of the loops that count it, so about a millisecond.
inline constexpr std::int64_t kQuotientPollWork = std::int64_t{1} << 20;

struct QuotientWatchState {
  const SearchControl* control = nullptr;
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
  bool report = false;     // this computation reports progress
  bool out_of_time = false;  // the last Interrupted came from the clock
  std::int64_t countdown = kQuotientPollWork;
  SearchProgress progress;
  // QuotientOptions::max_memory of the computation (0: not given).
  std::uint64_t max_memory = 0;
};

// The watch of the computation on this thread.
QuotientWatchState& quotient_watch();

// Slow path of quotient_poll.
void quotient_look();

// Counts `work`; every kQuotientPollWork of it, looks at the flag and the
// clock (throwing Interrupted) and reports progress.
inline void quotient_poll(std::uint64_t work = 1) {
  QuotientWatchState& w = quotient_watch();
  w.countdown -= static_cast<std::int64_t>(work);
  if (w.countdown <= 0) quotient_look();
}

// What progress shows from now on: the step ("adjoining", "verifying",
// "refining", "recalibrating", "learning") and its size so far (states
// built, sums solved).
inline void quotient_step(const char* step, std::uint64_t count = 0) {
  QuotientWatchState& w = quotient_watch();
  w.progress.step = step;
  w.progress.step_count = count;
}

// Heap n is being adjoined to a quotient of `order` elements: looks at the
// flag and the clock at once, and reports.
void quotient_heap(Heap n, std::size_t order);

// Watches one computation for its lifetime (see above), restoring the
// enclosing computation's watch afterwards.
class QuotientWatchScope {
 public:
  explicit QuotientWatchScope(const QuotientOptions& options);
  ~QuotientWatchScope();
  QuotientWatchScope(const QuotientWatchScope&) = delete;
  QuotientWatchScope& operator=(const QuotientWatchScope&) = delete;

  // Stops watching (the stop is being answered: what follows must finish).
  void release();

 private:
  QuotientWatchState saved_;
};

}  // namespace grundy::detail
