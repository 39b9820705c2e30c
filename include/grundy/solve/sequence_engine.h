// Engines that compute the heap-value sequence G(0), G(1), ... of a
// take-and-break code at research scale (docs/theory.md §3). Values are stored in
// 16 bits, 2 bytes per heap size; an engine that meets a value of 65536 or
// more stops with a LimitError that says so.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "grundy/core/types.h"
#include "grundy/rules/take_and_break.h"
#include "grundy/solve/control.h"

namespace grundy {

using Value16 = std::uint16_t;
using ValueSequence = std::vector<Value16>;

// What a long run reports now and then (for progress lines and --stats).
struct EngineProgress {
  Heap reached = 0;          // G(0..reached-1) are known
  std::uint64_t rare_count = 0;  // heap sizes with a rare value (rare/common only)
  Nimber mask = 0;           // current rare/common mask (rare/common only)
};

// Once its stop flag is true, the engine returns early with the values
// computed so far (a consistent prefix).
using EngineControl = Control<EngineProgress>;

class SequenceEngine {
 public:
  virtual ~SequenceEngine() = default;
  // Extends `values`, which holds G(0..values.size()-1) (possibly loaded from
  // a checkpoint), to G(0..last). Returns true when it got there, false when
  // stopped early. On return values.size() is exactly the number of values
  // known (last + 1, or fewer when stopped), so the caller can save it. The
  // same engine may be called again with a longer `last` (the front end
  // extends in chunks and saves a checkpoint between them). The result never
  // depends on the thread count.
  virtual bool extend(ValueSequence& values, Heap last, const EngineControl& control) = 0;
  // The same on storage the caller owns (a memory-mapped file,
  // mapped_sequence.h): `g` has room for G(0..last) and holds G(0..known-1);
  // on return (or a throw) `known` is the number of values known, as
  // values.size() above. No limit on memory applies: the caller sized `g`.
  // A call whose `g` and `known` are those the previous extend_in call of
  // this engine left (the same storage, untouched since) goes on from the
  // engine's state instead of rebuilding it from the prefix, which would
  // cost O(known) a call: a caller extending in chunks far beyond memory
  // must not pay a pass over the whole file per chunk.
  virtual bool extend_in(Value16* g, Heap& known, Heap last, const EngineControl& control) = 0;
  // Statistics of the last extend call.
  virtual EngineProgress progress() const = 0;
};

// The reference: mex over every option, tight loops over the code's digits.
std::unique_ptr<SequenceEngine> make_naive_engine(const TakeAndBreak& code);

// Whether the rare/common method applies: a finite code whose moves leave at
// most two heaps (with or without modifiers).
bool rare_common_applies(const TakeAndBreak& code);

// The codes the rare/common engine does not cover (infinite ones, and those
// whose moves can leave three heaps or four): the mex over sets of split
// values, O(n V/64) a value for n values below V, rather than the naive O(n)
// per removal digit, O(n^2) per three-heap digit and O(n^3) per four-heap
// digit, and an infinite code's
// block in O(V/64) a digit rather than O(n) removals
// (src/solve/engines/split_set_engine.cpp). With `threads` >= 2 (0: one per core)
// a second thread makes half of each large three-heap set. Throws
// InputError for other codes.
std::unique_ptr<SequenceEngine> make_split_set_engine(const TakeAndBreak& code,
                                                      unsigned threads = 1);

// About how much work G(0..last) takes on the split-set engine, in the work
// limits' units (64-bit set words or-ed, pairs xored), counted as if the
// values grew like n (as 0.8's and 0.3F's do; an overestimate for codes
// whose values stay small). 0 for the rare/common engine's codes, which are
// not bounded by work. Codes with wider digits than four heaps:
// partition_set_work.
std::uint64_t split_set_work(const TakeAndBreak& code, Heap last);
// The bytes of the split-set engine's sets (V/8 each, V up to 65536, under
// the same assumption) and copy of the values for G(0..last); 0 for the
// rare/common engine's codes.
std::uint64_t split_set_bytes(const TakeAndBreak& code, Heap last);

// Codes with digits wider than four heaps (&n;, {..}, '*'; code_digit.h):
// the values of splits into r heaps, and into r heaps or more, as sets made
// by unions over the first part, O(n V/64) a value and set kind; '!' on
// three heaps or more split by split, as the naive engine
// (src/solve/engines/partition_set_engine.cpp). With `threads` >= 2 (0: one per
// core) a second thread makes half of each large union.
std::unique_ptr<SequenceEngine> make_partition_set_engine(const TakeAndBreak& code,
                                                          unsigned threads = 1);
// Its work for G(0..last), in the split-set engine's units (set words or-ed,
// look-ups; a split listed counts kSplitSetOpsPerVisit), as if the values
// grew like n; and the bytes of its sets and values.
std::uint64_t partition_set_work(const TakeAndBreak& code, Heap last);
std::uint64_t partition_set_bytes(const TakeAndBreak& code, Heap last);

// The rare/common method (docs/theory.md §3) for finite codes whose moves
// leave at most two heaps; the split-set engine for the others, and the
// partition-set engine for codes with wider digits. `threads` =
// 0 means one per core.
std::unique_ptr<SequenceEngine> make_fast_engine(const TakeAndBreak& code, unsigned threads = 0);

}  // namespace grundy
