// The one way a caller watches and stops a long computation of the library:
// Control<Progress> holds a progress callback and a stop flag. Each kind of
// computation reports its own Progress (SearchProgress for position
// searches, search_control.h; EngineProgress for the sequence engines,
// sequence_engine.h; TableProgress for tables, pattern_table.h), and the
// front ends drive them all alike: one progress line, one Ctrl-C.
//
// Description: the computation calls report() every so often from its own
//   thread and looks at stopped() at the same moments; what it does once
//   stopped (return a consistent prefix, or throw Interrupted) is said where
//   it is declared. A default Control reports nothing and never stops, at
//   the cost of one test of an empty std::function.
#pragma once

#include <atomic>
#include <functional>

namespace grundy {

template <class Progress>
struct Control {
  // Called every so often from the computing thread (may be empty). It may
  // throw to stop the computation.
  std::function<void(const Progress&)> progress;
  // Read every so often: once true, the computation stops.
  const std::atomic<bool>* stop = nullptr;

  bool stopped() const { return stop != nullptr && stop->load(std::memory_order_relaxed); }
  void report(const Progress& now) const {
    if (progress) progress(now);
  }
};

}  // namespace grundy
