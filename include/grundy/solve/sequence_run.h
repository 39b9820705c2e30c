// A resumable run of the heap-value sequence G(0), G(1), ... of a
// take-and-break code on the research-scale engine (sequence_engine.h,
// make_fast_engine): started from nothing or resumed from values saved
// earlier (sequence_file.h), extended in chunks sized so that the caller can
// save its state about once per requested interval, stopped cleanly by a flag
// (Ctrl-C in `grundy values --checkpoint`). Where and how the state is saved
// is the caller's choice: the run hands it the values through a callback.
//
// Description: the engine's extend() called on consecutive ranges of heaps;
//   the chunk doubles while a chunk takes under half the save interval and
//   halves while it takes over twice that (between 2^10 and 2^28 heaps).
// Source: docs/theory.md §3 (the engines); docs/sequence-file.md (the file).
// Time and memory: those of the engine, 2 bytes per heap size; a run on a
//   store (on_store, mapped_sequence.h) keeps the values in the file instead,
//   commits it at each save, and lets go of the pages behind it after each
//   chunk (its chunks are then at most 2^24 heaps), so that its memory is
//   the engine's tables and the rare heap sizes.
// Status: tests/stress/sequence_run_test.cpp (runs in pieces, resumed and
//   stopped, against one uninterrupted run and the naive engine);
//   search_period through tests/cli/sequence_cli_test.cpp (far ranges from
//   the proven period, against the period of published values);
//   tests/cli/long_run_test.cpp (killed and interrupted runs of the CLI,
//   in memory and on a store); runs on a store stopped, reopened and
//   resumed, their period search, and their anonymous memory
//   (tests/stress/store_sequence_test.cpp).
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>

#include "grundy/core/types.h"
#include "grundy/rules/take_and_break.h"
#include "grundy/solve/mapped_sequence.h"
#include "grundy/solve/sequence_engine.h"
#include "grundy/solve/periodicity.h"
#include "grundy/solve/sequence_file.h"

namespace grundy {

// The engine's control (progress also after each chunk; the stop flag also
// read between chunks: once it is true, extend() saves when `save` is set
// and returns false), with the run's checkpoints.
struct SequenceRunControl : EngineControl {
  // Called with G(0..reached-1) between chunks, about once per `save_every`
  // seconds, at a stop, and once `to` is reached (for a run on a store,
  // after the store has been committed). Empty: extend() computes the whole
  // range in one piece (a run on a store still goes in chunks and commits).
  std::function<void(std::span<const Value16> values)> save;
  // Seconds of computing between two saves (at least 0.05).
  double save_every = 60;
};

class SequenceRun {
 public:
  // A run from G(0). `threads` = 0 means one per core; the values never
  // depend on it.
  explicit SequenceRun(const TakeAndBreak& code, unsigned threads = 0);
  // A run that continues from `saved`, which must hold G(0..) of this very
  // code (same canonical name, first heap 0); otherwise throws InputError
  // naming `source` (the file the values were read from, say).
  static SequenceRun resume(const TakeAndBreak& code, SequenceFile saved,
                            const std::string& source, unsigned threads = 0);
  // A run whose values live in `store` (mapped_sequence.h): it continues
  // from the values the store holds (G(0..min(store.valid(), limit)-1)),
  // which must be of this very code; otherwise throws InputError naming the
  // store. Saves commit the store.
  static SequenceRun on_store(const TakeAndBreak& code, MappedSequence store, Heap limit,
                              unsigned threads = 0);

  SequenceRun(SequenceRun&&) noexcept;
  SequenceRun& operator=(SequenceRun&&) noexcept;
  ~SequenceRun();

  // Extends the run to G(0..to); true when it got there, false when stopped
  // (values() then holds a consistent prefix, already handed to
  // control.save). A run already past `to` returns true at once. Throws the
  // engine's LimitError when a value does not fit 16 bits (values() keeps
  // the prefix computed).
  bool extend(Heap to, const SequenceRunControl& control = {});

  // Extends the run in doubling steps from kPeriodSearchStart values up to
  // `bound` values (heap_values.h), looking after each step for a period
  // proven on the values so far (find_periodicity); stops at the first one,
  // which period() then holds, and early too when no criterion can prove a
  // period of the code or its values outgrow 16 bits. False when stopped by
  // control.stop, as extend. So a range far beyond `bound` is answered from
  // a proven period, the way `grundy value` answers one heap.
  bool search_period(Heap bound, const SequenceRunControl& control = {});
  // The period search_period proved, if it did.
  const std::optional<Periodicity>& period() const { return period_; }
  // G(n): from the values computed, else from the proven period. Throws
  // LimitError beyond both.
  Nimber value(Heap n) const;

  const TakeAndBreak& code() const { return code_; }
  // G(0..reached()-1), wherever they are.
  std::span<const Value16> sequence() const;
  // The same for a run in memory (std::logic_error for a run on a store).
  const ValueSequence& values() const;
  Heap reached() const { return store_ ? known_ : values_.size(); }
  // The store of a run on one, else null.
  const MappedSequence* store() const { return store_.get(); }
  // The engine's statistics of its last piece of work: rare count and mask
  // for the rare/common engine (mask 0 when not known).
  EngineProgress stats() const;

 private:
  TakeAndBreak code_;
  std::unique_ptr<SequenceEngine> engine_;
  // One piece of work: G(0..end) on the engine, wherever the values are.
  bool extend_piece(Heap end, const EngineControl& control);
  void save(const SequenceRunControl& control);

  ValueSequence values_;
  std::unique_ptr<MappedSequence> store_;  // a run on a store: the values are there
  Heap known_ = 0;                         // with a store: G(0..known_-1) are computed
  Heap chunk_;
  std::optional<Periodicity> period_;
};

}  // namespace grundy
