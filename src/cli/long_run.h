// Long computations on the command line: a progress line on stderr when it
// is a terminal (heap size reached, values/s, rare count, ETA), and Ctrl-C /
// SIGTERM turned into a clean stop request instead of a kill.
#pragma once

#include <atomic>
#include <chrono>
#include <string>

#include "grundy/solve/sequence_engine.h"

namespace grundy::cli {

class LongRun {
 public:
  // Installs the signal handlers for the lifetime of the object.
  LongRun(Heap start, Heap target);
  ~LongRun();
  LongRun(const LongRun&) = delete;
  LongRun& operator=(const LongRun&) = delete;

  const std::atomic<bool>* stop_flag() const;
  bool interrupted() const;
  // Rate-limited progress line; does nothing when stderr is not a terminal.
  void report(const EngineProgress& progress);
  // Clears the progress line.
  void finish();

 private:
  Heap start_, target_;
  bool terminal_;
  bool shown_ = false;
  std::chrono::steady_clock::time_point begin_, last_shown_;
};

}  // namespace grundy::cli
