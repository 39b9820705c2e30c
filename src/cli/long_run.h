// Long computations on the command line: a progress line on stderr when it
// is a terminal (heap size reached, values/s, rare count, ETA; for position
// searches the positions stored, their rate and the limit), and Ctrl-C /
// SIGTERM turned into a clean stop request instead of a kill. The
// environment variable GRUNDY_PROGRESS=always shows the progress line when
// stderr is not a terminal too (for tests and logs).
#pragma once

#include <signal.h>

#include <atomic>
#include <chrono>
#include <string>

#include "grundy/solve/search_control.h"
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

// A position search of the library (search_control.h) run from the command
// line: its control shows the progress line and turns Ctrl-C into a stop, on
// which the search throws Interrupted (main prints one line and exits 130).
class SearchRun {
 public:
  // Installs the signal handlers for the lifetime of the object.
  SearchRun();
  ~SearchRun();
  SearchRun(const SearchRun&) = delete;
  SearchRun& operator=(const SearchRun&) = delete;

  const SearchControl* control() const { return &control_; }
  // The same for heap values computed by the sequence engine (the line shows
  // the heap size reached and the rate).
  const EngineControl* values_control() const { return &values_control_; }
  // Clears the progress line.
  void finish();

 private:
  void report(const SearchProgress& progress);
  void report_values(const EngineProgress& progress);
  void show(const std::string& line);

  SearchControl control_;
  EngineControl values_control_;
  bool terminal_;
  bool shown_ = false;
  std::chrono::steady_clock::time_point begin_, last_shown_;
};

// Reading a file that may never end (standard input, a pipe): for the
// lifetime of the object SIGINT and SIGTERM set the stop flag and interrupt a
// read that waits (the handlers are installed without SA_RESTART, so read()
// returns instead of waiting again), and check() turns that into Interrupted.
// The handlers in place before are restored afterwards.
class InputWait {
 public:
  InputWait();
  ~InputWait();
  InputWait(const InputWait&) = delete;
  InputWait& operator=(const InputWait&) = delete;

  // Throws Interrupted ("reading WHAT stopped") when a signal came.
  void check(const std::string& what) const;

 private:
  struct sigaction old_int_ {}, old_term_ {};
};

}  // namespace grundy::cli
