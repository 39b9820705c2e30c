// The rare/common ("sparse space") engine for long heap-value sequences of
// take-and-break codes whose moves leave at most two heaps (docs/theory.md §3).
//
// Description: a mask m splits values into rare (popcount(v & m) even) and
//   common (odd); rare values form a subgroup of index 2 under xor. A common
//   value excluded by a two-heap split must come from a split with exactly one
//   rare part, so pairing each rare heap size r with n-k-r finds every
//   excluded common value in O(#rare). With c the least common value left,
//   G(n) = c unless some rare value below c is not excluded: the
//   common+common splits are scanned until every rare value below c is seen
//   (a short scan in practice), and only a scan that runs to the end makes
//   G(n) a new rare value. Correct for any mask; the mask only sets the speed.
//   Splits into two unequal heaps only (CGSuite's '!' or '?', Grundy's game
//   4!.0): an equal split could only give 0, a rare value, so only "is 0
//   excluded" changes; when m/2 is a rare heap size (its self-pair marked 0)
//   and no removal leaves 0, 0 is left to the scan, which stops below m/2.
//   A digit with '=' splits into two equal heaps only: one option of value 0
//   when n - k is even, like taking a whole heap.
//   Engineering: exclusions are marked with epoch stamps (stores only, no
//   read-modify-write chains) and turned into bit sets; each rare heap size
//   is paired with 16 consecutive heaps in one pass (four 8-byte loads, 16
//   byte stamps); the scan compares a vector register of splits at a time
//   with the few rare values left, with kernels written once for every
//   instruction set (Highway; portable kernels are their twin).
//   Helper threads take two kinds of work off the main thread: the pairs of
//   far rare heap sizes (>= 2304), made ahead of time in blocks of 256 heaps
//   (a share adjusted to keep both sides busy), and the scans: G(n) = c is
//   taken speculatively and the scan that confirms it runs on a helper while
//   the main thread goes on, once the recent scans average 512 splits or
//   more (shorter ones cost more to hand over than to run: 0.16's do, so it
//   runs on one core; docs/performance.md). A scan that fails rolls the
//   sequence back to that heap; speculation waits 2048 heaps after each
//   rare value, so only a game's late rare values ever cost one. The mask
//   is chosen to minimise the rare heap sizes, by a Walsh-Hadamard
//   transform of the value
//   histogram, and re-chosen when frequencies shift.
// Source: WW ch. 4 ("Sparse space spells speed"); A. Flammenkamp's
//   octal-game pages and his Grundy's game page (its sparse space, mask
//   0xFE); Gangolli & Plambeck, IJGT 18 (1989).
// Time: O(#rare + scan length) per value and two-heap digit; O(n) for the
//   few values that are new rare values.
// Memory: 2 bytes per heap size, plus per rare heap size 6 bytes below
//   2^32 and 10 from 2^32 on (the rare list keeps heap sizes in 32 bits,
//   half the pairing loops' memory traffic, while they fit, and the later
//   ones in a 64-bit part; the switch moves nothing), and room for twice as
//   many. In memory, heap sizes below 2^32. On storage the caller owns
//   (extend_in, a memory-mapped file: mapped_sequence.h) only the rare list
//   and fixed tables, for heap sizes as far as the file reaches. The pairs
//   read a window behind n as wide as the largest rare heap size,
//   the scans the start of the sequence and a window behind n, so the file's
//   pages in use at a time are few (docs/performance.md).
// Status: compared with the naive engine on all 512 codes 0.d1d2d3 to 4096,
//   random octal and hexadecimal codes and forced (also bad) masks; portable
//   kernels against every vector target the CPU runs, thread counts 1-3
//   (with rollbacks), resumed and stopped runs; published values and
//   periods (OEIS A046695, A002187, A071464, A071436)
//   (tests/stress/sequence_engine_test.cpp). Codes with '!': Grundy's game
//   against the naive engine to 6000 (threads 1-2, portable and vector
//   kernels, forced speculation, forced masks including 0, resumed
//   prefixes), to 20000 through the grundy-game ruleset, 80 random codes
//   with '!' to 3000; G(0..104) against OEIS A002188
//   (tests/stress/unequal_split_engine_test.cpp, tests/unit/rules_test.cpp);
//   `values grundy-game --to 16777216` runs (docs/performance.md). On a
//   store (extend_in in random chunks, each continuing the engine's state):
//   against runs in memory for six codes, threads 1-2, and against the naive
//   engine with forced masks and forced speculation
//   (tests/stress/store_sequence_test.cpp). The 64-bit part of the rare list
//   (RareCommonOptions::wide_from moves its start from 2^32 down into short
//   runs): against the naive engine for 0.6, 0.014, 0.16, 0.161, 4!.0 and
//   0.77, the switch at the start, early or midway, threads 1-2, forced
//   speculation, mask 0, runs in pieces, in memory
//   (WideLayoutGivesTheSameSequence, sequence_engine_test.cpp) and on a
//   store in random chunks, with far-pair blocks on both sides of the
//   switch, and stores resumed before and after it by either layout
//   (store_sequence_test.cpp); the entries of the 64-bit part counted.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "grundy/solve/sequence_engine.h"

namespace grundy {

struct RareCommonOptions {
  // Threads in all (0: one per core). Helpers pair far heap sizes and
  // confirm scans; the values never depend on their number.
  unsigned threads = 0;
  // A fixed mask for the whole run (0 allowed: every value is rare and every
  // split is paired). Empty: chosen from the value frequencies.
  std::optional<Nimber> mask;
  // Use the vector kernels (src/solve/engines/sequence_kernels.h) when the library
  // has them (false: the portable ones).
  bool simd = true;
  // For tests: with helpers, hand every scan over at once, however short and
  // however soon after a rare value, so that failed scans (rollbacks) happen.
  bool force_speculation = false;
  // For tests: the rare list keeps the heap sizes from this one on in its
  // 64-bit part (the wide layout), the others in 32 bits. The default, 2^32,
  // is the first heap size 32 bits cannot hold (larger is an InputError);
  // a small one makes short runs switch to the wide layout midway.
  Heap wide_from = Heap{1} << 32;
};

// Counters of the last extend call (CaDiCaL-style plain stats).
struct RareCommonStats {
  std::uint64_t pairs = 0;          // (rare heap size, complement) pairs, all threads
  std::uint64_t scan_steps = 0;     // common+common splits looked at
  std::uint64_t full_scans = 0;     // scans that ran to the end (new rare values;
                                    // with speculation also rolled-back ones)
  std::uint64_t speculated = 0;     // scans handed over (G(n) = c taken at once)
  std::uint64_t rollbacks = 0;      // failed speculative scans
  std::uint64_t mask_changes = 0;   // masks re-chosen (each rebuilds the rare list)
  std::uint64_t wide_entries = 0;   // rare heap sizes in the list's 64-bit part at the end
                                    // (those from 2^32, RareCommonOptions::wide_from)
};

class RareCommonEngine final : public SequenceEngine {
 public:
  // Throws InputError if !rare_common_applies(code) or the mask is >= 65536.
  explicit RareCommonEngine(const TakeAndBreak& code, RareCommonOptions options = {});
  ~RareCommonEngine() override;
  RareCommonEngine(const RareCommonEngine&) = delete;
  RareCommonEngine& operator=(const RareCommonEngine&) = delete;

  // Every call rebuilds its state (mask, rare list) from the prefix in
  // `values`, in O(prefix): a prefix from anywhere (a checkpoint) is
  // continued exactly, and is trusted, not checked.
  bool extend(ValueSequence& values, Heap last, const EngineControl& control) override;
  // Continues from its state when called on the storage the previous call
  // left (sequence_engine.h); heap sizes may pass 2^32 (the caller's
  // storage holds them).
  bool extend_in(Value16* g, Heap& known, Heap last, const EngineControl& control) override;
  EngineProgress progress() const override;
  const RareCommonStats& stats() const;
  // The instruction set of the vector kernels in use ("AVX2", "NEON", ...),
  // or "portable".
  std::string kernel() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace grundy
